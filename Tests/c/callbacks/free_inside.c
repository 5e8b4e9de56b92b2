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

/* What a hook that frees the table saw: queries on the freed table still
 * work until the outer call returns. */
typedef struct freer {
    int64_t items_after_free;
    int query_status;
} freer;

static void free_and_query(fold_table *t, hook *h)
{
    freer *f = h->data;
    fold_table_free(t);
    if (f != NULL) f->query_status = fold_table_item_count(t, &f->items_after_free);
}

static int provider_freer(fold_table *t, fold_section_id id, const char *key, int64_t row,
                          double *out, void *user_data)
{
    hook *f = user_data;
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
    freer f = {0};
    hook h = {0}, after_free = {0}; /* after_free: the later listeners' calls */
    h.on = event;
    h.act = free_and_query;
    h.data = &f;
    CHECK_STATUS(fold_table_add_section_listener(t, hook_section, &h, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, hook_section, &after_free, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, &after_free, NULL), FOLD_OK);
    /* The outer call completes normally (the will listeners allowed it). */
    check_changed(t, fold_table_collapse, sec(t, "a"), 1);
    CHECK_STATUS(f.query_status, FOLD_OK);
    CHECK_EQ_I64(f.items_after_free, event == FOLD_SECTION_WILL_COLLAPSE ? 7 : 4);
    /* Freed inside the will event: nothing after it, neither the second
     * will listener nor any did or change listener. Inside did: the second
     * listener's will call happened before. */
    CHECK_EQ_I64(h.calls, event == FOLD_SECTION_WILL_COLLAPSE ? 1 : 2);
    CHECK_EQ_I64(after_free.calls, event == FOLD_SECTION_WILL_COLLAPSE ? 0 : 1);
    /* t is gone now; LeakSanitizer checks it was freed. */
}

void test_free_in_change_listener(void)
{
    fold_table *t = two_sections();
    hook h = {0}, after_free = {0};
    h.on = HOOK_EVERY;
    h.act = free_and_query; /* no freer: frees only */
    CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, &h, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, &after_free, NULL), FOLD_OK);
    check_changed(t, fold_table_collapse, sec(t, "b"), 1);
    CHECK_EQ_I64(h.calls, 1);
    CHECK_EQ_I64(after_free.calls, 0);
}

void test_free_in_provider(void)
{
    fold_table *t = two_sections();
    hook f = {0};
    int64_t measured = -1;
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, provider_freer, &f), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(f.calls, 1);  /* the free removed the provider: no second row */
    CHECK_EQ_I64(measured, 1);
}

/* Table a's listener collapses table b, whose listener frees a: a is in a
 * call on this thread further up, so its free waits for that call. Both
 * hooks act on their table's did-collapse. */
typedef struct pair {
    fold_table *a, *b;
    fold_section_id x; /* b's section */
    int b_status;
    hook on_a, on_b;
} pair;

static void collapse_b(fold_table *t, hook *h)
{
    pair *p = h->data;
    (void)t;
    p->b_status = fold_table_collapse(p->b, p->x, NULL);
}

static void free_a(fold_table *t, hook *h)
{
    pair *p = h->data;
    (void)t;
    fold_table_free(p->a);
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
    p.on_a.on = p.on_b.on = FOLD_SECTION_DID_COLLAPSE;
    p.on_a.act = collapse_b;
    p.on_b.act = free_a;
    p.on_a.data = p.on_b.data = &p;
    CHECK_STATUS(fold_table_add_section_listener(p.a, hook_section, &p.on_a, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(p.b, hook_section, &p.on_b, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(p.a, sec(p.a, "a"), &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STATUS(p.b_status, FOLD_OK);
    CHECK_EQ_I64(p.on_b.calls, 2);
    CHECK_STATUS(fold_table_item_count(p.b, &items), FOLD_OK);
    CHECK_EQ_I64(items, 1);
    fold_table_free(p.b);
}
