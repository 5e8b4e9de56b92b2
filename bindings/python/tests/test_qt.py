"""foldtable.qt: the PySide6 FoldListModel (skipped without PySide6).

Exact roles and values for headers, rows, footers and placeholders; the
invokables; the row signals of a collapse and a move; a change from another
thread; and the peer test: Qt's own QAbstractItemModelTester (Fatal mode)
attached while seeded random edits of every kind run (the kinds of
bindings/qt/tests/tst_tester.cpp, through the Python API), with, after every
edit, the model's rows checked against the table (count, kind, key, row) and
a list kept from the model's signals alone checked against the table's items.
Run on Qt's offscreen platform.
"""

from __future__ import annotations

import os
import random
import re
import sys
import threading
from typing import Any, Iterator, List, Optional, Tuple

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
pytest.importorskip("PySide6.QtTest", reason="PySide6 is not installed (pip install 'foldtable[qt]')")

from PySide6.QtCore import (  # noqa: E402
    QCoreApplication,
    QModelIndex,
    QSize,
    Qt,
    QtMsgType,
    qInstallMessageHandler,
)
from PySide6.QtTest import QAbstractItemModelTester  # noqa: E402

import foldtable  # noqa: E402
from foldtable import Activation, ItemKind, Select, Snapshot  # noqa: E402
from foldtable.qt import ACTIVATE_FAILED, FoldListModel, Role  # noqa: E402

DISPLAY = int(Qt.ItemDataRole.DisplayRole)
SIZE_HINT = int(Qt.ItemDataRole.SizeHintRole)


@pytest.fixture(scope="module")
def app() -> QCoreApplication:
    return QCoreApplication.instance() or QCoreApplication([])


@pytest.fixture
def warnings(app: QCoreApplication) -> Iterator[List[str]]:
    """Qt's warnings printed during the test."""
    seen: List[str] = []

    def handler(kind: QtMsgType, _context: Any, message: str) -> None:
        if kind in (QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg):
            # The model tester's failures (Fatal mode aborts after this).
            print("Qt: %s" % message, file=sys.stderr, flush=True)
        if kind != QtMsgType.QtDebugMsg:
            seen.append(message)

    previous = qInstallMessageHandler(handler)
    yield seen
    qInstallMessageHandler(previous)


def rows(model: FoldListModel, *roles: int) -> List[Tuple[Any, ...]]:
    return [tuple(model.index(r).data(role) for role in roles) for r in range(model.rowCount())]


class Recorder:
    """The model's row signals, in order, with their arguments."""

    def __init__(self, model: FoldListModel) -> None:
        self.log: List[Tuple[Any, ...]] = []
        model.rowsRemoved.connect(lambda _p, a, b: self.log.append(("removed", a, b)))
        model.rowsInserted.connect(lambda _p, a, b: self.log.append(("inserted", a, b)))
        model.rowsMoved.connect(lambda _p, a, b, _q, d: self.log.append(("moved", a, b, d)))
        model.dataChanged.connect(lambda a, b, *_: self.log.append(("changed", a.row(), b.row())))
        model.modelReset.connect(lambda: self.log.append(("reset",)))


def worked_table() -> foldtable.Table:
    """Fruit (2 rows, row 1 expandable), Vegetables (1 row, a subsection
    Roots with 1 row, a 10 pt footer)."""
    t = foldtable.Table()
    fruit = t.append_section("fruit", "Fruit|2 kinds", rows=2)
    fruit.set_expanded_height(1, 100)
    veg = t.append_section("veg", "Vegetables", rows=1)
    veg.append_subsection("roots", "Roots", rows=1)
    veg.footer_height = 10
    return t


def test_roles_and_values(app: QCoreApplication) -> None:
    t = worked_table()
    model = FoldListModel(t)
    assert model.table is t and not model.owns_table
    assert model.rowCount() == 8 and model.count == 8
    assert model.rowCount(model.index(0)) == 0
    K = ItemKind
    # Roots is child 1 of Vegetables (after its row); Vegetables' footer comes last.
    assert rows(model, DISPLAY, Role.KIND, Role.KEY, Role.TITLE, Role.DETAIL, Role.INDICATOR) == [
        ("Fruit", K.HEADER, "fruit", "Fruit", "2 kinds", "–"),
        (None, K.ROW, "fruit", "Fruit", "2 kinds", None),
        (None, K.ROW, "fruit", "Fruit", "2 kinds", None),
        ("Vegetables", K.HEADER, "veg", "Vegetables", None, "–"),
        (None, K.ROW, "veg", "Vegetables", None, None),
        ("Roots", K.HEADER, "roots", "Roots", None, "–"),
        (None, K.ROW, "roots", "Roots", None, None),
        (None, K.FOOTER, "veg", "Vegetables", None, "–"),
    ]
    assert rows(model, Role.DEPTH, Role.SECTION_INDEX, Role.ROW) == [
        (0, 0, -1), (0, 0, 0), (0, 0, 1), (0, 1, -1), (0, 1, 0), (1, 1, -1), (1, 1, 0), (0, 1, -1),
    ]
    assert rows(model, Role.HEIGHT, Role.TOP, SIZE_HINT) == [
        (28.0, 0.0, QSize(0, 28)),
        (44.0, 28.0, QSize(0, 44)),
        (44.0, 72.0, QSize(0, 44)),
        (28.0, 116.0, QSize(0, 28)),
        (44.0, 144.0, QSize(0, 44)),
        (28.0, 188.0, QSize(0, 28)),
        (44.0, 216.0, QSize(0, 44)),
        (10.0, 260.0, QSize(0, 10)),
    ]
    ids = [t.section(k).id for k in ("fruit", "veg", "roots")]
    assert len(set(ids)) == 3
    assert [model.index(r).data(Role.SECTION) for r in range(8)] == [ids[i] for i in (0, 0, 0, 1, 1, 2, 2, 1)]
    # Headers and footers can collapse; fruit's row 1 can expand.
    assert rows(model, Role.COLLAPSED, Role.COLLAPSIBLE, Role.EXPANDED, Role.EXPANDABLE, Role.FLAGS) == [
        (False, True, False, False, 8),
        (False, False, False, False, 0),
        (False, False, False, True, 4),
        (False, True, False, False, 8),
        (False, False, False, False, 0),
        (False, True, False, False, 8),
        (False, False, False, False, 0),
        (False, True, False, False, 8),
    ]
    flag_roles = (Role.SELECTED, Role.FOCUSED, Role.MATCH, Role.LOADING, Role.FAILED, Role.LOAD_ERROR)
    assert rows(model, *flag_roles) == [(False,) * 5 + (None,)] * 8
    # Roles the model does not answer, and indexes that are not its own.
    assert model.index(1).data(Qt.ItemDataRole.ToolTipRole) is None
    assert model.data(QModelIndex(), Role.KEY) is None
    assert model.index(8).data(Role.KEY) is None
    assert model.flags(model.index(0)) == (
        Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
    )
    names = model.roleNames()
    assert (bytes(names[DISPLAY].data()), bytes(names[SIZE_HINT].data())) == (b"display", b"sizeHint")
    assert [bytes(names[int(r)].data()) for r in Role] == [
        b"kind", b"key", b"title", b"detail", b"indicator", b"depth", b"section",
        b"sectionIndex", b"row", b"collapsed", b"collapsible", b"expanded", b"expandable",
        b"selected", b"focused", b"match", b"loading", b"failed", b"height", b"top",
        b"flags", b"loadError",
    ]
    assert int(Role.KIND) == int(Qt.ItemDataRole.UserRole) + 1
    model.close()
    t.close()


def test_footer_flags_selection_and_focus(app: QCoreApplication) -> None:
    with foldtable.Table() as t:
        t.append_section("a", "A", rows=2).footer_height = 12
        model = FoldListModel(t)
        assert rows(model, Role.KIND, Role.HEIGHT, Role.TOP, Role.INDICATOR) == [
            (ItemKind.HEADER, 28.0, 0.0, "–"),
            (ItemKind.ROW, 44.0, 28.0, None),
            (ItemKind.ROW, 44.0, 72.0, None),
            (ItemKind.FOOTER, 12.0, 116.0, "–"),
        ]
        t.select_item(2)
        t.set_focus(1)
        assert rows(model, Role.SELECTED, Role.FOCUSED) == [
            (False, False), (False, True), (True, False), (False, False),
        ]
        t.set_indicators("+", "-")
        assert model.index(0).data(Role.INDICATOR) == "-"
        model.collapse(0)
        assert rows(model, Role.KIND, Role.COLLAPSED, Role.INDICATOR) == [
            (ItemKind.HEADER, True, "+"),
            (ItemKind.FOOTER, True, "+"),
        ]
        model.close()


def test_placeholders_loading_and_failed(app: QCoreApplication) -> None:
    tickets: List[int] = []
    with foldtable.Table() as t:
        model = FoldListModel(t)
        t.set_loader(lambda section, ticket: tickets.append(ticket))
        t.append_section("lazy", "Lazy", loaded=False)
        assert model.toggle(0) is True
        assert rows(model, Role.KIND, Role.LOADING, Role.FAILED, DISPLAY, Role.LOAD_ERROR, Role.ROW) == [
            (ItemKind.HEADER, False, False, "Lazy", None, -1),
            (ItemKind.PLACEHOLDER, True, False, None, None, -1),
        ]
        t.section("lazy").fail_load(tickets[-1], "no network")
        assert rows(model, Role.KIND, Role.LOADING, Role.FAILED, DISPLAY, Role.LOAD_ERROR) == [
            (ItemKind.HEADER, False, False, "Lazy", None),
            (ItemKind.PLACEHOLDER, False, True, "no network", "no network"),
        ]
        assert model.activate(1) == Activation.LOAD_RETRIED
        t.section("lazy").finish_load(tickets[-1], [3])
        assert rows(model, Role.KIND, Role.ROW) == [(ItemKind.HEADER, -1)] + [
            (ItemKind.ROW, r) for r in range(3)
        ]
        model.close()


def test_invokables(app: QCoreApplication, warnings: List[str]) -> None:
    t = worked_table()
    model = FoldListModel(t)
    assert model.headerRow("veg") == 3 and model.headerRow("roots") == 5
    assert model.headerRow("nope") == -1
    # A row's expansion.
    assert model.expand(2) is True and model.index(2).data(Role.HEIGHT) == 100.0
    assert model.expand(2) is False
    assert model.toggle(2) is True and model.index(2).data(Role.EXPANDED) is False
    assert model.collapse(1) is False  # not expanded, not expandable
    # A section, from its header and from one of its rows.
    assert model.collapse(3) is True and model.rowCount() == 5  # its header and footer stay
    assert model.headerRow("roots") == -1  # hidden under a collapsed section
    assert model.collapse(3) is False
    assert model.expand(3) is True and model.rowCount() == 8
    assert model.toggle(1) is False  # fruit's row 0 cannot expand: nothing flips
    # activate: what a click does.
    assert model.activate(0) == Activation.SECTION_COLLAPSED and model.rowCount() == 6
    assert model.activate(0) == Activation.SECTION_EXPANDED
    assert model.activate(2) == Activation.ROW_EXPANDED
    assert model.activate(2) == Activation.ROW_COLLAPSED
    assert warnings == []
    # Bad rows and refused changes: False or ACTIVATE_FAILED, with a warning each.
    assert model.collapse(-1) is False
    assert model.toggle(8) is False
    assert model.activate(99) == ACTIVATE_FAILED
    t.section("fruit").collapsible = False
    assert model.collapse(0) is False
    assert len(warnings) == 4
    assert warnings[0] == "FoldListModel.collapse(-1): no such row (the model has 8)"
    assert warnings[2] == "FoldListModel.activate(99): no such row (the model has 8)"
    assert warnings[3].startswith("FoldListModel.collapse(0): ")
    model.close()
    t.close()


def test_signals_of_a_collapse_and_moves(app: QCoreApplication, warnings: List[str]) -> None:
    t = worked_table()
    model = FoldListModel(t)
    log = Recorder(model).log
    model.collapse(0)
    assert log == [("removed", 1, 2), ("changed", 0, 0)]
    del log[:]
    model.expand(0)
    assert log == [("inserted", 1, 2), ("changed", 0, 0)]
    del log[:]
    # Vegetables (items 3-7, its footer included) moved to the top: one rowsMoved.
    t.section("veg").move_to(None, 0)
    assert [e for e in log if e[0] != "changed"] == [("moved", 3, 7, 0)]
    assert rows(model, Role.KEY, Role.ROW) == [
        ("veg", -1), ("veg", 0), ("roots", -1), ("roots", 0), ("veg", -1),
        ("fruit", -1), ("fruit", 0), ("fruit", 1),
    ]
    del log[:]
    # Fruit's row 0 moved to the top of Vegetables: one rowsMoved, and
    # redraws (rows shift in both sections).
    t.move_at_path([1, 0], [0, 0])
    assert log == [("moved", 6, 6, 1), ("changed", 0, 1), ("changed", 6, 6)]
    assert rows(model, Role.KEY, Role.ROW) == [
        ("veg", -1), ("veg", 0), ("veg", 1), ("roots", -1), ("roots", 0), ("veg", -1),
        ("fruit", -1), ("fruit", 0),
    ]
    assert ("reset",) not in log and warnings == []
    model.close()
    t.close()


def test_owned_table_and_close(app: QCoreApplication) -> None:
    model = FoldListModel()
    assert model.owns_table
    model.table.append_section("a", "A", rows=3)
    assert model.rowCount() == 4
    table = model.table
    model.close()
    assert table.closed and model.rowCount() == 0 and model.index(0).data(Role.KEY) is None
    model.close()  # again: nothing


def test_change_from_another_thread_is_a_queued_reset(app: QCoreApplication, warnings: List[str]) -> None:
    with foldtable.Table() as t:
        model = FoldListModel(t)
        log = Recorder(model).log
        worker = threading.Thread(target=lambda: t.append_section("a", "A", rows=2))
        worker.start()
        worker.join()
        assert log == [] and model.rowCount() == 0
        assert warnings == [
            "FoldListModel: the table changed on another thread than the model's; "
            "the model is reset on its own thread"
        ]
        QCoreApplication.processEvents()
        assert log == [("reset",)] and model.rowCount() == 3
        model.close()


# -- the peer test: QAbstractItemModelTester under random edits -------------------------


class Shadow:
    """What the model's signals alone say the list holds: (kind, section id) per row."""

    def __init__(self, model: FoldListModel) -> None:
        self.model = model
        self.items: List[Tuple[int, int]] = self.read(0, model.rowCount())
        self.moves = self.resets = 0
        model.rowsInserted.connect(lambda _p, a, b: self.insert(a, self.read(a, b - a + 1)))
        model.rowsRemoved.connect(lambda _p, a, b: self.remove(a, b))
        model.rowsMoved.connect(self.move)
        # A moved row may land in another section: moved items are redrawn.
        model.dataChanged.connect(lambda a, b, *_: self.redraw(a.row(), b.row()))
        model.modelReset.connect(self.reset)

    def read(self, first: int, count: int) -> List[Tuple[int, int]]:
        index = self.model.index
        return [(index(r).data(Role.KIND), index(r).data(Role.SECTION)) for r in range(first, first + count)]

    def insert(self, at: int, items: List[Tuple[int, int]]) -> None:
        self.items[at:at] = items

    def remove(self, first: int, last: int) -> None:
        del self.items[first : last + 1]

    def move(self, _p: Any, first: int, last: int, _q: Any, destination: int) -> None:
        block = self.items[first : last + 1]
        del self.items[first : last + 1]
        at = destination - len(block) if destination > first else destination
        self.items[at:at] = block
        self.moves += 1

    def redraw(self, first: int, last: int) -> None:
        self.items[first : last + 1] = self.read(first, last - first + 1)

    def reset(self) -> None:
        self.resets += 1
        self.items = self.read(0, self.model.rowCount())


def match_some(section: foldtable.Section, row: Optional[int]) -> bool:
    """The random filter: every third row, sections whose key ends in 1."""
    return row % 3 == 0 if row is not None else section.key.endswith("1")


class RandomEdits:
    """Seeded random edits of every kind, through the Python API (the kinds
    of tst_tester.cpp). An edit the table refuses raises a FoldError, changes
    nothing and reports nothing."""

    def __init__(self, model: FoldListModel, seed: int) -> None:
        self.model, self.t, self.rng = model, model.table, random.Random(seed)
        self.next = 0
        self.ops: List[int] = []

    def below(self, n: int) -> int:
        return self.rng.randrange(n) if n > 0 else 0

    def any_section(self) -> Optional[foldtable.Section]:
        keys = [key for key, _ in self.t.section_states()]
        return self.t.section(keys[self.below(len(keys))]) if keys else None

    def insert_section(self) -> None:
        parent = None if self.below(3) == 0 else self.any_section()
        key = "s%d" % self.next
        self.next += 1
        flavour = self.below(8)
        count = parent.child_count if parent is not None else len(self.t.sections)
        self.t.insert_section(
            self.below(count + 1), key, key + "|detail", self.below(6), parent=parent,
            collapsed=True if flavour == 0 else None, collapsible=flavour != 1,
            header_item=flavour != 2,
        )

    def snapshot(self) -> None:
        """The table as it is, changed: sections dropped, swapped, new ones,
        other row counts."""

        def read(s: foldtable.Section) -> List[Any]:
            subs = [c for c in s.children if isinstance(c, foldtable.Section)]
            return [s.key, s.row_count, [read(c) for c in subs]]

        def mutate(children: List[Any]) -> None:
            if children and self.below(3) == 0:
                del children[self.below(len(children))]
            if len(children) > 1 and self.below(2) == 0:
                k = self.below(len(children))
                children[k], children[-1] = children[-1], children[k]
            if self.below(4) == 0:
                children.insert(self.below(len(children) + 1), ["s%d" % self.next, self.below(4), []])
                self.next += 1
            for child in children:
                if self.below(3) == 0:
                    child[1] = self.below(6)
                mutate(child[2])

        def write(node: List[Any]) -> Snapshot:
            return Snapshot(node[0], node[0], rows=node[1], children=[write(c) for c in node[2]])

        top = [read(s) for s in self.t.sections]
        mutate(top)
        self.t.apply_snapshot([write(node) for node in top])

    def edit(self, in_batch: bool = False) -> None:
        try:
            self._edit(in_batch)
        except foldtable.FoldError:
            pass

    def _edit(self, in_batch: bool) -> None:
        t, below = self.t, self.below
        s = self.any_section()
        items = len(t)
        what = below(16 if in_batch else 22)
        self.ops.append(what)
        if what in (0, 1):
            self.insert_section()
        elif s is None:
            pass
        elif what == 2:
            s.remove()
        elif what == 3:
            parent = None if below(2) else self.any_section()
            count = parent.child_count if parent is not None else len(t.sections)
            s.move_to(parent, below(count + 1))
        elif what == 4:
            s.insert_child_rows(below(s.child_count + 1), below(5) + 1)
        elif what == 5 and s.row_count:
            s.remove_rows(below(s.row_count), below(3) + 1)
        elif what == 6 and s.row_count:
            target = s if below(2) else self.any_section()
            assert target is not None
            row_children = [i for i, c in enumerate(s.children) if not isinstance(c, foldtable.Section)]
            at = below(target.child_count + 1)
            t.move_at_path(s.path + [row_children[below(len(row_children))]], target.path + [at])
        elif what == 7:
            s.toggle()
        elif what == 8:
            s.collapse() if below(2) else s.expand()
        elif what == 9 and s.row_count:
            row = below(s.row_count)
            s.set_expanded_height(row, 120 if below(2) else None)
            s.toggle_row(row)
        elif what == 10 and s.row_count:
            row = below(s.row_count)
            s.set_row_height(row, 20 + below(60))
        elif what == 11:
            s.footer_height = 0 if below(2) else 12
        elif what == 12:
            s.header_height = 20 + below(20)
        elif what == 13 and items:
            at = below(items)
            t.select_item(at, Select(below(4)))
        elif what == 14 and items:
            at = below(items) - 1
            t.set_focus(None if at < 0 else at)
        elif what == 15:
            s.collapsible = bool(below(2))
        # Not inside a batch: the model's invokables, and whole-table edits.
        elif what == 16 and items:
            self.model.toggle(below(items))
        elif what == 17 and items:
            self.model.activate(below(items))
        elif what == 18:
            t.collapse_all() if below(2) else t.expand_all()
        elif what == 19:
            with t.batch():
                for _ in range(below(8) + 2):
                    self.edit(in_batch=True)
        elif what == 20:
            self.snapshot()
        elif what == 21:
            if t.filter_active:
                t.clear_filter()
            else:
                how = below(4)
                t.set_filter(match_some, show_children=bool(how & 1), expand_matches=bool(how & 2))


def model_matches_table(model: FoldListModel, shadow: Shadow) -> Optional[str]:
    t = model.table
    n = len(t)
    if model.rowCount() != n:
        return "the model has %d rows, the table %d items" % (model.rowCount(), n)
    for p in range(n):
        item, i = t.item(p), model.index(p)
        want = (int(item.kind), t.item_key(p), -1 if item.row is None else item.row)
        got = (i.data(Role.KIND), i.data(Role.KEY), i.data(Role.ROW))
        if got != want:
            return "row %d is %r, the table's item %r" % (p, got, want)
        if shadow.items[p] != (int(item.kind), t.item_section(p).id):
            return "shadow row %d is %r, not the table's item" % (p, shadow.items[p])
    if len(shadow.items) != n:
        return "the shadow has %d rows, the table %d items" % (len(shadow.items), n)
    return None


#: Edits per seed (FOLDTABLE_QT_TESTER_STEPS overrides).
STEPS = int(os.environ.get("FOLDTABLE_QT_TESTER_STEPS", "500"))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 10])
def test_model_tester_under_random_edits(app: QCoreApplication, warnings: List[str], seed: int) -> None:
    model = FoldListModel()
    tester = QAbstractItemModelTester(model, QAbstractItemModelTester.FailureReportingMode.Fatal)
    shadow = Shadow(model)
    edits = RandomEdits(model, seed)
    for _ in range(6):
        edits.insert_section()
    peak = 0
    for step in range(STEPS):
        edits.ops = []
        edits.edit()
        why = model_matches_table(model, shadow)
        assert why is None, "seed %d step %d (edits %s): %s" % (seed, step, edits.ops, why)
        # Keep the list small: the tester walks the rows on every signal.
        if model.rowCount() > 150:
            victim = edits.any_section()
            assert victim is not None
            victim.remove()
        peak = max(peak, model.rowCount())
    replay_warnings = [w for w in warnings if re.search("resetting|do not fit|outside the", w)]
    assert replay_warnings == []
    assert shadow.resets == 0
    assert shadow.moves > 0, "no move was signalled"
    assert peak > 30
    print("seed %d: %d edits, %d moves signalled, at most %d rows" % (seed, STEPS, shadow.moves, peak))
    del tester
    model.close()


def test_example_screenshot(app: QCoreApplication, tmp_path: Any) -> None:
    """examples/qt_list.py --screenshot renders the list offscreen: a PNG of
    the window's size that is not blank (text and header bands drawn)."""
    import subprocess

    from PySide6.QtGui import QColor, QImage

    example = os.path.join(os.path.dirname(__file__), "..", "examples", "qt_list.py")
    png = str(tmp_path / "qt_list.png")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.path.dirname(os.path.dirname(foldtable.__file__)))
    done = subprocess.run([sys.executable, example, "--screenshot", png], capture_output=True,
                          text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "%s: 15 rows shown of 15\n" % png
    image = QImage(png)
    assert (image.width(), image.height()) == (360, 440)
    colours = {image.pixel(x, y) for x in range(0, 360, 3) for y in range(0, 440, 3)}
    assert len(colours) > 20  # text, bands, lines and the selection, not one flat colour
    darkest = min(QColor(c).lightness() for c in colours)
    assert darkest < 80  # some text was drawn


def test_readme_pyside6_example(app: QCoreApplication) -> None:
    """The top README's PySide6 example (the first python block after
    "## Qt") runs and prints what its comments say."""
    import subprocess

    readme = os.path.join(os.path.dirname(__file__), "..", "..", "..", "README.md")
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    qt = text[text.index("\n## Qt\n") :]
    code = re.search(r"^```python\n(.*?)^```$", qt, re.S | re.M)
    assert code is not None
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.path.dirname(os.path.dirname(foldtable.__file__)))
    done = subprocess.run([sys.executable, "-c", code.group(1)], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "0 header Fruit\n1 header Vegetables\n2 row Vegetables\n"
