/*
 * FoldListModel.cpp — the QAbstractListModel over a fold_table (see
 * FoldListModel.h); the change sets are replayed by fold-replay.cpp.
 */
#include "FoldListModel.h"

#include "fold-replay.h"

#include <QMetaObject>
#include <QSize>
#include <QThread>
#include <QVariantMap>
#include <QtDebug>

#include <climits>
#include <cmath>

using FoldTableQtPrivate::Replay;

namespace {

/* The table's item count, clamped to what a Qt model can show; 0 if it
 * cannot say. */
int tableCount(const fold_table *table)
{
    int64_t count = 0;
    if (!table || fold_table_item_count(table, &count) != FOLD_OK || count < 0)
        return 0;
    if (count > INT_MAX) {
        qWarning("FoldListModel: the table has %lld items; a Qt model shows at most %d",
                 static_cast<long long>(count), INT_MAX);
        return INT_MAX;
    }
    return static_cast<int>(count);
}

} // namespace

FoldListModel::FoldListModel(QObject *parent)
    : QAbstractListModel(parent)
{
    const int status = fold_table_new(nullptr, &m_table);
    if (status != FOLD_OK) {
        qWarning("FoldListModel: cannot make a table: %s: %s", fold_status_name(status),
                 fold_last_error_message());
        m_table = nullptr;
        return;
    }
    m_owned = true;
    listen();
}

FoldListModel::FoldListModel(fold_table *table, QObject *parent)
    : QAbstractListModel(parent), m_table(table)
{
    if (!m_table) {
        qWarning("FoldListModel: given no table (NULL); the model stays empty");
        return;
    }
    listen();
}

FoldListModel::~FoldListModel()
{
    /* Once it returns, the listener runs no more, on any thread. */
    if (m_table && m_listener >= 0)
        fold_table_remove_listener(m_table, m_listener);
    if (m_owned)
        fold_table_free(m_table);
}

void FoldListModel::listen()
{
    const int status = fold_table_add_change_listener(m_table, onTableChanged, this, &m_listener);
    if (status != FOLD_OK) {
        m_listener = -1;
        qWarning("FoldListModel: cannot listen to the table's changes: %s: %s",
                 fold_status_name(status), fold_last_error_message());
    }
    m_count = tableCount(m_table);
}

/* ---- the change sets -------------------------------------------------------- */

void FoldListModel::onTableChanged(fold_table *, const fold_change_set *changes, void *data)
{
    auto *self = static_cast<FoldListModel *>(data);
    if (QThread::currentThread() != self->thread()) {
        /* Qt models change on their own thread: show it there, as a reset. */
        if (!self->m_resetQueued.exchange(true)) {
            qWarning("FoldListModel: the table changed on another thread than the model's; "
                     "the model is reset on its own thread");
            QMetaObject::invokeMethod(
                self, [self] { self->reset(nullptr); }, Qt::QueuedConnection);
        }
        return;
    }
    self->apply(changes);
}

void FoldListModel::reset(const char *why)
{
    if (why)
        qWarning("FoldListModel: %s; resetting the model", why);
    m_resetQueued = false;
    const int before = m_count;
    beginResetModel();
    m_count = tableCount(m_table);
    endResetModel();
    if (m_count != before)
        Q_EMIT countChanged();
}

void FoldListModel::apply(const fold_change_set *cs)
{
    if (!cs || cs->change_count < 0 || (cs->change_count > 0 && !cs->changes) ||
        cs->redraw_count < 0 || (cs->redraw_count > 0 && !cs->redraw)) {
        reset("a change set that cannot be read");
        return;
    }
    if (m_resetQueued) {
        /* A change from another thread is waiting to be shown as a reset:
         * the list shown is not the one this set starts from. Reset now. */
        reset(nullptr);
        return;
    }
    if (m_replay) {
        /* A handler of one of our signals changed the table: the engine
         * refuses that (FOLD_E_BUSY), so this does not happen; if it did,
         * the list shown would no longer be the one the set starts from. */
        reset("a change set arrived while another was being shown");
        return;
    }
    const int before = m_count;
    const int after = tableCount(m_table);
    if (cs->change_count > 0) {
        Replay replay;
        bool movesDropped = false;
        if (!replay.build(before, after, cs->changes, cs->change_count, cs->moves,
                          cs->move_count, &movesDropped)) {
            reset("a change set does not match the items the model shows");
            return;
        }
        if (movesDropped)
            qWarning("FoldListModel: a change set's moves do not fit its steps; "
                     "showing them as removals and insertions");
        m_replay = &replay;
        const auto &parts = replay.parts();
        /* 1. What is gone, last first. */
        for (size_t i = parts.size(); i-- > 0;) {
            if (parts[i].kind != Replay::Dead)
                continue;
            const int first = static_cast<int>(replay.rowOf(i));
            beginRemoveRows(QModelIndex(), first, first + static_cast<int>(parts[i].length) - 1);
            replay.setShown(i, 0);
            m_count = static_cast<int>(replay.shownCount());
            endRemoveRows();
        }
        /* 2. What moved, where it lands, in new-list order. */
        for (size_t i = 0; i < parts.size(); i++) {
            if (parts[i].kind != Replay::MovedIn)
                continue;
            const size_t out = static_cast<size_t>(parts[i].partner);
            const int64_t length = parts[i].length;
            const int first = static_cast<int>(replay.rowOf(out));
            const int last = first + static_cast<int>(length) - 1;
            const int destination = static_cast<int>(replay.rowOf(i));
            if (destination == first || destination == last + 1) {
                /* Already in place among what is shown: nothing to signal. */
                replay.setShown(out, 0);
                replay.setShown(i, length);
            } else if (beginMoveRows(QModelIndex(), first, last, QModelIndex(), destination)) {
                replay.setShown(out, 0);
                replay.setShown(i, length);
                endMoveRows();
            } else {
                /* Not a move Qt takes: out, then in. */
                beginRemoveRows(QModelIndex(), first, last);
                replay.setShown(out, 0);
                m_count = static_cast<int>(replay.shownCount());
                endRemoveRows();
                const int at = static_cast<int>(replay.rowOf(i));
                beginInsertRows(QModelIndex(), at, at + static_cast<int>(length) - 1);
                replay.setShown(i, length);
                m_count = static_cast<int>(replay.shownCount());
                endInsertRows();
            }
        }
        /* 3. What is new, first first. */
        for (size_t i = 0; i < parts.size(); i++) {
            if (parts[i].kind != Replay::Fresh)
                continue;
            const int first = static_cast<int>(replay.rowOf(i));
            beginInsertRows(QModelIndex(), first, first + static_cast<int>(parts[i].length) - 1);
            replay.setShown(i, parts[i].length);
            m_count = static_cast<int>(replay.shownCount());
            endInsertRows();
        }
        m_replay = nullptr;
        m_count = after;
    } else if (after != before) {
        reset("the item count changed without a step");
        return;
    }
    /* 4. What stayed but looks different. */
    for (int64_t i = 0; i < cs->redraw_count; i++) {
        const fold_range &range = cs->redraw[i];
        if (range.position < 0 || range.count <= 0 || range.position >= m_count ||
            range.count > m_count - range.position) {
            qWarning("FoldListModel: a redraw range (%lld, %lld) outside the %d items; ignored",
                     static_cast<long long>(range.position), static_cast<long long>(range.count),
                     m_count);
            continue;
        }
        const int first = static_cast<int>(range.position);
        Q_EMIT dataChanged(index(first), index(first + static_cast<int>(range.count) - 1));
    }
    if (m_count != before)
        Q_EMIT countChanged();
}

/* ---- reading ------------------------------------------------------------------ */

int FoldListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_count;
}

int64_t FoldListModel::enginePosition(int row) const
{
    if (row < 0 || row >= m_count)
        return -1;
    return m_replay ? m_replay->newPosition(row) : row;
}

bool FoldListModel::itemAt(int row, fold_item *out) const
{
    const int64_t at = enginePosition(row);
    return at >= 0 && m_table && fold_table_item_at(m_table, at, out) == FOLD_OK;
}

QVariant FoldListModel::sectionText(fold_section_id section, int32_t which) const
{
    char buffer[256];
    size_t length = 0;
    if (fold_table_section_text(m_table, section, which, buffer, sizeof buffer, &length) != FOLD_OK)
        return QVariant();
    if (length < sizeof buffer)
        return QString::fromUtf8(buffer, static_cast<qsizetype>(length));
    QByteArray text(static_cast<qsizetype>(length), Qt::Uninitialized);
    if (fold_table_section_text(m_table, section, which, text.data(), length + 1, &length) != FOLD_OK)
        return QVariant();
    return QString::fromUtf8(text.constData(), static_cast<qsizetype>(length));
}

QVariant FoldListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.model() != this || index.column() != 0 || index.parent().isValid())
        return QVariant();
    const int64_t at = enginePosition(index.row());
    fold_item item;
    int64_t sectionIndex = -1;
    if (at < 0 || !m_table ||
        fold_table_item_at_with_index(m_table, at, &item, &sectionIndex) != FOLD_OK)
        return QVariant();
    const bool sectionItem = item.kind == FOLD_ITEM_HEADER || item.kind == FOLD_ITEM_FOOTER;
    const bool failed = item.kind == FOLD_ITEM_PLACEHOLDER && (item.flags & FOLD_ITEM_FLAG_FAILED);
    switch (role) {
    case Qt::DisplayRole:
        if (item.kind == FOLD_ITEM_HEADER)
            return sectionText(item.section, FOLD_TEXT_TITLE);
        if (failed)
            return sectionText(item.section, FOLD_TEXT_LOAD_ERROR);
        if (item.kind == FOLD_ITEM_PLACEHOLDER)
            return QVariant();
        break;
    case Qt::SizeHintRole: {
        double height = 0;
        if (fold_table_item_height(m_table, at, &height) != FOLD_OK)
            return QVariant();
        return QSize(0, static_cast<int>(std::ceil(height)));
    }
    case KindRole: return static_cast<int>(item.kind);
    case KeyRole: return sectionText(item.section, FOLD_TEXT_KEY);
    case TitleRole: return sectionText(item.section, FOLD_TEXT_TITLE);
    case DetailRole: return sectionText(item.section, FOLD_TEXT_DETAIL);
    case IndicatorRole:
        return sectionItem ? sectionText(item.section, FOLD_TEXT_INDICATOR) : QVariant();
    case DepthRole: return static_cast<int>(item.depth);
    case SectionRole: return static_cast<quint64>(item.section);
    case SectionIndexRole: return static_cast<qint64>(sectionIndex);
    case RowRole: return static_cast<qint64>(item.row);
    case CollapsedRole: return bool(item.flags & FOLD_ITEM_FLAG_COLLAPSED);
    case CollapsibleRole: return bool(item.flags & FOLD_ITEM_FLAG_COLLAPSIBLE);
    case ExpandedRole: return bool(item.flags & FOLD_ITEM_FLAG_EXPANDED);
    case ExpandableRole: return bool(item.flags & FOLD_ITEM_FLAG_EXPANDABLE);
    case SelectedRole: return bool(item.flags & FOLD_ITEM_FLAG_SELECTED);
    case FocusedRole: return bool(item.flags & FOLD_ITEM_FLAG_FOCUSED);
    case MatchRole: return bool(item.flags & FOLD_ITEM_FLAG_MATCH);
    case LoadingRole: return bool(item.flags & FOLD_ITEM_FLAG_LOADING);
    case FailedRole: return failed;
    case HeightRole: {
        double height = 0;
        return fold_table_item_height(m_table, at, &height) == FOLD_OK ? QVariant(height) : QVariant();
    }
    case TopRole: {
        double top = 0;
        return fold_table_item_top(m_table, at, &top) == FOLD_OK ? QVariant(top) : QVariant();
    }
    case FlagsRole: return static_cast<uint>(item.flags);
    case LoadErrorRole: return failed ? sectionText(item.section, FOLD_TEXT_LOAD_ERROR) : QVariant();
    default: break;
    }
    return customData(index.row(), item, role);
}

QVariant FoldListModel::customData(int, const fold_item &, int) const
{
    return QVariant();
}

Qt::ItemFlags FoldListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this || index.row() >= m_count)
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QHash<int, QByteArray> FoldListModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(Qt::SizeHintRole, "sizeHint");
    names.insert(KindRole, "kind");
    names.insert(KeyRole, "key");
    names.insert(TitleRole, "title");
    names.insert(DetailRole, "detail");
    names.insert(IndicatorRole, "indicator");
    names.insert(DepthRole, "depth");
    names.insert(SectionRole, "section");
    names.insert(SectionIndexRole, "sectionIndex");
    names.insert(RowRole, "row");
    names.insert(CollapsedRole, "collapsed");
    names.insert(CollapsibleRole, "collapsible");
    names.insert(ExpandedRole, "expanded");
    names.insert(ExpandableRole, "expandable");
    names.insert(SelectedRole, "selected");
    names.insert(FocusedRole, "focused");
    names.insert(MatchRole, "match");
    names.insert(LoadingRole, "loading");
    names.insert(FailedRole, "failed");
    names.insert(HeightRole, "height");
    names.insert(TopRole, "top");
    names.insert(FlagsRole, "flags");
    names.insert(LoadErrorRole, "loadError");
    return names;
}

int FoldListModel::headerRow(const QString &key) const
{
    if (!m_table)
        return -1;
    fold_section_id section = 0;
    int64_t position = -1;
    const QByteArray utf8 = key.toUtf8();
    if (fold_table_find_section(m_table, utf8.constData(), &section) != FOLD_OK ||
        fold_table_header_position(m_table, section, &position) != FOLD_OK)
        return -1;
    /* A position of the table's list as it is; between signals the model
     * shows another list, where the header may not be yet. */
    if (m_replay || position >= m_count)
        return -1;
    return static_cast<int>(position);
}

/* ---- changing ----------------------------------------------------------------- */

void FoldListModel::warn(const char *what, int row, int status) const
{
    if (m_replay)
        qWarning("FoldListModel::%s(%d): the table cannot change while the model signals a change "
                 "(change it after the signal, for example through a queued connection)", what, row);
    else if (status == FOLD_OK)
        qWarning("FoldListModel::%s(%d): no such row (the model has %d)", what, row, m_count);
    else
        qWarning("FoldListModel::%s(%d): %s: %s", what, row, fold_status_name(status),
                 fold_last_error_message());
}

bool FoldListModel::change(int row, Change how, const char *what)
{
    fold_item item;
    if (m_replay || !itemAt(row, &item)) {
        warn(what, row, FOLD_OK);
        return false;
    }
    int changed = 0, status;
    if (item.kind == FOLD_ITEM_ROW) {
        switch (how) {
        case Collapse: status = fold_table_collapse_row(m_table, item.section, item.row, &changed); break;
        case Expand: status = fold_table_expand_row(m_table, item.section, item.row, &changed); break;
        default: status = fold_table_toggle_row(m_table, item.section, item.row, &changed); break;
        }
    } else {
        switch (how) {
        case Collapse: status = fold_table_collapse(m_table, item.section, &changed); break;
        case Expand: status = fold_table_expand(m_table, item.section, &changed); break;
        default: status = fold_table_toggle(m_table, item.section, &changed); break;
        }
    }
    if (status != FOLD_OK) {
        warn(what, row, status);
        return false;
    }
    return changed != 0;
}

bool FoldListModel::collapse(int row) { return change(row, Collapse, "collapse"); }
bool FoldListModel::expand(int row) { return change(row, Expand, "expand"); }
bool FoldListModel::toggle(int row) { return change(row, Toggle, "toggle"); }

int FoldListModel::activate(int row)
{
    if (m_replay || row < 0 || row >= m_count || !m_table) {
        warn("activate", row, FOLD_OK);
        return Failed;
    }
    int32_t action = FOLD_ACTIVATED_NOTHING;
    const int status = fold_table_activate(m_table, row, &action);
    if (status != FOLD_OK) {
        warn("activate", row, status);
        return Failed;
    }
    return action;
}

QVariantList FoldListModel::stickyHeaders(qreal offset) const
{
    QVariantList out;
    if (!m_table || m_replay)
        return out;
    if (!std::isfinite(offset)) {
        qWarning("FoldListModel::stickyHeaders(%g): the offset must be a finite number", offset);
        return out;
    }
    /* At most one header per level. */
    fold_sticky_header sticky[FOLD_MAX_DEPTH];
    int64_t written = 0;
    const int status = fold_table_sticky_headers(m_table, offset, sticky, FOLD_MAX_DEPTH, &written, nullptr);
    if (status != FOLD_OK) {
        qWarning("FoldListModel::stickyHeaders(%g): %s: %s", offset, fold_status_name(status),
                 fold_last_error_message());
        return out;
    }
    for (int64_t i = 0; i < written; i++) {
        const fold_sticky_header &h = sticky[i];
        /* A change made on another thread: the model shows the list of
         * before until its reset runs. */
        if (h.position >= m_count)
            break;
        fold_item item;
        const bool collapsed = fold_table_item_at(m_table, h.position, &item) == FOLD_OK &&
                               (item.flags & FOLD_ITEM_FLAG_COLLAPSED);
        QVariantMap header;
        header.insert(QStringLiteral("row"), static_cast<int>(h.position));
        header.insert(QStringLiteral("top"), h.top);
        header.insert(QStringLiteral("height"), h.height);
        header.insert(QStringLiteral("depth"), static_cast<int>(h.depth));
        header.insert(QStringLiteral("section"), static_cast<quint64>(h.section));
        header.insert(QStringLiteral("title"), sectionText(h.section, FOLD_TEXT_TITLE));
        header.insert(QStringLiteral("detail"), sectionText(h.section, FOLD_TEXT_DETAIL));
        header.insert(QStringLiteral("indicator"), sectionText(h.section, FOLD_TEXT_INDICATOR));
        header.insert(QStringLiteral("collapsed"), collapsed);
        out.append(header);
    }
    return out;
}
