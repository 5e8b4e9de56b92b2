/*
 * atomicity/messages.c — 11: failure messages in a C user's words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicity.h"

/* ---- 11: messages in words ---------------------------------------------- */

char messages[64][256];
static int message_count;

/* Runs a failing call, keeps its message. */
static void keep(int status, int expected, const char *what)
{
    const char *m = fold_last_error_message();
    if (!CHECK_STATUS(status, expected)) fprintf(stderr, "  (%s)\n", what);
    if (message_count < 64) snprintf(messages[message_count++], 256, "%s", m);
}

void messages_in_words(void)
{
    fold_table *t = NULL, *other = NULL;
    int64_t path3[3] = {0, 0, 7}, bad_path[1] = {9}, long_path[40] = {0}, out = 0, pos = 0;
    double bad_heights[2] = {10, -5};
    fold_item item;
    fold_row_info ri;
    fold_section_info si;
    fold_section_id a, b, c, id = 0, gone, foreign;
    int32_t kind = -1;
    char buffer[16];
    int i;
    if ((t = new_table(NULL)) == NULL) return;
    a = add(t, FOLD_ROOT, "a", NULL, 5);
    b = add(t, FOLD_ROOT, "b", NULL, 1);
    c = add(t, FOLD_ROOT, "c", NULL, 0);
    add(t, FOLD_ROOT, "d", NULL, 0);
    CHECK_STATUS(fold_table_insert_section(t, a, 0, "a0", NULL, 2, 0, NULL), FOLD_OK);
    gone = add(t, FOLD_ROOT, "gone", NULL, 1);
    CHECK_STATUS(fold_table_remove_section(t, gone), FOLD_OK);
    if ((other = new_table(NULL)) == NULL) return;
    foreign = add(other, FOLD_ROOT, "a", NULL, 1);
    message_count = 0;

    keep(fold_table_remove_rows(t, a, 5, 1), FOLD_E_RANGE, "one row past the end");
    CHECK_STR(messages[message_count - 1], "row 5 of section \"a\" is out of range (it has 5 rows)");
    keep(fold_table_remove_rows(t, a, 3, 4), FOLD_E_RANGE, "rows past the end");
    CHECK_STR(messages[message_count - 1], "rows 3 to 6 of section \"a\" are out of range (it has 5 rows)");
    keep(fold_table_remove_rows(t, b, 0x7fffffffffffffffLL, 0x7fffffffffffffffLL), FOLD_E_RANGE,
         "huge");
    CHECK_STR(messages[message_count - 1],
              "9223372036854775807 rows from row 9223372036854775807 of section \"b\" are out of range "
              "(it has 1 row)");
    keep(fold_table_remove_rows(t, a, 0, -2), FOLD_E_RANGE, "negative count");
    CHECK_STR(messages[message_count - 1], "row count -2 is out of range (it must be 0 or more)");
    keep(fold_table_child_at(t, FOLD_ROOT, 7, &kind, &id, NULL), FOLD_E_RANGE, "bad section index");
    CHECK_STR(messages[message_count - 1], "section index 7 is out of range (the table has 4 sections)");
    keep(fold_table_insert_section(t, FOLD_ROOT, 9, "x", NULL, 0, 0, NULL), FOLD_E_RANGE,
         "bad insertion index");
    CHECK_STR(messages[message_count - 1],
              "section index 9 is out of range (the table has 4 sections: insert at 0 to 4)");
    keep(fold_table_insert_section(t, a, 8, "x", NULL, 0, 0, NULL), FOLD_E_RANGE, "bad child insertion");
    CHECK_STR(messages[message_count - 1],
              "child index 8 is out of range (section \"a\" has 6 children: insert at 0 to 6)");
    keep(fold_table_insert_rows(t, b, 3, 1, NULL), FOLD_E_RANGE, "bad row insertion");
    CHECK_STR(messages[message_count - 1],
              "child index 3 is out of range (section \"b\" has 1 child: insert at 0 to 1)");
    keep(fold_table_section_at_path(t, path3, 3, &id), FOLD_E_RANGE, "bad path");
    CHECK_STR(messages[message_count - 1], "child index 7 is out of range (section \"a0\" has 2 children)");
    keep(fold_table_section_at_path(t, bad_path, 1, &id), FOLD_E_RANGE, "bad top-level path");
    CHECK_STR(messages[message_count - 1], "section index 9 is out of range (the table has 4 sections)");
    keep(fold_table_section_at_path(t, long_path, 40, &id), FOLD_E_INVALID, "a path through a row");
    CHECK_STR(messages[message_count - 1], "child 0 of section \"a0\" is a row, not a section");
    keep(fold_table_section_at_path(t, long_path, 0, &id), FOLD_E_INVALID, "empty path");
    keep(fold_table_section_at_path(t, long_path, -1, &id), FOLD_E_RANGE, "negative path length");
    keep(fold_table_section_at_path(t, long_path, FOLD_MAX_DEPTH + 1, &id), FOLD_E_RANGE,
         "a path longer than FOLD_MAX_DEPTH");
    keep(fold_table_remove_children(t, a, 4, 3), FOLD_E_RANGE, "children past the end");
    CHECK_STR(messages[message_count - 1],
              "children 4 to 6 of section \"a\" are out of range (it has 6 children)");
    keep(fold_table_remove_children(t, FOLD_ROOT, 4, 1), FOLD_E_RANGE, "section past the end");
    CHECK_STR(messages[message_count - 1], "section 4 is out of range (the table has 4 sections)");
    keep(fold_table_remove_children(t, FOLD_ROOT, 0, -1), FOLD_E_RANGE, "negative child count");
    keep(fold_table_move_section(t, a, FOLD_ROOT, 4), FOLD_E_RANGE, "bad move target");
    CHECK_STR(messages[message_count - 1],
              "target section index 4 is out of range (the table has 3 other sections: move to 0 to 3)");
    keep(fold_table_move_section(t, b, a, 7), FOLD_E_RANGE, "bad move into a");
    keep(fold_table_item_at(t, 99, &item), FOLD_E_RANGE, "bad position");
    CHECK_STR(messages[message_count - 1], "position 99 is out of range (the list has 13 items)");
    keep(fold_table_row_info(t, a, 9, &ri), FOLD_E_RANGE, "bad row");
    keep(fold_table_row_info(t, c, 0, &ri), FOLD_E_RANGE, "row of an empty section");
    CHECK_STR(messages[message_count - 1], "row 0 of section \"c\" is out of range (it has 0 rows)");
    keep(fold_table_set_row_heights(t, a, 0, 2, bad_heights), FOLD_E_INVALID, "bad height");
    keep(fold_table_set_row_height(t, a, 0, 1e300), FOLD_E_INVALID, "huge height");
    keep(fold_table_insert_rows(t, a, 0, -3, NULL), FOLD_E_RANGE, "bad row count");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "y", NULL, -1, 0, NULL), FOLD_E_RANGE,
         "bad section row count");
    keep(fold_table_find_section(t, "nope", &id), FOLD_E_NOT_FOUND, "bad key");
    CHECK(strstr(messages[message_count - 1], "\"nope\"") != NULL);
    keep(fold_table_reveal_row(t, a, 5, 1, &pos), FOLD_E_RANGE, "reveal past the end");
    /* Ids that name no section here: removed, another table's, made up. */
    keep(fold_table_child_count(t, gone, &out), FOLD_E_NOT_FOUND, "a removed section's id");
    CHECK(strstr(messages[message_count - 1], "no section has the id ") == messages[message_count - 1]);
    keep(fold_table_collapse(t, gone, NULL), FOLD_E_NOT_FOUND, "a removed section's id");
    keep(fold_table_section_text(t, gone, FOLD_TEXT_KEY, buffer, sizeof buffer, NULL),
         FOLD_E_NOT_FOUND, "a removed section's id");
    keep(fold_table_section_info(t, foreign, &si), FOLD_E_NOT_FOUND, "another table's id");
    keep(fold_table_insert_rows(t, foreign, 0, 1, NULL), FOLD_E_NOT_FOUND, "another table's id");
    keep(fold_table_remove_section(t, ~(fold_section_id)0), FOLD_E_NOT_FOUND, "a made-up id");
    /* The root where a section is required. */
    keep(fold_table_collapse(t, FOLD_ROOT, NULL), FOLD_E_INVALID, "the root collapsed");
    CHECK_STR(messages[message_count - 1], "FOLD_ROOT names the top level, not a section; pass a section id");
    keep(fold_table_insert_rows(t, FOLD_ROOT, 0, 1, NULL), FOLD_E_INVALID, "rows at the root");
    keep(fold_table_section_info(t, FOLD_ROOT, &si), FOLD_E_INVALID, "the root's info");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "", NULL, 0, 0, NULL), FOLD_E_INVALID, "empty key");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "z", NULL, 0, 64, NULL), FOLD_E_INVALID,
         "an unknown flag");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "z", NULL, 1,
                                   FOLD_SECTION_COLLAPSED | FOLD_SECTION_EXPANDED, NULL),
         FOLD_E_INVALID, "collapsed and expanded");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "z", NULL, 1,
                                   FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED, NULL),
         FOLD_E_INVALID, "a fixed section collapsed at insertion");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "z", NULL, 1,
                                   FOLD_SECTION_COLLAPSED | FOLD_SECTION_NO_HEADER, NULL),
         FOLD_E_INVALID, "a header-less section collapsed at insertion");
    CHECK_STATUS(fold_table_find_section(t, "z", &id), FOLD_E_NOT_FOUND);
    /* Not collapsible. */
    CHECK_STATUS(fold_table_set_collapsible(t, b, 0), FOLD_OK);
    keep(fold_table_collapse(t, b, NULL), FOLD_E_NOT_ALLOWED, "a fixed section collapsed");
    CHECK(strstr(messages[message_count - 1], "\"b\"") != NULL);
    /* None of the failures changed the table. */
    CHECK_EQ_I64(item_count(t), 13);
    CHECK_EQ_I64(section_count(t), 4);
    CHECK_EQ_I64(row_count(t, a), 5);

    for (i = 0; i < message_count; i++) {
        if (!CHECK(messages[i][0] != '\0' && strstr(messages[i], "..<") == NULL &&
                   strstr(messages[i], "...") == NULL)) {
            fprintf(stderr, "  message %d: \"%s\"\n", i, messages[i]);
        }
    }
    CHECK(message_count >= 43);
    fold_table_free(other);
    fold_table_free(t);
}
