/* The selection kept by key through collapse, inserts, removals, moves,
 * snapshots and loads; FOLD_E_BUSY inside a listener; saved state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selection/selection.h"

void test_kept(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad"), iphone = sec(t, "iPhone");
    CHECK_STATUS(fold_table_select_row(t, iphone, 2, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_row(t, iphone, 3, FOLD_SELECT_ADD, NULL), FOLD_OK);
    /* Inserted above: rows and the anchor shift. */
    CHECK_STATUS(fold_table_insert_rows(t, iphone, 0, 5, NULL), FOLD_OK);
    CHECK_STR(selection_string(t), "iPhone:7+2");
    check_anchor(t, iphone, 8);
    /* Removed above. */
    CHECK_STATUS(fold_table_remove_rows(t, iphone, 0, 6), FOLD_OK);
    CHECK_STR(selection_string(t), "iPhone:1+2");
    check_anchor(t, iphone, 2);
    /* Moved to another section: selection and anchor follow. */
    CHECK_STATUS(fold_table_move_row(t, iphone, 2, mac, 0), FOLD_OK);
    CHECK_STR(selection_string(t), "Mac:0+1 iPhone:1+1");
    check_anchor(t, mac, 0);
    /* Rows moved in front of the anchor shift it. */
    CHECK_STATUS(fold_table_move_row(t, ipad, 0, mac, 0), FOLD_OK);
    check_anchor(t, mac, 1);
    CHECK_STR(selection_string(t), "Mac:1+1 iPhone:1+1");
    /* Sections move with their flag. */
    CHECK_STATUS(fold_table_select_section(t, ipad, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_move_section(t, ipad, FOLD_ROOT, 0), FOLD_OK);
    CHECK_STR(selection_string(t), "iPad Mac:1+1 iPhone:1+1");
    CHECK_STR(flag_string(t, 2), "10");
    /* Removing the anchor's row clears the anchor; the row leaves the selection. */
    CHECK_STATUS(fold_table_select_row(t, mac, 1, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, mac, 1, 1), FOLD_OK);
    {
        fold_section_id s;
        int64_t r;
        CHECK_STATUS(fold_table_selection_anchor(t, &s, &r), FOLD_E_NOT_FOUND);
    }
    CHECK_STR(selection_string(t), "iPad iPhone:1+1");
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 1);
    /* Removing the anchor's section clears it too. */
    CHECK_STATUS(fold_table_select_section(t, ipad, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_remove_section(t, ipad), FOLD_OK);
    {
        fold_section_id s;
        int64_t r;
        CHECK_STATUS(fold_table_selection_anchor(t, &s, &r), FOLD_E_NOT_FOUND);
    }
    CHECK_STR(selection_string(t), "iPhone:1+1");
    fold_table_free(t);
}

/* Snapshots keep the selection of kept sections and rows; new rows and a
 * finished load's children are not selected. */
void test_snapshot_and_load(void)
{
    fold_table *t = sample_table(NULL);
    fold_snapshot_entry snapshot[5];
    fold_load_info load;
    fold_section_id lazy;
    fold_snapshot_entry children[1];
    CHECK_STATUS(fold_table_select_positions(t, 2, 3, FOLD_SELECT_ADD, NULL), FOLD_OK);  /* Mac rows 1-2, iPad */
    CHECK_STATUS(fold_table_select_row(t, sec(t, "iPhone"), 3, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STR(selection_string(t), "Mac:1+2 iPad iPhone:3+1");
    /* iPad and Mac swap, Mac keeps 2 rows, iPhone goes, new comes. */
    snapshot[0] = snap_section(0, "iPad", "iPad");
    snapshot[1] = snap_rows(1, 4);
    snapshot[2] = snap_section(0, "Mac", "Mac");
    snapshot[3] = snap_rows(1, 2);
    snapshot[4] = snap_section(0, "new", "New");
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), NULL), FOLD_OK);
    CHECK_STR(selection_string(t), "iPad Mac:1+1");
    {
        fold_section_id s;
        int64_t r;
        CHECK_STATUS(fold_table_selection_anchor(t, &s, &r), FOLD_E_NOT_FOUND);
    }
    /* A section selected while unloaded keeps its flag; its children arrive unselected. */
    lazy = add_flagged(t, FOLD_ROOT, "lazy", "Lazy", 0, FOLD_SECTION_UNLOADED);
    CHECK_STATUS(fold_table_select_section(t, lazy, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_load(t, lazy), FOLD_OK);
    CHECK_STATUS(fold_table_load_info(t, lazy, &load), FOLD_OK);
    children[0] = snap_rows(0, 3);
    CHECK_STATUS(fold_table_finish_load(t, lazy, load.ticket, children, 1, NULL), FOLD_OK);
    CHECK_STR(selection_string(t), "iPad Mac:1+1 lazy");
    CHECK_EQ_I64(counted_rows(t, lazy), 0);
    check_anchor(t, lazy, -1);
    fold_table_free(t);
}

static void try_select(fold_table *t, void *user_data)
{
    int *status = user_data;
    *status = fold_table_select_row(t, sec(t, "Mac"), 0, FOLD_SELECT_ADD, NULL);
}

static void busy_listener(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)set;
    try_select(t, user_data);
}

void test_busy(void)
{
    fold_table *t = sample_table(NULL);
    int status = 0;
    CHECK_STATUS(fold_table_add_change_listener(t, busy_listener, &status, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_row(t, sec(t, "iPad"), 0, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_EQ_I64(status, FOLD_E_BUSY);
    CHECK_STR(selection_string(t), "iPad:0+1");
    fold_table_free(t);
}

void test_saved_state(void)
{
    fold_table *t = sample_table(NULL);
    fold_table *u = sample_table(NULL);
    char *json = NULL;
    fold_import_report report;
    CHECK_STATUS(fold_table_select_section(t, sec(t, "iPad"), FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_positions(t, 9, 3, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_row(t, sec(t, "Mac"), 0, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_export_state(t, &json), FOLD_OK);
    CHECK(json && strstr(json, "\"selected\": [{\"section\": \"Mac\", \"row\": 0, \"count\": 1}, {\"section\": \"iPad\"}, "
                               "{\"section\": \"iPhone\", \"row\": 1, \"count\": 3}]") != NULL);
    CHECK(json && strstr(json, "\"selection_anchor\": {\n    \"section\": \"Mac\",\n    \"row\": 0\n  }") != NULL);
    CHECK_STATUS(fold_table_select_row(u, sec(u, "iPad"), 1, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_import_state(u, json, &report), FOLD_OK);
    CHECK_STR(selection_string(u), "Mac:0+1 iPad iPad:1+1 iPhone:1+3");
    check_anchor(u, sec(u, "Mac"), 0);
    CHECK_EQ_I64(report.unknown_sections, 0);
    fold_free(json);
    /* A wrong shape changes nothing. */
    CHECK_STATUS(fold_table_import_state(u, "{\"version\": 1, \"selected\": [{\"row\": 1}]}", NULL), FOLD_E_INVALID);
    CHECK_STR(selection_string(u), "Mac:0+1 iPad iPad:1+1 iPhone:1+3");
    fold_table_free(t);
    fold_table_free(u);
}

/* Bad input per function: a status, a message, no change, no output written. */
