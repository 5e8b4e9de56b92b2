/*
 * verify.c — differential test (test_differential.c): verify(): every query of foldtable.h that reads state, compared with the
 * model after each operation (check_section for each section).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"

int check_section(const fold_table *t, model *m, msec *s, rng *vr)
{
    int64_t n = -1, path[MODEL_MAX_DEPTH + 2], epath[MODEL_MAX_DEPTH + 2], len = -1, pos = -1;
    int elen = path_of(m, s, epath), i, r, has_detail;
    int rows = nrows_of(s);
    fold_section_id id = 0;
    fold_section_info in;
    char etitle[32], edetail[32];
    uint32_t eflags;

    sprintf(ctx, "find_section(\"%s\")", s->key);
    EXPECT_ST(fold_table_find_section(t, s->key, &id), FOLD_OK);
    EXPECT_I(id, s->fid, ctx);
    sprintf(ctx, "section_info(\"%s\")", s->key);
    memset(&in, 0x5A, sizeof in);
    EXPECT_ST(fold_table_section_info(t, s->fid, &in), FOLD_OK);
    EXPECT_I(in.parent, s->parent == &m->root ? FOLD_ROOT : s->parent->fid, "section_info: parent");
    EXPECT_I(in.index, index_in_parent(s), "section_info: index");
    EXPECT_I(in.depth, elen - 1, "section_info: depth");
    eflags = (s->collapsed ? FOLD_SECTION_COLLAPSED : 0) | (s->fixed ? FOLD_SECTION_FIXED : 0) |
             (s->no_header ? FOLD_SECTION_NO_HEADER : 0) |
             (collapsible_now(s) ? FOLD_SECTION_COLLAPSIBLE : 0) |
             (s->load != FOLD_LOAD_LOADED ? FOLD_SECTION_UNLOADED : 0) |
             (s->fhidden ? FOLD_SECTION_FILTERED : 0) | (s->fopened ? FOLD_SECTION_FILTER_OPENED : 0);
    EXPECT_I(in.flags, eflags, "section_info: flags");
    {
        fold_load_info li;
        memset(&li, 0x5A, sizeof li);
        EXPECT_ST(fold_table_load_info(t, s->fid, &li), FOLD_OK);
        EXPECT_I(li.state, s->load, "load_info: state");
        EXPECT_I(li.ticket, s->ticket, "load_info: ticket");
    }
    EXPECT_I(in.child_count, s->n, "section_info: child_count");
    EXPECT_I(in.row_count, rows, "section_info: row_count");
    {
        /* Its own rows shown: none while it shows no children or the filter hides it. */
        int shown = 0;
        for (i = 0; i < s->n; i++) {
            shown += s->c[i].sec == NULL && !row_filtered(m, s, &s->c[i]);
        }
        EXPECT_I(in.visible_row_count, (!shows_children(s) && s->n > 0) || s->fhidden ? 0 : shown,
                 "section_info: visible_row_count");
    }
    EXPECT_D(in.header_height, s->no_header ? 0 : eff_hh(m, s), "section_info: header_height");
    EXPECT_D(in.footer_height, eff_fh(m, s), "section_info: footer_height");
    EXPECT_D(in.row_height, eff_rh(m, s), "section_info: row_height");

    split_header(s->header, etitle, edetail, &has_detail);
    if (check_text(t, s, FOLD_TEXT_KEY, s->key, vr) ||
        check_text(t, s, FOLD_TEXT_HEADER, s->header, vr) ||
        check_text(t, s, FOLD_TEXT_TITLE, etitle, vr) ||
        check_text(t, s, FOLD_TEXT_DETAIL, has_detail ? edetail : NULL, vr) ||
        check_text(t, s, FOLD_TEXT_INDICATOR,
                   !collapsible_now(s) ? "" : !shows_children(s) ? m->ind_c : m->ind_e, vr)) {
        return 1;
    }

    sprintf(ctx, "section_path(\"%s\")", s->key);
    EXPECT_ST(fold_table_section_path(t, s->fid, path, MODEL_MAX_DEPTH + 2, &len), FOLD_OK);
    EXPECT_I(len, elen, ctx);
    for (i = 0; i < elen; i++) {
        EXPECT_I(path[i], epath[i], ctx);
    }
    sprintf(ctx, "section_at_path(path of \"%s\")", s->key);
    id = 0;
    EXPECT_ST(fold_table_section_at_path(t, epath, elen, &id), FOLD_OK);
    EXPECT_I(id, s->fid, ctx);
    sprintf(ctx, "child_count(\"%s\")", s->key);
    EXPECT_ST(fold_table_child_count(t, s->fid, &n), FOLD_OK);
    EXPECT_I(n, s->n, ctx);
    for (i = 0, r = 0; i < s->n; i++) {
        int32_t kind = -1;
        int64_t row = -9;
        id = 12345;
        sprintf(ctx, "child_at(\"%s\", %d)", s->key, i);
        EXPECT_ST(fold_table_child_at(t, s->fid, i, &kind, &id, &row), FOLD_OK);
        if (s->c[i].sec == NULL) {
            EXPECT_I(kind, FOLD_CHILD_ROW, ctx);
            EXPECT_I(row, r, ctx);
            EXPECT_I(id, 0, ctx);
            r++;
        } else {
            EXPECT_I(kind, FOLD_CHILD_SECTION, ctx);
            EXPECT_I(id, s->c[i].sec->fid, ctx);
            EXPECT_I(row, -1, ctx);
        }
    }
    sprintf(ctx, "child_at(\"%s\", %d) (one past the end)", s->key, s->n);
    {
        int32_t kind = -1;
        EXPECT_ST(fold_table_child_at(t, s->fid, s->n, &kind, NULL, NULL), FOLD_E_RANGE);
    }

    sprintf(ctx, "header_position(\"%s\")", s->key);
    if (s->no_header) {
        int st = fold_table_header_position(t, s->fid, &pos);
        /* No header item: FOLD_E_NOT_FOUND (inside a collapsed section
         * FOLD_E_NOT_VISIBLE is as true). */
        if (st != FOLD_E_NOT_FOUND && (s->visible || st != FOLD_E_NOT_VISIBLE)) {
            return failf("%s: a section without a header item returned %s", ctx,
                         fold_status_name(st));
        }
    } else if (s->visible) {
        EXPECT_ST(fold_table_header_position(t, s->fid, &pos), FOLD_OK);
        EXPECT_I(pos, s->hpos, ctx);
    } else {
        EXPECT_ST(fold_table_header_position(t, s->fid, &pos), FOLD_E_NOT_VISIBLE);
    }
    sprintf(ctx, "footer_position(\"%s\")", s->key);
    if (eff_fh(m, s) <= 0) {
        EXPECT_ST(fold_table_footer_position(t, s->fid, &pos), FOLD_E_NOT_FOUND);
    } else if (s->visible) {
        EXPECT_ST(fold_table_footer_position(t, s->fid, &pos), FOLD_OK);
        EXPECT_I(pos, s->fpos, ctx);
    } else {
        EXPECT_ST(fold_table_footer_position(t, s->fid, &pos), FOLD_E_NOT_VISIBLE);
    }
    for (i = 0, r = 0; i < s->n; i++) {
        const mchild *ch = &s->c[i];
        fold_row_info ri;
        if (ch->sec != NULL) {
            continue;
        }
        sprintf(ctx, "row_info(\"%s\", %d)", s->key, r);
        EXPECT_ST(fold_table_row_info(t, s->fid, r, &ri), FOLD_OK);
        EXPECT_D(ri.height, row_normal(m, s, ch), ctx);
        EXPECT_D(ri.expanded_height, ch->eh == NOV ? FOLD_HEIGHT_DEFAULT : ch->eh, ctx);
        EXPECT_I(ri.child_index, i, ctx);
        EXPECT_I(ri.flags, (ch->expanded ? FOLD_ITEM_FLAG_EXPANDED : 0) |
                               (row_expandable(m, s, ch) ? FOLD_ITEM_FLAG_EXPANDABLE : 0), ctx);
        sprintf(ctx, "row_position(\"%s\", %d)", s->key, r);
        if (ch->pos >= 0) {
            EXPECT_ST(fold_table_row_position(t, s->fid, r, &pos), FOLD_OK);
            EXPECT_I(pos, ch->pos, ctx);
        } else {
            EXPECT_ST(fold_table_row_position(t, s->fid, r, &pos), FOLD_E_NOT_VISIBLE);
        }
        r++;
    }
    sprintf(ctx, "row %d of \"%s\" (one past the end)", rows, s->key);
    {
        fold_row_info ri;
        EXPECT_ST(fold_table_row_info(t, s->fid, rows, &ri), FOLD_E_RANGE);
    }
    return 0;
}

void expanded_list(msec *s, fold_row_ref *out, int64_t *n)
{
    int i, r = 0;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec != NULL) {
            expanded_list(s->c[i].sec, out, n);
        } else {
            if (s->c[i].expanded) {
                out[*n].section = s->fid;
                out[*n].key = s->key;
                out[*n].row = r;
                (*n)++;
            }
            r++;
        }
    }
}

/* FNV-1a over every section's id, parent id and child count, in order. */
static uint64_t shape_hash(const msec *s, fold_section_id parent, uint64_t h)
{
    int j;
    uint64_t words[3];
    size_t k;
    words[0] = s->fid;
    words[1] = parent;
    words[2] = (uint64_t)s->n;
    for (k = 0; k < sizeof words; k++) {
        h = (h ^ ((const unsigned char *)words)[k]) * 1099511628211ull;
    }
    for (j = 0; j < s->n; j++) {
        if (s->c[j].sec != NULL) h = shape_hash(s->c[j].sec, s->fid, h);
    }
    return h;
}

/* fold_table_structure_version never goes back, and while it stays, the
 * shape (every section's parent, index and child count) stays (issue 33:
 * a failed call restored a value that a callback had seen for another
 * shape, and a later call handed it out again). */
static int verify_structure_version(const fold_table *t, model *m)
{
    uint64_t v = 0, shape = shape_hash(&m->root, FOLD_ROOT, 1469598103934665603ull);
    EXPECT_ST(fold_table_structure_version(t, &v), FOLD_OK);
    if (m->version_read && v < m->version) {
        return failf("structure_version went back from %llu to %llu", (unsigned long long)m->version,
                     (unsigned long long)v);
    }
    if (m->version_read && v == m->version && shape != m->shape) {
        return failf("structure_version stayed at %llu while the shape changed", (unsigned long long)v);
    }
    m->version_read = 1;
    m->version = v;
    m->shape = shape;
    return 0;
}

int verify(const fold_table *t, model *m, rng *vr)
{
    msec *all[MAX_SECT];
    int ns, i;
    int64_t n = -1, k;
    double h = -1;
    fold_visible_item whole[MAX_ITEMS + 2];

    build(m);
    ns = all_sections(m, all);
    if (verify_selection(t, m) || verify_filter(t, m) || verify_structure_version(t, m)) {
        return 1;
    }

    /* The flat list. */
    EXPECT_ST(fold_table_item_count(t, &n), FOLD_OK);
    EXPECT_I(n, nitems, "item_count");
    EXPECT_ST(fold_table_content_height(t, &h), FOLD_OK);
    EXPECT_D(h, content, "content_height");
    {
        /* All items in one viewport over the whole content. */
        int64_t written = -1, total = -1;
        EXPECT_ST(fold_table_visible_items(t, -1, content + 2, 0, whole, MAX_ITEMS + 2, &written,
                                           &total),
                  FOLD_OK);
        EXPECT_I(total, nitems, "visible_items over the whole content: total");
        EXPECT_I(written, nitems, "visible_items over the whole content: written");
    }
    for (k = 0; k < nitems; k++) {
        const mitem *x = &items[k];
        fold_item it;
        if (check_item_fields(k, whole[k].kind, whole[k].depth, whole[k].section, whole[k].row,
                              whole[k].flags, x)) {
            return failf("(visible_items over the whole content)");
        }
        sprintf(ctx, "visible_items: item %lld", (long long)k);
        EXPECT_I(whole[k].position, k, ctx);
        EXPECT_D(whole[k].top, x->top, ctx);
        EXPECT_D(whole[k].height, x->h, ctx);
        EXPECT_ST(fold_table_item_at(t, k, &it), FOLD_OK);
        if (check_item_fields(k, it.kind, it.depth, it.section, it.row, it.flags, x)) {
            return failf("(item_at)");
        }
        sprintf(ctx, "item_top(%lld)", (long long)k);
        EXPECT_ST(fold_table_item_top(t, k, &h), FOLD_OK);
        EXPECT_D(h, x->top, ctx);
        sprintf(ctx, "item_height(%lld)", (long long)k);
        EXPECT_ST(fold_table_item_height(t, k, &h), FOLD_OK);
        EXPECT_D(h, x->h, ctx);
    }
    sprintf(ctx, "item_at(%lld) (one past the end)", (long long)nitems);
    {
        fold_item it;
        EXPECT_ST(fold_table_item_at(t, nitems, &it), FOLD_E_RANGE);
    }

    /* Sections. */
    EXPECT_ST(fold_table_child_count(t, FOLD_ROOT, &n), FOLD_OK);
    EXPECT_I(n, m->root.n, "child_count(FOLD_ROOT)");
    for (i = 0; i < m->root.n; i++) {
        int32_t kind = -1;
        fold_section_id id = 0;
        int64_t row = -9;
        sprintf(ctx, "child_at(FOLD_ROOT, %d)", i);
        EXPECT_ST(fold_table_child_at(t, FOLD_ROOT, i, &kind, &id, &row), FOLD_OK);
        EXPECT_I(kind, FOLD_CHILD_SECTION, ctx);
        EXPECT_I(id, m->root.c[i].sec->fid, ctx);
        EXPECT_I(row, -1, ctx);
    }
    {
        int32_t kind = -1;
        EXPECT_ST(fold_table_child_at(t, FOLD_ROOT, m->root.n, &kind, NULL, NULL), FOLD_E_RANGE);
    }
    for (i = 0; i < ns; i++) {
        if (check_section(t, m, all[i], vr)) {
            return 1;
        }
    }
    {
        fold_section_state *st = NULL;
        int64_t sc = -1;
        EXPECT_ST(fold_table_section_states(t, &st, &sc), FOLD_OK);
        if (sc != ns || (ns == 0) != (st == NULL)) {
            fold_free(st);
            return failf("section_states: count %lld, expected %d", (long long)sc, ns);
        }
        for (i = 0; i < ns; i++) {
            if (st[i].section != all[i]->fid || strcmp(st[i].key, all[i]->key) != 0 ||
                st[i].collapsed != all[i]->collapsed) {
                failf("section_states[%d] = (\"%s\", %d), expected (\"%s\", %d)", i, st[i].key,
                      (int)st[i].collapsed, all[i]->key, all[i]->collapsed);
                fold_free(st);
                return 1;
            }
        }
        fold_free(st);
    }
    {
        fold_row_ref want[MAX_ROWS_TOTAL], *got = NULL;
        int64_t nw = 0, ng = -1;
        expanded_list(&m->root, want, &nw);
        EXPECT_ST(fold_table_expanded_rows(t, &got, &ng), FOLD_OK);
        if (ng != nw || (nw == 0) != (got == NULL)) {
            fold_free(got);
            return failf("expanded_rows: count %lld, expected %lld", (long long)ng, (long long)nw);
        }
        for (k = 0; k < nw; k++) {
            if (got[k].section != want[k].section || strcmp(got[k].key, want[k].key) != 0 ||
                got[k].row != want[k].row) {
                failf("expanded_rows[%lld] = (\"%s\", %lld), expected (\"%s\", %lld)",
                      (long long)k, got[k].key, (long long)got[k].row, want[k].key,
                      (long long)want[k].row);
                fold_free(got);
                return 1;
            }
        }
        fold_free(got);
    }
    {
        fold_table_options o;
        fold_table_options_init(&o);
        EXPECT_ST(fold_table_get_options(t, &o), FOLD_OK);
        EXPECT_I(o.accordion, m->accordion, "get_options accordion");
        EXPECT_I(o.sticky_levels, m->sticky, "get_options sticky_levels");
        EXPECT_I(o.follow_end, m->follow, "get_options follow_end");
    }

    /* Offsets, viewports, sticky headers. */
    for (k = 0; k < nitems; k++) {
        if (check_offset(t, m, items[k].top) || check_offset(t, m, items[k].top + items[k].h / 2) ||
            check_offset(t, m, items[k].top - 0.25)) {
            return 1;
        }
        if (check_sticky(t, m, items[k].top, MODEL_MAX_DEPTH + 1) ||
            check_sticky(t, m, items[k].top + items[k].h / 2, MODEL_MAX_DEPTH + 1)) {
            return 1;
        }
    }
    if (check_offset(t, m, -1) || check_offset(t, m, 0) || check_offset(t, m, m->o.padding_top) ||
        check_offset(t, m, content - m->o.padding_bottom) || check_offset(t, m, content) ||
        check_offset(t, m, content + 1000)) {
        return 1;
    }
    for (i = 0; i < 3; i++) {
        double y = (double)rng_below(vr, (int64_t)(content * 4) + 8) / 4 - 1;
        if (check_offset(t, m, y) || check_sticky(t, m, y, rng_below(vr, 4))) {
            return 1;
        }
    }
    if (check_sticky(t, m, -5, MODEL_MAX_DEPTH + 1) ||
        check_sticky(t, m, content + 3, MODEL_MAX_DEPTH + 1)) {
        return 1;
    }
    for (i = 0; i < 3; i++) {
        double off = (double)rng_below(vr, (int64_t)(content * 4) + 40) / 4 - 5;
        double hgt = (double)rng_below(vr, 800) / 4;
        if (check_viewport(t, off, hgt, rng_below(vr, 4), rng_below(vr, nitems + 3))) {
            return 1;
        }
    }
    if (nitems > 0) {
        k = rng_below(vr, nitems);
        if (check_viewport(t, items[k].top, (double)rng_below(vr, 200), rng_below(vr, 3),
                           nitems + 1)) {
            return 1;
        }
    }
    return 0;
}
