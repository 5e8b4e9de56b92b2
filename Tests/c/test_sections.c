/*
 * Sections (foldtable.h: "Sections"): insert, append, remove, move,
 * index <-> key, header text split into Title|Detail, per-section heights.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "foldtable.h"

/* ---- helpers --------------------------------------------------------- */

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

/* Checks that the sections are, in order, exactly the keys of `keys`
 * (NULL-terminated), each with its row count from `rows`. */
static void check_sections_(int line, const fold_table *t, const char *const *keys,
                            const int64_t *rows)
{
    long failed_before = check_failed_so_far();
    int64_t n = -1, i, count = 0;
    while (keys[count] != NULL) {
        count++;
    }
    CHECK_STATUS(fold_table_section_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, count);
    for (i = 0; i < count && i < n; i++) {
        char *key = NULL;
        int64_t index = -1, r = -1;
        CHECK_STATUS(fold_table_section_key(t, i, &key), FOLD_OK);
        CHECK_STR(key, keys[i]);
        fold_free(key);
        CHECK_STATUS(fold_table_section_index(t, keys[i], &index), FOLD_OK);
        CHECK_EQ_I64(index, i);
        if (rows != NULL) {
            CHECK_STATUS(fold_table_row_count(t, i, &r), FOLD_OK);
            CHECK_EQ_I64(r, rows[i]);
        }
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_sections called from line %d)\n", line);
    }
}
#define check_sections(t, keys, rows) check_sections_(__LINE__, (t), (keys), (rows))

/* Checks the title and detail of the header of section `index`;
 * `detail` NULL means "*out_detail must be NULL". */
static void check_header_(int line, const fold_table *t, int64_t index, const char *title,
                          const char *detail)
{
    long failed_before = check_failed_so_far();
    char *got_title = (char *)"sentinel";
    char *got_detail = (char *)"sentinel";
    if (CHECK_STATUS(fold_table_section_header(t, index, &got_title, &got_detail), FOLD_OK)) {
        CHECK_STR(got_title, title);
        if (detail == NULL) {
            CHECK(got_detail == NULL);
        } else {
            CHECK_STR(got_detail, detail);
        }
        fold_free(got_title);
        fold_free(got_detail);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_header called from line %d)\n", line);
    }
}
#define check_header(t, i, title, detail) check_header_(__LINE__, (t), (i), (title), (detail))

/* Checks one item of the flat list: kind, section, row, top and height. */
static void check_item_(int line, const fold_table *t, int64_t position, int kind,
                        int64_t section, int64_t row, double top, double height)
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

static void check_heights_(int line, const fold_table *t, int64_t index, double header,
                           double footer, double row)
{
    long failed_before = check_failed_so_far();
    double h = -7, f = -7, r = -7;
    CHECK_STATUS(fold_table_section_heights(t, index, &h, &f, &r), FOLD_OK);
    CHECK_EQ_DBL(h, header);
    CHECK_EQ_DBL(f, footer);
    CHECK_EQ_DBL(r, row);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_heights called from line %d)\n", line);
    }
}
#define check_heights(t, i, h, f, r) check_heights_(__LINE__, (t), (i), (h), (f), (r))

/* ---- tests ----------------------------------------------------------- */

static void test_append_and_lookup(void)
{
    fold_table *t = new_table(NULL);
    static const char *const keys[] = {"Mac", "iPad", "iPhone", NULL};
    static const int64_t rows[] = {3, 2, 4};
    int64_t n = -1;

    CHECK_STATUS(fold_table_append_section(t, "Mac", "Mac|Laptops and desktops", 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPad", "iPad|Tablets", 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPhone", "iPhone", 4), FOLD_OK);
    check_sections(t, keys, rows);

    check_header(t, 0, "Mac", "Laptops and desktops");
    check_header(t, 1, "iPad", "Tablets");
    check_header(t, 2, "iPhone", NULL); /* no '|': no detail */

    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 12);

    /* Keys are compared exactly: case matters. */
    CHECK_STATUS(fold_table_section_index(t, "mac", &n), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_section_index(t, "Mac ", &n), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_append_section(t, "mac", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_section_index(t, "mac", &n), FOLD_OK);
    CHECK_EQ_I64(n, 3);
    CHECK_STATUS(fold_table_section_index(t, "Mac", &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);

    /* A duplicate key is refused, whatever the header or row count. */
    CHECK_STATUS(fold_table_append_section(t, "iPad", "other", 1), FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_insert_section(t, 0, "iPhone", NULL, 0), FOLD_E_DUPLICATE);
    CHECK_STATUS(fold_table_section_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 4);

    fold_table_free(t);
}

static void test_insert_positions(void)
{
    fold_table *t = new_table(NULL);
    static const char *const k1[] = {"b", NULL};
    static const char *const k2[] = {"a", "b", NULL};
    static const char *const k3[] = {"a", "b", "d", NULL};
    static const char *const k4[] = {"a", "b", "c", "d", NULL};
    static const int64_t r4[] = {1, 0, 5, 2};

    CHECK_STATUS(fold_table_insert_section(t, 0, "b", "B", 0), FOLD_OK);
    check_sections(t, k1, NULL);
    CHECK_STATUS(fold_table_insert_section(t, 0, "a", "A", 1), FOLD_OK); /* front */
    check_sections(t, k2, NULL);
    CHECK_STATUS(fold_table_insert_section(t, 2, "d", "D", 2), FOLD_OK); /* index == count */
    check_sections(t, k3, NULL);
    CHECK_STATUS(fold_table_insert_section(t, 2, "c", "C", 5), FOLD_OK); /* middle */
    check_sections(t, k4, r4);

    /* Flat list: a h, a0, b h, c h, c0..c4, d h, d0, d1 */
    check_item(t, 0, FOLD_ITEM_HEADER, 0, -1, 0, 28);
    check_item(t, 1, FOLD_ITEM_ROW, 0, 0, 28, 44);
    check_item(t, 2, FOLD_ITEM_HEADER, 1, -1, 72, 28);
    check_item(t, 3, FOLD_ITEM_HEADER, 2, -1, 100, 28);
    check_item(t, 4, FOLD_ITEM_ROW, 2, 0, 128, 44);
    check_item(t, 8, FOLD_ITEM_ROW, 2, 4, 304, 44);
    check_item(t, 9, FOLD_ITEM_HEADER, 3, -1, 348, 28);
    check_item(t, 11, FOLD_ITEM_ROW, 3, 1, 420, 44);
    {
        int64_t n = -1;
        double h = -1;
        CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
        CHECK_EQ_I64(n, 12);
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 464);
    }
    fold_table_free(t);
}

static void test_remove(void)
{
    fold_table *t = new_table(NULL);
    static const char *const k1[] = {"a", "c", "d", NULL};
    static const int64_t r1[] = {1, 3, 4};
    static const char *const k2[] = {"c", "d", NULL};
    static const char *const k3[] = {"c", NULL};
    static const char *const k4[] = {NULL};
    static const char *const k5[] = {"b", NULL};
    int64_t n = -1;
    double h = -1;

    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 1), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "c", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "d", NULL, 4), FOLD_OK);

    CHECK_STATUS(fold_table_remove_section(t, 1), FOLD_OK); /* middle */
    check_sections(t, k1, r1);
    CHECK_STATUS(fold_table_section_index(t, "b", &n), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 3 + 1 + 3 + 4);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 3 * 28 + 8 * 44);

    CHECK_STATUS(fold_table_remove_section(t, 0), FOLD_OK); /* first */
    check_sections(t, k2, NULL);
    CHECK_STATUS(fold_table_remove_section(t, 1), FOLD_OK); /* last */
    check_sections(t, k3, NULL);
    CHECK_STATUS(fold_table_remove_section(t, 1), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_remove_section(t, 0), FOLD_OK);
    check_sections(t, k4, NULL);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 0);
    CHECK_STATUS(fold_table_remove_section(t, 0), FOLD_E_RANGE);

    /* A removed key can be used again; the new section starts fresh. */
    CHECK_STATUS(fold_table_append_section(t, "b", "again", 0), FOLD_OK);
    check_sections(t, k5, NULL);
    check_header(t, 0, "again", NULL);
    fold_table_free(t);
}

static void test_move(void)
{
    fold_table *t = new_table(NULL);
    static const char *const k1[] = {"B", "C", "A", "D", NULL};
    static const int64_t r1[] = {2, 3, 1, 4};
    static const char *const k2[] = {"B", "D", "C", "A", NULL};
    static const int64_t r2[] = {2, 4, 3, 1};
    static const char *const k3[] = {"A", "B", "D", "C", NULL};
    static const int64_t r3[] = {1, 2, 4, 3};
    int c = -1;

    CHECK_STATUS(fold_table_append_section(t, "A", "A|1", 1), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "B", "B|2", 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "C", "C|3", 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "D", "D|4", 4), FOLD_OK);
    CHECK_STATUS(fold_table_collapse_key(t, "C", NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_header_height(t, 0, 10), FOLD_OK); /* A */

    /* A ends at index 2. */
    CHECK_STATUS(fold_table_move_section(t, 0, 2), FOLD_OK);
    check_sections(t, k1, r1);
    check_header(t, 2, "A", "1");
    check_heights(t, 2, 10, 0, 44);
    check_heights(t, 0, 28, 0, 44);

    /* D (index 3) ends at index 1. */
    CHECK_STATUS(fold_table_move_section(t, 3, 1), FOLD_OK);
    check_sections(t, k2, r2);
    check_header(t, 1, "D", "4");

    /* Moving to the same index changes nothing. */
    CHECK_STATUS(fold_table_move_section(t, 2, 2), FOLD_OK);
    check_sections(t, k2, r2);

    /* Last to first. */
    CHECK_STATUS(fold_table_move_section(t, 3, 0), FOLD_OK);
    check_sections(t, k3, r3);
    check_heights(t, 0, 10, 0, 44);

    /* The collapsed state moved with C (now last). */
    CHECK_STATUS(fold_table_is_collapsed_key(t, "C", &c), FOLD_OK);
    CHECK_EQ_I64(c, 1);
    CHECK_STATUS(fold_table_is_collapsed(t, 3, &c), FOLD_OK);
    CHECK_EQ_I64(c, 1);
    CHECK_STATUS(fold_table_is_collapsed(t, 2, &c), FOLD_OK);
    CHECK_EQ_I64(c, 0);

    /* Flat list: A h(10), A0, B h, B0, B1, D h, D0..D3, C h (collapsed) */
    check_item(t, 0, FOLD_ITEM_HEADER, 0, -1, 0, 10);
    check_item(t, 1, FOLD_ITEM_ROW, 0, 0, 10, 44);
    check_item(t, 2, FOLD_ITEM_HEADER, 1, -1, 54, 28);
    check_item(t, 5, FOLD_ITEM_HEADER, 2, -1, 170, 28);
    check_item(t, 9, FOLD_ITEM_ROW, 2, 3, 330, 44);
    check_item(t, 10, FOLD_ITEM_HEADER, 3, -1, 374, 28);
    {
        int64_t n = -1;
        double h = -1;
        CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
        CHECK_EQ_I64(n, 11);
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 402);
    }

    /* `to` must be an existing index. */
    CHECK_STATUS(fold_table_move_section(t, 0, 4), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_move_section(t, 4, 0), FOLD_E_RANGE);
    check_sections(t, k3, r3);
    fold_table_free(t);
}

static void test_header_text(void)
{
    fold_table *t = new_table(NULL);
    char *title = NULL, *detail = NULL;

    CHECK_STATUS(fold_table_append_section(t, "k0", NULL, 0), FOLD_OK); /* NULL means "" */
    CHECK_STATUS(fold_table_append_section(t, "k1", "", 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "k2", "A|B|C", 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "k3", "|only detail", 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "k4", "only title|", 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "k5", "|", 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "k6", "Caf\xC3\xA9|Cr\xC3\xA8me \xE2\x98\x95", 0),
                 FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "\xE2\x98\x95 key", "Title with spaces ", 0),
                 FOLD_OK);

    check_header(t, 0, "", NULL);
    check_header(t, 1, "", NULL);
    check_header(t, 2, "A", "B|C"); /* split at the first '|' */
    check_header(t, 3, "", "only detail");
    check_header(t, 4, "only title", "");
    check_header(t, 5, "", "");
    check_header(t, 6, "Caf\xC3\xA9", "Cr\xC3\xA8me \xE2\x98\x95");
    check_header(t, 7, "Title with spaces ", NULL);
    {
        int64_t i = -1;
        char *key = NULL;
        CHECK_STATUS(fold_table_section_index(t, "\xE2\x98\x95 key", &i), FOLD_OK);
        CHECK_EQ_I64(i, 7);
        CHECK_STATUS(fold_table_section_key(t, 7, &key), FOLD_OK);
        CHECK_STR(key, "\xE2\x98\x95 key");
        fold_free(key);
    }

    /* Both outputs are optional. */
    title = NULL;
    CHECK_STATUS(fold_table_section_header(t, 2, &title, NULL), FOLD_OK);
    CHECK_STR(title, "A");
    fold_free(title);
    detail = NULL;
    CHECK_STATUS(fold_table_section_header(t, 2, NULL, &detail), FOLD_OK);
    CHECK_STR(detail, "B|C");
    fold_free(detail);
    CHECK_STATUS(fold_table_section_header(t, 2, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_section_header(t, 8, NULL, NULL), FOLD_E_RANGE);

    /* Replacing the header text. */
    CHECK_STATUS(fold_table_set_section_header(t, 0, "New|Text"), FOLD_OK);
    check_header(t, 0, "New", "Text");
    CHECK_STATUS(fold_table_set_section_header(t, 0, "Plain"), FOLD_OK);
    check_header(t, 0, "Plain", NULL);
    CHECK_STATUS(fold_table_set_section_header(t, 0, NULL), FOLD_OK);
    check_header(t, 0, "", NULL);
    CHECK_STATUS(fold_table_set_section_header(t, 2, "x|"), FOLD_OK);
    check_header(t, 2, "x", "");
    /* Other sections untouched. */
    check_header(t, 3, "", "only detail");

    /* The key does not change with the header. */
    {
        int64_t i = -1;
        CHECK_STATUS(fold_table_section_index(t, "k2", &i), FOLD_OK);
        CHECK_EQ_I64(i, 2);
    }
    fold_table_free(t);
}

static void test_heights(void)
{
    fold_table *t = new_table(NULL);
    double rh = -1, h = -1;
    int64_t n = -1, pos = -1;

    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", NULL, 1), FOLD_OK);
    check_heights(t, 0, 28, 0, 44);
    check_heights(t, 1, 28, 0, 44);

    /* The three outputs are optional. */
    CHECK_STATUS(fold_table_section_heights(t, 0, NULL, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_section_heights(t, 0, NULL, NULL, &rh), FOLD_OK);
    CHECK_EQ_DBL(rh, 44);

    CHECK_STATUS(fold_table_set_section_header_height(t, 0, 40), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_footer_height(t, 0, 12.5), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_row_height(t, 0, 50), FOLD_OK);
    check_heights(t, 0, 40, 12.5, 50);
    check_heights(t, 1, 28, 0, 44);

    /* a h 40, a0 50, a1 50, a footer 12.5, b h 28, b0 44 */
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    check_item(t, 0, FOLD_ITEM_HEADER, 0, -1, 0, 40);
    check_item(t, 1, FOLD_ITEM_ROW, 0, 0, 40, 50);
    check_item(t, 2, FOLD_ITEM_ROW, 0, 1, 90, 50);
    check_item(t, 3, FOLD_ITEM_FOOTER, 0, -1, 140, 12.5);
    check_item(t, 4, FOLD_ITEM_HEADER, 1, -1, 152.5, 28);
    check_item(t, 5, FOLD_ITEM_ROW, 1, 0, 180.5, 44);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 224.5);
    CHECK_STATUS(fold_table_footer_position(t, 0, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 3);
    CHECK_STATUS(fold_table_footer_position(t, 1, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_row_height(t, 0, 1, &rh), FOLD_OK);
    CHECK_EQ_DBL(rh, 50);

    /* A row with its own height keeps it when the section default changes. */
    CHECK_STATUS(fold_table_set_row_height(t, 0, 1, 20), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_row_height(t, 0, 60), FOLD_OK);
    CHECK_STATUS(fold_table_row_height(t, 0, 0, &rh), FOLD_OK);
    CHECK_EQ_DBL(rh, 60);
    CHECK_STATUS(fold_table_row_height(t, 0, 1, &rh), FOLD_OK);
    CHECK_EQ_DBL(rh, 20);

    /* Zero heights: a header of height 0 is still an item; footer 0 = none. */
    CHECK_STATUS(fold_table_set_section_header_height(t, 1, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_footer_height(t, 0, 0), FOLD_OK);
    check_heights(t, 1, 0, 0, 44);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 5);
    check_item(t, 3, FOLD_ITEM_HEADER, 1, -1, 120, 0);
    check_item(t, 4, FOLD_ITEM_ROW, 1, 0, 120, 44);
    CHECK_STATUS(fold_table_footer_position(t, 0, &pos), FOLD_E_NOT_FOUND);

    /* FOLD_HEIGHT_DEFAULT goes back to the table's defaults. */
    CHECK_STATUS(fold_table_set_section_header_height(t, 0, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_footer_height(t, 0, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_row_height(t, 0, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_header_height(t, 1, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    check_heights(t, 0, 28, 0, 44);
    check_heights(t, 1, 28, 0, 44);
    CHECK_STATUS(fold_table_row_height(t, 0, 0, &rh), FOLD_OK);
    CHECK_EQ_DBL(rh, 44);
    CHECK_STATUS(fold_table_row_height(t, 0, 1, &rh), FOLD_OK);
    CHECK_EQ_DBL(rh, 20);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28 + 44 + 20 + 28 + 44);

    /* The largest height is accepted. */
    CHECK_STATUS(fold_table_set_section_header_height(t, 1, FOLD_MAX_HEIGHT), FOLD_OK);
    check_heights(t, 1, FOLD_MAX_HEIGHT, 0, 44);
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
    t = new_table(&o);

    CHECK_STATUS(fold_table_append_section(t, "a", "A", 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", "B", 0), FOLD_OK);
    check_heights(t, 0, 30, 5, 20);
    check_heights(t, 1, 30, 5, 20);
    /* a h, a0, a1, a footer, b h, b footer (a section without rows keeps its footer) */
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    check_item(t, 0, FOLD_ITEM_HEADER, 0, -1, 7, 30);
    check_item(t, 1, FOLD_ITEM_ROW, 0, 0, 37, 20);
    check_item(t, 2, FOLD_ITEM_ROW, 0, 1, 57, 20);
    check_item(t, 3, FOLD_ITEM_FOOTER, 0, -1, 77, 5);
    check_item(t, 4, FOLD_ITEM_HEADER, 1, -1, 82, 30);
    check_item(t, 5, FOLD_ITEM_FOOTER, 1, -1, 112, 5);
    CHECK_STATUS(fold_table_footer_position(t, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 7 + 110 + 3); /* padding + items + padding */

    /* Per-section override, then back to the table's value. */
    CHECK_STATUS(fold_table_set_section_footer_height(t, 1, 0), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 5);
    CHECK_STATUS(fold_table_footer_position(t, 1, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_section_footer_height(t, 1, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    check_heights(t, 1, 30, 5, 20);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    fold_table_free(t);
}

int main(void)
{
    test_append_and_lookup();
    test_insert_positions();
    test_remove();
    test_move();
    test_header_text();
    test_heights();
    test_table_defaults();
    return check_done();
}
