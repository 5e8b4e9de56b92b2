/*
 * Change events, listeners and scrolling (foldtable.h: "Change events and
 * listeners", "Scrolling"): exact change sets for each mutation kind,
 * listeners that read the table and are refused (FOLD_E_BUSY) when they try
 * to change it, "will" listeners that refuse, removal by id, anchoring,
 * scroll offsets for every alignment, reveal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "foldtable.h"

/* What the change listener saw last, copied out of the call. */
typedef struct seen {
    int calls;
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
    s->change_count = set->change_count;
    for (int64_t i = 0; i < set->change_count && i < 8; i++) s->changes[i] = set->changes[i];
    s->redraw_count = set->redraw_count;
    for (int64_t i = 0; i < set->redraw_count && i < 8; i++) s->redraw[i] = set->redraw[i];
    s->delta = set->content_height_delta;
    s->anchored = set->anchored;
    s->anchored_offset = set->anchored_offset;
    fold_table_item_count(t, &s->items_inside);
    if (s->try_mutation) s->busy_status = fold_table_collapse(t, 0, NULL);
}

static int refuse_mac(fold_table *t, const char *key, int32_t event, void *user_data)
{
    (void)t;
    int *events = user_data;
    (*events)++;
    return !(strcmp(key, "Mac") == 0 && event == FOLD_SECTION_WILL_COLLAPSE);
}

static fold_table *products(void)
{
    fold_table *t = NULL;
    if (!CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK)) exit(check_done());
    CHECK_STATUS(fold_table_append_section(t, "Mac", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPad", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPhone", NULL, 4), FOLD_OK);
    return t;
}

#define CHECK_CHANGE(s, i, p, r, a)                   \
    do {                                              \
        CHECK_EQ_I64((s).changes[i].position, (p));   \
        CHECK_EQ_I64((s).changes[i].removed, (r));    \
        CHECK_EQ_I64((s).changes[i].added, (a));      \
    } while (0)

static void test_change_sets(void)
{
    fold_table *t = products();
    seen s;
    memset(&s, 0, sizeof s);
    int64_t id = -1;
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, &s, &id), FOLD_OK);
    CHECK(id > 0);

    CHECK_STATUS(fold_table_collapse_key(t, "iPad", NULL), FOLD_OK);
    CHECK_EQ_I64(s.calls, 1);
    CHECK_EQ_I64(s.change_count, 1);
    CHECK_CHANGE(s, 0, 5, 2, 0);
    CHECK_EQ_I64(s.redraw_count, 1);
    CHECK_EQ_I64(s.redraw[0].position, 4);
    CHECK_EQ_I64(s.redraw[0].count, 1);
    CHECK_EQ_DBL(s.delta, -88);
    CHECK_EQ_I64(s.anchored, 0);
    CHECK_EQ_I64(s.items_inside, 10); /* the listener sees the new list */

    /* Nothing changes: no call. */
    CHECK_STATUS(fold_table_collapse_key(t, "iPad", NULL), FOLD_OK);
    CHECK_EQ_I64(s.calls, 1);

    /* Rows into an empty section: added rows, header redrawn. */
    CHECK_STATUS(fold_table_append_section(t, "Watch", NULL, 0), FOLD_OK);
    CHECK_EQ_I64(s.calls, 2);
    CHECK_CHANGE(s, 0, 10, 0, 1);
    CHECK_STATUS(fold_table_insert_rows(t, 3, 0, 2, NULL), FOLD_OK);
    CHECK_CHANGE(s, 0, 11, 0, 2);
    CHECK_EQ_I64(s.redraw_count, 1);
    CHECK_EQ_I64(s.redraw[0].position, 10);

    /* A section in the middle removed. */
    CHECK_STATUS(fold_table_remove_section(t, 1), FOLD_OK);
    CHECK_CHANGE(s, 0, 4, 1, 0);

    /* A listener that tries to change the table is refused, and nothing changes. */
    s.try_mutation = 1;
    CHECK_STATUS(fold_table_set_row_height(t, 0, 0, 50), FOLD_OK);
    CHECK_EQ_I64(s.busy_status, FOLD_E_BUSY);
    int collapsed = -1;
    CHECK_STATUS(fold_table_is_collapsed(t, 0, &collapsed), FOLD_OK);
    CHECK_EQ_I64(collapsed, 0);
    CHECK_EQ_I64(s.change_count, 0);
    CHECK_EQ_I64(s.redraw[0].position, 1);

    CHECK_STATUS(fold_table_remove_listener(t, id), FOLD_OK);
    CHECK_STATUS(fold_table_remove_listener(t, id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_collapse(t, 0, NULL), FOLD_OK);
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
    int changed = -1;
    CHECK_STATUS(fold_table_collapse_key(t, "Mac", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(events, 1);
    CHECK_STATUS(fold_table_collapse_key(t, "iPad", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
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
    CHECK_STATUS(fold_table_collapse_key(t, "Mac", NULL), FOLD_OK);
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
    CHECK_STATUS(fold_table_expand_key(t, "Mac", NULL), FOLD_OK);

    /* Content 480, viewport 100 at 200. */
    double y = -1;
    CHECK_STATUS(fold_table_scroll_offset(t, 5, FOLD_ALIGN_START, 200, 100, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 188);
    CHECK_STATUS(fold_table_scroll_offset(t, 5, FOLD_ALIGN_END, 200, 100, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 132);
    CHECK_STATUS(fold_table_scroll_offset(t, 5, FOLD_ALIGN_CENTER, 200, 100, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 160);
    CHECK_STATUS(fold_table_scroll_offset(t, 6, FOLD_ALIGN_AUTO, 200, 100, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 200);
    CHECK_STATUS(fold_table_scroll_offset(t, 11, FOLD_ALIGN_SMART, 0, 100, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 380);
    CHECK_STATUS(fold_table_scroll_offset(t, 0, FOLD_ALIGN_END, 200, 100, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 0);
    CHECK_STATUS(fold_table_scroll_offset(t, 0, 9, 200, 100, &y), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_scroll_offset(t, 12, FOLD_ALIGN_START, 200, 100, &y), FOLD_E_RANGE);

    CHECK_STATUS(fold_table_reveal_offset(t, "iPhone", 5, 0, 100, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 276);
    CHECK_STATUS(fold_table_reveal_offset(t, "iPhone", 5, 0, 300, &y), FOLD_OK);
    CHECK_EQ_DBL(y, 180);

    int64_t p = -1;
    CHECK_STATUS(fold_table_collapse_key(t, "iPad", NULL), FOLD_OK);
    CHECK_STATUS(fold_table_reveal_row(t, "iPad", 1, 0, &p), FOLD_E_NOT_VISIBLE);
    CHECK_STATUS(fold_table_reveal_row(t, "iPad", 1, 1, &p), FOLD_OK);
    CHECK_EQ_I64(p, 6);
    fold_table_free(t);
}

static void test_saved_state(void)
{
    fold_table *t = products();
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "Mac", 2, 100), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, "Mac", 2, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse_key(t, "iPad", NULL), FOLD_OK);
    char *json = NULL;
    CHECK_STATUS(fold_table_export_state(t, &json), FOLD_OK);
    CHECK(json != NULL && strstr(json, "\"iPad\": true") != NULL);
    CHECK(json != NULL && strstr(json, "{\"section\": \"Mac\", \"row\": 2}") != NULL);

    /* Into a rebuilt table: iPad and Mac known, Watch new, iPhone gone. */
    fold_table *b = NULL;
    CHECK_STATUS(fold_table_new(NULL, &b), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(b, "Watch", NULL, 1), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(b, "iPad", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(b, "Mac", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(b, "Mac", 2, 100), FOLD_OK);
    fold_import_report report;
    memset(&report, 0xff, sizeof report);
    CHECK_STATUS(fold_table_import_state(b, json, &report), FOLD_OK);
    CHECK_EQ_I64(report.sections, 2);
    CHECK_EQ_I64(report.unknown_sections, 1);
    CHECK_EQ_I64(report.rows, 1);
    CHECK_EQ_I64(report.unknown_rows, 0);
    CHECK_EQ_I64(report.anchor_restored, 0);
    int c = -1;
    CHECK_STATUS(fold_table_is_collapsed_key(b, "iPad", &c), FOLD_OK);
    CHECK_EQ_I64(c, 1);
    CHECK_STATUS(fold_table_is_row_expanded(b, "Mac", 2, &c), FOLD_OK);
    CHECK_EQ_I64(c, 1);

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

/* Provider: row r of any section is 10 * (r + 1) tall; counts its calls. */
static int provide(fold_table *t, const char *key, int64_t row, double *out_height, void *user_data)
{
    int *calls = user_data;
    int64_t n = -1;
    (void)key;
    fold_table_item_count(t, &n); /* reading inside the provider is allowed */
    (*calls)++;
    *out_height = 10.0 * (double)(row + 1);
    return n > 0;
}

static int provide_header(fold_table *t, const char *key, double *out_height, void *user_data)
{
    int *calls = user_data;
    (void)t;
    (*calls)++;
    *out_height = strcmp(key, "S") == 0 ? 40 : 28;
    return 1;
}

static void test_lazy_heights(void)
{
    fold_table *t = NULL;
    CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "S", NULL, 100), FOLD_OK);
    int calls = 0;
    CHECK_STATUS(fold_table_set_height_provider(t, provide, &calls), FOLD_OK);
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
    CHECK_STATUS(fold_table_invalidate_row_height(t, "S", 0), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(calls, 5);
    CHECK_STATUS(fold_table_invalidate_section_heights(t, "S"), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, 4, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 44);
    CHECK_STATUS(fold_table_invalidate_all_heights(t), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, -1, 0, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_invalidate_section_heights(t, "nope"), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_height_provider(t, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 0);

    /* Headers: asked once, kept, asked again after invalidation. */
    int header_calls = 0;
    CHECK_STATUS(fold_table_set_header_height_provider(t, provide_header, &header_calls), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 1);
    CHECK_EQ_I64(header_calls, 1);
    CHECK_STATUS(fold_table_item_height(t, 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 40);
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(header_calls, 1);
    CHECK_STATUS(fold_table_invalidate_section_heights(t, "S"), FOLD_OK);
    CHECK_STATUS(fold_table_item_height(t, 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28);
    CHECK_STATUS(fold_table_set_header_height_provider(t, NULL, NULL), FOLD_OK);
    fold_table_free(t);
}

int main(void)
{
    test_lazy_heights();
    test_saved_state();
    test_change_sets();
    test_will_listener_refuses();
    test_anchoring_and_scroll_offsets();
    return check_done();
}
