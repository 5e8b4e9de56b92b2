/*
 * Selection (foldtable.h: "Selection"): selecting rows, sections and items
 * with each `how`, the anchor and the range rule (collapsed sections, nested
 * sections, footers skipped), select_positions, select_all, clear, the
 * modes, counts, the selection list, FOLD_ITEM_FLAG_SELECTED, the change
 * sets (exact redraws), the selection kept through collapse, inserts,
 * removals and moves, saved state, FOLD_E_BUSY inside a listener, and bad
 * input per function with no change after a failure.
 */
#include "check.h"
#include "selection/selection.h"

int main(void)
{
    test_basics();
    test_range_rule();
    test_nested();
    test_hidden_only();
    test_modes();
    test_kept();
    test_snapshot_and_load();
    test_busy();
    test_saved_state();
    test_bad_input();
    test_long_runs();
    test_pending_marks();
    test_section_counts_current();
    return check_done();
}
