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
 * The tree is a fixed, made-up one (the screenshots are reproducible). Rows
 * are FoldExpanders, which draw the placeholder row themselves.
 *
 *   foldtable-gtk-demo-files                      interactive
 *   foldtable-gtk-demo-files --self-test OUT.png  drive itself, check, save
 *                                                 OUT-loading.png, OUT.png and
 *                                                 OUT-failed.png, exit 0 / 1
 */
#include "demo-app.h"
#include "fold-expander.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#define ROW_HEIGHT 28.0
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

/* "Home/Projects" after the change on disk: read by loads that start once
 * `projects_changed` is set (on the main thread, as loads start). */
static const Folder projects_later = {"Home/Projects", NAMES("website", "foldtable", "drafts"),
                                      NAMES("ideas.txt", "roadmap.md"), NULL};
static gboolean projects_changed;

static const Folder *
folder_at(const char *path)
{
    if (projects_changed && g_strcmp0(path, projects_later.path) == 0)
        return &projects_later;
    for (size_t i = 0; i < G_N_ELEMENTS(tree); i++)
        if (g_strcmp0(tree[i].path, path) == 0)
            return &tree[i];
    return NULL;
}

static gint64
count_names(const char *const *names)
{
    gint64 n = 0;
    while (names[n])
        n++;
    return n;
}

/* A folder's children, as finish_load takes them (with no section open
 * in `b`) or inside the folder's own section: its folders (not loaded
 * yet), then its files (one run of rows). */
static void
add_children(FoldSnapshotBuilder *b, const Folder *folder)
{
    for (const char *const *name = folder->folders; *name; name++) {
        char *path = g_strdup_printf("%s/%s", folder->path, *name);
        fold_snapshot_builder_add_section(b, path, *name, FOLD_SECTION_FLAGS_UNLOADED, 0);
        g_free(path);
    }
    gint64 files = count_names(folder->files);
    if (files > 0)
        fold_snapshot_builder_add_rows(b, files);
}

static char *
file_name(fold_section_id section, const char *key, int64_t row, void *data)
{
    (void)section;
    (void)data;
    const Folder *folder = folder_at(key);
    return g_strdup(folder && row >= 0 && row < count_names(folder->files) ? folder->files[row]
                                                                           : "?");
}

/* ---- the app ---------------------------------------------------------------- */

typedef struct {
    DemoApp demo;
    FoldStore *store;
    GtkWidget *status;
    GHashTable *running; /* ticket (guint64 *) -> GCancellable * */
    int in_flight;       /* workers not returned yet */
    int started, cancelled, failed;
    /* Self-test: answers wait in `held` while `hold` is set. */
    gboolean hold;
    GPtrArray *held; /* GTask * */
} App;

/* What a worker reads: one folder, for one load. */
typedef struct {
    guint64 section, ticket;
    const Folder *folder;
} Load;

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
    if (g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
        ok = TRUE; /* the load-cancel handler counted it */
    } else if (error) {
        ok = fold_store_fail_load(app->store, load->section, load->ticket, error->message,
                                  &refused);
        app->failed++;
    } else {
        ok = fold_store_finish_load(app->store, load->section, load->ticket, children,
                                    &refused);
    }
    if (!ok && !g_error_matches(refused, FOLD_LIST_MODEL_ERROR, FOLD_E_CANCELLED) &&
        !g_error_matches(refused, FOLD_LIST_MODEL_ERROR, FOLD_E_NOT_FOUND))
        g_warning("loading %s: %s", load->folder ? load->folder->path : "?", refused->message);
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
    *load = (Load){section, ticket, folder_at(key)};
    GCancellable *cancellable = g_cancellable_new();
    g_hash_table_insert(app->running, g_memdup2(&ticket, sizeof ticket), cancellable);
    GTask *task = g_task_new(store, cancellable, folder_read, app);
    g_task_set_task_data(task, load, g_free);
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
    gtk_image_set_from_icon_name(GTK_IMAGE(icon),
                                 folder ? "folder-symbolic" : "text-x-generic-symbolic");
    const char *title = fold_list_item_get_title(item);
    gtk_label_set_text(GTK_LABEL(gtk_widget_get_last_child(box)), title ? title : "");
    gtk_widget_set_size_request(GTK_WIDGET(expander), -1, (int)fold_list_item_get_height(item));
}

static void
unbind_row(GtkSignalListItemFactory *f, GtkListItem *list_item, gpointer data)
{
    (void)f;
    (void)data;
    fold_expander_set_item(FOLD_EXPANDER(gtk_list_item_get_child(list_item)), NULL);
}

static const char css[] =
    "window.files-demo { background: #ffffff; }\n"
    "listview.files > row { padding: 0 8px; min-height: 0; }\n"
    "listview.files foldexpander.header label { font-weight: bold; }\n"
    "listview.files foldexpander image { color: #5b7a99; }\n"
    "listview.files foldexpander.row image { color: #8a8f96; }\n"
    ".statusbar { padding: 4px 8px; color: alpha(currentColor, 0.7); }\n";

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window = demo_window_new(gapp, css, "files-demo", "FoldTable — Files", 420, 560);
    if (app->demo.out_png) /* a still spinner: the self-test waits for quiet frames */
        g_object_set(gtk_widget_get_settings(window), "gtk-enable-animations", FALSE, NULL);
    app->demo.activated = update_status;
    app->demo.list = demo_list_view_new(app->demo.model, "files", G_CALLBACK(setup_row),
                                        G_CALLBACK(bind_row), G_CALLBACK(unbind_row),
                                        G_CALLBACK(demo_on_activate), app);
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
    gtk_box_append(GTK_BOX(box), demo_scroller_new(app->demo.list));
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
    /* Home and its children: five folders, two files. */
    EXPECT(demo_item_count(app->demo.table) == 8);
    const char *names[] = {"Home", "Documents", "Music", "Pictures", "Projects", "Private"};
    for (guint p = 0; p < G_N_ELEMENTS(names); p++)
        expect_item(app, p, FOLD_ITEM_KIND_HEADER, p ? 1 : 0, names[p]);
    expect_item(app, 6, FOLD_ITEM_KIND_ROW, 0, ".profile");
    expect_item(app, 7, FOLD_ITEM_KIND_ROW, 0, "todo.txt");
    EXPECT(load_state(app, "Home/Documents", NULL) == FOLD_LOAD_STATE_UNLOADED);
    /* Open Documents and Projects; their answers are held for the screenshot. */
    app->hold = TRUE;
    EXPECT(demo_click(&app->demo, 1) == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(demo_click(&app->demo, 5) == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(app->started == 2);
    printf("step 1: 8 rows; opened Documents and Projects: 2 loads started\n");
}

static void
step_2(gpointer data)
{
    App *app = data;
    /* Both loading: a placeholder under each header. */
    EXPECT(demo_item_count(app->demo.table) == 10);
    expect_item(app, 1, FOLD_ITEM_KIND_HEADER, 1, "Documents");
    expect_placeholder(app, 2, FALSE, NULL);
    expect_item(app, 5, FOLD_ITEM_KIND_HEADER, 1, "Projects");
    expect_placeholder(app, 6, FALSE, NULL);
    EXPECT(load_state(app, "Home/Documents", NULL) == FOLD_LOAD_STATE_LOADING);
    EXPECT(app->held->len == 2);
    EXPECT(check_layout(app, app->demo.list) == 10);
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
    EXPECT(demo_item_count(app->demo.table) == 15);
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
    EXPECT(check_layout(app, app->demo.list) == 15);
    demo_expect_screenshot(&app->demo, NULL, " (Documents and Projects loaded)");
    /* Open Private: it fails. */
    EXPECT(demo_click(&app->demo, 12) == FOLD_ACTIVATED_SECTION_EXPANDED);
    expect_placeholder(app, 13, FALSE, NULL);
    printf("step 3: 15 rows at multiples of 28 pt; opened Private\n");
}

static void
step_4(gpointer data)
{
    App *app = data;
    guint64 first = 0, second = 0;
    EXPECT(load_state(app, "Home/Private", &first) == FOLD_LOAD_STATE_FAILED);
    expect_placeholder(app, 13, TRUE, "Permission denied");
    EXPECT(demo_item_count(app->demo.table) == 16);
    EXPECT(app->failed == 1);
    EXPECT(check_layout(app, app->demo.list) == 16);
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
    EXPECT(demo_item_count(app->demo.table) == 15);
    printf("step 4: Private failed (\"Permission denied\", its Retry link shown); retried "
           "through the link, then closed while loading: cancelled\n");
}

static void
step_5(gpointer data)
{
    App *app = data;
    /* The cancelled worker returned: nothing changed. */
    EXPECT(demo_item_count(app->demo.table) == 15);
    EXPECT(load_state(app, "Home/Private", NULL) == FOLD_LOAD_STATE_UNLOADED);
    EXPECT(app->started == 4 && app->failed == 1 && app->cancelled == 1);
    expect_item(app, 12, FOLD_ITEM_KIND_HEADER, 1, "Private");
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 0, ".profile");
    printf("step 5: the cancelled load's worker returned; nothing changed (4 loads, 1 "
           "failed, 1 cancelled)\n");
    /* Projects changes on disk; F5 on its "ideas.txt" row reloads it. The
     * answer is held: the old contents stay shown meanwhile. */
    projects_changed = TRUE;
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
    EXPECT(demo_item_count(app->demo.table) == 15);
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
    EXPECT(demo_item_count(app->demo.table) == 17);
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

static const DemoStep self_test[] = {step_1, step_2, step_3, step_4, step_5, step_6, step_7};

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
    /* Home, read at once: itself and its children as a snapshot. */
    FoldSnapshotBuilder *b = fold_snapshot_builder_new();
    fold_snapshot_builder_open_section(b, tree[0].path, "Home", FOLD_SECTION_FLAGS_NONE);
    add_children(b, &tree[0]);
    fold_snapshot_builder_close_section(b);
    GError *error = NULL;
    gboolean built = fold_store_apply_snapshot(app->store, fold_snapshot_builder_end(b), NULL,
                                               &error);
    g_object_unref(b);
    if (!built) {
        fprintf(stderr, "building the tree: %s\n", error->message);
        return 1;
    }
    app->demo.model = fold_list_model_new_for_store(app->store);
    fold_list_model_set_text_func(app->demo.model, file_name, NULL, NULL);
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
}

int
main(int argc, char **argv)
{
    static App app;
    return demo_main_with(&app.demo, argc, argv, start, finish, "org.foldtable.DemoFiles",
                          build_window, self_test, G_N_ELEMENTS(self_test), 300, &app);
}
