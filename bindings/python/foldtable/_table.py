"""The Pythonic API over foldtable.h: :class:`Table`, :class:`Section` and the
value types the flat list hands out.

Nothing here re-implements an engine rule. Arguments are converted (str to
UTF-8, numbers to int64 / double) and passed to C; whatever the library
rejects comes back as a :class:`~foldtable.FoldError` subclass with the
library's message. The binding itself only raises :class:`TypeError` for
arguments of the wrong Python type, and the library's error classes for
values C cannot even receive (an int beyond int64, a string holding NUL).
"""

from __future__ import annotations

import ctypes
import enum
import numbers
import operator
import threading
from ctypes import byref, c_double, c_int, c_int32, c_int64, c_void_p
from dataclasses import dataclass
from typing import (
    Any,
    Callable,
    Iterable,
    NoReturn,
    Iterator,
    List,
    NamedTuple,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from . import _errors, _ffi
from ._errors import InvalidArgumentError, NotFoundError, OutOfRangeError

__all__ = [
    "ItemKind",
    "OffsetPlace",
    "TableOptions",
    "Item",
    "VisibleItem",
    "OffsetHit",
    "Table",
    "Section",
    "SectionsView",
]

_lib = _ffi.lib

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1

#: A section is named by its key (str) or its index (int).
KeyOrIndex = Union[str, int]


# --------------------------------------------------------------------------
# Value types
# --------------------------------------------------------------------------


class ItemKind(enum.IntEnum):
    """What an item of the flat list is (``FOLD_ITEM_*``)."""

    HEADER = _ffi.ITEM_HEADER
    """A section's header."""
    ROW = _ffi.ITEM_ROW
    """A row of an expanded section."""
    FOOTER = _ffi.ITEM_FOOTER
    """A section's footer (only for sections whose footer height is > 0)."""

    def __str__(self) -> str:
        return self.name.lower()


class OffsetPlace(enum.IntEnum):
    """Where an offset falls relative to the items (``FOLD_OFFSET_*``)."""

    IN_ITEM = _ffi.OFFSET_IN_ITEM
    """Inside the reported item."""
    ABOVE = _ffi.OFFSET_ABOVE
    """Above the first item (negative, or in the top padding); the reported
    item is the first one."""
    BELOW = _ffi.OFFSET_BELOW
    """At or past the end of the last item; the reported item is the last one."""


@dataclass(frozen=True)
class TableOptions:
    """The options a :class:`Table` was created with (``fold_table_options``).

    Attributes:
        row_height: default height of a row.
        header_height: default height of a section header.
        footer_height: default footer height; 0 means sections have no footer item.
        padding_top: content padding above the first item.
        padding_bottom: content padding below the last item.
        start_collapsed: whether new sections start collapsed.
    """

    row_height: float = 44.0
    header_height: float = 28.0
    footer_height: float = 0.0
    padding_top: float = 0.0
    padding_bottom: float = 0.0
    start_collapsed: bool = False


class Item(NamedTuple):
    """One item of the flat visible list (``fold_item``).

    Attributes:
        position: the item's index in the flat list.
        kind: :class:`ItemKind` — header, row or footer.
        depth: nesting depth of the item's section (always 0 in 0.1).
        section: index of the item's section.
        row: the row index for rows; ``None`` for headers and footers.
        flags: ``FOLD_ITEM_FLAG_*`` bits; see :attr:`collapsed`.
    """

    position: int
    kind: ItemKind
    depth: int
    section: int
    row: Optional[int]
    flags: int

    @property
    def collapsed(self) -> bool:
        """True for a header or footer whose section is collapsed."""
        return bool(self.flags & _ffi.ITEM_FLAG_COLLAPSED)


class VisibleItem(NamedTuple):
    """One item of a viewport, with its geometry (``fold_visible_item``).

    Attributes:
        position: the item's index in the flat list.
        kind: :class:`ItemKind` — header, row or footer.
        depth: nesting depth of the item's section (always 0 in 0.1).
        section: index of the item's section.
        row: the row index for rows; ``None`` for headers and footers.
        top: offset of the item's top from the top of the content.
        height: the item's height.
        flags: ``FOLD_ITEM_FLAG_*`` bits; see :attr:`collapsed`.
    """

    position: int
    kind: ItemKind
    depth: int
    section: int
    row: Optional[int]
    top: float
    height: float
    flags: int

    @property
    def collapsed(self) -> bool:
        """True for a header or footer whose section is collapsed."""
        return bool(self.flags & _ffi.ITEM_FLAG_COLLAPSED)

    @property
    def bottom(self) -> float:
        """``top + height``."""
        return self.top + self.height


class OffsetHit(NamedTuple):
    """The answer of :meth:`Table.item_at_offset`.

    Attributes:
        position: the item containing the offset, or the nearest one when
            :attr:`place` is ABOVE or BELOW; ``None`` in a table with no items.
        place: :class:`OffsetPlace` — in the item, above the first or below
            the last.
    """

    position: Optional[int]
    place: OffsetPlace


# --------------------------------------------------------------------------
# Conversions (Python values to C values; no engine rules)
# --------------------------------------------------------------------------


def _text(value: Optional[str], what: str, allow_none: bool = False) -> Optional[bytes]:
    """A str as NUL-terminated UTF-8 for C.

    Lone surrogates are encoded as they are (``surrogatepass``), which is not
    valid UTF-8, so the library rejects them with InvalidArgumentError like
    any other invalid string. A NUL character cannot be passed to C at all.
    """
    if value is None and allow_none:
        return None
    if not isinstance(value, str):
        raise TypeError("%s must be a str, not %s" % (what, type(value).__name__))
    data = value.encode("utf-8", "surrogatepass")
    if b"\0" in data:
        raise InvalidArgumentError(
            _errors.E_INVALID, "%s %r contains a NUL character" % (what, value)
        )
    return data


def _int64(value: int, what: str) -> int:
    """An int for an int64_t parameter. ctypes would silently wrap a larger
    value, so one that does not fit is reported as out of range here."""
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__)) from None
    if not _INT64_MIN <= number <= _INT64_MAX:
        raise OutOfRangeError(
            _errors.E_RANGE, "%s %d does not fit in a 64-bit integer" % (what, number)
        )
    return number


def _float(value: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError("%s must be a number, not %s" % (what, type(value).__name__))
    return float(value)


def _height_or_default(value: Optional[float], what: str) -> float:
    """None means FOLD_HEIGHT_DEFAULT (the section's or table's default)."""
    if value is None:
        return _ffi.HEIGHT_DEFAULT
    return _float(value, what)


def _take_string(pointer: Optional[int]) -> Optional[str]:
    """Copy a malloc'd C string handed out by the library, then fold_free it."""
    if not pointer:
        return None
    try:
        return ctypes.string_at(pointer).decode("utf-8")
    finally:
        _lib.fold_free(pointer)


def _row_or_none(row: int) -> Optional[int]:
    return None if row < 0 else row


# --------------------------------------------------------------------------
# Table
# --------------------------------------------------------------------------


class Table:
    """A collapsible, sectioned, variable-height list: one engine instance.

    A table holds sections, found by a unique string key, which hold rows.
    The engine flattens them into one list of *items* — each section's
    header, its rows while it is expanded, and its footer when it has one —
    and answers what a view asks while drawing and scrolling: which item is
    at a position or an offset, where an item starts, what a viewport shows.
    Every query and mutation costs O(log n).

    Args:
        row_height: default height of a row.
        header_height: default height of a section header.
        footer_height: default footer height; 0 (the default) means sections
            have no footer item.
        padding_top: content padding above the first item.
        padding_bottom: content padding below the last item.
        start_collapsed: new sections start collapsed.

    Raises:
        InvalidArgumentError: a height is NaN, infinite, negative or larger
            than :data:`foldtable.MAX_HEIGHT`.

    Example::

        with foldtable.Table() as table:
            table.append_section("Mac", "Mac|3 models", rows=3)
            table.append_section("iPad", rows=2)
            table.sections["iPad"].collapse()
            for item in table.visible_items(offset=0, height=200):
                print(item.position, item.kind, item.top)

    Sections are reached through :attr:`sections` (by index or key) and
    handled as :class:`Section` objects, which stay bound to their key.

    The table owns a C handle: :meth:`close` (or leaving a ``with`` block)
    frees it; afterwards every call raises :class:`InvalidArgumentError`
    (a ``ValueError``). A table may be used from several threads at once;
    the library serializes the calls, and the binding makes each method
    (including ``close``) atomic with respect to the others.
    """

    __slots__ = ("_handle", "_lock", "_free_fn", "_buffer", "_capacity", "__weakref__")

    def __init__(
        self,
        *,
        row_height: float = 44.0,
        header_height: float = 28.0,
        footer_height: float = 0.0,
        padding_top: float = 0.0,
        padding_bottom: float = 0.0,
        start_collapsed: bool = False,
    ) -> None:
        self._handle: Optional[c_void_p] = None
        self._lock = threading.RLock()
        # Kept on the instance so __del__ works while modules are torn down.
        self._free_fn = _lib.fold_table_free
        self._capacity = 64
        self._buffer = (_ffi.fold_visible_item * self._capacity)()

        options = _ffi.fold_table_options()
        _lib.fold_table_options_init(byref(options))
        options.row_height = _float(row_height, "row_height")
        options.header_height = _float(header_height, "header_height")
        options.footer_height = _float(footer_height, "footer_height")
        options.padding_top = _float(padding_top, "padding_top")
        options.padding_bottom = _float(padding_bottom, "padding_bottom")
        options.start_collapsed = 1 if start_collapsed else 0
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
        call raises :class:`InvalidArgumentError`.
        """
        lock = getattr(self, "_lock", None)
        if lock is None:  # __init__ failed before the lock existed
            return
        with lock:
            handle = getattr(self, "_handle", None)
            if handle is None:
                return
            self._handle = None
            self._free_fn(handle)

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

    @property
    def options(self) -> TableOptions:
        """The options the table was created with, as a :class:`TableOptions`."""
        out = _ffi.fold_table_options()
        out.size = ctypes.sizeof(out)
        with self._lock:
            _lib.fold_table_get_options(self._h(), byref(out))
        return TableOptions(
            row_height=out.row_height,
            header_height=out.header_height,
            footer_height=out.footer_height,
            padding_top=out.padding_top,
            padding_bottom=out.padding_bottom,
            start_collapsed=bool(out.start_collapsed),
        )

    # -- sections ------------------------------------------------------------

    def _index(self, key_or_index: KeyOrIndex) -> int:
        """The index of a section named by key or index; call with the lock held.

        An int is passed through unchecked: the library checks it.
        """
        if isinstance(key_or_index, str):
            out = c_int64()
            _lib.fold_table_section_index(self._h(), _text(key_or_index, "key"), byref(out))
            return out.value
        if isinstance(key_or_index, bool) or not isinstance(key_or_index, numbers.Integral):
            raise TypeError(
                "a section is named by its key (str) or index (int), not %s"
                % type(key_or_index).__name__
            )
        return _int64(key_or_index, "section index")

    def _key_at(self, index: int) -> str:
        out = c_void_p()
        _lib.fold_table_section_key(self._h(), _int64(index, "section index"), byref(out))
        key = _take_string(out.value)
        assert key is not None
        return key

    @property
    def sections(self) -> "SectionsView":
        """A live view of the sections, indexable by int or by key.

        ``len(table.sections)``, ``table.sections[0]``,
        ``table.sections["Mac"]``, ``"Mac" in table.sections``,
        ``for section in table.sections``, ``table.sections.keys()``.
        """
        return SectionsView(self)

    def section(self, key_or_index: KeyOrIndex) -> "Section":
        """The :class:`Section` with this key or at this index.

        Raises:
            NotFoundError: no section has the key (a ``KeyError``).
            OutOfRangeError: the index is not a section's (an ``IndexError``).
        """
        with self._lock:
            if isinstance(key_or_index, str):
                self._index(key_or_index)  # raises NotFoundError if absent
                return Section(self, key_or_index)
            return Section(self, self._key_at(self._index(key_or_index)))

    def append_section(self, key: str, header: Optional[str] = "", rows: int = 0) -> "Section":
        """Add a section at the end and return it.

        Args:
            key: a non-empty key, unique in the table.
            header: the header text, ``"Title|Detail"`` or just ``"Title"``.
            rows: the number of rows, all of the default height.

        Raises:
            DuplicateKeyError: another section has this key (a ``ValueError``).
            InvalidArgumentError: the key is empty or a string is invalid.
            OutOfRangeError: ``rows`` is negative or too large.
        """
        key_bytes = _text(key, "key")
        header_bytes = _text(header, "header", allow_none=True)
        count = _int64(rows, "rows")
        with self._lock:
            _lib.fold_table_append_section(self._h(), key_bytes, header_bytes, count)
        return Section(self, key)

    def insert_section(
        self, index: int, key: str, header: Optional[str] = "", rows: int = 0
    ) -> "Section":
        """Insert a section so that it gets ``index`` (0 through the section
        count) and return it. Arguments and errors as :meth:`append_section`,
        plus :class:`OutOfRangeError` for a bad index."""
        position = _int64(index, "index")
        key_bytes = _text(key, "key")
        header_bytes = _text(header, "header", allow_none=True)
        count = _int64(rows, "rows")
        with self._lock:
            _lib.fold_table_insert_section(self._h(), position, key_bytes, header_bytes, count)
        return Section(self, key)

    def remove_section(self, key_or_index: KeyOrIndex) -> None:
        """Remove a section, named by key or index, with its rows.

        Raises:
            NotFoundError: no section has the key.
            OutOfRangeError: the index is not a section's.
        """
        with self._lock:
            _lib.fold_table_remove_section(self._h(), self._index(key_or_index))

    def move_section(self, key_or_index: KeyOrIndex, to: int) -> None:
        """Move a section so that it ends at index ``to`` (0..count-1). Its
        key, rows and collapsed state move with it.

        Raises:
            NotFoundError: no section has the key.
            OutOfRangeError: an index is not a section's.
        """
        target = _int64(to, "to")
        with self._lock:
            _lib.fold_table_move_section(self._h(), self._index(key_or_index), target)

    # -- collapsing ----------------------------------------------------------

    def collapse_all(self) -> int:
        """Collapse every section that has rows; return how many changed."""
        out = c_int64()
        with self._lock:
            _lib.fold_table_collapse_all(self._h(), byref(out))
        return out.value

    def expand_all(self) -> int:
        """Expand every section that has rows; return how many changed."""
        out = c_int64()
        with self._lock:
            _lib.fold_table_expand_all(self._h(), byref(out))
        return out.value

    def section_states(self) -> List[Tuple[str, bool]]:
        """The stored ``(key, collapsed)`` state of every section, in order,
        read in one call (a consistent snapshot)."""
        states = c_void_p()
        count = c_int64()
        with self._lock:
            _lib.fold_table_section_states(self._h(), byref(states), byref(count))
        if not states.value:
            return []
        try:
            array = ctypes.cast(states, ctypes.POINTER(_ffi.fold_section_state))
            result = []
            for i in range(count.value):
                entry = array[i]
                key = ctypes.string_at(entry.key).decode("utf-8") if entry.key else ""
                result.append((key, bool(entry.collapsed)))
            return result
        finally:
            _lib.fold_free(states)

    def set_indicators(self, collapsed: str, expanded: str) -> None:
        """Set the strings :attr:`Section.indicator` shows for collapsed and
        expanded sections (defaults ``"+"`` and ``"\\u2013"``, an en dash)."""
        collapsed_bytes = _text(collapsed, "collapsed")
        expanded_bytes = _text(expanded, "expanded")
        with self._lock:
            _lib.fold_table_set_indicators(self._h(), collapsed_bytes, expanded_bytes)

    # -- the flat list -------------------------------------------------------

    @property
    def item_count(self) -> int:
        """The number of items in the flat list (also ``len(table)``)."""
        out = c_int64()
        with self._lock:
            _lib.fold_table_item_count(self._h(), byref(out))
        return out.value

    def __len__(self) -> int:
        """The number of items in the flat list (so an empty table is falsy)."""
        return self.item_count

    def item(self, position: int) -> Item:
        """The :class:`Item` at ``position`` (0..len-1).

        Raises:
            OutOfRangeError: no item has this position (an ``IndexError``).
        """
        out = _ffi.fold_item()
        index = _int64(position, "position")
        with self._lock:
            _lib.fold_table_item_at(self._h(), index, byref(out))
        return Item(
            position=index,
            kind=ItemKind(out.kind),
            depth=out.depth,
            section=out.section,
            row=_row_or_none(out.row),
            flags=out.flags,
        )

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
        out = c_double()
        index = _int64(position, "position")
        with self._lock:
            _lib.fold_table_item_height(self._h(), index, byref(out))
        return out.value

    def item_top(self, position: int) -> float:
        """The offset of the top of the item at ``position`` from the top of
        the content (the top padding included)."""
        out = c_double()
        index = _int64(position, "position")
        with self._lock:
            _lib.fold_table_item_top(self._h(), index, byref(out))
        return out.value

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
        out = c_double()
        with self._lock:
            _lib.fold_table_content_height(self._h(), byref(out))
        return out.value

    def visible_items(self, offset: float, height: float, overscan: int = 0) -> List[VisibleItem]:
        """The items that intersect the viewport ``[offset, offset + height)``,
        widened by ``overscan`` items on each side, in order.

        Usually one C call into a buffer the table keeps; when the viewport
        holds more items than the buffer, the buffer grows and the call is
        made once more.

        Raises:
            InvalidArgumentError: ``offset`` or ``height`` is not finite, or
                ``height`` is negative.
            OutOfRangeError: ``overscan`` is negative.
        """
        start = _float(offset, "offset")
        extent = _float(height, "height")
        extra = _int64(overscan, "overscan")
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
            buffer = self._buffer
            return [
                VisibleItem(
                    position=entry.position,
                    kind=ItemKind(entry.kind),
                    depth=entry.depth,
                    section=entry.section,
                    row=_row_or_none(entry.row),
                    top=entry.top,
                    height=entry.height,
                    flags=entry.flags,
                )
                for entry in buffer[: written.value]
            ]


# --------------------------------------------------------------------------
# Sections
# --------------------------------------------------------------------------


class Section:
    """One section of a :class:`Table`, bound to its key.

    A ``Section`` is a light handle: it stores the table and the key, and
    asks the library for everything else on each access. It stays valid
    while other sections are inserted, removed or moved; once its own
    section is removed, every access raises :class:`NotFoundError`.

    Obtain one from :meth:`Table.append_section`, :meth:`Table.insert_section`
    or :attr:`Table.sections`. Two ``Section`` objects are equal when they
    name the same key of the same table.
    """

    __slots__ = ("_table", "_key")

    def __init__(self, table: Table, key: str) -> None:
        self._table = table
        self._key = key

    # -- identity ----------------------------------------------------------

    @property
    def table(self) -> Table:
        """The table this section belongs to."""
        return self._table

    @property
    def key(self) -> str:
        """The section's key."""
        return self._key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Section):
            return NotImplemented
        return self._table is other._table and self._key == other._key

    def __hash__(self) -> int:
        return hash((id(self._table), self._key))

    def __repr__(self) -> str:
        return "<foldtable.Section %r>" % (self._key,)

    @property
    def index(self) -> int:
        """The section's current index (0 = first)."""
        with self._table._lock:
            return self._table._index(self._key)

    @property
    def exists(self) -> bool:
        """False once the section has been removed (or the table closed)."""
        try:
            self.index
        except (NotFoundError, InvalidArgumentError):
            return False
        return True

    # -- header --------------------------------------------------------------

    def _header_parts(self) -> Tuple[str, Optional[str]]:
        title = c_void_p()
        detail = c_void_p()
        table = self._table
        with table._lock:
            _lib.fold_table_section_header(
                table._h(), table._index(self._key), byref(title), byref(detail)
            )
        try:
            title_text = _take_string(title.value)
        finally:
            detail_text = _take_string(detail.value)
        return title_text or "", detail_text

    @property
    def header(self) -> str:
        """The header text, ``"Title|Detail"`` or ``"Title"``. Settable."""
        title, detail = self._header_parts()
        return title if detail is None else title + "|" + detail

    @header.setter
    def header(self, text: Optional[str]) -> None:
        self.set_header(text)

    def set_header(self, text: Optional[str]) -> None:
        """Replace the header text (``None`` means ``""``)."""
        data = _text(text, "header", allow_none=True)
        table = self._table
        with table._lock:
            _lib.fold_table_set_section_header(table._h(), table._index(self._key), data)

    @property
    def title(self) -> str:
        """The header text before its first ``'|'`` (all of it if none)."""
        return self._header_parts()[0]

    @property
    def detail(self) -> Optional[str]:
        """The header text after its first ``'|'``; ``None`` if it has none."""
        return self._header_parts()[1]

    # -- collapsing ----------------------------------------------------------

    def _flip(self, fn: Callable[..., int]) -> bool:
        changed = c_int()
        key = _text(self._key, "key")
        with self._table._lock:
            fn(self._table._h(), key, byref(changed))
        return bool(changed.value)

    def collapse(self) -> bool:
        """Collapse the section; True if its state changed. A section that is
        already collapsed, or has no rows, does not change."""
        return self._flip(_lib.fold_table_collapse_key)

    def expand(self) -> bool:
        """Expand the section; True if its state changed."""
        return self._flip(_lib.fold_table_expand_key)

    def toggle(self) -> bool:
        """Collapse an expanded section or expand a collapsed one; True if its
        state changed (False for a section with no rows)."""
        return self._flip(_lib.fold_table_toggle_key)

    @property
    def collapsed(self) -> bool:
        """The stored collapsed state. Setting it collapses or expands."""
        out = c_int()
        key = _text(self._key, "key")
        with self._table._lock:
            _lib.fold_table_is_collapsed_key(self._table._h(), key, byref(out))
        return bool(out.value)

    @collapsed.setter
    def collapsed(self, value: bool) -> None:
        if value:
            self.collapse()
        else:
            self.expand()

    @property
    def indicator(self) -> str:
        """The header indicator: the collapsed string, the expanded string,
        or ``""`` for a section with no rows (see :meth:`Table.set_indicators`)."""
        out = c_void_p()
        table = self._table
        with table._lock:
            _lib.fold_table_section_indicator(table._h(), table._index(self._key), byref(out))
        return _take_string(out.value) or ""

    # -- counts --------------------------------------------------------------

    def _count(self, fn: Callable[..., int]) -> int:
        out = c_int64()
        table = self._table
        with table._lock:
            fn(table._h(), table._index(self._key), byref(out))
        return out.value

    @property
    def row_count(self) -> int:
        """The real number of rows, collapsed or not."""
        return self._count(_lib.fold_table_row_count)

    @property
    def visible_row_count(self) -> int:
        """The number of rows shown: 0 while collapsed, else :attr:`row_count`."""
        return self._count(_lib.fold_table_visible_row_count)

    # -- section heights -----------------------------------------------------

    @property
    def heights(self) -> Tuple[float, float, float]:
        """The effective ``(header, footer, default row)`` heights."""
        header = c_double()
        footer = c_double()
        row = c_double()
        table = self._table
        with table._lock:
            _lib.fold_table_section_heights(
                table._h(), table._index(self._key), byref(header), byref(footer), byref(row)
            )
        return header.value, footer.value, row.value

    def _set_height(self, fn: Callable[..., int], value: Optional[float], what: str) -> None:
        height = _height_or_default(value, what)
        table = self._table
        with table._lock:
            fn(table._h(), table._index(self._key), height)

    @property
    def header_height(self) -> float:
        """The effective header height. Set a number to override the table's
        default, or ``None`` to return to it."""
        return self.heights[0]

    @header_height.setter
    def header_height(self, value: Optional[float]) -> None:
        self._set_height(_lib.fold_table_set_section_header_height, value, "header_height")

    @property
    def footer_height(self) -> float:
        """The effective footer height (0 = no footer item). Set a number to
        override the table's default, or ``None`` to return to it."""
        return self.heights[1]

    @footer_height.setter
    def footer_height(self, value: Optional[float]) -> None:
        self._set_height(_lib.fold_table_set_section_footer_height, value, "footer_height")

    @property
    def default_row_height(self) -> float:
        """The height of this section's rows that have no height of their own.
        Set a number to override the table's default, or ``None`` to return
        to it. (Named so because :meth:`row_height` asks for one row.)"""
        return self.heights[2]

    @default_row_height.setter
    def default_row_height(self, value: Optional[float]) -> None:
        self._set_height(_lib.fold_table_set_section_row_height, value, "default_row_height")

    # -- rows ----------------------------------------------------------------

    @staticmethod
    def _height_array(heights: Iterable[Optional[float]], allow_default: bool) -> Tuple[int, Any]:
        """(count, a ctypes double array) for one C call."""
        if allow_default:
            values = [_height_or_default(h, "height") for h in heights]
        else:
            values = [_float(h, "height") for h in heights]  # type: ignore[arg-type]
        return len(values), (c_double * len(values))(*values)

    def insert_rows(
        self, row: int, count: Optional[int] = None, heights: Optional[Sequence[float]] = None
    ) -> None:
        """Insert rows before row ``row`` (0 through :attr:`row_count`).

        Args:
            row: where the new rows go.
            count: how many rows; defaults to ``len(heights)``, or 1.
            heights: the new rows' heights, or ``None`` for the section's
                default height. Validated by the library before anything
                changes.

        Raises:
            OutOfRangeError: ``row`` or ``count`` is out of range.
            InvalidArgumentError: a height is invalid, or ``count`` differs
                from ``len(heights)``.
        """
        at = _int64(row, "row")
        if heights is None:
            number = _int64(1 if count is None else count, "count")
            array = None
        else:
            number, array = self._height_array(heights, allow_default=False)
            if count is not None and _int64(count, "count") != number:
                raise InvalidArgumentError(
                    _errors.E_INVALID,
                    "count %d differs from the %d heights given" % (count, number),
                )
        table = self._table
        with table._lock:
            _lib.fold_table_insert_rows(table._h(), table._index(self._key), at, number, array)

    def append_rows(self, count: Optional[int] = None, heights: Optional[Sequence[float]] = None) -> None:
        """Add rows at the end of the section; as :meth:`insert_rows`."""
        table = self._table
        with table._lock:
            self.insert_rows(self.row_count, count, heights)

    def remove_rows(self, row: int, count: int = 1) -> None:
        """Remove rows ``row`` .. ``row + count - 1``.

        Raises:
            OutOfRangeError: the rows are not all in the section.
        """
        at = _int64(row, "row")
        number = _int64(count, "count")
        table = self._table
        with table._lock:
            _lib.fold_table_remove_rows(table._h(), table._index(self._key), at, number)

    def row_height(self, row: int) -> float:
        """The height of row ``row``: its own, or the section's default."""
        out = c_double()
        at = _int64(row, "row")
        table = self._table
        with table._lock:
            _lib.fold_table_row_height(table._h(), table._index(self._key), at, byref(out))
        return out.value

    def set_row_height(self, row: int, height: Optional[float]) -> None:
        """Set the height of row ``row``; ``None`` returns it to the
        section's default row height."""
        at = _int64(row, "row")
        value = _height_or_default(height, "height")
        table = self._table
        with table._lock:
            _lib.fold_table_set_row_height(table._h(), table._index(self._key), at, value)

    def set_row_heights(self, row: int, heights: Sequence[Optional[float]]) -> None:
        """Set the heights of rows ``row`` .. ``row + len(heights) - 1`` in one
        call (``None`` entries return a row to the default). The library
        validates every value before anything changes."""
        at = _int64(row, "row")
        number, array = self._height_array(heights, allow_default=True)
        table = self._table
        with table._lock:
            _lib.fold_table_set_row_heights(
                table._h(), table._index(self._key), at, number, array
            )

    # -- positions -----------------------------------------------------------

    @property
    def header_position(self) -> int:
        """The position of the section's header in the flat list."""
        return self._count(_lib.fold_table_header_position)

    def row_position(self, row: int) -> int:
        """The position of row ``row`` in the flat list.

        Raises:
            NotVisibleError: the section is collapsed (a ``LookupError``).
            OutOfRangeError: no such row.
        """
        out = c_int64()
        at = _int64(row, "row")
        table = self._table
        with table._lock:
            _lib.fold_table_row_position(table._h(), table._index(self._key), at, byref(out))
        return out.value

    @property
    def footer_position(self) -> int:
        """The position of the section's footer.

        Raises:
            NotFoundError: the section has no footer (footer height 0).
        """
        return self._count(_lib.fold_table_footer_position)


# --------------------------------------------------------------------------
# The sections view
# --------------------------------------------------------------------------


class SectionsView:
    """A live view of a table's sections, both a sequence and a mapping.

    * ``len(view)`` — the number of sections;
    * ``view[i]`` — the :class:`Section` at index ``i`` (negative counts
      from the end); ``view["key"]`` — the section with that key;
    * ``"key" in view`` — whether a section has the key;
    * iteration, :meth:`keys`, :meth:`values`, :meth:`items` — a snapshot of
      the sections in order, read with one call.
    """

    __slots__ = ("_table",)

    def __init__(self, table: Table) -> None:
        self._table = table

    def __len__(self) -> int:
        out = c_int64()
        table = self._table
        with table._lock:
            _lib.fold_table_section_count(table._h(), byref(out))
        return out.value

    def __getitem__(self, key_or_index: KeyOrIndex) -> Section:
        table = self._table
        if isinstance(key_or_index, str):
            return table.section(key_or_index)
        if isinstance(key_or_index, bool) or not isinstance(key_or_index, numbers.Integral):
            raise TypeError(
                "sections are indexed by key (str) or index (int), not %s"
                % type(key_or_index).__name__
            )
        index = int(key_or_index)
        with table._lock:
            if index < 0:  # Python's sequence convention; the library checks the result
                index += len(self)
            return table.section(index)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        table = self._table
        try:
            with table._lock:
                table._index(key)
        except NotFoundError:
            return False
        except InvalidArgumentError:
            if table.closed:
                raise
            return False  # "" or an invalid string names no section
        return True

    def keys(self) -> List[str]:
        """The keys of all sections, in order."""
        return [key for key, _ in self._table.section_states()]

    def values(self) -> List[Section]:
        """All sections, in order."""
        return [Section(self._table, key) for key in self.keys()]

    def items(self) -> List[Tuple[str, Section]]:
        """``(key, Section)`` pairs, in order."""
        return [(key, Section(self._table, key)) for key in self.keys()]

    def get(self, key: str, default: Optional[Section] = None) -> Optional[Section]:
        """The section with ``key``, or ``default`` if there is none."""
        if not isinstance(key, str):
            raise TypeError("key must be a str, not %s" % type(key).__name__)
        try:
            return self._table.section(key)
        except NotFoundError:
            return default

    def index(self, key: str) -> int:
        """The index of the section with ``key``.

        Raises:
            NotFoundError: no section has the key.
        """
        if not isinstance(key, str):
            raise TypeError("key must be a str, not %s" % type(key).__name__)
        table = self._table
        with table._lock:
            return table._index(key)

    def __iter__(self) -> Iterator[Section]:
        return iter(self.values())

    def __reversed__(self) -> Iterator[Section]:
        return iter(self.values()[::-1])

    def __repr__(self) -> str:
        return "<foldtable sections %r>" % (self.keys(),)
