/*
 * Callback lifetime (foldtable.h: "Callbacks", "Thread safety"), run under
 * AddressSanitizer by scripts/sanitize:
 *
 * 1. A listener removed inside a callback is never called again, not even
 *    later in the same round; the remover frees its user_data at once (a
 *    call would be a heap-use-after-free). Section, change and row
 *    listeners; a listener that removes itself; a listener added during a
 *    round is first called in the next round.
 * 2. A height provider (row or header) that replaces or removes itself
 *    inside fold_table_measure is never called again; the rest of the
 *    viewport is asked of the new provider (or of nobody).
 * 3. fold_table_free inside the table's own section listener, change
 *    listener, height provider, and two tables deep: the outer call returns
 *    normally, no callback of the table runs after the free, and the table
 *    is freed when the outermost call returns (LeakSanitizer: not leaked).
 * 4. Two tables whose listeners call each other from two threads: each
 *    cross call returns FOLD_E_BUSY instead of deadlocking. A watchdog
 *    alarm fails the test if it hangs.
 * 5. Every listener and provider gets the section's id and its key (a
 *    nested section's, the row's); with that id the table can be read from
 *    inside the callback, and changing it is FOLD_E_BUSY.
 * 6. The expanded-height provider (FOLD_HEIGHT_EXPANDED): asked when rows
 *    are measured and when a row without a known expanded height is
 *    expanded, toggled or activated; its answer is kept until invalidated;
 *    replaced, removed or the table freed inside it, under the same rules as
 *    the other providers.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "callbacks/callbacks.h"

int main(void)
{
    test_section_listener_removed_in_round();
    test_change_listener_removed_in_round();
    test_row_listener_removed_in_round();
    test_listener_removes_itself();
    test_listener_added_in_round();
    test_provider_replaces_itself();
    test_provider_removes_itself();
    test_header_provider_replaces_itself();
    test_free_in_section_listener(FOLD_SECTION_WILL_COLLAPSE);
    test_free_in_section_listener(FOLD_SECTION_DID_COLLAPSE);
    test_free_in_change_listener();
    test_free_in_provider();
    test_free_two_tables_deep();
    test_two_tables_two_threads();
    test_callbacks_get_id_and_key();
    test_expanded_provider_measuring();
    test_expanded_provider_on_activation();
    test_expanded_provider_measured_alone();
    test_expanded_answer_kept_when_refused();
    test_expanded_provider_replaces_itself();
    test_expanded_provider_removes_itself();
    test_free_in_expanded_provider();
    CHECK_EQ_I64(calls_after_free, 0);
    return check_done();
}
