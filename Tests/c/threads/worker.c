/*
 * threads/worker.c — the worker's PRNG and error recording.
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
