/*
 * baselines.h — foldbench's two lower-bound baselines (baselines.c), built
 * over the same flat list of item heights (headers and rows of the expanded
 * table, in points, integral and below 256 as foldbench draws them):
 *
 *   static   an ideal static index: the heights in chunks of 64 (one byte
 *            each), a prefix array of chunk starts and a small top array
 *            (the start of every 64th chunk). Offset -> item is a binary
 *            search of the top array (in cache), one of 64 chunk starts and
 *            a scan of one 64-byte chunk. It cannot be updated in O(log n)
 *            (a height change moves every later chunk start), so it is a
 *            lower bound for lookups, not a peer.
 *   fenwick  a Fenwick (binary indexed) tree of 64-bit prefix sums over the
 *            heights, plus the heights themselves (one byte each, for the
 *            delta of an update and for walking a viewport): the classic
 *            dynamic structure for prefix sums, O(log n) updates and lookups.
 *
 * Neither knows sections: they answer the questions FoldTable answers on
 * the expanded flat list (item at offset, item top, the items of a
 * viewport, a row's new height), which is what the viewport of a view asks.
 */
#ifndef FOLDBENCH_BASELINES_H
#define FOLDBENCH_BASELINES_H

#include "harness.h"

typedef struct static_index {
    int64_t m;          /* items */
    uint8_t *h;         /* m heights */
    int64_t *chunk;     /* start of chunk c (items 64c .. 64c+63); chunks+1 entries */
    int64_t chunks;
    int64_t *top;       /* top[b] = chunk[64b]; tops+1 entries */
    int64_t tops;
} static_index;

typedef struct fenwick {
    int64_t m;
    uint8_t *h;     /* m heights */
    int64_t *tree;  /* 1-based: tree[i] = sum of h[i - lowbit(i) .. i-1] */
    int64_t step;   /* the largest power of two <= m */
} fenwick;

/* From m item heights (each an integer 0..255, else foldbench dies). */
static_index *static_build(const uint8_t *heights, int64_t m);
void static_free(static_index *s);
int64_t static_bytes(const static_index *s); /* bytes allocated */
int64_t static_item_at_offset(const static_index *s, double y, int64_t *top);
int64_t static_item_top(const static_index *s, int64_t position);

fenwick *fenwick_build(const uint8_t *heights, int64_t m);
void fenwick_free(fenwick *f);
int64_t fenwick_bytes(const fenwick *f);
int64_t fenwick_item_at_offset(const fenwick *f, double y, int64_t *top);
int64_t fenwick_item_top(const fenwick *f, int64_t position);
void fenwick_set(fenwick *f, int64_t position, int height);

/* The items of [y, y + extent) into out (position, kind, row, top, height,
 * as the naive table writes them), items in sections of `per` rows after a
 * header each; returns how many (at most cap). */
int static_visible(const static_index *s, double y, double extent, int64_t per,
                   fold_visible_item *out, int cap);
int fenwick_visible(const fenwick *f, double y, double extent, int64_t per,
                    fold_visible_item *out, int cap);

#endif /* FOLDBENCH_BASELINES_H */
