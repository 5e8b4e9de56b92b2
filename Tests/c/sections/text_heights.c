/*
 * sections/text_heights.c — header text (title, detail), section heights, table
 * defaults.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sections.h"

void test_header_text(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id k[8];

    k[0] = add(t, FOLD_ROOT, "k0", NULL, 0); /* NULL means "" */
    k[1] = add(t, FOLD_ROOT, "k1", "", 0);
    k[2] = add(t, FOLD_ROOT, "k2", "A|B|C", 0);
    k[3] = add(t, FOLD_ROOT, "k3", "|only detail", 0);
    k[4] = add(t, FOLD_ROOT, "k4", "only title|", 0);
    k[5] = add(t, FOLD_ROOT, "k5", "|", 0);
    k[6] = add(t, FOLD_ROOT, "k6", "Caf\xC3\xA9|Cr\xC3\xA8me \xE2\x98\x95", 0);
    k[7] = add(t, FOLD_ROOT, "\xE2\x98\x95 key", "Title with spaces ", 0);

    check_header(t, k[0], "", NULL);
    check_header(t, k[1], "", NULL);
    check_header(t, k[2], "A", "B|C"); /* split at the first '|' */
    check_header(t, k[3], "", "only detail");
    check_header(t, k[4], "only title", "");
    check_header(t, k[5], "", "");
    check_header(t, k[6], "Caf\xC3\xA9", "Cr\xC3\xA8me \xE2\x98\x95");
    check_header(t, k[7], "Title with spaces ", NULL);
    CHECK_EQ_I64(sec(t, "\xE2\x98\x95 key"), k[7]);
    CHECK_EQ_I64(info(t, k[7]).index, 7);
    CHECK_STR(text(t, k[7], FOLD_TEXT_KEY), "\xE2\x98\x95 key");
    CHECK_STR(text(t, k[0], FOLD_TEXT_KEY), "k0");
    /* Without children no section is collapsible: no indicator. */
    CHECK_STR(text(t, k[2], FOLD_TEXT_INDICATOR), "");

    /* Every text of one section, with its exact length. */
    {
        static const struct {
            int32_t which;
            const char *text;
        } texts[] = {
            {FOLD_TEXT_KEY, "k6"},
            {FOLD_TEXT_HEADER, "Caf\xC3\xA9|Cr\xC3\xA8me \xE2\x98\x95"},
            {FOLD_TEXT_TITLE, "Caf\xC3\xA9"},
            {FOLD_TEXT_DETAIL, "Cr\xC3\xA8me \xE2\x98\x95"},
            {FOLD_TEXT_INDICATOR, EN_DASH},
        };
        CHECK_STATUS(fold_table_insert_rows(t, k[6], 0, 1, NULL), FOLD_OK);
        for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
            char buffer[64];
            size_t length = 999;
            memset(buffer, 'x', sizeof buffer);
            CHECK_STATUS(fold_table_section_text(t, k[6], texts[i].which, buffer, sizeof buffer,
                                                 &length),
                         FOLD_OK);
            CHECK_STR(buffer, texts[i].text);
            CHECK_EQ_I64(length, strlen(texts[i].text));
        }
        CHECK_STATUS(fold_table_collapse(t, k[6], NULL), FOLD_OK);
        CHECK_STR(text(t, k[6], FOLD_TEXT_INDICATOR), "+");
        CHECK_STATUS(fold_table_remove_rows(t, k[6], 0, 1), FOLD_OK);
        CHECK_STR(text(t, k[6], FOLD_TEXT_INDICATOR), ""); /* no children now */
    }

    /* A small buffer: cut at a UTF-8 character boundary, NUL-terminated,
     * and *out_length is the full length, so a retry with length + 1 bytes
     * gets it all. "Café" is 5 bytes (é is C3 A9). */
    {
        char buffer[16];
        size_t length = 0;
        static const struct {
            size_t capacity;
            const char *text;
        } cuts[] = {
            {1, ""}, {2, "C"}, {4, "Caf"}, {5, "Caf"}, /* é does not fit in 4 bytes: not split */
            {6, "Caf\xC3\xA9"}, {16, "Caf\xC3\xA9"},
        };
        for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
            memset(buffer, 'x', sizeof buffer);
            length = 0;
            CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_TITLE, buffer, cuts[i].capacity,
                                                 &length),
                         FOLD_OK);
            CHECK_STR(buffer, cuts[i].text);
            CHECK_EQ_I64(length, 5);
            CHECK_EQ_I64(length >= cuts[i].capacity, cuts[i].capacity <= 5); /* "was cut" */
        }
        /* Capacity 0: nothing written (buffer may be NULL), only the length. */
        memset(buffer, 'x', sizeof buffer);
        length = 0;
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_TITLE, buffer, 0, &length), FOLD_OK);
        CHECK_EQ_I64(length, 5);
        CHECK_EQ_I64(buffer[0], 'x');
        length = 0;
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, NULL, 0, &length), FOLD_OK);
        CHECK_EQ_I64(length, 10); /* "Crème ☕": 1+1+2+1+1+1+3 */
        /* The detail cut in the middle of ☕ (3 bytes) and of è (2 bytes). */
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, buffer, 10, &length), FOLD_OK);
        CHECK_STR(buffer, "Cr\xC3\xA8me ");
        CHECK_EQ_I64(length, 10);
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, buffer, 9, &length), FOLD_OK);
        CHECK_STR(buffer, "Cr\xC3\xA8me ");
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, buffer, 4, &length), FOLD_OK);
        CHECK_STR(buffer, "Cr");
        /* The retry: length + 1 bytes hold it all. */
        CHECK_STATUS(fold_table_section_text(t, k[6], FOLD_TEXT_DETAIL, buffer, length + 1, &length),
                     FOLD_OK);
        CHECK_STR(buffer, "Cr\xC3\xA8me \xE2\x98\x95");
        CHECK_EQ_I64(length, 10);
        /* The key "☕ key" cut after its first character and inside it. */
        CHECK_STATUS(fold_table_section_text(t, k[7], FOLD_TEXT_KEY, buffer, 4, &length), FOLD_OK);
        CHECK_STR(buffer, "\xE2\x98\x95");
        CHECK_EQ_I64(length, 7);
        CHECK_STATUS(fold_table_section_text(t, k[7], FOLD_TEXT_KEY, buffer, 3, &length), FOLD_OK);
        CHECK_STR(buffer, "");
        /* out_length is optional. */
        CHECK_STATUS(fold_table_section_text(t, k[2], FOLD_TEXT_DETAIL, buffer, sizeof buffer, NULL),
                     FOLD_OK);
        CHECK_STR(buffer, "B|C");
        /* Invalid: an unknown text, FOLD_ROOT, a NULL buffer with a
         * capacity, a NULL table; nothing is written. */
        memset(buffer, 'x', sizeof buffer);
        length = 77;
        CHECK_STATUS(fold_table_section_text(t, k[2], 6, buffer, sizeof buffer, &length),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_text(t, k[2], -1, buffer, sizeof buffer, &length),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_text(t, FOLD_ROOT, FOLD_TEXT_KEY, buffer, sizeof buffer,
                                             &length),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_text(t, k[2], FOLD_TEXT_KEY, NULL, 8, &length),
                     FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_text(NULL, k[2], FOLD_TEXT_KEY, buffer, sizeof buffer,
                                             &length),
                     FOLD_E_INVALID);
        CHECK_EQ_I64(buffer[0], 'x');
        CHECK_EQ_I64(length, 77);
        /* NOT_FOUND: no '|' (also with a small buffer) and the message says so. */
        CHECK_STATUS(fold_table_section_text(t, k[0], FOLD_TEXT_DETAIL, buffer, 1, &length),
                     FOLD_E_NOT_FOUND);
        CHECK(strlen(fold_last_error_message()) > 0);
        CHECK_EQ_I64(length, 77);
    }

    /* Replacing the header text. */
    CHECK_STATUS(fold_table_set_section_header(t, k[0], "New|Text"), FOLD_OK);
    check_header(t, k[0], "New", "Text");
    CHECK_STATUS(fold_table_set_section_header(t, k[0], "Plain"), FOLD_OK);
    check_header(t, k[0], "Plain", NULL);
    CHECK_STATUS(fold_table_set_section_header(t, k[0], NULL), FOLD_OK);
    check_header(t, k[0], "", NULL);
    CHECK_STATUS(fold_table_set_section_header(t, k[2], "x|"), FOLD_OK);
    check_header(t, k[2], "x", "");
    CHECK_STATUS(fold_table_set_section_header(t, k[2], "\xff"), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_header(t, FOLD_ROOT, "x"), FOLD_E_INVALID);
    check_header(t, k[2], "x", "");
    /* Other sections untouched. */
    check_header(t, k[3], "", "only detail");

    /* The key does not change with the header. */
    CHECK_EQ_I64(sec(t, "k2"), k[2]);
    CHECK_EQ_I64(info(t, k[2]).index, 2);
    CHECK_STR(text(t, k[2], FOLD_TEXT_KEY), "k2");
    fold_table_free(t);
}

void test_heights(void)
{
    fold_table *t = must_table(NULL);
    double h = -1;
    int64_t n = -1, pos = -1;

    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", NULL, 1);
    check_heights(t, a, 28, 0, 44);
    check_heights(t, b, 28, 0, 44);

    /* The output is required; FOLD_ROOT is not a section. */
    {
        fold_section_info in;
        CHECK_STATUS(fold_table_section_info(t, a, NULL), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_section_info(t, FOLD_ROOT, &in), FOLD_E_INVALID);
        CHECK_STATUS(fold_table_set_section_height(t, FOLD_ROOT, FOLD_HEIGHT_ROW, 10), FOLD_E_INVALID);
    }
    CHECK_EQ_DBL(info(t, a).row_height, 44);

    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, 40), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_FOOTER, 12.5), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, 50), FOLD_OK);
    check_heights(t, a, 40, 12.5, 50);
    check_heights(t, b, 28, 0, 44);
    /* Not a per-section height: the expanded height and unknown kinds;
     * invalid heights. Nothing changes. */
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_EXPANDED, 10), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, a, 4, 10), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, a, -1, 10), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, -2), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, FOLD_MAX_HEIGHT * 2),
                 FOLD_E_INVALID);
    check_heights(t, a, 40, 12.5, 50);

    /* a h 40, a0 50, a1 50, a footer 12.5, b h 28, b0 44 */
    check_content(t, 6, 224.5);
    {
        const item_case items[] = {
            {0, FOLD_ITEM_HEADER, a, -1, 0, 40},
            {1, FOLD_ITEM_ROW, a, 0, 40, 50},
            {2, FOLD_ITEM_ROW, a, 1, 90, 50},
            {3, FOLD_ITEM_FOOTER, a, -1, 140, 12.5},
            {4, FOLD_ITEM_HEADER, b, -1, 152.5, 28},
            {5, FOLD_ITEM_ROW, b, 0, 180.5, 44},
        };
        check_items(t, items);
    }
    CHECK_STATUS(fold_table_footer_position(t, a, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 3);
    CHECK_STATUS(fold_table_footer_position(t, b, &pos), FOLD_E_NOT_FOUND);
    CHECK_EQ_DBL(row_height_of(t, a, 1), 50);

    /* A row with its own height keeps it when the section default changes. */
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 20), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, 60), FOLD_OK);
    CHECK_EQ_DBL(row_height_of(t, a, 0), 60);
    CHECK_EQ_DBL(row_height_of(t, a, 1), 20);

    /* Zero heights: a header of height 0 is still an item; footer 0 = none. */
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_HEADER, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_FOOTER, 0), FOLD_OK);
    check_heights(t, b, 0, 0, 44);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 5);
    check_item(t, 3, FOLD_ITEM_HEADER, b, -1, 120, 0);
    check_item(t, 4, FOLD_ITEM_ROW, b, 0, 120, 44);
    CHECK_STATUS(fold_table_footer_position(t, a, &pos), FOLD_E_NOT_FOUND);

    /* FOLD_HEIGHT_DEFAULT goes back to the table's defaults. */
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_FOOTER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_HEADER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    check_heights(t, a, 28, 0, 44);
    check_heights(t, b, 28, 0, 44);
    CHECK_EQ_DBL(row_height_of(t, a, 0), 44);
    CHECK_EQ_DBL(row_height_of(t, a, 1), 20);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, 28 + 44 + 20 + 28 + 44);

    /* The largest height is accepted. */
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_HEADER, FOLD_MAX_HEIGHT), FOLD_OK);
    check_heights(t, b, FOLD_MAX_HEIGHT, 0, 44);
    fold_table_free(t);
}

void test_table_defaults(void)
{
    fold_table_options o;
    fold_table *t;
    int64_t n = -1, pos = -1;

    o = options_with_heights(20, 30, 5, 7, 3);
    t = must_table(&o);

    fold_section_id a = add(t, FOLD_ROOT, "a", "A", 2);
    fold_section_id b = add(t, FOLD_ROOT, "b", "B", 0);
    check_heights(t, a, 30, 5, 20);
    check_heights(t, b, 30, 5, 20);
    /* a h, a0, a1, a footer, b h, b footer (a section without rows keeps its footer);
     * padding + items + padding */
    check_content(t, 6, 7 + 110 + 3);
    {
        const item_case items[] = {
            {0, FOLD_ITEM_HEADER, a, -1, 7, 30},
            {1, FOLD_ITEM_ROW, a, 0, 37, 20},
            {2, FOLD_ITEM_ROW, a, 1, 57, 20},
            {3, FOLD_ITEM_FOOTER, a, -1, 77, 5},
            {4, FOLD_ITEM_HEADER, b, -1, 82, 30},
            {5, FOLD_ITEM_FOOTER, b, -1, 112, 5},
        };
        check_items(t, items);
    }
    CHECK_STATUS(fold_table_footer_position(t, b, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 5);

    /* Per-section override, then back to the table's value. */
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_FOOTER, 0), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 5);
    CHECK_STATUS(fold_table_footer_position(t, b, &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_set_section_height(t, b, FOLD_HEIGHT_FOOTER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    check_heights(t, b, 30, 5, 20);
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 6);
    fold_table_free(t);
}

/* Insert flags: reported back in section_info.flags; FOLD_SECTION_NO_HEADER
 * has no header item (its header height reads 0 and is ignored); unknown
 * flags are invalid. */
