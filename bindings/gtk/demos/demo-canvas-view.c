/* FoldCanvas: see demo-canvas-view.h. This file: the widget (scrolling,
 * clicks, keys, its clock); what a frame draws: demo-canvas-draw.c. */
#include "demo-canvas-view.h"
#include "demo-canvas-draw.h"
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
    return demo_view_press_key(GTK_WIDGET(self), self->table, self->vadj, keyval, state);
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
    if (self->clock)
        g_signal_handlers_disconnect_by_data(self->clock, self);
    g_clear_object(&self->clock);
    if (self->listener) {
        fold_table_remove_listener(self->table, self->listener);
        fold_table_clear_viewport(self->table);
        self->listener = 0;
    }
    drop_adjustment(self, &self->hadj);
    drop_adjustment(self, &self->vadj);
    g_clear_object(&self->store);
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
    widget_class->snapshot = fold_canvas_draw;
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
fold_canvas_new(FoldStore *store)
{
    FoldCanvas *self = g_object_new(FOLD_TYPE_CANVAS, NULL);
    self->store = g_object_ref(store);
    self->table = fold_store_get_table(store);
    fold_table_add_change_listener(self->table, on_table_changed, self, &self->listener);
    /* Changes animate: each frame of a transition is drawn from the clock. */
    self->clock = fold_transition_clock_new(store, GTK_WIDGET(self));
    g_signal_connect_swapped(self->clock, "tick", G_CALLBACK(gtk_widget_queue_draw), self);
    g_signal_connect_swapped(self->clock, "finished", G_CALLBACK(gtk_widget_queue_draw), self);
    return GTK_WIDGET(self);
}
