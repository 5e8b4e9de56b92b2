/*
 * Rows (foldtable.h: "Rows"): insert with and without heights (at a child
 * index or FOLD_INDEX_END), remove, move (within a section and to another,
 * heights and expanded state with the row), set one height, set a run of
 * heights, row_info, row_count vs visible_row_count, float storage of row
 * heights, the FOLD_MAX_ROWS limit, rows addressed by a stale id or
 * FOLD_ROOT, and the expanded-height provider.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

/* Checks the row count and every row height of `section`, and that the flat
 * list shows those rows (if the section is expanded) with those heights. */
static void check_rows_(int line, const fold_table *t, fold_section_id section,
                        const double *heights, int64_t count)
{
    long failed_before = check_failed_so_far();
    int64_t i, header = -1, pos = -1;
    int collapsed = -1;
    double h = -1, top = -1, expected_top;
    fold_section_info in = info(t, section);
    fold_row_info ri;

    CHECK_EQ_I64(in.row_count, count);
    CHECK_EQ_I64(in.child_count, count);
    collapsed = (in.flags & FOLD_SECTION_COLLAPSED) != 0;
    CHECK_EQ_I64(in.visible_row_count, collapsed ? 0 : count);
    CHECK_STATUS(fold_table_header_position(t, section, &header), FOLD_OK);
    CHECK_STATUS(fold_table_item_top(t, header, &top), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, header, &h), FOLD_OK);
    expected_top = top + h;
    for (i = 0; i < count; i++) {
        memset(&ri, 0x55, sizeof ri);
        CHECK_STATUS(fold_table_row_info(t, section, i, &ri), FOLD_OK);
        CHECK_EQ_DBL(ri.height, heights[i]);
        CHECK_EQ_I64(ri.child_index, i);
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
    CHECK_STATUS(fold_table_row_info(t, section, count, &ri), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_row_info(t, section, -1, &ri), FOLD_E_RANGE);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_rows(section %llu) called from line %d)\n",
                (unsigned long long)section, line);
    }
}
#define check_rows(t, s, heights, count) check_rows_(__LINE__, (t), (s), (heights), (count))

static double height_of(const fold_table *t, fold_section_id section, int64_t row)
{
    fold_row_info ri;
    if (!CHECK_STATUS(fold_table_row_info(t, section, row, &ri), FOLD_OK)) return -1;
    return ri.height;
}

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

static void test_set_heights(void)
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

static void test_collapsed_rows(void)
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

static void test_limits(void)
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
static void test_move_rows(void)
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
    CHECK_STATUS(fold_table_row_info(t, o, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 44);
    CHECK_EQ_DBL(ri.expanded_height, FOLD_HEIGHT_DEFAULT);
    CHECK_EQ_I64(ri.flags, 0);
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

/* A row listener that refuses every "will" event, and a change listener
 * that keeps the last change set's shape. */
typedef struct seen_sets {
    int refused;
    int calls;
    int64_t change_count;
    int64_t redraw_count;
    int64_t redraw_position;
    int64_t redraw_items;
    double delta;
} seen_sets;

static int refuse_rows(fold_table *t, fold_section_id section, const char *key, int64_t row,
                       int32_t event, void *user_data)
{
    seen_sets *s = user_data;
    (void)t;
    (void)section;
    (void)key;
    (void)row;
    if (event == FOLD_ROW_WILL_EXPAND || event == FOLD_ROW_WILL_COLLAPSE) {
        s->refused++;
        return 0;
    }
    return 1;
}

static void count_sets(fold_table *t, const fold_change_set *set, void *user_data)
{
    seen_sets *s = user_data;
    (void)t;
    s->calls++;
    s->change_count = set->change_count;
    s->redraw_count = set->redraw_count;
    s->redraw_position = set->redraw_count > 0 ? set->redraw[0].position : -1;
    s->redraw_items = set->redraw_count > 0 ? set->redraw[0].count : -1;
    s->delta = set->content_height_delta;
}

static void test_expanded_provider(void)
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
    {
        int32_t action = -1;
        CHECK_STATUS(fold_table_activate(t, 4, &action), FOLD_OK);
        CHECK_EQ_I64(action, FOLD_ACTIVATED_ROW_EXPANDED);
        CHECK_EQ_I64(a.calls, 3);
        CHECK_EQ_I64(a.row, 3);
    }
    /* A refused expansion keeps the provider's answer and reports only the
     * row's redraw (it became expandable): row 4 at position 5. */
    {
        int64_t id = -1, change_id = -1;
        seen_sets sets;
        memset(&sets, 0, sizeof sets);
        CHECK_STATUS(fold_table_insert_rows(t, s0, FOLD_INDEX_END, 1, NULL), FOLD_OK);
        CHECK_STATUS(fold_table_add_row_listener(t, refuse_rows, &sets, &id), FOLD_OK);
        CHECK_STATUS(fold_table_add_change_listener(t, count_sets, &sets, &change_id), FOLD_OK);
        changed = -1;
        CHECK_STATUS(fold_table_expand_row(t, s0, 4, &changed), FOLD_OK);
        CHECK_EQ_I64(changed, 0);
        CHECK_EQ_I64(a.calls, 4);
        CHECK_EQ_I64(a.row, 4);
        CHECK_EQ_I64(sets.refused, 1);
        CHECK_EQ_I64(sets.calls, 1);
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
        CHECK_EQ_I64(sets.calls, 1);
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

int main(void)
{
    test_insert_remove();
    test_set_heights();
    test_collapsed_rows();
    test_limits();
    test_move_rows();
    test_expanded_provider();
    return check_done();
}
