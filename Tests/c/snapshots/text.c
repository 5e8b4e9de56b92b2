/*
 * Keys and headers read in place: fold_table_apply_snapshot compares them
 * with the table's as bytes and reads them as text only when it keeps
 * them. Near misses (a prefix, a longer key, invalid UTF-8 that starts like
 * a kept key), long and non-ASCII keys, NULL headers, a refused snapshot
 * that leaves nothing behind for the next one, and entries a callback
 * spoils during the call (read once, before any callback).
 */
#include "snapshots/snapshots.h"

static int found(const fold_table *t, const char *key)
{
    fold_section_id id = 0;
    return fold_table_find_section(t, key, &id) == FOLD_OK;
}

static void header_is(fold_table *t, const char *key, const char *want)
{
    char buffer[128];
    size_t length = 0;
    CHECK_STATUS(fold_table_section_text(t, sec(t, key), FOLD_TEXT_HEADER, buffer, sizeof buffer, &length),
                 FOLD_OK);
    CHECK_STR(buffer, want);
    CHECK_EQ_I64((int64_t)length, (int64_t)strlen(want));
}

/* Long keys (not Swift's inline small strings) and a non-ASCII one,
 * matched byte for byte; a header that differs only at its end. */
static void test_long_and_non_ascii_keys(void)
{
    static const char *long_key = "a section key much longer than fifteen bytes";
    fold_table *t = must_table(NULL);
    fold_section_id caf = add(t, FOLD_ROOT, "Caf\xC3\xA9", "Caf\xC3\xA9|3", 3);
    fold_section_id big = add(t, FOLD_ROOT, long_key, "long header text, also past fifteen bytes", 2);
    fold_snapshot_entry snapshot[] = {
        snap_section(0, "Caf\xC3\xA9", "Caf\xC3\xA9|3"), snap_rows(1, 3),
        snap_section(0, long_key, "long header text, also past fifteen bytes!"), snap_rows(1, 2),
    };
    fold_snapshot_report report;
    seen_changes seen;
    apply_recorded(t, snapshot, COUNT(snapshot), &report, &seen);
    CHECK_EQ_I64(report.sections_kept, 2);
    CHECK_EQ_I64(report.sections_inserted, 0);
    CHECK_EQ_I64(report.headers_changed, 1);
    CHECK(sec(t, "Caf\xC3\xA9") == caf);
    CHECK(sec(t, long_key) == big);
    header_is(t, long_key, "long header text, also past fifteen bytes!");
    header_is(t, "Caf\xC3\xA9", "Caf\xC3\xA9|3");
    /* One set: the changed header (item 4) redrawn, nothing else. */
    CHECK_EQ_I64(seen.calls, 1);
    CHECK_REDRAW_ONLY(seen, 4);
    fold_table_free(t);
}

/* A key that is a prefix of a kept key, or a kept key with more after it,
 * is another key: the kept section goes and a new one comes. */
static void test_near_miss_keys(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id mac = add(t, FOLD_ROOT, "Mac", "Mac", 1);
    fold_snapshot_entry shorter[] = {snap_section(0, "Ma", "Mac"), snap_rows(1, 1)};
    fold_snapshot_entry longer[] = {snap_section(0, "Macs", "Mac"), snap_rows(1, 1)};
    fold_snapshot_report report;
    CHECK_STATUS(fold_table_apply_snapshot(t, shorter, COUNT(shorter), &report), FOLD_OK);
    CHECK_EQ_I64(report.sections_kept, 0);
    CHECK_EQ_I64(report.sections_inserted, 1);
    CHECK_EQ_I64(report.sections_removed, 1);
    CHECK(!found(t, "Mac"));
    CHECK(sec(t, "Ma") != mac);
    CHECK_STATUS(fold_table_apply_snapshot(t, longer, COUNT(longer), &report), FOLD_OK);
    CHECK_EQ_I64(report.sections_kept, 0);
    CHECK_EQ_I64(report.sections_inserted, 1);
    CHECK(!found(t, "Ma"));
    CHECK(found(t, "Macs"));
    fold_table_free(t);
}

/* A NULL header is "": unchanged for a section whose header is "", a
 * change for one whose header is not. */
static void test_null_headers(void)
{
    fold_table *t = must_table(NULL);
    fold_snapshot_entry snapshot[] = {
        snap_section(0, "plain", NULL), snap_rows(1, 1),
        snap_section(0, "named", NULL), snap_rows(1, 1),
    };
    fold_snapshot_report report;
    add(t, FOLD_ROOT, "plain", "", 1);
    add(t, FOLD_ROOT, "named", "Named", 1);
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), &report), FOLD_OK);
    CHECK_EQ_I64(report.sections_kept, 2);
    CHECK_EQ_I64(report.headers_changed, 1);
    header_is(t, "plain", "");
    header_is(t, "named", "");
    fold_table_free(t);
}

/* Refused for text only a kept section reads (its new header, a key that
 * starts like a kept one but is not UTF-8), after earlier sections were
 * matched: nothing changes, and the next snapshot matches as before. */
static void test_refused_text_leaves_nothing(void)
{
    static const char bad_after_iphone[] = {'i', 'P', 'h', 'o', 'n', 'e', (char)0xC3, (char)0x28, 0};
    static const char bad_utf8[] = {(char)0xC3, (char)0x28, 0};
    fold_table *t = sample_table(NULL);
    uint64_t before = table_fingerprint(t);
    fold_section_id iphone = sec(t, "iPhone");
    fold_snapshot_entry snapshot[] = {
        snap_section(0, "Mac", "Mac|Laptops and desktops"), snap_rows(1, 3),
        snap_section(0, "iPad", "iPad|Tablets"), snap_rows(1, 2),
        snap_section(0, "iPhone", "iPhone|Phones"), snap_rows(1, 4),
    };
    fold_snapshot_report report;
    seen_changes seen;
    record_sets(t, &seen);
    snapshot[4].header = bad_utf8;
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "snapshot entry 4: header is not valid UTF-8");
    snapshot[4].header = "iPhone|Phones";
    snapshot[4].key = bad_after_iphone;
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), NULL), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "snapshot entry 4: key is not valid UTF-8");
    CHECK_EQ_I64(seen.calls, 0);
    CHECK(table_fingerprint(t) == before);
    /* Nothing left marked: every section is found and kept again, unchanged. */
    snapshot[4].key = "iPhone";
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), &report), FOLD_OK);
    CHECK_EQ_I64(report.sections_kept, 3);
    CHECK_EQ_I64(report.sections_inserted + report.sections_removed + report.sections_moved, 0);
    CHECK_EQ_I64(report.headers_changed + report.rows_inserted + report.rows_removed, 0);
    CHECK_EQ_I64(seen.calls, 0);
    CHECK(sec(t, "iPhone") == iphone);
    fold_table_free(t);
}

/* While a filter is on, the match function runs during the call: it spoils
 * every entry (rows, heights, keys, headers). The call does what the
 * entries said when it began. */
typedef struct spoiler {
    fold_snapshot_entry *entries;
    int64_t count;
    int armed;  /* from the call on: setting the filter asks too */
    int asked;
} spoiler;

static int spoil_entries(fold_table *t, fold_section_id section, const char *key, int64_t row, void *user_data)
{
    spoiler *sp = user_data;
    int64_t i;
    (void)t;
    (void)section;
    (void)key;
    (void)row;
    if (!sp->armed) return 1;
    sp->asked++;
    for (i = 0; i < sp->count; i++) {
        sp->entries[i].rows = 1000000;
        sp->entries[i].depth = 9;
        sp->entries[i].key = NULL;
        sp->entries[i].header = "spoiled";
        sp->entries[i].heights = FOLD_SNAPSHOT_ROW_HEIGHT;
        sp->entries[i].row_height = 1;
    }
    return 1;
}

static void test_entries_spoiled_by_a_callback(void)
{
    fold_table *t = must_table(NULL);
    fold_snapshot_entry snapshot[] = {
        snap_section(0, "a", "A"), snap_rows(1, 2),
        snap_section(0, "new", "New"), snap_rows(1, 3),
    };
    spoiler sp;
    fold_snapshot_report report;
    add(t, FOLD_ROOT, "a", "A", 1);
    sp.entries = snapshot;
    sp.count = COUNT(snapshot);
    sp.armed = 0;
    sp.asked = 0;
    CHECK_STATUS(fold_table_set_filter(t, spoil_entries, &sp, 0), FOLD_OK);
    sp.armed = 1;
    CHECK_STATUS(fold_table_apply_snapshot(t, snapshot, COUNT(snapshot), &report), FOLD_OK);
    /* Asked about the new header and the four new rows (one in "a", three in "new"). */
    CHECK_EQ_I64(sp.asked, 5);
    CHECK_EQ_I64(report.sections_inserted, 1);
    CHECK_EQ_I64(report.rows_inserted, 4);
    CHECK_EQ_I64(row_count(t, sec(t, "a")), 2);
    CHECK_EQ_I64(row_count(t, sec(t, "new")), 3);
    header_is(t, "new", "New");
    header_is(t, "a", "A");
    fold_table_free(t);
}

void test_snapshot_text_in_place(void)
{
    test_entries_spoiled_by_a_callback();
    test_long_and_non_ascii_keys();
    test_near_miss_keys();
    test_null_headers();
    test_refused_text_leaves_nothing();
}
