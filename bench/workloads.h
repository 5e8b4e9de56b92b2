/*
 * workloads.h — what foldbench measures (workloads.c): one context and one
 * set of workload functions for every shape, the flat shapes (one section
 * of N rows, N/1000 sections of 1000 rows) and the tree. Each workload has
 * a FoldTable function and a naive one answering the same question on the
 * same inputs, drawn from the fixed-seed PRNG; the flat shapes add the
 * lower bounds of baselines.h. runs.c fills the context and runs them.
 */
#ifndef FOLDBENCH_WORKLOADS_H
#define FOLDBENCH_WORKLOADS_H

#include "baselines.h"
#include "harness.h"
#include "naive.h"

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

/* The next index into the pools, cyclically (c: any context with `next`). */
#define NEXT(c) ((c)->next = ((c)->next + 1) % POOL)

/* The FoldTable and the naive table of the context's shape and heights. */
fold_table *fold_of(const bench *c);
naive *naive_of(const bench *c);

/* `ops` whole builds: the time of build(ctx) only, not of release(). */
int64_t time_builds(void *ctx, int64_t ops, void *(*build)(void *), void (*release)(void *));

/* A measurement: its name in the report for the flat shapes and for the
 * tree (NULL: not measured on that shape), FoldTable's and the naive
 * function, operations per unit, and whether a unit is a whole build; then
 * the static index's and the Fenwick tree's (flat shapes; NULL: none; the
 * static index cannot set a height). Every implementation of an op is
 * measured back to back, so a load on the machine hits them alike. */
typedef struct workload {
    const char *op, *tree_op;
    batch_fn fold, naive;
    int per, single;
    batch_fn stat, fen;
} workload;

/* Every workload, in the order of the report. */
extern const workload workloads[];
extern const size_t workload_count;

#endif /* FOLDBENCH_WORKLOADS_H */
