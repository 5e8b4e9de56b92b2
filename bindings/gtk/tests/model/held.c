/*
 * held.c — items someone holds follow their row (issue 33, item 5): the
 * three ways a row's index changes while its position does not — a row
 * the filter hides removed or inserted above it, and the row before it
 * moved into an empty headerless subsection right after that one — what
 * happens when the engine reports nothing, and a seeded
 * random run that holds items across inserts, removals and moves of rows
 * and sections, filters, collapses, loads and snapshots, and compares every
 * held item with the engine after each step (tests/support/shadow.h).
 *
 * Its own tables and models; the text func says "key:row", so a row's
 * title changes with its index. TEST_MODEL_SEED=n replays another run.
 */
#include "model-test.h"

#include "support/shadow.h"

static char *
key_row_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    if (user_data)
        (*(int *)user_data)++;
    return g_strdup_printf("%s:%" G_GINT64_FORMAT, key, row);
}

/* The match function: a row or header matches unless `hidden` names it. */
typedef struct {
    fold_section_id section;
    int64_t row; /* -2: nothing hidden */
} Hidden;

static int
match_unless_hidden(fold_table *table, fold_section_id section, const char *key, int64_t row,
                    void *user_data)
{
    (void)table;
    (void)key;
    const Hidden *hidden = user_data;
    return !(section == hidden->section && row == hidden->row);
}

static void
count_set(fold_table *table, const fold_change_set *cs, void *data)
{
    (void)table;
    (void)cs;
    (*(guint *)data)++;
}

/* Holds the item at `position` and checks what it says. */
static FoldListItem *
held_row(FoldListModel *m, guint position, fold_section_id section, int64_t row,
         const char *title)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(m), position);
    CHECK(item != NULL);
    if (!item)
        return NULL;
    CHECK(fold_list_item_get_kind(item) == FOLD_ITEM_KIND_ROW);
    CHECK(fold_list_item_get_section_id(item) == section);
    CHECK_EQ_I64(fold_list_item_get_row(item), row);
    CHECK_STR(fold_list_item_get_title(item), title);
    return item;
}

/* The item is still the one at `position`, and says `section`, `key`,
 * `depth`, `row` and `title`. */
static void
check_follows(FoldListModel *m, FoldListItem *item, guint position, fold_section_id section,
              const char *key, int32_t depth, int64_t row, const char *title)
{
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(m), position);
    CHECK(now == item); /* the same object: it stayed at its position */
    g_clear_object(&now);
    CHECK(fold_list_item_get_position(item) == position);
    CHECK(fold_list_item_get_section_id(item) == section);
    CHECK_STR(fold_list_item_get_key(item), key);
    CHECK(fold_list_item_get_depth(item) == depth);
    CHECK_EQ_I64(fold_list_item_get_row(item), row);
    CHECK_STR(fold_list_item_get_title(item), title);
}

/* Records items-changed into a small array (and counts them all). */
typedef struct {
    Signal *steps;
    guint capacity;
    guint *count;
} SignalLog;

static void
record_signal(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)list;
    SignalLog *log = data;
    if (*log->count < log->capacity)
        log->steps[*log->count] = (Signal){position, removed, added};
    (*log->count)++;
}

static void
count_note(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)object;
    GString *log = data;
    g_string_append_printf(log, "%s;", pspec->name);
}

/* A filter hides row 0 of s (rows 0..2); the item of row 1 is at position
 * 1. Removing the hidden row 0 makes it row 0, inserting a hidden row
 * before it row 2; its position stays 1 both times and the engine's change
 * set has no step for it. */
static void
test_hidden_rows(void)
{
    fold_table *t = new_table(NULL);
    if (!t)
        return;
    fold_section_id s = add(t, FOLD_ROOT, "s", "S", 3);
    Hidden hidden = {s, 0};
    OK(fold_table_set_filter(t, match_unless_hidden, &hidden, 0));
    FoldListModel *m = fold_list_model_new(t, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(m, key_row_text, NULL, NULL);
    CHECK(g_list_model_get_n_items(G_LIST_MODEL(m)) == 3); /* header, rows 1 and 2 */
    FoldListItem *item = held_row(m, 1, s, 1, "s:1");
    GString *log = g_string_new(NULL);
    guint signals = 0;
    g_signal_connect_swapped(m, "items-changed", G_CALLBACK(count_signal), &signals);
    if (item)
        g_signal_connect(item, "notify", G_CALLBACK(count_note), log);

    /* 1. The hidden row 0 goes: the held row is row 0, "s:0". */
    OK(fold_table_remove_rows(t, s, 0, 1));
    CHECK(signals == 0 && g_list_model_get_n_items(G_LIST_MODEL(m)) == 3);
    if (item) {
        check_follows(m, item, 1, s, "s", 0, 0, "s:0");
        CHECK_STR(log->str, "title;row;");
    }

    /* 2. A row the filter hides comes in at 0 (the match function hides
     * s's row 0 whenever it is asked), then another one: the held row is
     * row 1, then row 2. */
    g_string_truncate(log, 0);
    OK(fold_table_insert_rows(t, s, 0, 1, NULL));
    CHECK(signals == 0 && g_list_model_get_n_items(G_LIST_MODEL(m)) == 3);
    if (item) {
        check_follows(m, item, 1, s, "s", 0, 1, "s:1");
        CHECK_STR(log->str, "title;row;");
    }
    OK(fold_table_insert_rows(t, s, 0, 1, NULL));
    CHECK(signals == 0);
    if (item)
        check_follows(m, item, 1, s, "s", 0, 2, "s:2");
    int64_t visible = -1;
    OK(fold_table_item_count(t, &visible));
    CHECK(visible == 3); /* header, rows 2 and 3: rows 0 and 1 are hidden */

    g_string_free(log, TRUE);
    g_clear_object(&item);
    g_object_unref(m);
}

/* s has row 0, an empty subsection g without a header, then row 1: row 0
 * moved into g (right after it) stays at position 1, and s's row 1 becomes
 * row 0 at position 2, where it was. The engine reports the move as the
 * moved row removed and inserted, and as a move: its item keeps its object
 * (read again: a new section and depth); the row after it is kept, and its
 * held item follows. */
static void
test_row_into_headerless(void)
{
    fold_table *t = new_table(NULL);
    if (!t)
        return;
    fold_section_id s = add(t, FOLD_ROOT, "s", "S", 2);
    fold_section_id g = 0;
    OK(fold_table_insert_section(t, s, 1, "g", "G", 0, FOLD_SECTION_NO_HEADER, &g));
    add(t, FOLD_ROOT, "after", "After", 1);
    FoldListModel *m = fold_list_model_new(t, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(m, key_row_text, NULL, NULL);
    CHECK(g_list_model_get_n_items(G_LIST_MODEL(m)) == 5);
    FoldListItem *moved = held_row(m, 1, s, 0, "s:0");
    FoldListItem *item = held_row(m, 2, s, 1, "s:1");
    Signal steps[4];
    guint signals = 0;
    GString *log = g_string_new(NULL);
    if (item)
        g_signal_connect(item, "notify", G_CALLBACK(count_note), log);
    SignalLog slog = {steps, G_N_ELEMENTS(steps), &signals};
    g_signal_connect(m, "items-changed", G_CALLBACK(record_signal), &slog);

    OK(fold_table_move_row(t, s, 0, g, 0));
    int64_t pos = -1;
    OK(fold_table_row_position(t, g, 0, &pos));
    CHECK(pos == 1);
    /* A move: one items-changed over both steps, so a view keeps the
     * widget of the object it gets back, and the moved row keeps its object
     * (now g's row 0, one level deeper). */
    CHECK(signals == 1 && steps[0].position == 1 && steps[0].removed == 1 && steps[0].added == 1);
    if (item) {
        check_follows(m, item, 2, s, "s", 0, 0, "s:0");
        CHECK_STR(log->str, "title;row;");
    }
    FoldListItem *now = held_row(m, 1, g, 0, "g:0");
    CHECK(now == moved && now && fold_list_item_get_depth(now) == 1);
    if (moved)
        CHECK_STR(fold_list_item_get_title(moved), "g:0");
    g_clear_object(&now);

    /* And back: g's row 0 to s's child index 0. */
    g_string_truncate(log, 0);
    OK(fold_table_move_row(t, g, 0, s, 0));
    if (item) {
        check_follows(m, item, 2, s, "s", 0, 1, "s:1");
        CHECK_STR(log->str, "title;row;");
    }
    g_string_free(log, TRUE);
    g_clear_object(&item);
    g_clear_object(&moved);
    g_object_unref(m);
}

/* What the engine does not report: a row the filter hides moved inside its
 * section (no header's count changes) shifts the rows after it but sends no
 * change set, so the held item of s's row 1 still says row 1 where the
 * engine says row 0 (printed, not counted: the engine's to fix). The next
 * change set, whatever it is about, makes the model read its held items
 * again, since the structure version moved: then it says row 0. */
static void
test_unreported(void)
{
    fold_table *t = new_table(NULL);
    if (!t)
        return;
    fold_section_id s = add(t, FOLD_ROOT, "s", "S", 3);
    fold_section_id other = add(t, FOLD_ROOT, "other", "Other", 1);
    Hidden hidden = {s, 0};
    OK(fold_table_set_filter(t, match_unless_hidden, &hidden, 0));
    FoldListModel *m = fold_list_model_new(t, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(m, key_row_text, NULL, NULL);
    FoldListItem *item = held_row(m, 1, s, 1, "s:1");
    guint sets = 0;
    int64_t listener = 0;
    OK(fold_table_add_change_listener(t, count_set, &sets, &listener));
    OK(fold_table_move_row(t, s, 0, s, 2)); /* hidden row 0 after the others */
    fold_item it;
    OK(fold_table_item_at(t, 1, &it));
    CHECK(it.section == s && it.row == 0);
    if (sets == 0 && item && fold_list_item_get_row(item) == 1)
        printf("note: a hidden row moved inside its section sends no change set; the held "
               "item of the row after it says row 1, not 0, until the next change set\n");
    OK(fold_table_set_row_height(t, other, 0, 33)); /* any change set */
    CHECK(sets >= 1);
    if (item) {
        check_follows(m, item, 1, s, "s", 0, 0, "s:0");
    }
    OK(fold_table_remove_listener(t, listener));
    g_clear_object(&item);
    g_object_unref(m);
}

/* ---- the random run -------------------------------------------------------- */

typedef struct {
    fold_table *table;
    GRand *rng;
    int next_key;
    guint32 salt; /* the filter's answers */
} Run;

/* Every section of the table, in list order (ids). */
static void
sections_under(fold_table *t, fold_section_id parent, GArray *into)
{
    int64_t children = 0;
    if (fold_table_child_count(t, parent, &children) != FOLD_OK)
        return;
    for (int64_t i = 0; i < children; i++) {
        int32_t kind = -1;
        fold_section_id child = 0;
        if (fold_table_child_at(t, parent, i, &kind, &child, NULL) == FOLD_OK &&
            kind == FOLD_CHILD_SECTION) {
            g_array_append_val(into, child);
            sections_under(t, child, into);
        }
    }
}

static int
random_match(fold_table *table, fold_section_id section, const char *key, int64_t row,
             void *user_data)
{
    (void)table;
    (void)key;
    guint32 h = (guint32)(section * 2654435761u) ^ (guint32)(row * 40503u) ^ *(guint32 *)user_data;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return row < 0 ? h % 4 == 0 : h % 3 != 0;
}

static gboolean
loaded(fold_table *t, fold_section_id s)
{
    fold_load_info li;
    return fold_table_load_info(t, s, &li) == FOLD_OK && li.state == FOLD_LOAD_LOADED;
}

static char *
new_key(Run *run)
{
    return g_strdup_printf("n%d", run->next_key++);
}

/* Children entries of `parent` at `depth`, taken from the table with random
 * changes: sections dropped, row runs longer or shorter, new sections. */
static void
snapshot_children(Run *run, fold_section_id parent, int32_t depth, GArray *entries,
                  GPtrArray *strings)
{
    fold_table *t = run->table;
    int64_t children = 0;
    fold_table_child_count(t, parent, &children);
    int64_t run_rows = 0;
    for (int64_t i = 0; i <= children; i++) {
        int32_t kind = -1;
        fold_section_id child = 0;
        if (i < children)
            fold_table_child_at(t, parent, i, &kind, &child, NULL);
        if (kind == FOLD_CHILD_ROW) {
            run_rows++;
            continue;
        }
        if (run_rows > 0 || (depth > 0 && g_rand_int_range(run->rng, 0, 8) == 0)) {
            int64_t rows = MAX(0, run_rows + g_rand_int_range(run->rng, -1, 2));
            g_array_append_val(entries, ((fold_snapshot_entry){FOLD_SNAPSHOT_ROWS, depth, NULL,
                                                               NULL, rows, 0, 0, 0, 0, 0}));
            run_rows = 0;
        }
        if (kind != FOLD_CHILD_SECTION || g_rand_int_range(run->rng, 0, 12) == 0)
            continue; /* the end, or a section the snapshot drops */
        char *key = g_strdup(text(t, child, FOLD_TEXT_KEY));
        g_ptr_array_add(strings, key);
        const char *header = g_rand_int_range(run->rng, 0, 6) == 0 ? "Renamed|by a snapshot"
                                                                    : text(t, child, FOLD_TEXT_HEADER);
        header = g_strdup(header);
        g_ptr_array_add(strings, (char *)header);
        g_array_append_val(entries, ((fold_snapshot_entry){FOLD_SNAPSHOT_SECTION, depth, key,
                                                           header, 0, 0, 0, 0, 0, 0}));
        if (loaded(t, child) || g_rand_int_range(run->rng, 0, 3) == 0)
            snapshot_children(run, child, depth + 1, entries, strings);
    }
    if (g_rand_int_range(run->rng, 0, 6) == 0) {
        char *key = new_key(run);
        g_ptr_array_add(strings, key);
        g_array_append_val(entries, ((fold_snapshot_entry){FOLD_SNAPSHOT_SECTION, depth, key,
                                                           "New|from a snapshot", 0, 0, 0, 0, 0,
                                                           0}));
        g_array_append_val(entries, ((fold_snapshot_entry){FOLD_SNAPSHOT_ROWS, depth + 1, NULL,
                                                           NULL, g_rand_int_range(run->rng, 0, 4),
                                                           0, 0, 0, 0, 0}));
    }
}

/* The children a load gives: rows, sometimes a subsection (unloaded or
 * with rows), sometimes nothing. */
static GArray *
load_entries(Run *run, GPtrArray *strings)
{
    GArray *entries = g_array_new(FALSE, FALSE, sizeof(fold_snapshot_entry));
    int shape = g_rand_int_range(run->rng, 0, 4);
    if (shape != 3)
        g_array_append_val(entries, ((fold_snapshot_entry){FOLD_SNAPSHOT_ROWS, 0, NULL, NULL,
                                                           g_rand_int_range(run->rng, 0, 4), 0, 0,
                                                           0, 0, 0}));
    if (shape >= 1) {
        char *key = new_key(run);
        g_ptr_array_add(strings, key);
        uint32_t flags = shape == 2 ? FOLD_SECTION_UNLOADED : 0;
        g_array_append_val(entries, ((fold_snapshot_entry){FOLD_SNAPSHOT_SECTION, 0, key,
                                                           "Loaded|child", 0, flags, 0, 0, 0, 0}));
        if (shape != 2)
            g_array_append_val(entries, ((fold_snapshot_entry){FOLD_SNAPSHOT_ROWS, 1, NULL, NULL,
                                                               2, 0, 0, 0, 0, 0}));
    }
    return entries;
}

/* One random step; describes it in `what`. Calls that fail (a move into
 * its own subtree, an unloaded target) change nothing and are fine. */
static void
random_step(Run *run, char *what, size_t size)
{
    fold_table *t = run->table;
    GRand *rng = run->rng;
    GArray *all = g_array_new(FALSE, FALSE, sizeof(fold_section_id));
    sections_under(t, FOLD_ROOT, all);
    if (all->len == 0) {
        char *key = new_key(run);
        fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, "Top", 4, 0, NULL);
        g_snprintf(what, size, "insert top section %s", key);
        g_free(key);
        g_array_unref(all);
        return;
    }
#define PICK() g_array_index(all, fold_section_id, g_rand_int_range(rng, 0, (gint32)all->len))
    fold_section_id s = PICK();
    fold_section_info si = info(t, s);
    const char *key = text(t, s, FOLD_TEXT_KEY);
    int64_t rows = si.row_count;
    int64_t row = rows ? g_rand_int_range(rng, 0, (gint32)rows) : 0;
    int status = FOLD_OK;
    switch (g_rand_int_range(rng, 0, 16)) {
    case 0:
    case 1: {
        int64_t n = g_rand_int_range(rng, 1, 4);
        int64_t at = g_rand_int_range(rng, 0, (gint32)si.child_count + 1);
        status = fold_table_insert_rows(t, s, at, n, NULL);
        g_snprintf(what, size, "insert %" G_GINT64_FORMAT " rows into %s at %" G_GINT64_FORMAT,
                   n, key, at);
        break;
    }
    case 2:
    case 3: {
        int64_t n = rows ? MIN(rows - row, g_rand_int_range(rng, 1, 3)) : 1;
        status = fold_table_remove_rows(t, s, row, n);
        g_snprintf(what, size, "remove %" G_GINT64_FORMAT " rows of %s at %" G_GINT64_FORMAT,
                   n, key, row);
        break;
    }
    case 4: {
        fold_section_id to = PICK();
        int64_t children = info(t, to).child_count;
        int64_t at = g_rand_int_range(rng, 0, (gint32)children + 1);
        status = fold_table_move_row(t, s, row, to, at);
        g_snprintf(what, size, "move row %s/%" G_GINT64_FORMAT " to %s at %" G_GINT64_FORMAT,
                   key, row, text(t, to, FOLD_TEXT_KEY), at);
        break;
    }
    case 5: {
        /* A row into an empty headerless subsection right after it. */
        if (!rows || !loaded(t, s)) {
            g_snprintf(what, size, "nothing (no row in %s)", key);
            break;
        }
        fold_row_info ri;
        OK(fold_table_row_info(t, s, row, &ri));
        char *sub = new_key(run);
        fold_section_id g = 0;
        status = fold_table_insert_section(t, s, ri.child_index + 1, sub, "", 0,
                                           FOLD_SECTION_NO_HEADER, &g);
        if (status == FOLD_OK)
            status = fold_table_move_row(t, s, row, g, 0);
        g_snprintf(what, size, "move row %s/%" G_GINT64_FORMAT " into new headerless %s", key,
                   row, sub);
        g_free(sub);
        break;
    }
    case 6: {
        static const uint32_t flags[] = {0, 0, FOLD_SECTION_COLLAPSED, FOLD_SECTION_FIXED,
                                         FOLD_SECTION_NO_HEADER, FOLD_SECTION_UNLOADED};
        uint32_t f = flags[g_rand_int_range(rng, 0, G_N_ELEMENTS(flags))];
        fold_section_id parent = g_rand_int_range(rng, 0, 4) == 0 ? FOLD_ROOT : s;
        int64_t children = parent == FOLD_ROOT ? section_count(t) : si.child_count;
        char *sub = new_key(run);
        int64_t n = f == FOLD_SECTION_UNLOADED ? 0 : g_rand_int_range(rng, 0, 4);
        status = fold_table_insert_section(t, parent, g_rand_int_range(rng, 0, (gint32)children + 1),
                                           sub, "Sub|x", n, f, NULL);
        g_snprintf(what, size, "insert section %s (flags %u) into %s", sub, f,
                   parent == FOLD_ROOT ? "the top" : key);
        g_free(sub);
        break;
    }
    case 7:
        if (g_rand_boolean(rng)) {
            g_snprintf(what, size, "remove section %s", key);
            status = fold_table_remove_section(t, s);
        } else {
            int64_t at = si.child_count ? g_rand_int_range(rng, 0, (gint32)si.child_count) : 0;
            g_snprintf(what, size, "remove child %" G_GINT64_FORMAT " of %s", at, key);
            status = fold_table_remove_children(t, s, at, 1);
        }
        break;
    case 8: {
        fold_section_id parent = g_rand_boolean(rng) ? FOLD_ROOT : PICK();
        int64_t children = parent == FOLD_ROOT ? section_count(t) : info(t, parent).child_count;
        int64_t at = g_rand_int_range(rng, 0, (gint32)children + 1);
        status = fold_table_move_section(t, s, parent, at);
        g_snprintf(what, size, "move section %s into %s at %" G_GINT64_FORMAT, key,
                   parent == FOLD_ROOT ? "the top" : text(t, parent, FOLD_TEXT_KEY), at);
        break;
    }
    case 9:
    case 10:
        status = fold_table_toggle(t, s, NULL);
        g_snprintf(what, size, "toggle %s", key);
        break;
    case 11: {
        int active = 0;
        fold_table_filter_info(t, &active, NULL);
        int choice = g_rand_int_range(rng, 0, 3);
        if (active && choice == 0) {
            status = fold_table_set_filter(t, NULL, NULL, 0);
            g_snprintf(what, size, "clear the filter");
        } else if (active && choice == 1 && rows) {
            status = fold_table_set_row_match(t, s, row, g_rand_boolean(rng));
            g_snprintf(what, size, "row %s/%" G_GINT64_FORMAT " matches or not", key, row);
        } else {
            run->salt = g_rand_int(rng);
            uint32_t flags = (uint32_t)g_rand_int_range(rng, 0, 4);
            status = fold_table_set_filter(t, random_match, &run->salt, flags);
            g_snprintf(what, size, "set a filter (flags %u)", flags);
        }
        break;
    }
    case 12:
        if (rows && g_rand_boolean(rng)) {
            status = fold_table_set_row_expanded_height(t, s, row, 90);
            if (status == FOLD_OK)
                status = fold_table_toggle_row(t, s, row, NULL);
            g_snprintf(what, size, "toggle row %s/%" G_GINT64_FORMAT, key, row);
        } else {
            int64_t n = item_count(t);
            int64_t p = n ? g_rand_int_range(rng, 0, (gint32)n) : 0;
            status = fold_table_select_item(t, p, FOLD_SELECT_TOGGLE, NULL);
            g_snprintf(what, size, "select %" G_GINT64_FORMAT, p);
        }
        break;
    case 13: {
        /* A load: finish (or fail) one that is under way, else start one. */
        fold_section_id loading = 0;
        for (guint i = 0; i < all->len && !loading; i++) {
            fold_load_info li;
            fold_section_id id = g_array_index(all, fold_section_id, i);
            if (fold_table_load_info(t, id, &li) == FOLD_OK &&
                (li.state == FOLD_LOAD_LOADING || li.state == FOLD_LOAD_FAILED))
                loading = id;
        }
        fold_load_info li;
        if (loading && fold_table_load_info(t, loading, &li) == FOLD_OK) {
            if (li.state == FOLD_LOAD_LOADING && g_rand_int_range(rng, 0, 4) == 0) {
                status = fold_table_fail_load(t, loading, li.ticket, "no luck");
                g_snprintf(what, size, "fail the load of %s", text(t, loading, FOLD_TEXT_KEY));
            } else {
                GPtrArray *strings = g_ptr_array_new_with_free_func(g_free);
                GArray *entries = load_entries(run, strings);
                status = fold_table_finish_load(t, loading, li.ticket,
                                                (fold_snapshot_entry *)(void *)entries->data,
                                                entries->len, NULL);
                g_snprintf(what, size, "finish the load of %s (%u entries)",
                           text(t, loading, FOLD_TEXT_KEY), entries->len);
                g_array_unref(entries);
                g_ptr_array_unref(strings);
            }
        } else {
            char *sub = new_key(run);
            status = fold_table_insert_section(t, FOLD_ROOT, g_rand_int_range(rng, 0, 3), sub,
                                               "Lazy", 0, FOLD_SECTION_UNLOADED, NULL);
            if (status == FOLD_OK)
                status = fold_table_expand(t, sec(t, sub), NULL);
            g_snprintf(what, size, "insert unloaded %s and expand it", sub);
            g_free(sub);
        }
        break;
    }
    case 14: {
        GPtrArray *strings = g_ptr_array_new_with_free_func(g_free);
        GArray *entries = g_array_new(FALSE, FALSE, sizeof(fold_snapshot_entry));
        snapshot_children(run, FOLD_ROOT, 0, entries, strings);
        status = fold_table_apply_snapshot(t, (fold_snapshot_entry *)(void *)entries->data,
                                           entries->len, NULL);
        g_snprintf(what, size, "apply a snapshot of %u entries", entries->len);
        g_array_unref(entries);
        g_ptr_array_unref(strings);
        break;
    }
    default:
        if (rows)
            status = fold_table_set_row_height(t, s, row, g_rand_int_range(rng, 10, 60));
        g_snprintf(what, size, "set row height %s/%" G_GINT64_FORMAT, key, row);
        break;
    }
#undef PICK
    (void)status;
    g_array_unref(all);
}

/* After each step: the list as signalled is the model's (every position
 * answered, held items the objects handed out, every change notified), and
 * every held item says what the engine says of its position.
 *
 * Except after a step the engine did not report, when a held item then
 * differs from the engine: the model hears nothing, so it cannot know. A
 * hidden row moved inside its section, or inserted or removed in a section
 * without a header (no header shows its count), changes the row index of
 * the rows after it but sends no change set, although foldtable.h
 * promises one for every change of an item's state. Such steps are counted
 * and printed; the held items are compared again from the next change set
 * on (it makes the model read them again: the structure version moved). */
static void
test_random_held(void)
{
    guint32 seed = 33005;
    if (g_getenv("TEST_MODEL_SEED"))
        seed = (guint32)g_ascii_strtoull(g_getenv("TEST_MODEL_SEED"), NULL, 10);
    fold_table *t = new_table(NULL);
    if (!t)
        return;
    Run run = {t, g_rand_new_with_seed(seed), 0, 0};
    for (int i = 0; i < 4; i++) {
        char *key = new_key(&run);
        fold_section_id s = add(t, FOLD_ROOT, key, "Top|level", 4);
        if (i % 2) {
            char inner[32];
            g_snprintf(inner, sizeof inner, "%s-in", key);
            add(t, s, inner, "Inner", 3);
        }
        g_free(key);
    }
    FoldListModel *m = fold_list_model_new(t, (GDestroyNotify)fold_table_free);
    int calls = 0;
    fold_list_model_set_text_func(m, key_row_text, &calls, NULL);
    guint sets = 0;
    int64_t listener = 0;
    OK(fold_table_add_change_listener(t, count_set, &sets, &listener));
    Shadow *shadow = shadow_new(m, t, key_row_text, NULL);
    shadow_shuffle(shadow, run.rng, 0.5, 0);

    const int steps = 600;
    guint most_held = 0, steps_failed = 0, compared = 0, unreported = 0;
    gboolean behind = FALSE;
    char first_unreported[200] = "";
    for (int i = 0; i < steps; i++) {
        char what[160], label[200];
        guint sets_before = sets;
        random_step(&run, what, sizeof what);
        g_snprintf(label, sizeof label, "held #%d (seed %u): %s", i, seed, what);
        if (sets != sets_before)
            behind = FALSE;
        else if (!behind && !shadow_matches_engine(shadow)) {
            behind = TRUE;
            if (unreported++ == 0)
                g_strlcpy(first_unreported, label, sizeof first_unreported);
        }
        long failed = check_failed_so_far();
        shadow_check_list(shadow, label);
        if (!behind) {
            shadow_check_engine(shadow, label);
            compared++;
        }
        if (check_failed_so_far() != failed && steps_failed++ < 5)
            fprintf(stderr, "failed at %s\n", label);
        most_held = MAX(most_held, shadow_held_count(shadow));
        shadow_shuffle(shadow, run.rng, 0.3, 0.2);
    }
    printf("held items: %d random steps (seed %u), %u compared with the engine, up to %u items "
           "held, %u signals, %u notifies, %" G_GINT64_FORMAT " items at the end\n",
           steps, seed, compared, most_held, shadow->signals, shadow->notes, item_count(t));
    if (unreported)
        printf("note: after %u step(s) the engine sent no change set but held items differ from "
               "it (first: %s)\n",
               unreported, first_unreported);
    CHECK(shadow->signals > 100 && shadow->notes > 100 && compared > steps / 2);
    OK(fold_table_remove_listener(t, listener));
    shadow_free(shadow);
    g_object_unref(m);
    g_rand_free(run.rng);
}

void
test_held(void)
{
    test_hidden_rows();
    test_row_into_headerless();
    test_unreported();
    test_random_held();
}
