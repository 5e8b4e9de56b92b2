/*
 * atomicity/not_collapsible.c — sections that are not collapsible: refused calls and
 * activation leave them as they were.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicity.h"

/* ---- sections that are not collapsible --------------------------------- */

/* Everything a refused call must leave as it was. */
typedef struct snapshot {
    int64_t items;
    double content;
    uint32_t flags[4];
    char indicator[4][8];
} snapshot;

static snapshot take(fold_table *t, const fold_section_id *ids, int n)
{
    snapshot s;
    memset(&s, 0, sizeof s);
    s.items = item_count(t);
    CHECK_STATUS(fold_table_content_height(t, &s.content), FOLD_OK);
    for (int i = 0; i < n; i++) {
        const char *ind = text(t, ids[i], FOLD_TEXT_INDICATOR);
        s.flags[i] = info(t, ids[i]).flags;
        snprintf(s.indicator[i], sizeof s.indicator[i], "%s", ind ? ind : "?");
    }
    return s;
}

static void expect_same(const snapshot *a, const snapshot *b, int n)
{
    CHECK_EQ_I64(b->items, a->items);
    CHECK_EQ_DBL(b->content, a->content);
    for (int i = 0; i < n; i++) {
        CHECK_EQ_I64(b->flags[i], a->flags[i]);
        CHECK_STR(b->indicator[i], a->indicator[i]);
    }
}

/* fixed (FIXED, 2 rows), group (NO_HEADER, 2 rows), open (2 rows): collapse
 * and toggle of the first two are refused with FOLD_E_NOT_ALLOWED, change
 * nothing, ask no listener and report nothing; expanding them does nothing. */
void not_collapsible_refused(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    fold_section_id ids[3] = {0, 0, 0};
    int changed = -1;
    int64_t pos = -1;
    fold_item item;
    snapshot before, after;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "fixed", "Fixed", 2,
                                           FOLD_SECTION_FIXED, &ids[0]), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "group", NULL, 2,
                                           FOLD_SECTION_NO_HEADER, &ids[1]), FOLD_OK);
    ids[2] = add(t, FOLD_ROOT, "open", "Open", 2);
    /* fixed: header + 2 rows; group: 2 rows; open: header + 2 rows. */
    CHECK_EQ_I64(items(t), 8);
    CHECK_EQ_I64(info(t, ids[0]).flags, FOLD_SECTION_FIXED);
    CHECK_EQ_I64(info(t, ids[1]).flags & (FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER |
                                          FOLD_SECTION_COLLAPSIBLE),
                 FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER);
    CHECK_EQ_I64(info(t, ids[2]).flags, FOLD_SECTION_COLLAPSIBLE);
    CHECK_STR(text(t, ids[0], FOLD_TEXT_INDICATOR), "");
    CHECK_STR(text(t, ids[1], FOLD_TEXT_INDICATOR), "");
    CHECK_STR(text(t, ids[2], FOLD_TEXT_INDICATOR), "\xE2\x80\x93");
    CHECK_STATUS(fold_table_header_position(t, ids[1], &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_item_at(t, 0, &item), FOLD_OK);
    CHECK_EQ_I64(item.flags & FOLD_ITEM_FLAG_COLLAPSIBLE, 0);
    CHECK_STATUS(fold_table_item_at(t, 5, &item), FOLD_OK);
    CHECK(item.kind == FOLD_ITEM_HEADER && item.section == ids[2]);
    CHECK_EQ_I64(item.flags & FOLD_ITEM_FLAG_COLLAPSIBLE, FOLD_ITEM_FLAG_COLLAPSIBLE);

    before = take(t, ids, 3);
    for (int i = 0; i < 2; i++) {
        reset(&l);
        changed = -1;
        CHECK_STATUS(fold_table_collapse(t, ids[i], &changed), FOLD_E_NOT_ALLOWED);
        CHECK(strstr(fold_last_error_message(), i == 0 ? "\"fixed\"" : "\"group\"") != NULL);
        CHECK_EQ_I64(changed, -1); /* outputs are written only on success */
        CHECK_STATUS(fold_table_toggle(t, ids[i], &changed), FOLD_E_NOT_ALLOWED);
        CHECK_EQ_I64(changed, -1);
        check_changed(t, fold_table_expand, ids[i], 0);
        CHECK_STR(l.text, "");
        CHECK_EQ_I64(l.change_sets, 0);
        CHECK_EQ_I64(is_collapsed(t, ids[i]), 0);
    }
    /* collapse_all passes them by: only "open" flips. */
    reset(&l);
    check_all_changed(t, fold_table_collapse_all, 1);
    CHECK_STR(l.text, "will-collapse:open did-collapse:open changed");
    CHECK_EQ_I64(items(t), 6);
    check_all_changed(t, fold_table_expand_all, 1);
    after = take(t, ids, 3);
    expect_same(&before, &after, 3);

    /* Made fixed while collapsed: refused, nothing changes or is told. */
    CHECK_STATUS(fold_table_collapse(t, ids[2], NULL), FOLD_OK);
    before = take(t, ids, 3);
    reset(&l);
    CHECK_STATUS(fold_table_set_collapsible(t, ids[2], 0), FOLD_E_NOT_ALLOWED);
    CHECK_STR(l.text, "");
    CHECK_EQ_I64(l.change_sets, 0);
    after = take(t, ids, 3);
    expect_same(&before, &after, 3);
    CHECK_EQ_I64(is_collapsed(t, ids[2]), 1);
    /* A section without a header stays fixed; making it fixed again is
     * allowed and changes nothing. */
    CHECK_STATUS(fold_table_set_collapsible(t, ids[1], 1), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_set_collapsible(t, ids[1], 0), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_STR(l.text, "");
    CHECK(info(t, ids[1]).flags & FOLD_SECTION_FIXED);
    /* Expanded, it can be made fixed: its header is redrawn (the indicator
     * goes), and then it refuses a collapse. */
    CHECK_STATUS(fold_table_expand(t, ids[2], NULL), FOLD_OK);
    reset(&l);
    CHECK_STATUS(fold_table_set_collapsible(t, ids[2], 0), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_changes, 0);
    CHECK_EQ_I64(l.last_redraw, 1);
    CHECK_STR(text(t, ids[2], FOLD_TEXT_INDICATOR), "");
    CHECK_EQ_I64(info(t, ids[2]).flags, FOLD_SECTION_FIXED);
    CHECK_STATUS(fold_table_toggle(t, ids[2], NULL), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_set_collapsible(t, ids[2], 0), FOLD_OK); /* the same again: nothing */
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_STR(l.text, "changed");
    /* A fixed section's header does nothing when activated (not a refusal). */
    reset(&l);
    check_activated(t, 0, FOLD_ACTIVATED_NOTHING);
    CHECK_STR(l.text, "");
    fold_table_free(t);
}

/* fold_table_activate: a refused "will" event is FOLD_ACTIVATED_REFUSED,
 * with nothing changed and no change set; allowed, the action done. */
void activate_refused(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    fold_section_id a = add_expandable_rows(t);

    /* The header: will-collapse refused. */
    reset(&l);
    l.refuse = "a";
    check_activated(t, 0, FOLD_ACTIVATED_REFUSED);
    CHECK_STR(l.text, "will-collapse:a");
    CHECK_EQ_I64(is_collapsed(t, a), 0);
    CHECK_EQ_I64(items(t), 4);
    /* A row: will-expand refused. */
    reset(&l);
    l.refuse = NULL;
    l.refuse_key = "a";
    l.refuse_row = 0;
    check_activated(t, 1, FOLD_ACTIVATED_REFUSED);
    CHECK_STR(l.text, "will-expand:a/0");
    CHECK_EQ_I64(row_expanded(t, a, 0), 0);
    /* A row that cannot expand: nothing to do, nobody asked. */
    reset(&l);
    check_activated(t, 2, FOLD_ACTIVATED_NOTHING);
    CHECK_STR(l.text, "");
    /* Accordion: expanding row 2 would collapse row 0, whose will-collapse
     * is refused: a refusal too. */
    l.refuse_key = NULL;
    CHECK_STATUS(fold_table_expand_row(t, a, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_PER_SECTION), FOLD_OK);
    reset(&l);
    l.refuse_key = "a";
    l.refuse_row = 0;
    check_activated(t, 3, FOLD_ACTIVATED_REFUSED);
    CHECK_STR(l.text, "will-collapse:a/0");
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_EQ_I64(row_expanded(t, a, 0), 1);
    CHECK_EQ_I64(row_expanded(t, a, 2), 0);
    /* Allowed: done, and said so. */
    reset(&l);
    l.refuse_key = NULL;
    check_activated(t, 3, FOLD_ACTIVATED_ROW_EXPANDED);
    CHECK_STR(l.text, "will-collapse:a/0 will-expand:a/2 did-collapse:a/0 did-expand:a/2 changed");
    check_activated(t, 0, FOLD_ACTIVATED_SECTION_COLLAPSED);
    check_activated(t, 0, FOLD_ACTIVATED_SECTION_EXPANDED);
    fold_table_free(t);
}
