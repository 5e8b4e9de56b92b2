/*
 * reload — fold_table_reload + fold_table_finish_load through the C header:
 * a folder of 10^4 keyed subsections (3 rows each) in a table of 10^3 other
 * sections of 10 rows, reloaded with the same children, or with 1% of them
 * changed (0.4% removed, 0.4% inserted, 0.2% moved, at random places, fixed
 * seed). Each repetition builds a fresh table (not timed), expands and loads
 * the folder, collapses 10% of its subsections (state the reload must
 * keep), then times the reload: fold_table_reload (the state machine:
 * LOADED -> RELOADING, a ticket) and fold_table_finish_load with the new
 * children (RELOADING -> LOADED, checked), with one change listener that
 * counts the steps, the moves and the items the steps remove and add.
 *
 * The baseline, in the same run: what an app does without reload (and what
 * replacing a GtkTreeListModel's child model amounts to): remove the folder
 * and insert it again UNLOADED | EXPANDED, then finish its load with all the
 * children: every child item removed and added, every subsection's state
 * lost.
 *
 *   reload                    10^4 children, 7 repetitions
 *   reload --smoke            10^3 children, one repetition (CI: it runs)
 *   reload --children N       another N
 *   reload --reps R           R repetitions (1-16)
 *
 * Prints the median and fastest time of each case, the change set's size,
 * and the baseline's. Never gate anything on these numbers in CI.
 */
#define _GNU_SOURCE /* clock_gettime */

#include <foldtable.h>

#define BENCH_NAME "reload"
#include "one_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROWS 3
#define OTHERS 1000

static void *must(void *p)
{
    if (p == NULL) { fprintf(stderr, "reload: out of memory\n"); exit(1); }
    return p;
}

static char (*keys)[24];

/* The children of the folder: key numbers, each a subsection with ROWS rows. */
static fold_snapshot_entry *entries_of(const int64_t *key, int64_t count)
{
    fold_snapshot_entry *e = must(calloc((size_t)(2 * count + 1), sizeof *e));
    for (int64_t i = 0; i < count; i++) {
        e[2 * i].kind = FOLD_SNAPSHOT_SECTION;
        e[2 * i].key = keys[key[i]];
        e[2 * i].header = keys[key[i]];
        e[2 * i + 1].kind = FOLD_SNAPSHOT_ROWS;
        e[2 * i + 1].depth = 1;
        e[2 * i + 1].rows = ROWS;
    }
    return e;
}

static int64_t steps_seen, items_seen, moves_seen;
static void count_changes(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)user_data;
    steps_seen += set->change_count;
    moves_seen += set->move_count;
    for (int64_t i = 0; i < set->change_count; i++)
        items_seen += set->changes[i].removed + set->changes[i].added;
}

static uint64_t ticket_of(fold_table *t, fold_section_id s, int32_t state)
{
    fold_load_info li;
    check(fold_table_load_info(t, s, &li), "fold_table_load_info");
    if (li.state != state) {
        fprintf(stderr, "reload: load state %d, expected %d\n", li.state, state);
        exit(1);
    }
    return li.ticket;
}

/* Others, the folder (loaded with `base`, 10% of its children collapsed), others. */
static fold_table *build(const fold_snapshot_entry *base, int64_t n, fold_section_id *out_folder)
{
    fold_table *t = NULL;
    check(fold_table_new(NULL, &t), "fold_table_new");
    char key[32];
    for (int i = 0; i < OTHERS; i++) {
        snprintf(key, sizeof key, "other%d", i);
        check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, key, 10, 0, NULL), "insert");
        if (i == OTHERS / 2)
            check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "folder", "Folder", 0,
                                            FOLD_SECTION_UNLOADED | FOLD_SECTION_EXPANDED, out_folder),
                  "insert the folder");
    }
    check(fold_table_finish_load(t, *out_folder, ticket_of(t, *out_folder, FOLD_LOAD_LOADING), base, 2 * n, NULL),
          "load the folder");
    for (int64_t i = 0; i < n; i += 10) {
        fold_section_id s;
        check(fold_table_find_section(t, base[2 * i].key, &s), "find");
        check(fold_table_collapse(t, s, NULL), "collapse");
    }
    check(fold_table_add_change_listener(t, count_changes, NULL, NULL), "add listener");
    return t;
}

int main(int argc, char **argv)
{
    rng = 0x5eed35;
    int64_t n = 10000;
    int reps = 7, reps_given = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) { n = 1000; if (!reps_given) reps = 1; }
        else if (strcmp(argv[i], "--children") == 0 && i + 1 < argc) n = atoll(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) { reps = atoi(argv[++i]); reps_given = 1; }
        else { fprintf(stderr, "usage: reload [--smoke] [--children N] [--reps R]\n"); return 2; }
    }
    if (reps < 1) reps = 1;
    if (reps > 16) reps = 16;
    if (n < 500) n = 500;
    keys = must(malloc(sizeof *keys * (size_t)(n + n / 100)));
    for (int64_t i = 0; i < n + n / 100; i++) snprintf(keys[i], sizeof keys[i], "f%09lld", (long long)i);

    int64_t *base = must(malloc(sizeof *base * (size_t)n));
    for (int64_t i = 0; i < n; i++) base[i] = i;
    /* 1%: 0.4% removed, 0.4% inserted (new keys) and 0.2% moved, at random places. */
    int64_t *changed = must(malloc(sizeof *changed * (size_t)(n + n / 100))), count = 0;
    {
        char *gone = must(calloc((size_t)n, 1)), *moved = must(calloc((size_t)n, 1));
        char *insert_here = must(calloc((size_t)n, 1)), *move_here = must(calloc((size_t)n, 1));
        int64_t *moving = must(malloc(sizeof *moving * (size_t)n)), m = 0, taken = 0, fresh = n, i, k;
        for (k = 0; k < n * 4 / 1000;) { i = below(n); if (!gone[i]) { gone[i] = 1; k++; } }
        for (k = 0; k < n * 2 / 1000;) { i = below(n); if (!gone[i] && !moved[i]) { moved[i] = 1; k++; } }
        for (k = 0; k < n * 4 / 1000;) { i = below(n); if (!insert_here[i]) { insert_here[i] = 1; k++; } }
        for (k = 0; k < n * 2 / 1000;) { i = below(n); if (!move_here[i]) { move_here[i] = 1; k++; } }
        for (i = 0; i < n; i++) if (moved[i]) moving[m++] = i;
        for (i = 0; i < n; i++) {
            if (insert_here[i]) changed[count++] = fresh++;
            if (move_here[i] && taken < m) changed[count++] = moving[taken++];
            if (!gone[i] && !moved[i]) changed[count++] = i;
        }
        while (taken < m) changed[count++] = moving[taken++];
        free(gone); free(moved); free(insert_here); free(move_here); free(moving);
    }
    fold_snapshot_entry *base_entries = entries_of(base, n);
    fold_snapshot_entry *cases[2] = {entries_of(base, n), entries_of(changed, count)};
    int64_t counts[2] = {n, count};
    const char *names[2] = {"nothing changed", "1% changed"};

    printf("fold_table_reload + fold_table_finish_load: a folder of %lld subsections (%d rows each) among %d "
           "sections, median and fastest of %d repetition%s\n", (long long)n, ROWS, OTHERS, reps,
           reps == 1 ? "" : "s");
    printf("%-16s %10s %10s %6s %6s %11s %11s %10s %8s\n", "case", "reload ms", "fastest", "steps", "moves",
           "step items", "replace ms", "its items", "ratio");
    for (int c = 0; c < 2; c++) {
        double reload[16], replace[16];
        int64_t steps = 0, moves = 0, items = 0, replace_items = 0;
        for (int r = 0; r < reps; r++) {
            fold_section_id folder;
            fold_table *t = build(base_entries, n, &folder);
            steps_seen = items_seen = moves_seen = 0;
            double t0 = now_ms();
            check(fold_table_reload(t, folder), "fold_table_reload");
            uint64_t ticket = ticket_of(t, folder, FOLD_LOAD_RELOADING);
            check(fold_table_finish_load(t, folder, ticket, cases[c], 2 * counts[c], NULL), "finish the reload");
            reload[r] = now_ms() - t0;
            (void)ticket_of(t, folder, FOLD_LOAD_LOADED);
            steps = steps_seen;
            moves = moves_seen;
            items = items_seen;
            fold_table_free(t);

            /* The baseline: the folder removed and loaded again from nothing. */
            t = build(base_entries, n, &folder);
            items_seen = 0;
            int64_t index = OTHERS / 2 + 1;
            t0 = now_ms();
            check(fold_table_remove_section(t, folder), "remove the folder");
            check(fold_table_insert_section(t, FOLD_ROOT, index, "folder", "Folder", 0,
                                            FOLD_SECTION_UNLOADED | FOLD_SECTION_EXPANDED, &folder), "insert");
            check(fold_table_finish_load(t, folder, ticket_of(t, folder, FOLD_LOAD_LOADING), cases[c],
                                         2 * counts[c], NULL), "load the folder again");
            replace[r] = now_ms() - t0;
            replace_items = items_seen;
            fold_table_free(t);
        }
        double a = median(reload, reps), b = median(replace, reps);
        /* median sorted the times: the fastest is first */
        printf("%-16s %10.2f %10.2f %6lld %6lld %11lld %11.2f %10lld %7.2fx\n", names[c], a, reload[0],
               (long long)steps, (long long)moves, (long long)items, b, (long long)replace_items, b / a);
    }
    free(base_entries);
    free(cases[0]);
    free(cases[1]);
    free(base);
    free(changed);
    free(keys);
    return 0;
}
