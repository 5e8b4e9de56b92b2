/*
 * Selection (foldtable.h: "Selection"): selecting rows, sections and items
 * with each `how`, the anchor and the range rule (collapsed sections, nested
 * sections, footers skipped), select_positions, select_all, clear, the
 * modes, counts, the selection list, FOLD_ITEM_FLAG_SELECTED, the change
 * sets (exact redraws), the selection kept through collapse, inserts,
 * removals and moves, saved state, FOLD_E_BUSY inside a listener, and bad
 * input per function with no change after a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

/* The redraw ranges a listener heard, as "position+count ..." (a static buffer). */
static const char *redraw_string(const seen_changes *s)
{
    static char buffer[256];
    size_t used = 0;
    int64_t i;
    buffer[0] = 0;
    for (i = 0; i < s->redraw_count && i < COUNT(s->redraw) && used < sizeof buffer; i++) {
        used += (size_t)snprintf(buffer + used, sizeof buffer - used, "%s%" PRId64 "+%" PRId64, i ? " " : "",
                                 s->redraw[i].position, s->redraw[i].count);
    }
    return buffer;
}

static uint32_t item_flags(const fold_table *t, int64_t position)
{
    fold_item item;
    if (!CHECK_STATUS(fold_table_item_at(t, position, &item), FOLD_OK)) return 0xFFFFFFFFu;
    return item.flags;
}

static int selected_at(const fold_table *t, int64_t position)
{
    return (item_flags(t, position) & FOLD_ITEM_FLAG_SELECTED) != 0;
}

/* Which of the first `n` items carry FOLD_ITEM_FLAG_SELECTED, as a string of
 * '0' and '1' (a static buffer). */
static const char *flag_string(const fold_table *t, int64_t n)
{
    static char buffer[128];
    int64_t i;
    for (i = 0; i < n && i < 127; i++) buffer[i] = selected_at(t, i) ? '1' : '0';
    buffer[i] = 0;
    return buffer;
}

static int64_t counted_rows(const fold_table *t, fold_section_id within)
{
    int64_t rows = -1, sections = -1;
    CHECK_STATUS(fold_table_selection_count(t, within, &rows, &sections), FOLD_OK);
    return rows;
}

static int64_t counted_sections(const fold_table *t, fold_section_id within)
{
    int64_t rows = -1, sections = -1;
    CHECK_STATUS(fold_table_selection_count(t, within, &rows, &sections), FOLD_OK);
    return sections;
}

static int row_selected(const fold_table *t, fold_section_id s, int64_t row)
{
    int v = -1;
    CHECK_STATUS(fold_table_is_row_selected(t, s, row, &v), FOLD_OK);
    return v;
}

static int section_selected(const fold_table *t, fold_section_id s)
{
    int v = -1;
    CHECK_STATUS(fold_table_is_section_selected(t, s, &v), FOLD_OK);
    return v;
}

/* The selection as text: "key:row+count" per run, "key" for a section. */
static const char *selection_string(const fold_table *t)
{
    static char buffer[512];
    fold_selected_run *runs = NULL;
    int64_t count = -1, i;
    size_t used = 0;
    buffer[0] = 0;
    if (!CHECK_STATUS(fold_table_selection(t, &runs, &count), FOLD_OK)) return buffer;
    for (i = 0; i < count; i++) {
        if (runs[i].row < 0) {
            used += (size_t)snprintf(buffer + used, sizeof buffer - used, "%s%s", i ? " " : "", runs[i].key);
        } else {
            used += (size_t)snprintf(buffer + used, sizeof buffer - used, "%s%s:%" PRId64 "+%" PRId64,
                                     i ? " " : "", runs[i].key, runs[i].row, runs[i].count);
        }
        if (used >= sizeof buffer) break;
    }
    if (count == 0) CHECK(runs == NULL);
    fold_free(runs);
    return buffer;
}

static void check_anchor(const fold_table *t, fold_section_id section, int64_t row)
{
    fold_section_id s = 0;
    int64_t r = -9;
    CHECK_STATUS(fold_table_selection_anchor(t, &s, &r), FOLD_OK);
    CHECK_EQ_I64(s, section);
    CHECK_EQ_I64(r, row);
}

/* sample_table: Mac header 0, rows 1-3; iPad header 4, rows 5-6; iPhone
 * header 7, rows 8-11. */
static void test_basics(void)
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
static void test_range_rule(void)
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
static void test_nested(void)
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
static void test_hidden_only(void)
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

static void test_modes(void)
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
static void test_kept(void)
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
static void test_snapshot_and_load(void)
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

static void test_busy(void)
{
    fold_table *t = sample_table(NULL);
    int status = 0;
    CHECK_STATUS(fold_table_add_change_listener(t, busy_listener, &status, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_row(t, sec(t, "iPad"), 0, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_EQ_I64(status, FOLD_E_BUSY);
    CHECK_STR(selection_string(t), "iPad:0+1");
    fold_table_free(t);
}

static void test_saved_state(void)
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
static void test_bad_input(void)
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
static void test_long_runs(void)
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
static void test_pending_marks(void)
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

int main(void)
{
    test_basics();
    test_range_rule();
    test_nested();
    test_hidden_only();
    test_modes();
    test_kept();
    test_snapshot_and_load();
    test_busy();
    test_saved_state();
    test_bad_input();
    test_long_runs();
    test_pending_marks();
    return check_done();
}
