/*
 * fold-store.c — FoldStore: a GObject owning a fold_table. See fold-store.h.
 *
 * Every method is one engine call; a failure becomes a GError in
 * FOLD_LIST_MODEL_ERROR with the engine's status as the code. The store
 * registers one section and one row listener on its table and re-emits
 * their events as signals; the "will" signals' handlers can refuse.
 */
#include "fold-store.h"
#include "fold-list-item-private.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------------- */
/* Enum and flags types                                                      */
/* ------------------------------------------------------------------------- */

G_STATIC_ASSERT(FOLD_SECTION_FLAGS_COLLAPSED == FOLD_SECTION_COLLAPSED);
G_STATIC_ASSERT(FOLD_SECTION_FLAGS_FIXED == FOLD_SECTION_FIXED);
G_STATIC_ASSERT(FOLD_SECTION_FLAGS_NO_HEADER == FOLD_SECTION_NO_HEADER);
G_STATIC_ASSERT(FOLD_SECTION_FLAGS_COLLAPSIBLE == FOLD_SECTION_COLLAPSIBLE);
G_STATIC_ASSERT(FOLD_SECTION_FLAGS_EXPANDED == FOLD_SECTION_EXPANDED);
G_STATIC_ASSERT(FOLD_ACCORDION_POLICY_SINGLE == FOLD_ACCORDION_SINGLE);
G_STATIC_ASSERT(FOLD_ACCORDION_POLICY_PER_SECTION == FOLD_ACCORDION_PER_SECTION);

GType
fold_section_flags_get_type(void)
{
    static gsize type = 0;
    if (g_once_init_enter(&type)) {
        static const GFlagsValue values[] = {
            {FOLD_SECTION_FLAGS_NONE, "FOLD_SECTION_FLAGS_NONE", "none"},
            {FOLD_SECTION_FLAGS_COLLAPSED, "FOLD_SECTION_FLAGS_COLLAPSED", "collapsed"},
            {FOLD_SECTION_FLAGS_FIXED, "FOLD_SECTION_FLAGS_FIXED", "fixed"},
            {FOLD_SECTION_FLAGS_NO_HEADER, "FOLD_SECTION_FLAGS_NO_HEADER", "no-header"},
            {FOLD_SECTION_FLAGS_COLLAPSIBLE, "FOLD_SECTION_FLAGS_COLLAPSIBLE", "collapsible"},
            {FOLD_SECTION_FLAGS_EXPANDED, "FOLD_SECTION_FLAGS_EXPANDED", "expanded"},
            {0, NULL, NULL},
        };
        g_once_init_leave(&type, g_flags_register_static(g_intern_static_string("FoldSectionFlags"),
                                                         values));
    }
    return type;
}

GType
fold_accordion_policy_get_type(void)
{
    static gsize type = 0;
    if (g_once_init_enter(&type)) {
        static const GEnumValue values[] = {
            {FOLD_ACCORDION_POLICY_MULTIPLE, "FOLD_ACCORDION_POLICY_MULTIPLE", "multiple"},
            {FOLD_ACCORDION_POLICY_SINGLE, "FOLD_ACCORDION_POLICY_SINGLE", "single"},
            {FOLD_ACCORDION_POLICY_PER_SECTION, "FOLD_ACCORDION_POLICY_PER_SECTION",
             "per-section"},
            {0, NULL, NULL},
        };
        g_once_init_leave(&type, g_enum_register_static(
                                     g_intern_static_string("FoldAccordionPolicy"), values));
    }
    return type;
}

/* ------------------------------------------------------------------------- */
/* FoldStore                                                                 */
/* ------------------------------------------------------------------------- */

typedef struct {
    FoldHeightFunc func;
    gpointer data;
    GDestroyNotify destroy;
} HeightFunc;

enum { HEIGHT_ROW, HEIGHT_HEADER, HEIGHT_EXPANDED, N_HEIGHT_FUNCS };

/**
 * FoldStore:
 *
 * A GObject that owns a fold_table (the engine's collapsible, sectioned,
 * variable-height list) and offers the operations a UI needs, with
 * GError for failures and signals for the engine's section and row events.
 * Show it with fold_list_model_new_for_store().
 *
 * Construct it with properties (all optional): #FoldStore:row-height,
 * #FoldStore:header-height, #FoldStore:footer-height,
 * #FoldStore:padding-top, #FoldStore:padding-bottom,
 * #FoldStore:start-collapsed, #FoldStore:accordion,
 * #FoldStore:sticky-levels, #FoldStore:follow-end.
 *
 * Use it from one thread (the GTK main thread).
 */
struct _FoldStore {
    GObject parent_instance;
    fold_table *table;
    fold_table_options options;
    int64_t section_listener;
    int64_t row_listener;
    gboolean listening;
    HeightFunc heights[N_HEIGHT_FUNCS];
    /* Providers being called (depth): a destroy notify for one replaced
     * inside a provider waits until the outermost call has returned. */
    int in_provider;
    GPtrArray *deferred; /* HeightFunc * whose destroy is due */
};

G_DEFINE_FINAL_TYPE(FoldStore, fold_store, G_TYPE_OBJECT)

enum {
    PROP_0,
    PROP_ROW_HEIGHT,
    PROP_HEADER_HEIGHT,
    PROP_FOOTER_HEIGHT,
    PROP_PADDING_TOP,
    PROP_PADDING_BOTTOM,
    PROP_START_COLLAPSED,
    PROP_ACCORDION,
    PROP_STICKY_LEVELS,
    N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
    SIG_SECTION_WILL_COLLAPSE,
    SIG_SECTION_DID_COLLAPSE,
    SIG_SECTION_WILL_EXPAND,
    SIG_SECTION_DID_EXPAND,
    SIG_ROW_WILL_EXPAND,
    SIG_ROW_DID_EXPAND,
    SIG_ROW_WILL_COLLAPSE,
    SIG_ROW_DID_COLLAPSE,
    N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- errors -------------------------------------------------------------- */

/* The table, or NULL with an error (a store whose table could not be made). */
static fold_table *
table_of(FoldStore *store, GError **error)
{
    if (!FOLD_IS_STORE(store)) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                    "FOLD_E_INVALID: not a FoldStore");
        return NULL;
    }
    if (!store->table)
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INTERNAL,
                    "FOLD_E_INTERNAL: the store has no table (fold_table_new failed)");
    return store->table;
}

#define TABLE_OR_FAIL(store, error)                                                           \
    fold_table *table = table_of(store, error);                                               \
    if (!table)                                                                               \
        return FALSE

#define TABLE_OR_NULL(store, error)                                                           \
    fold_table *table = table_of(store, error);                                               \
    if (!table)                                                                               \
        return NULL

static gboolean
too_many(gsize n, GError **error)
{
    g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_RANGE,
                "FOLD_E_RANGE: %" G_GSIZE_FORMAT " heights: more than FOLD_MAX_ROWS", n);
    return FALSE;
}

/* ---- listeners: engine events as signals --------------------------------- */

/* The "will" signals' accumulator: a handler that returns FALSE refuses and
 * stops the emission; the class handler (run last) allows. */
static gboolean
allow_accumulator(GSignalInvocationHint *hint, GValue *return_accu, const GValue *handler_return,
                  gpointer data)
{
    (void)hint;
    (void)data;
    gboolean allow = g_value_get_boolean(handler_return);
    g_value_set_boolean(return_accu, allow);
    return allow;
}

static gboolean
default_allow(FoldStore *store, guint64 section, const char *key)
{
    (void)store;
    (void)section;
    (void)key;
    return TRUE;
}

static gboolean
default_allow_row(FoldStore *store, guint64 section, const char *key, gint64 row)
{
    (void)store;
    (void)section;
    (void)key;
    (void)row;
    return TRUE;
}

static int
on_section_event(fold_table *table, fold_section_id section, const char *key, int32_t event,
                 void *data)
{
    FoldStore *self = data;
    (void)table;
    guint id;
    switch (event) {
    case FOLD_SECTION_WILL_COLLAPSE: id = signals[SIG_SECTION_WILL_COLLAPSE]; break;
    case FOLD_SECTION_DID_COLLAPSE: id = signals[SIG_SECTION_DID_COLLAPSE]; break;
    case FOLD_SECTION_WILL_EXPAND: id = signals[SIG_SECTION_WILL_EXPAND]; break;
    case FOLD_SECTION_DID_EXPAND: id = signals[SIG_SECTION_DID_EXPAND]; break;
    default: return 1;
    }
    if (!g_signal_has_handler_pending(self, id, 0, FALSE))
        return 1;
    if (event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND) {
        gboolean allow = TRUE;
        g_signal_emit(self, id, 0, (guint64)section, key, &allow);
        return allow ? 1 : 0;
    }
    g_signal_emit(self, id, 0, (guint64)section, key);
    return 1;
}

static int
on_row_event(fold_table *table, fold_section_id section, const char *key, int64_t row,
             int32_t event, void *data)
{
    FoldStore *self = data;
    (void)table;
    guint id;
    switch (event) {
    case FOLD_ROW_WILL_EXPAND: id = signals[SIG_ROW_WILL_EXPAND]; break;
    case FOLD_ROW_DID_EXPAND: id = signals[SIG_ROW_DID_EXPAND]; break;
    case FOLD_ROW_WILL_COLLAPSE: id = signals[SIG_ROW_WILL_COLLAPSE]; break;
    case FOLD_ROW_DID_COLLAPSE: id = signals[SIG_ROW_DID_COLLAPSE]; break;
    default: return 1;
    }
    if (!g_signal_has_handler_pending(self, id, 0, FALSE))
        return 1;
    if (event == FOLD_ROW_WILL_EXPAND || event == FOLD_ROW_WILL_COLLAPSE) {
        gboolean allow = TRUE;
        g_signal_emit(self, id, 0, (guint64)section, key, (gint64)row, &allow);
        return allow ? 1 : 0;
    }
    g_signal_emit(self, id, 0, (guint64)section, key, (gint64)row);
    return 1;
}

/* ---- height providers ---------------------------------------------------- */

static int
call_height_func(FoldStore *self, int which, fold_section_id section, const char *key,
                 int64_t row, double *out_height)
{
    HeightFunc *h = &self->heights[which];
    if (!h->func)
        return 0;
    double height = -1;
    self->in_provider++;
    h->func(self, section, key, row, &height, h->data);
    self->in_provider--;
    if (self->in_provider == 0 && self->deferred && self->deferred->len > 0)
        g_ptr_array_set_size(self->deferred, 0); /* runs the due destroy notifies */
    if (!isfinite(height) || height < 0)
        return 0;
    *out_height = height;
    return 1;
}

static int
row_height_cb(fold_table *t, fold_section_id s, const char *k, int64_t r, double *h, void *d)
{
    (void)t;
    return call_height_func(d, HEIGHT_ROW, s, k, r, h);
}

static int
header_height_cb(fold_table *t, fold_section_id s, const char *k, int64_t r, double *h, void *d)
{
    (void)t;
    return call_height_func(d, HEIGHT_HEADER, s, k, r, h);
}

static int
expanded_height_cb(fold_table *t, fold_section_id s, const char *k, int64_t r, double *h,
                   void *d)
{
    (void)t;
    return call_height_func(d, HEIGHT_EXPANDED, s, k, r, h);
}

static void
height_func_free(gpointer p)
{
    HeightFunc *h = p;
    if (h->destroy)
        h->destroy(h->data);
    g_free(h);
}

/* Runs the old function's destroy notify now, or after the outermost
 * provider call when one is running (it may be the one being replaced). */
static void
release_height_func(FoldStore *self, HeightFunc old)
{
    if (!old.destroy)
        return;
    if (self->in_provider > 0) {
        if (!self->deferred)
            self->deferred = g_ptr_array_new_with_free_func(height_func_free);
        g_ptr_array_add(self->deferred, g_memdup2(&old, sizeof old));
    } else {
        old.destroy(old.data);
    }
}

static gboolean
set_height_func(FoldStore *store, int which, FoldHeightFunc func, gpointer user_data,
                GDestroyNotify destroy, GError **error)
{
    static const int32_t engine_which[N_HEIGHT_FUNCS] = {FOLD_HEIGHT_ROW, FOLD_HEIGHT_HEADER,
                                                         FOLD_HEIGHT_EXPANDED};
    static const fold_height_fn trampolines[N_HEIGHT_FUNCS] = {row_height_cb, header_height_cb,
                                                               expanded_height_cb};
    fold_table *table = table_of(store, error);
    if (!table) {
        if (destroy)
            destroy(user_data);
        return FALSE;
    }
    int status = fold_table_set_height_provider(table, engine_which[which],
                                                func ? trampolines[which] : NULL, store);
    if (status != FOLD_OK) {
        if (destroy)
            destroy(user_data);
        return fold_check_status(status, error);
    }
    HeightFunc old = store->heights[which];
    store->heights[which] = (HeightFunc){func, func ? user_data : NULL, func ? destroy : NULL};
    if (!func && destroy)
        destroy(user_data);
    release_height_func(store, old);
    return TRUE;
}

/* ---- lifetime and properties --------------------------------------------- */

static void
fold_store_constructed(GObject *object)
{
    FoldStore *self = FOLD_STORE(object);
    G_OBJECT_CLASS(fold_store_parent_class)->constructed(object);
    int status = fold_table_new(&self->options, &self->table);
    if (status != FOLD_OK) {
        g_critical("FoldStore: cannot make its table: %s: %s", fold_status_name(status),
                   fold_last_error_message());
        self->table = NULL;
        return;
    }
    if (fold_table_add_section_listener(self->table, on_section_event, self,
                                        &self->section_listener) == FOLD_OK &&
        fold_table_add_row_listener(self->table, on_row_event, self, &self->row_listener) ==
            FOLD_OK)
        self->listening = TRUE;
    else
        g_critical("FoldStore: cannot listen to its table: %s", fold_last_error_message());
}

static void
fold_store_dispose(GObject *object)
{
    FoldStore *self = FOLD_STORE(object);
    if (self->table) {
        if (self->listening) {
            fold_table_remove_listener(self->table, self->section_listener);
            fold_table_remove_listener(self->table, self->row_listener);
            self->listening = FALSE;
        }
        for (int i = 0; i < N_HEIGHT_FUNCS; i++)
            if (self->heights[i].func)
                set_height_func(self, i, NULL, NULL, NULL, NULL);
    }
    G_OBJECT_CLASS(fold_store_parent_class)->dispose(object);
}

static void
fold_store_finalize(GObject *object)
{
    FoldStore *self = FOLD_STORE(object);
    fold_table_free(self->table);
    if (self->deferred)
        g_ptr_array_unref(self->deferred);
    G_OBJECT_CLASS(fold_store_parent_class)->finalize(object);
}

/* ---- follow-end (issue 17, helper "follow") ------------------------------ */
/* The follow-end property in one block: its id (after the others), its spec,
 * and what setting it does; fold_store_class_init installs it and
 * fold_store_set_property / _get_property call here. */

enum { PROP_FOLLOW_END = N_PROPS };
static GParamSpec *follow_end_pspec;

static void
follow_end_set(FoldStore *self, const GValue *value)
{
    int32_t follow = g_value_get_boolean(value) ? 1 : 0;
    if (self->options.follow_end == follow)
        return;
    if (self->table && fold_table_set_follow_end(self->table, follow) != FOLD_OK) {
        g_warning("FoldStore:follow-end: %s", fold_last_error_message());
        return;
    }
    self->options.follow_end = follow;
    if (self->table)
        g_object_notify_by_pspec(G_OBJECT(self), follow_end_pspec);
}

static void
follow_end_install(GObjectClass *object_class)
{
    /**
     * FoldStore:follow-end:
     *
     * Stick to the end, for chat and log views: while a viewport is set
     * (fold_store_set_viewport()) and shows the end of the content, every
     * change but expanding or collapsing a section or row moves the
     * viewport to the new end (reported as the change set's
     * anchored_offset); scrolling up stops following, scrolling back to
     * the end resumes it. The engine's follow_end option; see
     * fold_table_set_viewport() in foldtable.h for the exact rule.
     */
    follow_end_pspec = g_param_spec_boolean("follow-end", NULL, NULL, FALSE,
                                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT |
                                                G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_property(object_class, PROP_FOLLOW_END, follow_end_pspec);
}

/* ---- set and get ---------------------------------------------------------- */

static void
fold_store_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    FoldStore *self = FOLD_STORE(object);
    if (G_VALUE_HOLDS_DOUBLE(value) && !isfinite(g_value_get_double(value))) {
        /* GParamSpecDouble's range check lets NaN through. */
        g_warning("FoldStore:%s: %g is not a height; the default is kept", pspec->name,
                  g_value_get_double(value));
        return;
    }
    switch (id) {
    case PROP_ROW_HEIGHT: self->options.row_height = g_value_get_double(value); break;
    case PROP_HEADER_HEIGHT: self->options.header_height = g_value_get_double(value); break;
    case PROP_FOOTER_HEIGHT: self->options.footer_height = g_value_get_double(value); break;
    case PROP_PADDING_TOP: self->options.padding_top = g_value_get_double(value); break;
    case PROP_PADDING_BOTTOM: self->options.padding_bottom = g_value_get_double(value); break;
    case PROP_START_COLLAPSED:
        self->options.start_collapsed = g_value_get_boolean(value) ? 1 : 0;
        break;
    case PROP_ACCORDION: {
        int32_t accordion = g_value_get_enum(value);
        if (self->options.accordion == accordion)
            break;
        if (self->table && fold_table_set_accordion(self->table, accordion) != FOLD_OK) {
            g_warning("FoldStore:accordion: %s", fold_last_error_message());
            break;
        }
        self->options.accordion = accordion;
        if (self->table)
            g_object_notify_by_pspec(object, pspec);
        break;
    }
    case PROP_STICKY_LEVELS: {
        int32_t levels = g_value_get_int(value);
        if (self->options.sticky_levels == levels)
            break;
        if (self->table && fold_table_set_sticky_levels(self->table, levels) != FOLD_OK) {
            g_warning("FoldStore:sticky-levels: %s", fold_last_error_message());
            break;
        }
        self->options.sticky_levels = levels;
        if (self->table)
            g_object_notify_by_pspec(object, pspec);
        break;
    }
    case PROP_FOLLOW_END: follow_end_set(self, value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_store_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldStore *self = FOLD_STORE(object);
    switch (id) {
    case PROP_ROW_HEIGHT: g_value_set_double(value, self->options.row_height); break;
    case PROP_HEADER_HEIGHT: g_value_set_double(value, self->options.header_height); break;
    case PROP_FOOTER_HEIGHT: g_value_set_double(value, self->options.footer_height); break;
    case PROP_PADDING_TOP: g_value_set_double(value, self->options.padding_top); break;
    case PROP_PADDING_BOTTOM: g_value_set_double(value, self->options.padding_bottom); break;
    case PROP_START_COLLAPSED: g_value_set_boolean(value, self->options.start_collapsed); break;
    case PROP_ACCORDION: g_value_set_enum(value, self->options.accordion); break;
    case PROP_STICKY_LEVELS: g_value_set_int(value, self->options.sticky_levels); break;
    case PROP_FOLLOW_END: g_value_set_boolean(value, self->options.follow_end != 0); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_store_class_init(FoldStoreClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->constructed = fold_store_constructed;
    object_class->dispose = fold_store_dispose;
    object_class->finalize = fold_store_finalize;
    object_class->set_property = fold_store_set_property;
    object_class->get_property = fold_store_get_property;

    const GParamFlags construct = G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                                  G_PARAM_STATIC_STRINGS;
    const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS;
    /**
     * FoldStore:row-height:
     *
     * The default row height in points (construct-only; default 44).
     */
    props[PROP_ROW_HEIGHT] =
        g_param_spec_double("row-height", NULL, NULL, 0, FOLD_MAX_HEIGHT, 44, construct);
    /**
     * FoldStore:header-height:
     *
     * The default section header height in points (construct-only; default 28).
     */
    props[PROP_HEADER_HEIGHT] =
        g_param_spec_double("header-height", NULL, NULL, 0, FOLD_MAX_HEIGHT, 28, construct);
    /**
     * FoldStore:footer-height:
     *
     * The default footer height in points; 0 means no footer items
     * (construct-only; default 0).
     */
    props[PROP_FOOTER_HEIGHT] =
        g_param_spec_double("footer-height", NULL, NULL, 0, FOLD_MAX_HEIGHT, 0, construct);
    /**
     * FoldStore:padding-top:
     *
     * Content padding above the first item, in points (construct-only).
     */
    props[PROP_PADDING_TOP] =
        g_param_spec_double("padding-top", NULL, NULL, 0, FOLD_MAX_HEIGHT, 0, construct);
    /**
     * FoldStore:padding-bottom:
     *
     * Content padding below the last item, in points (construct-only).
     */
    props[PROP_PADDING_BOTTOM] =
        g_param_spec_double("padding-bottom", NULL, NULL, 0, FOLD_MAX_HEIGHT, 0, construct);
    /**
     * FoldStore:start-collapsed:
     *
     * New collapsible sections start collapsed (construct-only).
     */
    props[PROP_START_COLLAPSED] =
        g_param_spec_boolean("start-collapsed", NULL, NULL, FALSE, construct);
    /**
     * FoldStore:accordion:
     *
     * How many rows may be expanded at once; applies to later expansions.
     */
    props[PROP_ACCORDION] =
        g_param_spec_enum("accordion", NULL, NULL, FOLD_TYPE_ACCORDION_POLICY,
                          FOLD_ACCORDION_POLICY_MULTIPLE, rw);
    /**
     * FoldStore:sticky-levels:
     *
     * The most header levels that stick at the top; 0 means all.
     */
    props[PROP_STICKY_LEVELS] =
        g_param_spec_int("sticky-levels", NULL, NULL, 0, G_MAXINT32, 0, rw);
    g_object_class_install_properties(object_class, N_PROPS, props);
    follow_end_install(object_class);

    GType type = G_TYPE_FROM_CLASS(klass);
    /**
     * FoldStore::section-will-collapse:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     *
     * Sent before a section collapses, with the table as it was. Handlers
     * may read the store, not change it. A handler that returns %FALSE
     * refuses: the section keeps its state, the call that asked succeeds
     * with nothing changed (changed %FALSE, %FOLD_ACTIVATED_REFUSED), and
     * later handlers are not called.
     *
     * Returns: %TRUE to allow the collapse, %FALSE to refuse it
     */
    signals[SIG_SECTION_WILL_COLLAPSE] = g_signal_new_class_handler(
        "section-will-collapse", type, G_SIGNAL_RUN_LAST, G_CALLBACK(default_allow),
        allow_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 2, G_TYPE_UINT64, G_TYPE_STRING);
    /**
     * FoldStore::section-will-expand:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     *
     * Sent before a section expands; see #FoldStore::section-will-collapse.
     *
     * Returns: %TRUE to allow the expansion, %FALSE to refuse it
     */
    signals[SIG_SECTION_WILL_EXPAND] = g_signal_new_class_handler(
        "section-will-expand", type, G_SIGNAL_RUN_LAST, G_CALLBACK(default_allow),
        allow_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 2, G_TYPE_UINT64, G_TYPE_STRING);
    /**
     * FoldStore::section-did-collapse:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     *
     * Sent after a section collapsed, before the list models hear of it.
     * Handlers may read the store, not change it.
     */
    signals[SIG_SECTION_DID_COLLAPSE] =
        g_signal_new("section-did-collapse", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_UINT64, G_TYPE_STRING);
    /**
     * FoldStore::section-did-expand:
     * @store: the store
     * @section: the section's id
     * @key: the section's key
     *
     * Sent after a section expanded; see #FoldStore::section-did-collapse.
     */
    signals[SIG_SECTION_DID_EXPAND] =
        g_signal_new("section-did-expand", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 2, G_TYPE_UINT64, G_TYPE_STRING);
    /**
     * FoldStore::row-will-expand:
     * @store: the store
     * @section: the row's section
     * @key: the section's key
     * @row: the row's index in its section
     *
     * Sent before a row expands. Returning %FALSE refuses; under an
     * accordion, the rows it would have collapsed stay expanded.
     *
     * Returns: %TRUE to allow, %FALSE to refuse
     */
    signals[SIG_ROW_WILL_EXPAND] = g_signal_new_class_handler(
        "row-will-expand", type, G_SIGNAL_RUN_LAST, G_CALLBACK(default_allow_row),
        allow_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 3, G_TYPE_UINT64, G_TYPE_STRING,
        G_TYPE_INT64);
    /**
     * FoldStore::row-will-collapse:
     * @store: the store
     * @section: the row's section
     * @key: the section's key
     * @row: the row's index in its section
     *
     * Sent before a row collapses (also one an accordion displaces).
     * Returning %FALSE refuses, and then nothing of that call changes.
     *
     * Returns: %TRUE to allow, %FALSE to refuse
     */
    signals[SIG_ROW_WILL_COLLAPSE] = g_signal_new_class_handler(
        "row-will-collapse", type, G_SIGNAL_RUN_LAST, G_CALLBACK(default_allow_row),
        allow_accumulator, NULL, NULL, G_TYPE_BOOLEAN, 3, G_TYPE_UINT64, G_TYPE_STRING,
        G_TYPE_INT64);
    /**
     * FoldStore::row-did-expand:
     * @store: the store
     * @section: the row's section
     * @key: the section's key
     * @row: the row's index in its section
     *
     * Sent after a row expanded.
     */
    signals[SIG_ROW_DID_EXPAND] =
        g_signal_new("row-did-expand", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                     3, G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_INT64);
    /**
     * FoldStore::row-did-collapse:
     * @store: the store
     * @section: the row's section
     * @key: the section's key
     * @row: the row's index in its section
     *
     * Sent after a row collapsed.
     */
    signals[SIG_ROW_DID_COLLAPSE] =
        g_signal_new("row-did-collapse", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 3, G_TYPE_UINT64, G_TYPE_STRING, G_TYPE_INT64);
}

static void
fold_store_init(FoldStore *self)
{
    fold_table_options_init(&self->options);
}

/**
 * fold_store_new:
 *
 * A store with the default options (rows 44 pt, headers 28 pt, no
 * footers). Use g_object_new() with properties for others. Cost: O(1).
 *
 * Returns: (transfer full): a new store
 */
FoldStore *
fold_store_new(void)
{
    return g_object_new(FOLD_TYPE_STORE, NULL);
}

/**
 * fold_store_get_table: (skip)
 * @store: a store
 *
 * The engine's table, owned by the store (valid while the store lives).
 * Calls made on it directly reach the store's signals and its models too.
 *
 * Returns: (transfer none) (nullable): the table
 */
fold_table *
fold_store_get_table(FoldStore *store)
{
    g_return_val_if_fail(FOLD_IS_STORE(store), NULL);
    return store->table;
}

/**
 * fold_list_model_new_for_store:
 * @store: a store
 *
 * A #FoldListModel over the store's table; the model keeps a reference on
 * the store. Cost: O(1).
 *
 * Returns: (transfer full): a new model
 */
FoldListModel *
fold_list_model_new_for_store(FoldStore *store)
{
    g_return_val_if_fail(FOLD_IS_STORE(store), NULL);
    g_return_val_if_fail(store->table != NULL, NULL);
    FoldListModel *model = fold_list_model_new(store->table, NULL);
    /* Released when the model is finalized, after its own finalize (which
     * needs the table) has run. */
    g_object_set_data_full(G_OBJECT(model), "fold-store", g_object_ref(store), g_object_unref);
    return model;
}

/* ---- sections ------------------------------------------------------------ */

/**
 * fold_store_insert_section:
 * @store: a store
 * @parent: the parent section's id, 0 for the top level
 * @index: child index in @parent (rows and subsections counted), -1 for the end
 * @key: the section's key: non-empty, unique in the store
 * @header: (nullable): the header text, "Title" or "Title|Detail"
 * @row_count: how many rows it starts with
 * @flags: COLLAPSED, EXPANDED, FIXED or NO_HEADER
 * @out_id: (out) (optional): the new section's id
 * @error: return location for a #GError
 *
 * Inserts a section. Fails with FOLD_E_DUPLICATE for a key in use,
 * FOLD_E_NOT_FOUND for a stale parent, FOLD_E_RANGE for a bad index.
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_insert_section(FoldStore *store, guint64 parent, gint64 index, const char *key,
                          const char *header, gint64 row_count, FoldSectionFlags flags,
                          guint64 *out_id, GError **error)
{
    TABLE_OR_FAIL(store, error);
    fold_section_id id = 0;
    if (!fold_check_status(fold_table_insert_section(table, parent, index, key, header,
                                                     row_count, (uint32_t)flags, &id),
                           error))
        return FALSE;
    if (out_id)
        *out_id = id;
    return TRUE;
}

/**
 * fold_store_remove_section:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Removes a section with everything inside it; its id and its
 * subsections' become stale. Cost: O(depth * log n) plus the memory freed.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_remove_section(FoldStore *store, guint64 section, GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_remove_section(table, section), error);
}

/**
 * fold_store_move_section:
 * @store: a store
 * @section: the section to move
 * @parent: its new parent, 0 for the top level
 * @index: child index in @parent without the moved section, -1 for the end
 * @error: return location for a #GError
 *
 * Moves a section with its children, states and id. Moving it into its
 * own subtree is FOLD_E_INVALID. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_move_section(FoldStore *store, guint64 section, guint64 parent, gint64 index,
                        GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_move_section(table, section, parent, index), error);
}

/**
 * fold_store_remove_children:
 * @store: a store
 * @parent: a section's id
 * @index: the first child index
 * @count: how many children (rows and subsections)
 * @error: return location for a #GError
 *
 * Removes children @index .. @index + @count - 1 of @parent.
 * Cost: O(depth * log n) plus the memory freed.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_remove_children(FoldStore *store, guint64 parent, gint64 index, gint64 count,
                           GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_remove_children(table, parent, index, count), error);
}

/**
 * fold_store_find_section:
 * @store: a store
 * @key: a section's key
 * @out_id: (out): its id
 * @error: return location for a #GError
 *
 * The id of the section with @key; FOLD_E_NOT_FOUND if none.
 * Cost: O(1) (a hash lookup).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_find_section(FoldStore *store, const char *key, guint64 *out_id, GError **error)
{
    TABLE_OR_FAIL(store, error);
    fold_section_id id = 0;
    if (!fold_check_status(fold_table_find_section(table, key, &id), error))
        return FALSE;
    if (out_id)
        *out_id = id;
    return TRUE;
}

/**
 * fold_store_set_section_header:
 * @store: a store
 * @section: a section's id
 * @header: (nullable): the new header text ("Title|Detail")
 * @error: return location for a #GError
 *
 * Replaces a section's header text; the header is redrawn.
 * Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_section_header(FoldStore *store, guint64 section, const char *header,
                              GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_set_section_header(table, section, header), error);
}

/**
 * fold_store_set_collapsible:
 * @store: a store
 * @section: a section's id
 * @collapsible: %FALSE makes it fixed
 * @error: return location for a #GError
 *
 * Marks a section collapsible or fixed. A collapsed section cannot be made
 * fixed (FOLD_E_NOT_ALLOWED). Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_collapsible(FoldStore *store, guint64 section, gboolean collapsible,
                           GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_set_collapsible(table, section, collapsible ? 1 : 0),
                             error);
}

/* ---- section info -------------------------------------------------------- */

/* One text of a section as a new string. `missing_ok`: a text the section
 * does not have (FOLD_E_NOT_FOUND for a section that exists) is NULL
 * without an error. */
static char *
section_text(FoldStore *store, guint64 section, int32_t which, gboolean missing_ok,
             GError **error)
{
    TABLE_OR_NULL(store, error);
    GError *local = NULL;
    char *text = fold_section_text_dup(table, section, which, &local);
    if (missing_ok && g_error_matches(local, FOLD_LIST_MODEL_ERROR, FOLD_E_NOT_FOUND)) {
        g_clear_error(&local);
        fold_section_info info;
        fold_check_status(fold_table_section_info(table, section, &info), error);
        return NULL;
    }
    if (local)
        g_propagate_error(error, local);
    return text;
}

/**
 * fold_store_get_section_key:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(1) plus the key's length.
 *
 * Returns: (transfer full): the section's key, or %NULL with @error set
 */
char *
fold_store_get_section_key(FoldStore *store, guint64 section, GError **error)
{
    return section_text(store, section, FOLD_TEXT_KEY, FALSE, error);
}

/**
 * fold_store_get_section_header:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(1) plus the text's length.
 *
 * Returns: (transfer full): the whole header text ("Title|Detail"), or
 *   %NULL with @error set
 */
char *
fold_store_get_section_header(FoldStore *store, guint64 section, GError **error)
{
    return section_text(store, section, FOLD_TEXT_HEADER, FALSE, error);
}

/**
 * fold_store_get_section_title:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(1) plus the text's length.
 *
 * Returns: (transfer full): the header text before its first '|' (all of
 *   it without one), or %NULL with @error set
 */
char *
fold_store_get_section_title(FoldStore *store, guint64 section, GError **error)
{
    return section_text(store, section, FOLD_TEXT_TITLE, FALSE, error);
}

/**
 * fold_store_get_section_detail:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(1) plus the text's length (O(depth + log n) without a detail).
 *
 * Returns: (transfer full) (nullable): the header text after its first
 *   '|'; %NULL without an error when it has no '|'
 */
char *
fold_store_get_section_detail(FoldStore *store, guint64 section, GError **error)
{
    return section_text(store, section, FOLD_TEXT_DETAIL, TRUE, error);
}

/**
 * fold_store_get_section_indicator:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(log n).
 *
 * Returns: (transfer full): the indicator its header shows ("+", "–" or
 *   those set with fold_store_set_indicators()), "" for a section that is
 *   not collapsible now; %NULL with @error set
 */
char *
fold_store_get_section_indicator(FoldStore *store, guint64 section, GError **error)
{
    return section_text(store, section, FOLD_TEXT_INDICATOR, FALSE, error);
}

static gboolean
section_info(FoldStore *store, guint64 section, fold_section_info *info, GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_section_info(table, section, info), error);
}

/**
 * fold_store_get_section_flags:
 * @store: a store
 * @section: a section's id
 * @out_flags: (out): COLLAPSED, FIXED, NO_HEADER, COLLAPSIBLE
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_section_flags(FoldStore *store, guint64 section, FoldSectionFlags *out_flags,
                             GError **error)
{
    fold_section_info info;
    if (!section_info(store, section, &info, error))
        return FALSE;
    if (out_flags)
        *out_flags = (FoldSectionFlags)info.flags;
    return TRUE;
}

/**
 * fold_store_get_section_parent:
 * @store: a store
 * @section: a section's id
 * @out_parent: (out): its parent's id, 0 at the top level
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_section_parent(FoldStore *store, guint64 section, guint64 *out_parent,
                              GError **error)
{
    fold_section_info info;
    if (!section_info(store, section, &info, error))
        return FALSE;
    if (out_parent)
        *out_parent = info.parent;
    return TRUE;
}

/**
 * fold_store_get_section_depth:
 * @store: a store
 * @section: a section's id
 * @out_depth: (out): its nesting depth, 0 at the top level
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_section_depth(FoldStore *store, guint64 section, gint *out_depth, GError **error)
{
    fold_section_info info;
    if (!section_info(store, section, &info, error))
        return FALSE;
    if (out_depth)
        *out_depth = info.depth;
    return TRUE;
}

/**
 * fold_store_get_row_count:
 * @store: a store
 * @section: a section's id
 * @out_count: (out): its own rows, collapsed or not
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_row_count(FoldStore *store, guint64 section, gint64 *out_count, GError **error)
{
    fold_section_info info;
    if (!section_info(store, section, &info, error))
        return FALSE;
    if (out_count)
        *out_count = info.row_count;
    return TRUE;
}

/**
 * fold_store_get_child_count:
 * @store: a store
 * @parent: a section's id, 0 for the top level
 * @out_count: (out): its children: rows and subsections
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_child_count(FoldStore *store, guint64 parent, gint64 *out_count, GError **error)
{
    TABLE_OR_FAIL(store, error);
    int64_t count = 0;
    if (!fold_check_status(fold_table_child_count(table, parent, &count), error))
        return FALSE;
    if (out_count)
        *out_count = count;
    return TRUE;
}

/**
 * fold_store_get_section_collapsed:
 * @store: a store
 * @section: a section's id
 * @out_collapsed: (out): its stored state is collapsed
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_section_collapsed(FoldStore *store, guint64 section, gboolean *out_collapsed,
                                 GError **error)
{
    fold_section_info info;
    if (!section_info(store, section, &info, error))
        return FALSE;
    if (out_collapsed)
        *out_collapsed = (info.flags & FOLD_SECTION_COLLAPSED) != 0;
    return TRUE;
}

/* ---- rows ---------------------------------------------------------------- */

/**
 * fold_store_insert_rows:
 * @store: a store
 * @section: a section's id
 * @index: child index (the row index without subsections), -1 for the end
 * @count: how many rows, of the section's default height
 * @error: return location for a #GError
 *
 * Inserts rows. Update the app's row data first: views fetch the new rows
 * during the call. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_insert_rows(FoldStore *store, guint64 section, gint64 index, gint64 count,
                       GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_insert_rows(table, section, index, count, NULL), error);
}

/**
 * fold_store_insert_rows_with_heights:
 * @store: a store
 * @section: a section's id
 * @index: child index, -1 for the end
 * @heights: (array length=n_heights): one height per new row (-1: the default)
 * @n_heights: how many rows
 * @error: return location for a #GError
 *
 * Inserts @n_heights rows of the given heights. Cost: O(depth * log n + count).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_insert_rows_with_heights(FoldStore *store, guint64 section, gint64 index,
                                    const double *heights, gsize n_heights, GError **error)
{
    TABLE_OR_FAIL(store, error);
    if (n_heights > (gsize)FOLD_MAX_ROWS)
        return too_many(n_heights, error);
    if (n_heights == 0)
        heights = NULL;
    return fold_check_status(
        fold_table_insert_rows(table, section, index, (int64_t)n_heights, heights), error);
}

/**
 * fold_store_remove_rows:
 * @store: a store
 * @section: a section's id
 * @row: the first row index
 * @count: how many rows
 * @error: return location for a #GError
 *
 * Removes rows @row .. @row + @count - 1; subsections between them stay.
 * Cost: O(depth * log n) plus the memory freed.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_remove_rows(FoldStore *store, guint64 section, gint64 row, gint64 count,
                       GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_remove_rows(table, section, row, count), error);
}

/**
 * fold_store_move_row:
 * @store: a store
 * @section: the row's section
 * @row: its row index
 * @target: the section it moves to
 * @index: child index in @target without the moved row, -1 for the end
 * @error: return location for a #GError
 *
 * Moves a row with its heights and expanded state. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_move_row(FoldStore *store, guint64 section, gint64 row, guint64 target, gint64 index,
                    GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_move_row(table, section, row, target, index), error);
}

/**
 * fold_store_set_row_height:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @height: points, or -1 for the section's default
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_row_height(FoldStore *store, guint64 section, gint64 row, double height,
                          GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_set_row_height(table, section, row, height), error);
}

/**
 * fold_store_set_row_heights:
 * @store: a store
 * @section: a section's id
 * @row: the first row index
 * @heights: (array length=n_heights): one height per row (-1: the default)
 * @n_heights: how many rows
 * @error: return location for a #GError
 *
 * Sets the heights of rows @row .. @row + @n_heights - 1, all or nothing.
 * Cost: O(depth * log n + count).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_row_heights(FoldStore *store, guint64 section, gint64 row, const double *heights,
                           gsize n_heights, GError **error)
{
    TABLE_OR_FAIL(store, error);
    if (n_heights > (gsize)FOLD_MAX_ROWS)
        return too_many(n_heights, error);
    if (n_heights == 0)
        return fold_check_status(fold_table_set_row_heights(table, section, row, 0, NULL), error);
    return fold_check_status(
        fold_table_set_row_heights(table, section, row, (int64_t)n_heights, heights), error);
}

/**
 * fold_store_set_row_expanded_height:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @height: points, or -1 to remove it (the row collapses)
 * @error: return location for a #GError
 *
 * A row is expandable while its expanded height exceeds its height.
 * Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_row_expanded_height(FoldStore *store, guint64 section, gint64 row, double height,
                                   GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_set_row_expanded_height(table, section, row, height),
                             error);
}

/**
 * fold_store_get_row_expanded:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @out_expanded: (out): the row is expanded
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_row_expanded(FoldStore *store, guint64 section, gint64 row,
                            gboolean *out_expanded, GError **error)
{
    TABLE_OR_FAIL(store, error);
    fold_row_info info;
    if (!fold_check_status(fold_table_row_info(table, section, row, &info), error))
        return FALSE;
    if (out_expanded)
        *out_expanded = (info.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
    return TRUE;
}

/* ---- collapsing ---------------------------------------------------------- */

typedef int (*SectionOp)(fold_table *, fold_section_id, int *);
typedef int (*RowOp)(fold_table *, fold_section_id, int64_t, int *);

static gboolean
section_op(FoldStore *store, SectionOp op, guint64 section, gboolean *out_changed,
           GError **error)
{
    TABLE_OR_FAIL(store, error);
    int changed = 0;
    if (!fold_check_status(op(table, section, &changed), error))
        return FALSE;
    if (out_changed)
        *out_changed = changed != 0;
    return TRUE;
}

static gboolean
row_op(FoldStore *store, RowOp op, guint64 section, gint64 row, gboolean *out_changed,
       GError **error)
{
    TABLE_OR_FAIL(store, error);
    int changed = 0;
    if (!fold_check_status(op(table, section, row, &changed), error))
        return FALSE;
    if (out_changed)
        *out_changed = changed != 0;
    return TRUE;
}

/**
 * fold_store_collapse:
 * @store: a store
 * @section: a section's id
 * @out_changed: (out) (optional): its state flipped (%FALSE when it was
 *   collapsed already or a #FoldStore::section-will-collapse handler refused)
 * @error: return location for a #GError
 *
 * Collapses a section. A fixed section fails with FOLD_E_NOT_ALLOWED, a
 * stale id with FOLD_E_NOT_FOUND, 0 with FOLD_E_INVALID.
 * Cost: O(depth * log n) whatever the number of rows.
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_collapse(FoldStore *store, guint64 section, gboolean *out_changed, GError **error)
{
    return section_op(store, fold_table_collapse, section, out_changed, error);
}

/**
 * fold_store_expand:
 * @store: a store
 * @section: a section's id
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Expands a section (a fixed one: nothing to do). Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_expand(FoldStore *store, guint64 section, gboolean *out_changed, GError **error)
{
    return section_op(store, fold_table_expand, section, out_changed, error);
}

/**
 * fold_store_toggle:
 * @store: a store
 * @section: a section's id
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Collapses an expanded section, expands a collapsed one.
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_toggle(FoldStore *store, guint64 section, gboolean *out_changed, GError **error)
{
    return section_op(store, fold_table_toggle, section, out_changed, error);
}

/**
 * fold_store_collapse_all:
 * @store: a store
 * @out_changed: (out) (optional): how many sections flipped
 * @error: return location for a #GError
 *
 * Collapses every collapsible section that has children.
 * Cost: O(s log n) for s sections.
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_collapse_all(FoldStore *store, gint64 *out_changed, GError **error)
{
    TABLE_OR_FAIL(store, error);
    int64_t changed = 0;
    if (!fold_check_status(fold_table_collapse_all(table, &changed), error))
        return FALSE;
    if (out_changed)
        *out_changed = changed;
    return TRUE;
}

/**
 * fold_store_expand_all:
 * @store: a store
 * @out_changed: (out) (optional): how many sections flipped
 * @error: return location for a #GError
 *
 * Expands every collapsed section. Cost: O(s log n) for s sections.
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_expand_all(FoldStore *store, gint64 *out_changed, GError **error)
{
    TABLE_OR_FAIL(store, error);
    int64_t changed = 0;
    if (!fold_check_status(fold_table_expand_all(table, &changed), error))
        return FALSE;
    if (out_changed)
        *out_changed = changed;
    return TRUE;
}

/**
 * fold_store_expand_row:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Expands a row (the accordion applies; a row that cannot expand: nothing).
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_expand_row(FoldStore *store, guint64 section, gint64 row, gboolean *out_changed,
                      GError **error)
{
    return row_op(store, fold_table_expand_row, section, row, out_changed, error);
}

/**
 * fold_store_collapse_row:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_collapse_row(FoldStore *store, guint64 section, gint64 row, gboolean *out_changed,
                        GError **error)
{
    return row_op(store, fold_table_collapse_row, section, row, out_changed, error);
}

/**
 * fold_store_toggle_row:
 * @store: a store
 * @section: a section's id
 * @row: a row index
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_toggle_row(FoldStore *store, guint64 section, gint64 row, gboolean *out_changed,
                      GError **error)
{
    return row_op(store, fold_table_toggle_row, section, row, out_changed, error);
}

/**
 * fold_store_activate:
 * @store: a store
 * @position: an item's position in the flat list
 * @out_action: (out) (optional) (type FoldActivation): what it did, a #FoldActivation
 *   (the FOLD_ACTIVATED_* value; a `gint` in C)
 *   (0 nothing, 1 section collapsed, 2 section expanded, 3 row expanded,
 *   4 row collapsed, 5 refused by a "will" handler)
 * @error: return location for a #GError
 *
 * What a click on the item at @position does: a header toggles its
 * section unless it is fixed, a row toggles its expansion, a footer does
 * nothing. Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_activate(FoldStore *store, guint position, gint *out_action, GError **error)
{
    TABLE_OR_FAIL(store, error);
    int32_t action = 0;
    if (!fold_check_status(fold_table_activate(table, position, &action), error))
        return FALSE;
    if (out_action)
        *out_action = action;
    return TRUE;
}

/* ---- the flat list ------------------------------------------------------- */

/**
 * fold_store_get_item_count:
 * @store: a store
 * @out_count: (out): the number of items in the flat list
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_item_count(FoldStore *store, gint64 *out_count, GError **error)
{
    TABLE_OR_FAIL(store, error);
    int64_t count = 0;
    if (!fold_check_status(fold_table_item_count(table, &count), error))
        return FALSE;
    if (out_count)
        *out_count = count;
    return TRUE;
}

/**
 * fold_store_get_content_height:
 * @store: a store
 * @out_height: (out): padding plus every item, in points
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_get_content_height(FoldStore *store, double *out_height, GError **error)
{
    TABLE_OR_FAIL(store, error);
    double height = 0;
    if (!fold_check_status(fold_table_content_height(table, &height), error))
        return FALSE;
    if (out_height)
        *out_height = height;
    return TRUE;
}

/**
 * fold_store_set_indicators:
 * @store: a store
 * @collapsed: the collapsed indicator (default "+")
 * @expanded: the expanded indicator (default "–")
 * @error: return location for a #GError
 *
 * The engine reports nothing for this: call fold_list_model_reload() on
 * models that show the store, or use fold_list_model_set_indicators().
 * Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_indicators(FoldStore *store, const char *collapsed, const char *expanded,
                          GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_set_indicators(table, collapsed, expanded), error);
}

/* ---- saved state and scrolling ------------------------------------------- */

/**
 * fold_store_export_state:
 * @store: a store
 * @error: return location for a #GError
 *
 * The interface state as JSON: collapsed sections and expanded rows by key,
 * and the scroll anchor with a viewport set.
 * Cost: O(s + k * depth * log n).
 *
 * Returns: (transfer full): the JSON text, or %NULL with @error set
 */
char *
fold_store_export_state(FoldStore *store, GError **error)
{
    TABLE_OR_NULL(store, error);
    char *json = NULL;
    if (!fold_check_status(fold_table_export_state(table, &json), error))
        return NULL;
    char *copy = g_strdup(json);
    fold_free(json);
    return copy;
}

/**
 * fold_store_import_state:
 * @store: a store
 * @json: text from fold_store_export_state()
 * @error: return location for a #GError
 *
 * Applies saved state; unknown keys and rows are ignored. Malformed text
 * is FOLD_E_INVALID and changes nothing. Cost: O(b + p * depth * log n).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_import_state(FoldStore *store, const char *json, GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_import_state(table, json, NULL), error);
}

/**
 * fold_store_set_viewport:
 * @store: a store
 * @offset: the viewport's scroll offset in points
 * @height: its height
 * @error: return location for a #GError
 *
 * From now on every change keeps the first visible item in place on
 * screen. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_viewport(FoldStore *store, double offset, double height, GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_set_viewport(table, offset, height), error);
}

/**
 * fold_store_clear_viewport:
 * @store: a store
 * @error: return location for a #GError
 *
 * Stops anchoring. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_clear_viewport(FoldStore *store, GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_clear_viewport(table), error);
}

/* ---- heights measured on demand ------------------------------------------ */

/**
 * fold_store_set_row_height_func:
 * @store: a store
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): measures rows, or %NULL to remove
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 * @error: return location for a #GError
 *
 * Rows without a height of their own count as the default (an estimate)
 * until fold_store_measure() asks @func. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_row_height_func(FoldStore *store, FoldHeightFunc func, gpointer user_data,
                               GDestroyNotify destroy, GError **error)
{
    return set_height_func(store, HEIGHT_ROW, func, user_data, destroy, error);
}

/**
 * fold_store_set_header_height_func:
 * @store: a store
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): measures headers (row -1), or %NULL
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_header_height_func(FoldStore *store, FoldHeightFunc func, gpointer user_data,
                                  GDestroyNotify destroy, GError **error)
{
    return set_height_func(store, HEIGHT_HEADER, func, user_data, destroy, error);
}

/**
 * fold_store_set_expanded_height_func:
 * @store: a store
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): gives rows' expanded heights, or %NULL
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 * @error: return location for a #GError
 *
 * Asked when a row without an expanded height is measured or expanded;
 * 0 means the row has none (it is not expandable). Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_set_expanded_height_func(FoldStore *store, FoldHeightFunc func, gpointer user_data,
                                    GDestroyNotify destroy, GError **error)
{
    return set_height_func(store, HEIGHT_EXPANDED, func, user_data, destroy, error);
}

/**
 * fold_store_measure:
 * @store: a store
 * @offset: the viewport's offset (a set viewport's is used instead)
 * @height: the viewport's height
 * @overscan: items beyond each edge to measure too
 * @out_measured: (out) (optional): rows and headers measured
 * @error: return location for a #GError
 *
 * Asks the height functions for the unmeasured items of the viewport.
 * Cost: O(k * depth * log n) for k items asked.
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_measure(FoldStore *store, double offset, double height, gint64 overscan,
                   gint64 *out_measured, GError **error)
{
    TABLE_OR_FAIL(store, error);
    int64_t measured = 0;
    if (!fold_check_status(fold_table_measure(table, offset, height, overscan, &measured), error))
        return FALSE;
    if (out_measured)
        *out_measured = measured;
    return TRUE;
}

/**
 * fold_store_invalidate_heights:
 * @store: a store
 * @section: a section's id, or 0 with @row -1 for the whole table
 * @row: a row index, or -1 for every row and the header of @section
 * @error: return location for a #GError
 *
 * Forgets measured heights so the height functions are asked again.
 * Cost: O(depth * log n) for a row, plus O(stored rows) otherwise.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_store_invalidate_heights(FoldStore *store, guint64 section, gint64 row, GError **error)
{
    TABLE_OR_FAIL(store, error);
    return fold_check_status(fold_table_invalidate_heights(table, section, row), error);
}
