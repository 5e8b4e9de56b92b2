/* The comments demo's self-test steps 7 to 15: the keyboard alone, then
 * animated changes looked at mid-way (see demo-comments.h). */
#include "demo-comments.h"
#include "demo-comments-data.h"
#include "demo-keys.h"

#include <gtk/gtk.h>
#include <stdio.h>

/* ---- the keyboard alone ---------------------------------------------------------- */

static int64_t first_shown = -1;

/* The engine's focus on `position`, GTK's on the list's row showing it. */
static gboolean
focused_on(CommentsApp *app, int64_t position)
{
    CommentRow *row = comment_row_find(app->demo.list, (guint)position);
    gboolean ok = demo_focus_position(app->demo.table) == position && row &&
                  demo_focus(&app->demo) == gtk_widget_get_parent(GTK_WIDGET(row));
    if (!ok)
        fprintf(stderr, "focus: engine %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT "\n",
                demo_focus_position(app->demo.table), position);
    return ok;
}

static void
send_key(CommentsApp *app, guint keyval)
{
    demo_send_key(&app->demo, keyval, 0);
}

void
comments_step_7(gpointer data)
{
    CommentsApp *app = data;
    printf("step 7: keys through %s\n", demo_keys_real(&app->demo)
                                            ? "the X server (XTest)"
                                            : "the list's controller (no XTest)");
    /* GTK's focus on the first row shown; Down through the engine. */
    int32_t place = 0;
    fold_table_item_at_offset(app->demo.table, gtk_adjustment_get_value(app->vadj) + 1, &first_shown,
                              &place);
    CommentRow *first = comment_row_find(app->demo.list, (guint)first_shown);
    EXPECT(first != NULL);
    if (first)
        gtk_widget_grab_focus(gtk_widget_get_parent(GTK_WIDGET(first)));
    send_key(app, GDK_KEY_Down);
}

void
comments_step_8(gpointer data)
{
    CommentsApp *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(first_shown >= 0 && focused_on(app, first_shown + 1));
    int64_t rows = -1;
    fold_table_selection_count(app->demo.table, FOLD_ROOT, &rows, NULL);
    EXPECT(rows == 0); /* FOLD_SELECTION_NONE: keys only move the focus */
    send_key(app, GDK_KEY_End);
}

void
comments_step_9(gpointer data)
{
    CommentsApp *app = data;
    /* End: the last comment, scrolled into view and focused. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, demo_item_count(app->demo.table) - 1));
    demo_expect_screenshot(&app->demo, "-keyboard.png", " (keyboard alone: Down, End)");
    send_key(app, GDK_KEY_Home);
}

void
comments_step_10(gpointer data)
{
    CommentsApp *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 0));
    printf("step 10: Down, End, Home through the engine; GTK's focus followed\n");
}

/* ---- animated changes ------------------------------------------------------------ */

/* A row's top in the list (whole pixels), -1 if it has no row. */
static double
row_top(CommentsApp *app, int64_t position)
{
    CommentRow *row = comment_row_find(app->demo.list, (guint)position);
    graphene_rect_t b;
    if (!row || !gtk_widget_compute_bounds(GTK_WIDGET(row), app->demo.list, &b))
        return -1;
    return b.origin.y;
}

/* A row's allocated height, -1 if it has none; while the clock runs, it
 * must be the row's height at the clock's frame. */
static int
row_height(CommentsApp *app, int64_t position)
{
    CommentRow *row = comment_row_find(app->demo.list, (guint)position);
    if (!row)
        return -1;
    int h = gtk_widget_get_height(GTK_WIDGET(row));
    if (fold_transition_clock_is_running(app->clock))
        EXPECT(h == comment_row_get_frame_height(row));
    return h;
}

void
comments_step_11(gpointer data)
{
    CommentsApp *app = data;
    /* From the top, release/0 opens (the accordion closes design/2). */
    gtk_adjustment_set_value(app->vadj, 0);
    int64_t p = demo_row_pos(app->demo.table, "release", 0);
    EXPECT(demo_click(&app->demo, (guint)p) == FOLD_ACTIVATED_ROW_EXPANDED);
}

/* Mid-way through the accordion: release/0 shrinking and release/2
 * growing are both between their heights before and after, at the
 * clock's frame, and release/2 has slid between its tops. */
static void
check_accordion_mid(gpointer data)
{
    CommentsApp *app = data;
    int64_t p0 = demo_row_pos(app->demo.table, "release", 0);
    int64_t p2 = demo_row_pos(app->demo.table, "release", 2);
    int h0 = row_height(app, p0), h2 = row_height(app, p2);
    double top2 = row_top(app, p2);
    EXPECT(demo_between(h0, app->before[0], app->after[0]));
    EXPECT(demo_between(h2, app->before[1], app->after[1]));
    EXPECT(demo_between(top2, app->before[2], app->after[2]));
    printf("step %d: mid-way (progress %.2f): release/0 %d px (%.0f -> %.0f), release/2 %d px "
           "(%.0f -> %.0f) at %.0f (%.0f -> %.0f)\n",
           app->demo.step, app->mid.progress, h0, app->before[0], app->after[0], h2,
           app->before[1], app->after[1], top2, app->before[2], app->after[2]);
}

/* After each frame painted while the accordion plays: release/2's top. */
static void
track_top(GdkFrameClock *frame_clock, gpointer data)
{
    (void)frame_clock;
    CommentsApp *app = data;
    if (!fold_transition_clock_is_running(app->clock))
        return;
    double top = row_top(app, demo_row_pos(app->demo.table, "release", 2));
    g_array_append_val(app->tops, top);
}

/* The tops recorded: at least 5 frames, release/2 only moving up, from
 * its top before to its top after. Stops recording. */
static void
check_tops(CommentsApp *app)
{
    GdkFrameClock *frame_clock = gtk_widget_get_frame_clock(app->demo.window);
    g_clear_signal_handler(&app->track, frame_clock);
    guint n = app->tops->len, up = 0;
    const double *tops = (const double *)(void *)app->tops->data;
    for (guint i = 1; i < n; i++)
        up += tops[i] <= tops[i - 1];
    EXPECT(n >= 5 && up == n - 1);
    EXPECT(n > 0 && tops[0] <= app->before[2] && tops[n - 1] >= app->after[2]);
    printf("step %d: the accordion over %u frames: release/2's top %.0f, %.0f, ..., %.0f, "
           "never moving back\n",
           app->demo.step, n, n > 0 ? tops[0] : -1, n > 1 ? tops[1] : -1,
           n > 0 ? tops[n - 1] : -1);
    g_array_set_size(app->tops, 0);
}

void
comments_step_12(gpointer data)
{
    CommentsApp *app = data;
    fold_table *t = app->demo.table;
    int64_t p0 = demo_row_pos(t, "release", 0), p1 = p0 + 1, p2 = p0 + 2;
    EXPECT(demo_row_expanded(t, "release", 0) && !demo_row_expanded(t, "design", 2));
    comments_check_rows(app, "step 12");
    /* The accordion, animated: release/2 opens, release/0 closes. */
    app->before[0] = demo_item_height_at(t, p0);
    app->before[1] = demo_item_height_at(t, p2);
    app->before[2] = row_top(app, p2);
    demo_mid_frame_catch(&app->mid, &app->demo, app->clock, check_accordion_mid, app,
                         "-transition-mid.png");
    if (!app->tops)
        app->tops = g_array_new(FALSE, FALSE, sizeof(double));
    app->track = g_signal_connect(gtk_widget_get_frame_clock(app->demo.window), "after-paint",
                                  G_CALLBACK(track_top), app);
    EXPECT(demo_click(&app->demo, (guint)p2) == FOLD_ACTIVATED_ROW_EXPANDED);
    EXPECT(fold_transition_clock_is_running(app->clock));
    app->after[0] = demo_item_height_at(t, p0);
    app->after[1] = demo_item_height_at(t, p2);
    app->after[2] = row_top(app, p0) + app->after[0] + demo_item_height_at(t, p1);
    EXPECT(app->after[0] < app->before[0] && app->after[1] > app->before[1]);
}

/* Mid-way through the release thread folding: its header's row holds the
 * comments folding under it (drawn below the header, shorter each frame),
 * and the design thread's header slides up between its tops. */
static void
check_fold_mid(gpointer data)
{
    CommentsApp *app = data;
    int64_t h = demo_header_pos(app->demo.table, "release");
    int64_t next = demo_header_pos(app->demo.table, "design");
    CommentRow *row = comment_row_find(app->demo.list, (guint)h);
    int height = row_height(app, h);
    double top = row_top(app, next);
    EXPECT(row && comment_row_get_drawn_gone(row) >= 1);
    EXPECT(demo_between(height, HEADER_HEIGHT, app->before[0]));
    EXPECT(demo_between(top, app->before[2], app->after[2]));
    printf("step %d: mid-way (progress %.2f): the release header's row %d px (%d comments "
           "folding under it), the design header at %.0f (%.0f -> %.0f)\n",
           app->demo.step, app->mid.progress, height, row ? comment_row_get_drawn_gone(row) : 0,
           top, app->before[2], app->after[2]);
}

void
comments_step_13(gpointer data)
{
    CommentsApp *app = data;
    fold_table *t = app->demo.table;
    EXPECT(demo_mid_frame_done(&app->mid));
    check_tops(app);
    comments_check_rows(app, "step 13");
    /* The release thread folds, animated. */
    int64_t h = demo_header_pos(t, "release"), next = demo_header_pos(t, "design");
    app->before[2] = row_top(app, next);
    app->before[0] = app->before[2] - row_top(app, h); /* the header and its comments */
    demo_mid_frame_catch(&app->mid, &app->demo, app->clock, check_fold_mid, app,
                         "-transition-fold.png");
    EXPECT(demo_click(&app->demo, (guint)h) == FOLD_ACTIVATED_SECTION_COLLAPSED);
    EXPECT(fold_transition_clock_is_running(app->clock));
    app->after[2] = row_top(app, h) + HEADER_HEIGHT;
}

/* Mid-way through the release thread unfolding: its comments' rows
 * together are between 0 and their whole heights (the first ones still
 * under the header), and the design header slides down between its tops. */
static void
check_unfold_mid(gpointer data)
{
    CommentsApp *app = data;
    int64_t h = demo_header_pos(app->demo.table, "release");
    int64_t next = demo_header_pos(app->demo.table, "design");
    int shown = 0;
    for (int64_t p = h + 1; p < next; p++)
        shown += MAX(row_height(app, p), 0);
    double top = row_top(app, next);
    EXPECT(demo_between(shown, 0, app->after[0]));
    EXPECT(demo_between(top, app->before[2], app->after[2]));
    printf("step %d: mid-way (progress %.2f): the release comments %d of %.0f px unfolded, "
           "the design header at %.0f (%.0f -> %.0f)\n",
           app->demo.step, app->mid.progress, shown, app->after[0], top, app->before[2],
           app->after[2]);
}

void
comments_step_14(gpointer data)
{
    CommentsApp *app = data;
    fold_table *t = app->demo.table;
    EXPECT(demo_mid_frame_done(&app->mid));
    int64_t h = demo_header_pos(t, "release"), next = demo_header_pos(t, "design");
    CommentRow *row = comment_row_find(app->demo.list, (guint)h);
    EXPECT(demo_section_collapsed(t, "release") && next == h + 1);
    EXPECT(row && gtk_widget_get_height(GTK_WIDGET(row)) == HEADER_HEIGHT &&
           comment_row_get_drawn_gone(row) == 0);
    EXPECT(row_top(app, next) == row_top(app, h) + HEADER_HEIGHT);
    /* And unfolds again, animated. */
    app->before[2] = row_top(app, next);
    demo_mid_frame_catch(&app->mid, &app->demo, app->clock, check_unfold_mid, app,
                         "-transition-unfold.png");
    EXPECT(demo_click(&app->demo, (guint)h) == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(fold_transition_clock_is_running(app->clock));
    next = demo_header_pos(t, "design");
    app->after[0] = 0;
    for (int64_t p = h + 1; p < next; p++)
        app->after[0] += demo_item_height_at(t, p);
    app->after[2] = row_top(app, h) + HEADER_HEIGHT + app->after[0];
}

void
comments_step_15(gpointer data)
{
    CommentsApp *app = data;
    EXPECT(demo_mid_frame_done(&app->mid));
    int checked = comments_check_rows(app, "step 15");
    EXPECT(checked >= 6);
    printf("step 15: at rest again: %d rows allocated at the engine's height\n", checked);
}
