/*
 * fold-transition-clock.c — FoldTransitionClock: the engine's transitions
 * played on a widget's frame clock. See fold-transition-clock.h. This file:
 * the type, its properties, signals and public API; how it plays (the
 * listener, the ticks, the frames): fold-transition-clock-play.c.
 */
#include "fold-transition-clock-private.h"

#include <string.h>

enum { PROP_0, PROP_STORE, PROP_WIDGET, PROP_DURATION, PROP_RUNNING, N_PROPS };
static GParamSpec *props[N_PROPS];

guint fold_transition_clock_signals[FOLD_TRANSITION_CLOCK_N_SIGNALS];
GParamSpec *fold_transition_clock_running_pspec;

G_DEFINE_FINAL_TYPE(FoldTransitionClock, fold_transition_clock, G_TYPE_OBJECT)

static void
fold_transition_clock_constructed(GObject *object)
{
    FoldTransitionClock *self = FOLD_TRANSITION_CLOCK(object);
    G_OBJECT_CLASS(fold_transition_clock_parent_class)->constructed(object);
    self->table = self->store ? fold_store_get_table(self->store) : NULL;
    if (!self->table || !self->widget) {
        g_critical("FoldTransitionClock: made without a store or a widget");
        return;
    }
    fold_transition_clock_follow(self);
}

static void
fold_transition_clock_dispose(GObject *object)
{
    FoldTransitionClock *self = FOLD_TRANSITION_CLOCK(object);
    fold_transition_clock_unfollow(self);
    g_clear_object(&self->store);
    self->table = NULL;
    G_OBJECT_CLASS(fold_transition_clock_parent_class)->dispose(object);
}

static void
fold_transition_clock_finalize(GObject *object)
{
    FoldTransitionClock *self = FOLD_TRANSITION_CLOCK(object);
    g_atomic_rc_box_release(self->token);
    g_main_context_unref(self->context);
    g_array_unref(self->items);
    g_array_unref(self->frame);
    G_OBJECT_CLASS(fold_transition_clock_parent_class)->finalize(object);
}

static void
fold_transition_clock_set_property(GObject *object, guint id, const GValue *value,
                                   GParamSpec *pspec)
{
    FoldTransitionClock *self = FOLD_TRANSITION_CLOCK(object);
    switch (id) {
    case PROP_STORE:
        self->store = g_value_dup_object(value);
        break;
    case PROP_WIDGET:
        self->widget = g_value_get_object(value);
        break;
    case PROP_DURATION:
        fold_transition_clock_set_duration(self, g_value_get_uint(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_transition_clock_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldTransitionClock *self = FOLD_TRANSITION_CLOCK(object);
    switch (id) {
    case PROP_STORE:
        g_value_set_object(value, self->store);
        break;
    case PROP_WIDGET:
        g_value_set_object(value, self->widget);
        break;
    case PROP_DURATION:
        g_value_set_uint(value, self->duration);
        break;
    case PROP_RUNNING:
        g_value_set_boolean(value, self->running);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_transition_clock_class_init(FoldTransitionClockClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->constructed = fold_transition_clock_constructed;
    object_class->dispose = fold_transition_clock_dispose;
    object_class->finalize = fold_transition_clock_finalize;
    object_class->set_property = fold_transition_clock_set_property;
    object_class->get_property = fold_transition_clock_get_property;
    const GParamFlags construct =
        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS;
    /**
     * FoldTransitionClock:store:
     *
     * The store whose table's transitions the clock plays (construct-only).
     */
    props[PROP_STORE] =
        g_param_spec_object("store", NULL, NULL, FOLD_TYPE_STORE, construct);
    /**
     * FoldTransitionClock:widget:
     *
     * The widget whose frame clock drives the transitions, usually the view
     * that draws them (construct-only; not referenced: when it is
     * finalized, a running transition finishes).
     */
    props[PROP_WIDGET] =
        g_param_spec_object("widget", NULL, NULL, GTK_TYPE_WIDGET, construct);
    /**
     * FoldTransitionClock:duration:
     *
     * How long a transition plays, in milliseconds (default 250); 0 plays
     * none. A change applies from the next frame.
     */
    props[PROP_DURATION] = g_param_spec_uint(
        "duration", NULL, NULL, 0, 60000, FOLD_TRANSITION_CLOCK_DEFAULT_DURATION,
        G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * FoldTransitionClock:running:
     *
     * Whether a transition is playing (see fold_transition_clock_is_running()).
     */
    props[PROP_RUNNING] = g_param_spec_boolean(
        "running", NULL, NULL, FALSE,
        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, props);
    fold_transition_clock_running_pspec = props[PROP_RUNNING];
    /**
     * FoldTransitionClock::tick:
     * @clock: the clock
     *
     * Emitted at each frame while a transition plays, after the frame was
     * recomputed (fold_transition_clock_get_frame()): queue a draw. Also at
     * the last frame, just before #FoldTransitionClock::finished. A handler
     * may change the store (a new transition then starts).
     */
    GType type = G_TYPE_FROM_CLASS(klass);
    fold_transition_clock_signals[FOLD_TRANSITION_CLOCK_TICK] = g_signal_new(
        "tick", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
    /**
     * FoldTransitionClock::finished:
     * @clock: the clock
     *
     * Emitted when a transition has reached progress 1 (its items are at
     * their rects after), was cut short (the widget unmapped or gone,
     * transitions turned off), or played no animation (see
     * #FoldTransitionClock:duration): draw the table at rest. Not emitted
     * for a transition that a new change restarted.
     */
    fold_transition_clock_signals[FOLD_TRANSITION_CLOCK_FINISHED] = g_signal_new(
        "finished", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
fold_transition_clock_init(FoldTransitionClock *self)
{
    self->duration = FOLD_TRANSITION_CLOCK_DEFAULT_DURATION;
    self->owner = g_thread_self();
    self->context = g_main_context_ref_thread_default();
    self->token = g_atomic_rc_box_new0(Token);
    self->token->clock = self;
    self->items = g_array_new(FALSE, FALSE, sizeof(fold_transition_item));
    self->frame = g_array_new(FALSE, FALSE, sizeof(fold_frame_item));
    self->start_time = -1;
    self->progress = 1;
}

/**
 * fold_transition_clock_new:
 * @store: the store whose changes to animate
 * @widget: the widget whose frame clock drives them (the view)
 *
 * A clock that plays the transitions of @store's table on @widget's frame
 * clock; it turns transitions on for the table (fold_store_set_transitions())
 * and keeps a reference on @store, none on @widget. Cost: O(1).
 *
 * Returns: (transfer full): a new clock
 */
FoldTransitionClock *
fold_transition_clock_new(FoldStore *store, GtkWidget *widget)
{
    g_return_val_if_fail(FOLD_IS_STORE(store), NULL);
    g_return_val_if_fail(GTK_IS_WIDGET(widget), NULL);
    return g_object_new(FOLD_TYPE_TRANSITION_CLOCK, "store", store, "widget", widget, NULL);
}

/**
 * fold_transition_clock_get_store:
 * @self: a clock
 *
 * Returns: (transfer none): the clock's store
 */
FoldStore *
fold_transition_clock_get_store(FoldTransitionClock *self)
{
    g_return_val_if_fail(FOLD_IS_TRANSITION_CLOCK(self), NULL);
    return self->store;
}

/**
 * fold_transition_clock_get_widget:
 * @self: a clock
 *
 * Returns: (transfer none) (nullable): the clock's widget, %NULL once it
 *   is gone
 */
GtkWidget *
fold_transition_clock_get_widget(FoldTransitionClock *self)
{
    g_return_val_if_fail(FOLD_IS_TRANSITION_CLOCK(self), NULL);
    return self->widget;
}

/**
 * fold_transition_clock_set_duration:
 * @self: a clock
 * @ms: how long a transition plays, in milliseconds; 0: no animation
 *
 * Sets #FoldTransitionClock:duration (at most 60000). A running transition
 * takes it from its next frame. Cost: O(1).
 */
void
fold_transition_clock_set_duration(FoldTransitionClock *self, guint ms)
{
    g_return_if_fail(FOLD_IS_TRANSITION_CLOCK(self));
    ms = MIN(ms, 60000);
    if (self->duration == ms)
        return;
    self->duration = ms;
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_DURATION]);
}

/**
 * fold_transition_clock_get_duration:
 * @self: a clock
 *
 * Returns: #FoldTransitionClock:duration, in milliseconds
 */
guint
fold_transition_clock_get_duration(FoldTransitionClock *self)
{
    g_return_val_if_fail(FOLD_IS_TRANSITION_CLOCK(self), 0);
    return self->duration;
}

/**
 * fold_transition_clock_is_running:
 * @self: a clock
 *
 * Whether a transition is playing: draw from fold_transition_clock_get_frame()
 * while it is, from the table (fold_table_visible_items()) otherwise. Cost: O(1).
 *
 * Returns: %TRUE from the change that started a transition to its last frame
 */
gboolean
fold_transition_clock_is_running(FoldTransitionClock *self)
{
    g_return_val_if_fail(FOLD_IS_TRANSITION_CLOCK(self), FALSE);
    return self->running;
}

/**
 * fold_transition_clock_get_progress:
 * @self: a clock
 *
 * The eased progress of the frame shown (ease-out cubic of the time
 * elapsed over the duration): 0 when a transition starts, 1 at its end
 * and while none runs. The table has the same value
 * (fold_table_set_transition_progress()). Cost: O(1).
 *
 * Returns: the progress, in [0, 1]
 */
double
fold_transition_clock_get_progress(FoldTransitionClock *self)
{
    g_return_val_if_fail(FOLD_IS_TRANSITION_CLOCK(self), 1);
    return self->progress;
}

/**
 * fold_transition_clock_get_items: (skip)
 * @self: a clock
 * @n: (out): the number of items
 *
 * The last transition's items (fold_table_transition_items()), read when
 * it started; owned by the clock, valid until the next transition starts
 * or the clock is finalized. Cost: O(1).
 *
 * Returns: (nullable): the items; %NULL (*@n 0) when there are none
 */
const fold_transition_item *
fold_transition_clock_get_items(FoldTransitionClock *self, gsize *n)
{
    g_return_val_if_fail(FOLD_IS_TRANSITION_CLOCK(self), NULL);
    if (n)
        *n = self->items->len;
    return self->items->len ? (const fold_transition_item *)self->items->data : NULL;
}

/**
 * fold_transition_clock_get_frame: (skip)
 * @self: a clock
 * @n: (out): the number of entries
 *
 * Where the last transition's items are drawn at the current progress
 * (fold_table_transition_frame() at fold_transition_clock_get_progress()),
 * one entry per item in the items' order; recomputed at each tick, at 1
 * when it finished. Owned by the clock, valid until the next tick or
 * transition. Cost: O(1).
 *
 * Returns: (nullable): the frame; %NULL (*@n 0) when there is none
 */
const fold_frame_item *
fold_transition_clock_get_frame(FoldTransitionClock *self, gsize *n)
{
    g_return_val_if_fail(FOLD_IS_TRANSITION_CLOCK(self), NULL);
    if (n)
        *n = self->frame->len;
    return self->frame->len ? (const fold_frame_item *)self->frame->data : NULL;
}

/**
 * fold_transition_clock_get_info: (skip)
 * @self: a clock
 * @out_info: (out caller-allocates): the last transition's offsets and heights
 *
 * The last transition's fold_transition_info as read when it started,
 * with its progress the clock's (a view that scrolled since draws frame
 * tops shifted by offset_after less its offset). Cost: O(1).
 *
 * Returns: %TRUE if there is one (item_count > 0); otherwise *@out_info
 *   is zeroed
 */
gboolean
fold_transition_clock_get_info(FoldTransitionClock *self, fold_transition_info *out_info)
{
    g_return_val_if_fail(FOLD_IS_TRANSITION_CLOCK(self), FALSE);
    g_return_val_if_fail(out_info != NULL, FALSE);
    if (self->items->len == 0) {
        memset(out_info, 0, sizeof *out_info);
        return FALSE;
    }
    *out_info = self->info;
    return TRUE;
}
