/*
 * nested/nesting.c — nested sections: the flat list, collapsing, moving, paths.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nested.h"

/* ---- nesting ----------------------------------------------------------- */

/* A: row0, A1 (rows 0 and 1), row1; B: row0. */
const expected_item nested[] = {
    {H, 0, 0, -1, K, 0, 28, "A"},    {R, 0, 0, 0, 0, 28, 44, "A"},
    {H, 1, 1, -1, K, 72, 28, "A1"},  {R, 1, 1, 0, 0, 100, 44, "A1"},
    {R, 1, 1, 1, 0, 144, 44, "A1"},  {R, 0, 0, 1, 0, 188, 44, "A"},
    {H, 0, 1, -1, K, 232, 28, "B"},  {R, 0, 1, 0, 0, 260, 44, "B"},
};
/* A1 collapsed. */
static const expected_item nested_a1_collapsed[] = {
    {H, 0, 0, -1, K, 0, 28, "A"},   {R, 0, 0, 0, 0, 28, 44, "A"},
    {H, 1, 1, -1, C | K, 72, 28, "A1"}, {R, 0, 0, 1, 0, 100, 44, "A"},
    {H, 0, 1, -1, K, 144, 28, "B"}, {R, 0, 1, 0, 0, 172, 44, "B"},
};
/* A collapsed (A1 keeps its own state). */
static const expected_item nested_a_collapsed[] = {
    {H, 0, 0, -1, C | K, 0, 28, "A"},
    {H, 0, 1, -1, K, 28, 28, "B"},
    {R, 0, 1, 0, 0, 56, 44, "B"},
};
/* After moving A1 to the top level as child 1: A (2 rows), A1 (2 rows), B. */
static const expected_item moved[] = {
    {H, 0, 0, -1, K, 0, 28, "A"},    {R, 0, 0, 0, 0, 28, 44, "A"},
    {R, 0, 0, 1, 0, 72, 44, "A"},    {H, 0, 1, -1, K, 116, 28, "A1"},
    {R, 0, 1, 0, 0, 144, 44, "A1"},  {R, 0, 1, 1, 0, 188, 44, "A1"},
    {H, 0, 2, -1, K, 232, 28, "B"},  {R, 0, 2, 0, 0, 260, 44, "B"},
};

fold_table *nested_table(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "A", "A|first", 2);
    add(t, FOLD_ROOT, "B", "B", 1);
    CHECK_STATUS(fold_table_insert_section(t, a, 1, "A1", "A1|inner", 2, 0, NULL), FOLD_OK);
    return t;
}

void test_nesting(void)
{
    fold_table *t = nested_table();
    int64_t n = -1, path[4], length = -1, pos = -1;
    int32_t kind = -1;
    int64_t row = -9;
    fold_section_id child = 77;
    static const int64_t p_a[] = {0}, p_a1[] = {0, 1}, p_b[] = {1};
    static const int64_t p_a1_r0[] = {0, 1, 0}, p_a_r1[] = {0, 2};
    fold_section_id a = sec(t, "A"), a1 = sec(t, "A1"), b = sec(t, "B");

    check_list(t, nested, 304);

    /* Children. */
    CHECK_STATUS(fold_table_child_count(t, FOLD_ROOT, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_STATUS(fold_table_child_count(t, a, &n), FOLD_OK);
    CHECK_EQ_I64(n, 3);
    CHECK_STATUS(fold_table_child_count(t, a1, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_STATUS(fold_table_child_at(t, a, 0, &kind, &child, &row), FOLD_OK);
    CHECK_EQ_I64(kind, FOLD_CHILD_ROW);
    CHECK_EQ_I64(row, 0);
    CHECK_EQ_I64(child, 0);
    CHECK_STATUS(fold_table_child_at(t, a, 1, &kind, &child, &row), FOLD_OK);
    CHECK_EQ_I64(kind, FOLD_CHILD_SECTION);
    CHECK_EQ_I64(row, -1);
    CHECK_EQ_I64(child, a1);
    CHECK_STR(text(t, child, FOLD_TEXT_KEY), "A1");
    CHECK_STATUS(fold_table_child_at(t, a, 2, &kind, NULL, NULL), FOLD_OK);
    CHECK_EQ_I64(kind, FOLD_CHILD_ROW);
    CHECK_STATUS(fold_table_child_at(t, a, 2, &kind, NULL, &row), FOLD_OK);
    CHECK_EQ_I64(row, 1);
    CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 1, &kind, &child, &row), FOLD_OK);
    CHECK_EQ_I64(kind, FOLD_CHILD_SECTION);
    CHECK_EQ_I64(child, b);
    CHECK_STR(text(t, child, FOLD_TEXT_KEY), "B");
    child = 77;
    CHECK_STATUS(fold_table_child_at(t, a, 3, &kind, &child, &row), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_child_at(t, a1, -1, &kind, &child, &row), FOLD_E_RANGE);
    CHECK_EQ_I64(child, 77);

    /* Parents, depths, indices, counts: every field of section_info. */
    check_info(t, a, FOLD_ROOT, 0, 0, FOLD_SECTION_COLLAPSIBLE, 3, 2, 2);
    check_info(t, a1, a, 1, 1, FOLD_SECTION_COLLAPSIBLE, 2, 2, 2);
    check_info(t, b, FOLD_ROOT, 1, 0, FOLD_SECTION_COLLAPSIBLE, 1, 1, 1);
    CHECK_STR(text(t, a1, FOLD_TEXT_TITLE), "A1");
    CHECK_STR(text(t, a1, FOLD_TEXT_DETAIL), "inner");

    /* Paths. */
    CHECK_STATUS(fold_table_section_path(t, a1, path, 4, &length), FOLD_OK);
    check_path(path, length, p_a1);
    CHECK_STATUS(fold_table_section_path(t, a1, NULL, 0, &length), FOLD_OK);
    CHECK_EQ_I64(length, 2);
    path[0] = path[1] = 99;
    CHECK_STATUS(fold_table_section_path(t, a1, path, 1, &length), FOLD_OK);
    CHECK_EQ_I64(length, 2);
    CHECK_EQ_I64(path[0], 0);
    CHECK_EQ_I64(path[1], 99);
    CHECK_STATUS(fold_table_section_path(t, b, path, 4, &length), FOLD_OK);
    check_path(path, length, p_b);
    CHECK_STATUS(fold_table_section_path(t, FOLD_ROOT, path, 4, &length), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_section_path(t, a1, path, -1, &length), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_section_path(t, a1, NULL, 1, &length), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_section_path(t, a1, path, 4, NULL), FOLD_E_INVALID);
    CHECK_EQ_I64(at_path(t, p_a1, 2), a1);
    CHECK_EQ_I64(at_path(t, p_b, 1), b);
    CHECK_EQ_I64(at_path(t, p_a, 1), a);
    {
        /* A path must name a section at every level. */
        static const int64_t p_c[] = {2}, p_a3[] = {0, 3}, too_long[FOLD_MAX_DEPTH + 1] = {0};
        fold_section_id id = 77;
        CHECK_STATUS(fold_table_section_at_path(t, p_a_r1, 2, &id), FOLD_E_INVALID); /* a row */
        CHECK_STATUS(fold_table_section_at_path(t, p_a1_r0, 3, &id), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_at_path(t, p_c, 1, &id), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_section_at_path(t, p_a3, 2, &id), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_section_at_path(t, too_long, FOLD_MAX_DEPTH + 1, &id), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_section_at_path(t, p_a, 0, &id), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_at_path(t, p_a, -1, &id), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_section_at_path(t, NULL, 1, &id), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_at_path(t, p_a, 1, NULL), FOLD_E_INVALID);
        CHECK_EQ_I64(id, 77);
    }

    /* Positions: of what a path names, and by id. */
    CHECK_STATUS(fold_table_header_position(t, at_path(t, p_a, 1), &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 0);
    CHECK_STATUS(fold_table_header_position(t, at_path(t, p_a1, 2), &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 2);
    CHECK_STATUS(fold_table_row_position(t, at_path(t, p_a1, 2), 0, &pos), FOLD_OK); /* {0,1,0} */
    CHECK_EQ_I64(pos, 3);
    CHECK_STATUS(fold_table_child_at(t, at_path(t, p_a, 1), 2, &kind, NULL, &row), FOLD_OK); /* {0,2} */
    CHECK_STATUS(fold_table_row_position(t, a, row, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    CHECK_STATUS(fold_table_header_position(t, at_path(t, p_b, 1), &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 6);
    length = item_path(t, 3, path, 4);
    check_path(path, length, p_a1_r0);
    length = item_path(t, 5, path, 4);
    check_path(path, length, p_a_r1);
    length = item_path(t, 2, path, 4);
    check_path(path, length, p_a1);
    length = item_path(t, 6, path, 4);
    check_path(path, length, p_b);
    CHECK_STATUS(fold_table_header_position(t, a1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 2);
    CHECK_STATUS(fold_table_row_position(t, a1, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_STATUS(fold_table_row_position(t, a, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    CHECK_STATUS(fold_table_footer_position(t, a1, &pos), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(row_count(t, a), 2); /* rows only */
    CHECK_EQ_I64(row_count(t, top(t, 0)), 2);
    CHECK_EQ_I64(row_count(t, a1), 2);
    {
        fold_row_info ri;
        CHECK_STATUS(fold_table_row_info(t, a, 1, &ri), FOLD_OK);
        CHECK_EQ_I64(ri.child_index, 2); /* after A1 */
        CHECK_STATUS(fold_table_row_info(t, a, 0, &ri), FOLD_OK);
        CHECK_EQ_I64(ri.child_index, 0);
        CHECK_STATUS(fold_table_row_info(t, a, 2, &ri), FOLD_E_RANGE);
    }

    /* Keys are unique in the whole table. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "A1", NULL, 0, 0, NULL),
                 FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_insert_section(t, b, 0, "A", NULL, 0, 0, NULL), FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_find_section(t, "nope", &child), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_insert_section(t, b + 1000, 0, "C", NULL, 0, 0, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_insert_section(t, a, 4, "C", NULL, 0, 0, NULL), FOLD_E_RANGE);
    /* Rows belong in a section. */
    CHECK_STATUS(fold_table_insert_rows(t, FOLD_ROOT, 0, 1, NULL), FOLD_E_INVALID);
    check_list(t, nested, 304);

    /* Collapsing: A1 alone, then A hides its subtree, A1 keeps its state. */
    CHECK_STATUS(fold_table_collapse(t, a1, NULL), FOLD_OK);
    check_list(t, nested_a1_collapsed, 216);
    check_info(t, a1, a, 1, 1, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE, 2, 2, 0);
    check_info(t, a, FOLD_ROOT, 0, 0, FOLD_SECTION_COLLAPSIBLE, 3, 2, 2);
    CHECK_STATUS(fold_table_row_position(t, a1, 0, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_row_position(t, at_path(t, p_a1, 2), 0, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    check_list(t, nested_a_collapsed, 100);
    check_info(t, a, FOLD_ROOT, 0, 0, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE, 3, 2, 0);
    CHECK_STATUS(fold_table_header_position(t, a1, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_expand(t, a, NULL), FOLD_OK);
    check_list(t, nested_a1_collapsed, 216);
    CHECK_STATUS(fold_table_expand(t, a1, NULL), FOLD_OK);
    check_list(t, nested, 304);

    /* Moving a section out to the top level, then into another subtree; the
     * ids go with them. */
    CHECK_STATUS(fold_table_move_section(t, a1, FOLD_ROOT, 1), FOLD_OK);
    check_list(t, moved, 304);
    check_info(t, a1, FOLD_ROOT, 1, 0, FOLD_SECTION_COLLAPSIBLE, 2, 2, 2);
    check_info(t, a, FOLD_ROOT, 0, 0, FOLD_SECTION_COLLAPSIBLE, 2, 2, 2);
    CHECK_STATUS(fold_table_move_section(t, b, a1, 2), FOLD_OK);
    check_info(t, b, a1, 2, 1, FOLD_SECTION_COLLAPSIBLE, 1, 1, 1);
    CHECK_STATUS(fold_table_section_path(t, b, path, 4, &length), FOLD_OK);
    {
        static const int64_t p_b_in_a1[] = {1, 2};
        check_path(path, length, p_b_in_a1);
        CHECK_EQ_I64(at_path(t, p_b_in_a1, 2), b);
    }
    CHECK_STATUS(fold_table_move_section(t, a1, b, 0), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_move_section(t, a1, a1, 0), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_move_section(t, b, a1, 3), FOLD_E_RANGE); /* 2 children without B */
    CHECK_STATUS(fold_table_move_section(t, b, FOLD_ROOT, 2), FOLD_OK);
    check_list(t, moved, 304);
    CHECK_EQ_I64(sec(t, "B"), b);

    /* Removing children: A's two rows. */
    CHECK_STATUS(fold_table_remove_children(t, a, 0, 2), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    check_info(t, a, FOLD_ROOT, 0, 0, 0, 0, 0, 0);
    /* Out of range or a stale parent: nothing removed. */
    CHECK_STATUS(fold_table_remove_children(t, a1, 1, 2), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_remove_children(t, a1, -1, 1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_remove_children(t, a1, 0, -1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_remove_children(t, FOLD_ROOT, 3, 1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_remove_children(t, b + 1000, 0, 1), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_remove_children(t, a1, 0, 0), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 6);
    /* Removing a subsection with everything inside it: A1 (holding A1x)
     * from the top; both ids go stale. */
    fold_section_id a1x = add(t, a1, "A1x", NULL, 1);
    CHECK_EQ_I64(item_count(t), 8);
    CHECK_STATUS(fold_table_remove_children(t, FOLD_ROOT, 1, 1), FOLD_OK);
    CHECK_STATUS(fold_table_find_section(t, "A1", &child), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_find_section(t, "A1x", &child), FOLD_E_NOT_FOUND);
    {
        fold_section_info in;
        CHECK_STATUS(fold_table_section_info(t, a1, &in), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_section_info(t, a1x, &in), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_section_path(t, a1x, path, 4, &length), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_child_count(t, a1, &n), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_child_at(t, a1, 0, &kind, NULL, NULL), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_remove_children(t, a1, 0, 1), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_move_section(t, b, a1x, 0), FOLD_E_NOT_FOUND);
    }
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 3); /* A h, B h, B r0 */
    check_info(t, b, FOLD_ROOT, 1, 0, FOLD_SECTION_COLLAPSIBLE, 1, 1, 1);
    fold_table_free(t);
}

void test_paths_edit(void)
{
    fold_table *t = must_table(NULL);
    static const int64_t top0[] = {0}, in0[] = {0, 0};
    int64_t n = -1;
    fold_section_id s = 0, tt = 0;

    /* What the 0.1 path editing did, through section_at_path and ids. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "S", "S", 1, 0, &s), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, at_path(t, top0, 1), 0, "T", "T", 0, 0, &tt), FOLD_OK);
    /* S: T (no rows), row0 */
    CHECK_STATUS(fold_table_child_count(t, s, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_STATUS(fold_table_insert_rows(t, at_path(t, in0, 2), 0, 3, NULL), FOLD_OK); /* {0,0,0} */
    CHECK_EQ_I64(row_count(t, tt), 3);
    CHECK_EQ_I64(at_path(t, in0, 2), tt);
    CHECK_STR(text(t, at_path(t, in0, 2), FOLD_TEXT_KEY), "T");
    /* Move T's row 1 out into S, as S's child 1 (between T and S's row). */
    CHECK_STATUS(fold_table_move_row(t, tt, 1, s, 1), FOLD_OK);
    CHECK_EQ_I64(row_count(t, tt), 2);
    CHECK_EQ_I64(row_count(t, s), 2);
    {
        fold_row_info ri;
        CHECK_STATUS(fold_table_row_info(t, s, 0, &ri), FOLD_OK);
        CHECK_EQ_I64(ri.child_index, 1);
        CHECK_STATUS(fold_table_row_info(t, s, 1, &ri), FOLD_OK);
        CHECK_EQ_I64(ri.child_index, 2);
    }
    /* Remove S's child 1 (the moved row). */
    CHECK_STATUS(fold_table_remove_children(t, s, 1, 1), FOLD_OK);
    CHECK_EQ_I64(row_count(t, s), 1);
    /* S h, T h, T r0, T r1, S r0 */
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 5);
    /* Rows and a subsection in one range of children. */
    CHECK_STATUS(fold_table_remove_children(t, s, 0, 2), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 1);
    check_info(t, s, FOLD_ROOT, 0, 0, 0, 0, 0, 0);
    fold_section_info in;
    CHECK_STATUS(fold_table_section_info(t, tt, &in), FOLD_E_NOT_FOUND);
    fold_table_free(t);
}
