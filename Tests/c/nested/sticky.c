/*
 * nested/sticky.c — sticky headers of nested sections.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nested.h"

/* ---- sticky headers ------------------------------------------------------ */

/* keys[i] names the section of the i-th sticky header (compared by id). */
static void check_sticky_(const char *file, int line, const fold_table *t, double offset, int64_t count,
                          const int64_t *positions, const double *tops, const int32_t *depths,
                          const char *const *keys)
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
            CHECK_EQ_I64(out[i].section, sec(t, keys[i]));
        }
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_sticky(offset %g) called from %s:%d)\n", offset, file, line);
    }
}

void test_sticky(void)
{
    fold_table *t = must_table(NULL);
    int64_t p0[] = {0}, p4[] = {4}, p02[] = {0, 2};
    static const char *const k_mac[] = {"Mac"}, *const k_ipad[] = {"iPad"};
    static const char *const k_a[] = {"A"}, *const k_a_a1[] = {"A", "A1"};
    double top[2];
    int32_t d0[] = {0}, d01[] = {0, 1};
    int64_t written = -1, total = -1;

    /* The worked example: Mac 0..160, iPad 160..276, iPhone 276..480. */
    add(t, FOLD_ROOT, "Mac", NULL, 3);
    add(t, FOLD_ROOT, "iPad", NULL, 2);
    add(t, FOLD_ROOT, "iPhone", NULL, 4);
    top[0] = 0;
    check_sticky_(__FILE__, __LINE__, t, 0, 1, p0, top, d0, k_mac);
    top[0] = 50;
    check_sticky_(__FILE__, __LINE__, t, 50, 1, p0, top, d0, k_mac);
    top[0] = 132; /* pushed up: Mac ends at 160 */
    check_sticky_(__FILE__, __LINE__, t, 140, 1, p0, top, d0, k_mac);
    check_sticky_(__FILE__, __LINE__, t, 159.5, 1, p0, top, d0, k_mac);
    top[0] = 160;
    check_sticky_(__FILE__, __LINE__, t, 160, 1, p4, top, d0, k_ipad);
    top[0] = 170;
    check_sticky_(__FILE__, __LINE__, t, 170, 1, p4, top, d0, k_ipad);
    CHECK_STATUS(fold_table_sticky_headers(t, 170, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 1);
    fold_table_free(t);

    /* Nested: A: h 0, r0 28, A1 h 72, A1 r0 100, A1 r1 144 (A1 ends 188),
     * A r1 188 (A ends 232); B h 232. */
    t = nested_table();
    top[0] = 110;
    top[1] = 138; /* just below A's */
    check_sticky_(__FILE__, __LINE__, t, 110, 2, p02, top, d01, k_a_a1);
    top[0] = 150;
    top[1] = 160; /* pushed up: A1 ends at 188; still showing below A (150..178) */
    check_sticky_(__FILE__, __LINE__, t, 150, 2, p02, top, d01, k_a_a1);
    top[0] = 170; /* A1 (160..188) has slid entirely behind A (170..198): left out */
    check_sticky_(__FILE__, __LINE__, t, 170, 1, p0, top, d0, k_a);
    top[0] = 200; /* in A's row 1: only A */
    check_sticky_(__FILE__, __LINE__, t, 200, 1, p0, top, d0, k_a);
    top[0] = 204; /* pushed up: A ends at 232 */
    check_sticky_(__FILE__, __LINE__, t, 210, 1, p0, top, d0, k_a);
    /* sticky_levels 1: the outermost only. */
    CHECK_STATUS(fold_table_set_sticky_levels(t, 1), FOLD_OK);
    top[0] = 110;
    check_sticky_(__FILE__, __LINE__, t, 110, 1, p0, top, d0, k_a);
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

    /* A section without a header item is looked through: G (no header):
     * G0 0..44, G1 44..88, S h 88..116, S0..S2 116..248; B h 248..276,
     * B0 276..320. */
    t = must_table(NULL);
    {
        fold_section_id g = 0;
        static const char *const k_s[] = {"S"}, *const k_b[] = {"B"};
        int64_t p2[] = {2}, p6[] = {6};
        int32_t d1[] = {1};
        g = add_flagged(t, FOLD_ROOT, "G", NULL, 2, FOLD_SECTION_NO_HEADER);
        add(t, g, "S", NULL, 3);
        add(t, FOLD_ROOT, "B", NULL, 1);
        CHECK_EQ_I64(item_count(t), 8);
        CHECK_STATUS(fold_table_sticky_headers(t, 10, NULL, 0, &written, &total), FOLD_OK);
        CHECK_EQ_I64(total, 0); /* in G's own rows: no header to stick */
        top[0] = 120;
        check_sticky_(__FILE__, __LINE__, t, 120, 1, p2, top, d1, k_s);
        top[0] = 220; /* pushed up: S (and G) end at 248 */
        check_sticky_(__FILE__, __LINE__, t, 230, 1, p2, top, d1, k_s);
        top[0] = 250;
        check_sticky_(__FILE__, __LINE__, t, 250, 1, p6, top, d0, k_b);
    }
    fold_table_free(t);

    /* An empty table has none. */
    t = must_table(NULL);
    CHECK_STATUS(fold_table_sticky_headers(t, 0, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, 0);
    fold_table_free(t);
}
