/*
 * callbacks/two_threads.c — 4. two tables whose listeners call each other from two
 * threads: FOLD_E_BUSY, never a deadlock.
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

/* One table's side: its hook (acting on did-collapse; it keeps the
 * section id and key it was given) calls into the other table. */
typedef struct crosser {
    fold_table *self, *other;
    fold_section_id self_id, other_id; /* section "s" of each */
    hook heard;
    int cross_status;      /* what the call on the other table returned */
    char message[512];
    int gates_ok;
    int collapse_status;
} crosser;

static void cross(fold_table *t, hook *h)
{
    crosser *c = h->data;
    (void)t;
    /* Both threads are now inside a callback, each holding its own table. */
    c->gates_ok = gate(0, 2);
    c->cross_status = fold_table_expand(c->other, c->other_id, NULL);
    snprintf(c->message, sizeof c->message, "%s", fold_last_error_message());
    /* Hold the table until the other thread has made its call too. */
    c->gates_ok &= gate(1, 2);
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

void test_two_tables_two_threads(void)
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
    ca.heard.on = cb.heard.on = FOLD_SECTION_DID_COLLAPSE;
    ca.heard.act = cb.heard.act = cross;
    ca.heard.data = &ca;
    cb.heard.data = &cb;
    CHECK_STATUS(fold_table_add_section_listener(a, hook_section, &ca.heard, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(b, hook_section, &cb.heard, NULL), FOLD_OK);

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
    CHECK(ca.heard.section == ca.self_id);
    CHECK(cb.heard.section == cb.self_id);
    CHECK_STR(ca.heard.key, "s");
    CHECK_STR(cb.heard.key, "s");
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
