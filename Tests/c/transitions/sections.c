/*
 * transitions/sections.c — sections collapsing and expanding: rows fold
 * under (unfold from) their header, the sections below slide, items that
 * scroll in or out are laid out from the viewport's edge; a section of
 * 10^5 rows; two sections collapsing in one batch, with frames.
 */
#include "transitions.h"

/* A, B, C of 5 rows, viewport [0, 100):
 *   expanded: A 0-20, A rows 20-70, B 70-90, B rows 90-140, C 140-160, ...
 *   A collapsed: A 0-20, B 20-40, B rows 40-90, C 90-110, C rows 110-160.
 * A's header sticks at the top on both sides, at its own place. */
static const int64_t five[] = {5, 5, 5};

/* Collapsing A: its rows fold under its header, moving up with B's header
 * (70 -> 20, so by -50) and clipped by the header's bottom (20); B's rows
 * below the viewport start where they are, laid out below B's first row. */
void test_collapse(void)
{
    fold_section_id id[3];
    fold_table *t = transition_table(five, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1], c = id[2];
    check_changed(t, fold_table_collapse, a, 1);
    want_item want[] = {
        {0, 0, HDR, a, -1, SHUT, STAYS, STUCK, -1, 0, 20, 0, 20},
        {1, -1, ROW, a, 0, 0, GOES, FOLDS, 0, 20, 10, -30, 10},
        {2, -1, ROW, a, 1, 0, GOES, FOLDS, 0, 30, 10, -20, 10},
        {3, -1, ROW, a, 2, 0, GOES, FOLDS, 0, 40, 10, -10, 10},
        {4, -1, ROW, a, 3, 0, GOES, FOLDS, 0, 50, 10, 0, 10},
        {5, -1, ROW, a, 4, 0, GOES, FOLDS, 0, 60, 10, 10, 10},
        {6, 1, HDR, b, -1, OPEN, MOVES, 0, -1, 70, 20, 20, 20},
        {7, 2, ROW, b, 0, 0, MOVES, 0, -1, 90, 10, 40, 10},
        {8, 3, ROW, b, 1, 0, MOVES, 0, -1, 100, 10, 50, 10},
        {9, 4, ROW, b, 2, 0, MOVES, 0, -1, 110, 10, 60, 10},
        {10, 5, ROW, b, 3, 0, MOVES, 0, -1, 120, 10, 70, 10},
        {11, 6, ROW, b, 4, 0, MOVES, 0, -1, 130, 10, 80, 10},
        {12, 7, HDR, c, -1, OPEN, MOVES, 0, -1, 140, 20, 90, 20},
    };
    check_info(t, 13, 0, 0, 210, 160, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    /* Halfway: every top halfway, the folding rows clipped at 20. */
    want_frame half[] = {
        {0, 20, -INFINITY}, {-5, 10, 20}, {5, 10, 20}, {15, 10, 20}, {25, 10, 20}, {35, 10, 20},
        {45, 20, -INFINITY}, {65, 10, -INFINITY}, {75, 10, -INFINITY}, {85, 10, -INFINITY},
        {95, 10, -INFINITY}, {105, 10, -INFINITY}, {115, 20, -INFINITY},
    };
    check_frame(t, 0.5, half);
    fold_table_free(t);
}

/* Expanding A again (collapsed before transitions were on): the mirror
 * image, its rows unfolding from under the header as B's header moves
 * 20 -> 70; B's rows that leave the viewport end laid out below B's first
 * row. */
void test_expand(void)
{
    fold_section_id id[3];
    fold_table *t = transition_table(five, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1], c = id[2];
    CHECK_STATUS(fold_table_set_transitions(t, 0), FOLD_OK);
    check_changed(t, fold_table_collapse, a, 1);
    CHECK_STATUS(fold_table_set_transitions(t, 1), FOLD_OK);
    check_changed(t, fold_table_expand, a, 1);
    want_item want[] = {
        {0, 0, HDR, a, -1, OPEN, STAYS, STUCK, -1, 0, 20, 0, 20},
        {-1, 1, ROW, a, 0, 0, APPEARS, FOLDS, 0, -30, 10, 20, 10},
        {-1, 2, ROW, a, 1, 0, APPEARS, FOLDS, 0, -20, 10, 30, 10},
        {-1, 3, ROW, a, 2, 0, APPEARS, FOLDS, 0, -10, 10, 40, 10},
        {-1, 4, ROW, a, 3, 0, APPEARS, FOLDS, 0, 0, 10, 50, 10},
        {-1, 5, ROW, a, 4, 0, APPEARS, FOLDS, 0, 10, 10, 60, 10},
        {1, 6, HDR, b, -1, OPEN, MOVES, 0, -1, 20, 20, 70, 20},
        {2, 7, ROW, b, 0, 0, MOVES, 0, -1, 40, 10, 90, 10},
        {3, 8, ROW, b, 1, 0, MOVES, 0, -1, 50, 10, 100, 10},
        {4, 9, ROW, b, 2, 0, MOVES, 0, -1, 60, 10, 110, 10},
        {5, 10, ROW, b, 3, 0, MOVES, 0, -1, 70, 10, 120, 10},
        {6, 11, ROW, b, 4, 0, MOVES, 0, -1, 80, 10, 130, 10},
        {7, 12, HDR, c, -1, OPEN, MOVES, 0, -1, 90, 20, 140, 20},
    };
    check_info(t, 13, 0, 0, 160, 210, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    fold_table_free(t);
}

/* A of 10^5 rows, B and C of 5, viewport [0, 100). Collapsing A shows
 * only rows 0-7 of A folding; B's header, rows and C's header slide in
 * from just below the viewport (A's rows 8.. count as height 0), and the
 * folding rows move with B's header (100 -> 20, by -80). 16 items. */
static const int64_t large[] = {100000, 5, 5};

void test_collapse_large(void)
{
    fold_section_id id[3];
    fold_table *t = transition_table(large, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1], c = id[2];
    want_item want[16];
    int n = 0;
    check_changed(t, fold_table_collapse, a, 1);
    want[n++] = (want_item){0, 0, HDR, a, -1, SHUT, STAYS, STUCK, -1, 0, 20, 0, 20};
    for (int i = 0; i < 8; i++)
        want[n++] = (want_item){1 + i, -1, ROW, a, i, 0, GOES, FOLDS, 0, 20 + 10 * i, 10, 10 * i - 60, 10};
    want[n++] = (want_item){100001, 1, HDR, b, -1, OPEN, MOVES, 0, -1, 100, 20, 20, 20};
    for (int j = 0; j < 5; j++)
        want[n++] = (want_item){100002 + j, 2 + j, ROW, b, j, 0, MOVES, 0, -1, 120 + 10 * j, 10, 40 + 10 * j, 10};
    want[n++] = (want_item){100007, 7, HDR, c, -1, OPEN, MOVES, 0, -1, 170, 20, 90, 20};
    CHECK_EQ_I64(n, COUNT(want));
    check_info(t, 16, 0, 0, 1000160, 160, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    fold_table_free(t);
}

/* The reverse: expanding A's 10^5 rows. Rows 0-7 unfold (B's header
 * 20 -> 100, by +80); B and C slide out to just below the viewport. */
void test_expand_large(void)
{
    fold_section_id id[3];
    fold_table *t = transition_table(large, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1], c = id[2];
    want_item want[16];
    int n = 0;
    CHECK_STATUS(fold_table_set_transitions(t, 0), FOLD_OK);
    check_changed(t, fold_table_collapse, a, 1);
    CHECK_STATUS(fold_table_set_transitions(t, 1), FOLD_OK);
    check_changed(t, fold_table_expand, a, 1);
    want[n++] = (want_item){0, 0, HDR, a, -1, OPEN, STAYS, STUCK, -1, 0, 20, 0, 20};
    for (int i = 0; i < 8; i++)
        want[n++] = (want_item){-1, 1 + i, ROW, a, i, 0, APPEARS, FOLDS, 0, 10 * i - 60, 10, 20 + 10 * i, 10};
    want[n++] = (want_item){1, 100001, HDR, b, -1, OPEN, MOVES, 0, -1, 20, 20, 100, 20};
    for (int j = 0; j < 5; j++)
        want[n++] = (want_item){2 + j, 100002 + j, ROW, b, j, 0, MOVES, 0, -1, 40 + 10 * j, 10, 120 + 10 * j, 10};
    want[n++] = (want_item){7, 100007, HDR, c, -1, OPEN, MOVES, 0, -1, 90, 20, 170, 20};
    CHECK_EQ_I64(n, COUNT(want));
    check_info(t, 16, 0, 0, 160, 1000160, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    fold_table_free(t);
}

/* A and B collapse in one batch: after, A 0-20, B 20-40, C 40-60, C rows
 * 60-110. B's first row folds under B's header, which moves itself
 * (70 -> 20): the row moves with C's header (laid out at 100 before, below
 * B's row 0; 100 -> 40, by -60) and is clipped by B's header's bottom at
 * each frame (90 -> 40). */
void test_collapse_two_frames(void)
{
    fold_section_id id[3];
    fold_table *t = transition_table(five, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1], c = id[2];
    CHECK_STATUS(fold_table_begin_batch(t), FOLD_OK);
    check_changed(t, fold_table_collapse, a, 1);
    check_changed(t, fold_table_collapse, b, 1);
    CHECK_EQ_I64(transition_info(t).item_count, 0); /* built when the batch ends */
    CHECK_STATUS(fold_table_end_batch(t), FOLD_OK);
    want_item want[] = {
        {0, 0, HDR, a, -1, SHUT, STAYS, STUCK, -1, 0, 20, 0, 20},
        {1, -1, ROW, a, 0, 0, GOES, FOLDS, 0, 20, 10, -30, 10},
        {2, -1, ROW, a, 1, 0, GOES, FOLDS, 0, 30, 10, -20, 10},
        {3, -1, ROW, a, 2, 0, GOES, FOLDS, 0, 40, 10, -10, 10},
        {4, -1, ROW, a, 3, 0, GOES, FOLDS, 0, 50, 10, 0, 10},
        {5, -1, ROW, a, 4, 0, GOES, FOLDS, 0, 60, 10, 10, 10},
        {6, 1, HDR, b, -1, SHUT, MOVES, 0, -1, 70, 20, 20, 20},
        {7, -1, ROW, b, 0, 0, GOES, FOLDS, 6, 90, 10, 30, 10},
        {12, 2, HDR, c, -1, OPEN, MOVES, 0, -1, 100, 20, 40, 20},
        {13, 3, ROW, c, 0, 0, MOVES, 0, -1, 120, 10, 60, 10},
        {14, 4, ROW, c, 1, 0, MOVES, 0, -1, 130, 10, 70, 10},
        {15, 5, ROW, c, 2, 0, MOVES, 0, -1, 140, 10, 80, 10},
        {16, 6, ROW, c, 3, 0, MOVES, 0, -1, 150, 10, 90, 10},
    };
    check_info(t, 13, 0, 0, 210, 110, 100, 0, 1);
    check_items(t, want);
    /* t = 0 and 1: the rects, B's row clipped at 90, then 40. */
    check_frame_ends(t, want);
    /* t = 0.5: B's header at 45-65 clips its row (at 60) at 65. */
    want_frame half[] = {
        {0, 20, -INFINITY}, {-5, 10, 20}, {5, 10, 20}, {15, 10, 20}, {25, 10, 20},
        {35, 10, 20}, {45, 20, -INFINITY}, {60, 10, 65}, {70, 20, -INFINITY},
        {90, 10, -INFINITY}, {100, 10, -INFINITY}, {110, 10, -INFINITY}, {120, 10, -INFINITY},
    };
    check_frame(t, 0.5, half);
    fold_table_free(t);
}
