/*
 * FoldListModel.h — FoldTable for Qt 6: a QAbstractListModel over a
 * fold_table's flat list.
 *
 * The model's rows are the engine's items in list order: section headers,
 * rows, footers and load placeholders, exactly as fold_table_item_at()
 * reports them (model row r is item position r). Collapsing a section
 * removes its items from the model, expanding inserts them, moving a
 * section or row moves them: every change set the engine reports becomes
 * the matching beginRemoveRows / beginInsertRows / beginMoveRows ... end*
 * signals, and its redraw ranges become dataChanged(). Nothing is read
 * ahead: data() asks the engine for the item it is asked about, in
 * O(depth * log n).
 *
 * The table, owned or borrowed: FoldListModel(parent) makes a table of its
 * own with the default options and frees it when it is destroyed;
 * FoldListModel(table, parent) borrows `table`, which must outlive the model
 * (free it after deleting the model). Either way the table is changed
 * through the C API (fold_table_insert_section(model->table(), ...)) or the
 * invokables below, and the model follows.
 *
 * Threads: like every Qt model, it must be changed on its own thread (the
 * thread it lives in), and it emits its signals there, from inside the
 * engine's change listener: a slot connected to them may read the table,
 * but a call that changes it returns FOLD_E_BUSY; change it afterwards
 * (a queued connection, QTimer::singleShot(0, ...)). A change made on
 * another thread is shown by a model reset queued to the model's thread,
 * with a warning; until it runs the model answers from the table as it is
 * and returns an invalid QVariant for rows that are gone. The same holds
 * inside an open batch (fold_table_begin_batch): the model shows the list
 * of before the batch until it ends.
 */
#ifndef FOLD_LIST_MODEL_H
#define FOLD_LIST_MODEL_H

#include <foldtable.h>

#include <QAbstractListModel>
#include <QVariantList>


#include <atomic>

#if defined(FOLDTABLE_QT_BUILDING)
#define FOLDTABLE_QT_EXPORT Q_DECL_EXPORT
#else
#define FOLDTABLE_QT_EXPORT Q_DECL_IMPORT
#endif

namespace FoldTableQtPrivate {
class Replay;
}

class FOLDTABLE_QT_EXPORT FoldListModel : public QAbstractListModel
{
    Q_OBJECT
    /* rowCount(), for QML. */
    Q_PROPERTY(int count READ count NOTIFY countChanged)

public:
    /* An item's kind (KindRole): FOLD_ITEM_* of foldtable.h. */
    enum Kind {
        Header = FOLD_ITEM_HEADER,
        Row = FOLD_ITEM_ROW,
        Footer = FOLD_ITEM_FOOTER,
        Placeholder = FOLD_ITEM_PLACEHOLDER,
    };
    Q_ENUM(Kind)

    /* What activate() did: FOLD_ACTIVATED_* of foldtable.h, or Failed. */
    enum Activation {
        Failed = -1,
        Nothing = FOLD_ACTIVATED_NOTHING,
        SectionCollapsed = FOLD_ACTIVATED_SECTION_COLLAPSED,
        SectionExpanded = FOLD_ACTIVATED_SECTION_EXPANDED,
        RowExpanded = FOLD_ACTIVATED_ROW_EXPANDED,
        RowCollapsed = FOLD_ACTIVATED_ROW_COLLAPSED,
        Refused = FOLD_ACTIVATED_REFUSED,
        LoadRetried = FOLD_ACTIVATED_LOAD_RETRIED,
    };
    Q_ENUM(Activation)

    /* The roles data() answers besides Qt's (names for QML in roleNames()).
     * Qt::DisplayRole is a header's title and a failed placeholder's error
     * message; Qt::SizeHintRole is QSize(0, height rounded up). Rows and
     * footers have no text in the engine: their DisplayRole, and any role
     * not listed here, comes from customData(). */
    enum Roles {
        KindRole = Qt::UserRole + 1, /* "kind": Kind, as an int */
        KeyRole,          /* "key": the item's section's key (QString) */
        TitleRole,        /* "title": its section's header text before '|' */
        DetailRole,       /* "detail": after '|'; invalid without one */
        IndicatorRole,    /* "indicator": a header's or footer's "+" or "–",
                             "" when its section cannot collapse now; invalid
                             for rows and placeholders */
        DepthRole,        /* "depth": nesting depth of its section (0 = top) */
        SectionRole,      /* "section": its section's fold_section_id (quint64) */
        SectionIndexRole, /* "sectionIndex": the section's index among its
                             parent's children (qint64) */
        RowRole,          /* "row": the row index in its section (qint64); -1
                             for headers, footers and placeholders */
        CollapsedRole,    /* "collapsed": a header or footer whose section shows
                             collapsed */
        CollapsibleRole,  /* "collapsible": a header or footer whose section can
                             collapse now */
        ExpandedRole,     /* "expanded": a row that is expanded */
        ExpandableRole,   /* "expandable": a row that can expand */
        SelectedRole,     /* "selected" */
        FocusedRole,      /* "focused" */
        MatchRole,        /* "match": matches the active filter itself */
        LoadingRole,      /* "loading": a placeholder whose children are loading */
        FailedRole,       /* "failed": a placeholder whose load failed */
        HeightRole,       /* "height": exact height in points (double) */
        TopRole,          /* "top": offset of its top in the content (double) */
        FlagsRole,        /* "flags": FOLD_ITEM_FLAG_* (uint) */
        LoadErrorRole,    /* "loadError": a failed placeholder's message */
    };
    Q_ENUM(Roles)

    /* A model over a table of its own (default options), freed with the model. */
    explicit FoldListModel(QObject *parent = nullptr);
    /* A model over `table`, borrowed: the caller keeps it alive until the
     * model is destroyed and frees it after. NULL gives an empty model that
     * stays empty (with a warning). */
    explicit FoldListModel(fold_table *table, QObject *parent = nullptr);
    ~FoldListModel() override;

    /* The table, for the C API. Never NULL unless the model was given NULL. */
    fold_table *table() const { return m_table; }
    /* Whether the model frees the table when it is destroyed. */
    bool ownsTable() const { return m_owned; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QHash<int, QByteArray> roleNames() const override;

    int count() const { return m_count; }

    /* The engine's item at model row `row` (fold_table_item_at), false for a
     * row out of range. O(depth * log n). */
    bool itemAt(int row, fold_item *out) const;

    /* The model row of a section's header, or -1 when it has none or it is
     * hidden (a collapsed ancestor). O(depth * log n). */
    Q_INVOKABLE int headerRow(const QString &key) const;

    /* By model row. A header (or footer, or placeholder) collapses, expands
     * or toggles its section (fold_table_collapse ...); a row its expansion
     * (fold_table_collapse_row ...). True when the state flipped; false when
     * it was already so, or on an error (a bad row, a section that cannot
     * collapse, a change from inside a signal handler), which is also
     * reported with qWarning. O(depth * log n). */
    Q_INVOKABLE bool collapse(int row);
    Q_INVOKABLE bool expand(int row);
    Q_INVOKABLE bool toggle(int row);
    /* What a click on the item does (fold_table_activate): an Activation,
     * Failed (with a qWarning) for a bad row or an error. */
    Q_INVOKABLE int activate(int row);

    /* The headers that stick at the top of a view scrolled to `offset`
     * (points from the content's top), fold_table_sticky_headers' answer
     * for QML: a list of maps, outermost first, each {row: its model row,
     * top: where it is drawn (a content offset: top - offset in the
     * viewport), height, depth, section, and what a header delegate shows:
     * title, detail (undefined without one), indicator, collapsed}. Draw
     * the last one first: a header pushed up slides behind the ones above
     * it. Empty, with a qWarning, for an offset that is not finite; empty
     * while the model signals a change (its rows are not the table's then).
     * O(depth * log n). */
    Q_INVOKABLE QVariantList stickyHeaders(qreal offset) const;

Q_SIGNALS:
    void countChanged();

protected:
    /* data() for what the engine does not know: Qt::DisplayRole of rows and
     * footers, and every role not in Roles nor answered by the model
     * (decorations, tool tips, an application's own roles). `row` is the
     * model row, `item` the engine's item there. The default returns an
     * invalid QVariant. Called on the model's thread, possibly while the
     * model is between a begin* and an end* signal: read the table, do not
     * change it. */
    virtual QVariant customData(int row, const fold_item &item, int role) const;

private:
    static void onTableChanged(fold_table *table, const fold_change_set *changes, void *self);
    void apply(const fold_change_set *changes);
    void reset(const char *why);
    int64_t enginePosition(int row) const;
    QVariant sectionText(fold_section_id section, int32_t which) const;
    enum Change { Collapse, Expand, Toggle };
    bool change(int row, Change how, const char *what);
    void warn(const char *what, int row, int status) const;
    void listen();

    fold_table *m_table = nullptr;
    bool m_owned = false;
    int64_t m_listener = -1;
    int m_count = 0;
    /* The change set being shown: set between its first begin* and last end*. */
    FoldTableQtPrivate::Replay *m_replay = nullptr;
    std::atomic<bool> m_resetQueued{false};
};

#endif
