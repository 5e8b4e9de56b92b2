/* Drag and drop in a list demo (demo-listview.c, demo-files.c): a
 * GtkDragSource on the GtkListView (a row or a folder header; the engine's
 * selection when the item is selected, in list order) and a GtkDropTarget
 * on an overlay around the list whose FoldDropIndicator asks the engine
 * where the items would land (fold_table_drop_target with the content y,
 * the x from the rows' start and the expander's indentation) and draws it
 * (a line at the depth they would get, or the section highlighted); it
 * refuses what the engine refuses, and on a drop lets the demo move its
 * data and call fold_table_drop (one change set with moves: the list keeps
 * the widgets). Only drags that start in this list are accepted. */
#ifndef FOLDTABLE_GTK_DEMO_DROP_H
#define FOLDTABLE_GTK_DEMO_DROP_H

#include "foldtable-gtk.h"

#include <foldtable.h>
#include <gtk/gtk.h>

typedef struct _DemoDrop DemoDrop;

/* Performs a drop: moves the app's data along and calls fold_table_drop
 * (demo_rows_drop does both); returns its status. */
typedef int (*DemoDropFunc)(fold_table *table, fold_section_id parent, int64_t index,
                            const fold_item_ref *items, int64_t count, gpointer data);

/* Adds the drag source to `list` (a GtkListView over `model`, scrolled by
 * `vadj`) and makes the overlay (demo_drop_wrap) that holds the drop
 * target and draws the indicator. Depth 0 starts `origin_x` px from the list's left
 * edge, each level `indent_width` px further (the expander's). The
 * DemoDrop lives as long as the list. */
DemoDrop *demo_drop_new(GtkWidget *list, FoldListModel *model, GtkAdjustment *vadj,
                        double origin_x, double indent_width, DemoDropFunc drop, gpointer data);
/* The overlay around `child` (the list's scroller, or what wraps it), to
 * put in the window in its place. */
GtkWidget *demo_drop_wrap(DemoDrop *self, GtkWidget *child);
GtkDragSource *demo_drop_get_source(DemoDrop *self);
GtkDropTarget *demo_drop_get_target(DemoDrop *self);

/* The items the drag from list point (x, y) carries, as the drag source's
 * "prepare" takes them: FALSE (nothing taken) over a footer, a placeholder
 * or no item. */
gboolean demo_drop_take(DemoDrop *self, double x, double y);
const fold_item_ref *demo_drop_get_items(DemoDrop *self, int64_t *out_count);

/* The engine's last answer (kind FOLD_DROP_NONE: refused or no drag) and
 * the indicator drawn for it, in the list's coordinates: FALSE when none is
 * drawn. */
const fold_drop_target *demo_drop_get_answer(DemoDrop *self);
gboolean demo_drop_get_indicator(DemoDrop *self, graphene_rect_t *out_rect);

/* A self-test's drag, at list points, through the controllers' own
 * signals (a real pointer drag needs a window manager and a pointer):
 * the drag source's "prepare" (TRUE if it gave content), the drop target's
 * "motion" (the action it answers: 0 where the engine refuses) and "drop"
 * (TRUE if the items were moved). */
gboolean demo_drop_test_take(DemoDrop *self, double x, double y);
GdkDragAction demo_drop_test_motion(DemoDrop *self, double x, double y);
gboolean demo_drop_test_drop(DemoDrop *self, double x, double y);

#endif
