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
    fold_section_id a = 0, b = 0;
    fold_row_info info = {-1, -1, -1, 0xFFu, 0};
    double h = -1;
    fold_table_new(NULL, &t);                                              /* row height 44 */
    fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "A", NULL, 1, 0, &a);
    fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "B", NULL, 1, 0, &b);
    fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, 20);              /* A's rows: 20 */
    fold_table_set_row_expanded_height(t, a, 0, 30);                       /* expandable: 30 > 20 */
    fold_table_expand_row(t, a, 0, NULL);
    fold_table_move_row(t, a, 0, b, 0);                                    /* into B: 30 < 44 */
    fold_table_row_info(t, b, 0, &info);
    fold_table_item_height(t, 2, &h);                                      /* A h, B h, B row 0 */
    fold_table_free(t);
    printf("bug 1: moved row: expanded %d (want 0), expandable %d, height %g (want 44)\n",
           (info.flags & FOLD_ITEM_FLAG_EXPANDED) != 0, (info.flags & FOLD_ITEM_FLAG_EXPANDABLE) != 0,
           h);
    return info.flags != 0xFFu && (info.flags & FOLD_ITEM_FLAG_EXPANDED) == 0 && h == 44;
}

/* 2: optional outputs passed as NULL still got a string allocated, which
 * nobody could free (0.1: section_header's title or detail, child_at's key).
 * In 0.2 text goes into the caller's buffer; the same calls with NULL
 * optional outputs must not allocate either. */
static int bug2(void)
{
    fold_table *t = NULL;
    fold_section_id a = 0;
    long before, after, i;
    char buf[32];
    int32_t kind;
    fold_table_new(NULL, &t);
    fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "A", "Title|Detail", 0, 0, &a);
    fold_table_insert_section(t, a, 0, "A1", NULL, 0, 0, NULL);
    for (i = 0; i < 1000; i++) {
        fold_table_section_text(t, a, FOLD_TEXT_TITLE, buf, sizeof buf, NULL);
    }
    before = rss_kib();
    for (i = 0; i < 200000; i++) {
        fold_table_section_text(t, a, FOLD_TEXT_TITLE, buf, sizeof buf, NULL); /* no length */
        fold_table_section_text(t, a, FOLD_TEXT_DETAIL, NULL, 0, NULL);        /* nothing out */
        fold_table_child_at(t, a, 0, &kind, NULL, NULL);                       /* no id, no row */
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
    fold_section_id a = 0;
    int64_t n = -1, rows = FOLD_MAX_ROWS;
    clock_t c;
    double s;
    fold_table_new(NULL, &t);
    fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "A", NULL, rows, 0, &a);
    fold_table_set_row_expanded_height(t, a, rows - 5, 100);
    fold_table_expand_row(t, a, rows - 5, NULL);
    fold_table_set_row_expanded_height(t, a, 3, 100);
    fold_table_expand_row(t, a, 3, NULL);
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
