/*
 * Rows (foldtable.h: "Rows"): insert with and without heights (at a child
 * index or FOLD_INDEX_END), remove, move (within a section and to another,
 * heights and expanded state with the row), set one height, set a run of
 * heights, row_info, row_count vs visible_row_count, float storage of row
 * heights, the FOLD_MAX_ROWS limit, rows addressed by a stale id or
 * FOLD_ROOT, and the expanded-height provider.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rows/rows.h"
#include "foldtable.h"
int main(void)
{
    test_insert_remove();
    test_set_heights();
    test_collapsed_rows();
    test_limits();
    test_move_rows();
    test_expanded_provider();
    return check_done();
}
