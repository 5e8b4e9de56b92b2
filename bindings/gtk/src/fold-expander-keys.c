/*
 * fold-expander-keys.c — a FoldExpander's keys: the engine's keyboard model
 * on its item (fold_table_press_key, with the list's viewport), Enter, and
 * type-ahead; its controllers (keys, focus, the chevron's click). See
 * fold-expander.c.
 */
#include "fold-expander-private.h"
#include "fold-list-model-private.h"

/* ---- the keyboard model ---------------------------------------------------- */

/* One key of the engine's keyboard model (fold_table_press_key) on this
 * expander's item: the engine's focus is put on the item first (GTK's
 * focus is where the user is), the list's viewport lent to the engine for
 * the call (pages, the scroll offset), then the list scrolled where the
 * engine says and GTK's focus moved to the engine's focused item. */
gboolean
fold_expander_press(FoldExpander *self, int32_t key, uint32_t modifiers, gboolean *out_handled,
                    GError **error)
{
    *out_handled = FALSE;
    fold_table *table = fold_list_model_get_table(self->model);
    int64_t position = -1, focus = -1;
    if (!fold_expander_live_position(self, &position, error) ||
        !fold_check_status(fold_table_focus(table, &focus), error))
        return FALSE;
    /* An item that cannot take focus leaves the engine's focus where it is. */
    if (focus != position)
        fold_table_set_focus(table, position);
    /* Read before the call, which may re-bind or drop this widget. */
    GtkWidget *list = fold_expander_list_of(self);
    GtkAdjustment *vadj = list && GTK_IS_SCROLLABLE(list)
                              ? gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list))
                              : NULL;
    int had_viewport = 0;
    double old_offset = 0, old_height = 0;
    fold_table_viewport(table, &had_viewport, &old_offset, &old_height);
    if (vadj && gtk_adjustment_get_page_size(vadj) > 0)
        fold_table_set_viewport(table, gtk_adjustment_get_value(vadj),
                                gtk_adjustment_get_page_size(vadj));
    fold_key_result r = {0};
    int status = fold_table_press_key(table, key, modifiers, &r);
    if (had_viewport)
        fold_table_set_viewport(table, old_offset, old_height);
    else
        fold_table_clear_viewport(table);
    if (!fold_check_status(status, error))
        return FALSE;
    *out_handled = r.handled != 0;
    if (r.handled && list) {
        if (r.scroll && vadj)
            gtk_adjustment_set_value(vadj, r.scroll_offset);
        fold_expander_follow_focus(list, self->model, TRUE);
    }
    return TRUE;
}

/* Runs `key` as an action does: failures go to the "failed" signal. */
static gboolean
press_reported(FoldExpander *self, const char *what, int32_t key, uint32_t modifiers)
{
    g_object_ref(self);
    gboolean handled = FALSE;
    GError *error = NULL;
    if (self->item && self->model)
        fold_expander_press(self, key, modifiers, &handled, &error);
    fold_expander_report(self, what, error);
    g_object_unref(self);
    return handled;
}

/* A row's expanded height is the expander's, not the keyboard model's
 * (which collapses and expands sections): on an expandable row, Right, +
 * and * expand it, Left and - collapse it; otherwise the engine's keys
 * apply (Left on a collapsed row: the parent header). TRUE if done. */
static gboolean
row_key(FoldExpander *self, int32_t key)
{
    gboolean expandable = FALSE, expanded = FALSE;
    if (fold_list_item_get_kind(self->item) != FOLD_ITEM_ROW ||
        !fold_expander_live_state(self, &expandable, &expanded, NULL) || !expandable)
        return FALSE;
    gboolean expand = key == FOLD_KEY_RIGHT || key == FOLD_KEY_PLUS || key == FOLD_KEY_ASTERISK;
    gboolean collapse = key == FOLD_KEY_LEFT || key == FOLD_KEY_MINUS;
    if ((expand && expanded) || (collapse && !expanded) || (!expand && !collapse))
        return FALSE;
    return gtk_widget_activate_action(GTK_WIDGET(self),
                                      expand ? "listitem.expand" : "listitem.collapse", NULL);
}

/* A key on the expander (or a child that did not take it): the engine's
 * keyboard model, Enter as a click, a printable character as type-ahead.
 * Keys with Alt, Super or Meta are the app's. */
static gboolean
on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
               GdkModifierType state, gpointer data)
{
    (void)controller;
    (void)keycode;
    FoldExpander *self = FOLD_EXPANDER(data);
    if (!self->item || !self->model ||
        (state & (GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK | GDK_HYPER_MASK)))
        return FALSE;
    gboolean ctrl = (state & GDK_CONTROL_MASK) != 0, shift = (state & GDK_SHIFT_MASK) != 0;
    FoldKeyboardKey key;
    FoldModifiers modifiers;
    if (fold_keyboard_key_for_event(GTK_WIDGET(self), keyval, state, &key, &modifiers))
        return row_key(self, (int32_t)key) || press_reported(self, "key", (int32_t)key, (uint32_t)modifiers);
    if (keyval == GDK_KEY_Return || keyval == GDK_KEY_ISO_Enter || keyval == GDK_KEY_KP_Enter)
        return !ctrl && !shift &&
               gtk_widget_activate_action(GTK_WIDGET(self), "listitem.activate", NULL);
    gunichar c = gdk_keyval_to_unicode(keyval);
    if (ctrl || !c || !g_unichar_isgraph(c))
        return FALSE;
    char text[8] = {0};
    g_unichar_to_utf8(c, text);
    FoldExpander *held = g_object_ref(self);
    FoldListModel *model = g_object_ref(self->model);
    GtkWidget *list = fold_expander_list_of(self);
    int64_t found = -1;
    GError *error = NULL;
    if (fold_list_model_type_ahead(model, text, &found, &error) && found >= 0 && list) {
        if (found < g_list_model_get_n_items(G_LIST_MODEL(model)))
            gtk_widget_activate_action(list, "list.scroll-to-item", "u", (guint32)found);
        fold_expander_follow_focus(list, model, TRUE);
    }
    fold_expander_report(held, "type-ahead", error);
    g_object_unref(model);
    g_object_unref(held);
    return TRUE;
}

static void
chevron_released(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
    (void)n_press;
    (void)data;
    GtkWidget *icon = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(gesture));
    if (!gtk_widget_contains(icon, x, y))
        return;
    /* Claimed, so that the list item under it does not activate as well. */
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    gtk_widget_activate_action(icon, "listitem.toggle-expand", NULL);
}

void
fold_expander_add_controllers(FoldExpander *self)
{
    /* Bubble phase on the expander: a child that takes keys (an entry) gets
     * them first, the list view (an ancestor, whose own Up/Down would move
     * its focus without the engine) after. */
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_name(keys, "fold-expander-keys");
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), keys);
    GtkEventController *focus = gtk_event_controller_focus_new();
    gtk_event_controller_set_name(focus, "fold-expander-focus");
    g_signal_connect(focus, "enter", G_CALLBACK(fold_expander_focus_enter), self);
    gtk_widget_add_controller(GTK_WIDGET(self), focus);

    GtkGesture *click = gtk_gesture_click_new();
    gtk_event_controller_set_name(GTK_EVENT_CONTROLLER(click), "fold-expander-click");
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
    g_signal_connect(click, "released", G_CALLBACK(chevron_released), NULL);
    gtk_widget_add_controller(self->icon, GTK_EVENT_CONTROLLER(click));
}
