/*
 * Drag and drop (foldtable.h: "Drag and drop") through the C ABI: drop
 * targets with their exact geometry, drops as one change set with moves,
 * failures that change nothing, and bad input (NaN, a zero indent, unknown
 * items, negative counts).
 *
 * The table: rows 10 tall, headers 20. Items: Mac 0 (0-20), its rows 1-3
 * (20-50), iPad 4 (50-70), rows 5-6 (70-90), iPhone 7 (90-110), rows 8-11
 * (110-150).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

/* What a change listener heard: sets, and the last set's moved item count. */
typedef struct heard {
    int sets;
    int64_t moves;
    int64_t moved;
} heard;

static void listen(fold_table *t, const fold_change_set *set, void *user_data)
{
    heard *h = user_data;
    (void)t;
    h->sets++;
    h->moves = set->move_count;
    h->moved = 0;
    for (int64_t i = 0; i < set->move_count; i++) h->moved += set->moves[i].count;
}

static fold_table *table_for_drops(void)
{
    fold_table_options o = options_with_heights(10, 20, 0, 0, 0);
    return sample_table(&o);
}

static fold_drop_target target(fold_table *t, double x, double y, const fold_item_ref *dragged,
                               int64_t count)
{
    fold_drop_target d;
    memset(&d, 0xff, sizeof d);
    CHECK_STATUS(fold_table_drop_target(t, x, y, 16, dragged, count, &d), FOLD_OK);
    return d;
}

static void test_targets(void)
{
    fold_table *t = table_for_drops();
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad"), iphone = sec(t, "iPhone");
    fold_item_ref mac_row = {mac, 0}, mac_section = {mac, -1};
    fold_drop_target d;

    /* The middle of iPad's header: into iPad, after its last child. */
    d = target(t, 0, 60, &mac_row, 1);
    CHECK_EQ_I64(d.kind, FOLD_DROP_INTO);
    CHECK_EQ_I64(d.depth, 1);
    CHECK_EQ_I64(d.parent, ipad);
    CHECK_EQ_I64(d.index, 2);
    CHECK_EQ_I64(d.position, 4);
    CHECK_EQ_DBL(d.highlight_top, 50);
    CHECK_EQ_DBL(d.highlight_height, 40);

    /* Its top quarter: before iPad at the top level, for a section. */
    d = target(t, 0, 52, &mac_section, 1);
    CHECK_EQ_I64(d.kind, FOLD_DROP_BEFORE);
    CHECK_EQ_I64(d.depth, 0);
    CHECK_EQ_I64(d.parent, FOLD_ROOT);
    CHECK_EQ_I64(d.index, 1);
    CHECK_EQ_I64(d.position, 4);
    CHECK_EQ_DBL(d.line_y, 50);
    CHECK_EQ_DBL(d.line_x, 0);
    /* ... and nowhere for a row (rows cannot be at the top level). */
    d = target(t, 0, 52, &mac_row, 1);
    CHECK_EQ_I64(d.kind, FOLD_DROP_NONE);

    /* The bottom half of Mac's last row, above iPad: after it, in Mac. */
    d = target(t, 40, 46, &mac_row, 1);
    CHECK_EQ_I64(d.kind, FOLD_DROP_BEFORE);
    CHECK_EQ_I64(d.parent, mac);
    CHECK_EQ_I64(d.index, 3);
    CHECK_EQ_I64(d.position, 4);
    CHECK_EQ_DBL(d.line_y, 50);
    CHECK_EQ_DBL(d.line_x, 16);

    /* Below the end, a drag from elsewhere: x picks iPhone's level or the top. */
    d = target(t, 16, 400, NULL, 0);
    CHECK_EQ_I64(d.kind, FOLD_DROP_BEFORE);
    CHECK_EQ_I64(d.parent, iphone);
    CHECK_EQ_I64(d.index, 4);
    CHECK_EQ_I64(d.position, 12);
    CHECK_EQ_DBL(d.line_y, 150);
    CHECK_EQ_DBL(d.line_x, 16);
    d = target(t, 15, 400, NULL, 0);
    CHECK_EQ_I64(d.parent, FOLD_ROOT);
    CHECK_EQ_I64(d.index, 3);
    CHECK_EQ_I64(d.depth, 0);

    /* Mac dragged over its own rows: nowhere. */
    d = target(t, 16, 25, &mac_section, 1);
    CHECK_EQ_I64(d.kind, FOLD_DROP_NONE);
    CHECK_EQ_I64(d.index, -1);
    CHECK_EQ_I64(d.position, -1);

    /* FOLD_SECTION_NO_DROP: iPad's header splits in halves, its rows take nothing. */
    CHECK_STATUS(fold_table_set_section_flags(t, ipad, FOLD_SECTION_NO_DROP, FOLD_SECTION_NO_DROP),
                 FOLD_OK);
    d = target(t, 0, 60, NULL, 0);
    CHECK_EQ_I64(d.kind, FOLD_DROP_BEFORE);
    CHECK_EQ_I64(d.index, 2);
    CHECK_EQ_I64(d.position, 7);
    CHECK_EQ_DBL(d.line_y, 90);
    d = target(t, 16, 75, NULL, 0);
    CHECK_EQ_I64(d.kind, FOLD_DROP_NONE);
    fold_table_free(t);
}

static void test_bad_targets(void)
{
    fold_table *t = table_for_drops();
    fold_item_ref bad = {999, -1}, row = {sec(t, "Mac"), 3}, twice[2] = {{sec(t, "Mac"), 0}, {sec(t, "Mac"), 0}};
    fold_drop_target d;
    d.kind = 77;
    CHECK_STATUS(fold_table_drop_target(t, NAN, 0, 16, NULL, 0, &d), FOLD_E_INVALID);
    CHECK(strstr(fold_last_error_message(), "finite") != NULL);
    CHECK_STATUS(fold_table_drop_target(t, 0, INFINITY, 16, NULL, 0, &d), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_drop_target(t, 0, 0, 0, NULL, 0, &d), FOLD_E_INVALID);
    CHECK(strstr(fold_last_error_message(), "indent width") != NULL);
    CHECK_STATUS(fold_table_drop_target(t, 0, 0, NAN, NULL, 0, &d), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_drop_target(t, 0, 0, -16, NULL, 0, &d), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_drop_target(t, 0, 0, 16, &bad, 1, &d), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_drop_target(t, 0, 0, 16, &row, 1, &d), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_drop_target(t, 0, 0, 16, twice, 2, &d), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_drop_target(t, 0, 0, 16, &bad, -1, &d), FOLD_E_RANGE);
    CHECK_EQ_I64(d.kind, 77);
    fold_table_free(t);
}

static void test_drop(void)
{
    fold_table *t = table_for_drops();
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad"), iphone = sec(t, "iPhone");
    heard h = {0, 0, 0};
    int64_t listener = 0;
    fold_row_info ri;
    /* Rows known by their height. */
    CHECK_STATUS(fold_table_set_row_height(t, mac, 0, 11), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, iphone, 3, 13), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, listen, &h, &listener), FOLD_OK);
    {
        /* iPhone's row 3 then Mac's row 0, before iPad's row 1. */
        fold_item_ref items[2] = {{iphone, 3}, {mac, 0}};
        CHECK_STATUS(fold_table_drop(t, ipad, 1, items, 2), FOLD_OK);
    }
    CHECK_EQ_I64(h.sets, 1);
    CHECK(h.moves >= 1);
    CHECK_EQ_I64(h.moved, 2);
    CHECK_EQ_I64(row_count(t, ipad), 4);
    CHECK_EQ_I64(row_count(t, mac), 2);
    CHECK_EQ_I64(row_count(t, iphone), 3);
    {
        static const double want[4] = {10, 13, 11, 10};
        for (int64_t r = 0; r < 4; r++) {
            CHECK_STATUS(fold_table_row_info(t, ipad, r, &ri), FOLD_OK);
            CHECK_EQ_DBL(ri.height, want[r]);
        }
    }
    {
        /* Mac to the end of the top level. */
        fold_item_ref items[1] = {{mac, -1}};
        CHECK_STATUS(fold_table_drop(t, FOLD_ROOT, FOLD_INDEX_END, items, 1), FOLD_OK);
        CHECK_EQ_I64(top(t, 2), mac);
        CHECK_EQ_I64(h.sets, 2);
        CHECK_EQ_I64(h.moved, 3); /* its header and two rows */
    }
    fold_table_free(t);
}

static void test_drop_failures(void)
{
    fold_table *t = table_for_drops();
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad");
    fold_section_id inner = add(t, mac, "Inner", "Inner", 1);
    heard h = {0, 0, 0};
    int64_t listener = 0;
    uint64_t before = 0, after = 0;
    fold_item_ref mac_section = {mac, -1}, ipad_row = {ipad, 0};
    CHECK_STATUS(fold_table_set_section_flags(t, ipad, FOLD_SECTION_NO_DROP, FOLD_SECTION_NO_DROP),
                 FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, listen, &h, &listener), FOLD_OK);
    CHECK_STATUS(fold_table_structure_version(t, &before), FOLD_OK);

    CHECK_STATUS(fold_table_drop(t, inner, 0, &mac_section, 1), FOLD_E_INVALID);
    CHECK(strstr(fold_last_error_message(), "itself") != NULL);
    CHECK_STATUS(fold_table_drop(t, FOLD_ROOT, 0, &ipad_row, 1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_drop(t, ipad, 0, &mac_section, 1), FOLD_E_NOT_ALLOWED);
    CHECK(strstr(fold_last_error_message(), "NO_DROP") != NULL);
    CHECK_STATUS(fold_table_drop(t, mac, 5, &ipad_row, 1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_drop(t, mac, -2, &ipad_row, 1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_drop(t, 999, 0, &ipad_row, 1), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_drop(t, mac, 0, &ipad_row, -1), FOLD_E_RANGE);
    {
        fold_item_ref twice[2] = {{ipad, 0}, {ipad, 0}};
        CHECK_STATUS(fold_table_drop(t, mac, 0, twice, 2), FOLD_E_INVALID);
        CHECK(strstr(fold_last_error_message(), "twice") != NULL);
    }
    CHECK_STATUS(fold_table_structure_version(t, &after), FOLD_OK);
    CHECK_EQ_I64(after, before);
    CHECK_EQ_I64(h.sets, 0);
    /* Nothing dragged: nothing to do. */
    CHECK_STATUS(fold_table_drop(t, mac, 0, NULL, 0), FOLD_OK);
    CHECK_EQ_I64(h.sets, 0);
    fold_table_free(t);
}

int main(void)
{
    test_targets();
    test_bad_targets();
    test_drop();
    test_drop_failures();
    return check_done();
}
