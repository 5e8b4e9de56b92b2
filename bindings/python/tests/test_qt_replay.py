"""The change-set replay of foldtable.qt (foldtable/_qt_replay.py) on its
own, without PySide6: the cases of bindings/qt/tests/tst_replay.cpp.

A plan is carried out on a copy of the old list (numbered items) the way
FoldListModel signals it — dead slots removed last first, moves in new-list
order, fresh slots inserted first first — and after every operation each
shown row must map to the position of the same item in the new list (or -1
for an item that is gone). At the end the copy must be the new list.
"""

from __future__ import annotations

import random
from typing import List, Sequence, Tuple

import pytest

from foldtable._qt_replay import DEAD, FRESH, MOVED_IN, MOVED_OUT, Replay


def carry_out(replay: Replay, shown: List[int], after: Sequence[int]) -> int:
    """Replays on ``shown`` and returns the number of moves carried."""

    def check(when: str) -> None:
        assert replay.shown_count == len(shown), when
        for r, item in enumerate(shown):
            at = replay.new_position(r)
            if at < 0:
                assert item not in after, "%s: row %d (item %d) maps to -1" % (when, r, item)
            else:
                assert after[at] == item, "%s: row %d shows %d, maps to %d" % (when, r, item, at)

    parts = replay.parts
    moved = 0
    check("before")
    for i in range(len(parts) - 1, -1, -1):
        if parts[i].kind == DEAD:
            first = replay.row_of(i)
            del shown[first : first + parts[i].length]
            replay.set_shown(i, 0)
            check("after a removal")
    for i, part in enumerate(parts):
        if part.kind != MOVED_IN:
            continue
        out = part.partner
        assert parts[out].kind == MOVED_OUT
        first, length, destination = replay.row_of(out), part.length, replay.row_of(i)
        block = shown[first : first + length]
        del shown[first : first + length]
        at = destination - length if destination > first else destination
        shown[at:at] = block
        replay.set_shown(out, 0)
        replay.set_shown(i, length)
        moved += 1
        check("after a move")
    for i, part in enumerate(parts):
        if part.kind == FRESH:
            first = replay.row_of(i)
            shown[first:first] = after[part.new_start : part.new_start + part.length]
            replay.set_shown(i, part.length)
            check("after an insertion")
    return moved


def test_move_section_down() -> None:
    # Mac (items 0-3) moved after iPhone: moved-out, kept, moved-in.
    replay = Replay()
    assert replay.build(12, 12, [(0, 4, 0), (8, 0, 4)], [(0, 8, 4)]) is False
    assert [p.kind for p in replay.parts] == [MOVED_OUT, 0, MOVED_IN]
    assert replay.row_of(2) == 12  # beginMoveRows(0, 3, destination 12)
    shown = list(range(12))
    after = [4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3]
    assert carry_out(replay, shown, after) == 1
    assert shown == after


def test_move_section_up() -> None:
    replay = Replay()
    assert replay.build(12, 12, [(7, 5, 0), (0, 0, 5)], [(7, 0, 5)]) is False
    shown = list(range(12))
    after = [7, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6]
    assert carry_out(replay, shown, after) == 1
    assert shown == after


def test_bad_steps() -> None:
    replay = Replay()
    assert replay.build(5, 4, [(5, 1, 0)]) is None  # removes past the end
    assert replay.build(5, 5, [(1, 2, 1)]) is None  # ends at 4, not 5
    assert replay.build(5, 4, [(1, 2, 1)]) is False
    assert replay.build(5, 6, [(-1, 0, 1)]) is None
    assert replay.build(-1, 0, []) is None


def test_moves_that_do_not_fit_are_dropped() -> None:
    # A move from items no step removes: the steps are replayed alone.
    replay = Replay()
    assert replay.build(6, 6, [(0, 2, 2)], [(3, 0, 2)]) is True
    shown = list(range(6))
    after = [10, 11, 2, 3, 4, 5]
    assert carry_out(replay, shown, after) == 0
    assert shown == after


def _random_change_set(rng: random.Random, next_id: List[int]) -> Tuple[
    int, List[int], List[Tuple[int, int, int]], List[Tuple[int, int, int]]
]:
    """A list of n items, steps on it (some adding back a block an earlier
    step removed) and the moves those make: (n, new list, steps, moves)."""
    n = rng.randrange(40)
    items = list(range(n))
    removed_blocks: List[List[int]] = []
    steps = []
    for _ in range(rng.randrange(6) + 1):
        p = rng.randrange(len(items) + 1)
        r = rng.randrange(min(len(items) - p, 6) + 1)
        removed = items[p : p + r]
        del items[p : p + r]
        added: List[int] = []
        if removed_blocks and rng.randrange(2) == 0:
            added = removed_blocks.pop(rng.randrange(len(removed_blocks)))
        for _ in range(rng.randrange(4)):
            added.insert(rng.randrange(len(added) + 1), next_id[0])
            next_id[0] += 1
        items[p:p] = added
        if removed:
            removed_blocks.append(removed)
        if r or added:
            steps.append((p, r, len(added)))
    # Moves: maximal blocks of old items a step removed that sit together,
    # in order, in both lists.
    new_at = {item: q for q, item in enumerate(items) if item < n}
    touched = set()
    walk: List[int] = list(range(n))
    for p, r, a in steps:
        touched.update(i for i in walk[p : p + r] if 0 <= i < n)
        walk[p : p + r] = [-1] * a
    moves = []
    item = 0
    while item < n:
        if item not in touched or item not in new_at:
            item += 1
            continue
        end = item + 1
        while end < n and end in touched and new_at.get(end) == new_at[item] + (end - item):
            end += 1
        moves.append((item, new_at[item], end - item))
        item = end
    moves.sort(key=lambda m: m[1])
    return n, items, steps, moves


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_random_change_sets(seed: int) -> None:
    rng = random.Random(seed)
    next_id = [1000000]
    total_moves = 0
    for round_ in range(400):
        n, after, steps, moves = _random_change_set(rng, next_id)
        replay = Replay()
        assert replay.build(n, len(after), steps, moves) is False, "seed %d round %d" % (seed, round_)
        shown = list(range(n))
        assert carry_out(replay, shown, after) == len(moves)
        assert shown == after, "seed %d round %d" % (seed, round_)
        total_moves += len(moves)
    assert total_moves > 50
