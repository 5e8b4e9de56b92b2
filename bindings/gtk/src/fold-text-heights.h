/*
 * fold-text-heights.h — FoldTextHeights: row heights measured with Pango, so
 * that the engine's heights and GTK's allocated row sizes are one number.
 * What it does and how to use it: the FoldTextHeights comment below (the GTK
 * reference's class page).
 */
#ifndef FOLD_TEXT_HEIGHTS_H
#define FOLD_TEXT_HEIGHTS_H

#include <gtk/gtk.h>

#include "foldtable-gtk.h"

G_BEGIN_DECLS

/**
 * FoldTextHeights:
 *
 * Row heights measured with Pango, so that the engine's heights and GTK's
 * allocated row sizes are one number.
 *
 * A FoldTextHeights installs the table's height providers
 * (fold_table_set_height_provider, FOLD_HEIGHT_ROW and FOLD_HEIGHT_EXPANDED)
 * and answers them by laying out each row's text (from a FoldTextFunc) with
 * a PangoLayout of the widget's pango context, at the widget's width minus
 * the padding:
 *
 *   - a row's height: its text shown on at most "collapsed-lines" lines
 *     (paragraphs joined, ellipsized at the end), plus the vertical padding;
 *     a text that fits in those lines is shown whole (paragraphs kept);
 *   - its expanded height: the whole text (every paragraph, no ellipsis),
 *     plus the padding — or none (not expandable) when that is not taller
 *     than the row's height (so a row expands exactly when its collapsed
 *     text is cut).
 *
 * When the widget's width changes (for a GtkScrollable such as GtkListView:
 * its horizontal adjustment's page size), the heights are invalidated
 * (fold_table_invalidate_heights) and the viewport is measured again
 * (fold_table_measure); rows that were expanded stay expanded. Scrolling
 * measures the rows that come into view.
 *
 * The row widgets draw with fold_text_heights_create_layout(), the layout
 * the heights were measured with, and take the engine's height as theirs
 * (their measure() answers the item's "height"), so nothing is sized twice.
 *
 * Thread safety: a FoldTextHeights is used on the GTK main thread.
 */
#define FOLD_TYPE_TEXT_HEIGHTS (fold_text_heights_get_type())
G_DECLARE_FINAL_TYPE(FoldTextHeights, fold_text_heights, FOLD, TEXT_HEIGHTS, GObject)

FoldTextHeights *fold_text_heights_new(GtkWidget *widget);

GtkWidget *fold_text_heights_get_widget(FoldTextHeights *self);

gboolean fold_text_heights_attach(FoldTextHeights *self, fold_table *table, GError **error);
gboolean fold_text_heights_attach_model(FoldTextHeights *self, FoldListModel *model,
                                        GError **error);
void fold_text_heights_detach(FoldTextHeights *self);

void fold_text_heights_set_text_func(FoldTextHeights *self, FoldTextFunc func, gpointer user_data,
                                     GDestroyNotify destroy);

void fold_text_heights_set_collapsed_lines(FoldTextHeights *self, int lines);
int fold_text_heights_get_collapsed_lines(FoldTextHeights *self);

void fold_text_heights_set_padding(FoldTextHeights *self, const GtkBorder *padding);
void fold_text_heights_get_padding(FoldTextHeights *self, GtkBorder *out_padding);

int fold_text_heights_get_text_width(FoldTextHeights *self);

PangoLayout *fold_text_heights_create_layout(FoldTextHeights *self, const char *text,
                                             gboolean expanded);
double fold_text_heights_measure_text(FoldTextHeights *self, const char *text, gboolean expanded);

gboolean fold_text_heights_update(FoldTextHeights *self, GError **error);

G_END_DECLS

#endif /* FOLD_TEXT_HEIGHTS_H */
