/*
 * FoldViewAccessible.h — FoldView for assistive technologies: the
 * QAccessibleInterface of the view and of its items. Internal (not
 * installed): FoldView installs the factory (QAccessible::installFactory)
 * when the first view is made, and the factory answers for every FoldView.
 *
 * The view is a QAccessible::Tree whose children are the items it shows:
 * the engine's visible items and sticky headers at the current scroll
 * position, in list order (fold_table_visible_items, O(depth * log n +
 * visible)); the 10^7 rows off screen are not children, as nothing is laid
 * out for them. Each item is a TreeItem named by its display text (a
 * header's title; its detail is the description), with the engine's
 * states (selected, focused, expandable, collapsed or expanded, offscreen),
 * the rect FoldView::visualRect gives, and two actions: press (what a click
 * does, fold_table_activate) and, on what can collapse or expand, toggle
 * (FoldListModel::toggle).
 *
 * An item's interface holds a QPersistentModelIndex, so it follows its item
 * through moves and becomes invalid when the item goes; interfaces are kept
 * while their items show (pruned beyond a few hundred).
 *
 * Events, sent once an interface for the view exists (an assistive
 * technology asked for it; until then nobody listens) and while
 * QAccessible::isActive() (QAccessible::updateAccessibility drops them
 * otherwise): Focus when
 * the focused item moves while the view has focus, SelectionWithin when
 * the view's input changed the selection, and, for items whose interface
 * exists, StateChanged (expanded / collapsed) and SelectionAdd /
 * SelectionRemove whenever the engine's flags for them change, whoever
 * changed them.
 */
#ifndef FOLD_VIEW_ACCESSIBLE_H
#define FOLD_VIEW_ACCESSIBLE_H

#include <QAccessibleWidget>
#include <QObject>
#include <QPersistentModelIndex>
#include <QPointer>

#include <cstdint>
#include <vector>

class FoldView;
class FoldItemAccessible;

class FoldViewAccessible : public QAccessibleWidget
{
public:
    explicit FoldViewAccessible(FoldView *view);
    ~FoldViewAccessible() override;

    /* Installs the factory once (any thread-safe number of calls). */
    static void installFactory();

    QAccessible::State state() const override;
    int childCount() const override;
    QAccessibleInterface *child(int index) const override;
    int indexOfChild(const QAccessibleInterface *child) const override;
    QAccessibleInterface *childAt(int x, int y) const override;
    QAccessibleInterface *focusChild() const override;

    /* The interface of model row `row`, made once and kept while it shows;
     * NULL for a bad row. */
    FoldItemAccessible *item(int row) const;

    /* From FoldView. */
    void modelSet();
    void focusMoved(int row);
    void selectionChanged();
    void viewDestroyed();

private:
    /* The model rows shown, in list order: visible items and sticky headers. */
    std::vector<int> shownRows() const;
    void watchModel();
    void forgetItems();
    void flagsChanged(int first, int last);
    /* `type` about `item`: through the view and the child's index when it
     * shows, as QAbstractItemView sends them; through the item otherwise. */
    void send(FoldItemAccessible *item, QAccessible::Event type) const;

    FoldView *m_view;
    mutable std::vector<FoldItemAccessible *> m_items;
    QObject m_watch; /* the context of the model connections */
};

class FoldItemAccessible : public QAccessibleInterface, public QAccessibleActionInterface
{
public:
    FoldItemAccessible(FoldView *view, const QModelIndex &index);

    bool isValid() const override;
    QObject *object() const override { return nullptr; }
    QWindow *window() const override;
    QAccessibleInterface *parent() const override;
    QAccessibleInterface *child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface *) const override { return -1; }
    QAccessibleInterface *childAt(int, int) const override { return nullptr; }
    QString text(QAccessible::Text t) const override;
    void setText(QAccessible::Text, const QString &) override {}
    QRect rect() const override;
    QAccessible::Role role() const override { return QAccessible::TreeItem; }
    QAccessible::State state() const override;
    void *interface_cast(QAccessible::InterfaceType type) override;

    QStringList actionNames() const override;
    void doAction(const QString &name) override;
    QStringList keyBindingsForAction(const QString &name) const override;

    /* Its model row now, or -1 when the item is gone. */
    int row() const;
    /* The engine's FOLD_ITEM_FLAG_* now (0 when gone). */
    uint32_t flags() const;

private:
    friend class FoldViewAccessible;
    QPointer<FoldView> m_view;
    QPersistentModelIndex m_index;
    uint32_t m_reported = 0; /* the flags last reported in events */
};

#endif
