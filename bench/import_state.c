/*
 * import_state — fold_table_import_state through the C header: time by
 * number of saved entries and their order, and peak memory by input size.
 *
 *   import_state                 time: 20k, 40k, 80k entries; every other
 *                                section collapsed / every other row
 *                                expanded; in list order and bottom to top
 *   import_state --smoke         1k entries, one repetition (CI: it runs)
 *   import_state --memory MB     one import of a state of about MB megabytes
 *                                (for /usr/bin/time -v); prints the input
 *                                size and the peak RSS the import added
 *   --known FRACTION             with --memory: the fraction of the saved
 *                                sections the table has (default 0.1)
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

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    int smoke = 0;
    const char *json_path = NULL;
    double memory_mb = 0, known_fraction = 0.1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) smoke = 1;
        else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc) json_path = argv[++i];
        else if (strcmp(argv[i], "--memory") == 0 && i + 1 < argc) memory_mb = atof(argv[++i]);
        else if (strcmp(argv[i], "--known") == 0 && i + 1 < argc) known_fraction = atof(argv[++i]);
        else { fprintf(stderr, "usage: import_state [--smoke] [--json PATH] [--memory MB [--known FRACTION]]\n"); return 2; }
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
    printf("fold_table_import_state, median of %d imports into a fresh table\n", reps);
    for (int kind = COLLAPSED; kind <= EXPANDED; kind++) {
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
    if (json) { fprintf(json, "\n]\n"); fclose(json); }
    return 0;
}
