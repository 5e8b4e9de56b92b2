/*
 * load.c — differential test (test_differential.c): lazily loaded children.
 * The model's load states (a placeholder while loading or failed, tickets
 * handed out in order, expanding starts a load and collapsing cancels it)
 * and OP_LOAD: inserting an unloaded section, finishing a load with rows
 * (with its ticket or a stale one), failing it, fold_table_load. Adding
 * children to a section that is not loaded any other way is refused, so the
 * other operations skip such targets (test_loading.c checks the refusals);
 * a snapshot that gives a kept section child entries ends its load
 * (snapshot.c).
 */
#include <stdio.h>
#include <string.h>

#include "differential.h"

int shows_placeholder(const msec *s)
{
    return s->load == FOLD_LOAD_LOADING || s->load == FOLD_LOAD_FAILED;
}

int not_loaded(const msec *s) { return s->load != FOLD_LOAD_LOADED; }

/* A new load of `s`: the next ticket. */
static void start_load(model *m, msec *s)
{
    s->load = FOLD_LOAD_LOADING;
    s->ticket = m->next_ticket++;
}

void model_retry(model *m, msec *s) { start_load(m, s); }

void model_flip(model *m, msec *s, int collapsed)
{
    s->collapsed = collapsed;
    /* Collapsed while filtering: not opened by it until it is set again. */
    if (collapsed && m->filter_on) {
        s->closed = 1;
    }
    if (collapsed && shows_placeholder(s)) {
        s->load = FOLD_LOAD_UNLOADED;
        s->ticket = 0;
    } else if (!collapsed && s->load == FOLD_LOAD_UNLOADED) {
        start_load(m, s);
    }
}

/* A section whose load is under way, picked by `p`; NULL if none is. */
static msec *pick_loading(model *m, uint32_t p)
{
    msec *all[MAX_SECT], *loading[MAX_SECT];
    int ns = all_sections(m, all), n = 0, i;
    for (i = 0; i < ns; i++) {
        if (shows_placeholder(all[i])) {
            loading[n++] = all[i];
        }
    }
    return n == 0 ? NULL : loading[p % (uint32_t)n];
}

int load_expanded;

int apply_load(fold_table *t, model *m, const op *o)
{
    const uint32_t *p = o->p;
    uint32_t how = p[5] / 16;
    int st;
    fold_section_id id = 0;

    load_expanded = 0;
    switch (p[0] % 5) {
    case 0: { /* an unloaded section, at the end of a loaded parent */
        msec *parent = p[1] % 3 == 0 ? &m->root : pick_sec(m, p[1] / 3), *s;
        fold_section_id pid = FOLD_ROOT, out = 0;
        unsigned kid = (p[3] >> 4) % KEY_IDS;
        char key[16];
        if (parent == NULL || depth_of(m, parent) + 1 >= MODEL_MAX_DEPTH) {
            parent = &m->root;
        }
        sprintf(key, "k%u", kid);
        if (m->nsec >= MAX_SECT || parent->n >= MAXC || not_loaded(parent) || key_taken(m, key)) {
            SKIP();
        }
        RESOLVE(parent, how, pid);
        /* The match function is asked about the new section: it may stop it. */
        insertion_stops(m, p[4]);
        descf("insert_section(%s, FOLD_INDEX_END, %s, NULL, 0, FOLD_SECTION_UNLOADED)%s",
              parent == &m->root ? "FOLD_ROOT" : q(parent->key), q(key),
              m->match_stop ? "  /* the match function stops it */" : "");
        st = fold_table_insert_section(t, pid, FOLD_INDEX_END, key, NULL, 0, FOLD_SECTION_UNLOADED, &out);
        if (m->match_stop) {
            m->match_stop = 0;
            expect_no_set = 1;
            EXPECT_ST(st, FOLD_E_CANCELLED);
            return 0;
        }
        EXPECT_ST(st, FOLD_OK);
        s = new_sec(m, kid, "", 0, 0);
        s->fid = out;
        s->collapsed = 1;
        s->load = FOLD_LOAD_UNLOADED;
        insert_child(parent, parent->n, sec_child(s));
        match_new_section(m, s);
        return 0;
    }
    case 1:
    case 2: { /* its children: rows (with its ticket, or a stale one) */
        msec *s = pick_loading(m, p[1]);
        int64_t rows = p[2] % 4, i;
        int stale = p[3] % 6 == 0, stopped;
        uint64_t ticket;
        fold_snapshot_entry e;
        fold_snapshot_report report;
        if (s == NULL || s->n + rows > MAXC || m->nrows + rows > MAX_ROWS_TOTAL) {
            SKIP();
        }
        ticket = stale ? s->ticket + 1 + p[4] % 3 : s->ticket;
        RESOLVE(s, how, id);
        memset(&e, 0, sizeof e);
        e.kind = FOLD_SNAPSHOT_ROWS;
        e.rows = rows;
        descf("finish_load(%s, %llu, {rows %lld})", q(s->key), (unsigned long long)ticket, (long long)rows);
        /* The match function is asked about the rows it brings: it may stop it. */
        stopped = !stale && rows > 0 && insertion_stops(m, p[4] >> 4);
        expect_no_set = stale || stopped;
        st = fold_table_finish_load(t, id, ticket, &e, 1, &report);
        m->match_stop = 0;
        EXPECT_ST(st, stale || stopped ? FOLD_E_CANCELLED : FOLD_OK);
        if (st == FOLD_OK) {
            EXPECT_I(report.rows_inserted, rows, "finish_load: rows_inserted");
            for (i = 0; i < rows; i++) {
                insert_child(s, (int)i, row_child(NOV));
            }
            match_new_rows(m, s, 0, (int)rows);
            m->nrows += (int)rows;
            s->load = FOLD_LOAD_LOADED;
            s->ticket = 0;
            stats.loads_finished++;
        } else {
            stats.loads_stale += stale;
        }
        return 0;
    }
    case 3: { /* a failure (of a load that already failed: refused) */
        msec *s = pick_loading(m, p[1]);
        int again;
        if (s == NULL) {
            SKIP();
        }
        again = s->load == FOLD_LOAD_FAILED;
        RESOLVE(s, how, id);
        descf("fail_load(%s, %llu, \"no\")", q(s->key), (unsigned long long)s->ticket);
        expect_no_set = again;
        EXPECT_ST(fold_table_fail_load(t, id, s->ticket, "no"), again ? FOLD_E_CANCELLED : FOLD_OK);
        stats.loads_failed += !again;
        s->load = FOLD_LOAD_FAILED;
        return 0;
    }
    default: { /* fold_table_load: a retry, an expansion, or refused */
        msec *s = pick_sec(m, p[1]);
        int expect;
        if (s == NULL) {
            SKIP();
        }
        expect = s->load == FOLD_LOAD_LOADED || s->load == FOLD_LOAD_LOADING ? FOLD_E_NOT_ALLOWED : FOLD_OK;
        RESOLVE(s, how, id);
        descf("load(%s)", q(s->key));
        expect_no_set = expect != FOLD_OK;
        EXPECT_ST(fold_table_load(t, id), expect);
        if (s->load == FOLD_LOAD_FAILED) {
            model_retry(m, s);
        } else if (s->load == FOLD_LOAD_UNLOADED) {
            model_flip(m, s, 0);
            load_expanded = 1; /* it anchors as an expansion does */
        }
        return 0;
    }
    }
}
