"""The Pythonic API over foldtable.h: :class:`Table`, :class:`Section` and the
value types the flat list hands out.

Nothing here re-implements an engine rule. Arguments are converted (str to
UTF-8, numbers to int64 / int32 / double, paths to int64 arrays) and passed
to C; whatever the library rejects comes back as a
:class:`~foldtable.FoldError` subclass with the library's message. The
binding itself only raises :class:`TypeError` for arguments of the wrong
Python type, the library's error classes for values C cannot even receive
(an int beyond int64, a string holding NUL), and
:class:`~foldtable.InvalidArgumentError` when :meth:`Table.scroll_offset` or
:meth:`Section.reveal_offset` is called without a viewport to default to.
"""

from __future__ import annotations

import ctypes
import enum
import numbers
import operator
import struct
import threading
from collections.abc import Iterable as _IterableABC
from ctypes import byref, c_double, c_int, c_int32, c_int64, c_void_p
from dataclasses import dataclass
from typing import (
    Any,
    Callable,
    Dict,
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

_INT64_MIN = -(1 << 63)
_INT64_MAX = (1 << 63) - 1
_INT32_MIN = -(1 << 31)
_INT32_MAX = (1 << 31) - 1

#: A section is named by its key (str) or its index (int).
KeyOrIndex = Union[str, int]

#: A path: the child index at each level from the top (``[2, 0]`` is the
#: first child of the third top-level section).
Path = Sequence[int]


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


class Accordion(enum.IntEnum):
    """How many rows may be expanded at once (``FOLD_ACCORDION_*``); see
    :attr:`Table.accordion`."""

    MULTIPLE = _ffi.ACCORDION_MULTIPLE
    """Any number of rows."""
    SINGLE = _ffi.ACCORDION_SINGLE
    """One row in the table: expanding a row collapses the expanded one."""
    PER_SECTION = _ffi.ACCORDION_PER_SECTION
    """One row per section: expanding a row collapses its section's expanded row."""


class Activation(enum.IntEnum):
    """What :meth:`Table.activate` did (``FOLD_ACTIVATED_*``)."""

    NOTHING = _ffi.ACTIVATED_NOTHING
    """Nothing changed (a footer, a section with no rows, a row that cannot expand)."""
    SECTION_COLLAPSED = _ffi.ACTIVATED_SECTION_COLLAPSED
    """A header was activated and its section collapsed."""
    SECTION_EXPANDED = _ffi.ACTIVATED_SECTION_EXPANDED
    """A header was activated and its section expanded."""
    ROW_EXPANDED = _ffi.ACTIVATED_ROW_EXPANDED
    """A row was activated and expanded (the accordion policy applied)."""
    ROW_COLLAPSED = _ffi.ACTIVATED_ROW_COLLAPSED
    """A row was activated and collapsed."""


@dataclass(frozen=True)
class TableOptions:
    """A table's options (``fold_table_options``), as :attr:`Table.options`
    reports them.

    Attributes:
        row_height: default height of a row.
        header_height: default height of a section header.
        footer_height: default footer height; 0 means sections have no footer item.
        padding_top: content padding above the first item.
        padding_bottom: content padding below the last item.
        start_collapsed: whether new sections start collapsed.
        accordion: the current :class:`Accordion` policy.
        sticky_levels: the most header levels that stick (0 = all).
    """

    row_height: float = 44.0
    header_height: float = 28.0
    footer_height: float = 0.0
    padding_top: float = 0.0
    padding_bottom: float = 0.0
    start_collapsed: bool = False
    accordion: Accordion = Accordion.MULTIPLE
    sticky_levels: int = 0


class Item(NamedTuple):
    """One item of the flat visible list (``fold_item``).

    Attributes:
        position: the item's index in the flat list.
        kind: :class:`ItemKind` — header, row or footer.
        depth: nesting depth of the item's section (0 = top level).
        section: index of the item's section among its parent's children
            (for a top-level section, its index in :attr:`Table.sections`).
        row: the row index for rows; ``None`` for headers and footers.
        flags: ``FOLD_ITEM_FLAG_*`` bits; see :attr:`collapsed`,
            :attr:`expanded` and :attr:`expandable`.
    """

    position: int
    kind: ItemKind
    depth: int
    section: int
    row: Optional[int]
    flags: int

    # The flag properties, written out in Item and VisibleItem alike (a
    # NamedTuple cannot take a mixin base), so each is typed bool.
    @property
    def collapsed(self) -> bool:
        """True for a header or footer whose section is collapsed."""
        return bool(self.flags & _ffi.ITEM_FLAG_COLLAPSED)

    @property
    def expanded(self) -> bool:
        """True for a row that is expanded (shown at its expanded height)."""
        return bool(self.flags & _ffi.ITEM_FLAG_EXPANDED)

    @property
    def expandable(self) -> bool:
        """True for a row whose expanded height exceeds its height."""
        return bool(self.flags & _ffi.ITEM_FLAG_EXPANDABLE)


class VisibleItem(NamedTuple):
    """One item of a viewport, with its geometry (``fold_visible_item``).

    Attributes:
        position: the item's index in the flat list.
        kind: :class:`ItemKind` — header, row or footer.
        depth: nesting depth of the item's section (0 = top level).
        section: index of the item's section among its parent's children.
        row: the row index for rows; ``None`` for headers and footers.
        top: offset of the item's top from the top of the content.
        height: the item's height (an expanded row's expanded height).
        flags: ``FOLD_ITEM_FLAG_*`` bits; see :attr:`collapsed`,
            :attr:`expanded` and :attr:`expandable`.
    """

    position: int
    kind: ItemKind
    depth: int
    section: int
    row: Optional[int]
    top: float
    height: float
    flags: int

    # The flag properties, written out in Item and VisibleItem alike (a
    # NamedTuple cannot take a mixin base), so each is typed bool.
    @property
    def collapsed(self) -> bool:
        """True for a header or footer whose section is collapsed."""
        return bool(self.flags & _ffi.ITEM_FLAG_COLLAPSED)

    @property
    def expanded(self) -> bool:
        """True for a row that is expanded (shown at its expanded height)."""
        return bool(self.flags & _ffi.ITEM_FLAG_EXPANDED)

    @property
    def expandable(self) -> bool:
        """True for a row whose expanded height exceeds its height."""
        return bool(self.flags & _ffi.ITEM_FLAG_EXPANDABLE)

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


class StickyHeader(NamedTuple):
    """A header drawn stuck to the top of the viewport
    (``fold_sticky_header``); see :meth:`Table.sticky_headers`.

    Attributes:
        position: the header's position in the flat list.
        depth: its section's nesting depth.
        top: where it is drawn (an offset in the content, like item tops).
        height: its height.
    """

    position: int
    depth: int
    top: float
    height: float

    @property
    def bottom(self) -> float:
        """``top + height``."""
        return self.top + self.height


class ChildRow(NamedTuple):
    """A row among a section's children (see :attr:`Section.children`).

    Attributes:
        row: the row's index among its section's rows (rows only; a child
            index counts rows and subsections alike).
    """

    row: int


class Alignment(enum.IntEnum):
    """Where :meth:`Table.scroll_offset` puts an item (``FOLD_ALIGN_*``)."""

    AUTO = _ffi.ALIGN_AUTO
    """The least movement that shows the item (below the viewport: its
    bottom at the viewport's bottom, or its top if it is taller)."""
    START = _ffi.ALIGN_START
    """The item's top at the viewport's top."""
    CENTER = _ffi.ALIGN_CENTER
    """The item's middle at the viewport's middle."""
    END = _ffi.ALIGN_END
    """The item's bottom at the viewport's bottom."""
    SMART = _ffi.ALIGN_SMART
    """No movement if the item is visible; AUTO if it is within a viewport
    of it; else CENTER."""


class SectionEvent(enum.IntEnum):
    """What a section listener (:meth:`Table.on_section`) is told
    (``FOLD_SECTION_*``). A listener may refuse a WILL event."""

    WILL_COLLAPSE = _ffi.SECTION_WILL_COLLAPSE
    DID_COLLAPSE = _ffi.SECTION_DID_COLLAPSE
    WILL_EXPAND = _ffi.SECTION_WILL_EXPAND
    DID_EXPAND = _ffi.SECTION_DID_EXPAND

    @property
    def is_will(self) -> bool:
        """True for the events a listener may refuse."""
        return self in (SectionEvent.WILL_COLLAPSE, SectionEvent.WILL_EXPAND)


class RowEvent(enum.IntEnum):
    """What a row listener (:meth:`Table.on_row`) is told (``FOLD_ROW_*``).
    A listener may refuse a WILL event."""

    WILL_EXPAND = _ffi.ROW_WILL_EXPAND
    DID_EXPAND = _ffi.ROW_DID_EXPAND
    WILL_COLLAPSE = _ffi.ROW_WILL_COLLAPSE
    DID_COLLAPSE = _ffi.ROW_DID_COLLAPSE

    @property
    def is_will(self) -> bool:
        """True for the events a listener may refuse."""
        return self in (RowEvent.WILL_EXPAND, RowEvent.WILL_COLLAPSE)


class Change(NamedTuple):
    """One step of a :class:`ChangeSet` (``fold_change``): at ``position``,
    ``removed`` items were replaced by ``added`` items — GTK's
    ``items-changed`` shape. Equal to the plain tuple
    ``(position, removed, added)``."""

    position: int
    removed: int
    added: int


class ChangeSet(NamedTuple):
    """What one mutation did to the flat list (``fold_change_set``), copied
    out of the library's arrays during the listener call, so it stays valid
    afterwards.

    Attributes:
        changes: the :class:`Change` steps, applied in order to the old list.
        redraw: the positions (in the new list) of items that stayed but must
            be redrawn (height, indicator or expanded state changed), as
            sorted, disjoint ``range`` objects (``range(4, 5)`` is position 4).
        content_height_delta: new content height minus the old.
        anchored_offset: with a viewport set (:meth:`Table.set_viewport`),
            its new offset; ``None`` without one.
    """

    changes: List[Change]
    redraw: List[range]
    content_height_delta: float
    anchored_offset: Optional[float]


class Viewport(NamedTuple):
    """The viewport the table anchors (:attr:`Table.viewport`); equal to the
    tuple ``(offset, height)``."""

    offset: float
    height: float


class ImportReport(NamedTuple):
    """What :meth:`Table.import_state` applied and ignored
    (``fold_import_report``).

    Attributes:
        sections: sections whose saved collapsed state is in effect (a
            change a section listener refused is not counted).
        unknown_sections: saved keys this table does not have.
        rows: distinct saved rows expanded after the import (a row listed
            twice counts once).
        unknown_rows: saved rows not expanded: entries naming a row missing
            or not expandable here, and rows left collapsed (the accordion
            kept another one, or a row listener refused).
        anchor_restored: whether the viewport was moved to the saved anchor.
    """

    sections: int
    unknown_sections: int
    rows: int
    unknown_rows: int
    anchor_restored: bool


# --------------------------------------------------------------------------
# The table's lock and Python callbacks
# --------------------------------------------------------------------------


class _ThreadState(threading.local):
    """Per thread: how many library callbacks (of any table) this thread is
    inside. Such a thread holds that table's lock, so it must not wait for
    another table's lock (see :meth:`_Guard.__enter__`)."""

    callbacks = 0


_thread_state = _ThreadState()

_BUSY_ELSEWHERE = (
    "the table is in use by another thread while this thread is inside a callback "
    "of another table; waiting could deadlock, so nothing was done (make the call "
    "after the callback returns)"
)


class _Guard:
    """A table's lock: reentrant, held by every method for its whole
    operation. It also carries the exception a Python callback (listener or
    height provider) raised during the current outermost call: callbacks run
    inside a C call, on the calling thread, while the lock is held, and an
    exception must not unwind through C. The trampoline stores it here and
    the outermost ``with`` block re-raises it once the C call has returned.

    It also keeps the ctypes callback objects the table no longer holds
    (removed listeners, replaced providers, everything after ``close()``)
    until the outermost call returns: the library may be running one of
    them right now (the one that removed itself), and ctypes frees a
    callback's code when its object dies.
    """

    __slots__ = ("_rlock", "_depth", "_pending", "_retired")

    def __init__(self) -> None:
        self._rlock = threading.RLock()
        self._depth = 0
        self._pending: Optional[BaseException] = None
        self._retired: List[Any] = []

    def __enter__(self) -> "_Guard":
        # Uncontended (or re-entered by this thread): one try, no wait.
        if not self._rlock.acquire(False):
            # Another thread is inside a call on this table. A thread inside
            # a callback holds another table's lock: waiting here could
            # deadlock (A->B on one thread, B->A on the other), so refuse.
            if _thread_state.callbacks:
                raise _errors.BusyError(_errors.E_BUSY, _BUSY_ELSEWHERE)
            self._rlock.acquire()
        self._depth += 1
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        self._depth -= 1
        pending = None
        retired = None
        if self._depth == 0:
            if self._pending is not None:
                pending, self._pending = self._pending, None
            if self._retired:
                # No C call on this table is running any more.
                retired, self._retired = self._retired, []
        self._rlock.release()
        del retired
        if pending is not None:
            # An exception the method raised itself becomes its __context__.
            raise pending

    def retire(self, callback: Any) -> None:
        """Keep a callback object the library no longer holds until the
        outermost call returns (call with the lock held)."""
        if callback is not None:
            self._retired.append(callback)

    def store(self, exc: BaseException) -> None:
        """Keep the first exception of this call; later ones are noted on it."""
        if self._pending is None:
            self._pending = exc
        elif hasattr(self._pending, "add_note"):  # Python 3.11+
            self._pending.add_note(
                "foldtable: another callback raised during the same call: %r" % (exc,)
            )


_CHANGE = struct.Struct("=qqq")
_RANGE = struct.Struct("=qq")
assert _CHANGE.size == ctypes.sizeof(_ffi.fold_change)
assert _RANGE.size == ctypes.sizeof(_ffi.fold_range)


def _change_set(pointer: Any) -> ChangeSet:
    """Copy a fold_change_set (valid only during the listener call)."""
    cs = pointer.contents
    n = cs.change_count
    changes = (
        [Change._make(c) for c in _CHANGE.iter_unpack(ctypes.string_at(cs.changes, n * _CHANGE.size))]
        if n > 0 and cs.changes
        else []
    )
    n = cs.redraw_count
    redraw = (
        [range(p, p + c) for p, c in _RANGE.iter_unpack(ctypes.string_at(cs.redraw, n * _RANGE.size))]
        if n > 0 and cs.redraw
        else []
    )
    return ChangeSet(
        changes,
        redraw,
        cs.content_height_delta,
        cs.anchored_offset if cs.anchored else None,
    )


def _decode_key(key: Optional[bytes]) -> str:
    return key.decode("utf-8") if key else ""


def _allows(result: object) -> int:
    """A listener's answer to a "will" event: None or a true value allows
    (1), any other false value refuses (0)."""
    return 0 if result is not None and not result else 1


def _event(enum_type: Any, value: int) -> Any:
    try:
        return enum_type(value)
    except ValueError:  # an event a newer library added
        return value


def _change_trampoline(guard: _Guard, fn: Callable[[ChangeSet], Any]) -> Any:
    def call(_table: int, changes: Any, _user_data: int) -> None:
        state = _thread_state
        state.callbacks += 1
        try:
            fn(_change_set(changes))
        except BaseException as exc:  # never unwind through C
            guard.store(exc)
        finally:
            state.callbacks -= 1

    return _ffi.CHANGE_FN(call)


def _section_trampoline(guard: _Guard, fn: Callable[[str, SectionEvent], Any]) -> Any:
    def call(_table: int, key: Optional[bytes], event: int, _user_data: int) -> int:
        state = _thread_state
        state.callbacks += 1
        try:
            return _allows(fn(_decode_key(key), _event(SectionEvent, event)))
        except BaseException as exc:  # refuses a "will" event
            guard.store(exc)
            return 0
        finally:
            state.callbacks -= 1

    return _ffi.SECTION_FN(call)


def _row_trampoline(guard: _Guard, fn: Callable[[str, int, RowEvent], Any]) -> Any:
    def call(_table: int, key: Optional[bytes], row: int, event: int, _user_data: int) -> int:
        state = _thread_state
        state.callbacks += 1
        try:
            return _allows(fn(_decode_key(key), row, _event(RowEvent, event)))
        except BaseException as exc:  # refuses a "will" event
            guard.store(exc)
            return 0
        finally:
            state.callbacks -= 1

    return _ffi.ROW_FN(call)


def _height_trampoline(guard: _Guard, fn: Callable[[str, int], Optional[float]]) -> Any:
    def call(_table: int, key: Optional[bytes], row: int, out: Any, _user_data: int) -> int:
        state = _thread_state
        state.callbacks += 1
        try:
            height = fn(_decode_key(key), row)
            if height is None:
                return 0
            out[0] = _float(height, "the height provider's answer")
            return 1
        except BaseException as exc:  # keeps the estimate
            guard.store(exc)
            return 0
        finally:
            state.callbacks -= 1

    return _ffi.HEIGHT_FN(call)


def _header_height_trampoline(guard: _Guard, fn: Callable[[str], Optional[float]]) -> Any:
    def call(_table: int, key: Optional[bytes], out: Any, _user_data: int) -> int:
        state = _thread_state
        state.callbacks += 1
        try:
            height = fn(_decode_key(key))
            if height is None:
                return 0
            out[0] = _float(height, "the header height provider's answer")
            return 1
        except BaseException as exc:  # keeps the estimate
            guard.store(exc)
            return 0
        finally:
            state.callbacks -= 1

    return _ffi.HEADER_HEIGHT_FN(call)


def _check_callable(fn: object, what: str) -> None:
    if not callable(fn):
        raise TypeError("%s must be callable, not %s" % (what, type(fn).__name__))


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


def _int32(value: int, what: str, status: int = _errors.E_INVALID) -> int:
    """An int for an int32_t option (accordion, sticky levels). A value that
    does not even fit in 32 bits is reported with ``status``: the code the
    library gives the function for a bad value (fold_table_new says
    FOLD_E_INVALID for both options, fold_table_set_sticky_levels FOLD_E_RANGE)."""
    if isinstance(value, bool):
        raise TypeError("%s must be an int, not bool" % what)
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__)) from None
    if not _INT32_MIN <= number <= _INT32_MAX:
        raise _errors.error_for(status, "%s %d does not fit in a 32-bit integer" % (what, number))
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


def _height_array(heights: Iterable[Optional[float]], allow_default: bool) -> Tuple[int, Any]:
    """(count, a ctypes double array) for one C call."""
    if allow_default:
        values = [_height_or_default(h, "height") for h in heights]
    else:
        values = [_float(h, "height") for h in heights]  # type: ignore[arg-type]
    return len(values), (c_double * len(values))(*values)


def _rows_arguments(count: Optional[int], heights: Optional[Sequence[float]]) -> Tuple[int, Any]:
    """(count, heights array or None) for the row-inserting functions: count
    defaults to ``len(heights)``, or 1 without heights."""
    if heights is None:
        return _int64(1 if count is None else count, "count"), None
    number, array = _height_array(heights, allow_default=False)
    if count is not None and _int64(count, "count") != number:
        raise InvalidArgumentError(
            _errors.E_INVALID, "count %d differs from the %d heights given" % (count, number)
        )
    return number, array


def _path(path: Path, what: str = "path") -> Tuple[Any, int]:
    """(an int64_t array, its length) for a path argument."""
    if isinstance(path, (str, bytes)) or not isinstance(path, _IterableABC):
        raise TypeError("%s must be a sequence of ints, not %s" % (what, type(path).__name__))
    values = [_int64(index, what + " index") for index in path]
    return (c_int64 * max(1, len(values)))(*values), len(values)


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


# fold_visible_item as struct sees it: position, kind, depth, section, row,
# top, height, flags, then 4 bytes of reserved skipped ("4x") — naturally
# aligned, so no padding. Checked against the ctypes declaration (size and
# every offset) at import.
_VISIBLE = struct.Struct("=qiiqqddI4x")
_VISIBLE_SIZE = _VISIBLE.size
assert _VISIBLE_SIZE == ctypes.sizeof(_ffi.fold_visible_item)
assert [getattr(_ffi.fold_visible_item, field[0]).offset for field in _ffi.fold_visible_item._fields_] == [
    0, 8, 12, 16, 24, 32, 40, 48, 52
]
# ItemKind members by value, looked up instead of calling ItemKind(...).
_KINDS = tuple(sorted(ItemKind, key=int))
assert [int(kind) for kind in _KINDS] == list(range(len(_KINDS)))
# Builds a NamedTuple without its Python-level __new__.
_new_tuple = tuple.__new__


def _default_options() -> _ffi.fold_table_options:
    """fold_table_options_init() into room for a larger struct (a newer
    library may fill fields this binding does not know), then size set to
    the fields this binding passes."""
    room = ctypes.create_string_buffer(ctypes.sizeof(_ffi.fold_table_options) + 512)
    _lib.fold_table_options_init(ctypes.cast(room, ctypes.POINTER(_ffi.fold_table_options)))
    options = _ffi.fold_table_options.from_buffer_copy(room)
    options.size = ctypes.sizeof(options)
    return options


# --------------------------------------------------------------------------
# Table
# --------------------------------------------------------------------------


class Table:
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

    The table owns a C handle: :meth:`close` (or leaving a ``with`` block)
    frees it; afterwards every call raises :class:`InvalidArgumentError`
    (a ``ValueError``). A table may be used from several threads at once;
    the library serializes the calls, and the binding makes each method
    (including ``close``) atomic with respect to the others.

    Listeners (:meth:`on_change`, :meth:`on_section`, :meth:`on_row`) and
    the height provider (:meth:`set_height_provider`) are Python callables
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
        "_path_buffer",
        "_path_capacity",
        "_callbacks",
        "_provider",
        "_header_provider",
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
        # it alive: listener id -> CFUNCTYPE object, and the height provider.
        self._callbacks: Dict[int, Any] = {}
        self._provider: Any = None
        self._header_provider: Any = None
        # Kept on the instance so __del__ works while modules are torn down.
        self._free_fn = _lib.fold_table_free
        self._capacity = 64
        self._buffer = (_ffi.fold_visible_item * self._capacity)()
        self._visible_view = memoryview(self._buffer).cast("B")
        # One sticky header per nesting level, one path index per level plus
        # a row: these hold every answer the library can give.
        self._sticky_capacity = _ffi.MAX_DEPTH + 1
        self._sticky_buffer = (_ffi.fold_sticky_header * self._sticky_capacity)()
        self._path_capacity = _ffi.MAX_DEPTH + 1
        self._path_buffer = (c_int64 * self._path_capacity)()

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
            lock.retire(self._provider)
            lock.retire(self._header_provider)
            self._callbacks = {}
            self._provider = None
            self._header_provider = None

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

    # -- sections ------------------------------------------------------------

    def _index(self, key_or_index: KeyOrIndex) -> int:
        """The index of a *top-level* section named by key or index; call
        with the lock held. An int is passed through unchecked: the library
        checks it. For a key, fold_table_section_index answers (a nested key
        is InvalidArgumentError: it has no top-level index)."""
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

    def _parent(self, parent: "Optional[Union[str, Section]]") -> Optional[bytes]:
        """A parent argument (key, Section or None for the top level) as C text."""
        if isinstance(parent, Section):
            if parent._table is not self:
                raise InvalidArgumentError(
                    _errors.E_INVALID, "section %r belongs to another table" % (parent.key,)
                )
            parent = parent.key
        return _text(parent, "parent", allow_none=True)

    @property
    def sections(self) -> "SectionsView":
        """A live view of the top-level sections, indexable by int or by key.

        ``len(table.sections)``, ``table.sections[0]``,
        ``table.sections["Mac"]``, ``"Mac" in table.sections``,
        ``for section in table.sections``, ``table.sections.keys()``.
        Nested sections are reached with :meth:`section` (by key) or
        :attr:`Section.children`.
        """
        return SectionsView(self)

    def section(self, key_or_index: KeyOrIndex) -> "Section":
        """The :class:`Section` with this key (at any depth) or at this
        top-level index.

        Raises:
            NotFoundError: no section has the key (a ``KeyError``).
            OutOfRangeError: the index is not a top-level section's (an
                ``IndexError``).
        """
        with self._lock:
            if isinstance(key_or_index, str):
                section = Section(self, key_or_index)
                section.depth  # raises NotFoundError if absent
                return section
            return Section(self, self._key_at(self._index(key_or_index)))

    def append_section(
        self,
        key: str,
        header: Optional[str] = "",
        rows: int = 0,
        *,
        parent: "Optional[Union[str, Section]]" = None,
    ) -> "Section":
        """Add a section at the end of the top level (or of ``parent``'s
        children) and return it.

        Args:
            key: a non-empty key, unique in the whole table.
            header: the header text, ``"Title|Detail"`` or just ``"Title"``
                (``None`` means ``""``).
            rows: the number of rows, all of the default height.
            parent: ``None`` for the top level, or the key or
                :class:`Section` to add the section to as its last child.

        Raises:
            DuplicateKeyError: another section has this key (a ``ValueError``).
            InvalidArgumentError: the key is empty or a string is invalid.
            OutOfRangeError: ``rows`` is negative or too large, or the new
                section would be deeper than :data:`foldtable.MAX_DEPTH`.
            NotFoundError: no section has the parent key.
        """
        key_bytes = _text(key, "key")
        header_bytes = _text(header, "header", allow_none=True)
        count = _int64(rows, "rows")
        with self._lock:
            if parent is None:
                _lib.fold_table_append_section(self._h(), key_bytes, header_bytes, count)
            else:
                parent_bytes = self._parent(parent)
                end = c_int64()
                _lib.fold_table_child_count(self._h(), parent_bytes, byref(end))
                _lib.fold_table_insert_subsection(
                    self._h(), parent_bytes, end.value, key_bytes, header_bytes, count
                )
        return Section(self, key)

    def insert_section(
        self,
        index: int,
        key: str,
        header: Optional[str] = "",
        rows: int = 0,
        *,
        parent: "Optional[Union[str, Section]]" = None,
    ) -> "Section":
        """Insert a section so that it becomes child ``index`` of ``parent``
        (``None``: the top level, where ``index`` is the section index) and
        return it. ``index`` goes from 0 through the parent's child count;
        in a section it counts rows and subsections alike. Arguments and
        errors as :meth:`append_section`, plus :class:`OutOfRangeError` for
        a bad index."""
        position = _int64(index, "index")
        key_bytes = _text(key, "key")
        header_bytes = _text(header, "header", allow_none=True)
        count = _int64(rows, "rows")
        with self._lock:
            if parent is None:
                _lib.fold_table_insert_section(self._h(), position, key_bytes, header_bytes, count)
            else:
                _lib.fold_table_insert_subsection(
                    self._h(), self._parent(parent), position, key_bytes, header_bytes, count
                )
        return Section(self, key)

    def remove_section(self, key_or_index: KeyOrIndex) -> None:
        """Remove a section with everything inside it: by key at any depth,
        or by top-level index.

        Raises:
            NotFoundError: no section has the key.
            OutOfRangeError: the index is not a top-level section's.
        """
        with self._lock:
            if isinstance(key_or_index, str):
                Section(self, key_or_index).remove()
            else:
                _lib.fold_table_remove_section(self._h(), self._index(key_or_index))

    def move_section(self, key_or_index: KeyOrIndex, to: int) -> None:
        """Move a section among its siblings so that it ends at index ``to``
        (0 .. sibling count - 1): by key at any depth, or by top-level
        index. Its key, children and states move with it. To move a section
        to another parent, use :meth:`Section.move_to`.

        Raises:
            NotFoundError: no section has the key.
            OutOfRangeError: an index is out of range.
        """
        target = _int64(to, "to")
        with self._lock:
            if isinstance(key_or_index, str):
                section = Section(self, key_or_index)
                section.move_to(section.parent, target)
            else:
                _lib.fold_table_move_section(self._h(), self._index(key_or_index), target)

    # -- paths ---------------------------------------------------------------

    def _read_path(self, fn: Callable[..., int], *args: Any) -> List[int]:
        """Call a path-writing function (…, out_path, capacity, out_length)
        into the table's buffer; call with the lock held."""
        length = c_int64()
        while True:
            fn(self._h(), *args, self._path_buffer, self._path_capacity, byref(length))
            if length.value <= self._path_capacity:
                return list(self._path_buffer[: length.value])
            self._path_capacity = length.value
            self._path_buffer = (c_int64 * self._path_capacity)()

    def section_at_path(self, path: Path) -> "Section":
        """The :class:`Section` a path names (every index must name a section).

        Raises:
            OutOfRangeError: an index is out of range, or the path is empty
                or too long.
            NotFoundError: an index names a row, not a section.
        """
        array, length = _path(path)
        out = c_void_p()
        with self._lock:
            _lib.fold_table_path_key(self._h(), array, length, byref(out))
        key = _take_string(out.value)
        assert key is not None
        return Section(self, key)

    def path_position(self, path: Path) -> int:
        """The flat position of what a path names: a section's header, or a row.

        Raises:
            NotVisibleError: it is inside a collapsed section (a ``LookupError``).
            OutOfRangeError: an index is out of range.
        """
        array, length = _path(path)
        out = c_int64()
        with self._lock:
            _lib.fold_table_path_position(self._h(), array, length, byref(out))
        return out.value

    def item_path(self, position: int) -> List[int]:
        """The path of the item at ``position``: its section's path, plus the
        row's child index for a row (a footer has its section's path).

        Raises:
            OutOfRangeError: no item has this position.
        """
        index = _int64(position, "position")
        with self._lock:
            return self._read_path(_lib.fold_table_item_path, index)

    def item_key(self, position: int) -> str:
        """The key of the section the item at ``position`` belongs to.

        Raises:
            OutOfRangeError: no item has this position.
        """
        index = _int64(position, "position")
        out = c_void_p()
        with self._lock:
            _lib.fold_table_item_key(self._h(), index, byref(out))
        key = _take_string(out.value)
        assert key is not None
        return key

    def item_section(self, position: int) -> "Section":
        """The :class:`Section` the item at ``position`` belongs to."""
        return Section(self, self.item_key(position))

    def insert_section_at_path(
        self, path: Path, key: str, header: Optional[str] = "", rows: int = 0
    ) -> "Section":
        """Insert a section at ``path`` and return it: the path's last index
        is the child index in the section the leading indices name (the top
        level for a one-index path). Other arguments as :meth:`append_section`.

        Raises:
            OutOfRangeError: the path is out of range or too deep.
            NotFoundError: a leading index names a row.
            DuplicateKeyError, InvalidArgumentError: as :meth:`append_section`.
        """
        array, length = _path(path)
        key_bytes = _text(key, "key")
        header_bytes = _text(header, "header", allow_none=True)
        count = _int64(rows, "rows")
        with self._lock:
            _lib.fold_table_insert_section_at_path(
                self._h(), array, length, key_bytes, header_bytes, count
            )
        return Section(self, key)

    def insert_rows_at_path(
        self, path: Path, count: Optional[int] = None, heights: Optional[Sequence[float]] = None
    ) -> None:
        """Insert rows at ``path``: its last index is the child index of the
        first new row in the section the leading indices name (rows cannot
        go at the top level). ``count`` and ``heights`` as
        :meth:`Section.insert_rows`.

        Raises:
            OutOfRangeError: the path or count is out of range.
            InvalidArgumentError: a one-index path (the top level), or a bad height.
        """
        array, length = _path(path)
        number, heights_array = _rows_arguments(count, heights)
        with self._lock:
            _lib.fold_table_insert_rows_at_path(self._h(), array, length, number, heights_array)

    def remove_at_path(self, path: Path, count: int = 1) -> None:
        """Remove ``count`` children starting at ``path`` (rows and sections
        alike, sections with everything inside them).

        Raises:
            OutOfRangeError: the path or count is out of range.
        """
        array, length = _path(path)
        number = _int64(count, "count")
        with self._lock:
            _lib.fold_table_remove_at_path(self._h(), array, length, number)

    def move_at_path(self, from_path: Path, to_path: Path) -> None:
        """Move the row or section at ``from_path`` so that it ends at
        ``to_path``, whose last index counts the target's children without
        the moved one. A row keeps its heights and expanded state and must
        land in a section; a section cannot move into its own subtree.

        Raises:
            OutOfRangeError: a path is out of range.
            InvalidArgumentError: a section into its own subtree, or a row
                to the top level.
        """
        source, source_length = _path(from_path, "from_path")
        target, target_length = _path(to_path, "to_path")
        with self._lock:
            _lib.fold_table_move_at_path(self._h(), source, source_length, target, target_length)

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
        """The stored ``(key, collapsed)`` state of every section, nested
        ones included, in the library's section order, read in one call (a
        consistent snapshot)."""
        return self._keyed_array(_lib.fold_table_section_states, _ffi.fold_section_state,
                                 lambda key, entry: (key, bool(entry.collapsed)))

    def set_indicators(self, collapsed: str, expanded: str) -> None:
        """Set the strings :attr:`Section.indicator` shows for collapsed and
        expanded sections (defaults ``"+"`` and ``"\\u2013"``, an en dash)."""
        collapsed_bytes = _text(collapsed, "collapsed")
        expanded_bytes = _text(expanded, "expanded")
        with self._lock:
            _lib.fold_table_set_indicators(self._h(), collapsed_bytes, expanded_bytes)

    # -- expandable rows -----------------------------------------------------

    def expanded_rows(self) -> List[Tuple[str, int]]:
        """Every expanded row as ``(section key, row index)``, in list order,
        read in one call."""
        return self._keyed_array(_lib.fold_table_expanded_rows, _ffi.fold_row_ref,
                                 lambda key, entry: (key, int(entry.row)))

    def _keyed_array(self, fn: Any, entry_type: Any, convert: Callable[[str, Any], Any]) -> List[Any]:
        """Reads one of the library's "entries followed by their keys"
        allocations (``fn(table, &entries, &count)``), converts each entry
        with its decoded key, and frees the allocation."""
        entries = c_void_p()
        count = c_int64()
        with self._lock:
            fn(self._h(), byref(entries), byref(count))
        if not entries.value:
            return []
        try:
            array = ctypes.cast(entries, ctypes.POINTER(entry_type))
            result = []
            for i in range(count.value):
                entry = array[i]
                key = ctypes.string_at(entry.key).decode("utf-8") if entry.key else ""
                result.append(convert(key, entry))
            return result
        finally:
            _lib.fold_free(entries)

    def activate(self, position: int) -> Activation:
        """What a click on the item at ``position`` does: a header toggles
        its section, a row toggles its expansion (the :attr:`accordion`
        policy applies), a footer does nothing. Returns the
        :class:`Activation` that happened.

        Raises:
            OutOfRangeError: no item has this position.
        """
        index = _int64(position, "position")
        out = c_int32()
        with self._lock:
            _lib.fold_table_activate(self._h(), index, byref(out))
        return Activation(out.value)

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
            return [
                _new_tuple(VisibleItem, (p, _KINDS[k], d, s, None if r < 0 else r, t, h, f))
                for p, k, d, s, r, t, h, f in _VISIBLE.iter_unpack(data)
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
        if fn is not None:
            _check_callable(fn, "the height provider")
        with self._lock:
            callback = _ffi.HEIGHT_FN() if fn is None else _height_trampoline(self._lock, fn)
            _lib.fold_table_set_height_provider(self._h(), callback, None)
            # The library calls the old one no more, but a measure may be
            # running it right now (a provider that replaces itself).
            self._lock.retire(self._provider)
            self._provider = None if fn is None else callback

    def set_header_height_provider(self, fn: Optional[Callable[[str], Optional[float]]]) -> None:
        """Set (or with ``None`` remove) the function :meth:`measure` asks
        for header heights: ``fn(key)`` returns the height of section
        ``key``'s header, or ``None`` to keep the estimate. With one set,
        every header whose height was not set counts as the table's header
        height until measured; :meth:`Section.invalidate_heights` forgets it.
        Same rules as :meth:`set_height_provider` (reading allowed, changes
        raise :class:`BusyError`, exceptions are re-raised by :meth:`measure`).
        """
        if fn is not None:
            _check_callable(fn, "the header height provider")
        with self._lock:
            callback = (_ffi.HEADER_HEIGHT_FN() if fn is None
                        else _header_height_trampoline(self._lock, fn))
            _lib.fold_table_set_header_height_provider(self._h(), callback, None)
            self._lock.retire(self._header_provider)
            self._header_provider = None if fn is None else callback

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
        out = c_int64()
        with self._lock:
            _lib.fold_table_measure(self._h(), start, extent, extra, byref(out))
        return out.value

    def invalidate_all_heights(self) -> None:
        """Forget every measured row height, so the provider is asked again
        (expanded heights stay)."""
        with self._lock:
            _lib.fold_table_invalidate_all_heights(self._h())


# --------------------------------------------------------------------------
# Sections
# --------------------------------------------------------------------------


class Section:
    """One section of a :class:`Table`, at any depth, bound to its key.

    A ``Section`` is a light handle: it stores the table and the key, and
    asks the library for everything else on each access. It stays valid
    while other sections are inserted, removed or moved, and while it moves
    itself; once its own section is removed, every access raises
    :class:`NotFoundError`.

    Obtain one from :meth:`Table.append_section`, :meth:`Table.insert_section`,
    :meth:`Table.section`, :attr:`Table.sections`, :meth:`insert_subsection`
    or :attr:`children`. Two ``Section`` objects are equal when they name the
    same key of the same table.

    Rows are named by their index among the section's rows (``row``); a
    *child index* counts rows and subsections alike (:meth:`insert_child_rows`,
    :meth:`remove_children`, :attr:`children`).

    Every method works at any depth: the binding calls the library's
    key-addressed (``fold_table_*_key``) functions, never the index-based
    ones.
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

    def _kb(self) -> bytes:
        data = _text(self._key, "key")
        assert data is not None
        return data

    # -- place in the tree ---------------------------------------------------

    @property
    def exists(self) -> bool:
        """False once the section has been removed (or the table closed)."""
        try:
            self.depth
        except (NotFoundError, InvalidArgumentError):
            return False
        return True

    @property
    def depth(self) -> int:
        """The nesting depth (0 = top level)."""
        out = c_int64()
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_section_depth(self._table._h(), key, byref(out))
        return out.value

    @property
    def parent(self) -> "Optional[Section]":
        """The section this one is a child of; ``None`` at the top level."""
        out = c_void_p()
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_section_parent(self._table._h(), key, byref(out))
        parent = _take_string(out.value)
        return None if parent is None else Section(self._table, parent)

    @property
    def path(self) -> List[int]:
        """The child index at each level from the top down to this section
        (``[2]`` for the third top-level section, ``[2, 0]`` for its first child)."""
        key = self._kb()
        table = self._table
        with table._lock:
            return table._read_path(_lib.fold_table_section_path, key)

    @property
    def index(self) -> int:
        """The section's index among its parent's children (for a top-level
        section, its index in :attr:`Table.sections`): the last index of
        :attr:`path`."""
        return self.path[-1]

    @property
    def child_count(self) -> int:
        """The number of children: rows and subsections."""
        out = c_int64()
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_child_count(self._table._h(), key, byref(out))
        return out.value

    @property
    def children(self) -> "List[Union[ChildRow, Section]]":
        """The children in order: a :class:`ChildRow` for each row, a
        :class:`Section` for each subsection. A snapshot, read under the
        table's lock with one call per child."""
        key = self._kb()
        table = self._table
        kind = c_int32()
        row = c_int64()
        child_key = c_void_p()
        result: List[Union[ChildRow, Section]] = []
        with table._lock:
            count = c_int64()
            _lib.fold_table_child_count(table._h(), key, byref(count))
            for index in range(count.value):
                child_key.value = None
                _lib.fold_table_child_at(
                    table._h(), key, index, byref(kind), byref(row), byref(child_key)
                )
                name = _take_string(child_key.value)
                if kind.value == _ffi.CHILD_SECTION and name is not None:
                    result.append(Section(table, name))
                else:
                    result.append(ChildRow(row.value))
        return result

    def insert_subsection(
        self, index: int, key: str, header: Optional[str] = "", rows: int = 0
    ) -> "Section":
        """Insert a section as child ``index`` (0 through :attr:`child_count`)
        and return it; as :meth:`Table.insert_section` with this section as
        the parent.

        Raises:
            OutOfRangeError: a bad index, or deeper than :data:`foldtable.MAX_DEPTH`.
            DuplicateKeyError, InvalidArgumentError: as :meth:`Table.append_section`.
        """
        return self._table.insert_section(index, key, header, rows, parent=self)

    def append_subsection(self, key: str, header: Optional[str] = "", rows: int = 0) -> "Section":
        """Add a section as the last child and return it; as
        :meth:`insert_subsection`."""
        return self._table.append_section(key, header, rows, parent=self)

    def insert_child_rows(
        self, index: int, count: Optional[int] = None, heights: Optional[Sequence[float]] = None
    ) -> None:
        """Insert rows as children ``index`` .. ``index + count - 1`` (a child
        index counts rows and subsections alike). ``count`` and ``heights``
        as :meth:`insert_rows`.

        Raises:
            OutOfRangeError: ``index`` or ``count`` is out of range.
            InvalidArgumentError: a height is invalid, or ``count`` differs
                from ``len(heights)``.
        """
        at = _int64(index, "index")
        number, array = _rows_arguments(count, heights)
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_insert_child_rows(self._table._h(), key, at, number, array)

    def remove_children(self, index: int, count: int = 1) -> None:
        """Remove children ``index`` .. ``index + count - 1``, rows and
        subsections alike (with everything inside them).

        Raises:
            OutOfRangeError: the children are not all there.
        """
        at = _int64(index, "index")
        number = _int64(count, "count")
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_remove_children(self._table._h(), key, at, number)

    def move_to(self, parent: "Optional[Union[str, Section]]", index: int) -> None:
        """Move this section (children and states with it) to be child
        ``index`` of ``parent`` (a key, a :class:`Section`, or ``None`` for
        the top level); ``index`` counts that parent's children without
        this section.

        Raises:
            InvalidArgumentError: ``parent`` is this section or inside it.
            OutOfRangeError: ``index`` is out of range, or too deep.
            NotFoundError: no section has the parent key.
        """
        at = _int64(index, "index")
        key = self._kb()
        table = self._table
        with table._lock:
            _lib.fold_table_move_section_to(table._h(), key, table._parent(parent), at)

    def remove(self) -> None:
        """Remove this section with everything inside it."""
        key = self._kb()
        table = self._table
        with table._lock:
            path = table._read_path(_lib.fold_table_section_path, key)
            array, length = _path(path)
            _lib.fold_table_remove_at_path(table._h(), array, length, 1)

    # -- header --------------------------------------------------------------

    def _header_parts(self) -> Tuple[str, Optional[str]]:
        title = c_void_p()
        detail = c_void_p()
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_section_header_key(
                self._table._h(), key, byref(title), byref(detail)
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
        """Replace the header text (``None`` means ``""``). Reported to
        change listeners as a redraw of the header."""
        data = _text(text, "header", allow_none=True)
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_set_section_header_key(self._table._h(), key, data)

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
        key = self._kb()
        with self._table._lock:
            fn(self._table._h(), key, byref(changed))
        return bool(changed.value)

    def collapse(self) -> bool:
        """Collapse the section (hiding its whole subtree); True if its
        state changed. A section that is already collapsed, or has no rows,
        does not change."""
        return self._flip(_lib.fold_table_collapse_key)

    def expand(self) -> bool:
        """Expand the section; True if its state changed. Subsections show
        again in the states they kept."""
        return self._flip(_lib.fold_table_expand_key)

    def toggle(self) -> bool:
        """Collapse an expanded section or expand a collapsed one; True if its
        state changed (False for a section with no rows)."""
        return self._flip(_lib.fold_table_toggle_key)

    @property
    def collapsed(self) -> bool:
        """The stored collapsed state. Setting it collapses or expands."""
        out = c_int()
        key = self._kb()
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
        or ``""`` for a section with no children (see
        :meth:`Table.set_indicators`)."""
        out = c_void_p()
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_section_indicator_key(self._table._h(), key, byref(out))
        return _take_string(out.value) or ""

    # -- counts --------------------------------------------------------------

    @property
    def row_count(self) -> int:
        """The real number of rows (not subsections), collapsed or not."""
        out = c_int64()
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_row_count_key(self._table._h(), key, byref(out))
        return out.value

    @property
    def visible_row_count(self) -> int:
        """The number of rows shown: 0 while collapsed, else :attr:`row_count`."""
        out = c_int64()
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_visible_row_count_key(self._table._h(), key, byref(out))
        return out.value

    # -- section heights -------------------------------------------------------

    @property
    def heights(self) -> Tuple[float, float, float]:
        """The effective ``(header, footer, default row)`` heights."""
        header = c_double()
        footer = c_double()
        row = c_double()
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_section_heights_key(
                self._table._h(), key, byref(header), byref(footer), byref(row)
            )
        return header.value, footer.value, row.value

    def _set_height(self, fn: Callable[..., int], value: Optional[float], what: str) -> None:
        height = _height_or_default(value, what)
        key = self._kb()
        with self._table._lock:
            fn(self._table._h(), key, height)

    @property
    def header_height(self) -> float:
        """The effective header height. Set a number to override the table's
        default, or ``None`` to return to it."""
        return self.heights[0]

    @header_height.setter
    def header_height(self, value: Optional[float]) -> None:
        self._set_height(_lib.fold_table_set_section_header_height_key, value, "header_height")

    @property
    def footer_height(self) -> float:
        """The effective footer height (0 = no footer item). Set a number to
        override the table's default, or ``None`` to return to it."""
        return self.heights[1]

    @footer_height.setter
    def footer_height(self, value: Optional[float]) -> None:
        self._set_height(_lib.fold_table_set_section_footer_height_key, value, "footer_height")

    @property
    def default_row_height(self) -> float:
        """The height of this section's rows that have no height of their own.
        Set a number to override the table's default, or ``None`` to return
        to it. (Named so because :meth:`row_height` asks for one row.)"""
        return self.heights[2]

    @default_row_height.setter
    def default_row_height(self, value: Optional[float]) -> None:
        self._set_height(_lib.fold_table_set_section_row_height_key, value, "default_row_height")

    # -- rows ----------------------------------------------------------------

    def insert_rows(
        self, row: int, count: Optional[int] = None, heights: Optional[Sequence[float]] = None
    ) -> None:
        """Insert rows before row ``row`` (0 through :attr:`row_count`).

        Args:
            row: where the new rows go, as a row index (rows only).
            count: how many rows; defaults to ``len(heights)``, or 1.
            heights: the new rows' heights (:data:`foldtable.HEIGHT_DEFAULT`
                allowed), or ``None`` for the section's default height.
                Validated by the library before anything changes.

        Raises:
            OutOfRangeError: ``row`` or ``count`` is out of range.
            InvalidArgumentError: a height is invalid, or ``count`` differs
                from ``len(heights)``.
        """
        at = _int64(row, "row")
        number, array = _rows_arguments(count, heights)
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_insert_rows_key(self._table._h(), key, at, number, array)

    def append_rows(self, count: Optional[int] = None, heights: Optional[Sequence[float]] = None) -> None:
        """Add rows after the section's last row; as :meth:`insert_rows`."""
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
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_remove_rows_key(self._table._h(), key, at, number)

    def row_height(self, row: int) -> float:
        """The height of row ``row``: its own, or the section's default
        (not its expanded height; see :meth:`expanded_height`)."""
        out = c_double()
        at = _int64(row, "row")
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_row_height_key(self._table._h(), key, at, byref(out))
        return out.value

    def set_row_height(self, row: int, height: Optional[float]) -> None:
        """Set the height of row ``row``; ``None`` returns it to the
        section's default row height."""
        at = _int64(row, "row")
        value = _height_or_default(height, "height")
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_set_row_height_key(self._table._h(), key, at, value)

    def set_row_heights(self, row: int, heights: Sequence[Optional[float]]) -> None:
        """Set the heights of rows ``row`` .. ``row + len(heights) - 1`` in one
        call (``None`` entries return a row to the default). The library
        validates every value before anything changes."""
        at = _int64(row, "row")
        number, array = _height_array(heights, allow_default=True)
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_set_row_heights_key(self._table._h(), key, at, number, array)

    # -- expandable rows -------------------------------------------------------

    def set_expanded_height(self, row: int, height: Optional[float]) -> None:
        """Set row ``row``'s expanded height; ``None`` removes it (and
        collapses the row). The row is expandable while its expanded height
        is larger than its height; a row that stops being so collapses."""
        at = _int64(row, "row")
        value = _height_or_default(height, "height")
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_set_row_expanded_height(self._table._h(), key, at, value)

    def expanded_height(self, row: int) -> Optional[float]:
        """Row ``row``'s expanded height, or ``None`` if it has none."""
        out = c_double()
        at = _int64(row, "row")
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_row_expanded_height(self._table._h(), key, at, byref(out))
        return None if out.value == _ffi.HEIGHT_DEFAULT else out.value

    def _row_flip(self, fn: Callable[..., int], row: int) -> bool:
        at = _int64(row, "row")
        changed = c_int()
        key = self._kb()
        with self._table._lock:
            fn(self._table._h(), key, at, byref(changed))
        return bool(changed.value)

    def expand_row(self, row: int) -> bool:
        """Expand row ``row``; True if its state changed. A row that is not
        expandable does not change. Under :attr:`Accordion.SINGLE` /
        :attr:`Accordion.PER_SECTION` the expanded row of the table / of
        this section collapses first."""
        return self._row_flip(_lib.fold_table_expand_row, row)

    def collapse_row(self, row: int) -> bool:
        """Collapse row ``row``; True if its state changed."""
        return self._row_flip(_lib.fold_table_collapse_row, row)

    def toggle_row(self, row: int) -> bool:
        """Expand row ``row`` if it is collapsed (as :meth:`expand_row`), or
        collapse it; True if its state changed."""
        return self._row_flip(_lib.fold_table_toggle_row, row)

    def _row_query(self, fn: Callable[..., int], row: int) -> bool:
        at = _int64(row, "row")
        out = c_int()
        key = self._kb()
        with self._table._lock:
            fn(self._table._h(), key, at, byref(out))
        return bool(out.value)

    def is_row_expanded(self, row: int) -> bool:
        """True if row ``row`` is expanded."""
        return self._row_query(_lib.fold_table_is_row_expanded, row)

    def is_row_expandable(self, row: int) -> bool:
        """True if row ``row``'s expanded height exceeds its height."""
        return self._row_query(_lib.fold_table_is_row_expandable, row)

    # -- positions -----------------------------------------------------------

    def _position(self, fn: Callable[..., int]) -> int:
        out = c_int64()
        key = self._kb()
        with self._table._lock:
            fn(self._table._h(), key, byref(out))
        return out.value

    @property
    def header_position(self) -> int:
        """The position of the section's header in the flat list.

        Raises:
            NotVisibleError: a section that contains this one is collapsed.
        """
        return self._position(_lib.fold_table_header_position_key)

    def row_position(self, row: int) -> int:
        """The position of row ``row`` in the flat list.

        Raises:
            NotVisibleError: this section or one containing it is collapsed
                (a ``LookupError``).
            OutOfRangeError: no such row.
        """
        out = c_int64()
        at = _int64(row, "row")
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_row_position_key(self._table._h(), key, at, byref(out))
        return out.value

    @property
    def footer_position(self) -> int:
        """The position of the section's footer.

        Raises:
            NotFoundError: the section has no footer (footer height 0).
            NotVisibleError: a section that contains this one is collapsed.
        """
        return self._position(_lib.fold_table_footer_position_key)

    # -- scrolling -----------------------------------------------------------

    def reveal_offset(
        self,
        rows: int = 5,
        *,
        offset: Optional[float] = None,
        viewport_height: Optional[float] = None,
    ) -> float:
        """After expanding this section: the offset that shows its header and
        up to its first ``rows`` children, scrolling as little as possible
        (the header goes to the top when they do not fit), for a viewport of
        ``viewport_height`` now at ``offset`` (both default to the table's
        :attr:`Table.viewport`).

        Raises:
            NotVisibleError: a section containing this one is collapsed.
            InvalidArgumentError: bad values, or no viewport to default to.
        """
        count = _int64(rows, "rows")
        key = self._kb()
        out = c_double()
        table = self._table
        with table._lock:
            start, extent = table._viewport_arguments(offset, viewport_height)
            _lib.fold_table_reveal_offset(table._h(), key, count, start, extent, byref(out))
        return out.value

    def reveal_row(self, row: int, expand_ancestors: bool = False) -> int:
        """The position of row ``row``. With ``expand_ancestors``, the
        collapsed sections that hide it (this one included) are expanded
        first, reported like any expansion: all or nothing, every section
        listener is asked about every one of them before any expands.

        Raises:
            NotVisibleError: the row is hidden and ``expand_ancestors`` is
                False, or a section listener refused to expand one of them
                (then nothing changed).
            OutOfRangeError: no such row.
        """
        at = _int64(row, "row")
        key = self._kb()
        out = c_int64()
        with self._table._lock:
            _lib.fold_table_reveal_row(
                self._table._h(), key, at, 1 if expand_ancestors else 0, byref(out)
            )
        return out.value

    # -- lazy heights --------------------------------------------------------

    def invalidate_row_height(self, row: int) -> None:
        """Forget row ``row``'s measured height so the height provider is
        asked again (see :meth:`Table.measure`)."""
        at = _int64(row, "row")
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_invalidate_row_height(self._table._h(), key, at)

    def invalidate_heights(self) -> None:
        """Forget the measured heights of every row of this section."""
        key = self._kb()
        with self._table._lock:
            _lib.fold_table_invalidate_section_heights(self._table._h(), key)


# --------------------------------------------------------------------------
# The sections view
# --------------------------------------------------------------------------


class SectionsView:
    """A live view of a table's top-level sections, both a sequence and a
    mapping.

    * ``len(view)`` — the number of top-level sections;
    * ``view[i]`` — the :class:`Section` at index ``i`` (negative counts
      from the end); ``view["key"]`` — the top-level section with that key;
    * ``"key" in view`` — whether a top-level section has the key;
    * iteration, :meth:`keys`, :meth:`values`, :meth:`items` — a snapshot of
      the top-level sections in order.

    A nested section's key is not in the view (``view["Bat"]`` raises
    :class:`NotFoundError` saying it is nested); reach it with
    :meth:`Table.section` or :attr:`Section.children`.
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

    def _top_level(self, key: str) -> Section:
        table = self._table
        with table._lock:
            section = table.section(key)
            depth = section.depth
        if depth != 0:
            raise NotFoundError(
                _errors.E_NOT_FOUND,
                "section %r is nested (depth %d), not a top-level section; use "
                "Table.section(key)" % (key, depth),
            )
        return section

    def __getitem__(self, key_or_index: KeyOrIndex) -> Section:
        table = self._table
        if isinstance(key_or_index, str):
            return self._top_level(key_or_index)
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
            self._top_level(key)
        except NotFoundError:
            return False
        except InvalidArgumentError:
            if table.closed:
                raise
            return False  # "" or an invalid string names no section
        return True

    def keys(self) -> List[str]:
        """The keys of the top-level sections, in order."""
        table = self._table
        result = []
        kind = c_int32()
        key = c_void_p()
        with table._lock:
            count = c_int64()
            _lib.fold_table_child_count(table._h(), None, byref(count))
            for index in range(count.value):
                key.value = None
                _lib.fold_table_child_at(table._h(), None, index, byref(kind), None, byref(key))
                name = _take_string(key.value)
                assert name is not None
                result.append(name)
        return result

    def values(self) -> List[Section]:
        """All top-level sections, in order."""
        return [Section(self._table, key) for key in self.keys()]

    def items(self) -> List[Tuple[str, Section]]:
        """``(key, Section)`` pairs of the top-level sections, in order."""
        return [(key, Section(self._table, key)) for key in self.keys()]

    def get(self, key: str, default: Optional[Section] = None) -> Optional[Section]:
        """The top-level section with ``key``, or ``default`` if there is none."""
        if not isinstance(key, str):
            raise TypeError("key must be a str, not %s" % type(key).__name__)
        try:
            return self._top_level(key)
        except NotFoundError:
            return default

    def index(self, key: str) -> int:
        """The index of the top-level section with ``key``.

        Raises:
            NotFoundError: no top-level section has the key.
        """
        if not isinstance(key, str):
            raise TypeError("key must be a str, not %s" % type(key).__name__)
        with self._table._lock:
            return self._top_level(key).index

    def __iter__(self) -> Iterator[Section]:
        return iter(self.values())

    def __reversed__(self) -> Iterator[Section]:
        return iter(self.values()[::-1])

    def __repr__(self) -> str:
        return "<foldtable sections %r>" % (self.keys(),)
