/*
 * Moves and batches (foldtable.h: "Moves", "Batches"): the moves a change
 * set lists for fold_table_move_section, fold_table_move_row and
 * fold_table_apply_snapshot, replayed on a shadow list of item names as
 * the header says a view does; batches that report one change set with
 * the fewest steps, nest, survive failed calls, refuse callbacks
 * (FOLD_E_BUSY) and an end without a begin (FOLD_E_INVALID), and hold the
 * loader's calls until they end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

/* A shadow list of item names, kept by replaying every change set. */
#define MAX_SHADOW 64
typedef struct shadow {
    char names[MAX_SHADOW][16];
    int64_t count;
    int sets;
    fold_change changes[8];
    int64_t change_count;
    fold_move moves[8];
    int64_t move_count;
    fold_range redraw[8];
    int64_t redraw_count;
    int busy_begin, busy_end; /* what begin/end returned inside the listener */
} shadow;

/* The table's items as names: "H:key", "R:key.row", "P:key". */
static void names_of(const fold_table *t, char out[][16], int64_t *count)
{
    int64_t n = item_count(t);
    *count = n;
    for (int64_t p = 0; p < n && p < MAX_SHADOW; p++) {
        fold_item it;
        char key[16] = "?";
        CHECK_STATUS(fold_table_item_at(t, p, &it), FOLD_OK);
        fold_table_section_text(t, it.section, FOLD_TEXT_KEY, key, sizeof key, NULL);
        if (it.kind == FOLD_ITEM_ROW) { /* rows by their height: watched() gives each its own */
            double h = 0;
            CHECK_STATUS(fold_table_item_height(t, p, &h), FOLD_OK);
            snprintf(out[p], 16, "R:%g", h);
        }
        else
            snprintf(out[p], 16, "%c:%s", it.kind == FOLD_ITEM_HEADER ? 'H' : it.kind == FOLD_ITEM_FOOTER ? 'F' : 'P', key);
    }
}

/* Replays a change set as the header says: moved items aside, steps, moved
 * items back at their new places; new slots are named "new". */
static void replay(fold_table *t, const fold_change_set *set, void *user_data)
{
    shadow *s = user_data;
    char aside[MAX_SHADOW][16];
    int64_t k = 0;
    s->sets++;
    s->busy_begin = fold_table_begin_batch(t);
    s->busy_end = fold_table_end_batch(t);
    s->change_count = set->change_count;
    s->move_count = set->move_count;
    s->redraw_count = set->redraw_count;
    for (int64_t i = 0; i < set->change_count && i < 8; i++) s->changes[i] = set->changes[i];
    for (int64_t i = 0; i < set->move_count && i < 8; i++) s->moves[i] = set->moves[i];
    for (int64_t i = 0; i < set->redraw_count && i < 8; i++) s->redraw[i] = set->redraw[i];
    CHECK(set->move_count == 0 || set->moves != NULL);
    for (int64_t m = 0; m < set->move_count; m++)
        for (int64_t i = 0; i < set->moves[m].count; i++)
            memcpy(aside[k++], s->names[set->moves[m].from + i], 16);
    for (int64_t c = 0; c < set->change_count; c++) {
        const fold_change *ch = &set->changes[c];
        int64_t tail = s->count - ch->position - ch->removed;
        memmove(s->names[ch->position + ch->added], s->names[ch->position + ch->removed], (size_t)tail * 16);
        for (int64_t i = 0; i < ch->added; i++) strcpy(s->names[ch->position + i], "new");
        s->count += ch->added - ch->removed;
    }
    k = 0;
    for (int64_t m = 0; m < set->move_count; m++)
        for (int64_t i = 0; i < set->moves[m].count; i++) {
            CHECK_STR(s->names[set->moves[m].to + i], "new"); /* moves land on new slots */
            memcpy(s->names[set->moves[m].to + i], aside[k++], 16);
        }
}

/* The shadow's names equal the table's, except slots named "new", which
 * must be items the change set brought (not moved or kept). */
static void check_shadow(const fold_table *t, const shadow *s, int expect_new)
{
    char now[MAX_SHADOW][16];
    int64_t n = 0;
    int fresh = 0;
    names_of(t, now, &n);
    CHECK_EQ_I64(s->count, n);
    for (int64_t p = 0; p < n && p < s->count; p++) {
        if (strcmp(s->names[p], "new") == 0) {
            fresh++;
            continue;
        }
        if (!CHECK_STR(s->names[p], now[p])) fprintf(stderr, "  at position %lld\n", (long long)p);
    }
    CHECK_EQ_I64(fresh, expect_new);
}

static fold_table *watched(shadow *s)
{
    fold_table *t = sample_table(NULL);
    const char *keys[] = {"Mac", "iPad", "iPhone"};
    double h = 40;
    for (int k = 0; k < 3; k++)
        for (int64_t r = 0; r < row_count(t, sec(t, keys[k])); r++)
            CHECK_STATUS(fold_table_set_row_height(t, sec(t, keys[k]), r, h++), FOLD_OK);
    memset(s, 0, sizeof *s);
    names_of(t, s->names, &s->count);
    CHECK_STATUS(fold_table_add_change_listener(t, replay, s, NULL), FOLD_OK);
    return t;
}

#define CHECK_STEP(c, p, r, a)                                                                   \
    do {                                                                                         \
        CHECK_EQ_I64((c).position, p);                                                           \
        CHECK_EQ_I64((c).removed, r);                                                            \
        CHECK_EQ_I64((c).added, a);                                                              \
    } while (0)
#define CHECK_MOVE(m, f, t_, n)                                                                  \
    do {                                                                                         \
        CHECK_EQ_I64((m).from, f);                                                               \
        CHECK_EQ_I64((m).to, t_);                                                                \
        CHECK_EQ_I64((m).count, n);                                                              \
    } while (0)

/* The header's worked example: Mac to index 2. */
static void test_move_section(void)
{
    shadow s;
    fold_table *t = watched(&s);
    CHECK_STATUS(fold_table_move_section(t, sec(t, "Mac"), FOLD_ROOT, 2), FOLD_OK);
    CHECK_EQ_I64(s.sets, 1);
    CHECK_EQ_I64(s.change_count, 2);
    CHECK_STEP(s.changes[0], 0, 4, 0);
    CHECK_STEP(s.changes[1], 8, 0, 4);
    CHECK_EQ_I64(s.move_count, 1);
    CHECK_MOVE(s.moves[0], 0, 8, 4);
    check_shadow(t, &s, 0);
    CHECK_STR(s.names[8], "H:Mac");
    /* A subsection into another section, then back to the top. */
    fold_section_id sub = add(t, sec(t, "iPad"), "Pro", "Pro", 2);
    names_of(t, s.names, &s.count);
    CHECK_STATUS(fold_table_move_section(t, sub, sec(t, "Mac"), 0), FOLD_OK);
    CHECK_EQ_I64(s.move_count, 1);
    CHECK_MOVE(s.moves[0], 3, 9, 3);
    check_shadow(t, &s, 0);
    fold_table_free(t);
}

static void test_move_row(void)
{
    shadow s;
    fold_table *t = watched(&s);
    CHECK_STATUS(fold_table_move_row(t, sec(t, "iPhone"), 3, sec(t, "Mac"), 0), FOLD_OK);
    CHECK_EQ_I64(s.change_count, 2);
    CHECK_STEP(s.changes[0], 11, 1, 0);
    CHECK_STEP(s.changes[1], 1, 0, 1);
    CHECK_EQ_I64(s.move_count, 1);
    CHECK_MOVE(s.moves[0], 11, 1, 1);
    CHECK_STR(s.names[1], "R:48"); /* iPhone's last row */
    check_shadow(t, &s, 0);
    /* Out of a collapsed section: it was not in the list, nothing moved. */
    check_changed(t, fold_table_collapse, sec(t, "iPad"), 1);
    names_of(t, s.names, &s.count);
    CHECK_STATUS(fold_table_move_row(t, sec(t, "iPad"), 0, sec(t, "iPhone"), 0), FOLD_OK);
    CHECK_EQ_I64(s.move_count, 0);
    check_shadow(t, &s, 1);
    fold_table_free(t);
}

static void test_snapshot_moves(void)
{
    shadow s;
    fold_table *t = watched(&s);
    fold_snapshot_entry e[] = {snap_section(0, "iPhone", "iPhone|Phones"), snap_rows(1, 4),
                               snap_section(0, "Mac", "Mac|Laptops and desktops"), snap_rows(1, 3),
                               snap_section(0, "iPad", "iPad|Tablets"), snap_rows(1, 2)};
    CHECK_STATUS(fold_table_apply_snapshot(t, e, COUNT(e), NULL), FOLD_OK);
    CHECK_EQ_I64(s.change_count, 2);
    CHECK_STEP(s.changes[0], 7, 5, 0);
    CHECK_STEP(s.changes[1], 0, 0, 5);
    CHECK_EQ_I64(s.move_count, 1);
    CHECK_MOVE(s.moves[0], 7, 0, 5);
    CHECK_EQ_I64(s.redraw_count, 1); /* moved items are redrawn where they land */
    CHECK_EQ_I64(s.redraw[0].position, 0);
    CHECK_EQ_I64(s.redraw[0].count, 5);
    check_shadow(t, &s, 0);
    /* Back, with a new header text for iPhone: still all moved, and redrawn. */
    e[0] = snap_section(0, "iPhone", "iPhone|Smartphones");
    fold_snapshot_entry back[] = {e[2], e[3], e[4], e[5], e[0], e[1]};
    CHECK_STATUS(fold_table_apply_snapshot(t, back, COUNT(back), NULL), FOLD_OK);
    CHECK_EQ_I64(s.move_count, 1);
    CHECK_MOVE(s.moves[0], 0, 7, 5);
    CHECK_EQ_I64(s.redraw_count, 1);
    CHECK_EQ_I64(s.redraw[0].position, 7);
    CHECK_EQ_I64(s.redraw[0].count, 5);
    check_shadow(t, &s, 0);
    /* Moved with a row more: its header moves, its rows are new. */
    fold_snapshot_entry grown[] = {back[4], snap_rows(1, 5), back[0], back[1], back[2], back[3]};
    CHECK_STATUS(fold_table_apply_snapshot(t, grown, COUNT(grown), NULL), FOLD_OK);
    CHECK_EQ_I64(s.move_count, 1);
    CHECK_MOVE(s.moves[0], 7, 0, 1);
    check_shadow(t, &s, 5);
    fold_table_free(t);
}

/* Three edits, one change set: iPad grows by two rows, Mac collapses,
 * iPhone moves to the top. */
static void test_batch(void)
{
    shadow s;
    int64_t depth = -1;
    fold_table *t = watched(&s);
    CHECK_STATUS(fold_table_begin_batch(t), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "iPad"), 2, 2, NULL), FOLD_OK);
    check_changed(t, fold_table_collapse, sec(t, "Mac"), 1);
    CHECK_STATUS(fold_table_move_section(t, sec(t, "iPhone"), FOLD_ROOT, 0), FOLD_OK);
    /* A failed call changes nothing and leaves the batch open. */
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "iPad"), 99, 1, NULL), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_batch_depth(t, &depth), FOLD_OK);
    CHECK_EQ_I64(depth, 1);
    CHECK_EQ_I64(s.sets, 0);
    CHECK_EQ_I64(item_count(t), 11); /* queries see the new state */
    CHECK_STATUS(fold_table_end_batch(t), FOLD_OK);
    CHECK_EQ_I64(s.sets, 1);
    /* The most items stay in place (iPhone's five); Mac's header and iPad's
     * three items are the moves. */
    CHECK_EQ_I64(s.change_count, 2);
    CHECK_STEP(s.changes[0], 0, 7, 0);
    CHECK_STEP(s.changes[1], 5, 0, 6);
    CHECK_EQ_I64(s.move_count, 2);
    CHECK_MOVE(s.moves[0], 0, 5, 1);
    CHECK_MOVE(s.moves[1], 4, 6, 3);
    /* Redrawn: what the batch moved (iPhone, Mac, iPad), Mac's indicator and iPad's count among them. */
    CHECK_EQ_I64(s.redraw_count, 1);
    CHECK_EQ_I64(s.redraw[0].position, 0);
    CHECK_EQ_I64(s.redraw[0].count, 9);
    check_shadow(t, &s, 2);
    /* Inside the listener both are refused. */
    CHECK_STATUS(s.busy_begin, FOLD_E_BUSY);
    CHECK_STATUS(s.busy_end, FOLD_E_BUSY);
    CHECK_STATUS(fold_table_end_batch(t), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "no batch is open (end_batch without begin_batch)");
    /* Nested: only the outermost end reports; edits that undo each other report no step. */
    CHECK_STATUS(fold_table_begin_batch(t), FOLD_OK);
    CHECK_STATUS(fold_table_begin_batch(t), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "iPhone"), 0, 3, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_end_batch(t), FOLD_OK);
    CHECK_EQ_I64(s.sets, 1);
    CHECK_STATUS(fold_table_remove_rows(t, sec(t, "iPhone"), 0, 3), FOLD_OK);
    CHECK_STATUS(fold_table_end_batch(t), FOLD_OK);
    CHECK(s.sets == 1 || (s.sets == 2 && s.change_count == 0 && s.move_count == 0));
    CHECK_STATUS(fold_table_batch_depth(t, NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_begin_batch(NULL), FOLD_E_INVALID);
    fold_table_free(t);
}

/* The loader hears of loads a batch started when it ends, after the listeners. */
typedef struct order {
    char log[64];
} order;

static void order_change(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t, (void)set;
    strcat(((order *)user_data)->log, "C");
}

static void order_loader(fold_table *t, fold_section_id section, const char *key, uint64_t ticket, int32_t call,
                         void *user_data)
{
    (void)t, (void)section, (void)key, (void)ticket;
    strcat(((order *)user_data)->log, call == FOLD_LOAD_START ? "S" : "X");
}

static void test_batch_loads(void)
{
    order o = {""};
    fold_table *t = must_table(NULL);
    add_flagged(t, FOLD_ROOT, "a", "a", 0, FOLD_SECTION_UNLOADED | FOLD_SECTION_COLLAPSED);
    add_flagged(t, FOLD_ROOT, "b", "b", 0, FOLD_SECTION_UNLOADED | FOLD_SECTION_COLLAPSED);
    CHECK_STATUS(fold_table_set_loader(t, order_loader, &o), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, order_change, &o, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_begin_batch(t), FOLD_OK);
    check_changed(t, fold_table_expand, sec(t, "a"), 1);
    check_changed(t, fold_table_expand, sec(t, "b"), 1);
    CHECK_STR(o.log, "");
    CHECK_STATUS(fold_table_end_batch(t), FOLD_OK);
    CHECK_STR(o.log, "CSS");
    fold_table_free(t);
}

int main(void)
{
    test_move_section();
    test_move_row();
    test_snapshot_moves();
    test_batch();
    test_batch_loads();
    return check_done();
}
