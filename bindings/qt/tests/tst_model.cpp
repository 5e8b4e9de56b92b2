/*
 * tst_model.cpp — FoldListModel after given operations: the exact rows and
 * role values, the exact signals (QSignalSpy: first, last, destination),
 * the invokables, bad rows and the table's ownership.
 */
#include "support.h"

#include <QAbstractItemModelTester>
#include <QThread>

#include <memory>

class TestModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void rowsAndRoles();
    void roleNames();
    void collapseSignals();
    void expandSignals();
    void moveSectionDown();
    void moveSectionUp();
    void moveRow();
    void snapshot();
    void redrawIsDataChanged();
    void invokables();
    void activate();
    void stickyHeaders();
    void badRows();
    void changeInsideASignal();
    void borrowedTable();
    void otherThread();
    void customData();

private:
    std::unique_ptr<FoldListModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;
    fold_table *t = nullptr;
    fold_section_id mac = 0, ipad = 0, iphone = 0;
};

/* Signal arguments: (parent, first, last) and rowsMoved's (parent, first, last, parent, destination). */
static QList<int> rows(const QList<QVariant> &arguments)
{
    QList<int> out;
    for (const QVariant &a : arguments)
        if (a.typeId() == QMetaType::Int)
            out << a.toInt();
    return out;
}

void TestModel::init()
{
    model = std::make_unique<FoldListModel>();
    t = model->table();
    addDevices(t, &mac, &ipad, &iphone);
    tester = std::make_unique<QAbstractItemModelTester>(
        model.get(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    /* Any warning of the model is a failure unless a test expects it. */
    QTest::failOnWarning(QRegularExpression(QStringLiteral("FoldListModel")));
}

void TestModel::cleanup()
{
    tester.reset();
    model.reset();
}

void TestModel::rowsAndRoles()
{
    QCOMPARE(model->rowCount(), 12);
    QCOMPARE(model->count(), 12);
    QVERIFY(modelMatchesTable(*model));
    const QModelIndex header = model->index(0), row = model->index(2), ipadHeader = model->index(4);
    QCOMPARE(header.data(FoldListModel::KindRole).toInt(), int(FoldListModel::Header));
    QCOMPARE(header.data(Qt::DisplayRole).toString(), QStringLiteral("Mac"));
    QCOMPARE(header.data(FoldListModel::KeyRole).toString(), QStringLiteral("Mac"));
    QCOMPARE(header.data(FoldListModel::TitleRole).toString(), QStringLiteral("Mac"));
    QCOMPARE(header.data(FoldListModel::DetailRole).toString(), QStringLiteral("Laptops and desktops"));
    QCOMPARE(header.data(FoldListModel::IndicatorRole).toString(), QStringLiteral("\u2013"));
    QCOMPARE(header.data(FoldListModel::DepthRole).toInt(), 0);
    QCOMPARE(header.data(FoldListModel::SectionRole).toULongLong(), quint64(mac));
    QCOMPARE(header.data(FoldListModel::SectionIndexRole).toLongLong(), 0);
    QCOMPARE(header.data(FoldListModel::RowRole).toLongLong(), -1);
    QCOMPARE(header.data(FoldListModel::CollapsedRole).toBool(), false);
    QCOMPARE(header.data(FoldListModel::CollapsibleRole).toBool(), true);
    QCOMPARE(header.data(FoldListModel::HeightRole).toDouble(), 28.0);
    QCOMPARE(header.data(FoldListModel::TopRole).toDouble(), 0.0);
    QCOMPARE(header.data(Qt::SizeHintRole).toSize(), QSize(0, 28));
    QCOMPARE(row.data(FoldListModel::KindRole).toInt(), int(FoldListModel::Row));
    QCOMPARE(row.data(FoldListModel::RowRole).toLongLong(), 1);
    QCOMPARE(row.data(FoldListModel::KeyRole).toString(), QStringLiteral("Mac"));
    QCOMPARE(row.data(FoldListModel::TopRole).toDouble(), 72.0);
    QCOMPARE(row.data(FoldListModel::HeightRole).toDouble(), 44.0);
    QVERIFY(!row.data(Qt::DisplayRole).isValid());       /* rows have no text in the engine */
    QVERIFY(!row.data(FoldListModel::IndicatorRole).isValid());
    QCOMPARE(row.data(FoldListModel::ExpandedRole).toBool(), false);
    QCOMPARE(row.data(FoldListModel::ExpandableRole).toBool(), false);
    QVERIFY(!ipadHeader.data(FoldListModel::DetailRole).isValid()); /* no '|' */
    QCOMPARE(ipadHeader.data(FoldListModel::SectionIndexRole).toLongLong(), 1);
    QCOMPARE(model->headerRow(QStringLiteral("iPhone")), 7);
    QCOMPARE(model->headerRow(QStringLiteral("nothing")), -1);
}

void TestModel::roleNames()
{
    const QHash<int, QByteArray> names = model->roleNames();
    QCOMPARE(names.value(Qt::DisplayRole), QByteArray("display"));
    QCOMPARE(names.value(FoldListModel::KindRole), QByteArray("kind"));
    QCOMPARE(names.value(FoldListModel::KeyRole), QByteArray("key"));
    QCOMPARE(names.value(FoldListModel::CollapsedRole), QByteArray("collapsed"));
    QCOMPARE(names.value(FoldListModel::HeightRole), QByteArray("height"));
    QCOMPARE(names.value(FoldListModel::TopRole), QByteArray("top"));
    QCOMPARE(names.value(FoldListModel::LoadErrorRole), QByteArray("loadError"));
    /* Every name once. */
    QCOMPARE(QSet<QByteArray>(names.cbegin(), names.cend()).size(), names.size());
}

void TestModel::collapseSignals()
{
    QSignalSpy aboutToRemove(model.get(), &QAbstractItemModel::rowsAboutToBeRemoved);
    QSignalSpy removed(model.get(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(model.get(), &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(model.get(), &QAbstractItemModel::dataChanged);
    QSignalSpy count(model.get(), &FoldListModel::countChanged);
    int flipped = 0;
    FOLD_CHECK(fold_table_collapse(t, ipad, &flipped));
    QCOMPARE(flipped, 1);
    QCOMPARE(aboutToRemove.count(), 1);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(rows(removed.at(0)), (QList<int>{5, 6}));
    QCOMPARE(inserted.count(), 0);
    /* The header's indicator and collapsed flag: redrawn. */
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 4);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 4);
    QCOMPARE(count.count(), 1);
    QCOMPARE(model->rowCount(), 10);
    QCOMPARE(model->index(4).data(FoldListModel::CollapsedRole).toBool(), true);
    QCOMPARE(model->index(4).data(FoldListModel::IndicatorRole).toString(), QStringLiteral("+"));
    QCOMPARE(model->index(5).data(FoldListModel::KeyRole).toString(), QStringLiteral("iPhone"));
    QVERIFY(modelMatchesTable(*model));
}

void TestModel::expandSignals()
{
    FOLD_CHECK(fold_table_collapse(t, mac, nullptr));
    QSignalSpy aboutToInsert(model.get(), &QAbstractItemModel::rowsAboutToBeInserted);
    QSignalSpy inserted(model.get(), &QAbstractItemModel::rowsInserted);
    FOLD_CHECK(fold_table_expand(t, mac, nullptr));
    QCOMPARE(aboutToInsert.count(), 1);
    QCOMPARE(rows(aboutToInsert.at(0)), (QList<int>{1, 3}));
    QCOMPARE(rows(inserted.at(0)), (QList<int>{1, 3}));
    QCOMPARE(model->rowCount(), 12);
    QVERIFY(modelMatchesTable(*model));
}

void TestModel::moveSectionDown()
{
    /* The header's worked example: changes {0,4,0} {8,0,4}, moves {0 -> 8, 4}. */
    QSignalSpy aboutToMove(model.get(), &QAbstractItemModel::rowsAboutToBeMoved);
    QSignalSpy moved(model.get(), &QAbstractItemModel::rowsMoved);
    QSignalSpy removed(model.get(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(model.get(), &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(model.get(), &QAbstractItemModel::dataChanged);
    const QPersistentModelIndex macHeader = model->index(0);
    FOLD_CHECK(fold_table_move_section(t, mac, FOLD_ROOT, 2));
    QCOMPARE(removed.count(), 0);
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(aboutToMove.count(), 1);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(rows(moved.at(0)), (QList<int>{0, 3, 12}));
    /* The moved items are redrawn where they land. */
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 8);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 11);
    /* A persistent index follows its item. */
    QCOMPARE(macHeader.row(), 8);
    QCOMPARE(macHeader.data(FoldListModel::KeyRole).toString(), QStringLiteral("Mac"));
    QVERIFY(modelMatchesTable(*model));
}

void TestModel::moveSectionUp()
{
    QSignalSpy moved(model.get(), &QAbstractItemModel::rowsMoved);
    QSignalSpy removed(model.get(), &QAbstractItemModel::rowsRemoved);
    const QPersistentModelIndex iphoneRow = model->index(9);
    FOLD_CHECK(fold_table_move_section(t, iphone, FOLD_ROOT, 0));
    QCOMPARE(removed.count(), 0);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(rows(moved.at(0)), (QList<int>{7, 11, 0}));
    QCOMPARE(iphoneRow.row(), 2);
    QCOMPARE(model->index(5).data(FoldListModel::KeyRole).toString(), QStringLiteral("Mac"));
    QVERIFY(modelMatchesTable(*model));
}

void TestModel::moveRow()
{
    /* Mac's row 0 to iPhone's index 1 (its children are rows only). */
    QSignalSpy moved(model.get(), &QAbstractItemModel::rowsMoved);
    QSignalSpy removed(model.get(), &QAbstractItemModel::rowsRemoved);
    const QPersistentModelIndex first = model->index(1);
    FOLD_CHECK(fold_table_move_row(t, mac, 0, iphone, 1));
    QCOMPARE(removed.count(), 0);
    QCOMPARE(moved.count(), 1);
    /* Out of 1, into the place before iPhone's row 1 (old position 9). */
    QCOMPARE(rows(moved.at(0)), (QList<int>{1, 1, 9}));
    QCOMPARE(first.row(), 8);
    QCOMPARE(first.data(FoldListModel::KeyRole).toString(), QStringLiteral("iPhone"));
    QCOMPARE(first.data(FoldListModel::RowRole).toLongLong(), 1);
    QVERIFY(modelMatchesTable(*model));
}

void TestModel::snapshot()
{
    /* iPhone first, Mac gone, a new section between. */
    fold_snapshot_entry entries[4] = {};
    entries[0].kind = FOLD_SNAPSHOT_SECTION;
    entries[0].key = "iPhone";
    entries[0].header = "iPhone";
    entries[1].kind = FOLD_SNAPSHOT_ROWS;
    entries[1].depth = 1;
    entries[1].rows = 4;
    entries[2].kind = FOLD_SNAPSHOT_SECTION;
    entries[2].key = "Watch";
    entries[2].header = "Watch";
    entries[3].kind = FOLD_SNAPSHOT_SECTION;
    entries[3].key = "iPad";
    entries[3].header = "iPad";
    QSignalSpy moved(model.get(), &QAbstractItemModel::rowsMoved);
    QSignalSpy removed(model.get(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy inserted(model.get(), &QAbstractItemModel::rowsInserted);
    const QPersistentModelIndex iphoneHeader = model->index(7);
    FOLD_CHECK(fold_table_apply_snapshot(t, entries, 4, nullptr));
    /* iPad lost its rows: it is the snapshot's */
    QCOMPARE(moved.count(), 1);
    QVERIFY(removed.count() >= 1);
    QVERIFY(inserted.count() >= 1);
    QCOMPARE(iphoneHeader.row(), 0);
    QCOMPARE(model->rowCount(), 7); /* iPhone + 4, Watch, iPad */
    QVERIFY(modelMatchesTable(*model));
}

void TestModel::redrawIsDataChanged()
{
    QSignalSpy changed(model.get(), &QAbstractItemModel::dataChanged);
    FOLD_CHECK(fold_table_set_row_height(t, ipad, 1, 60));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 6);
    QCOMPARE(changed.at(0).at(1).value<QModelIndex>().row(), 6);
    QCOMPARE(model->index(6).data(FoldListModel::HeightRole).toDouble(), 60.0);
    QCOMPARE(model->index(6).data(Qt::SizeHintRole).toSize(), QSize(0, 60));
    QCOMPARE(model->index(7).data(FoldListModel::TopRole).toDouble(), 28 + 3 * 44 + 28 + 44 + 60.0);
    /* Selecting an item redraws it. */
    changed.clear();
    FOLD_CHECK(fold_table_select_item(t, 2, FOLD_SELECT_REPLACE, nullptr));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).value<QModelIndex>().row(), 2);
    QCOMPARE(model->index(2).data(FoldListModel::SelectedRole).toBool(), true);
}

void TestModel::invokables()
{
    QSignalSpy removed(model.get(), &QAbstractItemModel::rowsRemoved);
    QCOMPARE(model->collapse(0), true);
    QCOMPARE(rows(removed.at(0)), (QList<int>{1, 3}));
    QCOMPARE(model->collapse(0), false); /* already */
    QCOMPARE(model->toggle(0), true);
    QCOMPARE(model->rowCount(), 12);
    QCOMPARE(model->expand(0), false);
    /* A row expands when it has a larger expanded height. */
    QCOMPARE(model->expand(2), false);
    FOLD_CHECK(fold_table_set_row_expanded_height(t, mac, 1, 100));
    QCOMPARE(model->index(2).data(FoldListModel::ExpandableRole).toBool(), true);
    QSignalSpy changed(model.get(), &QAbstractItemModel::dataChanged);
    QCOMPARE(model->expand(2), true);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(model->index(2).data(FoldListModel::ExpandedRole).toBool(), true);
    QCOMPARE(model->index(2).data(FoldListModel::HeightRole).toDouble(), 100.0);
    QCOMPARE(model->toggle(2), true);
    QCOMPARE(model->index(2).data(FoldListModel::ExpandedRole).toBool(), false);
    /* A fixed section refuses to collapse: an error, with a warning. */
    FOLD_CHECK(fold_table_set_collapsible(t, ipad, 0));
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("collapse\\(4\\): FOLD_E_NOT_ALLOWED")));
    QCOMPARE(model->collapse(4), false);
}

void TestModel::activate()
{
    QCOMPARE(model->activate(7), int(FoldListModel::SectionCollapsed));
    QCOMPARE(model->rowCount(), 8);
    QCOMPARE(model->activate(7), int(FoldListModel::SectionExpanded));
    QCOMPARE(model->activate(8), int(FoldListModel::Nothing)); /* a row that cannot expand */
    FOLD_CHECK(fold_table_set_row_expanded_height(t, iphone, 0, 90));
    QCOMPARE(model->activate(8), int(FoldListModel::RowExpanded));
    QCOMPARE(model->activate(8), int(FoldListModel::RowCollapsed));
}

/* Mac 0-160 (header 28, rows 44), iPad 160-276, iPhone 276-480, then
 * iPhone's subsection Pro (header 480, 2 rows) to 596. */
void TestModel::stickyHeaders()
{
    fold_section_id pro = 0;
    FOLD_CHECK(fold_table_insert_section(t, iphone, FOLD_INDEX_END, "Pro", "Pro", 2, 0, &pro));
    /* {row, top, depth} of each entry, in order. */
    auto stuck = [&](qreal offset) {
        QList<QList<qreal>> out;
        for (const QVariant &v : model->stickyHeaders(offset)) {
            const QVariantMap h = v.toMap();
            out << QList<qreal>{h.value(QStringLiteral("row")).toReal(), h.value(QStringLiteral("top")).toReal(),
                                h.value(QStringLiteral("depth")).toReal()};
        }
        return out;
    };
    QCOMPARE(stuck(0), (QList<QList<qreal>>{{0, 0, 0}}));
    QCOMPARE(stuck(100), (QList<QList<qreal>>{{0, 100, 0}}));
    /* iPad's header pushes Mac's up: Mac ends at 160. */
    QCOMPARE(stuck(150), (QList<QList<qreal>>{{0, 132, 0}}));
    QCOMPARE(stuck(200), (QList<QList<qreal>>{{4, 200, 0}}));
    /* Inside Pro: iPhone at the offset, Pro under it. */
    QCOMPARE(stuck(500), (QList<QList<qreal>>{{7, 500, 0}, {12, 528, 1}}));
    /* What a header delegate draws. */
    const QVariantMap mac0 = model->stickyHeaders(10).value(0).toMap();
    QCOMPARE(mac0.value(QStringLiteral("title")).toString(), QStringLiteral("Mac"));
    QCOMPARE(mac0.value(QStringLiteral("detail")).toString(), QStringLiteral("Laptops and desktops"));
    QCOMPARE(mac0.value(QStringLiteral("indicator")).toString(), QStringLiteral("\u2013"));
    QCOMPARE(mac0.value(QStringLiteral("height")).toReal(), 28.0);
    QCOMPARE(mac0.value(QStringLiteral("section")).toULongLong(), quint64(mac));
    QCOMPARE(mac0.value(QStringLiteral("collapsed")).toBool(), false);
    const QVariantMap pro1 = model->stickyHeaders(500).value(1).toMap();
    QVERIFY(!pro1.value(QStringLiteral("detail")).isValid()); /* "Pro" has none */
    /* Collapsed, Mac is its header alone: it sticks only over itself. */
    QCOMPARE(model->collapse(0), true);
    const QVariantMap collapsed = model->stickyHeaders(0).value(0).toMap();
    QCOMPARE(collapsed.value(QStringLiteral("collapsed")).toBool(), true);
    QCOMPARE(collapsed.value(QStringLiteral("indicator")).toString(), QStringLiteral("+"));
    QCOMPARE(stuck(30), (QList<QList<qreal>>{{1, 30, 0}}));
    /* A bad offset: nothing, and a warning. */
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("stickyHeaders\\(nan\\): the offset must be")));
    QVERIFY(model->stickyHeaders(qQNaN()).isEmpty());
    /* Past the content's end (464) no section holds the offset. */
    QVERIFY(model->stickyHeaders(1000).isEmpty());
    /* While the model signals a change its rows are not the table's: none. */
    int during = -1;
    connect(model.get(), &QAbstractItemModel::rowsRemoved, this,
            [&] { during = int(model->stickyHeaders(0).size()); });
    QCOMPARE(model->collapse(4), true);
    QCOMPARE(during, 0);
    QCOMPARE(stuck(0), (QList<QList<qreal>>{{0, 0, 0}}));
}

void TestModel::badRows()
{
    QVERIFY(!model->index(12).isValid());
    QVERIFY(!model->index(-1).isValid());
    QVERIFY(!model->data(QModelIndex()).isValid());
    QVERIFY(!model->data(model->index(0, 1)).isValid());
    QCOMPARE(model->flags(QModelIndex()), Qt::NoItemFlags);
    for (int bad : {-1, 12, 1000000}) {
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("no such row")));
        QCOMPARE(model->collapse(bad), false);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("no such row")));
        QCOMPARE(model->toggle(bad), false);
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("no such row")));
        QCOMPARE(model->activate(bad), int(FoldListModel::Failed));
    }
    fold_item item;
    QVERIFY(!model->itemAt(12, &item));
    QVERIFY(model->itemAt(11, &item));
    QCOMPARE(item.row, 3);
    QCOMPARE(model->rowCount(model->index(0)), 0); /* a list: no children */
}

void TestModel::changeInsideASignal()
{
    /* Handlers may read the table but not change it: refused, with a warning. */
    bool tried = false;
    connect(model.get(), &QAbstractItemModel::rowsRemoved, this, [&] {
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("cannot change while")));
        QCOMPARE(model->expand(0), false);
        QCOMPARE(fold_table_expand(t, mac, nullptr), FOLD_E_BUSY);
        tried = true;
    });
    FOLD_CHECK(fold_table_collapse(t, mac, nullptr));
    QVERIFY(tried);
    QVERIFY(modelMatchesTable(*model));
}

void TestModel::borrowedTable()
{
    fold_table *own = nullptr;
    FOLD_CHECK(fold_table_new(nullptr, &own));
    fold_section_id a = 0;
    FOLD_CHECK(fold_table_insert_section(own, FOLD_ROOT, 0, "a", "A", 2, 0, &a));
    {
        FoldListModel borrowed(own);
        QAbstractItemModelTester check(&borrowed, QAbstractItemModelTester::FailureReportingMode::Fatal);
        QVERIFY(!borrowed.ownsTable());
        QCOMPARE(borrowed.table(), own);
        QCOMPARE(borrowed.rowCount(), 3);
        FOLD_CHECK(fold_table_insert_rows(own, a, FOLD_INDEX_END, 2, nullptr));
        QCOMPARE(borrowed.rowCount(), 5);
    }
    /* The model is gone, its listener with it: the table still works. */
    FOLD_CHECK(fold_table_insert_rows(own, a, 0, 1, nullptr));
    int64_t count = 0;
    fold_table_item_count(own, &count);
    QCOMPARE(count, 6);
    fold_table_free(own);
    QVERIFY(model->ownsTable());

    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("given no table")));
    FoldListModel none(static_cast<fold_table *>(nullptr));
    QCOMPARE(none.rowCount(), 0);
    QVERIFY(!none.data(none.index(0)).isValid());
}

void TestModel::otherThread()
{
    /* A change on another thread: a reset, queued to the model's thread. */
    QSignalSpy reset(model.get(), &QAbstractItemModel::modelReset);
    QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("another thread")));
    std::unique_ptr<QThread> worker(QThread::create([this] {
        fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "Watch", "Watch", 2, 0, nullptr);
    }));
    worker->start();
    QVERIFY(worker->wait(10000));
    /* A change here while that reset waits: a reset at once, no warning. */
    FOLD_CHECK(fold_table_insert_rows(t, mac, 0, 1, nullptr));
    QCOMPARE(reset.count(), 1);
    QCOMPARE(model->rowCount(), 16);
    QVERIFY(modelMatchesTable(*model));
    QTRY_COMPARE(reset.count(), 2);
    QCOMPARE(model->rowCount(), 16);
    QVERIFY(modelMatchesTable(*model));
}

namespace {
class Named : public FoldListModel
{
public:
    using FoldListModel::FoldListModel;

protected:
    QVariant customData(int row, const fold_item &item, int role) const override
    {
        if (role == Qt::DisplayRole && item.kind == FOLD_ITEM_ROW)
            return QStringLiteral("row %1 at %2").arg(item.row).arg(row);
        return QVariant();
    }
};
} // namespace

void TestModel::customData()
{
    Named named;
    fold_table_insert_section(named.table(), FOLD_ROOT, 0, "a", "A", 2, 0, nullptr);
    QCOMPARE(named.index(0).data().toString(), QStringLiteral("A"));
    QCOMPARE(named.index(2).data().toString(), QStringLiteral("row 1 at 2"));
    QVERIFY(!named.index(2).data(Qt::ToolTipRole).isValid());
}

QTEST_GUILESS_MAIN(TestModel)
#include "tst_model.moc"
