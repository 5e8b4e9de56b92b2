/*
 * stale.c — differential test (test_differential.c): insert flags, removed sections' ids, and OP_STALE: ids that must be
 * FOLD_E_NOT_FOUND and FOLD_ROOT where a section is required.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"

uint32_t pick_flags(uint32_t p)
{
    switch (p % 14) {
    case 0:
    case 1:
        return FOLD_SECTION_COLLAPSED;
    case 2:
        return FOLD_SECTION_FIXED;
    case 3:
        return FOLD_SECTION_NO_HEADER;
    case 4:
        return FOLD_SECTION_EXPANDED;
    case 5:
        return p / 14 % 2 ? FOLD_SECTION_EXPANDED | FOLD_SECTION_FIXED
                          : FOLD_SECTION_EXPANDED | FOLD_SECTION_NO_HEADER;
    default:
        return 0;
    }
}

const char *flags_text(uint32_t f)
{
    static char buf[96];
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {{FOLD_SECTION_COLLAPSED, "COLLAPSED"},
                 {FOLD_SECTION_FIXED, "FIXED"},
                 {FOLD_SECTION_NO_HEADER, "NO_HEADER"},
                 {FOLD_SECTION_COLLAPSIBLE, "COLLAPSIBLE"},
                 {FOLD_SECTION_EXPANDED, "EXPANDED"}};
    size_t i;
    uint32_t known = 0;
    if (f == 0) {
        return "0";
    }
    buf[0] = '\0';
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        known |= names[i].bit;
        if (f & names[i].bit) {
            sprintf(buf + strlen(buf), "%sFOLD_SECTION_%s", buf[0] ? " | " : "", names[i].name);
        }
    }
    if (f & ~known) {
        sprintf(buf + strlen(buf), "%s0x%X", buf[0] ? " | " : "", (unsigned)(f & ~known));
    }
    return buf;
}

int dead_contains(const model *m, fold_section_id id)
{
    int i;
    for (i = 0; i < m->ndead; i++) {
        if (m->dead[i] == id) {
            return 1;
        }
    }
    return id == m->foreign[0] || id == m->foreign[1];
}

/* Removes child `at` of parent from the model, with everything inside it. */
void model_remove_child(model *m, msec *parent, int at)
{
    mchild c = take_child(parent, at);
    if (c.sec != NULL) {
        free_sec(m, c.sec);
    } else {
        m->nrows--;
    }
}

/* One call with a stale id (or FOLD_ROOT where a section is required):
 * FOLD_E_NOT_FOUND (FOLD_E_INVALID), nothing changes. */
int apply_stale(fold_table *t, model *m, const uint32_t *p)
{
    const char *what = "";
    fold_section_id bad = stale_id(m, p[0], &what), live = 0, live_rows = 0;
    msec *s = pick_sec(m, p[3]), *sr = pick_sec_with_rows(m, p[3]);
    int call = (int)(p[1] % 30), root = p[2] % 4 == 0, expect = FOLD_E_NOT_FOUND, st = 0;
    int changed = 0;
    int64_t n = 0, pos = 0, path[4];
    int32_t kind = 0;
    double d = 0;
    char buf[8];
    size_t len = 0;
    fold_section_info in;
    fold_row_info ri;
    static const double one[1] = {10};
    if (s != NULL) {
        live = s->fid;
    }
    if (sr != NULL) {
        live_rows = sr->fid;
    }
    /* Where FOLD_ROOT is a parent (3, 4, 5, 8, 9) or the whole table (28),
     * it is not an error. */
    if (root && call != 3 && call != 4 && call != 5 && call != 8 && call != 9 && call != 28 &&
        call != 29) {
        bad = FOLD_ROOT;
        what = "FOLD_ROOT";
        expect = FOLD_E_INVALID;
    }
    switch (call) {
    case 0: st = fold_table_section_info(t, bad, &in); descf("section_info(%s)", what); break;
    case 1:
        st = fold_table_section_text(t, bad, (int32_t)(p[4] % 5), buf, sizeof buf, &len);
        descf("section_text(%s, %d)", what, (int)(p[4] % 5));
        break;
    case 2: st = fold_table_section_path(t, bad, path, 4, &n); descf("section_path(%s)", what); break;
    case 3: st = fold_table_child_count(t, bad, &n); descf("child_count(%s)", what); break;
    case 4: st = fold_table_child_at(t, bad, 0, &kind, NULL, NULL); descf("child_at(%s, 0)", what); break;
    case 5:
        st = fold_table_insert_section(t, bad, 0, "k-stale", "", 1, 0, NULL);
        descf("insert_section(parent %s, 0, \"k-stale\", \"\", 1, 0)", what);
        break;
    case 6: st = fold_table_remove_section(t, bad); descf("remove_section(%s)", what); break;
    case 7:
        st = fold_table_move_section(t, bad, FOLD_ROOT, 0);
        descf("move_section(%s, FOLD_ROOT, 0)", what);
        break;
    case 8:
        if (s == NULL) {
            SKIP();
        }
        st = fold_table_move_section(t, live, bad, 0);
        descf("move_section(%s, parent %s, 0)", q(s->key), what);
        break;
    case 9: st = fold_table_remove_children(t, bad, 0, 1); descf("remove_children(%s, 0, 1)", what); break;
    case 10: st = fold_table_set_section_header(t, bad, "T|D"); descf("set_section_header(%s)", what); break;
    case 11:
        st = fold_table_set_section_height(t, bad, (int32_t)(p[4] % 3), 12);
        descf("set_section_height(%s, %d, 12)", what, (int)(p[4] % 3));
        break;
    case 12:
        st = fold_table_set_collapsible(t, bad, (int)(p[4] & 1));
        descf("set_collapsible(%s, %d)", what, (int)(p[4] & 1));
        break;
    case 13: st = fold_table_insert_rows(t, bad, 0, 1, NULL); descf("insert_rows(%s, 0, 1)", what); break;
    case 14: st = fold_table_remove_rows(t, bad, 0, 1); descf("remove_rows(%s, 0, 1)", what); break;
    case 15:
        if (s == NULL) {
            SKIP();
        }
        st = fold_table_move_row(t, bad, 0, live, 0);
        descf("move_row(%s, 0, %s, 0)", what, q(s->key));
        break;
    case 16:
        if (sr == NULL) {
            SKIP();
        }
        st = fold_table_move_row(t, live_rows, 0, bad, 0);
        descf("move_row(%s, 0, target %s, 0)", q(sr->key), what);
        break;
    case 17: st = fold_table_set_row_height(t, bad, 0, 10); descf("set_row_height(%s, 0, 10)", what); break;
    case 18:
        st = fold_table_set_row_heights(t, bad, 0, 1, one);
        descf("set_row_heights(%s, 0, 1, {10})", what);
        break;
    case 19: st = fold_table_row_info(t, bad, 0, &ri); descf("row_info(%s, 0)", what); break;
    case 20:
        st = fold_table_set_row_expanded_height(t, bad, 0, 90);
        descf("set_row_expanded_height(%s, 0, 90)", what);
        break;
    case 21:
        st = p[4] % 3 == 0   ? fold_table_expand_row(t, bad, 0, &changed)
             : p[4] % 3 == 1 ? fold_table_collapse_row(t, bad, 0, &changed)
                             : fold_table_toggle_row(t, bad, 0, &changed);
        descf("expand/collapse/toggle_row #%d(%s, 0)", (int)(p[4] % 3), what);
        break;
    case 22:
        st = p[4] % 3 == 0   ? fold_table_collapse(t, bad, &changed)
             : p[4] % 3 == 1 ? fold_table_expand(t, bad, &changed)
                             : fold_table_toggle(t, bad, &changed);
        descf("collapse/expand/toggle #%d(%s)", (int)(p[4] % 3), what);
        break;
    case 23: st = fold_table_header_position(t, bad, &pos); descf("header_position(%s)", what); break;
    case 24: st = fold_table_row_position(t, bad, 0, &pos); descf("row_position(%s, 0)", what); break;
    case 25: st = fold_table_footer_position(t, bad, &pos); descf("footer_position(%s)", what); break;
    case 26:
        st = fold_table_reveal_offset(t, bad, 5, 0, 100, &d);
        descf("reveal_offset(%s, 5, 0, 100)", what);
        break;
    case 27:
        st = fold_table_reveal_row(t, bad, 0, (int)(p[4] & 1), &pos);
        descf("reveal_row(%s, 0, %d)", what, (int)(p[4] & 1));
        break;
    case 28:
        st = fold_table_invalidate_heights(t, bad, (p[4] & 1) ? 0 : -1);
        descf("invalidate_heights(%s, %d)", what, (p[4] & 1) ? 0 : -1);
        break;
    default: {
        fold_section_id id = 1;
        st = fold_table_find_section(t, "k-unknown", &id);
        descf("find_section(\"k-unknown\")");
        EXPECT_I(id, 1, "find_section(unknown): *out_id written on failure");
        break;
    }
    }
    EXPECT_ST(st, expect);
    return 0;
}

/* Applies one operation to the table and the model; returns nonzero (with
 * fail_msg set) when the table disagrees. */
