/*
 * support.h — what the Qt tests share: a table with the README's three
 * sections, the engine's view of an item, and the check that the model
 * shows what the engine holds.
 */
#ifndef FOLDTABLE_QT_TEST_SUPPORT_H
#define FOLDTABLE_QT_TEST_SUPPORT_H

#include <FoldListModel.h>

#include <QtTest>

/* Fails the test (returning from it) unless `call` returns FOLD_OK. */
#define FOLD_CHECK(call)                                                                         \
    do {                                                                                         \
        const int fold_status_ = (call);                                                         \
        QVERIFY2(fold_status_ == FOLD_OK,                                                        \
                 qPrintable(QStringLiteral("%1: %2: %3")                                         \
                                .arg(QString::fromUtf8(#call),                                   \
                                     QString::fromUtf8(fold_status_name(fold_status_)),          \
                                     QString::fromUtf8(fold_last_error_message()))));            \
    } while (0)

/* Mac (3 rows, "Mac|Laptops and desktops"), iPad (2 rows), iPhone (4 rows):
 * items Mac 0, rows 1-3; iPad 4, rows 5-6; iPhone 7, rows 8-11. */
inline void addDevices(fold_table *t, fold_section_id *mac, fold_section_id *ipad,
                       fold_section_id *iphone)
{
    fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "Mac", "Mac|Laptops and desktops", 3, 0, mac);
    fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "iPad", "iPad", 2, 0, ipad);
    fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "iPhone", "iPhone", 4, 0, iphone);
}

/* The model's rows against the engine's items: count, and for each row (or
 * for `samples` rows spread over the list when samples > 0) kind, section,
 * row index, depth, flags and height. */
inline bool modelMatchesTable(const FoldListModel &model, int samples = 0, QString *why = nullptr)
{
    int64_t count = -1;
    fold_table_item_count(model.table(), &count);
    if (model.rowCount() != count) {
        if (why)
            *why = QStringLiteral("rowCount %1, the table has %2 items").arg(model.rowCount()).arg(count);
        return false;
    }
    const int n = model.rowCount();
    const int stride = samples > 0 && n > samples ? n / samples : 1;
    for (int r = 0; r < n; r += stride) {
        fold_item item;
        double height = -1;
        const int status = fold_table_item_at(model.table(), r, &item);
        if (status != FOLD_OK) {
            if (why)
                *why = QStringLiteral("the table's item %1 of %2: %3: %4")
                           .arg(r)
                           .arg(count)
                           .arg(QString::fromUtf8(fold_status_name(status)),
                                QString::fromUtf8(fold_last_error_message()));
            return false;
        }
        fold_table_item_height(model.table(), r, &height);
        const QModelIndex i = model.index(r);
        const bool same = i.data(FoldListModel::KindRole).toInt() == item.kind &&
                          i.data(FoldListModel::SectionRole).toULongLong() == item.section &&
                          i.data(FoldListModel::RowRole).toLongLong() == item.row &&
                          i.data(FoldListModel::DepthRole).toInt() == item.depth &&
                          i.data(FoldListModel::FlagsRole).toUInt() == item.flags &&
                          i.data(FoldListModel::HeightRole).toDouble() == height;
        if (!same) {
            if (why)
                *why = QStringLiteral("row %1 is not the table's item: model kind %2 section %3 row %4 "
                                      "depth %5 flags %6 height %7; table %8 %9 %10 %11 %12 %13")
                           .arg(r)
                           .arg(i.data(FoldListModel::KindRole).toInt())
                           .arg(i.data(FoldListModel::SectionRole).toULongLong())
                           .arg(i.data(FoldListModel::RowRole).toLongLong())
                           .arg(i.data(FoldListModel::DepthRole).toInt())
                           .arg(i.data(FoldListModel::FlagsRole).toUInt())
                           .arg(i.data(FoldListModel::HeightRole).toDouble())
                           .arg(item.kind)
                           .arg(item.section)
                           .arg(item.row)
                           .arg(item.depth)
                           .arg(item.flags)
                           .arg(height);
            return false;
        }
    }
    return true;
}

#endif
