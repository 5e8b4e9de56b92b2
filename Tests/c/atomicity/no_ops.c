/*
 * atomicity/no_ops.c — 8: calls that change nothing report nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicity.h"

/* ---- 8: no-ops report nothing ------------------------------------------ */

void no_op_setters(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    double hs[3], same[4] = {44, 44, FOLD_HEIGHT_DEFAULT, 44};
    int changed = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 200);
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 30), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 90), FOLD_OK);
    reset(&l);

    /* The same height again, default again, the default's value on a default row. */
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 30), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, top(t, 0), 1, 30), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, a, 5, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, a, 150, 44), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 90), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 7, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    /* A run: in one explicit chunk, and across default and explicit pieces. */
    hs[0] = 30;
    hs[1] = 44;
    hs[2] = FOLD_HEIGHT_DEFAULT;
    CHECK_STATUS(fold_table_set_row_heights(t, a, 1, 3, hs), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_heights(t, a, 62, 4, same), FOLD_OK);
    /* State setters: already in that state. */
    CHECK_STATUS(fold_table_collapse_row(t, a, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    check_changed(t, fold_table_expand, a, 0);
    CHECK_STATUS(fold_table_expand_all(t, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_header(t, a, ""), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_FOOTER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_move_row(t, a, 1, a, 1), FOLD_OK); /* a row to its own place */
    CHECK_STATUS(fold_table_move_section(t, a, FOLD_ROOT, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_collapsible(t, a, 1), FOLD_OK); /* collapsible already */
    CHECK_STATUS(fold_table_set_indicators(t, "+", "\xE2\x80\x93"), FOLD_OK);
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_MULTIPLE), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, a, 3, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, a, 3, 0), FOLD_OK);
    CHECK_STATUS(fold_table_remove_children(t, a, 3, 0), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_STR(l.text, "");

    /* A real change is still reported, once, with one redraw range. */
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 31), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_redraw, 1);
    CHECK_EQ_I64(l.last_changes, 0);
    /* An expanded height that makes a row expandable is a change (its flags). */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 9, 100), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 2);
    fold_table_free(t);
}

/* 0.2: a section without children stores its collapsed state (will/did
 * events, its header redrawn, changed 1); a header is redrawn whenever its
 * row count changes, also while its section is collapsed. */
void empty_and_collapsed_sections(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    fold_section_id e = add(t, FOLD_ROOT, "e", NULL, 0);
    fold_section_id f = add(t, FOLD_ROOT, "f", NULL, 1);
    CHECK_STR(text(t, e, FOLD_TEXT_INDICATOR), ""); /* nothing to collapse yet */

    reset(&l);
    check_changed(t, fold_table_collapse, e, 1);
    CHECK_STR(l.text, "will-collapse:e did-collapse:e changed");
    CHECK_EQ_I64(l.last_changes, 0);
    CHECK_EQ_I64(l.last_redraw, 1);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    CHECK_EQ_I64(items(t), 3);
    CHECK_STR(text(t, e, FOLD_TEXT_INDICATOR), "");
    /* Already so: nothing. Refused: nothing either. */
    reset(&l);
    check_changed(t, fold_table_collapse, e, 0);
    CHECK_STR(l.text, "");
    l.refuse = "e";
    check_changed(t, fold_table_expand, e, 0);
    CHECK_STR(l.text, "will-expand:e");
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    l.refuse = NULL;

    /* Rows arrive hidden: no item changes, the header is redrawn. */
    reset(&l);
    CHECK_STATUS(fold_table_insert_rows(t, e, 0, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_changes, 0);
    CHECK_EQ_I64(l.last_redraw, 1);
    CHECK_EQ_I64(items(t), 3);
    CHECK_EQ_I64(row_count(t, e), 2);
    CHECK_STR(text(t, e, FOLD_TEXT_INDICATOR), "+");
    /* Rows leave while collapsed: redrawn again. */
    reset(&l);
    CHECK_STATUS(fold_table_remove_rows(t, e, 0, 1), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_changes, 0);
    CHECK_EQ_I64(l.last_redraw, 1);
    /* In an expanded section: the rows inserted and the header redrawn. */
    reset(&l);
    CHECK_STATUS(fold_table_insert_rows(t, f, 1, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_changes, 1);
    CHECK_EQ_I64(l.last_redraw, 1);
    /* Expanded, the stored row shows: e + 1 row, f + 2 rows. */
    check_changed(t, fold_table_expand, e, 1);
    CHECK_EQ_I64(items(t), 5);
    /* Activating an empty section's header toggles its stored state, as
     * fold_table_toggle does. */
    {
        int64_t pos = -1;
        fold_section_id g = add(t, FOLD_ROOT, "g", NULL, 0);
        CHECK_STATUS(fold_table_header_position(t, g, &pos), FOLD_OK);
        CHECK_EQ_I64(pos, 5);
        reset(&l);
        check_activated(t, pos, FOLD_ACTIVATED_SECTION_COLLAPSED);
        CHECK_STR(l.text, "will-collapse:g did-collapse:g changed");
        CHECK_EQ_I64(is_collapsed(t, g), 1);
        l.refuse = "g";
        check_activated(t, pos, FOLD_ACTIVATED_REFUSED);
        CHECK_EQ_I64(is_collapsed(t, g), 1);
        l.refuse = NULL;
        check_activated(t, pos, FOLD_ACTIVATED_SECTION_EXPANDED);
        CHECK_EQ_I64(is_collapsed(t, g), 0);
    }
    fold_table_free(t);
}
