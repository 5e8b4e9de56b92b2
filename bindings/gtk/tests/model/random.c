/*
 * random.c — the long runs: random activations under each accordion
 * policy, random direct mutations (TEST_MODEL_IMPORT_RANDOM=1 mixes
 * import_state in: ctest gtk-model-import), a change made on another
 * thread (shown from the main loop), a second model dropped, and a 100,000-row model
 * where only the items held cost work.
 */
#include "model-test.h"

static char *
index_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)key;
    (*(int *)user_data)++;
    return g_strdup_printf("row %" G_GINT64_FORMAT, row);
}

/* The model caches only the items handed out: over 100,000 rows, with ten
 * items held, a change costs work for those ten only (the text func, which
 * is index-based here, is asked again only for the rows whose index
 * changed), the objects stay the same through collapses and insertions
 * above them, and items dropped by everyone are gone. */
static void
test_big_table(void)
{
    fold_table *big = new_table(NULL);
    if (!big)
        return;
    fold_section_id top_id = add(big, FOLD_ROOT, "top", "Top", 3);
    fold_section_id big_id = add(big, FOLD_ROOT, "big", "Big|many", 100000);
    FoldListModel *m = fold_list_model_new(big, (GDestroyNotify)fold_table_free);
    int calls = 0;
    fold_list_model_set_text_func(m, index_text, &calls, NULL);
    guint signals_seen = 0, n_items_seen = 0, notes_seen = 0;
    g_signal_connect_swapped(m, "items-changed", G_CALLBACK(count_signal), &signals_seen);
    g_signal_connect_swapped(m, "notify::n-items", G_CALLBACK(count_signal), &n_items_seen);
    CHECK(g_list_model_get_n_items(G_LIST_MODEL(m)) == 1 + 3 + 1 + 100000);
    FoldListItem *items[10];
    gboolean gone[10];
    for (guint i = 0; i < 10; i++) {
        items[i] = g_list_model_get_item(G_LIST_MODEL(m), 4 + i); /* Big's header, rows 0..8 */
        gone[i] = FALSE;
        g_object_weak_ref(G_OBJECT(items[i]), set_flag, &gone[i]);
        g_signal_connect_swapped(items[i], "notify", G_CALLBACK(count_signal), &notes_seen);
    }
    CHECK(calls == 9);
    CHECK(fold_list_item_get_kind(items[0]) == FOLD_ITEM_KIND_HEADER);
    CHECK_STR(fold_list_item_get_title(items[9]), "row 8");
    /* Asked again: the same objects, nothing read again. */
    for (guint i = 0; i < 10; i++) {
        FoldListItem *again = g_list_model_get_item(G_LIST_MODEL(m), 4 + i);
        CHECK(again == items[i]);
        g_object_unref(again);
    }
    CHECK(calls == 9);

    /* Top collapses: 3 items go, the ten move up (notify::position each). */
    OK(fold_table_collapse(big, top_id, NULL));
    CHECK(signals_seen == 1 && n_items_seen == 1 && notes_seen == 10);
    CHECK(calls == 9);
    for (guint i = 0; i < 10; i++) {
        FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(m), 1 + i);
        CHECK(now == items[i] && fold_list_item_get_position(now) == 1 + i);
        g_object_unref(now);
    }
    OK(fold_table_expand(big, top_id, NULL));
    CHECK(signals_seen == 2 && n_items_seen == 2 && notes_seen == 20);
    CHECK(calls == 9);

    /* 5 rows inserted above them: each row held moves (position), gets its
     * new index (row) and the text func's answer for it (title): 27
     * notifications, 9 calls; the header does not move and, though the
     * engine redraws it (its row count), shows nothing new. */
    OK(fold_table_insert_rows(big, big_id, 0, 5, NULL));
    CHECK(signals_seen == 3 && n_items_seen == 3 && notes_seen == 20 + 27);
    CHECK(calls == 18);
    CHECK(fold_list_item_get_row(items[1]) == 5 && fold_list_item_get_position(items[1]) == 10);
    CHECK_STR(fold_list_item_get_title(items[1]), "row 5");
    FoldListItem *moved = g_list_model_get_item(G_LIST_MODEL(m), 10);
    CHECK(moved == items[1]);
    g_object_unref(moved);
    CHECK(calls == 18);

    /* Dropped by everyone: gone from the cache; asked for again, a new
     * item is built (one text call). */
    for (guint i = 0; i < 10; i++)
        g_object_unref(items[i]);
    guint freed = 0;
    for (guint i = 0; i < 10; i++)
        freed += gone[i];
    CHECK(freed == 10);
    FoldListItem *fresh = g_list_model_get_item(G_LIST_MODEL(m), 10);
    CHECK(calls == 19 && fold_list_item_get_row(fresh) == 5);
    /* The model goes first: its items stay valid, detached. */
    g_object_unref(m);
    CHECK(fold_list_item_get_row(fresh) == 5);
    g_object_unref(fresh);
}

static gpointer
mutate_elsewhere(gpointer data)
{
    fold_table *table = data;
    OK(fold_table_insert_rows(table, sec(table, "t"), 0, 2, NULL));
    return NULL;
}

/* Keys of every section under `parent` (FOLD_ROOT: all), in list order. */
static GPtrArray *
all_keys(fold_table *table, fold_section_id parent, GPtrArray *into)
{
    if (!into)
        into = g_ptr_array_new_with_free_func(g_free);
    int64_t children = 0;
    if (fold_table_child_count(table, parent, &children) != FOLD_OK)
        return into;
    for (int64_t i = 0; i < children; i++) {
        int32_t kind = -1;
        fold_section_id child = 0;
        if (fold_table_child_at(table, parent, i, &kind, &child, NULL) == FOLD_OK &&
            kind == FOLD_CHILD_SECTION) {
            g_ptr_array_add(into, g_strdup(text(table, child, FOLD_TEXT_KEY)));
            all_keys(table, child, into);
        }
    }
    return into;
}

static int new_keys;

/* One random direct mutation; describes it in `what`. Failing calls (a
 * section that cannot move there, a fixed section collapsed, say) are fine:
 * they change nothing. */
static void
random_mutation(fold_table *table, GRand *rng, char *what, size_t size)
{
    GPtrArray *keys = all_keys(table, FOLD_ROOT, NULL);
    if (keys->len == 0) {
        g_snprintf(what, size, "append section n%d", new_keys);
        char key[32];
        g_snprintf(key, sizeof key, "n%d", new_keys++);
        data_insert(key, 0, 3, TRUE);
        add(table, FOLD_ROOT, key, "New", 3);
        g_ptr_array_unref(keys);
        return;
    }
    const char *key = g_ptr_array_index(keys, g_rand_int_range(rng, 0, (gint32)keys->len));
    fold_section_id id = sec(table, key);
    fold_section_info si = info(table, id);
    int64_t rows = si.row_count, children = si.child_count, sections = section_count(table);
    int64_t row = rows ? g_rand_int_range(rng, 0, (gint32)rows) : 0;
    int status = FOLD_OK;
    /* TEST_MODEL_IMPORT_RANDOM=1 (ctest gtk-model-import) mixes random
     * import_state calls in; they draw other random numbers, so the run
     * takes another course (with other sections removed) than gtk-model's. */
    static int kinds = 0;
    if (!kinds)
        kinds = g_strcmp0(g_getenv("TEST_MODEL_IMPORT_RANDOM"), "1") == 0 ? 15 : 13;
    switch (g_rand_int_range(rng, 0, kinds)) {
    case 0:
        status = fold_table_toggle(table, id, NULL);
        g_snprintf(what, size, "toggle %s", key);
        break;
    case 1: {
        /* Rows go in before row `row` (a child index: subsections count). */
        int64_t n = g_rand_int_range(rng, 1, 4), at = 0;
        if (rows) {
            fold_row_info ri;
            OK(fold_table_row_info(table, id, row, &ri));
            at = ri.child_index;
        }
        data_insert(key, rows ? row : 0, n, FALSE);
        status = fold_table_insert_rows(table, id, at, n, NULL);
        if (status != FOLD_OK)
            data_remove(key, rows ? row : 0, n);
        g_snprintf(what, size, "insert %" G_GINT64_FORMAT " rows into %s", n, key);
        break;
    }
    case 2:
        if (rows) {
            char *label = g_strdup(g_ptr_array_index(rows_of(key), row));
            data_remove(key, row, 1);
            status = fold_table_remove_rows(table, id, row, 1);
            if (status != FOLD_OK)
                g_ptr_array_insert(rows_of(key), (gint)row, g_strdup(label));
            g_free(label);
        }
        g_snprintf(what, size, "remove row %s/%" G_GINT64_FORMAT, key, row);
        break;
    case 3:
        if (rows)
            status = fold_table_set_row_height(table, id, row, g_rand_int_range(rng, 10, 90));
        g_snprintf(what, size, "set row height %s/%" G_GINT64_FORMAT, key, row);
        break;
    case 4:
        if (rows)
            status = fold_table_set_row_expanded_height(table, id, row, 150);
        g_snprintf(what, size, "expanded height %s/%" G_GINT64_FORMAT, key, row);
        break;
    case 5:
        if (rows)
            status = fold_table_toggle_row(table, id, row, NULL);
        g_snprintf(what, size, "toggle row %s/%" G_GINT64_FORMAT, key, row);
        break;
    case 6: {
        /* A subsection, sometimes inserted collapsed or fixed. */
        static const uint32_t flags[] = {0, 0, FOLD_SECTION_COLLAPSED, FOLD_SECTION_FIXED};
        uint32_t f = flags[g_rand_int_range(rng, 0, G_N_ELEMENTS(flags))];
        char sub[32];
        g_snprintf(sub, sizeof sub, "n%d", new_keys++);
        int64_t n = g_rand_int_range(rng, 0, 4);
        data_insert(sub, 0, n, TRUE);
        status = fold_table_insert_section(table, id,
                                           g_rand_int_range(rng, 0, (gint32)children + 1), sub,
                                           "Sub|x", n, f, NULL);
        g_snprintf(what, size, "insert subsection %s into %s (flags %u)", sub, key, f);
        break;
    }
    case 7:
        if (children)
            status = remove_children_tracked(table, key,
                                             g_rand_int_range(rng, 0, (gint32)children), 1);
        g_snprintf(what, size, "remove a child of %s", key);
        break;
    case 8: {
        int64_t to = g_rand_int_range(rng, 0, (gint32)sections);
        status = fold_table_move_section(table, id, FOLD_ROOT, to);
        g_snprintf(what, size, "move %s to top level %" G_GINT64_FORMAT, key, to);
        break;
    }
    case 9: {
        const char *parent = g_ptr_array_index(keys, g_rand_int_range(rng, 0, (gint32)keys->len));
        fold_section_id pid = sec(table, parent);
        int64_t pc = info(table, pid).child_count;
        status = fold_table_move_section(table, id, pid,
                                         pc ? g_rand_int_range(rng, 0, (gint32)pc) : 0);
        g_snprintf(what, size, "move %s into %s", key, parent);
        break;
    }
    case 10:
        status = fold_table_set_section_height(table, id, FOLD_HEIGHT_FOOTER,
                                               g_rand_boolean(rng) ? 16 : 0);
        g_snprintf(what, size, "footer of %s", key);
        break;
    case 11:
        status = fold_table_set_accordion(table, g_rand_int_range(rng, 0, 3));
        if (rows && status == FOLD_OK)
            status = fold_table_expand_row(table, id, row, NULL);
        g_snprintf(what, size, "accordion, expand %s/%" G_GINT64_FORMAT, key, row);
        break;
    case 12: {
        /* Fixed <-> collapsible (a collapsed section cannot become fixed). */
        gboolean collapsible = g_rand_boolean(rng);
        status = fold_table_set_collapsible(table, id, collapsible);
        g_snprintf(what, size, "set %s %s", key, collapsible ? "collapsible" : "fixed");
        break;
    }
    case 13: {
        /* the state saved the last time round */
        static char *state;
        if (state)
            status = fold_table_import_state(table, state, NULL);
        fold_free(state);
        state = NULL;
        fold_table_export_state(table, &state);
        g_snprintf(what, size, "import an earlier saved state");
        break;
    }
    default: {
        GString *json = g_string_new("{\"version\": 1, \"collapsed\": {");
        for (guint i = 0; i < keys->len; i++)
            g_string_append_printf(json, "%s\"%s\": %s", i ? ", " : "",
                                   (char *)g_ptr_array_index(keys, i),
                                   g_rand_boolean(rng) ? "true" : "false");
        g_string_append(json, "}}");
        status = fold_table_import_state(table, json->str, NULL);
        g_string_free(json, TRUE);
        g_snprintf(what, size, "import random collapsed states");
        break;
    }
    }
    (void)status;
    g_ptr_array_unref(keys);
}

void
test_random(const ModelTest *m)
{
    fold_table *table = m->table;
    GError *error = NULL;

    /* A randomized run: activate random positions under each policy. */
    GRand *rng = g_rand_new_with_seed(20240611);
    for (int i = 0; i < 300; i++) {
        if (i % 100 == 0)
            CHECK(fold_list_model_set_accordion(model, i / 100, &error));
        guint items = g_list_model_get_n_items(G_LIST_MODEL(model));
        guint pos = (guint)g_rand_int_range(rng, 0, (gint32)items);
        char what[64];
        g_snprintf(what, sizeof what, "random #%d activate %u", i, pos);
        begin();
        CHECK(fold_list_model_activate(model, pos, NULL, &error));
        long saved_failures = check_failed_so_far();
        quiet = i % 25 != 0;
        finish(what);
        quiet = FALSE;
        if (check_failed_so_far() != saved_failures)
            fprintf(stderr, "failed at %s\n", what);
    }

    /* A randomized run of direct table mutations; every fifth, several in
     * one batch (one change set: the fewest steps, moves kept as objects). */
    for (int i = 0; i < 400; i++) {
        char what[96];
        begin();
        if (i % 5 == 4) {
            int n = g_rand_int_range(rng, 1, 5);
            OK(fold_table_begin_batch(table));
            for (int k = 0; k < n; k++)
                random_mutation(table, rng, what, sizeof what);
            OK(fold_table_end_batch(table));
            g_snprintf(what, sizeof what, "batch of %d at #%d", n, i);
        } else {
            random_mutation(table, rng, what, sizeof what);
        }
        long saved_failures = check_failed_so_far();
        quiet = i % 40 != 0;
        finish(what);
        quiet = FALSE;
        if (check_failed_so_far() != saved_failures)
            fprintf(stderr, "failed at direct #%d: %s\n", i, what);
    }
    g_rand_free(rng);

    /* A change made on another thread: nothing is emitted there; until
     * the model's main context runs, the model shows the list as it was
     * (every item the same object, every position answered); then the
     * engine's step, the held items kept. The handlers run from the main
     * loop, outside the table's listener: the table is not busy there. */
    begin();
    data_insert("t", 0, 1, TRUE);
    fold_section_id t = add(table, FOLD_ROOT, "t", "Threads", 1);
    finish("append section t");
    probe_busy = FALSE;
    begin();
    data_insert("t", 0, 2, FALSE);
    guint shown_before = g_list_model_get_n_items(G_LIST_MODEL(model));
    GThread *thread = g_thread_new("mutator", mutate_elsewhere, table);
    g_thread_join(thread);
    CHECK(signals->len == 0); /* nothing emitted on the other thread */
    CHECK(g_list_model_get_n_items(G_LIST_MODEL(model)) == shown_before);
    CHECK(item_count(table) == shown_before + 2);
    gboolean same = held->len == shown_before;
    for (guint i = 0; same && i < shown_before; i++) {
        FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), i);
        same = item == g_ptr_array_index(held, i) && fold_list_item_get_position(item) == i;
        g_clear_object(&item);
    }
    CHECK(same);
    while (g_main_context_iteration(NULL, FALSE))
        ;
    CHECK(finish("insert rows from another thread") == 1);
    CHECK(signal_at(0).position == header_pos("t") + 1 && signal_at(0).removed == 0 &&
          signal_at(0).added == 2);
    probe_busy = TRUE;

    /* A second model on the same (borrowed) table, then dropped: its
     * listener goes with it. */
    {
        FoldListModel *second = fold_list_model_new(table, NULL);
        guint second_signals = 0;
        g_signal_connect_swapped(second, "items-changed", G_CALLBACK(count_signal), &second_signals);
        OK(fold_table_toggle(table, t, NULL));
        CHECK(second_signals > 0);
        gboolean gone = FALSE;
        g_object_weak_ref(G_OBJECT(second), set_flag, &gone);
        g_object_unref(second);
        CHECK(gone);
        begin();
        OK(fold_table_toggle(table, t, NULL));
        finish("toggle t after the second model is gone");
    }


    test_big_table();
}
