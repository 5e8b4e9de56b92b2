"""Lazily loaded children (foldtable.h "Lazily loaded children"): sections
inserted with ``loaded=False``, the loader's start and cancel functions,
finish_load (at once and from a worker thread), fail_load and the retry,
cancelling on collapse, removal and close, and a loader that raises.

The files table: header 30, rows 20; "docs" (not loaded) and then "end"
(1 row). Before loading: docs header at 0, end header at 30, its row at 60.
"""

import threading

import pytest

import foldtable
from foldtable import (
    Activation,
    CancelledError,
    Change,
    Item,
    ItemKind,
    LoadState,
    NotAllowedError,
    NotFoundError,
    Snapshot,
    SnapshotReport,
    VisibleItem,
)

COLLAPSED, COLLAPSIBLE, LOADING, FAILED = 1, 8, 16, 32
PLACEHOLDER_AT_1 = VisibleItem(1, ItemKind.PLACEHOLDER, 0, 0, None, 30.0, 20.0, LOADING)


@pytest.fixture
def files():
    with foldtable.Table(row_height=20, header_height=30) as t:
        t.append_section("docs", "Docs", loaded=False)
        t.append_section("end", "End", rows=1)
        yield t


class Loader:
    """Records every start and cancel as (event, key, ticket); ``answer``
    (if set) runs inside start."""

    def __init__(self, table, answer=None, cancel=True):
        self.calls = []
        self.answer = answer
        table.set_loader(self.start, self.cancel if cancel else None)

    def start(self, section, ticket):
        assert isinstance(section, foldtable.Section)
        self.calls.append(("start", section.key, ticket))
        if self.answer:
            self.answer(section, ticket)

    def cancel(self, section, ticket):
        self.calls.append(("cancel", section.key, ticket))

    def tickets(self):
        return [ticket for _, _, ticket in self.calls]


def start_loading(table, key="docs"):
    """Expand ``key`` under a recording loader that does not answer: the
    section, the loader and the load's ticket."""
    loader = Loader(table)
    section = table.section(key)
    section.expand()
    return section, loader, loader.tickets()[-1]


def changes(table):
    seen = []
    table.on_change(lambda cs: seen.append((cs.changes, cs.redraw)))
    return seen


def geometry(table):
    return [tuple(v) for v in table.visible_items(offset=0, height=1000)]


def test_an_unloaded_section_shows_collapsed_and_expandable(files):
    docs = files.section("docs")
    assert docs.loaded is False
    assert docs.load_state is LoadState.UNLOADED
    assert docs.load_ticket is None
    assert docs.load_error is None
    assert docs.collapsed is True
    assert docs.child_count == 0
    assert docs.indicator == "+"
    assert files.item(0) == Item(0, ItemKind.HEADER, 0, 0, None, COLLAPSED | COLLAPSIBLE)
    assert len(files) == 3
    assert files.content_height == 80.0
    assert files.section("end").loaded is True
    assert files.section("end").load_state is LoadState.LOADED


def test_a_loader_that_finishes_at_once(files):
    docs = files.section("docs")
    reports = []
    loader = Loader(
        files,
        lambda section, ticket: reports.append(
            section.finish_load(ticket, [2, Snapshot("sub", "Sub", rows=1)])
        ),
    )
    seen = changes(files)
    assert docs.expand() is True
    assert len(loader.calls) == 1 and loader.calls[0][:2] == ("start", "docs")
    assert loader.tickets()[0] > 0
    assert reports == [SnapshotReport(1, 0, 0, 0, 0, 3, 0)]
    assert docs.loaded is True
    assert docs.load_state is LoadState.LOADED
    assert docs.load_ticket is None
    assert docs.child_count == 3
    assert docs.row_count == 2
    # The placeholder came with the expansion and went with the children.
    assert seen == [([Change(1, 0, 1)], [range(0, 1)]), ([Change(1, 1, 4)], [range(0, 1)])]
    assert geometry(files) == [
        (0, ItemKind.HEADER, 0, 0, None, 0.0, 30.0, COLLAPSIBLE),
        (1, ItemKind.ROW, 0, 0, 0, 30.0, 20.0, 0),
        (2, ItemKind.ROW, 0, 0, 1, 50.0, 20.0, 0),
        (3, ItemKind.HEADER, 1, 2, None, 70.0, 30.0, COLLAPSIBLE),
        (4, ItemKind.ROW, 1, 2, 0, 100.0, 20.0, 0),
        (5, ItemKind.HEADER, 0, 1, None, 120.0, 30.0, COLLAPSIBLE),
        (6, ItemKind.ROW, 0, 1, 0, 150.0, 20.0, 0),
    ]
    assert files.content_height == 170.0
    # An ordinary section from now on: collapsing cancels nothing.
    assert docs.collapse() is True
    assert docs.expand() is True
    assert [event for event, _, _ in loader.calls] == ["start"]
    with pytest.raises(NotAllowedError):
        docs.load()


def test_a_worker_thread_finishes_later(files):
    docs = files.section("docs")
    go = threading.Event()
    workers = []

    def answer(section, ticket):
        def work():
            go.wait(10)
            section.finish_load(ticket, [3])

        worker = threading.Thread(target=work)
        workers.append(worker)
        worker.start()

    loader = Loader(files, answer)
    assert docs.expand() is True
    # Loading: the placeholder under the header, at the default row height.
    ticket = loader.tickets()[0]
    assert docs.load_state is LoadState.LOADING
    assert docs.load_ticket == ticket
    assert docs.collapsed is False
    assert files.item(1) == Item(1, ItemKind.PLACEHOLDER, 0, 0, None, LOADING)
    assert files.item(1).loading and not files.item(1).failed
    assert geometry(files) == [
        (0, ItemKind.HEADER, 0, 0, None, 0.0, 30.0, COLLAPSIBLE),
        tuple(PLACEHOLDER_AT_1),
        (2, ItemKind.HEADER, 0, 1, None, 50.0, 30.0, COLLAPSIBLE),
        (3, ItemKind.ROW, 0, 1, 0, 80.0, 20.0, 0),
    ]
    assert files.item_at_offset(35).position == 1
    visible = files.visible_items(30, 20)
    assert visible == [PLACEHOLDER_AT_1]
    assert visible[0].loading and not visible[0].failed and visible[0].bottom == 50.0
    go.set()
    workers[0].join(10)
    assert not workers[0].is_alive()
    assert docs.load_state is LoadState.LOADED
    assert [(v.position, v.kind, v.row, v.top) for v in files.visible_items(0, 1000)] == [
        (0, ItemKind.HEADER, None, 0.0),
        (1, ItemKind.ROW, 0, 30.0),
        (2, ItemKind.ROW, 1, 50.0),
        (3, ItemKind.ROW, 2, 70.0),
        (4, ItemKind.HEADER, None, 90.0),
        (5, ItemKind.ROW, 0, 120.0),
    ]


def test_collapse_cancels_and_a_late_finish_changes_nothing(files):
    docs, loader, first = start_loading(files)
    seen = changes(files)
    assert docs.collapse() is True
    assert loader.calls == [("start", "docs", first), ("cancel", "docs", first)]
    assert seen == [([Change(1, 1, 0)], [range(0, 1)])]
    assert docs.load_state is LoadState.UNLOADED
    assert docs.load_ticket is None
    before = geometry(files)
    assert len(before) == 3
    with pytest.raises(CancelledError) as raised:
        docs.finish_load(first, [3])
    assert raised.value.status == foldtable.FoldError(-8, "").status
    assert raised.value.status_name == "FOLD_E_CANCELLED"
    with pytest.raises(CancelledError):
        docs.fail_load(first, "too late")
    assert geometry(files) == before
    assert docs.child_count == 0
    # Expanding again is a new load with a new ticket; the old one stays refused.
    docs.expand()
    second = loader.tickets()[-1]
    assert second != first
    with pytest.raises(CancelledError):
        docs.finish_load(first, [3])
    assert docs.load_state is LoadState.LOADING
    assert docs.finish_load(second, [1]).rows_inserted == 1
    assert [kind for _, kind, *_ in geometry(files)] == [
        ItemKind.HEADER, ItemKind.ROW, ItemKind.HEADER, ItemKind.ROW
    ]


def test_removing_the_section_or_closing_the_table_cancels(files):
    docs, loader, ticket = start_loading(files)
    docs.remove()
    assert loader.calls[-1] == ("cancel", "docs", ticket)
    with pytest.raises(NotFoundError):
        docs.finish_load(ticket, [2])
    assert [kind for _, kind, *_ in geometry(files)] == [ItemKind.HEADER, ItemKind.ROW]

    later = files.append_section("later", "Later", loaded=False)
    later.expand()
    ticket = loader.tickets()[-1]
    files.close()
    assert loader.calls[-1] == ("cancel", "later", ticket)


def test_fail_and_retry(files):
    docs, loader, first = start_loading(files)
    seen = changes(files)
    docs.fail_load(first, "Permission denied")
    assert seen == [([], [range(1, 2)])]
    assert docs.load_state is LoadState.FAILED
    assert docs.load_ticket == first
    assert docs.load_error == "Permission denied"
    assert files.item(1) == Item(1, ItemKind.PLACEHOLDER, 0, 0, None, FAILED)
    assert files.item(1).failed and not files.item(1).loading
    failed = files.visible_items(30, 20)[0]
    assert failed == PLACEHOLDER_AT_1._replace(flags=FAILED)
    assert failed.failed and not failed.loading
    with pytest.raises(CancelledError):
        docs.fail_load(first, "again")
    # Activating the failed placeholder retries.
    assert files.activate(1) is Activation.LOAD_RETRIED
    second = loader.tickets()[-1]
    assert [event for event, _, _ in loader.calls] == ["start", "start"]
    assert second != first
    assert docs.load_state is LoadState.LOADING
    assert docs.load_error is None
    assert files.item(1).flags == LOADING
    with pytest.raises(NotAllowedError):
        docs.load()  # already loading
    docs.fail_load(second, None)
    assert docs.load_error == ""
    docs.load()  # a retry, like the activation
    third = loader.tickets()[-1]
    assert len({first, second, third}) == 3
    docs.finish_load(third, [2])
    assert docs.row_count == 2


def test_a_late_success_after_a_failure(files):
    docs, loader, ticket = start_loading(files)
    docs.fail_load(ticket, "timeout")
    docs.finish_load(ticket, [1])
    assert docs.load_state is LoadState.LOADED
    assert files.item(1) == Item(1, ItemKind.ROW, 0, 0, 0, 0)


def test_a_loader_that_raises(files):
    docs = files.section("docs")

    def start(section, ticket):
        raise ValueError("disk on fire")

    files.set_loader(start)
    with pytest.raises(ValueError, match="disk on fire"):
        docs.expand()
    # The expansion happened; the load failed with the exception's message.
    assert docs.collapsed is False
    assert docs.load_state is LoadState.FAILED
    assert docs.load_error == "ValueError: disk on fire"
    assert files.item(1) == Item(1, ItemKind.PLACEHOLDER, 0, 0, None, FAILED)
    # A cancel function that raises: the collapse happens, the exception follows.
    cancelled = []

    def cancel(section, ticket):
        cancelled.append(ticket)
        raise KeyError("cleanup")

    files.set_loader(lambda section, ticket: None, cancel)
    with pytest.raises(KeyError):
        docs.collapse()
    assert docs.load_state is LoadState.UNLOADED
    assert len(cancelled) == 1
    assert len(files) == 3


def test_without_a_loader_loads_start_and_wait(files):
    docs = files.section("docs")
    docs.expand()
    assert docs.load_state is LoadState.LOADING
    ticket = docs.load_ticket
    assert ticket is not None
    assert files.item(1).kind is ItemKind.PLACEHOLDER
    docs.finish_load(ticket, [Snapshot("a", "A", loaded=False), {"key": "b", "rows": 2}])
    a = files.section("a")
    assert a.loaded is False and a.depth == 1 and a.collapsed is True
    assert files.section("b").row_count == 2
    # Removing the loader: set_loader(None).
    Loader(files)
    files.set_loader(None)
    a.expand()
    assert a.load_state is LoadState.LOADING


def test_snapshots_and_insertions_take_loaded(files):
    report = files.apply_snapshot([
        Snapshot("docs", "Docs"),
        Snapshot("end", "End", rows=1),
        Snapshot("new", "New", loaded=False),
    ])
    assert report.sections_inserted == 1
    assert files.section("new").load_state is LoadState.UNLOADED
    sub = files.section("end").append_subsection("lazy", "Lazy", loaded=False)
    assert sub.loaded is False
    inserted = files.section("end").insert_subsection(0, "lazy2", loaded=False)
    assert inserted.load_state is LoadState.UNLOADED
    with pytest.raises(NotAllowedError):
        sub.append_rows(2)  # its children arrive through finish_load


def test_bad_arguments(files):
    docs = files.section("docs")
    Loader(files)
    docs.expand()
    ticket = docs.load_ticket
    with pytest.raises(TypeError):
        docs.finish_load("1", [1])
    with pytest.raises(foldtable.InvalidArgumentError):
        docs.finish_load(-1, [1])
    with pytest.raises(TypeError):
        docs.finish_load(ticket, [1.5])
    with pytest.raises(TypeError):
        files.set_loader(42)
    with pytest.raises(TypeError):
        files.set_loader(None, lambda s, t: None)
    assert docs.load_state is LoadState.LOADING
