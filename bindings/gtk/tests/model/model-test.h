/*
 * model-test.h — what the parts of test-model share (tests/test-model.c and
 * the files of tests/model/, one program: foldtable-gtk-test-model): the
 * list as the test holds it (tracking.c), the check of one mutation
 * (replay.c: begin() ... finish()), the app's data and callbacks
 * (app-data.c), and the parts main() runs in order on one model.
 *
 * Checks go through Tests/c/check.h with one set of counters for the
 * program (CHECK_SHARED_COUNTERS, Tests/c/support/check_counters.c).
 */
#ifndef FOLD_GTK_TEST_MODEL_H
#define FOLD_GTK_TEST_MODEL_H

#include "foldtable-gtk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

#define OK(call) CHECK_STATUS((call), FOLD_OK)

/* One items-changed. */
typedef struct {
    guint position, removed, added;
} Signal;

/* One notify of the current mutation. */
typedef struct {
    FoldListItem *item; /* no reference */
    const char *property; /* interned */
} Note;

/* ---- tracking.c: the list as signalled ------------------------------------ */

extern FoldListModel *model;
extern GArray *signals;            /* Signal */
extern GPtrArray *held;            /* FoldListItem * (a reference each) */
extern gboolean probe_busy;        /* handlers check that the table is busy */
extern GArray *notes;              /* Note */
extern guint n_items_notes;        /* notify::n-items */
extern guint spurious_notes;       /* notify without a change (failures) */
extern gboolean signal_notified;   /* the last items-changed got its notify::n-items */
extern GQuark observed_quark;

char *identity(FoldListItem *item);
GPtrArray *snapshot(void);
gboolean same_identity(const char *a, const char *b);
char *property_text(GObject *object, GParamSpec *pspec);
GHashTable *observed(FoldListItem *item);
void hold(FoldListItem *item, guint index);
void on_items_changed(GListModel *list, guint position, guint removed, guint added,
                      gpointer data);
void on_n_items(GObject *object, GParamSpec *pspec, gpointer data);
/* How many notify::`property` (NULL: any) `item` got in this mutation. */
guint notes_for(FoldListItem *item, const char *property);
/* The item at `position` of the list as the test holds it (no reference). */
FoldListItem *held_at(int64_t position);

/* ---- replay.c: one mutation, checked -------------------------------------- */

extern GArray *eng_changes; /* fold_change */
extern GArray *eng_redraw;  /* fold_range */
extern GArray *eng_moves;   /* fold_move */
extern guint moves_seen;
extern guint engine_sets;
extern gboolean quiet;      /* finish() prints nothing */
extern gboolean app_change; /* the next finish() is for a change the engine does not report */
extern gboolean strict;     /* TEST_MODEL_STRICT=1: extra redraws fail */
extern guint extra_added, extra_unchanged;
extern char first_extra[200];

void on_engine_change(fold_table *table, const fold_change_set *cs, void *data);
Signal signal_at(guint i);
void begin(void);
/* Returns how many items-changed there were. */
guint finish(const char *what);
/* One activation as a mutation: begin(), fold_list_model_activate(position)
 * succeeds, reports `expect` (-1: not checked), and finish(what) counts
 * `n_signals` items-changed (a check each). */
void activate_and_finish(guint position, int32_t expect, const char *what, guint n_signals);

/* ---- app-data.c: the app's rows and callbacks ----------------------------- */

extern GHashTable *labels; /* key -> GPtrArray of char * */
extern fold_section_id refused_section;

GPtrArray *rows_of(const char *key);
void data_insert(const char *key, int64_t row, int64_t n, gboolean initial);
void data_remove(const char *key, int64_t row, int64_t n);
int remove_children_tracked(fold_table *table, const char *key, int64_t index, int64_t count);
char *row_text(fold_section_id section, const char *key, int64_t row, void *user_data);
int64_t header_pos(const char *key);
int64_t row_pos(const char *key, int64_t row);
int provide_height(fold_table *table, fold_section_id section, const char *key, int64_t row,
                   double *out_height, void *data);
int refuse_collapse(fold_table *table, fold_section_id section, const char *key, int32_t event,
                    void *data);
void count_signal(guint *counter);
void set_flag(gpointer data, GObject *where);

/* ---- the parts, in the order main() runs them ----------------------------- */

/* The table main() builds: a (3 rows; a1 with 4; a2 with 2 and a2x with 3),
 * b (5), c (empty), d (2; d1 with 2), every row expandable but b/4. */
typedef struct {
    fold_table *table;
    fold_section_id a, a1, a2, a2x, b, c, d, d1;
    int *text_calls; /* row_text's call count */
} ModelTest;

void test_items(const ModelTest *m);        /* items.c: what the model hands out */
void test_activate(const ModelTest *m);     /* activate.c: changes through the model */
void test_refusals(const ModelTest *m);     /* errors.c: refused changes and GErrors */
void test_direct(const ModelTest *m);       /* direct.c: changes made on the table */
void test_random(const ModelTest *m);       /* random.c: random runs, threads, 100,000 rows */
void test_held(void);                       /* held.c: held items follow their rows */

#endif
