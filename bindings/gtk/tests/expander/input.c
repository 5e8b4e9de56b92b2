/*
 * input.c — looking at test-expander's list (the mapped expander of a
 * header or row, its chevron, the engine's state by key) and acting on it
 * as GTK does: a key through the expander's shortcut controller, a click
 * through the chevron's gesture, an action, the focus.
 */
#include "expander-test.h"

/* ---- looking at the list -------------------------------------------------- */

static FoldExpander *
find_in(GtkWidget *widget, int32_t kind, fold_section_id section, int64_t row)
{
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c; c = gtk_widget_get_next_sibling(c)) {
        if (FOLD_IS_EXPANDER(c) && gtk_widget_get_mapped(c)) {
            FoldListItem *item = fold_expander_get_item(FOLD_EXPANDER(c));
            if (item && (int32_t)fold_list_item_get_kind(item) == kind &&
                fold_list_item_get_section_id(item) == section &&
                (kind != FOLD_ITEM_ROW || fold_list_item_get_row(item) == row))
                return FOLD_EXPANDER(c);
        }
        FoldExpander *found = find_in(c, kind, section, row);
        if (found)
            return found;
    }
    return NULL;
}

FoldExpander *
header(const char *key)
{
    return find_in(T.list, FOLD_ITEM_HEADER, id_of(key), -1);
}

FoldExpander *
row(const char *key, int64_t r)
{
    return find_in(T.list, FOLD_ITEM_ROW, id_of(key), r);
}

GtkWidget *
icon_of(FoldExpander *e)
{
    for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(e)); c;
         c = gtk_widget_get_next_sibling(c))
        if (GTK_IS_IMAGE(c))
            return c;
    return NULL;
}

guint
n_items(void)
{
    return g_list_model_get_n_items(G_LIST_MODEL(T.model));
}

gboolean
row_expanded(const char *key, int64_t r)
{
    fold_row_info info;
    return fold_table_row_info(T.table, id_of(key), r, &info) == FOLD_OK &&
           (info.flags & FOLD_ITEM_FLAG_EXPANDED);
}

/* x of the expander's child (and of its chevron) in the expander, in px. */
double
x_in(FoldExpander *e, GtkWidget *w)
{
    double x = -1, y = -1;
    if (!w || !gtk_widget_translate_coordinates(w, GTK_WIDGET(e), 0, 0, &x, &y))
        return -1;
    return x;
}

/* ---- input ---------------------------------------------------------------- */

/* A key press as GTK gives it to the expander: its key controller's
 * "key-pressed" (GTK 4 has no public way to make a GdkEvent; test-keys
 * sends real ones through the X server). TRUE when the expander has the
 * controller (whether the key did something is the engine's to say); two
 * frames after it, so that GTK's focus has followed the engine's. */
gboolean
press_key(FoldExpander *e, guint keyval)
{
    if (!e)
        return FALSE;
    GtkEventController *keys =
        test_find_controller(GTK_WIDGET(e), GTK_TYPE_EVENT_CONTROLLER_KEY, "fold-expander-keys");
    if (!keys)
        return FALSE;
    /* The key may re-bind or drop the widget: keep both alive until done. */
    g_object_ref(keys);
    g_object_ref(e);
    gboolean handled = FALSE;
    g_signal_emit_by_name(keys, "key-pressed", keyval, 0u, (GdkModifierType)0, &handled);
    g_object_unref(e);
    g_object_unref(keys);
    pump();
    pump();
    return TRUE;
}

/* A click on the chevron: its click gesture's pressed and released at (8, 8),
 * the middle of the 16 px icon. */
gboolean
click_chevron(FoldExpander *e)
{
    GtkWidget *icon = e ? icon_of(e) : NULL;
    if (!icon)
        return FALSE;
    GtkEventController *click = test_find_controller(icon, GTK_TYPE_GESTURE_CLICK, NULL);
    gboolean clicked = click != NULL;
    if (click) {
        /* held while it emits: the click may re-bind the row */
        g_object_ref(click);
        test_emit_click(click, 8.0, 8.0);
        g_object_unref(click);
    }
    pump();
    return clicked;
}

gboolean
action(FoldExpander *e, const char *name)
{
    gboolean done = e && gtk_widget_activate_action(GTK_WIDGET(e), name, NULL);
    pump();
    return done;
}

GtkWidget *
focus(void)
{
    return gtk_root_get_focus(GTK_ROOT(T.window));
}
