/*
 * shapes.h — the tables foldbench measures, built through the C header
 * (shapes.c): the flat shapes (sections of `per` rows) and the tree of
 * harness.h, with default heights (NULL: no per-row memory) or the given
 * per-row heights. naive.h builds the naive table of each shape.
 */
#ifndef FOLDBENCH_SHAPES_H
#define FOLDBENCH_SHAPES_H

#include "harness.h"

/* Sections of `per` rows, N rows in all (the last section shorter). */
fold_table *fold_build(const double *heights, int64_t n, int64_t per);

/* The tree shape (harness.h), N rows in its leaves. */
fold_table *fold_tree_build(int64_t n, const double *heights);

/* The id of top-level section `index` (looked up outside the timed loops). */
fold_section_id fold_top(const fold_table *t, int64_t index);

#endif /* FOLDBENCH_SHAPES_H */
