"""Keyed selection (foldtable.h "Selection"): clicks, ctrl- and shift-clicks
through the Python API, the range rule with a collapsed section, the
selection kept through collapse and inserts, counts, the anchor, modes,
saved state, change sets, and errors that change nothing.

The table: Mac (3 rows), iPad (2), iPhone (4); items: Mac header 0, rows
1-3; iPad header 4, rows 5-6; iPhone header 7, rows 8-11.
"""

import json

import pytest

import foldtable
from foldtable import (
    Change,
    InvalidArgumentError,
    NotAllowedError,
    OutOfRangeError,
    Select,
    SelectedRun,
    SelectionMode,
)


@pytest.fixture
def products():
    t = foldtable.Table()
    for key, rows in (("Mac", 3), ("iPad", 2), ("iPhone", 4)):
        t.append_section(key, rows=rows)
    yield t
    t.close()


def flags(t):
    """Which items are selected, as a string of 0 and 1."""
    return "".join("1" if t.item(p).selected else "0" for p in range(len(t)))


def test_click_ctrl_click_shift_click(products):
    t = products
    assert t.select_item(1) is True  # click Mac row 0
    assert flags(t) == "010000000000"
    assert t.selection_anchor == ("Mac", 0)
    assert t.select_item(5, Select.TOGGLE) is True  # ctrl-click iPad row 0
    assert flags(t) == "010001000000"
    assert t.selection_anchor == ("iPad", 0)
    assert t.select_range(8) is True  # shift-click iPhone row 0: 5..8
    assert flags(t) == "000001111000"
    assert t.selection == [
        SelectedRun("iPad", 0, 2), SelectedRun("iPhone", None, 1), SelectedRun("iPhone", 0, 1)
    ]
    assert t.selected_count == (3, 1)
    assert t.selection_anchor == ("iPad", 0)  # a range keeps the anchor
    assert t.select_item(5, Select.TOGGLE) is True
    assert flags(t) == "000000111000"
    assert t.select_item(6, Select.ADD) is False  # already selected


def test_range_skips_hidden_rows_and_selection_survives_collapse(products):
    t = products
    ipad, iphone = t.sections["iPad"], t.sections["iPhone"]
    ipad.collapse()  # Mac 0-3, iPad header 4, iPhone 5-9
    t.select_item(1)
    t.select_range(6)  # Mac rows, iPad's header, iPhone header and row 0
    assert t.selection == [
        SelectedRun("Mac", 0, 3), SelectedRun("iPad", None, 1),
        SelectedRun("iPhone", None, 1), SelectedRun("iPhone", 0, 1),
    ]
    assert not ipad.is_row_selected(0)  # hidden rows keep their state
    iphone.collapse()
    ipad.expand()
    assert iphone.selected and iphone.is_row_selected(0)
    assert iphone.selected_count == (1, 0)
    iphone.insert_rows(0, 2)  # the selection shifts with its row
    assert not iphone.is_row_selected(0) and iphone.is_row_selected(2)


def test_section_and_row_calls(products):
    t = products
    mac = t.sections["Mac"]
    assert mac.select_row(2) is True
    assert mac.is_row_selected(2) and not mac.is_row_selected(1)
    mac.selected = True
    assert mac.selected and t.selected_count == (1, 1)
    mac.selected = False
    assert not mac.selected
    assert mac.select(Select.TOGGLE) is True and mac.selected
    assert t.selection_anchor == ("Mac", None)
    mac.set_anchor(1)
    assert t.selection_anchor == ("Mac", 1)
    assert t.select_positions(4, 3, Select.ADD) is True  # iPad header and rows
    assert t.selected_count == (3, 2)
    assert t.select_all() is True
    assert flags(t) == "1" * 12
    assert t.clear_selection() is True
    assert t.selection == [] and t.selection_anchor is None
    assert t.clear_selection() is False


def test_modes(products):
    t = products
    assert t.selection_mode is SelectionMode.MULTIPLE
    t.select_item(1)
    t.select_item(2, Select.ADD)
    t.selection_mode = SelectionMode.SINGLE
    assert t.selection == [SelectedRun("Mac", 1, 1)]  # only the anchor's item stays
    t.select_item(5, Select.ADD)  # acts as a click
    assert t.selection == [SelectedRun("iPad", 0, 1)]
    t.selection_mode = SelectionMode.NONE
    assert t.selection == []
    with pytest.raises(NotAllowedError):
        t.select_item(1)


def test_section_counts_are_current(products):
    """Issue 33: right after select_all, clear_selection and mode NONE, with
    no other call between, a section's count is the current one."""
    t = products
    t.section("iPad").append_subsection("Pro", rows=3)
    assert t.select_all()
    assert t.section("Pro").selected_count == (3, 0)
    assert t.section("iPad").selected_count == (5, 1)
    assert t.section("iPhone").selected_count == (4, 0)
    assert t.selected_count == (12, 4)
    assert t.clear_selection()
    assert t.section("iPad").selected_count == (0, 0)
    assert t.section("Pro").selected_count == (0, 0)
    assert t.select_all()
    t.selection_mode = SelectionMode.NONE
    assert t.section("Mac").selected_count == (0, 0)
    assert t.section("Pro").selected_count == (0, 0)


def test_how_by_name_and_clear_errors(products):
    """Issue 34: select_item(0, 'toggle') works, and a wrong value says which
    are allowed instead of int()'s "invalid literal"."""
    t = products
    assert t.select_item(1, "toggle")
    assert t.select_item(2, "Add")
    assert t.selection == [SelectedRun("Mac", 0, 2)]
    with pytest.raises(InvalidArgumentError, match=r"how 'tog' is not a Select: use one of REPLACE, ADD, REMOVE, TOGGLE"):
        t.select_item(0, "tog")
    with pytest.raises(TypeError, match=r"how must be a Select \(REPLACE, ADD, REMOVE, TOGGLE\) or its name, not float"):
        t.select_item(0, 1.5)
    with pytest.raises(InvalidArgumentError, match="how 9 is not known"):
        t.select_item(0, 9)
    assert t.selection == [SelectedRun("Mac", 0, 2)]  # nothing changed
    t.selection_mode = "single"
    assert t.selection_mode is SelectionMode.SINGLE
    with pytest.raises(InvalidArgumentError, match="selection mode 'many' is not a SelectionMode"):
        t.selection_mode = "many"


def test_change_sets_redraw_what_changed(products):
    t = products
    seen = []
    t.on_change(seen.append)
    t.select_item(1)
    t.select_range(3)
    assert [s.changes for s in seen] == [[], []]
    assert [s.redraw for s in seen] == [[range(1, 2)], [range(2, 4)]]
    seen.clear()
    t.select_item(2, Select.ADD)  # no change: no change set
    assert seen == []


def test_errors_change_nothing(products):
    t = products
    t.select_item(1)
    before = (t.selection, t.selection_anchor)
    with pytest.raises(OutOfRangeError):
        t.select_item(12)
    with pytest.raises(InvalidArgumentError):
        t.select_item(2, 9)
    with pytest.raises(OutOfRangeError):
        t.sections["Mac"].select_row(3)
    with pytest.raises(OutOfRangeError):
        t.select_positions(10, 5)
    t.sections["Mac"].footer_height = 10  # a footer item at 4
    with pytest.raises(NotAllowedError) as err:
        t.select_item(4)
    assert "footer" in str(err.value)
    assert (t.selection, t.selection_anchor) == before


def test_saved_state_round_trips_the_selection(products):
    t = products
    t.select_item(2)
    t.select_item(7, Select.ADD)
    state = t.export_state()
    assert "selected" in json.loads(state)
    fresh = foldtable.Table()
    for key, rows in (("Mac", 3), ("iPad", 2), ("iPhone", 4)):
        fresh.append_section(key, rows=rows)
    fresh.import_state(state)
    assert fresh.selection == t.selection
    assert fresh.selection_anchor == t.selection_anchor
    fresh.close()
