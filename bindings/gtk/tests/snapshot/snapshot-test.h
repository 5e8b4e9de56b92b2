/*
 * snapshot-test.h — the parts of gtk-snapshot (tests/test-snapshot.c holds
 * main() and the snapshots step by step; tests/snapshot/ the rest), one
 * program: foldtable-gtk-test-snapshot. Checks through Tests/c/check.h with
 * one set of counters (CHECK_SHARED_COUNTERS).
 */
#ifndef FOLD_GTK_TEST_SNAPSHOT_H
#define FOLD_GTK_TEST_SNAPSHOT_H

#include "foldtable-gtk.h"
#include "fold-store.h"

#include "check.h"

/* bytes.c: random and corrupted snapshots read two ways must agree. */
void test_snapshot_bytes(void);

#endif
