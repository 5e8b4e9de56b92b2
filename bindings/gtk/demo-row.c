#include "demo-row.h"

#include <math.h>

struct _DemoRow {
    GtkWidget parent_instance;
    GtkWidget *box, *chevron, *title, *detail;
    GtkListItem *list_item;
    FoldListItem *item;
    gulong notify_id;
    int indent;
    DemoRowTextFunc text;
    gpointer text_data;
};

G_DEFINE_FINAL_TYPE(DemoRow, demo_row, GTK_TYPE_WIDGET)

static void
demo_row_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                 int *natural, int *minimum_baseline, int *natural_baseline)
{
    DemoRow *self = DEMO_ROW(widget);
    *minimum_baseline = *natural_baseline = -1;
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        gtk_widget_measure(self->box, orientation, for_size, minimum, natural, NULL, NULL);
        return;
    }
    /* The engine's height is the row's height. */
    double h = self->item ? fold_list_item_get_height(self->item) : 0;
    *minimum = *natural = (int)ceil(h);
}

static void
demo_row_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    gtk_widget_allocate(DEMO_ROW(widget)->box, width, height, baseline, NULL);
}

/* Re-reads the item: texts, chevron, classes, height. */
static void
demo_row_update(DemoRow *self)
{
    FoldListItem *item = self->item;
    GtkWidget *w = GTK_WIDGET(self);
    gboolean header = item && fold_list_item_get_kind(item) == FOLD_ITEM_HEADER;
    gboolean collapsible = item && fold_list_item_get_collapsible(item);
    gboolean collapsed = item && fold_list_item_get_collapsed(item);
    int depth = item ? fold_list_item_get_depth(item) : 0;
    if (item) {
        if (self->text) {
            self->text(self, item, GTK_LABEL(self->title), GTK_LABEL(self->detail), self->text_data);
        } else {
            const char *t = fold_list_item_get_title(item), *d = fold_list_item_get_detail(item);
            gtk_label_set_text(GTK_LABEL(self->title), t ? t : "");
            gtk_label_set_text(GTK_LABEL(self->detail), d ? d : "");
        }
    }
    /* FoldExpander (fold-expander.h) will draw this chevron, indent and take
     * the keys once it is merged; until then a plain symbolic icon. */
    gtk_image_set_from_icon_name(GTK_IMAGE(self->chevron),
                                 collapsed ? "pan-end-symbolic" : "pan-down-symbolic");
    /* Rows have no chevron; their titles line up with their header's. A
     * header that cannot collapse keeps the chevron's space. */
    gtk_widget_set_visible(self->chevron, header);
    gtk_widget_set_opacity(self->chevron, collapsible ? 1.0 : 0.0);
    gtk_widget_set_margin_start(self->box, 16 + self->indent * depth + (header ? 0 : 24));
    const char *classes[] = {"header", "row", "collapsed", "depth-0", "depth-1", "depth-2",
                             "depth-3"};
    for (size_t i = 0; i < G_N_ELEMENTS(classes); i++)
        gtk_widget_remove_css_class(w, classes[i]);
    if (item) {
        gtk_widget_add_css_class(w, header ? "header" : "row");
        if (collapsed)
            gtk_widget_add_css_class(w, "collapsed");
        gtk_widget_add_css_class(w, classes[3 + MIN(depth, 3)]);
    }
    gtk_widget_queue_resize(w);
}

static void
on_notify(GObject *item, GParamSpec *pspec, DemoRow *self)
{
    (void)item;
    (void)pspec;
    demo_row_update(self);
}

void
demo_row_set_item(DemoRow *self, FoldListItem *item)
{
    if (self->item) {
        g_clear_signal_handler(&self->notify_id, self->item);
        g_clear_object(&self->item);
    }
    if (item) {
        self->item = g_object_ref(item);
        self->notify_id = g_signal_connect(item, "notify", G_CALLBACK(on_notify), self);
    }
    demo_row_update(self);
}

FoldListItem *
demo_row_get_item(DemoRow *self)
{
    return self->item;
}

GtkListItem *
demo_row_get_list_item(DemoRow *self)
{
    return self->list_item;
}

GtkWidget *
demo_row_get_chevron(DemoRow *self)
{
    return self->chevron;
}

GtkWidget *
demo_row_get_title(DemoRow *self)
{
    return self->title;
}

void
demo_row_refresh_all(GtkWidget *list)
{
    for (GtkWidget *c = gtk_widget_get_first_child(list); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *child = gtk_widget_get_first_child(c);
        if (child && DEMO_IS_ROW(child))
            demo_row_update(DEMO_ROW(child));
    }
}

DemoRow *
demo_row_find(GtkWidget *list, guint position)
{
    for (GtkWidget *c = gtk_widget_get_first_child(list); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *child = gtk_widget_get_first_child(c);
        if (child && DEMO_IS_ROW(child) && gtk_widget_get_mapped(child)) {
            DemoRow *r = DEMO_ROW(child);
            if (r->item && gtk_list_item_get_position(r->list_item) == position)
                return r;
        }
    }
    return NULL;
}

static void
demo_row_dispose(GObject *object)
{
    DemoRow *self = DEMO_ROW(object);
    demo_row_set_item(self, NULL);
    g_clear_pointer(&self->box, gtk_widget_unparent);
    G_OBJECT_CLASS(demo_row_parent_class)->dispose(object);
}

static void
demo_row_class_init(DemoRowClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = demo_row_dispose;
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = demo_row_measure;
    widget_class->size_allocate = demo_row_size_allocate;
    gtk_widget_class_set_css_name(widget_class, "foldrow");
}

static void
demo_row_init(DemoRow *self)
{
    self->box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_set_margin_end(self->box, 16);
    self->chevron = gtk_image_new_from_icon_name("pan-down-symbolic");
    gtk_widget_add_css_class(self->chevron, "chevron");
    self->title = gtk_label_new(NULL);
    gtk_widget_add_css_class(self->title, "title");
    gtk_label_set_xalign(GTK_LABEL(self->title), 0);
    gtk_widget_set_hexpand(self->title, TRUE);
    self->detail = gtk_label_new(NULL);
    gtk_widget_add_css_class(self->detail, "detail");
    gtk_label_set_xalign(GTK_LABEL(self->detail), 1);
    gtk_box_append(GTK_BOX(self->box), self->chevron);
    gtk_box_append(GTK_BOX(self->box), self->title);
    gtk_box_append(GTK_BOX(self->box), self->detail);
    gtk_widget_set_parent(self->box, GTK_WIDGET(self));
}

GtkWidget *
demo_row_new(GtkListItem *list_item, int indent, DemoRowTextFunc text, gpointer user_data)
{
    DemoRow *self = g_object_new(DEMO_TYPE_ROW, NULL);
    self->list_item = list_item;
    self->indent = indent;
    self->text = text;
    self->text_data = user_data;
    return GTK_WIDGET(self);
}
