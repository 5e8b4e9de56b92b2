/*
 * fold-store-drop.c — FoldStore's drop targets and drops (foldtable.h,
 * "Drag and drop"). The dragged items cross GObject Introspection as two
 * arrays of equal length, sections and rows (-1: the whole section), which
 * every binding passes as plain lists.
 */
#include "fold-store-private.h"

gboolean
fold_item_refs_from_arrays(const guint64 *sections, gsize n_sections, const gint64 *rows, gsize n_rows,
          fold_item_ref **out, GError **error)
{
    *out = NULL;
    if (n_sections != n_rows || (n_sections && (!sections || !rows))) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                    "FOLD_E_INVALID: %" G_GSIZE_FORMAT " sections but %" G_GSIZE_FORMAT
                    " rows given: each dragged item is a section and a row (-1 for the "
                    "whole section)",
                    n_sections, n_rows);
        return FALSE;
    }
    if (n_sections == 0)
        return TRUE;
    *out = g_new(fold_item_ref, n_sections);
    for (gsize i = 0; i < n_sections; i++)
        (*out)[i] = (fold_item_ref){sections[i], rows[i]};
    return TRUE;
}

void
fold_drop_target_from_engine(FoldDropTarget *out, const fold_drop_target *t)
{
    *out = (FoldDropTarget){
        .kind = (FoldDropKind)t->kind,
        .depth = t->depth,
        .parent = t->parent,
        .index = t->index,
        .position = t->position,
        .line_y = t->line_y,
        .line_x = t->line_x,
        .highlight_top = t->highlight_top,
        .highlight_height = t->highlight_height,
    };
}

/**
 * fold_store_drop_target:
 * @store: a store
 * @x: the pointer's x from the list's left edge (or a level, with
 *   @indent_width 1)
 * @y: the pointer's offset in the content (as for the flat list's offsets)
 * @indent_width: points per nesting level (> 0)
 * @sections: (array length=n_sections) (nullable): the dragged items'
 *   sections
 * @n_sections: their number
 * @rows: (array length=n_rows) (nullable): the dragged items' rows, -1
 *   for a whole section
 * @n_rows: their number (equal to @n_sections)
 * @out_target: (out caller-allocates): where the items would land
 * @error: return location for a #GError
 *
 * Where dragged items would land if dropped at (@x, @y), with the
 * indicator's geometry (the engine's rule: foldtable.h, "Drag and drop").
 * No items (a drag from elsewhere): every place is open but
 * %FOLD_SECTION_FLAGS_NO_DROP sections. A place that cannot take them is
 * %FOLD_DROP_KIND_NONE (not an error). Nothing changes.
 * #FoldDropIndicator does this for a #GtkListView and draws it.
 *
 * Cost: O(d * depth * log n) for d dragged items.
 *
 * Returns: (skip): %TRUE on success; %FALSE with @error set (lengths that differ,
 *   coordinates that are not finite, @indent_width <= 0: %FOLD_E_INVALID;
 *   a dragged item that does not exist: %FOLD_E_NOT_FOUND)
 */
gboolean
fold_store_drop_target(FoldStore *store, double x, double y, double indent_width,
                       const guint64 *sections, gsize n_sections, const gint64 *rows,
                       gsize n_rows, FoldDropTarget *out_target, GError **error)
{
    TABLE_OR_FAIL(store, error);
    fold_item_ref *refs = NULL;
    if (!fold_item_refs_from_arrays(sections, n_sections, rows, n_rows, &refs, error))
        return FALSE;
    fold_drop_target t = {0};
    int status =
        fold_table_drop_target(table, x, y, indent_width, refs, (int64_t)n_sections, &t);
    g_free(refs);
    if (!fold_check_status(status, error))
        return FALSE;
    if (out_target)
        fold_drop_target_from_engine(out_target, &t);
    return TRUE;
}

/**
 * fold_store_drop:
 * @store: a store
 * @parent: the section that gets the items (0: the top level), a
 *   #FoldDropTarget's parent
 * @index: the child index they go before, counted before the move (the
 *   target's index)
 * @sections: (array length=n_sections) (nullable): the items' sections
 * @n_sections: their number
 * @rows: (array length=n_rows) (nullable): the items' rows, -1 for a whole
 *   section
 * @n_rows: their number (equal to @n_sections)
 * @error: return location for a #GError
 *
 * Performs a drop: the items, in the order given, become consecutive
 * children of @parent at @index, in one change set with moves, so the
 * models keep their #FoldListItem objects and a #GtkListView their
 * widgets. Their selection, expanded and collapsed states and ids go with
 * them. Everything is checked first; a failure changes nothing (a section
 * into its own subtree, rows at the top level, an item named twice:
 * %FOLD_E_INVALID; a %FOLD_SECTION_FLAGS_NO_DROP or unloaded parent:
 * %FOLD_E_NOT_ALLOWED).
 *
 * Cost: O(d * depth * log n) for d items.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_drop(FoldStore *store, guint64 parent, gint64 index, const guint64 *sections,
                gsize n_sections, const gint64 *rows, gsize n_rows, GError **error)
{
    TABLE_OR_FAIL(store, error);
    fold_item_ref *refs = NULL;
    if (!fold_item_refs_from_arrays(sections, n_sections, rows, n_rows, &refs, error))
        return FALSE;
    int status = fold_table_drop(table, parent, index, refs, (int64_t)n_sections);
    g_free(refs);
    return fold_check_status(status, error);
}
