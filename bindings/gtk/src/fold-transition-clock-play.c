/*
 * fold-transition-clock-play.c — how FoldTransitionClock plays: the table's
 * change listener, the widget's tick callback, the frames. See
 * fold-transition-clock.h.
 *
 * The engine builds a transition for each change set before it tells the
 * change listeners, so the clock's listener reads fold_table_transition_info
 * and starts when its serial is new. Each tick: the linear time fraction,
 * eased; the table told the eased value; the frame at it recomputed.
 */
#include "fold-transition-clock-private.h"

/* Ease-out cubic: fast at first, settling at the end; exact at 0 and 1. */
static double
ease_out_cubic(double t)
{
    double u = 1 - t;
    return 1 - u * u * u;
}

/* The duration to play: 0 when the display's settings turn animations off. */
static guint
effective_duration(FoldTransitionClock *self)
{
    if (!self->widget || self->duration == 0)
        return 0;
    gboolean enabled = TRUE;
    g_object_get(gtk_widget_get_settings(self->widget), "gtk-enable-animations", &enabled, NULL);
    return enabled ? self->duration : 0;
}

/* Reads the current transition's items (FALSE: none, or the engine has
 * none any more). */
static gboolean
read_items(FoldTransitionClock *self)
{
    int64_t written = 0, total = 0;
    if (fold_table_transition_items(self->table, NULL, 0, &written, &total) != FOLD_OK ||
        total <= 0 || total > G_MAXUINT)
        total = 0;
    g_array_set_size(self->items, (guint)total);
    if (total > 0 &&
        fold_table_transition_items(self->table, (fold_transition_item *)self->items->data,
                                    total, &written, NULL) != FOLD_OK)
        written = 0;
    g_array_set_size(self->items, (guint)MAX(written, 0));
    return self->items->len > 0;
}

/* Moves to eased progress `t`: the table is told (so a change that arrives
 * now starts from what is drawn) and the frame recomputed. FALSE when the
 * engine has no transition any more (turned off meanwhile). */
static gboolean
set_progress(FoldTransitionClock *self, double t)
{
    self->progress = t;
    self->info.progress = t;
    g_array_set_size(self->frame, self->items->len);
    int64_t written = 0;
    if (self->items->len == 0 ||
        fold_table_set_transition_progress(self->table, t) != FOLD_OK ||
        fold_table_transition_frame(self->table, t, (fold_frame_item *)self->frame->data,
                                    self->frame->len, &written, NULL) != FOLD_OK) {
        g_array_set_size(self->frame, 0);
        return FALSE;
    }
    g_array_set_size(self->frame, (guint)written);
    return TRUE;
}

static void
remove_tick(FoldTransitionClock *self)
{
    if (self->tick_id && self->widget)
        gtk_widget_remove_tick_callback(self->widget, self->tick_id);
    self->tick_id = 0;
}

static void
set_running(FoldTransitionClock *self, gboolean running)
{
    if (self->running == running)
        return;
    self->running = running;
    g_object_notify_by_pspec(G_OBJECT(self), fold_transition_clock_running_pspec);
}

/* At the end (or cut short): progress 1, the frame at the rects after. */
static void
finish(FoldTransitionClock *self)
{
    remove_tick(self);
    if (self->items->len > 0)
        set_progress(self, 1);
    self->progress = 1;
    set_running(self, FALSE);
    g_signal_emit(self, fold_transition_clock_signals[FOLD_TRANSITION_CLOCK_FINISHED], 0);
}

static gboolean
on_tick(GtkWidget *widget, GdkFrameClock *frame_clock, gpointer data)
{
    (void)widget;
    FoldTransitionClock *self = data;
    gint64 now = gdk_frame_clock_get_frame_time(frame_clock);
    if (self->start_time < 0)
        self->start_time = now;
    guint duration = effective_duration(self);
    double linear =
        duration ? CLAMP((double)(now - self->start_time) / (duration * 1000.0), 0, 1) : 1;
    if (!set_progress(self, ease_out_cubic(linear))) {
        self->tick_id = 0;
        finish(self);
        return G_SOURCE_REMOVE;
    }
    /* A handler may change the table (a new transition starts: this tick
     * goes on for it) or drop the clock. */
    guint generation = self->generation;
    g_object_ref(self);
    g_signal_emit(self, fold_transition_clock_signals[FOLD_TRANSITION_CLOCK_TICK], 0);
    gboolean keep = self->tick_id != 0;
    if (keep && generation == self->generation && linear >= 1) {
        self->tick_id = 0;
        finish(self);
        keep = FALSE;
    }
    g_object_unref(self);
    return keep ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* A new transition (its serial unseen): play it from 0, or jump to 1 when
 * nothing animates. A change during a running one restarts the clock: the
 * engine made the new one's "before" from the frame at our progress. */
static void
start(FoldTransitionClock *self, const fold_transition_info *info)
{
    self->info = *info;
    self->generation++;
    if (!read_items(self)) {
        g_array_set_size(self->frame, 0);
        if (self->running)
            finish(self);
        return;
    }
    gboolean animate = effective_duration(self) > 0 && gtk_widget_get_mapped(self->widget);
    if (!animate) {
        finish(self);
        return;
    }
    self->start_time = -1;
    set_progress(self, 0);
    if (!self->tick_id)
        self->tick_id = gtk_widget_add_tick_callback(self->widget, on_tick, self, NULL);
    set_running(self, TRUE);
}

/* On the clock's thread, after a change: a transition whose serial is new. */
static void
check(FoldTransitionClock *self)
{
    fold_transition_info info;
    if (fold_table_transition_info(self->table, &info) != FOLD_OK || info.serial == self->serial)
        return;
    self->serial = info.serial;
    start(self, &info);
}

static gboolean
check_later(gpointer data)
{
    Token *token = data;
    if (token->clock)
        check(token->clock);
    return G_SOURCE_REMOVE;
}

static void
token_release(gpointer data)
{
    g_atomic_rc_box_release(data);
}

static void
on_table_changed(fold_table *table, const fold_change_set *changes, void *data)
{
    (void)table;
    (void)changes;
    FoldTransitionClock *self = data;
    if (g_thread_self() == self->owner) {
        check(self);
        return;
    }
    /* Another thread: the clock's thread reads the transition at its next
     * iteration (the token, not the clock, crosses threads). */
    GSource *source = g_idle_source_new();
    g_source_set_priority(source, G_PRIORITY_DEFAULT);
    g_source_set_callback(source, check_later, g_atomic_rc_box_acquire(self->token),
                          token_release);
    g_source_attach(source, self->context);
    g_source_unref(source);
}

static void
on_unmap(GtkWidget *widget, FoldTransitionClock *self)
{
    (void)widget;
    if (self->running)
        finish(self);
}

static void
widget_gone(gpointer data, GObject *where_the_widget_was)
{
    (void)where_the_widget_was;
    FoldTransitionClock *self = data;
    self->widget = NULL; /* its tick callback went with it */
    self->tick_id = 0;
    self->unmap_handler = 0;
    if (self->running)
        finish(self);
}

/* Follows the widget (unmapped, finalized) and the table's changes, with
 * transitions on (constructed). */
void
fold_transition_clock_follow(FoldTransitionClock *self)
{
    g_object_weak_ref(G_OBJECT(self->widget), widget_gone, self);
    self->unmap_handler = g_signal_connect(self->widget, "unmap", G_CALLBACK(on_unmap), self);
    /* The current transition, if any, is not ours to play. */
    fold_transition_info info;
    if (fold_table_set_transitions(self->table, 1) != FOLD_OK ||
        fold_table_transition_info(self->table, &info) != FOLD_OK ||
        fold_table_add_change_listener(self->table, on_table_changed, self, &self->listener) !=
            FOLD_OK) {
        g_critical("FoldTransitionClock: cannot follow the store's table: %s",
                   fold_last_error_message());
        return;
    }
    self->serial = info.serial;
    self->listening = TRUE;
}

/* Stops following (dispose): the listener removed, the table at rest. */
void
fold_transition_clock_unfollow(FoldTransitionClock *self)
{
    if (self->listening) {
        /* Once it returns, the listener runs no more, on any thread. */
        fold_table_remove_listener(self->table, self->listener);
        self->listening = FALSE;
    }
    self->token->clock = NULL;
    if (self->running && self->table)
        fold_table_set_transition_progress(self->table, 1); /* the table at rest */
    self->running = FALSE;
    remove_tick(self);
    if (self->widget) {
        g_clear_signal_handler(&self->unmap_handler, self->widget);
        g_object_weak_unref(G_OBJECT(self->widget), widget_gone, self);
        self->widget = NULL;
    }
}
