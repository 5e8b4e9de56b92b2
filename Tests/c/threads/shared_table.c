/*
 * threads/shared_table.c — 1. one table shared by all threads.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threads.h"

/* ---- 1. one shared table --------------------------------------------- */

/* The shared table's sections "s0".."s7" by index, and the id of a section
 * removed before the threads start; set by main() before any thread. */
static fold_section_id shared_ids[SECTIONS];
static fold_section_id removed_id;

static int shared_index(fold_section_id id)
{
    for (int i = 0; i < SECTIONS; i++)
        if (shared_ids[i] == id) return i;
    return -1;
}

void queries(worker *w)
{
    fold_table *t = w->table;
    int64_t n = -1, pos = -1, written = -1, total = -1;
    int32_t place = -1;
    double h = -1;
    fold_item item;
    fold_visible_item vis[16];
    char text_buffer[16];
    size_t length = 0;
    fold_section_state *states = NULL;
    fold_section_info si;
    fold_section_id id = 0;

    EXPECT(w, fold_table_item_count(t, &n), FOLD_OK);
    /* Between 8 headers and every row of every section plus a few being
     * inserted by the other threads. */
    EXPECT_TRUE(w, n >= SECTIONS && n <= SECTIONS + SECTIONS * ROWS + THREADS * 3);
    {
        /* The list changes under us: a position may be past the end. */
        int status = fold_table_item_at(t, below(w, 40), &item);
        EXPECT_TRUE(w, status == FOLD_OK || status == FOLD_E_RANGE);
        if (status == FOLD_OK) {
            EXPECT_TRUE(w, item.kind == FOLD_ITEM_HEADER || item.kind == FOLD_ITEM_ROW);
            EXPECT_TRUE(w, shared_index(item.section) >= 0);
        }
    }
    EXPECT2(w, fold_table_item_top(t, below(w, 40), &h), FOLD_OK, FOLD_E_RANGE);
    EXPECT(w, fold_table_content_height(t, &h), FOLD_OK);
    EXPECT_TRUE(w, h >= SECTIONS * 28);
    EXPECT(w, fold_table_item_at_offset(t, (double)below(w, 2000), &pos, &place), FOLD_OK);
    EXPECT_TRUE(w, pos >= 0 && place >= FOLD_OFFSET_IN_ITEM && place <= FOLD_OFFSET_BELOW);
    EXPECT(w, fold_table_visible_items(t, (double)below(w, 1500), 300, below(w, 3), vis, 16,
                                       &written, &total),
           FOLD_OK);
    EXPECT_TRUE(w, written >= 0 && written <= 16 && total >= written);
    EXPECT(w, fold_table_section_states(t, &states, &n), FOLD_OK);
    EXPECT_TRUE(w, n == SECTIONS && states != NULL);
    EXPECT_TRUE(w, states != NULL && states[3].section == shared_ids[3] &&
                       strcmp(states[3].key, "s3") == 0);
    fold_free(states);
    /* Every section has rows: its indicator is "+" or the en dash. */
    EXPECT(w, fold_table_section_text(t, shared_ids[below(w, SECTIONS)], FOLD_TEXT_INDICATOR,
                                      text_buffer, sizeof text_buffer, &length),
           FOLD_OK);
    EXPECT_TRUE(w, strcmp(text_buffer, "+") == 0 || strcmp(text_buffer, "\xE2\x80\x93") == 0);
    EXPECT(w, fold_table_find_section(t, "s3", &id), FOLD_OK);
    EXPECT_TRUE(w, id == shared_ids[3]);
    EXPECT(w, fold_table_section_info(t, id, &si), FOLD_OK);
    EXPECT_TRUE(w, si.row_count >= ROWS && si.index == 3 && si.parent == FOLD_ROOT);
    EXPECT(w, fold_table_header_position(t, shared_ids[below(w, SECTIONS)], &pos), FOLD_OK);
    EXPECT2(w, fold_table_row_position(t, shared_ids[below(w, SECTIONS)], 0, &pos), FOLD_OK,
            FOLD_E_NOT_VISIBLE);
}

static void *shared_worker(void *arg)
{
    worker *w = (worker *)arg;
    fold_table *t = w->table;
    int i;
    char key[8];

    w->fresh_message_empty = strcmp(fold_last_error_message(), "") == 0;
    for (i = 0; i < ITERATIONS; i++) {
        int64_t s = below(w, TOGGLED);
        int64_t r = below(w, SECTIONS);
        int64_t k = 1 + below(w, 3);
        int changed = -1;
        int by_key = (int)below(w, 2);
        fold_section_id id = 0;
        int32_t kind = -1;
        sprintf(key, "s%d", (int)s);

        /* A toggle of a section with rows always flips it; its id is
         * found by key or by index, the same either way. */
        if (by_key) {
            EXPECT(w, fold_table_find_section(t, key, &id), FOLD_OK);
        } else {
            EXPECT(w, fold_table_child_at(t, FOLD_ROOT, s, &kind, &id, NULL), FOLD_OK);
            EXPECT_TRUE(w, kind == FOLD_CHILD_SECTION);
        }
        EXPECT_TRUE(w, id == shared_ids[s]);
        EXPECT(w, fold_table_toggle(t, id, &changed), FOLD_OK);
        EXPECT_TRUE(w, changed == 1);

        /* Rows in, queries, rows out: each section keeps at least ROWS
         * default-height rows, so the removal always succeeds. */
        EXPECT(w, fold_table_insert_rows(t, shared_ids[r], below(w, ROWS + 1), k, NULL), FOLD_OK);
        queries(w);
        EXPECT(w, fold_table_remove_rows(t, shared_ids[r], 0, k), FOLD_OK);

        /* Sections 6 and 7: plain collapse/expand, any outcome. */
        if (below(w, 2)) {
            EXPECT(w, fold_table_collapse(t, shared_ids[6 + below(w, 2)], NULL), FOLD_OK);
        } else {
            EXPECT(w, fold_table_find_section(t, below(w, 2) ? "s6" : "s7", &id), FOLD_OK);
            EXPECT(w, fold_table_expand(t, id, NULL), FOLD_OK);
        }

        /* The second toggle of the pair. */
        changed = -1;
        EXPECT(w, fold_table_toggle(t, shared_ids[s], &changed), FOLD_OK);
        EXPECT_TRUE(w, changed == 1);

        /* A failure sets this thread's message only. */
        if (i % 64 == 0) {
            EXPECT(w, fold_table_remove_section(t, removed_id), FOLD_E_NOT_FOUND);
            EXPECT_TRUE(w, fold_last_error_message()[0] != '\0');
            EXPECT(w, fold_table_remove_section(t, FOLD_ROOT), FOLD_E_INVALID);
        }
    }
    return NULL;
}

static void check_shared_table(fold_table *t)
{
    int64_t i, r, n = -1, expected_items = 0, pos = 0;
    double top = 0, h = -1;
    int collapsed[SECTIONS];

    (void)n;
    for (i = 0; i < SECTIONS; i++) {
        CHECK_EQ_I64(row_count(t, shared_ids[i]), ROWS);
        {
            fold_section_id id = 0;
            int32_t kind = -1;
            CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, i, &kind, &id, NULL), FOLD_OK);
            CHECK(kind == FOLD_CHILD_SECTION && id == shared_ids[i]);
        }
        collapsed[i] = is_collapsed(t, shared_ids[i]);
        if (i < TOGGLED) {
            CHECK_EQ_I64(collapsed[i], 0); /* an even number of flips */
        }
        expected_items += 1 + (collapsed[i] ? 0 : ROWS);
    }
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, expected_items);
    /* Every item where the model puts it. */
    for (i = 0; i < SECTIONS; i++) {
        fold_item item;
        CHECK_STATUS(fold_table_item_at(t, pos, &item), FOLD_OK);
        CHECK_EQ_I64(item.kind, FOLD_ITEM_HEADER);
        CHECK(item.section == shared_ids[i]);
        CHECK_STATUS(fold_table_item_top(t, pos, &h), FOLD_OK);
        CHECK_EQ_DBL(h, top);
        pos++;
        top += 28;
        if (!collapsed[i]) {
            for (r = 0; r < ROWS; r++) {
                CHECK_STATUS(fold_table_item_at(t, pos, &item), FOLD_OK);
                fold_row_info ri;
                CHECK_EQ_I64(item.kind, FOLD_ITEM_ROW);
                CHECK(item.section == shared_ids[i]);
                CHECK_EQ_I64(item.row, r);
                CHECK_STATUS(fold_table_item_top(t, pos, &h), FOLD_OK);
                CHECK_EQ_DBL(h, top);
                CHECK_STATUS(fold_table_row_info(t, shared_ids[i], r, &ri), FOLD_OK);
                CHECK_EQ_DBL(ri.height, 44);
                pos++;
                top += 44;
            }
        }
    }
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, top);
}

void test_shared_table(void)
{
    fold_table *t = NULL;
    worker workers[THREADS];
    int i;
    char key[8];

    t = new_table(NULL);
    if (t == NULL) {
        return;
    }
    for (i = 0; i < SECTIONS; i++) {
        sprintf(key, "s%d", i);
        shared_ids[i] = add(t, FOLD_ROOT, key, key, ROWS);
    }
    removed_id = add(t, FOLD_ROOT, "removed", NULL, 1);
    CHECK_STATUS(fold_table_remove_section(t, removed_id), FOLD_OK);
    /* Make this thread's message non-empty: the workers must not see it. */
    CHECK_STATUS(fold_table_remove_section(t, removed_id), FOLD_E_NOT_FOUND);
    CHECK(fold_last_error_message()[0] != '\0');

    run_workers(workers, t, 0xC0FFEEULL, 7919, shared_worker);
    for (i = 0; i < THREADS; i++) {
        CHECK(workers[i].fresh_message_empty);
    }
    check_shared_table(t);
    fold_table_free(t);
}
