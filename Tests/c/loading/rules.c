/*
 * What loading refuses and how it meets the rest of the table: children
 * added outside a load, every error of the new functions (each changing
 * nothing), saved state, and snapshots.
 */
#include <stdlib.h>

#include "loading/loading.h"

/* Each way of adding children to `u` is refused while its children are not loaded. */
static void check_no_children_added(fold_table *t, fold_section_id u, fold_section_id a, fold_section_id b)
{
    const char *before = geometry(t);
    fold_section_id id = 77;
    CHECK_STATUS(fold_table_insert_rows(t, u, 0, 1, NULL), FOLD_E_NOT_ALLOWED);
    CHECK(strstr(fold_last_error_message(), "section \"u\" cannot take rows: its children are not loaded") != NULL);
    CHECK_STATUS(fold_table_insert_section(t, u, 0, "n", "N", 0, 0, &id), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_insert_section(t, u, FOLD_INDEX_END, "n", "N", 0, FOLD_SECTION_UNLOADED, &id),
                 FOLD_E_NOT_ALLOWED);
    CHECK_EQ_I64(id, 77);
    CHECK_STATUS(fold_table_move_section(t, b, u, 0), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_move_row(t, a, 0, u, 0), FOLD_E_NOT_ALLOWED);
    CHECK_STR(geometry(t), before);
    CHECK_EQ_I64(info(t, u).child_count, 0);
}

void test_not_allowed(void)
{
    journal j;
    fold_section_id a, u, b;
    fold_table *t = abu_table(&j, &a, &u, &b);
    check_no_children_added(t, u, a, b);
    check_changed(t, fold_table_expand, u, 1);
    check_no_children_added(t, u, a, b);
    CHECK_STATUS(fold_table_fail_load(t, u, 1, "x"), FOLD_OK);
    check_no_children_added(t, u, a, b);
    /* Moving the unloaded section itself is fine, with its load. */
    CHECK_STATUS(fold_table_move_section(t, u, a, FOLD_INDEX_END), FOLD_OK);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K P:u/F H:b/K R:b.0");
    CHECK_LOAD(t, u, FOLD_LOAD_FAILED, 1);
    CHECK_EQ_I64(j.loader_calls, 1);
    fold_table_free(t);
}

typedef struct bad_finish {
    fold_snapshot_entry entries[3];
    int64_t count;
    int32_t status;
    const char *message;
} bad_finish;

void test_loading_bad_input(void)
{
    journal j;
    fold_section_id a, u, b, id = 5;
    fold_table *t = abu_table(&j, &a, &u, &b);
    fold_load_info li;
    fold_snapshot_entry one[] = {snap_rows(0, 1)};
    fold_snapshot_report report;
    const char *before;
    static const char bad_utf8[] = {'o', (char)0xff, 0};
    bad_finish cases[] = {
        {{load_section(0, "a", 0)}, 1, FOLD_E_DUPLICATE,
         "load entry 0: a section with the key \"a\" already exists"},
        {{load_section(0, "x", 0), load_section(0, "x", 0)}, 2, FOLD_E_DUPLICATE,
         "load entry 1: the key \"x\" is also the key of entry 0"},
        {{snap_rows(0, 1), snap_rows(2, 1)}, 2, FOLD_E_RANGE,
         "load entry 1: depth 2 is out of range (0 to 0 here: an entry is at most one level below the section before it)"},
        {{snap_rows(0, -1)}, 1, FOLD_E_RANGE, "load entry 0: row count -1 is negative"},
        {{load_section(0, "", 0)}, 1, FOLD_E_INVALID, "load entry 0: a section key must not be empty"},
        {{load_section(0, "x", FOLD_SECTION_UNLOADED), snap_rows(1, 2)}, 2, FOLD_E_INVALID,
         "load entry 1: section \"x\" (entry 0) is unloaded: its children arrive when it loads"},
        {{load_section(0, "x", FOLD_SECTION_UNLOADED | FOLD_SECTION_EXPANDED)}, 1, FOLD_E_INVALID,
         "load entry 0: section \"x\" cannot start unloaded and expanded, fixed or without a header "
         "(an unloaded section starts collapsed and loads when it expands; "
         "fold_table_insert_section can insert one expanded, loading at once)"},
        {{load_section(0, "x", 64)}, 1, FOLD_E_INVALID,
         "load entry 0: section flags 64 are not known (collapsed 1, fixed 2, no header 4, expanded 16, unloaded 32, no focus 256, no drop 512)"},
        {{snap_rows(0, 1), load_section(0, "x", 0)}, 2, FOLD_E_INVALID, "load entry 1: key is NULL"},
        {{snap_rows(0, 1), load_section(0, bad_utf8, 0)}, 2, FOLD_E_INVALID, "load entry 1: key is not valid UTF-8"},
    };
    size_t i;
    cases[8].entries[1].key = NULL;
    check_changed(t, fold_table_expand, u, 1);
    journal_clear(&j);
    before = geometry(t);

    /* Every entry error names the entry, changes nothing, keeps the load. */
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&report, 0x5a, sizeof report);
        CHECK_STATUS(fold_table_finish_load(t, u, 1, cases[i].entries, cases[i].count, &report), cases[i].status);
        CHECK_STR(fold_last_error_message(), cases[i].message);
        CHECK_EQ_I64(report.rows_inserted, 0x5a5a5a5a5a5a5a5aLL);
    }
    /* The arguments themselves. */
    CHECK_STATUS(fold_table_finish_load(NULL, u, 1, one, 1, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_finish_load(t, FOLD_ROOT, 1, one, 1, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_finish_load(t, 999, 1, one, 1, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_finish_load(t, u, 1, one, -1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_finish_load(t, u, 1, NULL, 1, NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "entries is NULL");
    /* A stale ticket is told before its entries are read. */
    CHECK_STATUS(fold_table_finish_load(t, u, 7, NULL, 1, NULL), FOLD_E_CANCELLED);
    CHECK_STATUS(fold_table_finish_load(t, a, 0, one, 1, NULL), FOLD_E_CANCELLED);
    CHECK_STATUS(fold_table_fail_load(NULL, u, 1, "x"), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_fail_load(t, FOLD_ROOT, 1, "x"), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_fail_load(t, 999, 1, "x"), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_fail_load(t, u, 1, bad_utf8), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "message is not valid UTF-8");
    CHECK_STATUS(fold_table_fail_load(t, u, 2, "x"), FOLD_E_CANCELLED);
    CHECK_STATUS(fold_table_load(NULL, u), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_load(t, FOLD_ROOT), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_load(t, 999), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_load(t, u), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_load(t, a), FOLD_E_NOT_ALLOWED);
    CHECK_STR(fold_last_error_message(), "section \"a\" cannot start a load: its children are loaded");
    CHECK_STATUS(fold_table_load_info(NULL, u, &li), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_load_info(t, u, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_load_info(t, FOLD_ROOT, &li), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_load_info(t, 999, &li), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_loader(NULL, journal_loader, &j), FOLD_E_INVALID);
    CHECK_STR(geometry(t), before);
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 1);
    CHECK_STR(j.text, "");
    CHECK_EQ_I64(j.loader_calls, 1);

    /* Insert flags that cannot go with UNLOADED, and rows given to it
     * (UNLOADED | EXPANDED loads at once: Tests/c/loading/reload.c). */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", "X", 0, FOLD_SECTION_UNLOADED | FOLD_SECTION_FIXED, &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", "X", 0, FOLD_SECTION_UNLOADED | FOLD_SECTION_NO_HEADER, &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", "X", 3, FOLD_SECTION_UNLOADED, &id), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "section \"x\" cannot start unloaded with 3 rows: its children arrive when it loads");
    CHECK_EQ_I64(id, 5);
    CHECK_STR(geometry(t), before);
    CHECK_STR(fold_status_name(FOLD_E_CANCELLED), "FOLD_E_CANCELLED");
    fold_table_free(t);
}

void test_loading_saved_state(void)
{
    journal j;
    fold_section_id a, u, b, v, w;
    fold_table *t = abu_table(&j, &a, &u, &b);
    fold_snapshot_entry one[] = {snap_rows(0, 1)};
    fold_import_report report;
    char *json = NULL;
    v = add_flagged(t, FOLD_ROOT, "v", "v", 0, FOLD_SECTION_UNLOADED);
    w = add_flagged(t, FOLD_ROOT, "w", "w", 0, FOLD_SECTION_UNLOADED);
    /* u unloaded, v loading, w loaded with one row. */
    check_changed(t, fold_table_expand, v, 1);
    check_changed(t, fold_table_expand, w, 1);
    CHECK_STATUS(fold_table_finish_load(t, w, 2, one, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_export_state(t, &json), FOLD_OK);
    /* The stored state: unloaded is collapsed, loading and loaded expanded. */
    CHECK(json && strstr(json, "\"collapsed\": {\n    \"a\": false,\n    \"u\": true,\n    \"b\": false,\n"
                               "    \"v\": false,\n    \"w\": false\n  }") != NULL);
    fold_table_free(t);

    /* Read into a table where all three are unloaded: v and w expand and
     * load, in list order; u stays. */
    t = abu_table(&j, &a, &u, &b);
    v = add_flagged(t, FOLD_ROOT, "v", "v", 0, FOLD_SECTION_UNLOADED);
    w = add_flagged(t, FOLD_ROOT, "w", "w", 0, FOLD_SECTION_UNLOADED);
    journal_clear(&j);
    CHECK_STATUS(fold_table_import_state(t, json, &report), FOLD_OK);
    CHECK_EQ_I64(report.sections, 5);
    CHECK_STR(j.text, "will-expand v;will-expand w;did-expand v;did-expand w;set(c7-0+1 c9-0+1 r6/1 r8/1);start v #1;start w #2;");
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0 H:v/K P:v/L H:w/K P:w/L");
    /* Read again: nothing to change, no load. */
    journal_clear(&j);
    CHECK_STATUS(fold_table_import_state(t, json, &report), FOLD_OK);
    CHECK_STR(j.text, "");
    /* A state that collapses a loading section cancels its load. */
    CHECK_STATUS(fold_table_import_state(t, "{\"version\":1,\"collapsed\":{\"v\":true}}", &report), FOLD_OK);
    CHECK_STR(j.text, "will-collapse v;did-collapse v;set(c7-1+0 r6/1);cancel v #1;");
    CHECK_LOAD(t, v, FOLD_LOAD_UNLOADED, 0);
    CHECK_LOAD(t, w, FOLD_LOAD_LOADING, 2);
    fold_free(json);
    fold_table_free(t);
}

void test_loading_snapshot(void)
{
    journal j;
    fold_section_id a, u, b, v, w, x;
    fold_table *t = abu_table(&j, &a, &u, &b);
    fold_snapshot_report report;
    v = add_flagged(t, FOLD_ROOT, "v", "v", 0, FOLD_SECTION_UNLOADED);
    w = add_flagged(t, FOLD_ROOT, "w", "w", 0, FOLD_SECTION_UNLOADED);
    x = add_flagged(t, FOLD_ROOT, "x", "x", 0, FOLD_SECTION_UNLOADED);
    check_changed(t, fold_table_expand, v, 1);
    check_changed(t, fold_table_expand, w, 1);
    check_changed(t, fold_table_expand, x, 1);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0 H:v/K P:v/L H:w/K P:w/L H:x/K P:x/L");
    journal_clear(&j);
    {
        /* u (unloaded) and v (loading) get children: their loads are over
         * (v's cancelled); w (loading) gets none and keeps loading; x is
         * gone (cancelled first: removals come first); n is new and
         * unloaded. Changes in order: x goes (10-11), v's placeholder
         * goes (7), n comes after w's placeholder (9). */
        fold_snapshot_entry snapshot[] = {
            load_section(0, "a", 0), snap_rows(1, 2),
            load_section(0, "u", 0), snap_rows(1, 1),
            load_section(0, "b", 0), snap_rows(1, 1),
            load_section(0, "v", 0), snap_rows(1, 0),
            load_section(0, "w", 0),
            load_section(0, "n", FOLD_SECTION_UNLOADED),
        };
        CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), &report), FOLD_OK);
    }
    CHECK_EQ_I64(report.sections_inserted, 1);
    CHECK_EQ_I64(report.sections_removed, 1);
    CHECK_EQ_I64(report.rows_inserted, 1);
    CHECK_STR(j.text, "set(c10-2+0 c7-1+0 c9-0+1 r3/1 r6/1);cancel x #3;cancel v #1;");
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0 H:v H:w/K P:w/L H:n/CK");
    CHECK_LOAD(t, u, FOLD_LOAD_LOADED, 0);
    CHECK_EQ_I64(info(t, u).row_count, 1);
    CHECK_LOAD(t, v, FOLD_LOAD_LOADED, 0);
    CHECK_LOAD(t, w, FOLD_LOAD_LOADING, 2);
    CHECK_LOAD(t, sec(t, "n"), FOLD_LOAD_UNLOADED, 0);
    CHECK_STATUS(fold_table_finish_load(t, x, 3, NULL, 0, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_finish_load(t, v, 1, NULL, 0, NULL), FOLD_E_CANCELLED);
    fold_table_free(t);
}
