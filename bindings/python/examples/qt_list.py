"""A settings list in a QListView over foldtable.qt.FoldListModel (PySide6).

Headers show their indicator and title, rows their text (from
``custom_data``), both indented by depth; a click does what the engine says
(``activate``: a header collapses or expands). Heights come from the table
through the model's size hint.

    python3 examples/qt_list.py                       # a window
    python3 examples/qt_list.py --screenshot out.png  # render offscreen, save, exit

Needs PySide6: ``pip install 'foldtable[qt]'``.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Dict, List, Optional, Tuple

# A screenshot needs no display.
if "--screenshot" in sys.argv:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QFont, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
)

import foldtable
from foldtable.qt import FoldListModel, Role

INDENT = 16

# (key, "Title|detail", rows' texts, parent key or None, collapsed)
SETTINGS: List[Tuple[str, str, List[str], Optional[str], bool]] = [
    ("general", "General|3 settings", ["Name", "Language", "Region"], None, False),
    ("display", "Display", ["Brightness", "True Tone"], None, False),
    ("night", "Night Shift", ["Schedule", "Colour temperature"], "display", False),
    ("network", "Network|collapsed", ["Wi-Fi", "Ethernet", "VPN"], None, True),
    ("privacy", "Privacy", ["Location", "Camera", "Microphone"], None, False),
]


class SettingsModel(FoldListModel):
    """The table has no text for rows: give it from SETTINGS."""

    def __init__(self, table: foldtable.Table) -> None:
        super().__init__(table)
        self.texts: Dict[str, List[str]] = {key: rows for key, _, rows, _, _ in SETTINGS}

    def custom_data(self, row: int, item: foldtable.Item, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and item.kind == foldtable.ItemKind.ROW:
            key = self.table.item_key(item.position)
            return self.texts[key][item.row or 0]
        return None


class Delegate(QStyledItemDelegate):
    """Titles and row texts, indented by depth; headers bold on a band."""

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        rect = option.rect
        header = index.data(Role.KIND) == foldtable.ItemKind.HEADER
        painter.save()
        palette = option.palette
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        if selected:
            painter.fillRect(rect, palette.highlight())
        elif header:
            painter.fillRect(rect, palette.alternateBase())
        painter.setPen(palette.highlightedText().color() if selected else palette.text().color())
        left = rect.left() + 8 + INDENT * int(index.data(Role.DEPTH))
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        if header:
            detail = index.data(Role.DETAIL)
            if detail:
                painter.drawText(
                    rect.adjusted(0, 0, -8, 0), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                    detail,
                )
            font = QFont(painter.font())
            font.setBold(True)
            painter.setFont(font)
            text = "%s  %s" % ("▸" if index.data(Role.COLLAPSED) else "▾", text)
        else:
            left += INDENT
        painter.drawText(
            rect.adjusted(left - rect.left(), 0, 0, 0),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            text,
        )
        painter.setPen(palette.mid().color())
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        # The height is the table's; the width the view's.
        return QSize(0, int(index.data(Qt.ItemDataRole.SizeHintRole).height()))


def build_table() -> foldtable.Table:
    table = foldtable.Table(row_height=30, header_height=34)
    for key, header, rows, parent, collapsed in SETTINGS:
        if parent is None:
            table.append_section(key, header, rows=len(rows), collapsed=collapsed)
        else:
            table.section(parent).append_subsection(key, header, rows=len(rows))
    return table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screenshot", metavar="PATH", help="render offscreen, save a PNG, exit")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    table = build_table()
    model = SettingsModel(table)
    view = QListView()
    view.setModel(model)
    view.setItemDelegate(Delegate(view))
    view.setUniformItemSizes(False)
    view.clicked.connect(lambda index: model.activate(index.row()))
    view.resize(360, 440)
    view.setWindowTitle("FoldTable: settings (PySide6)")
    if args.screenshot:
        view.setCurrentIndex(model.index(model.headerRow("night") + 1))  # a selected row
        view.show()
        app.processEvents()
        if not view.grab().save(args.screenshot):
            print("could not write %s" % args.screenshot, file=sys.stderr)
            return 1
        print("%s: %d rows shown of %d" % (args.screenshot, model.rowCount(), len(table)))
        model.close()
        table.close()
        return 0
    view.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
