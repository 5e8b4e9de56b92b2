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
 *   foldtable-gtk-demo-log                      interactive
 *   foldtable-gtk-demo-log --self-test OUT.png  drive itself, check, save
 *                                               screenshots, exit 0 / 1
 */
#include "demo-app.h"
#include "demo-screenshot.h"
#include "demo-viewport.h"
#include "fold-store.h"
#include <foldtable.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#define LINE_HEIGHT 22.0
#define FRAME_HEIGHT 16.0
#define HEADER_HEIGHT 30.0
#define LINES_PER_RUN 25

/* ---- the log's lines: everything follows from (run, line) ------------------ */

static uint32_t
line_hash(int64_t run, int64_t line)
{
    uint64_t x = (uint64_t)run * 0x9E3779B97F4A7C15ull ^ (uint64_t)line * 0xC2B2AE3D27D4EB4Full;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    return (uint32_t)x;
}

/* 0 info, 1 warning, 2 error (with a stack trace of 2..4 frames). */
static int
line_level(uint32_t h)
{
    return h % 10 == 0 ? 2 : h % 10 < 3 ? 1 : 0;
}

static int
line_frames(uint32_t h)
{
    return line_level(h) == 2 ? 2 + (int)(h / 10 % 3) : 0;
}

static double
line_height(int64_t run, int64_t line)
{
    return LINE_HEIGHT + FRAME_HEIGHT * line_frames(line_hash(run, line));
}

/* Per level: a message and the range of its number. */
static const struct {
    const char *format;
    unsigned range;
} messages[3][4] = {
    {{"GET /api/items 200 in %u ms", 400}, {"reindexed %u documents", 900},
     {"worker %u picked up a job", 8}, {"cache hit ratio %u%%", 100}},
    {{"slow query: %u ms on orders", 3000}, {"retrying upload, attempt %u", 5},
     {"connection pool at %u of 64", 64}, {"disk %u%% full", 100}},
    {{"job %u failed: connection reset", 9000}, {"unhandled error in worker %u", 8},
     {"billing timed out after %u ms", 30000}, {"payload of %u bytes rejected", 99999}},
};

/* ---- the view: a drawing area and a scrollbar over the engine ----------------- */

/* The view draws with cairo from the engine's queries; the scrollbar's
 * adjustment is the scroll position. The engine decides where it goes after
 * each change (on_table_changed); the user moves it with the scrollbar or
 * the wheel, and the engine is told (fold_table_set_viewport). */
typedef struct {
    fold_table *table;
    GtkWidget *area, *scrollbar;
    GtkAdjustment *vadj;
    fold_visible_item *items;
    int64_t capacity, listener;
    /* what the last frame drew */
    double drawn_offset;
    int64_t drawn_last;
    guint frames;
    /* called after every change set and scroll, to update the status line */
    void (*changed)(gpointer data);
    gpointer changed_data;
} LogView;

/* Whether the view shows the end: what the engine asks before a change. */
static gboolean
view_at_end(LogView *v)
{
    return gtk_adjustment_get_value(v->vadj) + gtk_adjustment_get_page_size(v->vadj) >=
           gtk_adjustment_get_upper(v->vadj);
}

static void
view_changed(LogView *v)
{
    gtk_widget_queue_draw(v->area);
    if (v->changed)
        v->changed(v->changed_data);
}

/* Scrolled (scrollbar, wheel, or demo_viewport_place). */
static void
on_value_changed(GtkAdjustment *adj, LogView *v)
{
    fold_table_set_viewport(v->table, gtk_adjustment_get_value(adj), gtk_widget_get_height(v->area));
    view_changed(v);
}

/* Every change: the engine's offset (the end, or the anchored first line)
 * becomes the scroll position. */
static void
on_table_changed(fold_table *table, const fold_change_set *changes, void *user_data)
{
    (void)table;
    LogView *v = user_data;
    demo_viewport_apply(v->table, v->vadj, v->area, changes, LINE_HEIGHT);
    view_changed(v);
}

/* Resized: at the end it stays at the end (a viewport change is the host's
 * to place; the engine follows mutations). */
static void
on_resize(GtkDrawingArea *area, int width, int height, LogView *v)
{
    (void)area, (void)width;
    double value =
        view_at_end(v) ? demo_content_height(v->table) - height : gtk_adjustment_get_value(v->vadj);
    demo_viewport_place(v->table, v->vadj, v->area, value, LINE_HEIGHT);
}

/* The wheel: three lines a notch; a touchpad scrolls by pixels. */
static gboolean
on_scroll(GtkEventControllerScroll *scroll, double dx, double dy, LogView *v)
{
    (void)dx;
    double step = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL
                      ? 3 * LINE_HEIGHT : 1;
    gtk_adjustment_set_value(v->vadj, gtk_adjustment_get_value(v->vadj) + dy * step);
    return TRUE;
}

static void
paint(cairo_t *cr, double x, double y, double w, double h, double r, double g, double b)
{
    cairo_set_source_rgb(cr, r, g, b);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill(cr);
}

/* Markup centred vertically in a band of height h at y. */
static void
show_markup(cairo_t *cr, PangoLayout *layout, double x, double y, double h, const char *markup)
{
    int th = 0;
    pango_layout_set_markup(layout, markup, -1);
    pango_layout_get_pixel_size(layout, NULL, &th);
    cairo_set_source_rgb(cr, 0.12, 0.12, 0.16);
    cairo_move_to(cr, x, y + (h - th) / 2);
    pango_cairo_show_layout(cr, layout);
}

/* The run number of a section, from its key "runN". */
static int64_t
run_of(fold_table *table, fold_section_id section)
{
    char key[32] = "";
    long long run = 0;
    fold_table_section_text(table, section, FOLD_TEXT_KEY, key, sizeof key, NULL);
    return sscanf(key, "run%lld", &run) == 1 ? run : 0;
}

static void
draw_header(fold_table *table, cairo_t *cr, PangoLayout *layout, fold_section_id section,
            double y, double width, double height)
{
    char title[64] = "", detail[64] = "", indicator[16] = "";
    fold_table_section_text(table, section, FOLD_TEXT_TITLE, title, sizeof title, NULL);
    fold_table_section_text(table, section, FOLD_TEXT_DETAIL, detail, sizeof detail, NULL);
    fold_table_section_text(table, section, FOLD_TEXT_INDICATOR, indicator, sizeof indicator,
                            NULL);
    fold_section_info info;
    int64_t lines = fold_table_section_info(table, section, &info) == FOLD_OK ? info.row_count : 0;
    paint(cr, 0, y, width, height, 0.86, 0.89, 0.95);
    paint(cr, 0, y + height - 1, width, 1, 0.6, 0.65, 0.75);
    char *markup = g_markup_printf_escaped("<b>%s  %s</b>  <small>%s · %" G_GINT64_FORMAT
                                           " lines</small>",
                                           indicator, title, detail, lines);
    show_markup(cr, layout, 10, y, height, markup);
    g_free(markup);
}

static void
draw_line(cairo_t *cr, PangoLayout *layout, int64_t run, int64_t line, double y, double width,
          double height)
{
    static const double tint[3][3] = {{1, 1, 1}, {1.0, 0.97, 0.86}, {1.0, 0.90, 0.90}};
    static const char *const names[3] = {"INFO", "WARN", "ERROR"};
    static const char *const colours[3] = {"#2a6f2a", "#9a6a00", "#b02020"};
    uint32_t h = line_hash(run, line);
    int level = line_level(h);
    paint(cr, 0, y, width, height, tint[level][0], tint[level][1], tint[level][2]);
    paint(cr, 0, y + height - 1, width, 1, 0.92, 0.92, 0.92);
    char message[96];
    unsigned m = h / 31 % 4;
    g_snprintf(message, sizeof message, messages[level][m].format,
               1 + h / 127 % messages[level][m].range);
    char *markup = g_markup_printf_escaped(
        "<tt><span foreground='#888'>%02lld:%02lld.%03u</span> <b><span foreground='%s'>%-5s"
        "</span></b></tt> %s",
        (long long)(run % 60), (long long)(line % 60), h % 1000, colours[level], names[level],
        message);
    show_markup(cr, layout, 8, y, LINE_HEIGHT, markup);
    g_free(markup);
    for (int f = 0; f < line_frames(h); f++) {
        markup = g_markup_printf_escaped("<small><tt>    at handler_%u (src/jobs.c:%u)</tt></small>",
                                         (h >> (f * 4)) % 97, 100 + (h >> (f * 3)) % 800);
        show_markup(cr, layout, 24, y + LINE_HEIGHT + f * FRAME_HEIGHT, FRAME_HEIGHT, markup);
        g_free(markup);
    }
}

/* One frame: the lines the viewport shows, then the run header stuck on top. */
static void
draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    LogView *v = data;
    double offset = gtk_adjustment_get_value(v->vadj);
    paint(cr, 0, 0, width, height, 1, 1, 1);
    int64_t written = demo_viewport_items(v->table, offset, height, &v->items, &v->capacity);
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(area), NULL);
    for (int64_t i = 0; i < written; i++) {
        const fold_visible_item *it = &v->items[i];
        if (it->kind == FOLD_ITEM_HEADER)
            draw_header(v->table, cr, layout, it->section, it->top - offset, width, it->height);
        else
            draw_line(cr, layout, run_of(v->table, it->section), it->row, it->top - offset, width,
                      it->height);
    }
    fold_sticky_header sticky;
    int64_t nsticky = 0;
    fold_table_sticky_headers(v->table, offset, &sticky, 1, &nsticky, NULL);
    if (nsticky > 0)
        draw_header(v->table, cr, layout, sticky.section, sticky.top - offset, width,
                    sticky.height);
    g_object_unref(layout);
    v->drawn_offset = offset;
    v->drawn_last = written ? v->items[written - 1].position : -1;
    v->frames++;
}

/* A click on a header (the stuck one too) collapses or expands its run:
 * anchored, never followed, so the header stays under the pointer. */
static void
on_pressed(GtkGestureClick *gesture, int n_press, double x, double y, LogView *v)
{
    (void)gesture, (void)n_press, (void)x;
    double offset = gtk_adjustment_get_value(v->vadj);
    fold_sticky_header sticky;
    int64_t n = 0, p = -1;
    int32_t place = 0;
    fold_table_sticky_headers(v->table, offset, &sticky, 1, &n, NULL);
    if (n > 0 && y < sticky.top - offset + sticky.height)
        p = sticky.position;
    else if (fold_table_item_at_offset(v->table, offset + y, &p, &place) != FOLD_OK ||
             place != FOLD_OFFSET_IN_ITEM)
        return;
    fold_item item;
    if (fold_table_item_at(v->table, p, &item) == FOLD_OK && item.kind == FOLD_ITEM_HEADER)
        fold_table_activate(v->table, p, NULL);
}

/* The view's widgets in a horizontal box; the listener goes on the table. */
static GtkWidget *
view_build(LogView *v, fold_table *table)
{
    v->table = table;
    v->capacity = 64;
    v->items = g_new(fold_visible_item, v->capacity);
    v->drawn_last = -1;
    v->vadj = gtk_adjustment_new(0, 0, 0, LINE_HEIGHT, 0, 0);
    v->area = gtk_drawing_area_new();
    gtk_widget_set_hexpand(v->area, TRUE);
    gtk_widget_set_vexpand(v->area, TRUE);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(v->area), draw, v, NULL);
    g_signal_connect(v->area, "resize", G_CALLBACK(on_resize), v);
    GtkEventController *scroll =
        gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    g_signal_connect(scroll, "scroll", G_CALLBACK(on_scroll), v);
    gtk_widget_add_controller(v->area, scroll);
    GtkGesture *click = gtk_gesture_click_new();
    g_signal_connect(click, "pressed", G_CALLBACK(on_pressed), v);
    gtk_widget_add_controller(v->area, GTK_EVENT_CONTROLLER(click));
    v->scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, v->vadj);
    g_signal_connect(v->vadj, "value-changed", G_CALLBACK(on_value_changed), v);
    fold_table_add_change_listener(table, on_table_changed, v, &v->listener);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_append(GTK_BOX(box), v->area);
    gtk_box_append(GTK_BOX(box), v->scrollbar);
    return box;
}

/* Before the table goes: no more calls into the view. */
static void
view_detach(LogView *v)
{
    if (v->listener) {
        fold_table_remove_listener(v->table, v->listener);
        fold_table_clear_viewport(v->table);
        v->listener = 0;
    }
    g_clear_pointer(&v->items, g_free);
}

static void
view_jump_to_end(LogView *v)
{
    gtk_adjustment_set_value(v->vadj, gtk_adjustment_get_upper(v->vadj) -
                                          gtk_adjustment_get_page_size(v->vadj));
}

/* ---- app ---------------------------------------------------------------------- */

typedef struct {
    DemoApp demo; /* no model, no list: the view draws the table, the store owns it */
    FoldStore *store;
    GtkWidget *status, *jump;
    LogView view;
    int64_t run, lines, unseen;
    guint timer;
    double value; /* carried between self-test steps */
    guint frames_seen;
} App;

/* Appends one line to the last run, starting a new run every
 * LINES_PER_RUN lines; each is one change set (one anchored_offset). */
static void
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
    double height = line_height(app->run, info.row_count);
    /* Counted first: the change listener updates the status line. */
    int64_t unseen = app->unseen;
    app->unseen = view_at_end(&app->view) ? 0 : unseen + 1;
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
    gboolean at_end = view_at_end(&app->view);
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
    view_jump_to_end(&app->view);
}

/* ---- self-test ------------------------------------------------------------------ */

static double
engine_offset(App *app)
{
    int set = 0;
    double offset = -1;
    fold_table_viewport(app->demo.table, &set, &offset, NULL);
    return set ? offset : -1;
}

/* Each step checks what the last one's changes drew: demo_run waits for a
 * frame after them (DemoApp.ready; a busy machine may skip a step's
 * interval), and each step asks for one even if nothing changed. */
static gboolean
drawn_since_last_step(gpointer data)
{
    App *app = data;
    return app->view.frames != app->frames_seen;
}

static void
step_done(App *app)
{
    app->frames_seen = app->view.frames;
    gtk_widget_queue_draw(app->view.area);
}

/* The last frame drew from `offset`, and the status line says `status`. */
static void
expect_drawn(App *app, double offset, const char *status)
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
    int at_end = 0;
    for (int i = 0; i < 60; i++) {
        log_append(app);
        double upper = gtk_adjustment_get_upper(vadj), value = gtk_adjustment_get_value(vadj);
        at_end += value == MAX(0, upper - page) && engine_offset(app) == value &&
                  upper == demo_content_height(app->demo.table);
    }
    EXPECT(at_end == 60);
    EXPECT(app->run == 3 && app->lines == 63);
    EXPECT(gtk_adjustment_get_value(vadj) > 0);
    printf("step 1: 63 lines in 3 runs, content %.0f pt, page %.0f: at the end (%.0f) after "
           "each of 60 appends\n",
           gtk_adjustment_get_upper(vadj), page, gtk_adjustment_get_value(vadj));
    step_done(app);
}

static void
step_2(gpointer data)
{
    App *app = data;
    GtkAdjustment *vadj = app->view.vadj;
    /* Drawn at the end: the last line is on screen. */
    expect_drawn(app, gtk_adjustment_get_value(vadj), "Following");
    EXPECT(app->view.drawn_last == demo_item_count(app->demo.table) - 1);
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
    EXPECT(!view_at_end(&app->view));
    EXPECT(app->unseen == 8);
    printf("step 2: scrolled up to %.0f: 8 appends kept it there (line at position %"
           G_GINT64_FORMAT " stays at %.0f)\n",
           app->value, first, first_top);
    step_done(app);
}

static void
step_3(gpointer data)
{
    App *app = data;
    GtkAdjustment *vadj = app->view.vadj;
    double page = gtk_adjustment_get_page_size(vadj);
    expect_drawn(app, app->value, "8 new lines");
    demo_screenshot_report(app->demo.window, app->demo.out_png, "-paused.png", " (scrolled up)");
    /* Back to the end ("Jump to end"): following resumes. */
    g_signal_emit_by_name(app->jump, "clicked");
    EXPECT(view_at_end(&app->view));
    int at_end = 0;
    for (int i = 0; i < 5; i++) {
        log_append(app);
        double upper = gtk_adjustment_get_upper(vadj), value = gtk_adjustment_get_value(vadj);
        at_end += value == upper - page && engine_offset(app) == value;
    }
    EXPECT(at_end == 5);
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
    EXPECT(view_at_end(&app->view));
    app->value = gtk_adjustment_get_value(vadj);
    fold_table_activate(app->demo.table, sticky.position, &action);
    EXPECT(action == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(gtk_adjustment_get_value(vadj) == app->value && !view_at_end(&app->view));
    log_append(app); /* not at the end: not followed */
    EXPECT(gtk_adjustment_get_value(vadj) == app->value && engine_offset(app) == app->value);
    printf("step 3: collapsed run 3 at the end (offset %.0f), expanded it: anchored, "
           "one append later still at %.0f\n",
           app->value, gtk_adjustment_get_value(vadj));
    step_done(app);
}

static void
step_4(gpointer data)
{
    App *app = data;
    GtkAdjustment *vadj = app->view.vadj;
    double page = gtk_adjustment_get_page_size(vadj);
    expect_drawn(app, app->value, "1 new line below");
    /* Scrolling back to the end by hand resumes following too. */
    gtk_adjustment_set_value(vadj, gtk_adjustment_get_upper(vadj) - page);
    log_append(app);
    log_append(app);
    EXPECT(gtk_adjustment_get_value(vadj) == gtk_adjustment_get_upper(vadj) - page &&
           engine_offset(app) == gtk_adjustment_get_value(vadj));
    printf("step 4: scrolled to the end by hand; 2 appends followed (offset %.0f, "
           "%" G_GINT64_FORMAT " lines)\n",
           gtk_adjustment_get_value(vadj), app->lines);
    step_done(app);
}

static void
step_5(gpointer data)
{
    App *app = data;
    expect_drawn(app, gtk_adjustment_get_value(app->view.vadj), "Following the end · 79 lines");
    EXPECT(app->view.drawn_last == demo_item_count(app->demo.table) - 1);
    step_done(app);
}

static void
step_6(gpointer data)
{
    App *app = data;
    demo_expect_screenshot(&app->demo, NULL, " (following)");
}

/* The self-test (--self-test): its steps, in order. */
static const DemoStep self_test[] = {step_1, step_2, step_3, step_4, step_5, step_6};

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window = demo_window_new(gapp, NULL, NULL,
                                        "FoldTable — a log that sticks to the bottom", 640, 480);
    GtkWidget *view = view_build(&app->view, app->demo.table);
    app->status = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(app->status), 0);
    gtk_widget_set_hexpand(app->status, TRUE);
    app->jump = gtk_button_new_with_label("Jump to end");
    g_signal_connect(app->jump, "clicked", G_CALLBACK(on_jump), app);
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_margin_start(bar, 8);
    gtk_widget_set_margin_end(bar, 8);
    gtk_widget_set_margin_top(bar, 4);
    gtk_widget_set_margin_bottom(bar, 4);
    gtk_box_append(GTK_BOX(bar), app->status);
    gtk_box_append(GTK_BOX(bar), app->jump);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), view);
    gtk_box_append(GTK_BOX(box), bar);
    gtk_window_set_child(GTK_WINDOW(window), box);
    app->view.changed = update_status;
    app->view.changed_data = app;
    update_status(app);
    if (!app->demo.out_png)
        app->timer = g_timeout_add(400, on_tick, app); /* the self-test appends itself */
    return window;
}

int
main(int argc, char **argv)
{
    static App app;
    int bad = demo_parse_args(argc, argv, &app.demo.out_png);
    if (bad)
        return bad;
    app.store = g_object_new(FOLD_TYPE_STORE, "row-height", LINE_HEIGHT, "header-height",
                             HEADER_HEIGHT, "follow-end", TRUE, NULL);
    app.demo.table = fold_store_get_table(app.store);
    app.demo.ready = drawn_since_last_step;
    int status = demo_run(&app.demo, "org.foldtable.DemoLog", argv, build_window, self_test,
                          G_N_ELEMENTS(self_test), 300, &app);
    g_clear_handle_id(&app.timer, g_source_remove);
    view_detach(&app.view);
    g_object_unref(app.store);
    return status;
}
