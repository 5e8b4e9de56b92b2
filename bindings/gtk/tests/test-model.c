/*
 * test-model.c — FoldListModel's signals against snapshot diffs (ctest
 * gtk-model and gtk-model-import): main() builds the table and the model,
 * then runs the parts in tests/model/ in order on them (model-test.h).
 *
 * Needs no display: GListModel is plain GObject. The test holds every item
 * the model hands out, like a view that shows all of them (`held`, in list
 * order, kept up to date from items-changed), and remembers for each item
 * the property values it last saw, updated only from notify signals. For
 * each mutation — made through the fold_list_model_* functions or directly
 * with fold_table_* on the table — it takes a full snapshot of the model
 * before and after (every item's identity and state, read through
 * get_item), records the model's signals and, with a listener of its own,
 * the engine's change set, and checks that
 *   1. replaying the signals on the old list (removing, then fetching the
 *      added items from the model inside the handler; applying each notify
 *      to the remembered values) gives the new list exactly: the same
 *      objects get_item hands out now, every remembered value equal to the
 *      item's value (no notify missing), each notify a change (none
 *      spurious), "position" the item's index; get_n_items and n-items
 *      follow the signals (one notify::n-items after each items-changed
 *      that changes the count);
 *   2. the engine's steps turn the old list into the new one (kept items keep
 *      their identity, and the model keeps their objects: the same
 *      FoldListItem before and after); a single step is the minimal splice of
 *      the identities (common prefix and suffix of old and new);
 *   3. the engine's redraw ranges are exactly the kept items whose state
 *      changed — no more, no fewer;
 *   4. the model emitted the change set's steps and nothing else: each step
 *      in order (or one covering splice when a later step removes items, see
 *      fold-list-model.h); redraws are notifications only, after the steps;
 *   5. inside the handlers (items-changed and notify) the table refuses
 *      changes (FOLD_E_BUSY).
 * Every item of every snapshot carries its section's id (the id of its key),
 * and a header's description includes its section's row count, so a header
 * that shows a count must be redrawn when it changes.
 *
 * Checks go through Tests/c/check.h (one count per check; the last line is
 * "N passed, N failed") and the shared fixtures of Tests/c/fixture.h (sec,
 * top, info, row_count, text, ...).
 *
 *   model/tracking.c   the list as the test holds it, notify bookkeeping
 *   model/replay.c     begin() and finish(): checks 1 to 4 for one mutation
 *   model/app-data.c   the app's row data, text func and callbacks
 *   model/items.c      what the model hands out
 *   model/activate.c   changes through the model
 *   model/errors.c     refused changes and GErrors
 *   model/direct.c     changes made on the table
 *   model/random.c     random runs, threads, a 100,000-row model
 *   model/held.c       held items follow their rows (own tables; support/shadow.c)
 */
#include "model/model-test.h"

int
main(void)
{
    fold_table *table = new_table(NULL);
    if (!table)
        return check_done();
    /* a: 3 rows, subsections a1 (4 rows), a2 (2 rows, nested a2x with 3 rows);
     * b: 5 rows; c: empty; d: 2 rows with a subsection d1 (2 rows). */
    fold_section_id a = add(table, FOLD_ROOT, "a", "Alpha|first", 3);
    fold_section_id a1 = add(table, a, "a1", "A one", 4);
    fold_section_id a2 = add(table, a, "a2", "A two|nested", 2);
    fold_section_id a2x = add(table, a2, "a2x", "A two x", 3);
    fold_section_id b = add(table, FOLD_ROOT, "b", "Beta", 5);
    fold_section_id c = add(table, FOLD_ROOT, "c", "Gamma (empty)", 0);
    fold_section_id d = add(table, FOLD_ROOT, "d", "Delta", 2);
    fold_section_id d1 = add(table, d, "d1", "D one", 2);
    const fold_section_id expandable[] = {a, a1, a2, a2x, b, d, d1};
    for (size_t k = 0; k < G_N_ELEMENTS(expandable); k++) {
        int64_t rows = row_count(table, expandable[k]);
        for (int64_t r = 0; r < rows; r++)
            OK(fold_table_set_row_expanded_height(table, expandable[k], r, 100 + 10 * (double)r));
    }
    /* one row that cannot expand */
    OK(fold_table_set_row_expanded_height(table, b, 4, FOLD_HEIGHT_DEFAULT));

    labels = g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                                   (GDestroyNotify)g_ptr_array_unref);
    strict = g_strcmp0(g_getenv("TEST_MODEL_STRICT"), "1") == 0;
    const char *initial[] = {"a", "a1", "a2", "a2x", "b", "c", "d", "d1"};
    for (size_t k = 0; k < G_N_ELEMENTS(initial); k++)
        data_insert(initial[k], 0, row_count(table, sec(table, initial[k])), TRUE);
    model = fold_list_model_new(table, (GDestroyNotify)fold_table_free);
    int text_calls = 0;
    fold_list_model_set_text_func(model, row_text, &text_calls, NULL);
    signals = g_array_new(FALSE, FALSE, sizeof(Signal));
    held = g_ptr_array_new_with_free_func(g_object_unref);
    notes = g_array_new(FALSE, FALSE, sizeof(Note));
    observed_quark = g_quark_from_static_string("test-model-observed");
    eng_changes = g_array_new(FALSE, FALSE, sizeof(fold_change));
    eng_redraw = g_array_new(FALSE, FALSE, sizeof(fold_range));
    g_signal_connect(model, "items-changed", G_CALLBACK(on_items_changed), NULL);
    g_signal_connect(model, "notify::n-items", G_CALLBACK(on_n_items), NULL);
    /* The test holds every item, like a view that shows them all. */
    for (guint i = 0; i < g_list_model_get_n_items(G_LIST_MODEL(model)); i++)
        hold(g_list_model_get_item(G_LIST_MODEL(model), i), i);
    int64_t test_listener = 0;
    OK(fold_table_add_change_listener(table, on_engine_change, NULL, &test_listener));

    ModelTest m = {table, a, a1, a2, a2x, b, c, d, d1, &text_calls};
    test_items(&m);
    test_activate(&m);
    test_refusals(&m);
    test_direct(&m);
    test_random(&m);
    test_held();

    OK(fold_table_remove_listener(table, test_listener));
    g_object_unref(model); /* frees the table */
    g_array_unref(signals);
    g_array_unref(eng_changes);
    g_array_unref(eng_redraw);
    if (eng_moves)
        g_array_unref(eng_moves);
    g_ptr_array_unref(held);
    g_array_unref(notes);
    g_hash_table_unref(labels);
    if (extra_added || extra_unchanged)
        printf("note: the engine redrew %u item(s) added by the same change set and %u kept "
               "item(s) whose state did not change (harmless extra rebinds; first: %s)\n",
               extra_added, extra_unchanged, first_extra);
    /* Moves kept their objects (the direct moves and the random batches). */
    printf("moved items kept as the same objects: %u\n", moves_seen);
    CHECK(moves_seen > 0);
    return check_done();
}
