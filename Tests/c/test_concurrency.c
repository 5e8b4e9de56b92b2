/*
 * Concurrency: 8 threads make mixed calls (mutations, queries, failing
 * calls) on ONE shared table, then 8 threads do the same on a table each.
 * A watchdog alarm turns a deadlock into a failure. Afterwards:
 *
 *   - the shared table is consistent: item count == visible_items total,
 *     tops are running sums of heights, content height is their total,
 *     every section found by state is found by key, every thread's own
 *     sections are all there with the row counts the thread expects;
 *   - each separate table equals the same script replayed on one thread
 *     (same items, tops, heights, states);
 *   - every failing call on any thread set that thread's own message
 *     (the last-error message is thread-local).
 *
 * Phases: one table shared by 8 threads; the same with listeners that read
 * the table and are refused changes (FOLD_E_BUSY) from every thread; a table
 * each. Default: 8 x 100000 calls per phase (about 10 s). FOLDTABLE_CONCURRENCY_CALLS
 * sets another count (scripts/sanitize uses 20000). FOLDTABLE_CONCURRENCY_TIMEOUT (seconds,
 * default 300) sets the watchdog.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "foldtable.h"

#define THREADS 8
#define KEYS_PER_THREAD 6

typedef struct worker {
    fold_table *table;
    int id;
    long calls;
    uint64_t rng;
    /* What this thread knows of its own sections. */
    int64_t rows[KEYS_PER_THREAD];
    int present[KEYS_PER_THREAD];
    /* Problems seen (reported by the main thread). */
    long bad_status, bad_message, bad_invariant;
    char first_problem[256];
} worker;

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int64_t below(worker *w, int64_t n) { return (int64_t)(next(&w->rng) % (uint64_t)n); }

static void problem(worker *w, long *counter, const char *what, int status)
{
    (*counter)++;
    if (w->first_problem[0] == '\0') {
        snprintf(w->first_problem, sizeof w->first_problem, "thread %d: %s (status %s: \"%s\")",
                 w->id, what, fold_status_name(status), fold_last_error_message());
    }
}

/* A status that must be one of `a` / `b`. */
static void expect2(worker *w, int status, int a, int b, const char *what)
{
    if (status != a && status != b) {
        problem(w, &w->bad_status, what, status);
    }
    if (status != FOLD_OK && fold_last_error_message()[0] == '\0') {
        problem(w, &w->bad_message, "failure without a message", status);
    }
}

static void key_of(const worker *w, int k, char *out) { sprintf(out, "t%d_k%d", w->id, k); }

static const double heights[] = {0, 10, 12.5, 30, 44, 100.5};

static void one_call(worker *w)
{
    fold_table *t = w->table;
    char key[32];
    int k = (int)below(w, KEYS_PER_THREAD), st, changed;
    int64_t n = -1, written = -1, total = -1, pos;
    int32_t place, action;
    double h;
    fold_visible_item vis[16];
    fold_sticky_header sticky[8];
    key_of(w, k, key);

    switch (below(w, 20)) {
    case 0: /* insert (or re-insert) one of this thread's sections */
        if (!w->present[k]) {
            int64_t rows = below(w, 5);
            if (below(w, 3) == 0 && k > 0 && w->present[0]) {
                char parent[32];
                key_of(w, 0, parent);
                st = fold_table_insert_subsection(t, parent, 0, key, "x|y", rows);
            } else {
                st = fold_table_append_section(t, key, "T", rows);
            }
            expect2(w, st, FOLD_OK, FOLD_OK, "insert");
            if (st == FOLD_OK) {
                w->present[k] = 1;
                w->rows[k] = rows;
            }
        } else {
            st = fold_table_append_section(t, key, "T", 1);
            expect2(w, st, FOLD_E_DUPLICATE, FOLD_E_DUPLICATE, "duplicate insert");
        }
        break;
    case 1: /* remove one (and what is nested in it) */
        if (w->present[k] && k != 0) {
            int64_t path[70], len = 0;
            st = fold_table_section_path(t, key, path, 70, &len);
            expect2(w, st, FOLD_OK, FOLD_OK, "section_path");
            if (st == FOLD_OK && len == 1) {
                /* Top-level: remove by key through its parent (NULL) and
                 * index; another thread may move indices meanwhile, so use
                 * the key-addressed removal of all its rows instead. */
                st = fold_table_remove_rows_key(t, key, 0, w->rows[k]);
                expect2(w, st, FOLD_OK, FOLD_OK, "remove_rows_key");
                if (st == FOLD_OK) {
                    w->rows[k] = 0;
                }
            }
        }
        break;
    case 2:
    case 3: /* rows in */
        if (w->present[k]) {
            int64_t c = 1 + below(w, 3);
            double hs[3] = {heights[below(w, 6)], FOLD_HEIGHT_DEFAULT, heights[below(w, 6)]};
            st = fold_table_insert_rows_key(t, key, below(w, w->rows[k] + 1), c,
                                            below(w, 2) ? hs : NULL);
            expect2(w, st, FOLD_OK, FOLD_OK, "insert_rows_key");
            if (st == FOLD_OK) {
                w->rows[k] += c;
            }
        }
        break;
    case 4: /* rows out */
        if (w->present[k] && w->rows[k] > 0) {
            int64_t r = below(w, w->rows[k]);
            st = fold_table_remove_rows_key(t, key, r, 1);
            expect2(w, st, FOLD_OK, FOLD_OK, "remove_rows_key");
            if (st == FOLD_OK) {
                w->rows[k]--;
            }
        }
        break;
    case 5:
        if (w->present[k]) {
            st = below(w, 2) ? fold_table_toggle_key(t, key, &changed)
                             : fold_table_collapse_key(t, key, &changed);
            expect2(w, st, FOLD_OK, FOLD_OK, "toggle_key");
        }
        break;
    case 6:
        st = below(w, 2) ? fold_table_expand_all(t, &n) : fold_table_collapse_all(t, &n);
        expect2(w, st, FOLD_OK, FOLD_OK, "all");
        break;
    case 7:
        if (w->present[k] && w->rows[k] > 0) {
            int64_t r = below(w, w->rows[k]);
            st = fold_table_set_row_height_key(t, key, r, heights[below(w, 6)]);
            expect2(w, st, FOLD_OK, FOLD_OK, "set_row_height_key");
            st = fold_table_set_row_expanded_height(t, key, r, 150);
            expect2(w, st, FOLD_OK, FOLD_OK, "set_row_expanded_height");
            st = fold_table_toggle_row(t, key, r, &changed);
            expect2(w, st, FOLD_OK, FOLD_OK, "toggle_row");
        }
        break;
    case 8: /* failing calls: this thread's message must say so */
        st = fold_table_toggle_key(t, "no-such-key", &changed);
        expect2(w, st, FOLD_E_NOT_FOUND, FOLD_E_NOT_FOUND, "unknown key");
        if (strstr(fold_last_error_message(), "no-such-key") == NULL) {
            problem(w, &w->bad_message, "the message is not this thread's", st);
        }
        st = fold_table_insert_rows_key(t, key, -1, 1, NULL);
        expect2(w, st, FOLD_E_RANGE, FOLD_E_NOT_FOUND, "negative row");
        break;
    case 9:
        st = fold_table_set_accordion(t, (int32_t)below(w, 3));
        expect2(w, st, FOLD_OK, FOLD_OK, "set_accordion");
        break;
    case 10: /* activate whatever is there; the list may change under us */
        st = fold_table_item_count(t, &n);
        expect2(w, st, FOLD_OK, FOLD_OK, "item_count");
        if (n > 0) {
            st = fold_table_activate(t, below(w, n), &action);
            expect2(w, st, FOLD_OK, FOLD_E_RANGE, "activate");
        }
        break;
    case 11:
    case 12:
    case 13: { /* viewport and geometry queries */
        double off = (double)below(w, 4000) / 2 - 10;
        st = fold_table_visible_items(t, off, 300, below(w, 3), vis, 16, &written, &total);
        expect2(w, st, FOLD_OK, FOLD_OK, "visible_items");
        if (st == FOLD_OK && (written > 16 || written > total || written < 0)) {
            problem(w, &w->bad_invariant, "visible_items wrote more than asked", st);
        }
        st = fold_table_item_at_offset(t, off, &pos, &place);
        expect2(w, st, FOLD_OK, FOLD_OK, "item_at_offset");
        st = fold_table_sticky_headers(t, off, sticky, 8, &written, &total);
        expect2(w, st, FOLD_OK, FOLD_OK, "sticky_headers");
        break;
    }
    case 14: { /* all items in one viewport == item count, in one locked call each */
        st = fold_table_content_height(t, &h);
        expect2(w, st, FOLD_OK, FOLD_OK, "content_height");
        st = fold_table_visible_items(t, -1, 1e12, 0, NULL, 0, &written, &total);
        expect2(w, st, FOLD_OK, FOLD_OK, "visible_items total");
        break;
    }
    case 15: {
        fold_section_state *states = NULL;
        fold_row_ref *rows = NULL;
        st = fold_table_section_states(t, &states, &n);
        expect2(w, st, FOLD_OK, FOLD_OK, "section_states");
        fold_free(states);
        st = fold_table_expanded_rows(t, &rows, &n);
        expect2(w, st, FOLD_OK, FOLD_OK, "expanded_rows");
        fold_free(rows);
        break;
    }
    case 16:
        if (w->present[k]) {
            char *s = NULL;
            st = fold_table_item_count(t, &n);
            if (n > 0) {
                st = fold_table_item_key(t, below(w, n), &s);
                expect2(w, st, FOLD_OK, FOLD_E_RANGE, "item_key");
                fold_free(s);
            }
            st = fold_table_row_count_key(t, key, &n);
            expect2(w, st, FOLD_OK, FOLD_OK, "row_count_key");
            if (st == FOLD_OK && n != w->rows[k]) {
                problem(w, &w->bad_invariant, "another thread changed this thread's rows", st);
            }
        }
        break;
    case 17:
        st = fold_table_set_sticky_levels(t, (int32_t)below(w, 3));
        expect2(w, st, FOLD_OK, FOLD_OK, "set_sticky_levels");
        break;
    default:
        st = fold_table_item_count(t, &n);
        expect2(w, st, FOLD_OK, FOLD_OK, "item_count");
        if (n > 0) {
            st = fold_table_item_top(t, below(w, n), &h);
            expect2(w, st, FOLD_OK, FOLD_E_RANGE, "item_top");
        }
        break;
    }
    w->calls++;
}

static long calls_per_thread;

static void *run(void *arg)
{
    worker *w = (worker *)arg;
    long i;
    for (i = 0; i < calls_per_thread; i++) {
        one_call(w);
    }
    return NULL;
}

/* Tops are running sums, content is their total, the whole content holds
 * every item. */
static void check_consistent(const fold_table *t, const char *what)
{
    int64_t n = -1, i, written = -1, total = -1;
    double y, h = -1, top = -1, content = -1;
    fold_table_options o;
    long failed_before = check_failed_so_far();
    fold_table_options_init(&o);
    CHECK_STATUS(fold_table_get_options(t, &o), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    y = o.padding_top;
    for (i = 0; i < n; i++) {
        CHECK_STATUS(fold_table_item_top(t, i, &top), FOLD_OK);
        CHECK_EQ_DBL(top, y);
        CHECK_STATUS(fold_table_item_height(t, i, &h), FOLD_OK);
        y += h;
        if (check_failed_so_far() != failed_before) {
            break;
        }
    }
    CHECK_EQ_DBL(content, y + o.padding_bottom);
    CHECK_STATUS(fold_table_visible_items(t, -1, content + 2, 0, NULL, 0, &written, &total),
                 FOLD_OK);
    CHECK_EQ_I64(total, n);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (%s)\n", what);
    }
}

static void check_workers(worker *w, int count, const char *phase)
{
    int i, k;
    for (i = 0; i < count; i++) {
        CHECK_EQ_I64(w[i].calls, calls_per_thread);
        CHECK_EQ_I64(w[i].bad_status, 0);
        CHECK_EQ_I64(w[i].bad_message, 0);
        CHECK_EQ_I64(w[i].bad_invariant, 0);
        if (w[i].first_problem[0]) {
            fprintf(stderr, "%s: %s\n", phase, w[i].first_problem);
        }
        /* Every section this thread made is there with its rows. */
        for (k = 0; k < KEYS_PER_THREAD; k++) {
            char key[32];
            int64_t n = -1;
            if (!w[i].present[k]) {
                continue;
            }
            key_of(&w[i], k, key);
            CHECK_STATUS(fold_table_row_count_key(w[i].table, key, &n), FOLD_OK);
            CHECK_EQ_I64(n, w[i].rows[k]);
        }
    }
}

static void on_alarm(int sig)
{
    static const char msg[] = "test_concurrency: watchdog fired: a deadlock or a very slow run\n";
    (void)sig;
    if (write(2, msg, sizeof msg - 1) < 0) {
        _exit(3);
    }
    _exit(3);
}

/* Compares two tables item by item. */
static void check_same(const fold_table *a, const fold_table *b, int id)
{
    int64_t na = -1, nb = -2, i;
    double x = -1, y = -2;
    long failed_before = check_failed_so_far();
    CHECK_STATUS(fold_table_item_count(a, &na), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(b, &nb), FOLD_OK);
    CHECK_EQ_I64(na, nb);
    for (i = 0; i < na && i < nb; i++) {
        fold_item ia, ib;
        CHECK_STATUS(fold_table_item_at(a, i, &ia), FOLD_OK);
        CHECK_STATUS(fold_table_item_at(b, i, &ib), FOLD_OK);
        CHECK(memcmp(&ia, &ib, sizeof ia) == 0);
        CHECK_STATUS(fold_table_item_top(a, i, &x), FOLD_OK);
        CHECK_STATUS(fold_table_item_top(b, i, &y), FOLD_OK);
        CHECK_EQ_DBL(x, y);
        if (check_failed_so_far() != failed_before) {
            break;
        }
    }
    CHECK_STATUS(fold_table_content_height(a, &x), FOLD_OK);
    CHECK_STATUS(fold_table_content_height(b, &y), FOLD_OK);
    CHECK_EQ_DBL(x, y);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (thread %d's own table differs from the same calls on one thread)\n",
                id);
    }
}

/* Listeners that call back into the table while threads change it: each
 * reads (must succeed, and see a list consistent with the change it is told
 * about) and tries a change (must be refused with FOLD_E_BUSY). Counters are
 * atomic: listeners run on every worker thread. */
static long listener_calls, listener_read_errors, listener_not_busy, listener_inconsistent;

static void on_change_calls_back(fold_table *t, const fold_change_set *set, void *user_data)
{
    int64_t n = -1;
    fold_item item;
    (void)user_data;
    __atomic_add_fetch(&listener_calls, 1, __ATOMIC_RELAXED);
    if (fold_table_item_count(t, &n) != FOLD_OK) {
        __atomic_add_fetch(&listener_read_errors, 1, __ATOMIC_RELAXED);
        return;
    }
    /* Every position a step names lies within the list. */
    for (int64_t i = 0; i < set->change_count; i++) {
        if (set->changes[i].position < 0 || set->changes[i].position > n + set->changes[i].removed) {
            __atomic_add_fetch(&listener_inconsistent, 1, __ATOMIC_RELAXED);
        }
    }
    if (n > 0 && fold_table_item_at(t, n - 1, &item) != FOLD_OK) {
        __atomic_add_fetch(&listener_read_errors, 1, __ATOMIC_RELAXED);
    }
    if (fold_table_append_section(t, "from-a-listener", NULL, 1) != FOLD_E_BUSY) {
        __atomic_add_fetch(&listener_not_busy, 1, __ATOMIC_RELAXED);
    }
}

static int on_section_calls_back(fold_table *t, const char *key, int32_t event, void *user_data)
{
    int collapsed = -1;
    (void)user_data;
    (void)event;
    __atomic_add_fetch(&listener_calls, 1, __ATOMIC_RELAXED);
    if (fold_table_is_collapsed_key(t, key, &collapsed) != FOLD_OK) {
        __atomic_add_fetch(&listener_read_errors, 1, __ATOMIC_RELAXED);
    }
    if (fold_table_toggle_key(t, key, NULL) != FOLD_E_BUSY) {
        __atomic_add_fetch(&listener_not_busy, 1, __ATOMIC_RELAXED);
    }
    return 1;
}

int main(void)
{
    static worker w[THREADS];
    pthread_t th[THREADS];
    fold_table *shared = NULL;
    const char *env = getenv("FOLDTABLE_CONCURRENCY_CALLS");
    const char *tenv = getenv("FOLDTABLE_CONCURRENCY_TIMEOUT");
    int i;

    calls_per_thread = env && *env ? strtol(env, NULL, 0) : 100000;
    signal(SIGALRM, on_alarm);
    alarm(tenv && *tenv ? (unsigned)strtoul(tenv, NULL, 0) : 300);
    printf("%d threads x %ld calls, on one table and on a table each\n", THREADS,
           calls_per_thread);

    /* One table, eight threads. */
    if (!CHECK_STATUS(fold_table_new(NULL, &shared), FOLD_OK)) {
        return check_done();
    }
    for (i = 0; i < THREADS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].table = shared;
        w[i].id = i;
        w[i].rng = 0xC0C0A000ULL + (uint64_t)i;
        CHECK(pthread_create(&th[i], NULL, run, &w[i]) == 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_join(th[i], NULL) == 0);
    }
    check_workers(w, THREADS, "shared table");
    check_consistent(shared, "shared table");
    fold_table_free(shared);

    /* One table, eight threads, and listeners that call back into it. */
    if (!CHECK_STATUS(fold_table_new(NULL, &shared), FOLD_OK)) {
        return check_done();
    }
    CHECK_STATUS(fold_table_add_change_listener(shared, on_change_calls_back, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(shared, on_section_calls_back, NULL, NULL), FOLD_OK);
    for (i = 0; i < THREADS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].table = shared;
        w[i].id = i;
        w[i].rng = 0x115E0000ULL + (uint64_t)i;
        CHECK(pthread_create(&th[i], NULL, run, &w[i]) == 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_join(th[i], NULL) == 0);
    }
    check_workers(w, THREADS, "shared table with listeners");
    check_consistent(shared, "shared table with listeners");
    CHECK(listener_calls > 0);
    CHECK_EQ_I64(listener_read_errors, 0);
    CHECK_EQ_I64(listener_not_busy, 0);
    CHECK_EQ_I64(listener_inconsistent, 0);
    printf("listeners: %ld calls, each reading the table and refused a change\n", listener_calls);
    fold_table_free(shared);

    /* A table each; then the same calls on one thread must give the same table. */
    for (i = 0; i < THREADS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].id = i;
        w[i].rng = 0x5E9A0000ULL + (uint64_t)i;
        CHECK_STATUS(fold_table_new(NULL, &w[i].table), FOLD_OK);
        CHECK(pthread_create(&th[i], NULL, run, &w[i]) == 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_join(th[i], NULL) == 0);
    }
    check_workers(w, THREADS, "separate tables");
    for (i = 0; i < THREADS; i++) {
        worker again;
        memset(&again, 0, sizeof again);
        again.id = i;
        again.rng = 0x5E9A0000ULL + (uint64_t)i;
        CHECK_STATUS(fold_table_new(NULL, &again.table), FOLD_OK);
        run(&again);
        check_consistent(w[i].table, "separate table");
        check_same(w[i].table, again.table, i);
        fold_table_free(again.table);
        fold_table_free(w[i].table);
    }
    alarm(0);
    return check_done();
}
