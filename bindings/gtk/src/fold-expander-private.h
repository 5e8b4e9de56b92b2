/*
 * fold-expander-private.h — FoldExpander's fields and what its files share
 * (not installed): fold-expander.c (type, properties, accessors),
 * fold-expander-display.c (what it shows), fold-expander-actions.c
 * (operations, actions), fold-expander-keys.c (keys, controllers) and
 * fold-expander-focus.c (GTK's focus and the engine's).
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

/* fold-expander-actions.c: the listitem.* actions (class_init); what the
 * engine says now about the item's section or row; the item's position in
 * the table now, from its section and row (an item that left the model
 * keeps an old "position"). */
G_GNUC_INTERNAL void fold_expander_install_actions(GtkWidgetClass *widget_class);
G_GNUC_INTERNAL gboolean fold_expander_live_state(FoldExpander *self, gboolean *out_expandable,
                                                  gboolean *out_expanded, GError **error);
G_GNUC_INTERNAL gboolean fold_expander_live_position(FoldExpander *self, int64_t *out_position,
                                                     GError **error);

/* fold-expander-keys.c: the key and focus controllers and the chevron's
 * click gesture (init, after the icon); one key of the engine's keyboard
 * model on the item (the list scrolled and GTK's focus moved after it). */
G_GNUC_INTERNAL void fold_expander_add_controllers(FoldExpander *self);
G_GNUC_INTERNAL gboolean fold_expander_press(FoldExpander *self, int32_t key, uint32_t modifiers,
                                             gboolean *out_handled, GError **error);

/* fold-expander-focus.c: moving GTK's focus to this expander when its item
 * is the engine's focused one and GTK's focus is in its list (on a new
 * item, and when the item's "focused" turns on: the engine's focus rule
 * after a collapse or a removal); the list view the expander is in; moving
 * GTK's focus in `list` to the engine's focused item's widget (`now` if it
 * is there, else over the next frames); the focus controller's "enter"
 * (the engine's focus follows GTK's). */
G_GNUC_INTERNAL void fold_expander_follow_item_focus(FoldExpander *self);
G_GNUC_INTERNAL GtkWidget *fold_expander_list_of(FoldExpander *self);
G_GNUC_INTERNAL void fold_expander_follow_focus(GtkWidget *list, FoldListModel *model,
                                                gboolean now);
G_GNUC_INTERNAL void fold_expander_focus_enter(GtkEventControllerFocus *controller,
                                               gpointer data);

G_END_DECLS

#endif /* FOLD_EXPANDER_PRIVATE_H */
