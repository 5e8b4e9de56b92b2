/*
 * libFuzzer target: arbitrary bytes become a sequence of calls through the
 * C ABI of foldtable.h — good and bad arguments alike (NULL tables, NULL
 * pointers, negative / huge / INT64_MIN indices and counts, NaN, infinities,
 * negative and too large heights, invalid UTF-8, empty, unknown and
 * duplicate keys, unknown flags and constants, paths too short or too long,
 * FOLD_ROOT where a section is required) — and checks what needs no model:
 *
 *   - every status is one the header documents (FOLD_E_BUSY only for a
 *     change tried inside a callback, where it is required; FOLD_E_INTERNAL
 *     is reported as a finding, since it means an input reached a failure
 *     the engine did not foresee);
 *   - section ids: the harness keeps the ids the table handed out, the ids
 *     of sections since removed and the ids of a second table (one of them
 *     removed there too) and feeds them to every call that takes an id; a
 *     removed section's id or another table's id, with every other argument
 *     valid, must be FOLD_E_NOT_FOUND for every function that takes a
 *     section (FOLD_ROOT where a section is required: FOLD_E_INVALID); a
 *     new id is never 0, never one handed out before, and find_section
 *     gives it back for its key;
 *   - hostile callbacks (listeners, row, header and expanded-height
 *     providers) remove and replace each other and themselves, add
 *     listeners, refuse "will" events, try changes (must be FOLD_E_BUSY),
 *     change another table (allowed), return bad heights and free the table
 *     (deferred to the outermost call): each callback's user_data is freed
 *     as soon as it is removed or replaced, so a call after that is an ASan
 *     heap-use-after-free; every callback gets a live id and its key;
 *   - fold_table_section_text with buffers of 0 to 9 bytes: NUL-terminated
 *     inside the buffer, nothing written past it, a prefix of the whole text
 *     cut at a UTF-8 boundary, the full length reported;
 *   - fold_last_error_message() is never NULL, and not empty after a failure;
 *   - a failed call leaves the table as it was (a fingerprint: item count,
 *     content height, sections, expanded rows, options, viewport, selection
 *     counts) and its outputs unwritten; its structure version stays or
 *     moves past every value seen, and versions never go back, callbacks'
 *     reads included;
 *   - a section's selection count (asked before any other query) agrees
 *     with the runs fold_table_selection lists below it;
 *   - the item count equals the total of visible_items over the whole
 *     content, content height is finite and >= 0, item_at_offset reports a
 *     position in range, an item's section id is live;
 *   - every change set's steps fit the list and its moves lie inside the
 *     lists before and after it, in order and not overlapping; batches
 *     begin and end (an end with none open is FOLD_E_INVALID) and
 *     fold_table_batch_depth follows them (ops/batches.c);
 *   - nothing crashes, leaks or touches memory it should not (ASan, LSan).
 *
 * Build and run: scripts/fuzz [seconds]   (see Tests/reliability/README.md)
 * Without libFuzzer, -DFUZZ_STANDALONE builds a main() that runs the files
 * named on the command line once each (for replaying a crash input).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foldtable.h"

/* The parts, in order (each uses what the ones before it define). They are
 * included rather than linked: scripts/fuzz compiles Tests/fuzz/fuzz_<target>.c
 * alone, and everything stays static to this one program. */
#include "ops/reader.c"
#include "ops/checks.c"
#include "ops/ids.c"
#include "ops/hostile.c"
#include "ops/stale_flags.c"
#include "ops/text_state.c"
#include "ops/snapshot.c"
#include "ops/loading.c"
#include "ops/select_filter.c"
#include "ops/batches.c"
#include "ops/one_op.c"

/* The second table: three sections (one nested) and a fourth removed, so
 * its ids include a live nested one and a dead one. */
static void make_other(void)
{
    fold_section_id removed = 0;
    int st = fold_table_new(NULL, &ids.other);
    if (st != FOLD_OK) {
        die("fold_table_new for the second table failed", __LINE__, st);
    }
    st = fold_table_insert_section(ids.other, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 3, 0,
                                   &ids.foreign[0]);
    if (st == FOLD_OK) {
        st = fold_table_insert_section(ids.other, ids.foreign[0], 1, "b", "B|x", 2, 0,
                                       &ids.foreign[1]);
    }
    if (st == FOLD_OK) {
        st = fold_table_insert_section(ids.other, FOLD_ROOT, 0, "c", "C", 0,
                                       FOLD_SECTION_FIXED, &ids.foreign[2]);
    }
    if (st == FOLD_OK) {
        st = fold_table_insert_section(ids.other, FOLD_ROOT, FOLD_INDEX_END, "gone", NULL, 1, 0,
                                       &removed);
    }
    if (st == FOLD_OK) {
        st = fold_table_remove_section(ids.other, removed);
    }
    if (st != FOLD_OK) {
        die("building the second table failed", __LINE__, st);
    }
    ids.foreign[3] = removed;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r;
    fold_table *t = NULL;
    fold_table_options o;
    int st, steps = 0, p;
    uint8_t first;

    if (known_bugs < 0) {
        const char *kb = getenv("FOLDTABLE_KNOWN_BUGS");
        known_bugs = kb == NULL || strcmp(kb, "0") != 0; /* fixed: on unless "0" */
        trace = getenv("FOLD_FUZZ_TRACE") != NULL;
    }
    r.p = data;
    r.n = size;
    first = byte(&r);
    fold_table_options_init(&o);
    if (first & 1) {
        o.start_collapsed = byte(&r) & 1;
        o.row_height = a_height(&r);
        o.header_height = a_height(&r);
        o.footer_height = a_height(&r);
        o.padding_top = a_height(&r);
        o.padding_bottom = a_height(&r);
        o.accordion = (int32_t)(an_int(&r) % 4);
        o.sticky_levels = (int32_t)(an_int(&r) % 4);
        if (first & 2) {
            o.size = (uint32_t)(an_int(&r) % (int64_t)(sizeof o + 1));
        }
    }
    st = fold_table_new(first & 1 ? &o : NULL, byte(&r) == 255 ? NULL : &t);
    check_status(st, __LINE__);
    if (st != FOLD_OK) {
        if (t != NULL) {
            die("a failed fold_table_new wrote its output", __LINE__, st);
        }
        return 0;
    }
    if (t == NULL) {
        die("fold_table_new returned OK without a table", __LINE__, st);
    }
    memset(&hs, 0, sizeof hs);
    memset(&ids, 0, sizeof ids);
    hs.t = t;
    version_start(t);
    make_other();
    fz_depth = 0;
    /* Registered first, so hostile callbacks cannot remove it (ops/batches.c). */
    st = fold_table_add_change_listener(t, on_change_moves, NULL, NULL);
    if (st != FOLD_OK) {
        die("adding the harness's change listener failed", __LINE__, st);
    }
    while (r.n > 0 && steps++ < 400 && !hs.freed) {
        one_op(t, &r, t);
        if ((steps & 7) == 0 && !hs.freed) {
            invariants(t);
        }
    }
    if (!hs.freed) {
        invariants(t);
        fold_table_free(t);
    }
    fold_table_free(ids.other);
    /* The table no longer calls anything: free what it held. */
    for (steps = 0; steps < HSLOTS; steps++) {
        hctx_free(hs.listeners[steps]);
    }
    for (p = 0; p < P_COUNT; p++) {
        hctx_free(hs.prov[p]);
    }
    memset(&hs, 0, sizeof hs);
    memset(&ids, 0, sizeof ids);
    fold_table_free(NULL);
    fold_free(NULL);
    return 0;
}

#ifdef FUZZ_STANDALONE
/* Replays the inputs named on the command line (no libFuzzer needed). */
int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        uint8_t *buf;
        long n;
        if (f == NULL) {
            perror(argv[i]);
            return 2;
        }
        fseek(f, 0, SEEK_END);
        n = ftell(f);
        fseek(f, 0, SEEK_SET);
        buf = (uint8_t *)malloc((size_t)n + 1);
        if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
            fclose(f);
            return 2;
        }
        fclose(f);
        LLVMFuzzerTestOneInput(buf, (size_t)n);
        free(buf);
        printf("%s: ok\n", argv[i]);
    }
    return 0;
}
#endif
