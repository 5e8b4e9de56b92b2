"""The flat list and its geometry: items, offsets, viewports."""

import math

import pytest

import foldtable
from foldtable import (
    InvalidArgumentError,
    Item,
    ItemKind,
    OffsetHit,
    OffsetPlace,
    OutOfRangeError,
    VisibleItem,
)


def test_items(worked):
    worked.sections["iPad"].collapse()
    # Headers of collapsible sections with rows carry FOLD_ITEM_FLAG_COLLAPSIBLE
    # (8, new in ABI 0.2).
    assert worked.item(0) == Item(0, ItemKind.HEADER, 0, 0, None, 8)
    assert worked.item(3) == Item(3, ItemKind.ROW, 0, 0, 2, 0)
    ipad = worked.item(4)
    assert ipad == Item(4, ItemKind.HEADER, 0, 1, None, 1 | 8)
    assert ipad.collapsed is True
    assert worked.item(9).row == 3
    assert isinstance(worked.item(0).kind, ItemKind)
    assert str(ItemKind.FOOTER) == "footer"


def test_iteration_matches_item(worked):
    items = list(worked)
    assert len(items) == 12
    assert items == [worked.item(p) for p in range(12)]
    assert [i.position for i in items] == list(range(12))


def test_empty_table(table):
    assert len(table) == 0
    assert list(table) == []
    assert table.content_height == 0.0
    assert table.visible_items(0, 100) == []
    assert table.item_at_offset(0) == OffsetHit(None, OffsetPlace.BELOW)
    assert table.item_at_offset(-1) == OffsetHit(None, OffsetPlace.ABOVE)
    with pytest.raises(OutOfRangeError):
        table.item(0)


def test_empty_table_with_padding():
    with foldtable.Table(padding_top=10, padding_bottom=5) as t:
        assert t.content_height == 15.0
        assert t.item_at_offset(5) == (None, OffsetPlace.ABOVE)
        assert t.item_at_offset(10) == (None, OffsetPlace.BELOW)


def test_item_position_errors(worked):
    for position in (12, -1, 2**63 - 1, -(2**63)):
        for method, error in [
            (worked.item, OutOfRangeError), (worked.item_top, IndexError),
            (worked.item_height, OutOfRangeError),
        ]:
            with pytest.raises(error):
                method(position)
    with pytest.raises(OutOfRangeError):
        worked.item(2**64)  # does not fit in int64
    with pytest.raises(TypeError):
        worked.item(1.0)
    with pytest.raises(TypeError):
        worked.item("1")


def test_padding_and_offsets():
    with foldtable.Table(padding_top=10, padding_bottom=20) as t:
        t.append_section("a", rows=2)  # header 10..38, rows 38..82..126
        assert t.item_top(0) == 10.0
        assert t.item_top(2) == 82.0
        assert t.content_height == 146.0
        IN, BELOW, ABOVE = OffsetPlace.IN_ITEM, OffsetPlace.BELOW, OffsetPlace.ABOVE
        assert [t.item_at_offset(y) for y in (0, 9.99, 10, 125.9, 126, 1e9, -1e300)] == [
            (0, ABOVE), (0, ABOVE), (0, IN), (2, IN), (2, BELOW), (2, BELOW), (0, ABOVE),
        ]


@pytest.mark.parametrize("y", [math.nan, math.inf, -math.inf])
def test_item_at_offset_rejects_non_finite(worked, y):
    with pytest.raises(InvalidArgumentError) as info:
        worked.item_at_offset(y)
    assert isinstance(info.value, ValueError)


def test_zero_height_items_contain_no_offset(worked):
    mac = worked.sections["Mac"]
    mac.set_row_height(1, 0)  # row 1 (position 2) at 72, height 0
    assert worked.item_top(2) == 72.0
    assert worked.item_top(3) == 72.0
    assert worked.item_at_offset(72) == (3, OffsetPlace.IN_ITEM)
    assert worked.item_at_offset(71.9) == (1, OffsetPlace.IN_ITEM)
    # ... but a viewport over its top lists it.
    assert [v.position for v in worked.visible_items(60, 20)] == [1, 2, 3]


def test_visible_items_values(worked):
    got = worked.visible_items(30, 100)
    assert got == [
        VisibleItem(1, ItemKind.ROW, 0, 0, 0, 28.0, 44.0, 0),
        VisibleItem(2, ItemKind.ROW, 0, 0, 1, 72.0, 44.0, 0),
        VisibleItem(3, ItemKind.ROW, 0, 0, 2, 116.0, 44.0, 0),
    ]


def test_visible_items_edges(worked):
    # [28, 72) is exactly row 0; an item ending at the offset is not in it.
    assert [v.position for v in worked.visible_items(28, 44)] == [1]
    assert [v.position for v in worked.visible_items(28, 44.5)] == [1, 2]
    # A zero-height viewport: items with top < y and top + height > y.
    assert [v.position for v in worked.visible_items(30, 0)] == [1]
    assert [v.position for v in worked.visible_items(28, 0)] == []
    assert [v.position for v in worked.visible_items(-100, 50)] == []
    assert [v.position for v in worked.visible_items(480, 100)] == []
    assert [v.position for v in worked.visible_items(0, 480, overscan=100)] == list(range(12))
    assert [v.position for v in worked.visible_items(440, 1, overscan=3)] == [8, 9, 10, 11]


def test_visible_items_overscan_clamps(worked):
    assert [v.position for v in worked.visible_items(0, 1, overscan=2**62)] == list(range(12))


def test_visible_items_bad_arguments(worked, snapshot):
    before = snapshot(worked)
    for args in [(math.nan, 10), (0, math.nan), (math.inf, 10), (0, math.inf), (0, -1), (-math.inf, 5)]:
        with pytest.raises(InvalidArgumentError):
            worked.visible_items(*args)
    with pytest.raises(OutOfRangeError):
        worked.visible_items(0, 10, overscan=-1)
    with pytest.raises(OutOfRangeError):
        worked.visible_items(0, 10, overscan=2**63)
    with pytest.raises(TypeError):
        worked.visible_items("0", 10)
    with pytest.raises(TypeError):
        worked.visible_items(0, 10, overscan=1.5)
    assert snapshot(worked) == before


def test_visible_items_grows_its_buffer():
    """More items than the initial buffer: the call is repeated once, with room."""
    with foldtable.Table(row_height=1, header_height=1) as t:
        for i in range(10):
            t.append_section("s%d" % i, rows=99)
        assert len(t) == 1000
        got = t.visible_items(0, 1000)
        assert [v.position for v in got] == list(range(1000))
        assert [v.top for v in got] == [float(p) for p in range(1000)]
        assert all(v.height == 1.0 for v in got)
        assert [(v.kind, v.section, v.row) for v in got] == [
            (i.kind, i.section, i.row) for i in t
        ]
        # Smaller viewports still work after growing.
        assert [v.position for v in t.visible_items(500, 3)] == [500, 501, 502]


def test_item_tops_are_consistent_with_heights(worked):
    worked.sections["iPhone"].set_row_heights(0, [1, 2.5, 3, 4])
    worked.sections["Mac"].collapse()
    top = 0.0
    for p in range(len(worked)):
        assert worked.item_top(p) == top
        top += worked.item_height(p)
    assert worked.content_height == top


def test_visible_items_agree_with_the_item_queries():
    """visible_items reads the C buffer with struct, not ctypes fields: every
    field must match item(), item_top() and item_height() — footers, depths,
    expanded rows and flags included — with the public types."""
    with foldtable.Table(footer_height=7.5, padding_top=3) as t:
        sports = t.append_section("Sports", rows=2)
        bat = sports.insert_subsection(0, "Bat", "Bat|ball", rows=1)
        bat.append_subsection("Baseball", rows=3)
        t.append_section("Music", rows=4)
        t.append_section("Empty")
        t.section("Baseball").set_expanded_height(1, 90)
        t.section("Baseball").expand_row(1)
        t.section("Music").set_expanded_height(0, 50)
        t.section("Music").set_row_height(2, 0)
        t.section("Empty").header_height = 0
        t.append_section("Closed", rows=2).collapse()
        t.append_section("Lazy", loaded=False).expand()  # a placeholder: no loader answers
        items = t.visible_items(-10.0, t.content_height + 10, overscan=2)
        assert len(items) == len(t)
        kinds = set()
        for v in items:
            assert type(v) is foldtable.VisibleItem
            assert type(v.kind) is foldtable.ItemKind
            item = t.item(v.position)
            assert (v.position, v.kind, v.depth, v.section, v.row, v.flags) == tuple(item)
            assert (v.top, v.height) == (t.item_top(v.position), t.item_height(v.position))
            assert all(type(x) is int for x in (v.position, v.depth, v.section, v.flags))
            assert v.row is None or type(v.row) is int
            assert type(v.top) is float and type(v.height) is float
            kinds.add(v.kind)
        assert kinds == set(foldtable.ItemKind)
        # plain, collapsible (8: a header or footer of a section with children,
        # new in ABI 0.2), collapsed and collapsible, expandable, expanded, a
        # loading placeholder (16)
        assert {v.flags for v in items} == {0, 8, 1 | 8, 4, 2 | 4, 16}
        assert max(v.depth for v in items) == 2
