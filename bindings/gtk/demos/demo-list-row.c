/*
 * demo-list-row.c — the list row shared by demo-listview.c and the sticky
 * test (demo-list-row.h).
 */
#include "demo-list-row.h"
#include "fold-header-line.h"

#include <math.h>
#include <string.h>

/* ---- the outer box ---------------------------------------------------------- */

/* A vertical box (CSS node "box") that hands the keyboard focus to the
 * first child that takes it, as GtkListItemWidget does to it: the list
 * moves the focus to a row by focusing its list item widget, and GtkBox
 * would keep it from the expander inside. */
#define DEMO_TYPE_LIST_ROW_BOX (demo_list_row_box_get_type())
G_DECLARE_FINAL_TYPE(DemoListRowBox, demo_list_row_box, DEMO, LIST_ROW_BOX, GtkWidget)

struct _DemoListRowBox {
    GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE(DemoListRowBox, demo_list_row_box, GTK_TYPE_WIDGET)

static gboolean
demo_list_row_box_grab_focus(GtkWidget *widget)
{
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c; c = gtk_widget_get_next_sibling(c))
        if (gtk_widget_get_visible(c) && gtk_widget_grab_focus(c))
            return TRUE;
    return FALSE;
}

static void
demo_list_row_box_dispose(GObject *object)
{
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child(GTK_WIDGET(object))))
        gtk_widget_unparent(child);
    G_OBJECT_CLASS(demo_list_row_box_parent_class)->dispose(object);
}

static void
demo_list_row_box_class_init(DemoListRowBoxClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = demo_list_row_box_dispose;
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->grab_focus = demo_list_row_box_grab_focus;
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BOX_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "box");
}

static void
demo_list_row_box_init(DemoListRowBox *self)
{
    gtk_orientable_set_orientation(
        GTK_ORIENTABLE(gtk_widget_get_layout_manager(GTK_WIDGET(self))), GTK_ORIENTATION_VERTICAL);
}

static void
append(GtkWidget *outer, GtkWidget *child)
{
    gtk_widget_insert_before(child, outer, NULL);
}

/* ---- the row ------------------------------------------------------------------ */

GtkWidget *
demo_list_row_new(int line_height)
{
    GtkWidget *outer = g_object_new(DEMO_TYPE_LIST_ROW_BOX, NULL);
    GtkWidget *indicator, *title, *detail;
    GtkWidget *line = fold_header_line_new(&indicator, &title, &detail);
    append(outer, line);
    if (line_height > 0) {
        GtkWidget *body = gtk_label_new(NULL);
        gtk_widget_add_css_class(body, "body");
        gtk_label_set_xalign(GTK_LABEL(body), 0);
        /* Two wrapped lines fit demo-listview's 96-pt expanded row; longer
         * text ends in "…" (demo-comments measures whole texts with Pango
         * instead). */
        gtk_label_set_wrap(GTK_LABEL(body), TRUE);
        gtk_label_set_lines(GTK_LABEL(body), 2);
        gtk_label_set_ellipsize(GTK_LABEL(body), PANGO_ELLIPSIZE_END);
        gtk_widget_set_margin_end(body, 12);
        gtk_widget_set_valign(line, GTK_ALIGN_CENTER);
        gtk_widget_set_vexpand(line, FALSE);
        append(outer, body);
        g_object_set_data(G_OBJECT(outer), "body", body);
        g_object_set_data(G_OBJECT(outer), "line-height", GINT_TO_POINTER(line_height));
    } else {
        gtk_widget_set_vexpand(line, TRUE);
    }
    g_object_set_data(G_OBJECT(outer), "indicator", indicator);
    g_object_set_data(G_OBJECT(outer), "title", title);
    g_object_set_data(G_OBJECT(outer), "detail", detail);
    g_object_set_data(G_OBJECT(outer), "line", line);
    return outer;
}

/* The expander's indentation: 16 px indent nodes and chevron, 4 px apart
 * (its default style): its child starts 20 px a level further. */
#define EXPANDER_LEVEL 20

GtkWidget *
demo_list_row_new_with_expander(FoldListModel *model, int line_height, DemoListRowBodyFunc body,
                                gpointer body_data)
{
    GtkWidget *outer = demo_list_row_new(line_height);
    GtkWidget *line = g_object_get_data(G_OBJECT(outer), "line");
    gtk_widget_set_visible(g_object_get_data(G_OBJECT(outer), "indicator"), FALSE);
    GtkWidget *expander = fold_expander_new();
    fold_expander_set_model(FOLD_EXPANDER(expander), model);
    g_object_ref(line);
    gtk_widget_unparent(line);
    fold_expander_set_child(FOLD_EXPANDER(expander), line);
    g_object_unref(line);
    gtk_widget_set_margin_start(expander, 8);
    gtk_widget_set_margin_end(expander, 12);
    gtk_widget_set_vexpand(expander, gtk_widget_get_vexpand(line));
    gtk_widget_set_valign(expander, gtk_widget_get_valign(line));
    gtk_widget_insert_after(expander, outer, NULL); /* first */
    g_object_set_data(G_OBJECT(outer), "expander", expander);
    g_object_set_data(G_OBJECT(outer), "body-func", body);
    g_object_set_data(G_OBJECT(outer), "body-data", body_data);
    return outer;
}

/* An expanded row's body text, indented under the line's title. */
static void
update_body(GtkWidget *outer, FoldListItem *item, GtkWidget *body)
{
    GtkWidget *line = g_object_get_data(G_OBJECT(outer), "line");
    GtkWidget *expander = g_object_get_data(G_OBJECT(outer), "expander");
    double height = fold_list_item_get_height(item);
    double line_height = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(outer), "line-height"));
    gboolean header = fold_list_item_get_kind(item) == FOLD_ITEM_HEADER;
    gtk_widget_set_size_request(expander ? expander : line, -1,
                                (int)lround(header ? height : fmin(height, line_height)));

    gboolean expanded = fold_list_item_get_expanded(item);
    gtk_widget_set_visible(body, expanded);
    if (!expanded)
        return;
    int depth = fold_list_item_get_depth(item);
    if (expander) {
        DemoListRowBodyFunc func = g_object_get_data(G_OBJECT(outer), "body-func");
        const char *text = func ? func(item, g_object_get_data(G_OBJECT(outer), "body-data")) : NULL;
        gtk_label_set_text(GTK_LABEL(body), text ? text : "");
        /* under the title: the expander's margin, a row's level + 1 */
        gtk_widget_set_margin_start(body, 8 + EXPANDER_LEVEL * (depth + 2));
    } else {
        const char *title = fold_list_item_get_title(item);
        char *text = g_strdup_printf("%s — row %" G_GINT64_FORMAT " of section \"%s\", "
                                     "expanded to %.0f pt. Click again to collapse.",
                                     title ? title : "", fold_list_item_get_row(item),
                                     fold_list_item_get_key(item), height);
        gtk_label_set_text(GTK_LABEL(body), text);
        gtk_widget_set_margin_start(body, 8 + DEMO_LIST_ROW_INDENT * (depth + 2));
        g_free(text);
    }
    gtk_widget_add_css_class(outer, "expanded");
}

void
demo_list_row_update(GtkListItem *list_item)
{
    FoldListItem *item = gtk_list_item_get_item(list_item);
    GtkWidget *outer = gtk_list_item_get_child(list_item);
    GtkWidget *line = g_object_get_data(G_OBJECT(outer), "line");
    GtkWidget *body = g_object_get_data(G_OBJECT(outer), "body");
    int32_t kind = fold_list_item_get_kind(item);
    int depth = fold_list_item_get_depth(item);
    const char *title = fold_list_item_get_title(item);
    const char *detail = fold_list_item_get_detail(item);
    /* An indicator only on headers of sections that collapse (not fixed, not empty). */
    const char *indicator =
        fold_list_item_get_collapsible(item) ? fold_list_item_get_indicator(item) : NULL;

    GtkWidget *expander = g_object_get_data(G_OBJECT(outer), "expander");
    gtk_label_set_text(g_object_get_data(G_OBJECT(outer), "indicator"),
                       indicator ? indicator : "");
    gtk_label_set_text(g_object_get_data(G_OBJECT(outer), "title"), title ? title : "");
    gtk_label_set_text(g_object_get_data(G_OBJECT(outer), "detail"), detail ? detail : "");
    if (expander) {
        /* The expander indents and shows the chevron (hidden where the
         * section cannot collapse and on rows that cannot expand). */
        if (fold_expander_get_item(FOLD_EXPANDER(expander)) != item)
            fold_expander_set_item(FOLD_EXPANDER(expander), item);
    } else {
        gtk_widget_set_margin_start(line, 8 + DEMO_LIST_ROW_INDENT * depth +
                                              (kind == FOLD_ITEM_ROW ? DEMO_LIST_ROW_INDENT : 0));
        gtk_widget_set_margin_end(line, 12);
    }
    gtk_widget_set_size_request(outer, -1, (int)lround(fold_list_item_get_height(item)));

    const char *classes[] = {"fold-header", "fold-row", "depth-0", "depth-1", "depth-2",
                             "expanded", "selected"};
    for (size_t i = 0; i < G_N_ELEMENTS(classes); i++)
        gtk_widget_remove_css_class(outer, classes[i]);
    gtk_widget_add_css_class(outer, kind == FOLD_ITEM_HEADER ? "fold-header" : "fold-row");
    char depth_class[16];
    g_snprintf(depth_class, sizeof depth_class, "depth-%d", MIN(depth, 2));
    gtk_widget_add_css_class(outer, depth_class);
    if (fold_list_item_get_selected(item))
        gtk_widget_add_css_class(outer, "selected");
    if (body)
        update_body(outer, item, body);
    /* For the self-tests: which item a picked widget shows. */
    g_object_set_data(G_OBJECT(outer), "fold-list-item", list_item);
}

static void
on_item_notify(FoldListItem *item, GParamSpec *pspec, GtkListItem *list_item)
{
    (void)item;
    guint *notes = g_object_get_data(G_OBJECT(list_item), "demo-list-row-notes");
    if (notes && strcmp(pspec->name, "position") != 0)
        (*notes)++;
    demo_list_row_update(list_item);
}

void
demo_list_row_bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer notes)
{
    (void)factory;
    g_object_set_data(G_OBJECT(list_item), "demo-list-row-notes", notes);
    demo_list_row_update(list_item);
    g_signal_connect(gtk_list_item_get_item(list_item), "notify", G_CALLBACK(on_item_notify),
                     list_item);
}

void
demo_list_row_unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    g_signal_handlers_disconnect_by_func(gtk_list_item_get_item(list_item),
                                         G_CALLBACK(on_item_notify), list_item);
    GtkWidget *expander = g_object_get_data(G_OBJECT(gtk_list_item_get_child(list_item)),
                                            "expander");
    if (expander)
        fold_expander_set_item(FOLD_EXPANDER(expander), NULL);
}
