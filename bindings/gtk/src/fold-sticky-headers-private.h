/*
 * fold-sticky-headers-private.h — FoldStickyHeaders' fields and what its two
 * files share (not installed): fold-sticky-headers.c (type, properties,
 * what it follows, public API) and fold-sticky-headers-layout.c (default
 * factory, slots, layout, drawing).
 */
#ifndef FOLD_STICKY_HEADERS_PRIVATE_H
#define FOLD_STICKY_HEADERS_PRIVATE_H

#include "fold-sticky-headers.h"
#include "fold-private.h"

G_BEGIN_DECLS

struct _FoldStickyHeaders {
    GtkWidget parent_instance;

    GtkWidget *child;
    GtkListView *list_view;      /* set explicitly (ref) */
    FoldListModel *model;        /* set explicitly (ref) */
    GtkListItemFactory *factory; /* set explicitly (ref) */
    GtkListItemFactory *default_factory;

    /* What the signals are connected to (refs), resolved at each layout. */
    GtkWidget *watched_child;
    GtkListView *watched_list;
    FoldListModel *watched_model;
    GtkAdjustment *watched_vadj;

    GPtrArray *slots;  /* GtkListView*, owned as children */
    GArray *headers;   /* fold_sticky_header: the stack shown */
    double offset;     /* the adjustment value the stack was computed at */
    graphene_rect_t viewport; /* the list's bounds, in our coordinates */

    /* After a click: the offset that keeps the header in place, applied
     * again after the list's next layout if the list moved away from it. */
    gboolean pending;
    double pending_offset;
    int pressed_slot;
};

/* fold-sticky-headers.c: connects to whatever the stack depends on (cheap
 * when nothing changed); sets how many headers are shown (notifies
 * n-headers when it changes). */
G_GNUC_INTERNAL void fold_sticky_headers_watch(FoldStickyHeaders *self);
G_GNUC_INTERNAL void fold_sticky_headers_set_n_shown(FoldStickyHeaders *self, guint n);

/* fold-sticky-headers-layout.c: the GtkWidget vfuncs. */
G_GNUC_INTERNAL void fold_sticky_headers_size_allocate(GtkWidget *widget, int width, int height,
                                                       int baseline);
G_GNUC_INTERNAL void fold_sticky_headers_measure(GtkWidget *widget, GtkOrientation orientation,
                                                 int for_size, int *minimum, int *natural,
                                                 int *minimum_baseline, int *natural_baseline);
G_GNUC_INTERNAL void fold_sticky_headers_snapshot(GtkWidget *widget, GtkSnapshot *snapshot);

G_END_DECLS

#endif /* FOLD_STICKY_HEADERS_PRIVATE_H */
