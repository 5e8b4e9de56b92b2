/*
 * rows/edit.c — inserting and removing rows, setting heights, rows of collapsed
 * sections.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"

void test_insert_remove(void)
{
    fold_table *t = must_table(NULL);
    static const double h_a[] = {10, 20};
    static const double h_b[] = {5, 6, 7};
    double e[16] = {0};

    fold_section_id s0 = add(t, FOLD_ROOT, "s", NULL, 0);
    fold_section_id s1 = add(t, FOLD_ROOT, "other", NULL, 1);
    check_rows(t, s0, e, 0);
    check_content(t, 3, 28 + 28 + 44);

    /* Default-height rows into an empty section. */
    CHECK_STATUS(fold_table_insert_rows(t, s0, 0, 3, NULL), FOLD_OK);
    e[0] = 44; e[1] = 44; e[2] = 44;
    check_rows(t, s0, e, 3);
    check_content(t, 6, 28 + 3 * 44 + 28 + 44);

    /* Rows with heights at the front: 10 20 44 44 44 */
    CHECK_STATUS(fold_table_insert_rows(t, s0, 0, 2, h_a), FOLD_OK);
    e[0] = 10; e[1] = 20; e[2] = 44; e[3] = 44; e[4] = 44;
    check_rows(t, s0, e, 5);

    /* In the middle (before row 3): 10 20 44 5 6 7 44 44 */
    CHECK_STATUS(fold_table_insert_rows(t, s0, 3, 3, h_b), FOLD_OK);
    e[0] = 10; e[1] = 20; e[2] = 44; e[3] = 5; e[4] = 6; e[5] = 7; e[6] = 44; e[7] = 44;
    check_rows(t, s0, e, 8);

    /* At the end (row == row count), default heights: ... 44 44 */
    CHECK_STATUS(fold_table_insert_rows(t, s0, 8, 2, NULL), FOLD_OK);
    e[8] = 44; e[9] = 44;
    check_rows(t, s0, e, 10);
    check_content(t, 1 + 10 + 2, 28 + (10 + 20 + 44 + 5 + 6 + 7 + 4 * 44) + 28 + 44);

    /* Inside a run of explicit heights (before row 4, between 5 and 6). */
    CHECK_STATUS(fold_table_insert_rows(t, s0, 4, 1, NULL), FOLD_OK);
    /* 10 20 44 5 44 6 7 44 44 44 44 */
    e[4] = 44; e[5] = 6; e[6] = 7; e[7] = 44; e[8] = 44; e[9] = 44; e[10] = 44;
    check_rows(t, s0, e, 11);

    /* Count 0 inserts and removes nothing. */
    CHECK_STATUS(fold_table_insert_rows(t, s0, 2, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, s0, 2, 0), FOLD_OK);
    check_rows(t, s0, e, 11);

    /* Remove across the explicit/default boundary: rows 3..5 (5 44 6). */
    CHECK_STATUS(fold_table_remove_rows(t, s0, 3, 3), FOLD_OK);
    /* 10 20 44 7 44 44 44 44 */
    e[3] = 7; e[4] = 44; e[5] = 44; e[6] = 44; e[7] = 44;
    check_rows(t, s0, e, 8);

    /* Remove the first and the last rows. */
    CHECK_STATUS(fold_table_remove_rows(t, s0, 0, 1), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, s0, 6, 1), FOLD_OK);
    /* 20 44 7 44 44 44 */
    e[0] = 20; e[1] = 44; e[2] = 7; e[3] = 44; e[4] = 44; e[5] = 44;
    check_rows(t, s0, e, 6);
    check_content(t, 1 + 6 + 2, 28 + (20 + 44 + 7 + 3 * 44) + 28 + 44);

    /* The other section never changed. */
    e[0] = 44;
    check_rows(t, s1, e, 1);

    /* Past the end: nothing changes. */
    CHECK_STATUS(fold_table_remove_rows(t, s0, 4, 3), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_rows(t, s0, 7, 1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_rows(t, s0, -2, 1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_rows(t, s0, 0, -1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_remove_rows(t, s0, -1, 1), FOLD_E_RANGE);
    {
        /* No third section; FOLD_ROOT holds no rows; a stale id. */
        int32_t kind = -1;
        fold_section_id gone = add(t, FOLD_ROOT, "gone", NULL, 2);
        CHECK_STATUS(fold_table_remove_section(t, gone), FOLD_OK);
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 2, &kind, NULL, NULL), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_insert_rows(t, FOLD_ROOT, 0, 1, NULL), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_remove_rows(t, FOLD_ROOT, 0, 1), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_insert_rows(t, gone, 0, 1, NULL), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_remove_rows(t, gone, 0, 1), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_set_row_height(t, gone, 0, 1), FOLD_E_NOT_FOUND);
        fold_row_info ri;
        CHECK_STATUS(fold_table_row_info(t, gone, 0, &ri), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_row_info(t, FOLD_ROOT, 0, &ri), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_row_info(t, s0, 0, NULL), FOLD_E_INVALID);
    }
    /* A bad height anywhere in the array: nothing is inserted. */
    {
        static const double bad[] = {10, -5, 10};
        CHECK_STATUS(fold_table_insert_rows(t, s0, 0, 3, bad), FOLD_E_INVALID);
    }
    e[0] = 20; /* 20 44 7 44 44 44, as before */
    check_rows(t, s0, e, 6);

    /* FOLD_INDEX_END appends: 20 44 7 44 44 44 3 4 */
    {
        static const double tail[] = {3, 4};
        CHECK_STATUS(fold_table_insert_rows(t, s0, FOLD_INDEX_END, 2, tail), FOLD_OK);
        e[6] = 3; e[7] = 4;
        check_rows(t, s0, e, 8);
        CHECK_STATUS(fold_table_remove_rows(t, s0, 6, 2), FOLD_OK);
        check_rows(t, s0, e, 6);
    }

    /* Remove all rows. */
    CHECK_STATUS(fold_table_remove_rows(t, s0, 0, 6), FOLD_OK);
    check_rows(t, s0, e, 0);
    check_content(t, 3, 28 + 28 + 44);
    fold_table_free(t);
}

void test_set_heights(void)
{
    fold_table *t = must_table(NULL);
    static const double run1[] = {1, 2, 3};
    static const double run2[] = {FOLD_HEIGHT_DEFAULT, 9, FOLD_HEIGHT_DEFAULT, 0};
    double e[8] = {0}, h = -1;
    int i;

    fold_section_id s0 = add(t, FOLD_ROOT, "s", NULL, 6);
    for (i = 0; i < 6; i++) {
        e[i] = 44;
    }
    check_rows(t, s0, e, 6);

    CHECK_STATUS(fold_table_set_row_height(t, s0, 2, 100), FOLD_OK);
    e[2] = 100;
    check_rows(t, s0, e, 6);
    check_content(t, 7, 28 + 5 * 44 + 100);

    CHECK_STATUS(fold_table_set_row_heights(t, s0, 1, 3, run1), FOLD_OK);
    e[1] = 1; e[2] = 2; e[3] = 3;
    check_rows(t, s0, e, 6);

    /* FOLD_HEIGHT_DEFAULT in a run; a height of 0. */
    CHECK_STATUS(fold_table_set_row_heights(t, s0, 2, 4, run2), FOLD_OK);
    e[2] = 44; e[3] = 9; e[4] = 44; e[5] = 0;
    check_rows(t, s0, e, 6);
    check_content(t, 7, 28 + 44 + 1 + 44 + 9 + 44 + 0);

    /* Rows back on the default follow the section's default row height. */
    CHECK_STATUS(fold_table_set_section_height(t, s0, FOLD_HEIGHT_ROW, 30), FOLD_OK);
    e[0] = 30; e[2] = 30; e[4] = 30;
    check_rows(t, s0, e, 6);
    CHECK_STATUS(fold_table_set_row_height(t, s0, 1, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    e[1] = 30;
    check_rows(t, s0, e, 6);
    /* Inserted rows without heights use the section's default too. */
    CHECK_STATUS(fold_table_insert_rows(t, s0, 6, 1, NULL), FOLD_OK);
    e[6] = 30;
    check_rows(t, s0, e, 7);

    /* Count 0: nothing to set. */
    CHECK_STATUS(fold_table_set_row_heights(t, s0, 7, 0, run1), FOLD_OK);
    check_rows(t, s0, e, 7);
    /* A run past the end changes nothing; nor does a bad height in it. */
    CHECK_STATUS(fold_table_set_row_heights(t, s0, 5, 3, run1), FOLD_E_RANGE);
    check_rows(t, s0, e, 7);
    {
        static const double bad[] = {1, 2, 1.0 / 0.0};
        CHECK_STATUS(fold_table_set_row_heights(t, s0, 0, 3, bad), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_row_height(t, s0, 0, -3), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_row_heights(t, FOLD_ROOT, 0, 1, run1), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_row_height(t, FOLD_ROOT, 0, 1), FOLD_E_INVALID);
        check_rows(t, s0, e, 7);
    }

    /* Row heights are kept in whole 1/256 pt units, rounded to nearest. */
    CHECK_STATUS(fold_table_set_row_height(t, s0, 0, 0.1), FOLD_OK);
    CHECK_EQ_DBL(height_of(t, s0, 0), 26 * FOLD_HEIGHT_UNIT); /* 25.6 units */
    CHECK_STATUS(fold_table_set_row_height(t, s0, 0, 1234.5678), FOLD_OK);
    CHECK_EQ_DBL(height_of(t, s0, 0), 1234.56640625); /* 316049.3568 units */
    {
        int64_t pos = -1;
        CHECK_STATUS(fold_table_row_position(t, s0, 0, &pos), FOLD_OK);
        CHECK_STATUS(fold_table_item_height(t, pos, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 1234.56640625);
    }
    /* The largest height is a whole number of units. */
    CHECK_STATUS(fold_table_set_row_height(t, s0, 0, FOLD_MAX_HEIGHT), FOLD_OK);
    CHECK_EQ_DBL(height_of(t, s0, 0), FOLD_MAX_HEIGHT);
    fold_table_free(t);
}

void test_collapsed_rows(void)
{
    fold_table *t = must_table(NULL);
    static const double hs[] = {11, 12};
    double e[8] = {0};
    int64_t n = -1;

    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 3);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 2);
    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    CHECK_EQ_I64(row_count(t, a), 3);
    CHECK_EQ_I64(info(t, a).visible_row_count, 0);
    CHECK_EQ_I64(info(t, b).visible_row_count, 2);
    check_content(t, 1 + 1 + 2, 28 + 28 + 2 * 44);

    /* Rows change while collapsed; the flat list does not. */
    CHECK_STATUS(fold_table_insert_rows(t, a, 1, 2, hs), FOLD_OK);
    check_content(t, 4, 28 + 28 + 2 * 44);
    CHECK_STATUS(fold_table_set_row_height(t, a, 0, 5), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, a, 4, 1), FOLD_OK);
    check_content(t, 4, 28 + 28 + 2 * 44);
    e[0] = 5; e[1] = 11; e[2] = 12; e[3] = 44;
    check_rows(t, a, e, 4);
    CHECK_EQ_I64(info(t, a).visible_row_count, 0);
    /* A row moved into the collapsed section is hidden too. */
    CHECK_STATUS(fold_table_move_row(t, b, 1, a, FOLD_INDEX_END), FOLD_OK);
    check_content(t, 3, 28 + 28 + 44);
    e[4] = 44;
    check_rows(t, a, e, 5);
    CHECK_STATUS(fold_table_move_row(t, a, 4, b, 1), FOLD_OK);
    check_content(t, 4, 28 + 28 + 2 * 44);

    /* Expanding shows them all. */
    CHECK_STATUS(fold_table_expand(t, a, NULL), FOLD_OK);
    n = info(t, a).visible_row_count;
    CHECK_EQ_I64(n, 4);
    check_rows(t, a, e, 4);
    check_content(t, 1 + 4 + 1 + 2, 28 + 5 + 11 + 12 + 44 + 28 + 2 * 44);
    fold_table_free(t);
}
