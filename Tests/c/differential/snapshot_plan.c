/*
 * snapshot_plan.c — differential test (test_differential.c): the plan of
 * the tree an OP_SNAPSHOT asks for: copied from the model's tree, perturbed
 * (sections dropped with or without their subsections, new keys, moves
 * within and across parents, header texts, row runs grown and shrunk,
 * heights bits), the kept children that stay in place (the longest run in
 * their old order; put back in old order when that run is not unique, as
 * the header leaves the choice open), and the entries written out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot_plan.h"

pnode plan[PN];
int nplan;
int top[PC], ntop;

int find_node(const msec *s)
{
    int i;
    for (i = 0; i < nplan; i++) {
        if (plan[i].old == s) {
            return i;
        }
    }
    return -1;
}

static int add_node(msec *old, int parent)
{
    pnode *x = &plan[nplan];
    memset(x, 0, sizeof *x);
    x->old = old;
    x->parent = parent;
    x->live = 1;
    if (old != NULL) {
        x->kid = old->id;
        strcpy(x->key, old->key);
        x->header = old->header;
    }
    return nplan++;
}

void copy_tree(msec *s, int parent)
{
    int me = add_node(s, parent), i;
    pnode *x = &plan[me];
    if (parent < 0) {
        top[ntop++] = me;
    }
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec != NULL) {
            x->c[x->n].node = nplan; /* copy_tree adds it next */
            x->c[x->n++].rows = 0;
            copy_tree(s->c[i].sec, me);
        } else if (x->n > 0 && plan[me].c[x->n - 1].node < 0) {
            x->c[x->n - 1].rows++;
        } else {
            x->c[x->n].node = -1;
            x->c[x->n++].rows = 1;
        }
    }
}

/* The child list of `parent` (-1: the top level, whose entries are nodes). */
static int list_len(int parent) { return parent < 0 ? ntop : plan[parent].n; }

static int list_node(int parent, int i) { return parent < 0 ? top[i] : plan[parent].c[i].node; }

static void list_remove(int parent, int at)
{
    int i;
    if (parent < 0) {
        for (i = at; i < ntop - 1; i++) {
            top[i] = top[i + 1];
        }
        ntop--;
    } else {
        pnode *x = &plan[parent];
        for (i = at; i < x->n - 1; i++) {
            x->c[i] = x->c[i + 1];
        }
        x->n--;
    }
}

static int list_insert(int parent, int at, pchild c)
{
    int i;
    if (list_len(parent) >= PC) {
        return 0;
    }
    if (parent < 0) {
        for (i = ntop; i > at; i--) {
            top[i] = top[i - 1];
        }
        top[at] = c.node;
        ntop++;
    } else {
        pnode *x = &plan[parent];
        for (i = x->n; i > at; i--) {
            x->c[i] = x->c[i - 1];
        }
        x->c[at] = c;
        x->n++;
    }
    if (c.node >= 0) {
        plan[c.node].parent = parent;
    }
    return 1;
}

static int index_of(int node)
{
    int i, p = plan[node].parent;
    for (i = 0; i < list_len(p); i++) {
        if (list_node(p, i) == node) {
            return i;
        }
    }
    return -1;
}

static int live_nodes(int *out)
{
    int i, k = 0;
    for (i = 0; i < nplan; i++) {
        if (plan[i].live) {
            out[k++] = i;
        }
    }
    return k;
}

static int pdepth(int node)
{
    int d = 0;
    while (plan[node].parent >= 0) {
        node = plan[node].parent;
        d++;
    }
    return d;
}

static int pnesting(int node)
{
    int i, best = 0;
    for (i = 0; i < plan[node].n; i++) {
        if (plan[node].c[i].node >= 0) {
            int k = pnesting(plan[node].c[i].node);
            best = k > best ? k : best;
        }
    }
    return best + 1;
}

static int pcontains(int outer, int node)
{
    while (node >= 0) {
        if (node == outer) {
            return 1;
        }
        node = plan[node].parent;
    }
    return 0;
}

static void drop_subtree(int node)
{
    int i;
    plan[node].live = 0;
    for (i = 0; i < plan[node].n; i++) {
        if (plan[node].c[i].node >= 0) {
            drop_subtree(plan[node].c[i].node);
        }
    }
}

/* One perturbation of the plan, picked by r. */
void perturb(model *m, rng *r, unsigned *next_kid)
{
    int live[PN], nl = live_nodes(live), what = (int)rng_below(r, 9), x, p, at;
    pchild c;
    if (nl == 0) {
        what = 2;
    }
    x = nl > 0 ? live[rng_below(r, nl)] : -1;
    switch (what) {
    case 0: /* drop a section with its subsections */
        list_remove(plan[x].parent, index_of(x));
        drop_subtree(x);
        break;
    case 1: { /* drop a section; its subsections take its place */
        int i, k = 0, parent = plan[x].parent, where = index_of(x);
        list_remove(parent, where);
        plan[x].live = 0;
        for (i = 0; i < plan[x].n; i++) {
            if (plan[x].c[i].node >= 0 && !list_insert(parent, where + k++, plan[x].c[i])) {
                drop_subtree(plan[x].c[i].node);
                k--;
            }
        }
        break;
    }
    case 2: { /* a new section */
        int n;
        p = nl > 0 && rng_below(r, 3) ? live[rng_below(r, nl)] : -1;
        if (nplan >= PN || (p >= 0 && pdepth(p) + 1 >= MODEL_MAX_DEPTH)) {
            break;
        }
        n = add_node(NULL, p);
        plan[n].kid = (*next_kid)++ % KEY_IDS;
        sprintf(plan[n].key, "k%u", plan[n].kid);
        if (key_taken(m, plan[n].key)) {
            plan[n].live = 0;
            nplan--;
            break;
        }
        plan[n].header = POOLP(header_texts, (uint32_t)rng_next(r));
        plan[n].flags = pick_flags((uint32_t)rng_next(r));
        if (rng_below(r, 4) != 0) {
            plan[n].c[0].node = -1;
            plan[n].c[0].rows = rng_below(r, 4);
            plan[n].n = 1;
        }
        c.node = n;
        c.rows = 0;
        if (!list_insert(p, (int)rng_below(r, list_len(p) + 1), c)) {
            plan[n].live = 0;
        }
        break;
    }
    case 3: /* move within its parent */
        p = plan[x].parent;
        list_remove(p, index_of(x));
        c.node = x;
        c.rows = 0;
        list_insert(p, (int)rng_below(r, list_len(p) + 1), c);
        break;
    case 4: /* move to another parent */
        p = nl > 0 && rng_below(r, 4) ? live[rng_below(r, nl)] : -1;
        if ((p >= 0 && pcontains(x, p)) || (p != plan[x].parent && list_len(p) >= PC) ||
            (p >= 0 ? pdepth(p) + 1 : 0) + pnesting(x) > MODEL_MAX_DEPTH) {
            break;
        }
        list_remove(plan[x].parent, index_of(x));
        c.node = x;
        c.rows = 0;
        list_insert(p, (int)rng_below(r, list_len(p) + 1), c);
        break;
    case 5: /* header text */
        plan[x].header = POOLP(header_texts, (uint32_t)rng_next(r));
        break;
    case 6: /* a row run grows or shrinks, or a new run */
        at = (int)rng_below(r, plan[x].n + 1);
        if (at < plan[x].n && plan[x].c[at].node < 0) {
            int64_t d = rng_below(r, 5) - 2;
            plan[x].c[at].rows = plan[x].c[at].rows + d < 0 ? 0 : plan[x].c[at].rows + d;
        } else {
            c.node = -1;
            c.rows = 1 + rng_below(r, 2);
            list_insert(x, at, c);
        }
        break;
    case 7: { /* heights */
        static const double row_pool[] = {20, 17.7, 33.3, 1.0 / 3, FOLD_HEIGHT_DEFAULT};
        plan[x].heights = (uint32_t)(1 + rng_below(r, 7));
        plan[x].hh = rng_below(r, 4) ? POOLP(header_pool, (uint32_t)rng_next(r))
                                     : FOLD_HEIGHT_DEFAULT;
        plan[x].fh = rng_below(r, 4) ? POOLP(footer_pool, (uint32_t)rng_next(r))
                                     : FOLD_HEIGHT_DEFAULT;
        plan[x].rh = POOLP(row_pool, (uint32_t)rng_next(r));
        break;
    }
    default: /* a run removed */
        for (at = 0; at < plan[x].n; at++) {
            if (plan[x].c[at].node < 0) {
                list_remove(x, at);
                break;
            }
        }
        break;
    }
}

/* Kept children of `parent` that had it as parent before (in the plan's
 * order), and their old indices. */
static int same_parent_kept(const model *m, int parent, int *nodes, int *old_index)
{
    const msec *ps = parent < 0 ? &m->root : plan[parent].old;
    int i, k = 0;
    if (ps == NULL) {
        return 0;
    }
    for (i = 0; i < list_len(parent); i++) {
        int nd = list_node(parent, i);
        if (nd >= 0 && plan[nd].old != NULL && plan[nd].old->parent == ps) {
            nodes[k] = nd;
            old_index[k++] = index_in_parent(plan[nd].old);
        }
    }
    return k;
}

/* Marks the kept children that stay (the longest increasing run of old
 * indices). Returns 0 when that run is not unique (the header does not say
 * which one stays). */
int mark_stays(const model *m, int parent)
{
    int nodes[PC], old[PC], len[PC], cnt[PC], prev[PC], k, i, j, best = 0, ways = 0, end = -1;
    k = same_parent_kept(m, parent, nodes, old);
    for (i = 0; i < k; i++) {
        len[i] = 1;
        cnt[i] = 1;
        prev[i] = -1;
        for (j = 0; j < i; j++) {
            if (old[j] < old[i]) {
                if (len[j] + 1 > len[i]) {
                    len[i] = len[j] + 1;
                    cnt[i] = cnt[j];
                    prev[i] = j;
                } else if (len[j] + 1 == len[i]) {
                    cnt[i] += cnt[j];
                }
            }
        }
        if (len[i] > best) {
            best = len[i];
        }
    }
    for (i = 0; i < k; i++) {
        if (len[i] == best) {
            ways += cnt[i];
            end = i;
        }
    }
    if (ways > 1) {
        return 0;
    }
    for (i = end; i >= 0; i = prev[i]) {
        plan[nodes[i]].stays = 1;
    }
    return 1;
}

/* Puts the kept same-parent children of `parent` back in their old order
 * (in the slots they hold), so the run that stays is unique. */
void restore_order(const model *m, int parent)
{
    int nodes[PC], old[PC], k = same_parent_kept(m, parent, nodes, old), i, j, s = 0;
    const msec *ps = parent < 0 ? &m->root : plan[parent].old;
    for (i = 1; i < k; i++) {
        for (j = i; j > 0 && old[j - 1] > old[j]; j--) {
            int t = old[j];
            old[j] = old[j - 1];
            old[j - 1] = t;
            t = nodes[j];
            nodes[j] = nodes[j - 1];
            nodes[j - 1] = t;
        }
    }
    for (i = 0; i < list_len(parent); i++) {
        int nd = list_node(parent, i);
        if (nd >= 0 && plan[nd].old != NULL && plan[nd].old->parent == ps) {
            if (parent < 0) {
                top[i] = nodes[s++];
            } else {
                plan[parent].c[i].node = nodes[s++];
            }
        }
    }
}

fold_snapshot_entry ent[PE];
int nent;

int emit_node(int node, int depth, rng *r)
{
    pnode *x = &plan[node];
    fold_snapshot_entry *e;
    int i;
    if (nent >= PE) {
        return 0;
    }
    e = &ent[nent++];
    memset(e, 0, sizeof *e);
    e->kind = FOLD_SNAPSHOT_SECTION;
    e->depth = depth;
    e->key = x->key;
    e->header = x->header[0] == '\0' && rng_below(r, 2) ? NULL : x->header;
    e->flags = x->old == NULL || rng_below(r, 2) ? x->flags : pick_flags((uint32_t)rng_next(r));
    e->heights = x->heights;
    e->header_height = x->hh;
    e->footer_height = x->fh;
    e->row_height = x->rh;
    for (i = 0; i < x->n; i++) {
        if (x->c[i].node >= 0) {
            if (!emit_node(x->c[i].node, depth + 1, r)) {
                return 0;
            }
        } else if (nent + 2 <= PE) {
            /* Sometimes one run as two adjacent entries (they count as one). */
            int64_t split = -1;
            if (x->c[i].rows > 0 && rng_below(r, 4) == 0) {
                split = rng_below(r, x->c[i].rows + 1);
            }
            e = &ent[nent++];
            memset(e, 0, sizeof *e);
            e->kind = FOLD_SNAPSHOT_ROWS;
            e->depth = depth + 1;
            e->rows = split >= 0 ? split : x->c[i].rows;
            if (split >= 0) {
                ent[nent] = *e;
                ent[nent++].rows = x->c[i].rows - split;
            }
        } else {
            return 0;
        }
    }
    return 1;
}

/* Limits of the model: sections, children, rows, depth. */
int plan_fits(void)
{
    int live[PN], nl = live_nodes(live), i, j, rows = 0;
    if (nl > MAX_SECT || ntop > MAXC) {
        return 0;
    }
    for (i = 0; i < nl; i++) {
        pnode *x = &plan[live[i]];
        int n = 0;
        for (j = 0; j < x->n; j++) {
            n += x->c[j].node >= 0 ? 1 : (int)x->c[j].rows;
            rows += x->c[j].node >= 0 ? 0 : (int)x->c[j].rows;
        }
        if (n > MAXC || pdepth(live[i]) >= MODEL_MAX_DEPTH) {
            return 0;
        }
    }
    return rows <= MAX_ROWS_TOTAL;
}

/* Makes the plan for an operation's words: the model's tree, nperturb
 * random changes, the kept children that stay marked, the entries written.
 * Returns 0 when it does not fit the model (skip the operation). */
int make_plan(model *m, const uint32_t *p, rng *r, int nperturb)
{
    unsigned next_kid = p[1] % KEY_IDS;
    int i, j;
    nplan = ntop = 0;
    for (i = 0; i < m->root.n; i++) {
        copy_tree(m->root.c[i].sec, -1);
    }
    for (i = 0; i < nperturb; i++) {
        perturb(m, r, &next_kid);
    }
    if (!plan_fits()) {
        return 0;
    }
    for (i = -1; i < nplan; i++) {
        if (i < 0 || plan[i].live) {
            if (!mark_stays(m, i)) {
                restore_order(m, i);
                for (j = 0; j < nplan; j++) {
                    if (plan[j].parent == i) {
                        plan[j].stays = 0;
                    }
                }
                mark_stays(m, i); /* unique now: all of them stay */
            }
        }
    }
    nent = 0;
    for (i = 0; i < ntop; i++) {
        if (!emit_node(top[i], 0, r)) {
            return 0;
        }
    }

    return 1;
}
