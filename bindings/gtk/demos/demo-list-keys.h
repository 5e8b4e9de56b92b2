/* The engine's keyboard model for a GtkListView whose rows have no
 * FoldExpander (the comments demo's CommentRow): a capture-phase key
 * controller on the list turns the model's keys into fold_table_press_key
 * (the list's scroll position as the engine's viewport, so pages are a
 * viewport tall) and moves GTK's focus to the row of the engine's focused
 * item (once the list shows it, within a few frames). Enter and the keys
 * the model does not take go on to the list. A row that gets GTK's focus
 * otherwise (a click, Tab) gives the engine its focus before a key. */
#ifndef FOLDTABLE_GTK_DEMO_LIST_KEYS_H
#define FOLDTABLE_GTK_DEMO_LIST_KEYS_H

#include "foldtable-gtk.h"

#include <gtk/gtk.h>

/* The row widget (the list item's child) the list shows for `position`,
 * mapped, or NULL; and the position a row widget shows, -1 for none. */
typedef GtkWidget *(*DemoListRowAt)(GtkWidget *list, guint position);
typedef int64_t (*DemoListRowPosition)(GtkWidget *row);

void demo_list_keys_attach(GtkWidget *list, FoldListModel *model, DemoListRowAt row_at,
                           DemoListRowPosition row_position);

#endif
