/*
 * callbacks/free_inside.c — 3. fold_table_free inside the table's own listeners and
 * providers, and two tables deep.
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

/* ---- 3. fold_table_free inside the table's own callbacks ----------------- */

typedef struct freer {
    int calls;
    int32_t free_on; /* the event that frees (section listeners) */
    int64_t items_after_free; /* queries still work until the outer call returns */
    int query_status;
} freer;

static int after_free_calls = 0;

static int section_freer(fold_table *t, fold_section_id id, const char *key, int32_t event,
                         void *user_data)
{
    freer *f = user_data;
    (void)id;
    (void)key;
    f->calls++;
    if (event == f->free_on) {
        fold_table_free(t);
        f->query_status = fold_table_item_count(t, &f->items_after_free);
    }
    return 1;
}

static int section_after_free(fold_table *t, fold_section_id id, const char *key, int32_t event,
                              void *user_data)
{
    (void)t;
    (void)id;
    (void)key;
    (void)event;
    (void)user_data;
    after_free_calls++;
    return 1;
}

static void change_freer(fold_table *t, const fold_change_set *set, void *user_data)
{
    freer *f = user_data;
    (void)set;
    f->calls++;
    fold_table_free(t);
}

static void change_after_free(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)set;
    (void)user_data;
    after_free_calls++;
}

static int provider_freer(fold_table *t, fold_section_id id, const char *key, int64_t row,
                          double *out, void *user_data)
{
    freer *f = user_data;
    (void)id;
    (void)key;
    (void)row;
    f->calls++;
    fold_table_free(t);
    *out = 5;
    return 1;
}

void test_free_in_section_listener(int32_t event)
{
    fold_table *t = two_sections();
    freer f;
    memset(&f, 0, sizeof f);
    f.free_on = event;
    after_free_calls = 0;
    CHECK_STATUS(fold_table_add_section_listener(t, section_freer, &f, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, section_after_free, NULL, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, change_after_free, NULL, NULL), FOLD_OK);
    /* The outer call completes normally (the will listeners allowed it). */
    check_changed(t, fold_table_collapse, sec(t, "a"), 1);
    CHECK_STATUS(f.query_status, FOLD_OK);
    CHECK_EQ_I64(f.items_after_free, event == FOLD_SECTION_WILL_COLLAPSE ? 7 : 4);
    /* Freed inside the will event: nothing after it, neither the second
     * will listener nor any did or change listener. Inside did: the second
     * listener's will call happened before. */
    CHECK_EQ_I64(f.calls, event == FOLD_SECTION_WILL_COLLAPSE ? 1 : 2);
    CHECK_EQ_I64(after_free_calls, event == FOLD_SECTION_WILL_COLLAPSE ? 0 : 1);
    /* t is gone now; LeakSanitizer checks it was freed. */
}

void test_free_in_change_listener(void)
{
    fold_table *t = two_sections();
    freer f;
    memset(&f, 0, sizeof f);
    after_free_calls = 0;
    CHECK_STATUS(fold_table_add_change_listener(t, change_freer, &f, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, change_after_free, NULL, NULL), FOLD_OK);
    check_changed(t, fold_table_collapse, sec(t, "b"), 1);
    CHECK_EQ_I64(f.calls, 1);
    CHECK_EQ_I64(after_free_calls, 0);
}

void test_free_in_provider(void)
{
    fold_table *t = two_sections();
    freer f;
    int64_t measured = -1;
    memset(&f, 0, sizeof f);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, provider_freer, &f), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(f.calls, 1);  /* the free removed the provider: no second row */
    CHECK_EQ_I64(measured, 1);
}

/* Table a's listener collapses table b, whose listener frees a: a is in a
 * call on this thread further up, so its free waits for that call. */
typedef struct pair {
    fold_table *a, *b;
    fold_section_id x; /* b's section */
    int b_status;
    int b_calls;
} pair;

static int a_collapses_b(fold_table *t, fold_section_id id, const char *key, int32_t event,
                         void *user_data)
{
    pair *p = user_data;
    (void)t;
    (void)id;
    (void)key;
    if (event == FOLD_SECTION_DID_COLLAPSE) p->b_status = fold_table_collapse(p->b, p->x, NULL);
    return 1;
}

static int b_frees_a(fold_table *t, fold_section_id id, const char *key, int32_t event,
                     void *user_data)
{
    pair *p = user_data;
    (void)t;
    (void)id;
    (void)key;
    p->b_calls++;
    if (event == FOLD_SECTION_DID_COLLAPSE) fold_table_free(p->a);
    return 1;
}

void test_free_two_tables_deep(void)
{
    pair p;
    int64_t items = -1;
    int changed = -1;
    memset(&p, 0, sizeof p);
    p.a = two_sections();
    if ((p.b = new_table(NULL)) == NULL) return;
    p.x = add(p.b, FOLD_ROOT, "x", NULL, 2);
    CHECK_STATUS(fold_table_add_section_listener(p.a, a_collapses_b, &p, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(p.b, b_frees_a, &p, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(p.a, sec(p.a, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(p.b_status, FOLD_OK);
    CHECK_EQ_I64(p.b_calls, 2);
    CHECK_STATUS(fold_table_item_count(p.b, &items), FOLD_OK);
    CHECK_EQ_I64(items, 1);
    fold_table_free(p.b);
}
