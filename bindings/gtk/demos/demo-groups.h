/* The list demos' data (listview, settings, taxonomy): groups of rows, each
 * group a section found by its key and nested under its parent's, each row
 * a "Title|Detail" text (or just "Title"); the table built from them and
 * the rows' texts looked up by section key. */
#ifndef FOLDTABLE_GTK_DEMO_GROUPS_H
#define FOLDTABLE_GTK_DEMO_GROUPS_H

#include <foldtable.h>
#include <stdint.h>

typedef struct {
    const char *key;          /* NULL: the end of the groups */
    const char *parent;       /* NULL: top level */
    const char *header;       /* "Title|Detail" */
    const char *const *rows;  /* "Title|Detail" or "Title", NULL-terminated */
    uint32_t flags;           /* FOLD_SECTION_* */
} DemoGroup;

/* The group `key` of `groups` (ended by a NULL key), or NULL. */
const DemoGroup *demo_group_find(const DemoGroup *groups, const char *key);

/* The text of row `row` of the group `key`, or NULL. */
const char *demo_group_row(const DemoGroup *groups, const char *key, int64_t row);

/* A FoldTextFunc over `groups` (user_data): a row's title, its text up to
 * "|" (newly allocated), NULL if there is no such row. */
char *demo_group_title(fold_section_id section, const char *key, int64_t row, void *groups);

/* What follows "|" in a row's text (or a header's), "" if nothing does. */
const char *demo_group_detail(const char *text);

/* Called after each group's section is inserted: FOLD_OK, or a failure
 * that ends the build. */
typedef int (*DemoGroupAdded)(fold_table *table, fold_section_id id, const DemoGroup *group);

/* Inserts every group into `table` as a section with its rows, under its
 * parent's section (parents come first), then calls added() (if not NULL).
 * Returns FOLD_OK or the status of the step that failed. */
int demo_groups_add(fold_table *table, const DemoGroup *groups, DemoGroupAdded added);

/* demo_groups_add for a table the demo owns: returns the table, or NULL
 * (the engine's message printed, the table freed) if a step failed. */
fold_table *demo_groups_insert(fold_table *table, const DemoGroup *groups, DemoGroupAdded added);

#endif
