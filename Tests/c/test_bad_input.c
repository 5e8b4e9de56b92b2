/*
 * Bad input (foldtable.h: "Conventions used by every function"): every
 * function with a NULL table, NULL required outputs (a NULL buffer with a
 * capacity), negative and huge indices and counts (FOLD_INDEX_END where no
 * insertion point is asked for), bad heights, invalid UTF-8, empty, unknown
 * and duplicate keys, unknown FOLD_TEXT_ / FOLD_HEIGHT_ / flag / accordion /
 * alignment constants, and bad section ids: a removed section's, a removed
 * subsection's, another table's, ids never handed out (FOLD_E_NOT_FOUND),
 * FOLD_ROOT where a section is required (FOLD_E_INVALID); and what a
 * section's flags refuse (FOLD_E_NOT_ALLOWED). Each failure must return the
 * documented status, set a non-empty message in a C user's words (naming
 * the id, key or value where checked), leave the outputs unwritten and the
 * table unchanged (compared with a full snapshot taken before). A text
 * buffer too small is not an error: the text is cut, the length reported.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bad_input/bad_input.h"

int main(void)
{
    init_bad_heights();
    test_messages_and_names();
    make_table();
    current = table;
    current_before = &before;
    test_new();
    test_null_table();
    test_null_outputs();
    test_bad_strings();
    test_bad_ids();
    test_ranges();
    test_unknown_constants();
    test_bad_heights();
    test_other_not_found();
    test_text_buffers();
    test_not_allowed();
    test_still_usable();
    fold_table_free(table);
    fold_table_free(other);
    return check_done();
}
