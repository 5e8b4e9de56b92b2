// A FoldListModel over two sections: print its rows, collapse one, print again.
#include <FoldListModel.h>
#include <cstdio>

static void print(const FoldListModel &model)
{
    for (int r = 0; r < model.rowCount(); r++) {
        QModelIndex i = model.index(r);
        bool header = i.data(FoldListModel::KindRole).toInt() == FoldListModel::Header;
        std::printf("%d %s %s row %lld height %g\n", r, header ? "header" : "  row",
                    qPrintable(i.data(FoldListModel::KeyRole).toString()),
                    i.data(FoldListModel::RowRole).toLongLong(),
                    i.data(FoldListModel::HeightRole).toDouble());
    }
}

int main()
{
    FoldListModel model; // owns a new fold_table
    fold_table_insert_section(model.table(), FOLD_ROOT, FOLD_INDEX_END, "fruit", "Fruit", 2, 0, nullptr);
    fold_table_insert_section(model.table(), FOLD_ROOT, FOLD_INDEX_END, "veg", "Vegetables", 1, 0, nullptr);
    print(model);
    model.collapse(model.headerRow(QStringLiteral("fruit"))); // rowsRemoved(1, 2)
    std::printf("collapsed: %d rows\n", model.rowCount());
    print(model);
}
