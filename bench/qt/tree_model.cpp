/* tree_model.cpp: see tree_model.h. */
#include "tree_model.h"

namespace qtbench {

TreeModel::TreeModel(const Shape &shape, QObject *parent) : QAbstractItemModel(parent)
{
    /* Breadth first, so each node's children get consecutive indices. */
    m_sectionNode.assign(shape.sections.size(), -1);
    m_nodes.reserve(size_t(shape.expandedItems()));
    for (size_t i = 0; i < shape.tops.size(); i++) {
        m_sectionNode[size_t(shape.tops[i])] = int32_t(m_nodes.size());
        m_nodes.push_back(Node{-1, int32_t(i), 0, 0, kHeaderHeight, shape.tops[i], true});
    }
    m_topCount = int32_t(shape.tops.size());
    for (size_t n = 0; n < m_nodes.size(); n++) {
        if (!m_nodes[n].section)
            continue;
        const Section &s = shape.sections[size_t(m_nodes[n].label)];
        const int32_t first = int32_t(m_nodes.size());
        for (size_t c = 0; c < s.children.size(); c++) {
            m_sectionNode[size_t(s.children[c])] = int32_t(m_nodes.size());
            m_nodes.push_back(Node{int32_t(n), int32_t(c), 0, 0, kHeaderHeight, s.children[c], true});
        }
        for (int64_t r = 0; r < s.rowCount; r++)
            m_nodes.push_back(Node{int32_t(n), int32_t(r), 0, 0,
                                   shape.rowHeights[size_t(s.firstRow + r)], int32_t(r), false});
        m_nodes[n].first = first;
        m_nodes[n].count = int32_t(m_nodes.size()) - first;
    }
}

/* An index's internal pointer is its node, as in Qt's Simple Tree Model
 * example. With node numbers as internal ids, QTreeView::collapseAll took
 * 53 s at 10^3 sections (10^5 rows), nearly all of it (gdb) in
 * QAbstractItemModelPrivate::removePersistentIndexData as the expanded
 * sections' persistent indexes were dropped; Qt 6.4 hashes an index as
 * (row << 4) + column + internalId, which such small ids seem to suit badly.
 * With pointers it takes what QStandardItemModel's does. */
QModelIndex TreeModel::indexOf(int row, int32_t node) const
{
    return createIndex(row, 0, const_cast<Node *>(&m_nodes[size_t(node)]));
}

const TreeModel::Node &TreeModel::node(const QModelIndex &index) const
{
    return *static_cast<const Node *>(index.internalPointer());
}

QModelIndex TreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0 || parent.column() > 0)
        return QModelIndex();
    int32_t first = 0, count = m_topCount;
    if (parent.isValid()) {
        const Node &p = node(parent);
        first = p.first;
        count = p.count;
    }
    if (row >= count)
        return QModelIndex();
    return indexOf(row, first + row);
}

QModelIndex TreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return QModelIndex();
    const int32_t p = node(child).parent;
    if (p < 0)
        return QModelIndex();
    return indexOf(m_nodes[size_t(p)].row, p);
}

int TreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return m_topCount;
    if (parent.column() > 0)
        return 0;
    return node(parent).count;
}

int TreeModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant TreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return QVariant();
    const Node &n = node(index);
    if (role == Qt::DisplayRole)
        return n.section ? QStringLiteral("Section %1").arg(n.label) : QStringLiteral("Row %1").arg(n.label);
    if (role == kHeightRole)
        return n.height;
    return QVariant();
}

QModelIndex TreeModel::rowIndex(int section, int64_t row) const
{
    const Node &s = m_nodes[size_t(m_sectionNode[size_t(section)])];
    return indexOf(int(row), int32_t(s.first + row));
}

void TreeModel::setRowHeight(int section, int64_t row, int height)
{
    const QModelIndex i = rowIndex(section, row);
    m_nodes[size_t(&node(i) - m_nodes.data())].height = height;
    Q_EMIT dataChanged(i, i, {kHeightRole});
}

} // namespace qtbench
