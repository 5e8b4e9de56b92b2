/*
 * changes.c — differential test (test_differential.c): the change set of each operation compared with the model before and after
 * (take_before, check_changes).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"

/* ---- change sets ---------------------------------------------------------- */


/* The identity of a list item of the model (see ident). */
static ident ident_of(const mitem *x)
{
    ident id;
    id.kind = x->kind;
    id.section = x->section;
    id.uid = x->kind == FOLD_ITEM_ROW ? x->sec->c[x->child].uid : 0;
    return id;
}

static int same_ident(const ident *a, const ident *b)
{
    return a->kind == b->kind &&
           (a->kind == FOLD_ITEM_ROW ? a->uid == b->uid : a->section == b->section);
}

/* "row #17", "header of section 5" (ids, not keys: the key may be gone). */
static const char *ident_text(const ident *a)
{
    static char buf[2][64];
    static int which = 0;
    char *t = buf[which++ & 1];
    static const char *const kinds[] = {"header", "row", "footer", "placeholder"};
    if (a->kind == FOLD_ITEM_ROW) {
        snprintf(t, 64, "row #%llu", (unsigned long long)a->uid);
    } else {
        snprintf(t, 64, "%s of section id %llu",
                 a->kind >= 0 && a->kind < 4 ? kinds[a->kind] : "item?",
                 (unsigned long long)a->section);
    }
    return t;
}

const before *op_before; /* the last before taken (batch.c keeps a batch's) */

void take_before(model *m, before *b)
{
    msec *all[MAX_SECT];
    int64_t k;
    int i;
    b->n = all_sections(m, all);
    for (i = 0; i < b->n; i++) {
        b->fid[i] = all[i]->fid;
        b->rows[i] = nrows_of(all[i]);
        b->collapsible[i] = collapsible_now(all[i]);
        b->collapsed[i] = all[i]->collapsed;
    }
    b->count = nitems; /* the list verify() built */
    for (k = 0; k < nitems; k++) {
        b->ids[k] = ident_of(&items[k]);
        b->flags[k] = items[k].flags;
        b->heights[k] = items[k].h;
    }
    b->nmust = 0;
    b->moved_inside = 0;
    b->content = content;
    b->sets = change_sets_seen;
    b->at_end = m->follow && m->vp_set &&
                (m->vp_off + m->vp_h >= content || content <= m->vp_h);
    op_before = b;
}

int in_redraw(int64_t pos)
{
    int64_t i;
    for (i = 0; i < last_set.nrd; i++) {
        if (pos >= last_set.rd[i].position && pos < last_set.rd[i].position + last_set.rd[i].count) {
            return 1;
        }
    }
    return 0;
}

#define SHADOW (MAX_ITEMS * 4 + 8)

/* Positions of the new list that a move filled (replay_set). */
static char moved_at[SHADOW];

/* Engine bugs 2 and 3 (issue 35, fixed: moved items are now always
 * redrawn where they land): a moved item that also changed was not redrawn
 * (2: a row moved into a section of another default height), and a batch
 * dropped the redraws of items a later call in it moved, also when they
 * ended up in place (3: a header collapsed, given a new text or a child, a
 * row selected, then its section moved). With FOLDTABLE_KNOWN_BUGS=0 moved
 * items, and every item of a batch that moved something, are left out of
 * the redraw rules, as they were while the bugs were open. */
static int redraw_rules_skip(const before *b, int64_t pos)
{
    return !known_bugs && (moved_at[pos] || b->moved_inside);
}

/* Replays the last change set on a shadow of the old list as foldtable.h
 * ("Moves") says a view does: each shadow slot holds the old position of
 * its item, or -1 for a new slot. The items of each move's `from` range
 * are taken aside, the steps applied in order (added slots are new), and
 * the moved items put at `to`. Checks that the steps fit and give the new
 * count, that moves do not overlap, that `from` lies in what the steps
 * removed and `to` in slots they added, and that every kept or moved item
 * is the model's item at its new position (identity: see ident). Fills
 * origin[p] for the new list (-1: new). */
static int replay_set(const before *b, int *origin)
{
    static int org[SHADOW];
    static char removed[SHADOW];
    int64_t len = b->count, i, k, p;
    for (i = 0; i < len; i++) {
        org[i] = (int)i;
        removed[i] = 0;
    }
    for (k = 0; k < last_set.nch; k++) {
        const fold_change *c = &last_set.ch[k];
        if (c->position < 0 || c->removed < 0 || c->added < 0 ||
            c->position + c->removed > len || len - c->removed + c->added > SHADOW) {
            return failf("change step %lld (%lld, -%lld, +%lld) does not fit a list of %lld "
                         "items",
                         (long long)k, (long long)c->position, (long long)c->removed,
                         (long long)c->added, (long long)len);
        }
        for (i = c->position; i < c->position + c->removed; i++) {
            if (org[i] >= 0) {
                removed[org[i]] = 1;
            }
        }
        memmove(org + c->position + c->added, org + c->position + c->removed,
                sizeof(int) * (size_t)(len - c->position - c->removed));
        for (i = 0; i < c->added; i++) {
            org[c->position + i] = -1;
        }
        len += c->added - c->removed;
    }
    if (len != nitems) {
        return failf("the change steps give %lld items, the list has %lld", (long long)len,
                     (long long)nitems);
    }
    if (last_set.moves_null) {
        return failf("change set: moves is %s with move_count %lld",
                     last_set.nmv > 0 ? "NULL" : "not NULL", (long long)last_set.nmv);
    }
    for (k = 0; k < last_set.nmv; k++) {
        const fold_move *mv = &last_set.mv[k];
        if (mv->count <= 0 || mv->from < 0 || mv->from + mv->count > b->count || mv->to < 0 ||
            mv->to + mv->count > nitems) {
            return failf("move %lld {from %lld, to %lld, count %lld} is empty or outside the lists "
                         "(%lld items before, %lld after)",
                         (long long)k, (long long)mv->from, (long long)mv->to,
                         (long long)mv->count, (long long)b->count, (long long)nitems);
        }
        /* "in new-list order, not overlapping" */
        if (k > 0 && mv->to < last_set.mv[k - 1].to + last_set.mv[k - 1].count) {
            return failf("move %lld (to %lld) overlaps or comes before move %lld (to %lld, count "
                         "%lld)",
                         (long long)k, (long long)mv->to, (long long)k - 1,
                         (long long)last_set.mv[k - 1].to, (long long)last_set.mv[k - 1].count);
        }
        for (i = 0; i < k; i++) {
            const fold_move *o = &last_set.mv[i];
            if (mv->from < o->from + o->count && o->from < mv->from + mv->count) {
                return failf("moves %lld and %lld take overlapping items (from %lld and %lld)",
                             (long long)i, (long long)k, (long long)o->from,
                             (long long)mv->from);
            }
        }
        for (i = 0; i < mv->count; i++) {
            if (!removed[mv->from + i]) {
                return failf("move %lld {from %lld, to %lld, count %lld}: old item %lld (%s) is "
                             "not one the steps remove",
                             (long long)k, (long long)mv->from, (long long)mv->to,
                             (long long)mv->count, (long long)(mv->from + i),
                             ident_text(&b->ids[mv->from + i]));
            }
            if (org[mv->to + i] >= 0) {
                return failf("move %lld {from %lld, to %lld, count %lld}: position %lld is not a "
                             "slot the steps add",
                             (long long)k, (long long)mv->from, (long long)mv->to,
                             (long long)mv->count, (long long)(mv->to + i));
            }
            org[mv->to + i] = (int)(mv->from + i);
        }
    }
    for (p = 0; p < nitems; p++) {
        moved_at[p] = 0;
    }
    for (k = 0; k < last_set.nmv; k++) {
        for (i = 0; i < last_set.mv[k].count; i++) {
            moved_at[last_set.mv[k].to + i] = 1;
        }
    }
    for (p = 0; p < nitems; p++) {
        origin[p] = org[p];
        if (org[p] >= 0) {
            ident now = ident_of(&items[p]);
            if (!same_ident(&b->ids[org[p]], &now)) {
                return failf("replaying the change set: position %lld holds old item %lld (%s, %s), "
                             "the list has %s there",
                             (long long)p, (long long)org[p], ident_text(&b->ids[org[p]]),
                             moved_at[p] ? "moved" : "kept", ident_text(&now));
            }
        }
    }
    return 0;
}

/* After an operation and verify(): the change set it delivered (if any)
 * describes what the model did. b is the model before the operation, or
 * before the batch the operation ended (batch_reference). */
int check_changes(model *m, const before *b)
{
    static int origin[SHADOW];
    msec *all[MAX_SECT];
    long n = change_sets_seen - b->sets;
    int64_t i, k;
    int ns = all_sections(m, all), j;
    if (veto.wrong_id) {
        j = veto.wrong_id;
        veto.wrong_id = 0;
        return failf("%d listener event(s) carried an id that is not their key's section's", j);
    }
    if (n > 1) {
        return failf("one call delivered %ld change sets", n);
    }
    if (batch_open()) {
        /* Inside a batch listeners are told nothing; the end checks it all. */
        if (n != 0) {
            return failf("a change set was delivered inside a batch");
        }
        return 0;
    }
    for (i = 0; i < nitems; i++) {
        origin[i] = (int)i; /* no change set: every item kept */
        moved_at[i] = 0;
    }
    if (n == 0) {
        if (nitems != b->count || content != b->content) {
            return failf("the list changed (%lld -> %lld items, content %.17g -> %.17g) but no "
                         "change set was delivered",
                         (long long)b->count, (long long)nitems, b->content, content);
        }
        for (i = 0; i < nitems; i++) {
            ident now = ident_of(&items[i]);
            if (!same_ident(&b->ids[i], &now)) {
                return failf("no change set, but position %lld held %s and holds %s",
                             (long long)i, ident_text(&b->ids[i]), ident_text(&now));
            }
        }
    } else if (expect_no_set) {
        return failf("the call changed nothing but delivered a change set");
    } else if (!last_set.overflow) {
        if (replay_set(b, origin)) {
            return 1;
        }
        /* A batch's set has the fewest steps: one per stretch between
         * items kept in place, so each step changes something and at least
         * one kept item separates it from the one before. */
        for (k = 0; b != op_before && k < last_set.nch; k++) {
            const fold_change *c = &last_set.ch[k], *o = &last_set.ch[k - (k > 0)];
            if ((c->removed == 0 && c->added == 0) ||
                (k > 0 && c->position <= o->position + o->added)) {
                return failf("batch change step %lld (%lld, -%lld, +%lld) is empty or not "
                             "separated from the one before (%lld, -%lld, +%lld) by a kept item",
                             (long long)k, (long long)c->position, (long long)c->removed,
                             (long long)c->added, (long long)o->position, (long long)o->removed,
                             (long long)o->added);
            }
        }
        if (b == op_before) { /* one call's (a batch's are counted in batch.c) */
            bstats.sets += last_set.nmv > 0;
            bstats.moves += last_set.nmv;
            for (k = 0; k < last_set.nmv; k++) {
                bstats.moved_items += last_set.mv[k].count;
            }
        }
        for (k = 0; k < last_set.nrd; k++) {
            const fold_range *r = &last_set.rd[k];
            if (r->count <= 0 || r->position < 0 || r->position + r->count > nitems ||
                (k > 0 && r->position < last_set.rd[k - 1].position + last_set.rd[k - 1].count)) {
                return failf("redraw range %lld (%lld, %lld) is empty, outside the list of %lld "
                             "items, or not sorted and disjoint",
                             (long long)k, (long long)r->position, (long long)r->count,
                             (long long)nitems);
            }
        }
        if (!(last_set.delta == content - b->content)) {
            return failf("content_height_delta %.17g, expected %.17g", last_set.delta,
                         content - b->content);
        }
        /* A kept or moved item whose height or flags changed is redrawn
         * ("Change events": height, text or state; "Moves": a moved item
         * that also changed). */
        for (i = 0; i < nitems; i++) {
            if (origin[i] >= 0 && !redraw_rules_skip(b, i) &&
                (b->heights[origin[i]] != items[i].h || b->flags[origin[i]] != items[i].flags) &&
                !in_redraw(i)) {
                return failf("position %lld (%s, old position %lld) changed (height %.17g -> "
                             "%.17g, flags 0x%x -> 0x%x) but is not redrawn",
                             (long long)i, ident_text(&b->ids[origin[i]]), (long long)origin[i],
                             b->heights[origin[i]], items[i].h, (unsigned)b->flags[origin[i]],
                             (unsigned)items[i].flags);
            }
        }
    }
    /* Headers that stayed (kept or moved) and must be redrawn: their
     * section's row count, indicator or collapsed state changed (also
     * while collapsed), or the operation says so (header text). */
    for (j = 0; j < ns; j++) {
        msec *s = all[j];
        int must = 0, why = 0;
        if (!s->visible || s->hpos < 0 || origin[s->hpos] < 0 || redraw_rules_skip(b, s->hpos)) {
            continue;
        }
        for (i = 0; i < b->n; i++) {
            if (b->fid[i] == s->fid) {
                if (b->rows[i] != nrows_of(s)) {
                    must = 1, why = 0;
                } else if (b->collapsed[i] != s->collapsed) {
                    must = 1, why = 1;
                } else if (b->collapsible[i] != collapsible_now(s)) {
                    must = 1, why = 2;
                }
            }
        }
        for (i = 0; i < nmust; i++) {
            if (must_redraw[i] == s) {
                must = 1, why = 3;
            }
        }
        for (i = 0; i < b->nmust; i++) {
            if (b->must[i] == s->fid) {
                must = 1, why = 3;
            }
        }
        if (must && (n == 0 || (!last_set.overflow && !in_redraw(s->hpos)))) {
            static const char *const whys[] = {"its row count changed", "its state changed",
                                               "its indicator changed", "its text changed"};
            return failf("the header of \"%s\" (position %lld) is not redrawn%s, but %s", s->key,
                         (long long)s->hpos, n == 0 ? " (no change set)" : "", whys[why]);
        }
    }
    return 0;
}
