/*
 * test-snapshot.c — fold_store_apply_snapshot() and FoldSnapshotBuilder
 * (ctest gtk-snapshot; plain GObject, no display).
 *
 * A FoldListModel shows the store; the test records its items-changed
 * signals and replays them on the list as it holds it (removing, then
 * fetching the added items inside the handler, as a view does). After each
 * snapshot it checks the exact signals, the held list against the model's
 * list and the expected one (items written "key" for a header, "key/row"
 * for a row), the report's counts, and that kept sections keep their ids,
 * collapsed state and expanded rows. Refused snapshots (wrong GVariant
 * type, NULL, duplicate key, bad depth, rows at the top level, one applied
 * from an items-changed handler) must give the exact GError and change
 * nothing. Then tests/snapshot/bytes.c reads
 * random and corrupted snapshots two ways (snapshot-test.h). Checks through
 * Tests/c/check.h; the last line is "N passed, N failed".
 */
#include "snapshot/snapshot-test.h"

static FoldListModel *model;
static GString *signals; /* "position-removed+added" of each items-changed, space-separated */
static GString *steps;   /* the same for the steps of the engine's change sets */
static GPtrArray *held;  /* char *: the list as the signals built it */

static char *
item_name(FoldListItem *item)
{
    if (fold_list_item_get_kind(item) == FOLD_ITEM_KIND_HEADER)
        return g_strdup(fold_list_item_get_key(item));
    return g_strdup_printf("%s/%" G_GINT64_FORMAT, fold_list_item_get_key(item),
                           (gint64)fold_list_item_get_row(item));
}

static char *
name_at(guint position)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), position);
    char *name = item ? item_name(item) : g_strdup("(none)");
    g_clear_object(&item);
    return name;
}

static void
on_items_changed(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)list;
    (void)data;
    g_string_append_printf(signals, "%s%u-%u+%u", signals->len ? " " : "", position, removed,
                           added);
    g_ptr_array_remove_range(held, position, MIN(removed, held->len - MIN(position, held->len)));
    for (guint i = 0; i < added; i++)
        g_ptr_array_insert(held, (gint)(position + i), name_at(position + i));
}

static void
on_engine_change(fold_table *table, const fold_change_set *set, void *data)
{
    (void)table;
    (void)data;
    for (int64_t i = 0; i < set->change_count; i++)
        g_string_append_printf(steps, "%s%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT
                               "+%" G_GINT64_FORMAT, steps->len ? " " : "",
                               (gint64)set->changes[i].position, (gint64)set->changes[i].removed,
                               (gint64)set->changes[i].added);
}

/* The list as held, space-separated (a new string). */
static char *
held_list(void)
{
    g_ptr_array_add(held, NULL);
    char *list = g_strjoinv(" ", (char **)held->pdata);
    g_ptr_array_set_size(held, held->len - 1);
    return list;
}

/* The model's list read afresh (a new string). */
static char *
model_list(void)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < g_list_model_get_n_items(G_LIST_MODEL(model)); i++) {
        char *name = name_at(i);
        g_string_append_printf(s, "%s%s", i ? " " : "", name);
        g_free(name);
    }
    return g_string_free(s, FALSE);
}

/* The engine's steps and the model's signals since the last call, and
 * that both lists are `expected`. */
static void
check_lists_(const char *file, int line, const char *want_steps, const char *want_signals,
             const char *expected)
{
    char *got_held = held_list(), *got_model = model_list();
    int ok = CHECK_STR(steps->str, want_steps);
    ok &= CHECK_STR(signals->str, want_signals);
    ok &= CHECK_STR(got_held, expected);
    ok &= CHECK_STR(got_model, expected);
    if (!ok)
        fprintf(stderr, "  (checked at %s:%d)\n", file, line);
    g_free(got_held);
    g_free(got_model);
    g_string_truncate(signals, 0);
    g_string_truncate(steps, 0);
}
#define check_lists(want_steps, want_signals, expected) \
    check_lists_(__FILE__, __LINE__, want_steps, want_signals, expected)

/* One entry as a tuple of FOLD_SNAPSHOT_VARIANT_TYPE. */
static GVariant *
section(int32_t depth, const char *key, const char *header, guint32 flags)
{
    return g_variant_new("(iissxuuddd)", FOLD_SNAPSHOT_SECTION, depth, key, header, (gint64)0,
                         flags, 0u, 0.0, 0.0, 0.0);
}

static GVariant *
rows(int32_t depth, gint64 count)
{
    return g_variant_new("(iissxuuddd)", FOLD_SNAPSHOT_ROWS, depth, "", "", count, 0u, 0u, 0.0,
                         0.0, 0.0);
}

/* A floating "a(iissxuuddd)" of the NULL-terminated tuples. */
static GVariant *
snapshot_of(GVariant *first, ...)
{
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE("a(iissxuuddd)"));
    va_list ap;
    va_start(ap, first);
    for (GVariant *v = first; v; v = va_arg(ap, GVariant *))
        g_variant_builder_add_value(&b, v);
    va_end(ap);
    return g_variant_builder_end(&b);
}

/* An items-changed handler that applies a snapshot: while the store tells
 * its listeners the table is busy, so the call fails with FOLD_E_BUSY and
 * changes nothing. `data`: the store; counts its calls in `busy_calls`. */
static guint busy_calls;

static void
apply_inside(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)list;
    (void)position;
    (void)removed;
    (void)added;
    GError *error = NULL;
    CHECK(!fold_store_apply_snapshot(data, snapshot_of(section(0, "z", "Z", 0), NULL), NULL,
                                     &error));
    CHECK(error && error->code == FOLD_E_BUSY);
    g_clear_error(&error);
    busy_calls++;
}

static void
check_report_(const char *file, int line, const FoldSnapshotReport *r, gint64 inserted,
              gint64 removed, gint64 moved, gint64 kept, gint64 headers, gint64 rows_in,
              gint64 rows_out)
{
    int ok = CHECK_EQ_I64(r->sections_inserted, inserted);
    ok &= CHECK_EQ_I64(r->sections_removed, removed);
    ok &= CHECK_EQ_I64(r->sections_moved, moved);
    ok &= CHECK_EQ_I64(r->sections_kept, kept);
    ok &= CHECK_EQ_I64(r->headers_changed, headers);
    ok &= CHECK_EQ_I64(r->rows_inserted, rows_in);
    ok &= CHECK_EQ_I64(r->rows_removed, rows_out);
    if (!ok)
        fprintf(stderr, "  (report checked at %s:%d)\n", file, line);
}
#define check_report(r, ...) check_report_(__FILE__, __LINE__, r, __VA_ARGS__)

/* Applies `snapshot` (floating, consumed) and checks it succeeds. */
static FoldSnapshotReport
apply(FoldStore *store, GVariant *snapshot)
{
    FoldSnapshotReport report;
    memset(&report, 0xAB, sizeof report);
    GError *error = NULL;
    CHECK(fold_store_apply_snapshot(store, snapshot, &report, &error));
    if (error) {
        fprintf(stderr, "  unexpected error: %s\n", error->message);
        g_error_free(error);
    }
    return report;
}

static guint64
id_of(FoldStore *store, const char *key)
{
    guint64 id = 0;
    CHECK(fold_store_find_section(store, key, &id, NULL));
    return id;
}

static gboolean
collapsed(FoldStore *store, const char *key)
{
    gboolean value = FALSE;
    CHECK(fold_store_get_section_collapsed(store, id_of(store, key), &value, NULL));
    return value;
}

/* A refused snapshot: FALSE, the GError (domain, code, exact message), the
 * report untouched, nothing changed (no signals, the same list), and the
 * variant's floating reference sunk and released (the test's own stays). */
static void
check_refused_(const char *file, int line, FoldStore *store, GVariant *snapshot, int code,
               const char *message, const char *list)
{
    if (snapshot)
        g_variant_ref(snapshot); /* a full reference besides the floating one */
    FoldSnapshotReport report;
    memset(&report, 0xAB, sizeof report);
    FoldSnapshotReport untouched = report;
    GError *error = NULL;
    int ok = CHECK(!fold_store_apply_snapshot(store, snapshot, &report, &error));
    ok &= CHECK(error != NULL);
    if (error) {
        ok &= CHECK(error->domain == FOLD_LIST_MODEL_ERROR);
        ok &= CHECK_EQ_I64(error->code, code);
        ok &= CHECK_STR(error->message, message);
        g_error_free(error);
    }
    ok &= CHECK(memcmp(&report, &untouched, sizeof report) == 0);
    if (snapshot) {
        ok &= CHECK(!g_variant_is_floating(snapshot));
        g_variant_unref(snapshot);
    }
    if (!ok)
        fprintf(stderr, "  (refusal checked at %s:%d)\n", file, line);
    check_lists("", "", list);
}
#define check_refused(store, snapshot, code, message, list) \
    check_refused_(__FILE__, __LINE__, store, snapshot, code, message, list)

#define TYPE_HELP                                                                           \
    "expected a GVariant of type \"a(iissxuuddd)\", an array of (kind, depth, key, header, " \
    "rows, flags, heights, header_height, footer_height, row_height)"

int
main(void)
{
    FoldStore *store = fold_store_new();
    model = fold_list_model_new_for_store(store);
    signals = g_string_new(NULL);
    held = g_ptr_array_new_with_free_func(g_free);
    steps = g_string_new(NULL);
    g_signal_connect(model, "items-changed", G_CALLBACK(on_items_changed), NULL);
    int64_t listener = 0;
    CHECK_STATUS(fold_table_add_change_listener(fold_store_get_table(store), on_engine_change,
                                                NULL, &listener),
                 FOLD_OK);

    /* An empty store gets three sections: one step. */
    FoldSnapshotReport r =
        apply(store, snapshot_of(section(0, "a", "Alpha", 0), rows(1, 2),
                                 section(1, "a1", "A one", 0), rows(2, 3),
                                 section(0, "b", "Beta", 0), rows(1, 2),
                                 section(0, "c", "Gamma", 0), rows(1, 1), NULL));
    check_report(&r, 4, 0, 0, 0, 0, 8, 0);
    check_lists("0-0+12", "0-0+12", "a a/0 a/1 a1 a1/0 a1/1 a1/2 b b/0 b/1 c c/0");
    guint64 a = id_of(store, "a"), a1 = id_of(store, "a1"), b = id_of(store, "b"),
            c = id_of(store, "c");

    /* State the next snapshots must keep: b collapsed, a/1 expanded. */
    gboolean changed = FALSE;
    CHECK(fold_store_collapse(store, b, &changed, NULL) && changed);
    check_lists("8-2+0", "8-2+0", "a a/0 a/1 a1 a1/0 a1/1 a1/2 b c c/0");
    CHECK(fold_store_set_row_expanded_height(store, a, 1, 100, NULL));
    CHECK(fold_store_expand_row(store, a, 1, &changed, NULL) && changed);
    check_lists("", "", "a a/0 a/1 a1 a1/0 a1/1 a1/2 b c c/0");
    FoldListItem *b_header = g_list_model_get_item(G_LIST_MODEL(model), 7);

    /* Same sections; a1 loses a row, c gains two, b's header changes. The
     * engine's steps go bottom up: the later one removes, so the model
     * emits the one splice that covers both (fold-list-model.h) and hands
     * out the items inside it that are kept as the same objects; b's new
     * header is a notification of its item. */
    r = apply(store, snapshot_of(section(0, "a", "Alpha", 0), rows(1, 2),
                                 section(1, "a1", "A one", 0), rows(2, 2),
                                 section(0, "b", "Beta|2 rows", 0), rows(1, 2),
                                 section(0, "c", "Gamma", 0), rows(1, 3), NULL));
    check_report(&r, 0, 0, 0, 4, 1, 2, 1);
    check_lists("10-0+2 6-1+0", "6-4+5", "a a/0 a/1 a1 a1/0 a1/1 b c c/0 c/1 c/2");
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), 6);
    CHECK(item == b_header);
    CHECK_STR(fold_list_item_get_detail(item), "2 rows");
    CHECK(fold_list_item_get_collapsed(item));
    g_object_unref(item);
    item = g_list_model_get_item(G_LIST_MODEL(model), 2);
    CHECK(fold_list_item_get_expanded(item));
    CHECK_EQ_DBL(fold_list_item_get_height(item), 100);
    g_object_unref(item);
    CHECK(collapsed(store, "b"));

    /* c moves to the top (removed, then inserted), a1 goes, d comes: one
     * covering splice again. */
    r = apply(store, snapshot_of(section(0, "c", "Gamma", 0), rows(1, 3),
                                 section(0, "a", "Alpha", 0), rows(1, 2),
                                 section(0, "b", "Beta|2 rows", 0), rows(1, 2),
                                 section(0, "d", "Delta", 0), rows(1, 1), NULL));
    check_report(&r, 1, 1, 1, 3, 0, 1, 2);
    check_lists("3-3+0 4-4+0 0-0+4 8-0+2", "0-11+10", "c c/0 c/1 c/2 a a/0 a/1 b d d/0");
    CHECK_EQ_I64(id_of(store, "c"), c);
    CHECK_EQ_I64(id_of(store, "a"), a);
    CHECK_EQ_I64(id_of(store, "b"), b);
    guint64 gone = 1;
    CHECK(!fold_store_find_section(store, "a1", &gone, NULL));
    CHECK(!fold_store_get_section_collapsed(store, a1, &changed, NULL));
    CHECK(collapsed(store, "b"));
    item = g_list_model_get_item(G_LIST_MODEL(model), 7);
    CHECK(item == b_header);
    g_object_unref(item);
    gboolean expanded = FALSE;
    CHECK(fold_store_get_row_expanded(store, a, 1, &expanded, NULL) && expanded);

    /* b moves into c, still collapsed, with its id: the engine reports the
     * move, so the model emits one covering splice in which b's header is
     * the same object (a view keeps its widget); a handler that applies a
     * snapshot meanwhile is refused (FOLD_E_BUSY). */
    gulong busy = g_signal_connect(model, "items-changed", G_CALLBACK(apply_inside), store);
    r = apply(store, snapshot_of(section(0, "c", "Gamma", 0), rows(1, 3),
                                 section(1, "b", "Beta|2 rows", 0), rows(2, 2),
                                 section(0, "a", "Alpha", 0), rows(1, 2),
                                 section(0, "d", "Delta", 0), rows(1, 1), NULL));
    g_signal_handler_disconnect(model, busy);
    CHECK_EQ_I64(busy_calls, 1);
    check_report(&r, 0, 0, 1, 4, 0, 0, 0);
    check_lists("7-1+0 4-0+1", "4-4+4", "c c/0 c/1 c/2 b a a/0 a/1 d d/0");
    CHECK_EQ_I64(id_of(store, "b"), b);
    CHECK(collapsed(store, "b"));
    guint64 parent = 0;
    CHECK(fold_store_get_section_parent(store, b, &parent, NULL));
    CHECK_EQ_I64(parent, c);
    item = g_list_model_get_item(G_LIST_MODEL(model), 4);
    CHECK(item == b_header); /* moved: the same object, read again */
    CHECK_EQ_I64(fold_list_item_get_depth(item), 1);
    CHECK(fold_list_item_get_collapsed(item));
    g_object_unref(item);
    g_object_unref(b_header);

    /* Refusals change nothing. */
    const char *list = "c c/0 c/1 c/2 b a a/0 a/1 d d/0";
    check_refused(store, g_variant_new_parsed("@a(sx) [('c', 3)]"), FOLD_E_INVALID,
                  "FOLD_E_INVALID: the snapshot is a GVariant of type \"a(sx)\"; " TYPE_HELP,
                  list);
    check_refused(store, g_variant_new_parsed("(0, 0, 'c', 'Gamma', int64 0, uint32 0, uint32 0, "
                                              "0.0, 0.0, 0.0)"),
                  FOLD_E_INVALID,
                  "FOLD_E_INVALID: the snapshot is a GVariant of type \"(iissxuuddd)\"; " TYPE_HELP,
                  list);
    check_refused(store, NULL, FOLD_E_INVALID, "FOLD_E_INVALID: the snapshot is NULL; " TYPE_HELP,
                  list);
    check_refused(store,
                  snapshot_of(section(0, "c", "Gamma", 0), rows(1, 3), section(0, "x", "X", 0),
                              section(1, "c", "again", 0), NULL),
                  FOLD_E_DUPLICATE,
                  "FOLD_E_DUPLICATE: snapshot entry 3: the key \"c\" is also the key of entry 0",
                  list);
    check_refused(store, snapshot_of(section(0, "c", "Gamma", 0), rows(2, 3), NULL), FOLD_E_RANGE,
                  "FOLD_E_RANGE: snapshot entry 1: depth 2 is out of range (0 to 1 here: an "
                  "entry is at most one level below the section before it)",
                  list);
    check_refused(store, snapshot_of(rows(0, 3), NULL), FOLD_E_INVALID,
                  "FOLD_E_INVALID: snapshot entry 0: rows belong in a section: a rows entry "
                  "needs depth 1 or more",
                  list);
    check_refused(store, snapshot_of(section(0, "", "no key", 0), NULL), FOLD_E_INVALID,
                  "FOLD_E_INVALID: snapshot entry 0: a section key must not be empty", list);
    check_refused(NULL, snapshot_of(section(0, "z", "Z", 0), NULL), FOLD_E_INVALID,
                  "FOLD_E_INVALID: not a FoldStore", list);

    /* The builder makes the same variant as the tuples above. */
    FoldSnapshotBuilder *builder = fold_snapshot_builder_new();
    fold_snapshot_builder_open_section(builder, "c", "Gamma", FOLD_SECTION_FLAGS_NONE);
    fold_snapshot_builder_add_rows(builder, 3);
    fold_snapshot_builder_add_section(builder, "b", "Beta|2 rows", FOLD_SECTION_FLAGS_NONE, 2);
    fold_snapshot_builder_close_section(builder);
    fold_snapshot_builder_add_section(builder, "a", "Alpha", FOLD_SECTION_FLAGS_NONE, 2);
    fold_snapshot_builder_add_section(builder, "d", "Delta", FOLD_SECTION_FLAGS_NONE, 1);
    GVariant *built = g_variant_ref_sink(fold_snapshot_builder_end(builder));
    GVariant *by_hand = g_variant_ref_sink(
        snapshot_of(section(0, "c", "Gamma", 0), rows(1, 3), section(1, "b", "Beta|2 rows", 0),
                    rows(2, 2), section(0, "a", "Alpha", 0), rows(1, 2),
                    section(0, "d", "Delta", 0), rows(1, 1), NULL));
    CHECK(g_variant_equal(built, by_hand));
    /* The same tree again: nothing to do, no signal. */
    r = apply(store, built);
    check_report(&r, 0, 0, 0, 4, 0, 0, 0);
    check_lists("", "", list);
    CHECK(!g_variant_is_floating(built));
    g_variant_unref(built);
    g_variant_unref(by_hand);
    /* end() emptied the builder. */
    built = g_variant_ref_sink(fold_snapshot_builder_end(builder));
    CHECK_EQ_I64(g_variant_n_children(built), 0);
    g_variant_unref(built);

    /* Heights from the builder, flags for a new section; sections left
     * open are closed by end(). The store's defaults: header 28, row 44. */
    fold_snapshot_builder_add_section(builder, "c", "Gamma", FOLD_SECTION_FLAGS_NONE, 3);
    fold_snapshot_builder_open_section(builder, "e", "Epsilon", FOLD_SECTION_FLAGS_COLLAPSED);
    fold_snapshot_builder_set_header_height(builder, 50);
    fold_snapshot_builder_add_rows(builder, 4);
    fold_snapshot_builder_open_section(builder, "e1", "E one", FOLD_SECTION_FLAGS_NONE);
    fold_snapshot_builder_set_row_height(builder, 30);
    fold_snapshot_builder_set_footer_height(builder, FOLD_HEIGHT_DEFAULT);
    fold_snapshot_builder_add_rows(builder, 2);
    r = apply(store, fold_snapshot_builder_end(builder));
    check_report(&r, 2, 3, 0, 1, 0, 6, 5);
    check_lists("4-1+0 4-5+0 4-0+1", "4-6+1", "c c/0 c/1 c/2 e");
    CHECK(collapsed(store, "e"));
    item = g_list_model_get_item(G_LIST_MODEL(model), 4);
    CHECK_EQ_DBL(fold_list_item_get_height(item), 50);
    g_object_unref(item);
    CHECK(fold_store_expand(store, id_of(store, "e"), &changed, NULL) && changed);
    check_lists("5-0+7", "5-0+7", "c c/0 c/1 c/2 e e/0 e/1 e/2 e/3 e1 e1/0 e1/1");
    item = g_list_model_get_item(G_LIST_MODEL(model), 10);
    CHECK_EQ_DBL(fold_list_item_get_height(item), 30);
    g_object_unref(item);
    double height = 0;
    CHECK(fold_store_get_content_height(store, &height, NULL));
    CHECK_EQ_DBL(height, 28 + 3 * 44 + 50 + 4 * 44 + 28 + 2 * 30);

    /* An empty snapshot empties the store. */
    r = apply(store, fold_snapshot_builder_end(builder));
    check_report(&r, 0, 3, 0, 0, 0, 0, 9);
    check_lists("0-12+0", "0-12+0", "");
    g_object_unref(builder);

    CHECK_STATUS(fold_table_remove_listener(fold_store_get_table(store), listener), FOLD_OK);
    test_snapshot_bytes();
    g_object_unref(model);
    g_object_unref(store);
    g_ptr_array_unref(held);
    g_string_free(signals, TRUE);
    g_string_free(steps, TRUE);
    return check_done();
}
