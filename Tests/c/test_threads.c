/*
 * Threads (foldtable.h: "Thread safety: a fold_table serializes its own
 * calls ... Different tables are independent." and the thread-local
 * fold_last_error_message()).
 *
 * 1. Four threads hammer one table with toggles in pairs, collapse/expand,
 *    queries, and row inserts followed by removes that cancel out; afterwards
 *    the table must equal what a model says (row counts, item count, every
 *    item, content height).
 * 2. Four threads each build and check their own table.
 * 3. The last-error message is per thread.
 * 4. Section texts read by several threads while another changes the
 *    headers, toggles the section (its indicator) and removes and re-adds
 *    a section: every text read is one whole text that was there (copied
 *    under the lock, never torn), cut at a UTF-8 boundary in a small buffer.
 * 5. Ids of sections another thread removed are FOLD_E_NOT_FOUND: while
 *    it removes them (racing readers get the text or FOLD_E_NOT_FOUND,
 *    nothing else) and after (every call with such an id).
 *
 * Worker threads never call the CHECK macros (the counters are not
 * synchronized); they count their own errors, which main() checks.
 * scripts/sanitize thread runs this under ThreadSanitizer.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threads/threads.h"

int main(void)
{
    test_shared_table();
    test_own_tables();
    test_texts_while_changing();
    test_id_removed_by_another_thread();
    return check_done();
}
