/*
 * flatlist/worked_example.c — the worked example of foldtable.h: list, offsets,
 * viewports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flatlist.h"

/* ---- the worked example -------------------------------------------- */

/* Headers and footers of collapsible sections with children are flagged
 * COLLAPSIBLE (K, 0.2). */
static const expected_item sample_expanded[] = {
    {H, 0, -1, K, 0, 28},   {R, 0, 0, 0, 28, 44},   {R, 0, 1, 0, 72, 44},
    {R, 0, 2, 0, 116, 44},  {H, 1, -1, K, 160, 28}, {R, 1, 0, 0, 188, 44},
    {R, 1, 1, 0, 232, 44},  {H, 2, -1, K, 276, 28}, {R, 2, 0, 0, 304, 44},
    {R, 2, 1, 0, 348, 44},  {R, 2, 2, 0, 392, 44},  {R, 2, 3, 0, 436, 44},
};

static const expected_item sample_ipad_collapsed[] = {
    {H, 0, -1, K, 0, 28},  {R, 0, 0, 0, 28, 44},   {R, 0, 1, 0, 72, 44},
    {R, 0, 2, 0, 116, 44}, {H, 1, -1, C | K, 160, 28}, {H, 2, -1, K, 188, 28},
    {R, 2, 0, 0, 216, 44}, {R, 2, 1, 0, 260, 44},  {R, 2, 2, 0, 304, 44},
    {R, 2, 3, 0, 348, 44},
};

void test_worked_example(void)
{
    fold_table *t = sample_table(NULL);
    int64_t pos = -1;

    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad");

    check_list(t, sample_expanded, 480);
    CHECK_STATUS(fold_table_footer_position(t, mac, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_row_position(t, ipad, 2, &pos), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_row_position(t, ipad, -1, &pos), FOLD_E_RANGE);
    /* No fourth section; FOLD_ROOT has no header; a stale id is not found. */
    {
        int32_t kind = -1;
        fold_section_id gone = add(t, FOLD_ROOT, "gone", NULL, 1);
        CHECK_STATUS(fold_table_remove_section(t, gone), FOLD_OK);
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 3, &kind, NULL, NULL), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_header_position(t, FOLD_ROOT, &pos), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_row_position(t, FOLD_ROOT, 0, &pos), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_footer_position(t, FOLD_ROOT, &pos), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_header_position(t, gone, &pos), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_row_position(t, gone, 0, &pos), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_footer_position(t, gone, &pos), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_header_position(t, mac, NULL), FOLD_E_INVALID);
        CHECK_EQ_I64(pos, -1); /* not written on failure */
    }

    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);
    check_list(t, sample_ipad_collapsed, 392);
    pos = -1;
    CHECK_STATUS(fold_table_row_position(t, ipad, 0, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_row_position(t, ipad, 1, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_EQ_I64(pos, -1); /* not written on failure */
    CHECK_STATUS(fold_table_header_position(t, ipad, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_STATUS(fold_table_footer_position(t, ipad, &pos), FOLD_E_NOT_FOUND);

    CHECK_STATUS(fold_table_expand(t, ipad, NULL), FOLD_OK);
    check_list(t, sample_expanded, 480);
    fold_table_free(t);
}

void test_worked_example_offsets(void)
{
    fold_table *t = sample_table(NULL);

    {
        static const offset_case offsets[] = {
            {-1e300, 0, FOLD_OFFSET_ABOVE},
            {-0.5, 0, FOLD_OFFSET_ABOVE},
            {0, 0, FOLD_OFFSET_IN_ITEM},
            {27.999, 0, FOLD_OFFSET_IN_ITEM},
            {28, 1, FOLD_OFFSET_IN_ITEM}, /* y == top belongs to the item */
            {71.5, 1, FOLD_OFFSET_IN_ITEM},
            {72, 2, FOLD_OFFSET_IN_ITEM},
            {159.9, 3, FOLD_OFFSET_IN_ITEM},
            {160, 4, FOLD_OFFSET_IN_ITEM},
            {200, 5, FOLD_OFFSET_IN_ITEM},
            {276, 7, FOLD_OFFSET_IN_ITEM},
            {436, 11, FOLD_OFFSET_IN_ITEM},
            {479.75, 11, FOLD_OFFSET_IN_ITEM},
            {480, 11, FOLD_OFFSET_BELOW},
            {1e300, 11, FOLD_OFFSET_BELOW},
        };
        check_offsets(t, offsets);
    }

    CHECK_STATUS(fold_table_collapse(t, top(t, 1), NULL), FOLD_OK);
    {
        static const offset_case offsets[] = {
            {160, 4, FOLD_OFFSET_IN_ITEM},
            {187.5, 4, FOLD_OFFSET_IN_ITEM},
            {188, 5, FOLD_OFFSET_IN_ITEM},
            {216, 6, FOLD_OFFSET_IN_ITEM},
            {391, 9, FOLD_OFFSET_IN_ITEM},
            {392, 9, FOLD_OFFSET_BELOW},
        };
        check_offsets(t, offsets);
    }
    fold_table_free(t);
}

void test_worked_example_viewports(void)
{
    fold_table *t = sample_table(NULL);
    fold_visible_item out[4];
    int64_t written = -1, total = -1;

    check_visible(t, 30, 100, 0, sample_expanded, 1, 3);
    check_visible(t, 30, 100, 1, sample_expanded, 0, 5);
    check_visible(t, 30, 100, 2, sample_expanded, 0, 6);  /* clamped at the start */
    check_visible(t, 30, 100, 1000, sample_expanded, 0, 12);
    check_visible(t, 0, 480, 0, sample_expanded, 0, 12);
    check_visible(t, -50, 2000, 3, sample_expanded, 0, 12);
    check_visible(t, 28, 44, 0, sample_expanded, 1, 1);    /* exactly one row */
    check_visible(t, 27, 46, 0, sample_expanded, 0, 3);    /* one point into each neighbour */
    check_visible(t, 400, 1000, 0, sample_expanded, 10, 2);
    check_visible(t, 400, 1000, 5, sample_expanded, 5, 7); /* clamped at the end */
    check_visible(t, 30, 0, 0, sample_expanded, 1, 1);     /* an empty viewport inside a row */
    check_visible(t, 480, 100, 0, sample_expanded, 0, 0);  /* past the end */
    check_visible(t, -100, 100, 0, sample_expanded, 0, 0); /* before the start */

    /* Capacity smaller than the total: the first ones, and the total. */
    memset(out, 0, sizeof out);
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 1, out, 2, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 2);
    CHECK_EQ_I64(total, 5);
    CHECK_EQ_I64(out[0].position, 0);
    CHECK_EQ_I64(out[1].position, 1);
    CHECK_EQ_DBL(out[1].top, 28);
    CHECK_EQ_I64(out[2].position, 0); /* untouched past capacity */
    /* NULL out with capacity 0: only the total. */
    written = -1;
    total = -1;
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 1, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 5);
    /* Capacity 0 with a buffer writes nothing. */
    out[0].position = 99;
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 0, out, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 3);
    CHECK_EQ_I64(out[0].position, 99);
    /* out_total is optional. */
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 0, out, 4, &written, NULL), FOLD_OK);
    CHECK_EQ_I64(written, 3);
    CHECK_EQ_I64(out[0].position, 1);
    CHECK_EQ_I64(out[2].position, 3);
    /* A capacity larger than the total. */
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 0, out, INT64_MAX, &written, &total),
                 FOLD_OK);
    CHECK_EQ_I64(written, 3);
    CHECK_EQ_I64(total, 3);
    /* Overscan as large as it gets. */
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, INT64_MAX, NULL, 0, &written, &total),
                 FOLD_OK);
    CHECK_EQ_I64(total, 12);

    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPad"), NULL), FOLD_OK);
    check_visible(t, 150, 60, 0, sample_ipad_collapsed, 3, 3);
    check_visible(t, 160, 56, 0, sample_ipad_collapsed, 4, 2);
    check_visible(t, 30, 100, 1, sample_ipad_collapsed, 0, 5);
    fold_table_free(t);
}
