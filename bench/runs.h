/*
 * runs.h — what foldbench runs (runs.c): for each shape and N, builds
 * FoldTable and the naive table from the same data, checks that they agree,
 * and times the workloads of workloads.h on both; GtkTreeListModel when it
 * is built in.
 */
#ifndef FOLDBENCH_RUNS_H
#define FOLDBENCH_RUNS_H

#include "harness.h"

/* One section of N rows (SHAPE_ONE) or N/1000 sections of 1000 rows
 * (SHAPE_MANY), uniform or variable heights (all_heights: N of them). */
void run_flat(int64_t n, enum shape shape, enum hmode hm, const double *all_heights);

/* N/10 sections of 10 rows with heights of their own: FoldTable's heap
 * growth per row while building them (memory shape "ten"). */
void run_ten_row_sections(int64_t n, const double *all_heights);

/* The tree of harness.h, N rows in its leaves. */
void run_tree(int64_t n, enum hmode hm, const double *all_heights);

#ifdef FOLDBENCH_HAVE_GTK
/* GtkTreeListModel over one section of N rows. */
void run_gtk(int64_t n);
#endif

#endif /* FOLDBENCH_RUNS_H */
