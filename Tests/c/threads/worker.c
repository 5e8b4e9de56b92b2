/*
 * threads/worker.c — the worker's PRNG, error recording, and running THREADS
 * workers at once.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threads.h"

static uint64_t next_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int64_t below(worker *w, int64_t n) { return (int64_t)(next_rand(&w->rng) % (uint64_t)n); }

void error_at(worker *w, const char *file, int line, const char *what, int status)
{
    if (w->errors++ == 0) {
        snprintf(w->first_error, sizeof w->first_error, "thread %d, %s:%d: %s returned %d (%s)",
                 w->id, file, line, what, status, fold_status_name(status));
    }
}

void run_workers(worker *workers, fold_table *t, uint64_t seed, uint64_t step,
                 void *(*body)(void *))
{
    pthread_t threads[THREADS];
    int i;
    for (i = 0; i < THREADS; i++) {
        memset(&workers[i], 0, sizeof workers[i]);
        workers[i].id = i;
        workers[i].table = t;
        workers[i].rng = seed + (uint64_t)i * step;
        CHECK_EQ_I64(pthread_create(&threads[i], NULL, body, &workers[i]), 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ_I64(pthread_join(threads[i], NULL), 0);
        if (!CHECK_EQ_I64(workers[i].errors, 0)) {
            fprintf(stderr, "  first error: %s\n", workers[i].first_error);
        }
    }
}
