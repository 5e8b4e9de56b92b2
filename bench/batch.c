/*
 * batch — 1,000 edits through the C header on a table of 10^5 sections of
 * 10 rows (10^6 rows, all expanded), made one by one (each tells the change
 * listener) and in one batch (fold_table_begin_batch / end_batch: one
 * change set with the fewest steps and the moves), measured in the same
 * run on freshly built tables with the same seeded edits. The listener
 * counts what a view would have to replay: change sets, steps, moves.
 *
 *   batch                 10^5 sections, 1,000 edits, 5 repetitions
 *   batch --smoke         10^3 sections, 100 edits, one repetition (CI: it runs)
 *   batch --sections N --edits E --reps R
 *
 * The edits, in a fixed seeded mix: rows inserted (1-3) or removed (1) at a
 * random place, a section moved to a random place, a section collapsed or
 * expanded, a row height set. The median of the repetitions is printed, and
 * the fastest (the better figure for comparing builds on a noisy machine).
 * Never gate anything on these numbers in CI.
 */
#define _GNU_SOURCE /* clock_gettime */

#include <foldtable.h>

#define BENCH_NAME "batch"
#include "one_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROWS 10

typedef struct counts {
    long sets, steps, moves, moved_items;
} counts;

static void on_change(fold_table *t, const fold_change_set *set, void *data)
{
    counts *c = data;
    (void)t;
    c->sets++;
    c->steps += (long)set->change_count;
    c->moves += (long)set->move_count;
    for (int64_t i = 0; i < set->move_count; i++) c->moved_items += (long)set->moves[i].count;
}

static fold_table *build(int64_t sections, counts *c)
{
    fold_table *t = NULL;
    check(fold_table_new(NULL, &t), "fold_table_new");
    char key[32];
    for (int64_t s = 0; s < sections; s++) {
        snprintf(key, sizeof key, "s%lld", (long long)s);
        check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, key, ROWS, 0, NULL), "insert_section");
    }
    check(fold_table_add_change_listener(t, on_change, c, NULL), "add_change_listener");
    return t;
}

/* One seeded edit. */
static void edit(fold_table *t, int64_t sections)
{
    fold_section_id s = 0;
    int64_t rows = 0, row = 0;
    int32_t kind = 0;
    check(fold_table_child_at(t, FOLD_ROOT, below(sections), &kind, &s, &row), "child_at");
    check(fold_table_child_count(t, s, &rows), "child_count");
    switch (below(5)) {
    case 0: check(fold_table_insert_rows(t, s, below(rows + 1), 1 + below(3), NULL), "insert_rows"); break;
    case 1:
        if (rows > 0) check(fold_table_remove_rows(t, s, below(rows), 1), "remove_rows");
        break;
    case 2: check(fold_table_move_section(t, s, FOLD_ROOT, below(sections)), "move_section"); break;
    case 3: check(fold_table_toggle(t, s, NULL), "toggle"); break;
    default:
        if (rows > 0) check(fold_table_set_row_height(t, s, below(rows), 20 + (double)below(60)), "set_row_height");
    }
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int64_t sections = 100000, edits = 1000;
    int reps = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) sections = 1000, edits = 100, reps = 1;
        else if (strcmp(argv[i], "--sections") == 0 && i + 1 < argc) sections = atoll(argv[++i]);
        else if (strcmp(argv[i], "--edits") == 0 && i + 1 < argc) edits = atoll(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: batch [--smoke] [--sections N] [--edits E] [--reps R]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 16 || sections < 1 || edits < 1) return 2;
    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    printf("batch: %s; FoldTable %s; %lld sections of %d rows, %lld edits, %d repetitions\n", cpu,
           fold_version_string(), (long long)sections, ROWS, (long long)edits, reps);

    double one[16], batched[16], end[16];
    counts c1 = {0}, cb = {0};
    for (int r = 0; r < reps; r++) {
        for (int k = 0; k < 2; k++) {
            int batch = (k + r) % 2; /* alternate which goes first */
            counts c = {0};
            fold_table *t = build(sections, &c);
            rng = 0x5eed + (uint64_t)r; /* the same edits both ways */
            double t0 = now_ms(), t1 = 0;
            if (batch) check(fold_table_begin_batch(t), "begin_batch");
            for (int64_t e = 0; e < edits; e++) edit(t, sections);
            t1 = now_ms();
            if (batch) check(fold_table_end_batch(t), "end_batch");
            double t2 = now_ms();
            if (batch) {
                batched[r] = t2 - t0;
                end[r] = t2 - t1;
                cb = c;
            } else {
                one[r] = t2 - t0;
                c1 = c;
            }
            fold_table_free(t);
        }
    }
    double s1[16], sb[16], se[16];
    memcpy(s1, one, sizeof one);
    memcpy(sb, batched, sizeof batched);
    memcpy(se, end, sizeof end);
    qsort(s1, (size_t)reps, sizeof(double), cmp);
    qsort(sb, (size_t)reps, sizeof(double), cmp);
    qsort(se, (size_t)reps, sizeof(double), cmp);
    printf("%-34s %12s %12s %10s %10s %8s %12s\n", "", "median ms", "fastest ms", "sets", "steps", "moves",
           "moved items");
    printf("%-34s %12.3f %12.3f %10ld %10ld %8ld %12ld\n", "one by one (baseline)", s1[reps / 2], s1[0],
           c1.sets, c1.steps, c1.moves, c1.moved_items);
    printf("%-34s %12.3f %12.3f %10ld %10ld %8ld %12ld\n", "one batch", sb[reps / 2], sb[0], cb.sets,
           cb.steps, cb.moves, cb.moved_items);
    printf("%-34s %12.3f %12.3f\n", "  of which fold_table_end_batch", se[reps / 2], se[0]);
    printf("batch / one by one: time %.2fx, change sets %.4fx, steps %.3fx\n", sb[reps / 2] / s1[reps / 2],
           (double)cb.sets / (double)(c1.sets ? c1.sets : 1), (double)cb.steps / (double)(c1.steps ? c1.steps : 1));
    return 0;
}
