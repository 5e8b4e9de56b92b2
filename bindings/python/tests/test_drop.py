"""Drag and drop (foldtable.h "Drag and drop"): drop targets at the edges
(above the list, a header's quarters, rows' halves, the gap where levels
end, the end of the list, into a collapsed section, into itself, NO_DROP
sections), and drops that keep the items' order and report moves; bad input
that changes nothing.

The table: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers 28. Items:
Mac header 0, rows 1-3; iPad header 4, rows 5-6; iPhone header 7, rows
8-11. Tops: 0, 28, 72, 116, 160, 188, 232, 276, 304, 348, 392, 436; content 480.
"""

import math

import pytest

import foldtable
from foldtable import (
    DropKind,
    DropTarget,
    InvalidArgumentError,
    Move,
    NotAllowedError,
    NotFoundError,
    OutOfRangeError,
    SelectedRun,
)

from conftest import take_deep_snapshot

BEFORE, INTO, NONE = DropKind.BEFORE, DropKind.INTO, DropKind.NONE


@pytest.fixture
def products():
    t = foldtable.Table()
    for key, rows in (("Mac", 3), ("iPad", 2), ("iPhone", 4)):
        t.append_section(key, rows=rows)
    yield t
    t.close()


def line(parent, index, depth, position, y, x=0.0):
    """A BEFORE target (the highlight fields are 0)."""
    return (BEFORE, depth, parent, index, position, y, x)


def short(target):
    """The fields a BEFORE or NONE target is checked by."""
    return tuple(target[:7])


def test_a_header_quarters_and_a_row_halves(products):
    t = products
    mac = t.section("Mac")
    iphone = [t.section("iPhone")]
    assert short(t.drop_target(0, -5, dragged=iphone)) == line(None, 0, 0, 0, 0.0)  # above the list
    assert short(t.drop_target(0, 3, dragged=iphone)) == line(None, 0, 0, 0, 0.0)  # top quarter
    into = t.drop_target(0, 14, dragged=iphone)  # the middle half: into Mac, after its last child
    assert into == DropTarget(INTO, 1, mac, 3, 0, into.line_y, into.line_x, 0.0, 160.0)
    assert into.parent == mac and into.parent.key == "Mac"
    # The bottom quarter of an expanded header: before its first child.
    assert short(t.drop_target(0, 25, 20, iphone)) == line(mac, 0, 1, 1, 28.0, 20.0)
    assert short(t.drop_target(0, 40, 20, iphone)) == line(mac, 0, 1, 1, 28.0, 20.0)  # row 0, top half
    assert short(t.drop_target(0, 60, 20, iphone)) == line(mac, 1, 1, 2, 72.0, 20.0)  # bottom half


def test_x_picks_the_level_where_levels_end(products):
    t = products
    mac = t.section("Mac")
    # Under Mac's last row (116..160, bottom half): Mac's children end there.
    assert short(t.drop_target(30, 150, 20)) == line(mac, 3, 1, 4, 160.0, 20.0)
    assert short(t.drop_target(5, 150, 20)) == line(None, 1, 0, 4, 160.0, 0.0)  # after Mac
    assert short(t.drop_target(500, 150, 20)) == line(mac, 3, 1, 4, 160.0, 20.0)  # clamped
    assert short(t.drop_target(1.5, 150)) == line(mac, 3, 1, 4, 160.0, 1.0)  # x as a level


def test_the_end_of_the_list(products):
    t = products
    iphone = t.section("iPhone")
    assert short(t.drop_target(0, 1000, 20)) == line(None, 3, 0, 12, 480.0, 0.0)
    assert short(t.drop_target(25, 1000, 20)) == line(iphone, 4, 1, 12, 480.0, 20.0)
    assert short(t.drop_target(25, 470, 20)) == line(iphone, 4, 1, 12, 480.0, 20.0)  # last row's bottom half
    # iPhone dragged: inside itself is no place; at the top level it is.
    assert t.drop_target(25, 1000, 20, [iphone]).kind is NONE
    assert short(t.drop_target(0, 1000, 20, [iphone])) == line(None, 3, 0, 12, 480.0, 0.0)


def test_between_nested_levels(nested):
    # Sports 0 (0..28), Bat 1 (28..56), Baseball 2 (56..84) rows 3-4 (84..172),
    # Cricket 5 (172..200) row 6 (200..244), Sports' row 7 (244..288),
    # Music 8 (288..316) row 9 (316..360).
    t = nested
    bat, cricket, sports = t.section("Bat"), t.section("Cricket"), t.section("Sports")
    # Under Cricket's row: Cricket's children (depth 3) and Bat's (depth 2)
    # end there, and Bat itself as Sports' child (depth 1: before Sports'
    # row); Sports goes on (its row), so x cannot pick the top level.
    assert short(t.drop_target(60, 240, 20)) == line(cricket, 1, 3, 7, 244.0, 60.0)
    assert short(t.drop_target(40, 240, 20)) == line(bat, 2, 2, 7, 244.0, 40.0)
    assert short(t.drop_target(20, 240, 20)) == line(sports, 1, 1, 7, 244.0, 20.0)
    assert short(t.drop_target(0, 240, 20)) == line(sports, 1, 1, 7, 244.0, 20.0)
    # Under Sports' row (244..288): Sports' children end, and the top level goes on.
    assert short(t.drop_target(20, 280, 20)) == line(sports, 2, 1, 8, 288.0, 20.0)
    assert short(t.drop_target(0, 280, 20)) == line(None, 1, 0, 8, 288.0, 0.0)


def test_into_a_collapsed_section(products):
    t = products
    ipad = t.section("iPad")
    ipad.collapse()  # Mac 0-3, iPad 4 (160..188), iPhone 5 (188..216) rows 6-9
    into = t.drop_target(0, 174, dragged=[("Mac", 0)])
    assert into == DropTarget(INTO, 1, ipad, 2, 4, into.line_y, into.line_x, 160.0, 28.0)
    # The bottom quarter of a collapsed header: after the section. Rows
    # cannot go to the top level, so for a row that place is NONE.
    assert short(t.drop_target(0, 185, dragged=[t.section("Mac")])) == line(None, 2, 0, 5, 188.0)
    assert t.drop_target(0, 185, dragged=[("Mac", 0)]).kind is NONE


def test_not_into_itself(products):
    t = products
    iphone = t.section("iPhone")
    # iPhone's header splits in halves: before and after the section.
    assert short(t.drop_target(0, 285, dragged=[iphone])) == line(None, 2, 0, 7, 276.0)
    assert short(t.drop_target(0, 295, dragged=[iphone])) == line(None, 3, 0, 12, 480.0)
    assert t.drop_target(0, 320, dragged=[iphone]).kind is NONE  # over its own row
    assert t.drop_target(0, 320, dragged=["iPhone"]).kind is NONE  # a key names it too


def test_no_drop_sections(products):
    t = products
    ipad = t.section("iPad")
    ipad.no_drop = True
    assert ipad.no_drop is True and ipad.no_focus is False
    assert short(t.drop_target(0, 170)) == line(None, 1, 0, 4, 160.0)  # upper half: before
    assert t.drop_target(0, 200).kind is NONE  # over its row
    assert t.drop_target(0, 14).kind is INTO  # Mac still takes drops
    ipad.no_drop = False
    assert t.drop_target(0, 174).kind is INTO
    assert t.append_section("Watch", no_drop=True).no_drop is True


def test_rows_cannot_go_to_the_top_level(products):
    t = products
    assert t.drop_target(0, -5, dragged=[("Mac", 0)]).kind is NONE
    assert t.drop_target(0, 3, dragged=[("Mac", 0)]).kind is NONE


@pytest.mark.parametrize(
    "args, error, message",
    [
        ((0, 10, 0), InvalidArgumentError, None),
        ((0, 10, -1), InvalidArgumentError, None),
        ((math.nan, 10), InvalidArgumentError, None),
        ((0, math.inf), InvalidArgumentError, None),
        ((0, 10, 1, ["nope"]), NotFoundError, "nope"),
        ((0, 10, 1, [("Mac", 99)]), NotFoundError, None),
        ((0, 10, 1, [("Mac", -1)]), OutOfRangeError, "row -1 is negative"),
        ((0, 10, 1, [42]), TypeError, "a dragged item is a Section"),
        ((0, 10, 1, 42), TypeError, "dragged must be an iterable"),
        ((0, 10, 1, [(None, 0)]), TypeError, "must be a Section or a key"),
        (("0", 10), TypeError, "x must be a number"),
    ],
)
def test_bad_drop_targets(products, args, error, message):
    before = take_deep_snapshot(products)
    with pytest.raises(error, match=message):
        products.drop_target(*args)
    assert take_deep_snapshot(products) == before


def test_a_section_of_another_table_is_refused(products):
    with foldtable.Table() as other:
        stranger = other.append_section("Mac", rows=1)
        with pytest.raises(InvalidArgumentError, match="belongs to another table"):
            products.drop_target(0, 10, dragged=[stranger])
        with pytest.raises(InvalidArgumentError, match="belongs to another table"):
            products.drop(stranger, 0, [("Mac", 0)])


# -- performing the drop --------------------------------------------------------


@pytest.fixture
def marked():
    """Mac (rows 41, 42, 43 pt), iPad (51, 52), iPhone (61, 62, 63, 64): each
    row is known by its height."""
    t = foldtable.Table()
    for key, heights in (("Mac", [41, 42, 43]), ("iPad", [51, 52]), ("iPhone", [61, 62, 63, 64])):
        t.append_section(key).append_rows(heights=heights)
    yield t
    t.close()


def heights(t, key):
    section = t.section(key)
    return [section.row_height(r) for r in range(section.row_count)]


def test_a_drop_keeps_the_order_given_and_reports_moves(marked):
    t = marked
    t.section("iPhone").select_row(3)
    got = []
    t.on_change(got.append)
    t.drop("iPad", 1, [("iPhone", 3), ("Mac", 0), ("iPhone", 1)])
    assert heights(t, "iPad") == [51, 64, 41, 62, 52]
    assert heights(t, "Mac") == [42, 43]
    assert heights(t, "iPhone") == [61, 63]
    assert t.section("iPad").is_row_selected(1)  # its selection went with it
    assert len(got) == 1
    # Mac 0 rows 1-2, iPad 3 rows 4-8, iPhone 9 rows 10-11: every dropped
    # row is a move from its old position to its new one.
    assert sorted(got[0].moves) == [Move(1, 6, 1), Move(9, 7, 1), Move(11, 5, 1)]
    assert len(t) == 12


def test_dropping_a_selection(marked):
    t = marked
    t.select_item(1)  # Mac row 0
    t.select_item(9, "add")  # iPhone row 1
    t.select_item(10, "add")  # iPhone row 2
    assert t.selection == [SelectedRun("Mac", 0, 1), SelectedRun("iPhone", 1, 2)]
    t.drop(t.section("iPad"), 2, t.selection)
    assert heights(t, "iPad") == [51, 52, 41, 62, 63]
    assert t.selection == [SelectedRun("iPad", 2, 3)]


def test_dropping_a_section(marked):
    t = marked
    got = []
    t.on_change(got.append)
    target = t.drop_target(0, 3, dragged=[t.section("iPhone")])  # before Mac
    t.drop(target.parent, target.index, [t.section("iPhone")])
    assert t.sections.keys() == ["iPhone", "Mac", "iPad"]
    assert got[0].moves == [Move(7, 0, 5)]
    t.drop("Mac", 0, ["iPad"])  # a section into a section
    assert t.section("iPad").parent == t.section("Mac")
    assert t.section("Mac").children[0] == t.section("iPad")


def test_a_row_dragged_with_its_section_goes_with_it(marked):
    t = marked
    t.drop(None, 0, ["iPad", ("iPad", 1), "iPhone"])
    assert t.sections.keys() == ["iPad", "iPhone", "Mac"]
    assert heights(t, "iPad") == [51, 52]


@pytest.mark.parametrize(
    "parent, index, items, error, message",
    [
        ("iPhone", 0, ["iPhone"], InvalidArgumentError, None),  # into itself
        (None, 0, [("Mac", 0)], InvalidArgumentError, None),  # a row at the top level
        ("iPad", 0, [("Mac", 0), ("Mac", 0)], InvalidArgumentError, None),  # named twice
        ("iPad", 99, [("Mac", 0)], OutOfRangeError, None),
        ("iPad", -1, [("Mac", 0)], OutOfRangeError, "index -1 is negative"),
        ("nope", 0, [("Mac", 0)], NotFoundError, "nope"),
        ("iPad", 0, [("Mac", 7)], NotFoundError, None),
        ("iPad", 0, [("gone", 0)], NotFoundError, "gone"),
        ("iPad", 0, [1.5], TypeError, "a dragged item is"),
        ("iPad", 0, None, TypeError, "items must be an iterable"),
    ],
)
def test_a_failed_drop_changes_nothing(marked, parent, index, items, error, message):
    t = marked
    t.section("Mac").select_row(0)
    before = take_deep_snapshot(t)
    selection = t.selection
    got = []
    t.on_change(got.append)
    with pytest.raises(error, match=message):
        t.drop(parent, index, items)
    assert got == [] and t.selection == selection
    assert take_deep_snapshot(t) == before


def test_no_drop_parent_is_not_allowed(marked):
    t = marked
    t.section("iPad").no_drop = True
    before = take_deep_snapshot(t)
    with pytest.raises(NotAllowedError):
        t.drop("iPad", 0, [("Mac", 0)])
    assert take_deep_snapshot(t) == before
    t.section("iPad").no_drop = False
    t.drop("iPad", 0, [("Mac", 0)])
    assert heights(t, "iPad") == [41, 51, 52]


def test_a_snapshot_can_insert_a_no_drop_section(table):
    table.apply_snapshot([{"key": "Mac", "rows": 2, "no_drop": True}, {"key": "iPad", "rows": 1}])
    assert table.section("Mac").no_drop is True and table.section("iPad").no_drop is False
    assert short(table.drop_target(0, 10)) == line(None, 0, 0, 0, 0.0)  # no INTO: halves
    assert short(table.drop_target(0, 20)) == line(None, 1, 0, 3, 116.0)


def test_a_drop_in_place_or_of_nothing_reports_nothing(marked):
    t = marked
    before = take_deep_snapshot(t)
    got = []
    t.on_change(got.append)
    t.drop("Mac", 0, [("Mac", 0), ("Mac", 1)])
    t.drop("iPad", 1, [])
    assert got == []
    assert take_deep_snapshot(t) == before


def test_none_has_no_parent_and_index_minus_one(products):
    target = products.drop_target(0, 320, dragged=[products.section("iPhone")])
    assert target == DropTarget(NONE, 0, None, -1, -1, 0.0, 0.0, 0.0, 0.0)


def test_an_item_dragged_twice(products):
    with pytest.raises(InvalidArgumentError):
        products.drop_target(0, 10, dragged=[("Mac", 0), ("Mac", 0)])


def test_a_drop_inside_a_batch_is_part_of_it(marked):
    t = marked
    got = []
    t.on_change(got.append)
    with t.batch():
        t.drop("iPad", 0, [("Mac", 2)])
        t.section("iPhone").collapse()
        assert got == []
    assert len(got) == 1 and Move(3, 4, 1) in got[0].moves
    assert heights(t, "iPad") == [43, 51, 52]
