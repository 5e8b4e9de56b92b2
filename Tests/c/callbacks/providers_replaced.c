/*
 * callbacks/providers_replaced.c — 2. height providers replaced or removed inside
 * fold_table_measure.
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

/* ---- 2. providers replaced during fold_table_measure --------------------- */

typedef struct provider {
    fold_table *table;
    int32_t which;         /* FOLD_HEIGHT_ROW or FOLD_HEIGHT_HEADER: the provider it is */
    double height;
    int calls;
    struct provider *next; /* installed (and this one freed) on the first call; NULL removes */
    int replace;           /* 1: replace on the first call */
    int set_status;
} provider;

static int height_provider(fold_table *t, fold_section_id id, const char *key, int64_t row,
                           double *out, void *user_data)
{
    provider *p = user_data;
    double h = p->height;
    (void)id;
    (void)key;
    /* A header provider is asked for headers only. */
    if (p->which == FOLD_HEIGHT_HEADER && row != -1) calls_after_free++;
    p->calls++;
    if (p->replace) {
        /* Installs the next one (or removes the provider) and frees this
         * one: the engine must never touch the old user_data again. A
         * failed removal counts as a call after free (nowhere else to put
         * it). */
        provider *next = p->next;
        int st = fold_table_set_height_provider(t, p->which, next ? height_provider : NULL, next);
        if (next) next->set_status = st;
        else calls_after_free += st != FOLD_OK;
        free(p);
    }
    *out = h;
    return 1;
}

void test_provider_replaces_itself(void)
{
    fold_table *t = NULL;
    provider *old = calloc(1, sizeof *old);
    provider fresh;
    int64_t measured = -1;
    double content = -1;
    fold_row_info ri;
    fold_section_id a;
    memset(&fresh, 0, sizeof fresh);
    fresh.height = 20;
    old->height = 10;
    old->replace = 1;
    old->next = &fresh;
    t = new_table(NULL);
    a = add(t, FOLD_ROOT, "a", NULL, 3);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, height_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_STATUS(fresh.set_status, FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 2); /* rows 1 and 2; row 0 was the old one's */
    CHECK_STATUS(fold_table_row_info(t, a, 0, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 10);
    CHECK_STATUS(fold_table_row_info(t, a, 2, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 20);
    CHECK_STATUS(fold_table_content_height(t, &content), FOLD_OK);
    CHECK_EQ_DBL(content, 28 + 10 + 20 + 20);
    /* The new one stays: invalidating asks it again. */
    CHECK_STATUS(fold_table_invalidate_heights(t, FOLD_ROOT, -1), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 5);
    fold_table_free(t);
}

void test_provider_removes_itself(void)
{
    fold_table *t = NULL;
    provider *old = calloc(1, sizeof *old);
    int64_t measured = -1;
    fold_row_info ri;
    fold_section_id a;
    old->height = 10;
    old->replace = 1; /* next NULL: removes the provider */
    t = new_table(NULL);
    a = add(t, FOLD_ROOT, "a", NULL, 3);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_ROW, height_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 1); /* the rest was asked of nobody */
    CHECK_EQ_I64(calls_after_free, 0);
    CHECK_STATUS(fold_table_row_info(t, a, 0, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 10);
    CHECK_STATUS(fold_table_row_info(t, a, 1, &ri), FOLD_OK);
    CHECK_EQ_DBL(ri.height, 44);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 0);
    fold_table_free(t);
}

void test_header_provider_replaces_itself(void)
{
    fold_table *t = NULL;
    provider *old = calloc(1, sizeof *old);
    provider fresh;
    int64_t measured = -1;
    memset(&fresh, 0, sizeof fresh);
    fresh.which = FOLD_HEIGHT_HEADER;
    fresh.height = 40;
    old->which = FOLD_HEIGHT_HEADER;
    old->height = 30;
    old->replace = 1;
    old->next = &fresh;
    t = new_table(NULL);
    add(t, FOLD_ROOT, "a", NULL, 0);
    add(t, FOLD_ROOT, "b", NULL, 0);
    add(t, FOLD_ROOT, "c", NULL, 0);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, height_provider, old), FOLD_OK);
    CHECK_STATUS(fold_table_measure(t, 0, 1000, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(measured, 3);
    CHECK_EQ_I64(fresh.calls, 2);
    CHECK_EQ_DBL(info(t, sec(t, "a")).header_height, 30);
    CHECK_EQ_DBL(info(t, sec(t, "c")).header_height, 40);
    fold_table_free(t);
}
