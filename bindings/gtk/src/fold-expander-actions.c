/*
 * fold-expander-actions.c — what a FoldExpander does: its operations on the
 * model (expand, collapse, expand all, activate) and the listitem.* actions
 * that run them. Its keys and the chevron's click: fold-expander-keys.c;
 * GTK's focus following the engine's: fold-expander-focus.c. See
 * fold-expander.c.
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
gboolean
fold_expander_live_state(FoldExpander *self, gboolean *out_expandable, gboolean *out_expanded,
                         GError **error)
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
    if (!fold_expander_live_state(self, &expandable, &now, error))
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
gboolean
fold_expander_live_position(FoldExpander *self, int64_t *out_position, GError **error)
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
    if (!fold_expander_live_position(self, &position, error))
        return FALSE;
    /* The table's position, for the table (fold_list_model_activate takes
     * the model's, which lags while a change made on another thread waits
     * for the main loop). */
    fold_table *table = fold_list_model_get_table(self->model);
    return fold_check_status(fold_table_activate(table, position, out_action), error);
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
    return fold_expander_press(self, FOLD_KEY_ASTERISK, 0, &handled, error);
}

/* ---- actions -------------------------------------------------------------- */

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
    if (!fold_expander_live_state(self, &expandable, &expanded, error))
        return FALSE;
    return !expandable || fold_expander_set_expanded(self, !expanded, error);
}

/* The engine's Left: collapse an expanded header, else go to the parent. */
static gboolean
op_collapse_or_parent(FoldExpander *self, GError **error)
{
    gboolean handled = FALSE;
    return fold_expander_press(self, FOLD_KEY_LEFT, 0, &handled, error);
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

void
fold_expander_install_actions(GtkWidgetClass *widget_class)
{
    for (size_t i = 0; i < G_N_ELEMENTS(actions); i++)
        gtk_widget_class_install_action(widget_class, actions[i].name, NULL, action_run);
}
