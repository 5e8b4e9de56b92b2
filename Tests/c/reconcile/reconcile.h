/*
 * reconcile.h — the parts of test_reconcile.c and the helpers they share.
 */
#ifndef FOLD_TEST_RECONCILE_H
#define FOLD_TEST_RECONCILE_H

#include <string.h>

#include "fixture.h"

/* What the change listener saw: how many sets, and the last one. */
typedef struct seen_sets {
    int calls;
    int64_t change_count;
    fold_change changes[8];
    int64_t redraw_count;
    fold_range redraw[8];
    double delta;
} seen_sets;

void record_sets(fold_table *t, fold_change_fn fn, seen_sets *seen);
void on_change(fold_table *t, const fold_change_set *set, void *user_data);

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

#endif
