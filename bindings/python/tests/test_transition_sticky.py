"""Transitions with headers stuck at the top (a scrolled viewport, nested
sections): their rects are where they are drawn stuck, and the items'
order and folding follow them. Rects worked out by hand from foldtable.h's
"Transitions" rules; the table of test_transition.py (rows 20, headers 30,
viewport height 200) unless a test builds its own.
"""

from __future__ import annotations

import foldtable

from test_transition import abc, brief, briefs  # noqa: F401  (abc: the fixture)


def test_scrolled_viewport_keeps_its_items_in_place(abc):
    """A row inserted above the viewport: the viewport moves with its first
    item (offset 50 -> 70), so on screen nothing moves; A's header is drawn
    stuck at the top both times (its natural place, 0-30, is above)."""
    abc.set_viewport(50, 200)
    abc.sections["A"].insert_rows(0)
    transition = abc.transition
    assert transition[:7] == (50.0, 70.0, 330.0, 350.0, 200.0, 0.0, 1)
    assert briefs(abc) == [
        (0, 0, "H", 0, None, "STAYS", "BA", None, 0.0, 30.0, 0.0, 30.0),
        (2, 3, "R", 0, 2, "STAYS", "", None, 0.0, 20.0, 0.0, 20.0),
        (3, 4, "R", 0, 3, "STAYS", "", None, 20.0, 20.0, 20.0, 20.0),
        (4, 5, "H", 1, None, "STAYS", "", None, 40.0, 30.0, 40.0, 30.0),
        (5, 6, "R", 1, 0, "STAYS", "", None, 70.0, 20.0, 70.0, 20.0),
        (6, 7, "R", 1, 1, "STAYS", "", None, 90.0, 20.0, 90.0, 20.0),
        (7, 8, "R", 1, 2, "STAYS", "", None, 110.0, 20.0, 110.0, 20.0),
        (8, 9, "R", 1, 3, "STAYS", "", None, 130.0, 20.0, 130.0, 20.0),
        (9, 10, "H", 2, None, "STAYS", "", None, 150.0, 30.0, 150.0, 30.0),
        (10, 11, "R", 2, 0, "STAYS", "", None, 180.0, 20.0, 180.0, 20.0),
    ]


def test_disappearing_rows_follow_their_stuck_header(abc):
    """Scrolled to 130, B's header is stuck at the top (B0 at -10 under it);
    collapse B: the viewport clamps to 50 (the content is 250), A's header
    sticks, C stays. In the order of the list after, B's rows (gone) come
    after the item they followed, B's header, so the header they fold under
    is index 3."""
    abc.set_viewport(130, 200)
    abc.sections["B"].collapse()
    transition = abc.transition
    assert transition.offset_after == 50.0
    assert [(item.position_before, item.position_after, item.clip) for item in transition.items] == [
        (0, 0, None), (2, 2, None), (3, 3, None), (4, 4, None),
        (5, None, 3), (6, None, 3), (7, None, 3), (8, None, 3),
        (9, 5, None), (10, 6, None), (11, 7, None), (12, 8, None), (13, 9, None), (14, 10, None),
    ]


def test_nested_sections_fold_under_the_stuck_subsection_header():
    """P holds Q (3 rows) and R (2 rows); Z (2 rows) follows:

        P 0-30, Q 30-60, Q0-Q2 60-120, R 120-150, R0-R1 150-190, Z 190-220, Z0-Z1 220-260

    At offset 0 both P's and Q's headers are stuck (Q's where it is). Q
    collapses: its rows fold under Q's header (index 1), with R's header,
    120 -> 60; Z's rows scroll in from where they were laid out below Z's
    header (220, 240)."""
    with foldtable.Table(row_height=20, header_height=30) as t:
        p = t.append_section("P", "P")
        q = p.insert_subsection(0, "Q", "Q", rows=3)
        p.insert_subsection(1, "R", "R", rows=2)
        t.append_section("Z", "Z", rows=2)
        t.set_viewport(0, 200)
        t.transitions = True
        q.collapse()
        transition = t.transition
        assert transition[:7] == (0.0, 0.0, 260.0, 200.0, 200.0, 0.0, 1)
        assert [brief(item) + (item.depth,) for item in transition.items] == [
            (0, 0, "H", 0, None, "STAYS", "BA", None, 0.0, 30.0, 0.0, 30.0, 0),
            (1, 1, "H", 0, None, "STAYS", "BA", None, 30.0, 30.0, 30.0, 30.0, 1),
            (2, None, "R", 0, 0, "DISAPPEARS", "F", 1, 60.0, 20.0, 0.0, 20.0, 1),
            (3, None, "R", 0, 1, "DISAPPEARS", "F", 1, 80.0, 20.0, 20.0, 20.0, 1),
            (4, None, "R", 0, 2, "DISAPPEARS", "F", 1, 100.0, 20.0, 40.0, 20.0, 1),
            (5, 2, "H", 1, None, "MOVES", "", None, 120.0, 30.0, 60.0, 30.0, 1),
            (6, 3, "R", 1, 0, "MOVES", "", None, 150.0, 20.0, 90.0, 20.0, 1),
            (7, 4, "R", 1, 1, "MOVES", "", None, 170.0, 20.0, 110.0, 20.0, 1),
            (8, 5, "H", 1, None, "MOVES", "", None, 190.0, 30.0, 130.0, 30.0, 0),
            (9, 6, "R", 1, 0, "MOVES", "", None, 220.0, 20.0, 160.0, 20.0, 0),
            (10, 7, "R", 1, 1, "MOVES", "", None, 240.0, 20.0, 180.0, 20.0, 0),
        ]
        # Q's rows show only below Q's header, which stays at 30-60.
        assert [f.clip_top for f in t.transition_frame(0.5)[2:5]] == [60.0, 60.0, 60.0]
