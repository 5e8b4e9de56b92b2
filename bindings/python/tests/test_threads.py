"""One table used from 8 threads at once (ctypes releases the GIL in calls)."""

import random
import sys
import threading

import pytest

import foldtable
from foldtable import InvalidArgumentError, NotVisibleError, OutOfRangeError

THREADS = 8
ROUNDS = 400
SECTIONS = [("s%d" % i, 1 + (i * 7) % 13) for i in range(40)]  # (key, rows)


def check_viewport(items):
    """Items of one viewport: consecutive positions, each starting where the previous ends."""
    for a, b in zip(items, items[1:]):
        assert b.position == a.position + 1
        assert b.top == a.top + a.height


def check_invariants(t):
    states = t.section_states()
    assert [k for k, _ in states] == [k for k, _ in SECTIONS]
    rows = dict(SECTIONS)
    visible = sum(1 + (0 if collapsed else rows[k]) for k, collapsed in states)
    assert len(t) == visible
    assert t.content_height == sum(28 + (0 if c else rows[k] * 44) for k, c in states)
    everything = t.visible_items(0, t.content_height)
    assert [v.position for v in everything] == list(range(visible))
    check_viewport(everything)
    for (key, collapsed), section in zip(states, t.sections):
        assert section.collapsed == collapsed
        assert section.visible_row_count == (0 if collapsed else rows[key])
        assert t.item(section.header_position).collapsed == collapsed


@pytest.fixture
def shared():
    with foldtable.Table() as t:
        for key, rows in SECTIONS:
            t.append_section(key, key, rows=rows)
        yield t


def test_eight_threads_on_one_table(shared):
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # switch threads often
    errors = []
    start = threading.Barrier(THREADS)

    def work(seed):
        rng = random.Random(seed)
        try:
            start.wait()
            for _ in range(ROUNDS):
                op = rng.randrange(7)
                key, _rows = SECTIONS[rng.randrange(len(SECTIONS))]
                section = shared.sections[key]
                if op == 0:
                    section.collapse()
                elif op == 1:
                    section.expand()
                elif op == 2:
                    section.toggle()
                elif op == 3:
                    items = shared.visible_items(rng.uniform(0, 3000), rng.uniform(0, 800), rng.randrange(3))
                    check_viewport(items)
                elif op == 4:
                    # The list changes under us: a position may be gone by now.
                    try:
                        p = rng.randrange(max(1, len(shared)))
                        item = shared.item(p)
                        assert item.position == p
                        assert shared.item_height(p) in (28.0, 44.0)
                    except OutOfRangeError:
                        pass
                elif op == 5:
                    hit = shared.item_at_offset(rng.uniform(-10, 4000))
                    assert hit.position is not None and hit.position >= 0
                else:
                    try:
                        section.row_position(0)
                    except NotVisibleError:
                        pass
                    assert shared.content_height > 0
                    if rng.random() < 0.05:
                        shared.collapse_all() if rng.random() < 0.5 else shared.expand_all()
        except Exception as e:  # reported in the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(THREADS)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    finally:
        sys.setswitchinterval(old)
    assert not any(t.is_alive() for t in threads)
    assert errors == []
    check_invariants(shared)


def test_close_while_other_threads_call():
    """close() waits for running calls; later calls fail cleanly, never crash."""
    t = foldtable.Table()
    for key, rows in SECTIONS:
        t.append_section(key, rows=rows)
    unexpected = []
    started = threading.Barrier(THREADS + 1)

    def work():
        started.wait()
        while True:
            try:
                t.visible_items(0, 2000)
                t.sections["s3"].toggle()
                len(t)
            except InvalidArgumentError as e:
                if "closed" in str(e):
                    return
                unexpected.append(e)
                return
            except Exception as e:
                unexpected.append(e)
                return

    threads = [threading.Thread(target=work) for _ in range(THREADS)]
    for th in threads:
        th.start()
    started.wait()
    t.close()
    for th in threads:
        th.join(60)
    assert not any(th.is_alive() for th in threads)
    assert unexpected == []


def test_visible_items_waits_for_a_call_in_another_thread(shared):
    """visible_items takes the table's lock without its bookkeeping only when
    the lock is free; held by another thread (here inside a listener), it
    waits, then answers for the changed table."""
    inside, release = threading.Event(), threading.Event()
    shared.on_change(lambda changes: (inside.set(), release.wait(60)))
    before = shared.visible_items(0, 100)
    writer = threading.Thread(target=lambda: shared.sections["s0"].collapse())
    writer.start()
    assert inside.wait(60)
    got = []
    reader = threading.Thread(target=lambda: got.append(shared.visible_items(0, 100)))
    reader.start()
    reader.join(0.2)
    assert got == []  # the writer holds the lock
    release.set()
    writer.join(60)
    reader.join(60)
    assert not writer.is_alive() and not reader.is_alive()
    assert [v.position for v in before] == [0, 1, 2]
    # s0 collapsed: its header (0), then s1's header (1) and first row (2).
    assert [(v.position, v.section, v.row, v.top) for v in got[0]] == [
        (0, 0, None, 0.0), (1, 1, None, 28.0), (2, 1, 0, 56.0)]
    assert got[0][0].collapsed


def test_library_serializes_raw_calls(shared):
    """The binding serializes calls on one Table with its own lock; this test
    goes around it and calls the C functions on one handle from 8 threads at
    once, to check the library's own per-table serialization."""
    import ctypes

    lib = foldtable._ffi.lib
    handle = shared._handle
    errors = []
    start = threading.Barrier(THREADS)

    def work(seed):
        rng = random.Random(seed)
        buf = (foldtable._ffi.fold_visible_item * 256)()
        written, total = ctypes.c_int64(), ctypes.c_int64()
        item = foldtable._ffi.fold_item()
        changed = ctypes.c_int()
        # ABI 0.2: sections are named by id (looked up by key once).
        sid = foldtable._ffi.section_id()
        ids = []
        for key, _ in SECTIONS:
            lib.fold_table_find_section(handle, key.encode(), ctypes.byref(sid))
            ids.append(sid.value)
        try:
            start.wait()
            for _ in range(2000):
                op = rng.randrange(4)
                index = rng.randrange(len(SECTIONS))
                if op == 0:
                    lib.fold_table_toggle(handle, ids[index], ctypes.byref(changed))
                    assert changed.value == 1
                elif op == 1:
                    lib.fold_table_visible_items(handle, rng.uniform(0, 3000), 500.0, 1, buf, 256,
                                                 ctypes.byref(written), ctypes.byref(total))
                    got = buf[: written.value]
                    for a, b in zip(got, got[1:]):
                        assert b.position == a.position + 1 and b.top == a.top + a.height
                elif op == 2:
                    try:
                        lib.fold_table_item_at(handle, rng.randrange(200), ctypes.byref(item))
                        assert item.kind in (0, 1)
                    except OutOfRangeError:
                        pass
                else:
                    lib.fold_table_collapse(handle, ids[index], None)
        except Exception as e:
            errors.append(e)

    threads = [threading.Thread(target=work, args=(seed,)) for seed in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    check_invariants(shared)


@pytest.mark.parametrize("call, expect", [
    (lambda t: t.item(2), lambda got: (got.position, got.section, got.row) == (2, 1, 0)),
    (lambda t: t.item_at_offset(60.0), lambda got: (got.position, int(got.place)) == (2, 0)),
])
def test_item_and_item_at_offset_wait_for_a_call_in_another_thread(shared, call, expect):
    """item() and item_at_offset() take the lock as visible_items does (see
    above): held by another thread, they wait, then answer for the changed
    table."""
    inside, release = threading.Event(), threading.Event()
    shared.on_change(lambda changes: (inside.set(), release.wait(60)))
    writer = threading.Thread(target=lambda: shared.sections["s0"].collapse())
    writer.start()
    assert inside.wait(60)
    got = []
    reader = threading.Thread(target=lambda: got.append(call(shared)))
    reader.start()
    reader.join(0.2)
    assert got == []  # the writer holds the lock
    release.set()
    writer.join(60)
    reader.join(60)
    assert not writer.is_alive() and not reader.is_alive()
    # s0 collapsed: its header (0), then s1's header (1) and first row (2).
    assert expect(got[0])


def test_reads_inside_another_tables_callback_refuse_to_wait(shared):
    """Inside a callback of another table, item(), item_at_offset() and
    visible_items() on a table another thread is using raise BusyError at
    once (waiting could deadlock); on the callback's own table they answer."""
    inside, release = threading.Event(), threading.Event()
    shared.on_change(lambda changes: (inside.set(), release.wait(60)))
    writer = threading.Thread(target=lambda: shared.sections["s0"].collapse())
    writer.start()
    assert inside.wait(60)
    seen = []

    def listener(changes):
        for read in (lambda: shared.item(0), lambda: shared.item_at_offset(1.0),
                     lambda: shared.visible_items(0, 100)):
            try:
                read()
                seen.append("answered")
            except foldtable.BusyError:
                seen.append("busy")
        seen.append(other.item(0).kind)

    try:
        with foldtable.Table() as other:
            other.on_change(listener)
            other.append_section("x")
    finally:
        release.set()
        writer.join(60)
    assert seen == ["busy", "busy", "busy", foldtable.ItemKind.HEADER]


def test_item_reads_after_close():
    """item() and item_at_offset() on a closed table raise the closed
    table's InvalidArgumentError, as every other method does."""
    t = foldtable.Table()
    t.append_section("a", rows=3)
    t.close()
    for read in (lambda: t.item(0), lambda: t.item_at_offset(0.0), lambda: t.visible_items(0, 10)):
        with pytest.raises(InvalidArgumentError, match="the table is closed"):
            read()
