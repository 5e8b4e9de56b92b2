/*
 * flatlist/edges.c — padding, footers, zero and fractional heights, the empty table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flatlist.h"

/* ---- padding, footers, zero heights --------------------------------- */

void test_padding_and_footers(void)
{
    fold_table_options o;
    fold_table *t;
    static const expected_item e1[] = {
        {H, 0, -1, K, 10, 30}, {R, 0, 0, 0, 40, 20}, {R, 0, 1, 0, 60, 20},
        {F, 0, -1, K, 80, 6},  {H, 1, -1, 0, 86, 30}, {F, 1, -1, 0, 116, 6},
        {H, 2, -1, K, 122, 30}, {R, 2, 0, 0, 152, 20}, {F, 2, -1, K, 172, 6},
    };
    /* a collapsed: its footer stays. */
    static const expected_item e2[] = {
        {H, 0, -1, C | K, 10, 30}, {F, 0, -1, C | K, 40, 6},  {H, 1, -1, 0, 46, 30},
        {F, 1, -1, 0, 76, 6},  {H, 2, -1, K, 82, 30}, {R, 2, 0, 0, 112, 20},
        {F, 2, -1, K, 132, 6},
    };
    /* b's footer removed (height 0), c's footer 14. */
    static const expected_item e3[] = {
        {H, 0, -1, C | K, 10, 30}, {F, 0, -1, C | K, 40, 6}, {H, 1, -1, 0, 46, 30},
        {H, 2, -1, K, 76, 30}, {R, 2, 0, 0, 106, 20}, {F, 2, -1, K, 126, 14},
    };
    int64_t pos = -1;

    o = options_with_heights(20, 30, 6, 10, 15);
    t = must_table(&o);
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 0);
    fold_section_id c = add(t, FOLD_ROOT, "c", NULL, 1);
    check_list(t, e1, 178 + 15);

    {
        static const offset_case offsets[] = {
            {0, 0, FOLD_OFFSET_ABOVE},
            {9.99, 0, FOLD_OFFSET_ABOVE},
            {10, 0, FOLD_OFFSET_IN_ITEM},
            {85, 3, FOLD_OFFSET_IN_ITEM},
            {86, 4, FOLD_OFFSET_IN_ITEM},
            {177.9, 8, FOLD_OFFSET_IN_ITEM},
            {178, 8, FOLD_OFFSET_BELOW}, /* bottom padding */
            {193, 8, FOLD_OFFSET_BELOW},
            {5000, 8, FOLD_OFFSET_BELOW},
        };
        check_offsets(t, offsets);
    }

    check_visible(t, 0, 10, 0, e1, 0, 0);   /* only top padding */
    check_visible(t, 0, 11, 0, e1, 0, 1);
    check_visible(t, 70, 20, 0, e1, 2, 3);  /* [70, 90): a1, a footer, b header */
    check_visible(t, 178, 15, 0, e1, 0, 0); /* only bottom padding */
    check_visible(t, 170, 30, 1, e1, 6, 3);

    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    check_list(t, e2, 138 + 15);
    CHECK_STATUS(fold_table_footer_position(t, a, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 1);
    CHECK_STATUS(fold_table_row_position(t, a, 0, &pos), FOLD_E_NOT_VISIBLE);

    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_FOOTER, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, c, FOLD_HEIGHT_FOOTER, 14), FOLD_OK);
    check_list(t, e3, 140 + 15);
    CHECK_STATUS(fold_table_footer_position(t, b, &pos), FOLD_E_NOT_FOUND);
    fold_table_free(t);
}

void test_zero_heights(void)
{
    fold_table_options o;
    fold_table *t;
    static const double rows_b[] = {10, 0, 0, 10};
    /* a: header 0, rows 44 44; b: header 0, rows 10 0 0 10; c: header 0, no rows */
    static const expected_item e[] = {
        {H, 0, -1, K, 0, 0},   {R, 0, 0, 0, 0, 44},  {R, 0, 1, 0, 44, 44},
        {H, 1, -1, K, 88, 0},  {R, 1, 0, 0, 88, 10}, {R, 1, 1, 0, 98, 0},
        {R, 1, 2, 0, 98, 0},   {R, 1, 3, 0, 98, 10}, {H, 2, -1, 0, 108, 0},
    };

    fold_table_options_init(&o);
    o.header_height = 0;
    t = must_table(&o);
    add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 0);
    CHECK_STATUS(fold_table_insert_rows(t, b, 0, 4, rows_b), FOLD_OK);
    add(t, FOLD_ROOT, "c", NULL, 0);
    check_list(t, e, 108);

    /* Items of height 0 contain no offset. */
    {
        static const offset_case offsets[] = {
            {-1, 0, FOLD_OFFSET_ABOVE},
            {0, 1, FOLD_OFFSET_IN_ITEM},
            {44, 2, FOLD_OFFSET_IN_ITEM},
            {88, 4, FOLD_OFFSET_IN_ITEM},
            {97.5, 4, FOLD_OFFSET_IN_ITEM},
            {98, 7, FOLD_OFFSET_IN_ITEM},
            {107, 7, FOLD_OFFSET_IN_ITEM},
            {108, 8, FOLD_OFFSET_BELOW}, /* the last item has height 0 */
        };
        check_offsets(t, offsets);
    }

    /* Zero-height items whose top lies inside the viewport are visible. */
    check_visible(t, 0, 88, 0, e, 0, 3);
    check_visible(t, 44, 44.5, 0, e, 2, 3);
    check_visible(t, 88, 12, 0, e, 3, 5);  /* [88,100): b header, b0, b1, b2, b3 */
    check_visible(t, 98, 10, 0, e, 5, 3);  /* [98,108): b1, b2, b3 */
    check_visible(t, 99, 100, 0, e, 7, 2); /* b3, c header at 108 */
    check_visible(t, 108, 1, 0, e, 8, 1);  /* only the zero-height c header */
    check_visible(t, 108.5, 1, 0, e, 0, 0);
    fold_table_free(t);

    /* Every item of height 0. */
    fold_table_options_init(&o);
    o.header_height = 0;
    o.row_height = 0;
    o.padding_top = 5;
    t = must_table(&o);
    add(t, FOLD_ROOT, "z", NULL, 2);
    {
        static const offset_case offsets[] = {
            {4, 0, FOLD_OFFSET_ABOVE},
            {5, 2, FOLD_OFFSET_BELOW},
            {6, 2, FOLD_OFFSET_BELOW},
        };
        check_offsets(t, offsets);
    }
    {
        double h = -1;
        int64_t written = -1, total = -1;
        fold_visible_item out[4];
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 5);
        CHECK_STATUS(fold_table_visible_items(t, 0, 10, 0, out, 4, &written, &total), FOLD_OK);
        CHECK_EQ_I64(written, 3);
        CHECK_EQ_I64(total, 3);
        CHECK_EQ_DBL(out[0].top, 5);
        CHECK_EQ_DBL(out[2].top, 5);
        CHECK_EQ_I64(out[2].row, 1);
    }
    fold_table_free(t);
}

void test_empty_table(void)
{
    fold_table_options o;
    fold_table *t = must_table(NULL);
    int64_t written = -1, total = -1;
    fold_visible_item out[2];
    fold_item item;
    double h = -1;

    {
        static const offset_case offsets[] = {
            {-1, -1, FOLD_OFFSET_ABOVE},
            {0, -1, FOLD_OFFSET_BELOW},
            {100, -1, FOLD_OFFSET_BELOW},
        };
        check_offsets(t, offsets);
    }
    CHECK_STATUS(fold_table_item_at(t, 0, &item), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_item_top(t, 0, &h), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_visible_items(t, 0, 100, 2, out, 2, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 0);
    fold_table_free(t);

    fold_table_options_init(&o);
    o.padding_top = 10;
    o.padding_bottom = 20;
    t = must_table(&o);
    {
        static const offset_case offsets[] = {
            {5, -1, FOLD_OFFSET_ABOVE},
            {9.5, -1, FOLD_OFFSET_ABOVE},
            {10, -1, FOLD_OFFSET_BELOW},
            {25, -1, FOLD_OFFSET_BELOW},
        };
        check_offsets(t, offsets);
    }
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30);

    /* A table that became empty again. */
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 3);
    check_offset(t, 10, 0, FOLD_OFFSET_IN_ITEM);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30 + 28 + 3 * 44);
    CHECK_STATUS(fold_table_remove_section(t, a), FOLD_OK);
    check_offset(t, 5, -1, FOLD_OFFSET_ABOVE);
    check_offset(t, 10, -1, FOLD_OFFSET_BELOW);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30);
    fold_table_free(t);
}

void test_fractional_heights(void)
{
    fold_table *t = must_table(NULL);
    static const double hs[] = {0.5, 0.25, 0.125};
    static const expected_item e[] = {
        {H, 0, -1, K, 0, 12.75}, {R, 0, 0, 0, 12.75, 0.5}, {R, 0, 1, 0, 13.25, 0.25},
        {R, 0, 2, 0, 13.5, 0.125},
    };
    fold_section_id f = add(t, FOLD_ROOT, "f", NULL, 0);
    CHECK_STATUS(fold_table_set_section_height(t, f, FOLD_HEIGHT_HEADER, 12.75), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, f, 0, 3, hs), FOLD_OK);
    check_list(t, e, 13.625);
    {
        static const offset_case offsets[] = {
            {13.25, 2, FOLD_OFFSET_IN_ITEM},
            {13.5, 3, FOLD_OFFSET_IN_ITEM},
            {13.625, 3, FOLD_OFFSET_BELOW},
        };
        check_offsets(t, offsets);
    }
    check_visible(t, 13, 0.5, 0, e, 1, 2); /* [13, 13.5): rows 0 and 1 */
    check_visible(t, 13, 0.5001, 0, e, 1, 3);
    fold_table_free(t);
}
