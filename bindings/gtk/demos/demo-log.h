/* The log demo's App and what its two files share: demo-log.c (the
 * store, appending, the status line, the window, self-test steps 1 to 11)
 * and demo-log-animated.c (steps 12 to 14: animated changes looked at
 * mid-way). */
#ifndef FOLDTABLE_GTK_DEMO_LOG_H
#define FOLDTABLE_GTK_DEMO_LOG_H

#include "demo-app.h"
#include "demo-log-view.h"
#include "demo-mid-frame.h"
#include "fold-store.h"

#include <gtk/gtk.h>

typedef struct {
    DemoApp demo; /* no model, no list: the view draws the table, the store owns it */
    FoldStore *store;
    GtkWidget *status, *jump;
    LogView view;
    int64_t run, lines, unseen;
    guint timer;
    double value; /* carried between self-test steps */
    guint frames_seen;
    DemoMidFrame mid;  /* a frame mid-way through a transition, checked and saved */
    int64_t watched;   /* the position the mid-way check looks at */
} LogApp;

/* Appends one line to the last run, starting a new run every
 * LINES_PER_RUN lines; each is one change set (one anchored_offset). */
void log_append(LogApp *app);

/* The end of a self-test step: the next one waits for the view to draw. */
void log_step_done(LogApp *app);

/* The last frame drew from `offset`, and the status line says `status`. */
void log_expect_drawn(LogApp *app, double offset, const char *status);

/* Self-test steps 12 to 14: a line arriving and a run folding, animated,
 * checked and saved mid-way (demo-log-animated.c). */
void log_step_12(gpointer data);
void log_step_13(gpointer data);
void log_step_14(gpointer data);

#endif
