/*
 * filter_select_gtk.c — filter_select's GTK side: the sections as a
 * GtkTreeListModel (every section expanded), filtered by a
 * GtkFilterListModel with a GtkCustomFilter, selected through a
 * GtkMultiSelection: what a GTK 4 application would use. No display is
 * needed (these are GObject/GIO classes), so gtk_init() is not called.
 * Built without GTK it reports -1 for every case.
 */
#include "filter_select.h"

#ifdef FOLDBENCH_HAVE_GTK
#include <gtk/gtk.h>

#define FS_TYPE_ITEM (fs_item_get_type())
G_DECLARE_FINAL_TYPE(FsItem, fs_item, FS, ITEM, GObject)

/* A header (row -1) or a row of a section. */
struct _FsItem {
    GObject parent_instance;
    gint64 section, row;
};

G_DEFINE_FINAL_TYPE(FsItem, fs_item, G_TYPE_OBJECT)

static void fs_item_class_init(FsItemClass *klass) { (void)klass; }
static void fs_item_init(FsItem *self) { self->section = 0; self->row = -1; }

static FsItem *fs_item_new(gint64 section, gint64 row)
{
    FsItem *item = g_object_new(FS_TYPE_ITEM, NULL);
    item->section = section;
    item->row = row;
    return item;
}

typedef struct {
    gint64 per;
    gboolean *has_match; /* per section: a header is kept when one of its rows matches */
} fs_data;

static GListModel *create_children(gpointer item, gpointer user_data)
{
    FsItem *it = item;
    fs_data *d = user_data;
    if (it->row >= 0) return NULL;
    GListStore *rows = g_list_store_new(FS_TYPE_ITEM);
    for (gint64 r = 0; r < d->per; r++) {
        FsItem *row = fs_item_new(it->section, r);
        g_list_store_append(rows, row);
        g_object_unref(row);
    }
    return G_LIST_MODEL(rows);
}

static gboolean keep(gpointer item, gpointer user_data)
{
    fs_data *d = user_data;
    FsItem *it = gtk_tree_list_row_get_item(GTK_TREE_LIST_ROW(item));
    gboolean ok = it->row < 0 ? d->has_match[it->section] : fs_matches(it->section, it->row);
    g_object_unref(it);
    return ok;
}

const char *fs_gtk_version(void)
{
    static char text[32];
    g_snprintf(text, sizeof text, "%u.%u.%u", gtk_get_major_version(), gtk_get_minor_version(),
               gtk_get_micro_version());
    return text;
}

int64_t fs_run_gtk(int64_t n, int64_t per, int reps, double out[FS_CASES])
{
    double t[FS_CASES][16];
    gint64 sections = n / per;
    fs_data d = {per, g_new0(gboolean, sections)};
    for (gint64 s = 0; s < sections; s++)
        for (gint64 r = 0; r < per && !d.has_match[s]; r++) d.has_match[s] = fs_matches(s, r);
    guint shown = 0;
    for (int k = 0; k < reps; k++) {
        GListStore *root = g_list_store_new(FS_TYPE_ITEM);
        for (gint64 s = 0; s < sections; s++) {
            FsItem *h = fs_item_new(s, -1);
            g_list_store_append(root, h);
            g_object_unref(h);
        }
        GtkTreeListModel *tree = gtk_tree_list_model_new(G_LIST_MODEL(root), FALSE, TRUE, create_children, &d, NULL);
        GtkFilterListModel *filtered = gtk_filter_list_model_new(G_LIST_MODEL(g_object_ref(tree)), NULL);
        GtkCustomFilter *filter = gtk_custom_filter_new(keep, &d, NULL);
        double a = fs_now_ms();
        gtk_filter_list_model_set_filter(filtered, GTK_FILTER(filter));
        shown = g_list_model_get_n_items(G_LIST_MODEL(filtered));
        t[FS_APPLY][k] = fs_now_ms() - a;
        a = fs_now_ms();
        gtk_filter_changed(GTK_FILTER(filter), GTK_FILTER_CHANGE_DIFFERENT);
        (void)g_list_model_get_n_items(G_LIST_MODEL(filtered));
        t[FS_CHANGE][k] = fs_now_ms() - a;
        a = fs_now_ms();
        gtk_filter_list_model_set_filter(filtered, NULL);
        (void)g_list_model_get_n_items(G_LIST_MODEL(filtered));
        t[FS_CLEAR][k] = fs_now_ms() - a;
        GtkMultiSelection *selection = gtk_multi_selection_new(G_LIST_MODEL(g_object_ref(tree)));
        guint count = g_list_model_get_n_items(G_LIST_MODEL(selection));
        guint range = count < FS_RANGE ? count : FS_RANGE;
        a = fs_now_ms();
        gtk_selection_model_select_range(GTK_SELECTION_MODEL(selection), (count - range) / 2, range, TRUE);
        t[FS_RANGE_SELECT][k] = fs_now_ms() - a;
        a = fs_now_ms();
        gtk_selection_model_select_all(GTK_SELECTION_MODEL(selection));
        t[FS_SELECT_ALL][k] = fs_now_ms() - a;
        a = fs_now_ms();
        gtk_selection_model_unselect_all(GTK_SELECTION_MODEL(selection));
        t[FS_CLEAR_SELECTION][k] = fs_now_ms() - a;
        g_object_unref(selection);
        g_object_unref(filter);
        g_object_unref(filtered);
        g_object_unref(tree);
    }
    for (int c = 0; c < FS_CASES; c++) out[c] = fs_median(t[c], reps);
    g_free(d.has_match);
    return shown;
}

#else

const char *fs_gtk_version(void) { return "not built"; }

int64_t fs_run_gtk(int64_t n, int64_t per, int reps, double out[FS_CASES])
{
    (void)n; (void)per; (void)reps;
    for (int c = 0; c < FS_CASES; c++) out[c] = -1;
    return -1;
}

#endif
