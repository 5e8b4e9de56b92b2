/*
 * Bad snapshots: each field in turn, refused with its status and a message
 * that names the entry, the table unchanged and no change set sent.
 */
#include <math.h>

#include "snapshots/snapshots.h"

typedef struct bad_case {
    int field;         /* which field of entry 1 of the base snapshot is spoiled */
    int status;
    const char *message;
} bad_case;

enum { KIND, DEPTH_JUMP, DEPTH_NEGATIVE, KEY_NULL, KEY_EMPTY, KEY_UTF8, KEY_DUPLICATE, HEADER_UTF8,
       FLAGS_UNKNOWN, FLAGS_CONFLICT, HEIGHTS_UNKNOWN, HEIGHT_NAN, HEIGHT_KEEP, HEIGHT_BIG, ROWS_NEGATIVE,
       ROWS_AT_TOP };

static const bad_case cases[] = {
    {KIND, FOLD_E_INVALID,
     "snapshot entry 1: kind 7 is not FOLD_SNAPSHOT_SECTION (0) or FOLD_SNAPSHOT_ROWS (1)"},
    {DEPTH_JUMP, FOLD_E_RANGE,
     "snapshot entry 1: depth 2 is out of range (0 to 1 here: an entry is at most one level below the section before it)"},
    {DEPTH_NEGATIVE, FOLD_E_RANGE,
     "snapshot entry 1: depth -1 is out of range (0 to 1 here: an entry is at most one level below the section before it)"},
    {KEY_NULL, FOLD_E_INVALID, "snapshot entry 1: key is NULL"},
    {KEY_EMPTY, FOLD_E_INVALID, "snapshot entry 1: a section key must not be empty"},
    {KEY_UTF8, FOLD_E_INVALID, "snapshot entry 1: key is not valid UTF-8"},
    {KEY_DUPLICATE, FOLD_E_DUPLICATE, "snapshot entry 1: the key \"Mac\" is also the key of entry 0"},
    {HEADER_UTF8, FOLD_E_INVALID, "snapshot entry 1: header is not valid UTF-8"},
    {FLAGS_UNKNOWN, FOLD_E_INVALID,
     "snapshot entry 1: section flags 64 are not known (collapsed 1, fixed 2, no header 4, expanded 16, unloaded 32, no focus 256, no drop 512)"},
    {FLAGS_CONFLICT, FOLD_E_INVALID, "snapshot entry 1: section \"new\" cannot start both collapsed and expanded"},
    {HEIGHTS_UNKNOWN, FOLD_E_INVALID,
     "snapshot entry 1: heights 8 has bits that are not FOLD_SNAPSHOT_HEADER_HEIGHT, _FOOTER_HEIGHT or _ROW_HEIGHT"},
    {HEIGHT_NAN, FOLD_E_INVALID,
     "snapshot entry 1: header height nan is not a height (a finite number from 0 to 65536, or -1 for the default)"},
    {HEIGHT_KEEP, FOLD_E_INVALID,
     "snapshot entry 1: footer height -2.0 is not a height (a finite number from 0 to 65536, or -1 for the default)"},
    {HEIGHT_BIG, FOLD_E_INVALID,
     "snapshot entry 1: row height 65537.0 is not a height (a finite number from 0 to 65536, or -1 for the default)"},
    {ROWS_NEGATIVE, FOLD_E_RANGE, "snapshot entry 1: row count -3 is negative"},
    {ROWS_AT_TOP, FOLD_E_INVALID, "snapshot entry 1: rows belong in a section: a rows entry needs depth 1 or more"},
};

static void spoil(fold_snapshot_entry *e, int field)
{
    static const char bad_utf8[] = {(char)0xC3, (char)0x28, 0};
    switch (field) {
    case KIND: e->kind = 7; break;
    case DEPTH_JUMP: e->depth = 2; break;
    case DEPTH_NEGATIVE: e->depth = -1; break;
    case KEY_NULL: e->key = NULL; break;
    case KEY_EMPTY: e->key = ""; break;
    case KEY_UTF8: e->key = bad_utf8; break;
    case KEY_DUPLICATE: e->key = "Mac"; break;
    case HEADER_UTF8: e->header = bad_utf8; break;
    case FLAGS_UNKNOWN: e->flags = 64; break;
    case FLAGS_CONFLICT: e->flags = FOLD_SECTION_COLLAPSED | FOLD_SECTION_EXPANDED; break;
    case HEIGHTS_UNKNOWN: e->heights = 8; break;
    case HEIGHT_NAN: e->heights = FOLD_SNAPSHOT_HEADER_HEIGHT; e->header_height = NAN; break;
    case HEIGHT_KEEP: e->heights = FOLD_SNAPSHOT_FOOTER_HEIGHT; e->footer_height = -2; break;
    case HEIGHT_BIG: e->heights = FOLD_SNAPSHOT_ROW_HEIGHT; e->row_height = FOLD_MAX_HEIGHT + 1; break;
    case ROWS_NEGATIVE: *e = snap_rows(1, -3); break;
    case ROWS_AT_TOP: *e = snap_rows(0, 1); break;
    }
}

void test_snapshot_bad_input(void)
{
    fold_table *t = sample_table(NULL);
    uint64_t before;
    seen_changes seen;
    size_t i;
    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPad"), NULL), FOLD_OK);
    before = table_fingerprint(t);
    record_sets(t, &seen);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        /* A valid snapshot but for entry 1, and nothing after the bad entry
         * makes it valid again. */
        fold_snapshot_entry snapshot[3];
        snapshot[0] = snap_section(0, "Mac", "Mac");
        snapshot[1] = snap_section(0, "new", "New");
        snapshot[2] = snap_rows(1, 2);
        spoil(&snapshot[1], cases[i].field);
        CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, 3, NULL), cases[i].status);
        CHECK_STR(fold_last_error_message(), cases[i].message);
    }
    {
        /* The deepest nesting, one level too deep. */
        fold_snapshot_entry deep[FOLD_MAX_DEPTH + 1];
        char keys[FOLD_MAX_DEPTH + 1][8];
        int d;
        for (d = 0; d <= FOLD_MAX_DEPTH; d++) {
            snprintf(keys[d], sizeof keys[d], "d%d", d);
            deep[d] = snap_section(d, keys[d], NULL);
        }
        CHECK_STATUS(fold_table_apply_snapshot(t, deep, FOLD_MAX_DEPTH + 1, NULL), FOLD_E_RANGE);
        CHECK_STR(fold_last_error_message(), "snapshot entry 64: sections nest at most 64 levels deep");
    }
    {
        /* Too many rows in all. */
        fold_snapshot_entry many[3];
        many[0] = snap_section(0, "Mac", NULL);
        many[1] = snap_rows(1, FOLD_MAX_ROWS);
        many[2] = snap_rows(1, 1);
        CHECK_STATUS(fold_table_apply_snapshot(t, many, 3, NULL), FOLD_E_RANGE);
        CHECK_STR(fold_last_error_message(), "snapshot entry 2: the snapshot holds more than 268435456 rows");
    }
    /* The call's own arguments. */
    CHECK_STATUS(fold_table_apply_snapshot(NULL, NULL, 0, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_apply_snapshot(t, NULL, 1, NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "entries is NULL");
    CHECK_STATUS(fold_table_apply_snapshot(t, NULL, -1, NULL), FOLD_E_RANGE);
    CHECK_STR(fold_last_error_message(), "count -1 is negative");
    CHECK_EQ_I64(seen.calls, 0);
    CHECK(table_fingerprint(t) == before);
    CHECK(is_collapsed(t, sec(t, "iPad")));
    fold_table_free(t);
}
