/*
 * test-threads.c — a FoldListModel while a worker thread finishes loads on
 * its table (ctest gtk-threads, under G_DEBUG=fatal-warnings, so a warning
 * such as "a change set does not match" fails it): the model shows the
 * list it announced until the main loop delivers the worker's change sets,
 * in order, and a change made on the main thread meanwhile delivers them
 * first.
 *
 * The table: "a" (4 rows), unloaded "L1", "L2", "L3", "b" (3 rows and an
 * unloaded subsection "b1"), "c" (2 rows), "U0".."U11" (unloaded). The
 * loader (called on the main thread, which expands) hands loads to a
 * worker through a queue; the worker calls fold_table_finish_load (or
 * fold_table_fail_load) and answers through another queue.
 *
 *   1. Step by step, with the worker's answer waited for and the main loop
 *      not run: the window before the delivery (the count announced, the
 *      placeholder held still the same object, positions after it mapped
 *      to the items the table has now, a stand-in for a placeholder nobody
 *      held), then the delivery's exact items-changed; a main-thread edit
 *      in the window (the worker's step first, then its own); a failed
 *      load (a redraw); an answer after the section collapsed (refused);
 *      a handler of the delivery changing the table (emitted next).
 *   2. A seeded random run: the main thread expands, collapses, scrolls
 *      (get_item over a screenful, held like a view), edits, runs the main
 *      loop or not, while the worker answers with seeded delays; after
 *      every step the list as signalled is checked (tests/support/shadow.h:
 *      every position below n-items answered, held items the objects handed
 *      out, every change notified), and at each sync point (worker idle,
 *      main loop drained) every held item against the engine.
 * TEST_THREADS_SEED=n replays another main-thread sequence (the worker's
 * timing varies from run to run; its answers depend on the ticket only).
 */
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "support/shadow.h"

#define OK(call) CHECK_STATUS((call), FOLD_OK)

typedef struct {
    guint position, removed, added;
} Signal;

/* A load handed to the worker. `rows` < 0: the worker's seeded shape. */
typedef struct {
    fold_section_id section; /* 0: stop */
    uint64_t ticket;
    char *key;
    int64_t rows;
    gboolean fail;
    guint delay_us;
} Load;

typedef struct {
    fold_section_id section;
    int status;
} Answer;

static fold_table *table;
static FoldListModel *model;
static Shadow *shadow;
static GAsyncQueue *to_worker;   /* Load * */
static GAsyncQueue *from_worker; /* Answer * */
static GPtrArray *started;       /* Load *: started by the loader, not handed out yet */
static GArray *signals;          /* Signal */
static guint outstanding;        /* loads handed to the worker, not answered yet */
static guint answers[4];         /* OK, CANCELLED, NOT_FOUND, other */

static char *
key_row_text(fold_section_id section, const char *key, int64_t row, void *data)
{
    (void)section;
    (void)data;
    return g_strdup_printf("%s:%" G_GINT64_FORMAT, key, row);
}

static void
load_free(Load *load)
{
    g_free(load->key);
    g_free(load);
}

/* The loader, on the thread that expands (the main thread). */
static void
loader(fold_table *t, fold_section_id section, const char *key, uint64_t ticket, int32_t event,
       void *data)
{
    (void)t;
    (void)data;
    if (event != FOLD_LOAD_START)
        return; /* a cancelled load's late answer is refused by the table */
    Load *load = g_new0(Load, 1);
    *load = (Load){section, ticket, g_strdup(key), -1, FALSE, 0};
    g_ptr_array_add(started, load);
}

/* The worker: answers each load, as a thread reading a folder would. The
 * children depend on the ticket: rows, sometimes an unloaded subsection,
 * sometimes a subsection with rows. */
static gpointer
worker(gpointer data)
{
    (void)data;
    for (;;) {
        Load *load = g_async_queue_pop(to_worker);
        if (!load->section) {
            load_free(load);
            return NULL;
        }
        if (load->delay_us)
            g_usleep(load->delay_us);
        Answer *answer = g_new0(Answer, 1);
        answer->section = load->section;
        if (load->fail) {
            answer->status = fold_table_fail_load(table, load->section, load->ticket, "no luck");
        } else {
            fold_snapshot_entry entries[3];
            int n = 0;
            char sub[64];
            g_snprintf(sub, sizeof sub, "%s.%" G_GUINT64_FORMAT, load->key, load->ticket);
            int64_t rows = load->rows >= 0 ? load->rows : (int64_t)(load->ticket % 4);
            entries[n++] = snap_rows(0, rows);
            if (load->rows < 0 && load->ticket % 3 != 0) {
                entries[n] = snap_section(0, sub, "Sub|loaded");
                entries[n++].flags = FOLD_SECTION_UNLOADED;
            } else if (load->rows < 0 && load->ticket % 6 == 0) {
                entries[n++] = snap_section(0, sub, "Sub");
                entries[n++] = snap_rows(1, 2);
            }
            answer->status = fold_table_finish_load(table, load->section, load->ticket, entries,
                                                    n, NULL);
        }
        load_free(load);
        g_async_queue_push(from_worker, answer);
    }
}

static void
count_answer(Answer *answer)
{
    int k = answer->status == FOLD_OK               ? 0
            : answer->status == FOLD_E_CANCELLED ? 1
            : answer->status == FOLD_E_NOT_FOUND ? 2
                                                  : 3;
    answers[k]++;
    g_free(answer);
}

/* Hands the started loads to the worker. */
static void
dispatch(GRand *rng)
{
    for (guint i = 0; i < started->len; i++) {
        Load *load = g_ptr_array_index(started, i);
        if (rng) {
            load->delay_us = (guint)g_rand_int_range(rng, 0, 3000);
            load->fail = g_rand_int_range(rng, 0, 6) == 0;
        }
        outstanding++;
        g_async_queue_push(to_worker, load);
    }
    g_ptr_array_set_size(started, 0);
}

/* Waits for every answer (the worker is idle then). */
static void
wait_worker(void)
{
    while (outstanding > 0) {
        count_answer(g_async_queue_pop(from_worker));
        outstanding--;
    }
}

/* Takes the answers that came (without waiting). */
static void
poll_worker(void)
{
    Answer *answer;
    while ((answer = g_async_queue_try_pop(from_worker))) {
        count_answer(answer);
        outstanding--;
    }
}

static void
run_main_loop(void)
{
    while (g_main_context_iteration(NULL, FALSE))
        ;
}

static void
on_items_changed(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)list;
    (void)data;
    Signal s = {position, removed, added};
    g_array_append_val(signals, s);
}

static gboolean
signal_is(guint i, guint position, guint removed, guint added)
{
    if (i >= signals->len)
        return FALSE;
    Signal s = g_array_index(signals, Signal, i);
    return s.position == position && s.removed == removed && s.added == added;
}

static guint
n_items(void)
{
    return g_list_model_get_n_items(G_LIST_MODEL(model));
}

static int64_t
header_pos(fold_section_id section)
{
    int64_t p = -1;
    OK(fold_table_header_position(table, section, &p));
    return p;
}

/* The item the model hands out at `position`, described. */
static FoldListItem *
item_at(guint position)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), position);
    CHECK(item != NULL);
    return item;
}

/* Expands `section`, which starts a load (the loader queues it); returns
 * its placeholder's position. */
static guint
start_load(fold_section_id section)
{
    g_ptr_array_set_size(started, 0);
    OK(fold_table_expand(table, section, NULL));
    CHECK(started->len == 1);
    return (guint)header_pos(section) + 1;
}

/* Hands the load started to the worker, to answer with `rows` rows (or to
 * fail), and waits for its answer, without running the main loop. */
static void
answer_load(int64_t rows, gboolean fail, int expect)
{
    if (started->len == 1) {
        Load *load = g_ptr_array_index(started, 0);
        load->rows = rows;
        load->fail = fail;
    }
    g_array_set_size(signals, 0);
    dispatch(NULL);
    Answer *answer = g_async_queue_pop(from_worker);
    outstanding--;
    CHECK_STATUS(answer->status, expect);
    count_answer(answer);
}

/* An items-changed handler that inserts a row at the top of "a" once. */
static void
insert_once(int *status)
{
    if (*status == -1)
        *status = fold_table_insert_rows(table, sec(table, "a"), 0, 1, NULL);
}

static void
test_steps(fold_section_id a, fold_section_id l1, fold_section_id l2, fold_section_id l3,
           fold_section_id b, fold_section_id b1)
{
    /* 1. L1 loads 3 rows on the worker; nobody holds its placeholder. */
    guint p = start_load(l1);
    guint n0 = n_items();
    answer_load(3, FALSE, FOLD_OK);
    /* The window: the table has the rows, the model still its list. */
    CHECK(signals->len == 0);
    CHECK(n_items() == n0 && item_count(table) == n0 + 2);
    FoldListItem *stand_in = item_at(p);
    if (stand_in) /* the placeholder is gone from the table: a stand-in */
        CHECK(fold_list_item_get_kind(stand_in) == FOLD_ITEM_KIND_PLACEHOLDER &&
              fold_list_item_get_section_id(stand_in) == 0 &&
              fold_list_item_get_loading(stand_in) && fold_list_item_get_row(stand_in) == -1 &&
              fold_list_item_get_position(stand_in) == p);
    FoldListItem *again = item_at(p);
    CHECK(again == stand_in);
    g_clear_object(&again);
    FoldListItem *next = item_at(p + 1); /* L2's header, 2 further on in the table */
    if (next) {
        CHECK(fold_list_item_get_kind(next) == FOLD_ITEM_KIND_HEADER &&
              fold_list_item_get_section_id(next) == l2 &&
              fold_list_item_get_position(next) == p + 1);
        CHECK_STR(fold_list_item_get_title(next), "L2");
    }
    CHECK(g_list_model_get_item(G_LIST_MODEL(model), n0) == NULL);
    shadow_check_list(shadow, "L1 loaded, not delivered");
    /* Positions given to the model are the model's: the placeholder the
     * table no longer has cannot be activated or selected; L2's header (p +
     * 1 here, p + 3 in the table) is selected, a change on the main thread
     * that first emits the worker's step. */
    GtkSelectionModel *selection = GTK_SELECTION_MODEL(model);
    GError *error = NULL;
    CHECK(!fold_list_model_activate(model, p, NULL, &error));
    CHECK(g_error_matches(error, FOLD_LIST_MODEL_ERROR, FOLD_LIST_MODEL_ERROR_NOT_FOUND));
    g_clear_error(&error);
    CHECK(!gtk_selection_model_select_item(selection, p, TRUE));
    CHECK(!gtk_selection_model_is_selected(selection, p + 1));
    CHECK(gtk_selection_model_select_item(selection, p + 1, TRUE));
    CHECK(signals->len == 1 && signal_is(0, p, 1, 3));
    CHECK(next && fold_list_item_get_selected(next));
    CHECK(gtk_selection_model_is_selected(selection, p + 3));
    /* The main loop has nothing left to deliver. */
    run_main_loop();
    CHECK(signals->len == 1 && signal_is(0, p, 1, 3));
    CHECK(n_items() == n0 + 2);
    FoldListItem *moved = item_at(p + 3);
    CHECK(next && moved == next && fold_list_item_get_position(next) == p + 3); /* kept, moved */
    g_clear_object(&moved);
    g_clear_object(&next);
    g_clear_object(&stand_in);
    FoldListItem *row = item_at(p);
    if (row) {
        CHECK(fold_list_item_get_kind(row) == FOLD_ITEM_KIND_ROW &&
              fold_list_item_get_section_id(row) == l1 && fold_list_item_get_row(row) == 0);
        CHECK_STR(fold_list_item_get_title(row), "L1:0");
    }
    g_clear_object(&row);
    shadow_check_list(shadow, "L1 delivered");
    shadow_check_engine(shadow, "L1 delivered");

    /* 2. L2's placeholder held by the view: through the window it stays
     * the same object, a loading placeholder of L2; the delivery removes
     * it (detached) and hands out L2's rows. */
    guint q = start_load(l2);
    FoldListItem *held = shadow_hold(shadow, q);
    if (held)
        g_object_ref(held);
    guint n1 = n_items();
    answer_load(2, FALSE, FOLD_OK);
    CHECK((int64_t)n1 == item_count(table) - 1);
    FoldListItem *same = item_at(q);
    CHECK(same == held);
    if (held)
        CHECK(fold_list_item_get_kind(held) == FOLD_ITEM_KIND_PLACEHOLDER &&
              fold_list_item_get_section_id(held) == l2 && fold_list_item_get_loading(held));
    g_clear_object(&same);
    shadow_check_list(shadow, "L2 loaded, not delivered");
    run_main_loop();
    CHECK(signals->len == 1 && signal_is(0, q, 1, 2));
    same = item_at(q);
    CHECK(same != held);
    if (same)
        CHECK_STR(fold_list_item_get_title(same), "L2:0");
    g_clear_object(&same);
    g_clear_object(&held);
    shadow_check_engine(shadow, "L2 delivered");

    /* 3. A main-thread edit in the window: the worker's change set and the
     * edit's are delivered together, as the one splice that covers both
     * (the worker's (r, 1, 1), then (1, 0, 2); no "does not match"
     * warning: fatal here). */
    guint r = start_load(l3);
    answer_load(1, FALSE, FOLD_OK);
    guint n2 = n_items();
    OK(fold_table_insert_rows(table, a, 0, 2, NULL)); /* a's header is at 0 */
    CHECK(signals->len == 1 && signal_is(0, 1, r, r + 2));
    CHECK(n_items() == n2 + 2 && (int64_t)n_items() == item_count(table));
    shadow_check_list(shadow, "edit after L3 loaded");
    shadow_check_engine(shadow, "edit after L3 loaded");
    run_main_loop(); /* the idle source finds nothing left */
    CHECK(signals->len == 1);

    /* 4. A failed load: a redraw; the held placeholder shows it once
     * delivered. */
    OK(fold_table_expand(table, b, NULL));
    guint f = start_load(b1);
    FoldListItem *failing = shadow_hold(shadow, f);
    answer_load(0, TRUE, FOLD_OK);
    CHECK(failing && !fold_list_item_get_failed(failing) && fold_list_item_get_loading(failing));
    run_main_loop();
    CHECK(signals->len == 0);
    if (failing) {
        CHECK(fold_list_item_get_failed(failing) && !fold_list_item_get_loading(failing));
        CHECK_STR(fold_list_item_get_title(failing), "no luck");
    }
    shadow_check_engine(shadow, "b1 failed");

    /* 5. An answer after the section collapsed: refused, nothing shown. */
    OK(fold_table_collapse(table, b1, NULL));
    start_load(b1);
    OK(fold_table_collapse(table, b1, NULL));
    answer_load(1, FALSE, FOLD_E_CANCELLED);
    run_main_loop();
    CHECK(signals->len == 0);
    shadow_check_engine(shadow, "late answer");

    /* 6. A handler of the delivery from the main loop changes the table
     * (allowed there: it runs outside the table's listener); that change
     * is emitted right after the step being emitted. */
    guint u = start_load(sec(table, "U0"));
    answer_load(2, FALSE, FOLD_OK);
    int status = -1;
    gulong handler = g_signal_connect_swapped(model, "items-changed",
                                              G_CALLBACK(insert_once), &status);
    run_main_loop();
    g_signal_handler_disconnect(model, handler);
    CHECK_STATUS(status, FOLD_OK);
    CHECK(signals->len == 2 && signal_is(0, u, 1, 2) && signal_is(1, 1, 0, 1));
    shadow_check_list(shadow, "a handler's change");
    shadow_check_engine(shadow, "a handler's change");
}

/* Every section of the table (ids), in list order. */
static void
sections_under(fold_section_id parent, GArray *into)
{
    int64_t children = 0;
    if (fold_table_child_count(table, parent, &children) != FOLD_OK)
        return;
    for (int64_t i = 0; i < children; i++) {
        int32_t kind = -1;
        fold_section_id child = 0;
        if (fold_table_child_at(table, parent, i, &kind, &child, NULL) == FOLD_OK &&
            kind == FOLD_CHILD_SECTION) {
            g_array_append_val(into, child);
            sections_under(child, into);
        }
    }
}

static guint stand_ins; /* stand-ins handed out while scrolling */

/* A view scrolled to `top`: a screenful asked for, some of it held. */
static guint
scroll(GRand *rng, guint top)
{
    guint n = n_items(), bad = 0;
    for (guint i = top; i < top + 25 && i < n; i++) {
        FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), i);
        if (!item || fold_list_item_get_position(item) != i)
            bad++;
        else if (fold_list_item_get_kind(item) == FOLD_ITEM_KIND_PLACEHOLDER &&
                 fold_list_item_get_section_id(item) == 0)
            stand_ins++;
        g_clear_object(&item);
        if (g_rand_int_range(rng, 0, 3) == 0)
            shadow_hold(shadow, i);
    }
    return bad;
}

static void
test_random(guint32 seed, int steps)
{
    GRand *rng = g_rand_new_with_seed(seed);
    guint windows = 0, scroll_bad = 0, syncs = 0, edits_in_window = 0, scrolls_in_window = 0;
    for (int i = 0; i < steps; i++) {
        char what[96];
        GArray *all = g_array_new(FALSE, FALSE, sizeof(fold_section_id));
        GArray *unloaded = g_array_new(FALSE, FALSE, sizeof(fold_section_id));
        sections_under(FOLD_ROOT, all);
        for (guint k = 0; k < all->len; k++) {
            fold_load_info li;
            fold_section_id id = g_array_index(all, fold_section_id, k);
            if (fold_table_load_info(table, id, &li) == FOLD_OK && li.state == FOLD_LOAD_UNLOADED)
                g_array_append_val(unloaded, id);
        }
        fold_section_id s = all->len ? g_array_index(all, fold_section_id,
                                                     g_rand_int_range(rng, 0, (gint32)all->len))
                                     : FOLD_ROOT;
        fold_section_id u = unloaded->len
                                ? g_array_index(unloaded, fold_section_id,
                                                g_rand_int_range(rng, 0, (gint32)unloaded->len))
                                : s;
        g_array_unref(all);
        g_array_unref(unloaded);
        gboolean behind = (int64_t)n_items() != item_count(table);
        switch (g_rand_int_range(rng, 0, 13)) {
        case 0:
            g_snprintf(what, sizeof what, "expand a section");
            fold_table_expand(table, s, NULL);
            break;
        case 1:
        case 10:
            g_snprintf(what, sizeof what, "expand an unloaded section");
            fold_table_expand(table, u, NULL);
            break;
        case 11: {
            char key[32];
            g_snprintf(key, sizeof key, "N%d", i);
            g_snprintf(what, sizeof what, "insert unloaded section %s", key);
            edits_in_window += behind;
            fold_table_insert_section(table, FOLD_ROOT,
                                      g_rand_int_range(rng, 0, (gint32)section_count(table) + 1),
                                      key, "New|folder", 0, FOLD_SECTION_UNLOADED, NULL);
            break;
        }
        case 12:
            g_snprintf(what, sizeof what, "remove a section");
            edits_in_window += behind;
            if (section_count(table) > 12 || info(table, s).parent != FOLD_ROOT)
                fold_table_remove_section(table, s);
            break;
        case 2:
            g_snprintf(what, sizeof what, "collapse a section");
            fold_table_collapse(table, s, NULL);
            break;
        case 3:
            g_snprintf(what, sizeof what, "hand %u loads to the worker", started->len);
            dispatch(rng);
            break;
        case 4:
        case 5:
            g_snprintf(what, sizeof what, "scroll");
            scrolls_in_window += behind;
            scroll_bad += scroll(rng, n_items() ? (guint)g_rand_int_range(rng, 0, (gint32)n_items())
                                                : 0);
            break;
        case 6: {
            fold_section_info si = info(table, s);
            fold_load_info li;
            gboolean loaded = fold_table_load_info(table, s, &li) == FOLD_OK &&
                              li.state == FOLD_LOAD_LOADED;
            g_snprintf(what, sizeof what, "edit rows");
            edits_in_window += behind;
            if (loaded && si.row_count > 0 && g_rand_boolean(rng))
                fold_table_remove_rows(table, s, g_rand_int_range(rng, 0, (gint32)si.row_count), 1);
            else if (loaded)
                fold_table_insert_rows(table, s, g_rand_int_range(rng, 0, (gint32)si.child_count + 1),
                                       g_rand_int_range(rng, 1, 3), NULL);
            else if (n_items() > 0)
                fold_table_select_item(table, g_rand_int_range(rng, 0, (gint32)n_items()),
                                       FOLD_SELECT_TOGGLE, NULL);
            break;
        }
        case 7:
            g_snprintf(what, sizeof what, "run the main loop");
            if (g_rand_boolean(rng))
                run_main_loop();
            else
                g_main_context_iteration(NULL, FALSE); /* one source at most */
            break;
        default:
            g_snprintf(what, sizeof what, "wait a little");
            g_usleep((gulong)g_rand_int_range(rng, 0, 2000));
            break;
        }
        poll_worker();
        char label[160];
        g_snprintf(label, sizeof label, "thread step %d (seed %u): %s", i, seed, what);
        if ((int64_t)n_items() != item_count(table))
            windows++;
        long failed = check_failed_so_far();
        shadow_check_list(shadow, label);
        if (i % 40 == 39) {
            wait_worker();
            run_main_loop();
            shadow_check_engine(shadow, label);
            syncs++;
        }
        if (check_failed_so_far() != failed)
            fprintf(stderr, "failed at %s\n", label);
        shadow_shuffle(shadow, rng, 0, 0.1);
    }
    dispatch(NULL);
    wait_worker();
    run_main_loop();
    shadow_check_engine(shadow, "the end");
    CHECK(scroll_bad == 0);
    CHECK(answers[3] == 0); /* OK, cancelled or not found only */
    CHECK(answers[0] > 50 && windows > 20);
    printf("threads: %d random steps (seed %u), %u ended with the worker's changes not shown "
           "yet (%u scrolls and %u edits made then, %u stand-ins handed out), %u syncs; "
           "answers: %u ok, %u cancelled, %u not found; %u items, %u signals\n",
           steps, seed, windows, scrolls_in_window, edits_in_window, stand_ins, syncs, answers[0],
           answers[1], answers[2], n_items(), shadow->signals);
    g_rand_free(rng);
}

int
main(void)
{
    guint32 seed = 20240633;
    if (g_getenv("TEST_THREADS_SEED"))
        seed = (guint32)g_ascii_strtoull(g_getenv("TEST_THREADS_SEED"), NULL, 10);
    table = new_table(NULL);
    if (!table)
        return check_done();
    fold_section_id a = add(table, FOLD_ROOT, "a", "A", 4);
    fold_section_id l1 = add_flagged(table, FOLD_ROOT, "L1", "L1", 0, FOLD_SECTION_UNLOADED);
    fold_section_id l2 = add_flagged(table, FOLD_ROOT, "L2", "L2", 0, FOLD_SECTION_UNLOADED);
    fold_section_id l3 = add_flagged(table, FOLD_ROOT, "L3", "L3", 0, FOLD_SECTION_UNLOADED);
    fold_section_id b = add(table, FOLD_ROOT, "b", "B", 3);
    fold_section_id b1 = add_flagged(table, b, "b1", "B1", 0, FOLD_SECTION_UNLOADED);
    OK(fold_table_collapse(table, b, NULL));
    add(table, FOLD_ROOT, "c", "C", 2);
    for (int i = 0; i < 12; i++) {
        char key[8];
        g_snprintf(key, sizeof key, "U%d", i);
        add_flagged(table, FOLD_ROOT, key, "Unloaded|folder", 0, FOLD_SECTION_UNLOADED);
    }
    started = g_ptr_array_new();
    OK(fold_table_set_loader(table, loader, NULL));
    to_worker = g_async_queue_new();
    from_worker = g_async_queue_new();
    signals = g_array_new(FALSE, FALSE, sizeof(Signal));

    model = fold_list_model_new(table, NULL);
    fold_list_model_set_text_func(model, key_row_text, NULL, NULL);
    g_signal_connect(model, "items-changed", G_CALLBACK(on_items_changed), NULL);
    shadow = shadow_new(model, table, key_row_text, NULL);
    GThread *thread = g_thread_new("worker", worker, NULL);

    test_steps(a, l1, l2, l3, b, b1);
    test_random(seed, 1500);

    Load *stop = g_new0(Load, 1);
    g_async_queue_push(to_worker, stop);
    g_thread_join(thread);
    shadow_free(shadow);
    g_object_unref(model);
    for (guint i = 0; i < started->len; i++)
        load_free(g_ptr_array_index(started, i));
    g_ptr_array_unref(started);
    fold_table_free(table);
    g_async_queue_unref(to_worker);
    g_async_queue_unref(from_worker);
    g_array_unref(signals);
    return check_done();
}
