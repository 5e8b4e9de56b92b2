/*
 * fold-list-model-items.c — the item cache of a FoldListModel and the
 * reading of items from the engine (see fold-list-model.c for the rest).
 *
 * The item cache. Items handed out by get_item are kept in `cache`, an
 * array sorted by the item's table position (FoldListItem.at), without a
 * reference: an item's dispose removes it (fold_list_model_forget_item), so
 * the cache holds exactly the items someone holds (about the visible ones
 * for a GtkListView). A change set moves the cache through its steps in
 * order — items in a step's removed range leave the model (detached: no
 * more updates), the items after it shift by added - removed — so an item
 * keeps its object for as long as the engine's steps keep it, whatever is
 * inserted or removed around it.
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

/* The model reads texts without errors: NULL when the section has none. */
static char *
section_text(FoldListModel *self, fold_section_id section, int32_t which)
{
    return fold_section_text_dup(self->table, section, which, NULL);
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
};

/* ---- the item cache -------------------------------------------------------- */

#define CACHED(self, i) ((FoldListItem *)g_ptr_array_index((self)->cache, (i)))

/* The index of the first cached item at table position `at` or after. */
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

void
fold_list_model_forget_item(FoldListModel *self, FoldListItem *item)
{
    guint i = cache_search(self, item->at);
    if (i < self->cache->len && CACHED(self, i) == item)
        g_ptr_array_remove_index(self->cache, i);
}

/* Items [from, to) of the cache leave the model: detached, no more updates. */
void
fold_model_cache_drop(FoldListModel *self, guint from, guint to)
{
    if (from >= to)
        return;
    for (guint i = from; i < to; i++)
        CACHED(self, i)->model = NULL;
    g_ptr_array_remove_range(self->cache, from, to - from);
}

/* One step of a change set: at `position`, `removed` items were replaced by
 * `added` items. */
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

/* A new reference to every cached item, so that handlers that drop items
 * cannot change the array being walked. */
GPtrArray *
fold_model_cache_all(FoldListModel *self)
{
    GPtrArray *all = g_ptr_array_new_full(self->cache->len, g_object_unref);
    for (guint i = 0; i < self->cache->len; i++)
        g_ptr_array_add(all, g_object_ref(CACHED(self, i)));
    return all;
}

/* ---- reading items from the engine ----------------------------------------- */

/* Reads the item at table position `at` into `item`, marking the properties
 * that changed. `texts`: the header texts and a row's title too (a row's
 * title is also read when its row index or section changed). Returns FALSE,
 * changing nothing, when the table has another kind of item there (only
 * while a change made on another thread is not caught up yet): an item
 * never changes kind. A row may change section: moved into an empty
 * headerless subsection right after it, it keeps its place. */
gboolean
fold_model_read_item(FoldListModel *self, FoldListItem *item, int64_t at, gboolean texts,
                     gboolean fresh)
{
    fold_item it;
    guint64 version = 0;
    if (fold_table_item_at(self->table, at, &it) != FOLD_OK ||
        fold_table_structure_version(self->table, &version) != FOLD_OK)
        return FALSE;
    if (!fresh && (int32_t)item->kind != it.kind)
        return FALSE;
    int64_t old_row = item->row;
    gboolean moved = fresh || item->section != it.section;
    double height = 0;
    fold_table_item_height(self->table, at, &height);
    FOLD_LIST_ITEM_SET(item, kind, FOLD_LIST_ITEM_PROP_KIND, (FoldItemKind)it.kind);
    FOLD_LIST_ITEM_SET(item, depth, FOLD_LIST_ITEM_PROP_DEPTH, it.depth);
    FOLD_LIST_ITEM_SET(item, section, FOLD_LIST_ITEM_PROP_SECTION_ID, it.section);
    FOLD_LIST_ITEM_SET(item, row, FOLD_LIST_ITEM_PROP_ROW, it.row);
    FOLD_LIST_ITEM_SET(item, height, FOLD_LIST_ITEM_PROP_HEIGHT, height);
    item->version = version;
    for (gsize i = 0; i < G_N_ELEMENTS(item_flags); i++) {
        gboolean *field = G_STRUCT_MEMBER_P(item, item_flags[i].field);
        gboolean on = (it.flags & item_flags[i].flag) != 0;
        if (*field != on) {
            *field = on;
            item->pending |= 1u << item_flags[i].prop;
        }
    }
    if (moved)
        fold_list_item_take_string(item, &item->key, FOLD_LIST_ITEM_PROP_KEY,
                                   section_text(self, it.section, FOLD_TEXT_KEY));
    if (it.kind == FOLD_ITEM_HEADER && texts) {
        fold_list_item_take_string(item, &item->title, FOLD_LIST_ITEM_PROP_TITLE,
                                   section_text(self, it.section, FOLD_TEXT_TITLE));
        fold_list_item_take_string(item, &item->detail, FOLD_LIST_ITEM_PROP_DETAIL,
                                   section_text(self, it.section, FOLD_TEXT_DETAIL));
        char *indicator = section_text(self, it.section, FOLD_TEXT_INDICATOR);
        fold_list_item_take_string(item, &item->indicator, FOLD_LIST_ITEM_PROP_INDICATOR,
                                   indicator ? indicator : g_strdup(""));
    } else if (it.kind == FOLD_ITEM_ROW && (texts || it.row != old_row || moved)) {
        char *title = item->key && self->text.func
                          ? self->text.func(it.section, item->key, it.row, self->text.data)
                          : NULL;
        fold_list_item_take_string(item, &item->title, FOLD_LIST_ITEM_PROP_TITLE, title);
    } else if (it.kind == FOLD_ITEM_PLACEHOLDER && texts) {
        /* The error message of a failed load; NULL while loading. */
        fold_list_item_take_string(item, &item->title, FOLD_LIST_ITEM_PROP_TITLE,
                                   section_text(self, it.section, FOLD_TEXT_LOAD_ERROR));
    }
    return TRUE;
}

/* The item at table position `at`, presented at model position `position`
 * (they differ only while the steps of a change set are being emitted): the
 * cached one, or a new one, cached. Returns a new reference. */
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
    item = g_object_new(FOLD_TYPE_LIST_ITEM, NULL);
    item->position = position;
    if (!fold_model_read_item(self, item, at, TRUE, TRUE)) {
        g_object_unref(item);
        return NULL;
    }
    item->pending = 0; /* a new item: nothing to notify */
    /* The text func may have asked for the same item (it should not): then
     * that one stays the item of this position. */
    FoldListItem *again = cache_lookup(self, at);
    if (again) {
        g_object_unref(item);
        return g_object_ref(again);
    }
    item->model = self;
    item->at = at;
    g_ptr_array_insert(self->cache, (gint)cache_search(self, at), item);
    return item;
}

