/*
 * collapse/state.c — state kept across other changes, collapse_all/expand_all,
 * section_states, indicators, header and footer flags.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

void test_state_survives(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id ipad = sec(t, "iPad");

    CHECK_STATUS(fold_table_collapse(t, ipad, NULL), FOLD_OK);

    /* Insert before it. */
    fold_section_id watch = 0;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "Watch", "Watch", 2, 0, &watch), FOLD_OK);
    CHECK_EQ_I64(collapsed_key(t, "iPad"), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(collapsed_at(t, 3), 0);
    CHECK_EQ_I64(info(t, ipad).index, 2);

    /* Remove sections before and after it. */
    CHECK_STATUS(fold_table_remove_section(t, top(t, 1)), FOLD_OK); /* Mac */
    CHECK_EQ_I64(collapsed_key(t, "iPad"), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_STATUS(fold_table_remove_section(t, top(t, 2)), FOLD_OK); /* iPhone */
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(is_collapsed(t, ipad), 1);

    /* Move others around it, then move it. Sections: Watch, iPad. */
    fold_section_id tv = add(t, FOLD_ROOT, "TV", NULL, 1);
    CHECK_STATUS(fold_table_move_section(t, top(t, 2), FOLD_ROOT, 0), FOLD_OK); /* TV, Watch, iPad */
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(top(t, 0), tv);
    CHECK_STATUS(fold_table_move_section(t, top(t, 2), FOLD_ROOT, 0), FOLD_OK); /* iPad, TV, Watch */
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(collapsed_at(t, 2), 0);
    CHECK_EQ_I64(info(t, sec(t, "iPad")).index, 0);
    CHECK_EQ_I64(sec(t, "iPad"), ipad); /* the id moved with it */
    CHECK_EQ_I64(top(t, 2), watch);
    /* iPad h, TV h, TV0, Watch h, Watch0, Watch1 */
    CHECK_EQ_I64(item_count(t), 6);
    CHECK_EQ_DBL(content_height(t), 3 * 28 + 3 * 44);

    /* Adding rows to other sections and to it does not change it. */
    CHECK_STATUS(fold_table_insert_rows(t, top(t, 1), 0, 4, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, top(t, 0), 0, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(item_count(t), 10);
    fold_table_free(t);
}

void test_all(void)
{
    fold_table *t = sample_table(NULL);

    CHECK_STATUS(fold_table_collapse(t, top(t, 1), NULL), FOLD_OK);
    check_all_changed(t, fold_table_collapse_all, 2);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(item_count(t), 3);
    CHECK_EQ_DBL(content_height(t), 84);
    check_all_changed(t, fold_table_collapse_all, 0);
    CHECK_STATUS(fold_table_collapse_all(t, NULL), FOLD_OK);

    CHECK_STATUS(fold_table_expand(t, top(t, 2), NULL), FOLD_OK);
    check_all_changed(t, fold_table_expand_all, 2);
    CHECK_EQ_I64(item_count(t), 12);
    CHECK_EQ_DBL(content_height(t), 480);
    check_all_changed(t, fold_table_expand_all, 0);
    CHECK_STATUS(fold_table_expand_all(t, NULL), FOLD_OK);

    /* Sections that are not collapsible are skipped. */
    fold_section_id fixed = 0, bare = 0;
    fixed = add_flagged(t, FOLD_ROOT, "fixed", NULL, 2, FOLD_SECTION_FIXED);
    bare = add_flagged(t, FOLD_ROOT, "bare", NULL, 2, FOLD_SECTION_NO_HEADER);
    check_all_changed(t, fold_table_collapse_all, 3);
    CHECK_EQ_I64(is_collapsed(t, fixed), 0);
    CHECK_EQ_I64(is_collapsed(t, bare), 0);
    /* 3 collapsed headers, fixed h + 2 rows, 2 bare rows */
    CHECK_EQ_I64(item_count(t), 8);
    fold_table_free(t);

    /* An empty table. */
    t = must_table(NULL);
    check_all_changed(t, fold_table_collapse_all, 0);
    check_all_changed(t, fold_table_expand_all, 0);
    fold_table_free(t);
}

void test_section_states(void)
{
    fold_table *t = must_table(NULL);
    fold_section_state *states = (fold_section_state *)&states; /* sentinel */
    int64_t n = -1;

    /* No sections: NULL and 0. */
    CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK);
    CHECK(states == NULL);
    CHECK_EQ_I64(n, 0);
    fold_free(states);

    fold_section_id mac = add(t, FOLD_ROOT, "Mac", NULL, 3);
    fold_section_id ipad = add(t, FOLD_ROOT, "iPad", NULL, 2);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "", "x", 1, 0, NULL),
                 FOLD_E_INVALID);
    fold_section_id cup = add(t, FOLD_ROOT, "\xE2\x98\x95", NULL, 0);
    fold_section_id iphone = add(t, FOLD_ROOT, "iPhone", NULL, 4);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPad"), NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, sec(t, "iPhone"), NULL), FOLD_OK);

    states = NULL;
    n = -1;
    if (CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK)) {
        CHECK(states != NULL);
        CHECK_EQ_I64(n, 4);
        if (states != NULL && n == 4) {
            const char *base = (const char *)states;
            int i;
            check_state(&states[0], "Mac", mac, 0);
            check_state(&states[1], "iPad", ipad, 1);
            check_state(&states[2], "\xE2\x98\x95", cup, 0);
            check_state(&states[3], "iPhone", iphone, 1);
            /* The keys follow the entries in the same allocation. */
            for (i = 0; i < 4; i++) {
                CHECK(states[i].key >= base + 4 * sizeof(fold_section_state));
            }
        }
        fold_free(states); /* once: frees the keys too */
    }

    /* The states follow moves, ids too. */
    CHECK_STATUS(fold_table_move_section(t, top(t, 3), FOLD_ROOT, 0), FOLD_OK);
    states = NULL;
    if (CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK) && n == 4) {
        check_state(&states[0], "iPhone", iphone, 1);
        check_state(&states[1], "Mac", mac, 0);
        fold_free(states);
    }
    fold_table_free(t);
}

void test_indicators(void)
{
    fold_table *t = sample_table(NULL);
    fold_section_id s0 = top(t, 0), s1 = top(t, 1), s2 = top(t, 2);

    fold_section_id empty = add(t, FOLD_ROOT, "empty", NULL, 0);
    CHECK_STATUS(fold_table_collapse(t, s1, NULL), FOLD_OK);
    check_indicator(t, s0, EN_DASH);
    check_indicator(t, s1, "+");
    check_indicator(t, s2, EN_DASH);
    check_indicator(t, empty, "");

    /* Custom strings are copied. */
    {
        char collapsed[8], expanded[8];
        strcpy(collapsed, "\xE2\x96\xB6"); /* ▶ */
        strcpy(expanded, "\xE2\x96\xBC"); /* ▼ */
        CHECK_STATUS(fold_table_set_indicators(t, collapsed, expanded), FOLD_OK);
        memset(collapsed, 'x', sizeof collapsed - 1);
        memset(expanded, 'y', sizeof expanded - 1);
    }
    check_indicator(t, s0, "\xE2\x96\xBC");
    check_indicator(t, s1, "\xE2\x96\xB6");
    check_indicator(t, empty, "");
    CHECK_STATUS(fold_table_toggle(t, s0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_toggle(t, s1, NULL), FOLD_OK);
    check_indicator(t, s0, "\xE2\x96\xB6");
    check_indicator(t, s1, "\xE2\x96\xBC");

    /* Longer strings and empty strings are fine. */
    CHECK_STATUS(fold_table_set_indicators(t, "[show]", ""), FOLD_OK);
    check_indicator(t, s0, "[show]");
    check_indicator(t, s1, "");
    check_indicator(t, empty, "");
    /* An indicator cut by a small buffer, with its length. */
    check_cut_indicator(t, s0, 4, "[sh", 6);

    /* Back to the defaults, spelled out. */
    CHECK_STATUS(fold_table_set_indicators(t, "+", EN_DASH), FOLD_OK);
    check_indicator(t, s0, "+");
    check_indicator(t, s1, EN_DASH);
    /* The en dash is 3 bytes: a 3-byte buffer holds none of it. */
    check_cut_indicator(t, s1, 3, "", 3);

    /* NULL is invalid and changes nothing. */
    CHECK_STATUS(fold_table_set_indicators(t, NULL, "v"), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_indicators(t, ">", NULL), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_indicators(t, "\xff", "v"), FOLD_E_INVALID);
    check_indicator(t, s0, "+");
    check_indicator(t, s1, EN_DASH);
    CHECK_STATUS(fold_table_section_text(t, s0, FOLD_TEXT_INDICATOR, NULL, 4, NULL), FOLD_E_INVALID);
    {
        char s[8] = "same";
        CHECK_STATUS(fold_table_section_text(t, FOLD_ROOT, FOLD_TEXT_INDICATOR, s, sizeof s, NULL),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_remove_section(t, empty), FOLD_OK);
        CHECK_STATUS(fold_table_section_text(t, empty, FOLD_TEXT_INDICATOR, s, sizeof s, NULL),
                     FOLD_E_NOT_FOUND);
        CHECK_STR(s, "same");
    }
    fold_table_free(t);
}

void test_flags(void)
{
    fold_table_options o;
    fold_table *t;

    fold_table_options_init(&o);
    o.footer_height = 10;
    t = must_table(&o);
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 1);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 2);
    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    /* a h [c], a footer [c], b h, b0, b1, b footer. Headers and footers of
     * collapsible sections with children are COLLAPSIBLE (0.2). */
    CHECK_EQ_I64(item_count(t), 6);
    check_flags(t, 0, FOLD_ITEM_HEADER, a, COLLAPSED_ | COLLAPSIBLE_);
    check_flags(t, 1, FOLD_ITEM_FOOTER, a, COLLAPSED_ | COLLAPSIBLE_);
    check_flags(t, 2, FOLD_ITEM_HEADER, b, COLLAPSIBLE_);
    check_flags(t, 3, FOLD_ITEM_ROW, b, 0);
    check_flags(t, 4, FOLD_ITEM_ROW, b, 0);
    check_flags(t, 5, FOLD_ITEM_FOOTER, b, COLLAPSIBLE_);
    CHECK_EQ_DBL(content_height(t), 28 + 10 + 28 + 88 + 10);

    /* A fixed section and an empty one: never COLLAPSIBLE. */
    fold_section_id f = 0;
    f = add_flagged(t, FOLD_ROOT, "f", NULL, 1, FOLD_SECTION_FIXED);
    fold_section_id e = add(t, FOLD_ROOT, "e", NULL, 0);
    check_flags(t, 6, FOLD_ITEM_HEADER, f, 0);
    check_flags(t, 7, FOLD_ITEM_ROW, f, 0);
    check_flags(t, 8, FOLD_ITEM_FOOTER, f, 0);
    check_flags(t, 9, FOLD_ITEM_HEADER, e, 0);
    check_flags(t, 10, FOLD_ITEM_FOOTER, e, 0);
    CHECK_EQ_I64(item_count(t), 11);
    fold_table_free(t);
}

/* FOLD_SECTION_FIXED: collapse and toggle refuse with FOLD_E_NOT_ALLOWED,
 * change nothing and tell nobody; expand does nothing; no indicator. */
