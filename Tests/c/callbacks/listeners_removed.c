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

/* What the first listener does to the second. */
typedef struct remover {
    fold_table *table;
    int calls;
    int64_t victim_id;        /* the listener to remove on the first call */
    counter *victim_data;     /* freed right after the removal */
    int remove_status;
    int64_t added_id;         /* with add_fn: registered on the first call */
    int add_status;
} remover;

/* Calls of listeners whose user_data was freed: must stay 0. Counted
 * through a global, since the user_data itself is gone. */
int calls_after_free = 0;

static void remove_victim(remover *r)
{
    if (r->calls++ > 0 || r->victim_data == NULL) return;
    r->remove_status = fold_table_remove_listener(r->table, r->victim_id);
    free(r->victim_data);
    r->victim_data = NULL;
}

static int section_remover(fold_table *t, fold_section_id id, const char *key, int32_t event,
                           void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)event;
    remove_victim(user_data);
    return 1;
}

static int section_counter(fold_table *t, fold_section_id id, const char *key, int32_t event,
                           void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)event;
    ((counter *)user_data)->calls++;
    return 1;
}

static void change_remover(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)set;
    remove_victim(user_data);
}

void change_counter(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)set;
    ((counter *)user_data)->calls++;
}

static int row_remover(fold_table *t, fold_section_id id, const char *key, int64_t row,
                       int32_t event, void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)row;
    (void)event;
    remove_victim(user_data);
    return 1;
}

int row_counter(fold_table *t, fold_section_id id, const char *key, int64_t row,
                int32_t event, void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)row;
    (void)event;
    ((counter *)user_data)->calls++;
    return 1;
}

fold_table *two_sections(void)
{
    fold_table *t = new_table(NULL);
    if (t == NULL) exit(check_done());
    add(t, FOLD_ROOT, "a", NULL, 3);
    add(t, FOLD_ROOT, "b", NULL, 2);
    return t;
}

/* Readies `r` to remove a victim listener of `t`; returns the victim's
 * user_data (malloc'd: the remover frees it right after the removal). */
static counter *arm_remover(remover *r, fold_table *t)
{
    memset(r, 0, sizeof *r);
    r->table = t;
    r->victim_data = calloc(1, sizeof *r->victim_data);
    return r->victim_data;
}

void test_section_listener_removed_in_round(void)
{
    fold_table *t = two_sections();
    remover r;
    counter *victim = arm_remover(&r, t);
    int64_t first = -1, after = -1, items = -1;
    int changed = -1;
    CHECK_STATUS(fold_table_add_section_listener(t, section_remover, &r, &first), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, section_counter, victim, &r.victim_id), FOLD_OK);
    /* Registered after the victim: still called, in both rounds. */
    counter later = {0};
    CHECK_STATUS(fold_table_add_section_listener(t, section_counter, &later, &after), FOLD_OK);

    check_changed(t, fold_table_collapse, sec(t, "a"), 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(r.calls, 2);     /* will + did */
    CHECK_EQ_I64(later.calls, 2); /* will + did */
    CHECK_STATUS(fold_table_item_count(t, &items), FOLD_OK);
    CHECK_EQ_I64(items, 4); /* "a" collapsed: its header; "b": header + 2 rows */
    /* Gone for good: removing it again is FOLD_E_NOT_FOUND. */
    CHECK_STATUS(fold_table_remove_listener(t, r.victim_id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_expand(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(r.calls, 4);
    CHECK_EQ_I64(later.calls, 4);
    fold_table_free(t);
}

void test_change_listener_removed_in_round(void)
{
    fold_table *t = two_sections();
    remover r;
    counter *victim = arm_remover(&r, t);
    int64_t items = -1;
    int changed = -1;
    CHECK_STATUS(fold_table_add_change_listener(t, change_remover, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, change_counter, victim, &r.victim_id), FOLD_OK);

    check_changed(t, fold_table_collapse, sec(t, "b"), 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(r.calls, 1);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(r.calls, 2);
    CHECK_STATUS(fold_table_item_count(t, &items), FOLD_OK);
    CHECK_EQ_I64(items, 2);
    fold_table_free(t);
}

void test_row_listener_removed_in_round(void)
{
    fold_table *t = two_sections();
    remover r;
    counter *victim = arm_remover(&r, t);
    int changed = -1;
    fold_row_info ri;
    fold_section_id a = sec(t, "a");
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, row_remover, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, row_counter, victim, &r.victim_id), FOLD_OK);

    CHECK_STATUS(fold_table_expand_row(t, a, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(r.calls, 2); /* will + did */
    CHECK_STATUS(fold_table_row_info(t, a, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 44);
    CHECK_STATUS(fold_table_collapse_row(t, a, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(r.calls, 4);
    fold_table_free(t);
}

/* A listener that removes itself and frees its own user_data. */
typedef struct self_remover {
    fold_table *table;
    int64_t id;
} self_remover;

static int calls_self = 0;

static int section_self_remover(fold_table *t, fold_section_id id, const char *key,
                                int32_t event, void *user_data)
{
    self_remover *me = user_data;
    (void)id;
    (void)key;
    (void)event;
    calls_self++;
    CHECK_STATUS(fold_table_remove_listener(t, me->id), FOLD_OK);
    free(me);
    return 1;
}

void test_listener_removes_itself(void)
{
    fold_table *t = two_sections();
    self_remover *me = calloc(1, sizeof *me);
    int changed = -1;
    me->table = t;
    CHECK_STATUS(fold_table_add_section_listener(t, section_self_remover, me, &me->id), FOLD_OK);
    check_changed(t, fold_table_collapse, sec(t, "a"), 1);
    CHECK_EQ_I64(calls_self, 1); /* the will event only */
    CHECK_STATUS(fold_table_toggle(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(calls_self, 1);
    fold_table_free(t);
}

/* A listener added during a round waits for the next round. */
typedef struct adder {
    int calls;
    counter added;
    int64_t added_id;
} adder;

static int section_adder(fold_table *t, fold_section_id id, const char *key, int32_t event,
                         void *user_data)
{
    adder *a = user_data;
    (void)id;
    (void)key;
    if (a->calls++ == 0) {
        CHECK_EQ_I64(event, FOLD_SECTION_WILL_COLLAPSE);
        CHECK_STATUS(fold_table_add_section_listener(t, section_counter, &a->added, &a->added_id),
                     FOLD_OK);
    }
    return 1;
}

void test_listener_added_in_round(void)
{
    fold_table *t = two_sections();
    adder a;
    int changed = -1;
    memset(&a, 0, sizeof a);
    CHECK_STATUS(fold_table_add_section_listener(t, section_adder, &a, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(a.calls, 2);
    CHECK_EQ_I64(a.added.calls, 1); /* not the will round it was added in; the did round */
    CHECK(a.added_id > 0);
    fold_table_free(t);
}
