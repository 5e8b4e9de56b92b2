/*
 * one_call.h — what the one-call benchmarks (reconcile.c, reload.c,
 * batch.c, interaction.c, drop.c, transition.c) share: a status check that
 * exits with the program's name, a monotonic clock in milliseconds, a seeded
 * SplitMix64 draw, the machine's CPU name and a median. Each
 * program defines BENCH_NAME and its seed (`rng`) before including it.
 */
#ifndef FOLDBENCH_ONE_CALL_H
#define FOLDBENCH_ONE_CALL_H

#include <foldtable.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Exits with the call's status and message unless it is FOLD_OK. */
static void check(int status, const char *what)
{
    if (status != FOLD_OK) {
        fprintf(stderr, "%s: %s: %s: %s\n", BENCH_NAME, what, fold_status_name(status), fold_last_error_message());
        exit(1);
    }
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The next 64 bits from the program's seeded `rng` (SplitMix64). */
static uint64_t rng;
static inline uint64_t draw64(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* 0..n-1 from the same draws. */
static int64_t below(int64_t n)
{
    return (int64_t)(draw64() % (uint64_t)n);
}

/* The CPU's model name from /proc/cpuinfo ("unknown" without it). */
static inline void cpu_name(char *out, size_t size)
{
    snprintf(out, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "model name", 10) == 0) {
            char *colon = strchr(line, ':');
            if (colon) snprintf(out, size, "%s", colon + 2);
            out[strcspn(out, "\n")] = 0;
            break;
        }
    if (f) fclose(f);
}

static inline int one_call_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of v[0..n-1] (sorts v). */
static inline double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, one_call_by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
