/*
 * transitions.h — the parts of test_transitions.c and the helpers they share.
 *
 * Every table here has rows 10 and headers 20 points tall, no footers and
 * no padding, top-level sections keyed "A", "B", "C"..., a viewport set and
 * transitions on. Expected rects are worked out by hand from foldtable.h's
 * "Transitions" rules (the comment above each test shows the layout), in
 * viewport coordinates: a content offset minus the viewport's offset.
 */
#ifndef FOLD_TEST_TRANSITIONS_H
#define FOLD_TEST_TRANSITIONS_H

#include <math.h>

#include "fixture.h"

/* Short names for the tables of expected items. */
#define HDR FOLD_ITEM_HEADER
#define ROW FOLD_ITEM_ROW
#define STAYS FOLD_TRANSITION_STAYS
#define MOVES FOLD_TRANSITION_MOVES
#define APPEARS FOLD_TRANSITION_APPEARS
#define GOES FOLD_TRANSITION_DISAPPEARS
#define STUCK_B FOLD_TRANSITION_STUCK_BEFORE
#define STUCK_A FOLD_TRANSITION_STUCK_AFTER
#define STUCK (FOLD_TRANSITION_STUCK_BEFORE | FOLD_TRANSITION_STUCK_AFTER)
#define FOLDS FOLD_TRANSITION_FOLDS
/* Item flags: a header of an expanded section with rows, of a collapsed
 * one; a row with a larger expanded height, expanded too. */
#define OPEN FOLD_ITEM_FLAG_COLLAPSIBLE
#define SHUT (FOLD_ITEM_FLAG_COLLAPSIBLE | FOLD_ITEM_FLAG_COLLAPSED)
#define CAN FOLD_ITEM_FLAG_EXPANDABLE
#define WIDE (FOLD_ITEM_FLAG_EXPANDABLE | FOLD_ITEM_FLAG_EXPANDED)

/* One expected fold_transition_item (depth is 0 for all of them). */
typedef struct want_item {
    int64_t before, after;
    int32_t kind;
    fold_section_id section;
    int64_t row;
    uint32_t item_flags;
    int32_t change;
    uint32_t flags;
    int32_t clip;
    double top_before, height_before, top_after, height_after;
} want_item;

/* One expected fold_frame_item (its index is its place in the array). */
typedef struct want_frame {
    double top, height, clip_top;
} want_frame;

/* A table of `count` top-level sections "A", "B", ... with rows[i] rows
 * each (ids into ids[], optional), the accordion policy given, a viewport
 * at `offset` of `height` points, and transitions on. */
fold_table *transition_table(const int64_t *rows, int count, int32_t accordion, double offset,
                             double height, fold_section_id *ids);

/* fold_table_transition_info (zeroed first; one check). */
fold_transition_info transition_info(const fold_table *t);

/* The transition's info: item count, offsets, content heights before and
 * after, viewport height, progress and serial (nine checks). */
#define check_info(t, count, ob, oa, cb, ca, vh, progress, serial)                              \
    check_info_(__FILE__, __LINE__, (t), (count), (ob), (oa), (cb), (ca), (vh), (progress), \
                (serial))
void check_info_(const char *file, int line, const fold_table *t, int64_t count, double ob,
                 double oa, double cb, double ca, double vh, double progress, uint64_t serial);

/* The transition's items are exactly `want`, field by field. */
#define check_items(t, want) check_items_(__FILE__, __LINE__, (t), (want), COUNT(want))
void check_items_(const char *file, int line, const fold_table *t, const want_item *want,
                  int64_t count);

/* fold_table_transition_frame at `progress` is exactly `want`. */
#define check_frame(t, progress, want) \
    check_frame_(__FILE__, __LINE__, (t), (progress), (want), COUNT(want))
void check_frame_(const char *file, int line, const fold_table *t, double progress,
                  const want_frame *want, int64_t count);

/* The frames at 0 and 1 are the items' rects before and after (clip_top:
 * the folding header's bottom before / after, -INFINITY otherwise). */
#define check_frame_ends(t, want) check_frame_ends_(__FILE__, __LINE__, (t), (want), COUNT(want))
void check_frame_ends_(const char *file, int line, const fold_table *t, const want_item *want,
                       int64_t count);

void test_collapse(void);
void test_expand(void);
void test_collapse_large(void);
void test_expand_large(void);
void test_collapse_two_frames(void);
void test_accordion(void);
void test_insert(void);
void test_remove(void);
void test_move(void);
void test_height(void);
void test_sticky_pushed(void);
void test_sticky_handover(void);
void test_interrupted(void);
void test_interrupted_far(void);
void test_calls(void);
void test_bad_input(void);
void test_off(void);
void test_listener(void);

#endif /* FOLD_TEST_TRANSITIONS_H */
