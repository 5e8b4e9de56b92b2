/*
 * fold-expander-actions.c — what a FoldExpander does: its operations on the
 * model (expand, collapse, expand all, activate, focus the parent header),
 * the listitem.* actions that run them, its keys and the chevron's click.
 * See fold-expander.c.
 */
#include "fold-expander-private.h"
#include "fold-list-model-private.h"

/* ---- state ---------------------------------------------------------------- */

static gboolean
unbound(FoldExpander *self, GError **error)
{
    g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                self->model ? "the FoldExpander has no item" : "the FoldExpander has no model");
    return FALSE;
}

/* What the engine says now about the item's section or row. */
static gboolean
live_state(FoldExpander *self, gboolean *out_expandable, gboolean *out_expanded, GError **error)
{
    *out_expandable = *out_expanded = FALSE;
    fold_table *table = fold_list_model_get_table(self->model);
    fold_section_id section = fold_list_item_get_section_id(self->item);
    int status = FOLD_OK;
    switch (fold_list_item_get_kind(self->item)) {
    case FOLD_ITEM_HEADER: {
        fold_section_info info;
        status = fold_table_section_info(table, section, &info);
        if (status == FOLD_OK) {
            *out_expandable = (info.flags & FOLD_SECTION_COLLAPSIBLE) != 0;
            *out_expanded = *out_expandable && !(info.flags & FOLD_SECTION_COLLAPSED);
        }
        break;
    }
    case FOLD_ITEM_ROW: {
        fold_row_info info;
        status = fold_table_row_info(table, section, fold_list_item_get_row(self->item), &info);
        if (status == FOLD_OK) {
            *out_expanded = (info.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
            *out_expandable = *out_expanded || (info.flags & FOLD_ITEM_FLAG_EXPANDABLE) != 0;
        }
        break;
    }
    default:
        break;
    }
    return fold_check_status(status, error);
}

/* ---- operations ----------------------------------------------------------- */

/**
 * fold_expander_set_expanded:
 * @self: a #FoldExpander
 * @expanded: %TRUE to expand, %FALSE to collapse
 * @error: return location for a #GError
 *
 * Expands or collapses what the item stands for: a header's section
 * ([method@Fold.ListModel.set_section_collapsed]), a row
 * ([method@Fold.ListModel.set_row_expanded]). Nothing happens (and %TRUE is
 * returned) for a footer, a header whose section is not collapsible now, a
 * row that cannot expand, or when the state is already so. This is what the
 * `listitem.expand` and `listitem.collapse` actions do.
 *
 * Cost: one engine call, O(depth × log n), plus what the model emits.
 *
 * Returns: %TRUE, or %FALSE with @error set (%FOLD_LIST_MODEL_ERROR: no
 *   model or item is %FOLD_E_INVALID, a removed section %FOLD_E_NOT_FOUND,
 *   inside a change listener %FOLD_E_BUSY)
 */
gboolean
fold_expander_set_expanded(FoldExpander *self, gboolean expanded, GError **error)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    if (!self->item || !self->model)
        return unbound(self, error);
    gboolean expandable = FALSE, now = FALSE;
    if (!live_state(self, &expandable, &now, error))
        return FALSE;
    if (!expandable || now == !!expanded)
        return TRUE;
    /* The call re-binds or notifies this widget: read everything first. */
    FoldListModel *model = g_object_ref(self->model);
    fold_section_id section = fold_list_item_get_section_id(self->item);
    int64_t row = fold_list_item_get_row(self->item);
    gboolean ok = fold_list_item_get_kind(self->item) == FOLD_ITEM_HEADER
                      ? fold_list_model_set_section_collapsed(model, section, !expanded, NULL,
                                                              error)
                      : fold_list_model_set_row_expanded(model, section, row, expanded, NULL,
                                                         error);
    g_object_unref(model);
    return ok;
}

/* The item's position in the table now, from its section and row (an item
 * that left the model keeps an old "position"). */
static gboolean
live_position(FoldExpander *self, int64_t *out_position, GError **error)
{
    fold_table *table = fold_list_model_get_table(self->model);
    fold_section_id section = fold_list_item_get_section_id(self->item);
    int status;
    switch (fold_list_item_get_kind(self->item)) {
    case FOLD_ITEM_HEADER:
        status = fold_table_header_position(table, section, out_position);
        break;
    case FOLD_ITEM_ROW:
        status = fold_table_row_position(table, section, fold_list_item_get_row(self->item),
                                         out_position);
        break;
    case FOLD_ITEM_PLACEHOLDER: /* right under its section's header */
        status = fold_table_header_position(table, section, out_position);
        *out_position += 1;
        break;
    default:
        status = fold_table_footer_position(table, section, out_position);
        break;
    }
    return fold_check_status(status, error);
}

/**
 * fold_expander_activate_item:
 * @self: a #FoldExpander
 * @out_action: (out) (optional) (type FoldActivation): what was done, a
 *   #FoldActivation (the `FOLD_ACTIVATED_*` value; an `int32_t` in C)
 * @error: return location for a #GError
 *
 * Does what a click on the item does: [method@Fold.ListModel.activate] at
 * the item's current position (a header toggles its section unless it is
 * fixed, a row its expansion with the accordion applied, a footer nothing).
 * The `listitem.activate` action (<kbd>Enter</kbd>).
 *
 * Cost: O(depth × log n), plus what the model emits.
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
fold_expander_activate_item(FoldExpander *self, int32_t *out_action, GError **error)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    if (!self->item || !self->model)
        return unbound(self, error);
    int64_t position = 0;
    if (!live_position(self, &position, error))
        return FALSE;
    /* The table's position, for the table (fold_list_model_activate takes
     * the model's, which lags while a change made on another thread waits
     * for the main loop). */
    fold_table *table = fold_list_model_get_table(self->model);
    return fold_check_status(fold_table_activate(table, position, out_action), error);
}

/* ---- following the engine's focus ----------------------------------------- */

/* The list view the expander is in (NULL outside one, e.g. a sticky
 * header's picture has its own, unfocusable, list). */
static GtkWidget *
list_of(FoldExpander *self)
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
static void
follow_focus(GtkWidget *list, FoldListModel *model, gboolean now)
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
    GtkWidget *list = list_of(self);
    if (self->item && self->model && fold_list_item_get_focused(self->item) && list &&
        gtk_widget_get_can_focus(list) && focus_may_follow(list) && !has_focus_within(GTK_WIDGET(self)))
        follow_focus(list, self->model, FALSE);
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
    if (!live_position(self, &position, NULL) ||
        fold_table_navigate(table, position, FOLD_NAV_PARENT, &parent) != FOLD_OK ||
        parent == position || fold_table_set_focus(table, parent) != FOLD_OK)
        return FALSE;
    GtkWidget *list = list_of(self);
    if (list) {
        if (parent < g_list_model_get_n_items(G_LIST_MODEL(self->model)))
            gtk_widget_activate_action(list, "list.scroll-to-item", "u", (guint32)parent);
        follow_focus(list, self->model, TRUE);
    }
    return TRUE;
}

/* ---- the keyboard model ---------------------------------------------------- */

/* One key of the engine's keyboard model (fold_table_press_key) on this
 * expander's item: the engine's focus is put on the item first (GTK's
 * focus is where the user is), the list's viewport lent to the engine for
 * the call (pages, the scroll offset), then the list scrolled where the
 * engine says and GTK's focus moved to the engine's focused item. */
static gboolean
press(FoldExpander *self, int32_t key, uint32_t modifiers, gboolean *out_handled, GError **error)
{
    *out_handled = FALSE;
    fold_table *table = fold_list_model_get_table(self->model);
    int64_t position = -1, focus = -1;
    if (!live_position(self, &position, error) ||
        !fold_check_status(fold_table_focus(table, &focus), error))
        return FALSE;
    /* An item that cannot take focus leaves the engine's focus where it is. */
    if (focus != position)
        fold_table_set_focus(table, position);
    /* Read before the call, which may re-bind or drop this widget. */
    GtkWidget *list = list_of(self);
    GtkAdjustment *vadj = list && GTK_IS_SCROLLABLE(list)
                              ? gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list))
                              : NULL;
    int had_viewport = 0;
    double old_offset = 0, old_height = 0;
    fold_table_viewport(table, &had_viewport, &old_offset, &old_height);
    if (vadj && gtk_adjustment_get_page_size(vadj) > 0)
        fold_table_set_viewport(table, gtk_adjustment_get_value(vadj),
                                gtk_adjustment_get_page_size(vadj));
    fold_key_result r = {0};
    int status = fold_table_press_key(table, key, modifiers, &r);
    if (had_viewport)
        fold_table_set_viewport(table, old_offset, old_height);
    else
        fold_table_clear_viewport(table);
    if (!fold_check_status(status, error))
        return FALSE;
    *out_handled = r.handled != 0;
    if (r.handled && list) {
        if (r.scroll && vadj)
            gtk_adjustment_set_value(vadj, r.scroll_offset);
        follow_focus(list, self->model, TRUE);
    }
    return TRUE;
}

/* Runs `key` as an action does: failures go to the "failed" signal. */
static gboolean
press_reported(FoldExpander *self, const char *what, int32_t key, uint32_t modifiers)
{
    g_object_ref(self);
    gboolean handled = FALSE;
    GError *error = NULL;
    if (self->item && self->model)
        press(self, key, modifiers, &handled, &error);
    fold_expander_report(self, what, error);
    g_object_unref(self);
    return handled;
}

/**
 * fold_expander_expand_all:
 * @self: a #FoldExpander
 * @error: return location for a #GError
 *
 * On a header: the engine's <kbd>*</kbd> (%FOLD_KEYBOARD_KEY_ASTERISK) on
 * it: its section and every section below it, at any depth, expand in one
 * change set; the item takes the engine's focus. On a row: expands the
 * row. On a footer: nothing. The `listitem.expand-all` action.
 *
 * Cost: O(s × log n) for s sections below, plus what the model emits.
 *
 * Returns: %TRUE, or %FALSE with @error set
 */
gboolean
fold_expander_expand_all(FoldExpander *self, GError **error)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), FALSE);
    g_return_val_if_fail(error == NULL || *error == NULL, FALSE);
    if (!self->item || !self->model)
        return unbound(self, error);
    if (fold_list_item_get_kind(self->item) != FOLD_ITEM_HEADER)
        return fold_expander_set_expanded(self, TRUE, error);
    gboolean handled = FALSE;
    return press(self, FOLD_KEY_ASTERISK, 0, &handled, error);
}

/* ---- actions and keys ----------------------------------------------------- */

/* The actions. The engine's change re-binds the list, which may drop this
 * widget during the call: it is kept alive until the failure is reported. */
typedef gboolean (*ExpanderOp)(FoldExpander *self, GError **error);

static void
run(GtkWidget *widget, const char *name, ExpanderOp op)
{
    FoldExpander *self = g_object_ref(FOLD_EXPANDER(widget));
    GError *error = NULL;
    if (self->item && self->model)
        op(self, &error);
    fold_expander_report(self, name, error);
    g_object_unref(self);
}

static gboolean
op_expand(FoldExpander *self, GError **error)
{
    return fold_expander_set_expanded(self, TRUE, error);
}

static gboolean
op_collapse(FoldExpander *self, GError **error)
{
    return fold_expander_set_expanded(self, FALSE, error);
}

static gboolean
op_toggle(FoldExpander *self, GError **error)
{
    gboolean expandable = FALSE, expanded = FALSE;
    if (!live_state(self, &expandable, &expanded, error))
        return FALSE;
    return !expandable || fold_expander_set_expanded(self, !expanded, error);
}

/* The engine's Left: collapse an expanded header, else go to the parent. */
static gboolean
op_collapse_or_parent(FoldExpander *self, GError **error)
{
    gboolean handled = FALSE;
    return press(self, FOLD_KEY_LEFT, 0, &handled, error);
}

static gboolean
op_activate(FoldExpander *self, GError **error)
{
    return fold_expander_activate_item(self, NULL, error);
}

/* The listitem.* actions and what they run. */
static const struct {
    const char *name;
    ExpanderOp op;
} actions[] = {
    {"listitem.expand", op_expand},
    {"listitem.collapse", op_collapse},
    {"listitem.toggle-expand", op_toggle},
    {"listitem.expand-all", fold_expander_expand_all},
    {"listitem.collapse-or-parent", op_collapse_or_parent},
    {"listitem.activate", op_activate},
};

static void
action_run(GtkWidget *widget, const char *name, GVariant *parameter)
{
    (void)parameter;
    for (size_t i = 0; i < G_N_ELEMENTS(actions); i++)
        if (g_strcmp0(name, actions[i].name) == 0)
            run(widget, name, actions[i].op);
}

/* The engine's key for `keyval` (0: not one of the model's). Left and
 * Right follow the text direction: toward the start of the line (Left in
 * left-to-right text) is the engine's LEFT (collapse, or the parent). */
static int32_t
engine_key(GtkWidget *widget, guint keyval)
{
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    switch (keyval) {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: return FOLD_KEY_UP;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: return FOLD_KEY_DOWN;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: return rtl ? FOLD_KEY_RIGHT : FOLD_KEY_LEFT;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: return rtl ? FOLD_KEY_LEFT : FOLD_KEY_RIGHT;
    case GDK_KEY_Home: case GDK_KEY_KP_Home: return FOLD_KEY_HOME;
    case GDK_KEY_End: case GDK_KEY_KP_End: return FOLD_KEY_END;
    case GDK_KEY_Page_Up: case GDK_KEY_KP_Page_Up: return FOLD_KEY_PAGE_UP;
    case GDK_KEY_Page_Down: case GDK_KEY_KP_Page_Down: return FOLD_KEY_PAGE_DOWN;
    case GDK_KEY_space: case GDK_KEY_KP_Space: return FOLD_KEY_SPACE;
    case GDK_KEY_plus: case GDK_KEY_KP_Add: return FOLD_KEY_PLUS;
    case GDK_KEY_minus: case GDK_KEY_KP_Subtract:
    case GDK_KEY_slash: case GDK_KEY_KP_Divide: return FOLD_KEY_MINUS;
    case GDK_KEY_asterisk: case GDK_KEY_KP_Multiply: return FOLD_KEY_ASTERISK;
    default: return 0;
    }
}

/* A row's expanded height is the expander's, not the keyboard model's
 * (which collapses and expands sections): on an expandable row, Right, +
 * and * expand it, Left and - collapse it; otherwise the engine's keys
 * apply (Left on a collapsed row: the parent header). TRUE if done. */
static gboolean
row_key(FoldExpander *self, int32_t key)
{
    gboolean expandable = FALSE, expanded = FALSE;
    if (fold_list_item_get_kind(self->item) != FOLD_ITEM_ROW ||
        !live_state(self, &expandable, &expanded, NULL) || !expandable)
        return FALSE;
    gboolean expand = key == FOLD_KEY_RIGHT || key == FOLD_KEY_PLUS || key == FOLD_KEY_ASTERISK;
    gboolean collapse = key == FOLD_KEY_LEFT || key == FOLD_KEY_MINUS;
    if ((expand && expanded) || (collapse && !expanded) || (!expand && !collapse))
        return FALSE;
    return gtk_widget_activate_action(GTK_WIDGET(self),
                                      expand ? "listitem.expand" : "listitem.collapse", NULL);
}

/* A key on the expander (or a child that did not take it): the engine's
 * keyboard model, Enter as a click, a printable character as type-ahead.
 * Keys with Alt, Super or Meta are the app's. */
static gboolean
on_key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
               GdkModifierType state, gpointer data)
{
    (void)controller;
    (void)keycode;
    FoldExpander *self = FOLD_EXPANDER(data);
    if (!self->item || !self->model ||
        (state & (GDK_ALT_MASK | GDK_SUPER_MASK | GDK_META_MASK | GDK_HYPER_MASK)))
        return FALSE;
    gboolean ctrl = (state & GDK_CONTROL_MASK) != 0, shift = (state & GDK_SHIFT_MASK) != 0;
    int32_t key = engine_key(GTK_WIDGET(self), keyval);
    if (key == FOLD_KEY_PLUS || key == FOLD_KEY_MINUS || key == FOLD_KEY_ASTERISK) {
        /* Shift is how some layouts type them; Ctrl+plus is the app's (zoom). */
        return !ctrl && (row_key(self, key) || press_reported(self, "key", key, 0));
    }
    if (key && row_key(self, key))
        return TRUE;
    if (key)
        return press_reported(self, "key", key,
                              (shift ? FOLD_MOD_SHIFT : 0u) | (ctrl ? FOLD_MOD_CTRL : 0u));
    if (keyval == GDK_KEY_Return || keyval == GDK_KEY_ISO_Enter || keyval == GDK_KEY_KP_Enter)
        return !ctrl && !shift &&
               gtk_widget_activate_action(GTK_WIDGET(self), "listitem.activate", NULL);
    gunichar c = gdk_keyval_to_unicode(keyval);
    if (ctrl || !c || !g_unichar_isgraph(c))
        return FALSE;
    char text[8] = {0};
    g_unichar_to_utf8(c, text);
    FoldExpander *held = g_object_ref(self);
    FoldListModel *model = g_object_ref(self->model);
    GtkWidget *list = list_of(self);
    int64_t found = -1;
    GError *error = NULL;
    if (fold_list_model_type_ahead(model, text, &found, &error) && found >= 0 && list) {
        if (found < g_list_model_get_n_items(G_LIST_MODEL(model)))
            gtk_widget_activate_action(list, "list.scroll-to-item", "u", (guint32)found);
        follow_focus(list, model, TRUE);
    }
    fold_expander_report(held, "type-ahead", error);
    g_object_unref(model);
    g_object_unref(held);
    return TRUE;
}

/* GTK's focus came to this expander (a click, Tab, the list's own keys):
 * the engine's focus follows, so that keys start from here. */
static void
on_focus_enter(GtkEventControllerFocus *controller, gpointer data)
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
    GtkWidget *list = list_of(self);
    FocusSync *pending = list ? g_object_get_data(G_OBJECT(list), FOCUS_SYNC_KEY) : NULL;
    if (pending)
        pending->cancelled = TRUE;
    fold_table *table = fold_list_model_get_table(self->model);
    int64_t position = -1, focus = -1;
    if (live_position(self, &position, NULL) && fold_table_focus(table, &focus) == FOLD_OK &&
        focus != position)
        fold_table_set_focus(table, position); /* refused: an item that cannot take focus */
}

void
fold_expander_install_actions(GtkWidgetClass *widget_class)
{
    for (size_t i = 0; i < G_N_ELEMENTS(actions); i++)
        gtk_widget_class_install_action(widget_class, actions[i].name, NULL, action_run);
}

static void
chevron_released(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
    (void)n_press;
    (void)data;
    GtkWidget *icon = gtk_event_controller_get_widget(GTK_EVENT_CONTROLLER(gesture));
    if (!gtk_widget_contains(icon, x, y))
        return;
    /* Claimed, so that the list item under it does not activate as well. */
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    gtk_widget_activate_action(icon, "listitem.toggle-expand", NULL);
}

void
fold_expander_add_controllers(FoldExpander *self)
{
    /* Bubble phase on the expander: a child that takes keys (an entry) gets
     * them first, the list view (an ancestor, whose own Up/Down would move
     * its focus without the engine) after. */
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_name(keys, "fold-expander-keys");
    g_signal_connect(keys, "key-pressed", G_CALLBACK(on_key_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), keys);
    GtkEventController *focus = gtk_event_controller_focus_new();
    gtk_event_controller_set_name(focus, "fold-expander-focus");
    g_signal_connect(focus, "enter", G_CALLBACK(on_focus_enter), self);
    gtk_widget_add_controller(GTK_WIDGET(self), focus);

    GtkGesture *click = gtk_gesture_click_new();
    gtk_event_controller_set_name(GTK_EVENT_CONTROLLER(click), "fold-expander-click");
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
    g_signal_connect(click, "released", G_CALLBACK(chevron_released), NULL);
    gtk_widget_add_controller(self->icon, GTK_EVENT_CONTROLLER(click));
}
