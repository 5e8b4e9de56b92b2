/*
 * fold-list-model-queue.c — the change sets a FoldListModel has not shown
 * yet, and how a position of the list it has shown maps to the table.
 *
 * A GListModel must answer from the list its signals describe, and GTK
 * wants its signals on its own thread. The table can change on any thread
 * (fold_table_finish_load is made for workers), so the listener, on
 * whatever thread changed the table, copies each change set into a record
 * and queues it; on the model's thread the records are delivered in order
 * (fold_model_deliver, fold-list-model.c): at once when the change was
 * made there, else from an idle source on the model's main context, as
 * GTK's own models queue their pending items-changed. A change made on the
 * model's thread delivers whatever is queued first, its own set last, so
 * the signals always follow each other.
 *
 * Until a record is delivered the model shows the list as it was: the same
 * n-items, and get_item answers for those positions. The cache (the items
 * handed out, fold-list-model-items.c) is keyed by position in that list;
 * an item not cached is read from the table at its position now, found by
 * mapping through the queued steps (at p, r removed, a added): O(queued
 * steps), never O(rows). An item that a queued change removed cannot be
 * read any more: if it was handed out, the cached object still describes
 * it; if not, get_item hands out a stand-in (fold_model_live_item) that
 * the delivery then removes.
 *
 * Reading the table while another thread changes it: a record is queued
 * inside the listener, which the engine calls under the table's lock
 * before the change lets anyone else read the table. So a reader maps a
 * position through the queue (noting `arrived`), reads the table, and
 * checks that `arrived` did not move meanwhile (fold_model_queue_unchanged);
 * if it did, what it read may belong to the next state and it reads again.
 * The model's lock is never held while calling the engine, and the
 * listener takes it only to queue, so the two locks cannot deadlock.
 */
#include "fold-list-model-private.h"

gboolean
fold_model_map_steps(const fold_change *steps, int64_t n, int64_t *at)
{
    for (int64_t i = 0; i < n; i++) {
        const fold_change *c = &steps[i];
        if (*at < c->position)
            continue;
        if (*at < c->position + c->removed)
            return FALSE;
        *at += c->added - c->removed;
    }
    return TRUE;
}

void
fold_model_record_free(gpointer data)
{
    FoldChangeRecord *record = data;
    g_free(record->steps);
    g_free(record->redraw);
    g_free(record->moves);
    g_free(record);
}

gboolean
fold_model_queue_map(FoldListModel *self, int64_t at, int64_t *out_at, guint64 *out_seen)
{
    gboolean kept = TRUE;
    g_mutex_lock(&self->lock);
    *out_seen = self->arrived;
    for (guint i = 0; kept && i < self->queue->len; i++) {
        const FoldChangeRecord *record = g_ptr_array_index(self->queue, i);
        kept = !record->reset && fold_model_map_steps(record->steps, record->n_steps, &at);
    }
    g_mutex_unlock(&self->lock);
    *out_at = at;
    return kept;
}

gboolean
fold_model_queue_unchanged(FoldListModel *self, guint64 seen)
{
    g_mutex_lock(&self->lock);
    gboolean same = self->arrived == seen;
    g_mutex_unlock(&self->lock);
    return same;
}

/* Model position (= cache key) -> the table's position now, through the
 * queued change sets. */
static gboolean
to_table(FoldListModel *self, guint position, int64_t *out_at, guint64 *out_seen)
{
    int64_t at = position;
    *out_seen = 0;
    if (position >= self->n_items)
        return FALSE;
    return fold_model_queue_map(self, at, out_at, out_seen);
}

gboolean
fold_model_table_position(FoldListModel *self, guint position, int64_t *out_at)
{
    guint64 seen;
    return to_table(self, position, out_at, &seen);
}

/* Retries bound the work when other threads keep changing the table. */
#define READ_TRIES 64

gboolean
fold_model_item_flags(FoldListModel *self, guint position, uint32_t *out_flags)
{
    for (int tries = 0; tries < READ_TRIES; tries++) {
        int64_t at;
        guint64 seen;
        fold_item item;
        if (!to_table(self, position, &at, &seen) ||
            fold_table_item_at(self->table, at, &item) != FOLD_OK)
            return FALSE;
        if (fold_model_queue_unchanged(self, seen)) {
            *out_flags = item.flags;
            return TRUE;
        }
    }
    return FALSE;
}

/* The table's item count, 0 if it cannot say. */
static int64_t
table_count(fold_table *table)
{
    int64_t count = 0;
    if (fold_table_item_count(table, &count) != FOLD_OK || count < 0)
        return 0;
    return count;
}

/* The idle source holds the model's token, not the model: a model whose
 * last reference goes is disposed at once (its listener removed, so that a
 * borrowed table may be freed), and the source then finds no model. The
 * token's pointer is written (cleared by dispose) and read (here) on the
 * model's thread only. */
static gboolean
deliver_idle(gpointer data)
{
    FoldListModel **token = data;
    FoldListModel *self = *token;
    if (!self)
        return G_SOURCE_REMOVE;
    g_object_ref(self);
    g_mutex_lock(&self->lock);
    self->delivery_queued = FALSE;
    g_mutex_unlock(&self->lock);
    fold_model_deliver(self);
    g_object_unref(self);
    return G_SOURCE_REMOVE;
}

static void
token_release(gpointer token)
{
    g_atomic_rc_box_release(token);
}

/* The listener: copies the change set, checks its steps against the count
 * after the previous one, queues it, and delivers (on the model's thread)
 * or asks the model's main context to. The engine calls it after the
 * change, with the table consistent and locked by this thread: reading the
 * table here is allowed. */
void
fold_model_on_table_changed(fold_table *table, const fold_change_set *cs, void *data)
{
    FoldListModel *self = data;
    FoldChangeRecord *record = g_new0(FoldChangeRecord, 1);
    record->count = table_count(table);
    gboolean valid = cs->change_count >= 0 && (cs->change_count == 0 || cs->changes) &&
                     cs->redraw_count >= 0 && (cs->redraw_count == 0 || cs->redraw) &&
                     cs->move_count >= 0 && (cs->move_count == 0 || cs->moves);
    if (valid) {
        record->steps = g_memdup2(cs->changes, (gsize)cs->change_count * sizeof(fold_change));
        record->n_steps = cs->change_count;
        record->redraw = g_memdup2(cs->redraw, (gsize)cs->redraw_count * sizeof(fold_range));
        record->n_redraw = cs->redraw_count;
        record->moves = g_memdup2(cs->moves, (gsize)cs->move_count * sizeof(fold_move));
        record->n_moves = cs->move_count;
    }

    g_mutex_lock(&self->lock);
    int64_t total = self->arrived_items;
    gboolean known = total >= 0, fits = total <= (int64_t)G_MAXUINT;
    for (int64_t i = 0; valid && known && i < record->n_steps; i++) {
        const fold_change *c = &record->steps[i];
        if (c->position < 0 || c->removed < 0 || c->added < 0 ||
            c->removed > total - c->position) {
            valid = FALSE;
            break;
        }
        total += c->added - c->removed;
        if (total > (int64_t)G_MAXUINT)
            fits = FALSE;
    }
    gboolean matches = valid && known && total == record->count;
    record->reset = !matches || !fits;
    self->arrived_items = record->count;
    g_ptr_array_add(self->queue, record);
    self->arrived++;
    gboolean here = g_thread_self() == self->owner;
    gboolean schedule = !here && !self->delivery_queued;
    if (schedule)
        self->delivery_queued = TRUE;
    g_mutex_unlock(&self->lock);

    if (known && !matches)
        g_warning("FoldListModel: a change set does not match the table's item count "
                  "(%" G_GINT64_FORMAT " expected, %" G_GINT64_FORMAT " in the table); "
                  "reloading the whole list",
                  valid ? total : (int64_t)-1, record->count);
    if (here) {
        /* Inside a delivery (a handler changed the table), the running
         * delivery emits it after what it is emitting. */
        fold_model_deliver(self);
    } else if (schedule) {
        /* Before the next frame is drawn. An idle source, not
         * g_main_context_invoke(), which would run the delivery right here
         * when no thread runs the context. */
        GSource *source = g_idle_source_new();
        g_source_set_priority(source, G_PRIORITY_DEFAULT);
        g_source_set_callback(source, deliver_idle, g_atomic_rc_box_acquire(self->token),
                              token_release);
        g_source_attach(source, self->context);
        g_source_unref(source);
    }
}

void
fold_model_queue_start(FoldListModel *self)
{
    self->arrived_items = -1;
    self->token = g_atomic_rc_box_new(FoldListModel *);
    *self->token = self;
    int status = fold_table_add_change_listener(self->table, fold_model_on_table_changed, self,
                                                &self->listener);
    if (status == FOLD_OK)
        self->listening = TRUE;
    else
        g_critical("FoldListModel: cannot listen to the table's changes: %s: %s",
                   fold_status_name(status), fold_last_error_message());
    /* The count, read when no change set arrives meanwhile; those that
     * arrived before it are in it. */
    for (;;) {
        g_mutex_lock(&self->lock);
        guint64 seen = self->arrived;
        g_mutex_unlock(&self->lock);
        int64_t count = table_count(self->table);
        g_mutex_lock(&self->lock);
        gboolean same = self->arrived == seen;
        if (same) {
            g_ptr_array_set_size(self->queue, 0);
            self->arrived_items = count;
            self->engine_items = count;
            self->n_items = count > (int64_t)G_MAXUINT ? G_MAXUINT : (guint)count;
        }
        g_mutex_unlock(&self->lock);
        if (same)
            break;
    }
}

void
fold_model_queue_stop(FoldListModel *self)
{
    if (self->listening) {
        /* Once it returns, the listener runs no more, on any thread. */
        fold_table_remove_listener(self->table, self->listener);
        self->listening = FALSE;
    }
    if (self->token) {
        *self->token = NULL;
        g_atomic_rc_box_release(self->token);
        self->token = NULL;
    }
    g_mutex_lock(&self->lock);
    g_ptr_array_set_size(self->queue, 0);
    g_mutex_unlock(&self->lock);
}
