/*
 * atomicity/event_log.c — an event log shared by the listeners, and the table that
 * logs into it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicity.h"

/* ---- an event log shared by the listeners ---------------------------- */

static void append(log *l, const char *s)
{
    size_t n = strlen(l->text);
    snprintf(l->text + n, sizeof l->text - n, "%s%s", n ? " " : "", s);
}

static int on_section(fold_table *t, fold_section_id id, const char *key, int32_t event,
                      void *user_data)
{
    static const char *const names[] = {"will-collapse", "did-collapse", "will-expand", "did-expand"};
    log *l = user_data;
    char entry[64];
    (void)id;
    snprintf(entry, sizeof entry, "%s:%s", names[event & 3], key);
    append(l, entry);
    if (l->try_header_height) {
        fold_section_id a = 0;
        if (fold_table_find_section(t, "a", &a) == FOLD_OK)
            l->busy_status = fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, 40);
    }
    return !(l->refuse != NULL && strcmp(l->refuse, key) == 0 &&
             (event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND));
}

static int on_row(fold_table *t, fold_section_id id, const char *key, int64_t row, int32_t event,
                  void *user_data)
{
    static const char *const names[] = {"will-expand", "did-expand", "will-collapse", "did-collapse"};
    log *l = user_data;
    char entry[64];
    (void)t;
    (void)id;
    snprintf(entry, sizeof entry, "%s:%s/%lld", names[event & 3], key, (long long)row);
    append(l, entry);
    return !(l->refuse_key != NULL && strcmp(l->refuse_key, key) == 0 && l->refuse_row == row &&
             (event == FOLD_ROW_WILL_EXPAND || event == FOLD_ROW_WILL_COLLAPSE));
}

static void on_change(fold_table *t, const fold_change_set *set, void *user_data)
{
    log *l = user_data;
    (void)t;
    l->change_sets++;
    l->last_changes = set->change_count;
    l->last_redraw = set->redraw_count;
    append(l, "changed");
}

fold_table *new_logged_table(log *l)
{
    fold_table *t = new_table(NULL);
    if (t == NULL) exit(check_done());
    memset(l, 0, sizeof *l);
    CHECK_STATUS(fold_table_add_section_listener(t, on_section, l, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, on_row, l, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, l, NULL), FOLD_OK);
    return t;
}

void reset(log *l)
{
    l->text[0] = '\0';
    l->change_sets = 0;
}

int64_t items(fold_table *t) { return item_count(t); }

int collapsed(fold_table *t, const char *key) { return is_collapsed(t, sec(t, key)); }

int row_expanded(fold_table *t, fold_section_id s, int64_t row)
{
    fold_row_info ri;
    if (!CHECK_STATUS(fold_table_row_info(t, s, row, &ri), FOLD_OK)) return -1;
    return (ri.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
}

/* Section "a" with 3 rows, rows 0 and 2 expandable (expanded height 100). */
fold_section_id add_expandable_rows(fold_table *t)
{
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 3);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 0, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 2, 100), FOLD_OK);
    return a;
}
