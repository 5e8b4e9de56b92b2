/*
 * tst_view.cpp — FoldView against the engine: exact geometry after a
 * scroll (visualRect / indexAt), the keyboard's exact results, clicks,
 * selection with Ctrl and Shift, sticky header rects, which items a
 * delegate is asked to paint, and large tables (10^6 rows painted, 10^7
 * rows past the scroll bar's int range); a double click toggles a header
 * once, and the default delegate draws a header's detail. No timing
 * asserts.
 */
#include "support.h"

#include <FoldView.h>

#include <QScrollBar>
#include <QStyledItemDelegate>

#include <algorithm>
#include <memory>
#include <set>

/* Records the model rows it is asked to paint. */
class RecordingDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        painted.push_back(index.row());
        rects.push_back(option.rect);
        QStyledItemDelegate::paint(painter, option, index);
    }
    mutable std::vector<int> painted;
    mutable std::vector<QRect> rects;
};

class TestView : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void geometryAfterScroll();
    void keyboard();
    void pageDown();
    void clickHeaderCollapses();
    void doubleClickTogglesOnce();
    void headerDetailDrawn();
    void ctrlShiftSelection();
    void stickyHeaderRects();
    void paintsOnlyVisible();
    void millionRows();
    void pastIntRange();

private:
    /* A view of `w` x `h` viewport pixels over a new table (header 40, rows 30). */
    void make(int h = 200, double rowHeight = 30);
    uint32_t flags(int row) const
    {
        fold_item item{};
        fold_table_item_at(t, row, &item);
        return item.flags;
    }
    int64_t focus() const
    {
        int64_t f = -2;
        fold_table_focus(t, &f);
        return f;
    }

    std::unique_ptr<FoldView> view;
    std::unique_ptr<FoldListModel> model;
    fold_table *t = nullptr;
};

void TestView::make(int h, double rowHeight)
{
    fold_table_options o;
    fold_table_options_init(&o);
    o.header_height = 40;
    o.row_height = rowHeight;
    QCOMPARE(fold_table_new(&o, &t), FOLD_OK);
    model = std::make_unique<FoldListModel>(t);
    view = std::make_unique<FoldView>();
    view->setFrameShape(QFrame::NoFrame);
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    view->resize(300 + view->verticalScrollBar()->sizeHint().width(), h);
    view->setModel(model.get());
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    QCOMPARE(view->viewport()->height(), h);
}

void TestView::cleanup()
{
    view.reset();
    model.reset();
    fold_table_free(t);
    t = nullptr;
}

/* a, b, c: 10 rows each. Items: a 0 (top 0), rows 1-10 (40 + 30i); b 11
 * (340), rows 12-21; c 22 (680), rows 23-32. Scrolled to 355 the viewport
 * shows [355, 555): b's header sticks at the top. */
void TestView::geometryAfterScroll()
{
    make();
    for (const char *k : {"a", "b", "c"})
        FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, k, k, 10, 0, nullptr));
    view->setScrollOffset(355);
    QCOMPARE(view->scrollOffset(), 355.0);
    QCOMPARE(view->verticalScrollBar()->value(), 355);
    QCOMPARE(view->verticalScrollBar()->maximum(), 1020 - 200);
    /* The engine has the view's viewport. */
    int set = 0;
    double offset = 0, height = 0;
    FOLD_CHECK(fold_table_viewport(t, &set, &offset, &height));
    QCOMPARE(set, 1);
    QCOMPARE(offset, 355.0);
    QCOMPARE(height, 200.0);

    QCOMPARE(view->visualRect(11), QRect(0, 0, 300, 40));  /* stuck at the top */
    QCOMPARE(view->visualRect(12), QRect(0, 25, 300, 30)); /* 380 - 355 */
    QCOMPARE(view->visualRect(17), QRect(0, 175, 300, 30));
    QCOMPARE(view->visualRect(10), QRect(0, -45, 300, 30)); /* a's last row, 310 */
    QCOMPARE(view->visualRect(0), QRect(0, -355, 300, 40));
    QCOMPARE(view->visualRect(99), QRect());
    QCOMPARE(view->indexAt(QPoint(10, 5)), 11);  /* the sticky header over row 10 */
    QCOMPARE(view->indexAt(QPoint(10, 39)), 11);
    QCOMPARE(view->indexAt(QPoint(10, 40)), 12); /* 395.5 */
    QCOMPARE(view->indexAt(QPoint(10, 54)), 12);
    QCOMPARE(view->indexAt(QPoint(10, 55)), 13);
    QCOMPARE(view->indexAt(QPoint(10, 199)), 17); /* 554.5: item 17 is [530, 560) */
    QCOMPARE(view->indexAt(QPoint(10, 200)), -1); /* outside the viewport */
    /* Every visible item but the stuck one where the engine puts it. */
    fold_visible_item items[32];
    int64_t written = 0;
    FOLD_CHECK(fold_table_visible_items(t, 355, 200, 0, items, 32, &written, nullptr));
    QCOMPARE(written, int64_t(7)); /* 11 .. 17 */
    for (int64_t i = 0; i < written; i++) {
        if (items[i].position == 11)
            continue;
        QCOMPARE(view->visualRect(int(items[i].position)),
                 QRect(0, int(items[i].top - 355), 300, int(items[i].height)));
        /* A point of it below the stuck header (0-40). */
        const int y = std::clamp(int(items[i].top - 355) + int(items[i].height) / 2, 40, 199);
        QCOMPARE(view->indexAt(QPoint(1, y)), int(items[i].position));
    }
    /* An edit above the viewport: the engine anchors it, the view follows
     * (b's first row stays at pixel 25). */
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, 0, "z", "z", 2, 0, nullptr));
    QCOMPARE(view->scrollOffset(), 455.0);
    QCOMPARE(view->verticalScrollBar()->value(), 455);
    QCOMPARE(view->visualRect(15), QRect(0, 25, 300, 30));
    FOLD_CHECK(fold_table_remove_section(t, model->index(0).data(FoldListModel::SectionRole).toULongLong()));
    QCOMPARE(view->scrollOffset(), 355.0);
    /* Wheel and the scroll bar move the same exact offset. */
    view->verticalScrollBar()->setValue(100);
    QCOMPARE(view->scrollOffset(), 100.0);
    FOLD_CHECK(fold_table_viewport(t, &set, &offset, &height));
    QCOMPARE(offset, 100.0);
    view->setScrollOffset(5000);
    QCOMPARE(view->scrollOffset(), 820.0);
    /* A wheel notch up: 3 lines of 20 points (Qt's default wheelScrollLines). */
    QWheelEvent wheel(QPointF(10, 10), view->viewport()->mapToGlobal(QPointF(10, 10)), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &wheel);
    QCOMPARE(view->scrollOffset(), 820.0 - QApplication::wheelScrollLines() * 20);
}

/* a: 3 rows and a collapsed subsection s (2 rows); b: 2 rows.
 * Items: a 0, rows 1-3, s 4 (collapsed), b 5, rows 6-7. */
void TestView::keyboard()
{
    make(400);
    fold_section_id a, s, b;
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 3, 0, &a));
    FOLD_CHECK(fold_table_insert_section(t, a, FOLD_INDEX_END, "s", "S", 2, FOLD_SECTION_COLLAPSED, &s));
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "b", "B", 2, 0, &b));
    QCOMPARE(model->rowCount(), 8);
    QSignalSpy current(view.get(), &FoldView::currentChanged);
    QSignalSpy activated(view.get(), &FoldView::activated);
    view->setFocus();

    QTest::keyClick(view.get(), Qt::Key_Down); /* no focus: the first item */
    QCOMPARE(focus(), 0);
    QCOMPARE(view->currentRow(), 0);
    QCOMPARE(current.count(), 1);
    QCOMPARE(current.last().at(0).toInt(), 0);
    QTest::keyClick(view.get(), Qt::Key_Down);
    QCOMPARE(focus(), 1);
    QVERIFY(flags(1) & FOLD_ITEM_FLAG_SELECTED);
    QTest::keyClick(view.get(), Qt::Key_Up);
    QCOMPARE(focus(), 0);
    QTest::keyClick(view.get(), Qt::Key_Left); /* collapses a, focus stays */
    QCOMPARE(focus(), 0);
    QVERIFY(flags(0) & FOLD_ITEM_FLAG_COLLAPSED);
    QCOMPARE(model->rowCount(), 4); /* a, b and b's 2 rows */
    QTest::keyClick(view.get(), Qt::Key_Right); /* expands a */
    QVERIFY(!(flags(0) & FOLD_ITEM_FLAG_COLLAPSED));
    QCOMPARE(model->rowCount(), 8);
    QTest::keyClick(view.get(), Qt::Key_Right); /* to the first child */
    QCOMPARE(focus(), 1);
    QTest::keyClick(view.get(), Qt::Key_End);
    QCOMPARE(focus(), 7);
    QTest::keyClick(view.get(), Qt::Key_Home);
    QCOMPARE(focus(), 0);
    QTest::keyClick(view.get(), Qt::Key_Minus);
    QVERIFY(flags(0) & FOLD_ITEM_FLAG_COLLAPSED);
    QTest::keyClick(view.get(), Qt::Key_Plus);
    QVERIFY(!(flags(0) & FOLD_ITEM_FLAG_COLLAPSED));
    QVERIFY(flags(4) & FOLD_ITEM_FLAG_COLLAPSED); /* s stays collapsed */
    QTest::keyClick(view.get(), Qt::Key_Asterisk); /* a and everything below */
    QVERIFY(!(flags(4) & FOLD_ITEM_FLAG_COLLAPSED));
    QCOMPARE(model->rowCount(), 10); /* s's two rows */
    /* Space toggles the focused item's selection. */
    QTest::keyClick(view.get(), Qt::Key_Down); /* row 1, selected alone */
    QVERIFY(flags(1) & FOLD_ITEM_FLAG_SELECTED);
    QTest::keyClick(view.get(), Qt::Key_Space);
    QVERIFY(!(flags(1) & FOLD_ITEM_FLAG_SELECTED));
    QTest::keyClick(view.get(), Qt::Key_Space);
    QVERIFY(flags(1) & FOLD_ITEM_FLAG_SELECTED);
    /* Enter activates: on a header it collapses the section. */
    QTest::keyClick(view.get(), Qt::Key_Home);
    QTest::keyClick(view.get(), Qt::Key_Return);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.last().at(0).toInt(), 0);
    QVERIFY(flags(0) & FOLD_ITEM_FLAG_COLLAPSED);
    /* Right-to-left: Left expands. */
    view->setLayoutDirection(Qt::RightToLeft);
    QTest::keyClick(view.get(), Qt::Key_Left);
    QVERIFY(!(flags(0) & FOLD_ITEM_FLAG_COLLAPSED));
    /* Alt+Down is the application's. */
    QTest::keyClick(view.get(), Qt::Key_Down, Qt::AltModifier);
    QCOMPARE(focus(), 0);
}

/* PageDown lands where the engine's FOLD_NAV_PAGE_DOWN says, and the view
 * scrolls to the key's scroll_offset. */
void TestView::pageDown()
{
    make(200);
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 40, 0, nullptr));
    view->setFocus();
    QTest::keyClick(view.get(), Qt::Key_Home);
    QCOMPARE(focus(), 0);
    int64_t expected = -1;
    FOLD_CHECK(fold_table_navigate(t, 0, FOLD_NAV_PAGE_DOWN, &expected));
    QVERIFY(expected > 0);
    QTest::keyClick(view.get(), Qt::Key_PageDown);
    QCOMPARE(focus(), expected);
    FOLD_CHECK(fold_table_navigate(t, expected, FOLD_NAV_PAGE_DOWN, &expected));
    QTest::keyClick(view.get(), Qt::Key_PageDown);
    QCOMPARE(focus(), expected);
    /* The focused item is in view. */
    const QRect r = view->visualRect(int(expected));
    QVERIFY2(view->viewport()->rect().contains(r), qPrintable(QStringLiteral("%1 %2").arg(r.y()).arg(r.height())));
    QVERIFY(view->scrollOffset() > 0);
    int set = 0;
    double offset = -1;
    FOLD_CHECK(fold_table_viewport(t, &set, &offset, nullptr));
    QCOMPARE(offset, view->scrollOffset());
    /* End scrolls to the bottom. */
    QTest::keyClick(view.get(), Qt::Key_End);
    QCOMPARE(focus(), 40);
    QCOMPARE(view->scrollOffset(), 40.0 + 40 * 30 - 200);
}

void TestView::clickHeaderCollapses()
{
    make();
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 3, 0, nullptr));
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "b", "B", 3, 0, nullptr));
    QSignalSpy activated(view.get(), &FoldView::activated);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(4).center());
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.last().at(0).toInt(), 4);
    QVERIFY(flags(4) & FOLD_ITEM_FLAG_COLLAPSED);
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(focus(), 4);
    /* Clicking a row does not activate. */
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(2).center());
    QCOMPARE(activated.count(), 1);
    QCOMPARE(focus(), 2);
    /* Again on the header: expanded. */
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(4).center());
    QVERIFY(!(flags(4) & FOLD_ITEM_FLAG_COLLAPSED));
    QCOMPARE(model->rowCount(), 8);
}

/* Widgets get press, release, double click, release: the press toggles a
 * header, the double click must not toggle it back. a 0, rows 1-3; b 4,
 * rows 5-7. */
void TestView::doubleClickTogglesOnce()
{
    make();
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 3, 0, nullptr));
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "b", "B", 3, 0, nullptr));
    QSignalSpy activated(view.get(), &FoldView::activated);
    const QPoint b = view->visualRect(4).center();
    auto doubleClick = [&](const QPoint &at) {
        QTest::mousePress(view->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
        QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, at);
    };
    doubleClick(b);
    QVERIFY(flags(4) & FOLD_ITEM_FLAG_COLLAPSED);
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(focus(), 4);
    doubleClick(b); /* again: expanded, once */
    QVERIFY(!(flags(4) & FOLD_ITEM_FLAG_COLLAPSED));
    QCOMPARE(model->rowCount(), 8);
    QCOMPARE(activated.count(), 2);
    /* On the indicator too. */
    doubleClick(QPoint(10, view->visualRect(4).center().y()));
    QVERIFY(flags(4) & FOLD_ITEM_FLAG_COLLAPSED);
    QCOMPARE(activated.count(), 3);
    /* A double click alone (no press before it, as QTest::mouseDClick sends
     * it): what its press did not do, so the header toggles, once. */
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(0).center());
    QVERIFY(flags(0) & FOLD_ITEM_FLAG_COLLAPSED);
    QVERIFY(flags(1) & FOLD_ITEM_FLAG_COLLAPSED); /* b, now item 1 */
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(activated.count(), 4);
    /* A Ctrl press on a header's title only selects; the double click then
     * activates it: once. */
    const QPoint a = view->visualRect(0).center();
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::ControlModifier, a);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::ControlModifier, a);
    QVERIFY(flags(0) & FOLD_ITEM_FLAG_COLLAPSED);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, a);
    QVERIFY(!(flags(0) & FOLD_ITEM_FLAG_COLLAPSED));
    QCOMPARE(model->rowCount(), 5);
    QCOMPARE(activated.count(), 5);
    /* A row: the press does not activate, the double click does, once. */
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(2).center());
    QCOMPARE(activated.count(), 5);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(2).center());
    QCOMPARE(activated.count(), 6);
    QCOMPARE(activated.last().at(0).toInt(), 2);
    QCOMPARE(model->rowCount(), 5);
}

/* Pixels of `image` in `rect` that are not `background` (text, mostly). */
static int inkIn(const QImage &image, const QRect &rect, QRgb background)
{
    int ink = 0;
    for (int y = rect.top(); y <= rect.bottom(); y++)
        for (int x = rect.left(); x <= rect.right(); x++) {
            const QRgb p = image.pixel(x, y);
            if (qAbs(qRed(p) - qRed(background)) + qAbs(qGreen(p) - qGreen(background)) +
                    qAbs(qBlue(p) - qBlue(background)) > 60)
                ink++;
        }
    return ink;
}

/* The rightmost column of `rect` with ink, or -1. */
static int lastInkColumn(const QImage &image, const QRect &rect, QRgb background)
{
    for (int x = rect.right(); x >= rect.left(); x--)
        if (inkIn(image, QRect(x, rect.top(), 1, rect.height()), background) > 0)
            return x;
    return -1;
}

/* The default delegate draws a header's detail (after '|') at the trailing
 * end of its line: Mac 0 has "Laptops and desktops", iPad 4 none. */
void TestView::headerDetailDrawn()
{
    make();
    fold_section_id mac, ipad, iphone;
    addDevices(t, &mac, &ipad, &iphone);
    QCOMPARE(model->index(0).data(FoldListModel::DetailRole).toString(), QStringLiteral("Laptops and desktops"));
    QVERIFY(!model->index(4).data(FoldListModel::DetailRole).isValid());
    const QRect macRect = view->visualRect(0), ipadRect = view->visualRect(4);
    QCOMPARE(macRect, QRect(0, 0, 300, 40));
    QCOMPARE(ipadRect, QRect(0, 130, 300, 40));
    const QRgb window = view->palette().color(QPalette::Window).rgb();
    /* Inside the header, away from its bottom line: the text column
     * (after the 20 px indicator) split in halves. */
    auto lead = [](const QRect &r) { return QRect(20, r.y() + 2, 130, r.height() - 5); };
    auto trail = [](const QRect &r) { return QRect(150, r.y() + 2, 150, r.height() - 5); };
    QImage image = view->viewport()->grab().toImage();
    QVERIFY(inkIn(image, lead(macRect), window) > 0);  /* "Mac" */
    QVERIFY(inkIn(image, lead(ipadRect), window) > 0); /* "iPad" */
    QVERIFY(inkIn(image, trail(macRect), window) > 0); /* the detail */
    QCOMPARE(inkIn(image, trail(ipadRect), window), 0);
    /* The detail ends at the trailing edge (the style's text margin away). */
    QVERIFY(lastInkColumn(image, trail(macRect), window) >= 290);
    /* The detail is dimmer than the title: its darkest pixel is lighter. */
    auto darkest = [&](const QRect &r) {
        int least = 255 * 3;
        for (int y = r.top(); y <= r.bottom(); y++)
            for (int x = r.left(); x <= r.right(); x++) {
                const QRgb p = image.pixel(x, y);
                least = std::min(least, qRed(p) + qGreen(p) + qBlue(p));
            }
        return least;
    };
    QVERIFY(darkest(trail(macRect)) > darkest(lead(macRect)));
    /* Right-to-left: the detail at the left end, the title on the right. */
    view->setLayoutDirection(Qt::RightToLeft);
    image = view->viewport()->grab().toImage();
    auto mirrored = [](const QRect &r) { return QRect(300 - r.right() - 1, r.y(), r.width(), r.height()); };
    QVERIFY(inkIn(image, mirrored(trail(macRect)), window) > 0);
    QCOMPARE(inkIn(image, mirrored(trail(ipadRect)), window), 0);
    QVERIFY(inkIn(image, mirrored(lead(ipadRect)), window) > 0);
    QVERIFY(inkIn(image, QRect(0, 2, 10, 35), window) > 0); /* the detail starts at the left edge */
}

void TestView::ctrlShiftSelection()
{
    make(400);
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 8, 0, nullptr));
    QSignalSpy changed(view.get(), &FoldView::selectionChanged);
    auto click = [&](int row, Qt::KeyboardModifiers mods) {
        QTest::mouseClick(view->viewport(), Qt::LeftButton, mods, view->visualRect(row).center());
    };
    auto selected = [&] {
        QList<int> rows;
        for (int r = 0; r < model->rowCount(); r++)
            if (flags(r) & FOLD_ITEM_FLAG_SELECTED)
                rows << r;
        return rows;
    };
    click(1, {});
    QCOMPARE(selected(), (QList<int>{1}));
    QCOMPARE(changed.count(), 1);
    click(3, Qt::ControlModifier);
    QCOMPARE(selected(), (QList<int>{1, 3}));
    QCOMPARE(changed.count(), 2);
    click(5, Qt::ShiftModifier); /* anchor 3 .. 5, replacing */
    QCOMPARE(selected(), (QList<int>{3, 4, 5}));
    QCOMPARE(focus(), 5);
    click(4, Qt::ControlModifier); /* toggled off */
    QCOMPARE(selected(), (QList<int>{3, 5}));
    const int before = changed.count();
    click(4, Qt::ControlModifier);
    click(4, Qt::ControlModifier);
    QCOMPARE(changed.count(), before + 2);
    click(5, {});
    click(5, {}); /* the same again: no change */
    QCOMPARE(selected(), (QList<int>{5}));
    QCOMPARE(changed.count(), before + 3);
    /* Shift+Down extends from the anchor. */
    view->setFocus();
    QTest::keyClick(view.get(), Qt::Key_Down, Qt::ShiftModifier);
    QCOMPARE(selected(), (QList<int>{5, 6}));
    QCOMPARE(changed.count(), before + 4);
    /* Ctrl+Down moves focus only. */
    QTest::keyClick(view.get(), Qt::Key_Down, Qt::ControlModifier);
    QCOMPARE(focus(), 7);
    QCOMPARE(selected(), (QList<int>{5, 6}));
    QCOMPARE(changed.count(), before + 4);
}

/* a (header 40) holds s (header 40, 10 rows of 30) and then 5 rows; b after.
 * Scrolled into s's rows, a's and s's headers stack at the top. */
void TestView::stickyHeaderRects()
{
    make();
    fold_section_id a, s;
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 0, 0, &a));
    FOLD_CHECK(fold_table_insert_section(t, a, FOLD_INDEX_END, "s", "S", 10, 0, &s));
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "b", "B", 10, 0, nullptr));
    /* a 0 (0), s 1 (40), s rows 2-11 (80 + 30i), b 12 (380). */
    view->setScrollOffset(150);
    fold_sticky_header sticky[4];
    int64_t n = 0;
    FOLD_CHECK(fold_table_sticky_headers(t, 150, sticky, 4, &n, nullptr));
    QCOMPARE(n, int64_t(2));
    QCOMPARE(sticky[0].position, int64_t(0));
    QCOMPARE(sticky[1].position, int64_t(1));
    QCOMPARE(view->visualRect(0), QRect(0, 0, 300, 40));
    QCOMPARE(view->visualRect(1), QRect(0, 40, 300, 40));
    QCOMPARE(view->indexAt(QPoint(5, 50)), 1);
    QCOMPARE(view->indexAt(QPoint(5, 85)), 7); /* 235.5: item 7 is [230, 260) */
    /* Near s's end its header is pushed up by b: at 330, s ends at 380, so
     * s's header is drawn at 380 - 40 = 340, pixel 10, under a's. */
    view->setScrollOffset(330);
    QCOMPARE(view->scrollOffset(), 330.0);
    FOLD_CHECK(fold_table_sticky_headers(t, 330, sticky, 4, &n, nullptr));
    QCOMPARE(n, int64_t(2));
    QCOMPARE(sticky[1].top, 340.0);
    QCOMPARE(view->visualRect(1), QRect(0, 10, 300, 40));
    QCOMPARE(view->indexAt(QPoint(5, 45)), 1);  /* below a's header, s's shows */
    QCOMPARE(view->indexAt(QPoint(5, 20)), 0);  /* a's is on top */
    /* The painted rects: the delegate gets the sticky ones too, indented. */
    RecordingDelegate delegate;
    view->setItemDelegate(&delegate);
    view->grab();
    QVERIFY(!delegate.painted.empty());
    QCOMPARE(delegate.painted.back(), 0); /* the outermost is painted last */
    QCOMPARE(delegate.rects.back(), QRect(20, 0, 280, 40));
    QCOMPARE(delegate.painted[delegate.painted.size() - 2], 1);
    QCOMPARE(delegate.rects[delegate.rects.size() - 2], QRect(40, 10, 260, 40));
    view->setItemDelegate(nullptr);
    /* A click on s's stuck header (pixel 10-50, below a's) collapses s and
     * keeps it where it was: its natural top 40 at pixel 10. */
    QSignalSpy activated(view.get(), &FoldView::activated);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, QPoint(100, 45));
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.last().at(0).toInt(), 1);
    QVERIFY(flags(1) & FOLD_ITEM_FLAG_COLLAPSED);
    QCOMPARE(view->scrollOffset(), 30.0);
    QCOMPARE(view->visualRect(1), QRect(0, 10, 300, 40));
    QCOMPARE(view->indexAt(QPoint(100, 45)), 1);
}

/* The delegate is asked for exactly the engine's visible items plus the
 * sticky headers, each once. */
void TestView::paintsOnlyVisible()
{
    make(200);
    for (int i = 0; i < 50; i++)
        FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, qPrintable(QString::number(i)),
                                             "Section", 20, 0, nullptr));
    RecordingDelegate delegate;
    view->setItemDelegate(&delegate);
    for (double offset : {0.0, 355.0, 10007.5, 1e9}) {
        view->setScrollOffset(offset);
        delegate.painted.clear();
        view->grab();
        const double at = view->scrollOffset();
        fold_visible_item items[64];
        int64_t written = 0;
        FOLD_CHECK(fold_table_visible_items(t, at, 200, 0, items, 64, &written, nullptr));
        fold_sticky_header sticky[4];
        int64_t stuck = 0;
        FOLD_CHECK(fold_table_sticky_headers(t, at, sticky, 4, &stuck, nullptr));
        std::multiset<int> expected;
        for (int64_t i = 0; i < written; i++)
            expected.insert(int(items[i].position));
        for (int64_t i = 0; i < stuck; i++)
            expected.insert(int(sticky[i].position));
        const std::multiset<int> painted(delegate.painted.begin(), delegate.painted.end());
        QCOMPARE(painted, expected);
        QVERIFY(delegate.painted.size() <= 10);
    }
    view->setItemDelegate(nullptr);
}

/* 10^6 rows in 1000 sections: scrolling and painting ask only for what shows. */
void TestView::millionRows()
{
    make(600, 24);
    for (int i = 0; i < 1000; i++)
        FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, qPrintable(QString::number(i)),
                                             "Section", 1000, 0, nullptr));
    QCOMPARE(model->rowCount(), 1001000);
    QCOMPARE(view->verticalScrollBar()->maximum(), 1000 * 40 + 1000000 * 24 - 600);
    RecordingDelegate delegate;
    view->setItemDelegate(&delegate);
    size_t most = 0;
    for (int step = 0; step < 200; step++) {
        view->verticalScrollBar()->setValue(view->verticalScrollBar()->maximum() / 200 * step + step * 7);
        delegate.painted.clear();
        view->grab();
        most = std::max(most, delegate.painted.size());
        int64_t written = 0, total = 0;
        FOLD_CHECK(fold_table_visible_items(t, view->scrollOffset(), 600, 0, nullptr, 0, &written, &total));
        QVERIFY(delegate.painted.size() <= size_t(total) + 2);
    }
    QVERIFY(most <= 28); /* 600 / 24 + one cut at each end + a sticky header */
    /* Keys at the far end. */
    view->setFocus();
    QTest::keyClick(view.get(), Qt::Key_End);
    QCOMPARE(focus(), int64_t(1001000 - 1));
    QCOMPARE(view->scrollOffset(), double(view->verticalScrollBar()->maximum()));
    QTest::keyClick(view.get(), Qt::Key_Up);
    QCOMPARE(focus(), int64_t(1001000 - 2));
    view->setItemDelegate(nullptr);
}

/* 10^7 rows of 1000 points: 10^10 points, past the scroll bar's int range.
 * The bar's range is mapped; the offset stays exact. */
void TestView::pastIntRange()
{
    make(500, 1000);
    FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "big", "Big", 10000000, 0, nullptr));
    const double max = 40 + 1e10 - 500;
    QScrollBar *bar = view->verticalScrollBar();
    QCOMPARE(bar->maximum(), INT_MAX / 2);
    bar->setValue(bar->maximum() / 2);
    QVERIFY(qAbs(view->scrollOffset() - max / 2) <= max / bar->maximum() + 1);
    bar->setValue(bar->maximum());
    QCOMPARE(view->scrollOffset(), max);
    /* Exact offsets survive: scrolling to a row puts it at the top exactly. */
    view->scrollToRow(7654321, FOLD_ALIGN_START);
    QCOMPARE(view->scrollOffset(), 40.0 + 7654320.0 * 1000);
    QCOMPARE(view->visualRect(7654321), QRect(0, 0, 300, 500).adjusted(0, 0, 0, 500));
    QCOMPARE(view->indexAt(QPoint(3, 3)), 0); /* Big's header sticks over it */
    QCOMPARE(view->indexAt(QPoint(3, 45)), 7654321);
    RecordingDelegate delegate;
    view->setItemDelegate(&delegate);
    view->grab();
    QCOMPARE(delegate.painted.size(), size_t(2)); /* the row and the sticky header */
    view->setItemDelegate(nullptr);
}

QTEST_MAIN(TestView)
#include "tst_view.moc"
