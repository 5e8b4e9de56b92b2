/* The canvas self-test's animated steps (demo-canvas-animate.c): changes
 * caught mid-transition, drawn from FoldTransitionClock's frame. */
#ifndef FOLDTABLE_GTK_DEMO_CANVAS_ANIMATE_H
#define FOLDTABLE_GTK_DEMO_CANVAS_ANIMATE_H

#include "demo-app.h"
#include "demo-canvas-view.h"

/* Step 1: a row expands (screenshot -transition-mid.png); 2: checks it at
 * rest, a section collapses; 3: at rest again. Each step after the last
 * one's transition has finished (the self-test waits for quiet frames). */
void demo_canvas_animate_step(DemoApp *demo, FoldCanvas *canvas, int step);

#endif
