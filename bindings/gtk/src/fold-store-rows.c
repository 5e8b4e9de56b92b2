/*
 * fold-store-rows.c — FoldStore's row methods: inserting, removing and
 * moving rows, their heights, and expanding and collapsing them. Each is
 * one engine call (fold-store-private.h).
 */
#include "fold-store-private.h"

static gboolean
too_many(gsize n, GError **error)
{
    g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_RANGE,
                "FOLD_E_RANGE: %" G_GSIZE_FORMAT " heights: more than FOLD_MAX_ROWS", n);
    return FALSE;
}

/**
 * fold_store_insert_rows:
 * @store: a store
 * @section: a section's id
 * @index: child index (the row index without subsections), -1 for the end
 * @count: how many rows, of the section's default height
 * @error: return location for a #GError
 *
 * Inserts rows. Update the app's row data first: views fetch the new rows
 * during the call. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_insert_rows,
                (FoldStore *store, guint64 section, gint64 index, gint64 count, GError **error),
                fold_table_insert_rows(table, section, index, count, NULL))

/**
 * fold_store_append_rows:
 * @store: a store
 * @section: a section's id
 * @n_rows: how many rows, of the section's default height
 * @error: return location for a #GError
 *
 * Appends rows at the end of @section (after its subsections):
 * fold_store_insert_rows() with index -1. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_append_rows,
                (FoldStore *store, guint64 section, gint64 n_rows, GError **error),
                fold_table_insert_rows(table, section, FOLD_INDEX_END, n_rows, NULL))

/**
 * fold_store_insert_rows_with_heights:
 * @store: a store
 * @section: a section's id
 * @index: child index, -1 for the end
 * @heights: (array length=n_heights): one height per new row (-1: the default)
 * @n_heights: how many rows
 * @error: return location for a #GError
 *
 * Inserts @n_heights rows of the given heights. Cost: O(depth * log n + count).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_insert_rows_with_heights(FoldStore *store, guint64 section, gint64 index,
                                    const double *heights, gsize n_heights, GError **error)
{
    TABLE_OR_FAIL(store, error);
    if (n_heights > (gsize)FOLD_MAX_ROWS)
        return too_many(n_heights, error);
    if (n_heights == 0)
        heights = NULL;
    return fold_check_status(
        fold_table_insert_rows(table, section, index, (int64_t)n_heights, heights), error);
}

/**
 * fold_store_remove_rows:
 * @store: a store
 * @section: a section's id
 * @row: the first row index
 * @count: how many rows
 * @error: return location for a #GError
 *
 * Removes rows @row .. @row + @count - 1; subsections between them stay.
 * Cost: O(depth * log n) plus the memory freed.
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_remove_rows,
                (FoldStore *store, guint64 section, gint64 row, gint64 count, GError **error),
                fold_table_remove_rows(table, section, row, count))

/**
 * fold_store_move_row:
 * @store: a store
 * @section: the row's section
 * @row: its row index
 * @target: the section it moves to
 * @index: child index in @target without the moved row, -1 for the end
 * @error: return location for a #GError
 *
 * Moves a row with its heights and expanded state. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_move_row,
                (FoldStore *store, guint64 section, gint64 row, guint64 target, gint64 index,
                 GError **error),
                fold_table_move_row(table, section, row, target, index))

/**
 * fold_store_set_row_height:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @height: points, or -1 for the section's default
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_row_height,
                (FoldStore *store, guint64 section, gint64 row, double height, GError **error),
                fold_table_set_row_height(table, section, row, height))

/**
 * fold_store_set_row_heights:
 * @store: a store
 * @section: a section's id
 * @row: the first row index
 * @heights: (array length=n_heights): one height per row (-1: the default)
 * @n_heights: how many rows
 * @error: return location for a #GError
 *
 * Sets the heights of rows @row .. @row + @n_heights - 1, all or nothing.
 * Cost: O(depth * log n + count).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_row_heights(FoldStore *store, guint64 section, gint64 row, const double *heights,
                           gsize n_heights, GError **error)
{
    TABLE_OR_FAIL(store, error);
    if (n_heights > (gsize)FOLD_MAX_ROWS)
        return too_many(n_heights, error);
    if (n_heights == 0)
        return fold_check_status(fold_table_set_row_heights(table, section, row, 0, NULL), error);
    return fold_check_status(
        fold_table_set_row_heights(table, section, row, (int64_t)n_heights, heights), error);
}

/**
 * fold_store_set_row_expanded_height:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @height: points, or -1 to remove it (the row collapses)
 * @error: return location for a #GError
 *
 * A row is expandable while its expanded height exceeds its height.
 * Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_row_expanded_height,
                (FoldStore *store, guint64 section, gint64 row, double height, GError **error),
                fold_table_set_row_expanded_height(table, section, row, height))

/**
 * fold_store_get_row_expanded:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @out_expanded: (out): the row is expanded
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_row_expanded(FoldStore *store, guint64 section, gint64 row,
                            gboolean *out_expanded, GError **error)
{
    TABLE_OR_FAIL(store, error);
    fold_row_info info;
    FOLD_RETURN_OUT(fold_table_row_info(table, section, row, &info), out_expanded,
                    (info.flags & FOLD_ITEM_FLAG_EXPANDED) != 0, error);
}

/* ---- expanding ----------------------------------------------------------- */

/**
 * fold_store_expand_row:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Expands a row (the accordion applies; a row that cannot expand: nothing).
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_expand_row,
                    (FoldStore *store, guint64 section, gint64 row, gboolean *out_changed,
                     GError **error),
                    int changed, fold_table_expand_row(table, section, row, &changed), out_changed,
                    changed != 0)

/**
 * fold_store_collapse_row:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_collapse_row,
                    (FoldStore *store, guint64 section, gint64 row, gboolean *out_changed,
                     GError **error),
                    int changed, fold_table_collapse_row(table, section, row, &changed),
                    out_changed, changed != 0)

/**
 * fold_store_toggle_row:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_toggle_row,
                    (FoldStore *store, guint64 section, gint64 row, gboolean *out_changed,
                     GError **error),
                    int changed, fold_table_toggle_row(table, section, row, &changed), out_changed,
                    changed != 0)
