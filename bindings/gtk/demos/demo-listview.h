/* The listview demo's App and what its files share: demo-listview.c (the
 * data, the window, the list) and its self-test's steps:
 * demo-listview-steps.c (steps 1 to 13: scrolling, clicks, the accordion,
 * the fixed section, an expander's keys), demo-listview-steps-drop.c (14 to
 * 19: drags and drops) and demo-listview-steps-keys.c (20 to 28: the
 * keyboard alone). */
#ifndef FOLDTABLE_GTK_DEMO_LISTVIEW_H
#define FOLDTABLE_GTK_DEMO_LISTVIEW_H

#include "demo-app.h"
#include "demo-drop.h"
#include "demo-groups.h"
#include "demo-rows.h"

#include <gtk/gtk.h>

#define HEADER_HEIGHT 28.0
#define ROW_HEIGHT 40.0
#define EXPANDED_HEIGHT 96.0
/* Where a row's expander starts (its margin) and its indentation a level. */
#define LIST_ROW_START 8.0
#define EXPANDER_INDENT 20.0

typedef struct {
    DemoApp demo;
    DemoRows *rows; /* the rows' texts, moved along by drops */
    DemoDrop *drop;
    GtkWidget *scroller, *sticky, *accordion;
    GtkAdjustment *vadj;
    /* self-test */
    guint signals;
    guint last_signal[3]; /* position, removed, added */
    guint notes; /* notify signals of bound items, "position" aside */
} App;

/* The demo's data, the listview's groups (demo-listview.c). */
extern const DemoGroup groups[];

/* The row widget (demo-list-row.c's outer box) the list shows for
 * `position`, mapped, or NULL; its FoldExpander (demo-listview-steps.c). */
GtkWidget *row_widget(App *app, int64_t position);
GtkWidget *row_expander(App *app, int64_t position);

/* Steps 1 to 13 (demo-listview-steps.c). */
void step_1(gpointer data);
void step_2(gpointer data);
void step_3(gpointer data);
void step_4(gpointer data);
void step_5(gpointer data);
void step_6(gpointer data);
void step_7(gpointer data);
void step_8(gpointer data);
void step_9(gpointer data);
void step_10(gpointer data);
void step_11(gpointer data);
void step_12(gpointer data);
void step_13(gpointer data);
/* Steps 14 to 19 (demo-listview-steps-drop.c). */
void step_14(gpointer data);
void step_15(gpointer data);
void step_16(gpointer data);
void step_17(gpointer data);
void step_18(gpointer data);
void step_19(gpointer data);
/* Steps 20 to 28 (demo-listview-steps-keys.c). */
void step_20(gpointer data);
void step_21(gpointer data);
void step_22(gpointer data);
void step_23(gpointer data);
void step_24(gpointer data);
void step_25(gpointer data);
void step_26(gpointer data);
void step_27(gpointer data);
void step_28(gpointer data);

#endif
