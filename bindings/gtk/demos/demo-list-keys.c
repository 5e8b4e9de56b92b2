/* The engine's keyboard model for a list without FoldExpanders: see
 * demo-list-keys.h. */
#include "demo-list-keys.h"
#include "demo-view-keys.h"

typedef struct {
    FoldListModel *model;
    DemoListRowAt row_at;
    DemoListRowPosition row_position;
    guint tick;
    int frames;
} ListKeys;

#define FOCUS_FRAMES 8

static void
list_keys_free(gpointer data)
{
    ListKeys *k = data;
    g_object_unref(k->model);
    g_free(k);
}

/* GTK's focus to the engine's focused item's row: TRUE when done (or
 * nothing is focused). From the third frame on, the list is asked to
 * scroll to it (the engine's offset may have been reached with estimates). */
static gboolean
sync_focus(GtkWidget *list, ListKeys *k)
{
    int64_t focus = -1;
    fold_table *table = fold_list_model_get_table(k->model);
    if (fold_table_focus(table, &focus) != FOLD_OK || focus < 0)
        return TRUE;
    GtkWidget *row = k->row_at(list, (guint)focus);
    if (!row) {
        if (k->frames >= 2)
            gtk_widget_activate_action(list, "list.scroll-to-item", "u", (guint32)focus);
        return FALSE;
    }
    gtk_widget_grab_focus(gtk_widget_get_parent(row)); /* the list's item widget */
    return TRUE;
}

static gboolean
sync_tick(GtkWidget *list, GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    ListKeys *k = data;
    if (sync_focus(list, k) || ++k->frames >= FOCUS_FRAMES) {
        k->tick = 0;
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

/* The position of the row holding GTK's focus, -1 if none does. */
static int64_t
gtk_focus_position(GtkWidget *list, ListKeys *k)
{
    GtkWidget *focus = gtk_root_get_focus(gtk_widget_get_root(list));
    for (GtkWidget *w = focus; w && w != list; w = gtk_widget_get_parent(w))
        if (gtk_widget_get_parent(w) == list) {
            GtkWidget *row = gtk_widget_get_first_child(w);
            return row ? k->row_position(row) : -1;
        }
    return -1;
}

static gboolean
on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
               GdkModifierType state, gpointer data)
{
    (void)keycode;
    ListKeys *k = data;
    GtkWidget *list = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(controller));
    if (!fold_keyboard_key_for_event(list, keyval, state, NULL, NULL))
        return FALSE;
    fold_table *table = fold_list_model_get_table(k->model);
    /* A click or Tab moved GTK's focus: the keys go on from there. */
    int64_t here = gtk_focus_position(list, k), focus = -1;
    if (here >= 0 && fold_table_focus(table, &focus) == FOLD_OK && focus != here)
        fold_table_set_focus(table, here);
    /* The list's scroll position is the engine's viewport for this key. */
    GtkAdjustment *vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));
    int had = 0;
    double old_offset = 0, old_height = 0;
    fold_table_viewport(table, &had, &old_offset, &old_height);
    fold_table_set_viewport(table, gtk_adjustment_get_value(vadj),
                            gtk_adjustment_get_page_size(vadj));
    gboolean handled = demo_view_press_key(list, table, vadj, keyval, state);
    if (had)
        fold_table_set_viewport(table, old_offset, old_height);
    else
        fold_table_clear_viewport(table);
    if (handled) {
        k->frames = 0;
        if (!k->tick)
            k->tick = gtk_widget_add_tick_callback(list, sync_tick, k, NULL);
    }
    return handled;
}

void
demo_list_keys_attach(GtkWidget *list, FoldListModel *model, DemoListRowAt row_at,
                      DemoListRowPosition row_position)
{
    ListKeys *k = g_new0(ListKeys, 1);
    k->model = g_object_ref(model);
    k->row_at = row_at;
    k->row_position = row_position;
    g_object_set_data_full(G_OBJECT(list), "demo-list-keys", k, list_keys_free);
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), k);
    gtk_widget_add_controller(list, keys);
}
