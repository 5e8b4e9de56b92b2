/* FoldCanvas: see demo-canvas-view.h. Drawing a frame allocates nothing
 * per item: the visible items go to a buffer that grows when the viewport
 * shows more, header texts to stack buffers. */
#include "demo-canvas-view.h"
#include "demo-app.h"
#include "demo-view-keys.h"
#include "demo-viewport.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* GtkScrollable's properties and the fields behind them: one table for
 * class_init, set_property and get_property. */
enum { PROP_0, PROP_HADJ, PROP_VADJ, PROP_HPOLICY, PROP_VPOLICY, N_PROPS };
static const struct {
    const char *name;
    glong field; /* offset in FoldCanvas */
} scrollable_props[N_PROPS] = {
    [PROP_HADJ] = {"hadjustment", G_STRUCT_OFFSET(FoldCanvas, hadj)},
    [PROP_VADJ] = {"vadjustment", G_STRUCT_OFFSET(FoldCanvas, vadj)},
    [PROP_HPOLICY] = {"hscroll-policy", G_STRUCT_OFFSET(FoldCanvas, hpolicy)},
    [PROP_VPOLICY] = {"vscroll-policy", G_STRUCT_OFFSET(FoldCanvas, vpolicy)},
};

G_DEFINE_FINAL_TYPE_WITH_CODE(FoldCanvas, fold_canvas, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

#define SCROLL_STEP 40.0

/* Sets the adjustment's range from the engine and clamps the value. */
static void
configure_vadj(FoldCanvas *self, double value)
{
    if (self->vadj)
        demo_viewport_place(self->table, self->vadj, GTK_WIDGET(self), value, SCROLL_STEP);
}

/* Scrolled: the engine anchors to the new viewport. */
static void
on_adj_changed(GtkAdjustment *adj, FoldCanvas *self)
{
    if (adj == self->vadj)
        fold_table_set_viewport(self->table, gtk_adjustment_get_value(adj),
                                gtk_widget_get_height(GTK_WIDGET(self)));
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* Every change, however it was made: the scrollbar's range and the
 * engine's anchored offset. */
static void
on_table_changed(fold_table *table, const fold_change_set *changes, void *user_data)
{
    (void)table;
    FoldCanvas *self = user_data;
    if (!self->vadj)
        return;
    if (changes->anchored)
        self->anchored++;
    demo_viewport_apply(self->table, self->vadj, GTK_WIDGET(self), changes, SCROLL_STEP);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void
drop_adjustment(FoldCanvas *self, GtkAdjustment **slot)
{
    if (*slot)
        g_signal_handlers_disconnect_by_func(*slot, on_adj_changed, self);
    g_clear_object(slot);
}

static void
set_adjustment(FoldCanvas *self, GtkAdjustment **slot, GtkAdjustment *adj)
{
    if (*slot == adj)
        return;
    drop_adjustment(self, slot);
    if (!adj)
        adj = gtk_adjustment_new(0, 0, 0, 0, 0, 0);
    *slot = g_object_ref_sink(adj);
    g_signal_connect(adj, "value-changed", G_CALLBACK(on_adj_changed), self);
    if (slot == &self->vadj)
        configure_vadj(self, gtk_adjustment_get_value(adj));
}

static void
fold_canvas_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    if (id == PROP_0 || id >= N_PROPS) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    gpointer field = G_STRUCT_MEMBER_P(object, scrollable_props[id].field);
    if (id == PROP_HADJ || id == PROP_VADJ)
        set_adjustment(FOLD_CANVAS(object), field, g_value_get_object(value));
    else
        *(GtkScrollablePolicy *)field = g_value_get_enum(value);
}

static void
fold_canvas_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    if (id == PROP_0 || id >= N_PROPS) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    gpointer field = G_STRUCT_MEMBER_P(object, scrollable_props[id].field);
    if (id == PROP_HADJ || id == PROP_VADJ)
        g_value_set_object(value, *(GtkAdjustment **)field);
    else
        g_value_set_enum(value, *(GtkScrollablePolicy *)field);
}

static void
fold_canvas_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    (void)height;
    (void)baseline;
    FoldCanvas *self = FOLD_CANVAS(widget);
    if (self->hadj)
        gtk_adjustment_configure(self->hadj, 0, 0, width, 0, 0, width);
    if (self->vadj)
        configure_vadj(self, gtk_adjustment_get_value(self->vadj));
}

static void
fill(GtkSnapshot *snapshot, double x, double y, double w, double h, float r, float g, float b)
{
    GdkRGBA color = {r, g, b, 1};
    graphene_rect_t rect = GRAPHENE_RECT_INIT((float)x, (float)y, (float)w, (float)h);
    gtk_snapshot_append_color(snapshot, &color, &rect);
}

/* Adwaita's light palette (the list demos' CSS): */
static const GdkRGBA ink = {0.14f, 0.12f, 0.19f, 1};        /* #241f31 */
static const GdkRGBA dim_ink = {0.37f, 0.36f, 0.39f, 1};    /* #5e5c64 */
static const float header_bg[3] = {0.965f, 0.961f, 0.957f}; /* #f6f5f4 */
static const float header_line[3] = {0.87f, 0.867f, 0.855f}; /* #deddda */
static const float row_line[3] = {0.92f, 0.914f, 0.902f};   /* #ebe9e6 */
static const float hover_bg[3] = {0.953f, 0.965f, 0.984f};  /* #f3f6fb */
static const float expanded_bg[3] = {0.98f, 0.988f, 1.0f};  /* #fafcff */
static const float accent[3] = {0.11f, 0.443f, 0.847f};     /* #1c71d8 */
static const float selected_bg[3] = {0.867f, 0.91f, 0.973f}; /* #dde8f8 */

#define FILL3(snapshot, x, y, w, h, c) fill(snapshot, x, y, w, h, (c)[0], (c)[1], (c)[2])

/* Markup at x, centred in the band [y, y + h); returns its top. */
static double
text(GtkSnapshot *snapshot, PangoLayout *layout, double x, double y, double h, const char *markup,
     const GdkRGBA *color)
{
    pango_layout_set_markup(layout, markup, -1);
    int tw, th;
    pango_layout_get_pixel_size(layout, &tw, &th);
    double top = y + round((h - th) / 2);
    gtk_snapshot_save(snapshot);
    graphene_point_t at = GRAPHENE_POINT_INIT((float)x, (float)top);
    gtk_snapshot_translate(snapshot, &at);
    gtk_snapshot_append_layout(snapshot, layout, color);
    gtk_snapshot_restore(snapshot);
    return top;
}

/* Right-aligned small dim markup, centred in the band. */
static void
text_right(GtkSnapshot *snapshot, PangoLayout *layout, double right, double y, double h,
           const char *markup)
{
    pango_layout_set_markup(layout, markup, -1);
    int w = 0;
    pango_layout_get_pixel_size(layout, &w, NULL);
    text(snapshot, layout, right - w, y, h, markup, &dim_ink);
}

/* A header's texts, copied into buffers on the stack: drawing a frame
 * allocates nothing for them (a text longer than the buffer is cut). */
/* The focused item's ring (while the canvas has GTK's focus), as
 * FoldExpander draws one: 2 px, rounded, inset. */
static void
draw_focus(FoldCanvas *self, GtkSnapshot *snapshot, uint32_t flags, double y, double width,
           double height)
{
    if (!(flags & FOLD_ITEM_FLAG_FOCUSED) || !gtk_widget_has_focus(GTK_WIDGET(self)))
        return;
    GskRoundedRect ring;
    gsk_rounded_rect_init_from_rect(
        &ring, &GRAPHENE_RECT_INIT(3, (float)y + 2, (float)width - 6, (float)height - 4), 6);
    const float widths[4] = {2, 2, 2, 2};
    const GdkRGBA c = demo_view_focus_ring, colors[4] = {c, c, c, c};
    gtk_snapshot_append_border(snapshot, &ring, widths, colors);
    self->drawn_focus++;
}

static void
draw_header(FoldCanvas *self, GtkSnapshot *snapshot, PangoLayout *layout,
            fold_section_id section, uint32_t flags, double y, double width, double height,
            gboolean stuck)
{
    (void)stuck; /* stuck or not, a header looks the same (as in the list demos) */
    char title[128] = "", detail[128] = "";
    fold_table_section_text(self->table, section, FOLD_TEXT_TITLE, title, sizeof title, NULL);
    gboolean has_detail = fold_table_section_text(self->table, section, FOLD_TEXT_DETAIL, detail,
                                                  sizeof detail, NULL) == FOLD_OK;
    if (flags & FOLD_ITEM_FLAG_SELECTED)
        FILL3(snapshot, 0, y, width, height, selected_bg);
    else
        FILL3(snapshot, 0, y, width, height, header_bg);
    FILL3(snapshot, 0, y + height - 1, width, 1, header_line);
    /* FoldExpander's chevron, only for a section that collapses; the title
     * where an expander's child starts (12 px margin, 16 px chevron, 4 px). */
    if (flags & FOLD_ITEM_FLAG_COLLAPSIBLE) {
        demo_snapshot_chevron(GTK_WIDGET(self), snapshot, !(flags & FOLD_ITEM_FLAG_COLLAPSED), 12,
                              y + round((height - 16) / 2), 16, &dim_ink);
        self->drawn_chevrons++;
    }
    char *markup = g_markup_printf_escaped("<b>%s</b>", title);
    text(snapshot, layout, 32, y, height, markup, &ink);
    g_free(markup);
    if (has_detail) {
        markup = g_markup_printf_escaped("<small>%s</small>", detail);
        text_right(snapshot, layout, width - 16, y, height, markup);
        g_free(markup);
    }
    draw_focus(self, snapshot, flags, y, width, height);
}

/* 1234567 -> "1,234,567" in buf (32 bytes). */
static const char *
grouped(char *buf, double value)
{
    char digits[32];
    g_snprintf(digits, sizeof digits, "%.0f", value);
    size_t n = strlen(digits), o = 0;
    for (size_t i = 0; i < n && o < 30; i++) {
        if (i > 0 && digits[i - 1] != '-' && (n - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = 0;
    return buf;
}

static gboolean
update_status(gpointer data)
{
    FoldCanvas *self = data;
    self->status_idle = 0;
    int64_t count = 0;
    fold_table_item_count(self->table, &count);
    char a[32], b[32], c[32];
    char *s = g_strdup_printf("%s items · %s pt tall · at %s pt · %" G_GINT64_FORMAT
                              " drawn in %.0f µs of engine queries",
                              grouped(a, (double)count), grouped(b, demo_content_height(self->table)),
                              grouped(c, self->drawn_offset), self->drawn_count, self->query_us);
    gtk_label_set_text(GTK_LABEL(self->status), s);
    g_free(s);
    return G_SOURCE_REMOVE;
}

static void
fold_canvas_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    FoldCanvas *self = FOLD_CANVAS(widget);
    double width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    double offset = self->vadj ? gtk_adjustment_get_value(self->vadj) : 0;
    fill(snapshot, 0, 0, width, height, 1, 1, 1);

    gint64 t0 = g_get_monotonic_time();
    int64_t written =
        demo_viewport_items(self->table, offset, height, &self->items, &self->capacity);
    fold_sticky_header sticky[8];
    int64_t nsticky = 0;
    fold_table_sticky_headers(self->table, offset, sticky, 8, &nsticky, NULL);
    self->query_us = (double)(g_get_monotonic_time() - t0);

    PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
    self->drawn_rows = self->drawn_chevrons = self->drawn_bars = self->drawn_focus = 0;
    self->drawn_off_centre = 0;
    for (int64_t i = 0; i < written; i++) {
        const fold_visible_item *it = &self->items[i];
        double y = it->top - offset;
        if (it->kind == FOLD_ITEM_HEADER) {
            draw_header(self, snapshot, layout, it->section, it->flags, y, width, it->height,
                        FALSE);
            continue;
        }
        self->drawn_rows++;
        gboolean expanded = (it->flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
        if (it->flags & FOLD_ITEM_FLAG_SELECTED)
            FILL3(snapshot, 0, y, width, it->height, selected_bg);
        else if (it->position == self->hover)
            FILL3(snapshot, 0, y, width, it->height, hover_bg);
        else if (expanded)
            FILL3(snapshot, 0, y, width, it->height, expanded_bg);
        else
            fill(snapshot, 0, y, width, it->height, 1, 1, 1);
        if (expanded) /* marked as the list demos mark an expanded row */
            FILL3(snapshot, 0, y, 4, it->height, accent);
        if (self->show_heights) {
            /* a bar whose length is the row's height, to see the variation */
            fill(snapshot, 32, y + 3, it->height * 1.5, 3, 0.55f, 0.7f, 0.9f);
            self->drawn_bars++;
        }
        FILL3(snapshot, 0, y + it->height - 1, width, 1, row_line);
        /* The texts in the middle of the row (its separator aside). */
        char grouped_row[32], *markup;
        grouped(grouped_row, (double)it->row);
        markup = g_markup_printf_escaped("Row %s", grouped_row);
        double band = it->height - 1;
        pango_layout_set_markup(layout, markup, -1);
        int th = 0;
        pango_layout_get_pixel_size(layout, NULL, &th);
        double top = text(snapshot, layout, 32, y, band, markup, &ink);
        self->drawn_off_centre = fmax(self->drawn_off_centre, fabs(top + th / 2.0 - (y + band / 2)));
        g_free(markup);
        markup = g_strdup_printf("<small>%.0f pt</small>", it->height);
        text_right(snapshot, layout, width - 16, y, band, markup);
        g_free(markup);
        draw_focus(self, snapshot, it->flags, y, width, it->height);
    }
    /* Sticky headers, deeper levels first. */
    for (int64_t i = nsticky - 1; i >= 0; i--) {
        fold_item item;
        if (fold_table_item_at(self->table, sticky[i].position, &item) == FOLD_OK)
            draw_header(self, snapshot, layout, sticky[i].section, item.flags,
                        sticky[i].top - offset, width, sticky[i].height, TRUE);
    }
    g_object_unref(layout);

    self->drawn_first = written ? self->items[0].position : -1;
    self->drawn_count = written;
    self->drawn_sticky_first = nsticky ? sticky[0].position : -1;
    self->drawn_sticky_count = nsticky;
    self->drawn_offset = offset;
    self->frames++;
    /* The status line is a widget: change it after the frame, not during it. */
    if (self->status && !self->status_idle)
        self->status_idle = g_idle_add(update_status, self);
}

int32_t
fold_canvas_activate(FoldCanvas *self, int64_t position)
{
    fold_item item;
    if (fold_table_item_at(self->table, position, &item) != FOLD_OK)
        return FOLD_ACTIVATED_NOTHING;
    if (item.kind == FOLD_ITEM_ROW) {
        /* The app decides which rows expand: every row, on first click. */
        fold_row_info info;
        if (fold_table_row_info(self->table, item.section, item.row, &info) == FOLD_OK &&
            info.expanded_height == FOLD_HEIGHT_DEFAULT)
            fold_table_set_row_expanded_height(self->table, item.section, item.row,
                                               round(info.height * EXPAND_FACTOR));
    }
    int32_t action = FOLD_ACTIVATED_NOTHING;
    /* The engine anchors the view (on_table_changed); NOTHING (a fixed
     * header, a row that cannot expand) and REFUSED (a listener said no)
     * changed nothing. */
    fold_table_activate(self->table, position, &action);
    return action;
}

void
fold_canvas_set_show_heights(FoldCanvas *self, gboolean show)
{
    self->show_heights = show;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

gboolean
fold_canvas_toggle_section(FoldCanvas *self, fold_section_id section)
{
    int changed = 0;
    fold_table_toggle(self->table, section, &changed);
    return changed != 0;
}

int32_t
fold_canvas_click(FoldCanvas *self, int64_t position)
{
    double offset = gtk_adjustment_get_value(self->vadj), top = 0;
    gboolean stuck = fold_table_item_top(self->table, position, &top) == FOLD_OK && top < offset;
    int32_t action = fold_canvas_activate(self, position);
    if (stuck && action == FOLD_ACTIVATED_SECTION_COLLAPSED &&
        fold_table_item_top(self->table, position, &top) == FOLD_OK)
        configure_vadj(self, top);
    return action;
}

int64_t
fold_canvas_hit(FoldCanvas *self, double y)
{
    double offset = gtk_adjustment_get_value(self->vadj);
    fold_sticky_header sticky[8];
    int64_t n = 0;
    fold_table_sticky_headers(self->table, offset, sticky, 8, &n, NULL);
    for (int64_t i = 0; i < n; i++) /* outer ones are drawn on top */
        if (y >= sticky[i].top - offset && y < sticky[i].top - offset + sticky[i].height)
            return sticky[i].position;
    int64_t p = -1;
    int32_t place = 0;
    if (fold_table_item_at_offset(self->table, offset + y, &p, &place) != FOLD_OK ||
        place != FOLD_OFFSET_IN_ITEM)
        return -1;
    return p;
}

/* Hover: the row under the pointer is tinted. */
static void
on_motion(GtkEventControllerMotion *motion, double x, double y, FoldCanvas *self)
{
    (void)motion;
    (void)x;
    int64_t p = fold_canvas_hit(self, y);
    if (p != self->hover) {
        self->hover = p;
        gtk_widget_queue_draw(GTK_WIDGET(self));
    }
}

static void
on_leave(GtkEventControllerMotion *motion, FoldCanvas *self)
{
    (void)motion;
    self->hover = -1;
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void
on_pressed(GtkGestureClick *gesture, int n_press, double x, double y, FoldCanvas *self)
{
    (void)gesture;
    (void)n_press;
    (void)x;
    int64_t p = fold_canvas_hit(self, y);
    /* The keyboard goes on from the item clicked. */
    gtk_widget_grab_focus(GTK_WIDGET(self));
    if (p >= 0)
        fold_table_set_focus(self->table, p);
    if (p >= 0)
        fold_canvas_click(self, p);
}

gboolean
fold_canvas_press_key(FoldCanvas *self, guint keyval, GdkModifierType state)
{
    if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter) {
        /* Enter: what a click on the focused item does. */
        int64_t focus = -1;
        if (fold_table_focus(self->table, &focus) != FOLD_OK || focus < 0)
            return FALSE;
        fold_canvas_click(self, focus);
        return TRUE;
    }
    return demo_view_press_key(self->table, self->vadj, keyval, state);
}

static gboolean
on_key(GtkWidget *view, guint keyval, GdkModifierType state, gpointer data)
{
    (void)data;
    return fold_canvas_press_key(FOLD_CANVAS(view), keyval, state);
}

static void
fold_canvas_dispose(GObject *object)
{
    FoldCanvas *self = FOLD_CANVAS(object);
    g_clear_handle_id(&self->status_idle, g_source_remove);
    if (self->listener) {
        fold_table_remove_listener(self->table, self->listener);
        fold_table_clear_viewport(self->table);
        self->listener = 0;
    }
    drop_adjustment(self, &self->hadj);
    drop_adjustment(self, &self->vadj);
    G_OBJECT_CLASS(fold_canvas_parent_class)->dispose(object);
}

static void
fold_canvas_finalize(GObject *object)
{
    FoldCanvas *self = FOLD_CANVAS(object);
    g_free(self->items);
    G_OBJECT_CLASS(fold_canvas_parent_class)->finalize(object);
}

static void
fold_canvas_class_init(FoldCanvasClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = fold_canvas_set_property;
    object_class->get_property = fold_canvas_get_property;
    object_class->dispose = fold_canvas_dispose;
    object_class->finalize = fold_canvas_finalize;
    widget_class->snapshot = fold_canvas_snapshot;
    widget_class->size_allocate = fold_canvas_size_allocate;
    for (guint id = PROP_HADJ; id < N_PROPS; id++)
        g_object_class_override_property(object_class, id, scrollable_props[id].name);
}

static void
fold_canvas_init(FoldCanvas *self)
{
    self->capacity = 128;
    self->items = g_new(fold_visible_item, self->capacity);
    self->drawn_first = -1;
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    self->hover = -1;
    GtkEventController *motion = gtk_event_controller_motion_new();
    g_signal_connect(motion, "enter", G_CALLBACK(on_motion), self);
    g_signal_connect(motion, "motion", G_CALLBACK(on_motion), self);
    g_signal_connect(motion, "leave", G_CALLBACK(on_leave), self);
    gtk_widget_add_controller(GTK_WIDGET(self), motion);
    self->motion = motion;
    GtkGesture *click = gtk_gesture_click_new();
    g_signal_connect(click, "pressed", G_CALLBACK(on_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(click));
    demo_view_add_keys(GTK_WIDGET(self), on_key, NULL);
}

GtkWidget *
fold_canvas_new(fold_table *table)
{
    FoldCanvas *self = g_object_new(FOLD_TYPE_CANVAS, NULL);
    self->table = table;
    fold_table_add_change_listener(table, on_table_changed, self, &self->listener);
    return GTK_WIDGET(self);
}
