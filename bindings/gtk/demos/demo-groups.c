/* The list demos' groups of rows: see demo-groups.h. */
#include "demo-groups.h"
#include "demo-app.h"

#include <glib.h>
#include <string.h>

const DemoGroup *
demo_group_find(const DemoGroup *groups, const char *key)
{
    for (const DemoGroup *g = groups; g->key; g++)
        if (strcmp(g->key, key) == 0)
            return g;
    return NULL;
}

static int64_t
row_count(const DemoGroup *g)
{
    int64_t n = 0;
    while (g->rows[n])
        n++;
    return n;
}

const char *
demo_group_row(const DemoGroup *groups, const char *key, int64_t row)
{
    const DemoGroup *g = demo_group_find(groups, key);
    return g && row >= 0 && row < row_count(g) ? g->rows[row] : NULL;
}

char *
demo_group_title(fold_section_id section, const char *key, int64_t row, void *groups)
{
    (void)section;
    const char *text = demo_group_row(groups, key, row);
    return text ? g_strndup(text, strcspn(text, "|")) : NULL;
}

const char *
demo_group_detail(const char *text)
{
    const char *bar = text ? strchr(text, '|') : NULL;
    return bar ? bar + 1 : "";
}

int
demo_groups_add(fold_table *table, const DemoGroup *groups, DemoGroupAdded added)
{
    for (const DemoGroup *g = groups; g->key; g++) {
        fold_section_id parent = FOLD_ROOT, id = 0;
        int status = g->parent ? fold_table_find_section(table, g->parent, &parent) : FOLD_OK;
        if (status == FOLD_OK)
            status = fold_table_insert_section(table, parent, FOLD_INDEX_END, g->key, g->header,
                                               row_count(g), g->flags, &id);
        if (status == FOLD_OK && added)
            status = added(table, id, g);
        if (status != FOLD_OK)
            return status;
    }
    return FOLD_OK;
}

fold_table *
demo_groups_insert(fold_table *table, const DemoGroup *groups, DemoGroupAdded added)
{
    return demo_groups_add(table, groups, added) == FOLD_OK ? table : demo_table_failed(table);
}
