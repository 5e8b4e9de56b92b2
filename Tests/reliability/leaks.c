/*
 * Leak check: creates and frees N tables with content (nested sections,
 * explicit heights, expanded rows, a listener, a viewport), calling every
 * function that hands out a string or an array and freeing each result as
 * the header documents, plus failing calls (which set last-error messages).
 * The resident set size (/proc/self/statm) after a warm-up and after the
 * loop must not grow by more than a tolerance.
 *
 *   leaks [N]         N iterations (default 100000), RSS check
 *   leaks N --no-rss  for valgrind --leak-check=full (small N)
 *
 * FOLDTABLE_KNOWN_BUGS=1 also passes NULL for optional string outputs
 * (known engine bug 2 in Tests/reliability/README.md: those leak today).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "foldtable.h"

static long failures = 0;

#define MUST(call)                                                                       \
    do {                                                                                 \
        int st_ = (call);                                                                \
        if (st_ != FOLD_OK) {                                                            \
            fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #call,            \
                    fold_status_name(st_), fold_last_error_message());                   \
            failures++;                                                                  \
        }                                                                                \
    } while (0)

static long rss_kib(void)
{
    long size = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f == NULL) {
        return -1;
    }
    if (fscanf(f, "%ld %ld", &size, &resident) != 2) {
        resident = -1;
    }
    fclose(f);
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static void on_change(fold_table *table, const fold_change_set *changes, void *user_data)
{
    (void)table;
    (void)changes;
    (*(long *)user_data)++;
}

static void one_table(int known_bugs, int i)
{
    fold_table_options o;
    fold_table *t = NULL;
    static const double hs[] = {10, 12.5, FOLD_HEIGHT_DEFAULT, 30};
    static const int64_t path[] = {0, 1};
    fold_section_state *states = NULL;
    fold_row_ref *rows = NULL;
    fold_visible_item vis[32];
    fold_sticky_header sticky[8];
    char *s = NULL, *s2 = NULL;
    int64_t n = 0, written = 0, total = 0, id = 0, out[8];
    int32_t kind;
    long changes = 0;

    fold_table_options_init(&o);
    o.footer_height = i % 2 ? 5 : 0;
    MUST(fold_table_new(&o, &t));
    MUST(fold_table_add_change_listener(t, on_change, &changes, &id));
    MUST(fold_table_append_section(t, "Mac", "Mac|Laptops and desktops", 3));
    MUST(fold_table_append_section(t, "iPad", "iPad", 2));
    MUST(fold_table_insert_subsection(t, "Mac", 1, "Pro", "Pro|Towers", 4));
    MUST(fold_table_insert_rows_key(t, "Pro", 0, 4, hs));
    MUST(fold_table_set_row_expanded_height(t, "Mac", 0, 120));
    MUST(fold_table_expand_row(t, "Mac", 0, NULL));
    MUST(fold_table_set_indicators(t, ">", "v"));
    MUST(fold_table_set_viewport(t, 10, 200));
    MUST(fold_table_collapse_key(t, "iPad", NULL));

    /* Everything handed out, freed as documented. */
    MUST(fold_table_section_key(t, 0, &s));
    fold_free(s);
    MUST(fold_table_section_header(t, 0, &s, &s2));
    fold_free(s);
    fold_free(s2);
    MUST(fold_table_section_indicator(t, 1, &s));
    fold_free(s);
    MUST(fold_table_section_parent(t, "Pro", &s));
    fold_free(s);
    MUST(fold_table_child_at(t, "Mac", 1, &kind, &n, &s));
    fold_free(s);
    MUST(fold_table_path_key(t, path, 2, &s));
    fold_free(s);
    MUST(fold_table_item_key(t, 3, &s));
    fold_free(s);
    MUST(fold_table_section_states(t, &states, &n));
    fold_free(states);
    MUST(fold_table_expanded_rows(t, &rows, &n));
    fold_free(rows);
    MUST(fold_table_export_state(t, &s));
    MUST(fold_table_import_state(t, s, NULL));
    fold_free(s);
    MUST(fold_table_item_path(t, 4, out, 8, &n));
    MUST(fold_table_visible_items(t, 0, 400, 2, vis, 32, &written, &total));
    MUST(fold_table_sticky_headers(t, 50, sticky, 8, &written, &total));
    if (known_bugs) {
        /* Optional outputs left NULL: nothing may be allocated for them. */
        MUST(fold_table_section_header(t, 0, NULL, &s2));
        fold_free(s2);
        MUST(fold_table_section_header(t, 0, &s, NULL));
        fold_free(s);
        MUST(fold_table_child_at(t, "Mac", 1, &kind, NULL, NULL));
    }

    /* Failures: each replaces this thread's message. */
    (void)fold_table_toggle_key(t, "no-such-key", NULL);
    (void)fold_table_insert_rows(t, 99, 0, 1, NULL);
    (void)fold_table_append_section(t, "Mac", NULL, 0);
    (void)fold_last_error_message();

    MUST(fold_table_move_section_to(t, "Pro", NULL, 0));
    MUST(fold_table_remove_children(t, NULL, 1, 1));
    if (i % 3 == 0) {
        MUST(fold_table_remove_listener(t, id));
    }
    fold_table_free(t);
}

int main(int argc, char **argv)
{
    long count = argc > 1 ? strtol(argv[1], NULL, 0) : 100000;
    int check_rss = !(argc > 2 && strcmp(argv[2], "--no-rss") == 0);
    const char *kb = getenv("FOLDTABLE_KNOWN_BUGS");
    int known_bugs = kb == NULL || strcmp(kb, "0") != 0; /* fixed: on unless "0" */
    long warmup = count / 10 < 2000 ? count / 10 : 2000, i, before, after;
    const long tolerance_kib = 1024;

    for (i = 0; i < warmup; i++) {
        one_table(known_bugs, (int)i);
    }
    before = rss_kib();
    for (i = warmup; i < count; i++) {
        one_table(known_bugs, (int)i);
    }
    after = rss_kib();
    printf("%ld tables created and freed; RSS %ld KiB after %ld (warm-up), %ld KiB after %ld "
           "(+%ld KiB; tolerance %ld KiB)\n",
           count, before, warmup, after, count, after - before, tolerance_kib);
    if (check_rss && (before < 0 || after - before > tolerance_kib)) {
        fprintf(stderr, "leaks: the resident set grew by %ld KiB\n", after - before);
        failures++;
    }
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
