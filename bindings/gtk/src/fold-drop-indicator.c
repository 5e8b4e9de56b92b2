/*
 * fold-drop-indicator.c — FoldDropIndicator: the engine's drop target for a
 * pointer over a GtkListView, drawn over the list (a line or a highlighted
 * section), and the drop. See fold-drop-indicator.h.
 */
#include "fold-drop-indicator.h"
#include "fold-store-private.h"

struct _FoldDropIndicator {
    GtkWidget parent_instance;
    FoldListModel *model;
    GtkListView *list_view;
    double indent_width;
    double indent_start;
    GArray *dragged;         /* fold_item_ref */
    fold_drop_target target; /* the last answer */
    gboolean shown;          /* `target` is drawn */
    gulong value_changed;    /* on the list's vadjustment, to redraw while scrolling */
    GtkAdjustment *watched;
};

enum { PROP_0, PROP_MODEL, PROP_LIST_VIEW, PROP_INDENT_WIDTH, PROP_INDENT_START, N_PROPS };
static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE(FoldDropIndicator, fold_drop_indicator, GTK_TYPE_WIDGET)

static const char default_css[] = "folddropindicator { color: #3584e4; }\n";

static GtkAdjustment *
vadjustment(FoldDropIndicator *self)
{
    return self->list_view ? gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(self->list_view))
                           : NULL;
}

static void
unwatch(FoldDropIndicator *self)
{
    if (self->watched)
        g_clear_signal_handler(&self->value_changed, self->watched);
    g_clear_object(&self->watched);
}

/* Follows the list's scrolling while shown (the target is in content
 * coordinates). */
static void
watch(FoldDropIndicator *self)
{
    GtkAdjustment *vadj = vadjustment(self);
    if (vadj == self->watched)
        return;
    unwatch(self);
    if (vadj) {
        self->watched = g_object_ref(vadj);
        self->value_changed =
            g_signal_connect_swapped(vadj, "value-changed", G_CALLBACK(gtk_widget_queue_draw), self);
    }
}

/* ---- drawing ------------------------------------------------------------- */

static void
fold_drop_indicator_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    FoldDropIndicator *self = FOLD_DROP_INDICATOR(widget);
    GtkAdjustment *vadj = vadjustment(self);
    graphene_rect_t list;
    if (!self->shown || self->target.kind == FOLD_DROP_NONE || !vadj ||
        !gtk_widget_compute_bounds(GTK_WIDGET(self->list_view), widget, &list))
        return;
    GdkRGBA color;
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
    G_GNUC_END_IGNORE_DEPRECATIONS
    float top = list.origin.y - (float)gtk_adjustment_get_value(vadj);
    float right = list.origin.x + list.size.width;
    gtk_snapshot_push_clip(snapshot, &list);
    if (self->target.kind == FOLD_DROP_BEFORE) {
        /* A 2 px line from the target depth's indent, with a ring at its start. */
        float x = list.origin.x + (float)(self->indent_start + self->target.line_x);
        float y = top + (float)self->target.line_y;
        gtk_snapshot_append_color(snapshot, &color,
                                  &GRAPHENE_RECT_INIT(x + 3, y - 1, MAX(right - x - 3, 0), 2));
        GskRoundedRect ring;
        gsk_rounded_rect_init_from_rect(&ring, &GRAPHENE_RECT_INIT(x - 4, y - 4, 8, 8), 4);
        const float widths[4] = {2, 2, 2, 2};
        const GdkRGBA colors[4] = {color, color, color, color};
        gtk_snapshot_append_border(snapshot, &ring, widths, colors);
    } else {
        /* The section, header to last item: a tint and a 2 px frame. */
        graphene_rect_t r = GRAPHENE_RECT_INIT(list.origin.x + 1,
                                               top + (float)self->target.highlight_top,
                                               list.size.width - 2,
                                               (float)self->target.highlight_height);
        GdkRGBA tint = color;
        tint.alpha *= 0.15f;
        gtk_snapshot_append_color(snapshot, &tint, &r);
        GskRoundedRect frame;
        gsk_rounded_rect_init_from_rect(&frame, &r, 4);
        const float widths[4] = {2, 2, 2, 2};
        const GdkRGBA colors[4] = {color, color, color, color};
        gtk_snapshot_append_border(snapshot, &frame, widths, colors);
    }
    gtk_snapshot_pop(snapshot);
}

/* ---- GObject ------------------------------------------------------------- */

static void
fold_drop_indicator_set_property(GObject *object, guint id, const GValue *value,
                                 GParamSpec *pspec)
{
    FoldDropIndicator *self = FOLD_DROP_INDICATOR(object);
    switch (id) {
    case PROP_MODEL: fold_drop_indicator_set_model(self, g_value_get_object(value)); break;
    case PROP_LIST_VIEW: fold_drop_indicator_set_list_view(self, g_value_get_object(value)); break;
    case PROP_INDENT_WIDTH: fold_drop_indicator_set_indent_width(self, g_value_get_double(value)); break;
    case PROP_INDENT_START: fold_drop_indicator_set_indent_start(self, g_value_get_double(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_drop_indicator_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldDropIndicator *self = FOLD_DROP_INDICATOR(object);
    switch (id) {
    case PROP_MODEL: g_value_set_object(value, self->model); break;
    case PROP_LIST_VIEW: g_value_set_object(value, self->list_view); break;
    case PROP_INDENT_WIDTH: g_value_set_double(value, self->indent_width); break;
    case PROP_INDENT_START: g_value_set_double(value, self->indent_start); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_drop_indicator_dispose(GObject *object)
{
    FoldDropIndicator *self = FOLD_DROP_INDICATOR(object);
    unwatch(self);
    g_clear_object(&self->model);
    g_clear_object(&self->list_view);
    G_OBJECT_CLASS(fold_drop_indicator_parent_class)->dispose(object);
}

static void
fold_drop_indicator_finalize(GObject *object)
{
    g_array_unref(FOLD_DROP_INDICATOR(object)->dragged);
    G_OBJECT_CLASS(fold_drop_indicator_parent_class)->finalize(object);
}

static void
fold_drop_indicator_root(GtkWidget *widget)
{
    GTK_WIDGET_CLASS(fold_drop_indicator_parent_class)->root(widget);
    GdkDisplay *display = gtk_widget_get_display(widget);
    if (g_object_get_data(G_OBJECT(display), "fold-drop-indicator-css"))
        return;
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, default_css, -1);
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_FALLBACK);
    g_object_set_data_full(G_OBJECT(display), "fold-drop-indicator-css", provider,
                           g_object_unref);
}

static void
fold_drop_indicator_class_init(FoldDropIndicatorClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->set_property = fold_drop_indicator_set_property;
    object_class->get_property = fold_drop_indicator_get_property;
    object_class->dispose = fold_drop_indicator_dispose;
    object_class->finalize = fold_drop_indicator_finalize;
    widget_class->snapshot = fold_drop_indicator_snapshot;
    widget_class->root = fold_drop_indicator_root;
    const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
    /**
     * FoldDropIndicator:model:
     *
     * The model whose table answers the drop targets and performs drops.
     */
    properties[PROP_MODEL] =
        g_param_spec_object("model", NULL, NULL, FOLD_TYPE_LIST_MODEL, rw);
    /**
     * FoldDropIndicator:list-view:
     *
     * The list the pointer is over: its coordinates and scrolling.
     */
    properties[PROP_LIST_VIEW] =
        g_param_spec_object("list-view", NULL, NULL, GTK_TYPE_LIST_VIEW, rw);
    /**
     * FoldDropIndicator:indent-width:
     *
     * Points per nesting level (> 0): the pointer's x picks the level
     * where several end, and the line starts at the target's depth.
     */
    properties[PROP_INDENT_WIDTH] =
        g_param_spec_double("indent-width", NULL, NULL, 1, 1000, 20, rw);
    /**
     * FoldDropIndicator:indent-start:
     *
     * The x in the list view where level 0 starts.
     */
    properties[PROP_INDENT_START] =
        g_param_spec_double("indent-start", NULL, NULL, -10000, 10000, 0, rw);
    g_object_class_install_properties(object_class, N_PROPS, properties);
    gtk_widget_class_set_css_name(widget_class, "folddropindicator");
}

static void
fold_drop_indicator_init(FoldDropIndicator *self)
{
    self->indent_width = 20;
    self->dragged = g_array_new(FALSE, FALSE, sizeof(fold_item_ref));
    /* A picture: the pointer goes to the list under it. */
    gtk_widget_set_can_target(GTK_WIDGET(self), FALSE);
    gtk_widget_set_can_focus(GTK_WIDGET(self), FALSE);
}

/* ---- public -------------------------------------------------------------- */

/**
 * fold_drop_indicator_new:
 * @model: (nullable): the list's model
 * @list_view: (nullable): the list the pointer moves over
 *
 * Returns: (transfer floating): a new #FoldDropIndicator, to put over the
 *   list (a #GtkOverlay's overlay)
 */
GtkWidget *
fold_drop_indicator_new(FoldListModel *model, GtkListView *list_view)
{
    return g_object_new(FOLD_TYPE_DROP_INDICATOR, "model", model, "list-view", list_view, NULL);
}

/**
 * fold_drop_indicator_set_model:
 * @self: a #FoldDropIndicator
 * @model: (nullable): the list's model
 *
 * Sets the model whose engine answers where dragged items land and
 * performs the drop.
 */
void
fold_drop_indicator_set_model(FoldDropIndicator *self, FoldListModel *model)
{
    g_return_if_fail(FOLD_IS_DROP_INDICATOR(self));
    g_return_if_fail(model == NULL || FOLD_IS_LIST_MODEL(model));
    if (g_set_object(&self->model, model)) {
        fold_drop_indicator_clear(self);
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_MODEL]);
    }
}

/**
 * fold_drop_indicator_get_model:
 * @self: a #FoldDropIndicator
 *
 * Returns: (nullable) (transfer none): the model
 */
FOLD_DEFINE_GETTER(FoldListModel *, fold_drop_indicator_get_model, FoldDropIndicator,
                   FOLD_IS_DROP_INDICATOR, NULL, self->model)

/**
 * fold_drop_indicator_set_list_view:
 * @self: a #FoldDropIndicator
 * @list_view: (nullable): the list the pointer moves over
 *
 * Sets the list view whose scroll position turns pointer coordinates into
 * content offsets.
 */
void
fold_drop_indicator_set_list_view(FoldDropIndicator *self, GtkListView *list_view)
{
    g_return_if_fail(FOLD_IS_DROP_INDICATOR(self));
    g_return_if_fail(list_view == NULL || GTK_IS_LIST_VIEW(list_view));
    if (g_set_object(&self->list_view, list_view)) {
        unwatch(self);
        gtk_widget_queue_draw(GTK_WIDGET(self));
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_LIST_VIEW]);
    }
}

/**
 * fold_drop_indicator_get_list_view:
 * @self: a #FoldDropIndicator
 *
 * Returns: (nullable) (transfer none): the list
 */
FOLD_DEFINE_GETTER(GtkListView *, fold_drop_indicator_get_list_view, FoldDropIndicator,
                   FOLD_IS_DROP_INDICATOR, NULL, self->list_view)

/**
 * fold_drop_indicator_set_indent_width:
 * @self: a #FoldDropIndicator
 * @indent_width: points per nesting level, > 0 (default 20)
 *
 * Sets the indentation per nesting level, as the rows draw it: the
 * pointer's x picks the level by it, and lines start at depth times it.
 */
void
fold_drop_indicator_set_indent_width(FoldDropIndicator *self, double indent_width)
{
    g_return_if_fail(FOLD_IS_DROP_INDICATOR(self));
    g_return_if_fail(indent_width > 0);
    if (self->indent_width != indent_width) {
        self->indent_width = indent_width;
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_INDENT_WIDTH]);
    }
}

/**
 * fold_drop_indicator_get_indent_width:
 * @self: a #FoldDropIndicator
 *
 * Returns: points per nesting level
 */
FOLD_DEFINE_GETTER(double, fold_drop_indicator_get_indent_width, FoldDropIndicator,
                   FOLD_IS_DROP_INDICATOR, 0, self->indent_width)

/**
 * fold_drop_indicator_set_indent_start:
 * @self: a #FoldDropIndicator
 * @indent_start: the x in the list view where level 0 starts (default 0)
 *
 * Sets where the indentation of depth 0 starts, in points from the list's
 * left edge (the rows' own start padding).
 */
void
fold_drop_indicator_set_indent_start(FoldDropIndicator *self, double indent_start)
{
    g_return_if_fail(FOLD_IS_DROP_INDICATOR(self));
    if (self->indent_start != indent_start) {
        self->indent_start = indent_start;
        gtk_widget_queue_draw(GTK_WIDGET(self));
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_INDENT_START]);
    }
}

/**
 * fold_drop_indicator_get_indent_start:
 * @self: a #FoldDropIndicator
 *
 * Returns: the x in the list view where level 0 starts
 */
FOLD_DEFINE_GETTER(double, fold_drop_indicator_get_indent_start, FoldDropIndicator,
                   FOLD_IS_DROP_INDICATOR, 0, self->indent_start)

/**
 * fold_drop_indicator_set_dragged:
 * @self: a #FoldDropIndicator
 * @sections: (array length=n_sections) (nullable): the dragged items'
 *   sections
 * @n_sections: their number
 * @rows: (array length=n_rows) (nullable): their rows, -1 for a whole
 *   section
 * @n_rows: their number (equal to @n_sections)
 * @error: return location for a #GError
 *
 * What is dragged, in the order it will be dropped (none: a drag from
 * elsewhere). Checked by the engine at each fold_drop_indicator_update().
 *
 * Returns: %TRUE, or %FALSE with @error set (lengths that differ:
 *   %FOLD_E_INVALID); nothing changes then
 */
gboolean
fold_drop_indicator_set_dragged(FoldDropIndicator *self, const guint64 *sections,
                                gsize n_sections, const gint64 *rows, gsize n_rows,
                                GError **error)
{
    g_return_val_if_fail(FOLD_IS_DROP_INDICATOR(self), FALSE);
    fold_item_ref *refs = NULL;
    if (!fold_item_refs_from_arrays(sections, n_sections, rows, n_rows, &refs, error))
        return FALSE;
    g_array_set_size(self->dragged, 0);
    if (refs)
        g_array_append_vals(self->dragged, refs, (guint)n_sections);
    g_free(refs);
    return TRUE;
}

/**
 * fold_drop_indicator_drag_item:
 * @self: a #FoldDropIndicator
 * @item: the item the drag starts on: a header drags its section (with
 *   everything in it), a row the row
 * @error: return location for a #GError
 *
 * Sets what is dragged to one item (fold_drop_indicator_set_dragged()).
 *
 * Returns: %TRUE, or %FALSE with @error set (a footer or placeholder
 *   cannot be dragged: %FOLD_E_INVALID); nothing changes then
 */
gboolean
fold_drop_indicator_drag_item(FoldDropIndicator *self, FoldListItem *item, GError **error)
{
    g_return_val_if_fail(FOLD_IS_DROP_INDICATOR(self), FALSE);
    g_return_val_if_fail(FOLD_IS_LIST_ITEM(item), FALSE);
    FoldItemKind kind = fold_list_item_get_kind(item);
    if (kind != FOLD_ITEM_KIND_HEADER && kind != FOLD_ITEM_KIND_ROW) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                    "FOLD_E_INVALID: only a header (its section) or a row can be dragged, "
                    "not a %s",
                    kind == FOLD_ITEM_KIND_FOOTER ? "footer" : "placeholder");
        return FALSE;
    }
    guint64 section = fold_list_item_get_section_id(item);
    gint64 row = kind == FOLD_ITEM_KIND_ROW ? fold_list_item_get_row(item) : -1;
    return fold_drop_indicator_set_dragged(self, &section, 1, &row, 1, error);
}

/**
 * fold_drop_indicator_update:
 * @self: a #FoldDropIndicator
 * @x: the pointer's x in the list view (a #GtkDropTarget's motion x)
 * @y: its y in the list view
 * @out_target: (out caller-allocates) (optional): where the dragged
 *   items would land
 * @error: return location for a #GError
 *
 * Asks the engine where the dragged items would land for the pointer at
 * (@x, @y): content y is @y plus the list's scroll offset, the level is
 * (@x - #FoldDropIndicator:indent-start) / #FoldDropIndicator:indent-width.
 * Shows the answer (nothing for %FOLD_DROP_KIND_NONE).
 *
 * Cost: O(d × depth × log n) for d dragged items.
 *
 * Returns: %TRUE, or %FALSE with @error set (no model or list:
 *   %FOLD_E_INVALID; a dragged item that no longer exists:
 *   %FOLD_E_NOT_FOUND), the indicator hidden
 */
gboolean
fold_drop_indicator_update(FoldDropIndicator *self, double x, double y,
                           FoldDropTarget *out_target, GError **error)
{
    g_return_val_if_fail(FOLD_IS_DROP_INDICATOR(self), FALSE);
    GtkAdjustment *vadj = vadjustment(self);
    if (!self->model || !vadj) {
        fold_drop_indicator_hide(self);
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                    "FOLD_E_INVALID: the FoldDropIndicator has no %s",
                    self->model ? "list view (with a vertical adjustment)" : "model");
        return FALSE;
    }
    fold_drop_target t = {0};
    int status = fold_table_drop_target(
        fold_list_model_get_table(self->model), x - self->indent_start,
        y + gtk_adjustment_get_value(vadj), self->indent_width,
        self->dragged->len ? (const fold_item_ref *)self->dragged->data : NULL,
        self->dragged->len, &t);
    if (!fold_check_status(status, error)) {
        fold_drop_indicator_hide(self);
        return FALSE;
    }
    self->target = t;
    self->shown = TRUE;
    watch(self);
    gtk_widget_queue_draw(GTK_WIDGET(self));
    if (out_target)
        fold_drop_target_from_engine(out_target, &t);
    return TRUE;
}

/**
 * fold_drop_indicator_get_target:
 * @self: a #FoldDropIndicator
 * @out_target: (out caller-allocates): the target shown
 *
 * The target of the last fold_drop_indicator_update(), while shown.
 *
 * Returns: %TRUE if one is shown (its kind may be %FOLD_DROP_KIND_NONE)
 */
gboolean
fold_drop_indicator_get_target(FoldDropIndicator *self, FoldDropTarget *out_target)
{
    g_return_val_if_fail(FOLD_IS_DROP_INDICATOR(self), FALSE);
    if (!self->shown)
        return FALSE;
    if (out_target)
        fold_drop_target_from_engine(out_target, &self->target);
    return TRUE;
}

/**
 * fold_drop_indicator_hide:
 * @self: a #FoldDropIndicator
 *
 * Hides the indicator (the pointer left the list); what is dragged is kept.
 */
void
fold_drop_indicator_hide(FoldDropIndicator *self)
{
    g_return_if_fail(FOLD_IS_DROP_INDICATOR(self));
    if (self->shown) {
        self->shown = FALSE;
        gtk_widget_queue_draw(GTK_WIDGET(self));
    }
}

/**
 * fold_drop_indicator_clear:
 * @self: a #FoldDropIndicator
 *
 * Hides the indicator and forgets what is dragged (the drag ended).
 */
void
fold_drop_indicator_clear(FoldDropIndicator *self)
{
    g_return_if_fail(FOLD_IS_DROP_INDICATOR(self));
    fold_drop_indicator_hide(self);
    g_array_set_size(self->dragged, 0);
}

/**
 * fold_drop_indicator_drop:
 * @self: a #FoldDropIndicator
 * @error: return location for a #GError
 *
 * Drops the dragged items at the target shown (fold_table_drop(): one
 * change set with moves, so the list keeps their widgets), then hides the
 * indicator and forgets them, whether it worked or not.
 *
 * Cost: O(d × depth × log n) for d items.
 *
 * Returns: %TRUE if they moved; %FALSE with @error set: no target shown or
 *   nothing dragged (%FOLD_E_INVALID), a place that takes no drop
 *   (%FOLD_E_NOT_ALLOWED), or the engine's refusal; nothing changes then
 */
gboolean
fold_drop_indicator_drop(FoldDropIndicator *self, GError **error)
{
    g_return_val_if_fail(FOLD_IS_DROP_INDICATOR(self), FALSE);
    int status = FOLD_OK;
    if (!self->model || !self->shown || self->dragged->len == 0) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                    "FOLD_E_INVALID: %s",
                    !self->model   ? "the FoldDropIndicator has no model"
                    : !self->shown ? "no drop target is shown (call fold_drop_indicator_update first)"
                                   : "nothing is dragged (a drag from elsewhere: insert the data "
                                     "at fold_drop_indicator_get_target yourself)");
        fold_drop_indicator_clear(self);
        return FALSE;
    }
    if (self->target.kind == FOLD_DROP_NONE) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_NOT_ALLOWED,
                    "FOLD_E_NOT_ALLOWED: the dragged items cannot be dropped here");
        fold_drop_indicator_clear(self);
        return FALSE;
    }
    status = fold_table_drop(fold_list_model_get_table(self->model), self->target.parent,
                             self->target.index, (const fold_item_ref *)self->dragged->data,
                             self->dragged->len);
    fold_drop_indicator_clear(self);
    return fold_check_status(status, error);
}
