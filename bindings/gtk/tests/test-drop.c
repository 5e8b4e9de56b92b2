/*
 * test-drop.c — drag and drop through FoldStore and FoldDropIndicator in a
 * real GtkListView under Xvfb (issue 36): the drop targets the store
 * answers at exact points (a header's middle: into; a row's halves: before
 * and after; a NO_DROP section; a section over itself; rows at the top
 * level), the same targets through the indicator from list-view
 * coordinates with the list scrolled, the indicator drawn where the
 * engine says (pixels of the saved screenshots), drops that keep the
 * moved row's FoldListItem and widget, and failures that change nothing.
 * Screenshots: drop-into.png (a section highlighted), drop-line.png (a
 * line between rows, indented to the row depth).
 */
#include "support/gtk-test.h"

#include <stdio.h>

static FoldStore *store;
static FoldListModel *model;
static GtkWidget *window, *list, *indicator;
static guint64 a, b, c;

#define STORE_OK(call)                                                                      \
    G_STMT_START {                                                                          \
        GError *error_ = NULL;                                                              \
        gboolean ok_ = (call);                                                              \
        if (error_)                                                                         \
            printf("unexpected error: %s\n", error_->message);                             \
        CHECK(ok_);                                                                         \
        g_clear_error(&error_);                                                             \
    }                                                                                       \
    G_STMT_END

/* ---- the window: labels that remember their item ----------------------------- */

static void
setup(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(list_item, label);
}

static void
bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    FoldListItem *item = gtk_list_item_get_item(list_item);
    GtkWidget *label = gtk_list_item_get_child(list_item);
    char *text = g_strdup_printf("%*s%s", 4 * (fold_list_item_get_depth(item) +
                                               (fold_list_item_get_kind(item) == FOLD_ITEM_KIND_ROW)),
                                 "", fold_list_item_get_title(item));
    gtk_label_set_text(GTK_LABEL(label), text);
    g_free(text);
    gtk_widget_set_size_request(label, -1, (int)fold_list_item_get_height(item));
    g_object_set_data(G_OBJECT(item), "label", label);
}

static void
unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    g_object_set_data(G_OBJECT(gtk_list_item_get_item(list_item)), "label", NULL);
}

static char *
row_text(fold_section_id section, const char *key, int64_t row, void *data)
{
    (void)section, (void)data;
    return g_strdup_printf("%s %" G_GINT64_FORMAT, key, row + 1);
}

/*   0 A header   0..28     (a: 3 rows)      7 C header 176..204 (c: 2 rows, NO_DROP)
 *   1-3 a rows  28..100                     8-9 c rows  204..252
 *   4 B header 100..128    (b: 2 rows)     10-49 pad rows (section "pad", 40 rows)
 *   5-6 b rows 128..176 */
static void
build(void)
{
    store = g_object_new(FOLD_TYPE_STORE, "row-height", 24.0, "header-height", 28.0, NULL);
    a = fold_store_append_section(store, "a", "A", 3, NULL);
    b = fold_store_append_section(store, "b", "B", 2, NULL);
    c = fold_store_append_section(store, "c", "C", 2, NULL);
    fold_store_append_section(store, "pad", "Pad", 40, NULL);
    STORE_OK(fold_store_set_section_flags(store, c, FOLD_SECTION_FLAGS_NO_DROP,
                                          FOLD_SECTION_FLAGS_NO_DROP, &error_));
    FoldSectionFlags flags = 0;
    STORE_OK(fold_store_get_section_flags(store, c, &flags, &error_));
    CHECK(flags & FOLD_SECTION_FLAGS_NO_DROP);
    model = fold_list_model_new_for_store(store);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);

    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind), NULL);
    list = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(
                                 G_LIST_MODEL(g_object_ref(model)))),
                             factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    GtkWidget *overlay = gtk_overlay_new();
    gtk_overlay_set_child(GTK_OVERLAY(overlay), scrolled);
    indicator = fold_drop_indicator_new(model, GTK_LIST_VIEW(list));
    fold_drop_indicator_set_indent_width(FOLD_DROP_INDICATOR(indicator), 20);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), indicator);
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css, "listview > row { padding: 0 8px; min-height: 0; }", -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(css);
    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 300, 240);
    gtk_window_set_child(GTK_WINDOW(window), overlay);
    gtk_window_present(GTK_WINDOW(window));
    test_wait_for_draw(window, 3);
}

/* ---- targets through the store ---------------------------------------------- */

static FoldDropTarget
store_target(double x, double y, const guint64 *sections, const gint64 *rows, gsize n)
{
    FoldDropTarget t = {0};
    t.kind = -1;
    STORE_OK(fold_store_drop_target(store, x, y, 20, sections, n, rows, n, &t, &error_));
    return t;
}

static void
check_before(const char *what, FoldDropTarget t, guint64 parent, gint64 index, gint depth,
             gint64 position, double line_y)
{
    printf("%-40s kind %d parent %" G_GUINT64_FORMAT " index %" G_GINT64_FORMAT
           " depth %d position %" G_GINT64_FORMAT " line (%g, %g)\n",
           what, t.kind, t.parent, t.index, t.depth, t.position, t.line_x, t.line_y);
    CHECK_EQ_I64(t.kind, FOLD_DROP_KIND_BEFORE);
    CHECK_EQ_I64(t.parent, parent);
    CHECK_EQ_I64(t.index, index);
    CHECK_EQ_I64(t.depth, depth);
    CHECK_EQ_I64(t.position, position);
    CHECK_EQ_DBL(t.line_y, line_y);
    CHECK_EQ_DBL(t.line_x, depth * 20.0);
}

static void
test_store_targets(void)
{
    const guint64 row_a0[] = {0};
    const gint64 row0[] = {0};
    guint64 sec_a[] = {0}, sec_b[] = {0};
    const gint64 whole[] = {-1};
    guint64 dragged_row[] = {a};
    sec_a[0] = a;
    sec_b[0] = b;
    (void)row_a0;

    /* A row dragged over B's header: its middle half drops into B. */
    FoldDropTarget t = store_target(30, 114, dragged_row, row0, 1);
    printf("%-40s kind %d parent B %d index %" G_GINT64_FORMAT " highlight %g + %g\n",
           "row a1 over B's middle", t.kind, t.parent == b, t.index, t.highlight_top,
           t.highlight_height);
    CHECK_EQ_I64(t.kind, FOLD_DROP_KIND_INTO);
    CHECK_EQ_I64(t.parent, b);
    CHECK_EQ_I64(t.index, 2);
    CHECK_EQ_I64(t.position, 4);
    CHECK_EQ_DBL(t.highlight_top, 100);
    CHECK_EQ_DBL(t.highlight_height, 76);
    /* ... the halves of B's first row: before it, after it. */
    check_before("row a1 over b1's top half", store_target(30, 130, dragged_row, row0, 1), b, 0,
                 1, 5, 128);
    check_before("row a1 over b1's bottom half", store_target(30, 150, dragged_row, row0, 1), b,
                 1, 1, 6, 152);
    /* ... the top quarter of B's header: the top level, where rows cannot go. */
    t = store_target(30, 102, dragged_row, row0, 1);
    printf("%-40s kind %d\n", "row a1 over B's top quarter", t.kind);
    CHECK_EQ_I64(t.kind, FOLD_DROP_KIND_NONE);
    /* ... C is NO_DROP: no INTO over the middle of its header. */
    t = store_target(30, 190, dragged_row, row0, 1);
    printf("%-40s kind %d\n", "row a1 over NO_DROP C's middle", t.kind);
    CHECK(t.kind != FOLD_DROP_KIND_INTO);
    t = store_target(30, 216, dragged_row, row0, 1);
    printf("%-40s kind %d\n", "row a1 over c1 (NO_DROP C)", t.kind);
    CHECK_EQ_I64(t.kind, FOLD_DROP_KIND_NONE);

    /* Section A dragged: into itself is refused, before C is open. */
    t = store_target(30, 40, sec_a, whole, 1);
    printf("%-40s kind %d\n", "section A over its own row a1", t.kind);
    CHECK_EQ_I64(t.kind, FOLD_DROP_KIND_NONE);
    check_before("section B over C's top quarter", store_target(0, 178, sec_b, whole, 1), 0, 2,
                 0, 7, 176);
    /* A drag from elsewhere (nothing given): B's middle is open. */
    t = store_target(30, 114, NULL, NULL, 0);
    CHECK_EQ_I64(t.kind, FOLD_DROP_KIND_INTO);

    /* Failures: lengths that differ, a bad indent width, a missing item. */
    GError *error = NULL;
    const gint64 two_rows[] = {0, 1};
    CHECK(!fold_store_drop_target(store, 0, 0, 20, dragged_row, 1, two_rows, 2, &t, &error));
    CHECK(error && error->code == FOLD_E_INVALID);
    printf("lengths 1 and 2: %s\n", error ? error->message : "(no error)");
    g_clear_error(&error);
    CHECK(!fold_store_drop_target(store, 0, 0, 0, NULL, 0, NULL, 0, &t, &error));
    CHECK(error && error->code == FOLD_E_INVALID);
    g_clear_error(&error);
    const gint64 missing[] = {99};
    CHECK(!fold_store_drop_target(store, 0, 0, 20, dragged_row, 1, missing, 1, &t, &error));
    CHECK(error && error->code == FOLD_E_NOT_FOUND);
    g_clear_error(&error);
}

/* ---- the indicator, drawn --------------------------------------------------- */

/* The colour at (x, y) of the window's picture saved at `path`. */
static gboolean
pixel_is_blue(const char *path, double x, double y)
{
    GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file(path, NULL);
    if (!pixbuf)
        return FALSE;
    int ix = (int)x, iy = (int)y;
    gboolean blue = FALSE;
    if (ix >= 0 && iy >= 0 && ix < gdk_pixbuf_get_width(pixbuf) &&
        iy < gdk_pixbuf_get_height(pixbuf)) {
        const guchar *p = gdk_pixbuf_get_pixels(pixbuf) + iy * gdk_pixbuf_get_rowstride(pixbuf) +
                          ix * gdk_pixbuf_get_n_channels(pixbuf);
        printf("  pixel (%d, %d) of %s: #%02x%02x%02x\n", ix, iy, path, p[0], p[1], p[2]);
        blue = p[2] > 180 && p[0] < 120 && p[1] > 100 && p[1] < 170; /* #3584e4 */
    }
    g_object_unref(pixbuf);
    return blue;
}

static FoldListItem *
item_at(guint position)
{
    return g_list_model_get_item(G_LIST_MODEL(model), position);
}

static void
test_indicator(const char *dir)
{
    GtkAdjustment *vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));
    gtk_adjustment_set_value(vadj, 20); /* scrolled: the indicator converts */
    test_wait_for_draw(window, 3);
    double value = gtk_adjustment_get_value(vadj);
    graphene_rect_t lb;
    CHECK(gtk_widget_compute_bounds(list, window, &lb));

    FoldListItem *dragged = item_at(1); /* a 1 */
    GError *error = NULL;
    FoldDropTarget t = {0};
    CHECK(fold_drop_indicator_drag_item(FOLD_DROP_INDICATOR(indicator), dragged, &error));
    /* Not dragged yet: no target shown. */
    CHECK(!fold_drop_indicator_get_target(FOLD_DROP_INDICATOR(indicator), &t));
    /* Over B's middle, in list-view coordinates. */
    CHECK(fold_drop_indicator_update(FOLD_DROP_INDICATOR(indicator), 30, 114 - value, &t, &error));
    CHECK_EQ_I64(t.kind, FOLD_DROP_KIND_INTO);
    CHECK_EQ_I64(t.parent, b);
    CHECK_EQ_DBL(t.highlight_top, 100);
    test_wait_for_draw(window, 2);
    char *path = g_build_filename(dir, "drop-into.png", NULL);
    test_screenshot(window, path);
    /* The frame's left edge, 1 px in from the list's left, half-way down B. */
    CHECK(pixel_is_blue(path, lb.origin.x + 2, lb.origin.y + 100 + 38 - value));
    g_free(path);

    /* Over b 1's bottom half: a line at 152, from depth 1's indent. */
    CHECK(fold_drop_indicator_update(FOLD_DROP_INDICATOR(indicator), 30, 150 - value, &t, &error));
    CHECK_EQ_I64(t.kind, FOLD_DROP_KIND_BEFORE);
    CHECK_EQ_DBL(t.line_y, 152);
    CHECK_EQ_DBL(t.line_x, 20);
    test_wait_for_draw(window, 2);
    path = g_build_filename(dir, "drop-line.png", NULL);
    test_screenshot(window, path);
    CHECK(pixel_is_blue(path, lb.origin.x + 20 + 60, lb.origin.y + 152 - value));
    /* Not left of its indent (the list's background there). */
    CHECK(!pixel_is_blue(path, lb.origin.x + 8, lb.origin.y + 152 - value));
    g_free(path);
    CHECK(fold_drop_indicator_get_target(FOLD_DROP_INDICATOR(indicator), &t) &&
          t.kind == FOLD_DROP_KIND_BEFORE && t.index == 1);

    /* The drop: a 1 goes between b 1 and b 2, keeping its item and label. */
    GtkWidget *label = g_object_get_data(G_OBJECT(dragged), "label");
    CHECK(label != NULL);
    CHECK(fold_drop_indicator_drop(FOLD_DROP_INDICATOR(indicator), &error));
    g_clear_error(&error);
    test_wait_for_draw(window, 3);
    gint64 rows = -1;
    STORE_OK(fold_store_get_row_count(store, a, &rows, &error_));
    CHECK_EQ_I64(rows, 2);
    STORE_OK(fold_store_get_row_count(store, b, &rows, &error_));
    CHECK_EQ_I64(rows, 3);
    FoldListItem *now = item_at(5); /* A(0) a(1,2) B(3) b1(4) moved(5) */
    printf("drop through the indicator: moved row at 5 is the same object %d, same label %d, "
           "title \"%s\"\n",
           now == dragged, label && g_object_get_data(G_OBJECT(now), "label") == label,
           fold_list_item_get_title(now));
    CHECK(now == dragged);
    CHECK(label && g_object_get_data(G_OBJECT(now), "label") == label);
    CHECK_STR(fold_list_item_get_title(now), "b 2");
    CHECK(!fold_drop_indicator_get_target(FOLD_DROP_INDICATOR(indicator), &t));
    g_object_unref(now);
    g_object_unref(dragged);

    /* Nothing shown, nothing dragged: the drop fails and changes nothing. */
    CHECK(!fold_drop_indicator_drop(FOLD_DROP_INDICATOR(indicator), &error));
    CHECK(error && error->code == FOLD_E_INVALID);
    g_clear_error(&error);
    fold_drop_indicator_clear(FOLD_DROP_INDICATOR(indicator));
}

/* ---- drops through the store -------------------------------------------------- */

static void
test_store_drops(void)
{
    GError *error = NULL;
    guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
    /* B into itself fails and changes nothing. */
    guint64 secs[] = {b};
    gint64 whole[] = {-1};
    CHECK(!fold_store_drop(store, b, 0, secs, 1, whole, 1, &error));
    CHECK(error && error->code == FOLD_E_INVALID);
    printf("B into itself: %s\n", error ? error->message : "(no error)");
    g_clear_error(&error);
    /* Into NO_DROP C: refused. */
    guint64 row_sec[] = {b};
    gint64 row0[] = {0};
    CHECK(!fold_store_drop(store, c, 0, row_sec, 1, row0, 1, &error));
    CHECK(error && error->code == FOLD_E_NOT_ALLOWED);
    g_clear_error(&error);
    CHECK_EQ_I64(g_list_model_get_n_items(G_LIST_MODEL(model)), n);

    /* Section C (with its rows) before A: one change set with moves, its
     * header keeps its object and label. */
    int64_t c_at = -1;
    CHECK(fold_table_header_position(fold_store_get_table(store), c, &c_at) == FOLD_OK);
    FoldListItem *header = item_at((guint)c_at);
    GtkWidget *label = g_object_get_data(G_OBJECT(header), "label");
    guint64 sec_c[] = {c};
    STORE_OK(fold_store_drop(store, 0, 0, sec_c, 1, whole, 1, &error_));
    test_wait_for_draw(window, 3);
    FoldListItem *first = item_at(0);
    printf("C dropped first: same object %d, same label %d\n", first == header,
           label && g_object_get_data(G_OBJECT(first), "label") == label);
    CHECK(first == header);
    CHECK(label && g_object_get_data(G_OBJECT(first), "label") == label);
    CHECK_EQ_I64(g_list_model_get_n_items(G_LIST_MODEL(model)), n);
    g_object_unref(first);
    g_object_unref(header);
}

int
main(int argc, char **argv)
{
    gtk_init();
    build();
    test_store_targets();
    test_indicator(argc > 1 ? argv[1] : ".");
    test_store_drops();
    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(model);
    g_object_unref(store);
    return check_done();
}
