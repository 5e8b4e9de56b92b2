/*
 * transition.c — animating a change with FoldTable's transitions, from C.
 *
 * A view that draws its items itself (a canvas, a terminal, a game UI)
 * turns transitions on and sets its viewport. When a change set arrives,
 * its change listener reads the transition the table built for it (every
 * item drawn before or after, with its rect before and after, in viewport
 * coordinates) and starts an animation; at each frame it asks where the
 * items are at progress t (fold_table_transition_frame: linear, apply your
 * own easing to t first), draws them, and tells the table how far it got
 * (fold_table_set_transition_progress), so a change that arrives mid-way
 * starts from what is on screen.
 *
 * Here the "view" is a terminal: a click collapses the section "Inbox",
 * and the frames at t = 0, 0.25, 0.5, 0.75 and 1 are printed as text,
 * one line per item: where it is drawn, and for the rows that fold under
 * their header, the y above which they are hidden (the header's bottom).
 *
 * Build (SwiftPM):
 *   swift build --scratch-path /tmp/build
 *   cc -std=c99 -Iinclude examples/transition.c -L/tmp/build/debug -lfoldtable \
 *      -Wl,-rpath,/tmp/build/debug -o transition && ./transition
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "foldtable.h"

#define VIEWPORT_HEIGHT 300.0
#define MAX_ITEMS 64

/* Stops the example with the library's message if a call fails. */
static void check(int status, const char *what)
{
    if (status != FOLD_OK) {
        fprintf(stderr, "transition: %s failed: %s (%s)\n", what, fold_status_name(status),
                fold_last_error_message());
        exit(1);
    }
}

/* What the view keeps of the running animation: the items as the listener
 * read them, and the serial of the transition, so it knows one began. */
struct animation {
    fold_transition_info info;
    fold_transition_item items[MAX_ITEMS];
    int64_t count;
};

static void on_change(fold_table *table, const fold_change_set *changes, void *user_data)
{
    struct animation *a = user_data;
    fold_transition_info info;
    (void)changes;
    /* The transition is built before listeners run; a change set that is
     * not animated (transitions off, no viewport) leaves the serial. */
    if (fold_table_transition_info(table, &info) != FOLD_OK || info.serial == a->info.serial) return;
    a->info = info;
    if (fold_table_transition_items(table, a->items, MAX_ITEMS, &a->count, NULL) != FOLD_OK) a->count = 0;
}

static const char *const change_names[] = {"stays", "moves", "appears", "disappears"};

/* "Inbox", "Inbox row 2": what the item is, for the printout. */
static void label(const fold_table *table, const fold_transition_item *item, char *out, size_t size)
{
    char key[32] = "?";
    fold_table_section_text(table, item->section, FOLD_TEXT_KEY, key, sizeof key, NULL);
    if (item->kind == FOLD_ITEM_HEADER)
        snprintf(out, size, "%s", key);
    else
        snprintf(out, size, "%s row %lld", key, (long long)item->row);
}

static void print_frame(fold_table *table, const struct animation *a, double t)
{
    fold_frame_item frame[MAX_ITEMS];
    int64_t written = 0, i;
    check(fold_table_transition_frame(table, t, frame, MAX_ITEMS, &written, NULL), "transition_frame");
    /* A real view draws here, then reports its progress. */
    check(fold_table_set_transition_progress(table, t), "set_transition_progress");
    printf("\nt = %.2f\n", t);
    for (i = 0; i < written; i++) {
        const fold_transition_item *item = &a->items[frame[i].index];
        char name[48];
        double top = frame[i].top, bottom = top + frame[i].height;
        label(table, item, name, sizeof name);
        /* Items wholly outside the viewport, or hidden under their header,
         * are not drawn. */
        if (bottom <= 0 || top >= VIEWPORT_HEIGHT || bottom <= frame[i].clip_top) {
            printf("  %6.1f %5.1f  %-14s (not drawn)\n", top, frame[i].height, name);
            continue;
        }
        printf("  %6.1f %5.1f  %-14s", top, frame[i].height, name);
        if (item->flags & (FOLD_TRANSITION_STUCK_BEFORE | FOLD_TRANSITION_STUCK_AFTER))
            printf(" stuck at the top");
        if (!isinf(frame[i].clip_top) && frame[i].clip_top > top)
            printf(" drawn below %.1f", frame[i].clip_top);
        printf("\n");
    }
}

int main(void)
{
    fold_table *table = NULL;
    static struct animation animation; /* zeroed: no transition seen yet */
    int32_t action = 0;
    int64_t i;
    double t;

    check(fold_table_new(NULL, &table), "table_new"); /* rows 44, headers 28 */
    check(fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "Inbox", "Inbox", 3, 0, NULL),
          "insert_section");
    check(fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "Drafts", "Drafts", 3, 0, NULL),
          "insert_section");
    check(fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "Sent", "Sent", 5, 0, NULL),
          "insert_section");
    check(fold_table_set_viewport(table, 0, VIEWPORT_HEIGHT), "set_viewport");
    check(fold_table_set_transitions(table, 1), "set_transitions");
    check(fold_table_add_change_listener(table, on_change, &animation, NULL), "add_change_listener");

    /* A click on Inbox's header collapses it. */
    check(fold_table_activate(table, 0, &action), "activate");
    if (action != FOLD_ACTIVATED_SECTION_COLLAPSED || animation.count == 0) {
        fprintf(stderr, "transition: the click did not start a transition\n");
        return 1;
    }
    printf("Inbox collapsed: transition %llu, %lld items, offset %g -> %g, content %g -> %g\n",
           (unsigned long long)animation.info.serial, (long long)animation.count,
           animation.info.offset_before, animation.info.offset_after,
           animation.info.content_height_before, animation.info.content_height_after);
    for (i = 0; i < animation.count; i++) {
        const fold_transition_item *item = &animation.items[i];
        char name[48];
        label(table, item, name, sizeof name);
        printf("  %-14s %-10s %6.1f+%-5.1f -> %6.1f+%-5.1f%s\n", name, change_names[item->change & 3],
               item->top_before, item->height_before, item->top_after, item->height_after,
               (item->flags & FOLD_TRANSITION_FOLDS) ? "  folds under its header" : "");
    }
    for (t = 0; t <= 1.0; t += 0.25) print_frame(table, &animation, t);
    fold_table_free(table);
    return 0;
}
