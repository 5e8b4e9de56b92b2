/*
 * Snapshots (foldtable.h: "Snapshots"): fold_table_apply_snapshot matches
 * sections by key, moves the fewest, grows and shrinks row runs at their
 * end, keeps collapsed state, row heights and expanded rows, and reports
 * it all as one change set; bad snapshots name the entry and change nothing.
 */
#include "check.h"
#include "snapshots/snapshots.h"

int main(void)
{
    test_snapshot_change_set();
    test_snapshot_across_parents();
    test_snapshot_heights_and_flags();
    test_snapshot_nothing_changed();
    test_snapshot_from_a_listener();
    test_snapshot_bad_input();
    test_snapshot_text_in_place();
    return check_done();
}
