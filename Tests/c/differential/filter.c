/*
 * filter.c — differential test (test_differential.c): filtering. The model
 * keeps each row's and section's answer (mchild.matched, msec.matched), asked
 * by the header's rule: every row and section when the filter is set, each
 * new one when it is inserted or loaded, never again (moves keep it). From
 * the answers build() derives, from scratch, what the filter hides, opens
 * (FOLD_FILTER_EXPAND_MATCHES) and shows whole (FOLD_FILTER_SHOW_CHILDREN);
 * emit() then leaves out what is hidden. OP_FILTER sets a filter (random
 * flags and salt), clears it, and changes single answers, also with bad
 * arguments; now and then the match function stops the call that asks
 * (FOLD_E_CANCELLED, nothing changes). verify_filter compares the answers,
 * the match counts below every section and the filter's info after every
 * operation (section flags FILTERED / FILTER_OPENED, item flags MATCH,
 * positions and visible row counts through verify()). Snapshots while
 * filtering (snapshot.c) give what they add its answers by the same rule,
 * and are stopped now and then like insertions. check_filter_steps replays
 * each filter call's steps on the list before it: every item they keep is
 * the one the table has there, redrawn when its MATCH flag changed, and
 * setting or clearing a filter removes and adds only what became hidden or
 * shown (an item shown before and after is never removed and re-added).
 */
#include <stdio.h>
#include <string.h>

#include "differential.h"

/* About 2 in 5 rows and sections match; the salt makes each filter differ. */
int match_rule(const char *key, int64_t row, unsigned salt)
{
    uint64_t h = salt;
    for (; *key; key++) h = h * 31 + (unsigned char)*key;
    h = h * 31 + (uint64_t)row + 7;
    return h % 5 < 2;
}

int diff_match(fold_table *t, fold_section_id section, const char *key, int64_t row, void *user_data)
{
    const model *m = (const model *)user_data;
    (void)t;
    (void)section;
    return m->match_stop ? -1 : match_rule(key, row, m->salt);
}

/* Derives s's shown state; returns whether s is shown. */
static int visit(const model *m, msec *s, int forced)
{
    int i, below = 0;
    s->forced = forced || ((m->filter_flags & FOLD_FILTER_SHOW_CHILDREN) && s->matched);
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec == NULL ? s->forced || s->c[i].matched : visit(m, s->c[i].sec, s->forced)) below = 1;
    }
    s->fhidden = !(forced || s->matched || below);
    s->fopened = (m->filter_flags & FOLD_FILTER_EXPAND_MATCHES) && s->collapsed && !s->closed && below &&
                 !s->fhidden;
    return !s->fhidden;
}

void filter_states(model *m)
{
    msec *all[MAX_SECT];
    int n = all_sections(m, all), i;
    for (i = 0; i < n; i++) all[i]->fhidden = all[i]->fopened = all[i]->forced = 0;
    m->root.forced = 0;
    if (!m->filter_on) return;
    for (i = 0; i < m->root.n; i++) visit(m, m->root.c[i].sec, 0);
}

int shows_children(const msec *s) { return !s->collapsed || s->fopened; }

int row_filtered(const model *m, const msec *s, const mchild *c)
{
    return m->filter_on && !s->forced && !c->matched;
}

void match_new_rows(model *m, msec *s, int first_child, int count)
{
    int r = 0, i;
    for (i = 0; i < first_child; i++) r += s->c[i].sec == NULL;
    for (i = 0; i < count; i++) s->c[first_child + i].matched = m->filter_on && match_rule(s->key, r + i, m->salt);
}

void match_new_section(model *m, msec *s)
{
    int i;
    s->matched = m->filter_on && match_rule(s->key, -1, m->salt);
    s->closed = 0;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec != NULL) match_new_section(m, s->c[i].sec);
    }
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec == NULL) match_new_rows(m, s, i, 1);
    }
}

/* With a filter on, one insertion in six has its match function stop it. */
int insertion_stops(model *m, uint32_t p)
{
    m->match_stop = m->filter_on && p % 6 == 0;
    stats.match_stops += m->match_stop;
    return m->match_stop;
}

/* Asks about everything, as setting a filter does. */
static void ask_all(model *m)
{
    msec *all[MAX_SECT];
    int n = all_sections(m, all), i;
    for (i = 0; i < n; i++) {
        all[i]->closed = 0;
        match_new_section(m, all[i]);
    }
}

/* The same item: kind, section and row. */
static int same_item(const mitem *a, const fold_item *b)
{
    return a->kind == b->kind && a->section == b->section && a->row == b->row;
}

/* After a filter call that succeeded (`sets`: change_sets_seen before it):
 * its steps replayed on items[] (the list verify() built before it) keep
 * only items the table has at their new place, and redraw those whose
 * MATCH flag changed; with `minimal`, an item in both lists is kept. */
static int check_filter_steps(fold_table *t, long sets, int minimal)
{
    static int64_t shadow[MAX_ITEMS * 4 + 8]; /* index into items[], or -1: added */
    int64_t len = nitems, n = 0, k, j;
    fold_item it;
    if (change_sets_seen == sets) {
        EXPECT_ST(fold_table_item_count(t, &n), FOLD_OK);
        EXPECT_I(n, nitems, "items after a filter call that reported nothing");
        return 0;
    }
    if (last_set.overflow) return 0;
    for (k = 0; k < len; k++) shadow[k] = k;
    for (k = 0; k < last_set.nch; k++) {
        const fold_change *c = &last_set.ch[k];
        if (c->position < 0 || c->removed < 0 || c->added < 0 || c->position + c->removed > len ||
            len - c->removed + c->added > (int64_t)(sizeof shadow / sizeof shadow[0])) {
            return failf("filter step %lld does not fit", (long long)k);
        }
        memmove(shadow + c->position + c->added, shadow + c->position + c->removed,
                (size_t)(len - c->position - c->removed) * sizeof shadow[0]);
        for (j = 0; j < c->added; j++) shadow[c->position + j] = -1;
        len += c->added - c->removed;
    }
    EXPECT_ST(fold_table_item_count(t, &n), FOLD_OK);
    EXPECT_I(len, n, "items after replaying the filter's steps");
    for (k = 0; k < len; k++) {
        EXPECT_ST(fold_table_item_at(t, k, &it), FOLD_OK);
        if (shadow[k] >= 0) {
            const mitem *x = &items[shadow[k]];
            if (!same_item(x, &it)) {
                return failf("the filter's steps keep item %lld (kind %d, row %lld) at %lld, "
                             "where the table has kind %d, row %lld",
                             (long long)shadow[k], x->kind, (long long)x->row, (long long)k, it.kind,
                             (long long)it.row);
            }
            if (((x->flags ^ it.flags) & FOLD_ITEM_FLAG_MATCH) && !in_redraw(k)) {
                return failf("item %lld kept by the filter's steps changed its MATCH flag but is "
                             "not redrawn", (long long)k);
            }
        } else if (minimal) {
            for (j = 0; j < nitems; j++) {
                if (same_item(&items[j], &it)) {
                    return failf("item %lld (kind %d, row %lld), shown before and after the "
                                 "filter changed, was removed and added again at %lld",
                                 (long long)j, it.kind, (long long)it.row, (long long)k);
                }
            }
        }
    }
    return 0;
}

int apply_filter(fold_table *t, model *m, const op *o)
{
    const uint32_t *p = o->p;
    uint32_t how = p[5] / 16;
    fold_section_id id = 0;
    const char *stale = "";
    /* Cleared as often as set, so that half the operations run without one
     * (snapshots are not taken while filtering). */
    switch (p[0] % 6) {
    case 0: { /* set a filter (stopped now and then: nothing changes) */
        uint32_t flags = p[1] % 4;
        unsigned salt = p[2] % 1000;
        int stop = p[3] % 8 == 0 && m->nsec > 0;
        unsigned old_salt = m->salt;
        descf("set_filter(match salt %u%s, flags %u)", salt, stop ? " (stops)" : "", flags);
        m->salt = salt;
        m->match_stop = stop;
        if (stop) {
            expect_no_set = 1;
            EXPECT_ST(fold_table_set_filter(t, diff_match, m, flags), FOLD_E_CANCELLED);
            m->match_stop = 0;
            m->salt = old_salt; /* the old filter stays, with its rule */
            return 0;
        }
        {
            long sets = change_sets_seen;
            EXPECT_ST(fold_table_set_filter(t, diff_match, m, flags), FOLD_OK);
            if (check_filter_steps(t, sets, 1)) return 1;
        }
        m->filter_on = 1;
        m->filter_flags = flags;
        ask_all(m);
        stats.filters_set++;
        return 0;
    }
    case 1: { /* clear it (or an unknown flag: refused) */
        msec *all[MAX_SECT];
        int n = all_sections(m, all), i;
        if (p[1] % 5 == 0) {
            uint32_t bad = 4u << (p[2] % 29);
            descf("set_filter(match, flags 0x%x)  /* unknown */", bad);
            expect_no_set = 1;
            EXPECT_ST(fold_table_set_filter(t, diff_match, m, bad), FOLD_E_INVALID);
            return 0;
        }
        descf("set_filter(NULL)  /* clear */");
        expect_no_set = !m->filter_on;
        {
            long sets = change_sets_seen;
            EXPECT_ST(fold_table_set_filter(t, NULL, NULL, 0), FOLD_OK);
            if (check_filter_steps(t, sets, 1)) return 1;
        }
        m->filter_on = 0;
        m->filter_flags = 0;
        for (i = 0; i < n; i++) all[i]->closed = 0;
        return 0;
    }
    case 2:
    case 3: { /* one row's answer */
        msec *s = pick_sec_with_rows(m, p[1]);
        int r, j, want = (int)(p[3] & 1), expect, old;
        if (s == NULL) SKIP();
        r = (int)(p[2] % (uint32_t)nrows_of(s));
        j = child_of_row(s, r);
        RESOLVE(s, how, id);
        expect = !m->filter_on ? FOLD_E_NOT_ALLOWED : FOLD_OK;
        if (p[4] % 7 == 0) {
            r = p[4] % 2 ? -1 : nrows_of(s);
            expect = FOLD_E_RANGE;
        } else if (p[4] % 7 == 1) {
            expect = inject_stale(m, p[4], &id, &stale);
        }
        descf("set_row_match(%s, %d, %d)", sec_arg(expect, stale, id, s), r, want);
        old = s->c[j].matched;
        expect_no_set = expect != FOLD_OK || old == want;
        {
            long sets = change_sets_seen;
            int st = fold_table_set_row_match(t, id, r, want);
            /* Without a filter the arguments are checked first or not at all. */
            if (!m->filter_on && expect != FOLD_OK && st == FOLD_E_NOT_ALLOWED) return 0;
            EXPECT_ST(st, expect);
            if (st == FOLD_OK && check_filter_steps(t, sets, 0)) return 1;
        }
        if (expect == FOLD_OK) {
            s->c[j].matched = want;
            stats.matches_changed += old != want;
        }
        return 0;
    }
    default: { /* one section's answer (4, 5) */
        msec *s = pick_sec(m, p[1]);
        int want = (int)(p[3] & 1), expect, old;
        if (s == NULL) SKIP();
        RESOLVE(s, how, id);
        expect = !m->filter_on ? FOLD_E_NOT_ALLOWED : FOLD_OK;
        if (p[4] % 7 == 1) {
            expect = inject_stale(m, p[4], &id, &stale);
        } else if (p[4] % 7 == 2) {
            expect = inject_root(&id);
        }
        descf("set_section_match(%s, %d)", sec_arg(expect, stale, id, s), want);
        old = s->matched;
        expect_no_set = expect != FOLD_OK || old == want;
        {
            long sets = change_sets_seen;
            int st = fold_table_set_section_match(t, id, want);
            if (!m->filter_on && expect != FOLD_OK && st == FOLD_E_NOT_ALLOWED) return 0;
            EXPECT_ST(st, expect);
            if (st == FOLD_OK && check_filter_steps(t, sets, 0)) return 1;
        }
        if (expect == FOLD_OK) {
            s->matched = want;
            stats.matches_changed += old != want;
        }
        return 0;
    }
    }
}

/* Rows below s (all levels) that match, and all of them. */
static void count_matches(const model *m, const msec *s, int64_t *matches, int64_t *rows)
{
    int j;
    for (j = 0; j < s->n; j++) {
        if (s->c[j].sec != NULL) {
            count_matches(m, s->c[j].sec, matches, rows);
        } else {
            *rows += 1;
            *matches += !m->filter_on || s->c[j].matched;
        }
    }
}

int verify_filter(const fold_table *t, model *m)
{
    msec *all[MAX_SECT];
    int ns = all_sections(m, all), i, j, got = -1, active = -1;
    int64_t matches, rows, gm = -1, gr = -1;
    uint32_t flags = 99;
    EXPECT_ST(fold_table_filter_info(t, &active, &flags), FOLD_OK);
    EXPECT_I(active, m->filter_on, "filter_info: active");
    EXPECT_I(flags, m->filter_flags, "filter_info: flags");
    for (i = 0; i < ns; i++) {
        msec *s = all[i];
        int r = 0;
        sprintf(ctx, "section_matches(\"%s\")", s->key);
        EXPECT_ST(fold_table_section_matches(t, s->fid, &got), FOLD_OK);
        EXPECT_I(got, !m->filter_on || s->matched, ctx);
        for (j = 0; j < s->n; j++) {
            if (s->c[j].sec != NULL) continue;
            sprintf(ctx, "row_matches(\"%s\", %d)", s->key, r);
            EXPECT_ST(fold_table_row_matches(t, s->fid, r, &got), FOLD_OK);
            EXPECT_I(got, !m->filter_on || s->c[j].matched, ctx);
            r++;
        }
        matches = rows = 0;
        count_matches(m, s, &matches, &rows);
        sprintf(ctx, "match_count(\"%s\")", s->key);
        EXPECT_ST(fold_table_match_count(t, s->fid, &gm, &gr), FOLD_OK);
        EXPECT_I(gm, matches, ctx);
        EXPECT_I(gr, rows, ctx);
    }
    matches = rows = 0;
    count_matches(m, &m->root, &matches, &rows);
    EXPECT_ST(fold_table_match_count(t, FOLD_ROOT, &gm, &gr), FOLD_OK);
    EXPECT_I(gm, matches, "match_count(FOLD_ROOT): matches");
    EXPECT_I(gr, rows, "match_count(FOLD_ROOT): rows");
    return 0;
}
