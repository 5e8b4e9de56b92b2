/* The demos' list row: a FoldListItem shown by a FoldExpander (indentation,
 * chevron, keys) around a horizontal box (title, detail) whose height is the engine's (measure() answers the item's
 * "height": no size request, nothing sized twice). Shared by
 * demo-settings.c and demo-taxonomy.c. */
#ifndef FOLDTABLE_GTK_DEMO_ROW_H
#define FOLDTABLE_GTK_DEMO_ROW_H

#include "foldtable-gtk.h"

#include <gtk/gtk.h>

#define DEMO_TYPE_ROW (demo_row_get_type())
G_DECLARE_FINAL_TYPE(DemoRow, demo_row, DEMO, ROW, GtkWidget)

/* Fills the title and detail labels of a bound row; NULL: the item's own
 * title and detail. */
typedef void (*DemoRowTextFunc)(DemoRow *row, FoldListItem *item, GtkLabel *title,
                                GtkLabel *detail, gpointer user_data);

/* model: what the expander's chevron and keys act on. */
GtkWidget *demo_row_new(GtkListItem *list_item, FoldListModel *model, DemoRowTextFunc text,
                        gpointer user_data);
void demo_row_set_item(DemoRow *row, FoldListItem *item);
/* A GtkSignalListItemFactory's "bind" / "unbind" for a DemoRow child. */
void demo_row_bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data);
void demo_row_unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data);
FoldListItem *demo_row_get_item(DemoRow *row);
GtkListItem *demo_row_get_list_item(DemoRow *row);
/* The row's FoldExpander, and its chevron image (hidden where there is
 * nothing to collapse). */
GtkWidget *demo_row_get_expander(DemoRow *row);
GtkWidget *demo_row_get_chevron(DemoRow *row);
GtkWidget *demo_row_get_title(DemoRow *row);

/* Re-reads every row the list shows (after the app's own state changed,
 * for example which row is selected). */
void demo_row_refresh_all(GtkWidget *list);

/* The DemoRow the list shows for `position` (mapped), or NULL. */
DemoRow *demo_row_find(GtkWidget *list, guint position);

#endif
