"""Reloading a loaded section's children (foldtable.h "Reloading",
:meth:`Section.reload`): the children stay shown while the loader is asked
again, the new ones are reconciled by key (kept subsections keep their
state), each load state, failures that change nothing, and a section
inserted ``loaded=False, collapsed=False`` that loads at once.

The table: header 30, rows 20; "docs" loaded with "a" (1 row), "b" (2
rows, collapsed) and "c" (1 row), then "end" (1 row):
  docs 0, a 1, a.0 2, b 3, c 4, c.0 5, end 6, end.0 7.
"""

import random

import pytest

import foldtable
from foldtable import (
    BusyError,
    CancelledError,
    Change,
    DuplicateKeyError,
    LoadState,
    Move,
    NotAllowedError,
    Snapshot,
    SnapshotReport,
)


class Loader:
    def __init__(self, table):
        self.calls = []
        table.set_loader(self.start, self.cancel)

    def start(self, section, ticket):
        self.calls.append(("start", section.key, ticket))

    def cancel(self, section, ticket):
        self.calls.append(("cancel", section.key, ticket))

    def take(self):
        calls, self.calls = self.calls, []
        return calls


def keys(table):
    """Each item as "H:key" ("/C" collapsed), "R:key.row" or "P:key" (a placeholder)."""
    out = []
    for position in range(len(table)):
        item = table.item(position)
        key = table.item_section(position).key
        if item.kind is foldtable.ItemKind.HEADER:
            out.append("H:" + key + ("/C" if item.collapsed else ""))
        elif item.kind is foldtable.ItemKind.ROW:
            out.append("R:%s.%d" % (key, item.row))
        else:
            out.append("P:" + key)
    return out


@pytest.fixture
def folder():
    with foldtable.Table(row_height=20, header_height=30) as t:
        t.append_section("docs", "Docs", loaded=False)
        t.append_section("end", "End", rows=1)
        loader = Loader(t)
        docs = t.section("docs")
        docs.expand()
        (_, _, ticket), = loader.take()
        docs.finish_load(ticket, [Snapshot("a", "A", rows=1), Snapshot("b", "B", rows=2),
                                  Snapshot("c", "C", rows=1)])
        t.section("b").collapse()
        yield t, loader


def changes(table):
    seen = []
    table.on_change(lambda cs: seen.append((cs.changes, cs.redraw)))
    return seen


def test_reload_keeps_the_children_until_the_new_ones_arrive(folder):
    t, loader = folder
    docs = t.section("docs")
    a, c = t.section("a"), t.section("c")
    c.header_height = 50
    a.select()
    before = keys(t)
    assert before == ["H:docs", "H:a", "R:a.0", "H:b/C", "H:c", "R:c.0", "H:end", "R:end.0"]
    seen = changes(t)
    docs.reload()
    assert loader.take() == [("start", "docs", 2)]
    assert docs.load_state is LoadState.RELOADING
    assert docs.load_ticket == 2
    assert docs.loaded is True
    assert keys(t) == before
    assert seen == [([], [range(0, 1)])]
    del seen[:]
    # c first, given without children (it keeps its row), a with its row,
    # b gone, n new: b and c go in one step, c comes back at 1 (a move,
    # redrawn where it lands), n at 5.
    moves = []
    t.on_change(lambda cs: moves.append(cs.moves))
    report = docs.finish_load(2, [Snapshot("c", "C"), Snapshot("a", "A", rows=1),
                                  Snapshot("n", "N", rows=2)])
    assert report == SnapshotReport(1, 1, 1, 2, 0, 2, 2)
    assert seen == [([Change(3, 3, 0), Change(1, 0, 2), Change(5, 0, 3)], [range(0, 3)])]
    assert moves == [[Move(4, 1, 2)]]
    assert keys(t) == ["H:docs", "H:c", "R:c.0", "H:a", "R:a.0", "H:n", "R:n.0", "R:n.1", "H:end", "R:end.0"]
    assert t.section("a") == a and t.section("c") == c
    assert t.section("c").header_height == 50
    assert t.section("a").selected is True
    assert docs.load_state is LoadState.LOADED and docs.load_ticket is None
    with pytest.raises(CancelledError):
        docs.finish_load(2, [])


def test_reload_in_each_state():
    with foldtable.Table(row_height=20, header_height=30) as t:
        u = t.append_section("u", "U", loaded=False)
        loader = Loader(t)
        with pytest.raises(NotAllowedError) as raised:
            u.reload()
        assert str(raised.value) == ('section "u" cannot be reloaded: its children are not loaded yet '
                                     '(expanding it, or fold_table_load, loads them)')
        assert loader.take() == [] and u.load_state is LoadState.UNLOADED
        u.expand()
        assert loader.take() == [("start", "u", 1)]
        u.reload()  # loading: replaced
        assert loader.take() == [("cancel", "u", 1), ("start", "u", 2)]
        u.fail_load(2, "offline")
        u.reload()  # failed: retried
        assert loader.take() == [("start", "u", 3)]
        assert u.load_state is LoadState.LOADING
        u.finish_load(3, [1])
        u.reload()
        u.reload()  # reloading: replaced
        assert loader.take() == [("start", "u", 4), ("cancel", "u", 4), ("start", "u", 5)]
        u.fail_load(5, "offline")  # a failed reload keeps the children
        assert u.load_state is LoadState.LOADED and keys(t) == ["H:u", "R:u.0"]
        u.reload()
        u.remove()
        assert loader.take() == [("start", "u", 6), ("cancel", "u", 6)]


def test_a_failed_finish_changes_nothing(folder):
    t, loader = folder
    docs = t.section("docs")
    docs.reload()
    before = keys(t)
    version = t.structure_version
    seen = changes(t)
    with pytest.raises(DuplicateKeyError) as raised:
        docs.finish_load(2, [Snapshot("a", "A"), Snapshot("end", "End")])
    assert "already exists outside the children it is matched among" in str(raised.value)
    assert keys(t) == before and t.structure_version == version and seen == []
    assert docs.load_state is LoadState.RELOADING
    # Inside a listener: BusyError; the reload still waits.
    errors = []

    def listener(change_set):
        try:
            docs.reload()
        except BusyError as exc:
            errors.append(exc)

    t.on_change(listener)
    docs.finish_load(2, [Snapshot("a", "A", rows=1)])
    assert len(errors) == 1
    assert keys(t) == ["H:docs", "H:a", "R:a.0", "H:end", "R:end.0"]


def test_inserted_unloaded_and_expanded_loads_at_once():
    with foldtable.Table(row_height=20, header_height=30) as t:
        loader = Loader(t)
        seen = changes(t)
        s = t.append_section("s", "S", loaded=False, collapsed=False)
        assert seen == [([Change(0, 0, 2)], [])]
        assert loader.take() == [("start", "s", 1)]
        assert s.load_state is LoadState.LOADING and keys(t) == ["H:s", "P:s"]


@pytest.mark.parametrize("seed", [3, 35, 2024])
def test_random_reloads_keep_identity_and_replay(seed):
    rng = random.Random(seed)
    with foldtable.Table(row_height=20, header_height=30) as t:
        docs = t.append_section("docs", "Docs")
        names = ["k%d" % i for i in range(10)]
        following = 10
        docs.reload()
        docs.finish_load(docs.load_ticket, [Snapshot(k, k, rows=1) for k in names])
        for k in names:
            if rng.random() < 0.3:
                t.section(k).collapse()
        sets = []
        t.on_change(sets.append)
        for _ in range(25):
            new = [k for k in names if rng.random() > 0.15]
            for _ in range(rng.randrange(3)):
                new.insert(rng.randrange(len(new) + 1), "k%d" % following)
                following += 1
            if len(new) > 1 and rng.random() < 0.5:
                moved = new.pop(rng.randrange(len(new)))
                new.insert(rng.randrange(len(new) + 1), moved)
            state = {k: (t.section(k).id, t.section(k).collapsed) for k in names}
            old = keys(t)
            del sets[:]
            docs.reload()
            docs.finish_load(docs.load_ticket, [Snapshot(k, k, rows=1) for k in new])
            names = new
            shadow = list(old)
            for change_set in sets:
                for step in change_set.changes:
                    shadow[step.position:step.position + step.removed] = ["?"] * step.added
            now = keys(t)
            assert len(shadow) == len(now)
            assert all(s == n for s, n in zip(shadow, now) if s != "?")
            assert [child.key for child in docs.children] == names
            for k in names:
                if k in state:
                    assert (t.section(k).id, t.section(k).collapsed) == state[k]
