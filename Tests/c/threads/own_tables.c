/*
 * threads/own_tables.c — 2. one table per thread.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threads.h"

/* ---- 2. one table per thread ------------------------------------------ */

static void *own_table_worker(void *arg)
{
    worker *w = (worker *)arg;
    fold_table *t = NULL;
    int64_t rows[16];
    int collapsed[16];
    fold_section_id ids[16];
    int64_t nsec = 0, i, n = -1, expected;
    int op;
    char key[16];
    double h = -1, expected_h;

    EXPECT(w, fold_table_new(NULL, &t), FOLD_OK);
    if (t == NULL) {
        return NULL;
    }
    for (op = 0; op < ITERATIONS / 4; op++) {
        int64_t k = below(w, 6);
        if ((k == 0 && nsec < 16) || nsec == 0) {
            /* Keys may repeat across threads: tables are independent. */
            sprintf(key, "k%d", op);
            rows[nsec] = below(w, 6);
            collapsed[nsec] = 0;
            ids[nsec] = 0;
            EXPECT(w, fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, "Title|Detail",
                                                rows[nsec], 0, &ids[nsec]),
                   FOLD_OK);
            nsec++;
        } else if (k == 1) {
            int64_t s = below(w, nsec);
            fold_section_id gone = ids[s];
            EXPECT(w, fold_table_remove_section(t, gone), FOLD_OK);
            EXPECT(w, fold_table_remove_section(t, gone), FOLD_E_NOT_FOUND);
            for (i = s; i < nsec - 1; i++) {
                rows[i] = rows[i + 1];
                collapsed[i] = collapsed[i + 1];
                ids[i] = ids[i + 1];
            }
            nsec--;
        } else if (k == 2) {
            int64_t s = below(w, nsec), c = below(w, 4);
            EXPECT(w, fold_table_insert_rows(t, ids[s], 0, c, NULL), FOLD_OK);
            rows[s] += c;
        } else if (k == 3) {
            int64_t s = below(w, nsec), c = below(w, rows[s] + 1);
            EXPECT(w, fold_table_remove_rows(t, ids[s], 0, c), FOLD_OK);
            rows[s] -= c;
        } else {
            /* 0.2: a section without rows stores the state too (it used to
             * stay as it was, changed 0). */
            int64_t s = below(w, nsec);
            int changed = -1;
            EXPECT(w, fold_table_toggle(t, ids[s], &changed), FOLD_OK);
            EXPECT_TRUE(w, changed == 1);
            collapsed[s] = !collapsed[s];
        }
        expected = 0;
        expected_h = 0;
        for (i = 0; i < nsec; i++) {
            expected += 1 + (collapsed[i] ? 0 : rows[i]);
            expected_h += 28 + (collapsed[i] ? 0 : 44 * (double)rows[i]);
        }
        EXPECT(w, fold_table_item_count(t, &n), FOLD_OK);
        EXPECT_TRUE(w, n == expected);
        EXPECT(w, fold_table_content_height(t, &h), FOLD_OK);
        EXPECT_TRUE(w, h == expected_h);
    }
    fold_table_free(t);
    return NULL;
}

void test_own_tables(void)
{
    worker workers[THREADS];
    run_workers(workers, NULL, 0xBADC0DEULL, 104729, own_table_worker);
}
