"""FoldTable for PySide6: :class:`FoldListModel`, a ``QAbstractListModel``
over a :class:`foldtable.Table` — the Python twin of the C++
``FoldListModel`` of ``bindings/qt`` (same roles, role names and
invokables).

The model's rows are the table's flat list — section headers, rows, footers
and load placeholders — in the order :meth:`Table.item` reports them (model
row *r* is item position *r*). ``data()`` asks the table for the item it is
asked about; nothing is copied ahead. Every change set the table reports,
whoever made the change, becomes Qt's row signals: removed items
``rowsRemoved``, moved sections and rows ``rowsMoved``, new items
``rowsInserted`` and the redraw ranges ``dataChanged``. Qt wants
``begin*Rows()`` before the model changes and the table reports after, so
the model replays each change set on the list it has shown
(``_qt_replay.py``): O(c log c) for c steps and moves, never O(rows).

Optional: ``pip install 'foldtable[qt]'`` installs PySide6 (Essentials).
``import foldtable`` never imports this module.

Threads: change the table on the model's thread. Inside a handler of the
model's signals the table can be read but not changed (:class:`BusyError`).
A change made on another thread is shown as a model reset queued to the
model's thread, with a warning.
"""

from __future__ import annotations

import enum
import math
import weakref
from typing import Any, Dict, Optional

try:
    import shiboken6
    from PySide6.QtCore import (
        Property,
        QAbstractListModel,
        QByteArray,
        QModelIndex,
        QObject,
        QPersistentModelIndex,
        QSize,
        Qt,
        QThread,
        Signal,
        Slot,
        qWarning,
    )
except ImportError as exc:  # pragma: no cover - exercised without PySide6
    raise ImportError(
        "foldtable.qt needs PySide6 (%s); install it with: pip install 'foldtable[qt]'" % exc
    ) from exc

from ._errors import FoldError
from ._item_values import Item, ItemKind
from ._qt_replay import DEAD, FRESH, MOVED_IN, Replay
from ._table import Table
from ._table_values import ChangeSet

__all__ = ["FoldListModel", "Role", "ACTIVATE_FAILED"]

_USER = int(Qt.ItemDataRole.UserRole)
_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_SIZE_HINT = int(Qt.ItemDataRole.SizeHintRole)

#: What :meth:`FoldListModel.activate` returns for a bad row or an error
#: (else an :class:`foldtable.Activation` value).
ACTIVATE_FAILED = -1


class Role(enum.IntEnum):
    """The roles :meth:`FoldListModel.data` answers besides Qt's
    ``DisplayRole`` (a header's title, a failed placeholder's message) and
    ``SizeHintRole`` (``QSize(0, height rounded up)``). The values are the
    C++ model's (``Qt::UserRole + 1`` on); :meth:`FoldListModel.roleNames`
    gives each its QML name, the member's name in camelCase."""

    KIND = _USER + 1  # "kind": an ItemKind value (int)
    KEY = _USER + 2  # "key": the item's section's key
    TITLE = _USER + 3  # "title": its header text before '|'
    DETAIL = _USER + 4  # "detail": after '|'; None without one
    INDICATOR = _USER + 5  # "indicator": headers and footers only
    DEPTH = _USER + 6  # "depth": nesting depth of its section
    SECTION = _USER + 7  # "section": the section's id (Section.id)
    SECTION_INDEX = _USER + 8  # "sectionIndex": its index among its siblings
    ROW = _USER + 9  # "row": the row index; -1 for the other kinds
    COLLAPSED = _USER + 10  # "collapsed"
    COLLAPSIBLE = _USER + 11  # "collapsible"
    EXPANDED = _USER + 12  # "expanded"
    EXPANDABLE = _USER + 13  # "expandable"
    SELECTED = _USER + 14  # "selected"
    FOCUSED = _USER + 15  # "focused"
    MATCH = _USER + 16  # "match"
    LOADING = _USER + 17  # "loading"
    FAILED = _USER + 18  # "failed": a placeholder whose load failed
    HEIGHT = _USER + 19  # "height": exact height in points (float)
    TOP = _USER + 20  # "top": offset of its top in the content (float)
    FLAGS = _USER + 21  # "flags": the FOLD_ITEM_FLAG_* bits (int)
    LOAD_ERROR = _USER + 22  # "loadError": a failed placeholder's message


def _camel(name: str) -> bytes:
    first, *rest = name.lower().split("_")
    return (first + "".join(word.title() for word in rest)).encode()


_ROLE_NAMES = {int(role): _camel(role.name) for role in Role}
_FLAG_ROLES = {
    Role.COLLAPSED: "collapsed",
    Role.COLLAPSIBLE: "collapsible",
    Role.EXPANDED: "expanded",
    Role.EXPANDABLE: "expandable",
    Role.SELECTED: "selected",
    Role.FOCUSED: "focused",
    Role.MATCH: "match",
    Role.LOADING: "loading",
}


def _forget(table: Table, listener: int) -> None:
    """Stop listening (the model's QObject is gone; it holds no reference to
    the model, which may be half destroyed)."""
    if not table.closed:
        try:
            table.remove_listener(listener)
        except FoldError:  # already removed (close())
            pass


class FoldListModel(QAbstractListModel):
    """A ``QAbstractListModel`` over a :class:`foldtable.Table`.

    ``FoldListModel()`` makes a table of its own (``Table()``'s defaults),
    closed by :meth:`close`; ``FoldListModel(table)`` borrows ``table``, which
    the caller closes after the model. Either way, change the table through
    its own methods or the invokables below, and the model follows.

    Override :meth:`custom_data` to give rows and footers their text (the
    table has none) and to answer roles of your own.
    """

    countChanged = Signal()
    # Carries a change made on another thread to the model's thread.
    _resetRequested = Signal()

    def __init__(self, table: Optional[Table] = None, parent: Optional[QObject] = None) -> None:
        super().__init__(parent)
        self._owned = table is None
        self._table: Table = Table() if table is None else table
        self._replay: Optional[Replay] = None
        self._reset_queued = False
        self._count = self._table_count()
        self._resetRequested.connect(self._queued_reset, Qt.ConnectionType.QueuedConnection)
        # The table holds the listener; the listener holds the model weakly,
        # so a model nobody keeps can go.
        ref = weakref.ref(self)

        def listener(changes: ChangeSet) -> None:
            model = ref()
            if model is not None and shiboken6.isValid(model):
                model._on_change(changes)

        self._listener: Optional[int] = self._table.on_change(listener)
        table_ref, listener_id = self._table, self._listener
        self.destroyed.connect(lambda *_: _forget(table_ref, listener_id))

    # -- the table -------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The table."""
        return self._table

    @property
    def owns_table(self) -> bool:
        """Whether :meth:`close` closes the table too (the model made it)."""
        return self._owned

    def close(self) -> None:
        """Stop following the table, and close it if the model made it. The
        model is empty afterwards. Calling it again does nothing."""
        if self._listener is None:
            return
        listener, self._listener = self._listener, None
        _forget(self._table, listener)
        self.beginResetModel()
        self._count = 0
        self.endResetModel()
        self.countChanged.emit()
        if self._owned:
            self._table.close()

    def _table_count(self) -> int:
        try:
            return len(self._table)
        except FoldError:
            return 0

    # -- the change sets -------------------------------------------------------

    def _on_change(self, changes: ChangeSet) -> None:
        if QThread.currentThread() is not self.thread():
            # Qt models change on their own thread: show it there, as a reset.
            if not self._reset_queued:
                self._reset_queued = True
                qWarning(
                    "FoldListModel: the table changed on another thread than the model's; "
                    "the model is reset on its own thread"
                )
                self._resetRequested.emit()
            return
        self._apply(changes)

    @Slot()
    def _queued_reset(self) -> None:
        self._reset(None)

    def _reset(self, why: Optional[str]) -> None:
        if why:
            qWarning("FoldListModel: %s; resetting the model" % why)
        self._reset_queued = False
        before = self._count
        self.beginResetModel()
        self._count = self._table_count() if self._listener is not None else 0
        self.endResetModel()
        if self._count != before:
            self.countChanged.emit()

    def _apply(self, cs: ChangeSet) -> None:
        if self._reset_queued:
            # A change from another thread waits to be shown as a reset: the
            # list shown is not the one this set starts from.
            self._reset(None)
            return
        if self._replay is not None:
            # The table refuses changes from our signals' handlers (BusyError),
            # so this does not happen; if it did, the list shown would no
            # longer be the one the set starts from.
            self._reset("a change set arrived while another was being shown")
            return
        before = self._count
        after = self._table_count()
        if cs.changes:
            replay = Replay()
            dropped = replay.build(before, after, cs.changes, cs.moves)
            if dropped is None:
                self._reset("a change set does not match the items the model shows")
                return
            if dropped:
                qWarning(
                    "FoldListModel: a change set's moves do not fit its steps; "
                    "showing them as removals and insertions"
                )
            self._replay = replay
            try:
                self._signal(replay)
            finally:
                self._replay = None
            self._count = after
        elif after != before:
            self._reset("the item count changed without a step")
            return
        # What stayed but looks different.
        for redraw in cs.redraw:
            if redraw.start < 0 or not redraw or redraw.stop > self._count:
                qWarning(
                    "FoldListModel: a redraw range %r outside the %d items; ignored"
                    % (redraw, self._count)
                )
                continue
            self.dataChanged.emit(self.index(redraw.start), self.index(redraw.stop - 1))
        if self._count != before:
            self.countChanged.emit()

    def _signal(self, replay: Replay) -> None:
        """The row signals of one planned change set."""
        parts = replay.parts
        root = QModelIndex()
        # 1. What is gone, last first.
        for i in range(len(parts) - 1, -1, -1):
            if parts[i].kind != DEAD:
                continue
            first = replay.row_of(i)
            self.beginRemoveRows(root, first, first + parts[i].length - 1)
            replay.set_shown(i, 0)
            self._count = replay.shown_count
            self.endRemoveRows()
        # 2. What moved, where it lands, in new-list order.
        for i, part in enumerate(parts):
            if part.kind != MOVED_IN:
                continue
            out, length = part.partner, part.length
            first = replay.row_of(out)
            last = first + length - 1
            destination = replay.row_of(i)
            if destination in (first, last + 1):
                # Already in place among what is shown: nothing to signal.
                replay.set_shown(out, 0)
                replay.set_shown(i, length)
            elif self.beginMoveRows(root, first, last, root, destination):
                replay.set_shown(out, 0)
                replay.set_shown(i, length)
                self.endMoveRows()
            else:
                # Not a move Qt takes: out, then in.
                self.beginRemoveRows(root, first, last)
                replay.set_shown(out, 0)
                self._count = replay.shown_count
                self.endRemoveRows()
                at = replay.row_of(i)
                self.beginInsertRows(root, at, at + length - 1)
                replay.set_shown(i, length)
                self._count = replay.shown_count
                self.endInsertRows()
        # 3. What is new, first first.
        for i, part in enumerate(parts):
            if part.kind != FRESH:
                continue
            first = replay.row_of(i)
            self.beginInsertRows(root, first, first + part.length - 1)
            replay.set_shown(i, part.length)
            self._count = replay.shown_count
            self.endInsertRows()

    # -- reading ---------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else self._count

    def _get_count(self) -> int:
        return self._count

    #: rowCount(), for QML.
    count = Property(int, _get_count, notify=countChanged)

    def _position(self, row: int) -> int:
        """The table position of model row ``row``; -1 for none. Between the
        signals of a change set the model shows another list than the
        table's: the replay maps it."""
        if row < 0 or row >= self._count:
            return -1
        return self._replay.new_position(row) if self._replay is not None else row

    def item_at(self, row: int) -> Optional[Item]:
        """The table's :class:`foldtable.Item` at model row ``row``; None for
        a row out of range (or one that is leaving, inside a change)."""
        at = self._position(row)
        if at < 0 or self._listener is None:
            return None
        try:
            return self._table.item(at)
        except FoldError:
            return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = _DISPLAY) -> Any:
        if (
            not index.isValid()
            or index.model() is not self
            or index.column() != 0
            or index.parent().isValid()
        ):
            return None
        item = self.item_at(index.row())
        if item is None:
            return None
        try:
            return self._data(index.row(), item, int(role))
        except FoldError:
            return None

    def _data(self, row: int, item: Item, role: int) -> Any:
        t = self._table
        at = item.position
        failed = item.kind == ItemKind.PLACEHOLDER and item.failed
        if role == _DISPLAY:
            if item.kind == ItemKind.HEADER:
                return t.item_section(at).title
            if failed:
                return t.item_section(at).load_error
            if item.kind == ItemKind.PLACEHOLDER:
                return None
            return self.custom_data(row, item, role)
        if role == _SIZE_HINT:
            return QSize(0, math.ceil(t.item_height(at)))
        if role == Role.KIND:
            return int(item.kind)
        if role in (Role.KEY, Role.TITLE, Role.DETAIL, Role.SECTION):
            section = t.item_section(at)
            if role == Role.KEY:
                return section.key
            if role == Role.TITLE:
                return section.title
            if role == Role.DETAIL:
                return section.detail
            return section.id
        if role == Role.INDICATOR:
            if item.kind in (ItemKind.HEADER, ItemKind.FOOTER):
                return t.item_section(at).indicator
            return None
        if role == Role.DEPTH:
            return item.depth
        if role == Role.SECTION_INDEX:
            return item.section
        if role == Role.ROW:
            return -1 if item.row is None else item.row
        if role in _FLAG_ROLES:
            return bool(getattr(item, _FLAG_ROLES[Role(role)]))
        if role == Role.FAILED:
            return failed
        if role == Role.HEIGHT:
            return t.item_height(at)
        if role == Role.TOP:
            return t.item_top(at)
        if role == Role.FLAGS:
            return item.flags
        if role == Role.LOAD_ERROR:
            return t.item_section(at).load_error if failed else None
        return self.custom_data(row, item, role)

    def custom_data(self, row: int, item: Item, role: int) -> Any:
        """``data()`` for what the table does not know: ``DisplayRole`` of rows
        and footers, and every role the model does not answer. ``row`` is the
        model row, ``item`` the table's item there. May be called between a
        ``begin*`` and an ``end*`` signal: read the table, do not change it.
        The default returns None."""
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid() or index.model() is not self or index.row() >= self._count:
            return Qt.ItemFlag.NoItemFlags
        return (
            Qt.ItemFlag.ItemIsEnabled
            | Qt.ItemFlag.ItemIsSelectable
            | Qt.ItemFlag.ItemNeverHasChildren
        )

    def roleNames(self) -> Dict[int, QByteArray]:
        names = dict(super().roleNames())
        names[_SIZE_HINT] = QByteArray(b"sizeHint")
        for role, name in _ROLE_NAMES.items():
            names[role] = QByteArray(name)
        return names

    @Slot(str, result=int)
    def headerRow(self, key: str) -> int:
        """The model row of the section ``key``'s header; -1 when it has none,
        it is hidden (a collapsed ancestor) or there is no such section."""
        if self._listener is None or self._replay is not None:
            # Between signals the model shows another list than the table's.
            return -1
        try:
            position = self._table.section(key).header_position
        except (FoldError, TypeError):
            return -1
        return position if position < self._count else -1

    # -- changing --------------------------------------------------------------

    def _warn(self, what: str, row: int, error: Optional[FoldError] = None) -> None:
        if self._replay is not None:
            qWarning(
                "FoldListModel.%s(%d): the table cannot change while the model signals a "
                "change (change it after the signal, for example through a queued "
                "connection)" % (what, row)
            )
        elif error is None:
            qWarning("FoldListModel.%s(%d): no such row (the model has %d)" % (what, row, self._count))
        else:
            qWarning("FoldListModel.%s(%d): %s" % (what, row, error))

    def _change(self, row: int, how: str) -> bool:
        """Collapse, expand or toggle (``how``) the section of the item at
        ``row``, or a row's expansion."""
        item = self.item_at(row) if self._replay is None else None
        if item is None:
            self._warn(how, row)
            return False
        try:
            section = self._table.item_section(item.position)
            if item.kind == ItemKind.ROW and item.row is not None:
                flip = {"collapse": section.collapse_row, "expand": section.expand_row,
                        "toggle": section.toggle_row}[how]
                return flip(item.row)
            return {"collapse": section.collapse, "expand": section.expand,
                    "toggle": section.toggle}[how]()
        except FoldError as error:
            self._warn(how, row, error)
            return False

    @Slot(int, result=bool)
    def collapse(self, row: int) -> bool:
        """Collapse the section of the header (footer, placeholder) at model
        row ``row``, or the row there; True when the state flipped. False
        when it was already so, or on an error (a bad row, a section that
        cannot collapse, a call from a handler of the model's signals),
        which is also reported with ``qWarning``."""
        return self._change(row, "collapse")

    @Slot(int, result=bool)
    def expand(self, row: int) -> bool:
        """As :meth:`collapse`, expanding."""
        return self._change(row, "expand")

    @Slot(int, result=bool)
    def toggle(self, row: int) -> bool:
        """As :meth:`collapse`, toggling."""
        return self._change(row, "toggle")

    @Slot(int, result=int)
    def activate(self, row: int) -> int:
        """What a click on the item at model row ``row`` does
        (:meth:`Table.activate`): an :class:`foldtable.Activation` value, or
        :data:`ACTIVATE_FAILED` (with a ``qWarning``) for a bad row or an error."""
        if self._replay is not None or self._listener is None or not 0 <= row < self._count:
            self._warn("activate", row)
            return ACTIVATE_FAILED
        try:
            return int(self._table.activate(row))
        except FoldError as error:
            self._warn("activate", row, error)
            return ACTIVATE_FAILED
