/*
 * test-transition.c — FoldTransitionClock on a real frame clock under Xvfb
 * (issue 37). A FoldStore (rows 30 pt, headers 28 pt) with a viewport of
 * 300 pt at offset 0, a drawing area in a window as the clock's widget;
 * every "tick" is recorded (frame time, progress, the tracked item's rect
 * in the clock's frame) until "finished", at most 3 s of wall time per
 * transition.
 *
 *   0 A        (a: 5 rows)   1-5 a 0..4
 *   6 B        (b: 5 rows)   7-11 b 0..4
 *  12 C        (c: 10 rows)
 *
 * Checks, for a row expanding (a 1: 30 -> 75 pt) and a section expanding
 * (A, collapsed first without animation): the row below (a 2; B's header)
 * is drawn at its rect before when the transition starts and at the first
 * tick, moves monotonically, and is at its rect after exactly at the last
 * tick; each tick's progress is the ease-out cubic of the frame time since
 * the first tick over the duration, bit for bit, and the table has it; the
 * frame at the end is what fold_table_visible_items() shows. Then a change
 * during a transition restarts the clock from the frame drawn, and
 * duration 0 and gtk-enable-animations FALSE finish at once; unmapping the
 * widget, turning transitions off and dropping the clock cut a transition
 * short with the table at rest; a change made on another thread starts
 * its transition on the clock's thread.
 */
#include "support/gtk-test.h"

#include <math.h>
#include <stdio.h>

#define OK(call) CHECK_STATUS((call), FOLD_OK)
#define DURATION 300
#define MAX_FRAMES 512

static FoldStore *store;
static fold_table *table;
static FoldTransitionClock *clk;
static GtkWidget *window, *area;

/* What the ticks showed of one item of the transition. */
typedef struct {
    int64_t track;    /* the item's position after the change */
    int64_t index;    /* its index in the transition, -1: not found */
    guint ticks, finished;
    gint64 time[MAX_FRAMES];
    double progress[MAX_FRAMES], top[MAX_FRAMES], height[MAX_FRAMES];
    gboolean table_agrees; /* the table's progress was the clock's at every tick */
} Record;

static Record rec;

/* The index in the clock's transition of the item at `position_after`. */
static int64_t
index_after(int64_t position_after)
{
    gsize n = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(clk, &n);
    for (gsize i = 0; i < n; i++)
        if (items[i].position_after == position_after)
            return (int64_t)i;
    return -1;
}

static const fold_frame_item *
frame_of(int64_t index)
{
    gsize n = 0;
    const fold_frame_item *frame = fold_transition_clock_get_frame(clk, &n);
    return index >= 0 && (gsize)index < n ? &frame[index] : NULL;
}

static void
on_tick(FoldTransitionClock *clock, gpointer data)
{
    (void)data;
    if (rec.ticks >= MAX_FRAMES)
        return;
    guint i = rec.ticks++;
    rec.time[i] = gdk_frame_clock_get_frame_time(gtk_widget_get_frame_clock(area));
    rec.progress[i] = fold_transition_clock_get_progress(clock);
    const fold_frame_item *f = frame_of(rec.index);
    rec.top[i] = f ? f->top : NAN;
    rec.height[i] = f ? f->height : NAN;
    fold_transition_info info;
    if (fold_table_transition_info(table, &info) != FOLD_OK || info.progress != rec.progress[i])
        rec.table_agrees = FALSE;
    gtk_widget_queue_draw(area);
}

static void
on_finished(FoldTransitionClock *clock, gpointer data)
{
    (void)clock, (void)data;
    rec.finished++;
}

/* Starts recording the item at `position_after` (call right after the change). */
static void
record(int64_t position_after)
{
    memset(&rec, 0, sizeof rec);
    rec.track = position_after;
    rec.index = index_after(position_after);
    rec.table_agrees = TRUE;
}

static gboolean
stop_waiting(gpointer data)
{
    *(gboolean *)data = TRUE;
    return G_SOURCE_REMOVE;
}

/* Runs the main loop until "finished" or 3 s of wall time. */
static void
play(void)
{
    gboolean timed_out = FALSE;
    guint timeout = g_timeout_add(3000, stop_waiting, &timed_out);
    while (!rec.finished && !timed_out)
        g_main_context_iteration(NULL, TRUE);
    if (!timed_out)
        g_source_remove(timeout);
    CHECK(!timed_out);
}

static double
ease(double t)
{
    double u = 1 - t;
    return 1 - u * u * u;
}

/* The recorded transition: from (top0, h0) to (top1, h1), monotonically
 * (top moving in the direction `dir`, +1 down, -1 up), with progresses
 * from the frame clock's times; what the table shows at rest at the end. */
static void
check_playback(const char *what, double top0, double h0, double top1, double h1, int dir)
{
    printf("%s: %u ticks, item at %.1f (%.0f pt) -> %.1f (%.0f pt); progress", what, rec.ticks,
           rec.ticks ? rec.top[0] : NAN, rec.ticks ? rec.height[0] : NAN,
           rec.ticks ? rec.top[rec.ticks - 1] : NAN, rec.ticks ? rec.height[rec.ticks - 1] : NAN);
    for (guint i = 0; i < rec.ticks; i++)
        printf(" %.3f", rec.progress[i]);
    printf("\n");
    CHECK_EQ_I64(rec.finished, 1);
    CHECK(rec.ticks >= 3 && rec.ticks < MAX_FRAMES);
    if (rec.ticks < 1)
        return;
    guint last = rec.ticks - 1;
    /* The first tick shows the rect before; the last the rect after. */
    CHECK_EQ_DBL(rec.progress[0], 0);
    CHECK_EQ_DBL(rec.top[0], top0);
    CHECK_EQ_DBL(rec.height[0], h0);
    CHECK_EQ_DBL(rec.progress[last], 1);
    CHECK_EQ_DBL(rec.top[last], top1);
    CHECK_EQ_DBL(rec.height[last], h1);
    gboolean monotonic = TRUE, eased = TRUE, linear_frame = TRUE;
    for (guint i = 0; i < rec.ticks; i++) {
        double lin = CLAMP((double)(rec.time[i] - rec.time[0]) / (DURATION * 1000.0), 0, 1);
        if (rec.progress[i] != ease(lin))
            eased = FALSE;
        /* The frame is the engine's linear interpolation at the eased value. */
        if (rec.top[i] != top0 + rec.progress[i] * (top1 - top0))
            linear_frame = FALSE;
        if (i > 0 && (rec.top[i] - rec.top[i - 1]) * dir < 0)
            monotonic = FALSE;
        if (i > 0 && rec.progress[i] < rec.progress[i - 1])
            monotonic = FALSE;
    }
    CHECK(monotonic);
    CHECK(eased);
    CHECK(linear_frame);
    CHECK(rec.table_agrees);
    CHECK(!fold_transition_clock_is_running(clk));
    CHECK_EQ_DBL(fold_transition_clock_get_progress(clk), 1);
    /* At the end the frame is the table at rest: every item drawn after
     * the change at its visible rect (viewport at offset 0). */
    fold_visible_item vis[64];
    int64_t written = 0;
    OK(fold_table_visible_items(table, 0, 300, 0, vis, 64, &written, NULL));
    gsize n = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(clk, &n);
    const fold_frame_item *frame = fold_transition_clock_get_frame(clk, NULL);
    int64_t matched = 0;
    for (int64_t v = 0; v < written; v++)
        for (gsize i = 0; i < n; i++)
            if (items[i].position_after == vis[v].position && frame[i].top == vis[v].top &&
                frame[i].height == vis[v].height)
                matched++;
    CHECK_EQ_I64(matched, written);
}

/* a 1 expands 30 -> 75: it grows in place, a 2 slides from 88 to 133. */
static void
test_row_expand(void)
{
    guint64 a = 0;
    CHECK(fold_store_find_section(store, "a", &a, NULL));
    CHECK(fold_store_set_row_expanded_height(store, a, 1, 75, NULL));
    gboolean changed = FALSE;
    CHECK(fold_store_expand_row(store, a, 1, &changed, NULL) && changed);
    record(3);
    /* Running from the change on, at the rect before. */
    CHECK(fold_transition_clock_is_running(clk));
    CHECK_EQ_DBL(fold_transition_clock_get_progress(clk), 0);
    gsize n = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(clk, &n);
    CHECK(rec.index >= 0);
    if (rec.index < 0)
        return;
    const fold_transition_item *it = &items[rec.index];
    CHECK_EQ_I64(it->change, FOLD_TRANSITION_MOVES);
    CHECK_EQ_I64(it->position_before, 3);
    CHECK_EQ_DBL(it->top_before, 88);
    CHECK_EQ_DBL(it->top_after, 133);
    CHECK_EQ_DBL(frame_of(rec.index)->top, 88);
    int64_t grown = index_after(2);
    CHECK(grown >= 0 && items[grown].height_before == 30 && items[grown].height_after == 75 &&
          items[grown].top_before == 58 && items[grown].top_after == 58);
    play();
    check_playback("row a 1 expands", 88, 30, 133, 30, +1);
}

/* A collapses without animation (duration 0), then expands with one: B's
 * header slides from 28 (just below A's header) down to 223 (below A's
 * rows, a 1 expanded), while A's rows unfold from under its header. */
static void
test_section_expand(void)
{
    guint64 a = 0;
    CHECK(fold_store_find_section(store, "a", &a, NULL));
    fold_transition_clock_set_duration(clk, 0);
    memset(&rec, 0, sizeof rec);
    gboolean changed = FALSE;
    CHECK(fold_store_collapse(store, a, &changed, NULL) && changed);
    /* Duration 0: finished inside the change, no tick, the frame at rest. */
    CHECK_EQ_I64(rec.finished, 1);
    CHECK_EQ_I64(rec.ticks, 0);
    CHECK(!fold_transition_clock_is_running(clk));
    CHECK_EQ_DBL(fold_transition_clock_get_progress(clk), 1);
    fold_transition_info info;
    OK(fold_table_transition_info(table, &info));
    CHECK_EQ_DBL(info.progress, 1);
    fold_transition_clock_set_duration(clk, DURATION);
    test_wait_for_draw(window, 1);

    /* B's header at 28 (A collapsed) goes to 28 + 30 * 4 + 75 = 223. */
    CHECK(fold_store_expand(store, a, &changed, NULL) && changed);
    record(6);
    CHECK(fold_transition_clock_is_running(clk) && rec.index >= 0);
    gsize n = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(clk, &n);
    if (rec.index < 0)
        return;
    CHECK_EQ_DBL(items[rec.index].top_before, 28);
    CHECK_EQ_DBL(items[rec.index].top_after, 223);
    /* A's rows unfold from under its header. */
    int64_t row0 = index_after(1);
    CHECK(row0 >= 0 && items[row0].change == FOLD_TRANSITION_APPEARS &&
          (items[row0].flags & FOLD_TRANSITION_FOLDS) && items[row0].clip == index_after(0));
    play();
    check_playback("section A expands", 28, 28, 223, 28, +1);
}

/* B collapses; after three ticks A collapses too: the clock restarts at 0,
 * and the new transition starts where C's header was drawn. */
static void
test_restart(void)
{
    guint64 a = 0, b = 0;
    CHECK(fold_store_find_section(store, "a", &a, NULL));
    CHECK(fold_store_find_section(store, "b", &b, NULL));
    gboolean changed = FALSE;
    CHECK(fold_store_collapse(store, b, &changed, NULL) && changed);
    int64_t c_after = 7; /* A, 5 rows of a, B; then C */
    record(c_after);
    gboolean timed_out = FALSE;
    guint timeout = g_timeout_add(3000, stop_waiting, &timed_out);
    while (rec.ticks < 3 && !rec.finished && !timed_out)
        g_main_context_iteration(NULL, TRUE);
    const fold_frame_item *f = frame_of(rec.index);
    double drawn = f ? f->top : NAN, progress = fold_transition_clock_get_progress(clk);
    CHECK(rec.ticks == 3 && !rec.finished && progress > 0 && progress < 1);
    CHECK(fold_store_collapse(store, a, &changed, NULL) && changed);
    guint ticks = rec.ticks;
    record(2); /* A, B, C */
    CHECK(fold_transition_clock_is_running(clk));
    CHECK_EQ_DBL(fold_transition_clock_get_progress(clk), 0);
    gsize n = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(clk, &n);
    CHECK(rec.index >= 0 && items[rec.index].top_before == drawn &&
          items[rec.index].top_after == 56);
    printf("restart after %u ticks at progress %.3f: C's header drawn at %.2f starts there\n",
           ticks, progress, drawn);
    while (!rec.finished && !timed_out)
        g_main_context_iteration(NULL, TRUE);
    if (!timed_out)
        g_source_remove(timeout);
    check_playback("restarted: A collapses", drawn, 28, 56, 28, -1);
}

/* gtk-enable-animations FALSE: like duration 0. */
static void
test_animations_off(void)
{
    GtkSettings *settings = gtk_widget_get_settings(area);
    g_object_set(settings, "gtk-enable-animations", FALSE, NULL);
    guint64 a = 0;
    CHECK(fold_store_find_section(store, "a", &a, NULL));
    memset(&rec, 0, sizeof rec);
    gboolean changed = FALSE;
    CHECK(fold_store_expand(store, a, &changed, NULL) && changed);
    CHECK_EQ_I64(rec.finished, 1);
    CHECK_EQ_I64(rec.ticks, 0);
    CHECK(!fold_transition_clock_is_running(clk));
    g_object_set(settings, "gtk-enable-animations", TRUE, NULL);
    /* The store's switch. */
    gboolean on = FALSE;
    CHECK(fold_store_get_transitions(store, &on, NULL) && on);
    CHECK(fold_store_set_transitions(store, FALSE, NULL));
    CHECK(fold_store_get_transitions(store, &on, NULL) && !on);
    CHECK(fold_store_set_transitions(store, TRUE, NULL));
}

/* Runs the main loop until `ticks` ticks were recorded (3 s at most). */
static void
wait_ticks(guint ticks)
{
    gboolean timed_out = FALSE;
    guint timeout = g_timeout_add(3000, stop_waiting, &timed_out);
    while (rec.ticks < ticks && !rec.finished && !timed_out)
        g_main_context_iteration(NULL, TRUE);
    if (!timed_out)
        g_source_remove(timeout);
    CHECK(rec.ticks >= ticks && !rec.finished);
}

static double
table_progress(void)
{
    fold_transition_info info = {0};
    fold_table_transition_info(table, &info);
    return info.progress;
}

static FoldTransitionClock *
new_clock(void)
{
    FoldTransitionClock *c = fold_transition_clock_new(store, area);
    fold_transition_clock_set_duration(c, DURATION);
    g_signal_connect(c, "tick", G_CALLBACK(on_tick), NULL);
    g_signal_connect(c, "finished", G_CALLBACK(on_finished), NULL);
    return c;
}

/* Cut short: the widget unmapped, transitions turned off, the clock
 * dropped; each leaves the table at rest (progress 1). */
static void
test_cut_short(void)
{
    guint64 a = 0;
    gboolean changed = FALSE;
    CHECK(fold_store_find_section(store, "a", &a, NULL));
    /* Unmapped (the window hidden): finished at once. */
    CHECK(fold_store_collapse(store, a, &changed, NULL) && changed);
    record(1);
    wait_ticks(2);
    gtk_widget_set_visible(window, FALSE);
    CHECK_EQ_I64(rec.finished, 1);
    CHECK(!fold_transition_clock_is_running(clk));
    CHECK_EQ_DBL(table_progress(), 1);
    gtk_widget_set_visible(window, TRUE);
    test_wait_for_draw(window, 2);
    /* Transitions turned off: the next tick finds none and finishes. */
    CHECK(fold_store_expand(store, a, &changed, NULL) && changed);
    record(6);
    wait_ticks(2);
    CHECK(fold_store_set_transitions(store, FALSE, NULL));
    play();
    gsize n = 1;
    CHECK(!fold_transition_clock_is_running(clk) && !fold_transition_clock_get_frame(clk, &n) &&
          n == 0);
    CHECK(fold_store_set_transitions(store, TRUE, NULL));
    /* Dropped while running: the table at rest, so the next clock's first
     * transition starts from the rects at rest. */
    CHECK(fold_store_collapse(store, a, &changed, NULL) && changed);
    record(1);
    wait_ticks(2);
    g_object_unref(clk);
    CHECK_EQ_DBL(table_progress(), 1);
    clk = new_clock();
    CHECK(fold_store_expand(store, a, &changed, NULL) && changed);
    record(6);
    gsize count = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(clk, &count);
    CHECK(rec.index >= 0 && items[rec.index].top_before == 28 && items[rec.index].top_after == 223);
    play();
    CHECK_EQ_I64(rec.finished, 1);
    printf("cut short: by unmapping, by turning transitions off, by dropping the clock\n");
}

static gpointer
collapse_on_worker(gpointer data)
{
    int changed = 0;
    fold_table_collapse(table, *(guint64 *)data, &changed);
    return GINT_TO_POINTER(changed);
}

/* A change made on another thread starts the transition on this one. */
static void
test_other_thread(void)
{
    guint64 a = 0;
    CHECK(fold_store_find_section(store, "a", &a, NULL));
    memset(&rec, 0, sizeof rec);
    GThread *worker = g_thread_new("collapse", collapse_on_worker, &a);
    CHECK(GPOINTER_TO_INT(g_thread_join(worker)) == 1);
    CHECK(!fold_transition_clock_is_running(clk)); /* not yet: at the next iteration */
    gint64 end = g_get_monotonic_time() + G_USEC_PER_SEC;
    while (!fold_transition_clock_is_running(clk) && g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, FALSE);
    CHECK(fold_transition_clock_is_running(clk));
    record(1); /* B's header: from 223 up to 28 */
    gsize n = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(clk, &n);
    CHECK(rec.index >= 0 && items[rec.index].top_before == 223 && items[rec.index].top_after == 28);
    play();
    check_playback("on another thread: A collapses", 223, 28, 28, 28, -1);
}

int
main(int argc, char **argv)
{
    (void)argc, (void)argv;
    gtk_init();
    store = g_object_new(FOLD_TYPE_STORE, "row-height", 30.0, "header-height", 28.0, NULL);
    table = fold_store_get_table(store);
    CHECK(fold_store_append_section(store, "a", "A", 5, NULL) != 0);
    CHECK(fold_store_append_section(store, "b", "B", 5, NULL) != 0);
    CHECK(fold_store_append_section(store, "c", "C", 10, NULL) != 0);
    CHECK(fold_store_set_viewport(store, 0, 300, NULL));
    window = gtk_window_new();
    area = gtk_drawing_area_new();
    gtk_widget_set_size_request(area, 200, 300);
    gtk_window_set_child(GTK_WINDOW(window), area);
    gtk_window_present(GTK_WINDOW(window));
    test_wait_for_draw(window, 2);
    clk = fold_transition_clock_new(store, area);
    CHECK_EQ_I64(fold_transition_clock_get_duration(clk), FOLD_TRANSITION_CLOCK_DEFAULT_DURATION);
    g_object_unref(clk);
    clk = new_clock();

    gint64 t0 = g_get_monotonic_time();
    test_row_expand();
    test_section_expand();
    test_restart();
    test_animations_off();
    test_cut_short();
    test_other_thread();
    printf("wall time %.0f ms\n", (double)(g_get_monotonic_time() - t0) / 1000.0);

    g_object_unref(clk);
    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(store);
    return check_done();
}
