/* What the demos share: the command line ([--self-test OUT.png]), running the
 * GtkApplication (and, under --self-test, its timed steps), the list view,
 * scroller and status bar the list demos build alike, a click on a list row,
 * the self-test's EXPECT, screenshot, end and exit status, and a few
 * FoldTable look-ups by section key. */
#ifndef FOLDTABLE_GTK_DEMO_APP_H
#define FOLDTABLE_GTK_DEMO_APP_H

#include "foldtable-gtk.h"

#include <foldtable.h>
#include <gtk/gtk.h>
#include <stdint.h>
#include <stdio.h>

/* A self-test check: a failure is printed with the step and counted. */
#define DEMO_EXPECT(step, failures, cond)                                            \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "self-test step %d: CHECK failed: %s\n", (step), #cond);  \
            (failures)++;                                                            \
        }                                                                            \
    } while (0)

/* In a self-test step: `app` has `int step, failures`. */
#define EXPECT(cond) DEMO_EXPECT(app->step, app->failures, cond)

/* Sets *out_png to OUT.png under --self-test, NULL otherwise; 0 if the
 * arguments are good, else prints the usage and returns 2 (the exit status). */
int demo_parse_args(int argc, char **argv, const char **out_png);

typedef GtkWidget *(*DemoBuildWindow)(GtkApplication *gapp, gpointer data);

/* Runs a non-unique GtkApplication `app_id`: on activate, *window = build(),
 * presented; if self_test_step, it then runs every step_ms ms. Returns the
 * application's status. */
int demo_run(const char *app_id, char **argv, DemoBuildWindow build, GtkWidget **window,
             GSourceFunc self_test_step, guint step_ms, gpointer data);

/* Styles the default display with `css` (application priority). */
void demo_add_css(const char *css);

/* A GtkListView over `model` (no selection) with CSS class `css_class`, its
 * rows made by a GtkSignalListItemFactory whose setup, bind and unbind get
 * `data`; a single click activates a row (on_activate(list, position, data)). */
GtkWidget *demo_list_view_new(FoldListModel *model, const char *css_class, GCallback setup,
                              GCallback bind, GCallback unbind, GCallback on_activate,
                              gpointer data);

/* A vertical scroller around `child` (no horizontal scrolling); it takes the
 * height its box gives. */
GtkWidget *demo_scroller_new(GtkWidget *child);

/* A status bar: a left-aligned label of CSS class "statusbar" that wraps
 * (never cut). */
GtkWidget *demo_status_bar_new(void);

/* The model's activation of `position` (a click on a list row): returns the
 * FOLD_ACTIVATED_* action, -1 (with a warning) if the model refused. */
int32_t demo_activate(FoldListModel *model, guint position);

/* A click as the list reports it: emits its "activate" signal for `position`
 * after setting *last_action to -1; returns *last_action, which the demo's
 * handler sets. */
int32_t demo_click(GtkWidget *list, guint position, int32_t *last_action);

/* A self-test's screenshot (demo_screenshot_report), which must not be blank. */
void demo_expect_screenshot(GtkWidget *window, const char *out_png, const char *suffix,
                            const char *note, int step, int *failures);

/* The exit status: under a self-test (out_png), failing checks fail it too. */
int demo_exit_status(const char *out_png, int failures, int status);

/* A self-test's last step: says whether it passed, closes the window. */
gboolean demo_self_test_end(GtkWidget *window, int failures);

fold_section_id demo_section(fold_table *table, const char *key);
int64_t demo_header_pos(fold_table *table, const char *key);
int64_t demo_row_pos(fold_table *table, const char *key, int64_t row);
double demo_item_top(fold_table *table, int64_t position);

#endif
