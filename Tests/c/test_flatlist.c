/*
 * The flat list and its geometry (foldtable.h: "The flat list", "Geometry"):
 * item_count, item_at, header/row/footer positions, item_height, item_top,
 * item_at_offset, content_height and visible_items, on hand-computed tables
 * (the worked example of the design brief among them).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "foldtable.h"

#define H FOLD_ITEM_HEADER
#define R FOLD_ITEM_ROW
#define F FOLD_ITEM_FOOTER
#define C FOLD_ITEM_FLAG_COLLAPSED

typedef struct expected_item {
    int kind;
    int64_t section;
    int64_t row;
    uint32_t flags;
    double top;
    double height;
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

/* Checks the whole flat list, item by item, and the content height. */
static void check_list_(int line, const fold_table *t, const expected_item *e, int64_t count,
                        double content)
{
    long failed_before = check_failed_so_far();
    int64_t n = -1, i, pos = -1;
    double got = -1;
    fold_item item;

    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, count);
    for (i = 0; i < count; i++) {
        memset(&item, 0x77, sizeof item);
        if (CHECK_STATUS(fold_table_item_at(t, i, &item), FOLD_OK)) {
            CHECK_EQ_I64(item.kind, e[i].kind);
            CHECK_EQ_I64(item.depth, 0);
            CHECK_EQ_I64(item.section, e[i].section);
            CHECK_EQ_I64(item.row, e[i].row);
            CHECK_EQ_I64(item.flags, e[i].flags);
        }
        CHECK_STATUS(fold_table_item_top(t, i, &got), FOLD_OK);
        CHECK_EQ_DBL(got, e[i].top);
        CHECK_STATUS(fold_table_item_height(t, i, &got), FOLD_OK);
        CHECK_EQ_DBL(got, e[i].height);
        /* The position queries agree with the list. */
        pos = -1;
        if (e[i].kind == H) {
            CHECK_STATUS(fold_table_header_position(t, e[i].section, &pos), FOLD_OK);
        } else if (e[i].kind == R) {
            CHECK_STATUS(fold_table_row_position(t, e[i].section, e[i].row, &pos), FOLD_OK);
        } else {
            CHECK_STATUS(fold_table_footer_position(t, e[i].section, &pos), FOLD_OK);
        }
        CHECK_EQ_I64(pos, i);
    }
    CHECK_STATUS(fold_table_item_at(t, count, &item), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_item_top(t, count, &got), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_item_height(t, count, &got), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_content_height(t, &got), FOLD_OK);
    CHECK_EQ_DBL(got, content);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_list called from line %d)\n", line);
    }
}
#define check_list(t, e, content) \
    check_list_(__LINE__, (t), (e), (int64_t)(sizeof(e) / sizeof((e)[0])), (content))

static void check_offset_(int line, const fold_table *t, double y, int64_t position,
                          int32_t place)
{
    long failed_before = check_failed_so_far();
    int64_t p = -42;
    int32_t pl = -42;
    CHECK_STATUS(fold_table_item_at_offset(t, y, &p, &pl), FOLD_OK);
    CHECK_EQ_I64(p, position);
    CHECK_EQ_I64(pl, place);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_offset(y = %.17g) called from line %d)\n", y, line);
    }
}
#define check_offset(t, y, p, pl) check_offset_(__LINE__, (t), (y), (p), (pl))

/* Checks visible_items(offset, height, overscan) against the positions
 * first..first+count-1 of the expected list `e`, with a large buffer. */
static void check_visible_(int line, const fold_table *t, double offset, double height,
                           int64_t overscan, const expected_item *e, int64_t first,
                           int64_t count)
{
    long failed_before = check_failed_so_far();
    fold_visible_item out[64];
    int64_t written = -1, total = -1, i;
    memset(out, 0x66, sizeof out);
    if (CHECK_STATUS(fold_table_visible_items(t, offset, height, overscan, out, 64, &written,
                                              &total),
                     FOLD_OK)) {
        CHECK_EQ_I64(written, count);
        CHECK_EQ_I64(total, count);
        for (i = 0; i < count && i < written; i++) {
            const expected_item *x = &e[first + i];
            CHECK_EQ_I64(out[i].position, first + i);
            CHECK_EQ_I64(out[i].kind, x->kind);
            CHECK_EQ_I64(out[i].depth, 0);
            CHECK_EQ_I64(out[i].section, x->section);
            CHECK_EQ_I64(out[i].row, x->row);
            CHECK_EQ_DBL(out[i].top, x->top);
            CHECK_EQ_DBL(out[i].height, x->height);
            CHECK_EQ_I64(out[i].flags, x->flags);
        }
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr,
                "  (in check_visible(offset %.17g, height %.17g, overscan %lld) called from "
                "line %d)\n",
                offset, height, (long long)overscan, line);
    }
}
#define check_visible(t, off, h, ov, e, first, count) \
    check_visible_(__LINE__, (t), (off), (h), (ov), (e), (first), (count))

/* ---- the worked example -------------------------------------------- */

static const expected_item sample_expanded[] = {
    {H, 0, -1, 0, 0, 28},   {R, 0, 0, 0, 28, 44},   {R, 0, 1, 0, 72, 44},
    {R, 0, 2, 0, 116, 44},  {H, 1, -1, 0, 160, 28}, {R, 1, 0, 0, 188, 44},
    {R, 1, 1, 0, 232, 44},  {H, 2, -1, 0, 276, 28}, {R, 2, 0, 0, 304, 44},
    {R, 2, 1, 0, 348, 44},  {R, 2, 2, 0, 392, 44},  {R, 2, 3, 0, 436, 44},
};

static const expected_item sample_ipad_collapsed[] = {
    {H, 0, -1, 0, 0, 28},  {R, 0, 0, 0, 28, 44},   {R, 0, 1, 0, 72, 44},
    {R, 0, 2, 0, 116, 44}, {H, 1, -1, C, 160, 28}, {H, 2, -1, 0, 188, 28},
    {R, 2, 0, 0, 216, 44}, {R, 2, 1, 0, 260, 44},  {R, 2, 2, 0, 304, 44},
    {R, 2, 3, 0, 348, 44},
};

static fold_table *sample_table(const fold_table_options *options)
{
    fold_table *t = new_table(options);
    CHECK_STATUS(fold_table_append_section(t, "Mac", "Mac|Laptops and desktops", 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPad", "iPad|Tablets", 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPhone", "iPhone|Phones", 4), FOLD_OK);
    return t;
}

static void test_worked_example(void)
{
    fold_table *t = sample_table(NULL);
    int64_t pos = -1;

    check_list(t, sample_expanded, 480);
    CHECK_STATUS(fold_table_footer_position(t, 0, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_row_position(t, 1, 2, &pos), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_header_position(t, 3, &pos), FOLD_E_RANGE);

    CHECK_STATUS(fold_table_collapse_key(t, "iPad", NULL), FOLD_OK);
    check_list(t, sample_ipad_collapsed, 392);
    pos = -1;
    CHECK_STATUS(fold_table_row_position(t, 1, 0, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_row_position(t, 1, 1, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_EQ_I64(pos, -1); /* not written on failure */
    CHECK_STATUS(fold_table_header_position(t, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_STATUS(fold_table_footer_position(t, 1, &pos), FOLD_E_NOT_FOUND);

    CHECK_STATUS(fold_table_expand_key(t, "iPad", NULL), FOLD_OK);
    check_list(t, sample_expanded, 480);
    fold_table_free(t);
}

static void test_worked_example_offsets(void)
{
    fold_table *t = sample_table(NULL);

    check_offset(t, -1e300, 0, FOLD_OFFSET_ABOVE);
    check_offset(t, -0.5, 0, FOLD_OFFSET_ABOVE);
    check_offset(t, 0, 0, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 27.999, 0, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 28, 1, FOLD_OFFSET_IN_ITEM); /* y == top belongs to the item */
    check_offset(t, 71.5, 1, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 72, 2, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 159.9, 3, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 160, 4, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 200, 5, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 276, 7, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 436, 11, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 479.75, 11, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 480, 11, FOLD_OFFSET_BELOW);
    check_offset(t, 1e300, 11, FOLD_OFFSET_BELOW);

    CHECK_STATUS(fold_table_collapse(t, 1, NULL), FOLD_OK);
    check_offset(t, 160, 4, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 187.5, 4, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 188, 5, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 216, 6, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 391, 9, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 392, 9, FOLD_OFFSET_BELOW);
    fold_table_free(t);
}

static void test_worked_example_viewports(void)
{
    fold_table *t = sample_table(NULL);
    fold_visible_item out[4];
    int64_t written = -1, total = -1;

    check_visible(t, 30, 100, 0, sample_expanded, 1, 3);
    check_visible(t, 30, 100, 1, sample_expanded, 0, 5);
    check_visible(t, 30, 100, 2, sample_expanded, 0, 6);  /* clamped at the start */
    check_visible(t, 30, 100, 1000, sample_expanded, 0, 12);
    check_visible(t, 0, 480, 0, sample_expanded, 0, 12);
    check_visible(t, -50, 2000, 3, sample_expanded, 0, 12);
    check_visible(t, 28, 44, 0, sample_expanded, 1, 1);    /* exactly one row */
    check_visible(t, 27, 46, 0, sample_expanded, 0, 3);    /* one point into each neighbour */
    check_visible(t, 400, 1000, 0, sample_expanded, 10, 2);
    check_visible(t, 400, 1000, 5, sample_expanded, 5, 7); /* clamped at the end */
    check_visible(t, 30, 0, 0, sample_expanded, 1, 1);     /* an empty viewport inside a row */
    check_visible(t, 480, 100, 0, sample_expanded, 0, 0);  /* past the end */
    check_visible(t, -100, 100, 0, sample_expanded, 0, 0); /* before the start */

    /* Capacity smaller than the total: the first ones, and the total. */
    memset(out, 0, sizeof out);
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 1, out, 2, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 2);
    CHECK_EQ_I64(total, 5);
    CHECK_EQ_I64(out[0].position, 0);
    CHECK_EQ_I64(out[1].position, 1);
    CHECK_EQ_DBL(out[1].top, 28);
    CHECK_EQ_I64(out[2].position, 0); /* untouched past capacity */
    /* NULL out with capacity 0: only the total. */
    written = -1;
    total = -1;
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 1, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 5);
    /* Capacity 0 with a buffer writes nothing. */
    out[0].position = 99;
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 0, out, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 3);
    CHECK_EQ_I64(out[0].position, 99);
    /* out_total is optional. */
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 0, out, 4, &written, NULL), FOLD_OK);
    CHECK_EQ_I64(written, 3);
    CHECK_EQ_I64(out[0].position, 1);
    CHECK_EQ_I64(out[2].position, 3);
    /* A capacity larger than the total. */
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, 0, out, INT64_MAX, &written, &total),
                 FOLD_OK);
    CHECK_EQ_I64(written, 3);
    CHECK_EQ_I64(total, 3);
    /* Overscan as large as it gets. */
    CHECK_STATUS(fold_table_visible_items(t, 30, 100, INT64_MAX, NULL, 0, &written, &total),
                 FOLD_OK);
    CHECK_EQ_I64(total, 12);

    CHECK_STATUS(fold_table_collapse_key(t, "iPad", NULL), FOLD_OK);
    check_visible(t, 150, 60, 0, sample_ipad_collapsed, 3, 3);
    check_visible(t, 160, 56, 0, sample_ipad_collapsed, 4, 2);
    check_visible(t, 30, 100, 1, sample_ipad_collapsed, 0, 5);
    fold_table_free(t);
}

/* ---- padding, footers, zero heights --------------------------------- */

static void test_padding_and_footers(void)
{
    fold_table_options o;
    fold_table *t;
    static const expected_item e1[] = {
        {H, 0, -1, 0, 10, 30}, {R, 0, 0, 0, 40, 20}, {R, 0, 1, 0, 60, 20},
        {F, 0, -1, 0, 80, 6},  {H, 1, -1, 0, 86, 30}, {F, 1, -1, 0, 116, 6},
        {H, 2, -1, 0, 122, 30}, {R, 2, 0, 0, 152, 20}, {F, 2, -1, 0, 172, 6},
    };
    /* a collapsed: its footer stays. */
    static const expected_item e2[] = {
        {H, 0, -1, C, 10, 30}, {F, 0, -1, C, 40, 6},  {H, 1, -1, 0, 46, 30},
        {F, 1, -1, 0, 76, 6},  {H, 2, -1, 0, 82, 30}, {R, 2, 0, 0, 112, 20},
        {F, 2, -1, 0, 132, 6},
    };
    /* b's footer removed (height 0), c's footer 14. */
    static const expected_item e3[] = {
        {H, 0, -1, C, 10, 30}, {F, 0, -1, C, 40, 6}, {H, 1, -1, 0, 46, 30},
        {H, 2, -1, 0, 76, 30}, {R, 2, 0, 0, 106, 20}, {F, 2, -1, 0, 126, 14},
    };
    int64_t pos = -1;

    fold_table_options_init(&o);
    o.row_height = 20;
    o.header_height = 30;
    o.footer_height = 6;
    o.padding_top = 10;
    o.padding_bottom = 15;
    t = new_table(&o);
    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "c", NULL, 1), FOLD_OK);
    check_list(t, e1, 178 + 15);

    check_offset(t, 0, 0, FOLD_OFFSET_ABOVE);
    check_offset(t, 9.99, 0, FOLD_OFFSET_ABOVE);
    check_offset(t, 10, 0, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 85, 3, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 86, 4, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 177.9, 8, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 178, 8, FOLD_OFFSET_BELOW); /* bottom padding */
    check_offset(t, 193, 8, FOLD_OFFSET_BELOW);
    check_offset(t, 5000, 8, FOLD_OFFSET_BELOW);

    check_visible(t, 0, 10, 0, e1, 0, 0);   /* only top padding */
    check_visible(t, 0, 11, 0, e1, 0, 1);
    check_visible(t, 70, 20, 0, e1, 2, 3);  /* [70, 90): a1, a footer, b header */
    check_visible(t, 178, 15, 0, e1, 0, 0); /* only bottom padding */
    check_visible(t, 170, 30, 1, e1, 6, 3);

    CHECK_STATUS(fold_table_collapse(t, 0, NULL), FOLD_OK);
    check_list(t, e2, 138 + 15);
    CHECK_STATUS(fold_table_footer_position(t, 0, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 1);
    CHECK_STATUS(fold_table_row_position(t, 0, 0, &pos), FOLD_E_NOT_VISIBLE);

    CHECK_STATUS(fold_table_set_section_footer_height(t, 1, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_footer_height(t, 2, 14), FOLD_OK);
    check_list(t, e3, 140 + 15);
    CHECK_STATUS(fold_table_footer_position(t, 1, &pos), FOLD_E_NOT_FOUND);
    fold_table_free(t);
}

static void test_zero_heights(void)
{
    fold_table_options o;
    fold_table *t;
    static const double rows_b[] = {10, 0, 0, 10};
    /* a: header 0, rows 44 44; b: header 0, rows 10 0 0 10; c: header 0, no rows */
    static const expected_item e[] = {
        {H, 0, -1, 0, 0, 0},   {R, 0, 0, 0, 0, 44},  {R, 0, 1, 0, 44, 44},
        {H, 1, -1, 0, 88, 0},  {R, 1, 0, 0, 88, 10}, {R, 1, 1, 0, 98, 0},
        {R, 1, 2, 0, 98, 0},   {R, 1, 3, 0, 98, 10}, {H, 2, -1, 0, 108, 0},
    };

    fold_table_options_init(&o);
    o.header_height = 0;
    t = new_table(&o);
    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, 1, 0, 4, rows_b), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "c", NULL, 0), FOLD_OK);
    check_list(t, e, 108);

    /* Items of height 0 contain no offset. */
    check_offset(t, -1, 0, FOLD_OFFSET_ABOVE);
    check_offset(t, 0, 1, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 44, 2, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 88, 4, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 97.5, 4, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 98, 7, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 107, 7, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 108, 8, FOLD_OFFSET_BELOW); /* the last item has height 0 */

    /* Zero-height items whose top lies inside the viewport are visible. */
    check_visible(t, 0, 88, 0, e, 0, 3);
    check_visible(t, 44, 44.5, 0, e, 2, 3);
    check_visible(t, 88, 12, 0, e, 3, 5);  /* [88,100): b header, b0, b1, b2, b3 */
    check_visible(t, 98, 10, 0, e, 5, 3);  /* [98,108): b1, b2, b3 */
    check_visible(t, 99, 100, 0, e, 7, 2); /* b3, c header at 108 */
    check_visible(t, 108, 1, 0, e, 8, 1);  /* only the zero-height c header */
    check_visible(t, 108.5, 1, 0, e, 0, 0);
    fold_table_free(t);

    /* Every item of height 0. */
    fold_table_options_init(&o);
    o.header_height = 0;
    o.row_height = 0;
    o.padding_top = 5;
    t = new_table(&o);
    CHECK_STATUS(fold_table_append_section(t, "z", NULL, 2), FOLD_OK);
    check_offset(t, 4, 0, FOLD_OFFSET_ABOVE);
    check_offset(t, 5, 2, FOLD_OFFSET_BELOW);
    check_offset(t, 6, 2, FOLD_OFFSET_BELOW);
    {
        double h = -1;
        int64_t written = -1, total = -1;
        fold_visible_item out[4];
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 5);
        CHECK_STATUS(fold_table_visible_items(t, 0, 10, 0, out, 4, &written, &total), FOLD_OK);
        CHECK_EQ_I64(written, 3);
        CHECK_EQ_I64(total, 3);
        CHECK_EQ_DBL(out[0].top, 5);
        CHECK_EQ_DBL(out[2].top, 5);
        CHECK_EQ_I64(out[2].row, 1);
    }
    fold_table_free(t);
}

static void test_empty_table(void)
{
    fold_table_options o;
    fold_table *t = new_table(NULL);
    int64_t written = -1, total = -1;
    fold_visible_item out[2];
    fold_item item;
    double h = -1;

    check_offset(t, -1, -1, FOLD_OFFSET_ABOVE);
    check_offset(t, 0, -1, FOLD_OFFSET_BELOW);
    check_offset(t, 100, -1, FOLD_OFFSET_BELOW);
    CHECK_STATUS(fold_table_item_at(t, 0, &item), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_item_top(t, 0, &h), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_visible_items(t, 0, 100, 2, out, 2, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 0);
    fold_table_free(t);

    fold_table_options_init(&o);
    o.padding_top = 10;
    o.padding_bottom = 20;
    t = new_table(&o);
    check_offset(t, 5, -1, FOLD_OFFSET_ABOVE);
    check_offset(t, 9.5, -1, FOLD_OFFSET_ABOVE);
    check_offset(t, 10, -1, FOLD_OFFSET_BELOW);
    check_offset(t, 25, -1, FOLD_OFFSET_BELOW);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30);

    /* A table that became empty again. */
    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 3), FOLD_OK);
    check_offset(t, 10, 0, FOLD_OFFSET_IN_ITEM);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30 + 28 + 3 * 44);
    CHECK_STATUS(fold_table_remove_section(t, 0), FOLD_OK);
    check_offset(t, 5, -1, FOLD_OFFSET_ABOVE);
    check_offset(t, 10, -1, FOLD_OFFSET_BELOW);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30);
    fold_table_free(t);
}

static void test_fractional_heights(void)
{
    fold_table *t = new_table(NULL);
    static const double hs[] = {0.5, 0.25, 0.125};
    static const expected_item e[] = {
        {H, 0, -1, 0, 0, 12.75}, {R, 0, 0, 0, 12.75, 0.5}, {R, 0, 1, 0, 13.25, 0.25},
        {R, 0, 2, 0, 13.5, 0.125},
    };
    CHECK_STATUS(fold_table_append_section(t, "f", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_header_height(t, 0, 12.75), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, 0, 0, 3, hs), FOLD_OK);
    check_list(t, e, 13.625);
    check_offset(t, 13.25, 2, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 13.5, 3, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 13.625, 3, FOLD_OFFSET_BELOW);
    check_visible(t, 13, 0.5, 0, e, 1, 2); /* [13, 13.5): rows 0 and 1 */
    check_visible(t, 13, 0.5001, 0, e, 1, 3);
    fold_table_free(t);
}

int main(void)
{
    test_worked_example();
    test_worked_example_offsets();
    test_worked_example_viewports();
    test_padding_and_footers();
    test_zero_heights();
    test_empty_table();
    test_fractional_heights();
    return check_done();
}
