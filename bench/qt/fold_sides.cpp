/* fold_sides.cpp: the FoldTable sides (sides.h): FoldView, and
 * FoldListModel in a QListView, each over a fold_table of its own built
 * from the Shape (headers 28 px, the rows' heights as given, everything
 * collapsed to start, as the QTreeViews start). */
#include "sides.h"

#include <FoldListModel.h>
#include <FoldView.h>

#include <QCoreApplication>
#include <QListView>

#include <cstdio>
#include <cstdlib>
#include <limits>

namespace qtbench {

namespace {

void check(int status, const char *what)
{
    if (status != FOLD_OK) {
        std::fprintf(stderr, "qtbench: %s failed: %d %s\n", what, status, fold_last_error_message());
        std::exit(2);
    }
}

/* Rows have no text in the engine: the same "Row r" the Qt models show. */
class TextModel : public FoldListModel
{
public:
    using FoldListModel::FoldListModel;

protected:
    QVariant customData(int, const fold_item &item, int role) const override
    {
        if (role == Qt::DisplayRole && item.kind == FOLD_ITEM_ROW)
            return QStringLiteral("Row %1").arg(item.row);
        return QVariant();
    }
};

fold_table *buildTable(const Shape &shape, std::vector<fold_section_id> &ids)
{
    fold_table_options options;
    fold_table_options_init(&options);
    options.start_collapsed = 1;
    options.header_height = kHeaderHeight;
    fold_table *table = nullptr;
    check(fold_table_new(&options, &table), "fold_table_new");
    ids.resize(shape.sections.size());
    std::vector<double> heights;
    for (size_t s = 0; s < shape.sections.size(); s++) {
        const Section &sec = shape.sections[s];
        const std::string key = "s" + std::to_string(s), title = "Section " + std::to_string(s);
        const fold_section_id parent = sec.parent < 0 ? FOLD_ROOT : ids[size_t(sec.parent)];
        check(fold_table_insert_section(table, parent, FOLD_INDEX_END, key.c_str(), title.c_str(), 0, 0, &ids[s]),
              "fold_table_insert_section");
        if (sec.rowCount > 0) {
            heights.assign(shape.rowHeights.begin() + sec.firstRow,
                           shape.rowHeights.begin() + sec.firstRow + sec.rowCount);
            check(fold_table_insert_rows(table, ids[s], 0, sec.rowCount, heights.data()), "fold_table_insert_rows");
        }
    }
    return table;
}

/* The table, its model and what the two FoldTable sides share. */
class FoldSide : public Side
{
public:
    FoldSide(std::string name, const Shape &shape) : Side(std::move(name), shape)
    {
        m_table = buildTable(shape, m_ids);
        m_model = std::make_unique<TextModel>(m_table);
    }
    ~FoldSide() override
    {
        /* The table outlives the model, which outlives the view. */
        m_model.reset();
        fold_table_free(m_table);
    }
    void expandAll() override { check(fold_table_expand_all(m_table, nullptr), "fold_table_expand_all"); }
    void collapseAll() override { check(fold_table_collapse_all(m_table, nullptr), "fold_table_collapse_all"); }
    void setChangedRowHeight(int height) override
    {
        check(fold_table_set_row_height(m_table, changedSection(), shape().changedRow, height),
              "fold_table_set_row_height");
    }

protected:
    fold_section_id changedSection() const { return m_ids[size_t(shape().changedSection)]; }
    int changedPosition() const
    {
        int64_t position = -1;
        check(fold_table_row_position(m_table, changedSection(), shape().changedRow, &position),
              "fold_table_row_position");
        return int(position);
    }

    fold_table *m_table = nullptr;
    std::vector<fold_section_id> m_ids;
    std::unique_ptr<TextModel> m_model;
};

class FoldViewSide : public FoldSide
{
public:
    explicit FoldViewSide(const Shape &shape) : FoldSide("FoldView", shape)
    {
        m_view = std::make_unique<FoldView>();
        m_view->setModel(m_model.get());
        m_view->resize(kWidth, kHeight);
        m_view->show();
        watch();
        settle();
    }
    ~FoldViewSide() override { m_view.reset(); }

    QAbstractScrollArea *widget() override { return m_view.get(); }
    void setOffset(int pixels) override { m_view->setScrollOffset(pixels); }
    /* FoldView has no scrollToBottom(): the offset is clamped to the end. */
    void scrollToBottom() override { m_view->setScrollOffset(std::numeric_limits<double>::max()); }
    void showChangedRow() override { m_view->scrollToRow(changedPosition(), FOLD_ALIGN_CENTER); }
    bool bottomIsLast() override
    {
        return m_view->indexAt(QPoint(kWidth / 2, viewportHeight() - 1)) == m_model->rowCount() - 1;
    }

private:
    std::unique_ptr<FoldView> m_view;
};

class BenchListView : public QListView
{
public:
    using QListView::executeDelayedItemsLayout;
};

class ListViewSide : public FoldSide
{
public:
    explicit ListViewSide(const Shape &shape) : FoldSide("QListView + FoldListModel", shape)
    {
        m_view = std::make_unique<BenchListView>();
        m_view->setUniformItemSizes(false);
        m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
        m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        m_view->setModel(m_model.get());
        m_view->resize(kWidth, kHeight);
        m_view->show();
        watch();
        settle();
    }
    ~ListViewSide() override { m_view.reset(); }

    QAbstractScrollArea *widget() override { return m_view.get(); }
    void settle() override
    {
        QCoreApplication::processEvents();
        m_view->executeDelayedItemsLayout();
        m_view->viewport()->repaint();
    }
    void scrollToBottom() override { m_view->scrollToBottom(); }
    void showChangedRow() override
    {
        m_view->scrollTo(m_model->index(changedPosition()), QAbstractItemView::PositionAtCenter);
    }
    bool bottomIsLast() override
    {
        return m_view->indexAt(QPoint(kWidth / 2, viewportHeight() - 1)).row() == m_model->rowCount() - 1;
    }

private:
    std::unique_ptr<BenchListView> m_view;
};

} // namespace

std::unique_ptr<Side> makeFoldViewSide(const Shape &shape)
{
    return std::make_unique<FoldViewSide>(shape);
}

std::unique_ptr<Side> makeListViewSide(const Shape &shape)
{
    return std::make_unique<ListViewSide>(shape);
}

} // namespace qtbench
