/*
 * nested.h — the parts of test_nested.c and the checks they share.
 */
#ifndef FOLD_TEST_NESTED_H
#define FOLD_TEST_NESTED_H

#include "fixture.h"

#define H FOLD_ITEM_HEADER
#define R FOLD_ITEM_ROW
#define C FOLD_ITEM_FLAG_COLLAPSED
#define K FOLD_ITEM_FLAG_COLLAPSIBLE
#define X (FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE)
#define XB FOLD_ITEM_FLAG_EXPANDABLE

/* One expected item: its section by key (the check compares the item's id
 * with fold_table_find_section's and the key read back from the id) and by
 * its index among its parent's children (section_info.index). */
typedef struct expected_item {
    int kind;
    int depth;
    int64_t index; /* the section's index among its siblings */
    int64_t row;
    uint32_t flags;
    double top;
    double height;
    const char *key;
} expected_item;

#define check_list(t, e, content) \
    check_list_(__FILE__, __LINE__, (t), (e), (int64_t)(sizeof(e) / sizeof((e)[0])), (content))

#define check_path(got, gl, want) \
    check_path_(__FILE__, __LINE__, (got), (gl), (want), (int64_t)(sizeof(want) / sizeof((want)[0])))

#define check_info(t, id, parent, index, depth, flags, children, rows, visible) \
    check_info_(__FILE__, __LINE__, (t), (id), (parent), (index), (depth), (flags), (children), (rows), (visible))

extern const expected_item nested[];

void check_list_(const char *file, int line, const fold_table *t, const expected_item *e, int64_t count,
                 double content);
void check_path_(const char *file, int line, const int64_t *got, int64_t got_length, const int64_t *want,
                 int64_t want_length);
int64_t item_path(const fold_table *t, int64_t position, int64_t *path, int64_t capacity);
fold_section_id at_path(const fold_table *t, const int64_t *path, int64_t length);
int is_expanded(const fold_table *t, fold_section_id section, int64_t row);
int is_expandable(const fold_table *t, fold_section_id section, int64_t row);
double expanded_height(const fold_table *t, fold_section_id section, int64_t row);
void check_info_(const char *file, int line, const fold_table *t, fold_section_id id, fold_section_id parent,
                 int64_t index, int32_t depth, uint32_t flags, int64_t children,
                 int64_t rows, int64_t visible_rows);
fold_table *nested_table(void);
void test_nesting(void);
void test_paths_edit(void);
void test_expandable(void);
void test_sticky(void);

#endif /* FOLD_TEST_NESTED_H */
