/*
 * runs.c — what foldbench runs (runs.h): for each shape, the tables of
 * shapes.c and naive.c built from the same data, their memory, the random
 * inputs, agreement spot checks (so every baseline answers the same
 * questions), then the workloads of workloads.c; and GtkTreeListModel's
 * own small run.
 */
#include "runs.h"

#include "shapes.h"
#include "workloads.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef FOLDBENCH_HAVE_GTK
#include "gtk_baseline.h"
#endif

/* Each workload of the context's shape: FoldTable, naive, static index,
 * Fenwick tree (those it has). */
static void run_workloads(bench *c, const char *shape, const char *heights) {
    for (size_t i = 0; i < workload_count; i++) {
        const workload *w = &workloads[i];
        const char *op = c->tree ? w->tree_op : w->op;
        if (op == NULL) continue;
        /* FoldTable and the lower bounds in rounds (their ratio is a
         * target); the naive table on its own. */
        const char *impls[3] = {"foldtable"};
        batch_fn fns[3] = {w->fold};
        int count = 1;
        if (w->stat && c->si) {
            impls[count] = "static";
            fns[count++] = w->stat;
        }
        if (w->fen && c->fw) {
            impls[count] = "fenwick";
            fns[count++] = w->fen;
        }
        if (count > 1 && !w->single)
            measure_rounds(op, shape, heights, c->n, count, impls, fns, c, w->per);
        else
            measure(op, shape, heights, c->n, "foldtable", w->fold, c, w->per, w->single);
        if (w->naive) measure(op, shape, heights, c->n, "naive", w->naive, c, w->per, w->single);
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

    run_workloads(c, sk, hk);

    fold_table_free(c->ft);
    naive_free(c->nv);
    static_free(c->si);
    fenwick_free(c->fw);
    free(c);
}

void run_ten_row_sections(int64_t n, const double *all_heights) {
    int64_t heap = heap_bytes();
    fold_table *t = fold_build(all_heights, n, 10);
    add_memory("ft heap", "variable", "ten", n, heap_bytes() - heap);
    fold_table_free(t);
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
    run_workloads(c, "tree", hk);
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

