/*
 * The later parts of foldtable.h: nested sections (ids, keys, paths,
 * children, section_info, moves under any parent, remove_children, stale
 * ids of removed subtrees), expandable rows with accordion policies,
 * activation, and sticky headers. Hand-computed values, default options
 * (row 44, header 28).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nested/nested.h"
#include "foldtable.h"

int main(void)
{
    test_nesting();
    test_paths_edit();
    test_expandable();
    test_sticky();
    return check_done();
}
