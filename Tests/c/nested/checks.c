/*
 * nested/checks.c — checks of the flat list, paths and section info, and row
 * state readers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nested.h"

void check_list_(const char *file, int line, const fold_table *t, const expected_item *e, int64_t count,
                 double content)
{
    long failed_before = check_failed_so_far();
    int64_t n = -1, i;
    double got = -1;
    fold_item item;
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, count);
    for (i = 0; i < count; i++) {
        if (CHECK_STATUS(fold_table_item_at(t, i, &item), FOLD_OK)) {
            CHECK_EQ_I64(item.kind, e[i].kind);
            CHECK_EQ_I64(item.depth, e[i].depth);
            CHECK_EQ_I64(item.section, sec(t, e[i].key));
            CHECK_EQ_I64(info(t, item.section).index, e[i].index);
            CHECK_EQ_I64(item.row, e[i].row);
            CHECK_EQ_I64(item.flags, e[i].flags);
            CHECK_STR(text(t, item.section, FOLD_TEXT_KEY), e[i].key);
        }
        {
            /* The same item and its section's index among its siblings, in one call. */
            fold_item with;
            int64_t index = -1;
            memset(&with, 0x55, sizeof with);
            if (CHECK_STATUS(fold_table_item_at_with_index(t, i, &with, &index), FOLD_OK)) {
                CHECK(memcmp(&with, &item, sizeof item) == 0);
                CHECK_EQ_I64(index, e[i].index);
            }
        }
        CHECK_STATUS(fold_table_item_top(t, i, &got), FOLD_OK);
        CHECK_EQ_DBL(got, e[i].top);
        CHECK_STATUS(fold_table_item_height(t, i, &got), FOLD_OK);
        CHECK_EQ_DBL(got, e[i].height);
    }
    CHECK_STATUS(fold_table_content_height(t, &got), FOLD_OK);
    CHECK_EQ_DBL(got, content);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_list called from %s:%d)\n", file, line);
    }
}

void check_path_(const char *file, int line, const int64_t *got, int64_t got_length, const int64_t *want,
                 int64_t want_length)
{
    long failed_before = check_failed_so_far();
    int64_t i;
    CHECK_EQ_I64(got_length, want_length);
    for (i = 0; i < want_length && i < got_length; i++) {
        CHECK_EQ_I64(got[i], want[i]);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_path called from %s:%d)\n", file, line);
    }
}

/* The path of the item at `position`: its section's path, then for a row
 * its child index (what fold_table_item_path gave in 0.1). */
int64_t item_path(const fold_table *t, int64_t position, int64_t *path, int64_t capacity)
{
    fold_item item;
    int64_t length = -1;
    if (!CHECK_STATUS(fold_table_item_at(t, position, &item), FOLD_OK)) return -1;
    if (!CHECK_STATUS(fold_table_section_path(t, item.section, path, capacity, &length), FOLD_OK))
        return -1;
    if (item.kind == FOLD_ITEM_ROW && length < capacity) {
        fold_row_info ri;
        if (!CHECK_STATUS(fold_table_row_info(t, item.section, item.row, &ri), FOLD_OK)) return -1;
        path[length++] = ri.child_index;
    }
    return length;
}

/* The section a path names (fold_table_section_at_path), 0 on failure. */
fold_section_id at_path(const fold_table *t, const int64_t *path, int64_t length)
{
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_section_at_path(t, path, length, &id), FOLD_OK)) return 0;
    return id;
}

static uint32_t row_flags(const fold_table *t, fold_section_id section, int64_t row)
{
    fold_row_info ri;
    memset(&ri, 0, sizeof ri);
    if (!CHECK_STATUS(fold_table_row_info(t, section, row, &ri), FOLD_OK)) return 0xFFFFFFFFu;
    return ri.flags;
}

int is_expanded(const fold_table *t, fold_section_id section, int64_t row)
{
    return (row_flags(t, section, row) & FOLD_ITEM_FLAG_EXPANDED) != 0;
}

int is_expandable(const fold_table *t, fold_section_id section, int64_t row)
{
    return (row_flags(t, section, row) & FOLD_ITEM_FLAG_EXPANDABLE) != 0;
}

double expanded_height(const fold_table *t, fold_section_id section, int64_t row)
{
    fold_row_info ri;
    if (!CHECK_STATUS(fold_table_row_info(t, section, row, &ri), FOLD_OK)) return -7;
    return ri.expanded_height;
}

/* Every field of section_info. */
void check_info_(const char *file, int line, const fold_table *t, fold_section_id id, fold_section_id parent,
                 int64_t index, int32_t depth, uint32_t flags, int64_t children,
                 int64_t rows, int64_t visible_rows)
{
    long failed_before = check_failed_so_far();
    fold_section_info in;
    memset(&in, 0x5A, sizeof in);
    if (CHECK_STATUS(fold_table_section_info(t, id, &in), FOLD_OK)) {
        CHECK_EQ_I64(in.parent, parent);
        CHECK_EQ_I64(in.index, index);
        CHECK_EQ_I64(in.depth, depth);
        CHECK_EQ_I64(in.flags, flags);
        CHECK_EQ_I64(in.child_count, children);
        CHECK_EQ_I64(in.row_count, rows);
        CHECK_EQ_I64(in.visible_row_count, visible_rows);
        CHECK_EQ_DBL(in.header_height, 28);
        CHECK_EQ_DBL(in.footer_height, 0);
        CHECK_EQ_DBL(in.row_height, 44);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_info called from %s:%d)\n", file, line);
    }
}
