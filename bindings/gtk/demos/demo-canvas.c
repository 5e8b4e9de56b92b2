/*
 * demo-canvas.c — one million variable-height rows drawn by a custom widget.
 *
 * FoldCanvas is a GtkWidget implementing GtkScrollable, inside a
 * GtkScrolledWindow. It draws every frame itself, asking FoldTable only for
 * what it shows: fold_table_visible_items() for the viewport and
 * fold_table_sticky_headers() for the headers stuck at the top. The
 * scrollbar's range is fold_table_content_height(). 100 sections x 10,000
 * rows, row heights 24..88 pt from a fixed-seed PRNG.
 *
 * Clicking a header (also a sticky one) collapses or expands its section;
 * clicking a row expands it to 2.5x its height (the expanded height is set on
 * first click: the app decides which rows can expand). Headers show the
 * expander's chevron (the theme's icon); "Height bars" draws a bar as long
 * as each row is tall.
 *
 * Scroll anchoring is the engine's: the canvas tells the table its viewport
 * (fold_table_set_viewport) whenever it scrolls or is resized, and every
 * change set then carries the offset that keeps the first visible item at
 * the same place on screen (anchored_offset), which the canvas's change
 * listener applies to the adjustment — whatever made the change. A click on
 * a stuck header that collapses its section also puts that header at the
 * top, so it stays where it was clicked.
 *
 * This file: the table, the window and the self-test; the widget is in
 * demo-canvas-view.c.
 *
 *   foldtable-gtk-demo-canvas                      interactive
 *   foldtable-gtk-demo-canvas --self-test OUT.png  drive itself, check, save
 *                                                  a screenshot, exit 0 / 1
 */
#include "demo-app.h"
#include "demo-canvas-animate.h"
#include "demo-canvas-view.h"
#include "demo-keys.h"

#include <foldtable.h>
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define SECTIONS 100
#define ROWS 10000
#define HEADER_HEIGHT 28.0

/* ---- data ---------------------------------------------------------------- */

static uint64_t
xorshift64(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

/* Integer heights: float-exact in the engine, so sums compare exactly.
 * The table is a FoldStore's (its FoldTransitionClock animates changes). */
static FoldStore *
build_store(double *out_row_sum, double *section_sums)
{
    FoldStore *store = g_object_new(FOLD_TYPE_STORE, "header-height", HEADER_HEIGHT, NULL);
    fold_table *table = fold_store_get_table(store);
    if (!table) {
        g_object_unref(store);
        return NULL;
    }
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    double *heights = g_new(double, ROWS);
    double total = 0;
    for (int s = 0; s < SECTIONS; s++) {
        char key[16], header[48];
        g_snprintf(key, sizeof key, "s%d", s);
        g_snprintf(header, sizeof header, "Section %d|%d,%03d rows", s, ROWS / 1000, ROWS % 1000);
        double sum = 0;
        for (int r = 0; r < ROWS; r++) {
            heights[r] = 24 + (double)(xorshift64(&seed) % 65);
            sum += heights[r];
        }
        section_sums[s] = sum;
        total += sum;
        fold_section_id id = 0;
        if (fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, key, header, 0, 0, &id) !=
                FOLD_OK ||
            fold_table_insert_rows(table, id, 0, ROWS, heights) != FOLD_OK) {
            fprintf(stderr, "building the table: %s\n", fold_last_error_message());
            g_free(heights);
            g_object_unref(store);
            return NULL;
        }
    }
    g_free(heights);
    *out_row_sum = total;
    return store;
}

/* ---- app and self-test (the canvas itself: demo-canvas-view.c) ----------- */

typedef struct {
    DemoApp demo; /* no model, no list: the canvas draws the table (demo.table: the store's) */
    FoldStore *store;
    double row_sum;
    double section_sums[SECTIONS];
    FoldCanvas *canvas;
    GtkWidget *bars; /* the "Height bars" check button */
    /* carried between steps */
    double value, screen_y;
    int64_t anchor_pos, clicked_pos;
    double clicked_height, content_before;
} App;

/* The last frame drew from app->value, the anchor row first. */
static void
expect_drawn_at_anchor(App *app)
{
    EXPECT(app->canvas->drawn_offset == app->value);
    EXPECT(app->canvas->drawn_first == app->anchor_pos);
}

static void
step_1(gpointer data)
{
    App *app = data;
    FoldCanvas *canvas = app->canvas;
    GtkAdjustment *vadj = canvas->vadj;
    int64_t count = demo_item_count(app->demo.table);
    EXPECT(count == SECTIONS + (int64_t)SECTIONS * ROWS);
    double content = demo_content_height(app->demo.table);
    EXPECT(content == SECTIONS * HEADER_HEIGHT + app->row_sum);
    EXPECT(gtk_adjustment_get_upper(vadj) == content);
    EXPECT(canvas->frames > 0 && canvas->drawn_first == 0);
    /* The first header's chevron; texts in the middle of their rows; no
     * height bars until asked for. */
    EXPECT(canvas->drawn_chevrons >= 1);
    EXPECT(canvas->drawn_off_centre <= 1);
    EXPECT(!gtk_check_button_get_active(GTK_CHECK_BUTTON(app->bars)) && canvas->drawn_bars == 0);
    printf("step 1: %" G_GINT64_FORMAT " items, content %.0f pt = scrollbar upper %.0f, "
           "first frame drew %" G_GINT64_FORMAT " items\n",
           count, content, gtk_adjustment_get_upper(vadj), canvas->drawn_count);
    /* Scroll to 7 pt below the top of row 5000 of section 30. */
    app->anchor_pos = demo_row_pos(app->demo.table, "s30", 5000);
    app->value = demo_item_top(app->demo.table, app->anchor_pos) + 7;
    gtk_adjustment_set_value(vadj, app->value);
}

static void
step_2(gpointer data)
{
    App *app = data;
    FoldCanvas *canvas = app->canvas;
    GtkAdjustment *vadj = canvas->vadj;
    expect_drawn_at_anchor(app);
    EXPECT(canvas->drawn_sticky_count == 1 &&
           canvas->drawn_sticky_first == demo_header_pos(app->demo.table, "s30"));
    int64_t written = -1, total = 0;
    fold_table_visible_items(app->demo.table, app->value, gtk_widget_get_height(GTK_WIDGET(canvas)),
                             0, NULL, 0, &written, &total);
    EXPECT(written == 0 && total == canvas->drawn_count);
    printf("step 2: scrolled to %.0f: drew items %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT
           ", sticky header at %" G_GINT64_FORMAT ", engine queries %.0f µs\n",
           app->value, canvas->drawn_first, canvas->drawn_first + canvas->drawn_count - 1,
           canvas->drawn_sticky_first, canvas->query_us);
    /* Collapse section 12, far above the viewport: the view stays put. */
    guint anchored = canvas->anchored;
    EXPECT(fold_canvas_toggle_section(canvas, demo_section(app->demo.table, "s12")));
    double expected = app->value - app->section_sums[12];
    EXPECT(gtk_adjustment_get_value(vadj) == expected);
    /* The engine moved the viewport (the change set's anchored_offset). */
    EXPECT(demo_viewport_offset(app->demo.table) == expected && canvas->anchored == anchored + 1);
    EXPECT(demo_row_pos(app->demo.table, "s30", 5000) == app->anchor_pos - ROWS);
    EXPECT(demo_item_top(app->demo.table, demo_row_pos(app->demo.table, "s30", 5000)) -
               gtk_adjustment_get_value(vadj) ==
           -7);
    printf("step 2: collapsed s12 above the viewport: offset %.0f -> %.0f (-%.0f), "
           "row s30/5000 stays at y = -7\n",
           app->value, gtk_adjustment_get_value(vadj), app->section_sums[12]);
    app->value = expected;
    app->anchor_pos -= ROWS;
}

static void
step_3(gpointer data)
{
    App *app = data;
    FoldCanvas *canvas = app->canvas;
    GtkAdjustment *vadj = canvas->vadj;
    expect_drawn_at_anchor(app);
    /* Click the sticky header (y = 5): section 30 collapses; its rows,
     * the anchor among them, are gone, so its header goes to the top. */
    int64_t p = fold_canvas_hit(canvas, 5);
    EXPECT(p == demo_header_pos(app->demo.table, "s30"));
    EXPECT(fold_canvas_click(canvas, p) == FOLD_ACTIVATED_SECTION_COLLAPSED);
    EXPECT(demo_section_collapsed(app->demo.table, "s30"));
    EXPECT(gtk_adjustment_get_value(vadj) ==
           demo_item_top(app->demo.table, demo_header_pos(app->demo.table, "s30")));
    printf("step 3: clicked the sticky header: s30 collapsed, offset %.0f = its top\n",
           gtk_adjustment_get_value(vadj));
}

static void
step_4(gpointer data)
{
    App *app = data;
    FoldCanvas *canvas = app->canvas;
    GtkAdjustment *vadj = canvas->vadj;
    EXPECT(canvas->drawn_first == demo_header_pos(app->demo.table, "s30"));
    /* Click it again (now at the top): it expands, its header stays. */
    double before = gtk_adjustment_get_value(vadj);
    EXPECT(fold_canvas_click(canvas, fold_canvas_hit(canvas, 5)) ==
           FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(gtk_adjustment_get_value(vadj) == before);
    /* Click the row at y = 150: it expands to 2.5x, below the anchor. */
    app->clicked_pos = fold_canvas_hit(canvas, 150);
    app->clicked_height = demo_item_height_at(app->demo.table, app->clicked_pos);
    app->content_before = demo_content_height(app->demo.table);
    EXPECT(fold_canvas_activate(canvas, app->clicked_pos) == FOLD_ACTIVATED_ROW_EXPANDED);
    double h = demo_item_height_at(app->demo.table, app->clicked_pos);
    double content = demo_content_height(app->demo.table);
    EXPECT(h == round(app->clicked_height * EXPAND_FACTOR));
    EXPECT(content == app->content_before + h - app->clicked_height);
    EXPECT(gtk_adjustment_get_value(vadj) == before);
    EXPECT(gtk_adjustment_get_upper(vadj) == content);
    printf("step 4: re-expanded s30; clicked row at %" G_GINT64_FORMAT ": %.0f -> %.0f pt\n",
           app->clicked_pos, app->clicked_height, h);
    /* Scroll a little so the header sticks over the first row. */
    app->value = before + 50;
    gtk_adjustment_set_value(vadj, app->value);
}

static void
step_5(gpointer data)
{
    App *app = data;
    FoldCanvas *canvas = app->canvas;
    EXPECT(canvas->drawn_offset == app->value);
    EXPECT(canvas->drawn_sticky_first == demo_header_pos(app->demo.table, "s30"));
    /* The stuck header's chevron (down: open) over rows of 24..88 pt, each
     * text in the middle of its row. */
    EXPECT(canvas->drawn_chevrons >= 1 && canvas->drawn_off_centre <= 1);
    /* The pointer moves over a row: it is tinted (hover). */
    g_signal_emit_by_name(canvas->motion, "motion", 200.0, 300.0);
    int64_t p = fold_canvas_hit(canvas, 300);
    EXPECT(p >= 0 && canvas->hover == p);
    printf("step 5: pointer at y = 300: item %" G_GINT64_FORMAT " hovered; texts at most "
           "%.1f px from their rows' middles\n", p, canvas->drawn_off_centre);
    /* The height bars, asked for. */
    gtk_check_button_set_active(GTK_CHECK_BUTTON(app->bars), TRUE);
}

static void
step_6(gpointer data)
{
    App *app = data;
    EXPECT(app->canvas->show_heights && app->canvas->drawn_rows > 0 &&
           app->canvas->drawn_bars == app->canvas->drawn_rows);
    demo_expect_screenshot(&app->demo, "-heights.png", " (height bars on)");
    printf("step 6: height bars on: %" G_GINT64_FORMAT " drawn\n", app->canvas->drawn_bars);
    gtk_check_button_set_active(GTK_CHECK_BUTTON(app->bars), FALSE);
}

static void
step_7(gpointer data)
{
    App *app = data;
    EXPECT(!app->canvas->show_heights && app->canvas->drawn_bars == 0);
    demo_expect_screenshot(&app->demo, NULL, NULL);
}

/* ---- the keyboard alone, over a million rows ----------------------------------- */

static int64_t focus_before, expected_focus;
static double screen_before;

static double
offset(App *app)
{
    return gtk_adjustment_get_value(app->canvas->vadj);
}

/* Sends a key; the next step checks that it arrived and what it did. */
static void
send_key(App *app, guint keyval, GdkModifierType mods)
{
    focus_before = demo_focus_position(app->demo.table);
    screen_before = demo_item_top(app->demo.table, focus_before) - offset(app);
    demo_send_key(&app->demo, keyval, mods);
}

static void
step_8(gpointer data)
{
    App *app = data;
    printf("step 8: keys through %s\n", demo_keys_real(&app->demo)
                                            ? "the X server (XTest)"
                                            : "the canvas's controller (no XTest)");
    /* The canvas takes GTK's focus, the engine's goes to the row at y = 100. */
    gtk_widget_grab_focus(GTK_WIDGET(app->canvas));
    int64_t p = fold_canvas_hit(app->canvas, 100);
    EXPECT(p >= 0 && fold_table_set_focus(app->demo.table, p) == FOLD_OK);
    send_key(app, GDK_KEY_Down, 0);
}

static void
step_9(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Down: the next row, focused and selected, its ring drawn. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_focus_position(app->demo.table) == focus_before + 1);
    int64_t rows = 0;
    fold_table_selection_count(t, FOLD_ROOT, &rows, NULL);
    EXPECT(rows == 1 && app->canvas->drawn_focus == 1);
    /* Page Down: the item one viewport further, at the same place on screen. */
    EXPECT(fold_table_navigate(t, demo_focus_position(app->demo.table), FOLD_NAV_PAGE_DOWN,
                               &expected_focus) == FOLD_OK);
    send_key(app, GDK_KEY_Page_Down, 0);
    printf("step 9: Down focused item %" G_GINT64_FORMAT "\n",
           demo_focus_position(app->demo.table));
}

static void
step_10(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_focus_position(app->demo.table) == expected_focus && expected_focus > focus_before);
    double screen = demo_item_top(t, demo_focus_position(app->demo.table)) - offset(app);
    EXPECT(fabs(screen - screen_before) < 89); /* within the row it landed in */
    EXPECT(app->canvas->drawn_focus == 1);
    printf("step 10: Page Down: item %" G_GINT64_FORMAT " -> %" G_GINT64_FORMAT
           ", on screen at %.0f (was %.0f)\n", focus_before,
           demo_focus_position(app->demo.table), screen,
           screen_before);
    send_key(app, GDK_KEY_End, 0);
}

static void
step_11(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* End: the last item (990,100: s12 is collapsed since step 2), scrolled
     * to the end. */
    EXPECT(demo_key_arrived(&app->demo));
    int64_t n = demo_item_count(t);
    EXPECT(n == SECTIONS * (ROWS + 1) - ROWS && demo_focus_position(app->demo.table) == n - 1);
    GtkAdjustment *vadj = app->canvas->vadj;
    EXPECT(offset(app) == gtk_adjustment_get_upper(vadj) - gtk_adjustment_get_page_size(vadj));
    send_key(app, GDK_KEY_Up, GDK_SHIFT_MASK);
    printf("step 11: End: item %" G_GINT64_FORMAT ", scrolled to %.0f\n",
           demo_focus_position(app->demo.table),
           offset(app));
}

static void
step_12(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Shift+Up: the last two rows selected, the focus on the one above. */
    EXPECT(demo_key_arrived(&app->demo));
    int64_t n = demo_item_count(t), rows = 0;
    EXPECT(demo_focus_position(app->demo.table) == n - 2);
    fold_table_selection_count(t, FOLD_ROOT, &rows, NULL);
    EXPECT(rows == 2 && app->canvas->drawn_focus == 1);
    demo_expect_screenshot(&app->demo, "-keyboard.png",
                           " (keyboard alone: End, Shift+Up over a million rows)");
    send_key(app, GDK_KEY_Home, 0);
}

static void
step_13(gpointer data)
{
    App *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_focus_position(app->demo.table) == 0 && offset(app) == 0);
    printf("step 13: Home: item 0, scrolled to the top\n");
}

/* ---- animated changes (demo-canvas-animate.c) ------------------------------- */

static void
step_14(gpointer data)
{
    App *app = data;
    demo_canvas_animate_step(&app->demo, app->canvas, 1);
}

static void
step_15(gpointer data)
{
    App *app = data;
    demo_canvas_animate_step(&app->demo, app->canvas, 2);
}

static void
step_16(gpointer data)
{
    App *app = data;
    demo_canvas_animate_step(&app->demo, app->canvas, 3);
}

/* The self-test (--self-test): its steps, in order. */
static const DemoStep self_test[] = {step_1,  step_2,  step_3,  step_4,  step_5,  step_6,
                                     step_7,  step_8,  step_9,  step_10, step_11, step_12,
                                     step_13, step_14, step_15, step_16};

static void
on_bars_toggled(GtkCheckButton *button, gpointer data)
{
    App *app = data;
    fold_canvas_set_show_heights(app->canvas, gtk_check_button_get_active(button));
}

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window =
        demo_window_new(gapp, NULL, NULL, "FoldTable — 1,000,000 rows on a canvas", 600, 600);
    GtkWidget *canvas = fold_canvas_new(app->store);
    app->canvas = FOLD_CANVAS(canvas);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_ALWAYS);
    gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(scroller), FALSE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), canvas);
    gtk_widget_set_vexpand(scroller, TRUE);
    GtkWidget *status = demo_status_bar_new(); /* no CSS here: margins instead of padding */
    gtk_widget_set_hexpand(status, TRUE);
    app->canvas->status = status;
    app->bars = gtk_check_button_new_with_label("Height bars");
    g_signal_connect(app->bars, "toggled", G_CALLBACK(on_bars_toggled), app);
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
    demo_set_margins(bar, 8, 4);
    gtk_box_append(GTK_BOX(bar), status);
    gtk_box_append(GTK_BOX(bar), app->bars);
    return demo_window_set_column(window, scroller, bar, NULL);
}

/* demo_main_with's start and finish: the table, built and timed. */
static int
start(gpointer data)
{
    App *app = data;
    gint64 t0 = g_get_monotonic_time();
    app->store = build_store(&app->row_sum, app->section_sums);
    if (!app->store)
        return 1;
    app->demo.table = fold_store_get_table(app->store);
    printf("built %d sections x %d rows in %.0f ms\n", SECTIONS, ROWS,
           (double)(g_get_monotonic_time() - t0) / 1000.0);
    return 0;
}

static void
finish(gpointer data)
{
    App *app = data;
    app->demo.table = NULL;
    g_clear_object(&app->store);
}

int
main(int argc, char **argv)
{
    static App app;
    return demo_main_with(&app.demo, argc, argv, start, finish, "org.foldtable.DemoCanvas",
                          build_window, self_test, G_N_ELEMENTS(self_test), 400, &app);
}
