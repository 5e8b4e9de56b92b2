/* The log demo's animated changes, looked at mid-way (self-test steps 12
 * to 14): see demo-log.h. */
#include "demo-log.h"

#include <math.h>
#include <stdio.h>

/* The transition's item at `position` after the change (not a stuck
 * copy), or NULL. */
static const fold_transition_item *
transition_item(LogApp *app, int64_t position)
{
    gsize n = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(app->view.clock, &n);
    for (gsize i = 0; items && i < n; i++)
        if (items[i].position_after == position &&
            !(items[i].flags & (FOLD_TRANSITION_STUCK_BEFORE | FOLD_TRANSITION_STUCK_AFTER)))
            return &items[i];
    return NULL;
}

/* Mid-way through an appended line: it has grown part of its height right
 * below the line before it (no gap, no overlap), its bottom within the
 * view; every line above that slides is drawn between its tops before and
 * after (at the new end: the frame's coordinates, no shift). */
static void
check_append_mid(gpointer data)
{
    LogApp *app = data;
    LogView *v = &app->view;
    const LogDrawn *line = log_view_drawn_at(v, app->watched);
    const LogDrawn *above = log_view_drawn_at(v, app->watched - 1);
    const fold_transition_item *it = transition_item(app, app->watched);
    EXPECT(line && above && it && it->change == FOLD_TRANSITION_APPEARS);
    if (!line || !above || !it)
        return;
    double page = gtk_adjustment_get_page_size(v->vadj);
    EXPECT(v->drawn_transition && v->drawn_progress == app->mid.progress);
    EXPECT(line->height > 0 && line->height < it->height_after);
    EXPECT(fabs(line->y - (above->y + above->height)) < 1e-9);
    EXPECT(line->y + line->height <= page + 1e-9);
    int slid = 0, between_tops = 0;
    for (guint i = 0; i < v->drawn->len; i++) {
        const LogDrawn *d = &g_array_index(v->drawn, LogDrawn, i);
        const fold_transition_item *m = transition_item(app, d->position);
        if (!m || m->change != FOLD_TRANSITION_MOVES || m->top_before == m->top_after)
            continue;
        slid++;
        between_tops += demo_between(d->y, m->top_before, m->top_after);
    }
    EXPECT(slid >= 5 && between_tops == slid);
    printf("step %d: mid-way (progress %.2f): the new line %.1f of %.0f pt tall at %.1f, right "
           "below the line above; %d lines above drawn between their tops before and after\n",
           app->demo.step, v->drawn_progress, line->height, it->height_after, line->y, slid);
}

/* Mid-way through run 2 folding: its lines are drawn only below its
 * header's bottom, one of them cut there; run 3's header slides up,
 * drawn between its tops before and after. */
static void
check_fold_mid(gpointer data)
{
    LogApp *app = data;
    LogView *v = &app->view;
    const LogDrawn *header = log_view_drawn_at(v, app->watched);
    int64_t next = demo_header_pos(app->demo.table, "run3");
    const LogDrawn *below = log_view_drawn_at(v, next);
    const fold_transition_item *moved = transition_item(app, next);
    EXPECT(header && below && moved && moved->change == FOLD_TRANSITION_MOVES);
    if (!header || !below || !moved)
        return;
    EXPECT(v->drawn_transition && v->drawn_progress == app->mid.progress);
    EXPECT(demo_between(below->y, moved->top_before, moved->top_after));
    double bottom = header->y + header->height;
    int folding = 0, cut = 0;
    for (guint i = 0; i < v->drawn->len; i++) {
        const LogDrawn *d = &g_array_index(v->drawn, LogDrawn, i);
        if (d->position != -1)
            continue;
        folding++;
        EXPECT(fabs(d->clip - bottom) < 1e-9);
        cut += d->y < bottom && d->y + d->height > bottom;
    }
    EXPECT(folding >= 1 && cut == 1);
    printf("step %d: mid-way (progress %.2f): %d lines of run 2 drawn folding under its "
           "header (bottom %.0f, one cut there); run 3's header at %.1f, between %.0f and "
           "%.0f\n",
           app->demo.step, v->drawn_progress, folding, bottom, below->y, moved->top_before,
           moved->top_after);
}

void
log_step_12(gpointer data)
{
    LogApp *app = data;
    /* Following the end, a line arrives: animated. */
    EXPECT(log_view_at_end(&app->view) && !app->view.drawn_transition);
    demo_mid_frame_catch(&app->mid, &app->demo, app->view.clock, check_append_mid, app,
                         "-transition-mid.png");
    log_append(app);
    app->watched = demo_item_count(app->demo.table) - 1;
    fold_transition_info info;
    EXPECT(fold_transition_clock_is_running(app->view.clock));
    EXPECT(fold_transition_clock_get_info(app->view.clock, &info) &&
           info.offset_after == gtk_adjustment_get_value(app->view.vadj) &&
           info.offset_after > info.offset_before);
    log_step_done(app);
}

void
log_step_13(gpointer data)
{
    LogApp *app = data;
    LogView *v = &app->view;
    /* Done: drawn at rest again, the new line at the end. */
    EXPECT(demo_mid_frame_done(&app->mid) && !v->drawn_transition);
    log_expect_drawn(app, gtk_adjustment_get_value(v->vadj), "Following");
    EXPECT(v->drawn_last == app->watched);
    /* Run 2's header 100 pt below the view's top; folding it animates
     * (run 3's 25 lines below keep the view from the content's end). */
    app->watched = demo_header_pos(app->demo.table, "run2");
    gtk_adjustment_set_value(v->vadj, demo_item_top(app->demo.table, app->watched) - 100);
    demo_mid_frame_catch(&app->mid, &app->demo, v->clock, check_fold_mid, app,
                         "-transition-fold.png");
    int32_t action = -1;
    fold_table_activate(app->demo.table, app->watched, &action);
    EXPECT(action == FOLD_ACTIVATED_SECTION_COLLAPSED);
    EXPECT(fold_transition_clock_is_running(v->clock));
    log_step_done(app);
}

void
log_step_14(gpointer data)
{
    LogApp *app = data;
    LogView *v = &app->view;
    EXPECT(demo_mid_frame_done(&app->mid) && !v->drawn_transition);
    const LogDrawn *header = log_view_drawn_at(v, app->watched);
    EXPECT(header && header->y == 100); /* anchored: the header did not move */
    printf("step 14: run 2 folded; its header stayed at %.0f pt; drawn at rest again\n",
           header ? header->y : -1);
    log_step_done(app);
}

