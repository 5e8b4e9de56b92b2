"""The Pythonic API over foldtable.h: :class:`Table` (internal module;
re-exported by :mod:`foldtable`).

The binding is split by concern: :mod:`._values` (enums and the
NamedTuples the flat list hands out), :mod:`._convert` (argument
conversion, the out-parameter helper, reused buffers), :mod:`._callbacks`
(the table's lock and the callback trampolines), :mod:`._tree` (the
table's sections and paths, a mixin of :class:`Table`), :mod:`._section`
(:class:`~foldtable.Section`), :mod:`._sections_view` and this module
(the table: lifetime, options, the flat list, geometry, listeners,
scrolling, saved state, lazy heights).

Nothing here re-implements an engine rule: arguments are converted and
passed to C, and whatever the library rejects comes back as a
:class:`~foldtable.FoldError` subclass with the library's message. The
binding itself raises :class:`~foldtable.InvalidArgumentError` only when
:meth:`Table.scroll_offset` or :meth:`Section.reveal_offset` is called
without a viewport to default to.
"""

from __future__ import annotations

import ctypes
from ctypes import byref, c_double, c_int, c_int32, c_int64, c_void_p
from typing import Any, Callable, Dict, Iterable, Iterator, List, NoReturn, Optional, Tuple

from . import _errors, _ffi
from ._callbacks import (
    _change_trampoline,
    _check_callable,
    _Guard,
    _header_height_trampoline,
    _height_trampoline,
    _row_trampoline,
    _section_trampoline,
)
from ._convert import (
    _KINDS,
    _VISIBLE,
    _VISIBLE_SIZE,
    _INT64_MAX,
    _default_options,
    _float,
    _int32,
    _int64,
    _new_tuple,
    _out,
    _PathBuffer,
    _row_or_none,
    _take_string,
    _text,
    _TextBuffer,
)
from ._errors import InvalidArgumentError
from ._section import Section
from ._sections_view import SectionsView
from ._tree import _TableTree
from ._values import (
    Accordion,
    Activation,
    Alignment,
    Change,
    ChangeSet,
    ChildRow,
    ImportReport,
    Item,
    ItemKind,
    OffsetHit,
    OffsetPlace,
    RowEvent,
    SectionEvent,
    StickyHeader,
    TableOptions,
    Viewport,
    VisibleItem,
)

__all__ = [
    "ItemKind",
    "OffsetPlace",
    "Accordion",
    "Activation",
    "TableOptions",
    "Item",
    "VisibleItem",
    "OffsetHit",
    "StickyHeader",
    "ChildRow",
    "Alignment",
    "SectionEvent",
    "RowEvent",
    "Change",
    "ChangeSet",
    "Viewport",
    "ImportReport",
    "Table",
    "Section",
    "SectionsView",
]

_lib = _ffi.lib


class Table(_TableTree):
    """A collapsible, sectioned, variable-height list: one engine instance.

    A table holds sections, found by a unique string key. A section's
    children are an ordered mix of rows and subsections (to
    :data:`foldtable.MAX_DEPTH` levels); the top level holds sections only.
    The engine flattens them into one list of *items* — each section's
    header, its children while it is expanded, and its footer when it has
    one — and answers what a view asks while drawing and scrolling: which
    item is at a position or an offset, where an item starts, what a
    viewport shows, which headers stick to its top. Every query and
    mutation costs O(log n) (times the nesting depth).

    Args:
        row_height: default height of a row.
        header_height: default height of a section header.
        footer_height: default footer height; 0 (the default) means sections
            have no footer item.
        padding_top: content padding above the first item.
        padding_bottom: content padding below the last item.
        start_collapsed: new sections start collapsed.
        accordion: the :class:`Accordion` policy for expandable rows
            (default :attr:`Accordion.MULTIPLE`); see :attr:`accordion`.
        sticky_levels: the most header levels that stick (default 0 = all);
            see :meth:`sticky_headers`.

    Raises:
        InvalidArgumentError: a height is NaN, infinite, negative or larger
            than :data:`foldtable.MAX_HEIGHT`; ``accordion`` is not an
            :class:`Accordion` value; ``sticky_levels`` is negative.

    Example::

        with foldtable.Table() as table:
            sports = table.append_section("Sports")
            bat = sports.insert_subsection(0, "Bat", "Bat-and-ball")
            bat.insert_subsection(0, "Baseball", rows=2)
            table.append_section("Music", rows=1)
            for item in table.visible_items(offset=0, height=200):
                print(item.position, item.kind, item.depth, item.top)

    Sections are handled as :class:`Section` objects, which stay bound to
    their key at any depth: :meth:`section` finds one by key,
    :attr:`sections` lists the top-level ones, :attr:`Section.children`
    a section's rows and subsections. Paths (lists of child indices from the
    top) address sections and rows too: :meth:`section_at_path`,
    :meth:`path_position`, :meth:`item_path` and the ``*_at_path`` edits.

    Sections may be fixed (``collapsible=False``) or have no header item
    (``header_item=False``), see :meth:`append_section`.

    The table owns a C handle: :meth:`close` (or leaving a ``with`` block)
    frees it; afterwards every call raises :class:`InvalidArgumentError`
    (a ``ValueError``). A table may be used from several threads at once;
    the library serializes the calls, and the binding makes each method
    (including ``close``) atomic with respect to the others.

    Listeners (:meth:`on_change`, :meth:`on_section`, :meth:`on_row`) and
    the height providers (:meth:`set_height_provider`,
    :meth:`set_header_height_provider`,
    :meth:`set_expanded_height_provider`) are Python callables
    the library calls during the method that changes (or measures) the
    table, on that method's thread, with the table's lock held. They may
    read the table; a call that would change it raises
    :class:`BusyError` and changes nothing. An exception a callback raises
    never crosses into C: the binding stores it and re-raises it from the
    table method that triggered the callback, once the C call has returned
    (the other listeners of that change are still called; further
    exceptions are added to the first as notes). An exception in a "will"
    section or row listener refuses the change; in the height provider it
    keeps the row's estimate.

    A callback may remove listeners or replace providers: once
    :meth:`remove_listener` or :meth:`set_height_provider` returns, the old
    function is never called again, not even later in the same round; a
    listener added inside a callback is first called in the next round. A
    callback may :meth:`close` its own table (see there). A callback may
    use another table, but never waits for one: if another thread is inside
    a call on that table at that moment, the call raises :class:`BusyError`
    at once and does nothing (waiting could deadlock two threads whose
    callbacks call each other's tables).
    """

    __slots__ = (
        "_handle",
        "_lock",
        "_free_fn",
        "_buffer",
        "_capacity",
        "_sticky_buffer",
        "_sticky_capacity",
        "_paths",
        "_texts",
        "_callbacks",
        "_providers",
        "_visible_view",
        "__weakref__",
    )

    def __init__(
        self,
        *,
        row_height: float = 44.0,
        header_height: float = 28.0,
        footer_height: float = 0.0,
        padding_top: float = 0.0,
        padding_bottom: float = 0.0,
        start_collapsed: bool = False,
        accordion: int = Accordion.MULTIPLE,
        sticky_levels: int = 0,
    ) -> None:
        self._handle: Optional[c_void_p] = None
        self._lock = _Guard()
        # Every C function pointer the library holds, so that ctypes keeps
        # it alive: listener id -> CFUNCTYPE object, and the height
        # providers by FOLD_HEIGHT_* kind.
        self._callbacks: Dict[int, Any] = {}
        self._providers: Dict[int, Any] = {}
        # Kept on the instance so __del__ works while modules are torn down.
        self._free_fn = _lib.fold_table_free
        self._capacity = 64
        self._buffer = (_ffi.fold_visible_item * self._capacity)()
        self._visible_view = memoryview(self._buffer).cast("B")
        # One sticky header per nesting level, one path index per level plus
        # a row: these hold every answer the library can give. Texts (keys,
        # headers) are read into one reused buffer.
        self._sticky_capacity = _ffi.MAX_DEPTH + 1
        self._sticky_buffer = (_ffi.fold_sticky_header * self._sticky_capacity)()
        self._paths = _PathBuffer()
        self._texts = _TextBuffer()

        options = _default_options()
        options.row_height = _float(row_height, "row_height")
        options.header_height = _float(header_height, "header_height")
        options.footer_height = _float(footer_height, "footer_height")
        options.padding_top = _float(padding_top, "padding_top")
        options.padding_bottom = _float(padding_bottom, "padding_bottom")
        options.start_collapsed = 1 if start_collapsed else 0
        options.accordion = _int32(accordion, "accordion")
        options.sticky_levels = _int32(sticky_levels, "sticky_levels")
        handle = c_void_p()
        _lib.fold_table_new(byref(options), byref(handle))
        self._handle = handle

    # -- lifetime ----------------------------------------------------------

    def _h(self) -> c_void_p:
        """The live handle; call with the lock held."""
        handle = self._handle
        if handle is None:
            raise InvalidArgumentError(_errors.E_INVALID, "the table is closed")
        return handle

    def close(self) -> None:
        """Free the table's C handle. Calling it again does nothing.

        Waits for calls running in other threads to finish first; any later
        call raises :class:`InvalidArgumentError`. Inside one of the table's
        own callbacks (a listener or height provider), no callback of the
        table runs after ``close()`` returns, the table method that is
        running completes, and the library frees the table when it returns
        (its later steps, if it has any, raise :class:`InvalidArgumentError`).
        Inside a callback of another table, while a third thread uses this
        one, it raises :class:`BusyError` (see :class:`Table`).
        """
        lock = getattr(self, "_lock", None)
        if lock is None:  # __init__ failed before the lock existed
            return
        with lock:
            handle = getattr(self, "_handle", None)
            if handle is None:
                return
            self._handle = None
            # Inside a callback of this table the library defers the free
            # to the outermost call and calls no callback after this.
            self._free_fn(handle)
            # Kept until the outermost call returns: one of them may be the
            # callback running this close().
            for callback in self._callbacks.values():
                lock.retire(callback)
            for callback in self._providers.values():
                lock.retire(callback)
            self._callbacks = {}
            self._providers = {}

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has been called."""
        return self._handle is None

    def __enter__(self) -> "Table":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # never raise from a finalizer, even at shutdown
            pass

    def __reduce__(self) -> NoReturn:
        raise TypeError("a foldtable.Table owns a C handle and cannot be copied or pickled")

    def __repr__(self) -> str:
        with self._lock:
            if self._handle is None:
                return "<foldtable.Table (closed)>"
            return "<foldtable.Table sections=%d items=%d>" % (len(self.sections), len(self))

    # -- options -------------------------------------------------------------

    def _options(self) -> _ffi.fold_table_options:
        out = _ffi.fold_table_options()
        out.size = ctypes.sizeof(out)  # the library writes only this many bytes
        with self._lock:
            _lib.fold_table_get_options(self._h(), byref(out))
        return out

    @property
    def options(self) -> TableOptions:
        """The table's options as a :class:`TableOptions`: as given to the
        constructor (heights rounded to whole :data:`foldtable.HEIGHT_UNIT`,
        as kept), with :attr:`accordion` and :attr:`sticky_levels` as
        currently set."""
        out = self._options()
        return TableOptions(
            row_height=out.row_height,
            header_height=out.header_height,
            footer_height=out.footer_height,
            padding_top=out.padding_top,
            padding_bottom=out.padding_bottom,
            start_collapsed=bool(out.start_collapsed),
            accordion=Accordion(out.accordion),
            sticky_levels=out.sticky_levels,
        )

    @property
    def accordion(self) -> Accordion:
        """The :class:`Accordion` policy: how many rows may be expanded at
        once. Setting it applies to later expansions (rows expanded already
        stay expanded).

        Raises:
            InvalidArgumentError: (on setting) not an :class:`Accordion` value.
        """
        return Accordion(self._options().accordion)

    @accordion.setter
    def accordion(self, value: int) -> None:
        policy = _int32(value, "accordion")
        with self._lock:
            _lib.fold_table_set_accordion(self._h(), policy)

    @property
    def sticky_levels(self) -> int:
        """The most header levels that stick to the top of the viewport
        (0 = all); see :meth:`sticky_headers`.

        Raises:
            OutOfRangeError: (on setting) a negative number.
        """
        return int(self._options().sticky_levels)

    @sticky_levels.setter
    def sticky_levels(self, value: int) -> None:
        levels = _int32(value, "sticky_levels", _errors.E_RANGE)
        with self._lock:
            _lib.fold_table_set_sticky_levels(self._h(), levels)

    # -- activation ----------------------------------------------------------

    def activate(self, position: int) -> Activation:
        """What a click on the item at ``position`` does: a header toggles
        its section (if it is collapsible), a row toggles its expansion (the
        :attr:`accordion` policy applies; an unknown expanded height is
        asked of the expanded-height provider first), a footer does nothing.
        Returns the :class:`Activation` that happened
        (:attr:`Activation.REFUSED` when a listener refused).

        Raises:
            OutOfRangeError: no item has this position.
        """
        index = _int64(position, "position")
        with self._lock:
            action = _out(_lib.fold_table_activate, c_int32, self._h(), index)
        return Activation(action)

    # -- the flat list -------------------------------------------------------

    @property
    def item_count(self) -> int:
        """The number of items in the flat list (also ``len(table)``)."""
        with self._lock:
            return _out(_lib.fold_table_item_count, c_int64, self._h())

    def __len__(self) -> int:
        """The number of items in the flat list (so an empty table is falsy)."""
        return self.item_count

    def item(self, position: int) -> Item:
        """The :class:`Item` at ``position`` (0..len-1).

        Raises:
            OutOfRangeError: no item has this position (an ``IndexError``).
        """
        index = _int64(position, "position")
        with self._lock:
            out = self._item(index)
            section = self._sibling_indices([out.section])[out.section]
        return Item(
            position=index,
            kind=ItemKind(out.kind),
            depth=out.depth,
            section=section,
            row=_row_or_none(out.row),
            flags=out.flags,
        )

    def _sibling_indices(self, ids: Iterable[int]) -> Dict[int, int]:
        """Each section id's index among its parent's children (the
        ``section`` field of :class:`Item` and :class:`VisibleItem`): one
        fold_table_section_info call per distinct section. Lock held."""
        handle = self._h()
        info = _ffi.fold_section_info()
        indices: Dict[int, int] = {}
        for section in ids:
            if section not in indices:
                _lib.fold_table_section_info(handle, section, byref(info))
                indices[section] = info.index
        return indices

    def __iter__(self) -> Iterator[Item]:
        """Iterate over the items of the flat list, one :meth:`item` call each.

        The count is taken when iteration starts; changing the table while
        iterating gives items of the changed table, or OutOfRangeError once
        the list got shorter.
        """
        for position in range(self.item_count):
            yield self.item(position)

    def item_height(self, position: int) -> float:
        """The height of the item at ``position``."""
        index = _int64(position, "position")
        with self._lock:
            return _out(_lib.fold_table_item_height, c_double, self._h(), index)

    def item_top(self, position: int) -> float:
        """The offset of the top of the item at ``position`` from the top of
        the content (the top padding included)."""
        index = _int64(position, "position")
        with self._lock:
            return _out(_lib.fold_table_item_top, c_double, self._h(), index)

    def item_at_offset(self, y: float) -> OffsetHit:
        """The item containing offset ``y`` (``top <= y < top + height``).

        Returns an :class:`OffsetHit`; above the first item or below the last
        it reports the nearest item with place ABOVE or BELOW. In a table
        with no items the position is ``None``.

        Raises:
            InvalidArgumentError: ``y`` is NaN or infinite.
        """
        offset = _float(y, "y")
        position = c_int64()
        place = c_int32()
        with self._lock:
            _lib.fold_table_item_at_offset(self._h(), offset, byref(position), byref(place))
        return OffsetHit(
            None if position.value < 0 else position.value, OffsetPlace(place.value)
        )

    @property
    def content_height(self) -> float:
        """The total content height: both paddings and every item."""
        with self._lock:
            return _out(_lib.fold_table_content_height, c_double, self._h())

    def visible_items(self, offset: float, height: float, overscan: int = 0) -> List[VisibleItem]:
        """The items that intersect the viewport ``[offset, offset + height)``,
        widened by ``overscan`` items on each side, in order.

        Usually one C call into a buffer the table keeps; when the viewport
        holds more items than the buffer, the buffer grows and the call is
        made once more. The items are read from the buffer in one pass
        (``struct.iter_unpack`` over its bytes), not field by field.

        Raises:
            InvalidArgumentError: ``offset`` or ``height`` is not finite, or
                ``height`` is negative.
            OutOfRangeError: ``overscan`` is negative.
        """
        start = offset if type(offset) is float else _float(offset, "offset")
        extent = height if type(height) is float else _float(height, "height")
        extra = overscan if type(overscan) is int and 0 <= overscan <= _INT64_MAX else _int64(
            overscan, "overscan"
        )
        written = c_int64()
        total = c_int64()
        with self._lock:
            handle = self._h()
            while True:
                _lib.fold_table_visible_items(
                    handle, start, extent, extra, self._buffer, self._capacity,
                    byref(written), byref(total),
                )
                if total.value <= self._capacity:
                    break
                self._capacity = max(total.value, 2 * self._capacity)
                self._buffer = (_ffi.fold_visible_item * self._capacity)()
                self._visible_view = memoryview(self._buffer).cast("B")
            data = self._visible_view[: written.value * _VISIBLE_SIZE]
            # Copied out under the lock: another thread may refill the buffer.
            entries = list(_VISIBLE.iter_unpack(data))
            # A viewport spans few sections: their sibling indices, once each.
            index = self._sibling_indices(entry[3] for entry in entries)
            return [
                _new_tuple(VisibleItem, (p, _KINDS[k], d, index[s], None if r < 0 else r, t, h, f))
                for p, k, d, s, r, t, h, f in entries
            ]

    def sticky_headers(self, offset: float) -> List[StickyHeader]:
        """The headers that stick to the top of a viewport scrolled to
        ``offset``, outermost first, stacked like CSS ``position: sticky``
        headers (at most :attr:`sticky_levels`): the top-level section whose
        range holds ``offset``, drawn at ``offset``; then the subsection of
        each whose range holds the bottom of the headers drawn so far, drawn
        at that bottom, so a subsection's header sticks as soon as its top
        reaches the headers above it. None is drawn below its natural place
        (its :meth:`item_top`) nor lower than its section's end minus its
        height, so the next header of its level pushes it up, behind the
        headers above. Draw deeper levels first.

        One C call into a buffer the table keeps (room for every level).

        Raises:
            InvalidArgumentError: ``offset`` is NaN or infinite.
        """
        start = _float(offset, "offset")
        written = c_int64()
        total = c_int64()
        with self._lock:
            handle = self._h()
            while True:
                _lib.fold_table_sticky_headers(
                    handle, start, self._sticky_buffer, self._sticky_capacity,
                    byref(written), byref(total),
                )
                if total.value <= self._sticky_capacity:
                    break
                self._sticky_capacity = total.value
                self._sticky_buffer = (_ffi.fold_sticky_header * self._sticky_capacity)()
            return [
                StickyHeader(entry.position, entry.depth, entry.top, entry.height)
                for entry in self._sticky_buffer[: written.value]
            ]

    # -- change events and listeners ----------------------------------------

    def _add_listener(self, add: Callable[..., int], callback: Any) -> int:
        out = c_int64()
        with self._lock:
            add(self._h(), callback, None, byref(out))
            self._callbacks[out.value] = callback
        return out.value

    def on_change(self, fn: Callable[[ChangeSet], Any]) -> int:
        """Call ``fn(changes)`` after every mutation that changes the flat
        list, with a :class:`ChangeSet`: the ``(position, removed, added)``
        steps, the ranges to redraw, the content-height difference and the
        anchored viewport offset. A mutation that changes nothing calls no
        listener. Returns the listener's id for :meth:`remove_listener`.

        ``fn`` runs on the thread that made the change, inside the table
        method, after the table is consistent: it may read the table; a call
        that would change it raises :class:`BusyError` and changes nothing.
        An exception ``fn`` raises is re-raised by that table method after
        the change (see :class:`Table`). Listeners run in registration order.
        """
        _check_callable(fn, "a change listener")
        return self._add_listener(
            _lib.fold_table_add_change_listener, _change_trampoline(self._lock, fn)
        )

    def on_section(self, fn: Callable[[str, SectionEvent], Optional[bool]]) -> int:
        """Call ``fn(key, event)`` before and after a section collapses or
        expands (:class:`SectionEvent`). For a WILL event, returning a false
        value other than ``None`` (``False``) refuses the change; ``None``
        or a true value allows it; the answer to a DID event is ignored.
        An exception refuses a WILL event and is re-raised by the table
        method. WILL listeners see the table as it was. Returns the
        listener's id. Same rules as :meth:`on_change` otherwise."""
        _check_callable(fn, "a section listener")
        return self._add_listener(
            _lib.fold_table_add_section_listener, _section_trampoline(self._lock, fn)
        )

    def on_row(self, fn: Callable[[str, int, RowEvent], Optional[bool]]) -> int:
        """Call ``fn(key, row, event)`` before and after a row expands or
        collapses (:class:`RowEvent`; ``key`` is the row's section). WILL
        events may be refused as in :meth:`on_section`. Returns the
        listener's id."""
        _check_callable(fn, "a row listener")
        return self._add_listener(
            _lib.fold_table_add_row_listener, _row_trampoline(self._lock, fn)
        )

    def remove_listener(self, listener_id: int) -> None:
        """Unregister the listener with this id (from :meth:`on_change`,
        :meth:`on_section` or :meth:`on_row`); the binding then drops its
        reference to the function.

        Raises:
            NotFoundError: no listener has this id (or it was removed already).
        """
        number = _int64(listener_id, "listener id")
        with self._lock:
            _lib.fold_table_remove_listener(self._h(), number)
            # The library calls it no more, but may be running it right now.
            self._lock.retire(self._callbacks.pop(number, None))

    # -- scrolling -----------------------------------------------------------

    def set_viewport(self, offset: float, height: float) -> None:
        """Tell the table the host's viewport. From then on every mutation
        moves the viewport's offset so that the first visible item stays at
        the same place on screen (clamped to the content); the new offset is
        :attr:`ChangeSet.anchored_offset` and :attr:`viewport`.

        Raises:
            InvalidArgumentError: a value is not finite, or ``height`` < 0.
        """
        start = _float(offset, "offset")
        extent = _float(height, "height")
        with self._lock:
            _lib.fold_table_set_viewport(self._h(), start, extent)

    def clear_viewport(self) -> None:
        """Stop anchoring: forget the viewport."""
        with self._lock:
            _lib.fold_table_clear_viewport(self._h())

    @property
    def viewport(self) -> Optional[Viewport]:
        """The anchored viewport as ``Viewport(offset, height)``, or ``None``
        when none is set."""
        is_set = c_int()
        start = c_double()
        extent = c_double()
        with self._lock:
            _lib.fold_table_viewport(self._h(), byref(is_set), byref(start), byref(extent))
        return Viewport(start.value, extent.value) if is_set.value else None

    def _viewport_arguments(
        self, offset: Optional[float], viewport_height: Optional[float]
    ) -> Tuple[float, float]:
        """Explicit values, or the current viewport's; call with the lock held."""
        if offset is None or viewport_height is None:
            current = self.viewport
            if current is None:
                raise InvalidArgumentError(
                    _errors.E_INVALID,
                    "no viewport is set: pass offset and viewport_height, or call set_viewport",
                )
            if offset is None:
                offset = current.offset
            if viewport_height is None:
                viewport_height = current.height
        return _float(offset, "offset"), _float(viewport_height, "viewport_height")

    def scroll_offset(
        self,
        position: int,
        alignment: int = Alignment.AUTO,
        *,
        offset: Optional[float] = None,
        viewport_height: Optional[float] = None,
    ) -> float:
        """The offset that shows the item at ``position`` with ``alignment``
        (an :class:`Alignment`), clamped to the content, for a viewport of
        ``viewport_height`` now at ``offset``. Either defaults to the
        :attr:`viewport` set with :meth:`set_viewport`. Nothing is changed:
        scroll to the answer, then call :meth:`set_viewport`.

        Raises:
            OutOfRangeError: no item has this position.
            InvalidArgumentError: an unknown alignment, a bad offset or
                height, or no viewport to default to.
        """
        index = _int64(position, "position")
        align = _int32(alignment, "alignment")
        out = c_double()
        with self._lock:
            start, extent = self._viewport_arguments(offset, viewport_height)
            _lib.fold_table_scroll_offset(self._h(), index, align, start, extent, byref(out))
        return out.value

    # -- saved state ---------------------------------------------------------

    def export_state(self) -> str:
        """The interface state as readable JSON: every section's collapsed
        state by key, the expanded rows, and with a viewport set the scroll
        anchor. Feed it to :meth:`import_state` of this or a rebuilt table."""
        out = c_void_p()
        with self._lock:
            _lib.fold_table_export_state(self._h(), byref(out))
        text = _take_string(out.value)
        assert text is not None
        return text

    def import_state(self, text: str) -> ImportReport:
        """Apply state saved by :meth:`export_state`. The table may have been
        rebuilt with other sections: unknown keys and rows are ignored and
        counted in the returned :class:`ImportReport`. Expanded rows not in
        the saved state collapse; the accordion applies. Listeners are told
        like for any change, once, after the saved anchor is applied (the
        change set's ``anchored_offset`` is the restored offset; a state
        that only moves the viewport is reported too).

        Raises:
            InvalidArgumentError: malformed JSON (strict RFC 8259: no
                leading zeros, numbers within a double's range, no member
                name twice in one object), a wrong shape, or a text longer
                than ``FOLD_MAX_STATE_BYTES`` (1 GiB). The whole text is
                checked first and nothing changes; the message names the
                byte offset and what was expected there.
        """
        data = _text(text, "state")
        report = _ffi.fold_import_report()
        with self._lock:
            _lib.fold_table_import_state(self._h(), data, byref(report))
        return ImportReport(
            report.sections,
            report.unknown_sections,
            report.rows,
            report.unknown_rows,
            bool(report.anchor_restored),
        )

    # -- lazy heights --------------------------------------------------------

    def set_height_provider(self, fn: Optional[Callable[[str, int], Optional[float]]]) -> None:
        """Set (or with ``None`` remove) the function :meth:`measure` asks
        for row heights: ``fn(key, row)`` returns the height of row ``row``
        of section ``key``, or ``None`` to keep the estimate (the section's
        default row height). While a provider is set, every row without a
        height of its own counts as its estimate until measured.

        ``fn`` runs inside :meth:`measure` on its thread: it may read the
        table, not change it (:class:`BusyError`). An exception (or an
        answer that is not a number) keeps that row's estimate and is
        re-raised by :meth:`measure` when it returns. A height that is not
        finite, negative or above :data:`foldtable.MAX_HEIGHT` also keeps
        the estimate (the library's rule).
        """
        self._set_provider(_ffi.HEIGHT_ROW, fn, "the height provider")

    def set_header_height_provider(self, fn: Optional[Callable[[str], Optional[float]]]) -> None:
        """Set (or with ``None`` remove) the function :meth:`measure` asks
        for header heights: ``fn(key)`` returns the height of section
        ``key``'s header, or ``None`` to keep the estimate. With one set,
        every header whose height was not set counts as the table's header
        height until measured; :meth:`Section.invalidate_heights` forgets it.
        Same rules as :meth:`set_height_provider` (reading allowed, changes
        raise :class:`BusyError`, exceptions are re-raised by :meth:`measure`).
        """
        self._set_provider(_ffi.HEIGHT_HEADER, fn, "the header height provider")

    def set_expanded_height_provider(
        self, fn: Optional[Callable[[str, int], Optional[float]]]
    ) -> None:
        """Set (or with ``None`` remove) the function asked for rows'
        expanded heights: ``fn(key, row)`` returns the expanded height of
        row ``row`` of section ``key`` (0 or ``None``: it has none, so it
        is not expandable). Rows without an expanded height of their own
        are asked when they are measured (:meth:`measure`), and when they
        are expanded, toggled or activated before that, so a row measured
        lazily can expand to its full text's height. The answer is kept
        until invalidated (:meth:`Section.invalidate_row_height`). Same
        rules as :meth:`set_height_provider`; an exception is re-raised by
        the method that asked.
        """
        self._set_provider(_ffi.HEIGHT_EXPANDED, fn, "the expanded height provider")

    def _set_provider(self, which: int, fn: Any, what: str) -> None:
        if fn is not None:
            _check_callable(fn, what)
        with self._lock:
            if fn is None:
                callback = _ffi.HEIGHT_FN()
            elif which == _ffi.HEIGHT_HEADER:
                callback = _header_height_trampoline(self._lock, fn)
            else:
                callback = _height_trampoline(self._lock, fn, what)
            _lib.fold_table_set_height_provider(self._h(), which, callback, None)
            # The library calls the old one no more, but a measure may be
            # running it right now (a provider that replaces itself).
            self._lock.retire(self._providers.pop(which, None))
            if fn is not None:
                self._providers[which] = callback

    def measure(self, offset: float, height: float, overscan: int = 0) -> int:
        """Ask the height provider for the unmeasured rows of the viewport
        ``[offset, offset + height)`` widened by ``overscan`` items, store
        the answers and return how many rows were measured (0 without a
        provider). With a :attr:`viewport` set, its offset is used instead
        of ``offset`` and it stays anchored. Reported to listeners.

        Raises:
            InvalidArgumentError: a value is not finite, or ``height`` < 0.
            OutOfRangeError: ``overscan`` is negative.
        """
        start = _float(offset, "offset")
        extent = _float(height, "height")
        extra = _int64(overscan, "overscan")
        with self._lock:
            return _out(_lib.fold_table_measure, c_int64, self._h(), start, extent, extra)

    def invalidate_all_heights(self) -> None:
        """Forget every measured row and header height (and expanded heights
        the provider answered), so the providers are asked again (expanded
        heights set with :meth:`Section.set_expanded_height` stay)."""
        with self._lock:
            _lib.fold_table_invalidate_heights(self._h(), _ffi.ROOT, -1)
