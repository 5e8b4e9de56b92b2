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
 * Animated changes (issue 37), and which views can animate. The engine
 * gives, for each change, every item drawn in the viewport before or after
 * it with its rect before and after (foldtable.h, "Transitions"); a view
 * that places its items itself draws them at the rects of each frame (the
 * canvas and log demos, cairo). A GtkListView cannot: it places its rows
 * itself, one under the other from its own scroll anchor, and has no way
 * to draw a row anywhere else, to keep a removed row, or to let two rows
 * overlap. What it does let a row choose is its height, and it lays the
 * rows out again whenever one asks. So here each CommentRow, while the
 * view's FoldTransitionClock runs, takes the height its item has at the
 * clock's frame (demo-comment-row.c): in the accordion one comment grows
 * while the other shrinks and the rows between and below slide; a thread
 * that collapses keeps its comments drawn inside its header's row, folding
 * up under the header, and the next thread slides up; one that expands
 * unfolds its comments from under the header. The list's own scroll
 * position is the engine's viewport (the adjustment tells the table), so
 * the transition covers what the list shows. What it cannot do: move a
 * row without changing the heights above it (a move or a reordering jumps),
 * or animate where the list scrolls to.
 *
 * This file: the window, the store and self-test steps 1 to 6 (heights);
 * steps 7 to 15 (the keyboard alone, animated changes) are in
 * demo-comments-steps.c, the data in demo-comments-data.c, the row widget
 * in demo-comment-row.c.
 *
 *   foldtable-gtk-demo-comments                      interactive
 *   foldtable-gtk-demo-comments --self-test OUT.png  drive itself, check, save
 *                                                    screenshots, exit 0 / 1
 */
#include "demo-comments.h"
#include "demo-comment-row.h"
#include "demo-comments-data.h"
#include "demo-keys.h"
#include "demo-list-keys.h"
#include "demo-screenshot.h"
#include "fold-text-heights.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

typedef CommentsApp App;

/* demo_main_with's start and finish: a store (the clock plays its
 * transitions) and the model over it. The row height is the estimate until
 * measured. */
static int
start(gpointer data)
{
    App *app = data;
    app->store = g_object_new(FOLD_TYPE_STORE, "header-height", HEADER_HEIGHT, "row-height",
                              (double)(PAD_TOP + PAD_BOTTOM + 3 * 18), "accordion",
                              FOLD_ACCORDION_POLICY_SINGLE, NULL);
    app->demo.table = fold_store_get_table(app->store);
    for (size_t i = 0; i < N_COMMENT_THREADS; i++) {
        if (fold_table_insert_section(app->demo.table, FOLD_ROOT, FOLD_INDEX_END,
                                      comment_threads[i].key, comment_threads[i].header,
                                      comment_threads[i].count, 0, NULL) != FOLD_OK) {
            fprintf(stderr, "building the table: %s\n", fold_last_error_message());
            g_clear_object(&app->store);
            return 1;
        }
    }
    app->demo.model = fold_list_model_new_for_store(app->store);
    fold_list_model_set_text_func(app->demo.model, comment_text, NULL, NULL);
    return 0;
}

static void
finish(gpointer data)
{
    App *app = data;
    demo_mid_frame_done(&app->mid);
    g_clear_pointer(&app->tops, g_array_unref);
    g_clear_object(&app->clock);
    g_clear_object(&app->demo.model);
    g_clear_object(&app->store);
}

static void
setup_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    App *app = data;
    gtk_list_item_set_child(list_item, comment_row_new(app->heights, list_item, app->clock));
}

static void
set_status(gpointer data)
{
    App *app = data;
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
on_text_width(GObject *heights, GParamSpec *pspec, gpointer data)
{
    (void)heights;
    (void)pspec;
    set_status(data);
}

/* The list's scroll position is the engine's viewport: transitions are
 * built for it, so they cover the rows the list shows. */
static void
on_scrolled(GtkAdjustment *vadj, gpointer data)
{
    App *app = data;
    double page = gtk_adjustment_get_page_size(vadj);
    if (page > 0)
        fold_table_set_viewport(app->demo.table, gtk_adjustment_get_value(vadj), page);
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
    /* Hover only where a click does something: a thread's header, a comment
     * that expands or collapses (a short one has nothing to expand). */
    "listview.comments > row:hover comment.header { background: #edebe9; }\n"
    "listview.comments > row:hover comment.expandable,"
    "listview.comments > row:hover comment.expanded { background: alpha(#1c71d8, 0.07); }\n"
    "listview.comments > row:selected { background: none; color: inherit; }\n"
    "comment { background: #ffffff; box-shadow: inset 0 -1px #ebe9e6; }\n"
    "comment.header { background: #f6f5f4; color: #3d3846; box-shadow: inset 0 -1px #deddda; }\n"
    "comment.expanded { background: #fafcff; box-shadow: inset 4px 0 #1c71d8, inset 0 -1px #ebe9e6; }\n";

/* demo_list_keys_attach's look-ups: CommentRows. */
static GtkWidget *
row_at(GtkWidget *list, guint position)
{
    return (GtkWidget *)comment_row_find(list, position);
}

static int64_t
row_position(GtkWidget *row)
{
    return COMMENT_IS_ROW(row) ? comment_row_get_position(COMMENT_ROW(row)) : -1;
}

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window =
        demo_window_new(gapp, css, "comments-demo", "FoldTable — comments", 560, 720);

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

    app->demo.activated = set_status;
    app->demo.list = demo_list_view_new(app->demo.model, "comments", G_CALLBACK(setup_row),
                                   G_CALLBACK(comment_row_bind), G_CALLBACK(comment_row_unbind),
                                   G_CALLBACK(demo_on_activate), app);
    /* Changes animate: rows take their heights at the clock's frames. */
    app->clock = fold_transition_clock_new(app->store, app->demo.list);

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

    /* The keyboard alone: the engine's keyboard model (demo-list-keys.c);
     * nothing is selected here, keys move the focus, Enter opens. */
    fold_table_set_selection_mode(app->demo.table, FOLD_SELECTION_NONE);
    demo_list_keys_attach(app->demo.list, app->demo.model, row_at, row_position);

    app->scroller = demo_scroller_new(app->demo.list);
    app->vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(app->demo.list));
    g_signal_connect(app->vadj, "value-changed", G_CALLBACK(on_scrolled), app);
    g_signal_connect(app->vadj, "changed", G_CALLBACK(on_scrolled), app);

    app->status = demo_status_bar_new();
    set_status(app);

    demo_window_set_column(window, top, app->scroller, app->status, NULL);
    g_signal_connect(window, "destroy", G_CALLBACK(on_destroy), app);
    return window;
}

/* ---- self-test ----------------------------------------------------------- */

/* Every shown row: allocated height == engine height == Pango's answer. */
int
comments_check_rows(App *app, const char *when)
{
    int checked = 0;
    for (size_t t = 0; t < N_COMMENT_THREADS; t++) {
        for (int r = 0; r < comment_threads[t].count; r++) {
            int64_t p = demo_row_pos(app->demo.table, comment_threads[t].key, r);
            fold_row_info info;
            EXPECT(fold_table_row_info(app->demo.table, demo_section(app->demo.table, comment_threads[t].key), r, &info) == FOLD_OK);
            gboolean expanded = (info.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
            double pango = fold_text_heights_measure_text(app->heights, comment_threads[t].comments[r].text,
                                                          expanded);
            double h = demo_item_height_at(app->demo.table, p);
            if (h != pango)
                fprintf(stderr, "%s: %s/%d engine %.2f, Pango %.2f\n", when, comment_threads[t].key, r,
                        h, pango);
            EXPECT(h == pango);
            /* Expandable exactly when the collapsed lines cut the text. */
            PangoLayout *cl = fold_text_heights_create_layout(app->heights,
                                                              comment_threads[t].comments[r].text, FALSE);
            EXPECT(!!(info.flags & FOLD_ITEM_FLAG_EXPANDABLE) == pango_layout_is_ellipsized(cl));
            g_object_unref(cl);
            CommentRow *w = comment_row_find(app->demo.list, (guint)p);
            if (w) {
                int allocated = gtk_widget_get_height(GTK_WIDGET(w));
                if (allocated != h)
                    fprintf(stderr, "%s: %s/%d allocated %d, engine %.2f\n", when,
                            comment_threads[t].key, r, allocated, h);
                EXPECT(allocated == h);
                checked++;
            }
        }
    }
    return checked;
}

static void
step_1(gpointer data)
{
    App *app = data;
    int64_t n = demo_item_count(app->demo.table);
    EXPECT(n == 2 + 5 + 4);
    EXPECT(g_list_model_get_n_items(G_LIST_MODEL(app->demo.model)) == (guint)n);
    int width = gtk_widget_get_width(app->demo.list);
    EXPECT(fold_text_heights_get_text_width(app->heights) == width - PAD_LEFT - PAD_RIGHT);
    int checked = comments_check_rows(app, "step 1");
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
    EXPECT(fold_text_heights_measure_text(app->heights, find_comment("release", 1)->text, TRUE) ==
           fold_text_heights_measure_text(app->heights, find_comment("release", 1)->text, FALSE));
    printf("step 1: short comment release/1 (%.0f pt) is not expandable; a click does nothing\n",
           info.height);
    /* Expand a long one (three paragraphs). */
    p = demo_row_pos(app->demo.table, "release", 0);
    double collapsed = demo_item_height_at(app->demo.table, p);
    demo_click(&app->demo, (guint)p);
    fold_table_row_info(app->demo.table, demo_section(app->demo.table, "release"), 0, &info);
    EXPECT(info.flags & FOLD_ITEM_FLAG_EXPANDED);
    double full = fold_text_heights_measure_text(app->heights, find_comment("release", 0)->text, TRUE);
    EXPECT(demo_item_height_at(app->demo.table, p) == full && full > collapsed);
    app->expanded_pos = p;
    printf("step 1: expanded release/0: %.0f -> %.0f pt (Pango, whole text)\n", collapsed,
           full);
}

static void
step_2(gpointer data)
{
    App *app = data;
    /* The expanded row is laid out at the engine's height and shows
     * its whole text: the layout it drew is not ellipsized and is as
     * tall as the engine's height minus the padding. */
    int64_t p = app->expanded_pos;
    CommentRow *w = comment_row_find(app->demo.list, (guint)p);
    EXPECT(w != NULL);
    if (w) {
        double h = demo_item_height_at(app->demo.table, p);
        EXPECT(gtk_widget_get_height(GTK_WIDGET(w)) == h);
        EXPECT(comment_row_get_drawn_height(w) == h);
        EXPECT(comment_row_get_layout(w) && !pango_layout_is_ellipsized(comment_row_get_layout(w)));
        int lw = 0, lh = 0;
        if (comment_row_get_layout(w))
            pango_layout_get_pixel_size(comment_row_get_layout(w), &lw, &lh);
        EXPECT(PAD_TOP + lh + PAD_BOTTOM == h);
        EXPECT(strcmp(pango_layout_get_text(comment_row_get_layout(w)), find_comment("release", 0)->text) == 0);
        /* Collapsed, the same text is cut to three lines, with an ellipsis. */
        PangoLayout *c = fold_text_heights_create_layout(app->heights, find_comment("release", 0)->text, FALSE);
        EXPECT(pango_layout_is_ellipsized(c) && pango_layout_get_line_count(c) == 3);
        g_object_unref(c);
        printf("step 2: release/0 allocated %d px = engine %.0f = padding %d + text %d "
               "(%d lines, not ellipsized) + padding %d\n",
               gtk_widget_get_height(GTK_WIDGET(w)), h, PAD_TOP, lh,
               comment_row_get_layout(w) ? pango_layout_get_line_count(comment_row_get_layout(w)) : 0, PAD_BOTTOM);
    }
    comments_check_rows(app, "step 2");
    demo_expect_screenshot(&app->demo, NULL, NULL);
    /* Widen the window: everything is measured again at the new width. */
    app->width = gtk_widget_get_width(app->demo.list);
    gtk_window_set_default_size(GTK_WINDOW(app->demo.window), 860, 720);
}

static void
step_3(gpointer data)
{
    App *app = data;
    int width = gtk_widget_get_width(app->demo.list);
    EXPECT(width > app->width);
    EXPECT(fold_text_heights_get_text_width(app->heights) == width - PAD_LEFT - PAD_RIGHT);
    fold_row_info info;
    fold_table_row_info(app->demo.table, demo_section(app->demo.table, "release"), 0, &info);
    EXPECT(info.flags & FOLD_ITEM_FLAG_EXPANDED); /* still expanded */
    int checked = comments_check_rows(app, "step 3");
    CommentRow *w = comment_row_find(app->demo.list, (guint)app->expanded_pos);
    EXPECT(w && comment_row_get_layout(w) && !pango_layout_is_ellipsized(comment_row_get_layout(w)));
    printf("step 3: list width %d -> %d, text width %d: %d rows re-measured and allocated "
           "at Pango's height; release/0 still expanded at %.0f pt\n",
           app->width, width, fold_text_heights_get_text_width(app->heights), checked,
           demo_item_height_at(app->demo.table, app->expanded_pos));
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
}

static void
step_4(gpointer data)
{
    App *app = data;
    comments_check_rows(app, "step 4");
    CommentRow *w = comment_row_find(app->demo.list, (guint)app->expanded_pos);
    EXPECT(w && comment_row_get_layout(w) && !pango_layout_is_ellipsized(comment_row_get_layout(w)));
    EXPECT(w && gtk_widget_get_height(GTK_WIDGET(w)) ==
                    demo_item_height_at(app->demo.table, app->expanded_pos));
    demo_expect_screenshot(&app->demo, "-wide.png", " (wider window, design/2 expanded)");
    /* The pointer over a short comment, a long one and a header (their list
     * rows' :hover): drawn before, then again in the next step. */
    int64_t n = demo_item_count(app->demo.table);
    for (int64_t p = 0; p < n; p++) {
        CommentRow *w = comment_row_find(app->demo.list, (guint)p);
        fold_item item;
        if (!w || fold_table_item_at(app->demo.table, p, &item) != FOLD_OK)
            continue;
        /* hovered[]'s index; -1: the expanded comment, not looked at */
        int kind = item.kind == FOLD_ITEM_HEADER ? 2
                   : (item.flags & FOLD_ITEM_FLAG_EXPANDED) ? -1
                   : (item.flags & FOLD_ITEM_FLAG_EXPANDABLE) ? 1 : 0;
        if (kind >= 0 && !app->hovered[kind].row) {
            app->hovered[kind].row = w;
            app->hovered[kind].plain = demo_render_widget(GTK_WIDGET(w));
            gtk_widget_set_state_flags(gtk_widget_get_parent(GTK_WIDGET(w)),
                                       GTK_STATE_FLAG_PRELIGHT, FALSE);
        }
    }
    EXPECT(app->hovered[0].row && app->hovered[1].row && app->hovered[2].row);
}

static void
step_5(gpointer data)
{
    App *app = data;
    static const char *const names[] = {"a short comment", "a long comment", "a header"};
    for (int i = 0; i < 3; i++) {
        Hovered *h = &app->hovered[i];
        if (!h->row)
            continue;
        GdkTexture *hover = demo_render_widget(GTK_WIDGET(h->row));
        gboolean highlighted = demo_textures_differ(h->plain, hover);
        /* Only where a click does something. */
        EXPECT(highlighted == (i != 0));
        printf("step 5: hovered, %s is %s\n", names[i],
               highlighted ? "highlighted" : "drawn as before (not highlighted)");
        gtk_widget_unset_state_flags(gtk_widget_get_parent(GTK_WIDGET(h->row)),
                                     GTK_STATE_FLAG_PRELIGHT);
        g_clear_object(&hover);
        g_clear_object(&h->plain);
    }
    /* A thread's header shows FoldExpander's chevron: down while open; a
     * click folds the thread and the chevron turns. */
    int64_t h = demo_header_pos(app->demo.table, "design");
    CommentRow *w = comment_row_find(app->demo.list, (guint)h);
    EXPECT(w && comment_row_get_drawn_chevron(w) == 1);
    EXPECT(demo_click(&app->demo, (guint)h) == FOLD_ACTIVATED_SECTION_COLLAPSED);
}

static void
step_6(gpointer data)
{
    App *app = data;
    int64_t h = demo_header_pos(app->demo.table, "design");
    CommentRow *w = comment_row_find(app->demo.list, (guint)h);
    EXPECT(w && comment_row_get_drawn_chevron(w) == 0);
    printf("step 6: the design thread's header: chevron down while open, right once folded\n");
    EXPECT(demo_click(&app->demo, (guint)h) == FOLD_ACTIVATED_SECTION_EXPANDED);
}

/* The self-test (--self-test): its steps, in order. */
static const DemoStep self_test[] = {
    step_1,           step_2,           step_3,           step_4,           step_5,
    step_6,           comments_step_7,  comments_step_8,  comments_step_9,  comments_step_10,
    comments_step_11, comments_step_12, comments_step_13, comments_step_14, comments_step_15};

/* Step 2 widens the window: the X server's answer may come after frames at
 * the old size, so a step also waits for the window to have its size (its
 * border box: the default size counts the client-side frame in). */
static gboolean
window_at_default_size(gpointer data)
{
    App *app = data;
    if (app->clock && fold_transition_clock_is_running(app->clock))
        return FALSE;
    int w = 0, h = 0;
    gtk_window_get_default_size(GTK_WINDOW(app->demo.window), &w, &h);
    graphene_rect_t box;
    return gtk_widget_compute_bounds(app->demo.window, app->demo.window, &box) &&
           box.size.width == w && box.size.height == h;
}

int
main(int argc, char **argv)
{
    static App app;
    app.demo.ready = window_at_default_size;
    return demo_main_with(&app.demo, argc, argv, start, finish, "org.foldtable.DemoComments",
                          build_window, self_test, G_N_ELEMENTS(self_test), 500, &app);
}
