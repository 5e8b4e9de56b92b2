/*
 * Saved-state import through the C ABI: exact reports (what is in effect,
 * rows listed twice counted once, the accordion), strict JSON with messages
 * that name the byte offset, all-or-nothing, and the change set a listener
 * gets (the restored anchor is in it; an anchor alone is notified).
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

/* Mac (3 rows, row 2 expandable), iPad (2), iPhone (4, rows 1 and 3
 * expandable); headers of 28, rows of 44. */
static fold_table *products(int32_t accordion)
{
    fold_table_options o;
    fold_table_options_init(&o);
    o.accordion = accordion;
    fold_table *t = NULL;
    CHECK_STATUS(fold_table_new(&o, &t), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "Mac", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPad", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPhone", NULL, 4), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "Mac", 2, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "iPhone", 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "iPhone", 3, 100), FOLD_OK);
    return t;
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
    int expanded = -1;
    CHECK_STATUS(fold_table_is_row_expanded(t, "Mac", 2, &expanded), FOLD_OK);
    CHECK_EQ_I64(expanded, 0);
    CHECK_STATUS(fold_table_is_row_expanded(t, "iPhone", 1, &expanded), FOLD_OK);
    CHECK_EQ_I64(expanded, 1);
    fold_table_free(t);
}

/* Imports `json` into a fresh table: FOLD_E_INVALID, the table unchanged,
 * and the message is exactly `message`. */
static void refused(const char *json, const char *message)
{
    fold_table *t = products(FOLD_ACCORDION_MULTIPLE);
    CHECK_STATUS(fold_table_expand_row(t, "Mac", 2, NULL), FOLD_OK);
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

int main(void)
{
    test_reports_count_what_is_in_effect();
    test_strict_json();
    test_listeners_see_the_restored_anchor();
    return check_done();
}
