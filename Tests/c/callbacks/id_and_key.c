/*
 * callbacks/id_and_key.c — 5. every listener and provider gets the section's id and key.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "callbacks.h"

/* ---- 5. callbacks get the section's id and key --------------------------- */

/* What a callback was given, and what it could do with it. */
typedef struct witness {
    int calls;
    fold_section_id ids[16];  /* the id of each call, in order */
    int64_t rows[16];         /* the row of each call (-1 for a header or a section) */
    char keys[16][16];        /* the key of each call */
    int key_by_id_differs;    /* the key read back with the id was not the key given */
    int read_failed;          /* a read with the id failed inside the callback */
    int write_not_busy;       /* a change with the id was not FOLD_E_BUSY */
    double answer;            /* as a provider: the height (0: by row, see height_witness) */
} witness;

static void witness_call(witness *w, fold_table *t, fold_section_id id, const char *key,
                         int64_t row)
{
    char buffer[32];
    size_t length = 0;
    fold_section_info si;
    fold_row_info ri;
    if (w->calls < 16) {
        w->ids[w->calls] = id;
        w->rows[w->calls] = row;
        snprintf(w->keys[w->calls], sizeof w->keys[0], "%s", key);
    }
    w->calls++;
    /* Reads with the id work from inside: its key, its info, the row's info. */
    if (fold_table_section_text(t, id, FOLD_TEXT_KEY, buffer, sizeof buffer, &length) != FOLD_OK)
        w->read_failed++;
    else if (strcmp(buffer, key) != 0 || length != strlen(key))
        w->key_by_id_differs++;
    if (fold_table_section_info(t, id, &si) != FOLD_OK) w->read_failed++;
    if (row >= 0 && fold_table_row_info(t, id, row, &ri) != FOLD_OK) w->read_failed++;
    /* Changes with the id are refused. */
    if (fold_table_set_section_header(t, id, "changed|inside") != FOLD_E_BUSY) w->write_not_busy++;
    if (fold_table_set_section_height(t, id, FOLD_HEIGHT_HEADER, 50) != FOLD_E_BUSY)
        w->write_not_busy++;
    if (fold_table_collapse(t, id, NULL) != FOLD_E_BUSY) w->write_not_busy++;
    if (fold_table_insert_rows(t, id, 0, 1, NULL) != FOLD_E_BUSY) w->write_not_busy++;
    if (fold_table_remove_section(t, id) != FOLD_E_BUSY) w->write_not_busy++;
    if (row >= 0) {
        if (fold_table_set_row_height(t, id, row, 12) != FOLD_E_BUSY) w->write_not_busy++;
        if (fold_table_set_row_expanded_height(t, id, row, 300) != FOLD_E_BUSY) w->write_not_busy++;
        if (fold_table_toggle_row(t, id, row, NULL) != FOLD_E_BUSY) w->write_not_busy++;
    }
    if (fold_table_measure(t, 0, 100, 0, NULL) != FOLD_E_BUSY) w->write_not_busy++;
}

static int section_witness(fold_table *t, fold_section_id id, const char *key, int32_t event,
                           void *user_data)
{
    (void)event;
    witness_call(user_data, t, id, key, -1);
    return 1;
}

static int row_witness(fold_table *t, fold_section_id id, const char *key, int64_t row,
                       int32_t event, void *user_data)
{
    (void)event;
    witness_call(user_data, t, id, key, row);
    return 1;
}

static int height_witness(fold_table *t, fold_section_id id, const char *key, int64_t row,
                          double *out, void *user_data)
{
    witness *w = user_data;
    witness_call(w, t, id, key, row);
    *out = w->answer != 0 ? w->answer : row < 0 ? 30 : row == 1 ? 120 : 40;
    return 1;
}

/* Checks the first `n` calls of w: all to section `id` named `key`, rows as given. */
static void expect_witness(const witness *w, int n, fold_section_id id, const char *key,
                           const int64_t *rows)
{
    CHECK_EQ_I64(w->calls, n);
    for (int i = 0; i < n && i < 16; i++) {
        CHECK(w->ids[i] == id);
        CHECK_STR(w->keys[i], key);
        CHECK_EQ_I64(w->rows[i], rows[i]);
    }
    CHECK_EQ_I64(w->key_by_id_differs, 0);
    CHECK_EQ_I64(w->read_failed, 0);
    CHECK_EQ_I64(w->write_not_busy, 0);
}

/* outer (no rows) > inner (3 rows): the nested section's id and key reach
 * every kind of callback. */
void test_callbacks_get_id_and_key(void)
{
    fold_table *t = new_table(NULL);
    witness ws, wr, wh, wrow, we;
    fold_section_id outer, inner;
    int changed = -1;
    int64_t measured = -1;
    static const int64_t none[4] = {-1, -1, -1, -1}, row1[2] = {1, 1}, rows012[3] = {0, 1, 2};
    static const int64_t row2[1] = {2};
    fold_row_info ri;
    memset(&ws, 0, sizeof ws);
    memset(&wr, 0, sizeof wr);
    memset(&wh, 0, sizeof wh);
    memset(&wrow, 0, sizeof wrow);
    memset(&we, 0, sizeof we);
    outer = add(t, FOLD_ROOT, "outer", "Outer", 0);
    if (!CHECK_STATUS(fold_table_insert_section(t, outer, 0, "inner", "Inner|3", 3, 0, &inner),
                      FOLD_OK))
        return;
    CHECK(inner != outer && inner != FOLD_ROOT && outer != FOLD_ROOT);
    CHECK_STATUS(fold_table_add_section_listener(t, section_witness, &ws, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, row_witness, &wr, NULL), FOLD_OK);

    /* Section listener: will + did, both for "inner". */
    check_changed(t, fold_table_collapse, inner, 1);
    expect_witness(&ws, 2, inner, "inner", none);
    CHECK_EQ_I64(is_collapsed(t, inner), 1); /* the refused changes inside changed nothing */
    CHECK_STR(text(t, inner, FOLD_TEXT_HEADER), "Inner|3");
    CHECK_EQ_DBL(info(t, inner).header_height, 28);
    CHECK_EQ_I64(row_count(t, inner), 3);
    CHECK_STATUS(fold_table_expand(t, inner, &changed), FOLD_OK);
    CHECK_EQ_I64(ws.calls, 4);

    /* Row listener: will + did expand of inner's row 1. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, inner, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, inner, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    expect_witness(&wr, 2, inner, "inner", row1);
    check_row_info(t, inner, 1, 44, 100, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_STATUS(fold_table_collapse_row(t, inner, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(wr.calls, 4);

    /* Header provider: row -1, the outer section's header first. */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, height_witness, &wh), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 2);
    CHECK_EQ_I64(wh.calls, 2);
    CHECK(wh.ids[0] == outer);
    CHECK_STR(wh.keys[0], "outer");
    CHECK(wh.ids[1] == inner);
    CHECK_STR(wh.keys[1], "inner");
    CHECK_EQ_I64(wh.rows[0], -1);
    CHECK_EQ_I64(wh.rows[1], -1);
    CHECK_EQ_I64(wh.key_by_id_differs + wh.read_failed + wh.write_not_busy, 0);
    CHECK_EQ_DBL(info(t, outer).header_height, 30);
    CHECK_EQ_DBL(info(t, inner).header_height, 30);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, NULL, NULL), FOLD_OK);

    /* Row provider: inner's rows 0, 1, 2. */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, height_witness, &wrow), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    expect_witness(&wrow, 3, inner, "inner", rows012);
    CHECK_STATUS(fold_table_row_info(t, inner, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 120);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, NULL, NULL), FOLD_OK);

    /* Expanded-height provider, asked when a row is expanded: inner's row 2
     * (measured at 40 above, which the removal of the provider keeps). */
    we.answer = 200;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, height_witness, &we), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, inner, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    expect_witness(&we, 1, inner, "inner", row2);
    check_row_info(t, inner, 2, 40, 200, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_EQ_I64(wr.calls, 6); /* will + did expand of row 2 */
    CHECK(wr.ids[4] == inner && wr.rows[4] == 2 && wr.ids[5] == inner && wr.rows[5] == 2);
    fold_table_free(t);
}
