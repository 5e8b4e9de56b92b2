/*
 * naive.h — foldbench's naive baseline (naive.c).
 *
 * What a table-view tutorial builds: sections own arrays of row heights; a
 * flat array of (section, row) items is rebuilt from scratch after every
 * structural change ("reloadData"); anything about offsets walks the flat
 * list from the top, adding heights. Position -> item is its one O(1) query.
 */
#ifndef FOLDBENCH_NAIVE_H
#define FOLDBENCH_NAIVE_H

#include "harness.h"

typedef struct nsection {
    double *heights; /* one per row */
    int64_t rows, cap;
    int collapsed;
    struct nsection **subs; /* tree shape: child sections (rows only in leaves) */
    int nsubs;
    struct nsection *parent;
    int depth;
} nsection;

typedef struct nitem {
    nsection *section;
    int64_t row; /* -1: the header */
} nitem;

typedef struct naive {
    nsection **sections; /* top level */
    int64_t nsections;
    nitem *flat;
    int64_t nflat, flatcap;
} naive;

/* Sections of `per` rows (the last may be short) holding heights (NULL: uniform). */
naive *naive_build(const double *heights, int64_t n, int64_t per);
/* The tree shape of harness.h, N rows in its leaves. */
naive *naive_tree_build(int64_t n, const double *heights);
void naive_free(naive *t);
nsection *naive_new_section(const double *heights, int64_t rows);

/* reloadData: rebuild the flat list from the sections. */
void naive_reload(naive *t);

double naive_height(const nitem *it);
/* Linear scans from the top, as tableView(_:heightForRowAt:) loops do. */
int64_t naive_item_at_offset(const naive *t, double y);
double naive_item_top(const naive *t, int64_t position);
int64_t naive_row_position(const naive *t, int64_t section, int64_t row);
int naive_visible(const naive *t, double offset, double height, fold_visible_item *out, int cap);
/* Sticky headers of the tree shape, as fold_table_sticky_headers stacks them. */
int naive_sticky(const naive *t, double y, fold_sticky_header *out);

void naive_insert_rows(naive *t, int64_t section, int64_t row, int64_t count,
                       const double *heights);
void naive_remove_rows(naive *t, int64_t section, int64_t row, int64_t count);

#endif /* FOLDBENCH_NAIVE_H */
