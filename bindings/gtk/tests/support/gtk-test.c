/*
 * gtk-test.c — the GTK widget tests' shared helpers (gtk-test.h).
 */
#include "gtk-test.h"

#include "demo-screenshot.h"

void
test_wait_for_draw(GtkWidget *window, int frames)
{
    for (int i = 0; i < frames; i++) {
        gtk_test_widget_wait_for_draw(window);
        while (g_main_context_iteration(NULL, FALSE))
            ;
    }
}

GtkEventController *
test_find_controller(GtkWidget *widget, GType type, const char *name)
{
    GListModel *controllers = gtk_widget_observe_controllers(widget);
    GtkEventController *found = NULL;
    for (guint i = 0; !found && i < g_list_model_get_n_items(controllers); i++) {
        GtkEventController *c = g_list_model_get_item(controllers, i);
        if (G_TYPE_CHECK_INSTANCE_TYPE(c, type) &&
            (!name || g_strcmp0(gtk_event_controller_get_name(c), name) == 0))
            found = c;
        g_object_unref(c);
    }
    g_object_unref(controllers);
    return found;
}

void
test_emit_click(GtkEventController *click, double x, double y)
{
    g_signal_emit_by_name(click, "pressed", 1, x, y);
    g_signal_emit_by_name(click, "released", 1, x, y);
}

guint
test_screenshot(GtkWidget *window, const char *path)
{
    guint colours = demo_save_screenshot(window, path);
    CHECK(colours > 1);
    return colours;
}
