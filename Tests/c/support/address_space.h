/*
 * address_space.h — what the C tests that bound a child's address space
 * with setrlimit(RLIMIT_AS) share (test_saved_state_memory.c,
 * test_memory_bound.c):
 *
 *   UNDER_SANITIZER   defined under the address, thread and memory
 *                     sanitizers, whose shadow memory fits no useful
 *                     RLIMIT_AS (those tests skip their bound)
 *   vm_size()         the virtual memory in use, in bytes (VmSize), or a
 *                     negative number when /proc cannot be read
 *   check_in_child(child, what)
 *                     runs `child` (which bounds itself and ends with
 *                     _exit(0) when all went well) in a forked process and
 *                     checks that it exited with 0, not by a signal (three
 *                     checks); under a sanitizer it prints that `what` is
 *                     skipped and does nothing
 *
 * The including file defines _GNU_SOURCE (or _POSIX_C_SOURCE) first: fork
 * and waitpid are POSIX, not C99.
 */
#ifndef FOLD_TEST_ADDRESS_SPACE_H
#define FOLD_TEST_ADDRESS_SPACE_H

#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define UNDER_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define UNDER_SANITIZER 1
#endif
#endif

static inline long long vm_size(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long long kb = -1;
    while (f != NULL && fgets(line, sizeof line, f)) {
        if (sscanf(line, "VmSize: %lld kB", &kb) == 1) break;
    }
    if (f != NULL) fclose(f);
    return kb * 1024;
}

static inline void check_in_child(void (*child)(void), const char *what)
{
#ifdef UNDER_SANITIZER
    printf("%s: skipped under a sanitizer (its shadow memory does not fit RLIMIT_AS)\n", what);
    (void)child;
    return;
#else
    fflush(NULL);
    pid_t pid = fork();
    if (!CHECK(pid >= 0)) return;
    if (pid == 0) {
        child();
        _exit(0);
    }
    int status = 0;
    CHECK(waitpid(pid, &status, 0) == pid);
    if (WIFSIGNALED(status)) fprintf(stderr, "%s: the child died of signal %d under the bound\n", what, WTERMSIG(status));
    CHECK(WIFEXITED(status));
    CHECK_EQ_I64(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0);
#endif
}

#endif /* FOLD_TEST_ADDRESS_SPACE_H */
