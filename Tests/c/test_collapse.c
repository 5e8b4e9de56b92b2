/*
 * Collapsing (foldtable.h: "Collapsing"): collapse/expand/toggle by index and
 * key with changed flags, empty sections, state kept across changes to other
 * sections, collapse_all/expand_all, section_states, indicators and the
 * collapsed flag of headers and footers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "foldtable.h"

#define EN_DASH "\xE2\x80\x93"

static fold_table *new_table(const fold_table_options *options)
{
    fold_table *t = NULL;
    if (!CHECK_STATUS(fold_table_new(options, &t), FOLD_OK) || t == NULL) {
        fprintf(stderr, "cannot create a table; stopping\n");
        check_done();
        exit(1);
    }
    return t;
}

/* Mac (3), iPad (2), iPhone (4) with default options. */
static fold_table *sample_table(void)
{
    fold_table *t = new_table(NULL);
    CHECK_STATUS(fold_table_append_section(t, "Mac", "Mac|Laptops and desktops", 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPad", "iPad|Tablets", 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPhone", "iPhone|Phones", 4), FOLD_OK);
    return t;
}

static int collapsed_at(const fold_table *t, int64_t index)
{
    int c = -1;
    CHECK_STATUS(fold_table_is_collapsed(t, index, &c), FOLD_OK);
    return c;
}

static int collapsed_key(const fold_table *t, const char *key)
{
    int c = -1;
    CHECK_STATUS(fold_table_is_collapsed_key(t, key, &c), FOLD_OK);
    return c;
}

static int64_t item_count(const fold_table *t)
{
    int64_t n = -1;
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    return n;
}

static double content_height(const fold_table *t)
{
    double h = -1;
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    return h;
}

static void check_indicator_(int line, const fold_table *t, int64_t index, const char *expected)
{
    char *s = NULL;
    long failed_before = check_failed_so_far();
    if (CHECK_STATUS(fold_table_section_indicator(t, index, &s), FOLD_OK)) {
        CHECK_STR(s, expected);
        fold_free(s);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_indicator called from line %d)\n", line);
    }
}
#define check_indicator(t, i, e) check_indicator_(__LINE__, (t), (i), (e))

static void check_flags_(int line, const fold_table *t, int64_t position, int kind,
                         int64_t section, uint32_t flags)
{
    fold_item item;
    long failed_before = check_failed_so_far();
    if (CHECK_STATUS(fold_table_item_at(t, position, &item), FOLD_OK)) {
        CHECK_EQ_I64(item.kind, kind);
        CHECK_EQ_I64(item.section, section);
        CHECK_EQ_I64(item.flags, flags);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_flags(position %lld) called from line %d)\n",
                (long long)position, line);
    }
}
#define check_flags(t, p, k, s, f) check_flags_(__LINE__, (t), (p), (k), (s), (f))

static void test_by_index(void)
{
    fold_table *t = sample_table();
    int changed = -1;

    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_STATUS(fold_table_collapse(t, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(collapsed_at(t, 2), 0);
    CHECK_EQ_I64(item_count(t), 10);
    CHECK_EQ_DBL(content_height(t), 392);

    /* Already collapsed. */
    changed = -1;
    CHECK_STATUS(fold_table_collapse(t, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(item_count(t), 10);

    changed = -1;
    CHECK_STATUS(fold_table_expand(t, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(item_count(t), 12);
    CHECK_EQ_DBL(content_height(t), 480);

    changed = -1;
    CHECK_STATUS(fold_table_expand(t, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);

    /* Toggle flips every time. */
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(item_count(t), 8);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 0);
    CHECK_EQ_I64(item_count(t), 12);

    /* out_changed is optional. */
    CHECK_STATUS(fold_table_collapse(t, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_STATUS(fold_table_toggle(t, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_STATUS(fold_table_toggle(t, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_STATUS(fold_table_expand(t, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);

    /* Out of range. */
    CHECK_STATUS(fold_table_collapse(t, 3, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_expand(t, 3, &changed), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_toggle(t, 3, &changed), FOLD_E_RANGE);
    fold_table_free(t);
}

static void test_by_key(void)
{
    fold_table *t = sample_table();
    int changed = -1;

    CHECK_STATUS(fold_table_collapse_key(t, "iPhone", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_key(t, "iPhone"), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(collapsed_key(t, "Mac"), 0);
    CHECK_EQ_I64(item_count(t), 8);

    changed = -1;
    CHECK_STATUS(fold_table_collapse_key(t, "iPhone", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    changed = -1;
    CHECK_STATUS(fold_table_expand_key(t, "iPhone", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_key(t, "iPhone"), 0);
    changed = -1;
    CHECK_STATUS(fold_table_expand_key(t, "iPhone", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    changed = -1;
    CHECK_STATUS(fold_table_toggle_key(t, "Mac", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_key(t, "Mac"), 1);
    CHECK_EQ_I64(item_count(t), 9);
    changed = -1;
    CHECK_STATUS(fold_table_toggle_key(t, "Mac", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(collapsed_key(t, "Mac"), 0);
    CHECK_STATUS(fold_table_toggle_key(t, "iPad", NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);

    /* Unknown keys. */
    CHECK_STATUS(fold_table_collapse_key(t, "Watch", &changed), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_expand_key(t, "mac", &changed), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_toggle_key(t, "iPads", &changed), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_is_collapsed_key(t, "Watch", &changed), FOLD_E_NOT_FOUND);
    fold_table_free(t);
}

static void test_empty_section(void)
{
    fold_table_options o;
    fold_table *t = new_table(NULL);
    int changed = -1;
    int64_t n = -1;

    CHECK_STATUS(fold_table_append_section(t, "empty", "Nothing", 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "full", "Things", 2), FOLD_OK);

    /* A section with no rows never flips. */
    CHECK_STATUS(fold_table_collapse(t, 0, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, 0, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    changed = -1;
    CHECK_STATUS(fold_table_toggle_key(t, "empty", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    changed = -1;
    CHECK_STATUS(fold_table_collapse_key(t, "empty", &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_key(t, "empty"), 0);
    check_indicator(t, 0, "");
    check_indicator(t, 1, EN_DASH);

    /* collapse_all skips it. */
    n = -1;
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    check_indicator(t, 0, "");
    check_indicator(t, 1, "+");

    /* A collapsed section whose rows are all removed keeps its stored state
     * and can no longer be expanded. */
    CHECK_STATUS(fold_table_remove_rows(t, 1, 0, 2), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    check_indicator(t, 1, "");
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    changed = -1;
    CHECK_STATUS(fold_table_toggle(t, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    /* The header still says collapsed. */
    check_flags(t, 1, FOLD_ITEM_HEADER, 1, FOLD_ITEM_FLAG_COLLAPSED);
    check_flags(t, 0, FOLD_ITEM_HEADER, 0, 0);

    /* Rows added to it are hidden, since it is still collapsed. */
    CHECK_STATUS(fold_table_insert_rows(t, 1, 0, 3, NULL), FOLD_OK);
    CHECK_EQ_I64(item_count(t), 2);
    CHECK_STATUS(fold_table_visible_row_count(t, 1, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    check_indicator(t, 1, "+");
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(item_count(t), 5);
    check_indicator(t, 1, EN_DASH);
    fold_table_free(t);

    /* start_collapsed: a new section, empty or not, is stored collapsed. */
    fold_table_options_init(&o);
    o.start_collapsed = 1;
    t = new_table(&o);
    CHECK_STATUS(fold_table_append_section(t, "e", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "r", NULL, 2), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(item_count(t), 2);
    CHECK_EQ_DBL(content_height(t), 56);
    check_indicator(t, 0, "");
    check_indicator(t, 1, "+");
    check_flags(t, 0, FOLD_ITEM_HEADER, 0, FOLD_ITEM_FLAG_COLLAPSED);
    check_flags(t, 1, FOLD_ITEM_HEADER, 1, FOLD_ITEM_FLAG_COLLAPSED);
    changed = -1;
    CHECK_STATUS(fold_table_expand(t, 0, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(item_count(t), 4);
    /* An inserted section starts collapsed too. */
    CHECK_STATUS(fold_table_insert_section(t, 1, "new", NULL, 5), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(item_count(t), 5);
    fold_table_free(t);
}

static void test_state_survives(void)
{
    fold_table *t = sample_table();
    int64_t n = -1;

    CHECK_STATUS(fold_table_collapse_key(t, "iPad", NULL), FOLD_OK);

    /* Insert before it. */
    CHECK_STATUS(fold_table_insert_section(t, 0, "Watch", "Watch", 2), FOLD_OK);
    CHECK_EQ_I64(collapsed_key(t, "iPad"), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(collapsed_at(t, 3), 0);

    /* Remove sections before and after it. */
    CHECK_STATUS(fold_table_remove_section(t, 1), FOLD_OK); /* Mac */
    CHECK_EQ_I64(collapsed_key(t, "iPad"), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_STATUS(fold_table_remove_section(t, 2), FOLD_OK); /* iPhone */
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 0), 0);

    /* Move others around it, then move it. Sections: Watch, iPad. */
    CHECK_STATUS(fold_table_append_section(t, "TV", NULL, 1), FOLD_OK);
    CHECK_STATUS(fold_table_move_section(t, 2, 0), FOLD_OK); /* TV, Watch, iPad */
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_STATUS(fold_table_move_section(t, 2, 0), FOLD_OK); /* iPad, TV, Watch */
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 0);
    CHECK_EQ_I64(collapsed_at(t, 2), 0);
    CHECK_STATUS(fold_table_section_index(t, "iPad", &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    /* iPad h, TV h, TV0, Watch h, Watch0, Watch1 */
    CHECK_EQ_I64(item_count(t), 6);
    CHECK_EQ_DBL(content_height(t), 3 * 28 + 3 * 44);

    /* Adding rows to other sections and to it does not change it. */
    CHECK_STATUS(fold_table_insert_rows(t, 1, 0, 4, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, 0, 0, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(item_count(t), 10);
    fold_table_free(t);
}

static void test_all(void)
{
    fold_table *t = sample_table();
    int64_t n = -1;

    CHECK_STATUS(fold_table_collapse(t, 1, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_EQ_I64(collapsed_at(t, 0), 1);
    CHECK_EQ_I64(collapsed_at(t, 1), 1);
    CHECK_EQ_I64(collapsed_at(t, 2), 1);
    CHECK_EQ_I64(item_count(t), 3);
    CHECK_EQ_DBL(content_height(t), 84);
    n = -1;
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_STATUS(fold_table_collapse_all(t, NULL), FOLD_OK);

    CHECK_STATUS(fold_table_expand(t, 2, NULL), FOLD_OK);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 2);
    CHECK_EQ_I64(item_count(t), 12);
    CHECK_EQ_DBL(content_height(t), 480);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    CHECK_STATUS(fold_table_expand_all(t, NULL), FOLD_OK);
    fold_table_free(t);

    /* An empty table. */
    t = new_table(NULL);
    n = -1;
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    n = -1;
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 0);
    fold_table_free(t);
}

static void test_section_states(void)
{
    fold_table *t = new_table(NULL);
    fold_section_state *states = (fold_section_state *)&states; /* sentinel */
    int64_t n = -1;

    /* No sections: NULL and 0. */
    CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK);
    CHECK(states == NULL);
    CHECK_EQ_I64(n, 0);
    fold_free(states);

    CHECK_STATUS(fold_table_append_section(t, "Mac", NULL, 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPad", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "", "x", 1), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_append_section(t, "\xE2\x98\x95", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "iPhone", NULL, 4), FOLD_OK);
    CHECK_STATUS(fold_table_collapse_key(t, "iPad", NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse_key(t, "iPhone", NULL), FOLD_OK);

    states = NULL;
    n = -1;
    if (CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK)) {
        CHECK(states != NULL);
        CHECK_EQ_I64(n, 4);
        if (states != NULL && n == 4) {
            const char *base = (const char *)states;
            int i;
            CHECK_STR(states[0].key, "Mac");
            CHECK_EQ_I64(states[0].collapsed, 0);
            CHECK_STR(states[1].key, "iPad");
            CHECK_EQ_I64(states[1].collapsed, 1);
            CHECK_STR(states[2].key, "\xE2\x98\x95");
            CHECK_EQ_I64(states[2].collapsed, 0);
            CHECK_STR(states[3].key, "iPhone");
            CHECK_EQ_I64(states[3].collapsed, 1);
            /* The keys follow the pairs in the same allocation. */
            for (i = 0; i < 4; i++) {
                CHECK(states[i].key >= base + 4 * sizeof(fold_section_state));
            }
        }
        fold_free(states); /* once: frees the keys too */
    }

    /* The states follow moves. */
    CHECK_STATUS(fold_table_move_section(t, 3, 0), FOLD_OK);
    states = NULL;
    if (CHECK_STATUS(fold_table_section_states(t, &states, &n), FOLD_OK) && n == 4) {
        CHECK_STR(states[0].key, "iPhone");
        CHECK_EQ_I64(states[0].collapsed, 1);
        CHECK_STR(states[1].key, "Mac");
        CHECK_EQ_I64(states[1].collapsed, 0);
        fold_free(states);
    }
    fold_table_free(t);
}

static void test_indicators(void)
{
    fold_table *t = sample_table();

    CHECK_STATUS(fold_table_append_section(t, "empty", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, 1, NULL), FOLD_OK);
    check_indicator(t, 0, EN_DASH);
    check_indicator(t, 1, "+");
    check_indicator(t, 2, EN_DASH);
    check_indicator(t, 3, "");

    /* Custom strings are copied. */
    {
        char collapsed[8], expanded[8];
        strcpy(collapsed, "\xE2\x96\xB6"); /* ▶ */
        strcpy(expanded, "\xE2\x96\xBC"); /* ▼ */
        CHECK_STATUS(fold_table_set_indicators(t, collapsed, expanded), FOLD_OK);
        memset(collapsed, 'x', sizeof collapsed - 1);
        memset(expanded, 'y', sizeof expanded - 1);
    }
    check_indicator(t, 0, "\xE2\x96\xBC");
    check_indicator(t, 1, "\xE2\x96\xB6");
    check_indicator(t, 3, "");
    CHECK_STATUS(fold_table_toggle(t, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_toggle(t, 1, NULL), FOLD_OK);
    check_indicator(t, 0, "\xE2\x96\xB6");
    check_indicator(t, 1, "\xE2\x96\xBC");

    /* Longer strings and empty strings are fine. */
    CHECK_STATUS(fold_table_set_indicators(t, "[show]", ""), FOLD_OK);
    check_indicator(t, 0, "[show]");
    check_indicator(t, 1, "");
    check_indicator(t, 3, "");

    /* Back to the defaults, spelled out. */
    CHECK_STATUS(fold_table_set_indicators(t, "+", EN_DASH), FOLD_OK);
    check_indicator(t, 0, "+");
    check_indicator(t, 1, EN_DASH);

    /* NULL is invalid and changes nothing. */
    CHECK_STATUS(fold_table_set_indicators(t, NULL, "v"), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_indicators(t, ">", NULL), FOLD_E_INVALID);
    check_indicator(t, 0, "+");
    check_indicator(t, 1, EN_DASH);
    CHECK_STATUS(fold_table_section_indicator(t, 0, NULL), FOLD_E_INVALID);
    {
        char *s = NULL;
        CHECK_STATUS(fold_table_section_indicator(t, 4, &s), FOLD_E_RANGE);
        CHECK(s == NULL);
    }
    fold_table_free(t);
}

static void test_flags(void)
{
    fold_table_options o;
    fold_table *t;

    fold_table_options_init(&o);
    o.footer_height = 10;
    t = new_table(&o);
    CHECK_STATUS(fold_table_append_section(t, "a", NULL, 1), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(t, "b", NULL, 2), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, 0, NULL), FOLD_OK);
    /* a h [c], a footer [c], b h, b0, b1, b footer */
    CHECK_EQ_I64(item_count(t), 6);
    check_flags(t, 0, FOLD_ITEM_HEADER, 0, FOLD_ITEM_FLAG_COLLAPSED);
    check_flags(t, 1, FOLD_ITEM_FOOTER, 0, FOLD_ITEM_FLAG_COLLAPSED);
    check_flags(t, 2, FOLD_ITEM_HEADER, 1, 0);
    check_flags(t, 3, FOLD_ITEM_ROW, 1, 0);
    check_flags(t, 4, FOLD_ITEM_ROW, 1, 0);
    check_flags(t, 5, FOLD_ITEM_FOOTER, 1, 0);
    CHECK_EQ_DBL(content_height(t), 28 + 10 + 28 + 88 + 10);
    fold_table_free(t);
}

int main(void)
{
    test_by_index();
    test_by_key();
    test_empty_section();
    test_state_survives();
    test_all();
    test_section_states();
    test_indicators();
    test_flags();
    return check_done();
}
