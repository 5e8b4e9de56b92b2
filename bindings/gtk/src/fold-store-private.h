/*
 * fold-store-private.h — FoldStore's fields and what its files share (not
 * installed): fold-store.c (type, properties, lifetime, the flat list, saved
 * state), fold-store-signals.c (engine events as signals),
 * fold-store-sections.c, fold-store-rows.c, fold-store-heights.c (height
 * functions), fold-store-loading.c (lazily loaded children) and
 * fold-store-filter.c (the match function).
 */
#ifndef FOLD_STORE_PRIVATE_H
#define FOLD_STORE_PRIVATE_H

#include "fold-store.h"
#include "fold-private.h"

G_BEGIN_DECLS

typedef struct {
    FoldHeightFunc func;
    gpointer data;
    GDestroyNotify destroy;
} HeightFunc;

enum { HEIGHT_ROW, HEIGHT_HEADER, HEIGHT_EXPANDED, N_HEIGHT_FUNCS };

/* The app's match function, as set by fold_store_set_filter_func(): the
 * engine's user_data for its fold_match_fn (one per call, so that the new
 * function can be asked while the old one is still the store's). */
typedef struct {
    FoldStore *store; /* not a reference: the store owns this */
    FoldMatchFunc func;
    gpointer data;
    GDestroyNotify destroy;
} MatchFunc;

struct _FoldStore {
    GObject parent_instance;
    fold_table *table;
    fold_table_options options;
    int64_t section_listener;
    int64_t row_listener;
    gboolean listening;
    /* The change listener behind #FoldStore:n-items (fold-store-signals.c),
     * and the count last notified. */
    int64_t change_listener;
    gboolean listening_changes;
    guint n_items;
    HeightFunc heights[N_HEIGHT_FUNCS];
    /* Providers being called (depth): a destroy notify for one replaced
     * inside a provider waits until the outermost call has returned. */
    int in_provider;
    GPtrArray *deferred; /* HeightFunc * whose destroy is due */
    MatchFunc *filter;   /* the match function set last (NULL: none) */
};

/* The table, or NULL with an error (not a store, or a store whose table
 * could not be made). */
G_GNUC_INTERNAL fold_table *fold_store_table_of(FoldStore *store, GError **error);

/* Declares `table`, the store's table; returns FALSE (NULL) with the error
 * set when there is none. */
#define TABLE_OR_FAIL(store, error)                                                           \
    fold_table *table = fold_store_table_of(store, error);                                    \
    if (!table)                                                                               \
        return FALSE

#define TABLE_OR_NULL(store, error)                                                           \
    fold_table *table = fold_store_table_of(store, error);                                    \
    if (!table)                                                                               \
        return NULL

/* The methods that are one engine call on the store's table (`call` uses
 * `table` and the parameters `params`, which end in `GError **error`):
 * FALSE with the GError on failure. */
#define FOLD_STORE_CALL(name, params, call)                                                   \
    gboolean name params                                                                      \
    {                                                                                         \
        TABLE_OR_FAIL(store, error);                                                          \
        return fold_check_status((call), error);                                              \
    }

/* The same for a call that hands out one value: `decl` declares the
 * variable `call` fills (zeroed first); `value` (an expression of it) goes
 * to `*out` on success when `out` is not NULL. */
#define FOLD_STORE_CALL_OUT(name, params, decl, call, out, value)                             \
    gboolean name params                                                                      \
    {                                                                                         \
        TABLE_OR_FAIL(store, error);                                                          \
        decl = {0};                                                                           \
        FOLD_RETURN_OUT((call), out, value, error);                                           \
    }

/* fold-store-signals.c: the section and row signals (class_init), and the
 * listeners that emit them, added to the new table (constructed) and
 * removed at dispose. */
G_GNUC_INTERNAL void fold_store_install_signals(GObjectClass *object_class);
G_GNUC_INTERNAL void fold_store_listen(FoldStore *self);
G_GNUC_INTERNAL void fold_store_unlisten(FoldStore *self);
/* (Re)registers the change listener that notifies n-items as the table's
 * last listener: after the models' own, so that the notification comes
 * after their items-changed (constructed, and
 * fold_list_model_new_for_store()). */
G_GNUC_INTERNAL void fold_store_listen_changes(FoldStore *self);
/* Notifies n-items (fold-store.c). */
G_GNUC_INTERNAL void fold_store_notify_n_items(FoldStore *self);

/* fold-store-loading.c: the load-start and load-cancel signals (class_init),
 * and the store as its table's loader (constructed; removed at dispose). */
G_GNUC_INTERNAL void fold_store_install_load_signals(GObjectClass *object_class);
G_GNUC_INTERNAL void fold_store_set_loader(FoldStore *self);
G_GNUC_INTERNAL void fold_store_unset_loader(FoldStore *self);

/* fold-store-heights.c: removes the height functions (dispose). */
G_GNUC_INTERNAL void fold_store_clear_height_funcs(FoldStore *self);

/* fold-store-filter.c: clears the table's filter and releases the match
 * function, its destroy notify run (dispose). */
G_GNUC_INTERNAL void fold_store_release_filter(FoldStore *self);

/* fold-store-drop.c, also for FoldDropIndicator: the dragged items as the
 * engine's refs, a new array in *out (NULL when there are none; g_free
 * it), FALSE with FOLD_E_INVALID when the lengths differ; the engine's
 * drop target as a FoldDropTarget. */
G_GNUC_INTERNAL gboolean fold_item_refs_from_arrays(const guint64 *sections, gsize n_sections,
                                                    const gint64 *rows, gsize n_rows,
                                                    fold_item_ref **out, GError **error);
G_GNUC_INTERNAL void fold_drop_target_from_engine(FoldDropTarget *out, const fold_drop_target *t);

G_END_DECLS

#endif /* FOLD_STORE_PRIVATE_H */
