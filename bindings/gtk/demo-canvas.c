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
 * first click: the app decides which rows can expand).
 *
 * Scroll anchoring is the engine's: the canvas tells the table its viewport
 * (fold_table_set_viewport) whenever it scrolls or is resized, and every
 * change set then carries the offset that keeps the first visible item at
 * the same place on screen (anchored_offset), which the canvas's change
 * listener applies to the adjustment — whatever made the change. A click on
 * a stuck header that collapses its section also puts that header at the
 * top, so it stays where it was clicked.
 *
 *   foldtable-gtk-demo-canvas                      interactive
 *   foldtable-gtk-demo-canvas --self-test OUT.png  drive itself, check, save
 *                                                  a screenshot, exit 0 / 1
 */
#include "demo-app.h"
#include <foldtable.h>
#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define SECTIONS 100
#define ROWS 10000
#define HEADER_HEIGHT 28.0
#define EXPAND_FACTOR 2.5

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

/* Integer heights: float-exact in the engine, so sums compare exactly. */
static fold_table *
build_table(double *out_row_sum, double *section_sums)
{
    fold_table_options options;
    fold_table_options_init(&options);
    options.header_height = HEADER_HEIGHT;
    fold_table *table = NULL;
    if (fold_table_new(&options, &table) != FOLD_OK)
        return NULL;
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    double *heights = g_new(double, ROWS);
    double total = 0;
    for (int s = 0; s < SECTIONS; s++) {
        char key[16], header[48];
        g_snprintf(key, sizeof key, "s%d", s);
        g_snprintf(header, sizeof header, "Section %d|%d rows", s, ROWS);
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
            fold_table_free(table);
            return NULL;
        }
    }
    g_free(heights);
    *out_row_sum = total;
    return table;
}

/* ---- FoldCanvas ---------------------------------------------------------- */

#define FOLD_TYPE_CANVAS (fold_canvas_get_type())
G_DECLARE_FINAL_TYPE(FoldCanvas, fold_canvas, FOLD, CANVAS, GtkWidget)

struct _FoldCanvas {
    GtkWidget parent_instance;
    fold_table *table;
    GtkAdjustment *hadj, *vadj;
    GtkScrollablePolicy hpolicy, vpolicy;
    fold_visible_item *items;
    int64_t capacity;
    /* what the last frame drew */
    int64_t drawn_first, drawn_count, drawn_sticky_first, drawn_sticky_count;
    int64_t hover; /* the item under the pointer, -1: none */
    GtkEventController *motion;
    double drawn_offset, query_us;
    guint frames;
    GtkWidget *status;
    guint status_idle;
    int64_t listener;
    guint anchored; /* change sets that moved the viewport */
};

enum { PROP_0, PROP_HADJ, PROP_VADJ, PROP_HPOLICY, PROP_VPOLICY };

G_DEFINE_FINAL_TYPE_WITH_CODE(FoldCanvas, fold_canvas, GTK_TYPE_WIDGET,
                              G_IMPLEMENT_INTERFACE(GTK_TYPE_SCROLLABLE, NULL))

static double
content_height(FoldCanvas *self)
{
    double h = 0;
    fold_table_content_height(self->table, &h);
    return h;
}

/* Sets the adjustment's range from the engine and clamps the value. */
static void
configure_vadj(FoldCanvas *self, double value)
{
    if (!self->vadj)
        return;
    double page = gtk_widget_get_height(GTK_WIDGET(self));
    double upper = content_height(self);
    value = CLAMP(value, 0, MAX(0, upper - page));
    gtk_adjustment_configure(self->vadj, value, 0, upper, 40, page * 0.9, page);
    fold_table_set_viewport(self->table, value, page);
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
 * engine's anchored offset (setting the viewport inside a listener is
 * allowed: it reports nothing). */
static void
on_table_changed(fold_table *table, const fold_change_set *changes, void *user_data)
{
    (void)table;
    FoldCanvas *self = user_data;
    if (!self->vadj)
        return;
    if (changes->anchored)
        self->anchored++;
    configure_vadj(self, changes->anchored ? changes->anchored_offset
                                           : gtk_adjustment_get_value(self->vadj));
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void
set_adjustment(FoldCanvas *self, GtkAdjustment **slot, GtkAdjustment *adj)
{
    if (*slot == adj)
        return;
    if (*slot) {
        g_signal_handlers_disconnect_by_func(*slot, on_adj_changed, self);
        g_object_unref(*slot);
    }
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
    FoldCanvas *self = FOLD_CANVAS(object);
    switch (id) {
    case PROP_HADJ: set_adjustment(self, &self->hadj, g_value_get_object(value)); break;
    case PROP_VADJ: set_adjustment(self, &self->vadj, g_value_get_object(value)); break;
    case PROP_HPOLICY: self->hpolicy = g_value_get_enum(value); break;
    case PROP_VPOLICY: self->vpolicy = g_value_get_enum(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_canvas_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldCanvas *self = FOLD_CANVAS(object);
    switch (id) {
    case PROP_HADJ: g_value_set_object(value, self->hadj); break;
    case PROP_VADJ: g_value_set_object(value, self->vadj); break;
    case PROP_HPOLICY: g_value_set_enum(value, self->hpolicy); break;
    case PROP_VPOLICY: g_value_set_enum(value, self->vpolicy); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
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

static void
text(GtkSnapshot *snapshot, PangoLayout *layout, double x, double y, double h, const char *markup,
     float grey)
{
    pango_layout_set_markup(layout, markup, -1);
    int tw, th;
    pango_layout_get_pixel_size(layout, &tw, &th);
    GdkRGBA color = {grey, grey, grey + 0.1f, 1};
    gtk_snapshot_save(snapshot);
    graphene_point_t at = GRAPHENE_POINT_INIT((float)x, (float)(y + (h - th) / 2));
    gtk_snapshot_translate(snapshot, &at);
    gtk_snapshot_append_layout(snapshot, layout, &color);
    gtk_snapshot_restore(snapshot);
}

/* A header's texts, copied into buffers on the stack: drawing a frame
 * allocates nothing for them (a text longer than the buffer is cut). */
static void
draw_header(FoldCanvas *self, GtkSnapshot *snapshot, PangoLayout *layout,
            fold_section_id section, uint32_t flags, double y, double width, double height,
            gboolean stuck)
{
    char title[128] = "", detail[128] = "", indicator[32] = "";
    fold_table_section_text(self->table, section, FOLD_TEXT_TITLE, title, sizeof title, NULL);
    gboolean has_detail = fold_table_section_text(self->table, section, FOLD_TEXT_DETAIL, detail,
                                                  sizeof detail, NULL) == FOLD_OK;
    /* An indicator only for a section that collapses. */
    if (flags & FOLD_ITEM_FLAG_COLLAPSIBLE)
        fold_table_section_text(self->table, section, FOLD_TEXT_INDICATOR, indicator,
                                sizeof indicator, NULL);
    fill(snapshot, 0, y, width, height, stuck ? 0.80f : 0.85f, stuck ? 0.86f : 0.89f, 0.95f);
    fill(snapshot, 0, y + height - 1, width, 1, 0.6f, 0.65f, 0.75f);
    char *markup = g_markup_printf_escaped("<b>%s  %s</b>", indicator, title);
    text(snapshot, layout, 10, y, height, markup, 0.1f);
    g_free(markup);
    if (has_detail) {
        markup = g_markup_printf_escaped("<small>%s</small>", detail);
        pango_layout_set_markup(layout, markup, -1);
        int dw = 0;
        pango_layout_get_pixel_size(layout, &dw, NULL);
        text(snapshot, layout, width - 14 - dw, y, height, markup, 0.35f);
        g_free(markup);
    }
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
                              grouped(a, (double)count), grouped(b, content_height(self)),
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
    int64_t written = 0, total = 0;
    fold_table_visible_items(self->table, offset, height, 0, self->items, self->capacity,
                             &written, &total);
    if (total > self->capacity) {
        self->capacity = total * 2;
        self->items = g_renew(fold_visible_item, self->items, self->capacity);
        fold_table_visible_items(self->table, offset, height, 0, self->items, self->capacity,
                                 &written, &total);
    }
    fold_sticky_header sticky[8];
    int64_t nsticky = 0;
    fold_table_sticky_headers(self->table, offset, sticky, 8, &nsticky, NULL);
    self->query_us = (double)(g_get_monotonic_time() - t0);

    PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
    for (int64_t i = 0; i < written; i++) {
        const fold_visible_item *it = &self->items[i];
        double y = it->top - offset;
        if (it->kind == FOLD_ITEM_HEADER) {
            draw_header(self, snapshot, layout, it->section, it->flags, y, width, it->height,
                        FALSE);
            continue;
        }
        gboolean expanded = (it->flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
        float shade = (it->row % 2) ? 0.97f : 1.0f;
        if (expanded)
            fill(snapshot, 0, y, width, it->height, 1.0f, 0.96f, 0.85f);
        else if (it->position == self->hover)
            fill(snapshot, 0, y, width, it->height, 0.93f, 0.96f, 1.0f);
        else
            fill(snapshot, 0, y, width, it->height, shade, shade, shade);
        /* a bar whose length is the row's height, to see the variation */
        fill(snapshot, 30, y + 3, it->height * 1.5, 3, 0.55f, 0.7f, 0.9f);
        fill(snapshot, 0, y + it->height - 1, width, 1, 0.9f, 0.9f, 0.9f);
        char *markup = g_strdup_printf("Row %" G_GINT64_FORMAT " <span foreground='#777'>· "
                                       "%.0f pt%s</span>",
                                       it->row, it->height, expanded ? " · expanded" : "");
        text(snapshot, layout, 30, y + 2, MIN(it->height, 40), markup, 0.15f);
        g_free(markup);
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

/* What a click on the item at `position` does. */
static int32_t
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

static gboolean
fold_canvas_toggle_section(FoldCanvas *self, fold_section_id section)
{
    int changed = 0;
    fold_table_toggle(self->table, section, &changed);
    return changed != 0;
}

/* A click on the item at `position` (from fold_canvas_hit): a stuck header
 * whose section collapses is then put at the top, where it was clicked. */
static int32_t
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

/* The item under viewport point y: a sticky header if one is drawn there. */
static int64_t
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
    if (p >= 0)
        fold_canvas_click(self, p);
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
    GtkAdjustment **slots[] = {&self->hadj, &self->vadj};
    for (size_t i = 0; i < G_N_ELEMENTS(slots); i++)
        if (*slots[i])
            g_signal_handlers_disconnect_by_func(*slots[i], on_adj_changed, self);
    g_clear_object(&self->hadj);
    g_clear_object(&self->vadj);
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
    g_object_class_override_property(object_class, PROP_HADJ, "hadjustment");
    g_object_class_override_property(object_class, PROP_VADJ, "vadjustment");
    g_object_class_override_property(object_class, PROP_HPOLICY, "hscroll-policy");
    g_object_class_override_property(object_class, PROP_VPOLICY, "vscroll-policy");
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
}

static GtkWidget *
fold_canvas_new(fold_table *table)
{
    FoldCanvas *self = g_object_new(FOLD_TYPE_CANVAS, NULL);
    self->table = table;
    fold_table_add_change_listener(table, on_table_changed, self, &self->listener);
    return GTK_WIDGET(self);
}

/* ---- app and self-test --------------------------------------------------- */

typedef struct {
    DemoApp demo; /* no model, no list: the canvas draws the table */
    double row_sum;
    double section_sums[SECTIONS];
    FoldCanvas *canvas;
    /* carried between steps */
    double value, screen_y;
    int64_t anchor_pos, clicked_pos;
    double clicked_height, content_before;
} App;

static gboolean
self_test_step(gpointer data)
{
    App *app = data;
    FoldCanvas *canvas = app->canvas;
    GtkAdjustment *vadj = canvas->vadj;
    app->demo.step++;
    switch (app->demo.step) {
    case 1: {
        int64_t count = 0;
        fold_table_item_count(app->demo.table, &count);
        EXPECT(count == SECTIONS + (int64_t)SECTIONS * ROWS);
        double content = 0;
        fold_table_content_height(app->demo.table, &content);
        EXPECT(content == SECTIONS * HEADER_HEIGHT + app->row_sum);
        EXPECT(gtk_adjustment_get_upper(vadj) == content);
        EXPECT(canvas->frames > 0 && canvas->drawn_first == 0);
        printf("step 1: %" G_GINT64_FORMAT " items, content %.0f pt = scrollbar upper %.0f, "
               "first frame drew %" G_GINT64_FORMAT " items\n",
               count, content, gtk_adjustment_get_upper(vadj), canvas->drawn_count);
        /* Scroll to 7 pt below the top of row 5000 of section 30. */
        app->anchor_pos = demo_row_pos(app->demo.table, "s30", 5000);
        app->value = demo_item_top(app->demo.table, app->anchor_pos) + 7;
        gtk_adjustment_set_value(vadj, app->value);
        break;
    }
    case 2: {
        EXPECT(canvas->drawn_offset == app->value);
        EXPECT(canvas->drawn_first == app->anchor_pos);
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
        int set = 0;
        double engine_offset = -1;
        EXPECT(fold_table_viewport(app->demo.table, &set, &engine_offset, NULL) == FOLD_OK && set);
        EXPECT(engine_offset == expected && canvas->anchored == anchored + 1);
        EXPECT(demo_row_pos(app->demo.table, "s30", 5000) == app->anchor_pos - ROWS);
        EXPECT(demo_item_top(app->demo.table, demo_row_pos(app->demo.table, "s30", 5000)) -
                   gtk_adjustment_get_value(vadj) ==
               -7);
        printf("step 2: collapsed s12 above the viewport: offset %.0f -> %.0f (-%.0f), "
               "row s30/5000 stays at y = -7\n",
               app->value, gtk_adjustment_get_value(vadj), app->section_sums[12]);
        app->value = expected;
        app->anchor_pos -= ROWS;
        break;
    }
    case 3: {
        EXPECT(canvas->drawn_offset == app->value);
        EXPECT(canvas->drawn_first == app->anchor_pos);
        /* Click the sticky header (y = 5): section 30 collapses; its rows,
         * the anchor among them, are gone, so its header goes to the top. */
        int64_t p = fold_canvas_hit(canvas, 5);
        EXPECT(p == demo_header_pos(app->demo.table, "s30"));
        EXPECT(fold_canvas_click(canvas, p) == FOLD_ACTIVATED_SECTION_COLLAPSED);
        fold_section_info info;
        EXPECT(fold_table_section_info(app->demo.table, demo_section(app->demo.table, "s30"), &info) ==
                   FOLD_OK &&
               (info.flags & FOLD_SECTION_COLLAPSED));
        EXPECT(gtk_adjustment_get_value(vadj) ==
               demo_item_top(app->demo.table, demo_header_pos(app->demo.table, "s30")));
        printf("step 3: clicked the sticky header: s30 collapsed, offset %.0f = its top\n",
               gtk_adjustment_get_value(vadj));
        break;
    }
    case 4: {
        EXPECT(canvas->drawn_first == demo_header_pos(app->demo.table, "s30"));
        /* Click it again (now at the top): it expands, its header stays. */
        double before = gtk_adjustment_get_value(vadj);
        EXPECT(fold_canvas_click(canvas, fold_canvas_hit(canvas, 5)) ==
               FOLD_ACTIVATED_SECTION_EXPANDED);
        EXPECT(gtk_adjustment_get_value(vadj) == before);
        /* Click the row at y = 150: it expands to 2.5x, below the anchor. */
        app->clicked_pos = fold_canvas_hit(canvas, 150);
        app->clicked_height = 0;
        fold_table_item_height(app->demo.table, app->clicked_pos, &app->clicked_height);
        fold_table_content_height(app->demo.table, &app->content_before);
        EXPECT(fold_canvas_activate(canvas, app->clicked_pos) == FOLD_ACTIVATED_ROW_EXPANDED);
        double h = 0, content = 0;
        fold_table_item_height(app->demo.table, app->clicked_pos, &h);
        fold_table_content_height(app->demo.table, &content);
        EXPECT(h == round(app->clicked_height * EXPAND_FACTOR));
        EXPECT(content == app->content_before + h - app->clicked_height);
        EXPECT(gtk_adjustment_get_value(vadj) == before);
        EXPECT(gtk_adjustment_get_upper(vadj) == content);
        printf("step 4: re-expanded s30; clicked row at %" G_GINT64_FORMAT ": %.0f -> %.0f pt\n",
               app->clicked_pos, app->clicked_height, h);
        /* Scroll a little so the header sticks over the first row. */
        app->value = before + 50;
        gtk_adjustment_set_value(vadj, app->value);
        break;
    }
    case 5: {
        EXPECT(canvas->drawn_offset == app->value);
        EXPECT(canvas->drawn_sticky_first == demo_header_pos(app->demo.table, "s30"));
        /* The pointer moves over a row: it is tinted (hover). */
        g_signal_emit_by_name(canvas->motion, "motion", 200.0, 300.0);
        int64_t p = fold_canvas_hit(canvas, 300);
        EXPECT(p >= 0 && canvas->hover == p);
        printf("step 5: pointer at y = 300: item %" G_GINT64_FORMAT " hovered\n", p);
        break;
    }
    default: {
        return demo_self_test_end(&app->demo, NULL, NULL);
    }
    }
    return G_SOURCE_CONTINUE;
}

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window = gtk_application_window_new(gapp);
    gtk_window_set_title(GTK_WINDOW(window), "FoldTable — 1,000,000 rows on a canvas");
    gtk_window_set_default_size(GTK_WINDOW(window), 600, 600);
    GtkWidget *canvas = fold_canvas_new(app->demo.table);
    app->canvas = FOLD_CANVAS(canvas);
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_ALWAYS);
    gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(scroller), FALSE);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), canvas);
    gtk_widget_set_vexpand(scroller, TRUE);
    GtkWidget *status = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(status), 0);
    gtk_label_set_wrap(GTK_LABEL(status), TRUE); /* never cut */
    gtk_widget_set_margin_start(status, 8);
    gtk_widget_set_margin_end(status, 8);
    gtk_widget_set_margin_top(status, 4);
    gtk_widget_set_margin_bottom(status, 4);
    app->canvas->status = status;
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), scroller);
    gtk_box_append(GTK_BOX(box), status);
    gtk_window_set_child(GTK_WINDOW(window), box);
    return window;
}

int
main(int argc, char **argv)
{
    static App app;
    int bad = demo_parse_args(argc, argv, &app.demo.out_png);
    if (bad)
        return bad;
    gint64 t0 = g_get_monotonic_time();
    app.demo.table = build_table(&app.row_sum, app.section_sums);
    if (!app.demo.table)
        return 1;
    printf("built %d sections x %d rows in %.0f ms\n", SECTIONS, ROWS,
           (double)(g_get_monotonic_time() - t0) / 1000.0);
    int status = demo_run(&app.demo, "org.foldtable.DemoCanvas", argv, build_window,
                          self_test_step, 400, &app);
    fold_table_free(app.demo.table);
    return status;
}
