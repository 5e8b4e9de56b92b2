/*
 * test-loading.c — lazily loaded children through FoldStore and
 * FoldListModel (ctest gtk-loading): the load-start and load-cancel
 * signals in order with the section and items-changed signals, the
 * placeholder item's kind, flags, position and height, finishing at once
 * (in the handler) and from a worker thread (a GTask whose callback runs on
 * the main loop), failing and retrying through the model, cancelling by
 * collapse and by removal with late answers refused (GError codes), the
 * GVariant of children refused when of another type, and reloading a
 * loaded section (fold_store_reload_section) with its items kept.
 *
 * The store: rows 20, headers 30; "docs" (unloaded), then "end" (1 row).
 * No display needed: FoldStore and FoldListModel are plain GObject.
 */
#include "foldtable-gtk.h"

#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "support/log-check.h"

static FoldStore *store;
static FoldListModel *model;
static GString *events; /* "what args;" per signal, in order */

/* What the load-start handler does. */
static enum { ANSWER_NONE, ANSWER_AT_ONCE, ANSWER_WORKER } answer;
static guint64 last_ticket;
static gboolean worker_done;

static void
log_event(const char *format, ...) G_GNUC_PRINTF(1, 2);

static void
log_event(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    g_string_append_vprintf(events, format, args);
    va_end(args);
    g_string_append_c(events, ';');
}

#define CHECK_EVENTS(expected) CHECK_LOG(events, expected)

static void
on_items_changed(GListModel *list, guint position, guint removed, guint added, gpointer data)
{
    (void)list;
    (void)data;
    log_event("items %u %u %u", position, removed, added);
}

static void
on_did_expand(FoldStore *s, guint64 section, const char *key, gpointer data)
{
    (void)s;
    (void)section;
    (void)data;
    log_event("expanded %s", key);
}

static void
on_did_collapse(FoldStore *s, guint64 section, const char *key, gpointer data)
{
    (void)s;
    (void)section;
    (void)data;
    log_event("collapsed %s", key);
}

/* The children every load gives: 2 rows, then "<key>-sub" with 1 row. */
static GVariant *
children_of(const char *key)
{
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE("a(iissxuuddd)"));
    g_variant_builder_add(&b, "(iissxuuddd)", FOLD_SNAPSHOT_ROWS, 0, "", "", (gint64)2, 0u, 0u,
                          0.0, 0.0, 0.0);
    char *sub = g_strdup_printf("%s-sub", key);
    g_variant_builder_add(&b, "(iissxuuddd)", FOLD_SNAPSHOT_SECTION, 0, sub, "Sub", (gint64)0,
                          0u, 0u, 0.0, 0.0, 0.0);
    g_variant_builder_add(&b, "(iissxuuddd)", FOLD_SNAPSHOT_ROWS, 1, "", "", (gint64)1, 0u, 0u,
                          0.0, 0.0, 0.0);
    g_free(sub);
    return g_variant_builder_end(&b);
}

typedef struct {
    guint64 section;
    guint64 ticket;
    char *key;
} Load;

static void
load_free(gpointer data)
{
    Load *load = data;
    g_free(load->key);
    g_free(load);
}

/* The worker: stands for reading a folder. */
static void
work(GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
    (void)source;
    (void)cancellable;
    g_task_return_pointer(task, children_of(((Load *)data)->key),
                          (GDestroyNotify)g_variant_unref);
}

/* On the main thread: the worker's result goes to the store. */
static void
work_done(GObject *source, GAsyncResult *result, gpointer data)
{
    (void)data;
    Load *load = g_task_get_task_data(G_TASK(result));
    GVariant *children = g_task_propagate_pointer(G_TASK(result), NULL);
    CHECK(g_main_context_is_owner(g_main_context_default()));
    GError *error = NULL;
    CHECK(fold_store_finish_load(FOLD_STORE(source), load->section, load->ticket, children,
                                 &error));
    CHECK(error == NULL);
    g_clear_error(&error);
    worker_done = TRUE;
}

static void
on_load_start(FoldStore *s, guint64 section, const char *key, guint64 ticket, gpointer data)
{
    (void)data;
    log_event("load-start %s", key);
    CHECK(ticket != 0 && ticket != last_ticket);
    last_ticket = ticket;
    if (answer == ANSWER_AT_ONCE) {
        GError *error = NULL;
        CHECK(fold_store_finish_load(s, section, ticket, children_of(key), &error));
        CHECK(error == NULL);
        g_clear_error(&error);
    } else if (answer == ANSWER_WORKER) {
        Load *load = g_new0(Load, 1);
        *load = (Load){section, ticket, g_strdup(key)};
        GTask *task = g_task_new(s, NULL, work_done, NULL);
        g_task_set_task_data(task, load, load_free);
        g_task_run_in_thread(task, work);
        g_object_unref(task);
    }
}

static void
on_load_cancel(FoldStore *s, guint64 section, const char *key, guint64 ticket, gpointer data)
{
    (void)s;
    (void)section;
    (void)data;
    CHECK(ticket == last_ticket);
    log_event("load-cancel %s", key);
}

/* The model's item at `position`: kind, depth, row, height, flags. */
static void
check_item_(const char *file, int line, guint position, FoldItemKind kind, int depth,
            int64_t row, double height, gboolean loading, gboolean failed, const char *title)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), position);
    int ok = item && fold_list_item_get_kind(item) == kind &&
             fold_list_item_get_depth(item) == depth && fold_list_item_get_row(item) == row &&
             fold_list_item_get_height(item) == height &&
             fold_list_item_get_loading(item) == loading &&
             fold_list_item_get_failed(item) == failed &&
             g_strcmp0(fold_list_item_get_title(item), title) == 0;
    if (!ok && item)
        fprintf(stderr, "item %u: kind %d depth %d row %" G_GINT64_FORMAT " height %g "
                "loading %d failed %d title %s\n", position, fold_list_item_get_kind(item),
                fold_list_item_get_depth(item), fold_list_item_get_row(item),
                fold_list_item_get_height(item), fold_list_item_get_loading(item),
                fold_list_item_get_failed(item), fold_list_item_get_title(item));
    check_cond_(ok, file, line, "the item's kind, depth, row, height, flags and title");
    if (item)
        g_object_unref(item);
}
#define CHECK_ITEM(...) check_item_(__FILE__, __LINE__, __VA_ARGS__)

static guint
n_items(void)
{
    return g_list_model_get_n_items(G_LIST_MODEL(model));
}

static char *
row_text(fold_section_id section, const char *key, int64_t row, void *data)
{
    (void)section;
    (void)data;
    return g_strdup_printf("%s %" G_GINT64_FORMAT, key, row);
}

static guint64
insert(const char *key, const char *header, gint64 rows, FoldSectionFlags flags)
{
    guint64 id = 0;
    GError *error = NULL;
    CHECK(fold_store_insert_section(store, FOLD_ROOT, -1, key, header, rows, flags, &id, &error));
    g_clear_error(&error);
    return id;
}

static void
check_load(guint64 section, FoldLoadState state, guint64 ticket)
{
    FoldLoadState got = -1;
    guint64 got_ticket = 1;
    CHECK(fold_store_get_load_state(store, section, &got, &got_ticket, NULL));
    CHECK_EQ_I64(got, state);
    CHECK_EQ_I64(got_ticket, ticket);
}

/* A GError of FOLD_LIST_MODEL_ERROR with `code`, cleared. */
static void
check_error_(const char *file, int line, GError **error, int code)
{
    int ok = *error && (*error)->domain == FOLD_LIST_MODEL_ERROR && (*error)->code == code;
    check_cond_(ok, file, line, "the GError's domain and code");
    g_clear_error(error);
}
#define CHECK_ERROR(error, code) check_error_(__FILE__, __LINE__, error, code)

static void
test_at_once(guint64 docs)
{
    /* Before: the docs header (collapsed, expandable), the end header and row. */
    CHECK_EQ_I64(n_items(), 3);
    FoldSectionFlags flags = 0;
    CHECK(fold_store_get_section_flags(store, docs, &flags, NULL));
    CHECK(flags & FOLD_SECTION_FLAGS_UNLOADED && flags & FOLD_SECTION_FLAGS_COLLAPSED &&
          flags & FOLD_SECTION_FLAGS_COLLAPSIBLE);
    check_load(docs, FOLD_LOAD_STATE_UNLOADED, 0);

    answer = ANSWER_AT_ONCE;
    gboolean changed = FALSE;
    CHECK(fold_store_expand(store, docs, &changed, NULL) && changed);
    /* The expansion with its placeholder, then the load, then the children
     * replacing the placeholder. */
    CHECK_EVENTS("expanded docs;items 1 0 1;load-start docs;items 1 1 4;");
    check_load(docs, FOLD_LOAD_STATE_LOADED, 0);
    CHECK_EQ_I64(n_items(), 7);
    CHECK_ITEM(1, FOLD_ITEM_KIND_ROW, 0, 0, 20, FALSE, FALSE, "docs 0");
    CHECK_ITEM(2, FOLD_ITEM_KIND_ROW, 0, 1, 20, FALSE, FALSE, "docs 1");
    CHECK_ITEM(3, FOLD_ITEM_KIND_HEADER, 1, -1, 30, FALSE, FALSE, "Sub");
    CHECK_ITEM(4, FOLD_ITEM_KIND_ROW, 1, 0, 20, FALSE, FALSE, "docs-sub 0");
    CHECK_ITEM(5, FOLD_ITEM_KIND_HEADER, 0, -1, 30, FALSE, FALSE, "End");
    CHECK(fold_store_get_section_flags(store, docs, &flags, NULL));
    CHECK(!(flags & FOLD_SECTION_FLAGS_UNLOADED));
    double height = 0;
    CHECK(fold_store_get_content_height(store, &height, NULL));
    CHECK_EQ_DBL(height, 30 + 20 + 20 + 30 + 20 + 30 + 20);
    /* Loaded: collapsing is an ordinary collapse. */
    CHECK(fold_store_collapse(store, docs, &changed, NULL) && changed);
    CHECK_EVENTS("collapsed docs;items 1 4 0;");
    GError *error = NULL;
    CHECK(!fold_store_load(store, docs, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_ALLOWED);
}

static void
test_worker(void)
{
    guint64 later = insert("later", "Later", 0, FOLD_SECTION_FLAGS_UNLOADED);
    guint p = n_items() - 1; /* its header */
    CHECK_EQ_I64(p, 3);
    g_string_truncate(events, 0);
    answer = ANSWER_WORKER;
    worker_done = FALSE;
    CHECK(fold_list_model_activate(model, p, NULL, NULL));
    CHECK_EVENTS("expanded later;items 4 0 1;load-start later;");
    /* Loading: the placeholder under the header, the section's row height. */
    check_load(later, FOLD_LOAD_STATE_LOADING, last_ticket);
    CHECK_ITEM(4, FOLD_ITEM_KIND_PLACEHOLDER, 0, -1, 20, TRUE, FALSE, NULL);
    FoldListItem *header = g_list_model_get_item(G_LIST_MODEL(model), 3);
    CHECK(header && !fold_list_item_get_collapsed(header) &&
          fold_list_item_get_collapsible(header));
    g_clear_object(&header);
    /* The worker's answer arrives through the main loop (bounded wait). */
    gint64 deadline = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;
    while (!worker_done && g_get_monotonic_time() < deadline)
        g_main_context_iteration(NULL, TRUE);
    CHECK(worker_done);
    CHECK_EVENTS("items 4 1 4;");
    check_load(later, FOLD_LOAD_STATE_LOADED, 0);
    CHECK_EQ_I64(n_items(), 8);
    CHECK_ITEM(4, FOLD_ITEM_KIND_ROW, 0, 0, 20, FALSE, FALSE, "later 0");
    CHECK_ITEM(6, FOLD_ITEM_KIND_HEADER, 1, -1, 30, FALSE, FALSE, "Sub");
    CHECK_ITEM(7, FOLD_ITEM_KIND_ROW, 1, 0, 20, FALSE, FALSE, "later-sub 0");
    CHECK(fold_store_remove_section(store, later, NULL));
    CHECK_EVENTS("items 3 5 0;");
}

static void
test_cancel(void)
{
    guint64 slow = insert("slow", "Slow", 0, FOLD_SECTION_FLAGS_UNLOADED);
    g_string_truncate(events, 0);
    answer = ANSWER_NONE;
    gboolean changed = FALSE;
    CHECK(fold_store_expand(store, slow, &changed, NULL) && changed);
    guint64 first = last_ticket;
    CHECK_EVENTS("expanded slow;items 4 0 1;load-start slow;");
    /* Collapsing cancels: the placeholder goes with the collapse. */
    CHECK(fold_store_collapse(store, slow, &changed, NULL) && changed);
    CHECK_EVENTS("collapsed slow;items 4 1 0;load-cancel slow;");
    check_load(slow, FOLD_LOAD_STATE_UNLOADED, 0);
    GError *error = NULL;
    CHECK(!fold_store_finish_load(store, slow, first, children_of("slow"), &error));
    CHECK_ERROR(&error, FOLD_E_CANCELLED);
    CHECK(!fold_store_fail_load(store, slow, first, "late", &error));
    CHECK_ERROR(&error, FOLD_E_CANCELLED);
    CHECK_EVENTS("");
    CHECK_EQ_I64(n_items(), 4);

    /* A snapshot of another type is refused before the engine sees it. */
    CHECK(fold_store_expand(store, slow, &changed, NULL) && changed);
    CHECK(last_ticket != first);
    CHECK(!fold_store_finish_load(store, slow, last_ticket, g_variant_new_string("rows"), &error));
    CHECK_ERROR(&error, FOLD_E_INVALID);
    check_load(slow, FOLD_LOAD_STATE_LOADING, last_ticket);

    /* Removing it cancels too; a late answer finds no section. */
    g_string_truncate(events, 0);
    guint64 ticket = last_ticket;
    CHECK(fold_store_remove_section(store, slow, NULL));
    CHECK_EVENTS("items 3 2 0;load-cancel slow;");
    CHECK(!fold_store_finish_load(store, slow, ticket, children_of("slow"), &error));
    CHECK_ERROR(&error, FOLD_E_NOT_FOUND);
}

static void
on_notify(GObject *object, GParamSpec *pspec, gpointer data)
{
    (void)object;
    (void)data;
    log_event("notify %s", pspec->name);
}

static void
test_fail_and_retry(void)
{
    guint64 locked = insert("locked", "Locked", 0, FOLD_SECTION_FLAGS_UNLOADED);
    answer = ANSWER_NONE;
    gboolean changed = FALSE;
    CHECK(fold_store_expand(store, locked, &changed, NULL) && changed);
    guint64 first = last_ticket;
    FoldListItem *placeholder = g_list_model_get_item(G_LIST_MODEL(model), 4);
    g_signal_connect(placeholder, "notify", G_CALLBACK(on_notify), NULL);
    g_string_truncate(events, 0);

    /* The failure is a redraw of the same item: its flags and its title. */
    GError *error = NULL;
    CHECK(fold_store_fail_load(store, locked, first, "Permission denied", &error));
    g_clear_error(&error);
    CHECK_EVENTS("notify title;notify loading;notify failed;");
    CHECK_ITEM(4, FOLD_ITEM_KIND_PLACEHOLDER, 0, -1, 20, FALSE, TRUE, "Permission denied");
    CHECK(g_list_model_get_item(G_LIST_MODEL(model), 4) == (gpointer)placeholder);
    g_object_unref(placeholder); /* the reference get_item just gave */
    check_load(locked, FOLD_LOAD_STATE_FAILED, first);
    char *message = fold_store_get_load_error(store, locked, NULL);
    CHECK_STR(message, "Permission denied");
    g_free(message);
    CHECK(!fold_store_fail_load(store, locked, first, "again", &error));
    CHECK_ERROR(&error, FOLD_E_CANCELLED);

    /* Activating the failed placeholder retries: a new load. */
    int32_t action = -1;
    CHECK(fold_list_model_activate(model, 4, &action, NULL));
    CHECK_EQ_I64(action, FOLD_ACTIVATION_LOAD_RETRIED);
    CHECK(last_ticket != first);
    CHECK_EVENTS("notify title;notify loading;notify failed;load-start locked;");
    CHECK_ITEM(4, FOLD_ITEM_KIND_PLACEHOLDER, 0, -1, 20, TRUE, FALSE, NULL);
    check_load(locked, FOLD_LOAD_STATE_LOADING, last_ticket);
    message = fold_store_get_load_error(store, locked, &error);
    CHECK(message == NULL && error == NULL);
    CHECK(!fold_store_load(store, locked, &error)); /* already loading */
    CHECK_ERROR(&error, FOLD_E_NOT_ALLOWED);

    /* Fail again, retry with fold_store_load(), finish. */
    CHECK(fold_store_fail_load(store, locked, last_ticket, NULL, NULL));
    CHECK_ITEM(4, FOLD_ITEM_KIND_PLACEHOLDER, 0, -1, 20, FALSE, TRUE, "");
    guint64 second = last_ticket;
    CHECK(fold_store_load(store, locked, NULL));
    CHECK(last_ticket != second);
    g_signal_handlers_disconnect_by_func(placeholder, on_notify, NULL);
    g_string_truncate(events, 0);
    CHECK(fold_store_finish_load(store, locked, last_ticket, children_of("locked"), NULL));
    CHECK_EVENTS("items 4 1 4;");
    /* The placeholder left the model: detached, its last values kept. */
    CHECK(fold_list_item_get_kind(placeholder) == FOLD_ITEM_KIND_PLACEHOLDER);
    g_object_unref(placeholder);
    CHECK_ITEM(4, FOLD_ITEM_KIND_ROW, 0, 0, 20, FALSE, FALSE, "locked 0");
}

/* Reloading "locked" (loaded by test_fail_and_retry):
 *   docs/C 0, end 1, end.0 2, locked 3, locked.0 4, locked.1 5, Sub 6, locked-sub.0 7
 * The children stay while the reload runs; the new ones are reconciled by
 * key, so the rows and the kept subsection keep their FoldListItem objects. */
static void
test_reload(void)
{
    guint64 locked = 0, never;
    CHECK(fold_store_find_section(store, "locked", &locked, NULL));
    CHECK_EQ_I64(n_items(), 8);
    FoldListItem *sub = g_list_model_get_item(G_LIST_MODEL(model), 6);
    FoldListItem *row = g_list_model_get_item(G_LIST_MODEL(model), 7);
    answer = ANSWER_NONE;
    g_string_truncate(events, 0);
    GError *error = NULL;
    CHECK(fold_store_reload_section(store, locked, &error));
    CHECK(error == NULL);
    CHECK_EVENTS("load-start locked;");
    check_load(locked, FOLD_LOAD_STATE_RELOADING, last_ticket);
    CHECK_EQ_I64(n_items(), 8);
    /* Again: the reload under way is replaced. */
    CHECK(fold_store_reload_section(store, locked, NULL));
    CHECK_EVENTS("load-cancel locked;load-start locked;");

    /* 2 rows, the subsection without children (it keeps its row), a new one. */
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE("a(iissxuuddd)"));
    g_variant_builder_add(&b, "(iissxuuddd)", FOLD_SNAPSHOT_ROWS, 0, "", "", (gint64)2, 0u, 0u,
                          0.0, 0.0, 0.0);
    g_variant_builder_add(&b, "(iissxuuddd)", FOLD_SNAPSHOT_SECTION, 0, "locked-sub", "Sub", (gint64)0,
                          (guint)FOLD_SECTION_FLAGS_UNLOADED, 0u, 0.0, 0.0, 0.0);
    g_variant_builder_add(&b, "(iissxuuddd)", FOLD_SNAPSHOT_SECTION, 0, "fresh", "Fresh", (gint64)0,
                          0u, 0u, 0.0, 0.0, 0.0);
    g_variant_builder_add(&b, "(iissxuuddd)", FOLD_SNAPSHOT_ROWS, 1, "", "", (gint64)1, 0u, 0u,
                          0.0, 0.0, 0.0);
    CHECK(fold_store_finish_load(store, locked, last_ticket, g_variant_builder_end(&b), &error));
    CHECK(error == NULL);
    CHECK_EVENTS("items 8 0 2;");
    check_load(locked, FOLD_LOAD_STATE_LOADED, 0);
    CHECK_ITEM(7, FOLD_ITEM_KIND_ROW, 1, 0, 20, FALSE, FALSE, "locked-sub 0");
    CHECK_ITEM(8, FOLD_ITEM_KIND_HEADER, 1, -1, 30, FALSE, FALSE, "Fresh");
    CHECK_ITEM(9, FOLD_ITEM_KIND_ROW, 1, 0, 20, FALSE, FALSE, "fresh 0");
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(model), 6);
    CHECK(item == sub);
    g_object_unref(item);
    item = g_list_model_get_item(G_LIST_MODEL(model), 7);
    CHECK(item == row);
    g_object_unref(item);
    g_object_unref(sub);
    g_object_unref(row);

    /* A failed reload keeps the children; a late answer is refused. */
    CHECK(fold_store_reload_section(store, locked, NULL));
    guint64 ticket = last_ticket;
    g_string_truncate(events, 0);
    CHECK(fold_store_fail_load(store, locked, ticket, "offline", NULL));
    CHECK_EVENTS("");
    check_load(locked, FOLD_LOAD_STATE_LOADED, 0);
    CHECK_EQ_I64(n_items(), 10);
    CHECK(!fold_store_finish_load(store, locked, ticket, children_of("locked"), &error));
    CHECK_ERROR(&error, FOLD_E_CANCELLED);
    CHECK_EQ_I64(n_items(), 10);

    /* Never loaded: nothing to reload. Inserted expanded: loads at once. */
    never = insert("never", "Never", 0, FOLD_SECTION_FLAGS_UNLOADED);
    g_string_truncate(events, 0);
    CHECK(!fold_store_reload_section(store, never, &error));
    CHECK_ERROR(&error, FOLD_E_NOT_ALLOWED);
    CHECK_EVENTS("");
    CHECK(fold_store_remove_section(store, never, NULL));
    g_string_truncate(events, 0);
    guint64 eager = insert("eager", "Eager", 0, FOLD_SECTION_FLAGS_UNLOADED | FOLD_SECTION_FLAGS_EXPANDED);
    CHECK_EVENTS("items 10 0 2;load-start eager;");
    check_load(eager, FOLD_LOAD_STATE_LOADING, last_ticket);
    CHECK_ITEM(11, FOLD_ITEM_KIND_PLACEHOLDER, 0, -1, 20, TRUE, FALSE, NULL);
}

int
main(void)
{
    events = g_string_new(NULL);
    store = g_object_new(FOLD_TYPE_STORE, "row-height", 20.0, "header-height", 30.0, NULL);
    guint64 docs = insert("docs", "Docs", 0, FOLD_SECTION_FLAGS_UNLOADED);
    insert("end", "End", 1, FOLD_SECTION_FLAGS_NONE);
    model = fold_list_model_new_for_store(store);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);
    g_signal_connect(model, "items-changed", G_CALLBACK(on_items_changed), NULL);
    g_signal_connect(store, "section-did-expand", G_CALLBACK(on_did_expand), NULL);
    g_signal_connect(store, "section-did-collapse", G_CALLBACK(on_did_collapse), NULL);
    g_signal_connect(store, "load-start", G_CALLBACK(on_load_start), NULL);
    g_signal_connect(store, "load-cancel", G_CALLBACK(on_load_cancel), NULL);

    test_at_once(docs);
    test_worker();
    test_cancel();
    test_fail_and_retry();
    test_reload();

    g_object_unref(model);
    g_object_unref(store);
    g_string_free(events, TRUE);
    return check_done();
}
