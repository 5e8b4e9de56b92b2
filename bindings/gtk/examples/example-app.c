/*
 * example-app.c — the smallest GTK 4 app on FoldTable (the README's example).
 *
 *   cc example-app.c $(pkg-config --cflags --libs foldtable-gtk) -o example-app
 *   ./example-app           a window with a collapsible list
 *   ./example-app --list    print the model's items (no display needed)
 */
#include <foldtable-gtk.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

/* The app keeps its data; the engine only the structure. */
static const char *const planets[] = {"Mercury", "Venus", "Earth", "Mars"};
static const char *const moons[] = {"Moon", "Phobos", "Deimos"};

static char *
row_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)user_data;
    /* Rows only: header titles come from the engine ("Planets|inner"). */
    return g_strdup(strcmp(key, "planets") == 0 ? planets[row] : moons[row]);
}

static FoldListModel *
make_model(fold_section_id *out_moons)
{
    fold_table *table = NULL;
    fold_table_new(NULL, &table);
    fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "planets", "Planets|inner", 4, 0,
                              NULL);
    fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "moons", "Moons", 3, 0,
                              out_moons);
    /* The model owns the table from here on. */
    FoldListModel *model = fold_list_model_new(table, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);
    return model;
}

/* Each row is a FoldExpander: indentation, the chevron (where a section
 * collapses), its click and keys (+ - * Left Right, Enter), all acting on
 * the model. */
static void
setup(GtkSignalListItemFactory *f, GtkListItem *li, gpointer model)
{
    (void)f;
    GtkWidget *expander = fold_expander_new();
    fold_expander_set_model(FOLD_EXPANDER(expander), model);
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    fold_expander_set_child(FOLD_EXPANDER(expander), label);
    gtk_list_item_set_child(li, expander);
}

/* The expander follows its item (collapsed, expanded); the row shows the
 * title at the engine's height. */
static void
bind(GtkSignalListItemFactory *f, GtkListItem *li, gpointer d)
{
    (void)f;
    (void)d;
    FoldListItem *item = gtk_list_item_get_item(li);
    GtkWidget *expander = gtk_list_item_get_child(li);
    fold_expander_set_item(FOLD_EXPANDER(expander), item);
    gtk_label_set_text(GTK_LABEL(fold_expander_get_child(FOLD_EXPANDER(expander))),
                       fold_list_item_get_title(item));
    gtk_widget_set_size_request(expander, -1, (int)fold_list_item_get_height(item));
}

static void
unbind(GtkSignalListItemFactory *f, GtkListItem *li, gpointer d)
{
    (void)f;
    (void)d;
    fold_expander_set_item(FOLD_EXPANDER(gtk_list_item_get_child(li)), NULL);
}

static void
activate_item(GtkListView *list, guint position, gpointer model)
{
    (void)list;
    /* Collapses/expands a section or a row: items-changed for the rows that
     * appear or go, notify on the items whose state changed. */
    fold_list_model_activate(model, position, NULL, NULL);
}

static void
activate_app(GtkApplication *app, gpointer model)
{
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), model);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind), NULL);
    GtkNoSelection *selection = gtk_no_selection_new(g_object_ref(model));
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
    gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(list), TRUE);
    g_signal_connect(list, "activate", G_CALLBACK(activate_item), model);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Planets");
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    gtk_window_set_default_size(GTK_WINDOW(window), 320, 400);
    gtk_window_set_child(GTK_WINDOW(window), scroller);
    gtk_window_present(GTK_WINDOW(window));
}

int
main(int argc, char **argv)
{
    fold_section_id moons = 0;
    FoldListModel *model = make_model(&moons);
    int status = 0;
    if (argc > 1 && strcmp(argv[1], "--list") == 0) {
        fold_list_model_toggle_section(model, moons, NULL, NULL);
        guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
        for (guint i = 0; i < n; i++) {
            FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), i);
            printf("%u %s %s\n", i, fold_list_item_get_indicator(item)
                                        ? fold_list_item_get_indicator(item) : " ",
                   fold_list_item_get_title(item));
            g_object_unref(item);
        }
    } else {
        GtkApplication *app = gtk_application_new("org.foldtable.Example",
                                                  G_APPLICATION_NON_UNIQUE);
        g_signal_connect(app, "activate", G_CALLBACK(activate_app), model);
        status = g_application_run(G_APPLICATION(app), argc, argv);
        g_object_unref(app);
    }
    g_object_unref(model);
    return status;
}
