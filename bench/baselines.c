/*
 * baselines.c — the ideal static index and the Fenwick tree (baselines.h).
 */
#include "baselines.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------- */
/* The ideal static index                                                    */
/* ------------------------------------------------------------------------- */

static void *xmalloc(size_t bytes) {
    void *p = malloc(bytes ? bytes : 1);
    if (p == NULL) die("out of memory");
    return p;
}

static_index *static_build(const uint8_t *heights, int64_t m) {
    static_index *s = xmalloc(sizeof *s);
    s->m = m;
    s->chunks = (m + 63) / 64;
    s->tops = (s->chunks + 63) / 64;
    s->h = xmalloc((size_t)m);
    memcpy(s->h, heights, (size_t)m);
    s->chunk = xmalloc((size_t)(s->chunks + 1) * sizeof(int64_t));
    s->top = xmalloc((size_t)(s->tops + 1) * sizeof(int64_t));
    int64_t acc = 0;
    for (int64_t c = 0; c < s->chunks; c++) {
        s->chunk[c] = acc;
        int64_t end = c * 64 + 64 < m ? c * 64 + 64 : m;
        for (int64_t i = c * 64; i < end; i++) acc += s->h[i];
    }
    s->chunk[s->chunks] = acc;
    for (int64_t b = 0; b < s->tops; b++) s->top[b] = s->chunk[b * 64];
    s->top[s->tops] = acc;
    return s;
}

void static_free(static_index *s) {
    if (s == NULL) return;
    free(s->h);
    free(s->chunk);
    free(s->top);
    free(s);
}

int64_t static_bytes(const static_index *s) {
    return s->m + (s->chunks + 1) * 8 + (s->tops + 1) * 8 + (int64_t)sizeof *s;
}

/* The largest i in [lo, hi) with a[i] <= y (lo when none is). */
static int64_t last_at_most(const int64_t *a, int64_t lo, int64_t hi, double y) {
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if ((double)a[mid] <= y) lo = mid;
        else hi = mid;
    }
    return lo;
}

int64_t static_item_at_offset(const static_index *s, double y, int64_t *top) {
    if (s->m == 0) {
        *top = 0;
        return -1;
    }
    int64_t b = last_at_most(s->top, 0, s->tops, y);
    int64_t c_end = b * 64 + 64 < s->chunks ? b * 64 + 64 : s->chunks;
    int64_t c = last_at_most(s->chunk, b * 64, c_end, y);
    int64_t i = c * 64, end = i + 64 < s->m ? i + 64 : s->m;
    int64_t acc = s->chunk[c];
    while (i + 1 < end && (double)(acc + s->h[i]) <= y) acc += s->h[i++];
    *top = acc;
    return i;
}

int64_t static_item_top(const static_index *s, int64_t position) {
    int64_t c = position >> 6, acc = s->chunk[c];
    const uint8_t *h = s->h + (c << 6);
    for (int64_t i = 0, k = position & 63; i < k; i++) acc += h[i];
    return acc;
}

/* ------------------------------------------------------------------------- */
/* The Fenwick tree                                                          */
/* ------------------------------------------------------------------------- */

fenwick *fenwick_build(const uint8_t *heights, int64_t m) {
    fenwick *f = xmalloc(sizeof *f);
    f->m = m;
    f->h = xmalloc((size_t)m);
    memcpy(f->h, heights, (size_t)m);
    f->tree = xmalloc((size_t)(m + 1) * sizeof(int64_t));
    memset(f->tree, 0, (size_t)(m + 1) * sizeof(int64_t));
    for (int64_t i = 1; i <= m; i++) {
        f->tree[i] += f->h[i - 1];
        int64_t j = i + (i & -i);
        if (j <= m) f->tree[j] += f->tree[i];
    }
    f->step = 1;
    while (f->step * 2 <= m) f->step *= 2;
    return f;
}

void fenwick_free(fenwick *f) {
    if (f == NULL) return;
    free(f->h);
    free(f->tree);
    free(f);
}

int64_t fenwick_bytes(const fenwick *f) { return f->m + (f->m + 1) * 8 + (int64_t)sizeof *f; }

int64_t fenwick_item_at_offset(const fenwick *f, double y, int64_t *top) {
    int64_t pos = 0, acc = 0;
    for (int64_t step = f->step; step > 0; step >>= 1) {
        int64_t next = pos + step;
        if (next <= f->m && (double)(acc + f->tree[next]) <= y) {
            pos = next;
            acc += f->tree[next];
        }
    }
    /* pos items end at or before y: item pos holds y (clamped to the last). */
    if (pos >= f->m) {
        pos = f->m - 1;
        acc -= f->h[pos];
    }
    *top = acc;
    return pos;
}

int64_t fenwick_item_top(const fenwick *f, int64_t position) {
    int64_t acc = 0;
    for (int64_t i = position; i > 0; i -= i & -i) acc += f->tree[i];
    return acc;
}

void fenwick_set(fenwick *f, int64_t position, int height) {
    int64_t delta = height - f->h[position];
    f->h[position] = (uint8_t)height;
    for (int64_t i = position + 1; i <= f->m; i += i & -i) f->tree[i] += delta;
}

/* ------------------------------------------------------------------------- */
/* Viewports                                                                 */
/* ------------------------------------------------------------------------- */

static int walk(const uint8_t *h, int64_t m, int64_t p, int64_t top, double y, double extent,
                int64_t per, fold_visible_item *out, int cap) {
    int k = 0;
    double end = y + extent;
    int64_t in_section = p % (per + 1); /* 0: the header */
    for (; p < m && (double)top < end && k < cap; p++) {
        out[k].position = p;
        out[k].kind = in_section == 0 ? FOLD_ITEM_HEADER : FOLD_ITEM_ROW;
        out[k].row = in_section - 1;
        out[k].top = (double)top;
        out[k].height = h[p];
        top += h[p];
        k++;
        if (++in_section > per) in_section = 0;
    }
    return k;
}

int static_visible(const static_index *s, double y, double extent, int64_t per,
                   fold_visible_item *out, int cap) {
    int64_t top, p = static_item_at_offset(s, y, &top);
    return p < 0 ? 0 : walk(s->h, s->m, p, top, y, extent, per, out, cap);
}

int fenwick_visible(const fenwick *f, double y, double extent, int64_t per,
                    fold_visible_item *out, int cap) {
    if (f->m == 0) return 0;
    int64_t top, p = fenwick_item_at_offset(f, y, &top);
    return walk(f->h, f->m, p, top, y, extent, per, out, cap);
}
