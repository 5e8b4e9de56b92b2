/*
 * Change events, listeners and scrolling (foldtable.h: "Change events and
 * listeners", "Scrolling"): exact change sets for each mutation kind,
 * listeners that read the table and are refused (FOLD_E_BUSY) when they try
 * to change it, "will" listeners that refuse, removal by id, anchoring,
 * scroll offsets for every alignment, reveal; listeners and providers get
 * the section's id and key; a section's header is redrawn whenever its row
 * count changes, also while it is collapsed (0.2).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

/* What the change listener saw last, copied out of the call. */
typedef struct seen {
    int calls;
    fold_section_id mutate; /* the section the listener tries to collapse */
    fold_change changes[8];
    int64_t change_count;
    fold_range redraw[8];
    int64_t redraw_count;
    double delta;
    int anchored;
    double anchored_offset;
    /* Re-entry from inside the listener. */
    int64_t items_inside;
    int busy_status;
    int try_mutation;
} seen;

static void on_change(fold_table *t, const fold_change_set *set, void *user_data)
{
    seen *s = user_data;
    s->calls++;
    COPY_CHANGE_SET(s, set);
    s->anchored = set->anchored;
    s->anchored_offset = set->anchored_offset;
    fold_table_item_count(t, &s->items_inside);
    if (s->try_mutation) s->busy_status = fold_table_collapse(t, s->mutate, NULL);
}

/* Counts section events; refuses Mac's "will collapse"; checks that the id
 * it is given is the id of the key it is given. */
static int refuse_mac(fold_table *t, fold_section_id section, const char *key, int32_t event,
                      void *user_data)
{
    int *events = user_data;
    fold_section_id by_key = 0;
    (*events)++;
    CHECK_STATUS(fold_table_find_section(t, key, &by_key), FOLD_OK); /* reading is allowed */
    CHECK_EQ_I64(section, by_key);
    return !(strcmp(key, "Mac") == 0 && event == FOLD_SECTION_WILL_COLLAPSE);
}

static fold_table *products(void)
{
    fold_table *t = new_table(NULL);
    if (t == NULL) exit(check_done());
    add(t, FOLD_ROOT, "Mac", NULL, 3);
    add(t, FOLD_ROOT, "iPad", NULL, 2);
    add(t, FOLD_ROOT, "iPhone", NULL, 4);
    return t;
}

#define CHECK_CHANGE(s, i, p, r, a)                   \
    do {                                              \
        CHECK_EQ_I64((s).changes[i].position, (p));   \
        CHECK_EQ_I64((s).changes[i].removed, (r));    \
        CHECK_EQ_I64((s).changes[i].added, (a));      \
    } while (0)

/* The last change set redrew exactly the headers at the positions given,
 * one item each (one check for the count, two for each range). */
#define CHECK_HEADERS_REDRAWN(s, ...)                                                       \
    check_headers_redrawn_(__FILE__, __LINE__, &(s), (const int64_t[]){__VA_ARGS__},          \
                           sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))

static void check_headers_redrawn_(const char *file, int line, const seen *s,
                                   const int64_t *positions, size_t count)
{
    size_t i;
    check_i64_(s->redraw_count, (int64_t)count, file, line, "redraw_count", "count");
    for (i = 0; i < count && i < 8; i++) {
        check_i64_(s->redraw[i].position, positions[i], file, line, "redraw[i].position",
                   "positions[i]");
        check_i64_(s->redraw[i].count, 1, file, line, "redraw[i].count", "1");
    }
}

/* The listener's `calls`-th change set, the last, held one change (at
 * `position`, `removed` items out, `added` in), redrew the headers listed
 * and changed the content height by `delta` (the checks of CHECK_CHANGE and
 * CHECK_HEADERS_REDRAWN, and three more). */
#define CHECK_ONE_CHANGE(s, calls, position, removed, added, delta, ...)                     \
    check_one_change_(__FILE__, __LINE__, &(s), (calls), (position), (removed), (added),       \
                      (delta), (const int64_t[]){__VA_ARGS__},                                \
                      sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))

static void check_one_change_(const char *file, int line, const seen *s, int calls,
                              int64_t position, int64_t removed, int64_t added, double delta,
                              const int64_t *headers, size_t count)
{
    check_i64_(s->calls, calls, file, line, "calls", "calls");
    check_i64_(s->change_count, 1, file, line, "change_count", "1");
    check_i64_(s->changes[0].position, position, file, line, "changes[0].position", "position");
    check_i64_(s->changes[0].removed, removed, file, line, "changes[0].removed", "removed");
    check_i64_(s->changes[0].added, added, file, line, "changes[0].added", "added");
    check_headers_redrawn_(file, line, s, headers, count);
    check_dbl_(s->delta, delta, file, line, "delta", "delta");
}

/* The `calls`-th change set, the last, moved one row: out at `from`, in at
 * `to` (positions of the list before and after). */
#define CHECK_ROW_MOVED(s, calls_, from, to)        \
    do {                                            \
        CHECK_EQ_I64((s).calls, (calls_));          \
        CHECK_EQ_I64((s).change_count, 2);          \
        CHECK_CHANGE(s, 0, (from), 1, 0);           \
        CHECK_CHANGE(s, 1, (to), 0, 1);             \
    } while (0)

static void test_change_sets(void)
{
    fold_table *t = products();
    seen s;
    memset(&s, 0, sizeof s);
    int64_t id = -1;
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, &s, &id), FOLD_OK);
    CHECK(id > 0);
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad");

    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);
    CHECK_EQ_I64(s.calls, 1);
    CHECK_EQ_I64(s.change_count, 1);
    CHECK_CHANGE(s, 0, 5, 2, 0);
    CHECK_ONE_REDRAW(s, 4);
    CHECK_EQ_DBL(s.delta, -88);
    CHECK_EQ_I64(s.anchored, 0);
    CHECK_EQ_I64(s.items_inside, 10); /* the listener sees the new list */

    /* Nothing changes: no call. */
    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);
    CHECK_EQ_I64(s.calls, 1);

    /* Rows into an empty section: added rows, header redrawn. */
    fold_section_id watch = add(t, FOLD_ROOT, "Watch", NULL, 0);
    CHECK_EQ_I64(s.calls, 2);
    CHECK_EQ_I64(s.change_count, 1);
    CHECK_CHANGE(s, 0, 10, 0, 1);
    CHECK_EQ_I64(s.redraw_count, 0);
    CHECK_STATUS(fold_table_insert_rows(t, watch, 0, 2, NULL), FOLD_OK);
    CHECK_CHANGE(s, 0, 11, 0, 2);
    CHECK_ONE_REDRAW(s, 10);

    /* A section in the middle removed (collapsed: only its header). */
    CHECK_STATUS(fold_table_remove_section(t, ipad), FOLD_OK);
    CHECK_EQ_I64(s.change_count, 1);
    CHECK_CHANGE(s, 0, 4, 1, 0);
    CHECK_EQ_I64(s.redraw_count, 0);
    CHECK_EQ_DBL(s.delta, -28);
    /* Its id is stale now: refused, nothing reported. */
    CHECK_STATUS(fold_table_expand(t, ipad, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_insert_rows(t, ipad, 0, 1, NULL), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(s.calls, 4);

    /* A listener that tries to change the table is refused, and nothing changes. */
    s.try_mutation = 1;
    s.mutate = mac;
    CHECK_STATUS(fold_table_set_row_height(t, mac, 0, 50), FOLD_OK);
    CHECK_EQ_I64(s.busy_status, FOLD_E_BUSY);
    CHECK_EQ_I64(is_collapsed(t, mac), 0);
    CHECK_EQ_I64(s.change_count, 0);
    CHECK_EQ_I64(s.redraw_count, 1);
    CHECK_EQ_I64(s.redraw[0].position, 1);
    CHECK_EQ_DBL(s.delta, 6);

    CHECK_STATUS(fold_table_remove_listener(t, id), FOLD_OK);
    CHECK_STATUS(fold_table_remove_listener(t, id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_collapse(t, mac, NULL), FOLD_OK);
    CHECK_EQ_I64(s.calls, 5);
    CHECK_STATUS(fold_table_add_change_listener(t, NULL, NULL, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_add_change_listener(NULL, on_change, &s, NULL), FOLD_E_INVALID);
    fold_table_free(t);
}

static void test_will_listener_refuses(void)
{
    fold_table *t = products();
    int events = 0;
    CHECK_STATUS(fold_table_add_section_listener(t, refuse_mac, &events, NULL), FOLD_OK);
    check_changed(t, fold_table_collapse, sec(t, "Mac"), 0);
    CHECK_EQ_I64(events, 1);
    check_changed(t, fold_table_collapse, sec(t, "iPad"), 1);
    CHECK_EQ_I64(events, 3); /* will + did */
    int64_t flipped = -1;
    CHECK_STATUS(fold_table_collapse_all(t, &flipped), FOLD_OK);
    CHECK_EQ_I64(flipped, 1); /* iPhone only */
    fold_table_free(t);
}

static void test_anchoring_and_scroll_offsets(void)
{
    fold_table *t = products();
    seen s;
    memset(&s, 0, sizeof s);
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, &s, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 300, 100), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "Mac"), NULL), FOLD_OK);
    CHECK_EQ_I64(s.anchored, 1);
    CHECK_EQ_DBL(s.anchored_offset, 168);
    int set = -1;
    double offset = -1, height = -1;
    CHECK_STATUS(fold_table_viewport(t, &set, &offset, &height), FOLD_OK);
    CHECK_EQ_I64(set, 1);
    CHECK_EQ_DBL(offset, 168);
    CHECK_EQ_DBL(height, 100);
    CHECK_STATUS(fold_table_clear_viewport(t), FOLD_OK);
    CHECK_STATUS(fold_table_viewport(t, &set, NULL, NULL), FOLD_OK);
    CHECK_EQ_I64(set, 0);
    CHECK_STATUS(fold_table_set_viewport(t, 0, -1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_expand(t, sec(t, "Mac"), NULL), FOLD_OK);

    /* Content 480, viewport 100 at 200. */
    double y = -1;
    {
        /* scroll_offset(position, align, offset, height) is FOLD_OK with `want`. */
        static const struct {
            int64_t position;
            int32_t align;
            double offset, height, want;
        } scrolls[] = {
            {5, FOLD_ALIGN_START, 200, 100, 188},
            {5, FOLD_ALIGN_END, 200, 100, 132},
            {5, FOLD_ALIGN_CENTER, 200, 100, 160},
            {6, FOLD_ALIGN_AUTO, 200, 100, 200},
            {11, FOLD_ALIGN_SMART, 0, 100, 380},
            {0, FOLD_ALIGN_END, 200, 100, 0},
        };
        for (size_t i = 0; i < sizeof scrolls / sizeof scrolls[0]; i++) {
            CHECK_STATUS(fold_table_scroll_offset(t, scrolls[i].position, scrolls[i].align,
                                                  scrolls[i].offset, scrolls[i].height, &y),
                         FOLD_OK);
            CHECK_EQ_DBL(y, scrolls[i].want);
        }
    }
    CHECK_STATUS(fold_table_scroll_offset(t, 0, 9, 200, 100, &y), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_scroll_offset(t, 12, FOLD_ALIGN_START, 200, 100, &y), FOLD_E_RANGE);

    CHECK_STATUS(fold_table_reveal_offset(t, sec(t, "iPhone"), 5, 0, 100, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 276);
    CHECK_STATUS(fold_table_reveal_offset(t, sec(t, "iPhone"), 5, 0, 300, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 180);
    CHECK_STATUS(fold_table_reveal_offset(t, FOLD_ROOT, 5, 0, 300, &y), FOLD_E_INVALID);

    int64_t p = -1;
    fold_section_id ipad = sec(t, "iPad");
    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_reveal_row(t, ipad, 1, 0, &p), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_reveal_row(t, FOLD_ROOT, 1, 1, &p), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_reveal_row(t, ipad, 1, 1, &p), FOLD_OK);
    CHECK_EQ_I64(p, 6);
    CHECK_EQ_I64(is_collapsed(t, ipad), 0);
    fold_table_free(t);
}

static void test_saved_state(void)
{
    fold_table *t = products();
    CHECK_STATUS(fold_table_set_row_expanded_height(t, sec(t, "Mac"), 2, 100), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, sec(t, "Mac"), 2, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPad"), NULL), FOLD_OK);
    char *json = NULL;
    CHECK_STATUS(fold_table_export_state(t, &json), FOLD_OK);
    CHECK(json != NULL && strstr(json, "\"iPad\": true") != NULL);
    CHECK(json != NULL && strstr(json, "{\"section\": \"Mac\", \"row\": 2}") != NULL);

    /* Into a rebuilt table: iPad and Mac known, Watch new, iPhone gone. */
    fold_table *b = new_table(NULL);
    add(b, FOLD_ROOT, "Watch", NULL, 1);
    add(b, FOLD_ROOT, "iPad", NULL, 2);
    fold_section_id b_mac = add(b, FOLD_ROOT, "Mac", NULL, 3);
    CHECK_STATUS(fold_table_set_row_expanded_height(b, b_mac, 2, 100), FOLD_OK);
    fold_import_report report;
    memset(&report, 0xff, sizeof report);
    CHECK_STATUS(fold_table_import_state(b, json, &report), FOLD_OK);
    CHECK_EQ_I64(report.sections, 2);
    CHECK_EQ_I64(report.unknown_sections, 1);
    CHECK_EQ_I64(report.rows, 1);
    CHECK_EQ_I64(report.unknown_rows, 0);
    CHECK_EQ_I64(report.anchor_restored, 0);
    CHECK_EQ_I64(is_collapsed(b, sec(b, "iPad")), 1);
    {
        fold_row_info ri;
        CHECK_STATUS(fold_table_row_info(b, b_mac, 2, &ri), FOLD_OK);
        CHECK_EQ_I64(ri.flags & FOLD_ITEM_FLAG_EXPANDED, FOLD_ITEM_FLAG_EXPANDED);
    }

    /* Malformed: refused, nothing changes. */
    char *before = NULL, *after = NULL;
    CHECK_STATUS(fold_table_export_state(b, &before), FOLD_OK);
    CHECK_STATUS(fold_table_import_state(b, "{\"collapsed\": {\"iPad\": false}", NULL), FOLD_E_INVALID);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_STATUS(fold_table_import_state(b, "{\"collapsed\": {\"iPad\": 0}}", NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_import_state(b, "\xff", NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_import_state(b, NULL, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_export_state(b, &after), FOLD_OK);
    CHECK_STR(after, before);
    CHECK_STATUS(fold_table_export_state(b, NULL), FOLD_E_INVALID);
    fold_free(before);
    fold_free(after);
    fold_free(json);
    fold_table_free(b);
    fold_table_free(t);
}

/* Provider: row r of any section is 10 * (r + 1) tall; counts its calls;
 * checks the id it gets is its key's. */
static int provide(fold_table *t, fold_section_id section, const char *key, int64_t row,
                   double *out_height, void *user_data)
{
    int *calls = user_data;
    int64_t n = -1;
    fold_section_id by_key = 0;
    fold_table_item_count(t, &n); /* reading inside the provider is allowed */
    fold_table_find_section(t, key, &by_key);
    (*calls)++;
    if (section != by_key || row < 0) return 0;
    *out_height = 10.0 * (double)(row + 1);
    return n > 0;
}

/* Header provider: asked with row -1. */
static int provide_header(fold_table *t, fold_section_id section, const char *key, int64_t row,
                          double *out_height, void *user_data)
{
    int *calls = user_data;
    fold_section_id by_key = 0;
    fold_table_find_section(t, key, &by_key);
    (*calls)++;
    if (row != -1 || section != by_key) return 0;
    *out_height = strcmp(key, "S") == 0 ? 40 : 28;
    return 1;
}

static void test_lazy_heights(void)
{
    fold_table *t = new_table(NULL);
    fold_section_id s0 = add(t, FOLD_ROOT, "S", NULL, 100);
    int calls = 0;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, provide, &calls), FOLD_OK);
    int64_t measured = -1;
    /* 0..100: header 28, rows at 10, 20, 30 (=88), then 40 reaches 128. */
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 4);
    CHECK_EQ_I64(calls, 4);
    double h = -1;
    CHECK_STATUS(fold_table_item_height(t, 4, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 40);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 0);
    CHECK_EQ_I64(calls, 4);
    CHECK_STATUS(fold_table_invalidate_heights(t, s0, 0), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(calls, 5);
    CHECK_STATUS(fold_table_invalidate_heights(t, s0, -1), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, 4, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 44);
    CHECK_STATUS(fold_table_invalidate_heights(t, FOLD_ROOT, -1), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, -1, 0, NULL), FOLD_E_INVALID);
    {
        fold_section_id gone = add(t, FOLD_ROOT, "nope", NULL, 1);
        CHECK_STATUS(fold_table_remove_section(t, gone), FOLD_OK);
        CHECK_STATUS(fold_table_invalidate_heights(t, gone, -1), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_invalidate_heights(t, s0, 100), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_invalidate_heights(t, FOLD_ROOT, 0), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_height_provider(t, 7, provide, &calls), FOLD_E_INVALID);
    }
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 0);

    /* Headers: asked once, kept, asked again after invalidation. */
    int header_calls = 0;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, provide_header, &header_calls),
                 FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 1);
    CHECK_EQ_I64(header_calls, 1);
    CHECK_STATUS(fold_table_item_height(t, 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 40);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(header_calls, 1);
    CHECK_STATUS(fold_table_invalidate_heights(t, s0, -1), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, NULL, NULL), FOLD_OK);
    fold_table_free(t);
}

/* 0.2: a section's header is redrawn whenever its row count changes (rows
 * inserted, removed or moved in or out), also while it is collapsed; moving
 * a row inside its section redraws no header. Exact change sets. */
static void test_header_redraw(void)
{
    fold_table *t = products();
    seen s;
    memset(&s, 0, sizeof s);
    fold_section_id mac = sec(t, "Mac"), ipad = sec(t, "iPad"), iphone = sec(t, "iPhone");
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, &s, NULL), FOLD_OK);

    /* Mac 0 (rows 1-3), iPad 4 (5-6), iPhone 7 (8-11). Two rows at Mac's
     * end: Mac's header redrawn although it had rows already. */
    CHECK_STATUS(fold_table_insert_rows(t, mac, FOLD_INDEX_END, 2, NULL), FOLD_OK);
    CHECK_ONE_CHANGE(s, 1, 4, 0, 2, 88, 0);

    /* Mac 0 (1-5), iPad 6 (7-8), iPhone 9 (10-13). Two of iPhone's rows. */
    CHECK_STATUS(fold_table_remove_rows(t, iphone, 1, 2), FOLD_OK);
    CHECK_ONE_CHANGE(s, 2, 11, 2, 0, -88, 9);

    /* Collapsed iPad (header 6): rows in and out change no item, but its
     * header is redrawn (a header that shows a count stays current). */
    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);
    CHECK_EQ_I64(s.calls, 3);
    CHECK_CHANGE(s, 0, 7, 2, 0);
    /* Mac 0 (1-5), iPad 6, iPhone 7 (8-9). */
    CHECK_STATUS(fold_table_insert_rows(t, ipad, 0, 3, NULL), FOLD_OK);
    CHECK_EQ_I64(s.calls, 4);
    CHECK_REDRAW_ONLY(s, 6);
    CHECK_STATUS(fold_table_remove_rows(t, ipad, 0, 1), FOLD_OK);
    CHECK_EQ_I64(s.calls, 5);
    CHECK_EQ_I64(s.change_count, 0);
    CHECK_EQ_I64(s.redraw_count, 1);
    CHECK_EQ_I64(s.redraw[0].position, 6);
    CHECK_EQ_DBL(s.delta, 0);
    CHECK_EQ_I64(row_count(t, ipad), 4);

    /* A row moved from Mac to iPhone: both headers, and the moved row where
     * it lands (a move: a view binds its kept widget again). New list: Mac
     * 0 (1-4), iPad 5, iPhone 6 (7-9). */
    CHECK_STATUS(fold_table_move_row(t, mac, 0, iphone, 0), FOLD_OK);
    CHECK_ROW_MOVED(s, 6, 1, 7);
    CHECK_EQ_I64(s.redraw_count, 2);
    CHECK_EQ_I64(s.redraw[0].position, 0);
    CHECK_EQ_I64(s.redraw[0].count, 1);
    CHECK_EQ_I64(s.redraw[1].position, 6);
    CHECK_EQ_I64(s.redraw[1].count, 2);
    CHECK_EQ_DBL(s.delta, 0);

    /* A row moved from Mac into collapsed iPad: it disappears; both
     * headers. New list: Mac 0 (1-3), iPad 4, iPhone 5 (6-8). */
    CHECK_STATUS(fold_table_move_row(t, mac, 0, ipad, FOLD_INDEX_END), FOLD_OK);
    CHECK_ONE_CHANGE(s, 7, 1, 1, 0, -44, 0, 4);
    CHECK_EQ_I64(row_count(t, ipad), 5);

    /* Inside Mac: its row count stays, no header is redrawn; the moved row is. */
    CHECK_STATUS(fold_table_move_row(t, mac, 0, mac, 2), FOLD_OK);
    CHECK_ROW_MOVED(s, 8, 1, 3);
    CHECK_EQ_I64(s.redraw_count, 1);
    CHECK_EQ_I64(s.redraw[0].position, 3);
    CHECK_EQ_I64(s.redraw[0].count, 1);
    CHECK_EQ_DBL(s.delta, 0);
    /* To its own place: nothing to report. */
    CHECK_STATUS(fold_table_move_row(t, mac, 1, mac, 1), FOLD_OK);
    CHECK_EQ_I64(s.calls, 8);

    /* remove_children over rows: the parent's header. */
    CHECK_STATUS(fold_table_remove_children(t, iphone, 0, 2), FOLD_OK);
    CHECK_ONE_CHANGE(s, 9, 6, 2, 0, -88, 5);

    /* A section moved changes no row count: only its own items (moved) are redrawn. */
    CHECK_STATUS(fold_table_move_section(t, iphone, FOLD_ROOT, 0), FOLD_OK);
    CHECK_EQ_I64(s.calls, 10);
    CHECK_EQ_I64(s.redraw_count, 1);
    CHECK_EQ_I64(s.redraw[0].position, 0);
    CHECK_EQ_DBL(s.delta, 0);
    /* To its own place: nothing to report. */
    CHECK_STATUS(fold_table_move_section(t, iphone, FOLD_ROOT, 0), FOLD_OK);
    CHECK_EQ_I64(s.calls, 10);
    fold_table_free(t);
}

int main(void)
{
    test_lazy_heights();
    test_saved_state();
    test_change_sets();
    test_will_listener_refuses();
    test_anchoring_and_scroll_offsets();
    test_header_redraw();
    return check_done();
}
