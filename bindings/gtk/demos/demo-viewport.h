/* What the demo views that draw a fold_table themselves (FoldCanvas in
 * demo-canvas-view.c, the log view in demo-log.c) share: their scrollbar's
 * adjustment placed from the engine with the viewport told to it, each
 * change set's anchored offset applied, and the visible items of a frame in
 * a buffer that grows. */
#ifndef FOLDTABLE_GTK_DEMO_VIEWPORT_H
#define FOLDTABLE_GTK_DEMO_VIEWPORT_H

#include <foldtable.h>
#include <gtk/gtk.h>
#include <stdint.h>

/* Sets vadj's range to the content height (a page: view's height, a step:
 * `step` pt), clamps `value` to it and tells the engine the viewport (so
 * the next change anchors to what is shown). */
void demo_viewport_place(fold_table *table, GtkAdjustment *vadj, GtkWidget *view, double value,
                         double step);

/* In a change listener: the engine's anchored offset, or the adjustment's
 * value if the change set moved nothing, placed (demo_viewport_place).
 * Setting the viewport inside a listener is allowed: it reports nothing. */
void demo_viewport_apply(fold_table *table, GtkAdjustment *vadj, GtkWidget *view,
                         const fold_change_set *changes, double step);

/* The items a viewport (offset, height) shows, into *items of *capacity,
 * which grows (twice what is needed) when it shows more; returns how many
 * were written. */
int64_t demo_viewport_items(fold_table *table, double offset, double height,
                            fold_visible_item **items, int64_t *capacity);

#endif
