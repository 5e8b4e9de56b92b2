/*
 * ops.c — differential test (test_differential.c): the operations: their kinds and weights, descriptions for failure
 * reports, picking targets from random words, and resolving ids four ways.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"

/* ---- operations ------------------------------------------------------- */


/* Relative frequencies. */
const int op_weight[OP_KINDS] = {
    6, /* insert_section */
    8, /* insert_subsection */
    3, /* insert_section at a path */
    4, /* remove_section */
    4, /* remove_children */
    3, /* move_section (top level) */
    6, /* move_section (any parent) */
    6, /* move_row */
    7, /* insert_rows at a row */
    5, /* insert_rows at a child index */
    5, /* remove_rows */
    5, /* set_row_height */
    3, /* set_row_heights */
    5, /* section heights */
    9, /* collapse / expand / toggle */
    2, /* collapse_all / expand_all */
    7, /* expanded heights */
    9, /* row expand / collapse / toggle */
    2, /* accordion */
    6, /* activate */
    1, /* sticky levels */
    2, /* header text, indicators */
    7, /* vetoing listeners: collapse, all, row expansion, activate, reveal_row */
    3, /* set_collapsible */
    4, /* stale ids, FOLD_ROOT where a section is required */
    3, /* apply_snapshot */
    2, /* follow_end, viewports */
    8, /* lazily loaded children */
    8, /* keyed selection */
    5, /* filtering */
    0, /* batches: placed by the generator (test_differential.c), not drawn */
};


char desc[512];
int known_bugs; /* FOLDTABLE_KNOWN_BUGS=1: also run what known engine bugs break */

void descf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(desc, sizeof desc, fmt, ap);
    va_end(ap);
}

const char *path_text(const int64_t *path, int len)
{
    static char buf[4][96];
    static int which = 0;
    char *b = buf[which++ & 3];
    int i, at = 0;
    at += sprintf(b + at, "{");
    for (i = 0; i < len; i++) {
        at += sprintf(b + at, "%s%lld", i ? ", " : "", (long long)path[i]);
    }
    sprintf(b + at, "}");
    return b;
}

const char *heights_text(const double *h, int64_t count)
{
    static char buf[160];
    int64_t i;
    int at = 0;
    if (h == NULL) {
        return "NULL";
    }
    at += sprintf(buf + at, "{");
    for (i = 0; i < count && at < 120; i++) {
        at += sprintf(buf + at, "%s%g", i ? ", " : "", h[i]);
    }
    sprintf(buf + at, "}");
    return buf;
}

const char *q(const char *s) /* a C string literal for descriptions */
{
    static char buf[4][48];
    static int which = 0;
    char *b = buf[which++ & 3];
    if (s == NULL) {
        return "NULL";
    }
    sprintf(b, "\"%.40s\"", s);
    return b;
}


/* Of `n` sections, the one whose id follows p's target id most closely. */
int pick_index(msec *const *list, int n, uint32_t p)
{
    unsigned target = p % KEY_IDS, best = KEY_IDS;
    int i, at = -1;
    for (i = 0; i < n; i++) {
        unsigned d = (list[i]->id + KEY_IDS - target) % KEY_IDS;
        if (d < best) {
            best = d;
            at = i;
        }
    }
    return at;
}

/* A random section at any depth, or NULL when there is none. */
msec *pick_sec(model *m, uint32_t p)
{
    msec *all[MAX_SECT];
    int n = all_sections(m, all);
    return n == 0 ? NULL : all[pick_index(all, n, p)];
}

/* A random section with at least one row. */
msec *pick_sec_with_rows(model *m, uint32_t p)
{
    msec *all[MAX_SECT];
    int n = all_sections(m, all), i, k = 0;
    for (i = 0; i < n; i++) {
        if (nrows_of(all[i]) > 0) {
            all[k++] = all[i];
        }
    }
    return k == 0 ? NULL : all[pick_index(all, k, p)];
}

/* The index of a random top-level section (the top level must not be empty). */
int64_t pick_top(model *m, uint32_t p)
{
    msec *top[MAXC];
    int i;
    for (i = 0; i < m->root.n; i++) {
        top[i] = m->root.c[i].sec;
    }
    return pick_index(top, m->root.n, p);
}

double bad_height(uint32_t p)
{
    volatile double zero = 0;
    switch (p % 5) {
    case 0:
        return zero / zero;
    case 1:
        return -2;
    case 2:
        return FOLD_MAX_HEIGHT * 2;
    case 3:
        return 1.0 / zero;
    default:
        return -0.5;
    }
}

/* Heights for `count` new or changed rows; NULL for "defaults" (p bit 0). */
const double *make_heights(uint32_t p, int64_t count, int allow_null, double *buf)
{
    int64_t i;
    rng r;
    if (allow_null && (p & 1)) {
        return NULL;
    }
    r.s = p;
    for (i = 0; i < count; i++) {
        buf[i] = rng_below(&r, 5) == 0 ? FOLD_HEIGHT_DEFAULT
                                       : row_explicit[rng_below(&r, NPOOL(row_explicit))];
    }
    return buf;
}


/* ---- ids ----------------------------------------------------------------- */

/* The id of s (FOLD_ROOT for the root), found one of four ways (how % 4):
 * the model's copy, by key, by path, by (parent, index); each lookup must
 * agree with the model. Returns nonzero (fail_msg set) when it does not. */
int resolve(const fold_table *t, model *m, msec *s, uint32_t how, fold_section_id *out)
{
    fold_section_id id = 0;
    int64_t path[MODEL_MAX_DEPTH + 2];
    int len;
    if (s == &m->root) {
        *out = FOLD_ROOT;
        return 0;
    }
    switch (how % 4) {
    case 0:
        id = s->fid;
        break;
    case 1:
        sprintf(ctx, "find_section(\"%s\") before the call", s->key);
        EXPECT_ST(fold_table_find_section(t, s->key, &id), FOLD_OK);
        break;
    case 2:
        len = path_of(m, s, path);
        sprintf(ctx, "section_at_path(%s) before the call", path_text(path, len));
        EXPECT_ST(fold_table_section_at_path(t, path, len, &id), FOLD_OK);
        break;
    default: {
        int32_t kind = -1;
        sprintf(ctx, "child_at(parent of \"%s\", %d) before the call", s->key, index_in_parent(s));
        EXPECT_ST(fold_table_child_at(t, s->parent == &m->root ? FOLD_ROOT : s->parent->fid,
                                      index_in_parent(s), &kind, &id, NULL),
                  FOLD_OK);
        EXPECT_I(kind, FOLD_CHILD_SECTION, ctx);
        break;
    }
    }
    EXPECT_I(id, s->fid, ctx[0] ? ctx : "id");
    *out = id;
    return 0;
}

/* An id that must be FOLD_E_NOT_FOUND: a removed section's, another
 * table's, or one never handed out. */
fold_section_id stale_id(const model *m, uint32_t p, const char **what)
{
    switch (p % 3) {
    case 0:
        if (m->ndead > 0) {
            *what = "a removed section's id";
            return m->dead[(p / 3) % (uint32_t)m->ndead];
        }
        /* fall through */
    case 1:
        *what = "another table's id";
        return m->foreign[(p / 3) & 1];
    default:
        *what = "an id never handed out";
        return ((fold_section_id)0xDEADu << 48) | (fold_section_id)(p / 3 + 1);
    }
}

/* What the operation says must be redrawn or must not be reported, checked
 * with the change set after it (check_changes). */

/* The errors an operation that sets one height can inject: variant 1 a bad
 * height (FOLD_E_INVALID), variant 2 a stale id (FOLD_E_NOT_FOUND, *stale
 * says which); any other variant injects nothing (FOLD_OK). */
int inject_height_or_id(const model *m, int variant, uint32_t p, double *h, fold_section_id *id,
                        const char **stale)
{
    if (variant == 1) {
        *h = bad_height(p);
        return FOLD_E_INVALID;
    }
    if (variant == 2) {
        return inject_stale(m, p, id, stale);
    }
    return FOLD_OK;
}

/* The errors an operation can inject through its section argument. */
int inject_root(fold_section_id *id)
{
    *id = FOLD_ROOT;
    return FOLD_E_INVALID;
}

int inject_stale(const model *m, uint32_t p, fold_section_id *id, const char **stale)
{
    *id = stale_id(m, p, stale);
    return FOLD_E_NOT_FOUND;
}

/* Variant 0 one more than the `available` entries, variant 1 -1; any other
 * injects nothing (FOLD_OK). */
int inject_bad_count(int variant, int64_t available, int64_t *count)
{
    if (variant == 0) {
        *count = available + 1;
        return FOLD_E_RANGE;
    }
    if (variant == 1) {
        *count = -1;
        return FOLD_E_RANGE;
    }
    return FOLD_OK;
}

/* Variant 0 FOLD_ROOT, variant 1 a stale id; any other injects nothing (FOLD_OK). */
int inject_root_or_stale(const model *m, int variant, uint32_t p, fold_section_id *id,
                         const char **stale)
{
    if (variant == 0) {
        return inject_root(id);
    }
    if (variant == 1) {
        return inject_stale(m, p, id, stale);
    }
    return FOLD_OK;
}

const char *sec_arg(int expect, const char *stale, fold_section_id id, const msec *s)
{
    return expect == FOLD_E_NOT_FOUND ? stale : id == FOLD_ROOT ? "FOLD_ROOT" : q(s->key);
}
