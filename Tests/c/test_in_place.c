/*
 * Edits made in place allocate nothing. With nobody observing the table (no
 * change listener, viewport or focus), setting the height of rows that have
 * heights of their own, and collapsing and expanding a section, edit the
 * engine's tree where it is: no change set is built and no chunk of heights
 * is copied. A copy there (a reference held across the edit) doubles the
 * cost of the call and nothing else shows it, so this test counts the
 * library's calls to malloc and its kin while the calls run.
 *
 * The counting replaces malloc, calloc, realloc, posix_memalign,
 * aligned_alloc and memalign in this program (the library's references
 * bind to them) and forwards to glibc's __libc_* functions. Skipped under
 * the sanitizers, which replace malloc themselves, and for debug builds of
 * the library, whose checks allocate (FOLD_TEST_OPTIMIZED, set by CMake).
 */
#define _GNU_SOURCE

#include "fixture.h"
#include "support/address_space.h"

#include <errno.h>
#include <stdlib.h>

#if !defined(UNDER_SANITIZER) && defined(FOLD_TEST_OPTIMIZED) && defined(__GLIBC__)
#define COUNTING 1

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static volatile long allocations;

void *malloc(size_t n) { allocations++; return __libc_malloc(n); }
void *calloc(size_t n, size_t size) { allocations++; return __libc_calloc(n, size); }
void *realloc(void *p, size_t n) { allocations++; return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { allocations++; return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { allocations++; return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n)
{
    allocations++;
    void *p = __libc_memalign(a, n);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}
void free(void *p) { __libc_free(p); }
#endif

/* One section of `n` rows with heights of their own (20..80 pt). */
static fold_table *table_of(int64_t n, fold_section_id *out)
{
    fold_table *t = must_table(NULL);
    double *h = malloc((size_t)n * sizeof *h);
    CHECK(h != NULL);
    if (h == NULL) return t;
    for (int64_t i = 0; i < n; i++) h[i] = 20 + (double)((i * 7919) % 61);
    *out = add(t, FOLD_ROOT, "s", "S", 0);
    CHECK_STATUS(fold_table_insert_rows(t, *out, 0, n, h), FOLD_OK);
    free(h);
    return t;
}

static void test_row_heights_allocate_nothing(void)
{
    fold_section_id s = 0;
    fold_table *t = table_of(100000, &s);
    double before = 0, after = 0;
    CHECK_STATUS(fold_table_content_height(t, &before), FOLD_OK);
#ifdef COUNTING
    long start = allocations;
#endif
    int failed = 0;
    for (int64_t i = 0; i < 1000; i++) {
        /* Each row once, to 10 pt more than it was (its height: (r*7919)%61 + 20). */
        int64_t r = (i * 97) % 100000;
        if (fold_table_set_row_height(t, s, r, 30 + (double)((r * 7919) % 61)) != FOLD_OK) failed++;
    }
#ifdef COUNTING
    CHECK_EQ_I64(allocations - start, 0);
#else
    printf("not counting allocations (a sanitizer or a debug build)\n");
#endif
    CHECK_EQ_I64(failed, 0);
    CHECK_STATUS(fold_table_content_height(t, &after), FOLD_OK);
    CHECK_EQ_DBL(after, before + 10000);
    fold_table_free(t);
}

static void test_collapse_and_expand_allocate_nothing(void)
{
    fold_section_id s = 0;
    fold_table *t = table_of(100000, &s);
#ifdef COUNTING
    long start = allocations;
#endif
    int failed = 0, changed = 0;
    for (int i = 0; i < 1000; i++) {
        if (fold_table_collapse(t, s, &changed) != FOLD_OK || !changed) failed++;
        if (fold_table_expand(t, s, &changed) != FOLD_OK || !changed) failed++;
    }
#ifdef COUNTING
    CHECK_EQ_I64(allocations - start, 0);
#endif
    CHECK_EQ_I64(failed, 0);
    CHECK_EQ_I64(item_count(t), 100001);
    fold_table_free(t);
}

int main(void)
{
    test_row_heights_allocate_nothing();
    test_collapse_and_expand_allocate_nothing();
    return check_done();
}
