"""Exact geometry: heights are kept in whole units of HEIGHT_UNIT (1/256 pt),
so for any heights every item is the item at its own top, the item at y
contains y, and every query reports the same bits for a top."""

import random

import pytest

import foldtable
from foldtable import Alignment, InvalidArgumentError, OffsetPlace, OutOfRangeError

UNIT = foldtable.HEIGHT_UNIT


@pytest.mark.parametrize(
    "height, rows, kept",
    [(17.7, 8, 4531 * UNIT), (1 / 3, 2, 85 * UNIT), (0.1, 3, 26 * UNIT)],
)
def test_non_round_default_rows(height, rows, kept):
    with foldtable.Table(row_height=height) as t:
        s = t.append_section("s", rows=rows)
        assert t.options.row_height == kept
        assert s.default_row_height == kept
        for p in range(rows + 1):
            top = t.item_top(p)
            assert top == (0 if p == 0 else 28 + (p - 1) * kept)
            assert t.item_at_offset(top) == (p, OffsetPlace.IN_ITEM)
            assert t.scroll_offset(p, Alignment.START, offset=0, viewport_height=0) == top
        assert t.content_height == 28 + rows * kept


def test_heights_read_back_rounded(table):
    s = table.append_section("s", rows=2)
    s.set_row_height(0, 17.7)
    assert s.row_height(0) == 17.69921875
    s.header_height = 0.1
    assert s.header_height == 26 * UNIT
    # Ties to even: half a unit rounds to 0, one and a half to 2 units.
    s.set_row_height(1, UNIT / 2)
    assert s.row_height(1) == 0.0
    s.set_row_height(1, 3 * UNIT / 2)
    assert s.row_height(1) == 2 * UNIT


def test_limits(table):
    s = table.append_section("s", rows=1)
    s.set_row_height(0, foldtable.MAX_HEIGHT)
    assert s.row_height(0) == 65536.0
    with pytest.raises(InvalidArgumentError):
        s.set_row_height(0, foldtable.MAX_HEIGHT + UNIT)
    with pytest.raises(OutOfRangeError):
        s.insert_rows(0, foldtable.MAX_ROWS)


def test_seeded_table_of_non_round_heights():
    """About 120k items with heights 33.3, 17.7, 1/3 and the defaults: every
    position is the item at its own top, visible_items reports item_top's
    bits, and 20k random offsets fall inside their item."""
    rng = random.Random(0x610)
    pool = [33.3, 17.7, 1 / 3, foldtable.HEIGHT_DEFAULT]
    with foldtable.Table(row_height=17.7, header_height=33.3, footer_height=1 / 3,
                         padding_top=0.1) as t:
        for i in range(120):
            rows = rng.randrange(500, 1500)
            s = t.append_section("s%d" % i)
            if i % 3 == 0:
                s.insert_rows(0, rows)
            else:
                s.insert_rows(0, heights=[rng.choice(pool) for _ in range(rows)])
            if i % 7 == 0:
                t.append_section("s%d.a" % i, rows=40, parent=s)
            if i % 20 == 3:
                s.collapse()
        count = len(t)
        assert count > 100_000
        content = t.content_height
        items = t.visible_items(-1, content + 2)
        assert [v.position for v in items] == list(range(count))
        previous = -1.0
        for v in items:
            top = t.item_top(v.position)
            assert v.top == top and v.height == t.item_height(v.position)
            assert top >= previous
            previous = top
            if v.height > 0:
                assert t.item_at_offset(top) == (v.position, OffsetPlace.IN_ITEM)
        for _ in range(20_000):
            y = rng.random() * content
            hit = t.item_at_offset(y)
            if hit.place == OffsetPlace.IN_ITEM:
                top = t.item_top(hit.position)
                assert top <= y < top + t.item_height(hit.position)
        for i in range(0, 120, 11):
            s = t.sections["s%d" % i]
            top = t.item_top(s.header_position)
            assert t.sticky_headers(top)[0].top == top
            assert s.reveal_offset(0, offset=content, viewport_height=10) == top
