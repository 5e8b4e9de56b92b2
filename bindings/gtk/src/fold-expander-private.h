/*
 * fold-expander-private.h — FoldExpander's fields and what its three files
 * share (not installed): fold-expander.c (type, properties, accessors),
 * fold-expander-display.c (what it shows) and fold-expander-actions.c
 * (operations, actions, keys).
 */
#ifndef FOLD_EXPANDER_PRIVATE_H
#define FOLD_EXPANDER_PRIVATE_H

#include "fold-expander.h"
#include "foldtable-gtk.h"
#include "fold-list-item-private.h"

G_BEGIN_DECLS

struct _FoldExpander {
    GtkWidget parent_instance;

    FoldListItem *item;
    FoldListModel *model;
    GtkWidget *child;
    GtkWidget *icon;
    /* The default display of a placeholder item (fold-expander-display.c),
     * made when the first one is shown: a box of a spinner, a label and a
     * "Retry" link; the child is hidden meanwhile. */
    GtkWidget *placeholder;
    GtkWidget *spinner;
    GtkWidget *placeholder_label;
    GtkWidget *retry;
    gulong item_notify;
    int n_indents;
    int level;
    gboolean expandable;
    gboolean expanded;
};

/* fold-expander.c: stores the shown state in the properties, notifying
 * those that changed; gives an action's failure to the "failed" signal (a
 * warning without a handler) and frees it (NULL: nothing failed). */
G_GNUC_INTERNAL void fold_expander_store_state(FoldExpander *self, int level,
                                               gboolean expandable, gboolean expanded);
G_GNUC_INTERNAL void fold_expander_report(FoldExpander *self, const char *action,
                                          GError *error);

/* fold-expander-display.c: shows the item's state (and stores it);
 * `n` indent nodes before the chevron; the item's notify handler. */
G_GNUC_INTERNAL void fold_expander_update(FoldExpander *self);
G_GNUC_INTERNAL void fold_expander_set_indents(FoldExpander *self, int n);
G_GNUC_INTERNAL void fold_expander_item_notify(GObject *item, GParamSpec *pspec,
                                               gpointer data);

/* fold-expander-actions.c: the listitem.* actions (class_init); the key
 * and focus controllers and the chevron's click gesture (init, after the
 * icon); moving GTK's focus to this expander when its item is the engine's
 * focused one and GTK's focus is in its list (on a new item, and when
 * the item's "focused" turns on: the engine's focus rule after a collapse
 * or a removal). */
G_GNUC_INTERNAL void fold_expander_install_actions(GtkWidgetClass *widget_class);
G_GNUC_INTERNAL void fold_expander_add_controllers(FoldExpander *self);
G_GNUC_INTERNAL void fold_expander_follow_item_focus(FoldExpander *self);

G_END_DECLS

#endif /* FOLD_EXPANDER_PRIVATE_H */
