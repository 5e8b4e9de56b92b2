/*
 * gtk-test.h — what the GTK widget tests (test-sticky, test-expander) share:
 * Tests/c/check.h's checks with one set of counters per program
 * (CHECK_SHARED_COUNTERS), Tests/c/fixture.h's table options, waiting for
 * frames, finding a widget's event controller, a click as its gesture
 * emits it, and screenshots (demo-screenshot.c). Section look-ups and state
 * by key come from the demos' demo-app.c (demo_section, demo_header_pos,
 * demo_item_top, demo_section_collapsed), linked into these tests too.
 */
#ifndef FOLD_GTK_TEST_SUPPORT_H
#define FOLD_GTK_TEST_SUPPORT_H

#include "foldtable-gtk.h"

#include <gtk/gtk.h>

#include "demo-app.h"
#include "fixture.h"

/* `frames` times: waits until `window` has drawn a frame, then runs every
 * pending main-context event (the list re-binds, idles, ticks). */
void test_wait_for_draw(GtkWidget *window, int frames);

/* The first event controller of `widget` of `type` (and, if name is not
 * NULL, named so), or NULL. The widget keeps it alive: no reference. */
GtkEventController *test_find_controller(GtkWidget *widget, GType type, const char *name);

/* A click as a GtkGestureClick emits it: "pressed" then "released", button
 * 1, one press, at (x, y) in its widget. */
void test_emit_click(GtkEventController *click, double x, double y);

/* Saves `window` to `path` (demo_save_screenshot); checks that it is not
 * blank (more than one colour: one check). Returns the number of colours. */
guint test_screenshot(GtkWidget *window, const char *path);

#endif
