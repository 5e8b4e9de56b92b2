/*
 * workloads.c — what foldbench measures (workloads.h): one set of workload
 * functions for every shape; each workload has a FoldTable function (f_*)
 * and a naive one (n_*) answering the same question on the same inputs,
 * and the flat shapes' lower bounds have theirs (s_* the static index,
 * w_* the Fenwick tree).
 */
#include "workloads.h"

#include "shapes.h"

#include <stdlib.h>

fold_table *fold_of(const bench *c) {
    return c->tree ? fold_tree_build(c->n, c->heights) : fold_build(c->heights, c->n, c->per);
}

naive *naive_of(const bench *c) {
    return c->tree ? naive_tree_build(c->n, c->heights) : naive_build(c->heights, c->n, c->per);
}

/* ------------------------------------------------------------------------- */
/* Timed loops                                                               */
/* ------------------------------------------------------------------------- */

/* One build is a whole table, so the calls through pointers cost nothing. */
int64_t time_builds(void *ctx, int64_t ops, void *(*build)(void *), void (*release)(void *)) {
    int64_t total = 0;
    for (int64_t i = 0; i < ops; i++) {
        int64_t t0 = now_ns();
        void *t = build(ctx);
        total += now_ns() - t0;
        release(t);
    }
    return total;
}

/* Most workloads: `ops` times, one operation ONE(c, k) on the next pooled
 * input k, its answers of type TYPE summed into `sink` so the compiler
 * cannot drop the work. A macro, not a function taking ONE by pointer, so
 * that the timed loop holds the measured call and nothing else (each ONE is
 * a static inline function the compiler folds into the loop). */
#define SUMMED_WORKLOAD(name, type, one)                                \
    static int64_t name(void *p, int64_t ops) {                         \
        bench *c = p;                                                   \
        type acc = 0;                                                   \
        int64_t t0 = now_ns();                                          \
        for (int64_t i = 0; i < ops; i++) acc += one(c, NEXT(c));       \
        sink = (int64_t)acc;                                            \
        return now_ns() - t0;                                           \
    }

/* "set row height + offset->item": one unit changes the height of the next
 * random row (SET), then finds the item at the next random offset (LOOKUP). */
#define SET_THEN_LOOKUP(name, set, lookup)                              \
    static inline int64_t name##_op(bench *c, size_t k) {               \
        set(c, k);                                                      \
        return lookup(c, k);                                            \
    }                                                                   \
    SUMMED_WORKLOAD(name, int64_t, name##_op)

/* ------------------------------------------------------------------------- */
/* Workloads of every shape                                                  */
/* ------------------------------------------------------------------------- */

static void *f_new(void *p) { return fold_of(p); }
static void f_release(void *t) { fold_table_free(t); }
static void *n_new(void *p) { return naive_of(p); }
static void n_release(void *t) { naive_free(t); }

static int64_t f_build(void *p, int64_t ops) { return time_builds(p, ops, f_new, f_release); }

static int64_t n_build(void *p, int64_t ops) { return time_builds(p, ops, n_new, n_release); }

/* The item and its depth, as a view indents it. */
static inline int64_t f_item_at_op(bench *c, size_t k) {
    fold_item item;
    CHECK(fold_table_item_at(c->ft, c->positions[k], &item));
    return item.row + item.depth;
}
SUMMED_WORKLOAD(f_item_at, int64_t, f_item_at_op)

/* The naive flat shapes have no depth to read (all 0; reading it would cost
 * a load the flat measurements never made). */
static inline int64_t n_item_at_op(bench *c, size_t k) {
    const nitem *it = &c->nv->flat[c->positions[k]];
    return it->row + (c->tree ? it->section->depth : 0);
}
SUMMED_WORKLOAD(n_item_at, int64_t, n_item_at_op)

static inline int64_t f_item_at_offset_op(bench *c, size_t k) {
    int64_t pos;
    int32_t place;
    CHECK(fold_table_item_at_offset(c->ft, c->offsets[k], &pos, &place));
    return pos;
}
SUMMED_WORKLOAD(f_item_at_offset, int64_t, f_item_at_offset_op)

static inline int64_t n_item_at_offset_op(bench *c, size_t k) {
    return naive_item_at_offset(c->nv, c->offsets[k]);
}
SUMMED_WORKLOAD(n_item_at_offset, int64_t, n_item_at_offset_op)

/* One unit: collapse then expand the section of the next random row (the
 * only section in the one-section shape, the first top-level section of the
 * tree). Reported per toggle. */
static int64_t f_toggle(void *p, int64_t ops) {
    bench *c = p;
    int changed, acc = 0;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        fold_section_id s = c->rsid[NEXT(c)];
        CHECK(fold_table_collapse(c->ft, s, &changed));
        acc += changed;
        CHECK(fold_table_expand(c->ft, s, &changed));
        acc += changed;
    }
    int64_t dt = now_ns() - t0;
    if (acc != 2 * ops) die("toggle did not flip");
    return dt;
}

static int64_t n_toggle(void *p, int64_t ops) {
    bench *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        nsection *s = c->nv->sections[c->rsec[NEXT(c)]];
        s->collapsed = 1;
        naive_reload(c->nv);
        s->collapsed = 0;
        naive_reload(c->nv);
    }
    return now_ns() - t0;
}

/* ------------------------------------------------------------------------- */
/* Workloads of the flat shapes                                              */
/* ------------------------------------------------------------------------- */

static inline int64_t f_row_position_op(bench *c, size_t k) {
    int64_t pos;
    CHECK(fold_table_row_position(c->ft, c->rsid[k], c->rrow[k], &pos));
    return pos;
}
SUMMED_WORKLOAD(f_row_position, int64_t, f_row_position_op)

static inline int64_t n_row_position_op(bench *c, size_t k) {
    return naive_row_position(c->nv, c->rsec[k], c->rrow[k]);
}
SUMMED_WORKLOAD(n_row_position, int64_t, n_row_position_op)

static inline double f_item_top_op(bench *c, size_t k) {
    double top;
    CHECK(fold_table_item_top(c->ft, c->positions[k], &top));
    return top;
}
SUMMED_WORKLOAD(f_item_top, double, f_item_top_op)

static inline double n_item_top_op(bench *c, size_t k) {
    return naive_item_top(c->nv, c->positions[k]);
}
SUMMED_WORKLOAD(n_item_top, double, n_item_top_op)

static inline int64_t f_visible_op(bench *c, size_t k) {
    int64_t written, total;
    CHECK(fold_table_visible_items(c->ft, c->offsets[k], VIEWPORT, 0, c->vis, 256, &written,
                                   &total));
    return written + c->vis[0].position;
}
SUMMED_WORKLOAD(f_visible, int64_t, f_visible_op)

static inline int64_t n_visible_op(bench *c, size_t k) {
    int64_t written = naive_visible(c->nv, c->offsets[k], VIEWPORT, c->vis, 256);
    return written + c->vis[0].position;
}
SUMMED_WORKLOAD(n_visible, int64_t, n_visible_op)

static int64_t f_collapse_all(void *p, int64_t ops) {
    bench *c = p;
    int64_t changed, acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_collapse_all(c->ft, &changed));
        acc += changed;
        CHECK(fold_table_expand_all(c->ft, &changed));
        acc += changed;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_collapse_all(void *p, int64_t ops) {
    bench *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        for (int64_t s = 0; s < c->nv->nsections; s++) c->nv->sections[s]->collapsed = 1;
        naive_reload(c->nv);
        for (int64_t s = 0; s < c->nv->nsections; s++) c->nv->sections[s]->collapsed = 0;
        naive_reload(c->nv);
    }
    return now_ns() - t0;
}

/* One unit: insert 1000 rows in the middle of the table, then remove them. */
static void middle(const bench *c, int64_t *section, int64_t *row) {
    *section = c->sections / 2;
    *row = flat_section_rows(c->n, c->per, *section) / 2;
}

static int64_t f_insert_remove(void *p, int64_t ops) {
    bench *c = p;
    int64_t index, r;
    middle(c, &index, &r);
    fold_section_id s = fold_top(c->ft, index);
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_insert_rows(c->ft, s, r, 1000, c->heights ? c->ins_heights : NULL));
        CHECK(fold_table_remove_rows(c->ft, s, r, 1000));
    }
    return now_ns() - t0;
}

static int64_t n_insert_remove(void *p, int64_t ops) {
    bench *c = p;
    int64_t s, r;
    middle(c, &s, &r);
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        naive_insert_rows(c->nv, s, r, 1000, c->heights ? c->ins_heights : NULL);
        naive_remove_rows(c->nv, s, r, 1000);
    }
    return now_ns() - t0;
}

/* Set one random row's height, nothing else to sum (the pair below adds a
 * lookup). */
static inline int64_t f_set_only_op(bench *c, size_t k) {
    CHECK(fold_table_set_row_height(c->ft, c->rsid[k], c->rrow[k], c->newh[k]));
    return 0;
}
SUMMED_WORKLOAD(f_set_only, int64_t, f_set_only_op)

SET_THEN_LOOKUP(f_set_height, f_set_only_op, f_item_at_offset_op)

static inline int64_t n_set_height_op(bench *c, size_t k) {
    c->nv->sections[c->rsec[k]]->heights[c->rrow[k]] = c->newh[k];
    return naive_item_at_offset(c->nv, c->offsets[k]);
}
SUMMED_WORKLOAD(n_set_height, int64_t, n_set_height_op)

/* ------------------------------------------------------------------------- */
/* The lower bounds: the ideal static index and the Fenwick tree              */
/* ------------------------------------------------------------------------- */

static inline int64_t s_item_at_offset_op(bench *c, size_t k) {
    int64_t top;
    return static_item_at_offset(c->si, c->offsets[k], &top);
}
SUMMED_WORKLOAD(s_item_at_offset, int64_t, s_item_at_offset_op)

static inline int64_t w_item_at_offset_op(bench *c, size_t k) {
    int64_t top;
    return fenwick_item_at_offset(c->fw, c->offsets[k], &top);
}
SUMMED_WORKLOAD(w_item_at_offset, int64_t, w_item_at_offset_op)

static inline int64_t s_item_top_op(bench *c, size_t k) {
    return static_item_top(c->si, c->positions[k]);
}
SUMMED_WORKLOAD(s_item_top, int64_t, s_item_top_op)

static inline int64_t w_item_top_op(bench *c, size_t k) {
    return fenwick_item_top(c->fw, c->positions[k]);
}
SUMMED_WORKLOAD(w_item_top, int64_t, w_item_top_op)

static inline int64_t s_visible_op(bench *c, size_t k) {
    int64_t written = static_visible(c->si, c->offsets[k], VIEWPORT, c->per, c->vis, 256);
    return written + c->vis[0].position;
}
SUMMED_WORKLOAD(s_visible, int64_t, s_visible_op)

static inline int64_t w_visible_op(bench *c, size_t k) {
    int64_t written = fenwick_visible(c->fw, c->offsets[k], VIEWPORT, c->per, c->vis, 256);
    return written + c->vis[0].position;
}
SUMMED_WORKLOAD(w_visible, int64_t, w_visible_op)

static inline int64_t w_set_only_op(bench *c, size_t k) {
    fenwick_set(c->fw, c->rpos[k], (int)c->newh[k]);
    return 0;
}
SUMMED_WORKLOAD(w_set_only, int64_t, w_set_only_op)

SET_THEN_LOOKUP(w_set_height, w_set_only_op, w_item_at_offset_op)

/* ------------------------------------------------------------------------- */
/* Workloads of the tree                                                     */
/* ------------------------------------------------------------------------- */

static inline int64_t f_sticky_op(bench *c, size_t k) {
    int64_t written, total;
    CHECK(fold_table_sticky_headers(c->ft, c->offsets[k], c->sticky, TREE_LEVELS + 1, &written,
                                    &total));
    return written;
}
SUMMED_WORKLOAD(f_sticky, int64_t, f_sticky_op)

static inline int64_t n_sticky_op(bench *c, size_t k) {
    return naive_sticky(c->nv, c->offsets[k], c->sticky);
}
SUMMED_WORKLOAD(n_sticky, int64_t, n_sticky_op)

/* ------------------------------------------------------------------------- */
/* The measurements, in report order                                         */
/* ------------------------------------------------------------------------- */

const workload workloads[] = {
    {"build", "tree: build", f_build, n_build, 1, 1, NULL, NULL},
    {"position->item", "tree: position->item", f_item_at, n_item_at, 1, 0, NULL, NULL},
    {"item->position", NULL, f_row_position, n_row_position, 1, 0, NULL, NULL},
    {"offset->item", "tree: offset->item", f_item_at_offset, n_item_at_offset, 1, 0,
     s_item_at_offset, w_item_at_offset},
    {"item->offset", NULL, f_item_top, n_item_top, 1, 0, s_item_top, w_item_top},
    {"visible items (1080 pt)", NULL, f_visible, n_visible, 1, 0, s_visible, w_visible},
    {NULL, "tree: sticky headers", f_sticky, n_sticky, 1, 0, NULL, NULL},
    {"toggle section", "tree: toggle top section", f_toggle, n_toggle, 2, 0, NULL, NULL},
    {"collapse all + expand all", NULL, f_collapse_all, n_collapse_all, 1, 0, NULL, NULL},
    {"insert 1000 + remove 1000", NULL, f_insert_remove, n_insert_remove, 1, 0, NULL, NULL},
    /* Last: they give a uniform table explicit chunks (and change the
     * Fenwick tree's heights, after its lookups). */
    {"set row height", NULL, f_set_only, NULL, 1, 0, NULL, w_set_only},
    {"set row height + offset->item", NULL, f_set_height, n_set_height, 1, 0, NULL, w_set_height},
};
const size_t workload_count = sizeof workloads / sizeof workloads[0];
