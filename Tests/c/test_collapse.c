/*
 * Collapsing (foldtable.h: "Collapsing"): collapse/expand/toggle by section
 * id (found by child index or by key) with changed flags, empty sections
 * (their state is stored), state kept across changes to other sections and
 * moves, collapse_all/expand_all, section_states, indicators, the collapsed
 * and collapsible flags of headers and footers, sections that are not
 * collapsible (FOLD_SECTION_FIXED, FOLD_SECTION_NO_HEADER,
 * fold_table_set_collapsible) and sections inserted collapsed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

#define EN_DASH "\xE2\x80\x93"
#define COLLAPSED_ FOLD_ITEM_FLAG_COLLAPSED
#define COLLAPSIBLE_ FOLD_ITEM_FLAG_COLLAPSIBLE

/* Mac (3), iPad (2), iPhone (4) with default options. */
static fold_table *sample_table(void)
{
    fold_table *t = must_table(NULL);
    add(t, FOLD_ROOT, "Mac", "Mac|Laptops and desktops", 3);
    add(t, FOLD_ROOT, "iPad", "iPad|Tablets", 2);
    add(t, FOLD_ROOT, "iPhone", "iPhone|Phones", 4);
    return t;
}

/* The stored state of top-level section `index` / of the section `key`. */
static int collapsed_at(const fold_table *t, int64_t index) { return is_collapsed(t, top(t, index)); }
static int collapsed_key(const fold_table *t, const char *key) { return is_collapsed(t, sec(t, key)); }

static double content_height(const fold_table *t)
{
    double h = -1;
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    return h;
}

static void check_indicator_(int line, const fold_table *t, fold_section_id id, const char *expected)
{
    long failed_before = check_failed_so_far();
    CHECK_STR(text(t, id, FOLD_TEXT_INDICATOR), expected);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_indicator called from line %d)\n", line);
    }
}
#define check_indicator(t, id, e) check_indicator_(__LINE__, (t), (id), (e))

static void check_flags_(int line, const fold_table *t, int64_t position, int kind,
                         fold_section_id section, uint32_t flags)
{
    fold_item item;
    long failed_before = check_failed_so_far();
    if (CHECK_STATUS(fold_table_item_at(t, position, &item), FOLD_OK)) {
        CHECK_EQ_I64(item.kind, kind);
        CHECK_EQ_I64(item.section, section);
        CHECK_EQ_I64(item.flags, flags);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_flags(position %lld) called from line %d)\n",
                (long long)position, line);
    }
}
#define check_flags(t, p, k, s, f) check_flags_(__LINE__, (t), (p), (k), (s), (f))

/* What the listeners heard: change sets (the last one's details) and
 * section events (ids, keys, events in order). */
typedef struct heard {
    int sets;
    int64_t change_count;
    fold_change changes[4];
    int64_t redraw_count;
    fold_range redraw[4];
    double delta;
    int events;
    int32_t event[8];
    fold_section_id event_section[8];
    char event_key[8][16];
    int refuse; /* refuse every "will" event */
} heard;

static void on_change(fold_table *t, const fold_change_set *set, void *user_data)
{
    heard *h = user_data;
    (void)t;
    h->sets++;
    h->change_count = set->change_count;
    for (int64_t i = 0; i < set->change_count && i < 4; i++) h->changes[i] = set->changes[i];
    h->redraw_count = set->redraw_count;
    for (int64_t i = 0; i < set->redraw_count && i < 4; i++) h->redraw[i] = set->redraw[i];
    h->delta = set->content_height_delta;
}

static int on_section(fold_table *t, fold_section_id section, const char *key, int32_t event,
                      void *user_data)
{
    heard *h = user_data;
    (void)t;
    if (h->events < 8) {
        h->event[h->events] = event;
        h->event_section[h->events] = section;
        snprintf(h->event_key[h->events], sizeof h->event_key[0], "%s", key ? key : "(null)");
    }
    h->events++;
    return !(h->refuse && (event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND));
}

static void listen(fold_table *t, heard *h)
{
    memset(h, 0, sizeof *h);
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, h, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, on_section, h, NULL), FOLD_OK);
}

static void test_by_index(void)
{
    fold_table *t = sample_table();
    int changed = -1;

    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_STATUS(fold_table_collapse(t, top(t, 1), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(collapsed_at(t, 2), 0);
    CHECK_EQ_I64(item_count(t), 10);
    CHECK_EQ_DBL(content_height(t), 392);

    /* Already collapsed. */
    changed = -1;
    CHECK_STATUS(fold_table_collapse(t, top(t, 1), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(item_count(t), 10);

    changed = -1;
    CHECK_STATUS(fold_table_expand(t, top(t, 1), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(item_count(t), 12);
    CHECK_EQ_DBL(content_height(t), 480);

    changed = -1;
    CHECK_STATUS(fold_table_expand(t, top(t, 1), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);

    /* Toggle flips every time. */
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, top(t, 2), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(item_count(t), 8);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, top(t, 2), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 0);
    CHECK_EQ_I64(item_count(t), 12);

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

static void test_by_key(void)
{
    fold_table *t = sample_table();
    int changed = -1;
    fold_section_id id = 77;

    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPhone"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_key(t, "iPhone"), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(collapsed_key(t, "Mac"), 0);
    CHECK_EQ_I64(item_count(t), 8);

    changed = -1;
    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPhone"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, sec(t, "iPhone"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_key(t, "iPhone"), 0);
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, sec(t, "iPhone"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, sec(t, "Mac"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_key(t, "Mac"), 1);
    CHECK_EQ_I64(item_count(t), 9);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, sec(t, "Mac"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
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
static void test_empty_section(void)
{
    fold_table_options o;
    fold_table *t = must_table(NULL);
    int changed = -1;
    int64_t n = -1;

    fold_section_id empty = add(t, FOLD_ROOT, "empty", "Nothing", 0);
    fold_section_id full = add(t, FOLD_ROOT, "full", "Things", 2);

    /* A section with no rows flips its stored state; it hides nothing. */
    CHECK_STATUS(fold_table_collapse(t, empty, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(is_collapsed(t, empty), 1);
    CHECK_EQ_I64(item_count(t), 4);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, top(t, 0), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, sec(t, "empty"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_key(t, "empty"), 1);
    changed = -1;
    CHECK_STATUS(fold_table_collapse(t, sec(t, "empty"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_key(t, "empty"), 1);
    /* Without children it is not collapsible now: no indicator, flags say
     * collapsed but not collapsible. */
    check_indicator(t, empty, "");
    check_indicator(t, full, EN_DASH);
    CHECK_EQ_I64(info(t, empty).flags, FOLD_SECTION_COLLAPSED);
    CHECK_EQ_I64(info(t, full).flags, FOLD_SECTION_COLLAPSIBLE);
    check_flags(t, 0, FOLD_ITEM_HEADER, empty, COLLAPSED_);
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, empty, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(is_collapsed(t, empty), 0);

    /* collapse_all skips it (it has no children). */
    n = -1;
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
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
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    /* The header still says collapsed; not collapsible without children. */
    check_flags(t, 1, FOLD_ITEM_HEADER, full, COLLAPSED_);
    check_flags(t, 0, FOLD_ITEM_HEADER, empty, 0);
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, top(t, 1), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, top(t, 1), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);

    /* Rows added to it are hidden, since it is still collapsed. */
    CHECK_STATUS(fold_table_insert_rows(t, full, 0, 3, NULL), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 2);
    CHECK_EQ_I64(info(t, full).visible_row_count, 0);
    CHECK_EQ_I64(info(t, full).row_count, 3);
    check_indicator(t, full, "+");
    check_flags(t, 1, FOLD_ITEM_HEADER, full, COLLAPSED_ | COLLAPSIBLE_);
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, full, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(item_count(t), 5);
    check_indicator(t, full, EN_DASH);

    /* Collapsed while empty, ahead of time: children inserted later stay
     * hidden until it is expanded. */
    CHECK_STATUS(fold_table_collapse(t, empty, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
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
static void test_empty_section_events(void)
{
    fold_table *t = must_table(NULL);
    heard h;
    int changed = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 1);
    fold_section_id e = add(t, FOLD_ROOT, "e", NULL, 0);
    listen(t, &h);

    CHECK_STATUS(fold_table_collapse(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(h.events, 2);
    CHECK_EQ_I64(h.event[0], FOLD_SECTION_WILL_COLLAPSE);
    CHECK_EQ_I64(h.event[1], FOLD_SECTION_DID_COLLAPSE);
    CHECK_EQ_I64(h.event_section[0], e);
    CHECK_EQ_I64(h.event_section[1], e);
    CHECK_STR(h.event_key[0], "e");
    CHECK_EQ_I64(h.sets, 1);
    CHECK_EQ_I64(h.change_count, 0);
    CHECK_EQ_I64(h.redraw_count, 1);
    CHECK_EQ_I64(h.redraw[0].position, 2);
    CHECK_EQ_I64(h.redraw[0].count, 1);
    CHECK_EQ_DBL(h.delta, 0);

    /* Already collapsed: nothing heard. */
    CHECK_STATUS(fold_table_collapse(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(h.events, 2);
    CHECK_EQ_I64(h.sets, 1);

    /* Activating its header toggles the stored state, as toggle does. */
    {
        int32_t action = -1;
        CHECK_STATUS(fold_table_activate(t, 2, &action), FOLD_OK);
        CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_EXPANDED);
        CHECK_EQ_I64(is_collapsed(t, e), 0);
        CHECK_EQ_I64(h.sets, 2);
        CHECK_EQ_I64(h.change_count, 0);
        CHECK_EQ_I64(h.redraw_count, 1);
        CHECK_EQ_I64(h.redraw[0].position, 2);
        CHECK_STATUS(fold_table_activate(t, 2, &action), FOLD_OK);
        CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_COLLAPSED);
        CHECK_EQ_I64(is_collapsed(t, e), 1);
        CHECK_EQ_I64(h.sets, 3);
        CHECK_EQ_I64(h.events, 6);
        h.sets = 1;
        h.events = 2;
    }

    /* A refused "will": FOLD_OK, changed 0, no "did", no change set. */
    h.refuse = 1;
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(h.events, 3);
    CHECK_EQ_I64(h.event[2], FOLD_SECTION_WILL_EXPAND);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    h.refuse = 0;

    /* Rows inserted into it later: hidden; only its header is redrawn (its
     * row count changed). */
    CHECK_STATUS(fold_table_insert_rows(t, e, 0, 3, NULL), FOLD_OK);
    CHECK_EQ_I64(h.sets, 2);
    CHECK_EQ_I64(h.change_count, 0);
    CHECK_EQ_I64(h.redraw_count, 1);
    CHECK_EQ_I64(h.redraw[0].position, 2);
    CHECK_EQ_I64(h.redraw[0].count, 1);
    CHECK_EQ_DBL(h.delta, 0);
    CHECK_EQ_I64(item_count(t), 3);
    (void)a;
    fold_table_free(t);
}

static void test_state_survives(void)
{
    fold_table *t = sample_table();
    fold_section_id ipad = sec(t, "iPad");

    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);

    /* Insert before it. */
    fold_section_id watch = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "Watch", "Watch", 2, 0, &watch), FOLD_OK);
    CHECK_EQ_I64(collapsed_key(t, "iPad"), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(collapsed_at(t, 3), 0);
    CHECK_EQ_I64(info(t, ipad).index, 2);

    /* Remove sections before and after it. */
    CHECK_STATUS(fold_table_remove_section(t, top(t, 1)), FOLD_OK); /* Mac */
    CHECK_EQ_I64(collapsed_key(t, "iPad"), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_STATUS(fold_table_remove_section(t, top(t, 2)), FOLD_OK); /* iPhone */
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(is_collapsed(t, ipad), 1);

    /* Move others around it, then move it. Sections: Watch, iPad. */
    fold_section_id tv = add(t, FOLD_ROOT, "TV", NULL, 1);
    CHECK_STATUS(fold_table_move_section(t, top(t, 2), FOLD_ROOT, 0), FOLD_OK); /* TV, Watch, iPad */
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(top(t, 0), tv);
    CHECK_STATUS(fold_table_move_section(t, top(t, 2), FOLD_ROOT, 0), FOLD_OK); /* iPad, TV, Watch */
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(collapsed_at(t, 2), 0);
    CHECK_EQ_I64(info(t, sec(t, "iPad")).index, 0);
    CHECK_EQ_I64(sec(t, "iPad"), ipad); /* the id moved with it */
    CHECK_EQ_I64(top(t, 2), watch);
    /* iPad h, TV h, TV0, Watch h, Watch0, Watch1 */
    CHECK_EQ_I64(item_count(t), 6);
    CHECK_EQ_DBL(content_height(t), 3 * 28 + 3 * 44);

    /* Adding rows to other sections and to it does not change it. */
    CHECK_STATUS(fold_table_insert_rows(t, top(t, 1), 0, 4, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, top(t, 0), 0, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(item_count(t), 10);
    fold_table_free(t);
}

static void test_all(void)
{
    fold_table *t = sample_table();
    int64_t n = -1;

    CHECK_STATUS(fold_table_collapse(t, top(t, 1), NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(item_count(t), 3);
    CHECK_EQ_DBL(content_height(t), 84);
    n = -1;
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_STATUS(fold_table_collapse_all(t, NULL), FOLD_OK);

    CHECK_STATUS(fold_table_expand(t, top(t, 2), NULL), FOLD_OK);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_EQ_I64(item_count(t), 12);
    CHECK_EQ_DBL(content_height(t), 480);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_STATUS(fold_table_expand_all(t, NULL), FOLD_OK);

    /* Sections that are not collapsible are skipped. */
    fold_section_id fixed = 0, bare = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "fixed", NULL, 2,
                                           FOLD_SECTION_FIXED, &fixed),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "bare", NULL, 2,
                                           FOLD_SECTION_NO_HEADER, &bare),
                 FOLD_OK);
    n = -1;
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 3);
    CHECK_EQ_I64(is_collapsed(t, fixed), 0);
    CHECK_EQ_I64(is_collapsed(t, bare), 0);
    /* 3 collapsed headers, fixed h + 2 rows, 2 bare rows */
    CHECK_EQ_I64(item_count(t), 8);
    fold_table_free(t);

    /* An empty table. */
    t = must_table(NULL);
    n = -1;
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    fold_table_free(t);
}

static void test_section_states(void)
{
    fold_table *t = must_table(NULL);
    fold_section_state *states = (fold_section_state *)&states; /* sentinel */
    int64_t n = -1;

    /* No sections: NULL and 0. */
    CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK);
    CHECK(states == NULL);
    CHECK_EQ_I64(n, 0);
    fold_free(states);

    fold_section_id mac = add(t, FOLD_ROOT, "Mac", NULL, 3);
    fold_section_id ipad = add(t, FOLD_ROOT, "iPad", NULL, 2);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "", "x", 1, 0, NULL),
                 FOLD_E_INVALID);
    fold_section_id cup = add(t, FOLD_ROOT, "\xE2\x98\x95", NULL, 0);
    fold_section_id iphone = add(t, FOLD_ROOT, "iPhone", NULL, 4);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPad"), NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPhone"), NULL), FOLD_OK);

    states = NULL;
    n = -1;
    if (CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK)) {
        CHECK(states != NULL);
        CHECK_EQ_I64(n, 4);
        if (states != NULL && n == 4) {
            const char *base = (const char *)states;
            int i;
            CHECK_STR(states[0].key, "Mac");
            CHECK_EQ_I64(states[0].section, mac);
            CHECK_EQ_I64(states[0].collapsed, 0);
            CHECK_STR(states[1].key, "iPad");
            CHECK_EQ_I64(states[1].section, ipad);
            CHECK_EQ_I64(states[1].collapsed, 1);
            CHECK_STR(states[2].key, "\xE2\x98\x95");
            CHECK_EQ_I64(states[2].section, cup);
            CHECK_EQ_I64(states[2].collapsed, 0);
            CHECK_STR(states[3].key, "iPhone");
            CHECK_EQ_I64(states[3].section, iphone);
            CHECK_EQ_I64(states[3].collapsed, 1);
            /* The keys follow the entries in the same allocation. */
            for (i = 0; i < 4; i++) {
                CHECK(states[i].key >= base + 4 * sizeof(fold_section_state));
            }
        }
        fold_free(states); /* once: frees the keys too */
    }

    /* The states follow moves, ids too. */
    CHECK_STATUS(fold_table_move_section(t, top(t, 3), FOLD_ROOT, 0), FOLD_OK);
    states = NULL;
    if (CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK) && n == 4) {
        CHECK_STR(states[0].key, "iPhone");
        CHECK_EQ_I64(states[0].section, iphone);
        CHECK_EQ_I64(states[0].collapsed, 1);
        CHECK_STR(states[1].key, "Mac");
        CHECK_EQ_I64(states[1].section, mac);
        CHECK_EQ_I64(states[1].collapsed, 0);
        fold_free(states);
    }
    fold_table_free(t);
}

static void test_indicators(void)
{
    fold_table *t = sample_table();
    fold_section_id s0 = top(t, 0), s1 = top(t, 1), s2 = top(t, 2);

    fold_section_id empty = add(t, FOLD_ROOT, "empty", NULL, 0);
    CHECK_STATUS(fold_table_collapse(t, s1, NULL), FOLD_OK);
    check_indicator(t, s0, EN_DASH);
    check_indicator(t, s1, "+");
    check_indicator(t, s2, EN_DASH);
    check_indicator(t, empty, "");

    /* Custom strings are copied. */
    {
        char collapsed[8], expanded[8];
        strcpy(collapsed, "\xE2\x96\xB6"); /* ▶ */
        strcpy(expanded, "\xE2\x96\xBC"); /* ▼ */
        CHECK_STATUS(fold_table_set_indicators(t, collapsed, expanded), FOLD_OK);
        memset(collapsed, 'x', sizeof collapsed - 1);
        memset(expanded, 'y', sizeof expanded - 1);
    }
    check_indicator(t, s0, "\xE2\x96\xBC");
    check_indicator(t, s1, "\xE2\x96\xB6");
    check_indicator(t, empty, "");
    CHECK_STATUS(fold_table_toggle(t, s0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_toggle(t, s1, NULL), FOLD_OK);
    check_indicator(t, s0, "\xE2\x96\xB6");
    check_indicator(t, s1, "\xE2\x96\xBC");

    /* Longer strings and empty strings are fine. */
    CHECK_STATUS(fold_table_set_indicators(t, "[show]", ""), FOLD_OK);
    check_indicator(t, s0, "[show]");
    check_indicator(t, s1, "");
    check_indicator(t, empty, "");
    /* An indicator cut by a small buffer, with its length. */
    {
        char buffer[4];
        size_t length = 0;
        CHECK_STATUS(fold_table_section_text(t, s0, FOLD_TEXT_INDICATOR, buffer, sizeof buffer,
                                             &length),
                     FOLD_OK);
        CHECK_STR(buffer, "[sh");
        CHECK_EQ_I64(length, 6);
    }

    /* Back to the defaults, spelled out. */
    CHECK_STATUS(fold_table_set_indicators(t, "+", EN_DASH), FOLD_OK);
    check_indicator(t, s0, "+");
    check_indicator(t, s1, EN_DASH);
    /* The en dash is 3 bytes: a 3-byte buffer holds none of it. */
    {
        char buffer[3] = "zz";
        size_t length = 0;
        CHECK_STATUS(fold_table_section_text(t, s1, FOLD_TEXT_INDICATOR, buffer, sizeof buffer,
                                             &length),
                     FOLD_OK);
        CHECK_STR(buffer, "");
        CHECK_EQ_I64(length, 3);
    }

    /* NULL is invalid and changes nothing. */
    CHECK_STATUS(fold_table_set_indicators(t, NULL, "v"), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_indicators(t, ">", NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_indicators(t, "\xff", "v"), FOLD_E_INVALID);
    check_indicator(t, s0, "+");
    check_indicator(t, s1, EN_DASH);
    CHECK_STATUS(fold_table_section_text(t, s0, FOLD_TEXT_INDICATOR, NULL, 4, NULL), FOLD_E_INVALID);
    {
        char s[8] = "same";
        CHECK_STATUS(fold_table_section_text(t, FOLD_ROOT, FOLD_TEXT_INDICATOR, s, sizeof s, NULL),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_remove_section(t, empty), FOLD_OK);
        CHECK_STATUS(fold_table_section_text(t, empty, FOLD_TEXT_INDICATOR, s, sizeof s, NULL),
                     FOLD_E_NOT_FOUND);
        CHECK_STR(s, "same");
    }
    fold_table_free(t);
}

static void test_flags(void)
{
    fold_table_options o;
    fold_table *t;

    fold_table_options_init(&o);
    o.footer_height = 10;
    t = must_table(&o);
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 1);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 2);
    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    /* a h [c], a footer [c], b h, b0, b1, b footer. Headers and footers of
     * collapsible sections with children are COLLAPSIBLE (0.2). */
    CHECK_EQ_I64(item_count(t), 6);
    check_flags(t, 0, FOLD_ITEM_HEADER, a, COLLAPSED_ | COLLAPSIBLE_);
    check_flags(t, 1, FOLD_ITEM_FOOTER, a, COLLAPSED_ | COLLAPSIBLE_);
    check_flags(t, 2, FOLD_ITEM_HEADER, b, COLLAPSIBLE_);
    check_flags(t, 3, FOLD_ITEM_ROW, b, 0);
    check_flags(t, 4, FOLD_ITEM_ROW, b, 0);
    check_flags(t, 5, FOLD_ITEM_FOOTER, b, COLLAPSIBLE_);
    CHECK_EQ_DBL(content_height(t), 28 + 10 + 28 + 88 + 10);

    /* A fixed section and an empty one: never COLLAPSIBLE. */
    fold_section_id f = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "f", NULL, 1,
                                           FOLD_SECTION_FIXED, &f),
                 FOLD_OK);
    fold_section_id e = add(t, FOLD_ROOT, "e", NULL, 0);
    check_flags(t, 6, FOLD_ITEM_HEADER, f, 0);
    check_flags(t, 7, FOLD_ITEM_ROW, f, 0);
    check_flags(t, 8, FOLD_ITEM_FOOTER, f, 0);
    check_flags(t, 9, FOLD_ITEM_HEADER, e, 0);
    check_flags(t, 10, FOLD_ITEM_FOOTER, e, 0);
    CHECK_EQ_I64(item_count(t), 11);
    fold_table_free(t);
}

/* FOLD_SECTION_FIXED: collapse and toggle refuse with FOLD_E_NOT_ALLOWED,
 * change nothing and tell nobody; expand does nothing; no indicator. */
static void test_fixed(void)
{
    fold_table *t = must_table(NULL);
    heard h;
    int changed = -1;
    int32_t action = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 1);
    fold_section_id f = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "f", "F|fixed", 2,
                                           FOLD_SECTION_FIXED, &f),
                 FOLD_OK);
    listen(t, &h);

    CHECK_STATUS(fold_table_collapse(t, f, &changed), FOLD_E_NOT_ALLOWED);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_STATUS(fold_table_toggle(t, f, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_EQ_I64(changed, -1);
    CHECK_STATUS(fold_table_expand(t, f, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(h.events, 0);
    CHECK_EQ_I64(h.sets, 0);
    CHECK_EQ_I64(is_collapsed(t, f), 0);
    CHECK_EQ_I64(item_count(t), 5); /* a h, a0, f h, f0, f1 */
    check_indicator(t, f, "");
    CHECK_STR(text(t, f, FOLD_TEXT_DETAIL), "fixed");
    check_flags(t, 2, FOLD_ITEM_HEADER, f, 0);
    CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_FIXED);
    /* Activating its header does nothing. */
    CHECK_STATUS(fold_table_activate(t, 2, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(h.events, 0);
    CHECK_EQ_I64(h.sets, 0);

    /* A section without a header item: never collapsible. */
    fold_section_id bare = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "bare", NULL, 2,
                                           FOLD_SECTION_NO_HEADER, &bare),
                 FOLD_OK);
    h.sets = 0;
    changed = -1;
    CHECK_STATUS(fold_table_collapse(t, bare, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_toggle(t, bare, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_expand(t, bare, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(h.events, 0);
    CHECK_EQ_I64(h.sets, 0);
    check_indicator(t, bare, "");

    /* set_collapsible: fixed -> collapsible redraws its header (the
     * indicator appears); the other way too; the same again reports
     * nothing. */
    CHECK_STATUS(fold_table_set_collapsible(t, f, 1), FOLD_OK);
    CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_COLLAPSIBLE);
    check_indicator(t, f, EN_DASH);
    check_flags(t, 2, FOLD_ITEM_HEADER, f, COLLAPSIBLE_);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_EQ_I64(h.change_count, 0);
    CHECK_EQ_I64(h.redraw_count, 1);
    CHECK_EQ_I64(h.redraw[0].position, 2);
    CHECK_EQ_I64(h.redraw[0].count, 1);
    CHECK_EQ_DBL(h.delta, 0);
    CHECK_STATUS(fold_table_set_collapsible(t, f, 1), FOLD_OK);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_STATUS(fold_table_collapse(t, f, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(item_count(t), 5); /* a h, a0, f h, bare0, bare1 */
    /* A collapsed section cannot be made fixed: expand it first. */
    CHECK_STATUS(fold_table_set_collapsible(t, f, 0), FOLD_E_NOT_ALLOWED);
    CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE);
    CHECK_STATUS(fold_table_expand(t, f, NULL), FOLD_OK);
    h.sets = 0;
    CHECK_STATUS(fold_table_set_collapsible(t, a, 0), FOLD_OK);
    CHECK_EQ_I64(info(t, a).flags, FOLD_SECTION_FIXED);
    check_indicator(t, a, "");
    check_flags(t, 0, FOLD_ITEM_HEADER, a, 0);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_EQ_I64(h.redraw_count, 1);
    CHECK_EQ_I64(h.redraw[0].position, 0);
    CHECK_EQ_I64(h.redraw[0].count, 1);
    CHECK_STATUS(fold_table_set_collapsible(t, a, 0), FOLD_OK);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_STATUS(fold_table_collapse(t, a, &changed), FOLD_E_NOT_ALLOWED);
    /* Without a header item it stays fixed; asking for fixed again is fine
     * and reports nothing. */
    CHECK_STATUS(fold_table_set_collapsible(t, bare, 1), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_set_collapsible(t, bare, 0), FOLD_OK);
    CHECK_EQ_I64(info(t, bare).flags, FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED);
    /* An empty section: the flag changes, no indicator does, nothing said. */
    fold_section_id none = add(t, FOLD_ROOT, "none", NULL, 0);
    h.sets = 1;
    CHECK_STATUS(fold_table_set_collapsible(t, none, 0), FOLD_OK);
    CHECK_EQ_I64(info(t, none).flags, FOLD_SECTION_FIXED);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_STATUS(fold_table_set_collapsible(t, none, 1), FOLD_OK);
    CHECK_EQ_I64(info(t, none).flags, 0);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_STATUS(fold_table_set_collapsible(t, FOLD_ROOT, 1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_collapsible(t, bare + 1000, 1), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(h.sets, 1);
    fold_table_free(t);
}

/* FOLD_SECTION_COLLAPSED: the section is inserted collapsed in one change
 * set (only its header is added), with or without children. */
static void test_insert_collapsed(void)
{
    fold_table *t = must_table(NULL);
    heard h;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id c = 0, e = 0;
    listen(t, &h);

    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "c", NULL, 5,
                                           FOLD_SECTION_COLLAPSED, &c),
                 FOLD_OK);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_EQ_I64(h.change_count, 1);
    CHECK_EQ_I64(h.changes[0].position, 3);
    CHECK_EQ_I64(h.changes[0].removed, 0);
    CHECK_EQ_I64(h.changes[0].added, 1);
    CHECK_EQ_DBL(h.delta, 28);
    CHECK_EQ_I64(is_collapsed(t, c), 1);
    CHECK_EQ_I64(info(t, c).row_count, 5);
    CHECK_EQ_I64(item_count(t), 4);
    check_indicator(t, c, "+");
    check_flags(t, 3, FOLD_ITEM_HEADER, c, COLLAPSED_ | COLLAPSIBLE_);

    /* Empty and collapsed: rows inserted later stay hidden. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "e", NULL, 0, FOLD_SECTION_COLLAPSED, &e),
                 FOLD_OK);
    CHECK_EQ_I64(h.sets, 2);
    CHECK_EQ_I64(h.change_count, 1);
    CHECK_EQ_I64(h.changes[0].position, 0);
    CHECK_EQ_I64(h.changes[0].added, 1);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    CHECK_STATUS(fold_table_insert_rows(t, e, 0, 4, NULL), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 5);
    CHECK_EQ_I64(info(t, e).visible_row_count, 0);
    CHECK_EQ_I64(info(t, e).row_count, 4);
    int changed = -1;
    CHECK_STATUS(fold_table_expand(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(item_count(t), 9);
    CHECK_EQ_I64(is_collapsed(t, a), 0);
    fold_table_free(t);
}

int main(void)
{
    test_by_index();
    test_by_key();
    test_empty_section();
    test_empty_section_events();
    test_state_survives();
    test_all();
    test_section_states();
    test_indicators();
    test_flags();
    test_fixed();
    test_insert_collapsed();
    return check_done();
}
