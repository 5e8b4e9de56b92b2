/* The list row of demo-listview.c, also the sticky test's (tests/sticky/
 * window.c), one factory for a GtkListView and its stuck headers: an outer
 * box at the item's height carrying the classes (the background spans the
 * row) and, inside, a line (title, detail) indented by depth; optionally a
 * wrapped body label under the line, shown on expanded rows. The line is
 * either inside a FoldExpander (the chevron, the indentation, the keys: the
 * demo's row) or after a text indicator ("+"/"–" where the section
 * collapses: the sticky test's, which reads it). */
#ifndef FOLDTABLE_GTK_DEMO_LIST_ROW_H
#define FOLDTABLE_GTK_DEMO_LIST_ROW_H

#include "foldtable-gtk.h"

#include <gtk/gtk.h>

/* Indentation per depth level, in pixels (rows one level more). */
#define DEMO_LIST_ROW_INDENT 22

/* The outer box: first child the line (indicator, title, detail), then the
 * body label if line_height > 0. line_height 0: no body, the line fills the
 * row; otherwise the line is that tall on rows (a header's is the item's
 * height) and an expanded row shows the body under it. Its parts are its
 * data "line", "indicator", "title", "detail" and "body". */
GtkWidget *demo_list_row_new(int line_height);

/* What an expanded row shows under its line: a text the app keeps (not
 * owned by the caller), NULL for none. */
typedef const char *(*DemoListRowBodyFunc)(FoldListItem *item, gpointer data);

/* The same row with the line inside a FoldExpander acting on `model`: the
 * chevron instead of the text indicator, 20 px a level (the expander's
 * indentation); an expanded row shows body(item, body_data) under the line
 * (line_height > 0). The expander is the outer box's data "expander". */
GtkWidget *demo_list_row_new_with_expander(FoldListModel *model, int line_height,
                                           DemoListRowBodyFunc body, gpointer body_data);

/* Shows list_item's FoldListItem in its demo_list_row_new() child: the
 * texts, the indicator (only where the section collapses), the indentation,
 * the item's height, classes fold-header / fold-row, depth-0..2,
 * expanded (with a body) and selected (the engine's selection), the body, the expander's item, and data
 * "fold-list-item" (list_item: which item a picked widget shows). */
void demo_list_row_update(GtkListItem *list_item);

/* A GtkSignalListItemFactory's "bind" and "unbind": shows the item and
 * follows its notify signals (live items report redraws as notify, not as
 * items-changed). bind's data: NULL, or a guint counting the notifies other
 * than "position". */
void demo_list_row_bind(GtkSignalListItemFactory *factory, GtkListItem *list_item,
                        gpointer notes);
void demo_list_row_unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item,
                          gpointer data);

#endif
