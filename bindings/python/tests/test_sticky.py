"""Sticky headers on the nested worked example (see test_nested.py):

    Sports spans 0..288 (header 0, its row 244..288)
      Bat spans 28..244
        Baseball spans 56..172 (header 56, rows 84, 128)
        Cricket spans 172..244 (header 172, row 200)
    Music spans 288..360

Each sticky header is drawn just below the one above it (the first at the
offset), never above its natural place, and never lower than its section's
end minus its height; headers pushed entirely behind the ones above are left
out.
"""

import math

import pytest

import foldtable
from conftest import build_nested
from foldtable import InvalidArgumentError, StickyHeader


def tops(t, offset):
    return [(h.position, h.depth, h.top) for h in t.sticky_headers(offset)]


def test_all_levels(nested):
    t = nested
    # Offset 86 is in Baseball's first row: Sports, Bat, Baseball stick.
    assert t.sticky_headers(86) == [
        StickyHeader(0, 0, 86.0, 28.0),
        StickyHeader(1, 1, 114.0, 28.0),
        StickyHeader(2, 2, 142.0, 28.0),
    ]
    assert tops(t, 88) == [(0, 0, 88.0), (1, 1, 116.0), (2, 2, 144.0)]
    # Baseball ends at 172: its header stops at 172 - 28 = 144 as Cricket arrives.
    assert tops(t, 90) == [(0, 0, 90.0), (1, 1, 118.0), (2, 2, 144.0)]
    # At 150 Baseball's header (at most 144..172) is behind Bat's (178..206).
    assert tops(t, 150) == [(0, 0, 150.0), (1, 1, 178.0)]
    assert t.sticky_headers(150)[1].bottom == 206.0


def test_top_of_the_list(nested):
    assert tops(nested, 0) == [(0, 0, 0.0)]


def test_sticky_levels_one():
    with foldtable.Table(sticky_levels=1) as t:
        build_nested(t)
        assert t.sticky_levels == 1
        assert tops(t, 86) == [(0, 0, 86.0)]
        assert tops(t, 259) == [(0, 0, 259.0)]
        # Sports ends at 288: its header stops at 260 as Music arrives.
        assert tops(t, 260) == [(0, 0, 260.0)]
        assert tops(t, 270) == [(0, 0, 260.0)]
        assert t.sticky_headers(288) == [StickyHeader(8, 0, 288.0, 28.0)]


def test_sticky_levels_property(nested):
    t = nested
    t.sticky_levels = 2
    assert tops(t, 86) == [(0, 0, 86.0), (1, 1, 114.0)]
    t.sticky_levels = 0
    assert len(t.sticky_headers(86)) == 3


def test_collapsed_subsections_do_not_stick(nested):
    t = nested
    t.section("Bat").collapse()
    # Items: Sports 0, Bat 28, Sports' row 56..100, Music 100..144.
    assert tops(t, 60) == [(0, 0, 60.0)]
    assert tops(t, 110) == [(3, 0, 110.0)]


def test_empty_table(table):
    assert table.sticky_headers(0) == []
    assert table.sticky_headers(100) == []


def test_every_level_sticks(table):
    # s0 > s1 > ... > s63, each with one row before its subsection; s63 has
    # 50 rows. Header of s_i at 72 * i (position 2 * i); s63's rows from
    # 63 * 72 + 28 = 4564; content ends at 4564 + 50 * 44 = 6764.
    parent = None
    for level in range(foldtable.MAX_DEPTH):
        rows = 50 if level == foldtable.MAX_DEPTH - 1 else 1
        parent = table.append_section("s%d" % level, rows=rows, parent=parent)
    assert table.content_height == 6764.0
    assert table.sticky_headers(4565) == [
        StickyHeader(2 * i, i, 4565.0 + 28 * i, 28.0) for i in range(foldtable.MAX_DEPTH)
    ]
    table.sticky_levels = 3
    assert tops(table, 4565) == [(0, 0, 4565.0), (2, 1, 4593.0), (4, 2, 4621.0)]


def test_bad_offset(nested):
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(InvalidArgumentError):
            nested.sticky_headers(bad)
    with pytest.raises(TypeError):
        nested.sticky_headers("0")
