/*
 * fold-sticky-headers.c — FoldStickyHeaders: the engine's sticky headers over
 * a scrolled GtkListView (see fold-sticky-headers.h for the behaviour).
 *
 * Layout: the child (the GtkScrolledWindow holding the list) fills the
 * widget. On every allocation, after the child (so after the list has laid
 * itself out and settled its adjustment), the stack is asked of the engine
 * at the adjustment's value and one "slot" per stuck header is laid out over
 * the list: a one-row GtkListView over a GtkSliceListModel(model, header
 * position, 1), with the list's factory and CSS classes, at the list's x and
 * width, at the engine's top and height. Slots are kept in a pool (index =
 * level in the stack, 0 = outermost) and hidden when unused.
 *
 * Children are ordered child, slot n-1, ..., slot 1, slot 0: drawn in that
 * order (deeper headers first, so the outer ones slide over them) and
 * picked in the reverse order (the outermost header gets the click).
 */
#include "fold-sticky-headers.h"

#include <math.h>
#include <string.h>

struct _FoldStickyHeaders {
    GtkWidget parent_instance;

    GtkWidget *child;
    GtkListView *list_view;      /* set explicitly (ref) */
    FoldListModel *model;        /* set explicitly (ref) */
    GtkListItemFactory *factory; /* set explicitly (ref) */
    GtkListItemFactory *default_factory;

    /* What the signals are connected to (refs), resolved at each layout. */
    GtkWidget *watched_child;
    GtkListView *watched_list;
    FoldListModel *watched_model;
    GtkAdjustment *watched_vadj;

    GPtrArray *slots;  /* GtkListView*, owned as children */
    GArray *headers;   /* fold_sticky_header: the stack shown */
    double offset;     /* the adjustment value the stack was computed at */
    graphene_rect_t viewport; /* the list's bounds, in our coordinates */

    /* After a click: the offset that keeps the header in place, applied
     * again after the list's next layout if the list moved away from it. */
    gboolean pending;
    double pending_offset;
    int pressed_slot;
};

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
static void
watch(FoldStickyHeaders *self)
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

/* ---- the default factory (used when the list has none) ------------------ */

/* Title, detail and indicator, indented by depth, at the item's height:
 * the header rows of demo-listview.c. */
static void
default_setup(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    GtkWidget *line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *indicator = gtk_label_new(NULL);
    GtkWidget *title = gtk_label_new(NULL);
    GtkWidget *detail = gtk_label_new(NULL);
    gtk_label_set_width_chars(GTK_LABEL(indicator), 2);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_set_hexpand(title, TRUE);
    gtk_widget_add_css_class(detail, "dim-label");
    gtk_box_append(GTK_BOX(line), indicator);
    gtk_box_append(GTK_BOX(line), title);
    gtk_box_append(GTK_BOX(line), detail);
    gtk_widget_set_margin_end(line, 12);
    gtk_list_item_set_child(list_item, line);
}

static void
default_bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    FoldListItem *item = gtk_list_item_get_item(list_item);
    GtkWidget *line = gtk_list_item_get_child(list_item);
    if (!FOLD_IS_LIST_ITEM(item) || !line)
        return;
    GtkWidget *indicator = gtk_widget_get_first_child(line);
    GtkWidget *title = gtk_widget_get_next_sibling(indicator);
    GtkWidget *detail = gtk_widget_get_next_sibling(title);
    const char *text = fold_list_item_get_title(item);
    const char *more = fold_list_item_get_detail(item);
    const char *sign =
        fold_list_item_get_collapsible(item) ? fold_list_item_get_indicator(item) : NULL;
    gtk_label_set_text(GTK_LABEL(indicator), sign ? sign : "");
    gtk_label_set_text(GTK_LABEL(title), text ? text : "");
    gtk_label_set_text(GTK_LABEL(detail), more ? more : "");
    gtk_widget_set_margin_start(line, 8 + 22 * MAX(fold_list_item_get_depth(item), 0));
    gtk_widget_set_size_request(line, -1, (int)lround(fold_list_item_get_height(item)));
    static const char *const classes[] = {"fold-header", "fold-row", "fold-footer"};
    for (size_t i = 0; i < G_N_ELEMENTS(classes); i++)
        gtk_widget_remove_css_class(line, classes[i]);
    int32_t kind = fold_list_item_get_kind(item);
    gtk_widget_add_css_class(line, kind == FOLD_ITEM_HEADER ? "fold-header"
                                   : kind == FOLD_ITEM_ROW  ? "fold-row"
                                                            : "fold-footer");
}

static GtkListItemFactory *
effective_factory(FoldStickyHeaders *self)
{
    if (self->factory)
        return self->factory;
    GtkListView *list = effective_list(self);
    GtkListItemFactory *factory = list ? gtk_list_view_get_factory(list) : NULL;
    if (factory)
        return factory;
    if (!self->default_factory) {
        self->default_factory = gtk_signal_list_item_factory_new();
        g_signal_connect(self->default_factory, "setup", G_CALLBACK(default_setup), NULL);
        g_signal_connect(self->default_factory, "bind", G_CALLBACK(default_bind), NULL);
    }
    return self->default_factory;
}

/* ---- slots --------------------------------------------------------------- */

static void
on_slot_pressed(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
    (void)n_press;
    (void)x;
    (void)y;
    GtkWidget *slot = data;
    GtkWidget *parent = gtk_widget_get_parent(slot);
    if (!FOLD_IS_STICKY_HEADERS(parent))
        return;
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(parent);
    /* Ours: the row under the header and the slot's own row never see it. */
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    self->pressed_slot = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(slot), "fold-slot-index"));
}

static void
on_slot_released(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
    (void)gesture;
    (void)n_press;
    (void)x;
    (void)y;
    GtkWidget *slot = data;
    GtkWidget *parent = gtk_widget_get_parent(slot);
    if (!FOLD_IS_STICKY_HEADERS(parent))
        return;
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(parent);
    int index = GPOINTER_TO_INT(g_object_get_data(G_OBJECT(slot), "fold-slot-index"));
    if (self->pressed_slot != index)
        return;
    self->pressed_slot = -1;
    GError *error = NULL;
    if (!fold_sticky_headers_activate_header(self, (guint)index, NULL, &error)) {
        /* A fixed section, a refusal: nothing changed; nothing to undo. */
        g_debug("FoldStickyHeaders: %s", error->message);
        g_clear_error(&error);
    }
}

static gboolean
on_slot_scroll(GtkEventControllerScroll *controller, double dx, double dy, gpointer data)
{
    (void)dx;
    GtkWidget *slot = data;
    GtkWidget *parent = gtk_widget_get_parent(slot);
    GtkAdjustment *vadj =
        FOLD_IS_STICKY_HEADERS(parent) ? FOLD_STICKY_HEADERS(parent)->watched_vadj : NULL;
    if (!vadj || dy == 0)
        return FALSE;
    double page = gtk_adjustment_get_page_size(vadj);
    /* GtkScrolledWindow's step for a wheel detent. */
    double step = gtk_event_controller_scroll_get_unit(controller) == GDK_SCROLL_UNIT_WHEEL
                      ? pow(page, 2.0 / 3.0)
                      : 1.0;
    gtk_adjustment_set_value(vadj, gtk_adjustment_get_value(vadj) + dy * step);
    return TRUE;
}

static GtkWidget *
ensure_slot(FoldStickyHeaders *self, guint index, FoldListModel *model)
{
    if (index < self->slots->len)
        return g_ptr_array_index(self->slots, index);
    GtkSliceListModel *slice = gtk_slice_list_model_new(g_object_ref(G_LIST_MODEL(model)), 0, 0);
    GtkNoSelection *selection = gtk_no_selection_new(G_LIST_MODEL(slice));
    GtkWidget *slot = gtk_list_view_new(GTK_SELECTION_MODEL(selection), NULL);
    /* A picture of a row the list has: no focus, hidden from assistive
     * technologies (the list's own row is there for them). */
    gtk_widget_set_can_focus(slot, FALSE);
    gtk_accessible_update_state(GTK_ACCESSIBLE(slot), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
    gtk_widget_add_css_class(slot, "fold-sticky-header");
    g_object_set_data(G_OBJECT(slot), "fold-slot-index", GINT_TO_POINTER((int)index));
    g_object_set_data(G_OBJECT(slot), "fold-slot-slice", slice);

    GtkGesture *click = gtk_gesture_click_new();
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(click), GTK_PHASE_CAPTURE);
    g_signal_connect(click, "pressed", G_CALLBACK(on_slot_pressed), slot);
    g_signal_connect(click, "released", G_CALLBACK(on_slot_released), slot);
    gtk_widget_add_controller(slot, GTK_EVENT_CONTROLLER(click));
    GtkEventController *scroll =
        gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
    g_signal_connect(scroll, "scroll", G_CALLBACK(on_slot_scroll), slot);
    gtk_widget_add_controller(slot, scroll);

    /* After the child, before the shallower slots: drawn under them, picked after. */
    gtk_widget_insert_after(slot, GTK_WIDGET(self), self->child);
    g_ptr_array_add(self->slots, slot);
    return slot;
}

static void
slot_set_model(GtkWidget *slot, FoldListModel *model)
{
    GtkSliceListModel *slice = g_object_get_data(G_OBJECT(slot), "fold-slot-slice");
    if (gtk_slice_list_model_get_model(slice) != G_LIST_MODEL(model))
        gtk_slice_list_model_set_model(slice, G_LIST_MODEL(model));
}

static void
slot_sync_style(GtkWidget *slot, GtkListView *list, GtkListItemFactory *factory)
{
    if (gtk_list_view_get_factory(GTK_LIST_VIEW(slot)) != factory)
        gtk_list_view_set_factory(GTK_LIST_VIEW(slot), factory);
    /* Rows that react to hover as the list's do (the click is ours). */
    gboolean single = gtk_list_view_get_single_click_activate(list);
    if (gtk_list_view_get_single_click_activate(GTK_LIST_VIEW(slot)) != single)
        gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(slot), single);
    /* The list's CSS classes and ours. */
    char **want = gtk_widget_get_css_classes(GTK_WIDGET(list));
    char **have = gtk_widget_get_css_classes(slot);
    gboolean same = g_strv_contains((const char *const *)have, "fold-sticky-header");
    guint n_own = g_strv_contains((const char *const *)want, "fold-sticky-header") ? 0 : 1;
    for (guint i = 0; same && want[i]; i++)
        same = g_strv_contains((const char *const *)have, want[i]);
    if (!same || g_strv_length(have) != g_strv_length(want) + n_own) {
        for (guint i = 0; have[i]; i++)
            gtk_widget_remove_css_class(slot, have[i]);
        for (guint i = 0; want[i]; i++)
            gtk_widget_add_css_class(slot, want[i]);
        gtk_widget_add_css_class(slot, "fold-sticky-header");
    }
    g_strfreev(want);
    g_strfreev(have);
}

/* The first row widget of a list view (css name "row"). */
static GtkWidget *
first_row(GtkWidget *list)
{
    for (GtkWidget *c = gtk_widget_get_first_child(list); c; c = gtk_widget_get_next_sibling(c))
        if (gtk_widget_get_child_visible(c) && gtk_widget_get_visible(c) &&
            g_strcmp0(gtk_widget_get_css_name(c), "row") == 0)
            return c;
    return NULL;
}

static void
allocate_slot(GtkWidget *slot, float x, float y, int width, int height)
{
    int min = 0, nat = 0;
    gtk_widget_measure(slot, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
    gtk_widget_measure(slot, GTK_ORIENTATION_VERTICAL, MAX(width, min), &min, &nat, NULL, NULL);
    GskTransform *at = gsk_transform_translate(NULL, &GRAPHENE_POINT_INIT(x, y));
    gtk_widget_allocate(slot, width, height, -1, at);
}

/* ---- layout -------------------------------------------------------------- */

static void
set_n_shown(FoldStickyHeaders *self, guint n)
{
    guint before = self->headers->len;
    g_array_set_size(self->headers, n);
    if (before != n)
        g_object_notify_by_pspec(G_OBJECT(self), props[PROP_N_HEADERS]);
}

static void
layout_headers(FoldStickyHeaders *self)
{
    GtkListView *list = effective_list(self);
    FoldListModel *model = effective_model(self);
    GtkAdjustment *vadj = self->watched_vadj;
    fold_table *table = model ? fold_list_model_get_table(model) : NULL;
    guint n = 0;
    fold_sticky_header stack[16];
    fold_sticky_header *headers = stack;
    int64_t written = 0, total = 0;

    if (list && vadj && table && gtk_widget_get_visible(GTK_WIDGET(list)) &&
        gtk_widget_compute_bounds(GTK_WIDGET(list), GTK_WIDGET(self), &self->viewport)) {
        self->offset = gtk_adjustment_get_value(vadj);
        if (fold_table_sticky_headers(table, self->offset, stack, G_N_ELEMENTS(stack), &written,
                                      &total) == FOLD_OK) {
            if (total > written && total < 4096) {
                headers = g_new(fold_sticky_header, total);
                if (fold_table_sticky_headers(table, self->offset, headers, total, &written,
                                              NULL) != FOLD_OK)
                    written = 0;
            }
            n = (guint)written;
        }
    }
    /* Items the model does not have (yet): stop the stack there. */
    guint n_items = model ? g_list_model_get_n_items(G_LIST_MODEL(model)) : 0;
    for (guint i = 0; i < n; i++)
        if (headers[i].position < 0 || headers[i].position >= n_items)
            n = i;

    set_n_shown(self, n);
    if (n)
        memcpy(self->headers->data, headers, n * sizeof(fold_sticky_header));
    if (headers != stack)
        g_free(headers);

    /* The x and width of the list's rows; without a row, the list's. */
    float x = self->viewport.origin.x;
    float width = self->viewport.size.width;
    GtkWidget *row = n ? first_row(GTK_WIDGET(list)) : NULL;
    graphene_rect_t rb;
    if (row && gtk_widget_compute_bounds(row, GTK_WIDGET(self), &rb)) {
        x = rb.origin.x;
        width = rb.size.width;
    }
    GtkListItemFactory *factory = n ? effective_factory(self) : NULL;
    for (guint i = 0; i < n; i++) {
        const fold_sticky_header *h = &g_array_index(self->headers, fold_sticky_header, i);
        GtkWidget *slot = ensure_slot(self, i, model);
        slot_set_model(slot, model);
        slot_sync_style(slot, list, factory);
        GtkSliceListModel *slice = g_object_get_data(G_OBJECT(slot), "fold-slot-slice");
        gtk_slice_list_model_set_offset(slice, (guint)h->position);
        gtk_slice_list_model_set_size(slice, 1);
        gtk_widget_set_child_visible(slot, TRUE);
        float y = self->viewport.origin.y + (float)round(h->top - self->offset);
        int height = (int)lround(h->height);
        /* The slot's list carries the list's classes, so its row sits where
         * the list's rows sit; measure and correct for what differs. */
        allocate_slot(slot, self->viewport.origin.x, y,
                      (int)lroundf(self->viewport.size.width), height);
        GtkWidget *inner = first_row(slot);
        graphene_rect_t ib;
        if (inner && gtk_widget_compute_bounds(inner, GTK_WIDGET(self), &ib) &&
            (ib.origin.x != x || ib.size.width != width || ib.origin.y != y)) {
            allocate_slot(slot, self->viewport.origin.x + (x - ib.origin.x),
                          y + (y - ib.origin.y),
                          (int)lroundf(self->viewport.size.width + (width - ib.size.width)),
                          height);
        }
    }
    for (guint i = n; i < self->slots->len; i++)
        gtk_widget_set_child_visible(g_ptr_array_index(self->slots, i), FALSE);
}

static void
fold_sticky_headers_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(widget);
    watch(self);
    if (self->child && gtk_widget_should_layout(self->child))
        gtk_widget_allocate(self->child, width, height, baseline, NULL);
    if (self->pending) {
        /* After a click: the list has just laid out the change, re-anchoring
         * with heights it had not measured yet (the clicked header's row is
         * new); put the header back where it was and lay the list out again,
         * now with every height known, before anything is drawn. */
        self->pending = FALSE;
        if (self->watched_vadj &&
            gtk_adjustment_get_value(self->watched_vadj) != self->pending_offset) {
            gtk_adjustment_set_value(self->watched_vadj, self->pending_offset);
            if (self->child && gtk_widget_should_layout(self->child))
                gtk_widget_allocate(self->child, width, height, baseline, NULL);
        }
    }
    layout_headers(self);
}

static void
fold_sticky_headers_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline,
                            int *natural_baseline)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(widget);
    if (self->child && gtk_widget_get_visible(self->child))
        gtk_widget_measure(self->child, orientation, for_size, minimum, natural,
                           minimum_baseline, natural_baseline);
}

static void
fold_sticky_headers_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(widget);
    if (self->child)
        gtk_widget_snapshot_child(widget, self->child, snapshot);
    guint n = self->headers->len;
    if (!n)
        return;
    /* Clipped to the list's viewport; deeper levels first. */
    gtk_snapshot_push_clip(snapshot, &self->viewport);
    for (guint i = n; i-- > 0;)
        gtk_widget_snapshot_child(widget, g_ptr_array_index(self->slots, i), snapshot);
    gtk_snapshot_pop(snapshot);
}

/* ---- GObject ------------------------------------------------------------- */

static void
fold_sticky_headers_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(object);
    switch (id) {
    case PROP_CHILD:
        g_value_set_object(value, self->child);
        break;
    case PROP_MODEL:
        g_value_set_object(value, self->model);
        break;
    case PROP_LIST_VIEW:
        g_value_set_object(value, self->list_view);
        break;
    case PROP_FACTORY:
        g_value_set_object(value, self->factory);
        break;
    case PROP_N_HEADERS:
        g_value_set_uint(value, self->headers->len);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
}

static void
fold_sticky_headers_set_property(GObject *object, guint id, const GValue *value,
                                 GParamSpec *pspec)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(object);
    switch (id) {
    case PROP_CHILD:
        fold_sticky_headers_set_child(self, g_value_get_object(value));
        break;
    case PROP_MODEL:
        fold_sticky_headers_set_model(self, g_value_get_object(value));
        break;
    case PROP_LIST_VIEW:
        fold_sticky_headers_set_list_view(self, g_value_get_object(value));
        break;
    case PROP_FACTORY:
        fold_sticky_headers_set_factory(self, g_value_get_object(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
    }
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
    object_class->set_property = fold_sticky_headers_set_property;
    object_class->dispose = fold_sticky_headers_dispose;
    object_class->finalize = fold_sticky_headers_finalize;
    widget_class->measure = fold_sticky_headers_measure;
    widget_class->size_allocate = fold_sticky_headers_size_allocate;
    widget_class->snapshot = fold_sticky_headers_snapshot;

    /**
     * FoldStickyHeaders:child:
     *
     * The widget shown under the headers: the GtkScrolledWindow that holds
     * the list.
     */
    props[PROP_CHILD] = g_param_spec_object("child", NULL, NULL, GTK_TYPE_WIDGET,
                                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                G_PARAM_EXPLICIT_NOTIFY);
    /**
     * FoldStickyHeaders:model:
     *
     * The model whose table gives the stack; %NULL takes the FoldListModel
     * under the list's selection model.
     */
    props[PROP_MODEL] = g_param_spec_object("model", NULL, NULL, FOLD_TYPE_LIST_MODEL,
                                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                G_PARAM_EXPLICIT_NOTIFY);
    /**
     * FoldStickyHeaders:list-view:
     *
     * The list the headers are laid over; %NULL takes the child's child when
     * the child is a GtkScrolledWindow holding a GtkListView.
     */
    props[PROP_LIST_VIEW] = g_param_spec_object("list-view", NULL, NULL, GTK_TYPE_LIST_VIEW,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                    G_PARAM_EXPLICIT_NOTIFY);
    /**
     * FoldStickyHeaders:factory:
     *
     * The factory that renders the stuck headers; %NULL uses the list's own
     * factory (the same widgets as the list's header rows).
     */
    props[PROP_FACTORY] = g_param_spec_object("factory", NULL, NULL,
                                              GTK_TYPE_LIST_ITEM_FACTORY,
                                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                                                  G_PARAM_EXPLICIT_NOTIFY);
    /**
     * FoldStickyHeaders:n-headers:
     *
     * How many headers are stuck now (as of the last layout).
     */
    props[PROP_N_HEADERS] = g_param_spec_uint("n-headers", NULL, NULL, 0, G_MAXUINT, 0,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                                                  G_PARAM_EXPLICIT_NOTIFY);
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
    watch(self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_CHILD]);
}

/**
 * fold_sticky_headers_get_child:
 * @self: the widget
 *
 * Returns: (transfer none) (nullable): the child
 */
GtkWidget *
fold_sticky_headers_get_child(FoldStickyHeaders *self)
{
    g_return_val_if_fail(FOLD_IS_STICKY_HEADERS(self), NULL);
    return self->child;
}

/**
 * fold_sticky_headers_set_model:
 * @self: the widget
 * @model: (nullable): the model the list shows, or %NULL to take the one
 *   under the list's selection model
 *
 * Sets the model whose table (fold_list_model_get_table()) gives the stack.
 */
void
fold_sticky_headers_set_model(FoldStickyHeaders *self, FoldListModel *model)
{
    g_return_if_fail(FOLD_IS_STICKY_HEADERS(self));
    g_return_if_fail(model == NULL || FOLD_IS_LIST_MODEL(model));
    if (!g_set_object(&self->model, model))
        return;
    watch(self);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_MODEL]);
}

/**
 * fold_sticky_headers_get_model:
 * @self: the widget
 *
 * Returns: (transfer none) (nullable): the model set with
 *   fold_sticky_headers_set_model() or, without one, the FoldListModel under
 *   the list's selection model
 */
FoldListModel *
fold_sticky_headers_get_model(FoldStickyHeaders *self)
{
    g_return_val_if_fail(FOLD_IS_STICKY_HEADERS(self), NULL);
    return effective_model(self);
}

/**
 * fold_sticky_headers_set_list_view:
 * @self: the widget
 * @list_view: (nullable): the list, or %NULL for the child's child
 *
 * Sets the list the headers are laid over, when it is not the direct child
 * of the child GtkScrolledWindow. It must be inside the child.
 */
void
fold_sticky_headers_set_list_view(FoldStickyHeaders *self, GtkListView *list_view)
{
    g_return_if_fail(FOLD_IS_STICKY_HEADERS(self));
    g_return_if_fail(list_view == NULL || GTK_IS_LIST_VIEW(list_view));
    if (!g_set_object(&self->list_view, list_view))
        return;
    watch(self);
    gtk_widget_queue_allocate(GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_LIST_VIEW]);
}

/**
 * fold_sticky_headers_get_list_view:
 * @self: the widget
 *
 * Returns: (transfer none) (nullable): the list the headers are laid over
 */
GtkListView *
fold_sticky_headers_get_list_view(FoldStickyHeaders *self)
{
    g_return_val_if_fail(FOLD_IS_STICKY_HEADERS(self), NULL);
    return effective_list(self);
}

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
void
fold_sticky_headers_set_factory(FoldStickyHeaders *self, GtkListItemFactory *factory)
{
    g_return_if_fail(FOLD_IS_STICKY_HEADERS(self));
    g_return_if_fail(factory == NULL || GTK_IS_LIST_ITEM_FACTORY(factory));
    if (!g_set_object(&self->factory, factory))
        return;
    gtk_widget_queue_allocate(GTK_WIDGET(self));
    g_object_notify_by_pspec(G_OBJECT(self), props[PROP_FACTORY]);
}

/**
 * fold_sticky_headers_get_factory:
 * @self: the widget
 *
 * Returns: (transfer none) (nullable): the factory set with
 *   fold_sticky_headers_set_factory()
 */
GtkListItemFactory *
fold_sticky_headers_get_factory(FoldStickyHeaders *self)
{
    g_return_val_if_fail(FOLD_IS_STICKY_HEADERS(self), NULL);
    return self->factory;
}

/**
 * fold_sticky_headers_get_n_headers:
 * @self: the widget
 *
 * Returns: how many headers are stuck, as of the last layout (the engine's
 *   fold_table_sticky_headers() at the list's offset then)
 */
guint
fold_sticky_headers_get_n_headers(FoldStickyHeaders *self)
{
    g_return_val_if_fail(FOLD_IS_STICKY_HEADERS(self), 0);
    return self->headers->len;
}

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
