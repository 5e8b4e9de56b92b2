/*
 * test-moves.c — a moved row or section keeps its widget, its keyboard
 * focus and its selection in a real GtkListView (under Xvfb): the engine
 * reports the move (foldtable.h, "Moves"), FoldListModel keeps the moved
 * item's FoldListItem object and emits the change as one items-changed,
 * and GTK's list item manager gives an object it saw removed and added in
 * one items-changed its old widget back.
 *
 * For fold_table_move_section, fold_table_move_row and a batch that moves
 * a section among other edits: the widget bound to the moved item before
 * is the widget bound to it after (the same GtkLabel, never unbound), the
 * focused row widget is still focused, the selected item is still
 * selected. As a control, a section removed and inserted again (not a
 * move) gets a new object, and so a new binding.
 */
#include "support/gtk-test.h"

#define OK(call) CHECK_STATUS((call), FOLD_OK)

#include <stdio.h>

static fold_table *table;
static FoldListModel *model;
static GtkWidget *window, *list;
static guint binds, unbinds;

static void
setup(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    gtk_list_item_set_child(list_item, gtk_label_new(NULL));
}

/* The label shows the item's title; the item remembers its label. */
static void
bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    FoldListItem *item = gtk_list_item_get_item(list_item);
    GtkWidget *label = gtk_list_item_get_child(list_item);
    GBinding *title = g_object_bind_property(item, "title", label, "label", G_BINDING_SYNC_CREATE);
    g_object_set_data(G_OBJECT(label), "binding", title);
    g_object_set_data(G_OBJECT(item), "label", label);
    binds++;
}

static void
unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    GtkWidget *label = gtk_list_item_get_child(list_item);
    g_binding_unbind(g_object_get_data(G_OBJECT(label), "binding"));
    g_object_set_data(G_OBJECT(gtk_list_item_get_item(list_item)), "label", NULL);
    unbinds++;
}

/* Rows say which section and row they are: a moved row's title changes. */
static char *
row_text(fold_section_id section, const char *key, int64_t row, void *data)
{
    (void)section, (void)data;
    return g_strdup_printf("%s:%" G_GINT64_FORMAT, key, row);
}

static FoldListItem *
item_at(guint position)
{
    return g_list_model_get_item(G_LIST_MODEL(model), position);
}

static GtkWidget *
label_of(FoldListItem *item)
{
    return item ? g_object_get_data(G_OBJECT(item), "label") : NULL;
}

static int64_t
header_at(const char *key)
{
    int64_t p = -1;
    fold_table_header_position(table, sec(table, key), &p);
    return p;
}

/* Focuses the row widget of the item at `position`, selects it only. */
static GtkWidget *
focus_and_select(guint position)
{
    FoldListItem *item = item_at(position);
    GtkWidget *label = label_of(item);
    GtkWidget *row = label ? gtk_widget_get_parent(label) : NULL;
    CHECK(row != NULL);
    if (row)
        CHECK(gtk_widget_grab_focus(row));
    CHECK(gtk_selection_model_select_item(GTK_SELECTION_MODEL(model), position, TRUE));
    g_clear_object(&item);
    test_wait_for_draw(window, 2);
    return row;
}

/* After a move: the item that was at `old_item` is at `position` with
 * the same object and widget, focused and selected; no rebinding of it. */
static void
check_kept(const char *what, FoldListItem *old_item, GtkWidget *old_label, GtkWidget *row, guint position)
{
    FoldListItem *now = item_at(position);
    GtkWidget *label = label_of(now);
    gboolean same_object = now == old_item, same_widget = label == old_label && label != NULL;
    gboolean focused = row && gtk_root_get_focus(GTK_ROOT(window)) == row;
    gboolean selected = gtk_selection_model_is_selected(GTK_SELECTION_MODEL(model), position);
    printf("%-36s item at %u: same object %d, same widget %d, focused %d, selected %d\n", what,
           position, same_object, same_widget, focused, selected);
    CHECK(same_object);
    CHECK(same_widget);
    CHECK(focused);
    CHECK(selected);
    /* The kept widget shows what the item says now (a moved row: its new section and index). */
    if (label)
        CHECK_STR(gtk_label_get_text(GTK_LABEL(label)), fold_list_item_get_title(now));
    g_clear_object(&now);
}

static void
test_move_section(void)
{
    guint p = (guint)header_at("a");
    GtkWidget *row = focus_and_select(p);
    FoldListItem *item = item_at(p);
    GtkWidget *label = label_of(item);
    OK(fold_table_move_section(table, sec(table, "a"), FOLD_ROOT, 2));
    test_wait_for_draw(window, 2);
    check_kept("fold_table_move_section", item, label, row, (guint)header_at("a"));
    g_clear_object(&item);
}

static void
test_move_row(void)
{
    int64_t p = -1;
    OK(fold_table_row_position(table, sec(table, "c"), 1, &p));
    GtkWidget *row = focus_and_select((guint)p);
    FoldListItem *item = item_at((guint)p);
    GtkWidget *label = label_of(item);
    OK(fold_table_move_row(table, sec(table, "c"), 1, sec(table, "b"), 0));
    OK(fold_table_row_position(table, sec(table, "b"), 0, &p));
    test_wait_for_draw(window, 2);
    check_kept("fold_table_move_row", item, label, row, (guint)p);
    g_clear_object(&item);
}

static void
test_batch(void)
{
    guint p = (guint)header_at("b");
    GtkWidget *row = focus_and_select(p);
    FoldListItem *item = item_at(p);
    GtkWidget *label = label_of(item);
    OK(fold_table_begin_batch(table));
    OK(fold_table_insert_rows(table, sec(table, "c"), 0, 2, NULL));
    OK(fold_table_move_section(table, sec(table, "b"), FOLD_ROOT, 0));
    OK(fold_table_remove_rows(table, sec(table, "a"), 0, 1));
    OK(fold_table_end_batch(table));
    test_wait_for_draw(window, 2);
    check_kept("a batch that moves b", item, label, row, (guint)header_at("b"));
    g_clear_object(&item);
}

/* Not a move: removed and inserted again under the same key, the section
 * is a new one (a new object, bound anew). */
static void
test_not_a_move(void)
{
    guint p = (guint)header_at("c");
    FoldListItem *item = item_at(p);
    GtkWidget *label = label_of(item);
    guint binds_before = binds;
    OK(fold_table_remove_section(table, sec(table, "c")));
    add(table, FOLD_ROOT, "c", "Gamma", 2);
    test_wait_for_draw(window, 2);
    FoldListItem *now = item_at((guint)header_at("c"));
    CHECK(now != item);
    CHECK(label_of(item) == NULL || label_of(now) != label || binds > binds_before);
    printf("%-36s new object %d, binds %u -> %u\n", "remove + insert (control)", now != item,
           binds_before, binds);
    g_clear_object(&now);
    g_clear_object(&item);
}

int
main(int argc, char **argv)
{
    gtk_init();
    table = new_table(NULL);
    if (!table)
        return check_done();
    add(table, FOLD_ROOT, "a", "Alpha", 3);
    add(table, FOLD_ROOT, "b", "Beta", 2);
    add(table, FOLD_ROOT, "c", "Gamma", 4);
    model = fold_list_model_new(table, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind), NULL);
    list = gtk_list_view_new(GTK_SELECTION_MODEL(g_object_ref(model)), factory);
    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 300, 600);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    gtk_window_present(GTK_WINDOW(window));
    test_wait_for_draw(window, 3);

    test_move_section();
    test_move_row();
    test_batch();
    test_not_a_move();
    if (argc > 1) {
        char *path = g_build_filename(argv[1], "moves.png", NULL);
        test_screenshot(window, path);
        g_free(path);
    }
    printf("binds %u, unbinds %u\n", binds, unbinds);
    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(model);
    return check_done();
}
