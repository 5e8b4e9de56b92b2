"""The keyboard model (foldtable.h fold_table_press_key): a table of key
presses with the focus, selection, action and scrolling each leaves; pages
with a viewport; selection modes; footers; bad keys that change nothing.

The table: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers 28. Items:
Mac header 0, rows 1-3; iPad header 4, rows 5-6; iPhone header 7, rows
8-11. Tops: 0, 28, 72, 116, 160, 188, 232, 276, 304, 348, 392, 436; content 480.
"""

import pytest

import foldtable
from foldtable import (
    Activation,
    InvalidArgumentError,
    Key,
    KeyResult,
    Modifier,
    SelectionMode,
)

from conftest import take_deep_snapshot

SHIFT, CTRL = Modifier.SHIFT, Modifier.CTRL
NOTHING, COLLAPSED, EXPANDED = (
    Activation.NOTHING, Activation.SECTION_COLLAPSED, Activation.SECTION_EXPANDED
)


@pytest.fixture
def products():
    t = foldtable.Table()
    for key, rows in (("Mac", 3), ("iPad", 2), ("iPhone", 4)):
        t.append_section(key, rows=rows)
    yield t
    t.close()


def selected(t):
    """Which items are selected, as a string of 0 and 1."""
    return "".join("1" if item.selected else "0" for item in t)


# One session of key presses from focus on Mac row 0 (position 1): key,
# modifiers, then the focus, the selection and the action after it.
SESSION = [
    (Key.DOWN, 0, 2, "001000000000", NOTHING),  # select only it, make it the anchor
    (Key.DOWN, SHIFT, 3, "001100000000", NOTHING),  # the range from the anchor (2)
    (Key.DOWN, SHIFT, 4, "001110000000", NOTHING),  # a header is selected as its section
    (Key.DOWN, CTRL, 5, "001110000000", NOTHING),  # focus moves, selection stays
    (Key.SPACE, CTRL, 5, "001111000000", NOTHING),  # toggles and anchors
    (Key.DOWN, CTRL, 6, "001111000000", NOTHING),
    (Key.SPACE, 0, 6, "001111100000", NOTHING),  # toggles and anchors
    (Key.SPACE, 0, 6, "001111000000", NOTHING),
    (Key.UP, SHIFT, 5, "000001100000", NOTHING),  # REPLACE by the range from the anchor (6)
    (Key.DOWN, SHIFT | CTRL, 6, "000001100000", NOTHING),  # ADD the range 6..6
    (Key.DOWN, SHIFT | CTRL, 7, "000001110000", NOTHING),  # ADD the range 6..7
    (Key.END, 0, 11, "000000000001", NOTHING),
    (Key.HOME, SHIFT, 0, "111111111111", NOTHING),
    (Key.HOME, 0, 0, "100000000000", NOTHING),
    (Key.UP, 0, 0, "100000000000", NOTHING),  # nowhere to go: handled, focus stays
    (Key.LEFT, 0, 0, "100000000", COLLAPSED),  # an expanded header collapses
    (Key.RIGHT, 0, 0, "100000000000", EXPANDED),  # a collapsed header expands
    (Key.RIGHT, 0, 1, "010000000000", NOTHING),  # an expanded one: its first child
    (Key.LEFT, 0, 0, "100000000000", NOTHING),  # a row: its section's header
    (Key.MINUS, 0, 0, "100000000", COLLAPSED),
    (Key.PLUS, 0, 0, "100000000000", EXPANDED),
    ("down", "shift", 1, "110000000000", NOTHING),  # names work too
]


def test_a_session_of_key_presses(products):
    t = products
    t.set_focus(1)
    for number, (key, modifiers, focus, selection, action) in enumerate(SESSION):
        result = t.press_key(key, modifiers)
        assert result == KeyResult(True, action, focus, 0.0, False), (number, key, modifiers)
        assert t.focus == focus, (number, key, modifiers)
        assert selected(t) == selection, (number, key, modifiers)


def test_right_on_a_row_is_not_handled(products):
    t = products
    t.set_focus(1)
    assert t.press_key(Key.RIGHT) == KeyResult(False, NOTHING, 1, 0.0, False)
    assert t.selection == []


def test_without_focus_a_movement_key_focuses_an_end(products):
    t = products
    assert t.press_key(Key.DOWN).focus == 0
    t.set_focus(None)
    assert t.press_key(Key.UP).focus == 11
    t.set_focus(None)
    assert t.press_key("end").focus == 11
    t.set_focus(None)
    assert t.press_key("Home").focus == 0


def test_asterisk_expands_everything_below(nested):
    t = nested  # Sports 0, Bat 1, Baseball 2 (3-4), Cricket 5 (6), row 7, Music 8 (9)
    t.section("Baseball").collapse()
    t.section("Cricket").collapse()
    t.section("Sports").collapse()
    t.set_focus(0)
    result = t.press_key(Key.ASTERISK)
    assert result.handled and result.focus == 0
    assert [t.section(k).collapsed for k in ("Sports", "Bat", "Baseball", "Cricket")] == [False] * 4
    assert len(t) == 10


def test_a_refused_collapse_is_reported(products):
    t = products
    t.on_section(lambda key, event: not event.is_will)
    t.set_focus(0)
    result = t.press_key(Key.LEFT)
    assert result.action is Activation.REFUSED
    assert not t.section("Mac").collapsed and t.focus == 0


def test_keys_scroll_to_the_focus(products):
    t = products
    t.set_viewport(0, 100)
    t.set_focus(1)  # 28..72, shown
    assert t.press_key(Key.DOWN) == KeyResult(True, NOTHING, 2, 16.0, True)  # 72..116: bottom at 100
    t.set_viewport(16, 100)
    assert t.press_key(Key.UP) == KeyResult(True, NOTHING, 1, 16.0, False)  # still shown
    assert t.viewport == (16, 100)  # the table does not scroll itself


def test_pages_keep_the_focus_in_place_on_screen(products):
    t = products
    t.set_viewport(0, 200)
    t.set_focus(0)
    steps = []
    for key in (Key.PAGE_DOWN, Key.PAGE_DOWN, Key.PAGE_DOWN, Key.PAGE_UP):
        result = t.press_key(key)
        steps.append((result.focus, result.scroll_offset, result.scroll))
        t.set_viewport(result.scroll_offset, 200)  # as a view scrolls
    # 0 -> 5 (under 200; the viewport follows by 188); 5 -> 9 (under 388;
    # 160 further, clamped to 280); 9 -> 11 (the last); 11 -> 6 (under 236;
    # the viewport moves up by 204).
    assert steps == [(5, 188.0, True), (9, 280.0, True), (11, 280.0, False), (6, 76.0, True)]


def test_single_selection_shift_acts_alone(products):
    t = products
    t.selection_mode = SelectionMode.SINGLE
    t.set_focus(1)
    t.press_key(Key.DOWN, SHIFT)
    assert selected(t) == "001000000000"


def test_no_selection_keys_only_move_focus(products):
    t = products
    t.selection_mode = "none"
    t.set_focus(1)
    assert t.press_key(Key.DOWN).focus == 2
    assert t.press_key(Key.SPACE).focus == 2
    assert t.press_key(Key.DOWN, SHIFT).focus == 3
    assert t.selection == []


def test_footers_take_focus_but_are_never_selected():
    with foldtable.Table(footer_height=10) as t:
        t.append_section("Mac", rows=1)  # header 0, row 1, footer 2
        t.append_section("iPad", rows=1)  # header 3, row 4, footer 5
        t.set_focus(0)
        t.press_key(Key.DOWN)
        assert t.focus == 1 and selected(t) == "010000"
        t.press_key(Key.DOWN)
        assert t.focus == 2 and selected(t) == "010000"  # the row stays selected
        t.press_key(Key.DOWN)
        assert t.focus == 3 and selected(t) == "000100"


@pytest.mark.parametrize(
    "key, modifiers, error, message",
    [
        (0, 0, InvalidArgumentError, None),
        (99, 0, InvalidArgumentError, None),
        ("tab", 0, InvalidArgumentError, "'tab' is not a Key"),
        (Key.DOWN, 4, InvalidArgumentError, None),
        (Key.DOWN, -1, InvalidArgumentError, "not a set of Modifier bits"),
        (Key.DOWN, "alt", InvalidArgumentError, "'alt' is not a Modifier"),
        (None, 0, TypeError, "key must be a Key"),
        (Key.DOWN, 1.0, TypeError, "modifiers must be a Modifier"),
    ],
)
def test_bad_keys_change_nothing(products, key, modifiers, error, message):
    t = products
    t.set_focus(1)
    t.select_item(1)
    before = take_deep_snapshot(t)
    got = []
    t.on_change(got.append)
    with pytest.raises(error, match=message):
        t.press_key(key, modifiers)
    assert got == [] and t.focus == 1 and selected(t) == "010000000000"
    assert take_deep_snapshot(t) == before


def test_a_listener_exception_is_re_raised_after_the_key(products):
    t = products
    t.set_focus(1)

    def boom(changes):
        raise RuntimeError("listener failed")

    t.on_change(boom)
    with pytest.raises(RuntimeError, match="listener failed"):
        t.press_key(Key.DOWN)
    assert t.focus == 2  # the key was applied; the exception came after


@pytest.mark.parametrize(
    "focus, key, collapse",
    [
        (0, Key.PAGE_DOWN, False),  # no viewport
        (0, Key.PAGE_UP, False),
        (None, Key.SPACE, False),  # without a focus only movement keys work
        (None, Key.PLUS, False),
        (1, Key.PLUS, False),  # on a row
        (1, Key.MINUS, False),
        (1, Key.ASTERISK, False),
        (0, Key.LEFT, True),  # a collapsed top-level header: no parent to go to
    ],
)
def test_keys_that_are_not_handled(products, focus, key, collapse):
    t = products
    if collapse:
        t.section("Mac").collapse()
    t.set_focus(focus)
    before = take_deep_snapshot(t)
    got = []
    t.on_change(got.append)
    assert t.press_key(key) == KeyResult(False, NOTHING, focus, 0.0, False)
    assert got == [] and take_deep_snapshot(t) == before


def test_a_movement_key_with_nowhere_to_go_still_selects(products):
    t = products
    t.set_focus(11)
    assert t.press_key(Key.DOWN) == KeyResult(True, NOTHING, 11, 0.0, False)
    assert selected(t) == "000000000001"
