/*
 * transitions/rows.c — changes to rows and to the order of sections: an
 * accordion swap, rows inserted and removed, a section moved, a row's
 * height changed. Viewport [0, 100); A's header sticks at the top on both
 * sides, at its own place.
 */
#include "transitions.h"

/* One section A of 8 rows, accordion SINGLE, row 1 expanded (30 tall),
 * row 3 expandable to 40:
 *   before: A 0-20, r0 20-30, r1 30-60, r2 60-70, r3 70-80, r4 80-90, r5 90-100
 *   after:  A 0-20, r0 20-30, r1 30-40, r2 40-50, r3 50-90, r4 90-100, r5 100-110
 * Expanding row 3 collapses row 1: both move with new heights, row 2
 * between them slides up, row 4 slides down and row 5 leaves the viewport
 * (laid out below row 4). */
void test_accordion(void)
{
    static const int64_t eight[] = {8};
    fold_section_id a = 0;
    fold_table *t = transition_table(eight, 1, FOLD_ACCORDION_SINGLE, 0, 100, &a);
    CHECK_STATUS(fold_table_set_transitions(t, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 30), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 3, 40), FOLD_OK);
    int changed = -1;
    CHECK_STATUS(fold_table_expand_row(t, a, 1, &changed), FOLD_OK);
    CHECK_STATUS(fold_table_set_transitions(t, 1), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, a, 3, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    want_item want[] = {
        {0, 0, HDR, a, -1, OPEN, STAYS, STUCK, -1, 0, 20, 0, 20},
        {1, 1, ROW, a, 0, 0, STAYS, 0, -1, 20, 10, 20, 10},
        {2, 2, ROW, a, 1, CAN, MOVES, 0, -1, 30, 30, 30, 10},
        {3, 3, ROW, a, 2, 0, MOVES, 0, -1, 60, 10, 40, 10},
        {4, 4, ROW, a, 3, WIDE, MOVES, 0, -1, 70, 10, 50, 40},
        {5, 5, ROW, a, 4, 0, MOVES, 0, -1, 80, 10, 90, 10},
        {6, 6, ROW, a, 5, 0, MOVES, 0, -1, 90, 10, 100, 10},
    };
    check_info(t, 7, 0, 0, 120, 130, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    /* Halfway, row 1 is 20 tall and row 3 25. */
    want_frame half[] = {
        {0, 20, -INFINITY}, {20, 10, -INFINITY}, {30, 20, -INFINITY}, {50, 10, -INFINITY},
        {60, 25, -INFINITY}, {85, 10, -INFINITY}, {95, 10, -INFINITY},
    };
    check_frame(t, 0.5, half);
    fold_table_free(t);
}

/* A and B of 5 rows; 2 rows inserted at A's row 2:
 *   before: A 0-20, rows 20-70, B 70-90, B r0 90-100
 *   after:  A 0-20, r0 20-30, r1 30-40, new 40-60, old r2..r4 60-90, B 90-110
 * The new rows grow from height 0 where the rows around them close up
 * before (the top of the old row 2, 40); B's row 0 leaves the viewport,
 * laid out below B's header. */
static const int64_t two_fives[] = {5, 5};

void test_insert(void)
{
    fold_section_id id[2];
    fold_table *t = transition_table(two_fives, 2, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1];
    CHECK_STATUS(fold_table_insert_rows(t, a, 2, 2, NULL), FOLD_OK);
    want_item want[] = {
        {0, 0, HDR, a, -1, OPEN, STAYS, STUCK, -1, 0, 20, 0, 20},
        {1, 1, ROW, a, 0, 0, STAYS, 0, -1, 20, 10, 20, 10},
        {2, 2, ROW, a, 1, 0, STAYS, 0, -1, 30, 10, 30, 10},
        {-1, 3, ROW, a, 2, 0, APPEARS, 0, -1, 40, 0, 40, 10},
        {-1, 4, ROW, a, 3, 0, APPEARS, 0, -1, 40, 0, 50, 10},
        {3, 5, ROW, a, 4, 0, MOVES, 0, -1, 40, 10, 60, 10},
        {4, 6, ROW, a, 5, 0, MOVES, 0, -1, 50, 10, 70, 10},
        {5, 7, ROW, a, 6, 0, MOVES, 0, -1, 60, 10, 80, 10},
        {6, 8, HDR, b, -1, OPEN, MOVES, 0, -1, 70, 20, 90, 20},
        {7, 9, ROW, b, 0, 0, MOVES, 0, -1, 90, 10, 110, 10},
    };
    check_info(t, 10, 0, 0, 140, 160, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    fold_table_free(t);
}

/* Rows 1-2 of A removed:
 *   after: A 0-20, r0 20-30, old r3 30-40, old r4 40-50, B 50-70, B rows 70-120
 * The removed rows come after row 0 (which they followed) and shrink to
 * height 0 where the next item lands (30); B's rows 1 and 2 come in,
 * laid out below B's row 0 before. */
void test_remove(void)
{
    fold_section_id id[2];
    fold_table *t = transition_table(two_fives, 2, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1];
    CHECK_STATUS(fold_table_remove_rows(t, a, 1, 2), FOLD_OK);
    want_item want[] = {
        {0, 0, HDR, a, -1, OPEN, STAYS, STUCK, -1, 0, 20, 0, 20},
        {1, 1, ROW, a, 0, 0, STAYS, 0, -1, 20, 10, 20, 10},
        {2, -1, ROW, a, 1, 0, GOES, 0, -1, 30, 10, 30, 0},
        {3, -1, ROW, a, 2, 0, GOES, 0, -1, 40, 10, 30, 0},
        {4, 2, ROW, a, 1, 0, MOVES, 0, -1, 50, 10, 30, 10},
        {5, 3, ROW, a, 2, 0, MOVES, 0, -1, 60, 10, 40, 10},
        {6, 4, HDR, b, -1, OPEN, MOVES, 0, -1, 70, 20, 50, 20},
        {7, 5, ROW, b, 0, 0, MOVES, 0, -1, 90, 10, 70, 10},
        {8, 6, ROW, b, 1, 0, MOVES, 0, -1, 100, 10, 80, 10},
        {9, 7, ROW, b, 2, 0, MOVES, 0, -1, 110, 10, 90, 10},
    };
    check_info(t, 10, 0, 0, 140, 120, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    fold_table_free(t);
}

/* A, B, C of 2 rows; B moved to the end (A stays first, at the top):
 *   before: A 0-20, rows 20-40, B 40-60, rows 60-80, C 80-100, rows 100-120
 *   after:  A 0-20, rows 20-40, C 40-60, rows 60-80, B 80-100, rows 100-120
 * C's rows come in from below C's header, B's leave below B's header. */
void test_move(void)
{
    static const int64_t twos[] = {2, 2, 2};
    fold_section_id id[3];
    fold_table *t = transition_table(twos, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1], c = id[2];
    CHECK_STATUS(fold_table_move_section(t, b, FOLD_ROOT, FOLD_INDEX_END), FOLD_OK);
    want_item want[] = {
        {0, 0, HDR, a, -1, OPEN, STAYS, STUCK, -1, 0, 20, 0, 20},
        {1, 1, ROW, a, 0, 0, STAYS, 0, -1, 20, 10, 20, 10},
        {2, 2, ROW, a, 1, 0, STAYS, 0, -1, 30, 10, 30, 10},
        {6, 3, HDR, c, -1, OPEN, MOVES, 0, -1, 80, 20, 40, 20},
        {7, 4, ROW, c, 0, 0, MOVES, 0, -1, 100, 10, 60, 10},
        {8, 5, ROW, c, 1, 0, MOVES, 0, -1, 110, 10, 70, 10},
        {3, 6, HDR, b, -1, OPEN, MOVES, 0, -1, 40, 20, 80, 20},
        {4, 7, ROW, b, 0, 0, MOVES, 0, -1, 60, 10, 100, 10},
        {5, 8, ROW, b, 1, 0, MOVES, 0, -1, 70, 10, 110, 10},
    };
    check_info(t, 9, 0, 0, 120, 120, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    fold_table_free(t);
}

/* A's row 1 grows from 10 to 25 in place; what is below slides 15 down
 * and B's row 0 leaves the viewport (laid out below B's header). */
void test_height(void)
{
    fold_section_id id[2];
    fold_table *t = transition_table(two_fives, 2, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1];
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 25), FOLD_OK);
    want_item want[] = {
        {0, 0, HDR, a, -1, OPEN, STAYS, STUCK, -1, 0, 20, 0, 20},
        {1, 1, ROW, a, 0, 0, STAYS, 0, -1, 20, 10, 20, 10},
        {2, 2, ROW, a, 1, 0, MOVES, 0, -1, 30, 10, 30, 25},
        {3, 3, ROW, a, 2, 0, MOVES, 0, -1, 40, 10, 55, 10},
        {4, 4, ROW, a, 3, 0, MOVES, 0, -1, 50, 10, 65, 10},
        {5, 5, ROW, a, 4, 0, MOVES, 0, -1, 60, 10, 75, 10},
        {6, 6, HDR, b, -1, OPEN, MOVES, 0, -1, 70, 20, 85, 20},
        {7, 7, ROW, b, 0, 0, MOVES, 0, -1, 90, 10, 105, 10},
    };
    check_info(t, 8, 0, 0, 140, 155, 100, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    /* The same height again sends no change set and keeps the transition. */
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 25), FOLD_OK);
    check_info(t, 8, 0, 0, 140, 155, 100, 0, 1);
    fold_table_free(t);
}
