/* The engine's keyboard model for the demos' views that draw a table
 * themselves (the canvas, the log), as FoldExpander does it for list rows:
 * a key becomes one fold_table_press_key call (the view keeps the engine's
 * viewport, so pages are a viewport tall) and the view scrolls where the
 * engine says; the view draws the focused item's ring (while it has GTK's
 * focus) and the selection from the items' flags. */
#ifndef FOLDTABLE_GTK_DEMO_VIEW_KEYS_H
#define FOLDTABLE_GTK_DEMO_VIEW_KEYS_H

#include <foldtable.h>
#include <gtk/gtk.h>

#include "foldtable-gtk.h"

/* One key of `view` through the engine (read by
 * fold_keyboard_key_for_event()); `vadj` (may be NULL) is moved where the
 * engine says to scroll. TRUE if the engine handled it. */
gboolean demo_view_press_key(GtkWidget *view, fold_table *table, GtkAdjustment *vadj, guint keyval,
                             GdkModifierType state);

/* A view's key handler: TRUE if it took the key. */
typedef gboolean (*DemoViewKeyFunc)(GtkWidget *view, guint keyval, GdkModifierType state,
                                    gpointer data);

/* Makes `view` focusable, gives its keys to press(view, keyval, state,
 * data) and redraws it when a key is taken and when GTK's focus comes or
 * goes (the ring shows only with it). */
void demo_view_add_keys(GtkWidget *view, DemoViewKeyFunc press, gpointer data);

/* Adwaita's focus ring colour (#3584e4 at 50 %). */
extern const GdkRGBA demo_view_focus_ring;

/* The focused item's ring with cairo, if `flags` has FOLD_ITEM_FLAG_FOCUSED
 * and `widget` has GTK's focus: 2 px, rounded, inset, over the item's row
 * at y (height tall). */
void demo_view_cairo_focus_ring(GtkWidget *widget, cairo_t *cr, uint32_t flags, double y,
                                double width, double height);

#endif
