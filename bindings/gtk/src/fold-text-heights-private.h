/*
 * fold-text-heights-private.h — FoldTextHeights' fields and what its two
 * files share (not installed): fold-text-heights.c and
 * fold-text-heights-layout.c (the Pango layouts and the height providers).
 */
#ifndef FOLD_TEXT_HEIGHTS_PRIVATE_H
#define FOLD_TEXT_HEIGHTS_PRIVATE_H

#include "fold-text-heights.h"
#include "fold-private.h"

G_BEGIN_DECLS

struct _FoldTextHeights {
    GObject parent_instance;

    GtkWidget *widget; /* weak */
    GtkAdjustment *hadj, *vadj;
    fold_table *table;
    FoldListModel *model; /* a reference when attached through a model */

    FoldTextSource text; /* the rows' texts */

    int lines;
    GtkBorder padding;
    int text_width; /* the width the engine's heights were measured at; 0: none yet */
    guint idle;
};

/* The widget's width minus the horizontal padding; 0 without a widget. */
G_GNUC_INTERNAL int fold_text_heights_live_width(FoldTextHeights *self);

/* The engine's FOLD_HEIGHT_ROW and FOLD_HEIGHT_EXPANDED providers
 * (user_data: the FoldTextHeights), installed by fold_text_heights_attach(). */
G_GNUC_INTERNAL int fold_text_heights_provide_row(fold_table *table, fold_section_id section,
                                                  const char *key, int64_t row,
                                                  double *out_height, void *user_data);
G_GNUC_INTERNAL int fold_text_heights_provide_expanded(fold_table *table,
                                                       fold_section_id section,
                                                       const char *key, int64_t row,
                                                       double *out_height, void *user_data);

G_END_DECLS

#endif /* FOLD_TEXT_HEIGHTS_PRIVATE_H */
