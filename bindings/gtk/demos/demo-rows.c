/* The rows' texts the demos keep: see demo-rows.h. */
#include "demo-rows.h"

#include <string.h>

struct _DemoRows {
    GHashTable *by_key; /* key -> GPtrArray of char * (NULL: no text) */
};

DemoRows *
demo_rows_new(void)
{
    DemoRows *rows = g_new0(DemoRows, 1);
    rows->by_key =
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_ptr_array_unref);
    return rows;
}

void
demo_rows_free(DemoRows *rows)
{
    if (!rows)
        return;
    g_hash_table_unref(rows->by_key);
    g_free(rows);
}

static GPtrArray *
texts_new(const char *const *texts, int n)
{
    GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
    for (int i = 0; texts && (n < 0 ? texts[i] != NULL : i < n); i++)
        g_ptr_array_add(a, g_strdup(texts[i]));
    return a;
}

void
demo_rows_set(DemoRows *rows, const char *key, const char *const *texts, int n_texts)
{
    if (!texts && n_texts <= 0)
        g_hash_table_remove(rows->by_key, key);
    else
        g_hash_table_replace(rows->by_key, g_strdup(key), texts_new(texts, n_texts));
}

const char *
demo_rows_get(DemoRows *rows, const char *key, int64_t row)
{
    GPtrArray *a = key ? g_hash_table_lookup(rows->by_key, key) : NULL;
    return a && row >= 0 && row < (int64_t)a->len ? g_ptr_array_index(a, row) : NULL;
}

char **
demo_rows_dup(DemoRows *rows, const char *key)
{
    GPtrArray *a = g_hash_table_lookup(rows->by_key, key);
    GStrvBuilder *b = g_strv_builder_new();
    for (guint i = 0; a && i < a->len; i++)
        g_strv_builder_add(b, a->pdata[i] ? a->pdata[i] : "");
    char **strv = g_strv_builder_end(b);
    g_strv_builder_unref(b);
    return strv;
}

char *
demo_rows_title(fold_section_id section, const char *key, int64_t row, void *rows)
{
    (void)section;
    const char *text = demo_rows_get(rows, key, row);
    return text ? g_strndup(text, strcspn(text, "|")) : NULL;
}

/* ---- a drop --------------------------------------------------------------- */

/* A section's key, newly allocated, or NULL. */
static char *
key_of(fold_table *table, fold_section_id id)
{
    char buffer[256];
    size_t length = 0;
    if (fold_table_section_text(table, id, FOLD_TEXT_KEY, buffer, sizeof buffer, &length) !=
        FOLD_OK)
        return NULL;
    if (length < sizeof buffer)
        return g_strdup(buffer);
    char *key = g_malloc(length + 1);
    fold_table_section_text(table, id, FOLD_TEXT_KEY, key, length + 1, NULL);
    return key;
}

/* Whether `section` is one of the dragged sections or inside one: its rows
 * then go with that section (the engine skips them). */
static gboolean
inside_dragged(fold_table *table, fold_section_id section, const fold_item_ref *items,
               int64_t count)
{
    for (fold_section_id s = section; s != FOLD_ROOT;) {
        for (int64_t i = 0; i < count; i++)
            if (items[i].row < 0 && items[i].section == s)
                return TRUE;
        fold_section_info info;
        if (fold_table_section_info(table, s, &info) != FOLD_OK)
            return FALSE;
        s = info.parent;
    }
    return FALSE;
}

/* The row index, before the drop, of the first row of `parent` at or after
 * child `index` (its row count when none is). The app's data have few
 * subsections between rows, so the walk is short. */
static int64_t
row_at_or_after(fold_table *table, fold_section_id parent, int64_t index)
{
    fold_section_info info;
    if (fold_table_section_info(table, parent, &info) != FOLD_OK)
        return 0;
    for (int64_t j = index; j < info.child_count; j++) {
        int32_t kind = -1;
        int64_t row = -1;
        if (fold_table_child_at(table, parent, j, &kind, NULL, &row) == FOLD_OK &&
            kind == FOLD_CHILD_ROW)
            return row;
    }
    return info.row_count;
}

typedef struct {
    char *key;
    int64_t row;
} Moved;

int
demo_rows_drop(DemoRows *rows, fold_table *table, fold_section_id parent, int64_t index,
               const fold_item_ref *items, int64_t count)
{
    /* The rows that move on their own, with their sections' keys. */
    GArray *moved = g_array_new(FALSE, FALSE, sizeof(Moved));
    for (int64_t i = 0; i < count; i++) {
        if (items[i].row < 0 || inside_dragged(table, items[i].section, items, count))
            continue;
        Moved m = {key_of(table, items[i].section), items[i].row};
        if (m.key)
            g_array_append_val(moved, m);
    }
    char *parent_key = parent != FOLD_ROOT ? key_of(table, parent) : NULL;
    if (moved->len == 0 || !parent_key) {
        /* Sections only (their rows' texts are keyed by their own keys), or
         * a drop the engine refuses. */
        g_array_unref(moved);
        g_free(parent_key);
        return fold_table_drop(table, parent, index, items, count);
    }

    /* Where they start among parent's rows: its rows before the place,
     * less the dragged ones among them. */
    int64_t start = row_at_or_after(table, parent, index);
    for (guint i = 0; i < moved->len; i++) {
        Moved *m = &g_array_index(moved, Moved, i);
        if (strcmp(m->key, parent_key) == 0 && m->row < start)
            start--;
    }

    /* Keep the touched sections' texts for a refusal. */
    GHashTable *saved = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify)g_ptr_array_unref);
    for (guint i = 0; i <= moved->len; i++) {
        const char *key = i < moved->len ? g_array_index(moved, Moved, i).key : parent_key;
        GPtrArray *a = g_hash_table_lookup(rows->by_key, key);
        if (!g_hash_table_contains(saved, key))
            g_hash_table_insert(saved, g_strdup(key),
                                a ? g_ptr_array_copy(a, (GCopyFunc)(void (*)(void))g_strdup, NULL)
                                  : NULL);
    }

    /* Take the texts out (each section's from its last row up), then put
     * them in parent's rows at `start`, in the order given. */
    GPtrArray *texts = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < moved->len; i++) {
        Moved *m = &g_array_index(moved, Moved, i);
        g_ptr_array_add(texts, g_strdup(demo_rows_get(rows, m->key, m->row)));
    }
    /* Marked first, removed below, so that other indices do not shift yet. */
    gpointer mark = GINT_TO_POINTER(1);
    for (guint i = 0; i < moved->len; i++) {
        Moved *m = &g_array_index(moved, Moved, i);
        GPtrArray *a = g_hash_table_lookup(rows->by_key, m->key);
        if (a && m->row < (int64_t)a->len && a->pdata[m->row] != mark) {
            g_free(a->pdata[m->row]);
            a->pdata[m->row] = mark;
        }
    }
    GHashTableIter it;
    gpointer key, value;
    g_hash_table_iter_init(&it, rows->by_key);
    while (g_hash_table_iter_next(&it, &key, &value)) {
        GPtrArray *a = value;
        for (guint r = a->len; r > 0; r--)
            if (a->pdata[r - 1] == mark) {
                a->pdata[r - 1] = NULL;
                g_ptr_array_remove_index(a, r - 1);
            }
    }
    GPtrArray *target = g_hash_table_lookup(rows->by_key, parent_key);
    if (!target) {
        target = g_ptr_array_new_with_free_func(g_free);
        g_hash_table_insert(rows->by_key, g_strdup(parent_key), target);
    }
    while ((int64_t)target->len < start)
        g_ptr_array_add(target, NULL);
    for (guint i = 0; i < texts->len; i++) {
        g_ptr_array_insert(target, (int)(start + i), texts->pdata[i]);
        texts->pdata[i] = NULL;
    }
    g_ptr_array_unref(texts);

    int status = fold_table_drop(table, parent, index, items, count);
    if (status != FOLD_OK) {
        g_hash_table_iter_init(&it, saved);
        while (g_hash_table_iter_next(&it, &key, &value)) {
            if (value)
                g_hash_table_replace(rows->by_key, g_strdup(key), g_ptr_array_ref(value));
            else
                g_hash_table_remove(rows->by_key, key);
        }
    }
    g_hash_table_unref(saved);
    for (guint i = 0; i < moved->len; i++)
        g_free(g_array_index(moved, Moved, i).key);
    g_array_unref(moved);
    g_free(parent_key);
    return status;
}
