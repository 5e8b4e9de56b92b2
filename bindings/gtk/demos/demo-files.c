/*
 * demo-files.c — a file tree whose folders load lazily: each folder is a
 * section inserted with FOLD_SECTION_FLAGS_UNLOADED; expanding it emits
 * FoldStore::load-start, a worker thread (GTask) "reads" the folder with a
 * simulated delay of 300 ms, writes its children with a FoldSnapshotBuilder
 * and hands them back to the main thread,
 * where fold_store_finish_load() replaces the "Loading…" row with them.
 * The folder "Private" fails ("Permission denied"): its row shows the error
 * and a Retry link. Collapsing a folder while it loads cancels the load
 * (FoldStore::load-cancel); the worker's late answer is refused.
 * F5 (or the Reload button) reloads the folder of the focused row
 * (fold_store_reload_section()): its contents stay shown while the worker
 * reads it again, then the new ones are reconciled by key, so subfolders
 * that persist keep their state and their rows. "Projects" changes on
 * disk once it was read: a reload shows "drafts" and "roadmap.md" added and
 * "website" moved first.
 *
 * Drag files and folders (demo-drop.c): the engine says where they would
 * land (fold_table_drop_target: the line at the depth they would get, or
 * the folder highlighted) and moves them (fold_table_drop, one change set
 * with moves: the rows keep their widgets); the app moves the files' names
 * and writes the folders back to its "disk". A folder not read yet takes
 * nothing (the engine refuses INTO until its children are loaded), nor
 * does "System", read-only (FOLD_SECTION_NO_DROP). Keyboard alone: the
 * expanders' keys are the engine's keyboard model (Up, Down, Shift, Ctrl,
 * Space, Left, Right — Right on a folder not read starts its load — + - *,
 * Enter, and typing a name's first letters).
 *
 * The tree is a fixed, made-up one (the screenshots are reproducible), kept
 * on a "disk" that loads read. Rows are FoldExpanders, which draw the
 * placeholder row themselves.
 *
 *   foldtable-gtk-demo-files                      interactive
 *   foldtable-gtk-demo-files --self-test OUT.png  drive itself, check, save
 *                                                 OUT-loading.png, OUT.png,
 *                                                 OUT-failed.png, OUT-drop-*.png,
 *                                                 OUT-keyboard.png and
 *                                                 OUT-drag.png, exit 0 / 1
 */
#include "demo-app.h"
#include "demo-drop.h"
#include "demo-keys.h"
#include "demo-rows.h"
#include "fold-expander.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#define ROW_HEIGHT 28.0
/* Where a row's expander starts (the row's padding) and its indentation a
 * level. */
#define ROW_START 8.0
#define EXPANDER_INDENT 20.0
#define LOAD_DELAY_US (300 * 1000)

/* ---- the made-up file system ------------------------------------------------ */

typedef struct {
    const char *path;                 /* the section's key */
    const char *const *folders;       /* names, NULL-terminated */
    const char *const *files;         /* the rows, NULL-terminated */
    const char *error;                /* reading it fails with this */
} Folder;

#define NAMES(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NO_NAMES ((const char *const[]){NULL})

static const Folder tree[] = {
    {"Home", NAMES("Documents", "Music", "Pictures", "Projects", "Private"),
     NAMES(".profile", "todo.txt"), NULL},
    {"Home/Documents", NAMES("Letters"), NAMES("budget.ods", "cv.pdf", "notes.md"), NULL},
    {"Home/Documents/Letters", NO_NAMES, NAMES("bank.odt", "landlord.odt"), NULL},
    {"Home/Music", NAMES("Bach", "Miles Davis"), NAMES("playlist.m3u"), NULL},
    {"Home/Music/Bach", NO_NAMES, NAMES("Cello Suite No. 1.flac", "Goldberg Variations.flac"),
     NULL},
    {"Home/Music/Miles Davis", NO_NAMES, NAMES("Kind of Blue.flac", "So What.flac"), NULL},
    {"Home/Pictures", NAMES("Holidays 2025"), NAMES("avatar.png", "scan.jpg"), NULL},
    {"Home/Pictures/Holidays 2025", NO_NAMES, NAMES("beach.jpg", "harbour.jpg", "hills.jpg"),
     NULL},
    {"Home/Projects", NAMES("foldtable", "website"), NAMES("ideas.txt"), NULL},
    {"Home/Projects/foldtable", NO_NAMES, NAMES("CMakeLists.txt", "README.md", "foldtable.h"),
     NULL},
    {"Home/Projects/website", NO_NAMES, NAMES("index.html", "style.css"), NULL},
    {"Home/Private", NO_NAMES, NO_NAMES, "Permission denied"},
    {"Home/Projects/drafts", NO_NAMES, NAMES("plan.md"), NULL},
};

/* "Home/Projects" after the change on disk (change_projects_on_disk). */
static const Folder projects_later = {"Home/Projects", NAMES("website", "foldtable", "drafts"),
                                      NAMES("ideas.txt", "roadmap.md"), NULL};

/* The read-only folder: dragged items cannot go into it (NO_DROP). */
static const Folder system_folder = {"System", NO_NAMES, NAMES("fstab", "hosts"), NULL};

/* ---- the disk: what loads read, on the main thread -------------------------- */

/* A folder on the "disk": the keys (paths where they were first read) of
 * its subfolders and its files' names. A drop writes the folders it
 * changed back (disk_write_back), as a file manager moves files. */
typedef struct {
    char **folders, **files;
    char *error;
} Listing;

static void
listing_free(Listing *l)
{
    if (!l)
        return;
    g_strfreev(l->folders);
    g_strfreev(l->files);
    g_free(l->error);
    g_free(l);
}

/* The disk: key -> Listing. */
static GHashTable *disk;

static void
disk_put(const Folder *f)
{
    Listing *l = g_new0(Listing, 1);
    GStrvBuilder *b = g_strv_builder_new();
    for (const char *const *name = f->folders; *name; name++) {
        char *key = g_strdup_printf("%s/%s", f->path, *name);
        g_strv_builder_add(b, key);
        g_free(key);
    }
    l->folders = g_strv_builder_end(b);
    g_strv_builder_unref(b);
    l->files = g_strdupv((char **)f->files);
    l->error = g_strdup(f->error);
    g_hash_table_replace(disk, g_strdup(f->path), l);
}

static void
disk_init(void)
{
    disk = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)listing_free);
    for (size_t i = 0; i < G_N_ELEMENTS(tree); i++)
        disk_put(&tree[i]);
    disk_put(&system_folder);
}

/* "Home/Projects" changes on disk: loads from now on read the new one. */
static void
change_projects_on_disk(void)
{
    disk_put(&projects_later);
}

/* What reading folder `key` gives now, a copy a worker owns; NULL if there
 * is no such folder. */
static Listing *
disk_read(const char *key)
{
    const Listing *l = g_hash_table_lookup(disk, key);
    if (!l)
        return NULL;
    Listing *c = g_new0(Listing, 1);
    c->folders = g_strdupv(l->folders);
    c->files = g_strdupv(l->files);
    c->error = g_strdup(l->error);
    return c;
}

/* A folder's children, as finish_load takes them (with no section open
 * in `b`) or inside the folder's own section: its folders (not loaded
 * yet), then its files (one run of rows). */
static void
add_children(FoldSnapshotBuilder *b, const Listing *folder)
{
    for (char **key = folder->folders; *key; key++) {
        const char *slash = strrchr(*key, '/');
        fold_snapshot_builder_add_section(b, *key, slash ? slash + 1 : *key,
                                          FOLD_SECTION_FLAGS_UNLOADED, 0);
    }
    guint files = g_strv_length(folder->files);
    if (files > 0)
        fold_snapshot_builder_add_rows(b, files);
}

/* ---- the app ---------------------------------------------------------------- */

typedef struct {
    DemoApp demo;
    FoldStore *store;
    DemoRows *rows; /* the shown folders' files, by folder key */
    DemoDrop *drop;
    GtkWidget *status;
    GHashTable *running; /* ticket (guint64 *) -> GCancellable * */
    int in_flight;       /* workers not returned yet */
    int started, cancelled, failed;
    /* Self-test: answers wait in `held` while `hold` is set. */
    gboolean hold;
    GPtrArray *held; /* GTask * */
} App;

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

static void
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
static void
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

static void
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

static void
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
static void
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
static FoldExpander *
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
static void
reload_focused(App *app, GtkWidget *window)
{
    FoldExpander *expander = focused_expander(window);
    FoldListItem *item = expander ? fold_expander_get_item(expander) : NULL;
    reload_folder(app, item ? fold_list_item_get_section_id(item)
                            : demo_section(app->demo.table, tree[0].path));
}

static gboolean
on_f5(GtkWidget *window, GVariant *args, gpointer data)
{
    (void)args;
    reload_focused(data, window);
    return TRUE;
}

static void
on_reload_clicked(GtkButton *button, gpointer data)
{
    reload_focused(data, GTK_WIDGET(gtk_widget_get_root(GTK_WIDGET(button))));
}

/* ---- drag and drop ---------------------------------------------------------- */

/* A folder the drop changed, written back to the disk as it shows now: its
 * subfolders' keys and its files, so a reload reads what the user sees. */
static void
disk_write_back(App *app, fold_section_id folder)
{
    fold_table *t = app->demo.table;
    char key[256];
    fold_section_info info;
    if (fold_table_section_text(t, folder, FOLD_TEXT_KEY, key, sizeof key, NULL) != FOLD_OK ||
        fold_table_section_info(t, folder, &info) != FOLD_OK || !g_hash_table_contains(disk, key))
        return;
    Listing *l = g_new0(Listing, 1);
    l->files = demo_rows_dup(app->rows, key);
    GStrvBuilder *b = g_strv_builder_new();
    for (int64_t i = 0; i < info.child_count; i++) {
        int32_t kind = -1;
        fold_section_id child = 0;
        char child_key[256];
        if (fold_table_child_at(t, folder, i, &kind, &child, NULL) == FOLD_OK &&
            kind == FOLD_CHILD_SECTION &&
            fold_table_section_text(t, child, FOLD_TEXT_KEY, child_key, sizeof child_key, NULL) ==
                FOLD_OK)
            g_strv_builder_add(b, child_key);
    }
    l->folders = g_strv_builder_end(b);
    g_strv_builder_unref(b);
    g_hash_table_replace(disk, g_strdup(key), l);
}

/* A drop: the files' names move along (demo_rows_drop), the engine moves
 * the items, and the folders that lost or got items are written back. */
static int
drop_items(fold_table *table, fold_section_id parent, int64_t index, const fold_item_ref *items,
           int64_t count, gpointer data)
{
    App *app = data;
    GArray *touched = g_array_new(FALSE, FALSE, sizeof(fold_section_id));
    g_array_append_val(touched, parent);
    for (int64_t i = 0; i < count; i++) {
        fold_section_info info;
        fold_section_id from = items[i].section;
        if (items[i].row < 0)
            from = fold_table_section_info(table, items[i].section, &info) == FOLD_OK ? info.parent
                                                                                     : FOLD_ROOT;
        g_array_append_val(touched, from);
    }
    int status = demo_rows_drop(app->rows, table, parent, index, items, count);
    for (guint i = 0; status == FOLD_OK && i < touched->len; i++)
        if (g_array_index(touched, fold_section_id, i) != FOLD_ROOT)
            disk_write_back(app, g_array_index(touched, fold_section_id, i));
    g_array_unref(touched);
    update_status(app);
    return status;
}

/* ---- the list ------------------------------------------------------------- */

static void
setup_row(GtkSignalListItemFactory *f, GtkListItem *list_item, gpointer data)
{
    (void)f;
    App *app = data;
    GtkWidget *expander = fold_expander_new();
    fold_expander_set_model(FOLD_EXPANDER(expander), app->demo.model);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_box_append(GTK_BOX(box), gtk_image_new());
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_box_append(GTK_BOX(box), label);
    fold_expander_set_child(FOLD_EXPANDER(expander), box);
    gtk_list_item_set_child(list_item, expander);
}

/* The engine's selection (Shift+arrows, Space) on the list's row around
 * the expander, so that it spans the row's padding. */
static void
show_selected(FoldListItem *item, GParamSpec *pspec, gpointer expander)
{
    (void)pspec;
    GtkWidget *row = gtk_widget_get_parent(expander);
    if (!row)
        return;
    if (fold_list_item_get_selected(item))
        gtk_widget_add_css_class(row, "fold-selected");
    else
        gtk_widget_remove_css_class(row, "fold-selected");
}

static void
bind_row(GtkSignalListItemFactory *f, GtkListItem *list_item, gpointer data)
{
    (void)f;
    (void)data;
    FoldListItem *item = gtk_list_item_get_item(list_item);
    FoldExpander *expander = FOLD_EXPANDER(gtk_list_item_get_child(list_item));
    fold_expander_set_item(expander, item);
    GtkWidget *box = fold_expander_get_child(expander);
    GtkWidget *icon = gtk_widget_get_first_child(box);
    gboolean folder = fold_list_item_get_kind(item) == FOLD_ITEM_KIND_HEADER;
    /* The read-only folder (nothing can be dropped into it) shows a lock. */
    gboolean locked = folder && g_strcmp0(fold_list_item_get_key(item), system_folder.path) == 0;
    gtk_image_set_from_icon_name(GTK_IMAGE(icon), locked   ? "changes-prevent-symbolic"
                                                  : folder ? "folder-symbolic"
                                                           : "text-x-generic-symbolic");
    show_selected(item, NULL, expander);
    g_signal_connect(item, "notify::selected", G_CALLBACK(show_selected), expander);
    const char *title = fold_list_item_get_title(item);
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_last_child(box)), title ? title : "");
    gtk_widget_set_size_request(GTK_WIDGET(expander), -1, (int)fold_list_item_get_height(item));
}

static void
unbind_row(GtkSignalListItemFactory *f, GtkListItem *list_item, gpointer data)
{
    (void)f;
    (void)data;
    GtkWidget *expander = gtk_list_item_get_child(list_item);
    g_signal_handlers_disconnect_by_func(gtk_list_item_get_item(list_item),
                                         G_CALLBACK(show_selected), expander);
    fold_expander_set_item(FOLD_EXPANDER(expander), NULL);
}

static const char css[] =
    "window.files-demo { background: #ffffff; }\n"
    "listview.files > row { padding: 0 8px; min-height: 0; }\n"
    "listview.files foldexpander.header label { font-weight: bold; }\n"
    "listview.files foldexpander image { color: #5b7a99; }\n"
    "listview.files foldexpander.row image { color: #8a8f96; }\n"
    "listview.files > row.fold-selected { background: #dde8f8; }\n"
    ".statusbar { padding: 4px 8px; color: alpha(currentColor, 0.7); }\n";

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window = demo_window_new(gapp, css, "files-demo", "FoldTable — Files", 460, 620);
    if (app->demo.out_png) /* a still spinner: the self-test waits for quiet frames */
        g_object_set(gtk_widget_get_settings(window), "gtk-enable-animations", FALSE, NULL);
    app->demo.activated = update_status;
    app->demo.list = demo_list_view_new(app->demo.model, "files", G_CALLBACK(setup_row),
                                        G_CALLBACK(bind_row), G_CALLBACK(unbind_row),
                                        G_CALLBACK(demo_on_activate), app);
    /* Keys fold and unfold too: the status bar counts the rows after any change. */
    g_signal_connect_swapped(app->demo.model, "items-changed", G_CALLBACK(update_status), app);
    app->status = demo_status_bar_new();
    gtk_widget_set_hexpand(app->status, TRUE);
    GtkWidget *reload = gtk_button_new_with_label("Reload");
    gtk_widget_set_tooltip_text(reload, "Reload the focused folder (F5)");
    gtk_widget_add_css_class(reload, "flat");
    g_signal_connect(reload, "clicked", G_CALLBACK(on_reload_clicked), app);
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_box_append(GTK_BOX(bar), app->status);
    gtk_box_append(GTK_BOX(bar), reload);
    GtkEventController *keys = gtk_shortcut_controller_new();
    gtk_shortcut_controller_set_scope(GTK_SHORTCUT_CONTROLLER(keys), GTK_SHORTCUT_SCOPE_GLOBAL);
    gtk_shortcut_controller_add_shortcut(
        GTK_SHORTCUT_CONTROLLER(keys),
        gtk_shortcut_new(gtk_keyval_trigger_new(GDK_KEY_F5, 0), gtk_callback_action_new(on_f5, app, NULL)));
    gtk_widget_add_controller(window, keys);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    /* Drag and drop: depth 0 starts at the row's padding (8 px), each level
     * 20 px further (the expander's indentation). */
    GtkWidget *scroller = demo_scroller_new(app->demo.list);
    app->drop = demo_drop_new(app->demo.list, app->demo.model,
                              gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(app->demo.list)),
                              ROW_START, EXPANDER_INDENT, drop_items, app);
    gtk_box_append(GTK_BOX(box), demo_drop_wrap(app->drop, scroller));
    gtk_box_append(GTK_BOX(box), bar);
    gtk_window_set_child(GTK_WINDOW(window), box);
    update_status(app);
    return window;
}

/* ---- self-test ------------------------------------------------------------ */

/* The next step waits until every worker has returned. */
static gboolean
workers_returned(gpointer data)
{
    return ((App *)data)->in_flight == 0;
}

/* The model's item at `position` is of `kind`, with `title` (NULL: not
 * checked), at the engine's top position * ROW_HEIGHT (every item is 28). */
static void
expect_item(App *app, guint position, FoldItemKind kind, int depth, const char *title)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), position);
    EXPECT(item != NULL);
    if (!item)
        return;
    EXPECT(fold_list_item_get_kind(item) == kind);
    EXPECT(fold_list_item_get_depth(item) == depth);
    EXPECT(!title || g_strcmp0(fold_list_item_get_title(item), title) == 0);
    EXPECT(fold_list_item_get_height(item) == ROW_HEIGHT);
    EXPECT(demo_item_top(app->demo.table, position) == position * ROW_HEIGHT);
    if (title && g_strcmp0(fold_list_item_get_title(item), title) != 0)
        fprintf(stderr, "item %u: \"%s\", expected \"%s\"\n", position,
                fold_list_item_get_title(item), title);
    g_object_unref(item);
}

/* Every row the list shows is where the engine says and as tall (nothing
 * is scrolled): the placeholder rows too, whatever they draw. Returns how
 * many rows were checked. */
static int
check_layout(App *app, GtkWidget *widget)
{
    int checked = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child;
         child = gtk_widget_get_next_sibling(child)) {
        FoldListItem *item = FOLD_IS_EXPANDER(child) ? fold_expander_get_item(FOLD_EXPANDER(child))
                                                     : NULL;
        if (!item || !gtk_widget_get_mapped(child)) {
            checked += check_layout(app, child);
            continue;
        }
        guint p = fold_list_item_get_position(item);
        graphene_point_t at;
        EXPECT(gtk_widget_compute_point(child, app->demo.list, &GRAPHENE_POINT_INIT(0, 0), &at));
        int height = gtk_widget_get_height(child);
        if (at.y != demo_item_top(app->demo.table, p) || height != ROW_HEIGHT)
            fprintf(stderr, "row %u: at %.1f, %d high; the engine: %.1f, %.0f\n", p, at.y, height,
                    demo_item_top(app->demo.table, p), ROW_HEIGHT);
        EXPECT(at.y == demo_item_top(app->demo.table, p));
        EXPECT(height == ROW_HEIGHT);
        checked++;
    }
    return checked;
}

/* The FoldExpander the list shows `position` in, or NULL. */
static FoldExpander *
find_expander(GtkWidget *widget, guint position)
{
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child;
         child = gtk_widget_get_next_sibling(child)) {
        FoldListItem *item = FOLD_IS_EXPANDER(child) ? fold_expander_get_item(FOLD_EXPANDER(child))
                                                     : NULL;
        if (item && gtk_widget_get_mapped(child) && fold_list_item_get_position(item) == position)
            return FOLD_EXPANDER(child);
        FoldExpander *found = item ? NULL : find_expander(child, position);
        if (found)
            return found;
    }
    return NULL;
}

/* What the expander at `position` draws for its placeholder item (the
 * expander's own box.placeholder: spinner, label, "Retry" link; the app's
 * child hidden). Returns the Retry link, or NULL. */
static GtkWidget *
expect_placeholder_drawn(App *app, guint position, const char *text, gboolean failed)
{
    FoldExpander *expander = find_expander(app->demo.list, position);
    EXPECT(expander != NULL);
    if (!expander)
        return NULL;
    GtkWidget *box = gtk_widget_get_last_child(GTK_WIDGET(expander));
    EXPECT(gtk_widget_has_css_class(box, "placeholder") && gtk_widget_get_visible(box));
    EXPECT(!gtk_widget_get_visible(fold_expander_get_child(expander)));
    EXPECT(gtk_widget_has_css_class(GTK_WIDGET(expander), failed ? "failed" : "loading"));
    GtkWidget *spinner = gtk_widget_get_first_child(box);
    GtkWidget *label = gtk_widget_get_next_sibling(spinner);
    GtkWidget *retry = gtk_widget_get_last_child(box);
    EXPECT(GTK_IS_SPINNER(spinner) && gtk_widget_get_visible(spinner) == !failed);
    EXPECT(GTK_IS_LABEL(label) && g_strcmp0(gtk_label_get_text(GTK_LABEL(label)), text) == 0);
    EXPECT(gtk_widget_has_css_class(retry, "retry") && gtk_widget_get_visible(retry) == failed);
    return retry;
}

static FoldLoadState
load_state(App *app, const char *key, guint64 *out_ticket)
{
    FoldLoadState state = -1;
    fold_store_get_load_state(app->store, demo_section(app->demo.table, key), &state, out_ticket,
                              NULL);
    return state;
}

static void
expect_placeholder(App *app, guint position, gboolean failed, const char *title)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), position);
    EXPECT(item && fold_list_item_get_kind(item) == FOLD_ITEM_KIND_PLACEHOLDER);
    EXPECT(item && fold_list_item_get_loading(item) == !failed &&
           fold_list_item_get_failed(item) == failed);
    EXPECT(item && g_strcmp0(fold_list_item_get_title(item), title) == 0);
    g_clear_object(&item);
}

static void
step_1(gpointer data)
{
    App *app = data;
    /* Home and its children: five folders, two files; System, closed. */
    EXPECT(demo_item_count(app->demo.table) == 9);
    const char *names[] = {"Home", "Documents", "Music", "Pictures", "Projects", "Private"};
    for (guint p = 0; p < G_N_ELEMENTS(names); p++)
        expect_item(app, p, FOLD_ITEM_KIND_HEADER, p ? 1 : 0, names[p]);
    expect_item(app, 6, FOLD_ITEM_KIND_ROW, 0, ".profile");
    expect_item(app, 7, FOLD_ITEM_KIND_ROW, 0, "todo.txt");
    expect_item(app, 8, FOLD_ITEM_KIND_HEADER, 0, "System");
    EXPECT(load_state(app, "Home/Documents", NULL) == FOLD_LOAD_STATE_UNLOADED);
    /* Open Documents and Projects; their answers are held for the screenshot. */
    app->hold = TRUE;
    EXPECT(demo_click(&app->demo, 1) == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(demo_click(&app->demo, 5) == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(app->started == 2);
    printf("step 1: 9 rows; opened Documents and Projects: 2 loads started\n");
}

static void
step_2(gpointer data)
{
    App *app = data;
    /* Both loading: a placeholder under each header. */
    EXPECT(demo_item_count(app->demo.table) == 11);
    expect_item(app, 1, FOLD_ITEM_KIND_HEADER, 1, "Documents");
    expect_placeholder(app, 2, FALSE, NULL);
    expect_item(app, 5, FOLD_ITEM_KIND_HEADER, 1, "Projects");
    expect_placeholder(app, 6, FALSE, NULL);
    EXPECT(load_state(app, "Home/Documents", NULL) == FOLD_LOAD_STATE_LOADING);
    EXPECT(app->held->len == 2);
    EXPECT(check_layout(app, app->demo.list) == 11);
    expect_placeholder_drawn(app, 2, "Loading…", FALSE);
    expect_placeholder_drawn(app, 6, "Loading…", FALSE);
    demo_expect_screenshot(&app->demo, "-loading.png", " (two folders loading)");
    /* Let the answers in. */
    app->hold = FALSE;
    for (guint i = 0; i < app->held->len; i++)
        deliver(app, g_ptr_array_index(app->held, i));
    g_ptr_array_set_size(app->held, 0);
    printf("step 2: 2 \"Loading…\" rows at 2 and 6; answers delivered\n");
}

static void
step_3(gpointer data)
{
    App *app = data;
    EXPECT(demo_item_count(app->demo.table) == 16);
    static const struct {
        guint position;
        FoldItemKind kind;
        int depth;
        const char *title;
    } expected[] = {
        {0, FOLD_ITEM_KIND_HEADER, 0, "Home"},      {1, FOLD_ITEM_KIND_HEADER, 1, "Documents"},
        {2, FOLD_ITEM_KIND_HEADER, 2, "Letters"},   {3, FOLD_ITEM_KIND_ROW, 1, "budget.ods"},
        {4, FOLD_ITEM_KIND_ROW, 1, "cv.pdf"},       {5, FOLD_ITEM_KIND_ROW, 1, "notes.md"},
        {6, FOLD_ITEM_KIND_HEADER, 1, "Music"},     {7, FOLD_ITEM_KIND_HEADER, 1, "Pictures"},
        {8, FOLD_ITEM_KIND_HEADER, 1, "Projects"},  {9, FOLD_ITEM_KIND_HEADER, 2, "foldtable"},
        {10, FOLD_ITEM_KIND_HEADER, 2, "website"},  {11, FOLD_ITEM_KIND_ROW, 1, "ideas.txt"},
        {12, FOLD_ITEM_KIND_HEADER, 1, "Private"},  {13, FOLD_ITEM_KIND_ROW, 0, ".profile"},
        {14, FOLD_ITEM_KIND_ROW, 0, "todo.txt"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(expected); i++)
        expect_item(app, expected[i].position, expected[i].kind, expected[i].depth,
                    expected[i].title);
    EXPECT(load_state(app, "Home/Documents", NULL) == FOLD_LOAD_STATE_LOADED);
    EXPECT(load_state(app, "Home/Documents/Letters", NULL) == FOLD_LOAD_STATE_UNLOADED);
    EXPECT(g_hash_table_size(app->running) == 0);
    EXPECT(check_layout(app, app->demo.list) == 16);
    demo_expect_screenshot(&app->demo, NULL, " (Documents and Projects loaded)");
    /* Open Private: it fails. */
    EXPECT(demo_click(&app->demo, 12) == FOLD_ACTIVATED_SECTION_EXPANDED);
    expect_placeholder(app, 13, FALSE, NULL);
    printf("step 3: 16 rows at multiples of 28 pt; opened Private\n");
}

static void
step_4(gpointer data)
{
    App *app = data;
    guint64 first = 0, second = 0;
    EXPECT(load_state(app, "Home/Private", &first) == FOLD_LOAD_STATE_FAILED);
    expect_placeholder(app, 13, TRUE, "Permission denied");
    EXPECT(demo_item_count(app->demo.table) == 17);
    EXPECT(app->failed == 1);
    EXPECT(check_layout(app, app->demo.list) == 17);
    demo_expect_screenshot(&app->demo, "-failed.png", " (Private: Permission denied)");
    /* Retry (the row's "Retry" link), then close the folder while it loads. */
    GtkWidget *retry = expect_placeholder_drawn(app, 13, "Permission denied", TRUE);
    gboolean handled = FALSE;
    if (retry)
        g_signal_emit_by_name(retry, "activate-link", "retry", &handled);
    EXPECT(handled);
    EXPECT(load_state(app, "Home/Private", &second) == FOLD_LOAD_STATE_LOADING);
    EXPECT(second != first && second != 0);
    expect_placeholder(app, 13, FALSE, NULL);
    EXPECT(demo_click(&app->demo, 12) == FOLD_ACTIVATED_SECTION_COLLAPSED);
    EXPECT(app->cancelled == 1);
    EXPECT(load_state(app, "Home/Private", NULL) == FOLD_LOAD_STATE_UNLOADED);
    EXPECT(demo_item_count(app->demo.table) == 16);
    printf("step 4: Private failed (\"Permission denied\", its Retry link shown); retried "
           "through the link, then closed while loading: cancelled\n");
}

static void
step_5(gpointer data)
{
    App *app = data;
    /* The cancelled worker returned: nothing changed. */
    EXPECT(demo_item_count(app->demo.table) == 16);
    EXPECT(load_state(app, "Home/Private", NULL) == FOLD_LOAD_STATE_UNLOADED);
    EXPECT(app->started == 4 && app->failed == 1 && app->cancelled == 1);
    expect_item(app, 12, FOLD_ITEM_KIND_HEADER, 1, "Private");
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 0, ".profile");
    printf("step 5: the cancelled load's worker returned; nothing changed (4 loads, 1 "
           "failed, 1 cancelled)\n");
    /* Projects changes on disk; F5 on its "ideas.txt" row reloads it. The
     * answer is held: the old contents stay shown meanwhile. */
    change_projects_on_disk();
    app->hold = TRUE;
    FoldExpander *row = find_expander(app->demo.list, 11);
    EXPECT(row != NULL);
    if (row) {
        GtkWidget *window = GTK_WIDGET(gtk_widget_get_root(app->demo.list));
        gtk_widget_grab_focus(gtk_widget_get_parent(GTK_WIDGET(row)));
        EXPECT(focused_expander(window) == row);
        on_f5(window, NULL, app); /* what the F5 shortcut calls */
    }
    EXPECT(app->started == 5);
}

/* The "ideas.txt" row's and the "website" header's items, held across the reload. */
static FoldListItem *ideas, *website;

static void
step_6(gpointer data)
{
    App *app = data;
    /* Reloading: Projects' old contents shown, nothing changed yet. */
    EXPECT(load_state(app, "Home/Projects", NULL) == FOLD_LOAD_STATE_RELOADING);
    EXPECT(demo_item_count(app->demo.table) == 16);
    expect_item(app, 9, FOLD_ITEM_KIND_HEADER, 2, "foldtable");
    expect_item(app, 10, FOLD_ITEM_KIND_HEADER, 2, "website");
    EXPECT(app->held->len == 1);
    ideas = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 11);
    website = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 10);
    app->hold = FALSE;
    for (guint i = 0; i < app->held->len; i++)
        deliver(app, g_ptr_array_index(app->held, i));
    g_ptr_array_set_size(app->held, 0);
    printf("step 6: F5 on ideas.txt reloads Projects; its old contents stay shown until the "
           "answer is delivered\n");
}

static void
step_7(gpointer data)
{
    App *app = data;
    /* website moved first, drafts and roadmap.md added; the rest kept. */
    EXPECT(demo_item_count(app->demo.table) == 18);
    expect_item(app, 8, FOLD_ITEM_KIND_HEADER, 1, "Projects");
    expect_item(app, 9, FOLD_ITEM_KIND_HEADER, 2, "website");
    expect_item(app, 10, FOLD_ITEM_KIND_HEADER, 2, "foldtable");
    expect_item(app, 11, FOLD_ITEM_KIND_HEADER, 2, "drafts");
    expect_item(app, 12, FOLD_ITEM_KIND_ROW, 1, "ideas.txt");
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 1, "roadmap.md");
    expect_item(app, 14, FOLD_ITEM_KIND_HEADER, 1, "Private");
    EXPECT(load_state(app, "Home/Projects", NULL) == FOLD_LOAD_STATE_LOADED);
    EXPECT(load_state(app, "Home/Projects/drafts", NULL) == FOLD_LOAD_STATE_UNLOADED);
    /* The kept row and the moved folder are the same items (the list view
     * keeps their widgets). */
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 12);
    EXPECT(now != NULL && now == ideas);
    g_clear_object(&now);
    now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 9);
    EXPECT(now != NULL && now == website);
    g_clear_object(&now);
    g_clear_object(&ideas);
    g_clear_object(&website);
    printf("step 7: reloaded: website moved first (the same item), drafts and roadmap.md "
           "added, ideas.txt kept its item\n");
}

/* ---- drag and drop --------------------------------------------------------- */

/* The list's scroll offset. */
static double
scrolled(App *app)
{
    return gtk_adjustment_get_value(gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(app->demo.list)));
}

/* A list point at `fraction` of item `position`'s height. */
static double
point_in(App *app, guint position, double fraction)
{
    return (position + fraction) * ROW_HEIGHT - scrolled(app);
}

/* The disk's listing of `key` is `folders` and `files` (NULL-terminated). */
static gboolean
on_disk(const char *key, const char *const *folders, const char *const *files)
{
    const Listing *l = g_hash_table_lookup(disk, key);
    return l && g_strv_equal((const char *const *)l->folders, folders) &&
           g_strv_equal((const char *const *)l->files, files);
}

/* notes.md's list item, held across the drop. */
static FoldListItem *notes;

static void
step_8(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    fold_section_id home = demo_section(t, "Home");
    /* Take notes.md (Documents' third file) by its middle. */
    expect_item(app, 5, FOLD_ITEM_KIND_ROW, 1, "notes.md");
    EXPECT(demo_drop_test_take(app->drop, 150, point_in(app, 5, 0.5)));
    int64_t n = 0;
    const fold_item_ref *items = demo_drop_get_items(app->drop, &n);
    EXPECT(n == 1 && items[0].section == demo_section(t, "Home/Documents") && items[0].row == 2);
    /* System (read-only, NO_DROP) takes nothing: its header splits into
     * before and after it, at the top level, where files cannot go. */
    expect_item(app, 17, FOLD_ITEM_KIND_HEADER, 0, "System");
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 17, 0.45)) == 0);
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 17, 0.55)) == 0);
    graphene_rect_t r;
    EXPECT(!demo_drop_get_indicator(app->drop, &r));
    /* Music is not read yet: no "into" over its middle, but before it
     * (upper half): Home's child 1, a line at its top, one level in. */
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 6, 0.45)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_BEFORE && a->parent == home && a->index == 1 && a->depth == 1 &&
           a->position == 6 && a->line_y == 6 * ROW_HEIGHT && a->line_x == EXPANDER_INDENT);
    EXPECT(demo_drop_get_indicator(app->drop, &r));
    EXPECT(r.origin.x == ROW_START + EXPANDER_INDENT && r.origin.y == 6 * ROW_HEIGHT - 1 - scrolled(app) &&
           r.size.height == 2);
    notes = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 5);
    printf("step 8: dragging notes.md: refused around System (read-only), before Music (not "
           "read: no \"into\") at y=%.0f x=%.0f\n", r.origin.y + 1, r.origin.x);
}

static void
step_9(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    demo_expect_screenshot(&app->demo, "-drop-indicator.png", " (notes.md dragged before Music)");
    /* Over Projects' middle: into Projects (read), after its last child. */
    expect_item(app, 8, FOLD_ITEM_KIND_HEADER, 1, "Projects");
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 8, 0.5)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_INTO && a->parent == demo_section(t, "Home/Projects") &&
           a->index == 5 && a->depth == 2 && a->position == 8 &&
           a->highlight_top == 8 * ROW_HEIGHT && a->highlight_height == 6 * ROW_HEIGHT);
    printf("step 9: over Projects' middle: into Projects (child 5), highlighted 6 rows\n");
}

static void
step_10(gpointer data)
{
    App *app = data;
    demo_expect_screenshot(&app->demo, "-drop-into.png", " (notes.md dragged into Projects)");
    EXPECT(demo_drop_test_drop(app->drop, 150, point_in(app, 8, 0.5)));
    /* notes.md is Projects' last file, the same item; both folders were
     * written back to the disk. */
    EXPECT(demo_item_count(app->demo.table) == 18);
    expect_item(app, 4, FOLD_ITEM_KIND_ROW, 1, "cv.pdf");
    expect_item(app, 5, FOLD_ITEM_KIND_HEADER, 1, "Music");
    expect_item(app, 11, FOLD_ITEM_KIND_ROW, 1, "ideas.txt");
    expect_item(app, 12, FOLD_ITEM_KIND_ROW, 1, "roadmap.md");
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 1, "notes.md");
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 13);
    EXPECT(now && now == notes);
    g_clear_object(&now);
    g_clear_object(&notes);
    EXPECT(on_disk("Home/Documents", (const char *const[]){"Home/Documents/Letters", NULL},
                   (const char *const[]){"budget.ods", "cv.pdf", NULL}));
    EXPECT(on_disk("Home/Projects",
                   (const char *const[]){"Home/Projects/website", "Home/Projects/foldtable",
                                         "Home/Projects/drafts", NULL},
                   (const char *const[]){"ideas.txt", "roadmap.md", "notes.md", NULL}));
    printf("step 10: dropped notes.md into Projects: its last file, the same item; both folders "
           "written back\n");
}

/* The website folder's header item, held across the drop. */
static FoldListItem *website_item;

static void
step_11(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Drag the folder website (in Projects) before Music: Home's child 1. */
    expect_item(app, 8, FOLD_ITEM_KIND_HEADER, 2, "website");
    website_item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 8);
    EXPECT(demo_drop_test_take(app->drop, 150, point_in(app, 8, 0.5)));
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 5, 0.2)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_BEFORE && a->parent == demo_section(t, "Home") && a->index == 1);
    EXPECT(demo_drop_test_drop(app->drop, 150, point_in(app, 5, 0.2)));
    fold_section_info info;
    EXPECT(fold_table_section_info(t, demo_section(t, "Home/Projects/website"), &info) == FOLD_OK);
    EXPECT(info.parent == demo_section(t, "Home") && info.index == 1 && info.depth == 1);
    expect_item(app, 5, FOLD_ITEM_KIND_HEADER, 1, "website");
    expect_item(app, 6, FOLD_ITEM_KIND_HEADER, 1, "Music");
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 5);
    EXPECT(now && now == website_item);
    g_clear_object(&now);
    g_clear_object(&website_item);
    EXPECT(on_disk("Home/Projects",
                   (const char *const[]){"Home/Projects/foldtable", "Home/Projects/drafts", NULL},
                   (const char *const[]){"ideas.txt", "roadmap.md", "notes.md", NULL}));
    /* What the disk says now is what a reload reads: reload Projects. */
    reload_folder(app, demo_section(t, "Home/Projects"));
    EXPECT(load_state(app, "Home/Projects", NULL) == FOLD_LOAD_STATE_RELOADING);
    printf("step 11: dropped the folder website before Music (the same item); reloading "
           "Projects\n");
}

static void
step_12(gpointer data)
{
    App *app = data;
    /* The reload read what the drops left: nothing changed. */
    EXPECT(load_state(app, "Home/Projects", NULL) == FOLD_LOAD_STATE_LOADED);
    EXPECT(demo_item_count(app->demo.table) == 18);
    const char *titles[] = {"Home", "Documents", "Letters", "budget.ods", "cv.pdf", "website",
                            "Music", "Pictures", "Projects", "foldtable", "drafts", "ideas.txt",
                            "roadmap.md", "notes.md", "Private", ".profile", "todo.txt", "System"};
    for (guint p = 0; p < G_N_ELEMENTS(titles); p++) {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(app->demo.model), p);
        EXPECT(it && g_strcmp0(fold_list_item_get_title(it), titles[p]) == 0);
        g_clear_object(&it);
    }
    printf("step 12: Projects reloaded from the disk the drops wrote: the same 18 rows\n");
}

/* ---- the keyboard alone ------------------------------------------------------ */

/* The engine's focus on `position`, GTK's on its expander. */
static gboolean
focused_on(App *app, guint position)
{
    FoldExpander *e = find_expander(app->demo.list, position);
    gboolean ok = demo_focus_position(app->demo.table) == position && e &&
                  demo_focus(&app->demo) == GTK_WIDGET(e);
    if (!ok)
        fprintf(stderr, "focus: engine %" G_GINT64_FORMAT ", expected %u; GTK's %s\n",
                demo_focus_position(app->demo.table), position,
                e && demo_focus(&app->demo) == GTK_WIDGET(e) ? "there" : "elsewhere");
    return ok;
}

static GtkWidget *
expander_at(App *app, guint position)
{
    FoldExpander *e = find_expander(app->demo.list, position);
    return e ? GTK_WIDGET(e) : NULL;
}

static void
step_13(gpointer data)
{
    App *app = data;
    /* The keyboard alone from Home's header (GTK's focus there sets the
     * engine's): real key presses through the X server. */
    printf("step 13: keys through %s\n", demo_keys_real(&app->demo)
                                             ? "the X server (XTest)"
                                             : "the focus widget's controllers (no XTest)");
    GtkWidget *home = expander_at(app, 0);
    EXPECT(home != NULL);
    if (home)
        gtk_widget_grab_focus(gtk_widget_get_parent(home));
    EXPECT(demo_focus_position(app->demo.table) == 0);
    demo_send_key(&app->demo, GDK_KEY_Down, 0);
}

static void
step_14(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Down: Documents focused and selected. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 1));
    int selected = 0;
    EXPECT(fold_table_is_section_selected(t, demo_section(t, "Home/Documents"), &selected) ==
               FOLD_OK && selected);
    demo_send_key(&app->demo, GDK_KEY_Down, GDK_SHIFT_MASK);
    printf("step 14: Down from Home: Documents focused and selected\n");
}

static void
step_15(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Shift+Down: Letters too, both drawn selected. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 2));
    int64_t rows = -1, sections = -1;
    fold_table_selection_count(t, FOLD_ROOT, &rows, &sections);
    EXPECT(rows == 0 && sections == 2);
    for (guint p = 1; p <= 2; p++) {
        GtkWidget *e = expander_at(app, p);
        EXPECT(e && gtk_widget_has_css_class(gtk_widget_get_parent(e), "fold-selected"));
    }
    /* Right opens Letters, a folder not read yet: it loads. */
    demo_send_key(&app->demo, GDK_KEY_Right, 0);
    printf("step 15: Shift+Down: Documents and Letters selected\n");
}

static void
step_16(gpointer data)
{
    App *app = data;
    /* Read (the step waited for the worker): bank.odt, landlord.odt. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(app->started == 7);
    EXPECT(load_state(app, "Home/Documents/Letters", NULL) == FOLD_LOAD_STATE_LOADED);
    expect_item(app, 3, FOLD_ITEM_KIND_ROW, 2, "bank.odt");
    expect_item(app, 4, FOLD_ITEM_KIND_ROW, 2, "landlord.odt");
    EXPECT(focused_on(app, 2));
    /* Right again: its first file. */
    demo_send_key(&app->demo, GDK_KEY_Right, 0);
    printf("step 16: Right opened Letters (read by a worker)\n");
}

static void
step_17(gpointer data)
{
    App *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 3));
    demo_send_key(&app->demo, GDK_KEY_Left, 0);
    printf("step 17: Right: bank.odt\n");
}

static void
step_18(gpointer data)
{
    App *app = data;
    /* Left: back to Letters; Left again folds it. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 2));
    demo_send_key(&app->demo, GDK_KEY_Left, 0);
    printf("step 18: Left: Letters\n");
}

static void
step_19(gpointer data)
{
    App *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_section_collapsed(app->demo.table, "Home/Documents/Letters"));
    EXPECT(demo_item_count(app->demo.table) == 18);
    EXPECT(focused_on(app, 2));
    /* Type-ahead: "t" finds todo.txt, the first name after Letters with it. */
    demo_send_key(&app->demo, GDK_KEY_t, 0);
    printf("step 19: Left folded Letters\n");
}

static void
step_20(gpointer data)
{
    App *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 16));
    demo_expect_screenshot(&app->demo, "-keyboard.png",
                           " (keyboard alone: todo.txt found by typing \"t\")");
    demo_send_key(&app->demo, GDK_KEY_Up, 0);
    printf("step 20: \"t\": todo.txt\n");
}

static void
step_21(gpointer data)
{
    App *app = data;
    /* Up: .profile, selected alone; Shift+Down: todo.txt too. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 15));
    demo_send_key(&app->demo, GDK_KEY_Down, GDK_SHIFT_MASK);
}

/* The two files' items, held across the drop. */
static FoldListItem *profile_item, *todo_item;

static void
step_22(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    fold_section_id home = demo_section(t, "Home");
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 16));
    int64_t rows = -1, sections = -1;
    fold_table_selection_count(t, FOLD_ROOT, &rows, &sections);
    EXPECT(rows == 2 && sections == 0);
    /* A drag from todo.txt, selected: it carries the selection, in list
     * order (.profile first). */
    EXPECT(demo_drop_test_take(app->drop, 150, point_in(app, 16, 0.5)));
    int64_t n = 0;
    const fold_item_ref *items = demo_drop_get_items(app->drop, &n);
    EXPECT(n == 2 && items[0].section == home && items[0].row == 0 && items[1].section == home &&
           items[1].row == 1);
    /* Over Documents' middle: into Documents, after its last child. */
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 1, 0.5)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_INTO && a->parent == demo_section(t, "Home/Documents") &&
           a->index == 3);
    profile_item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 15);
    todo_item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 16);
    EXPECT(demo_drop_test_drop(app->drop, 150, point_in(app, 1, 0.5)));
    /* Both files are Documents' last two, the same items, still selected;
     * Home has no files left, on the disk too. */
    expect_item(app, 3, FOLD_ITEM_KIND_ROW, 1, "budget.ods");
    expect_item(app, 4, FOLD_ITEM_KIND_ROW, 1, "cv.pdf");
    expect_item(app, 5, FOLD_ITEM_KIND_ROW, 1, ".profile");
    expect_item(app, 6, FOLD_ITEM_KIND_ROW, 1, "todo.txt");
    expect_item(app, 7, FOLD_ITEM_KIND_HEADER, 1, "website");
    expect_item(app, 16, FOLD_ITEM_KIND_HEADER, 1, "Private");
    expect_item(app, 17, FOLD_ITEM_KIND_HEADER, 0, "System");
    FoldListItem *now5 = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 5);
    FoldListItem *now6 = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 6);
    EXPECT(now5 == profile_item && now6 == todo_item);
    EXPECT(fold_list_item_get_selected(now5) && fold_list_item_get_selected(now6));
    g_clear_object(&now5);
    g_clear_object(&now6);
    g_clear_object(&profile_item);
    g_clear_object(&todo_item);
    EXPECT(on_disk("Home/Documents", (const char *const[]){"Home/Documents/Letters", NULL},
                   (const char *const[]){"budget.ods", "cv.pdf", ".profile", "todo.txt", NULL}));
    const char *const none[] = {NULL};
    const Listing *home_disk = g_hash_table_lookup(disk, "Home");
    EXPECT(home_disk && g_strv_equal((const char *const *)home_disk->files, none));
    printf("step 22: Shift+Down selected .profile and todo.txt; dragged from todo.txt, both "
           "went into Documents in list order, the same items, still selected\n");
}

/* ---- a drag with the pointer ------------------------------------------------ */

/* A real drag, through the X server: the button pressed on ideas.txt's
 * middle, the pointer 20 points up (past GTK's drag threshold: the drag
 * source's "prepare" takes the row), then over budget.ods's top quarter
 * twice (the drag's grab takes the first motion), where the drop target's
 * "motion" asks the engine; then released: the drop. */
static gboolean pointer_real;

static void
step_23(gpointer data)
{
    App *app = data;
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 1, "ideas.txt");
    expect_item(app, 3, FOLD_ITEM_KIND_ROW, 1, "budget.ods");
    pointer_real = demo_send_pointer(&app->demo, app->demo.list, 150, point_in(app, 13, 0.5), 1);
    printf("step 23: a drag with the pointer %s\n",
           pointer_real ? "through the X server (XTest)" : "skipped (no XTest)");
}

static void
step_24(gpointer data)
{
    App *app = data;
    if (pointer_real)
        demo_send_pointer(&app->demo, app->demo.list, 160, point_in(app, 13, 0.5) - 20, 0);
}

static void
step_25(gpointer data)
{
    App *app = data;
    if (!pointer_real)
        return;
    int64_t n = 0;
    const fold_item_ref *items = demo_drop_get_items(app->drop, &n);
    EXPECT(n == 1 && items[0].section == demo_section(app->demo.table, "Home/Projects") &&
           items[0].row == 0);
    demo_send_pointer(&app->demo, app->demo.list, 150, point_in(app, 3, 0.15), 0);
}

static void
step_25b(gpointer data)
{
    App *app = data;
    if (pointer_real)
        demo_send_pointer(&app->demo, app->demo.list, 152, point_in(app, 3, 0.2), 0);
}

static void
step_26(gpointer data)
{
    App *app = data;
    if (!pointer_real)
        return;
    /* The drop target's motion: before budget.ods, Documents' child 1. */
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_BEFORE && a->parent == demo_section(app->demo.table, "Home/Documents") &&
           a->index == 1 && a->line_y == 3 * ROW_HEIGHT);
    demo_expect_screenshot(&app->demo, "-drag.png", " (ideas.txt dragged with the pointer before budget.ods)");
    demo_send_pointer(&app->demo, app->demo.list, 150, point_in(app, 3, 0.2), -1);
}

static void
step_27(gpointer data)
{
    App *app = data;
    if (!pointer_real)
        return;
    expect_item(app, 3, FOLD_ITEM_KIND_ROW, 1, "ideas.txt");
    expect_item(app, 4, FOLD_ITEM_KIND_ROW, 1, "budget.ods");
    expect_item(app, 14, FOLD_ITEM_KIND_ROW, 1, "roadmap.md");
    printf("step 27: released: ideas.txt dropped before budget.ods\n");
}

static const DemoStep self_test[] = {step_1, step_2, step_3,  step_4,  step_5, step_6,
                                     step_7, step_8, step_9, step_10, step_11, step_12,
                                     step_13, step_14, step_15, step_16, step_17, step_18,
                                     step_19, step_20, step_21, step_22, step_23, step_24,
                                     step_25, step_25b, step_26, step_27};

/* demo_main_with's start: the store with Home read, the model over it. */
static int
start(gpointer data)
{
    App *app = data;
    app->store = g_object_new(FOLD_TYPE_STORE, "row-height", ROW_HEIGHT, "header-height",
                              ROW_HEIGHT, NULL);
    app->demo.table = fold_store_get_table(app->store);
    app->running = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_object_unref);
    app->held = g_ptr_array_new_with_free_func(g_object_unref);
    g_signal_connect(app->store, "load-start", G_CALLBACK(on_load_start), app);
    g_signal_connect(app->store, "load-cancel", G_CALLBACK(on_load_cancel), app);
    disk_init();
    app->rows = demo_rows_new();
    /* Home and System, read at once: themselves and their children as a
     * snapshot; System starts closed. */
    FoldSnapshotBuilder *b = fold_snapshot_builder_new();
    const char *top[] = {"Home", "System"};
    for (size_t i = 0; i < G_N_ELEMENTS(top); i++) {
        const Listing *listing = g_hash_table_lookup(disk, top[i]);
        fold_snapshot_builder_open_section(b, top[i], top[i],
                                           i ? FOLD_SECTION_FLAGS_COLLAPSED : FOLD_SECTION_FLAGS_NONE);
        add_children(b, listing);
        fold_snapshot_builder_close_section(b);
        demo_rows_set(app->rows, top[i], (const char *const *)listing->files, -1);
    }
    GError *error = NULL;
    gboolean built = fold_store_apply_snapshot(app->store, fold_snapshot_builder_end(b), NULL,
                                               &error);
    g_object_unref(b);
    if (!built) {
        fprintf(stderr, "building the tree: %s\n", error->message);
        return 1;
    }
    /* System is read-only: nothing can be dropped into it (the engine
     * refuses; it can still be dragged elsewhere). */
    if (fold_table_set_section_flags(app->demo.table, demo_section(app->demo.table, "System"),
                                     FOLD_SECTION_NO_DROP, FOLD_SECTION_NO_DROP) != FOLD_OK) {
        fprintf(stderr, "marking System read-only: %s\n", fold_last_error_message());
        return 1;
    }
    app->demo.model = fold_list_model_new_for_store(app->store);
    fold_list_model_set_text_func(app->demo.model, demo_rows_title, app->rows, NULL);
    app->demo.ready = workers_returned;
    return 0;
}

static void
finish(gpointer data)
{
    App *app = data;
    /* Workers still reading hold a reference on the store (their task's
     * source); their answers are not delivered after the loop. */
    g_clear_object(&app->demo.model);
    g_object_unref(app->store);
    g_ptr_array_unref(app->held);
    g_hash_table_unref(app->running);
    demo_rows_free(app->rows);
    g_hash_table_unref(disk);
}

int
main(int argc, char **argv)
{
    static App app;
    return demo_main_with(&app.demo, argc, argv, start, finish, "org.foldtable.DemoFiles",
                          build_window, self_test, G_N_ELEMENTS(self_test), 300, &app);
}
