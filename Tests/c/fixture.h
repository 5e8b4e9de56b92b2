/*
 * fixture.h — shared fixtures of the C tests: building tables and reading
 * sections by key in one line, so each test says what it checks.
 *
 * Every helper counts one check (check.h) for the calls it makes and
 * returns a neutral value (0, NULL, -1) when a call fails, so a test goes on
 * and reports the failure where it happened.
 *
 *   new_table(options)          fold_table_new, NULL options for defaults
 *   must_table(options)         new_table, or the test stops (prints the
 *                               counts and exits 1) when there is no table
 *   add(t, parent, key, header, rows)
 *                               appends a section; returns its id
 *   sec(t, key)                 the id of the section with `key`
 *   top(t, index)               the id of top-level section `index`
 *   info(t, id)                 fold_table_section_info (zeroed on failure)
 *   is_collapsed(t, id)         1 / 0 from the stored state
 *   row_count(t, id), item_count(t), section_count(t)
 *   text(t, id, which)          a section text (FOLD_TEXT_*), in one of
 *                               eight rotating static buffers; NULL on failure
 */
#ifndef FOLD_TEST_FIXTURE_H
#define FOLD_TEST_FIXTURE_H

#include <stdlib.h>

#include "check.h"

static inline fold_table *new_table(const fold_table_options *options)
{
    fold_table *t = NULL;
    if (!CHECK_STATUS(fold_table_new(options, &t), FOLD_OK)) return NULL;
    return t;
}

static inline fold_table *must_table(const fold_table_options *options)
{
    fold_table *t = new_table(options);
    if (t == NULL) {
        fprintf(stderr, "cannot create a table; stopping\n");
        check_done();
        exit(1);
    }
    return t;
}

static inline fold_section_id add(fold_table *t, fold_section_id parent, const char *key,
                                  const char *header, int64_t rows)
{
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_insert_section(t, parent, FOLD_INDEX_END, key, header, rows, 0, &id),
                      FOLD_OK))
        return 0;
    return id;
}

static inline fold_section_id sec(const fold_table *t, const char *key)
{
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_find_section(t, key, &id), FOLD_OK)) return 0;
    return id;
}

static inline fold_section_id top(const fold_table *t, int64_t index)
{
    int32_t kind = -1;
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, index, &kind, &id, NULL), FOLD_OK)) return 0;
    return id;
}

static inline fold_section_info info(const fold_table *t, fold_section_id id)
{
    fold_section_info i;
    memset(&i, 0, sizeof i);
    if (!CHECK_STATUS(fold_table_section_info(t, id, &i), FOLD_OK)) memset(&i, 0, sizeof i);
    return i;
}

static inline int is_collapsed(const fold_table *t, fold_section_id id)
{
    return (info(t, id).flags & FOLD_SECTION_COLLAPSED) != 0;
}

static inline int64_t row_count(const fold_table *t, fold_section_id id)
{
    return info(t, id).row_count;
}

static inline int64_t item_count(const fold_table *t)
{
    int64_t n = -1;
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    return n;
}

static inline int64_t section_count(const fold_table *t)
{
    int64_t n = -1;
    CHECK_STATUS(fold_table_child_count(t, FOLD_ROOT, &n), FOLD_OK);
    return n;
}

static inline const char *text(const fold_table *t, fold_section_id id, int32_t which)
{
    static char buffers[8][512];
    static int next = 0;
    char *b = buffers[next];
    next = (next + 1) % 8;
    size_t length = 0;
    if (!CHECK_STATUS(fold_table_section_text(t, id, which, b, sizeof buffers[0], &length), FOLD_OK))
        return NULL;
    CHECK(length < sizeof buffers[0]);
    return b;
}

#endif /* FOLD_TEST_FIXTURE_H */
