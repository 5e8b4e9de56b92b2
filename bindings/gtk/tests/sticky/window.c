/*
 * window.c — test-sticky's app: the table (nested groups, one fixed) and
 * its rows' text, the rows' factory (one for the list and the stuck
 * headers, as an app has; its row is demo-listview.c's, demo-list-row.c),
 * and the 360 x 400 window with the
 * FoldStickyHeaders around the scrolled GtkListView over the model.
 */
#include "sticky-test.h"

#include "demo-list-row.h"

typedef struct {
    const char *key, *parent, *header;
    int rows;
    uint32_t flags;
} Group;

static const Group groups[] = {
    {"fruit", NULL, "Fruit|3 + 2 groups", 3, 0},
    {"citrus", "fruit", "Citrus|5", 5, 0},
    {"berries", "fruit", "Berries|4", 4, 0},
    {"veg", NULL, "Vegetables|2 + 2 groups", 2, 0},
    {"leaves", "veg", "Leaves|4", 4, 0},
    {"roots", "veg", "Roots|3", 3, 0},
    {"grains", NULL, "Grains|always open", 6, FOLD_SECTION_FIXED},
    {"nuts", NULL, "Nuts|4 + 1 group", 4, 0},
    {"tree-nuts", "nuts", "Tree nuts|3", 3, 0},
    {"spices", NULL, "Spices|5 + 1 group", 5, 0},
    {"hot", "spices", "Hot|3", 3, 0},
};

fold_table *table;
FoldListModel *model;
GtkWidget *window, *scroller, *list, *sticky;
GtkAdjustment *vadj;

char *
row_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)user_data;
    return g_strdup_printf("%s %" G_GINT64_FORMAT, key, row + 1);
}

fold_table *
build_table(void)
{
    fold_table_options options = options_with_heights(ROW_HEIGHT, HEADER_HEIGHT, 0, 0, 0);
    fold_table *t = NULL;
    if (fold_table_new(&options, &t) != FOLD_OK)
        return NULL;
    for (size_t i = 0; i < G_N_ELEMENTS(groups); i++) {
        fold_section_id parent = FOLD_ROOT;
        if (groups[i].parent && fold_table_find_section(t, groups[i].parent, &parent) != FOLD_OK)
            return NULL;
        if (fold_table_insert_section(t, parent, FOLD_INDEX_END, groups[i].key, groups[i].header,
                                      groups[i].rows, groups[i].flags, NULL) != FOLD_OK)
            return NULL;
    }
    return t;
}

/* ---- the app's rows: one factory for the list and the stuck headers ----- */

/* demo-listview.c's row without the body (demo-list-row.c). */
static void
setup_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    gtk_list_item_set_child(list_item, demo_list_row_new(0));
}

static const char css[] =
    "listview.fold > row { padding: 0; margin: 0; min-height: 0; border: none; }\n"
    ".fold-header { background: #d8e0ec; font-weight: bold; }\n"
    ".fold-header.depth-1 { background: #e6ecf4; }\n"
    ".fold-row { background: #ffffff; box-shadow: inset 0 -1px #e8e8e8; }\n";

/* Clicks on the list's rows: a header toggles, a row expands. */
static void
on_activate(GtkListView *view, guint position, gpointer data)
{
    (void)view;
    (void)data;
    fold_list_model_activate(model, position, NULL, NULL);
}

void
build_window(void)
{
    demo_add_css(css);

    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(demo_list_row_bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(demo_list_row_unbind), NULL);
    list = gtk_list_view_new(
        GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(g_object_ref(model)))), factory);
    gtk_widget_add_css_class(list, "fold");
    gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(list), TRUE);
    g_signal_connect(list, "activate", G_CALLBACK(on_activate), NULL);

    scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));

    /* The model comes from the list (NULL): the FoldListModel under its
     * GtkNoSelection. */
    sticky = fold_sticky_headers_new(NULL, scroller);

    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 360, VIEW_HEIGHT);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_window_set_resizable(GTK_WINDOW(window), FALSE);
    gtk_window_set_child(GTK_WINDOW(window), sticky);
    gtk_window_present(GTK_WINDOW(window));
}
