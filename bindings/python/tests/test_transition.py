"""Transitions (Table.transitions, .transition, .transition_frame,
.transition_progress): every item's change and rects before and after,
exactly as the rules of foldtable.h's "Transitions" section give them,
worked out by hand below for each case.

The table of most tests: rows 20, headers 30, no footers, a viewport (0, 200):

    A  header   0-30    rows  30-50, 50-70, 70-90            positions 0-3
    B  header  90-120   rows 120-140 ... 180-200 (4 rows)    positions 4-8
    C  header 200-230   rows 230-250 ... 310-330 (5 rows)    positions 9-14

At offset 0, A's header is stuck at the top (sticky_headers(0)), so it is
in every transition with stuck_before and stuck_after. Rects are viewport
coordinates: with the viewport at 0, offsets in the content.
"""

from __future__ import annotations

import math
from typing import Iterator, List, Tuple

import pytest

import foldtable
from foldtable import (
    FrameItem,
    InvalidArgumentError,
    NotFoundError,
    Transition,
    TransitionChange,
    TransitionItem,
)

INF = math.inf


@pytest.fixture
def abc() -> Iterator[foldtable.Table]:
    """A (3 rows), B (4), C (5); rows 20, headers 30; viewport (0, 200);
    transitions on."""
    with foldtable.Table(row_height=20, header_height=30) as t:
        for key, rows in (("A", 3), ("B", 4), ("C", 5)):
            t.append_section(key, key, rows=rows)
        t.set_viewport(0, 200)
        t.transitions = True
        yield t


def brief(item: TransitionItem) -> Tuple[object, ...]:
    """(position before, after, kind letter, section, row, change, marks,
    clip, top before, height before, top after, height after); marks: B
    stuck before, A stuck after, F folds."""
    marks = "".join(m for m, on in (("B", item.stuck_before), ("A", item.stuck_after), ("F", item.folds)) if on)
    return (
        item.position_before, item.position_after, item.kind.name[0], item.section, item.row,
        item.change.name, marks, item.clip,
        item.top_before, item.height_before, item.top_after, item.height_after,
    )


def briefs(t: foldtable.Table) -> List[Tuple[object, ...]]:
    transition = t.transition
    assert transition is not None
    return [brief(item) for item in transition.items]


def frame(t: foldtable.Table, progress: float) -> List[Tuple[int, float, float, float]]:
    return [tuple(f) for f in t.transition_frame(progress)]  # type: ignore[misc]


# A, B, C as they stay at offset 0 when nothing above them changes.
A_STAYS = [
    (0, 0, "H", 0, None, "STAYS", "BA", None, 0.0, 30.0, 0.0, 30.0),
    (1, 1, "R", 0, 0, "STAYS", "", None, 30.0, 20.0, 30.0, 20.0),
    (2, 2, "R", 0, 1, "STAYS", "", None, 50.0, 20.0, 50.0, 20.0),
    (3, 3, "R", 0, 2, "STAYS", "", None, 70.0, 20.0, 70.0, 20.0),
]
B_HEADER_STAYS = (4, 4, "H", 1, None, "STAYS", "", None, 90.0, 30.0, 90.0, 30.0)

# Collapsing B: its 4 rows fold under its header (index 4 of the
# transition): they keep their height and move with the item after them,
# C's header, which goes from 200 (laid out right after B3, the last item
# before it in the viewport) to 120: -80, so B3 ends at the header's bottom.
# C's rows below the viewport before are laid out after C's header (230,
# 250, 270) and slide up by 80 too; C2 (190-210 after) is the last drawn.
COLLAPSE_B = A_STAYS + [
    B_HEADER_STAYS,
    (5, None, "R", 1, 0, "DISAPPEARS", "F", 4, 120.0, 20.0, 40.0, 20.0),
    (6, None, "R", 1, 1, "DISAPPEARS", "F", 4, 140.0, 20.0, 60.0, 20.0),
    (7, None, "R", 1, 2, "DISAPPEARS", "F", 4, 160.0, 20.0, 80.0, 20.0),
    (8, None, "R", 1, 3, "DISAPPEARS", "F", 4, 180.0, 20.0, 100.0, 20.0),
    (9, 5, "H", 2, None, "MOVES", "", None, 200.0, 30.0, 120.0, 30.0),
    (10, 6, "R", 2, 0, "MOVES", "", None, 230.0, 20.0, 150.0, 20.0),
    (11, 7, "R", 2, 1, "MOVES", "", None, 250.0, 20.0, 170.0, 20.0),
    (12, 8, "R", 2, 2, "MOVES", "", None, 270.0, 20.0, 190.0, 20.0),
]


def test_off_by_default_and_without_a_viewport():
    with foldtable.Table(row_height=20, header_height=30) as t:
        assert t.transitions is False
        t.set_viewport(0, 200)
        t.append_section("A", rows=3)
        assert t.transition is None  # off: nothing built
        t.clear_viewport()
        t.transitions = True
        assert t.transitions is True
        t.append_section("B", rows=3)
        assert t.transition is None  # no viewport: nothing built
        assert t.transition_progress == 0.0


def test_collapse_folds_the_rows_under_their_header(abc):
    abc.sections["B"].collapse()
    transition = abc.transition
    assert isinstance(transition, Transition)
    assert transition[:7] == (0.0, 0.0, 330.0, 250.0, 200.0, 0.0, 1)
    assert briefs(abc) == COLLAPSE_B
    items = transition.items
    assert all(isinstance(item.change, TransitionChange) for item in items)
    assert items[0].collapsible and not items[0].collapsed
    assert items[4].collapsed  # B's header, flags after
    assert [item.flags for item in items[5:9]] == [0, 0, 0, 0]  # B's rows, before
    assert items[8].bottom_after == items[4].bottom_after == 120.0


def test_collapse_frames(abc):
    abc.sections["B"].collapse()
    assert frame(abc, 0.5) == [
        (0, 0.0, 30.0, -INF), (1, 30.0, 20.0, -INF), (2, 50.0, 20.0, -INF), (3, 70.0, 20.0, -INF),
        (4, 90.0, 30.0, -INF),
        (5, 80.0, 20.0, 120.0), (6, 100.0, 20.0, 120.0), (7, 120.0, 20.0, 120.0), (8, 140.0, 20.0, 120.0),
        (9, 160.0, 30.0, -INF), (10, 190.0, 20.0, -INF), (11, 210.0, 20.0, -INF), (12, 230.0, 20.0, -INF),
    ]
    ends = [(item.top_before, item.height_before, item.top_after, item.height_after)
            for item in abc.transition.items]
    assert [f[1:3] for f in frame(abc, 0.0)] == [e[:2] for e in ends]
    assert [f[1:3] for f in frame(abc, 1.0)] == [e[2:] for e in ends]
    assert all(isinstance(f, FrameItem) for f in abc.transition_frame(1))


def test_expand_unfolds_the_rows_from_their_header(abc):
    b = abc.sections["B"]
    b.collapse()
    abc.transition_progress = 1  # the collapse is drawn to its end
    b.expand()
    transition = abc.transition
    assert transition[:7] == (0.0, 0.0, 250.0, 330.0, 200.0, 0.0, 2)
    # The mirror of the collapse: B's rows come from under the header, with
    # C's header, which goes from 120 to 200 (laid out after B3 at 180-200).
    assert briefs(abc) == A_STAYS + [
        B_HEADER_STAYS,
        (None, 5, "R", 1, 0, "APPEARS", "F", 4, 40.0, 20.0, 120.0, 20.0),
        (None, 6, "R", 1, 1, "APPEARS", "F", 4, 60.0, 20.0, 140.0, 20.0),
        (None, 7, "R", 1, 2, "APPEARS", "F", 4, 80.0, 20.0, 160.0, 20.0),
        (None, 8, "R", 1, 3, "APPEARS", "F", 4, 100.0, 20.0, 180.0, 20.0),
        (5, 9, "H", 2, None, "MOVES", "", None, 120.0, 30.0, 200.0, 30.0),
        (6, 10, "R", 2, 0, "MOVES", "", None, 150.0, 20.0, 230.0, 20.0),
        (7, 11, "R", 2, 1, "MOVES", "", None, 170.0, 20.0, 250.0, 20.0),
        (8, 12, "R", 2, 2, "MOVES", "", None, 190.0, 20.0, 270.0, 20.0),
    ]
    assert not transition.items[4].collapsed


def test_insert_grows_from_nothing(abc):
    abc.sections["A"].insert_rows(1)
    transition = abc.transition
    assert transition[:7] == (0.0, 0.0, 330.0, 350.0, 200.0, 0.0, 1)
    # The new row grows from height 0 where it will be (50, where A1 was);
    # B3 leaves the viewport: laid out after B2 (180-200 after), at 200.
    assert briefs(abc) == A_STAYS[:2] + [
        (None, 2, "R", 0, 1, "APPEARS", "", None, 50.0, 0.0, 50.0, 20.0),
        (2, 3, "R", 0, 2, "MOVES", "", None, 50.0, 20.0, 70.0, 20.0),
        (3, 4, "R", 0, 3, "MOVES", "", None, 70.0, 20.0, 90.0, 20.0),
        (4, 5, "H", 1, None, "MOVES", "", None, 90.0, 30.0, 110.0, 30.0),
        (5, 6, "R", 1, 0, "MOVES", "", None, 120.0, 20.0, 140.0, 20.0),
        (6, 7, "R", 1, 1, "MOVES", "", None, 140.0, 20.0, 160.0, 20.0),
        (7, 8, "R", 1, 2, "MOVES", "", None, 160.0, 20.0, 180.0, 20.0),
        (8, 9, "R", 1, 3, "MOVES", "", None, 180.0, 20.0, 200.0, 20.0),
    ]
    assert frame(abc, 0.5)[2] == (2, 50.0, 10.0, -INF)


def test_remove_shrinks_to_nothing(abc):
    abc.sections["B"].remove_rows(1)
    transition = abc.transition
    assert transition[:7] == (0.0, 0.0, 330.0, 310.0, 200.0, 0.0, 1)
    # B1 shrinks to height 0 where the next item of the transition, B2, is
    # after (140); C's header scrolls in from 200 (right after B3 before).
    assert briefs(abc) == A_STAYS + [
        B_HEADER_STAYS,
        (5, 5, "R", 1, 0, "STAYS", "", None, 120.0, 20.0, 120.0, 20.0),
        (6, None, "R", 1, 1, "DISAPPEARS", "", None, 140.0, 20.0, 140.0, 0.0),
        (7, 6, "R", 1, 1, "MOVES", "", None, 160.0, 20.0, 140.0, 20.0),
        (8, 7, "R", 1, 2, "MOVES", "", None, 180.0, 20.0, 160.0, 20.0),
        (9, 8, "H", 2, None, "MOVES", "", None, 200.0, 30.0, 180.0, 30.0),
    ]


def test_removed_section_has_no_index(abc):
    abc.sections["B"].remove()
    # B's items close up where C's header is after (90), each shrinking to
    # 0; C (now section 1) slides up from where it was laid out before.
    assert briefs(abc) == A_STAYS + [
        (4, None, "H", None, None, "DISAPPEARS", "", None, 90.0, 30.0, 90.0, 0.0),
        (5, None, "R", None, 0, "DISAPPEARS", "", None, 120.0, 20.0, 90.0, 0.0),
        (6, None, "R", None, 1, "DISAPPEARS", "", None, 140.0, 20.0, 90.0, 0.0),
        (7, None, "R", None, 2, "DISAPPEARS", "", None, 160.0, 20.0, 90.0, 0.0),
        (8, None, "R", None, 3, "DISAPPEARS", "", None, 180.0, 20.0, 90.0, 0.0),
        (9, 4, "H", 1, None, "MOVES", "", None, 200.0, 30.0, 90.0, 30.0),
        (10, 5, "R", 1, 0, "MOVES", "", None, 230.0, 20.0, 120.0, 20.0),
        (11, 6, "R", 1, 1, "MOVES", "", None, 250.0, 20.0, 140.0, 20.0),
        (12, 7, "R", 1, 2, "MOVES", "", None, 270.0, 20.0, 160.0, 20.0),
        (13, 8, "R", 1, 3, "MOVES", "", None, 290.0, 20.0, 180.0, 20.0),
    ]
    assert abc.transition.items[4].collapsible  # B's header, flags before


def test_row_expansion_grows_in_place_and_the_accordion_shrinks_the_other(abc):
    abc.transitions = False  # expanded heights are set before the test
    abc.accordion = foldtable.Accordion.SINGLE
    a, b = abc.sections["A"], abc.sections["B"]
    a.set_expanded_height(1, 60)
    b.set_expanded_height(0, 40)
    abc.transitions = True
    a.expand_row(1)
    # A1 grows from 20 to 60 in place; everything below slides down 40;
    # B2 and B3 leave the viewport (laid out after B1: 200, 220).
    assert briefs(abc) == A_STAYS[:2] + [
        (2, 2, "R", 0, 1, "MOVES", "", None, 50.0, 20.0, 50.0, 60.0),
        (3, 3, "R", 0, 2, "MOVES", "", None, 70.0, 20.0, 110.0, 20.0),
        (4, 4, "H", 1, None, "MOVES", "", None, 90.0, 30.0, 130.0, 30.0),
        (5, 5, "R", 1, 0, "MOVES", "", None, 120.0, 20.0, 160.0, 20.0),
        (6, 6, "R", 1, 1, "MOVES", "", None, 140.0, 20.0, 180.0, 20.0),
        (7, 7, "R", 1, 2, "MOVES", "", None, 160.0, 20.0, 200.0, 20.0),
        (8, 8, "R", 1, 3, "MOVES", "", None, 180.0, 20.0, 220.0, 20.0),
    ]
    grown = abc.transition.items[2]
    assert grown.expanded and grown.expandable
    assert frame(abc, 0.5)[2:4] == [(2, 50.0, 40.0, -INF), (3, 90.0, 20.0, -INF)]

    abc.transition_progress = 1
    b.expand_row(0)  # the accordion collapses A1 in the same change set
    transition = abc.transition
    assert transition.serial == 2
    # B2 scrolls in: laid out after B1 (180-200 before), at 200.
    assert briefs(abc) == A_STAYS[:2] + [
        (2, 2, "R", 0, 1, "MOVES", "", None, 50.0, 60.0, 50.0, 20.0),
        (3, 3, "R", 0, 2, "MOVES", "", None, 110.0, 20.0, 70.0, 20.0),
        (4, 4, "H", 1, None, "MOVES", "", None, 130.0, 30.0, 90.0, 30.0),
        (5, 5, "R", 1, 0, "MOVES", "", None, 160.0, 20.0, 120.0, 40.0),
        (6, 6, "R", 1, 1, "MOVES", "", None, 180.0, 20.0, 160.0, 20.0),
        (7, 7, "R", 1, 2, "MOVES", "", None, 200.0, 20.0, 180.0, 20.0),
    ]
    assert not transition.items[2].expanded and transition.items[5].expanded


def interrupt_collapse_with_expand(t: foldtable.Table) -> List[Tuple[int, float, float, float]]:
    """Collapse B, draw half of it, expand B: the collapse's frame at 0.5."""
    b = t.sections["B"]
    b.collapse()
    halfway = frame(t, 0.5)
    t.transition_progress = 0.5
    assert t.transition_progress == 0.5 and t.transition.progress == 0.5
    b.expand()
    return halfway


# B's rows come back from the collapse's frame at 0.5: at 80, 100, 120, 140
# (the first two under the header's bottom, 120), C's header from 160, C0
# from 190.
INTERRUPTED = A_STAYS + [
    B_HEADER_STAYS,
    (None, 5, "R", 1, 0, "APPEARS", "F", 4, 80.0, 20.0, 120.0, 20.0),
    (None, 6, "R", 1, 1, "APPEARS", "F", 4, 100.0, 20.0, 140.0, 20.0),
    (None, 7, "R", 1, 2, "APPEARS", "F", 4, 120.0, 20.0, 160.0, 20.0),
    (None, 8, "R", 1, 3, "APPEARS", "F", 4, 140.0, 20.0, 180.0, 20.0),
    (5, 9, "H", 2, None, "MOVES", "", None, 160.0, 30.0, 200.0, 30.0),
    (6, 10, "R", 2, 0, "MOVES", "", None, 190.0, 20.0, 230.0, 20.0),
]


def test_interrupted_collapse_comes_back_from_where_it_is_drawn(abc):
    """C1 was drawn at 210-230 when the collapse was interrupted and is at
    250 after: it intersects neither viewport, so it is not an item of the
    new transition; nor is C2 (230, then 270)."""
    halfway = interrupt_collapse_with_expand(abc)
    transition = abc.transition
    assert transition[:7] == (0.0, 0.0, 250.0, 330.0, 200.0, 0.0, 2)
    assert briefs(abc) == INTERRUPTED
    # Nothing jumps: the new frame 0 is the old frame at 0.5, item for item.
    assert frame(abc, 0.0) == [(i,) + f[1:] for i, f in enumerate(halfway[:11])]


def test_interrupted_fold_keeps_folding(abc):
    """Collapse B, draw half of it, collapse A. At that frame B0 and B1 were
    hidden under B's header (80 and 100, its bottom at 120), B2 and B3 drawn
    below it: only those two are drawn, so only they are in the transition.
    They are in neither list, so they disappear, still folding under B's
    header (index 4), from where they are drawn, with the item after them:
    C's header, 160 -> 60. A's rows fold under A's header (stuck, index 0)
    with B's header, 90 -> 30; C3 and C4 scroll in, laid out after C2 as
    it was drawn (230)."""
    abc.sections["B"].collapse()
    abc.transition_progress = 0.5
    abc.sections["A"].collapse()
    assert abc.transition[:7] == (0.0, 0.0, 250.0, 190.0, 200.0, 0.0, 2)
    assert briefs(abc) == [
        A_STAYS[0],
        (1, None, "R", 0, 0, "DISAPPEARS", "F", 0, 30.0, 20.0, -30.0, 20.0),
        (2, None, "R", 0, 1, "DISAPPEARS", "F", 0, 50.0, 20.0, -10.0, 20.0),
        (3, None, "R", 0, 2, "DISAPPEARS", "F", 0, 70.0, 20.0, 10.0, 20.0),
        (4, 1, "H", 1, None, "MOVES", "", None, 90.0, 30.0, 30.0, 30.0),
        (None, None, "R", 1, 2, "DISAPPEARS", "F", 4, 120.0, 20.0, 20.0, 20.0),
        (None, None, "R", 1, 3, "DISAPPEARS", "F", 4, 140.0, 20.0, 40.0, 20.0),
        (5, 2, "H", 2, None, "MOVES", "", None, 160.0, 30.0, 60.0, 30.0),
        (6, 3, "R", 2, 0, "MOVES", "", None, 190.0, 20.0, 90.0, 20.0),
        (7, 4, "R", 2, 1, "MOVES", "", None, 210.0, 20.0, 110.0, 20.0),
        (8, 5, "R", 2, 2, "MOVES", "", None, 230.0, 20.0, 130.0, 20.0),
        (9, 6, "R", 2, 3, "MOVES", "", None, 250.0, 20.0, 150.0, 20.0),
        (10, 7, "R", 2, 4, "MOVES", "", None, 270.0, 20.0, 170.0, 20.0),
    ]
    assert frame(abc, 0.0)[5:7] == [(5, 120.0, 20.0, 120.0), (6, 140.0, 20.0, 120.0)]


def test_interrupted_then_scrolled(abc):
    """Collapse A (its rows fold under its stuck header, with B's header,
    90 -> 30), draw half of it, scroll to 40, expand A. "Before" is that
    frame shifted up by 40: A2 at 0 (A0 and A1 are above the viewport, A's
    header too, at -40); the anchor moves the viewport to 100. A2 comes back
    at its place above the viewport (-30), unfolding under the viewport's
    top (A's header is not in the transition); B's header sticks after;
    C2 and C3, not in the interrupted transition, are where the list
    before had them."""
    a = abc.sections["A"]
    a.collapse()
    abc.transition_progress = 0.5
    abc.set_viewport(40, 200)
    a.expand()
    assert abc.transition[:7] == (40.0, 100.0, 270.0, 330.0, 200.0, 0.0, 2)
    assert briefs(abc) == [
        (None, 3, "R", 0, 2, "APPEARS", "F", None, 0.0, 20.0, -30.0, 20.0),
        (1, 4, "H", 1, None, "MOVES", "A", None, 20.0, 30.0, 0.0, 30.0),
        (2, 5, "R", 1, 0, "MOVES", "", None, 50.0, 20.0, 20.0, 20.0),
        (3, 6, "R", 1, 1, "MOVES", "", None, 70.0, 20.0, 40.0, 20.0),
        (4, 7, "R", 1, 2, "MOVES", "", None, 90.0, 20.0, 60.0, 20.0),
        (5, 8, "R", 1, 3, "MOVES", "", None, 110.0, 20.0, 80.0, 20.0),
        (6, 9, "H", 2, None, "MOVES", "", None, 130.0, 30.0, 100.0, 30.0),
        (7, 10, "R", 2, 0, "MOVES", "", None, 160.0, 20.0, 130.0, 20.0),
        (8, 11, "R", 2, 1, "MOVES", "", None, 180.0, 20.0, 150.0, 20.0),
        (9, 12, "R", 2, 2, "STAYS", "", None, 170.0, 20.0, 170.0, 20.0),
        (10, 13, "R", 2, 3, "STAYS", "", None, 190.0, 20.0, 190.0, 20.0),
    ]
    assert frame(abc, 0.0)[0] == (0, 0.0, 20.0, 0.0)  # clipped by the viewport's top


def test_a_batch_is_one_transition(abc):
    """Collapse B and insert a row in A in one batch: one transition, built
    when the batch ends, as if both were one change. B's rows fold under
    B's header (now index 5) with C's header, 200 -> 140."""
    with abc.batch():
        abc.sections["B"].collapse()
        abc.sections["A"].insert_rows(1)
        assert abc.transition is None
    transition = abc.transition
    assert transition[:7] == (0.0, 0.0, 330.0, 270.0, 200.0, 0.0, 1)
    assert briefs(abc) == A_STAYS[:2] + [
        (None, 2, "R", 0, 1, "APPEARS", "", None, 50.0, 0.0, 50.0, 20.0),
        (2, 3, "R", 0, 2, "MOVES", "", None, 50.0, 20.0, 70.0, 20.0),
        (3, 4, "R", 0, 3, "MOVES", "", None, 70.0, 20.0, 90.0, 20.0),
        (4, 5, "H", 1, None, "MOVES", "", None, 90.0, 30.0, 110.0, 30.0),
        (5, None, "R", 1, 0, "DISAPPEARS", "F", 5, 120.0, 20.0, 60.0, 20.0),
        (6, None, "R", 1, 1, "DISAPPEARS", "F", 5, 140.0, 20.0, 80.0, 20.0),
        (7, None, "R", 1, 2, "DISAPPEARS", "F", 5, 160.0, 20.0, 100.0, 20.0),
        (8, None, "R", 1, 3, "DISAPPEARS", "F", 5, 180.0, 20.0, 120.0, 20.0),
        (9, 6, "H", 2, None, "MOVES", "", None, 200.0, 30.0, 140.0, 30.0),
        (10, 7, "R", 2, 0, "MOVES", "", None, 230.0, 20.0, 170.0, 20.0),
        (11, 8, "R", 2, 1, "MOVES", "", None, 250.0, 20.0, 190.0, 20.0),
    ]


def test_a_million_rows_collapse_like_four():
    """Collapsing a section of 10^6 rows: only the rows in the viewport fold;
    C starts just below the viewport (after the last row drawn), not 10^6
    rows down."""
    with foldtable.Table(row_height=20, header_height=30) as t:
        t.append_section("A", rows=3)
        big = t.append_section("Big", rows=1_000_000)
        t.append_section("C", rows=2)
        t.set_viewport(0, 200)
        t.transitions = True
        big.collapse()
        transition = t.transition
        assert transition[:7] == (0.0, 0.0, 20_000_190.0, 190.0, 200.0, 0.0, 1)
        assert [brief(item) for item in transition.items] == A_STAYS + [
            B_HEADER_STAYS,
            (5, None, "R", 1, 0, "DISAPPEARS", "F", 4, 120.0, 20.0, 40.0, 20.0),
            (6, None, "R", 1, 1, "DISAPPEARS", "F", 4, 140.0, 20.0, 60.0, 20.0),
            (7, None, "R", 1, 2, "DISAPPEARS", "F", 4, 160.0, 20.0, 80.0, 20.0),
            (8, None, "R", 1, 3, "DISAPPEARS", "F", 4, 180.0, 20.0, 100.0, 20.0),
            (1_000_005, 5, "H", 2, None, "MOVES", "", None, 200.0, 30.0, 120.0, 30.0),
            (1_000_006, 6, "R", 2, 0, "MOVES", "", None, 230.0, 20.0, 150.0, 20.0),
            (1_000_007, 7, "R", 2, 1, "MOVES", "", None, 250.0, 20.0, 170.0, 20.0),
        ]


def test_listeners_read_the_transition_and_a_silent_change_keeps_it(abc):
    seen = []
    abc.on_change(lambda changes: seen.append(abc.transition))
    b = abc.sections["B"]
    b.collapse()
    assert len(seen) == 1 and seen[0] == abc.transition and seen[0].serial == 1
    assert b.collapse() is False  # reports nothing
    assert len(seen) == 1 and abc.transition == seen[0]
    abc.transition_progress = 0.25
    assert abc.transition == seen[0]._replace(progress=0.25)  # progress reports nothing
    assert len(seen) == 1


def test_measuring_keeps_the_transition(abc):
    """Measured heights replace estimates, which a view redraws at once:
    outside a batch, measuring and invalidating build no transition."""
    abc.sections["B"].collapse()
    collapse = abc.transition
    abc.set_height_provider(lambda key, row: 25.0)
    assert abc.measure(0, 200) == 6  # A's 3 rows and C's first 3
    assert abc.content_height == 280.0 and abc.transition == collapse
    abc.invalidate_all_heights()
    assert abc.transition == collapse


def test_turning_transitions_off_drops_the_current_one(abc):
    abc.sections["B"].collapse()
    assert abc.transition is not None
    abc.transitions = False
    assert abc.transition is None
    with pytest.raises(NotFoundError):
        abc.transition_frame(0.5)
    abc.transitions = True
    assert abc.transition is None  # until the next change
    abc.sections["B"].expand()
    assert abc.transition.serial == 2


def test_bad_input_changes_nothing(abc, snapshot):
    with pytest.raises(NotFoundError) as caught:
        abc.transition_frame(0.5)  # no transition yet
    assert caught.value.function == "fold_table_transition_frame" and str(caught.value)
    with pytest.raises(NotFoundError):
        abc.transition_progress = 0.5
    assert abc.transition is None

    abc.sections["B"].collapse()
    abc.transition_progress = 0.25
    before, state = abc.transition, snapshot(abc)
    for t in (2, -0.5, INF, -INF, math.nan):  # values outside [0, 1]: FOLD_E_INVALID
        with pytest.raises(InvalidArgumentError) as caught:
            abc.transition_frame(t)
        assert caught.value.function == "fold_table_transition_frame" and str(caught.value)
        with pytest.raises(InvalidArgumentError) as caught:
            abc.transition_progress = t
        assert caught.value.function == "fold_table_set_transition_progress" and str(caught.value)
    for wrong in ("0.5", None, True):
        with pytest.raises(TypeError):
            abc.transition_frame(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            abc.transition_progress = wrong  # type: ignore[assignment]
    assert abc.transition == before and abc.transition_progress == 0.25
    assert snapshot(abc) == state


def test_closed_table():
    t = foldtable.Table()
    t.close()
    with pytest.raises(InvalidArgumentError):
        t.transitions
    with pytest.raises(InvalidArgumentError):
        t.transition
    with pytest.raises(InvalidArgumentError):
        t.transition_frame(0)
