/*
 * rows/limits_move.c — limits of counts and heights, moving rows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"

void test_limits(void)
{
    fold_table *t = must_table(NULL);
    int64_t pos = -1;
    int32_t place = -1;
    double h = -1;
    fold_item item;

    /* One section may hold every row the table allows; default-height rows
     * take no memory. */
    fold_section_id big = 0, empty = 0;
    if (!CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "big", NULL,
                                                FOLD_MAX_ROWS, 0, &big),
                      FOLD_OK)) {
        fold_table_free(t);
        return;
    }
    CHECK_EQ_I64(row_count(t, big), FOLD_MAX_ROWS);
    check_content(t, FOLD_MAX_ROWS + 1, 28 + (double)FOLD_MAX_ROWS * 44);

    /* The table is full. */
    CHECK_STATUS(fold_table_insert_rows(t, big, 0, 1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "more", NULL, 1, 0, NULL),
                 FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "more", NULL, 1, 0, NULL), FOLD_E_RANGE);
    /* A section with no rows still fits. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "empty", NULL, 0, 0, &empty),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, empty, 0, 1, NULL), FOLD_E_RANGE);
    check_content(t, FOLD_MAX_ROWS + 2, 28 + (double)FOLD_MAX_ROWS * 44 + 28);

    /* Queries deep in the section. */
    CHECK_STATUS(fold_table_item_at(t, FOLD_MAX_ROWS, &item), FOLD_OK);
    CHECK_EQ_I64(item.kind, FOLD_ITEM_ROW);
    CHECK_EQ_I64(item.section, big);
    CHECK_EQ_I64(item.row, FOLD_MAX_ROWS - 1);
    CHECK_STATUS(fold_table_item_at(t, FOLD_MAX_ROWS + 1, &item), FOLD_OK);
    CHECK_EQ_I64(item.kind, FOLD_ITEM_HEADER);
    CHECK_EQ_I64(item.section, empty);
    CHECK_STATUS(fold_table_item_top(t, FOLD_MAX_ROWS, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28 + (double)(FOLD_MAX_ROWS - 1) * 44);
    CHECK_STATUS(fold_table_row_position(t, big, FOLD_MAX_ROWS - 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, FOLD_MAX_ROWS);
    CHECK_STATUS(fold_table_item_at_offset(t, 28 + (double)(FOLD_MAX_ROWS - 1) * 44 + 1, &pos,
                                           &place),
                 FOLD_OK);
    CHECK_EQ_I64(pos, FOLD_MAX_ROWS);
    CHECK_EQ_I64(place, FOLD_OFFSET_IN_ITEM);

    /* One explicit height in the middle. */
    CHECK_STATUS(fold_table_set_row_height(t, big, (int64_t)1 << 27, 4), FOLD_OK);
    CHECK_EQ_DBL(height_of(t, big, (int64_t)1 << 27), 4);
    CHECK_EQ_DBL(height_of(t, big, ((int64_t)1 << 27) + 1), 44);
    CHECK_STATUS(fold_table_item_top(t, ((int64_t)1 << 27) + 2, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28 + (double)((int64_t)1 << 27) * 44 + 4);
    check_content(t, FOLD_MAX_ROWS + 2, 28 + (double)(FOLD_MAX_ROWS - 1) * 44 + 4 + 28);

    /* Collapse and expand cost nothing per row. */
    CHECK_STATUS(fold_table_collapse(t, big, NULL), FOLD_OK);
    check_content(t, 2, 56);
    CHECK_STATUS(fold_table_expand(t, big, NULL), FOLD_OK);
    check_content(t, FOLD_MAX_ROWS + 2, 28 + (double)(FOLD_MAX_ROWS - 1) * 44 + 4 + 28);

    /* After removing one row, one fits again (in either section). */
    CHECK_STATUS(fold_table_remove_rows(t, big, 0, 1), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, empty, 0, 2, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_rows(t, empty, 0, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(row_count(t, empty), 1);
    CHECK_STATUS(fold_table_insert_rows(t, empty, 0, 1, NULL), FOLD_E_RANGE);
    /* Moving a row does not need room: the total stays the same. */
    CHECK_STATUS(fold_table_move_row(t, big, FOLD_MAX_ROWS - 2, empty, 0), FOLD_OK);
    CHECK_EQ_I64(row_count(t, empty), 2);
    CHECK_EQ_I64(row_count(t, big), FOLD_MAX_ROWS - 2);

    /* Removing the big section frees the room. */
    CHECK_STATUS(fold_table_remove_section(t, big), FOLD_OK);
    check_content(t, 3, 28 + 2 * 44);
    fold_table_free(t);
}

/* move_row: within a section and to another one, heights and expanded state
 * go with the row; `index` counts the target's children without the row. */
void test_move_rows(void)
{
    fold_table *t = must_table(NULL);
    static const double hs[] = {10, 20, 30, 40};
    double e[8];
    fold_row_info ri;
    fold_section_id s0 = add(t, FOLD_ROOT, "s", NULL, 0);
    fold_section_id o = add(t, FOLD_ROOT, "o", NULL, 1);
    CHECK_STATUS(fold_table_insert_rows(t, s0, 0, 4, hs), FOLD_OK);

    /* First to last: 20 30 40 10 */
    CHECK_STATUS(fold_table_move_row(t, s0, 0, s0, 3), FOLD_OK);
    e[0] = 20; e[1] = 30; e[2] = 40; e[3] = 10;
    check_rows(t, s0, e, 4);
    /* Last to first, with FOLD_INDEX_END the other way: back to 10 20 30 40,
     * then 10 30 40 20. */
    CHECK_STATUS(fold_table_move_row(t, s0, 3, s0, 0), FOLD_OK);
    e[0] = 10; e[1] = 20; e[2] = 30; e[3] = 40;
    check_rows(t, s0, e, 4);
    CHECK_STATUS(fold_table_move_row(t, s0, 1, s0, FOLD_INDEX_END), FOLD_OK);
    e[1] = 30; e[2] = 40; e[3] = 20;
    check_rows(t, s0, e, 4);
    /* Its own place. */
    CHECK_STATUS(fold_table_move_row(t, s0, 2, s0, 2), FOLD_OK);
    check_rows(t, s0, e, 4);

    /* To another section, expanded: the row keeps its height, expanded
     * height and state. s: 10 30 20; o: 40(expanded to 100) 44 */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, s0, 2, 100), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, s0, 2, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_move_row(t, s0, 2, o, 0), FOLD_OK);
    e[2] = 20;
    check_rows(t, s0, e, 3);
    CHECK_STATUS(fold_table_row_info(t, o, 0, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 40);
    CHECK_EQ_DBL(ri.expanded_height, 100);
    CHECK_EQ_I64(ri.child_index, 0);
    CHECK_EQ_I64(ri.flags, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    check_row_info(t, o, 1, 44, FOLD_HEIGHT_DEFAULT, 0);
    {
        int64_t pos = -1;
        double h = -1;
        /* s h 0, 3 rows, o h 4, o0 5 */
        CHECK_STATUS(fold_table_row_position(t, o, 0, &pos), FOLD_OK);
        CHECK_EQ_I64(pos, 5);
        CHECK_STATUS(fold_table_item_height(t, pos, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 100);
        check_content(t, 7, 28 + 60 + 28 + 100 + 44);
    }
    {
        fold_row_ref *refs = NULL;
        int64_t n = -1;
        CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
        CHECK_EQ_I64(n, 1);
        if (refs != NULL && n == 1) {
            CHECK_EQ_I64(refs[0].section, o);
            CHECK_STR(refs[0].key, "o");
            CHECK_EQ_I64(refs[0].row, 0);
        }
        fold_free(refs);
    }

    /* Refused: indices out of range, FOLD_ROOT as either section, stale ids.
     * Nothing changes. */
    {
        fold_section_id gone = add(t, FOLD_ROOT, "gone", NULL, 1);
        CHECK_STATUS(fold_table_remove_section(t, gone), FOLD_OK);
        CHECK_STATUS(fold_table_move_row(t, s0, 3, o, 0), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_move_row(t, s0, -1, o, 0), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_move_row(t, s0, 0, o, 3), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_move_row(t, s0, 0, s0, 3), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_move_row(t, s0, 0, o, -2), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_move_row(t, s0, 0, FOLD_ROOT, 0), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_move_row(t, FOLD_ROOT, 0, o, 0), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_move_row(t, s0, 0, gone, 0), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_move_row(t, gone, 0, o, 0), FOLD_E_NOT_FOUND);
        check_rows(t, s0, e, 3);
        CHECK_EQ_I64(row_count(t, o), 2);
    }

    /* Every row out: the section is left empty, the other has them all. */
    CHECK_STATUS(fold_table_move_row(t, s0, 0, o, FOLD_INDEX_END), FOLD_OK);
    CHECK_STATUS(fold_table_move_row(t, s0, 0, o, FOLD_INDEX_END), FOLD_OK);
    CHECK_STATUS(fold_table_move_row(t, s0, 0, o, FOLD_INDEX_END), FOLD_OK);
    check_rows(t, s0, e, 0);
    e[0] = 40; e[1] = 44; e[2] = 10; e[3] = 30; e[4] = 20;
    CHECK_STATUS(fold_table_collapse_row(t, o, 0, NULL), FOLD_OK);
    check_rows(t, o, e, 5);
    fold_table_free(t);
}

/* The expanded-height provider (FOLD_HEIGHT_EXPANDED): a row without an
 * expanded height of its own is asked when it is expanded; the answer is
 * kept; 0 returned means it cannot expand. */
