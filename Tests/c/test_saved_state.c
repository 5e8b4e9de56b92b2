/*
 * Saved-state import through the C ABI: exact reports (what is in effect,
 * rows listed twice counted once, the accordion), strict JSON with messages
 * that name the byte offset, all-or-nothing, and the change set a listener
 * gets (the restored anchor is in it; an anchor alone is notified). Keys,
 * never ids, are saved: a section removed and added again with its key
 * exports the same, and a state applies to a table whose sections have
 * other ids. A section that is not collapsible keeps its state (a saved
 * collapse is neither applied nor counted); an empty section takes its
 * saved collapse. Saved "selected" runs that overlap, nest, repeat, touch
 * or come in any order select exactly their union, with rows of the
 * default height and rows with heights of their own.
 */
#include "fixture.h"

#include <stdlib.h>
#include <string.h>

/* Mac (3 rows, row 2 expandable), iPad (2), iPhone (4, rows 1 and 3
 * expandable); headers of 28, rows of 44. */
static fold_table *products(int32_t accordion)
{
    fold_table_options o;
    fold_table_options_init(&o);
    o.accordion = accordion;
    fold_table *t = new_table(&o);
    fold_section_id mac = add(t, FOLD_ROOT, "Mac", NULL, 3);
    add(t, FOLD_ROOT, "iPad", NULL, 2);
    fold_section_id iphone = add(t, FOLD_ROOT, "iPhone", NULL, 4);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, mac, 2, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, iphone, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, iphone, 3, 100), FOLD_OK);
    return t;
}

/* 1 if the row is expanded, 0 if not, -1 if it cannot be read. */
static int row_expanded(const fold_table *t, const char *key, int64_t row)
{
    fold_row_info ri;
    if (!CHECK_STATUS(fold_table_row_info(t, sec(t, key), row, &ri), FOLD_OK)) return -1;
    return (ri.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
}

/* The exported state, or NULL; the caller frees it with fold_free(). */
static char *exported(const fold_table *t)
{
    char *json = NULL;
    if (!CHECK_STATUS(fold_table_export_state(t, &json), FOLD_OK)) return NULL;
    return json;
}

static void check_report(const fold_import_report *r, int64_t sections, int64_t unknown_sections,
                         int64_t rows, int64_t unknown_rows, int anchor)
{
    CHECK_EQ_I64(r->sections, sections);
    CHECK_EQ_I64(r->unknown_sections, unknown_sections);
    CHECK_EQ_I64(r->rows, rows);
    CHECK_EQ_I64(r->unknown_rows, unknown_rows);
    CHECK_EQ_I64(r->anchor_restored, anchor);
}

static void test_reports_count_what_is_in_effect(void)
{
    fold_table *t = products(FOLD_ACCORDION_MULTIPLE);
    fold_import_report r;
    memset(&r, 0xff, sizeof r);
    /* Mac row 2 twice: one row; Mac row 0 cannot expand; Nope is unknown. */
    CHECK_STATUS(fold_table_import_state(t,
        "{\"collapsed\": {\"iPad\": true, \"Nope\": false},"
        " \"expanded\": [{\"section\": \"Mac\", \"row\": 2}, {\"section\": \"Mac\", \"row\": 2},"
        " {\"section\": \"Mac\", \"row\": 0}, {\"section\": \"Nope\", \"row\": 0}]}", &r), FOLD_OK);
    check_report(&r, 1, 1, 1, 2, 0);
    fold_table_free(t);

    /* One accordion: two saved rows, one stays expanded; the report says so. */
    t = products(FOLD_ACCORDION_SINGLE);
    CHECK_STATUS(fold_table_import_state(t,
        "{\"expanded\": [{\"section\": \"Mac\", \"row\": 2}, {\"section\": \"iPhone\", \"row\": 1}]}", &r), FOLD_OK);
    check_report(&r, 0, 0, 1, 1, 0);
    CHECK_EQ_I64(row_expanded(t, "Mac", 2), 0);
    CHECK_EQ_I64(row_expanded(t, "iPhone", 1), 1);
    fold_table_free(t);
}

/* Imports `json` into a fresh table: FOLD_E_INVALID, the table unchanged,
 * and the message is exactly `message`. */
static void refused(const char *json, const char *message)
{
    fold_table *t = products(FOLD_ACCORDION_MULTIPLE);
    CHECK_STATUS(fold_table_expand_row(t, sec(t, "Mac"), 2, NULL), FOLD_OK);
    char *before = NULL, *after = NULL;
    CHECK_STATUS(fold_table_export_state(t, &before), FOLD_OK);
    fold_import_report r;
    memset(&r, 0x5a, sizeof r);
    CHECK_STATUS(fold_table_import_state(t, json, &r), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), message);
    CHECK_EQ_I64(r.sections, 0x5a5a5a5a5a5a5a5a); /* not written on failure */
    CHECK_STATUS(fold_table_export_state(t, &after), FOLD_OK);
    CHECK_STR(after, before);
    fold_free(before);
    fold_free(after);
    fold_table_free(t);
}

static void test_strict_json(void)
{
    refused("{\"collapsed\": {\"Mac\": true \"iPad\": true}}",
            "saved state: at byte 27: expected ',' or '}' after an object member");
    refused("{\"version\": 01}",
            "saved state: at byte 13: expected '.', 'e' or the end of the number after a leading 0 "
            "(numbers have no leading zeros)");
    refused("{\"x\": 1.}", "saved state: at byte 8: expected a digit after the decimal point");
    refused("{\"x\": .1e1}",
            "saved state: at byte 6: expected a value (an object, array, string, number, true, false or null)");
    refused("{\"x\": -}", "saved state: at byte 7: expected a digit after '-'");
    refused("{\"x\": 1e}", "saved state: at byte 8: expected a digit in the number's exponent");
    refused("{\"x\": 1e400}",
            "saved state: at byte 6: the number 1e400 is out of range (a double's magnitude is at most about 1.8e308)");
    refused("{\"collapsed\": {\"Mac\": true, \"Mac\": false}}",
            "saved state: at byte 28: duplicate member name \"Mac\" in an object");
    /* A duplicate late in the text: nothing before it was applied. */
    refused("{\"collapsed\": {\"iPad\": true}, \"expanded\": [], \"collapsed\": {}}",
            "saved state: at byte 46: duplicate member name \"collapsed\" in an object");
    refused("{\"a\": \"\xff\"}",
            "saved state: at byte 7: expected valid UTF-8 in a string (byte 0xff cannot start a character)");
    refused("", "saved state: at byte 0: expected '{': saved state is a JSON object, and the text is empty");

    fold_table *t = products(FOLD_ACCORDION_MULTIPLE);
    CHECK_STATUS(fold_table_import_state(t, NULL, NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "json is NULL");
    CHECK_STATUS(fold_table_import_state(NULL, "{}", NULL), FOLD_E_INVALID);
    /* The report is optional; an empty object applies nothing. */
    CHECK_STATUS(fold_table_import_state(t, " {} ", NULL), FOLD_OK);
    CHECK_EQ_I64(FOLD_MAX_STATE_BYTES, (int64_t)1 << 30);
    fold_table_free(t);
}

typedef struct {
    int calls;
    int64_t change_count, redraw_count;
    fold_change first_change;
    int32_t anchored;
    double anchored_offset;
    double viewport_offset; /* read from the table inside the listener */
} seen;

static void on_change(fold_table *table, const fold_change_set *set, void *user_data)
{
    seen *s = user_data;
    s->calls++;
    s->change_count = set->change_count;
    s->redraw_count = set->redraw_count;
    if (set->change_count > 0) s->first_change = set->changes[0];
    s->anchored = set->anchored;
    s->anchored_offset = set->anchored_offset;
    int on = 0;
    double height = 0;
    fold_table_viewport(table, &on, &s->viewport_offset, &height);
}

static void test_listeners_see_the_restored_anchor(void)
{
    fold_table *t = products(FOLD_ACCORDION_MULTIPLE);
    CHECK_STATUS(fold_table_set_viewport(t, 100, 50), FOLD_OK);
    seen s = {0};
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, &s, NULL), FOLD_OK);
    fold_import_report r;
    CHECK_STATUS(fold_table_import_state(t,
        "{\"collapsed\": {\"Mac\": true},"
        " \"anchor\": {\"section\": \"iPhone\", \"kind\": \"row\", \"row\": 2, \"offset\": 5}}", &r), FOLD_OK);
    check_report(&r, 1, 0, 0, 0, 1);
    /* Mac's 3 rows went: iPad's header at 28, its rows at 56 and 100,
     * iPhone's header at 144, its rows at 172, 216 and 260: row 2 plus 5. */
    CHECK_EQ_I64(s.calls, 1);
    CHECK_EQ_I64(s.change_count, 1);
    CHECK_EQ_I64(s.first_change.position, 1);
    CHECK_EQ_I64(s.first_change.removed, 3);
    CHECK_EQ_I64(s.first_change.added, 0);
    CHECK_EQ_I64(s.anchored, 1);
    CHECK_EQ_DBL(s.anchored_offset, 265);
    CHECK_EQ_DBL(s.viewport_offset, 265);

    /* Only the anchor differs (iPad's header at 28, plus 10): told once,
     * with no changes. */
    CHECK_STATUS(fold_table_import_state(t,
        "{\"anchor\": {\"section\": \"iPad\", \"kind\": \"header\", \"offset\": 10}}", &r), FOLD_OK);
    check_report(&r, 0, 0, 0, 0, 1);
    CHECK_EQ_I64(s.calls, 2);
    CHECK_EQ_I64(s.change_count, 0);
    CHECK_EQ_I64(s.redraw_count, 0);
    CHECK_EQ_DBL(s.anchored_offset, 38);
    CHECK_EQ_DBL(s.viewport_offset, 38);
    /* The same again: nothing moves, nothing is told. */
    CHECK_STATUS(fold_table_import_state(t,
        "{\"anchor\": {\"section\": \"iPad\", \"kind\": \"header\", \"offset\": 10}}", &r), FOLD_OK);
    CHECK_EQ_I64(s.calls, 2);
    fold_table_free(t);
}

/* Ids are not saved: removing iPad and adding it again (a new id) with the
 * same key, rows and state exports the same text; the old id is gone. */
static void test_ids_are_not_saved(void)
{
    fold_table *t = products(FOLD_ACCORDION_MULTIPLE);
    fold_section_id old_ipad = sec(t, "iPad"), new_ipad = 0;
    CHECK_STATUS(fold_table_collapse(t, old_ipad, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, sec(t, "iPhone"), 3, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 60, 100), FOLD_OK);
    char *before = exported(t);
    CHECK_STATUS(fold_table_remove_section(t, old_ipad), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 1, "iPad", NULL, 2, 0, &new_ipad), FOLD_OK);
    CHECK(new_ipad != old_ipad && new_ipad != 0);
    CHECK_STATUS(fold_table_collapse(t, new_ipad, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, old_ipad, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_viewport(t, 60, 100), FOLD_OK);
    char *after = exported(t);
    CHECK_STR(after, before);
    CHECK(before != NULL && strstr(before, "\"iPad\": true") != NULL);
    fold_free(before);
    fold_free(after);
    fold_table_free(t);
}

/* A state exported from one table applies to another whose sections have
 * other ids (made in another order): by key, all of it. */
static void test_import_into_other_ids(void)
{
    fold_table *a = products(FOLD_ACCORDION_MULTIPLE);
    CHECK_STATUS(fold_table_collapse(a, sec(a, "iPad"), NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(a, sec(a, "Mac"), 2, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(a, sec(a, "iPhone"), 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(a, 150, 100), FOLD_OK);
    char *saved = exported(a);

    /* iPhone, then iPad and Mac inserted before it: same list, other ids. */
    fold_table *b = new_table(NULL);
    fold_section_id iphone = add(b, FOLD_ROOT, "iPhone", NULL, 4), ipad = 0, mac = 0;
    CHECK_STATUS(fold_table_insert_section(b, FOLD_ROOT, 0, "iPad", NULL, 2, 0, &ipad), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(b, FOLD_ROOT, 0, "Mac", NULL, 3, 0, &mac), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(b, mac, 2, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(b, iphone, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(b, iphone, 3, 100), FOLD_OK);
    CHECK(mac != sec(a, "Mac") && ipad != sec(a, "iPad") && iphone != sec(a, "iPhone"));
    CHECK_STATUS(fold_table_set_viewport(b, 0, 100), FOLD_OK);
    fold_import_report r;
    memset(&r, 0xff, sizeof r);
    CHECK_STATUS(fold_table_import_state(b, saved, &r), FOLD_OK);
    check_report(&r, 3, 0, 2, 0, 1);
    CHECK_EQ_I64(is_collapsed(b, ipad), 1);
    CHECK_EQ_I64(is_collapsed(b, mac), 0);
    CHECK_EQ_I64(row_expanded(b, "Mac", 2), 1);
    CHECK_EQ_I64(row_expanded(b, "iPhone", 1), 1);
    CHECK_EQ_I64(row_expanded(b, "iPhone", 3), 0);
    char *again = exported(b);
    CHECK_STR(again, saved);
    fold_free(again);
    fold_free(saved);
    fold_table_free(a);
    fold_table_free(b);
}

/* Sections that are not collapsible keep their state: a saved collapse is
 * not applied, not counted, and nobody is asked; an empty section takes
 * its saved collapse (its state is stored for when it gets rows). */
static int section_events;

static int count_section_events(fold_table *t, fold_section_id id, const char *key, int32_t event,
                                void *user_data)
{
    (void)t;
    (void)id;
    (void)event;
    (void)user_data;
    if (strcmp(key, "Mac") != 0 && strcmp(key, "Empty") != 0) section_events++;
    return 1;
}

static void test_fixed_sections_keep_their_state(void)
{
    fold_table *t = new_table(NULL);
    fold_section_id mac = add(t, FOLD_ROOT, "Mac", NULL, 3), fixed = 0, group = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "Fixed", NULL, 2,
                                           FOLD_SECTION_FIXED, &fixed), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "Group", NULL, 2,
                                           FOLD_SECTION_NO_HEADER, &group), FOLD_OK);
    fold_section_id empty = add(t, FOLD_ROOT, "Empty", NULL, 0);
    CHECK_STATUS(fold_table_add_section_listener(t, count_section_events, NULL, NULL), FOLD_OK);
    int64_t items_before = item_count(t);
    fold_import_report r;
    memset(&r, 0xff, sizeof r);
    CHECK_STATUS(fold_table_import_state(t,
        "{\"collapsed\": {\"Mac\": true, \"Fixed\": true, \"Group\": true, \"Empty\": true}}", &r),
        FOLD_OK);
    /* Mac and Empty are in effect; Fixed and Group are not. */
    check_report(&r, 2, 0, 0, 0, 0);
    CHECK_EQ_I64(section_events, 0);
    CHECK_EQ_I64(is_collapsed(t, mac), 1);
    CHECK_EQ_I64(is_collapsed(t, fixed), 0);
    CHECK_EQ_I64(is_collapsed(t, group), 0);
    CHECK_EQ_I64(is_collapsed(t, empty), 1);
    CHECK_EQ_I64(item_count(t), items_before - 3); /* Mac's rows only */
    /* A saved "not collapsed" is what a fixed section is: in effect, counted. */
    CHECK_STATUS(fold_table_import_state(t,
        "{\"collapsed\": {\"Mac\": false, \"Fixed\": false, \"Group\": false, \"Empty\": false}}", &r),
        FOLD_OK);
    check_report(&r, 4, 0, 0, 0, 0);
    CHECK_EQ_I64(is_collapsed(t, mac), 0);
    CHECK_EQ_I64(is_collapsed(t, empty), 0);
    CHECK_EQ_I64(item_count(t), items_before);
    CHECK_EQ_I64(section_events, 0);
    /* The export says what is in effect: collapsed Empty, the others not. */
    CHECK_STATUS(fold_table_collapse(t, empty, NULL), FOLD_OK);
    char *json = exported(t);
    CHECK(json != NULL && strstr(json, "\"Empty\": true") != NULL);
    CHECK(json != NULL && strstr(json, "\"Fixed\": false") != NULL);
    fold_free(json);
    fold_table_free(t);
}

/* "A" (150 rows, subsection "C" of 70 rows, 50 more rows: 200 rows) and
 * "B" (130 rows); with `own_heights` every row has a height of its own
 * (20 + row % 7). */
static fold_table *runs_table(int own_heights)
{
    fold_table *t = new_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "A", NULL, 150);
    fold_section_id c = add(t, a, "C", NULL, 70);
    CHECK_STATUS(fold_table_insert_rows(t, a, FOLD_INDEX_END, 50, NULL), FOLD_OK);
    fold_section_id b = add(t, FOLD_ROOT, "B", NULL, 130);
    if (own_heights) {
        double heights[200];
        for (int i = 0; i < 200; i++) heights[i] = 20 + i % 7;
        CHECK_STATUS(fold_table_set_row_heights(t, a, 0, 200, heights), FOLD_OK);
        CHECK_STATUS(fold_table_set_row_heights(t, c, 0, 70, heights), FOLD_OK);
        CHECK_STATUS(fold_table_set_row_heights(t, b, 0, 130, heights), FOLD_OK);
    }
    return t;
}

static void test_selected_runs_select_their_union(void)
{
    /* Overlapping, nested, repeated, touching and unsorted runs; runs past
     * the end, an unknown key, a section named twice. */
    const char *state =
        "{\"version\": 1, \"selected\": ["
        "{\"section\": \"B\", \"row\": 120, \"count\": 50}, "  /* cut at B's end */
        "{\"section\": \"A\", \"row\": 100, \"count\": 80}, "  /* across C */
        "{\"section\": \"A\", \"row\": 10, \"count\": 20}, "
        "{\"section\": \"C\"}, "
        "{\"section\": \"A\", \"row\": 15, \"count\": 5}, "    /* inside 10..29 */
        "{\"section\": \"B\", \"row\": 64, \"count\": 1}, "
        "{\"section\": \"A\", \"row\": 30, \"count\": 10}, "   /* touches 10..29 */
        "{\"section\": \"Z\", \"row\": 0, \"count\": 5}, "     /* unknown */
        "{\"section\": \"A\", \"row\": 10, \"count\": 20}, "   /* again */
        "{\"section\": \"B\", \"row\": 63, \"count\": 2}, "
        "{\"section\": \"A\", \"row\": 90, \"count\": 15}, "
        "{\"section\": \"C\", \"row\": 5, \"count\": 3}, "
        "{\"section\": \"B\", \"row\": 0, \"count\": 64}, "
        "{\"section\": \"A\", \"row\": 0, \"count\": 1}, "
        "{\"section\": \"A\", \"row\": 500, \"count\": 3}, "   /* past A's end */
        "{\"section\": \"C\"}]}";
    static const struct { const char *key; int64_t row, count; } want[] = {
        {"A", 0, 1}, {"A", 10, 30}, {"A", 90, 60}, {"C", -1, 1}, {"C", 5, 3}, {"A", 150, 30},
        {"B", 0, 65}, {"B", 120, 10},
    };
    static const struct { const char *key; int64_t row; int selected; } rows[] = {
        {"A", 0, 1}, {"A", 1, 0}, {"A", 9, 0}, {"A", 10, 1}, {"A", 39, 1}, {"A", 40, 0}, {"A", 89, 0},
        {"A", 90, 1}, {"A", 149, 1}, {"A", 150, 1}, {"A", 179, 1}, {"A", 180, 0}, {"C", 4, 0}, {"C", 5, 1},
        {"C", 7, 1}, {"C", 8, 0}, {"B", 0, 1}, {"B", 64, 1}, {"B", 65, 0}, {"B", 119, 0}, {"B", 120, 1},
        {"B", 129, 1},
    };
    for (int own = 0; own <= 1; own++) {
        fold_table *t = runs_table(own);
        seen_changes seen = {0};
        CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &seen, NULL), FOLD_OK);
        fold_import_report r;
        CHECK_STATUS(fold_table_import_state(t, state, &r), FOLD_OK);
        check_report(&r, 0, 0, 0, 0, 0);
        fold_selected_run *runs = NULL;
        int64_t count = -1;
        CHECK_STATUS(fold_table_selection(t, &runs, &count), FOLD_OK);
        if (CHECK_EQ_I64(count, COUNT(want))) {
            for (int64_t i = 0; i < count; i++) {
                CHECK_STR(runs[i].key, want[i].key);
                CHECK_EQ_I64(runs[i].row, want[i].row);
                CHECK_EQ_I64(runs[i].count, want[i].count);
            }
        }
        fold_free(runs);
        int64_t selected_rows = -1, selected_sections = -1;
        CHECK_STATUS(fold_table_selection_count(t, FOLD_ROOT, &selected_rows, &selected_sections), FOLD_OK);
        CHECK_EQ_I64(selected_rows, 199);
        CHECK_EQ_I64(selected_sections, 1);
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            int selected = -1;
            CHECK_STATUS(fold_table_is_row_selected(t, sec(t, rows[i].key), rows[i].row, &selected), FOLD_OK);
            if (selected != rows[i].selected) {
                fprintf(stderr, "heights of their own %d: %s row %lld\n", own, rows[i].key, (long long)rows[i].row);
            }
            CHECK_EQ_I64(selected, rows[i].selected);
        }
        /* One change set: the redraws are the items that became selected
         * (A 0, A rows 0-149 at 1-150, C 151, C rows 152-221, A rows
         * 150-199 at 222-271, B 272, B rows 273-402). */
        static const int64_t redraw[][2] = {{1, 1}, {11, 30}, {91, 61}, {157, 3}, {222, 30}, {273, 65}, {393, 10}};
        CHECK_EQ_I64(seen.calls, 1);
        if (CHECK_EQ_I64(seen.redraw_count, COUNT(redraw))) {
            for (int64_t i = 0; i < seen.redraw_count; i++) {
                CHECK_EQ_I64(seen.redraw[i].position, redraw[i][0]);
                CHECK_EQ_I64(seen.redraw[i].count, redraw[i][1]);
            }
        }
        /* The same state again changes nothing and tells no one. */
        CHECK_STATUS(fold_table_import_state(t, state, &r), FOLD_OK);
        CHECK_EQ_I64(seen.calls, 1);
        fold_table_free(t);
    }
}

int main(void)
{
    test_reports_count_what_is_in_effect();
    test_strict_json();
    test_listeners_see_the_restored_anchor();
    test_ids_are_not_saved();
    test_import_into_other_ids();
    test_fixed_sections_keep_their_state();
    test_selected_runs_select_their_union();
    return check_done();
}
