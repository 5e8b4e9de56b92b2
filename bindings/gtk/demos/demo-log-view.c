/* The log demo's view and lines: see demo-log-view.h. */
#include "demo-log-view.h"
#include "demo-view-keys.h"
#include "demo-app.h"
#include "demo-viewport.h"

#include <math.h>
#include <stdio.h>

#define FRAME_HEIGHT 16.0

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

double
log_line_height(int64_t run, int64_t line)
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

/* Whether the view shows the end: what the engine asks before a change. */
gboolean
log_view_at_end(LogView *v)
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
    double value = log_view_at_end(v) ? demo_content_height(v->table) - height
                                      : gtk_adjustment_get_value(v->vadj);
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

/* A run's header: FoldExpander's chevron where it collapses, the title
 * where an expander's child starts (12 px margin, 16 px chevron, 4 px), on
 * Adwaita's light grey (the list demos' headers). */
static void
draw_header(LogView *v, cairo_t *cr, PangoLayout *layout, fold_section_id section, uint32_t flags,
            double y, double width, double height)
{
    char title[64] = "", detail[64] = "";
    fold_table_section_text(v->table, section, FOLD_TEXT_TITLE, title, sizeof title, NULL);
    fold_table_section_text(v->table, section, FOLD_TEXT_DETAIL, detail, sizeof detail, NULL);
    fold_section_info info;
    gboolean known = fold_table_section_info(v->table, section, &info) == FOLD_OK;
    int64_t lines = known ? info.row_count : 0;
    if (flags & FOLD_ITEM_FLAG_SELECTED)
        paint(cr, 0, y, width, height, 0.867, 0.91, 0.973); /* #dde8f8 */
    else
        paint(cr, 0, y, width, height, 0.965, 0.961, 0.957); /* #f6f5f4 */
    paint(cr, 0, y + height - 1, width, 1, 0.87, 0.867, 0.855); /* #deddda */
    if (known && (info.flags & FOLD_SECTION_COLLAPSIBLE)) {
        static const GdkRGBA chevron = {0.37f, 0.36f, 0.39f, 1}; /* #5e5c64 */
        demo_cairo_chevron(v->area, cr, !(info.flags & FOLD_SECTION_COLLAPSED), 12,
                           y + (int)((height - 16) / 2), 16, &chevron);
        v->drawn_chevrons++;
    }
    char *markup = g_markup_printf_escaped("<b>%s</b>  <span alpha='60%%'><small>%s · %"
                                           G_GINT64_FORMAT " lines</small></span>",
                                           title, detail, lines);
    show_markup(cr, layout, 32, y, height, markup);
    g_free(markup);
    demo_view_cairo_focus_ring(v->area, cr, flags, y, width, height);
}

static void
draw_line(LogView *v, cairo_t *cr, PangoLayout *layout, int64_t run, int64_t line,
          uint32_t flags, double y, double width, double height)
{
    static const double tint[3][3] = {{1, 1, 1}, {1.0, 0.97, 0.86}, {1.0, 0.90, 0.90}};
    static const char *const names[3] = {"INFO", "WARN", "ERROR"};
    static const char *const colours[3] = {"#2a6f2a", "#9a6a00", "#b02020"};
    uint32_t h = line_hash(run, line);
    int level = line_level(h);
    if (flags & FOLD_ITEM_FLAG_SELECTED)
        paint(cr, 0, y, width, height, 0.867, 0.91, 0.973); /* #dde8f8 */
    else
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
    demo_view_cairo_focus_ring(v->area, cr, flags, y, width, height);
}

/* The last frame drew `it` at (y, height), clipped above `clip`. */
static void
record_drawn(LogView *v, int64_t position, double y, double height, double clip)
{
    LogDrawn d = {position, y, height, clip};
    g_array_append_val(v->drawn, d);
    if (position > v->drawn_last)
        v->drawn_last = position;
}

/* At rest: the lines the viewport shows, then the run header stuck on top. */
static void
draw_rest(LogView *v, cairo_t *cr, PangoLayout *layout, double offset, int width, int height)
{
    int64_t written = demo_viewport_items(v->table, offset, height, &v->items, &v->capacity);
    for (int64_t i = 0; i < written; i++) {
        const fold_visible_item *it = &v->items[i];
        if (it->kind == FOLD_ITEM_HEADER)
            draw_header(v, cr, layout, it->section, it->flags, it->top - offset, width,
                        it->height);
        else
            draw_line(v, cr, layout, run_of(v->table, it->section), it->row, it->flags,
                      it->top - offset, width, it->height);
        record_drawn(v, it->position, it->top - offset, it->height, 0);
    }
    fold_sticky_header sticky;
    int64_t nsticky = 0;
    fold_table_sticky_headers(v->table, offset, &sticky, 1, &nsticky, NULL);
    fold_item stuck;
    if (nsticky > 0 && fold_table_item_at(v->table, sticky.position, &stuck) == FOLD_OK)
        draw_header(v, cr, layout, sticky.section, stuck.flags, sticky.top - offset, width,
                    sticky.height);
}

/* One item of a transition at its frame rect (y, f->height): laid out at
 * its whole height from y, cut at the rect's bottom (it grows or shrinks)
 * and above the folding header's bottom (`clip`, view coordinates). */
static gboolean
draw_frame_item(LogView *v, cairo_t *cr, PangoLayout *layout, const fold_transition_item *it,
                double y, double h, double clip, int width, int height)
{
    double top = MAX(y, clip);
    if (h <= 0 || top >= y + h || top >= height || y + h <= 0)
        return FALSE;
    cairo_save(cr);
    cairo_rectangle(cr, 0, top, width, y + h - top);
    cairo_clip(cr);
    double whole = MAX(it->height_before, it->height_after);
    if (it->kind == FOLD_ITEM_HEADER)
        draw_header(v, cr, layout, it->section, it->item_flags, y, width, whole);
    else
        draw_line(v, cr, layout, run_of(v->table, it->section), it->row, it->item_flags, y,
                  width, whole);
    cairo_restore(cr);
    return TRUE;
}

/* While the clock runs: the transition's frame. Its rects are for the
 * viewport at offset_after (following the end, the lines above a new one
 * slide up by its height), shifted by a scroll made since; folding lines
 * are drawn only below their header's bottom at this frame; stuck headers
 * last, deeper levels first, as sticky headers are drawn. */
static void
draw_frame(LogView *v, cairo_t *cr, PangoLayout *layout, double offset, int width, int height)
{
    gsize n = 0, nf = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(v->clock, &n);
    const fold_frame_item *frame = fold_transition_clock_get_frame(v->clock, &nf);
    fold_transition_info info;
    if (!items || !frame || !fold_transition_clock_get_info(v->clock, &info))
        return;
    double shift = info.offset_after - offset;
    int32_t deepest = 0;
    for (gsize i = 0; i < nf; i++)
        if (frame[i].index >= 0 && (gsize)frame[i].index < n)
            deepest = MAX(deepest, items[frame[i].index].depth);
    /* Pass -1: the items in the list; then the stuck ones, deepest first. */
    for (int32_t pass = -1; pass <= deepest; pass++) {
        for (gsize i = 0; i < nf; i++) {
            const fold_frame_item *f = &frame[i];
            if (f->index < 0 || (gsize)f->index >= n)
                continue;
            const fold_transition_item *it = &items[f->index];
            gboolean stuck =
                (it->flags & (FOLD_TRANSITION_STUCK_BEFORE | FOLD_TRANSITION_STUCK_AFTER)) != 0;
            if (pass < 0 ? stuck : (!stuck || it->depth != deepest - pass))
                continue;
            double y = f->top + shift;
            double clip = isfinite(f->clip_top) ? MAX(f->clip_top + shift, 0) : 0;
            if (draw_frame_item(v, cr, layout, it, y, f->height, clip, width, height) && !stuck)
                record_drawn(v, it->position_after, y, f->height, clip);
        }
    }
    v->drawn_progress = fold_transition_clock_get_progress(v->clock);
}

/* One frame: the transition's while the clock runs, else the table at rest. */
static void
draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
    LogView *v = data;
    double offset = gtk_adjustment_get_value(v->vadj);
    paint(cr, 0, 0, width, height, 1, 1, 1);
    PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(area), NULL);
    v->drawn_chevrons = 0;
    v->drawn_last = -1;
    g_array_set_size(v->drawn, 0);
    v->drawn_transition = v->clock && fold_transition_clock_is_running(v->clock);
    if (v->drawn_transition)
        draw_frame(v, cr, layout, offset, width, height);
    else
        draw_rest(v, cr, layout, offset, width, height);
    g_object_unref(layout);
    v->drawn_offset = offset;
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
    /* The keyboard goes on from the item clicked. */
    gtk_widget_grab_focus(v->area);
    fold_table_set_focus(v->table, p);
    fold_item item;
    if (fold_table_item_at(v->table, p, &item) == FOLD_OK && item.kind == FOLD_ITEM_HEADER)
        fold_table_activate(v->table, p, NULL);
}

/* The engine's keyboard model; Enter folds or unfolds the focused run. */
static gboolean
on_key(GtkWidget *area, guint keyval, GdkModifierType state, gpointer data)
{
    (void)area;
    LogView *v = data;
    if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter) {
        int64_t focus = -1;
        fold_item item;
        if (fold_table_focus(v->table, &focus) != FOLD_OK || focus < 0 ||
            fold_table_item_at(v->table, focus, &item) != FOLD_OK ||
            item.kind != FOLD_ITEM_HEADER)
            return FALSE;
        fold_table_activate(v->table, focus, NULL);
        return TRUE;
    }
    return demo_view_press_key(area, v->table, v->vadj, keyval, state);
}

/* The view's widgets in a horizontal box; the listener goes on the table. */
GtkWidget *
log_view_build(LogView *v, FoldStore *store)
{
    fold_table *table = fold_store_get_table(store);
    v->table = table;
    v->drawn = g_array_new(FALSE, FALSE, sizeof(LogDrawn));
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
    demo_view_add_keys(v->area, on_key, v);
    v->scrollbar = gtk_scrollbar_new(GTK_ORIENTATION_VERTICAL, v->vadj);
    g_signal_connect(v->vadj, "value-changed", G_CALLBACK(on_value_changed), v);
    fold_table_add_change_listener(table, on_table_changed, v, &v->listener);
    /* Each change animates: the clock's frames are drawn (draw_frame). */
    v->clock = fold_transition_clock_new(store, v->area);
    g_signal_connect_swapped(v->clock, "tick", G_CALLBACK(gtk_widget_queue_draw), v->area);
    g_signal_connect_swapped(v->clock, "finished", G_CALLBACK(gtk_widget_queue_draw), v->area);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_append(GTK_BOX(box), v->area);
    gtk_box_append(GTK_BOX(box), v->scrollbar);
    return box;
}

/* Before the table goes: no more calls into the view. */
void
log_view_detach(LogView *v)
{
    g_clear_object(&v->clock);
    if (v->listener) {
        fold_table_remove_listener(v->table, v->listener);
        fold_table_clear_viewport(v->table);
        v->listener = 0;
    }
    g_clear_pointer(&v->items, g_free);
    g_clear_pointer(&v->drawn, g_array_unref);
}

void
log_view_jump_to_end(LogView *v)
{
    gtk_adjustment_set_value(v->vadj, gtk_adjustment_get_upper(v->vadj) -
                                          gtk_adjustment_get_page_size(v->vadj));
}


const LogDrawn *
log_view_drawn_at(LogView *v, int64_t position)
{
    for (guint i = 0; v->drawn && i < v->drawn->len; i++)
        if (g_array_index(v->drawn, LogDrawn, i).position == position)
            return &g_array_index(v->drawn, LogDrawn, i);
    return NULL;
}
