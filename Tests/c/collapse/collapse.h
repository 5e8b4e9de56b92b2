/*
 * collapse.h — the parts of test_collapse.c and the helpers they share.
 */
#ifndef FOLD_TEST_COLLAPSE_H
#define FOLD_TEST_COLLAPSE_H

#include "fixture.h"

#define EN_DASH "\xE2\x80\x93"
#define COLLAPSED_ FOLD_ITEM_FLAG_COLLAPSED
#define COLLAPSIBLE_ FOLD_ITEM_FLAG_COLLAPSIBLE

#define check_indicator(t, id, e) check_indicator_(__FILE__, __LINE__, (t), (id), (e))
#define check_cut_indicator(t, id, size, e, length) \
    check_cut_indicator_(__FILE__, __LINE__, (t), (id), (size), (e), (length))

#define check_flags(t, p, k, s, f) check_flags_(__FILE__, __LINE__, (t), (p), (k), (s), (f))

/* What the listeners heard: change sets (the last one's details) and
 * section events (ids, keys, events in order). */
typedef struct heard {
    int sets;
    int64_t change_count;
    fold_change changes[4];
    int64_t redraw_count;
    fold_range redraw[4];
    double delta;
    int events;
    int32_t event[8];
    fold_section_id event_section[8];
    char event_key[8][16];
    int refuse; /* refuse every "will" event */
} heard;

int collapsed_at(const fold_table *t, int64_t index);
int collapsed_key(const fold_table *t, const char *key);
double content_height(const fold_table *t);
void check_indicator_(const char *file, int line, const fold_table *t, fold_section_id id, const char *expected);
/* The indicator read into a buffer of `size` bytes (at most 15): the
 * characters that fit whole, and the full length in bytes. */
void check_cut_indicator_(const char *file, int line, const fold_table *t, fold_section_id id,
                          size_t size, const char *expected, int64_t length);
void check_flags_(const char *file, int line, const fold_table *t, int64_t position, int kind,
                  fold_section_id section, uint32_t flags);
void listen(fold_table *t, heard *h);
void test_by_index(void);
void test_by_key(void);
void test_empty_section(void);
void test_empty_section_events(void);
void test_state_survives(void);
void test_all(void);
void test_section_states(void);
void test_indicators(void);
void test_flags(void);
void test_fixed(void);
void test_insert_collapsed(void);

#endif /* FOLD_TEST_COLLAPSE_H */
