/*
 * atomicity/failed_calls.c — 7: failed calls change nothing (refused reveal_row, a busy
 * header provider, collapse_all and accordion order).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicity.h"

/* ---- 7: failed calls change nothing ----------------------------------- */

/* A (collapsed) holds B (collapsed) holds 3 rows: only A's header shows. */
void reveal_row_refused(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    int64_t pos = -1;
    fold_section_id A = add(t, FOLD_ROOT, "A", NULL, 0);
    fold_section_id B = add(t, A, "B", NULL, 3);
    CHECK_STATUS(fold_table_collapse(t, B, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, A, NULL), FOLD_OK);
    CHECK_EQ_I64(items(t), 1);

    reset(&l);
    l.refuse = "B";
    CHECK_STATUS(fold_table_reveal_row(t, B, 0, 1, &pos), FOLD_E_NOT_VISIBLE);
    CHECK(strstr(fold_last_error_message(), "row 0 of section \"B\"") != NULL);
    CHECK_EQ_I64(pos, -1);
    CHECK_EQ_I64(items(t), 1); /* was 4: A expanded before B was refused */
    CHECK_EQ_I64(collapsed(t, "A"), 1);
    CHECK_EQ_I64(collapsed(t, "B"), 1);
    CHECK_EQ_I64(l.change_sets, 0);
    /* Both vetoes asked, outermost first, before any change. */
    CHECK_STR(l.text, "will-expand:A will-expand:B");

    /* Refusing the outer one: B is not even asked. */
    reset(&l);
    l.refuse = "A";
    CHECK_STATUS(fold_table_reveal_row(t, B, 2, 1, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STR(l.text, "will-expand:A");
    CHECK_EQ_I64(items(t), 1);

    /* Allowed: every "will", the changes, every "did", one change set. */
    reset(&l);
    l.refuse = NULL;
    CHECK_STATUS(fold_table_reveal_row(t, B, 2, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_EQ_I64(items(t), 5);
    CHECK_STR(l.text, "will-expand:A will-expand:B did-expand:A did-expand:B changed");
    CHECK_EQ_I64(l.change_sets, 1);

    /* Nothing hidden: nothing asked, nothing reported. */
    reset(&l);
    CHECK_STATUS(fold_table_reveal_row(t, B, 1, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 3);
    CHECK_STR(l.text, "");
    fold_table_free(t);
}

static int64_t header_asks;

static int header_provider(fold_table *t, fold_section_id id, const char *key, int64_t row,
                           double *out_height, void *user_data)
{
    (void)t;
    (void)id;
    (void)user_data;
    if (row != -1) return 0;
    if (strcmp(key, "a") == 0) header_asks++;
    *out_height = 50;
    return 1;
}

/* Inside a listener the setter is refused and the header stays unmeasured. */
void header_height_busy(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    int64_t measured = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, header_provider, NULL), FOLD_OK);
    l.try_header_height = 1;
    l.busy_status = 12345;
    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    CHECK_STATUS(l.busy_status, FOLD_E_BUSY);
    l.try_header_height = 0;
    CHECK_EQ_DBL(info(t, a).header_height, 28);
    /* Still unmeasured: the provider is asked (it was not: the flag was set before the busy check). */
    header_asks = 0;
    CHECK_STATUS(fold_table_measure(t, 0, 500, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(header_asks, 1);
    CHECK_EQ_DBL(info(t, a).header_height, 50);

    /* Outside a listener the same call is accepted. */
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, 40), FOLD_OK);
    CHECK_EQ_DBL(info(t, a).header_height, 40);
    fold_table_free(t);
}

/* collapse_all / expand_all: all vetoes first, then the changes, then the "did" events. */
void collapse_all_order(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    add(t, FOLD_ROOT, "b", NULL, 2);
    add(t, FOLD_ROOT, "c", NULL, 0); /* no children: never flips */
    CHECK_STATUS(fold_table_insert_section(t, a, 1, "a1", NULL, 1, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(items(t), 9);

    reset(&l);
    l.refuse = "b";
    check_all_changed(t, fold_table_collapse_all, 2);
    CHECK_STR(l.text, "will-collapse:a1 will-collapse:a will-collapse:b "
                      "did-collapse:a1 did-collapse:a changed");
    CHECK_EQ_I64(collapsed(t, "b"), 0);
    CHECK_EQ_I64(items(t), 5); /* a, b + 2 rows, c */

    reset(&l);
    l.refuse = NULL;
    check_all_changed(t, fold_table_expand_all, 2);
    CHECK_STR(l.text, "will-expand:a1 will-expand:a did-expand:a1 did-expand:a changed");
    CHECK_EQ_I64(items(t), 9);

    /* Every one refused: nothing changes, nothing is reported. */
    reset(&l);
    l.refuse = "b";
    CHECK_STATUS(fold_table_collapse(t, sec(t, "b"), NULL), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_STR(l.text, "will-collapse:b");
    fold_table_free(t);
}

/* Accordion: the displaced row's "will collapse" and the row's "will expand"
 * are asked before either changes; a refusal of either changes nothing. */
void accordion_order(void)
{
    static const struct {
        int64_t row;
        const char *heard;
    } refusals[] = {
        {0, "will-collapse:a/0"},
        {2, "will-collapse:a/0 will-expand:a/2"},
    };
    log l;
    fold_table *t = new_logged_table(&l);
    int changed = -1;
    size_t i;
    fold_section_id a = add_expandable_rows(t);
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_SINGLE), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, a, 0, &changed), FOLD_OK);

    /* Row 0's "will collapse" refused, then row 2's "will expand". */
    l.refuse_key = "a";
    for (i = 0; i < sizeof refusals / sizeof refusals[0]; i++) {
        reset(&l);
        l.refuse_row = refusals[i].row;
        CHECK_STATUS(fold_table_expand_row(t, a, 2, &changed), FOLD_OK);
        CHECK_EQ_I64(changed, 0);
        CHECK_STR(l.text, refusals[i].heard);
        CHECK_EQ_I64(l.change_sets, 0);
        CHECK_EQ_I64(row_expanded(t, a, 0), 1);
    }

    reset(&l);
    l.refuse_key = NULL;
    CHECK_STATUS(fold_table_expand_row(t, a, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(l.text, "will-collapse:a/0 will-expand:a/2 did-collapse:a/0 did-expand:a/2 changed");
    fold_table_free(t);
}
