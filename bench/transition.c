/*
 * transition — what a transition costs (foldtable.h: "Transitions"), through
 * the C header, with a viewport of 1080 points (rows 44, headers 28: about
 * 25 items on screen), each against the same call with transitions off in
 * the same run, on the same table and the same seeded sections:
 *
 *   collapse, off (baseline)   fold_table_collapse, transitions off
 *   collapse, on               the same, building the transition (the rows
 *                              on screen fold, the items below slide in)
 *   expand, off / on           fold_table_expand, likewise
 *   frame                      fold_table_transition_frame of a collapse's
 *                              transition at a seeded t (all its items)
 *   items                      fold_table_transition_items (all of them)
 *
 * on two tables:
 *
 *   one section of 10^6 rows   followed by 10 sections of 10 rows; it is
 *                              collapsed and expanded with the viewport at 0
 *   10^4 sections x 100 rows   a seeded section each call, the viewport's
 *                              top at its header
 *
 * Each call is timed alone (clock_gettime around it); the state is put
 * back between calls, untimed (expand after a collapse, and the reverse).
 * The median and the fastest repetition of the mean per call are printed
 * in µs, and each median over the baseline's.
 *
 *   transition               10^6 rows; 10^4 x 100; 2,000 calls; 7 repetitions
 *   transition --smoke       10^3 rows; 10 x 100; 50 calls; one repetition (CI)
 *   transition --calls K --reps R
 *
 * Never gate anything on these numbers in CI.
 */
#define _GNU_SOURCE /* clock_gettime */

#include <foldtable.h>

#define BENCH_NAME "transition"
#include "one_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VIEWPORT 1080.0
#define MAX_ITEMS 256

enum { COLLAPSE_OFF, COLLAPSE_ON, EXPAND_OFF, EXPAND_ON, FRAME, ITEMS, OPS };
static const char *const names[OPS] = {"collapse, off (baseline)", "collapse, transition on",
                                       "expand, off",              "expand, transition on",
                                       "transition_frame",         "transition_items"};

/* One table to measure and the sections its calls collapse. */
typedef struct shape {
    const char *name;
    fold_table *t;
    fold_section_id *targets;
    int64_t target_count;
    int64_t transition_items; /* in the transition of the first target's collapse */
} shape;

static fold_section_id insert(fold_table *t, const char *key, int64_t rows)
{
    fold_section_id id = 0;
    check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, key, rows, 0, &id), "insert_section");
    return id;
}

static shape one_large(int64_t rows)
{
    shape s = {"one section", NULL, NULL, 1, 0};
    char key[32];
    check(fold_table_new(NULL, &s.t), "fold_table_new");
    s.targets = malloc(sizeof *s.targets);
    if (s.targets == NULL) exit(1);
    s.targets[0] = insert(s.t, "large", rows);
    for (int i = 0; i < 10; i++) {
        snprintf(key, sizeof key, "after%d", i);
        insert(s.t, key, 10);
    }
    return s;
}

static shape many(int64_t sections, int64_t rows, int64_t calls)
{
    shape s = {"many sections", NULL, NULL, calls, 0};
    char key[32];
    check(fold_table_new(NULL, &s.t), "fold_table_new");
    fold_section_id *ids = malloc((size_t)sections * sizeof *ids);
    s.targets = malloc((size_t)calls * sizeof *s.targets);
    if (ids == NULL || s.targets == NULL) exit(1);
    for (int64_t i = 0; i < sections; i++) {
        snprintf(key, sizeof key, "s%lld", (long long)i);
        ids[i] = insert(s.t, key, rows);
    }
    rng = 0x7a4e;
    for (int64_t c = 0; c < calls; c++) s.targets[c] = ids[below(sections)];
    free(ids);
    return s;
}

/* The viewport's top at the section's header. */
static void show(fold_table *t, fold_section_id section)
{
    int64_t position = 0;
    double top = 0;
    check(fold_table_header_position(t, section, &position), "header_position");
    check(fold_table_item_top(t, position, &top), "item_top");
    check(fold_table_set_viewport(t, top, VIEWPORT), "set_viewport");
}

static double now_ns(void) { return now_ms() * 1e6; }

/* K calls of `op`; returns the mean ns per call. */
static double run(shape *s, int op, int64_t calls, int64_t *sink)
{
    fold_table *t = s->t;
    fold_frame_item frame[MAX_ITEMS];
    fold_transition_item items[MAX_ITEMS];
    int on = op == COLLAPSE_ON || op == EXPAND_ON || op == FRAME || op == ITEMS;
    int expanding = op == EXPAND_OFF || op == EXPAND_ON;
    int reading = op == FRAME || op == ITEMS;
    double total = 0;
    int64_t written = 0;
    check(fold_table_set_transitions(t, on), "set_transitions");
    rng = 0xf7a3e;
    for (int64_t c = 0; c < calls; c++) {
        fold_section_id section = s->targets[c % s->target_count];
        show(t, section);
        if (expanding || reading) check(fold_table_collapse(t, section, NULL), "collapse");
        if (expanding && on) check(fold_table_set_transition_progress(t, 1), "set_transition_progress");
        double progress = (double)below(1025) / 1024, t0 = now_ns();
        switch (op) {
        case FRAME:
            check(fold_table_transition_frame(t, progress, frame, MAX_ITEMS, &written, NULL), "transition_frame");
            break;
        case ITEMS: check(fold_table_transition_items(t, items, MAX_ITEMS, &written, NULL), "transition_items"); break;
        case EXPAND_OFF:
        case EXPAND_ON: check(fold_table_expand(t, section, NULL), "expand"); break;
        default: check(fold_table_collapse(t, section, NULL), "collapse");
        }
        total += now_ns() - t0;
        *sink += written;
        if (c == 0) {
            /* Transitions are built exactly when they are on. */
            fold_transition_info info;
            check(fold_table_transition_info(t, &info), "transition_info");
            if ((info.item_count > 0) != on || info.item_count > MAX_ITEMS) {
                fprintf(stderr, "transition: %s: %lld items in the transition\n", names[op],
                        (long long)info.item_count);
                exit(1);
            }
            if (op == COLLAPSE_ON && s->transition_items == 0) s->transition_items = info.item_count;
        }
        /* The view's animation ends before the next change, so that change
         * starts from the list at rest (not from a running transition). */
        if (on) check(fold_table_set_transition_progress(t, 1), "set_transition_progress");
        if (!expanding) check(fold_table_expand(t, section, NULL), "expand");
        if (on) check(fold_table_set_transition_progress(t, 1), "set_transition_progress");
    }
    return total / (double)calls;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void measure(shape *s, int64_t calls, int reps, const char *size)
{
    double ns[OPS][16];
    int64_t sink = 0;
    for (int r = 0; r < reps; r++)
        for (int k = 0; k < OPS; k++) {
            int op = (k + r) % OPS; /* rotate which goes first */
            ns[op][r] = run(s, op, calls, &sink);
        }
    printf("\n%s: %s, %lld items in a collapse's transition\n", s->name, size, (long long)s->transition_items);
    printf("%-28s %12s %12s %12s\n", "", "median µs", "fastest µs", "/ baseline");
    double base = 0;
    for (int op = 0; op < OPS; op++) {
        qsort(ns[op], (size_t)reps, sizeof(double), cmp);
        if (op == COLLAPSE_OFF) base = ns[op][reps / 2];
        printf("%-28s %12.2f %12.2f %12.2f\n", names[op], ns[op][reps / 2] / 1e3, ns[op][0] / 1e3,
               ns[op][reps / 2] / base);
    }
    if (sink == 42) printf(" \n"); /* keeps the answers alive */
}

int main(int argc, char **argv)
{
    int64_t rows = 1000000, sections = 10000, calls = 2000;
    int reps = 7;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) rows = 1000, sections = 10, calls = 50, reps = 1;
        else if (strcmp(argv[i], "--calls") == 0 && i + 1 < argc) calls = atoll(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: transition [--smoke] [--calls K] [--reps R]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 16 || calls < 1) return 2;
    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    printf("transition: %s; FoldTable %s; viewport %g pt; %lld calls, %d repetitions\n", cpu,
           fold_version_string(), VIEWPORT, (long long)calls, reps);

    char size[64];
    shape large = one_large(rows);
    snprintf(size, sizeof size, "%lld rows, then 10 sections of 10", (long long)rows);
    measure(&large, calls, reps, size);
    fold_table_free(large.t);
    free(large.targets);

    shape spread = many(sections, 100, calls);
    snprintf(size, sizeof size, "%lld sections x 100 rows", (long long)sections);
    measure(&spread, calls, reps, size);
    fold_table_free(spread.t);
    free(spread.targets);
    return 0;
}
