/*
 * rows/expanded_provider.c — the expanded-height provider and refused row expansion.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"

typedef struct asked {
    int calls;
    fold_section_id section;
    char key[16];
    int64_t row;
} asked;

static int provide_expanded(fold_table *t, fold_section_id section, const char *key, int64_t row,
                            double *out_height, void *user_data)
{
    asked *a = user_data;
    (void)t;
    a->calls++;
    a->section = section;
    snprintf(a->key, sizeof a->key, "%s", key ? key : "(null)");
    a->row = row;
    if (row == 0) return 0; /* row 0 has no expanded height */
    *out_height = 100.0 + (double)row;
    return 1;
}

void test_expanded_provider(void)
{
    fold_table *t = must_table(NULL);
    asked a;
    fold_row_info ri;
    int changed = -1;
    memset(&a, 0, sizeof a);
    fold_section_id s0 = add(t, FOLD_ROOT, "s", NULL, 4);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, provide_expanded, &a),
                 FOLD_OK);
    /* Not asked before it is needed. */
    CHECK_STATUS(fold_table_row_info(t, s0, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.expanded_height, FOLD_HEIGHT_DEFAULT);
    CHECK_EQ_I64(a.calls, 0);

    CHECK_STATUS(fold_table_expand_row(t, s0, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(a.calls, 1);
    CHECK_EQ_I64(a.section, s0);
    CHECK_STR(a.key, "s");
    CHECK_EQ_I64(a.row, 1);
    CHECK_STATUS(fold_table_row_info(t, s0, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.expanded_height, 101);
    CHECK_EQ_I64(ri.flags, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    check_content(t, 5, 28 + 3 * 44 + 101);
    /* Kept: collapsing and expanding again asks nobody. */
    CHECK_STATUS(fold_table_collapse_row(t, s0, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(fold_table_toggle_row(t, s0, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(a.calls, 1);

    /* 0 returned: not expandable, nothing changes. */
    changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, s0, 0, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(a.calls, 2);
    CHECK_EQ_I64(a.row, 0);
    CHECK_STATUS(fold_table_row_info(t, s0, 0, &ri), FOLD_OK);
    CHECK_EQ_I64(ri.flags, 0);

    /* A row with an expanded height of its own is not asked. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, s0, 2, 60), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, s0, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(a.calls, 2);

    /* Activating a row asks too (row 3 at position 4). */
    check_activated(t, 4, FOLD_ACTIVATED_ROW_EXPANDED);
    CHECK_EQ_I64(a.calls, 3);
    CHECK_EQ_I64(a.row, 3);
    /* A refused expansion keeps the provider's answer and reports only the
     * row's redraw (it became expandable): row 4 at position 5. */
    {
        int64_t id = -1, change_id = -1;
        refuser sets;
        memset(&sets, 0, sizeof sets);
        sets.rows = 1;
        CHECK_STATUS(fold_table_insert_rows(t, s0, FOLD_INDEX_END, 1, NULL), FOLD_OK);
        CHECK_STATUS(fold_table_add_row_listener(t, refuser_row, &sets, &id), FOLD_OK);
        CHECK_STATUS(fold_table_add_change_listener(t, refuser_changes, &sets, &change_id), FOLD_OK);
        changed = -1;
        CHECK_STATUS(fold_table_expand_row(t, s0, 4, &changed), FOLD_OK);
        CHECK_EQ_I64(changed, 0);
        CHECK_EQ_I64(a.calls, 4);
        CHECK_EQ_I64(a.row, 4);
        CHECK_EQ_I64(sets.refused, 1);
        CHECK_EQ_I64(sets.change_sets, 1);
        CHECK_EQ_I64(sets.change_count, 0);
        CHECK_EQ_I64(sets.redraw_count, 1);
        CHECK_EQ_I64(sets.redraw_position, 5);
        CHECK_EQ_I64(sets.redraw_items, 1);
        CHECK_EQ_DBL(sets.delta, 0);
        CHECK_STATUS(fold_table_row_info(t, s0, 4, &ri), FOLD_OK);
        CHECK_EQ_DBL(ri.expanded_height, 104);
        CHECK_EQ_I64(ri.flags, FOLD_ITEM_FLAG_EXPANDABLE);
        /* Asked no more: the answer is kept. */
        CHECK_STATUS(fold_table_expand_row(t, s0, 4, &changed), FOLD_OK);
        CHECK_EQ_I64(a.calls, 4);
        CHECK_EQ_I64(sets.refused, 2);
        CHECK_EQ_I64(sets.change_sets, 1);
        CHECK_STATUS(fold_table_remove_listener(t, id), FOLD_OK);
        CHECK_STATUS(fold_table_remove_listener(t, change_id), FOLD_OK); /* sets goes out of scope */
    }

    /* Removed: never asked again. */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, s0, FOLD_INDEX_END, 1, NULL), FOLD_OK);
    changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, s0, 5, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(a.calls, 4);
    CHECK_STATUS(fold_table_set_height_provider(t, 4, provide_expanded, &a), FOLD_E_INVALID);
    fold_table_free(t);

    /* fold_table_measure asks it for the rows it covers, without a row
     * height provider: [0, 100) holds the header and rows 0 and 1. */
    t = must_table(NULL);
    memset(&a, 0, sizeof a);
    s0 = add(t, FOLD_ROOT, "s", NULL, 6);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, provide_expanded, &a),
                 FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(a.calls, 2);
    CHECK_STATUS(fold_table_row_info(t, s0, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.expanded_height, 101);
    CHECK_EQ_I64(ri.flags, FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_STATUS(fold_table_row_info(t, s0, 0, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.expanded_height, FOLD_HEIGHT_DEFAULT); /* answered 0 */
    CHECK_EQ_I64(ri.flags, 0);
    CHECK_STATUS(fold_table_row_info(t, s0, 2, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.expanded_height, FOLD_HEIGHT_DEFAULT); /* not asked */
    CHECK_EQ_I64(a.calls, 2);
    /* Invalidation forgets the answer: asked again when expanded. */
    CHECK_STATUS(fold_table_invalidate_heights(t, s0, 1), FOLD_OK);
    CHECK_STATUS(fold_table_row_info(t, s0, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.expanded_height, FOLD_HEIGHT_DEFAULT);
    CHECK_STATUS(fold_table_expand_row(t, s0, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(a.calls, 3);
    fold_table_free(t);
}
