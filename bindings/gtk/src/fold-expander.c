/*
 * fold-expander.c — FoldExpander: GtkTreeExpander's job for a FoldListModel.
 * This file: the type, its properties and signal, the default style and the
 * public accessors; fold-expander-display.c shows the item,
 * fold-expander-actions.c holds the operations and actions,
 * fold-expander-keys.c the keys and controllers, fold-expander-focus.c GTK's
 * focus following the engine's.
 */
#include "fold-expander-private.h"

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
 * Indentation: a header gets as many levels as its depth, a row, footer or
 * placeholder one more (it is inside its section); an item without a
 * chevron gets one more level in its place, so titles line up.
 *
 * A placeholder item (a section whose children are loading, see
 * #FoldStore::load-start) is shown by the expander itself, its child
 * hidden meanwhile: a spinner and "Loading…" while
 * #FoldListItem:loading, the error message (#FoldListItem:title) and a
 * "Retry" link (which activates the item: the load starts again) once
 * #FoldListItem:failed.
 *
 * ## Actions
 *
 * - `listitem.expand`: expand the section (header) or the row.
 * - `listitem.collapse`: collapse the section (header) or the row.
 * - `listitem.toggle-expand`: one or the other (a click on the chevron).
 * - `listitem.expand-all`: a header expands its section and every section
 *   below it, at any depth (the engine's <kbd>*</kbd>); a row expands.
 * - `listitem.collapse-or-parent`: the engine's <kbd>Left</kbd>: collapse
 *   an expanded header; otherwise move the focus to the parent header (a
 *   row's or footer's own section header, a header's parent section header).
 * - `listitem.activate`: what a click on the item does
 *   ([method@Fold.ListModel.activate] at the item's current position).
 *
 * Nothing happens on items that cannot do it (a fixed section's header, a
 * row that cannot expand, a footer); a failure of the engine is given to the
 * [signal@Fold.Expander::failed] signal (a warning when nobody listens).
 *
 * ## Keys and focus
 *
 * A `GtkEventControllerKey` (named "fold-expander-keys", bubble phase, so
 * a child that takes keys gets them first and the list view's own
 * Up/Down come after) hands the keys to the engine's keyboard model
 * ([method@Fold.Store.press_key], foldtable.h "Focus and keyboard"), from
 * this expander's item: <kbd>Up</kbd>, <kbd>Down</kbd>, <kbd>Home</kbd>,
 * <kbd>End</kbd>, <kbd>Page Up</kbd>, <kbd>Page Down</kbd> move the focus
 * and select (with <kbd>Shift</kbd>: the range from the anchor; with
 * <kbd>Ctrl</kbd>: the focus only), <kbd>Space</kbd> toggles the item's
 * selection, <kbd>Left</kbd> collapses or goes to the parent header,
 * <kbd>Right</kbd> expands or goes to the first child (mirrored for
 * right-to-left text), <kbd>+</kbd>, <kbd>-</kbd> (or <kbd>/</kbd>) and
 * <kbd>*</kbd> expand, collapse and expand all; the keypad keys too. The
 * list's viewport is lent to the engine for the key, the list scrolled to
 * the offset it answers, and GTK's focus moved to the widget of the item
 * the engine focused (within the next 8 frames, scrolling to it if its
 * widget is not there). On an expandable row, <kbd>Right</kbd>,
 * <kbd>+</kbd>, <kbd>*</kbd> expand it and <kbd>Left</kbd>, <kbd>-</kbd>
 * collapse it (a row's expanded height is not the keyboard model's).
 * <kbd>Enter</kbd> activates the item (a click). A printable character
 * types ahead ([method@Fold.ListModel.type_ahead]). Keys with
 * <kbd>Alt</kbd> are left to the app.
 *
 * The engine's focus and GTK's stay together: GTK's focus coming to an
 * expander (a click, <kbd>Tab</kbd>) focuses its item in the engine; an
 * item that becomes the engine's focused one (#FoldListItem:focused: a
 * key, [method@Fold.Store.set_focus], the focus rule after a collapse or a
 * removal) takes GTK's focus when GTK's focus is in the list (or
 * nowhere). The expander is focusable (unless its child takes the focus).
 *
 * ## CSS nodes
 *
 * ```
 * foldexpander[.header|.row|.footer|.placeholder][.expandable][.loading|.failed]
 * ├── indent*
 * ├── image.expander[:checked]
 * ├── <child>
 * ╰── box.placeholder (placeholders only)
 *     ├── spinner
 *     ├── label
 *     ╰── label.retry (a "Retry" link)
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

/* ---- state and failures --------------------------------------------------- */

void
fold_expander_store_state(FoldExpander *self, int level, gboolean expandable, gboolean expanded)
{
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

void
fold_expander_report(FoldExpander *self, const char *action, GError *error)
{
    if (!error)
        return;
    if (g_signal_has_handler_pending(self, signals[SIGNAL_FAILED], 0, FALSE))
        g_signal_emit(self, signals[SIGNAL_FAILED], 0, action, error);
    else
        g_warning("FoldExpander %s: %s", action, error->message);
    g_error_free(error);
}

/* ---- style ---------------------------------------------------------------- */

static const char default_css[] =
    "foldexpander { border-spacing: 4px; }\n"
    "foldexpander > indent { min-width: 16px; min-height: 16px; }\n"
    "foldexpander > image.expander { min-width: 16px; min-height: 16px; "
    "-gtk-icon-size: 16px; }\n"
    "foldexpander > box.placeholder > label { opacity: 0.75; font-style: italic; }\n"
    "foldexpander.failed > box.placeholder > label { opacity: 1; color: @error_color; }\n"
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
    clear_item(self);
    g_clear_object(&self->model);
    fold_expander_set_indents(self, 0);
    g_clear_pointer(&self->icon, gtk_widget_unparent);
    g_clear_pointer(&self->child, gtk_widget_unparent);
    g_clear_pointer(&self->placeholder, gtk_widget_unparent);
    G_OBJECT_CLASS(fold_expander_parent_class)->dispose(object);
}

static void
fold_expander_class_init(FoldExpanderClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->dispose = fold_expander_dispose;
    object_class->get_property = fold_get_field_property;
    object_class->set_property = fold_set_object_property;
    widget_class->root = fold_expander_root;
    widget_class->focus = fold_expander_focus;
    widget_class->grab_focus = fold_expander_grab_focus;

    /* The properties show fields (fold_get_field_property); the public
     * setters write the object ones (fold_set_object_property). */
    const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
#define FIELD(field) G_STRUCT_OFFSET(FoldExpander, field)
    /**
     * FoldExpander:child:
     *
     * The widget showing the item's content.
     */
    properties[PROP_CHILD] = fold_param_object_field("child", GTK_TYPE_WIDGET, FIELD(child),
                                                     (FoldObjectSetter)fold_expander_set_child);
    /**
     * FoldExpander:item:
     *
     * The [class@Fold.ListItem] shown, or %NULL.
     */
    properties[PROP_ITEM] = fold_param_object_field("item", FOLD_TYPE_LIST_ITEM, FIELD(item),
                                                    (FoldObjectSetter)fold_expander_set_item);
    /**
     * FoldExpander:model:
     *
     * The [class@Fold.ListModel] the item belongs to: clicks and keys act
     * on it. Without one, the expander shows the item and does nothing.
     */
    properties[PROP_MODEL] = fold_param_object_field("model", FOLD_TYPE_LIST_MODEL, FIELD(model),
                                                     (FoldObjectSetter)fold_expander_set_model);
    /**
     * FoldExpander:expandable:
     *
     * Whether the item shows a chevron: a header of a collapsible section,
     * or a row that can expand.
     */
    properties[PROP_EXPANDABLE] =
        fold_param_field(g_param_spec_boolean("expandable", NULL, NULL, FALSE, ro),
                         FIELD(expandable));
    /**
     * FoldExpander:expanded:
     *
     * Whether the chevron shows expanded: a header whose section is not
     * collapsed, an expanded row.
     */
    properties[PROP_EXPANDED] =
        fold_param_field(g_param_spec_boolean("expanded", NULL, NULL, FALSE, ro), FIELD(expanded));
    /**
     * FoldExpander:level:
     *
     * Indentation levels before the chevron: a header's depth, a row's or
     * footer's depth + 1.
     */
    properties[PROP_LEVEL] =
        fold_param_field(g_param_spec_int("level", NULL, NULL, 0, G_MAXINT, 0, ro), FIELD(level));
#undef FIELD
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

    fold_expander_install_actions(widget_class);

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
    gtk_widget_set_parent(self->icon, widget);

    fold_expander_add_controllers(self);
    fold_expander_update(self);
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
FOLD_DEFINE_GETTER(GtkWidget *, fold_expander_get_child, FoldExpander,
                   FOLD_IS_EXPANDER, NULL, self->child)

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
FOLD_DEFINE_GETTER(FoldListItem *, fold_expander_get_item, FoldExpander,
                   FOLD_IS_EXPANDER, NULL, self->item)

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
        self->item_notify =
            g_signal_connect(item, "notify", G_CALLBACK(fold_expander_item_notify), self);
    }
    fold_expander_update(self);
    g_object_notify_by_pspec(G_OBJECT(self), properties[PROP_ITEM]);
    fold_expander_follow_item_focus(self);
}

/**
 * fold_expander_get_model:
 * @self: a #FoldExpander
 *
 * Returns: (nullable) (transfer none): the model clicks and keys act on
 */
FOLD_DEFINE_GETTER(FoldListModel *, fold_expander_get_model, FoldExpander,
                   FOLD_IS_EXPANDER, NULL, self->model)

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
FOLD_DEFINE_GETTER(gboolean, fold_expander_get_expandable, FoldExpander,
                   FOLD_IS_EXPANDER, FALSE, self->expandable)

/**
 * fold_expander_get_expanded:
 * @self: a #FoldExpander
 *
 * Returns: whether the chevron shows expanded (the #FoldExpander:expanded
 *   property, from the item)
 */
FOLD_DEFINE_GETTER(gboolean, fold_expander_get_expanded, FoldExpander,
                   FOLD_IS_EXPANDER, FALSE, self->expanded)

/**
 * fold_expander_get_level:
 * @self: a #FoldExpander
 *
 * Returns: the indentation levels before the chevron (#FoldExpander:level)
 */
FOLD_DEFINE_GETTER(int, fold_expander_get_level, FoldExpander, FOLD_IS_EXPANDER, 0, self->level)
