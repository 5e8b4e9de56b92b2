/*
 * harness.c — foldbench's timing harness: the clock, the seeded PRNG, the
 * resident set, the run's configuration and measure(), which times a
 * workload in batches and keeps the figures for the report.
 */
#define _GNU_SOURCE /* clock_gettime, malloc_trim */

#include "harness.h"

#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------------- */
/* Plumbing: clock, PRNG, RSS, errors                                         */
/* ------------------------------------------------------------------------- */

int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

uint64_t rng_state = 0xF01DBE7C2024ULL;

/* SplitMix64: fixed seed, so every run draws the same inputs. */
uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int64_t rng_below(int64_t n) { return n > 0 ? (int64_t)(rng_next() % (uint64_t)n) : 0; }
double rng_unit(void) { return (double)(rng_next() >> 11) * (1.0 / 9007199254740992.0); }

/* Resident set size in bytes, after handing free heap memory back. */
int64_t rss_bytes(void) {
    malloc_trim(0);
    FILE *f = fopen("/proc/self/statm", "r");
    long long size = 0, resident = 0;
    if (f == NULL) return 0;
    if (fscanf(f, "%lld %lld", &size, &resident) != 2) resident = 0;
    fclose(f);
    return (int64_t)resident * sysconf(_SC_PAGESIZE);
}

int64_t heap_bytes(void) {
    struct mallinfo2 mi = mallinfo2();
    return (int64_t)(mi.uordblks + mi.hblkhd);
}

void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "foldbench: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(1);
}


volatile int64_t sink;

/* ------------------------------------------------------------------------- */
/* Configuration                                                             */
/* ------------------------------------------------------------------------- */

int opt_full = 0, opt_smoke = 0;
double batch_target_ns = 1e6;  /* aim for batches of about 1 ms */
double budget_ns = 150e6;      /* and about 150 ms per measurement */
double build_budget_ns = 1.5e9;

const char *const shape_names[] = {"one section", "N/1000 sections"};
const char *const shape_keys[] = {"one", "many"};
const char *const hmode_names[] = {"uniform", "variable"};

/* A row height from the "variable" distribution: 20..80 points. */
double random_height(void) { return 20.0 + (double)rng_below(61); }

int64_t sizes[8];
int size_count;

int64_t tree_leaves(void) { return (int64_t)TREE_TOPS << (TREE_LEVELS - 1); }

int64_t leaf_rows(int64_t n, int64_t leaf) {
    int64_t l = tree_leaves();
    return n / l + (leaf < n % l ? 1 : 0);
}

int64_t flat_section_rows(int64_t n, int64_t per, int64_t section) {
    return (section + 1) * per <= n ? per : n - section * per;
}

/* ------------------------------------------------------------------------- */
/* Results                                                                   */
/* ------------------------------------------------------------------------- */


result *results;
size_t result_count;
static size_t result_cap;


memresult memresults[256];
size_t memresult_count;

void add_memory(const char *impl, const char *heights, const char *shape, int64_t n,
                       int64_t bytes) {
    if (memresult_count >= sizeof memresults / sizeof memresults[0]) return;
    memresult *m = &memresults[memresult_count++];
    snprintf(m->impl, sizeof m->impl, "%s", impl);
    snprintf(m->heights, sizeof m->heights, "%s", heights);
    snprintf(m->shape, sizeof m->shape, "%s", shape);
    m->n = n;
    m->bytes_per_row = (double)bytes / (double)n;
    printf("  memory %-9s %-8s %-4s N=%-9lld %8.2f bytes/row\n", impl, heights, shape,
           (long long)n, m->bytes_per_row);
    fflush(stdout);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The value at fraction q of sorted v (linear interpolation). */
static double quantile(const double *v, int n, double q) {
    double pos = q * (n - 1);
    int i = (int)pos;
    if (i >= n - 1) return v[n - 1];
    return v[i] + (pos - i) * (v[i + 1] - v[i]);
}


void fmt_time(char *buf, size_t size, double ns) {
    if (ns < 1e3) snprintf(buf, size, "%.1f ns", ns);
    else if (ns < 1e6) snprintf(buf, size, "%.2f us", ns / 1e3);
    else if (ns < 1e9) snprintf(buf, size, "%.2f ms", ns / 1e6);
    else snprintf(buf, size, "%.2f s", ns / 1e9);
}

/* How many operations a batch of fn runs (about batch_target_ns of them)
 * and how many batches fit budget_ns (5..25); `single` makes every batch
 * one unit (builds). */
static int64_t calibrate(batch_fn fn, void *ctx, int single, int *reps) {
    double est;
    int64_t ops;
    if (single) {
        est = (double)fn(ctx, 1);
        ops = 1;
        *reps = (int)(build_budget_ns / (est > 1 ? est : 1));
        if (*reps < 3) *reps = 3;
        if (*reps > 11) *reps = 11;
    } else {
        /* One call is a poor guess (a first call may fault pages in): take
         * 64 unless one is already a good part of a batch. */
        est = (double)fn(ctx, 1);
        if (est < batch_target_ns / 4) est = (double)fn(ctx, 64) / 64.0;
        if (est < 1) est = 1;
        ops = (int64_t)(batch_target_ns / est);
        if (ops < 1) ops = 1;
        if (ops > (1 << 20)) ops = 1 << 20;
        *reps = (int)(budget_ns / ((double)ops * est));
        if (*reps < 5) *reps = 5;
        if (*reps > 25) *reps = 25;
    }
    if (opt_smoke) {
        if (ops > 64) ops = 64;
        *reps = 3;
    }
    return ops;
}

/* Keeps (and prints) the batches' figures: t holds reps times per op, in
 * the order they ran (sorted here). Returns the result's index. */
static size_t keep(const char *op, const char *shape, const char *heights, int64_t n,
                   const char *impl, double *t, int reps, int64_t ops_per_batch) {
    qsort(t, (size_t)reps, sizeof(double), cmp_double);
    if (result_count == result_cap) {
        result_cap = result_cap ? 2 * result_cap : 256;
        results = realloc(results, result_cap * sizeof(result));
        if (results == NULL) die("out of memory");
    }
    result *res = &results[result_count];
    memset(res, 0, sizeof *res);
    snprintf(res->op, sizeof res->op, "%s", op);
    snprintf(res->shape, sizeof res->shape, "%s", shape);
    snprintf(res->heights, sizeof res->heights, "%s", heights);
    snprintf(res->impl, sizeof res->impl, "%s", impl);
    res->n = n;
    res->median = quantile(t, reps, 0.5);
    res->min = t[0];
    res->max = t[reps - 1];
    res->q1 = quantile(t, reps, 0.25);
    res->q3 = quantile(t, reps, 0.75);
    res->reps = reps;
    res->ops_per_batch = ops_per_batch;

    char med[32], lo[32], hi[32];
    fmt_time(med, sizeof med, res->median);
    fmt_time(lo, sizeof lo, res->min);
    fmt_time(hi, sizeof hi, res->max);
    printf("  %-9s %-32s %-4s %-8s N=%-9lld %11s  [%s .. %s]  %d x %lld\n", impl, op, shape,
           heights, (long long)n, med, lo, hi, reps, (long long)ops_per_batch);
    fflush(stdout);
    return result_count++;
}

void measure(const char *op, const char *shape, const char *heights, int64_t n,
             const char *impl, batch_fn fn, void *ctx, int per, int single) {
    int reps;
    int64_t ops = calibrate(fn, ctx, single, &reps);
    double *t = malloc(sizeof(double) * (size_t)reps);
    if (t == NULL) die("out of memory");
    for (int r = 0; r < reps; r++) t[r] = (double)fn(ctx, ops) / (double)(ops * per);
    keep(op, shape, heights, n, impl, t, reps, ops * per);
    free(t);
}

void measure_rounds(const char *op, const char *shape, const char *heights, int64_t n, int count,
                    const char *const impls[], const batch_fn fns[], void *ctx, int per) {
    if (count < 1 || count > 4) die("measure_rounds: %d implementations", count);
    int64_t ops[4];
    int reps = 25;
    for (int j = 0; j < count; j++) {
        int r;
        ops[j] = calibrate(fns[j], ctx, 0, &r);
        if (r < reps) reps = r;
    }
    double *t = malloc(sizeof(double) * (size_t)(reps * count));
    double *ratio = malloc(sizeof(double) * (size_t)reps);
    if (t == NULL || ratio == NULL) die("out of memory");
    /* Round r starts with implementation r mod count: none always runs
     * right after the same one. */
    for (int r = 0; r < reps; r++)
        for (int k = 0; k < count; k++) {
            int j = (r + k) % count;
            t[j * reps + r] = (double)fns[j](ctx, ops[j]) / (double)(ops[j] * per);
        }
    /* The ratios first: keep() sorts each implementation's times. */
    double paired[4] = {0};
    for (int j = 1; j < count; j++) {
        for (int r = 0; r < reps; r++) ratio[r] = t[r] / t[j * reps + r];
        qsort(ratio, (size_t)reps, sizeof(double), cmp_double);
        paired[j] = quantile(ratio, reps, 0.5);
    }
    for (int j = 0; j < count; j++)
        results[keep(op, shape, heights, n, impls[j], t + j * reps, reps, ops[j] * per)].paired = paired[j];
    free(t);
    free(ratio);
}
