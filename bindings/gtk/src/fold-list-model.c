/*
 * fold-list-model.c — FoldListModel, a GListModel over a fold_table's flat
 * list. See fold-list-model.h for the contract (ownership, what it emits).
 *
 * Every answer comes from the engine; this file only converts. The model
 * follows the table's change events (fold_table_add_change_listener) and
 * turns each fold_change_set into items-changed (its steps) and property
 * notifications on the live items (its redraw ranges, moves); it computes
 * no diff itself.
 *
 * The change listener and the change sets not shown yet are in
 * fold-list-model-queue.c (a change made on another thread is shown on the
 * model's thread, in order); the item cache and the reading of items from
 * the engine in fold-list-model-items.c; the struct, shared by the files,
 * in fold-list-model-private.h.
 */
#include "fold-list-model-private.h"

#include <string.h>

/* GtkSelectionModel's type, without including GTK's headers here. */
GType gtk_selection_model_get_type(void);

enum { PROP_0, PROP_ITEM_TYPE, PROP_N_ITEMS, N_PROPS };
static GParamSpec *model_props[N_PROPS];

static void fold_list_model_list_model_init(GListModelInterface *iface);

/* Also a GtkSelectionModel (fold-list-model-selection.c): the engine's
 * keyed selection by position. */
G_DEFINE_FINAL_TYPE_WITH_CODE(FoldListModel, fold_list_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL,
                                                    fold_list_model_list_model_init)
                              G_IMPLEMENT_INTERFACE(gtk_selection_model_get_type(),
                                                    fold_list_model_selection_model_init))

/* A GListModel counts in guint; a larger table shows its first G_MAXUINT items. */
static guint
shown(int64_t count)
{
    return count > (int64_t)G_MAXUINT ? G_MAXUINT : (guint)count;
}

/* A text of a section (FOLD_TEXT_*) as a new string (see
 * fold-list-item-private.h). Copied straight from the engine into a stack
 * buffer, or, for a longer text, into the string itself: one allocation, no
 * fold_free. */
char *
fold_section_text_dup(fold_table *table, fold_section_id section, int32_t which, GError **error)
{
    char buffer[256];
    size_t length = 0;
    int status = fold_table_section_text(table, section, which, buffer, sizeof buffer, &length);
    if (!fold_check_status(status, error))
        return NULL;
    if (length < sizeof buffer)
        return g_strndup(buffer, length);
    /* Cut: ask again with room for all of it. */
    char *text = g_malloc(length + 1);
    size_t again = 0;
    status = fold_table_section_text(table, section, which, text, length + 1, &again);
    if (status == FOLD_OK && again != length)
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INTERNAL,
                    "FOLD_E_INTERNAL: the text changed while it was read");
    else if (fold_check_status(status, error))
        return text;
    g_free(text);
    return NULL;
}

static GType
model_get_item_type(GListModel *list)
{
    (void)list;
    return FOLD_TYPE_LIST_ITEM;
}

static guint
model_get_n_items(GListModel *list)
{
    return FOLD_LIST_MODEL(list)->n_items;
}

/* Answers from the list as signalled so far, whatever changes are not
 * shown yet (fold-list-model-queue.c): never NULL below n_items. */
static gpointer
model_get_item(GListModel *list, guint position)
{
    FoldListModel *self = FOLD_LIST_MODEL(list);
    if (position >= self->n_items)
        return NULL;
    return fold_model_live_item(self, position, position);
}

static void
fold_list_model_list_model_init(GListModelInterface *iface)
{
    iface->get_item_type = model_get_item_type;
    iface->get_n_items = model_get_n_items;
    iface->get_item = model_get_item;
}

/* Composes steps (applied in order) into one splice of the old list that
 * covers all of them: what changed lies in [*p, *p + *removed) of the old
 * list and [*p, *p + *added) of the new one. */
static void
compose_steps(const fold_change *steps, int64_t n, int64_t *p, int64_t *removed, int64_t *added)
{
    int64_t P = steps[0].position, R = steps[0].removed, A = steps[0].added;
    for (int64_t i = 1; i < n; i++) {
        const fold_change *c = &steps[i];
        /* In the list after the previous steps, the splice so far covers
         * [P, P + A) and this step [c->position, c->position + c->removed). */
        int64_t lo = MIN(P, c->position), hi = MAX(P + A, c->position + c->removed);
        int64_t old_hi = hi - A + R; /* hi >= P + A: after the splice so far */
        R = old_hi - lo;
        A = (hi - lo) - c->removed + c->added;
        P = lo;
    }
    *p = P;
    *removed = R;
    *added = A;
}

/* ---- emitting ------------------------------------------------------------ */

static void
emit(FoldListModel *self, guint position, guint removed, guint added)
{
    if (removed == 0 && added == 0)
        return;
    self->n_items = self->n_items - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
    if (removed != added)
        g_object_notify_by_pspec(G_OBJECT(self), model_props[PROP_N_ITEMS]);
}

/* Sets each cached item's "position" to its place in the list and emits the
 * notifications that are pending on it. */
static void
notify_items(FoldListModel *self)
{
    GPtrArray *all = fold_model_cache_all(self);
    for (guint i = 0; i < all->len; i++) {
        FoldListItem *item = g_ptr_array_index(all, i);
        if (item->model != self)
            continue; /* left the model in a handler's call */
        if (item->at <= (int64_t)G_MAXUINT)
            FOLD_LIST_ITEM_SET(item, position, FOLD_LIST_ITEM_PROP_POSITION, (guint)item->at);
        fold_list_item_flush_notify(item);
    }
    g_ptr_array_unref(all);
}

/* Reads every cached item again (fold_list_model_reload), then notifies. */
static void
refresh_all(FoldListModel *self)
{
    fold_model_cache_refresh(self, TRUE);
    notify_items(self);
}

/* Emits the records of one batch, taken from the queue in order.
 *
 * First the cache goes through every record's steps, marking the items in
 * its redraw ranges, and the cached items that may have changed are read
 * again (see the top of fold-list-model-items.c). Then one step becomes
 * items-changed(position, removed, added); several steps (a filter typed
 * into, expand_all, importing state, a batch, several change sets queued
 * by another thread) become the one splice that covers them all, as GTK's
 * own models send one items-changed per change — the lists between the
 * steps would hold items the table no longer has, which a handler could
 * not be given. Moved items keep their FoldListItem objects (taken aside
 * before the steps, put back at their new positions after), and so do
 * kept items inside the splice; GtkListView, given an object it saw
 * removed added back in the same items-changed, keeps its widget, focus
 * and selection.
 * A record that is a reset makes the batch one items-changed(0, old, new).
 * Last, the notifications of the cached items and ::selection-changed. */
static void
deliver_batch(FoldListModel *self, GPtrArray *batch)
{
    gboolean reset = FALSE;
    int64_t count = self->engine_items, n_steps = 0, n_redraw = 0;
    for (guint b = 0; b < batch->len; b++) {
        const FoldChangeRecord *record = g_ptr_array_index(batch, b);
        if (record->reset) {
            fold_model_cache_drop(self, 0, self->cache->len);
            reset = TRUE;
        } else {
            /* Moved items keep their objects: aside, the steps, back. */
            GArray *moved_by = NULL;
            GPtrArray *taken = fold_model_cache_take(self, record->moves, record->n_moves, &moved_by);
            for (int64_t i = 0; i < record->n_steps; i++)
                fold_model_cache_step(self, &record->steps[i]);
            fold_model_cache_return(self, taken, moved_by, record->moves);
            fold_model_cache_mark(self, record->redraw, record->n_redraw);
        }
        count = record->count;
        n_steps += record->n_steps;
        n_redraw += record->n_redraw;
    }
    fold_model_cache_refresh(self, FALSE);

    if (reset) {
        guint old = self->n_items;
        self->engine_items = count;
        self->n_items = shown(count);
        if (old || self->n_items)
            g_list_model_items_changed(G_LIST_MODEL(self), 0, old, self->n_items);
        if (old != self->n_items)
            g_object_notify_by_pspec(G_OBJECT(self), model_props[PROP_N_ITEMS]);
    } else if (n_steps > 0) {
        /* The steps of the batch in one array (one record: its own). */
        const FoldChangeRecord *first = g_ptr_array_index(batch, 0);
        fold_change *joined = NULL;
        const fold_change *steps = first->steps;
        if (batch->len > 1) {
            joined = g_new(fold_change, n_steps);
            int64_t k = 0;
            for (guint b = 0; b < batch->len; b++) {
                const FoldChangeRecord *record = g_ptr_array_index(batch, b);
                memcpy(joined + k, record->steps, (gsize)record->n_steps * sizeof(fold_change));
                k += record->n_steps;
            }
            steps = joined;
        }
        /* One items-changed per delivery, as GTK's own models send one per
         * change: a change set of several steps (a filter typed into, a
         * batch, expand_all) is the splice that covers them. Items the
         * steps keep or move come back as the same objects, and
         * GtkListView, given an object it saw removed in the same
         * items-changed, keeps its widget, focus and selection. (A model
         * stacked on this one re-reads the span between the first and the
         * last step.) */
        int64_t p, removed, added;
        compose_steps(steps, n_steps, &p, &removed, &added); /* one step: itself */
        self->engine_items = count;
        emit(self, (guint)p, (guint)removed, (guint)added);
        g_free(joined);
    }
    notify_items(self);
    if (batch->len == 1 && !reset) {
        const FoldChangeRecord *record = g_ptr_array_index(batch, 0);
        fold_list_model_emit_selection_changed(self, record->redraw, record->n_redraw);
    } else if ((reset || n_redraw > 0) && self->n_items > 0) {
        /* Several change sets: the span of them all (GtkSelectionModel
         * allows more than needed, never less). */
        fold_range all = {0, self->n_items};
        fold_list_model_emit_selection_changed(self, &all, 1);
    }
}

void
fold_model_deliver(FoldListModel *self)
{
    if (self->emitting)
        return;
    self->emitting = TRUE;
    g_object_ref(self); /* a handler may drop the last other reference */
    for (;;) {
        /* What arrived so far; what arrives meanwhile (a handler changed
         * the table, or another thread did) comes in the next round. */
        g_mutex_lock(&self->lock);
        GPtrArray *batch = NULL;
        if (self->queue->len > 0) {
            batch = self->queue;
            self->queue = g_ptr_array_new_with_free_func(fold_model_record_free);
        }
        g_mutex_unlock(&self->lock);
        if (!batch)
            break;
        if (self->listening)
            deliver_batch(self, batch);
        g_ptr_array_unref(batch);
    }
    self->emitting = FALSE;
    if (self->reload_pending) {
        self->reload_pending = FALSE;
        refresh_all(self);
    }
    g_object_unref(self);
}

/* ---- lifetime and properties ---------------------------------------------- */

static void
fold_list_model_dispose(GObject *object)
{
    FoldListModel *self = FOLD_LIST_MODEL(object);
    fold_model_queue_stop(self);
    if (self->cache)
        fold_model_cache_drop(self, 0, self->cache->len);
    G_OBJECT_CLASS(fold_list_model_parent_class)->dispose(object);
}

static void
fold_list_model_finalize(GObject *object)
{
    FoldListModel *self = FOLD_LIST_MODEL(object);
    fold_text_source_set(&self->text, NULL, NULL, NULL);
    if (self->typed)
        g_string_free(self->typed, TRUE);
    if (self->table_free)
        self->table_free(self->table);
    if (self->context)
        g_main_context_unref(self->context);
    g_ptr_array_unref(self->cache);
    g_ptr_array_unref(self->queue);
    g_mutex_clear(&self->lock);
    G_OBJECT_CLASS(fold_list_model_parent_class)->finalize(object);
}

static void
fold_list_model_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldListModel *self = FOLD_LIST_MODEL(object);
    switch (id) {
    case PROP_ITEM_TYPE: g_value_set_gtype(value, FOLD_TYPE_LIST_ITEM); break;
    case PROP_N_ITEMS: g_value_set_uint(value, self->n_items); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_list_model_class_init(FoldListModelClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    const GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
    object_class->dispose = fold_list_model_dispose;
    object_class->finalize = fold_list_model_finalize;
    object_class->get_property = fold_list_model_get_property;
    model_props[PROP_ITEM_TYPE] =
        g_param_spec_gtype("item-type", NULL, NULL, G_TYPE_OBJECT, ro);
    model_props[PROP_N_ITEMS] = g_param_spec_uint("n-items", NULL, NULL, 0, G_MAXUINT, 0, ro);
    g_object_class_install_properties(object_class, N_PROPS, model_props);
}

static void
fold_list_model_init(FoldListModel *self)
{
    self->owner = g_thread_self();
    self->context = g_main_context_ref_thread_default();
    self->cache = g_ptr_array_new();
    g_mutex_init(&self->lock);
    self->queue = g_ptr_array_new_with_free_func(fold_model_record_free);
}

FoldListModel *
fold_list_model_new(fold_table *table, GDestroyNotify table_free)
{
    g_return_val_if_fail(table != NULL, NULL);
    FoldListModel *self = g_object_new(FOLD_TYPE_LIST_MODEL, NULL);
    self->table = table;
    self->table_free = table_free;
    fold_model_queue_start(self);
    return self;
}

fold_table *
fold_list_model_get_table(FoldListModel *model)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), NULL);
    return model->table;
}

void
fold_list_model_set_text_func(FoldListModel *model, FoldTextFunc func, void *user_data,
                              GDestroyNotify destroy)
{
    g_return_if_fail(FOLD_IS_LIST_MODEL(model));
    fold_text_source_set(&model->text, func, user_data, destroy);
}

void
fold_list_model_reload(FoldListModel *model)
{
    g_return_if_fail(FOLD_IS_LIST_MODEL(model));
    if (model->emitting) {
        model->reload_pending = TRUE; /* after the change set being emitted */
        return;
    }
    g_object_ref(model); /* a notify handler may drop the caller's reference */
    refresh_all(model);
    g_object_unref(model);
}

/* ---- mutations: the engine's calls; the listener emits ------------------- */

gboolean
fold_list_model_activate(FoldListModel *model, guint position, int32_t *out_action,
                         GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    /* The position is the model's: the table's may differ while a change
     * made on another thread is not shown yet. */
    int64_t at = position;
    if (position >= model->n_items) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_RANGE,
                    "FOLD_E_RANGE: position %u is past the model's %u items", position,
                    model->n_items);
        return FALSE;
    }
    if (!fold_model_table_position(model, position, &at)) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_NOT_FOUND,
                    "FOLD_E_NOT_FOUND: the item at position %u was removed by a change not "
                    "shown yet",
                    position);
        return FALSE;
    }
    return fold_check_status(fold_table_activate(model->table, at, out_action), error);
}

gboolean
fold_list_model_toggle_section(FoldListModel *model, fold_section_id section,
                               gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return fold_section_op(model->table, fold_table_toggle, section, out_changed, error);
}

gboolean
fold_list_model_set_section_collapsed(FoldListModel *model, fold_section_id section,
                                      gboolean collapsed, gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return fold_section_op(model->table, collapsed ? fold_table_collapse : fold_table_expand,
                           section, out_changed, error);
}

gboolean
fold_list_model_toggle_row(FoldListModel *model, fold_section_id section, int64_t row,
                           gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return fold_row_op(model->table, fold_table_toggle_row, section, row, out_changed, error);
}

gboolean
fold_list_model_set_row_expanded(FoldListModel *model, fold_section_id section, int64_t row,
                                 gboolean expanded, gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return fold_row_op(model->table, expanded ? fold_table_expand_row : fold_table_collapse_row,
                       section, row, out_changed, error);
}

gboolean
fold_list_model_set_accordion(FoldListModel *model, int32_t accordion, GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    return fold_check_status(fold_table_set_accordion(model->table, accordion), error);
}

gboolean
fold_list_model_set_indicators(FoldListModel *model, const char *collapsed, const char *expanded,
                               GError **error)
{
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    if (!fold_check_status(fold_table_set_indicators(model->table, collapsed, expanded), error))
        return FALSE;
    /* The engine reports nothing for indicators: update every item held. */
    fold_list_model_reload(model);
    return TRUE;
}
