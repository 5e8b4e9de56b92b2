/*
 * libFuzzer target for the one parser that may see untrusted text:
 * fold_table_import_state(). Arbitrary bytes (NUL-terminated copy) are
 * imported into a small fixed table (nested sections, a fixed and a
 * headerless section, expandable rows, a viewport) and checked without a model:
 *
 *   - the status is FOLD_OK or FOLD_E_INVALID (anything else is a finding);
 *   - a failure changes nothing: the exported state, item count and content
 *     height are those of before, the report is unwritten, and the message
 *     is not empty;
 *   - a success is stable: exporting and importing that export again gives
 *     the same export (what was applied round-trips);
 *   - nothing crashes, leaks or touches memory it should not (ASan, LSan).
 *
 * Seeds: Tests/fuzz/corpus-state. Build and run:
 *   FUZZ_TARGET=state scripts/fuzz [seconds]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foldtable.h"

#define FINDING(...)                                   \
    do {                                               \
        fprintf(stderr, "fuzz_state: " __VA_ARGS__);   \
        fputc('\n', stderr);                           \
        abort();                                       \
    } while (0)

/* A table with something for every part of the saved state to name. */
static fold_table *make_table(void) {
    fold_table *t = NULL;
    if (fold_table_new(NULL, &t) != FOLD_OK) FINDING("fold_table_new: %s", fold_last_error_message());
    int st = FOLD_OK;
    fold_section_id a = 0, b = 0, b1 = 0, c = 0;
    st |= fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A|first", 3, 0, &a);
    st |= fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "b", "B", 2, 0, &b);
    st |= fold_table_insert_section(t, b, 2, "b1", "B1", 4, 0, &b1);
    st |= fold_table_insert_section(t, b1, 4, "b11", "B11", 1, 0, NULL);
    /* Not collapsible and headerless sections: saved states name them too. */
    st |= fold_table_insert_section(t, b, FOLD_INDEX_END, "b2", "B2", 2, FOLD_SECTION_FIXED, NULL);
    st |= fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "c", "C", 5, 0, &c);
    st |= fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "d", NULL, 2, FOLD_SECTION_NO_HEADER,
                                    NULL);
    for (int64_t r = 0; r < 3; r++) st |= fold_table_set_row_expanded_height(t, a, r, 100.5);
    st |= fold_table_set_row_expanded_height(t, b1, 1, 33.3);
    st |= fold_table_collapse(t, c, NULL);
    st |= fold_table_set_viewport(t, 10, 200);
    if (st != FOLD_OK) FINDING("building the table: %s", fold_last_error_message());
    return t;
}

/* The exported state (malloc'd; the caller frees it with fold_free). */
static char *export_of(fold_table *t) {
    char *json = NULL;
    if (fold_table_export_state(t, &json) != FOLD_OK || json == NULL)
        FINDING("export: %s", fold_last_error_message());
    return json;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (text == NULL) return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    fold_table *t = make_table();
    char *before = export_of(t);
    int64_t items_before = 0, items_after = 0;
    double height_before = 0, height_after = 0;
    fold_table_item_count(t, &items_before);
    fold_table_content_height(t, &height_before);

    fold_import_report report;
    memset(&report, 0xA5, sizeof report);
    int st = fold_table_import_state(t, text, &report);
    char *after = export_of(t);
    fold_table_item_count(t, &items_after);
    fold_table_content_height(t, &height_after);

    if (st == FOLD_E_INVALID) {
        const char *msg = fold_last_error_message();
        if (msg == NULL || msg[0] == '\0') FINDING("a refused state left no message");
        if (strcmp(before, after) != 0 || items_before != items_after || height_before != height_after)
            FINDING("a refused state changed the table (%s)", msg);
        if (report.sections != (int64_t)0xA5A5A5A5A5A5A5A5ULL)
            FINDING("a refused state wrote the report");
    } else if (st == FOLD_OK) {
        if (report.sections < 0 || report.rows < 0 || report.unknown_sections < 0 || report.unknown_rows < 0)
            FINDING("negative counts in the report");
        /* Importing what was applied must change nothing more. */
        if (fold_table_import_state(t, after, NULL) != FOLD_OK)
            FINDING("re-importing an export failed: %s", fold_last_error_message());
        char *again = export_of(t);
        if (strcmp(after, again) != 0) FINDING("export -> import -> export differs:\n%s\n%s", after, again);
        fold_free(again);
    } else {
        FINDING("import returned status %d: %s", st, fold_last_error_message());
    }
    fold_free(before);
    fold_free(after);
    fold_table_free(t);
    free(text);
    return 0;
}

#ifdef FUZZ_STANDALONE
/* Replays the files named on the command line once each. */
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (f == NULL) { perror(argv[i]); return 1; }
        static uint8_t buffer[1 << 20];
        size_t n = fread(buffer, 1, sizeof buffer, f);
        fclose(f);
        LLVMFuzzerTestOneInput(buffer, n);
    }
    return 0;
}
#endif
