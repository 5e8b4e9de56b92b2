/*
 * bad_input.h — the parts of test_bad_input.c: the snapshot of what a caller
 * observes, the table under test, the FAILS checks, and the tests.
 */
#ifndef FOLD_TEST_BAD_INPUT_H
#define FOLD_TEST_BAD_INPUT_H

#include "fixture.h"

#define NBAD_HEIGHTS 9

#define NBAD_UTF8 8

#define NBAD_INDEX 4

#define MAXS 8
#define MAXI 64
#define MAXR 16

typedef struct snapshot {
    fold_table_options options;
    int64_t sections;
    int64_t items;
    double content;
    uint64_t structure; /* fold_table_structure_version */
    fold_item item[MAXI];
    double top[MAXI];
    double height[MAXI];
    int64_t state_count;
    fold_section_id id[MAXS];
    int32_t state_collapsed[MAXS];
    char key[MAXS][32];
    char header[MAXS][64];
    char indicator[MAXS][16];
    int has_detail[MAXS];
    fold_section_info info[MAXS];
    fold_row_info row[MAXS][MAXR];
    int64_t expanded;
    fold_section_id expanded_section[MAXR];
    int64_t expanded_row[MAXR];
} snapshot;

#define FAILS(call, expected) fails_(__FILE__, __LINE__, #call, (call), (expected))

#define FAILS_SAYING(call, expected, what) says_(__FILE__, __LINE__, #call, (call), (expected), (what))

#define FAILS_NO_TABLE(call, expected) fails_no_table_(__FILE__, __LINE__, #call, (call), (expected))

/* Every function on row 0 of section `s` of table `t`, each checked with
 * CHECK_FAILS(call, expected): one list for the NULL-table and the bad-id
 * tests, so a new row function is added to both at once. Uses the caller's
 * `hs` (two heights), `ri` (fold_row_info) and `c` (int). */
#define EACH_ROW_CALL(CHECK_FAILS, t, s, expected)                               \
    do {                                                                          \
        CHECK_FAILS(fold_table_set_row_height(t, s, 0, 10), expected);            \
        CHECK_FAILS(fold_table_set_row_heights(t, s, 0, 2, hs), expected);        \
        CHECK_FAILS(fold_table_row_info(t, s, 0, &ri), expected);                 \
        CHECK_FAILS(fold_table_set_row_expanded_height(t, s, 0, 90), expected);   \
        CHECK_FAILS(fold_table_expand_row(t, s, 0, &c), expected);                \
        CHECK_FAILS(fold_table_collapse_row(t, s, 0, &c), expected);              \
        CHECK_FAILS(fold_table_toggle_row(t, s, 0, &c), expected);                \
    } while (0)

extern double bad_heights[NBAD_HEIGHTS];
extern const char *bad_height_names[NBAD_HEIGHTS];
extern const char *const bad_utf8[NBAD_UTF8];
extern const int64_t bad_index_extra[NBAD_INDEX];
extern fold_table *table;
extern snapshot before;
extern int64_t nsections;
extern fold_section_id mac, ipad, empty, watch;
extern fold_section_id removed_id;
extern fold_section_id removed_sub;
extern fold_section_id foreign_id;
extern fold_table *other;
extern fold_table *current;
extern snapshot *current_before;

double nan_value(void);
double inf_value(void);
void init_bad_heights(void);
int take_snapshot(const fold_table *t, snapshot *s);
const char *snapshot_diff(const snapshot *a, const snapshot *b);
void make_table(void);
void fails_(const char *file, int line, const char *expr, int got, int expected);
void says_(const char *file, int line, const char *expr, int got, int expected, const char *what);
void fails_no_table_(const char *file, int line, const char *expr, int got, int expected);
void test_messages_and_names(void);
void test_new(void);
int never_called_height(fold_table *t, fold_section_id section, const char *key, int64_t row,
                        double *out_height, void *user_data);
void test_null_table(void);
void test_null_outputs(void);
void test_bad_strings(void);
void test_bad_ids(void);
void test_ranges(void);
void test_unknown_constants(void);
void test_bad_heights(void);
void test_other_not_found(void);
void test_text_buffers(void);
void test_not_allowed(void);
void test_still_usable(void);

#endif /* FOLD_TEST_BAD_INPUT_H */
