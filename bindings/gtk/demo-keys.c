/* Real key presses for the self-tests: see demo-keys.h. */
#include "demo-keys.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>

typedef int (*FakeKeyFn)(Display *, unsigned int, Bool, unsigned long);

static FakeKeyFn fake_key;
static gboolean tried;
static guint seen;

static Display *
xdisplay(DemoApp *demo)
{
    GdkDisplay *d = gtk_widget_get_display(demo->window);
    return GDK_IS_X11_DISPLAY(d) ? gdk_x11_display_get_xdisplay(d) : NULL;
}

static gboolean
count_key(GtkEventControllerKey *c, guint keyval, guint keycode, GdkModifierType state,
          gpointer data)
{
    (void)c, (void)keyval, (void)keycode, (void)state, (void)data;
    seen++;
    return FALSE;
}

gboolean
demo_keys_real(DemoApp *demo)
{
    if (tried)
        return fake_key != NULL;
    tried = TRUE;
    GtkEventController *counter = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(counter, GTK_PHASE_CAPTURE);
    g_signal_connect(counter, "key-pressed", G_CALLBACK(count_key), NULL);
    gtk_widget_add_controller(demo->window, counter);
    Display *x = xdisplay(demo);
    void *lib = x ? dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL) : NULL;
    fake_key = lib ? (FakeKeyFn)dlsym(lib, "XTestFakeKeyEvent") : NULL;
    if (!fake_key)
        return FALSE;
    /* No window manager under Xvfb: the window takes the keyboard itself. */
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(demo->window));
    XSetInputFocus(x, gdk_x11_surface_get_xid(surface), RevertToParent, CurrentTime);
    XFlush(x);
    gint64 end = g_get_monotonic_time() + 2 * G_USEC_PER_SEC;
    while (!gtk_window_is_active(GTK_WINDOW(demo->window)) && g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, FALSE);
    return TRUE;
}

void
demo_send_key(DemoApp *demo, guint keyval, GdkModifierType mods)
{
    Display *x = demo_keys_real(demo) ? xdisplay(demo) : NULL;
    if (!x) {
        seen++;
        demo_press_key_with(demo, keyval, mods);
        return;
    }
    gtk_window_set_focus_visible(GTK_WINDOW(demo->window), TRUE);
    KeyCode shift = XKeysymToKeycode(x, XK_Shift_L), ctrl = XKeysymToKeycode(x, XK_Control_L);
    KeyCode code = XKeysymToKeycode(x, keyval); /* GDK keyvals are X keysyms */
    if (mods & GDK_SHIFT_MASK)
        fake_key(x, shift, True, CurrentTime);
    if (mods & GDK_CONTROL_MASK)
        fake_key(x, ctrl, True, CurrentTime);
    fake_key(x, code, True, CurrentTime);
    fake_key(x, code, False, CurrentTime);
    if (mods & GDK_CONTROL_MASK)
        fake_key(x, ctrl, False, CurrentTime);
    if (mods & GDK_SHIFT_MASK)
        fake_key(x, shift, False, CurrentTime);
    XFlush(x);
}

guint
demo_keys_seen(DemoApp *demo)
{
    (void)demo;
    return seen;
}
