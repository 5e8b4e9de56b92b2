/*
 * FoldViewDrop.cpp — FoldView's drag and drop (see FoldView.h): what is
 * dragged, the engine's drop target for the pointer, its indicator, and
 * the drop. The rules (top and bottom quarter of a header before and
 * after, the middle half into; a row's halves; x picking the level where
 * several end; what may go where) are the engine's, fold_table_drop_target;
 * this file converts coordinates and draws, as the GTK binding's
 * FoldDropIndicator does.
 */
#include "FoldView.h"

#include <QApplication>
#include <QDataStream>
#include <QDrag>
#include <QDropEvent>
#include <QIODevice>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace {

/* ItemsMimeType's data: a version, the table's address (items only move
 * within their own table), a count, then (section, row) pairs. */
constexpr quint32 kMimeVersion = 1;

int pixelOf(double y)
{
    return int(std::clamp(std::nearbyint(y), double(INT_MIN / 4), double(INT_MAX / 4)));
}

} // namespace

QMimeData *FoldView::mimeDataForItems(const std::vector<fold_item_ref> &items, const QStringList &texts) const
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out << kMimeVersion << quint64(reinterpret_cast<quintptr>(table())) << quint64(items.size());
    for (const fold_item_ref &ref : items)
        out << quint64(ref.section) << qint64(ref.row);
    auto *data = new QMimeData;
    data->setData(itemsMimeType(), bytes);
    if (!texts.isEmpty())
        data->setText(texts.join(QLatin1Char('\n')));
    return data;
}

QMimeData *FoldView::mimeData(const QList<int> &rows) const
{
    std::vector<fold_item_ref> items;
    QStringList texts;
    fold_table *t = table();
    for (int row : rows) {
        fold_item item;
        if (!t || row < 0 || fold_table_item_at(t, row, &item) != FOLD_OK)
            continue;
        if (item.kind != FOLD_ITEM_HEADER && item.kind != FOLD_ITEM_ROW)
            continue;
        items.push_back({item.section, item.kind == FOLD_ITEM_HEADER ? -1 : item.row});
        texts << m_model->index(row).data(Qt::DisplayRole).toString();
    }
    return mimeDataForItems(items, texts);
}

/* The items of this table that `data` carries; none for data from
 * elsewhere, another table, or bytes that do not parse. */
std::vector<fold_item_ref> FoldView::draggedItems(const QMimeData *data) const
{
    std::vector<fold_item_ref> items;
    if (!data || !table() || !data->hasFormat(itemsMimeType()))
        return items;
    const QByteArray bytes = data->data(itemsMimeType());
    QDataStream in(bytes);
    quint32 version = 0;
    quint64 from = 0, count = 0;
    in >> version >> from >> count;
    /* Each pair is 16 bytes: a count the data cannot hold is not believed. */
    if (in.status() != QDataStream::Ok || version != kMimeVersion ||
        from != quint64(reinterpret_cast<quintptr>(table())) || count > quint64(bytes.size()) / 16)
        return items;
    items.reserve(size_t(count));
    for (quint64 i = 0; i < count; i++) {
        quint64 section = 0;
        qint64 row = 0;
        in >> section >> row;
        if (in.status() != QDataStream::Ok)
            return {};
        items.push_back({fold_section_id(section), int64_t(row)});
    }
    return items;
}

/* The pointer's place as the engine reads it: content y at the pixel row's
 * centre (as indexAt), x from the leading edge (mirrored in right-to-left),
 * one level per indentation(). */
bool FoldView::updateDropTarget(const QDropEvent *event, const std::vector<fold_item_ref> &items)
{
    fold_table *t = table();
    if (!t) {
        hideDropTarget();
        return false;
    }
    pushViewport();
    const QPointF p = event->position();
    const double x = layoutDirection() == Qt::RightToLeft ? viewport()->width() - p.x() : p.x();
    const double y = m_offset + std::floor(p.y()) + 0.5;
    fold_drop_target target{};
    if (fold_table_drop_target(t, x, y, std::max(1, m_indent), items.empty() ? nullptr : items.data(),
                               int64_t(items.size()), &target) != FOLD_OK) {
        hideDropTarget(); /* a dragged item gone meanwhile: nowhere to drop */
        return false;
    }
    m_drop = target;
    m_dropShown = true;
    viewport()->update();
    return target.kind != FOLD_DROP_NONE;
}

void FoldView::hideDropTarget()
{
    if (m_dropShown) {
        m_dropShown = false;
        viewport()->update();
    }
}

fold_drop_target FoldView::dropTarget() const
{
    fold_drop_target none{};
    none.index = -1;
    none.position = -1;
    return m_dropShown ? m_drop : none;
}

QRect FoldView::dropIndicatorRect() const
{
    if (!m_dropShown || m_drop.kind == FOLD_DROP_NONE)
        return QRect();
    QRect r;
    if (m_drop.kind == FOLD_DROP_BEFORE) {
        const int x = pixelOf(m_drop.line_x);
        r = QRect(x, pixelOf(m_drop.line_y - m_offset) - 1, std::max(0, viewport()->width() - x), 2);
    } else {
        const int top = pixelOf(m_drop.highlight_top - m_offset);
        r = QRect(0, top, viewport()->width(), pixelOf(m_drop.highlight_top + m_drop.highlight_height - m_offset) - top);
    }
    return QStyle::visualRect(layoutDirection(), viewport()->rect(), r);
}

/* The line with a ring at its start, or the section tinted and framed, in
 * the palette's highlight colour (GTK's indicator, in Qt's colours). */
void FoldView::paintDropIndicator(QPainter *painter)
{
    const QRect r = dropIndicatorRect();
    if (r.isEmpty())
        return;
    const QColor color = palette().color(QPalette::Highlight);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    if (m_drop.kind == FOLD_DROP_BEFORE) {
        painter->fillRect(r, color);
        const bool rtl = layoutDirection() == Qt::RightToLeft;
        const QPointF start(rtl ? r.right() + 1 : r.left(), r.center().y() + 0.5);
        painter->setPen(QPen(color, 2));
        painter->setBrush(palette().brush(QPalette::Base));
        painter->drawEllipse(start, 4, 4);
    } else {
        QColor tint = color;
        tint.setAlphaF(0.15f);
        painter->setPen(QPen(color, 2));
        painter->setBrush(tint);
        painter->drawRoundedRect(QRectF(r).adjusted(1, 1, -1, -1), 4, 4);
    }
    painter->restore();
}

void FoldView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragEnabled && m_pressRow >= 0 && (event->buttons() & Qt::LeftButton) &&
        (event->position().toPoint() - m_pressPoint).manhattanLength() >= QApplication::startDragDistance()) {
        startDrag();
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

/* The selection if the item is in it, else that item alone. */
QMimeData *FoldView::dragMimeData(int row) const
{
    fold_table *t = table();
    fold_item item;
    if (!t || row < 0 || fold_table_item_at(t, row, &item) != FOLD_OK ||
        (item.kind != FOLD_ITEM_HEADER && item.kind != FOLD_ITEM_ROW))
        return nullptr;
    fold_selected_run *runs = nullptr;
    int64_t count = 0;
    if (!(item.flags & FOLD_ITEM_FLAG_SELECTED) || fold_table_selection(t, &runs, &count) != FOLD_OK || count <= 0)
        return mimeData({row});
    std::vector<fold_item_ref> items;
    for (int64_t i = 0; i < count; i++) {
        if (runs[i].row < 0)
            items.push_back({runs[i].section, -1});
        else
            for (int64_t r = 0; r < runs[i].count; r++)
                items.push_back({runs[i].section, runs[i].row + r});
    }
    fold_free(runs);
    return mimeDataForItems(items, {});
}

void FoldView::startDrag()
{
    const int row = m_pressRow;
    m_pressRow = -1;
    m_deferSelect = m_deferActivate = false; /* the press became a drag */
    QMimeData *data = dragMimeData(row);
    if (!data)
        return;
    auto *drag = new QDrag(this);
    drag->setMimeData(data);
    /* A move within the table is done by dropEvent, through the engine:
     * nothing to remove here whatever exec() returns. */
    drag->exec(Qt::MoveAction | Qt::CopyAction, Qt::MoveAction);
}

void FoldView::dragEnterEvent(QDragEnterEvent *event)
{
    if (!acceptDrops() || !table()) {
        event->ignore();
        return;
    }
    updateDropTarget(event, draggedItems(event->mimeData()));
    event->acceptProposedAction(); /* to be told the moves, where the target may change */
}

void FoldView::dragMoveEvent(QDragMoveEvent *event)
{
    if (!acceptDrops() || !table()) {
        event->ignore();
        return;
    }
    const std::vector<fold_item_ref> items = draggedItems(event->mimeData());
    if (!updateDropTarget(event, items)) {
        event->ignore();
        return;
    }
    if (!items.empty()) {
        event->setDropAction(Qt::MoveAction);
        event->accept();
    } else {
        event->acceptProposedAction();
    }
}

void FoldView::dragLeaveEvent(QDragLeaveEvent *event)
{
    hideDropTarget();
    event->accept();
}

void FoldView::dropEvent(QDropEvent *event)
{
    fold_table *t = table();
    if (!acceptDrops() || !t) {
        event->ignore();
        return;
    }
    const std::vector<fold_item_ref> items = draggedItems(event->mimeData());
    const bool open = updateDropTarget(event, items);
    const fold_drop_target target = m_drop;
    hideDropTarget();
    if (!open) {
        event->ignore();
        return;
    }
    if (items.empty()) {
        event->acceptProposedAction();
        Q_EMIT dropRequested(target.kind, quint64(target.parent), qint64(target.index), event->mimeData());
        return;
    }
    if (fold_table_drop(t, target.parent, target.index, items.data(), int64_t(items.size())) != FOLD_OK) {
        event->ignore();
        return;
    }
    event->setDropAction(Qt::MoveAction);
    event->accept();
}
