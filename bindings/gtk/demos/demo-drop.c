/* Drag and drop in a list demo: see demo-drop.h. Every decision is the
 * engine's (what can be dragged is what fold_table_item_at_offset finds;
 * where it lands, fold_table_drop_target through FoldDropIndicator, which
 * draws it; the move, fold_table_drop): this file only wires GTK's drag
 * and drop controllers to them. */
#include "demo-drop.h"
#include "fold-drop-indicator.h"

#include <string.h>

struct _DemoDrop {
    GtkWidget *list, *overlay;
    FoldDropIndicator *indicator;
    FoldListModel *model;
    GtkAdjustment *vadj;
    double origin_x; /* where depth 0 starts in the list (the indicator has it too) */
    DemoDropFunc drop;
    gpointer data;
    GtkDragSource *source;
    GtkDropTarget *target;
    GArray *items;             /* fold_item_ref: what the current drag carries */
    double taken_x, taken_y;   /* where in the list it was taken */
    fold_drop_target answer;   /* the last motion's */
};

static fold_table *
table_of(DemoDrop *self)
{
    return fold_list_model_get_table(self->model);
}

static void
demo_drop_free(gpointer data)
{
    DemoDrop *self = data;
    g_array_unref(self->items);
    g_object_unref(self->model);
    g_free(self);
}

/* ---- the indicator -------------------------------------------------------- */

gboolean
demo_drop_get_indicator(DemoDrop *self, graphene_rect_t *out_rect)
{
    /* Where FoldDropIndicator draws it, in the list's coordinates: a 2 px
     * line from the target depth's indent to the list's end (a ring
     * centred where it starts), or the section across the list. */
    const fold_drop_target *t = &self->answer;
    double scroll = gtk_adjustment_get_value(self->vadj);
    double width = gtk_widget_get_width(self->list);
    if (t->kind == FOLD_DROP_BEFORE) {
        double x = self->origin_x + t->line_x;
        graphene_rect_init(out_rect, (float)x, (float)(t->line_y - scroll - 1),
                           (float)(width - x), 2);
        return TRUE;
    }
    if (t->kind == FOLD_DROP_INTO) {
        graphene_rect_init(out_rect, 1, (float)(t->highlight_top - scroll), (float)(width - 2),
                           (float)t->highlight_height);
        return TRUE;
    }
    return FALSE;
}

/* Forgets the answer; FoldDropIndicator hides it. */
static void
hide(DemoDrop *self)
{
    memset(&self->answer, 0, sizeof self->answer);
    fold_drop_indicator_hide(self->indicator);
}

/* ---- the drag source ------------------------------------------------------ */

/* The item at list point y, or FALSE. */
static gboolean
item_at(DemoDrop *self, double y, fold_item *out)
{
    int64_t position = -1;
    int32_t place = 0;
    double offset = y + gtk_adjustment_get_value(self->vadj);
    return fold_table_item_at_offset(table_of(self), offset, &position, &place) == FOLD_OK &&
           position >= 0 && fold_table_item_at(table_of(self), position, out) == FOLD_OK;
}

/* The selection in list order, as refs (a section's run is the section). */
static void
take_selection(DemoDrop *self)
{
    fold_selected_run *runs = NULL;
    int64_t n = 0;
    if (fold_table_selection(table_of(self), &runs, &n) != FOLD_OK)
        return;
    for (int64_t i = 0; i < n; i++)
        for (int64_t k = 0; k < (runs[i].row < 0 ? 1 : runs[i].count); k++) {
            fold_item_ref ref = {runs[i].section, runs[i].row < 0 ? -1 : runs[i].row + k};
            g_array_append_val(self->items, ref);
        }
    fold_free(runs);
}

gboolean
demo_drop_take(DemoDrop *self, double x, double y)
{
    g_array_set_size(self->items, 0);
    self->taken_x = x;
    self->taken_y = y;
    fold_item item;
    if (!item_at(self, y, &item) ||
        (item.kind != FOLD_ITEM_HEADER && item.kind != FOLD_ITEM_ROW))
        return FALSE;
    if (item.flags & FOLD_ITEM_FLAG_SELECTED)
        take_selection(self);
    if (self->items->len == 0) {
        fold_item_ref ref = {item.section, item.kind == FOLD_ITEM_ROW ? item.row : -1};
        g_array_append_val(self->items, ref);
    }
    /* The indicator asks the engine with them. */
    guint n = self->items->len;
    guint64 *sections = g_new(guint64, n);
    gint64 *rows = g_new(gint64, n);
    for (guint i = 0; i < n; i++) {
        sections[i] = g_array_index(self->items, fold_item_ref, i).section;
        rows[i] = g_array_index(self->items, fold_item_ref, i).row;
    }
    GError *error = NULL;
    gboolean ok = fold_drop_indicator_set_dragged(self->indicator, sections, n, rows, n, &error);
    if (!ok) {
        g_warning("drag: %s", error->message);
        g_clear_error(&error);
        g_array_set_size(self->items, 0);
    }
    g_free(sections);
    g_free(rows);
    return ok;
}

const fold_item_ref *
demo_drop_get_items(DemoDrop *self, int64_t *out_count)
{
    *out_count = self->items->len;
    return (const fold_item_ref *)(void *)self->items->data;
}

static GdkContentProvider *
on_prepare(GtkDragSource *source, double x, double y, gpointer data)
{
    (void)source;
    DemoDrop *self = data;
    if (!demo_drop_take(self, x, y))
        return NULL;
    /* What another app gets: the number of items (the list itself uses
     * the refs it keeps). */
    char *text = g_strdup_printf("%u FoldTable item(s)", self->items->len);
    GdkContentProvider *content = gdk_content_provider_new_typed(G_TYPE_STRING, text);
    g_free(text);
    return content;
}

static void
on_drag_begin(GtkDragSource *source, GdkDrag *drag, gpointer data)
{
    (void)drag;
    DemoDrop *self = data;
    /* The dragged row's look as the drag icon: the list's row widget
     * under the point where the drag was taken. */
    GtkWidget *row = gtk_widget_pick(self->list, self->taken_x, self->taken_y, GTK_PICK_DEFAULT);
    while (row && gtk_widget_get_parent(row) != self->list)
        row = gtk_widget_get_parent(row);
    graphene_point_t at;
    if (!row || !gtk_widget_compute_point(self->list, row,
                                          &GRAPHENE_POINT_INIT((float)self->taken_x,
                                                               (float)self->taken_y),
                                          &at))
        return;
    GdkPaintable *icon = gtk_widget_paintable_new(row);
    gtk_drag_source_set_icon(source, icon, (int)at.x, (int)at.y);
    g_object_unref(icon);
}

static void
on_drag_end(GtkDragSource *source, GdkDrag *drag, gboolean delete_data, gpointer data)
{
    (void)source;
    (void)drag;
    (void)delete_data;
    DemoDrop *self = data;
    g_array_set_size(self->items, 0);
    memset(&self->answer, 0, sizeof self->answer);
    fold_drop_indicator_clear(self->indicator);
}

/* ---- the drop target ------------------------------------------------------ */

/* A point of the overlay in the list's coordinates. */
static void
to_list(DemoDrop *self, double x, double y, double *lx, double *ly)
{
    graphene_point_t p;
    if (!gtk_widget_compute_point(self->overlay, self->list, &GRAPHENE_POINT_INIT((float)x, (float)y),
                                  &p))
        p = GRAPHENE_POINT_INIT((float)x, (float)y);
    *lx = p.x;
    *ly = p.y;
}

/* Asks the engine where the dragged items would land at list point (x, y),
 * draws it; FALSE (nothing drawn) where they cannot. */
static gboolean
answer_at(DemoDrop *self, double x, double y)
{
    FoldDropTarget t;
    GError *error = NULL;
    if (self->items->len == 0 || !fold_drop_indicator_update(self->indicator, x, y, &t, &error) ||
        t.kind == FOLD_DROP_KIND_NONE) {
        if (error)
            g_warning("drop target: %s", error->message);
        g_clear_error(&error);
        hide(self);
        return FALSE;
    }
    self->answer = (fold_drop_target){(int32_t)t.kind, t.depth, t.parent, t.index, t.position,
                                      t.line_y, t.line_x, t.highlight_top, t.highlight_height};
    return TRUE;
}

const fold_drop_target *
demo_drop_get_answer(DemoDrop *self)
{
    return &self->answer;
}

static GdkDragAction
on_motion(GtkDropTarget *target, double x, double y, gpointer data)
{
    (void)target;
    DemoDrop *self = data;
    double lx, ly;
    to_list(self, x, y, &lx, &ly);
    return answer_at(self, lx, ly) ? GDK_ACTION_MOVE : 0;
}

static void
on_leave(GtkDropTarget *target, gpointer data)
{
    (void)target;
    hide(data);
}

static gboolean
on_drop(GtkDropTarget *target, const GValue *value, double x, double y, gpointer data)
{
    (void)target;
    (void)value;
    DemoDrop *self = data;
    double lx, ly;
    to_list(self, x, y, &lx, &ly);
    gboolean ok = answer_at(self, lx, ly);
    fold_drop_target t = self->answer;
    hide(self);
    if (!ok)
        return FALSE;
    int64_t n = 0;
    const fold_item_ref *items = demo_drop_get_items(self, &n);
    int status = self->drop(table_of(self), t.parent, t.index, items, n, self->data);
    if (status != FOLD_OK)
        g_warning("drop: %s", fold_last_error_message());
    g_array_set_size(self->items, 0);
    fold_drop_indicator_clear(self->indicator);
    return status == FOLD_OK;
}

/* ---- building ------------------------------------------------------------- */

DemoDrop *
demo_drop_new(GtkWidget *list, FoldListModel *model, GtkAdjustment *vadj, double origin_x,
              double indent_width, DemoDropFunc drop, gpointer data)
{
    DemoDrop *self = g_new0(DemoDrop, 1);
    self->list = list;
    self->model = g_object_ref(model);
    self->vadj = vadj;
    self->origin_x = origin_x;
    self->drop = drop;
    self->data = data;
    self->items = g_array_new(FALSE, FALSE, sizeof(fold_item_ref));
    g_object_set_data_full(G_OBJECT(list), "demo-drop", self, demo_drop_free);

    self->source = gtk_drag_source_new();
    gtk_drag_source_set_actions(self->source, GDK_ACTION_MOVE);
    g_signal_connect(self->source, "prepare", G_CALLBACK(on_prepare), self);
    g_signal_connect(self->source, "drag-begin", G_CALLBACK(on_drag_begin), self);
    g_signal_connect(self->source, "drag-end", G_CALLBACK(on_drag_end), self);
    gtk_widget_add_controller(list, GTK_EVENT_CONTROLLER(self->source));

    self->overlay = gtk_overlay_new();
    self->indicator = FOLD_DROP_INDICATOR(fold_drop_indicator_new(model, GTK_LIST_VIEW(list)));
    fold_drop_indicator_set_indent_width(self->indicator, indent_width);
    fold_drop_indicator_set_indent_start(self->indicator, origin_x);
    gtk_overlay_add_overlay(GTK_OVERLAY(self->overlay), GTK_WIDGET(self->indicator));
    gtk_widget_set_vexpand(self->overlay, TRUE);

    self->target = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_MOVE);
    g_signal_connect(self->target, "enter", G_CALLBACK(on_motion), self);
    g_signal_connect(self->target, "motion", G_CALLBACK(on_motion), self);
    g_signal_connect(self->target, "leave", G_CALLBACK(on_leave), self);
    g_signal_connect(self->target, "drop", G_CALLBACK(on_drop), self);
    gtk_widget_add_controller(self->overlay, GTK_EVENT_CONTROLLER(self->target));
    return self;
}

GtkWidget *
demo_drop_wrap(DemoDrop *self, GtkWidget *child)
{
    gtk_overlay_set_child(GTK_OVERLAY(self->overlay), child);
    return self->overlay;
}

GtkDragSource *
demo_drop_get_source(DemoDrop *self)
{
    return self->source;
}

GtkDropTarget *
demo_drop_get_target(DemoDrop *self)
{
    return self->target;
}

/* ---- the self-tests' drags ------------------------------------------------- */

/* A list point in the overlay's coordinates (the drop target's). */
static graphene_point_t
to_overlay(DemoDrop *self, double x, double y)
{
    graphene_point_t p = GRAPHENE_POINT_INIT((float)x, (float)y);
    graphene_point_t q = p;
    if (!gtk_widget_compute_point(self->list, self->overlay, &p, &q))
        q = p;
    return q;
}

gboolean
demo_drop_test_take(DemoDrop *self, double x, double y)
{
    GdkContentProvider *content = NULL;
    g_signal_emit_by_name(self->source, "prepare", x, y, &content);
    gboolean taken = content != NULL;
    g_clear_object(&content);
    return taken;
}

GdkDragAction
demo_drop_test_motion(DemoDrop *self, double x, double y)
{
    graphene_point_t p = to_overlay(self, x, y);
    GdkDragAction action = 0;
    g_signal_emit_by_name(self->target, "motion", (double)p.x, (double)p.y, &action);
    return action;
}

gboolean
demo_drop_test_drop(DemoDrop *self, double x, double y)
{
    graphene_point_t p = to_overlay(self, x, y);
    GValue value = G_VALUE_INIT;
    g_value_init(&value, G_TYPE_STRING);
    g_value_set_string(&value, "FoldTable item(s)");
    gboolean done = FALSE;
    g_signal_emit_by_name(self->target, "drop", &value, (double)p.x, (double)p.y, &done);
    g_value_unset(&value);
    return done;
}
