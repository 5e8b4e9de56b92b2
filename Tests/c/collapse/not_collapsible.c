/*
 * collapse/not_collapsible.c — sections that are not collapsible (FIXED, NO_HEADER,
 * set_collapsible) and sections inserted collapsed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

void test_fixed(void)
{
    fold_table *t = must_table(NULL);
    heard h;
    int changed = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 1);
    fold_section_id f = 0;
    f = add_flagged(t, FOLD_ROOT, "f", "F|fixed", 2, FOLD_SECTION_FIXED);
    listen(t, &h);

    CHECK_STATUS(fold_table_collapse(t, f, &changed), FOLD_E_NOT_ALLOWED);
    CHECK(strlen(fold_last_error_message()) > 0);
    CHECK_STATUS(fold_table_toggle(t, f, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_EQ_I64(changed, -1);
    check_changed(t, fold_table_expand, f, 0);
    CHECK_EQ_I64(h.events, 0);
    CHECK_EQ_I64(h.sets, 0);
    CHECK_EQ_I64(is_collapsed(t, f), 0);
    CHECK_EQ_I64(item_count(t), 5); /* a h, a0, f h, f0, f1 */
    check_indicator(t, f, "");
    CHECK_STR(text(t, f, FOLD_TEXT_DETAIL), "fixed");
    check_flags(t, 2, FOLD_ITEM_HEADER, f, 0);
    CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_FIXED);
    /* Activating its header does nothing. */
    check_activated(t, 2, FOLD_ACTIVATED_NOTHING);
    CHECK_EQ_I64(h.events, 0);
    CHECK_EQ_I64(h.sets, 0);

    /* A section without a header item: never collapsible. */
    fold_section_id bare = 0;
    bare = add_flagged(t, FOLD_ROOT, "bare", NULL, 2, FOLD_SECTION_NO_HEADER);
    h.sets = 0;
    changed = -1;
    CHECK_STATUS(fold_table_collapse(t, bare, &changed), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_toggle(t, bare, &changed), FOLD_E_NOT_ALLOWED);
    check_changed(t, fold_table_expand, bare, 0);
    CHECK_EQ_I64(h.events, 0);
    CHECK_EQ_I64(h.sets, 0);
    check_indicator(t, bare, "");

    /* set_collapsible: fixed -> collapsible redraws its header (the
     * indicator appears); the other way too; the same again reports
     * nothing. */
    CHECK_STATUS(fold_table_set_collapsible(t, f, 1), FOLD_OK);
    CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_COLLAPSIBLE);
    check_indicator(t, f, EN_DASH);
    check_flags(t, 2, FOLD_ITEM_HEADER, f, COLLAPSIBLE_);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_REDRAW_ONLY(h, 2);
    CHECK_STATUS(fold_table_set_collapsible(t, f, 1), FOLD_OK);
    CHECK_EQ_I64(h.sets, 1);
    check_changed(t, fold_table_collapse, f, 1);
    CHECK_EQ_I64(item_count(t), 5); /* a h, a0, f h, bare0, bare1 */
    /* A collapsed section cannot be made fixed: expand it first. */
    CHECK_STATUS(fold_table_set_collapsible(t, f, 0), FOLD_E_NOT_ALLOWED);
    CHECK_EQ_I64(info(t, f).flags, FOLD_SECTION_COLLAPSED | FOLD_SECTION_COLLAPSIBLE);
    CHECK_STATUS(fold_table_expand(t, f, NULL), FOLD_OK);
    h.sets = 0;
    CHECK_STATUS(fold_table_set_collapsible(t, a, 0), FOLD_OK);
    CHECK_EQ_I64(info(t, a).flags, FOLD_SECTION_FIXED);
    check_indicator(t, a, "");
    check_flags(t, 0, FOLD_ITEM_HEADER, a, 0);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_ONE_REDRAW(h, 0);
    CHECK_STATUS(fold_table_set_collapsible(t, a, 0), FOLD_OK);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_STATUS(fold_table_collapse(t, a, &changed), FOLD_E_NOT_ALLOWED);
    /* Without a header item it stays fixed; asking for fixed again is fine
     * and reports nothing. */
    CHECK_STATUS(fold_table_set_collapsible(t, bare, 1), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_set_collapsible(t, bare, 0), FOLD_OK);
    CHECK_EQ_I64(info(t, bare).flags, FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED);
    /* An empty section: the flag changes, no indicator does, nothing said. */
    fold_section_id none = add(t, FOLD_ROOT, "none", NULL, 0);
    h.sets = 1;
    CHECK_STATUS(fold_table_set_collapsible(t, none, 0), FOLD_OK);
    CHECK_EQ_I64(info(t, none).flags, FOLD_SECTION_FIXED);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_STATUS(fold_table_set_collapsible(t, none, 1), FOLD_OK);
    CHECK_EQ_I64(info(t, none).flags, 0);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_STATUS(fold_table_set_collapsible(t, FOLD_ROOT, 1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_collapsible(t, bare + 1000, 1), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(h.sets, 1);
    fold_table_free(t);
}

/* FOLD_SECTION_COLLAPSED: the section is inserted collapsed in one change
 * set (only its header is added), with or without children. */
void test_insert_collapsed(void)
{
    fold_table *t = must_table(NULL);
    heard h;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id c = 0, e = 0;
    listen(t, &h);

    c = add_flagged(t, FOLD_ROOT, "c", NULL, 5, FOLD_SECTION_COLLAPSED);
    CHECK_EQ_I64(h.sets, 1);
    CHECK_EQ_I64(h.change_count, 1);
    CHECK_EQ_I64(h.changes[0].position, 3);
    CHECK_EQ_I64(h.changes[0].removed, 0);
    CHECK_EQ_I64(h.changes[0].added, 1);
    CHECK_EQ_DBL(h.delta, 28);
    CHECK_EQ_I64(is_collapsed(t, c), 1);
    CHECK_EQ_I64(info(t, c).row_count, 5);
    CHECK_EQ_I64(item_count(t), 4);
    check_indicator(t, c, "+");
    check_flags(t, 3, FOLD_ITEM_HEADER, c, COLLAPSED_ | COLLAPSIBLE_);

    /* Empty and collapsed: rows inserted later stay hidden. */
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "e", NULL, 0, FOLD_SECTION_COLLAPSED, &e),
                 FOLD_OK);
    CHECK_EQ_I64(h.sets, 2);
    CHECK_EQ_I64(h.change_count, 1);
    CHECK_EQ_I64(h.changes[0].position, 0);
    CHECK_EQ_I64(h.changes[0].added, 1);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    CHECK_STATUS(fold_table_insert_rows(t, e, 0, 4, NULL), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 5);
    CHECK_EQ_I64(info(t, e).visible_row_count, 0);
    CHECK_EQ_I64(info(t, e).row_count, 4);
    check_changed(t, fold_table_expand, e, 1);
    CHECK_EQ_I64(item_count(t), 9);
    CHECK_EQ_I64(is_collapsed(t, a), 0);
    fold_table_free(t);
}
