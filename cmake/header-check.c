/*
 * Compiled by the header-c99 and header-cxx tests (CMakeLists.txt) as C99 and
 * as C++11 with -Wall -Wextra -Werror -pedantic, then linked against
 * libfoldtable: foldtable.h must stand on its own, compile without a warning
 * in both languages, and give C linkage to what it declares. The install test
 * (scripts/check-install.sh) builds and runs it against an installed copy.
 */
#include "foldtable.h"
#include "foldtable.h" /* the include guard holds */

int main(void)
{
    fold_table_options options;
    fold_table *table = NULL;
    int status;

    fold_table_options_init(&options);
    status = fold_table_new(&options, &table);
    fold_table_free(table);
    return status == FOLD_OK && fold_version_number() == FOLD_VERSION_NUMBER ? 0 : 1;
}
