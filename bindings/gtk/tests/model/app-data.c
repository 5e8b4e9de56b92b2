/*
 * app-data.c — the app's side of test-model: its row data (one label per
 * row, moved with the rows the way an app moves its data), the text func
 * that answers from it, look-ups of positions by key, and the height
 * provider, section listener and small callbacks the parts hand the model.
 */
#include "model-test.h"

/* The app's row data: per section key, one label per row, moved with the
 * rows the way an app moves its data when it inserts or removes rows (the
 * engine reports rows after an insertion as moved, not changed). The text
 * func answers from here. */
GHashTable *labels; /* key -> GPtrArray of char * */
static int label_serial;

GPtrArray *
rows_of(const char *key)
{
    GPtrArray *rows = g_hash_table_lookup(labels, key);
    if (!rows) {
        rows = g_ptr_array_new_with_free_func(g_free);
        g_hash_table_insert(labels, g_strdup(key), rows);
    }
    return rows;
}

/* New rows row..row+n-1 of `key`: "key row i" for a section's first rows,
 * "key new N" for rows inserted later. */
void
data_insert(const char *key, int64_t row, int64_t n, gboolean initial)
{
    GPtrArray *rows = rows_of(key);
    for (int64_t i = 0; i < n; i++)
        g_ptr_array_insert(rows, (gint)(row + i),
                           initial ? g_strdup_printf("%s row %" G_GINT64_FORMAT, key, row + i)
                                   : g_strdup_printf("%s new %d", key, label_serial++));
}

void
data_remove(const char *key, int64_t row, int64_t n)
{
    GPtrArray *rows = rows_of(key);
    if (row >= 0 && row + n <= (int64_t)rows->len)
        g_ptr_array_remove_range(rows, (guint)row, (guint)n);
}

/* fold_table_remove_children(), with the app's data of the removed rows. */
int
remove_children_tracked(fold_table *table, const char *key, int64_t index, int64_t count)
{
    fold_section_id id = sec(table, key);
    int64_t rows[64];
    int nrows = 0;
    for (int64_t i = index + count - 1; i >= index && nrows < 64; i--) {
        int32_t kind = -1;
        int64_t row = -1;
        if (fold_table_child_at(table, id, i, &kind, NULL, &row) == FOLD_OK &&
            kind == FOLD_CHILD_ROW)
            rows[nrows++] = row; /* descending */
    }
    /* The app's data first: the model fetches items during the change. */
    GPtrArray *saved = g_ptr_array_copy(rows_of(key), (GCopyFunc)(void (*)(void))g_strdup, NULL);
    g_ptr_array_set_free_func(saved, g_free);
    for (int i = 0; i < nrows; i++)
        data_remove(key, rows[i], 1);
    int status = fold_table_remove_children(table, id, index, count);
    if (status != FOLD_OK)
        g_hash_table_insert(labels, g_strdup(key), g_ptr_array_ref(saved));
    g_ptr_array_unref(saved);
    return status;
}


char *
row_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (*(int *)user_data)++;
    /* The id and the key name the same section. */
    CHECK(section == sec(fold_list_model_get_table(model), key));
    GPtrArray *rows = rows_of(key);
    if (row < 0 || row >= (int64_t)rows->len)
        return g_strdup_printf("%s ?%" G_GINT64_FORMAT, key, row); /* not the app's data */
    return g_strdup(g_ptr_array_index(rows, row));
}

int64_t
header_pos(const char *key)
{
    int64_t p = -1;
    fold_table *table = fold_list_model_get_table(model);
    OK(fold_table_header_position(table, sec(table, key), &p));
    return p;
}

int64_t
row_pos(const char *key, int64_t row)
{
    int64_t p = -1;
    fold_table *table = fold_list_model_get_table(model);
    OK(fold_table_row_position(table, sec(table, key), row, &p));
    return p;
}

int
provide_height(fold_table *table, fold_section_id section, const char *key, int64_t row,
               double *out_height, void *data)
{
    (void)table;
    (void)section;
    (void)data;
    if (row < 0) /* a header */
        *out_height = 24 + (double)strlen(key);
    else
        *out_height = 20 + (double)((strlen(key) * 7 + (size_t)row * 13) % 50);
    return 1;
}

/* A section listener that refuses to collapse `refused_section`. */
fold_section_id refused_section;

int
refuse_collapse(fold_table *table, fold_section_id section, const char *key, int32_t event,
                void *data)
{
    (void)table;
    (void)key;
    (void)data;
    return !(event == FOLD_SECTION_WILL_COLLAPSE && section == refused_section);
}

void
count_signal(guint *counter)
{
    (*counter)++;
}

void
set_flag(gpointer data, GObject *where)
{
    (void)where;
    *(gboolean *)data = TRUE;
}
