/*
 * sections.h — the parts of test_sections.c and the checks they share.
 */
#ifndef FOLD_TEST_SECTIONS_H
#define FOLD_TEST_SECTIONS_H

#include "fixture.h"

#define EN_DASH "\xE2\x80\x93"

#define check_sections(t, keys, rows) check_sections_(__FILE__, __LINE__, (t), (keys), (rows))

#define check_header(t, id, title, detail) check_header_(__FILE__, __LINE__, (t), (id), (title), (detail))

/* One expected item for check_items: position, kind, section, row, top, height. */
typedef struct item_case {
    int64_t position;
    int kind;
    fold_section_id section;
    int64_t row;
    double top;
    double height;
} item_case;
#define check_items(t, cases) \
    check_items_(__FILE__, __LINE__, (t), (cases), sizeof(cases) / sizeof((cases)[0]))
#define check_item(t, p, k, s, r, top, h) check_item_(__FILE__, __LINE__, (t), (p), (k), (s), (r), (top), (h))

#define check_heights(t, id, h, f, r) check_heights_(__FILE__, __LINE__, (t), (id), (h), (f), (r))

void check_sections_(const char *file, int line, const fold_table *t, const char *const *keys,
                     const int64_t *rows);
void check_header_(const char *file, int line, const fold_table *t, fold_section_id id, const char *title,
                   const char *detail);
void check_item_(const char *file, int line, const fold_table *t, int64_t position, int kind,
                 fold_section_id section, int64_t row, double top, double height);
void check_items_(const char *file, int line, const fold_table *t, const item_case *cases,
                  size_t count);
void check_heights_(const char *file, int line, const fold_table *t, fold_section_id id, double header,
                    double footer, double row);
double row_height_of(const fold_table *t, fold_section_id id, int64_t row);
fold_section_id insert_at(fold_table *t, int64_t index, const char *key, const char *header,
                          int64_t rows);
void test_append_and_lookup(void);
void test_insert_positions(void);
void test_remove(void);
void test_ids_of_other_tables(void);
void test_move(void);
void test_header_text(void);
void test_heights(void);
void test_table_defaults(void);
void test_insert_flags(void);
void test_structure_version(void);

#endif /* FOLD_TEST_SECTIONS_H */
