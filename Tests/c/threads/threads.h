/*
 * threads.h — the parts of test_threads.c: the worker, its PRNG, the
 * EXPECT macros that record errors off the main thread, and run_workers.
 */
#ifndef FOLD_TEST_THREADS_H
#define FOLD_TEST_THREADS_H

#include "fixture.h"

#define THREADS 4
#define ITERATIONS 20000
#define SECTIONS 8
#define TOGGLED 6 /* sections 0..5 are only toggled in pairs */
#define ROWS 5

typedef struct worker {
    int id;
    fold_table *table;
    uint64_t rng;
    long errors;
    char first_error[256];
    int fresh_message_empty; /* fold_last_error_message() was "" at start */
} worker;

/* Records an error unless `status` is one of the two allowed ones. */
#define EXPECT2(w, call, ok1, ok2)                         \
    do {                                                   \
        int status_ = (call);                              \
        if (status_ != (ok1) && status_ != (ok2)) {        \
            error_at((w), __FILE__, __LINE__, #call, status_); \
        }                                                  \
    } while (0)
#define EXPECT(w, call, ok) EXPECT2(w, call, ok, ok)
#define EXPECT_TRUE(w, cond)                               \
    do {                                                   \
        if (!(cond)) {                                     \
            error_at((w), __FILE__, __LINE__, #cond, 0);   \
        }                                                  \
    } while (0)

int64_t below(worker *w, int64_t n);
/* Runs body(&workers[i]) on THREADS threads at once (worker i: id i, table
 * t, PRNG seed + i * step) and waits for them all; each thread must start,
 * finish and record no error (three checks a thread). */
void run_workers(worker *workers, fold_table *t, uint64_t seed, uint64_t step,
                 void *(*body)(void *));
void error_at(worker *w, const char *file, int line, const char *what, int status);
void queries(worker *w);
void test_shared_table(void);
void test_own_tables(void);
void cut(const char *text, size_t capacity, char *out);
void test_texts_while_changing(void);
void test_id_removed_by_another_thread(void);

#endif /* FOLD_TEST_THREADS_H */
