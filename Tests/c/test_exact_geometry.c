/*
 * Exact geometry (foldtable.h, "Heights are in points"): heights are kept
 * in whole 1/256 pt units, so for any heights — 17.7, 1/3, 0.1, 33.3 — and
 * at the limits (FOLD_MAX_ROWS rows of FOLD_MAX_HEIGHT), every item p of
 * nonzero height is the item at its own top, the item at any y satisfies
 * top <= y < top + height as doubles, and item_top, visible_items,
 * sticky_headers, scroll_offset (START) and reveal_offset agree bit for bit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

/* splitmix64: seeded, so a failure replays. */
static uint64_t rng_state;
static uint64_t next_u64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static double next_unit(void) { return (double)(next_u64() >> 11) / 9007199254740992.0; }

/* item_at_offset(item_top(p)) == p, and scroll_offset(p, START) is item_top(p). */
static int check_own_top(const fold_table *t, int64_t p, double top)
{
    int64_t pos = -1;
    int32_t place = -1;
    double h = -1, start = -1, content = -1;
    int ok = 1;
    fold_table_item_height(t, p, &h);
    fold_table_content_height(t, &content);
    if (h > 0) {
        ok &= CHECK_STATUS(fold_table_item_at_offset(t, top, &pos, &place), FOLD_OK);
        ok &= CHECK_EQ_I64(pos, p);
        ok &= CHECK_EQ_I64(place, FOLD_OFFSET_IN_ITEM);
    }
    /* A viewport of height 0 needs no clamping below the content's end. */
    ok &= CHECK_STATUS(fold_table_scroll_offset(t, p, FOLD_ALIGN_START, 0, 0, &start), FOLD_OK);
    ok &= CHECK_EQ_DBL(start, top <= content ? top : content);
    return ok;
}

/* The item at y: top <= y < top + height, compared as doubles. */
static int check_offset_in_item(const fold_table *t, double y)
{
    int64_t pos = -1;
    int32_t place = -1;
    double top = -1, h = -1;
    if (!CHECK_STATUS(fold_table_item_at_offset(t, y, &pos, &place), FOLD_OK)) return 0;
    if (place != FOLD_OFFSET_IN_ITEM) return 1;
    CHECK_STATUS(fold_table_item_top(t, pos, &top), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, pos, &h), FOLD_OK);
    if (!(top <= y && y < top + h)) {
        fprintf(stderr, "y %.17g reported in item %lld [%.17g, %.17g)\n", y, (long long)pos, top,
                top + h);
        return CHECK(0);
    }
    return 1;
}

/* The examples: 8 rows of 17.7, 2 rows of 1/3, 3 rows of 0.1. */
static void test_small_non_round(void)
{
    static const struct {
        double h;
        int rows;
    } cases[] = {{17.7, 8}, {1.0 / 3, 2}, {0.1, 3}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        fold_table_options o;
        fold_table *t;
        double kept = -1, top = -1, content = -1;
        fold_table_options_init(&o);
        o.row_height = cases[c].h;
        t = must_table(&o);
        add(t, FOLD_ROOT, "s", NULL, cases[c].rows);
        fold_table_options_init(&o);
        CHECK_STATUS(fold_table_get_options(t, &o), FOLD_OK);
        kept = o.row_height;
        /* Rounded to the nearest unit: 17.7 -> 4531/256, 1/3 -> 85/256, 0.1 -> 26/256. */
        CHECK_EQ_DBL(kept, c == 0 ? 4531 / 256.0 : c == 1 ? 85 / 256.0 : 26 / 256.0);
        for (int64_t p = 0; p <= cases[c].rows; p++) {
            CHECK_STATUS(fold_table_item_top(t, p, &top), FOLD_OK);
            CHECK_EQ_DBL(top, p == 0 ? 0 : 28 + (double)(p - 1) * kept);
            check_own_top(t, p, top);
        }
        CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
        CHECK_EQ_DBL(content, 28 + cases[c].rows * kept);
        fold_table_free(t);
    }
    /* 17.7 as a row's own height reads back rounded too. */
    {
        fold_table *t = must_table(NULL);
        fold_row_info ri;
        fold_section_id s = add(t, FOLD_ROOT, "s", NULL, 1);
        CHECK_STATUS(fold_table_set_row_height(t, s, 0, 17.7), FOLD_OK);
        CHECK_STATUS(fold_table_row_info(t, s, 0, &ri), FOLD_OK);
        CHECK_EQ_DBL(ri.height, 17.69921875);
        /* Ties go to even: 1/512 is half a unit (-> 0), 3/512 one and a half (-> 2 units). */
        CHECK_STATUS(fold_table_set_row_height(t, s, 0, 1.0 / 512), FOLD_OK);
        CHECK_STATUS(fold_table_row_info(t, s, 0, &ri), FOLD_OK);
        CHECK_EQ_DBL(ri.height, 0);
        CHECK_STATUS(fold_table_set_row_height(t, s, 0, 3.0 / 512), FOLD_OK);
        CHECK_STATUS(fold_table_row_info(t, s, 0, &ri), FOLD_OK);
        CHECK_EQ_DBL(ri.height, 2.0 / 256);
        /* Section heights are rounded the same way, and read back so. */
        CHECK_STATUS(fold_table_set_section_height(t, s, FOLD_HEIGHT_HEADER, 17.7), FOLD_OK);
        CHECK_STATUS(fold_table_set_section_height(t, s, FOLD_HEIGHT_FOOTER, 1.0 / 3), FOLD_OK);
        CHECK_STATUS(fold_table_set_section_height(t, s, FOLD_HEIGHT_ROW, 0.1), FOLD_OK);
        CHECK_EQ_DBL(info(t, s).header_height, 4531 / 256.0);
        CHECK_EQ_DBL(info(t, s).footer_height, 85 / 256.0);
        CHECK_EQ_DBL(info(t, s).row_height, 26 / 256.0);
        fold_table_free(t);
    }
}

/* A seeded random table of about 600k items (heights 33.3, 17.7, 1/3 and
 * the defaults, nested sections, some collapsed): every position and many
 * random offsets. */
static void test_random_table(void)
{
    enum { SECTIONS = 600, CHUNK = 512 };
    static const double pool[] = {33.3, 17.7, 1.0 / 3, FOLD_HEIGHT_DEFAULT};
    fold_table_options o;
    fold_table *t;
    double heights[1600];
    int64_t count = -1, checked = 0, offsets = 0;
    double prev_top = -1, content = -1;
    fold_visible_item *vis = malloc(CHUNK * sizeof *vis);
    fold_section_id *ids = calloc(SECTIONS, sizeof *ids);
    char key[32], sub[32];
    rng_state = 0x6E0ACDULL;
    o = options_with_heights(17.7, 33.3, 1.0 / 3, 0.1, 17.7);
    t = must_table(&o);
    for (int s = 0; s < SECTIONS; s++) {
        int64_t rows = 500 + (int64_t)(next_u64() % 1000);
        for (int64_t i = 0; i < rows; i++) heights[i] = pool[next_u64() % 4];
        snprintf(key, sizeof key, "s%d", s);
        ids[s] = add(t, FOLD_ROOT, key, NULL, 0);
        CHECK_STATUS(fold_table_insert_rows(t, ids[s], 0, rows, next_u64() % 3 ? heights : NULL),
                     FOLD_OK);
        if (s % 7 == 0) {
            fold_section_id subsection = 0;
            snprintf(sub, sizeof sub, "s%d.a", s);
            CHECK_STATUS(fold_table_insert_section(t, ids[s], rows / 2, sub, NULL, 40, 0, &subsection),
                         FOLD_OK);
            if (s % 14 == 0) CHECK_STATUS(fold_table_collapse(t, subsection, NULL), FOLD_OK);
        }
        if (s % 50 == 3) CHECK_STATUS(fold_table_collapse(t, ids[s], NULL), FOLD_OK);
    }
    CHECK_STATUS(fold_table_item_count(t, &count), FOLD_OK);
    CHECK(count > 550000);
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    /* Every item: its own top (item_at_offset, scroll_offset START), and
     * tops never decrease. */
    for (int64_t q = 0; q < count; q++) {
        double top = -1;
        if (!CHECK_STATUS(fold_table_item_top(t, q, &top), FOLD_OK)) break;
        if (!CHECK(top >= prev_top) || !check_own_top(t, q, top)) {
            fprintf(stderr, "at position %lld\n", (long long)q);
            break;
        }
        prev_top = top;
        checked++;
    }
    /* visible_items over consecutive windows: each item's top and height
     * equal item_top / item_height bit for bit. */
    {
        double y = 0;
        int64_t seen = 0, windows = 0;
        while (y < content && windows < 4000) {
            int64_t written = 0, total = 0;
            double h = 300.7;
            CHECK_STATUS(fold_table_visible_items(t, y, h, 0, vis, CHUNK, &written, &total),
                         FOLD_OK);
            for (int64_t i = 0; i < written; i++) {
                double top = -1, ih = -1;
                fold_table_item_top(t, vis[i].position, &top);
                fold_table_item_height(t, vis[i].position, &ih);
                if (!CHECK_EQ_DBL(vis[i].top, top) || !CHECK_EQ_DBL(vis[i].height, ih)) break;
                CHECK(vis[i].top < y + h);
                CHECK(vis[i].top + vis[i].height > y || vis[i].height == 0);
                seen++;
            }
            y += content / 4000;
            windows++;
        }
        CHECK(seen > 10000);
    }
    /* Random offsets: top <= y < top + height. */
    for (int i = 0; i < 200000; i++) {
        double y = next_unit() * content;
        if (!check_offset_in_item(t, y)) break;
        offsets++;
    }
    /* Sticky headers and reveal_offset: a section's header top, bit for bit. */
    for (int s = 0; s < SECTIONS; s += 13) {
        fold_sticky_header sh[4];
        int64_t written = 0, hpos = -1;
        double top = -1, reveal = -1;
        CHECK_STATUS(fold_table_header_position(t, ids[s], &hpos), FOLD_OK);
        CHECK_STATUS(fold_table_item_top(t, hpos, &top), FOLD_OK);
        CHECK_STATUS(fold_table_sticky_headers(t, top, sh, 4, &written, NULL), FOLD_OK);
        if (CHECK(written >= 1)) {
            CHECK_EQ_I64(sh[0].position, hpos);
            CHECK_EQ_DBL(sh[0].top, top);
            CHECK(sh[0].section == ids[s]);
        }
        /* From below the content, revealing scrolls up to the header's top. */
        CHECK_STATUS(fold_table_reveal_offset(t, ids[s], 0, content, 10, &reveal), FOLD_OK);
        CHECK_EQ_DBL(reveal, top);
    }
    printf("random table: %lld items, %lld positions and %lld offsets checked\n",
           (long long)count, (long long)checked, (long long)offsets);
    free(ids);
    free(vis);
    fold_table_free(t);
}

/* At the limits: FOLD_MAX_ROWS rows of FOLD_MAX_HEIGHT under headers of
 * FOLD_MAX_HEIGHT, with non-round rows near the end. */
static void test_limits(void)
{
    fold_table_options o;
    fold_table *t;
    double heights[64], content = -1, prev = -1, expect;
    int64_t count = -1;
    fold_section_id big = 0;
    fold_table_options_init(&o);
    o.row_height = FOLD_MAX_HEIGHT;
    o.header_height = FOLD_MAX_HEIGHT;
    o.padding_top = FOLD_MAX_HEIGHT;
    o.padding_bottom = FOLD_MAX_HEIGHT;
    t = must_table(&o);
    if (!CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "big", NULL,
                                                FOLD_MAX_ROWS, 0, &big),
                      FOLD_OK)) {
        fold_table_free(t);
        return;
    }
    /* Nothing beyond the limits is accepted. */
    CHECK_STATUS(fold_table_insert_rows(t, big, 0, 1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "more", NULL, 1, 0, NULL),
                 FOLD_E_RANGE);
    CHECK_STATUS(fold_table_set_row_height(t, big, 0, FOLD_MAX_HEIGHT + FOLD_HEIGHT_UNIT),
                 FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, big, FOLD_HEIGHT_HEADER, FOLD_MAX_HEIGHT * 2),
                 FOLD_E_INVALID);
    for (int i = 0; i < 64; i++) heights[i] = i % 3 == 0 ? 17.7 : i % 3 == 1 ? 1.0 / 3 : 0.1;
    CHECK_STATUS(fold_table_set_row_heights(t, big, FOLD_MAX_ROWS - 100, 64, heights), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(t, &count), FOLD_OK);
    CHECK_EQ_I64(count, FOLD_MAX_ROWS + 1);
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    /* 2 paddings + header + rows, in units: exact below 2^53. */
    expect = (double)(FOLD_MAX_ROWS - 64 + 3) * FOLD_MAX_HEIGHT;
    for (int i = 0; i < 64; i++) expect += i % 3 == 0 ? 4531 / 256.0 : i % 3 == 1 ? 85 / 256.0 : 26 / 256.0;
    CHECK_EQ_DBL(content, expect);
    for (int64_t p = count - 300; p < count; p++) {
        double top = -1, h = -1;
        CHECK_STATUS(fold_table_item_top(t, p, &top), FOLD_OK);
        CHECK_STATUS(fold_table_item_height(t, p, &h), FOLD_OK);
        CHECK(top > prev);       /* strictly increasing: no height is lost */
        CHECK(top + h > top);
        check_own_top(t, p, top);
        check_offset_in_item(t, top + h / 2);
        prev = top;
    }
    CHECK_EQ_DBL(prev + FOLD_MAX_HEIGHT + FOLD_MAX_HEIGHT, content);
    fold_table_free(t);
}

/* Offsets far outside the content are clamped, never trapped. */
static void test_huge_offsets(void)
{
    fold_table *t = must_table(NULL);
    int64_t pos = -1, written = -1, total = -1;
    int32_t place = -1;
    fold_visible_item vis[4];
    add(t, FOLD_ROOT, "s", NULL, 3);
    CHECK_STATUS(fold_table_item_at_offset(t, 1e300, &pos, &place), FOLD_OK);
    CHECK_EQ_I64(pos, 3);
    CHECK_EQ_I64(place, FOLD_OFFSET_BELOW);
    CHECK_STATUS(fold_table_item_at_offset(t, -1e300, &pos, &place), FOLD_OK);
    CHECK_EQ_I64(pos, 0);
    CHECK_EQ_I64(place, FOLD_OFFSET_ABOVE);
    CHECK_STATUS(fold_table_item_at_offset(t, 5e-324, &pos, &place), FOLD_OK);
    CHECK_EQ_I64(pos, 0);
    CHECK_EQ_I64(place, FOLD_OFFSET_IN_ITEM);
    CHECK_STATUS(fold_table_visible_items(t, -1e300, 1e300, 0, vis, 4, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, 0);
    CHECK_STATUS(fold_table_visible_items(t, -1e300, 1.7e308, 0, vis, 4, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, 4);
    CHECK_STATUS(fold_table_visible_items(t, 1e300, 10, 0, vis, 4, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, 0);
    CHECK_STATUS(fold_table_sticky_headers(t, 1e300, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, 0);
    CHECK_STATUS(fold_table_sticky_headers(t, -1e300, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, 1);
    fold_table_free(t);
}

/* A section without a header item (FOLD_SECTION_NO_HEADER) adds no header:
 * its rows start where it starts, every top stays exact, and a header
 * height given to it is ignored. */
static void test_no_header_group(void)
{
    fold_table_options o;
    fold_table *t;
    fold_section_id g = 0, s;
    double kept = 4531 / 256.0, top = -1, content = -1, expect_top;
    fold_item item;
    fold_table_options_init(&o);
    o.row_height = 17.7;
    t = must_table(&o);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "g", NULL, 3,
                                           FOLD_SECTION_NO_HEADER, &g), FOLD_OK);
    s = add(t, FOLD_ROOT, "s", NULL, 2);
    CHECK_EQ_I64(item_count(t), 6);
    CHECK_EQ_DBL(info(t, g).header_height, 0);
    CHECK_STATUS(fold_table_item_at(t, 0, &item), FOLD_OK);
    CHECK(item.kind == FOLD_ITEM_ROW && item.section == g && item.row == 0);
    for (int64_t p = 0; p < 6; p++) {
        expect_top = p < 3 ? (double)p * kept : p == 3 ? 3 * kept : 3 * kept + 28 + (double)(p - 4) * kept;
        CHECK_STATUS(fold_table_item_top(t, p, &top), FOLD_OK);
        CHECK_EQ_DBL(top, expect_top);
        check_own_top(t, p, top);
    }
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    CHECK_EQ_DBL(content, 5 * kept + 28);
    CHECK_STATUS(fold_table_set_section_height(t, g, FOLD_HEIGHT_HEADER, 50), FOLD_OK);
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    CHECK_EQ_DBL(content, 5 * kept + 28);
    CHECK_EQ_DBL(info(t, g).header_height, 0);
    CHECK_EQ_DBL(info(t, s).header_height, 28);
    for (double y = 0; y < content; y += 0.37) check_offset_in_item(t, y);
    fold_table_free(t);
}

int main(void)
{
    test_small_non_round();
    test_no_header_group();
    test_huge_offsets();
    test_random_table();
    test_limits();
    return check_done();
}
