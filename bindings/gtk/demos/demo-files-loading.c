/* The files demo's loads: FoldStore::load-start runs a worker thread (a
 * GTask) that reads the folder from the disk with a delay, its answer goes
 * to the store on the main thread; load-cancel cancels it; F5 and the
 * Reload button reload the focused row's folder (see demo-files.h). */
#include "demo-files.h"
#include "fold-expander.h"
#include "fold-snapshot-builder.h"

#define LOAD_DELAY_US (300 * 1000)

/* What a worker reads: one folder, for one load (`folder` NULL: there is
 * no such folder). */
typedef struct {
    guint64 section, ticket;
    char *key;
    Listing *folder;
} Load;

static void
load_free(gpointer data)
{
    Load *load = data;
    g_free(load->key);
    listing_free(load->folder);
    g_free(load);
}

static void
read_folder(GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
    (void)source;
    const Load *load = data;
    g_usleep(LOAD_DELAY_US); /* a slow disk */
    if (g_task_return_error_if_cancelled(task))
        return;
    if (!load->folder || load->folder->error) {
        g_task_return_new_error(task, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, "%s",
                                load->folder ? load->folder->error : "No such folder");
        return;
    }
    FoldSnapshotBuilder *b = fold_snapshot_builder_new();
    add_children(b, load->folder);
    (void)cancellable;
    g_task_return_pointer(task, g_variant_ref_sink(fold_snapshot_builder_end(b)),
                          (GDestroyNotify)g_variant_unref);
    g_object_unref(b);
}

void
update_status(gpointer data)
{
    App *app = data;
    gint64 items = demo_item_count(app->demo.table);
    guint loading = g_hash_table_size(app->running);
    char *text = g_strdup_printf("%" G_GINT64_FORMAT " rows · %u loading · %d loads, %d "
                                 "cancelled, %d failed",
                                 items, loading, app->started, app->cancelled, app->failed);
    gtk_label_set_text(GTK_LABEL(app->status), text);
    g_free(text);
}

/* On the main thread: the folder's children, or its error, go to the store.
 * An answer for a load that is over (collapsed, removed) is refused by the
 * store with FOLD_E_CANCELLED / FOLD_E_NOT_FOUND and changes nothing. */
void
deliver(App *app, GTask *task)
{
    const Load *load = g_task_get_task_data(task);
    GError *error = NULL;
    GVariant *children = g_task_propagate_pointer(task, &error);
    gboolean ok;
    GError *refused = NULL;
    /* The files' names are the app's, found by key and index: set before
     * the store shows the rows (the model reads them then). */
    char **shown = demo_rows_dup(app->rows, load->key);
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
        ok = TRUE; /* the load-cancel handler counted it */
    } else if (error) {
        ok = fold_store_fail_load(app->store, load->section, load->ticket, error->message,
                                  &refused);
        app->failed++;
    } else {
        demo_rows_set(app->rows, load->key, (const char *const *)load->folder->files, -1);
        ok = fold_store_finish_load(app->store, load->section, load->ticket, children,
                                    &refused);
        if (!ok) /* the folder shows what it showed */
            demo_rows_set(app->rows, load->key, (const char *const *)shown, -1);
    }
    g_strfreev(shown);
    if (!ok && !g_error_matches(refused, FOLD_LIST_MODEL_ERROR, FOLD_E_CANCELLED) &&
        !g_error_matches(refused, FOLD_LIST_MODEL_ERROR, FOLD_E_NOT_FOUND))
        g_warning("loading %s: %s", load->key, refused->message);
    g_clear_error(&refused);
    g_clear_error(&error);
    g_clear_pointer(&children, g_variant_unref);
    g_hash_table_remove(app->running, &load->ticket);
    update_status(app);
}

static void
folder_read(GObject *source, GAsyncResult *result, gpointer data)
{
    (void)source;
    App *app = data;
    app->in_flight--;
    if (app->hold)
        g_ptr_array_add(app->held, g_object_ref(result));
    else
        deliver(app, G_TASK(result));
}

void
on_load_start(FoldStore *store, guint64 section, const char *key, guint64 ticket, gpointer data)
{
    App *app = data;
    Load *load = g_new(Load, 1);
    *load = (Load){section, ticket, g_strdup(key), disk_read(key)};
    GCancellable *cancellable = g_cancellable_new();
    g_hash_table_insert(app->running, g_memdup2(&ticket, sizeof ticket), cancellable);
    GTask *task = g_task_new(store, cancellable, folder_read, app);
    g_task_set_task_data(task, load, load_free);
    g_task_run_in_thread(task, read_folder);
    g_object_unref(task);
    app->in_flight++;
    app->started++;
    update_status(app);
}

void
on_load_cancel(FoldStore *store, guint64 section, const char *key, guint64 ticket, gpointer data)
{
    (void)store;
    (void)section;
    (void)key;
    App *app = data;
    GCancellable *cancellable = g_hash_table_lookup(app->running, &ticket);
    if (cancellable)
        g_cancellable_cancel(cancellable);
    g_hash_table_remove(app->running, &ticket);
    app->cancelled++;
    update_status(app);
}

/* Reloads `section` (a folder) and, for a row, the folder it is in. A
 * folder never read has nothing to reload: it is left as it is. */
void
reload_folder(App *app, guint64 section)
{
    GError *error = NULL;
    if (!fold_store_reload_section(app->store, section, &error) &&
        !g_error_matches(error, FOLD_LIST_MODEL_ERROR, FOLD_E_NOT_ALLOWED))
        g_warning("reload: %s", error->message);
    g_clear_error(&error);
}

/* The FoldExpander of the focused row (the list row holding it, or a
 * widget inside it), or NULL. */
FoldExpander *
focused_expander(GtkWidget *window)
{
    GtkWidget *focus = gtk_root_get_focus(GTK_ROOT(window));
    for (GtkWidget *w = focus; w; w = gtk_widget_get_parent(w))
        if (FOLD_IS_EXPANDER(w))
            return FOLD_EXPANDER(w);
    GtkWidget *child = focus ? gtk_widget_get_first_child(focus) : NULL;
    return child && FOLD_IS_EXPANDER(child) ? FOLD_EXPANDER(child) : NULL;
}

/* F5 and the Reload button: the focused row's folder, or Home. */
void
reload_focused(App *app, GtkWidget *window)
{
    FoldExpander *expander = focused_expander(window);
    FoldListItem *item = expander ? fold_expander_get_item(expander) : NULL;
    reload_folder(app, item ? fold_list_item_get_section_id(item)
                            : demo_section(app->demo.table, tree[0].path));
}

gboolean
on_f5(GtkWidget *window, GVariant *args, gpointer data)
{
    (void)args;
    reload_focused(data, window);
    return TRUE;
}

void
on_reload_clicked(GtkButton *button, gpointer data)
{
    reload_focused(data, GTK_WIDGET(gtk_widget_get_root(GTK_WIDGET(button))));
}
