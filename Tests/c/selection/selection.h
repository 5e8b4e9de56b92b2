/*
 * selection.h — the parts of test_selection.c and the helpers they share.
 *
 *   selection_string(t)   the selection as text: "key:row+count" per run,
 *                         "key" for a section (a static buffer)
 *   flag_string(t, n)     which of the first n items carry
 *                         FOLD_ITEM_FLAG_SELECTED, as '0' and '1'
 *   redraw_string(seen)   the redraw ranges a listener heard
 *   item_flags, counted_rows/_sections, row_selected, section_selected,
 *   check_anchor          one query each, checked to succeed
 */
#ifndef FOLD_TEST_SELECTION_H
#define FOLD_TEST_SELECTION_H

#include "fixture.h"

const char *redraw_string(const seen_changes *s);
uint32_t item_flags(const fold_table *t, int64_t position);
const char *flag_string(const fold_table *t, int64_t n);
int64_t counted_rows(const fold_table *t, fold_section_id within);
int64_t counted_sections(const fold_table *t, fold_section_id within);
int row_selected(const fold_table *t, fold_section_id s, int64_t row);
int section_selected(const fold_table *t, fold_section_id s);
const char *selection_string(const fold_table *t);
void check_anchor(const fold_table *t, fold_section_id section, int64_t row);

/* basics.c: selecting with each `how`, the range rule, nesting, modes. */
void test_basics(void);
void test_range_rule(void);
void test_nested(void);
void test_hidden_only(void);
void test_modes(void);

/* kept.c: the selection through edits, snapshots, loads, listeners and saved state. */
void test_kept(void);
void test_snapshot_and_load(void);
void test_busy(void);
void test_saved_state(void);

/* limits.c: bad input per function, long runs, pending marks. */
void test_bad_input(void);
void test_long_runs(void);
void test_pending_marks(void);
void test_section_counts_current(void);

#endif
