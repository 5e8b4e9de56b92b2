/*
 * Filtering (foldtable.h: "Filtering"): the match function asked once per
 * row and section in order, ancestors of matches kept, exact positions,
 * flags and change sets, set_row_match / set_section_match, match counts,
 * FOLD_FILTER_SHOW_CHILDREN and _EXPAND_MATCHES; bad input per function
 * with its status and message and no change after a failure; a negative
 * answer cancels (also inside insert_rows and insert_section, which ask
 * about what they add); the match function may read the table, not change it;
 * a replaced function is never called again; a table freed inside its
 * match function is asked nothing more. Setting, changing and clearing a
 * filter report one step per run of items hidden or shown (GTK's
 * filterlistmodel test cases, ported with the exact steps).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

/* What a match function does and saw. */
typedef struct matcher {
    int calls;
    char asked[64][24]; /* "key/row" of the first 64 calls */
    int match_row;      /* rows with this index match (-2: none) */
    const char *match_header; /* this section's header matches (NULL: none) */
    int stop_at;        /* answer -1 on this call (1-based; 0: never) */
    int free_at;        /* free `table` on this call (0: never) */
    fold_table *table;
    int busy_status;    /* what a mutation inside the call returned */
    int replace_status; /* what fold_table_set_filter inside the call returned */
    int64_t items_inside;
} matcher;

static int match(fold_table *t, fold_section_id section, const char *key, int64_t row, void *user_data)
{
    matcher *m = user_data;
    (void)section;
    m->calls++;
    if (m->calls <= 64) snprintf(m->asked[m->calls - 1], sizeof m->asked[0], "%s/%d", key, (int)row);
    fold_table_item_count(t, &m->items_inside);
    m->busy_status = fold_table_collapse(t, section, NULL);
    m->replace_status = fold_table_set_filter(t, NULL, NULL, 0);
    if (m->calls == m->stop_at) return -1;
    if (m->calls == m->free_at) fold_table_free(m->table);
    if (row < 0) return m->match_header != NULL && strcmp(key, m->match_header) == 0;
    return row == m->match_row;
}

static void check_change(const seen_changes *s, int64_t position, int64_t removed, int64_t added)
{
    CHECK_EQ_I64(s->change_count, 1);
    CHECK_EQ_I64(s->changes[0].position, position);
    CHECK_EQ_I64(s->changes[0].removed, removed);
    CHECK_EQ_I64(s->changes[0].added, added);
}

/* The last change set's steps are exactly `n` triples (position, removed,
 * added) of `want`. */
static void check_steps(const seen_changes *s, int n, const int64_t want[][3])
{
    int k;
    CHECK_EQ_I64(s->change_count, n);
    for (k = 0; k < n && k < s->change_count && k < 8; k++) {
        CHECK_EQ_I64(s->changes[k].position, want[k][0]);
        CHECK_EQ_I64(s->changes[k].removed, want[k][1]);
        CHECK_EQ_I64(s->changes[k].added, want[k][2]);
    }
}

/* The last change set redrew exactly `n` ranges (position, count) of `want`. */
static void check_redraw(const seen_changes *s, int n, const int64_t want[][2])
{
    int k;
    CHECK_EQ_I64(s->redraw_count, n);
    for (k = 0; k < n && k < s->redraw_count && k < 8; k++) {
        CHECK_EQ_I64(s->redraw[k].position, want[k][0]);
        CHECK_EQ_I64(s->redraw[k].count, want[k][1]);
    }
}

static void check_item(fold_table *t, int64_t position, int32_t kind, fold_section_id section, int64_t row,
                       uint32_t flags)
{
    fold_item item;
    memset(&item, 0, sizeof item);
    if (!CHECK_STATUS(fold_table_item_at(t, position, &item), FOLD_OK)) return;
    CHECK_EQ_I64(item.kind, kind);
    CHECK_EQ_I64(item.section, section);
    CHECK_EQ_I64(item.row, row);
    CHECK_EQ_I64(item.flags, flags);
}

static void check_counts(fold_table *t, fold_section_id section, int64_t matches, int64_t rows)
{
    int64_t m = -1, r = -1;
    CHECK_STATUS(fold_table_match_count(t, section, &m, &r), FOLD_OK);
    CHECK_EQ_I64(m, matches);
    CHECK_EQ_I64(r, rows);
}

/* Mac (3 rows), iPad (2), iPhone (4): rows 1 match, and iPad's header. */
static void test_ancestors_and_changes(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad"), iphone = sec(t, "iPhone");
    matcher m = {.match_row = 1, .match_header = "iPad"};
    seen_changes s = {0};
    int active = -1, matches = -1;
    uint32_t flags = 99;
    int64_t position = -1, y_position = -1;
    int32_t place = -1;
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &s, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_filter_info(t, &active, &flags), FOLD_OK);
    CHECK_EQ_I64(active, 0);
    CHECK_EQ_I64(flags, 0);
    check_counts(t, FOLD_ROOT, 9, 9);

    CHECK_STATUS(fold_table_set_filter(t, match, &m, 0), FOLD_OK);
    /* Asked once each, in order: a header, then its rows. */
    CHECK_EQ_I64(m.calls, 12);
    CHECK_STR(m.asked[0], "Mac/-1");
    CHECK_STR(m.asked[1], "Mac/0");
    CHECK_STR(m.asked[4], "iPad/-1");
    CHECK_STR(m.asked[11], "iPhone/3");
    /* Read inside: the old list; changing it is refused. */
    CHECK_EQ_I64(m.items_inside, 12);
    CHECK_EQ_I64(m.busy_status, FOLD_E_BUSY);
    CHECK_EQ_I64(is_collapsed(t, mac), 0);
    /* Nor replace or clear the filter: it stays the one being set. */
    CHECK_EQ_I64(m.replace_status, FOLD_E_BUSY);

    CHECK_EQ_I64(s.calls, 1);
    /* One step per run of rows hidden, each in the list the steps before
     * it left; every item left is redrawn (MATCH flags, counts). */
    {
        const int64_t steps[][3] = {{1, 1, 0}, {2, 1, 0}, {3, 1, 0}, {5, 1, 0}, {6, 2, 0}};
        const int64_t redraw[][2] = {{0, 6}};
        check_steps(&s, 5, steps);
        check_redraw(&s, 1, redraw);
    }
    CHECK_EQ_I64(item_count(t), 6);
    check_item(t, 0, FOLD_ITEM_HEADER, mac, -1, FOLD_ITEM_FLAG_COLLAPSIBLE);
    check_item(t, 1, FOLD_ITEM_ROW, mac, 1, FOLD_ITEM_FLAG_MATCH);
    check_item(t, 2, FOLD_ITEM_HEADER, ipad, -1, FOLD_ITEM_FLAG_COLLAPSIBLE | FOLD_ITEM_FLAG_MATCH);
    check_item(t, 3, FOLD_ITEM_ROW, ipad, 1, FOLD_ITEM_FLAG_MATCH);
    check_item(t, 5, FOLD_ITEM_ROW, iphone, 1, FOLD_ITEM_FLAG_MATCH);
    CHECK_STATUS(fold_table_row_position(t, iphone, 1, &position), FOLD_OK);
    CHECK_EQ_I64(position, 5);
    position = -1;
    CHECK_STATUS(fold_table_row_position(t, mac, 0, &position), FOLD_E_NOT_VISIBLE);
    CHECK_STR(fold_last_error_message(), "row 0 of section \"Mac\" is hidden by the filter");
    CHECK_EQ_I64(position, -1);
    /* Mac header 0..28, Mac row 1 28..72, iPad header 72..100. */
    CHECK_STATUS(fold_table_item_at_offset(t, 72, &y_position, &place), FOLD_OK);
    CHECK_EQ_I64(y_position, 2);
    CHECK_EQ_I64(info(t, mac).visible_row_count, 1);
    CHECK_EQ_I64(info(t, mac).row_count, 3);
    check_counts(t, FOLD_ROOT, 3, 9);
    check_counts(t, iphone, 1, 4);
    CHECK_STATUS(fold_table_filter_info(t, &active, NULL), FOLD_OK);
    CHECK_EQ_I64(active, 1);

    /* One answer changes: the row's item comes and goes. */
    CHECK_STATUS(fold_table_set_row_match(t, mac, 0, 1), FOLD_OK);
    check_change(&s, 1, 0, 1);
    CHECK_STATUS(fold_table_row_matches(t, mac, 0, &matches), FOLD_OK);
    CHECK_EQ_I64(matches, 1);
    CHECK_STATUS(fold_table_set_row_match(t, mac, 0, 0), FOLD_OK);
    check_change(&s, 1, 1, 0);
    s.calls = 0;
    CHECK_STATUS(fold_table_set_row_match(t, mac, 0, 0), FOLD_OK); /* the same answer: nothing */
    CHECK_EQ_I64(s.calls, 0);
    /* The last shown row of iPhone goes: iPhone (not matching) goes with it. */
    CHECK_STATUS(fold_table_set_row_match(t, iphone, 1, 0), FOLD_OK);
    check_change(&s, 4, 2, 0);
    CHECK(info(t, iphone).flags & FOLD_SECTION_FILTERED);
    CHECK_STATUS(fold_table_header_position(t, iphone, &position), FOLD_E_NOT_VISIBLE);
    /* iPad's header matches on its own. */
    CHECK_STATUS(fold_table_set_row_match(t, ipad, 1, 0), FOLD_OK);
    check_change(&s, 3, 1, 0);
    CHECK_STATUS(fold_table_section_matches(t, ipad, &matches), FOLD_OK);
    CHECK_EQ_I64(matches, 1);
    CHECK_STATUS(fold_table_set_section_match(t, ipad, 0), FOLD_OK);
    check_change(&s, 2, 1, 0);
    CHECK_EQ_I64(item_count(t), 2);

    /* Clearing: everything back where it was, Mac's header and row 1 stay
     * (redrawn); the function is not asked. */
    m.calls = 0;
    CHECK_STATUS(fold_table_set_filter(t, NULL, NULL, 0), FOLD_OK);
    CHECK_EQ_I64(m.calls, 0);
    {
        const int64_t steps[][3] = {{1, 0, 1}, {3, 0, 9}};
        const int64_t redraw[][2] = {{0, 1}, {2, 1}};
        check_steps(&s, 2, steps);
        check_redraw(&s, 2, redraw);
    }
    CHECK_EQ_I64(item_count(t), 12);
    check_item(t, 1, FOLD_ITEM_ROW, mac, 0, 0);
    check_counts(t, mac, 3, 3);
    CHECK_STATUS(fold_table_row_matches(t, mac, 0, &matches), FOLD_OK);
    CHECK_EQ_I64(matches, 1);
    fold_table_free(t);
}

/* A (1 row) > A1 (2 rows, collapsed): options. */
static void test_options(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "A", "A", 1);
    fold_section_id a1 = add_flagged(t, a, "A1", "A1", 2, FOLD_SECTION_COLLAPSED);
    matcher m = {.match_row = -2, .match_header = "A1"};
    uint32_t flags = 0;
    int active = 0, changed = -1;
    /* A1's header matches; collapsed, it shows its header only. */
    CHECK_STATUS(fold_table_set_filter(t, match, &m, 0), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 2);
    CHECK_STATUS(fold_table_set_filter(t, match, &m, FOLD_FILTER_SHOW_CHILDREN), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 2);
    CHECK_STATUS(fold_table_set_filter(t, match, &m, FOLD_FILTER_SHOW_CHILDREN | FOLD_FILTER_EXPAND_MATCHES),
                 FOLD_OK);
    CHECK_STATUS(fold_table_filter_info(t, &active, &flags), FOLD_OK);
    CHECK_EQ_I64(flags, FOLD_FILTER_SHOW_CHILDREN | FOLD_FILTER_EXPAND_MATCHES);
    CHECK_EQ_I64(item_count(t), 4);
    CHECK_EQ_I64(info(t, a1).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE | FOLD_SECTION_FILTER_OPENED);
    check_item(t, 1, FOLD_ITEM_HEADER, a1, -1, FOLD_ITEM_FLAG_COLLAPSIBLE | FOLD_ITEM_FLAG_MATCH);
    check_item(t, 2, FOLD_ITEM_ROW, a1, 0, 0);
    /* Collapsing the opened section closes it; its stored state stays. */
    CHECK_STATUS(fold_table_toggle(t, a1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(item_count(t), 2);
    CHECK_EQ_I64(info(t, a1).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE);
    CHECK_STATUS(fold_table_set_filter(t, NULL, NULL, 0), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 3);
    CHECK_EQ_I64(is_collapsed(t, a1), 1);
    fold_table_free(t);
}

static void test_bad_input(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id mac = sec(t, "Mac");
    matcher m = {.match_row = 0};
    int active = -1, matches = -1;
    int64_t count = -1;

    CHECK_STATUS(fold_table_set_filter(NULL, match, &m, 0), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "the table is NULL");
    CHECK_STATUS(fold_table_set_filter(t, match, &m, 4), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(),
              "unknown filter flags 4 (known: FOLD_FILTER_SHOW_CHILDREN 1, FOLD_FILTER_EXPAND_MATCHES 2)");
    CHECK_STATUS(fold_table_set_filter(t, NULL, NULL, FOLD_FILTER_SHOW_CHILDREN), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "filter flags must be 0 when the filter is cleared (no match function)");
    CHECK_EQ_I64(m.calls, 0);
    CHECK_STATUS(fold_table_set_row_match(t, mac, 0, 0), FOLD_E_NOT_ALLOWED);
    CHECK_STR(fold_last_error_message(), "no filter is set: set one before changing a row's match");
    CHECK_STATUS(fold_table_set_section_match(t, mac, 0), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_filter_info(t, NULL, NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "out_active is NULL");
    CHECK_STATUS(fold_table_row_matches(t, mac, 0, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_section_matches(t, mac, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_match_count(t, 999, &count, NULL), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(count, -1);
    CHECK_STATUS(fold_table_match_count(t, FOLD_ROOT, NULL, NULL), FOLD_OK);

    CHECK_STATUS(fold_table_set_filter(t, match, &m, 0), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 6);
    CHECK_STATUS(fold_table_set_row_match(t, mac, 3, 1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_set_row_match(t, mac, -1, 1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_set_row_match(t, FOLD_ROOT, 0, 1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_row_match(t, 999, 0, 1), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_row_matches(t, mac, 5, &matches), FOLD_E_RANGE);
    CHECK_EQ_I64(matches, -1);
    CHECK_EQ_I64(item_count(t), 6);

    /* A negative answer stops the call: nothing asked after it, nothing changed. */
    m.calls = 0;
    m.stop_at = 3;
    m.match_row = 1;
    CHECK_STATUS(fold_table_set_filter(t, match, &m, 0), FOLD_E_CANCELLED);
    CHECK_STR(fold_last_error_message(), "the match function stopped the filter");
    CHECK_EQ_I64(m.calls, 3);
    CHECK_EQ_I64(item_count(t), 6);
    check_item(t, 1, FOLD_ITEM_ROW, mac, 0, FOLD_ITEM_FLAG_MATCH);
    CHECK_STATUS(fold_table_filter_info(t, &active, NULL), FOLD_OK);
    CHECK_EQ_I64(active, 1);
    fold_table_free(t);
}

/* A replaced function is never asked again; a table freed inside its match
 * function is asked nothing more. */
static void test_lifetime(void)
{
    fold_table *t = sample_table(NULL);
    matcher first, second;
    memset(&first, 0, sizeof first);
    memset(&second, 0, sizeof second);
    first.match_row = 0;
    second.match_row = 1;
    CHECK_STATUS(fold_table_set_filter(t, match, &first, 0), FOLD_OK);
    CHECK_EQ_I64(first.calls, 12);
    CHECK_STATUS(fold_table_set_filter(t, match, &second, 0), FOLD_OK);
    CHECK_EQ_I64(second.calls, 12);
    CHECK_STATUS(fold_table_set_row_match(t, sec(t, "Mac"), 2, 1), FOLD_OK);
    CHECK_STATUS(fold_table_set_filter(t, NULL, NULL, 0), FOLD_OK);
    CHECK_EQ_I64(first.calls, 12);
    CHECK_EQ_I64(second.calls, 12);
    fold_table_free(t);

    t = sample_table(NULL);
    memset(&first, 0, sizeof first);
    first.free_at = 2;
    first.table = t;
    CHECK_STATUS(fold_table_set_filter(t, match, &first, 0), FOLD_E_CANCELLED);
    CHECK_EQ_I64(first.calls, 2);
}

/* Rows and sections inserted while a filter is on are asked once; a
 * negative answer takes the insertion back. */
static void test_inserts(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id mac = sec(t, "Mac"), added = 0;
    matcher m = {.match_row = 1};
    seen_changes s = {0};
    int64_t count = -1;
    CHECK_STATUS(fold_table_set_filter(t, match, &m, 0), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &s, NULL), FOLD_OK);
    m.calls = 0;
    /* Mac: header, row 1. Two rows before row 0: the new rows 0 and 1 are asked. */
    CHECK_STATUS(fold_table_insert_rows(t, mac, 0, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(m.calls, 2);
    CHECK_STR(m.asked[0], "Mac/0");
    CHECK_STR(m.asked[1], "Mac/1");
    check_change(&s, 1, 0, 1);
    check_item(t, 1, FOLD_ITEM_ROW, mac, 1, FOLD_ITEM_FLAG_MATCH);
    check_item(t, 2, FOLD_ITEM_ROW, mac, 3, FOLD_ITEM_FLAG_MATCH);
    check_counts(t, mac, 2, 5);
    /* A new section with one matching row: its header and that row. */
    m.calls = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "New", "New", 2, 0, &added), FOLD_OK);
    CHECK_EQ_I64(m.calls, 3);
    CHECK_STR(m.asked[0], "New/-1");
    check_change(&s, 0, 0, 2);
    check_item(t, 1, FOLD_ITEM_ROW, added, 1, FOLD_ITEM_FLAG_MATCH);
    /* Stopped: nothing changes, nothing is reported. */
    m.calls = 0;
    m.stop_at = 2;
    s.calls = 0;
    CHECK_STATUS(fold_table_insert_rows(t, mac, 5, 3, NULL), FOLD_E_CANCELLED);
    CHECK_STR(fold_last_error_message(), "the match function stopped the filter");
    CHECK_EQ_I64(m.calls, 2);
    CHECK_EQ_I64(row_count(t, mac), 5);
    m.calls = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "Gone", "Gone", 4, 0, &added), FOLD_E_CANCELLED);
    CHECK_STATUS(fold_table_find_section(t, "Gone", &added), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(s.calls, 0);
    CHECK_EQ_I64(item_count(t), 9);
    CHECK_STATUS(fold_table_match_count(t, FOLD_ROOT, &count, NULL), FOLD_OK);
    CHECK_EQ_I64(count, 5);
    fold_table_free(t);
}

/* reveal_row with expand_ancestors cannot show a row the filter hides: it
 * refuses before expanding anything (found by the fuzzer: the ancestors
 * were expanded, then the call failed). */
static void test_reveal_hidden_row(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id mac = sec(t, "Mac");
    matcher m = {.match_row = 0};
    seen_changes s = {0};
    int64_t position = -7;
    CHECK_STATUS(fold_table_set_filter(t, match, &m, 0), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, mac, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &s, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_reveal_row(t, mac, 1, 1, &position), FOLD_E_NOT_VISIBLE);
    CHECK_STR(fold_last_error_message(), "row 1 of section \"Mac\" is hidden by the filter");
    CHECK_EQ_I64(position, -7);
    CHECK_EQ_I64(is_collapsed(t, mac), 1);
    CHECK_EQ_I64(s.calls, 0);
    /* Row 0 matches: revealing it expands Mac. */
    CHECK_STATUS(fold_table_reveal_row(t, mac, 0, 1, &position), FOLD_OK);
    CHECK_EQ_I64(position, 1);
    CHECK_EQ_I64(is_collapsed(t, mac), 0);
    CHECK_EQ_I64(s.calls, 1);
    fold_table_free(t);
}

/* GTK's filterlistmodel tests (testsuite/gtk/filterlistmodel.c): the
 * numbers 1..10 as the rows of a section without a header, filtered by
 * how they compare with an argument. GTK reports one span per change;
 * here each run of rows hidden or shown is its own step. */
typedef struct number_filter {
    enum { SMALLER, LARGER, NEAR, NOT_NEAR } rule;
    int64_t arg;
} number_filter;

static int number_match(fold_table *t, fold_section_id section, const char *key, int64_t row,
                        void *user_data)
{
    const number_filter *f = user_data;
    int64_t n = row + 1, d = n > f->arg ? n - f->arg : f->arg - n;
    (void)t;
    (void)section;
    (void)key;
    if (row < 0) return 0;
    switch (f->rule) {
    case SMALLER: return n < f->arg;
    case LARGER: return n > f->arg;
    case NEAR: return d <= 2;
    default: return d > 2;
    }
}

static fold_table *numbers(seen_changes *s)
{
    fold_table *t = must_table(NULL);
    add_flagged(t, FOLD_ROOT, "N", "N", 10, FOLD_SECTION_NO_HEADER);
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, s, NULL), FOLD_OK);
    return t;
}

/* The rows shown, as their numbers ("1 2 8 9 10"). */
static void check_numbers(fold_table *t, const char *want)
{
    char got[64] = "";
    int64_t n = item_count(t), k;
    fold_item it;
    for (k = 0; k < n; k++) {
        if (!CHECK_STATUS(fold_table_item_at(t, k, &it), FOLD_OK)) return;
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%d", k ? " " : "", (int)it.row + 1);
    }
    CHECK_STR(got, want);
}

/* test_empty_set_filter: a filter set on the ten numbers. */
static void test_gtk_set_filter(void)
{
    static const struct {
        number_filter f;
        const char *shown;
        int n;
        int64_t steps[2][3];
    } cases[] = {
        {{SMALLER, 20}, "1 2 3 4 5 6 7 8 9 10", 0, {{0}}},
        {{SMALLER, 7}, "1 2 3 4 5 6", 1, {{6, 4, 0}}},
        {{SMALLER, 0}, "", 1, {{0, 10, 0}}},
        {{LARGER, 0}, "1 2 3 4 5 6 7 8 9 10", 0, {{0}}},
        {{LARGER, 3}, "4 5 6 7 8 9 10", 1, {{0, 3, 0}}},
        {{LARGER, 20}, "", 1, {{0, 10, 0}}},
        {{NEAR, 5}, "3 4 5 6 7", 2, {{0, 2, 0}, {5, 3, 0}}}, /* GTK: 0-10+5 */
        {{NOT_NEAR, 5}, "1 2 8 9 10", 1, {{2, 5, 0}}},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seen_changes s = {0};
        fold_table *t = numbers(&s);
        number_filter f = cases[i].f;
        CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
        check_numbers(t, cases[i].shown);
        check_steps(&s, cases[i].n, cases[i].steps);
        if (cases[i].n == 0) {
            /* Every row matches: no step, the rows redrawn (MATCH). */
            const int64_t all[][2] = {{0, 10}};
            CHECK_EQ_I64(s.calls, 1);
            check_redraw(&s, 1, all);
            /* Cleared again: no step either. */
            CHECK_STATUS(fold_table_set_filter(t, NULL, NULL, 0), FOLD_OK);
            CHECK_EQ_I64(s.calls, 2);
            check_steps(&s, 0, NULL);
            check_redraw(&s, 1, all);
        }
        fold_table_free(t);
    }
}

/* test_change_filter: one filter after another, then cleared. */
static void test_gtk_change_filter(void)
{
    seen_changes s = {0};
    fold_table *t = numbers(&s);
    number_filter f = {NOT_NEAR, 5};
    CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
    check_numbers(t, "1 2 8 9 10");
    {
        const int64_t steps[][3] = {{2, 1, 1}}; /* 3 shown, 8 hidden */
        f.arg = 6;
        CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
        check_numbers(t, "1 2 3 9 10");
        check_steps(&s, 1, steps);
        CHECK_EQ_I64(s.redraw_count, 0);
    }
    {
        const int64_t steps[][3] = {{3, 2, 3}};
        f.arg = 9;
        CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
        check_numbers(t, "1 2 3 4 5 6");
        check_steps(&s, 1, steps);
    }
    {
        const int64_t steps[][3] = {{5, 1, 0}};
        f = (number_filter){SMALLER, 6};
        CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
        check_numbers(t, "1 2 3 4 5");
        check_steps(&s, 1, steps);
    }
    {
        /* GTK: one span 0-5+6; 5 stays. */
        const int64_t steps[][3] = {{0, 4, 0}, {1, 0, 5}};
        f = (number_filter){LARGER, 4};
        CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
        check_numbers(t, "5 6 7 8 9 10");
        check_steps(&s, 2, steps);
        CHECK_EQ_I64(s.redraw_count, 0);
    }
    {
        /* The same rows shown, the same answers: nothing is reported. */
        f = (number_filter){NOT_NEAR, 2};
        s.calls = 0;
        CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
        check_numbers(t, "5 6 7 8 9 10");
        CHECK_EQ_I64(s.calls, 0);
    }
    {
        const int64_t steps[][3] = {{0, 2, 1}};
        f.arg = 4;
        CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
        check_numbers(t, "1 7 8 9 10");
        check_steps(&s, 1, steps);
    }
    {
        /* Cleared: 2..6 come back; the rows that stay lose MATCH (redrawn). */
        const int64_t steps[][3] = {{1, 0, 5}};
        const int64_t redraw[][2] = {{0, 1}, {6, 4}};
        CHECK_STATUS(fold_table_set_filter(t, NULL, NULL, 0), FOLD_OK);
        check_numbers(t, "1 2 3 4 5 6 7 8 9 10");
        check_steps(&s, 1, steps);
        check_redraw(&s, 2, redraw);
    }
    /* A stopped filter changes nothing and reports nothing. */
    {
        matcher stop = {.match_row = 1, .stop_at = 5};
        s.calls = 0;
        CHECK_STATUS(fold_table_set_filter(t, match, &stop, 0), FOLD_E_CANCELLED);
        CHECK_EQ_I64(s.calls, 0);
        check_numbers(t, "1 2 3 4 5 6 7 8 9 10");
    }
    fold_table_free(t);
}

/* test_create: the rows arrive while the filter is on (one step adding
 * what matches; nothing when nothing does). */
static void test_gtk_create(void)
{
    static const struct {
        number_filter f;
        const char *shown;
        int64_t added;
    } cases[] = {{{SMALLER, 20}, "1 2 3 4 5 6 7 8 9 10", 10}, {{SMALLER, 7}, "1 2 3 4 5 6", 6},
                 {{SMALLER, 0}, "", 0}};
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        seen_changes s = {0};
        fold_table *t = must_table(NULL);
        number_filter f = cases[i].f;
        CHECK_STATUS(fold_table_set_filter(t, number_match, &f, 0), FOLD_OK);
        CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &s, NULL), FOLD_OK);
        add_flagged(t, FOLD_ROOT, "N", "N", 10, FOLD_SECTION_NO_HEADER);
        check_numbers(t, cases[i].shown);
        if (cases[i].added) {
            check_change(&s, 0, 0, cases[i].added);
        } else {
            CHECK_EQ_I64(s.calls, 0);
        }
        fold_table_free(t);
    }
}

int main(void)
{
    test_gtk_set_filter();
    test_gtk_change_filter();
    test_gtk_create();
    test_reveal_hidden_row();
    test_inserts();
    test_ancestors_and_changes();
    test_options();
    test_bad_input();
    test_lifetime();
    return check_done();
}
