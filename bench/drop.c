/*
 * drop — the queries behind drag and drop and type-ahead through the C
 * header, at 10^6 rows, each against the plain lookup it starts from, in
 * the same run on the same table: fold_table_drop_target at a random
 * pointer (one dragged row, and a drag from elsewhere) and
 * fold_table_find_text over headers (a random one-letter prefix from a
 * random start), against fold_table_item_at_offset at a random offset.
 *
 *   drop                 10^4 sections, each 2 subsections of 50 rows
 *                        (10^6 rows, depth 2), 10^5 calls, 5 repetitions
 *   drop --smoke         10 sections (10^3 rows), 10^3 calls, one repetition
 *   drop --sections N --calls C --reps R
 *
 * Headers are titled by a letter (26 in turn) and a number, so a random
 * letter is found within about 26 headers of the start: the search looks
 * at about 26 candidates, jumping from header to header over the rows.
 * The median and the fastest repetition are printed, per call, and each
 * as a ratio to the baseline's median. Never gate anything on these
 * numbers in CI.
 */
#define _GNU_SOURCE /* clock_gettime */

#include <foldtable.h>

#define BENCH_NAME "drop"
#include "one_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUBSECTIONS 2
#define ROWS 50

static fold_table *build(int64_t sections)
{
    fold_table *t = NULL;
    char key[32], title[32];
    int64_t n = 0;
    check(fold_table_new(NULL, &t), "fold_table_new");
    for (int64_t s = 0; s < sections; s++) {
        fold_section_id id = 0;
        snprintf(key, sizeof key, "s%lld", (long long)s);
        snprintf(title, sizeof title, "%c%lld|detail", 'a' + (int)(n++ % 26), (long long)s);
        check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, title, 0, 0, &id), "insert_section");
        for (int k = 0; k < SUBSECTIONS; k++) {
            snprintf(key, sizeof key, "s%lld.%d", (long long)s, k);
            snprintf(title, sizeof title, "%c%lld.%d", 'a' + (int)(n++ % 26), (long long)s, k);
            check(fold_table_insert_section(t, id, FOLD_INDEX_END, key, title, ROWS, 0, NULL), "insert_section");
        }
    }
    return t;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { BASELINE, TARGET_ROW, TARGET_EXTERNAL, FIND, KINDS };

static const char *names[KINDS] = {
    "item_at_offset (baseline)",
    "drop_target, one row dragged",
    "drop_target, from elsewhere",
    "find_text, headers, 1 letter",
};

int main(int argc, char **argv)
{
    int64_t sections = 10000, calls = 100000;
    int reps = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) sections = 10, calls = 1000, reps = 1;
        else if (strcmp(argv[i], "--sections") == 0 && i + 1 < argc) sections = atoll(argv[++i]);
        else if (strcmp(argv[i], "--calls") == 0 && i + 1 < argc) calls = atoll(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: drop [--smoke] [--sections N] [--calls C] [--reps R]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 16 || sections < 1 || calls < 1) return 2;
    printf("drop: FoldTable %s; %lld sections of %d subsections of %d rows (%lld rows), %lld calls, %d repetitions\n",
           fold_version_string(), (long long)sections, SUBSECTIONS, ROWS,
           (long long)(sections * SUBSECTIONS * ROWS), (long long)calls, reps);

    fold_table *t = build(sections);
    double content = 0;
    int64_t items = 0;
    check(fold_table_content_height(t, &content), "content_height");
    check(fold_table_item_count(t, &items), "item_count");
    /* The same seeded inputs for every kind of call. */
    double *ys = malloc(sizeof(double) * (size_t)calls), *xs = malloc(sizeof(double) * (size_t)calls);
    int64_t *starts = malloc(sizeof(int64_t) * (size_t)calls);
    char (*prefixes)[2] = malloc(sizeof(char[2]) * (size_t)calls);
    if (!ys || !xs || !starts || !prefixes) return 1;
    rng = 0xd409;
    for (int64_t c = 0; c < calls; c++) {
        ys[c] = (double)below((int64_t)content * 4) / 4;
        xs[c] = (double)below(64);
        starts[c] = below(items);
        prefixes[c][0] = (char)('A' + below(26)); /* upper case: folded */
        prefixes[c][1] = 0;
    }
    /* A row of the first subsection is dragged. */
    fold_section_id first = 0, first_sub = 0;
    int32_t kind = 0;
    check(fold_table_child_at(t, FOLD_ROOT, 0, &kind, &first, NULL), "child_at");
    check(fold_table_child_at(t, first, 0, &kind, &first_sub, NULL), "child_at");
    fold_item_ref dragged = {first_sub, 7};

    double per[KINDS][16];
    long sink = 0;
    for (int r = 0; r < reps; r++) {
        for (int k = 0; k < KINDS; k++) {
            int which = (k + r) % KINDS; /* rotate which goes first */
            double t0 = now_ms();
            for (int64_t c = 0; c < calls; c++) {
                int64_t p = 0;
                int32_t place = 0;
                fold_drop_target d;
                switch (which) {
                case BASELINE:
                    check(fold_table_item_at_offset(t, ys[c], &p, &place), "item_at_offset");
                    sink += p;
                    break;
                case TARGET_ROW:
                case TARGET_EXTERNAL:
                    check(fold_table_drop_target(t, xs[c], ys[c], 16, which == TARGET_ROW ? &dragged : NULL,
                                                 which == TARGET_ROW ? 1 : 0, &d),
                          "drop_target");
                    sink += d.position;
                    break;
                default:
                    check(fold_table_find_text(t, prefixes[c], starts[c], 0, NULL, NULL, &p), "find_text");
                    sink += p;
                }
            }
            per[which][r] = (now_ms() - t0) * 1e6 / (double)calls; /* ns per call */
        }
    }
    double base = 0;
    printf("%-32s %14s %14s %8s\n", "", "median ns/call", "fastest", "ratio");
    for (int k = 0; k < KINDS; k++) {
        qsort(per[k], (size_t)reps, sizeof(double), cmp);
        if (k == BASELINE) base = per[k][reps / 2];
        printf("%-32s %14.0f %14.0f %7.1fx\n", names[k], per[k][reps / 2], per[k][0], per[k][reps / 2] / base);
    }
    if (sink == 42) printf(" \n"); /* keeps the calls */
    free(ys);
    free(xs);
    free(starts);
    free(prefixes);
    fold_table_free(t);
    return 0;
}
