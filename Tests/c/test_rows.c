/*
 * Rows (foldtable.h: "Rows"): insert with and without heights, remove, set
 * one height, set a run of heights, row_count vs visible_row_count, float
 * storage of row heights, and the FOLD_MAX_ROWS limit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "foldtable.h"

static fold_table *new_table(const fold_table_options *options)
{
    fold_table *t = NULL;
    if (!CHECK_STATUS(fold_table_new(options, &t), FOLD_OK) || t == NULL) {
        fprintf(stderr, "cannot create a table; stopping\n");
        check_done();
        exit(1);
    }
    return t;
}

/* Checks the row count and every row height of `section`, and that the flat
 * list shows those rows (if the section is expanded) with those heights. */
static void check_rows_(int line, const fold_table *t, int64_t section, const double *heights,
                        int64_t count)
{
    long failed_before = check_failed_so_far();
    int64_t n = -1, i, header = -1, pos = -1;
    int collapsed = -1;
    double h = -1, top = -1, expected_top;

    CHECK_STATUS(fold_table_row_count(t, section, &n), FOLD_OK);
    CHECK_EQ_I64(n, count);
    CHECK_STATUS(fold_table_is_collapsed(t, section, &collapsed), FOLD_OK);
    CHECK_STATUS(fold_table_visible_row_count(t, section, &n), FOLD_OK);
    CHECK_EQ_I64(n, collapsed ? 0 : count);
    CHECK_STATUS(fold_table_header_position(t, section, &header), FOLD_OK);
    CHECK_STATUS(fold_table_item_top(t, header, &top), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, header, &h), FOLD_OK);
    expected_top = top + h;
    for (i = 0; i < count; i++) {
        CHECK_STATUS(fold_table_row_height(t, section, i, &h), FOLD_OK);
        CHECK_EQ_DBL(h, heights[i]);
        if (!collapsed) {
            CHECK_STATUS(fold_table_row_position(t, section, i, &pos), FOLD_OK);
            CHECK_EQ_I64(pos, header + 1 + i);
            CHECK_STATUS(fold_table_item_top(t, pos, &top), FOLD_OK);
            CHECK_EQ_DBL(top, expected_top);
            CHECK_STATUS(fold_table_item_height(t, pos, &h), FOLD_OK);
            CHECK_EQ_DBL(h, heights[i]);
            expected_top += heights[i];
        } else {
            CHECK_STATUS(fold_table_row_position(t, section, i, &pos), FOLD_E_NOT_VISIBLE);
        }
    }
    CHECK_STATUS(fold_table_row_height(t, section, count, &h), FOLD_E_RANGE);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_rows(section %lld) called from line %d)\n",
                (long long)section, line);
    }
}
#define check_rows(t, s, heights, count) check_rows_(__LINE__, (t), (s), (heights), (count))

static void check_content_(int line, const fold_table *t, int64_t items, double height)
{
    int64_t n = -1;
    double h = -1;
    long failed_before = check_failed_so_far();
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, items);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, height);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_content called from line %d)\n", line);
    }
}
#define check_content(t, items, height) check_content_(__LINE__, (t), (items), (height))

static void test_insert_remove(void)
{
    fold_table *t = new_table(NULL);
    static const double h_a[] = {10, 20};
    static const double h_b[] = {5, 6, 7};
    double e[16] = {0};

    CHECK_STATUS(fold_table_append_section(t, "s", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "other", NULL, 1), FOLD_OK);
    check_rows(t, 0, e, 0);
    check_content(t, 3, 28 + 28 + 44);

    /* Default-height rows into an empty section. */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 0, 3, NULL), FOLD_OK);
    e[0] = 44; e[1] = 44; e[2] = 44;
    check_rows(t, 0, e, 3);
    check_content(t, 6, 28 + 3 * 44 + 28 + 44);

    /* Rows with heights at the front: 10 20 44 44 44 */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 0, 2, h_a), FOLD_OK);
    e[0] = 10; e[1] = 20; e[2] = 44; e[3] = 44; e[4] = 44;
    check_rows(t, 0, e, 5);

    /* In the middle (before row 3): 10 20 44 5 6 7 44 44 */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 3, 3, h_b), FOLD_OK);
    e[0] = 10; e[1] = 20; e[2] = 44; e[3] = 5; e[4] = 6; e[5] = 7; e[6] = 44; e[7] = 44;
    check_rows(t, 0, e, 8);

    /* At the end (row == row count), default heights: ... 44 44 */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 8, 2, NULL), FOLD_OK);
    e[8] = 44; e[9] = 44;
    check_rows(t, 0, e, 10);
    check_content(t, 1 + 10 + 2, 28 + (10 + 20 + 44 + 5 + 6 + 7 + 4 * 44) + 28 + 44);

    /* Inside a run of explicit heights (before row 4, between 5 and 6). */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 4, 1, NULL), FOLD_OK);
    /* 10 20 44 5 44 6 7 44 44 44 44 */
    e[4] = 44; e[5] = 6; e[6] = 7; e[7] = 44; e[8] = 44; e[9] = 44; e[10] = 44;
    check_rows(t, 0, e, 11);

    /* Count 0 inserts and removes nothing. */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 2, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, 0, 2, 0), FOLD_OK);
    check_rows(t, 0, e, 11);

    /* Remove across the explicit/default boundary: rows 3..5 (5 44 6). */
    CHECK_STATUS(fold_table_remove_rows(t, 0, 3, 3), FOLD_OK);
    /* 10 20 44 7 44 44 44 44 */
    e[3] = 7; e[4] = 44; e[5] = 44; e[6] = 44; e[7] = 44;
    check_rows(t, 0, e, 8);

    /* Remove the first and the last rows. */
    CHECK_STATUS(fold_table_remove_rows(t, 0, 0, 1), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, 0, 6, 1), FOLD_OK);
    /* 20 44 7 44 44 44 */
    e[0] = 20; e[1] = 44; e[2] = 7; e[3] = 44; e[4] = 44; e[5] = 44;
    check_rows(t, 0, e, 6);
    check_content(t, 1 + 6 + 2, 28 + (20 + 44 + 7 + 3 * 44) + 28 + 44);

    /* The other section never changed. */
    e[0] = 44;
    check_rows(t, 1, e, 1);

    /* Past the end: nothing changes. */
    CHECK_STATUS(fold_table_remove_rows(t, 0, 4, 3), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_rows(t, 0, 7, 1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_rows(t, 2, 0, 1, NULL), FOLD_E_RANGE);

    /* Remove all rows. */
    CHECK_STATUS(fold_table_remove_rows(t, 0, 0, 6), FOLD_OK);
    check_rows(t, 0, e, 0);
    check_content(t, 3, 28 + 28 + 44);
    fold_table_free(t);
}

static void test_set_heights(void)
{
    fold_table *t = new_table(NULL);
    static const double run1[] = {1, 2, 3};
    static const double run2[] = {FOLD_HEIGHT_DEFAULT, 9, FOLD_HEIGHT_DEFAULT, 0};
    double e[8] = {0}, h = -1;
    int i;

    CHECK_STATUS(fold_table_append_section(t, "s", NULL, 6), FOLD_OK);
    for (i = 0; i < 6; i++) {
        e[i] = 44;
    }
    check_rows(t, 0, e, 6);

    CHECK_STATUS(fold_table_set_row_height(t, 0, 2, 100), FOLD_OK);
    e[2] = 100;
    check_rows(t, 0, e, 6);
    check_content(t, 7, 28 + 5 * 44 + 100);

    CHECK_STATUS(fold_table_set_row_heights(t, 0, 1, 3, run1), FOLD_OK);
    e[1] = 1; e[2] = 2; e[3] = 3;
    check_rows(t, 0, e, 6);

    /* FOLD_HEIGHT_DEFAULT in a run; a height of 0. */
    CHECK_STATUS(fold_table_set_row_heights(t, 0, 2, 4, run2), FOLD_OK);
    e[2] = 44; e[3] = 9; e[4] = 44; e[5] = 0;
    check_rows(t, 0, e, 6);
    check_content(t, 7, 28 + 44 + 1 + 44 + 9 + 44 + 0);

    /* Rows back on the default follow the section's default row height. */
    CHECK_STATUS(fold_table_set_section_row_height(t, 0, 30), FOLD_OK);
    e[0] = 30; e[2] = 30; e[4] = 30;
    check_rows(t, 0, e, 6);
    CHECK_STATUS(fold_table_set_row_height(t, 0, 1, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    e[1] = 30;
    check_rows(t, 0, e, 6);
    /* Inserted rows without heights use the section's default too. */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 6, 1, NULL), FOLD_OK);
    e[6] = 30;
    check_rows(t, 0, e, 7);

    /* Count 0: nothing to set. */
    CHECK_STATUS(fold_table_set_row_heights(t, 0, 7, 0, run1), FOLD_OK);
    check_rows(t, 0, e, 7);
    /* A run past the end changes nothing. */
    CHECK_STATUS(fold_table_set_row_heights(t, 0, 5, 3, run1), FOLD_E_RANGE);
    check_rows(t, 0, e, 7);

    /* Row heights are kept in whole 1/256 pt units, rounded to nearest. */
    CHECK_STATUS(fold_table_set_row_height(t, 0, 0, 0.1), FOLD_OK);
    CHECK_STATUS(fold_table_row_height(t, 0, 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 26 * FOLD_HEIGHT_UNIT); /* 25.6 units */
    CHECK_STATUS(fold_table_set_row_height(t, 0, 0, 1234.5678), FOLD_OK);
    CHECK_STATUS(fold_table_row_height(t, 0, 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 1234.56640625); /* 316049.3568 units */
    {
        int64_t pos = -1;
        CHECK_STATUS(fold_table_row_position(t, 0, 0, &pos), FOLD_OK);
        CHECK_STATUS(fold_table_item_height(t, pos, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 1234.56640625);
    }
    /* The largest height is a whole number of units. */
    CHECK_STATUS(fold_table_set_row_height(t, 0, 0, FOLD_MAX_HEIGHT), FOLD_OK);
    CHECK_STATUS(fold_table_row_height(t, 0, 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, FOLD_MAX_HEIGHT);
    fold_table_free(t);
}

static void test_collapsed_rows(void)
{
    fold_table *t = new_table(NULL);
    static const double hs[] = {11, 12};
    double e[8] = {0};
    int64_t n = -1;

    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_row_count(t, 0, &n), FOLD_OK);
    CHECK_EQ_I64(n, 3);
    CHECK_STATUS(fold_table_visible_row_count(t, 0, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_STATUS(fold_table_visible_row_count(t, 1, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    check_content(t, 1 + 1 + 2, 28 + 28 + 2 * 44);

    /* Rows change while collapsed; the flat list does not. */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 1, 2, hs), FOLD_OK);
    check_content(t, 4, 28 + 28 + 2 * 44);
    CHECK_STATUS(fold_table_set_row_height(t, 0, 0, 5), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, 0, 4, 1), FOLD_OK);
    check_content(t, 4, 28 + 28 + 2 * 44);
    e[0] = 5; e[1] = 11; e[2] = 12; e[3] = 44;
    check_rows(t, 0, e, 4);
    CHECK_STATUS(fold_table_visible_row_count(t, 0, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);

    /* Expanding shows them all. */
    CHECK_STATUS(fold_table_expand(t, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_visible_row_count(t, 0, &n), FOLD_OK);
    CHECK_EQ_I64(n, 4);
    check_rows(t, 0, e, 4);
    check_content(t, 1 + 4 + 1 + 2, 28 + 5 + 11 + 12 + 44 + 28 + 2 * 44);
    fold_table_free(t);
}

static void test_limits(void)
{
    fold_table *t = new_table(NULL);
    int64_t n = -1, pos = -1;
    int32_t place = -1;
    double h = -1;
    fold_item item;

    /* One section may hold every row the table allows; default-height rows
     * take no memory. */
    if (!CHECK_STATUS(fold_table_append_section(t, "big", NULL, FOLD_MAX_ROWS), FOLD_OK)) {
        fold_table_free(t);
        return;
    }
    CHECK_STATUS(fold_table_row_count(t, 0, &n), FOLD_OK);
    CHECK_EQ_I64(n, FOLD_MAX_ROWS);
    check_content(t, FOLD_MAX_ROWS + 1, 28 + (double)FOLD_MAX_ROWS * 44);

    /* The table is full. */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 0, 1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_append_section(t, "more", NULL, 1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_section(t, 0, "more", NULL, 1), FOLD_E_RANGE);
    /* A section with no rows still fits. */
    CHECK_STATUS(fold_table_append_section(t, "empty", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, 1, 0, 1, NULL), FOLD_E_RANGE);
    check_content(t, FOLD_MAX_ROWS + 2, 28 + (double)FOLD_MAX_ROWS * 44 + 28);

    /* Queries deep in the section. */
    CHECK_STATUS(fold_table_item_at(t, FOLD_MAX_ROWS, &item), FOLD_OK);
    CHECK_EQ_I64(item.kind, FOLD_ITEM_ROW);
    CHECK_EQ_I64(item.section, 0);
    CHECK_EQ_I64(item.row, FOLD_MAX_ROWS - 1);
    CHECK_STATUS(fold_table_item_at(t, FOLD_MAX_ROWS + 1, &item), FOLD_OK);
    CHECK_EQ_I64(item.kind, FOLD_ITEM_HEADER);
    CHECK_EQ_I64(item.section, 1);
    CHECK_STATUS(fold_table_item_top(t, FOLD_MAX_ROWS, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28 + (double)(FOLD_MAX_ROWS - 1) * 44);
    CHECK_STATUS(fold_table_row_position(t, 0, FOLD_MAX_ROWS - 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, FOLD_MAX_ROWS);
    CHECK_STATUS(fold_table_item_at_offset(t, 28 + (double)(FOLD_MAX_ROWS - 1) * 44 + 1, &pos,
                                           &place),
                 FOLD_OK);
    CHECK_EQ_I64(pos, FOLD_MAX_ROWS);
    CHECK_EQ_I64(place, FOLD_OFFSET_IN_ITEM);

    /* One explicit height in the middle. */
    CHECK_STATUS(fold_table_set_row_height(t, 0, (int64_t)1 << 27, 4), FOLD_OK);
    CHECK_STATUS(fold_table_row_height(t, 0, (int64_t)1 << 27, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 4);
    CHECK_STATUS(fold_table_row_height(t, 0, ((int64_t)1 << 27) + 1, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 44);
    CHECK_STATUS(fold_table_item_top(t, ((int64_t)1 << 27) + 2, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28 + (double)((int64_t)1 << 27) * 44 + 4);
    check_content(t, FOLD_MAX_ROWS + 2, 28 + (double)(FOLD_MAX_ROWS - 1) * 44 + 4 + 28);

    /* Collapse and expand cost nothing per row. */
    CHECK_STATUS(fold_table_collapse(t, 0, NULL), FOLD_OK);
    check_content(t, 2, 56);
    CHECK_STATUS(fold_table_expand(t, 0, NULL), FOLD_OK);
    check_content(t, FOLD_MAX_ROWS + 2, 28 + (double)(FOLD_MAX_ROWS - 1) * 44 + 4 + 28);

    /* After removing one row, one fits again (in either section). */
    CHECK_STATUS(fold_table_remove_rows(t, 0, 0, 1), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, 1, 0, 2, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_rows(t, 1, 0, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_row_count(t, 1, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    CHECK_STATUS(fold_table_insert_rows(t, 1, 0, 1, NULL), FOLD_E_RANGE);

    /* Removing the big section frees the room. */
    CHECK_STATUS(fold_table_remove_section(t, 0), FOLD_OK);
    check_content(t, 2, 28 + 44);
    fold_table_free(t);
}

int main(void)
{
    test_insert_remove();
    test_set_heights();
    test_collapsed_rows();
    test_limits();
    return check_done();
}
