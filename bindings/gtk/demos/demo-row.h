/* The demos' list row: a FoldListItem shown by a FoldExpander (indentation,
 * chevron, keys) around a horizontal box (title, detail) whose height is the
 * engine's (measure() answers the item's "height": no size request, nothing
 * sized twice). The row hands the keyboard focus to its expander (the
 * expander's keys, the engine's keyboard model, reach it, its focus ring
 * shows); Enter activates the list's item as a click does. Shared by demo-settings.c and
 * demo-taxonomy.c; the binding to an item, the height and the look-up by
 * position also serve the comments demo's CommentRow. */
#ifndef FOLDTABLE_GTK_DEMO_ROW_H
#define FOLDTABLE_GTK_DEMO_ROW_H

#include "demo-app.h"
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

/* Focuses the list's row widget of `position` as the list's keyboard
 * navigation does (the row hands the focus to its expander); returns the
 * DemoRow, or NULL if the list shows no row there. */
DemoRow *demo_row_focus_position(GtkWidget *list, guint position);

/* A self-test check: every DemoRow demo->list shows is allocated exactly
 * the engine's height, at the engine's offset less `scrolled` (the list's
 * scroll offset). Returns how many rows it checked. */
int demo_row_check_layout(DemoApp *demo, double scrolled);

/* For any row widget that shows a FoldListItem (DemoRow, the comments
 * demo's CommentRow): */

/* Holds `item` in *slot (a reference; NULL: lets the old one go) and
 * connects update(row) to its "notify" (*notify_id): live items notify their
 * changes, snapshot items are rebound by items-changed. */
void demo_item_bind(FoldListItem **slot, gulong *notify_id, FoldListItem *item, GCallback update,
                    gpointer row);

/* The item's height in whole pixels, 0 for none: the row widget's height
 * (its measure() answers the engine's height, nothing sized twice). */
int demo_item_height(FoldListItem *item);

/* The row widget the list shows for `position` (mapped), or NULL;
 * bound(row) is the GtkListItem a row widget is bound through, NULL if it
 * is not one of the kind looked for or shows nothing. */
GtkWidget *demo_list_find(GtkWidget *list, guint position, GtkListItem *(*bound)(GtkWidget *row));

#endif
