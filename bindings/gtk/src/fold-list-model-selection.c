/*
 * fold-list-model-selection.c — FoldListModel as a GtkSelectionModel: the
 * engine's keyed selection (foldtable.h, "Selection") seen by position.
 *
 * Every answer and change goes to the engine: is_selected reads the item's
 * FOLD_ITEM_FLAG_SELECTED; select/unselect of items and ranges are
 * fold_table_select_item / _select_positions with REPLACE (unselect_rest),
 * ADD or REMOVE; select_all and unselect_all are fold_table_select_all and
 * _clear_selection. So the selection belongs to rows and sections, not to
 * positions: it survives collapsing and expanding (GtkTreeListModel's
 * selection models lose it), and a view's shift-click range covers the
 * shown items as the engine's range rule says. ::selection-changed is
 * emitted with each change set's items-changed (fold-list-model.c) for the
 * span of its redraw ranges, so a change made on the table
 * directly (fold_table_select_range from a click handler) reaches the view
 * too; GtkSelectionModel allows more notification than needed, never less.
 */
#include "fold-list-model-private.h"

#include <gtk/gtk.h>

/* Positions are the model's (the list as signalled): they are mapped to the
 * table's, which differ while a change made on another thread is not shown
 * yet (fold-list-model-queue.c). An item such a change removed is not
 * selected and cannot be selected. */
static gboolean
sel_is_selected(GtkSelectionModel *model, guint position)
{
    uint32_t flags = 0;
    return fold_model_item_flags(FOLD_LIST_MODEL(model), position, &flags) &&
           (flags & FOLD_ITEM_FLAG_SELECTED) != 0;
}

/* O(k * depth * log n) for the k positions asked (views ask for what they show). */
static GtkBitset *
sel_get_selection_in_range(GtkSelectionModel *model, guint position, guint n_items)
{
    GtkBitset *set = gtk_bitset_new_empty();
    for (guint i = 0; i < n_items; i++) {
        if (sel_is_selected(model, position + i))
            gtk_bitset_add(set, position + i);
    }
    return set;
}

static gboolean
select_one(GtkSelectionModel *model, guint position, int32_t how)
{
    FoldListModel *self = FOLD_LIST_MODEL(model);
    int64_t at;
    return fold_model_table_position(self, position, &at) &&
           fold_table_select_item(self->table, at, how, NULL) == FOLD_OK;
}

/* The range's first and last items, in the table; what a change not shown
 * yet inserted between them is in the range too. */
static gboolean
select_span(GtkSelectionModel *model, guint position, guint n_items, int32_t how)
{
    FoldListModel *self = FOLD_LIST_MODEL(model);
    int64_t first, last;
    if (n_items == 0)
        return fold_table_select_positions(self->table, position, 0, how, NULL) == FOLD_OK;
    return position <= G_MAXUINT - (n_items - 1) &&
           fold_model_table_position(self, position, &first) &&
           fold_model_table_position(self, position + n_items - 1, &last) && last >= first &&
           fold_table_select_positions(self->table, first, last - first + 1, how, NULL) == FOLD_OK;
}

static gboolean
sel_select_item(GtkSelectionModel *model, guint position, gboolean unselect_rest)
{
    return select_one(model, position, unselect_rest ? FOLD_SELECT_REPLACE : FOLD_SELECT_ADD);
}

static gboolean
sel_unselect_item(GtkSelectionModel *model, guint position)
{
    return select_one(model, position, FOLD_SELECT_REMOVE);
}

static gboolean
sel_select_range(GtkSelectionModel *model, guint position, guint n_items, gboolean unselect_rest)
{
    return select_span(model, position, n_items,
                       unselect_rest ? FOLD_SELECT_REPLACE : FOLD_SELECT_ADD);
}

static gboolean
sel_unselect_range(GtkSelectionModel *model, guint position, guint n_items)
{
    return select_span(model, position, n_items, FOLD_SELECT_REMOVE);
}

static gboolean
sel_select_all(GtkSelectionModel *model)
{
    return fold_table_select_all(FOLD_LIST_MODEL(model)->table, NULL) == FOLD_OK;
}

static gboolean
sel_unselect_all(GtkSelectionModel *model)
{
    return fold_table_clear_selection(FOLD_LIST_MODEL(model)->table, NULL) == FOLD_OK;
}

void
fold_list_model_selection_model_init(gpointer g_iface, gpointer data)
{
    GtkSelectionModelInterface *iface = g_iface;
    (void)data;
    iface->is_selected = sel_is_selected;
    iface->get_selection_in_range = sel_get_selection_in_range;
    iface->select_item = sel_select_item;
    iface->unselect_item = sel_unselect_item;
    iface->select_range = sel_select_range;
    iface->unselect_range = sel_unselect_range;
    iface->select_all = sel_select_all;
    iface->unselect_all = sel_unselect_all;
}

void
fold_list_model_emit_selection_changed(FoldListModel *self, const fold_range *redraw,
                                       int64_t n_redraw)
{
    if (n_redraw <= 0 || self->n_items == 0)
        return;
    int64_t first = redraw[0].position;
    const fold_range *last = &redraw[n_redraw - 1];
    int64_t end = MIN(last->position + last->count, (int64_t)self->n_items);
    if (first >= end)
        return;
    gtk_selection_model_selection_changed(GTK_SELECTION_MODEL(self), (guint)first, (guint)(end - first));
}
