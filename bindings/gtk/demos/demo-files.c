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
#include "demo-files.h"
#include "demo-keys.h"
#include "fold-expander.h"
#include "foldtable-gtk.h"

#include <stdio.h>
#include <string.h>

/* ---- drag and drop ---------------------------------------------------------- */

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