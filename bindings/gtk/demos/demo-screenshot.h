/* The demos' self-tests (and the sticky test's pixel compare): render a
 * widget to a texture, or a window to a PNG and say how many distinct
 * colours it has (0 if it could not be saved), so a test can tell a drawn
 * window from a blank one. */
#ifndef FOLDTABLE_GTK_DEMO_SCREENSHOT_H
#define FOLDTABLE_GTK_DEMO_SCREENSHOT_H

#include <gtk/gtk.h>

/* Renders `widget` alone at its allocated size with its window's renderer:
 * a new texture, or NULL. */
GdkTexture *demo_render_widget(GtkWidget *widget);

/* Whether two textures differ in size or in a pixel (NULL differs from
 * everything). */
gboolean demo_textures_differ(GdkTexture *a, GdkTexture *b);

guint demo_save_screenshot(GtkWidget *window, const char *path);

/* A self-test's screenshot: saves it to out_png, or with a suffix to
 * OUT<suffix> (OUT.png -> OUT-wide.png for "-wide.png"), and prints
 * "screenshot PATH<note>: N distinct colours". Returns N. */
guint demo_screenshot_report(GtkWidget *window, const char *out_png, const char *suffix,
                             const char *note);

#endif
