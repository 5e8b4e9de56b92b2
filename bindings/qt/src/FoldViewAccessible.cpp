/* FoldViewAccessible.cpp: see FoldViewAccessible.h. */
#include "FoldViewAccessible.h"

#include "FoldView.h"

#include <QWindow>

#include <algorithm>

namespace {

constexpr int64_t kMaxSticky = FOLD_MAX_DEPTH + 1;
/* Item interfaces kept beyond those shown before the hidden ones are dropped. */
constexpr size_t kKeptItems = 256;

QAccessibleInterface *factory(const QString &classname, QObject *object)
{
    if (classname != QLatin1String("FoldView"))
        return nullptr;
    if (FoldView *view = qobject_cast<FoldView *>(object))
        return new FoldViewAccessible(view);
    return nullptr;
}

} // namespace

/* ---- the view ------------------------------------------------------------ */

void FoldViewAccessible::installFactory()
{
    static const bool installed = [] {
        QAccessible::installFactory(factory);
        return true;
    }();
    Q_UNUSED(installed);
}

FoldViewAccessible::FoldViewAccessible(FoldView *view) : QAccessibleWidget(view, QAccessible::Tree), m_view(view)
{
    view->m_accessible = this;
    watchModel();
}

FoldViewAccessible::~FoldViewAccessible()
{
    if (m_view && m_view->m_accessible == this)
        m_view->m_accessible = nullptr;
    forgetItems();
}

void FoldViewAccessible::viewDestroyed()
{
    forgetItems();
    m_view = nullptr;
}

void FoldViewAccessible::forgetItems()
{
    const std::vector<FoldItemAccessible *> items = std::move(m_items);
    m_items.clear();
    for (FoldItemAccessible *item : items)
        QAccessible::deleteAccessibleInterface(QAccessible::uniqueId(item));
}

/* The engine's flags of the items with interfaces are compared with what was
 * reported on every dataChanged (the model's redraw ranges): whoever
 * collapsed or selected them, the view, the model or the C API. */
void FoldViewAccessible::watchModel()
{
    QObject::disconnect(&m_watch, nullptr, nullptr, nullptr);
    FoldListModel *model = m_view ? m_view->model() : nullptr;
    if (!model)
        return;
    QObject::connect(model, &QAbstractItemModel::dataChanged, &m_watch,
                     [this](const QModelIndex &first, const QModelIndex &last) {
                         flagsChanged(first.row(), last.row());
                     });
    QObject::connect(model, &QAbstractItemModel::modelReset, &m_watch, [this] { forgetItems(); });
}

void FoldViewAccessible::modelSet()
{
    /* The model's old signals disconnected by watchModel; its items' interfaces go. */
    forgetItems();
    watchModel();
}

QAccessible::State FoldViewAccessible::state() const
{
    QAccessible::State st = QAccessibleWidget::state();
    st.multiSelectable = true;
    return st;
}

std::vector<int> FoldViewAccessible::shownRows() const
{
    std::vector<int> rows;
    FoldListModel *model = m_view ? m_view->model() : nullptr;
    if (!model)
        return rows;
    const fold_table *t = model->table();
    const double offset = m_view->scrollOffset();
    const double height = m_view->viewport()->height();
    int64_t written = 0, total = 0;
    if (fold_table_visible_items(t, offset, height, 0, nullptr, 0, &written, &total) != FOLD_OK)
        return rows;
    std::vector<fold_visible_item> items(size_t(std::max<int64_t>(total, 0)));
    if (total > 0 &&
        fold_table_visible_items(t, offset, height, 0, items.data(), total, &written, nullptr) != FOLD_OK)
        return rows;
    fold_sticky_header sticky[kMaxSticky];
    int64_t stuck = 0;
    if (fold_table_sticky_headers(t, offset, sticky, kMaxSticky, &stuck, nullptr) != FOLD_OK)
        stuck = 0;
    rows.reserve(size_t(written + stuck));
    for (int64_t i = 0; i < written; i++)
        rows.push_back(int(items[size_t(i)].position));
    for (int64_t i = 0; i < stuck; i++)
        rows.push_back(int(sticky[i].position));
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    return rows;
}

int FoldViewAccessible::childCount() const
{
    return int(shownRows().size());
}

QAccessibleInterface *FoldViewAccessible::child(int index) const
{
    const std::vector<int> rows = shownRows();
    if (index < 0 || size_t(index) >= rows.size())
        return nullptr;
    return item(rows[size_t(index)]);
}

int FoldViewAccessible::indexOfChild(const QAccessibleInterface *child) const
{
    const auto *it = dynamic_cast<const FoldItemAccessible *>(child);
    if (!it || it->m_view != m_view)
        return -1;
    const int row = it->row();
    const std::vector<int> rows = shownRows();
    const auto at = std::lower_bound(rows.begin(), rows.end(), row);
    return row >= 0 && at != rows.end() && *at == row ? int(at - rows.begin()) : -1;
}

QAccessibleInterface *FoldViewAccessible::childAt(int x, int y) const
{
    if (!m_view)
        return nullptr;
    const int row = m_view->indexAt(m_view->viewport()->mapFromGlobal(QPoint(x, y)));
    return row >= 0 ? item(row) : nullptr;
}

QAccessibleInterface *FoldViewAccessible::focusChild() const
{
    if (!m_view || !m_view->hasFocus())
        return nullptr;
    const int row = m_view->currentRow();
    return row >= 0 ? item(row) : nullptr;
}

FoldItemAccessible *FoldViewAccessible::item(int row) const
{
    FoldListModel *model = m_view ? m_view->model() : nullptr;
    if (!model || row < 0 || row >= model->rowCount())
        return nullptr;
    for (FoldItemAccessible *it : m_items)
        if (it->row() == row)
            return it;
    /* Before adding one, drop the interfaces of items gone or no longer shown. */
    if (m_items.size() >= kKeptItems) {
        const std::vector<int> rows = shownRows();
        std::vector<FoldItemAccessible *> kept;
        for (FoldItemAccessible *it : m_items) {
            const int r = it->row();
            if (r >= 0 && std::binary_search(rows.begin(), rows.end(), r))
                kept.push_back(it);
            else
                QAccessible::deleteAccessibleInterface(QAccessible::uniqueId(it));
        }
        m_items = std::move(kept);
    }
    auto *it = new FoldItemAccessible(m_view, model->index(row));
    it->m_reported = it->flags();
    QAccessible::registerAccessibleInterface(it);
    m_items.push_back(it);
    return it;
}

void FoldViewAccessible::send(FoldItemAccessible *item, QAccessible::Event type) const
{
    const int child = indexOfChild(item);
    if (child >= 0) {
        QAccessibleEvent event(m_view, type);
        event.setChild(child);
        QAccessible::updateAccessibility(&event);
    } else {
        QAccessibleEvent event(item, type);
        QAccessible::updateAccessibility(&event);
    }
}

void FoldViewAccessible::flagsChanged(int first, int last)
{
    /* A copy: a handler may ask for children, which may drop interfaces;
     * only those still kept are reported. */
    const std::vector<FoldItemAccessible *> items = m_items;
    for (FoldItemAccessible *it : items) {
        if (std::find(m_items.begin(), m_items.end(), it) == m_items.end())
            continue;
        const int row = it->row();
        if (row < first || row > last)
            continue;
        const uint32_t now = it->flags();
        const uint32_t changed = now ^ it->m_reported;
        it->m_reported = now;
        if (changed & (FOLD_ITEM_FLAG_COLLAPSED | FOLD_ITEM_FLAG_EXPANDED)) {
            QAccessible::State states;
            states.expanded = states.collapsed = true;
            const int child = indexOfChild(it);
            if (child >= 0) {
                QAccessibleStateChangeEvent event(m_view, states);
                event.setChild(child);
                QAccessible::updateAccessibility(&event);
            } else {
                QAccessibleStateChangeEvent event(it, states);
                QAccessible::updateAccessibility(&event);
            }
        }
        if ((changed & FOLD_ITEM_FLAG_SELECTED) &&
            std::find(m_items.begin(), m_items.end(), it) != m_items.end())
            send(it, now & FOLD_ITEM_FLAG_SELECTED ? QAccessible::SelectionAdd : QAccessible::SelectionRemove);
    }
}

void FoldViewAccessible::focusMoved(int row)
{
    if (FoldItemAccessible *it = item(row))
        send(it, QAccessible::Focus);
}

void FoldViewAccessible::selectionChanged()
{
    if (!m_view)
        return;
    QAccessibleEvent event(m_view, QAccessible::SelectionWithin);
    QAccessible::updateAccessibility(&event);
}

/* ---- an item ------------------------------------------------------------- */

FoldItemAccessible::FoldItemAccessible(FoldView *view, const QModelIndex &index) : m_view(view), m_index(index)
{
}

bool FoldItemAccessible::isValid() const
{
    return m_view && m_index.isValid() && m_view->model() == m_index.model();
}

int FoldItemAccessible::row() const
{
    return isValid() ? m_index.row() : -1;
}

uint32_t FoldItemAccessible::flags() const
{
    return isValid() ? m_index.data(FoldListModel::FlagsRole).toUInt() : 0u;
}

QWindow *FoldItemAccessible::window() const
{
    return m_view ? m_view->window()->windowHandle() : nullptr;
}

QAccessibleInterface *FoldItemAccessible::parent() const
{
    return m_view ? QAccessible::queryAccessibleInterface(m_view.data()) : nullptr;
}

QString FoldItemAccessible::text(QAccessible::Text t) const
{
    if (!isValid())
        return QString();
    switch (t) {
    case QAccessible::Name: return m_index.data(Qt::DisplayRole).toString();
    case QAccessible::Description:
        return m_index.data(FoldListModel::KindRole).toInt() == FOLD_ITEM_HEADER
                   ? m_index.data(FoldListModel::DetailRole).toString()
                   : QString();
    default: return QString();
    }
}

QRect FoldItemAccessible::rect() const
{
    if (!isValid())
        return QRect();
    const QRect r = m_view->visualRect(m_index.row());
    return r.isNull() ? QRect() : QRect(m_view->viewport()->mapToGlobal(r.topLeft()), r.size());
}

QAccessible::State FoldItemAccessible::state() const
{
    QAccessible::State st;
    if (!isValid()) {
        st.invalid = true;
        return st;
    }
    const uint32_t f = flags();
    const int kind = m_index.data(FoldListModel::KindRole).toInt();
    st.focusable = true;
    st.focused = bool(f & FOLD_ITEM_FLAG_FOCUSED);
    st.selectable = kind == FOLD_ITEM_HEADER || kind == FOLD_ITEM_ROW; /* the engine selects these */
    st.selected = bool(f & FOLD_ITEM_FLAG_SELECTED);
    const bool header = kind == FOLD_ITEM_HEADER && (f & FOLD_ITEM_FLAG_COLLAPSIBLE);
    const bool row = kind == FOLD_ITEM_ROW && (f & FOLD_ITEM_FLAG_EXPANDABLE);
    if (header || row) {
        const bool collapsed = header ? bool(f & FOLD_ITEM_FLAG_COLLAPSED) : !(f & FOLD_ITEM_FLAG_EXPANDED);
        st.expandable = true;
        st.collapsed = collapsed;
        st.expanded = !collapsed;
    }
    if (!m_view->viewport()->rect().intersects(m_view->visualRect(m_index.row())))
        st.offscreen = true;
    return st;
}

void *FoldItemAccessible::interface_cast(QAccessible::InterfaceType type)
{
    return type == QAccessible::ActionInterface ? static_cast<QAccessibleActionInterface *>(this) : nullptr;
}

QStringList FoldItemAccessible::actionNames() const
{
    if (!isValid())
        return {};
    QStringList names{pressAction()};
    if (state().expandable)
        names << toggleAction();
    return names;
}

/* Through the engine: press does what a click does, toggle collapses or
 * expands (FoldListModel::toggle). */
void FoldItemAccessible::doAction(const QString &name)
{
    if (!isValid())
        return;
    const int r = m_index.row();
    if (name == pressAction())
        m_view->activateRow(r);
    else if (name == toggleAction() && state().expandable)
        m_view->model()->toggle(r);
}

QStringList FoldItemAccessible::keyBindingsForAction(const QString &) const
{
    return {};
}
