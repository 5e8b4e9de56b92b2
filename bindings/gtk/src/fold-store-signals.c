/*
 * fold-store-signals.c — FoldStore's signals: the engine's section and row
 * events (one section and one row listener on the store's table) re-emitted
 * as GObject signals; the "will" signals' handlers can refuse. A change
 * listener notifies the n-items property.
 */
#include "fold-store-private.h"

/* The section signals first, then the row signals (emit_event). */
enum {
    SIG_SECTION_WILL_COLLAPSE,
    SIG_SECTION_DID_COLLAPSE,
    SIG_SECTION_WILL_EXPAND,
    SIG_SECTION_DID_EXPAND,
    SIG_ROW_WILL_EXPAND,
    SIG_ROW_DID_EXPAND,
    SIG_ROW_WILL_COLLAPSE,
    SIG_ROW_DID_COLLAPSE,
    N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The "will" signals' accumulator: a handler that returns FALSE refuses and
 * stops the emission; the class handler (run last) allows. */
static gboolean
allow_accumulator(GSignalInvocationHint *hint, GValue *return_accu, const GValue *handler_return,
                  gpointer data)
{
    (void)hint;
    (void)data;
    gboolean allow = g_value_get_boolean(handler_return);
    g_value_set_boolean(return_accu, allow);
    return allow;
}

static gboolean
default_allow(FoldStore *store, guint64 section, const char *key)
{
    (void)store;
    (void)section;
    (void)key;
    return TRUE;
}

static gboolean
default_allow_row(FoldStore *store, guint64 section, const char *key, gint64 row)
{
    (void)store;
    (void)section;
    (void)key;
    (void)row;
    return TRUE;
}

/* Each signal's engine event (FOLD_SECTION_* for the section signals,
 * FOLD_ROW_* for the row ones); a "will" signal's handlers can refuse. */
static const struct {
    int32_t event;
    gboolean will;
} events[N_SIGNALS] = {
    [SIG_SECTION_WILL_COLLAPSE] = {FOLD_SECTION_WILL_COLLAPSE, TRUE},
    [SIG_SECTION_DID_COLLAPSE] = {FOLD_SECTION_DID_COLLAPSE, FALSE},
    [SIG_SECTION_WILL_EXPAND] = {FOLD_SECTION_WILL_EXPAND, TRUE},
    [SIG_SECTION_DID_EXPAND] = {FOLD_SECTION_DID_EXPAND, FALSE},
    [SIG_ROW_WILL_EXPAND] = {FOLD_ROW_WILL_EXPAND, TRUE},
    [SIG_ROW_DID_EXPAND] = {FOLD_ROW_DID_EXPAND, FALSE},
    [SIG_ROW_WILL_COLLAPSE] = {FOLD_ROW_WILL_COLLAPSE, TRUE},
    [SIG_ROW_DID_COLLAPSE] = {FOLD_ROW_DID_COLLAPSE, FALSE},
};

/* Emits the signal among [first, end) whose event is `event`, with the row
 * when `row` is not NULL. Returns the listener's answer: 0 when a "will"
 * handler refused, 1 otherwise (also for an unknown event). */
static int
emit_event(FoldStore *self, guint first, guint end, int32_t event, guint64 section,
           const char *key, const gint64 *row)
{
    guint sig = first;
    while (sig < end && events[sig].event != event)
        sig++;
    if (sig == end || !g_signal_has_handler_pending(self, signals[sig], 0, FALSE))
        return 1;
    gboolean allow = TRUE;
    if (row && events[sig].will)
        g_signal_emit(self, signals[sig], 0, section, key, *row, &allow);
    else if (row)
        g_signal_emit(self, signals[sig], 0, section, key, *row);
    else if (events[sig].will)
        g_signal_emit(self, signals[sig], 0, section, key, &allow);
    else
        g_signal_emit(self, signals[sig], 0, section, key);
    return allow ? 1 : 0;
}

static int
on_section_event(fold_table *table, fold_section_id section, const char *key, int32_t event,
                 void *data)
{
    (void)table;
    return emit_event(data, SIG_SECTION_WILL_COLLAPSE, SIG_ROW_WILL_EXPAND, event,
                      (guint64)section, key, NULL);
}

static int
on_row_event(fold_table *table, fold_section_id section, const char *key, int64_t row,
             int32_t event, void *data)
{
    (void)table;
    gint64 at = row;
    return emit_event(data, SIG_ROW_WILL_EXPAND, N_SIGNALS, event, (guint64)section, key, &at);
}

void
fold_store_listen(FoldStore *self)
{
    if (fold_table_add_section_listener(self->table, on_section_event, self,
                                        &self->section_listener) == FOLD_OK &&
        fold_table_add_row_listener(self->table, on_row_event, self, &self->row_listener) ==
            FOLD_OK)
        self->listening = TRUE;
    else
        g_critical("FoldStore: cannot listen to its table: %s", fold_last_error_message());
}

static void
on_change(fold_table *table, const fold_change_set *changes, void *data)
{
    (void)table;
    (void)changes;
    FoldStore *self = data;
    guint n_items = fold_store_get_n_items(self);
    if (n_items != self->n_items) {
        self->n_items = n_items;
        fold_store_notify_n_items(self);
    }
}

void
fold_store_listen_changes(FoldStore *self)
{
    if (self->listening_changes) {
        fold_table_remove_listener(self->table, self->change_listener);
        self->listening_changes = FALSE;
    } else {
        self->n_items = fold_store_get_n_items(self);
    }
    if (fold_table_add_change_listener(self->table, on_change, self, &self->change_listener) ==
        FOLD_OK)
        self->listening_changes = TRUE;
    else
        g_critical("FoldStore: cannot listen to its table: %s", fold_last_error_message());
}

void
fold_store_unlisten(FoldStore *self)
{
    if (self->listening) {
        fold_table_remove_listener(self->table, self->section_listener);
        fold_table_remove_listener(self->table, self->row_listener);
        self->listening = FALSE;
    }
    if (self->listening_changes) {
        fold_table_remove_listener(self->table, self->change_listener);
        self->listening_changes = FALSE;
    }
}

void
fold_store_install_signals(GObjectClass *object_class)
{
    GType type = G_TYPE_FROM_CLASS(object_class);
    /**
     * FoldStore::section-will-collapse:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     *
     * Sent before a section collapses, with the table as it was. Handlers
     * may read the store, not change it. A handler that returns %FALSE
     * refuses: the section keeps its state, the call that asked succeeds
     * with nothing changed (changed %FALSE, %FOLD_ACTIVATED_REFUSED), and
     * later handlers are not called.
     *
     * Returns: %TRUE to allow the collapse, %FALSE to refuse it
     */
    signals[SIG_SECTION_WILL_COLLAPSE] = g_signal_new_class_handler(
        "section-will-collapse", type, G_SIGNAL_RUN_LAST, G_CALLBACK(default_allow),
        allow_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 2, G_TYPE_UINT64, G_TYPE_STRING);
    /**
     * FoldStore::section-will-expand:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     *
     * Sent before a section expands; see #FoldStore::section-will-collapse.
     *
     * Returns: %TRUE to allow the expansion, %FALSE to refuse it
     */
    signals[SIG_SECTION_WILL_EXPAND] = g_signal_new_class_handler(
        "section-will-expand", type, G_SIGNAL_RUN_LAST, G_CALLBACK(default_allow),
        allow_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 2, G_TYPE_UINT64, G_TYPE_STRING);
    /**
     * FoldStore::section-did-collapse:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     *
     * Sent after a section collapsed, before the list models hear of it.
     * Handlers may read the store, not change it.
     */
    signals[SIG_SECTION_DID_COLLAPSE] =
        g_signal_new("section-did-collapse", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_UINT64, G_TYPE_STRING);
    /**
     * FoldStore::section-did-expand:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     *
     * Sent after a section expanded; see #FoldStore::section-did-collapse.
     */
    signals[SIG_SECTION_DID_EXPAND] =
        g_signal_new("section-did-expand", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_UINT64, G_TYPE_STRING);
    /**
     * FoldStore::row-will-expand:
     * @store: the store
     * @section: the row's section
     * @key: the section's key
     * @row: the row's index in its section
     *
     * Sent before a row expands. Returning %FALSE refuses; under an
     * accordion, the rows it would have collapsed stay expanded.
     *
     * Returns: %TRUE to allow, %FALSE to refuse
     */
    signals[SIG_ROW_WILL_EXPAND] = g_signal_new_class_handler(
        "row-will-expand", type, G_SIGNAL_RUN_LAST, G_CALLBACK(default_allow_row),
        allow_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 3, G_TYPE_UINT64, G_TYPE_STRING,
        G_TYPE_INT64);
    /**
     * FoldStore::row-will-collapse:
     * @store: the store
     * @section: the row's section
     * @key: the section's key
     * @row: the row's index in its section
     *
     * Sent before a row collapses (also one an accordion displaces).
     * Returning %FALSE refuses, and then nothing of that call changes.
     *
     * Returns: %TRUE to allow, %FALSE to refuse
     */
    signals[SIG_ROW_WILL_COLLAPSE] = g_signal_new_class_handler(
        "row-will-collapse", type, G_SIGNAL_RUN_LAST, G_CALLBACK(default_allow_row),
        allow_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 3, G_TYPE_UINT64, G_TYPE_STRING,
        G_TYPE_INT64);
    /**
     * FoldStore::row-did-expand:
     * @store: the store
     * @section: the row's section
     * @key: the section's key
     * @row: the row's index in its section
     *
     * Sent after a row expanded.
     */
    signals[SIG_ROW_DID_EXPAND] =
        g_signal_new("row-did-expand", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                     3, G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_INT64);
    /**
     * FoldStore::row-did-collapse:
     * @store: the store
     * @section: the row's section
     * @key: the section's key
     * @row: the row's index in its section
     *
     * Sent after a row collapsed.
     */
    signals[SIG_ROW_DID_COLLAPSE] =
        g_signal_new("row-did-collapse", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 3, G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_INT64);
}
