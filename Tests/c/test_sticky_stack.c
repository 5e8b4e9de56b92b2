/*
 * Nested sticky headers stack like CSS position: sticky headers
 * (fold_table_sticky_headers): a subsection's header sticks as soon as its
 * top reaches the bottom of the headers stuck above it, and is pushed up by
 * whatever follows its section; tops are exact.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "foldtable.h"

static fold_table *new_table(void)
{
    fold_table *t = NULL;
    if (!CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK) || t == NULL) {
        check_done();
        exit(1);
    }
    return t;
}

/* Sports 0 ▸ Bat 28 ▸ {Baseball 56 (rows 84, 128), Cricket 172 (row 200)},
 * Sports' row 244, Music 288 (row 316); headers 28, rows 44. */
static fold_table *sports(void)
{
    fold_table *t = new_table();
    CHECK_STATUS(fold_table_append_section(t, "Sports", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_insert_subsection(t, "Sports", 0, "Bat", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_insert_subsection(t, "Bat", 0, "Baseball", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_insert_subsection(t, "Bat", 1, "Cricket", NULL, 1), FOLD_OK);
    CHECK_STATUS(fold_table_insert_child_rows(t, "Sports", 1, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "Music", NULL, 1), FOLD_OK);
    return t;
}

/* P 0 ▸ C 28 (rows 56..188), then Q 188 (row 216..260). */
static fold_table *stack(void)
{
    fold_table *t = new_table();
    CHECK_STATUS(fold_table_append_section(t, "P", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_insert_subsection(t, "P", 0, "C", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "Q", NULL, 1), FOLD_OK);
    return t;
}

/* Checks the headers at `offset`: n (position, top) pairs, depth = index. */
static void expect_(int line, const fold_table *t, double offset, int n, const double *pairs)
{
    fold_sticky_header out[8];
    int64_t written = -1, total = -1;
    long before = check_failed_so_far();
    if (CHECK_STATUS(fold_table_sticky_headers(t, offset, out, 8, &written, &total), FOLD_OK) &&
        CHECK_EQ_I64(written, n)) {
        CHECK_EQ_I64(total, n);
        for (int i = 0; i < n; i++) {
            CHECK_EQ_I64(out[i].position, (int64_t)pairs[2 * i]);
            CHECK_EQ_DBL(out[i].top, pairs[2 * i + 1]);
            CHECK_EQ_I64(out[i].depth, i);
            CHECK_EQ_DBL(out[i].height, 28);
        }
    }
    if (check_failed_so_far() != before) {
        fprintf(stderr, "  (sticky headers at %g, line %d)\n", offset, line);
    }
}
#define EXPECT(t, offset, n, ...)                                  \
    do {                                                           \
        static const double pairs_[] = {__VA_ARGS__};              \
        expect_(__LINE__, t, offset, n, pairs_);                   \
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

int main(void)
{
    test_child_sticks_at_parents_bottom();
    test_child_pushed_by_next_sibling();
    test_stack_pushed_by_parents_next_sibling();
    test_sticky_levels_limit();
    return check_done();
}
