/*
 * lookups — a fixed workload for counting instructions and simulated cache
 * misses per call with valgrind (bench/instructions.sh), where wall-clock
 * time on a shared machine is too noisy to show how a cost grows with N.
 *
 *   lookups N OP [CALLS]
 *
 * builds one section of N rows with per-row heights (20..80 pt, fixed
 * seed), then makes CALLS (default 100000) calls of OP at random inputs:
 * item_at, item_at_offset, item_top, visible_items, set_row_height,
 * insert_row (one row of its own height at a random index), append_row
 * (the same at the end, as a log or chat view adds them), insert_rows and
 * append_rows (the same with 8 rows, as a batch of log lines), remove_row (one
 * row at a random index; CALLS must be below N), remove_rows (three rows
 * at a random index) or trim_rows (the first three, as a log view drops
 * its oldest; for both, 3 CALLS must be below N), or collapse (collapse +
 * expand of the section), or toggle_row (every 61st row has an expanded
 * height of 150 pt; a call toggles one of them at random, as a click on an
 * accordion row does). measure_row builds the section with every row at
 * the default height instead, and sets one random row's height (20..80
 * pt), as a view does that measures rows as it first shows them: while
 * CALLS is well below N / 64, nearly every call makes a chunk of default
 * rows explicit. collapse_all builds foldbench's "many" shape
 * instead, N/1000 sections of 1000 rows (the same heights), and calls
 * collapse all + expand all. OP_viewed (set_row_height_viewed,
 * append_row_viewed, ...) makes the same calls with a viewport set, as a
 * view has it: the change set is built, and the viewport anchored.
 * OP_following (append_row_following, ...): the viewport at the end and
 * following it (fold_table_set_follow_end), as a log or chat view.
 * OP_many (item_at_offset_many, item_top_many, ...; item queries only):
 * collapse_all's shape, N/1000 sections of 1000 rows, as foldbench's
 * "many" lines. find_section_many finds a random one of those sections
 * by its key (fold_table_find_section), as a view resolves a saved or
 * clicked key (find_section: the one section); the keys are made before
 * the calls. OP_marked (insert_row_marked, measure_row_marked, ...):
 * a filter is set under which 2 rows in 5 match (a hash of the row's
 * index; new rows are asked too) and every 40th row is selected, as in a
 * view with a search box and a selection. Exit status 0 when every call
 * returned FOLD_OK.
 *
 * The OPs static_item_at_offset, static_item_top, static_visible,
 * fenwick_item_at_offset, fenwick_item_top, fenwick_visible and fenwick_set
 * build foldbench's lower bounds (baselines.h) over the same items (the
 * header at the default header height, then the same N row heights) and
 * make the same calls on the same random inputs; no FoldTable is built.
 */
#include <foldtable.h>

#include "baselines.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 0x5EEDF01DULL;

/* OP_marked's filter: the header and 2 rows in 5 match. */
static int two_in_five(fold_table *table, fold_section_id section, const char *key, int64_t row, void *data) {
    (void)table, (void)section, (void)key, (void)data;
    return row < 0 || ((uint64_t)row * 0x9E3779B97F4A7C15ULL >> 40) % 5 < 2;
}

static uint64_t next(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The same table as main() builds, as item heights: the header, then the rows. */
static uint8_t *item_heights(int64_t n) {
    fold_table_options o;
    fold_table_options_init(&o);
    uint8_t *h = malloc((size_t)n + 1);
    if (h == NULL) return NULL;
    h[0] = (uint8_t)o.header_height;
    state = 0x5EEDF01DULL;
    for (int64_t i = 0; i < n; i++) h[i + 1] = (uint8_t)(20 + next() % 61);
    return h;
}

/* A lower bound's calls, on the inputs main() draws for FoldTable's. */
static int run_bound(int64_t n, const char *op, long calls) {
    uint8_t *h = item_heights(n);
    if (h == NULL) return 1;
    int st = !strncmp(op, "static_", 7);
    static_index *si = st ? static_build(h, n + 1) : NULL;
    fenwick *fw = st ? NULL : fenwick_build(h, n + 1);
    free(h);
    int64_t count = n + 1, bottom = st ? si->chunk[si->chunks] : fenwick_item_top(fw, n + 1);
    fold_visible_item visible[64];
    int64_t acc = 0, top;
    for (long i = 0; i < calls; i++) {
        int64_t p = (int64_t)(next() % (uint64_t)count);
        double y = (double)(next() >> 11) * (1.0 / 9007199254740992.0) * (double)bottom;
        if (!strcmp(op, "static_item_at_offset")) acc += static_item_at_offset(si, y, &top);
        else if (!strcmp(op, "static_item_top")) acc += static_item_top(si, p);
        else if (!strcmp(op, "static_visible")) acc += static_visible(si, y, 1080, n, visible, 64);
        else if (!strcmp(op, "fenwick_item_at_offset")) acc += fenwick_item_at_offset(fw, y, &top);
        else if (!strcmp(op, "fenwick_item_top")) acc += fenwick_item_top(fw, p);
        else if (!strcmp(op, "fenwick_visible")) acc += fenwick_visible(fw, y, 1080, n, visible, 64);
        else if (!strcmp(op, "fenwick_set")) fenwick_set(fw, 1 + p % n, 20 + (int)(i % 61));
        else {
            fprintf(stderr, "lookups: unknown op %s\n", op);
            return 2;
        }
    }
    static_free(si);
    fenwick_free(fw);
    return acc == -1; /* keeps the answers alive; never -1 */
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: lookups N item_at|item_at_offset|item_top|visible_items|"
                        "set_row_height|measure_row|insert_row|append_row|remove_row|remove_rows|trim_rows|collapse|toggle_row|"
                        "collapse_all[_viewed|_following|_marked|_many]|"
                        "static_item_at_offset|static_item_top|"
                        "static_visible|fenwick_item_at_offset|fenwick_item_top|"
                        "fenwick_visible|fenwick_set [CALLS]\n");
        return 2;
    }
    int64_t n = atoll(argv[1]);
    const char *op = argv[2];
    long calls = argc > 3 ? atol(argv[3]) : 100000;
    if (n < 1 || calls < 1) return 2;
    double *heights = malloc((size_t)n * sizeof *heights);
    if (heights == NULL) return 1;
    for (int64_t i = 0; i < n; i++) heights[i] = 20 + (double)(next() % 61);
    if (!strncmp(op, "static_", 7) || !strncmp(op, "fenwick_", 8)) {
        free(heights);
        return run_bound(n, op, calls);
    }
    fold_table *t = NULL;
    fold_section_id s = FOLD_ROOT;
    size_t len = strlen(op);
    int many = len > 5 && !strcmp(op + len - 5, "_many");
    int64_t per = strncmp(op, "collapse_all", 12) && !many ? n : 1000;
    if (fold_table_new(NULL, &t) != FOLD_OK) return 1;
    for (int64_t k = 0; k * per < n; k++) {
        char key[32];
        snprintf(key, sizeof key, "s%lld", (long long)k);
        int64_t rows = n - k * per < per ? n - k * per : per;
        if (fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, key, 0, 0, &s) != FOLD_OK ||
            fold_table_insert_rows(t, s, 0, rows, strncmp(op, "measure_row", 11) ? heights + k * per : NULL) != FOLD_OK)
            return 1;
    }
    free(heights);
    if (!strncmp(op, "toggle_row", 10))
        for (int64_t r = 0; r < n; r += 61)
            if (fold_table_set_row_expanded_height(t, s, r, 150) != FOLD_OK) return 1;
    int64_t count = 0;
    double bottom = 0;
    fold_table_item_count(t, &count);
    fold_table_content_height(t, &bottom);
    int failures = 0;
    int64_t sections = (n + per - 1) / per;
    char (*keys)[24] = NULL;
    if (!strncmp(op, "find_section", 12)) {
        keys = malloc((size_t)sections * sizeof *keys);
        if (keys == NULL) return 1;
        for (int64_t k = 0; k < sections; k++) snprintf(keys[k], sizeof keys[k], "s%lld", (long long)k);
    }
    fold_visible_item visible[64];
    char plain[64];
    if (len > 7 && len < sizeof plain && !strcmp(op + len - 7, "_viewed")) {
        if (fold_table_set_viewport(t, bottom / 2, 1080) != FOLD_OK) return 1;
        memcpy(plain, op, len - 7);
        plain[len - 7] = 0;
        op = plain;
    } else if (len > 10 && len < sizeof plain && !strcmp(op + len - 10, "_following")) {
        /* A log or chat view: the viewport at the end, following it. */
        if (fold_table_set_viewport(t, bottom > 1080 ? bottom - 1080 : 0, 1080) != FOLD_OK ||
            fold_table_set_follow_end(t, 1) != FOLD_OK)
            return 1;
        memcpy(plain, op, len - 10);
        plain[len - 10] = 0;
        op = plain;
    } else if (many && len < sizeof plain) {
        memcpy(plain, op, len - 5);
        plain[len - 5] = 0;
        op = plain;
    } else if (len > 7 && len < sizeof plain && !strcmp(op + len - 7, "_marked")) {
        if (fold_table_set_filter(t, two_in_five, NULL, 0) != FOLD_OK) return 1;
        for (int64_t r = 0; r < n; r += 40) {
            int changed;
            if (fold_table_select_row(t, s, r, FOLD_SELECT_ADD, &changed) != FOLD_OK) return 1;
        }
        fold_table_item_count(t, &count);
        fold_table_content_height(t, &bottom);
        memcpy(plain, op, len - 7);
        plain[len - 7] = 0;
        op = plain;
    }
    for (long i = 0; i < calls; i++) {
        int64_t p = (int64_t)(next() % (uint64_t)count);
        double y = (double)(next() >> 11) * (1.0 / 9007199254740992.0) * bottom;
        int status;
        if (!strcmp(op, "item_at")) {
            fold_item item;
            status = fold_table_item_at(t, p, &item);
        } else if (!strcmp(op, "item_at_offset")) {
            int64_t position;
            int32_t place;
            status = fold_table_item_at_offset(t, y, &position, &place);
        } else if (!strcmp(op, "item_top")) {
            double top;
            status = fold_table_item_top(t, p, &top);
        } else if (!strcmp(op, "visible_items")) {
            int64_t written, total;
            status = fold_table_visible_items(t, y, 1080, 0, visible, 64, &written, &total);
        } else if (!strcmp(op, "set_row_height") || !strcmp(op, "measure_row")) {
            status = fold_table_set_row_height(t, s, p % n, 20 + (double)(i % 61));
        } else if (!strcmp(op, "insert_row") || !strcmp(op, "append_row")) {
            double h = 20 + (double)(i % 61);
            status = fold_table_insert_rows(t, s, op[0] == 'a' ? FOLD_INDEX_END : p % n, 1, &h);
        } else if (!strcmp(op, "insert_rows") || !strcmp(op, "append_rows")) {
            double h[8];
            for (int k = 0; k < 8; k++) h[k] = 20 + (double)((i + k) % 61);
            status = fold_table_insert_rows(t, s, op[0] == 'a' ? FOLD_INDEX_END : p % n, 8, h);
        } else if (!strcmp(op, "remove_row")) {
            status = fold_table_remove_rows(t, s, p % (n - i), 1);
        } else if (!strcmp(op, "remove_rows") || !strcmp(op, "trim_rows")) {
            status = fold_table_remove_rows(t, s, op[0] == 't' ? 0 : p % (n - 3 * i - 2), 3);
        } else if (!strcmp(op, "collapse_all")) {
            int64_t changed;
            status = fold_table_collapse_all(t, &changed);
            if (status == FOLD_OK) status = fold_table_expand_all(t, &changed);
        } else if (!strcmp(op, "toggle_row")) {
            int changed;
            status = fold_table_toggle_row(t, s, p % ((n + 60) / 61) * 61, &changed);
        } else if (!strcmp(op, "collapse")) {
            int changed;
            status = fold_table_collapse(t, s, &changed);
            if (status == FOLD_OK) status = fold_table_expand(t, s, &changed);
        } else if (!strcmp(op, "find_section") && keys != NULL) {
            fold_section_id id;
            status = fold_table_find_section(t, keys[p % sections], &id);
        } else {
            fprintf(stderr, "lookups: unknown op %s\n", op);
            return 2;
        }
        if (status != FOLD_OK) failures++;
    }
    fold_table_free(t);
    free(keys);
    return failures == 0 ? 0 : 1;
}
