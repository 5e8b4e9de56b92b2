/*
 * test-sticky.c — FoldStickyHeaders over a scrolled GtkListView (400 px
 * high) showing a nested FoldListModel, under Xvfb.
 *
 *   foldtable-gtk-test-sticky SCREENSHOT-DIR
 *
 * For offsets around every header (just before it arrives, at it, after
 * it, and as the next one pushes it up) the widget's stack must be the
 * engine's fold_table_sticky_headers() at the list's offset: the same
 * sections in the same order, at top - offset, at the engine's heights,
 * each stuck row exactly over the x, width and height of the list's own row
 * for that header (gtk_widget_compute_bounds, to the pixel), with the same
 * CSS classes and the same pixels (both rendered), the outermost on top
 * where the pointer picks. Then clicks (GtkGestureClick "pressed" and
 * "released" on the stuck header's widget): exactly the clicked header's
 * section collapses, no row expands, the header stays at the same y on
 * screen, the stack follows the model. Screenshots go to SCREENSHOT-DIR.
 *
 *   sticky/window.c   the app: table, model, row factory, window
 *   sticky/stack.c    the stack against the engine's; scrolling
 *   sticky/clicks.c   clicks on stuck headers; errors
 *   this file         offsets around every header, screenshots, the stack
 *                     following the model and the wheel; main()
 */
#include "sticky/sticky-test.h"

#include <math.h>

static const char *shots;

static void
screenshot(const char *name, const char *what)
{
    char *path = g_build_filename(shots, name, NULL);
    guint colours = test_screenshot(window, path);
    printf("screenshot %s: %s (%u colours)\n", path, what, colours);
    g_free(path);
}

/* ---- the test ---------------------------------------------------------------- */

static void
test_offsets(void)
{
    double content = 0;
    fold_table_content_height(table, &content);
    CHECK(gtk_adjustment_get_page_size(vadj) == VIEW_HEIGHT);
    CHECK(gtk_adjustment_get_upper(vadj) == content);
    double max = content - VIEW_HEIGHT;
    /* Around every header: before, at, inside, and as the next one pushes. */
    int64_t n = n_items(), tested = 0, stacks2 = 0, pushed = 0;
    for (int64_t p = 0; p < n; p++) {
        fold_item item;
        if (fold_table_item_at(table, p, &item) != FOLD_OK || item.kind != FOLD_ITEM_HEADER)
            continue;
        double top = 0;
        fold_table_item_top(table, p, &top);
        const double deltas[] = {-HEADER_HEIGHT - 1, -HEADER_HEIGHT / 2, -3, 0, 5, 13, 55};
        for (size_t d = 0; d < G_N_ELEMENTS(deltas); d++) {
            double offset = top + deltas[d];
            if (offset < 0 || offset > max)
                continue;
            offset = scroll_to(offset);
            check_stack(offset);
            tested++;
            fold_sticky_header h[8];
            int64_t w = 0;
            fold_table_sticky_headers(table, offset, h, 8, &w, NULL);
            if (w >= 2)
                stacks2++;
            for (int64_t i = 0; i < w; i++)
                if (h[i].top < offset + (i ? h[i - 1].top - offset + h[i - 1].height : 0))
                    pushed++;
        }
    }
    printf("offsets: %" G_GINT64_FORMAT " checked (%d snapped by GtkListView), %" G_GINT64_FORMAT
           " with 2 levels stuck, %" G_GINT64_FORMAT " headers pushed up, %d stuck rows "
           "compared with the list's row for the same header, %d of them pixel for pixel\n",
           tested, snapped, stacks2, pushed, aligned_with_list_row, pixel_compared);
    CHECK(tested >= 40 && stacks2 >= 10 && pushed >= 5);
    CHECK(aligned_with_list_row >= 30 && pixel_compared >= 30);
}

static void
test_screenshots_scrolled(void)
{
    /* Citrus stuck under Fruit. */
    double offset = scroll_to(header_top("citrus") + 70);
    check_stack(offset);
    CHECK(fold_sticky_headers_get_n_headers(FOLD_STICKY_HEADERS(sticky)) == 2);
    screenshot("sticky-nested.png", "Fruit and Citrus stuck (2 levels) over Citrus' rows");
    /* Berries pushing Citrus up behind Fruit. */
    offset = scroll_to(header_top("berries") - HEADER_HEIGHT - 12);
    check_stack(offset);
    screenshot("sticky-pushed.png", "Berries arriving: Citrus pushed up 12 px, sliding under Fruit");
}

/* The stack follows the model without a scroll, and the wheel over a stuck
 * header scrolls the list. */
static void
test_follows(void)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    double offset = scroll_to(header_top("citrus") + 70);
    check_stack(offset);
    CHECK(fold_sticky_headers_get_n_headers(s) == 2);
    /* A section below collapses: the same stack, over the new list. */
    GError *error = NULL;
    CHECK(fold_list_model_set_section_collapsed(model, section("berries"), TRUE, NULL, &error));
    settle();
    check_stack(gtk_adjustment_get_value(vadj));
    /* The stuck outer section collapses, directly on the table: the list
     * re-anchors; the stack is the engine's wherever it went. */
    int changed = 0;
    CHECK(fold_table_collapse(table, section("fruit"), &changed) == FOLD_OK && changed);
    settle();
    double now = gtk_adjustment_get_value(vadj);
    check_stack(now);
    printf("model changes: berries collapsed (2 stuck), then fruit on the table: list at %.0f, "
           "%u stuck\n", now, fold_sticky_headers_get_n_headers(s));
    CHECK(fold_table_expand(table, section("fruit"), NULL) == FOLD_OK);
    CHECK(fold_list_model_set_section_collapsed(model, section("berries"), FALSE, NULL, &error));
    g_clear_error(&error);
    settle(); /* GtkListView measures the rows it got back */

    /* One wheel detent down over the stuck Fruit header: GtkScrolledWindow's
     * step, page^(2/3). */
    offset = scroll_to(header_top("citrus") + 70);
    check_stack(offset);
    GtkWidget *slot = fold_sticky_headers_get_header_widget(s, 0);
    GtkEventController *wheel =
        slot ? test_find_controller(slot, GTK_TYPE_EVENT_CONTROLLER_SCROLL, NULL) : NULL;
    CHECK(wheel != NULL);
    gboolean handled = FALSE;
    if (wheel)
        g_signal_emit_by_name(wheel, "scroll", 0.0, 1.0, &handled);
    CHECK(handled);
    double step = pow(VIEW_HEIGHT, 2.0 / 3.0);
    CHECK(fabs(gtk_adjustment_get_value(vadj) - (offset + step)) < 1e-9);
    settle();
    now = gtk_adjustment_get_value(vadj);
    CHECK(fabs(now - (offset + step)) <= 1);
    check_stack(now);
    printf("wheel over the stuck header: %.0f -> %.2f\n", offset, now);
}

int
main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s SCREENSHOT-DIR\n", argv[0]);
        return 2;
    }
    shots = argv[1];
    gtk_init();
    g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
    table = build_table();
    if (!table) {
        fprintf(stderr, "building the table: %s\n", fold_last_error_message());
        return 1;
    }
    model = fold_list_model_new(table, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);
    build_window();
    settle();
    CHECK(fold_sticky_headers_get_model(FOLD_STICKY_HEADERS(sticky)) == model);
    CHECK(fold_sticky_headers_get_list_view(FOLD_STICKY_HEADERS(sticky)) == GTK_LIST_VIEW(list));
    CHECK(gtk_widget_get_height(list) == VIEW_HEIGHT);

    test_offsets();
    test_screenshots_scrolled();
    test_errors();
    test_follows();
    /* The nested header (Citrus under Fruit), then the outer one (Veg). */
    test_click("fruit", "citrus", 1, header_top("citrus") + 70);
    screenshot("sticky-clicked-nested.png",
               "after clicking stuck Citrus: Citrus collapsed (+), still under Fruit");
    test_reclick("citrus", 1, 5);
    test_click(NULL, "veg", 0, header_top("leaves") + 50);
    screenshot("sticky-clicked-outer.png",
               "after clicking stuck Vegetables: collapsed, still at the top");
    CHECK(!collapsed("fruit") && !collapsed("berries") && !collapsed("leaves") &&
          !collapsed("nuts") && !collapsed("spices"));

    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(model);
    return check_done();
}
