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

#include "check.h"
#include "foldtable.h"

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

static int section_remover(fold_table *t, const char *key, int32_t event, void *user_data)
{
    (void)t;
    (void)key;
    (void)event;
    remove_victim(user_data);
    return 1;
}

static int section_counter(fold_table *t, const char *key, int32_t event, void *user_data)
{
    (void)t;
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

static int row_remover(fold_table *t, const char *key, int64_t row, int32_t event, void *user_data)
{
    (void)t;
    (void)key;
    (void)row;
    (void)event;
    remove_victim(user_data);
    return 1;
}

static int row_counter(fold_table *t, const char *key, int64_t row, int32_t event, void *user_data)
{
    (void)t;
    (void)key;
    (void)row;
    (void)event;
    ((counter *)user_data)->calls++;
    return 1;
}

static fold_table *two_sections(void)
{
    fold_table *t = NULL;
    if (!CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK)) exit(check_done());
    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", NULL, 2), FOLD_OK);
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

    CHECK_STATUS(fold_table_collapse_key(t, "a", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(r.calls, 2);     /* will + did */
    CHECK_EQ_I64(later.calls, 2); /* will + did */
    CHECK_STATUS(fold_table_item_count(t, &items), FOLD_OK);
    CHECK_EQ_I64(items, 4); /* "a" collapsed: its header; "b": header + 2 rows */
    /* Gone for good: removing it again is FOLD_E_NOT_FOUND. */
    CHECK_STATUS(fold_table_remove_listener(t, r.victim_id), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_expand_key(t, "a", &changed), FOLD_OK);
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

    CHECK_STATUS(fold_table_collapse_key(t, "b", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(r.calls, 1);
    CHECK_STATUS(fold_table_collapse_key(t, "a", &changed), FOLD_OK);
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
    double h = -1;
    memset(&r, 0, sizeof r);
    r.table = t;
    r.victim_data = victim;
    CHECK_STATUS(fold_table_set_row_expanded_height(t, "a", 1, 100), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, row_remover, &r, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, row_counter, victim, &r.victim_id), FOLD_OK);

    CHECK_STATUS(fold_table_expand_row(t, "a", 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(r.remove_status, FOLD_OK);
    CHECK_EQ_I64(r.calls, 2); /* will + did */
    CHECK_STATUS(fold_table_row_height_key(t, "a", 1, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 44);
    CHECK_STATUS(fold_table_collapse_row(t, "a", 1, &changed), FOLD_OK);
    CHECK_EQ_I64(r.calls, 4);
    fold_table_free(t);
}

/* A listener that removes itself and frees its own user_data. */
typedef struct self_remover {
    fold_table *table;
    int64_t id;
} self_remover;

static int calls_self = 0;

static int section_self_remover(fold_table *t, const char *key, int32_t event, void *user_data)
{
    self_remover *me = user_data;
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
    CHECK_STATUS(fold_table_collapse_key(t, "a", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(calls_self, 1); /* the will event only */
    CHECK_STATUS(fold_table_toggle_key(t, "a", &changed), FOLD_OK);
    CHECK_EQ_I64(calls_self, 1);
    fold_table_free(t);
}

/* A listener added during a round waits for the next round. */
typedef struct adder {
    int calls;
    counter added;
    int64_t added_id;
} adder;

static int section_adder(fold_table *t, const char *key, int32_t event, void *user_data)
{
    adder *a = user_data;
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
    CHECK_STATUS(fold_table_collapse_key(t, "a", &changed), FOLD_OK);
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

static int row_provider(fold_table *t, const char *key, int64_t row, double *out, void *user_data)
{
    provider *p = user_data;
    double h = p->height;
    (void)key;
    (void)row;
    p->calls++;
    if (p->replace) {
        provider *next = p->next;
        int st = fold_table_set_height_provider(t, next ? row_provider : NULL, next);
        if (next) next->set_status = st;
        else calls_after_free += st != FOLD_OK; /* nowhere else to put it */
        free(p); /* the old user_data: the engine must never touch it again */
    }
    *out = h;
    return 1;
}

static int header_provider(fold_table *t, const char *key, double *out, void *user_data)
{
    provider *p = user_data;
    double h = p->height;
    (void)key;
    p->calls++;
    if (p->replace) {
        provider *next = p->next;
        int st = fold_table_set_header_height_provider(t, next ? header_provider : NULL, next);
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
    double h = -1, content = -1;
    memset(&fresh, 0, sizeof fresh);
    fresh.height = 20;
    old->height = 10;
    old->replace = 1;
    old->next = &fresh;
    CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_set_height_provider(t, row_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_STATUS(fresh.set_status, FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 2); /* rows 1 and 2; row 0 was the old one's */
    CHECK_STATUS(fold_table_row_height_key(t, "a", 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 10);
    CHECK_STATUS(fold_table_row_height_key(t, "a", 2, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 20);
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    CHECK_EQ_DBL(content, 28 + 10 + 20 + 20);
    /* The new one stays: invalidating asks it again. */
    CHECK_STATUS(fold_table_invalidate_all_heights(t), FOLD_OK);
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
    double h = -1;
    old->height = 10;
    old->replace = 1; /* next NULL: removes the provider */
    CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_set_height_provider(t, row_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 1); /* the rest was asked of nobody */
    CHECK_EQ_I64(calls_after_free, 0);
    CHECK_STATUS(fold_table_row_height_key(t, "a", 0, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 10);
    CHECK_STATUS(fold_table_row_height_key(t, "a", 1, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 44);
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
    double header = -1;
    memset(&fresh, 0, sizeof fresh);
    fresh.height = 40;
    old->height = 30;
    old->replace = 1;
    old->next = &fresh;
    CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "c", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_header_height_provider(t, header_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 2);
    CHECK_STATUS(fold_table_section_heights_key(t, "a", &header, NULL, NULL), FOLD_OK);
    CHECK_EQ_DBL(header, 30);
    CHECK_STATUS(fold_table_section_heights_key(t, "c", &header, NULL, NULL), FOLD_OK);
    CHECK_EQ_DBL(header, 40);
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

static int section_freer(fold_table *t, const char *key, int32_t event, void *user_data)
{
    freer *f = user_data;
    (void)key;
    f->calls++;
    if (event == f->free_on) {
        fold_table_free(t);
        f->query_status = fold_table_item_count(t, &f->items_after_free);
    }
    return 1;
}

static int section_after_free(fold_table *t, const char *key, int32_t event, void *user_data)
{
    (void)t;
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

static int provider_freer(fold_table *t, const char *key, int64_t row, double *out, void *user_data)
{
    freer *f = user_data;
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
    CHECK_STATUS(fold_table_collapse_key(t, "a", &changed), FOLD_OK);
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
    CHECK_STATUS(fold_table_collapse_key(t, "b", &changed), FOLD_OK);
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
    CHECK_STATUS(fold_table_set_height_provider(t, provider_freer, &f), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(f.calls, 1);  /* the free removed the provider: no second row */
    CHECK_EQ_I64(measured, 1);
}

/* Table a's listener collapses table b, whose listener frees a: a is in a
 * call on this thread further up, so its free waits for that call. */
typedef struct pair {
    fold_table *a, *b;
    int b_status;
    int b_calls;
} pair;

static int a_collapses_b(fold_table *t, const char *key, int32_t event, void *user_data)
{
    pair *p = user_data;
    (void)t;
    (void)key;
    if (event == FOLD_SECTION_DID_COLLAPSE) p->b_status = fold_table_collapse_key(p->b, "x", NULL);
    return 1;
}

static int b_frees_a(fold_table *t, const char *key, int32_t event, void *user_data)
{
    pair *p = user_data;
    (void)t;
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
    if (!CHECK_STATUS(fold_table_new(NULL, &p.b), FOLD_OK)) return;
    CHECK_STATUS(fold_table_append_section(p.b, "x", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(p.a, a_collapses_b, &p, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(p.b, b_frees_a, &p, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse_key(p.a, "a", &changed), FOLD_OK);
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
    int cross_status;      /* what the call on the other table returned */
    char message[512];
    int gates_ok;
    int collapse_status;
} crosser;

static int cross_listener(fold_table *t, const char *key, int32_t event, void *user_data)
{
    crosser *c = user_data;
    (void)t;
    (void)key;
    if (event != FOLD_SECTION_DID_COLLAPSE) return 1;
    /* Both threads are now inside a callback, each holding its own table. */
    c->gates_ok = gate(0, 2);
    c->cross_status = fold_table_expand_key(c->other, "s", NULL);
    snprintf(c->message, sizeof c->message, "%s", fold_last_error_message());
    /* Hold the table until the other thread has made its call too. */
    c->gates_ok &= gate(1, 2);
    return 1;
}

static void *cross_thread(void *arg)
{
    crosser *c = arg;
    c->collapse_status = fold_table_collapse_key(c->self, "s", NULL);
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
    int collapsed = -1;
    if (!CHECK_STATUS(fold_table_new(NULL, &a), FOLD_OK)) return;
    if (!CHECK_STATUS(fold_table_new(NULL, &b), FOLD_OK)) return;
    CHECK_STATUS(fold_table_append_section(a, "s", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(b, "s", NULL, 3), FOLD_OK);
    memset(&ca, 0, sizeof ca);
    memset(&cb, 0, sizeof cb);
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
    /* The refused calls changed nothing: both sections stay collapsed. */
    CHECK_STATUS(fold_table_is_collapsed_key(a, "s", &collapsed), FOLD_OK);
    CHECK_EQ_I64(collapsed, 1);
    CHECK_STATUS(fold_table_is_collapsed_key(b, "s", &collapsed), FOLD_OK);
    CHECK_EQ_I64(collapsed, 1);
    CHECK_STATUS(fold_table_item_count(b, &items), FOLD_OK);
    CHECK_EQ_I64(items, 1);
    /* Outside any callback, and with the other table free, calls wait and run. */
    CHECK_STATUS(fold_table_expand_key(a, "s", NULL), FOLD_OK);
    fold_table_free(a);
    fold_table_free(b);
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
    CHECK_EQ_I64(calls_after_free, 0);
    return check_done();
}
