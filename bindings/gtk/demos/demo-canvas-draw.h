/* FoldCanvas's frame (demo-canvas-draw.c), apart from the widget's
 * behaviour (demo-canvas-view.c). */
#ifndef FOLDTABLE_GTK_DEMO_CANVAS_DRAW_H
#define FOLDTABLE_GTK_DEMO_CANVAS_DRAW_H

#include "demo-canvas-view.h"

/* FoldCanvas's GtkWidgetClass.snapshot: the table at rest, or the
 * transition's frame while the canvas's clock runs. */
void fold_canvas_draw(GtkWidget *widget, GtkSnapshot *snapshot);

#endif
