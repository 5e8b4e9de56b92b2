/*
 * The later parts of foldtable.h: nested sections (keys, paths, children,
 * moves), expandable rows with accordion policies, activation, and sticky
 * headers. Hand-computed values, default options (row 44, header 28).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "foldtable.h"

#define H FOLD_ITEM_HEADER
#define R FOLD_ITEM_ROW
#define C FOLD_ITEM_FLAG_COLLAPSED
#define X (FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE)
#define XB FOLD_ITEM_FLAG_EXPANDABLE

typedef struct expected_item {
    int kind;
    int depth;
    int64_t section;
    int64_t row;
    uint32_t flags;
    double top;
    double height;
    const char *key; /* fold_table_item_key */
} expected_item;

static fold_table *new_table(const fold_table_options *options)
{
    fold_table *t = NULL;
    if (!CHECK_STATUS(fold_table_new(options, &t), FOLD_OK) || t == NULL) {
        fprintf(stderr, "cannot create a table; stopping\n");
        check_done();
        exit(1);
    }
    return t;
}

static void check_list_(int line, const fold_table *t, const expected_item *e, int64_t count,
                        double content)
{
    long failed_before = check_failed_so_far();
    int64_t n = -1, i;
    double got = -1;
    fold_item item;
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, count);
    for (i = 0; i < count; i++) {
        char *key = NULL;
        if (CHECK_STATUS(fold_table_item_at(t, i, &item), FOLD_OK)) {
            CHECK_EQ_I64(item.kind, e[i].kind);
            CHECK_EQ_I64(item.depth, e[i].depth);
            CHECK_EQ_I64(item.section, e[i].section);
            CHECK_EQ_I64(item.row, e[i].row);
            CHECK_EQ_I64(item.flags, e[i].flags);
        }
        CHECK_STATUS(fold_table_item_top(t, i, &got), FOLD_OK);
        CHECK_EQ_DBL(got, e[i].top);
        CHECK_STATUS(fold_table_item_height(t, i, &got), FOLD_OK);
        CHECK_EQ_DBL(got, e[i].height);
        if (CHECK_STATUS(fold_table_item_key(t, i, &key), FOLD_OK)) {
            CHECK_STR(key, e[i].key);
            fold_free(key);
        }
    }
    CHECK_STATUS(fold_table_content_height(t, &got), FOLD_OK);
    CHECK_EQ_DBL(got, content);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_list called from line %d)\n", line);
    }
}
#define check_list(t, e, content) \
    check_list_(__LINE__, (t), (e), (int64_t)(sizeof(e) / sizeof((e)[0])), (content))

static void check_path_(int line, const int64_t *got, int64_t got_length, const int64_t *want,
                        int64_t want_length)
{
    long failed_before = check_failed_so_far();
    int64_t i;
    CHECK_EQ_I64(got_length, want_length);
    for (i = 0; i < want_length && i < got_length; i++) {
        CHECK_EQ_I64(got[i], want[i]);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_path called from line %d)\n", line);
    }
}
#define check_path(got, gl, want) \
    check_path_(__LINE__, (got), (gl), (want), (int64_t)(sizeof(want) / sizeof((want)[0])))

/* ---- nesting ----------------------------------------------------------- */

/* A: row0, A1 (rows 0 and 1), row1; B: row0. */
static const expected_item nested[] = {
    {H, 0, 0, -1, 0, 0, 28, "A"},    {R, 0, 0, 0, 0, 28, 44, "A"},
    {H, 1, 1, -1, 0, 72, 28, "A1"},  {R, 1, 1, 0, 0, 100, 44, "A1"},
    {R, 1, 1, 1, 0, 144, 44, "A1"},  {R, 0, 0, 1, 0, 188, 44, "A"},
    {H, 0, 1, -1, 0, 232, 28, "B"},  {R, 0, 1, 0, 0, 260, 44, "B"},
};
/* A1 collapsed. */
static const expected_item nested_a1_collapsed[] = {
    {H, 0, 0, -1, 0, 0, 28, "A"},   {R, 0, 0, 0, 0, 28, 44, "A"},
    {H, 1, 1, -1, C, 72, 28, "A1"}, {R, 0, 0, 1, 0, 100, 44, "A"},
    {H, 0, 1, -1, 0, 144, 28, "B"}, {R, 0, 1, 0, 0, 172, 44, "B"},
};
/* A collapsed (A1 keeps its own state). */
static const expected_item nested_a_collapsed[] = {
    {H, 0, 0, -1, C, 0, 28, "A"},
    {H, 0, 1, -1, 0, 28, 28, "B"},
    {R, 0, 1, 0, 0, 56, 44, "B"},
};
/* After move_section_to("A1", NULL, 1): A (2 rows), A1 (2 rows), B. */
static const expected_item moved[] = {
    {H, 0, 0, -1, 0, 0, 28, "A"},    {R, 0, 0, 0, 0, 28, 44, "A"},
    {R, 0, 0, 1, 0, 72, 44, "A"},    {H, 0, 1, -1, 0, 116, 28, "A1"},
    {R, 0, 1, 0, 0, 144, 44, "A1"},  {R, 0, 1, 1, 0, 188, 44, "A1"},
    {H, 0, 2, -1, 0, 232, 28, "B"},  {R, 0, 2, 0, 0, 260, 44, "B"},
};

static fold_table *nested_table(void)
{
    fold_table *t = new_table(NULL);
    CHECK_STATUS(fold_table_append_section(t, "A", "A|first", 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "B", "B", 1), FOLD_OK);
    CHECK_STATUS(fold_table_insert_subsection(t, "A", 1, "A1", "A1|inner", 2), FOLD_OK);
    return t;
}

static void test_nesting(void)
{
    fold_table *t = nested_table();
    int64_t n = -1, path[4], length = -1, pos = -1;
    int32_t kind = -1;
    int64_t row = -9;
    char *key = NULL;
    static const int64_t p_a[] = {0}, p_a1[] = {0, 1}, p_b[] = {1};
    static const int64_t p_a1_r0[] = {0, 1, 0}, p_a_r1[] = {0, 2};

    check_list(t, nested, 304);

    /* Children. */
    CHECK_STATUS(fold_table_child_count(t, NULL, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_STATUS(fold_table_child_count(t, "A", &n), FOLD_OK);
    CHECK_EQ_I64(n, 3);
    CHECK_STATUS(fold_table_child_count(t, "A1", &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_STATUS(fold_table_child_at(t, "A", 0, &kind, &row, &key), FOLD_OK);
    CHECK_EQ_I64(kind, FOLD_CHILD_ROW);
    CHECK_EQ_I64(row, 0);
    CHECK(key == NULL);
    CHECK_STATUS(fold_table_child_at(t, "A", 1, &kind, &row, &key), FOLD_OK);
    CHECK_EQ_I64(kind, FOLD_CHILD_SECTION);
    CHECK_EQ_I64(row, -1);
    CHECK_STR(key, "A1");
    fold_free(key);
    key = NULL;
    CHECK_STATUS(fold_table_child_at(t, "A", 2, &kind, NULL, NULL), FOLD_OK);
    CHECK_EQ_I64(kind, FOLD_CHILD_ROW);
    CHECK_STATUS(fold_table_child_at(t, "A", 2, &kind, &row, NULL), FOLD_OK);
    CHECK_EQ_I64(row, 1);
    CHECK_STATUS(fold_table_child_at(t, NULL, 1, &kind, &row, &key), FOLD_OK);
    CHECK_EQ_I64(kind, FOLD_CHILD_SECTION);
    CHECK_STR(key, "B");
    fold_free(key);
    key = NULL;
    CHECK_STATUS(fold_table_child_at(t, "A", 3, &kind, &row, &key), FOLD_E_RANGE);

    /* Parents, depths, paths. */
    CHECK_STATUS(fold_table_section_parent(t, "A1", &key), FOLD_OK);
    CHECK_STR(key, "A");
    fold_free(key);
    key = (char *)"sentinel";
    CHECK_STATUS(fold_table_section_parent(t, "A", &key), FOLD_OK);
    CHECK(key == NULL);
    CHECK_STATUS(fold_table_section_depth(t, "A1", &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    CHECK_STATUS(fold_table_section_depth(t, "B", &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_STATUS(fold_table_section_path(t, "A1", path, 4, &length), FOLD_OK);
    check_path(path, length, p_a1);
    CHECK_STATUS(fold_table_section_path(t, "A1", NULL, 0, &length), FOLD_OK);
    CHECK_EQ_I64(length, 2);
    path[0] = path[1] = 99;
    CHECK_STATUS(fold_table_section_path(t, "A1", path, 1, &length), FOLD_OK);
    CHECK_EQ_I64(length, 2);
    CHECK_EQ_I64(path[0], 0);
    CHECK_EQ_I64(path[1], 99);
    CHECK_STATUS(fold_table_section_path(t, "B", path, 4, &length), FOLD_OK);
    check_path(path, length, p_b);
    CHECK_STATUS(fold_table_path_key(t, p_a1, 2, &key), FOLD_OK);
    CHECK_STR(key, "A1");
    fold_free(key);
    CHECK_STATUS(fold_table_path_key(t, p_b, 1, &key), FOLD_OK);
    CHECK_STR(key, "B");
    fold_free(key);

    /* Positions by path and by key. */
    CHECK_STATUS(fold_table_path_position(t, p_a, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 0);
    CHECK_STATUS(fold_table_path_position(t, p_a1, 2, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 2);
    CHECK_STATUS(fold_table_path_position(t, p_a1_r0, 3, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 3);
    CHECK_STATUS(fold_table_path_position(t, p_a_r1, 2, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    CHECK_STATUS(fold_table_path_position(t, p_b, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 6);
    CHECK_STATUS(fold_table_item_path(t, 3, path, 4, &length), FOLD_OK);
    check_path(path, length, p_a1_r0);
    CHECK_STATUS(fold_table_item_path(t, 5, path, 4, &length), FOLD_OK);
    check_path(path, length, p_a_r1);
    CHECK_STATUS(fold_table_item_path(t, 2, path, 4, &length), FOLD_OK);
    check_path(path, length, p_a1);
    CHECK_STATUS(fold_table_item_path(t, 6, path, 4, &length), FOLD_OK);
    check_path(path, length, p_b);
    CHECK_STATUS(fold_table_header_position_key(t, "A1", &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 2);
    CHECK_STATUS(fold_table_row_position_key(t, "A1", 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_STATUS(fold_table_row_position_key(t, "A", 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    CHECK_STATUS(fold_table_footer_position_key(t, "A1", &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_row_count_key(t, "A", &n), FOLD_OK);
    CHECK_EQ_I64(n, 2); /* rows only */
    CHECK_STATUS(fold_table_row_count(t, 0, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_STATUS(fold_table_row_count_key(t, "A1", &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);

    /* Keys are unique in the whole table. */
    CHECK_STATUS(fold_table_append_section(t, "A1", NULL, 0), FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_insert_subsection(t, "B", 0, "A", NULL, 0), FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_insert_subsection(t, "nope", 0, "C", NULL, 0), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_insert_subsection(t, "A", 4, "C", NULL, 0), FOLD_E_RANGE);
    /* Rows belong in a section. */
    CHECK_STATUS(fold_table_insert_child_rows(t, NULL, 0, 1, NULL), FOLD_E_INVALID);
    check_list(t, nested, 304);

    /* Collapsing: A1 alone, then A hides its subtree, A1 keeps its state. */
    CHECK_STATUS(fold_table_collapse_key(t, "A1", NULL), FOLD_OK);
    check_list(t, nested_a1_collapsed, 216);
    CHECK_STATUS(fold_table_row_position_key(t, "A1", 0, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_path_position(t, p_a1_r0, 3, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_collapse_key(t, "A", NULL), FOLD_OK);
    check_list(t, nested_a_collapsed, 100);
    CHECK_STATUS(fold_table_header_position_key(t, "A1", &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_expand_key(t, "A", NULL), FOLD_OK);
    check_list(t, nested_a1_collapsed, 216);
    CHECK_STATUS(fold_table_expand_key(t, "A1", NULL), FOLD_OK);
    check_list(t, nested, 304);

    /* Moving a section out to the top level, then into its own subtree. */
    CHECK_STATUS(fold_table_move_section_to(t, "A1", NULL, 1), FOLD_OK);
    check_list(t, moved, 304);
    CHECK_STATUS(fold_table_section_parent(t, "A1", &key), FOLD_OK);
    CHECK(key == NULL);
    CHECK_STATUS(fold_table_move_section_to(t, "B", "A1", 2), FOLD_OK);
    CHECK_STATUS(fold_table_section_depth(t, "B", &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    CHECK_STATUS(fold_table_move_section_to(t, "A1", "B", 0), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_move_section_to(t, "A1", "A1", 0), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_move_section_to(t, "B", NULL, 2), FOLD_OK);
    check_list(t, moved, 304);

    /* Removing children: A's two rows. */
    CHECK_STATUS(fold_table_remove_children(t, "A", 0, 2), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    /* Removing a subsection with everything inside it: A1 from the top. */
    CHECK_STATUS(fold_table_remove_children(t, NULL, 1, 1), FOLD_OK);
    CHECK_STATUS(fold_table_section_index(t, "A1", &n), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 3); /* A h, B h, B r0 */
    fold_table_free(t);
}

static void test_paths_edit(void)
{
    fold_table *t = new_table(NULL);
    static const int64_t top0[] = {0}, in0[] = {0, 0}, in0_1[] = {0, 1}, sub[] = {0, 0, 0};
    static const int64_t from[] = {0, 0, 1}, to[] = {0, 1};
    int64_t n = -1;
    char *key = NULL;

    CHECK_STATUS(fold_table_insert_section_at_path(t, top0, 1, "S", "S", 1), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section_at_path(t, in0, 2, "T", "T", 0), FOLD_OK);
    /* S: T (no rows), row0 */
    CHECK_STATUS(fold_table_child_count(t, "S", &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_STATUS(fold_table_insert_rows_at_path(t, sub, 3, 3, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_row_count_key(t, "T", &n), FOLD_OK);
    CHECK_EQ_I64(n, 3);
    CHECK_STATUS(fold_table_path_key(t, in0, 2, &key), FOLD_OK);
    CHECK_STR(key, "T");
    fold_free(key);
    /* Move T's row 1 out into S, as S's child 1 (between T and S's row). */
    CHECK_STATUS(fold_table_move_at_path(t, from, 3, to, 2), FOLD_OK);
    CHECK_STATUS(fold_table_row_count_key(t, "T", &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_STATUS(fold_table_row_count_key(t, "S", &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    /* Remove S's child 1 (the moved row). */
    CHECK_STATUS(fold_table_remove_at_path(t, in0_1, 2, 1), FOLD_OK);
    CHECK_STATUS(fold_table_row_count_key(t, "S", &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    /* S h, T h, T r0, T r1, S r0 */
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 5);
    fold_table_free(t);
}

/* ---- expandable rows ----------------------------------------------------- */

static void test_expandable(void)
{
    fold_table *t = new_table(NULL);
    int changed = -1, v = -1;
    double h = -1;
    int32_t action = -1;
    fold_row_ref *refs = NULL;
    int64_t n = -1;
    /* E: h 0, rows 28, 72 (expanded 100), 172; F: h 216, row 244 */
    static const expected_item e1[] = {
        {H, 0, 0, -1, 0, 0, 28, "E"},    {R, 0, 0, 0, 0, 28, 44, "E"},
        {R, 0, 0, 1, X, 72, 100, "E"},   {R, 0, 0, 2, XB, 172, 44, "E"},
        {H, 0, 1, -1, 0, 216, 28, "F"},  {R, 0, 1, 0, XB, 244, 44, "F"},
    };

    CHECK_STATUS(fold_table_append_section(t, "E", "E", 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "F", "F", 1), FOLD_OK);
    CHECK_STATUS(fold_table_row_expanded_height(t, "E", 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, FOLD_HEIGHT_DEFAULT);
    CHECK_STATUS(fold_table_is_row_expandable(t, "E", 0, &v), FOLD_OK);
    CHECK_EQ_I64(v, 0);
    changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, "E", 0, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);

    /* Not larger than the height: not expandable. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "E", 0, 44), FOLD_OK);
    CHECK_STATUS(fold_table_is_row_expandable(t, "E", 0, &v), FOLD_OK);
    CHECK_EQ_I64(v, 0);
    CHECK_STATUS(fold_table_row_expanded_height(t, "E", 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 44);

    CHECK_STATUS(fold_table_set_row_expanded_height(t, "E", 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "E", 2, 80), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "F", 0, 60), FOLD_OK);
    CHECK_STATUS(fold_table_is_row_expandable(t, "E", 1, &v), FOLD_OK);
    CHECK_EQ_I64(v, 1);
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 1, &v), FOLD_OK);
    CHECK_EQ_I64(v, 0);
    CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
    CHECK(refs == NULL);
    CHECK_EQ_I64(n, 0);

    changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, "E", 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, "E", 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 1, &v), FOLD_OK);
    CHECK_EQ_I64(v, 1);
    check_list(t, e1, 288);
    /* The row's own height is unchanged. */
    CHECK_STATUS(fold_table_row_height(t, 0, 1, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 44);

    /* MULTIPLE (default): a second one stays alongside. */
    CHECK_STATUS(fold_table_expand_row(t, "F", 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    if (refs != NULL && n == 2) {
        CHECK_STR(refs[0].key, "E");
        CHECK_EQ_I64(refs[0].row, 1);
        CHECK_STR(refs[1].key, "F");
        CHECK_EQ_I64(refs[1].row, 0);
    }
    fold_free(refs);
    refs = NULL;

    /* PER_SECTION: expanding E's row 2 collapses E's row 1, not F's. */
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_PER_SECTION), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, "E", 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 1, &v), FOLD_OK);
    CHECK_EQ_I64(v, 0);
    CHECK_STATUS(fold_table_is_row_expanded(t, "F", 0, &v), FOLD_OK);
    CHECK_EQ_I64(v, 1);
    /* SINGLE: expanding E's row 1 collapses both others. */
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_SINGLE), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, "E", 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    if (refs != NULL && n == 1) {
        CHECK_STR(refs[0].key, "E");
        CHECK_EQ_I64(refs[0].row, 1);
    }
    fold_free(refs);
    refs = NULL;
    check_list(t, e1, 288);

    /* Toggle and collapse. */
    CHECK_STATUS(fold_table_toggle_row(t, "E", 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(fold_table_collapse_row(t, "E", 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 232);

    /* Activation. E: h 0, r0 1, r1 2, r2 3; F: h 4, r0 5. */
    CHECK_STATUS(fold_table_activate(t, 2, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_ROW_EXPANDED);
    CHECK_STATUS(fold_table_activate(t, 2, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_ROW_COLLAPSED);
    CHECK_STATUS(fold_table_activate(t, 1, &action), FOLD_OK); /* not expandable */
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_STATUS(fold_table_is_collapsed(t, 0, &v), FOLD_OK);
    CHECK_EQ_I64(v, 1);
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_EXPANDED);
    CHECK_STATUS(fold_table_activate(t, 3, NULL), FOLD_OK); /* row 2 expands */
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 2, &v), FOLD_OK);
    CHECK_EQ_I64(v, 1);
    CHECK_STATUS(fold_table_activate(t, 6, &action), FOLD_E_RANGE);

    /* The expanded state moves with the row. */
    CHECK_STATUS(fold_table_insert_rows(t, 0, 0, 2, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 4, &v), FOLD_OK);
    CHECK_EQ_I64(v, 1);
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 2, &v), FOLD_OK);
    CHECK_EQ_I64(v, 0);
    CHECK_STATUS(fold_table_row_expanded_height(t, "E", 4, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 80);
    CHECK_STATUS(fold_table_remove_rows(t, 0, 0, 1), FOLD_OK);
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 3, &v), FOLD_OK);
    CHECK_EQ_I64(v, 1);

    /* A height that reaches the expanded height collapses the row ("A row
     * whose expanded height stops being larger than its height collapses").
     * E: h 0, rows 1..4 (row 3 at position 4). */
    CHECK_STATUS(fold_table_set_row_height(t, 0, 3, 90), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, 4, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 90); /* its own height, not the smaller expanded one */
    CHECK_STATUS(fold_table_expanded_rows(t, &refs, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    fold_free(refs);
    refs = NULL;
    CHECK_STATUS(fold_table_set_row_height(t, 0, 3, 80), FOLD_OK);
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 3, &v), FOLD_OK);
    CHECK_EQ_I64(v, 0);
    CHECK_STATUS(fold_table_is_row_expandable(t, "E", 3, &v), FOLD_OK);
    CHECK_EQ_I64(v, 0);
    /* FOLD_HEIGHT_DEFAULT removes the expanded height. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "E", 3, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_row_expanded_height(t, "E", 3, &h), FOLD_OK);
    CHECK_EQ_DBL(h, FOLD_HEIGHT_DEFAULT);

    /* Bad input. */
    CHECK_STATUS(fold_table_set_accordion(t, 3), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_accordion(t, -1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "E", 0, -2), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "E", 0, FOLD_MAX_HEIGHT * 2),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "E", 4, 50), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "Q", 0, 50), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_expand_row(t, NULL, 0, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_expand_row(t, "E", -1, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_is_row_expanded(t, "E", 0, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_expanded_rows(t, NULL, &n), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_activate(NULL, 0, &action), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_activate(t, -1, &action), FOLD_E_RANGE);
    fold_table_free(t);
}

/* ---- sticky headers ------------------------------------------------------ */

static void check_sticky_(int line, const fold_table *t, double offset, int64_t count,
                          const int64_t *positions, const double *tops, const int32_t *depths)
{
    fold_sticky_header out[8];
    int64_t written = -1, total = -1, i;
    long failed_before = check_failed_so_far();
    if (CHECK_STATUS(fold_table_sticky_headers(t, offset, out, 8, &written, &total), FOLD_OK)) {
        CHECK_EQ_I64(written, count);
        CHECK_EQ_I64(total, count);
        for (i = 0; i < count && i < written; i++) {
            CHECK_EQ_I64(out[i].position, positions[i]);
            CHECK_EQ_DBL(out[i].top, tops[i]);
            CHECK_EQ_DBL(out[i].height, 28);
            CHECK_EQ_I64(out[i].depth, depths[i]);
        }
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_sticky(offset %g) called from line %d)\n", offset, line);
    }
}

static void test_sticky(void)
{
    fold_table *t = new_table(NULL);
    int64_t p0[] = {0}, p4[] = {4}, p02[] = {0, 2};
    double top[2];
    int32_t d0[] = {0}, d01[] = {0, 1};
    int64_t written = -1, total = -1;

    /* The worked example: Mac 0..160, iPad 160..276, iPhone 276..480. */
    CHECK_STATUS(fold_table_append_section(t, "Mac", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPad", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPhone", NULL, 4), FOLD_OK);
    top[0] = 0;
    check_sticky_(__LINE__, t, 0, 1, p0, top, d0);
    top[0] = 50;
    check_sticky_(__LINE__, t, 50, 1, p0, top, d0);
    top[0] = 132; /* pushed up: Mac ends at 160 */
    check_sticky_(__LINE__, t, 140, 1, p0, top, d0);
    check_sticky_(__LINE__, t, 159.5, 1, p0, top, d0);
    top[0] = 160;
    check_sticky_(__LINE__, t, 160, 1, p4, top, d0);
    top[0] = 170;
    check_sticky_(__LINE__, t, 170, 1, p4, top, d0);
    CHECK_STATUS(fold_table_sticky_headers(t, 170, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 1);
    fold_table_free(t);

    /* Nested: A: h 0, r0 28, A1 h 72, A1 r0 100, A1 r1 144 (A1 ends 188),
     * A r1 188 (A ends 232); B h 232. */
    t = nested_table();
    top[0] = 110;
    top[1] = 138; /* just below A's */
    check_sticky_(__LINE__, t, 110, 2, p02, top, d01);
    top[0] = 150;
    top[1] = 160; /* pushed up: A1 ends at 188; still showing below A (150..178) */
    check_sticky_(__LINE__, t, 150, 2, p02, top, d01);
    top[0] = 170; /* A1 (160..188) has slid entirely behind A (170..198): left out */
    check_sticky_(__LINE__, t, 170, 1, p0, top, d0);
    top[0] = 200; /* in A's row 1: only A */
    check_sticky_(__LINE__, t, 200, 1, p0, top, d0);
    top[0] = 204; /* pushed up: A ends at 232 */
    check_sticky_(__LINE__, t, 210, 1, p0, top, d0);
    /* sticky_levels 1: the outermost only. */
    CHECK_STATUS(fold_table_set_sticky_levels(t, 1), FOLD_OK);
    top[0] = 110;
    check_sticky_(__LINE__, t, 110, 1, p0, top, d0);
    {
        /* fold_table_new says INVALID for a negative sticky_levels; the
         * setter does not say, and a negative count is RANGE by the
         * conventions: accept either. */
        int status = fold_table_set_sticky_levels(t, -1);
        CHECK(status == FOLD_E_INVALID || status == FOLD_E_RANGE);
    }
    {
        volatile double zero = 0;
        CHECK_STATUS(fold_table_sticky_headers(t, zero / zero, NULL, 0, &written, &total),
                     FOLD_E_INVALID);
    }
    CHECK_STATUS(fold_table_sticky_headers(t, 0, NULL, 1, &written, &total), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_sticky_headers(t, 0, NULL, -1, &written, &total), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_sticky_headers(t, 0, NULL, 0, NULL, &total), FOLD_E_INVALID);
    fold_table_free(t);

    /* An empty table has none. */
    t = new_table(NULL);
    CHECK_STATUS(fold_table_sticky_headers(t, 0, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, 0);
    fold_table_free(t);
}

int main(void)
{
    test_nesting();
    test_paths_edit();
    test_expandable();
    test_sticky();
    return check_done();
}
