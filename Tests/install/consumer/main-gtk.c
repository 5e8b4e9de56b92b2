/* Uses the installed GTK binding through FoldTable::foldtable-gtk (which
 * brings gtk4 and FoldTable::foldtable): a FoldListModel over a table, no
 * display needed. */
#include <foldtable-gtk.h>
#include <stdio.h>

int main(void) {
    fold_table *t;
    if (fold_table_new(NULL, &t) != FOLD_OK) return 1;
    if (fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 3, 0, NULL) != FOLD_OK)
        return 2;
    FoldListModel *model = fold_list_model_new(t, (GDestroyNotify)fold_table_free);
    guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
    g_object_unref(model);
    printf("foldtable-gtk items %u\n", n);
    return 0;
}
