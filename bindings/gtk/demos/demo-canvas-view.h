/* FoldCanvas (demo-canvas): a GtkWidget implementing GtkScrollable that
 * draws a fold_table itself, asking only for what it shows
 * (fold_table_visible_items, fold_table_sticky_headers); its scrollbar's
 * range is fold_table_content_height, and the engine anchors the view
 * (fold_table_set_viewport, each change set's anchored_offset). Clicks
 * collapse or expand a section (also from a stuck header) or expand a row
 * to EXPAND_FACTOR times its height; hover tints a row. Headers show
 * FoldExpander's chevron; texts are centred in their rows; a bar as long
 * as each row is tall shows the heights when asked (off by default).
 * Keyboard (demo-view-keys.c): the engine's keyboard model; a click sets
 * the engine's focus; the focused item has a focus ring while the canvas
 * has GTK's focus, selected items the selection's tint.
 * Changes animate (FoldTransitionClock): while a transition runs, the canvas
 * draws its frame (the items of the transition at the frame's rects) instead
 * of the visible items (demo-canvas-draw.c). */
#ifndef FOLDTABLE_GTK_DEMO_CANVAS_VIEW_H
#define FOLDTABLE_GTK_DEMO_CANVAS_VIEW_H

#include <foldtable-gtk.h>
#include <gtk/gtk.h>

#define EXPAND_FACTOR 2.5

#define FOLD_TYPE_CANVAS (fold_canvas_get_type())
G_DECLARE_FINAL_TYPE(FoldCanvas, fold_canvas, FOLD, CANVAS, GtkWidget)

/* In the header: the demo's self-test reads what the last frame drew. */
struct _FoldCanvas {
    GtkWidget parent_instance;
    FoldStore *store;  /* a reference */
    fold_table *table; /* the store's */
    FoldTransitionClock *clock;
    GtkAdjustment *hadj, *vadj;
    GtkScrollablePolicy hpolicy, vpolicy;
    fold_visible_item *items;
    int64_t capacity;
    gboolean show_heights; /* a bar per row, as long as the row is tall */
    /* what the last frame drew */
    int64_t drawn_first, drawn_count, drawn_sticky_first, drawn_sticky_count;
    int64_t drawn_rows, drawn_chevrons, drawn_bars, drawn_focus;
    double drawn_off_centre; /* the largest distance of a row's text from its middle */
    /* while a transition ran: its frame's progress, the shift applied to
     * the frame's tops (offset_after - the scroll offset), items drawn */
    gboolean drawn_transition;
    double drawn_progress, drawn_shift;
    int64_t drawn_transition_items;
    int64_t hover; /* the item under the pointer, -1: none */
    GtkEventController *motion;
    double drawn_offset, query_us;
    guint frames;
    GtkWidget *status; /* a label told about each frame; NULL: none */
    guint status_idle;
    int64_t listener;
    guint anchored; /* change sets that moved the viewport */
};

/* A canvas over the store's table (a reference on the store), its changes
 * animated by a FoldTransitionClock (self->clock). */
GtkWidget *fold_canvas_new(FoldStore *store);

/* What a click on the item at `position` does: FOLD_ACTIVATED_*. */
int32_t fold_canvas_activate(FoldCanvas *self, int64_t position);

/* Shows or hides the height bars (redrawn). */
void fold_canvas_set_show_heights(FoldCanvas *self, gboolean show);

/* Collapses or expands `section`; TRUE if it changed. */
gboolean fold_canvas_toggle_section(FoldCanvas *self, fold_section_id section);

/* A click on the item at `position` (from fold_canvas_hit): a stuck header
 * whose section collapses is then put at the top, where it was clicked. */
int32_t fold_canvas_click(FoldCanvas *self, int64_t position);

/* The item under viewport point y (a sticky header if one is drawn there),
 * or -1. */
int64_t fold_canvas_hit(FoldCanvas *self, double y);

/* A key as the canvas's key controller takes it (the engine's keyboard
 * model; Enter clicks the focused item): TRUE if handled. */
gboolean fold_canvas_press_key(FoldCanvas *self, guint keyval, GdkModifierType state);

#endif
