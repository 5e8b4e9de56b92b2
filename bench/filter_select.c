/*
 * filter_select — filtering and selection through the C header, against
 * the same work done by GTK 4's list models in the same run (when built
 * with FOLDBENCH_HAVE_GTK): a table of sections of 100 rows of default
 * height, all expanded, about 1% of the rows matching.
 *
 *   filter_select               N = 10^5 rows, 5 repetitions
 *   filter_select --full        N = 10^5 and 10^6 rows
 *   filter_select --smoke       N = 10^3, one repetition (CI: it runs)
 *
 * Cases (each the median of the repetitions; a table is built fresh for
 * each, and the build is not timed):
 *   apply filter        FoldTable: fold_table_set_filter (ancestors of
 *                       matches kept); GTK: a GtkFilterListModel with a
 *                       GtkCustomFilter over a GtkTreeListModel of the same
 *                       sections (headers kept when their section has a
 *                       match), filtering synchronously
 *   change one match    FoldTable: fold_table_set_row_match on one row;
 *                       GTK: gtk_filter_changed (GTK has no way to re-ask
 *                       one item: the whole model is filtered again)
 *   clear filter        FoldTable: fold_table_set_filter(NULL);
 *                       GTK: gtk_filter_list_model_set_filter(NULL)
 *   range of 10^4       FoldTable: fold_table_select_positions (REPLACE);
 *                       GTK: GtkMultiSelection select_range(unselect_rest)
 *   select all, clear   fold_table_select_all / _clear_selection;
 *                       gtk_selection_model_select_all / _unselect_all
 * The times are wall-clock on whatever else the machine does: read the
 * ratios, not the digits. Never gate anything on them in CI.
 */
#define _GNU_SOURCE /* clock_gettime */

#include "filter_select.h"

#include <foldtable.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PER 100  /* rows per section */

static void check(int status, const char *what)
{
    if (status != FOLD_OK) {
        fprintf(stderr, "filter_select: %s: %s: %s\n", what, fold_status_name(status), fold_last_error_message());
        exit(1);
    }
}

double fs_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

int fs_matches(int64_t section, int64_t row)
{
    uint64_t z = (uint64_t)(section * 1000003 + row) * 0x9E3779B97F4A7C15u;
    return (z >> 40) % 100 == 0;
}

static int match_fn(fold_table *table, fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)table; (void)section; (void)user_data;
    if (row < 0) return 0;  /* headers match only through their rows */
    return fs_matches(atoll(key + 1), row);
}

typedef struct {
    fold_table *table;
    fold_section_id *ids;
    int64_t sections;
} ftable;

static ftable build(int64_t n)
{
    ftable t;
    t.sections = n / PER;
    t.ids = malloc(sizeof *t.ids * (size_t)t.sections);
    if (t.ids == NULL) { fprintf(stderr, "filter_select: out of memory\n"); exit(1); }
    check(fold_table_new(NULL, &t.table), "new");
    char key[24];
    for (int64_t s = 0; s < t.sections; s++) {
        snprintf(key, sizeof key, "s%lld", (long long)s);
        check(fold_table_insert_section(t.table, FOLD_ROOT, FOLD_INDEX_END, key, key, PER, 0, &t.ids[s]),
              "insert_section");
    }
    return t;
}

static void drop(ftable *t)
{
    fold_table_free(t->table);
    free(t->ids);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

double fs_median(double *v, int k)
{
    qsort(v, (size_t)k, sizeof *v, cmp);
    return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

/* The FoldTable cases at n rows: one time per case per repetition. */
static int64_t run_foldtable(int64_t n, int reps, double out[FS_CASES])
{
    double t[FS_CASES][16];
    int64_t items = 0;
    for (int r = 0; r < reps; r++) {
        ftable ft = build(n);
        double a = fs_now_ms();
        check(fold_table_set_filter(ft.table, match_fn, NULL, 0), "set_filter");
        t[FS_APPLY][r] = fs_now_ms() - a;
        check(fold_table_item_count(ft.table, &items), "item_count");
        /* One match changed: a row of the middle section that did not match. */
        int64_t s = ft.sections / 2, row = 0;
        while (fs_matches(s, row)) row++;
        a = fs_now_ms();
        check(fold_table_set_row_match(ft.table, ft.ids[s], row, 1), "set_row_match");
        t[FS_CHANGE][r] = fs_now_ms() - a;
        a = fs_now_ms();
        check(fold_table_set_filter(ft.table, NULL, NULL, 0), "clear filter");
        t[FS_CLEAR][r] = fs_now_ms() - a;
        int64_t count = 0;
        check(fold_table_item_count(ft.table, &count), "item_count");
        int64_t range = count < FS_RANGE ? count : FS_RANGE;
        a = fs_now_ms();
        check(fold_table_select_positions(ft.table, (count - range) / 2, range, FOLD_SELECT_REPLACE, NULL),
              "select_positions");
        t[FS_RANGE_SELECT][r] = fs_now_ms() - a;
        a = fs_now_ms();
        check(fold_table_select_all(ft.table, NULL), "select_all");
        t[FS_SELECT_ALL][r] = fs_now_ms() - a;
        a = fs_now_ms();
        check(fold_table_clear_selection(ft.table, NULL), "clear_selection");
        t[FS_CLEAR_SELECTION][r] = fs_now_ms() - a;
        drop(&ft);
    }
    for (int c = 0; c < FS_CASES; c++) out[c] = fs_median(t[c], reps);
    return items;
}

static const char *case_names[FS_CASES] = {
    "apply filter (1% match)", "change one match", "clear filter",
    "select a range of 10^4", "select all", "clear selection",
};

static void print_time(double ms)
{
    if (ms < 0) printf(" %14s", "-");
    else if (ms < 0.01) printf(" %11.2f us", ms * 1e3);
    else printf(" %11.3f ms", ms);
}

int main(int argc, char **argv)
{
    int full = 0, smoke = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--full")) full = 1;
        else if (!strcmp(argv[i], "--smoke")) smoke = 1;
        else {
            printf("usage: filter_select [--smoke | --full]\n");
            return strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    int64_t sizes[2] = {smoke ? 1000 : 100000, 1000000};
    int nsizes = full && !smoke ? 2 : 1;
    int reps = smoke ? 1 : 5;
    printf("filter_select: FoldTable %s, sections of %d rows, median of %d; GTK %s\n",
           fold_version_string(), PER, reps, fs_gtk_version());
    for (int k = 0; k < nsizes; k++) {
        int64_t n = sizes[k];
        double f[FS_CASES], g[FS_CASES];
        printf("N = %lld rows (%lld sections)\n", (long long)n, (long long)(n / PER));
        int64_t shown = run_foldtable(n, reps, f);
        int64_t gtk_shown = fs_run_gtk(n, PER, reps, g);
        /* The same data filtered the same way: both must show the same items. */
        if (gtk_shown >= 0 && gtk_shown != shown) {
            fprintf(stderr, "filter_select: FoldTable shows %lld items while filtering, GTK %lld\n",
                    (long long)shown, (long long)gtk_shown);
            return 1;
        }
        printf("  items shown while filtering: %lld (GTK agrees)\n", (long long)shown);
        printf("  %-26s %14s %14s %10s\n", "case", "FoldTable", "GTK", "GTK/Fold");
        for (int c = 0; c < FS_CASES; c++) {
            printf("  %-26s", case_names[c]);
            print_time(f[c]);
            print_time(g[c]);
            if (g[c] >= 0 && f[c] > 0) printf(" %9.3gx", g[c] / f[c]);
            printf("\n");
        }
    }
    return 0;
}
