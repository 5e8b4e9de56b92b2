/*
 * Loads finished from a worker thread while the main thread reads the
 * table: the loader hands each START's ticket to the worker, which
 * finishes (every fourth: fails) the load; every read sees either the
 * placeholder or the whole children, never a half-made list.
 * scripts/sanitize thread runs this under ThreadSanitizer.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>

#include "loading/loading.h"

#define NLOADS 24

typedef struct handoff {
    pthread_mutex_t mutex;
    pthread_cond_t ready;
    fold_section_id section[NLOADS];
    uint64_t ticket[NLOADS];
    int queued;
    fold_table *table;
    /* Written by the worker only; read after the join. */
    int finished, failed, errors;
} handoff;

static void hand_to_worker(fold_table *t, fold_section_id section, const char *key, uint64_t ticket,
                           int32_t event, void *user_data)
{
    handoff *h = user_data;
    (void)t;
    (void)key;
    if (event != FOLD_LOAD_START) return;
    pthread_mutex_lock(&h->mutex);
    if (h->queued < NLOADS) {
        h->section[h->queued] = section;
        h->ticket[h->queued] = ticket;
        h->queued++;
    }
    pthread_cond_signal(&h->ready);
    pthread_mutex_unlock(&h->mutex);
}

static void *worker(void *arg)
{
    handoff *h = arg;
    fold_snapshot_entry children[] = {snap_rows(0, 3)};
    int done;
    for (done = 0; done < NLOADS; done++) {
        fold_section_id section;
        uint64_t ticket;
        int32_t status;
        pthread_mutex_lock(&h->mutex);
        while (h->queued <= done) pthread_cond_wait(&h->ready, &h->mutex);
        section = h->section[done];
        ticket = h->ticket[done];
        pthread_mutex_unlock(&h->mutex);
        if (done % 4 == 3) {
            status = fold_table_fail_load(h->table, section, ticket, "worker says no");
            h->failed += status == FOLD_OK;
        } else {
            status = fold_table_finish_load(h->table, section, ticket, children, 1, NULL);
            h->finished += status == FOLD_OK;
        }
        h->errors += status != FOLD_OK;
    }
    return NULL;
}

/* Reads section `s` the way a drawing loop does; returns
 * 0 if what it saw is not one of the two whole states. */
static int consistent(fold_table *t, fold_section_id s)
{
    fold_section_info si;
    int64_t header = -1;
    fold_item item;
    if (fold_table_section_info(t, s, &si) != FOLD_OK || fold_table_header_position(t, s, &header) != FOLD_OK) {
        return 0;
    }
    memset(&item, 0, sizeof item);
    if (fold_table_item_at(t, header + 1, &item) != FOLD_OK) return 0;
    /* Each read is one call and the load may finish between two of them:
     * children read before a placeholder cannot exist. */
    if (item.section != s) return 0;
    if (item.kind == FOLD_ITEM_PLACEHOLDER) return si.child_count == 0;
    return item.kind == FOLD_ITEM_ROW && item.row == 0;
}

void test_loading_threads(void)
{
    handoff h;
    fold_table *t = must_table(NULL);
    fold_section_id ids[NLOADS];
    pthread_t thread;
    int i, reads = 0, bad = 0;
    char key[16];
    double content = 0;
    memset(&h, 0, sizeof h);
    pthread_mutex_init(&h.mutex, NULL);
    pthread_cond_init(&h.ready, NULL);
    h.table = t;
    for (i = 0; i < NLOADS; i++) {
        snprintf(key, sizeof key, "s%d", i);
        ids[i] = add_flagged(t, FOLD_ROOT, key, key, 0, FOLD_SECTION_UNLOADED);
    }
    CHECK_STATUS(fold_table_set_loader(t, hand_to_worker, &h), FOLD_OK);
    if (!CHECK(pthread_create(&thread, NULL, worker, &h) == 0)) return;
    /* Expand each section and read it (and the others) until its load is over. */
    for (i = 0; i < NLOADS; i++) {
        int changed = 0;
        fold_table_expand(t, ids[i], &changed);
        for (;;) {
            fold_load_info li;
            int k;
            memset(&li, 0, sizeof li);
            fold_table_load_info(t, ids[i], &li);
            for (k = 0; k <= i; k++) bad += !consistent(t, ids[k]);
            reads++;
            if (li.state == FOLD_LOAD_LOADED || li.state == FOLD_LOAD_FAILED) break;
        }
    }
    pthread_join(thread, NULL);
    CHECK_EQ_I64(bad, 0);
    CHECK(reads >= NLOADS);
    CHECK_EQ_I64(h.errors, 0);
    CHECK_EQ_I64(h.finished, 18);
    CHECK_EQ_I64(h.failed, 6);
    /* 18 sections with 3 rows, 6 with a failed placeholder. */
    CHECK_EQ_I64(item_count(t), NLOADS + 18 * 3 + 6);
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    CHECK_EQ_DBL(content, NLOADS * 28 + (18 * 3 + 6) * 44);
    for (i = 0; i < NLOADS; i++) {
        CHECK_LOAD(t, ids[i], i % 4 == 3 ? FOLD_LOAD_FAILED : FOLD_LOAD_LOADED, i % 4 == 3 ? (uint64_t)i + 1 : 0);
    }
    CHECK_STR(text(t, ids[3], FOLD_TEXT_LOAD_ERROR), "worker says no");
    fold_table_free(t);
    pthread_cond_destroy(&h.ready);
    pthread_mutex_destroy(&h.mutex);
}
