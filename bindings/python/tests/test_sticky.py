"""Sticky headers on the nested worked example (see test_nested.py):

    Sports spans 0..288 (header 0, its row 244..288)
      Bat spans 28..244
        Baseball spans 56..172 (header 56, rows 84, 128)
        Cricket spans 172..244 (header 172, row 200)
    Music spans 288..360

Sticky headers stack like CSS position: sticky headers: the top-level
section around the offset sticks at the offset; each subsection around the
bottom of the headers stuck so far sticks at that bottom (as soon as its top
reaches it). None is drawn above its natural place or lower than its
section's end minus its height, so what follows a section pushes its header
up, behind the headers above.
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
    # At 150 Baseball's header (at most 144..172) is behind Bat's (178..206),
    # and Cricket's (natural 172) sticks below Bat's.
    assert tops(t, 150) == [(0, 0, 150.0), (1, 1, 178.0), (5, 2, 206.0)]
    assert t.sticky_headers(150)[1].bottom == 206.0


def test_top_of_the_list(nested):
    # Every header is where the stack puts it: in its own place.
    assert tops(nested, 0) == [(0, 0, 0.0), (1, 1, 28.0), (2, 2, 56.0)]


def test_child_sticks_at_parents_bottom(nested):
    # 120 is in Baseball's row; Cricket's header (172) is under Bat's
    # (148..176), so it sticks at 176.
    assert tops(nested, 120) == [(0, 0, 120.0), (1, 1, 148.0), (5, 2, 176.0)]
    assert tops(nested, 115) == [(0, 0, 115.0), (1, 1, 143.0), (2, 2, 144.0)]
    assert tops(nested, 116) == [(0, 0, 116.0), (1, 1, 144.0), (5, 2, 172.0)]


def test_child_pushed_up_by_its_next_sibling(nested):
    assert tops(nested, 100) == [(0, 0, 100.0), (1, 1, 128.0), (2, 2, 144.0)]
    assert tops(nested, 115.5) == [(0, 0, 115.5), (1, 1, 143.5), (2, 2, 144.0)]


def test_whole_stack_pushed_by_the_parents_next_sibling(table):
    # P 0 > C 28 (rows 56..188), then Q 188 (row 216..260).
    p = table.append_section("P")
    table.append_section("C", rows=3, parent=p)
    table.append_section("Q", rows=1)
    assert tops(table, 132) == [(0, 0, 132.0), (1, 1, 160.0)]
    assert tops(table, 140) == [(0, 0, 140.0), (1, 1, 160.0)]  # C pushed up behind P
    assert tops(table, 160) == [(0, 0, 160.0)]  # C entirely behind P
    assert tops(table, 170) == [(0, 0, 160.0)]  # P pushed up by Q
    assert tops(table, 188) == [(5, 0, 188.0)]


def test_sticky_levels_limit_the_stack(nested):
    nested.sticky_levels = 2
    assert tops(nested, 120) == [(0, 0, 120.0), (1, 1, 148.0)]
    nested.sticky_levels = 1
    assert tops(nested, 120) == [(0, 0, 120.0)]


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
