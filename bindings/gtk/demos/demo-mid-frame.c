/* Catching a frame mid-way through a transition: see demo-mid-frame.h. */
#include "demo-mid-frame.h"

#define MID_DURATION_MS 1200

static void
on_after_paint(GdkFrameClock *frame_clock, gpointer data)
{
    DemoMidFrame *m = data;
    if (!fold_transition_clock_is_running(m->clock))
        return;
    double p = fold_transition_clock_get_progress(m->clock);
    if (p < 0.3 || p > 0.7)
        return;
    g_signal_handler_disconnect(frame_clock, m->handler);
    m->handler = 0;
    m->seen = TRUE;
    m->progress = p;
    m->check(m->data);
    demo_expect_screenshot(m->demo, m->suffix, " (mid-animation)");
}

void
demo_mid_frame_catch(DemoMidFrame *m, DemoApp *demo, FoldTransitionClock *clock,
                     void (*check)(gpointer data), gpointer data, const char *suffix)
{
    demo_mid_frame_done(m);
    m->demo = demo;
    m->clock = clock;
    m->check = check;
    m->data = data;
    m->suffix = suffix;
    m->seen = FALSE;
    m->progress = 0;
    fold_transition_clock_set_duration(clock, MID_DURATION_MS);
    m->handler = g_signal_connect(gtk_widget_get_frame_clock(demo->window), "after-paint",
                                  G_CALLBACK(on_after_paint), m);
}

gboolean
demo_mid_frame_done(DemoMidFrame *m)
{
    if (m->handler && m->demo && m->demo->window)
        g_signal_handler_disconnect(gtk_widget_get_frame_clock(m->demo->window), m->handler);
    m->handler = 0;
    if (m->clock)
        fold_transition_clock_set_duration(m->clock, FOLD_TRANSITION_CLOCK_DEFAULT_DURATION);
    return m->seen;
}

gboolean
demo_between(double a, double b, double c)
{
    return (a > b && a < c) || (a < b && a > c);
}
