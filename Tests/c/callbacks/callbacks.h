/*
 * callbacks.h — the parts of test_callbacks.c (one file for each numbered
 * part of its description) and what they share.
 */
#ifndef FOLD_TEST_CALLBACKS_H
#define FOLD_TEST_CALLBACKS_H

#include "fixture.h"

/* Counting providers and listeners count into a fixture `hook` (user_data). */
extern int calls_after_free;

fold_table *two_sections(void);
void test_section_listener_removed_in_round(void);
void test_change_listener_removed_in_round(void);
void test_row_listener_removed_in_round(void);
void test_listener_removes_itself(void);
void test_listener_added_in_round(void);
void test_provider_replaces_itself(void);
void test_provider_removes_itself(void);
void test_header_provider_replaces_itself(void);
void test_free_in_section_listener(int32_t event);
void test_free_in_change_listener(void);
void test_free_in_provider(void);
void test_free_two_tables_deep(void);
void test_two_tables_two_threads(void);
void test_callbacks_get_id_and_key(void);
void test_expanded_provider_measuring(void);
void test_expanded_provider_on_activation(void);
void test_expanded_provider_replaces_itself(void);
void test_expanded_provider_removes_itself(void);
void test_free_in_expanded_provider(void);
void test_expanded_provider_measured_alone(void);
void test_expanded_answer_kept_when_refused(void);

#endif /* FOLD_TEST_CALLBACKS_H */
