/*
 * callbacks/expanded_provider.c — 6. the expanded-height provider (FOLD_HEIGHT_EXPANDED).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "callbacks.h"

/* ---- 6. the expanded-height provider ------------------------------------- */

/* Answers per row (0: returns 0, "no expanded height"); replaces or removes
 * itself, or frees the table, on its first call when told to. */
typedef struct expander {
    fold_table *table;
    fold_section_id section;
    double answers[4];
    int calls;
    int64_t asked[16];       /* rows asked, in order */
    int wrong_section;       /* called for another section or key */
    int replace;             /* 1: on the first call, install `next` (NULL removes) and free this */
    struct expander *next;
    int set_status;
    int free_table;          /* 1: fold_table_free on the first call */
} expander;

static int expander_freed; /* the table was freed inside a provider */

/* The provider was called `calls` times in all, the last of them for the
 * rows listed, in order: one check for the count, one for each row. */
#define check_asked(e, calls, ...)                                                            \
    check_asked_(__FILE__, __LINE__, &(e), (calls), (const int64_t[]){__VA_ARGS__},           \
                 sizeof((const int64_t[]){__VA_ARGS__}) / sizeof(int64_t))

static void check_asked_(const char *file, int line, const expander *e, int calls,
                         const int64_t *rows, size_t count)
{
    size_t i;
    check_i64_(e->calls, calls, file, line, "calls", "calls");
    for (i = 0; i < count; i++) {
        size_t at = (size_t)calls - count + i;
        check_i64_(at < 16 ? e->asked[at] : -1, rows[i], file, line, "asked", "row");
    }
}

static int expanded_provider(fold_table *t, fold_section_id id, const char *key, int64_t row,
                             double *out, void *user_data)
{
    expander *e = user_data;
    double h = row >= 0 && row < 4 ? e->answers[row] : 0;
    if (expander_freed) calls_after_free++;
    if (e->calls < 16) e->asked[e->calls] = row;
    e->calls++;
    if (id != e->section || strcmp(key, "a") != 0 || row < 0) e->wrong_section++;
    if (e->free_table) {
        e->free_table = 0;
        fold_table_free(t);
        expander_freed = 1;
    } else if (e->replace) {
        expander *next = e->next;
        int st = fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED,
                                                next ? expanded_provider : NULL, next);
        if (next) next->set_status = st;
        else calls_after_free += st != FOLD_OK;
        free(e);
    }
    if (h == 0) return 0;
    *out = h;
    return 1;
}

/* Installs `e` as t's expanded-height provider (one check). */
static void use_expander(fold_table *t, expander *e)
{
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_EXPANDED, expanded_provider, e),
                 FOLD_OK);
}

/* A new table (new_table(NULL)) with one section "a" of `rows` rows, and
 * `e` readied for it, answering answers[i] for row i (0: no expanded
 * height), installed as its expanded-height provider (one check). */
static fold_table *expander_table(expander *e, int64_t rows, double a0, double a1, double a2,
                                  double a3)
{
    fold_table *t = new_table(NULL);
    memset(e, 0, sizeof *e);
    e->section = add(t, FOLD_ROOT, "a", NULL, rows);
    e->answers[0] = a0;
    e->answers[1] = a1;
    e->answers[2] = a2;
    e->answers[3] = a3;
    use_expander(t, e);
    return t;
}

/* A row provider that only counts (and notices calls after a free). */
static int rows_of_30(fold_table *t, fold_section_id id, const char *key, int64_t row, double *out,
                      void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)row;
    if (expander_freed) calls_after_free++;
    ((hook *)user_data)->calls++;
    *out = 30;
    return 1;
}

/* Asked while measuring, once per row, until invalidated; rows with an
 * expanded height of their own are never asked. */
void test_expanded_provider_measuring(void)
{
    expander e;
    hook rows = {0};
    int64_t measured = -1;
    int changed = -1;
    /* Row 0: none, not expandable; row 3: not above the row's 30, not expandable. */
    fold_table *t = expander_table(&e, 4, 0, 100, 80, 20);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, rows_of_30, &rows), FOLD_OK);
    /* Nothing is asked before measuring. */
    check_row_info(t, e.section, 1, 44, FOLD_HEIGHT_DEFAULT, 0);
    CHECK_EQ_I64(e.calls, 0);

    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 4);
    CHECK_EQ_I64(rows.calls, 4);
    check_asked(e, 4, 0, 1, 2, 3);
    CHECK_EQ_I64(e.wrong_section, 0);
    check_row_info(t, e.section, 0, 30, FOLD_HEIGHT_DEFAULT, 0);
    check_row_info(t, e.section, 1, 30, 100, FOLD_ITEM_FLAG_EXPANDABLE);
    check_row_info(t, e.section, 2, 30, 80, FOLD_ITEM_FLAG_EXPANDABLE);
    check_row_info(t, e.section, 3, 30, 20, 0);

    /* Kept: measuring again asks nobody. */
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 0);
    CHECK_EQ_I64(e.calls, 4);

    /* Invalidating one row asks for that row again. */
    e.answers[1] = 90;
    CHECK_STATUS(fold_table_invalidate_heights(t, e.section, 1), FOLD_OK);
    check_row_info(t, e.section, 1, 44, FOLD_HEIGHT_DEFAULT, 0);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 1);
    check_asked(e, 5, 1);
    check_row_info(t, e.section, 1, 30, 90, FOLD_ITEM_FLAG_EXPANDABLE);

    /* An expanded height of its own stays and is never asked for. */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, e.section, 2, 60), FOLD_OK);
    CHECK_STATUS(fold_table_invalidate_heights(t, FOLD_ROOT, -1), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 4);
    check_asked(e, 8, 0, 1, 3);
    check_row_info(t, e.section, 2, 30, 60, FOLD_ITEM_FLAG_EXPANDABLE);

    /* A known expanded height is not asked again when the row expands. */
    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(e.calls, 8);
    check_row_info(t, e.section, 1, 30, 90, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_EQ_I64(calls_after_free, 0);
    fold_table_free(t);
}

/* Without measuring: expanding, toggling or activating a row without a
 * known expanded height asks for it first, once. */
void test_expanded_provider_on_activation(void)
{
    expander e;
    int changed = -1;
    double h = -1;
    fold_table *t = expander_table(&e, 4, 0, 100, 80, 20);

    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    check_asked(e, 1, 1);
    check_row_info(t, e.section, 1, 44, 100, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    CHECK_STATUS(fold_table_item_height(t, 2, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 100);
    /* Expanded already: not asked again. */
    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(e.calls, 1);

    /* Toggle: row 2 (position 3). */
    CHECK_STATUS(fold_table_toggle_row(t, e.section, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    check_asked(e, 2, 2);
    check_row_info(t, e.section, 2, 44, 80, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);

    /* Activate row 0 (position 1): the provider has none; nothing to do. The
     * answer is kept, so activating again does not ask. */
    check_activated(t, 1, FOLD_ACTIVATED_NOTHING);
    check_asked(e, 3, 0);
    check_activated(t, 1, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(e.calls, 3);
    check_row_info(t, e.section, 0, 44, FOLD_HEIGHT_DEFAULT, 0);

    /* Activate row 3 (position 4): 20 is not above 44: nothing to do. */
    check_activated(t, 4, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(e.calls, 4);
    check_row_info(t, e.section, 3, 44, 20, 0);

    /* Activate row 3 after its answer changes and is invalidated: expands. */
    e.answers[3] = 200;
    CHECK_STATUS(fold_table_invalidate_heights(t, e.section, 3), FOLD_OK);
    check_activated(t, 4, FOLD_ACTIVATED_ROW_EXPANDED);
    CHECK_EQ_I64(e.calls, 5);
    check_row_info(t, e.section, 3, 44, 200, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    /* Activating the header toggles the section; no row is asked. */
    check_activated(t, 0, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_EQ_I64(e.calls, 5);
    CHECK_EQ_I64(e.wrong_section, 0);
    fold_table_free(t);
}

/* Replaced inside fold_table_measure: the old one (freed) is never called
 * again; the new one is asked for the rows left. */
void test_expanded_provider_replaces_itself(void)
{
    fold_table *t = new_table(NULL);
    expander *old = calloc(1, sizeof *old);
    expander fresh;
    hook rows = {0};
    int64_t measured = -1;
    int changed = -1;
    memset(&fresh, 0, sizeof fresh);
    old->section = fresh.section = add(t, FOLD_ROOT, "a", NULL, 3);
    old->answers[0] = 100;
    old->replace = 1;
    old->next = &fresh;
    fresh.answers[0] = fresh.answers[1] = fresh.answers[2] = 70;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, rows_of_30, &rows), FOLD_OK);
    use_expander(t, old);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_STATUS(fresh.set_status, FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    check_asked(fresh, 2, 1, 2); /* row 0 was the old one's */
    check_row_info(t, fresh.section, 0, 30, 100, FOLD_ITEM_FLAG_EXPANDABLE);
    check_row_info(t, fresh.section, 2, 30, 70, FOLD_ITEM_FLAG_EXPANDABLE);

    /* Replaced inside fold_table_expand_row: its answer counts. */
    old = calloc(1, sizeof *old);
    old->section = fresh.section;
    old->answers[1] = 150;
    old->replace = 1;
    old->next = NULL; /* removes the provider */
    use_expander(t, old);
    CHECK_EQ_I64(fresh.calls, 2); /* replaced from outside: not called again */
    CHECK_STATUS(fold_table_invalidate_heights(t, fresh.section, 1), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, fresh.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    /* Its height was invalidated too: the estimate until measured. */
    check_row_info(t, fresh.section, 1, 44, 150, FOLD_ITEM_FLAG_EXPANDED | FOLD_ITEM_FLAG_EXPANDABLE);
    /* Removed: nobody is asked any more. */
    CHECK_STATUS(fold_table_invalidate_heights(t, fresh.section, 2), FOLD_OK);
    CHECK_STATUS(fold_table_toggle_row(t, fresh.section, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    check_row_info(t, fresh.section, 2, 44, FOLD_HEIGHT_DEFAULT, 0);
    CHECK_EQ_I64(fresh.calls, 2);
    CHECK_EQ_I64(calls_after_free, 0);
    fold_table_free(t);
}

/* Removed inside fold_table_measure: the rest is asked of nobody. */
void test_expanded_provider_removes_itself(void)
{
    fold_table *t = new_table(NULL);
    expander *old = calloc(1, sizeof *old);
    hook rows = {0};
    int64_t measured = -1;
    int changed = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 3);
    old->section = a;
    old->answers[0] = old->answers[1] = old->answers[2] = 100;
    old->replace = 1; /* next NULL */
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, rows_of_30, &rows), FOLD_OK);
    use_expander(t, old);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3); /* the row provider stays */
    CHECK_EQ_I64(rows.calls, 3);
    CHECK_EQ_I64(calls_after_free, 0);
    check_row_info(t, a, 0, 30, 100, FOLD_ITEM_FLAG_EXPANDABLE);
    check_row_info(t, a, 1, 30, FOLD_HEIGHT_DEFAULT, 0);
    /* Expanding row 2 asks nobody: it has no expanded height. */
    CHECK_STATUS(fold_table_expand_row(t, a, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(calls_after_free, 0);
    fold_table_free(t);
}

/* The table freed inside the expanded-height provider: while measuring and
 * while expanding a row; the outer call returns normally and no callback
 * of the table runs after the free (LeakSanitizer: the table is freed). */
void test_free_in_expanded_provider(void)
{
    expander e;
    hook rows = {0}, listener = {0};
    int64_t measured = -1;
    fold_table *t = expander_table(&e, 3, 100, 100, 100, 0);
    e.free_table = 1;
    expander_freed = 0;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, rows_of_30, &rows), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, &listener, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(expander_freed, 1);
    CHECK_EQ_I64(listener.calls, 0);
    CHECK_EQ_I64(calls_after_free, 0); /* neither provider after the free */

    t = expander_table(&e, 3, 0, 100, 0, 0);
    e.free_table = 1;
    expander_freed = 0;
    listener.calls = 0;
    CHECK_STATUS(fold_table_add_row_listener(t, hook_row, &listener, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(listener.calls, 0); /* asked before the events; none after the free */
    CHECK_EQ_I64(calls_after_free, 0);
    expander_freed = 0;
}

/* Without a row height provider, fold_table_measure asks the expanded-height
 * provider for the rows it covers, and only those. */
void test_expanded_provider_measured_alone(void)
{
    expander e;
    int64_t measured = -1;
    fold_table *t = expander_table(&e, 40, 90, 90, 90, 90);
    /* Header 0..28, rows of 44: [0, 100) covers the header and rows 0 and 1. */
    CHECK_STATUS(fold_table_measure(t, 0, 100, 0, &measured), FOLD_OK);
    check_asked(e, 2, 0, 1);
    CHECK_EQ_I64(e.wrong_section, 0);
    check_row_info(t, e.section, 1, 44, 90, FOLD_ITEM_FLAG_EXPANDABLE);
    check_row_info(t, e.section, 2, 44, FOLD_HEIGHT_DEFAULT, 0);
    fold_table_free(t);
}

/* A row listener that refuses every "will expand". */
static int refuse_expand(fold_table *t, fold_section_id id, const char *key, int64_t row,
                         int32_t event, void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)row;
    ((hook *)user_data)->calls++;
    return event != FOLD_ROW_WILL_EXPAND;
}

/* Refused after the provider answered: the answer is kept (the row is
 * expandable now, not expanded) and that redraw is the one change set. */
void test_expanded_answer_kept_when_refused(void)
{
    expander e;
    hook refusals = {0}, sets = {0};
    int changed = -1;
    fold_table *t = expander_table(&e, 3, 0, 100, 120, 0);
    CHECK_STATUS(fold_table_add_row_listener(t, refuse_expand, &refusals, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, &sets, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(refusals.calls, 1);
    CHECK_EQ_I64(sets.calls, 1);
    check_row_info(t, e.section, 1, 44, 100, FOLD_ITEM_FLAG_EXPANDABLE);
    /* Kept: asked no more. */
    CHECK_STATUS(fold_table_toggle_row(t, e.section, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(e.calls, 1);
    CHECK_EQ_I64(refusals.calls, 2);
    CHECK_EQ_I64(sets.calls, 1); /* nothing new to redraw */
    /* Through activate: a refusal, said so. */
    check_activated(t, 3, FOLD_ACTIVATED_REFUSED);
    CHECK_EQ_I64(e.calls, 2);
    CHECK_EQ_I64(sets.calls, 2);
    check_row_info(t, e.section, 2, 44, 120, FOLD_ITEM_FLAG_EXPANDABLE);
    fold_table_free(t);
}
