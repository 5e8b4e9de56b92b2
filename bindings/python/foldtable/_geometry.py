"""What a view asks while drawing and scrolling (internal): the flat list,
its geometry, viewports, sticky headers and scroll offsets. The methods of
:class:`~foldtable.Table` for them, kept apart from its lifetime and
options (``_table.py``)."""

from __future__ import annotations

import struct
import sys
from ctypes import byref, c_double, c_int32, c_int64
from typing import TYPE_CHECKING, Dict, Iterable, Iterator, List, Optional, Set, Tuple

from . import _errors, _ffi
from ._convert import (
    _INT64_MAX,
    _VISIBLE_SECTION,
    _VISIBLE_SIZE,
    _float,
    _int32,
    _int64,
    _out,
    _row_or_none,
)
from ._errors import InvalidArgumentError
from ._visible import VisibleItems
from ._values import (
    Alignment,
    Item,
    ItemKind,
    OffsetHit,
    OffsetPlace,
    StickyHeader,
    VisibleItem,
)

if TYPE_CHECKING:
    from ._table import Table

_lib = _ffi.lib


# -- the flat list -------------------------------------------------------


def __len__(self: Table) -> int:
    """The number of items in the flat list (so an empty table is falsy)."""
    return self.item_count


def item(self: Table, position: int) -> Item:
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


def _sibling_indices(self: Table, ids: Iterable[int]) -> Dict[int, int]:
    """A mapping that holds each of ``ids`` with its section's index among
    its parent's children (the ``section`` field of :class:`Item` and
    :class:`VisibleItem`). The table caches them until a call changes some
    section's children (``_ffi.generation``), so scrolling asks the library
    for none; else one fold_table_section_info call per new id. Lock held."""
    cache = self._siblings
    if self._siblings_generation != _ffi.generation:
        # A new mapping, not clear(): answers of visible_items hold the old one.
        cache = self._siblings = {}
        self._siblings_generation = _ffi.generation
    missing = [section for section in ids if section not in cache]
    if missing:
        handle = self._h()
        info = _ffi.fold_section_info()
        pointer = byref(info)
        for section in missing:
            _lib.fold_table_section_info(handle, section, pointer)
            cache[section] = info.index
    return cache


def __iter__(self: Table) -> Iterator[Item]:
    """Iterate over the items of the flat list, one :meth:`item` call each.

    The count is taken when iteration starts; changing the table while
    iterating gives items of the changed table, or OutOfRangeError once
    the list got shorter.
    """
    for position in range(self.item_count):
        yield self.item(position)


def item_height(self: Table, position: int) -> float:
    """The height of the item at ``position``."""
    index = _int64(position, "position")
    with self._lock:
        return _out(_lib.fold_table_item_height, c_double, self._h(), index)


def item_top(self: Table, position: int) -> float:
    """The offset of the top of the item at ``position`` from the top of
    the content (the top padding included)."""
    index = _int64(position, "position")
    with self._lock:
        return _out(_lib.fold_table_item_top, c_double, self._h(), index)


def item_at_offset(self: Table, y: float) -> OffsetHit:
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


# Structs reading only the section ids of k fold_visible_items, by k (up to
# 256: a viewport rarely holds more; beyond, iter_unpack).
_SECTION_IDS: Dict[int, struct.Struct] = {}
# fold_visible_item in 64-bit words: the section id is word 2 of 7.
_WORDS = _VISIBLE_SIZE // 8
assert _VISIBLE_SIZE % 8 == 0 and _VISIBLE_SECTION.format == "=16xQ32x"


def _section_ids(data: bytes) -> Set[int]:
    """The section ids of the fold_visible_items in ``data``. Most
    viewports show one section: its id repeated is found by comparing
    bytes, without a Python int per item."""
    count = len(data) // _VISIBLE_SIZE
    if count == 0:
        return set()
    column = memoryview(data).cast("Q")[2::_WORDS].tobytes()
    if column == column[:8] * count:
        return {int.from_bytes(column[:8], sys.byteorder)}
    if count > 256:
        return {s for (s,) in _VISIBLE_SECTION.iter_unpack(data)}
    reader = _SECTION_IDS.get(count)
    if reader is None:
        reader = _SECTION_IDS[count] = struct.Struct("=" + _VISIBLE_SECTION.format[1:] * count)
    return set(reader.unpack(data))


def visible_items(self: Table, offset: float, height: float, overscan: int = 0) -> List[VisibleItem]:
    """The items that intersect the viewport ``[offset, offset + height)``,
    widened by ``overscan`` items on each side, in order.

    Usually one C call into a buffer the table keeps; when the viewport
    holds more items than the buffer, the buffer grows and the call is
    made once more. The answer is a list of :class:`VisibleItem` (a
    ``VisibleItems``: it behaves as a list and compares equal to one, but
    is not a ``list`` subclass) holding one copy of the buffer's bytes and
    the items' section indices; the items are built from them in one pass
    (``struct.iter_unpack``) when the answer is first read, outside the
    table's lock. It never changes when the table does.

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
    with self._lock:
        handle = self._h()
        buffer = self._visible
        while True:
            _lib.fold_table_visible_items(
                handle, start, extent, extra, buffer.array, buffer.capacity,
                buffer.p_written, buffer.p_total,
            )
            total = buffer.total.value
            if total <= buffer.capacity:
                break
            buffer.grow(max(total, 2 * buffer.capacity))
        # Copied out under the lock: another thread may refill the buffer.
        data = buffer.view[: buffer.written.value * _VISIBLE_SIZE].tobytes()
        # The sections' indices among their siblings, from the table's cache
        # (the viewport's few sections looked up on a miss); the mapping is
        # replaced, never changed, when sections change (_sibling_indices),
        # so the answer can read it later.
        index = self._sibling_indices(())
        sections = _section_ids(data)
        if not index.keys() >= sections:
            index = self._sibling_indices(sections)
    return VisibleItems(data, index)  # type: ignore[return-value]  # a list in all but type()


def sticky_headers(self: Table, offset: float) -> List[StickyHeader]:
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
        buffer = self._sticky
        while True:
            _lib.fold_table_sticky_headers(
                handle, start, buffer.array, buffer.capacity,
                byref(written), byref(total),
            )
            if total.value <= buffer.capacity:
                break
            buffer.grow(total.value)
        return [
            StickyHeader(entry.position, entry.depth, entry.top, entry.height)
            for entry in buffer.array[: written.value]
        ]


# -- scrolling -----------------------------------------------------------


def set_viewport(self: Table, offset: float, height: float) -> None:
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


def clear_viewport(self: Table) -> None:
    """Stop anchoring: forget the viewport."""
    with self._lock:
        _lib.fold_table_clear_viewport(self._h())


def _viewport_arguments(
    self: Table, offset: Optional[float], viewport_height: Optional[float]
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
    self: Table,
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
