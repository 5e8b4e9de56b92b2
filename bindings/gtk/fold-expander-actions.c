/*
 * fold-expander-actions.c — what a FoldExpander does: its operations on the
 * model (expand, collapse, expand all, activate, focus the parent header),
 * the listitem.* actions that run them, its keys and the chevron's click.
 * See fold-expander.c.
 */
#include "fold-expander-private.h"

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

static gboolean
expand_below(FoldListModel *model, fold_section_id section, GError **error)
{
    fold_table *table = fold_list_model_get_table(model);
    int64_t count = 0;
    int status = fold_table_child_count(table, section, &count);
    if (status != FOLD_OK)
        return fold_check_status(status, error);
    for (int64_t i = 0; i < count; i++) {
        int32_t kind = 0;
        fold_section_id child = 0;
        status = fold_table_child_at(table, section, i, &kind, &child, NULL);
        if (status != FOLD_OK)
            return fold_check_status(status, error);
        if (kind != FOLD_CHILD_SECTION)
            continue;
        fold_section_info info;
        status = fold_table_section_info(table, child, &info);
        if (status != FOLD_OK)
            return fold_check_status(status, error);
        if ((info.flags & FOLD_SECTION_COLLAPSIBLE) &&
            !fold_list_model_set_section_collapsed(model, child, FALSE, NULL, error))
            return FALSE;
        if (!expand_below(model, child, error))
            return FALSE;
    }
    return TRUE;
}

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

/**
 * fold_expander_expand_all:
 * @self: a #FoldExpander
 * @error: return location for a #GError
 *
 * On a header: expands its section and every collapsible section below it,
 * at any depth (each one a change of its own, parents first). On a row:
 * expands the row. On a footer: nothing. The `listitem.expand-all` action
 * (<kbd>*</kbd>).
 *
 * Cost: O(s × depth × log n) for s sections below, plus what the model emits.
 *
 * Returns: %TRUE, or %FALSE with @error set; the sections expanded before
 *   the failure stay expanded
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
    FoldListModel *model = g_object_ref(self->model);
    fold_section_id section = fold_list_item_get_section_id(self->item);
    gboolean ok = fold_expander_set_expanded(self, TRUE, error) &&
                  expand_below(model, section, error);
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
 * The `listitem.activate` action (<kbd>Enter</kbd>, <kbd>Space</kbd>).
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

/* The expander showing the header of `section` under `root`, if one is
 * mapped. */
static FoldExpander *
find_header_expander(GtkWidget *root, fold_section_id section)
{
    for (GtkWidget *child = gtk_widget_get_first_child(root); child;
         child = gtk_widget_get_next_sibling(child)) {
        if (FOLD_IS_EXPANDER(child)) {
            FoldExpander *e = FOLD_EXPANDER(child);
            if (e->item && gtk_widget_get_mapped(child) &&
                fold_list_item_get_kind(e->item) == FOLD_ITEM_HEADER &&
                fold_list_item_get_section_id(e->item) == section)
                return e;
        }
        FoldExpander *found = find_header_expander(child, section);
        if (found)
            return found;
    }
    return NULL;
}

static GtkWidget *
list_of(FoldExpander *self)
{
    GtkWidget *list = gtk_widget_get_ancestor(GTK_WIDGET(self), GTK_TYPE_LIST_VIEW);
    if (!list)
        list = gtk_widget_get_ancestor(GTK_WIDGET(self), GTK_TYPE_GRID_VIEW);
    if (!list)
        list = GTK_WIDGET(gtk_widget_get_root(GTK_WIDGET(self)));
    return list;
}

static gboolean
focus_header(FoldExpander *self, fold_section_id section)
{
    GtkWidget *list = list_of(self);
    FoldExpander *target = list ? find_header_expander(list, section) : NULL;
    return target && gtk_widget_grab_focus(GTK_WIDGET(target));
}

/* After scrolling, the header's widget appears with the list's next layout:
 * look for it at the start of each of the next few frames. */
#define FOCUS_FRAMES 8

static gboolean
focus_later(GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
    (void)clock;
    (void)data;
    FoldExpander *self = FOLD_EXPANDER(widget);
    if (focus_header(self, self->focus_target) || ++self->focus_frames >= FOCUS_FRAMES) {
        self->focus_tick = 0;
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

/**
 * fold_expander_focus_parent:
 * @self: a #FoldExpander
 *
 * Moves the keyboard focus to the parent header: a row's or footer's
 * section header, a header's parent section header (sections without a
 * header item are passed over). The list is scrolled to it first
 * (`list.scroll-to-item`); when its widget is not there yet, the focus moves
 * when it appears, within the next 8 frames. Part of the `listitem.collapse-or-parent`
 * action (<kbd>Left</kbd>).
 *
 * Cost: O(depth² × log n) for the engine's answers.
 *
 * Returns: %TRUE if the focus moved or will move, %FALSE for a top-level
 *   header, an expander without item or model, or a header not shown (a
 *   collapsed section above it)
 */
gboolean
fold_expander_focus_parent(FoldExpander *self)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), FALSE);
    if (!self->item || !self->model)
        return FALSE;
    fold_table *table = fold_list_model_get_table(self->model);
    fold_section_id section = fold_list_item_get_section_id(self->item);
    fold_section_info info;
    if (fold_list_item_get_kind(self->item) == FOLD_ITEM_HEADER) {
        if (fold_table_section_info(table, section, &info) != FOLD_OK)
            return FALSE;
        section = info.parent;
    }
    int64_t position = -1;
    while (section != FOLD_ROOT && fold_table_header_position(table, section, &position) != FOLD_OK) {
        /* no header item: its parent's header */
        if (fold_table_section_info(table, section, &info) != FOLD_OK)
            return FALSE;
        section = info.parent;
        position = -1;
    }
    if (section == FOLD_ROOT || position < 0)
        return FALSE;
    gtk_widget_activate_action(GTK_WIDGET(self), "list.scroll-to-item", "u", (guint32)position);
    if (focus_header(self, section))
        return TRUE;
    self->focus_target = section;
    self->focus_frames = 0;
    if (!self->focus_tick)
        self->focus_tick = gtk_widget_add_tick_callback(GTK_WIDGET(self), focus_later, NULL, NULL);
    return TRUE;
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

static gboolean
op_collapse_or_parent(FoldExpander *self, GError **error)
{
    gboolean expandable = FALSE, expanded = FALSE;
    if (!live_state(self, &expandable, &expanded, error))
        return FALSE;
    if (expanded)
        return fold_expander_set_expanded(self, FALSE, error);
    fold_expander_focus_parent(self);
    return TRUE;
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

/* Left and Right follow the text direction: toward the start of the line
 * (Left in left-to-right text) collapses or goes to the parent, toward the
 * end expands. `data`: TRUE for Left. */
static gboolean
key_arrow(GtkWidget *widget, GVariant *args, gpointer data)
{
    (void)args;
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    gboolean toward_start = GPOINTER_TO_INT(data) ? !rtl : rtl;
    return gtk_widget_activate_action(
        widget, toward_start ? "listitem.collapse-or-parent" : "listitem.expand", NULL);
}

static void
add_key(GtkShortcutController *controller, guint keyval, GtkShortcutAction *action)
{
    gtk_shortcut_controller_add_shortcut(
        controller, gtk_shortcut_new(gtk_keyval_trigger_new(keyval, 0), action));
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
    GtkEventController *ec = gtk_shortcut_controller_new();
    GtkShortcutController *keys = GTK_SHORTCUT_CONTROLLER(ec);
    gtk_event_controller_set_name(ec, "fold-expander-keys");
    static const struct {
        guint keyval;
        const char *action;
    } named[] = {
        {GDK_KEY_plus, "listitem.expand"},      {GDK_KEY_KP_Add, "listitem.expand"},
        {GDK_KEY_minus, "listitem.collapse"},   {GDK_KEY_KP_Subtract, "listitem.collapse"},
        {GDK_KEY_slash, "listitem.collapse"},   {GDK_KEY_KP_Divide, "listitem.collapse"},
        {GDK_KEY_asterisk, "listitem.expand-all"},
        {GDK_KEY_KP_Multiply, "listitem.expand-all"},
        {GDK_KEY_Return, "listitem.activate"},  {GDK_KEY_ISO_Enter, "listitem.activate"},
        {GDK_KEY_KP_Enter, "listitem.activate"}, {GDK_KEY_space, "listitem.activate"},
        {GDK_KEY_KP_Space, "listitem.activate"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(named); i++)
        add_key(keys, named[i].keyval, gtk_named_action_new(named[i].action));
    static const struct {
        guint keyval;
        gboolean left;
    } arrows[] = {
        {GDK_KEY_Left, TRUE},
        {GDK_KEY_KP_Left, TRUE},
        {GDK_KEY_Right, FALSE},
        {GDK_KEY_KP_Right, FALSE},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(arrows); i++)
        add_key(keys, arrows[i].keyval,
                gtk_callback_action_new(key_arrow, GINT_TO_POINTER(arrows[i].left), NULL));
    gtk_widget_add_controller(GTK_WIDGET(self), ec);

    GtkGesture *click = gtk_gesture_click_new();
    gtk_event_controller_set_name(GTK_EVENT_CONTROLLER(click), "fold-expander-click");
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
    g_signal_connect(click, "released", G_CALLBACK(chevron_released), NULL);
    gtk_widget_add_controller(self->icon, GTK_EVENT_CONTROLLER(click));
}
