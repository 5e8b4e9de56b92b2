/* The rows' texts an app keeps for the sections it shows (demo-listview.c,
 * demo-files.c): the engine holds the structure and the header texts, the
 * app each row's text, found by its section's key and its row index. A drop
 * moves rows between sections and shifts indices, so the texts move with
 * them in the same call (demo_rows_drop): the model reads a moved row's
 * text inside the drop's change listener. */
#ifndef FOLDTABLE_GTK_DEMO_ROWS_H
#define FOLDTABLE_GTK_DEMO_ROWS_H

#include <foldtable.h>
#include <glib.h>
#include <stdint.h>

typedef struct _DemoRows DemoRows;

DemoRows *demo_rows_new(void);
void demo_rows_free(DemoRows *rows);

/* Sets the texts of section `key`'s rows (copied; n_texts -1: texts is
 * NULL-terminated); NULL texts with 0 forgets them. */
void demo_rows_set(DemoRows *rows, const char *key, const char *const *texts, int n_texts);

/* Row `row` of section `key`'s text (owned by `rows`), or NULL. */
const char *demo_rows_get(DemoRows *rows, const char *key, int64_t row);

/* The texts of section `key`, NULL-terminated, newly allocated (g_strfreev);
 * an empty list if none are kept. */
char **demo_rows_dup(DemoRows *rows, const char *key);

/* A FoldTextFunc over `rows` (user_data): a row's title, its text up to
 * "|" (newly allocated), NULL if there is no such row. */
char *demo_rows_title(fold_section_id section, const char *key, int64_t row, void *rows);

/* fold_table_drop(table, parent, index, items, count) with the texts of
 * the dropped rows moved along first: the rows end as consecutive rows of
 * `parent` in the order given. Returns its status; on failure the texts
 * are as they were. */
int demo_rows_drop(DemoRows *rows, fold_table *table, fold_section_id parent, int64_t index,
                   const fold_item_ref *items, int64_t count);

#endif
