/*
 * snapshots.h — the parts of test_snapshots.c and the helpers they share.
 */
#ifndef FOLD_TEST_SNAPSHOTS_H
#define FOLD_TEST_SNAPSHOTS_H

#include <string.h>

#include "fixture.h"

/* Zeroes `seen` and registers seen_changes_listener (fixture.h) with it. */
void record_sets(fold_table *t, seen_changes *seen);

/* record_sets, then fold_table_apply_snapshot with `report` (one check
 * each: both FOLD_OK). */
void apply_recorded(fold_table *t, const fold_snapshot_entry *entries, int64_t count,
                    fold_snapshot_report *report, seen_changes *seen);

#define CHECK_CHANGE(seen, i, p, r, a)                           \
    do {                                                         \
        CHECK_EQ_I64((seen).changes[i].position, p);             \
        CHECK_EQ_I64((seen).changes[i].removed, r);              \
        CHECK_EQ_I64((seen).changes[i].added, a);                \
    } while (0)

/* A fingerprint of everything a view sees (items, sections, rows, tops,
 * flags), to check that a failed call changed nothing. */
uint64_t table_fingerprint(const fold_table *t);

void test_snapshot_change_set(void);
void test_snapshot_across_parents(void);
void test_snapshot_heights_and_flags(void);
void test_snapshot_nothing_changed(void);
void test_snapshot_from_a_listener(void);
void test_snapshot_bad_input(void);
void test_snapshot_text_in_place(void);

#endif
