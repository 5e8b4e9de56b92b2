/*
 * nested/expandable.c — expandable rows inside nested sections.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nested.h"

/* ---- expandable rows ----------------------------------------------------- */

void test_expandable(void)
{
    fold_table *t = must_table(NULL);
    int changed = -1;
    double h = -1;
    int32_t action = -1;
    fold_row_ref *refs = NULL;
    int64_t n = -1;
    /* E: h 0, rows 28, 72 (expanded 100), 172; F: h 216, row 244 */
    static const expected_item e1[] = {
        {H, 0, 0, -1, K, 0, 28, "E"},    {R, 0, 0, 0, 0, 28, 44, "E"},
        {R, 0, 0, 1, X, 72, 100, "E"},   {R, 0, 0, 2, XB, 172, 44, "E"},
        {H, 0, 1, -1, K, 216, 28, "F"},  {R, 0, 1, 0, XB, 244, 44, "F"},
    };

    fold_section_id e = add(t, FOLD_ROOT, "E", "E", 3);
    fold_section_id f = add(t, FOLD_ROOT, "F", "F", 1);
    CHECK_EQ_DBL(expanded_height(t, e, 0), FOLD_HEIGHT_DEFAULT);
    CHECK_EQ_I64(is_expandable(t, e, 0), 0);
    changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, e, 0, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);

    /* Not larger than the height: not expandable. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, e, 0, 44), FOLD_OK);
    CHECK_EQ_I64(is_expandable(t, e, 0), 0);
    CHECK_EQ_DBL(expanded_height(t, e, 0), 44);

    CHECK_STATUS(fold_table_set_row_expanded_height(t, e, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, e, 2, 80), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, f, 0, 60), FOLD_OK);
    CHECK_EQ_I64(is_expandable(t, e, 1), 1);
    CHECK_EQ_I64(is_expanded(t, e, 1), 0);
    CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
    CHECK(refs == NULL);
    CHECK_EQ_I64(n, 0);

    changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, e, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, e, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(is_expanded(t, e, 1), 1);
    check_list(t, e1, 288);
    /* The row's own height is unchanged. */
    {
        fold_row_info ri;
        CHECK_STATUS(fold_table_row_info(t, top(t, 0), 1, &ri), FOLD_OK);
        CHECK_EQ_DBL(ri.height, 44);
        CHECK_EQ_DBL(ri.expanded_height, 100);
        CHECK_EQ_I64(ri.flags, X);
    }

    /* MULTIPLE (default): a second one stays alongside. */
    CHECK_STATUS(fold_table_expand_row(t, f, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    if (refs != NULL && n == 2) {
        check_row_ref(&refs[0], "E", e, 1);
        check_row_ref(&refs[1], "F", f, 0);
    }
    fold_free(refs);
    refs = NULL;

    /* PER_SECTION: expanding E's row 2 collapses E's row 1, not F's. */
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_PER_SECTION), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, e, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(is_expanded(t, e, 1), 0);
    CHECK_EQ_I64(is_expanded(t, f, 0), 1);
    /* SINGLE: expanding E's row 1 collapses both others. */
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_SINGLE), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, e, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    if (refs != NULL && n == 1) {
        check_row_ref(&refs[0], "E", e, 1);
    }
    fold_free(refs);
    refs = NULL;
    check_list(t, e1, 288);

    /* Toggle and collapse. */
    CHECK_STATUS(fold_table_toggle_row(t, e, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(fold_table_collapse_row(t, e, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 232);

    /* Activation. E: h 0, r0 1, r1 2, r2 3; F: h 4, r0 5. */
    check_activated(t, 2, FOLD_ACTIVATED_ROW_EXPANDED);
    check_activated(t, 2, FOLD_ACTIVATED_ROW_COLLAPSED);
    check_activated(t, 1, FOLD_ACTIVATED_NOTHING); /* not expandable */
    check_activated(t, 0, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    check_activated(t, 0, FOLD_ACTIVATED_SECTION_EXPANDED);
    CHECK_STATUS(fold_table_activate(t, 3, NULL), FOLD_OK); /* row 2 expands */
    CHECK_EQ_I64(is_expanded(t, e, 2), 1);
    CHECK_STATUS(fold_table_activate(t, 6, &action), FOLD_E_RANGE);

    /* The expanded state moves with the row. */
    CHECK_STATUS(fold_table_insert_rows(t, e, 0, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(is_expanded(t, e, 4), 1);
    CHECK_EQ_I64(is_expanded(t, e, 2), 0);
    CHECK_EQ_DBL(expanded_height(t, e, 4), 80);
    CHECK_STATUS(fold_table_remove_rows(t, e, 0, 1), FOLD_OK);
    CHECK_EQ_I64(is_expanded(t, e, 3), 1);

    /* A height that reaches the expanded height collapses the row ("A row
     * whose expanded height stops being larger than its height collapses").
     * E: h 0, rows 1..4 (row 3 at position 4). */
    CHECK_STATUS(fold_table_set_row_height(t, e, 3, 90), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, 4, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 90); /* its own height, not the smaller expanded one */
    CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    fold_free(refs);
    refs = NULL;
    CHECK_STATUS(fold_table_set_row_height(t, e, 3, 80), FOLD_OK);
    CHECK_EQ_I64(is_expanded(t, e, 3), 0);
    CHECK_EQ_I64(is_expandable(t, e, 3), 0);
    /* FOLD_HEIGHT_DEFAULT removes the expanded height. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, e, 3, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_EQ_DBL(expanded_height(t, e, 3), FOLD_HEIGHT_DEFAULT);

    /* Bad input. */
    {
        fold_section_id gone = add(t, FOLD_ROOT, "Q", NULL, 1);
        CHECK_STATUS(fold_table_remove_section(t, gone), FOLD_OK);
        CHECK_STATUS(fold_table_set_accordion(t, 3), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_accordion(t, -1), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_row_expanded_height(t, e, 0, -2), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_row_expanded_height(t, e, 0, FOLD_MAX_HEIGHT * 2),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_row_expanded_height(t, e, 4, 50), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_set_row_expanded_height(t, gone, 0, 50), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_set_row_expanded_height(t, FOLD_ROOT, 0, 50), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_expand_row(t, FOLD_ROOT, 0, &changed), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_expand_row(t, gone, 0, &changed), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_toggle_row(t, gone, 0, &changed), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_collapse_row(t, FOLD_ROOT, 0, &changed), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_expand_row(t, e, -1, &changed), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_row_info(t, e, 0, NULL), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_expanded_rows(t, NULL, &n), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_activate(NULL, 0, &action), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_activate(t, -1, &action), FOLD_E_RANGE);
    }
    fold_table_free(t);
}
