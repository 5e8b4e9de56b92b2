/* Uses the installed library through FoldTable::foldtable: the header is
 * found through the target's include directory and the library agrees with
 * it on the version. Prints what check-find-package.sh compares. */
#include <foldtable.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    fold_table *t;
    fold_section_id a = FOLD_ROOT;
    int64_t count = 0;
    if (fold_table_new(NULL, &t) != FOLD_OK) return 1;
    if (fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 3, 0, &a) != FOLD_OK) return 2;
    if (fold_table_collapse(t, a, NULL) != FOLD_OK) return 3;
    if (fold_table_item_count(t, &count) != FOLD_OK) return 4;
    fold_table_free(t);
    if (strcmp(fold_version_string(), FOLD_VERSION_STRING) != 0) return 5;
    printf("foldtable %s, items %lld\n", fold_version_string(), (long long)count);
    return 0;
}
