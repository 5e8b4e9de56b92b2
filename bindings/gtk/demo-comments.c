/*
 * demo-comments.c — an accordion of comments whose heights are measured
 * with Pango (FoldTextHeights).
 *
 * Two discussion threads (sections) of comments (rows). A collapsed comment
 * shows three lines of its text, ellipsized; a click expands it to its whole
 * text — every paragraph — and collapses the comment expanded before (the
 * accordion). A comment whose text fits in three lines is not expandable.
 * The heights come from one place: FoldTextHeights answers the engine's
 * height providers by laying the text out at the list's width, the row
 * widgets draw that same layout and take the engine's height as theirs
 * (CommentRow's measure() answers the item's "height"). Resizing the window
 * re-measures (fold_table_invalidate_heights + fold_table_measure).
 *
 *   foldtable-gtk-demo-comments                      interactive
 *   foldtable-gtk-demo-comments --self-test OUT.png  drive itself, check, save
 *                                                    screenshots, exit 0 / 1
 */
#include "demo-app.h"
#include "fold-text-heights.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define HEADER_HEIGHT 40.0
#define COLLAPSED_LINES 3
/* Inside a comment row: the avatar column on the left, the byline above. */
#define PAD_LEFT 60
#define PAD_RIGHT 20
#define PAD_TOP 34
#define PAD_BOTTOM 12

typedef struct {
    const char *author;
    const char *when;
    const char *text;
} Comment;

static const Comment release[] = {
    {"Ada Okafor", "09:12",
     "I tried the 0.2 branch on the inbox app this morning. Collapsing a folder with forty "
     "thousand messages is instant now, and the scroll position stays where it was, which is "
     "the part I cared about most.\n\n"
     "Two things I noticed. First, the header of a collapsed folder still shows the old count "
     "for a frame when messages arrive while it is closed. Second, the keyboard shortcuts "
     "collide with the ones the message view uses, so we should pick the GtkTreeExpander "
     "defaults and document them.\n\n"
     "Otherwise this is ready for me. Nice work, everyone."},
    {"Tomás Lindqvist", "09:40", "Agreed on the shortcuts. Plus, minus and asterisk, like the tree expander."},
    {"Mei Chen", "10:05",
     "The count lag is a redraw that arrives after the change set, I think. With live items "
     "the header's count becomes a property notification, so it should be gone once the model "
     "branch lands. I will re-test after the merge.\n\n"
     "About the release notes: can we list the heights work separately? People who wrote "
     "their own size_request code will want to delete it, and they need to know how."},
    {"Ada Okafor", "10:20", "Yes — a short migration section would help."},
    {"Ravi Subramanian", "11:02",
     "One more data point from the chat client. Messages are anything from a single emoji to "
     "a pasted log of two hundred lines. Before, we guessed heights and fixed them up after "
     "drawing, and the list jumped every time a long message scrolled into view.\n\n"
     "With the height providers measuring at the list's width, nothing jumps: rows are "
     "measured just before they are shown, and the anchor keeps the first visible message "
     "where it was while the estimates above it become real heights.\n\n"
     "Resizing the window re-measures everything that is visible. On my laptop that is about "
     "forty rows, and I cannot see it happen.\n\n"
     "The one thing I would still like is a way to measure a whole section ahead of time, for "
     "printing, but that can wait."},
};

static const Comment design[] = {
    {"Hanna Berg", "Yesterday",
     "Proposal for the comment cards: three lines of text when collapsed, the whole text when "
     "expanded, and only one card open at a time, so the thread stays readable on a phone.\n\n"
     "A card whose text fits in three lines should not pretend it can expand: no chevron, no "
     "hover hint, and a click does nothing."},
    {"Jonas Weber", "Yesterday", "Looks good. Ship it."},
    {"Lucía Fernández", "Yesterday",
     "I like the accordion. Two details from the accessibility review: the expanded state must "
     "be exposed to screen readers, and the focus must stay on the card that was activated, "
     "also when the card above it collapses and the list moves.\n\n"
     "The engine's anchoring handles the second one for us if the view tells it the viewport; "
     "the first one belongs in the expander widget."},
    {"Hanna Berg", "Yesterday", "Thanks — both noted in the tracker."},
};

typedef struct {
    const char *key;
    const char *header;
    const Comment *comments;
    int count;
} Thread;

static const Thread threads[] = {
    {"release", "Release 0.2 — feedback|5 comments", release, G_N_ELEMENTS(release)},
    {"design", "Comment cards — design|4 comments", design, G_N_ELEMENTS(design)},
};

static const Comment *
find_comment(const char *key, int64_t row)
{
    for (size_t i = 0; i < G_N_ELEMENTS(threads); i++)
        if (strcmp(threads[i].key, key) == 0)
            return row >= 0 && row < threads[i].count ? &threads[i].comments[row] : NULL;
    return NULL;
}

/* The text of a comment: what FoldTextHeights measures and the row draws. */
static char *
comment_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)user_data;
    const Comment *c = find_comment(key, row);
    return c ? g_strdup(c->text) : NULL;
}

/* ---- CommentRow: one list row, drawn with FoldTextHeights' layout ------- */

#define COMMENT_TYPE_ROW (comment_row_get_type())
G_DECLARE_FINAL_TYPE(CommentRow, comment_row, COMMENT, ROW, GtkWidget)

struct _CommentRow {
    GtkWidget parent_instance;
    FoldTextHeights *heights; /* not owned */
    FoldListItem *item;       /* owned while bound */
    GtkListItem *list_item;
    gulong notify_id;
    /* what the last snapshot drew */
    PangoLayout *layout;
    double drawn_height;
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
    const char *classes[] = {"header", "expanded", "expandable"};
    gboolean on[] = {header, expanded, expandable};
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
    double h = self->item ? fold_list_item_get_height(self->item) : 0;
    *minimum = *natural = (int)ceil(h);
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

    if (fold_list_item_get_kind(self->item) == FOLD_ITEM_HEADER) {
        char *m = g_markup_printf_escaped("<b>%s</b>", fold_list_item_get_title(self->item));
        PangoLayout *title = markup_layout(widget, m);
        g_free(m);
        int tw, th;
        pango_layout_get_pixel_size(title, &tw, &th);
        draw_layout(snapshot, title, 16, (height - th) / 2.0, &fg);
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

static void
on_item_notify(GObject *item, GParamSpec *pspec, CommentRow *self)
{
    (void)item;
    (void)pspec;
    comment_row_update(self);
}

/* Binds the row to a model item (NULL: unbinds). Live items notify their
 * changes; snapshot items are rebound by items-changed. Either way the row
 * re-reads the item. */
static void
comment_row_set_item(CommentRow *self, FoldListItem *item)
{
    if (self->item) {
        g_clear_signal_handler(&self->notify_id, self->item);
        g_clear_object(&self->item);
    }
    if (item) {
        self->item = g_object_ref(item);
        self->notify_id = g_signal_connect(item, "notify", G_CALLBACK(on_item_notify), self);
    }
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
    (void)self;
}

static GtkWidget *
comment_row_new(FoldTextHeights *heights, GtkListItem *list_item)
{
    CommentRow *self = g_object_new(COMMENT_TYPE_ROW, NULL);
    self->heights = heights;
    self->list_item = list_item;
    return GTK_WIDGET(self);
}

/* ---- the app ------------------------------------------------------------- */

typedef struct {
    DemoApp demo;
    FoldTextHeights *heights;
    GtkWidget *scroller, *status;
    GtkAdjustment *vadj;
    /* self-test */
    int width;
    int64_t expanded_pos;
} App;

static fold_table *
build_table(void)
{
    /* The row height is the estimate until measured. */
    fold_table *table =
        demo_table_new(HEADER_HEIGHT, PAD_TOP + PAD_BOTTOM + 3 * 18, FOLD_ACCORDION_SINGLE);
    if (!table)
        return NULL;
    for (size_t i = 0; i < G_N_ELEMENTS(threads); i++) {
        if (fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, threads[i].key,
                                      threads[i].header, threads[i].count, 0, NULL) != FOLD_OK)
            return demo_table_failed(table);
    }
    return table;
}

static void
setup_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    App *app = data;
    gtk_list_item_set_child(list_item, comment_row_new(app->heights, list_item));
}

static void
bind_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    comment_row_set_item(COMMENT_ROW(gtk_list_item_get_child(list_item)),
                         gtk_list_item_get_item(list_item));
}

static void
unbind_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    comment_row_set_item(COMMENT_ROW(gtk_list_item_get_child(list_item)), NULL);
}

static void
set_status(App *app)
{
    fold_row_ref *rows = NULL;
    int64_t n = 0;
    char *s;
    if (fold_table_expanded_rows(app->demo.table, &rows, &n) == FOLD_OK && n > 0) {
        const Comment *c = find_comment(rows[0].key, rows[0].row);
        s = g_strdup_printf("Showing the whole comment by %s · text width %d px",
                            c ? c->author : "?", fold_text_heights_get_text_width(app->heights));
    } else {
        s = g_strdup_printf("Click a comment to read all of it · text width %d px",
                            fold_text_heights_get_text_width(app->heights));
    }
    fold_free(rows);
    gtk_label_set_text(GTK_LABEL(app->status), s);
    g_free(s);
}

static void
on_activate(GtkListView *list, guint position, gpointer data)
{
    (void)list;
    App *app = data;
    app->demo.last_action = demo_activate(app->demo.model, position);
    set_status(app);
}

static void
on_text_width(GObject *heights, GParamSpec *pspec, gpointer data)
{
    (void)heights;
    (void)pspec;
    set_status(data);
}

/* The heights stop measuring with the window (before the model goes). */
static void
on_destroy(GtkWidget *window, gpointer data)
{
    (void)window;
    App *app = data;
    fold_text_heights_detach(app->heights);
    g_clear_object(&app->heights);
}

static const char css[] =
    "window.comments-demo { background: #f6f5f4; }\n"
    ".comments-demo .topbar { padding: 12px 16px; background: #ffffff;"
    "  box-shadow: inset 0 -1px #deddda; }\n"
    ".comments-demo .topbar .title { font-weight: bold; font-size: 1.15em; }\n"
    ".comments-demo .statusbar { padding: 6px 16px; background: #ffffff;"
    "  box-shadow: inset 0 1px #deddda; color: #5e5c64; }\n"
    /* FoldTextHeights' padding is the only space around the text: the
     * list's own row node adds none, so a row is exactly the engine's height. */
    "listview.comments { background: #f6f5f4; }\n"
    "listview.comments > row { padding: 0; margin: 0; border: none; min-height: 0; }\n"
    "listview.comments > row:hover comment:not(.header) { background: alpha(#1c71d8, 0.07); }\n"
    "listview.comments > row:selected { background: none; color: inherit; }\n"
    "comment { background: #ffffff; box-shadow: inset 0 -1px #ebe9e6; }\n"
    "comment.header { background: #f6f5f4; color: #3d3846; box-shadow: inset 0 -1px #deddda; }\n"
    "comment.expanded { background: #fafcff; box-shadow: inset 4px 0 #1c71d8, inset 0 -1px #ebe9e6; }\n";

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window =
        demo_window_new(gapp, css, "comments-demo", "FoldTable — comments", 560, 720);

    GtkWidget *vbox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *top = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
    gtk_widget_add_css_class(top, "topbar");
    GtkWidget *title = gtk_label_new("Discussion");
    gtk_widget_add_css_class(title, "title");
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    GtkWidget *sub = gtk_label_new("One comment open at a time; short ones have nothing to expand.");
    gtk_widget_add_css_class(sub, "dim-label");
    gtk_label_set_xalign(GTK_LABEL(sub), 0);
    gtk_label_set_wrap(GTK_LABEL(sub), TRUE);
    gtk_box_append(GTK_BOX(top), title);
    gtk_box_append(GTK_BOX(top), sub);
    gtk_box_append(GTK_BOX(vbox), top);

    app->demo.list = demo_list_view_new(app->demo.model, "comments", G_CALLBACK(setup_row),
                                   G_CALLBACK(bind_row), G_CALLBACK(unbind_row),
                                   G_CALLBACK(on_activate), app);

    /* Heights: FoldTextHeights measures at the list's width with its font. */
    app->heights = fold_text_heights_new(app->demo.list);
    fold_text_heights_set_text_func(app->heights, comment_text, NULL, NULL);
    fold_text_heights_set_collapsed_lines(app->heights, COLLAPSED_LINES);
    GtkBorder padding = {PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM};
    fold_text_heights_set_padding(app->heights, &padding);
    GError *error = NULL;
    if (!fold_text_heights_attach_model(app->heights, app->demo.model, &error)) {
        g_warning("%s", error->message);
        g_clear_error(&error);
    }
    g_signal_connect(app->heights, "notify::text-width", G_CALLBACK(on_text_width), app);

    app->scroller = demo_scroller_new(app->demo.list);
    app->vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(app->demo.list));
    gtk_box_append(GTK_BOX(vbox), app->scroller);

    app->status = demo_status_bar_new();
    gtk_box_append(GTK_BOX(vbox), app->status);
    set_status(app);

    gtk_window_set_child(GTK_WINDOW(window), vbox);
    g_signal_connect(window, "destroy", G_CALLBACK(on_destroy), app);
    return window;
}

/* ---- self-test ----------------------------------------------------------- */

static double
engine_height(App *app, int64_t p)
{
    double h = -1;
    fold_table_item_height(app->demo.table, p, &h);
    return h;
}

/* The CommentRow the list shows for position p, or NULL. */
static CommentRow *
row_widget(App *app, int64_t p)
{
    for (GtkWidget *c = gtk_widget_get_first_child(app->demo.list); c; c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *child = gtk_widget_get_first_child(c);
        if (child && COMMENT_IS_ROW(child)) {
            CommentRow *r = COMMENT_ROW(child);
            if (r->item && gtk_widget_get_mapped(child) &&
                gtk_list_item_get_position(r->list_item) == (guint)p)
                return r;
        }
    }
    return NULL;
}

/* Every shown row: allocated height == engine height == Pango's answer. */
static int
check_rows(App *app, const char *when)
{
    int checked = 0;
    for (size_t t = 0; t < G_N_ELEMENTS(threads); t++) {
        for (int r = 0; r < threads[t].count; r++) {
            int64_t p = demo_row_pos(app->demo.table, threads[t].key, r);
            fold_row_info info;
            EXPECT(fold_table_row_info(app->demo.table, demo_section(app->demo.table, threads[t].key), r, &info) == FOLD_OK);
            gboolean expanded = (info.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
            double pango = fold_text_heights_measure_text(app->heights, threads[t].comments[r].text,
                                                          expanded);
            double h = engine_height(app, p);
            if (h != pango)
                fprintf(stderr, "%s: %s/%d engine %.2f, Pango %.2f\n", when, threads[t].key, r,
                        h, pango);
            EXPECT(h == pango);
            /* Expandable exactly when the collapsed lines cut the text. */
            PangoLayout *cl = fold_text_heights_create_layout(app->heights,
                                                              threads[t].comments[r].text, FALSE);
            EXPECT(!!(info.flags & FOLD_ITEM_FLAG_EXPANDABLE) == pango_layout_is_ellipsized(cl));
            g_object_unref(cl);
            CommentRow *w = row_widget(app, p);
            if (w) {
                int allocated = gtk_widget_get_height(GTK_WIDGET(w));
                if (allocated != h)
                    fprintf(stderr, "%s: %s/%d allocated %d, engine %.2f\n", when,
                            threads[t].key, r, allocated, h);
                EXPECT(allocated == h);
                checked++;
            }
        }
    }
    return checked;
}

static gboolean
self_test_step(gpointer data)
{
    App *app = data;
    GtkListView *list = GTK_LIST_VIEW(app->demo.list);
    app->demo.step++;
    switch (app->demo.step) {
    case 1: {
        int64_t n = 0;
        fold_table_item_count(app->demo.table, &n);
        EXPECT(n == 2 + 5 + 4);
        EXPECT(g_list_model_get_n_items(G_LIST_MODEL(app->demo.model)) == (guint)n);
        int width = gtk_widget_get_width(app->demo.list);
        EXPECT(fold_text_heights_get_text_width(app->heights) == width - PAD_LEFT - PAD_RIGHT);
        int checked = check_rows(app, "step 1");
        EXPECT(checked >= 6);
        printf("step 1: %" G_GINT64_FORMAT " items, list width %d, text width %d, %d rows "
               "allocated at the engine's (Pango's) height\n",
               n, width, fold_text_heights_get_text_width(app->heights), checked);
        /* A short comment: the whole text fits, not expandable; a click does nothing. */
        int64_t p = demo_row_pos(app->demo.table, "release", 1);
        fold_row_info info;
        EXPECT(fold_table_row_info(app->demo.table, demo_section(app->demo.table, "release"), 1, &info) == FOLD_OK);
        EXPECT(!(info.flags & FOLD_ITEM_FLAG_EXPANDABLE));
        EXPECT(info.expanded_height == FOLD_HEIGHT_DEFAULT);
        EXPECT(demo_click(&app->demo, (guint)p) == FOLD_ACTIVATED_NOTHING);
        EXPECT(fold_text_heights_measure_text(app->heights, release[1].text, TRUE) ==
               fold_text_heights_measure_text(app->heights, release[1].text, FALSE));
        printf("step 1: short comment release/1 (%.0f pt) is not expandable; a click does nothing\n",
               info.height);
        /* Expand a long one (three paragraphs). */
        p = demo_row_pos(app->demo.table, "release", 0);
        double collapsed = engine_height(app, p);
        g_signal_emit_by_name(list, "activate", (guint)p);
        fold_table_row_info(app->demo.table, demo_section(app->demo.table, "release"), 0, &info);
        EXPECT(info.flags & FOLD_ITEM_FLAG_EXPANDED);
        double full = fold_text_heights_measure_text(app->heights, release[0].text, TRUE);
        EXPECT(engine_height(app, p) == full && full > collapsed);
        app->expanded_pos = p;
        printf("step 1: expanded release/0: %.0f -> %.0f pt (Pango, whole text)\n", collapsed,
               full);
        break;
    }
    case 2: {
        /* The expanded row is laid out at the engine's height and shows
         * its whole text: the layout it drew is not ellipsized and is as
         * tall as the engine's height minus the padding. */
        int64_t p = app->expanded_pos;
        CommentRow *w = row_widget(app, p);
        EXPECT(w != NULL);
        if (w) {
            double h = engine_height(app, p);
            EXPECT(gtk_widget_get_height(GTK_WIDGET(w)) == h);
            EXPECT(w->drawn_height == h);
            EXPECT(w->layout && !pango_layout_is_ellipsized(w->layout));
            int lw = 0, lh = 0;
            if (w->layout)
                pango_layout_get_pixel_size(w->layout, &lw, &lh);
            EXPECT(PAD_TOP + lh + PAD_BOTTOM == h);
            EXPECT(strcmp(pango_layout_get_text(w->layout), release[0].text) == 0);
            /* Collapsed, the same text is cut to three lines, with an ellipsis. */
            PangoLayout *c = fold_text_heights_create_layout(app->heights, release[0].text, FALSE);
            EXPECT(pango_layout_is_ellipsized(c) && pango_layout_get_line_count(c) == 3);
            g_object_unref(c);
            printf("step 2: release/0 allocated %d px = engine %.0f = padding %d + text %d "
                   "(%d lines, not ellipsized) + padding %d\n",
                   gtk_widget_get_height(GTK_WIDGET(w)), h, PAD_TOP, lh,
                   w->layout ? pango_layout_get_line_count(w->layout) : 0, PAD_BOTTOM);
        }
        check_rows(app, "step 2");
        demo_expect_screenshot(&app->demo, NULL, NULL);
        /* Widen the window: everything is measured again at the new width. */
        app->width = gtk_widget_get_width(app->demo.list);
        gtk_window_set_default_size(GTK_WINDOW(app->demo.window), 860, 720);
        break;
    }
    case 3: {
        int width = gtk_widget_get_width(app->demo.list);
        EXPECT(width > app->width);
        EXPECT(fold_text_heights_get_text_width(app->heights) == width - PAD_LEFT - PAD_RIGHT);
        fold_row_info info;
        fold_table_row_info(app->demo.table, demo_section(app->demo.table, "release"), 0, &info);
        EXPECT(info.flags & FOLD_ITEM_FLAG_EXPANDED); /* still expanded */
        int checked = check_rows(app, "step 3");
        CommentRow *w = row_widget(app, app->expanded_pos);
        EXPECT(w && w->layout && !pango_layout_is_ellipsized(w->layout));
        printf("step 3: list width %d -> %d, text width %d: %d rows re-measured and allocated "
               "at Pango's height; release/0 still expanded at %.0f pt\n",
               app->width, width, fold_text_heights_get_text_width(app->heights), checked,
               engine_height(app, app->expanded_pos));
        /* The accordion: expanding another comment collapses release/0. */
        int64_t q = demo_row_pos(app->demo.table, "design", 2);
        EXPECT(demo_click(&app->demo, (guint)q) == FOLD_ACTIVATED_ROW_EXPANDED);
        fold_table_row_info(app->demo.table, demo_section(app->demo.table, "release"), 0, &info);
        EXPECT(!(info.flags & FOLD_ITEM_FLAG_EXPANDED));
        app->expanded_pos = demo_row_pos(app->demo.table, "design", 2);
        /* Show the second thread from its header. */
        int64_t h = -1;
        double top = 0;
        fold_table_header_position(app->demo.table, demo_section(app->demo.table, "design"), &h);
        fold_table_item_top(app->demo.table, h, &top);
        gtk_adjustment_set_value(app->vadj, top);
        break;
    }
    case 4: {
        check_rows(app, "step 4");
        CommentRow *w = row_widget(app, app->expanded_pos);
        EXPECT(w && w->layout && !pango_layout_is_ellipsized(w->layout));
        EXPECT(w && gtk_widget_get_height(GTK_WIDGET(w)) == engine_height(app, app->expanded_pos));
        return demo_self_test_end(&app->demo, "-wide.png", " (wider window, design/2 expanded)");
    }
    }
    return G_SOURCE_CONTINUE;
}

int
main(int argc, char **argv)
{
    App app = {0};
    return demo_main(&app.demo, argc, argv, build_table, comment_text, "org.foldtable.DemoComments",
                     build_window, self_test_step, 500, &app);
}
