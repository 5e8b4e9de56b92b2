"""Row heights from buffers of doubles (array('d'), memoryview, NumPy),
read by the library where they are, and lists converted in one pass: the
same values and the same errors as value by value, and a failed call
changes nothing."""

import ctypes
import math
import struct
from array import array

import pytest

import foldtable
from foldtable import InvalidArgumentError
from foldtable import _convert


def _table():
    table = foldtable.Table(row_height=10.0, header_height=5.0)
    table.append_section("a", rows=2)
    return table


def _heights(section):
    return [section.row_height(r) for r in range(section.row_count)]


@pytest.mark.parametrize(
    "make",
    [
        lambda v: array("d", v),
        lambda v: memoryview(array("d", v)),
        lambda v: memoryview(struct.pack("=%dd" % len(v), *v)).cast("B").cast("d"),  # read-only
        lambda v: memoryview(array("d", [0.0] + v + [0.0]))[1:-1],  # a slice: starts one double in
        lambda v: list(v),
        lambda v: tuple(v),
        lambda v: [int(x) if x == int(x) else x for x in v],  # ints among floats
        lambda v: array("f", v),  # not doubles: value by value
        lambda v: (x for x in v),  # any iterable, value by value
    ],
    ids=["array", "memoryview", "readonly", "slice", "list", "tuple", "ints", "floats32", "generator"],
)
def test_insert_rows_from_any_sequence(make):
    table = _table()
    section = table.sections["a"]
    values = [20.0, 30.5, 40.25, 7.0]
    section.insert_rows(1, heights=make(values))
    assert _heights(section) == [10.0] + values + [10.0]
    assert [table.item_top(p) for p in range(1, 7)] == [5.0, 15.0, 35.0, 65.5, 105.75, 112.75]
    section.append_rows(heights=make([1.5]))
    assert _heights(section)[-1] == 1.5
    section.set_row_heights(0, make([2.0, 3.0]))
    assert _heights(section)[:2] == [2.0, 3.0]


def test_buffer_is_read_in_place_not_copied():
    values = array("d", [11.0, 12.0, 13.0])
    passed = _convert._double_buffer(values)
    assert passed is not None and len(passed) == 3
    assert ctypes.addressof(passed) == values.buffer_info()[0]
    # A list, another format or a 2-D buffer is not a buffer of doubles.
    assert _convert._double_buffer([1.0]) is None
    assert _convert._double_buffer(array("f", [1.0])) is None
    assert _convert._double_buffer(memoryview(array("d", [1.0, 2.0])).cast("B").cast("d", (1, 2))) is None
    assert _convert._double_buffer(b"\x00" * 8) is None


def test_empty_buffer_inserts_nothing():
    table = _table()
    section = table.sections["a"]
    section.insert_rows(0, heights=array("d"))
    section.set_row_heights(0, array("d"))
    assert _heights(section) == [10.0, 10.0]


def test_bytes_are_still_numbers_value_by_value():
    # bytes iterate as ints (their format is "B", not doubles): as before.
    table = _table()
    section = table.sections["a"]
    section.insert_rows(0, heights=b"\x03\x04")
    assert _heights(section)[:2] == [3.0, 4.0]


def test_default_height_in_a_buffer_returns_to_default():
    table = _table()
    section = table.sections["a"]
    section.set_row_heights(0, array("d", [30.0, 40.0]))
    section.set_row_heights(0, array("d", [foldtable.HEIGHT_DEFAULT, 50.0]))
    assert _heights(section) == [10.0, 50.0]
    section.set_row_heights(0, [None, 60])  # None: value by value, the same meaning
    assert _heights(section) == [10.0, 60.0]


@pytest.mark.parametrize(
    "heights, error, message",
    [
        ([1.0, True], TypeError, "height must be a number, not bool"),
        ((1.0, "2"), TypeError, "height must be a number, not str"),
        ([1.0, None], TypeError, "height must be a number, not NoneType"),
        ([1.0, 10**400], OverflowError, "int too large to convert to float"),
        (array("d", [1.0, math.nan]), InvalidArgumentError, None),
        (array("d", [1.0, -2.0]), InvalidArgumentError, None),
        (memoryview(array("d", [math.inf])), InvalidArgumentError, None),
        ([1.0, math.nan], InvalidArgumentError, None),
    ],
    ids=["bool", "str", "none", "huge", "nan", "negative", "inf", "list-nan"],
)
def test_bad_heights_raise_as_before_and_change_nothing(heights, error, message):
    table = _table()
    section = table.sections["a"]
    before = (_heights(section), table.content_height, table.structure_version)
    with pytest.raises(error) as raised:
        section.insert_rows(0, heights=heights)
    if message is not None:
        assert message in str(raised.value)
    assert (_heights(section), table.content_height, table.structure_version) == before


def test_count_must_match_buffer_length():
    table = _table()
    section = table.sections["a"]
    with pytest.raises(InvalidArgumentError, match="count 3 differs from the 2 heights given"):
        section.insert_rows(0, 3, heights=array("d", [1.0, 2.0]))
    assert section.row_count == 2


def test_numpy_arrays_when_installed():
    numpy = pytest.importorskip("numpy")
    table = _table()
    section = table.sections["a"]
    values = numpy.array([21.0, 22.0, 23.5])
    assert ctypes.addressof(_convert._double_buffer(values)) == values.ctypes.data
    section.insert_rows(0, heights=values)
    assert _heights(section)[:3] == [21.0, 22.0, 23.5]
    section.set_row_heights(0, values[::-1].copy())
    assert _heights(section)[:3] == [23.5, 22.0, 21.0]
    # Not contiguous, or not float64: value by value, the same result.
    section.set_row_heights(0, values[::2])
    assert _heights(section)[:2] == [21.0, 23.5]
    section.set_row_heights(0, numpy.array([5, 6], dtype=numpy.int32))
    assert _heights(section)[:2] == [5.0, 6.0]
    readonly = numpy.array([8.0, 9.0])
    readonly.flags.writeable = False
    section.set_row_heights(0, readonly)
    assert _heights(section)[:2] == [8.0, 9.0]
