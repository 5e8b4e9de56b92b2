/*
 * snapshot.c — differential test (test_differential.c): OP_SNAPSHOT,
 * fold_table_apply_snapshot. A plan of the wanted tree (snapshot_plan.c)
 * is written out as entries, applied to the table, and applied to the
 * model by the header's rules: kept sections keep id, collapsed state and
 * heights; between the kept subsections that stay in place the old rows
 * are matched to the new in order (new ones of the default height at the
 * end, old ones left over removed); removed sections' ids become stale.
 * The report is predicted whole (moves by the longest-run rule). A quarter
 * of the snapshots carry one bad entry (duplicate key, bad depth, rows at
 * depth 0, negative rows, empty, NULL or invalid key, bad height, unknown
 * bits or kind): that status, no change set, and nothing changes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot_plan.h"

new_op_stats stats;

/* The old rows of node's stretch number `stretch`: the stretches are
 * split by the kept subsections that stay in place. Returns their count. */
static int old_stretch(int node, int stretch, const mchild *oldc, const int *oldn, mchild *out)
{
    int a = 0, q, n = 0;
    for (q = 0; q < oldn[node]; q++) {
        const mchild *oc = &oldc[node * MAXC + q];
        if (oc->sec != NULL) {
            int nd = find_node(oc->sec);
            a += nd >= 0 && plan[nd].live && plan[nd].stays && plan[nd].parent == node;
        } else if (a == stretch) {
            out[n++] = *oc;
        }
    }
    return n;
}

/* Builds the model's new tree from the plan: node's children (its kept
 * rows matched by stretch). Counts rows inserted and removed. */
static msec *build_node(model *m, int node, msec *parent, const mchild *oldc, const int *oldn,
                        int64_t *rows_in, int64_t *rows_out)
{
    pnode *x = &plan[node];
    msec *s = x->old;
    int i, j, stretch = 0, used = 0, rows = 0;
    mchild olds[MAXC];
    int nold = 0;
    if (s == NULL) {
        s = new_sec(m, x->kid, x->header, 0, x->flags);
        /* While filtering, asked about (header -1) before anything changed. */
        s->matched = m->filter_on && match_rule(s->key, -1, m->salt);
    } else {
        if (s->header != x->header) {
            strcpy(s->header, x->header);
        }
        /* Any child entry ends a kept section's load (a rows entry of 0 rows too). */
        if (x->n > 0 && not_loaded(s)) {
            s->load = FOLD_LOAD_LOADED;
            s->ticket = 0;
        }
        s->n = 0;
    }
    s->parent = parent;
    if (x->heights & FOLD_SNAPSHOT_HEADER_HEIGHT) {
        s->hh = x->hh == FOLD_HEIGHT_DEFAULT ? NOV : quant(x->hh);
    }
    if (x->heights & FOLD_SNAPSHOT_FOOTER_HEIGHT) {
        s->fh = x->fh == FOLD_HEIGHT_DEFAULT ? NOV : quant(x->fh);
    }
    if (x->heights & FOLD_SNAPSHOT_ROW_HEIGHT) {
        s->rh = x->rh == FOLD_HEIGHT_DEFAULT ? NOV : quant(x->rh);
    }
    nold = old_stretch(node, 0, oldc, oldn, olds);
    for (i = 0; i < x->n; i++) {
        pchild *c = &x->c[i];
        if (c->node >= 0) {
            msec *sub;
            if (plan[c->node].stays) {
                *rows_out += nold - used > 0 ? nold - used : 0;
                nold = old_stretch(node, ++stretch, oldc, oldn, olds);
                used = 0;
            }
            sub = build_node(m, c->node, s, oldc, oldn, rows_in, rows_out);
            s->c[s->n++] = sec_child(sub);
            continue;
        }
        for (j = 0; j < c->rows; j++, rows++) {
            if (used < nold) {
                s->c[s->n++] = olds[used++];
            } else {
                /* A new row: asked about by its row index in the new tree. */
                s->c[s->n] = row_child(NOV);
                s->c[s->n++].matched = m->filter_on && match_rule(s->key, rows, m->salt);
                (*rows_in)++;
            }
        }
    }
    *rows_out += nold - used > 0 ? nold - used : 0;
    return s;
}

static void report_text(char *buf, size_t size, const fold_snapshot_report *r)
{
    snprintf(buf, size,
             "inserted %lld, removed %lld, moved %lld, kept %lld, headers %lld, rows +%lld -%lld",
             (long long)r->sections_inserted, (long long)r->sections_removed,
             (long long)r->sections_moved, (long long)r->sections_kept,
             (long long)r->headers_changed, (long long)r->rows_inserted,
             (long long)r->rows_removed);
}

/* Spoils one entry of ent for variants 0..5 (when there is something to
 * spoil): sets *bad to its index and returns the status the call must
 * fail with (FOLD_OK: nothing spoiled). */
static int inject_bad_entry(int variant, uint32_t p4, int *out_bad)
{
    int k, j, expect = FOLD_OK, bad = -1;
    if (variant < 6 && nent > 0) {
        bad = (int)(p4 % (uint32_t)nent);
        switch (variant) {
        case 0: /* duplicate key */
            for (k = 0; k < nent; k++) {
                if (ent[(bad + k) % nent].kind == FOLD_SNAPSHOT_SECTION) {
                    break;
                }
            }
            j = (bad + k) % nent;
            for (k = 1; k < nent; k++) {
                int e2 = (j + k) % nent;
                if (ent[e2].kind == FOLD_SNAPSHOT_SECTION) {
                    ent[e2].key = ent[j].key;
                    bad = e2;
                    expect = FOLD_E_DUPLICATE;
                    break;
                }
            }
            break;
        case 1: /* deeper than one below the section before it, or negative */
            for (k = bad - 1; k >= 0 && ent[k].kind != FOLD_SNAPSHOT_SECTION; k--) {
            }
            if (k >= 0 && (p4 & 1)) {
                ent[bad].depth = ent[k].depth + 2;
                expect = FOLD_E_RANGE;
            } else if (ent[bad].kind == FOLD_SNAPSHOT_SECTION) {
                ent[bad].depth = -1;
                expect = FOLD_E_RANGE;
            }
            break;
        case 2: /* rows at depth 0, or a negative row count */
            if (p4 & 1) {
                ent[bad].kind = FOLD_SNAPSHOT_ROWS;
                ent[bad].depth = 0;
                ent[bad].rows = 1;
                expect = FOLD_E_INVALID;
            } else if (ent[bad].kind == FOLD_SNAPSHOT_ROWS) {
                ent[bad].rows = -1;
                expect = FOLD_E_RANGE;
            }
            break;
        case 3: /* an empty, NULL or invalid key */
            if (ent[bad].kind == FOLD_SNAPSHOT_SECTION) {
                ent[bad].key = p4 % 3 == 0 ? "" : p4 % 3 == 1 ? NULL : "bad\xC3(";
                expect = FOLD_E_INVALID;
            }
            break;
        case 4: /* a bad height with its bit, unknown heights bits */
            if (ent[bad].kind == FOLD_SNAPSHOT_SECTION) {
                if (p4 & 1) {
                    ent[bad].heights |= FOLD_SNAPSHOT_ROW_HEIGHT;
                    ent[bad].row_height = bad_height(p4 / 2);
                } else {
                    ent[bad].heights |= 8u << (p4 / 2 % 8);
                }
                expect = FOLD_E_INVALID;
            }
            break;
        default: /* an unknown kind */
            ent[bad].kind = 2 + (int32_t)(p4 % 3);
            expect = FOLD_E_INVALID;
            break;
        }
        if (expect == FOLD_OK) {
            bad = -1;
        }
    }

    *out_bad = bad;
    return expect;
}

/* The description of the call: keys, depths, runs; "!" marks the bad entry. */
static void describe(int bad)
{
    char dtext[512];
    int i, at;
    at = snprintf(dtext, sizeof dtext, "apply_snapshot(%d entries:", nent);
    for (i = 0; i < nent && at < (int)sizeof dtext - 40; i++) {
        if (ent[i].kind == FOLD_SNAPSHOT_SECTION) {
            at += snprintf(dtext + at, sizeof dtext - (size_t)at, " %d:%s%s%s", ent[i].depth,
                           ent[i].key ? ent[i].key : "NULL", ent[i].heights ? "/h" : "",
                           i == bad ? "!" : "");
        } else {
            at += snprintf(dtext + at, sizeof dtext - (size_t)at, " %d:[%lld]%s", ent[i].depth,
                           (long long)ent[i].rows, i == bad ? "!" : "");
        }
    }
    descf("%s)", dtext);

}

/* Applies the plan to the model (after the table took it): the old
 * children of kept sections kept aside, the tree rebuilt, removed sections'
 * ids marked stale, new sections given the ids the table handed out.
 * *want gets the report the table must give. */
static int update_model(const fold_table *t, model *m, fold_snapshot_report *want)
{
    msec *old_all[MAX_SECT];
    static mchild oldc[PN * MAXC];
    int oldn[PN], nold_all, i, j;
    memset(want, 0, sizeof *want);
    nold_all = all_sections(m, old_all);
    for (i = 0; i < nplan; i++) {
        oldn[i] = 0;
        if (plan[i].old != NULL) {
            oldn[i] = plan[i].old->n;
            memcpy(&oldc[i * MAXC], plan[i].old->c, sizeof(mchild) * (size_t)plan[i].old->n);
        }
    }
    for (i = 0; i < nplan; i++) {
        pnode *x = &plan[i];
        if (!x->live) {
            continue;
        }
        if (x->old == NULL) {
            want->sections_inserted++;
            continue;
        }
        want->sections_kept++;
        if (strcmp(x->old->header, x->header) != 0) {
            want->headers_changed++;
            must_redraw[nmust++] = x->old; /* "its header is redrawn if the text changed" */
        }
        {
            const msec *np = x->parent < 0 ? &m->root : plan[x->parent].old;
            want->sections_moved += np != x->old->parent || !x->stays;
        }
    }
    for (i = 0; i < nold_all; i++) {
        int nd = find_node(old_all[i]);
        if (nd < 0 || !plan[nd].live) {
            want->sections_removed++;
            want->rows_removed += nrows_of(old_all[i]);
        }
    }
    m->root.n = 0;
    for (i = 0; i < ntop; i++) {
        msec *s = build_node(m, top[i], &m->root, oldc, oldn, &want->rows_inserted,
                              &want->rows_removed);
        m->root.c[m->root.n++] = sec_child(s);
    }
    for (i = 0; i < nold_all; i++) {
        int nd = find_node(old_all[i]);
        if (nd < 0 || !plan[nd].live) {
            msec *s = old_all[i];
            m->dead[m->dead_next] = s->fid;
            m->dead_next = (m->dead_next + 1) % MAX_DEAD;
            if (m->ndead < MAX_DEAD) {
                m->ndead++;
            }
            m->nsec--;
            free(s);
        }
    }
    /* New sections get the ids the table handed out. */
    for (i = 0; i < nplan; i++) {
        if (plan[i].live && plan[i].old == NULL) {
            msec *all[MAX_SECT];
            int ns = all_sections(m, all);
            fold_section_id id = 0;
            for (j = 0; j < ns; j++) {
                if (all[j]->id == plan[i].kid && all[j]->fid == 0) {
                    sprintf(ctx, "find_section(%s) after apply_snapshot", q(all[j]->key));
                    EXPECT_ST(fold_table_find_section(t, all[j]->key, &id), FOLD_OK);
                    if (id == FOLD_ROOT || dead_contains(m, id)) {
                        return failf("apply_snapshot handed out id %llu, which is 0 or a removed "
                                     "section's", (unsigned long long)id);
                    }
                    all[j]->fid = id;
                }
            }
        }
    }
    {
        msec *all[MAX_SECT];
        int ns = all_sections(m, all);
        m->nrows = 0;
        for (i = 0; i < ns; i++) {
            m->nrows += nrows_of(all[i]);
        }
    }
    return 0;
}

int apply_snapshot_op(fold_table *t, model *m, const op *o)
{
    const uint32_t *p = o->p;
    int variant = (int)(p[5] % 24), nperturb, expect = FOLD_OK, bad = -1, st;
    rng r;
    fold_snapshot_report want, got;

    int stop;
    r.s = ((uint64_t)p[0] << 32) | p[2];
    nperturb = p[3] % 8 == 0 ? 0 : 1 + (int)(p[3] / 8 % 4);
    if (!make_plan(m, p, &r, nperturb)) {
        SKIP();
    }
    expect = inject_bad_entry(variant, p[4], &bad);
    describe(bad);
    /* While filtering, now and then the match function stops at its first
     * question: FOLD_E_CANCELLED and nothing changed, unless the snapshot
     * adds nothing to ask about. */
    stop = insertion_stops(m, p[5] >> 8);
    memset(&got, 0x5A, sizeof got);
    st = fold_table_apply_snapshot(t, nent > 0 || (p[4] & 1) ? ent : NULL, nent, &got);
    m->match_stop = 0;
    if (stop && expect == FOLD_OK && st == FOLD_E_CANCELLED) {
        stats.snapshots_stopped++;
        return 0;
    }
    EXPECT_ST(st, expect);
    if (st != FOLD_OK) {
        stats.refused++;
        return 0;
    }

    if (update_model(t, m, &want)) {
        return 1;
    }
    if (stop && (want.sections_inserted > 0 || want.rows_inserted > 0)) {
        return failf("the match function stopped, yet the snapshot that adds %lld sections and %lld rows went in",
                     (long long)want.sections_inserted, (long long)want.rows_inserted);
    }
    expect_no_set = nperturb == 0 && want.headers_changed == 0;
    {
        char g[200], w[200];
        report_text(g, sizeof g, &got);
        report_text(w, sizeof w, &want);
        if (got.sections_inserted != want.sections_inserted ||
            got.sections_removed != want.sections_removed ||
            got.sections_moved != want.sections_moved || got.sections_kept != want.sections_kept ||
            got.headers_changed != want.headers_changed ||
            got.rows_inserted != want.rows_inserted ||
            got.rows_removed != want.rows_removed) {
            return failf("apply_snapshot report: got %s; expected %s", g, w);
        }
    }
    stats.snapshots++;
    stats.snapshots_filtering += m->filter_on;
    stats.unchanged += expect_no_set;
    stats.inserted += want.sections_inserted;
    stats.removed += want.sections_removed;
    stats.moved += want.sections_moved;
    stats.headers += want.headers_changed;
    stats.rows_in += want.rows_inserted;
    stats.rows_out += want.rows_removed;
    return 0;
}
