/*
 * fold-expander.h — FoldExpander, the row widget of a FoldListModel list:
 * indentation by depth, a chevron that turns, click and keyboard to
 * collapse and expand, the accessible "expanded" state. FoldTable's
 * counterpart of GtkTreeExpander.
 */
#ifndef FOLD_EXPANDER_H
#define FOLD_EXPANDER_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Declared again here (the same typedefs as fold-list-item.h and
 * fold-list-model.h), so that this header can be included on its own. */
typedef struct _FoldListItem FoldListItem;
typedef struct _FoldListModel FoldListModel;

#define FOLD_TYPE_EXPANDER (fold_expander_get_type())
G_DECLARE_FINAL_TYPE(FoldExpander, fold_expander, FOLD, EXPANDER, GtkWidget)

GtkWidget *fold_expander_new(void);

GtkWidget *fold_expander_get_child(FoldExpander *self);
void fold_expander_set_child(FoldExpander *self, GtkWidget *child);

FoldListItem *fold_expander_get_item(FoldExpander *self);
void fold_expander_set_item(FoldExpander *self, FoldListItem *item);

FoldListModel *fold_expander_get_model(FoldExpander *self);
void fold_expander_set_model(FoldExpander *self, FoldListModel *model);

gboolean fold_expander_get_expandable(FoldExpander *self);
gboolean fold_expander_get_expanded(FoldExpander *self);
int fold_expander_get_level(FoldExpander *self);

gboolean fold_expander_set_expanded(FoldExpander *self, gboolean expanded, GError **error);
gboolean fold_expander_expand_all(FoldExpander *self, GError **error);
gboolean fold_expander_activate_item(FoldExpander *self, int32_t *out_action, GError **error);
gboolean fold_expander_focus_parent(FoldExpander *self);

G_END_DECLS

#endif /* FOLD_EXPANDER_H */
