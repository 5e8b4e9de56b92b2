/* FoldView.cpp: see FoldView.h. */
#include "FoldView.h"
#include "FoldViewAccessible.h"

#include <QAccessible>
#include <QApplication>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QWheelEvent>

#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>

namespace {

/* The scroll bar's range is an int. Up to kMaxScrollUnits points of scroll
 * range, one unit is one point. Beyond (content heights over ~10^9 points:
 * 10^7 rows of 44 points is 4.4 * 10^8 and still fits), the bar maps its
 * [0, kMaxScrollUnits] proportionally onto [0, max offset]: the exact
 * offset lives in FoldView::m_offset (a double), so keys, the wheel and
 * scrollToRow move by exact points and only dragging the bar rounds, to
 * one unit (max offset / kMaxScrollUnits points). Half of INT_MAX leaves
 * room for Qt's own value + pageStep arithmetic. */
constexpr int kMaxScrollUnits = INT_MAX / 2;

/* At most one sticky header per nesting level. */
constexpr int64_t kMaxSticky = FOLD_MAX_DEPTH + 1;

/* A content offset made a viewport pixel row, bounded to what a QRect takes. */
int pixel(double y)
{
    const double r = std::nearbyint(y);
    return int(std::clamp(r, double(INT_MIN / 4), double(INT_MAX / 4)));
}

/* The default delegate: QStyledItemDelegate's item, and for a header with a
 * detail (FoldListModel::DetailRole) the title followed by the detail,
 * dimmed and at the trailing end, as the GTK binding's header line shows
 * them. The title is elided first; the detail takes at most half the text
 * width. */
class FoldItemDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const QString detail = index.data(FoldListModel::KindRole).toInt() == FOLD_ITEM_HEADER
                                   ? index.data(FoldListModel::DetailRole).toString()
                                   : QString();
        if (detail.isEmpty()) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QWidget *widget = opt.widget;
        QStyle *style = widget ? widget->style() : QApplication::style();
        const QRect text = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget);
        const QString title = opt.text;
        opt.text.clear(); /* the style draws the panel, focus and icon; the texts are drawn here */
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

        const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
        const QRect inner = text.adjusted(margin, 0, -margin, 0);
        const QFontMetrics metrics(opt.font);
        const int detailWidth = std::min(metrics.horizontalAdvance(detail), inner.width() / 2);
        const int gap = metrics.averageCharWidth() * 2;
        /* Laid out left to right, then mirrored for right-to-left. */
        const QRect detailRect(inner.right() + 1 - detailWidth, inner.y(), detailWidth, inner.height());
        const QRect titleRect(inner.x(), inner.y(), std::max(0, inner.width() - detailWidth - gap), inner.height());
        const bool selected = opt.state & QStyle::State_Selected;
        const QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
        QColor ink = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
        const Qt::Alignment align = QStyle::visualAlignment(opt.direction, Qt::AlignLeft | Qt::AlignVCenter);
        painter->save();
        painter->setFont(opt.font);
        painter->setPen(ink);
        painter->drawText(QStyle::visualRect(opt.direction, inner, titleRect), int(align) | Qt::TextSingleLine,
                          metrics.elidedText(title, opt.textElideMode, titleRect.width()));
        ink.setAlphaF(ink.alphaF() * 0.55f); /* GTK's dim-label */
        painter->setPen(ink);
        painter->drawText(QStyle::visualRect(opt.direction, inner, detailRect),
                          int(QStyle::visualAlignment(opt.direction, Qt::AlignRight | Qt::AlignVCenter)) |
                              Qt::TextSingleLine,
                          metrics.elidedText(detail, Qt::ElideRight, detailRect.width()));
        painter->restore();
    }
};

} // namespace

FoldView::FoldView(QWidget *parent) : QAbstractScrollArea(parent)
{
    FoldViewAccessible::installFactory();
    m_defaultDelegate = new FoldItemDelegate(this);
    m_delegate = m_defaultDelegate;
    setFocusPolicy(Qt::StrongFocus);
    viewport()->setBackgroundRole(QPalette::Base);
    viewport()->setAutoFillBackground(true);
    /* Drags over the list arrive at the viewport; the view's acceptDrops()
     * decides (FoldViewDrop.cpp). */
    viewport()->setAcceptDrops(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
}

FoldView::~FoldView()
{
    setModel(nullptr);
    if (m_accessible)
        m_accessible->viewDestroyed();
}

fold_table *FoldView::table() const
{
    return m_model ? m_model->table() : nullptr;
}

void FoldView::setModel(FoldListModel *model)
{
    if (model == m_model)
        return;
    for (const auto &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    if (fold_table *old = table())
        fold_table_clear_viewport(old);
    m_model = model;
    m_offset = 0;
    m_lastCurrent = -1;
    if (model) {
        auto sync = [this] { modelChanged(); };
        m_connections << connect(model, &QAbstractItemModel::rowsInserted, this, sync)
                      << connect(model, &QAbstractItemModel::rowsRemoved, this, sync)
                      << connect(model, &QAbstractItemModel::rowsMoved, this, sync)
                      << connect(model, &QAbstractItemModel::dataChanged, this, sync)
                      << connect(model, &QAbstractItemModel::modelReset, this, sync)
                      << connect(model, &QAbstractItemModel::layoutChanged, this, sync)
                      << connect(model, &QObject::destroyed, this, [this] {
                             m_connections.clear();
                             m_content = 0;
                             m_offset = 0;
                             updateScrollBar();
                             viewport()->update();
                         });
    }
    m_viewportDirty = true;
    pushViewport();
    if (m_accessible)
        m_accessible->modelSet();
    syncFromEngine();
}

void FoldView::setItemDelegate(QAbstractItemDelegate *delegate)
{
    if (m_delegate && m_delegate != m_defaultDelegate)
        disconnect(m_delegate, nullptr, this, nullptr);
    m_delegate = delegate ? delegate : m_defaultDelegate;
    if (m_delegate != m_defaultDelegate)
        connect(m_delegate, &QObject::destroyed, this, [this] {
            m_delegate = m_defaultDelegate;
            viewport()->update();
        });
    viewport()->update();
}

void FoldView::setIndentation(int pixels)
{
    m_indent = std::max(0, pixels);
    viewport()->update();
}

double FoldView::maxOffset() const
{
    return std::max(0.0, m_content - double(viewport()->height()));
}

void FoldView::setScrollOffset(double offset)
{
    if (!std::isfinite(offset))
        return;
    offset = std::clamp(offset, 0.0, maxOffset());
    if (offset != m_offset) {
        m_offset = offset;
        m_viewportDirty = true;
        viewport()->update();
    }
    pushViewport();
    updateScrollBar();
}

void FoldView::scrollToRow(int row, int alignment)
{
    fold_table *t = table();
    double to = 0;
    if (t && fold_table_scroll_offset(t, row, alignment, m_offset, viewport()->height(), &to) == FOLD_OK)
        setScrollOffset(to);
}

/* The engine's viewport follows the view's: set when the offset or the
 * height changed. Inside a model signal the table cannot be changed
 * (FOLD_E_BUSY); the flag stays and the next paint sets it. */
void FoldView::pushViewport()
{
    fold_table *t = table();
    if (!t || !m_viewportDirty)
        return;
    if (fold_table_set_viewport(t, m_offset, viewport()->height()) == FOLD_OK)
        m_viewportDirty = false;
}

void FoldView::updateScrollBar()
{
    QScrollBar *bar = verticalScrollBar();
    const double max = maxOffset();
    m_unitsPerPoint = max > kMaxScrollUnits ? kMaxScrollUnits / max : 1.0;
    const int units = int(std::ceil(max * m_unitsPerPoint));
    m_settingBar = true;
    bar->setRange(0, units);
    bar->setPageStep(std::max(1, int(viewport()->height() * m_unitsPerPoint)));
    bar->setSingleStep(std::max(1, int(20 * m_unitsPerPoint)));
    bar->setValue(m_offset >= max ? units : int(std::nearbyint(m_offset * m_unitsPerPoint)));
    m_settingBar = false;
}

void FoldView::scrollContentsBy(int, int)
{
    if (m_settingBar)
        return;
    QScrollBar *bar = verticalScrollBar();
    const double offset = bar->value() >= bar->maximum() ? maxOffset() : bar->value() / m_unitsPerPoint;
    if (offset != m_offset) {
        m_offset = std::clamp(offset, 0.0, maxOffset());
        m_viewportDirty = true;
        pushViewport();
        viewport()->update();
    }
}

void FoldView::modelChanged()
{
    syncFromEngine();
    viewport()->update();
}

/* After any change (and on a new model): the content height, and the
 * offset the engine anchored the viewport to. Only reads the table: this
 * runs inside the model's signals. O(1). */
void FoldView::syncFromEngine()
{
    fold_table *t = table();
    m_content = 0;
    if (t) {
        fold_table_content_height(t, &m_content);
        int set = 0;
        double offset = m_offset;
        if (!m_viewportDirty && fold_table_viewport(t, &set, &offset, nullptr) == FOLD_OK && set)
            m_offset = offset;
    }
    const double clamped = std::clamp(m_offset, 0.0, maxOffset());
    if (clamped != m_offset) {
        m_offset = clamped;
        m_viewportDirty = true;
    }
    updateScrollBar();
    viewport()->update();
    if (!m_inKey) /* a key reports its focus move after it scrolled there */
        checkCurrent();
}

void FoldView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    m_offset = std::clamp(m_offset, 0.0, maxOffset());
    m_viewportDirty = true;
    pushViewport();
    updateScrollBar();
}

QRect FoldView::itemRect(double top, double height) const
{
    const int y0 = pixel(top - m_offset);
    const int y1 = pixel(top + height - m_offset);
    return QRect(0, y0, viewport()->width(), y1 - y0);
}

QRect FoldView::indicatorRect(const QRect &item, int depth) const
{
    const QRect r(depth * m_indent, item.y(), m_indent, item.height());
    return QStyle::visualRect(layoutDirection(), viewport()->rect(), r);
}

QRect FoldView::contentRect(const QRect &item, int, int depth) const
{
    const int x = (depth + 1) * m_indent;
    const QRect r(x, item.y(), std::max(0, item.width() - x), item.height());
    return QStyle::visualRect(layoutDirection(), viewport()->rect(), r);
}

QRect FoldView::visualRect(int row) const
{
    fold_table *t = table();
    if (!t || row < 0)
        return QRect();
    fold_sticky_header sticky[kMaxSticky];
    int64_t written = 0;
    if (fold_table_sticky_headers(t, m_offset, sticky, kMaxSticky, &written, nullptr) == FOLD_OK)
        for (int64_t i = 0; i < written; i++)
            if (sticky[i].position == row)
                return itemRect(sticky[i].top, sticky[i].height);
    double top = 0, height = 0;
    if (fold_table_item_top(t, row, &top) != FOLD_OK || fold_table_item_height(t, row, &height) != FOLD_OK)
        return QRect();
    return itemRect(top, height);
}

int FoldView::indexAt(const QPoint &point) const
{
    fold_table *t = table();
    if (!t || !viewport()->rect().contains(point))
        return -1;
    /* The pixel row's centre, in content offsets. */
    const double y = m_offset + point.y() + 0.5;
    fold_sticky_header sticky[kMaxSticky];
    int64_t written = 0;
    if (fold_table_sticky_headers(t, m_offset, sticky, kMaxSticky, &written, nullptr) == FOLD_OK)
        for (int64_t i = 0; i < written; i++) /* the outermost first: it is drawn last, on top */
            if (itemRect(sticky[i].top, sticky[i].height).contains(point))
                return int(sticky[i].position);
    int64_t position = -1;
    int32_t place = 0;
    if (fold_table_item_at_offset(t, y, &position, &place) != FOLD_OK || place != FOLD_OFFSET_IN_ITEM)
        return -1;
    return int(position);
}

int FoldView::currentRow() const
{
    int64_t focus = -1;
    fold_table *t = table();
    if (!t || fold_table_focus(t, &focus) != FOLD_OK)
        return -1;
    return int(focus);
}

void FoldView::checkCurrent()
{
    const int now = currentRow();
    if (now != m_lastCurrent) {
        m_lastCurrent = now;
        Q_EMIT currentChanged(now);
        /* As QAbstractItemView: a focus event while the view has focus. */
        if (m_accessible && now >= 0 && hasFocus())
            m_accessible->focusMoved(now);
    }
}

void FoldView::initItemOption(QStyleOptionViewItem *option, int, uint32_t flags) const
{
    option->initFrom(this);
    option->state &= ~(QStyle::State_HasFocus | QStyle::State_MouseOver);
    if (flags & FOLD_ITEM_FLAG_SELECTED)
        option->state |= QStyle::State_Selected;
    if ((flags & FOLD_ITEM_FLAG_FOCUSED) && hasFocus())
        option->state |= QStyle::State_HasFocus;
    option->font = font();
    option->fontMetrics = fontMetrics();
    option->widget = this;
    option->showDecorationSelected = true;
    option->viewItemPosition = QStyleOptionViewItem::OnlyOne;
    option->displayAlignment = Qt::AlignLeading | Qt::AlignVCenter;
    option->decorationAlignment = Qt::AlignCenter;
    option->decorationPosition = QStyleOptionViewItem::Left;
    const int icon = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
    option->decorationSize = QSize(icon, icon);
}

void FoldView::paintItem(QPainter *painter, int64_t position, int32_t kind, int32_t depth,
                         uint32_t flags, const QRect &rect, bool sticky)
{
    if (kind == FOLD_ITEM_HEADER || sticky) {
        /* Headers on the window colour, so a stuck one covers what scrolls under it. */
        painter->fillRect(rect, palette().brush(QPalette::Window));
        painter->save();
        painter->setPen(palette().color(QPalette::Mid));
        painter->drawLine(rect.bottomLeft(), rect.bottomRight());
        painter->restore();
    }
    if (kind == FOLD_ITEM_HEADER && (flags & FOLD_ITEM_FLAG_COLLAPSIBLE)) {
        QStyleOption branch;
        branch.initFrom(this);
        branch.rect = indicatorRect(rect, depth);
        branch.state = QStyle::State_Children | QStyle::State_Enabled;
        if (!(flags & FOLD_ITEM_FLAG_COLLAPSED))
            branch.state |= QStyle::State_Open;
        style()->drawPrimitive(QStyle::PE_IndicatorBranch, &branch, painter, this);
    }
    QStyleOptionViewItem option;
    initItemOption(&option, int(position), flags);
    option.rect = contentRect(rect, kind, depth);
    m_delegate->paint(painter, option, m_model->index(int(position)));
}

void FoldView::paintEvent(QPaintEvent *)
{
    fold_table *t = table();
    if (!t)
        return;
    pushViewport();
    QPainter painter(viewport());
    const double height = viewport()->height();
    /* The visible items, O(depth * log n + k); a second call only when more
     * than the buffer's worth of items (of height 0, say) share the viewport. */
    std::vector<fold_visible_item> &items = m_items;
    if (items.size() < 256)
        items.resize(256);
    int64_t written = 0, total = 0;
    if (fold_table_visible_items(t, m_offset, height, 0, items.data(), int64_t(items.size()), &written,
                                 &total) != FOLD_OK)
        return;
    if (total > written) {
        items.resize(size_t(total));
        if (fold_table_visible_items(t, m_offset, height, 0, items.data(), total, &written, nullptr) != FOLD_OK)
            return;
    }
    for (int64_t i = 0; i < written; i++) {
        const fold_visible_item &v = items[size_t(i)];
        paintItem(&painter, v.position, v.kind, v.depth, v.flags, itemRect(v.top, v.height), false);
    }
    /* Sticky headers on top: deeper levels first, so an outer one pushed up
     * slides over the inner ones. */
    fold_sticky_header sticky[kMaxSticky];
    int64_t stuck = 0;
    if (fold_table_sticky_headers(t, m_offset, sticky, kMaxSticky, &stuck, nullptr) != FOLD_OK)
        stuck = 0;
    for (int64_t i = stuck - 1; i >= 0; i--) {
        fold_item item;
        if (fold_table_item_at(t, sticky[i].position, &item) != FOLD_OK)
            continue;
        paintItem(&painter, sticky[i].position, item.kind, item.depth, item.flags,
                  itemRect(sticky[i].top, sticky[i].height), true);
    }
    paintDropIndicator(&painter); /* over everything, while dragging */
}

void FoldView::wheelEvent(QWheelEvent *event)
{
    double delta = event->pixelDelta().y();
    if (delta == 0)
        delta = event->angleDelta().y() / 120.0 * QApplication::wheelScrollLines() * 20.0;
    const double before = m_offset;
    setScrollOffset(m_offset - delta);
    event->setAccepted(m_offset != before);
}

FoldView::Selection FoldView::selectionState() const
{
    Selection s;
    if (fold_table *t = table()) {
        fold_table_selection_count(t, FOLD_ROOT, &s.rows, &s.sections);
        if (fold_table_selection_anchor(t, &s.anchorSection, &s.anchorRow) != FOLD_OK) {
            s.anchorSection = 0;
            s.anchorRow = -2;
        }
    }
    return s;
}

void FoldView::afterInput(const Selection &before)
{
    if (selectionState() != before) {
        Q_EMIT selectionChanged();
        if (m_accessible)
            m_accessible->selectionChanged();
    }
    checkCurrent();
}

bool FoldView::activateRow(int row)
{
    fold_table *t = table();
    if (!t || row < 0)
        return false;
    const Selection before = selectionState();
    if (fold_table_activate(t, row, nullptr) != FOLD_OK)
        return false;
    Q_EMIT activated(row);
    afterInput(before);
    viewport()->update();
    return true;
}

/* Qt's keys as the engine's keyboard model reads them, as the GTK
 * binding's fold_keyboard_key_for_event reads GDK's: the arrows (Left and
 * Right swapped in right-to-left), Home, End, the pages and Space, with
 * Shift and Ctrl; '+', '-' (or '/') and '*' without Ctrl (Shift is how some
 * layouts type them). Alt and Meta keys are the application's. */
static bool engineKey(const QKeyEvent *event, bool rtl, int32_t *key, uint32_t *modifiers)
{
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    if (mods & (Qt::AltModifier | Qt::MetaModifier))
        return false;
    switch (event->key()) {
    case Qt::Key_Up: *key = FOLD_KEY_UP; break;
    case Qt::Key_Down: *key = FOLD_KEY_DOWN; break;
    case Qt::Key_Left: *key = rtl ? FOLD_KEY_RIGHT : FOLD_KEY_LEFT; break;
    case Qt::Key_Right: *key = rtl ? FOLD_KEY_LEFT : FOLD_KEY_RIGHT; break;
    case Qt::Key_Home: *key = FOLD_KEY_HOME; break;
    case Qt::Key_End: *key = FOLD_KEY_END; break;
    case Qt::Key_PageUp: *key = FOLD_KEY_PAGE_UP; break;
    case Qt::Key_PageDown: *key = FOLD_KEY_PAGE_DOWN; break;
    case Qt::Key_Space: *key = FOLD_KEY_SPACE; break;
    case Qt::Key_Plus: *key = FOLD_KEY_PLUS; break;
    case Qt::Key_Minus: case Qt::Key_Slash: *key = FOLD_KEY_MINUS; break;
    case Qt::Key_Asterisk: *key = FOLD_KEY_ASTERISK; break;
    default: return false;
    }
    *modifiers = 0;
    if (*key == FOLD_KEY_PLUS || *key == FOLD_KEY_MINUS || *key == FOLD_KEY_ASTERISK) {
        if (mods & Qt::ControlModifier)
            return false;
    } else {
        *modifiers = (mods & Qt::ShiftModifier ? FOLD_MOD_SHIFT : 0u) |
                     (mods & Qt::ControlModifier ? FOLD_MOD_CTRL : 0u);
    }
    return true;
}

void FoldView::keyPressEvent(QKeyEvent *event)
{
    fold_table *t = table();
    if (!t) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    const Selection before = selectionState();
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
        !(event->modifiers() & ~Qt::KeypadModifier)) {
        const int row = currentRow();
        if (row >= 0 && fold_table_activate(t, row, nullptr) == FOLD_OK) {
            Q_EMIT activated(row);
            afterInput(before);
            event->accept();
            return;
        }
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    int32_t key = 0;
    uint32_t modifiers = 0;
    if (!engineKey(event, layoutDirection() == Qt::RightToLeft, &key, &modifiers)) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    m_viewportDirty = true;
    pushViewport();
    if (m_accessible && currentRow() >= 0) /* the key acts on it: report its state changes */
        m_accessible->item(currentRow());
    fold_key_result result{};
    m_inKey = true;
    const int status = fold_table_press_key(t, key, modifiers, &result);
    m_inKey = false;
    if (status != FOLD_OK || !result.handled) {
        checkCurrent();
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    m_inKey = true;
    syncFromEngine();
    m_inKey = false;
    if (result.scroll)
        setScrollOffset(result.scroll_offset);
    afterInput(before);
    event->accept();
}

void FoldView::mousePressEvent(QMouseEvent *event)
{
    fold_table *t = table();
    const QPoint point = event->position().toPoint();
    const int row = event->button() == Qt::LeftButton ? indexAt(point) : -1;
    m_pressActivated = -1;
    m_pressPoint = point;
    m_pressRow = row; /* where a drag would start */
    if (!t || row < 0) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const Selection before = selectionState();
    fold_item item;
    if (fold_table_item_at(t, row, &item) != FOLD_OK)
        return;
    if (m_accessible) /* its interface first, so that its state changes are reported */
        m_accessible->item(row);
    fold_table_set_focus(t, row); /* an item that cannot take focus keeps it where it is */
    const Qt::KeyboardModifiers mods = event->modifiers();
    const bool plain = !(mods & (Qt::ShiftModifier | Qt::ControlModifier));
    const QRect rect = visualRect(row);
    const bool onIndicator = indicatorRect(rect, item.depth).contains(point);
    /* With dragging on, what a plain press would undo in a drag waits for
     * the release (QAbstractItemView does the same): replacing a selection
     * the item is in (the drag carries the whole selection), and a header's
     * toggle (the section is dragged as it is). */
    m_deferSelect = m_dragEnabled && plain && (item.flags & FOLD_ITEM_FLAG_SELECTED);
    m_deferActivate = m_dragEnabled && plain && !onIndicator && item.kind == FOLD_ITEM_HEADER;
    if (mods & Qt::ShiftModifier)
        fold_table_select_range(t, row, mods & Qt::ControlModifier ? FOLD_SELECT_ADD : FOLD_SELECT_REPLACE, nullptr);
    else if (!m_deferSelect)
        fold_table_select_item(t, row, mods & Qt::ControlModifier ? FOLD_SELECT_TOGGLE : FOLD_SELECT_REPLACE,
                               nullptr); /* footers and placeholders: not selectable */
    if (item.kind == FOLD_ITEM_HEADER && (onIndicator || plain) && !m_deferActivate)
        clickHeader(row, rect);
    afterInput(before);
    viewport()->update();
    event->accept();
}

/* A click's activation of the header at `row`, drawn at `rect`. */
void FoldView::clickHeader(int row, const QRect &rect)
{
    fold_table *t = table();
    double natural = 0;
    fold_table_item_top(t, row, &natural);
    const bool stuck = pixel(natural - m_offset) != rect.y();
    int32_t action = FOLD_ACTIVATED_NOTHING;
    if (fold_table_activate(t, row, &action) == FOLD_OK) {
        m_pressActivated = row;
        Q_EMIT activated(row);
        /* A stuck header collapsed: its section's rows are gone from
         * under it, so scroll to where the header itself stays on
         * screen where it was clicked (below the headers stuck above). */
        if (stuck && action == FOLD_ACTIVATED_SECTION_COLLAPSED)
            setScrollOffset(natural - rect.y());
    }
}

void FoldView::mouseDoubleClickEvent(QMouseEvent *event)
{
    fold_table *t = table();
    const int row = event->button() == Qt::LeftButton ? indexAt(event->position().toPoint()) : -1;
    fold_item item;
    if (!t || row < 0 || fold_table_item_at(t, row, &item) != FOLD_OK) {
        QAbstractScrollArea::mouseDoubleClickEvent(event);
        return;
    }
    /* Widgets get press, release, double click, release: the press of the
     * first click may have activated the item (a header toggles on a plain
     * press). As QTreeView expands on a double click only what its press did
     * not, a double click activates the item only if that press did not:
     * once in all. What activation does is the engine's. */
    const bool pressDidIt = m_pressActivated == row;
    m_pressActivated = -1;
    if (!pressDidIt && fold_table_activate(t, row, nullptr) == FOLD_OK)
        Q_EMIT activated(row);
    checkCurrent();
    viewport()->update();
    event->accept();
}

void FoldView::mouseReleaseEvent(QMouseEvent *event)
{
    /* A press that did not become a drag: what it left for the release
     * (dragging on), on the item it pressed. */
    fold_table *t = table();
    const int row = event->button() == Qt::LeftButton ? indexAt(event->position().toPoint()) : -1;
    if (t && row >= 0 && row == m_pressRow && (m_deferSelect || m_deferActivate)) {
        const Selection before = selectionState();
        if (m_deferSelect)
            fold_table_select_item(t, row, FOLD_SELECT_REPLACE, nullptr);
        if (m_deferActivate)
            clickHeader(row, visualRect(row));
        afterInput(before);
        viewport()->update();
    }
    m_deferSelect = m_deferActivate = false;
    /* No drag starts from here any more. */
    m_pressRow = -1;
    event->setAccepted(event->button() == Qt::LeftButton && indexAt(event->position().toPoint()) >= 0);
}

void FoldView::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    const int row = currentRow();
    if (m_accessible && row >= 0)
        m_accessible->focusMoved(row);
    viewport()->update();
}

void FoldView::focusOutEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusOutEvent(event);
    viewport()->update();
}
