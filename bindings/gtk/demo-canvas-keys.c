/* FoldCanvas's keyboard (demo-canvas-view.h): the engine's keyboard model,
 * as FoldExpander does it for list rows. A key becomes one
 * fold_table_press_key call (the canvas keeps the engine's viewport, so
 * pages are a viewport tall) and the view scrolls where the engine says;
 * the focus and the selection are drawn from the items' flags. */
#include "demo-canvas-view.h"

/* The engine's key for `keyval` (0: not one of the model's). */
static int32_t
engine_key(guint keyval)
{
    switch (keyval) {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: return FOLD_KEY_UP;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: return FOLD_KEY_DOWN;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: return FOLD_KEY_LEFT;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: return FOLD_KEY_RIGHT;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: return FOLD_KEY_HOME;
    case GDK_KEY_End: case GDK_KEY_KP_End: return FOLD_KEY_END;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: return FOLD_KEY_PAGE_UP;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: return FOLD_KEY_PAGE_DOWN;
    case GDK_KEY_space: case GDK_KEY_KP_Space: return FOLD_KEY_SPACE;
    case GDK_KEY_plus: case GDK_KEY_KP_Add: return FOLD_KEY_PLUS;
    case GDK_KEY_minus: case GDK_KEY_KP_Subtract: return FOLD_KEY_MINUS;
    case GDK_KEY_asterisk: case GDK_KEY_KP_Multiply: return FOLD_KEY_ASTERISK;
    default: return 0;
    }
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
    int32_t key = engine_key(keyval);
    if (!key || (state & (GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK)))
        return FALSE;
    uint32_t mods = (state & GDK_SHIFT_MASK ? FOLD_MOD_SHIFT : 0u) |
                    (state & GDK_CONTROL_MASK ? FOLD_MOD_CTRL : 0u);
    if (key == FOLD_KEY_PLUS || key == FOLD_KEY_MINUS || key == FOLD_KEY_ASTERISK)
        mods = 0; /* Shift is how some layouts type them */
    fold_key_result r;
    if (fold_table_press_key(self->table, key, mods, &r) != FOLD_OK) {
        g_warning("key: %s", fold_last_error_message());
        return FALSE;
    }
    if (r.scroll && self->vadj)
        gtk_adjustment_set_value(self->vadj, r.scroll_offset);
    gtk_widget_queue_draw(GTK_WIDGET(self));
    return r.handled != 0;
}

static gboolean
on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
               GdkModifierType state, gpointer data)
{
    (void)controller;
    (void)keycode;
    return fold_canvas_press_key(FOLD_CANVAS(data), keyval, state);
}

/* The focus ring shows only while the canvas has GTK's focus. */
static void
on_focus_changed(GtkEventControllerFocus *controller, gpointer data)
{
    (void)controller;
    gtk_widget_queue_draw(GTK_WIDGET(data));
}

void
fold_canvas_add_keys(FoldCanvas *self)
{
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    GtkEventController *keys = gtk_event_controller_key_new();
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), keys);
    GtkEventController *focus = gtk_event_controller_focus_new();
    g_signal_connect(focus, "enter", G_CALLBACK(on_focus_changed), self);
    g_signal_connect(focus, "leave", G_CALLBACK(on_focus_changed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), focus);
}
