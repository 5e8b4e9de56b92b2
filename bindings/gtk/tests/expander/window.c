/*
 * window.c — test-expander's app: the table (see tests/test-expander.c)
 * and its rows' text, a factory whose rows are FoldExpanders around a label
 * (their "failed" signals counted), and the 320 x 560 window with the
 * scrolled GtkListView over the model.
 */
#include "expander-test.h"

#include <string.h>

Test T;

/* ---- the table ------------------------------------------------------------ */

char *
row_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)user_data;
    static const struct {
        const char *key;
        const char *rows[3];
    } rows[] = {
        {"fruit", {"Apple", "Banana", "Cherry"}}, {"citrus", {"Lemon", "Lime"}},
        {"small", {"Kumquat", "Calamondin"}},     {"grains", {"Wheat", "Rice"}},
        {"nuts", {"Almond", "Walnut"}},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(rows); i++)
        if (strcmp(rows[i].key, key) == 0 && row >= 0 && row < 3 && rows[i].rows[row])
            return g_strdup(rows[i].rows[row]);
    return g_strdup_printf("%s %" G_GINT64_FORMAT, key, row);
}


gboolean
build_table(void)
{
    fold_table_options options = options_with_heights(24, 28, 0, 0, 0);
    if (fold_table_new(&options, &T.table) != FOLD_OK)
        return FALSE;
    fold_section_id fruit, citrus, small;
    return fold_table_insert_section(T.table, FOLD_ROOT, FOLD_INDEX_END, "fruit", "Fruit", 3, 0,
                                     &fruit) == FOLD_OK &&
           fold_table_set_row_expanded_height(T.table, fruit, 1, 60) == FOLD_OK &&
           fold_table_insert_section(T.table, fruit, FOLD_INDEX_END, "citrus", "Citrus", 2, 0,
                                     &citrus) == FOLD_OK &&
           fold_table_insert_section(T.table, citrus, FOLD_INDEX_END, "small", "Small", 2, 0,
                                     &small) == FOLD_OK &&
           fold_table_insert_section(T.table, FOLD_ROOT, FOLD_INDEX_END, "grains", "Grains", 2,
                                     FOLD_SECTION_FIXED, NULL) == FOLD_OK &&
           fold_table_insert_section(T.table, FOLD_ROOT, FOLD_INDEX_END, "nuts", "Nuts", 2,
                                     FOLD_SECTION_COLLAPSED, NULL) == FOLD_OK;
}

/* ---- the window ----------------------------------------------------------- */

void
on_failed(FoldExpander *expander, const char *action, GError *error, gpointer data)
{
    (void)expander;
    (void)data;
    fprintf(stderr, "failed signal: %s: %s\n", action, error->message);
    T.failed_signals++;
    T.failed_code = error->code;
}

static void
setup(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    GtkWidget *expander = fold_expander_new();
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    fold_expander_set_model(FOLD_EXPANDER(expander), data);
    fold_expander_set_child(FOLD_EXPANDER(expander), label);
    g_signal_connect(expander, "failed", G_CALLBACK(on_failed), NULL);
    gtk_list_item_set_child(list_item, expander);
}

static void
bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    FoldExpander *expander = FOLD_EXPANDER(gtk_list_item_get_child(list_item));
    FoldListItem *item = gtk_list_item_get_item(list_item);
    fold_expander_set_item(expander, item);
    const char *title = fold_list_item_get_title(item);
    gtk_label_set_text(GTK_LABEL(fold_expander_get_child(expander)), title ? title : "");
}

static void
unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    fold_expander_set_item(FOLD_EXPANDER(gtk_list_item_get_child(list_item)), NULL);
}

void
build_window(void)
{
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), T.model);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind), NULL);
    T.list = gtk_list_view_new(
        GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(g_object_ref(T.model)))), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), T.list);
    T.window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(T.window), "FoldExpander");
    gtk_window_set_default_size(GTK_WINDOW(T.window), 320, 560);
    gtk_window_set_child(GTK_WINDOW(T.window), scrolled);
    gtk_window_present(GTK_WINDOW(T.window));
}
