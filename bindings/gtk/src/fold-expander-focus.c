/*
 * fold-expander-focus.c — a FoldExpander's focus: GTK's focus following the
 * engine's focused item into the list (over the next frames, as its widget
 * appears), the engine's following GTK's when it comes to an expander, and
 * fold_expander_focus_parent(). See fold-expander.c.
 */
#include "fold-expander-private.h"
#include "fold-list-model-private.h"

/* ---- following the engine's focus ----------------------------------------- */

/* The list view the expander is in (NULL outside one, e.g. a sticky
 * header's picture has its own, unfocusable, list). */
GtkWidget *
fold_expander_list_of(FoldExpander *self)
{
    GtkWidget *list = gtk_widget_get_ancestor(GTK_WIDGET(self), GTK_TYPE_LIST_VIEW);
    return list ? list : gtk_widget_get_ancestor(GTK_WIDGET(self), GTK_TYPE_GRID_VIEW);
}

/* GTK's focus widget is `widget` or inside it. (The root's focus, not the
 * :focus-within state, which GTK sets only while the window is active.) */
static gboolean
has_focus_within(GtkWidget *widget)
{
    GtkRoot *root = gtk_widget_get_root(widget);
    GtkWidget *focus = root ? gtk_root_get_focus(root) : NULL;
    return focus && (focus == widget || gtk_widget_is_ancestor(focus, widget));
}

/* GTK's focus may follow the engine's into `list`: it is in the list, or
 * nowhere, or on a widget no longer shown (the focused row's widget was
 * just removed with its item: the window still names it for a while). */
static gboolean
focus_may_follow(GtkWidget *list)
{
    GtkRoot *root = gtk_widget_get_root(list);
    GtkWidget *focus = root ? gtk_root_get_focus(root) : NULL;
    return root && (!focus || has_focus_within(list) || gtk_widget_get_root(focus) != root ||
                    !gtk_widget_get_mapped(focus));
}

/* The mapped expander under `root` that shows the engine's item `it`. */
static FoldExpander *
find_expander(GtkWidget *root, const fold_item *it)
{
    for (GtkWidget *child = gtk_widget_get_first_child(root); child;
         child = gtk_widget_get_next_sibling(child)) {
        if (FOLD_IS_EXPANDER(child)) {
            FoldListItem *item = FOLD_EXPANDER(child)->item;
            if (item && gtk_widget_get_mapped(child) &&
                (int32_t)fold_list_item_get_kind(item) == it->kind &&
                fold_list_item_get_section_id(item) == it->section &&
                (it->kind != FOLD_ITEM_ROW || fold_list_item_get_row(item) == it->row))
                return FOLD_EXPANDER(child);
            continue;
        }
        FoldExpander *found = find_expander(child, it);
        if (found)
            return found;
    }
    return NULL;
}

/* A list's pending move of GTK's focus to the engine's focused item. */
typedef struct {
    guint tick;
    int frames;
    gboolean cancelled; /* GTK's focus moved on purpose meanwhile */
    FoldListModel *model;
} FocusSync;

#define FOCUS_SYNC_KEY "fold-expander-focus-sync"
/* The focused item's widget appears with the list's next layouts: look for
 * it at the start of each of the next few frames; from the third on, ask
 * the list to scroll to it (the engine's scroll offset may have been
 * reached with estimated heights). */
#define FOCUS_FRAMES 8

static void
focus_sync_free(gpointer data)
{
    FocusSync *s = data;
    g_clear_object(&s->model);
    g_free(s);
}

/* TRUE when done: GTK's focus is on the engine's focused item's widget (or
 * there is no focused item). */
static gboolean
sync_now(GtkWidget *list, FocusSync *s)
{
    fold_table *table = fold_list_model_get_table(s->model);
    int64_t position = -1;
    fold_item it;
    if (fold_table_focus(table, &position) != FOLD_OK || position < 0 ||
        fold_table_item_at(table, position, &it) != FOLD_OK)
        return TRUE;
    FoldExpander *found = find_expander(list, &it);
    if (!found) {
        guint n = g_list_model_get_n_items(G_LIST_MODEL(s->model));
        if (s->frames >= 2 && position < n)
            gtk_widget_activate_action(list, "list.scroll-to-item", "u", (guint32)position);
        return FALSE;
    }
    if (!has_focus_within(GTK_WIDGET(found)))
        gtk_widget_grab_focus(GTK_WIDGET(found));
    return TRUE;
}

static gboolean
sync_tick(GtkWidget *list, GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    (void)data;
    FocusSync *s = g_object_get_data(G_OBJECT(list), FOCUS_SYNC_KEY);
    if (!s)
        return G_SOURCE_REMOVE;
    /* The user took the focus elsewhere meanwhile: leave it there. (The
     * grab in sync_now() marks it cancelled too: it is done either way.) */
    gboolean done = s->cancelled || !focus_may_follow(list) || sync_now(list, s);
    if (done || s->cancelled || ++s->frames >= FOCUS_FRAMES) {
        s->tick = 0;
        g_object_set_data(G_OBJECT(list), FOCUS_SYNC_KEY, NULL);
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

/* Moves GTK's focus in `list` to the widget of the engine's focused item:
 * `now` (after a key: the model has shown the change, a change made on the
 * main thread is delivered at once) if its widget is there, else from the
 * next frame on. */
void
fold_expander_follow_focus(GtkWidget *list, FoldListModel *model, gboolean now)
{
    if (!list || !model)
        return;
    FocusSync *s = g_object_get_data(G_OBJECT(list), FOCUS_SYNC_KEY);
    if (now && focus_may_follow(list)) {
        FocusSync probe = {0, 0, FALSE, model};
        if (sync_now(list, &probe)) {
            if (s)
                s->cancelled = TRUE; /* done: a pending move would be older */
            return;
        }
    }
    if (!s) {
        s = g_new0(FocusSync, 1);
        s->model = g_object_ref(model);
        g_object_set_data_full(G_OBJECT(list), FOCUS_SYNC_KEY, s, focus_sync_free);
    }
    s->frames = 0;
    s->cancelled = FALSE;
    if (!s->tick)
        s->tick = gtk_widget_add_tick_callback(list, sync_tick, NULL, NULL);
}

void
fold_expander_follow_item_focus(FoldExpander *self)
{
    GtkWidget *list = fold_expander_list_of(self);
    if (self->item && self->model && fold_list_item_get_focused(self->item) && list &&
        gtk_widget_get_can_focus(list) && focus_may_follow(list) && !has_focus_within(GTK_WIDGET(self)))
        fold_expander_follow_focus(list, self->model, FALSE);
}

/**
 * fold_expander_focus_parent:
 * @self: a #FoldExpander
 *
 * Moves the keyboard focus to the parent header: the engine's
 * %FOLD_NAVIGATION_PARENT from the item (a row's or footer's section
 * header, a header's parent section header; sections without a header
 * item, or whose header cannot take focus, are passed over). The engine's
 * focus moves there at once; GTK's follows when the header's widget is
 * shown: the list is scrolled to it (`list.scroll-to-item`) and it is
 * focused within the next 8 frames.
 *
 * Cost: O(depth × log n).
 *
 * Returns: %TRUE if the focus moved or will move, %FALSE for a top-level
 *   header, an expander without item or model, or an item no longer shown
 */
gboolean
fold_expander_focus_parent(FoldExpander *self)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), FALSE);
    if (!self->item || !self->model)
        return FALSE;
    fold_table *table = fold_list_model_get_table(self->model);
    int64_t position = -1, parent = -1;
    if (!fold_expander_live_position(self, &position, NULL) ||
        fold_table_navigate(table, position, FOLD_NAV_PARENT, &parent) != FOLD_OK ||
        parent == position || fold_table_set_focus(table, parent) != FOLD_OK)
        return FALSE;
    GtkWidget *list = fold_expander_list_of(self);
    if (list) {
        if (parent < g_list_model_get_n_items(G_LIST_MODEL(self->model)))
            gtk_widget_activate_action(list, "list.scroll-to-item", "u", (guint32)parent);
        fold_expander_follow_focus(list, self->model, TRUE);
    }
    return TRUE;
}

/* GTK's focus came to this expander (a click, Tab, the list's own keys):
 * the engine's focus follows, so that keys start from here. */
void
fold_expander_focus_enter(GtkEventControllerFocus *controller, gpointer data)
{
    (void)controller;
    FoldExpander *self = FOLD_EXPANDER(data);
    if (!self->item || !self->model)
        return;
    /* Not GTK's own moves while the model shows a change (the list refocuses
     * the row that took a removed row's place): the engine's focus rule
     * decides those. Otherwise GTK's focus moved on purpose (a click, Tab):
     * a pending move to the engine's focus is dropped. */
    if (self->model->emitting)
        return;
    GtkWidget *list = fold_expander_list_of(self);
    FocusSync *pending = list ? g_object_get_data(G_OBJECT(list), FOCUS_SYNC_KEY) : NULL;
    if (pending)
        pending->cancelled = TRUE;
    fold_table *table = fold_list_model_get_table(self->model);
    int64_t position = -1, focus = -1;
    if (fold_expander_live_position(self, &position, NULL) &&
        fold_table_focus(table, &focus) == FOLD_OK && focus != position)
        fold_table_set_focus(table, position); /* refused: an item that cannot take focus */
}
