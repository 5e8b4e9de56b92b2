/*
 * foldbench — FoldTable's benchmark suite, through the public C header only,
 * with baselines measured in the same run on the same data:
 *
 *   foldtable  the library (libfoldtable.so, include/foldtable.h)
 *   naive      a table engine written the way classic table-view tutorials
 *              do it: an array of sections holding row-height arrays, a flat
 *              item list rebuilt after every structural change, and linear
 *              scans for position and offset lookups
 *   gtk        GTK 4's GtkTreeListModel over a GListStore (when built with
 *              FOLDBENCH_HAVE_GTK): toggle, position lookup, memory
 *
 * Every measurement runs batches of many operations; it reports the per-op
 * median of the batches and their spread (min-max and the interquartile
 * range). Random inputs come from a fixed-seed PRNG, so runs replay.
 *
 *   foldbench            N = 10^3 .. 10^6
 *   foldbench --full     N = 10^3 .. 10^7 (GTK at 10^7 too)
 *   foldbench --smoke    N = 10^3 only, few repetitions (CI: it runs, nothing more)
 *   foldbench --json PATH   where to write the figures (default: results.json
 *                        next to the executable, i.e. build/bench/results.json)
 *
 * Never gate anything on these numbers in CI: wall-clock time on a shared
 * runner is noise.
 */
#define _GNU_SOURCE /* clock_gettime, malloc_trim */

#include <foldtable.h>

#include <malloc.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef FOLDBENCH_HAVE_GTK
#include "gtk_baseline.h"
#endif

/* ------------------------------------------------------------------------- */
/* Plumbing: clock, PRNG, RSS, checked calls                                  */
/* ------------------------------------------------------------------------- */

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static uint64_t rng_state = 0xF01DBE7C2024ULL;

/* SplitMix64: fixed seed, so every run draws the same inputs. */
static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int64_t rng_below(int64_t n) { return n > 0 ? (int64_t)(rng_next() % (uint64_t)n) : 0; }
static double rng_unit(void) { return (double)(rng_next() >> 11) * (1.0 / 9007199254740992.0); }

/* Resident set size in bytes, after handing free heap memory back. */
static int64_t rss_bytes(void) {
    malloc_trim(0);
    FILE *f = fopen("/proc/self/statm", "r");
    long long size = 0, resident = 0;
    if (f == NULL) return 0;
    if (fscanf(f, "%lld %lld", &size, &resident) != 2) resident = 0;
    fclose(f);
    return (int64_t)resident * sysconf(_SC_PAGESIZE);
}

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "foldbench: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    exit(1);
}

/* Every library call is checked: a benchmark of failing calls measures nothing. */
#define CHECK(call)                                                                         \
    do {                                                                                    \
        int check_status_ = (call);                                                         \
        if (check_status_ != FOLD_OK)                                                       \
            die("%s:%d: %s -> %s: %s", __FILE__, __LINE__, #call,                           \
                fold_status_name(check_status_), fold_last_error_message());                \
    } while (0)

/* Keeps results alive so the compiler cannot drop the work. */
static volatile int64_t sink;

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

static int opt_full = 0, opt_smoke = 0;
static double batch_target_ns = 1e6;  /* aim for batches of about 1 ms */
static double budget_ns = 150e6;      /* and about 150 ms per measurement */
static double build_budget_ns = 1.5e9;

enum shape { SHAPE_ONE, SHAPE_MANY };
static const char *shape_names[] = {"one section", "N/1000 sections"};
static const char *shape_keys[] = {"one", "many"};
enum hmode { H_UNIFORM, H_VARIABLE };
static const char *hmode_names[] = {"uniform", "variable"};

/* A row height from the "variable" distribution: 20..80 points. */
static double random_height(void) { return 20.0 + (double)rng_below(61); }

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
} result;

static result *results;
static size_t result_count, result_cap;

typedef struct memresult {
    char impl[12];
    char heights[12];
    char shape[8];
    int64_t n;
    double bytes_per_row;
} memresult;

static memresult memresults[256];
static size_t memresult_count;

static void add_memory(const char *impl, const char *heights, const char *shape, int64_t n,
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

/* Runs `ops` operations and returns the nanoseconds the timed part took. */
typedef int64_t (*batch_fn)(void *ctx, int64_t ops);

static void fmt_time(char *buf, size_t size, double ns) {
    if (ns < 1e3) snprintf(buf, size, "%.1f ns", ns);
    else if (ns < 1e6) snprintf(buf, size, "%.2f us", ns / 1e3);
    else if (ns < 1e9) snprintf(buf, size, "%.2f ms", ns / 1e6);
    else snprintf(buf, size, "%.2f s", ns / 1e9);
}

/* Measures fn: `per` operations per unit it runs (2 for a collapse+expand
 * pair reported per toggle), batches sized to about batch_target_ns, as many
 * as fit budget_ns (5..25). `single` makes every batch one unit (builds). */
static void measure(const char *op, const char *shape, const char *heights, int64_t n,
                    const char *impl, batch_fn fn, void *ctx, int per, int single) {
    double est;
    int64_t ops;
    int reps;
    if (single) {
        est = (double)fn(ctx, 1);
        ops = 1;
        reps = (int)(build_budget_ns / (est > 1 ? est : 1));
        if (reps < 3) reps = 3;
        if (reps > 11) reps = 11;
    } else {
        est = (double)fn(ctx, 1);
        if (est < 20e3) est = (double)fn(ctx, 64) / 64.0;
        if (est < 1) est = 1;
        ops = (int64_t)(batch_target_ns / est);
        if (ops < 1) ops = 1;
        if (ops > (1 << 20)) ops = 1 << 20;
        reps = (int)(budget_ns / ((double)ops * est));
        if (reps < 5) reps = 5;
        if (reps > 25) reps = 25;
    }
    if (opt_smoke) {
        if (ops > 64) ops = 64;
        reps = 3;
    }
    double *t = malloc(sizeof(double) * (size_t)reps);
    if (t == NULL) die("out of memory");
    for (int r = 0; r < reps; r++) t[r] = (double)fn(ctx, ops) / (double)(ops * per);
    qsort(t, (size_t)reps, sizeof(double), cmp_double);

    if (result_count == result_cap) {
        result_cap = result_cap ? 2 * result_cap : 256;
        results = realloc(results, result_cap * sizeof(result));
        if (results == NULL) die("out of memory");
    }
    result *res = &results[result_count++];
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
    res->ops_per_batch = ops * per;
    free(t);

    char med[32], lo[32], hi[32];
    fmt_time(med, sizeof med, res->median);
    fmt_time(lo, sizeof lo, res->min);
    fmt_time(hi, sizeof hi, res->max);
    printf("  %-9s %-32s %-4s %-8s N=%-9lld %11s  [%s .. %s]  %d x %lld\n", impl, op, shape,
           heights, (long long)n, med, lo, hi, reps, (long long)res->ops_per_batch);
    fflush(stdout);
}

/* ------------------------------------------------------------------------- */
/* The naive baseline                                                        */
/* ------------------------------------------------------------------------- */
/*
 * What a table-view tutorial builds: sections own arrays of row heights; a
 * flat array of (section, row) items is rebuilt from scratch after every
 * structural change ("reloadData"); anything about offsets walks the flat
 * list from the top, adding heights. Position -> item is its one O(1) query.
 */

typedef struct nsection {
    double *heights; /* one per row */
    int64_t rows, cap;
    int collapsed;
    struct nsection **subs; /* tree shape: child sections (rows only in leaves) */
    int nsubs;
    struct nsection *parent;
    int depth;
} nsection;

typedef struct nitem {
    nsection *section;
    int64_t row; /* -1: the header */
} nitem;

typedef struct naive {
    nsection **sections; /* top level */
    int64_t nsections;
    nitem *flat;
    int64_t nflat, flatcap;
} naive;

static void naive_flatten_section(naive *t, nsection *s) {
    int64_t need = t->nflat + 1 + (s->collapsed ? 0 : s->rows);
    if (need > t->flatcap) {
        while (t->flatcap < need) t->flatcap = t->flatcap ? 2 * t->flatcap : 1024;
        t->flat = realloc(t->flat, (size_t)t->flatcap * sizeof(nitem));
        if (t->flat == NULL) die("out of memory");
    }
    t->flat[t->nflat].section = s;
    t->flat[t->nflat++].row = -1;
    if (s->collapsed) return;
    for (int64_t r = 0; r < s->rows; r++) {
        t->flat[t->nflat].section = s;
        t->flat[t->nflat++].row = r;
    }
    for (int i = 0; i < s->nsubs; i++) naive_flatten_section(t, s->subs[i]);
}

/* reloadData: rebuild the flat list from the sections. */
static void naive_reload(naive *t) {
    t->nflat = 0;
    for (int64_t s = 0; s < t->nsections; s++) naive_flatten_section(t, t->sections[s]);
}

static nsection *naive_new_section(const double *heights, int64_t rows) {
    nsection *s = calloc(1, sizeof *s);
    if (s == NULL) die("out of memory");
    s->rows = s->cap = rows;
    s->heights = malloc((size_t)(rows ? rows : 1) * sizeof(double));
    if (s->heights == NULL) die("out of memory");
    if (heights) memcpy(s->heights, heights, (size_t)rows * sizeof(double));
    else for (int64_t r = 0; r < rows; r++) s->heights[r] = ROW_HEIGHT;
    return s;
}

static void naive_free_section(nsection *s) {
    for (int i = 0; i < s->nsubs; i++) naive_free_section(s->subs[i]);
    free(s->subs);
    free(s->heights);
    free(s);
}

static void naive_free(naive *t) {
    if (t == NULL) return;
    for (int64_t s = 0; s < t->nsections; s++) naive_free_section(t->sections[s]);
    free(t->sections);
    free(t->flat);
    free(t);
}

/* Sections of `per` rows (the last may be short) holding heights (NULL: uniform). */
static naive *naive_build(const double *heights, int64_t n, int64_t per) {
    naive *t = calloc(1, sizeof *t);
    if (t == NULL) die("out of memory");
    t->nsections = (n + per - 1) / per;
    t->sections = malloc((size_t)t->nsections * sizeof(nsection *));
    if (t->sections == NULL) die("out of memory");
    for (int64_t s = 0; s < t->nsections; s++) {
        int64_t rows = (s + 1) * per <= n ? per : n - s * per;
        t->sections[s] = naive_new_section(heights ? heights + s * per : NULL, rows);
    }
    naive_reload(t);
    return t;
}

static double naive_height(const nitem *it) {
    return it->row < 0 ? HEADER_HEIGHT : it->section->heights[it->row];
}

/* Linear scans from the top, as tableView(_:heightForRowAt:) loops do. */
static int64_t naive_item_at_offset(const naive *t, double y) {
    double top = 0;
    for (int64_t p = 0; p < t->nflat; p++) {
        top += naive_height(&t->flat[p]);
        if (top > y) return p;
    }
    return t->nflat - 1;
}

static double naive_item_top(const naive *t, int64_t position) {
    double top = 0;
    for (int64_t p = 0; p < position; p++) top += naive_height(&t->flat[p]);
    return top;
}

static int64_t naive_row_position(const naive *t, int64_t section, int64_t row) {
    int64_t p = 0;
    for (int64_t s = 0; s < section; s++)
        p += 1 + (t->sections[s]->collapsed ? 0 : t->sections[s]->rows);
    return p + 1 + row;
}

static int naive_visible(const naive *t, double offset, double height, fold_visible_item *out,
                         int cap) {
    double top = 0;
    int64_t p = 0;
    for (; p < t->nflat; p++) {
        double h = naive_height(&t->flat[p]);
        if (top + h > offset) break;
        top += h;
    }
    int k = 0;
    for (; p < t->nflat && top < offset + height && k < cap; p++) {
        const nitem *it = &t->flat[p];
        double h = naive_height(it);
        out[k].position = p;
        out[k].kind = it->row < 0 ? FOLD_ITEM_HEADER : FOLD_ITEM_ROW;
        out[k].row = it->row;
        out[k].top = top;
        out[k].height = h;
        k++;
        top += h;
    }
    return k;
}

static void naive_insert_rows(naive *t, int64_t section, int64_t row, int64_t count,
                              const double *heights) {
    nsection *s = t->sections[section];
    if (s->rows + count > s->cap) {
        s->cap = (s->rows + count) * 2;
        s->heights = realloc(s->heights, (size_t)s->cap * sizeof(double));
        if (s->heights == NULL) die("out of memory");
    }
    memmove(s->heights + row + count, s->heights + row, (size_t)(s->rows - row) * sizeof(double));
    for (int64_t i = 0; i < count; i++) s->heights[row + i] = heights ? heights[i] : ROW_HEIGHT;
    s->rows += count;
    naive_reload(t);
}

static void naive_remove_rows(naive *t, int64_t section, int64_t row, int64_t count) {
    nsection *s = t->sections[section];
    memmove(s->heights + row, s->heights + row + count,
            (size_t)(s->rows - row - count) * sizeof(double));
    s->rows -= count;
    naive_reload(t);
}

/* ------------------------------------------------------------------------- */
/* Building FoldTable tables                                                 */
/* ------------------------------------------------------------------------- */

static fold_table *fold_new(void) {
    fold_table_options o;
    fold_table_options_init(&o);
    o.row_height = ROW_HEIGHT;
    o.header_height = HEADER_HEIGHT;
    fold_table *t = NULL;
    CHECK(fold_table_new(&o, &t));
    return t;
}

/* Sections of `per` rows; heights NULL: default heights (no per-row memory). */
static fold_table *fold_build(const double *heights, int64_t n, int64_t per) {
    fold_table *t = fold_new();
    char key[32];
    int64_t sections = (n + per - 1) / per;
    for (int64_t s = 0; s < sections; s++) {
        int64_t rows = (s + 1) * per <= n ? per : n - s * per;
        fold_section_id id;
        snprintf(key, sizeof key, "s%lld", (long long)s);
        if (heights) {
            CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, NULL, 0, 0, &id));
            CHECK(fold_table_insert_rows(t, id, 0, rows, heights + s * per));
        } else {
            CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, NULL, rows, 0, NULL));
        }
    }
    return t;
}

/* The id of top-level section `index` (looked up outside the timed loops). */
static fold_section_id fold_top(const fold_table *t, int64_t index) {
    int32_t kind;
    fold_section_id id = FOLD_ROOT;
    CHECK(fold_table_child_at(t, FOLD_ROOT, index, &kind, &id, NULL));
    return id;
}

/* ------------------------------------------------------------------------- */
/* The flat benchmarks: one table, both implementations, same inputs          */
/* ------------------------------------------------------------------------- */

typedef struct flatctx {
    fold_table *ft;
    naive *nv;
    const double *heights; /* NULL: uniform */
    int64_t n, per, sections;
    int64_t positions[POOL]; /* random flat positions (items of the expanded table) */
    double offsets[POOL];    /* random offsets in the content */
    int64_t rsec[POOL], rrow[POOL]; /* random rows */
    fold_section_id rsid[POOL];     /* the ids of the sections rsec */
    double newh[POOL];       /* heights for the set-height op */
    double ins_heights[1000];
    fold_visible_item vis[256];
    size_t next;
    fold_table *built; /* for the build op */
    naive *nbuilt;
} flatctx;

#define NEXT(c) ((c)->next = ((c)->next + 1) % POOL)

static int64_t f_build(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t total = 0;
    for (int64_t i = 0; i < ops; i++) {
        int64_t t0 = now_ns();
        fold_table *t = fold_build(c->heights, c->n, c->per);
        total += now_ns() - t0;
        fold_table_free(t);
    }
    return total;
}

static int64_t n_build(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t total = 0;
    for (int64_t i = 0; i < ops; i++) {
        int64_t t0 = now_ns();
        naive *t = naive_build(c->heights, c->n, c->per);
        total += now_ns() - t0;
        naive_free(t);
    }
    return total;
}

static int64_t f_item_at(void *p, int64_t ops) {
    flatctx *c = p;
    fold_item item;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_item_at(c->ft, c->positions[NEXT(c)], &item));
        acc += item.row;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_item_at(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += c->nv->flat[c->positions[NEXT(c)]].row;
    sink = acc;
    return now_ns() - t0;
}

static int64_t f_row_position(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, pos, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        CHECK(fold_table_row_position(c->ft, c->rsid[k], c->rrow[k], &pos));
        acc += pos;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_row_position(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        acc += naive_row_position(c->nv, c->rsec[k], c->rrow[k]);
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t f_item_at_offset(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, pos, t0 = now_ns();
    int32_t place;
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[NEXT(c)], &pos, &place));
        acc += pos;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_item_at_offset(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += naive_item_at_offset(c->nv, c->offsets[NEXT(c)]);
    sink = acc;
    return now_ns() - t0;
}

static int64_t f_item_top(void *p, int64_t ops) {
    flatctx *c = p;
    double acc = 0, top;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_item_top(c->ft, c->positions[NEXT(c)], &top));
        acc += top;
    }
    sink = (int64_t)acc;
    return now_ns() - t0;
}

static int64_t n_item_top(void *p, int64_t ops) {
    flatctx *c = p;
    double acc = 0;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += naive_item_top(c->nv, c->positions[NEXT(c)]);
    sink = (int64_t)acc;
    return now_ns() - t0;
}

static int64_t f_visible(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, written, total, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_visible_items(c->ft, c->offsets[NEXT(c)], VIEWPORT, 0, c->vis, 256,
                                       &written, &total));
        acc += written + c->vis[0].position;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_visible(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        acc += naive_visible(c->nv, c->offsets[NEXT(c)], VIEWPORT, c->vis, 256);
        acc += c->vis[0].position;
    }
    sink = acc;
    return now_ns() - t0;
}

/* One unit: collapse then expand the section of the next random row (the
 * only section in the one-section shape). Reported per toggle. */
static int64_t f_toggle(void *p, int64_t ops) {
    flatctx *c = p;
    int changed, acc = 0;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        fold_section_id s = c->rsid[NEXT(c)];
        CHECK(fold_table_collapse(c->ft, s, &changed));
        acc += changed;
        CHECK(fold_table_expand(c->ft, s, &changed));
        acc += changed;
    }
    int64_t dt = now_ns() - t0;
    if (acc != 2 * ops) die("toggle did not flip");
    return dt;
}

static int64_t n_toggle(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        nsection *s = c->nv->sections[c->rsec[NEXT(c)]];
        s->collapsed = 1;
        naive_reload(c->nv);
        s->collapsed = 0;
        naive_reload(c->nv);
    }
    return now_ns() - t0;
}

static int64_t f_collapse_all(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t changed, acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_collapse_all(c->ft, &changed));
        acc += changed;
        CHECK(fold_table_expand_all(c->ft, &changed));
        acc += changed;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_collapse_all(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        for (int64_t s = 0; s < c->nv->nsections; s++) c->nv->sections[s]->collapsed = 1;
        naive_reload(c->nv);
        for (int64_t s = 0; s < c->nv->nsections; s++) c->nv->sections[s]->collapsed = 0;
        naive_reload(c->nv);
    }
    return now_ns() - t0;
}

/* One unit: insert 1000 rows in the middle of the table, then remove them. */
static void middle(const flatctx *c, int64_t *section, int64_t *row) {
    *section = c->sections / 2;
    int64_t rows = (*section + 1) * c->per <= c->n ? c->per : c->n - *section * c->per;
    *row = rows / 2;
}

static int64_t f_insert_remove(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t index, r;
    middle(c, &index, &r);
    fold_section_id s = fold_top(c->ft, index);
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_insert_rows(c->ft, s, r, 1000, c->heights ? c->ins_heights : NULL));
        CHECK(fold_table_remove_rows(c->ft, s, r, 1000));
    }
    return now_ns() - t0;
}

static int64_t n_insert_remove(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t s, r;
    middle(c, &s, &r);
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        naive_insert_rows(c->nv, s, r, 1000, c->heights ? c->ins_heights : NULL);
        naive_remove_rows(c->nv, s, r, 1000);
    }
    return now_ns() - t0;
}

/* One unit: change one random row's height, then find the item at a random offset. */
static int64_t f_set_height(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, pos, t0 = now_ns();
    int32_t place;
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        CHECK(fold_table_set_row_height(c->ft, c->rsid[k], c->rrow[k], c->newh[k]));
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[k], &pos, &place));
        acc += pos;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_set_height(void *p, int64_t ops) {
    flatctx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        c->nv->sections[c->rsec[k]]->heights[c->rrow[k]] = c->newh[k];
        acc += naive_item_at_offset(c->nv, c->offsets[k]);
    }
    sink = acc;
    return now_ns() - t0;
}

static void run_flat(int64_t n, enum shape shape, enum hmode hm, const double *all_heights) {
    flatctx *c = calloc(1, sizeof *c);
    if (c == NULL) die("out of memory");
    const char *sk = shape_keys[shape], *hk = hmode_names[hm];
    c->n = n;
    c->per = shape == SHAPE_ONE ? n : ROWS_PER_SECTION;
    c->sections = (n + c->per - 1) / c->per;
    c->heights = hm == H_VARIABLE ? all_heights : NULL;
    printf("\n== %s, %s heights, N = %lld ==\n", shape_names[shape], hk, (long long)n);

    /* Memory: RSS before and after building the table the ops then use. */
    int64_t before = rss_bytes();
    c->ft = fold_build(c->heights, n, c->per);
    add_memory("foldtable", hk, sk, n, rss_bytes() - before);
    before = rss_bytes();
    c->nv = naive_build(c->heights, n, c->per);
    add_memory("naive", hk, sk, n, rss_bytes() - before);

    int64_t items;
    double content;
    CHECK(fold_table_item_count(c->ft, &items));
    CHECK(fold_table_content_height(c->ft, &content));
    if (items != c->nv->nflat) die("item counts differ: %lld vs %lld", (long long)items,
                                   (long long)c->nv->nflat);
    for (int i = 0; i < POOL; i++) {
        c->positions[i] = rng_below(items);
        c->offsets[i] = rng_unit() * content;
        c->rsec[i] = rng_below(c->sections);
        int64_t rows = (c->rsec[i] + 1) * c->per <= n ? c->per : n - c->rsec[i] * c->per;
        c->rrow[i] = rng_below(rows);
        c->rsid[i] = fold_top(c->ft, c->rsec[i]);
        c->newh[i] = random_height();
    }
    for (int i = 0; i < 1000; i++) c->ins_heights[i] = random_height();

    /* Agreement spot checks, so the baseline answers the same questions. */
    for (int i = 0; i < 16; i++) {
        int64_t pos;
        int32_t place;
        double top;
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[i], &pos, &place));
        if (pos != naive_item_at_offset(c->nv, c->offsets[i]))
            die("item at offset %.1f: foldtable %lld, naive %lld", c->offsets[i], (long long)pos,
                (long long)naive_item_at_offset(c->nv, c->offsets[i]));
        CHECK(fold_table_item_top(c->ft, c->positions[i], &top));
        if (fabs(top - naive_item_top(c->nv, c->positions[i])) > 1e-6 * (1 + top))
            die("item top of %lld differs", (long long)c->positions[i]);
        CHECK(fold_table_row_position(c->ft, c->rsid[i], c->rrow[i], &pos));
        if (pos != naive_row_position(c->nv, c->rsec[i], c->rrow[i])) die("row position differs");
    }

    measure("build", sk, hk, n, "foldtable", f_build, c, 1, 1);
    measure("build", sk, hk, n, "naive", n_build, c, 1, 1);
    measure("position->item", sk, hk, n, "foldtable", f_item_at, c, 1, 0);
    measure("position->item", sk, hk, n, "naive", n_item_at, c, 1, 0);
    measure("item->position", sk, hk, n, "foldtable", f_row_position, c, 1, 0);
    measure("item->position", sk, hk, n, "naive", n_row_position, c, 1, 0);
    measure("offset->item", sk, hk, n, "foldtable", f_item_at_offset, c, 1, 0);
    measure("offset->item", sk, hk, n, "naive", n_item_at_offset, c, 1, 0);
    measure("item->offset", sk, hk, n, "foldtable", f_item_top, c, 1, 0);
    measure("item->offset", sk, hk, n, "naive", n_item_top, c, 1, 0);
    measure("visible items (1080 pt)", sk, hk, n, "foldtable", f_visible, c, 1, 0);
    measure("visible items (1080 pt)", sk, hk, n, "naive", n_visible, c, 1, 0);
    measure("toggle section", sk, hk, n, "foldtable", f_toggle, c, 2, 0);
    measure("toggle section", sk, hk, n, "naive", n_toggle, c, 2, 0);
    measure("collapse all + expand all", sk, hk, n, "foldtable", f_collapse_all, c, 1, 0);
    measure("collapse all + expand all", sk, hk, n, "naive", n_collapse_all, c, 1, 0);
    measure("insert 1000 + remove 1000", sk, hk, n, "foldtable", f_insert_remove, c, 1, 0);
    measure("insert 1000 + remove 1000", sk, hk, n, "naive", n_insert_remove, c, 1, 0);
    /* Last: it gives a uniform table explicit chunks. */
    measure("set row height + offset->item", sk, hk, n, "foldtable", f_set_height, c, 1, 0);
    measure("set row height + offset->item", sk, hk, n, "naive", n_set_height, c, 1, 0);

    fold_table_free(c->ft);
    naive_free(c->nv);
    free(c);
}

/* ------------------------------------------------------------------------- */
/* The tree: TREE_TOPS top-level sections, each a binary tree TREE_LEVELS     */
/* deep, rows in the leaves                                                  */
/* ------------------------------------------------------------------------- */

typedef struct treectx {
    fold_table *ft;
    naive *nv;
    const double *heights;
    int64_t n;
    int64_t positions[POOL];
    double offsets[POOL];
    fold_sticky_header sticky[TREE_LEVELS + 1];
    size_t next;
    int key_counter;
} treectx;

static int64_t tree_leaves(void) { return (int64_t)TREE_TOPS << (TREE_LEVELS - 1); }

static int64_t leaf_rows(int64_t n, int64_t leaf) {
    int64_t l = tree_leaves();
    return n / l + (leaf < n % l ? 1 : 0);
}

/* Builds the subtree under `parent` at child `index`; returns rows used. */
static int64_t fold_tree_node(treectx *c, fold_table *t, fold_section_id parent, int64_t index,
                              int level, int64_t *leaf, int64_t row0) {
    char key[32];
    fold_section_id id;
    snprintf(key, sizeof key, "t%d", c->key_counter++);
    if (level == TREE_LEVELS - 1) {
        int64_t rows = leaf_rows(c->n, (*leaf)++);
        if (c->heights) {
            CHECK(fold_table_insert_section(t, parent, index, key, NULL, 0, 0, &id));
            if (rows) CHECK(fold_table_insert_rows(t, id, 0, rows, c->heights + row0));
        } else {
            CHECK(fold_table_insert_section(t, parent, index, key, NULL, rows, 0, NULL));
        }
        return rows;
    }
    CHECK(fold_table_insert_section(t, parent, index, key, NULL, 0, 0, &id));
    int64_t used = fold_tree_node(c, t, id, 0, level + 1, leaf, row0);
    used += fold_tree_node(c, t, id, 1, level + 1, leaf, row0 + used);
    return used;
}

static fold_table *fold_tree_build(treectx *c) {
    fold_table *t = fold_new();
    int64_t leaf = 0, row = 0;
    c->key_counter = 0;
    for (int i = 0; i < TREE_TOPS; i++) row += fold_tree_node(c, t, FOLD_ROOT, i, 0, &leaf, row);
    return t;
}

static nsection *naive_tree_node(treectx *c, nsection *parent, int level, int64_t *leaf,
                                 int64_t *row) {
    nsection *s;
    if (level == TREE_LEVELS - 1) {
        int64_t rows = leaf_rows(c->n, (*leaf)++);
        s = naive_new_section(c->heights ? c->heights + *row : NULL, rows);
        *row += rows;
    } else {
        s = naive_new_section(NULL, 0);
        s->nsubs = 2;
        s->subs = malloc(2 * sizeof(nsection *));
        if (s->subs == NULL) die("out of memory");
        s->depth = level;
        for (int i = 0; i < 2; i++) s->subs[i] = naive_tree_node(c, s, level + 1, leaf, row);
    }
    s->parent = parent;
    s->depth = level;
    return s;
}

static naive *naive_tree_build(treectx *c) {
    naive *t = calloc(1, sizeof *t);
    if (t == NULL) die("out of memory");
    int64_t leaf = 0, row = 0;
    t->nsections = TREE_TOPS;
    t->sections = malloc(TREE_TOPS * sizeof(nsection *));
    if (t->sections == NULL) die("out of memory");
    for (int i = 0; i < TREE_TOPS; i++) t->sections[i] = naive_tree_node(c, NULL, 0, &leaf, &row);
    naive_reload(t);
    return t;
}

static int64_t ft_build(void *p, int64_t ops) {
    treectx *c = p;
    int64_t total = 0;
    for (int64_t i = 0; i < ops; i++) {
        int64_t t0 = now_ns();
        fold_table *t = fold_tree_build(c);
        total += now_ns() - t0;
        fold_table_free(t);
    }
    return total;
}

static int64_t nt_build(void *p, int64_t ops) {
    treectx *c = p;
    int64_t total = 0;
    for (int64_t i = 0; i < ops; i++) {
        int64_t t0 = now_ns();
        naive *t = naive_tree_build(c);
        total += now_ns() - t0;
        naive_free(t);
    }
    return total;
}

static int64_t ft_toggle(void *p, int64_t ops) {
    treectx *c = p;
    int changed, acc = 0;
    fold_section_id first = fold_top(c->ft, 0);
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_collapse(c->ft, first, &changed));
        acc += changed;
        CHECK(fold_table_expand(c->ft, first, &changed));
        acc += changed;
    }
    int64_t dt = now_ns() - t0;
    if (acc != 2 * ops) die("tree toggle did not flip");
    return dt;
}

static int64_t nt_toggle(void *p, int64_t ops) {
    treectx *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        c->nv->sections[0]->collapsed = 1;
        naive_reload(c->nv);
        c->nv->sections[0]->collapsed = 0;
        naive_reload(c->nv);
    }
    return now_ns() - t0;
}

static int64_t ft_item_at(void *p, int64_t ops) {
    treectx *c = p;
    fold_item item;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_item_at(c->ft, c->positions[NEXT(c)], &item));
        acc += item.row + item.depth;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t nt_item_at(void *p, int64_t ops) {
    treectx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        const nitem *it = &c->nv->flat[c->positions[NEXT(c)]];
        acc += it->row + it->section->depth;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t ft_item_at_offset(void *p, int64_t ops) {
    treectx *c = p;
    int64_t acc = 0, pos, t0 = now_ns();
    int32_t place;
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[NEXT(c)], &pos, &place));
        acc += pos;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t nt_item_at_offset(void *p, int64_t ops) {
    treectx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += naive_item_at_offset(c->nv, c->offsets[NEXT(c)]);
    sink = acc;
    return now_ns() - t0;
}

static int64_t ft_sticky(void *p, int64_t ops) {
    treectx *c = p;
    int64_t acc = 0, written, total, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_sticky_headers(c->ft, c->offsets[NEXT(c)], c->sticky, TREE_LEVELS + 1,
                                        &written, &total));
        acc += written;
    }
    sink = acc;
    return now_ns() - t0;
}

/* Naive sticky headers, stacked like CSS position: sticky: level d is the
 * level-d section around the item at the bottom of the headers drawn above
 * it. One scan from the top, on to each level's stack bottom (the bottoms
 * only grow), remembering the last header of each level; then on from there
 * to where that section ends (the next header at its level or above: the
 * tree has rows in leaf sections only, and no footers). */
static int naive_sticky(const naive *t, double y, fold_sticky_header *out) {
    int64_t hpos[TREE_LEVELS];
    double htop[TREE_LEVELS];
    int levels = 0;
    double top = 0;
    int64_t p = 0;
    double stack = y;
    int k = 0;
    for (int d = 0; d < TREE_LEVELS; d++) {
        for (; p < t->nflat; p++) {
            const nitem *it = &t->flat[p];
            double h = naive_height(it);
            if (it->row < 0) {
                levels = it->section->depth + 1;
                hpos[levels - 1] = p;
                htop[levels - 1] = top;
            }
            if (top + h > stack) break;
            top += h;
        }
        if (p == t->nflat) break; /* past the end */
        /* The item at the stack's bottom must lie in the level above's section. */
        if (levels <= d || (k > 0 && hpos[d - 1] != out[k - 1].position)) break;
        double end = top + naive_height(&t->flat[p]);
        for (int64_t q = p + 1; q < t->nflat; q++) {
            const nitem *it = &t->flat[q];
            if (it->row < 0 && it->section->depth <= d) break;
            end += naive_height(it);
        }
        double drawn = fmin(stack, end - HEADER_HEIGHT);
        if (drawn < htop[d]) drawn = htop[d];
        out[k].position = hpos[d];
        out[k].depth = d;
        out[k].top = drawn;
        out[k].height = HEADER_HEIGHT;
        k++;
        stack = drawn + HEADER_HEIGHT;
    }
    return k;
}

static int64_t nt_sticky(void *p, int64_t ops) {
    treectx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += naive_sticky(c->nv, c->offsets[NEXT(c)], c->sticky);
    sink = acc;
    return now_ns() - t0;
}

static void run_tree(int64_t n, enum hmode hm, const double *all_heights) {
    treectx *c = calloc(1, sizeof *c);
    if (c == NULL) die("out of memory");
    const char *hk = hmode_names[hm];
    c->n = n;
    c->heights = hm == H_VARIABLE ? all_heights : NULL;
    printf("\n== tree %d levels deep (%d top sections, %lld leaf sections), %s heights, N = %lld ==\n",
           TREE_LEVELS, TREE_TOPS, (long long)tree_leaves(), hk, (long long)n);
    c->ft = fold_tree_build(c);
    c->nv = naive_tree_build(c);
    int64_t items;
    double content;
    CHECK(fold_table_item_count(c->ft, &items));
    CHECK(fold_table_content_height(c->ft, &content));
    if (items != c->nv->nflat) die("tree item counts differ");
    for (int i = 0; i < POOL; i++) {
        c->positions[i] = rng_below(items);
        c->offsets[i] = rng_unit() * content;
    }
    for (int i = 0; i < 16; i++) {
        fold_sticky_header a[TREE_LEVELS + 1], b[TREE_LEVELS + 1];
        memset(b, 0, sizeof b);
        int64_t written, total, pos;
        int32_t place;
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[i], &pos, &place));
        if (pos != naive_item_at_offset(c->nv, c->offsets[i])) die("tree offset lookup differs");
        CHECK(fold_table_sticky_headers(c->ft, c->offsets[i], a, TREE_LEVELS + 1, &written, &total));
        int k = naive_sticky(c->nv, c->offsets[i], b);
        if (k != written) die("sticky headers differ: %lld vs %d", (long long)written, k);
        for (int j = 0; j < k; j++)
            if (a[j].position != b[j].position || fabs(a[j].top - b[j].top) > 1e-6 * (1 + a[j].top))
                die("sticky header %d differs", j);
    }
    measure("tree: build", "tree", hk, n, "foldtable", ft_build, c, 1, 1);
    measure("tree: build", "tree", hk, n, "naive", nt_build, c, 1, 1);
    measure("tree: position->item", "tree", hk, n, "foldtable", ft_item_at, c, 1, 0);
    measure("tree: position->item", "tree", hk, n, "naive", nt_item_at, c, 1, 0);
    measure("tree: offset->item", "tree", hk, n, "foldtable", ft_item_at_offset, c, 1, 0);
    measure("tree: offset->item", "tree", hk, n, "naive", nt_item_at_offset, c, 1, 0);
    measure("tree: sticky headers", "tree", hk, n, "foldtable", ft_sticky, c, 1, 0);
    measure("tree: sticky headers", "tree", hk, n, "naive", nt_sticky, c, 1, 0);
    measure("tree: toggle top section", "tree", hk, n, "foldtable", ft_toggle, c, 2, 0);
    measure("tree: toggle top section", "tree", hk, n, "naive", nt_toggle, c, 2, 0);
    fold_table_free(c->ft);
    naive_free(c->nv);
    free(c);
}

/* ------------------------------------------------------------------------- */
/* GtkTreeListModel                                                          */
/* ------------------------------------------------------------------------- */

#ifdef FOLDBENCH_HAVE_GTK
typedef struct gtkctx {
    gtkb *b;
    int64_t n;
    int64_t positions[POOL];
    size_t next;
} gtkctx;

static int64_t g_build(void *p, int64_t ops) {
    gtkctx *c = p;
    int64_t total = 0;
    for (int64_t i = 0; i < ops; i++) {
        int64_t t0 = now_ns();
        gtkb *b = gtkb_build(c->n);
        total += now_ns() - t0;
        gtkb_free(b);
    }
    return total;
}

static int64_t g_toggle(void *p, int64_t ops) {
    gtkctx *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        gtkb_set_expanded(c->b, 0);
        gtkb_set_expanded(c->b, 1);
    }
    return now_ns() - t0;
}

static int64_t g_item_at(void *p, int64_t ops) {
    gtkctx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += gtkb_get_item(c->b, c->positions[NEXT(c)]);
    sink = acc;
    return now_ns() - t0;
}

static void run_gtk(int64_t n) {
    gtkctx *c = calloc(1, sizeof *c);
    if (c == NULL) die("out of memory");
    c->n = n;
    printf("\n== GtkTreeListModel (GTK %s), one section, N = %lld ==\n", gtkb_version(),
           (long long)n);
    int64_t before = rss_bytes();
    c->b = gtkb_build(n);
    if (c->b == NULL) die("GtkTreeListModel build failed");
    add_memory("gtk", "n/a", "one", n, rss_bytes() - before);
    int64_t items = gtkb_n_items(c->b);
    if (items != n + 1) die("GtkTreeListModel has %lld items, not %lld", (long long)items,
                            (long long)(n + 1));
    for (int i = 0; i < POOL; i++) c->positions[i] = rng_below(items);
    measure("build", "one", "n/a", n, "gtk", g_build, c, 1, 1);
    measure("position->item", "one", "n/a", n, "gtk", g_item_at, c, 1, 0);
    measure("toggle section", "one", "n/a", n, "gtk", g_toggle, c, 2, 0);
    gtkb_free(c->b);
    free(c);
}
#endif

/* ------------------------------------------------------------------------- */
/* Report                                                                    */
/* ------------------------------------------------------------------------- */

static const result *find(const char *op, const char *shape, const char *heights, int64_t n,
                          const char *impl) {
    for (size_t i = 0; i < result_count; i++) {
        const result *r = &results[i];
        if (r->n == n && !strcmp(r->op, op) && !strcmp(r->impl, impl) &&
            (!strcmp(r->shape, shape) || !strcmp(impl, "gtk")) &&
            (!strcmp(r->heights, heights) || !strcmp(r->heights, "n/a")))
            return r;
    }
    return NULL;
}

static const memresult *find_memory(const char *impl, const char *heights, const char *shape,
                                    int64_t n) {
    for (size_t i = 0; i < memresult_count; i++) {
        const memresult *m = &memresults[i];
        if (m->n == n && !strcmp(m->impl, impl) && !strcmp(m->heights, heights) &&
            !strcmp(m->shape, shape))
            return m;
    }
    return NULL;
}

static char cpu_model[256] = "unknown";
static long cpu_cores;

static void read_machine(void) {
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f != NULL && fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "model name", 10) == 0) {
            char *colon = strchr(line, ':');
            if (colon != NULL) {
                colon++;
                while (*colon == ' ') colon++;
                colon[strcspn(colon, "\n")] = 0;
                snprintf(cpu_model, sizeof cpu_model, "%s", colon);
            }
            break;
        }
    }
    if (f != NULL) fclose(f);
    cpu_cores = sysconf(_SC_NPROCESSORS_ONLN);
}

/* The machine's latency of one dependent load from a working set of
 * `bytes` (a random cycle through it, one load per 64-byte line): what a
 * cache miss costs here, which bounds any lookup whose data does not fit in
 * cache. Deterministic inputs; the median of 5 rounds. */
static double load_latency_ns(size_t bytes) {
    size_t lines = bytes / 64;
    uint64_t *mem = malloc(lines * 64);
    size_t *order = malloc(lines * sizeof *order);
    if (mem == NULL || order == NULL) die("out of memory");
    uint64_t saved = rng_state;
    rng_state = 0x1A7E1C7ULL;
    for (size_t i = 0; i < lines; i++) order[i] = i;
    for (size_t i = lines - 1; i > 0; i--) {
        size_t j = (size_t)rng_below((int64_t)i + 1);
        size_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    rng_state = saved;
    for (size_t i = 0; i < lines; i++) mem[order[i] * 8] = order[(i + 1) % lines] * 8;
    free(order);
    double rounds[5];
    const long loads = 1000000;
    volatile uint64_t sink = 0;
    for (int r = 0; r < 5; r++) {
        uint64_t at = 0;
        int64_t t0 = now_ns();
        for (long i = 0; i < loads; i++) at = mem[at];
        rounds[r] = (double)(now_ns() - t0) / loads;
        sink += at;
    }
    (void)sink;
    free(mem);
    for (int a = 0; a < 5; a++)
        for (int b = a + 1; b < 5; b++)
            if (rounds[b] < rounds[a]) {
                double t = rounds[a];
                rounds[a] = rounds[b];
                rounds[b] = t;
            }
    return rounds[2];
}

static double latency_1m, latency_4m, latency_64m;

static void read_latencies(void) {
    latency_1m = load_latency_ns((size_t)1 << 20);
    latency_4m = load_latency_ns((size_t)4 << 20);
    latency_64m = load_latency_ns((size_t)64 << 20);
}

static const char *ops_order[] = {
    "build", "toggle section", "position->item", "item->position", "offset->item",
    "item->offset", "visible items (1080 pt)", "set row height + offset->item",
    "insert 1000 + remove 1000", "collapse all + expand all", "tree: build",
    "tree: toggle top section", "tree: position->item", "tree: offset->item",
    "tree: sticky headers",
};
#define OPS_COUNT (sizeof ops_order / sizeof ops_order[0])

static int64_t sizes[8];
static int size_count;

static void print_tables(void) {
    char med[32], lo[32], hi[32], q1[32], q3[32], nb[32], gb[32];
    for (size_t o = 0; o < OPS_COUNT; o++) {
        const char *op = ops_order[o];
        int header = 0;
        for (size_t i = 0; i < result_count; i++) {
            const result *r = &results[i];
            if (strcmp(r->op, op) || strcmp(r->impl, "foldtable")) continue;
            if (!header) {
                printf("\n%s  (per op; spread = min..max of %s batches, IQR in brackets)\n", op,
                       "the");
                printf("  %-5s %-8s %-9s | %10s %-24s %-22s | %10s %10s | %10s %10s\n", "shape",
                       "heights", "N", "foldtable", "min..max", "[IQR]", "naive", "naive/ft",
                       "gtk", "gtk/ft");
                header = 1;
            }
            fmt_time(med, sizeof med, r->median);
            fmt_time(lo, sizeof lo, r->min);
            fmt_time(hi, sizeof hi, r->max);
            fmt_time(q1, sizeof q1, r->q1);
            fmt_time(q3, sizeof q3, r->q3);
            char spread[80], iqr[80], nr[32] = "-", gr[32] = "-";
            snprintf(spread, sizeof spread, "%s..%s", lo, hi);
            snprintf(iqr, sizeof iqr, "[%s..%s]", q1, q3);
            const result *nv = find(op, r->shape, r->heights, r->n, "naive");
            const result *gt = strcmp(r->shape, "one") ? NULL : find(op, "one", r->heights, r->n, "gtk");
            snprintf(nb, sizeof nb, "-");
            snprintf(gb, sizeof gb, "-");
            if (nv) {
                fmt_time(nb, sizeof nb, nv->median);
                snprintf(nr, sizeof nr, "%.3gx", nv->median / r->median);
            }
            if (gt) {
                fmt_time(gb, sizeof gb, gt->median);
                snprintf(gr, sizeof gr, "%.3gx", gt->median / r->median);
            }
            printf("  %-5s %-8s %-9lld | %10s %-24s %-22s | %10s %10s | %10s %10s\n", r->shape,
                   r->heights, (long long)r->n, med, spread, iqr, nb, nr, gb, gr);
        }
    }
}

/* Growth from the smallest to the largest N, per op and implementation.
 * A logarithmic operation grows about log(Nmax)/log(Nmin) (2.33 for
 * 10^3 -> 10^7, 2.0 for 10^3 -> 10^6); linear ones grow 10^4 / 10^3. */
typedef struct growth {
    const char *op, *shape, *heights, *impl;
    double ratio;
    int flagged;
} growth;

static growth growths[512];
static int growth_count;

static void compute_growth(void) {
    int64_t lo = sizes[0], hi = sizes[size_count - 1];
    double logref = log((double)hi) / log((double)lo);
    for (size_t i = 0; i < result_count; i++) {
        const result *a = &results[i];
        if (a->n != lo) continue;
        const result *b = NULL;
        for (size_t j = 0; j < result_count; j++) {
            const result *r = &results[j];
            if (r->n == hi && !strcmp(r->op, a->op) && !strcmp(r->impl, a->impl) &&
                !strcmp(r->shape, a->shape) && !strcmp(r->heights, a->heights))
                b = r;
        }
        if (b == NULL || growth_count >= (int)(sizeof growths / sizeof growths[0])) continue;
        growth *g = &growths[growth_count++];
        g->op = a->op;
        g->shape = a->shape;
        g->heights = a->heights;
        g->impl = a->impl;
        g->ratio = b->median / a->median;
        /* Builds and bulk ops are O(N) by nature; for the rest, more than
         * twice the log ratio is flagged. */
        g->flagged = strstr(a->op, "build") == NULL && strstr(a->op, "all") == NULL &&
                     g->ratio > 2 * logref;
    }
    printf("\nGrowth of the median from N = %lld to N = %lld (log ratio %.2f; linear %.0f; "
           "'!' = more than twice the log ratio)\n",
           (long long)lo, (long long)hi, logref, (double)hi / (double)lo);
    printf("  %-32s %-5s %-8s | %12s %12s %12s\n", "op", "shape", "heights", "foldtable", "naive",
           "gtk");
    for (int i = 0; i < growth_count; i++) {
        const growth *g = &growths[i];
        if (strcmp(g->impl, "foldtable")) continue;
        char f[32], n[32] = "-", gk[32] = "-";
        snprintf(f, sizeof f, "%.2fx%s", g->ratio, g->flagged ? " !" : "");
        for (int j = 0; j < growth_count; j++) {
            const growth *h = &growths[j];
            if (strcmp(h->op, g->op)) continue;
            if (!strcmp(h->impl, "naive") && !strcmp(h->shape, g->shape) &&
                !strcmp(h->heights, g->heights))
                snprintf(n, sizeof n, "%.3gx", h->ratio);
            if (!strcmp(h->impl, "gtk") && !strcmp(g->shape, "one"))
                snprintf(gk, sizeof gk, "%.3gx", h->ratio);
        }
        printf("  %-32s %-5s %-8s | %12s %12s %12s\n", g->op, g->shape, g->heights, f, n, gk);
    }
}

/* The team's targets, checked at the largest N run. */
typedef struct target {
    const char *what;
    double limit;
    const char *unit;
    double value;
    int have;
} target;

static target targets[16];
static int target_count;

static void add_target(const char *what, double limit, const char *unit, double value, int have) {
    target *t = &targets[target_count++];
    t->what = what;
    t->limit = limit;
    t->unit = unit;
    t->value = value;
    t->have = have;
}

static void check_targets(void) {
    int64_t hi = sizes[size_count - 1];
    const result *r;
    const memresult *m;
#define OP_TARGET(label, op, shape, heights, limit_ns)                                  \
    r = find(op, shape, heights, hi, "foldtable");                                      \
    add_target(label, limit_ns, "ns", r ? r->median : 0, r != NULL)
    OP_TARGET("toggle a section of N rows (uniform)", "toggle section", "one", "uniform", 1000);
    OP_TARGET("toggle a section of N rows (variable)", "toggle section", "one", "variable", 1000);
    OP_TARGET("position->item (one section, uniform)", "position->item", "one", "uniform", 300);
    OP_TARGET("position->item (one section, variable)", "position->item", "one", "variable", 300);
    OP_TARGET("position->item (N/1000 sections, variable)", "position->item", "many", "variable", 300);
    OP_TARGET("offset->item (one section, uniform)", "offset->item", "one", "uniform", 300);
    OP_TARGET("offset->item (one section, variable)", "offset->item", "one", "variable", 300);
    OP_TARGET("offset->item (N/1000 sections, variable)", "offset->item", "many", "variable", 300);
    OP_TARGET("visible items, 1080 pt, 40-pt rows", "visible items (1080 pt)", "one", "uniform", 5000);
    OP_TARGET("visible items, 1080 pt, 40-pt rows, N/1000 sections", "visible items (1080 pt)", "many",
              "uniform", 5000);
    OP_TARGET("bulk build with per-row heights", "build", "one", "variable", 150e6);
#undef OP_TARGET
    m = find_memory("foldtable", "variable", "one", hi);
    add_target("memory per row, per-row heights", 8, "bytes/row", m ? m->bytes_per_row : 0, m != NULL);
    m = find_memory("foldtable", "uniform", "one", hi);
    add_target("memory per row, uniform heights", 0.5, "bytes/row", m ? m->bytes_per_row : 0, m != NULL);

    printf("\nTargets at N = %lld%s\n", (long long)hi,
           hi < 10000000 ? " (the targets are for N = 10^7: run with --full)" : "");
    for (int i = 0; i < target_count; i++) {
        const target *t = &targets[i];
        char v[32], l[32];
        if (!strcmp(t->unit, "ns")) {
            fmt_time(v, sizeof v, t->value);
            fmt_time(l, sizeof l, t->limit);
        } else {
            snprintf(v, sizeof v, "%.2f %s", t->value, t->unit);
            snprintf(l, sizeof l, "%.2f %s", t->limit, t->unit);
        }
        printf("  %-52s %12s  target <= %-12s %s\n", t->what, t->have ? v : "-", l,
               !t->have ? "not measured" : t->value <= t->limit ? "MET" : "MISSED");
    }
}

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        if ((unsigned char)*s >= 0x20) fputc(*s, f);
    }
    fputc('"', f);
}

static void write_json(const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "foldbench: cannot write %s\n", path);
        return;
    }
    fprintf(f, "{\n  \"machine\": {\"cpu\": ");
    json_string(f, cpu_model);
    fprintf(f, ", \"cores\": %ld, \"load_latency_ns\": {\"1MiB\": %.1f, \"4MiB\": %.1f, \"64MiB\": %.1f}},\n",
            cpu_cores, latency_1m, latency_4m, latency_64m);
    fprintf(f, "  \"library\": {\"version\": ");
    json_string(f, fold_version_string());
#ifdef FOLDBENCH_HAVE_GTK
    fprintf(f, ", \"gtk\": ");
    json_string(f, gtkb_version());
#endif
    fprintf(f, "},\n  \"mode\": \"%s\",\n  \"sizes\": [", opt_smoke ? "smoke" : opt_full ? "full" : "default");
    for (int i = 0; i < size_count; i++) fprintf(f, "%s%lld", i ? ", " : "", (long long)sizes[i]);
    fprintf(f, "],\n  \"unit\": \"ns per op\",\n  \"results\": [\n");
    for (size_t i = 0; i < result_count; i++) {
        const result *r = &results[i];
        fprintf(f, "    {\"op\": ");
        json_string(f, r->op);
        fprintf(f, ", \"shape\": \"%s\", \"heights\": \"%s\", \"n\": %lld, \"impl\": \"%s\", "
                   "\"median\": %.6g, \"min\": %.6g, \"max\": %.6g, \"q1\": %.6g, \"q3\": %.6g, "
                   "\"batches\": %d, \"ops_per_batch\": %lld",
                r->shape, r->heights, (long long)r->n, r->impl, r->median, r->min, r->max, r->q1,
                r->q3, r->reps, (long long)r->ops_per_batch);
        const result *base = find(r->op, r->shape, r->heights, r->n, "foldtable");
        if (base && strcmp(r->impl, "foldtable"))
            fprintf(f, ", \"ratio_to_foldtable\": %.6g", r->median / base->median);
        fprintf(f, "}%s\n", i + 1 < result_count ? "," : "");
    }
    fprintf(f, "  ],\n  \"memory_bytes_per_row\": [\n");
    for (size_t i = 0; i < memresult_count; i++) {
        const memresult *m = &memresults[i];
        fprintf(f, "    {\"impl\": \"%s\", \"heights\": \"%s\", \"shape\": \"%s\", \"n\": %lld, "
                   "\"bytes_per_row\": %.4f}%s\n",
                m->impl, m->heights, m->shape, (long long)m->n, m->bytes_per_row,
                i + 1 < memresult_count ? "," : "");
    }
    fprintf(f, "  ],\n  \"growth\": {\"from\": %lld, \"to\": %lld, \"entries\": [\n",
            (long long)sizes[0], (long long)sizes[size_count - 1]);
    for (int i = 0; i < growth_count; i++) {
        const growth *g = &growths[i];
        fprintf(f, "    {\"op\": ");
        json_string(f, g->op);
        fprintf(f, ", \"shape\": \"%s\", \"heights\": \"%s\", \"impl\": \"%s\", \"ratio\": %.4g, "
                   "\"faster_than_log\": %s}%s\n",
                g->shape, g->heights, g->impl, g->ratio, g->flagged ? "true" : "false",
                i + 1 < growth_count ? "," : "");
    }
    fprintf(f, "  ]},\n  \"targets\": [\n");
    for (int i = 0; i < target_count; i++) {
        const target *t = &targets[i];
        fprintf(f, "    {\"what\": ");
        json_string(f, t->what);
        fprintf(f, ", \"n\": %lld, \"value\": %.6g, \"limit\": %.6g, \"unit\": \"%s\", \"met\": %s}%s\n",
                (long long)sizes[size_count - 1], t->value, t->limit, t->unit,
                !t->have ? "null" : t->value <= t->limit ? "true" : "false",
                i + 1 < target_count ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    fclose(f);
    printf("\nWrote %s\n", path);
}

/* ------------------------------------------------------------------------- */

static void usage(void) {
    printf("usage: foldbench [--smoke | --full] [--json PATH] [--no-gtk]\n"
           "  default   N = 10^3, 10^4 .. 10^6\n"
           "  --full    N up to 10^7 (also for GtkTreeListModel)\n"
           "  --smoke   N = 10^3 only, few repetitions (for CI: checks it runs)\n"
           "  --json    where to write the figures (default: results.json beside foldbench)\n"
           "  --no-gtk  skip the GtkTreeListModel baseline\n");
}

/* results.json next to the executable (build/bench/results.json). */
static void default_json_path(char *buf, size_t size) {
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) {
        snprintf(buf, size, "results.json");
        return;
    }
    exe[len] = 0;
    char *slash = strrchr(exe, '/');
    if (slash != NULL) *slash = 0;
    snprintf(buf, size, "%s/results.json", exe);
}

int main(int argc, char **argv) {
    static char json_default[4200];
    default_json_path(json_default, sizeof json_default);
    const char *json = json_default;
    int gtk = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--full")) opt_full = 1;
        else if (!strcmp(argv[i], "--smoke")) opt_smoke = 1;
        else if (!strcmp(argv[i], "--no-gtk")) gtk = 0;
        else if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage();
            return 0;
        } else {
            usage();
            return 2;
        }
    }
    if (fold_version_number() != FOLD_VERSION_NUMBER)
        die("header %s but library %s", FOLD_VERSION_STRING, fold_version_string());
    if (opt_smoke) {
        batch_target_ns = 1e5;
        budget_ns = 1e6;
        build_budget_ns = 1e6;
    }
    (void)gtk;

    size_count = 0;
    sizes[size_count++] = 1000;
    if (!opt_smoke) {
        sizes[size_count++] = 100000;
        sizes[size_count++] = 1000000;
        if (opt_full) sizes[size_count++] = 10000000;
    }

    read_machine();
    read_latencies();
    printf("foldbench: FoldTable %s (header %s)\n", fold_version_string(), FOLD_VERSION_STRING);
    printf("machine:   %s, %ld cores\n", cpu_model, cpu_cores);
    printf("memory:    a dependent load costs %.0f ns in 1 MiB, %.0f ns in 4 MiB, %.0f ns in 64 MiB\n",
           latency_1m, latency_4m, latency_64m);
    printf("           (every tree level a lookup visits outside the cache costs about that)\n");
#ifdef FOLDBENCH_HAVE_GTK
    printf("baselines: naive (in this program), GtkTreeListModel (GTK %s)%s\n", gtkb_version(),
           gtk ? "" : " [skipped: --no-gtk]");
#else
    printf("baselines: naive (in this program); GtkTreeListModel not built (no gtk4)\n");
#endif
    printf("sizes:     ");
    for (int i = 0; i < size_count; i++) printf("%s%lld", i ? ", " : "", (long long)sizes[i]);
    printf("  (%s)\n", opt_smoke ? "smoke" : opt_full ? "full" : "default; --full adds 10^7");
    printf("columns:   median per op, min..max of batches, interquartile range, batches x ops\n");

    for (int si = 0; si < size_count; si++) {
        int64_t n = sizes[si];
        double *heights = malloc((size_t)n * sizeof(double));
        if (heights == NULL) die("out of memory");
        for (int64_t i = 0; i < n; i++) heights[i] = random_height();
        run_flat(n, SHAPE_ONE, H_UNIFORM, heights);
        run_flat(n, SHAPE_ONE, H_VARIABLE, heights);
        run_flat(n, SHAPE_MANY, H_UNIFORM, heights);
        run_flat(n, SHAPE_MANY, H_VARIABLE, heights);
        run_tree(n, H_UNIFORM, heights);
        run_tree(n, H_VARIABLE, heights);
        free(heights);
#ifdef FOLDBENCH_HAVE_GTK
        if (gtk && (n < 10000000 || opt_full)) run_gtk(n);
#endif
    }

    printf("\n======================================================================\n");
    printf("machine: %s, %ld cores; FoldTable %s\n", cpu_model, cpu_cores, fold_version_string());
    printf("memory:  a dependent load costs %.0f ns in 1 MiB, %.0f ns in 4 MiB, %.0f ns in 64 MiB\n",
           latency_1m, latency_4m, latency_64m);
    print_tables();
    printf("\nMemory per row (RSS growth while building / N)\n");
    printf("  %-9s %-8s %-5s", "impl", "heights", "shape");
    for (int i = 0; i < size_count; i++) printf(" %10lld", (long long)sizes[i]);
    printf("\n");
    static const char *mem_rows[][3] = {
        {"foldtable", "uniform", "one"},  {"foldtable", "variable", "one"},
        {"foldtable", "uniform", "many"}, {"foldtable", "variable", "many"},
        {"naive", "uniform", "one"},      {"naive", "variable", "one"},
        {"gtk", "n/a", "one"},
    };
    for (size_t k = 0; k < sizeof mem_rows / sizeof mem_rows[0]; k++) {
        printf("  %-9s %-8s %-5s", mem_rows[k][0], mem_rows[k][1], mem_rows[k][2]);
        for (int i = 0; i < size_count; i++) {
            const memresult *m = find_memory(mem_rows[k][0], mem_rows[k][1], mem_rows[k][2], sizes[i]);
            if (m) printf(" %10.2f", m->bytes_per_row);
            else printf(" %10s", "-");
        }
        printf("\n");
    }
    printf("  (small N: page-granular RSS makes the figure noise; read the largest N)\n");
    if (size_count > 1) compute_growth();
    check_targets();
    write_json(json);
    free(results);
    return 0;
}
