/*
 * replay.c — test-model's check of one mutation: begin() snapshots the
 * list and clears what was recorded; finish() checks the recorded signals,
 * notifications and the engine's change set against the snapshot diff
 * (points 1 to 4 of tests/test-model.c's comment).
 */
#include "model-test.h"

static GPtrArray *before;
static GPtrArray *before_items; /* FoldListItem *, a reference each: `held` at begin() */

/* What the engine reported, from the test's own change listener (registered
 * after the model's, so it runs after the model emitted). */
GArray *eng_changes; /* fold_change */
GArray *eng_redraw;  /* fold_range */
GArray *eng_moves;   /* fold_move */
guint engine_sets;
guint moves_seen;    /* moved items whose object the model kept, over the run */

void
on_engine_change(fold_table *table, const fold_change_set *cs, void *data)
{
    (void)table;
    (void)data;
    engine_sets++;
    g_array_append_vals(eng_changes, cs->changes, (guint)cs->change_count);
    g_array_append_vals(eng_redraw, cs->redraw, (guint)cs->redraw_count);
    if (!eng_moves)
        eng_moves = g_array_new(FALSE, FALSE, sizeof(fold_move));
    g_array_append_vals(eng_moves, cs->moves, (guint)cs->move_count);
}

Signal
signal_at(guint i)
{
    Signal none = {G_MAXUINT, 0, 0};
    return i < signals->len ? g_array_index(signals, Signal, i) : none;
}


void
begin(void)
{
    g_array_set_size(signals, 0);
    g_array_set_size(eng_changes, 0);
    g_array_set_size(eng_redraw, 0);
    if (eng_moves)
        g_array_set_size(eng_moves, 0);
    engine_sets = 0;
    g_array_set_size(notes, 0);
    n_items_notes = 0;
    signal_notified = TRUE;
    before = snapshot();
    before_items = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < held->len; i++)
        g_ptr_array_add(before_items, g_object_ref(g_ptr_array_index(held, i)));
}

/* Check 1: the list the test holds is the model's list: the same objects,
 * each remembered value current, no spurious notify. */
static gboolean
replay_matches(const char *what)
{
    gboolean ok = held->len == g_list_model_get_n_items(G_LIST_MODEL(model));
    for (guint i = 0; ok && i < held->len; i++) {
        FoldListItem *item = g_ptr_array_index(held, i);
        FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(model), i);
        if (now != item) {
            fprintf(stderr, "%s: item %u is another object than the one handed out\n", what, i);
            ok = FALSE;
        }
        g_clear_object(&now);
        guint n = 0;
        GParamSpec **pspecs = g_object_class_list_properties(G_OBJECT_GET_CLASS(item), &n);
        for (guint k = 0; ok && k < n; k++) {
            char *value = property_text(G_OBJECT(item), pspecs[k]);
            const char *seen = g_hash_table_lookup(observed(item), pspecs[k]->name);
            if (g_strcmp0(seen, value) != 0) {
                fprintf(stderr, "%s: item %u: %s is %s, notified %s\n", what, i,
                        pspecs[k]->name, value, seen);
                ok = FALSE;
            }
            g_free(value);
        }
        g_free(pspecs);
        ok = ok && fold_list_item_get_position(item) == i;
    }
    if (spurious_notes) {
        ok = FALSE;
        spurious_notes = 0;
    }
    return ok;
}

static guint
count_changing_signals(void)
{
    guint n = 0;
    for (guint i = 0; i < signals->len; i++)
        n += g_array_index(signals, Signal, i).removed != g_array_index(signals, Signal, i).added;
    return n;
}

gboolean quiet;
/* A change the engine does not report (indicators, the app's row data):
 * items keep their places and objects; identities and states are not
 * compared with the engine's (empty) change set. */
gboolean app_change;
gboolean strict;      /* TEST_MODEL_STRICT=1: extra redraws fail */
guint extra_added;     /* redraws of items added by the same change set */
guint extra_unchanged; /* redraws of kept items whose state did not change */
char first_extra[200];

static void
print_signals(const char *what, guint n0, guint n1)
{
    printf("%-52s %3u -> %3u items, signals:", what, n0, n1);
    for (guint i = 0; i < signals->len; i++) {
        Signal s = g_array_index(signals, Signal, i);
        printf(" (%u,%u,%u)", s.position, s.removed, s.added);
    }
    if (engine_sets > 1)
        printf("  [%u change sets]", engine_sets);
    printf("\n");
}

/* Checks the recorded signals against the snapshot diff and the engine's
 * change set; returns how many signals there were. */
guint
finish(const char *what)
{
    long saved = check_failed_so_far();
    GPtrArray *after = snapshot();
    int64_t engine = -1;
    OK(fold_table_item_count(fold_list_model_get_table(model), &engine));
    CHECK((int64_t)g_list_model_get_n_items(G_LIST_MODEL(model)) == engine);
    guint n0 = before->len, n1 = after->len;

    /* 1. replay */
    gboolean replay_ok = replay_matches(what) && held->len == after->len;
    CHECK(n_items_notes == count_changing_signals());
    if (!replay_ok)
        fprintf(stderr, "%s: replaying the signals does not give the new list\n", what);
    CHECK(replay_ok);

    /* One mutation, at most one change set (none when nothing changed). */
    CHECK(engine_sets <= 1);
    if (engine_sets == 0)
        CHECK(signals->len == 0);

    /* 2. The engine's steps: apply them to the old positions; items they
     * keep must keep their identity. A single step must be the minimal
     * splice of the identities (common prefix and suffix). */
    GArray *origin = g_array_new(FALSE, FALSE, sizeof(gint64)); /* new position -> old or -1 */
    for (guint i = 0; i < n0; i++) {
        gint64 o = i;
        g_array_append_val(origin, o);
    }
    gboolean steps_ok = TRUE;
    for (guint k = 0; k < eng_changes->len; k++) {
        fold_change c = g_array_index(eng_changes, fold_change, k);
        if (c.position < 0 || c.removed < 0 || c.added < 0 ||
            c.position + c.removed > (int64_t)origin->len) {
            steps_ok = FALSE;
            break;
        }
        g_array_remove_range(origin, (guint)c.position, (guint)c.removed);
        for (int64_t j = 0; j < c.added; j++) {
            gint64 none = -1;
            g_array_insert_val(origin, (guint)(c.position + j), none);
        }
    }
    steps_ok = steps_ok && origin->len == n1;
    /* Moves: from old items the steps removed to slots they added; the
     * model keeps each moved item's object. Moved items may show a new row
     * index or depth, so they count as new for the redraw check (3). */
    guint n_moves = eng_moves ? eng_moves->len : 0;
    for (guint m = 0; steps_ok && m < n_moves; m++) {
        fold_move mv = g_array_index(eng_moves, fold_move, m);
        for (int64_t j = 0; j < mv.count; j++) {
            gint64 from = mv.from + j, to = mv.to + j;
            if (from < 0 || from >= n0 || to < 0 || to >= n1 ||
                g_array_index(origin, gint64, (guint)to) != -1) {
                fprintf(stderr, "%s: move (%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
                        ",%" G_GINT64_FORMAT ") does not land on an added slot\n",
                        what, mv.from, mv.to, mv.count);
                steps_ok = FALSE;
                break;
            }
            if (from < (gint64)before_items->len && to < (gint64)held->len) {
                gboolean same = g_ptr_array_index(before_items, from) == g_ptr_array_index(held, to);
                if (!same)
                    fprintf(stderr, "%s: item %" G_GINT64_FORMAT " moved to %" G_GINT64_FORMAT
                            " but the model made a new object for it\n", what, from, to);
                CHECK(same);
                moves_seen += same;
            }
        }
    }
    for (guint i = 0; steps_ok && i < n1; i++) {
        gint64 o = g_array_index(origin, gint64, i);
        if (o >= 0 && o < (gint64)before_items->len && i < held->len &&
            g_ptr_array_index(before_items, o) != g_ptr_array_index(held, i)) {
            fprintf(stderr, "%s: old item %" G_GINT64_FORMAT " is kept at %u by the engine's "
                    "steps, but the model made a new object for it\n", what, o, i);
            steps_ok = FALSE;
        }
        if (o >= 0 && !app_change &&
            !same_identity(g_ptr_array_index(before, o), g_ptr_array_index(after, i))) {
            fprintf(stderr, "%s: the engine's steps keep old item %" G_GINT64_FORMAT
                    " at %u, but it is %s there now\n", what, o, i,
                    (char *)g_ptr_array_index(after, i));
            steps_ok = FALSE;
        }
    }
    if (!steps_ok)
        fprintf(stderr, "%s: the engine's steps do not turn the old list into the new one\n",
                what);
    CHECK(steps_ok);
    if (eng_changes->len == 1) {
        guint prefix = 0, suffix = 0;
        while (prefix < n0 && prefix < n1 &&
               same_identity(g_ptr_array_index(before, prefix), g_ptr_array_index(after, prefix)))
            prefix++;
        while (suffix < n0 - prefix && suffix < n1 - prefix &&
               same_identity(g_ptr_array_index(before, n0 - 1 - suffix),
                             g_ptr_array_index(after, n1 - 1 - suffix)))
            suffix++;
        fold_change c = g_array_index(eng_changes, fold_change, 0);
        if (c.position != prefix || c.removed != n0 - prefix - suffix ||
            c.added != n1 - prefix - suffix)
            fprintf(stderr, "%s: engine step (%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
                    ",%" G_GINT64_FORMAT "), minimal splice (%u,%u,%u)\n", what, c.position,
                    c.removed, c.added, prefix, n0 - prefix - suffix, n1 - prefix - suffix);
        CHECK(c.position == prefix && c.removed == n0 - prefix - suffix &&
              c.added == n1 - prefix - suffix);
    }

    /* 3. The engine's redraw ranges hold every kept item whose state changed
     * (no fewer: a stale item would also fail the replay). Redraws of other
     * items are harmless extra rebinds; they are counted and reported (see
     * the summary at the end), and fail only with TEST_MODEL_STRICT=1. */
    if (steps_ok && !app_change) {
        gboolean *redrawn = g_new0(gboolean, n1 + 1);
        for (guint k = 0; k < eng_redraw->len; k++) {
            fold_range r = g_array_index(eng_redraw, fold_range, k);
            for (int64_t q = MAX(r.position, 0); q < r.position + r.count && q < n1; q++)
                redrawn[q] = TRUE;
        }
        GString *missing = g_string_new(NULL), *extra = g_string_new(NULL);
        for (guint i = 0; i < n1; i++) {
            gint64 o = g_array_index(origin, gint64, i);
            gboolean changed = o >= 0 && strcmp(g_ptr_array_index(before, o),
                                                g_ptr_array_index(after, i)) != 0;
            if (changed && !redrawn[i])
                g_string_append_printf(missing, " %u", i);
            if (!changed && redrawn[i]) {
                g_string_append_printf(extra, " %u%s", i, o < 0 ? "(added)" : "");
                if (o < 0)
                    extra_added++;
                else
                    extra_unchanged++;
            }
        }
        if (missing->len)
            fprintf(stderr, "%s: the engine does not redraw changed items%s\n", what,
                    missing->str);
        CHECK(missing->len == 0);
        if (extra->len) {
            if (!quiet || strict)
                printf("  note: %s: the engine also redraws%s\n", what, extra->str);
            if (!first_extra[0])
                g_snprintf(first_extra, sizeof first_extra, "%s:%s", what, extra->str);
            CHECK(!strict);
        }
        g_string_free(missing, TRUE);
        g_string_free(extra, TRUE);
        g_free(redrawn);
    }

    /* 4. The model emitted the engine's steps and nothing else: one step as
     * it is — or, for several steps or moves, the one splice that covers
     * all steps (one items-changed per change, as GTK's models send).
     * Redraws are notifications (checked by the replay). */
    gboolean one_splice = n_moves > 0 || eng_changes->len > 1;
    guint next = 0;
    if (!one_splice) {
        for (guint k = 0; k < eng_changes->len; k++, next++) {
            fold_change c = g_array_index(eng_changes, fold_change, k);
            Signal s = signal_at(next);
            CHECK(s.position == c.position && s.removed == c.removed && s.added == c.added);
        }
    } else {
        Signal s = signal_at(next++);
        fold_change first = g_array_index(eng_changes, fold_change, 0);
        CHECK(s.position <= first.position);
        CHECK(s.position + s.removed <= n0 && s.position + s.added <= n1);
    }
    CHECK(next == signals->len);

    if (!quiet || check_failed_so_far() != saved)
        print_signals(what, n0, n1);
    if (check_failed_so_far() != saved && g_getenv("TEST_MODEL_VERBOSE")) {
        fprintf(stderr, "  engine steps:");
        for (guint k = 0; k < eng_changes->len; k++) {
            fold_change c = g_array_index(eng_changes, fold_change, k);
            fprintf(stderr, " (%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT ")",
                    c.position, c.removed, c.added);
        }
        fprintf(stderr, "\n  engine redraw:");
        for (guint k = 0; k < eng_redraw->len; k++) {
            fold_range r = g_array_index(eng_redraw, fold_range, k);
            fprintf(stderr, " [%" G_GINT64_FORMAT ",+%" G_GINT64_FORMAT ")", r.position, r.count);
        }
        fprintf(stderr, "\n");
        for (guint i = 0; i < MAX(n0, n1); i++)
            fprintf(stderr, "  %3u  %-60s  %s\n", i,
                    i < n0 ? (char *)g_ptr_array_index(before, i) : "",
                    i < n1 ? (char *)g_ptr_array_index(after, i) : "");
    }
    g_array_unref(origin);
    g_ptr_array_unref(after);
    g_ptr_array_unref(before);
    g_ptr_array_unref(before_items);
    before = NULL;
    return signals->len;
}

void
activate_and_finish(guint position, int32_t expect, const char *what, guint n_signals)
{
    GError *error = NULL;
    int32_t action = -1;
    begin();
    CHECK(fold_list_model_activate(model, position, &action, &error));
    if (expect != -1)
        CHECK(action == expect);
    CHECK(finish(what) == n_signals);
    g_clear_error(&error);
}
