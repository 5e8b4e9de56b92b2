/*
 * demo-log.c — a log view that sticks to the bottom while lines arrive.
 *
 * A FoldStore made with "follow-end" TRUE holds runs (sections) of log
 * lines (rows); a timer appends one to three lines every 400 ms and starts
 * a new run every 25 lines. Most lines are 22 pt; a stack trace is 22 pt
 * plus 16 pt per frame (integer heights: exact sums).
 *
 * The view draws the lines itself, like demo-canvas.c but with a
 * GtkDrawingArea (cairo) next to a GtkScrollbar whose adjustment is the
 * scroll position; it asks the engine for fold_table_visible_items() and
 * fold_table_sticky_headers(). It tells the engine its viewport whenever
 * it scrolls or is resized (fold_table_set_viewport), and its change
 * listener applies each change set's anchored_offset to the adjustment
 * (that plumbing is the canvas's too: demo-viewport.c). So the engine
 * decides where the view goes: while the viewport shows the end, every
 * append moves it to the new end (follow_end); once the user
 * scrolls up, appends keep the first visible line where it is (anchoring)
 * and the status line counts the new lines below; scrolling back to the
 * end (or "Jump to end") resumes.
 * Clicking a run's header collapses or expands it; that is anchored, never
 * followed, so the header stays under the pointer.
 *
 * Changes animate (issue 37): the store's table builds a transition for
 * each change set (fold_table_set_transitions, turned on by the view's
 * FoldTransitionClock), and while the clock runs the view draws its frame
 * (demo-log-view.c, draw_frame) instead of the table at rest: a new line
 * grows from height 0 at the bottom while the lines above slide up (the
 * offset moved to the new end; the frame's viewport coordinates already
 * say so), and a run's lines fold under its header when it collapses
 * (drawn only below the header's bottom at each frame). Lines that arrive
 * during an animation start from where the lines are drawn. This view can
 * animate because it places every line itself; a GtkListView cannot (see
 * demo-comments.c).
 *
 * This file: the store, appending, the status line, the window and the
 * self-test; the view and the lines' looks are in demo-log-view.c.
 *
 *   foldtable-gtk-demo-log                      interactive
 *   foldtable-gtk-demo-log --self-test OUT.png  drive itself, check, save
 *                                               screenshots, exit 0 / 1
 */
#include "demo-app.h"
#include "demo-keys.h"
#include "demo-log.h"
#include "demo-screenshot.h"
#include "fold-store.h"
#include <foldtable.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#define HEADER_HEIGHT 30.0
#define LINES_PER_RUN 25

/* ---- app ---------------------------------------------------------------------- */

typedef LogApp App;

/* Appends one line to the last run, starting a new run every
 * LINES_PER_RUN lines; each is one change set (one anchored_offset). */
void
log_append(App *app)
{
    char key[32];
    if (app->run == 0 || app->lines % LINES_PER_RUN == 0) {
        app->run++;
        char header[48];
        g_snprintf(key, sizeof key, "run%" G_GINT64_FORMAT, app->run);
        g_snprintf(header, sizeof header, "Run %" G_GINT64_FORMAT "|worker %" G_GINT64_FORMAT,
                   app->run, app->run % 4 + 1);
        GError *error = NULL;
        if (!fold_store_insert_section(app->store, 0, -1, key, header, 0,
                                       FOLD_SECTION_FLAGS_NONE, NULL, &error)) {
            g_warning("new run: %s", error->message);
            g_error_free(error);
            return;
        }
    }
    g_snprintf(key, sizeof key, "run%" G_GINT64_FORMAT, app->run);
    fold_section_id run = demo_section(app->demo.table, key);
    fold_section_info info;
    if (fold_table_section_info(app->demo.table, run, &info) != FOLD_OK)
        return;
    double height = log_line_height(app->run, info.row_count);
    /* Counted first: the change listener updates the status line. */
    int64_t unseen = app->unseen;
    app->unseen = log_view_at_end(&app->view) ? 0 : unseen + 1;
    app->lines++;
    GError *error = NULL;
    if (!fold_store_insert_rows_with_heights(app->store, run, -1, &height, 1, &error)) {
        g_warning("append: %s", error->message);
        g_error_free(error);
        app->lines--;
        app->unseen = unseen;
    }
}

static void
update_status(gpointer data)
{
    App *app = data;
    char *s;
    gboolean at_end = log_view_at_end(&app->view);
    if (at_end)
        app->unseen = 0;
    if (at_end)
        s = g_strdup_printf("Following the end · %" G_GINT64_FORMAT " lines in %" G_GINT64_FORMAT
                            " runs",
                            app->lines, app->run);
    else
        s = g_strdup_printf("Paused · %" G_GINT64_FORMAT " new line%s below · scroll to the "
                            "end to follow again",
                            app->unseen, app->unseen == 1 ? "" : "s");
    gtk_label_set_text(GTK_LABEL(app->status), s);
    gtk_widget_set_sensitive(app->jump, !at_end);
    g_free(s);
}

static gboolean
on_tick(gpointer data)
{
    App *app = data;
    int n = 1 + (int)(g_random_int() % 3);
    for (int i = 0; i < n; i++)
        log_append(app);
    return G_SOURCE_CONTINUE;
}

static void
on_jump(GtkButton *button, App *app)
{
    (void)button;
    log_view_jump_to_end(&app->view);
}

/* ---- self-test ------------------------------------------------------------------ */

static double
engine_offset(App *app)
{
    return demo_viewport_offset(app->demo.table);
}

/* Appends `n` lines, one change set each; returns after how many of them the
 * view was at the end, where the engine put it: the adjustment at its end
 * (0 while the content is shorter than the page), the engine's viewport
 * there too, the adjustment's range the content. */
static int
append_following(App *app, int n)
{
    GtkAdjustment *vadj = app->view.vadj;
    double page = gtk_adjustment_get_page_size(vadj);
    int at_end = 0;
    for (int i = 0; i < n; i++) {
        log_append(app);
        double upper = gtk_adjustment_get_upper(vadj), value = gtk_adjustment_get_value(vadj);
        at_end += value == MAX(0, upper - page) && engine_offset(app) == value &&
                  upper == demo_content_height(app->demo.table);
    }
    return at_end;
}

/* Each step checks what the last one's changes drew: demo_run waits for a
 * frame of the window after them, and (DemoApp.ready) for the log view to
 * have drawn since; each step asks for that even if nothing changed. */
static gboolean
drawn_since_last_step(gpointer data)
{
    App *app = data;
    return app->view.frames != app->frames_seen &&
           !fold_transition_clock_is_running(app->view.clock);
}

void
log_step_done(App *app)
{
    app->frames_seen = app->view.frames;
    gtk_widget_queue_draw(app->view.area);
}

/* The last frame drew from `offset`, and the status line says `status`. */
void
log_expect_drawn(App *app, double offset, const char *status)
{
    EXPECT(app->view.drawn_offset == offset);
    EXPECT(strstr(gtk_label_get_text(GTK_LABEL(app->status)), status) != NULL);
}

static void
step_1(gpointer data)
{
    App *app = data;
    GtkAdjustment *vadj = app->view.vadj;
    double page = gtk_adjustment_get_page_size(vadj);
    /* Three lines: shorter than the viewport. Then 60 more, one change
     * each: after every one the adjustment is at its end, where the
     * engine put it. */
    EXPECT(page > 200 && page == gtk_widget_get_height(app->view.area));
    gboolean follow = FALSE;
    g_object_get(app->store, "follow-end", &follow, NULL);
    EXPECT(follow);
    for (int i = 0; i < 3; i++)
        log_append(app);
    EXPECT(gtk_adjustment_get_value(vadj) == 0 && engine_offset(app) == 0);
    EXPECT(append_following(app, 60) == 60);
    EXPECT(app->run == 3 && app->lines == 63);
    EXPECT(gtk_adjustment_get_value(vadj) > 0);
    printf("step 1: 63 lines in 3 runs, content %.0f pt, page %.0f: at the end (%.0f) after "
           "each of 60 appends\n",
           gtk_adjustment_get_upper(vadj), page, gtk_adjustment_get_value(vadj));
    log_step_done(app);
}

static void
step_2(gpointer data)
{
    App *app = data;
    GtkAdjustment *vadj = app->view.vadj;
    /* Drawn at the end: the last line is on screen, the run's header (stuck
     * at the top) with the expander's chevron. */
    log_expect_drawn(app, gtk_adjustment_get_value(vadj), "Following");
    EXPECT(app->view.drawn_last == demo_item_count(app->demo.table) - 1);
    EXPECT(app->view.drawn_chevrons >= 1);
    /* The user scrolls up 300 pt: appends no longer move the view; the
     * first visible line keeps its place. */
    app->value = gtk_adjustment_get_value(vadj) - 300;
    gtk_adjustment_set_value(vadj, app->value);
    EXPECT(engine_offset(app) == app->value);
    int64_t first = -1;
    int32_t place = 0;
    fold_table_item_at_offset(app->demo.table, app->value, &first, &place);
    double first_top = demo_item_top(app->demo.table, first);
    int stayed = 0;
    for (int i = 0; i < 8; i++) {
        double upper = gtk_adjustment_get_upper(vadj);
        log_append(app);
        stayed += gtk_adjustment_get_value(vadj) == app->value &&
                  engine_offset(app) == app->value && gtk_adjustment_get_upper(vadj) > upper &&
                  demo_item_top(app->demo.table, first) == first_top;
    }
    EXPECT(stayed == 8);
    EXPECT(!log_view_at_end(&app->view));
    EXPECT(app->unseen == 8);
    printf("step 2: scrolled up to %.0f: 8 appends kept it there (line at position %"
           G_GINT64_FORMAT " stays at %.0f)\n",
           app->value, first, first_top);
    log_step_done(app);
}

static void
step_3(gpointer data)
{
    App *app = data;
    GtkAdjustment *vadj = app->view.vadj;
    log_expect_drawn(app, app->value, "8 new lines");
    demo_screenshot_report(app->demo.window, app->demo.out_png, "-paused.png", " (scrolled up)");
    /* Back to the end ("Jump to end"): following resumes. */
    g_signal_emit_by_name(app->jump, "clicked");
    EXPECT(log_view_at_end(&app->view));
    EXPECT(append_following(app, 5) == 5);
    EXPECT(app->run == 4 && app->lines == 76);
    printf("step 3: jumped to the end; 5 appends followed (offset %.0f)\n",
           gtk_adjustment_get_value(vadj));
    /* A click on the stuck header (run 3) at the end collapses it: the
     * content shrinks and the view stays at the end. Expanding it again
     * is anchored, not followed: the first visible line stays, run 3's
     * lines open below it, and the end leaves the view. */
    fold_sticky_header sticky;
    int64_t n = 0;
    fold_table_sticky_headers(app->demo.table, gtk_adjustment_get_value(vadj), &sticky, 1, &n,
                              NULL);
    EXPECT(n == 1 && sticky.section == demo_section(app->demo.table, "run3"));
    int32_t action = -1;
    fold_table_activate(app->demo.table, sticky.position, &action);
    EXPECT(action == FOLD_ACTIVATED_SECTION_COLLAPSED);
    EXPECT(log_view_at_end(&app->view));
    app->value = gtk_adjustment_get_value(vadj);
    fold_table_activate(app->demo.table, sticky.position, &action);
    EXPECT(action == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(gtk_adjustment_get_value(vadj) == app->value && !log_view_at_end(&app->view));
    log_append(app); /* not at the end: not followed */
    EXPECT(gtk_adjustment_get_value(vadj) == app->value && engine_offset(app) == app->value);
    printf("step 3: collapsed run 3 at the end (offset %.0f), expanded it: anchored, "
           "one append later still at %.0f\n",
           app->value, gtk_adjustment_get_value(vadj));
    log_step_done(app);
}

static void
step_4(gpointer data)
{
    App *app = data;
    GtkAdjustment *vadj = app->view.vadj;
    double page = gtk_adjustment_get_page_size(vadj);
    log_expect_drawn(app, app->value, "1 new line below");
    /* Scrolling back to the end by hand resumes following too. */
    gtk_adjustment_set_value(vadj, gtk_adjustment_get_upper(vadj) - page);
    EXPECT(append_following(app, 2) == 2);
    printf("step 4: scrolled to the end by hand; 2 appends followed (offset %.0f, "
           "%" G_GINT64_FORMAT " lines)\n",
           gtk_adjustment_get_value(vadj), app->lines);
    log_step_done(app);
}

static void
step_5(gpointer data)
{
    App *app = data;
    log_expect_drawn(app, gtk_adjustment_get_value(app->view.vadj), "Following the end · 79 lines");
    EXPECT(app->view.drawn_last == demo_item_count(app->demo.table) - 1);
    EXPECT(app->view.drawn_chevrons >= 2); /* run 4's and the stuck run 3's */
    log_step_done(app);
}

static void
step_6(gpointer data)
{
    App *app = data;
    demo_expect_screenshot(&app->demo, NULL, " (following)");
    log_step_done(app);
}

/* ---- the keyboard alone ---------------------------------------------------------- */


/* Sends a key; the next step checks that it arrived and what it did. */
static void
send_key(App *app, guint keyval, GdkModifierType mods)
{
    demo_send_key(&app->demo, keyval, mods);
    log_step_done(app);
}

static void
step_7(gpointer data)
{
    App *app = data;
    printf("step 7: keys through %s\n", demo_keys_real(&app->demo)
                                            ? "the X server (XTest)"
                                            : "the view's controller (no XTest)");
    /* The view takes GTK's focus, the engine's goes to the last line. */
    gtk_widget_grab_focus(app->view.area);
    EXPECT(gtk_widget_has_focus(app->view.area));
    EXPECT(fold_table_set_focus(app->demo.table, demo_item_count(app->demo.table) - 1) == FOLD_OK);
    send_key(app, GDK_KEY_Up, 0);
}

static void
step_8(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Up: the line above, focused and selected. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_focus_position(app->demo.table) == demo_item_count(t) - 2);
    int64_t rows = 0;
    fold_table_selection_count(t, FOLD_ROOT, &rows, NULL);
    EXPECT(rows == 1);
    send_key(app, GDK_KEY_Home, 0);
}

static void
step_9(gpointer data)
{
    App *app = data;
    /* Home: run 1's header, scrolled to the top (no longer following). */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_focus_position(app->demo.table) == 0 &&
           gtk_adjustment_get_value(app->view.vadj) == 0);
    EXPECT(!log_view_at_end(&app->view));
    send_key(app, GDK_KEY_Down, GDK_SHIFT_MASK);
}

static void
step_10(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Shift+Down: run 1 and its first line selected. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_focus_position(app->demo.table) == 1);
    int64_t rows = 0, sections = 0;
    fold_table_selection_count(t, FOLD_ROOT, &rows, &sections);
    EXPECT(rows == 1 && sections == 1);
    EXPECT(app->view.drawn_offset == 0);
    demo_expect_screenshot(&app->demo, "-keyboard.png",
                           " (keyboard alone: Home, Shift+Down; the focus ring on line 1)");
    send_key(app, GDK_KEY_End, 0);
}

static void
step_11(gpointer data)
{
    App *app = data;
    /* End: the last line, the view at the end: following again. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_focus_position(app->demo.table) == demo_item_count(app->demo.table) - 1);
    EXPECT(log_view_at_end(&app->view));
    EXPECT(append_following(app, 2) == 2);
    printf("step 11: Up, Home, Shift+Down, End through the engine; End resumed following\n");
    log_step_done(app);
}

/* The self-test (--self-test): its steps, in order. */
static const DemoStep self_test[] = {step_1, step_2,  step_3,  step_4,  step_5,
                                     step_6, step_7,  step_8,  step_9,  step_10,
                                     step_11, log_step_12, log_step_13, log_step_14};

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window = demo_window_new(gapp, NULL, NULL,
                                        "FoldTable — a log that sticks to the bottom", 640, 480);
    GtkWidget *view = log_view_build(&app->view, app->store);
    app->status = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(app->status), 0);
    gtk_widget_set_hexpand(app->status, TRUE);
    app->jump = gtk_button_new_with_label("Jump to end");
    g_signal_connect(app->jump, "clicked", G_CALLBACK(on_jump), app);
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    demo_set_margins(bar, 8, 4);
    gtk_box_append(GTK_BOX(bar), app->status);
    gtk_box_append(GTK_BOX(bar), app->jump);
    demo_window_set_column(window, view, bar, NULL);
    app->view.changed = update_status;
    app->view.changed_data = app;
    update_status(app);
    if (!app->demo.out_png)
        app->timer = g_timeout_add(400, on_tick, app); /* the self-test appends itself */
    return window;
}

/* demo_main_with's start and finish: the store, following the end. */
static int
start(gpointer data)
{
    App *app = data;
    app->store = g_object_new(FOLD_TYPE_STORE, "row-height", LINE_HEIGHT, "header-height",
                              HEADER_HEIGHT, "follow-end", TRUE, NULL);
    app->demo.table = fold_store_get_table(app->store);
    app->demo.ready = drawn_since_last_step;
    return 0;
}

static void
finish(gpointer data)
{
    App *app = data;
    g_clear_handle_id(&app->timer, g_source_remove);
    demo_mid_frame_done(&app->mid);
    log_view_detach(&app->view);
    g_object_unref(app->store);
}

int
main(int argc, char **argv)
{
    static App app;
    return demo_main_with(&app.demo, argc, argv, start, finish, "org.foldtable.DemoLog",
                          build_window, self_test, G_N_ELEMENTS(self_test), 300, &app);
}
