/*
 * naive.c — foldbench's naive baseline: a table engine written the way
 * classic table-view tutorials do it, measured beside FoldTable on the same
 * data (naive.h).
 */
#include "naive.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


static void naive_flatten_section(naive *t, nsection *s) {
    int64_t need = t->nflat + 1 + (s->collapsed ? 0 : s->rows);
    if (need > t->flatcap) {
        while (t->flatcap < need) t->flatcap = t->flatcap ? 2 * t->flatcap : 1024;
        t->flat = realloc(t->flat, (size_t)t->flatcap * sizeof(nitem));
        if (t->flat == NULL) die("out of memory");
    }
    t->flat[t->nflat].section = s;
    t->flat[t->nflat++].row = -1;
    if (s->collapsed) return;
    for (int64_t r = 0; r < s->rows; r++) {
        t->flat[t->nflat].section = s;
        t->flat[t->nflat++].row = r;
    }
    for (int i = 0; i < s->nsubs; i++) naive_flatten_section(t, s->subs[i]);
}

/* reloadData: rebuild the flat list from the sections. */
void naive_reload(naive *t) {
    t->nflat = 0;
    for (int64_t s = 0; s < t->nsections; s++) naive_flatten_section(t, t->sections[s]);
}

nsection *naive_new_section(const double *heights, int64_t rows) {
    nsection *s = calloc(1, sizeof *s);
    if (s == NULL) die("out of memory");
    s->rows = s->cap = rows;
    s->heights = malloc((size_t)(rows ? rows : 1) * sizeof(double));
    if (s->heights == NULL) die("out of memory");
    if (heights) memcpy(s->heights, heights, (size_t)rows * sizeof(double));
    else for (int64_t r = 0; r < rows; r++) s->heights[r] = ROW_HEIGHT;
    return s;
}

static void naive_free_section(nsection *s) {
    for (int i = 0; i < s->nsubs; i++) naive_free_section(s->subs[i]);
    free(s->subs);
    free(s->heights);
    free(s);
}

void naive_free(naive *t) {
    if (t == NULL) return;
    for (int64_t s = 0; s < t->nsections; s++) naive_free_section(t->sections[s]);
    free(t->sections);
    free(t->flat);
    free(t);
}

/* Sections of `per` rows (the last may be short) holding heights (NULL: uniform). */
naive *naive_build(const double *heights, int64_t n, int64_t per) {
    naive *t = calloc(1, sizeof *t);
    if (t == NULL) die("out of memory");
    t->nsections = (n + per - 1) / per;
    t->sections = malloc((size_t)t->nsections * sizeof(nsection *));
    if (t->sections == NULL) die("out of memory");
    for (int64_t s = 0; s < t->nsections; s++) {
        int64_t rows = flat_section_rows(n, per, s);
        t->sections[s] = naive_new_section(heights ? heights + s * per : NULL, rows);
    }
    naive_reload(t);
    return t;
}

double naive_height(const nitem *it) {
    return it->row < 0 ? HEADER_HEIGHT : it->section->heights[it->row];
}

/* Linear scans from the top, as tableView(_:heightForRowAt:) loops do. */
int64_t naive_item_at_offset(const naive *t, double y) {
    double top = 0;
    for (int64_t p = 0; p < t->nflat; p++) {
        top += naive_height(&t->flat[p]);
        if (top > y) return p;
    }
    return t->nflat - 1;
}

double naive_item_top(const naive *t, int64_t position) {
    double top = 0;
    for (int64_t p = 0; p < position; p++) top += naive_height(&t->flat[p]);
    return top;
}

int64_t naive_row_position(const naive *t, int64_t section, int64_t row) {
    int64_t p = 0;
    for (int64_t s = 0; s < section; s++)
        p += 1 + (t->sections[s]->collapsed ? 0 : t->sections[s]->rows);
    return p + 1 + row;
}

int naive_visible(const naive *t, double offset, double height, fold_visible_item *out,
                         int cap) {
    double top = 0;
    int64_t p = 0;
    for (; p < t->nflat; p++) {
        double h = naive_height(&t->flat[p]);
        if (top + h > offset) break;
        top += h;
    }
    int k = 0;
    for (; p < t->nflat && top < offset + height && k < cap; p++) {
        const nitem *it = &t->flat[p];
        double h = naive_height(it);
        out[k].position = p;
        out[k].kind = it->row < 0 ? FOLD_ITEM_HEADER : FOLD_ITEM_ROW;
        out[k].row = it->row;
        out[k].top = top;
        out[k].height = h;
        k++;
        top += h;
    }
    return k;
}

void naive_insert_rows(naive *t, int64_t section, int64_t row, int64_t count,
                              const double *heights) {
    nsection *s = t->sections[section];
    if (s->rows + count > s->cap) {
        s->cap = (s->rows + count) * 2;
        s->heights = realloc(s->heights, (size_t)s->cap * sizeof(double));
        if (s->heights == NULL) die("out of memory");
    }
    memmove(s->heights + row + count, s->heights + row, (size_t)(s->rows - row) * sizeof(double));
    for (int64_t i = 0; i < count; i++) s->heights[row + i] = heights ? heights[i] : ROW_HEIGHT;
    s->rows += count;
    naive_reload(t);
}

void naive_remove_rows(naive *t, int64_t section, int64_t row, int64_t count) {
    nsection *s = t->sections[section];
    memmove(s->heights + row, s->heights + row + count,
            (size_t)(s->rows - row - count) * sizeof(double));
    s->rows -= count;
    naive_reload(t);
}

/* The tree shape (harness.h): TREE_TOPS binary trees, rows in the leaves. */
static nsection *naive_tree_node(int64_t n, const double *heights, nsection *parent, int level,
                                 int64_t *leaf, int64_t *row) {
    nsection *s;
    if (level == TREE_LEVELS - 1) {
        int64_t rows = leaf_rows(n, (*leaf)++);
        s = naive_new_section(heights ? heights + *row : NULL, rows);
        *row += rows;
    } else {
        s = naive_new_section(NULL, 0);
        s->nsubs = 2;
        s->subs = malloc(2 * sizeof(nsection *));
        if (s->subs == NULL) die("out of memory");
        s->depth = level;
        for (int i = 0; i < 2; i++) s->subs[i] = naive_tree_node(n, heights, s, level + 1, leaf, row);
    }
    s->parent = parent;
    s->depth = level;
    return s;
}

naive *naive_tree_build(int64_t n, const double *heights) {
    naive *t = calloc(1, sizeof *t);
    if (t == NULL) die("out of memory");
    int64_t leaf = 0, row = 0;
    t->nsections = TREE_TOPS;
    t->sections = malloc(TREE_TOPS * sizeof(nsection *));
    if (t->sections == NULL) die("out of memory");
    for (int i = 0; i < TREE_TOPS; i++) t->sections[i] = naive_tree_node(n, heights, NULL, 0, &leaf, &row);
    naive_reload(t);
    return t;
}


/* Naive sticky headers, stacked like CSS position: sticky: level d is the
 * level-d section around the item at the bottom of the headers drawn above
 * it. One scan from the top, on to each level's stack bottom (the bottoms
 * only grow), remembering the last header of each level; then on from there
 * to where that section ends (the next header at its level or above: the
 * tree has rows in leaf sections only, and no footers). */
int naive_sticky(const naive *t, double y, fold_sticky_header *out) {
    int64_t hpos[TREE_LEVELS];
    double htop[TREE_LEVELS];
    int levels = 0;
    double top = 0;
    int64_t p = 0;
    double stack = y;
    int k = 0;
    for (int d = 0; d < TREE_LEVELS; d++) {
        for (; p < t->nflat; p++) {
            const nitem *it = &t->flat[p];
            double h = naive_height(it);
            if (it->row < 0) {
                levels = it->section->depth + 1;
                hpos[levels - 1] = p;
                htop[levels - 1] = top;
            }
            if (top + h > stack) break;
            top += h;
        }
        if (p == t->nflat) break; /* past the end */
        /* The item at the stack's bottom must lie in the level above's section. */
        if (levels <= d || (k > 0 && hpos[d - 1] != out[k - 1].position)) break;
        double end = top + naive_height(&t->flat[p]);
        for (int64_t q = p + 1; q < t->nflat; q++) {
            const nitem *it = &t->flat[q];
            if (it->row < 0 && it->section->depth <= d) break;
            end += naive_height(it);
        }
        double drawn = fmin(stack, end - HEADER_HEIGHT);
        if (drawn < htop[d]) drawn = htop[d];
        out[k].position = hpos[d];
        out[k].depth = d;
        out[k].top = drawn;
        out[k].height = HEADER_HEIGHT;
        k++;
        stack = drawn + HEADER_HEIGHT;
    }
    return k;
}
