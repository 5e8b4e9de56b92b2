/*
 * Lazily loaded children (foldtable.h: "Lazily loaded children"): an
 * unloaded section expands into a placeholder and a START call; the load
 * finishes (at once from the loader, or later, from another thread), fails
 * and is retried, or is cancelled by a collapse, a removal or freeing the
 * table; late and stale tickets are refused and change nothing.
 */
#include "check.h"
#include "loading/loading.h"

int main(void)
{
    test_unloaded_section();
    test_expand_starts_load();
    test_finish_inside_loader();
    test_finish_later();
    test_fail_and_retry();
    test_collapse_cancels();
    test_remove_cancels();
    test_free_cancels();
    test_free_during_load_calls();
    test_hostile_loaders();
    test_bulk_and_refusal();
    test_not_allowed();
    test_loading_bad_input();
    test_loading_saved_state();
    test_loading_snapshot();
    test_loading_threads();
    test_reload();
    return check_done();
}
