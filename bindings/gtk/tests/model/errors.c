/*
 * errors.c — changes the model refuses or fails: a will-listener that
 * refuses a collapse, a fixed section (FOLD_SECTION_FIXED) and its
 * indicator, and the GErrors (FoldListModelError, the engine's status) for
 * stale and foreign ids, the top level, rows and positions out of range.
 */
#include "model-test.h"

void
test_refusals(const ModelTest *m)
{
    fold_table *table = m->table;
    fold_section_id a = m->a, a1 = m->a1, b = m->b;
    GError *error = NULL;
    gboolean changed = FALSE;

    /* A will-listener refuses: activate says so, nothing changes. */
    int64_t refusing = 0;
    refused_section = b;
    OK(fold_table_add_section_listener(table, refuse_collapse, NULL, &refusing));
    activate_and_finish((guint)header_pos("b"), FOLD_ACTIVATED_REFUSED,
                        "activate header b (a listener refuses)", 0);
    CHECK(engine_sets == 0 && !is_collapsed(table, b));
    begin();
    changed = TRUE;
    CHECK(fold_list_model_toggle_section(model, b, &changed, &error) && !changed);
    CHECK(error == NULL);
    CHECK(finish("toggle_section b (a listener refuses)") == 0);
    OK(fold_table_remove_listener(table, refusing));

    /* A fixed section (FOLD_SECTION_FIXED): no indicator, cannot collapse. */
    fold_section_id f = 0;
    begin();
    data_insert("f", 0, 2, TRUE);
    int inserted = fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "f",
                                             "Fixed|always open", 2, FOLD_SECTION_FIXED, &f);
    CHECK_STATUS(inserted, FOLD_OK);
    CHECK(finish("insert fixed section f") == (inserted == FOLD_OK ? 1 : 0));
    if (inserted == FOLD_OK) { /* else counted as failed above; the rest needs it */
        CHECK(info(table, f).flags & FOLD_SECTION_FIXED);
        {
            FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("f"));
            CHECK(fold_list_item_get_section_id(it) == f);
            CHECK(!fold_list_item_get_collapsible(it));
            CHECK_STR(fold_list_item_get_indicator(it), "");
            CHECK_STR(fold_list_item_get_title(it), "Fixed");
            CHECK_STR(fold_list_item_get_detail(it), "always open");
            g_object_unref(it);
            it = g_list_model_get_item(G_LIST_MODEL(model), (guint)row_pos("f", 1));
            CHECK(fold_list_item_get_section_id(it) == f);
            CHECK_STR(fold_list_item_get_title(it), "f row 1");
            g_object_unref(it);
        }
        activate_and_finish((guint)header_pos("f"), FOLD_ACTIVATED_NOTHING,
                            "activate fixed header f", 0);
        CHECK(!fold_list_model_toggle_section(model, f, &changed, &error));
        CHECK(error && error->domain == FOLD_LIST_MODEL_ERROR && error->code == FOLD_E_NOT_ALLOWED);
        g_clear_error(&error);
        CHECK(!fold_list_model_set_section_collapsed(model, f, TRUE, &changed, &error));
        CHECK(error && error->code == FOLD_E_NOT_ALLOWED);
        g_clear_error(&error);
        changed = TRUE;
        CHECK(fold_list_model_set_section_collapsed(model, f, FALSE, &changed, &error) && !changed);
        CHECK(!is_collapsed(table, f));
        /* Made collapsible, its header gets an indicator: notify::collapsible
         * and notify::indicator on the same object. */
        FoldListItem *f_header = held_at(header_pos("f"));
        begin();
        OK(fold_table_set_collapsible(table, f, 1));
        CHECK(finish("make f collapsible") == 0);
        CHECK(held_at(header_pos("f")) == f_header);
        CHECK(notes->len == 2 && notes_for(f_header, "collapsible") == 1 &&
              notes_for(f_header, "indicator") == 1);
        {
            FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("f"));
            CHECK(fold_list_item_get_collapsible(it));
            CHECK_STR(fold_list_item_get_indicator(it), "[-]"); /* set_indicators above */
            g_object_unref(it);
        }
        begin();
        CHECK(fold_list_model_toggle_section(model, f, &changed, &error) && changed);
        CHECK(finish("toggle_section f (collapse)") == 1);
        CHECK(held_at(header_pos("f")) == f_header && notes_for(f_header, NULL) == 2);
        CHECK_STATUS(fold_table_set_collapsible(table, f, 0), FOLD_E_NOT_ALLOWED);
        begin();
        CHECK(fold_list_model_toggle_section(model, f, &changed, &error) && changed);
        CHECK(finish("toggle_section f (expand)") == 1);
        CHECK(held_at(header_pos("f")) == f_header && notes_for(f_header, NULL) == 2);
        begin();
        OK(fold_table_set_collapsible(table, f, 0));
        CHECK(finish("make f fixed again") == 0);
        CHECK(notes->len == 2 && notes_for(f_header, "collapsible") == 1 &&
              notes_for(f_header, "indicator") == 1);
        /* Removed, its id goes stale. */
        begin();
        OK(fold_table_remove_section(table, f));
        CHECK(finish("remove section f") == 1);
    }

    /* Errors come back as GError with the engine's status. A stale id (a
     * removed section's), another table's id: FOLD_E_NOT_FOUND. */
    begin();
    data_insert("gone", 0, 1, TRUE);
    fold_section_id gone = add(table, FOLD_ROOT, "gone", "Gone soon", 1);
    CHECK(finish("insert section gone") == 1);
    begin();
    OK(fold_table_remove_section(table, gone));
    CHECK(finish("remove section gone") == 1);
    const fold_section_id stale[] = {gone, f};
    for (size_t k = 0; k < G_N_ELEMENTS(stale); k++) {
        if (k > 0 && inserted != FOLD_OK)
            break; /* f was never made */
        CHECK(!fold_list_model_toggle_section(model, stale[k], NULL, &error));
        CHECK(error && error->domain == FOLD_LIST_MODEL_ERROR && error->code == FOLD_E_NOT_FOUND);
        CHECK(error && strstr(error->message, "FOLD_E_NOT_FOUND") != NULL);
        g_clear_error(&error);
        CHECK(!fold_list_model_set_section_collapsed(model, stale[k], TRUE, NULL, &error));
        CHECK(error && error->code == FOLD_E_NOT_FOUND);
        g_clear_error(&error);
        CHECK(!fold_list_model_toggle_row(model, stale[k], 0, NULL, &error));
        CHECK(error && error->code == FOLD_E_NOT_FOUND);
        g_clear_error(&error);
        CHECK(!fold_list_model_set_row_expanded(model, stale[k], 0, TRUE, NULL, &error));
        CHECK(error && error->code == FOLD_E_NOT_FOUND);
        g_clear_error(&error);
    }
    {
        fold_table *other = new_table(NULL);
        fold_section_id foreign = add(other, FOLD_ROOT, "a", "Alpha elsewhere", 2);
        CHECK(foreign != 0 && foreign != a);
        CHECK(!fold_list_model_toggle_section(model, foreign, NULL, &error));
        CHECK(error && error->code == FOLD_E_NOT_FOUND);
        g_clear_error(&error);
        CHECK(!fold_list_model_set_row_expanded(model, foreign, 0, TRUE, NULL, &error));
        CHECK(error && error->code == FOLD_E_NOT_FOUND);
        g_clear_error(&error);
        fold_table_free(other);
    }
    /* The top level where a section is required; a row that is not there. */
    CHECK(!fold_list_model_toggle_section(model, FOLD_ROOT, NULL, &error));
    CHECK(error && error->code == FOLD_E_INVALID);
    g_clear_error(&error);
    CHECK(!fold_list_model_toggle_row(model, a1, 99, NULL, &error));
    CHECK(error && error->code == FOLD_E_RANGE);
    g_clear_error(&error);
    CHECK(!fold_list_model_activate(model, 100000, NULL, &error));
    CHECK(error && error->code == FOLD_E_RANGE);
    g_clear_error(&error);
    CHECK(!fold_list_model_set_accordion(model, 7, &error));
    CHECK(error && error->code == FOLD_E_INVALID);
    g_clear_error(&error);
    /* The codes as FoldListModelError values, matched the GLib way; the
     * message starts with the status name. */
    CHECK(!fold_list_model_toggle_section(model, gone, NULL, &error));
    CHECK(g_error_matches(error, FOLD_LIST_MODEL_ERROR, FOLD_LIST_MODEL_ERROR_NOT_FOUND));
    CHECK(error && g_str_has_prefix(error->message, "FOLD_E_NOT_FOUND: "));
    g_clear_error(&error);
    CHECK(!fold_list_model_toggle_section(model, FOLD_ROOT, NULL, &error));
    CHECK(g_error_matches(error, FOLD_LIST_MODEL_ERROR, FOLD_LIST_MODEL_ERROR_INVALID));
    g_clear_error(&error);
    CHECK(!fold_list_model_activate(model, 100000, NULL, &error));
    CHECK(g_error_matches(error, FOLD_LIST_MODEL_ERROR, FOLD_LIST_MODEL_ERROR_RANGE));
    if (error) {
        GEnumClass *klass = g_type_class_ref(FOLD_TYPE_LIST_MODEL_ERROR);
        GEnumValue *v = g_enum_get_value(klass, error->code);
        CHECK_STR(v ? v->value_nick : NULL, "range");
        g_type_class_unref(klass);
    }
    g_clear_error(&error);
    {
        fold_section_id fixed_id = 0;
        data_insert("fx", 0, 1, TRUE);
        begin();
        OK(fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "fx", "Fixed", 1,
                                     FOLD_SECTION_FIXED, &fixed_id));
        CHECK(finish("insert fixed section fx") == 1);
        CHECK(!fold_list_model_set_section_collapsed(model, fixed_id, TRUE, NULL, &error));
        CHECK(g_error_matches(error, FOLD_LIST_MODEL_ERROR, FOLD_LIST_MODEL_ERROR_NOT_ALLOWED));
        g_clear_error(&error);
        begin();
        OK(fold_table_remove_section(table, fixed_id));
        CHECK(finish("remove section fx") == 1);
    }
}
