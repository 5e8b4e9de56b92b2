/* The log demo's view (demo-log.c): a GtkDrawingArea (cairo) next to a
 * GtkScrollbar over a FoldStore's table of runs (sections) of log lines
 * (rows), drawn from the engine's queries (fold_table_visible_items,
 * fold_table_sticky_headers); each change set's anchored_offset becomes the
 * scroll position (demo-viewport.c), so the engine decides whether it
 * follows the end or keeps the first visible line. Changes animate: while
 * its FoldTransitionClock runs, the view draws the transition's frame
 * instead (new lines grow in at the bottom while the lines above slide up,
 * a run's lines fold under its header). A run's header shows
 * FoldExpander's chevron. Also the lines themselves: level, message and
 * stack trace follow from (run, line). */
#ifndef FOLDTABLE_GTK_DEMO_LOG_VIEW_H
#define FOLDTABLE_GTK_DEMO_LOG_VIEW_H

#include "fold-store.h"
#include "fold-transition-clock.h"

#include <foldtable.h>
#include <gtk/gtk.h>
#include <stdint.h>

#define LINE_HEIGHT 22.0

/* In the header: the demo's self-test reads what the last frame drew.
 * The view draws with cairo from the engine's queries; the scrollbar's
 * adjustment is the scroll position. The engine decides where it goes after
 * each change (on_table_changed); the user moves it with the scrollbar or
 * the wheel, and the engine is told (fold_table_set_viewport). */
/* An item the last frame drew: its position after the change (-1: one
 * that disappears), where and how tall (view coordinates), drawn only
 * below clip (0: nothing clipped it but the view's top). */
typedef struct {
    int64_t position;
    double y, height, clip;
} LogDrawn;

typedef struct {
    fold_table *table;
    FoldTransitionClock *clock; /* plays the engine's transitions */
    GtkWidget *area, *scrollbar;
    GtkAdjustment *vadj;
    fold_visible_item *items;
    int64_t capacity, listener;
    /* what the last frame drew */
    double drawn_offset;
    int64_t drawn_last;
    int drawn_chevrons; /* the runs' headers' chevrons (FoldExpander's icon) */
    gboolean drawn_transition; /* drawn from the clock's frame, at drawn_progress */
    double drawn_progress;
    GArray *drawn; /* LogDrawn, in drawing order */
    guint frames;
    /* called after every change set and scroll, to update the status line */
    void (*changed)(gpointer data);
    gpointer changed_data;
} LogView;

/* The height of line `line` of run `run`: 22 pt, a stack trace 16 pt more
 * per frame (integer heights: exact sums). */
double log_line_height(int64_t run, int64_t line);

/* The view's widgets over the store's table in a horizontal box; its change
 * listener goes on the table, and its FoldTransitionClock turns the
 * table's transitions on. */
GtkWidget *log_view_build(LogView *v, FoldStore *store);

/* Before the store goes: no more calls into the view, the clock dropped. */
void log_view_detach(LogView *v);

/* Whether the view shows the end: what the engine asks before a change. */
gboolean log_view_at_end(LogView *v);

void log_view_jump_to_end(LogView *v);

/* What the last frame drew at `position` (after the change), or NULL. */
const LogDrawn *log_view_drawn_at(LogView *v, int64_t position);

#endif
