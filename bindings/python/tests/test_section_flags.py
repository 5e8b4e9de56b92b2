"""What ABI 0.2 added to sections and activation: sections inserted
collapsed, fixed (not collapsible) sections, sections without a header
item, the expanded-height provider, Activation.REFUSED, collapsing an empty
section, and header redraws when a row count changes.

Worked example: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers 28;
flat list 0 Mac, 1-3 rows, 4 iPad, 5-6 rows, 7 iPhone, 8-11 rows; content 480.
"""

import pytest

import foldtable
from foldtable import (
    Activation,
    Change,
    ChangeSet,
    FoldError,
    InvalidArgumentError,
    Item,
    ItemKind,
    NotAllowedError,
    NotFoundError,
    RowEvent,
    SectionEvent,
    StickyHeader,
)

H, R, F = ItemKind.HEADER, ItemKind.ROW, ItemKind.FOOTER


def record(t):
    changes, events = [], []
    t.on_change(changes.append)
    t.on_section(lambda key, event: events.append((key, event)))
    t.on_row(lambda key, row, event: events.append((key, row, event)))
    return changes, events


def test_not_allowed_error():
    assert issubclass(NotAllowedError, FoldError)
    assert issubclass(NotAllowedError, RuntimeError)
    assert foldtable.NotAllowedError is NotAllowedError
    assert NotAllowedError(-7, "x").status_name == "FOLD_E_NOT_ALLOWED"
    assert foldtable._errors.error_for(-7, "x").__class__ is NotAllowedError


# -- inserted collapsed ------------------------------------------------------------


def test_inserted_collapsed_is_one_change(worked):
    changes, events = record(worked)
    watch = worked.append_section("Watch", "Watch|2 models", rows=2, collapsed=True)
    assert watch.collapsed is True
    assert (watch.row_count, watch.visible_row_count, watch.indicator) == (2, 0, "+")
    assert changes == [ChangeSet([Change(12, 0, 1)], [], 28.0, None)]
    assert events == []  # inserted so, not collapsed afterwards
    assert worked.item(12) == Item(12, H, 0, 3, None, 1 | 8)
    assert len(worked) == 13
    assert worked.content_height == 508.0
    assert watch.expand() is True
    assert len(worked) == 15


def test_empty_section_inserted_collapsed_keeps_the_state(table):
    s = table.append_section("s", collapsed=True)
    assert s.collapsed is True
    assert s.indicator == ""  # nothing to collapse yet
    assert table.item(0) == Item(0, H, 0, 0, None, 1)
    s.append_rows(3)
    assert len(table) == 1
    assert s.visible_row_count == 0
    assert s.indicator == "+"


def test_collapsed_false_in_a_start_collapsed_table():
    with foldtable.Table(start_collapsed=True) as t:
        a = t.append_section("a", rows=2)
        b = t.append_section("b", rows=2, collapsed=False)
        c = t.append_section("c", rows=2, collapsed=True)
        assert (a.collapsed, b.collapsed, c.collapsed) == (True, False, True)
        assert [i.kind for i in t] == [H, H, R, R, H]
        changes, events = record(t)
        t.insert_section(0, "d", rows=1, collapsed=False)  # FOLD_SECTION_EXPANDED
        assert changes == [ChangeSet([Change(0, 0, 2)], [], 72.0, None)]
        assert events == []
        fixed = t.append_section("e", rows=1, collapsible=False)  # never collapsed
        assert fixed.collapsed is False
        assert t.item(len(t) - 1) == Item(len(t) - 1, R, 0, 4, 0, 0)


def test_a_section_that_cannot_collapse_cannot_start_collapsed(worked, snapshot):
    before = snapshot(worked)
    for flags in (dict(collapsible=False), dict(header_item=False)):
        with pytest.raises(InvalidArgumentError):
            worked.append_section("x", rows=1, collapsed=True, **flags)
    assert snapshot(worked) == before


def test_subsection_inserted_collapsed(nested):
    squash = nested.section("Bat").insert_subsection(2, "Squash", rows=3, collapsed=True)
    assert squash.collapsed is True
    assert squash.path == [0, 0, 2]
    assert nested.item(7) == Item(7, H, 2, 2, None, 1 | 8)
    assert nested.item(8) == Item(8, R, 0, 0, 0, 0)  # Sports' row follows at once


# -- fixed sections ------------------------------------------------------------------


def test_fixed_section_refuses_collapse_and_changes_nothing(worked, snapshot):
    fixed = worked.insert_section(1, "Fixed", "Fixed", rows=2, collapsible=False)
    assert fixed.collapsible is False
    assert fixed.has_header is True
    assert fixed.indicator == ""
    assert worked.item(4) == Item(4, H, 0, 1, None, 0)  # no COLLAPSIBLE flag
    assert worked.item(0).collapsible is True
    assert worked.item(4).collapsible is False
    changes, events = record(worked)
    before = snapshot(worked)
    for refused in (fixed.collapse, fixed.toggle):
        with pytest.raises(NotAllowedError) as info:
            refused()
        assert info.value.status == -7
        assert info.value.message
    with pytest.raises(NotAllowedError):
        fixed.collapsed = True
    assert fixed.expand() is False
    assert worked.activate(4) is Activation.NOTHING
    assert snapshot(worked) == before
    assert (changes, events) == ([], [])
    # collapse_all leaves it alone and collapses the others.
    assert worked.collapse_all() == 3
    assert fixed.collapsed is False
    assert [i.kind for i in worked] == [H, H, R, R, H, H]


def test_set_collapsible(worked, snapshot):
    ipad = worked.section("iPad")
    changes, _ = record(worked)
    ipad.collapsible = False
    assert ipad.collapsible is False
    assert ipad.indicator == ""
    assert changes == [ChangeSet([], [range(4, 5)], 0.0, None)]  # the indicator's redraw
    ipad.collapsible = False  # already so: nothing to report
    assert len(changes) == 1
    ipad.collapsible = True
    assert ipad.indicator == "\u2013"
    assert len(changes) == 2
    # A collapsed section cannot be made fixed: expand it first.
    ipad.collapse()
    before = snapshot(worked)
    with pytest.raises(NotAllowedError):
        ipad.collapsible = False
    assert snapshot(worked) == before
    assert ipad.collapsible is True


# -- sections without a header item ---------------------------------------------------


def test_header_less_section(worked):
    group = worked.insert_section(1, "Group", "ignored", rows=2, header_item=False)
    assert group.has_header is False
    assert group.collapsible is False
    assert group.heights == (0.0, 0.0, 44.0)
    # Mac 0-3, then Group's rows 4-5 with no header, then iPad 6.
    assert [i.kind for i in worked][:7] == [H, R, R, R, R, R, H]
    assert worked.item(4) == Item(4, R, 0, 1, 0, 0)
    assert worked.item_section(4) == group
    assert worked.item_top(4) == 160.0
    assert worked.content_height == 480.0 + 88.0
    assert group.row_position(1) == 5
    with pytest.raises(NotFoundError):
        group.header_position
    with pytest.raises(NotAllowedError):
        group.collapse()
    with pytest.raises(NotAllowedError):
        group.collapsible = True
    group.collapsible = False  # it is fixed already: allowed, nothing changes
    group.header_height = 50  # ignored without a header item
    assert worked.content_height == 568.0


def test_header_less_section_is_looked_through_by_sticky_headers(table):
    outer = table.append_section("Outer", rows=0)
    group = outer.append_subsection("Group", rows=0, header_item=False)
    group.append_subsection("Inner", rows=3)
    # Outer 0, Inner 28 (its rows 56, 100, 144), content 188.
    assert [(i.kind, i.depth) for i in table] == [(H, 0), (H, 2), (R, 2), (R, 2), (R, 2)]
    assert table.sticky_headers(60) == [StickyHeader(0, 0, 60.0, 28.0), StickyHeader(1, 2, 88.0, 28.0)]


# -- expanded-height provider ------------------------------------------------------


def test_expanded_height_provider_is_asked_on_expand(worked):
    asked = []

    def expanded(key, row):
        asked.append((key, row))
        return 100.0 if row == 1 else None

    mac = worked.section("Mac")
    worked.set_expanded_height_provider(expanded)
    assert mac.expanded_height(1) is None  # not known yet
    assert mac.expand_row(1) is True
    assert asked == [("Mac", 1)]
    assert mac.expanded_height(1) == 100.0
    assert worked.item_height(2) == 100.0
    assert worked.content_height == 536.0
    assert mac.expand_row(0) is False  # None: no expanded height
    assert asked == [("Mac", 1), ("Mac", 0)]
    assert mac.toggle_row(1) is True
    assert asked == [("Mac", 1), ("Mac", 0)]  # the answer is kept
    mac.invalidate_row_height(1)
    assert mac.expanded_height(1) is None
    worked.set_expanded_height_provider(None)
    assert mac.expand_row(1) is False


def test_expanded_height_provider_on_activate_and_measure(worked):
    asked = []

    def expanded(key, row):
        asked.append((key, row))
        return 60.0

    worked.set_expanded_height_provider(expanded)
    worked.set_height_provider(lambda key, row: None)  # rows estimated, then measured
    assert worked.activate(5) is Activation.ROW_EXPANDED  # iPad row 0
    assert asked == [("iPad", 0)]
    assert worked.item_height(5) == 60.0
    del asked[:]
    worked.measure(0, 100)  # Mac's header and rows 0-1 in view
    assert ("Mac", 0) in asked and ("Mac", 1) in asked
    assert worked.section("Mac").expanded_height(0) == 60.0


def test_expanded_height_provider_exception_is_reraised(worked, snapshot):
    def broken(key, row):
        raise ValueError("no expanded height for %s %d" % (key, row))

    worked.set_expanded_height_provider(broken)
    before = snapshot(worked)
    with pytest.raises(ValueError, match="no expanded height for iPad 1"):
        worked.section("iPad").expand_row(1)
    assert worked.section("iPad").is_row_expanded(1) is False
    assert snapshot(worked) == before


# -- activation refused ------------------------------------------------------------


def test_activate_refused_by_a_section_listener(worked, snapshot):
    worked.on_section(lambda key, event: event != SectionEvent.WILL_COLLAPSE)
    before = snapshot(worked)
    assert worked.activate(4) is Activation.REFUSED
    assert snapshot(worked) == before


def test_activate_refused_by_a_row_listener(worked, snapshot):
    worked.section("Mac").set_expanded_height(0, 90)
    worked.on_row(lambda key, row, event: event != RowEvent.WILL_EXPAND)
    before = snapshot(worked)
    assert worked.activate(1) is Activation.REFUSED
    assert worked.section("Mac").is_row_expanded(0) is False
    assert snapshot(worked) == before


# -- behaviour that changed on purpose in ABI 0.2 -------------------------------------


def test_collapsing_an_empty_section_stores_the_state(worked):
    empty = worked.append_section("Empty")
    changes, events = record(worked)
    assert empty.collapse() is True
    assert empty.collapsed is True
    assert events == [("Empty", SectionEvent.WILL_COLLAPSE), ("Empty", SectionEvent.DID_COLLAPSE)]
    assert changes == [ChangeSet([], [range(12, 13)], 0.0, None)]  # its header
    assert worked.item(12).collapsed is True
    assert empty.collapse() is False
    empty.append_rows(2)
    assert len(worked) == 13  # the rows arrive hidden


def test_header_redrawn_when_its_row_count_changes(worked):
    ipad = worked.section("iPad")
    changes, _ = record(worked)
    ipad.insert_rows(0, 1)
    assert changes[-1] == ChangeSet([Change(5, 0, 1)], [range(4, 5)], 44.0, None)
    ipad.collapse()
    ipad.remove_rows(0, 2)  # while collapsed: only the header changes
    assert changes[-1] == ChangeSet([], [range(4, 5)], 0.0, None)
    assert ipad.row_count == 1
