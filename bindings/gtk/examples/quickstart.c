/* A collapsible, nested, sticky-header list: FoldStore + FoldListModel + a
 * GtkListView of FoldExpander rows + FoldStickyHeaders. The quick start of
 * bindings/gtk/README.md. `quickstart --self-test OUT.png` checks itself. */
#include <foldtable-gtk.h>

static char *row_text(fold_section_id section, const char *key, int64_t row, void *data) {
    return g_strdup_printf("%s %d", key, (int)row + 1);
}
static void setup(GtkSignalListItemFactory *f, GtkListItem *li, gpointer model) {
    GtkWidget *expander = fold_expander_new();   /* indentation, chevron, keys */
    fold_expander_set_model(FOLD_EXPANDER(expander), model);
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    fold_expander_set_child(FOLD_EXPANDER(expander), label);
    gtk_list_item_set_child(li, expander);
}
static void bind(GtkSignalListItemFactory *f, GtkListItem *li, gpointer model) {
    FoldListItem *item = gtk_list_item_get_item(li);
    FoldExpander *expander = FOLD_EXPANDER(gtk_list_item_get_child(li));
    fold_expander_set_item(expander, item);
    gtk_label_set_text(GTK_LABEL(fold_expander_get_child(expander)), fold_list_item_get_title(item));
    gtk_widget_set_size_request(GTK_WIDGET(expander), -1, (int)fold_list_item_get_height(item));
}
static void activate(GtkListView *list, guint position, gpointer model) {
    fold_list_model_activate(model, position, NULL, NULL);   /* a click on the row */
}
static int self_test(GtkWidget *window, FoldListModel *model, GtkWidget *sticky, const char *png);

int main(int argc, char **argv) {
    gtk_init();
    FoldStore *store = g_object_new(FOLD_TYPE_STORE, "row-height", 32.0, "header-height", 32.0, NULL);
    guint64 veg, fruit;
    fold_store_insert_section(store, FOLD_ROOT, -1, "veg", "Vegetables", 0, 0, &veg, NULL);
    fold_store_insert_section(store, veg, -1, "leaf", "Leaves", 5, 0, NULL, NULL);
    fold_store_insert_section(store, veg, -1, "root", "Roots", 4, 0, NULL, NULL);
    fold_store_insert_section(store, FOLD_ROOT, -1, "fruit", "Fruit", 0, 0, &fruit, NULL);
    fold_store_insert_section(store, fruit, -1, "citrus", "Citrus", 4, 0, NULL, NULL);
    fold_store_insert_section(store, fruit, -1, "berry", "Berries", 3, FOLD_SECTION_FLAGS_COLLAPSED, NULL, NULL);
    fold_store_insert_section(store, FOLD_ROOT, -1, "nut", "Nuts", 6, 0, NULL, NULL);
    FoldListModel *model = fold_list_model_new_for_store(store);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);

    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), model);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), model);
    GtkWidget *list = gtk_list_view_new(
        GTK_SELECTION_MODEL(gtk_no_selection_new(g_object_ref(G_LIST_MODEL(model)))), factory);
    gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(list), TRUE);
    g_signal_connect(list, "activate", G_CALLBACK(activate), model);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    GtkWidget *sticky = fold_sticky_headers_new(model, scroller);   /* where the scroller went */

    GtkCssProvider *css = gtk_css_provider_new();   /* rows exactly the engine's heights */
    gtk_css_provider_load_from_data(css, "listview > row { padding: 0 8px; min-height: 0; }"
                                         "foldexpander.header label { font-weight: bold; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 360, 420);
    gtk_window_set_child(GTK_WINDOW(window), sticky);
    gtk_window_present(GTK_WINDOW(window));
    if (argc > 2 && g_str_equal(argv[1], "--self-test"))
        return self_test(window, model, sticky, argv[2]);
    while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0)
        g_main_context_iteration(NULL, TRUE);
    return 0;
}

/* ---- --self-test OUT.png: not part of the quick start ---------------------- */

/* Runs the main loop for `ticks` × 10 ms. */
static void wait_ticks(int ticks) {
    for (int i = 0; i < ticks; i++) {
        while (g_main_context_pending(NULL))
            g_main_context_iteration(NULL, FALSE);
        g_usleep(10000);
    }
}
/* Until the list shows what `cond` asks for (at most 20 s on a busy machine). */
#define WAIT_FOR(cond) for (int t_ = 0; t_ < 2000 && !(cond); t_++) wait_ticks(1)

static FoldExpander *expander_at(GtkWidget *sticky, guint position) {
    GtkWidget *list = GTK_WIDGET(fold_sticky_headers_get_list_view(FOLD_STICKY_HEADERS(sticky)));
    for (GtkWidget *c = gtk_widget_get_first_child(list); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *e = gtk_widget_get_first_child(c);
        if (e && FOLD_IS_EXPANDER(e) && gtk_widget_get_mapped(e) && fold_expander_get_item(FOLD_EXPANDER(e))
            && fold_list_item_get_position(fold_expander_get_item(FOLD_EXPANDER(e))) == position)
            return FOLD_EXPANDER(e);
    }
    return NULL;
}

static int self_test(GtkWidget *window, FoldListModel *model, GtkWidget *sticky, const char *png) {
    int failures = 0;
#define EXPECT(c) (void)((c) || (failures++, g_printerr("FAILED line %d: %s\n", __LINE__, #c), 0))
    WAIT_FOR(expander_at(sticky, 13) != NULL);
    /* Vegetables, Leaves + 5, Roots + 4, Fruit, Citrus + 4, Berries (collapsed), Nuts + 6 */
    EXPECT(g_list_model_get_n_items(G_LIST_MODEL(model)) == 26);
    FoldExpander *citrus = expander_at(sticky, 13);
    EXPECT(citrus && g_str_equal(fold_list_item_get_key(fold_expander_get_item(citrus)), "citrus"));
    EXPECT(citrus && fold_expander_get_expanded(citrus));
    if (citrus)   /* the expander's action, as its chevron click and Left do */
        gtk_widget_activate_action(GTK_WIDGET(citrus), "listitem.collapse", NULL);
    EXPECT(g_list_model_get_n_items(G_LIST_MODEL(model)) == 22);
    WAIT_FOR(expander_at(sticky, 13) && !fold_expander_get_expanded(expander_at(sticky, 13)));
    EXPECT(expander_at(sticky, 13) && !fold_expander_get_expanded(expander_at(sticky, 13)));
    /* Scrolled into Roots: Vegetables and Roots stick, stacked. */
    GtkWidget *scroller = fold_sticky_headers_get_child(FOLD_STICKY_HEADERS(sticky));
    GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scroller));
    WAIT_FOR(gtk_adjustment_get_upper(vadj) == 22 * 32);   /* laid out after the collapse */
    gtk_adjustment_set_value(vadj, 268);
    guint roots = 0;   /* the inner stuck header's position: Roots is at 7 */
    WAIT_FOR(fold_sticky_headers_get_header(FOLD_STICKY_HEADERS(sticky), 1, NULL, &roots, NULL, NULL)
             && roots == 7);
    wait_ticks(20);   /* painted */
    EXPECT(fold_sticky_headers_get_n_headers(FOLD_STICKY_HEADERS(sticky)) == 2 && roots == 7);

    int w = gtk_widget_get_width(window), h = gtk_widget_get_height(window);
    GdkPaintable *paintable = gtk_widget_paintable_new(window);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, GDK_SNAPSHOT(snapshot), w, h);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, (float)w, (float)h);
    GdkTexture *texture = node ? gsk_renderer_render_texture(
        gtk_native_get_renderer(GTK_NATIVE(window)), node, &viewport) : NULL;
    EXPECT(texture && gdk_texture_save_to_png(texture, png));
    g_printerr("quickstart: 26 items, Citrus collapsed by its expander: 22, 2 sticky headers; %s\n", png);
    return failures ? 1 : 0;
}
