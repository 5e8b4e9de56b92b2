/*
 * demo-list-row.c — the list row shared by demo-listview.c and the sticky
 * test (demo-list-row.h).
 */
#include "demo-list-row.h"
#include "fold-header-line.h"

#include <math.h>
#include <string.h>

GtkWidget *
demo_list_row_new(int line_height)
{
    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *indicator, *title, *detail;
    GtkWidget *line = fold_header_line_new(&indicator, &title, &detail);
    gtk_box_append(GTK_BOX(outer), line);
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
        gtk_box_append(GTK_BOX(outer), body);
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

/* An expanded row's body text, indented under the line. */
static void
update_body(GtkWidget *outer, FoldListItem *item, GtkWidget *body)
{
    GtkWidget *line = g_object_get_data(G_OBJECT(outer), "line");
    double height = fold_list_item_get_height(item);
    double line_height = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(outer), "line-height"));
    gboolean header = fold_list_item_get_kind(item) == FOLD_ITEM_HEADER;
    gtk_widget_set_size_request(line, -1, (int)lround(header ? height : fmin(height, line_height)));

    gboolean expanded = fold_list_item_get_expanded(item);
    gtk_widget_set_visible(body, expanded);
    if (expanded) {
        const char *title = fold_list_item_get_title(item);
        char *text = g_strdup_printf("%s — row %" G_GINT64_FORMAT " of section \"%s\", "
                                     "expanded to %.0f pt. Click again to collapse.",
                                     title ? title : "", fold_list_item_get_row(item),
                                     fold_list_item_get_key(item), height);
        gtk_label_set_text(GTK_LABEL(body), text);
        gtk_widget_set_margin_start(
            body, 8 + DEMO_LIST_ROW_INDENT * (fold_list_item_get_depth(item) + 2));
        g_free(text);
        gtk_widget_add_css_class(outer, "expanded");
    }
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

    gtk_label_set_text(g_object_get_data(G_OBJECT(outer), "indicator"),
                       indicator ? indicator : "");
    gtk_label_set_text(g_object_get_data(G_OBJECT(outer), "title"), title ? title : "");
    gtk_label_set_text(g_object_get_data(G_OBJECT(outer), "detail"), detail ? detail : "");
    gtk_widget_set_margin_start(line, 8 + DEMO_LIST_ROW_INDENT * depth +
                                          (kind == FOLD_ITEM_ROW ? DEMO_LIST_ROW_INDENT : 0));
    gtk_widget_set_margin_end(line, 12);
    gtk_widget_set_size_request(outer, -1, (int)lround(fold_list_item_get_height(item)));

    const char *classes[] = {"fold-header", "fold-row", "depth-0", "depth-1", "depth-2",
                             "expanded"};
    for (size_t i = 0; i < G_N_ELEMENTS(classes); i++)
        gtk_widget_remove_css_class(outer, classes[i]);
    gtk_widget_add_css_class(outer, kind == FOLD_ITEM_HEADER ? "fold-header" : "fold-row");
    char depth_class[16];
    g_snprintf(depth_class, sizeof depth_class, "depth-%d", MIN(depth, 2));
    gtk_widget_add_css_class(outer, depth_class);
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
}
