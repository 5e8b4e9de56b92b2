/*
 * fold-transition-clock.h — FoldTransitionClock: plays the engine's
 * transitions (animated changes, "Transitions" in foldtable.h) on a
 * widget's frame clock, for views that draw their items themselves.
 * What it does and how to use it: the FoldTransitionClock comment below.
 */
#ifndef FOLD_TRANSITION_CLOCK_H
#define FOLD_TRANSITION_CLOCK_H

#include <gtk/gtk.h>

#include "foldtable-gtk.h"

G_BEGIN_DECLS

/* (fold-store.h defines it; declared here too for the umbrella header's
 * order: fold-store.h includes it before its own definitions.) */
typedef struct _FoldStore FoldStore;

/**
 * FoldTransitionClock:
 *
 * Plays the engine's transitions on a widget's frame clock: after each
 * change of the store's table, the items drawn in the viewport before or
 * after it slide, grow, shrink and fold from their rects before to their
 * rects after, over #FoldTransitionClock:duration milliseconds, eased
 * (ease-out cubic).
 *
 * fold_transition_clock_new() turns transitions on for the store's table
 * (fold_table_set_transitions()); the view must tell the table its
 * viewport (fold_store_set_viewport() or fold_table_set_viewport()), since
 * transitions are built for a viewport. After a change that built a
 * transition the clock runs: at each frame of the widget's frame clock it
 * computes the frame (fold_table_transition_frame()) and emits
 * #FoldTransitionClock::tick, on which the view queues a draw; at the end
 * #FoldTransitionClock::finished.
 *
 * ```c
 * clock = fold_transition_clock_new(store, view);
 * g_signal_connect_swapped(clock, "tick", G_CALLBACK(gtk_widget_queue_draw), view);
 * g_signal_connect_swapped(clock, "finished", G_CALLBACK(gtk_widget_queue_draw), view);
 *
 * // in the view's snapshot:
 * if (fold_transition_clock_is_running(clock)) {
 *     gsize n;
 *     const fold_transition_item *items = fold_transition_clock_get_items(clock, &n);
 *     const fold_frame_item *frame = fold_transition_clock_get_frame(clock, &n);
 *     // draw items[frame[i].index] at y = frame[i].top (+ offset_after, from
 *     // fold_transition_clock_get_info(), - the view's offset: after a
 *     // scroll), frame[i].height tall, only below frame[i].clip_top;
 *     // FOLD_TRANSITION_STUCK_* ones last
 * } else {
 *     // draw fold_table_visible_items() as usual
 * }
 * ```
 *
 * Progress. The frame is at the eased progress, and the clock tells the
 * table that eased progress (fold_table_set_transition_progress()), not
 * the linear time fraction: a change that arrives during a transition
 * starts from where the items are drawn, which is the frame at the eased
 * value. Such a change restarts the clock at 0 for the new transition
 * (whose "before" is that frame).
 *
 * A duration of 0, or the display's #GtkSettings:gtk-enable-animations
 * set to %FALSE, plays no animation: the transition is set to progress 1
 * at once and #FoldTransitionClock::finished is emitted inside the change
 * (the table is read-only there). So is a transition that starts while the
 * widget is not mapped; one whose widget is unmapped while it runs
 * finishes then.
 *
 * Thread safety: use it on the thread that made it (the GTK main thread).
 * A change made on another thread is noticed there through the main
 * context, at the next iteration.
 */
#define FOLD_TYPE_TRANSITION_CLOCK (fold_transition_clock_get_type())
G_DECLARE_FINAL_TYPE(FoldTransitionClock, fold_transition_clock, FOLD, TRANSITION_CLOCK, GObject)

/* The default #FoldTransitionClock:duration, in milliseconds. */
#define FOLD_TRANSITION_CLOCK_DEFAULT_DURATION 250

FoldTransitionClock *fold_transition_clock_new(FoldStore *store, GtkWidget *widget);

FoldStore *fold_transition_clock_get_store(FoldTransitionClock *self);
GtkWidget *fold_transition_clock_get_widget(FoldTransitionClock *self);

void fold_transition_clock_set_duration(FoldTransitionClock *self, guint ms);
guint fold_transition_clock_get_duration(FoldTransitionClock *self);

gboolean fold_transition_clock_is_running(FoldTransitionClock *self);
double fold_transition_clock_get_progress(FoldTransitionClock *self);

const fold_transition_item *fold_transition_clock_get_items(FoldTransitionClock *self, gsize *n);
const fold_frame_item *fold_transition_clock_get_frame(FoldTransitionClock *self, gsize *n);
gboolean fold_transition_clock_get_info(FoldTransitionClock *self, fold_transition_info *out_info);

G_END_DECLS

#endif /* FOLD_TRANSITION_CLOCK_H */
