/*
 * collapse/by_id.c — collapse, expand and toggle by id (found by index or key),
 * and empty sections (their state is stored, with events).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

/* call(top-level section `index`) reports `changed`; then that section is
 * collapsed or not and the table has `items` items (four checks). */
static void check_step_(const char *file, int line, fold_table *t,
                        int (*call)(fold_table *, fold_section_id, int *), const char *expr,
                        int64_t index, int changed, int collapsed, int64_t items)
{
    check_changed_(file, line, t, call, expr, top(t, index), changed, "changed");
    check_i64_(collapsed_at(t, index), collapsed, file, line, "collapsed_at(t, index)", "collapsed");
    check_i64_(item_count(t), items, file, line, "item_count(t)", "items");
}
#define check_step(t, call, index, changed, collapsed, items) \
    check_step_(__FILE__, __LINE__, (t), call, #call, (index), (changed), (collapsed), (items))

void test_by_index(void)
{
    fold_table *t = sample_table(NULL);
    int changed = -1;

    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    check_step(t, fold_table_collapse, 1, 1, 1, 10);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(collapsed_at(t, 2), 0);
    CHECK_EQ_DBL(content_height(t), 392);

    /* Already collapsed. */
    check_step(t, fold_table_collapse, 1, 0, 1, 10);

    check_step(t, fold_table_expand, 1, 1, 0, 12);
    CHECK_EQ_DBL(content_height(t), 480);

    check_changed(t, fold_table_expand, top(t, 1), 0);

    /* Toggle flips every time. */
    check_step(t, fold_table_toggle, 2, 1, 1, 8);
    check_step(t, fold_table_toggle, 2, 1, 0, 12);

    /* out_changed is optional. */
    CHECK_STATUS(fold_table_collapse(t, top(t, 0), NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_STATUS(fold_table_toggle(t, top(t, 0), NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_STATUS(fold_table_toggle(t, top(t, 0), NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_STATUS(fold_table_expand(t, top(t, 0), NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);

    /* Out of range: there is no child 3; FOLD_ROOT is not a section; an id
     * that was never handed out is not found. Nothing changes. */
    {
        int32_t kind = -1;
        fold_section_id id = 0;
        CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, 3, &kind, &id, NULL), FOLD_E_RANGE);
    }
    changed = -1;
    CHECK_STATUS(fold_table_collapse(t, FOLD_ROOT, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_expand(t, FOLD_ROOT, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_toggle(t, FOLD_ROOT, &changed), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_collapse(t, top(t, 2) + 1000, &changed), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_collapse(NULL, top(t, 2), &changed), FOLD_E_INVALID);
    CHECK_EQ_I64(changed, -1);
    CHECK_EQ_I64(item_count(t), 12);
    fold_table_free(t);
}

void test_by_key(void)
{
    fold_table *t = sample_table(NULL);
    int changed = -1;
    fold_section_id id = 77;

    check_changed(t, fold_table_collapse, sec(t, "iPhone"), 1);
    CHECK_EQ_I64(collapsed_key(t, "iPhone"), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(collapsed_key(t, "Mac"), 0);
    CHECK_EQ_I64(item_count(t), 8);

    check_changed(t, fold_table_collapse, sec(t, "iPhone"), 0);
    check_changed(t, fold_table_expand, sec(t, "iPhone"), 1);
    CHECK_EQ_I64(collapsed_key(t, "iPhone"), 0);
    check_changed(t, fold_table_expand, sec(t, "iPhone"), 0);
    check_changed(t, fold_table_toggle, sec(t, "Mac"), 1);
    CHECK_EQ_I64(collapsed_key(t, "Mac"), 1);
    CHECK_EQ_I64(item_count(t), 9);
    check_changed(t, fold_table_toggle, sec(t, "Mac"), 1);
    CHECK_EQ_I64(collapsed_key(t, "Mac"), 0);
    CHECK_STATUS(fold_table_toggle(t, sec(t, "iPad"), NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);

    /* Unknown keys are not found, and write no id. */
    CHECK_STATUS(fold_table_find_section(t, "Watch", &id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_find_section(t, "mac", &id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_find_section(t, "iPads", &id), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(id, 77);

    /* A removed section's id: every collapse call is FOLD_E_NOT_FOUND. */
    {
        fold_section_id ipad = sec(t, "iPad");
        fold_section_info in;
        CHECK_STATUS(fold_table_remove_section(t, ipad), FOLD_OK);
        changed = -1;
        CHECK_STATUS(fold_table_collapse(t, ipad, &changed), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_expand(t, ipad, &changed), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_toggle(t, ipad, &changed), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_section_info(t, ipad, &in), FOLD_E_NOT_FOUND);
        CHECK_EQ_I64(changed, -1);
        CHECK_EQ_I64(item_count(t), 9);
    }
    fold_table_free(t);
}

/* Behaviour of 0.2: a section without children stores its collapsed state
 * (before, collapsing it was a no-op returning 0). */
void test_empty_section(void)
{
    fold_table_options o;
    fold_table *t = must_table(NULL);
    int changed = -1;
    int64_t n = -1;

    fold_section_id empty = add(t, FOLD_ROOT, "empty", "Nothing", 0);
    fold_section_id full = add(t, FOLD_ROOT, "full", "Things", 2);

    /* A section with no rows flips its stored state; it hides nothing. */
    check_changed(t, fold_table_collapse, empty, 1);
    CHECK_EQ_I64(is_collapsed(t, empty), 1);
    CHECK_EQ_I64(item_count(t), 4);
    check_changed(t, fold_table_toggle, top(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    check_changed(t, fold_table_toggle, sec(t, "empty"), 1);
    CHECK_EQ_I64(collapsed_key(t, "empty"), 1);
    check_changed(t, fold_table_collapse, sec(t, "empty"), 0);
    CHECK_EQ_I64(collapsed_key(t, "empty"), 1);
    /* Without children it is not collapsible now: no indicator, flags say
     * collapsed but not collapsible. */
    check_indicator(t, empty, "");
    check_indicator(t, full, EN_DASH);
    CHECK_EQ_I64(info(t, empty).flags, FOLD_SECTION_COLLAPSED);
    CHECK_EQ_I64(info(t, full).flags, FOLD_SECTION_COLLAPSIBLE);
    check_flags(t, 0, FOLD_ITEM_HEADER, empty, COLLAPSED_);
    check_changed(t, fold_table_expand, empty, 1);
    CHECK_EQ_I64(is_collapsed(t, empty), 0);

    /* collapse_all skips it (it has no children). */
    check_all_changed(t, fold_table_collapse_all, 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    check_indicator(t, empty, "");
    check_indicator(t, full, "+");

    /* A collapsed section whose rows are all removed keeps its stored state
     * and, like any empty section, can still be expanded (0.2: the state is
     * stored; expand_all skips it since it has no children). */
    CHECK_STATUS(fold_table_remove_rows(t, full, 0, 2), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    check_indicator(t, full, "");
    check_all_changed(t, fold_table_expand_all, 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    /* The header still says collapsed; not collapsible without children. */
    check_flags(t, 1, FOLD_ITEM_HEADER, full, COLLAPSED_);
    check_flags(t, 0, FOLD_ITEM_HEADER, empty, 0);
    check_changed(t, fold_table_expand, top(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    check_changed(t, fold_table_toggle, top(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);

    /* Rows added to it are hidden, since it is still collapsed. */
    CHECK_STATUS(fold_table_insert_rows(t, full, 0, 3, NULL), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 2);
    CHECK_EQ_I64(info(t, full).visible_row_count, 0);
    CHECK_EQ_I64(info(t, full).row_count, 3);
    check_indicator(t, full, "+");
    check_flags(t, 1, FOLD_ITEM_HEADER, full, COLLAPSED_ | COLLAPSIBLE_);
    check_changed(t, fold_table_expand, full, 1);
    CHECK_EQ_I64(item_count(t), 5);
    check_indicator(t, full, EN_DASH);

    /* Collapsed while empty, ahead of time: children inserted later stay
     * hidden until it is expanded. */
    check_changed(t, fold_table_collapse, empty, 1);
    CHECK_STATUS(fold_table_insert_rows(t, empty, FOLD_INDEX_END, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 5);
    CHECK_EQ_I64(info(t, empty).visible_row_count, 0);
    check_indicator(t, empty, "+");
    {
        int64_t p = -1;
        CHECK_STATUS(fold_table_row_position(t, empty, 1, &p), FOLD_E_NOT_VISIBLE);
    }
    CHECK_STATUS(fold_table_expand(t, empty, &changed), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 7);
    fold_table_free(t);

    /* start_collapsed: a new section, empty or not, is stored collapsed. */
    fold_table_options_init(&o);
    o.start_collapsed = 1;
    t = must_table(&o);
    fold_section_id e = add(t, FOLD_ROOT, "e", NULL, 0);
    fold_section_id r = add(t, FOLD_ROOT, "r", NULL, 2);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(item_count(t), 2);
    CHECK_EQ_DBL(content_height(t), 56);
    check_indicator(t, e, "");
    check_indicator(t, r, "+");
    check_flags(t, 0, FOLD_ITEM_HEADER, e, COLLAPSED_);
    check_flags(t, 1, FOLD_ITEM_HEADER, r, COLLAPSED_ | COLLAPSIBLE_);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1); /* r only: e has no children */
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(item_count(t), 4);
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1); /* 0.2: stored even without children */
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    /* An inserted section starts collapsed too. */
    fold_section_id id = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 1, "new", NULL, 5, 0, &id), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(top(t, 1), id);
    CHECK_EQ_I64(item_count(t), 5);
    fold_table_free(t);
}

/* Collapsing an empty section is a change: will/did events with its id and
 * key, and one change set that redraws its header and moves nothing. */
void test_empty_section_events(void)
{
    fold_table *t = must_table(NULL);
    heard h;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 1);
    fold_section_id e = add(t, FOLD_ROOT, "e", NULL, 0);
    listen(t, &h);

    check_changed(t, fold_table_collapse, e, 1);
    CHECK_EQ_I64(h.events, 2);
    CHECK_EQ_I64(h.event[0], FOLD_SECTION_WILL_COLLAPSE);
    CHECK_EQ_I64(h.event[1], FOLD_SECTION_DID_COLLAPSE);
    CHECK_EQ_I64(h.event_section[0], e);
    CHECK_EQ_I64(h.event_section[1], e);
    CHECK_STR(h.event_key[0], "e");
    CHECK_EQ_I64(h.sets, 1);
    CHECK_REDRAW_ONLY(h, 2);

    /* Already collapsed: nothing heard. */
    check_changed(t, fold_table_collapse, e, 0);
    CHECK_EQ_I64(h.events, 2);
    CHECK_EQ_I64(h.sets, 1);

    /* Activating its header toggles the stored state, as toggle does. */
    check_activated(t, 2, FOLD_ACTIVATED_SECTION_EXPANDED);
    CHECK_EQ_I64(is_collapsed(t, e), 0);
    CHECK_EQ_I64(h.sets, 2);
    CHECK_EQ_I64(h.change_count, 0);
    CHECK_EQ_I64(h.redraw_count, 1);
    CHECK_EQ_I64(h.redraw[0].position, 2);
    check_activated(t, 2, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    CHECK_EQ_I64(h.sets, 3);
    CHECK_EQ_I64(h.events, 6);
    h.sets = 1;
    h.events = 2;

    /* A refused "will": FOLD_OK, changed 0, no "did", no change set. */
    h.refuse = 1;
    check_changed(t, fold_table_expand, e, 0);
    CHECK_EQ_I64(h.events, 3);
    CHECK_EQ_I64(h.event[2], FOLD_SECTION_WILL_EXPAND);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    h.refuse = 0;

    /* Rows inserted into it later: hidden; only its header is redrawn (its
     * row count changed). */
    CHECK_STATUS(fold_table_insert_rows(t, e, 0, 3, NULL), FOLD_OK);
    CHECK_EQ_I64(h.sets, 2);
    CHECK_REDRAW_ONLY(h, 2);
    CHECK_EQ_I64(item_count(t), 3);
    (void)a;
    fold_table_free(t);
}
