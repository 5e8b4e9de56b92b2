/*
 * rows/checks.c — row and content checks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rows.h"

/* Checks the row count and every row height of `section`, and that the flat
 * list shows those rows (if the section is expanded) with those heights. */
void check_rows_(const char *file, int line, const fold_table *t, fold_section_id section,
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
        fprintf(stderr, "  (in check_rows(section %llu) called from %s:%d)\n",
                (unsigned long long)section, file, line);
    }
}

double height_of(const fold_table *t, fold_section_id section, int64_t row)
{
    fold_row_info ri;
    if (!CHECK_STATUS(fold_table_row_info(t, section, row, &ri), FOLD_OK)) return -1;
    return ri.height;
}
