/*
 * sides.h — one view under measurement (a "side"): the same Shape shown in
 * a QTreeView over a Qt model (qt_sides.cpp) or through FoldTable
 * (fold_sides.cpp: FoldView, and FoldListModel in a QListView).
 *
 * Every operation is followed by settle(): pending events, the item view's
 * delayed layout if one is pending (what the next event-loop turn would
 * run before painting), and a synchronous repaint of the viewport. A
 * measured time is the operation plus settle(), so lazy work is counted.
 */
#ifndef QTBENCH_SIDES_H
#define QTBENCH_SIDES_H

#include "shape.h"

#include <QAbstractScrollArea>

#include <memory>
#include <string>

namespace qtbench {

class Side
{
public:
    Side(std::string name, const Shape &shape) : m_name(std::move(name)), m_shape(shape) {}
    virtual ~Side() = default;

    const std::string &name() const { return m_name; }
    /* The widget shown: a QAbstractScrollArea (QTreeView, QListView, FoldView). */
    virtual QAbstractScrollArea *widget() = 0;
    /* uniformRowHeights(true): every item as tall as the first. */
    virtual bool uniform() const { return false; }

    virtual void expandAll() = 0;
    virtual void collapseAll() = 0;
    /* The vertical scroll position in pixels (ScrollPerPixel everywhere). */
    virtual void setOffset(int pixels);
    virtual void scrollToBottom() = 0;
    /* Sets the height of the shape's changed row (through the model). */
    virtual void setChangedRowHeight(int height) = 0;
    /* Brings the changed row into view (untimed, before the change). */
    virtual void showChangedRow() = 0;
    /* Whether the item drawn at the viewport's bottom pixel row is the
     * last item of the list. */
    virtual bool bottomIsLast() = 0;

    /* Events, the pending layout, a synchronous repaint. */
    virtual void settle();
    int offset();
    int maxOffset();
    int viewportHeight() { return widget()->viewport()->height(); }
    /* Paint events the viewport has received. */
    int64_t paints() const { return m_paints; }
    /* Installs the paint counter; call once the widget exists. */
    void watch();

protected:
    const Shape &shape() const { return m_shape; }

private:
    std::string m_name;
    const Shape &m_shape;
    int64_t m_paints = 0;
    std::unique_ptr<QObject> m_counter;
};

/* QTreeView (uniformRowHeights as given, ScrollPerPixel, header hidden)
 * with heights from a delegate's sizeHint, over a QStandardItemModel
 * (`standard`) or the minimal TreeModel. */
std::unique_ptr<Side> makeTreeViewSide(const Shape &shape, bool standard, bool uniform);
/* FoldView over a FoldListModel. */
std::unique_ptr<Side> makeFoldViewSide(const Shape &shape);
/* QListView (uniformItemSizes false, ScrollPerPixel) over a FoldListModel. */
std::unique_ptr<Side> makeListViewSide(const Shape &shape);

/* The widget's size on screen. */
constexpr int kWidth = 800, kHeight = 1080;

} // namespace qtbench

#endif
