/*
 * tst_accessible.cpp — FoldView's QAccessibleInterface: the view's children
 * are exactly the items shown (the engine's visible items and sticky
 * headers), with their names, descriptions, states and rects; the items'
 * press and toggle actions go through the engine; Focus, SelectionWithin,
 * SelectionAdd and StateChanged events, captured with
 * QAccessible::installUpdateHandler.
 */
#include "support.h"

#include <FoldView.h>

#include <QAccessible>
#include <QScrollBar>

#include <memory>

/* Rows named "<section key> <row>", as an application's customData would. */
class NamedModel : public FoldListModel
{
public:
    using FoldListModel::FoldListModel;
    QVariant customData(int row, const fold_item &item, int role) const override
    {
        if (role == Qt::DisplayRole && item.kind == FOLD_ITEM_ROW)
            return QStringLiteral("%1 %2").arg(index(row).data(KeyRole).toString()).arg(item.row);
        return QVariant();
    }
};

struct Event {
    QAccessible::Event type;
    QString name;       /* the name of the interface it is about */
    int child;          /* QAccessibleEvent::child() */
    bool expandChanged; /* StateChanged: expanded / collapsed among the changes */
    bool item;          /* about an item (not the view) */
};
static std::vector<Event> events;

static void recordEvent(QAccessibleEvent *event)
{
    QAccessibleInterface *iface = event->accessibleInterface();
    /* Only the view's and its items' (widgets send their own too: window
     * activation, scroll bars). */
    if (!iface || (iface->role() != QAccessible::Tree && iface->role() != QAccessible::TreeItem))
        return;
    Event e{event->type(), iface->text(QAccessible::Name), event->child(), false,
            iface->role() == QAccessible::TreeItem};
    if (event->type() == QAccessible::StateChanged) {
        const QAccessible::State s = static_cast<QAccessibleStateChangeEvent *>(event)->changedStates();
        e.expandChanged = s.expanded && s.collapsed;
    }
    events.push_back(e);
}

/* QAccessible::updateAccessibility drops every event while
 * QAccessible::isActive() is false, which it stays on the offscreen
 * platform: QAccessible::setActive only tells observers, the state is the
 * platform accessibility's. Qt's own tst_qaccessibility turns it on with
 * QGuiApplicationPrivate::platformIntegration()->accessibility()->setActive(true);
 * Debian ships no private headers, so the same calls are declared here
 * (exported by Qt6Gui as Qt_6_PRIVATE_API; the base
 * QPlatformIntegration::accessibility(), which offscreen does not override). */
class QPlatformAccessibility
{
public:
    void setActive(bool active);
};
class QPlatformIntegration
{
public:
    QPlatformAccessibility *accessibility() const;
};
class QGuiApplicationPrivate
{
public:
    static QPlatformIntegration *platform_integration;
};

static bool activateAccessibility()
{
    if (!QGuiApplicationPrivate::platform_integration)
        return false;
    QPlatformAccessibility *accessibility = QGuiApplicationPrivate::platform_integration->accessibility();
    if (accessibility)
        accessibility->setActive(true);
    return QAccessible::isActive();
}

/* Events of `type` about items (SelectionWithin: about the view). */
static int countOf(QAccessible::Event type)
{
    return int(std::count_if(events.begin(), events.end(), [&](const Event &e) {
        return e.type == type && e.item == (type != QAccessible::SelectionWithin);
    }));
}

/* The last event of `type` about an item. */
static Event lastOf(QAccessible::Event type)
{
    for (auto e = events.rbegin(); e != events.rend(); ++e)
        if (e->type == type && e->item)
            return *e;
    return Event{QAccessible::Event(0), QString(), -2, false, false};
}

class TestAccessible : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void childrenAreShownItems();
    void statesAndRects();
    void actionsGoThroughEngine();
    void events_();
    void millionRowsChildren();
    void modelSwapAndTeardown();

private:
    /* A 300 x 200 viewport over the devices (header 40, rows 30): Mac 0
     * (0-40), rows 1-3, iPad 4 (130-170), rows 5-6, iPhone 7 (230-270),
     * rows 8-11 (-390). */
    void make();
    QAccessibleInterface *viewIface() const { return QAccessible::queryAccessibleInterface(view.get()); }
    uint32_t flags(int row) const
    {
        fold_item item{};
        fold_table_item_at(t, row, &item);
        return item.flags;
    }
    /* The engine's shown items at the view's offset: visible ones and sticky headers, in order. */
    QList<int> shownRows() const
    {
        fold_visible_item items[64];
        int64_t written = 0, stuck = 0;
        fold_table_visible_items(t, view->scrollOffset(), 200, 0, items, 64, &written, nullptr);
        fold_sticky_header sticky[4];
        fold_table_sticky_headers(t, view->scrollOffset(), sticky, 4, &stuck, nullptr);
        QList<int> rows;
        for (int64_t i = 0; i < written; i++)
            rows << int(items[i].position);
        for (int64_t i = 0; i < stuck; i++)
            if (!rows.contains(int(sticky[i].position)))
                rows << int(sticky[i].position);
        std::sort(rows.begin(), rows.end());
        return rows;
    }

    std::unique_ptr<FoldView> view;
    std::unique_ptr<NamedModel> model;
    fold_table *t = nullptr;
};

void TestAccessible::initTestCase()
{
    QVERIFY2(activateAccessibility(), "accessibility could not be made active on this platform");
}

void TestAccessible::init()
{
    events.clear();
    QAccessible::installUpdateHandler(recordEvent);
}

void TestAccessible::make()
{
    fold_table_options o;
    fold_table_options_init(&o);
    o.header_height = 40;
    o.row_height = 30;
    QCOMPARE(fold_table_new(&o, &t), FOLD_OK);
    fold_section_id mac, ipad, iphone;
    addDevices(t, &mac, &ipad, &iphone);
    model = std::make_unique<NamedModel>(t);
    view = std::make_unique<FoldView>();
    view->setFrameShape(QFrame::NoFrame);
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    view->resize(300 + view->verticalScrollBar()->sizeHint().width(), 200);
    view->setModel(model.get());
    view->show();
    QVERIFY(QTest::qWaitForWindowExposed(view.get()));
    QCOMPARE(view->viewport()->size(), QSize(300, 200));
}

void TestAccessible::cleanup()
{
    QAccessible::installUpdateHandler(nullptr);
    view.reset();
    model.reset();
    fold_table_free(t);
    t = nullptr;
}

void TestAccessible::childrenAreShownItems()
{
    make();
    QAccessibleInterface *iface = viewIface();
    QVERIFY(iface);
    QCOMPARE(iface->role(), QAccessible::Tree);
    QVERIFY(iface->state().multiSelectable);
    /* [0, 200): Mac 0, rows 1-3, iPad 4, its row 5 (170-200). */
    QCOMPARE(shownRows(), (QList<int>{0, 1, 2, 3, 4, 5}));
    QCOMPARE(iface->childCount(), 6);
    const QStringList names{QStringLiteral("Mac"),     QStringLiteral("Mac 0"), QStringLiteral("Mac 1"),
                            QStringLiteral("Mac 2"),   QStringLiteral("iPad"),  QStringLiteral("iPad 0")};
    for (int i = 0; i < 6; i++) {
        QAccessibleInterface *c = iface->child(i);
        QVERIFY(c);
        QCOMPARE(c->text(QAccessible::Name), names[i]);
        QCOMPARE(c->role(), QAccessible::TreeItem);
        QCOMPARE(iface->indexOfChild(c), i);
        QCOMPARE(c->parent(), iface);
        QCOMPARE(iface->child(i), c); /* the same interface each time */
    }
    QCOMPARE(iface->child(6), nullptr);
    QCOMPARE(iface->child(-1), nullptr);
    QCOMPARE(iface->child(0)->text(QAccessible::Description), QStringLiteral("Laptops and desktops"));
    QCOMPARE(iface->child(4)->text(QAccessible::Description), QString());
    /* childAt: the global point of row 2's centre. */
    const QPoint at = view->viewport()->mapToGlobal(view->visualRect(2).center());
    QCOMPARE(iface->childAt(at.x(), at.y()), iface->child(2));
    /* Scrolled to 150: iPhone's rows; Mac's items gone, iPad's header
     * pushed up by iPhone's. [150, 350): iPad 4 (130-170) ... row 10 (330-360). */
    view->setScrollOffset(150);
    QCOMPARE(shownRows(), (QList<int>{4, 5, 6, 7, 8, 9, 10}));
    QCOMPARE(iface->childCount(), 7);
    QCOMPARE(iface->child(0)->text(QAccessible::Name), QStringLiteral("iPad"));
    QCOMPARE(iface->child(3)->text(QAccessible::Name), QStringLiteral("iPhone"));
    QCOMPARE(iface->child(6)->text(QAccessible::Name), QStringLiteral("iPhone 2"));
    /* Scrolled into iPhone's rows: its header sticks, and is a child. */
    view->setScrollOffset(190);
    const QList<int> rows = shownRows();
    QCOMPARE(iface->childCount(), int(rows.size()));
    QVERIFY(rows.contains(7));
    QCOMPARE(rows.last(), 11);
    QCOMPARE(iface->child(int(rows.indexOf(7)))->text(QAccessible::Name), QStringLiteral("iPhone"));
    /* An interface follows its item through a collapse above it. */
    QAccessibleInterface *iphone = iface->child(int(rows.indexOf(7)));
    view->setScrollOffset(0);
    QVERIFY(model->collapse(0)); /* Mac: rows 1-3 go; iPhone is item 4 */
    QCOMPARE(iface->indexOfChild(iphone), 4); /* Mac, iPad, its 2 rows, iPhone */
    QCOMPARE(iface->child(4), iphone);
    QCOMPARE(iphone->text(QAccessible::Name), QStringLiteral("iPhone"));
}

void TestAccessible::statesAndRects()
{
    make();
    FOLD_CHECK(fold_table_collapse(t, model->index(4).data(FoldListModel::SectionRole).toULongLong(), nullptr));
    /* Mac 0, rows 1-3, iPad 4 (collapsed), iPhone 5 (170-210). */
    FOLD_CHECK(fold_table_select_item(t, 2, FOLD_SELECT_REPLACE, nullptr));
    FOLD_CHECK(fold_table_set_focus(t, 3));
    QAccessibleInterface *iface = viewIface();
    QCOMPARE(iface->childCount(), 6);
    const QAccessible::State mac = iface->child(0)->state();
    QVERIFY(mac.expandable && mac.expanded && !mac.collapsed);
    QVERIFY(mac.selectable && !mac.selected && mac.focusable && !mac.focused && !mac.offscreen);
    const QAccessible::State ipad = iface->child(4)->state();
    QVERIFY(ipad.expandable && ipad.collapsed && !ipad.expanded);
    const QAccessible::State row = iface->child(1)->state();
    QVERIFY(!row.expandable && !row.collapsed && !row.expanded && row.selectable && !row.selected);
    QVERIFY(iface->child(2)->state().selected);
    QVERIFY(iface->child(3)->state().focused);
    QVERIFY(!iface->child(2)->state().focused);
    for (int i = 0; i < 6; i++) {
        const QRect r = view->visualRect(i);
        QCOMPARE(iface->child(i)->rect(), QRect(view->viewport()->mapToGlobal(r.topLeft()), r.size()));
    }
    QCOMPARE(iface->child(5)->rect().height(), 40);
    QCOMPARE(iface->child(5)->rect().top(), view->viewport()->mapToGlobal(QPoint(0, 170)).y());
    /* An item scrolled away is offscreen (it is no longer a child, but an
     * interface kept by an assistive technology answers). */
    QAccessibleInterface *first = iface->child(0);
    view->setScrollOffset(60); /* Mac's header sticks: still shown */
    QVERIFY(!first->state().offscreen);
    QCOMPARE(iface->indexOfChild(first), 0);
    view->setScrollOffset(0);
    QAccessibleInterface *top = iface->child(1);
    QCOMPARE(top->text(QAccessible::Name), QStringLiteral("Mac 0"));
    view->setScrollOffset(80); /* [80, 280): row 1 (40-70) is gone */
    QVERIFY(top->state().offscreen);
    QCOMPARE(iface->indexOfChild(top), -1);
    /* An item removed: its interface is invalid. */
    FOLD_CHECK(fold_table_remove_rows(t, model->index(0).data(FoldListModel::SectionRole).toULongLong(), 0, 1));
    QVERIFY(!top->isValid());
    QVERIFY(top->state().invalid);
}

void TestAccessible::actionsGoThroughEngine()
{
    make();
    QAccessibleInterface *iface = viewIface();
    QAccessibleInterface *ipad = iface->child(4);
    QAccessibleActionInterface *actions = ipad->actionInterface();
    QVERIFY(actions);
    QCOMPARE(actions->actionNames(),
             (QStringList{QAccessibleActionInterface::pressAction(), QAccessibleActionInterface::toggleAction()}));
    QCOMPARE(iface->child(1)->actionInterface()->actionNames(),
             (QStringList{QAccessibleActionInterface::pressAction()})); /* a row without expansion */
    /* Toggle: collapses iPad (rows 5-6 go). */
    actions->doAction(QAccessibleActionInterface::toggleAction());
    QVERIFY(flags(4) & FOLD_ITEM_FLAG_COLLAPSED);
    QCOMPARE(model->rowCount(), 10);
    QVERIFY(ipad->state().collapsed);
    /* Press: what a click does; on a header, toggle it back, with activated(). */
    QSignalSpy activated(view.get(), &FoldView::activated);
    actions->doAction(QAccessibleActionInterface::pressAction());
    QVERIFY(!(flags(4) & FOLD_ITEM_FLAG_COLLAPSED));
    QCOMPARE(model->rowCount(), 12);
    QCOMPARE(activated.count(), 1);
    QCOMPARE(activated.last().at(0).toInt(), 4);
    QVERIFY(ipad->state().expanded);
    /* An unknown action does nothing. */
    actions->doAction(QStringLiteral("Fly"));
    QCOMPARE(model->rowCount(), 12);
    /* The StateChanged events of both. */
    int changes = 0;
    for (const Event &e : events)
        if (e.type == QAccessible::StateChanged && e.item) {
            QCOMPARE(e.name, QStringLiteral("iPad"));
            QVERIFY(e.expandChanged);
            changes++;
        }
    QCOMPARE(changes, 2);
}

void TestAccessible::events_()
{
    make();
    view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(view.get()));
    view->setFocus();
    QVERIFY(view->hasFocus());
    QAccessibleInterface *iface = viewIface(); /* from now on the view reports */
    QVERIFY(iface);
    events.clear();
    QTest::keyClick(view.get(), Qt::Key_Down); /* no focus: the first item */
    QCOMPARE(countOf(QAccessible::Focus), 1);
    QCOMPARE(lastOf(QAccessible::Focus).name, QStringLiteral("Mac"));
    QCOMPARE(lastOf(QAccessible::Focus).child, 0);
    events.clear();
    QTest::keyClick(view.get(), Qt::Key_Down); /* row 1, selected */
    QCOMPARE(countOf(QAccessible::Focus), 1);
    const auto focusEvent =
        std::find_if(events.begin(), events.end(), [](const Event &e) { return e.type == QAccessible::Focus; });
    QCOMPARE(focusEvent->name, QStringLiteral("Mac 0"));
    QCOMPARE(focusEvent->child, 1); /* the view's child 1 */
    QCOMPARE(countOf(QAccessible::SelectionWithin), 1);
    /* End scrolls to row 11; the focus event comes once it shows. */
    events.clear();
    QTest::keyClick(view.get(), Qt::Key_End);
    QCOMPARE(countOf(QAccessible::Focus), 1);
    const auto end =
        std::find_if(events.begin(), events.end(), [](const Event &e) { return e.type == QAccessible::Focus; });
    QCOMPARE(end->name, QStringLiteral("iPhone 3"));
    QVERIFY(end->child >= 0);
    QCOMPARE(iface->child(end->child)->text(QAccessible::Name), QStringLiteral("iPhone 3"));
    /* Home, then Left collapses Mac: one StateChanged for it. */
    QTest::keyClick(view.get(), Qt::Key_Home);
    events.clear();
    QTest::keyClick(view.get(), Qt::Key_Left);
    QVERIFY(flags(0) & FOLD_ITEM_FLAG_COLLAPSED);
    QCOMPARE(countOf(QAccessible::StateChanged), 1);
    QCOMPARE(lastOf(QAccessible::StateChanged).name, QStringLiteral("Mac"));
    QVERIFY(lastOf(QAccessible::StateChanged).expandChanged);
    QCOMPARE(countOf(QAccessible::Focus), 0); /* focus stayed */
    /* A change through the model, not the view: reported too. */
    events.clear();
    QVERIFY(model->expand(0));
    QCOMPARE(countOf(QAccessible::StateChanged), 1);
    QCOMPARE(lastOf(QAccessible::StateChanged).name, QStringLiteral("Mac"));
    /* A click on a header no interface was asked for yet: focus, selection
     * (Mac's goes, iPad's comes), collapse. */
    events.clear();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(4).center());
    QVERIFY(flags(4) & FOLD_ITEM_FLAG_COLLAPSED);
    QCOMPARE(countOf(QAccessible::Focus), 1);
    QCOMPARE(countOf(QAccessible::SelectionWithin), 1);
    QCOMPARE(countOf(QAccessible::StateChanged), 1);
    QCOMPARE(countOf(QAccessible::SelectionAdd), 1);
    QCOMPARE(countOf(QAccessible::SelectionRemove), 1);
    for (const Event &e : events) {
        if (!e.item)
            continue;
        if (e.type == QAccessible::SelectionRemove)
            QCOMPARE(e.name, QStringLiteral("Mac"));
        else
            QCOMPARE(e.name, QStringLiteral("iPad"));
    }
    /* focusChild: the focused item. */
    QCOMPARE(iface->focusChild()->text(QAccessible::Name), QStringLiteral("iPad"));
}

/* 10^6 rows: the children are the ~10 shown, not the rows. */
void TestAccessible::millionRowsChildren()
{
    make();
    for (int i = 0; i < 100; i++)
        FOLD_CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, qPrintable(QString::number(i)),
                                             "Section", 10000, 0, nullptr));
    QCOMPARE(model->rowCount(), 12 + 100 * 10001);
    QAccessibleInterface *iface = viewIface();
    for (double offset : {0.0, 12345.0, 1.5e7, 3e7}) {
        view->setScrollOffset(offset);
        const QList<int> rows = shownRows();
        QCOMPARE(iface->childCount(), int(rows.size()));
        QVERIFY(rows.size() <= 9); /* 200 / 30 + cut ends + a sticky header */
        for (int i = 0; i < rows.size(); i++)
            QCOMPARE(iface->indexOfChild(iface->child(i)), i);
    }
}

/* Interfaces held across a model swap, a model freed and the view freed
 * answer as invalid, never crash. */
void TestAccessible::modelSwapAndTeardown()
{
    make();
    QAccessibleInterface *iface = viewIface();
    QAccessibleInterface *mac = iface->child(0);
    QAccessible::Id macId = QAccessible::uniqueId(mac);
    view->setModel(nullptr);
    QCOMPARE(iface->childCount(), 0);
    QCOMPARE(iface->child(0), nullptr);
    QCOMPARE(QAccessible::accessibleInterface(macId), nullptr); /* dropped with its model */
    view->setModel(model.get());
    QCOMPARE(iface->childCount(), 6);
    mac = iface->child(0);
    macId = QAccessible::uniqueId(mac);
    QCOMPARE(mac->text(QAccessible::Name), QStringLiteral("Mac"));
    model.reset(); /* the model freed under the view */
    QCOMPARE(iface->childCount(), 0);
    QVERIFY(!mac->isValid());
    QVERIFY(mac->state().invalid);
    QCOMPARE(mac->text(QAccessible::Name), QString());
    QCOMPARE(mac->rect(), QRect());
    QVERIFY(mac->actionInterface()->actionNames().isEmpty());
    mac->actionInterface()->doAction(QAccessibleActionInterface::pressAction());
    QTest::keyClick(view.get(), Qt::Key_Down);
    view.reset(); /* the view freed: its items' interfaces go with it */
    QCOMPARE(QAccessible::accessibleInterface(macId), nullptr);
}

QTEST_MAIN(TestAccessible)
#include "tst_accessible.moc"
