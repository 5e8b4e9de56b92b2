/*
 * shadow.c — a view's side of a FoldListModel (see shadow.h).
 */
#include "shadow.h"

#include <stdio.h>
#include <string.h>

/* The values of a held item's properties as last notified: name -> text. */
static GQuark
seen_quark(void)
{
    return g_quark_from_static_string("shadow-seen");
}

static char *
value_text(GObject *object, GParamSpec *pspec)
{
    GValue v = G_VALUE_INIT;
    g_value_init(&v, pspec->value_type);
    g_object_get_property(object, pspec->name, &v);
    char *text = g_strdup_value_contents(&v);
    g_value_unset(&v);
    return text;
}

static void
on_notify(GObject *object, GParamSpec *pspec, gpointer data)
{
    Shadow *shadow = data;
    shadow->notes++;
    GHashTable *seen = g_object_get_qdata(object, seen_quark());
    if (seen)
        g_hash_table_insert(seen, g_strdup(pspec->name), value_text(object, pspec));
}

static void
on_items_changed(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)list;
    Shadow *shadow = data;
    shadow->signals++;
    if (position > shadow->slots->len || removed > shadow->slots->len - position) {
        shadow->bad_signals++;
        fprintf(stderr, "shadow: items-changed(%u, %u, %u) on a list of %u\n", position, removed,
                added, shadow->slots->len);
        return;
    }
    g_ptr_array_remove_range(shadow->slots, position, removed);
    for (guint i = 0; i < added; i++)
        g_ptr_array_insert(shadow->slots, (gint)position, NULL);
}

static void
release_slot(gpointer data)
{
    if (data)
        g_object_unref(data);
}

Shadow *
shadow_new(FoldListModel *model, fold_table *table, FoldTextFunc text, void *text_data)
{
    Shadow *shadow = g_new0(Shadow, 1);
    shadow->model = g_object_ref(model);
    shadow->table = table;
    shadow->text = text;
    shadow->text_data = text_data;
    shadow->slots = g_ptr_array_new_with_free_func(release_slot);
    g_ptr_array_set_size(shadow->slots, (gint)g_list_model_get_n_items(G_LIST_MODEL(model)));
    shadow->handler =
        g_signal_connect(model, "items-changed", G_CALLBACK(on_items_changed), shadow);
    return shadow;
}

void
shadow_free(Shadow *shadow)
{
    g_signal_handler_disconnect(shadow->model, shadow->handler);
    for (guint i = 0; i < shadow->slots->len; i++) {
        FoldListItem *item = g_ptr_array_index(shadow->slots, i);
        if (item)
            g_signal_handlers_disconnect_by_data(item, shadow);
    }
    g_ptr_array_unref(shadow->slots);
    g_object_unref(shadow->model);
    g_free(shadow);
}

FoldListItem *
shadow_hold(Shadow *shadow, guint position)
{
    if (position >= shadow->slots->len)
        return NULL;
    FoldListItem *item = g_ptr_array_index(shadow->slots, position);
    if (item)
        return item;
    item = g_list_model_get_item(G_LIST_MODEL(shadow->model), position);
    if (!item)
        return NULL;
    if (!g_object_get_qdata(G_OBJECT(item), seen_quark())) {
        GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
        guint n = 0;
        GParamSpec **pspecs = g_object_class_list_properties(G_OBJECT_GET_CLASS(item), &n);
        for (guint i = 0; i < n; i++)
            g_hash_table_insert(seen, g_strdup(pspecs[i]->name),
                                value_text(G_OBJECT(item), pspecs[i]));
        g_free(pspecs);
        g_object_set_qdata_full(G_OBJECT(item), seen_quark(), seen,
                                (GDestroyNotify)g_hash_table_unref);
        g_signal_connect(item, "notify", G_CALLBACK(on_notify), shadow);
    }
    g_ptr_array_index(shadow->slots, position) = item;
    return item;
}

void
shadow_release(Shadow *shadow, guint position)
{
    if (position < shadow->slots->len) {
        FoldListItem *item = g_ptr_array_index(shadow->slots, position);
        g_ptr_array_index(shadow->slots, position) = NULL;
        if (item)
            g_object_unref(item);
    }
}

void
shadow_shuffle(Shadow *shadow, GRand *rng, double hold, double release)
{
    for (guint i = 0; i < shadow->slots->len; i++) {
        FoldListItem *item = g_ptr_array_index(shadow->slots, i);
        if (item && g_rand_double(rng) < release) {
            g_ptr_array_index(shadow->slots, i) = NULL;
            g_object_unref(item);
        } else if (!item && g_rand_double(rng) < hold) {
            shadow_hold(shadow, i);
        }
    }
}

guint
shadow_held_count(const Shadow *shadow)
{
    guint n = 0;
    for (guint i = 0; i < shadow->slots->len; i++)
        n += g_ptr_array_index(shadow->slots, i) != NULL;
    return n;
}

gboolean
shadow_check_list(Shadow *shadow, const char *what)
{
    GListModel *list = G_LIST_MODEL(shadow->model);
    guint n = g_list_model_get_n_items(list), len = shadow->slots->len;
    gboolean ok = CHECK(n == len && shadow->bad_signals == 0);
    if (n != len)
        fprintf(stderr, "%s: %u items, %u as signalled\n", what, n, len);
    guint missing = 0, misplaced = 0;
    for (guint i = 0; i < n; i++) {
        FoldListItem *item = g_list_model_get_item(list, i);
        if (!item) {
            if (missing++ == 0)
                fprintf(stderr, "%s: no item at %u of %u\n", what, i, n);
            continue;
        }
        if (fold_list_item_get_position(item) != i && misplaced++ == 0)
            fprintf(stderr, "%s: the item at %u says position %u\n", what, i,
                    fold_list_item_get_position(item));
        FoldListItem *held = i < len ? g_ptr_array_index(shadow->slots, i) : NULL;
        if (held && held != item && misplaced++ == 0)
            fprintf(stderr, "%s: the item held at %u is not the one handed out there\n", what, i);
        g_object_unref(item);
    }
    ok &= CHECK(missing == 0 && misplaced == 0);
    FoldListItem *beyond = g_list_model_get_item(list, n);
    ok &= CHECK(beyond == NULL);
    g_clear_object(&beyond);

    /* Every held item's values as notified. */
    for (guint i = 0; i < len; i++) {
        FoldListItem *item = g_ptr_array_index(shadow->slots, i);
        if (!item)
            continue;
        GHashTable *seen = g_object_get_qdata(G_OBJECT(item), seen_quark());
        guint np = 0;
        gboolean same = TRUE;
        GParamSpec **pspecs = g_object_class_list_properties(G_OBJECT_GET_CLASS(item), &np);
        for (guint k = 0; k < np; k++) {
            char *now = value_text(G_OBJECT(item), pspecs[k]);
            const char *notified = g_hash_table_lookup(seen, pspecs[k]->name);
            if (g_strcmp0(now, notified) != 0) {
                fprintf(stderr, "%s: item %u: %s is %s, notified %s\n", what, i, pspecs[k]->name,
                        now, notified);
                same = FALSE;
            }
            g_free(now);
        }
        g_free(pspecs);
        ok &= CHECK(same);
    }
    return ok;
}

/* A section's text, NULL when it has none. */
static char *
engine_text(fold_table *table, fold_section_id section, int32_t which)
{
    char buffer[512];
    size_t length = 0;
    if (fold_table_section_text(table, section, which, buffer, sizeof buffer, &length) != FOLD_OK ||
        length >= sizeof buffer)
        return NULL;
    return g_strdup(buffer);
}

#define SAME_INT(name, have, want)                                                           \
    G_STMT_START {                                                                           \
        if ((int64_t)(have) != (int64_t)(want)) {                                            \
            if (count)                                                                       \
                fprintf(stderr, "%s: item %u: %s is %" G_GINT64_FORMAT ", the engine says %" \
                        G_GINT64_FORMAT "\n", what, i, name, (int64_t)(have), (int64_t)(want)); \
            same = FALSE;                                                                    \
        }                                                                                    \
    }                                                                                        \
    G_STMT_END

#define SAME_STR(name, have, want)                                                           \
    G_STMT_START {                                                                           \
        if (g_strcmp0((have), (want)) != 0) {                                                \
            if (count)                                                                       \
                fprintf(stderr, "%s: item %u: %s is %s, the engine says %s\n", what, i, name, \
                        (have) ? (have) : "(null)", (want) ? (want) : "(null)");             \
            same = FALSE;                                                                    \
        }                                                                                    \
    }                                                                                        \
    G_STMT_END

static gboolean
compare_engine(Shadow *shadow, const char *what, gboolean count)
{
    fold_table *table = shadow->table;
    int64_t items = -1;
    fold_table_item_count(table, &items);
    gboolean ok = items == (int64_t)shadow->slots->len;
    if (count)
        CHECK(ok);
    if (!ok) {
        if (count)
            fprintf(stderr, "%s: the table has %" G_GINT64_FORMAT " items, %u as signalled\n",
                    what, items, shadow->slots->len);
        return FALSE;
    }
    for (guint i = 0; i < shadow->slots->len; i++) {
        FoldListItem *item = g_ptr_array_index(shadow->slots, i);
        if (!item)
            continue;
        fold_item it;
        double height = -1;
        gboolean same = TRUE;
        if (fold_table_item_at(table, i, &it) != FOLD_OK ||
            fold_table_item_height(table, i, &height) != FOLD_OK) {
            ok = FALSE;
            if (count)
                CHECK(FALSE);
            continue;
        }
        char *key = engine_text(table, it.section, FOLD_TEXT_KEY);
        char *title = NULL, *detail = NULL, *indicator = NULL;
        if (it.kind == FOLD_ITEM_HEADER) {
            title = engine_text(table, it.section, FOLD_TEXT_TITLE);
            detail = engine_text(table, it.section, FOLD_TEXT_DETAIL);
            indicator = engine_text(table, it.section, FOLD_TEXT_INDICATOR);
        } else if (it.kind == FOLD_ITEM_ROW && shadow->text) {
            title = shadow->text(it.section, key, it.row, shadow->text_data);
        } else if (it.kind == FOLD_ITEM_PLACEHOLDER) {
            title = engine_text(table, it.section, FOLD_TEXT_LOAD_ERROR);
        }
        SAME_INT("kind", fold_list_item_get_kind(item), it.kind);
        SAME_INT("depth", fold_list_item_get_depth(item), it.depth);
        SAME_INT("section-id", fold_list_item_get_section_id(item), it.section);
        SAME_STR("key", fold_list_item_get_key(item), key);
        SAME_INT("row", fold_list_item_get_row(item), it.row);
        SAME_STR("title", fold_list_item_get_title(item), title);
        SAME_STR("detail", fold_list_item_get_detail(item), detail);
        SAME_STR("indicator", fold_list_item_get_indicator(item), indicator);
        SAME_INT("position", fold_list_item_get_position(item), i);
        if (fold_list_item_get_height(item) != height) {
            if (count)
                fprintf(stderr, "%s: item %u: height is %g, the engine says %g\n", what, i,
                        fold_list_item_get_height(item), height);
            same = FALSE;
        }
        SAME_INT("expanded", fold_list_item_get_expanded(item),
                 (it.flags & FOLD_ITEM_FLAG_EXPANDED) != 0);
        SAME_INT("expandable", fold_list_item_get_expandable(item),
                 (it.flags & FOLD_ITEM_FLAG_EXPANDABLE) != 0);
        SAME_INT("collapsed", fold_list_item_get_collapsed(item),
                 (it.flags & FOLD_ITEM_FLAG_COLLAPSED) != 0);
        SAME_INT("collapsible", fold_list_item_get_collapsible(item),
                 (it.flags & FOLD_ITEM_FLAG_COLLAPSIBLE) != 0);
        SAME_INT("loading", fold_list_item_get_loading(item),
                 (it.flags & FOLD_ITEM_FLAG_LOADING) != 0);
        SAME_INT("failed", fold_list_item_get_failed(item),
                 (it.flags & FOLD_ITEM_FLAG_FAILED) != 0);
        SAME_INT("selected", fold_list_item_get_selected(item),
                 (it.flags & FOLD_ITEM_FLAG_SELECTED) != 0);
        SAME_INT("match", fold_list_item_get_match(item), (it.flags & FOLD_ITEM_FLAG_MATCH) != 0);
        ok &= same;
        if (count)
            CHECK(same);
        g_free(key);
        g_free(title);
        g_free(detail);
        g_free(indicator);
    }
    return ok;
}

gboolean
shadow_check_engine(Shadow *shadow, const char *what)
{
    return compare_engine(shadow, what, TRUE);
}

gboolean
shadow_matches_engine(Shadow *shadow)
{
    return compare_engine(shadow, NULL, FALSE);
}
