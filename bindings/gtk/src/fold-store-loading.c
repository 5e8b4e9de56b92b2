/*
 * fold-store-loading.c — lazily loaded children on a FoldStore: the store is
 * its table's loader and re-emits the engine's FOLD_LOAD_START and
 * FOLD_LOAD_CANCEL as the "load-start" and "load-cancel" signals; the app
 * answers with fold_store_finish_load() (children as a snapshot GVariant,
 * converted by fold-store-snapshot.c) or fold_store_fail_load().
 */
#include "fold-store-private.h"

/* Indexed by the engine's loader event (FOLD_LOAD_START, FOLD_LOAD_CANCEL). */
enum { SIG_LOAD_START, SIG_LOAD_CANCEL, N_LOAD_SIGNALS };
G_STATIC_ASSERT(SIG_LOAD_START == FOLD_LOAD_START && SIG_LOAD_CANCEL == FOLD_LOAD_CANCEL);

static guint load_signals[N_LOAD_SIGNALS];

static void
on_load(fold_table *table, fold_section_id section, const char *key, uint64_t ticket,
        int32_t event, void *data)
{
    (void)table;
    if (event >= 0 && event < N_LOAD_SIGNALS)
        g_signal_emit(data, load_signals[event], 0, (guint64)section, key, (guint64)ticket);
}

void
fold_store_set_loader(FoldStore *self)
{
    if (fold_table_set_loader(self->table, on_load, self) != FOLD_OK)
        g_critical("FoldStore: cannot load lazily: %s", fold_last_error_message());
}

void
fold_store_unset_loader(FoldStore *self)
{
    /* Loads still running when the table is freed are not signalled: the
     * store is going. A worker's result for it finds no store to finish
     * (keep a reference on the store in the worker's task). */
    fold_table_set_loader(self->table, NULL, NULL);
}

void
fold_store_install_load_signals(GObjectClass *object_class)
{
    GType type = G_TYPE_FROM_CLASS(object_class);
    /**
     * FoldStore::load-start:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     * @ticket: the load's ticket, for fold_store_finish_load() or
     *   fold_store_fail_load() (nonzero, never reused in the store)
     *
     * A section inserted with %FOLD_SECTION_FLAGS_UNLOADED expanded (by
     * any call: fold_store_expand(), a click on its header, a key) or a
     * failed load was retried (its placeholder activated, fold_store_load()):
     * its placeholder item shows "loading" until the children arrive. Also
     * for a reload (fold_store_reload_section()): the old children stay
     * shown meanwhile, and the children given with @ticket are reconciled
     * with them.
     * Emitted after that change and its other signals; handlers may change
     * the store. Answer at once with fold_store_finish_load() when the data
     * is at hand, or start a worker (a #GTask) that hands its result back to
     * this thread (the task's callback, or g_main_context_invoke()), where
     * it calls fold_store_finish_load() or fold_store_fail_load() with
     * @ticket.
     */
    load_signals[SIG_LOAD_START] =
        g_signal_new("load-start", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                     G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_UINT64);
    /**
     * FoldStore::load-cancel:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     * @ticket: the ticket of the load that is over
     *
     * The load with @ticket ended without an answer: its section collapsed
     * (its placeholder went with it), was removed, or was reloaded again. Stop the work if you
     * can; an answer that arrives anyway fails with %FOLD_E_CANCELLED (or
     * %FOLD_E_NOT_FOUND for a removed section) and changes nothing. Emitted
     * after that change; handlers may change the store.
     */
    load_signals[SIG_LOAD_CANCEL] =
        g_signal_new("load-cancel", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                     G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_UINT64);
}

/**
 * fold_store_finish_load:
 * @store: a store
 * @section: a loading section's id
 * @ticket: the ticket #FoldStore::load-start gave
 * @children: the section's children: a #GVariant of type "a(iissxuuddd)",
 *   as fold_store_apply_snapshot() takes, where depth 0 is the section's
 *   own children (runs of rows and subsections, in order; a subsection may
 *   have %FOLD_SECTION_FLAGS_UNLOADED itself): a #FoldSnapshotBuilder's
 *   sections and rows added with no section open. A floating reference is
 *   sunk.
 * @error: return location for a #GError
 *
 * Replaces the section's placeholder by its children in one change set;
 * the section is an ordinary section from then on. A failed load may be
 * finished too (a late success). Call it on the store's thread.
 *
 * Errors change nothing: %FOLD_E_CANCELLED for a ticket that is not the
 * section's current load (it collapsed, a newer load started, or the
 * children arrived already), %FOLD_E_NOT_FOUND for a removed section,
 * %FOLD_E_INVALID for @children of another type, and the entry errors of
 * fold_store_apply_snapshot() ("load entry 3: ...").
 *
 * Cost: O(e * depth * log n) for e entries.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_finish_load(FoldStore *store, guint64 section, guint64 ticket, GVariant *children,
                       GError **error)
{
    if (children)
        g_variant_ref_sink(children);
    fold_snapshot_entry *entries = NULL;
    gsize count = 0;
    fold_table *table = fold_store_table_of(store, error);
    gboolean ok = table && fold_snapshot_entries_from_variant(children, &entries, &count, error) &&
                  fold_check_status(fold_table_finish_load(table, section, ticket, entries,
                                                           (int64_t)count, NULL),
                                    error);
    g_free(entries);
    if (children)
        g_variant_unref(children);
    return ok;
}

/**
 * fold_store_fail_load:
 * @store: a store
 * @section: a loading section's id
 * @ticket: the ticket #FoldStore::load-start gave
 * @message: (nullable): what went wrong, shown by the placeholder
 *   (fold_store_get_load_error(), the placeholder's #FoldListItem:title);
 *   %NULL means ""
 * @error: return location for a #GError
 *
 * Marks the load as failed: the placeholder item gets
 * #FoldListItem:failed, and activating it retries (a new
 * #FoldStore::load-start). %FOLD_E_CANCELLED and %FOLD_E_NOT_FOUND as for
 * fold_store_finish_load(); %FOLD_E_CANCELLED also for a load that failed
 * already. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_fail_load,
                (FoldStore *store, guint64 section, guint64 ticket, const char *message,
                 GError **error),
                fold_table_fail_load(table, section, ticket, message))

/**
 * fold_store_load:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Loads a failed section again (what activating its placeholder does), or
 * expands an unloaded one (which starts its load): #FoldStore::load-start
 * with a new ticket. %FOLD_E_NOT_ALLOWED for a section that is loaded or
 * loading. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_load, (FoldStore *store, guint64 section, GError **error),
                fold_table_load(table, section))

/**
 * fold_store_reload_section:
 * @store: a store
 * @section: a loaded section's id
 * @error: return location for a #GError
 *
 * Asks for a loaded section's children again (a folder's "Reload"): a
 * #FoldStore::load-start with a new ticket, while the old children stay
 * shown (fold_store_get_load_state() says %FOLD_LOAD_STATE_RELOADING and
 * the header's item is refreshed, so a view can show a spinner). The
 * children given to fold_store_finish_load() with that ticket are
 * reconciled by key with the ones shown, in one #GListModel::items-changed
 * of what changed: subsections that persist (matched among their old
 * siblings) keep their collapsed state, selection, measured heights and
 * expanded rows, and, when given without children, their own children;
 * the others are inserted or removed. Rows are matched in order.
 * fold_store_fail_load() with the ticket ends the reload and keeps the
 * children.
 *
 * Why the children stay shown: a placeholder would remove every child
 * item and add it back, losing their widgets, focus and the scroll
 * position (as replacing a GtkTreeListModel's child model does); VS
 * Code's asynchronous tree keeps them too.
 *
 * Reloading a section that is reloading or loading replaces that load
 * (#FoldStore::load-cancel for the old ticket); a failed load is retried.
 * %FOLD_E_NOT_ALLOWED for a section whose children were never loaded
 * (expanding it loads them). Cost: O(depth * log n); the finish that ends
 * it O(e + c) for e entries and c old children, plus O(depth * log n) per
 * change.
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_reload_section, (FoldStore *store, guint64 section, GError **error),
                fold_table_reload(table, section))

/**
 * fold_store_get_load_state:
 * @store: a store
 * @section: a section's id
 * @out_state: (out) (optional): where its children are
 * @out_ticket: (out) (optional): the current load's ticket while it is
 *   loading or failed, else 0
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_load_state(FoldStore *store, guint64 section, FoldLoadState *out_state,
                          guint64 *out_ticket, GError **error)
{
    TABLE_OR_FAIL(store, error);
    fold_load_info info = {0};
    if (!fold_check_status(fold_table_load_info(table, section, &info), error))
        return FALSE;
    if (out_state)
        *out_state = (FoldLoadState)info.state;
    if (out_ticket)
        *out_ticket = info.ticket;
    return TRUE;
}
