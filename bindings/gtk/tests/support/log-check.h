/*
 * log-check.h — the event logs of the GTK tests that record signals as text
 * (test-filter, test-selection, test-loading): a GString the handlers
 * append to, checked and emptied in one step by CHECK_LOG (one check).
 * Header-only: those tests link no support code.
 */
#ifndef FOLD_GTK_TEST_LOG_CHECK_H
#define FOLD_GTK_TEST_LOG_CHECK_H

#include <glib.h>

#include "check.h"

/* The log's text (freed by the caller), leaving the log empty. */
static inline char *
test_log_take(GString *log)
{
    char *text = g_strdup(log->str);
    g_string_truncate(log, 0);
    return text;
}

/* CHECK_STR on what `log` holds since it was last emptied; then empties it. */
#define CHECK_LOG(log, expected) CHECK_STR_TAKE(test_log_take(log), expected)

#endif
