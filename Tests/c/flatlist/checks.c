/*
 * flatlist/checks.c — checks of the whole flat list, offsets and viewports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flatlist.h"

/* Checks the whole flat list, item by item, and the content height. */
void check_list_(const char *file, int line, const fold_table *t, const expected_item *e, int64_t count,
                 double content)
{
    long failed_before = check_failed_so_far();
    int64_t n = -1, i, pos = -1;
    double got = -1;
    fold_item item;

    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, count);
    for (i = 0; i < count; i++) {
        fold_section_id id = top(t, e[i].section);
        memset(&item, 0x77, sizeof item);
        if (CHECK_STATUS(fold_table_item_at(t, i, &item), FOLD_OK)) {
            CHECK_EQ_I64(item.kind, e[i].kind);
            CHECK_EQ_I64(item.depth, 0);
            CHECK_EQ_I64(item.section, id);
            CHECK_EQ_I64(item.row, e[i].row);
            CHECK_EQ_I64(item.flags, e[i].flags);
        }
        /* The same item, with its section's index among its siblings
         * (top-level sections here: the expected section is that index). */
        {
            fold_item with;
            int64_t index = -1;
            memset(&with, 0x55, sizeof with);
            if (CHECK_STATUS(fold_table_item_at_with_index(t, i, &with, &index), FOLD_OK)) {
                CHECK(memcmp(&with, &item, sizeof item) == 0);
                CHECK_EQ_I64(index, e[i].section);
            }
        }
        CHECK_STATUS(fold_table_item_top(t, i, &got), FOLD_OK);
        CHECK_EQ_DBL(got, e[i].top);
        CHECK_STATUS(fold_table_item_height(t, i, &got), FOLD_OK);
        CHECK_EQ_DBL(got, e[i].height);
        /* The position queries agree with the list. */
        pos = -1;
        if (e[i].kind == H) {
            CHECK_STATUS(fold_table_header_position(t, id, &pos), FOLD_OK);
        } else if (e[i].kind == R) {
            CHECK_STATUS(fold_table_row_position(t, id, e[i].row, &pos), FOLD_OK);
        } else {
            CHECK_STATUS(fold_table_footer_position(t, id, &pos), FOLD_OK);
        }
        CHECK_EQ_I64(pos, i);
    }
    CHECK_STATUS(fold_table_item_at(t, count, &item), FOLD_E_RANGE);
    {
        /* Out of range, or no place for the index: an error, nothing written. */
        int64_t index = -7;
        fold_item before = item;
        CHECK_STATUS(fold_table_item_at_with_index(t, count, &item, &index), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_item_at_with_index(t, -1, &item, &index), FOLD_E_RANGE);
        CHECK_EQ_I64(index, -7);
        if (count > 0) {
            CHECK_STATUS(fold_table_item_at_with_index(t, 0, &item, NULL), FOLD_E_INVALID);
            CHECK_STATUS(fold_table_item_at_with_index(t, 0, NULL, &index), FOLD_E_INVALID);
            CHECK_EQ_I64(index, -7);
        }
        CHECK(memcmp(&before, &item, sizeof item) == 0);
    }
    CHECK_STATUS(fold_table_item_top(t, count, &got), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_item_height(t, count, &got), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_content_height(t, &got), FOLD_OK);
    CHECK_EQ_DBL(got, content);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_list called from %s:%d)\n", file, line);
    }
}

void check_offset_(const char *file, int line, const fold_table *t, double y, int64_t position,
                   int32_t place)
{
    long failed_before = check_failed_so_far();
    int64_t p = -42;
    int32_t pl = -42;
    CHECK_STATUS(fold_table_item_at_offset(t, y, &p, &pl), FOLD_OK);
    CHECK_EQ_I64(p, position);
    CHECK_EQ_I64(pl, place);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_offset(y = %.17g) called from %s:%d)\n", y, file, line);
    }
}

/* Checks visible_items(offset, height, overscan) against the positions
 * first..first+count-1 of the expected list `e`, with a large buffer. */
void check_visible_(const char *file, int line, const fold_table *t, double offset, double height,
                    int64_t overscan, const expected_item *e, int64_t first,
                    int64_t count)
{
    long failed_before = check_failed_so_far();
    fold_visible_item out[64];
    int64_t written = -1, total = -1, i;
    memset(out, 0x66, sizeof out);
    if (CHECK_STATUS(fold_table_visible_items(t, offset, height, overscan, out, 64, &written,
                                              &total),
                     FOLD_OK)) {
        CHECK_EQ_I64(written, count);
        CHECK_EQ_I64(total, count);
        for (i = 0; i < count && i < written; i++) {
            const expected_item *x = &e[first + i];
            CHECK_EQ_I64(out[i].position, first + i);
            CHECK_EQ_I64(out[i].kind, x->kind);
            CHECK_EQ_I64(out[i].depth, 0);
            CHECK_EQ_I64(out[i].section, top(t, x->section));
            CHECK_EQ_I64(out[i].row, x->row);
            CHECK_EQ_DBL(out[i].top, x->top);
            CHECK_EQ_DBL(out[i].height, x->height);
            CHECK_EQ_I64(out[i].flags, x->flags);
        }
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr,
                "  (in check_visible(offset %.17g, height %.17g, overscan %lld) called from "
                "%s:%d)\n",
                offset, height, (long long)overscan, file, line);
    }
}
