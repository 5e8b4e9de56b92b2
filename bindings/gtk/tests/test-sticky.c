/*
 * test-sticky.c — FoldStickyHeaders over a scrolled GtkListView (400 px
 * high) showing a nested FoldListModel, under Xvfb.
 *
 *   foldtable-gtk-test-sticky SCREENSHOT-DIR
 *
 * For offsets around every header (just before it arrives, at it, after
 * it, and as the next one pushes it up) the widget's stack must be the
 * engine's fold_table_sticky_headers() at the list's offset: the same
 * sections in the same order, at top - offset, at the engine's heights,
 * each stuck row exactly over the x, width and height of the list's own row
 * for that header (gtk_widget_compute_bounds, to the pixel), with the same
 * CSS classes and the same pixels (both rendered), the outermost on top
 * where the pointer picks. Then clicks (GtkGestureClick "pressed" and
 * "released" on the stuck header's widget): exactly the clicked header's
 * section collapses, no row expands, the header stays at the same y on
 * screen, the stack follows the model. Screenshots go to SCREENSHOT-DIR.
 */
#include "demo-screenshot.h"
#include "fold-sticky-headers.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define HEADER_HEIGHT 28.0
#define ROW_HEIGHT 40.0
#define INDENT 22
#define VIEW_HEIGHT 400

static int checks, failures;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        checks++;                                                                    \
        if (!(cond)) {                                                               \
            failures++;                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                            \
    } while (0)

typedef struct {
    const char *key, *parent, *header;
    int rows;
    uint32_t flags;
} Group;

static const Group groups[] = {
    {"fruit", NULL, "Fruit|3 + 2 groups", 3, 0},
    {"citrus", "fruit", "Citrus|5", 5, 0},
    {"berries", "fruit", "Berries|4", 4, 0},
    {"veg", NULL, "Vegetables|2 + 2 groups", 2, 0},
    {"leaves", "veg", "Leaves|4", 4, 0},
    {"roots", "veg", "Roots|3", 3, 0},
    {"grains", NULL, "Grains|always open", 6, FOLD_SECTION_FIXED},
    {"nuts", NULL, "Nuts|4 + 1 group", 4, 0},
    {"tree-nuts", "nuts", "Tree nuts|3", 3, 0},
    {"spices", NULL, "Spices|5 + 1 group", 5, 0},
    {"hot", "spices", "Hot|3", 3, 0},
};

static fold_table *table;
static FoldListModel *model;
static GtkWidget *window, *scroller, *list, *sticky;
static GtkAdjustment *vadj;
static const char *shots;

static char *
row_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)user_data;
    return g_strdup_printf("%s %" G_GINT64_FORMAT, key, row + 1);
}

static fold_table *
build_table(void)
{
    fold_table_options options;
    fold_table_options_init(&options);
    options.row_height = ROW_HEIGHT;
    options.header_height = HEADER_HEIGHT;
    fold_table *t = NULL;
    if (fold_table_new(&options, &t) != FOLD_OK)
        return NULL;
    for (size_t i = 0; i < G_N_ELEMENTS(groups); i++) {
        fold_section_id parent = FOLD_ROOT;
        if (groups[i].parent && fold_table_find_section(t, groups[i].parent, &parent) != FOLD_OK)
            return NULL;
        if (fold_table_insert_section(t, parent, FOLD_INDEX_END, groups[i].key, groups[i].header,
                                      groups[i].rows, groups[i].flags, NULL) != FOLD_OK)
            return NULL;
    }
    return t;
}

/* ---- the app's rows: one factory for the list and the stuck headers ----- */

/* As in demo-listview.c: an outer box at the item's height carries the
 * classes (the background spans the row), the line inside is indented. */
static void
setup_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    GtkWidget *indicator = gtk_label_new(NULL);
    GtkWidget *title = gtk_label_new(NULL);
    GtkWidget *detail = gtk_label_new(NULL);
    gtk_label_set_width_chars(GTK_LABEL(indicator), 2);
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    gtk_widget_set_hexpand(title, TRUE);
    gtk_widget_add_css_class(detail, "dim-label");
    gtk_widget_set_vexpand(line, TRUE);
    gtk_box_append(GTK_BOX(line), indicator);
    gtk_box_append(GTK_BOX(line), title);
    gtk_box_append(GTK_BOX(line), detail);
    gtk_box_append(GTK_BOX(outer), line);
    gtk_list_item_set_child(list_item, outer);
}

static void
update_row(GtkListItem *list_item)
{
    FoldListItem *item = gtk_list_item_get_item(list_item);
    GtkWidget *outer = gtk_list_item_get_child(list_item);
    GtkWidget *line = gtk_widget_get_first_child(outer);
    GtkWidget *indicator = gtk_widget_get_first_child(line);
    GtkWidget *title = gtk_widget_get_next_sibling(indicator);
    GtkWidget *detail = gtk_widget_get_next_sibling(title);
    int32_t kind = fold_list_item_get_kind(item);
    int depth = fold_list_item_get_depth(item);
    const char *sign = fold_list_item_get_collapsible(item) ? fold_list_item_get_indicator(item)
                                                            : NULL;
    const char *text = fold_list_item_get_title(item), *more = fold_list_item_get_detail(item);
    gtk_label_set_text(GTK_LABEL(indicator), sign ? sign : "");
    gtk_label_set_text(GTK_LABEL(title), text ? text : "");
    gtk_label_set_text(GTK_LABEL(detail), more ? more : "");
    gtk_widget_set_margin_start(line, 8 + INDENT * depth + (kind == FOLD_ITEM_ROW ? INDENT : 0));
    gtk_widget_set_margin_end(line, 12);
    gtk_widget_set_size_request(outer, -1, (int)lround(fold_list_item_get_height(item)));
    const char *classes[] = {"fold-header", "fold-row", "depth-0", "depth-1", "depth-2"};
    for (size_t i = 0; i < G_N_ELEMENTS(classes); i++)
        gtk_widget_remove_css_class(outer, classes[i]);
    gtk_widget_add_css_class(outer, kind == FOLD_ITEM_HEADER ? "fold-header" : "fold-row");
    char depth_class[16];
    g_snprintf(depth_class, sizeof depth_class, "depth-%d", MIN(depth, 2));
    gtk_widget_add_css_class(outer, depth_class);
    g_object_set_data(G_OBJECT(outer), "fold-list-item", list_item);
}

/* Live items (one object per identity) report redraws as notify. */
static void
on_item_notify(GObject *item, GParamSpec *pspec, gpointer list_item)
{
    (void)item;
    (void)pspec;
    update_row(list_item);
}

static void
bind_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    update_row(list_item);
    g_signal_connect(gtk_list_item_get_item(list_item), "notify", G_CALLBACK(on_item_notify),
                     list_item);
}

static void
unbind_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    g_signal_handlers_disconnect_by_func(gtk_list_item_get_item(list_item),
                                         G_CALLBACK(on_item_notify), list_item);
}

static const char css[] =
    "listview.fold > row { padding: 0; margin: 0; min-height: 0; border: none; }\n"
    ".fold-header { background: #d8e0ec; font-weight: bold; }\n"
    ".fold-header.depth-1 { background: #e6ecf4; }\n"
    ".fold-row { background: #ffffff; box-shadow: inset 0 -1px #e8e8e8; }\n";

/* Clicks on the list's rows: a header toggles, a row expands. */
static void
on_activate(GtkListView *view, guint position, gpointer data)
{
    (void)view;
    (void)data;
    fold_list_model_activate(model, position, NULL, NULL);
}

static void
build_window(void)
{
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                               GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);

    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind_row), NULL);
    list = gtk_list_view_new(
        GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(g_object_ref(model)))), factory);
    gtk_widget_add_css_class(list, "fold");
    gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(list), TRUE);
    g_signal_connect(list, "activate", G_CALLBACK(on_activate), NULL);

    scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), list);
    vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));

    /* The model comes from the list (NULL): the FoldListModel under its
     * GtkNoSelection. */
    sticky = fold_sticky_headers_new(NULL, scroller);

    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 360, VIEW_HEIGHT);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
    gtk_window_set_resizable(GTK_WINDOW(window), FALSE);
    gtk_window_set_child(GTK_WINDOW(window), sticky);
    gtk_window_present(GTK_WINDOW(window));
}

/* ---- helpers --------------------------------------------------------------- */

/* Until the frames after a change have been drawn. */
static void
settle(void)
{
    for (int i = 0; i < 3; i++) {
        gtk_test_widget_wait_for_draw(window);
        while (g_main_context_iteration(NULL, FALSE))
            ;
    }
}

static int snapped;

/* Sets the list's offset; returns the offset the list shows. GtkListView
 * 4.8 keeps its place as (item, fraction of its height) and truncates when
 * it turns that back into pixels: 13 px into a 28 px header comes back as
 * 12 (13/28*28 = 12.999...). Such offsets are counted and the stack is
 * checked at the offset the list shows, which must be within 1 px. */
static double
scroll_to(double offset)
{
    gtk_adjustment_set_value(vadj, offset);
    settle();
    double now = gtk_adjustment_get_value(vadj);
    CHECK(fabs(now - offset) <= 1);
    if (now != offset)
        snapped++;
    return now;
}

static fold_section_id
section(const char *key)
{
    fold_section_id id = 0;
    fold_table_find_section(table, key, &id);
    return id;
}

static double
header_top(const char *key)
{
    int64_t p = -1;
    double top = -1;
    fold_table_header_position(table, section(key), &p);
    fold_table_item_top(table, p, &top);
    return top;
}

static int64_t
n_items(void)
{
    int64_t n = -1;
    fold_table_item_count(table, &n);
    return n;
}

static gboolean
collapsed(const char *key)
{
    fold_section_info info;
    return fold_table_section_info(table, section(key), &info) == FOLD_OK &&
           (info.flags & FOLD_SECTION_COLLAPSED);
}

static int64_t
expanded_rows(void)
{
    fold_row_ref *rows = NULL;
    int64_t count = -1;
    if (fold_table_expanded_rows(table, &rows, &count) != FOLD_OK)
        return -1;
    fold_free(rows);
    return count;
}

/* The first row widget ("row") of a list view. */
static GtkWidget *
first_row(GtkWidget *view)
{
    for (GtkWidget *c = gtk_widget_get_first_child(view); c; c = gtk_widget_get_next_sibling(c))
        if (g_strcmp0(gtk_widget_get_css_name(c), "row") == 0 && gtk_widget_get_child_visible(c))
            return c;
    return NULL;
}

/* The list's own row widget for flat position p, or NULL if it has none. */
static GtkWidget *
list_row(int64_t p)
{
    for (GtkWidget *c = gtk_widget_get_first_child(list); c; c = gtk_widget_get_next_sibling(c)) {
        if (g_strcmp0(gtk_widget_get_css_name(c), "row") != 0 || !gtk_widget_get_child_visible(c))
            continue;
        GtkWidget *outer = gtk_widget_get_first_child(c);
        GtkListItem *li = outer ? g_object_get_data(G_OBJECT(outer), "fold-list-item") : NULL;
        if (li && gtk_list_item_get_position(li) == (guint)p)
            return c;
    }
    return NULL;
}

static gboolean
bounds(GtkWidget *w, graphene_rect_t *r)
{
    return gtk_widget_compute_bounds(w, window, r);
}

/* Renders a widget alone; a new texture or NULL. */
static GdkTexture *
render(GtkWidget *w)
{
    int width = gtk_widget_get_width(w), height = gtk_widget_get_height(w);
    GdkPaintable *paintable = gtk_widget_paintable_new(w);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, GDK_SNAPSHOT(snapshot), width, height);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    g_object_unref(paintable);
    if (!node)
        return NULL;
    GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
    graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, (float)width, (float)height);
    GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &viewport);
    gsk_render_node_unref(node);
    return texture;
}

/* Whether two widgets render to the same pixels. */
static gboolean
same_pixels(GtkWidget *a, GtkWidget *b)
{
    GdkTexture *ta = render(a), *tb = render(b);
    gboolean same = FALSE;
    if (ta && tb && gdk_texture_get_width(ta) == gdk_texture_get_width(tb) &&
        gdk_texture_get_height(ta) == gdk_texture_get_height(tb)) {
        gsize stride = (gsize)gdk_texture_get_width(ta) * 4;
        gsize size = stride * (gsize)gdk_texture_get_height(ta);
        guchar *pa = g_malloc(size), *pb = g_malloc(size);
        gdk_texture_download(ta, pa, stride);
        gdk_texture_download(tb, pb, stride);
        same = memcmp(pa, pb, size) == 0;
        g_free(pa);
        g_free(pb);
    }
    g_clear_object(&ta);
    g_clear_object(&tb);
    return same;
}

static gboolean
same_classes(GtkWidget *a, GtkWidget *b)
{
    char **ca = gtk_widget_get_css_classes(a), **cb = gtk_widget_get_css_classes(b);
    gboolean same = g_strv_length(ca) == g_strv_length(cb);
    for (guint i = 0; same && ca[i]; i++)
        same = g_strv_contains((const char *const *)cb, ca[i]);
    g_strfreev(ca);
    g_strfreev(cb);
    return same;
}

static gboolean
is_inside(GtkWidget *w, GtkWidget *ancestor)
{
    for (; w; w = gtk_widget_get_parent(w))
        if (w == ancestor)
            return TRUE;
    return FALSE;
}

static int aligned_with_list_row, pixel_compared;

/* The widget's stack against the engine's at the list's offset. */
static void
check_stack(double offset)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    CHECK(gtk_adjustment_get_value(vadj) == offset);
    fold_sticky_header expect[8];
    int64_t written = 0, total = 0;
    CHECK(fold_table_sticky_headers(table, offset, expect, 8, &written, &total) == FOLD_OK);
    CHECK(written == total);
    guint n = fold_sticky_headers_get_n_headers(s);
    CHECK(n == (guint)written);
    if (n != (guint)written)
        fprintf(stderr, "  offset %.1f: %u stuck, engine %" G_GINT64_FORMAT "\n", offset, n,
                written);
    graphene_rect_t lb;
    CHECK(bounds(list, &lb));
    for (guint i = 0; i < n && i < (guint)written; i++) {
        fold_section_id id = 0;
        guint position = 0;
        double y = -1, height = -1;
        CHECK(fold_sticky_headers_get_header(s, i, &id, &position, &y, &height));
        CHECK(id == expect[i].section);
        CHECK(position == (guint)expect[i].position);
        CHECK(y == expect[i].top - offset);
        CHECK(height == expect[i].height);
        GtkWidget *slot = fold_sticky_headers_get_header_widget(s, i);
        GtkWidget *row = slot ? first_row(slot) : NULL;
        graphene_rect_t sb;
        CHECK(row && bounds(row, &sb));
        if (!row)
            continue;
        /* Drawn at the engine's top and height, over the viewport. */
        CHECK(sb.origin.y == lb.origin.y + (float)(expect[i].top - offset));
        CHECK(sb.size.height == (float)expect[i].height);
        /* Exactly over the list's own row for that header. */
        GtkWidget *mine = list_row(expect[i].position);
        graphene_rect_t mb;

        if (mine && bounds(mine, &mb)) {
            aligned_with_list_row++;
            CHECK(sb.origin.x == mb.origin.x);
            CHECK(sb.size.width == mb.size.width);
            CHECK(sb.size.height == mb.size.height);
            if (sb.origin.x != mb.origin.x || sb.size.width != mb.size.width ||
                sb.size.height != mb.size.height)
                fprintf(stderr, "  header %u: stuck %.1f+%.1f x %.1f, list row %.1f+%.1f x %.1f\n",
                        i, sb.origin.x, sb.size.width, sb.size.height, mb.origin.x,
                        mb.size.width, mb.size.height);
            /* The same factory widget, classes and pixels. */
            GtkWidget *a = gtk_widget_get_first_child(row), *b = gtk_widget_get_first_child(mine);
            CHECK(a && b && same_classes(a, b) && same_classes(row, mine));
            if (i == 0 || expect[i].top == expect[i - 1].top + expect[i - 1].height) {
                CHECK(same_pixels(row, mine));
                pixel_compared++;
            }
        }
        /* The pointer over the visible part of the header picks it, never
         * the list under it. */
        double visible_top = expect[i].top - offset;
        if (i > 0)
            visible_top = MAX(visible_top, expect[i - 1].top - offset + expect[i - 1].height);
        visible_top = MAX(visible_top, 0);
        double visible_bottom = expect[i].top - offset + expect[i].height;
        if (visible_bottom - visible_top >= 2) {
            double py = lb.origin.y + (visible_top + visible_bottom) / 2;
            GtkWidget *picked = gtk_widget_pick(window, 100, py, GTK_PICK_DEFAULT);
            CHECK(is_inside(picked, slot));
            if (!is_inside(picked, slot))
                fprintf(stderr, "  offset %.1f header %u: picked %s at y %.1f\n", offset, i,
                        picked ? G_OBJECT_TYPE_NAME(picked) : "nothing", py);
            CHECK(!is_inside(picked, list));
        }
    }
}

static GtkGesture *
click_gesture(GtkWidget *w)
{
    GListModel *controllers = gtk_widget_observe_controllers(w);
    GtkGesture *found = NULL;
    for (guint i = 0; !found && i < g_list_model_get_n_items(controllers); i++) {
        GObject *c = g_list_model_get_item(controllers, i);
        if (GTK_IS_GESTURE_CLICK(c))
            found = GTK_GESTURE(c);
        g_object_unref(c);
    }
    g_object_unref(controllers);
    return found;
}

/* A click on stuck header `index`: the signals its GtkGestureClick emits. */
static void
click_header(guint index)
{
    GtkWidget *slot = fold_sticky_headers_get_header_widget(FOLD_STICKY_HEADERS(sticky), index);
    GtkGesture *click = slot ? click_gesture(slot) : NULL;
    CHECK(click != NULL);
    if (!click)
        return;
    g_signal_emit_by_name(click, "pressed", 1, 100.0, 10.0);
    g_signal_emit_by_name(click, "released", 1, 100.0, 10.0);
}

static void
screenshot(const char *name, const char *what)
{
    char *path = g_build_filename(shots, name, NULL);
    guint colours = demo_save_screenshot(window, path);
    printf("screenshot %s: %s (%u colours)\n", path, what, colours);
    CHECK(colours > 1);
    g_free(path);
}

/* ---- the test ---------------------------------------------------------------- */

static void
test_offsets(void)
{
    double content = 0;
    fold_table_content_height(table, &content);
    CHECK(gtk_adjustment_get_page_size(vadj) == VIEW_HEIGHT);
    CHECK(gtk_adjustment_get_upper(vadj) == content);
    double max = content - VIEW_HEIGHT;
    /* Around every header: before, at, inside, and as the next one pushes. */
    int64_t n = n_items(), tested = 0, stacks2 = 0, pushed = 0;
    for (int64_t p = 0; p < n; p++) {
        fold_item item;
        if (fold_table_item_at(table, p, &item) != FOLD_OK || item.kind != FOLD_ITEM_HEADER)
            continue;
        double top = 0;
        fold_table_item_top(table, p, &top);
        const double deltas[] = {-HEADER_HEIGHT - 1, -HEADER_HEIGHT / 2, -3, 0, 5, 13, 55};
        for (size_t d = 0; d < G_N_ELEMENTS(deltas); d++) {
            double offset = top + deltas[d];
            if (offset < 0 || offset > max)
                continue;
            offset = scroll_to(offset);
            check_stack(offset);
            tested++;
            fold_sticky_header h[8];
            int64_t w = 0;
            fold_table_sticky_headers(table, offset, h, 8, &w, NULL);
            if (w >= 2)
                stacks2++;
            for (int64_t i = 0; i < w; i++)
                if (h[i].top < offset + (i ? h[i - 1].top - offset + h[i - 1].height : 0))
                    pushed++;
        }
    }
    printf("offsets: %" G_GINT64_FORMAT " checked (%d snapped by GtkListView), %" G_GINT64_FORMAT
           " with 2 levels stuck, %" G_GINT64_FORMAT " headers pushed up, %d stuck rows "
           "compared with the list's row for the same header, %d of them pixel for pixel\n",
           tested, snapped, stacks2, pushed, aligned_with_list_row, pixel_compared);
    CHECK(tested >= 40 && stacks2 >= 10 && pushed >= 5);
    CHECK(aligned_with_list_row >= 30 && pixel_compared >= 30);
}

static void
test_screenshots_scrolled(void)
{
    /* Citrus stuck under Fruit. */
    double offset = scroll_to(header_top("citrus") + 70);
    check_stack(offset);
    CHECK(fold_sticky_headers_get_n_headers(FOLD_STICKY_HEADERS(sticky)) == 2);
    screenshot("sticky-nested.png", "Fruit and Citrus stuck (2 levels) over Citrus' rows");
    /* Berries pushing Citrus up behind Fruit. */
    offset = scroll_to(header_top("berries") - HEADER_HEIGHT - 12);
    check_stack(offset);
    screenshot("sticky-pushed.png", "Berries arriving: Citrus pushed up 12 px, sliding under Fruit");
}

/* Click the stuck nested header: only its section collapses, it stays put. */
static void
test_click(const char *outer, const char *key, guint index, double offset)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    offset = scroll_to(offset);
    check_stack(offset);
    fold_section_id id = 0;
    double y = -1;
    CHECK(fold_sticky_headers_get_header(s, index, &id, NULL, &y, NULL));
    CHECK(id == section(key));
    fold_section_info info;
    CHECK(fold_table_section_info(table, id, &info) == FOLD_OK);
    /* The items under its header: its rows and everything of its subsections. */
    int64_t before = n_items(), p0 = -1, hidden = 0;
    CHECK(fold_table_header_position(table, id, &p0) == FOLD_OK);
    for (int64_t q = p0 + 1; q < before; q++, hidden++) {
        fold_item it;
        if (fold_table_item_at(table, q, &it) != FOLD_OK ||
            (it.section != id && it.depth <= info.depth))
            break;
    }
    /* What sits under the header in the list: the row a fall-through would hit. */
    int64_t under = -1;
    int32_t place = 0;
    fold_table_item_at_offset(table, offset + y + 4, &under, &place);
    gboolean outer_collapsed = outer ? collapsed(outer) : FALSE;

    click_header(index);
    CHECK(collapsed(key));
    CHECK(outer ? collapsed(outer) == outer_collapsed : TRUE);
    CHECK(expanded_rows() == 0);
    /* The section's children went: its rows and its subsections' items. */
    int64_t after = n_items();
    CHECK(hidden > 0 && after == before - hidden);
    CHECK(g_list_model_get_n_items(G_LIST_MODEL(model)) == (guint)after);
    settle();
    /* The header is where it was on screen. */
    int64_t p = -1;
    CHECK(fold_table_header_position(table, id, &p) == FOLD_OK);
    double top = 0, now = gtk_adjustment_get_value(vadj);
    fold_table_item_top(table, p, &top);
    CHECK(top - now == y);
    GtkWidget *mine = list_row(p);
    graphene_rect_t mb, lb;
    CHECK(mine && bounds(mine, &mb) && bounds(list, &lb) && mb.origin.y == lb.origin.y + y);
    check_stack(now);
    /* It is shown stuck at that y, or as the list's own row there. */
    gboolean shown = FALSE;
    GtkWidget *drawn = mine;
    for (guint i = 0; i < fold_sticky_headers_get_n_headers(s); i++) {
        fold_section_id sid = 0;
        double sy = -1;
        fold_sticky_headers_get_header(s, i, &sid, NULL, &sy, NULL);
        if (sid == id) {
            shown = sy == y;
            drawn = first_row(fold_sticky_headers_get_header_widget(s, i));
        }
    }
    CHECK(shown || mine);
    /* What is drawn there says collapsed: the indicator is "+". */
    GtkWidget *outer_box = drawn ? gtk_widget_get_first_child(drawn) : NULL;
    GtkWidget *line = outer_box ? gtk_widget_get_first_child(outer_box) : NULL;
    GtkWidget *sign = line ? gtk_widget_get_first_child(line) : NULL;
    CHECK(GTK_IS_LABEL(sign) && strcmp(gtk_label_get_text(GTK_LABEL(sign)), "+") == 0);
    printf("click on stuck header %u (%s) at y=%.0f, offset %.0f: collapsed, %" G_GINT64_FORMAT
           " -> %" G_GINT64_FORMAT " items, row under it (%" G_GINT64_FORMAT
           ") untouched, header still at y=%.0f (offset now %.0f)\n",
           index, key, y, offset, before, after, under, top - now, now);
}

/* Click the collapsed header, stuck where it was left: it expands again
 * and stays there. */
static void
test_reclick(const char *key, guint index, int64_t rows)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    fold_section_id id = 0;
    double y = -1;
    CHECK(fold_sticky_headers_get_header(s, index, &id, NULL, &y, NULL));
    CHECK(id == section(key) && collapsed(key));
    int64_t before = n_items();
    click_header(index);
    CHECK(!collapsed(key) && expanded_rows() == 0);
    CHECK(n_items() == before + rows);
    settle();
    int64_t p = -1;
    double top = 0, now = gtk_adjustment_get_value(vadj);
    CHECK(fold_table_header_position(table, id, &p) == FOLD_OK);
    fold_table_item_top(table, p, &top);
    CHECK(top - now == y);
    check_stack(now);
    printf("click on collapsed stuck header %u (%s) at y=%.0f: expanded, %" G_GINT64_FORMAT
           " -> %" G_GINT64_FORMAT " items, header still at y=%.0f\n",
           index, key, y, before, n_items(), top - now);
}

static void
test_errors(void)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    GError *error = NULL;
    /* Out of range. */
    guint n = fold_sticky_headers_get_n_headers(s);
    CHECK(!fold_sticky_headers_activate_header(s, n, NULL, &error));
    CHECK(error && error->domain == FOLD_LIST_MODEL_ERROR && error->code == FOLD_E_RANGE);
    g_clear_error(&error);
    CHECK(!fold_sticky_headers_get_header(s, n, NULL, NULL, NULL, NULL));
    CHECK(fold_sticky_headers_get_header_widget(s, n) == NULL);
    /* A fixed section's stuck header: a click changes nothing. */
    double offset = scroll_to(header_top("grains") + 50);
    check_stack(offset);
    fold_section_id id = 0;
    CHECK(fold_sticky_headers_get_header(s, 0, &id, NULL, NULL, NULL) && id == section("grains"));
    int64_t before = n_items();
    CHECK(!fold_sticky_headers_activate_header(s, 0, NULL, &error));
    CHECK(error && error->code == FOLD_E_NOT_ALLOWED);
    g_clear_error(&error);
    click_header(0);
    settle();
    CHECK(n_items() == before && expanded_rows() == 0 && !collapsed("grains"));
    CHECK(gtk_adjustment_get_value(vadj) == offset);
    printf("errors: index %u out of range, fixed Grains refused; nothing changed\n", n);
}

static GtkEventController *
scroll_controller(GtkWidget *w)
{
    GListModel *controllers = gtk_widget_observe_controllers(w);
    GtkEventController *found = NULL;
    for (guint i = 0; !found && i < g_list_model_get_n_items(controllers); i++) {
        GObject *c = g_list_model_get_item(controllers, i);
        if (GTK_IS_EVENT_CONTROLLER_SCROLL(c))
            found = GTK_EVENT_CONTROLLER(c);
        g_object_unref(c);
    }
    g_object_unref(controllers);
    return found;
}

/* The stack follows the model without a scroll, and the wheel over a stuck
 * header scrolls the list. */
static void
test_follows(void)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    double offset = scroll_to(header_top("citrus") + 70);
    check_stack(offset);
    CHECK(fold_sticky_headers_get_n_headers(s) == 2);
    /* A section below collapses: the same stack, over the new list. */
    GError *error = NULL;
    CHECK(fold_list_model_set_section_collapsed(model, section("berries"), TRUE, NULL, &error));
    settle();
    check_stack(gtk_adjustment_get_value(vadj));
    /* The stuck outer section collapses, directly on the table: the list
     * re-anchors; the stack is the engine's wherever it went. */
    int changed = 0;
    CHECK(fold_table_collapse(table, section("fruit"), &changed) == FOLD_OK && changed);
    settle();
    double now = gtk_adjustment_get_value(vadj);
    check_stack(now);
    printf("model changes: berries collapsed (2 stuck), then fruit on the table: list at %.0f, "
           "%u stuck\n", now, fold_sticky_headers_get_n_headers(s));
    CHECK(fold_table_expand(table, section("fruit"), NULL) == FOLD_OK);
    CHECK(fold_list_model_set_section_collapsed(model, section("berries"), FALSE, NULL, &error));
    g_clear_error(&error);
    settle(); /* GtkListView measures the rows it got back */

    /* One wheel detent down over the stuck Fruit header: GtkScrolledWindow's
     * step, page^(2/3). */
    offset = scroll_to(header_top("citrus") + 70);
    check_stack(offset);
    GtkWidget *slot = fold_sticky_headers_get_header_widget(s, 0);
    GtkEventController *wheel = slot ? scroll_controller(slot) : NULL;
    CHECK(wheel != NULL);
    gboolean handled = FALSE;
    if (wheel)
        g_signal_emit_by_name(wheel, "scroll", 0.0, 1.0, &handled);
    CHECK(handled);
    double step = pow(VIEW_HEIGHT, 2.0 / 3.0);
    CHECK(fabs(gtk_adjustment_get_value(vadj) - (offset + step)) < 1e-9);
    settle();
    now = gtk_adjustment_get_value(vadj);
    CHECK(fabs(now - (offset + step)) <= 1);
    check_stack(now);
    printf("wheel over the stuck header: %.0f -> %.2f\n", offset, now);
}

int
main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s SCREENSHOT-DIR\n", argv[0]);
        return 2;
    }
    shots = argv[1];
    gtk_init();
    g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
    table = build_table();
    if (!table) {
        fprintf(stderr, "building the table: %s\n", fold_last_error_message());
        return 1;
    }
    model = fold_list_model_new(table, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);
    build_window();
    settle();
    CHECK(fold_sticky_headers_get_model(FOLD_STICKY_HEADERS(sticky)) == model);
    CHECK(fold_sticky_headers_get_list_view(FOLD_STICKY_HEADERS(sticky)) == GTK_LIST_VIEW(list));
    CHECK(gtk_widget_get_height(list) == VIEW_HEIGHT);

    test_offsets();
    test_screenshots_scrolled();
    test_errors();
    test_follows();
    /* The nested header (Citrus under Fruit), then the outer one (Veg). */
    test_click("fruit", "citrus", 1, header_top("citrus") + 70);
    screenshot("sticky-clicked-nested.png",
               "after clicking stuck Citrus: Citrus collapsed (+), still under Fruit");
    test_reclick("citrus", 1, 5);
    test_click(NULL, "veg", 0, header_top("leaves") + 50);
    screenshot("sticky-clicked-outer.png",
               "after clicking stuck Vegetables: collapsed, still at the top");
    CHECK(!collapsed("fruit") && !collapsed("berries") && !collapsed("leaves") &&
          !collapsed("nuts") && !collapsed("spices"));

    printf("%d checks, %d failed\n", checks, failures);
    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(model);
    return failures ? 1 : 0;
}
