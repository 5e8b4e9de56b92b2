/*
 * scrolling/no_anchor_item.c — a change set with a viewport set is always
 * anchored, also when no item was under the viewport's offset before the
 * mutation (an empty list, an offset inside the top padding): the offset
 * then stays, clamped to the content. Found by the differential test
 * (0.2.0 reported anchored 0 and left the offset unclamped).
 */
#include <string.h>

#include "scrolling.h"

void test_anchor_without_item(void)
{
    hook h;
    fold_table_options o = options_with_heights(20, 30, 0, 0, 0);
    fold_table *t;
    fold_section_id a = 0;

    /* An offset inside the top padding: removing everything leaves only
     * the padding (10), so the offset is clamped to 0. */
    o.padding_top = 10;
    t = must_table(&o);
    memset(&h, 0, sizeof h);
    CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, &h, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "a", "A", 20, 0, &a), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 5, 50), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, a, FOLD_INDEX_END, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(h.anchored, 1);
    CHECK_EQ_DBL(h.anchored_offset, 5); /* the padding did not move */
    CHECK_EQ_DBL(viewport_offset(t), 5);
    CHECK_STATUS(fold_table_remove_section(t, a), FOLD_OK);
    CHECK_EQ_I64(h.anchored, 1);
    CHECK_EQ_DBL(h.anchored_offset, 0);
    CHECK_EQ_DBL(viewport_offset(t), 0);
    CHECK_EQ_I64(h.calls, 3);
    fold_table_free(t);

    /* An empty table: the first insert is anchored at the same offset. */
    t = must_table(NULL);
    memset(&h, 0, sizeof h);
    CHECK_STATUS(fold_table_add_change_listener(t, hook_changes, &h, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_viewport(t, 0, 50), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "a", "A", 20, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(h.calls, 1);
    CHECK_EQ_I64(h.anchored, 1);
    CHECK_EQ_DBL(h.anchored_offset, 0);
    fold_table_free(t);
}
