/*
 * scrolling/follow_end.c — where the viewport goes with follow_end on:
 * exact offsets after each kind of mutation, at the end of the content and
 * short of it (the same cases as Tests/FoldTableCoreTests/FollowEndTests.swift,
 * through the ABI, with the change sets' anchored_offset).
 */
#include <math.h>
#include <string.h>

#include "scrolling.h"

fold_table *log_table(int64_t rows, int32_t follow, hook *heard)
{
    fold_table_options o = options_with_heights(20, 30, 0, 0, 0);
    fold_table *t;
    o.follow_end = follow;
    t = must_table(&o);
    if (rows > 0) add(t, FOLD_ROOT, "log", "Log", rows);
    if (heard != NULL) {
        memset(heard, 0, sizeof *heard);
        CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, heard, NULL), FOLD_OK);
    }
    return t;
}

double viewport_offset(const fold_table *t)
{
    int set = 0;
    double offset = NAN;
    if (!CHECK_STATUS(fold_table_viewport(t, &set, &offset, NULL), FOLD_OK) || !set) return NAN;
    return offset;
}

/* The last change set was anchored at `offset`, and the viewport is there. */
#define CHECK_FOLLOWED(t, h, offset)                        \
    do {                                                    \
        CHECK_EQ_I64((h).anchored, 1);                      \
        CHECK_EQ_DBL((h).anchored_offset, (offset));        \
        CHECK_EQ_DBL(viewport_offset(t), (offset));         \
    } while (0)

static int append(fold_table *t, int64_t count)
{
    return CHECK_STATUS(fold_table_insert_rows(t, sec(t, "log"), FOLD_INDEX_END, count, NULL), FOLD_OK);
}

void test_follow_end_appends(void)
{
    hook h;
    fold_table *t = log_table(10, 1, &h); /* content 230 */
    static const double odd[] = {17.7};
    fold_section_id more = 0;

    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK); /* 130 + 100 = 230: the end */
    append(t, 3);                                                 /* 290 */
    CHECK_FOLLOWED(t, h, 190);
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "log"), FOLD_INDEX_END, 1, odd), FOLD_OK);
    CHECK_FOLLOWED(t, h, 207.69921875); /* 17.7 kept as 17.69921875 */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "more", NULL, 1, 0, &more),
                 FOLD_OK); /* + 30 + 20 */
    CHECK_FOLLOWED(t, h, 257.69921875);
    CHECK_EQ_I64(h.calls, 3);
    /* Inside the viewport (rows 5...9 of a fresh log): 270, the end follows. */
    fold_table_free(t);
    t = log_table(10, 1, &h);
    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "log"), 7, 2, NULL), FOLD_OK);
    CHECK_FOLLOWED(t, h, 170);
    /* Above it: a section of 70 at the top. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "top", NULL, 2, 0, NULL), FOLD_OK);
    CHECK_FOLLOWED(t, h, 240);
    fold_table_free(t);

    /* Whether the viewport shows the end, exactly: three rows appended to a
     * fresh log (230 -> 290) from each viewport. */
    {
        static const struct {
            double offset, height, after;
        } cases[] = {
            {50, 100, 50},                                /* short of it: row 1 stays on top */
            {130 - FOLD_HEIGHT_UNIT, 100, 129.99609375}, /* one unit short: no tolerance */
            {140, 100, 190},                              /* past it (overscrolled): the end */
            {230, 0, 290},                                /* an empty viewport at the end */
        };
        size_t i;
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            t = log_table(10, 1, &h);
            CHECK_STATUS(fold_table_set_viewport(t, cases[i].offset, cases[i].height), FOLD_OK);
            append(t, 3);
            CHECK_FOLLOWED(t, h, cases[i].after);
            fold_table_free(t);
        }
    }
    /* Short of the end, rows inserted above the first visible item (row 1
     * at 50): it keeps its place on screen. */
    t = log_table(10, 1, &h);
    CHECK_STATUS(fold_table_set_viewport(t, 50, 100), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "log"), 0, 2, NULL), FOLD_OK);
    CHECK_FOLLOWED(t, h, 90);
    fold_table_free(t);
}

void test_follow_end_short_content(void)
{
    hook h;
    fold_table *t = log_table(2, 1, &h); /* content 70 */
    fold_table_options o;

    CHECK_STATUS(fold_table_set_viewport(t, 0, 100), FOLD_OK);
    append(t, 1); /* 90: still shorter */
    CHECK_FOLLOWED(t, h, 0);
    append(t, 2); /* 130 */
    CHECK_FOLLOWED(t, h, 30);
    append(t, 1); /* 150 */
    CHECK_FOLLOWED(t, h, 50);
    fold_table_free(t);
    /* Whatever the offset while the content is shorter. */
    t = log_table(2, 1, &h);
    CHECK_STATUS(fold_table_set_viewport(t, -12, 100), FOLD_OK);
    append(t, 3);
    CHECK_FOLLOWED(t, h, 30);
    fold_table_free(t);
    /* An empty table with top padding: no item to anchor to, yet anchored. */
    o = options_with_heights(20, 30, 0, 8, 0);
    o.follow_end = 1;
    t = must_table(&o);
    memset(&h, 0, sizeof h);
    CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, &h, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 0, 100), FOLD_OK);
    add(t, FOLD_ROOT, "log", "Log", 10); /* 8 + 230 */
    CHECK_FOLLOWED(t, h, 138);
    fold_table_free(t);
}

void test_follow_end_heights(void)
{
    hook h;
    fold_table *t = log_table(10, 1, &h);
    fold_section_id log;
    static const double small[] = {10, 10};

    log = sec(t, "log");
    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, log, 9, 60), FOLD_OK); /* the last row grows: 270 */
    CHECK_FOLLOWED(t, h, 170);
    CHECK_STATUS(fold_table_set_row_heights(t, log, 0, 2, small), FOLD_OK); /* above: 250 */
    CHECK_FOLLOWED(t, h, 150);
    CHECK_STATUS(fold_table_set_section_height(t, log, FOLD_HEIGHT_HEADER, 50), FOLD_OK); /* 270 */
    CHECK_FOLLOWED(t, h, 170);
    CHECK_STATUS(fold_table_set_section_height(t, log, FOLD_HEIGHT_ROW, 30), FOLD_OK); /* rows 2...8: 340 */
    CHECK_FOLLOWED(t, h, 240);
    CHECK_STATUS(fold_table_set_section_height(t, log, FOLD_HEIGHT_FOOTER, 12), FOLD_OK); /* 352 */
    CHECK_FOLLOWED(t, h, 252);
    CHECK_EQ_I64(h.calls, 5);
    fold_table_free(t);
}

typedef struct asked_rows {
    int count;
    int64_t rows[16];
} asked_rows;

static int forty(fold_table *t, fold_section_id section, const char *key, int64_t row,
                 double *out_height, void *user_data)
{
    asked_rows *a = user_data;
    (void)t, (void)section, (void)key;
    if (a->count < 16) a->rows[a->count] = row;
    a->count++;
    *out_height = 40;
    return 1;
}

void test_follow_end_measure(void)
{
    hook h;
    asked_rows asked;
    int64_t measured = -1;
    fold_table *t = log_table(10, 1, &h);
    fold_section_id log = sec(t, "log");
    int i;

    memset(&asked, 0, sizeof asked);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, forty, &asked), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK); /* rows 5...9, estimated */
    /* Round 1 measures rows 5...9 (content 330, end 230); round 2 looks at
     * [230, 330): rows 7...9, measured already. */
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 5);
    CHECK_EQ_I64(asked.count, 5);
    for (i = 0; i < 5; i++) CHECK_EQ_I64(asked.rows[i], 5 + i);
    CHECK_FOLLOWED(t, h, 230);
    CHECK_STATUS(fold_table_invalidate_heights(t, log, 9), FOLD_OK); /* back to 20: 310 */
    CHECK_FOLLOWED(t, h, 210);
    CHECK_STATUS(fold_table_invalidate_heights(t, FOLD_ROOT, -1), FOLD_OK); /* 230 */
    CHECK_FOLLOWED(t, h, 130);
    fold_table_free(t);

    /* Off: row 5 stays on top. */
    t = log_table(10, 0, &h);
    memset(&asked, 0, sizeof asked);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, forty, &asked), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 5);
    CHECK_FOLLOWED(t, h, 130);
    fold_table_free(t);
}

void test_follow_end_expand_collapse(void)
{
    hook h;
    fold_table *t = log_table(10, 1, &h);
    fold_section_id log = sec(t, "log");
    int changed = -1;

    CHECK_STATUS(fold_table_set_row_expanded_height(t, log, 9, 80), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK);
    /* Expanding the last row at the end: row 5 stays on top, the row opens
     * downwards past the viewport (content 290); the end is left. */
    CHECK_STATUS(fold_table_expand_row(t, log, 9, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_FOLLOWED(t, h, 130);
    append(t, 1); /* not at the end: stays */
    CHECK_FOLLOWED(t, h, 130);
    /* Back at the end with row 9 on top; collapsing it: 250, clamped. */
    CHECK_STATUS(fold_table_set_viewport(t, 210, 100), FOLD_OK);
    CHECK_STATUS(fold_table_toggle_row(t, log, 9, &changed), FOLD_OK);
    CHECK_FOLLOWED(t, h, 150);
    fold_table_free(t);

    /* Sections: "a" (90) and "log" collapsed (30), at the end. */
    t = log_table(0, 1, &h);
    add(t, FOLD_ROOT, "a", "A", 3);
    log = add(t, FOLD_ROOT, "log", "Log", 10);
    check_changed(t, fold_table_collapse, log, 1);
    CHECK_STATUS(fold_table_set_viewport(t, 20, 100), FOLD_OK);
    check_changed(t, fold_table_expand, log, 1); /* 320: "a"'s header stays 20 above the top */
    CHECK_FOLLOWED(t, h, 20);
    /* A click on log's header (position 4) at the end: 120; row 5 was on
     * top, its header stands in, clamped to the end. */
    CHECK_STATUS(fold_table_set_viewport(t, 220, 100), FOLD_OK);
    check_activated(t, 4, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_FOLLOWED(t, h, 20);
    fold_table_free(t);
}

void test_follow_end_removals(void)
{
    hook h;
    fold_table *t = log_table(10, 1, &h);

    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, sec(t, "log"), 7, 3), FOLD_OK); /* 170 */
    CHECK_FOLLOWED(t, h, 70);
    CHECK_STATUS(fold_table_remove_rows(t, sec(t, "log"), 0, 2), FOLD_OK); /* 130 */
    CHECK_FOLLOWED(t, h, 30);
    CHECK_STATUS(fold_table_move_row(t, sec(t, "log"), 4, sec(t, "log"), 0), FOLD_OK); /* a move */
    CHECK_FOLLOWED(t, h, 30);
    CHECK_STATUS(fold_table_remove_section(t, sec(t, "log")), FOLD_OK); /* 0 */
    CHECK_FOLLOWED(t, h, 0);
    fold_table_free(t);
}

/* Inside a listener: turning follow_end off is a setting (allowed), a
 * mutation is FOLD_E_BUSY. */
typedef struct inside {
    fold_section_id log;
    int set_status, insert_status;
} inside;

static void turn_off_inside(fold_table *t, const fold_change_set *set, void *user_data)
{
    inside *in = user_data;
    (void)set;
    in->set_status = fold_table_set_follow_end(t, 0);
    in->insert_status = fold_table_insert_rows(t, in->log, 0, 1, NULL);
}

void test_follow_end_off(void)
{
    hook h;
    fold_table *t = log_table(10, 0, &h);
    inside in = {0, 1, 1};
    int64_t id = 0;

    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK);
    append(t, 3); /* anchoring: row 5 stays on top */
    CHECK_FOLLOWED(t, h, 130);
    CHECK_STATUS(fold_table_set_follow_end(t, 1), FOLD_OK); /* not at the end now */
    append(t, 1);
    CHECK_FOLLOWED(t, h, 130);
    CHECK_STATUS(fold_table_set_viewport(t, 210, 100), FOLD_OK); /* 310: the end */
    append(t, 2);
    CHECK_FOLLOWED(t, h, 250);

    /* Turned off inside a listener: this change still followed, the next does not. */
    in.log = sec(t, "log");
    CHECK_STATUS(fold_table_add_change_listener(t, turn_off_inside, &in, &id), FOLD_OK);
    append(t, 1);
    CHECK_EQ_I64(in.set_status, FOLD_OK);
    CHECK_EQ_I64(in.insert_status, FOLD_E_BUSY);
    CHECK_FOLLOWED(t, h, 270);
    CHECK_STATUS(fold_table_remove_listener(t, id), FOLD_OK);
    append(t, 1);
    CHECK_FOLLOWED(t, h, 270);

    /* Without a viewport nothing is anchored. */
    CHECK_STATUS(fold_table_clear_viewport(t), FOLD_OK);
    append(t, 1);
    CHECK_EQ_I64(h.anchored, 0);
    fold_table_free(t);
}
