/*
 * shadow.h — a view's side of a FoldListModel, for tests that hold items
 * across many changes (tests/model/held.c, tests/test-threads.c).
 *
 * A Shadow follows the model's items-changed like a view does: one slot
 * per position of the list as signalled, each either empty or an item the
 * test holds (a reference). It remembers each held item's property values
 * as last notified. Then:
 *   - shadow_check_list(): the list as signalled is the model's list at
 *     every moment: as many slots as get_n_items, get_item non-NULL below
 *     it (never beyond), a held slot's item is the object get_item hands
 *     out there, with that "position", and every property equal to the
 *     value last notified (no notify missing);
 *   - shadow_check_engine(): once the model has caught up with the table,
 *     every held item says what the engine says of its position: kind,
 *     depth, section id, key, row, title (the text func's), detail,
 *     indicator, height and the eight flags.
 * Checks go through Tests/c/check.h: call them on the test's main thread.
 */
#ifndef FOLD_GTK_TEST_SHADOW_H
#define FOLD_GTK_TEST_SHADOW_H

#include "foldtable-gtk.h"

#include "fixture.h"

typedef struct {
    FoldListModel *model;
    fold_table *table;
    FoldTextFunc text; /* what the model's text func answers, for the expected titles */
    void *text_data;
    GPtrArray *slots;  /* FoldListItem * (a reference) or NULL, one per position */
    gulong handler;
    guint signals;     /* items-changed seen */
    guint bad_signals; /* items-changed beyond the list as signalled */
    guint notes;       /* item notifications seen */
} Shadow;

Shadow *shadow_new(FoldListModel *model, fold_table *table, FoldTextFunc text, void *text_data);
void shadow_free(Shadow *shadow);

/* Holds the item at `position` (get_item); returns it (no new reference),
 * NULL past the end. */
FoldListItem *shadow_hold(Shadow *shadow, guint position);
/* Lets the item held at `position` go (if any). */
void shadow_release(Shadow *shadow, guint position);
/* Holds each position with probability `hold`, and lets each held item
 * go with probability `release`. */
void shadow_shuffle(Shadow *shadow, GRand *rng, double hold, double release);
guint shadow_held_count(const Shadow *shadow);

/* See the top. Both return TRUE when all is well (the checks are counted
 * either way), and print what differs, prefixed with `what`. */
gboolean shadow_check_list(Shadow *shadow, const char *what);
gboolean shadow_check_engine(Shadow *shadow, const char *what);
/* shadow_check_engine() without counting checks or printing. */
gboolean shadow_matches_engine(Shadow *shadow);

#endif
