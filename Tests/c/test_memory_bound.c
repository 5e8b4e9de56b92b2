/*
 * Memory bounds (issue 33, item 7): fold_table_apply_snapshot,
 * fold_table_finish_load and fold_table_import_state estimate what they will
 * need before they build anything and return FOLD_E_RANGE, changing
 * nothing, when that is more than the process can still allocate (before,
 * the Swift runtime stopped the process: "failed to allocate").
 *
 * Everything runs in a child process whose address space is bounded with
 * setrlimit(RLIMIT_AS) to what it maps plus 96 MiB once its inputs are
 * built: a snapshot and a load's children of 2,000,000 entries, a snapshot
 * of 150,000 new sections (its entries fit; the sections it would make do
 * not), and a saved state of 500,000 selected runs are refused with
 * messages that name the need and the limit, and leave the table as it
 * was; a snapshot of 10,000 new sections still applies under the same
 * bound. The child reports through its exit status; a death by a signal
 * fails the test.
 *
 * Skipped under the address, thread and memory sanitizers, whose shadow
 * memory does not fit any useful RLIMIT_AS.
 */
#define _GNU_SOURCE /* fork, setrlimit and waitpid under -std=c99 */

#include "fixture.h"
#include "support/address_space.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>


static void *must(void *p)
{
    if (p == NULL) {
        fprintf(stderr, "out of memory while building the inputs\n");
        _exit(4);
    }
    return p;
}

/* `n` sections with keys "<prefix>0000000".. (in one buffer), each followed
 * by a rows entry of 10 rows when `rows`. */
static fold_snapshot_entry *sections(int64_t n, const char *prefix, int rows, int64_t *out_count)
{
    char *keys = must(malloc((size_t)n * 16));
    int64_t count = rows ? 2 * n : n;
    fold_snapshot_entry *e = must(calloc((size_t)count, sizeof *e));
    int64_t k = 0;
    for (int64_t i = 0; i < n; i++) {
        char *key = keys + 16 * i;
        snprintf(key, 16, "%s%07lld", prefix, (long long)i);
        e[k].kind = FOLD_SNAPSHOT_SECTION;
        e[k].key = key;
        k++;
        if (rows) {
            e[k].kind = FOLD_SNAPSHOT_ROWS;
            e[k].depth = 1;
            e[k].rows = 10;
            k++;
        }
    }
    *out_count = count;
    return e;
}

/* The message starts with `start` and ends with the address-space bound. */
static void check_refusal(const char *start)
{
    const char *m = fold_last_error_message();
    const char *end = "this process can still allocate (its address-space limit, RLIMIT_AS, less what it maps); "
                      "nothing changed";
    size_t n = strlen(m), e = strlen(end);
    int ok = strncmp(m, start, strlen(start)) == 0 && n > e && strcmp(m + n - e, end) == 0;
    if (!ok) fprintf(stderr, "message: %s\n  expected it to start with: %s\n  and end with: %s\n", m, start, end);
    CHECK(ok);
}

typedef struct {
    int64_t sets;
} heard;

static void count_sets(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)set;
    ((heard *)user_data)->sets++;
}

static void check_unchanged(fold_table *t, const heard *h, int64_t sections, int64_t items)
{
    CHECK_EQ_I64(section_count(t), sections);
    CHECK_EQ_I64(item_count(t), items);
    CHECK_EQ_I64(h->sets, 0);
}

/* In the child: exit 0 when every check passed, 1 when one failed, 4 if
 * the inputs could not be built. */
static void child(void)
{
    /* The table: 100 sections of 10 rows, one selected row, and a section
     * waiting for its children. */
    fold_table *t = new_table(NULL);
    if (t == NULL) _exit(4);
    int64_t count = 0;
    fold_snapshot_entry *start = sections(100, "s", 1, &count);
    CHECK_STATUS(fold_table_apply_snapshot(t, start, count, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_select_row(t, top(t, 0), 3, FOLD_SELECT_ADD, NULL), FOLD_OK);
    fold_section_id lazy = add_flagged(t, FOLD_ROOT, "lazy", NULL, 0, FOLD_SECTION_UNLOADED);
    CHECK_STATUS(fold_table_load(t, lazy), FOLD_OK);
    fold_load_info info;
    CHECK_STATUS(fold_table_load_info(t, lazy, &info), FOLD_OK);
    heard h = {0};
    CHECK_STATUS(fold_table_add_change_listener(t, count_sets, &h, NULL), FOLD_OK);
    int64_t items = item_count(t); /* 100 * 11 + the lazy header and its placeholder */
    CHECK_EQ_I64(items, 1102);

    /* The inputs, built before the bound. */
    int64_t huge_count = 0, middle_count = 0, small_count = 0;
    fold_snapshot_entry *huge = sections(1000000, "h", 1, &huge_count);
    fold_snapshot_entry *middle = sections(150000, "m", 0, &middle_count);
    fold_snapshot_entry *small = sections(10000, "n", 1, &small_count);
    size_t capacity = 500000 * 48 + 64, length = 0;
    char *state = must(malloc(capacity));
    length += (size_t)sprintf(state + length, "{\"version\": 1, \"selected\": [");
    for (int i = 0; i < 500000; i++) {
        length += (size_t)sprintf(state + length, "%s{\"section\": \"s0000000\", \"row\": %d, \"count\": 1}",
                                  i ? ", " : "", i % 10);
    }
    sprintf(state + length, "]}");

    long long allowed = vm_size() + (96LL << 20);
    struct rlimit limit = {(rlim_t)allowed, (rlim_t)allowed};
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(4);

    /* 2,000,000 entries: refused before they are read. */
    CHECK_STATUS(fold_table_apply_snapshot(t, huge, huge_count, NULL), FOLD_E_RANGE);
    check_refusal("the snapshot needs about 640.0 MB of memory (2000000 entries, a table of 101 sections), "
                  "more than the ");
    check_unchanged(t, &h, 101, items);
    /* 150,000 new sections: read, then refused before one is made. */
    CHECK_STATUS(fold_table_apply_snapshot(t, middle, middle_count, NULL), FOLD_E_RANGE);
    check_refusal("the snapshot needs about ");
    CHECK(strstr(fold_last_error_message(), " of memory (150000 entries, 150000 new sections), more than the ")
          != NULL);
    check_unchanged(t, &h, 101, items);
    /* A load's children: refused, and the load still waits for them. */
    CHECK_STATUS(fold_table_finish_load(t, lazy, info.ticket, huge, huge_count, NULL), FOLD_E_RANGE);
    check_refusal("the load needs about 640.0 MB of memory (2000000 entries), more than the ");
    check_unchanged(t, &h, 101, items);
    fold_load_info after;
    CHECK_STATUS(fold_table_load_info(t, lazy, &after), FOLD_OK);
    CHECK_EQ_I64(after.state, FOLD_LOAD_LOADING);
    CHECK(after.ticket == info.ticket);
    /* A saved state of 500,000 selected runs. */
    fold_import_report r;
    CHECK_STATUS(fold_table_import_state(t, state, &r), FOLD_E_RANGE);
    check_refusal("the saved state needs about 320.0 MB of memory (500000 entries), more than the ");
    check_unchanged(t, &h, 101, items);
    int64_t selected = -1;
    CHECK_STATUS(fold_table_selection_count(t, FOLD_ROOT, &selected, NULL), FOLD_OK);
    CHECK_EQ_I64(selected, 1);

    /* Within the bound, a snapshot applies as always. */
    fold_snapshot_report report;
    CHECK_STATUS(fold_table_apply_snapshot(t, small, small_count, &report), FOLD_OK);
    CHECK_EQ_I64(report.sections_inserted, 10000);
    CHECK_EQ_I64(report.sections_removed, 101);
    CHECK_EQ_I64(section_count(t), 10000);
    CHECK_EQ_I64(item_count(t), 110000);
    CHECK_EQ_I64(h.sets, 1);
    fflush(NULL);
    _exit(check_failed_so_far() > 0 ? 1 : 0);
}

int main(void)
{
    check_in_child(child, "calls beyond the memory bound");
    return check_done();
}
