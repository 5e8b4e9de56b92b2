/* Bad input per selection function (no change after a failure), long
 * runs of selected rows, and marks pending in row runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selection/selection.h"

void test_bad_input(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id mac = sec(t, "Mac");
    int changed = 42, v = 42;
    int32_t mode = 42;
    int64_t rows = 42, sections = 42, count = 42;
    fold_selected_run *runs = (fold_selected_run *)&v;
    const char *before;
    CHECK_STATUS(fold_table_select_row(t, mac, 0, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_section(t, sec(t, "iPad"), FOLD_SELECT_ADD, NULL), FOLD_OK);
    before = "Mac:0+1 iPad";
    CHECK_STR(selection_string(t), before);

    CHECK_STATUS(fold_table_set_selection_mode(NULL, 0), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "the table is NULL");
    CHECK_STATUS(fold_table_selection_mode(NULL, &mode), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_selection_mode(t, NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "out_mode is NULL");

    CHECK_STATUS(fold_table_select_row(NULL, mac, 0, FOLD_SELECT_ADD, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_select_row(t, mac, 0, 4, &changed), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(),
              "how 4 is not known (FOLD_SELECT_REPLACE 0, FOLD_SELECT_ADD 1, FOLD_SELECT_REMOVE 2, FOLD_SELECT_TOGGLE 3)");
    CHECK_STATUS(fold_table_select_row(t, mac, 0, -1, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_select_row(t, mac, 3, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STR(fold_last_error_message(), "row 3 of section \"Mac\" is out of range (it has 3 rows)");
    CHECK_STATUS(fold_table_select_row(t, mac, -1, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_select_row(t, 999, 0, FOLD_SELECT_REPLACE, &changed), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_select_row(t, FOLD_ROOT, 0, FOLD_SELECT_REPLACE, &changed), FOLD_E_INVALID);

    CHECK_STATUS(fold_table_select_section(NULL, mac, FOLD_SELECT_ADD, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_select_section(t, FOLD_ROOT, FOLD_SELECT_REPLACE, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_select_section(t, 999, FOLD_SELECT_REPLACE, &changed), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_select_section(t, mac, 7, &changed), FOLD_E_INVALID);

    CHECK_STATUS(fold_table_select_item(NULL, 0, FOLD_SELECT_ADD, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_select_item(t, 12, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STR(fold_last_error_message(), "position 12 is out of range (the list has 12 items)");
    CHECK_STATUS(fold_table_select_item(t, -1, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_select_item(t, 0, 9, &changed), FOLD_E_INVALID);

    CHECK_STATUS(fold_table_select_range(NULL, 0, FOLD_SELECT_ADD, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_select_range(t, 12, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_select_range(t, -5, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_select_range(t, 3, 4, &changed), FOLD_E_INVALID);

    CHECK_STATUS(fold_table_select_positions(NULL, 0, 1, FOLD_SELECT_ADD, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_select_positions(t, 10, 3, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STR(fold_last_error_message(), "positions 10 to 12 are out of range (the list has 12 items)");
    CHECK_STATUS(fold_table_select_positions(t, -1, 2, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_select_positions(t, 0, -1, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_select_positions(t, 1, INT64_MAX, FOLD_SELECT_REPLACE, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_select_positions(t, 0, 1, 5, &changed), FOLD_E_INVALID);

    CHECK_STATUS(fold_table_select_all(NULL, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_clear_selection(NULL, &changed), FOLD_E_INVALID);

    CHECK_STATUS(fold_table_is_row_selected(NULL, mac, 0, &v), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_is_row_selected(t, mac, 0, NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "out_selected is NULL");
    CHECK_STATUS(fold_table_is_row_selected(t, mac, 5, &v), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_is_row_selected(t, FOLD_ROOT, 0, &v), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_is_section_selected(t, 999, &v), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_is_section_selected(t, mac, NULL), FOLD_E_INVALID);
    CHECK_EQ_I64(v, 42);

    CHECK_STATUS(fold_table_selection_count(NULL, FOLD_ROOT, &rows, &sections), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_selection_count(t, 999, &rows, &sections), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(rows, 42);
    CHECK_EQ_I64(sections, 42);
    CHECK_STATUS(fold_table_selection_count(t, FOLD_ROOT, NULL, NULL), FOLD_OK);

    CHECK_STATUS(fold_table_selection(NULL, &runs, &count), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_selection(t, NULL, &count), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "out_runs is NULL");
    CHECK_STATUS(fold_table_selection(t, &runs, NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "out_count is NULL");
    CHECK(runs == (fold_selected_run *)&v);
    CHECK_EQ_I64(count, 42);

    {
        fold_section_id s = 42;
        int64_t r = 42;
        CHECK_STATUS(fold_table_selection_anchor(NULL, &s, &r), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_selection_anchor(t, NULL, &r), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_selection_anchor(t, &s, NULL), FOLD_E_INVALID);
        CHECK_EQ_I64(s, 42);
        CHECK_EQ_I64(r, 42);
    }
    CHECK_STATUS(fold_table_set_selection_anchor(NULL, mac, 0), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_selection_anchor(t, mac, 3), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_set_selection_anchor(t, mac, -2), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_set_selection_anchor(t, 999, 0), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_selection_anchor(t, FOLD_ROOT, -1), FOLD_E_INVALID);

    CHECK_EQ_I64(changed, 42);
    CHECK_STR(selection_string(t), before);
    check_anchor(t, sec(t, "iPad"), -1);
    fold_table_free(t);
}

/* A range over a long run of default rows, and the visible items' flags. */
void test_long_runs(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id big = add(t, FOLD_ROOT, "big", "Big", 1000000);
    fold_visible_item items[8];
    int64_t written = 0, total = 0, i;
    int changed;
    CHECK_STATUS(fold_table_select_row(t, big, 10, FOLD_SELECT_REPLACE, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_range(t, 900001, FOLD_SELECT_REPLACE, &changed), FOLD_OK);
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 899991);
    CHECK_STR(selection_string(t), "big:10+899991");
    CHECK_STATUS(fold_table_select_positions(t, 500001, 1, FOLD_SELECT_TOGGLE, &changed), FOLD_OK);
    CHECK_STR(selection_string(t), "big:10+499990 big:500001+400000");
    CHECK_STATUS(fold_table_visible_items(t, 44.0 * 500000, 44.0 * 3, 0, items, 8, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 4);
    for (i = 0; i < written && i < 4; i++) {
        CHECK_EQ_I64(items[i].flags & FOLD_ITEM_FLAG_SELECTED, items[i].row == 500000 ? 0 : FOLD_ITEM_FLAG_SELECTED);
    }
    fold_table_free(t);
}

/* Select all and clear on a large table leave one mark on the tree
 * (O(depth * log n)); what happens next, before anything reads the rows,
 * must see exactly what they selected: the rows of a section collapsed at
 * the time stay unselected when it expands, and so do rows added after. */
void test_pending_marks(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "a", "A", 3);
    fold_section_id b = add(t, FOLD_ROOT, "b", "B", 2);
    fold_section_id big = add(t, FOLD_ROOT, "big", "Big", 1000000);
    seen_changes seen = {0};
    int changed = -1;
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &seen, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, b, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_all(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(redraw_string(&seen), "0+1000006"); /* headers 0, 4, 5; rows 1-3, 6-1000005 */
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 1000003);
    CHECK_EQ_I64(counted_sections(t, FOLD_ROOT), 3);
    CHECK_STATUS(fold_table_expand(t, b, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, a, 3, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 1000003);
    CHECK_STR(flag_string(t, 10), "1111001001"); /* A, rows 0-2, new 3-4; B, its rows; Big, row 0 */
    CHECK_EQ_I64(row_selected(t, big, 999999), 1);
    /* A click replaces it all: one redraw from the first to the last item selected. */
    CHECK_STATUS(fold_table_select_row(t, b, 1, FOLD_SELECT_REPLACE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(redraw_string(&seen), "0+1000010");
    CHECK_STR(selection_string(t), "b:1+1");
    CHECK_STATUS(fold_table_select_all(t, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_clear_selection(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(redraw_string(&seen), "0+1000010");
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 0);
    CHECK_EQ_I64(row_selected(t, big, 0), 0);
    CHECK_STATUS(fold_table_clear_selection(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    fold_table_free(t);
}

/* Counts below a section are current right after select all, clear and
 * mode NONE, with no other call between (issue 33: they answered from the
 * marks still pending above the section, 0 / 0 after select all). */
void test_section_counts_current(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "a", "A", 4);
    fold_section_id a1 = add(t, a, "a1", "A1", 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", "B", 3);
    CHECK_STATUS(fold_table_select_all(t, NULL), FOLD_OK);
    CHECK_EQ_I64(counted_rows(t, a1), 2);
    CHECK_EQ_I64(counted_sections(t, a1), 0);
    CHECK_EQ_I64(counted_rows(t, a), 6);
    CHECK_EQ_I64(counted_sections(t, a), 1);
    CHECK_EQ_I64(counted_rows(t, b), 3);
    CHECK_STATUS(fold_table_clear_selection(t, NULL), FOLD_OK);
    CHECK_EQ_I64(counted_rows(t, a), 0);
    CHECK_EQ_I64(counted_sections(t, a), 0);
    CHECK_EQ_I64(counted_rows(t, a1), 0);
    CHECK_STATUS(fold_table_select_all(t, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_selection_mode(t, FOLD_SELECTION_NONE), FOLD_OK);
    CHECK_EQ_I64(counted_rows(t, b), 0);
    CHECK_EQ_I64(counted_rows(t, a1), 0);
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 0);
    fold_table_free(t);
}
