"""The Pythonic API over foldtable.h: :class:`Table` (internal module;
re-exported by :mod:`foldtable`).

The binding is split by concern: :mod:`._values` (the enums and
NamedTuples, gathered from :mod:`._item_values`, :mod:`._table_values`,
:mod:`._section_values`, :mod:`._input_values`), :mod:`._convert` (argument
conversion, the out-parameter helper, reused buffers), :mod:`._callbacks`
(the table's lock and the callback trampolines), :mod:`._section`
(:class:`~foldtable.Section`), :mod:`._sections_view`, and one module per
concern of the header whose mixin class :class:`Table` (and for the
section's side :class:`~foldtable.Section`) inherits: :mod:`._tree`
(sections and paths), :mod:`._geometry` (the flat list, geometry and
scrolling), :mod:`._callbacks` (listeners and height providers),
:mod:`._snapshot`, :mod:`._loading`, :mod:`._selection`, :mod:`._focus`,
:mod:`._drop`, :mod:`._type_ahead`, :mod:`._filter`, :mod:`._batch` and
:mod:`._transition`.
This module holds the rest of the table: lifetime, options, activation,
saved state, measuring.

Nothing here re-implements an engine rule: arguments are converted and
passed to C, and whatever the library rejects comes back as a
:class:`~foldtable.FoldError` subclass with the library's message. The
binding itself raises :class:`~foldtable.InvalidArgumentError` only when
:meth:`Table.scroll_offset` or :meth:`Section.reveal_offset` is called
without a viewport to default to.
"""

from __future__ import annotations

import ctypes
from ctypes import byref, c_int32, c_int64, c_void_p
from typing import Any, Dict, NoReturn, Optional

from . import _errors, _ffi
from ._callbacks import _Guard, _Listeners
from ._convert import (
    _ArrayBuffer,
    _default_options,
    _float,
    _int32,
    _int64,
    _out,
    _out_struct,
    _PathBuffer,
    _take_string,
    _text,
    _VisibleBuffer,
    _TextBuffer,
    _value,
)
from ._batch import _Batch
from ._drop import _Drop
from ._errors import InvalidArgumentError
from ._filter import _TableFilter
from ._focus import _Focus
from ._geometry import _Geometry
from ._loading import _Loader
from ._selection import _TableSelection
from ._snapshot import _Snapshots
from ._transition import _Transitions
from ._tree import _Tree
from ._type_ahead import _TypeAhead
from ._table_values import Accordion, Activation, ImportReport, TableOptions

__all__ = ["Table"]

_lib = _ffi.lib


class Table(
    _Tree,
    _Geometry,
    _Listeners,
    _Snapshots,
    _Loader,
    _TableSelection,
    _Focus,
    _Drop,
    _TypeAhead,
    _TableFilter,
    _Batch,
    _Transitions,
):
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
        follow_end: stick to the end of the content, for chat and log
            views (default False); see :attr:`follow_end`.

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

    Sections are handled as :class:`Section` objects, found by their key at
    any depth (each holds the section id the library handed out, and looks
    the key up again if that section was removed and re-added): :meth:`section` finds one by key,
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

    The loader (:meth:`set_loader`, for sections inserted with
    ``loaded=False``) follows the same rules but one: it runs after the
    method's changes and may change the table (answer a load at once).

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
        "_paths",
        "_texts",
        "_callbacks",
        "_providers",
        "_loader",
        "_match",
        "_frames",
        "__weakref__",
    )  # and _Geometry's: the flat list's buffers and sibling-index cache

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
        follow_end: bool = False,
    ) -> None:
        self._handle: Optional[c_void_p] = None
        self._lock = _Guard()
        # Every C function pointer the library holds, so that ctypes keeps
        # it alive: listener id -> CFUNCTYPE object, and the height
        # providers by FOLD_HEIGHT_* kind.
        self._callbacks: Dict[int, Any] = {}
        self._providers: Dict[int, Any] = {}
        self._loader: Any = None  # the loader's CFUNCTYPE object (set_loader)
        self._match: Any = None  # the match function's CFUNCTYPE object (set_filter)
        # Kept on the instance so __del__ works while modules are torn down.
        self._free_fn = _lib.fold_table_free
        # Reused buffers: visible items (grown for large viewports, with the
        # call's arguments and the last answer); one sticky header per
        # nesting level and one path index per level plus a row (every
        # answer the library can give); texts (keys, headers).
        self._visible = _VisibleBuffer(64)
        self._sticky = _ArrayBuffer(_ffi.fold_sticky_header, _ffi.MAX_DEPTH + 1)
        self._paths = _PathBuffer()
        self._texts = _TextBuffer()
        # Transition frames (_Transitions.transition_frame: every frame of an
        # animation), grown to the largest transition.
        self._frames = _ArrayBuffer(_ffi.fold_frame_item, 64)
        # Section id -> index among its siblings, while the library's
        # structure version is the same (see _Geometry._siblings_now).
        # And the C arguments of item() and item_at_offset(), set in place.
        self._geometry_init()

        options = _default_options()
        options.row_height = _float(row_height, "row_height")
        options.header_height = _float(header_height, "header_height")
        options.footer_height = _float(footer_height, "footer_height")
        options.padding_top = _float(padding_top, "padding_top")
        options.padding_bottom = _float(padding_bottom, "padding_bottom")
        options.start_collapsed = 1 if start_collapsed else 0
        options.accordion = _int32(accordion, "accordion")
        options.sticky_levels = _int32(sticky_levels, "sticky_levels")
        options.follow_end = 1 if follow_end else 0
        self._handle = _out_struct(_lib.fold_table_new, c_void_p, byref(options))

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
            lock.retire(self._loader)
            lock.retire(self._match)
            self._callbacks = {}
            self._providers = {}
            self._loader = None
            self._match = None

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
        as kept), with :attr:`accordion`, :attr:`sticky_levels` and
        :attr:`follow_end` as currently set."""
        out = self._options()
        return _value(
            TableOptions, out,
            start_collapsed=bool(out.start_collapsed), accordion=Accordion(out.accordion),
            follow_end=bool(out.follow_end),
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

    @property
    def follow_end(self) -> bool:
        """Stick to the end, for chat and log views (react-virtuoso's
        ``followOutput``). While it is on and the viewport
        (:meth:`set_viewport`) shows the end of the content — offset +
        height at or past :attr:`content_height`, exactly, or content no
        taller than the viewport — every change but expanding or collapsing
        moves the viewport to the new end, max(0, content height − viewport
        height): appends, inserts anywhere, removals, moves, every height
        change (measured heights included). Expanding or collapsing a
        section or row keeps the first visible item in place instead, as
        when not at the end, so the item clicked does not jump away.
        Scrolling up (a viewport short of the end) stops following;
        scrolling back to the end resumes it. Reported as
        ``ChangeSet.anchored_offset``. Setting it takes effect from the next
        change.
        """
        return bool(self._options().follow_end)

    @follow_end.setter
    def follow_end(self, value: bool) -> None:
        with self._lock:
            _lib.fold_table_set_follow_end(self._h(), 1 if value else 0)

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

    # -- saved state ---------------------------------------------------------

    def export_state(self) -> str:
        """The interface state as readable JSON: every section's collapsed
        state by key, the expanded rows, and with a viewport set the scroll
        anchor. Feed it to :meth:`import_state` of this or a rebuilt table."""
        with self._lock:
            text = _take_string(_out(_lib.fold_table_export_state, c_void_p, self._h()))
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
        with self._lock:
            report = _out_struct(
                _lib.fold_table_import_state, _ffi.fold_import_report, self._h(), data
            )
        return _value(ImportReport, report, anchor_restored=bool(report.anchor_restored))

    # -- lazy heights --------------------------------------------------------

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
