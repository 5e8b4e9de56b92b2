/*
 * fold-list-model-items.c — the item cache of a FoldListModel and the
 * reading of items from the engine (see fold-list-model.c for the rest).
 *
 * The item cache. Items handed out by get_item are kept in `cache`, an
 * array sorted by the item's position in the list as delivered
 * (FoldListItem.at, the cache key; see fold-list-model-queue.c for change
 * sets not delivered yet), without a reference: an item's dispose removes
 * it (fold_list_model_forget_item), so the cache holds exactly the items
 * someone holds (about the visible ones for a GtkListView). A change set
 * moves the cache through its steps in order — items in a step's removed
 * range leave the model (detached: no more updates), the items after it
 * shift by added - removed — so an item keeps its object for as long as
 * the engine's steps keep it, whatever is inserted or removed around it.
 * Items the change set moves (its moves) are taken out before the steps
 * and put back at their new positions after them: a moved row or section
 * keeps its object too.
 *
 * What a kept item shows can change without a step touching it: what is in
 * the change set's redraw ranges (a header's text, a flag, a height), and
 * — whenever some section's children changed — a row's index, section and
 * depth: a row inserted or removed above it that the filter hides, or the
 * row before it moved into an empty headerless subsection right after it,
 * leaves its position as it was. So each item remembers the table's
 * structure version (fold_table_structure_version) it was read under, and
 * a change set reads again the items in its redraw ranges and the items
 * read under another version than the table's now. (GtkTreeListModel
 * computes a row's position when asked instead; an item here has
 * properties to notify, so it is read when it may have changed.) After the
 * items-changed signals every cached item whose value changed gets its
 * notify (position included).
 *
 * Cost per change set: O(log k + k') per step (k cached items, k' of them
 * after the step), O(k + r) to walk the cache along the r redraw ranges,
 * compare versions and notify, and O(depth * log n) per cached item read
 * again: those redrawn, plus — only after a change of structure — every
 * cached item (the text func once for each row whose index or section
 * changed). The cached items are the ones someone holds: for a view about
 * a screenful, whatever the size of the table or of the change.
 */
#include "fold-list-model-private.h"

#include <string.h>

/* ---- the item cache -------------------------------------------------------- */

#define CACHED(self, i) ((FoldListItem *)g_ptr_array_index((self)->cache, (i)))

/* The index of the first cached item at key `at` or after. */
static guint
cache_search(FoldListModel *self, int64_t at)
{
    guint lo = 0, hi = self->cache->len;
    while (lo < hi) {
        guint mid = lo + (hi - lo) / 2;
        if (CACHED(self, mid)->at < at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static FoldListItem *
cache_lookup(FoldListModel *self, int64_t at)
{
    guint i = cache_search(self, at);
    return i < self->cache->len && CACHED(self, i)->at == at ? CACHED(self, i) : NULL;
}

static void
cache_insert(FoldListModel *self, FoldListItem *item, int64_t at)
{
    item->model = self;
    item->at = at;
    g_ptr_array_insert(self->cache, (gint)cache_search(self, at), item);
}

void
fold_list_model_forget_item(FoldListModel *self, FoldListItem *item)
{
    guint i = cache_search(self, item->at);
    if (i < self->cache->len && CACHED(self, i) == item)
        g_ptr_array_remove_index(self->cache, i);
}

void
fold_model_cache_drop(FoldListModel *self, guint from, guint to)
{
    if (from >= to)
        return;
    for (guint i = from; i < to; i++)
        CACHED(self, i)->model = NULL;
    g_ptr_array_remove_range(self->cache, from, to - from);
}

void
fold_model_cache_step(FoldListModel *self, const fold_change *c)
{
    guint first = cache_search(self, c->position);
    guint after = cache_search(self, c->position + c->removed);
    fold_model_cache_drop(self, first, after);
    int64_t shift = c->added - c->removed;
    if (shift != 0)
        for (guint i = first; i < self->cache->len; i++)
            CACHED(self, i)->at += shift;
}

GPtrArray *
fold_model_cache_take(FoldListModel *self, const fold_move *moves, int64_t n, GArray **moved_by)
{
    GPtrArray *taken = NULL;
    *moved_by = NULL;
    for (int64_t m = 0; m < n; m++) {
        guint first = cache_search(self, moves[m].from);
        guint after = cache_search(self, moves[m].from + moves[m].count);
        if (first >= after)
            continue;
        if (!taken) {
            taken = g_ptr_array_new();
            *moved_by = g_array_new(FALSE, FALSE, sizeof(int64_t));
        }
        for (guint i = first; i < after; i++) {
            g_ptr_array_add(taken, CACHED(self, i));
            g_array_append_val(*moved_by, m);
        }
        g_ptr_array_remove_range(self->cache, first, after - first);
    }
    return taken;
}

void
fold_model_cache_return(FoldListModel *self, GPtrArray *taken, GArray *moved_by, const fold_move *moves)
{
    if (!taken)
        return;
    for (guint i = 0; i < taken->len; i++) {
        FoldListItem *item = g_ptr_array_index(taken, i);
        const fold_move *m = &moves[g_array_index(moved_by, int64_t, i)];
        /* The same object at its new place; read again (its row index,
         * section or depth may be new). */
        cache_insert(self, item, m->to + (item->at - m->from));
        item->dirty = TRUE;
    }
    g_ptr_array_unref(taken);
    g_array_unref(moved_by);
}

void
fold_model_cache_mark(FoldListModel *self, const fold_range *ranges, int64_t n)
{
    int64_t r = 0;
    for (guint i = 0; i < self->cache->len && r < n; i++) {
        FoldListItem *item = CACHED(self, i);
        while (r < n && ranges[r].position + ranges[r].count <= item->at)
            r++;
        if (r < n && ranges[r].position <= item->at)
            item->dirty = TRUE;
    }
}

GPtrArray *
fold_model_cache_all(FoldListModel *self)
{
    GPtrArray *all = g_ptr_array_new_full(self->cache->len, g_object_unref);
    for (guint i = 0; i < self->cache->len; i++)
        g_ptr_array_add(all, g_object_ref(CACHED(self, i)));
    return all;
}

/* ---- reading items from the engine ----------------------------------------- */

/* What the engine says of one item, read in one state of the table. */
typedef struct {
    fold_item it;
    double height;
    guint64 version;
    char *key;       /* when asked for */
    char *title;     /* when asked for: a header's, a row's (the text func), a
                        placeholder's (its load error) */
    char *detail;    /* a header's, when texts are asked for */
    char *indicator;
    gboolean texts;  /* title (and for a header detail, indicator) were read */
} ItemRead;

static void
item_read_clear(ItemRead *r)
{
    g_free(r->key);
    g_free(r->title);
    g_free(r->detail);
    g_free(r->indicator);
    memset(r, 0, sizeof *r);
}

/* The model reads texts without errors: NULL when the section has none. */
static char *
section_text(FoldListModel *self, fold_section_id section, int32_t which)
{
    return fold_section_text_dup(self->table, section, which, NULL);
}

typedef enum { READ_OK, READ_GONE, READ_FAILED } ReadResult;

/* Retries bound the work when other threads keep changing the table. */
#define READ_TRIES 64

/* Reads the item at cache key `at` from the table, through the change sets
 * not delivered yet. `item` (NULL for a new one) is what the model has:
 * texts are read when `texts`, for a new item, and a row's title also when
 * its index or section is not the item's. READ_GONE: a change not
 * delivered yet removed it. */
static ReadResult
read_at(FoldListModel *self, int64_t at, const FoldListItem *item, gboolean texts, ItemRead *out)
{
    memset(out, 0, sizeof *out);
    for (int tries = 0; tries < READ_TRIES; tries++) {
        int64_t position;
        guint64 seen;
        if (!fold_model_queue_map(self, at, &position, &seen))
            return READ_GONE;
        ItemRead r = {0};
        if (fold_table_item_at(self->table, position, &r.it) != FOLD_OK ||
            fold_table_item_height(self->table, position, &r.height) != FOLD_OK ||
            fold_table_structure_version(self->table, &r.version) != FOLD_OK) {
            if (fold_model_queue_unchanged(self, seen))
                return READ_FAILED; /* not reached: the engine answers every position */
            continue;
        }
        gboolean moved = !item || item->section != r.it.section;
        if (moved)
            r.key = section_text(self, r.it.section, FOLD_TEXT_KEY);
        const char *key = moved ? r.key : item->key;
        if (r.it.kind == FOLD_ITEM_HEADER && (texts || !item)) {
            r.title = section_text(self, r.it.section, FOLD_TEXT_TITLE);
            r.detail = section_text(self, r.it.section, FOLD_TEXT_DETAIL);
            char *indicator = section_text(self, r.it.section, FOLD_TEXT_INDICATOR);
            r.indicator = indicator ? indicator : g_strdup("");
            r.texts = TRUE;
        } else if (r.it.kind == FOLD_ITEM_ROW && (texts || moved || item->row != r.it.row)) {
            r.title = key && self->text.func
                          ? self->text.func(r.it.section, key, r.it.row, self->text.data)
                          : NULL;
            r.texts = TRUE;
        } else if (r.it.kind == FOLD_ITEM_PLACEHOLDER && (texts || !item)) {
            /* The error message of a failed load; NULL while loading. */
            r.title = section_text(self, r.it.section, FOLD_TEXT_LOAD_ERROR);
            r.texts = TRUE;
        }
        if (fold_model_queue_unchanged(self, seen)) {
            *out = r;
            return READ_OK;
        }
        item_read_clear(&r); /* another thread changed the table meanwhile */
    }
    return READ_FAILED;
}

/* The item's boolean properties, one a flag of the engine's item: its
 * FOLD_ITEM_FLAG_*, its FOLD_LIST_ITEM_PROP_* and its field. */
static const struct {
    uint32_t flag;
    guint prop;
    glong field;
} item_flags[] = {
    {FOLD_ITEM_FLAG_EXPANDED, FOLD_LIST_ITEM_PROP_EXPANDED, G_STRUCT_OFFSET(FoldListItem, expanded)},
    {FOLD_ITEM_FLAG_EXPANDABLE, FOLD_LIST_ITEM_PROP_EXPANDABLE,
     G_STRUCT_OFFSET(FoldListItem, expandable)},
    {FOLD_ITEM_FLAG_COLLAPSED, FOLD_LIST_ITEM_PROP_COLLAPSED,
     G_STRUCT_OFFSET(FoldListItem, collapsed)},
    {FOLD_ITEM_FLAG_COLLAPSIBLE, FOLD_LIST_ITEM_PROP_COLLAPSIBLE,
     G_STRUCT_OFFSET(FoldListItem, collapsible)},
    {FOLD_ITEM_FLAG_LOADING, FOLD_LIST_ITEM_PROP_LOADING, G_STRUCT_OFFSET(FoldListItem, loading)},
    {FOLD_ITEM_FLAG_FAILED, FOLD_LIST_ITEM_PROP_FAILED, G_STRUCT_OFFSET(FoldListItem, failed)},
    {FOLD_ITEM_FLAG_SELECTED, FOLD_LIST_ITEM_PROP_SELECTED, G_STRUCT_OFFSET(FoldListItem, selected)},
    {FOLD_ITEM_FLAG_MATCH, FOLD_LIST_ITEM_PROP_MATCH, G_STRUCT_OFFSET(FoldListItem, match)},
    {FOLD_ITEM_FLAG_FOCUSED, FOLD_LIST_ITEM_PROP_FOCUSED, G_STRUCT_OFFSET(FoldListItem, focused)},
};

/* Puts what was read into `item` (its strings taken), marking the
 * properties that changed. An item never changes kind (the engine's steps
 * keep an item only where it stays what it was): such a read is dropped. */
static gboolean
apply_read(FoldListItem *item, ItemRead *r, gboolean fresh)
{
    if (!fresh && (int32_t)item->kind != r->it.kind) {
        item_read_clear(r);
        return FALSE;
    }
    FOLD_LIST_ITEM_SET(item, kind, FOLD_LIST_ITEM_PROP_KIND, (FoldItemKind)r->it.kind);
    FOLD_LIST_ITEM_SET(item, depth, FOLD_LIST_ITEM_PROP_DEPTH, r->it.depth);
    FOLD_LIST_ITEM_SET(item, section, FOLD_LIST_ITEM_PROP_SECTION_ID, r->it.section);
    if (r->key || fresh) {
        fold_list_item_take_string(item, &item->key, FOLD_LIST_ITEM_PROP_KEY, r->key);
        r->key = NULL;
    }
    if (r->texts) {
        fold_list_item_take_string(item, &item->title, FOLD_LIST_ITEM_PROP_TITLE, r->title);
        r->title = NULL;
        if (r->it.kind == FOLD_ITEM_HEADER) {
            fold_list_item_take_string(item, &item->detail, FOLD_LIST_ITEM_PROP_DETAIL, r->detail);
            fold_list_item_take_string(item, &item->indicator, FOLD_LIST_ITEM_PROP_INDICATOR,
                                       r->indicator);
            r->detail = r->indicator = NULL;
        }
    }
    FOLD_LIST_ITEM_SET(item, row, FOLD_LIST_ITEM_PROP_ROW, r->it.row);
    FOLD_LIST_ITEM_SET(item, height, FOLD_LIST_ITEM_PROP_HEIGHT, r->height);
    for (gsize i = 0; i < G_N_ELEMENTS(item_flags); i++) {
        gboolean *field = G_STRUCT_MEMBER_P(item, item_flags[i].field);
        gboolean on = (r->it.flags & item_flags[i].flag) != 0;
        if (*field != on) {
            *field = on;
            item->pending |= 1u << item_flags[i].prop;
        }
    }
    item->version = r->version;
    item_read_clear(r);
    return TRUE;
}

void
fold_model_cache_refresh(FoldListModel *self, gboolean all)
{
    guint64 version = 0;
    fold_table_structure_version(self->table, &version);
    GPtrArray *items = fold_model_cache_all(self);
    for (guint i = 0; i < items->len; i++) {
        FoldListItem *item = g_ptr_array_index(items, i);
        gboolean dirty = item->dirty || all;
        item->dirty = FALSE;
        /* Left the model in a text func's call; or a stand-in, which the
         * delivery of the change that removed its item removes. */
        if (item->model != self || item->gone || (!dirty && item->version == version))
            continue;
        ItemRead r;
        if (read_at(self, item->at, item, dirty, &r) == READ_OK)
            apply_read(item, &r, FALSE);
        /* else a change not delivered yet removed it: that delivery will. */
    }
    g_ptr_array_unref(items);
}

/* A stand-in for an item that a change not delivered yet removed from the
 * table, never handed out before (so nothing can say what it was): a
 * placeholder, loading, of no section (id FOLD_ROOT), height 0, until the
 * delivery removes it. */
static FoldListItem *
gone_item(guint position)
{
    FoldListItem *item = g_object_new(FOLD_TYPE_LIST_ITEM, NULL);
    item->kind = FOLD_ITEM_KIND_PLACEHOLDER;
    item->loading = TRUE;
    item->position = position;
    item->gone = TRUE;
    return item;
}

FoldListItem *
fold_model_live_item(FoldListModel *self, int64_t at, guint position)
{
    FoldListItem *item = cache_lookup(self, at);
    if (item) {
        /* Handed out again inside the one splice that covers several steps:
         * its position now; notified with the others after the signals. */
        FOLD_LIST_ITEM_SET(item, position, FOLD_LIST_ITEM_PROP_POSITION, position);
        return g_object_ref(item);
    }
    ItemRead r;
    ReadResult result = read_at(self, at, NULL, TRUE, &r);
    if (result == READ_FAILED)
        return gone_item(position); /* not cached: asked again, it is read again */
    if (result == READ_GONE) {
        item = gone_item(position);
        cache_insert(self, item, at);
        return item;
    }
    /* The text func may have asked for the same item (it should not): then
     * that one stays the item of this position. */
    FoldListItem *again = cache_lookup(self, at);
    if (again) {
        item_read_clear(&r);
        return g_object_ref(again);
    }
    item = g_object_new(FOLD_TYPE_LIST_ITEM, NULL);
    item->position = position;
    apply_read(item, &r, TRUE);
    item->pending = 0; /* a new item: nothing to notify */
    cache_insert(self, item, at);
    return item;
}
