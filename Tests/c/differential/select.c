/*
 * select.c — differential test (test_differential.c): keyed selection.
 * The model marks rows (mchild.selected) and sections (msec.selected), and
 * the anchor the same way (mchild.anchor, msec.anchor), so inserts,
 * removals and moves carry them along as the header promises ("belongs to
 * the row or the section, not to a position"). OP_SELECT selects rows,
 * sections and items with every `how`, ranges from the anchor by the
 * header's range rule (the shown items between; a hidden anchor starts at
 * its outermost collapsed ancestor's header), positions, all, clear and the
 * anchor alone; verify_selection compares every row's and section's state,
 * the counts below every section, the selection list and the anchor after
 * every operation (item flags are compared by verify() through the model's
 * FOLD_ITEM_FLAG_SELECTED). With a filter on, ranges and positions name
 * only what is shown; a range from an anchor the filter hides starts at the
 * shown item before where it would be. A selection change must be one change set
 * without steps that redraws every shown item whose state changed; no
 * change, no change set. Anchors stay on sections with a header item (the
 * rule for a header-less anchor is tested in test_selection.c), and the
 * selection snapshots keep is read back from the table after OP_SNAPSHOT
 * (their rule is tested in test_selection.c and the Swift oracle).
 */
#include <stdio.h>
#include <string.h>

#include "differential.h"

/* Calls fn on every row child of every section, and on every section. */
static void each_mark(model *m, void (*fn)(int *selected, int *anchor))
{
    msec *all[MAX_SECT];
    int ns = all_sections(m, all), i, j;
    for (i = 0; i < ns; i++) {
        fn(&all[i]->selected, &all[i]->anchor);
        for (j = 0; j < all[i]->n; j++) {
            if (all[i]->c[j].sec == NULL) {
                fn(&all[i]->c[j].selected, &all[i]->c[j].anchor);
            }
        }
    }
}

static void unselect(int *selected, int *anchor) { (void)anchor; *selected = 0; }
static void unanchor(int *selected, int *anchor) { (void)selected; *anchor = 0; }

/* The selection as one number per mark, for "did it change". */
static char signature[MAX_SECT + MAX_ROWS_TOTAL + 1];
static int sig_n;
static void sign(int *selected, int *anchor) { (void)anchor; signature[sig_n++] = (char)('0' + *selected); }
static const char *selection_signature(model *m)
{
    sig_n = 0;
    each_mark(m, sign);
    signature[sig_n] = '\0';
    return signature;
}

/* Applies `how` to one mark; returns whether it changed. */
static int apply_how(int *selected, int32_t how)
{
    int old = *selected;
    *selected = how == FOLD_SELECT_REMOVE ? 0 : how == FOLD_SELECT_TOGGLE ? !old : 1;
    return old != *selected;
}

/* The mark of a shown item: its section's or its row's; NULL for a footer
 * or placeholder. */
static int *item_mark(const mitem *x)
{
    if (x->kind == FOLD_ITEM_HEADER) return &x->sec->selected;
    if (x->kind == FOLD_ITEM_ROW) return &x->sec->c[x->child].selected;
    return NULL;
}

static int *item_anchor(const mitem *x)
{
    return x->kind == FOLD_ITEM_HEADER ? &x->sec->anchor : &x->sec->c[x->child].anchor;
}

/* The shown item before where row child j of `as` (j < 0: its header)
 * would be, walking s's items in list order: sets *last, returns 1 on
 * reaching it. */
static int shown_before(const msec *s, const msec *as, int j, int64_t *last)
{
    int i;
    if (s == as && j < 0) return 1;
    if (s->visible && s->hpos >= 0) {
        *last = s->hpos;
        if (shows_children(s) && shows_placeholder(s)) *last = s->hpos + 1;
    }
    for (i = 0; i < s->n; i++) {
        const mchild *c = &s->c[i];
        if (c->sec != NULL) {
            if (shown_before(c->sec, as, j, last)) return 1;
        } else if (s == as && i == j) {
            return 1;
        } else if (c->pos >= 0) {
            *last = c->pos;
        }
    }
    if (s->visible && s->fpos >= 0) *last = s->fpos;
    return 0;
}

/* The anchor's shown position by the range rule; -1 without an anchor. */
static int64_t anchor_position(model *m)
{
    msec *all[MAX_SECT];
    int ns = all_sections(m, all), i, j;
    for (i = 0; i < ns; i++) {
        msec *s = all[i], *a, *outer = NULL;
        int row = -1;
        for (j = 0; j < s->n && !s->anchor; j++) {
            if (s->c[j].sec == NULL && s->c[j].anchor) row = j;
        }
        if (!s->anchor && row < 0) continue;
        if (row >= 0 && s->c[row].pos >= 0) return s->c[row].pos;
        if (row < 0 && s->visible && s->hpos >= 0) return s->hpos;
        /* Hidden: the header of its outermost collapsed ancestor (for a row,
         * its own section counts). */
        for (a = row >= 0 ? s : s->parent; a != NULL && a != &m->root; a = a->parent) {
            if (!shows_children(a)) outer = a;
        }
        if (outer != NULL && outer->visible && outer->hpos >= 0) return outer->hpos;
        {
            /* No header item, or hidden by a filter: the shown item before. */
            int64_t last = 0;
            int k;
            stats.select_ranges_before += m->filter_on;
            for (k = 0; k < m->root.n; k++) {
                if (shown_before(m->root.c[k].sec, s, row, &last)) break;
            }
            return last;
        }
    }
    return -1;
}

/* REPLACE clears first; then `how` over the shown items [lo, hi]. */
static void apply_range(model *m, int64_t lo, int64_t hi, int32_t how)
{
    int64_t k;
    if (how == FOLD_SELECT_REPLACE) each_mark(m, unselect);
    for (k = lo; k <= hi; k++) {
        int *mark = item_mark(&items[k]);
        if (mark != NULL) apply_how(mark, how);
    }
}

/* Sets the anchor to one mark (clearing the old one). */
static void set_anchor(model *m, int *anchor)
{
    each_mark(m, unanchor);
    *anchor = 1;
}

/* Selecting one row or section: REPLACE clears first, then `how` on its
 * mark, which becomes the anchor. */
static void select_mark(model *m, int *selected, int *anchor, int32_t how)
{
    if (how == FOLD_SELECT_REPLACE) each_mark(m, unselect);
    apply_how(selected, how);
    set_anchor(m, anchor);
}

/* Checks the change set of a selection call: one without steps that
 * redraws every shown item whose state changed, or none without a change. */
static int check_selection_set(model *m, const uint32_t *before_flags, long sets_before, int changed,
                               int reported)
{
    int64_t k;
    build(m);
    stats.select_calls++;
    stats.select_changes += changed;
    EXPECT_I(reported, changed, "out_changed");
    if (!changed) {
        expect_no_set = 1;
        return 0;
    }
    if (batch_open()) {
        return 0; /* told at the batch's end, checked there (check_changes) */
    }
    EXPECT_I(change_sets_seen - sets_before, 1, "change sets delivered by a selection change");
    EXPECT_I(last_set.nch, 0, "change steps of a selection change");
    for (k = 0; k < nitems; k++) {
        if (((before_flags[k] ^ items[k].flags) & FOLD_ITEM_FLAG_SELECTED) && !in_redraw(k)) {
            return failf("the selection of item %lld changed but it is not redrawn", (long long)k);
        }
    }
    return 0;
}

int apply_select(fold_table *t, model *m, const op *o)
{
    static const int32_t hows[] = {FOLD_SELECT_REPLACE, FOLD_SELECT_ADD, FOLD_SELECT_REMOVE, FOLD_SELECT_TOGGLE};
    const uint32_t *p = o->p;
    int32_t how = POOLP(hows, p[1]);
    uint32_t before_flags[MAX_ITEMS];
    char before_sig[sizeof signature];
    long sets = change_sets_seen;
    int changed = -1, k;
    int64_t pos;
    build(m);
    for (k = 0; k < nitems; k++) before_flags[k] = items[k].flags;
    strcpy(before_sig, selection_signature(m));
    switch (p[0] % 8) {
    case 0: { /* a row, shown or not */
        msec *s = pick_sec_with_rows(m, p[2]);
        int r, j;
        fold_section_id id;
        if (s == NULL) SKIP();
        r = (int)(p[3] % (uint32_t)nrows_of(s));
        j = child_of_row(s, r);
        RESOLVE(s, p[4], id);
        descf("select_row(%s, %d, how %d)", s->key, r, (int)how);
        EXPECT_ST(fold_table_select_row(t, id, r, how, &changed), FOLD_OK);
        select_mark(m, &s->c[j].selected, &s->c[j].anchor, how);
        break;
    }
    case 1: { /* a section with a header item */
        msec *s = pick_sec(m, p[2]);
        fold_section_id id;
        if (s == NULL || s->no_header) SKIP();
        RESOLVE(s, p[4], id);
        descf("select_section(%s, how %d)", s->key, (int)how);
        EXPECT_ST(fold_table_select_section(t, id, how, &changed), FOLD_OK);
        select_mark(m, &s->selected, &s->anchor, how);
        break;
    }
    case 2:   /* an item: a footer or placeholder is refused */
    case 3:
    case 4: { /* a range from the anchor (shift-click); without one, as select_item (foldtable.h) */
        int range = p[0] % 8 != 2;
        int (*by)(fold_table *, int64_t, int32_t, int *) = range ? fold_table_select_range : fold_table_select_item;
        int64_t a = range ? anchor_position(m) : -1;
        const mitem *x;
        if (nitems == 0) SKIP();
        pos = (int64_t)(p[2] % (uint32_t)nitems);
        if (range) {
            descf("select_range(%lld, how %d)  /* anchor at %lld */", (long long)pos, (int)how, (long long)a);
        } else {
            descf("select_item(%lld, how %d)", (long long)pos, (int)how);
        }
        if (a >= 0) {
            EXPECT_ST(fold_table_select_range(t, pos, how, &changed), FOLD_OK);
            stats.select_ranges++;
            apply_range(m, a < pos ? a : pos, a < pos ? pos : a, how);
            break;
        }
        x = &items[pos];
        if (item_mark(x) == NULL) {
            EXPECT_ST(by(t, pos, how, &changed), FOLD_E_NOT_ALLOWED);
            expect_no_set = 1;
            return 0;
        }
        EXPECT_ST(by(t, pos, how, &changed), FOLD_OK);
        select_mark(m, item_mark(x), item_anchor(x), how);
        break;
    }
    case 5: { /* positions (GtkSelectionModel's select_range) */
        int64_t count;
        if (nitems == 0) SKIP();
        pos = (int64_t)(p[2] % (uint32_t)nitems);
        count = (int64_t)(p[3] % (uint32_t)(nitems - pos + 1));
        descf("select_positions(%lld, %lld, how %d)", (long long)pos, (long long)count, (int)how);
        EXPECT_ST(fold_table_select_positions(t, pos, count, how, &changed), FOLD_OK);
        if (count > 0) apply_range(m, pos, pos + count - 1, how); /* no positions: nothing changes */
        break;
    }
    case 6: /* all shown, or clear */
        if (p[2] & 1) {
            descf("select_all()");
            EXPECT_ST(fold_table_select_all(t, &changed), FOLD_OK);
            if (nitems > 0) apply_range(m, 0, nitems - 1, FOLD_SELECT_ADD);
        } else {
            descf("clear_selection()");
            EXPECT_ST(fold_table_clear_selection(t, &changed), FOLD_OK);
            each_mark(m, unselect);
            each_mark(m, unanchor);
        }
        break;
    default: { /* the anchor alone: a row or a section with a header */
        msec *s = pick_sec(m, p[2]);
        fold_section_id id;
        int r = -1;
        if (s == NULL || (s->no_header && nrows_of(s) == 0)) SKIP();
        if (s->no_header || (nrows_of(s) > 0 && (p[3] & 1))) r = (int)(p[3] / 2 % (uint32_t)nrows_of(s));
        RESOLVE(s, p[4], id);
        descf("set_selection_anchor(%s, %d)", s->key, r);
        EXPECT_ST(fold_table_set_selection_anchor(t, id, r), FOLD_OK);
        set_anchor(m, r < 0 ? &s->anchor : &s->c[child_of_row(s, r)].anchor);
        expect_no_set = 1;
        return 0;
    }
    }
    return check_selection_set(m, before_flags, sets, strcmp(before_sig, selection_signature(m)) != 0,
                               changed);
}

/* The model's selection list by the header's rule: pre-order, a section
 * before its children, consecutive selected rows of one section merged
 * (also across a subsection with nothing selected in between). */
static void model_runs(msec *s, fold_selected_run *out, int64_t *n)
{
    int j, r = 0;
    if (s->selected) {
        out[*n].section = s->fid;
        out[*n].row = -1;
        out[(*n)++].count = 1;
    }
    for (j = 0; j < s->n; j++) {
        mchild *c = &s->c[j];
        if (c->sec != NULL) {
            model_runs(c->sec, out, n);
            continue;
        }
        if (c->selected) {
            fold_selected_run *last = *n > 0 ? &out[*n - 1] : NULL;
            if (last != NULL && last->section == s->fid && last->row >= 0 && last->row + last->count == r) {
                last->count++;
            } else {
                out[*n].section = s->fid;
                out[*n].row = r;
                out[(*n)++].count = 1;
            }
        }
        r++;
    }
}

static void count_below(const msec *s, int64_t *rows, int64_t *sections)
{
    int j;
    for (j = 0; j < s->n; j++) {
        if (s->c[j].sec == NULL) {
            *rows += s->c[j].selected;
        } else {
            *sections += s->c[j].sec->selected;
            count_below(s->c[j].sec, rows, sections);
        }
    }
}

int verify_selection(const fold_table *t, model *m)
{
    msec *all[MAX_SECT];
    int ns = all_sections(m, all), i, j, got;
    fold_selected_run want[MAX_SECT + MAX_ROWS_TOTAL], *runs = NULL;
    int64_t nwant = 0, nruns = -1, rows, sections, grows, gsections, k;
    fold_section_id asec = 0;
    int64_t arow = -2;
    int st;
    /* Per-section counts first, from the last section up, before any other
     * query: a count must be current without another call having brought
     * pending marks (select all, clear) down to the section (issue 33). */
    for (i = ns - 1; i >= 0; i--) {
        rows = sections = 0;
        count_below(all[i], &rows, &sections);
        EXPECT_ST(fold_table_selection_count(t, all[i]->fid, &grows, &gsections), FOLD_OK);
        EXPECT_I(grows, rows, "selection_count below a section: rows");
        EXPECT_I(gsections, sections, "selection_count below a section: sections");
    }
    for (i = 0; i < ns; i++) {
        msec *s = all[i];
        int r = 0;
        EXPECT_ST(fold_table_is_section_selected(t, s->fid, &got), FOLD_OK);
        EXPECT_I(got, s->selected, "is_section_selected");
        for (j = 0; j < s->n; j++) {
            if (s->c[j].sec != NULL) continue;
            EXPECT_ST(fold_table_is_row_selected(t, s->fid, r, &got), FOLD_OK);
            EXPECT_I(got, s->c[j].selected, "is_row_selected");
            r++;
        }
    }
    rows = sections = 0;
    count_below(&m->root, &rows, &sections);
    EXPECT_ST(fold_table_selection_count(t, FOLD_ROOT, &grows, &gsections), FOLD_OK);
    EXPECT_I(grows, rows, "selection_count of the table: rows");
    EXPECT_I(gsections, sections, "selection_count of the table: sections");
    for (i = 0; i < m->root.n; i++) model_runs(m->root.c[i].sec, want, &nwant);
    EXPECT_ST(fold_table_selection(t, &runs, &nruns), FOLD_OK);
    if (nruns != nwant) {
        fold_free(runs);
        return failf("fold_table_selection: %lld runs, expected %lld", (long long)nruns, (long long)nwant);
    }
    for (k = 0; k < nruns; k++) {
        if (runs[k].section != want[k].section || runs[k].row != want[k].row || runs[k].count != want[k].count) {
            int fail = failf("fold_table_selection run %lld: (%s, %lld, %lld), expected row %lld count %lld",
                             (long long)k, runs[k].key, (long long)runs[k].row, (long long)runs[k].count,
                             (long long)want[k].row, (long long)want[k].count);
            fold_free(runs);
            return fail;
        }
    }
    fold_free(runs);
    st = fold_table_selection_anchor(t, &asec, &arow);
    for (i = 0; i < ns; i++) {
        msec *s = all[i];
        int r = 0;
        if (s->anchor) {
            EXPECT_I(st, FOLD_OK, "selection_anchor on a section: status");
            EXPECT_I(asec, s->fid, "selection_anchor: section");
            EXPECT_I(arow, -1, "selection_anchor: row");
            return 0;
        }
        for (j = 0; j < s->n; j++) {
            if (s->c[j].sec != NULL) continue;
            if (s->c[j].anchor) {
                EXPECT_I(st, FOLD_OK, "selection_anchor on a row: status");
                EXPECT_I(asec, s->fid, "selection_anchor: section");
                EXPECT_I(arow, r, "selection_anchor: row");
                return 0;
            }
            r++;
        }
    }
    EXPECT_I(st, FOLD_E_NOT_FOUND, "selection_anchor without an anchor: status");
    return 0;
}

/* After a snapshot: the model takes the table's selection and anchor. */
int sync_selection(fold_table *t, model *m)
{
    msec *all[MAX_SECT];
    int ns = all_sections(m, all), i, j;
    fold_selected_run *runs = NULL;
    int64_t nruns = 0, k, arow = -2;
    fold_section_id asec = 0;
    each_mark(m, unselect);
    each_mark(m, unanchor);
    EXPECT_ST(fold_table_selection(t, &runs, &nruns), FOLD_OK);
    for (i = 0; i < ns; i++) {
        msec *s = all[i];
        for (k = 0; k < nruns; k++) {
            if (runs[k].section != s->fid) continue;
            if (runs[k].row < 0) {
                s->selected = 1;
                continue;
            }
            for (j = 0; j < runs[k].count; j++) {
                s->c[child_of_row(s, (int)(runs[k].row + j))].selected = 1;
            }
        }
    }
    fold_free(runs);
    if (fold_table_selection_anchor(t, &asec, &arow) == FOLD_OK) {
        for (i = 0; i < ns; i++) {
            if (all[i]->fid != asec) continue;
            if (arow < 0) all[i]->anchor = 1;
            else all[i]->c[child_of_row(all[i], (int)arow)].anchor = 1;
        }
    }
    return 0;
}
