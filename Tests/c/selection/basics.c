/* Selecting rows, sections and items with each `how`, the anchor and the
 * range rule (collapsed and nested sections, hidden items), and the modes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selection/selection.h"

/* sample_table: Mac header 0, rows 1-3; iPad header 4, rows 5-6; iPhone
 * header 7, rows 8-11. */
void test_basics(void)
{
    fold_table *t = must_table(NULL);
    seen_changes seen = {0};
    fold_section_id mac, ipad, iphone;
    int changed = -1;
    fold_table_free(t);
    t = sample_table(NULL);
    mac = sec(t, "Mac");
    ipad = sec(t, "iPad");
    iphone = sec(t, "iPhone");
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &seen, NULL), FOLD_OK);

    /* Nothing selected: counts 0, an empty list, no anchor. */
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 0);
    CHECK_STR(selection_string(t), "");
    {
        fold_section_id s = 77;
        int64_t r = 77;
        CHECK_STATUS(fold_table_selection_anchor(t, &s, &r), FOLD_E_NOT_FOUND);
        CHECK_STR(fold_last_error_message(), "there is no selection anchor (select a row or section, or set one)");
        CHECK_EQ_I64(s, 77);
        CHECK_EQ_I64(r, 77);
    }

    /* A click on Mac row 1. */
    CHECK_STATUS(fold_table_select_row(t, mac, 1, FOLD_SELECT_REPLACE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(seen.calls, 1);
    CHECK_REDRAW_ONLY(seen, 2);
    CHECK_STR(flag_string(t, 12), "001000000000");
    CHECK_EQ_I64(row_selected(t, mac, 1), 1);
    CHECK_EQ_I64(row_selected(t, mac, 0), 0);
    check_anchor(t, mac, 1);
    CHECK_EQ_I64(item_flags(t, 2), FOLD_ITEM_FLAG_SELECTED);

    /* Again: nothing changes, nothing is reported. */
    CHECK_STATUS(fold_table_select_row(t, mac, 1, FOLD_SELECT_ADD, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(seen.calls, 1);

    /* Shift-click on iPad row 1 (position 6): items 2..6. */
    CHECK_STATUS(fold_table_select_range(t, 6, FOLD_SELECT_REPLACE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(seen.calls, 2);
    CHECK_EQ_I64(seen.change_count, 0);
    CHECK_STR(redraw_string(&seen), "3+4");
    CHECK_STR(flag_string(t, 12), "001111100000");
    CHECK_STR(selection_string(t), "Mac:1+2 iPad iPad:0+2");
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 4);
    CHECK_EQ_I64(counted_sections(t, FOLD_ROOT), 1);
    CHECK_EQ_I64(counted_rows(t, ipad), 2);
    CHECK_EQ_I64(counted_sections(t, ipad), 0);
    CHECK_EQ_I64(section_selected(t, ipad), 1);
    check_anchor(t, mac, 1);  /* a range keeps the anchor */

    /* Ctrl-click on the iPad header: deselects it, anchor moves there. */
    CHECK_STATUS(fold_table_select_item(t, 4, FOLD_SELECT_TOGGLE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_REDRAW_ONLY(seen, 4);
    check_anchor(t, ipad, -1);
    CHECK_STR(selection_string(t), "Mac:1+2 iPad:0+2");

    /* Shift-click upwards from the iPad header to Mac row 0 with ADD. */
    CHECK_STATUS(fold_table_select_range(t, 1, FOLD_SELECT_ADD, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(redraw_string(&seen), "1+1 4+1");
    CHECK_STR(selection_string(t), "Mac:0+3 iPad iPad:0+2");

    /* REMOVE over positions 3..8 (Mac row 2 to iPhone row 0). */
    CHECK_STATUS(fold_table_select_positions(t, 3, 6, FOLD_SELECT_REMOVE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(redraw_string(&seen), "3+4");
    CHECK_STR(selection_string(t), "Mac:0+2");

    /* select_all: every header and row, one redraw range from the first
     * to the last item it selects (the two selected already inside it). */
    CHECK_STATUS(fold_table_select_all(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(redraw_string(&seen), "0+12");
    CHECK_STR(flag_string(t, 12), "111111111111");
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 9);
    CHECK_EQ_I64(counted_sections(t, FOLD_ROOT), 3);
    CHECK_STR(selection_string(t), "Mac Mac:0+3 iPad iPad:0+2 iPhone iPhone:0+4");

    /* Clear: everything, and the anchor. */
    CHECK_STATUS(fold_table_clear_selection(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(redraw_string(&seen), "0+12");
    CHECK_STR(flag_string(t, 12), "000000000000");
    {
        fold_section_id s;
        int64_t r;
        CHECK_STATUS(fold_table_selection_anchor(t, &s, &r), FOLD_E_NOT_FOUND);
    }
    CHECK_STATUS(fold_table_clear_selection(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);

    /* Without an anchor a range is a click on its target. */
    CHECK_STATUS(fold_table_select_range(t, 9, FOLD_SELECT_ADD, &changed), FOLD_OK);
    CHECK_STR(selection_string(t), "iPhone:1+1");
    check_anchor(t, iphone, 1);
    fold_table_free(t);
}

/* The range rule with collapsed sections, and a hidden anchor. */
void test_range_rule(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad");
    int changed;
    /* Rows of iPad selected, then iPad collapsed: Mac 0-3, iPad 4, iPhone 5, rows 6-9. */
    CHECK_STATUS(fold_table_select_row(t, ipad, 0, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_row(t, ipad, 1, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 10);
    CHECK_STR(selection_string(t), "iPad:0+2");
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 2);
    CHECK_STR(flag_string(t, 10), "0000000000");
    /* The anchor (iPad row 1) is hidden: the range starts at iPad's header. */
    check_anchor(t, ipad, 1);
    CHECK_STATUS(fold_table_select_range(t, 7, FOLD_SELECT_ADD, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(flag_string(t, 10), "0000111100");
    CHECK_STR(selection_string(t), "iPad iPad:0+2 iPhone iPhone:0+2");
    /* Upwards across the collapsed section: its hidden rows keep their state. */
    CHECK_STATUS(fold_table_select_range(t, 2, FOLD_SELECT_TOGGLE, &changed), FOLD_OK);
    CHECK_STR(flag_string(t, 10), "0011011100");
    CHECK_STR(selection_string(t), "Mac:1+2 iPad:0+2 iPhone iPhone:0+2");
    /* Expanding shows the kept rows as selected. */
    CHECK_STATUS(fold_table_expand(t, ipad, NULL), FOLD_OK);
    CHECK_STR(flag_string(t, 12), "001101111100");
    /* The anchor on a section without header item: the range starts at the item before. */
    {
        fold_section_id bare = add_flagged(t, FOLD_ROOT, "bare", "", 2, FOLD_SECTION_NO_HEADER);
        CHECK_STATUS(fold_table_set_selection_anchor(t, bare, -1), FOLD_OK);
        CHECK_STATUS(fold_table_select_range(t, 13, FOLD_SELECT_REPLACE, &changed), FOLD_OK);
        CHECK_STR(selection_string(t), "iPhone:3+1 bare:0+2");
        check_anchor(t, bare, -1);
    }
    (void)mac;
    fold_table_free(t);
}

/* A range across nested sections, with footers skipped. */
void test_nested(void)
{
    fold_table_options o = options_with_heights(44, 28, 10, 0, 0);
    fold_table *t = must_table(&o);
    fold_section_id a = add(t, FOLD_ROOT, "a", "A", 1);
    fold_section_id b = add(t, a, "b", "B", 2);
    fold_section_id c = add(t, b, "c", "C", 1);
    fold_section_id d = add(t, FOLD_ROOT, "d", "D", 1);
    int changed;
    /* a 0, a.row0 1, b 2, b.row0 3, b.row1 4, c 5, c.row0 6, c.footer 7,
     * b.footer 8, a.footer 9, d 10, d.row0 11, d.footer 12 */
    CHECK_EQ_I64(item_count(t), 13);
    CHECK_STATUS(fold_table_select_item(t, 4, FOLD_SELECT_REPLACE, &changed), FOLD_OK);
    CHECK_STATUS(fold_table_select_range(t, 11, FOLD_SELECT_REPLACE, &changed), FOLD_OK);
    CHECK_STR(selection_string(t), "b:1+1 c c:0+1 d d:0+1");
    CHECK_STR(flag_string(t, 13), "0000111000110");
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 3);
    CHECK_EQ_I64(counted_rows(t, a), 2);
    CHECK_EQ_I64(counted_sections(t, a), 1);
    CHECK_EQ_I64(counted_rows(t, c), 1);
    CHECK_EQ_I64(counted_sections(t, c), 0);
    /* A footer cannot be selected; nothing changes. */
    CHECK_STATUS(fold_table_select_item(t, 7, FOLD_SELECT_ADD, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_STR(fold_last_error_message(), "item 7 is a footer: a footer cannot be selected");
    CHECK_STR(selection_string(t), "b:1+1 c c:0+1 d d:0+1");
    /* Positions over footers only select nothing. */
    CHECK_STATUS(fold_table_select_positions(t, 7, 3, FOLD_SELECT_ADD, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    /* Collapsing a keeps what is inside; removing b drops it. */
    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 3);
    CHECK_STATUS(fold_table_remove_section(t, b), FOLD_OK);
    CHECK_STR(selection_string(t), "d d:0+1");
    CHECK_EQ_I64(counted_rows(t, FOLD_ROOT), 1);
    CHECK_EQ_I64(counted_sections(t, FOLD_ROOT), 1);
    (void)c;
    (void)d;
    fold_table_free(t);
}

/* A change of hidden rows only is reported, with nothing to redraw. */
void test_hidden_only(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id ipad = sec(t, "iPad");
    seen_changes seen = {0};
    int changed = -1;
    CHECK_STATUS(fold_table_select_row(t, ipad, 1, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, &seen, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_row(t, ipad, 1, FOLD_SELECT_REMOVE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(seen.calls, 1);
    CHECK_EQ_I64(seen.change_count, 0);
    CHECK_EQ_I64(seen.redraw_count, 0);
    CHECK_EQ_DBL(seen.delta, 0);
    CHECK_STATUS(fold_table_select_row(t, ipad, 1, FOLD_SELECT_REMOVE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(seen.calls, 1);
    fold_table_free(t);
}

void test_modes(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad");
    int32_t mode = -1;
    int changed;
    CHECK_STATUS(fold_table_selection_mode(t, &mode), FOLD_OK);
    CHECK_EQ_I64(mode, FOLD_SELECTION_MULTIPLE);
    CHECK_STATUS(fold_table_select_positions(t, 0, 4, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_selection_anchor(t, mac, 2), FOLD_OK);
    /* SINGLE keeps the anchor's row. */
    CHECK_STATUS(fold_table_set_selection_mode(t, FOLD_SELECTION_SINGLE), FOLD_OK);
    CHECK_STATUS(fold_table_selection_mode(t, &mode), FOLD_OK);
    CHECK_EQ_I64(mode, FOLD_SELECTION_SINGLE);
    CHECK_STR(selection_string(t), "Mac:2+1");
    /* ADD of another acts as REPLACE. */
    CHECK_STATUS(fold_table_select_row(t, ipad, 0, FOLD_SELECT_ADD, &changed), FOLD_OK);
    CHECK_STR(selection_string(t), "iPad:0+1");
    /* A range selects the item nearest its target only. */
    CHECK_STATUS(fold_table_select_range(t, 1, FOLD_SELECT_REPLACE, &changed), FOLD_OK);
    CHECK_STR(selection_string(t), "Mac:0+1");
    CHECK_STATUS(fold_table_select_positions(t, 4, 3, FOLD_SELECT_ADD, &changed), FOLD_OK);
    CHECK_STR(selection_string(t), "iPad:1+1");
    /* TOGGLE of the selected one deselects it. */
    CHECK_STATUS(fold_table_select_item(t, 6, FOLD_SELECT_TOGGLE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(selection_string(t), "");
    CHECK_STATUS(fold_table_select_all(t, &changed), FOLD_OK);
    CHECK_STR(selection_string(t), "iPhone:3+1");
    /* NONE clears and refuses selecting; REMOVE and clearing work. */
    CHECK_STATUS(fold_table_set_selection_mode(t, FOLD_SELECTION_NONE), FOLD_OK);
    CHECK_STR(selection_string(t), "");
    CHECK_STATUS(fold_table_select_row(t, mac, 0, FOLD_SELECT_ADD, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_STR(fold_last_error_message(), "the selection mode is none (FOLD_SELECTION_NONE): nothing can be selected");
    CHECK_STATUS(fold_table_select_all(t, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_select_range(t, 3, FOLD_SELECT_TOGGLE, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_select_row(t, mac, 0, FOLD_SELECT_REMOVE, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STATUS(fold_table_clear_selection(t, &changed), FOLD_OK);
    /* Unknown mode. */
    CHECK_STATUS(fold_table_set_selection_mode(t, 3), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(),
              "selection mode 3 is not known (FOLD_SELECTION_MULTIPLE 0, FOLD_SELECTION_SINGLE 1, FOLD_SELECTION_NONE 2)");
    CHECK_STATUS(fold_table_selection_mode(t, &mode), FOLD_OK);
    CHECK_EQ_I64(mode, FOLD_SELECTION_NONE);
    fold_table_free(t);
}

/* The selection and the anchor belong to rows and sections. */
