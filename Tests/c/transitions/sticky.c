/*
 * transitions/sticky.c — headers stuck at the top before or after
 * (FOLD_TRANSITION_STUCK_BEFORE / _AFTER, with the rect where they are
 * drawn stuck), and a transition interrupted by the next change.
 */
#include "transitions.h"

/* A and B of 10 rows: A 0-20, A rows 20-120, B 120-140, B rows 140-240.
 * The viewport [110, 160) shows A's row 9 (0-10 on screen), B's header
 * (10-30) and B's rows 0-1; A's header is stuck, pushed up by the end of
 * its section to 100 (-10 on screen). */
static const int64_t tens[] = {10, 10};

/* Three rows appended to A: row 9 stays (the anchor), A's section now
 * ends at 150, so its stuck header comes down to the viewport's top
 * (-10 -> 0); the new rows grow from height 0 at B's header's top before
 * (10) and B slides down by 30, its rows leaving below it. */
void test_sticky_pushed(void)
{
    fold_section_id id[2];
    fold_table *t = transition_table(tens, 2, FOLD_ACCORDION_MULTIPLE, 110, 50, id);
    fold_section_id a = id[0], b = id[1];
    CHECK_STATUS(fold_table_insert_rows(t, a, FOLD_INDEX_END, 3, NULL), FOLD_OK);
    want_item want[] = {
        {0, 0, HDR, a, -1, OPEN, MOVES, STUCK, -1, -10, 20, 0, 20},
        {10, 10, ROW, a, 9, 0, STAYS, 0, -1, 0, 10, 0, 10},
        {-1, 11, ROW, a, 10, 0, APPEARS, 0, -1, 10, 0, 10, 10},
        {-1, 12, ROW, a, 11, 0, APPEARS, 0, -1, 10, 0, 20, 10},
        {-1, 13, ROW, a, 12, 0, APPEARS, 0, -1, 10, 0, 30, 10},
        {11, 14, HDR, b, -1, OPEN, MOVES, 0, -1, 10, 20, 40, 20},
        {12, 15, ROW, b, 0, 0, MOVES, 0, -1, 30, 10, 60, 10},
        {13, 16, ROW, b, 1, 0, MOVES, 0, -1, 40, 10, 70, 10},
    };
    check_info(t, 8, 110, 110, 240, 270, 50, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    fold_table_free(t);
}

/* Section A removed from the same viewport: its stuck header and row 9
 * disappear (STUCK_BEFORE only), shrinking to height 0 where B's header
 * lands. B's header, the next surviving item, keeps its place (10 on
 * screen): the offset would be -10, clamped to 0, so B's header ends at
 * the top, stuck there (STUCK_AFTER only); B's row 2 comes in from below
 * row 1. */
void test_sticky_handover(void)
{
    fold_section_id id[2];
    fold_table *t = transition_table(tens, 2, FOLD_ACCORDION_MULTIPLE, 110, 50, id);
    fold_section_id a = id[0], b = id[1];
    CHECK_STATUS(fold_table_remove_section(t, a), FOLD_OK);
    want_item want[] = {
        {0, -1, HDR, a, -1, OPEN, GOES, STUCK_B, -1, -10, 20, 0, 0},
        {10, -1, ROW, a, 9, 0, GOES, 0, -1, 0, 10, 0, 0},
        {11, 0, HDR, b, -1, OPEN, MOVES, STUCK_A, -1, 10, 20, 0, 20},
        {12, 1, ROW, b, 0, 0, MOVES, 0, -1, 30, 10, 20, 10},
        {13, 2, ROW, b, 1, 0, MOVES, 0, -1, 40, 10, 30, 10},
        {14, 3, ROW, b, 2, 0, MOVES, 0, -1, 50, 10, 40, 10},
    };
    check_info(t, 6, 110, 0, 240, 120, 50, 0, 1);
    check_items(t, want);
    check_frame_ends(t, want);
    fold_table_free(t);
}

/* A, B, C of 5 rows, viewport [0, 100). A collapses (see test_collapse);
 * the view gets halfway and A expands again at once. The rows that were
 * folding come back from where they are drawn at 0.5 (row i at 10i - 5),
 * B's header from 45, its rows from 65, 75, ... B's row 4 (drawn at 105)
 * and C's header (115) are below the viewport at 0.5 and after (130, 140):
 * drawn in it neither before nor after, they are not in the transition. */
void test_interrupted(void)
{
    static const int64_t five[] = {5, 5, 5};
    fold_section_id id[3];
    fold_table *t = transition_table(five, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0], b = id[1];
    check_changed(t, fold_table_collapse, a, 1);
    CHECK_STATUS(fold_table_set_transition_progress(t, 0.5), FOLD_OK);
    check_info(t, 13, 0, 0, 210, 160, 100, 0.5, 1);
    check_changed(t, fold_table_expand, a, 1);
    want_item want[] = {
        {0, 0, HDR, a, -1, OPEN, STAYS, STUCK, -1, 0, 20, 0, 20},
        {-1, 1, ROW, a, 0, 0, APPEARS, FOLDS, 0, -5, 10, 20, 10},
        {-1, 2, ROW, a, 1, 0, APPEARS, FOLDS, 0, 5, 10, 30, 10},
        {-1, 3, ROW, a, 2, 0, APPEARS, FOLDS, 0, 15, 10, 40, 10},
        {-1, 4, ROW, a, 3, 0, APPEARS, FOLDS, 0, 25, 10, 50, 10},
        {-1, 5, ROW, a, 4, 0, APPEARS, FOLDS, 0, 35, 10, 60, 10},
        {1, 6, HDR, b, -1, OPEN, MOVES, 0, -1, 45, 20, 70, 20},
        {2, 7, ROW, b, 0, 0, MOVES, 0, -1, 65, 10, 90, 10},
        {3, 8, ROW, b, 1, 0, MOVES, 0, -1, 75, 10, 100, 10},
        {4, 9, ROW, b, 2, 0, MOVES, 0, -1, 85, 10, 110, 10},
        {5, 10, ROW, b, 3, 0, MOVES, 0, -1, 95, 10, 120, 10},
    };
    /* A new transition: progress back to 0, the next serial. */
    check_info(t, 11, 0, 0, 160, 210, 100, 0, 2);
    check_items(t, want);
    check_frame_ends(t, want);
    want_frame half[] = {
        {0, 20, -INFINITY}, {7.5, 10, 20}, {17.5, 10, 20}, {27.5, 10, 20}, {37.5, 10, 20},
        {47.5, 10, 20}, {57.5, 20, -INFINITY}, {77.5, 10, -INFINITY}, {87.5, 10, -INFINITY},
        {97.5, 10, -INFINITY}, {107.5, 10, -INFINITY},
    };
    check_frame(t, 0.5, half);

    /* Done (progress 1), the next change starts from the list at rest:
     * collapsing A again is test_collapse's transition exactly. */
    CHECK_STATUS(fold_table_set_transition_progress(t, 1), FOLD_OK);
    check_changed(t, fold_table_collapse, a, 1);
    check_info(t, 13, 0, 0, 210, 160, 100, 0, 3);
    fold_transition_item items[13];
    int64_t written = 0;
    CHECK_STATUS(fold_table_transition_items(t, items, 13, &written, NULL), FOLD_OK);
    CHECK_EQ_I64(written, 13);
    CHECK_EQ_DBL(items[1].top_before, 20);
    CHECK_EQ_DBL(items[1].top_after, -30);
    CHECK_EQ_DBL(items[6].top_before, 70);
    CHECK_EQ_DBL(items[12].top_before, 140);
    fold_table_free(t);
}

/* A..G of 5 rows (70 points each), viewport [0, 100). A collapses and the
 * view gets halfway; it scrolls to 230 (E's header at its top) and E
 * collapses. The running transition's frame, moved by the scroll, lies
 * 95-235 points above the viewport and ends outside it: none of its items
 * is drawn in the viewport before or after, so the new transition is the
 * one E's collapse makes at rest (test_collapse's, for E, F, G), not 13
 * more items carried along: a transition holds what is near the viewport,
 * however many changes interrupt each other. */
void test_interrupted_far(void)
{
    static const int64_t seven[] = {5, 5, 5, 5, 5, 5, 5};
    fold_section_id id[7];
    fold_table *t = transition_table(seven, 7, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id e = id[4], f = id[5], g = id[6];
    want_item want[13];
    int n = 0;
    check_changed(t, fold_table_collapse, id[0], 1);
    CHECK_STATUS(fold_table_set_transition_progress(t, 0.5), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 230, 100), FOLD_OK);
    check_changed(t, fold_table_collapse, e, 1);
    want[n++] = (want_item){19, 19, HDR, e, -1, SHUT, STAYS, STUCK, -1, 0, 20, 0, 20};
    for (int i = 0; i < 5; i++)
        want[n++] = (want_item){20 + i, -1, ROW, e, i, 0, GOES, FOLDS, 0, 20 + 10 * i, 10, 10 * i - 30, 10};
    want[n++] = (want_item){25, 20, HDR, f, -1, OPEN, MOVES, 0, -1, 70, 20, 20, 20};
    for (int j = 0; j < 5; j++)
        want[n++] = (want_item){26 + j, 21 + j, ROW, f, j, 0, MOVES, 0, -1, 90 + 10 * j, 10, 40 + 10 * j, 10};
    want[n++] = (want_item){31, 26, HDR, g, -1, OPEN, MOVES, 0, -1, 140, 20, 90, 20};
    CHECK_EQ_I64(n, COUNT(want));
    check_info(t, 13, 230, 230, 440, 390, 100, 0, 2);
    check_items(t, want);
    fold_table_free(t);
}
