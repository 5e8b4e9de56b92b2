/*
 * fold-transition-clock.c — FoldTransitionClock: the engine's transitions
 * played on a widget's frame clock. See fold-transition-clock.h.
 *
 * The engine builds a transition for each change set before it tells the
 * change listeners, so the clock's listener reads fold_table_transition_info
 * and starts when its serial is new. Each tick: the linear time fraction,
 * eased; the table told the eased value; the frame at it recomputed.
 */
#include "fold-transition-clock.h"
#include "fold-store-private.h"

#include <string.h>

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

enum { PROP_0, PROP_STORE, PROP_WIDGET, PROP_DURATION, PROP_RUNNING, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { SIG_TICK, SIG_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(FoldTransitionClock, fold_transition_clock, G_TYPE_OBJECT)

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
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_RUNNING]);
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
    g_signal_emit(self, signals[SIG_FINISHED], 0);
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
    g_signal_emit(self, signals[SIG_TICK], 0);
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

static void
fold_transition_clock_dispose(GObject *object)
{
    FoldTransitionClock *self = FOLD_TRANSITION_CLOCK(object);
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
    /**
     * FoldTransitionClock::tick:
     * @clock: the clock
     *
     * Emitted at each frame while a transition plays, after the frame was
     * recomputed (fold_transition_clock_get_frame()): queue a draw. Also at
     * the last frame, just before #FoldTransitionClock::finished. A handler
     * may change the store (a new transition then starts).
     */
    signals[SIG_TICK] = g_signal_new("tick", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);
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
    signals[SIG_FINISHED] = g_signal_new("finished", G_TYPE_FROM_CLASS(klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
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
