"""How :class:`foldtable.qt.FoldListModel` turns one change set into Qt's
row signals (internal; a port of ``bindings/qt/src/fold-replay.cpp``, which
says the same in more words). Imports nothing of Qt, so it is tested without
PySide6.

Qt wants ``begin*Rows()`` before the model changes and the engine reports
after it changed, so the model replays the change set on the list it has
shown. A :class:`Replay` is the plan for one change set: the old list and the
new one cut into slots at the steps' and moves' boundaries, in one order that
agrees with both lists:

- KEPT: items no step removed, in both lists;
- DEAD: removed items that no move carries, only in the old list;
- MOVED_OUT / MOVED_IN: a move's items where they were / where they land;
- FRESH: added items that no move carries, only in the new list.

Each slot has a current length (a Fenwick tree sums them): the shown list is
the slots in order at their current lengths. It starts as the old list and
ends as the new one; between signals :meth:`Replay.new_position` maps a shown
row to the item's position in the new list, where the engine reads it.

Cost: O(c) to compose c steps that go forward (as batches report them),
O(m log m) for m moves, O(log s) per signal or row mapped for s slots.
Nothing depends on the number of rows.
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence, Tuple

KEPT, DEAD, MOVED_OUT, MOVED_IN, FRESH = range(5)
_INT32_MAX = 2**31 - 1


class Slot(NamedTuple):
    """One slot of a plan."""

    kind: int
    length: int
    new_start: int  # position of its first item in the new list; -1 for DEAD
    partner: int  # MOVED_OUT <-> MOVED_IN slot index; -1 otherwise


# A run of the composed new list: (old position of its first item, or -1
# for items a step added; length).
_Run = Tuple[int, int]
# Steps and moves as the engine gives them (Change, Move or plain tuples):
# (position, removed, added) and (from, to, count).
Step = Tuple[int, int, int]
MoveStep = Tuple[int, int, int]


def _tail(run: _Run, at: int) -> _Run:
    """The part of ``run`` from ``at`` items in."""
    return (-1 if run[0] < 0 else run[0] + at, run[1] - at)


def _compose(old_count: int, steps: Sequence[Step]) -> Optional[List[_Run]]:
    """The new list as runs of old items and added ones, or None when a step
    does not fit the list it applies to. A gap buffer at the cursor: ``left``
    holds the runs before it in order, ``right`` those after it reversed."""
    left: List[_Run] = []
    right: List[_Run] = [(0, old_count)] if old_count > 0 else []
    cursor, total = 0, old_count

    def keep(run: _Run) -> None:
        if run[1] <= 0:
            return
        if left:
            last = left[-1]
            if (last[0] < 0 and run[0] < 0) or (last[0] >= 0 and run[0] == last[0] + last[1]):
                left[-1] = (last[0], last[1] + run[1])
                return
        left.append(run)

    for p, removed, added in steps:
        if p < 0 or removed < 0 or added < 0 or p > total or removed > total - p or added > _INT32_MAX:
            return None
        while cursor > p:
            run = left.pop()
            if cursor - run[1] >= p:
                right.append(run)
                cursor -= run[1]
            else:
                stays = p - (cursor - run[1])
                left.append((run[0], stays))
                right.append(_tail(run, stays))
                cursor = p
        while cursor < p:
            run = right.pop()
            if cursor + run[1] <= p:
                keep(run)
                cursor += run[1]
            else:
                goes = p - cursor
                keep((run[0], goes))
                right.append(_tail(run, goes))
                cursor = p
        removing = removed
        while removing > 0:
            run = right.pop()
            if run[1] <= removing:
                removing -= run[1]
            else:
                right.append(_tail(run, removing))
                removing = 0
        if added > 0:
            keep((-1, added))
            cursor += added
        total += added - removed
    while right:
        keep(right.pop())
    return left


class Replay:
    """The plan for one change set (see the module's docstring)."""

    def __init__(self) -> None:
        self.parts: List[Slot] = []
        self._shown: List[int] = []  # current length of each slot
        self._tree: List[int] = [0]  # Fenwick tree over _shown, 1-based
        self._total = 0

    def build(
        self,
        old_count: int,
        new_count: int,
        steps: Sequence[Step],
        moves: Sequence[MoveStep] = (),
    ) -> Optional[bool]:
        """Plan the change set that turns ``old_count`` items into
        ``new_count``. None when the steps do not fit ``old_count`` or do not
        end at ``new_count`` (the caller resets); else whether the moves had
        to be dropped (they do not lie inside what the steps remove and add):
        their items are then removed and inserted like the others."""
        if old_count < 0 or new_count < 0:
            return None
        runs = _compose(old_count, steps)
        if runs is None or sum(length for _, length in runs) != new_count:
            return None
        dropped = False
        if not self._plan(old_count, runs, moves):
            dropped = True
            if not self._plan(old_count, runs, ()):
                return None
        # Shown: the old list.
        n = len(self.parts)
        self._shown = [0] * n
        self._tree = [0] * (n + 1)
        self._total = 0
        for i, slot in enumerate(self.parts):
            if slot.kind in (KEPT, DEAD, MOVED_OUT):
                self.set_shown(i, slot.length)
        return dropped

    def _plan(self, old_count: int, runs: List[_Run], moves: Sequence[MoveStep]) -> bool:
        slots: List[Slot] = []
        for from_, to, count in moves:
            if count <= 0 or from_ < 0 or to < 0:
                return False
        # The engine lists moves in new-list order; sorted here all the same.
        by_from = sorted(range(len(moves)), key=lambda j: moves[j][0])
        by_to = sorted(range(len(moves)), key=lambda j: moves[j][1])
        out_slot = [-1] * len(moves)
        in_slot = [-1] * len(moves)
        next_from = next_to = 0

        def gap(old_a: int, old_b: int, new_a: int, new_b: int) -> bool:
            """The removed items between two kept runs (old positions
            [old_a, old_b)), then the added ones (new [new_a, new_b))."""
            nonlocal next_from, next_to
            at = old_a
            while next_from < len(by_from) and moves[by_from[next_from]][0] < old_b:
                j = by_from[next_from]
                next_from += 1
                from_, to, count = moves[j]
                if from_ < at or count > old_b - from_:
                    return False
                if from_ > at:
                    slots.append(Slot(DEAD, from_ - at, -1, -1))
                out_slot[j] = len(slots)
                slots.append(Slot(MOVED_OUT, count, to, -1))
                at = from_ + count
            if at < old_b:
                slots.append(Slot(DEAD, old_b - at, -1, -1))
            at = new_a
            while next_to < len(by_to) and moves[by_to[next_to]][1] < new_b:
                j = by_to[next_to]
                next_to += 1
                from_, to, count = moves[j]
                if to < at or count > new_b - to:
                    return False
                if to > at:
                    slots.append(Slot(FRESH, to - at, at, -1))
                in_slot[j] = len(slots)
                slots.append(Slot(MOVED_IN, count, to, -1))
                at = to + count
            if at < new_b:
                slots.append(Slot(FRESH, new_b - at, at, -1))
            return True

        old_at = new_at = gap_start = 0
        for old, length in runs:
            if old < 0:
                new_at += length
                continue
            if not gap(old_at, old, gap_start, new_at):
                return False
            slots.append(Slot(KEPT, length, new_at, -1))
            old_at = old + length
            new_at += length
            gap_start = new_at
        if not gap(old_at, old_count, gap_start, new_at):
            return False
        # Every move was placed, out and in.
        if next_from != len(by_from) or next_to != len(by_to):
            return False
        for j in range(len(moves)):
            o, i = out_slot[j], in_slot[j]
            if o < 0 or i < 0:
                return False
            slots[o] = slots[o]._replace(partner=i)
            slots[i] = slots[i]._replace(partner=o)
        self.parts = slots
        return True

    def row_of(self, i: int) -> int:
        """Items shown before slot ``i``. O(log s)."""
        total, k, tree = 0, i, self._tree
        while k > 0:
            total += tree[k]
            k -= k & -k
        return total

    def set_shown(self, i: int, length: int) -> None:
        """Set slot ``i``'s current length. O(log s)."""
        delta = length - self._shown[i]
        if delta == 0:
            return
        self._shown[i] = length
        self._total += delta
        k, tree = i + 1, self._tree
        while k < len(tree):
            tree[k] += delta
            k += k & -k

    @property
    def shown_count(self) -> int:
        """Items shown now. O(1)."""
        return self._total

    def new_position(self, row: int) -> int:
        """Where the item shown at ``row`` is in the new list; -1 for an item
        not in it (a DEAD slot's) or a row past the end. O(log s)."""
        if row < 0 or row >= self._total:
            return -1
        n, tree = len(self._shown), self._tree
        at, step, rest = 0, 1, row
        while step * 2 <= n:
            step *= 2
        while step > 0:
            if at + step <= n and tree[at + step] <= rest:
                at += step
                rest -= tree[at]
            step //= 2
        if at >= n:
            return -1
        slot = self.parts[at]
        return -1 if slot.kind == DEAD else slot.new_start + rest
