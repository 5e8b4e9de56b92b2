/* Real key presses for the self-tests: see demo-keys.h. */
#include "demo-keys.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>

typedef int (*FakeKeyFn)(Display *, unsigned int, Bool, unsigned long);
typedef int (*FakeButtonFn)(Display *, unsigned int, Bool, unsigned long);
typedef int (*FakeMotionFn)(Display *, int, int, int, unsigned long);

static FakeKeyFn fake_key;
static FakeButtonFn fake_button;
static FakeMotionFn fake_motion;
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
    fake_button = lib ? (FakeButtonFn)dlsym(lib, "XTestFakeButtonEvent") : NULL;
    fake_motion = lib ? (FakeMotionFn)dlsym(lib, "XTestFakeMotionEvent") : NULL;
    if (!fake_key || !fake_button || !fake_motion) {
        fake_key = NULL;
        return FALSE;
    }
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
    demo->keys_before = demo_keys_seen(demo);
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

gboolean
demo_send_pointer(DemoApp *demo, GtkWidget *widget, double x, double y, int button)
{
    Display *x11 = demo_keys_real(demo) ? xdisplay(demo) : NULL;
    graphene_point_t p;
    if (!x11 || !gtk_widget_compute_point(widget, demo->window,
                                          &GRAPHENE_POINT_INIT((float)x, (float)y), &p))
        return FALSE;
    /* The window's coordinates on the screen, its surface's origin first. */
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(demo->window));
    int wx = 0, wy = 0;
    Window child;
    XTranslateCoordinates(x11, gdk_x11_surface_get_xid(surface), DefaultRootWindow(x11), 0, 0,
                          &wx, &wy, &child);
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(demo->window), &sx, &sy);
    fake_motion(x11, -1, wx + (int)(p.x + sx), wy + (int)(p.y + sy), CurrentTime);
    if (button)
        fake_button(x11, 1, button > 0, CurrentTime);
    XFlush(x11);
    return TRUE;
}

gboolean
demo_key_arrived(DemoApp *demo)
{
    return demo_keys_seen(demo) > demo->keys_before;
}
