/* What the log and comments demos' self-tests share to look at an animated
 * change mid-way: steps run only once the window is quiet (demo_run), so
 * by then a transition is over; instead, a step arms a DemoMidFrame before
 * the change, and the first frame painted while the clock is at an eased
 * progress in [0.3, 0.7] is checked (its `check`) and saved as a
 * screenshot. The clock plays 1.2 s meanwhile, so several frames land
 * mid-way even on a loaded machine. */
#ifndef FOLDTABLE_GTK_DEMO_MID_FRAME_H
#define FOLDTABLE_GTK_DEMO_MID_FRAME_H

#include "demo-app.h"
#include "fold-transition-clock.h"

#include <gtk/gtk.h>

typedef struct {
    DemoApp *demo;
    FoldTransitionClock *clock;
    void (*check)(gpointer data); /* runs at the frame caught; data: the demo's App */
    gpointer data;
    const char *suffix; /* the screenshot: OUT<suffix> */
    gulong handler;
    gboolean seen;   /* a frame was caught */
    double progress; /* the clock's eased progress at that frame */
} DemoMidFrame;

/* Arms `m`: the clock's duration becomes 1.2 s (demo_mid_frame_done sets
 * it back), and the next frame painted mid-way is checked and saved. */
void demo_mid_frame_catch(DemoMidFrame *m, DemoApp *demo, FoldTransitionClock *clock,
                          void (*check)(gpointer data), gpointer data, const char *suffix);

/* Disarms `m` (if no frame was caught) and sets the clock's duration
 * back to the default; returns whether a frame was caught. */
gboolean demo_mid_frame_done(DemoMidFrame *m);

/* Whether a is strictly between b and c (in either order). */
gboolean demo_between(double a, double b, double c);

#endif
