/*
 * fold-text-heights.c — FoldTextHeights: the engine's row and expanded
 * heights measured with Pango at the list's width (see fold-text-heights.h).
 * This file: the type, attaching to a table, measuring the viewport, the
 * widget and its adjustments, the settings; the layouts and the providers
 * are in fold-text-heights-layout.c.
 */
#include "fold-text-heights-private.h"

/* Rows measured beyond the viewport on each side (fold_table_measure). */
#define FOLD_TEXT_HEIGHTS_OVERSCAN 24

enum { PROP_0, PROP_WIDGET, PROP_COLLAPSED_LINES, PROP_TEXT_WIDTH, N_PROPS };
static GParamSpec *props[N_PROPS];

G_DEFINE_FINAL_TYPE(FoldTextHeights, fold_text_heights, G_TYPE_OBJECT)

/* The library's status error, prefixed with what was being done. */
static gboolean
set_error(GError **error, int status, const char *what)
{
    fold_check_status(status, error);
    g_prefix_error(error, "%s: ", what);
    return FALSE;
}

/* ---- measuring ----------------------------------------------------------- */

static gboolean
measure_viewport(FoldTextHeights *self, GError **error)
{
    double offset = 0, height = self->widget ? gtk_widget_get_height(self->widget) : 0;
    if (self->vadj && gtk_adjustment_get_page_size(self->vadj) > 0) {
        offset = gtk_adjustment_get_value(self->vadj);
        height = gtk_adjustment_get_page_size(self->vadj);
    }
    int status = fold_table_measure(self->table, MAX(offset, 0), MAX(height, 1),
                                    FOLD_TEXT_HEIGHTS_OVERSCAN, NULL);
    return status == FOLD_OK ? TRUE : set_error(error, status, "measuring the viewport");
}

/**
 * fold_text_heights_update:
 * @self: a #FoldTextHeights
 * @error: return location for a #GError, or %NULL
 *
 * Measures now: when the widget's width changed since the last measure,
 * every measured height is forgotten (fold_table_invalidate_heights) and
 * the rows that were expanded are expanded again after the viewport is
 * measured (their row listeners hear it); otherwise only the viewport's
 * unmeasured rows are measured. Runs by itself (from an idle) when a
 * scrollable widget's adjustments change; call it from a custom widget's
 * size_allocate otherwise. Not attached: does nothing.
 *
 * Cost: O(k * depth * log n) for k rows measured, plus O(stored rows) when
 * the width changed.
 *
 * Returns: %TRUE, or %FALSE with @error set (in FOLD_LIST_MODEL_ERROR; for
 *   example FOLD_E_BUSY inside the table's change listener).
 */
gboolean
fold_text_heights_update(FoldTextHeights *self, GError **error)
{
    g_return_val_if_fail(FOLD_IS_TEXT_HEIGHTS(self), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    if (!self->table)
        return TRUE;
    int width = fold_text_heights_live_width(self);
    if (width == self->text_width)
        return measure_viewport(self, error);

    fold_row_ref *rows = NULL;
    int64_t count = 0;
    int status = fold_table_expanded_rows(self->table, &rows, &count);
    if (status != FOLD_OK)
        return set_error(error, status, "listing the expanded rows");
    status = fold_table_invalidate_heights(self->table, FOLD_ROOT, -1);
    if (status != FOLD_OK) {
        fold_free(rows);
        return set_error(error, status, "invalidating the heights");
    }
    self->text_width = width;
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_TEXT_WIDTH]);
    gboolean ok = measure_viewport(self, error);
    /* Invalidating forgot the expanded heights, which collapsed those rows. */
    for (int64_t i = 0; ok && i < count; i++) {
        status = fold_table_expand_row(self->table, rows[i].section, rows[i].row, NULL);
        if (status != FOLD_OK && status != FOLD_E_NOT_VISIBLE && status != FOLD_E_RANGE)
            ok = set_error(error, status, "expanding a row again");
    }
    fold_free(rows);
    return ok;
}

static gboolean
update_idle(gpointer data)
{
    FoldTextHeights *self = data;
    self->idle = 0;
    GError *error = NULL;
    if (!fold_text_heights_update(self, &error)) {
        g_warning("FoldTextHeights: %s", error->message);
        g_error_free(error);
    }
    return G_SOURCE_REMOVE;
}

static void
schedule_update(FoldTextHeights *self)
{
    /* Before the next frame (GDK_PRIORITY_REDRAW is HIGH_IDLE + 20), and
     * never inside the list's size_allocate, where the adjustments change. */
    if (!self->idle && self->table)
        self->idle = g_idle_add_full(G_PRIORITY_HIGH_IDLE + 10, update_idle, self, NULL);
}

/* ---- the widget and its adjustments ---------------------------------------- */

static void
on_adjustment_changed(GtkAdjustment *adj, FoldTextHeights *self)
{
    (void)adj;
    schedule_update(self);
}

static void
set_adjustment(FoldTextHeights *self, GtkAdjustment **slot, GtkAdjustment *adj)
{
    if (*slot == adj)
        return;
    if (*slot) {
        g_signal_handlers_disconnect_by_data(*slot, self);
        g_clear_object(slot);
    }
    if (adj) {
        *slot = g_object_ref(adj);
        g_signal_connect(adj, "changed", G_CALLBACK(on_adjustment_changed), self);
        g_signal_connect(adj, "value-changed", G_CALLBACK(on_adjustment_changed), self);
    }
}

static void
track_adjustments(FoldTextHeights *self)
{
    GtkScrollable *s = self->widget && GTK_IS_SCROLLABLE(self->widget)
                           ? GTK_SCROLLABLE(self->widget) : NULL;
    set_adjustment(self, &self->hadj, s ? gtk_scrollable_get_hadjustment(s) : NULL);
    set_adjustment(self, &self->vadj, s ? gtk_scrollable_get_vadjustment(s) : NULL);
    schedule_update(self);
}

static void
on_widget_adjustment(GObject *widget, GParamSpec *pspec, FoldTextHeights *self)
{
    (void)widget;
    (void)pspec;
    track_adjustments(self);
}

static void
widget_gone(gpointer data, GObject *where)
{
    (void)where;
    FoldTextHeights *self = data;
    self->widget = NULL;
    set_adjustment(self, &self->hadj, NULL);
    set_adjustment(self, &self->vadj, NULL);
}

static void
set_widget(FoldTextHeights *self, GtkWidget *widget)
{
    if (!widget)
        return;
    self->widget = widget;
    g_object_weak_ref(G_OBJECT(widget), widget_gone, self);
    if (GTK_IS_SCROLLABLE(widget)) {
        g_signal_connect(widget, "notify::hadjustment", G_CALLBACK(on_widget_adjustment), self);
        g_signal_connect(widget, "notify::vadjustment", G_CALLBACK(on_widget_adjustment), self);
    }
    track_adjustments(self);
}

/* ---- attaching ----------------------------------------------------------- */

/**
 * fold_text_heights_attach: (skip)
 * @self: a #FoldTextHeights
 * @table: the table whose heights it provides; it must outlive the
 *   attachment (fold_text_heights_detach() or the object's dispose)
 * @error: return location for a #GError, or %NULL
 *
 * Installs the row and expanded-height providers on @table
 * (fold_table_set_height_provider, FOLD_HEIGHT_ROW and FOLD_HEIGHT_EXPANDED,
 * replacing any others) and, when the widget has a width, measures the
 * viewport. Detaches from a previous table first.
 *
 * Cost: O(1), plus fold_text_heights_update().
 *
 * Returns: %TRUE, or %FALSE with @error set (nothing installed when the
 *   providers could not be set).
 */
gboolean
fold_text_heights_attach(FoldTextHeights *self, fold_table *table, GError **error)
{
    g_return_val_if_fail(FOLD_IS_TEXT_HEIGHTS(self), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    if (!table) {
        g_set_error_literal(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                            "attaching FoldTextHeights: the table is NULL");
        return FALSE;
    }
    fold_text_heights_detach(self);
    int status =
        fold_table_set_height_provider(table, FOLD_HEIGHT_ROW, fold_text_heights_provide_row, self);
    if (status == FOLD_OK) {
        status = fold_table_set_height_provider(table, FOLD_HEIGHT_EXPANDED,
                                                fold_text_heights_provide_expanded, self);
        if (status != FOLD_OK)
            fold_table_set_height_provider(table, FOLD_HEIGHT_ROW, NULL, NULL);
    }
    if (status != FOLD_OK)
        return set_error(error, status, "installing the height providers");
    self->table = table;
    self->text_width = -1; /* measured at no width yet: update() invalidates */
    return fold_text_heights_update(self, error);
}

/**
 * fold_text_heights_attach_model:
 * @self: a #FoldTextHeights
 * @model: the model whose table's heights it provides (a reference is
 *   kept until it detaches)
 * @error: return location for a #GError, or %NULL
 *
 * fold_text_heights_attach() on fold_list_model_get_table(@model).
 *
 * Cost: as fold_text_heights_attach().
 *
 * Returns: %TRUE, or %FALSE with @error set.
 */
gboolean
fold_text_heights_attach_model(FoldTextHeights *self, FoldListModel *model, GError **error)
{
    g_return_val_if_fail(FOLD_IS_TEXT_HEIGHTS(self), FALSE);
    g_return_val_if_fail(FOLD_IS_LIST_MODEL(model), FALSE);
    g_object_ref(model);
    gboolean ok = fold_text_heights_attach(self, fold_list_model_get_table(model), error);
    if (self->table && !self->model)
        self->model = g_object_ref(model);
    g_object_unref(model);
    return ok;
}

/**
 * fold_text_heights_detach:
 * @self: a #FoldTextHeights
 *
 * Removes its providers from the table (heights already measured stay) and
 * lets go of the table and model. Not attached: does nothing.
 *
 * Cost: O(1).
 */
void
fold_text_heights_detach(FoldTextHeights *self)
{
    g_return_if_fail(FOLD_IS_TEXT_HEIGHTS(self));
    if (self->table) {
        fold_table_set_height_provider(self->table, FOLD_HEIGHT_ROW, NULL, NULL);
        fold_table_set_height_provider(self->table, FOLD_HEIGHT_EXPANDED, NULL, NULL);
        self->table = NULL;
    }
    g_clear_handle_id(&self->idle, g_source_remove);
    g_clear_object(&self->model);
}

/* ---- settings ------------------------------------------------------------ */

/**
 * fold_text_heights_set_text_func:
 * @self: a #FoldTextHeights
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): the
 *   text of a row (the same #FoldTextFunc as the model's); %NULL: rows keep
 *   their estimate
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data when @func is replaced or @self
 *   finalized
 *
 * Sets where row texts come from. Takes effect at the next measure; call
 * fold_text_heights_update() after a width change, or invalidate the rows
 * whose text changed (fold_table_invalidate_heights) and measure.
 */
void
fold_text_heights_set_text_func(FoldTextHeights *self, FoldTextFunc func, gpointer user_data,
                                GDestroyNotify destroy)
{
    g_return_if_fail(FOLD_IS_TEXT_HEIGHTS(self));
    fold_text_source_set(&self->text, func, user_data, destroy);
}

/**
 * fold_text_heights_set_collapsed_lines:
 * @self: a #FoldTextHeights
 * @lines: lines a collapsed row shows (ellipsized); 0 or less: every row
 *   shows its whole text and none is expandable
 *
 * Sets "collapsed-lines" (default 3). Rows measured before keep their
 * heights until they are invalidated.
 */
void
fold_text_heights_set_collapsed_lines(FoldTextHeights *self, int lines)
{
    g_return_if_fail(FOLD_IS_TEXT_HEIGHTS(self));
    lines = MAX(lines, 0);
    if (self->lines == lines)
        return;
    self->lines = lines;
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_COLLAPSED_LINES]);
}

/**
 * fold_text_heights_get_collapsed_lines:
 * @self: a #FoldTextHeights
 *
 * Returns: the lines a collapsed row shows (0: the whole text).
 */
FOLD_DEFINE_GETTER(int, fold_text_heights_get_collapsed_lines, FoldTextHeights,
                   FOLD_IS_TEXT_HEIGHTS, 0, self->lines)

/**
 * fold_text_heights_set_padding:
 * @self: a #FoldTextHeights
 * @padding: space around the text inside a row, in pixels (room for a
 *   byline, for example); negative values count as 0
 *
 * The text is laid out at the widget's width minus @padding's left and
 * right; a row's height is the text's height plus its top and bottom. Row
 * widgets draw the layout at (left, top). Takes effect at the next measure.
 */
void
fold_text_heights_set_padding(FoldTextHeights *self, const GtkBorder *padding)
{
    g_return_if_fail(FOLD_IS_TEXT_HEIGHTS(self));
    g_return_if_fail(padding != NULL);
    self->padding.left = MAX(padding->left, 0);
    self->padding.right = MAX(padding->right, 0);
    self->padding.top = MAX(padding->top, 0);
    self->padding.bottom = MAX(padding->bottom, 0);
}

/**
 * fold_text_heights_get_padding:
 * @self: a #FoldTextHeights
 * @out_padding: (out caller-allocates): the padding
 *
 * The padding set with fold_text_heights_set_padding().
 */
void
fold_text_heights_get_padding(FoldTextHeights *self, GtkBorder *out_padding)
{
    g_return_if_fail(FOLD_IS_TEXT_HEIGHTS(self));
    g_return_if_fail(out_padding != NULL);
    *out_padding = self->padding;
}

/**
 * fold_text_heights_get_widget:
 * @self: a #FoldTextHeights
 *
 * Returns: (transfer none) (nullable): the widget whose pango context and
 *   width are used (%NULL once it is finalized)
 */
FOLD_DEFINE_GETTER(GtkWidget *, fold_text_heights_get_widget, FoldTextHeights,
                   FOLD_IS_TEXT_HEIGHTS, NULL, self->widget)

/**
 * fold_text_heights_get_text_width:
 * @self: a #FoldTextHeights
 *
 * Returns: the width in pixels the engine's heights were last measured at
 *   (the widget's width minus the horizontal padding), 0 before the widget
 *   had a width or when not attached
 */
FOLD_DEFINE_GETTER(int, fold_text_heights_get_text_width, FoldTextHeights,
                   FOLD_IS_TEXT_HEIGHTS, 0, MAX(self->text_width, 0))

/* ---- GObject ------------------------------------------------------------- */

static void
fold_text_heights_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    FoldTextHeights *self = FOLD_TEXT_HEIGHTS(object);
    switch (id) {
    case PROP_WIDGET: set_widget(self, g_value_get_object(value)); break;
    case PROP_COLLAPSED_LINES: fold_text_heights_set_collapsed_lines(self, g_value_get_int(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_text_heights_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldTextHeights *self = FOLD_TEXT_HEIGHTS(object);
    if (id == PROP_TEXT_WIDTH)
        g_value_set_int(value, MAX(self->text_width, 0));
    else
        fold_get_field_property(object, id, value, pspec); /* a field */
}

static void
fold_text_heights_dispose(GObject *object)
{
    FoldTextHeights *self = FOLD_TEXT_HEIGHTS(object);
    fold_text_heights_detach(self);
    if (self->widget) {
        g_signal_handlers_disconnect_by_data(self->widget, self);
        g_object_weak_unref(G_OBJECT(self->widget), widget_gone, self);
        widget_gone(self, NULL);
    }
    G_OBJECT_CLASS(fold_text_heights_parent_class)->dispose(object);
}

static void
fold_text_heights_finalize(GObject *object)
{
    FoldTextHeights *self = FOLD_TEXT_HEIGHTS(object);
    fold_text_source_set(&self->text, NULL, NULL, NULL);
    G_OBJECT_CLASS(fold_text_heights_parent_class)->finalize(object);
}

static void
fold_text_heights_class_init(FoldTextHeightsClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->set_property = fold_text_heights_set_property;
    object_class->get_property = fold_text_heights_get_property;
    object_class->dispose = fold_text_heights_dispose;
    object_class->finalize = fold_text_heights_finalize;
    /**
     * FoldTextHeights:widget:
     *
     * The widget whose pango context and width the texts are laid out with
     * (the GtkListView); not referenced.
     */
    props[PROP_WIDGET] = fold_param_field(
        g_param_spec_object("widget", NULL, NULL, GTK_TYPE_WIDGET,
                            G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS),
        G_STRUCT_OFFSET(FoldTextHeights, widget));
    /**
     * FoldTextHeights:collapsed-lines:
     *
     * Lines a collapsed row shows; 0: the whole text, nothing expands.
     */
    props[PROP_COLLAPSED_LINES] = fold_param_field(
        g_param_spec_int("collapsed-lines", NULL, NULL, 0, G_MAXINT, 3,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS),
        G_STRUCT_OFFSET(FoldTextHeights, lines));
    /**
     * FoldTextHeights:text-width:
     *
     * The width the engine's heights were last measured at.
     */
    props[PROP_TEXT_WIDTH] = g_param_spec_int("text-width", NULL, NULL, 0, G_MAXINT, 0,
                                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY |
                                                  G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, props);
}

static void
fold_text_heights_init(FoldTextHeights *self)
{
    self->lines = 3;
}

/**
 * fold_text_heights_new:
 * @widget: the widget whose pango context and width are used, usually the
 *   GtkListView (not referenced; for a GtkScrollable its adjustments are
 *   followed)
 *
 * A FoldTextHeights for @widget, not attached to a table yet.
 *
 * Returns: (transfer full): a new #FoldTextHeights
 */
FoldTextHeights *
fold_text_heights_new(GtkWidget *widget)
{
    g_return_val_if_fail(GTK_IS_WIDGET(widget), NULL);
    return g_object_new(FOLD_TYPE_TEXT_HEIGHTS, "widget", widget, NULL);
}
