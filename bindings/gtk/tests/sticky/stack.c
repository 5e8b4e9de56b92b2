/*
 * stack.c — test-sticky's main check: the widget's stack of stuck headers
 * against the engine's fold_table_sticky_headers() at the list's offset
 * (sections, order, y, heights, bounds over the list's own rows, CSS
 * classes, pixels, what the pointer picks), and scrolling the list.
 */
#include "sticky-test.h"

#include "demo-screenshot.h"

#include <math.h>

int snapped;
int aligned_with_list_row, pixel_compared;

/* Sets the list's offset; returns the offset the list shows. GtkListView
 * 4.8 keeps its place as (item, fraction of its height) and truncates when
 * it turns that back into pixels: 13 px into a 28 px header comes back as
 * 12 (13/28*28 = 12.999...). Such offsets are counted and the stack is
 * checked at the offset the list shows, which must be within 1 px. */
double
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

/* The first row widget ("row") of a list view. */
GtkWidget *
first_row(GtkWidget *view)
{
    for (GtkWidget *c = gtk_widget_get_first_child(view); c; c = gtk_widget_get_next_sibling(c))
        if (g_strcmp0(gtk_widget_get_css_name(c), "row") == 0 && gtk_widget_get_child_visible(c))
            return c;
    return NULL;
}

/* The list's own row widget for flat position p, or NULL if it has none. */
GtkWidget *
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

gboolean
bounds(GtkWidget *w, graphene_rect_t *r)
{
    return gtk_widget_compute_bounds(w, window, r);
}

/* Whether two widgets render to the same pixels. */
static gboolean
same_pixels(GtkWidget *a, GtkWidget *b)
{
    GdkTexture *ta = demo_render_widget(a), *tb = demo_render_widget(b);
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

/* The widget's stack against the engine's at the list's offset. */
void
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
