#include "demo-row.h"

#include <math.h>

struct _DemoRow {
    GtkWidget parent_instance;
    GtkWidget *expander, *box, *title, *detail;
    GtkListItem *list_item;
    FoldListItem *item;
    gulong notify_id;
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
        gtk_widget_measure(self->expander, orientation, for_size, minimum, natural, NULL, NULL);
        return;
    }
    /* The engine's height is the row's height. */
    *minimum = *natural = demo_item_height(self->item);
}

static void
demo_row_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    gtk_widget_allocate(DEMO_ROW(widget)->expander, width, height, baseline, NULL);
}

/* Re-reads the item: texts, chevron, classes, height. */
static void
demo_row_update(DemoRow *self)
{
    FoldListItem *item = self->item;
    GtkWidget *w = GTK_WIDGET(self);
    gboolean header = item && fold_list_item_get_kind(item) == FOLD_ITEM_HEADER;
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
    /* The FoldExpander indents by depth (20 px a level), shows the chevron
     * where the item has something to collapse (hidden, its space kept, on
     * fixed headers and rows) and turns the chevron's clicks and the keys
     * into the model's operations; a click elsewhere on the row is the
     * list's "activate". */
    if (fold_expander_get_item(FOLD_EXPANDER(self->expander)) != item)
        fold_expander_set_item(FOLD_EXPANDER(self->expander), item);
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

void
demo_row_set_item(DemoRow *self, FoldListItem *item)
{
    demo_item_bind(&self->item, &self->notify_id, item, G_CALLBACK(demo_row_update), self);
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
demo_row_get_expander(DemoRow *self)
{
    return self->expander;
}

GtkWidget *
demo_row_get_chevron(DemoRow *self)
{
    /* The expander's chevron: its GtkImage child (CSS node image.expander). */
    for (GtkWidget *c = gtk_widget_get_first_child(self->expander); c;
         c = gtk_widget_get_next_sibling(c))
        if (GTK_IS_IMAGE(c) && gtk_widget_has_css_class(c, "expander"))
            return c;
    return NULL;
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

static GtkListItem *
bound_demo_row(GtkWidget *row)
{
    return DEMO_IS_ROW(row) && DEMO_ROW(row)->item ? DEMO_ROW(row)->list_item : NULL;
}

DemoRow *
demo_row_find(GtkWidget *list, guint position)
{
    return (DemoRow *)demo_list_find(list, position, bound_demo_row);
}

DemoRow *
demo_row_focus_position(GtkWidget *list, guint position)
{
    DemoRow *row = demo_row_find(list, position);
    if (row)
        gtk_widget_grab_focus(gtk_widget_get_parent(GTK_WIDGET(row)));
    return row;
}

int
demo_row_check_layout(DemoApp *demo, double scrolled)
{
    int64_t n = demo_item_count(demo->table);
    int checked = 0;
    for (int64_t p = 0; p < n; p++) {
        DemoRow *r = demo_row_find(demo->list, (guint)p);
        if (!r)
            continue;
        double h = -1, top = demo_item_top(demo->table, p) - scrolled;
        fold_table_item_height(demo->table, p, &h);
        int height = gtk_widget_get_height(GTK_WIDGET(r));
        graphene_point_t at;
        DEMO_EXPECT(demo, gtk_widget_compute_point(GTK_WIDGET(r), demo->list,
                                                   &GRAPHENE_POINT_INIT(0, 0), &at));
        if (at.y != top || height != h)
            fprintf(stderr, "item %" G_GINT64_FORMAT ": at %.1f height %d, engine %.1f, %.1f\n", p,
                    at.y, height, top, h);
        DEMO_EXPECT(demo, at.y == top);
        DEMO_EXPECT(demo, height == h);
        checked++;
    }
    return checked;
}

void
demo_item_bind(FoldListItem **slot, gulong *notify_id, FoldListItem *item, GCallback update,
               gpointer row)
{
    if (*slot) {
        g_clear_signal_handler(notify_id, *slot);
        g_clear_object(slot);
    }
    if (item) {
        *slot = g_object_ref(item);
        *notify_id = g_signal_connect_swapped(item, "notify", update, row);
    }
}

int
demo_item_height(FoldListItem *item)
{
    return item ? (int)ceil(fold_list_item_get_height(item)) : 0;
}

GtkWidget *
demo_list_find(GtkWidget *list, guint position, GtkListItem *(*bound)(GtkWidget *row))
{
    for (GtkWidget *c = gtk_widget_get_first_child(list); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *child = gtk_widget_get_first_child(c);
        GtkListItem *list_item = child ? bound(child) : NULL;
        if (list_item && gtk_widget_get_mapped(child) &&
            gtk_list_item_get_position(list_item) == position)
            return child;
    }
    return NULL;
}

/* Keyboard: the list moves the focus to a row by focusing its list item,
 * which hands it to its child: the row gives it to its expander, so that
 * the expander's keys (the engine's keyboard model) reach it and its focus ring
 * shows where the keyboard is. */
static gboolean
demo_row_grab_focus(GtkWidget *widget)
{
    return gtk_widget_grab_focus(DEMO_ROW(widget)->expander);
}

static gboolean
demo_row_focus(GtkWidget *widget, GtkDirectionType direction)
{
    return gtk_widget_child_focus(DEMO_ROW(widget)->expander, direction);
}

/* Enter (captured before the expander, which would activate the item in
 * the model directly) activates the list's item: the list's "activate"
 * signal, as a click, so the demo's handler does what a click does (select
 * a setting, a species) and the model activates the item. Space stays the
 * expander's: the engine's keyboard model toggles the selection. */
static gboolean
activate_list_item(GtkWidget *widget, GVariant *args, gpointer data)
{
    (void)args;
    (void)data;
    DemoRow *self = DEMO_ROW(widget);
    if (!self->item || !self->list_item)
        return FALSE;
    return gtk_widget_activate_action(widget, "list.activate-item", "u",
                                      gtk_list_item_get_position(self->list_item));
}

static void
add_activate_keys(DemoRow *self)
{
    static const guint keys[] = {GDK_KEY_Return, GDK_KEY_ISO_Enter, GDK_KEY_KP_Enter};
    GtkEventController *controller = gtk_shortcut_controller_new();
    gtk_event_controller_set_name(controller, "demo-row-activate");
    gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE);
    for (size_t i = 0; i < G_N_ELEMENTS(keys); i++)
        gtk_shortcut_controller_add_shortcut(
            GTK_SHORTCUT_CONTROLLER(controller),
            gtk_shortcut_new(gtk_keyval_trigger_new(keys[i], 0),
                             gtk_callback_action_new(activate_list_item, NULL, NULL)));
    gtk_widget_add_controller(GTK_WIDGET(self), controller);
}

static void
demo_row_dispose(GObject *object)
{
    DemoRow *self = DEMO_ROW(object);
    demo_row_set_item(self, NULL);
    g_clear_pointer(&self->expander, gtk_widget_unparent);
    G_OBJECT_CLASS(demo_row_parent_class)->dispose(object);
}

static void
demo_row_class_init(DemoRowClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = demo_row_dispose;
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = demo_row_measure;
    widget_class->size_allocate = demo_row_size_allocate;
    widget_class->grab_focus = demo_row_grab_focus;
    widget_class->focus = demo_row_focus;
    gtk_widget_class_set_css_name(widget_class, "foldrow");
}

static void
demo_row_init(DemoRow *self)
{
    self->expander = fold_expander_new();
    gtk_widget_set_margin_start(self->expander, 12);
    gtk_widget_set_margin_end(self->expander, 16);
    self->box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    self->title = gtk_label_new(NULL);
    gtk_widget_add_css_class(self->title, "title");
    gtk_label_set_xalign(GTK_LABEL(self->title), 0);
    gtk_widget_set_hexpand(self->title, TRUE);
    self->detail = gtk_label_new(NULL);
    gtk_widget_add_css_class(self->detail, "detail");
    gtk_label_set_xalign(GTK_LABEL(self->detail), 1);
    gtk_box_append(GTK_BOX(self->box), self->title);
    gtk_box_append(GTK_BOX(self->box), self->detail);
    fold_expander_set_child(FOLD_EXPANDER(self->expander), self->box);
    gtk_widget_set_parent(self->expander, GTK_WIDGET(self));
    add_activate_keys(self);
}

GtkWidget *
demo_row_new(GtkListItem *list_item, FoldListModel *model, DemoRowTextFunc text,
             gpointer user_data)
{
    DemoRow *self = g_object_new(DEMO_TYPE_ROW, NULL);
    self->list_item = list_item;
    fold_expander_set_model(FOLD_EXPANDER(self->expander), model);
    self->text = text;
    self->text_data = user_data;
    return GTK_WIDGET(self);
}

void
demo_row_bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    demo_row_set_item(DEMO_ROW(gtk_list_item_get_child(list_item)),
                      gtk_list_item_get_item(list_item));
}

void
demo_row_unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    demo_row_set_item(DEMO_ROW(gtk_list_item_get_child(list_item)), NULL);
}
