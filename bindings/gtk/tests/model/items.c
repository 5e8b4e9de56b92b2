/*
 * items.c — what FoldListModel hands out for the table main() built: the
 * item count, GListModel's properties, the enum GTypes and their nicks,
 * the error quark, and each kind of item's values (headers from the
 * engine's section text, rows from the text func).
 */
#include "model-test.h"

void
test_items(const ModelTest *m)
{
    fold_table *table = m->table;
    fold_section_id a = m->a, a1 = m->a1, a2 = m->a2, a2x = m->a2x, c = m->c;
    /* The model is the engine's list. */
    int64_t count = 0;
    OK(fold_table_item_count(table, &count));
    CHECK(count == 1 + 3 + 1 + 4 + 1 + 2 + 1 + 3 + 1 + 5 + 1 + 1 + 2 + 1 + 2);
    CHECK(g_list_model_get_n_items(G_LIST_MODEL(model)) == (guint)count);
    CHECK(g_list_model_get_item_type(G_LIST_MODEL(model)) == FOLD_TYPE_LIST_ITEM);
    {
        /* GListModel's properties, as GListStore has them. */
        GType item_type = G_TYPE_INVALID;
        guint n_items = 0;
        g_object_get(model, "item-type", &item_type, "n-items", &n_items, NULL);
        CHECK(item_type == FOLD_TYPE_LIST_ITEM);
        CHECK(n_items == (guint)count);
        GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(model), "item-type");
        CHECK(pspec && G_IS_PARAM_SPEC_GTYPE(pspec) && !(pspec->flags & G_PARAM_WRITABLE));
        pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(model), "n-items");
        CHECK(pspec && pspec->value_type == G_TYPE_UINT && !(pspec->flags & G_PARAM_WRITABLE));
        /* Kinds and actions are GEnum types; "kind" has its type. */
        pspec = g_object_class_find_property(g_type_class_peek(FOLD_TYPE_LIST_ITEM), "kind");
        CHECK(pspec && pspec->value_type == FOLD_TYPE_ITEM_KIND);
        CHECK(G_TYPE_IS_ENUM(FOLD_TYPE_ITEM_KIND) && G_TYPE_IS_ENUM(FOLD_TYPE_ACTIVATION) &&
              G_TYPE_IS_ENUM(FOLD_TYPE_LIST_MODEL_ERROR));
        CHECK_STR(g_type_name(FOLD_TYPE_ITEM_KIND), "FoldItemKind");
        CHECK_STR(g_type_name(FOLD_TYPE_ACTIVATION), "FoldActivation");
        CHECK_STR(g_type_name(FOLD_TYPE_LIST_MODEL_ERROR), "FoldListModelError");
        static const struct {
            GType (*type)(void);
            int value;
            const char *nick;
        } nicks[] = {
            {fold_item_kind_get_type, FOLD_ITEM_HEADER, "header"},
            {fold_item_kind_get_type, FOLD_ITEM_ROW, "row"},
            {fold_item_kind_get_type, FOLD_ITEM_FOOTER, "footer"},
            {fold_item_kind_get_type, FOLD_ITEM_PLACEHOLDER, "placeholder"},
            {fold_activation_get_type, FOLD_ACTIVATED_NOTHING, "nothing"},
            {fold_activation_get_type, FOLD_ACTIVATED_SECTION_COLLAPSED, "section-collapsed"},
            {fold_activation_get_type, FOLD_ACTIVATED_SECTION_EXPANDED, "section-expanded"},
            {fold_activation_get_type, FOLD_ACTIVATED_ROW_EXPANDED, "row-expanded"},
            {fold_activation_get_type, FOLD_ACTIVATED_ROW_COLLAPSED, "row-collapsed"},
            {fold_activation_get_type, FOLD_ACTIVATED_REFUSED, "refused"},
            {fold_activation_get_type, FOLD_ACTIVATED_LOAD_RETRIED, "load-retried"},
            {fold_list_model_error_get_type, FOLD_E_INVALID, "invalid"},
            {fold_list_model_error_get_type, FOLD_E_RANGE, "range"},
            {fold_list_model_error_get_type, FOLD_E_NOT_FOUND, "not-found"},
            {fold_list_model_error_get_type, FOLD_E_DUPLICATE, "duplicate"},
            {fold_list_model_error_get_type, FOLD_E_NOT_VISIBLE, "not-visible"},
            {fold_list_model_error_get_type, FOLD_E_BUSY, "busy"},
            {fold_list_model_error_get_type, FOLD_E_NOT_ALLOWED, "not-allowed"},
            {fold_list_model_error_get_type, FOLD_E_CANCELLED, "cancelled"},
            {fold_list_model_error_get_type, FOLD_E_INTERNAL, "internal"},
        };
        guint per_type[3] = {0, 0, 0};
        for (size_t k = 0; k < G_N_ELEMENTS(nicks); k++) {
            GEnumClass *klass = g_type_class_ref(nicks[k].type());
            GEnumValue *v = g_enum_get_value(klass, nicks[k].value);
            CHECK(v != NULL);
            CHECK_STR(v ? v->value_nick : NULL, nicks[k].nick);
            v = g_enum_get_value_by_nick(klass, nicks[k].nick);
            CHECK(v && v->value == nicks[k].value);
            per_type[nicks[k].type() == FOLD_TYPE_ITEM_KIND       ? 0
                     : nicks[k].type() == FOLD_TYPE_ACTIVATION ? 1
                                                               : 2]++;
            g_type_class_unref(klass);
        }
        GEnumClass *k0 = g_type_class_ref(FOLD_TYPE_ITEM_KIND);
        GEnumClass *k1 = g_type_class_ref(FOLD_TYPE_ACTIVATION);
        GEnumClass *k2 = g_type_class_ref(FOLD_TYPE_LIST_MODEL_ERROR);
        CHECK(k0->n_values == 4 && per_type[0] == 4);
        CHECK(k1->n_values == 7 && per_type[1] == 7);
        CHECK(k2->n_values == 9 && per_type[2] == 9);
        g_type_class_unref(k0);
        g_type_class_unref(k1);
        g_type_class_unref(k2);
        CHECK(FOLD_ITEM_KIND_ROW == FOLD_ITEM_ROW && FOLD_ACTIVATION_REFUSED == FOLD_ACTIVATED_REFUSED);
        CHECK(FOLD_LIST_MODEL_ERROR_NOT_FOUND == FOLD_E_NOT_FOUND &&
              FOLD_LIST_MODEL_ERROR_INTERNAL == FOLD_E_INTERNAL);
        CHECK_STR(g_quark_to_string(FOLD_LIST_MODEL_ERROR), "fold-list-model-error-quark");
        FoldItemKind kind = FOLD_ITEM_KIND_FOOTER;
        FoldListItem *first = held_at(0);
        g_object_get(first, "kind", &kind, NULL);
        CHECK(kind == FOLD_ITEM_KIND_HEADER);
    }
    CHECK(g_list_model_get_item(G_LIST_MODEL(model), (guint)count) == NULL);
    {
        FoldListItem *h = g_list_model_get_item(G_LIST_MODEL(model), 0);
        CHECK(fold_list_item_get_kind(h) == FOLD_ITEM_HEADER);
        CHECK(strcmp(fold_list_item_get_title(h), "Alpha") == 0);
        CHECK(strcmp(fold_list_item_get_detail(h), "first") == 0);
        CHECK(strcmp(fold_list_item_get_indicator(h), "\xE2\x80\x93") == 0);
        CHECK(fold_list_item_get_height(h) == 28);
        CHECK(fold_list_item_get_section_id(h) == a);
        CHECK(fold_list_item_get_collapsible(h));
        guint64 property_id = 0;
        g_object_get(h, "section-id", &property_id, NULL);
        CHECK(property_id == a);
        gboolean property_collapsible = FALSE;
        g_object_get(h, "collapsible", &property_collapsible, NULL);
        CHECK(property_collapsible);
        g_object_unref(h);
        /* Nested headers: title, detail and indicator from the engine
         * (fold_table_section_text), not the text func. */
        int calls = *m->text_calls;
        FoldListItem *sub = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("a2"));
        CHECK(fold_list_item_get_section_id(sub) == a2);
        CHECK(fold_list_item_get_depth(sub) == 1);
        CHECK(strcmp(fold_list_item_get_title(sub), "A two") == 0);
        CHECK(strcmp(fold_list_item_get_detail(sub), "nested") == 0);
        CHECK(strcmp(fold_list_item_get_indicator(sub), "\xE2\x80\x93") == 0);
        g_object_unref(sub);
        sub = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("a2x"));
        CHECK(fold_list_item_get_section_id(sub) == a2x);
        CHECK(fold_list_item_get_depth(sub) == 2);
        CHECK(strcmp(fold_list_item_get_title(sub), "A two x") == 0);
        CHECK(fold_list_item_get_detail(sub) == NULL);
        g_object_unref(sub);
        CHECK(*m->text_calls == calls); /* headers never ask the text func */
        FoldListItem *r = g_list_model_get_item(G_LIST_MODEL(model), (guint)row_pos("a1", 2));
        CHECK(fold_list_item_get_kind(r) == FOLD_ITEM_ROW);
        CHECK(fold_list_item_get_row(r) == 2);
        CHECK(strcmp(fold_list_item_get_key(r), "a1") == 0);
        CHECK(fold_list_item_get_section_id(r) == a1);
        CHECK(!fold_list_item_get_collapsible(r) && fold_list_item_get_indicator(r) == NULL);
        CHECK(strcmp(fold_list_item_get_title(r), "a1 row 2") == 0);
        CHECK(fold_list_item_get_expandable(r) && !fold_list_item_get_expanded(r));
        CHECK(fold_list_item_get_height(r) == 44);
        g_object_unref(r);
        CHECK(*m->text_calls == calls); /* the test holds it: the same object, no new text */
        /* An empty section is not collapsible now: no indicator. */
        FoldListItem *empty = g_list_model_get_item(G_LIST_MODEL(model), (guint)header_pos("c"));
        CHECK(fold_list_item_get_section_id(empty) == c);
        CHECK(strcmp(fold_list_item_get_indicator(empty), "") == 0);
        CHECK(!fold_list_item_get_collapsible(empty));
        g_object_unref(empty);
    }
}
