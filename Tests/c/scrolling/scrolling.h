/*
 * scrolling.h — the parts of test_scrolling.c and the helpers they share.
 */
#ifndef FOLD_TEST_SCROLLING_H
#define FOLD_TEST_SCROLLING_H

#include "fixture.h"

/* A table with header 30 and rows 20, follow_end as given, and section
 * "log" with `rows` rows (none for 0): content 30 + 20 * rows. A change
 * listener (fixture.h's hook_changes) records into *heard (optional): how
 * many sets (calls), the last one's anchored flag and offset. */
fold_table *log_table(int64_t rows, int32_t follow, hook *heard);
/* The viewport's offset (NaN when none is set). */
double viewport_offset(const fold_table *t);

void test_follow_end_options(void);
void test_follow_end_bad_input(void);
void test_follow_end_appends(void);
void test_follow_end_short_content(void);
void test_follow_end_heights(void);
void test_follow_end_measure(void);
void test_follow_end_expand_collapse(void);
void test_follow_end_removals(void);
void test_follow_end_off(void);
void test_anchor_without_item(void);

#endif /* FOLD_TEST_SCROLLING_H */
