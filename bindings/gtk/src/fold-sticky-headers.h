/*
 * fold-sticky-headers.h — the engine's sticky section headers over a
 * scrolled GtkListView that shows a FoldListModel.
 * What it does and how to use it: the FoldStickyHeaders comment below (the GTK
 * reference's class page).
 */
#ifndef FOLD_STICKY_HEADERS_H
#define FOLD_STICKY_HEADERS_H

#include <gtk/gtk.h>

#include "foldtable-gtk.h"

G_BEGIN_DECLS

/**
 * FoldStickyHeaders:
 *
 * The engine's sticky section headers over a scrolled #GtkListView that
 * shows a #FoldListModel.
 *
 * FoldStickyHeaders wraps the GtkScrolledWindow that holds the list (it is
 * the window's parent, like a GtkOverlay) and draws, over the list, the
 * headers that stick at the top for the list's current scroll offset:
 * fold_table_sticky_headers(), stacked the way CSS position: sticky headers
 * stack (one per nesting level, outermost on top, deeper levels sliding
 * behind the ones above them as the next section pushes them up), clipped
 * to the list's viewport.
 *
 * ```c
 * GtkWidget *scroller = gtk_scrolled_window_new();
 * gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list_view);
 * GtkWidget *sticky = fold_sticky_headers_new(model, scroller);
 * // put `sticky` where the scrolled window would have gone
 * ```
 *
 * Each stuck header is rendered by the list's own factory (or the one set
 * with fold_sticky_headers_set_factory()), in a one-row GtkListView that
 * carries the list's CSS classes, and laid out at the x and width of the
 * list's rows and at the engine's height: the theme and the app's CSS give
 * it the same look as the header row in the list, and a header that starts
 * to stick does not move. The factory's bind sees the header's FoldListItem
 * at position 0 of a one-item model: bind from the item's properties, not
 * from gtk_list_item_get_position().
 *
 * A primary click on a stuck header acts on that header, never on the list
 * row under it: its section is toggled (fold_list_model_toggle_section —
 * a stuck header's section is expanded, so it collapses) and the list is
 * scrolled so that the header stays where it was on screen (as far as the
 * content allows). Wheel and touchpad scrolling over a stuck header scroll
 * the list.
 *
 * The stack follows the list's vertical adjustment and the model's
 * items-changed; it is computed when the widget is allocated, from the
 * adjustment's value after the list has been laid out. The list's offsets
 * must be the engine's (the rows laid out at the engine's heights).
 *
 * Thread safety: a GTK widget; use it on the GTK main thread.
 */
#define FOLD_TYPE_STICKY_HEADERS (fold_sticky_headers_get_type())
G_DECLARE_FINAL_TYPE(FoldStickyHeaders, fold_sticky_headers, FOLD, STICKY_HEADERS, GtkWidget)

GtkWidget *fold_sticky_headers_new(FoldListModel *model, GtkWidget *child);

void fold_sticky_headers_set_child(FoldStickyHeaders *self, GtkWidget *child);
GtkWidget *fold_sticky_headers_get_child(FoldStickyHeaders *self);

void fold_sticky_headers_set_model(FoldStickyHeaders *self, FoldListModel *model);
FoldListModel *fold_sticky_headers_get_model(FoldStickyHeaders *self);

void fold_sticky_headers_set_list_view(FoldStickyHeaders *self, GtkListView *list_view);
GtkListView *fold_sticky_headers_get_list_view(FoldStickyHeaders *self);

void fold_sticky_headers_set_factory(FoldStickyHeaders *self, GtkListItemFactory *factory);
GtkListItemFactory *fold_sticky_headers_get_factory(FoldStickyHeaders *self);

guint fold_sticky_headers_get_n_headers(FoldStickyHeaders *self);
gboolean fold_sticky_headers_get_header(FoldStickyHeaders *self, guint index,
                                        fold_section_id *out_section, guint *out_position,
                                        double *out_y, double *out_height);
GtkWidget *fold_sticky_headers_get_header_widget(FoldStickyHeaders *self, guint index);

gboolean fold_sticky_headers_activate_header(FoldStickyHeaders *self, guint index,
                                             gboolean *out_changed, GError **error);

G_END_DECLS

#endif /* FOLD_STICKY_HEADERS_H */
