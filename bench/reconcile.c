/*
 * reconcile — fold_table_apply_snapshot through the C header at 10^5
 * sections of 10 rows: the time to apply a new snapshot to a table that
 * holds the old one, by how much changed, against the naive way (freeing
 * the table and building a new one from the snapshot, which loses every
 * section's state) measured in the same run.
 *
 *   reconcile                 N = 100000 sections, 5 repetitions
 *   reconcile --smoke         N = 1000, one repetition (CI: it runs)
 *   reconcile --sections N    another N
 *   reconcile --case K        only case K (0-7, in the order below), once (for
 *                             callgrind: --toggle-collect=fold_table_apply_snapshot)
 *   reconcile --reps R        R repetitions (1-16) instead of 5 (or 1 with --case
 *                             or --smoke), in any order with the others
 *
 * Cases: the same snapshot again; 1% of the sections inserted, removed or
 * moved (at random places, fixed seed); every row run one row longer; the
 * sections in reverse order; DifferenceKit's README case (10% removed, 10%
 * inserted and 2% moved, at random places); DifferenceKit's own benchmark
 * (Benchmark/Sources in its repository: other sections, keyed by UUID texts
 * drawn from the same seed, of which the 10% from N/5 on are removed, 10% new
 * ones inserted at 3N/10 and the first 2% shuffled). Each time is the median of the repetitions,
 * each applying the snapshot to a freshly built table (the build is not
 * timed) with one change listener that counts the changes; the fastest
 * repetition is printed too, the better figure for telling two builds apart
 * on a noisy machine (other load only ever adds time). Never gate anything
 * on these numbers in CI.
 */
#define _GNU_SOURCE /* clock_gettime */

#include <foldtable.h>

#define BENCH_NAME "reconcile"
#include "one_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROWS 10

static void *must(void *p)
{
    if (p == NULL) { fprintf(stderr, "reconcile: out of memory\n"); exit(1); }
    return p;
}

/* A snapshot of top-level sections, each with a run of rows: keys are
 * numbers into one table of key strings (`keys`, or `uuids` for the
 * sections of DifferenceKit's own benchmark). */
typedef struct {
    int64_t count;
    int64_t *key;  /* key numbers */
    int64_t *rows;
    int uuid;      /* the keys are numbers into `uuids` */
} plan;

static char (*keys)[24];
static char (*uuids)[40]; /* "8-4-4-4-12" upper-case hex, as Foundation's UUID.uuidString */

static const char *key_text(const plan *p, int64_t i)
{
    return p->uuid ? uuids[p->key[i]] : keys[p->key[i]];
}

static plan plan_new(int64_t capacity)
{
    plan p;
    p.count = 0;
    p.key = must(malloc(sizeof *p.key * (size_t)capacity));
    p.rows = must(malloc(sizeof *p.rows * (size_t)capacity));
    p.uuid = 0;
    return p;
}

static void plan_add(plan *p, int64_t key, int64_t rows)
{
    p->key[p->count] = key;
    p->rows[p->count] = rows;
    p->count++;
}

static fold_snapshot_entry *entries_of(const plan *p)
{
    fold_snapshot_entry *e = must(calloc((size_t)(2 * p->count + 1), sizeof *e));
    int64_t i;
    for (i = 0; i < p->count; i++) {
        e[2 * i].kind = FOLD_SNAPSHOT_SECTION;
        e[2 * i].key = key_text(p, i);
        e[2 * i].header = key_text(p, i);
        e[2 * i + 1].kind = FOLD_SNAPSHOT_ROWS;
        e[2 * i + 1].depth = 1;
        e[2 * i + 1].rows = p->rows[i];
    }
    return e;
}

static int64_t changes_seen;
static void count_changes(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)user_data;
    changes_seen += set->change_count;
}

/* The naive way: a new table, one section (with its rows) at a time. */
static fold_table *build(const plan *p)
{
    fold_table *t = NULL;
    int64_t i;
    check(fold_table_new(NULL, &t), "fold_table_new");
    for (i = 0; i < p->count; i++)
        check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key_text(p, i), key_text(p, i),
                                        p->rows[i], 0, NULL), "fold_table_insert_section");
    check(fold_table_add_change_listener(t, count_changes, NULL, NULL), "add listener");
    return t;
}

int main(int argc, char **argv)
{
    rng = 0x5eed;
    int64_t n = 100000, i;
    int reps = 5, reps_given = 0, r, c, only = -1;
    plan base, uuid_base, cases[8];
    const char *names[8] = {"nothing changed", "1% inserted", "1% removed", "1% moved",
                            "every run +1 row", "all reversed", "10%/10%/2% (DK)", "DK bench, UUIDs"};
    fold_snapshot_entry *base_entries;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) { n = 1000; if (!reps_given) reps = 1; }
        else if (strcmp(argv[i], "--sections") == 0 && i + 1 < argc) n = atoll(argv[++i]);
        else if (strcmp(argv[i], "--case") == 0 && i + 1 < argc) only = atoi(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) { reps = atoi(argv[++i]); reps_given = 1; }
        else { fprintf(stderr, "usage: reconcile [--smoke] [--sections N] [--case K] [--reps R]\n"); return 2; }
    }
    if (only >= 0 && !reps_given) reps = 1;
    if (reps < 1) reps = 1;
    if (reps > 16) reps = 16; /* the size of the arrays below */
    if (n < 100) n = 100;
    keys = must(malloc(sizeof *keys * (size_t)(n + n / 10)));
    for (i = 0; i < n + n / 10; i++) snprintf(keys[i], sizeof keys[i], "s%09lld", (long long)i);

    base = plan_new(n);
    for (i = 0; i < n; i++) plan_add(&base, i, ROWS);
    base_entries = entries_of(&base);
    for (c = 0; c < 8; c++) cases[c] = plan_new(n + n / 10);
    {
        /* 1% inserted (keys n.., at random places), removed, moved. */
        char *mark = must(calloc((size_t)n, 1));
        int64_t *where = must(malloc(sizeof *where * (size_t)(n / 100)));
        int64_t k, next = n;
        for (i = 0; i < n; i++) plan_add(&cases[0], i, ROWS);
        for (k = 0; k < n / 100; k++) mark[below(n)] = 1;
        for (i = 0; i < n; i++) {
            if (mark[i]) plan_add(&cases[1], next++, ROWS);
            plan_add(&cases[1], i, ROWS);
            if (!mark[i]) plan_add(&cases[2], i, ROWS);
        }
        /* Moved: the marked sections leave and come back at other random places. */
        for (k = 0; k < n / 100; k++) where[k] = below(n);
        memset(mark, 0, (size_t)n);
        for (k = 0; k < n / 100; k++) mark[below(n)] = 1;
        {
            int64_t *moving = must(malloc(sizeof *moving * (size_t)n)), m = 0, taken = 0;
            char *insert_here = must(calloc((size_t)n, 1));
            for (i = 0; i < n; i++) if (mark[i]) moving[m++] = i;
            for (k = 0; k < n / 100; k++) insert_here[where[k]] = 1;
            for (i = 0; i < n; i++) {
                if (insert_here[i] && taken < m) plan_add(&cases[3], moving[taken++], ROWS);
                if (!mark[i]) plan_add(&cases[3], i, ROWS);
            }
            while (taken < m) plan_add(&cases[3], moving[taken++], ROWS);
            free(moving);
            free(insert_here);
        }
        {
            /* DifferenceKit's case: n/10 removed, n/10 inserted (new keys) and
             * n/50 moved, each at random places. */
            char *gone = must(calloc((size_t)n, 1)), *moved = must(calloc((size_t)n, 1));
            char *insert_here = must(calloc((size_t)n, 1)), *move_here = must(calloc((size_t)n, 1));
            int64_t *moving = must(malloc(sizeof *moving * (size_t)n)), m = 0, taken = 0, fresh = n;
            for (k = 0; k < n / 10;) { i = below(n); if (!gone[i]) { gone[i] = 1; k++; } }
            for (k = 0; k < n / 50;) { i = below(n); if (!gone[i] && !moved[i]) { moved[i] = 1; k++; } }
            for (k = 0; k < n / 10;) { i = below(n); if (!insert_here[i]) { insert_here[i] = 1; k++; } }
            for (k = 0; k < n / 50;) { i = below(n); if (!move_here[i]) { move_here[i] = 1; k++; } }
            for (i = 0; i < n; i++) if (moved[i]) moving[m++] = i;
            for (i = 0; i < n; i++) {
                if (insert_here[i]) plan_add(&cases[6], fresh++, ROWS);
                if (move_here[i] && taken < m) plan_add(&cases[6], moving[taken++], ROWS);
                if (!gone[i] && !moved[i]) plan_add(&cases[6], i, ROWS);
            }
            while (taken < m) plan_add(&cases[6], moving[taken++], ROWS);
            free(gone); free(moved); free(insert_here); free(move_here); free(moving);
        }
        for (i = 0; i < n; i++) plan_add(&cases[4], i, ROWS + 1);
        for (i = n - 1; i >= 0; i--) plan_add(&cases[5], i, ROWS);
        free(mark);
        free(where);
    }
    {
        /* DifferenceKit's own benchmark (its BenchmarkData): N sections keyed
         * by random (version 4) UUIDs, then N/10 new ones; the new list drops
         * the old ones at N/5..3N/10-1, takes the new ones in at 3N/10 and
         * shuffles its first N/50 (Fisher-Yates). Drawn after the other cases,
         * which stay as they were. */
        int64_t k, cut = n / 5, gone = n / 10, at = 3 * n / 10, shuffled = n / 50;
        uuids = must(malloc(sizeof *uuids * (size_t)(n + n / 10)));
        for (i = 0; i < n + n / 10; i++) {
            uint64_t hi = draw64(), lo = draw64();
            hi = (hi & ~(uint64_t)0xF000u) | 0x4000u;
            lo = (lo & ~((uint64_t)0xC0u << 56)) | ((uint64_t)0x80u << 56);
            snprintf(uuids[i], sizeof uuids[i], "%08llX-%04llX-%04llX-%04llX-%012llX",
                     (unsigned long long)(hi >> 32), (unsigned long long)((hi >> 16) & 0xFFFFu),
                     (unsigned long long)(hi & 0xFFFFu), (unsigned long long)(lo >> 48),
                     (unsigned long long)(lo & 0xFFFFFFFFFFFFull));
        }
        uuid_base = plan_new(n);
        uuid_base.uuid = cases[7].uuid = 1;
        for (i = 0; i < n; i++) plan_add(&uuid_base, i, ROWS);
        for (i = 0; i < cut; i++) plan_add(&cases[7], i, ROWS);
        for (i = cut + gone; i < n && cases[7].count < at; i++) plan_add(&cases[7], i, ROWS);
        for (k = 0; k < n / 10; k++) plan_add(&cases[7], n + k, ROWS);
        for (; i < n; i++) plan_add(&cases[7], i, ROWS);
        for (i = shuffled - 1; i > 0; i--) {
            int64_t j = below(i + 1), t = cases[7].key[i];
            cases[7].key[i] = cases[7].key[j];
            cases[7].key[j] = t;
        }
    }

    printf("fold_table_apply_snapshot: %lld top-level sections of %d rows, median and fastest of %d repetition%s\n",
           (long long)n, ROWS, reps, reps == 1 ? "" : "s");
    printf("%-18s %12s %12s %12s %14s %12s\n", "case", "apply ms", "fastest ms", "changes", "rebuild ms", "ratio");
    for (c = 0; c < 8; c++) {
        fold_snapshot_entry *e;
        if (only >= 0 && c != only) continue;
        e = entries_of(&cases[c]);
        double apply[16], rebuild[16];
        int64_t changes = 0;
        for (r = 0; r < reps; r++) {
            fold_table *t = build(c == 7 ? &uuid_base : &base);
            fold_snapshot_report report;
            double t0;
            changes_seen = 0;
            t0 = now_ms();
            check(fold_table_apply_snapshot(t, e, 2 * cases[c].count, &report), "apply");
            apply[r] = now_ms() - t0;
            changes = changes_seen;
            fold_table_free(t);
            /* The naive way, in the same run: throw the table away and build the new one. */
            t0 = now_ms();
            t = build(&cases[c]);
            fold_table_free(t);
            rebuild[r] = now_ms() - t0;
        }
        {
            double a = median(apply, reps), b = median(rebuild, reps);
            /* median sorted the times: the fastest is first */
            printf("%-18s %12.2f %12.2f %12lld %14.2f %11.2fx\n", names[c], a, apply[0], (long long)changes, b,
                   b / a);
        }
        free(e);
    }
    if (only < 0) {
        /* Building from nothing by snapshot, for comparison with the rebuild. */
        double first[16];
        for (r = 0; r < reps; r++) {
            fold_table *t = NULL;
            double t0 = now_ms();
            check(fold_table_new(NULL, &t), "fold_table_new");
            check(fold_table_apply_snapshot(t, base_entries, 2 * n, NULL), "apply");
            fold_table_free(t);
            first[r] = now_ms() - t0;
        }
        printf("%-18s %12.2f   (an empty table, with fold_table_new and fold_table_free)\n", "first snapshot",
               median(first, reps));
    }
    free(base_entries);
    return 0;
}
