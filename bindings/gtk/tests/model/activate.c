/*
 * activate.c — changes made through the model (activate, toggle and set
 * sections and rows, accordion policies, indicators, reload): the objects
 * kept, the items-changed and notify signals each one emits, checked by
 * finish() against the snapshot diff and the engine's change set.
 */
#include "model-test.h"

void
test_activate(const ModelTest *m)
{
    fold_table *table = m->table;
    fold_section_id a = m->a, a1 = m->a1, a2x = m->a2x, b = m->b, c = m->c, d = m->d, d1 = m->d1;
    GError *error = NULL;
    int32_t action = -1;
    gboolean changed = FALSE;

    /* Collapse a nested section by activating its header. */
    /* Its header stays the same object: notify::collapsed and
     * notify::indicator, no items-changed for it; the rows go (one step,
     * one notify::n-items); every item after them moves (notify::position,
     * nothing else). */
    int64_t p = header_pos("a2");
    FoldListItem *a2_header = g_object_ref(held_at(p));
    FoldListItem *d_header = g_object_ref(held_at(header_pos("d")));
    FoldListItem *b3 = g_object_ref(held_at(row_pos("b", 3)));
    guint n_before = held->len;
    activate_and_finish((guint)p, FOLD_ACTIVATED_SECTION_COLLAPSED,
                        "activate header a2 (collapse)", 1);
    CHECK(signal_at(0).position == p + 1 && signal_at(0).removed == 2 + 1 + 3 && signal_at(0).added == 0);
    CHECK(n_items_notes == 1);
    CHECK(held_at(p) == a2_header);
    CHECK(fold_list_item_get_collapsed(a2_header));
    CHECK_STR(fold_list_item_get_indicator(a2_header), "+");
    CHECK(notes_for(a2_header, "collapsed") == 1 && notes_for(a2_header, "indicator") == 1);
    CHECK(notes_for(a2_header, NULL) == 2);
    CHECK(notes->len == 2 + (n_before - 6 - (guint)(p + 1)));
    for (guint i = (guint)p + 1; i < held->len; i++)
        CHECK(notes_for(held_at(i), NULL) == 1 && notes_for(held_at(i), "position") == 1);
    CHECK(held_at(header_pos("d")) == d_header && held_at(row_pos("b", 3)) == b3);
    CHECK(notes_for(d_header, "position") == 1 &&
          fold_list_item_get_position(d_header) == (guint)header_pos("d"));

    /* Expand it again. */
    activate_and_finish((guint)p, FOLD_ACTIVATED_SECTION_EXPANDED,
                        "activate header a2 (expand)", 1);
    CHECK(signal_at(0).position == p + 1 && signal_at(0).removed == 0 && signal_at(0).added == 6);
    CHECK(n_items_notes == 1);
    CHECK(held_at(p) == a2_header && !fold_list_item_get_collapsed(a2_header));
    CHECK(notes_for(a2_header, "collapsed") == 1 && notes_for(a2_header, "indicator") == 1);
    CHECK(notes_for(a2_header, NULL) == 2);
    CHECK(held_at(header_pos("d")) == d_header && held_at(row_pos("b", 3)) == b3);

    /* Collapse the top-level section that holds everything of a. */
    begin();
    CHECK(fold_list_model_toggle_section(model, a, &changed, &error) && changed);
    CHECK(finish("toggle_section a (collapse)") == 1);
    CHECK(signal_at(0).position == 1 && signal_at(0).removed == 3 + 5 + 3 + 4 && signal_at(0).added == 0);
    CHECK(n_items_notes == 1);
    CHECK(held_at(header_pos("d")) == d_header && held_at(row_pos("b", 3)) == b3);
    /* a2's header left the model: detached, not updated any more. */
    CHECK(notes_for(a2_header, NULL) == 0);
    g_object_unref(a2_header);

    /* A section inside a collapsed one: nothing visible changes. */
    begin();
    CHECK(fold_list_model_toggle_section(model, a1, &changed, &error) && changed);
    CHECK(finish("toggle_section a1 (hidden, collapse)") == 0);

    /* Expanding a shows a1 collapsed (its own state kept). */
    begin();
    CHECK(fold_list_model_set_section_collapsed(model, a, FALSE, &changed, &error) && changed);
    CHECK(finish("set_section_collapsed a FALSE") == 1);
    CHECK(signal_at(0).position == 1 && signal_at(0).added == 3 + 1 + 1 + 2 + 1 + 3);
    CHECK(n_items_notes == 1);
    /* Sections around them collapsed and expanded: the same objects. */
    CHECK(held_at(header_pos("d")) == d_header && held_at(row_pos("b", 3)) == b3);
    CHECK(fold_list_item_get_position(b3) == (guint)row_pos("b", 3));
    begin();
    CHECK(fold_list_model_set_section_collapsed(model, a, FALSE, &changed, &error) && !changed);
    CHECK(finish("set_section_collapsed a FALSE (again)") == 0);
    begin();
    CHECK(fold_list_model_toggle_section(model, a1, &changed, &error) && changed);
    CHECK(finish("toggle_section a1 (expand)") == 1);
    CHECK(n_items_notes == 1);

    /* The empty section: activating its header toggles its stored state
     * (ABI 0.2; before, a no-op), which hides nothing yet; the header is
     * redrawn (its collapsed flag) and still shows no indicator. */
    activate_and_finish((guint)header_pos("c"), FOLD_ACTIVATED_SECTION_COLLAPSED,
                        "activate empty section c (collapse)", 0);
    CHECK(is_collapsed(table, c));
    CHECK(notes->len == 1 && notes_for(held_at(header_pos("c")), "collapsed") == 1);
    {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("c"));
        CHECK(fold_list_item_get_collapsed(it) && !fold_list_item_get_collapsible(it));
        CHECK_STR(fold_list_item_get_indicator(it), "");
        g_object_unref(it);
    }
    activate_and_finish((guint)header_pos("c"), FOLD_ACTIVATED_SECTION_EXPANDED,
                        "activate empty section c (expand)", 0);
    CHECK(!is_collapsed(table, c));
    CHECK(notes->len == 1 && notes_for(held_at(header_pos("c")), "collapsed") == 1);

    /* Rows inserted above a row, in its section: it keeps its object, its
     * "row" and "position" follow (one notify each; its text is the same:
     * the app moved its data). The header of b is redrawn by the engine (its
     * row count) but nothing it shows changed: no notify. */
    {
        FoldListItem *b_header = held_at(header_pos("b"));
        guint n0 = held->len;
        begin();
        data_insert("b", 0, 2, FALSE);
        OK(fold_table_insert_rows(table, b, 0, 2, NULL));
        CHECK(finish("insert 2 rows at the top of b") == 1);
        CHECK(signal_at(0).position == header_pos("b") + 1 && signal_at(0).added == 2);
        CHECK(n_items_notes == 1);
        CHECK(held_at(row_pos("b", 5)) == b3 && held_at(header_pos("d")) == d_header);
        CHECK(held_at(header_pos("b")) == b_header && notes_for(b_header, NULL) == 0);
        CHECK(fold_list_item_get_row(b3) == 5 && notes_for(b3, "row") == 1);
        CHECK(notes_for(b3, "position") == 1 && notes_for(b3, NULL) == 2);
        CHECK_STR(fold_list_item_get_title(b3), "b row 3");
        /* Every item after the new rows moved: one notify::position each,
         * and each row of b also its "row". */
        guint rows_of_b_after = 5; /* b/0..b/4 before, b/2..b/6 now */
        CHECK(notes->len == (n0 - (guint)(header_pos("b") + 1)) + rows_of_b_after);
        begin();
        data_remove("b", 0, 2);
        OK(fold_table_remove_rows(table, b, 0, 2));
        CHECK(finish("remove them again") == 1);
        CHECK(held_at(row_pos("b", 3)) == b3 && fold_list_item_get_row(b3) == 3);
        CHECK(n_items_notes == 1);
    }
    g_object_unref(b3);
    g_object_unref(d_header);

    /* Expand a row: the same object, notify::expanded and notify::height,
     * no items-changed. */
    int64_t r = row_pos("b", 1);
    activate_and_finish((guint)r, FOLD_ACTIVATED_ROW_EXPANDED,
                        "activate row b/1 (expand, multiple)", 0);
    CHECK(notes->len == 2 && notes_for(held_at(r), "expanded") == 1 &&
          notes_for(held_at(r), "height") == 1);
    CHECK(n_items_notes == 0);
    {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)r);
        CHECK(fold_list_item_get_expanded(it) && fold_list_item_get_height(it) == 110);
        g_object_unref(it);
    }
    /* A second one, under MULTIPLE both stay. */
    begin();
    CHECK(fold_list_model_toggle_row(model, a1, 0, &changed, &error) && changed);
    CHECK(finish("toggle_row a1/0 (expand, multiple)") == 0);
    CHECK(notes->len == 2 && notes_for(held_at(row_pos("a1", 0)), NULL) == 2);

    /* A row that cannot expand: nothing. */
    activate_and_finish((guint)row_pos("b", 4), FOLD_ACTIVATED_NOTHING,
                        "activate row b/4 (not expandable)", 0);

    /* Accordion: switching does not collapse (the header says "later
     * expansions"); the next expansion collapses the others. */
    begin();
    CHECK(fold_list_model_set_accordion(model, FOLD_ACCORDION_SINGLE, &error));
    CHECK(finish("set_accordion SINGLE") == 0);
    begin();
    CHECK(fold_list_model_activate(model, (guint)row_pos("d1", 1), &action, &error));
    CHECK(action == FOLD_ACTIVATED_ROW_EXPANDED);
    guint n = finish("activate row d1/1 (expand, single)");
    CHECK(n == 0); /* d1/1, and a1/0 and b/1 collapsed: notifications only */
    CHECK(notes->len == 6);
    CHECK(notes_for(held_at(row_pos("a1", 0)), "expanded") == 1);
    CHECK(notes_for(held_at(row_pos("b", 1)), "expanded") == 1);
    CHECK(notes_for(held_at(row_pos("d1", 1)), "expanded") == 1);
    CHECK(notes_for(held_at(row_pos("d1", 1)), "height") == 1);
    fold_row_ref *refs = NULL;
    int64_t nrefs = 0;
    OK(fold_table_expanded_rows(table, &refs, &nrefs));
    CHECK(nrefs == 1 && refs && strcmp(refs[0].key, "d1") == 0 && refs[0].row == 1);
    CHECK(nrefs == 1 && refs && refs[0].section == d1);
    fold_free(refs);

    /* Accordion with the expanded row hidden in a collapsed section: only
     * the visible row is rebound. */
    begin();
    CHECK(fold_list_model_set_section_collapsed(model, d, TRUE, &changed, &error) && changed);
    CHECK(finish("collapse d (holds expanded d1/1)") == 1);
    begin();
    CHECK(fold_list_model_set_row_expanded(model, a2x, 2, TRUE, &changed, &error) && changed);
    CHECK(finish("expand a2x/2 (single; d1/1 hidden)") == 0);
    CHECK(notes->len == 2 && notes_for(held_at(row_pos("a2x", 2)), NULL) == 2);
    begin();
    CHECK(fold_list_model_set_section_collapsed(model, d, FALSE, &changed, &error) && changed);
    CHECK(finish("expand d") == 1);

    /* Per section: expanding in another section keeps a2x/2. */
    begin();
    CHECK(fold_list_model_set_accordion(model, FOLD_ACCORDION_PER_SECTION, &error));
    CHECK(finish("set_accordion PER_SECTION") == 0);
    activate_and_finish((guint)row_pos("a2x", 0), -1,
                        "activate a2x/0 (per section: a2x/2 collapses)", 0);
    CHECK(notes->len == 4);
    activate_and_finish((guint)row_pos("b", 0), -1, "activate b/0 (per section: a2x/0 stays)", 0);
    CHECK(notes->len == 2);
    activate_and_finish((guint)row_pos("b", 0), FOLD_ACTIVATED_ROW_COLLAPSED,
                        "activate b/0 again (collapse)", 0);
    CHECK(notes->len == 2);

    /* Collapse a section holding an expanded row, by its header. */
    activate_and_finish((guint)header_pos("a2x"), -1,
                        "activate header a2x (holds expanded a2x/0)", 1);
    CHECK(notes_for(held_at(header_pos("a2x")), NULL) == 2);

    /* Indicators: the engine reports nothing, the model updates every header
     * held: notify::indicator, no items-changed. */
    probe_busy = FALSE;
    begin();
    CHECK(fold_list_model_set_indicators(model, "[+]", "[-]", &error));
    app_change = TRUE;
    CHECK(finish("set_indicators [+] [-]") == 0);
    app_change = FALSE;
    {
        guint headers = 0, indicator_notes = 0;
        for (guint i = 0; i < held->len; i++) {
            FoldListItem *it = held_at(i);
            gboolean collapsible = fold_list_item_get_collapsible(it);
            headers += fold_list_item_get_kind(it) == FOLD_ITEM_KIND_HEADER && collapsible;
            indicator_notes += notes_for(it, "indicator");
            CHECK(notes_for(it, NULL) == notes_for(it, "indicator"));
            CHECK(notes_for(it, "indicator") ==
                  (fold_list_item_get_kind(it) == FOLD_ITEM_KIND_HEADER && collapsible ? 1u : 0u));
        }
        printf("  %u collapsible headers, %u notify::indicator\n", headers, indicator_notes);
        CHECK(indicator_notes == headers && notes->len == headers && headers == 7);
    }
    {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("a2x"));
        CHECK(strcmp(fold_list_item_get_indicator(it), "[+]") == 0);
        g_object_unref(it);
        it = g_list_model_get_item(G_LIST_MODEL(model), 0);
        CHECK(strcmp(fold_list_item_get_indicator(it), "[-]") == 0);
        g_object_unref(it);
    }
    /* reload: for the app's own data (row text) changing. */
    begin();
    fold_list_model_reload(model);
    CHECK(finish("reload (nothing changed)") == 0);
    CHECK(notes->len == 0);
    /* The app's row data changes: reload asks the text func again for the
     * rows held and notifies their titles; nothing else. */
    {
        GPtrArray *rows = rows_of("b");
        g_free(g_ptr_array_index(rows, 2));
        g_ptr_array_index(rows, 2) = g_strdup("b renamed 2");
        begin();
        fold_list_model_reload(model);
        app_change = TRUE;
        CHECK(finish("reload (b/2 renamed)") == 0);
        app_change = FALSE;
        FoldListItem *it = held_at(row_pos("b", 2));
        CHECK(notes->len == 1 && notes_for(it, "title") == 1);
        CHECK_STR(fold_list_item_get_title(it), "b renamed 2");
    }
    probe_busy = TRUE;
}
