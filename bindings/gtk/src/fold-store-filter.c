/*
 * fold-store-filter.c — filtering on a FoldStore: the app's match function
 * (FoldMatchFunc) behind the engine's fold_match_fn, with its destroy
 * notify; the filter's flags (FoldFilterFlags, fold-enums.c); one row's or
 * section's answer changed later; the answers and the match counts ("2 of
 * 5"). The store's models follow the filter through the engine's change
 * sets like any other change (items-changed).
 */
#include "fold-store-private.h"

/* ---- the match function installed on the table --------------------------- */

/* The engine's fold_match_fn: asks the app's function (user_data is its
 * MatchFunc). Any negative answer stops the call that asks. */
static int
match_cb(fold_table *table, fold_section_id section, const char *key, int64_t row, void *data)
{
    (void)table;
    MatchFunc *m = data;
    gint answer = m->func(m->store, (guint64)section, key, (gint64)row, m->data);
    return answer < 0 ? -1 : answer > 0;
}

static void
match_func_free(MatchFunc *m)
{
    if (!m)
        return;
    if (m->destroy)
        m->destroy(m->data);
    g_free(m);
}

void
fold_store_release_filter(FoldStore *self)
{
    if (!self->filter)
        return;
    /* Cleared on the table first: the engine must not ask a function whose
     * data is freed. Refused only inside a callback of the table (the store
     * disposed from one); the table goes with the store then anyway. */
    if (fold_table_set_filter(self->table, NULL, NULL, 0) != FOLD_OK)
        g_critical("FoldStore: cannot clear the filter at dispose: %s",
                   fold_last_error_message());
    MatchFunc *old = self->filter;
    self->filter = NULL;
    match_func_free(old);
}

/* ---- public ------------------------------------------------------------- */

/**
 * fold_store_set_filter_func:
 * @store: a store
 * @flags: the filter's options; must be %FOLD_FILTER_FLAGS_NONE when @func
 *   is %NULL
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): answers
 *   whether each row and section header matches, or %NULL to clear the filter
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 * @error: return location for a #GError
 *
 * Sets the filter, replacing the one set before, or with @func %NULL
 * clears it. A filter shows the rows that match and the sections that lead
 * to them: a row that does not match is hidden; a section is shown when
 * its header matches or anything below it is shown, otherwise it is hidden
 * with its header, footer and placeholder. Shown items that match
 * themselves have #FoldListItem:match. Collapsed sections stay collapsed
 * unless @flags has %FOLD_FILTER_FLAGS_EXPAND_MATCHES;
 * %FOLD_FILTER_FLAGS_SHOW_CHILDREN shows everything below a section whose
 * header matches. Row indices, counts, collapsed states and the selection
 * do not change: only the flat list does (positions, item counts), so the
 * store's models emit #GListModel::items-changed (one change set: one
 * step per run of items hidden or shown; the items that stay keep their
 * #FoldListItem objects). See "Filtering" in foldtable.h for the whole
 * rule.
 *
 * @func is asked about every row and section now, before anything changes;
 * a negative answer stops the call: it fails with %FOLD_E_CANCELLED ("the
 * match function stopped the filter") and changes nothing. On success the
 * previous function is never asked again and its destroy notify runs now.
 * On failure the previous filter stays, and @destroy is called on
 * @user_data at once (%FOLD_E_INVALID for unknown @flags bits or @flags
 * with a %NULL @func; %FOLD_E_BUSY inside a callback of the table: a
 * section or row signal's handler, a match or height function). With a
 * %NULL @func, @destroy is called at once too. Otherwise @destroy runs
 * exactly once: when the function is replaced or cleared, or the store is
 * disposed.
 *
 * @flags comes first, before the function, so that bindings can leave out
 * the user data: in Python `store.set_filter_func(flags, match)`, where
 * `match(store, section, key, row)` returns an int (catch exceptions in
 * it: PyGObject answers 0 for one that raises; return -1 to stop).
 *
 * Cost: O(n) answers and O(n) work for n rows and sections (rows of the
 * default height answered alike cost O(1) each to store, answers that vary
 * a bit per row, in chunks of 64 rows), once per call;
 * clearing O(p) for the p pieces (runs of rows, sections) of the table.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_filter_func(FoldStore *store, FoldFilterFlags flags, FoldMatchFunc func,
                           gpointer user_data, GDestroyNotify destroy, GError **error)
{
    fold_table *table = fold_store_table_of(store, error);
    if (!table) {
        if (destroy)
            destroy(user_data);
        return FALSE;
    }
    MatchFunc *m = NULL;
    if (func) {
        m = g_new(MatchFunc, 1);
        *m = (MatchFunc){store, func, user_data, destroy};
    }
    int status = fold_table_set_filter(table, m ? match_cb : NULL, m, (uint32_t)flags);
    if (status != FOLD_OK) {
        /* The error first: the destroy notify may call the engine, which
         * would replace the message. */
        fold_check_status(status, error);
        if (m)
            match_func_free(m);
        else if (destroy)
            destroy(user_data);
        return FALSE;
    }
    MatchFunc *old = store->filter;
    store->filter = m;
    match_func_free(old);
    if (!func && destroy)
        destroy(user_data);
    return TRUE;
}

/**
 * fold_store_clear_filter:
 * @store: a store
 * @error: return location for a #GError
 *
 * Clears the filter (fold_store_set_filter_func() with %NULL): every item
 * is shown again as its section's stored state says, and the match
 * function's destroy notify runs. Nothing happens without a filter.
 * %FOLD_E_BUSY inside a callback of the store. Cost: O(p) for the p pieces
 * (runs of rows, sections) of the table.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_clear_filter(FoldStore *store, GError **error)
{
    return fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_NONE, NULL, NULL, NULL, error);
}

/**
 * fold_store_get_filter_active:
 * @store: a store
 * @out_active: (out): whether a filter is set
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_get_filter_active,
                    (FoldStore *store, gboolean *out_active, GError **error), int active,
                    fold_table_filter_info(table, &active, NULL), out_active, active != 0)

/**
 * fold_store_get_filter_flags:
 * @store: a store
 * @out_flags: (out): the filter's options; %FOLD_FILTER_FLAGS_NONE without
 *   a filter (fold_store_get_filter_active() tells the two apart)
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_filter_flags(FoldStore *store, FoldFilterFlags *out_flags, GError **error)
{
    TABLE_OR_FAIL(store, error);
    int active = 0;
    uint32_t flags = 0;
    FOLD_RETURN_OUT(fold_table_filter_info(table, &active, &flags), out_flags,
                    (FoldFilterFlags)flags, error);
}

/**
 * fold_store_set_row_match:
 * @store: a store
 * @section: a section's id
 * @row: a row index in @section
 * @matches: the row's new answer
 * @error: return location for a #GError
 *
 * Changes one row's answer, as the match function would answer now (its
 * text changed); the function is not asked. The row's item is added,
 * removed or redrawn, or, when that shows, hides or opens sections, the
 * outermost of them is replaced (only its children when it stays shown)
 * (#GListModel::items-changed). Nothing
 * happens when the answer is the same. %FOLD_E_NOT_ALLOWED without a
 * filter, %FOLD_E_NOT_FOUND for a stale @section, %FOLD_E_RANGE for a bad
 * @row. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_row_match,
                (FoldStore *store, guint64 section, gint64 row, gboolean matches,
                 GError **error),
                fold_table_set_row_match(table, section, row, matches ? 1 : 0))

/**
 * fold_store_set_section_match:
 * @store: a store
 * @section: a section's id
 * @matches: the new answer for its header
 * @error: return location for a #GError
 *
 * Changes a section header's answer, reported as for
 * fold_store_set_row_match(). %FOLD_E_NOT_ALLOWED without a filter,
 * %FOLD_E_NOT_FOUND for a stale @section. Cost: O(depth * log n), plus
 * O(p) for the p pieces below it with %FOLD_FILTER_FLAGS_SHOW_CHILDREN.
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_section_match,
                (FoldStore *store, guint64 section, gboolean matches, GError **error),
                fold_table_set_section_match(table, section, matches ? 1 : 0))

/**
 * fold_store_get_row_matches:
 * @store: a store
 * @section: a section's id
 * @row: a row index in @section
 * @out_matches: (out): the row's answer (%TRUE without a filter)
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_get_row_matches,
                    (FoldStore *store, guint64 section, gint64 row, gboolean *out_matches,
                     GError **error),
                    int matches, fold_table_row_matches(table, section, row, &matches),
                    out_matches, matches != 0)

/**
 * fold_store_get_section_matches:
 * @store: a store
 * @section: a section's id
 * @out_matches: (out): its header's answer (%TRUE without a filter)
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_get_section_matches,
                    (FoldStore *store, guint64 section, gboolean *out_matches, GError **error),
                    int matches, fold_table_section_matches(table, section, &matches),
                    out_matches, matches != 0)

/**
 * fold_store_get_match_count:
 * @store: a store
 * @section: a section's id, or 0 for the whole store
 * @out_matches: (out) (optional): the rows that match, in @section and all
 *   its subsections
 * @out_rows: (out) (optional): all the rows there
 * @error: return location for a #GError
 *
 * What a header shows as "2 of 5" while filtering. Without a filter every
 * row matches. Rows only: section headers that match are not counted.
 * Cost: O(1) after resolving the section.
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_match_count(FoldStore *store, guint64 section, gint64 *out_matches,
                           gint64 *out_rows, GError **error)
{
    TABLE_OR_FAIL(store, error);
    int64_t matches = 0, rows = 0;
    if (!fold_check_status(fold_table_match_count(table, section, &matches, &rows), error))
        return FALSE;
    if (out_matches)
        *out_matches = matches;
    if (out_rows)
        *out_rows = rows;
    return TRUE;
}
