/*
 * fold-sticky-headers.c — FoldStickyHeaders: the engine's sticky headers over
 * a scrolled GtkListView (see fold-sticky-headers.h for the behaviour).
 *
 * This file: the type, its properties, resolving the list, the model and
 * the adjustment it follows, the public API; the default factory, the slots
 * and the layout are in fold-sticky-headers-layout.c.
 */
#include "fold-sticky-headers-private.h"

enum { PROP_0, PROP_CHILD, PROP_MODEL, PROP_LIST_VIEW, PROP_FACTORY, PROP_N_HEADERS, N_PROPS };
static GParamSpec *props[N_PROPS];

G_DEFINE_FINAL_TYPE(FoldStickyHeaders, fold_sticky_headers, GTK_TYPE_WIDGET)

/* ---- resolving the list, the model, the adjustment ---------------------- */

static GtkListView *
effective_list(FoldStickyHeaders *self)
{
    if (self->list_view)
        return self->list_view;
    if (GTK_IS_SCROLLED_WINDOW(self->child)) {
        GtkWidget *c = gtk_scrolled_window_get_child(GTK_SCROLLED_WINDOW(self->child));
        if (GTK_IS_LIST_VIEW(c))
            return GTK_LIST_VIEW(c);
    }
    return NULL;
}

/* The FoldListModel under the list's selection model (GtkNoSelection,
 * GtkSingleSelection, GtkMultiSelection: their "model" property). */
static FoldListModel *
model_of_list(GtkListView *list)
{
    GtkSelectionModel *selection = list ? gtk_list_view_get_model(list) : NULL;
    if (!selection)
        return NULL;
    if (FOLD_IS_LIST_MODEL(selection))
        return FOLD_LIST_MODEL(selection);
    GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(selection), "model");
    if (!pspec || !g_type_is_a(pspec->value_type, G_TYPE_LIST_MODEL))
        return NULL;
    GListModel *inner = NULL;
    g_object_get(selection, "model", &inner, NULL);
    FoldListModel *model = FOLD_IS_LIST_MODEL(inner) ? FOLD_LIST_MODEL(inner) : NULL;
    g_clear_object(&inner); /* the selection model keeps its own reference */
    return model;
}

static FoldListModel *
effective_model(FoldStickyHeaders *self)
{
    return self->model ? self->model : model_of_list(effective_list(self));
}

/* Whatever the stack depends on changed: lay it out again. Connected
 * swapped (the emitter's arguments are ignored); items-changed comes from
 * inside the table's change listener, so the table is only read at layout. */
#define RELAYOUT_ON(object, signal)                                                  \
    g_signal_connect_swapped(object, signal, G_CALLBACK(gtk_widget_queue_allocate), self)

#define WATCH(field, new_value, connect)                                             \
    do {                                                                             \
        if (self->field != (gpointer)(new_value)) {                                  \
            if (self->field) {                                                       \
                g_signal_handlers_disconnect_by_data(self->field, self);             \
                g_object_unref(self->field);                                         \
            }                                                                        \
            self->field = (new_value) ? g_object_ref(new_value) : NULL;              \
            if (self->field) {                                                       \
                connect;                                                             \
            }                                                                        \
        }                                                                            \
    } while (0)

/* Connects to whatever the stack depends on; cheap when nothing changed. */
void
fold_sticky_headers_watch(FoldStickyHeaders *self)
{
    GtkListView *list = effective_list(self);
    FoldListModel *model = effective_model(self);
    GtkAdjustment *vadj = list ? gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list)) : NULL;
    WATCH(watched_child, GTK_IS_SCROLLED_WINDOW(self->child) ? self->child : NULL,
          RELAYOUT_ON(self->watched_child, "notify::child"));
    WATCH(watched_list, list, {
        RELAYOUT_ON(self->watched_list, "notify::model");
        RELAYOUT_ON(self->watched_list, "notify::factory");
        RELAYOUT_ON(self->watched_list, "notify::vadjustment");
        RELAYOUT_ON(self->watched_list, "notify::css-classes");
        RELAYOUT_ON(self->watched_list, "notify::single-click-activate");
    });
    WATCH(watched_model, model, RELAYOUT_ON(self->watched_model, "items-changed"));
    WATCH(watched_vadj, vadj, {
        RELAYOUT_ON(self->watched_vadj, "value-changed");
        RELAYOUT_ON(self->watched_vadj, "notify::page-size");
    });
}

static void
unwatch(FoldStickyHeaders *self)
{
    GObject **fields[] = {(GObject **)&self->watched_child, (GObject **)&self->watched_list,
                          (GObject **)&self->watched_model, (GObject **)&self->watched_vadj};
    for (size_t i = 0; i < G_N_ELEMENTS(fields); i++) {
        if (*fields[i]) {
            g_signal_handlers_disconnect_by_data(*fields[i], self);
            g_clear_object(fields[i]);
        }
    }
}

/* ---- layout (the rest is in fold-sticky-headers-layout.c) ------------------ */

void
fold_sticky_headers_set_n_shown(FoldStickyHeaders *self, guint n)
{
    guint before = self->headers->len;
    g_array_set_size(self->headers, n);
    if (before != n)
        g_object_notify_by_pspec(G_OBJECT(self), props[PROP_N_HEADERS]);
}

/* ---- GObject ------------------------------------------------------------- */

static void
fold_sticky_headers_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(object);
    if (id == PROP_N_HEADERS)
        g_value_set_uint(value, self->headers->len);
    else
        fold_get_field_property(object, id, value, pspec); /* a field */
}

static void
fold_sticky_headers_dispose(GObject *object)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(object);
    unwatch(self);
    if (self->slots) {
        for (guint i = 0; i < self->slots->len; i++)
            gtk_widget_unparent(g_ptr_array_index(self->slots, i));
        g_ptr_array_set_size(self->slots, 0);
    }
    g_clear_pointer(&self->child, gtk_widget_unparent);
    g_clear_object(&self->list_view);
    g_clear_object(&self->model);
    g_clear_object(&self->factory);
    g_clear_object(&self->default_factory);
    G_OBJECT_CLASS(fold_sticky_headers_parent_class)->dispose(object);
}

static void
fold_sticky_headers_finalize(GObject *object)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(object);
    g_ptr_array_unref(self->slots);
    g_array_unref(self->headers);
    G_OBJECT_CLASS(fold_sticky_headers_parent_class)->finalize(object);
}

static void
fold_sticky_headers_class_init(FoldStickyHeadersClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    object_class->get_property = fold_sticky_headers_get_property;
    object_class->set_property = fold_set_object_property;
    object_class->dispose = fold_sticky_headers_dispose;
    object_class->finalize = fold_sticky_headers_finalize;
    widget_class->measure = fold_sticky_headers_measure;
    widget_class->size_allocate = fold_sticky_headers_size_allocate;
    widget_class->snapshot = fold_sticky_headers_snapshot;

    /* The object properties show fields (fold_get_field_property); the
     * public setters write them (fold_set_object_property). */
#define FIELD(field) G_STRUCT_OFFSET(FoldStickyHeaders, field)
    /**
     * FoldStickyHeaders:child:
     *
     * The widget shown under the headers: the GtkScrolledWindow that holds
     * the list.
     */
    props[PROP_CHILD] = fold_param_object_field("child", GTK_TYPE_WIDGET, FIELD(child),
                                                (FoldObjectSetter)fold_sticky_headers_set_child);
    /**
     * FoldStickyHeaders:model:
     *
     * The model whose table gives the stack; %NULL takes the FoldListModel
     * under the list's selection model.
     */
    props[PROP_MODEL] = fold_param_object_field("model", FOLD_TYPE_LIST_MODEL, FIELD(model),
                                                (FoldObjectSetter)fold_sticky_headers_set_model);
    /**
     * FoldStickyHeaders:list-view:
     *
     * The list the headers are laid over; %NULL takes the child's child when
     * the child is a GtkScrolledWindow holding a GtkListView.
     */
    props[PROP_LIST_VIEW] =
        fold_param_object_field("list-view", GTK_TYPE_LIST_VIEW, FIELD(list_view),
                                (FoldObjectSetter)fold_sticky_headers_set_list_view);
    /**
     * FoldStickyHeaders:factory:
     *
     * The factory that renders the stuck headers; %NULL uses the list's own
     * factory (the same widgets as the list's header rows).
     */
    props[PROP_FACTORY] =
        fold_param_object_field("factory", GTK_TYPE_LIST_ITEM_FACTORY, FIELD(factory),
                                (FoldObjectSetter)fold_sticky_headers_set_factory);
    /**
     * FoldStickyHeaders:n-headers:
     *
     * How many headers are stuck now (as of the last layout).
     */
    props[PROP_N_HEADERS] = g_param_spec_uint("n-headers", NULL, NULL, 0, G_MAXUINT, 0,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                  G_PARAM_EXPLICIT_NOTIFY);
#undef FIELD
    g_object_class_install_properties(object_class, N_PROPS, props);
    gtk_widget_class_set_css_name(widget_class, "foldstickyheaders");
}

static void
fold_sticky_headers_init(FoldStickyHeaders *self)
{
    self->slots = g_ptr_array_new();
    self->headers = g_array_new(FALSE, TRUE, sizeof(fold_sticky_header));
    self->pressed_slot = -1;
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
}

/* ---- public API ---------------------------------------------------------- */

/* Sets the model, list-view or factory property (a reference is kept) and
 * lays the stack out again; the model and the list are watched (the
 * factory is only read at layout). */
static void
set_object_prop(FoldStickyHeaders *self, gpointer field, gpointer object, guint prop)
{
    if (!g_set_object((GObject **)field, object))
        return;
    if (prop != PROP_FACTORY)
        fold_sticky_headers_watch(self);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), props[prop]);
}

/* The setters of those properties: the checks every GObject setter makes,
 * then set_object_prop(). */
#define OBJECT_SETTER(name, Type, is_type, field, prop)                                       \
    void name(FoldStickyHeaders *self, Type *field)                                           \
    {                                                                                         \
        g_return_if_fail(FOLD_IS_STICKY_HEADERS(self));                                       \
        g_return_if_fail(field == NULL || is_type(field));                                    \
        set_object_prop(self, &self->field, field, prop);                                     \
    }

/**
 * fold_sticky_headers_new:
 * @model: (nullable): the model the list shows, or %NULL to take the
 *   FoldListModel under the list's selection model
 * @child: (nullable): the GtkScrolledWindow holding the GtkListView
 *
 * A widget that shows @child with the engine's sticky headers over the
 * list in it. Put it where @child would have gone.
 *
 * Returns: a new FoldStickyHeaders
 */
GtkWidget *
fold_sticky_headers_new(FoldListModel *model, GtkWidget *child)
{
    g_return_val_if_fail(model == NULL || FOLD_IS_LIST_MODEL(model), NULL);
    g_return_val_if_fail(child == NULL || GTK_IS_WIDGET(child), NULL);
    return g_object_new(FOLD_TYPE_STICKY_HEADERS, "model", model, "child", child, NULL);
}

/**
 * fold_sticky_headers_set_child:
 * @self: the widget
 * @child: (nullable): the GtkScrolledWindow holding the list, or %NULL
 *
 * Sets the widget shown under the headers; it must have no parent.
 */
void
fold_sticky_headers_set_child(FoldStickyHeaders *self, GtkWidget *child)
{
    g_return_if_fail(FOLD_IS_STICKY_HEADERS(self));
    g_return_if_fail(child == NULL || GTK_IS_WIDGET(child));
    g_return_if_fail(child == NULL || self->child == child ||
                     gtk_widget_get_parent(child) == NULL);
    if (self->child == child)
        return;
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (child) {
        self->child = child;
        gtk_widget_insert_after(child, GTK_WIDGET(self), NULL);
    }
    fold_sticky_headers_watch(self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_CHILD]);
}

/**
 * fold_sticky_headers_get_child:
 * @self: the widget
 *
 * Returns: (transfer none) (nullable): the child
 */
FOLD_DEFINE_GETTER(GtkWidget *, fold_sticky_headers_get_child, FoldStickyHeaders,
                   FOLD_IS_STICKY_HEADERS, NULL, self->child)

/**
 * fold_sticky_headers_set_model:
 * @self: the widget
 * @model: (nullable): the model the list shows, or %NULL to take the one
 *   under the list's selection model
 *
 * Sets the model whose table (fold_list_model_get_table()) gives the stack.
 */
OBJECT_SETTER(fold_sticky_headers_set_model, FoldListModel, FOLD_IS_LIST_MODEL, model,
              PROP_MODEL)

/**
 * fold_sticky_headers_get_model:
 * @self: the widget
 *
 * Returns: (transfer none) (nullable): the model set with
 *   fold_sticky_headers_set_model() or, without one, the FoldListModel under
 *   the list's selection model
 */
FOLD_DEFINE_GETTER(FoldListModel *, fold_sticky_headers_get_model, FoldStickyHeaders,
                   FOLD_IS_STICKY_HEADERS, NULL, effective_model(self))

/**
 * fold_sticky_headers_set_list_view:
 * @self: the widget
 * @list_view: (nullable): the list, or %NULL for the child's child
 *
 * Sets the list the headers are laid over, when it is not the direct child
 * of the child GtkScrolledWindow. It must be inside the child.
 */
OBJECT_SETTER(fold_sticky_headers_set_list_view, GtkListView, GTK_IS_LIST_VIEW, list_view,
              PROP_LIST_VIEW)

/**
 * fold_sticky_headers_get_list_view:
 * @self: the widget
 *
 * Returns: (transfer none) (nullable): the list the headers are laid over
 */
FOLD_DEFINE_GETTER(GtkListView *, fold_sticky_headers_get_list_view, FoldStickyHeaders,
                   FOLD_IS_STICKY_HEADERS, NULL, effective_list(self))

/**
 * fold_sticky_headers_set_factory:
 * @self: the widget
 * @factory: (nullable): the factory for the stuck headers, or %NULL for the
 *   list's own
 *
 * Sets the factory that renders the stuck headers. By default they are
 * rendered by the list's factory, so they look exactly like the header rows
 * in the list; without either, a built-in one shows the indicator, title
 * and detail.
 */
OBJECT_SETTER(fold_sticky_headers_set_factory, GtkListItemFactory, GTK_IS_LIST_ITEM_FACTORY,
              factory, PROP_FACTORY)

/**
 * fold_sticky_headers_get_factory:
 * @self: the widget
 *
 * Returns: (transfer none) (nullable): the factory set with
 *   fold_sticky_headers_set_factory()
 */
FOLD_DEFINE_GETTER(GtkListItemFactory *, fold_sticky_headers_get_factory, FoldStickyHeaders,
                   FOLD_IS_STICKY_HEADERS, NULL, self->factory)

/**
 * fold_sticky_headers_get_n_headers:
 * @self: the widget
 *
 * Returns: how many headers are stuck, as of the last layout (the engine's
 *   fold_table_sticky_headers() at the list's offset then)
 */
FOLD_DEFINE_GETTER(guint, fold_sticky_headers_get_n_headers, FoldStickyHeaders,
                   FOLD_IS_STICKY_HEADERS, 0, self->headers->len)

/**
 * fold_sticky_headers_get_header:
 * @self: the widget
 * @index: 0 for the outermost stuck header, up to n-headers - 1
 * @out_section: (out) (optional): its section's id
 * @out_position: (out) (optional): its position in the model
 * @out_y: (out) (optional): where it is drawn, from the list's top edge in
 *   pixels: the engine's top minus the list's offset
 * @out_height: (out) (optional): its height (the engine's)
 *
 * Describes a stuck header as of the last layout.
 *
 * Returns: %TRUE, or %FALSE (outputs untouched) if @index is out of range
 */
gboolean
fold_sticky_headers_get_header(FoldStickyHeaders *self, guint index,
                               fold_section_id *out_section, guint *out_position, double *out_y,
                               double *out_height)
{
    g_return_val_if_fail(FOLD_IS_STICKY_HEADERS(self), FALSE);
    if (index >= self->headers->len)
        return FALSE;
    const fold_sticky_header *h = &g_array_index(self->headers, fold_sticky_header, index);
    if (out_section)
        *out_section = h->section;
    if (out_position)
        *out_position = (guint)h->position;
    if (out_y)
        *out_y = h->top - self->offset;
    if (out_height)
        *out_height = h->height;
    return TRUE;
}

/**
 * fold_sticky_headers_get_header_widget:
 * @self: the widget
 * @index: 0 for the outermost stuck header
 *
 * The widget that shows a stuck header: a one-row GtkListView (CSS class
 * fold-sticky-header plus the list's classes) whose row holds the
 * factory's widget. It takes the clicks on the header.
 *
 * Returns: (transfer none) (nullable): the widget, or %NULL if @index is out
 *   of range
 */
GtkWidget *
fold_sticky_headers_get_header_widget(FoldStickyHeaders *self, guint index)
{
    g_return_val_if_fail(FOLD_IS_STICKY_HEADERS(self), NULL);
    if (index >= self->headers->len || index >= self->slots->len)
        return NULL;
    return g_ptr_array_index(self->slots, index);
}

/**
 * fold_sticky_headers_activate_header:
 * @self: the widget
 * @index: 0 for the outermost stuck header
 * @out_changed: (out) (optional): whether the section changed (%FALSE when
 *   a "will" listener refused)
 * @error: return location for an error
 *
 * What a click on a stuck header does: toggles that header's section
 * (fold_list_model_toggle_section(); a stuck header's section is expanded,
 * so it collapses) and scrolls the list so that the header stays at the
 * same place on screen, as far as the content allows (the list cannot
 * scroll past its end). An index out of range fails with FOLD_E_RANGE, a
 * fixed section with FOLD_E_NOT_ALLOWED (FOLD_LIST_MODEL_ERROR); nothing
 * changes then.
 *
 * Cost: one toggle, O(depth * log n) for the new offset.
 *
 * Returns: %TRUE on success
 */
gboolean
fold_sticky_headers_activate_header(FoldStickyHeaders *self, guint index,
                                    gboolean *out_changed, GError **error)
{
    g_return_val_if_fail(FOLD_IS_STICKY_HEADERS(self), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    FoldListModel *model = effective_model(self);
    if (!model || index >= self->headers->len) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, model ? FOLD_E_RANGE : FOLD_E_INVALID,
                    model ? "no stuck header %u (%u shown)" : "no FoldListModel (header %u)",
                    index, self->headers->len);
        return FALSE;
    }
    const fold_sticky_header h = g_array_index(self->headers, fold_sticky_header, index);
    double screen_y = h.top - self->offset;
    gboolean changed = FALSE;
    if (!fold_list_model_toggle_section(model, h.section, &changed, error))
        return FALSE;
    if (out_changed)
        *out_changed = changed;
    GtkAdjustment *vadj = self->watched_vadj;
    fold_table *table = fold_list_model_get_table(model);
    int64_t position = -1;
    double top = 0, content = 0;
    if (changed && vadj && fold_table_header_position(table, h.section, &position) == FOLD_OK &&
        fold_table_item_top(table, position, &top) == FOLD_OK &&
        fold_table_content_height(table, &content) == FOLD_OK) {
        double page = gtk_adjustment_get_page_size(vadj);
        double target = MAX(0.0, MIN(top - screen_y, content - page));
        self->pending = TRUE;
        self->pending_offset = target;
        gtk_adjustment_set_value(vadj, target);
        int set = 0;
        if (fold_table_viewport(table, &set, NULL, NULL) == FOLD_OK && set)
            fold_table_set_viewport(table, target, page);
    }
    gtk_widget_queue_allocate(GTK_WIDGET(self));
    return TRUE;
}
