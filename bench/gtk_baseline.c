/*
 * gtk_baseline.c — GtkTreeListModel as foldbench's toolkit baseline: the
 * GListModel stack a GTK 4 application would use for one expandable section
 * of n rows.
 *
 * No display is needed: GtkTreeListModel, GtkTreeListRow and GListStore are
 * plain GObject/GIO classes (they live in libgtk but never touch GDK), so
 * gtk_init() is not called.
 */
#include "gtk_baseline.h"

#include <gtk/gtk.h>

/* The smallest item an application could put in a GListStore: a GObject
 * with one integer. */
#define BENCH_TYPE_ITEM (bench_item_get_type())
G_DECLARE_FINAL_TYPE(BenchItem, bench_item, BENCH, ITEM, GObject)

struct _BenchItem {
    GObject parent_instance;
    gint64 value;
};

G_DEFINE_FINAL_TYPE(BenchItem, bench_item, G_TYPE_OBJECT)

static void bench_item_class_init(BenchItemClass *klass) { (void)klass; }
static void bench_item_init(BenchItem *self) { self->value = 0; }

struct gtkb {
    GListStore *root;     /* one item: the section */
    GListStore *children; /* n items: its rows */
    GtkTreeListModel *model;
    GtkTreeListRow *row;  /* the section's row (position 0) */
};

/* The section's children are `children`; rows have none. */
static GListModel *create_children(gpointer item, gpointer user_data) {
    gtkb *b = user_data;
    if (g_object_get_data(G_OBJECT(item), "section") == NULL) return NULL;
    return G_LIST_MODEL(g_object_ref(b->children));
}

const char *gtkb_version(void) {
    static char text[32];
    g_snprintf(text, sizeof text, "%u.%u.%u", gtk_get_major_version(), gtk_get_minor_version(),
               gtk_get_micro_version());
    return text;
}

gtkb *gtkb_build(int64_t n) {
    gtkb *b = g_new0(gtkb, 1);
    b->children = g_list_store_new(BENCH_TYPE_ITEM);
    /* Add the rows in batches through splice, as a loader would (one
     * items-changed per batch, not per row). */
    enum { BATCH = 4096 };
    gpointer batch[BATCH];
    for (int64_t i = 0; i < n;) {
        guint k = 0;
        for (; k < BATCH && i < n; k++, i++) {
            BenchItem *item = g_object_new(BENCH_TYPE_ITEM, NULL);
            item->value = i;
            batch[k] = item;
        }
        g_list_store_splice(b->children, g_list_model_get_n_items(G_LIST_MODEL(b->children)), 0,
                            batch, k);
        for (guint j = 0; j < k; j++) g_object_unref(batch[j]);
    }
    b->root = g_list_store_new(BENCH_TYPE_ITEM);
    BenchItem *section = g_object_new(BENCH_TYPE_ITEM, NULL);
    g_object_set_data(G_OBJECT(section), "section", GINT_TO_POINTER(1));
    g_list_store_append(b->root, section);
    g_object_unref(section);
    /* gtk_tree_list_model_new takes ownership of the root model. */
    b->model = gtk_tree_list_model_new(G_LIST_MODEL(g_object_ref(b->root)), FALSE, FALSE,
                                       create_children, b, NULL);
    b->row = gtk_tree_list_model_get_row(b->model, 0);
    if (b->row == NULL) {
        gtkb_free(b);
        return NULL;
    }
    gtk_tree_list_row_set_expanded(b->row, TRUE);
    return b;
}

void gtkb_set_expanded(gtkb *b, int expanded) {
    gtk_tree_list_row_set_expanded(b->row, expanded ? TRUE : FALSE);
}

int gtkb_get_item(gtkb *b, int64_t position) {
    gpointer item = g_list_model_get_item(G_LIST_MODEL(b->model), (guint)position);
    if (item == NULL) return 0;
    g_object_unref(item);
    return 1;
}

int64_t gtkb_n_items(gtkb *b) { return g_list_model_get_n_items(G_LIST_MODEL(b->model)); }

void gtkb_free(gtkb *b) {
    if (b == NULL) return;
    g_clear_object(&b->row);
    g_clear_object(&b->model);
    g_clear_object(&b->root);
    g_clear_object(&b->children);
    g_free(b);
}
