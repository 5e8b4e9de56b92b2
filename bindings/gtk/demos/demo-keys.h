/* Real key presses (and pointer drags) for the demos' self-tests: sent to the X server with
 * XTest (the extension xdotool uses; libXtst is loaded at run time), so
 * they reach the window as a user's do — GDK, the focus widget, its key
 * controllers (FoldExpander's: the engine's keyboard model). A key sent in
 * one step is handled before the next step runs (demo_run waits for the X
 * server and the frames after each step), so the next step checks it.
 * Without XTest (another display server, no libXtst) a key is given to the
 * focus widget's controllers at once (demo_press_key_with) and
 * demo_keys_real() says so. */
#ifndef FOLDTABLE_GTK_DEMO_KEYS_H
#define FOLDTABLE_GTK_DEMO_KEYS_H

#include "demo-app.h"

/* Loads XTest and gives the window the X server's keyboard focus (once);
 * TRUE if keys go through the X server. */
gboolean demo_keys_real(DemoApp *demo);

/* Presses and releases `keyval` with `mods` (Shift, Ctrl) held. */
void demo_send_key(DemoApp *demo, guint keyval, GdkModifierType mods);

/* Whether the key demo_send_key sent last has reached the window (the next
 * step checks it before what the key did). */
gboolean demo_key_arrived(DemoApp *demo);

/* How many key presses the window has seen (a capture-phase counter):
 * a step checks that the last one's keys arrived. */
guint demo_keys_seen(DemoApp *demo);

/* Moves the pointer to (x, y) of `widget` and, with `button` 1 or -1,
 * presses or releases the primary button there (0: a motion only), through
 * the X server; FALSE without XTest (nothing sent). */
gboolean demo_send_pointer(DemoApp *demo, GtkWidget *widget, double x, double y, int button);

#endif
