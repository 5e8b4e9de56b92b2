/*
 * foldbench — FoldTable's benchmark suite, through the public C header only,
 * with baselines measured in the same run on the same data:
 *
 *   foldtable  the library (libfoldtable.so, include/foldtable.h)
 *   naive      a table engine written the way classic table-view tutorials
 *              do it: an array of sections holding row-height arrays, a flat
 *              item list rebuilt after every structural change, and linear
 *              scans for position and offset lookups
 *   gtk        GTK 4's GtkTreeListModel over a GListStore (when built with
 *              FOLDBENCH_HAVE_GTK): toggle, position lookup, memory
 *
 * Every measurement runs batches of many operations; it reports the per-op
 * median of the batches and their spread (min-max and the interquartile
 * range). Random inputs come from a fixed-seed PRNG, so runs replay.
 *
 *   foldbench            N = 10^3 .. 10^6
 *   foldbench --full     N = 10^3 .. 10^7 (GTK at 10^7 too)
 *   foldbench --smoke    N = 10^3 only, few repetitions (CI: it runs, nothing more)
 *   foldbench --json PATH   where to write the figures (default: results.json
 *                        next to the executable, i.e. build/bench/results.json)
 *
 * Never gate anything on these numbers in CI: wall-clock time on a shared
 * runner is noise.
 *
 * The program is split by concern: harness.c (clock, PRNG, measure()),
 * naive.c (the naive baseline), shapes.c (the tables of each shape),
 * workloads.c (one set of workloads for every shape), runs.c (a run per
 * shape: tables, agreement checks, measurements), report.c (tables, growth,
 * targets, JSON), gtk_baseline.c (GtkTreeListModel), and this file
 * (options, the run).
 */
#define _GNU_SOURCE /* readlink */

#include "harness.h"
#include "report.h"
#include "runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(void) {
    printf("usage: foldbench [--smoke | --full] [--json PATH] [--no-gtk]\n"
           "  default   N = 10^3, 10^4 .. 10^6\n"
           "  --full    N up to 10^7 (also for GtkTreeListModel)\n"
           "  --smoke   N = 10^3 only, few repetitions (for CI: checks it runs)\n"
           "  --json    where to write the figures (default: results.json beside foldbench)\n"
           "  --no-gtk  skip the GtkTreeListModel baseline\n");
}

/* results.json next to the executable (build/bench/results.json). */
static void default_json_path(char *buf, size_t size) {
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) {
        snprintf(buf, size, "results.json");
        return;
    }
    exe[len] = 0;
    char *slash = strrchr(exe, '/');
    if (slash != NULL) *slash = 0;
    snprintf(buf, size, "%s/results.json", exe);
}

int main(int argc, char **argv) {
    static char json_default[4200];
    default_json_path(json_default, sizeof json_default);
    const char *json = json_default;
    int gtk = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--full")) opt_full = 1;
        else if (!strcmp(argv[i], "--smoke")) opt_smoke = 1;
        else if (!strcmp(argv[i], "--no-gtk")) gtk = 0;
        else if (!strcmp(argv[i], "--json") && i + 1 < argc) json = argv[++i];
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage();
            return 0;
        } else {
            usage();
            return 2;
        }
    }
    if (fold_version_number() != FOLD_VERSION_NUMBER)
        die("header %s but library %s", FOLD_VERSION_STRING, fold_version_string());
    if (opt_smoke) {
        batch_target_ns = 1e5;
        budget_ns = 1e6;
        build_budget_ns = 1e6;
    }

    size_count = 0;
    sizes[size_count++] = 1000;
    if (!opt_smoke) {
        sizes[size_count++] = 100000;
        sizes[size_count++] = 1000000;
        if (opt_full) sizes[size_count++] = 10000000;
    }

    read_machine();
    read_latencies();
    print_intro(gtk);

    for (int si = 0; si < size_count; si++) {
        int64_t n = sizes[si];
        double *heights = malloc((size_t)n * sizeof(double));
        if (heights == NULL) die("out of memory");
        for (int64_t i = 0; i < n; i++) heights[i] = random_height();
        run_flat(n, SHAPE_ONE, H_UNIFORM, heights);
        run_flat(n, SHAPE_ONE, H_VARIABLE, heights);
        run_flat(n, SHAPE_MANY, H_UNIFORM, heights);
        run_flat(n, SHAPE_MANY, H_VARIABLE, heights);
        run_tree(n, H_UNIFORM, heights);
        run_tree(n, H_VARIABLE, heights);
        run_ten_row_sections(n, heights);
        free(heights);
#ifdef FOLDBENCH_HAVE_GTK
        if (gtk && (n < 10000000 || opt_full)) run_gtk(n);
#endif
    }

    print_summary();
    write_json(json);
    free(results);
    return 0;
}
