/*
 * Freeing the table while loads are under way, from the places issue 33
 * found wrong: every load gets exactly one CANCEL, whoever is the loader
 * by then.
 *   - the match function frees the table while fold_table_finish_load asks
 *     it about the new children: that call fails, changes nothing, and its
 *     load is cancelled with the others;
 *   - the loader is replaced during the CANCELs of a free: the new loader
 *     hears the rest (NULL drops them).
 */
#include "loading/loading.h"

/* A match function that shows everything and frees the table on the
 * `free_at`-th question. */
typedef struct freeing_match {
    int asked, free_at;
} freeing_match;

static int match_then_free(fold_table *t, fold_section_id section, const char *key, int64_t row,
                           void *user_data)
{
    freeing_match *m = user_data;
    (void)section;
    (void)key;
    (void)row;
    if (++m->asked == m->free_at) fold_table_free(t);
    return 1;
}

static void free_in_match_during_finish(void)
{
    journal j;
    freeing_match m = {0, -1};
    fold_section_id a, u, b, v;
    fold_snapshot_entry entries[2];
    fold_table *t = abu_table(&j, &a, &u, &b);
    int changed = 0;
    v = add_flagged(t, FOLD_ROOT, "v", "v", 0, FOLD_SECTION_UNLOADED);
    check_changed(t, fold_table_expand, u, 1);
    check_changed(t, fold_table_expand, v, 1);
    CHECK_STATUS(fold_table_set_filter(t, match_then_free, &m, 0), FOLD_OK);
    m.asked = 0;
    m.free_at = 2;
    journal_clear(&j);
    entries[0] = snap_rows(0, 3);
    entries[1] = load_section(0, "inner", 0);
    /* The second question frees the table: the call needs more answers,
     * so it fails and changes nothing; u's load (#1) is cancelled with v's
     * (#2), in ticket order, when this outermost call returns. */
    CHECK_STATUS(fold_table_finish_load(t, u, 1, entries, 2, NULL), FOLD_E_CANCELLED);
    CHECK_STR(fold_last_error_message(), "the table was freed inside the match function before it answered "
                                         "everything the call needed; the call changed nothing");
    CHECK_STR(j.text, "cancel u #1;cancel v #2;");
    (void)changed;

    /* Freed by the last question: every answer is in, so the load
     * finishes (nothing to cancel for it) and only v's is cancelled. */
    t = abu_table(&j, &a, &u, &b);
    v = add_flagged(t, FOLD_ROOT, "v", "v", 0, FOLD_SECTION_UNLOADED);
    check_changed(t, fold_table_expand, u, 1);
    check_changed(t, fold_table_expand, v, 1);
    m.free_at = -1;
    CHECK_STATUS(fold_table_set_filter(t, match_then_free, &m, 0), FOLD_OK);
    m.asked = 0;
    m.free_at = 4;  /* the three rows, then "inner"'s header */
    journal_clear(&j);
    CHECK_STATUS(fold_table_finish_load(t, u, 1, entries, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(m.asked, 4);
    CHECK_STR(j.text, "cancel v #2;");
}

/* A loader that, on the first CANCEL it hears, hands the rest to `next`
 * (or to nobody). */
typedef struct relay {
    journal *first, *next;
    int replaced;
    int32_t status;
} relay;

static relay *the_relay;

static void relaying_loader(fold_table *t, fold_section_id section, const char *key, uint64_t ticket,
                            int32_t event, void *user_data)
{
    relay *r = the_relay;
    journal_loader(t, section, key, ticket, event, user_data);
    if (event == FOLD_LOAD_CANCEL && !r->replaced) {
        r->replaced = 1;
        r->status = r->next ? fold_table_set_loader(t, journal_loader, r->next)
                            : fold_table_set_loader(t, NULL, NULL);
    }
}

static void loader_replaced_while_freeing(void)
{
    int round;
    for (round = 0; round < 2; round++) {
        journal j, second;
        relay r;
        fold_section_id a, u, b, ids[4];
        const char *keys[4] = {"v1", "v2", "v3", "v4"};
        fold_table *t = abu_table(&j, &a, &u, &b);
        int i, changed = 0;
        memset(&second, 0, sizeof second);
        memset(&r, 0, sizeof r);
        r.first = &j;
        r.next = round == 0 ? &second : NULL;
        the_relay = &r;
        check_changed(t, fold_table_expand, u, 1);
        for (i = 0; i < 4; i++) {
            ids[i] = add_flagged(t, FOLD_ROOT, keys[i], keys[i], 0, FOLD_SECTION_UNLOADED);
            check_changed(t, fold_table_expand, ids[i], 1);
        }
        (void)changed;
        CHECK_STATUS(fold_table_set_loader(t, relaying_loader, &j), FOLD_OK);
        journal_clear(&j);
        fold_table_free(t);
        CHECK_EQ_I64(r.status, FOLD_OK);
        /* Five loads under way, five CANCELs: the first to the old loader,
         * the other four to the new one (round 0) or to nobody (round 1). */
        CHECK_STR(j.text, "cancel u #1;");
        CHECK_STR(second.text, round == 0 ? "cancel v1 #2;cancel v2 #3;cancel v3 #4;cancel v4 #5;" : "");
    }
}

void test_free_during_load_calls(void)
{
    free_in_match_during_finish();
    loader_replaced_while_freeing();
}
