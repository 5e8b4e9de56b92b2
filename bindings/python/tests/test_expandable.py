"""Expandable rows, accordion policies, activation, and the new options.

Table of two sections, A (3 rows) and B (2 rows), rows 44 high, every row
with expanded height 128; headers 28. Collapsed rows:

    A header 0, rows 28, 72, 116; B header 160, rows 188, 232; content 276.

An expanded row is 128 high: 84 more than its height.
"""

import math

import pytest

import foldtable
from foldtable import (
    Accordion,
    Activation,
    InvalidArgumentError,
    ItemKind,
    OutOfRangeError,
    TableOptions,
)

H, R = ItemKind.HEADER, ItemKind.ROW


def make(accordion=Accordion.MULTIPLE):
    t = foldtable.Table(accordion=accordion)
    a = t.append_section("A", rows=3)
    b = t.append_section("B", rows=2)
    for s in (a, b):
        for r in range(s.row_count):
            s.set_expanded_height(r, 128)
    return t, a, b


@pytest.fixture
def ab():
    t, a, b = make()
    yield t, a, b
    t.close()


# -- expanded heights ---------------------------------------------------------


def test_expandable_rows(ab):
    t, a, b = ab
    assert a.expanded_height(0) == 128.0
    assert a.is_row_expandable(0) is True
    assert a.is_row_expanded(0) is False
    assert [(i.expandable, i.expanded) for i in t] == [
        (False, False), (True, False), (True, False), (True, False),
        (False, False), (True, False), (True, False),
    ]
    # Headers: FOLD_ITEM_FLAG_COLLAPSIBLE (8, new in ABI 0.2).
    assert [t.item(p).flags for p in range(7)] == [8, 4, 4, 4, 8, 4, 4]
    assert t.content_height == 276.0


def test_expand_changes_geometry(ab):
    t, a, b = ab
    assert a.expand_row(1) is True
    assert a.is_row_expanded(1) is True
    assert a.row_height(1) == 44.0  # its height; the item shows the expanded one
    assert t.item_height(2) == 128.0
    assert [t.item_top(p) for p in range(7)] == [0.0, 28.0, 72.0, 200.0, 244.0, 272.0, 316.0]
    assert t.content_height == 360.0
    assert t.item(2).expanded is True
    assert t.item(2).flags == 2 | 4
    v = t.visible_items(72, 1)
    assert [(i.position, i.top, i.height, i.expanded) for i in v] == [(2, 72.0, 128.0, True)]
    assert t.item_at_offset(199).position == 2
    assert t.item_at_offset(200).position == 3
    assert a.expand_row(1) is False  # already expanded
    assert a.collapse_row(1) is True
    assert a.collapse_row(1) is False
    assert t.content_height == 276.0


def test_toggle_row(ab):
    t, a, b = ab
    assert b.toggle_row(0) is True
    assert b.is_row_expanded(0)
    assert b.toggle_row(0) is True
    assert not b.is_row_expanded(0)


def test_rows_that_cannot_expand(table):
    s = table.append_section("s", rows=3)
    assert s.expanded_height(0) is None
    assert s.is_row_expandable(0) is False
    assert s.expand_row(0) is False
    assert s.toggle_row(0) is False
    s.set_expanded_height(1, 30)  # not larger than 44: stored, not expandable
    assert s.expanded_height(1) == 30.0
    assert s.is_row_expandable(1) is False
    assert s.expand_row(1) is False
    s.set_expanded_height(2, 44)  # equal is not larger
    assert s.is_row_expandable(2) is False
    assert table.expanded_rows() == []
    assert table.content_height == 28.0 + 3 * 44.0


def test_expanded_height_removed_or_lowered_collapses(ab):
    t, a, b = ab
    a.expand_row(0)
    a.set_expanded_height(0, None)
    assert a.expanded_height(0) is None
    assert a.is_row_expanded(0) is False
    b.expand_row(1)
    b.set_expanded_height(1, 40)  # no longer larger than 44
    assert b.is_row_expanded(1) is False
    assert t.expanded_rows() == []
    assert t.content_height == 276.0


def test_expanded_row_moves_with_inserts(ab):
    t, a, b = ab
    a.expand_row(1)
    a.insert_rows(0, 2)
    assert t.expanded_rows() == [("A", 3)]
    assert a.is_row_expanded(3) is True
    assert a.is_row_expanded(1) is False
    assert a.row_position(3) == 4
    assert t.item_height(4) == 128.0
    a.remove_rows(0, 1)
    assert t.expanded_rows() == [("A", 2)]


def test_expanded_row_moves_with_its_section(ab):
    t, a, b = ab
    b.expand_row(1)
    t.move_section("B", 0)
    assert t.expanded_rows() == [("B", 1)]
    assert b.row_position(1) == 2
    assert t.item_height(2) == 128.0


def test_expanded_rows_at_depth(nested):
    t = nested
    baseball = t.section("Baseball")
    baseball.set_expanded_height(1, 100)
    assert baseball.expand_row(1) is True
    assert t.item(4).expanded is True
    assert t.item_height(4) == 100.0
    assert t.item_top(5) == 228.0
    assert t.content_height == 416.0
    assert t.expanded_rows() == [("Baseball", 1)]


def test_expanded_rows_in_list_order(ab):
    t, a, b = ab
    b.expand_row(1)
    a.expand_row(2)
    a.expand_row(0)
    assert t.expanded_rows() == [("A", 0), ("A", 2), ("B", 1)]


# -- accordion ---------------------------------------------------------------


def expand_everything(a, b):
    for s in (a, b):
        for r in range(s.row_count):
            assert s.expand_row(r) is True


def test_accordion_multiple():
    t, a, b = make(Accordion.MULTIPLE)
    with t:
        expand_everything(a, b)
        assert t.expanded_rows() == [("A", 0), ("A", 1), ("A", 2), ("B", 0), ("B", 1)]
        assert t.content_height == 276.0 + 5 * 84.0


def test_accordion_single():
    t, a, b = make(Accordion.SINGLE)
    with t:
        assert t.accordion is Accordion.SINGLE
        expand_everything(a, b)
        assert t.expanded_rows() == [("B", 1)]
        assert t.content_height == 276.0 + 84.0
        assert b.toggle_row(1) is True  # selecting the expanded row collapses it
        assert t.expanded_rows() == []


def test_accordion_per_section():
    t, a, b = make(Accordion.PER_SECTION)
    with t:
        expand_everything(a, b)
        assert t.expanded_rows() == [("A", 2), ("B", 1)]
        assert a.expand_row(0) is True
        assert t.expanded_rows() == [("A", 0), ("B", 1)]


def test_accordion_property_applies_to_later_expansions(ab):
    t, a, b = ab
    assert t.accordion is Accordion.MULTIPLE
    a.expand_row(0)
    a.expand_row(1)
    t.accordion = Accordion.SINGLE
    assert t.accordion == Accordion.SINGLE
    assert t.options.accordion == Accordion.SINGLE
    assert t.expanded_rows() == [("A", 0), ("A", 1)]  # nothing changes until the next expansion
    b.expand_row(0)
    assert t.expanded_rows() == [("B", 0)]
    t.accordion = 2
    assert t.accordion is Accordion.PER_SECTION


# -- activation ----------------------------------------------------------------


def test_activate(ab):
    t, a, b = ab
    assert t.activate(0) is Activation.SECTION_COLLAPSED
    assert a.collapsed is True
    assert len(t) == 4
    assert t.activate(0) is Activation.SECTION_EXPANDED
    assert a.collapsed is False
    assert t.activate(1) is Activation.ROW_EXPANDED
    assert a.is_row_expanded(0)
    assert t.activate(1) is Activation.ROW_COLLAPSED
    assert not a.is_row_expanded(0)
    assert t.activate(4) is Activation.SECTION_COLLAPSED  # B's header


def test_activate_follows_the_accordion():
    t, a, b = make(Accordion.SINGLE)
    with t:
        assert t.activate(1) is Activation.ROW_EXPANDED
        assert t.activate(6) is Activation.ROW_EXPANDED  # B row 1
        assert t.expanded_rows() == [("B", 1)]


def test_activate_nothing():
    with foldtable.Table(footer_height=5) as t:
        s = t.append_section("s", rows=1)
        t.append_section("empty")
        assert [i.kind for i in t] == [H, R, ItemKind.FOOTER, H, ItemKind.FOOTER]
        assert t.activate(1) is Activation.NOTHING  # a row that cannot expand
        assert t.activate(2) is Activation.NOTHING  # a footer
        # ABI 0.2: the header of a section with no rows toggles its stored
        # state, as Section.toggle does (before: nothing).
        assert t.activate(3) is Activation.SECTION_COLLAPSED
        assert s.collapsed is False
        with pytest.raises(OutOfRangeError):
            t.activate(5)
        with pytest.raises(OutOfRangeError):
            t.activate(-1)


def test_activate_nested_header(nested):
    t = nested
    assert t.activate(1) is Activation.SECTION_COLLAPSED  # Bat
    assert len(t) == 5
    assert t.section("Bat").collapsed is True


# -- options -------------------------------------------------------------------


def test_new_options():
    with foldtable.Table(accordion=Accordion.PER_SECTION, sticky_levels=2) as t:
        assert t.options == TableOptions(44.0, 28.0, 0.0, 0.0, 0.0, False, Accordion.PER_SECTION, 2)
        assert t.accordion is Accordion.PER_SECTION
        assert t.sticky_levels == 2
        t.sticky_levels = 0
        assert t.options.sticky_levels == 0


def test_default_new_options(table):
    assert table.options.accordion is Accordion.MULTIPLE
    assert table.options.sticky_levels == 0
    assert table.sticky_levels == 0


@pytest.mark.parametrize(
    "kwargs, cls",
    [
        ({"accordion": 3}, InvalidArgumentError),
        ({"accordion": -1}, InvalidArgumentError),
        ({"accordion": 2**40}, InvalidArgumentError),
        ({"sticky_levels": -1}, InvalidArgumentError),
        ({"sticky_levels": 2**31}, InvalidArgumentError),
        ({"accordion": "single"}, TypeError),
        ({"accordion": 1.0}, TypeError),
        ({"sticky_levels": True}, TypeError),
    ],
)
def test_bad_new_options(kwargs, cls):
    with pytest.raises(cls):
        foldtable.Table(**kwargs)


def test_bad_option_setters_change_nothing(ab, deep_snapshot):
    t, a, b = ab
    t.accordion = Accordion.SINGLE
    t.sticky_levels = 1
    before = deep_snapshot(t)
    for value in (3, -1, 2**40):
        with pytest.raises(InvalidArgumentError):
            t.accordion = value
    # fold_table_new says FOLD_E_INVALID for a negative sticky_levels, the
    # setter FOLD_E_RANGE.
    for value in (-1, 2**31):
        with pytest.raises(OutOfRangeError):
            t.sticky_levels = value
    with pytest.raises(TypeError):
        t.accordion = "single"
    assert deep_snapshot(t) == before


BAD_ROW_CALLS = [
    ("expanded height NaN", lambda a: a.set_expanded_height(0, math.nan), InvalidArgumentError),
    ("expanded height negative", lambda a: a.set_expanded_height(0, -2), InvalidArgumentError),
    ("expanded height too large", lambda a: a.set_expanded_height(0, 2e7), InvalidArgumentError),
    ("expanded height of no row", lambda a: a.set_expanded_height(3, 100), OutOfRangeError),
    ("expanded height query", lambda a: a.expanded_height(-1), OutOfRangeError),
    ("expand no row", lambda a: a.expand_row(3), OutOfRangeError),
    ("collapse no row", lambda a: a.collapse_row(-1), OutOfRangeError),
    ("toggle no row", lambda a: a.toggle_row(2**63), OutOfRangeError),
    ("is expanded no row", lambda a: a.is_row_expanded(3), OutOfRangeError),
    ("is expandable no row", lambda a: a.is_row_expandable(3), OutOfRangeError),
    ("expand row type", lambda a: a.expand_row("0"), TypeError),
    ("removed section", lambda a: foldtable.Section(a.table, "gone").expand_row(0), foldtable.NotFoundError),
]


@pytest.mark.parametrize("what, call, cls", BAD_ROW_CALLS, ids=[c[0] for c in BAD_ROW_CALLS])
def test_bad_row_input_changes_nothing(ab, deep_snapshot, what, call, cls):
    t, a, b = ab
    a.expand_row(0)
    before = deep_snapshot(t)
    with pytest.raises(cls):
        call(a)
    assert deep_snapshot(t) == before
