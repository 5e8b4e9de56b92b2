/*
 * fold-transition-clock-private.h — FoldTransitionClock's fields and what
 * its two files share (not installed): fold-transition-clock.c (type,
 * properties, public API) and fold-transition-clock-play.c (listening,
 * ticks, frames).
 */
#ifndef FOLD_TRANSITION_CLOCK_PRIVATE_H
#define FOLD_TRANSITION_CLOCK_PRIVATE_H

#include "fold-transition-clock.h"
#include "fold-store-private.h"

G_BEGIN_DECLS

/* What a listener on another thread hands to the clock's thread: the
 * clock, cleared at dispose (on the clock's thread, where it is read). */
typedef struct {
    FoldTransitionClock *clock;
} Token;

struct _FoldTransitionClock {
    GObject parent_instance;
    FoldStore *store;   /* a reference */
    fold_table *table;  /* the store's */
    GtkWidget *widget;  /* not a reference: cleared when it is finalized */
    gulong unmap_handler;
    guint duration;     /* ms */
    int64_t listener;
    gboolean listening;
    GThread *owner;
    GMainContext *context; /* the owner's, for changes made on other threads */
    Token *token;          /* g_atomic_rc_box */
    uint64_t serial;       /* of the transition last read */
    fold_transition_info info;
    GArray *items;         /* fold_transition_item */
    GArray *frame;         /* fold_frame_item, at `progress` */
    gboolean running;
    guint tick_id;
    gint64 start_time;     /* frame time of its first tick (µs); -1 before it */
    guint generation;      /* +1 for each transition started */
    double progress;       /* eased; what the frame and the table have */
};

/* Its signals (class_init) and the running property's pspec. */
enum {
    FOLD_TRANSITION_CLOCK_TICK,
    FOLD_TRANSITION_CLOCK_FINISHED,
    FOLD_TRANSITION_CLOCK_N_SIGNALS
};
G_GNUC_INTERNAL extern guint fold_transition_clock_signals[FOLD_TRANSITION_CLOCK_N_SIGNALS];
G_GNUC_INTERNAL extern GParamSpec *fold_transition_clock_running_pspec;

/* fold-transition-clock-play.c: follows the widget and the table's changes
 * with transitions on (constructed); stops, leaving the table at rest
 * (dispose). */
G_GNUC_INTERNAL void fold_transition_clock_follow(FoldTransitionClock *self);
G_GNUC_INTERNAL void fold_transition_clock_unfollow(FoldTransitionClock *self);

G_END_DECLS

#endif /* FOLD_TRANSITION_CLOCK_PRIVATE_H */
