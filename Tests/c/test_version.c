/*
 * Version, status names, memory no-ops, table options (foldtable.h:
 * "Version, errors, memory" and "Tables").
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"
#include "foldtable.h"

static void test_version(void)
{
    char expected[64];
    CHECK_EQ_I64(FOLD_VERSION_NUMBER,
                 FOLD_VERSION_MAJOR * 1000000 + FOLD_VERSION_MINOR * 1000 + FOLD_VERSION_PATCH);
    CHECK_EQ_I64(fold_version_number(), FOLD_VERSION_NUMBER);
    CHECK(fold_version_string() != NULL);
    CHECK_STR(fold_version_string(), FOLD_VERSION_STRING);
    /* The string macro agrees with the three number macros. */
    sprintf(expected, "%d.%d.%d", FOLD_VERSION_MAJOR, FOLD_VERSION_MINOR, FOLD_VERSION_PATCH);
    CHECK_STR(FOLD_VERSION_STRING, expected);
    /* Static: the same pointer every time. */
    CHECK(fold_version_string() == fold_version_string());
    /* ABI 0.5 (selection and filtering): header and library are 0.5.0. */
    CHECK_EQ_I64(FOLD_VERSION_MAJOR, 0);
    CHECK_EQ_I64(FOLD_VERSION_MINOR, 5);
    CHECK_EQ_I64(FOLD_VERSION_PATCH, 0);
    CHECK_EQ_I64(FOLD_VERSION_NUMBER, 5000);
    CHECK_EQ_I64(fold_version_number(), 5000);
    CHECK_STR(FOLD_VERSION_STRING, "0.5.0");
    CHECK_STR(fold_version_string(), "0.5.0");
}

static void test_status_names(void)
{
    static const int unknown[] = {1, -9, -98, -100, 2147483647, -2147483647 - 1};
    size_t i;
    check_status_names();
    CHECK_EQ_I64(FOLD_E_NOT_ALLOWED, -7);
    for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK_STR(fold_status_name(unknown[i]), "unknown status");
    }
}

static void test_last_error_initially_empty(void)
{
    /* Nothing has failed on this thread yet. */
    const char *message = fold_last_error_message();
    CHECK(message != NULL);
    CHECK_STR(message, "");
}

static void test_free_null(void)
{
    fold_free(NULL);
    fold_table_free(NULL);
    CHECK(1); /* reached: both are no-ops */
}

static void check_default_options(const fold_table_options *o)
{
    CHECK_EQ_I64(o->size, sizeof(fold_table_options));
    CHECK_EQ_I64(o->start_collapsed, 0);
    CHECK_EQ_DBL(o->row_height, 44.0);
    CHECK_EQ_DBL(o->header_height, 28.0);
    CHECK_EQ_DBL(o->footer_height, 0.0);
    CHECK_EQ_DBL(o->padding_top, 0.0);
    CHECK_EQ_DBL(o->padding_bottom, 0.0);
    CHECK_EQ_I64(o->accordion, FOLD_ACCORDION_MULTIPLE);
    CHECK_EQ_I64(o->sticky_levels, 0);
}

static void test_options(void)
{
    fold_table_options o;
    fold_table_options got;
    fold_table *t = NULL;
    int64_t n = -1;
    double h = -1;

    memset(&o, 0xAB, sizeof o);
    fold_table_options_init(&o);
    check_default_options(&o);
    fold_table_options_init(NULL); /* no-op */

    /* NULL options: the defaults. */
    if (CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK)) {
        CHECK(t != NULL);
        memset(&got, 0xCD, sizeof got);
        got.size = (uint32_t)sizeof got;
        CHECK_STATUS(fold_table_get_options(t, &got), FOLD_OK);
        check_default_options(&got);
        CHECK_STATUS(fold_table_child_count(t, FOLD_ROOT, &n), FOLD_OK);
        CHECK_EQ_I64(n, 0);
        CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
        CHECK_EQ_I64(n, 0);
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 0.0);
        fold_table_free(t);
        t = NULL;
    }

    /* Initialized options: the same defaults. */
    if (CHECK_STATUS(fold_table_new(&o, &t), FOLD_OK)) {
        memset(&got, 0xCD, sizeof got);
        got.size = (uint32_t)sizeof got;
        CHECK_STATUS(fold_table_get_options(t, &got), FOLD_OK);
        check_default_options(&got);
        fold_table_free(t);
        t = NULL;
    }

    /* Custom options are copied and given back. */
    fold_table_options_init(&o);
    o.start_collapsed = 1;
    o.row_height = 30.5;
    o.header_height = 0.0;
    o.footer_height = 12.25;
    o.padding_top = 8.0;
    o.padding_bottom = FOLD_MAX_HEIGHT;
    if (CHECK_STATUS(fold_table_new(&o, &t), FOLD_OK)) {
        o.row_height = 99.0; /* copied: changing it afterwards has no effect */
        memset(&got, 0, sizeof got);
        got.size = (uint32_t)sizeof got;
        CHECK_STATUS(fold_table_get_options(t, &got), FOLD_OK);
        CHECK_EQ_I64(got.size, sizeof(fold_table_options));
        CHECK(got.start_collapsed != 0);
        CHECK_EQ_DBL(got.row_height, 30.5);
        CHECK_EQ_DBL(got.header_height, 0.0);
        CHECK_EQ_DBL(got.footer_height, 12.25);
        CHECK_EQ_DBL(got.padding_top, 8.0);
        CHECK_EQ_DBL(got.padding_bottom, FOLD_MAX_HEIGHT);
        /* An empty table's content is its padding. */
        CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
        CHECK_EQ_DBL(h, 8.0 + FOLD_MAX_HEIGHT);
        fold_table_free(t);
        t = NULL;
    }

    /* The new fields are copied and given back; set_accordion and
     * set_sticky_levels show in get_options. */
    fold_table_options_init(&o);
    o.accordion = FOLD_ACCORDION_PER_SECTION;
    o.sticky_levels = 3;
    if (CHECK_STATUS(fold_table_new(&o, &t), FOLD_OK)) {
        fold_table_options_init(&got);
        CHECK_STATUS(fold_table_get_options(t, &got), FOLD_OK);
        CHECK_EQ_I64(got.accordion, FOLD_ACCORDION_PER_SECTION);
        CHECK_EQ_I64(got.sticky_levels, 3);
        CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_SINGLE), FOLD_OK);
        CHECK_STATUS(fold_table_set_sticky_levels(t, 0), FOLD_OK);
        fold_table_options_init(&got);
        CHECK_STATUS(fold_table_get_options(t, &got), FOLD_OK);
        CHECK_EQ_I64(got.accordion, FOLD_ACCORDION_SINGLE);
        CHECK_EQ_I64(got.sticky_levels, 0);
        CHECK_EQ_DBL(got.row_height, 44.0);
        fold_table_free(t);
        t = NULL;
    }

    /* A caller whose struct stops after padding_bottom (the first layout):
     * accepted, the later fields get their defaults, and get_options writes
     * only that many bytes and says so in size. */
    {
        size_t old_size = offsetof(fold_table_options, padding_bottom) + sizeof(double);
        fold_table_options_init(&o);
        o.size = (uint32_t)old_size;
        o.row_height = 21.0;
        o.accordion = 77;     /* beyond size: must not be read */
        o.sticky_levels = -5; /* beyond size: must not be read */
        if (CHECK_STATUS(fold_table_new(&o, &t), FOLD_OK)) {
            memset(&got, 0xEE, sizeof got);
            got.size = (uint32_t)old_size;
            CHECK_STATUS(fold_table_get_options(t, &got), FOLD_OK);
            CHECK_EQ_I64(got.size, old_size);
            CHECK_EQ_DBL(got.row_height, 21.0);
            CHECK_EQ_DBL(got.padding_bottom, 0.0);
            CHECK_EQ_I64((uint32_t)got.accordion, 0xEEEEEEEEu); /* not written */
            CHECK_EQ_I64((uint32_t)got.sticky_levels, 0xEEEEEEEEu);
            fold_table_options_init(&got);
            CHECK_STATUS(fold_table_get_options(t, &got), FOLD_OK);
            CHECK_EQ_I64(got.size, sizeof got);
            CHECK_EQ_I64(got.accordion, FOLD_ACCORDION_MULTIPLE);
            CHECK_EQ_I64(got.sticky_levels, 0);
            fold_table_free(t);
            t = NULL;
        }
    }

    /* A larger size (a caller built against a later header) is accepted. */
    fold_table_options_init(&o);
    o.size = (uint32_t)sizeof(fold_table_options) + 16;
    o.row_height = 10.0;
    if (CHECK_STATUS(fold_table_new(&o, &t), FOLD_OK)) {
        /* get_options into a larger struct: only the library's size is
         * written, and size says so. */
        struct {
            fold_table_options options;
            unsigned char later[16];
        } big;
        memset(&big, 0xAB, sizeof big);
        big.options.size = (uint32_t)sizeof big;
        CHECK_STATUS(fold_table_get_options(t, &big.options), FOLD_OK);
        CHECK_EQ_I64(big.options.size, sizeof(fold_table_options));
        CHECK_EQ_DBL(big.options.row_height, 10.0);
        CHECK_EQ_I64(big.later[0], 0xAB);
        CHECK_EQ_I64(big.later[15], 0xAB);
        fold_table_free(t);
        t = NULL;
    }
}

int main(void)
{
    test_last_error_initially_empty();
    test_version();
    test_status_names();
    test_free_null();
    test_options();
    return check_done();
}
