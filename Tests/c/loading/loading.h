/*
 * loading.h — the parts of test_loading.c and the helpers they share.
 *
 * A `journal` records, as one line of text, everything the table tells a
 * test in order: section events ("will-expand u;"), change sets
 * ("set(c4-0+1 r3/1);": changes at 4, 0 removed, 1 added; a redraw of 1
 * item at 3) and loader calls ("start u #1;", "cancel u #1;"), so a test
 * checks an exact sequence with one CHECK_STR. Its loader can also act on
 * START (finish at once, fail, remove the section, free the table, ...).
 *
 *   layout(t)          the flat list as text, one word per item:
 *                      H:key, R:key.row, F:key, P:key, with flags after a
 *                      '/' (C collapsed, K collapsible, X expanded,
 *                      E expandable, L loading, F failed)
 *   geometry(t)        layout(t) with each item's top and height, and the
 *                      content height: to check that nothing changed
 */
#ifndef FOLD_TEST_LOADING_H
#define FOLD_TEST_LOADING_H

#include <string.h>

#include "fixture.h"

/* What the journal's loader does when it hears START. */
enum loader_action {
    LOADER_RECORD,      /* nothing but recording */
    LOADER_FINISH,      /* fold_table_finish_load with `entries` */
    LOADER_FINISH_TWICE,/* the same, twice: the second is FOLD_E_CANCELLED */
    LOADER_FAIL,        /* fold_table_fail_load with "offline" */
    LOADER_REMOVE,      /* removes the section, then finishes (FOLD_E_NOT_FOUND) */
    LOADER_FREE         /* frees the table (deferred until the call returns) */
};

typedef struct journal {
    char text[4096];
    int loader_calls;
    fold_section_id last_section;
    uint64_t last_ticket;
    int32_t last_event;
    enum loader_action action;
    const fold_snapshot_entry *entries;
    int64_t entry_count;
    /* Statuses of the calls the loader made, in order. */
    int32_t statuses[4];
    int status_count;
} journal;

/* Registers the journal's change and section listeners and its loader. */
void journal_attach(fold_table *t, journal *j);
/* Just the loader. */
void journal_loader(fold_table *t, fold_section_id section, const char *key, uint64_t ticket,
                    int32_t event, void *user_data);
/* Empties the text (keeps the action). */
void journal_clear(journal *j);

/* Default heights (row 44, header 28): a (2 rows), u (FOLD_SECTION_UNLOADED),
 * b (1 row), each with its key as header text; with a journal (zeroed and attached) unless `j` is NULL.
 *   H:a@0 R:a.0@28 R:a.1@72 H:u@116 H:b@144 R:b.0@172, content 216 */
fold_table *abu_table(journal *j, fold_section_id *a, fold_section_id *u, fold_section_id *b);

const char *layout(const fold_table *t);
const char *geometry(const fold_table *t);

/* An entry of a section at `depth` with its key as header and these flags
 * (rows: snap_rows, fixture.h). */
static inline fold_snapshot_entry load_section(int32_t depth, const char *key, uint32_t flags)
{
    fold_snapshot_entry e = snap_section(depth, key, key);
    e.flags = flags;
    return e;
}

/* The load state and ticket of a section (two checks). */
#define CHECK_LOAD(t, id, state_, ticket_)                                   \
    do {                                                                     \
        fold_load_info li_;                                                  \
        memset(&li_, 0xff, sizeof li_);                                      \
        CHECK_STATUS(fold_table_load_info((t), (id), &li_), FOLD_OK);        \
        CHECK_EQ_I64(li_.state, (state_));                                   \
        CHECK_EQ_I64(li_.ticket, (ticket_));                                 \
    } while (0)

/* One item's kind, section, row and flags (five checks). */
#define CHECK_ITEM(t, position, kind_, section_, row_, flags_)               \
    do {                                                                     \
        fold_item it_;                                                       \
        memset(&it_, 0, sizeof it_);                                         \
        CHECK_STATUS(fold_table_item_at((t), (position), &it_), FOLD_OK);    \
        CHECK_EQ_I64(it_.kind, (kind_));                                     \
        CHECK_EQ_I64(it_.section, (section_));                               \
        CHECK_EQ_I64(it_.row, (row_));                                       \
        CHECK_EQ_I64(it_.flags, (flags_));                                   \
    } while (0)

void test_unloaded_section(void);
void test_expand_starts_load(void);
void test_finish_inside_loader(void);
void test_finish_later(void);
void test_fail_and_retry(void);
void test_collapse_cancels(void);
void test_remove_cancels(void);
void test_free_cancels(void);
void test_free_during_load_calls(void);
void test_hostile_loaders(void);
void test_bulk_and_refusal(void);
void test_not_allowed(void);
void test_loading_bad_input(void);
void test_loading_saved_state(void);
void test_loading_snapshot(void);
void test_loading_threads(void);
void test_reload(void);

#endif
