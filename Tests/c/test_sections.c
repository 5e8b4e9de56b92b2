/*
 * Sections (foldtable.h: "Finding sections", "Changing sections"): insert
 * (at an index, at FOLD_INDEX_END, with flags), remove, move, key <-> id and
 * child index <-> id lookups, ids that survive moves and go stale on
 * removal, FOLD_ROOT where a section is required, header text split into
 * Title|Detail and copied into caller buffers (fold_table_section_text, cut
 * at a UTF-8 boundary), per-section heights, the structure version.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sections/sections.h"
#include "foldtable.h"

int main(void)
{
    test_append_and_lookup();
    test_insert_positions();
    test_remove();
    test_ids_of_other_tables();
    test_move();
    test_header_text();
    test_heights();
    test_table_defaults();
    test_insert_flags();
    test_structure_version();
    return check_done();
}
