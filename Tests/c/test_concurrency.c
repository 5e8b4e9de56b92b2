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
 *     (the last-error message is thread-local);
 *   - ids of sections removed by any thread (a shared graveyard) are
 *     FOLD_E_NOT_FOUND on every thread, in the same table and in others;
 *   - a thread's own section texts read back whole while others change
 *     the table (copied under the lock).
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

#include "fixture.h"

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
    fold_section_id ids[KEYS_PER_THREAD];
    int nested[KEYS_PER_THREAD]; /* inserted under this thread's k0, header "x|y" (else "T") */
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

/* A random position of the list as it is now (other threads may change it
 * before it is used), -1 when the list is empty. */
static int64_t some_position(worker *w, fold_table *t)
{
    int64_t n = -1;
    int st = fold_table_item_count(t, &n);
    expect2(w, st, FOLD_OK, FOLD_OK, "item_count");
    return n > 0 ? below(w, n) : -1;
}

static void key_of(const worker *w, int k, char *out) { sprintf(out, "t%d_k%d", w->id, k); }

static const double heights[] = {0, 10, 12.5, 30, 44, 100.5};

/* Ids of sections removed by any thread, for the others to try. */
#define GRAVEYARD 1024
static fold_section_id graveyard[GRAVEYARD];
static long graveyard_next;

static void bury(fold_section_id id)
{
    long at = __atomic_fetch_add(&graveyard_next, 1, __ATOMIC_RELAXED) % GRAVEYARD;
    __atomic_store_n(&graveyard[at], id, __ATOMIC_RELEASE);
}

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
            fold_section_id id = 0;
            int nested = below(w, 3) == 0 && k > 0 && w->present[0];
            if (nested) {
                st = fold_table_insert_section(t, w->ids[0], 0, key, "x|y", rows, 0, &id);
            } else {
                st = fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, "T", rows, 0, &id);
            }
            expect2(w, st, FOLD_OK, FOLD_OK, "insert");
            if (st == FOLD_OK) {
                w->present[k] = 1;
                w->rows[k] = rows;
                w->ids[k] = id;
                w->nested[k] = nested;
            }
        } else {
            st = fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, "T", 1, 0, NULL);
            expect2(w, st, FOLD_E_DUPLICATE, FOLD_E_DUPLICATE, "duplicate insert");
        }
        break;
    case 1: /* remove one (and what is nested in it), or all its rows */
        if (w->present[k] && k != 0) {
            int64_t path[70], len = 0;
            st = fold_table_section_path(t, w->ids[k], path, 70, &len);
            expect2(w, st, FOLD_OK, FOLD_OK, "section_path");
            if (st == FOLD_OK && len == 1 && below(w, 2)) {
                st = fold_table_remove_rows(t, w->ids[k], 0, w->rows[k]);
                expect2(w, st, FOLD_OK, FOLD_OK, "remove_rows");
                if (st == FOLD_OK) {
                    w->rows[k] = 0;
                }
            } else if (st == FOLD_OK && len == 1) {
                fold_section_info si;
                st = fold_table_remove_section(t, w->ids[k]);
                expect2(w, st, FOLD_OK, FOLD_OK, "remove_section");
                if (st == FOLD_OK) {
                    st = fold_table_section_info(t, w->ids[k], &si);
                    expect2(w, st, FOLD_E_NOT_FOUND, FOLD_E_NOT_FOUND, "a removed id");
                    bury(w->ids[k]);
                    w->present[k] = 0;
                    w->ids[k] = 0;
                }
            }
        }
        break;
    case 2:
    case 3: /* rows in, at a child index (k0 may hold subsections) */
        if (w->present[k]) {
            int64_t c = 1 + below(w, 3), children = -1;
            double hs[3] = {heights[below(w, 6)], FOLD_HEIGHT_DEFAULT, heights[below(w, 6)]};
            st = fold_table_child_count(t, w->ids[k], &children);
            expect2(w, st, FOLD_OK, FOLD_OK, "child_count");
            st = fold_table_insert_rows(t, w->ids[k], below(w, children + 1), c,
                                        below(w, 2) ? hs : NULL);
            expect2(w, st, FOLD_OK, FOLD_OK, "insert_rows");
            if (st == FOLD_OK) {
                w->rows[k] += c;
            }
        }
        break;
    case 4: /* rows out */
        if (w->present[k] && w->rows[k] > 0) {
            int64_t r = below(w, w->rows[k]);
            st = fold_table_remove_rows(t, w->ids[k], r, 1);
            expect2(w, st, FOLD_OK, FOLD_OK, "remove_rows");
            if (st == FOLD_OK) {
                w->rows[k]--;
            }
        }
        break;
    case 5:
        if (w->present[k]) {
            st = below(w, 2) ? fold_table_toggle(t, w->ids[k], &changed)
                             : fold_table_collapse(t, w->ids[k], &changed);
            expect2(w, st, FOLD_OK, FOLD_OK, "toggle");
        }
        break;
    case 6:
        st = below(w, 2) ? fold_table_expand_all(t, &n) : fold_table_collapse_all(t, &n);
        expect2(w, st, FOLD_OK, FOLD_OK, "all");
        break;
    case 7:
        if (w->present[k] && w->rows[k] > 0) {
            int64_t r = below(w, w->rows[k]);
            st = fold_table_set_row_height(t, w->ids[k], r, heights[below(w, 6)]);
            expect2(w, st, FOLD_OK, FOLD_OK, "set_row_height");
            st = fold_table_set_row_expanded_height(t, w->ids[k], r, 150);
            expect2(w, st, FOLD_OK, FOLD_OK, "set_row_expanded_height");
            st = fold_table_toggle_row(t, w->ids[k], r, &changed);
            expect2(w, st, FOLD_OK, FOLD_OK, "toggle_row");
        }
        break;
    case 8: { /* failing calls: this thread's message must say so */
        fold_section_id id = 0;
        int64_t g = below(w, GRAVEYARD);
        st = fold_table_find_section(t, "no-such-key", &id);
        expect2(w, st, FOLD_E_NOT_FOUND, FOLD_E_NOT_FOUND, "unknown key");
        if (strstr(fold_last_error_message(), "no-such-key") == NULL) {
            problem(w, &w->bad_message, "the message is not this thread's", st);
        }
        /* -2: not an index (-1 is FOLD_INDEX_END); no section: the root. */
        st = fold_table_insert_rows(t, w->present[k] ? w->ids[k] : FOLD_ROOT, -2, 1, NULL);
        expect2(w, st, w->present[k] ? FOLD_E_RANGE : FOLD_E_INVALID, FOLD_E_RANGE, "negative row");
        /* An id some thread removed, in this table or another. */
        id = __atomic_load_n(&graveyard[g], __ATOMIC_ACQUIRE);
        if (id != 0) {
            char buffer[8];
            st = fold_table_toggle(t, id, &changed);
            expect2(w, st, FOLD_E_NOT_FOUND, FOLD_E_NOT_FOUND, "a removed section's id");
            st = fold_table_section_text(t, id, FOLD_TEXT_KEY, buffer, sizeof buffer, NULL);
            expect2(w, st, FOLD_E_NOT_FOUND, FOLD_E_NOT_FOUND, "a removed section's text");
        }
        break;
    }
    case 9:
        st = fold_table_set_accordion(t, (int32_t)below(w, 3));
        expect2(w, st, FOLD_OK, FOLD_OK, "set_accordion");
        break;
    case 10: /* activate whatever is there; the list may change under us */
        pos = some_position(w, t);
        if (pos >= 0) {
            st = fold_table_activate(t, pos, &action);
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
            fold_item item;
            fold_section_info si;
            st = fold_table_item_count(t, &n);
            if (n > 0) {
                st = fold_table_item_at(t, below(w, n), &item);
                expect2(w, st, FOLD_OK, FOLD_E_RANGE, "item_at");
                if (st == FOLD_OK) {
                    /* Its section may be removed by now. */
                    char buffer[32];
                    st = fold_table_section_text(t, item.section, FOLD_TEXT_KEY, buffer, sizeof buffer, NULL);
                    expect2(w, st, FOLD_OK, FOLD_E_NOT_FOUND, "an item's key");
                }
            }
            st = fold_table_section_info(t, w->ids[k], &si);
            expect2(w, st, FOLD_OK, FOLD_OK, "section_info");
            if (st == FOLD_OK && si.row_count != w->rows[k]) {
                problem(w, &w->bad_invariant, "another thread changed this thread's rows", st);
            }
        }
        break;
    case 17:
        st = fold_table_set_sticky_levels(t, (int32_t)below(w, 3));
        expect2(w, st, FOLD_OK, FOLD_OK, "set_sticky_levels");
        break;
    case 18: /* this thread's own texts, whole or cut, while others change the table */
        if (w->present[k]) {
            char buffer[32];
            size_t length = 0;
            int32_t which = below(w, 2) ? FOLD_TEXT_HEADER : FOLD_TEXT_DETAIL;
            size_t capacity = below(w, 2) ? sizeof buffer : 2;
            const char *whole = which == FOLD_TEXT_HEADER ? (w->nested[k] ? "x|y" : "T")
                                                          : (w->nested[k] ? "y" : NULL);
            st = fold_table_section_text(t, w->ids[k], which, buffer, capacity, &length);
            expect2(w, st, whole ? FOLD_OK : FOLD_E_NOT_FOUND, whole ? FOLD_OK : FOLD_E_NOT_FOUND,
                    "section_text");
            if (st == FOLD_OK && (length != strlen(whole) ||
                                  strncmp(buffer, whole, capacity - 1) != 0 ||
                                  strlen(buffer) != (length < capacity ? length : capacity - 1))) {
                problem(w, &w->bad_invariant, "a section text read back otherwise", st);
            }
            st = fold_table_section_text(t, w->ids[k], FOLD_TEXT_KEY, buffer, sizeof buffer, &length);
            expect2(w, st, FOLD_OK, FOLD_OK, "key text");
            if (st == FOLD_OK && strcmp(buffer, key) != 0) {
                problem(w, &w->bad_invariant, "a key read back otherwise", st);
            }
        }
        break;
    default:
        pos = some_position(w, t);
        if (pos >= 0) {
            st = fold_table_item_top(t, pos, &h);
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
        /* Every section this thread made is there, with its id and its
         * rows; those it removed are not. */
        for (k = 0; k < KEYS_PER_THREAD; k++) {
            char key[32];
            fold_section_id id = 0;
            key_of(&w[i], k, key);
            if (!w[i].present[k]) {
                CHECK_STATUS(fold_table_find_section(w[i].table, key, &id), FOLD_E_NOT_FOUND);
                continue;
            }
            CHECK(sec(w[i].table, key) == w[i].ids[k]);
            CHECK_EQ_I64(row_count(w[i].table, w[i].ids[k]), w[i].rows[k]);
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

/* Compares two tables item by item: the same items of the same sections
 * (by key: the two tables' ids differ). */
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
        CHECK(ia.kind == ib.kind && ia.depth == ib.depth && ia.row == ib.row &&
              ia.flags == ib.flags);
        CHECK(ia.section != ib.section); /* ids are never handed out twice */
        CHECK_STR(text(a, ia.section, FOLD_TEXT_KEY), text(b, ib.section, FOLD_TEXT_KEY));
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
    /* The steps apply in order to the old list (its length: n less what
     * they added, plus what they removed): each lies within the list as the
     * steps before it left it, and together they leave n items. */
    int64_t length = n;
    for (int64_t i = 0; i < set->change_count; i++) {
        length += set->changes[i].removed - set->changes[i].added;
    }
    for (int64_t i = 0; i < set->change_count; i++) {
        const fold_change *c = &set->changes[i];
        if (c->position < 0 || c->removed < 0 || c->added < 0 || c->position + c->removed > length) {
            __atomic_add_fetch(&listener_inconsistent, 1, __ATOMIC_RELAXED);
        }
        length += c->added - c->removed;
    }
    if (n > 0 && fold_table_item_at(t, n - 1, &item) != FOLD_OK) {
        __atomic_add_fetch(&listener_read_errors, 1, __ATOMIC_RELAXED);
    }
    if (fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "from-a-listener", NULL, 1, 0, NULL) !=
        FOLD_E_BUSY) {
        __atomic_add_fetch(&listener_not_busy, 1, __ATOMIC_RELAXED);
    }
}

/* Reads with the id it is given (its key must be the key given), and is
 * refused a change with it. */
static int on_section_calls_back(fold_table *t, fold_section_id id, const char *key, int32_t event,
                                 void *user_data)
{
    fold_section_info si;
    char buffer[32];
    fold_section_id by_key = 0;
    (void)user_data;
    (void)event;
    __atomic_add_fetch(&listener_calls, 1, __ATOMIC_RELAXED);
    if (fold_table_section_info(t, id, &si) != FOLD_OK ||
        fold_table_section_text(t, id, FOLD_TEXT_KEY, buffer, sizeof buffer, NULL) != FOLD_OK ||
        fold_table_find_section(t, key, &by_key) != FOLD_OK) {
        __atomic_add_fetch(&listener_read_errors, 1, __ATOMIC_RELAXED);
    } else if (strcmp(buffer, key) != 0 || by_key != id) {
        __atomic_add_fetch(&listener_inconsistent, 1, __ATOMIC_RELAXED);
    }
    if (fold_table_toggle(t, id, NULL) != FOLD_E_BUSY) {
        __atomic_add_fetch(&listener_not_busy, 1, __ATOMIC_RELAXED);
    }
    return 1;
}

/* Starts THREADS workers (worker i seeded with seed + i) on `shared`, or
 * each on a new table of its own when `shared` is NULL, and waits for them. */
static void run_threads(worker *w, pthread_t *th, fold_table *shared, uint64_t seed)
{
    int i;
    for (i = 0; i < THREADS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].table = shared;
        w[i].id = i;
        w[i].rng = seed + (uint64_t)i;
        if (shared == NULL) CHECK_STATUS(fold_table_new(NULL, &w[i].table), FOLD_OK);
        CHECK(pthread_create(&th[i], NULL, run, &w[i]) == 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK(pthread_join(th[i], NULL) == 0);
    }
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
    run_threads(w, th, shared, 0xC0C0A000ULL);
    check_workers(w, THREADS, "shared table");
    check_consistent(shared, "shared table");
    fold_table_free(shared);

    /* One table, eight threads, and listeners that call back into it. */
    if (!CHECK_STATUS(fold_table_new(NULL, &shared), FOLD_OK)) {
        return check_done();
    }
    CHECK_STATUS(fold_table_add_change_listener(shared, on_change_calls_back, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(shared, on_section_calls_back, NULL, NULL), FOLD_OK);
    run_threads(w, th, shared, 0x115E0000ULL);
    check_workers(w, THREADS, "shared table with listeners");
    check_consistent(shared, "shared table with listeners");
    CHECK(listener_calls > 0);
    CHECK_EQ_I64(listener_read_errors, 0);
    CHECK_EQ_I64(listener_not_busy, 0);
    CHECK_EQ_I64(listener_inconsistent, 0);
    printf("listeners: %ld calls, each reading the table and refused a change\n", listener_calls);
    fold_table_free(shared);

    /* A table each; then the same calls on one thread must give the same table. */
    run_threads(w, th, NULL, 0x5E9A0000ULL);
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
