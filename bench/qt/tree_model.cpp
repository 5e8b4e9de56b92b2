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

QModelIndex TreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0 || parent.column() > 0)
        return QModelIndex();
    int32_t first = 0, count = m_topCount;
    if (parent.isValid()) {
        const Node &p = m_nodes[size_t(parent.internalId())];
        first = p.first;
        count = p.count;
    }
    if (row >= count)
        return QModelIndex();
    return createIndex(row, 0, quintptr(first + row));
}

QModelIndex TreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return QModelIndex();
    const int32_t p = m_nodes[size_t(child.internalId())].parent;
    if (p < 0)
        return QModelIndex();
    return createIndex(m_nodes[size_t(p)].row, 0, quintptr(p));
}

int TreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return m_topCount;
    if (parent.column() > 0)
        return 0;
    return m_nodes[size_t(parent.internalId())].count;
}

int TreeModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant TreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return QVariant();
    const Node &n = m_nodes[size_t(index.internalId())];
    if (role == Qt::DisplayRole)
        return n.section ? QStringLiteral("Section %1").arg(n.label) : QStringLiteral("Row %1").arg(n.label);
    if (role == kHeightRole)
        return n.height;
    return QVariant();
}

QModelIndex TreeModel::rowIndex(int section, int64_t row) const
{
    const Node &s = m_nodes[size_t(m_sectionNode[size_t(section)])];
    return createIndex(int(row), 0, quintptr(s.first + row));
}

void TreeModel::setRowHeight(int section, int64_t row, int height)
{
    const QModelIndex i = rowIndex(section, row);
    m_nodes[size_t(i.internalId())].height = height;
    Q_EMIT dataChanged(i, i, {kHeightRole});
}

} // namespace qtbench
