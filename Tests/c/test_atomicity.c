/*
 * A failed call changes nothing; a call that changes nothing reports nothing;
 * error messages are in words (foldtable.h: "Change events and listeners",
 * fold_table_reveal_row, fold_table_collapse_all, the row setters).
 *
 * - reveal_row(expand_ancestors) whose "will expand" is refused for an inner
 *   section: FOLD_E_NOT_VISIBLE, no section expanded, no change set.
 * - set_section_header_height inside a listener: FOLD_E_BUSY, and the header
 *   stays unmeasured (the header height provider is still asked for it).
 * - Multi-section and accordion operations: every "will" before any change,
 *   every "did" after all of them; a refusal changes nothing.
 * - Setters given what is already there send no change set.
 * - Error messages from the C ABI never show Swift range syntax; exact
 *   wording for a few; stale ids, another table's id and FOLD_ROOT where a
 *   section is required.
 * - Sections that are not collapsible (FOLD_SECTION_FIXED, _NO_HEADER):
 *   collapse and toggle are FOLD_E_NOT_ALLOWED, change nothing and send no
 *   event; set_collapsible on a collapsed section likewise.
 * - fold_table_activate tells a refusal (FOLD_ACTIVATED_REFUSED) apart from
 *   nothing to do.
 * - 0.2: an empty section stores its collapsed state (events, a redraw);
 *   a header is redrawn when its row count changes, also while collapsed.
 * Runs under ASan (scripts/sanitize address -R c-atomicity).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "atomicity/atomicity.h"

int main(void)
{
    reveal_row_refused();
    header_height_busy();
    collapse_all_order();
    accordion_order();
    no_op_setters();
    empty_and_collapsed_sections();
    not_collapsible_refused();
    activate_refused();
    messages_in_words();
    return check_done();
}
