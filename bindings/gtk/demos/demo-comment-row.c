/* CommentRow: see demo-comment-row.h. */
#include "demo-comment-row.h"
#include "demo-app.h"
#include "demo-comments-data.h"
#include "demo-row.h"

#include <math.h>
#include <string.h>

struct _CommentRow {
    GtkWidget parent_instance;
    FoldTextHeights *heights; /* not owned */
    FoldTransitionClock *clock; /* not owned; NULL: no animation */
    FoldListItem *item;       /* owned while bound */
    GtkListItem *list_item;
    gulong notify_id;
    /* what the last snapshot drew */
    PangoLayout *layout;
    double drawn_height;
    int drawn_chevron;
    int drawn_gone; /* items gone from the list drawn below it (a transition) */
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

/* ---- animated heights ------------------------------------------------------ */

/* An item's frame rect: the part drawn (below the header it folds under,
 * at this frame) and the part hidden above it. */
static double
frame_shown(const fold_frame_item *f, double *out_hidden)
{
    double hidden = isfinite(f->clip_top) ? CLAMP(f->clip_top - f->top, 0, f->height) : 0;
    if (out_hidden)
        *out_hidden = hidden;
    return f->height - hidden;
}

static gboolean
stuck(const fold_transition_item *it)
{
    return (it->flags & (FOLD_TRANSITION_STUCK_BEFORE | FOLD_TRANSITION_STUCK_AFTER)) != 0;
}

/* Where the row's item is at the clock's frame, while it runs and the item
 * is in the transition: its own rect's part drawn (`shown`; `hidden` above
 * it under a folding header), then the items that disappear right after
 * it (frame entries first_gone .. first_gone + n_gone - 1), which the list
 * has no rows for any more: the row takes their drawn heights (`gap`) and
 * draws them, so the rows below slide instead of jumping. A comment that
 * shrinks (the accordion closing it) is drawn with the text it showed. */
typedef struct {
    double shown, hidden, gap;
    gsize first_gone, n_gone;
    gboolean shrinks;
} RowFrame;

static gboolean
row_frame(CommentRow *self, RowFrame *out)
{
    if (!self->clock || !self->item || !fold_transition_clock_is_running(self->clock))
        return FALSE;
    gsize n = 0, nf = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(self->clock, &n);
    const fold_frame_item *frame = fold_transition_clock_get_frame(self->clock, &nf);
    int64_t position = fold_list_item_get_position(self->item);
    for (gsize i = 0; items && frame && i < nf; i++) {
        if (frame[i].index < 0 || (gsize)frame[i].index >= n)
            continue;
        /* A header stuck at the top has its stuck rect: its height all the same. */
        const fold_transition_item *it = &items[frame[i].index];
        if (it->position_after != position)
            continue;
        out->shrinks = it->height_after < it->height_before;
        out->gap = 0;
        out->first_gone = i + 1;
        out->n_gone = 0;
        out->shown = frame_shown(&frame[i], &out->hidden);
        for (gsize j = i + 1; j < nf; j++) {
            if (frame[j].index < 0 || (gsize)frame[j].index >= n)
                break;
            const fold_transition_item *next = &items[frame[j].index];
            if (next->position_after >= 0)
                break;
            if (stuck(next))
                continue;
            out->gap += frame_shown(&frame[j], NULL);
            out->n_gone = j + 1 - out->first_gone;
        }
        return TRUE;
    }
    return FALSE;
}

/* The row's height at the clock's frame (whole pixels, as the list lays
 * rows out), or -1 when it is not animated. */
int
comment_row_get_frame_height(CommentRow *self)
{
    RowFrame f;
    return row_frame(self, &f) ? (int)floor(f.shown + f.gap + 0.5) : -1;
}

static void
on_clock(CommentRow *self)
{
    gtk_widget_queue_resize(GTK_WIDGET(self));
    gtk_widget_queue_draw(GTK_WIDGET(self));
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
    /* The engine's height is the row's height: one source; while a
     * transition plays, the height at its frame. */
    int animated = comment_row_get_frame_height(self);
    *minimum = *natural = animated >= 0 ? animated : demo_item_height(self->item);
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

/* A thread's header: FoldExpander's chevron where a click folds it. */
static void
snapshot_header(CommentRow *self, GtkSnapshot *snapshot, int width, double height,
                const GdkRGBA *fg, const GdkRGBA *dim)
{
    GtkWidget *widget = GTK_WIDGET(self);
    if (fold_list_item_get_collapsible(self->item)) {
        self->drawn_chevron = !fold_list_item_get_collapsed(self->item);
        demo_snapshot_chevron(widget, snapshot, self->drawn_chevron, 16, (height - 16) / 2.0, 16,
                              dim);
    }
    char *m = g_markup_printf_escaped("<b>%s</b>", fold_list_item_get_title(self->item));
    PangoLayout *title = markup_layout(widget, m);
    g_free(m);
    int tw, th;
    pango_layout_get_pixel_size(title, &tw, &th);
    draw_layout(snapshot, title, 40, (height - th) / 2.0, fg);
    g_object_unref(title);
    const char *detail = fold_list_item_get_detail(self->item);
    if (detail) {
        m = g_markup_printf_escaped("<small>%s</small>", detail);
        PangoLayout *d = markup_layout(widget, m);
        g_free(m);
        pango_layout_get_pixel_size(d, &tw, &th);
        draw_layout(snapshot, d, width - PAD_RIGHT - tw, (height - th) / 2.0, dim);
        g_object_unref(d);
    }
}

/* A comment at (0, 0), `height` tall: avatar, byline, then the text in
 * FoldTextHeights' layout, whole or cut to its collapsed lines (returned:
 * the caller unrefs it). */
static PangoLayout *
snapshot_comment(CommentRow *self, GtkSnapshot *snapshot, const Comment *c, gboolean expandable,
                 gboolean expanded, gboolean whole, int width, double height, const GdkRGBA *fg,
                 const GdkRGBA *dim)
{
    GtkWidget *widget = GTK_WIDGET(self);
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
    draw_layout(snapshot, l, PAD_LEFT, 10, fg);
    g_object_unref(l);
    m = g_markup_printf_escaped("<small>%s</small>", c->when);
    l = markup_layout(widget, m);
    g_free(m);
    int bw, bh;
    pango_layout_get_pixel_size(l, &bw, &bh);
    draw_layout(snapshot, l, PAD_LEFT + tw + 8, 10 + th - bh, dim);
    g_object_unref(l);
    if (expandable) {
        m = g_markup_printf_escaped("<small>%s</small>", expanded ? "Show less" : "Show more");
        l = markup_layout(widget, m);
        g_free(m);
        pango_layout_get_pixel_size(l, &bw, &bh);
        GdkRGBA accent = {0.11f, 0.42f, 0.85f, 1};
        draw_layout(snapshot, l, width - PAD_RIGHT - bw, 10 + th - bh, &accent);
        g_object_unref(l);
    }

    PangoLayout *text = fold_text_heights_create_layout(self->heights, c->text, whole);
    if (text) {
        gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height));
        draw_layout(snapshot, text, PAD_LEFT, PAD_TOP, fg);
        gtk_snapshot_pop(snapshot);
    }
    return text;
}

/* The items that disappear after the row's item, at their frame heights
 * below it (a comment drawn as it was, unfolding or shrinking out of
 * sight; a header as blank space). */
static void
snapshot_gone(CommentRow *self, GtkSnapshot *snapshot, const RowFrame *rf, int width,
              const GdkRGBA *fg, const GdkRGBA *dim)
{
    gsize n = 0, nf = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(self->clock, &n);
    const fold_frame_item *frame = fold_transition_clock_get_frame(self->clock, &nf);
    fold_table *table = fold_store_get_table(fold_transition_clock_get_store(self->clock));
    double y = rf->shown;
    for (gsize j = rf->first_gone; j < rf->first_gone + rf->n_gone && j < nf; j++) {
        const fold_transition_item *it = &items[frame[j].index];
        if (stuck(it))
            continue;
        double hidden = 0, shown = frame_shown(&frame[j], &hidden);
        char key[64] = "";
        fold_table_section_text(table, it->section, FOLD_TEXT_KEY, key, sizeof key, NULL);
        const Comment *c = it->kind == FOLD_ITEM_ROW ? find_comment(key, it->row) : NULL;
        if (c && shown > 0) {
            static const GdkRGBA card = {1, 1, 1, 1}, line = {0.922f, 0.914f, 0.902f, 1};
            gtk_snapshot_save(snapshot);
            gtk_snapshot_push_clip(snapshot,
                                   &GRAPHENE_RECT_INIT(0, (float)y, (float)width, (float)shown));
            gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(0, (float)(y - hidden)));
            gtk_snapshot_append_color(snapshot, &card,
                                      &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)frame[j].height));
            gtk_snapshot_append_color(snapshot, &line,
                                      &GRAPHENE_RECT_INIT(0, (float)frame[j].height - 1,
                                                          (float)width, 1));
            PangoLayout *text = snapshot_comment(
                self, snapshot, c, (it->item_flags & FOLD_ITEM_FLAG_EXPANDABLE) != 0,
                (it->item_flags & FOLD_ITEM_FLAG_EXPANDED) != 0,
                (it->item_flags & FOLD_ITEM_FLAG_EXPANDED) != 0, width, frame[j].height, fg, dim);
            g_clear_object(&text);
            gtk_snapshot_pop(snapshot);
            gtk_snapshot_restore(snapshot);
        }
        y += shown;
    }
    self->drawn_gone = (int)rf->n_gone;
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
    self->drawn_gone = 0;
    /* While a transition plays: the item's own part (its content moved up
     * by what a folding header hides of it), then the items gone after it. */
    RowFrame rf = {height, 0, 0, 0, 0, FALSE};
    gboolean animated = row_frame(self, &rf);
    double own = animated ? rf.shown + rf.hidden : height;
    gtk_snapshot_save(snapshot);
    if (animated) {
        gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(0, 0, (float)width, (float)rf.shown));
        gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(0, (float)-rf.hidden));
    }
    if (fold_list_item_get_kind(self->item) == FOLD_ITEM_HEADER) {
        snapshot_header(self, snapshot, width, animated ? own : height, &fg, &dim);
    } else {
        const Comment *c = find_comment(fold_list_item_get_key(self->item),
                                        fold_list_item_get_row(self->item));
        g_clear_object(&self->layout);
        if (c)
            self->layout = snapshot_comment(self, snapshot, c,
                                            fold_list_item_get_expandable(self->item),
                                            fold_list_item_get_expanded(self->item),
                                            fold_list_item_get_expanded(self->item) ||
                                                (rf.shrinks &&
                                                 fold_list_item_get_expandable(self->item)),
                                            width, own, &fg, &dim);
    }
    if (animated)
        gtk_snapshot_pop(snapshot);
    gtk_snapshot_restore(snapshot);
    if (animated && rf.n_gone > 0)
        snapshot_gone(self, snapshot, &rf, width, &fg, &dim);
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
comment_row_new(FoldTextHeights *heights, GtkListItem *list_item, FoldTransitionClock *clock)
{
    CommentRow *self = g_object_new(COMMENT_TYPE_ROW, NULL);
    self->heights = heights;
    self->list_item = list_item;
    self->clock = clock;
    if (clock) {
        /* Each frame the row may have another height; at the end, its own. */
        g_signal_connect_object(clock, "tick", G_CALLBACK(on_clock), self, G_CONNECT_SWAPPED);
        g_signal_connect_object(clock, "finished", G_CALLBACK(on_clock), self,
                                G_CONNECT_SWAPPED);
    }
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

int
comment_row_get_drawn_gone(CommentRow *self)
{
    return self->drawn_gone;
}
