/*
 * report.c — foldbench's report (report.h): the machine it ran on (CPU,
 * cores, what a cache miss costs), the tables of medians with spread and
 * ratios to the baselines, memory per row, growth from the smallest to the
 * largest N, the targets, and the figures as JSON.
 */
#define _GNU_SOURCE /* sysconf */

#include "report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef FOLDBENCH_HAVE_GTK
#include "gtk_baseline.h"
#endif

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

void read_machine(void) {
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

void read_latencies(void) {
    latency_1m = load_latency_ns((size_t)1 << 20);
    latency_4m = load_latency_ns((size_t)4 << 20);
    latency_64m = load_latency_ns((size_t)64 << 20);
}

static const char *ops_order[] = {
    "build", "toggle section", "position->item", "item->position", "offset->item",
    "item->offset", "visible items (1080 pt)", "set row height", "set row height + offset->item",
    "insert 1000 + remove 1000", "collapse all + expand all", "tree: build",
    "tree: toggle top section", "tree: position->item", "tree: offset->item",
    "tree: sticky headers",
};
#define OPS_COUNT (sizeof ops_order / sizeof ops_order[0])

/* FoldTable's time over a baseline's: the paired ratio of their rounds
 * when they ran in rounds (measure_rounds), else the ratio of medians. */
static double slower_by(const result *ft, const result *baseline) {
    return baseline->paired > 0 ? baseline->paired : ft->median / baseline->median;
}

/* A baseline's cells beside FoldTable's result r: the baseline's median and
 * a ratio, "-" and "-" without a baseline. The ratio is the baseline's
 * median over FoldTable's ("%.3gx"), or with ft_over FoldTable's time over
 * the baseline's (slower_by, "%.2fx"). */
static void baseline_cells(const result *baseline, const result *r, int ft_over, char *median,
                           char *ratio, size_t size) {
    snprintf(median, size, "-");
    snprintf(ratio, size, "-");
    if (baseline == NULL) return;
    fmt_time(median, size, baseline->median);
    if (ft_over)
        snprintf(ratio, size, "%.2fx", slower_by(r, baseline));
    else
        snprintf(ratio, size, "%.3gx", baseline->median / r->median);
}

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
            char spread[80], iqr[80], nr[32], gr[32];
            snprintf(spread, sizeof spread, "%s..%s", lo, hi);
            snprintf(iqr, sizeof iqr, "[%s..%s]", q1, q3);
            const result *nv = find(op, r->shape, r->heights, r->n, "naive");
            const result *gt = strcmp(r->shape, "one") ? NULL : find(op, "one", r->heights, r->n, "gtk");
            baseline_cells(nv, r, 0, nb, nr, sizeof nb);
            baseline_cells(gt, r, 0, gb, gr, sizeof gb);
            printf("  %-5s %-8s %-9lld | %10s %-24s %-22s | %10s %10s | %10s %10s\n", r->shape,
                   r->heights, (long long)r->n, med, spread, iqr, nb, nr, gb, gr);
        }
    }
}

/* FoldTable over the two lower bounds (baselines.h), per op, shape,
 * heights and N: the ratio the targets are stated in. */
static const char *bound_ops[] = {"offset->item", "item->offset", "visible items (1080 pt)",
                                  "set row height", "set row height + offset->item"};

static void print_bounds(void) {
    char fb[32], sb[32], wb[32], sr[32], wr[32];
    printf("\nFoldTable against the lower bounds (ft/static, ft/fenwick = the median over rounds, "
           "each one batch of FoldTable\nand one of the bound, of FoldTable's time over the bound's: "
           "above 1 FoldTable is slower;\nthe static index cannot set a height)\n");
    printf("  %-29s %-5s %-8s %-9s | %10s | %10s %9s | %10s %10s\n", "op", "shape", "heights",
           "N", "foldtable", "static", "ft/static", "fenwick", "ft/fenwick");
    for (size_t o = 0; o < sizeof bound_ops / sizeof bound_ops[0]; o++) {
        for (size_t i = 0; i < result_count; i++) {
            const result *r = &results[i];
            if (strcmp(r->op, bound_ops[o]) || strcmp(r->impl, "foldtable")) continue;
            const result *st = find(r->op, r->shape, r->heights, r->n, "static");
            const result *fw = find(r->op, r->shape, r->heights, r->n, "fenwick");
            if (st == NULL && fw == NULL) continue;
            fmt_time(fb, sizeof fb, r->median);
            baseline_cells(st, r, 1, sb, sr, sizeof sb);
            baseline_cells(fw, r, 1, wb, wr, sizeof wb);
            printf("  %-29s %-5s %-8s %-9lld | %10s | %10s %9s | %10s %10s\n", r->op, r->shape,
                   r->heights, (long long)r->n, fb, sb, sr, wb, wr);
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

static target targets[48];
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
    /* Issue 19: per-row heights, as ratios to the lower bounds in this run. */
    static const char *const ratio_shapes[] = {"one", "many"};
    static const char *const ratio_labels[][2] = {
        {"offset->item / static index (one section)", "offset->item / static index (N/1000 sections)"},
        {"item->offset / static index (one section)", "item->offset / static index (N/1000 sections)"},
        {"visible items / static walk (one section)", "visible items / static walk (N/1000 sections)"},
        {"set row height / Fenwick update (one section)", "set row height / Fenwick update (N/1000 sections)"},
    };
    static const char *const ratio_ops[] = {"offset->item", "item->offset", "visible items (1080 pt)",
                                            "set row height"};
    for (int k = 0; k < 4; k++)
        for (int sh = 0; sh < 2; sh++) {
            const char *base = k == 3 ? "fenwick" : "static";
            const result *a = find(ratio_ops[k], ratio_shapes[sh], "variable", hi, "foldtable");
            const result *b = find(ratio_ops[k], ratio_shapes[sh], "variable", hi, base);
            add_target(ratio_labels[k][sh], k == 3 ? 1.0 : 1.3, "x",
                       a && b ? slower_by(a, b) : 0, a && b);
        }
    /* Issue 39 (the storage's second design): per-row heights (20-80 pt),
     * as ratios to the bounds and to the naive table in this run. */
    static const struct {
        const char *label, *op, *shape, *base;
        double limit;
    } storage[] = {
        {"39: offset->item / static index (one section)", "offset->item", "one", "static", 1.2},
        {"39: offset->item / static index (N/1000 sections)", "offset->item", "many", "static", 1.5},
        {"39: item->offset / static index (one section)", "item->offset", "one", "static", 1.5},
        {"39: visible items / static walk (one section)", "visible items (1080 pt)", "one", "static", 3},
        {"39: visible items / static walk (N/1000 sections)", "visible items (1080 pt)", "many", "static",
         3},
        {"39: set row height / Fenwick update (one section)", "set row height", "one", "fenwick", 5},
        /* At most half naive's time: at least twice as fast. */
        {"39: collapse + expand all / naive (N/1000 sections)", "collapse all + expand all", "many",
         "naive", 0.5},
    };
    for (size_t k = 0; k < sizeof storage / sizeof storage[0]; k++) {
        const result *a = find(storage[k].op, storage[k].shape, "variable", hi, "foldtable");
        const result *b = find(storage[k].op, storage[k].shape, "variable", hi, storage[k].base);
        add_target(storage[k].label, storage[k].limit, "x", a && b ? slower_by(a, b) : 0, a && b);
    }
    /* Memory: FoldTable's heap growth (exact) and resident set, per row. */
    static const struct {
        const char *label, *impl, *heights, *shape;
        double limit;
    } memory[] = {
        {"39: heap per row, heights < 256 pt (one section)", "ft heap", "variable", "one", 3},
        {"39: heap per row, sections of 10 rows (160 B each)", "ft heap", "variable", "ten", 16},
        {"heap per row, per-row heights (one section)", "ft heap", "variable", "one", 4},
        {"heap per row, per-row heights (N/1000 sections)", "ft heap", "variable", "many", 4},
        {"memory per row, per-row heights", "foldtable", "variable", "one", 8},
        {"memory per row, uniform heights", "foldtable", "uniform", "one", 0.5},
    };
    for (size_t k = 0; k < sizeof memory / sizeof memory[0]; k++) {
        m = find_memory(memory[k].impl, memory[k].heights, memory[k].shape, hi);
        add_target(memory[k].label, memory[k].limit, "bytes/row", m ? m->bytes_per_row : 0, m != NULL);
    }

    printf("\nTargets at N = %lld%s\n", (long long)hi,
           hi < 10000000 ? " (the targets are for N = 10^7: run with --full)" : "");
    for (int i = 0; i < target_count; i++) {
        const target *t = &targets[i];
        char v[32], l[32];
        if (!strcmp(t->unit, "ns")) {
            fmt_time(v, sizeof v, t->value);
            fmt_time(l, sizeof l, t->limit);
        } else if (!strcmp(t->unit, "x")) {
            snprintf(v, sizeof v, "%.2fx", t->value);
            snprintf(l, sizeof l, "%.2fx", t->limit);
        } else {
            snprintf(v, sizeof v, "%.2f %s", t->value, t->unit);
            snprintf(l, sizeof l, "%.2f %s", t->limit, t->unit);
        }
        printf("  %-52s %12s  target <= %-12s %s\n", t->what, t->have ? v : "-", l,
               !t->have ? "not measured" : t->value <= t->limit ? "MET" : "MISSED");
    }
    printf("  (39: apply_snapshot against DifferenceKit is bench/differencekit.sh: it builds\n"
           "   DifferenceKit, which is not ours to commit, outside the repository)\n");
}

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        if ((unsigned char)*s >= 0x20) fputc(*s, f);
    }
    fputc('"', f);
}

void write_json(const char *path) {
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
        if (r->paired > 0) fprintf(f, ", \"foldtable_over_this_paired\": %.6g", r->paired);
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

void print_intro(int gtk) {
    (void)gtk;
    printf("foldbench: FoldTable %s (header %s)\n", fold_version_string(), FOLD_VERSION_STRING);
    printf("machine:   %s, %ld cores\n", cpu_model, cpu_cores);
    printf("memory:    a dependent load costs %.0f ns in 1 MiB, %.0f ns in 4 MiB, %.0f ns in 64 MiB\n",
           latency_1m, latency_4m, latency_64m);
    printf("           (every tree level a lookup visits outside the cache costs about that)\n");
#ifdef FOLDBENCH_HAVE_GTK
    printf("bounds:    ideal static index, Fenwick tree (in this program, same heights)\n");
    printf("baselines: naive (in this program), GtkTreeListModel (GTK %s)%s\n", gtkb_version(),
           gtk ? "" : " [skipped: --no-gtk]");
#else
    printf("bounds:    ideal static index, Fenwick tree (in this program, same heights)\n");
    printf("baselines: naive (in this program); GtkTreeListModel not built (no gtk4)\n");
#endif
    printf("sizes:     ");
    for (int i = 0; i < size_count; i++) printf("%s%lld", i ? ", " : "", (long long)sizes[i]);
    printf("  (%s)\n", opt_smoke ? "smoke" : opt_full ? "full" : "default; --full adds 10^7");
    printf("columns:   median per op, min..max of batches, interquartile range, batches x ops\n");
}

void print_summary(void) {
    printf("\n======================================================================\n");
    printf("machine: %s, %ld cores; FoldTable %s\n", cpu_model, cpu_cores, fold_version_string());
    printf("memory:  a dependent load costs %.0f ns in 1 MiB, %.0f ns in 4 MiB, %.0f ns in 64 MiB\n",
           latency_1m, latency_4m, latency_64m);
    print_tables();
    print_bounds();
    printf("\nMemory per row (foldtable, naive, gtk: RSS growth while building / N; ft heap:\n"
           "FoldTable's heap growth by malloc's counters (mallinfo2) / N; static, fenwick: bytes\n"
           "they allocate / N; shape ten: N/10 sections of 10 rows, x10 for a section)\n");
    printf("  %-9s %-8s %-5s", "impl", "heights", "shape");
    for (int i = 0; i < size_count; i++) printf(" %10lld", (long long)sizes[i]);
    printf("\n");
    static const char *mem_rows[][3] = {
        {"foldtable", "uniform", "one"},  {"foldtable", "variable", "one"},
        {"foldtable", "uniform", "many"}, {"foldtable", "variable", "many"},
        {"ft heap", "uniform", "one"},    {"ft heap", "variable", "one"},
        {"ft heap", "uniform", "many"},   {"ft heap", "variable", "many"},
        {"ft heap", "variable", "ten"},
        {"static", "variable", "one"},    {"static", "variable", "many"},
        {"fenwick", "variable", "one"},   {"fenwick", "variable", "many"},
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
}
