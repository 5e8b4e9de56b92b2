/* The engine's keyboard model for the demos' views that draw a table
 * themselves (the canvas, the log): see demo-view-keys.h. As FoldExpander
 * does it for list rows: a key becomes one fold_table_press_key call and
 * the view scrolls where the engine says. */
#include "demo-view-keys.h"

gboolean
demo_view_press_key(GtkWidget *view, fold_table *table, GtkAdjustment *vadj, guint keyval,
                    GdkModifierType state)
{
    FoldKeyboardKey key;
    FoldModifiers mods;
    if (!fold_keyboard_key_for_event(view, keyval, state, &key, &mods))
        return FALSE;
    fold_key_result r;
    if (fold_table_press_key(table, (int32_t)key, (uint32_t)mods, &r) != FOLD_OK) {
        g_warning("key: %s", fold_last_error_message());
        return FALSE;
    }
    if (r.scroll && vadj)
        gtk_adjustment_set_value(vadj, r.scroll_offset);
    return r.handled != 0;
}

typedef struct {
    DemoViewKeyFunc press;
    gpointer data;
} KeyHandler;

static gboolean
on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
               GdkModifierType state, gpointer user_data)
{
    (void)keycode;
    KeyHandler *h = user_data;
    GtkWidget *widget = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(controller));
    gboolean handled = h->press(widget, keyval, state, h->data);
    if (handled)
        gtk_widget_queue_draw(widget);
    return handled;
}

/* The focus ring shows only while the view has GTK's focus. */
static void
on_focus_changed(GtkEventControllerFocus *controller, gpointer data)
{
    (void)data;
    gtk_widget_queue_draw(gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(controller)));
}

void
demo_view_add_keys(GtkWidget *widget, DemoViewKeyFunc press, gpointer data)
{
    gtk_widget_set_focusable(widget, TRUE);
    KeyHandler *h = g_new(KeyHandler, 1);
    *h = (KeyHandler){press, data};
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect_data(keys, "key-pressed", G_CALLBACK(on_key_pressed), h,
                          (GClosureNotify)(void (*)(void))g_free, 0);
    gtk_widget_add_controller(widget, keys);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "enter", G_CALLBACK(on_focus_changed), NULL);
    g_signal_connect(focus, "leave", G_CALLBACK(on_focus_changed), NULL);
    gtk_widget_add_controller(widget, focus);
}

const GdkRGBA demo_view_focus_ring = {0.208f, 0.518f, 0.894f, 0.5f};

void
demo_view_cairo_focus_ring(GtkWidget *widget, cairo_t *cr, uint32_t flags, double y,
                           double width, double height)
{
    if (!(flags & FOLD_ITEM_FLAG_FOCUSED) || !gtk_widget_has_focus(widget))
        return;
    double x = 4, top = y + 3, w = width - 8, h = height - 6, r = 6;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, top + r, r, -G_PI / 2, 0);
    cairo_arc(cr, x + w - r, top + h - r, r, 0, G_PI / 2);
    cairo_arc(cr, x + r, top + h - r, r, G_PI / 2, G_PI);
    cairo_arc(cr, x + r, top + r, r, G_PI, 3 * G_PI / 2);
    cairo_close_path(cr);
    gdk_cairo_set_source_rgba(cr, &demo_view_focus_ring);
    cairo_set_line_width(cr, 2);
    cairo_stroke(cr);
}
