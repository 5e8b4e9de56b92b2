/*
 * fold-list-model-private.h — FoldListModel's fields and the functions its
 * files share (not installed): fold-list-model.c (the GListModel, emitting
 * change sets, the public API), fold-list-model-queue.c (the change
 * listener and the change sets not shown yet) and fold-list-model-items.c
 * (the item cache, reading items from the engine).
 */
#ifndef FOLD_LIST_MODEL_PRIVATE_H
#define FOLD_LIST_MODEL_PRIVATE_H

#include "fold-list-item-private.h"

G_BEGIN_DECLS

/* One change set the table sent, copied (the engine's arrays live only
 * during the listener call): its steps, its redraw ranges, and the table's
 * item count after it. `reset`: the model shows the new list as one
 * items-changed(0, old count, new count) — for a set that does not match
 * the count the model expected (not reached), or a list beyond G_MAXUINT
 * items. */
typedef struct {
    fold_change *steps;
    int64_t n_steps;
    fold_range *redraw;
    int64_t n_redraw;
    fold_move *moves; /* items the steps remove and add back (foldtable.h, "Moves") */
    int64_t n_moves;
    int64_t count;
    gboolean reset;
} FoldChangeRecord;

struct _FoldListModel {
    GObject parent_instance;
    fold_table *table;
    GDestroyNotify table_free;
    FoldTextSource text; /* row titles */
    int64_t listener; /* the change listener's id; 0 when none */
    gboolean listening;
    /* The thread and main context the model was made on: it emits there
     * only (see fold-list-model-queue.c). */
    GThread *owner;
    GMainContext *context;
    /* The list as the signals so far describe it (the GListModel contract:
     * get_n_items agrees with the signals, not with the live table):
     * n_items is what the model shows, engine_items the table's count in
     * that state (they differ only beyond G_MAXUINT items). */
    guint n_items;
    int64_t engine_items;

    /* The change sets not shown yet (FoldChangeRecord *, oldest first; see
     * fold-list-model-queue.c), shared with the listener on any thread:
     * under `lock`, which is never held while calling the engine.
     * `arrived` counts the records ever queued, `arrived_items` is the
     * table's count after the last one (-1 until the model knows it),
     * `delivery_queued`: an idle source on `context` will deliver them. */
    GMutex lock;
    GPtrArray *queue;
    guint64 arrived;
    int64_t arrived_items;
    gboolean delivery_queued;
    /* What an idle source that delivers holds: the model until it is
     * disposed (an atomic rc box; see fold-list-model-queue.c). */
    FoldListModel **token;

    /* The model's thread only: a delivery is emitting (one items-changed per
     * delivery; a position of the list as signalled so far is a cache key,
     * mapped to the table's position through the queue). */
    gboolean emitting;
    gboolean reload_pending; /* fold_list_model_reload() asked for while emitting */
    /* The live items handed out, sorted by FoldListItem.at: their position
     * in the list after the change sets delivered so far (the one being
     * delivered included); no references (see fold-list-model-items.c). */
    GPtrArray *cache;

    /* Type-ahead (fold-list-model-focus.c): the prefix typed so far (NULL
     * until the first key) and when its last character came (monotonic us). */
    GString *typed;
    gint64 typed_at;
};

/* ---- fold-list-model-items.c: the item cache, reading items -------------- */

/* Items [from, to) of the cache leave the model: detached, no more updates. */
G_GNUC_INTERNAL void fold_model_cache_drop(FoldListModel *self, guint from, guint to);

/* One step of a change set: at `position`, `removed` items were replaced by
 * `added` items. */
G_GNUC_INTERNAL void fold_model_cache_step(FoldListModel *self, const fold_change *c);

/* Takes the cached items in the moves' `from` ranges out of the cache,
 * still in the model (they keep their objects); fold_model_cache_return()
 * puts them back at their `to` positions once the steps are applied.
 * Returns the taken items (NULL when none), each with its move's index
 * in `moved_by`. O(m log k + t) for m moves and t items taken. */
G_GNUC_INTERNAL GPtrArray *fold_model_cache_take(FoldListModel *self, const fold_move *moves,
                                                int64_t n, GArray **moved_by);
G_GNUC_INTERNAL void fold_model_cache_return(FoldListModel *self, GPtrArray *taken, GArray *moved_by,
                                             const fold_move *moves);

/* Marks the cached items in `ranges` (sorted, disjoint) to be read again
 * with their texts. */
G_GNUC_INTERNAL void fold_model_cache_mark(FoldListModel *self, const fold_range *ranges,
                                           int64_t n);

/* Reads again the cached items that may have changed: those marked, and
 * those read under another structure version than the table's now (all of
 * them, with their texts, when `all`). Marks the properties that changed;
 * notifications wait for fold-list-model.c. */
G_GNUC_INTERNAL void fold_model_cache_refresh(FoldListModel *self, gboolean all);

/* A new reference to every cached item, so that handlers that drop items
 * cannot change the array being walked. */
G_GNUC_INTERNAL GPtrArray *fold_model_cache_all(FoldListModel *self);

/* The item at cache key `at`, presented at model position `position`: the
 * cached one, or a new one, cached. Never NULL. Returns a new reference. */
G_GNUC_INTERNAL FoldListItem *fold_model_live_item(FoldListModel *self, int64_t at,
                                                   guint position);

/* ---- fold-list-model-queue.c: change sets not shown yet ------------------ */

/* Frees a FoldChangeRecord. */
G_GNUC_INTERNAL void fold_model_record_free(gpointer record);

/* Maps `at` through `n` steps applied in order; FALSE if one removes it. */
G_GNUC_INTERNAL gboolean fold_model_map_steps(const fold_change *steps, int64_t n, int64_t *at);

/* Maps cache key `at` through the queued change sets to the table's
 * position now; FALSE if one of them removed that item. *out_seen is what
 * fold_model_queue_unchanged() checks. O(queued steps). */
G_GNUC_INTERNAL gboolean fold_model_queue_map(FoldListModel *self, int64_t at, int64_t *out_at,
                                              guint64 *out_seen);

/* TRUE if no change set arrived since the fold_model_queue_map() that gave
 * `seen`: whatever was read from the table in between was read from the
 * state the mapping describes (a change set is queued under the table's
 * lock, before the change that made it lets anyone read the table). */
G_GNUC_INTERNAL gboolean fold_model_queue_unchanged(FoldListModel *self, guint64 seen);

/* Model position `position` (of the list as signalled so far) as the
 * table's position now; FALSE if the table no longer has that item (a
 * change not shown yet removed it). For calls that change the table. */
G_GNUC_INTERNAL gboolean fold_model_table_position(FoldListModel *self, guint position,
                                                   int64_t *out_at);

/* The table's item flags (FOLD_ITEM_FLAG_*) of model position `position`;
 * FALSE if the table no longer has that item. */
G_GNUC_INTERNAL gboolean fold_model_item_flags(FoldListModel *self, guint position,
                                               uint32_t *out_flags);

/* The table's change listener, on whatever thread changed the table. */
G_GNUC_INTERNAL void fold_model_on_table_changed(fold_table *table, const fold_change_set *cs,
                                                 void *data);

/* Starts following the table: registers the listener and takes the
 * table's count as the list shown. */
G_GNUC_INTERNAL void fold_model_queue_start(FoldListModel *self);

/* Stops following (dispose): removes the listener, drops what is queued. */
G_GNUC_INTERNAL void fold_model_queue_stop(FoldListModel *self);

/* ---- fold-list-model.c: emitting ----------------------------------------- */

/* Emits the change sets queued so far, in order, and those that arrive
 * meanwhile; on the model's thread, not inside another delivery. */
G_GNUC_INTERNAL void fold_model_deliver(FoldListModel *self);

G_END_DECLS

/* fold-list-model-selection.c: the GtkSelectionModel interface (its init
 * takes a GtkSelectionModelInterface *, declared as gpointer so this header
 * needs no GTK), and ::selection-changed for a change set's redraws. */
void fold_list_model_selection_model_init(gpointer iface, gpointer data);
void fold_list_model_emit_selection_changed(FoldListModel *self, const fold_range *redraw,
                                            int64_t n_redraw);

#endif /* FOLD_LIST_MODEL_PRIVATE_H */
