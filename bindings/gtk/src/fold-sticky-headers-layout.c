/*
 * fold-sticky-headers-layout.c — FoldStickyHeaders' layout: the default
 * header factory, the slots, their layout over the list and their drawing.
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
#include "fold-sticky-headers-private.h"
#include "fold-header-line.h"

#include <math.h>
#include <string.h>

/* ---- the default factory (used when the list has none) ------------------ */

/* Title, detail and indicator, indented by depth, at the item's height:
 * the header rows of demo-listview.c (the same line, fold-header-line.h). */
static void
default_setup(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    GtkWidget *line = fold_header_line_new(NULL, NULL, NULL);
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
    GtkListView *list = fold_sticky_headers_get_list_view(self);
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

/* The FoldStickyHeaders a slot is in (NULL once it left), and the slot's
 * index (its level in the stack). */
static FoldStickyHeaders *
owner_of(GtkWidget *slot)
{
    GtkWidget *parent = gtk_widget_get_parent(slot);
    return FOLD_IS_STICKY_HEADERS(parent) ? FOLD_STICKY_HEADERS(parent) : NULL;
}

static int
slot_index(GtkWidget *slot)
{
    return GPOINTER_TO_INT(g_object_get_data(G_OBJECT(slot), "fold-slot-index"));
}

static void
on_slot_pressed(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
    (void)n_press;
    (void)x;
    (void)y;
    FoldStickyHeaders *self = owner_of(data);
    if (!self)
        return;
    /* Ours: the row under the header and the slot's own row never see it. */
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    self->pressed_slot = slot_index(data);
}

static void
on_slot_released(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
    (void)gesture;
    (void)n_press;
    (void)x;
    (void)y;
    FoldStickyHeaders *self = owner_of(data);
    int index = slot_index(data);
    if (!self || self->pressed_slot != index)
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
    FoldStickyHeaders *self = owner_of(data);
    GtkAdjustment *vadj = self ? self->watched_vadj : NULL;
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
layout_headers(FoldStickyHeaders *self)
{
    GtkListView *list = fold_sticky_headers_get_list_view(self);
    FoldListModel *model = fold_sticky_headers_get_model(self);
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

    fold_sticky_headers_set_n_shown(self, n);
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

void
fold_sticky_headers_size_allocate(GtkWidget *widget, int width, int height, int baseline)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(widget);
    fold_sticky_headers_watch(self);
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

void
fold_sticky_headers_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                            int *minimum, int *natural, int *minimum_baseline,
                            int *natural_baseline)
{
    FoldStickyHeaders *self = FOLD_STICKY_HEADERS(widget);
    if (self->child && gtk_widget_get_visible(self->child))
        gtk_widget_measure(self->child, orientation, for_size, minimum, natural,
                           minimum_baseline, natural_baseline);
}

/* The first FoldExpander under `w` (the row widget a factory made), else
 * NULL. */
static GtkWidget *
find_expander(GtkWidget *w)
{
    for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c)) {
        if (FOLD_IS_EXPANDER(c))
            return c;
        GtkWidget *found = find_expander(c);
        if (found)
            return found;
    }
    return NULL;
}

/* A stuck header that is the engine's focused item covers the list's row
 * and its focus ring: while GTK's focus is in the list and shown, the
 * ring is drawn again over the stuck header, as the expander draws it
 * (foldexpander:focus:focus-visible: 2 px, inset 2 px, rounded 4 px) —
 * around the slot's expander, else its row. Drawn at every snapshot: a
 * focus change redraws the list's rows, and so this widget. */
static void
snapshot_focus(FoldStickyHeaders *self, GtkSnapshot *snapshot)
{
    GtkListView *list = fold_sticky_headers_get_list_view(self);
    FoldListModel *model = fold_sticky_headers_get_model(self);
    GtkRoot *root = gtk_widget_get_root(GTK_WIDGET(self));
    int64_t focus = -1;
    if (!list || !model || !GTK_IS_WINDOW(root) || !gtk_window_get_focus_visible(GTK_WINDOW(root)) ||
        !(gtk_widget_get_state_flags(GTK_WIDGET(list)) & GTK_STATE_FLAG_FOCUS_WITHIN) ||
        fold_table_focus(fold_list_model_get_table(model), &focus) != FOLD_OK || focus < 0)
        return;
    for (guint i = 0; i < self->headers->len && i < self->slots->len; i++) {
        if (g_array_index(self->headers, fold_sticky_header, i).position != focus)
            continue;
        GtkWidget *slot = g_ptr_array_index(self->slots, i);
        GtkWidget *row = first_row(slot);
        GtkWidget *target = row ? find_expander(row) : NULL;
        graphene_rect_t b;
        if (!(target ? target : row) ||
            !gtk_widget_compute_bounds(target ? target : row, GTK_WIDGET(self), &b))
            return;
        GskRoundedRect ring; /* the outline's band: the outer 2 px of the box */
        gsk_rounded_rect_init_from_rect(&ring, &b, 4);
        const GdkRGBA blue = {53 / 255.f, 132 / 255.f, 228 / 255.f, 0.5f};
        const float widths[4] = {2, 2, 2, 2};
        const GdkRGBA colors[4] = {blue, blue, blue, blue};
        gtk_snapshot_append_border(snapshot, &ring, widths, colors);
        return;
    }
}

void
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
    snapshot_focus(self, snapshot);
    gtk_snapshot_pop(snapshot);
}
