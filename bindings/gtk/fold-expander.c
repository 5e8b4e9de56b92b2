/*
 * fold-expander.c — FoldExpander: GtkTreeExpander's job for a FoldListModel.
 */
#include "fold-expander.h"

#include "foldtable-gtk.h"
#include "fold-list-item-private.h"

/**
 * FoldExpander:
 *
 * The row widget of a list over a [class@Fold.ListModel]: it indents its
 * child by the item's depth, shows a chevron on items that collapse or
 * expand (a header of a collapsible section, an expandable row), and turns
 * clicks and keys into the model's operations. FoldTable's counterpart of
 * `GtkTreeExpander`.
 *
 * Put one in each list item of a `GtkListView` (in the factory's `setup`),
 * give it the model once and the item in `bind`:
 *
 * ```c
 * static void setup(GtkSignalListItemFactory *f, GtkListItem *li, gpointer model) {
 *     GtkWidget *expander = fold_expander_new();
 *     fold_expander_set_model(FOLD_EXPANDER(expander), model);
 *     fold_expander_set_child(FOLD_EXPANDER(expander), gtk_label_new(NULL));
 *     gtk_list_item_set_child(li, expander);
 * }
 * static void bind(GtkSignalListItemFactory *f, GtkListItem *li, gpointer model) {
 *     GtkWidget *expander = gtk_list_item_get_child(li);
 *     FoldListItem *item = gtk_list_item_get_item(li);
 *     fold_expander_set_item(FOLD_EXPANDER(expander), item);
 *     gtk_label_set_text(GTK_LABEL(fold_expander_get_child(FOLD_EXPANDER(expander))),
 *                        fold_list_item_get_title(item));
 * }
 * ```
 * and set the item to %NULL in `unbind`.
 *
 * The expander follows its item: it listens to the item's `notify` signals
 * (collapsed, expanded, collapsible, expandable, depth, kind), and it is
 * updated again whenever it is given another item (a view re-binding a
 * position). What it does it asks of the engine at that moment (the
 * section's collapsed state, the row's expanded state), so a key press acts
 * on the table as it is, not on the item's last values.
 *
 * Indentation: a header gets as many levels as its depth, a row or footer
 * one more (it is inside its section); an item without a chevron gets one
 * more level in its place, so titles line up.
 *
 * ## Actions
 *
 * - `listitem.expand`: expand the section (header) or the row.
 * - `listitem.collapse`: collapse the section (header) or the row.
 * - `listitem.toggle-expand`: one or the other (a click on the chevron).
 * - `listitem.expand-all`: a header expands its section and every section
 *   below it, at any depth; a row expands.
 * - `listitem.collapse-or-parent`: collapse when expanded; otherwise move the
 *   focus to the parent header (a row's or footer's own section header, a
 *   header's parent section header).
 * - `listitem.activate`: what a click on the item does
 *   ([method@Fold.ListModel.activate] at the item's current position).
 *
 * Nothing happens on items that cannot do it (a fixed section's header, a
 * row that cannot expand, a footer); a failure of the engine is given to the
 * [signal@Fold.Expander::failed] signal (a warning when nobody listens).
 *
 * ## Keys
 *
 * A `GtkShortcutController` (named "fold-expander-keys") on the expander:
 * <kbd>+</kbd> expand, <kbd>-</kbd> or <kbd>/</kbd> collapse, <kbd>*</kbd>
 * expand all, <kbd>Right</kbd> expand, <kbd>Left</kbd> collapse or go to the
 * parent (mirrored for right-to-left text), <kbd>Enter</kbd> and
 * <kbd>Space</kbd> activate; the keypad keys too. The expander is focusable
 * (unless its child takes the focus).
 *
 * ## CSS nodes
 *
 * ```
 * foldexpander[.header|.row|.footer][.expandable]
 * ├── indent*
 * ├── image.expander[:checked]
 * ╰── <child>
 * ```
 * The chevron is a `GtkImage` with the symbolic icon "pan-end-symbolic"
 * (its "-rtl" variant in right-to-left text), "pan-down-symbolic" and the
 * :checked state while expanded; it is hidden (and one more indent node
 * takes its place) when the item has nothing to expand. The default style
 * (at GTK_STYLE_PROVIDER_PRIORITY_FALLBACK, so themes and apps override it)
 * makes indent nodes and the chevron 16 px wide and spaces the children by
 * 4 px (the child starts at 20 × (level + 1) px), and draws a focus ring.
 *
 * ## Accessibility
 *
 * Role %GTK_ACCESSIBLE_ROLE_BUTTON (as `GtkTreeExpander` has since GTK 4.12;
 * the list item around it is the row), %GTK_ACCESSIBLE_STATE_EXPANDED while
 * the item can expand (unset otherwise), %GTK_ACCESSIBLE_PROPERTY_LEVEL the
 * indentation level + 1, labelled by its child.
 */

struct _FoldExpander {
    GtkWidget parent_instance;

    FoldListItem *item;
    FoldListModel *model;
    GtkWidget *child;
    GtkWidget *icon;
    gulong item_notify;
    int n_indents;
    int level;
    gboolean expandable;
    gboolean expanded;
    guint focus_tick;
    int focus_frames;
    fold_section_id focus_target;
};

enum {
    PROP_0,
    PROP_CHILD,
    PROP_ITEM,
    PROP_MODEL,
    PROP_EXPANDABLE,
    PROP_EXPANDED,
    PROP_LEVEL,
    N_PROPS
};

enum { SIGNAL_FAILED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(FoldExpander, fold_expander, GTK_TYPE_WIDGET)

/* ---- the indent node ----------------------------------------------------- */

#define FOLD_TYPE_EXPANDER_INDENT (fold_expander_indent_get_type())
G_GNUC_INTERNAL GType fold_expander_indent_get_type(void);
G_DECLARE_FINAL_TYPE(FoldExpanderIndent, fold_expander_indent, FOLD, EXPANDER_INDENT, GtkWidget)

struct _FoldExpanderIndent {
    GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE(FoldExpanderIndent, fold_expander_indent, GTK_TYPE_WIDGET)

static void
fold_expander_indent_class_init(FoldExpanderIndentClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    gtk_widget_class_set_css_name(widget_class, "indent");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
fold_expander_indent_init(FoldExpanderIndent *self)
{
    (void)self;
}

/* ---- errors --------------------------------------------------------------- */

static gboolean
unbound(FoldExpander *self, GError **error)
{
    g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                self->model ? "the FoldExpander has no item" : "the FoldExpander has no model");
    return FALSE;
}

static void
report(FoldExpander *self, const char *action, GError *error)
{
    if (!error)
        return;
    if (g_signal_has_handler_pending(self, signals[SIGNAL_FAILED], 0, FALSE))
        g_signal_emit(self, signals[SIGNAL_FAILED], 0, action, error);
    else
        g_warning("FoldExpander %s: %s", action, error->message);
    g_error_free(error);
}

/* ---- state ---------------------------------------------------------------- */

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

static void
set_indents(FoldExpander *self, int n)
{
    while (self->n_indents < n) {
        GtkWidget *indent = g_object_new(FOLD_TYPE_EXPANDER_INDENT, NULL);
        gtk_widget_insert_after(indent, GTK_WIDGET(self), NULL);
        self->n_indents++;
    }
    while (self->n_indents > n) {
        gtk_widget_unparent(gtk_widget_get_first_child(GTK_WIDGET(self)));
        self->n_indents--;
    }
}

/* Shows the item's state: indentation, chevron, classes, accessible state. */
static void
update(FoldExpander *self)
{
    int level = 0;
    gboolean expandable = FALSE, expanded = FALSE;
    int32_t kind = -1;
    if (self->item) {
        kind = fold_list_item_get_kind(self->item);
        int depth = MAX(fold_list_item_get_depth(self->item), 0);
        level = depth + (kind == FOLD_ITEM_HEADER ? 0 : 1);
        if (kind == FOLD_ITEM_HEADER) {
            expandable = fold_list_item_get_collapsible(self->item);
            expanded = expandable && !fold_list_item_get_collapsed(self->item);
        } else if (kind == FOLD_ITEM_ROW) {
            expanded = fold_list_item_get_expanded(self->item);
            expandable = expanded || fold_list_item_get_expandable(self->item);
        }
    }
    GtkWidget *widget = GTK_WIDGET(self);
    set_indents(self, self->item ? level + (expandable ? 0 : 1) : 0);
    gtk_widget_set_visible(self->icon, expandable);
    gtk_image_set_from_icon_name(GTK_IMAGE(self->icon),
                                 expanded ? "pan-down-symbolic" : "pan-end-symbolic");
    if (expanded)
        gtk_widget_set_state_flags(self->icon, GTK_STATE_FLAG_CHECKED, FALSE);
    else
        gtk_widget_unset_state_flags(self->icon, GTK_STATE_FLAG_CHECKED);

    static const char *const kinds[] = {"header", "row", "footer"};
    for (int i = 0; i < 3; i++) {
        if (i == kind)
            gtk_widget_add_css_class(widget, kinds[i]);
        else
            gtk_widget_remove_css_class(widget, kinds[i]);
    }
    if (expandable)
        gtk_widget_add_css_class(widget, "expandable");
    else
        gtk_widget_remove_css_class(widget, "expandable");

    if (expandable)
        gtk_accessible_update_state(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_STATE_EXPANDED,
                                    expanded, -1);
    else
        gtk_accessible_reset_state(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_STATE_EXPANDED);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LEVEL,
                                   level + 1, -1);

    GObject *object = G_OBJECT(self);
    g_object_freeze_notify(object);
    if (self->level != level) {
        self->level = level;
        g_object_notify_by_pspec(object, properties[PROP_LEVEL]);
    }
    if (self->expandable != expandable) {
        self->expandable = expandable;
        g_object_notify_by_pspec(object, properties[PROP_EXPANDABLE]);
    }
    if (self->expanded != expanded) {
        self->expanded = expanded;
        g_object_notify_by_pspec(object, properties[PROP_EXPANDED]);
    }
    g_object_thaw_notify(object);
}

static void
item_notify(GObject *item, GParamSpec *pspec, gpointer data)
{
    (void)item;
    static const char *const watched[] = {"kind", "depth", "collapsed", "collapsible",
                                          "expanded", "expandable"};
    for (size_t i = 0; i < G_N_ELEMENTS(watched); i++) {
        if (g_strcmp0(pspec->name, watched[i]) == 0) {
            update(FOLD_EXPANDER(data));
            return;
        }
    }
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

/* The item's position in the flat list now (items are not moved when rows
 * before them come and go, so the item's "position" may be old). */
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
    FoldListModel *model = g_object_ref(self->model);
    gboolean ok = fold_list_model_activate(model, (guint)position, out_action, error);
    g_object_unref(model);
    return ok;
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
    report(self, name, error);
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

static void
action_expand(GtkWidget *widget, const char *name, GVariant *parameter)
{
    (void)parameter;
    run(widget, name, op_expand);
}

static void
action_collapse(GtkWidget *widget, const char *name, GVariant *parameter)
{
    (void)parameter;
    run(widget, name, op_collapse);
}

static void
action_toggle(GtkWidget *widget, const char *name, GVariant *parameter)
{
    (void)parameter;
    run(widget, name, op_toggle);
}

static void
action_expand_all(GtkWidget *widget, const char *name, GVariant *parameter)
{
    (void)parameter;
    run(widget, name, fold_expander_expand_all);
}

static void
action_collapse_or_parent(GtkWidget *widget, const char *name, GVariant *parameter)
{
    (void)parameter;
    run(widget, name, op_collapse_or_parent);
}

static void
action_activate(GtkWidget *widget, const char *name, GVariant *parameter)
{
    (void)parameter;
    run(widget, name, op_activate);
}

/* Left and Right follow the text direction. */
static gboolean
key_left(GtkWidget *widget, GVariant *args, gpointer data)
{
    (void)args;
    (void)data;
    return gtk_widget_activate_action(widget,
                                      gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
                                          ? "listitem.expand"
                                          : "listitem.collapse-or-parent",
                                      NULL);
}

static gboolean
key_right(GtkWidget *widget, GVariant *args, gpointer data)
{
    (void)args;
    (void)data;
    return gtk_widget_activate_action(widget,
                                      gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
                                          ? "listitem.collapse-or-parent"
                                          : "listitem.expand",
                                      NULL);
}

static void
add_key(GtkShortcutController *controller, guint keyval, GtkShortcutAction *action)
{
    gtk_shortcut_controller_add_shortcut(
        controller, gtk_shortcut_new(gtk_keyval_trigger_new(keyval, 0), action));
}

static void
add_keys(FoldExpander *self)
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
    add_key(keys, GDK_KEY_Left, gtk_callback_action_new(key_left, NULL, NULL));
    add_key(keys, GDK_KEY_KP_Left, gtk_callback_action_new(key_left, NULL, NULL));
    add_key(keys, GDK_KEY_Right, gtk_callback_action_new(key_right, NULL, NULL));
    add_key(keys, GDK_KEY_KP_Right, gtk_callback_action_new(key_right, NULL, NULL));
    gtk_widget_add_controller(GTK_WIDGET(self), ec);
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

/* ---- style ---------------------------------------------------------------- */

static const char default_css[] =
    "foldexpander { border-spacing: 4px; }\n"
    "foldexpander > indent { min-width: 16px; min-height: 16px; }\n"
    "foldexpander > image.expander { min-width: 16px; min-height: 16px; "
    "-gtk-icon-size: 16px; }\n"
    "foldexpander:focus:focus-visible { outline: 2px solid rgba(53, 132, 228, 0.5); "
    "outline-offset: -2px; border-radius: 4px; }\n";

static void
ensure_style(GdkDisplay *display)
{
    if (!display || g_object_get_data(G_OBJECT(display), "fold-expander-css"))
        return;
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, default_css, -1);
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_FALLBACK);
    g_object_set_data_full(G_OBJECT(display), "fold-expander-css", provider, g_object_unref);
}

/* ---- GObject and GtkWidget ------------------------------------------------ */

static void
fold_expander_root(GtkWidget *widget)
{
    GTK_WIDGET_CLASS(fold_expander_parent_class)->root(widget);
    ensure_style(gtk_widget_get_display(widget));
}

static gboolean
fold_expander_focus(GtkWidget *widget, GtkDirectionType direction)
{
    FoldExpander *self = FOLD_EXPANDER(widget);
    /* A child that takes the focus keeps it; otherwise the expander itself
     * takes it, once. */
    if (self->child) {
        if (gtk_widget_get_focus_child(widget))
            return FALSE;
        if (gtk_widget_child_focus(self->child, direction))
            return TRUE;
    }
    if (gtk_widget_is_focus(widget) || !gtk_widget_get_focusable(widget))
        return FALSE;
    return gtk_widget_grab_focus(widget);
}

static gboolean
fold_expander_grab_focus(GtkWidget *widget)
{
    FoldExpander *self = FOLD_EXPANDER(widget);
    if (self->child && gtk_widget_grab_focus(self->child))
        return TRUE;
    return GTK_WIDGET_CLASS(fold_expander_parent_class)->grab_focus(widget);
}

static void
clear_item(FoldExpander *self)
{
    if (!self->item)
        return;
    g_clear_signal_handler(&self->item_notify, self->item);
    g_clear_object(&self->item);
}

static void
fold_expander_dispose(GObject *object)
{
    FoldExpander *self = FOLD_EXPANDER(object);
    if (self->focus_tick) {
        gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->focus_tick);
        self->focus_tick = 0;
    }
    clear_item(self);
    g_clear_object(&self->model);
    set_indents(self, 0);
    g_clear_pointer(&self->icon, gtk_widget_unparent);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    G_OBJECT_CLASS(fold_expander_parent_class)->dispose(object);
}

static void
fold_expander_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    FoldExpander *self = FOLD_EXPANDER(object);
    switch (id) {
    case PROP_CHILD: g_value_set_object(value, self->child); break;
    case PROP_ITEM: g_value_set_object(value, self->item); break;
    case PROP_MODEL: g_value_set_object(value, self->model); break;
    case PROP_EXPANDABLE: g_value_set_boolean(value, self->expandable); break;
    case PROP_EXPANDED: g_value_set_boolean(value, self->expanded); break;
    case PROP_LEVEL: g_value_set_int(value, self->level); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec); break;
    }
}

static void
fold_expander_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
    FoldExpander *self = FOLD_EXPANDER(object);
    switch (id) {
    case PROP_CHILD: fold_expander_set_child(self, g_value_get_object(value)); break;
    case PROP_ITEM: fold_expander_set_item(self, g_value_get_object(value)); break;
    case PROP_MODEL: fold_expander_set_model(self, g_value_get_object(value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec); break;
    }
}

static void
fold_expander_class_init(FoldExpanderClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = fold_expander_dispose;
    object_class->get_property = fold_expander_get_property;
    object_class->set_property = fold_expander_set_property;
    widget_class->root = fold_expander_root;
    widget_class->focus = fold_expander_focus;
    widget_class->grab_focus = fold_expander_grab_focus;

    /**
     * FoldExpander:child:
     *
     * The widget showing the item's content.
     */
    properties[PROP_CHILD] = g_param_spec_object(
        "child", NULL, NULL, GTK_TYPE_WIDGET,
        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * FoldExpander:item:
     *
     * The [class@Fold.ListItem] shown, or %NULL.
     */
    properties[PROP_ITEM] = g_param_spec_object(
        "item", NULL, NULL, FOLD_TYPE_LIST_ITEM,
        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * FoldExpander:model:
     *
     * The [class@Fold.ListModel] the item belongs to: clicks and keys act
     * on it. Without one, the expander shows the item and does nothing.
     */
    properties[PROP_MODEL] = g_param_spec_object(
        "model", NULL, NULL, FOLD_TYPE_LIST_MODEL,
        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * FoldExpander:expandable:
     *
     * Whether the item shows a chevron: a header of a collapsible section,
     * or a row that can expand.
     */
    properties[PROP_EXPANDABLE] = g_param_spec_boolean(
        "expandable", NULL, NULL, FALSE,
        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * FoldExpander:expanded:
     *
     * Whether the chevron shows expanded: a header whose section is not
     * collapsed, an expanded row.
     */
    properties[PROP_EXPANDED] = g_param_spec_boolean(
        "expanded", NULL, NULL, FALSE,
        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    /**
     * FoldExpander:level:
     *
     * Indentation levels before the chevron: a header's depth, a row's or
     * footer's depth + 1.
     */
    properties[PROP_LEVEL] = g_param_spec_int(
        "level", NULL, NULL, 0, G_MAXINT, 0,
        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, properties);

    /**
     * FoldExpander::failed:
     * @self: the #FoldExpander
     * @action: the action that failed ("listitem.expand", ...)
     * @error: what the engine said
     *
     * An action (a key, a click) failed: the engine refused the call (for
     * example %FOLD_E_BUSY inside a change listener, %FOLD_E_NOT_FOUND for
     * an item whose section is gone). Without a handler, a warning is
     * logged.
     */
    signals[SIGNAL_FAILED] = g_signal_new("failed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                          0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING,
                                          G_TYPE_ERROR);

    gtk_widget_class_install_action(widget_class, "listitem.expand", NULL, action_expand);
    gtk_widget_class_install_action(widget_class, "listitem.collapse", NULL, action_collapse);
    gtk_widget_class_install_action(widget_class, "listitem.toggle-expand", NULL, action_toggle);
    gtk_widget_class_install_action(widget_class, "listitem.expand-all", NULL,
                                    action_expand_all);
    gtk_widget_class_install_action(widget_class, "listitem.collapse-or-parent", NULL,
                                    action_collapse_or_parent);
    gtk_widget_class_install_action(widget_class, "listitem.activate", NULL, action_activate);

    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BOX_LAYOUT);
    gtk_widget_class_set_css_name(widget_class, "foldexpander");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
fold_expander_init(FoldExpander *self)
{
    GtkWidget *widget = GTK_WIDGET(self);
    gtk_widget_set_focusable(widget, TRUE);

    self->icon = gtk_image_new_from_icon_name("pan-end-symbolic");
    gtk_widget_add_css_class(self->icon, "expander");
    gtk_accessible_update_property(GTK_ACCESSIBLE(self->icon), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                   "Expand", -1);
    gtk_widget_set_visible(self->icon, FALSE);
    gtk_widget_set_valign(self->icon, GTK_ALIGN_CENTER);
    GtkGesture *click = gtk_gesture_click_new();
    gtk_event_controller_set_name(GTK_EVENT_CONTROLLER(click), "fold-expander-click");
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
    g_signal_connect(click, "released", G_CALLBACK(chevron_released), NULL);
    gtk_widget_add_controller(self->icon, GTK_EVENT_CONTROLLER(click));
    gtk_widget_set_parent(self->icon, widget);

    add_keys(self);
    update(self);
}

/* ---- public --------------------------------------------------------------- */

/**
 * fold_expander_new:
 *
 * Creates an expander without item, model or child.
 *
 * Returns: (transfer floating): a new #FoldExpander
 */
GtkWidget *
fold_expander_new(void)
{
    return g_object_new(FOLD_TYPE_EXPANDER, NULL);
}

/**
 * fold_expander_get_child:
 * @self: a #FoldExpander
 *
 * Returns: (nullable) (transfer none): the content widget
 */
GtkWidget *
fold_expander_get_child(FoldExpander *self)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), NULL);
    return self->child;
}

/**
 * fold_expander_set_child:
 * @self: a #FoldExpander
 * @child: (nullable): the widget showing the item's content
 *
 * Sets the content widget, after the indentation and the chevron; the
 * expander is labelled by it for assistive technologies.
 */
void
fold_expander_set_child(FoldExpander *self, GtkWidget *child)
{
    g_return_if_fail(FOLD_IS_EXPANDER(self));
    g_return_if_fail(child == NULL || GTK_IS_WIDGET(child));
    if (self->child == child)
        return;
    g_return_if_fail(child == NULL || gtk_widget_get_parent(child) == NULL);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    if (child) {
        self->child = child;
        gtk_widget_set_parent(child, GTK_WIDGET(self));
        gtk_widget_set_hexpand(child, TRUE);
        gtk_accessible_update_relation(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                       child, NULL, -1);
    } else {
        gtk_accessible_reset_relation(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    }
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_CHILD]);
}

/**
 * fold_expander_get_item:
 * @self: a #FoldExpander
 *
 * Returns: (nullable) (transfer none): the item shown
 */
FoldListItem *
fold_expander_get_item(FoldExpander *self)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), NULL);
    return self->item;
}

/**
 * fold_expander_set_item:
 * @self: a #FoldExpander
 * @item: (nullable): the item to show, from the expander's model
 *
 * Shows @item (a reference is kept) and follows its `notify` signals until
 * another item is set. Call it in the list factory's `bind` (and with %NULL
 * in `unbind`).
 */
void
fold_expander_set_item(FoldExpander *self, FoldListItem *item)
{
    g_return_if_fail(FOLD_IS_EXPANDER(self));
    g_return_if_fail(item == NULL || FOLD_IS_LIST_ITEM(item));
    if (self->item == item)
        return;
    clear_item(self);
    if (item) {
        self->item = g_object_ref(item);
        self->item_notify = g_signal_connect(item, "notify", G_CALLBACK(item_notify), self);
    }
    update(self);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_ITEM]);
}

/**
 * fold_expander_get_model:
 * @self: a #FoldExpander
 *
 * Returns: (nullable) (transfer none): the model clicks and keys act on
 */
FoldListModel *
fold_expander_get_model(FoldExpander *self)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), NULL);
    return self->model;
}

/**
 * fold_expander_set_model:
 * @self: a #FoldExpander
 * @model: (nullable): the model the items come from
 *
 * Sets the model that clicks and keys act on (a reference is kept).
 */
void
fold_expander_set_model(FoldExpander *self, FoldListModel *model)
{
    g_return_if_fail(FOLD_IS_EXPANDER(self));
    g_return_if_fail(model == NULL || FOLD_IS_LIST_MODEL(model));
    if (g_set_object(&self->model, model))
        g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_MODEL]);
}

/**
 * fold_expander_get_expandable:
 * @self: a #FoldExpander
 *
 * Returns: whether the chevron is shown (the #FoldExpander:expandable property)
 */
gboolean
fold_expander_get_expandable(FoldExpander *self)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), FALSE);
    return self->expandable;
}

/**
 * fold_expander_get_expanded:
 * @self: a #FoldExpander
 *
 * Returns: whether the chevron shows expanded (the #FoldExpander:expanded
 *   property, from the item)
 */
gboolean
fold_expander_get_expanded(FoldExpander *self)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), FALSE);
    return self->expanded;
}

/**
 * fold_expander_get_level:
 * @self: a #FoldExpander
 *
 * Returns: the indentation levels before the chevron (#FoldExpander:level)
 */
int
fold_expander_get_level(FoldExpander *self)
{
    g_return_val_if_fail(FOLD_IS_EXPANDER(self), 0);
    return self->level;
}
