/*
 * fold-header-line.h — the line of a header row: a box holding an
 * indicator, a title that takes the free width and a dim detail, in that
 * order. FoldStickyHeaders' default factory (fold-sticky-headers-layout.c)
 * and the demos' list row (demo-list-row.c) build it here, so that stuck
 * headers look like demo-listview's header rows.
 *
 * Internal: not installed, not scanned for the GIR. Static inline, so the
 * demos use it without a private symbol of the library.
 */
#ifndef FOLDTABLE_GTK_FOLD_HEADER_LINE_H
#define FOLDTABLE_GTK_FOLD_HEADER_LINE_H

#include <gtk/gtk.h>

/* The line, its children indicator, title, detail (first to last); each
 * out pointer may be NULL. */
static inline GtkWidget *
fold_header_line_new(GtkWidget **out_indicator, GtkWidget **out_title, GtkWidget **out_detail)
{
    GtkWidget *line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *indicator = gtk_label_new(NULL);
    GtkWidget *title = gtk_label_new(NULL);
    GtkWidget *detail = gtk_label_new(NULL);
    gtk_label_set_width_chars(GTK_LABEL(indicator), 2);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_set_hexpand(title, TRUE);
    gtk_widget_add_css_class(detail, "dim-label");
    gtk_box_append(GTK_BOX(line), indicator);
    gtk_box_append(GTK_BOX(line), title);
    gtk_box_append(GTK_BOX(line), detail);
    if (out_indicator)
        *out_indicator = indicator;
    if (out_title)
        *out_title = title;
    if (out_detail)
        *out_detail = detail;
    return line;
}

#endif
