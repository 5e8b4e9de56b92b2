/* The files demo's made-up file system and the "disk" its loads read, on
 * the main thread; a drop writes the folders it changed back (see
 * demo-files.h). */
#include "demo-files.h"
#include "fold-snapshot-builder.h"

#include <string.h>

/* ---- the made-up file system ------------------------------------------------ */

#define NAMES(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NO_NAMES ((const char *const[]){NULL})

const Folder tree[] = {
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
const Folder system_folder = {"System", NO_NAMES, NAMES("fstab", "hosts"), NULL};

/* ---- the disk: what loads read, on the main thread -------------------------- */

void
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
GHashTable *disk;

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

void
disk_init(void)
{
    disk = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)listing_free);
    for (size_t i = 0; i < G_N_ELEMENTS(tree); i++)
        disk_put(&tree[i]);
    disk_put(&system_folder);
}

/* "Home/Projects" changes on disk: loads from now on read the new one. */
void
change_projects_on_disk(void)
{
    disk_put(&projects_later);
}

/* What reading folder `key` gives now, a copy a worker owns; NULL if there
 * is no such folder. */
Listing *
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
void
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

/* ---- written back by drops ---------------------------------------------------- */

/* A folder the drop changed, written back to the disk as it shows now: its
 * subfolders' keys and its files, so a reload reads what the user sees. */
void
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
