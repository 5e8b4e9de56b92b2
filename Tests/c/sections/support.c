/*
 * sections/support.c — checks of sections, headers, items and heights, and
 * insert_at.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sections.h"

/* ---- helpers --------------------------------------------------------- */

/* A table or stop: the tests below cannot go on without one. */
/* Checks that the top-level sections are, in order, exactly the keys of
 * `keys` (NULL-terminated), each with its row count from `rows`: by child
 * index (child_at) and by key (find_section), which must give the same id,
 * whose info says where it is. */
void check_sections_(const char *file, int line, const fold_table *t, const char *const *keys,
                     const int64_t *rows)
{
    long failed_before = check_failed_so_far();
    int64_t n = -1, i, count = 0;
    while (keys[count] != NULL) {
        count++;
    }
    CHECK_STATUS(fold_table_child_count(t, FOLD_ROOT, &n), FOLD_OK);
    CHECK_EQ_I64(n, count);
    for (i = 0; i < count && i < n; i++) {
        int32_t kind = -1;
        fold_section_id id = 0, by_key = 0;
        int64_t row = -7;
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, i, &kind, &id, &row), FOLD_OK);
        CHECK_EQ_I64(kind, FOLD_CHILD_SECTION);
        CHECK_EQ_I64(row, -1);
        CHECK(id != 0);
        CHECK_STR(text(t, id, FOLD_TEXT_KEY), keys[i]);
        CHECK_STATUS(fold_table_find_section(t, keys[i], &by_key), FOLD_OK);
        CHECK_EQ_I64(by_key, id);
        fold_section_info in = info(t, id);
        CHECK_EQ_I64(in.parent, FOLD_ROOT);
        CHECK_EQ_I64(in.index, i);
        CHECK_EQ_I64(in.depth, 0);
        if (rows != NULL) {
            CHECK_EQ_I64(in.row_count, rows[i]);
            CHECK_EQ_I64(in.child_count, rows[i]);
        }
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_sections called from %s:%d)\n", file, line);
    }
}

/* Checks the title and detail of the header of section `id` and that the
 * whole header text is "title|detail" (or "title"); `detail` NULL means
 * "the header has no '|'": FOLD_TEXT_DETAIL is FOLD_E_NOT_FOUND. */
void check_header_(const char *file, int line, const fold_table *t, fold_section_id id, const char *title,
                   const char *detail)
{
    long failed_before = check_failed_so_far();
    char whole[512];
    CHECK_STR(text(t, id, FOLD_TEXT_TITLE), title);
    if (detail == NULL) {
        char buffer[16] = "sentinel";
        size_t length = 77;
        CHECK_STATUS(fold_table_section_text(t, id, FOLD_TEXT_DETAIL, buffer, sizeof buffer,
                                             &length),
                     FOLD_E_NOT_FOUND);
        CHECK_STR(buffer, "sentinel"); /* outputs untouched on failure */
        CHECK_EQ_I64(length, 77);
        snprintf(whole, sizeof whole, "%s", title);
    } else {
        CHECK_STR(text(t, id, FOLD_TEXT_DETAIL), detail);
        snprintf(whole, sizeof whole, "%s|%s", title, detail);
    }
    CHECK_STR(text(t, id, FOLD_TEXT_HEADER), whole);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_header called from %s:%d)\n", file, line);
    }
}

/* Checks one item of the flat list: kind, section id, row, top and height. */
void check_item_(const char *file, int line, const fold_table *t, int64_t position, int kind,
                 fold_section_id section, int64_t row, double top, double height)
{
    long failed_before = check_failed_so_far();
    fold_item item;
    double got = -1;
    memset(&item, 0x5A, sizeof item);
    if (CHECK_STATUS(fold_table_item_at(t, position, &item), FOLD_OK)) {
        CHECK_EQ_I64(item.kind, kind);
        CHECK_EQ_I64(item.section, section);
        CHECK_EQ_I64(item.row, row);
        CHECK_EQ_I64(item.depth, 0);
    }
    CHECK_STATUS(fold_table_item_top(t, position, &got), FOLD_OK);
    CHECK_EQ_DBL(got, top);
    CHECK_STATUS(fold_table_item_height(t, position, &got), FOLD_OK);
    CHECK_EQ_DBL(got, height);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_item(position %lld) called from %s:%d)\n",
                (long long)position, file, line);
    }
}

/* check_item for each of `cases`, in order. */
void check_items_(const char *file, int line, const fold_table *t, const item_case *cases,
                  size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        check_item_(file, line, t, cases[i].position, cases[i].kind, cases[i].section, cases[i].row,
                    cases[i].top, cases[i].height);
    }
}

void check_heights_(const char *file, int line, const fold_table *t, fold_section_id id, double header,
                    double footer, double row)
{
    long failed_before = check_failed_so_far();
    fold_section_info in = info(t, id);
    CHECK_EQ_DBL(in.header_height, header);
    CHECK_EQ_DBL(in.footer_height, footer);
    CHECK_EQ_DBL(in.row_height, row);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_heights called from %s:%d)\n", file, line);
    }
}

double row_height_of(const fold_table *t, fold_section_id id, int64_t row)
{
    fold_row_info ri;
    memset(&ri, 0, sizeof ri);
    if (!CHECK_STATUS(fold_table_row_info(t, id, row, &ri), FOLD_OK)) return -1;
    return ri.height;
}

fold_section_id insert_at(fold_table *t, int64_t index, const char *key, const char *header,
                          int64_t rows)
{
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, index, key, header, rows, 0, &id),
                      FOLD_OK))
        return 0;
    CHECK(id != 0);
    return id;
}
