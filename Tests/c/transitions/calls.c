/*
 * transitions/calls.c — the calls themselves: partial reads, the switch,
 * progress, serials, bad input (each failure leaves the transition and the
 * outputs as they were), transitions off or without a viewport, and a
 * change listener reading the transition of its change set.
 */
#include <string.h>

#include "transitions.h"

static const int64_t five[] = {5, 5, 5};

/* The transition's info is bit for bit what it was. */
#define check_same_info(t, was)                                              \
    do {                                                                     \
        fold_transition_info now_ = transition_info(t);                      \
        CHECK(memcmp(&now_, &(was), sizeof now_) == 0);                      \
    } while (0)

void test_calls(void)
{
    fold_section_id id[3];
    fold_table *t = transition_table(five, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_section_id a = id[0];
    int32_t enabled = -1;
    CHECK_STATUS(fold_table_transitions(t, &enabled), FOLD_OK);
    CHECK_EQ_I64(enabled, 1);
    /* No transition yet: info all zero. */
    check_info(t, 0, 0, 0, 0, 0, 0, 0, 0);
    check_changed(t, fold_table_collapse, a, 1);

    /* The total alone; the first 3 items, and nothing past them. */
    fold_transition_item items[5];
    int64_t written = -1, total = -1;
    CHECK_STATUS(fold_table_transition_items(t, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 13);
    memset(items, 0x5a, sizeof items);
    CHECK_STATUS(fold_table_transition_items(t, items, 3, &written, NULL), FOLD_OK);
    CHECK_EQ_I64(written, 3);
    CHECK_EQ_I64(items[0].position_before, 0);
    CHECK_EQ_I64(items[2].position_before, 2);
    CHECK_EQ_DBL(items[2].top_before, 30);
    CHECK_EQ_I64(items[3].position_before, 0x5a5a5a5a5a5a5a5a);

    /* The same for a frame. */
    fold_frame_item frame[5];
    written = total = -1;
    CHECK_STATUS(fold_table_transition_frame(t, 0.25, NULL, 0, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 0);
    CHECK_EQ_I64(total, 13);
    memset(frame, 0x5a, sizeof frame);
    CHECK_STATUS(fold_table_transition_frame(t, 0.25, frame, 2, &written, NULL), FOLD_OK);
    CHECK_EQ_I64(written, 2);
    CHECK_EQ_I64(frame[1].index, 1);
    CHECK_EQ_DBL(frame[1].top, 7.5); /* 20 + 0.25 * (-30 - 20) */
    CHECK_EQ_DBL(frame[1].clip_top, 20);
    CHECK_EQ_I64(frame[2].index, 0x5a5a5a5a5a5a5a5a);

    /* Progress is kept, any value in [0, 1]. */
    CHECK_STATUS(fold_table_set_transition_progress(t, 0.75), FOLD_OK);
    CHECK_EQ_DBL(transition_info(t).progress, 0.75);
    CHECK_STATUS(fold_table_set_transition_progress(t, 0), FOLD_OK);
    CHECK_EQ_DBL(transition_info(t).progress, 0);

    /* A change set that reports nothing keeps the transition. */
    check_changed(t, fold_table_collapse, a, 0);
    check_info(t, 13, 0, 0, 210, 160, 100, 0, 1);

    /* Off drops it; on again, the next one has the next serial. */
    CHECK_STATUS(fold_table_set_transitions(t, 0), FOLD_OK);
    CHECK_STATUS(fold_table_transitions(t, &enabled), FOLD_OK);
    CHECK_EQ_I64(enabled, 0);
    check_info(t, 0, 0, 0, 0, 0, 0, 0, 0);
    CHECK_STATUS(fold_table_transition_frame(t, 0, frame, 5, &written, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_transitions(t, 7), FOLD_E_INVALID); /* 0 or 1 */
    CHECK_STATUS(fold_table_set_transitions(t, -1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transitions(t, &enabled), FOLD_OK);
    CHECK_EQ_I64(enabled, 0);
    CHECK_STATUS(fold_table_set_transitions(t, 1), FOLD_OK);
    CHECK_STATUS(fold_table_transitions(t, &enabled), FOLD_OK);
    CHECK_EQ_I64(enabled, 1);
    check_changed(t, fold_table_expand, a, 1);
    check_info(t, 13, 0, 0, 160, 210, 100, 0, 2);
    fold_table_free(t);
}

void test_bad_input(void)
{
    fold_section_id id[3];
    fold_table *t = transition_table(five, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    fold_transition_item items[2];
    fold_frame_item frame[2];
    fold_transition_info info;
    int32_t enabled = 42;
    int64_t written = 42;

    /* No transition yet: frames and progress are FOLD_E_NOT_FOUND. */
    CHECK_STATUS(fold_table_transition_frame(t, 0.5, frame, 2, &written, NULL), FOLD_E_NOT_FOUND);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_STATUS(fold_table_set_transition_progress(t, 0.5), FOLD_E_NOT_FOUND);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_EQ_I64(written, 42);

    check_changed(t, fold_table_collapse, id[0], 1);
    CHECK_STATUS(fold_table_set_transition_progress(t, 0.25), FOLD_OK);
    fold_transition_info was = transition_info(t);
    CHECK_EQ_I64(was.item_count, 13);

    /* NULL table and NULL required outputs. */
    CHECK_STATUS(fold_table_set_transitions(NULL, 1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_transitions(t, 2), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transitions(NULL, &enabled), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transitions(t, NULL), FOLD_E_INVALID);
    CHECK_EQ_I64(enabled, 42);
    memset(&info, 0x5a, sizeof info);
    CHECK_STATUS(fold_table_transition_info(NULL, &info), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_info(t, NULL), FOLD_E_INVALID);
    CHECK_EQ_I64(info.item_count, 0x5a5a5a5a5a5a5a5a);
    memset(items, 0x5a, sizeof items);
    CHECK_STATUS(fold_table_transition_items(NULL, items, 2, &written, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_items(t, NULL, 2, &written, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_items(t, items, 2, NULL, NULL), FOLD_E_INVALID);
    /* capacity < 0 */
    CHECK_STATUS(fold_table_transition_items(t, items, -1, &written, NULL), FOLD_E_RANGE);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_EQ_I64(items[0].position_before, 0x5a5a5a5a5a5a5a5a);
    CHECK_EQ_I64(written, 42);
    check_same_info(t, was);

    memset(frame, 0x5a, sizeof frame);
    CHECK_STATUS(fold_table_transition_frame(NULL, 0.5, frame, 2, &written, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_frame(t, 0.5, NULL, 2, &written, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_frame(t, 0.5, frame, 2, NULL, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_frame(t, 0.5, frame, -1, &written, NULL), FOLD_E_RANGE);
    /* t outside [0, 1], NaN: FOLD_E_INVALID (a value, not an index) */
    CHECK_STATUS(fold_table_transition_frame(t, -0.125, frame, 2, &written, NULL), FOLD_E_INVALID);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_STATUS(fold_table_transition_frame(t, 1.125, frame, 2, &written, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_frame(t, INFINITY, frame, 2, &written, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_frame(t, -INFINITY, frame, 2, &written, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_transition_frame(t, NAN, frame, 2, &written, NULL), FOLD_E_INVALID);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_EQ_I64(frame[0].index, 0x5a5a5a5a5a5a5a5a);
    CHECK_EQ_I64(written, 42);
    check_same_info(t, was);

    CHECK_STATUS(fold_table_set_transition_progress(NULL, 0.5), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_transition_progress(t, -0.125), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_transition_progress(t, 1.125), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_transition_progress(t, INFINITY), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_transition_progress(t, NAN), FOLD_E_INVALID);
    CHECK(strlen(fold_last_error_message()) > 0);
    check_same_info(t, was);
    fold_table_free(t);
}

/* Off (the default) or without a viewport, nothing is built. */
void test_off(void)
{
    fold_table_options o = options_with_heights(10, 20, 0, 0, 0);
    fold_table *t = must_table(&o);
    fold_section_id a = add(t, FOLD_ROOT, "A", "A", 5);
    add(t, FOLD_ROOT, "B", "B", 5);
    int32_t enabled = -1;
    CHECK_STATUS(fold_table_transitions(t, &enabled), FOLD_OK);
    CHECK_EQ_I64(enabled, 0);
    CHECK_STATUS(fold_table_set_viewport(t, 0, 100), FOLD_OK);
    check_changed(t, fold_table_collapse, a, 1);
    check_info(t, 0, 0, 0, 0, 0, 0, 0, 0);
    fold_frame_item frame[2];
    int64_t written = 42;
    CHECK_STATUS(fold_table_transition_frame(t, 0, frame, 2, &written, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_transition_progress(t, 1), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(written, 42);

    /* On, without a viewport. */
    CHECK_STATUS(fold_table_clear_viewport(t), FOLD_OK);
    CHECK_STATUS(fold_table_set_transitions(t, 1), FOLD_OK);
    check_changed(t, fold_table_expand, a, 1);
    check_info(t, 0, 0, 0, 0, 0, 0, 0, 0);
    /* With one again, the first transition has serial 1. */
    CHECK_STATUS(fold_table_set_viewport(t, 0, 100), FOLD_OK);
    check_changed(t, fold_table_collapse, a, 1);
    check_info(t, 12, 0, 0, 140, 90, 100, 0, 1);
    fold_table_free(t);
}

/* What the listener read inside its call. */
typedef struct reader {
    int calls;
    int status;
    fold_transition_info info;
    int64_t total;
    fold_transition_item b_header; /* item 6 of test_collapse's transition */
} reader;

static void read_transition(fold_table *t, const fold_change_set *set, void *user_data)
{
    reader *r = user_data;
    int64_t written = 0;
    fold_transition_item items[7];
    (void)set;
    r->calls++;
    r->status = fold_table_transition_info(t, &r->info);
    if (r->status == FOLD_OK) r->status = fold_table_transition_items(t, items, 7, &written, &r->total);
    if (r->status == FOLD_OK && written == 7) r->b_header = items[6];
}

void test_listener(void)
{
    fold_section_id id[3];
    fold_table *t = transition_table(five, 3, FOLD_ACCORDION_MULTIPLE, 0, 100, id);
    reader r;
    memset(&r, 0, sizeof r);
    CHECK_STATUS(fold_table_add_change_listener(t, read_transition, &r, NULL), FOLD_OK);
    check_changed(t, fold_table_collapse, id[0], 1);
    CHECK_EQ_I64(r.calls, 1);
    CHECK_STATUS(r.status, FOLD_OK);
    CHECK_EQ_I64(r.info.item_count, 13);
    CHECK_EQ_I64((int64_t)r.info.serial, 1);
    CHECK_EQ_DBL(r.info.offset_after, 0);
    CHECK_EQ_I64(r.total, 13);
    CHECK_EQ_I64((int64_t)r.b_header.section, (int64_t)id[1]);
    CHECK_EQ_DBL(r.b_header.top_before, 70);
    CHECK_EQ_DBL(r.b_header.top_after, 20);
    fold_table_free(t);
}
