/* The demos' self-tests: render a window to a PNG and say how many distinct
 * colours it has (0 if it could not be saved), so a test can tell a drawn
 * window from a blank one. */
#ifndef FOLDTABLE_GTK_DEMO_SCREENSHOT_H
#define FOLDTABLE_GTK_DEMO_SCREENSHOT_H

#include <gtk/gtk.h>

guint demo_save_screenshot(GtkWidget *window, const char *path);

#endif
