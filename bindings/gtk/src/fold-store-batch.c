/*
 * fold-store-batch.c — FoldStore's batches: several edits that the models
 * over the store show as one items-changed (foldtable.h, "Batches"). Each
 * is one engine call (fold-store-private.h).
 */
#include "fold-store-private.h"

/**
 * fold_store_begin_batch:
 * @store: a store
 * @error: return location for a #GError
 *
 * Starts grouping edits: until the matching fold_store_end_batch(), every
 * change is made at once (queries see it), but the models over the store
 * emit nothing until the outermost batch ends; then each emits one
 * #GListModel::items-changed for the whole batch, in which moved rows and
 * sections keep their #FoldListItem (so a #GtkListView keeps their widgets,
 * focus and selection). Batches nest. A failed call inside a batch changes
 * nothing and leaves the batch open. End every batch you begin. Inside a
 * handler of the store or a model: FOLD_E_BUSY. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_begin_batch, (FoldStore *store, GError **error), fold_table_begin_batch(table))

/**
 * fold_store_end_batch:
 * @store: a store
 * @error: return location for a #GError
 *
 * Ends the innermost batch (fold_store_begin_batch()); the outermost
 * delivers the batch's one change set: the fewest steps from the list
 * before the batch to the list after it, with the moves. Without a batch
 * open: FOLD_E_INVALID. Cost: O((c + m) * log(c + m)) for the c steps and
 * m moves the batch made, plus the size of the change set.
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_end_batch, (FoldStore *store, GError **error), fold_table_end_batch(table))

/**
 * fold_store_get_batch_depth:
 * @store: a store
 *
 * How many batches are open (0: none). Cost: O(1).
 *
 * Returns: the number of open batches
 */
gint64
fold_store_get_batch_depth(FoldStore *store)
{
    int64_t depth = 0;
    if (!FOLD_IS_STORE(store) || !fold_store_get_table(store))
        return 0;
    fold_table_batch_depth(fold_store_get_table(store), &depth);
    return depth;
}
