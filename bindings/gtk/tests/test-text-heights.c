/*
 * test-text-heights.c — FoldTextHeights on its own, under Xvfb: the
 * providers' answers are Pango's, expandable only when the collapsed lines
 * cut the text, collapsed-lines 0, missing texts keep the estimate,
 * failures as GErrors (NULL table, a busy table), detach, a widget that
 * goes away. Last line "N passed, N failed".
 */
#include "fold-text-heights.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond)                                                             \
    do {                                                                        \
        if (cond) {                                                             \
            passed++;                                                           \
        } else {                                                                \
            failed++;                                                           \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                       \
    } while (0)

#define ESTIMATE 50.0

static const char *const texts[] = {
    "Short.",
    "A long comment that goes on for a while, long enough to need more than two lines at a "
    "width of three hundred pixels or so, which is what this test gives the list.\n\n"
    "And a second paragraph, so that the whole text is clearly taller than two lines.",
    NULL, /* no text: the estimate stays */
    "Two short\nparagraphs.",
};

static char *
text_func(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)key;
    (void)user_data;
    return row >= 0 && row < 4 && texts[row] ? g_strdup(texts[row]) : NULL;
}

static void
spin(int ms)
{
    gint64 end = g_get_monotonic_time() + ms * 1000;
    while (g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, FALSE);
}

static double
row_height(fold_table *t, fold_section_id s, int64_t r, double *expanded, uint32_t *flags)
{
    fold_row_info info;
    if (fold_table_row_info(t, s, r, &info) != FOLD_OK)
        return -1;
    if (expanded)
        *expanded = info.expanded_height;
    if (flags)
        *flags = info.flags;
    return info.height;
}

typedef struct {
    FoldTextHeights *heights;
    int calls, code;
} BusyProbe;

static void
busy_listener(fold_table *table, const fold_change_set *changes, void *user_data)
{
    (void)table;
    (void)changes;
    BusyProbe *probe = user_data;
    GError *error = NULL;
    probe->calls++;
    if (!fold_text_heights_update(probe->heights, &error)) {
        probe->code = error->code;
        g_error_free(error);
    }
}

static void
factory_setup(GtkSignalListItemFactory *f, GtkListItem *li, gpointer d)
{
    (void)f;
    (void)d;
    gtk_list_item_set_child(li, gtk_label_new(""));
}

int
main(void)
{
    gtk_init();
    fold_table_options options;
    fold_table_options_init(&options);
    options.row_height = ESTIMATE;
    fold_table *table = NULL;
    fold_section_id s = 0;
    CHECK(fold_table_new(&options, &table) == FOLD_OK);
    CHECK(fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "c", "Comments", 4, 0, &s) ==
          FOLD_OK);
    FoldListModel *model = fold_list_model_new(table, (GDestroyNotify)fold_table_free);

    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(factory_setup), NULL);
    GtkWidget *list = gtk_list_view_new(
        GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(g_object_ref(model)))), factory);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_EXTERNAL);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    GtkWidget *window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 340, 400);
    gtk_window_set_child(GTK_WINDOW(window), scroller);

    FoldTextHeights *heights = fold_text_heights_new(list);
    CHECK(fold_text_heights_get_widget(heights) == list);
    CHECK(fold_text_heights_get_collapsed_lines(heights) == 3);
    fold_text_heights_set_collapsed_lines(heights, 2);
    fold_text_heights_set_collapsed_lines(heights, -4); /* counts as 0 */
    CHECK(fold_text_heights_get_collapsed_lines(heights) == 0);
    fold_text_heights_set_collapsed_lines(heights, 2);
    GtkBorder padding = {10, 30, 8, 6}, got = {0};
    fold_text_heights_set_padding(heights, &padding);
    fold_text_heights_get_padding(heights, &got);
    CHECK(got.left == 10 && got.right == 30 && got.top == 8 && got.bottom == 6);
    fold_text_heights_set_text_func(heights, text_func, NULL, NULL);

    /* A NULL table is a GError, never a crash. */
    GError *error = NULL;
    CHECK(!fold_text_heights_attach(heights, NULL, &error));
    CHECK(error && error->domain == FOLD_LIST_MODEL_ERROR && error->code == FOLD_E_INVALID);
    g_clear_error(&error);

    /* Attached before the list has a width: nothing measured, estimates stay. */
    CHECK(fold_text_heights_attach_model(heights, model, &error));
    CHECK(fold_text_heights_get_text_width(heights) == 0);
    CHECK(row_height(table, s, 1, NULL, NULL) == ESTIMATE);

    /* Shown: the width is the list's minus the padding, and the rows are
     * measured (from an idle after the list's allocation). */
    gtk_window_present(GTK_WINDOW(window));
    for (int i = 0; i < 100 && fold_text_heights_get_text_width(heights) == 0; i++)
        spin(20);
    spin(100);
    int width = gtk_widget_get_width(list);
    CHECK(width > 0 && fold_text_heights_get_text_width(heights) == width - 40);
    printf("list width %d, text width %d\n", width, fold_text_heights_get_text_width(heights));

    double expanded = 0;
    uint32_t flags = 0;
    for (int r = 0; r < 4; r++) {
        double h = row_height(table, s, r, &expanded, &flags);
        if (!texts[r]) {
            CHECK(h == ESTIMATE); /* no text: the estimate stays */
            CHECK(expanded == FOLD_HEIGHT_DEFAULT && !(flags & FOLD_ITEM_FLAG_EXPANDABLE));
            continue;
        }
        double collapsed_px = fold_text_heights_measure_text(heights, texts[r], FALSE);
        double full_px = fold_text_heights_measure_text(heights, texts[r], TRUE);
        PangoLayout *l = fold_text_heights_create_layout(heights, texts[r], FALSE);
        int lh = 0;
        pango_layout_get_pixel_size(l, NULL, &lh);
        CHECK(collapsed_px == 8 + lh + 6);
        CHECK(pango_layout_get_width(l) == (width - 40) * PANGO_SCALE);
        gboolean cut = pango_layout_is_ellipsized(l);
        g_object_unref(l);
        CHECK(h == collapsed_px);
        CHECK(!!(flags & FOLD_ITEM_FLAG_EXPANDABLE) == cut);
        CHECK(cut ? expanded == full_px && full_px > h : expanded == FOLD_HEIGHT_DEFAULT);
        printf("row %d: %.0f px collapsed, %.0f px whole, %s\n", r, h, full_px,
               cut ? "expandable" : "not expandable");
    }
    /* The long one is cut to two lines; the short two-paragraph one is whole. */
    CHECK(row_height(table, s, 1, NULL, &flags) > 0 && (flags & FOLD_ITEM_FLAG_EXPANDABLE));
    CHECK(row_height(table, s, 3, NULL, &flags) ==
              fold_text_heights_measure_text(heights, texts[3], TRUE) &&
          !(flags & FOLD_ITEM_FLAG_EXPANDABLE));
    PangoLayout *whole = fold_text_heights_create_layout(heights, texts[1], TRUE);
    CHECK(!pango_layout_is_ellipsized(whole) && strcmp(pango_layout_get_text(whole), texts[1]) == 0);
    g_object_unref(whole);
    PangoLayout *cut = fold_text_heights_create_layout(heights, texts[1], FALSE);
    CHECK(pango_layout_is_ellipsized(cut) && pango_layout_get_line_count(cut) == 2);
    g_object_unref(cut);

    /* collapsed-lines 0: every row shows its whole text, none expands. */
    fold_text_heights_set_collapsed_lines(heights, 0);
    CHECK(fold_table_invalidate_heights(table, FOLD_ROOT, -1) == FOLD_OK);
    CHECK(fold_text_heights_update(heights, &error));
    CHECK(row_height(table, s, 1, &expanded, &flags) ==
          fold_text_heights_measure_text(heights, texts[1], TRUE));
    CHECK(!(flags & FOLD_ITEM_FLAG_EXPANDABLE) && expanded == FOLD_HEIGHT_DEFAULT);
    fold_text_heights_set_collapsed_lines(heights, 2);

    /* Inside the table's change listener the table is busy: a GError. */
    BusyProbe probe = {heights, 0, 0};
    int64_t listener = 0;
    CHECK(fold_table_add_change_listener(table, busy_listener, &probe, &listener) == FOLD_OK);
    CHECK(fold_table_set_row_height(table, s, 2, 77) == FOLD_OK);
    CHECK(probe.calls == 1 && probe.code == FOLD_E_BUSY);
    CHECK(fold_table_remove_listener(table, listener) == FOLD_OK);

    /* Detached: the providers are gone, invalidated rows go back to the estimate. */
    fold_text_heights_detach(heights);
    fold_text_heights_detach(heights); /* twice: nothing */
    CHECK(fold_text_heights_update(heights, &error)); /* not attached: nothing */
    CHECK(fold_table_invalidate_heights(table, FOLD_ROOT, -1) == FOLD_OK);
    CHECK(fold_table_measure(table, 0, 400, 10, NULL) == FOLD_OK);
    CHECK(row_height(table, s, 1, NULL, NULL) == ESTIMATE);

    /* A widget that goes away: no layout, height 0, no crash. */
    GtkWidget *label = g_object_ref_sink(gtk_label_new("x"));
    FoldTextHeights *orphan = fold_text_heights_new(label);
    g_object_unref(label);
    CHECK(fold_text_heights_get_widget(orphan) == NULL);
    CHECK(fold_text_heights_create_layout(orphan, "text", TRUE) == NULL);
    CHECK(fold_text_heights_measure_text(orphan, "text", FALSE) == 0);
    CHECK(fold_text_heights_measure_text(orphan, NULL, FALSE) == 0);
    g_object_unref(orphan);

    g_object_unref(heights);
    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(model);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
