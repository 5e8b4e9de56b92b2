/* The files demo's App and what its files share: demo-files.c (the
 * window, the list, drag and drop, start and finish), demo-files-disk.c
 * (the made-up file system and the "disk" loads read), demo-files-loading.c
 * (the loads on a worker thread, reloads), demo-files-steps.c (self-test
 * steps 1 to 12: loading, reloading, drops) and demo-files-steps-keys.c
 * (steps 13 to 27: the keyboard alone, a drag with the pointer). */
#ifndef FOLDTABLE_GTK_DEMO_FILES_H
#define FOLDTABLE_GTK_DEMO_FILES_H

#include "demo-app.h"
#include "demo-drop.h"
#include "demo-rows.h"
#include "fold-expander.h"
#include "fold-store.h"

#include <gtk/gtk.h>

#define ROW_HEIGHT 28.0
/* Where a row's expander starts (the row's padding) and its indentation a
 * level. */
#define ROW_START 8.0
#define EXPANDER_INDENT 20.0

/* ---- the made-up file system and the disk (demo-files-disk.c) ------------- */

typedef struct {
    const char *path;                 /* the section's key */
    const char *const *folders;       /* names, NULL-terminated */
    const char *const *files;         /* the rows, NULL-terminated */
    const char *error;                /* reading it fails with this */
} Folder;

/* A folder on the "disk": the keys (paths where they were first read) of
 * its subfolders and its files' names. A drop writes the folders it
 * changed back (disk_write_back), as a file manager moves files. */
typedef struct {
    char **folders, **files;
    char *error;
} Listing;

/* The fixed tree ("Home" first) and the read-only folder. */
extern const Folder tree[];
extern const Folder system_folder;
/* The disk: key -> Listing. */
extern GHashTable *disk;

void listing_free(Listing *l);
void disk_init(void);
void change_projects_on_disk(void);
Listing *disk_read(const char *key);
void add_children(FoldSnapshotBuilder *b, const Listing *folder);

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

/* A folder the drop changed, written back to the disk (demo-files-disk.c). */
void disk_write_back(App *app, fold_section_id folder);

/* ---- loading (demo-files-loading.c) ------------------------------------------ */

void update_status(gpointer data);
void deliver(App *app, GTask *task);
void on_load_start(FoldStore *store, guint64 section, const char *key, guint64 ticket,
                   gpointer data);
void on_load_cancel(FoldStore *store, guint64 section, const char *key, guint64 ticket,
                    gpointer data);
void reload_folder(App *app, guint64 section);
FoldExpander *focused_expander(GtkWidget *window);
void reload_focused(App *app, GtkWidget *window);
gboolean on_f5(GtkWidget *window, GVariant *args, gpointer data);
void on_reload_clicked(GtkButton *button, gpointer data);

/* ---- self-test (demo-files-steps.c, demo-files-steps-keys.c) ----------------- */

gboolean workers_returned(gpointer data);
/* Checks and look-ups the steps share (demo-files-steps.c). */
void expect_item(App *app, guint position, FoldItemKind kind, int depth, const char *title);
FoldExpander *find_expander(GtkWidget *widget, guint position);
FoldLoadState load_state(App *app, const char *key, guint64 *out_ticket);
double point_in(App *app, guint position, double fraction);
gboolean on_disk(const char *key, const char *const *folders, const char *const *files);
/* Steps 1 to 12 (demo-files-steps.c). */
void step_1(gpointer data);
void step_2(gpointer data);
void step_3(gpointer data);
void step_4(gpointer data);
void step_5(gpointer data);
void step_6(gpointer data);
void step_7(gpointer data);
void step_8(gpointer data);
void step_9(gpointer data);
void step_10(gpointer data);
void step_11(gpointer data);
void step_12(gpointer data);
/* Steps 13 to 27 (demo-files-steps-keys.c). */
void step_13(gpointer data);
void step_14(gpointer data);
void step_15(gpointer data);
void step_16(gpointer data);
void step_17(gpointer data);
void step_18(gpointer data);
void step_19(gpointer data);
void step_20(gpointer data);
void step_21(gpointer data);
void step_22(gpointer data);
void step_23(gpointer data);
void step_24(gpointer data);
void step_25(gpointer data);
void step_25b(gpointer data);
void step_26(gpointer data);
void step_27(gpointer data);

#endif
