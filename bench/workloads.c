/*
 * workloads.c — what foldbench measures (workloads.h). One context and one
 * set of workload functions serve every shape: the flat shapes (one section
 * of N rows, N/1000 sections of 1000 rows) and the tree; each workload has a
 * FoldTable function (f_*) and a naive one (n_*) answering the same
 * question on the same inputs, drawn from the fixed-seed PRNG.
 */
#include "workloads.h"

#include "baselines.h"
#include "naive.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef FOLDBENCH_HAVE_GTK
#include "gtk_baseline.h"
#endif

/* ------------------------------------------------------------------------- */

static fold_table *fold_new(void) {
    fold_table_options o;
    fold_table_options_init(&o);
    o.row_height = ROW_HEIGHT;
    o.header_height = HEADER_HEIGHT;
    fold_table *t = NULL;
    CHECK(fold_table_new(&o, &t));
    return t;
}

/* Sections of `per` rows; heights NULL: default heights (no per-row memory). */
static fold_table *fold_build(const double *heights, int64_t n, int64_t per) {
    fold_table *t = fold_new();
    char key[32];
    int64_t sections = (n + per - 1) / per;
    for (int64_t s = 0; s < sections; s++) {
        int64_t rows = flat_section_rows(n, per, s);
        fold_section_id id;
        snprintf(key, sizeof key, "s%lld", (long long)s);
        if (heights) {
            CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, NULL, 0, 0, &id));
            CHECK(fold_table_insert_rows(t, id, 0, rows, heights + s * per));
        } else {
            CHECK(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, NULL, rows, 0, NULL));
        }
    }
    return t;
}

/* The id of top-level section `index` (looked up outside the timed loops). */
static fold_section_id fold_top(const fold_table *t, int64_t index) {
    int32_t kind;
    fold_section_id id = FOLD_ROOT;
    CHECK(fold_table_child_at(t, FOLD_ROOT, index, &kind, &id, NULL));
    return id;
}

/* Builds the subtree under `parent` at child `index`; returns rows used. */
static int64_t fold_tree_node(fold_table *t, int64_t n, const double *heights, int *key_counter,
                              fold_section_id parent, int64_t index, int level, int64_t *leaf,
                              int64_t row0) {
    char key[32];
    fold_section_id id;
    snprintf(key, sizeof key, "t%d", (*key_counter)++);
    if (level == TREE_LEVELS - 1) {
        int64_t rows = leaf_rows(n, (*leaf)++);
        if (heights) {
            CHECK(fold_table_insert_section(t, parent, index, key, NULL, 0, 0, &id));
            if (rows) CHECK(fold_table_insert_rows(t, id, 0, rows, heights + row0));
        } else {
            CHECK(fold_table_insert_section(t, parent, index, key, NULL, rows, 0, NULL));
        }
        return rows;
    }
    CHECK(fold_table_insert_section(t, parent, index, key, NULL, 0, 0, &id));
    int64_t used = fold_tree_node(t, n, heights, key_counter, id, 0, level + 1, leaf, row0);
    used += fold_tree_node(t, n, heights, key_counter, id, 1, level + 1, leaf, row0 + used);
    return used;
}

/* The tree shape (harness.h), N rows in its leaves. */
static fold_table *fold_tree_build(int64_t n, const double *heights) {
    fold_table *t = fold_new();
    int64_t leaf = 0, row = 0;
    int key_counter = 0;
    for (int i = 0; i < TREE_TOPS; i++)
        row += fold_tree_node(t, n, heights, &key_counter, FOLD_ROOT, i, 0, &leaf, row);
    return t;
}

/* ------------------------------------------------------------------------- */
/* One context for every shape                                               */
/* ------------------------------------------------------------------------- */

typedef struct bench {
    int tree;              /* the tree shape; else flat */
    fold_table *ft;
    naive *nv;
    static_index *si;      /* flat shapes: the lower bounds (baselines.h) */
    fenwick *fw;
    const double *heights; /* NULL: uniform */
    int64_t n, per, sections; /* flat: `sections` sections of `per` rows */
    int64_t positions[POOL]; /* random flat positions (items of the expanded table) */
    double offsets[POOL];    /* random offsets in the content */
    int64_t rsec[POOL], rrow[POOL]; /* random rows (the tree: its first section) */
    fold_section_id rsid[POOL];     /* the ids of the sections rsec */
    int64_t rpos[POOL];      /* flat shapes: the positions of the rows (rsec, rrow) */
    double newh[POOL];       /* heights for the set-height op */
    double ins_heights[1000];
    fold_visible_item vis[256];
    fold_sticky_header sticky[TREE_LEVELS + 1];
    size_t next;
} bench;

#define NEXT(c) ((c)->next = ((c)->next + 1) % POOL)

static fold_table *fold_of(const bench *c) {
    return c->tree ? fold_tree_build(c->n, c->heights) : fold_build(c->heights, c->n, c->per);
}

static naive *naive_of(const bench *c) {
    return c->tree ? naive_tree_build(c->n, c->heights) : naive_build(c->heights, c->n, c->per);
}

/* ------------------------------------------------------------------------- */
/* Workloads of every shape                                                  */
/* ------------------------------------------------------------------------- */

/* `ops` whole builds: the time of build(ctx) only, not of release(). One
 * build is a whole table, so the calls through pointers cost nothing. */
static int64_t time_builds(void *ctx, int64_t ops, void *(*build)(void *),
                           void (*release)(void *)) {
    int64_t total = 0;
    for (int64_t i = 0; i < ops; i++) {
        int64_t t0 = now_ns();
        void *t = build(ctx);
        total += now_ns() - t0;
        release(t);
    }
    return total;
}

static void *f_new(void *p) { return fold_of(p); }
static void f_release(void *t) { fold_table_free(t); }
static void *n_new(void *p) { return naive_of(p); }
static void n_release(void *t) { naive_free(t); }

static int64_t f_build(void *p, int64_t ops) { return time_builds(p, ops, f_new, f_release); }

static int64_t n_build(void *p, int64_t ops) { return time_builds(p, ops, n_new, n_release); }

/* The item and its depth, as a view indents it. */
static int64_t f_item_at(void *p, int64_t ops) {
    bench *c = p;
    fold_item item;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_item_at(c->ft, c->positions[NEXT(c)], &item));
        acc += item.row + item.depth;
    }
    sink = acc;
    return now_ns() - t0;
}

/* The naive flat shapes have no depth to read (all 0; reading it would cost
 * a load the flat measurements never made). */
static int64_t n_item_at(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        const nitem *it = &c->nv->flat[c->positions[NEXT(c)]];
        acc += it->row + (c->tree ? it->section->depth : 0);
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t f_item_at_offset(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, pos, t0 = now_ns();
    int32_t place;
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[NEXT(c)], &pos, &place));
        acc += pos;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_item_at_offset(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += naive_item_at_offset(c->nv, c->offsets[NEXT(c)]);
    sink = acc;
    return now_ns() - t0;
}

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

static int64_t f_row_position(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, pos, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        CHECK(fold_table_row_position(c->ft, c->rsid[k], c->rrow[k], &pos));
        acc += pos;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_row_position(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        acc += naive_row_position(c->nv, c->rsec[k], c->rrow[k]);
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t f_item_top(void *p, int64_t ops) {
    bench *c = p;
    double acc = 0, top;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_item_top(c->ft, c->positions[NEXT(c)], &top));
        acc += top;
    }
    sink = (int64_t)acc;
    return now_ns() - t0;
}

static int64_t n_item_top(void *p, int64_t ops) {
    bench *c = p;
    double acc = 0;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += naive_item_top(c->nv, c->positions[NEXT(c)]);
    sink = (int64_t)acc;
    return now_ns() - t0;
}

static int64_t f_visible(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, written, total, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_visible_items(c->ft, c->offsets[NEXT(c)], VIEWPORT, 0, c->vis, 256,
                                       &written, &total));
        acc += written + c->vis[0].position;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_visible(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        acc += naive_visible(c->nv, c->offsets[NEXT(c)], VIEWPORT, c->vis, 256);
        acc += c->vis[0].position;
    }
    sink = acc;
    return now_ns() - t0;
}

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

/* One unit: change one random row's height, then find the item at a random offset. */
static int64_t f_set_height(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, pos, t0 = now_ns();
    int32_t place;
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        CHECK(fold_table_set_row_height(c->ft, c->rsid[k], c->rrow[k], c->newh[k]));
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[k], &pos, &place));
        acc += pos;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_set_height(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        c->nv->sections[c->rsec[k]]->heights[c->rrow[k]] = c->newh[k];
        acc += naive_item_at_offset(c->nv, c->offsets[k]);
    }
    sink = acc;
    return now_ns() - t0;
}

/* Set one random row's height, nothing else (the pair above adds a lookup). */
static int64_t f_set_only(void *p, int64_t ops) {
    bench *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        CHECK(fold_table_set_row_height(c->ft, c->rsid[k], c->rrow[k], c->newh[k]));
    }
    return now_ns() - t0;
}

/* ------------------------------------------------------------------------- */
/* The lower bounds: the ideal static index and the Fenwick tree              */
/* ------------------------------------------------------------------------- */

static int64_t s_item_at_offset(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, top, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += static_item_at_offset(c->si, c->offsets[NEXT(c)], &top);
    sink = acc;
    return now_ns() - t0;
}

static int64_t w_item_at_offset(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, top, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += fenwick_item_at_offset(c->fw, c->offsets[NEXT(c)], &top);
    sink = acc;
    return now_ns() - t0;
}

static int64_t s_item_top(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += static_item_top(c->si, c->positions[NEXT(c)]);
    sink = acc;
    return now_ns() - t0;
}

static int64_t w_item_top(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += fenwick_item_top(c->fw, c->positions[NEXT(c)]);
    sink = acc;
    return now_ns() - t0;
}

static int64_t s_visible(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        acc += static_visible(c->si, c->offsets[NEXT(c)], VIEWPORT, c->per, c->vis, 256);
        acc += c->vis[0].position;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t w_visible(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        acc += fenwick_visible(c->fw, c->offsets[NEXT(c)], VIEWPORT, c->per, c->vis, 256);
        acc += c->vis[0].position;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t w_set_only(void *p, int64_t ops) {
    bench *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        fenwick_set(c->fw, c->rpos[k], (int)c->newh[k]);
    }
    return now_ns() - t0;
}

/* The pair: set a height, then the item at a random offset. */
static int64_t w_set_height(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, top, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        size_t k = NEXT(c);
        fenwick_set(c->fw, c->rpos[k], (int)c->newh[k]);
        acc += fenwick_item_at_offset(c->fw, c->offsets[k], &top);
    }
    sink = acc;
    return now_ns() - t0;
}

/* ------------------------------------------------------------------------- */
/* Workloads of the tree                                                     */
/* ------------------------------------------------------------------------- */

static int64_t f_sticky(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, written, total, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        CHECK(fold_table_sticky_headers(c->ft, c->offsets[NEXT(c)], c->sticky, TREE_LEVELS + 1,
                                        &written, &total));
        acc += written;
    }
    sink = acc;
    return now_ns() - t0;
}

static int64_t n_sticky(void *p, int64_t ops) {
    bench *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += naive_sticky(c->nv, c->offsets[NEXT(c)], c->sticky);
    sink = acc;
    return now_ns() - t0;
}

/* ------------------------------------------------------------------------- */
/* Runs                                                                      */
/* ------------------------------------------------------------------------- */

/* A measurement: its name in the report, FoldTable's and the naive
 * function, operations per unit, and whether a unit is a whole build; then
 * the static index's and the Fenwick tree's (flat shapes; NULL: none; the
 * static index cannot set a height). Every implementation of an op is
 * measured back to back, so a load on the machine hits them alike. */
typedef struct workload {
    const char *op;
    batch_fn fold, naive;
    int per, single;
    batch_fn stat, fen;
} workload;

static const workload flat_workloads[] = {
    {"build", f_build, n_build, 1, 1, NULL, NULL},
    {"position->item", f_item_at, n_item_at, 1, 0, NULL, NULL},
    {"item->position", f_row_position, n_row_position, 1, 0, NULL, NULL},
    {"offset->item", f_item_at_offset, n_item_at_offset, 1, 0, s_item_at_offset, w_item_at_offset},
    {"item->offset", f_item_top, n_item_top, 1, 0, s_item_top, w_item_top},
    {"visible items (1080 pt)", f_visible, n_visible, 1, 0, s_visible, w_visible},
    {"toggle section", f_toggle, n_toggle, 2, 0, NULL, NULL},
    {"collapse all + expand all", f_collapse_all, n_collapse_all, 1, 0, NULL, NULL},
    {"insert 1000 + remove 1000", f_insert_remove, n_insert_remove, 1, 0, NULL, NULL},
    /* Last: they give a uniform table explicit chunks (and change the
     * Fenwick tree's heights, after its lookups). */
    {"set row height", f_set_only, NULL, 1, 0, NULL, w_set_only},
    {"set row height + offset->item", f_set_height, n_set_height, 1, 0, NULL, w_set_height},
};

static const workload tree_workloads[] = {
    {"tree: build", f_build, n_build, 1, 1, NULL, NULL},
    {"tree: position->item", f_item_at, n_item_at, 1, 0, NULL, NULL},
    {"tree: offset->item", f_item_at_offset, n_item_at_offset, 1, 0, NULL, NULL},
    {"tree: sticky headers", f_sticky, n_sticky, 1, 0, NULL, NULL},
    {"tree: toggle top section", f_toggle, n_toggle, 2, 0, NULL, NULL},
};

/* Each workload: FoldTable, naive, static index, Fenwick tree (those it has). */
static void run_workloads(bench *c, const workload *w, size_t count, const char *shape,
                          const char *heights) {
    for (size_t i = 0; i < count; i++) {
        measure(w[i].op, shape, heights, c->n, "foldtable", w[i].fold, c, w[i].per, w[i].single);
        if (w[i].naive)
            measure(w[i].op, shape, heights, c->n, "naive", w[i].naive, c, w[i].per, w[i].single);
        if (w[i].stat && c->si)
            measure(w[i].op, shape, heights, c->n, "static", w[i].stat, c, w[i].per, w[i].single);
        if (w[i].fen && c->fw)
            measure(w[i].op, shape, heights, c->n, "fenwick", w[i].fen, c, w[i].per, w[i].single);
    }
}

/* The item heights of the naive table's flat list, one byte each. */
static uint8_t *item_heights(const naive *nv) {
    uint8_t *h = malloc((size_t)nv->nflat + 1);
    if (h == NULL) die("out of memory");
    for (int64_t p = 0; p < nv->nflat; p++) {
        double v = naive_height(&nv->flat[p]);
        if (!(v >= 0 && v <= 255) || v != (double)(int)v)
            die("item %lld: height %g is not an integer 0..255", (long long)p, v);
        h[p] = (uint8_t)v;
    }
    return h;
}

void run_flat(int64_t n, enum shape shape, enum hmode hm, const double *all_heights) {
    bench *c = calloc(1, sizeof *c);
    if (c == NULL) die("out of memory");
    const char *sk = shape_keys[shape], *hk = hmode_names[hm];
    c->n = n;
    c->per = shape == SHAPE_ONE ? n : ROWS_PER_SECTION;
    c->sections = (n + c->per - 1) / c->per;
    c->heights = hm == H_VARIABLE ? all_heights : NULL;
    printf("\n== %s, %s heights, N = %lld ==\n", shape_names[shape], hk, (long long)n);

    /* Memory: RSS before and after building the table the ops then use. */
    int64_t before = rss_bytes(), heap = heap_bytes();
    c->ft = fold_of(c);
    int64_t heap_after = heap_bytes();
    add_memory("foldtable", hk, sk, n, rss_bytes() - before);
    add_memory("ft heap", hk, sk, n, heap_after - heap);
    before = rss_bytes();
    c->nv = naive_of(c);
    add_memory("naive", hk, sk, n, rss_bytes() - before);
    /* The lower bounds over the same heights; their memory is what they
     * allocate (exact, no allocator overhead). */
    uint8_t *ih = item_heights(c->nv);
    c->si = static_build(ih, c->nv->nflat);
    c->fw = fenwick_build(ih, c->nv->nflat);
    free(ih);
    add_memory("static", hk, sk, n, static_bytes(c->si));
    add_memory("fenwick", hk, sk, n, fenwick_bytes(c->fw));

    int64_t items;
    double content;
    CHECK(fold_table_item_count(c->ft, &items));
    CHECK(fold_table_content_height(c->ft, &content));
    if (items != c->nv->nflat) die("item counts differ: %lld vs %lld", (long long)items,
                                   (long long)c->nv->nflat);
    for (int i = 0; i < POOL; i++) {
        c->positions[i] = rng_below(items);
        c->offsets[i] = rng_unit() * content;
        c->rsec[i] = rng_below(c->sections);
        c->rrow[i] = rng_below(flat_section_rows(n, c->per, c->rsec[i]));
        c->rsid[i] = fold_top(c->ft, c->rsec[i]);
        c->rpos[i] = c->rsec[i] * (c->per + 1) + 1 + c->rrow[i];
        c->newh[i] = random_height();
    }
    for (int i = 0; i < 1000; i++) c->ins_heights[i] = random_height();

    /* Agreement spot checks, so the baseline answers the same questions. */
    for (int i = 0; i < 16; i++) {
        int64_t pos;
        int32_t place;
        double top;
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[i], &pos, &place));
        if (pos != naive_item_at_offset(c->nv, c->offsets[i]))
            die("item at offset %.1f: foldtable %lld, naive %lld", c->offsets[i], (long long)pos,
                (long long)naive_item_at_offset(c->nv, c->offsets[i]));
        CHECK(fold_table_item_top(c->ft, c->positions[i], &top));
        if (fabs(top - naive_item_top(c->nv, c->positions[i])) > 1e-6 * (1 + top))
            die("item top of %lld differs", (long long)c->positions[i]);
        CHECK(fold_table_row_position(c->ft, c->rsid[i], c->rrow[i], &pos));
        if (pos != naive_row_position(c->nv, c->rsec[i], c->rrow[i])) die("row position differs");
        if (pos != c->rpos[i]) die("row position %lld, expected %lld", (long long)pos,
                                   (long long)c->rpos[i]);
        /* The lower bounds answer the same. */
        int64_t stop, wtop, sp = static_item_at_offset(c->si, c->offsets[i], &stop);
        int64_t wp = fenwick_item_at_offset(c->fw, c->offsets[i], &wtop);
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[i], &pos, &place));
        if (sp != pos || wp != pos)
            die("item at offset %.1f: foldtable %lld, static %lld, fenwick %lld", c->offsets[i],
                (long long)pos, (long long)sp, (long long)wp);
        CHECK(fold_table_item_top(c->ft, pos, &top));
        if ((double)stop != top || (double)wtop != top ||
            (double)static_item_top(c->si, pos) != top || (double)fenwick_item_top(c->fw, pos) != top)
            die("item top of %lld differs between foldtable and the lower bounds", (long long)pos);
        fold_visible_item a[64], b[64], d[64];
        int64_t written, total;
        CHECK(fold_table_visible_items(c->ft, c->offsets[i], VIEWPORT, 0, a, 64, &written, &total));
        int ks = static_visible(c->si, c->offsets[i], VIEWPORT, c->per, b, 64);
        int kw = fenwick_visible(c->fw, c->offsets[i], VIEWPORT, c->per, d, 64);
        if (ks != written || kw != written) die("visible items differ in count");
        for (int j = 0; j < ks; j++)
            if (a[j].position != b[j].position || a[j].top != b[j].top || a[j].row != b[j].row ||
                a[j].kind != b[j].kind || d[j].position != b[j].position || d[j].top != b[j].top)
                die("visible item %d differs between foldtable and the lower bounds", j);
    }

    run_workloads(c, flat_workloads, sizeof flat_workloads / sizeof flat_workloads[0], sk, hk);

    fold_table_free(c->ft);
    naive_free(c->nv);
    static_free(c->si);
    fenwick_free(c->fw);
    free(c);
}

void run_tree(int64_t n, enum hmode hm, const double *all_heights) {
    bench *c = calloc(1, sizeof *c);
    if (c == NULL) die("out of memory");
    const char *hk = hmode_names[hm];
    c->tree = 1;
    c->n = n;
    c->heights = hm == H_VARIABLE ? all_heights : NULL;
    printf("\n== tree %d levels deep (%d top sections, %lld leaf sections), %s heights, N = %lld ==\n",
           TREE_LEVELS, TREE_TOPS, (long long)tree_leaves(), hk, (long long)n);
    c->ft = fold_of(c);
    c->nv = naive_of(c);
    int64_t items;
    double content;
    CHECK(fold_table_item_count(c->ft, &items));
    CHECK(fold_table_content_height(c->ft, &content));
    if (items != c->nv->nflat) die("tree item counts differ");
    fold_section_id first = fold_top(c->ft, 0);
    for (int i = 0; i < POOL; i++) {
        c->positions[i] = rng_below(items);
        c->offsets[i] = rng_unit() * content;
        c->rsec[i] = 0; /* toggling: the first top-level section */
        c->rsid[i] = first;
    }
    for (int i = 0; i < 16; i++) {
        fold_sticky_header a[TREE_LEVELS + 1], b[TREE_LEVELS + 1];
        memset(b, 0, sizeof b);
        int64_t written, total, pos;
        int32_t place;
        CHECK(fold_table_item_at_offset(c->ft, c->offsets[i], &pos, &place));
        if (pos != naive_item_at_offset(c->nv, c->offsets[i])) die("tree offset lookup differs");
        CHECK(fold_table_sticky_headers(c->ft, c->offsets[i], a, TREE_LEVELS + 1, &written, &total));
        int k = naive_sticky(c->nv, c->offsets[i], b);
        if (k != written) die("sticky headers differ: %lld vs %d", (long long)written, k);
        for (int j = 0; j < k; j++)
            if (a[j].position != b[j].position || fabs(a[j].top - b[j].top) > 1e-6 * (1 + a[j].top))
                die("sticky header %d differs", j);
    }
    run_workloads(c, tree_workloads, sizeof tree_workloads / sizeof tree_workloads[0], "tree", hk);
    fold_table_free(c->ft);
    naive_free(c->nv);
    free(c);
}

/* ------------------------------------------------------------------------- */
/* GtkTreeListModel                                                          */
/* ------------------------------------------------------------------------- */

#ifdef FOLDBENCH_HAVE_GTK
typedef struct gtkctx {
    gtkb *b;
    int64_t n;
    int64_t positions[POOL];
    size_t next;
} gtkctx;

static void *g_new(void *p) { return gtkb_build(((gtkctx *)p)->n); }
static void g_release(void *b) { gtkb_free(b); }

static int64_t g_build(void *p, int64_t ops) { return time_builds(p, ops, g_new, g_release); }

static int64_t g_toggle(void *p, int64_t ops) {
    gtkctx *c = p;
    int64_t t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) {
        gtkb_set_expanded(c->b, 0);
        gtkb_set_expanded(c->b, 1);
    }
    return now_ns() - t0;
}

static int64_t g_item_at(void *p, int64_t ops) {
    gtkctx *c = p;
    int64_t acc = 0, t0 = now_ns();
    for (int64_t i = 0; i < ops; i++) acc += gtkb_get_item(c->b, c->positions[NEXT(c)]);
    sink = acc;
    return now_ns() - t0;
}

void run_gtk(int64_t n) {
    gtkctx *c = calloc(1, sizeof *c);
    if (c == NULL) die("out of memory");
    c->n = n;
    printf("\n== GtkTreeListModel (GTK %s), one section, N = %lld ==\n", gtkb_version(),
           (long long)n);
    int64_t before = rss_bytes();
    c->b = gtkb_build(n);
    if (c->b == NULL) die("GtkTreeListModel build failed");
    add_memory("gtk", "n/a", "one", n, rss_bytes() - before);
    int64_t items = gtkb_n_items(c->b);
    if (items != n + 1) die("GtkTreeListModel has %lld items, not %lld", (long long)items,
                            (long long)(n + 1));
    for (int i = 0; i < POOL; i++) c->positions[i] = rng_below(items);
    measure("build", "one", "n/a", n, "gtk", g_build, c, 1, 1);
    measure("position->item", "one", "n/a", n, "gtk", g_item_at, c, 1, 0);
    measure("toggle section", "one", "n/a", n, "gtk", g_toggle, c, 2, 0);
    gtkb_free(c->b);
    free(c);
}
#endif

