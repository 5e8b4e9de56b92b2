/*
 * scrolling/follow_end_options.c — the follow_end option: its field in
 * fold_table_options (default, copied, reported, an older caller's smaller
 * struct), fold_table_set_follow_end, and bad values for both.
 */
#include <stddef.h>
#include <string.h>

#include "scrolling.h"


static int32_t follow_of(const fold_table *t)
{
    fold_table_options o;
    fold_table_options_init(&o);
    if (!CHECK_STATUS(fold_table_get_options(t, &o), FOLD_OK)) return -1;
    return o.follow_end;
}

static int message_names(const char *word)
{
    return strstr(fold_last_error_message(), word) != NULL;
}

void test_follow_end_options(void)
{
    fold_table_options o, got;
    fold_table *t;

    fold_table_options_init(&o);
    CHECK_EQ_I64(o.follow_end, 0);
    CHECK_EQ_I64(o.size, sizeof o);

    /* Off by default; given, reported; the setter changes what is reported. */
    t = must_table(NULL);
    CHECK_EQ_I64(follow_of(t), 0);
    fold_table_free(t);
    o.follow_end = 1;
    t = must_table(&o);
    CHECK_EQ_I64(follow_of(t), 1);
    CHECK_STATUS(fold_table_set_follow_end(t, 0), FOLD_OK);
    CHECK_EQ_I64(follow_of(t), 0);
    CHECK_STATUS(fold_table_set_follow_end(t, 1), FOLD_OK);
    CHECK_EQ_I64(follow_of(t), 1);
    CHECK_STATUS(fold_table_set_follow_end(t, 1), FOLD_OK); /* the same again */
    CHECK_EQ_I64(follow_of(t), 1);
    fold_table_free(t);

    /* A caller built against 0.2.0, whose struct ends after sticky_levels:
     * follow_end beyond its size is not read (default 0) and get_options
     * does not write it. */
    {
        size_t old_size = offsetof(fold_table_options, sticky_levels) + sizeof(int32_t);
        fold_table_options_init(&o);
        o.size = (uint32_t)old_size;
        o.sticky_levels = 2;
        o.follow_end = 7; /* beyond size: must not be read */
        t = must_table(&o);
        memset(&got, 0xEE, sizeof got);
        got.size = (uint32_t)old_size;
        CHECK_STATUS(fold_table_get_options(t, &got), FOLD_OK);
        CHECK_EQ_I64(got.size, old_size);
        CHECK_EQ_I64(got.sticky_levels, 2);
        CHECK_EQ_I64((uint32_t)got.follow_end, 0xEEEEEEEEu); /* not written */
        CHECK_EQ_I64(follow_of(t), 0);
        fold_table_free(t);
    }

    /* The first layout (up to padding_bottom) still works; follow_end is 0. */
    fold_table_options_init(&o);
    o.size = (uint32_t)(offsetof(fold_table_options, padding_bottom) + sizeof(double));
    o.follow_end = 1;
    t = must_table(&o);
    CHECK_EQ_I64(follow_of(t), 0);
    fold_table_free(t);
}

void test_follow_end_bad_input(void)
{
    fold_table_options o;
    fold_table *t = NULL;
    static const int32_t bad[] = {2, -1, 99, INT32_MIN, INT32_MAX};
    size_t i;

    /* fold_table_new refuses follow_end other than 0 or 1 and writes nothing. */
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fold_table_options_init(&o);
        o.follow_end = bad[i];
        t = NULL;
        CHECK_STATUS(fold_table_new(&o, &t), FOLD_E_INVALID);
        CHECK(t == NULL);
        CHECK(message_names("follow_end"));
    }
    /* A size short of the first layout. */
    fold_table_options_init(&o);
    o.size = 8;
    o.follow_end = 1;
    CHECK_STATUS(fold_table_new(&o, &t), FOLD_E_INVALID);
    CHECK(t == NULL);

    /* The setter: NULL table, values other than 0 or 1; nothing changes. */
    CHECK_STATUS(fold_table_set_follow_end(NULL, 1), FOLD_E_INVALID);
    t = log_table(10, 1, NULL);
    CHECK_STATUS(fold_table_set_viewport(t, 130, 100), FOLD_OK);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_STATUS(fold_table_set_follow_end(t, bad[i]), FOLD_E_INVALID);
        CHECK(message_names("follow"));
        CHECK_EQ_I64(follow_of(t), 1);
    }
    CHECK_EQ_DBL(viewport_offset(t), 130);
    /* Still following: the failures changed nothing. */
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "log"), FOLD_INDEX_END, 1, NULL), FOLD_OK);
    CHECK_EQ_DBL(viewport_offset(t), 150);
    /* A failed mutation at the end moves nothing either. */
    CHECK_STATUS(fold_table_insert_rows(t, sec(t, "log"), 99, 1, NULL), FOLD_E_RANGE);
    CHECK_EQ_DBL(viewport_offset(t), 150);
    fold_table_free(t);
}
