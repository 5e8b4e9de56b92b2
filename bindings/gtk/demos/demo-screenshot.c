#include "demo-screenshot.h"

#include <stdio.h>
#include <string.h>

GdkTexture *
demo_render_widget(GtkWidget *widget)
{
    int w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget);
    GdkPaintable *paintable = gtk_widget_paintable_new(widget);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, GDK_SNAPSHOT(snapshot), w, h);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    g_object_unref(paintable);
    if (!node)
        return NULL;
    GskRenderer *renderer = gtk_native_get_renderer(gtk_widget_get_native(widget));
    graphene_rect_t viewport = GRAPHENE_RECT_INIT(0, 0, (float)w, (float)h);
    GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &viewport);
    gsk_render_node_unref(node);
    return texture;
}

static guchar *
texture_pixels(GdkTexture *texture)
{
    int w = gdk_texture_get_width(texture), h = gdk_texture_get_height(texture);
    guchar *pixels = g_malloc((gsize)w * h * 4);
    gdk_texture_download(texture, pixels, (gsize)w * 4);
    return pixels;
}

gboolean
demo_textures_differ(GdkTexture *a, GdkTexture *b)
{
    if (!a || !b)
        return TRUE;
    int w = gdk_texture_get_width(a), h = gdk_texture_get_height(a);
    if (w != gdk_texture_get_width(b) || h != gdk_texture_get_height(b))
        return TRUE;
    guchar *pa = texture_pixels(a), *pb = texture_pixels(b);
    gboolean differ = memcmp(pa, pb, (size_t)w * h * 4) != 0;
    g_free(pa);
    g_free(pb);
    return differ;
}

guint
demo_save_screenshot(GtkWidget *window, const char *path)
{
    if (gtk_widget_get_width(window) <= 0 || gtk_widget_get_height(window) <= 0)
        return 0;
    GdkTexture *texture = demo_render_widget(window);
    if (!texture)
        return 0;
    gboolean saved = gdk_texture_save_to_png(texture, path);
    int tw = gdk_texture_get_width(texture), th = gdk_texture_get_height(texture);
    guchar *pixels = texture_pixels(texture);
    GHashTable *colours = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (int i = 0; i < tw * th; i++) {
        guint32 c;
        memcpy(&c, pixels + 4 * i, 4);
        g_hash_table_add(colours, GUINT_TO_POINTER(c));
    }
    guint distinct = g_hash_table_size(colours);
    g_hash_table_unref(colours);
    g_free(pixels);
    g_object_unref(texture);
    return saved ? distinct : 0;
}

guint
demo_screenshot_report(GtkWidget *window, const char *out_png, const char *suffix,
                       const char *note)
{
    GString *path = g_string_new(out_png);
    if (suffix) {
        if (g_str_has_suffix(path->str, ".png"))
            g_string_truncate(path, path->len - 4);
        g_string_append(path, suffix);
    }
    guint colours = demo_save_screenshot(window, path->str);
    printf("screenshot %s%s: %u distinct colours\n", path->str, note ? note : "", colours);
    g_string_free(path, TRUE);
    return colours;
}
