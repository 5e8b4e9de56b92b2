/*
 * threads/removed_id.c — 5. an id removed by another thread.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threads.h"

/* ---- 5. an id removed by another thread --------------------------------- */

typedef struct handoff {
    fold_table *table;
    fold_section_id id;
    int remove_status;
    int later_status; /* the same id used again on that thread */
} handoff;

static void *remove_on_thread(void *arg)
{
    handoff *h = arg;
    h->remove_status = fold_table_remove_section(h->table, h->id);
    h->later_status = fold_table_collapse(h->table, h->id, NULL);
    return NULL;
}

void test_id_removed_by_another_thread(void)
{
    fold_table *t = new_table(NULL);
    handoff h;
    pthread_t th;
    fold_section_id parent, child = 0, again;
    fold_row_info ri;
    char buffer[8];
    if (t == NULL) return;
    parent = add(t, FOLD_ROOT, "handoff", "Handoff", 2);
    CHECK_STATUS(fold_table_insert_section(t, parent, 1, "inside", NULL, 1, 0, &child), FOLD_OK);
    memset(&h, 0, sizeof h);
    h.table = t;
    h.id = parent;
    CHECK_EQ_I64(pthread_create(&th, NULL, remove_on_thread, &h), 0);
    CHECK_EQ_I64(pthread_join(th, NULL), 0);
    CHECK_STATUS(h.remove_status, FOLD_OK);
    CHECK_STATUS(h.later_status, FOLD_E_NOT_FOUND);
    /* Here, the section and its subsection are gone by id and by key. */
    CHECK_STATUS(fold_table_section_text(t, parent, FOLD_TEXT_KEY, buffer, sizeof buffer, NULL),
                 FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_row_info(t, parent, 0, &ri), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_toggle(t, child, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_find_section(t, "inside", &again), FOLD_E_NOT_FOUND);
    /* The key again: a new id; the old one stays gone. */
    again = add(t, FOLD_ROOT, "handoff", NULL, 1);
    CHECK(again != parent && again != child && again != 0);
    CHECK_STATUS(fold_table_expand(t, parent, NULL), FOLD_E_NOT_FOUND);
    CHECK(sec(t, "handoff") == again);
    fold_table_free(t);
}
