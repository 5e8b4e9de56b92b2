/*
 * collapse/support.c — the sample table, the flag and indicator checks, and listeners
 * that record what they heard.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collapse.h"

/* The stored state of top-level section `index` / of the section `key`. */
int collapsed_at(const fold_table *t, int64_t index) { return is_collapsed(t, top(t, index)); }
int collapsed_key(const fold_table *t, const char *key) { return is_collapsed(t, sec(t, key)); }

double content_height(const fold_table *t)
{
    double h = -1;
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    return h;
}

void check_indicator_(const char *file, int line, const fold_table *t, fold_section_id id, const char *expected)
{
    long failed_before = check_failed_so_far();
    CHECK_STR(text(t, id, FOLD_TEXT_INDICATOR), expected);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_indicator called from %s:%d)\n", file, line);
    }
}

void check_cut_indicator_(const char *file, int line, const fold_table *t, fold_section_id id,
                          size_t size, const char *expected, int64_t length)
{
    char buffer[16];
    size_t got = 0;
    long failed_before = check_failed_so_far();
    memset(buffer, 'z', sizeof buffer);
    buffer[sizeof buffer - 1] = '\0';
    CHECK_STATUS(fold_table_section_text(t, id, FOLD_TEXT_INDICATOR, buffer, size, &got), FOLD_OK);
    CHECK_STR(buffer, expected);
    CHECK_EQ_I64(got, length);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_cut_indicator called from %s:%d)\n", file, line);
    }
}

void check_flags_(const char *file, int line, const fold_table *t, int64_t position, int kind,
                  fold_section_id section, uint32_t flags)
{
    fold_item item;
    long failed_before = check_failed_so_far();
    if (CHECK_STATUS(fold_table_item_at(t, position, &item), FOLD_OK)) {
        CHECK_EQ_I64(item.kind, kind);
        CHECK_EQ_I64(item.section, section);
        CHECK_EQ_I64(item.flags, flags);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_flags(position %lld) called from %s:%d)\n",
                (long long)position, file, line);
    }
}

static void on_change(fold_table *t, const fold_change_set *set, void *user_data)
{
    heard *h = user_data;
    (void)t;
    h->sets++;
    COPY_CHANGE_SET(h, set);
}

static int on_section(fold_table *t, fold_section_id section, const char *key, int32_t event,
                      void *user_data)
{
    heard *h = user_data;
    (void)t;
    if (h->events < 8) {
        h->event[h->events] = event;
        h->event_section[h->events] = section;
        snprintf(h->event_key[h->events], sizeof h->event_key[0], "%s", key ? key : "(null)");
    }
    h->events++;
    return !(h->refuse && (event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND));
}

void listen(fold_table *t, heard *h)
{
    memset(h, 0, sizeof *h);
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, h, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_section_listener(t, on_section, h, NULL), FOLD_OK);
}
