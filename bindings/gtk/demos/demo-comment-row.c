/* CommentRow: see demo-comment-row.h. */
#include "demo-comment-row.h"
#include "demo-app.h"
#include "demo-comments-data.h"
#include "demo-row.h"

#include <string.h>

struct _CommentRow {
    GtkWidget parent_instance;
    FoldTextHeights *heights; /* not owned */
    FoldListItem *item;       /* owned while bound */
    GtkListItem *list_item;
    gulong notify_id;
    /* what the last snapshot drew */
    PangoLayout *layout;
    double drawn_height;
    int drawn_chevron;
};

G_DEFINE_FINAL_TYPE(CommentRow, comment_row, GTK_TYPE_WIDGET)

/* CSS classes from the item; a new height is a new size. */
static void
comment_row_update(CommentRow *self)
{
    GtkWidget *w = GTK_WIDGET(self);
    gboolean header = self->item && fold_list_item_get_kind(self->item) == FOLD_ITEM_HEADER;
    gboolean expanded = self->item && fold_list_item_get_expanded(self->item);
    gboolean expandable = self->item && fold_list_item_get_expandable(self->item);
    gboolean collapsed = self->item && fold_list_item_get_collapsed(self->item);
    const char *classes[] = {"header", "expanded", "expandable", "collapsed"};
    gboolean on[] = {header, expanded, expandable, collapsed};
    for (size_t i = 0; i < G_N_ELEMENTS(classes); i++) {
        if (on[i])
            gtk_widget_add_css_class(w, classes[i]);
        else
            gtk_widget_remove_css_class(w, classes[i]);
    }
    gtk_widget_queue_resize(w);
    gtk_widget_queue_draw(w);
}

static void
comment_row_measure(GtkWidget *widget, GtkOrientation orientation, int for_size, int *minimum,
                    int *natural, int *minimum_baseline, int *natural_baseline)
{
    (void)for_size;
    CommentRow *self = COMMENT_ROW(widget);
    *minimum_baseline = *natural_baseline = -1;
    if (orientation == GTK_ORIENTATION_HORIZONTAL) {
        *minimum = *natural = 0; /* the list gives every row its width */
        return;
    }
    /* The engine's height is the row's height: one source. */
    *minimum = *natural = demo_item_height(self->item);
}

static void
get_fg(GtkWidget *widget, GdkRGBA *out)
{
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), out);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

static void
draw_layout(GtkSnapshot *snapshot, PangoLayout *layout, double x, double y, const GdkRGBA *color)
{
    gtk_snapshot_save(snapshot);
    graphene_point_t at = GRAPHENE_POINT_INIT((float)x, (float)y);
    gtk_snapshot_translate(snapshot, &at);
    gtk_snapshot_append_layout(snapshot, layout, color);
    gtk_snapshot_restore(snapshot);
}

static PangoLayout *
markup_layout(GtkWidget *widget, const char *markup)
{
    PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
    pango_layout_set_markup(layout, markup, -1);
    return layout;
}

static void
comment_row_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    CommentRow *self = COMMENT_ROW(widget);
    if (!self->item)
        return;
    int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    GdkRGBA fg, dim;
    get_fg(widget, &fg);
    dim = fg;
    dim.alpha *= 0.55f;
    self->drawn_height = height;
    self->drawn_chevron = -1;

    if (fold_list_item_get_kind(self->item) == FOLD_ITEM_HEADER) {
        /* FoldExpander's chevron where a click folds the thread. */
        if (fold_list_item_get_collapsible(self->item)) {
            self->drawn_chevron = !fold_list_item_get_collapsed(self->item);
            demo_snapshot_chevron(widget, snapshot, self->drawn_chevron, 16, (height - 16) / 2.0,
                                  16, &dim);
        }
        char *m = g_markup_printf_escaped("<b>%s</b>", fold_list_item_get_title(self->item));
        PangoLayout *title = markup_layout(widget, m);
        g_free(m);
        int tw, th;
        pango_layout_get_pixel_size(title, &tw, &th);
        draw_layout(snapshot, title, 40, (height - th) / 2.0, &fg);
        g_object_unref(title);
        const char *detail = fold_list_item_get_detail(self->item);
        if (detail) {
            m = g_markup_printf_escaped("<small>%s</small>", detail);
            PangoLayout *d = markup_layout(widget, m);
            g_free(m);
            pango_layout_get_pixel_size(d, &tw, &th);
            draw_layout(snapshot, d, width - PAD_RIGHT - tw, (height - th) / 2.0, &dim);
            g_object_unref(d);
        }
        return;
    }

    /* A comment: avatar, byline, then the text in FoldTextHeights' layout. */
    const Comment *c =
        find_comment(fold_list_item_get_key(self->item), fold_list_item_get_row(self->item));
    if (!c)
        return;
    gboolean expanded = fold_list_item_get_expanded(self->item);
    guint hash = g_str_hash(c->author);
    GdkRGBA avatar = {0.35f + (hash % 5) * 0.1f, 0.45f + (hash / 5 % 4) * 0.08f,
                      0.75f - (hash / 20 % 4) * 0.08f, 1};
    graphene_rect_t circle = GRAPHENE_RECT_INIT(16, 12, 32, 32);
    GskRoundedRect round;
    gsk_rounded_rect_init_from_rect(&round, &circle, 16);
    gtk_snapshot_push_rounded_clip(snapshot, &round);
    gtk_snapshot_append_color(snapshot, &avatar, &circle);
    gtk_snapshot_pop(snapshot);
    char initials[16] = "";
    const char *space = strchr(c->author, ' ');
    g_snprintf(initials, sizeof initials, "%.1s%.1s", c->author, space ? space + 1 : "");
    char *m = g_markup_printf_escaped("<small><b>%s</b></small>", initials);
    PangoLayout *l = markup_layout(widget, m);
    g_free(m);
    int tw, th;
    pango_layout_get_pixel_size(l, &tw, &th);
    GdkRGBA white = {1, 1, 1, 1};
    draw_layout(snapshot, l, 32 - tw / 2.0, 28 - th / 2.0, &white);
    g_object_unref(l);

    m = g_markup_printf_escaped("<b>%s</b>", c->author);
    l = markup_layout(widget, m);
    g_free(m);
    pango_layout_get_pixel_size(l, &tw, &th);
    draw_layout(snapshot, l, PAD_LEFT, 10, &fg);
    g_object_unref(l);
    m = g_markup_printf_escaped("<small>%s</small>", c->when);
    l = markup_layout(widget, m);
    g_free(m);
    int bw, bh;
    pango_layout_get_pixel_size(l, &bw, &bh);
    draw_layout(snapshot, l, PAD_LEFT + tw + 8, 10 + th - bh, &dim);
    g_object_unref(l);
    if (fold_list_item_get_expandable(self->item)) {
        m = g_markup_printf_escaped("<small>%s</small>", expanded ? "Show less" : "Show more");
        l = markup_layout(widget, m);
        g_free(m);
        pango_layout_get_pixel_size(l, &bw, &bh);
        GdkRGBA accent = {0.11f, 0.42f, 0.85f, 1};
        draw_layout(snapshot, l, width - PAD_RIGHT - bw, 10 + th - bh, &accent);
        g_object_unref(l);
    }

    g_clear_object(&self->layout);
    self->layout = fold_text_heights_create_layout(self->heights, c->text, expanded);
    if (self->layout) {
        gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height));
        draw_layout(snapshot, self->layout, PAD_LEFT, PAD_TOP, &fg);
        gtk_snapshot_pop(snapshot);
    }
}

/* Live items notify their changes; snapshot items are rebound by
 * items-changed. Either way the row re-reads the item. */
void
comment_row_set_item(CommentRow *self, FoldListItem *item)
{
    demo_item_bind(&self->item, &self->notify_id, item, G_CALLBACK(comment_row_update), self);
    comment_row_update(self);
}

static void
comment_row_dispose(GObject *object)
{
    CommentRow *self = COMMENT_ROW(object);
    comment_row_set_item(self, NULL);
    g_clear_object(&self->layout);
    G_OBJECT_CLASS(comment_row_parent_class)->dispose(object);
}

static void
comment_row_class_init(CommentRowClass *klass)
{
    G_OBJECT_CLASS(klass)->dispose = comment_row_dispose;
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
    widget_class->measure = comment_row_measure;
    widget_class->snapshot = comment_row_snapshot;
    gtk_widget_class_set_css_name(widget_class, "comment");
}

static void
comment_row_init(CommentRow *self)
{
    self->drawn_chevron = -1;
}

GtkWidget *
comment_row_new(FoldTextHeights *heights, GtkListItem *list_item)
{
    CommentRow *self = g_object_new(COMMENT_TYPE_ROW, NULL);
    self->heights = heights;
    self->list_item = list_item;
    return GTK_WIDGET(self);
}

void
comment_row_bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    comment_row_set_item(COMMENT_ROW(gtk_list_item_get_child(list_item)),
                         gtk_list_item_get_item(list_item));
}

void
comment_row_unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    comment_row_set_item(COMMENT_ROW(gtk_list_item_get_child(list_item)), NULL);
}

static GtkListItem *
bound_comment_row(GtkWidget *row)
{
    return COMMENT_IS_ROW(row) && COMMENT_ROW(row)->item ? COMMENT_ROW(row)->list_item : NULL;
}

CommentRow *
comment_row_find(GtkWidget *list, guint position)
{
    return (CommentRow *)demo_list_find(list, position, bound_comment_row);
}

int64_t
comment_row_get_position(CommentRow *self)
{
    return self->item ? (int64_t)fold_list_item_get_position(self->item) : -1;
}

PangoLayout *
comment_row_get_layout(CommentRow *self)
{
    return self->layout;
}

double
comment_row_get_drawn_height(CommentRow *self)
{
    return self->drawn_height;
}

int
comment_row_get_drawn_chevron(CommentRow *self)
{
    return self->drawn_chevron;
}
