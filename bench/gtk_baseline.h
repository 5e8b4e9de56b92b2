/*
 * gtk_baseline.h — the GtkTreeListModel baseline of foldbench, kept in its
 * own translation unit so foldbench.c stays strict C99 against foldtable.h
 * alone and builds without GTK. Compiled only when pkg-config finds gtk4
 * (FOLDBENCH_HAVE_GTK).
 */
#ifndef FOLDBENCH_GTK_BASELINE_H
#define FOLDBENCH_GTK_BASELINE_H

#include <stdint.h>

typedef struct gtkb gtkb;

/* The GTK version compiled against ("4.8.3"); static. */
const char *gtkb_version(void);

/* A GtkTreeListModel over a root GListStore holding one item whose children
 * are a GListStore of n GObject items; the root row is expanded, so the
 * model has n + 1 items. NULL on failure. */
gtkb *gtkb_build(int64_t n);

/* Collapses (expanded = 0) or expands the root row
 * (gtk_tree_list_row_set_expanded). */
void gtkb_set_expanded(gtkb *b, int expanded);

/* g_list_model_get_item() on the tree list model, then unrefs the item;
 * returns nonzero if an item was there. */
int gtkb_get_item(gtkb *b, int64_t position);

/* g_list_model_get_n_items() of the tree list model. */
int64_t gtkb_n_items(gtkb *b);

void gtkb_free(gtkb *b);

#endif
