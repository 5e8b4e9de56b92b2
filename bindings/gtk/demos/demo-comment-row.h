/* The comments demo's list row: a widget that draws a comment (avatar,
 * byline, "Show more"/"Show less", then the text in FoldTextHeights'
 * layout) or a thread's header (FoldExpander's chevron, title, detail), at
 * exactly the engine's height (measure() answers the item's "height"). CSS
 * classes: header, collapsed, expandable, expanded.
 *
 * While a FoldTransitionClock plays a transition, the row takes the height
 * of its item at the clock's frame instead (the GtkListView lays the rows
 * out again at each frame, so the rows below slide): a comment growing or
 * shrinking, one unfolding from under its header (the part below the
 * header's bottom, its content drawn that much higher), and the items the
 * change removed from the list right after it, which have no row any more:
 * the row takes their heights and draws them below itself. */
#ifndef FOLDTABLE_GTK_DEMO_COMMENT_ROW_H
#define FOLDTABLE_GTK_DEMO_COMMENT_ROW_H

#include "fold-text-heights.h"
#include "fold-transition-clock.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>

#define COLLAPSED_LINES 3
/* Inside a comment row: the avatar column on the left, the byline above. */
#define PAD_LEFT 60
#define PAD_RIGHT 20
#define PAD_TOP 34
#define PAD_BOTTOM 12

#define COMMENT_TYPE_ROW (comment_row_get_type())
G_DECLARE_FINAL_TYPE(CommentRow, comment_row, COMMENT, ROW, GtkWidget)

/* A row that lays out texts with `heights` (not owned) and animates its
 * height with `clock` (not owned; NULL: never). */
GtkWidget *comment_row_new(FoldTextHeights *heights, GtkListItem *list_item,
                           FoldTransitionClock *clock);

/* Binds the row to a model item (NULL: unbinds). */
void comment_row_set_item(CommentRow *self, FoldListItem *item);

/* A GtkSignalListItemFactory's "bind" / "unbind" for a CommentRow child. */
void comment_row_bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data);
void comment_row_unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data);

/* The CommentRow the list shows for `position` (mapped), or NULL. */
CommentRow *comment_row_find(GtkWidget *list, guint position);

/* The position of the item the row shows, -1 if none. */
int64_t comment_row_get_position(CommentRow *self);

/* What the last snapshot drew: the text's layout (NULL: none), the height,
 * a header's chevron (1 expanded, 0 collapsed, -1 none). */
PangoLayout *comment_row_get_layout(CommentRow *self);
double comment_row_get_drawn_height(CommentRow *self);
int comment_row_get_drawn_chevron(CommentRow *self);
/* How many items gone from the list the last snapshot drew below the row. */
int comment_row_get_drawn_gone(CommentRow *self);

/* The row's height at the clock's frame (whole pixels), or -1 when the
 * clock is not running or its item is not in the transition. */
int comment_row_get_frame_height(CommentRow *self);

#endif
