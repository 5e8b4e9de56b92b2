/*
 * interaction — keyboard focus through the C header on 10^6 rows (10^4
 * sections of 100 rows, all expanded, a viewport of 600 points set), per
 * call, against the plain lookup a view makes anyway, in the same run on
 * the same seeded positions:
 *
 *   item_at (baseline)       fold_table_item_at(p + 1): the next item by position
 *   navigate NEXT            fold_table_navigate(p, FOLD_NAV_NEXT)
 *   navigate NEXT, NO_FOCUS  the same with every other section flagged
 *                            FOLD_SECTION_NO_FOCUS (its 100 rows passed in one step)
 *   navigate PAGE_DOWN       fold_table_navigate(p, FOLD_NAV_PAGE_DOWN)
 *   select_item REPLACE      fold_table_select_item(p + 1, FOLD_SELECT_REPLACE):
 *                            the selection DOWN makes, alone (a second reference)
 *   press_key Ctrl+DOWN      fold_table_press_key: the focus moves, nothing is
 *                            selected; one change set, the scroll offset
 *   press_key DOWN           the same, and select only the focused item
 *
 * Each repetition times K calls from K seeded positions (press_key: K
 * presses in a row from a seeded focus, as a held-down arrow key), for
 * each operation in turn; the median and the fastest repetition are
 * printed, in ns per call, with each operation's median over the
 * baseline's.
 *
 *   interaction                 10^4 sections of 100 rows, K = 10^5, 7 repetitions
 *   interaction --smoke         10 sections, K = 10^3, one repetition (CI: it runs)
 *   interaction --sections N --rows R --calls K --reps R
 *
 * Never gate anything on these numbers in CI.
 */
#define _GNU_SOURCE /* clock_gettime */

#include <foldtable.h>

#define BENCH_NAME "interaction"
#include "one_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { ITEM_AT, NEXT, NEXT_NO_FOCUS, PAGE_DOWN, SELECT, PRESS_CTRL_DOWN, PRESS_DOWN, OPS };
static const char *const names[OPS] = {"item_at p + 1 (baseline)", "navigate NEXT", "navigate NEXT, half NO_FOCUS",
                                       "navigate PAGE_DOWN", "select_item p + 1 REPLACE", "press_key Ctrl+DOWN",
                                       "press_key DOWN"};

static fold_table *build(int64_t sections, int64_t rows, int no_focus)
{
    fold_table *t = NULL;
    check(fold_table_new(NULL, &t), "fold_table_new");
    char key[32];
    for (int64_t s = 0; s < sections; s++) {
        snprintf(key, sizeof key, "s%lld", (long long)s);
        uint32_t flags = no_focus && s % 2 == 1 ? FOLD_SECTION_NO_FOCUS : 0;
        check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, key, rows, flags, NULL), "insert_section");
    }
    check(fold_table_set_viewport(t, 0, 600), "set_viewport");
    return t;
}

/* K calls of `op` from `from[0..k)` (press_key: K presses from `start`);
 * returns ns per call. `sink` keeps the answers alive. */
static double run(fold_table *t, int op, const int64_t *from, int64_t start, int64_t k, int64_t *sink)
{
    fold_item item;
    fold_key_result key;
    int64_t out = 0;
    if (op == PRESS_DOWN || op == PRESS_CTRL_DOWN) check(fold_table_set_focus(t, start), "set_focus");
    double t0 = now_ms();
    for (int64_t i = 0; i < k; i++) {
        switch (op) {
        case ITEM_AT:
            check(fold_table_item_at(t, from[i] + 1, &item), "item_at");
            out += item.row;
            break;
        case NEXT:
        case NEXT_NO_FOCUS:
            check(fold_table_navigate(t, from[i], FOLD_NAV_NEXT, &out), "navigate");
            break;
        case PAGE_DOWN: check(fold_table_navigate(t, from[i], FOLD_NAV_PAGE_DOWN, &out), "navigate"); break;
        case SELECT: check(fold_table_select_item(t, from[i] + 1, FOLD_SELECT_REPLACE, NULL), "select_item"); break;
        default:
            check(fold_table_press_key(t, FOLD_KEY_DOWN, op == PRESS_CTRL_DOWN ? FOLD_MOD_CTRL : 0, &key),
                  "press_key");
            out += key.focus;
        }
    }
    double t1 = now_ms();
    *sink += out;
    return (t1 - t0) * 1e6 / (double)k;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int64_t sections = 10000, rows = 100, calls = 100000;
    int reps = 7;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) sections = 10, calls = 1000, reps = 1;
        else if (strcmp(argv[i], "--sections") == 0 && i + 1 < argc) sections = atoll(argv[++i]);
        else if (strcmp(argv[i], "--rows") == 0 && i + 1 < argc) rows = atoll(argv[++i]);
        else if (strcmp(argv[i], "--calls") == 0 && i + 1 < argc) calls = atoll(argv[++i]);
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: interaction [--smoke] [--sections N] [--rows R] [--calls K] [--reps R]\n");
            return 2;
        }
    }
    if (reps < 1 || reps > 16 || sections < 1 || rows < 1 || calls < 1) return 2;
    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    printf("interaction: %s; FoldTable %s; %lld sections of %lld rows (%lld rows), %lld calls, %d repetitions\n",
           cpu, fold_version_string(), (long long)sections, (long long)rows, (long long)(sections * rows),
           (long long)calls, reps);

    fold_table *plain = build(sections, rows, 0);
    fold_table *half = build(sections, rows, 1);
    int64_t items = 0;
    check(fold_table_item_count(plain, &items), "item_count");
    int64_t *from = malloc((size_t)calls * sizeof *from);
    if (from == NULL) return 1;
    double ns[OPS][16];
    int64_t sink = 0;
    for (int r = 0; r < reps; r++) {
        rng = 0x5eed + (uint64_t)r; /* the same positions for every operation */
        for (int64_t i = 0; i < calls; i++) from[i] = below(items - 1);
        /* Held down from a focus at least K items before the end. */
        int64_t start = below(items > calls + 1 ? items - calls - 1 : 1);
        for (int k = 0; k < OPS; k++) {
            int op = (k + r) % OPS; /* rotate which goes first */
            ns[op][r] = run(op == NEXT_NO_FOCUS ? half : plain, op, from, start, calls, &sink);
        }
    }
    double median[OPS], fastest[OPS];
    for (int op = 0; op < OPS; op++) {
        qsort(ns[op], (size_t)reps, sizeof(double), cmp);
        median[op] = ns[op][reps / 2];
        fastest[op] = ns[op][0];
    }
    printf("%-30s %12s %12s %10s\n", "", "median ns", "fastest ns", "/ item_at");
    for (int op = 0; op < OPS; op++) {
        printf("%-30s %12.1f %12.1f %10.2f\n", names[op], median[op], fastest[op], median[op] / median[ITEM_AT]);
    }
    if (sink == 42) printf(" \n"); /* keeps the answers alive */
    free(from);
    fold_table_free(plain);
    fold_table_free(half);
    return 0;
}
