/*
 * import_state — fold_table_import_state through the C header: time by
 * number of saved entries and their order, and peak memory by input size.
 *
 *   import_state                 time: 20k, 40k, 80k entries; every other
 *                                section collapsed / every other row
 *                                expanded; in list order and bottom to top;
 *                                then "selected": 1k, 2k, 4k overlapping
 *                                runs over one section of 10^6 rows, with
 *                                heights of their own and default ones,
 *                                against the same selection saved as
 *                                disjoint runs (in the same run)
 *   import_state --smoke         1k entries (100 runs over 10^4 rows for
 *                                "selected"), one repetition (CI: it runs)
 *   import_state --memory MB     one import of a state of about MB megabytes
 *                                (for /usr/bin/time -v); prints the input
 *                                size and the peak RSS the import added
 *   --known FRACTION             with --memory: the fraction of the saved
 *                                sections the table has (default 0.1)
 *   --selected                   only the "selected" timings
 *   --json PATH                  also write the timings as JSON
 *
 * Each timing is the median of 5 imports into a freshly built table (the
 * build is not timed). Never gate anything on these numbers in CI.
 */
#define _GNU_SOURCE /* clock_gettime */

#include <foldtable.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void check(int status, const char *what) {
    if (status != FOLD_OK) {
        fprintf(stderr, "import_state: %s: %s: %s\n", what, fold_status_name(status),
                fold_last_error_message());
        exit(1);
    }
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A growing text buffer. */
typedef struct {
    char *data;
    size_t length, capacity;
} text;

static void put(text *t, const char *s) {
    size_t n = strlen(s);
    if (t->length + n + 1 > t->capacity) {
        t->capacity = (t->length + n + 1) * 2;
        t->data = realloc(t->data, t->capacity);
        if (t->data == NULL) { fprintf(stderr, "import_state: out of memory\n"); exit(1); }
    }
    memcpy(t->data + t->length, s, n + 1);
    t->length += n;
}

enum kind { COLLAPSED, EXPANDED };

/* A table for `entries` saved entries: 2 * entries sections of 2 rows
 * (COLLAPSED), or 2 * entries sections with one expandable row each
 * (EXPANDED), so every other section or row is named in the state. */
static fold_table *build(int64_t entries, enum kind kind) {
    fold_table *t = NULL;
    check(fold_table_new(NULL, &t), "new");
    char key[32];
    for (int64_t i = 0; i < 2 * entries; i++) {
        fold_section_id id;
        snprintf(key, sizeof key, "s%07lld", (long long)i);
        check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, key, kind == COLLAPSED ? 2 : 1,
                                        0, &id),
              "append");
        if (kind == EXPANDED) check(fold_table_set_row_expanded_height(t, id, 0, 100), "expanded height");
    }
    check(fold_table_set_viewport(t, 0, 600), "viewport");
    return t;
}

/* The saved state: every other section (or row), forward or bottom to top. */
static char *state(int64_t entries, enum kind kind, int reversed) {
    text t = {0};
    char line[96];
    put(&t, kind == COLLAPSED ? "{\"version\": 1, \"collapsed\": {" : "{\"version\": 1, \"expanded\": [");
    for (int64_t k = 0; k < entries; k++) {
        int64_t i = 2 * (reversed ? entries - 1 - k : k);
        if (kind == COLLAPSED) {
            snprintf(line, sizeof line, "%s\"s%07lld\": true", k ? ", " : "", (long long)i);
        } else {
            snprintf(line, sizeof line, "%s{\"section\": \"s%07lld\", \"row\": 0}", k ? ", " : "", (long long)i);
        }
        put(&t, line);
    }
    put(&t, kind == COLLAPSED ? "}}" : "]}");
    return t.data;
}

/* "selected": one section "s" of `rows` rows, with heights of their own
 * (20..80 pt, a heights array) or the default height (no heights array). */
static fold_table *build_rows(int64_t rows, int own_heights, fold_section_id *out_id) {
    fold_table *t = NULL;
    check(fold_table_new(NULL, &t), "new");
    double *heights = NULL;
    if (own_heights) {
        heights = malloc((size_t)rows * sizeof *heights);
        if (heights == NULL) { fprintf(stderr, "import_state: out of memory\n"); exit(1); }
        for (int64_t i = 0; i < rows; i++) heights[i] = 20 + (double)((i * 7919) % 61);
    }
    check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "s", "s", 0, 0, out_id), "append");
    check(fold_table_insert_rows(t, *out_id, 0, rows, heights), "rows");
    free(heights);
    check(fold_table_set_viewport(t, 0, 600), "viewport");
    return t;
}

/* A run of selected rows. */
typedef struct { int64_t row, count; } run;

static int by_row(const void *a, const void *b) {
    int64_t x = ((const run *)a)->row, y = ((const run *)b)->row;
    return (x > y) - (x < y);
}

/* `entries` runs of rows/2 rows each, starting at seeded random rows below
 * rows/2, in the order drawn: each overlaps most of the others. */
static run *overlapping_runs(int64_t entries, int64_t rows) {
    run *r = malloc((size_t)entries * sizeof *r);
    if (r == NULL) { fprintf(stderr, "import_state: out of memory\n"); exit(1); }
    uint64_t x = 0x9E3779B97F4A7C15u;  /* seeded: every run draws the same runs */
    for (int64_t k = 0; k < entries; k++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        r[k].row = (int64_t)((x >> 33) % (uint64_t)(rows / 2));
        r[k].count = rows / 2;
    }
    return r;
}

/* The same rows as disjoint runs in row order (sorted, overlaps merged);
 * returns how many, and the rows they cover in *out_rows. */
static int64_t merged_runs(const run *in, int64_t entries, run *out, int64_t *out_rows) {
    memcpy(out, in, (size_t)entries * sizeof *out);
    qsort(out, (size_t)entries, sizeof *out, by_row);
    int64_t n = 0, covered = 0;
    for (int64_t k = 0; k < entries; k++) {
        if (n > 0 && out[k].row <= out[n - 1].row + out[n - 1].count) {
            int64_t end = out[k].row + out[k].count;
            if (end > out[n - 1].row + out[n - 1].count) out[n - 1].count = end - out[n - 1].row;
        } else {
            out[n++] = out[k];
        }
    }
    for (int64_t k = 0; k < n; k++) covered += out[k].count;
    *out_rows = covered;
    return n;
}

/* The saved state selecting `runs` of section "s". */
static char *selected_state(const run *runs, int64_t count) {
    text t = {0};
    char line[96];
    put(&t, "{\"version\": 1, \"selected\": [");
    for (int64_t k = 0; k < count; k++) {
        snprintf(line, sizeof line, "%s{\"section\": \"s\", \"row\": %lld, \"count\": %lld}", k ? ", " : "",
                 (long long)runs[k].row, (long long)runs[k].count);
        put(&t, line);
    }
    put(&t, "]}");
    return t.data;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int smoke = 0, selected_only = 0;
    const char *json_path = NULL;
    double memory_mb = 0, known_fraction = 0.1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) smoke = 1;
        else if (strcmp(argv[i], "--selected") == 0) selected_only = 1;
        else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
        else if (strcmp(argv[i], "--memory") == 0 && i + 1 < argc) memory_mb = atof(argv[++i]);
        else if (strcmp(argv[i], "--known") == 0 && i + 1 < argc) known_fraction = atof(argv[++i]);
        else { fprintf(stderr, "usage: import_state [--smoke] [--selected] [--json PATH] [--memory MB [--known FRACTION]]\n"); return 2; }
    }

    if (memory_mb > 0) {
        /* Saved state of about memory_mb MB, as exportState writes it, for a
         * table that has a fraction of its sections (a rebuilt table): every
         * section's collapsed flag, every other one collapsed, and row 0 of
         * each section expanded; most keys are unknown here. */
        int64_t entries = (int64_t)(memory_mb * 1e6 / 63);
        int64_t known = (int64_t)((double)entries * known_fraction);
        fold_table *t = NULL;
        check(fold_table_new(NULL, &t), "new");
        char key[32], line[96];
        for (int64_t i = 0; i < known; i++) {
            fold_section_id id;
            snprintf(key, sizeof key, "s%08lld", (long long)i);
            check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, key, 2, 0, &id), "append");
            check(fold_table_set_row_expanded_height(t, id, 0, 100), "expanded height");
        }
        text s = {0};
        put(&s, "{\n  \"version\": 1,\n  \"collapsed\": {\n");
        for (int64_t i = 0; i < entries; i++) {
            snprintf(line, sizeof line, "%s    \"s%08lld\": %s", i ? ",\n" : "", (long long)i,
                     i % 2 ? "true" : "false");
            put(&s, line);
        }
        put(&s, "\n  },\n  \"expanded\": [");
        for (int64_t i = 0; i < entries; i++) {
            snprintf(line, sizeof line, "%s{\"section\": \"s%08lld\", \"row\": 0}", i ? ", " : "", (long long)i);
            put(&s, line);
        }
        put(&s, "],\n  \"anchor\": null\n}\n");
        /* Reset the peak so it measures the import alone (Linux >= 4.0). */
        FILE *f = fopen("/proc/self/clear_refs", "w");
        if (f != NULL) { fputs("5", f); fclose(f); }
        long base_kb = 0, peak_kb = 0;
        char buf[256];
        f = fopen("/proc/self/status", "r");
        while (f != NULL && fgets(buf, sizeof buf, f)) sscanf(buf, "VmRSS: %ld kB", &base_kb);
        if (f != NULL) fclose(f);
        fold_import_report r;
        double t0 = now_s();
        int status = fold_table_import_state(t, s.data, &r);
        double t1 = now_s();
        f = fopen("/proc/self/status", "r");
        while (f != NULL && fgets(buf, sizeof buf, f)) sscanf(buf, "VmHWM: %ld kB", &peak_kb);
        if (f != NULL) fclose(f);
        printf("input %.1f MB (%lld sections, %lld known): status %s, sections=%lld unknown=%lld rows=%lld, "
               "%.2f s; RSS before %.1f MB, peak during import %.1f MB: +%.1f MB = %.2fx the input\n",
               (double)s.length / 1e6, (long long)entries, (long long)known, fold_status_name(status),
               (long long)r.sections, (long long)r.unknown_sections, (long long)r.rows, t1 - t0, base_kb / 1e3, peak_kb / 1e3,
               (peak_kb - base_kb) / 1e3, (peak_kb - base_kb) * 1e3 / (double)s.length);
        free(s.data);
        fold_table_free(t);
        return status == FOLD_OK ? 0 : 1;
    }

    static const int64_t sizes[] = {20000, 40000, 80000};
    static const int64_t smoke_sizes[] = {1000};
    const int64_t *ns = smoke ? smoke_sizes : sizes;
    int count = smoke ? 1 : 3, reps = smoke ? 1 : 5;
    FILE *json = json_path ? fopen(json_path, "w") : NULL;
    if (json) fprintf(json, "[\n");
    int first = 1;
    if (!selected_only) printf("fold_table_import_state, median of %d imports into a fresh table\n", reps);
    for (int kind = COLLAPSED; kind <= (selected_only ? COLLAPSED - 1 : EXPANDED); kind++) {
        for (int reversed = 0; reversed <= 1; reversed++) {
            for (int c = 0; c < count; c++) {
                int64_t n = ns[c];
                char *s = state(n, (enum kind)kind, reversed);
                double times[5];
                for (int r = 0; r < reps; r++) {
                    fold_table *t = build(n, (enum kind)kind);
                    fold_import_report report;
                    double t0 = now_s();
                    check(fold_table_import_state(t, s, &report), "import");
                    times[r] = now_s() - t0;
                    if ((kind == COLLAPSED ? report.sections : report.rows) != n) {
                        fprintf(stderr, "import_state: applied %lld of %lld entries\n",
                                (long long)(kind == COLLAPSED ? report.sections : report.rows), (long long)n);
                        return 1;
                    }
                    fold_table_free(t);
                }
                qsort(times, (size_t)reps, sizeof times[0], by_value);
                const char *what = kind == COLLAPSED ? "every other section collapsed" : "every other row expanded";
                const char *order = reversed ? "bottom to top" : "in list order";
                printf("  %-30s %-14s %6lld entries (%5.2f MB): %9.4f s\n", what, order, (long long)n,
                       (double)strlen(s) / 1e6, times[reps / 2]);
                if (json) {
                    fprintf(json, "%s  {\"op\": \"import_state\", \"state\": \"%s\", \"order\": \"%s\", "
                            "\"entries\": %lld, \"bytes\": %zu, \"median_s\": %.6f}",
                            first ? "" : ",\n", kind == COLLAPSED ? "collapsed" : "expanded",
                            reversed ? "reversed" : "forward", (long long)n, strlen(s), times[reps / 2]);
                    first = 0;
                }
                free(s);
            }
        }
    }

    /* "selected": overlapping runs, and the same selection as disjoint runs. */
    static const int64_t selected_sizes[] = {1000, 2000, 4000};
    static const int64_t smoke_selected_sizes[] = {100};
    const int64_t *es = smoke ? smoke_selected_sizes : selected_sizes;
    int64_t rows = smoke ? 10000 : 1000000;
    printf("fold_table_import_state, \"selected\": runs of %lld rows over one section of %lld rows, "
           "median of %d imports into a fresh table\n", (long long)(rows / 2), (long long)rows, reps);
    for (int own = 1; own >= 0; own--) {
        for (int c = 0; c < count; c++) {
            int64_t n = es[c], covered = 0;
            run *drawn = overlapping_runs(n, rows), *merged = malloc((size_t)n * sizeof *merged);
            if (merged == NULL) { fprintf(stderr, "import_state: out of memory\n"); return 1; }
            int64_t m = merged_runs(drawn, n, merged, &covered);
            char *states[2] = {selected_state(drawn, n), selected_state(merged, m)};
            double medians[2];
            for (int which = 0; which < 2; which++) {
                double times[5];
                for (int r = 0; r < reps; r++) {
                    fold_section_id id = 0;
                    fold_table *t = build_rows(rows, own, &id);
                    fold_import_report report;
                    double t0 = now_s();
                    check(fold_table_import_state(t, states[which], &report), "import");
                    times[r] = now_s() - t0;
                    int64_t selected = -1;
                    check(fold_table_selection_count(t, FOLD_ROOT, &selected, NULL), "selection count");
                    if (selected != covered) {
                        fprintf(stderr, "import_state: selected %lld rows, not %lld\n", (long long)selected,
                                (long long)covered);
                        return 1;
                    }
                    fold_table_free(t);
                }
                qsort(times, (size_t)reps, sizeof times[0], by_value);
                medians[which] = times[reps / 2];
            }
            const char *heights = own ? "heights of their own" : "default heights";
            printf("  %-22s %5lld overlapping runs (%5.3f MB): %9.4f s; as %lld disjoint: %9.4f s; ratio %.2f\n",
                   heights, (long long)n, (double)strlen(states[0]) / 1e6, medians[0], (long long)m, medians[1],
                   medians[0] / medians[1]);
            if (json) {
                fprintf(json, "%s  {\"op\": \"import_state\", \"state\": \"selected\", \"heights\": \"%s\", "
                        "\"rows\": %lld, \"entries\": %lld, \"bytes\": %zu, \"median_s\": %.6f, "
                        "\"disjoint_entries\": %lld, \"disjoint_median_s\": %.6f}",
                        first ? "" : ",\n", own ? "own" : "default", (long long)rows, (long long)n,
                        strlen(states[0]), medians[0], (long long)m, medians[1]);
                first = 0;
            }
            free(states[0]);
            free(states[1]);
            free(drawn);
            free(merged);
        }
    }
    if (json) { fprintf(json, "\n]\n"); fclose(json); }
    return 0;
}
