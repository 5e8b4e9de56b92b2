/*
 * sections/insert_flags.c — FOLD_SECTION_FIXED / NO_HEADER / COLLAPSED insert flags.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sections.h"

void test_insert_flags(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id plain = 0, fixed = 0, bare = 0, folded = 0, id = 77;
    int64_t pos = -1;

    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "plain", "P", 2, 0, &plain),
                 FOLD_OK);
    fixed = add_flagged(t, FOLD_ROOT, "fixed", "F", 2, FOLD_SECTION_FIXED);
    bare = add_flagged(t, FOLD_ROOT, "bare", "B", 2, FOLD_SECTION_NO_HEADER);
    folded = add_flagged(t, FOLD_ROOT, "folded", "C", 2, FOLD_SECTION_COLLAPSED);
    CHECK_EQ_I64(info(t, plain).flags, FOLD_SECTION_COLLAPSIBLE);
    CHECK_EQ_I64(info(t, fixed).flags, FOLD_SECTION_FIXED);
    CHECK_EQ_I64(info(t, bare).flags, FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED);
    CHECK_EQ_I64(info(t, folded).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE);
    CHECK_EQ_DBL(info(t, bare).header_height, 0);
    CHECK_EQ_I64(info(t, bare).visible_row_count, 2);
    CHECK_EQ_I64(info(t, folded).visible_row_count, 0);
    CHECK_EQ_I64(info(t, folded).row_count, 2);
    /* plain h, 2 rows, fixed h, 2 rows, (no header) 2 rows, folded h */
    CHECK_EQ_I64(item_count(t), 9);
    CHECK_STATUS(fold_table_header_position(t, bare, &pos), FOLD_E_NOT_FOUND);
    {
        const item_case items[] = {
            {6, FOLD_ITEM_ROW, bare, 0, 2 * 28 + 4 * 44, 44},
            {7, FOLD_ITEM_ROW, bare, 1, 2 * 28 + 5 * 44, 44},
            {8, FOLD_ITEM_HEADER, folded, -1, 2 * 28 + 6 * 44, 28},
        };
        check_items(t, items);
    }
    {
        double h = -1;
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 3 * 28 + 6 * 44);
    }
    /* A header height set on it is ignored. */
    CHECK_STATUS(fold_table_set_section_height(t, bare, FOLD_HEIGHT_HEADER, 50), FOLD_OK);
    CHECK_EQ_DBL(info(t, bare).header_height, 0);
    CHECK_EQ_I64(item_count(t), 9);
    /* Both together, and the text of a section without a header item. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "all", "All|of them", 1,
                                           FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER,
                                           &id),
                 FOLD_OK);
    CHECK_STR(text(t, id, FOLD_TEXT_TITLE), "All");
    CHECK_STR(text(t, id, FOLD_TEXT_INDICATOR), "");
    CHECK_EQ_I64(info(t, id).index, 0);

    /* Unknown flags: FOLD_E_INVALID, nothing inserted. FOLD_SECTION_COLLAPSIBLE
     * is reported only. A section that cannot collapse cannot start
     * collapsed; COLLAPSED and EXPANDED contradict each other. */
    id = 77;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1, 32, &id), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1,
                                           FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED, &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1,
                                           FOLD_SECTION_COLLAPSED | FOLD_SECTION_NO_HEADER, &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1,
                                           FOLD_SECTION_COLLAPSED | FOLD_SECTION_EXPANDED, &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1, FOLD_SECTION_COLLAPSIBLE,
                                           &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1, 0x80000000u, &id),
                 FOLD_E_INVALID);
    CHECK_EQ_I64(id, 77);
    CHECK_STATUS(fold_table_find_section(t, "x", &id), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(section_count(t), 5);
    CHECK_EQ_I64(item_count(t), 10);
    fold_table_free(t);

    /* With start_collapsed: collapsible sections start collapsed, unless
     * FOLD_SECTION_EXPANDED; fixed ones and groups without a header never.
     * EXPANDED is given only, never reported. */
    {
        fold_table_options o;
        fold_section_id c = 0, e = 0, f = 0, g = 0;
        fold_table_options_init(&o);
        o.start_collapsed = 1;
        t = must_table(&o);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "c", NULL, 2, 0, &c),
                     FOLD_OK);
        e = add_flagged(t, FOLD_ROOT, "e", NULL, 2, FOLD_SECTION_EXPANDED);
        f = add_flagged(t, FOLD_ROOT, "f", NULL, 2, FOLD_SECTION_FIXED);
        g = add_flagged(t, FOLD_ROOT, "g", NULL, 2, FOLD_SECTION_NO_HEADER);
        CHECK_EQ_I64(info(t, c).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE);
        CHECK_EQ_I64(info(t, e).flags, FOLD_SECTION_COLLAPSIBLE);
        CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_FIXED);
        CHECK_EQ_I64(info(t, g).flags, FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED);
        /* c h; e h, 2 rows; f h, 2 rows; 2 rows of g */
        CHECK_EQ_I64(item_count(t), 1 + 3 + 3 + 2);
        /* EXPANDED without start_collapsed: as 0. Empty and EXPANDED too. */
        fold_table_free(t);
        t = must_table(NULL);
        e = add_flagged(t, FOLD_ROOT, "e", NULL, 1, FOLD_SECTION_EXPANDED);
        f = add_flagged(t, FOLD_ROOT, "z", NULL, 0, FOLD_SECTION_EXPANDED | FOLD_SECTION_FIXED);
        CHECK_EQ_I64(info(t, e).flags, FOLD_SECTION_COLLAPSIBLE);
        CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_FIXED);
        CHECK_EQ_I64(item_count(t), 3);
        fold_table_free(t);
    }
}
