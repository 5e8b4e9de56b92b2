"""Change events and listeners (foldtable.h: "Change events and listeners"),
on the worked example: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers
28; content 480.

Flat list of the worked example:
    0 Mac, 1-3 its rows, 4 iPad, 5-6 its rows, 7 iPhone, 8-11 its rows.
"""

import gc
import threading
import weakref

import pytest

import foldtable
from foldtable import (
    BusyError,
    Change,
    ChangeSet,
    InvalidArgumentError,
    NotFoundError,
    RowEvent,
    SectionEvent,
)


class Recorder:
    """Registers all three listener kinds and records every call."""

    def __init__(self, t):
        self.changes = []
        self.events = []
        self.ids = [
            t.on_change(self.changes.append),
            t.on_section(lambda key, event: self.events.append((key, event))),
            t.on_row(lambda key, row, event: self.events.append((key, row, event))),
        ]


# -- exact change sets ----------------------------------------------------------


def test_collapsing_ipad(worked):
    rec = Recorder(worked)
    assert worked.section("iPad").collapse() is True
    assert rec.changes == [ChangeSet([Change(5, 2, 0)], [range(4, 5)], -88.0, None)]
    assert rec.changes[0].changes == [(5, 2, 0)]  # Change is a tuple
    assert rec.events == [("iPad", SectionEvent.WILL_COLLAPSE), ("iPad", SectionEvent.DID_COLLAPSE)]


def test_expanding_again(worked):
    worked.section("iPad").collapse()
    rec = Recorder(worked)
    assert worked.section("iPad").expand() is True
    assert rec.changes == [([(5, 0, 2)], [range(4, 5)], 88.0, None)]
    assert rec.events == [("iPad", SectionEvent.WILL_EXPAND), ("iPad", SectionEvent.DID_EXPAND)]


def test_expanding_an_expanded_section_calls_no_listener(worked):
    rec = Recorder(worked)
    assert worked.section("iPad").expand() is False
    assert worked.section("iPad").collapse() is True
    assert worked.section("iPad").collapse() is False
    assert len(rec.changes) == 1
    assert len(rec.events) == 2
    # ABI 0.2: a section without children stores the state (its header is
    # redrawn); collapsing it again changes nothing and calls no listener.
    worked.append_section("Empty")
    del rec.changes[:], rec.events[:]
    assert worked.section("Empty").collapse() is True
    assert rec.changes == [([], [range(10, 11)], 0.0, None)]  # iPad is collapsed
    assert rec.events == [("Empty", SectionEvent.WILL_COLLAPSE), ("Empty", SectionEvent.DID_COLLAPSE)]
    del rec.changes[:], rec.events[:]
    assert worked.section("Empty").collapse() is False
    assert (rec.changes, rec.events) == ([], [])


def test_rows_into_a_new_empty_section(worked):
    rec = Recorder(worked)
    watch = worked.append_section("Watch")
    assert rec.changes == [([(12, 0, 1)], [], 28.0, None)]
    watch.insert_rows(0, 2)
    assert rec.changes[-1] == ([(13, 0, 2)], [range(12, 13)], 88.0, None)


def test_removing_ipad(worked):
    rec = Recorder(worked)
    worked.section("iPad").remove()
    assert rec.changes == [([(4, 3, 0)], [], -116.0, None)]
    worked.remove_section(0)  # by index: Mac
    assert rec.changes[-1] == ([(0, 4, 0)], [], -160.0, None)


def test_height_and_header_changes_are_redraws(worked):
    rec = Recorder(worked)
    worked.section("iPad").set_row_height(1, 50)
    assert rec.changes == [([], [range(6, 7)], 6.0, None)]
    worked.section("Mac").set_header("Macs|All of them")
    assert rec.changes[-1] == ([], [range(0, 1)], 0.0, None)
    # fold_table_set_indicators reports nothing.
    worked.set_indicators("[+]", "[-]")
    assert len(rec.changes) == 2


def test_row_events(worked):
    mac = worked.section("Mac")
    mac.set_expanded_height(2, 100)
    rec = Recorder(worked)
    assert mac.expand_row(2) is True
    assert rec.events == [("Mac", 2, RowEvent.WILL_EXPAND), ("Mac", 2, RowEvent.DID_EXPAND)]
    assert rec.changes == [([], [range(3, 4)], 56.0, None)]
    assert mac.expand_row(2) is False  # already expanded: no event
    assert len(rec.events) == 2
    assert mac.collapse_row(2) is True
    assert rec.events[2:] == [("Mac", 2, RowEvent.WILL_COLLAPSE), ("Mac", 2, RowEvent.DID_COLLAPSE)]


# -- refusing "will" events --------------------------------------------------------


def test_section_listener_refuses(worked, snapshot):
    calls = []

    def refuse_mac(key, event):
        calls.append((key, event))
        if key == "Mac" and event == SectionEvent.WILL_COLLAPSE:
            return False
        return None  # allow

    worked.on_section(refuse_mac)
    changes = []
    worked.on_change(changes.append)
    before = snapshot(worked)
    assert worked.section("Mac").collapse() is False
    assert calls == [("Mac", SectionEvent.WILL_COLLAPSE)]
    assert changes == []
    assert snapshot(worked) == before
    assert worked.section("iPad").collapse() is True
    assert len(calls) == 3
    assert worked.collapse_all() == 1  # iPhone only
    assert worked.section("Mac").collapsed is False


@pytest.mark.parametrize("answer, allowed", [(False, False), (0, False), ("", False), (None, True), (True, True), (1, True)])
def test_will_answers(worked, answer, allowed):
    worked.on_section(lambda key, event: answer)
    assert worked.section("Mac").collapse() is allowed
    assert worked.section("Mac").collapsed is allowed


def test_row_listener_refuses(worked):
    mac = worked.section("Mac")
    mac.set_expanded_height(0, 100)
    worked.on_row(lambda key, row, event: event != RowEvent.WILL_EXPAND)
    assert mac.expand_row(0) is False
    assert mac.is_row_expanded(0) is False
    assert worked.content_height == 480.0


def test_did_answers_are_ignored(worked):
    worked.on_section(lambda key, event: None if event.is_will else False)
    assert worked.section("Mac").collapse() is True


# -- listeners read the table; changing it is BusyError ----------------------------


def test_listeners_read_the_table(worked):
    seen = []

    def on_change(changes):
        seen.append(("change", len(worked), worked.item(4).collapsed, worked.section("iPad").collapsed,
                     worked.content_height, worked.visible_items(150, 50)[0].position))

    def on_section(key, event):
        seen.append((event.name, len(worked), worked.section(key).collapsed))

    worked.on_change(on_change)
    worked.on_section(on_section)
    worked.section("iPad").collapse()
    assert seen == [
        ("WILL_COLLAPSE", 12, False),  # the table as it was
        ("change", 10, True, True, 392.0, 3),  # the new table
        ("DID_COLLAPSE", 10, True),
    ] or seen == [
        ("WILL_COLLAPSE", 12, False),
        ("DID_COLLAPSE", 10, True),
        ("change", 10, True, True, 392.0, 3),
    ]


MUTATIONS = [
    ("collapse", lambda t: t.section("Mac").collapse()),
    ("insert rows", lambda t: t.section("Mac").insert_rows(0, 1)),
    ("append section", lambda t: t.append_section("New")),
    ("remove section", lambda t: t.remove_section("iPhone")),
    ("row height", lambda t: t.section("Mac").set_row_height(0, 10)),
    ("header", lambda t: t.section("Mac").set_header("x")),
    ("import state", lambda t: t.import_state('{"version": 1, "collapsed": {"Mac": true}}')),
    ("measure", lambda t: (t.set_height_provider(lambda key, row: 10.0), t.measure(0, 100))),
    ("invalidate", lambda t: t.invalidate_all_heights()),
    ("reveal row", lambda t: t.section("iPad").reveal_row(0, expand_ancestors=True)),
    ("activate", lambda t: t.activate(0)),
]


@pytest.mark.parametrize("what, mutate", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_listener_that_changes_the_table_gets_busy(worked, snapshot, what, mutate):
    outcome = []

    def on_change(changes):
        inner = snapshot(worked)
        try:
            mutate(worked)
        except BusyError as exc:
            outcome.append(exc)
        assert snapshot(worked) == inner  # nothing changed

    worked.on_change(on_change)
    worked.section("iPad").collapse()
    assert len(outcome) == 1
    assert outcome[0].status == foldtable._errors.E_BUSY
    assert outcome[0].message
    assert worked.section("iPad").collapsed is True
    assert len(worked) == 10


def test_busy_error_not_caught_by_the_listener_reaches_the_caller(worked):
    worked.on_change(lambda changes: worked.section("Mac").collapse())
    with pytest.raises(BusyError):
        worked.section("iPad").collapse()
    # The change that triggered the listener happened; the listener's did not.
    assert worked.section("iPad").collapsed is True
    assert worked.section("Mac").collapsed is False


# -- exceptions in listeners ---------------------------------------------------------


class Boom(Exception):
    pass


def test_exception_in_change_listener_is_raised_after_the_change(worked):
    after = []

    def bad(changes):
        raise Boom("from the listener")

    worked.on_change(bad)
    worked.on_change(after.append)  # still called
    with pytest.raises(Boom, match="from the listener"):
        worked.section("iPad").collapse()
    assert worked.section("iPad").collapsed is True
    assert after == [([(5, 2, 0)], [range(4, 5)], -88.0, None)]
    # The exception was consumed: the next call does not raise it again.
    assert len(worked) == 10
    with pytest.raises(Boom):
        worked.section("iPad").expand()
    assert len(worked) == 12


def test_later_exceptions_are_noted_on_the_first(worked):
    worked.on_change(lambda changes: 1 / 0)
    worked.on_change(lambda changes: [][1])
    with pytest.raises(ZeroDivisionError) as info:
        worked.section("iPad").collapse()
    assert any("IndexError" in note for note in getattr(info.value, "__notes__", ["IndexError"]))


def test_exception_in_will_listener_refuses(worked, snapshot):
    def bad(key, event):
        raise Boom(event.name)

    worked.on_section(bad)
    before = snapshot(worked)
    with pytest.raises(Boom, match="WILL_COLLAPSE"):
        worked.section("iPad").collapse()
    assert snapshot(worked) == before


def test_exception_in_did_listener_keeps_the_change(worked):
    def bad(key, event):
        if not event.is_will:
            raise Boom(event.name)

    worked.on_section(bad)
    with pytest.raises(Boom, match="DID_COLLAPSE"):
        worked.section("iPad").collapse()
    assert worked.section("iPad").collapsed is True


def test_exception_in_row_listener(worked):
    worked.section("Mac").set_expanded_height(0, 100)
    worked.on_row(lambda key, row, event: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        worked.section("Mac").expand_row(0)
    assert worked.section("Mac").is_row_expanded(0) is False


def test_exception_during_a_listener_read_of_another_table(worked):
    """A listener that changes another table whose listener raises: the
    other table's method raises inside the first listener, which is stored
    and re-raised by the first table's method."""
    with foldtable.Table() as other:
        other.append_section("X", rows=1)
        other.on_change(lambda changes: 1 / 0)
        worked.on_change(lambda changes: other.section("X").collapse())
        with pytest.raises(ZeroDivisionError):
            worked.section("iPad").collapse()
        assert other.section("X").collapsed is True


# -- registration and lifetime -------------------------------------------------------


def test_remove_listener(worked):
    changes = []
    listener = worked.on_change(changes.append)
    assert isinstance(listener, int) and listener > 0
    worked.section("iPad").collapse()
    worked.remove_listener(listener)
    worked.section("iPad").expand()
    assert len(changes) == 1
    with pytest.raises(NotFoundError):
        worked.remove_listener(listener)
    with pytest.raises(NotFoundError):
        worked.remove_listener(12345)


def test_listener_ids_are_distinct_and_called_in_order(worked):
    order = []
    ids = [worked.on_change(lambda c, i=i: order.append(i)) for i in range(3)]
    assert len(set(ids)) == 3
    worked.section("iPad").collapse()
    assert order == [0, 1, 2]
    worked.remove_listener(ids[1])
    worked.section("iPad").expand()
    assert order == [0, 1, 2, 0, 2]


def test_callbacks_stay_referenced_while_registered(worked):
    calls = []

    class Listener:
        def __call__(self, changes):
            calls.append(changes)

    fn = Listener()
    gone = weakref.ref(fn)
    listener = worked.on_change(fn)
    del fn
    gc.collect()
    assert gone() is not None
    worked.section("iPad").collapse()
    assert len(calls) == 1
    worked.remove_listener(listener)
    gc.collect()
    assert gone() is None


def test_close_drops_callbacks():
    class Listener:
        def __call__(self, *args):
            return None

    t = foldtable.Table()
    t.append_section("A", rows=1)
    fns = [Listener(), Listener(), Listener(), Listener()]
    refs = [weakref.ref(f) for f in fns]
    t.on_change(fns[0])
    t.on_section(fns[1])
    t.on_row(fns[2])
    t.set_height_provider(fns[3])
    del fns
    gc.collect()
    assert all(r() is not None for r in refs)
    t.close()
    gc.collect()
    assert all(r() is None for r in refs)
    with pytest.raises(InvalidArgumentError):
        t.on_change(print)
    with pytest.raises(InvalidArgumentError):
        t.remove_listener(1)


def test_not_callable(worked):
    for register in (worked.on_change, worked.on_section, worked.on_row, worked.set_height_provider):
        with pytest.raises(TypeError):
            register(42)
    with pytest.raises(TypeError):
        worked.remove_listener("1")


# -- listeners run on the calling thread ---------------------------------------------


def test_listeners_run_on_the_calling_thread():
    keys = ["s%d" % i for i in range(8)]
    with foldtable.Table() as t:
        for key in keys:
            t.append_section(key, rows=3)
        seen = []
        lock = threading.Lock()

        def on_section(key, event):
            with lock:
                seen.append((key, threading.get_ident()))

        def on_change(changes):
            with lock:
                seen.append((None, threading.get_ident()))

        t.on_section(on_section)
        t.on_change(on_change)
        idents = {}
        start = threading.Barrier(len(keys))

        def work(key):
            idents[key] = threading.get_ident()
            start.wait()
            for _ in range(50):
                t.section(key).toggle()

        threads = [threading.Thread(target=work, args=(key,)) for key in keys]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(seen) == len(keys) * 50 * 3  # will, did, change per toggle
        for key, ident in seen:
            if key is not None:
                assert ident == idents[key]
        assert {ident for _, ident in seen} == set(idents.values())
        assert threading.get_ident() not in idents.values()


def test_exceptions_go_to_the_thread_that_made_the_change():
    with foldtable.Table() as t:
        keys = ["s%d" % i for i in range(4)]
        for key in keys:
            t.append_section(key, rows=2)
        raising = {}

        def on_change(changes):
            if raising.get(threading.get_ident()):
                raise Boom(threading.get_ident())

        t.on_change(on_change)
        results = {}
        start = threading.Barrier(len(keys))

        def work(index, key):
            raising[threading.get_ident()] = index == 0
            start.wait()
            caught = 0
            for _ in range(100):
                try:
                    t.section(key).toggle()
                except Boom as exc:
                    assert exc.args == (threading.get_ident(),)
                    caught += 1
                len(t)  # a read after the change raises nothing more
            results[key] = caught

        threads = [threading.Thread(target=work, args=(i, key)) for i, key in enumerate(keys)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert results == {"s0": 100, "s1": 0, "s2": 0, "s3": 0}
