/*
 * transitions/support.c — the tables of the transition tests and the checks
 * of a transition's info, items and frames against hand-made expectations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transitions.h"

fold_table *transition_table(const int64_t *rows, int count, int32_t accordion, double offset,
                             double height, fold_section_id *ids)
{
    fold_table_options o = options_with_heights(10, 20, 0, 0, 0);
    o.accordion = accordion;
    fold_table *t = must_table(&o);
    for (int i = 0; i < count; i++) {
        char key[2] = {(char)('A' + i), 0};
        fold_section_id id = add(t, FOLD_ROOT, key, key, rows[i]);
        if (ids != NULL) ids[i] = id;
    }
    CHECK_STATUS(fold_table_set_viewport(t, offset, height), FOLD_OK);
    CHECK_STATUS(fold_table_set_transitions(t, 1), FOLD_OK);
    return t;
}

fold_transition_info transition_info(const fold_table *t)
{
    fold_transition_info i;
    memset(&i, 0, sizeof i);
    CHECK_STATUS(fold_table_transition_info(t, &i), FOLD_OK);
    return i;
}

void check_info_(const char *file, int line, const fold_table *t, int64_t count, double ob,
                 double oa, double cb, double ca, double vh, double progress, uint64_t serial)
{
    long failed_before = check_failed_so_far();
    fold_transition_info i = transition_info(t);
    CHECK_EQ_I64(i.item_count, count);
    CHECK_EQ_DBL(i.offset_before, ob);
    CHECK_EQ_DBL(i.offset_after, oa);
    CHECK_EQ_DBL(i.content_height_before, cb);
    CHECK_EQ_DBL(i.content_height_after, ca);
    CHECK_EQ_DBL(i.viewport_height, vh);
    CHECK_EQ_DBL(i.progress, progress);
    CHECK_EQ_I64((int64_t)i.serial, (int64_t)serial);
    if (check_failed_so_far() != failed_before)
        fprintf(stderr, "  (in check_info called from %s:%d)\n", file, line);
}

void check_items_(const char *file, int line, const fold_table *t, const want_item *want,
                  int64_t count)
{
    long failed_before = check_failed_so_far();
    int64_t capacity = count + 4, written = -1, total = -1;
    fold_transition_item *items = calloc((size_t)capacity, sizeof *items);
    if (!CHECK(items != NULL)) return;
    CHECK_STATUS(fold_table_transition_items(t, items, capacity, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, count);
    CHECK_EQ_I64(written, count);
    for (int64_t i = 0; i < count && i < written; i++) {
        const fold_transition_item *g = &items[i];
        const want_item *w = &want[i];
        long item_failed_before = check_failed_so_far();
        CHECK_EQ_I64(g->position_before, w->before);
        CHECK_EQ_I64(g->position_after, w->after);
        CHECK_EQ_I64(g->kind, w->kind);
        CHECK_EQ_I64(g->depth, 0);
        CHECK_EQ_I64((int64_t)g->section, (int64_t)w->section);
        CHECK_EQ_I64(g->row, w->row);
        CHECK_EQ_I64(g->item_flags, w->item_flags);
        CHECK_EQ_I64(g->change, w->change);
        CHECK_EQ_I64(g->flags, w->flags);
        CHECK_EQ_I64(g->clip, w->clip);
        CHECK_EQ_DBL(g->top_before, w->top_before);
        CHECK_EQ_DBL(g->height_before, w->height_before);
        CHECK_EQ_DBL(g->top_after, w->top_after);
        CHECK_EQ_DBL(g->height_after, w->height_after);
        if (check_failed_so_far() != item_failed_before)
            fprintf(stderr, "  (item %lld of the transition)\n", (long long)i);
    }
    free(items);
    if (check_failed_so_far() != failed_before)
        fprintf(stderr, "  (in check_items called from %s:%d)\n", file, line);
}

void check_frame_(const char *file, int line, const fold_table *t, double progress,
                  const want_frame *want, int64_t count)
{
    long failed_before = check_failed_so_far();
    int64_t capacity = count + 4, written = -1, total = -1;
    fold_frame_item *frame = calloc((size_t)capacity, sizeof *frame);
    if (!CHECK(frame != NULL)) return;
    CHECK_STATUS(fold_table_transition_frame(t, progress, frame, capacity, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, count);
    CHECK_EQ_I64(written, count);
    for (int64_t i = 0; i < count && i < written; i++) {
        long item_failed_before = check_failed_so_far();
        CHECK_EQ_I64(frame[i].index, i);
        CHECK_EQ_DBL(frame[i].top, want[i].top);
        CHECK_EQ_DBL(frame[i].height, want[i].height);
        CHECK_EQ_DBL(frame[i].clip_top, want[i].clip_top);
        if (check_failed_so_far() != item_failed_before)
            fprintf(stderr, "  (frame item %lld)\n", (long long)i);
    }
    free(frame);
    if (check_failed_so_far() != failed_before)
        fprintf(stderr, "  (in check_frame(t = %g) called from %s:%d)\n", progress, file, line);
}

void check_frame_ends_(const char *file, int line, const fold_table *t, const want_item *want,
                       int64_t count)
{
    want_frame *start = calloc((size_t)count + 1, sizeof *start);
    want_frame *end = calloc((size_t)count + 1, sizeof *end);
    if (CHECK(start != NULL && end != NULL)) {
        for (int64_t i = 0; i < count; i++) {
            const want_item *w = &want[i];
            int folds = (w->flags & FOLDS) != 0;
            const want_item *h = folds && w->clip >= 0 ? &want[w->clip] : NULL;
            /* Without its header in the transition, the viewport's top (0) clips. */
            start[i].top = w->top_before;
            start[i].height = w->height_before;
            start[i].clip_top = h ? h->top_before + h->height_before : folds ? 0 : -INFINITY;
            end[i].top = w->top_after;
            end[i].height = w->height_after;
            end[i].clip_top = h ? h->top_after + h->height_after : folds ? 0 : -INFINITY;
        }
        check_frame_(file, line, t, 0.0, start, count);
        check_frame_(file, line, t, 1.0, end, count);
    }
    free(start);
    free(end);
}
