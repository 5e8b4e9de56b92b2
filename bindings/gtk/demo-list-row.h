/* The list row of demo-listview.c, also the sticky test's (tests/sticky/
 * window.c), one factory for a GtkListView and its stuck headers: an outer
 * box at the item's height carrying the classes (the background spans the
 * row) and, inside, a line (indicator, title, detail) indented by depth;
 * with a body, a wrapped label under the line that the demo fills when a
 * row is expanded. */
#ifndef FOLDTABLE_GTK_DEMO_LIST_ROW_H
#define FOLDTABLE_GTK_DEMO_LIST_ROW_H

#include "foldtable-gtk.h"

#include <gtk/gtk.h>

/* Indentation per depth level, in pixels (rows one level more). */
#define DEMO_LIST_ROW_INDENT 22

/* The outer box: first child the line (indicator, title, detail), then the
 * body label if with_body. Without a body the line fills the row. Its parts
 * are its data "line", "indicator", "title", "detail" and "body". */
GtkWidget *demo_list_row_new(gboolean with_body);

/* Shows list_item's FoldListItem in its demo_list_row_new() child: the
 * texts, the indicator (only where the section collapses), the indentation,
 * the item's height, classes fold-header / fold-row and depth-0..2, and data
 * "fold-list-item" (list_item: which item a picked widget shows). */
void demo_list_row_update(GtkListItem *list_item);

#endif
