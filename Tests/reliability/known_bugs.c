/*
 * Regression tests of the engine bugs in Tests/reliability/README.md (found by
 * the differential test, LeakSanitizer and the fuzzer; fixed), as shortest
 * reproductions: ctest runs them as reliability-regression-*.
 * Usage: known_bugs 1|2|3
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "foldtable.h"

static long rss_kib(void)
{
    long size = 0, resident = -1;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f != NULL) {
        if (fscanf(f, "%ld %ld", &size, &resident) != 2) {
            resident = -1;
        }
        fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* 1: an expanded default-height row moved into a section whose default row
 * height is not below its expanded height stays expanded (and shows its
 * smaller expanded height), though "a row whose expanded height stops being
 * larger than its height collapses". */
static int bug1(void)
{
    fold_table *t = NULL;
    static const int64_t from[] = {0, 0}, to[] = {1, 0};
    int expanded = -1, expandable = -1;
    double h = -1;
    fold_table_new(NULL, &t);                              /* row height 44 */
    fold_table_append_section(t, "A", NULL, 1);
    fold_table_append_section(t, "B", NULL, 1);
    fold_table_set_section_row_height(t, 0, 20);           /* A's rows: 20 */
    fold_table_set_row_expanded_height(t, "A", 0, 30);     /* expandable: 30 > 20 */
    fold_table_expand_row(t, "A", 0, NULL);
    fold_table_move_at_path(t, from, 2, to, 2);            /* into B: 30 < 44 */
    fold_table_is_row_expanded(t, "B", 0, &expanded);
    fold_table_is_row_expandable(t, "B", 0, &expandable);
    fold_table_item_height(t, 2, &h);                      /* A h, B h, B row 0 */
    fold_table_free(t);
    printf("bug 1: moved row: expanded %d (want 0), expandable %d, height %g (want 44)\n",
           expanded, expandable, h);
    return expanded == 0 && h == 44;
}

/* 2: optional string outputs passed as NULL still get a string allocated,
 * which nobody can free. */
static int bug2(void)
{
    fold_table *t = NULL;
    long before, after, i;
    char *s = NULL;
    int32_t kind;
    fold_table_new(NULL, &t);
    fold_table_append_section(t, "A", "Title|Detail", 0);
    fold_table_insert_subsection(t, "A", 0, "A1", NULL, 0);
    for (i = 0; i < 1000; i++) {
        fold_table_section_header(t, 0, &s, NULL);
        fold_free(s);
    }
    before = rss_kib();
    for (i = 0; i < 200000; i++) {
        fold_table_section_header(t, 0, &s, NULL);         /* leaks the detail */
        fold_free(s);
        fold_table_section_header(t, 0, NULL, &s);         /* leaks the title */
        fold_free(s);
        fold_table_child_at(t, "A", 0, &kind, NULL, NULL); /* leaks the key */
    }
    after = rss_kib();
    fold_table_free(t);
    printf("bug 2: 600000 calls with NULL optional outputs: RSS +%ld KiB (want < 1024)\n",
           after - before);
    return after - before < 1024;
}

/* 3: fold_table_expanded_rows is linear in the rows of a default-height run
 * lying between two expanded rows (documented O(k * depth * log n)); with
 * FOLD_MAX_ROWS rows it never returns. */
static int bug3(void)
{
    fold_table *t = NULL;
    fold_row_ref *refs = NULL;
    int64_t n = -1, rows = FOLD_MAX_ROWS;
    clock_t c;
    double s;
    fold_table_new(NULL, &t);
    fold_table_append_section(t, "A", NULL, rows);
    fold_table_set_row_expanded_height(t, "A", rows - 5, 100);
    fold_table_expand_row(t, "A", rows - 5, NULL);
    fold_table_set_row_expanded_height(t, "A", 3, 100);
    fold_table_expand_row(t, "A", 3, NULL);
    c = clock();
    fold_table_expanded_rows(t, &refs, &n);
    s = (double)(clock() - c) / CLOCKS_PER_SEC;
    fold_free(refs);
    fold_table_free(t);
    printf("bug 3: expanded_rows with 2 expanded rows among 2^28: %.3f s (want < 0.05)\n", s);
    return n == 2 && s < 0.05;
}

int main(int argc, char **argv)
{
    int which = argc > 1 ? atoi(argv[1]) : 0, ok = 1;
    if (which == 0 || which == 1) {
        ok &= bug1();
    }
    if (which == 0 || which == 2) {
        ok &= bug2();
    }
    if (which == 0 || which == 3) {
        ok &= bug3();
    }
    printf("%s\n", ok ? "fixed" : "still there");
    return ok ? 0 : 1;
}
