"""Lazy heights (foldtable.h: "Lazy heights"): a height provider asked only
for the rows a viewport needs, measured heights kept until invalidated."""

import gc
import threading
import weakref

import pytest

import foldtable
from foldtable import BusyError, InvalidArgumentError, NotFoundError, OutOfRangeError


class Provider:
    """Row r is 10 * (r + 1) tall; records (key, row) of every call."""

    def __init__(self, t=None):
        self.calls = []
        self.table = t
        self.items_inside = []

    def __call__(self, key, row):
        self.calls.append((key, row))
        if self.table is not None:
            self.items_inside.append(len(self.table))  # reading is allowed
        return 10.0 * (row + 1)


@pytest.fixture
def hundred():
    with foldtable.Table() as t:
        t.append_section("S", rows=100)
        yield t


def test_measure_asks_only_the_viewport(hundred):
    t = hundred
    provider = Provider(t)
    t.set_height_provider(provider)
    # 0..100: header 28, rows of 10, 20, 30 (=88), then 40 reaches 128.
    assert t.measure(0, 100) == 4
    assert provider.calls == [("S", 0), ("S", 1), ("S", 2), ("S", 3)]
    assert provider.items_inside == [101] * 4
    assert [t.item_height(p) for p in range(1, 6)] == [10.0, 20.0, 30.0, 40.0, 44.0]
    assert t.measure(0, 100) == 0  # kept
    assert len(provider.calls) == 4


def test_invalidate(hundred):
    t = hundred
    provider = Provider()
    t.set_height_provider(provider)
    t.measure(0, 100)
    s = t.section("S")
    s.invalidate_row_height(0)
    assert t.item_height(1) == 44.0  # back to the estimate
    assert t.measure(0, 100) >= 1
    assert provider.calls[4] == ("S", 0)
    s.invalidate_heights()
    assert t.item_height(4) == 44.0
    t.measure(0, 100)
    t.invalidate_all_heights()
    assert [t.item_height(p) for p in range(1, 5)] == [44.0] * 4
    with pytest.raises(NotFoundError):
        foldtable.Section(t, "nope").invalidate_heights()
    with pytest.raises(OutOfRangeError):
        s.invalidate_row_height(100)


def test_invalidate_keeps_expanded_heights(hundred):
    t = hundred
    t.set_height_provider(Provider())
    s = t.section("S")
    s.set_expanded_height(0, 500)
    s.expand_row(0)
    t.invalidate_all_heights()
    assert s.expanded_height(0) == 500.0
    assert s.is_row_expanded(0)


def test_none_keeps_the_estimate(hundred):
    t = hundred
    asked = []

    def odd_rows_only(key, row):
        asked.append(row)
        return 10.0 if row % 2 else None

    t.set_height_provider(odd_rows_only)
    t.measure(0, 100)
    assert [t.item_height(p) for p in range(1, 4)] == [44.0, 10.0, 44.0]
    count = len(asked)
    t.measure(0, 100)
    assert len(asked) == count  # an estimate kept by the provider is kept too


def test_invalid_answers_keep_the_estimate(hundred):
    t = hundred
    t.set_height_provider(lambda key, row: [float("nan"), -1.0, 2e7, 5.0][row % 4])
    t.measure(0, 200)
    assert [t.item_height(p) for p in range(1, 5)] == [44.0, 44.0, 44.0, 5.0]


def test_remove_provider(hundred):
    t = hundred
    provider = Provider()
    t.set_height_provider(provider)
    t.set_height_provider(None)
    assert t.measure(0, 100) == 0
    assert provider.calls == []


def test_provider_replaced_and_released(hundred):
    t = hundred
    first = Provider()
    gone = weakref.ref(first)
    t.set_height_provider(first)
    del first
    gc.collect()
    assert gone() is not None  # kept while set
    second = Provider()
    t.set_height_provider(second)
    gc.collect()
    assert gone() is None
    t.measure(0, 100)
    assert len(second.calls) == 4


def test_exception_in_provider_is_raised_by_measure(hundred):
    t = hundred

    def provider(key, row):
        if row == 2:
            raise RuntimeError("row 2")
        return 10.0 * (row + 1)

    t.set_height_provider(provider)
    with pytest.raises(RuntimeError, match="row 2"):
        t.measure(0, 100)
    # The other answers were stored; row 2 kept its estimate.
    assert [t.item_height(p) for p in range(1, 4)] == [10.0, 20.0, 44.0]
    assert len(t) == 101  # the table still works


def test_wrong_answer_type(hundred):
    t = hundred
    t.set_height_provider(lambda key, row: "tall")
    with pytest.raises(TypeError, match="height provider"):
        t.measure(0, 100)
    assert t.item_height(1) == 44.0


def test_provider_that_changes_the_table_gets_busy(hundred):
    t = hundred
    outcome = []

    def provider(key, row):
        try:
            t.section("S").insert_rows(0, 1)
        except BusyError as exc:
            outcome.append(exc)
        return 20.0

    t.set_height_provider(provider)
    assert t.measure(0, 50) >= 1
    assert outcome and all(isinstance(e, BusyError) for e in outcome)
    assert t.section("S").row_count == 100


def test_measure_is_reported_and_anchored(hundred):
    t = hundred
    t.set_height_provider(Provider())
    changes = []
    t.on_change(changes.append)
    t.set_viewport(28 + 44 * 10, 100)  # row 10 at the top
    t.measure(0, 100)  # the viewport's offset is used instead of 0
    assert changes
    assert all(c.changes == [] for c in changes)
    # Rows 10.. were measured (110, 120, ...) with the viewport anchored on row 10.
    assert t.item_height(11) == 110.0
    assert t.item_height(1) == 44.0  # row 0 was not in the viewport
    assert t.viewport.offset == t.item_top(11)


def test_measure_bad_input(hundred):
    with pytest.raises(InvalidArgumentError):
        hundred.measure(0, -1)
    with pytest.raises(InvalidArgumentError):
        hundred.measure(float("nan"), 10)
    with pytest.raises(OutOfRangeError):
        hundred.measure(0, 10, overscan=-1)


def test_provider_runs_on_the_calling_thread(hundred):
    t = hundred
    threads = set()
    t.set_height_provider(lambda key, row: threads.add(threading.get_ident()) or 10.0)
    worker = threading.Thread(target=t.measure, args=(0, 100))
    worker.start()
    worker.join()
    assert threads == {worker.ident}


def test_header_heights_are_measured_too(hundred):
    t = hundred
    asked = []

    def header(key):
        asked.append(key)
        return 40.0

    t.set_header_height_provider(header)
    assert t.measure(0, 100) == 1  # the header; rows have no provider
    assert asked == ["S"]
    assert t.item_height(0) == 40.0
    t.measure(0, 100)
    assert asked == ["S"]  # kept
    t.section("S").invalidate_heights()
    assert t.item_height(0) == 28.0  # back to the table's header height
    t.set_header_height_provider(None)
    assert t.measure(0, 100) == 0
