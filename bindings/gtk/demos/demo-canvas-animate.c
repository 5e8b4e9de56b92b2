/* demo-canvas-animate.c — the canvas self-test's animated steps
 * (demo-canvas-animate.h): a row expanding and a section collapsing, each
 * caught in the middle of its transition (the clock made slow), drawn from
 * the clock's frame and compared with the engine's frame at the drawn
 * progress; screenshots canvas-transition-mid.png (the row) and
 * canvas-transition-fold.png (the section). */
#include "demo-canvas-animate.h"
#include "demo-screenshot.h"

#include <math.h>
#include <stdio.h>

#define SLOW_MS 1500

static int64_t expanded_pos;
static double height_before, height_after;

/* Runs the main loop until the canvas has drawn a transition frame at
 * progress >= at_least (5 s at most): then what is on screen is the
 * clock's frame at fold_transition_clock_get_progress(). */
static gboolean
wait_for_frame(FoldCanvas *canvas, double at_least)
{
    gint64 end = g_get_monotonic_time() + 5 * G_USEC_PER_SEC;
    while (!(canvas->drawn_transition && canvas->drawn_progress >= at_least &&
             canvas->drawn_progress == fold_transition_clock_get_progress(canvas->clock))) {
        if (!fold_transition_clock_is_running(canvas->clock) || g_get_monotonic_time() > end)
            return FALSE;
        if (!g_main_context_iteration(NULL, FALSE))
            g_usleep(1000);
    }
    return TRUE;
}

/* The engine's frame entry of the item at `position_after` at progress t,
 * with its transition item. */
static gboolean
frame_at(fold_table *table, double t, int64_t position_after, fold_transition_item *out_item,
         fold_frame_item *out_frame)
{
    fold_transition_item items[256];
    fold_frame_item frame[256];
    int64_t n = 0, nf = 0;
    if (fold_table_transition_items(table, items, 256, &n, NULL) != FOLD_OK ||
        fold_table_transition_frame(table, t, frame, 256, &nf, NULL) != FOLD_OK || n != nf)
        return FALSE;
    for (int64_t i = 0; i < n; i++)
        if (items[frame[i].index].position_after == position_after) {
            *out_item = items[frame[i].index];
            *out_frame = frame[i];
            return TRUE;
        }
    return FALSE;
}

/* Pixels of column x of the canvas as drawn now that are the expanded
 * row's accent (#1c71d8, blue), between y0 and y1. */
static int
accent_pixels(FoldCanvas *canvas, int x, int y0, int y1)
{
    GdkTexture *texture = demo_render_widget(GTK_WIDGET(canvas));
    if (!texture)
        return -1;
    int w = gdk_texture_get_width(texture), h = gdk_texture_get_height(texture);
    guchar *px = g_malloc((gsize)w * h * 4);
    gdk_texture_download(texture, px, (gsize)w * 4);
    int count = 0;
    for (int y = MAX(y0, 0); y < MIN(y1, h); y++) {
        const guchar *p = px + (gsize)y * w * 4 + x * 4; /* B, G, R, A (cairo) */
        if (p[0] > 150 && p[2] < 100)
            count++;
    }
    g_free(px);
    g_object_unref(texture);
    return count;
}

/* 1: the row at y = 200 expands, slowly; caught past 40 %. */
static void
row_expands(DemoApp *demo, FoldCanvas *canvas)
{
    fold_table *table = demo->table;
    fold_transition_clock_set_duration(canvas->clock, SLOW_MS);
    expanded_pos = fold_canvas_hit(canvas, 200);
    height_before = demo_item_height_at(table, expanded_pos);
    DEMO_EXPECT(demo, fold_canvas_activate(canvas, expanded_pos) == FOLD_ACTIVATED_ROW_EXPANDED);
    height_after = demo_item_height_at(table, expanded_pos);
    DEMO_EXPECT(demo, fold_transition_clock_is_running(canvas->clock));
    DEMO_EXPECT(demo, wait_for_frame(canvas, 0.4));
    double t = canvas->drawn_progress;
    demo_expect_screenshot(demo, "-transition-mid.png", " (a row expanding, mid-transition)");
    /* Drawn from the engine's frame at the drawn progress: the row grows
     * in place (top fixed, height between), the next row slides. */
    fold_transition_item it, below;
    fold_frame_item f, fb;
    DEMO_EXPECT(demo, frame_at(table, t, expanded_pos, &it, &f));
    DEMO_EXPECT(demo, frame_at(table, t, expanded_pos + 1, &below, &fb));
    DEMO_EXPECT(demo, it.change == FOLD_TRANSITION_MOVES && it.height_before == height_before &&
                          it.height_after == height_after && it.top_before == it.top_after);
    DEMO_EXPECT(demo, f.height == height_before + t * (height_after - height_before));
    DEMO_EXPECT(demo, fb.top == below.top_before + t * (below.top_after - below.top_before));
    DEMO_EXPECT(demo, fb.top > below.top_before && fb.top < below.top_after);
    /* On screen: the accent bar at x = 1 runs from the row's top to its
     * separator (its last pixel): as tall as the frame's height, less 1. */
    double y = f.top + canvas->drawn_shift;
    int accent = accent_pixels(canvas, 1, (int)floor(y), (int)ceil(y + f.height) + 2);
    DEMO_EXPECT(demo, fabs(accent - (f.height - 1)) <= 1.5);
    printf("transition 1: row %" G_GINT64_FORMAT " expands %.0f -> %.0f pt; caught at "
           "progress %.3f: drawn %.2f pt tall (accent bar %d px), row below at %.2f "
           "(%.0f -> %.0f)\n",
           expanded_pos, height_before, height_after, t, f.height, accent, fb.top,
           below.top_before, below.top_after);
}

/* 2: at rest, the row at its height after; then the first section
 * collapses, slowly; caught past 30 %. */
static void
section_collapses(DemoApp *demo, FoldCanvas *canvas)
{
    fold_table *table = demo->table;
    fold_transition_info info;
    DEMO_EXPECT(demo, !fold_transition_clock_is_running(canvas->clock));
    DEMO_EXPECT(demo, !canvas->drawn_transition);
    DEMO_EXPECT(demo, fold_table_transition_info(table, &info) == FOLD_OK && info.progress == 1);
    DEMO_EXPECT(demo, demo_item_height_at(table, expanded_pos) == height_after);
    int64_t header = fold_canvas_hit(canvas, 5);
    DEMO_EXPECT(demo, fold_canvas_click(canvas, header) == FOLD_ACTIVATED_SECTION_COLLAPSED);
    DEMO_EXPECT(demo, wait_for_frame(canvas, 0.3));
    double t = canvas->drawn_progress;
    demo_expect_screenshot(demo, "-transition-fold.png", " (a section collapsing, mid-transition)");
    /* The next section's header slides up; the rows fold under the header. */
    fold_transition_item next;
    fold_frame_item fn;
    DEMO_EXPECT(demo, frame_at(table, t, header + 1, &next, &fn));
    DEMO_EXPECT(demo, next.kind == FOLD_ITEM_HEADER && next.top_after < next.top_before);
    DEMO_EXPECT(demo, fn.top == next.top_before + t * (next.top_after - next.top_before));
    fold_transition_item items[256];
    int64_t n = 0, folding = 0;
    fold_table_transition_items(table, items, 256, &n, NULL);
    for (int64_t i = 0; i < n; i++)
        if ((items[i].flags & FOLD_TRANSITION_FOLDS) &&
            items[i].change == FOLD_TRANSITION_DISAPPEARS &&
            items[i].clip >= 0 && items[items[i].clip].position_after == header)
            folding++;
    DEMO_EXPECT(demo, folding > 0);
    DEMO_EXPECT(demo, canvas->drawn_transition_items > 0);
    DEMO_EXPECT(demo, fold_transition_clock_get_info(canvas->clock, &info) &&
                          canvas->drawn_shift ==
                              info.offset_after - gtk_adjustment_get_value(canvas->vadj));
    printf("transition 2: section at %" G_GINT64_FORMAT " collapses; caught at progress %.3f: "
           "%" G_GINT64_FORMAT " rows folding, next header at %.2f (%.0f -> %.0f), "
           "%" G_GINT64_FORMAT " items drawn\n",
           header, t, folding, fn.top, next.top_before, next.top_after,
           canvas->drawn_transition_items);
}

/* 3: at rest again, drawn from the table. */
static void
at_rest(DemoApp *demo, FoldCanvas *canvas)
{
    DEMO_EXPECT(demo, !fold_transition_clock_is_running(canvas->clock));
    DEMO_EXPECT(demo, !canvas->drawn_transition && canvas->drawn_first == 0);
    DEMO_EXPECT(demo, fold_transition_clock_get_progress(canvas->clock) == 1);
    fold_transition_clock_set_duration(canvas->clock, FOLD_TRANSITION_CLOCK_DEFAULT_DURATION);
    printf("transition 3: at rest, %" G_GINT64_FORMAT " items drawn from the table\n",
           canvas->drawn_count);
}

void
demo_canvas_animate_step(DemoApp *demo, FoldCanvas *canvas, int step)
{
    if (step == 1)
        row_expands(demo, canvas);
    else if (step == 2)
        section_collapses(demo, canvas);
    else
        at_rest(demo, canvas);
}
