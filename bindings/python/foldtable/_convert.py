"""Argument conversion and the out-parameter pattern (internal).

Python values become C values here (str to UTF-8, numbers to int64 / int32
/ double, paths to int64 arrays), with no engine rule: whatever the library
rejects comes back from its ``errcheck`` (see :mod:`foldtable._ffi`) as a
:class:`~foldtable.FoldError`. The binding itself only raises
:class:`TypeError` for arguments of the wrong Python type and the library's
error classes for values C cannot even receive (an int beyond int64, a
string holding NUL).

:func:`_out_struct` is the one helper for "call with a pointer to an output,
read it" (:func:`_out` and :func:`_outs` read scalar values through it);
:func:`_value` the one conversion of a struct into a value type;
:class:`_ArrayBuffer`, :class:`_VisibleBuffer`, :class:`_PathBuffer` and
:class:`_TextBuffer` are buffers a table reuses for answers of varying length.
"""

from __future__ import annotations

import ctypes
import enum
import dataclasses
import numbers
import operator
import struct
import sys
from array import array as pyarray
from collections.abc import Iterable as _IterableABC
from ctypes import byref, c_double, c_int64, c_size_t
from typing import (
    TYPE_CHECKING,
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    Optional,
    Sequence,
    Tuple,
    Type,
    TypeVar,
    cast,
)

from . import _errors, _ffi
from ._errors import InvalidArgumentError, OutOfRangeError
from ._item_values import ItemKind, VisibleItem
from ._section_values import Path

if TYPE_CHECKING:
    from ctypes import _CData, _SimpleCData

_lib = _ffi.lib

_INT64_MAX = (1 << 63) - 1

_T = TypeVar("_T")
_V = TypeVar("_V")
_C = TypeVar("_C", bound="_CData")


def _out_struct(fn: Callable[..., Any], out_type: Type[_C], *args: Any) -> _C:
    """``fn(*args, &out)`` and the ``out_type`` object it wrote: the
    out-parameter pattern in one place (the function's errcheck raises on
    failure, so nothing is read then). Call with the table's lock held."""
    out = out_type()
    fn(*args, byref(out))
    return out


def _out(fn: Callable[..., Any], ctype: "Type[_SimpleCData[_T]]", *args: Any) -> _T:
    """:func:`_out_struct` for a scalar output: its value."""
    return _out_struct(fn, ctype, *args).value


def _outs(fn: Callable[..., Any], ctypes_: Sequence[Any], *args: Any) -> List[Any]:
    """:func:`_out_struct` for several scalar outputs, ``fn(*args, &out1,
    &out2, ...)``: their values, in order."""
    outs = [ctype() for ctype in ctypes_]
    fn(*args, *[byref(out) for out in outs])
    return [out.value for out in outs]


def _value(value_type: Callable[..., _V], struct: Any, **converted: Any) -> _V:
    """A value type (a NamedTuple or dataclass of :mod:`._values`) from the
    struct fields of the same names, as they are; ``converted`` gives the
    fields that need a conversion (an enum, a bool) or that the struct
    does not hold."""
    names = getattr(value_type, "_fields", None)
    if names is None:
        names = [field.name for field in dataclasses.fields(value_type)]  # type: ignore[arg-type]
    return value_type(**{
        name: converted[name] if name in converted else getattr(struct, name) for name in names
    })


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


def _fitting_int(value: int, what: str, bits: int, status: int) -> int:
    """An int (anything ``operator.index`` takes) that fits in a signed
    ``bits``-bit integer. ctypes would silently wrap a larger value, so one
    that does not fit is reported here, with ``status``."""
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError("%s must be an int, not %s" % (what, type(value).__name__)) from None
    if not -(1 << (bits - 1)) <= number < 1 << (bits - 1):
        raise _errors.error_for(
            status, "%s %d does not fit in a %d-bit integer" % (what, number, bits)
        )
    return number


def _enum_value(value: Any, enum_type: Type[enum.IntEnum], what: str) -> int:
    """A member of ``enum_type``, its name in any case (``"toggle"``), or an
    int, which the library checks (an unknown one is its InvalidArgumentError)."""
    if isinstance(value, enum_type):
        return int(value)
    names = ", ".join(m.name for m in enum_type)
    if isinstance(value, str):
        member = enum_type.__members__.get(value.upper())
        if member is None:
            raise InvalidArgumentError(
                _errors.E_INVALID,
                "%s %r is not a %s: use one of %s, or its name" % (what, value, enum_type.__name__, names),
            )
        return int(member)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError("%s must be a %s (%s) or its name, not %s"
                        % (what, enum_type.__name__, names, type(value).__name__))
    return _int32(int(value), what)


def _flags(value: Any, enum_type: Type[enum.IntFlag], what: str) -> int:
    """A uint32_t set of bits: a member (or ``|`` of members) of
    ``enum_type``, a member's name (``"shift"``), or an int, whose unknown
    bits the library checks. One that is negative or beyond 32 bits cannot
    be passed (ctypes would wrap it)."""
    if isinstance(value, str):
        member = enum_type.__members__.get(value.upper())
        if member is None:
            names = ", ".join(enum_type.__members__)
            raise InvalidArgumentError(
                _errors.E_INVALID,
                "%s %r is not a %s: use %s, or their names" % (what, value, enum_type.__name__, names),
            )
        return int(member)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError("%s must be a %s or an int, not %s"
                        % (what, enum_type.__name__, type(value).__name__))
    number = int(value)
    if not 0 <= number < 1 << 32:
        raise InvalidArgumentError(
            _errors.E_INVALID, "%s %d is not a set of %s bits" % (what, number, enum_type.__name__)
        )
    return number


def _int64(value: int, what: str) -> int:
    """An int for an int64_t parameter; one that does not fit is out of range."""
    return _fitting_int(value, what, 64, _errors.E_RANGE)


def _insertion_index(value: int, what: str) -> int:
    """An index where something is inserted or moved to. The library reads
    -1 as FOLD_INDEX_END; in Python a negative index is out of range, as it
    always was (append_section / append_rows say "at the end")."""
    number = _int64(value, what)
    if number < 0:
        raise OutOfRangeError(_errors.E_RANGE, "%s %d is negative" % (what, number))
    return number


def _int32(value: int, what: str, status: int = _errors.E_INVALID) -> int:
    """An int for an int32_t option (accordion, sticky levels). A value that
    does not even fit in 32 bits is reported with ``status``: the code the
    library gives the function for a bad value (fold_table_new says
    FOLD_E_INVALID for both options, fold_table_set_sticky_levels FOLD_E_RANGE)."""
    if isinstance(value, bool):
        raise TypeError("%s must be an int, not bool" % what)
    return _fitting_int(value, what, 32, status)


def _float(value: float, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError("%s must be a number, not %s" % (what, type(value).__name__))
    return float(value)


def _height_or_default(value: Optional[float], what: str) -> float:
    """None means FOLD_HEIGHT_DEFAULT (the section's or table's default)."""
    if value is None:
        return _ffi.HEIGHT_DEFAULT
    return _float(value, what)


# Buffer formats that are a native C double: array('d') and NumPy's float64
# say "d"; struct's native and little-endian spellings mean the same here.
_DOUBLE_FORMATS = frozenset(("d", "@d", "=d") + (("<d",) if sys.byteorder == "little" else (">d",)))
_NUMBER_TYPES = frozenset((float, int))


def _double_buffer(heights: Any) -> Optional[Any]:
    """A ctypes double array over ``heights`` when it is a one-dimensional,
    contiguous buffer of C doubles (``array('d')``, a NumPy float64 array,
    a memoryview of format ``d``): its memory itself when writable, else one
    copy made by memcpy; ``None`` for anything else."""
    if type(heights) in (list, tuple):
        return None
    try:
        view = memoryview(heights)
    except TypeError:
        return None
    with view:  # released here; the array takes a buffer of its own
        if view.format not in _DOUBLE_FORMATS or view.ndim != 1 or not view.c_contiguous:
            return None
        array_type = c_double * len(view)
        readonly = view.readonly
    return array_type.from_buffer_copy(heights) if readonly else array_type.from_buffer(heights)


def _height_array(heights: Iterable[Optional[float]], allow_default: bool) -> Tuple[int, Any]:
    """(count, a ctypes double array) for one C call. A buffer of doubles
    is passed as it is (``_double_buffer``); a list or tuple of only floats
    and ints is converted in one C pass; anything else value by value, which
    gives the same errors and values for any input (ints become floats; a
    bool, a string or None where not allowed raise TypeError)."""
    array = _double_buffer(heights)
    if array is not None:
        return len(array), array
    if type(heights) in (list, tuple) and set(map(type, heights)) <= _NUMBER_TYPES:
        values = pyarray("d", cast(Iterable[float], heights))
        return len(values), (c_double * len(values)).from_buffer(values)
    if allow_default:
        converted = [_height_or_default(h, "height") for h in heights]
    else:
        converted = [_float(h, "height") for h in heights]  # type: ignore[arg-type]
    return len(converted), (c_double * len(converted))(*converted)


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


# fold_visible_item as struct sees it: position, kind, depth, section (id), row,
# top, height, flags, then 4 bytes of reserved skipped ("4x") — naturally
# aligned, so no padding. Checked against the ctypes declaration (size and
# every offset) at import.
_VISIBLE = struct.Struct("=qiiQqddI4x")
_VISIBLE_SIZE = _VISIBLE.size
# Only the section id of each fold_visible_item (offset 16).
_VISIBLE_SECTION = struct.Struct("=16xQ32x")
assert _VISIBLE_SECTION.size == _VISIBLE_SIZE
# Only the position (offset 0).
_VISIBLE_POSITION = struct.Struct("=q")
assert _VISIBLE_SIZE == ctypes.sizeof(_ffi.fold_visible_item)
assert [getattr(_ffi.fold_visible_item, field[0]).offset for field in _ffi.fold_visible_item._fields_] == [
    0, 8, 12, 16, 24, 32, 40, 48, 52
]
# ItemKind members by value, looked up instead of calling ItemKind(...).
_KINDS = tuple(sorted(ItemKind, key=int))
assert [int(kind) for kind in _KINDS] == list(range(len(_KINDS)))
# Builds a NamedTuple without its Python-level __new__.
_new_tuple = tuple.__new__

# fold_table_visible_items bound a second time, for _VisibleBuffer alone:
# without argtypes or errcheck, so a call converts nothing (about a third
# of the call's cost with them). It is passed only ctypes objects of the
# declared C types (a void *, two doubles, int64s, the array, pointers to
# int64), which ctypes passes as they are, and its status is checked by
# _VisibleBuffer, with the declared function's error check.
_visible_items_fn = _lib["fold_table_visible_items"]
_visible_items_fn.restype = ctypes.c_int


def _default_options() -> _ffi.fold_table_options:
    """fold_table_options_init() into room for a larger struct (a newer
    library may fill fields this binding does not know), then size set to
    the fields this binding passes."""
    room = ctypes.create_string_buffer(ctypes.sizeof(_ffi.fold_table_options) + 512)
    _lib.fold_table_options_init(ctypes.cast(room, ctypes.POINTER(_ffi.fold_table_options)))
    options = _ffi.fold_table_options.from_buffer_copy(room)
    options.size = ctypes.sizeof(options)
    return options


def _buffer_path(fn: Callable[..., Any], holder: "_PathBuffer", *args: Any) -> List[int]:
    """Call a path-writing function (..., out_path, capacity, out_length)
    into ``holder``'s buffer, growing it once when the path is longer."""
    length = c_int64()
    while True:
        fn(*args, holder.buffer, holder.capacity, byref(length))
        if length.value <= holder.capacity:
            return list(holder.buffer[: length.value])
        holder.grow(length.value)


class _ArrayBuffer:
    """An array of a ctypes struct reused for one kind of answer (visible
    items, sticky headers), with a byte view of it for struct.iter_unpack;
    grown when an answer does not fit. Use with the table's lock held (one
    buffer per table and kind)."""

    __slots__ = ("item_type", "array", "capacity", "view", "_written", "_total")

    def __init__(self, item_type: Any, capacity: int) -> None:
        self.item_type = item_type
        self._written = c_int64()
        self._total = c_int64()
        self.grow(capacity)

    def grow(self, capacity: int) -> None:
        self.capacity = capacity
        self.array: Any = (self.item_type * capacity)()
        self.view = memoryview(self.array).cast("B")

    def fill(self, fn: Callable[..., Any], *args: Any) -> int:
        """``fn(*args, array, capacity, &written, &total)``, the library's
        convention for arrays: one call when the answer fits, else the
        buffer grows to hold it and the call is made once more. Returns how
        many entries were written."""
        written = self._written
        total = self._total
        while True:
            fn(*args, self.array, self.capacity, byref(written), byref(total))
            if total.value <= self.capacity:
                return written.value
            self.grow(max(total.value, 2 * self.capacity))


def _visible_list(
    data: bytes, sections: Dict[int, int], sibling_indices: Callable[[Iterable[int]], Dict[int, int]]
) -> List[VisibleItem]:
    """The VisibleItems of ``data`` (whole fold_visible_item records): row
    -1 becomes None and each section id its index among its siblings, from
    ``sections`` (the table's cache, valid for its structure version); on a
    miss, the sections of ``data`` are looked up with ``sibling_indices``
    (the table's ``_sibling_indices``) and the records read again."""
    while True:  # twice at most: the mapping of the second pass holds every section
        try:
            return [
                _new_tuple(VisibleItem, (p, _KINDS[k], d, sections[s], None if r < 0 else r, t, h, f))
                for p, k, d, s, r, t, h, f in _VISIBLE.iter_unpack(data)
            ]
        except KeyError:
            sections = sibling_indices({s for (s,) in _VISIBLE_SECTION.iter_unpack(data)})


# The most items of an answer _VisibleBuffer keeps for the next call: many
# screens' worth; a larger answer (a whole table) is not kept alive.
_REUSE_LIMIT = 1000


class _VisibleBuffer:
    """The arguments and the array of ``fold_table_visible_items`` (one per
    table; use with the table's lock held), and the last answer.

    The arguments are ctypes objects made once and set in place, so the
    call converts nothing (see ``_visible_items_fn``). Building the
    VisibleItem tuples costs more than the call, so the items of the last
    answer are reused: a draw loop scrolling by a few points gets mostly
    the same items again. An item is reused only when its record is the
    same, byte for byte (position, kind, depth, section id, row, top,
    height, flags), and no call since changed which children some section
    has (the library's structure version, the key of the sibling indices);
    any other change (a height, a collapse) changes the bytes or the
    positions.
    """

    __slots__ = (
        "capacity", "array", "view", "_capacity", "_offset", "_height", "_overscan",
        "_written", "_total", "_written_ref", "_total_ref",
        "_last_data", "_last_items", "_last_first", "_last_version",
    )

    def __init__(self, capacity: int) -> None:
        self._offset = c_double()
        self._height = c_double()
        self._overscan = c_int64()
        self._written = c_int64()
        self._total = c_int64()
        self._written_ref = byref(self._written)
        self._total_ref = byref(self._total)
        self._last_data = b""
        self._last_items: List[VisibleItem] = []
        self._last_first = 0
        self._last_version = -1
        self.grow(capacity)

    def grow(self, capacity: int) -> None:
        self.capacity = capacity
        self._capacity = c_int64(capacity)
        self.array: Any = (_ffi.fold_visible_item * capacity)()
        self.view = memoryview(self.array).cast("B")

    def fill(self, handle: Any, offset: float, height: float, overscan: int) -> bytes:
        """The records of ``fold_table_visible_items(handle, offset, height,
        overscan, ...)``, copied: one call when they fit, else the array
        grows to hold them and the call is made once more. ``overscan``
        must fit in an int64 (ctypes would wrap it)."""
        self._offset.value = offset
        self._height.value = height
        self._overscan.value = overscan
        while True:
            status = _visible_items_fn(
                handle, self._offset, self._height, self._overscan, self.array,
                self._capacity, self._written_ref, self._total_ref,
            )
            if status:  # raises the FoldError, as the declared function would
                _ffi._check_status(status, _lib.fold_table_visible_items, ())
            total = self._total.value
            if total <= self.capacity:
                return self.view[: self._written.value * _VISIBLE_SIZE].tobytes()
            self.grow(max(total, 2 * self.capacity))

    def items(
        self, data: bytes, version: int, sections: Dict[int, int],
        sibling_indices: Callable[[Iterable[int]], Dict[int, int]],
    ) -> List[VisibleItem]:
        """The VisibleItems of ``data`` (from :meth:`fill`), the last
        answer's where they are the same and the table's structure
        ``version`` is too; ``sections`` and ``sibling_indices`` are the
        table's sibling-index cache (checked against ``version``) and
        ``_sibling_indices``."""
        size = _VISIBLE_SIZE
        first = _VISIBLE_POSITION.unpack_from(data)[0] if data else 0
        result: Optional[List[VisibleItem]] = None
        last = self._last_data
        if last and version == self._last_version:
            old = self._last_first
            low = max(first, old)
            high = min(first + len(data) // size, old + len(last) // size)
            if low < high:
                start, stop = (low - first) * size, (high - first) * size
                if data[start:stop] == last[(low - old) * size:(high - old) * size]:
                    result = self._last_items[low - old:high - old]
                    if start:
                        result[:0] = _visible_list(data[:start], sections, sibling_indices)
                    if stop < len(data):
                        result += _visible_list(data[stop:], sections, sibling_indices)
        if result is None:
            result = _visible_list(data, sections, sibling_indices)
        keep = len(result) <= _REUSE_LIMIT
        self._last_data = data if keep else b""
        self._last_items = result.copy() if keep else []  # the caller may change its list
        self._last_first = first
        self._last_version = version
        return result


class _PathBuffer:
    """An int64_t array reused for paths (one index per level plus a row:
    every answer fits at once)."""

    __slots__ = ("buffer", "capacity")

    def __init__(self) -> None:
        self.capacity = _ffi.MAX_DEPTH + 1
        self.buffer: Any = (c_int64 * self.capacity)()

    def grow(self, capacity: int) -> None:
        self.capacity = capacity
        self.buffer = (c_int64 * capacity)()


class _TextBuffer:
    """A char buffer reused for ``fold_table_section_text`` (snprintf's
    convention): one call when the text fits, else the buffer grows to the
    reported length and the call is made once more. Use with the table's
    lock held (one buffer per table)."""

    __slots__ = ("buffer", "capacity", "_length")

    def __init__(self, capacity: int = 256) -> None:
        self.capacity = capacity
        self.buffer: Any = ctypes.create_string_buffer(capacity)
        self._length = c_size_t()

    def read(self, handle: Any, section: int, which: int) -> str:
        """The text ``which`` (FOLD_TEXT_*) of ``section``, decoded."""
        length = self._length
        while True:
            _lib.fold_table_section_text(
                handle, section, which, self.buffer, self.capacity, byref(length)
            )
            if length.value < self.capacity:
                data: bytes = self.buffer.raw[: length.value]
                return data.decode("utf-8")
            self.capacity = max(length.value + 1, 2 * self.capacity)
            self.buffer = ctypes.create_string_buffer(self.capacity)
