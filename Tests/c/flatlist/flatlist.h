/*
 * flatlist.h — the parts of test_flatlist.c and the checks they share.
 */
#ifndef FOLD_TEST_FLATLIST_H
#define FOLD_TEST_FLATLIST_H

#include "fixture.h"

#define H FOLD_ITEM_HEADER
#define R FOLD_ITEM_ROW
#define F FOLD_ITEM_FOOTER
#define C FOLD_ITEM_FLAG_COLLAPSED
#define K FOLD_ITEM_FLAG_COLLAPSIBLE

typedef struct expected_item {
    int kind;
    int64_t section;
    int64_t row;
    uint32_t flags;
    double top;
    double height;
} expected_item;

#define check_list(t, e, content) \
    check_list_(__FILE__, __LINE__, (t), (e), (int64_t)(sizeof(e) / sizeof((e)[0])), (content))

#define check_offset(t, y, p, pl) check_offset_(__FILE__, __LINE__, (t), (y), (p), (pl))

#define check_visible(t, off, h, ov, e, first, count) \
    check_visible_(__FILE__, __LINE__, (t), (off), (h), (ov), (e), (first), (count))

void check_list_(const char *file, int line, const fold_table *t, const expected_item *e, int64_t count,
                 double content);
void check_offset_(const char *file, int line, const fold_table *t, double y, int64_t position,
                   int32_t place);
void check_visible_(const char *file, int line, const fold_table *t, double offset, double height,
                    int64_t overscan, const expected_item *e, int64_t first,
                    int64_t count);
void test_worked_example(void);
void test_worked_example_offsets(void);
void test_worked_example_viewports(void);
void test_padding_and_footers(void);
void test_zero_heights(void);
void test_empty_table(void);
void test_fractional_heights(void);
void test_no_header(void);
void test_activate_refused(void);

#endif /* FOLD_TEST_FLATLIST_H */
