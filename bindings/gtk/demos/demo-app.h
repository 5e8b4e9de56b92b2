/* What the demos share: the state every demo's App starts with (DemoApp),
 * the command line ([--self-test OUT.png]), building the table and the model
 * over it, running the GtkApplication (and, under --self-test, its
 * table of steps, each run once the last one's changes are drawn), the
 * list view, scroller and status bar the list demos build alike, the
 * window's column of widgets and their margins, a click on a list row, the
 * self-test's EXPECT, screenshots, end and exit status, and a few FoldTable
 * look-ups (by section key or position). */
#ifndef FOLDTABLE_GTK_DEMO_APP_H
#define FOLDTABLE_GTK_DEMO_APP_H

#include "foldtable-gtk.h"

#include <foldtable.h>
#include <gtk/gtk.h>
#include <stdint.h>
#include <stdio.h>

/* The first member (`demo`) of every demo's App. */
typedef struct {
    fold_table *table;
    FoldListModel *model;  /* over `table`, owning it; NULL: the demo owns `table` */
    GtkWidget *window, *list;
    const char *out_png;   /* --self-test OUT.png; NULL: interactive */
    int32_t last_action;   /* FOLD_ACTIVATED_* of the last activation */
    int step, failures;    /* the self-test's */
    /* NULL, or whether the next step may run yet, beyond demo_run's own
     * wait for a frame after the last step's changes (say, once a widget
     * of the demo has drawn them): demo_run waits for it, 10 s at most. */
    gboolean (*ready)(gpointer data);
    /* NULL, or what demo_on_activate does after a click (say, update the
     * status bar); data: the demo's App. */
    void (*activated)(gpointer data);
    guint keys_before;     /* demo_keys_seen() when the last key was sent (demo-keys.c) */
} DemoApp;

/* A self-test check: a failure is printed with the step and counted. */
#define DEMO_EXPECT(demo, cond)                                                      \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "self-test step %d: CHECK failed: %s\n", (demo)->step,   \
                    #cond);                                                          \
            (demo)->failures++;                                                      \
        }                                                                            \
    } while (0)

/* In a self-test step: `app` is the demo's App. */
#define EXPECT(cond) DEMO_EXPECT(&app->demo, cond)

/* Sets *out_png to OUT.png under --self-test, NULL otherwise; 0 if the
 * arguments are good, else prints the usage and returns 2 (the exit status). */
int demo_parse_args(int argc, char **argv, const char **out_png);

typedef GtkWidget *(*DemoBuildWindow)(GtkApplication *gapp, gpointer data);

/* One step of a self-test (its checks, then what the next step checks the
 * result of); data: the demo's App. */
typedef void (*DemoStep)(gpointer data);

/* Runs a non-unique GtkApplication `app_id`: on activate, demo->window =
 * build(), presented. Under --self-test, the n_steps steps then run in turn
 * (demo->step: 1, 2, ...), each at least step_ms after the last and only once
 * the window has been laid out and painted after the last one's changes
 * (and demo->ready, if set, says yes; 10 s at most, else a failure), and
 * after the last one the self-test says whether it passed and closes the
 * window. Returns the exit status: the application's, and under a
 * self-test 1 if a check failed. */
int demo_run(DemoApp *demo, const char *app_id, char **argv, DemoBuildWindow build,
             const DemoStep *steps, guint n_steps, guint step_ms, gpointer data);

/* main() of a demo on FoldListModel: parses the arguments (demo->out_png),
 * builds the table and the model over it (its rows' titles from
 * text(..., text_data)), runs the app (demo_run), drops the model. Returns
 * the exit status. */
int demo_main(DemoApp *demo, int argc, char **argv, fold_table *(*build_table)(void),
              FoldTextFunc text, gpointer text_data, const char *app_id, DemoBuildWindow build,
              const DemoStep *steps, guint n_steps, guint step_ms, gpointer data);

/* main() of a demo that builds its own table (a store, a model): parses the
 * arguments (demo->out_png); then start(data) builds what the demo needs and
 * returns 0, or the exit status if it could not; runs the app (demo_run);
 * then finish(data) frees what start built. Returns the exit status. */
int demo_main_with(DemoApp *demo, int argc, char **argv, int (*start)(gpointer data),
                   void (*finish)(gpointer data), const char *app_id, DemoBuildWindow build,
                   const DemoStep *steps, guint n_steps, guint step_ms, gpointer data);

/* A table with these default heights (the accordion policy: FOLD_ACCORDION_*),
 * or NULL. */
fold_table *demo_table_new(double header_height, double row_height, int32_t accordion);

/* A table that could not be built: prints the engine's message, frees it;
 * returns NULL. */
fold_table *demo_table_failed(fold_table *table);

/* An application window with a GtkHeaderBar showing `title` (as every
 * GNOME app has): `css` on the display (NULL: none), CSS class `css_class`
 * (NULL: none), default size (the header bar included). */
GtkWidget *demo_window_new(GtkApplication *gapp, const char *css, const char *css_class,
                           const char *title, int width, int height);

/* The window's GtkHeaderBar (demo_window_new's). */
GtkHeaderBar *demo_window_get_header_bar(GtkWidget *window);

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

/* Margins around `widget`: `horizontal` at the start and the end, `vertical`
 * at the top and the bottom. */
void demo_set_margins(GtkWidget *widget, int horizontal, int vertical);

/* Makes the window's child a vertical box of the widgets `first`, ...
 * (NULL-terminated), top to bottom; returns `window`. */
GtkWidget *demo_window_set_column(GtkWidget *window, GtkWidget *first, ...) G_GNUC_NULL_TERMINATED;

/* The model's activation of `position` (a click on a list row): returns the
 * FOLD_ACTIVATED_* action, -1 (with a warning) if the model refused. */
int32_t demo_activate(FoldListModel *model, guint position);

/* The list's "activate" handler (demo_list_view_new's on_activate) for a
 * demo whose App starts with its DemoApp: demo->last_action =
 * demo_activate(demo->model, position), then demo->activated(data) if set. */
void demo_on_activate(GtkListView *list, guint position, gpointer data);

/* A click as the list reports it: emits demo->list's "activate" signal for
 * `position` after setting demo->last_action to -1; returns
 * demo->last_action, which the demo's handler sets. */
int32_t demo_click(DemoApp *demo, guint position);

/* FoldExpander's chevron for widgets that draw their rows themselves (the
 * canvas, the log, the comments' headers): the theme's symbolic icon
 * "pan-down-symbolic" when expanded, else "pan-end-symbolic" (its "-rtl"
 * variant in right-to-left text), `size` px square at (x, y) in `color`. */
void demo_snapshot_chevron(GtkWidget *widget, GtkSnapshot *snapshot, gboolean expanded, double x,
                           double y, int size, const GdkRGBA *color);
/* The same drawn with cairo (a GtkDrawingArea's draw function). */
void demo_cairo_chevron(GtkWidget *widget, cairo_t *cr, gboolean expanded, double x, double y,
                        int size, const GdkRGBA *color);

/* A key press without modifiers as GTK delivers it to the window's focus
 * widget (GTK 4 has no public way to make a key event): the window's
 * focus-visible set, as a key press sets it; then the capture phase from
 * the window down to the focus widget and the bubble phase back up, at each
 * widget its local shortcut controllers (a shortcut whose trigger is
 * `keyval`: its action activated) and its key controllers ("key-pressed").
 * Returns the widget whose controller handled the key (to compare with, not
 * to keep: the key may have dropped it), NULL if none did. */
GtkWidget *demo_press_key(DemoApp *demo, guint keyval);
/* The same with modifiers held (a shortcut's trigger must have exactly these). */
GtkWidget *demo_press_key_with(DemoApp *demo, guint keyval, GdkModifierType mods);

/* The window's focus widget, or NULL. */
GtkWidget *demo_focus(DemoApp *demo);

/* A self-test's screenshot (demo_screenshot_report), which must not be blank. */
void demo_expect_screenshot(DemoApp *demo, const char *suffix, const char *note);

/* Look-ups for the self-tests; -1 (or FALSE) where the engine says no. */
int64_t demo_item_count(fold_table *table);
double demo_content_height(fold_table *table);
gboolean demo_section_collapsed(fold_table *table, const char *key);
gboolean demo_row_expanded(fold_table *table, const char *key, int64_t row);
fold_section_id demo_section(fold_table *table, const char *key);
int64_t demo_header_pos(fold_table *table, const char *key);
int64_t demo_row_pos(fold_table *table, const char *key, int64_t row);
double demo_item_top(fold_table *table, int64_t position);
double demo_item_height_at(fold_table *table, int64_t position);
/* The viewport's offset as the engine holds it, -1 if none is set. */
double demo_viewport_offset(fold_table *table);
/* The engine's focused position (fold_table_focus), -1 if none. */
int64_t demo_focus_position(fold_table *table);

#endif
