/*
 * A load from start to end: the unloaded section, expanding it (placeholder,
 * START), finishing (from inside the loader and later), failing and
 * retrying, and cancelling by collapse, removal and free.
 */
#include "loading/loading.h"

#define EN_DASH "\xe2\x80\x93"

void test_unloaded_section(void)
{
    fold_section_id a, u, b, n = 0;
    fold_table *t = abu_table(NULL, &a, &u, &b);
    fold_section_info i = info(t, u);
    char buffer[8];
    size_t length = 9;

    CHECK_EQ_I64(i.flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE | FOLD_SECTION_UNLOADED);
    CHECK_EQ_I64(i.child_count, 0);
    CHECK_EQ_I64(i.row_count, 0);
    CHECK_LOAD(t, u, FOLD_LOAD_UNLOADED, 0);
    CHECK_LOAD(t, a, FOLD_LOAD_LOADED, 0);
    /* Collapsible although it has no children: the header shows "+". */
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0");
    CHECK_ITEM(t, 3, FOLD_ITEM_HEADER, u, -1, FOLD_ITEM_FLAG_COLLAPSED | FOLD_ITEM_FLAG_COLLAPSIBLE);
    CHECK_STR(text(t, u, FOLD_TEXT_INDICATOR), "+");
    CHECK_STATUS(fold_table_section_text(t, u, FOLD_TEXT_LOAD_ERROR, buffer, sizeof buffer, &length),
                 FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(length, 9);
    CHECK_STR(geometry(t), "H:a/K@0+28 R:a.0@28+44 R:a.1@72+44 H:u/CK@116+28 H:b/K@144+28 R:b.0@172+44 =216");
    /* Nested, and with start_collapsed unset it still starts collapsed. */
    n = add_flagged(t, a, "n", "N", 0, FOLD_SECTION_UNLOADED);
    CHECK_EQ_I64(info(t, n).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE | FOLD_SECTION_UNLOADED);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:n/CK H:u/CK H:b/K R:b.0");
    /* COLLAPSED with UNLOADED says the same twice: allowed. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "c", "C", 0,
                                           FOLD_SECTION_UNLOADED | FOLD_SECTION_COLLAPSED, &n), FOLD_OK);
    CHECK_LOAD(t, n, FOLD_LOAD_UNLOADED, 0);
    fold_table_free(t);
}

void test_expand_starts_load(void)
{
    journal j;
    fold_section_id a, u, b;
    fold_table *t = abu_table(&j, &a, &u, &b);
    fold_item item;
    fold_visible_item visible[4];
    fold_sticky_header sticky[2];
    int64_t position = -1, written = 0, total = 0;
    int32_t place = -1;
    double top = 0, height = 0;

    check_changed(t, fold_table_expand, u, 1);
    /* Events, then the change set (the placeholder appears, the header is
     * redrawn), then the loader, once, with ticket 1. */
    CHECK_STR(j.text, "will-expand u;did-expand u;set(c4-0+1 r3/1);start u #1;");
    CHECK_EQ_I64(j.loader_calls, 1);
    CHECK_EQ_I64(j.last_section, u);
    CHECK_EQ_I64(j.last_event, FOLD_LOAD_START);
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 1);
    CHECK_EQ_I64(info(t, u).flags, FOLD_SECTION_COLLAPSIBLE | FOLD_SECTION_UNLOADED);
    CHECK_STR(text(t, u, FOLD_TEXT_INDICATOR), EN_DASH);
    /* The placeholder: under the header, at the section's depth, row -1,
     * the default row height. */
    CHECK_ITEM(t, 4, FOLD_ITEM_PLACEHOLDER, u, -1, FOLD_ITEM_FLAG_LOADING);
    memset(&item, 0, sizeof item);
    CHECK_STATUS(fold_table_item_at(t, 4, &item), FOLD_OK);
    CHECK_EQ_I64(item.depth, 0);
    CHECK_STR(geometry(t), "H:a/K@0+28 R:a.0@28+44 R:a.1@72+44 H:u/K@116+28 P:u/L@144+44 H:b/K@188+28 "
                           "R:b.0@216+44 =260");
    CHECK_STATUS(fold_table_item_top(t, 4, &top), FOLD_OK);
    CHECK_EQ_DBL(top, 144);
    CHECK_STATUS(fold_table_item_height(t, 4, &height), FOLD_OK);
    CHECK_EQ_DBL(height, 44);
    CHECK_STATUS(fold_table_item_at_offset(t, 144, &position, &place), FOLD_OK);
    CHECK_EQ_I64(position, 4);
    CHECK_EQ_I64(place, FOLD_OFFSET_IN_ITEM);
    CHECK_STATUS(fold_table_item_at_offset(t, 187.99, &position, &place), FOLD_OK);
    CHECK_EQ_I64(position, 4);
    CHECK_STATUS(fold_table_item_at_offset(t, 188, &position, &place), FOLD_OK);
    CHECK_EQ_I64(position, 5);
    CHECK_STATUS(fold_table_header_position(t, b, &position), FOLD_OK);
    CHECK_EQ_I64(position, 5);
    /* A viewport over it: header u, the placeholder, header b. */
    CHECK_STATUS(fold_table_visible_items(t, 140, 50, 0, visible, 4, &written, &total), FOLD_OK);
    CHECK_EQ_I64(written, 3);
    CHECK_EQ_I64(visible[1].position, 4);
    CHECK_EQ_I64(visible[1].kind, FOLD_ITEM_PLACEHOLDER);
    CHECK_EQ_I64(visible[1].section, u);
    CHECK_EQ_I64(visible[1].row, -1);
    CHECK_EQ_I64(visible[1].flags, FOLD_ITEM_FLAG_LOADING);
    CHECK_EQ_DBL(visible[1].top, 144);
    CHECK_EQ_DBL(visible[1].height, 44);
    CHECK_EQ_I64(visible[2].kind, FOLD_ITEM_HEADER);
    /* A placeholder never sticks: only u's header, pushed by nothing yet. */
    CHECK_STATUS(fold_table_sticky_headers(t, 150, sticky, 2, &written, &total), FOLD_OK);
    CHECK_EQ_I64(total, 1);
    CHECK_EQ_I64(sticky[0].position, 3);
    CHECK_EQ_DBL(sticky[0].top, 150);
    CHECK_STATUS(fold_table_sticky_headers(t, 170, sticky, 2, &written, &total), FOLD_OK);
    CHECK_EQ_DBL(sticky[0].top, 160); /* pushed up by u's end at 188 */
    /* Expanding again or activating a loading placeholder does nothing. */
    journal_clear(&j);
    check_changed(t, fold_table_expand, u, 0);
    check_activated(t, 4, FOLD_ACTIVATED_NOTHING);
    CHECK_STR(j.text, "");
    CHECK_EQ_I64(j.loader_calls, 1);
    fold_table_free(t);
}

void test_finish_inside_loader(void)
{
    journal j;
    fold_section_id a, u, b, x, y;
    fold_table *t = abu_table(&j, &a, &u, &b);
    /* Two rows, an unloaded subsection x, a subsection y with one row. */
    fold_snapshot_entry children[] = {snap_rows(0, 2), load_section(0, "x", FOLD_SECTION_UNLOADED),
                                      load_section(0, "y", 0), snap_rows(1, 1)};
    j.action = LOADER_FINISH;
    j.entries = children;
    j.entry_count = COUNT(children);

    check_changed(t, fold_table_expand, u, 1);
    /* The loader finished at once: a second change set replaces the
     * placeholder by the 5 items, after the first was told. */
    CHECK_STR(j.text, "will-expand u;did-expand u;set(c4-0+1 r3/1);start u #1;set(c4-1+5 r3/1);");
    CHECK_EQ_I64(j.status_count, 1);
    CHECK_EQ_I64(j.statuses[0], FOLD_OK);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K R:u.0 R:u.1 H:x/CK H:y/K R:y.0 H:b/K R:b.0");
    x = sec(t, "x");
    y = sec(t, "y");
    CHECK_LOAD(t, u, FOLD_LOAD_LOADED, 0);
    CHECK_LOAD(t, x, FOLD_LOAD_UNLOADED, 0);
    CHECK_LOAD(t, y, FOLD_LOAD_LOADED, 0);
    CHECK_EQ_I64(info(t, u).flags, FOLD_SECTION_COLLAPSIBLE);
    CHECK_EQ_I64(info(t, u).child_count, 4);
    CHECK_EQ_I64(info(t, u).row_count, 2);
    CHECK_EQ_I64(info(t, x).depth, 1);
    CHECK_EQ_I64(info(t, x).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE | FOLD_SECTION_UNLOADED);
    /* The subsection loads in its turn: ticket 2, a placeholder at depth 1. */
    j.action = LOADER_RECORD;
    journal_clear(&j);
    check_changed(t, fold_table_expand, x, 1);
    CHECK_STR(j.text, "will-expand x;did-expand x;set(c7-0+1 r6/1);start x #2;");
    CHECK_ITEM(t, 7, FOLD_ITEM_PLACEHOLDER, x, -1, FOLD_ITEM_FLAG_LOADING);
    fold_table_free(t);
}

void test_finish_later(void)
{
    journal j;
    fold_section_id a, u, b, v;
    fold_table *t = abu_table(&j, &a, &u, &b);
    fold_snapshot_entry rows[] = {snap_rows(0, 3)};
    fold_snapshot_report report;
    const char *before;

    check_changed(t, fold_table_expand, u, 1);
    journal_clear(&j);
    /* Stale tickets change nothing. */
    before = geometry(t);
    CHECK_STATUS(fold_table_finish_load(t, u, 0, rows, 1, NULL), FOLD_E_CANCELLED);
    CHECK_STATUS(fold_table_finish_load(t, u, 2, rows, 1, NULL), FOLD_E_CANCELLED);
    CHECK(strstr(fold_last_error_message(), "ticket 2 is not the current load of section \"u\": "
                                            "it is loading (ticket 1)") != NULL);
    CHECK_STR(geometry(t), before);
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 1);
    memset(&report, 0xff, sizeof report);
    CHECK_STATUS(fold_table_finish_load(t, u, 1, rows, 1, &report), FOLD_OK);
    CHECK_EQ_I64(report.rows_inserted, 3);
    CHECK_EQ_I64(report.sections_inserted, 0);
    CHECK_EQ_I64(report.sections_removed, 0);
    CHECK_EQ_I64(report.rows_removed, 0);
    CHECK_STR(j.text, "set(c4-1+3 r3/1);");
    CHECK_STR(geometry(t), "H:a/K@0+28 R:a.0@28+44 R:a.1@72+44 H:u/K@116+28 R:u.0@144+44 R:u.1@188+44 "
                           "R:u.2@232+44 H:b/K@276+28 R:b.0@304+44 =348");
    CHECK_LOAD(t, u, FOLD_LOAD_LOADED, 0);
    /* Its load is over: the same ticket again, or a failure, is refused. */
    CHECK_STATUS(fold_table_finish_load(t, u, 1, rows, 1, NULL), FOLD_E_CANCELLED);
    CHECK(strstr(fold_last_error_message(), "its children are loaded") != NULL);
    CHECK_STATUS(fold_table_fail_load(t, u, 1, "late"), FOLD_E_CANCELLED);
    CHECK_STATUS(fold_table_load(t, u), FOLD_E_NOT_ALLOWED);
    CHECK_EQ_I64(j.loader_calls, 1);
    /* A load with no children: an ordinary empty section, no indicator. */
    v = add_flagged(t, FOLD_ROOT, "v", "V", 0, FOLD_SECTION_UNLOADED);
    check_changed(t, fold_table_expand, v, 1);
    journal_clear(&j);
    CHECK_STATUS(fold_table_finish_load(t, v, 2, NULL, 0, NULL), FOLD_OK);
    CHECK_STR(j.text, "set(c10-1+0 r9/1);");
    CHECK_EQ_I64(info(t, v).flags, 0);
    CHECK_STR(text(t, v, FOLD_TEXT_INDICATOR), "");
    CHECK_ITEM(t, 9, FOLD_ITEM_HEADER, v, -1, 0);
    fold_table_free(t);
}

void test_fail_and_retry(void)
{
    journal j;
    fold_section_id a, u, b;
    fold_table *t = abu_table(&j, &a, &u, &b);
    fold_snapshot_entry rows[] = {snap_rows(0, 1)};

    check_changed(t, fold_table_expand, u, 1);
    journal_clear(&j);
    CHECK_STATUS(fold_table_fail_load(t, u, 1, "disk on fire"), FOLD_OK);
    CHECK_STR(j.text, "set(r4/1);");
    CHECK_ITEM(t, 4, FOLD_ITEM_PLACEHOLDER, u, -1, FOLD_ITEM_FLAG_FAILED);
    CHECK_LOAD(t, u, FOLD_LOAD_FAILED, 1);
    CHECK_STR(text(t, u, FOLD_TEXT_LOAD_ERROR), "disk on fire");
    /* It failed already. */
    CHECK_STATUS(fold_table_fail_load(t, u, 1, "again"), FOLD_E_CANCELLED);
    CHECK_STR(text(t, u, FOLD_TEXT_LOAD_ERROR), "disk on fire");
    /* Activating the failed placeholder retries: ticket 2. */
    journal_clear(&j);
    check_activated(t, 4, FOLD_ACTIVATED_LOAD_RETRIED);
    CHECK_STR(j.text, "set(r4/1);start u #2;");
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 2);
    CHECK_ITEM(t, 4, FOLD_ITEM_PLACEHOLDER, u, -1, FOLD_ITEM_FLAG_LOADING);
    CHECK_STATUS(fold_table_section_text(t, u, FOLD_TEXT_LOAD_ERROR, NULL, 0, NULL), FOLD_E_NOT_FOUND);
    /* The old ticket is over. */
    CHECK_STATUS(fold_table_finish_load(t, u, 1, rows, 1, NULL), FOLD_E_CANCELLED);
    /* A failure without a message, then fold_table_load retries: ticket 3. */
    CHECK_STATUS(fold_table_fail_load(t, u, 2, NULL), FOLD_OK);
    CHECK_STR(text(t, u, FOLD_TEXT_LOAD_ERROR), "");
    journal_clear(&j);
    CHECK_STATUS(fold_table_load(t, u), FOLD_OK);
    CHECK_STR(j.text, "set(r4/1);start u #3;");
    CHECK_STATUS(fold_table_load(t, u), FOLD_E_NOT_ALLOWED);
    CHECK(strstr(fold_last_error_message(), "it is loading (ticket 3)") != NULL);
    /* A late success after a failure is taken. */
    CHECK_STATUS(fold_table_fail_load(t, u, 3, "timeout"), FOLD_OK);
    journal_clear(&j);
    CHECK_STATUS(fold_table_finish_load(t, u, 3, rows, 1, NULL), FOLD_OK);
    CHECK_STR(j.text, "set(c4-1+1 r3/1);");
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K R:u.0 H:b/K R:b.0");
    CHECK_EQ_I64(j.loader_calls, 3);
    fold_table_free(t);
}

void test_collapse_cancels(void)
{
    journal j;
    fold_section_id a, u, b;
    fold_table *t = abu_table(&j, &a, &u, &b);
    fold_snapshot_entry rows[] = {snap_rows(0, 1)};
    const char *before;

    check_changed(t, fold_table_expand, u, 1);
    journal_clear(&j);
    check_changed(t, fold_table_collapse, u, 1);
    /* The placeholder goes with the collapse; CANCEL after the change set. */
    CHECK_STR(j.text, "will-collapse u;did-collapse u;set(c4-1+0 r3/1);cancel u #1;");
    CHECK_EQ_I64(j.last_event, FOLD_LOAD_CANCEL);
    CHECK_LOAD(t, u, FOLD_LOAD_UNLOADED, 0);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0");
    /* Late children are refused and change nothing. */
    journal_clear(&j);
    before = geometry(t);
    CHECK_STATUS(fold_table_finish_load(t, u, 1, rows, 1, NULL), FOLD_E_CANCELLED);
    CHECK(strstr(fold_last_error_message(), "it is not loading") != NULL);
    CHECK_STATUS(fold_table_fail_load(t, u, 1, "late"), FOLD_E_CANCELLED);
    CHECK_STR(geometry(t), before);
    CHECK_STR(j.text, "");
    /* Expanding again is a new load; collapsing a failed one cancels too. */
    check_changed(t, fold_table_toggle, u, 1);
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 2);
    CHECK_STATUS(fold_table_fail_load(t, u, 2, "x"), FOLD_OK);
    journal_clear(&j);
    check_changed(t, fold_table_toggle, u, 1);
    CHECK_STR(j.text, "will-collapse u;did-collapse u;set(c4-1+0 r3/1);cancel u #2;");
    CHECK_LOAD(t, u, FOLD_LOAD_UNLOADED, 0);
    CHECK_STATUS(fold_table_section_text(t, u, FOLD_TEXT_LOAD_ERROR, NULL, 0, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_finish_load(t, u, 2, rows, 1, NULL), FOLD_E_CANCELLED);
    /* Activating the header expands and loads: ticket 3. */
    journal_clear(&j);
    check_activated(t, 3, FOLD_ACTIVATED_SECTION_EXPANDED);
    CHECK_STR(j.text, "will-expand u;did-expand u;set(c4-0+1 r3/1);start u #3;");
    fold_table_free(t);
}

void test_remove_cancels(void)
{
    journal j;
    fold_table *t = must_table(NULL);
    fold_section_id p = add(t, FOLD_ROOT, "p", "P", 1);
    fold_section_id u1 = add_flagged(t, p, "u1", "U1", 0, FOLD_SECTION_UNLOADED);
    fold_section_id u2 = add_flagged(t, p, "u2", "U2", 0, FOLD_SECTION_UNLOADED);
    fold_section_id q = add(t, FOLD_ROOT, "q", "Q", 0);
    fold_section_id u3 = add_flagged(t, q, "u3", "U3", 0, FOLD_SECTION_UNLOADED);
    fold_snapshot_entry rows[] = {snap_rows(0, 1)};
    memset(&j, 0, sizeof j);
    journal_attach(t, &j);

    check_changed(t, fold_table_expand, u1, 1);
    check_changed(t, fold_table_expand, u2, 1);
    check_changed(t, fold_table_expand, u3, 1);
    CHECK_STATUS(fold_table_fail_load(t, u2, 2, "x"), FOLD_OK);
    CHECK_STR(layout(t), "H:p/K R:p.0 H:u1/K P:u1/L H:u2/K P:u2/F H:q/K H:u3/K P:u3/L");
    journal_clear(&j);
    /* Removing p cancels both loads inside it (loading and failed), in
     * list order, after the removal's change set. */
    CHECK_STATUS(fold_table_remove_section(t, p), FOLD_OK);
    CHECK_STR(j.text, "set(c0-6+0);cancel u1 #1;cancel u2 #2;");
    CHECK_STATUS(fold_table_finish_load(t, u1, 1, rows, 1, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_fail_load(t, u2, 2, "x"), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_load(t, u1), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_load_info(t, u1, &(fold_load_info){0}), FOLD_E_NOT_FOUND);
    /* Removing it as a child of q does the same. */
    journal_clear(&j);
    CHECK_STATUS(fold_table_remove_children(t, q, 0, 1), FOLD_OK);
    CHECK_STR(j.text, "set(c1-2+0 r0/1);cancel u3 #3;");
    CHECK_STATUS(fold_table_finish_load(t, u3, 3, rows, 1, NULL), FOLD_E_NOT_FOUND);
    CHECK_STR(layout(t), "H:q");
    CHECK_EQ_I64(j.loader_calls, 6);
    fold_table_free(t);
}

void test_free_cancels(void)
{
    journal j;
    fold_section_id a, u, b, v, w;
    fold_table *t = abu_table(&j, &a, &u, &b);
    v = add_flagged(t, FOLD_ROOT, "v", "V", 0, FOLD_SECTION_UNLOADED);
    w = add_flagged(t, a, "w", "W", 0, FOLD_SECTION_UNLOADED);
    check_changed(t, fold_table_expand, w, 1);
    check_changed(t, fold_table_expand, u, 1);
    check_changed(t, fold_table_expand, v, 1);
    CHECK_STATUS(fold_table_fail_load(t, u, 2, "x"), FOLD_OK);
    journal_clear(&j);
    /* One CANCEL per load under way (failed ones too), in ticket order,
     * before fold_table_free returns; no listener hears anything. */
    fold_table_free(t);
    CHECK_STR(j.text, "cancel w #1;cancel u #2;cancel v #3;");
    CHECK_EQ_I64(j.loader_calls, 6);

    /* A loader that frees its table on START: the free waits for the
     * outermost call, which first delivers the CANCEL. */
    t = abu_table(&j, &a, &u, &b);
    j.action = LOADER_FREE;
    check_changed(t, fold_table_expand, u, 1);
    CHECK_STR(j.text, "will-expand u;did-expand u;set(c4-0+1 r3/1);start u #1;cancel u #1;");
}

/* A loader that, on START of section i of `ids`, expands section i + 1 and
 * then finishes section i, measuring how deep its calls nest; on CANCEL it
 * frees the table (again: the table is being freed). */
typedef struct chain {
    fold_section_id ids[200];
    int n, depth, deepest, starts, cancels;
    int32_t worst;
} chain;

static void chain_loader(fold_table *t, fold_section_id section, const char *key, uint64_t ticket,
                         int32_t event, void *user_data)
{
    chain *c = user_data;
    int i, changed = 0;
    int32_t st;
    (void)key;
    if (++c->depth > c->deepest) c->deepest = c->depth;
    if (event == FOLD_LOAD_CANCEL) {
        c->cancels++;
        fold_table_free(t);
    } else {
        c->starts++;
        for (i = 0; i < c->n && c->ids[i] != section; i++) {
        }
        if (i + 1 < c->n) {
            st = fold_table_expand(t, c->ids[i + 1], &changed);
            if (st != FOLD_OK) c->worst = st;
        }
        st = fold_table_finish_load(t, section, ticket, NULL, 0, NULL);
        if (st != FOLD_OK) c->worst = st;
    }
    c->depth--;
}

/* A section listener that tries to finish the load it hears of. */
static int finish_from_listener(fold_table *t, fold_section_id section, const char *key, int32_t event,
                                void *user_data)
{
    int32_t *statuses = user_data;
    fold_load_info li;
    (void)key;
    if (event == FOLD_SECTION_DID_EXPAND) {
        memset(&li, 0, sizeof li);
        statuses[0] = fold_table_load_info(t, section, &li);
        statuses[1] = li.state;
        statuses[2] = (int32_t)li.ticket;
        statuses[3] = fold_table_finish_load(t, section, li.ticket, NULL, 0, NULL);
    }
    return 1;
}

void test_hostile_loaders(void)
{
    journal j;
    fold_section_id a, u, b;
    fold_table *t = abu_table(&j, &a, &u, &b);
    fold_snapshot_entry rows[] = {snap_rows(0, 1)};
    int32_t statuses[4] = {9, 9, 9, 9};
    int64_t listener = 0;

    /* Finishing twice: the second is refused. */
    j.action = LOADER_FINISH_TWICE;
    j.entries = rows;
    j.entry_count = 1;
    check_changed(t, fold_table_expand, u, 1);
    CHECK_EQ_I64(j.status_count, 2);
    CHECK_EQ_I64(j.statuses[0], FOLD_OK);
    CHECK_EQ_I64(j.statuses[1], FOLD_E_CANCELLED);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K R:u.0 H:b/K R:b.0");
    fold_table_free(t);

    /* Removing the section from inside START: CANCEL follows; the
     * finish after it finds no section. */
    t = abu_table(&j, &a, &u, &b);
    j.action = LOADER_REMOVE;
    j.entries = rows;
    j.entry_count = 1;
    check_changed(t, fold_table_expand, u, 1);
    CHECK_STR(j.text, "will-expand u;did-expand u;set(c4-0+1 r3/1);start u #1;set(c3-2+0);cancel u #1;");
    CHECK_EQ_I64(j.statuses[0], FOLD_OK);
    CHECK_EQ_I64(j.statuses[1], FOLD_E_NOT_FOUND);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:b/K R:b.0");
    fold_table_free(t);

    /* Inside a listener the load can be read, not finished (busy). */
    t = abu_table(NULL, &a, &u, &b);
    CHECK_STATUS(fold_table_add_section_listener(t, finish_from_listener, statuses, &listener), FOLD_OK);
    check_changed(t, fold_table_expand, u, 1);
    CHECK_EQ_I64(statuses[0], FOLD_OK);
    CHECK_EQ_I64(statuses[1], FOLD_LOAD_LOADING);
    CHECK_EQ_I64(statuses[2], 1);
    CHECK_EQ_I64(statuses[3], FOLD_E_BUSY);
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 1);
    /* Without a loader the load waits all the same. */
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K P:u/L H:b/K R:b.0");
    CHECK_STATUS(fold_table_finish_load(t, u, 1, rows, 1, NULL), FOLD_OK);
    fold_table_free(t);

    /* A chain of 200 loads, each started from the loader of the one before:
     * the calls come one after another (a loop), never inside each other. */
    {
        chain c;
        char key[16];
        int i;
        memset(&c, 0, sizeof c);
        t = must_table(NULL);
        for (i = 0; i < 200; i++) {
            snprintf(key, sizeof key, "c%d", i);
            c.ids[i] = add_flagged(t, FOLD_ROOT, key, key, 0, FOLD_SECTION_UNLOADED);
        }
        c.n = 200;
        CHECK_STATUS(fold_table_set_loader(t, chain_loader, &c), FOLD_OK);
        check_changed(t, fold_table_expand, c.ids[0], 1);
        CHECK_EQ_I64(c.starts, 200);
        CHECK_EQ_I64(c.deepest, 1);
        CHECK_EQ_I64(c.worst, FOLD_OK);
        CHECK_LOAD(t, c.ids[199], FOLD_LOAD_LOADED, 0);
        CHECK_EQ_I64(item_count(t), 200);
        /* Freed with three loads under way, by a loader that frees it again
         * on each CANCEL: three CANCELs, one free. */
        for (i = 0; i < 3; i++) {
            snprintf(key, sizeof key, "d%d", i);
            c.ids[i] = add_flagged(t, FOLD_ROOT, key, key, 0, FOLD_SECTION_UNLOADED);
        }
        CHECK_STATUS(fold_table_set_loader(t, NULL, NULL), FOLD_OK);
        for (i = 0; i < 3; i++) check_changed(t, fold_table_expand, c.ids[i], 1);
        CHECK_STATUS(fold_table_set_loader(t, chain_loader, &c), FOLD_OK);
        fold_table_free(t);
        CHECK_EQ_I64(c.cancels, 3);
        CHECK_EQ_I64(c.starts, 200);
    }

    /* Replacing the loader: the old one is never called again. */
    t = abu_table(&j, &a, &u, &b);
    CHECK_STATUS(fold_table_set_loader(t, NULL, NULL), FOLD_OK);
    check_changed(t, fold_table_expand, u, 1);
    check_changed(t, fold_table_collapse, u, 1);
    CHECK_EQ_I64(j.loader_calls, 0);
    fold_table_free(t);
}

/* Refuses every "will expand". */
static int refuse_expand(fold_table *t, fold_section_id section, const char *key, int32_t event,
                         void *user_data)
{
    (void)t;
    (void)section;
    (void)key;
    (void)user_data;
    return event != FOLD_SECTION_WILL_EXPAND;
}

void test_bulk_and_refusal(void)
{
    journal j;
    fold_section_id a, u, b, c;
    fold_table *t = abu_table(&j, &a, &u, &b);
    int64_t changed = -1, position = -1, listener = 0;
    c = add_flagged(t, FOLD_ROOT, "c", "C", 1, FOLD_SECTION_COLLAPSED);

    /* Expanding everything leaves the unloaded section as it is. */
    CHECK_STATUS(fold_table_expand_all(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_LOAD(t, u, FOLD_LOAD_UNLOADED, 0);
    CHECK_EQ_I64(j.loader_calls, 0);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0 H:c/K R:c.0");
    /* Collapsing everything cancels the loads. */
    check_changed(t, fold_table_expand, u, 1);
    journal_clear(&j);
    CHECK_STATUS(fold_table_collapse_all(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 4);
    CHECK(strstr(j.text, "cancel u #1;") != NULL);
    CHECK_LOAD(t, u, FOLD_LOAD_UNLOADED, 0);
    /* An unloaded section has no rows to reveal. */
    CHECK_STATUS(fold_table_reveal_row(t, u, 0, 1, &position), FOLD_E_RANGE);
    /* A refused "will expand" starts no load. */
    CHECK_STATUS(fold_table_add_section_listener(t, refuse_expand, NULL, &listener), FOLD_OK);
    journal_clear(&j);
    check_changed(t, fold_table_expand, u, 0);
    CHECK_STATUS(fold_table_load(t, u), FOLD_E_NOT_ALLOWED);
    CHECK(strstr(fold_last_error_message(), "refused") != NULL);
    CHECK_LOAD(t, u, FOLD_LOAD_UNLOADED, 0);
    CHECK_STR(j.text, "will-expand u;will-expand u;");
    CHECK_EQ_I64(j.loader_calls, 2);
    (void)c;
    fold_table_free(t);
}
