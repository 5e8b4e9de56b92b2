/*
 * fold-store-heights.c — FoldStore's heights measured on demand: the row,
 * header and expanded height functions (FoldHeightFunc), the engine's height
 * providers that call them (a destroy notify for a function replaced inside
 * a call waits until the outermost call returns), fold_store_measure() and
 * fold_store_invalidate_heights().
 */
#include "fold-store-private.h"

#include <math.h>

/* ---- the providers installed on the table -------------------------------- */

static int
call_height_func(FoldStore *self, int which, fold_section_id section, const char *key,
                 int64_t row, double *out_height)
{
    HeightFunc *h = &self->heights[which];
    if (!h->func)
        return 0;
    double height = -1;
    self->in_provider++;
    h->func(self, section, key, row, &height, h->data);
    self->in_provider--;
    if (self->in_provider == 0 && self->deferred && self->deferred->len > 0)
        g_ptr_array_set_size(self->deferred, 0); /* runs the due destroy notifies */
    if (!isfinite(height) || height < 0)
        return 0;
    *out_height = height;
    return 1;
}

static int
row_height_cb(fold_table *t, fold_section_id s, const char *k, int64_t r, double *h, void *d)
{
    (void)t;
    return call_height_func(d, HEIGHT_ROW, s, k, r, h);
}

static int
header_height_cb(fold_table *t, fold_section_id s, const char *k, int64_t r, double *h, void *d)
{
    (void)t;
    return call_height_func(d, HEIGHT_HEADER, s, k, r, h);
}

static int
expanded_height_cb(fold_table *t, fold_section_id s, const char *k, int64_t r, double *h,
                   void *d)
{
    (void)t;
    return call_height_func(d, HEIGHT_EXPANDED, s, k, r, h);
}

static void
height_func_free(gpointer p)
{
    HeightFunc *h = p;
    if (h->destroy)
        h->destroy(h->data);
    g_free(h);
}

/* Runs the old function's destroy notify now, or after the outermost
 * provider call when one is running (it may be the one being replaced). */
static void
release_height_func(FoldStore *self, HeightFunc old)
{
    if (!old.destroy)
        return;
    if (self->in_provider > 0) {
        if (!self->deferred)
            self->deferred = g_ptr_array_new_with_free_func(height_func_free);
        g_ptr_array_add(self->deferred, g_memdup2(&old, sizeof old));
    } else {
        old.destroy(old.data);
    }
}

static gboolean
set_height_func(FoldStore *store, int which, FoldHeightFunc func, gpointer user_data,
                GDestroyNotify destroy, GError **error)
{
    static const int32_t engine_which[N_HEIGHT_FUNCS] = {FOLD_HEIGHT_ROW, FOLD_HEIGHT_HEADER,
                                                         FOLD_HEIGHT_EXPANDED};
    static const fold_height_fn trampolines[N_HEIGHT_FUNCS] = {row_height_cb, header_height_cb,
                                                               expanded_height_cb};
    fold_table *table = fold_store_table_of(store, error);
    if (!table) {
        if (destroy)
            destroy(user_data);
        return FALSE;
    }
    int status = fold_table_set_height_provider(table, engine_which[which],
                                                func ? trampolines[which] : NULL, store);
    if (status != FOLD_OK) {
        if (destroy)
            destroy(user_data);
        return fold_check_status(status, error);
    }
    HeightFunc old = store->heights[which];
    store->heights[which] = (HeightFunc){func, func ? user_data : NULL, func ? destroy : NULL};
    if (!func && destroy)
        destroy(user_data);
    release_height_func(store, old);
    return TRUE;
}

void
fold_store_clear_height_funcs(FoldStore *self)
{
    for (int i = 0; i < N_HEIGHT_FUNCS; i++)
        if (self->heights[i].func)
            set_height_func(self, i, NULL, NULL, NULL, NULL);
}

/* ---- public ------------------------------------------------------------- */

/**
 * fold_store_set_row_height_func:
 * @store: a store
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): measures rows, or %NULL to remove
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 * @error: return location for a #GError
 *
 * Rows without a height of their own count as the default (an estimate)
 * until fold_store_measure() asks @func. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_row_height_func(FoldStore *store, FoldHeightFunc func, gpointer user_data,
                               GDestroyNotify destroy, GError **error)
{
    return set_height_func(store, HEIGHT_ROW, func, user_data, destroy, error);
}

/**
 * fold_store_set_header_height_func:
 * @store: a store
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): measures headers (row -1), or %NULL
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_header_height_func(FoldStore *store, FoldHeightFunc func, gpointer user_data,
                                  GDestroyNotify destroy, GError **error)
{
    return set_height_func(store, HEIGHT_HEADER, func, user_data, destroy, error);
}

/**
 * fold_store_set_expanded_height_func:
 * @store: a store
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): gives rows' expanded heights, or %NULL
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 * @error: return location for a #GError
 *
 * Asked when a row without an expanded height is measured or expanded;
 * 0 means the row has none (it is not expandable). Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_expanded_height_func(FoldStore *store, FoldHeightFunc func, gpointer user_data,
                                    GDestroyNotify destroy, GError **error)
{
    return set_height_func(store, HEIGHT_EXPANDED, func, user_data, destroy, error);
}

/**
 * fold_store_measure:
 * @store: a store
 * @offset: the viewport's offset (a set viewport's is used instead)
 * @height: the viewport's height
 * @overscan: items beyond each edge to measure too
 * @out_measured: (out) (optional): rows and headers measured
 * @error: return location for a #GError
 *
 * Asks the height functions for the unmeasured items of the viewport.
 * Cost: O(k * depth * log n) for k items asked.
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_measure,
                    (FoldStore *store, double offset, double height, gint64 overscan,
                     gint64 *out_measured, GError **error),
                    int64_t measured,
                    fold_table_measure(table, offset, height, overscan, &measured), out_measured,
                    measured)

/**
 * fold_store_invalidate_heights:
 * @store: a store
 * @section: a section's id, or 0 with @row -1 for the whole table
 * @row: a row index, or -1 for every row and the header of @section
 * @error: return location for a #GError
 *
 * Forgets measured heights so the height functions are asked again.
 * Cost: O(depth * log n) for a row, plus O(stored rows) otherwise.
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_invalidate_heights,
                (FoldStore *store, guint64 section, gint64 row, GError **error),
                fold_table_invalidate_heights(table, section, row))
