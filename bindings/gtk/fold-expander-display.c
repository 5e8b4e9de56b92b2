/*
 * fold-expander-display.c — what a FoldExpander shows of its item: the
 * indent nodes, the chevron, the CSS classes and the accessible state,
 * updated when the item notifies. See fold-expander.c.
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

/* Shows the item's state: indentation, chevron, classes, accessible state;
 * then the properties follow (fold_expander_store_state). */
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

    fold_expander_store_state(self, level, expandable, expanded);
}

void
fold_expander_item_notify(GObject *item, GParamSpec *pspec, gpointer data)
{
    (void)item;
    static const char *const watched[] = {"kind", "depth", "collapsed", "collapsible",
                                          "expanded", "expandable"};
    for (size_t i = 0; i < G_N_ELEMENTS(watched); i++) {
        if (g_strcmp0(pspec->name, watched[i]) == 0) {
            fold_expander_update(FOLD_EXPANDER(data));
            return;
        }
    }
}
