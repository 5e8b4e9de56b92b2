/*
 * apply_state.c — differential test (test_differential.c): the operations
 * that change heights and states (collapse, expansion, accordion, activation,
 * sticky levels, texts, collapsible), and apply(), which runs any operation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"

/* Operations OP_SET_ROW_HEIGHT .. OP_STALE (see apply). */
int apply_state(fold_table *t, model *m, const op *o)
{
    const uint32_t *p = o->p;
    int variant = (int)(p[5] % 16); /* 0..5: inject an error, where the op has one */
    uint32_t how = p[5] / 16;       /* how ids are found (resolve) */
    int st;
    fold_section_id id = 0;
    const char *stale = "";

    switch (o->type) {
    case OP_SET_ROW_HEIGHT:
    case OP_SET_ROW_HEIGHTS: {
        msec *s = pick_sec(m, p[0] >> 1);
        int64_t row, count = 1, i;
        int rows, expect = FOLD_OK;
        double h = 0, buf[MAXC + 2];
        const double *heights = NULL;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        rows = nrows_of(s);
        row = rows == 0 ? 0 : p[1] % (uint32_t)rows;
        if (o->type == OP_SET_ROW_HEIGHT) {
            h = p[3] % 4 == 0 ? FOLD_HEIGHT_DEFAULT : POOLP(row_explicit, p[3] / 4);
            if (rows == 0 || variant == 0) {
                row = rows;
                expect = FOLD_E_RANGE;
            } else {
                expect = inject_height_or_id(m, variant, p[4], &h, &id, &stale);
            }
            descf("set_row_height(%s, %lld, %g)", expect == FOLD_E_NOT_FOUND ? stale : q(s->key),
                  (long long)row, h);
            st = fold_table_set_row_height(t, id, row, h);
        } else {
            count = rows == 0 ? 0 : 1 + p[2] % (uint32_t)(rows - row);
            heights = make_heights(p[3], count, 0, buf);
            if (variant == 0) {
                count = rows - row + 1;
                heights = make_heights(p[3], count, 0, buf);
                expect = FOLD_E_RANGE;
            } else if (variant == 1 && count > 0) {
                buf[p[4] % (uint32_t)count] = bad_height(p[4] / 8);
                expect = FOLD_E_INVALID;
            } else if (variant == 2) {
                expect = inject_stale(m, p[4], &id, &stale);
            }
            descf("set_row_heights(%s, %lld, %lld, %s)",
                  expect == FOLD_E_NOT_FOUND ? stale : q(s->key), (long long)row, (long long)count,
                  heights_text(heights, count));
            st = fold_table_set_row_heights(t, id, row, count, heights);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            for (i = 0; i < count; i++) {
                double v = heights ? heights[i] : h;
                s->c[child_of_row(s, (int)(row + i))].h = v == FOLD_HEIGHT_DEFAULT ? NOV : quant(v);
            }
        }
        return 0;
    }

    case OP_SECTION_HEIGHT: {
        int which = (int)(p[1] % 3), expect = FOLD_OK;
        double h;
        msec *s = pick_sec(m, p[0]);
        static const int32_t whiches[] = {FOLD_HEIGHT_HEADER, FOLD_HEIGHT_FOOTER, FOLD_HEIGHT_ROW};
        static const char *const names[] = {"FOLD_HEIGHT_HEADER", "FOLD_HEIGHT_FOOTER",
                                            "FOLD_HEIGHT_ROW"};
        int32_t w;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        w = whiches[which];
        h = p[2] % 4 == 0    ? FOLD_HEIGHT_DEFAULT
            : which == 0     ? POOLP(header_pool, p[2] / 4)
            : which == 1     ? POOLP(footer_pool, p[2] / 4)
                             : POOLP(row_defaults, p[2] / 4);
        if (variant == 0) {
            h = bad_height(p[3]);
            expect = FOLD_E_INVALID;
        } else if (variant == 1) {
            /* Not a height a section has (FOLD_HEIGHT_EXPANDED is for providers). */
            w = p[3] % 3 == 0 ? FOLD_HEIGHT_EXPANDED : p[3] % 3 == 1 ? -1 : 4 + (int32_t)(p[3] % 100);
            expect = FOLD_E_INVALID;
        } else if (variant == 2) {
            expect = inject_root(&id);
        } else if (variant == 3) {
            expect = inject_stale(m, p[3], &id, &stale);
        }
        descf("set_section_height(%s, %s, %g)", sec_arg(expect, stale, id, s),
              w == whiches[which] ? names[which] : "(unknown)", h);
        st = fold_table_set_section_height(t, id, w, h);
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            double v = h == FOLD_HEIGHT_DEFAULT ? NOV : quant(h);
            if (which == 0) {
                s->hh = v;
            } else if (which == 1) {
                s->fh = v;
            } else {
                s->rh = v;
            }
        }
        return 0;
    }

    case OP_COLLAPSE: {
        int what = (int)(p[1] % 3), changed = -1, want, expect = FOLD_OK;
        msec *s = pick_sec(m, p[0]);
        static const char *const names[] = {"collapse", "expand", "toggle"};
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        expect = inject_root_or_stale(m, variant, p[3], &id, &stale);
        if (expect == FOLD_OK && s->fixed && what != 1) {
            expect = FOLD_E_NOT_ALLOWED; /* FIXED or NO_HEADER */
        }
        /* A section without children stores the state too (0.2); one a
         * filter opened counts as expanded. */
        want = what == 0 ? shows_children(s) : what == 1 ? s->collapsed : 1;
        want = want && !s->fixed;
        descf("%s(%s)", names[what], sec_arg(expect, stale, id, s));
        st = what == 0   ? fold_table_collapse(t, id, &changed)
             : what == 1 ? fold_table_expand(t, id, &changed)
                         : fold_table_toggle(t, id, &changed);
        expect_no_set = !want;
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            EXPECT_I(changed, want, "out_changed");
            if (want) {
                model_flip(m, s, what == 2 ? shows_children(s) : what == 0);
            }
        }
        return 0;
    }

    case OP_ALL: {
        int collapse = (int)(p[0] & 1), i, ns;
        int64_t want = 0, changed = -1;
        msec *all[MAX_SECT];
        ns = all_sections(m, all);
        for (i = 0; i < ns; i++) {
            /* Collapsible sections with children only; expanding all
             * leaves unloaded sections as they are. */
            if (collapsible_now(all[i]) && (collapse ? shows_children(all[i]) : all[i]->collapsed) &&
                (collapse || all[i]->load != FOLD_LOAD_UNLOADED)) {
                model_flip(m, all[i], collapse);
                want++;
            }
        }
        descf("%s_all()", collapse ? "collapse" : "expand");
        expect_no_set = want == 0;
        EXPECT_ST(collapse ? fold_table_collapse_all(t, &changed) : fold_table_expand_all(t, &changed),
                  FOLD_OK);
        EXPECT_I(changed, want, "out_changed");
        return 0;
    }

    case OP_EXPANDED_HEIGHT: {
        msec *s = pick_sec_with_rows(m, p[0]);
        int64_t row;
        int expect = FOLD_OK;
        double h;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        row = p[1] % (uint32_t)nrows_of(s);
        h = p[2] % 5 == 0 ? FOLD_HEIGHT_DEFAULT : POOLP(expanded_pool, p[2] / 5);
        if (variant == 0) {
            row = p[3] % 2 ? -1 : nrows_of(s);
            expect = FOLD_E_RANGE;
        } else {
            expect = inject_height_or_id(m, variant, p[3], &h, &id, &stale);
        }
        descf("set_row_expanded_height(%s, %lld, %g)", expect == FOLD_E_NOT_FOUND ? stale : q(s->key),
              (long long)row, h);
        EXPECT_ST(fold_table_set_row_expanded_height(t, id, row, h), expect);
        if (expect == FOLD_OK) {
            s->c[child_of_row(s, (int)row)].eh = h == FOLD_HEIGHT_DEFAULT ? NOV : quant(h);
        }
        return 0;
    }

    case OP_ROW_STATE: {
        msec *s = pick_sec_with_rows(m, p[0]);
        int what = (int)(p[2] % 3), changed = -1, want = 0, expect = FOLD_OK, j;
        int64_t row;
        mchild *c;
        static const char *const names[] = {"expand_row", "collapse_row", "toggle_row"};
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        row = p[1] % (uint32_t)nrows_of(s);
        if (variant == 0) {
            row = p[3] % 2 ? -1 : nrows_of(s);
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            expect = inject_stale(m, p[3], &id, &stale);
        } else if (variant == 2) {
            expect = inject_root(&id);
        }
        descf("%s(%s, %lld)", names[what], sec_arg(expect, stale, id, s),
              (long long)row);
        st = what == 0   ? fold_table_expand_row(t, id, row, &changed)
             : what == 1 ? fold_table_collapse_row(t, id, row, &changed)
                         : fold_table_toggle_row(t, id, row, &changed);
        EXPECT_ST(st, expect);
        if (st != FOLD_OK) {
            return 0;
        }
        j = child_of_row(s, (int)row);
        c = &s->c[j];
        if (what == 2) {
            what = c->expanded ? 1 : 0;
        }
        if (what == 1) {
            want = c->expanded;
            c->expanded = 0;
        } else if (!c->expanded && row_expandable(m, s, c)) {
            model_expand_row(m, s, j);
            want = 1;
        }
        EXPECT_I(changed, want, "out_changed");
        return 0;
    }

    case OP_ACCORDION: {
        int32_t a = (int32_t)(p[0] % 3);
        int expect = FOLD_OK;
        if (variant == 0) {
            a = p[1] % 2 ? 3 : -1;
            expect = FOLD_E_INVALID;
        }
        descf("set_accordion(%d)", (int)a);
        EXPECT_ST(fold_table_set_accordion(t, a), expect);
        if (expect == FOLD_OK) {
            m->accordion = a;
        }
        return 0;
    }

    case OP_ACTIVATE: {
        int64_t pos;
        int32_t action = -1, want = FOLD_ACTIVATED_NOTHING;
        mitem x;
        build(m);
        pos = p[0] % (uint32_t)(nitems + 1);
        if (variant == 0) {
            pos = -1;
        }
        descf("activate(%lld)", (long long)pos);
        if (pos < 0 || pos >= nitems) {
            EXPECT_ST(fold_table_activate(t, pos, &action), FOLD_E_RANGE);
            return 0;
        }
        x = items[pos];
        descf("activate(%lld)  /* %s of %s */", (long long)pos,
              x.kind == FOLD_ITEM_HEADER ? "header" : x.kind == FOLD_ITEM_ROW ? "row" : "footer",
              q(x.sec->key));
        EXPECT_ST(fold_table_activate(t, pos, &action), FOLD_OK);
        if (x.kind == FOLD_ITEM_HEADER) {
            if (header_activates(x.sec)) {
                model_flip(m, x.sec, shows_children(x.sec));
                want = x.sec->collapsed ? FOLD_ACTIVATED_SECTION_COLLAPSED
                                        : FOLD_ACTIVATED_SECTION_EXPANDED;
            }
        } else if (x.kind == FOLD_ITEM_PLACEHOLDER) {
            if (x.sec->load == FOLD_LOAD_FAILED) {
                model_retry(m, x.sec);
                want = FOLD_ACTIVATED_LOAD_RETRIED;
            }
        } else if (x.kind == FOLD_ITEM_ROW) {
            msec *s = x.sec;
            mchild *c = &s->c[x.child];
            if (c->expanded) {
                c->expanded = 0;
                want = FOLD_ACTIVATED_ROW_COLLAPSED;
            } else if (row_expandable(m, s, c)) {
                model_expand_row(m, s, x.child);
                want = FOLD_ACTIVATED_ROW_EXPANDED;
            }
        }
        expect_no_set = want == FOLD_ACTIVATED_NOTHING;
        EXPECT_I(action, want, "activate: out_action");
        return 0;
    }

    case OP_STICKY_LEVELS: {
        int32_t levels = (int32_t)(p[0] % 4);
        if (variant == 0) {
            descf("set_sticky_levels(-1)");
            EXPECT_ST(fold_table_set_sticky_levels(t, -1), FOLD_E_RANGE);
            return 0;
        }
        descf("set_sticky_levels(%d)", (int)levels);
        EXPECT_ST(fold_table_set_sticky_levels(t, levels), FOLD_OK);
        m->sticky = levels;
        return 0;
    }

    case OP_TEXT: {
        msec *s = pick_sec(m, p[1]);
        if (p[0] % 3 == 0 || s == NULL) {
            uint32_t k = p[1] % 4;
            descf("set_indicators(%s, %s)", q(indicator_pairs[k][0]), q(indicator_pairs[k][1]));
            expect_no_set = 1; /* reports nothing */
            EXPECT_ST(fold_table_set_indicators(t, indicator_pairs[k][0], indicator_pairs[k][1]),
                      FOLD_OK);
            strcpy(m->ind_c, indicator_pairs[k][0]);
            strcpy(m->ind_e, indicator_pairs[k][1]);
        } else {
            const char *header = POOLP(header_texts, p[2]);
            RESOLVE(s, how, id);
            if (variant == 0) {
                descf("set_section_header(%s, invalid UTF-8)", q(s->key));
                EXPECT_ST(fold_table_set_section_header(t, id, "bad\xC3("), FOLD_E_INVALID);
                return 0;
            } else if (variant == 1) {
                id = stale_id(m, p[3], &stale);
                descf("set_section_header(%s, %s)", stale, q(header));
                EXPECT_ST(fold_table_set_section_header(t, id, header), FOLD_E_NOT_FOUND);
                return 0;
            }
            descf("set_section_header(%s, %s)", q(s->key), q(header));
            EXPECT_ST(fold_table_set_section_header(t, id, header), FOLD_OK);
            if (strcmp(s->header, header) != 0) {
                must_redraw[nmust++] = s; /* "Reported as a redraw of the header" */
            } else {
                expect_no_set = 1; /* the text it already has */
            }
            strcpy(s->header, header);
        }
        return 0;
    }

    case OP_VETO:
        return apply_veto(t, m, p);

    case OP_COLLAPSIBLE: {
        msec *s = pick_sec(m, p[0]);
        int c = (int)(p[1] & 1), expect = FOLD_OK;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        expect = inject_root_or_stale(m, variant, p[3], &id, &stale);
        if (expect == FOLD_OK && c && s->no_header) {
            expect = FOLD_E_NOT_ALLOWED; /* stays fixed */
        } else if (expect == FOLD_OK && !c && s->collapsed) {
            expect = FOLD_E_NOT_ALLOWED; /* expand it first */
        }
        descf("set_collapsible(%s, %d)", sec_arg(expect, stale, id, s), c);
        expect_no_set = s->fixed == !c;
        EXPECT_ST(fold_table_set_collapsible(t, id, c), expect);
        if (expect == FOLD_OK) {
            s->fixed = s->no_header || !c;
        }
        return 0;
    }

    case OP_STALE:
        return apply_stale(t, m, p);

    default:
        return failf("unknown operation %d", o->type);
    }
}


/* Applies one operation to the table and the model. Returns nonzero
 * (fail_msg set) when the table disagrees with what the model expects. */
int apply(fold_table *t, model *m, const op *o)
{
    desc[0] = '\0';
    nmust = 0;
    expect_no_set = 0;
    if (o->type == OP_SNAPSHOT) {
        return apply_snapshot_op(t, m, o) || sync_selection(t, m);
    }
    if (o->type == OP_SELECT) {
        return apply_select(t, m, o);
    }
    if (o->type == OP_FOLLOW) {
        return apply_follow(t, m, o);
    }
    if (o->type == OP_LOAD) {
        return apply_load(t, m, o);
    }
    if (o->type == OP_FILTER) {
        return apply_filter(t, m, o);
    }
    if (o->type == OP_BATCH) {
        return apply_batch(t, m, o);
    }
    return o->type <= OP_REMOVE_ROWS ? apply_structure(t, m, o) : apply_state(t, m, o);
}
