/*
 * The flat list and its geometry (foldtable.h: "The flat list", "Geometry"):
 * item_count, item_at, header/row/footer positions, item_height, item_top,
 * item_at_offset, content_height and visible_items, on hand-computed tables
 * (the worked example of the design brief among them), sections without a
 * header item, and activating items (fold_table_activate).
 *
 * Expected items name their section by its top-level index; the checks
 * turn it into the section's id (fold_table_child_at) and compare ids.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "flatlist/flatlist.h"
#include "foldtable.h"

int main(void)
{
    test_worked_example();
    test_worked_example_offsets();
    test_worked_example_viewports();
    test_padding_and_footers();
    test_zero_heights();
    test_empty_table();
    test_fractional_heights();
    test_no_header();
    test_activate_refused();
    return check_done();
}
