/*
 * sections/add_remove_move.c — appending and looking up, insert positions, removing,
 * other tables' ids, moving.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sections.h"

/* ---- tests ----------------------------------------------------------- */

void test_append_and_lookup(void)
{
    fold_table *t = must_table(NULL);
    static const char *const keys[] = {"Mac", "iPad", "iPhone", NULL};
    static const int64_t rows[] = {3, 2, 4};
    int64_t n = -1;
    fold_section_id id = 77;

    fold_section_id mac = add(t, FOLD_ROOT, "Mac", "Mac|Laptops and desktops", 3);
    fold_section_id ipad = add(t, FOLD_ROOT, "iPad", "iPad|Tablets", 2);
    fold_section_id iphone = add(t, FOLD_ROOT, "iPhone", "iPhone", 4);
    CHECK(mac != 0 && ipad != 0 && iphone != 0);
    CHECK(mac != ipad && ipad != iphone && mac != iphone);
    check_sections(t, keys, rows);
    CHECK_EQ_I64(top(t, 0), mac);
    CHECK_EQ_I64(top(t, 1), ipad);
    CHECK_EQ_I64(top(t, 2), iphone);

    check_header(t, mac, "Mac", "Laptops and desktops");
    check_header(t, ipad, "iPad", "Tablets");
    check_header(t, iphone, "iPhone", NULL); /* no '|': no detail */

    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 12);

    /* Keys are compared exactly: case matters. */
    CHECK_STATUS(fold_table_find_section(t, "mac", &id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_find_section(t, "Mac ", &id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_find_section(t, "", &id), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(id, 77); /* not written on failure */
    CHECK_STATUS(fold_table_find_section(t, NULL, &id), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_find_section(t, "Mac", NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_find_section(NULL, "Mac", &id), FOLD_E_INVALID);
    fold_section_id lower = add(t, FOLD_ROOT, "mac", NULL, 0);
    CHECK(lower != 0 && lower != mac);
    CHECK_EQ_I64(sec(t, "mac"), lower);
    CHECK_EQ_I64(info(t, lower).index, 3);
    CHECK_EQ_I64(sec(t, "Mac"), mac);
    CHECK_EQ_I64(info(t, mac).index, 0);

    /* A duplicate key is refused, whatever the header, row count or place;
     * an empty key is invalid. Nothing is inserted, the id is not written. */
    id = 77;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "iPad", "other", 1, 0, &id),
                 FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "iPhone", NULL, 0, 0, &id),
                 FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_insert_section(t, mac, 0, "iPhone", NULL, 0, 0, &id), FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "", NULL, 0, 0, &id), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, NULL, NULL, 0, 0, &id), FOLD_E_INVALID);
    CHECK_EQ_I64(id, 77);
    CHECK_STATUS(fold_table_child_count(t, FOLD_ROOT, &n), FOLD_OK);
    CHECK_EQ_I64(n, 4);
    CHECK_EQ_I64(item_count(t), 13);

    /* out_id is optional. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "Watch", NULL, 1, 0, NULL),
                 FOLD_OK);
    CHECK_EQ_I64(info(t, sec(t, "Watch")).index, 4);

    /* child_at at the top level: sections only; indices outside are
     * FOLD_E_RANGE and write nothing; out_section and out_row optional. */
    {
        int32_t kind = -1;
        fold_section_id got = 99;
        int64_t row = 99;
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 2, &kind, NULL, NULL), FOLD_OK);
        CHECK_EQ_I64(kind, FOLD_CHILD_SECTION);
        kind = -1;
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 5, &kind, &got, &row), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, -1, &kind, &got, &row), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, INT64_MAX, &kind, &got, &row), FOLD_E_RANGE);
        CHECK_EQ_I64(kind, -1);
        CHECK_EQ_I64(got, 99);
        CHECK_EQ_I64(row, 99);
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 0, NULL, &got, &row), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_child_count(t, FOLD_ROOT, NULL), FOLD_E_INVALID);
    }
    fold_table_free(t);
}

void test_insert_positions(void)
{
    fold_table *t = must_table(NULL);
    static const char *const k1[] = {"b", NULL};
    static const char *const k2[] = {"a", "b", NULL};
    static const char *const k3[] = {"a", "b", "d", NULL};
    static const char *const k4[] = {"a", "b", "c", "d", NULL};
    static const char *const k5[] = {"a", "b", "c", "d", "e", NULL};
    static const int64_t r4[] = {1, 0, 5, 2};
    static const int64_t r5[] = {1, 0, 5, 2, 1};

    fold_section_id b = insert_at(t, 0, "b", "B", 0);
    check_sections(t, k1, NULL);
    fold_section_id a = insert_at(t, 0, "a", "A", 1); /* front */
    check_sections(t, k2, NULL);
    fold_section_id d = insert_at(t, 2, "d", "D", 2); /* index == count */
    check_sections(t, k3, NULL);
    fold_section_id c = insert_at(t, 2, "c", "C", 5); /* middle */
    check_sections(t, k4, r4);

    /* Flat list: a h, a0, b h, c h, c0..c4, d h, d0, d1 */
    {
        const item_case items[] = {
            {0, FOLD_ITEM_HEADER, a, -1, 0, 28},
            {1, FOLD_ITEM_ROW, a, 0, 28, 44},
            {2, FOLD_ITEM_HEADER, b, -1, 72, 28},
            {3, FOLD_ITEM_HEADER, c, -1, 100, 28},
            {4, FOLD_ITEM_ROW, c, 0, 128, 44},
            {8, FOLD_ITEM_ROW, c, 4, 304, 44},
            {9, FOLD_ITEM_HEADER, d, -1, 348, 28},
            {11, FOLD_ITEM_ROW, d, 1, 420, 44},
        };
        check_items(t, items);
    }
    check_content(t, 12, 464);

    /* An index past the end or negative (other than FOLD_INDEX_END) is
     * FOLD_E_RANGE and inserts nothing; the key stays free. */
    {
        fold_section_id id = 77;
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 5, "e", "E", 1, 0, &id), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, -2, "e", "E", 1, 0, &id), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, INT64_MIN, "e", "E", 1, 0, &id),
                     FOLD_E_RANGE);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "e", "E", -1, 0, &id), FOLD_E_RANGE);
        CHECK_EQ_I64(id, 77);
        CHECK_STATUS(fold_table_find_section(t, "e", &id), FOLD_E_NOT_FOUND);
        check_sections(t, k4, r4);
    }

    /* FOLD_INDEX_END appends: e after d, at positions 12 (header) and 13. */
    fold_section_id e = insert_at(t, FOLD_INDEX_END, "e", "E", 1);
    check_sections(t, k5, r5);
    check_item(t, 12, FOLD_ITEM_HEADER, e, -1, 464, 28);
    check_item(t, 13, FOLD_ITEM_ROW, e, 0, 492, 44);
    CHECK_EQ_I64(item_count(t), 14);
    fold_table_free(t);
}

void test_remove(void)
{
    fold_table *t = must_table(NULL);
    static const char *const k1[] = {"a", "c", "d", NULL};
    static const int64_t r1[] = {1, 3, 4};
    static const char *const k2[] = {"c", "d", NULL};
    static const char *const k3[] = {"c", NULL};
    static const char *const k4[] = {NULL};
    static const char *const k5[] = {"b", NULL};
    int64_t n = -1;
    double h = -1;
    fold_section_id id = 77;

    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 1);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 2);
    fold_section_id c = add(t, FOLD_ROOT, "c", NULL, 3);
    fold_section_id d = add(t, FOLD_ROOT, "d", NULL, 4);

    CHECK_EQ_I64(top(t, 1), b);
    CHECK_STATUS(fold_table_remove_section(t, b), FOLD_OK); /* middle */
    check_sections(t, k1, r1);
    CHECK_STATUS(fold_table_find_section(t, "b", &id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 3 + 1 + 3 + 4);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 3 * 28 + 8 * 44);
    /* The removed section's id is stale: every use is FOLD_E_NOT_FOUND and
     * changes nothing; the others keep working. */
    {
        fold_section_info in;
        char buffer[8];
        CHECK_STATUS(fold_table_remove_section(t, b), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_section_info(t, b, &in), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_section_text(t, b, FOLD_TEXT_KEY, buffer, sizeof buffer, NULL),
                     FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_insert_section(t, b, 0, "x", NULL, 0, 0, NULL), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_move_section(t, b, FOLD_ROOT, 0), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_move_section(t, a, b, 0), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_set_section_header(t, b, "x"), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_HEADER, 10), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_child_count(t, b, &n), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_collapse(t, b, NULL), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_header_position(t, b, &n), FOLD_E_NOT_FOUND);
        /* An id never handed out, and one far away. */
        CHECK_STATUS(fold_table_section_info(t, d + 1000, &in), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_section_info(t, UINT64_MAX, &in), FOLD_E_NOT_FOUND);
        check_sections(t, k1, r1);
        CHECK_EQ_I64(info(t, c).index, 1);
        CHECK_EQ_I64(info(t, d).index, 2);
    }

    CHECK_STATUS(fold_table_remove_section(t, a), FOLD_OK); /* first */
    check_sections(t, k2, NULL);
    CHECK_STATUS(fold_table_remove_section(t, d), FOLD_OK); /* last */
    check_sections(t, k3, NULL);
    {
        int32_t kind = -1;
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 1, &kind, &id, NULL), FOLD_E_RANGE);
    }
    /* FOLD_ROOT is not a section: removing it is invalid. */
    CHECK_STATUS(fold_table_remove_section(t, FOLD_ROOT), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_remove_section(NULL, c), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_remove_section(t, c), FOLD_OK);
    check_sections(t, k4, NULL);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 0);
    CHECK_STATUS(fold_table_remove_section(t, c), FOLD_E_NOT_FOUND);

    /* A removed key can be used again; the new section starts fresh with a
     * new id, and the old id stays stale. */
    fold_section_id b2 = add(t, FOLD_ROOT, "b", "again", 0);
    CHECK(b2 != 0 && b2 != b && b2 != a && b2 != c && b2 != d);
    check_sections(t, k5, NULL);
    check_header(t, b2, "again", NULL);
    CHECK_EQ_I64(sec(t, "b"), b2);
    CHECK_STATUS(fold_table_set_section_header(t, b, "old"), FOLD_E_NOT_FOUND);
    check_header(t, b2, "again", NULL);
    fold_table_free(t);
}

void test_ids_of_other_tables(void)
{
    fold_table *t = must_table(NULL);
    fold_table *u = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "a", "A", 1);
    fold_section_id x = add(u, FOLD_ROOT, "a", "X", 2); /* same key, other table */
    fold_section_info in;
    CHECK(a != 0 && x != 0 && a != x); /* never handed out twice in the process */
    CHECK_STATUS(fold_table_section_info(t, x, &in), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_remove_section(t, x), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_insert_rows(u, a, 0, 1, NULL), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(row_count(t, a), 1);
    CHECK_EQ_I64(row_count(u, x), 2);
    CHECK_STR(text(u, x, FOLD_TEXT_HEADER), "X");
    fold_table_free(u);
    /* Ids of a freed table are not handed out again. */
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 0);
    CHECK(b != x && b != a);
    fold_table_free(t);
}

void test_move(void)
{
    fold_table *t = must_table(NULL);
    static const char *const k1[] = {"B", "C", "A", "D", NULL};
    static const int64_t r1[] = {2, 3, 1, 4};
    static const char *const k2[] = {"B", "D", "C", "A", NULL};
    static const int64_t r2[] = {2, 4, 3, 1};
    static const char *const k3[] = {"A", "B", "D", "C", NULL};
    static const int64_t r3[] = {1, 2, 4, 3};
    static const char *const k4[] = {"B", "D", "C", "A", NULL};
    static const int64_t r4[] = {2, 4, 3, 1};

    fold_section_id A = add(t, FOLD_ROOT, "A", "A|1", 1);
    fold_section_id B = add(t, FOLD_ROOT, "B", "B|2", 2);
    fold_section_id C = add(t, FOLD_ROOT, "C", "C|3", 3);
    fold_section_id D = add(t, FOLD_ROOT, "D", "D|4", 4);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "C"), NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, top(t, 0), FOLD_HEIGHT_HEADER, 10), FOLD_OK); /* A */

    /* A ends at index 2; its id goes with it. */
    CHECK_STATUS(fold_table_move_section(t, A, FOLD_ROOT, 2), FOLD_OK);
    check_sections(t, k1, r1);
    CHECK_EQ_I64(top(t, 2), A);
    check_header(t, A, "A", "1");
    check_heights(t, A, 10, 0, 44);
    check_heights(t, B, 28, 0, 44);

    /* D (index 3) ends at index 1. */
    CHECK_STATUS(fold_table_move_section(t, top(t, 3), FOLD_ROOT, 1), FOLD_OK);
    check_sections(t, k2, r2);
    CHECK_EQ_I64(top(t, 1), D);
    check_header(t, D, "D", "4");

    /* Moving to the same index changes nothing. */
    CHECK_STATUS(fold_table_move_section(t, top(t, 2), FOLD_ROOT, 2), FOLD_OK);
    check_sections(t, k2, r2);

    /* Last to first. */
    CHECK_STATUS(fold_table_move_section(t, top(t, 3), FOLD_ROOT, 0), FOLD_OK);
    check_sections(t, k3, r3);
    check_heights(t, A, 10, 0, 44);

    /* The collapsed state moved with C (now last). */
    CHECK_EQ_I64(is_collapsed(t, sec(t, "C")), 1);
    CHECK_EQ_I64(is_collapsed(t, top(t, 3)), 1);
    CHECK_EQ_I64(is_collapsed(t, top(t, 2)), 0);

    /* Flat list: A h(10), A0, B h, B0, B1, D h, D0..D3, C h (collapsed) */
    {
        const item_case items[] = {
            {0, FOLD_ITEM_HEADER, A, -1, 0, 10},
            {1, FOLD_ITEM_ROW, A, 0, 10, 44},
            {2, FOLD_ITEM_HEADER, B, -1, 54, 28},
            {5, FOLD_ITEM_HEADER, D, -1, 170, 28},
            {9, FOLD_ITEM_ROW, D, 3, 330, 44},
            {10, FOLD_ITEM_HEADER, C, -1, 374, 28},
        };
        check_items(t, items);
    }
    check_content(t, 11, 402);

    /* `index` counts the children without the moved one: 0..3 here, 4 is
     * FOLD_E_RANGE, as is a negative index; FOLD_ROOT cannot be moved; a
     * section cannot go into itself. Nothing changes. */
    CHECK_STATUS(fold_table_move_section(t, A, FOLD_ROOT, 4), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_move_section(t, A, FOLD_ROOT, -2), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_move_section(t, FOLD_ROOT, FOLD_ROOT, 0), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_move_section(t, A, A, 0), FOLD_E_INVALID);
    check_sections(t, k3, r3);

    /* FOLD_INDEX_END: last. The ids keep working after all these moves. */
    CHECK_STATUS(fold_table_move_section(t, A, FOLD_ROOT, FOLD_INDEX_END), FOLD_OK);
    check_sections(t, k4, r4);
    CHECK_EQ_I64(top(t, 3), A);
    check_header(t, A, "A", "1");
    check_heights(t, A, 10, 0, 44);
    CHECK_STATUS(fold_table_insert_rows(t, A, FOLD_INDEX_END, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(row_count(t, A), 3);
    CHECK_STATUS(fold_table_expand(t, C, NULL), FOLD_OK);
    CHECK_EQ_I64(is_collapsed(t, C), 0);
    fold_table_free(t);
}
