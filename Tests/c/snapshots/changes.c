/*
 * Change sets and kept state of fold_table_apply_snapshot.
 */
#include "snapshots/snapshots.h"

void record_sets(fold_table *t, seen_changes *seen)
{
    memset(seen, 0, sizeof *seen);
    CHECK_STATUS(fold_table_add_change_listener(t, seen_changes_listener, seen, NULL), FOLD_OK);
}

void apply_recorded(fold_table *t, const fold_snapshot_entry *entries, int64_t count,
                    fold_snapshot_report *report, seen_changes *seen)
{
    record_sets(t, seen);
    CHECK_STATUS(fold_table_apply_snapshot(t, entries, count, report), FOLD_OK);
}

uint64_t table_fingerprint(const fold_table *t)
{
    uint64_t h = 1469598103934665603u;
    int64_t n = item_count(t), p;
    double content = 0;
    fold_table_content_height(t, &content);
    h = (h ^ (uint64_t)n) * 1099511628211u;
    h = (h ^ (uint64_t)content) * 1099511628211u;
    for (p = 0; p < n; p++) {
        fold_item item;
        double top = 0;
        memset(&item, 0, sizeof item);
        fold_table_item_at(t, p, &item);
        fold_table_item_top(t, p, &top);
        h = (h ^ (uint64_t)item.kind) * 1099511628211u;
        h = (h ^ item.section) * 1099511628211u;
        h = (h ^ (uint64_t)item.row) * 1099511628211u;
        h = (h ^ item.flags) * 1099511628211u;
        h = (h ^ (uint64_t)(top * 256)) * 1099511628211u;
    }
    return h;
}

/* a (3 rows), b (2, collapsed), c (1); header 28, row 44.
 * Items: a 0, rows 1-3; b 4; c 5, row 6. Row 1 of a: 60 tall, expanded to 100. */
void test_snapshot_change_set(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "a", "A", 3);
    fold_section_id b = add(t, FOLD_ROOT, "b", "B", 2);
    fold_section_id c = add(t, FOLD_ROOT, "c", "C", 1);
    fold_snapshot_entry snapshot[] = {
        snap_section(0, "c", "C"), snap_rows(1, 1),
        snap_section(0, "a", "A2"), snap_rows(1, 5),
        snap_section(0, "b", "B"), snap_rows(1, 1),
        snap_section(0, "d", "D"), snap_rows(1, 2),
    };
    fold_snapshot_report report;
    fold_row_info row;
    seen_changes seen;
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 60), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, a, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, b, NULL), FOLD_OK);
    memset(&report, 0xff, sizeof report);
    apply_recorded(t, snapshot, COUNT(snapshot), &report, &seen);
    CHECK_EQ_I64(report.sections_inserted, 1);
    CHECK_EQ_I64(report.sections_removed, 0);
    CHECK_EQ_I64(report.sections_moved, 1);
    CHECK_EQ_I64(report.sections_kept, 3);
    CHECK_EQ_I64(report.headers_changed, 1);
    CHECK_EQ_I64(report.rows_inserted, 4);
    CHECK_EQ_I64(report.rows_removed, 1);
    CHECK_EQ_I64(report.reserved, 0);
    /* One set: c out (5, 2 items), two rows at the end of a (4: after its
     * third row), c in at the top, d (header and 2 rows) at the end. */
    CHECK_EQ_I64(seen.calls, 1);
    CHECK_EQ_I64(seen.change_count, 4);
    CHECK_CHANGE(seen, 0, 5, 2, 0);
    CHECK_CHANGE(seen, 1, 4, 0, 2);
    CHECK_CHANGE(seen, 2, 0, 0, 2);
    CHECK_CHANGE(seen, 3, 9, 0, 3);
    /* c (moved to the top: its 2 items), a's header (new text, row count)
     * and b's (row count, while collapsed). */
    CHECK_EQ_I64(seen.redraw_count, 2);
    CHECK_EQ_I64(seen.redraw[0].position, 0);
    CHECK_EQ_I64(seen.redraw[0].count, 3);
    CHECK_EQ_I64(seen.redraw[1].position, 8);
    CHECK_EQ_I64(seen.redraw[1].count, 1);
    CHECK_EQ_DBL(seen.delta, 2 * 44 + 28 + 2 * 44);
    CHECK_EQ_I64(item_count(t), 12);
    /* Kept: ids, b's collapsed state and 1 of its 2 rows, a's row 1. */
    CHECK_EQ_I64(sec(t, "a"), a);
    CHECK_EQ_I64(sec(t, "b"), b);
    CHECK_EQ_I64(sec(t, "c"), c);
    CHECK(is_collapsed(t, b));
    CHECK_EQ_I64(row_count(t, b), 1);
    CHECK_EQ_I64(row_count(t, a), 5);
    CHECK_STATUS(fold_table_row_info(t, a, 1, &row), FOLD_OK);
    CHECK_EQ_DBL(row.height, 60);
    CHECK_EQ_I64(row.flags & FOLD_ITEM_FLAG_EXPANDED, FOLD_ITEM_FLAG_EXPANDED);
    CHECK_STR(text(t, a, FOLD_TEXT_HEADER), "A2");
    CHECK_STR(text(t, sec(t, "d"), FOLD_TEXT_HEADER), "D");
    /* The report is optional; removing everything empties the table. */
    CHECK_STATUS(fold_table_apply_snapshot(t, NULL, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 0);
    CHECK_STATUS(fold_table_section_info(t, a, &(fold_section_info){0}), FOLD_E_NOT_FOUND);
    fold_table_free(t);
}

/* x moves from p into q, collapsed, with its row heights. */
void test_snapshot_across_parents(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id p = add(t, FOLD_ROOT, "p", "P", 1);
    fold_section_id x = add(t, p, "x", "X", 2);
    fold_section_id q = add(t, FOLD_ROOT, "q", "Q", 0);
    fold_snapshot_entry snapshot[] = {
        snap_section(0, "p", "P"), snap_rows(1, 1),
        snap_section(0, "q", "Q"), snap_section(1, "x", "X"), snap_rows(2, 2),
    };
    fold_snapshot_report report;
    fold_section_info xi;
    seen_changes seen;
    CHECK_STATUS(fold_table_collapse(t, x, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, x, 0, 10), FOLD_OK);
    /* Items: p 0, its row 1, x 2 (collapsed); q 3. */
    apply_recorded(t, snapshot, COUNT(snapshot), &report, &seen);
    CHECK_EQ_I64(report.sections_moved, 1);
    CHECK_EQ_I64(report.sections_kept, 3);
    CHECK_EQ_I64(report.rows_inserted + report.rows_removed, 0);
    CHECK_EQ_I64(seen.calls, 1);
    CHECK_EQ_I64(seen.change_count, 2);
    CHECK_CHANGE(seen, 0, 2, 1, 0);
    CHECK_CHANGE(seen, 1, 3, 0, 1);
    CHECK_EQ_I64(seen.redraw_count, 1); /* q's header: its first child, an indicator */
    CHECK_EQ_I64(seen.redraw[0].position, 2);
    xi = info(t, x);
    CHECK_EQ_I64(xi.parent, q);
    CHECK_EQ_I64(xi.flags & FOLD_SECTION_COLLAPSED, FOLD_SECTION_COLLAPSED);
    {
        fold_row_info row;
        CHECK_STATUS(fold_table_row_info(t, x, 0, &row), FOLD_OK);
        CHECK_EQ_DBL(row.height, 10);
    }
    fold_table_free(t);
}

void test_snapshot_heights_and_flags(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "a", "A", 1);
    fold_snapshot_entry snapshot[] = {
        snap_section(0, "a", "A"), snap_rows(1, 1),
        snap_section(0, "n", "N"), snap_rows(1, 2),
        snap_section(0, "g", "G"), snap_rows(1, 1),
    };
    fold_section_info ai, ni, gi;
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, 40), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, 20), FOLD_OK);
    /* a: header kept (40), row height back to the default, footer 10. */
    snapshot[0].heights = FOLD_SNAPSHOT_ROW_HEIGHT | FOLD_SNAPSHOT_FOOTER_HEIGHT;
    snapshot[0].row_height = FOLD_HEIGHT_DEFAULT;
    snapshot[0].footer_height = 10;
    snapshot[0].flags = FOLD_SECTION_FIXED; /* ignored: a is kept */
    /* n: new, collapsed, header 50 (header_height ignored without its bit). */
    snapshot[2].flags = FOLD_SECTION_COLLAPSED;
    snapshot[2].heights = FOLD_SNAPSHOT_HEADER_HEIGHT;
    snapshot[2].header_height = 50;
    snapshot[2].row_height = 99;
    /* g: new, no header item. */
    snapshot[4].flags = FOLD_SECTION_NO_HEADER;
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), NULL), FOLD_OK);
    ai = info(t, a);
    ni = info(t, sec(t, "n"));
    gi = info(t, sec(t, "g"));
    CHECK_EQ_DBL(ai.header_height, 40);
    CHECK_EQ_DBL(ai.row_height, 44);
    CHECK_EQ_DBL(ai.footer_height, 10);
    CHECK_EQ_I64(ai.flags & FOLD_SECTION_FIXED, 0);
    CHECK_EQ_DBL(ni.header_height, 50);
    CHECK_EQ_DBL(ni.row_height, 44);
    CHECK_EQ_I64(ni.flags & FOLD_SECTION_COLLAPSED, FOLD_SECTION_COLLAPSED);
    CHECK_EQ_I64(gi.flags & FOLD_SECTION_NO_HEADER, FOLD_SECTION_NO_HEADER);
    /* a 0, its row 1, its footer 2; n 3 (collapsed); g's row 4. */
    CHECK_EQ_I64(item_count(t), 5);
    fold_table_free(t);
}

void test_snapshot_nothing_changed(void)
{
    fold_table *t = sample_table(NULL);
    fold_snapshot_entry snapshot[] = {
        snap_section(0, "Mac", "Mac|Laptops and desktops"), snap_rows(1, 1), snap_rows(1, 2),
        snap_section(0, "iPad", "iPad|Tablets"), snap_rows(1, 2),
        snap_section(0, "iPhone", "iPhone|Phones"), snap_rows(1, 4),
    };
    fold_snapshot_report report;
    seen_changes seen;
    apply_recorded(t, snapshot, COUNT(snapshot), &report, &seen);
    CHECK_EQ_I64(seen.calls, 0);
    CHECK_EQ_I64(report.sections_kept, 3);
    CHECK_EQ_I64(report.sections_moved + report.sections_inserted + report.sections_removed, 0);
    CHECK_EQ_I64(report.rows_inserted + report.rows_removed + report.headers_changed, 0);
    fold_table_free(t);
}

typedef struct reentry {
    int calls;
    int status;
} reentry;

static void apply_inside(fold_table *t, const fold_change_set *set, void *user_data)
{
    reentry *r = user_data;
    fold_snapshot_entry empty[1];
    (void)set;
    empty[0] = snap_section(0, "z", "Z");
    r->calls++;
    r->status = fold_table_apply_snapshot(t, empty, 1, NULL);
}

/* A listener that applies a snapshot gets FOLD_E_BUSY; the outer call stands. */
void test_snapshot_from_a_listener(void)
{
    fold_table *t = sample_table(NULL);
    fold_snapshot_entry snapshot[] = {snap_section(0, "iPad", "iPad|Tablets"), snap_rows(1, 2)};
    reentry r = {0, 0};
    uint64_t after;
    CHECK_STATUS(fold_table_add_change_listener(t, apply_inside, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), NULL), FOLD_OK);
    CHECK_EQ_I64(r.calls, 1);
    CHECK_EQ_I64(r.status, FOLD_E_BUSY);
    CHECK_EQ_I64(section_count(t), 1);
    CHECK_EQ_I64(item_count(t), 3);
    after = table_fingerprint(t);
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), NULL), FOLD_OK);
    CHECK(table_fingerprint(t) == after);
    CHECK_EQ_I64(r.calls, 1);
    fold_table_free(t);
}
