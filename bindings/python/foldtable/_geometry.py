"""What a view asks while drawing and scrolling (internal): the flat list,
its geometry, viewports, sticky headers and scroll offsets: the mixin
:class:`_Geometry`, a base of :class:`~foldtable.Table`, kept apart from
its lifetime and options (``_table.py``)."""

from __future__ import annotations

import struct
from ctypes import byref, c_double, c_int, c_int32, c_int64, c_uint64, create_string_buffer, sizeof
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple

from . import _errors, _ffi
from ._callbacks import _Guard
from ._convert import (
    _INT64_MAX,
    _ArrayBuffer,
    _KINDS,
    _float,
    _int32,
    _int64,
    _new_tuple,
    _out,
    _outs,
    _value,
    _VisibleBuffer,
)
from ._errors import InvalidArgumentError
from ._item_values import (
    Alignment,
    Item,
    OffsetHit,
    OffsetPlace,
    StickyHeader,
    VisibleItem,
    Viewport,
)

if TYPE_CHECKING:
    from ctypes import c_void_p

_lib = _ffi.lib
# Called on every item() and visible_items(): no errcheck, no conversion.
_structure_version_fn = _lib["fold_table_structure_version"]
_structure_version_fn.restype = c_int
# item() and item_at_offset() bound a second time, like _visible_items_fn
# in _convert: without argtypes or errcheck, passed only ctypes objects of
# the declared C types (the handle, a c_int64 or c_double set in place,
# pointers to the outputs), their status checked with the declared
# function's error check. item() asks for its section's index in the same
# call (fold_table_item_at_with_index), so it needs no sibling-index cache.
_item_at_fn = _lib["fold_table_item_at_with_index"]
_item_at_fn.restype = c_int
_item_at_offset_fn = _lib["fold_table_item_at_offset"]
_item_at_offset_fn.restype = c_int
# item()'s output: a fold_item as struct sees it (kind, depth, section id,
# row, flags, then 4 bytes of reserved), then the section's index, written
# by the call into one buffer and read in one unpack_from.
_ITEM = struct.Struct("=iiQqI4xq")
assert _ITEM.size == sizeof(_ffi.fold_item) + 8
assert [getattr(_ffi.fold_item, field[0]).offset for field in _ffi.fold_item._fields_] == [0, 4, 8, 16, 24, 28]
# OffsetPlace members by value, looked up instead of calling OffsetPlace(...).
_PLACES = tuple(sorted(OffsetPlace, key=int))
assert [int(place) for place in _PLACES] == list(range(len(_PLACES)))


class _Geometry:
    """The flat list, geometry and scrolling methods of :class:`~foldtable.Table`."""

    # Set by Table.__init__: the reused buffers of visible_items and
    # sticky_headers; by _geometry_init (which it calls): the sibling-index
    # cache under the library's structure version (see _siblings_now) and
    # the C arguments of item() and item_at_offset().
    __slots__ = (
        "_visible", "_sticky", "_siblings", "_siblings_version", "_structure", "_structure_ref",
        "_position", "_item_out", "_item_ref", "_sibling_ref", "_hold", "_let_go",
        "_y", "_hit", "_place", "_hit_ref", "_place_ref",
    )

    if TYPE_CHECKING:
        _visible: _VisibleBuffer
        _sticky: _ArrayBuffer
        _siblings: Dict[int, int]
        _siblings_version: int
        _structure: c_uint64
        _structure_ref: Any
        # item() and item_at_offset(): their C arguments, set in place
        _position: c_int64
        _item_out: Any  # the fold_item and the index after it
        _item_ref: Any
        _sibling_ref: Any
        # the lock's acquire and release, bound once (see item())
        _hold: Callable[[bool], bool]
        _let_go: Callable[[], None]
        _y: c_double
        _hit: c_int64
        _place: c_int32
        _hit_ref: Any
        _place_ref: Any
        # the Table's, used here
        _lock: _Guard
        _handle: Optional[c_void_p]

        def _h(self) -> c_void_p: ...

        def _item(self, position: int) -> _ffi.fold_item: ...

    def _geometry_init(self) -> None:
        """Called by Table.__init__: the sibling-index cache and the C
        arguments of the hot calls, made once per table."""
        self._siblings = {}
        self._siblings_version = -1
        self._structure = c_uint64()
        self._structure_ref = byref(self._structure)
        self._position = c_int64()
        self._item_out = create_string_buffer(_ITEM.size)
        self._item_ref = byref(self._item_out)
        self._sibling_ref = byref(self._item_out, sizeof(_ffi.fold_item))
        self._hold = self._lock._rlock.acquire
        self._let_go = self._lock._rlock.release
        self._y = c_double()
        self._hit = c_int64()
        self._place = c_int32()
        self._hit_ref = byref(self._hit)
        self._place_ref = byref(self._place)

    # -- the flat list -------------------------------------------------------

    @property
    def item_count(self) -> int:
        """The number of items in the flat list (also ``len(table)``)."""
        with self._lock:
            return _out(_lib.fold_table_item_count, c_int64, self._h())

    @property
    def structure_version(self) -> int:
        """A number that changes whenever some section's children change
        (rows or sections inserted, removed or moved, by any call,
        :meth:`apply_snapshot` and :meth:`Section.finish_load` included).
        While it stays the same, every :attr:`Section.index` and
        :attr:`Section.child_count` stay the same, so an app can cache what
        it derives from them under it. It may also change when rows were
        only re-marked (rows selected, several row heights set at once, a
        filter set or cleared); a call that fails leaves it as it was. O(1)."""
        with self._lock:
            return _out(_lib.fold_table_structure_version, c_uint64, self._h())

    @property
    def content_height(self) -> float:
        """The total content height: both paddings and every item."""
        with self._lock:
            return _out(_lib.fold_table_content_height, c_double, self._h())

    @property
    def viewport(self) -> Optional[Viewport]:
        """The anchored viewport as ``Viewport(offset, height)``, or ``None``
        when none is set."""
        with self._lock:
            is_set, start, extent = _outs(
                _lib.fold_table_viewport, (c_int, c_double, c_double), self._h()
            )
        return Viewport(start, extent) if is_set else None

    def __len__(self) -> int:
        """The number of items in the flat list (so an empty table is falsy)."""
        return self.item_count

    def item(self, position: int) -> Item:
        """The :class:`Item` at ``position`` (0..len-1).

        Raises:
            OutOfRangeError: no item has this position (an ``IndexError``).
        """
        index = position if type(position) is int and 0 <= position <= _INT64_MAX else _int64(
            position, "position"
        )
        # The library calls no callback here: when the lock is free or this
        # thread holds it, it is taken without _Guard's bookkeeping (its
        # acquire bound as _hold; see _Guard); else ``with``'s rules (wait,
        # or BusyError).
        held = self._hold(False)
        if not held:
            self._lock.__enter__()
        try:
            handle = self._handle
            if handle is None:
                self._h()  # raises the closed table's error
            self._position.value = index
            status = _item_at_fn(handle, self._position, self._item_ref, self._sibling_ref)
            if status:  # raises the FoldError of fold_table_item_at, whose errors these are
                _ffi._check_status(status, _lib.fold_table_item_at, ())
            kind, depth, _, row, flags, sibling = _ITEM.unpack_from(self._item_out)
        finally:
            if held:
                self._let_go()
            else:
                self._lock.__exit__(None, None, None)
        return _new_tuple(
            Item, (index, _KINDS[kind], depth, sibling, None if row < 0 else row, flags)
        )

    def _siblings_now(self, handle: Any) -> int:
        """Empties the table's cache of sibling indices when the library's
        structure version (``fold_table_structure_version``) moved since it was
        filled, and returns the version. ``handle``: the live handle. Lock held."""
        status = _structure_version_fn(handle, self._structure_ref)
        if status:  # raises the FoldError, as the declared function would
            _ffi._check_status(status, _lib.fold_table_structure_version, ())
        version: int = self._structure.value
        if version != self._siblings_version:
            self._siblings.clear()
            self._siblings_version = version
        return version

    def _sibling_indices(self, ids: Iterable[int]) -> Dict[int, int]:
        """A mapping that holds each of ``ids`` with its section's index among
        its parent's children (the ``section`` field of :class:`Item` and
        :class:`VisibleItem`). The table caches them under the library's
        structure version (checked by :meth:`_siblings_now` first), so
        scrolling asks the library for none; else one fold_table_section_info
        call per new id. Lock held."""
        cache = self._siblings
        missing = [section for section in ids if section not in cache] if ids else ()
        if missing:
            handle = self._h()
            info = _ffi.fold_section_info()
            pointer = byref(info)
            for section in missing:
                _lib.fold_table_section_info(handle, section, pointer)
                cache[section] = info.index
        return cache

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
        offset = y if type(y) is float else _float(y, "y")
        held = self._hold(False)  # no callback runs here: as in item()
        if not held:
            self._lock.__enter__()
        try:
            handle = self._handle
            if handle is None:
                self._h()  # raises the closed table's error
            self._y.value = offset
            status = _item_at_offset_fn(handle, self._y, self._hit_ref, self._place_ref)
            if status:  # raises the FoldError, as the declared function would
                _ffi._check_status(status, _lib.fold_table_item_at_offset, ())
            position = self._hit.value
            place = self._place.value
        finally:
            if held:
                self._let_go()
            else:
                self._lock.__exit__(None, None, None)
        return _new_tuple(
            OffsetHit, (None if position < 0 else position, _PLACES[place])
        )

    def visible_items(self, offset: float, height: float, overscan: int = 0) -> List[VisibleItem]:
        """The items that intersect the viewport ``[offset, offset + height)``,
        widened by ``overscan`` items on each side, in order.

        Usually one C call into a buffer the table keeps; when the viewport
        holds more items than the buffer, the buffer grows and the call is
        made once more. The items are read from the buffer in one pass
        (``struct.iter_unpack`` over its bytes), not field by field, and an
        item the last call returned too, unchanged, is that call's
        VisibleItem again (a scrolling draw loop builds only the new ones).
        O(depth * log n + k) for k items.

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
        held = self._hold(False)  # no callback runs here: as in item()
        if not held:
            self._lock.__enter__()
        try:
            handle = self._handle
            if handle is None:
                self._h()  # raises the closed table's error
            buffer = self._visible
            data = buffer.fill(handle, start, extent, extra)
            status = _structure_version_fn(handle, self._structure_ref)
            if status:  # raises the FoldError, as the declared function would
                _ffi._check_status(status, _lib.fold_table_structure_version, ())
            version = self._structure.value
            cache = self._siblings
            if version != self._siblings_version:
                cache.clear()
                self._siblings_version = version
            return buffer.items(data, version, cache, self._sibling_indices)
        finally:
            if held:
                self._let_go()
            else:
                self._lock.__exit__(None, None, None)

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
        with self._lock:
            buffer = self._sticky
            written = buffer.fill(_lib.fold_table_sticky_headers, self._h(), start)
            return [_value(StickyHeader, entry) for entry in buffer.array[:written]]

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
        with self._lock:
            start, extent = self._viewport_arguments(offset, viewport_height)
            return _out(_lib.fold_table_scroll_offset, c_double, self._h(), index, align, start, extent)
