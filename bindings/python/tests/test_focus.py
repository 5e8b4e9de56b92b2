"""Focus (foldtable.h "Focus and keyboard"): one focused item that belongs
to its item, the focus rule when it stops being shown, focus kinds and
Section.no_focus, navigation, change sets, saved state, and bad input that
changes nothing.

The table: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers 28. Items:
Mac header 0, rows 1-3; iPad header 4, rows 5-6; iPhone header 7, rows
8-11. Tops: 0, 28, 72, 116, 160, 188, 232, 276, 304, 348, 392, 436; content 480.
"""

import json

import pytest

import foldtable
from foldtable import (
    Change,
    ChangeSet,
    FocusKind,
    InvalidArgumentError,
    Nav,
    NotAllowedError,
    NotFoundError,
    OutOfRangeError,
)

from conftest import take_deep_snapshot


@pytest.fixture
def products():
    t = foldtable.Table()
    for key, rows in (("Mac", 3), ("iPad", 2), ("iPhone", 4)):
        t.append_section(key, rows=rows)
    yield t
    t.close()


def focused(t):
    """Which items carry Item.focused, as a string of 0 and 1."""
    return "".join("1" if item.focused else "0" for item in t)


def test_no_focus_at_first_then_one_focused_item(products):
    t = products
    assert t.focus is None
    assert focused(t) == "000000000000"
    t.set_focus(5)
    assert t.focus == 5
    assert focused(t) == "000001000000"
    assert t.visible_items(0, 480)[5].focused
    assert t.selection == [] and t.selection_anchor is None  # focus is not selection
    t.focus = 0  # the property is settable too
    assert t.focus == 0 and focused(t) == "100000000000"
    t.set_focus(None)
    assert t.focus is None and focused(t) == "000000000000"


def test_focus_belongs_to_its_item(products):
    t = products
    t.set_focus(5)  # iPad row 0
    t.section("Mac").insert_rows(0, 2)  # iPad header 6, rows 7-8
    assert t.focus == 7
    t.section("iPhone").move_to(None, 0)  # iPhone 0-4, Mac 5-10, iPad 11-13
    assert t.focus == 12
    t.section("Mac").collapse()  # iPhone 0-4, Mac 5, iPad 6-8
    assert t.focus == 7
    assert t.item(7).row == 0 and t.item_key(7) == "iPad"


def test_the_focus_rule_collapse_goes_to_the_collapsed_header(products):
    t = products
    t.set_focus(6)  # iPad row 1
    t.section("iPad").collapse()
    assert t.focus == 4  # iPad's header
    assert focused(t) == "0000100000"


def test_the_focus_rule_outermost_collapsed_section(nested):
    # Sports 0, Bat 1, Baseball 2 (rows 3-4), Cricket 5 (row 6), row 7, Music 8 (row 9)
    t = nested
    t.set_focus(4)  # Baseball row 1
    t.section("Baseball").collapse()  # the focus goes to Baseball's header
    assert t.focus == 2
    t.section("Baseball").expand()
    t.set_focus(4)
    with t.batch():
        t.section("Baseball").collapse()
        t.section("Sports").collapse()
    assert t.focus == 0  # the outermost collapsed section over it


def test_the_focus_rule_removal_goes_to_the_next_item(products):
    t = products
    t.set_focus(2)  # Mac row 1
    t.section("Mac").remove_rows(1)
    assert t.focus == 2  # Mac's old row 2, now row 1
    assert t.item(2).row == 1


def test_the_focus_rule_removal_at_the_end_goes_to_the_previous_item(products):
    t = products
    t.set_focus(11)  # iPhone row 3, the last item
    t.section("iPhone").remove_rows(3)
    assert t.focus == 10
    t.section("iPhone").remove()  # the focused row with its section: nothing after it
    assert t.focus == 6  # iPad row 1


def test_the_focus_rule_nowhere_when_nothing_can_take_focus(products):
    t = products
    t.set_focus(0)
    for key in ("Mac", "iPad", "iPhone"):
        t.remove_section(key)
    assert t.focus is None


def test_a_focus_change_redraws_the_old_and_the_new_item(products):
    t = products
    got = []
    t.on_change(got.append)
    t.set_focus(1)
    t.set_focus(3)
    t.set_focus(3)  # no change: no change set
    t.set_focus(None)
    assert got == [
        ChangeSet([], [range(1, 2)], 0.0, None),
        ChangeSet([], [range(1, 2), range(3, 4)], 0.0, None),
        ChangeSet([], [range(3, 4)], 0.0, None),
    ]


def test_focus_kinds(products):
    t = products
    assert t.focus_kinds == FocusKind.ALL
    t.focus_kinds = FocusKind.HEADERS
    assert t.focus_kinds == FocusKind.HEADERS
    with pytest.raises(NotAllowedError, match="cannot take focus"):
        t.set_focus(1)
    assert t.focus is None
    t.set_focus(0)
    assert t.navigate(0, Nav.NEXT) == 4  # rows are passed over
    t.focus_kinds = FocusKind.ROWS | FocusKind.FOOTERS
    assert t.focus == 0  # a focused item of a kind no longer allowed keeps focus
    assert t.navigate(0, Nav.NEXT) == 1
    t.focus_kinds = "all"
    assert t.focus_kinds is FocusKind.ALL


@pytest.mark.parametrize(
    "kinds, error, message",
    [
        (16, InvalidArgumentError, None),
        (-1, InvalidArgumentError, "not a set of FocusKind bits"),
        (1 << 40, InvalidArgumentError, "not a set of FocusKind bits"),
        ("everything", InvalidArgumentError, "'everything' is not a FocusKind"),
        (1.0, TypeError, "must be a FocusKind or an int"),
    ],
)
def test_bad_focus_kinds_change_nothing(products, kinds, error, message):
    t = products
    t.focus_kinds = FocusKind.ROWS
    with pytest.raises(error, match=message):
        t.focus_kinds = kinds
    assert t.focus_kinds == FocusKind.ROWS
    with pytest.raises(NotAllowedError):
        t.set_focus(0)


def test_no_focus_sections_are_passed_over(products):
    t = products
    ipad = t.section("iPad")
    assert ipad.no_focus is False
    ipad.no_focus = True
    assert ipad.no_focus is True and ipad.no_drop is False
    assert t.navigate(3, Nav.NEXT) == 7  # over iPad's header and rows
    assert t.navigate(7, Nav.PREVIOUS) == 3
    with pytest.raises(NotAllowedError, match="cannot take focus"):
        t.set_focus(5)
    t.set_focus(7)
    ipad.no_focus = False
    assert t.navigate(7, Nav.PREVIOUS) == 6
    extra = t.append_section("Watch", rows=1, no_focus=True)
    assert extra.no_focus is True
    assert t.navigate(11, Nav.NEXT) == 11  # nothing after: from itself


def test_no_focus_does_not_reach_subsections(nested):
    t = nested  # Sports 0, Bat 1, Baseball 2 (3-4), Cricket 5 (6), row 7, Music 8 (9)
    t.section("Sports").no_focus = True
    t.section("Bat").no_focus = True
    assert t.navigate(None, Nav.FIRST) == 2  # Baseball's header
    assert t.navigate(6, Nav.NEXT) == 8  # over Sports' own row 7


NAVIGATION = [
    # from, move, to
    (None, Nav.NEXT, 0),
    (None, Nav.FIRST, 0),
    (None, Nav.PREVIOUS, 11),
    (None, Nav.LAST, 11),
    (0, Nav.NEXT, 1),
    (0, Nav.PREVIOUS, 0),
    (11, Nav.NEXT, 11),
    (6, Nav.LAST, 11),
    (6, Nav.FIRST, 0),
    (6, Nav.PARENT, 4),
    (4, Nav.PARENT, 4),  # a top-level header has none
    (4, Nav.FIRST_CHILD, 5),
    (5, Nav.FIRST_CHILD, 5),
    (0, Nav.NEXT_SIBLING, 4),
    (4, Nav.NEXT_SIBLING, 7),
    (7, Nav.NEXT_SIBLING, 7),
    (7, Nav.PREVIOUS_SIBLING, 4),
    (1, Nav.NEXT_SIBLING, 2),
    (3, Nav.NEXT_SIBLING, 3),
    ("5", "previous", 4),
]


@pytest.mark.parametrize("start, move, expected", NAVIGATION)
def test_navigate(products, start, move, expected):
    if isinstance(start, str):
        start = int(start)
    assert products.navigate(start, move) == expected
    assert products.focus is None  # nothing changes


def test_navigate_nested(nested):
    t = nested  # Sports 0, Bat 1, Baseball 2 (3-4), Cricket 5 (6), row 7, Music 8 (9)
    assert t.navigate(1, Nav.NEXT_SIBLING) == 7  # over Bat's contents to Sports' row
    assert t.navigate(7, Nav.PREVIOUS_SIBLING) == 1
    assert t.navigate(6, Nav.PARENT) == 5
    assert t.navigate(5, Nav.PARENT) == 1
    assert t.navigate(0, Nav.NEXT_SIBLING) == 8
    assert t.navigate(1, Nav.FIRST_CHILD) == 2


def test_pages_follow_the_viewport(products):
    t = products
    with pytest.raises(NotAllowedError):
        t.navigate(0, Nav.PAGE_DOWN)
    t.set_viewport(0, 200)
    assert t.navigate(0, Nav.PAGE_DOWN) == 5  # the item under 0 + 200
    assert t.navigate(5, Nav.PAGE_DOWN) == 9  # under 188 + 200
    assert t.navigate(9, Nav.PAGE_DOWN) == 11  # past the end: the last
    assert t.navigate(11, Nav.PAGE_UP) == 6  # under 436 - 200
    assert t.navigate(0, Nav.PAGE_UP) == 0


@pytest.mark.parametrize(
    "start, move, error, message",
    [
        (12, Nav.NEXT, OutOfRangeError, None),
        (-1, Nav.NEXT, OutOfRangeError, "from_ -1 is negative"),
        (0, 99, InvalidArgumentError, None),
        (0, "sideways", InvalidArgumentError, "'sideways' is not a Nav"),
        (0, 1.5, TypeError, "move must be a Nav"),
        ("0", Nav.NEXT, TypeError, "from_ must be an int"),
    ],
)
def test_bad_navigation(products, start, move, error, message):
    with pytest.raises(error, match=message):
        products.navigate(start, move)


def test_navigate_with_nothing_to_focus(table):
    with pytest.raises(NotFoundError):
        table.navigate(None, Nav.NEXT)
    t = table
    t.append_section("Mac", rows=2, no_focus=True)
    with pytest.raises(NotFoundError):
        t.navigate(None, Nav.FIRST)


@pytest.mark.parametrize(
    "position, error, message",
    [
        (12, OutOfRangeError, None),
        (-1, OutOfRangeError, "position -1 is negative"),
        (1 << 70, OutOfRangeError, "does not fit"),
        ("3", TypeError, "position must be an int"),
    ],
)
def test_bad_focus_changes_nothing(products, position, error, message):
    t = products
    t.set_focus(3)
    before = take_deep_snapshot(t)
    got = []
    t.on_change(got.append)
    with pytest.raises(error, match=message):
        t.set_focus(position)
    assert t.focus == 3 and got == []
    assert take_deep_snapshot(t) == before


def test_saved_state_holds_the_focus_by_key(products):
    t = products
    t.set_focus(9)  # iPhone row 1
    state = json.loads(t.export_state())
    assert state["focus"] == {"section": "iPhone", "kind": "row", "row": 1}
    with foldtable.Table() as rebuilt:
        rebuilt.append_section("iPhone", rows=4)
        rebuilt.append_section("Mac", rows=3)
        rebuilt.import_state(t.export_state())
        assert rebuilt.focus == 2
    t.set_focus(4)
    assert json.loads(t.export_state())["focus"] == {"section": "iPad", "kind": "header"}


def test_item_focused_flag_is_its_own_bit(products):
    t = products
    t.set_focus(0)
    t.select_item(0)
    item = t.item(0)
    assert item.focused and item.selected and not item.collapsed
    assert item.flags & foldtable._ffi.ITEM_FLAG_FOCUSED


def test_set_section_flags_reports_a_missing_section(products):
    t = products
    mac = t.section("Mac")
    mac.remove()
    with pytest.raises(NotFoundError):
        mac.no_focus = True
    with pytest.raises(NotFoundError):
        mac.no_drop = True


def test_change_sets_of_focus_moved_by_the_rule(products):
    t = products
    t.set_focus(6)
    got = []
    t.on_change(got.append)
    t.section("iPad").collapse()
    # One change set: the collapse's step and the header that takes focus redrawn.
    assert len(got) == 1
    assert got[0].changes == [Change(5, 2, 0)]
    assert range(4, 5) in got[0].redraw or any(4 in r for r in got[0].redraw)


def test_a_snapshot_can_insert_a_no_focus_section(table):
    table.apply_snapshot([foldtable.Snapshot("Mac", rows=2, no_focus=True), {"key": "iPad", "rows": 1}])
    assert table.section("Mac").no_focus is True
    assert table.section("iPad").no_focus is False
    assert table.navigate(None, Nav.FIRST) == 3  # iPad's header
