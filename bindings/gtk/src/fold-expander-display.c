/*
 * fold-expander-display.c — what a FoldExpander shows of its item: the
 * indent nodes, the chevron, the CSS classes and the accessible state, the
 * default display of a placeholder ("Loading…" with a spinner, or the error
 * with "Retry"), updated when the item notifies. See fold-expander.c.
 */
#include "fold-expander-private.h"

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

/* ---- showing the item ------------------------------------------------------ */

void
fold_expander_set_indents(FoldExpander *self, int n)
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

/* ---- the placeholder ------------------------------------------------------ */

/* The "Retry" link activates the item: the engine starts the load again. */
static gboolean
retry_activated(GtkLabel *label, const char *uri, gpointer data)
{
    (void)label;
    (void)uri;
    FoldExpander *self = data;
    GError *error = NULL;
    fold_expander_activate_item(self, NULL, &error);
    fold_expander_report(self, "retry", error);
    return TRUE;
}

static void
make_placeholder(FoldExpander *self)
{
    self->placeholder = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    gtk_widget_add_css_class(self->placeholder, "placeholder");
    gtk_widget_set_hexpand(self->placeholder, TRUE);
    self->spinner = gtk_spinner_new();
    self->placeholder_label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(self->placeholder_label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(self->placeholder_label), PANGO_ELLIPSIZE_END);
    /* A link, not a button: one line of text, so the row keeps the
     * engine's height (a themed button is taller than a 28 pt row). */
    self->retry = gtk_label_new(NULL);
    gtk_label_set_markup(GTK_LABEL(self->retry), "<a href=\"retry\">Retry</a>");
    gtk_widget_add_css_class(self->retry, "retry");
    g_signal_connect(self->retry, "activate-link", G_CALLBACK(retry_activated), self);
    gtk_box_append(GTK_BOX(self->placeholder), self->spinner);
    gtk_box_append(GTK_BOX(self->placeholder), self->placeholder_label);
    gtk_box_append(GTK_BOX(self->placeholder), self->retry);
    gtk_widget_set_parent(self->placeholder, GTK_WIDGET(self));
}

/* The placeholder box while the item is one (the child hidden meanwhile). */
static void
show_placeholder(FoldExpander *self, gboolean placeholder)
{
    if (self->child)
        gtk_widget_set_visible(self->child, !placeholder);
    if (!placeholder) {
        if (self->placeholder)
            gtk_widget_set_visible(self->placeholder, FALSE);
        return;
    }
    if (!self->placeholder)
        make_placeholder(self);
    gboolean failed = fold_list_item_get_failed(self->item);
    const char *message = fold_list_item_get_title(self->item);
    gtk_widget_set_visible(self->placeholder, TRUE);
    gtk_widget_set_visible(self->spinner, !failed);
    gtk_spinner_set_spinning(GTK_SPINNER(self->spinner), !failed);
    gtk_widget_set_visible(self->retry, failed);
    gtk_label_set_text(GTK_LABEL(self->placeholder_label),
                       !failed                    ? "Loading…"
                       : message && message[0]    ? message
                                                  : "Loading failed");
}

/* ---- showing the item ------------------------------------------------------ */

/* Shows the item's state: indentation, chevron, classes, accessible state,
 * a placeholder's display; then the properties follow
 * (fold_expander_store_state). */
void
fold_expander_update(FoldExpander *self)
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
    fold_expander_set_indents(self, self->item ? level + (expandable ? 0 : 1) : 0);
    gtk_widget_set_visible(self->icon, expandable);
    gtk_image_set_from_icon_name(GTK_IMAGE(self->icon),
                                 expanded ? "pan-down-symbolic" : "pan-end-symbolic");
    if (expanded)
        gtk_widget_set_state_flags(self->icon, GTK_STATE_FLAG_CHECKED, FALSE);
    else
        gtk_widget_unset_state_flags(self->icon, GTK_STATE_FLAG_CHECKED);

    static const char *const kinds[] = {"header", "row", "footer", "placeholder"};
    for (int i = 0; i < (int)G_N_ELEMENTS(kinds); i++) {
        if (i == kind)
            gtk_widget_add_css_class(widget, kinds[i]);
        else
            gtk_widget_remove_css_class(widget, kinds[i]);
    }
    gboolean placeholder = kind == FOLD_ITEM_PLACEHOLDER;
    gboolean failed = placeholder && fold_list_item_get_failed(self->item);
    if (placeholder && !failed)
        gtk_widget_add_css_class(widget, "loading");
    else
        gtk_widget_remove_css_class(widget, "loading");
    if (failed)
        gtk_widget_add_css_class(widget, "failed");
    else
        gtk_widget_remove_css_class(widget, "failed");
    show_placeholder(self, placeholder);
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

    fold_expander_store_state(self, level, expandable, expanded);
}

void
fold_expander_item_notify(GObject *item, GParamSpec *pspec, gpointer data)
{
    if (g_strcmp0(pspec->name, "focused") == 0) {
        fold_expander_follow_item_focus(FOLD_EXPANDER(data));
        return;
    }
    /* A title matters only to a placeholder (its error message). */
    if (g_strcmp0(pspec->name, "title") == 0 &&
        fold_list_item_get_kind(FOLD_LIST_ITEM(item)) != FOLD_ITEM_KIND_PLACEHOLDER)
        return;
    static const char *const watched[] = {"kind",     "depth",   "collapsed", "collapsible",
                                          "expanded", "expandable", "loading", "failed",
                                          "title"};
    for (size_t i = 0; i < G_N_ELEMENTS(watched); i++) {
        if (g_strcmp0(pspec->name, watched[i]) == 0) {
            fold_expander_update(FOLD_EXPANDER(data));
            return;
        }
    }
}
