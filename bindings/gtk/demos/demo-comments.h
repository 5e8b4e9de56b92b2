/* The comments demo's App and what its files share: demo-comments.c (the
 * window, the store, self-test steps 1 to 6: the heights) and
 * demo-comments-steps.c (steps 7 to 10: the keyboard alone; 11 to 15: the
 * accordion and a thread folding, animated, looked at mid-way). */
#ifndef FOLDTABLE_GTK_DEMO_COMMENTS_H
#define FOLDTABLE_GTK_DEMO_COMMENTS_H

#include "demo-app.h"
#include "demo-comment-row.h"
#include "demo-mid-frame.h"
#include "fold-store.h"
#include "fold-text-heights.h"
#include "fold-transition-clock.h"

#include <gtk/gtk.h>

#define HEADER_HEIGHT 40.0

/* A row widget the self-test hovers, and how it was drawn before. */
typedef struct {
    CommentRow *row;
    GdkTexture *plain;
} Hovered;

typedef struct {
    DemoApp demo;
    FoldStore *store;
    FoldTransitionClock *clock; /* plays the store's transitions: rows' heights */
    FoldTextHeights *heights;
    GtkWidget *scroller, *status;
    GtkAdjustment *vadj;
    /* self-test */
    int width;
    int64_t expanded_pos;
    Hovered hovered[3]; /* a short comment, a long one, a header */
    DemoMidFrame mid;   /* a frame mid-way through a transition, checked and saved */
    double before[3], after[3]; /* what the mid-way check compares with */
    GArray *tops;  /* double: a row's top at each frame painted while the accordion plays */
    gulong track;  /* the frame clock's after-paint handler that records them */
} CommentsApp;

/* Every shown row: allocated height == engine height == Pango's answer;
 * returns how many rows were checked. */
int comments_check_rows(CommentsApp *app, const char *when);

/* Self-test steps 7 to 15 (demo-comments-steps.c). */
void comments_step_7(gpointer data);
void comments_step_8(gpointer data);
void comments_step_9(gpointer data);
void comments_step_10(gpointer data);
void comments_step_11(gpointer data);
void comments_step_12(gpointer data);
void comments_step_13(gpointer data);
void comments_step_14(gpointer data);
void comments_step_15(gpointer data);

#endif
