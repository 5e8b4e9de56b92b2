/*
 * shapes.c — the FoldTable tables of each shape foldbench measures
 * (shapes.h): the same rows, sections and heights naive.c builds.
 */
#include "shapes.h"

#include <stdio.h>

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
fold_table *fold_build(const double *heights, int64_t n, int64_t per) {
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

fold_section_id fold_top(const fold_table *t, int64_t index) {
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

fold_table *fold_tree_build(int64_t n, const double *heights) {
    fold_table *t = fold_new();
    int64_t leaf = 0, row = 0;
    int key_counter = 0;
    for (int i = 0; i < TREE_TOPS; i++)
        row += fold_tree_node(t, n, heights, &key_counter, FOLD_ROOT, i, 0, &leaf, row);
    return t;
}
