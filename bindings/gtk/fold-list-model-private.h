/*
 * fold-list-model-private.h — FoldListModel's fields and the functions its
 * two files share (not installed): fold-list-model.c (the GListModel, the
 * change listener, the public API) and fold-list-model-items.c (the item
 * cache, reading items from the engine).
 */
#ifndef FOLD_LIST_MODEL_PRIVATE_H
#define FOLD_LIST_MODEL_PRIVATE_H

#include "fold-list-item-private.h"

G_BEGIN_DECLS

struct _FoldListModel {
    GObject parent_instance;
    fold_table *table;
    GDestroyNotify table_free;
    FoldTextSource text; /* row titles */
    int64_t listener; /* the change listener's id; 0 when none */
    gboolean listening;
    /* The thread and main context the model was made on: change sets that
     * arrive on another thread are not emitted there (see on_table_changed). */
    GThread *owner;
    GMainContext *context;
    gint resync_queued; /* atomic */
    /* The list as the signals so far describe it (the GListModel contract:
     * get_n_items agrees with the signals, not with the live table):
     * n_items is what the model shows, engine_items the engine's count that
     * corresponds to it (they differ only beyond G_MAXUINT items). */
    guint n_items;
    int64_t engine_items;
    /* While the steps of a change set are emitted one by one: the steps that
     * are still to come. A position of the list as signalled so far maps to
     * the table's position through them (they only insert; see
     * on_table_changed). */
    const fold_change *pending;
    int64_t n_pending;
    gboolean emitting;
    gboolean reload_pending; /* fold_list_model_reload() asked for while emitting */
    gboolean reset_pending;  /* a change set arrived while emitting (not reached) */
    /* The live items handed out, sorted by FoldListItem.at (the table
     * position); no references (see the top of fold-list-model-items.c). */
    GPtrArray *cache;
};

/* Items [from, to) of the cache leave the model: detached, no more updates. */
G_GNUC_INTERNAL void fold_model_cache_drop(FoldListModel *self, guint from, guint to);

/* One step of a change set: at `position`, `removed` items were replaced by
 * `added` items. */
G_GNUC_INTERNAL void fold_model_cache_step(FoldListModel *self, const fold_change *c);

/* A new reference to every cached item, so that handlers that drop items
 * cannot change the array being walked. */
G_GNUC_INTERNAL GPtrArray *fold_model_cache_all(FoldListModel *self);

/* Reads the item at table position `at` into `item`, marking the properties
 * that changed (see fold-list-model-items.c). */
G_GNUC_INTERNAL gboolean fold_model_read_item(FoldListModel *self, FoldListItem *item,
                                              int64_t at, gboolean texts, gboolean fresh);

/* The item at table position `at`, presented at model position `position`:
 * the cached one, or a new one, cached. Returns a new reference. */
G_GNUC_INTERNAL FoldListItem *fold_model_live_item(FoldListModel *self, int64_t at,
                                                   guint position);

G_END_DECLS

/* fold-list-model-selection.c: the GtkSelectionModel interface (its init
 * takes a GtkSelectionModelInterface *, declared as gpointer so this header
 * needs no GTK), and ::selection-changed for a change set's redraws. */
void fold_list_model_selection_model_init(gpointer iface, gpointer data);
void fold_list_model_emit_selection_changed(FoldListModel *self, const fold_change_set *cs);

#endif /* FOLD_LIST_MODEL_PRIVATE_H */
