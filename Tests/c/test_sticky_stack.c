/*
 * Nested sticky headers stack like CSS position: sticky headers
 * (fold_table_sticky_headers): a subsection's header sticks as soon as its
 * top reaches the bottom of the headers stuck above it, and is pushed up by
 * whatever follows its section; tops are exact. Each entry carries its
 * section's id. Sections without a header item (FOLD_SECTION_NO_HEADER) are
 * looked through: their subsections' headers stack as if they were the
 * level above's.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fixture.h"

/* Sports 0 ▸ Bat 28 ▸ {Baseball 56 (rows 84, 128), Cricket 172 (row 200)},
 * Sports' row 244, Music 288 (row 316); headers 28, rows 44. */
static fold_table *sports(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id sports = add(t, FOLD_ROOT, "Sports", NULL, 0);
    fold_section_id bat = add(t, sports, "Bat", NULL, 0);
    CHECK_STATUS(fold_table_insert_section(t, bat, 0, "Baseball", NULL, 2, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, bat, 1, "Cricket", NULL, 1, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, sports, 1, 1, NULL), FOLD_OK);
    add(t, FOLD_ROOT, "Music", NULL, 1);
    return t;
}

/* P 0 ▸ C 28 (rows 56..188), then Q 188 (row 216..260). */
static fold_table *stack(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id p = add(t, FOLD_ROOT, "P", NULL, 0);
    add(t, p, "C", NULL, 3);
    add(t, FOLD_ROOT, "Q", NULL, 1);
    return t;
}

/* An entry's section: the section of the header item at its position,
 * at the entry's depth. */
static void expect_section_(const fold_table *t, const fold_sticky_header *h)
{
    fold_item item;
    memset(&item, 0, sizeof item);
    CHECK_STATUS(fold_table_item_at(t, h->position, &item), FOLD_OK);
    CHECK_EQ_I64(item.kind, FOLD_ITEM_HEADER);
    CHECK(item.section == h->section);
    CHECK_EQ_I64(info(t, h->section).depth, h->depth);
}

/* Checks the headers at `offset`: n (position, top, depth) triples. */
static void expect3_(int line, const fold_table *t, double offset, int n, const double *triples)
{
    fold_sticky_header out[8];
    int64_t written = -1, total = -1;
    long before = check_failed_so_far();
    if (CHECK_STATUS(fold_table_sticky_headers(t, offset, out, 8, &written, &total), FOLD_OK) &&
        CHECK_EQ_I64(written, n)) {
        CHECK_EQ_I64(total, n);
        for (int i = 0; i < n; i++) {
            CHECK_EQ_I64(out[i].position, (int64_t)triples[3 * i]);
            CHECK_EQ_DBL(out[i].top, triples[3 * i + 1]);
            CHECK_EQ_I64(out[i].depth, (int64_t)triples[3 * i + 2]);
            CHECK_EQ_DBL(out[i].height, 28);
            expect_section_(t, &out[i]);
        }
    }
    if (check_failed_so_far() != before) {
        fprintf(stderr, "  (sticky headers at %g, line %d)\n", offset, line);
    }
}

/* Checks the headers at `offset`: n (position, top) pairs, depth = index. */
static void expect_(int line, const fold_table *t, double offset, int n, const double *pairs)
{
    double triples[24];
    for (int i = 0; i < n && i < 8; i++) {
        triples[3 * i] = pairs[2 * i];
        triples[3 * i + 1] = pairs[2 * i + 1];
        triples[3 * i + 2] = i;
    }
    expect3_(line, t, offset, n, triples);
}
#define EXPECT(t, offset, n, ...)                                  \
    do {                                                           \
        static const double pairs_[] = {__VA_ARGS__};              \
        expect_(__LINE__, t, offset, n, pairs_);                   \
    } while (0)
#define EXPECT3(t, offset, n, ...)                                 \
    do {                                                           \
        static const double triples_[] = {__VA_ARGS__};            \
        expect3_(__LINE__, t, offset, n, triples_);                \
    } while (0)

static void test_child_sticks_at_parents_bottom(void)
{
    fold_table *t = sports();
    /* The item at 120 is Baseball's row; Cricket's header (172) is under
     * Bat's (148..176): it sticks at 176. */
    EXPECT(t, 120, 3, 0, 120, 1, 148, 5, 176);
    /* Cricket arrives at the stack's bottom at 116. */
    EXPECT(t, 115, 3, 0, 115, 1, 143, 2, 144);
    EXPECT(t, 116, 3, 0, 116, 1, 144, 5, 172);
    EXPECT(t, 150, 3, 0, 150, 1, 178, 5, 206);
    /* At the top every header is in its place. */
    EXPECT(t, 0, 3, 0, 0, 1, 28, 2, 56);
    fold_table_free(t);
}

static void test_child_pushed_by_next_sibling(void)
{
    fold_table *t = sports();
    EXPECT(t, 86, 3, 0, 86, 1, 114, 2, 142);
    EXPECT(t, 88, 3, 0, 88, 1, 116, 2, 144);  /* Cricket's header reaches Baseball's bottom */
    EXPECT(t, 100, 3, 0, 100, 1, 128, 2, 144); /* Baseball pushed up, 12 pt behind Bat */
    EXPECT(t, 115.5, 3, 0, 115.5, 1, 143.5, 2, 144);
    fold_table_free(t);
}

static void test_stack_pushed_by_parents_next_sibling(void)
{
    fold_table *t = stack();
    EXPECT(t, 100, 2, 0, 100, 1, 128);
    EXPECT(t, 132, 2, 0, 132, 1, 160);   /* Q's header (188) reaches C's bottom */
    EXPECT(t, 140, 2, 0, 140, 1, 160);   /* C pushed up, behind P */
    EXPECT(t, 159.5, 2, 0, 159.5, 1, 160);
    EXPECT(t, 160, 1, 0, 160);           /* C entirely behind P: left out */
    EXPECT(t, 170, 1, 0, 160);           /* P pushed up by Q */
    EXPECT(t, 188, 1, 5, 188);
    EXPECT(t, 250, 1, 5, 232);           /* Q pushed by the end of the content */
    EXPECT(t, 260, 0, 0);
    fold_table_free(t);
}

static void test_sticky_levels_limit(void)
{
    fold_table *t = sports();
    CHECK_STATUS(fold_table_set_sticky_levels(t, 2), FOLD_OK);
    EXPECT(t, 120, 2, 0, 120, 1, 148);
    CHECK_STATUS(fold_table_set_sticky_levels(t, 1), FOLD_OK);
    EXPECT(t, 120, 1, 0, 120);
    CHECK_STATUS(fold_table_set_sticky_levels(t, 0), FOLD_OK);
    EXPECT(t, 120, 3, 0, 120, 1, 148, 5, 176);
    fold_table_free(t);
}

/* The entries name their sections: Sports, Bat, Cricket at 120. */
static void test_entries_carry_ids(void)
{
    fold_table *t = sports();
    fold_sticky_header out[4];
    int64_t written = -1;
    CHECK_STATUS(fold_table_sticky_headers(t, 120, out, 4, &written, NULL), FOLD_OK);
    if (CHECK_EQ_I64(written, 3)) {
        CHECK(out[0].section == sec(t, "Sports"));
        CHECK(out[1].section == sec(t, "Bat"));
        CHECK(out[2].section == sec(t, "Cricket"));
    }
    /* Moved, a section keeps its id: Cricket first under Bat (header 56, row
     * 84..128, then Baseball 128): at 60, Bat at 88, Cricket pushed to 100. */
    CHECK_STATUS(fold_table_move_section(t, sec(t, "Cricket"), sec(t, "Bat"), 0), FOLD_OK);
    CHECK_STATUS(fold_table_sticky_headers(t, 60, out, 4, &written, NULL), FOLD_OK);
    if (CHECK_EQ_I64(written, 3)) {
        CHECK(out[2].section == sec(t, "Cricket"));
        CHECK_EQ_I64(out[2].position, 2);
        CHECK_EQ_DBL(out[2].top, 100);
    }
    fold_table_free(t);
}

/* P 0 > G (no header) > {C 28 (rows 56..188), G's row 188}, then Q 232
 * (row 260..304). Positions: P 0, C 1, C's rows 2-4, G's row 5, Q 6, Q's row 7.
 * C sticks right under P, at depth 2: G is looked through. */
static fold_table *group_inside(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id p = add(t, FOLD_ROOT, "P", NULL, 0), g = 0;
    CHECK_STATUS(fold_table_insert_section(t, p, 0, "G", NULL, 1, FOLD_SECTION_NO_HEADER, &g), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, g, 0, "C", NULL, 3, 0, NULL), FOLD_OK);
    add(t, FOLD_ROOT, "Q", NULL, 1);
    return t;
}

static void test_header_less_section_looked_through(void)
{
    fold_table *t = group_inside();
    EXPECT3(t, 0, 2, 0, 0, 0, 1, 28, 2);
    EXPECT3(t, 100, 2, 0, 100, 0, 1, 128, 2);
    EXPECT3(t, 132, 2, 0, 132, 0, 1, 160, 2);   /* C reaches its section's end (188 - 28) */
    EXPECT3(t, 140, 2, 0, 140, 0, 1, 160, 2);   /* C pushed up, behind P */
    EXPECT3(t, 160, 1, 0, 160, 0);              /* G's row under P: nothing stacks */
    EXPECT3(t, 200, 1, 0, 200, 0);
    EXPECT3(t, 210, 1, 0, 204, 0);              /* P pushed up by Q */
    EXPECT3(t, 240, 1, 6, 240, 0);
    EXPECT3(t, 290, 1, 6, 276, 0);              /* Q pushed by the end of the content */
    CHECK_STATUS(fold_table_set_sticky_levels(t, 1), FOLD_OK);
    EXPECT3(t, 100, 1, 0, 100, 0);              /* one level: P only */
    fold_table_free(t);

    /* At the top level: N (no header) > {D 0 (rows 28..116), N's row 116},
     * then R 160 (row 188..232). Positions: D 0, D's rows 1-2, N's row 3,
     * R 4, R's row 5. D sticks first, at depth 1. */
    t = must_table(NULL);
    {
        fold_section_id n = 0;
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "N", NULL, 1, FOLD_SECTION_NO_HEADER, &n),
                     FOLD_OK);
        CHECK_STATUS(fold_table_insert_section(t, n, 0, "D", NULL, 2, 0, NULL), FOLD_OK);
        add(t, FOLD_ROOT, "R", NULL, 1);
    }
    EXPECT3(t, 0, 1, 0, 0, 1);
    EXPECT3(t, 50, 1, 0, 50, 1);
    EXPECT3(t, 100, 1, 0, 88, 1);               /* pushed by the end of D */
    EXPECT3(t, 120, 0, 0);                      /* N's own row: no header holds it */
    EXPECT3(t, 170, 1, 4, 170, 0);
    fold_table_free(t);
}

int main(void)
{
    test_child_sticks_at_parents_bottom();
    test_child_pushed_by_next_sibling();
    test_stack_pushed_by_parents_next_sibling();
    test_sticky_levels_limit();
    test_entries_carry_ids();
    test_header_less_section_looked_through();
    return check_done();
}
