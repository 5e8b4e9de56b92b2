/*
 * Saved-state import under a memory bound: a 30 MB state is imported in a
 * child process whose address space (RLIMIT_AS) allows what it already
 * uses plus twice the input and 64 MiB; the import must return FOLD_OK
 * (the reader needs about 16 bytes per entry and reads the text in place;
 * the old one built a JSON tree of 5 to 10 times the input and the process
 * died in "Fatal error: failed to allocate"). A death by signal fails the
 * test. Also: a text longer than FOLD_MAX_STATE_BYTES is FOLD_E_INVALID with
 * a clear message, without the library reading past the limit (the text is
 * one 1 MiB page mapped over and over, so the test needs no 1 GiB of RAM).
 *
 * The memory bound is skipped under the address, thread and memory
 * sanitizers, whose shadow memory does not fit any useful RLIMIT_AS.
 */
#define _GNU_SOURCE /* memfd_create, MAP_ANONYMOUS */

#include "fixture.h"
#include "support/address_space.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>


/* The state: every section's collapsed flag (every other one collapsed)
 * and row 0 of each expanded, as fold_table_export_state writes them, for
 * `entries` sections. */
static char *saved_state(long long entries, size_t *out_length)
{
    size_t capacity = (size_t)entries * 80 + 128, n = 0;
    char *s = malloc(capacity);
    if (s == NULL) return NULL;
    n += (size_t)sprintf(s + n, "{\n  \"version\": 1,\n  \"collapsed\": {\n");
    for (long long i = 0; i < entries; i++) {
        n += (size_t)sprintf(s + n, "%s    \"s%08lld\": %s", i ? ",\n" : "", i, i % 2 ? "true" : "false");
    }
    n += (size_t)sprintf(s + n, "\n  },\n  \"expanded\": [");
    for (long long i = 0; i < entries; i++) {
        n += (size_t)sprintf(s + n, "%s{\"section\": \"s%08lld\", \"row\": 0}", i ? ", " : "", i);
    }
    n += (size_t)sprintf(s + n, "],\n  \"anchor\": null\n}\n");
    *out_length = n;
    return s;
}

/* In the child: exit 0 if the import returned FOLD_OK with the expected
 * report, 2 for another status, 3 for a wrong report, 4 if the setup failed. */
static void child_import(void)
{
    long long entries = 30000000 / 63; /* about 30 MB */
    long long known = entries / 10;
    fold_table *t = NULL;
    if (fold_table_new(NULL, &t) != FOLD_OK) _exit(4);
    char key[32];
    for (long long i = 0; i < known; i++) {
        fold_section_id id = 0;
        snprintf(key, sizeof key, "s%08lld", i);
        if (fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, NULL, 2, 0, &id) != FOLD_OK)
            _exit(4);
        if (fold_table_set_row_expanded_height(t, id, 0, 100) != FOLD_OK) _exit(4);
    }
    size_t length = 0;
    char *text = saved_state(entries, &length);
    if (text == NULL) _exit(4);
    long long allowed = vm_size() + 2 * (long long)length + (64LL << 20);
    struct rlimit limit = {(rlim_t)allowed, (rlim_t)allowed};
    if (setrlimit(RLIMIT_AS, &limit) != 0) _exit(4);
    fold_import_report r;
    int status = fold_table_import_state(t, text, &r);
    if (status != FOLD_OK) {
        fprintf(stderr, "import under the bound: %s: %s\n", fold_status_name(status), fold_last_error_message());
        _exit(2);
    }
    if (r.sections != known || r.unknown_sections != entries - known || r.rows != known ||
        r.unknown_rows != entries - known) {
        _exit(3);
    }
    _exit(0);
}

static void test_over_the_limit_is_refused(void)
{
    /* FOLD_MAX_STATE_BYTES + 1 MiB of '{', then a NUL: a 1 MiB memfd of '{'
     * mapped at every MiB, and one more page of '{' ending in NUL. */
    const size_t mib = (size_t)1 << 20;
    size_t total = (size_t)FOLD_MAX_STATE_BYTES + 2 * mib;
    char *base = mmap(NULL, total, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (!CHECK(base != MAP_FAILED)) return;
    int fd = memfd_create("fold-state", 0);
    if (!CHECK(fd >= 0) || !CHECK(ftruncate(fd, (off_t)mib) == 0)) return;
    char *page = mmap(NULL, mib, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (!CHECK(page != MAP_FAILED)) return;
    memset(page, '{', mib);
    for (size_t at = 0; at + mib < total; at += mib) {
        if (!CHECK(mmap(base + at, mib, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED)) return;
    }
    char *last = mmap(base + total - mib, mib, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (!CHECK(last != MAP_FAILED)) return;
    memset(last, '{', mib - 1);
    last[mib - 1] = '\0';

    fold_table *t = new_table(NULL);
    fold_section_id mac = add(t, FOLD_ROOT, "Mac", NULL, 3);
    fold_import_report r;
    CHECK_STATUS(fold_table_import_state(t, base, &r), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(),
              "saved state: the text is longer than 1073741824 bytes (FOLD_MAX_STATE_BYTES)");
    /* Exactly at the limit it is read (and refused for what it says). */
    char *at_limit = base + total - (size_t)FOLD_MAX_STATE_BYTES - 1;
    CHECK_STATUS(fold_table_import_state(t, at_limit, &r), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "saved state: at byte 1: expected '\"' (a member name) or '}' in an object");
    /* Refused, it changed nothing: the section is where and as it was. */
    CHECK_EQ_I64(section_count(t), 1);
    CHECK(top(t, 0) == mac);
    CHECK_EQ_I64(is_collapsed(t, mac), 0);
    CHECK_EQ_I64(item_count(t), 4);
    fold_table_free(t);
    munmap(base, total);
    munmap(page, mib);
    close(fd);
}

int main(void)
{
    check_in_child(child_import, "import within a memory bound");
    test_over_the_limit_is_refused();
    return check_done();
}
