/*
 * The flat list and its geometry (foldtable.h: "The flat list", "Geometry"):
 * item_count, item_at, header/row/footer positions, item_height, item_top,
 * item_at_offset, content_height and visible_items, on hand-computed tables
 * (the worked example of the design brief among them), sections without a
 * header item, and activating items (fold_table_activate).
 *
 * Expected items name their section by its top-level index; the checks
 * turn it into the section's id (fold_table_child_at) and compare ids.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

#define H FOLD_ITEM_HEADER
#define R FOLD_ITEM_ROW
#define F FOLD_ITEM_FOOTER
#define C FOLD_ITEM_FLAG_COLLAPSED
#define K FOLD_ITEM_FLAG_COLLAPSIBLE

typedef struct expected_item {
    int kind;
    int64_t section;
    int64_t row;
    uint32_t flags;
    double top;
    double height;
} expected_item;

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
        fold_section_id id = top(t, e[i].section);
        memset(&item, 0x77, sizeof item);
        if (CHECK_STATUS(fold_table_item_at(t, i, &item), FOLD_OK)) {
            CHECK_EQ_I64(item.kind, e[i].kind);
            CHECK_EQ_I64(item.depth, 0);
            CHECK_EQ_I64(item.section, id);
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
            CHECK_STATUS(fold_table_header_position(t, id, &pos), FOLD_OK);
        } else if (e[i].kind == R) {
            CHECK_STATUS(fold_table_row_position(t, id, e[i].row, &pos), FOLD_OK);
        } else {
            CHECK_STATUS(fold_table_footer_position(t, id, &pos), FOLD_OK);
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
            CHECK_EQ_I64(out[i].section, top(t, x->section));
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

/* Headers and footers of collapsible sections with children are flagged
 * COLLAPSIBLE (K, 0.2). */
static const expected_item sample_expanded[] = {
    {H, 0, -1, K, 0, 28},   {R, 0, 0, 0, 28, 44},   {R, 0, 1, 0, 72, 44},
    {R, 0, 2, 0, 116, 44},  {H, 1, -1, K, 160, 28}, {R, 1, 0, 0, 188, 44},
    {R, 1, 1, 0, 232, 44},  {H, 2, -1, K, 276, 28}, {R, 2, 0, 0, 304, 44},
    {R, 2, 1, 0, 348, 44},  {R, 2, 2, 0, 392, 44},  {R, 2, 3, 0, 436, 44},
};

static const expected_item sample_ipad_collapsed[] = {
    {H, 0, -1, K, 0, 28},  {R, 0, 0, 0, 28, 44},   {R, 0, 1, 0, 72, 44},
    {R, 0, 2, 0, 116, 44}, {H, 1, -1, C | K, 160, 28}, {H, 2, -1, K, 188, 28},
    {R, 2, 0, 0, 216, 44}, {R, 2, 1, 0, 260, 44},  {R, 2, 2, 0, 304, 44},
    {R, 2, 3, 0, 348, 44},
};

static fold_table *sample_table(const fold_table_options *options)
{
    fold_table *t = must_table(options);
    add(t, FOLD_ROOT, "Mac", "Mac|Laptops and desktops", 3);
    add(t, FOLD_ROOT, "iPad", "iPad|Tablets", 2);
    add(t, FOLD_ROOT, "iPhone", "iPhone|Phones", 4);
    return t;
}

static void test_worked_example(void)
{
    fold_table *t = sample_table(NULL);
    int64_t pos = -1;

    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad");

    check_list(t, sample_expanded, 480);
    CHECK_STATUS(fold_table_footer_position(t, mac, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_row_position(t, ipad, 2, &pos), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_row_position(t, ipad, -1, &pos), FOLD_E_RANGE);
    /* No fourth section; FOLD_ROOT has no header; a stale id is not found. */
    {
        int32_t kind = -1;
        fold_section_id gone = add(t, FOLD_ROOT, "gone", NULL, 1);
        CHECK_STATUS(fold_table_remove_section(t, gone), FOLD_OK);
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 3, &kind, NULL, NULL), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_header_position(t, FOLD_ROOT, &pos), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_row_position(t, FOLD_ROOT, 0, &pos), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_footer_position(t, FOLD_ROOT, &pos), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_header_position(t, gone, &pos), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_row_position(t, gone, 0, &pos), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_footer_position(t, gone, &pos), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_header_position(t, mac, NULL), FOLD_E_INVALID);
        CHECK_EQ_I64(pos, -1); /* not written on failure */
    }

    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);
    check_list(t, sample_ipad_collapsed, 392);
    pos = -1;
    CHECK_STATUS(fold_table_row_position(t, ipad, 0, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_row_position(t, ipad, 1, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_EQ_I64(pos, -1); /* not written on failure */
    CHECK_STATUS(fold_table_header_position(t, ipad, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_STATUS(fold_table_footer_position(t, ipad, &pos), FOLD_E_NOT_FOUND);

    CHECK_STATUS(fold_table_expand(t, ipad, NULL), FOLD_OK);
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

    CHECK_STATUS(fold_table_collapse(t, top(t, 1), NULL), FOLD_OK);
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

    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPad"), NULL), FOLD_OK);
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
        {H, 0, -1, K, 10, 30}, {R, 0, 0, 0, 40, 20}, {R, 0, 1, 0, 60, 20},
        {F, 0, -1, K, 80, 6},  {H, 1, -1, 0, 86, 30}, {F, 1, -1, 0, 116, 6},
        {H, 2, -1, K, 122, 30}, {R, 2, 0, 0, 152, 20}, {F, 2, -1, K, 172, 6},
    };
    /* a collapsed: its footer stays. */
    static const expected_item e2[] = {
        {H, 0, -1, C | K, 10, 30}, {F, 0, -1, C | K, 40, 6},  {H, 1, -1, 0, 46, 30},
        {F, 1, -1, 0, 76, 6},  {H, 2, -1, K, 82, 30}, {R, 2, 0, 0, 112, 20},
        {F, 2, -1, K, 132, 6},
    };
    /* b's footer removed (height 0), c's footer 14. */
    static const expected_item e3[] = {
        {H, 0, -1, C | K, 10, 30}, {F, 0, -1, C | K, 40, 6}, {H, 1, -1, 0, 46, 30},
        {H, 2, -1, K, 76, 30}, {R, 2, 0, 0, 106, 20}, {F, 2, -1, K, 126, 14},
    };
    int64_t pos = -1;

    fold_table_options_init(&o);
    o.row_height = 20;
    o.header_height = 30;
    o.footer_height = 6;
    o.padding_top = 10;
    o.padding_bottom = 15;
    t = must_table(&o);
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 0);
    fold_section_id c = add(t, FOLD_ROOT, "c", NULL, 1);
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

    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    check_list(t, e2, 138 + 15);
    CHECK_STATUS(fold_table_footer_position(t, a, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 1);
    CHECK_STATUS(fold_table_row_position(t, a, 0, &pos), FOLD_E_NOT_VISIBLE);

    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_FOOTER, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, c, FOLD_HEIGHT_FOOTER, 14), FOLD_OK);
    check_list(t, e3, 140 + 15);
    CHECK_STATUS(fold_table_footer_position(t, b, &pos), FOLD_E_NOT_FOUND);
    fold_table_free(t);
}

static void test_zero_heights(void)
{
    fold_table_options o;
    fold_table *t;
    static const double rows_b[] = {10, 0, 0, 10};
    /* a: header 0, rows 44 44; b: header 0, rows 10 0 0 10; c: header 0, no rows */
    static const expected_item e[] = {
        {H, 0, -1, K, 0, 0},   {R, 0, 0, 0, 0, 44},  {R, 0, 1, 0, 44, 44},
        {H, 1, -1, K, 88, 0},  {R, 1, 0, 0, 88, 10}, {R, 1, 1, 0, 98, 0},
        {R, 1, 2, 0, 98, 0},   {R, 1, 3, 0, 98, 10}, {H, 2, -1, 0, 108, 0},
    };

    fold_table_options_init(&o);
    o.header_height = 0;
    t = must_table(&o);
    add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 0);
    CHECK_STATUS(fold_table_insert_rows(t, b, 0, 4, rows_b), FOLD_OK);
    add(t, FOLD_ROOT, "c", NULL, 0);
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
    t = must_table(&o);
    add(t, FOLD_ROOT, "z", NULL, 2);
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
    fold_table *t = must_table(NULL);
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
    t = must_table(&o);
    check_offset(t, 5, -1, FOLD_OFFSET_ABOVE);
    check_offset(t, 9.5, -1, FOLD_OFFSET_ABOVE);
    check_offset(t, 10, -1, FOLD_OFFSET_BELOW);
    check_offset(t, 25, -1, FOLD_OFFSET_BELOW);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30);

    /* A table that became empty again. */
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 3);
    check_offset(t, 10, 0, FOLD_OFFSET_IN_ITEM);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30 + 28 + 3 * 44);
    CHECK_STATUS(fold_table_remove_section(t, a), FOLD_OK);
    check_offset(t, 5, -1, FOLD_OFFSET_ABOVE);
    check_offset(t, 10, -1, FOLD_OFFSET_BELOW);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 30);
    fold_table_free(t);
}

static void test_fractional_heights(void)
{
    fold_table *t = must_table(NULL);
    static const double hs[] = {0.5, 0.25, 0.125};
    static const expected_item e[] = {
        {H, 0, -1, K, 0, 12.75}, {R, 0, 0, 0, 12.75, 0.5}, {R, 0, 1, 0, 13.25, 0.25},
        {R, 0, 2, 0, 13.5, 0.125},
    };
    fold_section_id f = add(t, FOLD_ROOT, "f", NULL, 0);
    CHECK_STATUS(fold_table_set_section_height(t, f, FOLD_HEIGHT_HEADER, 12.75), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, f, 0, 3, hs), FOLD_OK);
    check_list(t, e, 13.625);
    check_offset(t, 13.25, 2, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 13.5, 3, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 13.625, 3, FOLD_OFFSET_BELOW);
    check_visible(t, 13, 0.5, 0, e, 1, 2); /* [13, 13.5): rows 0 and 1 */
    check_visible(t, 13, 0.5001, 0, e, 1, 3);
    fold_table_free(t);
}

/* ---- sections without a header item --------------------------------- */

static void test_no_header(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id g = 0, bare_first = 0, empty = 0;
    int64_t pos = -1;
    /* a h, a0, a1, g0, g1, g2 (no header), c h, c0 */
    static const expected_item e1[] = {
        {H, 0, -1, K, 0, 28},  {R, 0, 0, 0, 28, 44},  {R, 0, 1, 0, 72, 44},
        {R, 1, 0, 0, 116, 44}, {R, 1, 1, 0, 160, 44}, {R, 1, 2, 0, 204, 44},
        {H, 2, -1, K, 248, 28}, {R, 2, 0, 0, 276, 44},
    };
    /* A group of rows first (index 0), an empty one (index 2) adds no items;
     * g lost its row 1. */
    static const expected_item e2[] = {
        {R, 0, 0, 0, 0, 44},   {H, 1, -1, K, 44, 28}, {R, 1, 0, 0, 72, 44},
        {R, 1, 1, 0, 116, 44}, {R, 3, 0, 0, 160, 44}, {R, 3, 1, 0, 204, 44},
        {H, 4, -1, K, 248, 28}, {R, 4, 0, 0, 276, 44},
    };

    add(t, FOLD_ROOT, "a", NULL, 2);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "g", "G|group", 3,
                                           FOLD_SECTION_NO_HEADER, &g),
                 FOLD_OK);
    add(t, FOLD_ROOT, "c", NULL, 1);
    check_list(t, e1, 320);
    CHECK_STATUS(fold_table_header_position(t, g, &pos), FOLD_E_NOT_FOUND);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_EQ_I64(pos, -1);
    CHECK_STATUS(fold_table_row_position(t, g, 2, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    check_offset(t, 116, 3, FOLD_OFFSET_IN_ITEM);
    check_offset(t, 247.5, 5, FOLD_OFFSET_IN_ITEM);
    check_visible(t, 100, 50, 0, e1, 2, 2);
    check_visible(t, 150, 100, 1, e1, 2, 6); /* g0..c h, widened by one each side */
    {
        fold_section_info in = info(t, g);
        CHECK_EQ_I64(in.flags, FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED);
        CHECK_EQ_DBL(in.header_height, 0);
        CHECK_EQ_I64(in.row_count, 3);
        CHECK_EQ_I64(in.visible_row_count, 3);
    }

    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "first", NULL, 1,
                                           FOLD_SECTION_NO_HEADER, &bare_first),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 2, "empty", NULL, 0,
                                           FOLD_SECTION_NO_HEADER, &empty),
                 FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, g, 1, 1), FOLD_OK);
    check_list(t, e2, 320);
    CHECK_STATUS(fold_table_header_position(t, empty, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_header_position(t, bare_first, &pos), FOLD_E_NOT_FOUND);
    check_offset(t, 0, 0, FOLD_OFFSET_IN_ITEM);
    check_offset(t, -1, 0, FOLD_OFFSET_ABOVE);
    /* Rows given to the empty group appear where it is. */
    CHECK_STATUS(fold_table_insert_rows(t, empty, 0, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_row_position(t, empty, 0, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_STATUS(fold_table_row_position(t, g, 0, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);
    CHECK_EQ_I64(item_count(t), 9);
    fold_table_free(t);
}

/* ---- activating items ------------------------------------------------ */

typedef struct refusals {
    int sections; /* refuse section "will" events */
    int rows;     /* refuse row "will" events */
    int asked;
    int changes;
} refusals;

static int refuse_section(fold_table *t, fold_section_id section, const char *key, int32_t event,
                          void *user_data)
{
    refusals *r = user_data;
    (void)t;
    (void)section;
    (void)key;
    r->asked++;
    return !(r->sections && (event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND));
}

static int refuse_row(fold_table *t, fold_section_id section, const char *key, int64_t row,
                      int32_t event, void *user_data)
{
    refusals *r = user_data;
    (void)t;
    (void)section;
    (void)key;
    (void)row;
    r->asked++;
    return !(r->rows && (event == FOLD_ROW_WILL_EXPAND || event == FOLD_ROW_WILL_COLLAPSE));
}

static void count_changes(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)set;
    ((refusals *)user_data)->changes++;
}

/* A refusal by a "will" listener is FOLD_ACTIVATED_REFUSED, told apart from
 * "nothing to do"; nothing changes and no change set is sent. */
static void test_activate_refused(void)
{
    fold_table_options o;
    fold_table *t;
    refusals r;
    int32_t action = -1;
    memset(&r, 0, sizeof r);
    fold_table_options_init(&o);
    o.footer_height = 8;
    t = must_table(&o);
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id f = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "f", NULL, 1,
                                           FOLD_SECTION_FIXED, &f),
                 FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, refuse_section, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, refuse_row, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, count_changes, &r, NULL), FOLD_OK);
    /* a h 0, a0 1, a1 2, a footer 3, f h 4, f0 5, f footer 6 */
    CHECK_EQ_I64(item_count(t), 7);

    r.sections = 1;
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_REFUSED);
    CHECK_EQ_I64(r.asked, 1);
    CHECK_EQ_I64(r.changes, 0);
    CHECK_EQ_I64(is_collapsed(t, a), 0);
    CHECK_EQ_I64(item_count(t), 7);
    r.rows = 1;
    action = -1;
    CHECK_STATUS(fold_table_activate(t, 2, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_REFUSED);
    CHECK_EQ_I64(r.asked, 2);
    CHECK_EQ_I64(r.changes, 0);
    {
        fold_row_info ri;
        CHECK_STATUS(fold_table_row_info(t, a, 1, &ri), FOLD_OK);
        CHECK_EQ_I64(ri.flags, FOLD_ITEM_FLAG_EXPANDABLE);
    }
    /* Nothing to do is not a refusal: a row that cannot expand, a footer, a
     * fixed header; nobody is asked. */
    CHECK_STATUS(fold_table_activate(t, 1, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_STATUS(fold_table_activate(t, 3, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_STATUS(fold_table_activate(t, 4, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_STATUS(fold_table_activate(t, 6, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(r.asked, 2);
    CHECK_EQ_I64(r.changes, 0);
    /* Allowed again: the same clicks act. */
    r.sections = 0;
    r.rows = 0;
    CHECK_STATUS(fold_table_activate(t, 2, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_ROW_EXPANDED);
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_EQ_I64(r.changes, 2);
    /* a h 0, a footer 1, f h 2, ...: expanding is refused too. */
    r.sections = 1;
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_REFUSED);
    CHECK_EQ_I64(is_collapsed(t, a), 1);
    CHECK_EQ_I64(r.changes, 2);
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
    test_no_header();
    test_activate_refused();
    return check_done();
}
