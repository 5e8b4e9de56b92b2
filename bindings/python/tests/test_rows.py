"""Rows: inserting, removing, heights (whole 1/256 pt units), positions."""

import pytest

import foldtable
from foldtable import InvalidArgumentError, NotVisibleError, OutOfRangeError


def test_insert_rows_default_height(worked):
    ipad = worked.sections["iPad"]
    ipad.insert_rows(1)
    assert ipad.row_count == 3
    ipad.insert_rows(0, 2)
    assert ipad.row_count == 5
    assert worked.content_height == 480.0 + 3 * 44
    assert [ipad.row_position(r) for r in range(5)] == [5, 6, 7, 8, 9]


def test_insert_rows_with_heights(worked):
    ipad = worked.sections["iPad"]
    ipad.insert_rows(1, heights=[10, 20.5])
    assert [ipad.row_height(r) for r in range(4)] == [44.0, 10.0, 20.5, 44.0]
    assert [worked.item_top(p) for p in range(5, 9)] == [188.0, 232.0, 242.0, 262.5]
    assert worked.content_height == 480.0 + 30.5
    ipad.insert_rows(4, 1, heights=[1])
    assert ipad.row_count == 5
    assert ipad.row_height(4) == 1.0


def test_append_rows(worked):
    mac = worked.sections["Mac"]
    mac.append_rows()
    assert mac.row_count == 4
    mac.append_rows(2)
    mac.append_rows(heights=[7, 8])
    assert mac.row_count == 8
    assert [mac.row_height(r) for r in range(8)] == [44.0] * 6 + [7.0, 8.0]


def test_insert_rows_count_mismatch(worked, snapshot):
    before = snapshot(worked)
    with pytest.raises(InvalidArgumentError):
        worked.sections[0].insert_rows(0, 3, heights=[1, 2])
    assert snapshot(worked) == before


@pytest.mark.parametrize(
    "heights",
    [[10, float("nan")], [float("inf")], [-0.5], [-3], [5, foldtable.MAX_HEIGHT * 2]],
)
def test_insert_rows_bad_heights_change_nothing(worked, snapshot, heights):
    before = snapshot(worked)
    with pytest.raises(InvalidArgumentError):
        worked.sections["iPad"].insert_rows(0, heights=heights)
    assert snapshot(worked) == before


def test_insert_rows_accepts_the_default_sentinel(worked, snapshot):
    """FOLD_HEIGHT_DEFAULT (-1) in insert heights means "the section's
    default", as in fold_table_set_row_heights; other negatives are invalid."""
    ipad = worked.sections["iPad"]
    ipad.insert_rows(0, heights=[-1.0, 10.0])
    assert [ipad.row_height(r) for r in range(4)] == [44.0, 10.0, 44.0, 44.0]
    before = snapshot(worked)
    with pytest.raises(InvalidArgumentError):
        ipad.insert_rows(0, heights=[-0.5])
    assert snapshot(worked) == before


# Calls on iPad (2 rows) that must fail, each with the exception it raises.
BAD_INSERTS = [
    ((3,), {}, OutOfRangeError),
    ((-1,), {}, OutOfRangeError),
    ((0, -1), {}, OutOfRangeError),
    ((0, foldtable.MAX_ROWS), {}, OutOfRangeError),
    ((2**70,), {}, OutOfRangeError),
    ((0,), {"heights": [None]}, TypeError),
    (("0",), {}, TypeError),
]
BAD_REMOVES = [
    ((1, 2), OutOfRangeError),
    ((2,), OutOfRangeError),
    ((-1,), OutOfRangeError),
    ((0, -1), OutOfRangeError),
    ((1, 2**63 - 1), OutOfRangeError),
]


@pytest.mark.parametrize("args, kwargs, error", BAD_INSERTS)
def test_insert_rows_bad_positions_change_nothing(worked, snapshot, args, kwargs, error):
    before = snapshot(worked)
    with pytest.raises(error):
        worked.sections["iPad"].insert_rows(*args, **kwargs)
    assert snapshot(worked) == before


def test_remove_rows(worked):
    iphone = worked.sections["iPhone"]
    iphone.set_row_heights(0, [1, 2, 3, 4])
    iphone.remove_rows(1, 2)
    assert iphone.row_count == 2
    assert [iphone.row_height(r) for r in range(2)] == [1.0, 4.0]
    iphone.remove_rows(0)
    assert [iphone.row_height(0)] == [4.0]
    iphone.remove_rows(0, 1)
    assert iphone.row_count == 0
    assert iphone.indicator == ""
    assert len(worked) == 8


@pytest.mark.parametrize("args, error", BAD_REMOVES)
def test_remove_rows_errors(worked, snapshot, args, error):
    before = snapshot(worked)
    with pytest.raises(error):
        worked.sections["iPad"].remove_rows(*args)
    assert snapshot(worked) == before


def test_set_row_height_and_reset(worked):
    mac = worked.sections["Mac"]
    mac.set_row_height(1, 100)
    assert mac.row_height(1) == 100.0
    assert worked.item_top(3) == 28 + 44 + 100
    assert worked.content_height == 536.0
    mac.set_row_height(1, None)
    assert mac.row_height(1) == 44.0
    # A reset row follows its section's default.
    mac.default_row_height = 20
    assert mac.row_height(1) == 20.0
    mac.set_row_height(0, 0)
    assert mac.row_height(0) == 0.0


def test_row_heights_are_whole_units(worked):
    # Kept in 1/256 pt units, rounded to nearest: 0.1 -> 26 units, 1/3 -> 85.
    mac = worked.sections["Mac"]
    mac.set_row_height(0, 0.1)
    assert mac.row_height(0) == 26 * foldtable.HEIGHT_UNIT
    assert mac.row_height(0) != 0.1
    mac.insert_rows(0, heights=[1 / 3])
    assert mac.row_height(0) == 85 * foldtable.HEIGHT_UNIT


def test_set_row_heights_in_one_call(worked):
    iphone = worked.sections["iPhone"]
    iphone.set_row_heights(1, [10, None, 30])
    assert [iphone.row_height(r) for r in range(4)] == [44.0, 10.0, 44.0, 30.0]
    iphone.set_row_heights(0, [])
    assert [iphone.row_height(r) for r in range(4)] == [44.0, 10.0, 44.0, 30.0]
    iphone.set_row_heights(0, (1.5, 2.5, 3.5, 4.5))
    assert [iphone.row_height(r) for r in range(4)] == [1.5, 2.5, 3.5, 4.5]


def test_set_row_heights_validates_before_changing(worked, snapshot):
    iphone = worked.sections["iPhone"]
    before = snapshot(worked)
    with pytest.raises(InvalidArgumentError):
        iphone.set_row_heights(0, [10, 20, float("nan"), 40])
    with pytest.raises(InvalidArgumentError):
        iphone.set_row_heights(0, [10, -5])
    with pytest.raises(OutOfRangeError):
        iphone.set_row_heights(2, [10, 20, 30])  # past the last row
    with pytest.raises(OutOfRangeError):
        iphone.set_row_heights(-1, [10])
    with pytest.raises(TypeError):
        iphone.set_row_heights(0, [10, "20"])
    assert snapshot(worked) == before


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -0.001, -2.0, foldtable.MAX_HEIGHT + 1])
def test_set_row_height_bad_values(worked, snapshot, bad):
    before = snapshot(worked)
    with pytest.raises(InvalidArgumentError):
        worked.sections[0].set_row_height(0, bad)
    assert snapshot(worked) == before


def test_row_queries_out_of_range(worked):
    mac = worked.sections["Mac"]
    for call in (lambda: mac.row_height(3), lambda: mac.row_height(-1), lambda: mac.row_position(3),
                 lambda: mac.set_row_height(3, 1.0), lambda: mac.row_height(2**63 - 1)):
        with pytest.raises(OutOfRangeError):
            call()


def test_row_position_of_collapsed_section(worked):
    ipad = worked.sections["iPad"]
    ipad.collapse()
    with pytest.raises(NotVisibleError) as info:
        ipad.row_position(0)
    assert isinstance(info.value, LookupError)
    assert info.value.status == -5
    # The rows still exist and keep their heights.
    assert ipad.row_height(1) == 44.0


def test_visible_row_count(worked):
    ipad = worked.sections["iPad"]
    assert ipad.visible_row_count == 2
    ipad.collapse()
    assert ipad.visible_row_count == 0
    assert ipad.row_count == 2


def test_huge_section_is_cheap():
    """Rows of the default height take no memory: 2^27 rows are fine."""
    n = 1 << 27
    with foldtable.Table() as t:
        big = t.append_section("big", rows=n)
        t.append_section("after", rows=1)
        assert big.row_count == n
        assert len(t) == n + 3
        assert t.content_height == 28 + n * 44 + 28 + 44
        mid = n // 2
        assert big.row_position(mid) == mid + 1
        assert t.item_top(mid + 1) == 28 + mid * 44
        assert t.item_at_offset(28 + mid * 44 + 1) == (mid + 1, foldtable.OffsetPlace.IN_ITEM)
        big.set_row_height(mid, 10)
        assert t.content_height == 28 + n * 44 + 28 + 44 - 34
        assert t.sections["after"].header_position == n + 1
        big.collapse()
        assert len(t) == 3
        assert big.expand() is True
        assert [v.position for v in t.visible_items(28 + mid * 44, 1)] == [mid + 1]
