/*
 * bad_input/strings_ids_ranges.c — bad strings, bad section ids, row indices and positions out
 * of range.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bad_input.h"

void test_bad_strings(void)
{
    fold_table *t = table;
    fold_section_id id = 5;
    int i;

    /* NULL and empty keys. */
    FAILS(fold_table_insert_section(t, FOLD_ROOT, 0, NULL, "h", 1, 0, &id), FOLD_E_INVALID);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, NULL, "h", 1, 0, &id),
          FOLD_E_INVALID);
    FAILS_SAYING(fold_table_insert_section(t, FOLD_ROOT, 0, "", "h", 1, 0, &id), FOLD_E_INVALID,
                 "empty");
    FAILS(fold_table_insert_section(t, mac, FOLD_INDEX_END, "", "h", 0, 0, &id), FOLD_E_INVALID);
    FAILS(fold_table_find_section(t, NULL, &id), FOLD_E_INVALID);
    /* Looking up an empty key: nothing has it. */
    FAILS(fold_table_find_section(t, "", &id), FOLD_E_NOT_FOUND);
    FAILS(fold_table_set_indicators(t, NULL, "v"), FOLD_E_INVALID);
    FAILS(fold_table_set_indicators(t, ">", NULL), FOLD_E_INVALID);
    FAILS(fold_table_set_indicators(t, NULL, NULL), FOLD_E_INVALID);
    FAILS(fold_table_import_state(t, NULL, NULL), FOLD_E_INVALID);

    /* Invalid UTF-8 everywhere a string goes in. */
    for (i = 0; i < NBAD_UTF8; i++) {
        const char *bad = bad_utf8[i];
        long failed_before = check_failed_so_far();
        FAILS(fold_table_insert_section(t, FOLD_ROOT, 0, bad, "h", 1, 0, &id), FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, ipad, FOLD_INDEX_END, bad, "h", 1, 0, &id),
              FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, FOLD_ROOT, 1, "fresh", bad, 1, 0, &id), FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "fresh", bad, 0, 0, &id),
              FOLD_E_INVALID);
        FAILS(fold_table_set_section_header(t, mac, bad), FOLD_E_INVALID);
        FAILS(fold_table_find_section(t, bad, &id), FOLD_E_INVALID);
        FAILS(fold_table_set_indicators(t, bad, "v"), FOLD_E_INVALID);
        FAILS(fold_table_set_indicators(t, "+", bad), FOLD_E_INVALID);
        if (check_failed_so_far() != failed_before) {
            fprintf(stderr, "  (with invalid UTF-8 string #%d)\n", i);
        }
    }
    /* Unknown keys: the message names the key. */
    FAILS_SAYING(fold_table_find_section(t, "Watches", &id), FOLD_E_NOT_FOUND, "\"Watches\"");
    FAILS(fold_table_find_section(t, "mac", &id), FOLD_E_NOT_FOUND);
    FAILS(fold_table_find_section(t, "empty ", &id), FOLD_E_NOT_FOUND);
    /* A removed section's key. */
    FAILS(fold_table_find_section(t, "gone", &id), FOLD_E_NOT_FOUND);
    FAILS(fold_table_find_section(t, "gone/sub", &id), FOLD_E_NOT_FOUND);
    /* Duplicate keys, at any depth: the message names the key. */
    FAILS_SAYING(fold_table_insert_section(t, FOLD_ROOT, 0, "Mac", "again", 1, 0, &id),
                 FOLD_E_DUPLICATE, "\"Mac\"");
    FAILS(fold_table_insert_section(t, FOLD_ROOT, 4, "Watch", NULL, 0, 0, &id), FOLD_E_DUPLICATE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "iPad", NULL, 5, 0, &id),
          FOLD_E_DUPLICATE);
    FAILS(fold_table_insert_section(t, mac, 0, "empty", NULL, 0, 0, &id), FOLD_E_DUPLICATE);
    FAILS(fold_table_insert_section(t, ipad, FOLD_INDEX_END, "Mac", NULL, 0, 0, &id),
          FOLD_E_DUPLICATE);
    CHECK_EQ_I64(id, 5);
}

/* Every function that takes a section id, with `bad`: a removed section's
 * id, one of its subsections', another table's, one never handed out
 * (FOLD_E_NOT_FOUND, the message naming the id), or FOLD_ROOT where a
 * section is required (FOLD_E_INVALID). */
static void bad_section_id(fold_section_id bad)
{
    fold_table *t = table;
    int root = bad == FOLD_ROOT;
    int expect = root ? FOLD_E_INVALID : FOLD_E_NOT_FOUND;
    int64_t n = -5, path[4];
    int c = -5;
    int32_t kind = -5;
    double h = -5;
    char buf[16] = "x", named[32];
    size_t len = 77;
    fold_section_id id = 5;
    fold_section_info in;
    fold_row_info ri;
    static const double hs[] = {1, 2};
    long failed_before = check_failed_so_far();

    sprintf(named, "%llu", (unsigned long long)bad);
    if (root) {
        strcpy(named, "FOLD_ROOT");
    }
    FAILS_SAYING(fold_table_section_info(t, bad, &in), expect, named);
    FAILS(fold_table_section_path(t, bad, path, 4, &n), expect);
    FAILS(fold_table_section_text(t, bad, FOLD_TEXT_KEY, buf, sizeof buf, &len), expect);
    FAILS(fold_table_section_text(t, bad, FOLD_TEXT_INDICATOR, buf, sizeof buf, &len), expect);
    FAILS(fold_table_remove_section(t, bad), expect);
    FAILS_SAYING(fold_table_move_section(t, bad, FOLD_ROOT, 0), expect, named);
    FAILS(fold_table_set_section_header(t, bad, "x"), expect);
    FAILS(fold_table_set_section_height(t, bad, FOLD_HEIGHT_HEADER, 10), expect);
    FAILS(fold_table_set_section_height(t, bad, FOLD_HEIGHT_FOOTER, 10), expect);
    FAILS(fold_table_set_section_height(t, bad, FOLD_HEIGHT_ROW, 10), expect);
    FAILS(fold_table_set_collapsible(t, bad, 0), expect);
    FAILS(fold_table_set_collapsible(t, bad, 1), expect);
    FAILS(fold_table_insert_rows(t, bad, 0, 1, NULL), expect);
    FAILS(fold_table_insert_rows(t, bad, FOLD_INDEX_END, 2, hs), expect);
    FAILS(fold_table_remove_rows(t, bad, 0, 1), expect);
    FAILS(fold_table_move_row(t, bad, 0, mac, 0), expect);
    FAILS_SAYING(fold_table_move_row(t, mac, 0, bad, 0), expect, named);
    EACH_ROW_CALL(FAILS, t, bad, expect);
    FAILS(fold_table_collapse(t, bad, &c), expect);
    FAILS(fold_table_expand(t, bad, &c), expect);
    FAILS(fold_table_toggle(t, bad, &c), expect);
    FAILS(fold_table_header_position(t, bad, &n), expect);
    FAILS(fold_table_row_position(t, bad, 0, &n), expect);
    FAILS(fold_table_footer_position(t, bad, &n), expect);
    FAILS(fold_table_reveal_offset(t, bad, 5, 0, 100, &h), expect);
    FAILS(fold_table_reveal_row(t, bad, 0, 0, &n), expect);
    FAILS(fold_table_reveal_row(t, bad, 0, 1, &n), expect);
    FAILS(fold_table_invalidate_heights(t, bad, 0), expect);
    if (!root) {
        /* Where FOLD_ROOT is a parent (or the whole table), a stale id is
         * still not found. */
        FAILS(fold_table_child_count(t, bad, &n), expect);
        FAILS(fold_table_child_at(t, bad, 0, &kind, &id, &n), expect);
        FAILS(fold_table_insert_section(t, bad, 0, "new", "New", 1, 0, &id), expect);
        FAILS(fold_table_insert_section(t, bad, FOLD_INDEX_END, "new", "New", 1, 0, &id), expect);
        FAILS(fold_table_move_section(t, mac, bad, 0), expect);
        FAILS(fold_table_remove_children(t, bad, 0, 1), expect);
        FAILS(fold_table_invalidate_heights(t, bad, -1), expect);
    }
    CHECK_EQ_I64(n, -5);
    CHECK_EQ_I64(c, -5);
    CHECK_EQ_I64(kind, -5);
    CHECK_EQ_DBL(h, -5);
    CHECK_EQ_I64(id, 5);
    CHECK_EQ_I64(len, 77);
    CHECK_STR(buf, "x");
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (with section id %s)\n", named);
    }
}

void test_bad_ids(void)
{
    fold_section_info in;
    bad_section_id(removed_id);
    bad_section_id(removed_sub);
    bad_section_id(foreign_id);
    bad_section_id(((fold_section_id)0xDEADu << 48) | 1u); /* never handed out */
    bad_section_id(~(fold_section_id)0);
    bad_section_id(FOLD_ROOT);
    /* And the other way round: this table's ids in another table. */
    CHECK_STATUS(fold_table_section_info(other, mac, &in), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_remove_section(other, watch), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_insert_rows(other, ipad, 0, 1, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_section_info(other, foreign_id, &in), FOLD_OK);
    CHECK_EQ_I64(in.row_count, 3);
}

/* Every function that takes a row index of `section` (which has fewer
 * rows), with `row` out of range. */
static void bad_row_index(fold_section_id section, int64_t row)
{
    fold_table *t = table;
    int64_t n = -5;
    int c = -5;
    fold_row_info ri;
    static const double hs[] = {1, 2};
    memset(&ri, 0x11, sizeof ri);

    FAILS(fold_table_set_row_height(t, section, row, 10), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, section, row, 1, hs), FOLD_E_RANGE);
    FAILS(fold_table_row_info(t, section, row, &ri), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, section, row, 1), FOLD_E_RANGE);
    FAILS(fold_table_row_position(t, section, row, &n), FOLD_E_RANGE);
    FAILS(fold_table_move_row(t, section, row, watch, 0), FOLD_E_RANGE);
    FAILS(fold_table_set_row_expanded_height(t, section, row, 90), FOLD_E_RANGE);
    FAILS(fold_table_expand_row(t, section, row, &c), FOLD_E_RANGE);
    FAILS(fold_table_collapse_row(t, section, row, &c), FOLD_E_RANGE);
    FAILS(fold_table_toggle_row(t, section, row, &c), FOLD_E_RANGE);
    FAILS(fold_table_reveal_row(t, section, row, 1, &n), FOLD_E_RANGE);
    FAILS(fold_table_invalidate_heights(t, section, row < -1 || row >= 0 ? row : -2), FOLD_E_RANGE);
    CHECK_EQ_I64(n, -5);
    CHECK_EQ_I64(c, -5);
    CHECK_EQ_I64(ri.child_index, 0x1111111111111111LL);
}

static void bad_position(int64_t position)
{
    fold_table *t = table;
    fold_item item;
    double h = -5;
    int32_t action = -5;
    memset(&item, 0x11, sizeof item);
    FAILS(fold_table_item_at(t, position, &item), FOLD_E_RANGE);
    FAILS(fold_table_item_height(t, position, &h), FOLD_E_RANGE);
    FAILS(fold_table_item_top(t, position, &h), FOLD_E_RANGE);
    FAILS(fold_table_activate(t, position, &action), FOLD_E_RANGE);
    FAILS(fold_table_scroll_offset(t, position, FOLD_ALIGN_AUTO, 0, 100, &h), FOLD_E_RANGE);
    CHECK_EQ_DBL(h, -5);
    CHECK_EQ_I64(action, -5);
    CHECK_EQ_I64(item.section, 0x1111111111111111LL);
}

void test_ranges(void)
{
    fold_table *t = table;
    int i;
    static const double hs[] = {1, 2, 3, 4};
    int64_t written = -5, total = -5, path[FOLD_MAX_DEPTH + 2];
    int32_t kind = -5;
    fold_section_id id = 5;
    fold_visible_item vis[4];
    fold_sticky_header sticky[4];

    /* Inserting a section: 0...child count, or FOLD_INDEX_END (-1). */
    FAILS_SAYING(fold_table_insert_section(t, FOLD_ROOT, nsections + 1, "new", NULL, 0, 0, &id),
                 FOLD_E_RANGE, "5");
    FAILS(fold_table_insert_section(t, FOLD_ROOT, -2, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, INT64_MAX, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, INT64_MIN, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, mac, 4, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, empty, 1, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    /* Row counts. */
    FAILS(fold_table_insert_section(t, FOLD_ROOT, 0, "new", NULL, -1, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "new", NULL, INT64_MIN, 0, &id),
          FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "new", NULL, INT64_MAX, 0, &id),
          FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "new", NULL, FOLD_MAX_ROWS + 1, 0,
                                    &id),
          FOLD_E_RANGE);
    /* The table has 6 rows: FOLD_MAX_ROWS - 5 more would be too many. */
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "new", NULL, FOLD_MAX_ROWS - 5, 0,
                                    &id),
          FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, empty, 0, FOLD_MAX_ROWS - 5, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 0, FOLD_MAX_ROWS, NULL), FOLD_E_RANGE);
    CHECK_EQ_I64(id, 5);

    /* Rows: Mac has 3 rows, iPad 2 (collapsed), empty 0. */
    bad_row_index(mac, 3);
    bad_row_index(mac, -1); /* FOLD_INDEX_END is no row */
    bad_row_index(mac, -2);
    bad_row_index(mac, INT64_MAX);
    bad_row_index(mac, INT64_MIN);
    bad_row_index(ipad, 2);
    bad_row_index(empty, 0);
    /* Inserting rows: child index 0...child count, or FOLD_INDEX_END. */
    FAILS(fold_table_insert_rows(t, mac, -2, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 4, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, empty, 1, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, INT64_MAX, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, INT64_MIN, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 0, -1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, FOLD_INDEX_END, -1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 0, INT64_MIN, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 0, INT64_MAX, NULL), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, mac, 0, -1), FOLD_E_RANGE);
    FAILS_SAYING(fold_table_remove_rows(t, mac, 0, 4), FOLD_E_RANGE, "\"Mac\"");
    FAILS(fold_table_remove_rows(t, mac, 2, 2), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, mac, 1, INT64_MAX), FOLD_E_RANGE); /* row + count overflows */
    FAILS(fold_table_remove_rows(t, mac, INT64_MAX, INT64_MAX), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, mac, -1, 2), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, empty, 0, 1), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, mac, 0, -1, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, mac, 0, 4, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, mac, 2, 2, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, mac, 1, INT64_MAX, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, ipad, 0, 3, hs), FOLD_E_RANGE);
    /* Moving a row: the target index counts the target's children without
     * it (Watch has 1: 0...1, or FOLD_INDEX_END; in Mac 0...2). */
    FAILS(fold_table_move_row(t, mac, 0, watch, 2), FOLD_E_RANGE);
    FAILS(fold_table_move_row(t, mac, 0, watch, -2), FOLD_E_RANGE);
    FAILS(fold_table_move_row(t, mac, 0, mac, 3), FOLD_E_RANGE);
    FAILS(fold_table_move_row(t, mac, 0, watch, INT64_MIN), FOLD_E_RANGE);

    /* Children: Mac has 3, the top level 4. */
    FAILS(fold_table_child_at(t, mac, 3, &kind, &id, NULL), FOLD_E_RANGE);
    FAILS(fold_table_child_at(t, mac, FOLD_INDEX_END, &kind, &id, NULL), FOLD_E_RANGE);
    FAILS(fold_table_child_at(t, FOLD_ROOT, 4, &kind, &id, NULL), FOLD_E_RANGE);
    FAILS(fold_table_child_at(t, FOLD_ROOT, INT64_MIN, &kind, &id, NULL), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, 0, 4), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, 3, 1), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, FOLD_INDEX_END, 1), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, 0, -1), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, 1, INT64_MAX), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, FOLD_ROOT, 4, 1), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, FOLD_ROOT, 0, 5), FOLD_E_RANGE);
    for (i = 0; i < NBAD_INDEX; i++) {
        /* -1 is FOLD_INDEX_END, which names no child. */
        FAILS(fold_table_child_at(t, FOLD_ROOT, bad_index_extra[i], &kind, &id, NULL), FOLD_E_RANGE);
        FAILS(fold_table_child_at(t, ipad, bad_index_extra[i], &kind, &id, NULL), FOLD_E_RANGE);
        FAILS(fold_table_remove_children(t, FOLD_ROOT, bad_index_extra[i], 1), FOLD_E_RANGE);
        FAILS(fold_table_remove_children(t, mac, bad_index_extra[i], 1), FOLD_E_RANGE);
    }
    /* Moving a section: the index counts the parent's children without it. */
    FAILS(fold_table_move_section(t, mac, FOLD_ROOT, 4), FOLD_E_RANGE);
    FAILS(fold_table_move_section(t, mac, FOLD_ROOT, -2), FOLD_E_RANGE);
    FAILS(fold_table_move_section(t, mac, ipad, 3), FOLD_E_RANGE);
    FAILS(fold_table_move_section(t, ipad, FOLD_ROOT, INT64_MAX), FOLD_E_RANGE);
    /* ...and not into itself. */
    FAILS(fold_table_move_section(t, mac, mac, 0), FOLD_E_INVALID);
    /* Paths: every index must name a section. */
    path[0] = 4;
    FAILS(fold_table_section_at_path(t, path, 1, &id), FOLD_E_RANGE);
    path[0] = -1;
    FAILS(fold_table_section_at_path(t, path, 1, &id), FOLD_E_RANGE);
    path[0] = 0;
    path[1] = 0; /* Mac's first child is a row */
    FAILS(fold_table_section_at_path(t, path, 2, &id), FOLD_E_INVALID);
    path[1] = 3;
    FAILS(fold_table_section_at_path(t, path, 2, &id), FOLD_E_RANGE);
    FAILS(fold_table_section_at_path(t, path, -1, &id), FOLD_E_RANGE);
    for (i = 0; i < FOLD_MAX_DEPTH + 2; i++) {
        path[i] = 0;
    }
    FAILS(fold_table_section_at_path(t, path, FOLD_MAX_DEPTH + 2, &id), FOLD_E_RANGE);
    /* A path has at least one index (the header: 1 <= length). */
    FAILS(fold_table_section_at_path(t, path, 0, &id), FOLD_E_INVALID);
    FAILS(fold_table_section_path(t, mac, path, -1, &written), FOLD_E_RANGE);
    CHECK_EQ_I64(id, 5);

    /* Positions: the list has 9 items. */
    bad_position(9);
    bad_position(-1);
    bad_position(INT64_MAX);
    bad_position(INT64_MIN);

    /* visible_items and sticky_headers: overscan and capacity. */
    FAILS(fold_table_visible_items(t, 0, 100, -1, vis, 4, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, INT64_MIN, vis, 4, &written, &total),
          FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, vis, -1, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, vis, INT64_MIN, &written, &total),
          FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, -1, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_sticky_headers(t, 30, sticky, -1, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_measure(t, 0, 100, -1, &written), FOLD_E_RANGE);
    {
        double d = -5;
        FAILS(fold_table_reveal_offset(t, mac, -1, 0, 100, &d), FOLD_E_RANGE);
        FAILS(fold_table_reveal_offset(t, mac, INT64_MIN, 0, 100, &d), FOLD_E_RANGE);
        CHECK_EQ_DBL(d, -5);
    }
    CHECK_EQ_I64(written, -5);
    CHECK_EQ_I64(total, -5);
    FAILS(fold_table_set_sticky_levels(t, -1), FOLD_E_RANGE);
    FAILS(fold_table_set_sticky_levels(t, INT32_MIN), FOLD_E_RANGE);
    FAILS(fold_table_remove_listener(t, -1), FOLD_E_NOT_FOUND);
    FAILS_SAYING(fold_table_remove_listener(t, 123456), FOLD_E_NOT_FOUND, "123456");
}

/* Unknown constants: FOLD_TEXT_*, FOLD_HEIGHT_*, section flags, accordion,
 * alignment. */
