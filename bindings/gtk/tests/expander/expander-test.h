/*
 * expander-test.h — what the parts of test-expander share
 * (tests/test-expander.c and the files of tests/expander/, one program:
 * foldtable-gtk-test-expander): the app under test (window.c), looking at
 * the list and acting on it (input.c), and the checks of one expander and
 * of the screenshot's pixels (checks.c).
 */
#ifndef FOLD_GTK_TEST_EXPANDER_H
#define FOLD_GTK_TEST_EXPANDER_H

#include "fold-expander.h"
#include "support/gtk-test.h"

#include <stdio.h>

typedef struct {
    fold_table *table;
    FoldListModel *model;
    GtkWidget *window;
    GtkWidget *list;
    int failed_signals;
    int failed_code;
} Test;

extern Test T;

/* ---- window.c: the app ---------------------------------------------------- */

gboolean build_table(void);
char *row_text(fold_section_id section, const char *key, int64_t row, void *user_data);
/* The list over T.model, in T.window, presented. */
void build_window(void);
/* An expander's "failed": counted in T.failed_signals, code in T.failed_code. */
void on_failed(FoldExpander *expander, const char *action, GError *error, gpointer data);

/* ---- input.c: looking at the list, acting on it --------------------------- */

/* The mapped expander showing section `key`'s header, or its row r; NULL if
 * the list shows none. */
FoldExpander *header(const char *key);
FoldExpander *row(const char *key, int64_t r);
/* The expander's chevron. */
GtkWidget *icon_of(FoldExpander *e);
guint n_items(void);
gboolean row_expanded(const char *key, int64_t r);
/* x of `w` (the expander's child or its chevron) in the expander, in px. */
double x_in(FoldExpander *e, GtkWidget *w);
gboolean press_key(FoldExpander *e, guint keyval);
gboolean click_chevron(FoldExpander *e);
gboolean action(FoldExpander *e, const char *name);
GtkWidget *focus(void);

/* ---- checks.c --------------------------------------------------------------- */

/* A screenshot's pixels, RGBA (gdk_texture_download's default). */
typedef struct {
    guchar *pixels;
    int width, height;
} Image;

void check_expander(const char *what, FoldExpander *e, int level, gboolean expandable,
                    gboolean expanded);
void check_pixels(const Image *img, const char *what, FoldExpander *e);

/* ---- look-ups and frames --------------------------------------------------- */

static inline fold_section_id
id_of(const char *key)
{
    return demo_section(T.table, key);
}

static inline gboolean
collapsed(const char *key)
{
    return demo_section_collapsed(T.table, key);
}

/* Until the next frame has been drawn. */
static inline void
pump(void)
{
    test_wait_for_draw(T.window, 1);
}

#endif
