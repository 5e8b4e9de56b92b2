/*
 * Collapsing (foldtable.h: "Collapsing"): collapse/expand/toggle by section
 * id (found by child index or by key) with changed flags, empty sections
 * (their state is stored), state kept across changes to other sections and
 * moves, collapse_all/expand_all, section_states, indicators, the collapsed
 * and collapsible flags of headers and footers, sections that are not
 * collapsible (FOLD_SECTION_FIXED, FOLD_SECTION_NO_HEADER,
 * fold_table_set_collapsible) and sections inserted collapsed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "collapse/collapse.h"
#include "foldtable.h"

int main(void)
{
    test_by_index();
    test_by_key();
    test_empty_section();
    test_empty_section_events();
    test_state_survives();
    test_all();
    test_section_states();
    test_indicators();
    test_flags();
    test_fixed();
    test_insert_collapsed();
    return check_done();
}
