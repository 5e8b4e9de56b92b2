/*
 * veto.c — differential test (test_differential.c): vetoing listeners (OP_VETO): sections and rows whose "will" events are
 * refused, the change-set counter, and apply_veto.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"


/* What the operation says must be redrawn or must not be reported, checked
 * with the change set after it (check_changes). */
msec *must_redraw[MAX_SECT];
int nmust;
int expect_no_set; /* the call changes nothing: no change set */

/* ---- vetoing listeners --------------------------------------------------- */

/* What the listeners of every table refuse (nothing outside OP_VETO), and
 * what they saw during one call. */

veto_state veto = {{{0}}, 0, {0}, -1, 0, 0, 0, 0};

void veto_reset(void)
{
    veto.nkeys = 0;
    veto.row = -1;
    veto.wills = veto.dids = veto.will_after_did = 0;
}

int veto_refuses(const char *key)
{
    int i;
    for (i = 0; i < veto.nkeys; i++) {
        if (strcmp(veto.keys[i], key) == 0) {
            return 1;
        }
    }
    return 0;
}

void veto_saw(fold_table *t, fold_section_id section, const char *key, int will)
{
    fold_section_id id = 0;
    if (will) {
        veto.wills++;
        veto.will_after_did |= veto.dids > 0;
    } else {
        veto.dids++;
    }
    /* Reading the table inside a listener is allowed. */
    if (key == NULL || fold_table_find_section(t, key, &id) != FOLD_OK || id != section) {
        veto.wrong_id++;
    }
}

int on_section_veto(fold_table *t, fold_section_id section, const char *key, int32_t event,
                    void *user_data)
{
    int will = event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND;
    (void)user_data;
    veto_saw(t, section, key, will);
    return !(will && key != NULL && veto_refuses(key));
}

int on_row_veto(fold_table *t, fold_section_id section, const char *key, int64_t row,
                int32_t event, void *user_data)
{
    int will = event == FOLD_ROW_WILL_EXPAND || event == FOLD_ROW_WILL_COLLAPSE;
    (void)user_data;
    veto_saw(t, section, key, will);
    return !(will && key != NULL && veto.row >= 0 && row == veto.row &&
             strcmp(key, veto.row_key) == 0);
}

/* The last change set, copied for check_changes. */

last_change_set last_set;

void on_change_count(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)user_data;
    change_sets_seen++;
    last_set.overflow = set->change_count > MAX_STEPS || set->redraw_count > MAX_STEPS ||
                        set->move_count > MAX_STEPS || set->change_count < 0 ||
                        set->redraw_count < 0 || set->move_count < 0;
    last_set.nch = last_set.overflow ? 0 : set->change_count;
    last_set.nrd = last_set.overflow ? 0 : set->redraw_count;
    last_set.nmv = last_set.overflow ? 0 : set->move_count;
    last_set.moves_null = (set->move_count > 0) != (set->moves != NULL);
    if (last_set.nmv > 0 && set->moves != NULL) {
        memcpy(last_set.mv, set->moves, sizeof(fold_move) * (size_t)last_set.nmv);
    }
    if (last_set.nch > 0) {
        memcpy(last_set.ch, set->changes, sizeof(fold_change) * (size_t)last_set.nch);
    }
    if (last_set.nrd > 0) {
        memcpy(last_set.rd, set->redraw, sizeof(fold_range) * (size_t)last_set.nrd);
    }
    last_set.delta = set->content_height_delta;
    last_set.anchored = set->anchored;
    last_set.anchored_offset = set->anchored_offset;
}

/* Refuses section s (its key) from now until veto_reset. */
void veto_section(const msec *s)
{
    if (s != NULL && veto.nkeys < 3 && !veto_refuses(s->key)) {
        strcpy(veto.keys[veto.nkeys++], s->key);
    }
}

/* Row index (among rows) of child j of s. */
int64_t row_of_child(const msec *s, int j)
{
    int i;
    int64_t r = 0;
    for (i = 0; i < j; i++) {
        r += s->c[i].sec == NULL;
    }
    return r;
}

/* The expanded rows an expansion of a row of s displaces under the accordion. */
int displaced_rows(model *m, msec *s, msec **secs, int *childs)
{
    msec *all[MAX_SECT];
    int ns = 0, n = 0, i, j;
    if (m->accordion == FOLD_ACCORDION_SINGLE) {
        ns = all_sections(m, all);
    } else if (m->accordion == FOLD_ACCORDION_PER_SECTION) {
        all[ns++] = s;
    }
    for (i = 0; i < ns; i++) {
        for (j = 0; j < all[i]->n; j++) {
            if (all[i]->c[j].sec == NULL && all[i]->c[j].expanded) {
                secs[n] = all[i];
                childs[n++] = j;
            }
        }
    }
    return n;
}

/* Expands child j of s in the model, displacing what the accordion says. */
void model_expand_row(model *m, msec *s, int j)
{
    if (m->accordion == FOLD_ACCORDION_SINGLE) {
        msec *all[MAX_SECT];
        int ns = all_sections(m, all), i, k;
        for (i = 0; i < ns; i++) {
            for (k = 0; k < all[i]->n; k++) {
                all[i]->c[k].expanded = 0;
            }
        }
    } else if (m->accordion == FOLD_ACCORDION_PER_SECTION) {
        int k;
        for (k = 0; k < s->n; k++) {
            s->c[k].expanded = 0;
        }
    }
    s->c[j].expanded = 1;
}

/* Activating an empty collapsible section's header toggles its stored state,
 * as fold_table_toggle does (foldtable.h: "a header toggles its section (if
 * collapsible)"; FOLD_ACTIVATED_NOTHING names "a fixed header"). */

int header_activates(const msec *s)
{
    return !s->fixed && (s->n > 0 || ACTIVATE_TOGGLES_EMPTY);
}

/* One vetoable call with refusals the run picks; the model does what the
 * header says a refusal does. */
int apply_veto(fold_table *t, model *m, const uint32_t *p)
{
    long sets = change_sets_seen;
    int kind = (int)(p[0] % 5), changed_model = 0;
    fold_section_id id = 0;
    veto_reset();
    switch (kind) {
    case 0: { /* collapse / expand / toggle one section */
        msec *s = pick_sec(m, p[1]);
        int what = (int)(p[2] % 3), changed = -1, want, expect = FOLD_OK;
        static const char *const names[] = {"collapse", "expand", "toggle"};
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, p[5] / 16, id);
        if (p[3] % 3 != 0) {
            veto_section(s);
        } else {
            veto_section(pick_sec(m, p[4]));
        }
        if (s->fixed && what != 1) {
            expect = FOLD_E_NOT_ALLOWED;
        }
        want = what == 0 ? shows_children(s) : what == 1 ? s->collapsed : 1; /* opened: expanded */
        want = want && !s->fixed && !veto_refuses(s->key);
        descf("%s(%s) refusing %s", names[what], q(s->key), q(veto.keys[0]));
        EXPECT_ST(what == 0   ? fold_table_collapse(t, id, &changed)
                  : what == 1 ? fold_table_expand(t, id, &changed)
                              : fold_table_toggle(t, id, &changed),
                  expect);
        if (expect != FOLD_OK) {
            EXPECT_I(veto.wills + veto.dids, 0, "events of a refused call");
            break;
        }
        EXPECT_I(changed, want, "out_changed");
        if (want) {
            model_flip(m, s, what == 2 ? shows_children(s) : what == 0);
            changed_model = 1;
        }
        break;
    }
    case 1: { /* collapse_all / expand_all */
        msec *all[MAX_SECT];
        int collapse = (int)(p[1] & 1), i, ns = all_sections(m, all);
        int64_t want = 0, changed = -1;
        veto_section(pick_sec(m, p[2]));
        if (p[3] % 2) {
            veto_section(pick_sec(m, p[4]));
        }
        for (i = 0; i < ns; i++) {
            if (collapsible_now(all[i]) && (collapse ? shows_children(all[i]) : all[i]->collapsed) &&
                (collapse || all[i]->load != FOLD_LOAD_UNLOADED) && !veto_refuses(all[i]->key)) {
                model_flip(m, all[i], collapse);
                want++;
            }
        }
        descf("%s_all() refusing %d sections", collapse ? "collapse" : "expand", veto.nkeys);
        EXPECT_ST(collapse ? fold_table_collapse_all(t, &changed) : fold_table_expand_all(t, &changed),
                  FOLD_OK);
        EXPECT_I(changed, want, "out_changed");
        changed_model = want > 0;
        break;
    }
    case 2: { /* expand / toggle a row; the accordion may displace others */
        msec *s = pick_sec_with_rows(m, p[1]), *secs[MAX_ROWS_TOTAL];
        int childs[MAX_ROWS_TOTAL], nd, i, changed = -1, refused = 0, toggle = (int)(p[4] & 1);
        int64_t row;
        mchild *c;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, p[5] / 16, id);
        row = p[2] % (uint32_t)nrows_of(s);
        c = &s->c[child_of_row(s, (int)row)];
        nd = c->expanded ? 0 : displaced_rows(m, s, secs, childs);
        if (p[3] % 3 == 0 || nd == 0) {
            strcpy(veto.row_key, s->key);
            veto.row = row;
        } else {
            i = (int)(p[3] / 3 % (uint32_t)nd);
            strcpy(veto.row_key, secs[i]->key);
            veto.row = row_of_child(secs[i], childs[i]);
        }
        descf("%s(%s, %lld) refusing row %lld of %s", toggle ? "toggle_row" : "expand_row", q(s->key),
              (long long)row, (long long)veto.row, q(veto.row_key));
        EXPECT_ST(toggle ? fold_table_toggle_row(t, id, row, &changed)
                         : fold_table_expand_row(t, id, row, &changed),
                  FOLD_OK);
        if (c->expanded) {
            /* toggle collapses it; expand does nothing */
            refused = toggle && strcmp(veto.row_key, s->key) == 0 && veto.row == row;
            EXPECT_I(changed, toggle && !refused, "out_changed");
            if (toggle && !refused) {
                c->expanded = 0;
                changed_model = 1;
            }
            break;
        }
        if (!row_expandable(m, s, c)) {
            EXPECT_I(changed, 0, "out_changed");
            break;
        }
        refused = strcmp(veto.row_key, s->key) == 0 && veto.row == row;
        for (i = 0; i < nd; i++) {
            refused |= strcmp(veto.row_key, secs[i]->key) == 0 && veto.row == row_of_child(secs[i], childs[i]);
        }
        EXPECT_I(changed, !refused, "out_changed");
        if (!refused) {
            for (i = 0; i < nd; i++) {
                secs[i]->c[childs[i]].expanded = 0;
            }
            c->expanded = 1;
            changed_model = 1;
        }
        break;
    }
    case 3: { /* activate a header or a row, refusing it or not */
        int64_t pos;
        int32_t action = -1, want = FOLD_ACTIVATED_NOTHING;
        int refuse = (int)(p[2] % 3 != 0);
        mitem x;
        build(m);
        if (nitems == 0) {
            SKIP();
        }
        pos = p[1] % (uint32_t)nitems;
        x = items[pos];
        if (refuse) {
            if (x.kind == FOLD_ITEM_ROW) {
                strcpy(veto.row_key, x.sec->key);
                veto.row = x.row;
            } else {
                veto_section(x.sec);
            }
        }
        if (x.kind == FOLD_ITEM_HEADER && header_activates(x.sec)) {
            if (refuse) {
                want = FOLD_ACTIVATED_REFUSED;
            } else {
                model_flip(m, x.sec, shows_children(x.sec));
                want = x.sec->collapsed ? FOLD_ACTIVATED_SECTION_COLLAPSED
                                        : FOLD_ACTIVATED_SECTION_EXPANDED;
                changed_model = 1;
            }
        } else if (x.kind == FOLD_ITEM_PLACEHOLDER) {
            /* A retry asks no listener. */
            if (x.sec->load == FOLD_LOAD_FAILED) {
                model_retry(m, x.sec);
                want = FOLD_ACTIVATED_LOAD_RETRIED;
                changed_model = 1;
            }
        } else if (x.kind == FOLD_ITEM_ROW) {
            mchild *c = &x.sec->c[x.child];
            if (c->expanded || row_expandable(m, x.sec, c)) {
                if (refuse) {
                    want = FOLD_ACTIVATED_REFUSED;
                } else if (c->expanded) {
                    c->expanded = 0;
                    want = FOLD_ACTIVATED_ROW_COLLAPSED;
                    changed_model = 1;
                } else {
                    model_expand_row(m, x.sec, x.child);
                    want = FOLD_ACTIVATED_ROW_EXPANDED;
                    changed_model = 1;
                }
            }
        }
        descf("activate(%lld)%s  /* %s of %s */", (long long)pos, refuse ? " refusing it" : "",
              x.kind == FOLD_ITEM_HEADER ? "header" : x.kind == FOLD_ITEM_ROW ? "row" : "footer",
              q(x.sec->key));
        EXPECT_ST(fold_table_activate(t, pos, &action), FOLD_OK);
        EXPECT_I(action, want, "activate: out_action");
        break;
    }
    default: { /* reveal_row, refusing one of the sections that hide the row (or another) */
        msec *s = pick_sec_with_rows(m, p[1]), *chain[MODEL_MAX_DEPTH + 1], *x;
        int n = 0, i, expand = p[3] % 4 != 0, refused = 0, filtered;
        int64_t row, pos = -1;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, p[5] / 16, id);
        row = p[2] % (uint32_t)nrows_of(s);
        for (x = s; x != &m->root; x = x->parent) {
            if (!shows_children(x) && x->n > 0) {
                chain[n++] = x;
            }
        }
        /* A row the filter hides cannot be revealed: refused before anything changes. */
        filtered = row_filtered(m, s, &s->c[child_of_row(s, (int)row)]);
        if (p[4] % 3 == 1 && n > 0) {
            veto_section(chain[p[4] / 3 % (uint32_t)n]);
        } else if (p[4] % 3 == 2) {
            veto_section(pick_sec(m, p[4] / 3));
        }
        for (i = 0; i < n; i++) {
            refused |= veto_refuses(chain[i]->key);
        }
        descf("reveal_row(%s, %lld, %d) refusing %s", q(s->key), (long long)row, expand,
              q(veto.nkeys ? veto.keys[0] : ""));
        if (filtered || (n > 0 && (!expand || refused))) {
            EXPECT_ST(fold_table_reveal_row(t, id, row, expand, &pos), FOLD_E_NOT_VISIBLE);
            break;
        }
        EXPECT_ST(fold_table_reveal_row(t, id, row, expand, &pos), FOLD_OK);
        for (i = 0; i < n; i++) {
            model_flip(m, chain[i], 0);
        }
        changed_model = n > 0;
        build(m);
        EXPECT_I(pos, s->c[child_of_row(s, (int)row)].pos, "reveal_row: out_position");
        break;
    }
    }
    if (veto.will_after_did) {
        return failf("a \"will\" event came after a \"did\" event of the same call");
    }
    if (!changed_model && change_sets_seen != sets) {
        return failf("nothing changed but %ld change set(s) were delivered", change_sets_seen - sets);
    }
    if (change_sets_seen - sets > 1) {
        return failf("one call delivered %ld change sets", change_sets_seen - sets);
    }
    veto_reset();
    return 0;
}

/* Flags for a new section from a random word: mostly none, sometimes
 * COLLAPSED, EXPANDED, FIXED or NO_HEADER (EXPANDED also with the other
 * two). */
