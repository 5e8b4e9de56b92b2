/*
 * sticky-test.h — what the parts of test-sticky share (tests/test-sticky.c
 * and the files of tests/sticky/, one program: foldtable-gtk-test-sticky):
 * the app under test (window.c), the stack check and scrolling (stack.c),
 * clicks on stuck headers (clicks.c), and look-ups by section key.
 */
#ifndef FOLD_GTK_TEST_STICKY_H
#define FOLD_GTK_TEST_STICKY_H

#include "fold-sticky-headers.h"
#include "support/gtk-test.h"

#include <stdio.h>

#define HEADER_HEIGHT 28.0
#define ROW_HEIGHT 40.0
#define VIEW_HEIGHT 400

/* ---- window.c: the app ---------------------------------------------------- */

extern fold_table *table;
extern FoldListModel *model;
extern GtkWidget *window, *scroller, *list, *sticky;
extern GtkAdjustment *vadj;

fold_table *build_table(void);
char *row_text(fold_section_id section, const char *key, int64_t row, void *user_data);
void build_window(void);

/* ---- stack.c: the stack against the engine's ------------------------------ */

extern int snapped;               /* offsets GtkListView showed 1 px off */
extern int aligned_with_list_row; /* stuck rows compared with the list's row */
extern int pixel_compared;        /* ... and pixel for pixel */

/* Sets the list's offset; returns the offset the list shows. */
double scroll_to(double offset);
/* The widget's stack against the engine's at the list's offset. */
void check_stack(double offset);
/* The first row widget ("row") of a list view. */
GtkWidget *first_row(GtkWidget *view);
/* The list's own row widget for flat position p, or NULL if it has none. */
GtkWidget *list_row(int64_t p);
gboolean bounds(GtkWidget *w, graphene_rect_t *r);

/* ---- clicks.c ------------------------------------------------------------- */

void click_header(guint index);
void test_click(const char *outer, const char *key, guint index, double offset);
void test_reclick(const char *key, guint index, int64_t rows);
void test_errors(void);

/* ---- look-ups -------------------------------------------------------------- */

/* Until the frames after a change have been drawn. */
static inline void
settle(void)
{
    test_wait_for_draw(window, 3);
}

static inline fold_section_id
section(const char *key)
{
    return demo_section(table, key);
}

static inline double
header_top(const char *key)
{
    return demo_item_top(table, demo_header_pos(table, key));
}

static inline int64_t
n_items(void)
{
    int64_t n = -1;
    fold_table_item_count(table, &n);
    return n;
}

static inline gboolean
collapsed(const char *key)
{
    return demo_section_collapsed(table, key);
}

#endif
