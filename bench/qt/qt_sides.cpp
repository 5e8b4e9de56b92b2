/* qt_sides.cpp: the QTreeView sides (sides.h). Heights come from a
 * delegate's sizeHint, which reads the model's kHeightRole: how a Qt app
 * gets rows of different heights. */
#include "sides.h"
#include "tree_model.h"

#include <QCoreApplication>
#include <QStandardItemModel>
#include <QStyledItemDelegate>
#include <QTreeView>

namespace qtbench {

namespace {

/* Makes the pending layout reachable: settle() runs what the next turn of
 * the event loop would (a no-op when none is pending). */
class BenchTreeView : public QTreeView
{
public:
    using QTreeView::executeDelayedItemsLayout;
};

class HeightDelegate : public QStyledItemDelegate
{
public:
    QSize sizeHint(const QStyleOptionViewItem &, const QModelIndex &index) const override
    {
        return QSize(100, index.data(kHeightRole).toInt());
    }
};

QStandardItemModel *standardModel(const Shape &shape, std::vector<QStandardItem *> &sectionItems)
{
    auto *model = new QStandardItemModel;
    sectionItems.resize(shape.sections.size());
    for (size_t s = 0; s < shape.sections.size(); s++) {
        auto *item = new QStandardItem(QStringLiteral("Section %1").arg(s));
        item->setData(kHeaderHeight, kHeightRole);
        sectionItems[s] = item;
        const Section &sec = shape.sections[s];
        QList<QStandardItem *> rows;
        rows.reserve(qsizetype(sec.rowCount));
        for (int64_t r = 0; r < sec.rowCount; r++) {
            auto *row = new QStandardItem(QStringLiteral("Row %1").arg(r));
            row->setData(shape.rowHeights[size_t(sec.firstRow + r)], kHeightRole);
            rows << row;
        }
        if (!rows.isEmpty())
            item->appendRows(rows);
    }
    /* Pre-order: each section is appended after its earlier siblings. */
    for (size_t s = 0; s < shape.sections.size(); s++) {
        const int parent = shape.sections[s].parent;
        (parent < 0 ? model->invisibleRootItem() : sectionItems[size_t(parent)])->appendRow(sectionItems[s]);
    }
    return model;
}

class TreeViewSide : public Side
{
public:
    TreeViewSide(const Shape &shape, bool standard, bool uniform)
        : Side(std::string("QTreeView + ") + (standard ? "QStandardItemModel" : "tree model") +
                   (uniform ? ", uniformRowHeights" : ""),
               shape),
          m_uniform(uniform)
    {
        if (standard)
            m_standard.reset(standardModel(shape, m_sectionItems));
        else
            m_tree = std::make_unique<TreeModel>(shape);
        m_view = std::make_unique<BenchTreeView>();
        m_view->setUniformRowHeights(uniform);
        m_view->setHeaderHidden(true);
        m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
        m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_view->setItemDelegate(&m_delegate);
        m_view->setModel(model());
        m_view->resize(kWidth, kHeight);
        m_view->show();
        watch();
        settle();
    }
    ~TreeViewSide() override { m_view.reset(); }

    QAbstractScrollArea *widget() override { return m_view.get(); }
    bool uniform() const override { return m_uniform; }
    void settle() override
    {
        QCoreApplication::processEvents();
        m_view->executeDelayedItemsLayout();
        m_view->viewport()->repaint();
    }
    void expandAll() override { m_view->expandAll(); }
    void collapseAll() override { m_view->collapseAll(); }
    void scrollToBottom() override { m_view->scrollToBottom(); }
    void setChangedRowHeight(int height) override
    {
        if (m_standard)
            m_sectionItems[size_t(shape().changedSection)]->child(int(shape().changedRow))->setData(height, kHeightRole);
        else
            m_tree->setRowHeight(shape().changedSection, shape().changedRow, height);
    }
    void showChangedRow() override { m_view->scrollTo(changedIndex(), QAbstractItemView::PositionAtCenter); }
    bool bottomIsLast() override
    {
        QModelIndex last;
        while (model()->rowCount(last) > 0)
            last = model()->index(model()->rowCount(last) - 1, 0, last);
        return m_view->indexAt(QPoint(kWidth / 2, viewportHeight() - 1)) == last;
    }

private:
    QAbstractItemModel *model() const
    {
        return m_standard ? static_cast<QAbstractItemModel *>(m_standard.get()) : m_tree.get();
    }
    QModelIndex changedIndex() const
    {
        if (m_standard)
            return m_sectionItems[size_t(shape().changedSection)]->child(int(shape().changedRow))->index();
        return m_tree->rowIndex(shape().changedSection, shape().changedRow);
    }

    bool m_uniform;
    HeightDelegate m_delegate;
    std::unique_ptr<QStandardItemModel> m_standard;
    std::vector<QStandardItem *> m_sectionItems; /* owned by m_standard */
    std::unique_ptr<TreeModel> m_tree;
    std::unique_ptr<BenchTreeView> m_view;
};

} // namespace

std::unique_ptr<Side> makeTreeViewSide(const Shape &shape, bool standard, bool uniform)
{
    return std::make_unique<TreeViewSide>(shape, standard, uniform);
}

} // namespace qtbench
