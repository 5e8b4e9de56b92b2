"""visible_items reuses the VisibleItems of its last answer that are the
same, so a scrolling draw loop builds only the items that scrolled in.
Every answer must still be the library's (the raw C call, see
test_against_library.Raw): scrolling either way, after changes of every
kind, when only a section's index among its siblings changed, and after
the caller changed the list it was given."""

import random

import pytest

import foldtable
from foldtable import ItemKind, VisibleItem
from test_against_library import Raw


def build_mixed(t, rng):
    """30 sections with rows of mixed heights (0 included), some with a
    subsection, some empty, some collapsed."""
    for s in range(30):
        section = t.append_section("s%d" % s)
        section.insert_rows(0, heights=[float(rng.choice([0, 5, 17, 44, 60])) for _ in range(rng.randrange(8))])
        if s % 4 == 1:
            section.append_subsection("sub%d" % s, rows=3)
        if s % 7 == 3:
            section.collapse()


@pytest.mark.parametrize("step, height, overscan", [(7.0, 120.0, 0), (16.0, 300.0, 2), (1.0, 0.0, 1)])
def test_scrolling_down_and_up_answers_as_the_library(step, height, overscan):
    with foldtable.Table(footer_height=6, padding_top=3) as t:
        build_mixed(t, random.Random(19))
        raw = Raw(t)
        total = t.content_height
        offsets = [-50.0 + step * i for i in range(int((total + 100) / step))]
        last, reused = [], 0
        for y in offsets + offsets[::-1]:
            got = t.visible_items(y, height, overscan)
            assert got == raw.visible(y, height, overscan)
            reused += sum(any(v is w for w in last) for v in got)
            last = got
        assert reused > len(offsets)  # the reuse path was taken


def test_jumps_and_repeats_answer_as_the_library():
    with foldtable.Table(footer_height=6) as t:
        rng = random.Random(7)
        build_mixed(t, rng)
        raw = Raw(t)
        total = t.content_height
        y = 0.0
        for _ in range(300):
            y = rng.choice([y, y + 3, y - 40, rng.uniform(-20, total + 20)])
            assert t.visible_items(y, 250, 1) == raw.visible(y, 250.0, 1)


CHANGES = [
    ("row height", lambda t: t.section("Baseball").set_row_height(1, 10)),
    ("collapse", lambda t: t.section("Cricket").collapse()),
    ("expand a row", lambda t: (t.section("Baseball").set_expanded_height(0, 90),
                                t.section("Baseball").expand_row(0))),
    ("header text", lambda t: t.section("Bat").set_header("Bat|ball")),
    ("rows below", lambda t: t.section("Music").append_rows(3)),
    ("rows above", lambda t: t.section("Baseball").insert_rows(0, 1)),
    ("not collapsible", lambda t: setattr(t.section("Bat"), "collapsible", False)),
    ("remove", lambda t: t.remove_section("Music")),
]


@pytest.mark.parametrize("change", [c[1] for c in CHANGES], ids=[c[0] for c in CHANGES])
def test_an_answer_after_a_change_is_the_librarys(nested, change):
    raw = Raw(nested)
    nested.visible_items(0, 400)
    nested.visible_items(30, 400)
    change(nested)
    for offset in (30.0, 0.0, 50.0):
        assert nested.visible_items(offset, 400) == raw.visible(offset, 400.0, 0)


def test_a_new_section_index_with_the_same_records():
    """B moved to the end of A's children: C's items keep their position,
    top, depth and section id (the same bytes), but C is now child 1, not 2."""
    with foldtable.Table(row_height=10, header_height=20) as t:
        for key in "ABC":
            t.append_section(key, rows=2)
        top = t.item_top(t.section("C").header_position)
        before = t.visible_items(top, 40)
        assert before == [
            VisibleItem(6, ItemKind.HEADER, 0, 2, None, 80.0, 20.0, 8),
            VisibleItem(7, ItemKind.ROW, 0, 2, 0, 100.0, 10.0, 0),
            VisibleItem(8, ItemKind.ROW, 0, 2, 1, 110.0, 10.0, 0),
        ]
        t.section("B").move_to("A", 2)
        assert t.section("C").index == 1
        assert t.visible_items(top, 40) == [v._replace(section=1) for v in before]


def test_changing_a_returned_list_changes_no_later_answer(worked):
    raw = Raw(worked)
    first = worked.visible_items(0, 200)
    expected = list(first)
    first.reverse()
    first[0] = None
    del first[1:3]
    assert worked.visible_items(10, 200) == raw.visible(10.0, 200.0, 0)
    assert worked.visible_items(0, 200) == expected
    assert worked.visible_items(0, 200) == expected


def test_a_large_answer_is_not_kept():
    """Up to _REUSE_LIMIT items are kept for the next call; a larger answer
    (a whole table) is not kept alive by the table."""
    from foldtable._convert import _REUSE_LIMIT

    with foldtable.Table(row_height=1, header_height=1) as t:
        t.append_section("s", rows=_REUSE_LIMIT + 10)
        raw = Raw(t)
        small = t.visible_items(0, _REUSE_LIMIT)
        assert len(small) == _REUSE_LIMIT
        assert len(t._visible._last_items) == _REUSE_LIMIT
        everything = t.visible_items(0, _REUSE_LIMIT + 11)
        assert len(everything) == _REUSE_LIMIT + 11
        assert t._visible._last_items == []
        assert t.visible_items(5, 10) == raw.visible(5.0, 10.0, 0)
        assert t.visible_items(0, _REUSE_LIMIT + 11) == everything
