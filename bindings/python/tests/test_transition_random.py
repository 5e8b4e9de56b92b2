"""Transitions under seeded random edits and scrolls: every transition
agrees with what the table answers before and after the change
(visible_items, sticky_headers, item_top) and with the header's rules
about which items a transition holds and how their change matches their
positions. A failing seed replays: the edits are drawn from
random.Random(seed).
"""

from __future__ import annotations

import random
from typing import Dict, Set, Tuple

import pytest

import foldtable
from foldtable import TransitionChange

SEEDS = range(25)
STEPS = 30


def drawn(t: foldtable.Table) -> Tuple[Dict[int, Tuple[float, float]], Set[int]]:
    """The items the viewport draws, position -> (top, height) in viewport
    coordinates (stuck headers where they stick, drawn over the others),
    and the positions of the stuck headers."""
    viewport = t.viewport
    assert viewport is not None
    offset, height = viewport
    rects = {item.position: (item.top - offset, item.height) for item in t.visible_items(offset, height)}
    stuck = set()
    for header in t.sticky_headers(offset):
        rects[header.position] = (header.top - offset, header.height)
        stuck.add(header.position)
    return rects, stuck


def scroll(t: foldtable.Table, rng: random.Random) -> None:
    if rng.random() < 0.3:
        t.set_viewport(rng.choice([0.0, 10.0, 40.0, 80.0, 150.0, 400.0]), 200.0)


def edit(t: foldtable.Table, rng: random.Random) -> None:
    section = t.sections[rng.randrange(len(t.sections))]
    what = rng.choice(["toggle", "toggle", "insert", "remove"])
    if what == "toggle":
        section.toggle()
    elif what == "insert":
        section.insert_rows(rng.randrange(section.row_count + 1), rng.randint(1, 3))
    elif section.row_count:
        section.remove_rows(rng.randrange(section.row_count))


def check_rules(transition: foldtable.Transition) -> None:
    """What the header says of every transition: each change matches its
    positions, no position twice, the order of the list after (items that
    disappear after the ones they followed), and each item is drawn in a
    viewport (or stuck) before or after."""
    befores = [item.position_before for item in transition.items if item.position_before is not None]
    afters = [item.position_after for item in transition.items if item.position_after is not None]
    assert afters == sorted(set(afters))
    assert len(befores) == len(set(befores))
    assert befores == sorted(befores)  # the edits here move nothing
    h = transition.viewport_height
    for item in transition.items:
        before, after = item.position_before is not None, item.position_after is not None
        # An item caught disappearing by an interrupted transition may be in
        # neither list: it goes on disappearing.
        assert (before, after) in {
            TransitionChange.STAYS: [(True, True)], TransitionChange.MOVES: [(True, True)],
            TransitionChange.APPEARS: [(False, True)], TransitionChange.DISAPPEARS: [(True, False), (False, False)],
        }[item.change], item
        rects_equal = (item.top_before, item.height_before) == (item.top_after, item.height_after)
        assert rects_equal == (item.change is TransitionChange.STAYS) or not (before and after), item
        assert (
            item.stuck_before or item.stuck_after
            or (item.top_before < h and item.bottom_before > 0)
            or (item.top_after < h and item.bottom_after > 0)
        ), item
        assert item.folds == (item.clip is not None) or item.clip is None


def run(seed: int, interrupted: bool) -> None:
    rng = random.Random(seed)
    with foldtable.Table(row_height=20, header_height=30) as t:
        for n, rows in enumerate((3, 4, 5, 30, 2)):
            t.append_section("S%d" % n, rows=rows)
        t.set_viewport(0, 200)
        t.transitions = True
        serial = 0
        for _ in range(STEPS):
            scroll(t, rng)
            before, stuck_before = drawn(t)
            edit(t, rng)
            transition = t.transition
            if transition is None or transition.serial == serial:
                continue  # nothing reported
            serial = transition.serial
            after, stuck_after = drawn(t)
            check_rules(transition)
            items = transition.items
            # The after side is the table's, exactly: every item drawn after
            # is in the transition, at its rect.
            assert {i.position_after: (i.top_after, i.height_after) for i in items
                    if i.position_after in after} == after
            assert {i.position_after for i in items if i.stuck_after} == stuck_after
            if not interrupted:  # the before side is the viewport as it was
                assert {i.position_before: (i.top_before, i.height_before) for i in items
                        if i.position_before in before} == before
                assert {i.position_before for i in items if i.stuck_before} == stuck_before
            ends = [(i.top_before, i.height_before, i.top_after, i.height_after) for i in items]
            assert [f[1:3] for f in t.transition_frame(0)] == [e[:2] for e in ends]
            assert [f[1:3] for f in t.transition_frame(1)] == [e[2:] for e in ends]
            t.transition_progress = rng.choice([0.25, 0.5]) if interrupted else 1.0


@pytest.mark.parametrize("seed", SEEDS)
def test_random_transitions_agree_with_the_table(seed):
    run(seed, interrupted=False)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_interrupted_transitions_keep_the_rules(seed):
    run(seed, interrupted=True)
