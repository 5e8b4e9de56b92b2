/*
 * tst_drop.cpp — FoldView's drops with synthesized QDragEnterEvent /
 * QDragMoveEvent / QDropEvent: the exact target (kind, parent, index,
 * position, line or highlight) for pointers at the top, middle and bottom
 * of rows and headers, each also checked against fold_table_drop_target;
 * the indicator rect; levels picked by x (mirrored in right-to-left); a
 * scrolled view; the move through fold_table_drop; drops from elsewhere
 * offered through dropRequested; data that does not parse; with dragging
 * on, a press leaves the selection and a header's toggle to its release,
 * and a drag carries the whole selection.
 */
#include "support.h"

#include <FoldView.h>

#include <QMimeData>
#include <QScrollBar>

#include <memory>

class TestDrop : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup();
    void rowOverRowsAndHeaders();
    void sectionOverHeaders();
    void levelByX();
    void scrolled();
    void dropMoves();
    void dropFromElsewhere();
    void mimeData();
    void dragKeepsSelection();

private:
    /* The devices in a 300 x h viewport (header 40, rows 30): Mac 0 (0-40),
     * rows 1-3 (40-130), iPad 4 (130-170), rows 5-6 (170-230), iPhone 7
     * (230-270), rows 8-11 (270-390). */
    void make(int h = 400);
    /* Drags `data` to `at` (viewport coordinates): enter, then move; the
     * target shown. *accepted: whether the move was accepted. */
    fold_drop_target dragTo(const QMimeData *data, QPoint at, bool *accepted = nullptr);
    /* The engine's answer for the same pointer (y at the pixel's centre). */
    fold_drop_target engine(std::vector<fold_item_ref> items, double x, double y) const
    {
        fold_drop_target target{};
        fold_table_drop_target(t, x, view->scrollOffset() + y + 0.5, view->indentation(),
                               items.empty() ? nullptr : items.data(), int64_t(items.size()), &target);
        return target;
    }
    static bool same(const fold_drop_target &a, const fold_drop_target &b)
    {
        return a.kind == b.kind && a.depth == b.depth && a.parent == b.parent && a.index == b.index &&
               a.position == b.position && a.line_y == b.line_y && a.line_x == b.line_x &&
               a.highlight_top == b.highlight_top && a.highlight_height == b.highlight_height;
    }
    int64_t sectionOf(int row) const
    {
        fold_item item{};
        fold_table_item_at(t, row, &item);
        return int64_t(item.section);
    }

    std::unique_ptr<FoldView> view;
    std::unique_ptr<FoldListModel> model;
    fold_table *t = nullptr;
    fold_section_id mac = 0, ipad = 0, iphone = 0;
};

void TestDrop::make(int h)
{
    fold_table_options o;
    fold_table_options_init(&o);
    o.header_height = 40;
    o.row_height = 30;
    QCOMPARE(fold_table_new(&o, &t), FOLD_OK);
    addDevices(t, &mac, &ipad, &iphone);
    model = std::make_unique<FoldListModel>(t);
    view = std::make_unique<FoldView>();
    view->setFrameShape(QFrame::NoFrame);
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    view->resize(300 + view->verticalScrollBar()->sizeHint().width(), h);
    view->setModel(model.get());
    view->setAcceptDrops(true);
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    QCOMPARE(view->viewport()->size(), QSize(300, h));
}

void TestDrop::cleanup()
{
    view.reset();
    model.reset();
    fold_table_free(t);
    t = nullptr;
}

fold_drop_target TestDrop::dragTo(const QMimeData *data, QPoint at, bool *accepted)
{
    QDragEnterEvent enter(at, Qt::MoveAction | Qt::CopyAction, data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &enter);
    QDragMoveEvent move(at, Qt::MoveAction | Qt::CopyAction, data, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &move);
    if (accepted)
        *accepted = move.isAccepted();
    return view->dropTarget();
}

#define CHECK_ENGINE(items, x, y, got)                                                              \
    QVERIFY2(same(engine(items, x, y), got), "the view's target is not the engine's")

void TestDrop::rowOverRowsAndHeaders()
{
    make();
    const std::vector<fold_item_ref> macRow{{mac, 0}};
    std::unique_ptr<QMimeData> data(view->mimeData({1}));
    bool accepted = false;
    /* iPad's row 0 (item 5, 170-200): top half before it. */
    fold_drop_target d = dragTo(data.get(), QPoint(100, 172), &accepted);
    QVERIFY(accepted);
    QCOMPARE(d.kind, FOLD_DROP_BEFORE);
    QCOMPARE(d.parent, ipad);
    QCOMPARE(d.index, int64_t(0));
    QCOMPARE(d.position, int64_t(5));
    QCOMPARE(d.depth, 1);
    QCOMPARE(d.line_y, 170.0);
    QCOMPARE(d.line_x, 20.0);
    CHECK_ENGINE(macRow, 100, 172, d);
    QCOMPARE(view->dropIndicatorRect(), QRect(20, 169, 280, 2));
    /* Its bottom half: after it, before item 6. */
    d = dragTo(data.get(), QPoint(100, 197), &accepted);
    QVERIFY(accepted);
    QCOMPARE(d.kind, FOLD_DROP_BEFORE);
    QCOMPARE(d.parent, ipad);
    QCOMPARE(d.index, int64_t(1));
    QCOMPARE(d.position, int64_t(6));
    QCOMPARE(d.line_y, 200.0);
    CHECK_ENGINE(macRow, 100, 197, d);
    QCOMPARE(view->dropIndicatorRect(), QRect(20, 199, 280, 2));
    /* iPad's header (130-170): its top quarter would put a row at the top
     * level, which only holds sections: none, not accepted, nothing drawn. */
    d = dragTo(data.get(), QPoint(100, 132), &accepted);
    QVERIFY(!accepted);
    QCOMPARE(d.kind, FOLD_DROP_NONE);
    QCOMPARE(d.index, int64_t(-1));
    CHECK_ENGINE(macRow, 100, 132, d);
    QCOMPARE(view->dropIndicatorRect(), QRect());
    /* The middle half: into iPad, after its last child; the section highlighted. */
    d = dragTo(data.get(), QPoint(100, 150), &accepted);
    QVERIFY(accepted);
    QCOMPARE(d.kind, FOLD_DROP_INTO);
    QCOMPARE(d.parent, ipad);
    QCOMPARE(d.index, int64_t(2));
    QCOMPARE(d.position, int64_t(4));
    QCOMPARE(d.highlight_top, 130.0);
    QCOMPARE(d.highlight_height, 100.0);
    CHECK_ENGINE(macRow, 100, 150, d);
    QCOMPARE(view->dropIndicatorRect(), QRect(0, 130, 300, 100));
    /* The bottom quarter: before its first child. */
    d = dragTo(data.get(), QPoint(100, 165), &accepted);
    QVERIFY(accepted);
    QCOMPARE(d.kind, FOLD_DROP_BEFORE);
    QCOMPARE(d.parent, ipad);
    QCOMPARE(d.index, int64_t(0));
    QCOMPARE(d.position, int64_t(5));
    QCOMPARE(d.line_y, 170.0);
    CHECK_ENGINE(macRow, 100, 165, d);
    /* Leaving hides it. */
    QDragLeaveEvent leave;
    QApplication::sendEvent(view->viewport(), &leave);
    QCOMPARE(view->dropTarget().kind, FOLD_DROP_NONE);
    QCOMPARE(view->dropIndicatorRect(), QRect());
}

void TestDrop::sectionOverHeaders()
{
    make();
    const std::vector<fold_item_ref> macSection{{mac, -1}};
    std::unique_ptr<QMimeData> data(view->mimeData({0}));
    bool accepted = false;
    /* iPad's header, top quarter: before iPad at the top level. */
    fold_drop_target d = dragTo(data.get(), QPoint(100, 132), &accepted);
    QVERIFY(accepted);
    QCOMPARE(d.kind, FOLD_DROP_BEFORE);
    QCOMPARE(d.parent, fold_section_id(FOLD_ROOT));
    QCOMPARE(d.index, int64_t(1));
    QCOMPARE(d.position, int64_t(4));
    QCOMPARE(d.depth, 0);
    QCOMPARE(d.line_y, 130.0);
    CHECK_ENGINE(macSection, 100, 132, d);
    QCOMPARE(view->dropIndicatorRect(), QRect(0, 129, 300, 2));
    /* Into iPad: a subsection. */
    d = dragTo(data.get(), QPoint(100, 150), &accepted);
    QVERIFY(accepted);
    QCOMPARE(d.kind, FOLD_DROP_INTO);
    QCOMPARE(d.parent, ipad);
    CHECK_ENGINE(macSection, 100, 150, d);
    /* Among Mac's own rows: a section cannot go into itself. */
    d = dragTo(data.get(), QPoint(100, 50), &accepted);
    QVERIFY(!accepted);
    QCOMPARE(d.kind, FOLD_DROP_NONE);
    CHECK_ENGINE(macSection, 100, 50, d);
    /* A drop there changes nothing. */
    QDropEvent drop(QPointF(100, 50), Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop);
    QVERIFY(!drop.isAccepted());
    QCOMPARE(model->rowCount(), 12);
    QCOMPARE(sectionOf(0), int64_t(mac));
}

/* Under Mac's last row (item 3, 100-130) Mac's children end and Mac ends:
 * x picks the level. A row cannot go to the top level: x in level 0 finds
 * no place; in level 1 it goes after Mac's last row. */
void TestDrop::levelByX()
{
    make();
    const std::vector<fold_item_ref> row{{iphone, 0}};
    std::unique_ptr<QMimeData> data(view->mimeData({8}));
    fold_drop_target d = dragTo(data.get(), QPoint(25, 125));
    QCOMPARE(d.kind, FOLD_DROP_BEFORE);
    QCOMPARE(d.parent, mac);
    QCOMPARE(d.index, int64_t(3));
    QCOMPARE(d.position, int64_t(4));
    QCOMPARE(d.line_y, 130.0);
    QCOMPARE(d.line_x, 20.0);
    CHECK_ENGINE(row, 25, 125, d);
    d = dragTo(data.get(), QPoint(5, 125));
    CHECK_ENGINE(row, 5, 125, d);
    /* Right-to-left: x counts from the right edge, the line ends there. */
    view->setLayoutDirection(Qt::RightToLeft);
    d = dragTo(data.get(), QPoint(300 - 25, 125));
    QCOMPARE(d.kind, FOLD_DROP_BEFORE);
    QCOMPARE(d.parent, mac);
    QCOMPARE(d.index, int64_t(3));
    CHECK_ENGINE(row, 25, 125, d);
    QCOMPARE(view->dropIndicatorRect(), QRect(0, 129, 280, 2));
}

/* Scrolled by 100: the pointer's y is a content offset 100 further down. */
void TestDrop::scrolled()
{
    make(200);
    view->setScrollOffset(100);
    QCOMPARE(view->scrollOffset(), 100.0);
    const std::vector<fold_item_ref> macRow{{mac, 0}};
    std::unique_ptr<QMimeData> data(view->mimeData({1}));
    fold_drop_target d = dragTo(data.get(), QPoint(100, 72)); /* content 172: iPad's row 0, top half */
    QCOMPARE(d.kind, FOLD_DROP_BEFORE);
    QCOMPARE(d.parent, ipad);
    QCOMPARE(d.position, int64_t(5));
    QCOMPARE(d.line_y, 170.0);
    CHECK_ENGINE(macRow, 100, 72, d);
    QCOMPARE(view->dropIndicatorRect(), QRect(20, 69, 280, 2));
    /* Painting with the indicator shown works (and draws it). */
    const QImage image = view->viewport()->grab().toImage();
    QCOMPARE(image.pixelColor(150, 69), view->palette().color(QPalette::Highlight));
}

/* Mac's row 0 dropped after iPad's row 0: one move through the engine. */
void TestDrop::dropMoves()
{
    make();
    std::unique_ptr<QMimeData> data(view->mimeData({1}));
    QSignalSpy requested(view.get(), &FoldView::dropRequested);
    QSignalSpy moved(model.get(), &QAbstractItemModel::rowsMoved);
    dragTo(data.get(), QPoint(100, 197));
    QDropEvent drop(QPointF(100, 197), Qt::MoveAction | Qt::CopyAction, data.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop);
    QVERIFY(drop.isAccepted());
    QCOMPARE(drop.dropAction(), Qt::MoveAction);
    QCOMPARE(requested.count(), 0);
    QCOMPARE(moved.count(), 1);
    /* Mac 0, rows 1-2; iPad 3, rows 4-6 (the moved row is its row 1, item 5). */
    QCOMPARE(model->rowCount(), 12);
    QCOMPARE(sectionOf(3), int64_t(ipad));
    fold_item item{};
    FOLD_CHECK(fold_table_item_at(t, 5, &item));
    QCOMPARE(item.section, ipad);
    QCOMPARE(item.row, int64_t(1));
    FOLD_CHECK(fold_table_item_at(t, 6, &item));
    QCOMPARE(item.row, int64_t(2));
    QCOMPARE(sectionOf(7), int64_t(iphone));
    QCOMPARE(view->dropTarget().kind, FOLD_DROP_NONE); /* hidden after the drop */
    QVERIFY(modelMatchesTable(*model));
}

/* Text from another application, items of another table and bytes that do
 * not parse: every place is open but nothing moves; the application is
 * asked through dropRequested. */
void TestDrop::dropFromElsewhere()
{
    make();
    QSignalSpy requested(view.get(), &FoldView::dropRequested);
    QMimeData text;
    text.setText(QStringLiteral("hello"));
    bool accepted = false;
    fold_drop_target d = dragTo(&text, QPoint(100, 132), &accepted); /* iPad's top quarter: open now */
    QVERIFY(accepted);
    QCOMPARE(d.kind, FOLD_DROP_BEFORE);
    QCOMPARE(d.parent, fold_section_id(FOLD_ROOT));
    QCOMPARE(d.index, int64_t(1));
    CHECK_ENGINE({}, 100, 132, d);
    QDropEvent drop(QPointF(100, 150), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop);
    QVERIFY(drop.isAccepted());
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.last().at(0).toInt(), FOLD_DROP_INTO);
    QCOMPARE(requested.last().at(1).toULongLong(), quint64(ipad));
    QCOMPARE(requested.last().at(2).toLongLong(), qint64(2));
    QCOMPARE(model->rowCount(), 12);
    /* Items of another table: not moved here. */
    FoldListModel other;
    fold_table_insert_section(other.table(), FOLD_ROOT, FOLD_INDEX_END, "x", "X", 2, 0, nullptr);
    FoldView otherView;
    otherView.setModel(&other);
    std::unique_ptr<QMimeData> foreign(otherView.mimeData({1}));
    dragTo(foreign.get(), QPoint(100, 197));
    QDropEvent drop2(QPointF(100, 197), Qt::MoveAction, foreign.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop2);
    QCOMPARE(requested.count(), 2);
    QCOMPARE(requested.last().at(0).toInt(), FOLD_DROP_BEFORE);
    QCOMPARE(model->rowCount(), 12);
    QCOMPARE(other.rowCount(), 3);
    /* Bytes that do not parse, or claim more items than they hold. */
    for (const QByteArray &bytes : {QByteArray("junk"), QByteArray(), QByteArray(40, '\xff')}) {
        QMimeData junk;
        junk.setData(FoldView::itemsMimeType(), bytes);
        d = dragTo(&junk, QPoint(100, 150));
        QCOMPARE(d.kind, FOLD_DROP_INTO);
    }
    /* A view that does not accept drops takes none. */
    view->setAcceptDrops(false);
    dragTo(&text, QPoint(100, 150), &accepted);
    QVERIFY(!accepted);
}

void TestDrop::mimeData()
{
    make();
    /* A row, a header, a footer-less bad row: two items. */
    std::unique_ptr<QMimeData> data(view->mimeData({1, 4, 99, -1}));
    QVERIFY(data->hasFormat(FoldView::itemsMimeType()));
    QCOMPARE(data->text(), QStringLiteral("\niPad")); /* rows have no text in the engine */
    /* Both dragged: Mac's row 0 and iPad into iPhone (a subsection). */
    const std::vector<fold_item_ref> both{{mac, 0}, {ipad, -1}};
    fold_drop_target d = dragTo(data.get(), QPoint(100, 250)); /* iPhone's header middle */
    QCOMPARE(d.kind, FOLD_DROP_INTO);
    QCOMPARE(d.parent, iphone);
    CHECK_ENGINE(both, 100, 250, d);
    QDropEvent drop(QPointF(100, 250), Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop);
    QVERIFY(drop.isAccepted());
    /* Mac 0, rows 1-2; iPhone 3, rows 4-7, Mac's old row 8, iPad 9 (depth 1), rows 10-11. */
    QCOMPARE(model->rowCount(), 12);
    fold_item item{};
    FOLD_CHECK(fold_table_item_at(t, 3, &item));
    QCOMPARE(item.section, iphone);
    FOLD_CHECK(fold_table_item_at(t, 8, &item));
    QCOMPARE(item.section, iphone);
    QCOMPARE(item.row, int64_t(4));
    FOLD_CHECK(fold_table_item_at(t, 9, &item));
    QCOMPARE(item.section, ipad);
    QCOMPARE(item.kind, FOLD_ITEM_HEADER);
    QCOMPARE(item.depth, 1);
    QVERIFY(modelMatchesTable(*model));
}

/* With dragging on, a plain press on a selected item keeps the selection
 * (the drag carries all of it) and a press on a header leaves its toggle
 * to the release; a double click still toggles once. */
void TestDrop::dragKeepsSelection()
{
    make();
    view->setDragEnabled(true);
    QVERIFY(view->dragEnabled());
    auto selected = [&] {
        QList<int> rows;
        for (int r = 0; r < model->rowCount(); r++) {
            fold_item item{};
            fold_table_item_at(t, r, &item);
            if (item.flags & FOLD_ITEM_FLAG_SELECTED)
                rows << r;
        }
        return rows;
    };
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(1).center());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, view->visualRect(3).center());
    QCOMPARE(selected(), (QList<int>{1, 2, 3}));
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, view->visualRect(2).center());
    QCOMPARE(selected(), (QList<int>{1, 2, 3})); /* kept for a drag */
    /* What a drag from row 2 carries: Mac's three rows. Dropped into
     * iPhone, they go after its last row. */
    std::unique_ptr<QMimeData> data(view->dragMimeData(2));
    QVERIFY(data);
    QCOMPARE(view->dragMimeData(-1), nullptr);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, view->visualRect(2).center());
    QCOMPARE(selected(), (QList<int>{2})); /* no drag: the click selects it alone */
    std::unique_ptr<QMimeData> one(view->dragMimeData(5)); /* not selected: that row alone */
    QVERIFY(one);
    /* A press on a header: not toggled until the release. */
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, view->visualRect(4).center());
    QVERIFY(!(model->index(4).data(FoldListModel::FlagsRole).toUInt() & FOLD_ITEM_FLAG_COLLAPSED));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, view->visualRect(4).center());
    QVERIFY(model->index(4).data(FoldListModel::FlagsRole).toUInt() & FOLD_ITEM_FLAG_COLLAPSED);
    /* A double click: once (expanded again). */
    const QPoint ipadAt = view->visualRect(4).center();
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, ipadAt);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, ipadAt);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, ipadAt);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, ipadAt);
    QVERIFY(!(model->index(4).data(FoldListModel::FlagsRole).toUInt() & FOLD_ITEM_FLAG_COLLAPSED));
    QCOMPARE(model->rowCount(), 12);
    /* The three rows dropped into iPhone (its header's middle, 230-270). */
    QDragEnterEvent enter(QPoint(100, 250), Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &enter);
    QDropEvent drop(QPointF(100, 250), Qt::MoveAction, data.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(view->viewport(), &drop);
    QVERIFY(drop.isAccepted());
    /* Mac 0 (no rows), iPad 1, rows 2-3, iPhone 4, rows 5-11 (4 + Mac's 3). */
    QCOMPARE(model->rowCount(), 12);
    QCOMPARE(sectionOf(1), int64_t(ipad));
    QCOMPARE(sectionOf(4), int64_t(iphone));
    fold_item item{};
    FOLD_CHECK(fold_table_item_at(t, 11, &item));
    QCOMPARE(item.section, iphone);
    QCOMPARE(item.row, int64_t(6));
    QVERIFY(modelMatchesTable(*model));
}

QTEST_MAIN(TestDrop)
#include "tst_drop.moc"
