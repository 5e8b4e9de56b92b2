/*
 * harness.h — foldbench's timing harness (harness.c): the clock, a seeded
 * PRNG, the resident set, checked library calls, the run's configuration,
 * the shapes measured, and measure(), which times a workload and keeps the
 * figures that report.c prints and writes.
 */
#ifndef FOLDBENCH_HARNESS_H
#define FOLDBENCH_HARNESS_H

#include <foldtable.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ------------------------------------------------------------------------- */
/* Configuration                                                             */
/* ------------------------------------------------------------------------- */

#define ROW_HEIGHT 40.0    /* default row height: a 1080-pt viewport shows 27 rows */
#define HEADER_HEIGHT 28.0
#define VIEWPORT 1080.0
#define ROWS_PER_SECTION 1000 /* the "many sections" shape */
#define POOL 4096          /* random inputs per measurement, used cyclically */
#define TREE_LEVELS 8
#define TREE_TOPS 8        /* top-level sections of the tree; fanout 2 below */

extern int opt_full, opt_smoke;
extern double batch_target_ns; /* aim for batches of about this long */
extern double budget_ns;       /* and about this long per measurement */
extern double build_budget_ns;
extern int64_t sizes[8];       /* the N run, smallest first */
extern int size_count;

enum shape { SHAPE_ONE, SHAPE_MANY };
extern const char *const shape_names[]; /* "one section", "N/1000 sections" */
extern const char *const shape_keys[];  /* "one", "many" */
enum hmode { H_UNIFORM, H_VARIABLE };
extern const char *const hmode_names[]; /* "uniform", "variable" */

/* The tree shape: TREE_TOPS top-level sections, each a binary tree
 * TREE_LEVELS deep, rows in the tree_leaves() leaf sections, leaf_rows(n, i)
 * of N rows in leaf i. */
int64_t tree_leaves(void);
int64_t leaf_rows(int64_t n, int64_t leaf);
/* The flat shapes: N rows in sections of `per` rows (the last one shorter);
 * the number of rows of section `section`. */
int64_t flat_section_rows(int64_t n, int64_t per, int64_t section);

/* ------------------------------------------------------------------------- */
/* Plumbing: clock, PRNG, RSS, checked calls                                  */
/* ------------------------------------------------------------------------- */

int64_t now_ns(void);

/* SplitMix64 with a fixed seed, so every run draws the same inputs. */
extern uint64_t rng_state;
uint64_t rng_next(void);
int64_t rng_below(int64_t n);
double rng_unit(void);
/* A row height from the "variable" distribution: 20..80 points. */
double random_height(void);

/* Resident set size in bytes, after handing free heap memory back. */
int64_t rss_bytes(void);
/* Heap bytes in use (glibc's mallinfo2: allocated chunks plus mmapped
 * blocks), the allocator's own count: no page granularity, includes malloc's
 * per-chunk overhead (8 bytes a chunk). */
int64_t heap_bytes(void);

/* Prints "foldbench: " and the message, and exits with status 1. */
void die(const char *fmt, ...);

/* Every library call is checked: a benchmark of failing calls measures nothing. */
#define CHECK(call)                                                                         \
    do {                                                                                    \
        int check_status_ = (call);                                                         \
        if (check_status_ != FOLD_OK)                                                       \
            die("%s:%d: %s -> %s: %s", __FILE__, __LINE__, #call,                           \
                fold_status_name(check_status_), fold_last_error_message());                \
    } while (0)


/* Keeps results alive so the compiler cannot drop the work. */
extern volatile int64_t sink;

/* ------------------------------------------------------------------------- */
/* Results                                                                   */
/* ------------------------------------------------------------------------- */

typedef struct result {
    char op[64];
    char shape[24];   /* "one", "many", "tree" */
    char heights[12]; /* "uniform", "variable", "n/a" */
    int64_t n;
    char impl[12]; /* "foldtable", "naive", "gtk" */
    double median, min, max, q1, q3; /* ns per op */
    int reps;
    int64_t ops_per_batch;
    /* A bound measured in rounds with FoldTable (measure_rounds): the
     * median over the rounds of FoldTable's time over this one's; else 0. */
    double paired;
} result;

extern result *results;
extern size_t result_count;

typedef struct memresult {
    char impl[12];
    char heights[12];
    char shape[8];
    int64_t n;
    double bytes_per_row;
} memresult;

extern memresult memresults[256];
extern size_t memresult_count;

/* Records (and prints) the memory a table of n rows took. */
void add_memory(const char *impl, const char *heights, const char *shape, int64_t n,
                int64_t bytes);

/* "12.3 ns", "4.56 us", ... */
void fmt_time(char *buf, size_t size, double ns);

/* Runs `ops` operations and returns the nanoseconds the timed part took. */
typedef int64_t (*batch_fn)(void *ctx, int64_t ops);

/* Measures fn: `per` operations per unit it runs (2 for a collapse+expand
 * pair reported per toggle), batches sized to about batch_target_ns, as many
 * as fit budget_ns (5..25). `single` makes every batch one unit (builds). */
void measure(const char *op, const char *shape, const char *heights, int64_t n,
             const char *impl, batch_fn fn, void *ctx, int per, int single);

/* Measures count implementations of one op (count <= 4, FoldTable first)
 * in rounds: each round runs one batch of each, so that what slows the
 * machine for a while slows all of them, and each later one's `paired`
 * is the median over the rounds of the first's time over its own. The
 * ratio to trust on a shared machine, where medians taken minutes apart
 * differ by 2x. */
void measure_rounds(const char *op, const char *shape, const char *heights, int64_t n, int count,
                    const char *const impls[], const batch_fn fns[], void *ctx, int per);

#endif /* FOLDBENCH_HARNESS_H */
