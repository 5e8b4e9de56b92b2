/*
 * test-model.c — FoldListModel's items-changed signals against snapshot diffs.
 *
 * Needs no display: GListModel is plain GObject. For each mutation the test
 * takes a full snapshot of the model before and after (every item's identity
 * and state, read through get_item), records the signals, and checks that
 *   1. replaying the signals on the old snapshot (removing, then fetching the
 *      added items from the model) gives the new snapshot exactly;
 *   2. the signals that change the count are the minimal splice of the
 *      identities (common prefix and suffix of old and new);
 *   3. the (q, 1, 1) signals rebind exactly the items whose identity stayed
 *      and whose state changed — no more, no fewer;
 *   4. get_n_items agrees with the engine after every signal.
 */
#include "foldtable-gtk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                          \
        }                                                                        \
    } while (0)

#define OK(call) CHECK((call) == FOLD_OK)

typedef struct {
    guint position, removed, added;
} Signal;

static GArray *signals;     /* Signal */
static GPtrArray *shadow;   /* char *: the old snapshot with signals applied */
static FoldListModel *model;

static char *
identity(FoldListItem *item)
{
    return g_strdup_printf("%d|%s|%" G_GINT64_FORMAT, fold_list_item_get_kind(item),
                           fold_list_item_get_key(item), fold_list_item_get_row(item));
}

static char *
describe(FoldListItem *item)
{
    char *id = identity(item);
    const char *detail = fold_list_item_get_detail(item);
    const char *indicator = fold_list_item_get_indicator(item);
    const char *title = fold_list_item_get_title(item);
    char *s = g_strdup_printf("%s d=%d t=%s/%s i=%s h=%g e=%d x=%d c=%d", id,
                              fold_list_item_get_depth(item), title ? title : "(null)",
                              detail ? detail : "(null)", indicator ? indicator : "(null)",
                              fold_list_item_get_height(item), fold_list_item_get_expanded(item),
                              fold_list_item_get_expandable(item),
                              fold_list_item_get_collapsed(item));
    g_free(id);
    return s;
}

static char *
describe_at(guint position)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), position);
    if (!item)
        return g_strdup("(missing)");
    CHECK(fold_list_item_get_position(item) == position);
    char *s = describe(item);
    g_object_unref(item);
    return s;
}

static GPtrArray *
snapshot(void)
{
    GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
    guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
    for (guint i = 0; i < n; i++)
        g_ptr_array_add(a, describe_at(i));
    return a;
}

/* The identity part of a description (up to the first space). */
static gboolean
same_identity(const char *a, const char *b)
{
    size_t la = strcspn(a, " "), lb = strcspn(b, " ");
    return la == lb && strncmp(a, b, la) == 0;
}

static void
on_items_changed(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)data;
    Signal s = {position, removed, added};
    g_array_append_val(signals, s);
    int64_t engine = -1;
    OK(fold_table_item_count(fold_list_model_get_table(FOLD_LIST_MODEL(list)), &engine));
    /* After the last signal of a mutation the counts agree; in between, the
     * model's count follows the signals. */
    CHECK(position + removed <= shadow->len);
    g_ptr_array_remove_range(shadow, position, removed);
    for (guint i = 0; i < added; i++)
        g_ptr_array_insert(shadow, (gint)(position + i), describe_at(position + i));
    CHECK(g_list_model_get_n_items(list) == shadow->len);
}

static GPtrArray *before;

static void
begin(void)
{
    g_array_set_size(signals, 0);
    before = snapshot();
    g_ptr_array_set_size(shadow, 0);
    for (guint i = 0; i < before->len; i++)
        g_ptr_array_add(shadow, g_strdup(g_ptr_array_index(before, i)));
}

/* Checks the recorded signals against the snapshot diff; returns how many
 * signals there were. */
static gboolean quiet;

/* A documented reset (set_indicators, reload): one items-changed(0, n0, n1). */
static void
finish_reset(const char *what)
{
    GPtrArray *after = snapshot();
    CHECK(signals->len == 1);
    Signal s = g_array_index(signals, Signal, 0);
    CHECK(s.position == 0 && s.removed == before->len && s.added == after->len);
    CHECK(shadow->len == after->len);
    for (guint i = 0; i < after->len && i < shadow->len; i++)
        CHECK(strcmp(g_ptr_array_index(shadow, i), g_ptr_array_index(after, i)) == 0);
    printf("%-48s %3u -> %3u items, reset (%u,%u,%u)\n", what, before->len, after->len,
           s.position, s.removed, s.added);
    g_ptr_array_unref(after);
    g_ptr_array_unref(before);
    before = NULL;
}

static guint
finish(const char *what)
{
    GPtrArray *after = snapshot();
    int64_t engine = -1;
    OK(fold_table_item_count(fold_list_model_get_table(model), &engine));
    CHECK((int64_t)g_list_model_get_n_items(G_LIST_MODEL(model)) == engine);

    /* 1. replay */
    gboolean replay_ok = shadow->len == after->len;
    for (guint i = 0; replay_ok && i < after->len; i++)
        replay_ok = strcmp(g_ptr_array_index(shadow, i), g_ptr_array_index(after, i)) == 0;
    if (!replay_ok)
        fprintf(stderr, "%s: replaying the signals does not give the new list\n", what);
    CHECK(replay_ok);

    /* 2. the structural splice */
    guint n0 = before->len, n1 = after->len, prefix = 0, suffix = 0;
    while (prefix < n0 && prefix < n1 &&
           same_identity(g_ptr_array_index(before, prefix), g_ptr_array_index(after, prefix)))
        prefix++;
    while (suffix < n0 - prefix && suffix < n1 - prefix &&
           same_identity(g_ptr_array_index(before, n0 - 1 - suffix),
                         g_ptr_array_index(after, n1 - 1 - suffix)))
        suffix++;
    guint structural = 0;
    for (guint i = 0; i < signals->len; i++) {
        Signal s = g_array_index(signals, Signal, i);
        if (s.removed == 1 && s.added == 1)
            continue;
        structural++;
        CHECK(s.position == prefix);
        CHECK(s.removed == n0 - prefix - suffix);
        CHECK(s.added == n1 - prefix - suffix);
        if (s.position != prefix)
            fprintf(stderr, "%s: splice at %u, diff says %u\n", what, s.position, prefix);
    }
    /* Row and state changes keep the count and need no splice. */
    CHECK(structural == (n0 != n1 ? 1u : 0u));

    /* 3. rebinds: items with the same identity (outside the splice) whose
     * state changed, in new positions. */
    GArray *expected = g_array_new(FALSE, FALSE, sizeof(guint));
    for (guint i = 0; i < n1; i++) {
        guint old;
        if (n0 == n1)
            old = i;
        else if (i < prefix)
            old = i;
        else if (i >= n1 - suffix)
            old = i - n1 + n0;
        else
            continue; /* inserted */
        if (strcmp(g_ptr_array_index(before, old), g_ptr_array_index(after, i)) != 0)
            g_array_append_val(expected, i);
    }
    GArray *rebound = g_array_new(FALSE, FALSE, sizeof(guint));
    for (guint i = 0; i < signals->len; i++) {
        Signal s = g_array_index(signals, Signal, i);
        if (s.removed == 1 && s.added == 1)
            g_array_append_val(rebound, s.position);
    }
    gboolean same = expected->len == rebound->len;
    for (guint i = 0; same && i < expected->len; i++)
        same = g_array_index(expected, guint, i) == g_array_index(rebound, guint, i);
    if (!same) {
        fprintf(stderr, "%s: rebound", what);
        for (guint i = 0; i < rebound->len; i++)
            fprintf(stderr, " %u", g_array_index(rebound, guint, i));
        fprintf(stderr, ", changed");
        for (guint i = 0; i < expected->len; i++)
            fprintf(stderr, " %u", g_array_index(expected, guint, i));
        fprintf(stderr, "\n");
    }
    CHECK(same);

    if (!quiet) {
        printf("%-48s %3u -> %3u items, signals:", what, n0, n1);
        for (guint i = 0; i < signals->len; i++) {
            Signal s = g_array_index(signals, Signal, i);
            printf(" (%u,%u,%u)", s.position, s.removed, s.added);
        }
        printf("\n");
    }
    g_array_unref(expected);
    g_array_unref(rebound);
    g_ptr_array_unref(after);
    g_ptr_array_unref(before);
    before = NULL;
    return signals->len;
}

static Signal
signal_at(guint i)
{
    Signal none = {G_MAXUINT, 0, 0};
    return i < signals->len ? g_array_index(signals, Signal, i) : none;
}

static char *
text(const char *key, int64_t row, void *user_data)
{
    (*(int *)user_data)++;
    if (row < 0)
        return g_strdup_printf("Group %s", key);
    return g_strdup_printf("%s row %" G_GINT64_FORMAT, key, row);
}

static int64_t
header_pos(const char *key)
{
    int64_t p = -1;
    OK(fold_table_header_position_key(fold_list_model_get_table(model), key, &p));
    return p;
}

static int64_t
row_pos(const char *key, int64_t row)
{
    int64_t p = -1;
    OK(fold_table_row_position_key(fold_list_model_get_table(model), key, row, &p));
    return p;
}

int
main(void)
{
    fold_table *table = NULL;
    OK(fold_table_new(NULL, &table));
    /* a: 3 rows, subsections a1 (4 rows), a2 (2 rows, nested a2x with 3 rows);
     * b: 5 rows; c: empty; d: 2 rows with a subsection d1 (2 rows). */
    OK(fold_table_append_section(table, "a", "Alpha|first", 3));
    OK(fold_table_insert_subsection(table, "a", 3, "a1", "A one", 4));
    OK(fold_table_insert_subsection(table, "a", 4, "a2", "A two", 2));
    OK(fold_table_insert_subsection(table, "a2", 2, "a2x", "A two x", 3));
    OK(fold_table_append_section(table, "b", "Beta", 5));
    OK(fold_table_append_section(table, "c", "Gamma (empty)", 0));
    OK(fold_table_append_section(table, "d", "Delta", 2));
    OK(fold_table_insert_subsection(table, "d", 2, "d1", "D one", 2));
    const char *keys[] = {"a", "a1", "a2", "a2x", "b", "d", "d1"};
    for (size_t k = 0; k < G_N_ELEMENTS(keys); k++) {
        int64_t rows = 0;
        OK(fold_table_row_count_key(table, keys[k], &rows));
        for (int64_t r = 0; r < rows; r++)
            OK(fold_table_set_row_expanded_height(table, keys[k], r, 100 + 10 * (double)r));
    }
    /* one row that cannot expand */
    OK(fold_table_set_row_expanded_height(table, "b", 4, FOLD_HEIGHT_DEFAULT));

    model = fold_list_model_new(table, (GDestroyNotify)fold_table_free);
    int text_calls = 0;
    fold_list_model_set_text_func(model, text, &text_calls, NULL);
    signals = g_array_new(FALSE, FALSE, sizeof(Signal));
    shadow = g_ptr_array_new_with_free_func(g_free);
    g_signal_connect(model, "items-changed", G_CALLBACK(on_items_changed), NULL);

    /* The model is the engine's list. */
    int64_t count = 0;
    OK(fold_table_item_count(table, &count));
    CHECK(count == 1 + 3 + 1 + 4 + 1 + 2 + 1 + 3 + 1 + 5 + 1 + 1 + 2 + 1 + 2);
    CHECK(g_list_model_get_n_items(G_LIST_MODEL(model)) == (guint)count);
    CHECK(g_list_model_get_item_type(G_LIST_MODEL(model)) == FOLD_TYPE_LIST_ITEM);
    CHECK(g_list_model_get_item(G_LIST_MODEL(model), (guint)count) == NULL);
    {
        FoldListItem *h = g_list_model_get_item(G_LIST_MODEL(model), 0);
        CHECK(fold_list_item_get_kind(h) == FOLD_ITEM_HEADER);
        CHECK(strcmp(fold_list_item_get_title(h), "Alpha") == 0);
        CHECK(strcmp(fold_list_item_get_detail(h), "first") == 0);
        CHECK(strcmp(fold_list_item_get_indicator(h), "\xE2\x80\x93") == 0);
        CHECK(fold_list_item_get_height(h) == 28);
        g_object_unref(h);
        FoldListItem *sub = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("a2x"));
        CHECK(fold_list_item_get_depth(sub) == 2);
        CHECK(strcmp(fold_list_item_get_title(sub), "Group a2x") == 0);
        CHECK(strcmp(fold_list_item_get_indicator(sub), "\xE2\x80\x93") == 0);
        g_object_unref(sub);
        FoldListItem *r = g_list_model_get_item(G_LIST_MODEL(model), (guint)row_pos("a1", 2));
        CHECK(fold_list_item_get_kind(r) == FOLD_ITEM_ROW);
        CHECK(fold_list_item_get_row(r) == 2);
        CHECK(strcmp(fold_list_item_get_key(r), "a1") == 0);
        CHECK(strcmp(fold_list_item_get_title(r), "a1 row 2") == 0);
        CHECK(fold_list_item_get_expandable(r) && !fold_list_item_get_expanded(r));
        CHECK(fold_list_item_get_height(r) == 44);
        g_object_unref(r);
        FoldListItem *c = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("c"));
        CHECK(strcmp(fold_list_item_get_indicator(c), "") == 0);
        g_object_unref(c);
        CHECK(text_calls > 0);
    }

    GError *error = NULL;
    int32_t action = -1;
    gboolean changed = FALSE;

    /* Collapse a nested section by activating its header. */
    int64_t p = header_pos("a2");
    begin();
    CHECK(fold_list_model_activate(model, (guint)p, &action, &error));
    CHECK(action == FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK(finish("activate header a2 (collapse)") == 2);
    CHECK(signal_at(0).position == p + 1 && signal_at(0).removed == 2 + 1 + 3 && signal_at(0).added == 0);
    CHECK(signal_at(1).position == p && signal_at(1).removed == 1 && signal_at(1).added == 1);

    /* Expand it again. */
    begin();
    CHECK(fold_list_model_activate(model, (guint)p, &action, &error));
    CHECK(action == FOLD_ACTIVATED_SECTION_EXPANDED);
    CHECK(finish("activate header a2 (expand)") == 2);
    CHECK(signal_at(0).position == p + 1 && signal_at(0).removed == 0 && signal_at(0).added == 6);

    /* Collapse the top-level section that holds everything of a. */
    begin();
    CHECK(fold_list_model_toggle_section(model, "a", &changed, &error) && changed);
    CHECK(finish("toggle_section a (collapse)") == 2);
    CHECK(signal_at(0).position == 1 && signal_at(0).removed == 3 + 5 + 3 + 4 && signal_at(0).added == 0);

    /* A section inside a collapsed one: nothing visible changes. */
    begin();
    CHECK(fold_list_model_toggle_section(model, "a1", &changed, &error) && changed);
    CHECK(finish("toggle_section a1 (hidden, collapse)") == 0);

    /* Expanding a shows a1 collapsed (its own state kept). */
    begin();
    CHECK(fold_list_model_set_section_collapsed(model, "a", FALSE, &changed, &error) && changed);
    CHECK(finish("set_section_collapsed a FALSE") == 2);
    CHECK(signal_at(0).position == 1 && signal_at(0).added == 3 + 1 + 1 + 2 + 1 + 3);
    begin();
    CHECK(fold_list_model_set_section_collapsed(model, "a", FALSE, &changed, &error) && !changed);
    CHECK(finish("set_section_collapsed a FALSE (again)") == 0);
    begin();
    CHECK(fold_list_model_toggle_section(model, "a1", &changed, &error) && changed);
    CHECK(finish("toggle_section a1 (expand)") == 2);

    /* The empty section: activating its header does nothing. */
    begin();
    CHECK(fold_list_model_activate(model, (guint)header_pos("c"), &action, &error));
    CHECK(action == FOLD_ACTIVATED_NOTHING);
    CHECK(finish("activate empty section c") == 0);

    /* Expand a row: rebound in place at its new height. */
    int64_t r = row_pos("b", 1);
    begin();
    CHECK(fold_list_model_activate(model, (guint)r, &action, &error));
    CHECK(action == FOLD_ACTIVATED_ROW_EXPANDED);
    CHECK(finish("activate row b/1 (expand, multiple)") == 1);
    CHECK(signal_at(0).position == r && signal_at(0).removed == 1 && signal_at(0).added == 1);
    {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)r);
        CHECK(fold_list_item_get_expanded(it) && fold_list_item_get_height(it) == 110);
        g_object_unref(it);
    }
    /* A second one, under MULTIPLE both stay. */
    begin();
    CHECK(fold_list_model_toggle_row(model, "a1", 0, &changed, &error) && changed);
    CHECK(finish("toggle_row a1/0 (expand, multiple)") == 1);

    /* A row that cannot expand: nothing. */
    begin();
    CHECK(fold_list_model_activate(model, (guint)row_pos("b", 4), &action, &error));
    CHECK(action == FOLD_ACTIVATED_NOTHING);
    CHECK(finish("activate row b/4 (not expandable)") == 0);

    /* Accordion: switching does not collapse (the header says "later
     * expansions"); the next expansion collapses the others. */
    begin();
    CHECK(fold_list_model_set_accordion(model, FOLD_ACCORDION_SINGLE, &error));
    CHECK(finish("set_accordion SINGLE") == 0);
    begin();
    CHECK(fold_list_model_activate(model, (guint)row_pos("d1", 1), &action, &error));
    CHECK(action == FOLD_ACTIVATED_ROW_EXPANDED);
    guint n = finish("activate row d1/1 (expand, single)");
    CHECK(n == 3); /* d1/1, and a1/0 and b/1 collapsed */
    CHECK(signal_at(0).position == row_pos("a1", 0));
    CHECK(signal_at(1).position == row_pos("b", 1));
    CHECK(signal_at(2).position == row_pos("d1", 1));
    fold_row_ref *refs = NULL;
    int64_t nrefs = 0;
    OK(fold_table_expanded_rows(table, &refs, &nrefs));
    CHECK(nrefs == 1 && refs && strcmp(refs[0].key, "d1") == 0 && refs[0].row == 1);
    fold_free(refs);

    /* Accordion with the expanded row hidden in a collapsed section: only
     * the visible row is rebound. */
    begin();
    CHECK(fold_list_model_set_section_collapsed(model, "d", TRUE, &changed, &error) && changed);
    CHECK(finish("collapse d (holds expanded d1/1)") == 2);
    begin();
    CHECK(fold_list_model_set_row_expanded(model, "a2x", 2, TRUE, &changed, &error) && changed);
    CHECK(finish("expand a2x/2 (single; d1/1 hidden)") == 1);
    begin();
    CHECK(fold_list_model_set_section_collapsed(model, "d", FALSE, &changed, &error) && changed);
    CHECK(finish("expand d") == 2);

    /* Per section: expanding in another section keeps a2x/2. */
    begin();
    CHECK(fold_list_model_set_accordion(model, FOLD_ACCORDION_PER_SECTION, &error));
    CHECK(finish("set_accordion PER_SECTION") == 0);
    begin();
    CHECK(fold_list_model_activate(model, (guint)row_pos("a2x", 0), &action, &error));
    CHECK(finish("activate a2x/0 (per section: a2x/2 collapses)") == 2);
    begin();
    CHECK(fold_list_model_activate(model, (guint)row_pos("b", 0), &action, &error));
    CHECK(finish("activate b/0 (per section: a2x/0 stays)") == 1);
    begin();
    CHECK(fold_list_model_activate(model, (guint)row_pos("b", 0), &action, &error));
    CHECK(action == FOLD_ACTIVATED_ROW_COLLAPSED);
    CHECK(finish("activate b/0 again (collapse)") == 1);

    /* Collapse a section holding an expanded row, by its header. */
    begin();
    CHECK(fold_list_model_activate(model, (guint)header_pos("a2x"), &action, &error));
    CHECK(finish("activate header a2x (holds expanded a2x/0)") == 2);

    /* Indicators rebind every item. */
    begin();
    CHECK(fold_list_model_set_indicators(model, "[+]", "[-]", &error));
    finish_reset("set_indicators [+] [-]");
    {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("a2x"));
        CHECK(strcmp(fold_list_item_get_indicator(it), "[+]") == 0);
        g_object_unref(it);
        it = g_list_model_get_item(G_LIST_MODEL(model), 0);
        CHECK(strcmp(fold_list_item_get_indicator(it), "[-]") == 0);
        g_object_unref(it);
    }

    /* Direct table changes, then reload. */
    begin();
    OK(fold_table_append_section(table, "e", "Epsilon", 7));
    CHECK(fold_list_model_get_table(model) == table);
    fold_list_model_reload(model);
    finish_reset("append e directly, reload");

    /* Errors come back as GError with the engine's status. */
    CHECK(!fold_list_model_toggle_section(model, "nope", NULL, &error));
    CHECK(error && error->domain == FOLD_LIST_MODEL_ERROR && error->code == FOLD_E_NOT_FOUND);
    g_clear_error(&error);
    CHECK(!fold_list_model_activate(model, 100000, NULL, &error));
    CHECK(error && error->code == FOLD_E_RANGE);
    g_clear_error(&error);
    CHECK(!fold_list_model_set_accordion(model, 7, &error));
    CHECK(error && error->code == FOLD_E_INVALID);
    g_clear_error(&error);

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
        int saved = failures;
        quiet = i % 25 != 0;
        finish(what);
        quiet = FALSE;
        if (failures != saved)
            fprintf(stderr, "failed at %s\n", what);
    }
    g_rand_free(rng);

    g_object_unref(model); /* frees the table */
    g_array_unref(signals);
    g_ptr_array_unref(shadow);
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("all FoldListModel checks passed\n");
    return 0;
}
