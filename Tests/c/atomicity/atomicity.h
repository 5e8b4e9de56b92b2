/*
 * atomicity.h — the parts of test_atomicity.c and the event log they share.
 */
#ifndef FOLD_TEST_ATOMICITY_H
#define FOLD_TEST_ATOMICITY_H

#include "fixture.h"

typedef struct log {
    char text[1024];       /* "will-expand:A did-expand:A ..." */
    int change_sets;       /* change listener calls */
    int64_t last_redraw;   /* redraw ranges of the last change set */
    int64_t last_changes;  /* changes of the last change set */
    const char *refuse;    /* a section key whose "will" events are refused */
    int64_t refuse_row;    /* with refuse_key: a row whose "will" events are refused */
    const char *refuse_key;
    int busy_status;       /* what a mutation tried inside a listener returned */
    int try_header_height; /* set the header height of "a" to 40 inside the listener */
} log;

extern char messages[64][256];

fold_table *new_logged_table(log *l);
void reset(log *l);
int64_t items(fold_table *t);
int collapsed(fold_table *t, const char *key);
int row_expanded(fold_table *t, fold_section_id s, int64_t row);
void reveal_row_refused(void);
void header_height_busy(void);
void collapse_all_order(void);
void accordion_order(void);
void no_op_setters(void);
void empty_and_collapsed_sections(void);
void not_collapsible_refused(void);
void activate_refused(void);
void messages_in_words(void);

fold_section_id add_expandable_rows(fold_table *t);

#endif /* FOLD_TEST_ATOMICITY_H */
