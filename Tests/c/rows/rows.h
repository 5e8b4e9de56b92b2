/*
 * rows.h — the parts of test_rows.c and the checks they share.
 */
#ifndef FOLD_TEST_ROWS_H
#define FOLD_TEST_ROWS_H

#include "fixture.h"

#define check_rows(t, s, heights, count) check_rows_(__FILE__, __LINE__, (t), (s), (heights), (count))


void check_rows_(const char *file, int line, const fold_table *t, fold_section_id section,
                 const double *heights, int64_t count);
double height_of(const fold_table *t, fold_section_id section, int64_t row);
void test_insert_remove(void);
void test_set_heights(void);
void test_collapsed_rows(void);
void test_limits(void);
void test_move_rows(void);
void test_expanded_provider(void);

#endif /* FOLD_TEST_ROWS_H */
