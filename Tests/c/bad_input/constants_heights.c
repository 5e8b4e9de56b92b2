/*
 * bad_input/constants_heights.c — unknown constants, bad heights, not-found across tables,
 * small text buffers, what section flags refuse, and the table still usable.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bad_input.h"

/* fold_table_section_text into `buf` with `capacity`: FOLD_OK, the text cut
 * to `want`, the whole length `length` (three checks). */
static void check_text_cut_(const char *file, int line, const fold_table *t, fold_section_id id,
                            int32_t which, char *buf, size_t capacity, const char *want, int64_t length)
{
    size_t len = 0;
    check_status_(fold_table_section_text(t, id, which, buf, capacity, &len), FOLD_OK, file, line,
                  "fold_table_section_text(t, id, which, buf, capacity, &len)");
    check_str_(buf, want, file, line, "buf", want);
    check_i64_((int64_t)len, length, file, line, "len", "length");
}
#define check_text_cut(t, id, which, buf, capacity, want, length) \
    check_text_cut_(__FILE__, __LINE__, (t), (id), (which), (buf), (capacity), (want), (int64_t)(length))

void test_unknown_constants(void)
{
    fold_table *t = table;
    char buf[16] = "x";
    size_t len = 77;
    fold_section_id id = 5;
    double d = -5;
    static const int32_t bad_which[] = {-1, 6, 99, INT32_MIN, INT32_MAX};
    /* Reported-only, unknown, COLLAPSED with EXPANDED, and COLLAPSED with a
     * flag that makes the section not collapsible ("a section that cannot
     * collapse cannot start collapsed"). */
    static const uint32_t bad_flags[] = {FOLD_SECTION_COLLAPSIBLE, 128u, 0x80000000u, 0xFFFFFFFFu,
                                         FOLD_SECTION_COLLAPSED | 64u,
                                         FOLD_SECTION_COLLAPSED | FOLD_SECTION_EXPANDED,
                                         FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED,
                                         FOLD_SECTION_COLLAPSED | FOLD_SECTION_NO_HEADER};
    size_t i;

    for (i = 0; i < sizeof bad_which / sizeof bad_which[0]; i++) {
        FAILS(fold_table_section_text(t, mac, bad_which[i], buf, sizeof buf, &len), FOLD_E_INVALID);
        FAILS(fold_table_set_section_height(t, mac, bad_which[i], 10), FOLD_E_INVALID);
        FAILS(fold_table_set_height_provider(t, bad_which[i], never_called_height, NULL),
              FOLD_E_INVALID);
        FAILS(fold_table_set_accordion(t, bad_which[i]), FOLD_E_INVALID);
        FAILS(fold_table_scroll_offset(t, 0, bad_which[i], 0, 100, &d), FOLD_E_INVALID);
    }
    FAILS_SAYING(fold_table_section_text(t, mac, 7, buf, sizeof buf, &len), FOLD_E_INVALID, "7");
    /* Focus and keyboard: moves, keys, modifier and focus-kind bits. */
    {
        static const int32_t bad_moves[] = {-1, 10, 99, INT32_MIN, INT32_MAX};
        static const int32_t bad_keys[] = {-1, 0, 13, INT32_MIN, INT32_MAX};
        static const uint32_t bad_bits[] = {4u, 16u, 0x80000000u, 0xFFFFFFFFu};
        int64_t p = -5;
        fold_key_result key;
        memset(&key, 0x55, sizeof key);
        for (i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
            FAILS(fold_table_navigate(t, 0, bad_moves[i], &p), FOLD_E_INVALID);
            FAILS(fold_table_press_key(t, bad_keys[i], 0, &key), FOLD_E_INVALID);
        }
        for (i = 0; i < sizeof bad_bits / sizeof bad_bits[0]; i++) {
            FAILS(fold_table_press_key(t, FOLD_KEY_DOWN, bad_bits[i], &key), FOLD_E_INVALID);
            if (bad_bits[i] > 15u) FAILS(fold_table_set_focus_kinds(t, bad_bits[i]), FOLD_E_INVALID);
        }
        FAILS_SAYING(fold_table_navigate(t, 0, 10, &p), FOLD_E_INVALID, "FOLD_NAV_PAGE_UP 9");
        FAILS_SAYING(fold_table_press_key(t, 13, 0, &key), FOLD_E_INVALID, "FOLD_KEY_ASTERISK 12");
        FAILS_SAYING(fold_table_set_focus_kinds(t, 16), FOLD_E_INVALID, "FOLD_FOCUS_ALL 15");
        CHECK_EQ_I64(p, -5);
        CHECK_EQ_I64(key.focus, 0x5555555555555555);
    }
    /* Heights a section does not have: FOLD_HEIGHT_EXPANDED is for providers
     * only; a footer has no provider. */
    FAILS(fold_table_set_section_height(t, mac, FOLD_HEIGHT_EXPANDED, 10), FOLD_E_INVALID);
    FAILS(fold_table_set_section_height(t, mac, 4, 10), FOLD_E_INVALID);
    FAILS(fold_table_set_height_provider(t, FOLD_HEIGHT_FOOTER, never_called_height, NULL),
          FOLD_E_INVALID);
    FAILS(fold_table_set_height_provider(t, 4, NULL, NULL), FOLD_E_INVALID);
    FAILS(fold_table_set_accordion(t, 3), FOLD_E_INVALID);
    FAILS(fold_table_scroll_offset(t, 0, FOLD_ALIGN_SMART + 1, 0, 100, &d), FOLD_E_INVALID);
    for (i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
        FAILS(fold_table_insert_section(t, FOLD_ROOT, 0, "new", "New", 1, bad_flags[i], &id),
              FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, mac, FOLD_INDEX_END, "new", "New", 0, bad_flags[i], &id),
              FOLD_E_INVALID);
    }
    FAILS_SAYING(fold_table_insert_section(t, FOLD_ROOT, 0, "new", "New", 1, 128u, &id),
                 FOLD_E_INVALID, "128");
    CHECK_EQ_I64(len, 77);
    CHECK_STR(buf, "x");
    CHECK_EQ_I64(id, 5);
    CHECK_EQ_DBL(d, -5);
}

void test_bad_heights(void)
{
    fold_table *t = table;
    int b, k;
    double run[5] = {10, 20, 30, 40, 50};
    fold_visible_item vis[4];
    fold_sticky_header sticky[4];
    int64_t written = -5, total = -5, p = -5;
    int32_t place = -5;
    double d = -5;

    for (b = 0; b < NBAD_HEIGHTS; b++) {
        double bad = bad_heights[b];
        long failed_before = check_failed_so_far();
        FAILS(fold_table_set_section_height(t, mac, FOLD_HEIGHT_HEADER, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_height(t, mac, FOLD_HEIGHT_FOOTER, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_height(t, mac, FOLD_HEIGHT_ROW, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_height(t, empty, FOLD_HEIGHT_ROW, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, mac, 0, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, mac, 1, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, ipad, 1, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_expanded_height(t, mac, 2, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_expanded_height(t, mac, 0, bad), FOLD_E_INVALID);
        /* One bad value in the middle of a run: no height changes. */
        for (k = 0; k < 3; k++) {
            double three[3] = {11, 12, 13};
            three[k] = bad;
            FAILS(fold_table_set_row_heights(t, mac, 0, 3, three), FOLD_E_INVALID);
            /* ...and no row is inserted. */
            FAILS(fold_table_insert_rows(t, mac, 1, 3, three), FOLD_E_INVALID);
            FAILS(fold_table_insert_rows(t, empty, FOLD_INDEX_END, 3, three), FOLD_E_INVALID);
        }
        run[2] = bad;
        FAILS(fold_table_set_row_heights(t, mac, 0, 3, run), FOLD_E_INVALID);
        FAILS(fold_table_insert_rows(t, ipad, 2, 5, run), FOLD_E_INVALID);
        run[2] = 30;
        if (check_failed_so_far() != failed_before) {
            fprintf(stderr, "  (with height %s)\n", bad_height_names[b]);
        }
    }
    /* FOLD_HEIGHT_DEFAULT is allowed in set_row_heights, but not a bad one next to it. */
    run[0] = FOLD_HEIGHT_DEFAULT;
    run[1] = 7;
    run[2] = -3;
    FAILS(fold_table_set_row_heights(t, mac, 0, 3, run), FOLD_E_INVALID);
    FAILS_SAYING(fold_table_set_section_height(t, mac, FOLD_HEIGHT_HEADER, -3), FOLD_E_INVALID, "-3");

    /* Offsets and viewports must be finite; the height must be >= 0. */
    FAILS(fold_table_item_at_offset(t, nan_value(), &p, &place), FOLD_E_INVALID);
    FAILS(fold_table_item_at_offset(t, inf_value(), &p, &place), FOLD_E_INVALID);
    FAILS(fold_table_item_at_offset(t, -inf_value(), &p, &place), FOLD_E_INVALID);
    CHECK_EQ_I64(p, -5);
    CHECK_EQ_I64(place, -5);
    FAILS(fold_table_visible_items(t, nan_value(), 10, 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, inf_value(), 10, 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, -inf_value(), 10, 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, nan_value(), 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, inf_value(), 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, -inf_value(), 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, -1, 0, vis, 4, &written, &total), FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, -1e-300, 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_sticky_headers(t, nan_value(), sticky, 4, &written, &total), FOLD_E_INVALID);
    FAILS(fold_table_sticky_headers(t, -inf_value(), sticky, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_set_viewport(t, nan_value(), 100), FOLD_E_INVALID);
    FAILS(fold_table_set_viewport(t, 0, -1), FOLD_E_INVALID);
    FAILS(fold_table_scroll_offset(t, 0, FOLD_ALIGN_AUTO, nan_value(), 100, &d), FOLD_E_INVALID);
    FAILS(fold_table_reveal_offset(t, mac, 5, 0, inf_value(), &d), FOLD_E_INVALID);
    FAILS(fold_table_measure(t, nan_value(), 100, 0, &p), FOLD_E_INVALID);
    CHECK_EQ_I64(written, -5);
    CHECK_EQ_I64(total, -5);
    CHECK_EQ_DBL(d, -5);
}

void test_other_not_found(void)
{
    fold_table *t = table;
    int64_t n = -5;
    char buf[8] = "x";
    size_t len = 77;
    /* Sections without a footer. */
    FAILS(fold_table_footer_position(t, mac, &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_footer_position(t, ipad, &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_footer_position(t, watch, &n), FOLD_E_NOT_FOUND);
    /* A header without '|' has no detail ("Watch|" has an empty one). */
    FAILS(fold_table_section_text(t, ipad, FOLD_TEXT_DETAIL, buf, sizeof buf, &len),
          FOLD_E_NOT_FOUND);
    FAILS(fold_table_section_text(t, empty, FOLD_TEXT_DETAIL, buf, sizeof buf, &len),
          FOLD_E_NOT_FOUND);
    check_text_cut(t, watch, FOLD_TEXT_DETAIL, buf, sizeof buf, "", 0);
    /* Rows of a collapsed section. */
    FAILS(fold_table_row_position(t, ipad, 0, &n), FOLD_E_NOT_VISIBLE);
    FAILS(fold_table_row_position(t, ipad, 1, &n), FOLD_E_NOT_VISIBLE);
    FAILS(fold_table_reveal_row(t, ipad, 1, 0, &n), FOLD_E_NOT_VISIBLE);
    CHECK_EQ_I64(n, -5);
    /* A collapsed section cannot be made fixed: expand it first. */
    FAILS_SAYING(fold_table_set_collapsible(t, ipad, 0), FOLD_E_NOT_ALLOWED, "\"iPad\"");
}

/* Text into a caller's buffer: a buffer too small is not an error (the text
 * is cut at a character boundary and the full length reported). */
void test_text_buffers(void)
{
    fold_table *t = table;
    char buf[16];
    size_t len = 77;
    int64_t path[1] = {-5}, n = -5;
    fold_section_id cafe;

    memset(buf, 'X', sizeof buf);
    check_text_cut(t, mac, FOLD_TEXT_HEADER, buf, 8, "Mac|Lap", strlen("Mac|Laptops and desktops"));
    CHECK_EQ_I64(buf[8], 'X'); /* nothing written past the capacity */
    check_text_cut(t, mac, FOLD_TEXT_TITLE, buf, 4, "Mac", 3);
    check_text_cut(t, mac, FOLD_TEXT_TITLE, buf, 3, "Ma", 3);
    check_text_cut(t, mac, FOLD_TEXT_KEY, buf, 1, "", 3);
    /* Capacity 0: NULL is fine, only the length. out_length is optional. */
    len = 77;
    CHECK_STATUS(fold_table_section_text(t, mac, FOLD_TEXT_DETAIL, NULL, 0, &len), FOLD_OK);
    CHECK_EQ_I64(len, strlen("Laptops and desktops"));
    CHECK_STATUS(fold_table_section_text(t, mac, FOLD_TEXT_DETAIL, buf, sizeof buf, NULL), FOLD_OK);
    CHECK_STR(buf, "Laptops and des");
    /* Cut at a UTF-8 character boundary, never inside one. */
    cafe = add(other, FOLD_ROOT, "caf\xC3\xA9", "Caf\xC3\xA9|\xE2\x98\x95", 0);
    check_text_cut(other, cafe, FOLD_TEXT_TITLE, buf, 5, "Caf", 5);
    CHECK_STATUS(fold_table_section_text(other, cafe, FOLD_TEXT_TITLE, buf, 6, &len), FOLD_OK);
    CHECK_STR(buf, "Caf\xC3\xA9");
    check_text_cut(other, cafe, FOLD_TEXT_DETAIL, buf, 3, "", 3);
    check_text_cut(other, cafe, FOLD_TEXT_KEY, buf, 4, "caf", 5);
    /* The indicator: collapsed iPad, an empty section (none). */
    CHECK_STATUS(fold_table_section_text(t, ipad, FOLD_TEXT_INDICATOR, buf, sizeof buf, &len), FOLD_OK);
    CHECK_STR(buf, ">");
    CHECK_STATUS(fold_table_section_text(t, empty, FOLD_TEXT_INDICATOR, buf, sizeof buf, &len),
                 FOLD_OK);
    CHECK_STR(buf, "");
    CHECK_EQ_I64(len, 0);
    /* Paths the same way: capacity 0 asks for the length. */
    CHECK_STATUS(fold_table_section_path(t, watch, NULL, 0, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    CHECK_STATUS(fold_table_section_path(t, watch, path, 1, &n), FOLD_OK);
    CHECK_EQ_I64(path[0], 3);
}

/* What a section's flags refuse (FOLD_E_NOT_ALLOWED), on a table of its
 * own: a fixed section, one without a header item, a collapsed one. */
void test_not_allowed(void)
{
    fold_table *t = new_table(NULL);
    fold_section_id fixed = 0, group = 0, folded = 0;
    snapshot snap;
    int c = -5;
    int64_t n = -5;
    if (t == NULL) {
        return;
    }
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "fixed", "Fixed", 2, FOLD_SECTION_FIXED,
                                           &fixed),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 1, "group", "Group", 2,
                                           FOLD_SECTION_NO_HEADER, &group),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 2, "folded", "Folded", 2,
                                           FOLD_SECTION_COLLAPSED, &folded),
                 FOLD_OK);
    if (!CHECK(fixed != 0 && group != 0 && folded != 0) || !CHECK(take_snapshot(t, &snap))) {
        fold_table_free(t);
        return;
    }
    current = t;
    current_before = &snap;
    FAILS_SAYING(fold_table_collapse(t, fixed, &c), FOLD_E_NOT_ALLOWED, "\"fixed\"");
    FAILS(fold_table_toggle(t, fixed, &c), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_collapse(t, group, &c), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_toggle(t, group, &c), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_set_collapsible(t, group, 1), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_set_collapsible(t, folded, 0), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_header_position(t, group, &n), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(c, -5);
    CHECK_EQ_I64(n, -5);
    /* Expanding a fixed section does nothing. */
    CHECK_STATUS(fold_table_expand(t, fixed, &c), FOLD_OK);
    CHECK_EQ_I64(c, 0);
    current = table;
    current_before = &before;
    fold_table_free(t);
}

/* After all this, the table still works. */
void test_still_usable(void)
{
    snapshot now;
    int64_t n = -1;
    fold_section_id id;
    CHECK(take_snapshot(table, &now));
    CHECK(snapshot_diff(&before, &now) == NULL);
    id = add(table, FOLD_ROOT, "new", "New", 2);
    CHECK_STATUS(fold_table_item_count(table, &n), FOLD_OK);
    CHECK_EQ_I64(n, 12);
    CHECK_EQ_I64(sec(table, "new"), id);
    CHECK_EQ_I64(info(table, id).index, 4);
    /* Ids are never handed out again. */
    CHECK(id != removed_id && id != removed_sub && id != foreign_id);
    /* A failure in another thread's state is not visible here; a success
     * here does not have to clear the message, but it must stay non-NULL. */
    CHECK(fold_last_error_message() != NULL);
}
