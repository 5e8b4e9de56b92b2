/*
 * sections/structure_version.c — fold_table_structure_version moves with every
 * change of some section's children and stays for every other change, for a
 * failed call, and for changes of another table.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sections.h"

static uint64_t version(const fold_table *t)
{
    uint64_t v = 0;
    CHECK_STATUS(fold_table_structure_version(t, &v), FOLD_OK);
    return v;
}

/* `call` must return FOLD_OK and move the version (`moves`) or keep it. */
#define CHANGES(t, call, moves)                                              \
    do {                                                                     \
        uint64_t before_ = version(t);                                       \
        CHECK_STATUS((call), FOLD_OK);                                       \
        if (moves) CHECK(version(t) != before_); else CHECK_EQ_I64((int64_t)version(t), (int64_t)before_); \
    } while (0)

/* A match function that notes the version and the path of "C" each time it
 * is asked, and stops the call on its `stop_at`-th question. */
typedef struct noting_match {
    int asked, stop_at, n;
    uint64_t versions[16];
    fold_section_id c;
    int32_t c_index[16];
} noting_match;

static int noting(fold_table *t, fold_section_id section, const char *key, int64_t row, void *user_data)
{
    noting_match *m = user_data;
    fold_section_info si;
    (void)section;
    (void)key;
    (void)row;
    if (m->n < 16 && fold_table_structure_version(t, &m->versions[m->n]) == FOLD_OK &&
        fold_table_section_info(t, m->c, &si) == FOLD_OK) {
        m->c_index[m->n++] = (int32_t)si.index;
    }
    return ++m->asked == m->stop_at ? -1 : 1;
}

/* Issue 33: the match function read a version while "C" was at index 3;
 * the failed call restored that value and one removal later handed it out
 * again with "C" at index 2. A version only grows: no later value equals
 * one seen inside the failed call. */
static void test_structure_version_never_repeats(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "A", "A", 2);
    fold_section_id id = 0;
    noting_match m;
    uint64_t before, after;
    int i;
    memset(&m, 0, sizeof m);
    add(t, FOLD_ROOT, "B", "B", 2);
    m.c = add(t, FOLD_ROOT, "C", "C", 1);
    m.stop_at = -1;
    CHECK_STATUS(fold_table_set_filter(t, noting, &m, 0), FOLD_OK);
    m.n = 0;
    m.asked = 0;
    m.stop_at = 2;  /* the new section's header, then its row: stop */
    before = version(t);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "X", "X", 1, 0, &id), FOLD_E_CANCELLED);
    CHECK_EQ_I64(m.n, 2);
    CHECK_EQ_I64(m.c_index[0], 3);  /* seen with X in place */
    after = version(t);
    CHECK(after > before);
    for (i = 0; i < m.n; i++) CHECK(m.versions[i] > before && m.versions[i] < after);
    m.stop_at = -1;
    CHECK_STATUS(fold_table_remove_rows(t, a, 0, 1), FOLD_OK);
    CHECK_STATUS(fold_table_remove_section(t, sec(t, "B")), FOLD_OK);
    CHECK_EQ_I64(info(t, m.c).index, 1);
    for (i = 0; i < m.n; i++) CHECK(version(t) != m.versions[i]);
    CHECK(version(t) > after);
    fold_table_free(t);
}

void test_structure_version(void)
{
    fold_table *t = must_table(NULL);
    fold_table *other = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "A", "A", 2);
    fold_section_id b = add(t, FOLD_ROOT, "B", "B", 2);
    fold_section_id c = add(t, FOLD_ROOT, "C", "C", 1);
    fold_section_id id = 0;
    fold_snapshot_report report;

    /* Children change: every kind of call. */
    CHANGES(t, fold_table_insert_section(t, FOLD_ROOT, 0, "Z", "Z", 0, 0, &id), 1);
    CHANGES(t, fold_table_insert_section(t, a, FOLD_INDEX_END, "A1", "A1", 1, 0, &id), 1);
    CHANGES(t, fold_table_insert_rows(t, b, 0, 3, NULL), 1);
    CHANGES(t, fold_table_remove_rows(t, b, 0, 1), 1);
    CHANGES(t, fold_table_move_row(t, b, 0, c, 0), 1);
    CHANGES(t, fold_table_move_section(t, c, FOLD_ROOT, 0), 1);
    CHANGES(t, fold_table_move_section(t, c, a, 0), 1);
    CHANGES(t, fold_table_remove_children(t, a, 0, 1), 1);
    CHANGES(t, fold_table_remove_section(t, sec(t, "Z")), 1);
    {
        fold_snapshot_entry entries[] = {snap_section(0, "B", "B"), snap_rows(1, 4), snap_section(0, "A", "A"),
                                         snap_rows(1, 2)};
        CHANGES(t, fold_table_apply_snapshot(t, entries, 4, &report), 1);
        CHECK_EQ_I64(info(t, a).index, 1);
    }

    /* Nothing but children's marks, heights, texts or states: it stays. */
    CHANGES(t, fold_table_collapse(t, a, NULL), 0);
    CHANGES(t, fold_table_expand(t, a, NULL), 0);
    CHANGES(t, fold_table_set_row_height(t, b, 1, 30), 0);
    CHANGES(t, fold_table_set_section_header(t, b, "Bee"), 0);
    CHANGES(t, fold_table_set_viewport(t, 5, 40), 0);
    CHANGES(t, fold_table_set_section_height(t, b, FOLD_HEIGHT_HEADER, 25), 0);

    /* A failed call that edited nothing leaves it. */
    {
        uint64_t before = version(t);
        fold_snapshot_entry twice[] = {snap_section(0, "A", "A"), snap_section(0, "A", "A")};
        CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "A", "A", 0, 0, &id), FOLD_E_DUPLICATE);
        CHECK_STATUS(fold_table_remove_rows(t, b, 2, 9), FOLD_E_RANGE);
        CHECK_STATUS(fold_table_move_section(t, a, a, 0), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_apply_snapshot(t, twice, 2, &report), FOLD_E_DUPLICATE);
        CHECK_EQ_I64((int64_t)version(t), (int64_t)before);

        /* Another table's changes are its own. */
        add(other, FOLD_ROOT, "x", "x", 1);
        CHECK(version(other) != 0);
        CHECK_EQ_I64((int64_t)version(t), (int64_t)before);
    }
    fold_table_free(other);
    fold_table_free(t);
    test_structure_version_never_repeats();
}
