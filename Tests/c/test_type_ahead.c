/*
 * Type-ahead (foldtable.h: "Type-ahead") through the C ABI: header titles
 * with case folding, wrapping, backward and include-start, a text callback
 * for rows that gets the item and its position, NO_FOCUS sections passed
 * over, FOLD_E_BUSY for a callback that changes the table, and bad input.
 *
 * Items: "Mac|Laptops" 0, rows 1-3, "  iPad" 4, rows 5-6, "Straße" 7,
 * "ÉCOLE" 8, "macro" 9, row 10.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "fixture.h"
#include "foldtable.h"

static fold_table *table_for_search(void)
{
    fold_table *t = must_table(NULL);
    add(t, FOLD_ROOT, "mac", "Mac|Laptops", 3);
    add(t, FOLD_ROOT, "ipad", "  iPad", 2);
    add(t, FOLD_ROOT, "strasse", "Stra\xc3\x9f" "e", 0);
    add(t, FOLD_ROOT, "ecole", "\xc3\x89" "COLE", 0);
    add(t, FOLD_ROOT, "macro", "macro", 1);
    return t;
}

static int64_t find(const fold_table *t, const char *prefix, int64_t start, uint32_t flags)
{
    int64_t p = -9;
    int status = fold_table_find_text(t, prefix, start, flags, NULL, NULL, &p);
    return status == FOLD_OK ? p : status;
}

/* Rows answer "row <row> of <key>", other items nothing; counts the asks. */
typedef struct asker {
    fold_table *table;
    int asks;
    int64_t last_position;
    int32_t last_kind;
    int try_change; /* 1: try to collapse a section from inside */
    int change_status;
    char text[64];
} asker;

static const char *row_text(const fold_item *item, int64_t position, void *user_data)
{
    asker *a = user_data;
    char key[16] = "";
    a->asks++;
    a->last_position = position;
    a->last_kind = item->kind;
    if (a->try_change) {
        int changed = 0;
        a->change_status = fold_table_collapse(a->table, item->section, &changed);
    }
    if (item->kind != FOLD_ITEM_ROW) return NULL;
    fold_table_section_text(a->table, item->section, FOLD_TEXT_KEY, key, sizeof key, NULL);
    snprintf(a->text, sizeof a->text, "row %lld of %s", (long long)item->row, key);
    return a->text;
}

static void test_titles(void)
{
    fold_table *t = table_for_search();
    CHECK_EQ_I64(find(t, "m", -1, 0), 0);
    CHECK_EQ_I64(find(t, "m", 0, 0), 9);
    CHECK_EQ_I64(find(t, "M", 9, 0), 0); /* round past the end */
    CHECK_EQ_I64(find(t, "mac", 0, FOLD_FIND_INCLUDE_START), 0);
    CHECK_EQ_I64(find(t, "macr", 0, FOLD_FIND_INCLUDE_START), 9);
    CHECK_EQ_I64(find(t, "m", -1, FOLD_FIND_BACKWARD), 9);
    CHECK_EQ_I64(find(t, "m", 9, FOLD_FIND_BACKWARD), 0);
    CHECK_EQ_I64(find(t, "ip", -1, 0), 4);               /* leading spaces ignored */
    CHECK_EQ_I64(find(t, "STRASSE", -1, 0), 7);          /* ß folds to ss */
    CHECK_EQ_I64(find(t, "\xc3\xa9" "c", -1, 0), 8);     /* é finds É */
    CHECK_EQ_I64(find(t, "laptops", -1, 0), FOLD_E_NOT_FOUND); /* the detail is not searched */
    fold_table_free(t);
}

static void test_callback(void)
{
    fold_table *t = table_for_search();
    asker a;
    int64_t p = -9;
    memset(&a, 0, sizeof a);
    a.table = t;
    CHECK_STATUS(fold_table_find_text(t, "ROW 0 OF MACRO", -1, 0, row_text, &a, &p), FOLD_OK);
    CHECK_EQ_I64(p, 10);
    CHECK_EQ_I64(a.asks, 11);
    CHECK_EQ_I64(a.last_position, 10);
    CHECK_EQ_I64(a.last_kind, FOLD_ITEM_ROW);
    /* NO_FOCUS: Mac's header and rows are not asked. */
    CHECK_STATUS(fold_table_set_section_flags(t, sec(t, "mac"), FOLD_SECTION_NO_FOCUS,
                                              FOLD_SECTION_NO_FOCUS),
                 FOLD_OK);
    a.asks = 0;
    CHECK_STATUS(fold_table_find_text(t, "row 2 of mac", -1, 0, row_text, &a, &p), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(a.asks, 7); /* items 4-10 */
    CHECK_EQ_I64(find(t, "m", -1, 0), 9);
    fold_table_free(t);
}

static void test_busy(void)
{
    fold_table *t = table_for_search();
    asker a;
    int64_t p = -9;
    memset(&a, 0, sizeof a);
    a.table = t;
    a.try_change = 1;
    CHECK_STATUS(fold_table_find_text(t, "row 1", -1, 0, row_text, &a, &p), FOLD_OK);
    CHECK_EQ_I64(p, 2);
    CHECK_EQ_I64(a.change_status, FOLD_E_BUSY);
    CHECK_EQ_I64(is_collapsed(t, sec(t, "mac")), 0);
    fold_table_free(t);
}

/* Frees the table the search runs on, the first time it is asked. */
static const char *freeing_text(const fold_item *item, int64_t position, void *user_data)
{
    asker *a = user_data;
    (void)item;
    (void)position;
    if (a->asks++ == 0) fold_table_free(a->table);
    return "x";
}

static void test_freed_inside(void)
{
    asker a;
    int64_t p = -9;
    memset(&a, 0, sizeof a);
    a.table = table_for_search();
    /* The search stops at once; the table is freed when the call returns. */
    CHECK_STATUS(fold_table_find_text(a.table, "x", -1, 0, freeing_text, &a, &p), FOLD_E_CANCELLED);
    CHECK_EQ_I64(a.asks, 1);
    CHECK_EQ_I64(p, -9);
}

static void test_bad_input(void)
{
    fold_table *t = table_for_search();
    int64_t p = -9;
    CHECK_STATUS(fold_table_find_text(t, "", -1, 0, NULL, NULL, &p), FOLD_E_INVALID);
    CHECK(strstr(fold_last_error_message(), "empty") != NULL);
    CHECK_STATUS(fold_table_find_text(t, "\xff", -1, 0, NULL, NULL, &p), FOLD_E_INVALID);
    CHECK(strstr(fold_last_error_message(), "UTF-8") != NULL);
    CHECK_STATUS(fold_table_find_text(t, "m", -2, 0, NULL, NULL, &p), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_find_text(t, "m", 11, 0, NULL, NULL, &p), FOLD_E_RANGE);
    CHECK_STATUS(fold_table_find_text(t, "m", -1, 4, NULL, NULL, &p), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_find_text(t, "zzz", -1, 0, NULL, NULL, &p), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(p, -9);
    fold_table_free(t);
}

int main(void)
{
    test_titles();
    test_callback();
    test_busy();
    test_freed_inside();
    test_bad_input();
    return check_done();
}
