/*
 * callbacks/listeners_removed.c — 1. listeners removed, removing themselves or added during a
 * round of calls.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "callbacks.h"

/* ---- 1. listeners removed during a round -------------------------------- */

/* What the first listener (a hook acting on every call) does to the second:
 * on its first call it removes it and frees its user_data. */
typedef struct remover {
    int64_t victim_id;        /* the listener to remove on the first call */
    hook *victim_data;        /* freed right after the removal */
    int remove_status;
} remover;

/* Calls of listeners whose user_data was freed: must stay 0. Counted
 * through a global, since the user_data itself is gone. */
int calls_after_free = 0;

static void remove_victim(fold_table *t, hook *h)
{
    remover *r = h->data;
    if (h->calls > 1 || r->victim_data == NULL) return;
    r->remove_status = fold_table_remove_listener(t, r->victim_id);
    free(r->victim_data);
    r->victim_data = NULL;
}

fold_table *two_sections(void)
{
    fold_table *t = new_table(NULL);
    if (t == NULL) exit(check_done());
    add(t, FOLD_ROOT, "a", NULL, 3);
    add(t, FOLD_ROOT, "b", NULL, 2);
    return t;
}

enum { SECTION_LISTENERS, CHANGE_LISTENERS, ROW_LISTENERS };

/* Adds hook `h` to `t` as a listener of `kind`, its id into *id (one check). */
static void add_hook(fold_table *t, int kind, hook *h, int64_t *id)
{
    int status = kind == SECTION_LISTENERS ? fold_table_add_section_listener(t, hook_section, h, id)
                 : kind == CHANGE_LISTENERS ? fold_table_add_change_listener(t, hook_changes, h, id)
                                            : fold_table_add_row_listener(t, hook_row, h, id);
    CHECK_STATUS(status, FOLD_OK);
}

/* two_sections() with two listeners of `kind`: `h`, which removes the
 * second through `r` on its first call, and the second (the victim, its
 * user_data malloc'd: the remover frees it right after the removal). */
static fold_table *armed_table(int kind, hook *h, remover *r)
{
    fold_table *t = two_sections();
    memset(h, 0, sizeof *h);
    memset(r, 0, sizeof *r);
    h->on = HOOK_EVERY;
    h->act = remove_victim;
    h->data = r;
    r->victim_data = calloc(1, sizeof *r->victim_data);
    add_hook(t, kind, h, &h->id);
    add_hook(t, kind, r->victim_data, &r->victim_id);
    return t;
}

void test_section_listener_removed_in_round(void)
{
    hook h, later = {0};
    remover r;
    int64_t items = -1;
    int changed = -1;
    fold_table *t = armed_table(SECTION_LISTENERS, &h, &r);
    /* Registered after the victim: still called, in both rounds. */
    add_hook(t, SECTION_LISTENERS, &later, &later.id);

    check_changed(t, fold_table_collapse, sec(t, "a"), 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(h.calls, 2);     /* will + did */
    CHECK_EQ_I64(later.calls, 2); /* will + did */
    CHECK_STATUS(fold_table_item_count(t, &items), FOLD_OK);
    CHECK_EQ_I64(items, 4); /* "a" collapsed: its header; "b": header + 2 rows */
    /* Gone for good: removing it again is FOLD_E_NOT_FOUND. */
    CHECK_STATUS(fold_table_remove_listener(t, r.victim_id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_expand(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(h.calls, 4);
    CHECK_EQ_I64(later.calls, 4);
    fold_table_free(t);
}

void test_change_listener_removed_in_round(void)
{
    hook h;
    remover r;
    int64_t items = -1;
    int changed = -1;
    fold_table *t = armed_table(CHANGE_LISTENERS, &h, &r);

    check_changed(t, fold_table_collapse, sec(t, "b"), 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(h.calls, 1);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(h.calls, 2);
    CHECK_STATUS(fold_table_item_count(t, &items), FOLD_OK);
    CHECK_EQ_I64(items, 2);
    fold_table_free(t);
}

void test_row_listener_removed_in_round(void)
{
    hook h;
    remover r;
    int changed = -1;
    fold_row_info ri;
    fold_table *t = armed_table(ROW_LISTENERS, &h, &r);
    fold_section_id a = sec(t, "a");
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 100), FOLD_OK);

    CHECK_STATUS(fold_table_expand_row(t, a, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(h.calls, 2); /* will + did */
    CHECK_STATUS(fold_table_row_info(t, a, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 44);
    CHECK_STATUS(fold_table_collapse_row(t, a, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(h.calls, 4);
    fold_table_free(t);
}

/* A listener that removes itself and frees its own user_data (counted
 * through a global, since that is gone). */
static int calls_self = 0;

static void remove_self(fold_table *t, hook *me)
{
    calls_self++;
    CHECK_STATUS(fold_table_remove_listener(t, me->id), FOLD_OK);
    free(me);
}

void test_listener_removes_itself(void)
{
    fold_table *t = two_sections();
    hook *me = calloc(1, sizeof *me);
    int changed = -1;
    me->on = HOOK_EVERY;
    me->act = remove_self;
    CHECK_STATUS(fold_table_add_section_listener(t, hook_section, me, &me->id), FOLD_OK);
    check_changed(t, fold_table_collapse, sec(t, "a"), 1);
    CHECK_EQ_I64(calls_self, 1); /* the will event only */
    CHECK_STATUS(fold_table_toggle(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(calls_self, 1);
    fold_table_free(t);
}

/* A listener added during a round (by a hook's first call, into its
 * data) waits for the next round. */
static void add_listener(fold_table *t, hook *h)
{
    hook *added = h->data;
    if (h->calls > 1) return;
    CHECK_EQ_I64(h->event, FOLD_SECTION_WILL_COLLAPSE);
    CHECK_STATUS(fold_table_add_section_listener(t, hook_section, added, &added->id), FOLD_OK);
}

void test_listener_added_in_round(void)
{
    fold_table *t = two_sections();
    hook a = {0}, added = {0};
    int changed = -1;
    a.on = HOOK_EVERY;
    a.act = add_listener;
    a.data = &added;
    CHECK_STATUS(fold_table_add_section_listener(t, hook_section, &a, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(a.calls, 2);
    CHECK_EQ_I64(added.calls, 1); /* not the will round it was added in; the did round */
    CHECK(added.id > 0);
    fold_table_free(t);
}
