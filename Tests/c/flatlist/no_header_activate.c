/*
 * flatlist/no_header_activate.c — sections without a header item, and refused activation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flatlist.h"

/* ---- sections without a header item --------------------------------- */

void test_no_header(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id g = 0, bare_first = 0, empty = 0;
    int64_t pos = -1;
    /* a h, a0, a1, g0, g1, g2 (no header), c h, c0 */
    static const expected_item e1[] = {
        {H, 0, -1, K, 0, 28},  {R, 0, 0, 0, 28, 44},  {R, 0, 1, 0, 72, 44},
        {R, 1, 0, 0, 116, 44}, {R, 1, 1, 0, 160, 44}, {R, 1, 2, 0, 204, 44},
        {H, 2, -1, K, 248, 28}, {R, 2, 0, 0, 276, 44},
    };
    /* A group of rows first (index 0), an empty one (index 2) adds no items;
     * g lost its row 1. */
    static const expected_item e2[] = {
        {R, 0, 0, 0, 0, 44},   {H, 1, -1, K, 44, 28}, {R, 1, 0, 0, 72, 44},
        {R, 1, 1, 0, 116, 44}, {R, 3, 0, 0, 160, 44}, {R, 3, 1, 0, 204, 44},
        {H, 4, -1, K, 248, 28}, {R, 4, 0, 0, 276, 44},
    };

    add(t, FOLD_ROOT, "a", NULL, 2);
    g = add_flagged(t, FOLD_ROOT, "g", "G|group", 3, FOLD_SECTION_NO_HEADER);
    add(t, FOLD_ROOT, "c", NULL, 1);
    check_list(t, e1, 320);
    CHECK_STATUS(fold_table_header_position(t, g, &pos), FOLD_E_NOT_FOUND);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_EQ_I64(pos, -1);
    CHECK_STATUS(fold_table_row_position(t, g, 2, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    check_offset(t, 116, 3, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 247.5, 5, FOLD_OFFSET_IN_ITEM);
    check_visible(t, 100, 50, 0, e1, 2, 2);
    check_visible(t, 150, 100, 1, e1, 2, 6); /* g0..c h, widened by one each side */
    {
        fold_section_info in = info(t, g);
        CHECK_EQ_I64(in.flags, FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED);
        CHECK_EQ_DBL(in.header_height, 0);
        CHECK_EQ_I64(in.row_count, 3);
        CHECK_EQ_I64(in.visible_row_count, 3);
    }

    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "first", NULL, 1,
                                           FOLD_SECTION_NO_HEADER, &bare_first),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 2, "empty", NULL, 0,
                                           FOLD_SECTION_NO_HEADER, &empty),
                 FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, g, 1, 1), FOLD_OK);
    check_list(t, e2, 320);
    CHECK_STATUS(fold_table_header_position(t, empty, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_header_position(t, bare_first, &pos), FOLD_E_NOT_FOUND);
    check_offset(t, 0, 0, FOLD_OFFSET_IN_ITEM);
    check_offset(t, -1, 0, FOLD_OFFSET_ABOVE);
    /* Rows given to the empty group appear where it is. */
    CHECK_STATUS(fold_table_insert_rows(t, empty, 0, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_row_position(t, empty, 0, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_STATUS(fold_table_row_position(t, g, 0, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    CHECK_EQ_I64(item_count(t), 9);
    fold_table_free(t);
}

/* ---- activating items ------------------------------------------------ */

/* A refusal by a "will" listener is FOLD_ACTIVATED_REFUSED, told apart from
 * "nothing to do"; nothing changes and no change set is sent. */
void test_activate_refused(void)
{
    fold_table_options o;
    fold_table *t;
    refuser r;
    memset(&r, 0, sizeof r);
    fold_table_options_init(&o);
    o.footer_height = 8;
    t = must_table(&o);
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    add_flagged(t, FOLD_ROOT, "f", NULL, 1, FOLD_SECTION_FIXED);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, refuser_section, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, refuser_row, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, refuser_changes, &r, NULL), FOLD_OK);
    /* a h 0, a0 1, a1 2, a footer 3, f h 4, f0 5, f footer 6 */
    CHECK_EQ_I64(item_count(t), 7);

    r.sections = 1;
    check_activated(t, 0, FOLD_ACTIVATED_REFUSED);
    CHECK_EQ_I64(r.asked, 1);
    CHECK_EQ_I64(r.change_sets, 0);
    CHECK_EQ_I64(is_collapsed(t, a), 0);
    CHECK_EQ_I64(item_count(t), 7);
    r.rows = 1;
    check_activated(t, 2, FOLD_ACTIVATED_REFUSED);
    CHECK_EQ_I64(r.asked, 2);
    CHECK_EQ_I64(r.change_sets, 0);
    {
        fold_row_info ri;
        CHECK_STATUS(fold_table_row_info(t, a, 1, &ri), FOLD_OK);
        CHECK_EQ_I64(ri.flags, FOLD_ITEM_FLAG_EXPANDABLE);
    }
    /* Nothing to do is not a refusal: a row that cannot expand, a footer, a
     * fixed header; nobody is asked. */
    check_activated(t, 1, FOLD_ACTIVATED_NOTHING);
    check_activated(t, 3, FOLD_ACTIVATED_NOTHING);
    check_activated(t, 4, FOLD_ACTIVATED_NOTHING);
    check_activated(t, 6, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(r.asked, 2);
    CHECK_EQ_I64(r.change_sets, 0);
    /* Allowed again: the same clicks act. */
    r.sections = 0;
    r.rows = 0;
    check_activated(t, 2, FOLD_ACTIVATED_ROW_EXPANDED);
    check_activated(t, 0, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_EQ_I64(r.change_sets, 2);
    /* a h 0, a footer 1, f h 2, ...: expanding is refused too. */
    r.sections = 1;
    check_activated(t, 0, FOLD_ACTIVATED_REFUSED);
    CHECK_EQ_I64(is_collapsed(t, a), 1);
    CHECK_EQ_I64(r.change_sets, 2);
    fold_table_free(t);
}
