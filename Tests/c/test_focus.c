/*
 * Focus (foldtable.h: "Focus and keyboard"): fold_table_set_focus and
 * fold_table_focus with FOLD_ITEM_FLAG_FOCUSED in item_at and
 * visible_items and the change sets they tell (exact redraws), the focus
 * rule with exact positions (removal, collapse, end of the list, nothing
 * left), which items can take focus (kinds, FOLD_SECTION_NO_FOCUS, the
 * messages), fold_table_navigate for every move from a table of cases,
 * passing NO_FOCUS sections, pages, saved state, FOLD_E_BUSY inside a
 * listener, and bad input that changes nothing.
 */
#include <stdio.h>
#include <string.h>

#include "fixture.h"

static int64_t focus_of(const fold_table *t)
{
    int64_t p = -7;
    if (!CHECK_STATUS(fold_table_focus(t, &p), FOLD_OK)) return -7;
    return p;
}

/* The focused flags of all items as "." and "F", from item_at and from
 * visible_items (which must agree). */
static const char *focus_flags(const fold_table *t)
{
    static char buffer[64];
    fold_visible_item items[64];
    int64_t n = item_count(t), written = 0, i;
    double height = 0;
    for (i = 0; i < n && i < 63; i++) {
        fold_item item;
        CHECK_STATUS(fold_table_item_at(t, i, &item), FOLD_OK);
        buffer[i] = (item.flags & FOLD_ITEM_FLAG_FOCUSED) ? 'F' : '.';
    }
    buffer[i] = 0;
    CHECK_STATUS(fold_table_content_height(t, &height), FOLD_OK);
    CHECK_STATUS(fold_table_visible_items(t, 0, height + 1, 0, items, 64, &written, NULL), FOLD_OK);
    for (i = 0; i < written && i < 63; i++) {
        CHECK(((items[i].flags & FOLD_ITEM_FLAG_FOCUSED) ? 'F' : '.') == buffer[i]);
    }
    return buffer;
}

/* sample_table: Mac header 0, rows 1-3; iPad header 4, rows 5-6; iPhone
 * header 7, rows 8-11. */
static void test_set_and_flags(void)
{
    fold_table *t = sample_table(NULL);
    seen_changes seen = {0};
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &seen, NULL), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), -1);
    CHECK_STATUS(fold_table_set_focus(t, 2), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), 2);
    CHECK_STR(focus_flags(t), "..F.........");
    CHECK_EQ_I64(seen.calls, 1);
    CHECK_REDRAW_ONLY(seen, 2);
    CHECK_STATUS(fold_table_set_focus(t, 5), FOLD_OK);
    CHECK_EQ_I64(seen.change_count, 0);
    CHECK_EQ_I64(seen.redraw_count, 2);
    CHECK_EQ_I64(seen.redraw[0].position, 2);
    CHECK_EQ_I64(seen.redraw[1].position, 5);
    /* The same item again tells nothing. */
    CHECK_STATUS(fold_table_set_focus(t, 5), FOLD_OK);
    CHECK_EQ_I64(seen.calls, 2);
    CHECK_STATUS(fold_table_set_focus(t, -1), FOLD_OK);
    CHECK_REDRAW_ONLY(seen, 5);
    CHECK_STR(focus_flags(t), "............");
    /* Out of range: FOLD_E_RANGE, nothing changes. */
    CHECK_STATUS(fold_table_set_focus(t, 1), FOLD_OK);
    CHECK_STATUS(fold_table_set_focus(t, 12), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_set_focus(t, -2), FOLD_E_RANGE);
    CHECK_EQ_I64(focus_of(t), 1);
    fold_table_free(t);
}

static void test_focus_rule(void)
{
    fold_table *t = sample_table(NULL);
    seen_changes seen = {0};
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &seen, NULL), FOLD_OK);
    /* Removed: the item that took its place. */
    CHECK_STATUS(fold_table_set_focus(t, 2), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, sec(t, "Mac"), 1, 1), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), 2);
    CHECK_EQ_I64(seen.change_count, 1);
    CHECK_EQ_I64(seen.changes[0].position, 2);
    CHECK_EQ_I64(seen.changes[0].removed, 1);
    CHECK(seen.redraw_count >= 1);
    CHECK_STR(focus_flags(t), "..F........");
    /* Kept by identity: an insertion above moves it down. */
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "Mac"), 0, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), 4);
    /* Hidden by a collapse: the section's header. */
    CHECK_STATUS(fold_table_collapse(t, sec(t, "Mac"), NULL), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), 0);
    CHECK_STR(focus_flags(t), "F........");
    /* Removed at the end of the list: the last item before. */
    CHECK_STATUS(fold_table_set_focus(t, 8), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, sec(t, "iPhone"), 3, 1), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), 7);
    /* A removed section: the next one's header. */
    CHECK_STATUS(fold_table_set_focus(t, 2), FOLD_OK); /* iPad row 0 */
    CHECK_STATUS(fold_table_remove_section(t, sec(t, "iPad")), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), 1); /* Mac 0, iPhone 1 */
    /* Nothing left: no focus. */
    CHECK_STATUS(fold_table_remove_section(t, sec(t, "Mac")), FOLD_OK);
    CHECK_STATUS(fold_table_remove_section(t, sec(t, "iPhone")), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), -1);
    fold_table_free(t);
}

static void test_who_can_take_focus(void)
{
    fold_table_options o = options_with_heights(44, 28, 10, 0, 0);
    fold_table *t = must_table(&o);
    add(t, FOLD_ROOT, "A", "A", 2);
    add_flagged(t, FOLD_ROOT, "N", "N", 3, FOLD_SECTION_NO_FOCUS);
    add(t, FOLD_ROOT, "B", "B", 1);
    /* A 0, rows 1-2, footer 3; N 4, rows 5-7, footer 8; B 9, row 10, footer 11. */
    CHECK_STATUS(fold_table_set_focus(t, 8), FOLD_E_NOT_ALLOWED);
    CHECK_STR(fold_last_error_message(),
              "the footer of section \"N\" cannot take focus: the section is flagged FOLD_SECTION_NO_FOCUS");
    CHECK_STATUS(fold_table_set_focus_kinds(t, FOLD_FOCUS_HEADERS | FOLD_FOCUS_ROWS), FOLD_OK);
    CHECK_STATUS(fold_table_set_focus(t, 3), FOLD_E_NOT_ALLOWED);
    CHECK_STR(fold_last_error_message(), "the footer of section \"A\" cannot take focus: its kind is not "
                                         "among the focus kinds (fold_table_set_focus_kinds)");
    CHECK_STATUS(fold_table_set_focus_kinds(t, 16), FOLD_E_INVALID);
    CHECK_EQ_I64(focus_of(t), -1);
    /* Rows only: the rule lands past N's rows. */
    CHECK_STATUS(fold_table_set_focus(t, 2), FOLD_OK);
    CHECK_STATUS(fold_table_set_focus_kinds(t, FOLD_FOCUS_ROWS), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, sec(t, "A"), 0, 2), FOLD_OK);
    CHECK_EQ_I64(focus_of(t), 8); /* A 0, footer 1, N 2-6, B 7, row 8 */
    CHECK_STATUS(fold_table_set_focus_kinds(t, FOLD_FOCUS_ALL), FOLD_OK);
    fold_table_free(t);
}

typedef struct nav_case {
    int64_t from;
    int32_t move;
    int64_t want;
} nav_case;

static void test_navigate(void)
{
    /* A 0, row 1, B 2 (in A), rows 3-4, A's row 1 at 5, C 6 (in A), row 7,
     * D 8, rows 9-10. */
    static const nav_case cases[] = {
        {-1, FOLD_NAV_NEXT, 0},           {-1, FOLD_NAV_PREVIOUS, 10},    {-1, FOLD_NAV_LAST, 10},
        {-1, FOLD_NAV_PAGE_DOWN, 0},      {-1, FOLD_NAV_PAGE_UP, 10},     {4, FOLD_NAV_NEXT, 5},
        {10, FOLD_NAV_NEXT, 10},          {5, FOLD_NAV_PREVIOUS, 4},      {0, FOLD_NAV_PREVIOUS, 0},
        {7, FOLD_NAV_FIRST, 0},           {0, FOLD_NAV_LAST, 10},         {4, FOLD_NAV_PARENT, 2},
        {2, FOLD_NAV_PARENT, 0},          {0, FOLD_NAV_PARENT, 0},        {0, FOLD_NAV_FIRST_CHILD, 1},
        {2, FOLD_NAV_FIRST_CHILD, 3},     {3, FOLD_NAV_FIRST_CHILD, 3},   {1, FOLD_NAV_NEXT_SIBLING, 2},
        {2, FOLD_NAV_NEXT_SIBLING, 5},    {5, FOLD_NAV_NEXT_SIBLING, 6},  {6, FOLD_NAV_NEXT_SIBLING, 6},
        {6, FOLD_NAV_PREVIOUS_SIBLING, 5}, {2, FOLD_NAV_PREVIOUS_SIBLING, 1},
        {0, FOLD_NAV_NEXT_SIBLING, 8},    {8, FOLD_NAV_PREVIOUS_SIBLING, 0},
        /* Viewport 100 high; tops 0, 28, 72, 100, 144, 188, 232, 260, 304, 332, 376. */
        {0, FOLD_NAV_PAGE_DOWN, 3},       {2, FOLD_NAV_PAGE_DOWN, 4},     {9, FOLD_NAV_PAGE_DOWN, 10},
        {5, FOLD_NAV_PAGE_UP, 2},         {1, FOLD_NAV_PAGE_UP, 0},
    };
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "A", "A", 1);
    fold_section_id d;
    size_t i;
    int64_t out = -7;
    add(t, a, "B", "B", 2);
    CHECK_STATUS(fold_table_insert_rows(t, a, 2, 1, NULL), FOLD_OK);
    add(t, a, "C", "C", 1);
    d = add(t, FOLD_ROOT, "D", "D", 2);
    CHECK_EQ_I64(item_count(t), 11);
    /* Pages need a viewport. */
    CHECK_STATUS(fold_table_navigate(t, 0, FOLD_NAV_PAGE_DOWN, &out), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_set_viewport(t, 0, 100), FOLD_OK);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        out = -7;
        if (!CHECK_STATUS(fold_table_navigate(t, cases[i].from, cases[i].move, &out), FOLD_OK) ||
            !CHECK_EQ_I64(out, cases[i].want)) {
            fprintf(stderr, "  (case %zu: from %" PRId64 ", move %d)\n", i, cases[i].from, (int)cases[i].move);
        }
    }
    /* Headers only: over the rows, header to header. */
    CHECK_STATUS(fold_table_set_focus_kinds(t, FOLD_FOCUS_HEADERS), FOLD_OK);
    CHECK_STATUS(fold_table_navigate(t, 2, FOLD_NAV_NEXT, &out), FOLD_OK);
    CHECK_EQ_I64(out, 6);
    CHECK_STATUS(fold_table_navigate(t, 8, FOLD_NAV_PREVIOUS, &out), FOLD_OK);
    CHECK_EQ_I64(out, 6);
    CHECK_STATUS(fold_table_set_focus_kinds(t, FOLD_FOCUS_ALL), FOLD_OK);
    /* A NO_FOCUS section's own rows are passed; its subsections are not. */
    CHECK_STATUS(fold_table_set_section_flags(t, a, FOLD_SECTION_NO_FOCUS, FOLD_SECTION_NO_FOCUS), FOLD_OK);
    CHECK_STATUS(fold_table_navigate(t, -1, FOLD_NAV_FIRST, &out), FOLD_OK);
    CHECK_EQ_I64(out, 2);
    CHECK_STATUS(fold_table_navigate(t, 4, FOLD_NAV_NEXT, &out), FOLD_OK);
    CHECK_EQ_I64(out, 6);
    CHECK_STATUS(fold_table_navigate(t, 8, FOLD_NAV_PREVIOUS, &out), FOLD_OK);
    CHECK_EQ_I64(out, 7);
    /* Nothing can take focus: from -1, FOLD_E_NOT_FOUND. */
    CHECK_STATUS(fold_table_set_section_flags(t, d, FOLD_SECTION_NO_FOCUS, FOLD_SECTION_NO_FOCUS), FOLD_OK);
    CHECK_STATUS(fold_table_set_focus_kinds(t, FOLD_FOCUS_FOOTERS), FOLD_OK);
    out = -7;
    CHECK_STATUS(fold_table_navigate(t, -1, FOLD_NAV_NEXT, &out), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(out, -7);
    CHECK_STATUS(fold_table_navigate(t, 3, FOLD_NAV_NEXT, &out), FOLD_OK);
    CHECK_EQ_I64(out, 3);
    fold_table_free(t);
}

static void test_no_focus_rows_in_one_step(void)
{
    /* 10^6 rows that cannot take focus are passed by a few lookups. */
    fold_table *t = must_table(NULL);
    int64_t out = -7;
    add(t, FOLD_ROOT, "A", "A", 1);
    add_flagged(t, FOLD_ROOT, "N", "N", 1000000, FOLD_SECTION_NO_FOCUS);
    add(t, FOLD_ROOT, "B", "B", 1);
    CHECK_STATUS(fold_table_navigate(t, 1, FOLD_NAV_NEXT, &out), FOLD_OK);
    CHECK_EQ_I64(out, 1000003);
    CHECK_STATUS(fold_table_navigate(t, 1000003, FOLD_NAV_PREVIOUS, &out), FOLD_OK);
    CHECK_EQ_I64(out, 1);
    fold_table_free(t);
}

static void test_saved_state(void)
{
    fold_table *t = sample_table(NULL);
    fold_table *u = sample_table(NULL);
    char *json = NULL;
    CHECK_STATUS(fold_table_set_focus(t, 6), FOLD_OK);
    CHECK_STATUS(fold_table_export_state(t, &json), FOLD_OK);
    CHECK(json != NULL && strstr(json, "\"focus\": {\n    \"section\": \"iPad\",\n    \"kind\": \"row\",\n    \"row\": 1\n  }") != NULL);
    CHECK_STATUS(fold_table_import_state(u, json, NULL), FOLD_OK);
    CHECK_EQ_I64(focus_of(u), 6);
    fold_free(json);
    /* Inside a collapsed section: its header. */
    CHECK_STATUS(fold_table_collapse(u, sec(u, "iPad"), NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_focus(u, 0), FOLD_OK);
    CHECK_STATUS(fold_table_import_state(u, "{\"focus\": {\"section\": \"iPad\", \"kind\": \"row\", \"row\": 1}}", NULL),
                 FOLD_OK);
    CHECK_EQ_I64(focus_of(u), 4);
    /* A bad focus member: FOLD_E_INVALID, nothing changes. */
    CHECK_STATUS(fold_table_import_state(u, "{\"focus\": {\"section\": \"Mac\", \"kind\": \"side\"}}", NULL),
                 FOLD_E_INVALID);
    CHECK_EQ_I64(focus_of(u), 4);
    fold_table_free(t);
    fold_table_free(u);
}

static void test_bad_input(void)
{
    fold_table *t = sample_table(NULL);
    int64_t out = -7;
    CHECK_STATUS(fold_table_set_focus(t, 3), FOLD_OK);
    CHECK_STATUS(fold_table_navigate(t, 0, 10, &out), FOLD_E_INVALID);
    CHECK(strstr(fold_last_error_message(), "move 10 is not known (FOLD_NAV_NEXT 0,") != NULL);
    CHECK_STATUS(fold_table_navigate(t, 0, -1, &out), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_navigate(t, 12, FOLD_NAV_NEXT, &out), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_navigate(t, -2, FOLD_NAV_NEXT, &out), FOLD_E_RANGE);
    CHECK_EQ_I64(out, -7);
    CHECK_STATUS(fold_table_set_focus_kinds(t, 0xFFFFFFFFu), FOLD_E_INVALID);
    CHECK(strstr(fold_last_error_message(), "FOLD_FOCUS_ALL 15") != NULL);
    CHECK_EQ_I64(focus_of(t), 3);
    fold_table_free(t);
}

/* Inside a listener the table may be read (navigate, focus), not changed. */
static void busy_listener(fold_table *t, const fold_change_set *set, void *user_data)
{
    int *status = user_data;
    int64_t p = -7;
    (void)set;
    status[0] = fold_table_set_focus(t, 0);
    status[1] = fold_table_press_key(t, FOLD_KEY_DOWN, 0, NULL);
    status[2] = fold_table_navigate(t, -1, FOLD_NAV_FIRST, &p);
    status[3] = fold_table_focus(t, &p);
}

static void test_busy(void)
{
    fold_table *t = sample_table(NULL);
    int status[4] = {1, 1, 1, 1};
    CHECK_STATUS(fold_table_add_change_listener(t, busy_listener, status, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_focus(t, 3), FOLD_OK);
    CHECK_EQ_I64(status[0], FOLD_E_BUSY);
    CHECK_EQ_I64(status[1], FOLD_E_BUSY);
    CHECK_EQ_I64(status[2], FOLD_OK);
    CHECK_EQ_I64(status[3], FOLD_OK);
    CHECK_EQ_I64(focus_of(t), 3);
    fold_table_free(t);
}

int main(void)
{
    test_set_and_flags();
    test_focus_rule();
    test_who_can_take_focus();
    test_navigate();
    test_no_focus_rows_in_one_step();
    test_saved_state();
    test_bad_input();
    test_busy();
    return check_done();
}
