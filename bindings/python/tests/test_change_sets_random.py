"""Change sets describe each change exactly (foldtable.h: "Change events
and listeners", "Moves", "Batches"): random mutations (a fixed seed) of a
nested table, alone or several in one ``Table.batch()``, each replayed from
its change sets onto the flat list before it as the header says a view
does (moved items taken aside, the steps applied, the moved items put at
their new places); every item that is not inserted keeps its identity,
every moved item lands on a slot the steps added and is the same item, and
every item whose height or drawn state changed is in a redraw range.
"""

import random

import pytest

import foldtable
from foldtable import ItemKind

PLACEHOLDER = object()


def flat(t):
    """(identity, height, state) per position; identity is (kind, section
    key), state the flags a view draws: a header's collapsed flag (its
    indicator) and a row's expanded flag. (A footer's collapsed flag is not
    drawn state: the header lists indicator and expanded as what a redraw is
    for, and the library does not redraw a footer when its section collapses.)"""
    result = []
    for p in range(len(t)):
        item = t.item(p)
        if item.kind == ItemKind.HEADER:
            state = item.collapsed
        elif item.kind == ItemKind.ROW:
            state = item.expanded
        else:
            state = False
        result.append(((item.kind, t.item_key(p)), t.item_height(p), state))
    return result


def apply(old, change_sets):
    items = list(old)
    for change_set in change_sets:
        aside = [items[m.from_:m.from_ + m.count] for m in change_set.moves]
        for position, removed, added in change_set.changes:
            assert 0 <= position <= len(items) and position + removed <= len(items)
            items[position:position + removed] = [PLACEHOLDER] * added
        for m, block in zip(change_set.moves, aside):
            assert m.count > 0 and len(block) == m.count
            assert items[m.to:m.to + m.count] == [PLACEHOLDER] * m.count, "a move lands on a kept item"
            items[m.to:m.to + m.count] = [Moved(item) for item in block]
    return items


class Moved:
    """An item a move carried: a row may have moved to another section,
    whose key it now reports, so only a header's or footer's key is
    compared; a row must land as a row."""

    def __init__(self, item):
        self.item = item


def random_mutation(t, rng, counter):
    keys = [key for key, _ in t.section_states()]
    key = rng.choice(keys) if keys else None
    s = t.section(key) if key else None
    op = rng.randrange(16)
    if op == 0 or s is None:
        counter[0] += 1
        parent = rng.choice([None] + ([key] if key and s.depth < 3 else []))
        count = t.section(parent).child_count if parent else len(t.sections)
        t.insert_section(rng.randint(0, count), "k%d" % counter[0], rows=rng.randrange(4), parent=parent)
    elif op == 1:
        s.toggle()
    elif op == 2:
        s.collapse() if rng.random() < 0.5 else s.expand()
    elif op == 3:
        s.insert_rows(rng.randint(0, s.row_count), rng.randrange(1, 4))
    elif op == 4 and s.row_count:
        row = rng.randrange(s.row_count)
        s.remove_rows(row, rng.randint(1, s.row_count - row))
    elif op == 5 and rng.random() < 0.4:
        s.remove()
    elif op == 6 and s.row_count:
        s.set_row_height(rng.randrange(s.row_count), rng.choice([None, 10.0, 60.0]))
    elif op == 7 and s.row_count:
        row = rng.randrange(s.row_count)
        s.set_expanded_height(row, rng.choice([None, 100.0]))
        s.toggle_row(row)
    elif op == 8:
        s.footer_height = rng.choice([None, 0.0, 12.0])
    elif op == 9:
        s.header_height = rng.choice([None, 20.0, 0.0])
    elif op == 10 and len(t):
        t.activate(rng.randrange(len(t)))
    elif op == 11:
        siblings = s.parent.child_count if s.parent else len(t.sections)
        s.move_to(s.parent, rng.randrange(siblings))
    elif op == 12:
        (t.collapse_all if rng.random() < 0.5 else t.expand_all)()
    elif op == 13:
        s.set_header(rng.choice(["a", "b|c"]))
    elif op == 14:
        t.accordion = rng.choice(list(foldtable.Accordion))
    elif op == 15 and s.row_count and len(t.sections) > 1:
        other = rng.choice(keys)
        target = t.section(other)
        if other != key:
            row_child = [i for i, c in enumerate(s.children) if isinstance(c, foldtable.ChildRow)][0]
            t.move_at_path(s.path + [row_child], target.path + [rng.randint(0, target.child_count)])


@pytest.mark.parametrize("viewport", [False, True])
def test_change_sets_replay_random_mutations(viewport):
    rng = random.Random(20240611)
    counter = [0]
    with foldtable.Table(footer_height=0) as t:
        for i in range(4):
            t.append_section("top%d" % i, rows=i + 1)
        got = []
        t.on_change(got.append)
        if viewport:
            t.set_viewport(40.0, 120.0)
        mutations = moves = batches = 0
        for step in range(400):
            old = flat(t)
            old_height = t.content_height
            del got[:]
            if step % 5 == 4:
                with t.batch():
                    for _ in range(rng.randrange(1, 5)):
                        random_mutation(t, rng, counter)
                    assert got == [] and t.batch_depth == 1
                assert len(got) <= 1 and t.batch_depth == 0
                batches += len(got)
            else:
                random_mutation(t, rng, counter)
            moves += sum(len(c.moves) for c in got)
            new = flat(t)
            replayed = apply(old, got)
            assert len(replayed) == len(new), step
            redraw = {p for change_set in got for r in change_set.redraw for p in r}
            for position, item in enumerate(replayed):
                if item is PLACEHOLDER:
                    continue
                if isinstance(item, Moved):
                    kind, key = item.item[0]
                    assert new[position][0] == (kind, key) or (kind == ItemKind.ROW and new[position][0][0] == kind), (step, position)
                    continue
                identity, height, flags = item
                assert identity == new[position][0], (step, position)
                if (height, flags) != new[position][1:]:
                    assert position in redraw, (step, position, item, new[position])
            for change_set in got:
                for r in change_set.redraw:
                    assert 0 <= r.start < r.stop <= len(new)
                if viewport:
                    assert change_set.anchored_offset is not None
                    if change_set is got[-1]:
                        assert change_set.anchored_offset == t.viewport.offset
                else:
                    assert change_set.anchored_offset is None
            assert sum(c.content_height_delta for c in got) == pytest.approx(t.content_height - old_height)
            if got:
                mutations += 1
            else:
                assert new == old, step
        assert mutations > 200 and batches > 50 and moves > 20, (mutations, batches, moves)
