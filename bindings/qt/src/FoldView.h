/*
 * FoldView.h — FoldTable for Qt 6: a QAbstractScrollArea that draws a
 * FoldListModel, asking the engine for everything but pixels.
 *
 * Layout is the engine's: each paint asks fold_table_visible_items() for
 * the items that intersect the viewport (their exact tops and heights,
 * O(depth * log n + visible)), and fold_table_sticky_headers() for the
 * stacked headers drawn on top of them. Nothing is laid out ahead and no
 * item is measured: the delegate's sizeHint() is NOT asked (heights come
 * from the engine; a delegate that wants another height sets it in the
 * table, fold_table_set_row_height or a height provider). One point of the
 * engine is one pixel of the viewport.
 *
 * Painting goes through a QAbstractItemDelegate (a QStyledItemDelegate by
 * default) with a QStyleOptionViewItem per item: the rect from the engine's
 * top and height, indented by the item's depth (indentation()), the state
 * selected / has-focus from the engine's flags, so an existing delegate
 * draws as in a QListView. A header's expand indicator is the style's
 * (QStyle::PE_IndicatorBranch, open or closed) in the indentation column
 * before it; the layout is mirrored in right-to-left.
 *
 * Input follows the engine's rules, only translated: keys go to
 * fold_table_press_key() (arrows, Home, End, pages, Space, '+', '-', '*',
 * with Shift and Ctrl; Left and Right swapped in right-to-left), Enter and
 * Return activate the focused item (fold_table_activate); a click focuses
 * the item under it and selects it (Ctrl toggles, Shift selects the range
 * from the anchor), and a plain click on a header, or a click on its
 * indicator, collapses or expands it (a header stuck at the top that
 * collapses stays where it was clicked). A double click activates what its
 * first click did not (QTreeView's rule): a header toggled by the press is
 * not toggled again, a row is activated. After a key the focused item is
 * scrolled into view where the engine says.
 *
 * The default delegate draws a header's detail (the text after '|',
 * FoldListModel::DetailRole) dimmed at the trailing end of its line, after
 * the title, as the GTK binding's header line does.
 *
 * Accessibility (FoldViewAccessible.h, installed as a QAccessible factory
 * by the first FoldView): the view is a QAccessible::Tree whose children
 * are the items shown (O(visible)), each a TreeItem with the engine's
 * states and press / toggle actions; focus, selection and collapse /
 * expand send their QAccessible events.
 *
 * The view keeps the table's viewport (fold_table_set_viewport) in step
 * with its scroll position and size, so the engine anchors the first
 * visible item through edits, and follows the offset the engine reports.
 *
 * Drag and drop (FoldViewDrop.cpp) goes through the engine's drop targets,
 * as the GTK binding's FoldDropIndicator does: with setDragEnabled(true) a
 * press and move drags the selection (or the item pressed, if it is not
 * selected: a header drags its section) as ItemsMimeType (a plain press
 * then leaves replacing the selection and toggling a header to its
 * release, as QAbstractItemView does, so that a drag keeps both); while anything
 * is dragged over a view that acceptDrops(), fold_table_drop_target() says
 * where it would land for the pointer (before / after / into, the x
 * picking the level where several end), and the view draws the engine's
 * line or highlighted section. Dropping items of the same table moves them
 * (fold_table_drop, one change set with moves); anything else is offered
 * through dropRequested() with the engine's target, for the application to
 * insert. No auto-scroll near the edges yet.
 */
#ifndef FOLD_VIEW_H
#define FOLD_VIEW_H

#include "FoldListModel.h"

#include <QAbstractScrollArea>
#include <QMimeData>
#include <QPointer>
#include <QStyleOptionViewItem>

#include <vector>

class QAbstractItemDelegate;
class FoldViewAccessible;
class FoldItemAccessible;

class FOLDTABLE_QT_EXPORT FoldView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit FoldView(QWidget *parent = nullptr);
    ~FoldView() override;

    /* The model drawn, not owned (NULL: draws nothing). Its table gets this
     * view's viewport. */
    void setModel(FoldListModel *model);
    FoldListModel *model() const { return m_model; }

    /* The delegate that paints the items, not owned; NULL restores the
     * default QStyledItemDelegate (owned by the view). */
    void setItemDelegate(QAbstractItemDelegate *delegate);
    QAbstractItemDelegate *itemDelegate() const { return m_delegate; }

    /* Pixels of indentation per nesting level (default 20); a header's
     * indicator takes one such column before its text. */
    void setIndentation(int pixels);
    int indentation() const { return m_indent; }

    /* The scroll position: the content offset (points) at the viewport's
     * top, exact (a double), whatever the scroll bar's range. Clamped to
     * [0, content height - viewport height]. */
    double scrollOffset() const { return m_offset; }
    void setScrollOffset(double offset);
    /* Scrolls so the item at `row` shows (fold_table_scroll_offset, FOLD_ALIGN_*). */
    void scrollToRow(int row, int alignment = FOLD_ALIGN_AUTO);

    /* Where model row `row` is drawn, in viewport coordinates: where it is
     * in the list, or, for a header that sticks at the top, where it is
     * stuck. An empty QRect for a bad row. The whole row's width (the
     * indentation is inside it). O(depth * log n). */
    QRect visualRect(int row) const;
    /* The model row drawn at `point` (viewport coordinates): a sticky
     * header over the list first, then the item the engine finds at that
     * offset; -1 for none. O(depth * log n). */
    int indexAt(const QPoint &point) const;
    /* The focused item's row, or -1 (fold_table_focus). */
    int currentRow() const;

    /* Drag and drop (see above). The mime type of dragged items: the table
     * they belong to and (section, row) pairs, row -1 for a whole section. */
    static QString itemsMimeType() { return QStringLiteral("application/x-foldtable-items"); }
    /* Whether a press and move on an item drags (default false). Drops are
     * taken when acceptDrops() (QWidget::setAcceptDrops). */
    void setDragEnabled(bool enabled) { m_dragEnabled = enabled; }
    bool dragEnabled() const { return m_dragEnabled; }
    /* The mime data for dragging the items at these model rows: a header
     * drags its section, a row the row; footers and placeholders are left
     * out. ItemsMimeType, and text/plain with their display texts. The
     * caller owns it. */
    QMimeData *mimeData(const QList<int> &rows) const;
    /* What a drag starting on `row` carries: the whole selection if the item
     * is selected, else that item (mimeData({row})). NULL for a footer, a
     * placeholder or a bad row. The caller owns it. */
    QMimeData *dragMimeData(int row) const;
    /* The target shown while something is dragged over the view (kind
     * FOLD_DROP_NONE, index and position -1, when none), in content
     * coordinates as the engine gives it. */
    fold_drop_target dropTarget() const;
    /* Where its indicator is drawn, in viewport coordinates: a 2 px line
     * from the target depth's indentation to the far edge (BEFORE), or the
     * section from its header to its last item shown (INTO); empty when
     * none. */
    QRect dropIndicatorRect() const;

Q_SIGNALS:
    /* An item was activated by Enter, a click on a header or a double
     * click on a row (fold_table_activate was called on it). */
    void activated(int row);
    /* The focused item moved (through this view or any change). */
    void currentChanged(int row);
    /* The selection changed through this view's input. */
    void selectionChanged();
    /* Something that is not this table's items was dropped: insert it at
     * the engine's target (FOLD_DROP_BEFORE or FOLD_DROP_INTO; the section
     * `parent`, FOLD_ROOT for the top level, before its child `index`). */
    void dropRequested(int kind, quint64 parent, qint64 index, const QMimeData *data);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

    /* The option a delegate gets for an item: rect and state. Override to
     * add to it. */
    virtual void initItemOption(QStyleOptionViewItem *option, int row, uint32_t flags) const;

private:
    friend class FoldViewAccessible;
    friend class FoldItemAccessible;
    struct Selection {
        int64_t rows = 0, sections = 0;
        fold_section_id anchorSection = 0;
        int64_t anchorRow = -2;
        bool operator!=(const Selection &o) const
        {
            return rows != o.rows || sections != o.sections || anchorSection != o.anchorSection ||
                   anchorRow != o.anchorRow;
        }
    };
    Selection selectionState() const;
    fold_table *table() const;
    void modelChanged();
    void syncFromEngine();
    void updateScrollBar();
    void pushViewport();
    double maxOffset() const;
    QRect itemRect(double top, double height) const;
    QRect indicatorRect(const QRect &itemRect, int depth) const;
    QRect contentRect(const QRect &itemRect, int kind, int depth) const;
    void paintItem(QPainter *painter, int64_t position, int32_t kind, int32_t depth,
                   uint32_t flags, const QRect &rect, bool sticky);
    void checkCurrent();
    void afterInput(const Selection &before);
    /* What a click does to `row` (fold_table_activate), for an assistive
     * technology's press action; emits activated(). */
    bool activateRow(int row);
    void clickHeader(int row, const QRect &rect);
    /* Drag and drop (FoldViewDrop.cpp). */
    QMimeData *mimeDataForItems(const std::vector<fold_item_ref> &items, const QStringList &texts) const;
    std::vector<fold_item_ref> draggedItems(const QMimeData *data) const;
    bool updateDropTarget(const QDropEvent *event, const std::vector<fold_item_ref> &items);
    void hideDropTarget();
    void startDrag();
    void paintDropIndicator(QPainter *painter);

    QPointer<FoldListModel> m_model;
    QList<QMetaObject::Connection> m_connections;
    QAbstractItemDelegate *m_delegate = nullptr;
    QAbstractItemDelegate *m_defaultDelegate = nullptr;
    int m_indent = 20;
    double m_offset = 0;
    double m_content = 0;
    /* Scroll bar units per point: 1 up to kMaxScrollUnits of range, less beyond. */
    double m_unitsPerPoint = 1;
    bool m_settingBar = false;
    bool m_viewportDirty = true;
    int m_lastCurrent = -1;
    /* The row the last press activated (-1: none), so that the double click
     * it starts does not activate it again. */
    int m_pressActivated = -1;
    /* Inside keyPressEvent until it has scrolled: the focus move is reported
     * (currentChanged, the accessibility focus event) once the item shows. */
    bool m_inKey = false;
    /* Set while an assistive technology (or a test) holds this view's
     * interface: the view then reports focus, selection and state changes. */
    FoldViewAccessible *m_accessible = nullptr;
    /* Drag and drop: enabled, where the left button went down and on which
     * row (-1: no drag can start), the target shown. */
    bool m_dragEnabled = false;
    QPoint m_pressPoint;
    int m_pressRow = -1;
    /* What that press left for its release (dragging on): replacing the
     * selection, activating the header. */
    bool m_deferSelect = false;
    bool m_deferActivate = false;
    bool m_dropShown = false;
    fold_drop_target m_drop{};
    /* paintEvent's buffer for fold_table_visible_items, kept between paints. */
    std::vector<fold_visible_item> m_items;
};

#endif
