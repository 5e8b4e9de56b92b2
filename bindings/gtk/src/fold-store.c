/*
 * fold-store.c — FoldStore: a GObject owning a fold_table. See fold-store.h.
 *
 * Every method is one engine call; a failure becomes a GError in
 * FOLD_LIST_MODEL_ERROR with the engine's status as the code. This file
 * holds the type, its properties and lifetime, and the flat-list, saved
 * state and viewport methods; the other fold-store-*.c files hold the
 * other concerns (README.md in this folder lists them). Its enum and flags
 * types are registered in fold-enums.c.
 */
#include "fold-store-private.h"

#include <math.h>

/* ------------------------------------------------------------------------- */
/* FoldStore                                                                 */
/* ------------------------------------------------------------------------- */

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
 * #FoldStore:sticky-levels, #FoldStore:follow-end. #FoldStore:n-items
 * reads the flat list's length.
 *
 * Fill it with fold_store_append_section(), fold_store_append_subsection()
 * and fold_store_append_rows(), which return the new section's id;
 * fold_store_insert_section() and fold_store_insert_rows() take a place
 * and flags.
 *
 * Sections inserted with %FOLD_SECTION_FLAGS_UNLOADED load their children
 * lazily: see #FoldStore::load-start and fold_store_finish_load().
 *
 * Use it from one thread (the GTK main thread): a worker thread that loads
 * children hands its result back to that thread (g_main_context_invoke(),
 * or a #GTask's callback) to call fold_store_finish_load() there.
 */
G_DEFINE_FINAL_TYPE(FoldStore, fold_store, G_TYPE_OBJECT)

/* The properties. Each up to N_FIELD_PROPS is a field of the store (the
 * table's options, most of them) and a row of `fields`; a property that can
 * change after construction has a `live` call that applies it to the table.
 * A new one: an entry here, its row in `fields`, its pspec in class_init.
 * After them, n-items: read from the table, notified by the change
 * listener (fold-store-signals.c). */
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
    PROP_FOLLOW_END,
    N_FIELD_PROPS,
    PROP_N_ITEMS = N_FIELD_PROPS,
    N_PROPS
};

static GParamSpec *props[N_PROPS];

/* `offset`: of the field in FoldStore, a double for a double property, an
 * int32_t for the others (boolean, enum, int). */
static const struct {
    gsize offset;
    int (*live)(fold_table *table, int32_t value);
} fields[N_FIELD_PROPS] = {
#define OPTION(field) G_STRUCT_OFFSET(FoldStore, options.field)
    [PROP_ROW_HEIGHT] = {OPTION(row_height), NULL},
    [PROP_HEADER_HEIGHT] = {OPTION(header_height), NULL},
    [PROP_FOOTER_HEIGHT] = {OPTION(footer_height), NULL},
    [PROP_PADDING_TOP] = {OPTION(padding_top), NULL},
    [PROP_PADDING_BOTTOM] = {OPTION(padding_bottom), NULL},
    [PROP_START_COLLAPSED] = {OPTION(start_collapsed), NULL},
    [PROP_ACCORDION] = {OPTION(accordion), fold_table_set_accordion},
    [PROP_STICKY_LEVELS] = {OPTION(sticky_levels), fold_table_set_sticky_levels},
    [PROP_FOLLOW_END] = {OPTION(follow_end), fold_table_set_follow_end},
#undef OPTION
};

fold_table *
fold_store_table_of(FoldStore *store, GError **error)
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
    fold_store_listen(self);
    fold_store_listen_changes(self);
    fold_store_set_loader(self);
}

static void
fold_store_dispose(GObject *object)
{
    FoldStore *self = FOLD_STORE(object);
    if (self->table) {
        fold_store_unlisten(self);
        fold_store_unset_loader(self);
        fold_store_clear_height_funcs(self);
        fold_store_release_filter(self);
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

static void
fold_store_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    FoldStore *self = FOLD_STORE(object);
    if (id == PROP_0 || id >= N_FIELD_PROPS) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    gpointer field = G_STRUCT_MEMBER_P(self, fields[id].offset);
    if (G_VALUE_HOLDS_DOUBLE(value)) {
        double height = g_value_get_double(value);
        if (!isfinite(height)) {
            /* GParamSpecDouble's range check lets NaN through. */
            g_warning("FoldStore:%s: %g is not a height; the default is kept", pspec->name,
                      height);
            return;
        }
        *(double *)field = height;
        return;
    }
    int32_t v = G_VALUE_HOLDS_BOOLEAN(value) ? (g_value_get_boolean(value) ? 1 : 0)
                : G_VALUE_HOLDS_ENUM(value)  ? g_value_get_enum(value)
                                             : g_value_get_int(value);
    if (*(int32_t *)field == v)
        return;
    if (self->table && fields[id].live && fields[id].live(self->table, v) != FOLD_OK) {
        g_warning("FoldStore:%s: %s", pspec->name, fold_last_error_message());
        return;
    }
    *(int32_t *)field = v;
    if (self->table)
        g_object_notify_by_pspec(object, pspec);
}

static void
fold_store_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldStore *self = FOLD_STORE(object);
    if (id == PROP_N_ITEMS) {
        g_value_set_uint(value, fold_store_get_n_items(self));
        return;
    }
    if (id == PROP_0 || id >= N_FIELD_PROPS) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    /* The boolean, enum and int fields are int32_t, as gboolean and enums are. */
    fold_value_set_from_field(value, G_STRUCT_MEMBER_P(self, fields[id].offset));
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
    props[PROP_FOLLOW_END] = g_param_spec_boolean("follow-end", NULL, NULL, FALSE, rw);
    const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    /**
     * FoldStore:n-items:
     *
     * The number of items in the flat list (headers, rows, footers and
     * placeholders that show), as the store's models have them; what
     * fold_store_get_item_count() answers. Notified when it changes, after
     * the models made with fold_list_model_new_for_store() have emitted
     * #GListModel::items-changed. Handlers may read the store, not change
     * it (FOLD_E_BUSY), as in an items-changed handler.
     */
    props[PROP_N_ITEMS] = g_param_spec_uint("n-items", NULL, NULL, 0, G_MAXUINT, 0, ro);
    g_object_class_install_properties(object_class, N_PROPS, props);
    fold_store_install_signals(object_class);
    fold_store_install_load_signals(object_class);
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
    /* The store's change listener after the model's: n-items is notified
     * after the model's items-changed. */
    fold_store_listen_changes(store);
    /* Released when the model is finalized, after its own finalize (which
     * needs the table) has run. */
    g_object_set_data_full(G_OBJECT(model), "fold-store", g_object_ref(store), g_object_unref);
    return model;
}

void
fold_store_notify_n_items(FoldStore *self)
{
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_N_ITEMS]);
}

/* ---- the flat list ------------------------------------------------------- */

/**
 * fold_store_get_n_items: (get-property n-items)
 * @store: a store
 *
 * The number of items in the flat list: #FoldStore:n-items. Cost: O(1).
 *
 * Returns: the item count (0 for a store without a table)
 */
guint
fold_store_get_n_items(FoldStore *store)
{
    g_return_val_if_fail(FOLD_IS_STORE(store), 0);
    int64_t count = 0;
    if (!store->table || fold_table_item_count(store->table, &count) != FOLD_OK)
        return 0;
    return (guint)MIN(count, (int64_t)G_MAXUINT);
}

/**
 * fold_store_activate:
 * @store: a store
 * @position: an item's position in the flat list
 * @out_action: (out) (optional) (type FoldActivation): what it did, a #FoldActivation
 *   (the FOLD_ACTIVATED_* value; a `gint` in C)
 *   (0 nothing, 1 section collapsed, 2 section expanded, 3 row expanded,
 *   4 row collapsed, 5 refused by a "will" handler, 6 a failed load retried)
 * @error: return location for a #GError
 *
 * What a click on the item at @position does: a header toggles its
 * section unless it is fixed, a row toggles its expansion, a footer does
 * nothing. Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_activate,
                    (FoldStore *store, guint position, gint *out_action, GError **error),
                    int32_t action, fold_table_activate(table, position, &action), out_action,
                    action)

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
FOLD_STORE_CALL_OUT(fold_store_get_item_count,
                    (FoldStore *store, gint64 *out_count, GError **error), int64_t count,
                    fold_table_item_count(table, &count), out_count, count)

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
FOLD_STORE_CALL_OUT(fold_store_get_content_height,
                    (FoldStore *store, double *out_height, GError **error), double height,
                    fold_table_content_height(table, &height), out_height, height)

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
FOLD_STORE_CALL(fold_store_set_indicators,
                (FoldStore *store, const char *collapsed, const char *expanded, GError **error),
                fold_table_set_indicators(table, collapsed, expanded))

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
FOLD_STORE_CALL(fold_store_import_state, (FoldStore *store, const char *json, GError **error),
                fold_table_import_state(table, json, NULL))

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
FOLD_STORE_CALL(fold_store_set_viewport,
                (FoldStore *store, double offset, double height, GError **error),
                fold_table_set_viewport(table, offset, height))

/**
 * fold_store_clear_viewport:
 * @store: a store
 * @error: return location for a #GError
 *
 * Stops anchoring. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_clear_viewport, (FoldStore *store, GError **error),
                fold_table_clear_viewport(table))

