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


void take_before(model *m, before *b)
{
    msec *all[MAX_SECT];
    int i;
    b->n = all_sections(m, all);
    for (i = 0; i < b->n; i++) {
        b->fid[i] = all[i]->fid;
        b->rows[i] = nrows_of(all[i]);
        b->collapsible[i] = collapsible_now(all[i]);
        b->collapsed[i] = all[i]->collapsed;
    }
    b->count = nitems; /* the list verify() built */
    b->content = content;
    b->sets = change_sets_seen;
    b->at_end = m->follow && m->vp_set &&
                (m->vp_off + m->vp_h >= content || content <= m->vp_h);
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

/* After an operation and verify(): the change set it delivered (if any)
 * describes what the model did. */
int check_changes(model *m, const before *b)
{
    static signed char fresh[MAX_ITEMS * 4 + 8];
    msec *all[MAX_SECT];
    long n = change_sets_seen - b->sets;
    int64_t len = b->count, i, k;
    int ns = all_sections(m, all), j;
    if (veto.wrong_id) {
        j = veto.wrong_id;
        veto.wrong_id = 0;
        return failf("%d listener event(s) carried an id that is not their key's section's", j);
    }
    if (n > 1) {
        return failf("one call delivered %ld change sets", n);
    }
    memset(fresh, 0, sizeof fresh);
    if (n == 0) {
        if (nitems != b->count || content != b->content) {
            return failf("the list changed (%lld -> %lld items, content %.17g -> %.17g) but no "
                         "change set was delivered",
                         (long long)b->count, (long long)nitems, b->content, content);
        }
    } else if (expect_no_set) {
        return failf("the call changed nothing but delivered a change set");
    } else if (!last_set.overflow) {
        /* The steps, applied in order to the old list, give the new one. */
        for (k = 0; k < last_set.nch; k++) {
            const fold_change *c = &last_set.ch[k];
            if (c->position < 0 || c->removed < 0 || c->added < 0 ||
                c->position + c->removed > len ||
                len - c->removed + c->added > (int64_t)sizeof fresh) {
                return failf("change step %lld (%lld, -%lld, +%lld) does not fit a list of %lld "
                             "items",
                             (long long)k, (long long)c->position, (long long)c->removed,
                             (long long)c->added, (long long)len);
            }
            memmove(fresh + c->position + c->added, fresh + c->position + c->removed,
                    (size_t)(len - c->position - c->removed));
            memset(fresh + c->position, 1, (size_t)c->added);
            len += c->added - c->removed;
        }
        if (len != nitems) {
            return failf("the change steps give %lld items, the list has %lld", (long long)len,
                         (long long)nitems);
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
    }
    /* Headers that stayed and must be redrawn: their section's row count,
     * indicator or collapsed state changed (also while collapsed), or the
     * operation says so (header text). */
    for (j = 0; j < ns; j++) {
        msec *s = all[j];
        int must = 0, why = 0;
        if (!s->visible || s->hpos < 0 || fresh[s->hpos]) {
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
        if (must && (n == 0 || (!last_set.overflow && !in_redraw(s->hpos)))) {
            static const char *const whys[] = {"its row count changed", "its state changed",
                                               "its indicator changed", "its text changed"};
            return failf("the header of \"%s\" (position %lld) is not redrawn%s, but %s", s->key,
                         (long long)s->hpos, n == 0 ? " (no change set)" : "", whys[why]);
        }
    }
    return 0;
}
