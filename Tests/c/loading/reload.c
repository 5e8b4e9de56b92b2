/*
 * reload.c — fold_table_reload through the C ABI: the children stay shown
 * while the loader is asked again, the new ones are reconciled by key
 * (kept sections keep their id and state), every load state, failures that
 * change nothing, FOLD_E_BUSY inside a listener, and a section inserted
 * UNLOADED | EXPANDED that loads at once.
 */
#include "loading.h"

/* The moves of the last change set, as "from>to/count;" each. */
static char moves_text[256];
static void record_moves(fold_table *t, const fold_change_set *set, void *data)
{
    (void)t;
    (void)data;
    moves_text[0] = '\0';
    for (int64_t i = 0; i < set->move_count; i++) {
        size_t used = strlen(moves_text);
        snprintf(moves_text + used, sizeof moves_text - used, "%lld>%lld/%lld;", (long long)set->moves[i].from,
                 (long long)set->moves[i].to, (long long)set->moves[i].count);
    }
}

/* u loaded with x (1 row), y (2 rows), z (1 row); y collapsed.
 *   H:a R:a.0 R:a.1 H:u H:x R:x.0 H:y/C H:z R:z.0 H:b R:b.0 */
static fold_table *loaded_folder(journal *j, fold_section_id *u)
{
    fold_section_id a, b, y;
    fold_table *t = abu_table(j, &a, u, &b);
    fold_snapshot_entry kids[] = {load_section(0, "x", 0), snap_rows(1, 1), load_section(0, "y", 0),
                                  snap_rows(1, 2), load_section(0, "z", 0), snap_rows(1, 1)};
    CHECK_STATUS(fold_table_load(t, *u), FOLD_OK);
    CHECK_STATUS(fold_table_finish_load(t, *u, 1, kids, 6, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_find_section(t, "y", &y), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, y, NULL), FOLD_OK);
    journal_clear(j);
    return t;
}

static void test_reload_reconciles_by_key(void)
{
    journal j;
    fold_section_id u, x, z, n;
    fold_table *t = loaded_folder(&j, &u);
    CHECK_STATUS(fold_table_find_section(t, "x", &x), FOLD_OK);
    CHECK_STATUS(fold_table_find_section(t, "z", &z), FOLD_OK);
    const char *shown = "H:a/K R:a.0 R:a.1 H:u/K H:x/K R:x.0 H:y/CK H:z/K R:z.0 H:b/K R:b.0";
    CHECK_STR(layout(t), shown);

    /* The children stay; the header is redrawn; then START. */
    CHECK_STATUS(fold_table_reload(t, u), FOLD_OK);
    CHECK_STR(j.text, "set(r3/1);start u #2;");
    CHECK_LOAD(t, u, FOLD_LOAD_RELOADING, 2);
    CHECK_STR(layout(t), shown);

    /* z first and listed without children (it keeps its row), x again,
     * y gone, n new: y and z go in one step, z comes back at 4, n at 8;
     * z is reported as a move (its 2 items from 7 to 4) and redrawn there. */
    CHECK_STATUS(fold_table_add_change_listener(t, record_moves, NULL, NULL), FOLD_OK);
    journal_clear(&j);
    fold_snapshot_entry kids[] = {load_section(0, "z", FOLD_SECTION_UNLOADED), load_section(0, "x", 0),
                                  snap_rows(1, 1), load_section(0, "n", 0), snap_rows(1, 3)};
    fold_snapshot_report r;
    CHECK_STATUS(fold_table_finish_load(t, u, 2, kids, 5, &r), FOLD_OK);
    CHECK_STR(j.text, "set(c6-3+0 c4-0+2 c8-0+4 r3/3);");
    CHECK_STR(moves_text, "7>4/2;");
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K H:z/K R:z.0 H:x/K R:x.0 H:n/K R:n.0 R:n.1 R:n.2 H:b/K R:b.0");
    CHECK_EQ_I64(r.sections_inserted, 1);
    CHECK_EQ_I64(r.sections_removed, 1);
    CHECK_EQ_I64(r.sections_moved, 1);
    CHECK_EQ_I64(r.sections_kept, 2);
    CHECK_EQ_I64(r.rows_inserted, 3);
    CHECK_EQ_I64(r.rows_removed, 2);
    CHECK_LOAD(t, u, FOLD_LOAD_LOADED, 0);
    fold_section_id again;
    CHECK_STATUS(fold_table_find_section(t, "x", &again), FOLD_OK);
    CHECK_EQ_I64(again, x);
    CHECK_STATUS(fold_table_find_section(t, "z", &again), FOLD_OK);
    CHECK_EQ_I64(again, z);
    CHECK_STATUS(fold_table_find_section(t, "y", &n), FOLD_E_NOT_FOUND);
    /* The ticket is over. */
    CHECK_STATUS(fold_table_finish_load(t, u, 2, kids, 5, NULL), FOLD_E_CANCELLED);
    CHECK_STR(fold_last_error_message(), "ticket 2 is not the current load of section \"u\": its children are loaded");
    fold_table_free(t);
}

static void test_reload_states(void)
{
    journal j;
    fold_section_id a, u, b;
    fold_table *t = abu_table(&j, &a, &u, &b);
    /* Unloaded: nothing to reload; nothing changes. */
    CHECK_STATUS(fold_table_reload(t, u), FOLD_E_NOT_ALLOWED);
    CHECK_STR(fold_last_error_message(), "section \"u\" cannot be reloaded: its children are not loaded yet "
                                         "(expanding it, or fold_table_load, loads them)");
    CHECK_STR(j.text, "");
    CHECK_LOAD(t, u, FOLD_LOAD_UNLOADED, 0);
    /* Loading: the load is replaced. */
    CHECK_STATUS(fold_table_load(t, u), FOLD_OK);
    journal_clear(&j);
    CHECK_STATUS(fold_table_reload(t, u), FOLD_OK);
    CHECK_STR(j.text, "cancel u #1;start u #2;");
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 2);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K P:u/L H:b/K R:b.0");
    /* Failed: retried. */
    CHECK_STATUS(fold_table_fail_load(t, u, 2, "offline"), FOLD_OK);
    journal_clear(&j);
    CHECK_STATUS(fold_table_reload(t, u), FOLD_OK);
    CHECK_STR(j.text, "set(r4/1);start u #3;");
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 3);
    /* Reloading: replaced; a failed reload keeps the children. */
    fold_snapshot_entry one = snap_rows(0, 1);
    CHECK_STATUS(fold_table_finish_load(t, u, 3, &one, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_reload(t, u), FOLD_OK);
    journal_clear(&j);
    CHECK_STATUS(fold_table_reload(t, u), FOLD_OK);
    CHECK_STR(j.text, "set(r3/1);cancel u #4;start u #5;");
    CHECK_STATUS(fold_table_fail_load(t, u, 4, "late"), FOLD_E_CANCELLED);
    journal_clear(&j);
    CHECK_STATUS(fold_table_fail_load(t, u, 5, "offline"), FOLD_OK);
    CHECK_STR(j.text, "set(r3/1);");
    CHECK_LOAD(t, u, FOLD_LOAD_LOADED, 0);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K R:u.0 H:b/K R:b.0");
    /* Bad input. */
    CHECK_STATUS(fold_table_reload(NULL, u), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_reload(t, FOLD_ROOT), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "FOLD_ROOT names the top level, not a section; pass a section id");
    CHECK_STATUS(fold_table_reload(t, 999), FOLD_E_NOT_FOUND);
    /* A section removed while reloading gets CANCEL; so does one in a freed table. */
    CHECK_STATUS(fold_table_reload(t, u), FOLD_OK);
    journal_clear(&j);
    CHECK_STATUS(fold_table_remove_section(t, u), FOLD_OK);
    CHECK_STR(j.text, "set(c3-2+0);cancel u #6;");
    CHECK_STATUS(fold_table_reload(t, a), FOLD_OK);  /* an ordinary section: the loader is asked */
    journal_clear(&j);
    fold_table_free(t);
    CHECK_STR(j.text, "cancel a #7;");
}

static void reload_in_listener(fold_table *t, const fold_change_set *set, void *data)
{
    (void)set;
    fold_section_id *u = data;
    CHECK_STATUS(fold_table_reload(t, *u), FOLD_E_BUSY);
}

static void test_reload_busy_and_failures_change_nothing(void)
{
    journal j;
    fold_section_id u;
    fold_table *t = loaded_folder(&j, &u);
    CHECK_STATUS(fold_table_reload(t, u), FOLD_OK);
    const char *before = geometry(t);
    char saved[1024];
    snprintf(saved, sizeof saved, "%s", before);
    uint64_t version_before, version_after;
    CHECK_STATUS(fold_table_structure_version(t, &version_before), FOLD_OK);
    journal_clear(&j);
    /* "b" is a top-level section: not among u's children. */
    fold_snapshot_entry elsewhere[] = {load_section(0, "x", 0), load_section(0, "b", 0)};
    CHECK_STATUS(fold_table_finish_load(t, u, 2, elsewhere, 2, NULL), FOLD_E_DUPLICATE);
    CHECK_STR(fold_last_error_message(), "load entry 1: a section with the key \"b\" already exists outside the "
                                         "children it is matched among (a reload matches a section among its old "
                                         "siblings only)");
    fold_snapshot_entry deep[] = {snap_rows(0, 1), snap_rows(2, 1)};
    CHECK_STATUS(fold_table_finish_load(t, u, 2, deep, 2, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_finish_load(t, u, 2, NULL, 1, NULL), FOLD_E_INVALID);
    CHECK_STR(j.text, "");
    CHECK_STR(geometry(t), saved);
    CHECK_STATUS(fold_table_structure_version(t, &version_after), FOLD_OK);
    CHECK_EQ_I64(version_after, version_before);
    CHECK_LOAD(t, u, FOLD_LOAD_RELOADING, 2);
    /* Inside a change listener: FOLD_E_BUSY, and the reload still waits. */
    int64_t l;
    CHECK_STATUS(fold_table_add_change_listener(t, reload_in_listener, &u, &l), FOLD_OK);
    fold_snapshot_entry none = snap_rows(0, 0);
    CHECK_STATUS(fold_table_finish_load(t, u, 2, &none, 1, NULL), FOLD_OK);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u H:b/K R:b.0"); /* empty: not collapsible */
    CHECK_LOAD(t, u, FOLD_LOAD_LOADED, 0);
    fold_table_free(t);
}

static void test_insert_unloaded_expanded(void)
{
    journal j;
    fold_section_id a, u, b, e;
    fold_table *t = abu_table(&j, &a, &u, &b);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "e", "e",
                                           0, FOLD_SECTION_UNLOADED | FOLD_SECTION_EXPANDED, &e), FOLD_OK);
    /* One change set (header and placeholder), no section events, then START. */
    CHECK_STR(j.text, "set(c6-0+2);start e #1;");
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0 H:e/K P:e/L");
    CHECK_LOAD(t, e, FOLD_LOAD_LOADING, 1);
    fold_snapshot_entry two = snap_rows(0, 2);
    CHECK_STATUS(fold_table_finish_load(t, e, 1, &two, 1, NULL), FOLD_OK);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/CK H:b/K R:b.0 H:e/K R:e.0 R:e.1");
    /* Inside an unloaded parent: still FOLD_E_NOT_ALLOWED, nothing changes. */
    journal_clear(&j);
    CHECK_STATUS(fold_table_insert_section(t, u, 0, "f", "f", 0, FOLD_SECTION_UNLOADED | FOLD_SECTION_EXPANDED, NULL),
                 FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "f", "f", 0,
                                           FOLD_SECTION_UNLOADED | FOLD_SECTION_EXPANDED | FOLD_SECTION_FIXED, NULL),
                 FOLD_E_INVALID);
    CHECK_STR(j.text, "");
    fold_table_free(t);
}

/* What the header says an app does for saved state below sections not
 * loaded yet: import it, and again once a load finished. */
static void test_saved_state_below_unloaded(void)
{
    journal j;
    fold_section_id a, u, b, x;
    fold_table *t = abu_table(&j, &a, &u, &b);
    const char *saved = "{\"version\": 1, \"collapsed\": {\"u\": false, \"u/x\": false}}";
    fold_import_report r;
    CHECK_STATUS(fold_table_import_state(t, saved, &r), FOLD_OK);
    CHECK_EQ_I64(r.unknown_sections, 1); /* u/x is not loaded: not kept */
    CHECK_LOAD(t, u, FOLD_LOAD_LOADING, 1);
    fold_snapshot_entry kids[] = {load_section(0, "u/x", FOLD_SECTION_UNLOADED)};
    CHECK_STATUS(fold_table_finish_load(t, u, 1, kids, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_find_section(t, "u/x", &x), FOLD_OK);
    CHECK_LOAD(t, x, FOLD_LOAD_UNLOADED, 0);
    journal_clear(&j);
    CHECK_STATUS(fold_table_import_state(t, saved, &r), FOLD_OK);
    CHECK_EQ_I64(r.unknown_sections, 0);
    CHECK_LOAD(t, x, FOLD_LOAD_LOADING, 2);
    CHECK_STR(layout(t), "H:a/K R:a.0 R:a.1 H:u/K H:u/x/K P:u/x/L H:b/K R:b.0");
    fold_table_free(t);
}

void test_reload(void)
{
    test_reload_reconciles_by_key();
    test_reload_states();
    test_reload_busy_and_failures_change_nothing();
    test_insert_unloaded_expanded();
    test_saved_state_below_unloaded();
}
