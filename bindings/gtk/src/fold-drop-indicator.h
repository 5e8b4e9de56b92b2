/*
 * fold-drop-indicator.h — FoldDropIndicator: where rows and sections dragged
 * over a GtkListView of a FoldListModel would land (the engine's
 * fold_table_drop_target()), drawn over the list, and the drop itself
 * (fold_table_drop()). What it does and how to use it: the
 * FoldDropIndicator comment below.
 */
#ifndef FOLD_DROP_INDICATOR_H
#define FOLD_DROP_INDICATOR_H

#include <gtk/gtk.h>

#include "foldtable-gtk.h"

G_BEGIN_DECLS

/* (fold-store.h defines it; declared here too for the umbrella header's
 * order: fold-store.h includes it before its own definitions.) */
typedef struct _FoldDropTarget FoldDropTarget;

/**
 * FoldDropIndicator:
 *
 * Draws where dragged items would land in a #GtkListView that shows a
 * #FoldListModel, as the engine answers it (foldtable.h, "Drag and drop"):
 * a line between items (%FOLD_DROP_KIND_BEFORE), indented to the depth the
 * items would get, or the highlighted section they would go into
 * (%FOLD_DROP_KIND_INTO). It turns a #GtkDropTarget's pointer position
 * (the list view's coordinates) into content coordinates with the list's
 * vertical adjustment, asks the engine, and draws; fold_drop_indicator_drop()
 * then moves the dragged items there in one change set with moves, so the
 * list keeps their widgets.
 *
 * It is a picture over the list: put it in a #GtkOverlay over the list's
 * scrolled window (or over #FoldStickyHeaders), where it takes no input
 * (`can-target` is %FALSE) and draws in the list's bounds only. Its CSS
 * name is `folddropindicator`; the line and the highlight take its CSS
 * `color` (default: the theme's accent blue).
 *
 * The rules (top and bottom quarter of a header: before and after; the
 * middle half: into; x picks the level where several end; a section
 * cannot go into itself; %FOLD_SECTION_FLAGS_NO_DROP sections take
 * nothing) are the engine's; this widget only converts and draws.
 *
 * ```c
 * // the window: an overlay over the sticky headers (or the scrolled window)
 * GtkWidget *overlay = gtk_overlay_new();
 * gtk_overlay_set_child(GTK_OVERLAY(overlay), sticky);
 * GtkWidget *indicator = fold_drop_indicator_new(model, GTK_LIST_VIEW(list));
 * fold_drop_indicator_set_indent_width(FOLD_DROP_INDICATOR(indicator), 20);
 * gtk_overlay_add_overlay(GTK_OVERLAY(overlay), indicator);
 *
 * // each row widget is a GtkDragSource (in the factory's setup):
 * static GdkContentProvider *prepare(GtkDragSource *src, double x, double y, gpointer row) {
 *     FoldListItem *item = ...the row's item...;
 *     fold_drop_indicator_drag_item(indicator, item, NULL);   // what is dragged
 *     return gdk_content_provider_new_typed(G_TYPE_STRING, fold_list_item_get_title(item));
 * }
 * // drag-end: fold_drop_indicator_clear(indicator);
 *
 * // the list is the GtkDropTarget:
 * GtkDropTarget *drop = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_MOVE);
 * static GdkDragAction motion(GtkDropTarget *t, double x, double y, gpointer indicator) {
 *     FoldDropTarget target;
 *     if (!fold_drop_indicator_update(indicator, x, y, &target, NULL))
 *         return 0;
 *     return target.kind == FOLD_DROP_KIND_NONE ? 0 : GDK_ACTION_MOVE;
 * }
 * static void leave(GtkDropTarget *t, gpointer indicator) {
 *     fold_drop_indicator_hide(indicator);
 * }
 * static gboolean drop(GtkDropTarget *t, const GValue *v, double x, double y, gpointer indicator) {
 *     fold_drop_indicator_update(indicator, x, y, NULL, NULL);
 *     return fold_drop_indicator_drop(indicator, NULL);   // moves them, hides the indicator
 * }
 * // "motion" and "enter" -> motion, "leave" -> leave, "drop" -> drop;
 * gtk_widget_add_controller(list, GTK_EVENT_CONTROLLER(drop));
 * ```
 *
 * Without fold_drop_indicator_drag_item() or fold_drop_indicator_set_dragged()
 * (a drag from another application), every place is open but NO_DROP
 * sections, and fold_drop_indicator_drop() has nothing to move: read the
 * target with fold_drop_indicator_get_target() and insert what was dropped
 * there yourself.
 *
 * Thread safety: a GTK widget; use it on the GTK main thread.
 */
#define FOLD_TYPE_DROP_INDICATOR (fold_drop_indicator_get_type())
G_DECLARE_FINAL_TYPE(FoldDropIndicator, fold_drop_indicator, FOLD, DROP_INDICATOR, GtkWidget)

GtkWidget *fold_drop_indicator_new(FoldListModel *model, GtkListView *list_view);

void fold_drop_indicator_set_model(FoldDropIndicator *self, FoldListModel *model);
FoldListModel *fold_drop_indicator_get_model(FoldDropIndicator *self);
void fold_drop_indicator_set_list_view(FoldDropIndicator *self, GtkListView *list_view);
GtkListView *fold_drop_indicator_get_list_view(FoldDropIndicator *self);

/* "indent-width": points per nesting level (default 20); "indent-start":
 * the x in the list view where level 0 starts (default 0). */
void fold_drop_indicator_set_indent_width(FoldDropIndicator *self, double indent_width);
double fold_drop_indicator_get_indent_width(FoldDropIndicator *self);
void fold_drop_indicator_set_indent_start(FoldDropIndicator *self, double indent_start);
double fold_drop_indicator_get_indent_start(FoldDropIndicator *self);

/* What is dragged: sections[i] with rows[i] (-1: the whole section), or
 * one item of the list (a header: its section; a row: the row). */
gboolean fold_drop_indicator_set_dragged(FoldDropIndicator *self, const guint64 *sections,
                                         gsize n_sections, const gint64 *rows, gsize n_rows,
                                         GError **error);
gboolean fold_drop_indicator_drag_item(FoldDropIndicator *self, FoldListItem *item,
                                       GError **error);

/* The pointer at (x, y) in the list view: the target (optional), shown. */
gboolean fold_drop_indicator_update(FoldDropIndicator *self, double x, double y,
                                    FoldDropTarget *out_target, GError **error);
gboolean fold_drop_indicator_get_target(FoldDropIndicator *self, FoldDropTarget *out_target);
/* Hides the indicator (the pointer left); the dragged items are kept. */
void fold_drop_indicator_hide(FoldDropIndicator *self);
/* Moves the dragged items to the target last shown, hides, forgets them. */
gboolean fold_drop_indicator_drop(FoldDropIndicator *self, GError **error);
/* Hides and forgets the dragged items (the drag ended). */
void fold_drop_indicator_clear(FoldDropIndicator *self);

G_END_DECLS

#endif /* FOLD_DROP_INDICATOR_H */
