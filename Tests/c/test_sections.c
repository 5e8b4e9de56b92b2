/*
 * Sections (foldtable.h: "Finding sections", "Changing sections"): insert
 * (at an index, at FOLD_INDEX_END, with flags), remove, move, key <-> id and
 * child index <-> id lookups, ids that survive moves and go stale on
 * removal, FOLD_ROOT where a section is required, header text split into
 * Title|Detail and copied into caller buffers (fold_table_section_text, cut
 * at a UTF-8 boundary), per-section heights.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

#define EN_DASH "\xE2\x80\x93"

/* ---- helpers --------------------------------------------------------- */

/* A table or stop: the tests below cannot go on without one. */
/* Checks that the top-level sections are, in order, exactly the keys of
 * `keys` (NULL-terminated), each with its row count from `rows`: by child
 * index (child_at) and by key (find_section), which must give the same id,
 * whose info says where it is. */
static void check_sections_(int line, const fold_table *t, const char *const *keys,
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
        fprintf(stderr, "  (in check_sections called from line %d)\n", line);
    }
}
#define check_sections(t, keys, rows) check_sections_(__LINE__, (t), (keys), (rows))

/* Checks the title and detail of the header of section `id` and that the
 * whole header text is "title|detail" (or "title"); `detail` NULL means
 * "the header has no '|'": FOLD_TEXT_DETAIL is FOLD_E_NOT_FOUND. */
static void check_header_(int line, const fold_table *t, fold_section_id id, const char *title,
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
        fprintf(stderr, "  (in check_header called from line %d)\n", line);
    }
}
#define check_header(t, id, title, detail) check_header_(__LINE__, (t), (id), (title), (detail))

/* Checks one item of the flat list: kind, section id, row, top and height. */
static void check_item_(int line, const fold_table *t, int64_t position, int kind,
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
        fprintf(stderr, "  (in check_item(position %lld) called from line %d)\n",
                (long long)position, line);
    }
}
#define check_item(t, p, k, s, r, top, h) check_item_(__LINE__, (t), (p), (k), (s), (r), (top), (h))

static void check_heights_(int line, const fold_table *t, fold_section_id id, double header,
                           double footer, double row)
{
    long failed_before = check_failed_so_far();
    fold_section_info in = info(t, id);
    CHECK_EQ_DBL(in.header_height, header);
    CHECK_EQ_DBL(in.footer_height, footer);
    CHECK_EQ_DBL(in.row_height, row);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_heights called from line %d)\n", line);
    }
}
#define check_heights(t, id, h, f, r) check_heights_(__LINE__, (t), (id), (h), (f), (r))

static double row_height_of(const fold_table *t, fold_section_id id, int64_t row)
{
    fold_row_info ri;
    memset(&ri, 0, sizeof ri);
    if (!CHECK_STATUS(fold_table_row_info(t, id, row, &ri), FOLD_OK)) return -1;
    return ri.height;
}

static fold_section_id insert_at(fold_table *t, int64_t index, const char *key, const char *header,
                                 int64_t rows)
{
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, index, key, header, rows, 0, &id),
                      FOLD_OK))
        return 0;
    CHECK(id != 0);
    return id;
}

/* ---- tests ----------------------------------------------------------- */

static void test_append_and_lookup(void)
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

static void test_insert_positions(void)
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
    check_item(t, 0, FOLD_ITEM_HEADER, a, -1, 0, 28);
    check_item(t, 1, FOLD_ITEM_ROW, a, 0, 28, 44);
    check_item(t, 2, FOLD_ITEM_HEADER, b, -1, 72, 28);
    check_item(t, 3, FOLD_ITEM_HEADER, c, -1, 100, 28);
    check_item(t, 4, FOLD_ITEM_ROW, c, 0, 128, 44);
    check_item(t, 8, FOLD_ITEM_ROW, c, 4, 304, 44);
    check_item(t, 9, FOLD_ITEM_HEADER, d, -1, 348, 28);
    check_item(t, 11, FOLD_ITEM_ROW, d, 1, 420, 44);
    {
        int64_t n = -1;
        double h = -1;
        CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
        CHECK_EQ_I64(n, 12);
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 464);
    }

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

static void test_remove(void)
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

static void test_ids_of_other_tables(void)
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

static void test_move(void)
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
    check_item(t, 0, FOLD_ITEM_HEADER, A, -1, 0, 10);
    check_item(t, 1, FOLD_ITEM_ROW, A, 0, 10, 44);
    check_item(t, 2, FOLD_ITEM_HEADER, B, -1, 54, 28);
    check_item(t, 5, FOLD_ITEM_HEADER, D, -1, 170, 28);
    check_item(t, 9, FOLD_ITEM_ROW, D, 3, 330, 44);
    check_item(t, 10, FOLD_ITEM_HEADER, C, -1, 374, 28);
    {
        int64_t n = -1;
        double h = -1;
        CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
        CHECK_EQ_I64(n, 11);
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 402);
    }

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

static void test_header_text(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id k[8];

    k[0] = add(t, FOLD_ROOT, "k0", NULL, 0); /* NULL means "" */
    k[1] = add(t, FOLD_ROOT, "k1", "", 0);
    k[2] = add(t, FOLD_ROOT, "k2", "A|B|C", 0);
    k[3] = add(t, FOLD_ROOT, "k3", "|only detail", 0);
    k[4] = add(t, FOLD_ROOT, "k4", "only title|", 0);
    k[5] = add(t, FOLD_ROOT, "k5", "|", 0);
    k[6] = add(t, FOLD_ROOT, "k6", "Caf\xC3\xA9|Cr\xC3\xA8me \xE2\x98\x95", 0);
    k[7] = add(t, FOLD_ROOT, "\xE2\x98\x95 key", "Title with spaces ", 0);

    check_header(t, k[0], "", NULL);
    check_header(t, k[1], "", NULL);
    check_header(t, k[2], "A", "B|C"); /* split at the first '|' */
    check_header(t, k[3], "", "only detail");
    check_header(t, k[4], "only title", "");
    check_header(t, k[5], "", "");
    check_header(t, k[6], "Caf\xC3\xA9", "Cr\xC3\xA8me \xE2\x98\x95");
    check_header(t, k[7], "Title with spaces ", NULL);
    CHECK_EQ_I64(sec(t, "\xE2\x98\x95 key"), k[7]);
    CHECK_EQ_I64(info(t, k[7]).index, 7);
    CHECK_STR(text(t, k[7], FOLD_TEXT_KEY), "\xE2\x98\x95 key");
    CHECK_STR(text(t, k[0], FOLD_TEXT_KEY), "k0");
    /* Without children no section is collapsible: no indicator. */
    CHECK_STR(text(t, k[2], FOLD_TEXT_INDICATOR), "");

    /* Every text of one section, with its exact length. */
    {
        static const struct {
            int32_t which;
            const char *text;
        } texts[] = {
            {FOLD_TEXT_KEY, "k6"},
            {FOLD_TEXT_HEADER, "Caf\xC3\xA9|Cr\xC3\xA8me \xE2\x98\x95"},
            {FOLD_TEXT_TITLE, "Caf\xC3\xA9"},
            {FOLD_TEXT_DETAIL, "Cr\xC3\xA8me \xE2\x98\x95"},
            {FOLD_TEXT_INDICATOR, EN_DASH},
        };
        CHECK_STATUS(fold_table_insert_rows(t, k[6], 0, 1, NULL), FOLD_OK);
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
            char buffer[64];
            size_t length = 999;
            memset(buffer, 'x', sizeof buffer);
            CHECK_STATUS(fold_table_section_text(t, k[6], texts[i].which, buffer, sizeof buffer,
                                                 &length),
                         FOLD_OK);
            CHECK_STR(buffer, texts[i].text);
            CHECK_EQ_I64(length, strlen(texts[i].text));
        }
        CHECK_STATUS(fold_table_collapse(t, k[6], NULL), FOLD_OK);
        CHECK_STR(text(t, k[6], FOLD_TEXT_INDICATOR), "+");
        CHECK_STATUS(fold_table_remove_rows(t, k[6], 0, 1), FOLD_OK);
        CHECK_STR(text(t, k[6], FOLD_TEXT_INDICATOR), ""); /* no children now */
    }

    /* A small buffer: cut at a UTF-8 character boundary, NUL-terminated,
     * and *out_length is the full length, so a retry with length + 1 bytes
     * gets it all. "Café" is 5 bytes (é is C3 A9). */
    {
        char buffer[16];
        size_t length = 0;
        static const struct {
            size_t capacity;
            const char *text;
        } cuts[] = {
            {1, ""}, {2, "C"}, {4, "Caf"}, {5, "Caf"}, /* é does not fit in 4 bytes: not split */
            {6, "Caf\xC3\xA9"}, {16, "Caf\xC3\xA9"},
        };
        for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
            memset(buffer, 'x', sizeof buffer);
            length = 0;
            CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_TITLE, buffer, cuts[i].capacity,
                                                 &length),
                         FOLD_OK);
            CHECK_STR(buffer, cuts[i].text);
            CHECK_EQ_I64(length, 5);
            CHECK_EQ_I64(length >= cuts[i].capacity, cuts[i].capacity <= 5); /* "was cut" */
        }
        /* Capacity 0: nothing written (buffer may be NULL), only the length. */
        memset(buffer, 'x', sizeof buffer);
        length = 0;
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_TITLE, buffer, 0, &length), FOLD_OK);
        CHECK_EQ_I64(length, 5);
        CHECK_EQ_I64(buffer[0], 'x');
        length = 0;
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, NULL, 0, &length), FOLD_OK);
        CHECK_EQ_I64(length, 10); /* "Crème ☕": 1+1+2+1+1+1+3 */
        /* The detail cut in the middle of ☕ (3 bytes) and of è (2 bytes). */
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, buffer, 10, &length), FOLD_OK);
        CHECK_STR(buffer, "Cr\xC3\xA8me ");
        CHECK_EQ_I64(length, 10);
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, buffer, 9, &length), FOLD_OK);
        CHECK_STR(buffer, "Cr\xC3\xA8me ");
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, buffer, 4, &length), FOLD_OK);
        CHECK_STR(buffer, "Cr");
        /* The retry: length + 1 bytes hold it all. */
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, buffer, length + 1, &length),
                     FOLD_OK);
        CHECK_STR(buffer, "Cr\xC3\xA8me \xE2\x98\x95");
        CHECK_EQ_I64(length, 10);
        /* The key "☕ key" cut after its first character and inside it. */
        CHECK_STATUS(fold_table_section_text(t, k[7], FOLD_TEXT_KEY, buffer, 4, &length), FOLD_OK);
        CHECK_STR(buffer, "\xE2\x98\x95");
        CHECK_EQ_I64(length, 7);
        CHECK_STATUS(fold_table_section_text(t, k[7], FOLD_TEXT_KEY, buffer, 3, &length), FOLD_OK);
        CHECK_STR(buffer, "");
        /* out_length is optional. */
        CHECK_STATUS(fold_table_section_text(t, k[2], FOLD_TEXT_DETAIL, buffer, sizeof buffer, NULL),
                     FOLD_OK);
        CHECK_STR(buffer, "B|C");
        /* Invalid: an unknown text, FOLD_ROOT, a NULL buffer with a
         * capacity, a NULL table; nothing is written. */
        memset(buffer, 'x', sizeof buffer);
        length = 77;
        CHECK_STATUS(fold_table_section_text(t, k[2], 5, buffer, sizeof buffer, &length),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_text(t, k[2], -1, buffer, sizeof buffer, &length),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_text(t, FOLD_ROOT, FOLD_TEXT_KEY, buffer, sizeof buffer,
                                             &length),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_text(t, k[2], FOLD_TEXT_KEY, NULL, 8, &length),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_text(NULL, k[2], FOLD_TEXT_KEY, buffer, sizeof buffer,
                                             &length),
                     FOLD_E_INVALID);
        CHECK_EQ_I64(buffer[0], 'x');
        CHECK_EQ_I64(length, 77);
        /* NOT_FOUND: no '|' (also with a small buffer) and the message says so. */
        CHECK_STATUS(fold_table_section_text(t, k[0], FOLD_TEXT_DETAIL, buffer, 1, &length),
                     FOLD_E_NOT_FOUND);
        CHECK(strlen(fold_last_error_message()) > 0);
        CHECK_EQ_I64(length, 77);
    }

    /* Replacing the header text. */
    CHECK_STATUS(fold_table_set_section_header(t, k[0], "New|Text"), FOLD_OK);
    check_header(t, k[0], "New", "Text");
    CHECK_STATUS(fold_table_set_section_header(t, k[0], "Plain"), FOLD_OK);
    check_header(t, k[0], "Plain", NULL);
    CHECK_STATUS(fold_table_set_section_header(t, k[0], NULL), FOLD_OK);
    check_header(t, k[0], "", NULL);
    CHECK_STATUS(fold_table_set_section_header(t, k[2], "x|"), FOLD_OK);
    check_header(t, k[2], "x", "");
    CHECK_STATUS(fold_table_set_section_header(t, k[2], "\xff"), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_header(t, FOLD_ROOT, "x"), FOLD_E_INVALID);
    check_header(t, k[2], "x", "");
    /* Other sections untouched. */
    check_header(t, k[3], "", "only detail");

    /* The key does not change with the header. */
    CHECK_EQ_I64(sec(t, "k2"), k[2]);
    CHECK_EQ_I64(info(t, k[2]).index, 2);
    CHECK_STR(text(t, k[2], FOLD_TEXT_KEY), "k2");
    fold_table_free(t);
}

static void test_heights(void)
{
    fold_table *t = must_table(NULL);
    double h = -1;
    int64_t n = -1, pos = -1;

    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 1);
    check_heights(t, a, 28, 0, 44);
    check_heights(t, b, 28, 0, 44);

    /* The output is required; FOLD_ROOT is not a section. */
    {
        fold_section_info in;
        CHECK_STATUS(fold_table_section_info(t, a, NULL), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_info(t, FOLD_ROOT, &in), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_section_height(t, FOLD_ROOT, FOLD_HEIGHT_ROW, 10), FOLD_E_INVALID);
    }
    CHECK_EQ_DBL(info(t, a).row_height, 44);

    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, 40), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_FOOTER, 12.5), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, 50), FOLD_OK);
    check_heights(t, a, 40, 12.5, 50);
    check_heights(t, b, 28, 0, 44);
    /* Not a per-section height: the expanded height and unknown kinds;
     * invalid heights. Nothing changes. */
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_EXPANDED, 10), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, a, 4, 10), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, a, -1, 10), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, -2), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, FOLD_MAX_HEIGHT * 2),
                 FOLD_E_INVALID);
    check_heights(t, a, 40, 12.5, 50);

    /* a h 40, a0 50, a1 50, a footer 12.5, b h 28, b0 44 */
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    check_item(t, 0, FOLD_ITEM_HEADER, a, -1, 0, 40);
    check_item(t, 1, FOLD_ITEM_ROW, a, 0, 40, 50);
    check_item(t, 2, FOLD_ITEM_ROW, a, 1, 90, 50);
    check_item(t, 3, FOLD_ITEM_FOOTER, a, -1, 140, 12.5);
    check_item(t, 4, FOLD_ITEM_HEADER, b, -1, 152.5, 28);
    check_item(t, 5, FOLD_ITEM_ROW, b, 0, 180.5, 44);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 224.5);
    CHECK_STATUS(fold_table_footer_position(t, a, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 3);
    CHECK_STATUS(fold_table_footer_position(t, b, &pos), FOLD_E_NOT_FOUND);
    CHECK_EQ_DBL(row_height_of(t, a, 1), 50);

    /* A row with its own height keeps it when the section default changes. */
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 20), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, 60), FOLD_OK);
    CHECK_EQ_DBL(row_height_of(t, a, 0), 60);
    CHECK_EQ_DBL(row_height_of(t, a, 1), 20);

    /* Zero heights: a header of height 0 is still an item; footer 0 = none. */
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_HEADER, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_FOOTER, 0), FOLD_OK);
    check_heights(t, b, 0, 0, 44);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 5);
    check_item(t, 3, FOLD_ITEM_HEADER, b, -1, 120, 0);
    check_item(t, 4, FOLD_ITEM_ROW, b, 0, 120, 44);
    CHECK_STATUS(fold_table_footer_position(t, a, &pos), FOLD_E_NOT_FOUND);

    /* FOLD_HEIGHT_DEFAULT goes back to the table's defaults. */
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_FOOTER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_HEADER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    check_heights(t, a, 28, 0, 44);
    check_heights(t, b, 28, 0, 44);
    CHECK_EQ_DBL(row_height_of(t, a, 0), 44);
    CHECK_EQ_DBL(row_height_of(t, a, 1), 20);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28 + 44 + 20 + 28 + 44);

    /* The largest height is accepted. */
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_HEADER, FOLD_MAX_HEIGHT), FOLD_OK);
    check_heights(t, b, FOLD_MAX_HEIGHT, 0, 44);
    fold_table_free(t);
}

static void test_table_defaults(void)
{
    fold_table_options o;
    fold_table *t;
    int64_t n = -1, pos = -1;
    double h = -1;

    fold_table_options_init(&o);
    o.row_height = 20;
    o.header_height = 30;
    o.footer_height = 5;
    o.padding_top = 7;
    o.padding_bottom = 3;
    t = must_table(&o);

    fold_section_id a = add(t, FOLD_ROOT, "a", "A", 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", "B", 0);
    check_heights(t, a, 30, 5, 20);
    check_heights(t, b, 30, 5, 20);
    /* a h, a0, a1, a footer, b h, b footer (a section without rows keeps its footer) */
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    check_item(t, 0, FOLD_ITEM_HEADER, a, -1, 7, 30);
    check_item(t, 1, FOLD_ITEM_ROW, a, 0, 37, 20);
    check_item(t, 2, FOLD_ITEM_ROW, a, 1, 57, 20);
    check_item(t, 3, FOLD_ITEM_FOOTER, a, -1, 77, 5);
    check_item(t, 4, FOLD_ITEM_HEADER, b, -1, 82, 30);
    check_item(t, 5, FOLD_ITEM_FOOTER, b, -1, 112, 5);
    CHECK_STATUS(fold_table_footer_position(t, b, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 7 + 110 + 3); /* padding + items + padding */

    /* Per-section override, then back to the table's value. */
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_FOOTER, 0), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 5);
    CHECK_STATUS(fold_table_footer_position(t, b, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_FOOTER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    check_heights(t, b, 30, 5, 20);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    fold_table_free(t);
}

/* Insert flags: reported back in section_info.flags; FOLD_SECTION_NO_HEADER
 * has no header item (its header height reads 0 and is ignored); unknown
 * flags are invalid. */
static void test_insert_flags(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id plain = 0, fixed = 0, bare = 0, folded = 0, id = 77;
    int64_t pos = -1;

    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "plain", "P", 2, 0, &plain),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "fixed", "F", 2,
                                           FOLD_SECTION_FIXED, &fixed),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "bare", "B", 2,
                                           FOLD_SECTION_NO_HEADER, &bare),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "folded", "C", 2,
                                           FOLD_SECTION_COLLAPSED, &folded),
                 FOLD_OK);
    CHECK_EQ_I64(info(t, plain).flags, FOLD_SECTION_COLLAPSIBLE);
    CHECK_EQ_I64(info(t, fixed).flags, FOLD_SECTION_FIXED);
    CHECK_EQ_I64(info(t, bare).flags, FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED);
    CHECK_EQ_I64(info(t, folded).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE);
    CHECK_EQ_DBL(info(t, bare).header_height, 0);
    CHECK_EQ_I64(info(t, bare).visible_row_count, 2);
    CHECK_EQ_I64(info(t, folded).visible_row_count, 0);
    CHECK_EQ_I64(info(t, folded).row_count, 2);
    /* plain h, 2 rows, fixed h, 2 rows, (no header) 2 rows, folded h */
    CHECK_EQ_I64(item_count(t), 9);
    CHECK_STATUS(fold_table_header_position(t, bare, &pos), FOLD_E_NOT_FOUND);
    check_item(t, 6, FOLD_ITEM_ROW, bare, 0, 2 * 28 + 4 * 44, 44);
    check_item(t, 7, FOLD_ITEM_ROW, bare, 1, 2 * 28 + 5 * 44, 44);
    check_item(t, 8, FOLD_ITEM_HEADER, folded, -1, 2 * 28 + 6 * 44, 28);
    {
        double h = -1;
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 3 * 28 + 6 * 44);
    }
    /* A header height set on it is ignored. */
    CHECK_STATUS(fold_table_set_section_height(t, bare, FOLD_HEIGHT_HEADER, 50), FOLD_OK);
    CHECK_EQ_DBL(info(t, bare).header_height, 0);
    CHECK_EQ_I64(item_count(t), 9);
    /* Both together, and the text of a section without a header item. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "all", "All|of them", 1,
                                           FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER,
                                           &id),
                 FOLD_OK);
    CHECK_STR(text(t, id, FOLD_TEXT_TITLE), "All");
    CHECK_STR(text(t, id, FOLD_TEXT_INDICATOR), "");
    CHECK_EQ_I64(info(t, id).index, 0);

    /* Unknown flags: FOLD_E_INVALID, nothing inserted. FOLD_SECTION_COLLAPSIBLE
     * is reported only. A section that cannot collapse cannot start
     * collapsed; COLLAPSED and EXPANDED contradict each other. */
    id = 77;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1, 32, &id), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1,
                                           FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED, &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1,
                                           FOLD_SECTION_COLLAPSED | FOLD_SECTION_NO_HEADER, &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1,
                                           FOLD_SECTION_COLLAPSED | FOLD_SECTION_EXPANDED, &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1, FOLD_SECTION_COLLAPSIBLE,
                                           &id),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "x", NULL, 1, 0x80000000u, &id),
                 FOLD_E_INVALID);
    CHECK_EQ_I64(id, 77);
    CHECK_STATUS(fold_table_find_section(t, "x", &id), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(section_count(t), 5);
    CHECK_EQ_I64(item_count(t), 10);
    fold_table_free(t);

    /* With start_collapsed: collapsible sections start collapsed, unless
     * FOLD_SECTION_EXPANDED; fixed ones and groups without a header never.
     * EXPANDED is given only, never reported. */
    {
        fold_table_options o;
        fold_section_id c = 0, e = 0, f = 0, g = 0;
        fold_table_options_init(&o);
        o.start_collapsed = 1;
        t = must_table(&o);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "c", NULL, 2, 0, &c),
                     FOLD_OK);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "e", NULL, 2,
                                               FOLD_SECTION_EXPANDED, &e),
                     FOLD_OK);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "f", NULL, 2,
                                               FOLD_SECTION_FIXED, &f),
                     FOLD_OK);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "g", NULL, 2,
                                               FOLD_SECTION_NO_HEADER, &g),
                     FOLD_OK);
        CHECK_EQ_I64(info(t, c).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE);
        CHECK_EQ_I64(info(t, e).flags, FOLD_SECTION_COLLAPSIBLE);
        CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_FIXED);
        CHECK_EQ_I64(info(t, g).flags, FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED);
        /* c h; e h, 2 rows; f h, 2 rows; 2 rows of g */
        CHECK_EQ_I64(item_count(t), 1 + 3 + 3 + 2);
        /* EXPANDED without start_collapsed: as 0. Empty and EXPANDED too. */
        fold_table_free(t);
        t = must_table(NULL);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "e", NULL, 1,
                                               FOLD_SECTION_EXPANDED, &e),
                     FOLD_OK);
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "z", NULL, 0,
                                               FOLD_SECTION_EXPANDED | FOLD_SECTION_FIXED, &f),
                     FOLD_OK);
        CHECK_EQ_I64(info(t, e).flags, FOLD_SECTION_COLLAPSIBLE);
        CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_FIXED);
        CHECK_EQ_I64(item_count(t), 3);
        fold_table_free(t);
    }
}

int main(void)
{
    test_append_and_lookup();
    test_insert_positions();
    test_remove();
    test_ids_of_other_tables();
    test_move();
    test_header_text();
    test_heights();
    test_table_defaults();
    test_insert_flags();
    return check_done();
}
