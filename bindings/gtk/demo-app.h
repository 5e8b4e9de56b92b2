/* What the demos share: the command line ([--self-test OUT.png]), running the
 * GtkApplication (and, under --self-test, its timed steps), the self-test's
 * EXPECT, end and exit status, and a few FoldTable look-ups by section key. */
#ifndef FOLDTABLE_GTK_DEMO_APP_H
#define FOLDTABLE_GTK_DEMO_APP_H

#include <foldtable.h>
#include <gtk/gtk.h>
#include <stdint.h>
#include <stdio.h>

/* In a self-test step: `app` has `int step, failures`. */
#define EXPECT(cond)                                                                 \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "self-test step %d: CHECK failed: %s\n", app->step, #cond); \
            app->failures++;                                                         \
        }                                                                            \
    } while (0)

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

/* The exit status: under a self-test (out_png), failing checks fail it too. */
int demo_exit_status(const char *out_png, int failures, int status);

/* A self-test's last step: says whether it passed, closes the window. */
gboolean demo_self_test_end(GtkWidget *window, int failures);

fold_section_id demo_section(fold_table *table, const char *key);
int64_t demo_header_pos(fold_table *table, const char *key);
int64_t demo_row_pos(fold_table *table, const char *key, int64_t row);
double demo_item_top(fold_table *table, int64_t position);

#endif
