"""Hostile callbacks (foldtable.h "Callbacks"; Table docstring): listeners and
providers that remove or replace themselves or each other, close their own
table, or call into a table another thread is using from inside a callback.

Each scenario runs in a fresh interpreter: before the fix several of them
killed it (SIGSEGV, SIGFPE), and a signal death must fail the test with the
signal named rather than take pytest down. The scenario prints one JSON line
with what happened (which callbacks ran, statuses, counts), asserted exactly.
"""

import json
import signal
import subprocess
import textwrap

import pytest

from conftest import run_python

PRELUDE = """
import gc, json, sys, threading
import foldtable
from foldtable import BusyError, InvalidArgumentError, NotFoundError

def report(**values):
    print("RESULT " + json.dumps(values))

# Every scenario's fixture: a fresh table, and a list its callbacks log to.
t = foldtable.Table()
calls = []
"""


def run_scenario(code):
    try:
        done = run_python(PRELUDE + textwrap.dedent(code))
    except subprocess.TimeoutExpired:
        pytest.fail("the scenario hung (deadlock?) and was killed after 120 s")
    if done.returncode < 0:
        name = signal.Signals(-done.returncode).name
        pytest.fail("the interpreter died of %s\nstderr:\n%s" % (name, done.stderr))
    assert done.returncode == 0, done.stderr
    lines = [l for l in done.stdout.splitlines() if l.startswith("RESULT ")]
    assert len(lines) == 1, done.stdout + done.stderr
    return json.loads(lines[0][len("RESULT "):])


# -- removal and replacement during a round --------------------------------


def test_section_listener_removes_the_next_one():
    result = run_scenario("""
        a = t.append_section("a", rows=3)
        t.append_section("b", rows=2)
        ids = {}
        def first(key, event):
            calls.append(["first", key, event.name])
            if "second" in ids:
                t.remove_listener(ids.pop("second"))
                gc.collect()  # the binding's last reference must not be the only one
        def second(key, event):
            calls.append(["second", key, event.name])
        t.on_section(first)
        ids["second"] = t.on_section(second)
        changed = a.collapse()
        report(calls=calls, changed=changed, items=len(t))
    """)
    assert result == {
        "calls": [["first", "a", "WILL_COLLAPSE"], ["first", "a", "DID_COLLAPSE"]],
        "changed": True,
        "items": 4,
    }


def test_change_listener_removes_the_next_one():
    result = run_scenario("""
        a = t.append_section("a", rows=3)
        ids = {}
        def first(changes):
            calls.append(["first", [list(c) for c in changes.changes]])
            if "second" in ids:
                t.remove_listener(ids.pop("second"))
                gc.collect()
        def second(changes):
            calls.append(["second"])
        t.on_change(first)
        ids["second"] = t.on_change(second)
        a.collapse()
        a.expand()
        report(calls=calls, items=len(t))
    """)
    assert result == {
        "calls": [["first", [[1, 3, 0]]], ["first", [[1, 0, 3]]]],
        "items": 4,
    }


def test_row_listener_removes_itself():
    result = run_scenario("""
        a = t.append_section("a", rows=3)
        a.set_expanded_height(1, 100)
        ids = {}
        def once(key, row, event):
            calls.append(["once", key, row, event.name])
            t.remove_listener(ids["once"])
            gc.collect()
        def stays(key, row, event):
            calls.append(["stays", key, row, event.name])
        ids["once"] = t.on_row(once)
        t.on_row(stays)
        changed = a.expand_row(1)
        report(calls=calls, changed=changed, height=t.content_height)
    """)
    assert result == {
        "calls": [
            ["once", "a", 1, "WILL_EXPAND"],
            ["stays", "a", 1, "WILL_EXPAND"],
            ["stays", "a", 1, "DID_EXPAND"],
        ],
        "changed": True,
        "height": 28 + 44 + 100 + 44,
    }


def test_listener_added_during_a_round_waits_for_the_next():
    result = run_scenario("""
        a = t.append_section("a", rows=1)
        def late(key, event):
            calls.append(["late", event.name])
        def adder(key, event):
            calls.append(["adder", event.name])
            if len(calls) == 1:
                t.on_section(late)
        t.on_section(adder)
        a.collapse()
        report(calls=calls)
    """)
    assert result == {
        "calls": [["adder", "WILL_COLLAPSE"], ["adder", "DID_COLLAPSE"], ["late", "DID_COLLAPSE"]]
    }


def test_provider_removes_itself_during_measure():
    result = run_scenario("""
        a = t.append_section("a", rows=3)
        asked = []
        def provider(key, row):
            asked.append([key, row])
            t.set_height_provider(None)
            gc.collect()
            return 10.0
        t.set_height_provider(provider)
        measured = t.measure(0, 1000)
        report(asked=asked, measured=measured, heights=[a.row_height(i) for i in range(3)],
               again=t.measure(0, 1000))
    """)
    assert result == {"asked": [["a", 0]], "measured": 1, "heights": [10.0, 44.0, 44.0], "again": 0}


# A height provider that replaces itself during measure, for the row and the
# header provider: ``old`` answers the first call, ``new`` every later one.
REPLACING_PROVIDERS = {
    "row": dict(
        setter="set_height_provider", parameters="key, row", logged="row", old=10.0, new=20.0,
        setup='a = t.append_section("a", rows=3)',
        also="heights=[a.row_height(i) for i in range(3)]",
        expected={
            "asked": [["old", 0], ["new", 1], ["new", 2]],
            "measured": 3,
            "heights": [10.0, 20.0, 20.0],
        },
    ),
    "header": dict(
        setter="set_header_height_provider", parameters="key", logged="key", old=30.0, new=40.0,
        setup='for key in "abc": t.append_section(key)',
        also="height=t.content_height",
        expected={
            "asked": [["old", "a"], ["new", "b"], ["new", "c"]],
            "measured": 3,
            "height": 30 + 40 + 40,
        },
    ),
}


@pytest.mark.parametrize("kind", sorted(REPLACING_PROVIDERS))
def test_provider_replaces_itself_during_measure(kind):
    case = REPLACING_PROVIDERS[kind]
    result = run_scenario("""
        {setup}
        def new({parameters}):
            calls.append(["new", {logged}])
            return {new}
        def old({parameters}):
            calls.append(["old", {logged}])
            t.{setter}(new)
            gc.collect()
            return {old}
        t.{setter}(old)
        measured = t.measure(0, 1000)
        report(asked=calls, measured=measured, {also})
    """.format(**case))
    assert result == case["expected"]


# -- close() inside the table's own callbacks --------------------------------


def test_close_inside_a_section_listener():
    result = run_scenario("""
        a = t.append_section("a", rows=3)
        def closer(key, event):
            calls.append(["closer", event.name])
            t.close()
            gc.collect()
        def other(key, event):
            calls.append(["other", event.name])
        t.on_section(closer)
        t.on_section(other)
        t.on_change(lambda changes: calls.append(["change"]))
        changed = a.collapse()
        try:
            len(t)
            after = "no error"
        except InvalidArgumentError as e:
            after = str(e)
        report(calls=calls, changed=changed, closed=t.closed, after=after)
    """)
    assert result == {
        "calls": [["closer", "WILL_COLLAPSE"]],
        "changed": True,
        "closed": True,
        "after": "the table is closed",
    }


def test_close_inside_a_change_listener():
    result = run_scenario("""
        a = t.append_section("a", rows=3)
        def closer(changes):
            calls.append("closer")
            t.close()
            gc.collect()
        t.on_change(closer)
        t.on_change(lambda changes: calls.append("other"))
        changed = a.collapse()
        report(calls=calls, changed=changed, closed=t.closed)
    """)
    assert result == {"calls": ["closer"], "changed": True, "closed": True}


def test_close_inside_a_height_provider():
    result = run_scenario("""
        t.append_section("a", rows=3)
        asked = []
        def provider(key, row):
            asked.append(row)
            t.close()
            gc.collect()
            return 10.0
        t.set_height_provider(provider)
        measured = t.measure(0, 1000)
        report(asked=asked, measured=measured, closed=t.closed)
    """)
    assert result == {"asked": [0], "measured": 1, "closed": True}


# -- two tables, two threads ------------------------------------------------


def test_listeners_calling_each_others_table_from_two_threads():
    result = run_scenario("""
        a = foldtable.Table()
        b = foldtable.Table()
        a.append_section("s", rows=2)
        b.append_section("s", rows=3)
        both_inside = threading.Barrier(2, timeout=20)
        both_tried = threading.Barrier(2, timeout=20)
        tried = {}
        def listener(name, other):
            def on_section(key, event):
                if event != foldtable.SectionEvent.DID_COLLAPSE:
                    return
                both_inside.wait()  # each thread now holds its own table
                try:
                    other.section("s").expand()
                    tried[name] = "ok"
                except BusyError as e:
                    tried[name] = "busy: " + str(e)
                both_tried.wait()
            return on_section
        a.on_section(listener("a", b))
        b.on_section(listener("b", a))
        outcome = {}
        def run(name, table):
            try:
                outcome[name] = table.section("s").collapse()
            except Exception as e:
                outcome[name] = type(e).__name__
        threads = [threading.Thread(target=run, args=("a", a)),
                   threading.Thread(target=run, args=("b", b))]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        report(alive=[th.is_alive() for th in threads], tried=tried, outcome=outcome,
               collapsed=[a.section("s").collapsed, b.section("s").collapsed],
               items=[len(a), len(b)])
    """)
    message = (
        "busy: the table is in use by another thread while this thread is inside a callback "
        "of another table; waiting could deadlock, so nothing was done (make the call after "
        "the callback returns)"
    )
    assert result == {
        "alive": [False, False],
        "tried": {"a": message, "b": message},
        "outcome": {"a": True, "b": True},
        "collapsed": [True, True],
        "items": [1, 1],
    }
