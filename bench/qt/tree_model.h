/*
 * tree_model.h — the fairer Qt baseline: a minimal QAbstractItemModel tree
 * over a Shape (what a Qt app with its own data writes instead of copying
 * it into QStandardItems). One flat array of nodes, children contiguous,
 * an index's internal pointer its node: index(), parent() and rowCount()
 * are O(1). Text is made on request, as FoldListModel's customData does.
 */
#ifndef QTBENCH_TREE_MODEL_H
#define QTBENCH_TREE_MODEL_H

#include "shape.h"

#include <QAbstractItemModel>

#include <vector>

namespace qtbench {

/* The role the delegate reads an item's height from, in both Qt models. */
constexpr int kHeightRole = Qt::UserRole + 1;

class TreeModel : public QAbstractItemModel
{
public:
    explicit TreeModel(const Shape &shape, QObject *parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    /* The index of row `row` of shape section `section`. */
    QModelIndex rowIndex(int section, int64_t row) const;
    /* Sets that row's height and emits dataChanged for kHeightRole. */
    void setRowHeight(int section, int64_t row, int height);

private:
    struct Node {
        int32_t parent;  /* node index, -1 at the top */
        int32_t row;     /* index among its parent's children */
        int32_t first;   /* first child node (children are contiguous) */
        int32_t count;   /* children */
        int32_t height;
        int32_t label;   /* section index, or row index in its section */
        bool section;
    };
    QModelIndex indexOf(int row, int32_t node) const;
    const Node &node(const QModelIndex &index) const;

    std::vector<Node> m_nodes; /* not resized after the constructor: indexes point into it */
    std::vector<int32_t> m_sectionNode; /* shape section -> node */
    int32_t m_topCount = 0;
};

} // namespace qtbench

#endif
