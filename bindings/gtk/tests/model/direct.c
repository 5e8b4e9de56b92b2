/*
 * direct.c — changes made directly on the table (fold_table_*): the model
 * follows the engine's change events. Sections appended, moved and
 * removed, rows, heights, footers, header text, accordion, saved state,
 * children and lazily measured heights.
 */
#include "model-test.h"

void
test_direct(const ModelTest *m)
{
    fold_table *table = m->table;
    fold_section_id a = m->a, a1 = m->a1, a2 = m->a2, a2x = m->a2x;
    fold_section_id b = m->b, c = m->c, d = m->d, d1 = m->d1;

    begin();
    data_insert("e", 0, 7, TRUE); /* the app's data first: the model fetches items during the change */
    fold_section_id e = add(table, FOLD_ROOT, "e", "Epsilon|direct", 7);
    CHECK(finish("append section e") == 1);
    CHECK(signal_at(0).removed == 0 && signal_at(0).added == 8);

    /* Rows into the empty section c: its header's indicator appears. */
    begin();
    data_insert("c", 0, 3, FALSE);
    OK(fold_table_insert_rows(table, c, 0, 3, NULL));
    CHECK(finish("insert 3 rows into empty section c") == 1);
    CHECK(signal_at(0).position == header_pos("c") + 1 && signal_at(0).added == 3);
    CHECK(notes_for(held_at(header_pos("c")), "indicator") == 1 &&
          notes_for(held_at(header_pos("c")), "collapsible") == 1);

    begin();
    data_remove("c", 0, 3);
    OK(fold_table_remove_rows(table, c, 0, 3));
    CHECK(finish("remove them again") == 1);

    /* Remove a middle section. */
    begin();
    OK(fold_table_remove_section(table, b));
    CHECK(finish("remove middle section b") == 1);
    CHECK(signal_at(0).added == 0 && signal_at(0).removed == 1 + 5);

    /* Move sections: down, up, and into another section. */
    CHECK(info(table, a).index == 0);
    begin();
    OK(fold_table_move_section(table, a, FOLD_ROOT, 2));
    finish("move section a to index 2");
    CHECK(top(table, 2) == a && top(table, 3) == e);
    begin();
    OK(fold_table_move_section(table, e, FOLD_ROOT, 0));
    finish("move section e to index 0");
    begin();
    OK(fold_table_move_section(table, d1, a, 1));
    finish("move subsection d1 into a");
    /* Its items keep its id through the move. */
    CHECK(info(table, d1).parent == a && info(table, d1).index == 1);
    {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("d1"));
        CHECK(fold_list_item_get_section_id(it) == d1 && fold_list_item_get_depth(it) == 1);
        g_object_unref(it);
        it = g_list_model_get_item(G_LIST_MODEL(model), (guint)row_pos("d1", 1));
        CHECK(fold_list_item_get_section_id(it) == d1 && fold_list_item_get_row(it) == 1);
        g_object_unref(it);
    }

    /* Heights: a row, a section's default row height, a header. */
    begin();
    OK(fold_table_set_row_height(table, a1, 2, 60));
    CHECK(finish("set row height a1/2 = 60") == 0);
    CHECK(notes->len == 1 && notes_for(held_at(row_pos("a1", 2)), "height") == 1);
    begin();
    OK(fold_table_set_section_height(table, e, FOLD_HEIGHT_ROW, 30));
    CHECK(finish("set section e's row height = 30") == 0);
    CHECK(notes->len == 7);
    for (int64_t k = 0; k < 7; k++)
        CHECK(notes_for(held_at(row_pos("e", k)), "height") == 1);
    begin();
    OK(fold_table_set_section_height(table, a2, FOLD_HEIGHT_HEADER, 40));
    CHECK(finish("set header height of a2 = 40") == 0);
    CHECK(notes->len == 1 && notes_for(held_at(header_pos("a2")), "height") == 1);
    /* A footer appears and disappears. */
    begin();
    OK(fold_table_set_section_height(table, d, FOLD_HEIGHT_FOOTER, 20));
    CHECK(finish("footer for d") >= 1);
    begin();
    OK(fold_table_set_section_height(table, d, FOLD_HEIGHT_FOOTER, 0));
    CHECK(finish("no footer for d") >= 1);
    /* Header text. */
    begin();
    OK(fold_table_set_section_header(table, a2x, "Renamed|now"));
    CHECK(finish("set header text of a2x") == 0);
    CHECK(notes->len == 2 && notes_for(held_at(header_pos("a2x")), "title") == 1 &&
          notes_for(held_at(header_pos("a2x")), "detail") == 1);
    {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("a2x"));
        CHECK(strcmp(fold_list_item_get_title(it), "Renamed") == 0);
        CHECK(strcmp(fold_list_item_get_detail(it), "now") == 0);
        g_object_unref(it);
    }

    /* Accordion collapse made directly: expanding a row under SINGLE
     * collapses the expanded one elsewhere. */
    OK(fold_table_set_accordion(table, FOLD_ACCORDION_SINGLE));
    begin();
    int flipped_row = 0;
    OK(fold_table_expand_row(table, a, 0, &flipped_row));
    CHECK(flipped_row == 1);
    finish("expand a/0 directly (single)");
    begin();
    OK(fold_table_set_row_expanded_height(table, e, 3, 120));
    CHECK(finish("expanded height for e/3 (it becomes expandable)") == 0);
    CHECK(notes->len == 1 && notes_for(held_at(row_pos("e", 3)), "expandable") == 1);
    begin();
    OK(fold_table_expand_row(table, e, 3, NULL));
    CHECK(finish("expand e/3 directly (single: a/0 collapses)") == 0);
    CHECK(notes->len == 4);

    /* Saved state: export, change a lot, import. */
    char *saved = NULL;
    OK(fold_table_export_state(table, &saved));
    begin();
    OK(fold_table_collapse(table, a1, NULL));
    finish("collapse a1");
    begin();
    OK(fold_table_collapse(table, e, NULL));
    finish("collapse e");
    begin();
    OK(fold_table_expand_row(table, d, 1, NULL));
    finish("expand d/1 (single)");
    begin();
    fold_import_report report;
    OK(fold_table_import_state(table, saved, &report));
    finish("import the saved state");
    fold_free(saved);
    begin();
    OK(fold_table_import_state(table, "{\"version\": 1, \"collapsed\": {\"a\": true, \"d\": true, \"e\": false}}", NULL));
    finish("import: collapse a and d");
    begin();
    int64_t flipped = 0;
    OK(fold_table_expand_all(table, &flipped));
    finish("expand_all");
    begin();
    OK(fold_table_collapse_all(table, &flipped));
    finish("collapse_all");
    begin();
    int64_t revealed = -1;
    OK(fold_table_reveal_row(table, a2x, 1, 1, &revealed));
    CHECK(revealed == row_pos("a2x", 1));
    finish("reveal_row a2x/1 (expands a, a2, a2x)");
    begin();
    OK(fold_table_expand_all(table, &flipped));
    finish("expand_all");

    /* Subsections and children directly. */
    begin();
    data_insert("e1", 0, 2, TRUE);
    fold_section_id e1 = 0;
    OK(fold_table_insert_section(table, e, 2, "e1", "E one|sub", 2, 0, &e1));
    CHECK(info(table, e1).parent == e && info(table, e1).index == 2);
    finish("insert subsection e1 into e");
    begin();
    OK(remove_children_tracked(table, "a", 0, 2));
    finish("remove children 0..1 of a");

    /* Lazy heights: measuring reports the measured rows and headers as
     * redraws. */
    OK(fold_table_set_height_provider(table, FOLD_HEIGHT_ROW, provide_height, NULL));
    OK(fold_table_set_height_provider(table, FOLD_HEIGHT_HEADER, provide_height, NULL));
    begin();
    OK(fold_table_invalidate_heights(table, FOLD_ROOT, -1));
    finish("invalidate all heights");
    begin();
    int64_t measured = 0;
    OK(fold_table_measure(table, 0, 400, 2, &measured));
    finish("measure the first 400 pt");
    CHECK(measured > 0);
    {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), 0);
        CHECK(fold_list_item_get_kind(it) == FOLD_ITEM_HEADER);
        CHECK(fold_list_item_get_height(it) ==
              24 + (double)strlen(fold_list_item_get_key(it))); /* measured */
        g_object_unref(it);
    }
    OK(fold_table_set_height_provider(table, FOLD_HEIGHT_ROW, NULL, NULL));
    OK(fold_table_set_height_provider(table, FOLD_HEIGHT_HEADER, NULL, NULL));
}
