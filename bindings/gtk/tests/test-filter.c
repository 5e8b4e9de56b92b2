/*
 * test-filter.c — filtering through FoldStore and FoldListModel (ctest
 * gtk-filter): fold_store_set_filter_func() with a FoldMatchFunc and
 * FoldFilterFlags; the model's items (titles, match marks, collapsed) and
 * its exact items-changed signals when the filter is set, replaced,
 * changed row by row and cleared; match counts ("2 of 7"); the answers;
 * the section flags FILTERED and FILTER_OPENED; rows and sections inserted
 * while filtering are asked once; the destroy notify run exactly once
 * (replaced, cleared, failed call, dispose); the errors as GErrors (a stale
 * section, a bad row, no filter, unknown flags, a match function that
 * stops, a change from inside the match function), each leaving the old
 * filter and the list as they were.
 *
 * The store: rows 20, headers 30.
 *   Fruit (5 rows: apple banana cherry blackberry blueberry)
 *     Citrus (2 rows: lemon lime)
 *   Vegetables, collapsed (3 rows: carrot leek strawberry spinach)
 *   Nuts (2 rows: almond cashew)
 * No display needed: FoldStore and FoldListModel are plain GObject.
 */
#include "foldtable-gtk.h"

#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "support/log-check.h"

static FoldStore *store;
static FoldListModel *model;
static GString *signals; /* "position removed added;" per items-changed */

typedef struct {
    const char *key;
    const char *title;
    const char *rows[6];
} Section;

static const Section data[] = {
    {"fruit", "Fruit", {"apple", "banana", "cherry", "blackberry", "blueberry", NULL}},
    {"citrus", "Citrus", {"lemon", "lime", NULL}},
    {"veg", "Vegetables", {"carrot", "leek", "strawberry spinach", NULL}},
    {"nuts", "Nuts", {"almond", "cashew", NULL}},
    {"jam", "berry jam", {NULL}},
};

/* The text of a row (row >= 0) or a header's title (row -1); "?" for rows
 * inserted later. */
static const char *
text_of(const char *key, int64_t row)
{
    for (gsize i = 0; i < G_N_ELEMENTS(data); i++) {
        if (strcmp(data[i].key, key) != 0)
            continue;
        if (row < 0)
            return data[i].title;
        for (int64_t r = 0; r <= row; r++)
            if (!data[i].rows[r])
                return "?";
        return data[i].rows[row];
    }
    return "?";
}

static char *
row_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)user_data;
    return g_strdup(text_of(key, row));
}

/* A match function's data: what it looks for, how often it was asked, when
 * it stops (the answer that is -1: 1 for the first; 0 never) and what it
 * does inside (meddle: tries to change the store), and how often its
 * destroy notify ran. */
typedef struct {
    const char *needle;
    int calls;
    int stop_at;
    gboolean meddle;
    int meddle_code;    /* the GError code of the change tried inside */
    int meddle_destroy; /* destroy notifies run on the meddler's own data */
    int destroyed;
} Query;

static void
query_destroyed(gpointer data)
{
    ((Query *)data)->destroyed++;
}

static void
count_destroy(gpointer data)
{
    (*(int *)data)++;
}

static gint
match_text(FoldStore *s, guint64 section, const char *key, gint64 row, gpointer user_data)
{
    Query *q = user_data;
    q->calls++;
    CHECK(s == store);
    CHECK(section != 0);
    if (q->stop_at && q->calls == q->stop_at)
        return -1;
    if (q->meddle) {
        q->meddle = FALSE;
        GError *error = NULL;
        /* A change from inside the match function is refused: the table is
         * busy. The refused call's own destroy notify runs at once. */
        CHECK(!fold_store_set_filter_func(s, FOLD_FILTER_FLAGS_NONE, match_text, &q->meddle_destroy,
                                          count_destroy, &error));
        q->meddle_code = error ? error->code : 0;
        g_clear_error(&error);
        CHECK(!fold_store_clear_filter(s, &error));
        CHECK(error && error->code == FOLD_E_BUSY);
        g_clear_error(&error);
        /* Reading is allowed. */
        gint64 count = -1;
        CHECK(fold_store_get_row_count(s, section, &count, NULL) && count >= 0);
    }
    return strstr(text_of(key, row), q->needle) != NULL ? 7 : 0; /* any positive value */
}

/* Filters the store by `q` without flags, as two tests start: each of its
 * 12 rows and 4 sections is asked once. */
static void
filter_by(Query *q, GError **error)
{
    CHECK(fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_NONE, match_text, q, query_destroyed,
                                     error));
    CHECK_EQ_I64(q->calls, 16);
}

static void
on_items_changed(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)list;
    (void)data;
    g_string_append_printf(signals, "%u %u %u;", position, removed, added);
}

#define CHECK_SIGNALS(expected) CHECK_LOG(signals, expected)

/* The model's items: "[Title]" for a header ("+" when it shows collapsed),
 * the title for a row, "*" after an item that matches itself. */
static char *
describe(void)
{
    GString *out = g_string_new(NULL);
    guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
    for (guint i = 0; i < n; i++) {
        FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), i);
        if (i)
            g_string_append_c(out, ' ');
        const char *title = fold_list_item_get_title(item);
        if (fold_list_item_get_kind(item) == FOLD_ITEM_KIND_HEADER)
            g_string_append_printf(out, "[%s%s]", title ? title : "",
                                   fold_list_item_get_collapsed(item) ? "+" : "");
        else
            g_string_append(out, title ? title : "");
        if (fold_list_item_get_match(item))
            g_string_append_c(out, '*');
        g_object_unref(item);
    }
    return g_string_free(out, FALSE);
}

#define CHECK_ITEMS(expected) CHECK_STR_TAKE(describe(), expected)

static const char *const all_items =
    "[Fruit] apple banana cherry blackberry blueberry [Citrus] lemon lime [Vegetables+] "
    "[Nuts] almond cashew";

/* A GError of FOLD_LIST_MODEL_ERROR with `code`, cleared. */
static void
check_error_(const char *file, int line, GError **error, int code)
{
    int ok = *error && (*error)->domain == FOLD_LIST_MODEL_ERROR && (*error)->code == code;
    if (!ok && *error)
        fprintf(stderr, "GError: %s %d: %s\n", g_quark_to_string((*error)->domain),
                (*error)->code, (*error)->message);
    check_cond_(ok, file, line, "the GError's domain and code");
    g_clear_error(error);
}
#define CHECK_ERROR(error, code) check_error_(__FILE__, __LINE__, error, code)

static guint64
id_of(const char *key)
{
    guint64 id = 0;
    CHECK(fold_store_find_section(store, key, &id, NULL));
    return id;
}

/* The match count of a section ("matches of rows"), or "error". */
static char *
count_of(guint64 section)
{
    gint64 matches = -1, rows = -1;
    if (!fold_store_get_match_count(store, section, &matches, &rows, NULL))
        return g_strdup("error");
    return g_strdup_printf("%" G_GINT64_FORMAT " of %" G_GINT64_FORMAT, matches, rows);
}

#define CHECK_COUNT(section, expected) CHECK_STR_TAKE(count_of(section), expected)

static void
check_filter_state(gboolean active, FoldFilterFlags flags)
{
    gboolean got_active = !active;
    FoldFilterFlags got_flags = 99;
    CHECK(fold_store_get_filter_active(store, &got_active, NULL));
    CHECK_EQ_I64(got_active, active);
    CHECK(fold_store_get_filter_flags(store, &got_flags, NULL));
    CHECK_EQ_I64(got_flags, flags);
}

static FoldSectionFlags
section_flags(guint64 section)
{
    FoldSectionFlags flags = 0;
    CHECK(fold_store_get_section_flags(store, section, &flags, NULL));
    return flags;
}

static void
test_types(void)
{
    GFlagsClass *klass = g_type_class_ref(FOLD_TYPE_FILTER_FLAGS);
    CHECK(G_TYPE_IS_FLAGS(FOLD_TYPE_FILTER_FLAGS));
    CHECK_EQ_I64(g_flags_get_value_by_nick(klass, "show-children")->value,
                 FOLD_FILTER_SHOW_CHILDREN);
    CHECK_EQ_I64(g_flags_get_value_by_nick(klass, "expand-matches")->value,
                 FOLD_FILTER_EXPAND_MATCHES);
    CHECK_EQ_I64(klass->mask, 3);
    g_type_class_unref(klass);
    klass = g_type_class_ref(FOLD_TYPE_SECTION_FLAGS);
    CHECK_EQ_I64(g_flags_get_value_by_nick(klass, "filtered")->value, FOLD_SECTION_FILTERED);
    CHECK_EQ_I64(g_flags_get_value_by_nick(klass, "filter-opened")->value,
                 FOLD_SECTION_FILTER_OPENED);
    g_type_class_unref(klass);
}

/* Without a filter: everything matches, nothing to change. */
static void
test_no_filter(void)
{
    CHECK_ITEMS(all_items);
    check_filter_state(FALSE, FOLD_FILTER_FLAGS_NONE);
    CHECK_COUNT(0, "12 of 12");
    CHECK_COUNT(id_of("fruit"), "7 of 7");
    gboolean matches = FALSE;
    CHECK(fold_store_get_row_matches(store, id_of("nuts"), 1, &matches, NULL) && matches);
    matches = FALSE;
    CHECK(fold_store_get_section_matches(store, id_of("nuts"), &matches, NULL) && matches);
    GError *error = NULL;
    CHECK(!fold_store_set_row_match(store, id_of("nuts"), 0, FALSE, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_ALLOWED);
    CHECK(!fold_store_set_section_match(store, id_of("nuts"), FALSE, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_ALLOWED);
    /* Clearing no filter changes nothing. */
    CHECK(fold_store_clear_filter(store, &error) && error == NULL);
    CHECK_SIGNALS("");
}

static void
test_filter(Query *berry, Query *berry2)
{
    guint64 fruit = id_of("fruit"), citrus = id_of("citrus"), veg = id_of("veg"),
            nuts = id_of("nuts");
    GError *error = NULL;

    /* "berry": two of Fruit's rows; Vegetables (collapsed) leads to a match
     * and shows its header only; Citrus and Nuts are hidden. One change
     * set, a step per run of items hidden: apple..cherry (at 1), Citrus
     * with its rows (at 3), Nuts with its rows (at 4), Fruit's header and
     * Vegetables kept; a later step that removes makes the model emit the
     * steps as the one splice that covers them (1, 12 by 3), as
     * GtkFilterListModel does.
     * Asked once per row and section: 12 + 4. */
    CHECK(fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_NONE, match_text, berry,
                                     query_destroyed, &error));
    CHECK(error == NULL);
    CHECK_EQ_I64(berry->calls, 16);
    CHECK_SIGNALS("1 12 3;");
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Vegetables+]");
    CHECK_EQ_I64(g_list_model_get_n_items(G_LIST_MODEL(model)), 4);
    check_filter_state(TRUE, FOLD_FILTER_FLAGS_NONE);
    CHECK_COUNT(fruit, "2 of 7");
    CHECK_COUNT(citrus, "0 of 2");
    CHECK_COUNT(veg, "1 of 3");
    CHECK_COUNT(0, "3 of 12");
    gint64 only_matches = -1;
    CHECK(fold_store_get_match_count(store, veg, &only_matches, NULL, NULL));
    CHECK_EQ_I64(only_matches, 1);
    CHECK((section_flags(citrus) & FOLD_SECTION_FLAGS_FILTERED) != 0);
    CHECK((section_flags(nuts) & FOLD_SECTION_FLAGS_FILTERED) != 0);
    CHECK((section_flags(fruit) & FOLD_SECTION_FLAGS_FILTERED) == 0);
    CHECK((section_flags(veg) & (FOLD_SECTION_FLAGS_FILTER_OPENED | FOLD_SECTION_FLAGS_FILTERED)) ==
          0);
    /* The filter changes the flat list only: counts and states stay. */
    gint64 rows = -1;
    CHECK(fold_store_get_row_count(store, citrus, &rows, NULL));
    CHECK_EQ_I64(rows, 2);
    gboolean matches = TRUE;
    CHECK(fold_store_get_row_matches(store, fruit, 0, &matches, NULL) && !matches);
    CHECK(fold_store_get_row_matches(store, fruit, 4, &matches, NULL) && matches);
    CHECK(fold_store_get_section_matches(store, fruit, &matches, NULL) && !matches);

    /* Replaced by the same query with EXPAND_MATCHES: Vegetables shows its
     * match expanded (its stored state stays collapsed). The old function's
     * destroy notify runs once, the new one asked 16 times. Its header
     * stays; its row comes after it. */
    CHECK(fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_EXPAND_MATCHES, match_text, berry2,
                                     query_destroyed, &error));
    CHECK_EQ_I64(berry->destroyed, 1);
    CHECK_EQ_I64(berry2->destroyed, 0);
    CHECK_EQ_I64(berry2->calls, 16);
    CHECK_SIGNALS("4 0 1;");
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Vegetables] strawberry spinach*");
    check_filter_state(TRUE, FOLD_FILTER_FLAGS_EXPAND_MATCHES);
    CHECK((section_flags(veg) & FOLD_SECTION_FLAGS_FILTER_OPENED) != 0);
    gboolean collapsed = FALSE;
    CHECK(fold_store_get_section_collapsed(store, veg, &collapsed, NULL) && collapsed);

    /* One answer at a time: lime matches now (Citrus is shown, header and
     * lime, as one replacement), blackberry no more (one row removed), Nuts'
     * header matches (one header added). The function is not asked. */
    CHECK(fold_store_set_row_match(store, citrus, 1, TRUE, &error));
    CHECK_SIGNALS("3 0 2;");
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Citrus] lime* [Vegetables] "
                "strawberry spinach*");
    CHECK_COUNT(fruit, "3 of 7");
    CHECK_COUNT(citrus, "1 of 2");
    CHECK(fold_store_set_row_match(store, fruit, 3, FALSE, &error));
    CHECK_SIGNALS("1 1 0;");
    CHECK(fold_store_set_row_match(store, fruit, 3, FALSE, &error)); /* the same: nothing */
    CHECK_SIGNALS("");
    CHECK(fold_store_set_section_match(store, nuts, TRUE, &error));
    CHECK_SIGNALS("6 0 1;");
    CHECK_ITEMS("[Fruit] blueberry* [Citrus] lime* [Vegetables] strawberry spinach* [Nuts]*");
    CHECK(fold_store_get_section_matches(store, nuts, &matches, NULL) && matches);
    CHECK(fold_store_get_row_matches(store, fruit, 3, &matches, NULL) && !matches);
    CHECK_COUNT(0, "3 of 12");
    CHECK_EQ_I64(berry2->calls, 16);
    CHECK(error == NULL);
}

/* Every failure leaves the filter, the answers and the list as they were;
 * the refused function's destroy notify runs at once, once. */
static void
test_errors(Query *berry2)
{
    const char *const items =
        "[Fruit] blueberry* [Citrus] lime* [Vegetables] strawberry spinach* [Nuts]*";
    guint64 fruit = id_of("fruit");
    GError *error = NULL;
    gboolean matches = FALSE;

    CHECK(!fold_store_set_row_match(store, 9999, 0, TRUE, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_FOUND);
    CHECK(!fold_store_set_section_match(store, 9999, TRUE, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_FOUND);
    CHECK(!fold_store_get_row_matches(store, 9999, 0, &matches, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_FOUND);
    CHECK(!fold_store_get_section_matches(store, 9999, &matches, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_FOUND);
    gint64 n = 42;
    CHECK(!fold_store_get_match_count(store, 9999, &n, NULL, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(n, 42); /* untouched */
    CHECK(!fold_store_set_row_match(store, fruit, 5, TRUE, &error));
    CHECK_ERROR(&error, FOLD_E_RANGE);
    CHECK(!fold_store_get_row_matches(store, fruit, -2, &matches, &error));
    CHECK_ERROR(&error, FOLD_E_RANGE);

    /* A function that stops at its third answer: FOLD_E_CANCELLED with the
     * engine's words; the old filter stays (its answers, its flags). */
    Query stop = {"a", 0, 3, FALSE, 0, 0, 0};
    CHECK(!fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_SHOW_CHILDREN, match_text, &stop,
                                      query_destroyed, &error));
    CHECK(error && strstr(error->message, "the match function stopped the filter") != NULL);
    CHECK(error && g_str_has_prefix(error->message, "FOLD_E_CANCELLED: "));
    CHECK_ERROR(&error, FOLD_E_CANCELLED);
    CHECK_EQ_I64(stop.calls, 3);
    CHECK_EQ_I64(stop.destroyed, 1);
    CHECK_EQ_I64(berry2->destroyed, 0);
    CHECK_SIGNALS("");
    CHECK_ITEMS(items);
    check_filter_state(TRUE, FOLD_FILTER_FLAGS_EXPAND_MATCHES);
    CHECK(fold_store_get_row_matches(store, fruit, 3, &matches, NULL) && !matches);

    /* Unknown flag bits, and flags without a function: FOLD_E_INVALID. */
    Query bad = {"a", 0, 0, FALSE, 0, 0, 0};
    CHECK(!fold_store_set_filter_func(store, 1 << 5, match_text, &bad, query_destroyed, &error));
    CHECK_ERROR(&error, FOLD_E_INVALID);
    CHECK_EQ_I64(bad.calls, 0);
    CHECK_EQ_I64(bad.destroyed, 1);
    int destroyed = 0;
    CHECK(!fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_SHOW_CHILDREN, NULL, &destroyed,
                                      count_destroy, &error));
    CHECK_ERROR(&error, FOLD_E_INVALID);
    CHECK_EQ_I64(destroyed, 1);
    CHECK(!fold_store_set_filter_func(NULL, FOLD_FILTER_FLAGS_NONE, match_text, &destroyed,
                                      count_destroy, &error));
    CHECK_ERROR(&error, FOLD_E_INVALID);
    CHECK_EQ_I64(destroyed, 2);

    /* Changing the store from inside the match function: FOLD_E_BUSY
     * (set_filter_func and clear_filter), the refused function's destroy
     * notify at once; the outer call goes on and succeeds. */
    Query meddler = {"berry", 0, 0, TRUE, 0, 0, 0};
    CHECK(fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_EXPAND_MATCHES, match_text, &meddler,
                                     query_destroyed, &error));
    CHECK(error == NULL);
    CHECK_EQ_I64(meddler.meddle_code, FOLD_E_BUSY);
    CHECK_EQ_I64(meddler.meddle_destroy, 1);
    CHECK_EQ_I64(berry2->destroyed, 1);
    /* Asked anew: blackberry matches again, lime and Nuts no more (a step
     * each; one splice from the first to the last, 6 by 4). */
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Vegetables] strawberry spinach*");
    CHECK_SIGNALS("1 6 4;");
    CHECK_EQ_I64(meddler.destroyed, 0);
    CHECK(fold_store_clear_filter(store, &error));
    CHECK_EQ_I64(meddler.destroyed, 1);
    CHECK_SIGNALS("1 4 12;");
    CHECK_ITEMS(all_items);
}

/* Rows and sections added while filtering are asked once each; a function
 * that stops makes the insertion fail and change nothing. */
static void
test_insertions(void)
{
    GError *error = NULL;
    Query berry = {"berry", 0, 0, FALSE, 0, 0, 0};
    filter_by(&berry, &error);
    g_string_truncate(signals, 0);
    guint64 jam = 0;
    CHECK(fold_store_insert_section(store, 0, -1, "jam", "berry jam", 0, FOLD_SECTION_FLAGS_NONE,
                                    &jam, &error));
    CHECK_EQ_I64(berry.calls, 17);
    CHECK_SIGNALS("4 0 1;");
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Vegetables+] [berry jam]*");
    /* Two rows ("?"): asked, hidden; the list keeps its items. */
    CHECK(fold_store_insert_rows(store, jam, 0, 2, &error));
    CHECK_EQ_I64(berry.calls, 19);
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Vegetables+] [berry jam]*");
    CHECK_COUNT(jam, "0 of 2");
    CHECK_COUNT(0, "3 of 14");
    /* A stopping answer refuses the insertion. */
    berry.stop_at = berry.calls + 1;
    g_string_truncate(signals, 0);
    CHECK(!fold_store_insert_rows(store, jam, 0, 1, &error));
    CHECK_ERROR(&error, FOLD_E_CANCELLED);
    gint64 rows = -1;
    CHECK(fold_store_get_row_count(store, jam, &rows, NULL));
    CHECK_EQ_I64(rows, 2);
    CHECK_SIGNALS("");
    berry.stop_at = 0;

    /* NULL with a destroy notify: the filter cleared, that notify run at
     * once, the function's own one too. */
    int destroyed = 0;
    CHECK(fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_NONE, NULL, &destroyed,
                                     count_destroy, &error));
    CHECK_EQ_I64(destroyed, 1);
    CHECK_EQ_I64(berry.destroyed, 1);
    check_filter_state(FALSE, FOLD_FILTER_FLAGS_NONE);
    CHECK_ITEMS("[Fruit] apple banana cherry blackberry blueberry [Citrus] lemon lime "
                "[Vegetables+] [Nuts] almond cashew [berry jam] ? ?");
    CHECK(fold_store_remove_section(store, jam, NULL));
    CHECK_ITEMS(all_items);
    CHECK(error == NULL);
}

/* SHOW_CHILDREN: a matching header shows all below it. */
static void
test_show_children(void)
{
    GError *error = NULL;
    Query citrus = {"Citrus", 0, 0, FALSE, 0, 0, 0};
    g_string_truncate(signals, 0);
    CHECK(fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_SHOW_CHILDREN, match_text, &citrus,
                                     query_destroyed, &error));
    CHECK_ITEMS("[Fruit] [Citrus]* lemon lime");
    CHECK_SIGNALS("1 12 3;"); /* Fruit's rows, Vegetables and Nuts removed: one splice */
    CHECK_COUNT(id_of("citrus"), "0 of 2");
    check_filter_state(TRUE, FOLD_FILTER_FLAGS_SHOW_CHILDREN);
    CHECK(fold_store_clear_filter(store, &error));
    CHECK_ITEMS(all_items);
    CHECK_EQ_I64(citrus.destroyed, 1);
    CHECK(error == NULL);
}

/* The store's tree as a snapshot, with a new section "jam" ("berry jam",
 * `jam_rows` rows) at the end. */
static GVariant *
snapshot_with_jam(gint64 jam_rows)
{
    FoldSnapshotBuilder *b = fold_snapshot_builder_new();
    fold_snapshot_builder_open_section(b, "fruit", "Fruit", FOLD_SECTION_FLAGS_NONE);
    fold_snapshot_builder_add_rows(b, 5);
    fold_snapshot_builder_add_section(b, "citrus", "Citrus", FOLD_SECTION_FLAGS_NONE, 2);
    fold_snapshot_builder_close_section(b);
    fold_snapshot_builder_add_section(b, "veg", "Vegetables", FOLD_SECTION_FLAGS_NONE, 3);
    fold_snapshot_builder_add_section(b, "nuts", "Nuts", FOLD_SECTION_FLAGS_NONE, 2);
    fold_snapshot_builder_add_section(b, "jam", "berry jam", FOLD_SECTION_FLAGS_NONE, jam_rows);
    GVariant *v = g_variant_ref_sink(fold_snapshot_builder_end(b));
    g_object_unref(b);
    return v;
}

/* A snapshot while filtering: what it adds is asked about (the new
 * section's header, then its row) before anything changes; a stop changes
 * nothing. */
static void
test_snapshot(void)
{
    GError *error = NULL;
    Query berry = {"berry", 0, 0, FALSE, 0, 0, 0};
    filter_by(&berry, &error);
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Vegetables+]");
    GVariant *snapshot = snapshot_with_jam(1);
    FoldSnapshotReport report = {0};
    g_string_truncate(signals, 0);
    berry.stop_at = berry.calls + 2; /* at the jam row */
    CHECK(!fold_store_apply_snapshot(store, snapshot, &report, &error));
    CHECK_ERROR(&error, FOLD_E_CANCELLED);
    CHECK_EQ_I64(berry.calls, 18);
    CHECK_SIGNALS("");
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Vegetables+]");
    guint64 jam = 0;
    CHECK(!fold_store_find_section(store, "jam", &jam, NULL));
    berry.stop_at = 0;
    /* Again without the stop: asked the same two, the header matches. */
    CHECK(fold_store_apply_snapshot(store, snapshot, &report, &error));
    CHECK_EQ_I64(berry.calls, 20);
    CHECK_EQ_I64(report.sections_inserted, 1);
    CHECK_SIGNALS("4 0 1;");
    CHECK_ITEMS("[Fruit] blackberry* blueberry* [Vegetables+] [berry jam]*");
    CHECK_COUNT(id_of("jam"), "0 of 1");
    g_variant_unref(snapshot);
    /* Back as it was for what follows. */
    CHECK(fold_store_clear_filter(store, &error));
    CHECK(fold_store_remove_section(store, id_of("jam"), &error));
    CHECK_ITEMS(all_items);
    CHECK(error == NULL);
}

int
main(void)
{
    signals = g_string_new(NULL);
    store = g_object_new(FOLD_TYPE_STORE, "row-height", 20.0, "header-height", 30.0, NULL);
    guint64 fruit = 0, id = 0;
    CHECK(fold_store_insert_section(store, 0, -1, "fruit", "Fruit", 5, FOLD_SECTION_FLAGS_NONE,
                                    &fruit, NULL));
    CHECK(fold_store_insert_section(store, fruit, -1, "citrus", "Citrus", 2,
                                    FOLD_SECTION_FLAGS_NONE, &id, NULL));
    CHECK(fold_store_insert_section(store, 0, -1, "veg", "Vegetables", 3,
                                    FOLD_SECTION_FLAGS_COLLAPSED, &id, NULL));
    CHECK(fold_store_insert_section(store, 0, -1, "nuts", "Nuts", 2, FOLD_SECTION_FLAGS_NONE,
                                    &id, NULL));
    model = fold_list_model_new_for_store(store);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);
    g_signal_connect(model, "items-changed", G_CALLBACK(on_items_changed), NULL);

    test_types();
    test_no_filter();
    Query berry = {"berry", 0, 0, FALSE, 0, 0, 0}, berry2 = berry;
    test_filter(&berry, &berry2);
    test_errors(&berry2);
    test_insertions();
    test_show_children();
    test_snapshot();

    /* A filter left on: its destroy notify runs once, when the store goes
     * (the model holds a reference on it). */
    Query last = {"a", 0, 0, FALSE, 0, 0, 0};
    CHECK(fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_NONE, match_text, &last,
                                     query_destroyed, NULL));
    g_object_unref(model);
    CHECK_EQ_I64(last.destroyed, 0);
    g_object_unref(store);
    CHECK_EQ_I64(last.destroyed, 1);
    CHECK_EQ_I64(berry.destroyed, 1);
    CHECK_EQ_I64(berry2.destroyed, 1);

    g_string_free(signals, TRUE);
    return check_done();
}
