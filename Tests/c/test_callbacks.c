/*
 * Callback lifetime (foldtable.h: "Callbacks", "Thread safety"), run under
 * AddressSanitizer by scripts/sanitize:
 *
 * 1. A listener removed inside a callback is never called again, not even
 *    later in the same round; the remover frees its user_data at once (a
 *    call would be a heap-use-after-free). Section, change and row
 *    listeners; a listener that removes itself; a listener added during a
 *    round is first called in the next round.
 * 2. A height provider (row or header) that replaces or removes itself
 *    inside fold_table_measure is never called again; the rest of the
 *    viewport is asked of the new provider (or of nobody).
 * 3. fold_table_free inside the table's own section listener, change
 *    listener, height provider, and two tables deep: the outer call returns
 *    normally, no callback of the table runs after the free, and the table
 *    is freed when the outermost call returns (LeakSanitizer: not leaked).
 * 4. Two tables whose listeners call each other from two threads: each
 *    cross call returns FOLD_E_BUSY instead of deadlocking. A watchdog
 *    alarm fails the test if it hangs.
 * 5. Every listener and provider gets the section's id and its key (a
 *    nested section's, the row's); with that id the table can be read from
 *    inside the callback, and changing it is FOLD_E_BUSY.
 * 6. The expanded-height provider (FOLD_HEIGHT_EXPANDED): asked when rows
 *    are measured and when a row without a known expanded height is
 *    expanded, toggled or activated; its answer is kept until invalidated;
 *    replaced, removed or the table freed inside it, under the same rules as
 *    the other providers.
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

#include "fixture.h"

/* ---- 1. listeners removed during a round -------------------------------- */

/* A listener's user_data: malloc'd, so a call after free is caught by ASan. */
typedef struct counter {
    int calls;
} counter;

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
static int calls_after_free = 0;

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

static void change_counter(fold_table *t, const fold_change_set *set, void *user_data)
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

static int row_counter(fold_table *t, fold_section_id id, const char *key, int64_t row,
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

static fold_table *two_sections(void)
{
    fold_table *t = new_table(NULL);
    if (t == NULL) exit(check_done());
    add(t, FOLD_ROOT, "a", NULL, 3);
    add(t, FOLD_ROOT, "b", NULL, 2);
    return t;
}

static void test_section_listener_removed_in_round(void)
{
    fold_table *t = two_sections();
    remover r;
    counter *victim = calloc(1, sizeof *victim);
    int64_t first = -1, after = -1, items = -1;
    int changed = -1;
    memset(&r, 0, sizeof r);
    r.table = t;
    r.victim_data = victim;
    CHECK_STATUS(fold_table_add_section_listener(t, section_remover, &r, &first), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, section_counter, victim, &r.victim_id), FOLD_OK);
    /* Registered after the victim: still called, in both rounds. */
    counter later = {0};
    CHECK_STATUS(fold_table_add_section_listener(t, section_counter, &later, &after), FOLD_OK);

    CHECK_STATUS(fold_table_collapse(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
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

static void test_change_listener_removed_in_round(void)
{
    fold_table *t = two_sections();
    remover r;
    counter *victim = calloc(1, sizeof *victim);
    int64_t items = -1;
    int changed = -1;
    memset(&r, 0, sizeof r);
    r.table = t;
    r.victim_data = victim;
    CHECK_STATUS(fold_table_add_change_listener(t, change_remover, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, change_counter, victim, &r.victim_id), FOLD_OK);

    CHECK_STATUS(fold_table_collapse(t, sec(t, "b"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(r.calls, 1);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(r.calls, 2);
    CHECK_STATUS(fold_table_item_count(t, &items), FOLD_OK);
    CHECK_EQ_I64(items, 2);
    fold_table_free(t);
}

static void test_row_listener_removed_in_round(void)
{
    fold_table *t = two_sections();
    remover r;
    counter *victim = calloc(1, sizeof *victim);
    int changed = -1;
    fold_row_info ri;
    fold_section_id a = sec(t, "a");
    memset(&r, 0, sizeof r);
    r.table = t;
    r.victim_data = victim;
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

static void test_listener_removes_itself(void)
{
    fold_table *t = two_sections();
    self_remover *me = calloc(1, sizeof *me);
    int changed = -1;
    me->table = t;
    CHECK_STATUS(fold_table_add_section_listener(t, section_self_remover, me, &me->id), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
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

static void test_listener_added_in_round(void)
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

/* ---- 2. providers replaced during fold_table_measure --------------------- */

typedef struct provider {
    fold_table *table;
    double height;
    int calls;
    struct provider *next; /* installed (and this one freed) on the first call; NULL removes */
    int replace;           /* 1: replace on the first call */
    int set_status;
} provider;

static int row_provider(fold_table *t, fold_section_id id, const char *key, int64_t row,
                        double *out, void *user_data)
{
    provider *p = user_data;
    double h = p->height;
    (void)id;
    (void)key;
    (void)row;
    p->calls++;
    if (p->replace) {
        provider *next = p->next;
        int st = fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, next ? row_provider : NULL, next);
        if (next) next->set_status = st;
        else calls_after_free += st != FOLD_OK; /* nowhere else to put it */
        free(p); /* the old user_data: the engine must never touch it again */
    }
    *out = h;
    return 1;
}

static int header_provider(fold_table *t, fold_section_id id, const char *key, int64_t row,
                           double *out, void *user_data)
{
    provider *p = user_data;
    double h = p->height;
    (void)id;
    (void)key;
    if (row != -1) calls_after_free++; /* a header provider is asked for headers only */
    p->calls++;
    if (p->replace) {
        provider *next = p->next;
        int st = fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, next ? header_provider : NULL,
                                                next);
        if (next) next->set_status = st;
        free(p);
    }
    *out = h;
    return 1;
}

static void test_provider_replaces_itself(void)
{
    fold_table *t = NULL;
    provider *old = calloc(1, sizeof *old);
    provider fresh;
    int64_t measured = -1;
    double content = -1;
    fold_row_info ri;
    fold_section_id a;
    memset(&fresh, 0, sizeof fresh);
    fresh.height = 20;
    old->height = 10;
    old->replace = 1;
    old->next = &fresh;
    t = new_table(NULL);
    a = add(t, FOLD_ROOT, "a", NULL, 3);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, row_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_STATUS(fresh.set_status, FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 2); /* rows 1 and 2; row 0 was the old one's */
    CHECK_STATUS(fold_table_row_info(t, a, 0, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 10);
    CHECK_STATUS(fold_table_row_info(t, a, 2, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 20);
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    CHECK_EQ_DBL(content, 28 + 10 + 20 + 20);
    /* The new one stays: invalidating asks it again. */
    CHECK_STATUS(fold_table_invalidate_heights(t, FOLD_ROOT, -1), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 5);
    fold_table_free(t);
}

static void test_provider_removes_itself(void)
{
    fold_table *t = NULL;
    provider *old = calloc(1, sizeof *old);
    int64_t measured = -1;
    fold_row_info ri;
    fold_section_id a;
    old->height = 10;
    old->replace = 1; /* next NULL: removes the provider */
    t = new_table(NULL);
    a = add(t, FOLD_ROOT, "a", NULL, 3);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, row_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 1); /* the rest was asked of nobody */
    CHECK_EQ_I64(calls_after_free, 0);
    CHECK_STATUS(fold_table_row_info(t, a, 0, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 10);
    CHECK_STATUS(fold_table_row_info(t, a, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 44);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 0);
    fold_table_free(t);
}

static void test_header_provider_replaces_itself(void)
{
    fold_table *t = NULL;
    provider *old = calloc(1, sizeof *old);
    provider fresh;
    int64_t measured = -1;
    memset(&fresh, 0, sizeof fresh);
    fresh.height = 40;
    old->height = 30;
    old->replace = 1;
    old->next = &fresh;
    t = new_table(NULL);
    add(t, FOLD_ROOT, "a", NULL, 0);
    add(t, FOLD_ROOT, "b", NULL, 0);
    add(t, FOLD_ROOT, "c", NULL, 0);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, header_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 2);
    CHECK_EQ_DBL(info(t, sec(t, "a")).header_height, 30);
    CHECK_EQ_DBL(info(t, sec(t, "c")).header_height, 40);
    fold_table_free(t);
}

/* ---- 3. fold_table_free inside the table's own callbacks ----------------- */

typedef struct freer {
    int calls;
    int32_t free_on; /* the event that frees (section listeners) */
    int64_t items_after_free; /* queries still work until the outer call returns */
    int query_status;
} freer;

static int after_free_calls = 0;

static int section_freer(fold_table *t, fold_section_id id, const char *key, int32_t event,
                         void *user_data)
{
    freer *f = user_data;
    (void)id;
    (void)key;
    f->calls++;
    if (event == f->free_on) {
        fold_table_free(t);
        f->query_status = fold_table_item_count(t, &f->items_after_free);
    }
    return 1;
}

static int section_after_free(fold_table *t, fold_section_id id, const char *key, int32_t event,
                              void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)event;
    (void)user_data;
    after_free_calls++;
    return 1;
}

static void change_freer(fold_table *t, const fold_change_set *set, void *user_data)
{
    freer *f = user_data;
    (void)set;
    f->calls++;
    fold_table_free(t);
}

static void change_after_free(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)set;
    (void)user_data;
    after_free_calls++;
}

static int provider_freer(fold_table *t, fold_section_id id, const char *key, int64_t row,
                          double *out, void *user_data)
{
    freer *f = user_data;
    (void)id;
    (void)key;
    (void)row;
    f->calls++;
    fold_table_free(t);
    *out = 5;
    return 1;
}

static void test_free_in_section_listener(int32_t event)
{
    fold_table *t = two_sections();
    freer f;
    int changed = -1;
    memset(&f, 0, sizeof f);
    f.free_on = event;
    after_free_calls = 0;
    CHECK_STATUS(fold_table_add_section_listener(t, section_freer, &f, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, section_after_free, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, change_after_free, NULL, NULL), FOLD_OK);
    /* The outer call completes normally (the will listeners allowed it). */
    CHECK_STATUS(fold_table_collapse(t, sec(t, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(f.query_status, FOLD_OK);
    CHECK_EQ_I64(f.items_after_free, event == FOLD_SECTION_WILL_COLLAPSE ? 7 : 4);
    /* Freed inside the will event: nothing after it, neither the second
     * will listener nor any did or change listener. Inside did: the second
     * listener's will call happened before. */
    CHECK_EQ_I64(f.calls, event == FOLD_SECTION_WILL_COLLAPSE ? 1 : 2);
    CHECK_EQ_I64(after_free_calls, event == FOLD_SECTION_WILL_COLLAPSE ? 0 : 1);
    /* t is gone now; LeakSanitizer checks it was freed. */
}

static void test_free_in_change_listener(void)
{
    fold_table *t = two_sections();
    freer f;
    int changed = -1;
    memset(&f, 0, sizeof f);
    after_free_calls = 0;
    CHECK_STATUS(fold_table_add_change_listener(t, change_freer, &f, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, change_after_free, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "b"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(f.calls, 1);
    CHECK_EQ_I64(after_free_calls, 0);
}

static void test_free_in_provider(void)
{
    fold_table *t = two_sections();
    freer f;
    int64_t measured = -1;
    memset(&f, 0, sizeof f);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, provider_freer, &f), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(f.calls, 1);  /* the free removed the provider: no second row */
    CHECK_EQ_I64(measured, 1);
}

/* Table a's listener collapses table b, whose listener frees a: a is in a
 * call on this thread further up, so its free waits for that call. */
typedef struct pair {
    fold_table *a, *b;
    fold_section_id x; /* b's section */
    int b_status;
    int b_calls;
} pair;

static int a_collapses_b(fold_table *t, fold_section_id id, const char *key, int32_t event,
                         void *user_data)
{
    pair *p = user_data;
    (void)t;
    (void)id;
    (void)key;
    if (event == FOLD_SECTION_DID_COLLAPSE) p->b_status = fold_table_collapse(p->b, p->x, NULL);
    return 1;
}

static int b_frees_a(fold_table *t, fold_section_id id, const char *key, int32_t event,
                     void *user_data)
{
    pair *p = user_data;
    (void)t;
    (void)id;
    (void)key;
    p->b_calls++;
    if (event == FOLD_SECTION_DID_COLLAPSE) fold_table_free(p->a);
    return 1;
}

static void test_free_two_tables_deep(void)
{
    pair p;
    int64_t items = -1;
    int changed = -1;
    memset(&p, 0, sizeof p);
    p.a = two_sections();
    if ((p.b = new_table(NULL)) == NULL) return;
    p.x = add(p.b, FOLD_ROOT, "x", NULL, 2);
    CHECK_STATUS(fold_table_add_section_listener(p.a, a_collapses_b, &p, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(p.b, b_frees_a, &p, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(p.a, sec(p.a, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(p.b_status, FOLD_OK);
    CHECK_EQ_I64(p.b_calls, 2);
    CHECK_STATUS(fold_table_item_count(p.b, &items), FOLD_OK);
    CHECK_EQ_I64(items, 1);
    fold_table_free(p.b);
}

/* ---- 4. two tables, two threads, listeners calling each other ------------ */

/* A small barrier with a deadline, so a broken build fails instead of
 * hanging (the watchdog below is the last resort). */
static pthread_mutex_t gate_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int gate_arrived[2];

/* Returns 1 when `count` threads arrived at gate `g` within 5 s. */
static int gate(int g, int count)
{
    struct timespec deadline;
    int ok = 1;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 5;
    pthread_mutex_lock(&gate_mutex);
    gate_arrived[g]++;
    pthread_cond_broadcast(&gate_cond);
    while (gate_arrived[g] < count && ok) {
        if (pthread_cond_timedwait(&gate_cond, &gate_mutex, &deadline) == ETIMEDOUT) ok = 0;
    }
    pthread_mutex_unlock(&gate_mutex);
    return ok;
}

typedef struct crosser {
    fold_table *self, *other;
    fold_section_id self_id, other_id; /* section "s" of each */
    fold_section_id seen_id;           /* what the listener was given */
    char seen_key[16];
    int cross_status;      /* what the call on the other table returned */
    char message[512];
    int gates_ok;
    int collapse_status;
} crosser;

static int cross_listener(fold_table *t, fold_section_id id, const char *key, int32_t event,
                          void *user_data)
{
    crosser *c = user_data;
    (void)t;
    if (event != FOLD_SECTION_DID_COLLAPSE) return 1;
    c->seen_id = id;
    snprintf(c->seen_key, sizeof c->seen_key, "%s", key);
    /* Both threads are now inside a callback, each holding its own table. */
    c->gates_ok = gate(0, 2);
    c->cross_status = fold_table_expand(c->other, c->other_id, NULL);
    snprintf(c->message, sizeof c->message, "%s", fold_last_error_message());
    /* Hold the table until the other thread has made its call too. */
    c->gates_ok &= gate(1, 2);
    return 1;
}

static void *cross_thread(void *arg)
{
    crosser *c = arg;
    c->collapse_status = fold_table_collapse(c->self, c->self_id, NULL);
    return NULL;
}

static void on_alarm(int sig)
{
    static const char text[] = "test_callbacks: the two-table test hung (deadlock)\n";
    (void)sig;
    if (write(2, text, sizeof text - 1) < 0) _exit(3);
    _exit(2);
}

static void test_two_tables_two_threads(void)
{
    fold_table *a = NULL, *b = NULL;
    crosser ca, cb;
    pthread_t ta, tb;
    int64_t items = -1;
    if ((a = new_table(NULL)) == NULL) return;
    if ((b = new_table(NULL)) == NULL) return;
    memset(&ca, 0, sizeof ca);
    memset(&cb, 0, sizeof cb);
    ca.self_id = cb.other_id = add(a, FOLD_ROOT, "s", NULL, 2);
    cb.self_id = ca.other_id = add(b, FOLD_ROOT, "s", NULL, 3);
    CHECK(ca.self_id != cb.self_id); /* ids are never handed out twice, across tables too */
    ca.self = a;
    ca.other = b;
    cb.self = b;
    cb.other = a;
    CHECK_STATUS(fold_table_add_section_listener(a, cross_listener, &ca, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(b, cross_listener, &cb, NULL), FOLD_OK);

    signal(SIGALRM, on_alarm);
    alarm(30);
    CHECK(pthread_create(&ta, NULL, cross_thread, &ca) == 0);
    CHECK(pthread_create(&tb, NULL, cross_thread, &cb) == 0);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    alarm(0);

    CHECK(ca.gates_ok && cb.gates_ok);
    CHECK_STATUS(ca.collapse_status, FOLD_OK);
    CHECK_STATUS(cb.collapse_status, FOLD_OK);
    CHECK_STATUS(ca.cross_status, FOLD_E_BUSY);
    CHECK_STATUS(cb.cross_status, FOLD_E_BUSY);
    CHECK(strstr(ca.message, "in use by another thread") != NULL);
    CHECK(strstr(ca.message, "inside a callback of another table") != NULL);
    /* Each listener was given its own table's section. */
    CHECK(ca.seen_id == ca.self_id);
    CHECK(cb.seen_id == cb.self_id);
    CHECK_STR(ca.seen_key, "s");
    CHECK_STR(cb.seen_key, "s");
    /* The refused calls changed nothing: both sections stay collapsed. */
    CHECK_EQ_I64(is_collapsed(a, ca.self_id), 1);
    CHECK_EQ_I64(is_collapsed(b, cb.self_id), 1);
    CHECK_STATUS(fold_table_item_count(b, &items), FOLD_OK);
    CHECK_EQ_I64(items, 1);
    /* Another table's id is not a section of this one. */
    CHECK_STATUS(fold_table_expand(a, cb.self_id, NULL), FOLD_E_NOT_FOUND);
    /* Outside any callback, and with the other table free, calls wait and run. */
    CHECK_STATUS(fold_table_expand(a, ca.self_id, NULL), FOLD_OK);
    fold_table_free(a);
    fold_table_free(b);
}

/* ---- 5. callbacks get the section's id and key --------------------------- */

/* What a callback was given, and what it could do with it. */
typedef struct witness {
    int calls;
    fold_section_id ids[16];  /* the id of each call, in order */
    int64_t rows[16];         /* the row of each call (-1 for a header or a section) */
    char keys[16][16];        /* the key of each call */
    int key_by_id_differs;    /* the key read back with the id was not the key given */
    int read_failed;          /* a read with the id failed inside the callback */
    int write_not_busy;       /* a change with the id was not FOLD_E_BUSY */
    double answer;            /* as a provider: the height (0: by row, see height_witness) */
} witness;

static void witness_call(witness *w, fold_table *t, fold_section_id id, const char *key,
                         int64_t row)
{
    char buffer[32];
    size_t length = 0;
    fold_section_info si;
    fold_row_info ri;
    if (w->calls < 16) {
        w->ids[w->calls] = id;
        w->rows[w->calls] = row;
        snprintf(w->keys[w->calls], sizeof w->keys[0], "%s", key);
    }
    w->calls++;
    /* Reads with the id work from inside: its key, its info, the row's info. */
    if (fold_table_section_text(t, id, FOLD_TEXT_KEY, buffer, sizeof buffer, &length) != FOLD_OK)
        w->read_failed++;
    else if (strcmp(buffer, key) != 0 || length != strlen(key))
        w->key_by_id_differs++;
    if (fold_table_section_info(t, id, &si) != FOLD_OK) w->read_failed++;
    if (row >= 0 && fold_table_row_info(t, id, row, &ri) != FOLD_OK) w->read_failed++;
    /* Changes with the id are refused. */
    if (fold_table_set_section_header(t, id, "changed|inside") != FOLD_E_BUSY) w->write_not_busy++;
    if (fold_table_set_section_height(t, id, FOLD_HEIGHT_HEADER, 50) != FOLD_E_BUSY)
        w->write_not_busy++;
    if (fold_table_collapse(t, id, NULL) != FOLD_E_BUSY) w->write_not_busy++;
    if (fold_table_insert_rows(t, id, 0, 1, NULL) != FOLD_E_BUSY) w->write_not_busy++;
    if (fold_table_remove_section(t, id) != FOLD_E_BUSY) w->write_not_busy++;
    if (row >= 0) {
        if (fold_table_set_row_height(t, id, row, 12) != FOLD_E_BUSY) w->write_not_busy++;
        if (fold_table_set_row_expanded_height(t, id, row, 300) != FOLD_E_BUSY) w->write_not_busy++;
        if (fold_table_toggle_row(t, id, row, NULL) != FOLD_E_BUSY) w->write_not_busy++;
    }
    if (fold_table_measure(t, 0, 100, 0, NULL) != FOLD_E_BUSY) w->write_not_busy++;
}

static int section_witness(fold_table *t, fold_section_id id, const char *key, int32_t event,
                           void *user_data)
{
    (void)event;
    witness_call(user_data, t, id, key, -1);
    return 1;
}

static int row_witness(fold_table *t, fold_section_id id, const char *key, int64_t row,
                       int32_t event, void *user_data)
{
    (void)event;
    witness_call(user_data, t, id, key, row);
    return 1;
}

static int height_witness(fold_table *t, fold_section_id id, const char *key, int64_t row,
                          double *out, void *user_data)
{
    witness *w = user_data;
    witness_call(w, t, id, key, row);
    *out = w->answer != 0 ? w->answer : row < 0 ? 30 : row == 1 ? 120 : 40;
    return 1;
}

/* Checks the first `n` calls of w: all to section `id` named `key`, rows as given. */
static void expect_witness(const witness *w, int n, fold_section_id id, const char *key,
                           const int64_t *rows)
{
    CHECK_EQ_I64(w->calls, n);
    for (int i = 0; i < n && i < 16; i++) {
        CHECK(w->ids[i] == id);
        CHECK_STR(w->keys[i], key);
        CHECK_EQ_I64(w->rows[i], rows[i]);
    }
    CHECK_EQ_I64(w->key_by_id_differs, 0);
    CHECK_EQ_I64(w->read_failed, 0);
    CHECK_EQ_I64(w->write_not_busy, 0);
}

/* outer (no rows) > inner (3 rows): the nested section's id and key reach
 * every kind of callback. */
static void test_callbacks_get_id_and_key(void)
{
    fold_table *t = new_table(NULL);
    witness ws, wr, wh, wrow, we;
    fold_section_id outer, inner;
    int changed = -1;
    int64_t measured = -1;
    static const int64_t none[4] = {-1, -1, -1, -1}, row1[2] = {1, 1}, rows012[3] = {0, 1, 2};
    static const int64_t row2[1] = {2};
    fold_row_info ri;
    memset(&ws, 0, sizeof ws);
    memset(&wr, 0, sizeof wr);
    memset(&wh, 0, sizeof wh);
    memset(&wrow, 0, sizeof wrow);
    memset(&we, 0, sizeof we);
    outer = add(t, FOLD_ROOT, "outer", "Outer", 0);
    if (!CHECK_STATUS(fold_table_insert_section(t, outer, 0, "inner", "Inner|3", 3, 0, &inner),
                      FOLD_OK))
        return;
    CHECK(inner != outer && inner != FOLD_ROOT && outer != FOLD_ROOT);
    CHECK_STATUS(fold_table_add_section_listener(t, section_witness, &ws, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, row_witness, &wr, NULL), FOLD_OK);

    /* Section listener: will + did, both for "inner". */
    CHECK_STATUS(fold_table_collapse(t, inner, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    expect_witness(&ws, 2, inner, "inner", none);
    CHECK_EQ_I64(is_collapsed(t, inner), 1); /* the refused changes inside changed nothing */
    CHECK_STR(text(t, inner, FOLD_TEXT_HEADER), "Inner|3");
    CHECK_EQ_DBL(info(t, inner).header_height, 28);
    CHECK_EQ_I64(row_count(t, inner), 3);
    CHECK_STATUS(fold_table_expand(t, inner, &changed), FOLD_OK);
    CHECK_EQ_I64(ws.calls, 4);

    /* Row listener: will + did expand of inner's row 1. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, inner, 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, inner, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    expect_witness(&wr, 2, inner, "inner", row1);
    CHECK_STATUS(fold_table_row_info(t, inner, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 44);
    CHECK_EQ_DBL(ri.expanded_height, 100);
    CHECK_EQ_I64(ri.flags, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_STATUS(fold_table_collapse_row(t, inner, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(wr.calls, 4);

    /* Header provider: row -1, the outer section's header first. */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, height_witness, &wh), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 2);
    CHECK_EQ_I64(wh.calls, 2);
    CHECK(wh.ids[0] == outer);
    CHECK_STR(wh.keys[0], "outer");
    CHECK(wh.ids[1] == inner);
    CHECK_STR(wh.keys[1], "inner");
    CHECK_EQ_I64(wh.rows[0], -1);
    CHECK_EQ_I64(wh.rows[1], -1);
    CHECK_EQ_I64(wh.key_by_id_differs + wh.read_failed + wh.write_not_busy, 0);
    CHECK_EQ_DBL(info(t, outer).header_height, 30);
    CHECK_EQ_DBL(info(t, inner).header_height, 30);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, NULL, NULL), FOLD_OK);

    /* Row provider: inner's rows 0, 1, 2. */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, height_witness, &wrow), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    expect_witness(&wrow, 3, inner, "inner", rows012);
    CHECK_STATUS(fold_table_row_info(t, inner, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 120);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, NULL, NULL), FOLD_OK);

    /* Expanded-height provider, asked when a row is expanded: inner's row 2
     * (measured at 40 above, which the removal of the provider keeps). */
    we.answer = 200;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, height_witness, &we), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, inner, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    expect_witness(&we, 1, inner, "inner", row2);
    CHECK_STATUS(fold_table_row_info(t, inner, 2, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 40);
    CHECK_EQ_DBL(ri.expanded_height, 200);
    CHECK_EQ_I64(ri.flags, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_EQ_I64(wr.calls, 6); /* will + did expand of row 2 */
    CHECK(wr.ids[4] == inner && wr.rows[4] == 2 && wr.ids[5] == inner && wr.rows[5] == 2);
    fold_table_free(t);
}

/* ---- 6. the expanded-height provider ------------------------------------- */

/* Answers per row (0: returns 0, "no expanded height"); replaces or removes
 * itself, or frees the table, on its first call when told to. */
typedef struct expander {
    fold_table *table;
    fold_section_id section;
    double answers[4];
    int calls;
    int64_t asked[16];       /* rows asked, in order */
    int wrong_section;       /* called for another section or key */
    int replace;             /* 1: on the first call, install `next` (NULL removes) and free this */
    struct expander *next;
    int set_status;
    int free_table;          /* 1: fold_table_free on the first call */
} expander;

static int expander_freed; /* the table was freed inside a provider */

static int expanded_provider(fold_table *t, fold_section_id id, const char *key, int64_t row,
                             double *out, void *user_data)
{
    expander *e = user_data;
    double h = row >= 0 && row < 4 ? e->answers[row] : 0;
    if (expander_freed) calls_after_free++;
    if (e->calls < 16) e->asked[e->calls] = row;
    e->calls++;
    if (id != e->section || strcmp(key, "a") != 0 || row < 0) e->wrong_section++;
    if (e->free_table) {
        e->free_table = 0;
        fold_table_free(t);
        expander_freed = 1;
    } else if (e->replace) {
        expander *next = e->next;
        int st = fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED,
                                                next ? expanded_provider : NULL, next);
        if (next) next->set_status = st;
        else calls_after_free += st != FOLD_OK;
        free(e);
    }
    if (h == 0) return 0;
    *out = h;
    return 1;
}

/* A row provider that only counts (and notices calls after a free). */
static int rows_of_30(fold_table *t, fold_section_id id, const char *key, int64_t row, double *out,
                      void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)row;
    if (expander_freed) calls_after_free++;
    ((counter *)user_data)->calls++;
    *out = 30;
    return 1;
}

static void expect_row(fold_table *t, fold_section_id s, int64_t row, double height,
                       double expanded, uint32_t flags)
{
    fold_row_info ri;
    memset(&ri, 0, sizeof ri);
    CHECK_STATUS(fold_table_row_info(t, s, row, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, height);
    CHECK_EQ_DBL(ri.expanded_height, expanded);
    CHECK_EQ_I64(ri.flags, flags);
}

/* Asked while measuring, once per row, until invalidated; rows with an
 * expanded height of their own are never asked. */
static void test_expanded_provider_measuring(void)
{
    fold_table *t = new_table(NULL);
    expander e;
    counter rows = {0};
    int64_t measured = -1;
    int changed = -1;
    memset(&e, 0, sizeof e);
    e.section = add(t, FOLD_ROOT, "a", NULL, 4);
    e.answers[0] = 0;   /* none: not expandable */
    e.answers[1] = 100;
    e.answers[2] = 80;
    e.answers[3] = 20;  /* not above the row's 30: not expandable */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, rows_of_30, &rows), FOLD_OK);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, &e),
                 FOLD_OK);
    /* Nothing is asked before measuring. */
    expect_row(t, e.section, 1, 44, FOLD_HEIGHT_DEFAULT, 0);
    CHECK_EQ_I64(e.calls, 0);

    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 4);
    CHECK_EQ_I64(rows.calls, 4);
    CHECK_EQ_I64(e.calls, 4);
    CHECK_EQ_I64(e.asked[0], 0);
    CHECK_EQ_I64(e.asked[1], 1);
    CHECK_EQ_I64(e.asked[2], 2);
    CHECK_EQ_I64(e.asked[3], 3);
    CHECK_EQ_I64(e.wrong_section, 0);
    expect_row(t, e.section, 0, 30, FOLD_HEIGHT_DEFAULT, 0);
    expect_row(t, e.section, 1, 30, 100, FOLD_ITEM_FLAG_EXPANDABLE);
    expect_row(t, e.section, 2, 30, 80, FOLD_ITEM_FLAG_EXPANDABLE);
    expect_row(t, e.section, 3, 30, 20, 0);

    /* Kept: measuring again asks nobody. */
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 0);
    CHECK_EQ_I64(e.calls, 4);

    /* Invalidating one row asks for that row again. */
    e.answers[1] = 90;
    CHECK_STATUS(fold_table_invalidate_heights(t, e.section, 1), FOLD_OK);
    expect_row(t, e.section, 1, 44, FOLD_HEIGHT_DEFAULT, 0);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 1);
    CHECK_EQ_I64(e.calls, 5);
    CHECK_EQ_I64(e.asked[4], 1);
    expect_row(t, e.section, 1, 30, 90, FOLD_ITEM_FLAG_EXPANDABLE);

    /* An expanded height of its own stays and is never asked for. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, e.section, 2, 60), FOLD_OK);
    CHECK_STATUS(fold_table_invalidate_heights(t, FOLD_ROOT, -1), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 4);
    CHECK_EQ_I64(e.calls, 8);
    CHECK_EQ_I64(e.asked[5], 0);
    CHECK_EQ_I64(e.asked[6], 1);
    CHECK_EQ_I64(e.asked[7], 3);
    expect_row(t, e.section, 2, 30, 60, FOLD_ITEM_FLAG_EXPANDABLE);

    /* A known expanded height is not asked again when the row expands. */
    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(e.calls, 8);
    expect_row(t, e.section, 1, 30, 90, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_EQ_I64(calls_after_free, 0);
    fold_table_free(t);
}

/* Without measuring: expanding, toggling or activating a row without a
 * known expanded height asks for it first, once. */
static void test_expanded_provider_on_activation(void)
{
    fold_table *t = new_table(NULL);
    expander e;
    int changed = -1;
    int32_t action = -1;
    double h = -1;
    memset(&e, 0, sizeof e);
    e.section = add(t, FOLD_ROOT, "a", NULL, 4);
    e.answers[0] = 0;
    e.answers[1] = 100;
    e.answers[2] = 80;
    e.answers[3] = 20;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, &e),
                 FOLD_OK);

    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(e.asked[0], 1);
    expect_row(t, e.section, 1, 44, 100, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_STATUS(fold_table_item_height(t, 2, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 100);
    /* Expanded already: not asked again. */
    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(e.calls, 1);

    /* Toggle: row 2 (position 3). */
    CHECK_STATUS(fold_table_toggle_row(t, e.section, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(e.calls, 2);
    CHECK_EQ_I64(e.asked[1], 2);
    expect_row(t, e.section, 2, 44, 80, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);

    /* Activate row 0 (position 1): the provider has none; nothing to do. The
     * answer is kept, so activating again does not ask. */
    CHECK_STATUS(fold_table_activate(t, 1, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(e.calls, 3);
    CHECK_EQ_I64(e.asked[2], 0);
    CHECK_STATUS(fold_table_activate(t, 1, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(e.calls, 3);
    expect_row(t, e.section, 0, 44, FOLD_HEIGHT_DEFAULT, 0);

    /* Activate row 3 (position 4): 20 is not above 44: nothing to do. */
    CHECK_STATUS(fold_table_activate(t, 4, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(e.calls, 4);
    expect_row(t, e.section, 3, 44, 20, 0);

    /* Activate row 3 after its answer changes and is invalidated: expands. */
    e.answers[3] = 200;
    CHECK_STATUS(fold_table_invalidate_heights(t, e.section, 3), FOLD_OK);
    CHECK_STATUS(fold_table_activate(t, 4, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_ROW_EXPANDED);
    CHECK_EQ_I64(e.calls, 5);
    expect_row(t, e.section, 3, 44, 200, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    /* Activating the header toggles the section; no row is asked. */
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_EQ_I64(e.calls, 5);
    CHECK_EQ_I64(e.wrong_section, 0);
    fold_table_free(t);
}

/* Replaced inside fold_table_measure: the old one (freed) is never called
 * again; the new one is asked for the rows left. */
static void test_expanded_provider_replaces_itself(void)
{
    fold_table *t = new_table(NULL);
    expander *old = calloc(1, sizeof *old);
    expander fresh;
    counter rows = {0};
    int64_t measured = -1;
    int changed = -1;
    memset(&fresh, 0, sizeof fresh);
    old->section = fresh.section = add(t, FOLD_ROOT, "a", NULL, 3);
    old->answers[0] = 100;
    old->replace = 1;
    old->next = &fresh;
    fresh.answers[0] = fresh.answers[1] = fresh.answers[2] = 70;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, rows_of_30, &rows), FOLD_OK);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, old),
                 FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_STATUS(fresh.set_status, FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 2); /* rows 1 and 2; row 0 was the old one's */
    CHECK_EQ_I64(fresh.asked[0], 1);
    CHECK_EQ_I64(fresh.asked[1], 2);
    expect_row(t, fresh.section, 0, 30, 100, FOLD_ITEM_FLAG_EXPANDABLE);
    expect_row(t, fresh.section, 2, 30, 70, FOLD_ITEM_FLAG_EXPANDABLE);

    /* Replaced inside fold_table_expand_row: its answer counts. */
    old = calloc(1, sizeof *old);
    old->section = fresh.section;
    old->answers[1] = 150;
    old->replace = 1;
    old->next = NULL; /* removes the provider */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, old),
                 FOLD_OK);
    CHECK_EQ_I64(fresh.calls, 2); /* replaced from outside: not called again */
    CHECK_STATUS(fold_table_invalidate_heights(t, fresh.section, 1), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, fresh.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    /* Its height was invalidated too: the estimate until measured. */
    expect_row(t, fresh.section, 1, 44, 150, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    /* Removed: nobody is asked any more. */
    CHECK_STATUS(fold_table_invalidate_heights(t, fresh.section, 2), FOLD_OK);
    CHECK_STATUS(fold_table_toggle_row(t, fresh.section, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    expect_row(t, fresh.section, 2, 44, FOLD_HEIGHT_DEFAULT, 0);
    CHECK_EQ_I64(fresh.calls, 2);
    CHECK_EQ_I64(calls_after_free, 0);
    fold_table_free(t);
}

/* Removed inside fold_table_measure: the rest is asked of nobody. */
static void test_expanded_provider_removes_itself(void)
{
    fold_table *t = new_table(NULL);
    expander *old = calloc(1, sizeof *old);
    counter rows = {0};
    int64_t measured = -1;
    int changed = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 3);
    old->section = a;
    old->answers[0] = old->answers[1] = old->answers[2] = 100;
    old->replace = 1; /* next NULL */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, rows_of_30, &rows), FOLD_OK);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, old),
                 FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3); /* the row provider stays */
    CHECK_EQ_I64(rows.calls, 3);
    CHECK_EQ_I64(calls_after_free, 0);
    expect_row(t, a, 0, 30, 100, FOLD_ITEM_FLAG_EXPANDABLE);
    expect_row(t, a, 1, 30, FOLD_HEIGHT_DEFAULT, 0);
    /* Expanding row 2 asks nobody: it has no expanded height. */
    CHECK_STATUS(fold_table_expand_row(t, a, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(calls_after_free, 0);
    fold_table_free(t);
}

/* The table freed inside the expanded-height provider: while measuring and
 * while expanding a row; the outer call returns normally and no callback
 * of the table runs after the free (LeakSanitizer: the table is freed). */
static void test_free_in_expanded_provider(void)
{
    fold_table *t = new_table(NULL);
    expander e;
    counter rows = {0}, listener = {0};
    int64_t measured = -1;
    memset(&e, 0, sizeof e);
    e.section = add(t, FOLD_ROOT, "a", NULL, 3);
    e.answers[0] = e.answers[1] = e.answers[2] = 100;
    e.free_table = 1;
    expander_freed = 0;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, rows_of_30, &rows), FOLD_OK);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, &e),
                 FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, change_counter, &listener, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(expander_freed, 1);
    CHECK_EQ_I64(listener.calls, 0);
    CHECK_EQ_I64(calls_after_free, 0); /* neither provider after the free */

    t = new_table(NULL);
    memset(&e, 0, sizeof e);
    e.section = add(t, FOLD_ROOT, "a", NULL, 3);
    e.answers[1] = 100;
    e.free_table = 1;
    expander_freed = 0;
    listener.calls = 0;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, &e),
                 FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, row_counter, &listener, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(listener.calls, 0); /* asked before the events; none after the free */
    CHECK_EQ_I64(calls_after_free, 0);
    expander_freed = 0;
}

/* Without a row height provider, fold_table_measure asks the expanded-height
 * provider for the rows it covers, and only those. */
static void test_expanded_provider_measured_alone(void)
{
    fold_table *t = new_table(NULL);
    expander e;
    int64_t measured = -1;
    memset(&e, 0, sizeof e);
    e.section = add(t, FOLD_ROOT, "a", NULL, 40);
    e.answers[0] = e.answers[1] = e.answers[2] = e.answers[3] = 90;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, &e),
                 FOLD_OK);
    /* Header 0..28, rows of 44: [0, 100) covers the header and rows 0 and 1. */
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(e.calls, 2);
    CHECK_EQ_I64(e.asked[0], 0);
    CHECK_EQ_I64(e.asked[1], 1);
    CHECK_EQ_I64(e.wrong_section, 0);
    expect_row(t, e.section, 1, 44, 90, FOLD_ITEM_FLAG_EXPANDABLE);
    expect_row(t, e.section, 2, 44, FOLD_HEIGHT_DEFAULT, 0);
    fold_table_free(t);
}

/* A row listener that refuses every "will expand". */
static int refuse_expand(fold_table *t, fold_section_id id, const char *key, int64_t row,
                         int32_t event, void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)row;
    ((counter *)user_data)->calls++;
    return event != FOLD_ROW_WILL_EXPAND;
}

/* Refused after the provider answered: the answer is kept (the row is
 * expandable now, not expanded) and that redraw is the one change set. */
static void test_expanded_answer_kept_when_refused(void)
{
    fold_table *t = new_table(NULL);
    expander e;
    counter refusals = {0}, sets = {0};
    int changed = -1;
    int32_t action = -1;
    memset(&e, 0, sizeof e);
    e.section = add(t, FOLD_ROOT, "a", NULL, 3);
    e.answers[1] = 100;
    e.answers[2] = 120;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, &e),
                 FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, refuse_expand, &refusals, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, change_counter, &sets, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(refusals.calls, 1);
    CHECK_EQ_I64(sets.calls, 1);
    expect_row(t, e.section, 1, 44, 100, FOLD_ITEM_FLAG_EXPANDABLE);
    /* Kept: asked no more. */
    CHECK_STATUS(fold_table_toggle_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(refusals.calls, 2);
    CHECK_EQ_I64(sets.calls, 1); /* nothing new to redraw */
    /* Through activate: a refusal, said so. */
    CHECK_STATUS(fold_table_activate(t, 3, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_REFUSED);
    CHECK_EQ_I64(e.calls, 2);
    CHECK_EQ_I64(sets.calls, 2);
    expect_row(t, e.section, 2, 44, 120, FOLD_ITEM_FLAG_EXPANDABLE);
    fold_table_free(t);
}

int main(void)
{
    test_section_listener_removed_in_round();
    test_change_listener_removed_in_round();
    test_row_listener_removed_in_round();
    test_listener_removes_itself();
    test_listener_added_in_round();
    test_provider_replaces_itself();
    test_provider_removes_itself();
    test_header_provider_replaces_itself();
    test_free_in_section_listener(FOLD_SECTION_WILL_COLLAPSE);
    test_free_in_section_listener(FOLD_SECTION_DID_COLLAPSE);
    test_free_in_change_listener();
    test_free_in_provider();
    test_free_two_tables_deep();
    test_two_tables_two_threads();
    test_callbacks_get_id_and_key();
    test_expanded_provider_measuring();
    test_expanded_provider_on_activation();
    test_expanded_provider_measured_alone();
    test_expanded_answer_kept_when_refused();
    test_expanded_provider_replaces_itself();
    test_expanded_provider_removes_itself();
    test_free_in_expanded_provider();
    CHECK_EQ_I64(calls_after_free, 0);
    return check_done();
}
