/*
 * check.h — a tiny test harness for the C tests of foldtable.h.
 *
 * No dependencies beyond the C standard library and foldtable.h (for the
 * status names and the last-error message printed on a failed CHECK_STATUS).
 *
 *   CHECK(cond)                  cond is true
 *   CHECK_EQ_I64(a, b)           (int64_t)a == (int64_t)b
 *   CHECK_EQ_DBL(a, b)           (double)a == (double)b, exactly
 *   CHECK_STR(a, b)              both non-NULL and strcmp(a, b) == 0
 *   CHECK_STATUS(call, expected) call returns the status `expected`
 *
 * Every macro evaluates its arguments once, counts one check, and on failure
 * prints file:line, the expression, expected vs got (and, for CHECK_STATUS,
 * both status names and fold_last_error_message()). Each macro also yields
 * 1 if the check passed and 0 if not, so a test can stop early:
 *   if (!CHECK_STATUS(fold_table_new(NULL, &t), FOLD_OK)) return check_done();
 *
 * main() ends with `return check_done();`, which prints exactly one final
 * line "N passed, N failed" and returns 1 if any check failed, else 0.
 *
 * Counters are not synchronized: call the macros from one thread only.
 * At most CHECK_MAX_REPORTS failures are printed; later ones are only counted.
 */
#ifndef FOLD_TEST_CHECK_H
#define FOLD_TEST_CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foldtable.h"

#ifndef CHECK_MAX_REPORTS
#define CHECK_MAX_REPORTS 200
#endif

/* A program of one file keeps its counters here; a program of several files
 * (CMake defines CHECK_SHARED_COUNTERS for all of them) shares the ones
 * defined in support/check_counters.c. */
#ifdef CHECK_SHARED_COUNTERS
extern long check_passed_count_;
extern long check_failed_count_;
#else
static long check_passed_count_ = 0;
static long check_failed_count_ = 0;
#endif

/* Counts one check; returns 1 if the failure should be printed. */
static inline int check_record_(int ok)
{
    if (ok) {
        check_passed_count_++;
        return 0;
    }
    check_failed_count_++;
    return check_failed_count_ <= CHECK_MAX_REPORTS;
}

static inline long check_failed_so_far(void) { return check_failed_count_; }

static inline int check_cond_(int ok, const char *file, int line, const char *expr)
{
    if (check_record_(ok)) {
        fprintf(stderr, "%s:%d: CHECK(%s) failed\n", file, line, expr);
    }
    return ok;
}

static inline int check_i64_(int64_t a, int64_t b, const char *file, int line, const char *ea,
                             const char *eb)
{
    int ok = a == b;
    if (check_record_(ok)) {
        fprintf(stderr, "%s:%d: CHECK_EQ_I64(%s, %s) failed: expected %" PRId64 ", got %" PRId64
                        "\n",
                file, line, ea, eb, b, a);
    }
    return ok;
}

static inline int check_dbl_(double a, double b, const char *file, int line, const char *ea,
                             const char *eb)
{
    int ok = a == b;
    if (check_record_(ok)) {
        fprintf(stderr, "%s:%d: CHECK_EQ_DBL(%s, %s) failed: expected %.17g, got %.17g\n", file,
                line, ea, eb, b, a);
    }
    return ok;
}

static inline int check_str_(const char *a, const char *b, const char *file, int line,
                             const char *ea, const char *eb)
{
    int ok = a != NULL && b != NULL && strcmp(a, b) == 0;
    if (check_record_(ok)) {
        fprintf(stderr, "%s:%d: CHECK_STR(%s, %s) failed: expected %s%s%s, got %s%s%s\n", file,
                line, ea, eb, b ? "\"" : "", b ? b : "NULL", b ? "\"" : "", a ? "\"" : "",
                a ? a : "NULL", a ? "\"" : "");
    }
    return ok;
}

static inline int check_status_(int got, int expected, const char *file, int line,
                                const char *expr)
{
    int ok = got == expected;
    if (check_record_(ok)) {
        /* Read the message before calling anything else in the library. */
        const char *message = fold_last_error_message();
        fprintf(stderr, "%s:%d: CHECK_STATUS(%s) failed: expected %d (%s), got %d", file, line,
                expr, expected, fold_status_name(expected), got);
        fprintf(stderr, " (%s); last error: \"%s\"\n", fold_status_name(got),
                message ? message : "(NULL)");
    }
    return ok;
}

/* Prints the final line and returns the exit status for main(). */
static inline int check_done(void)
{
    fflush(stdout);
    printf("%ld passed, %ld failed\n", check_passed_count_, check_failed_count_);
    fflush(stdout);
    return check_failed_count_ == 0 ? 0 : 1;
}

#define CHECK(cond) check_cond_((cond) ? 1 : 0, __FILE__, __LINE__, #cond)
#define CHECK_EQ_I64(a, b) check_i64_((int64_t)(a), (int64_t)(b), __FILE__, __LINE__, #a, #b)
#define CHECK_EQ_DBL(a, b) check_dbl_((double)(a), (double)(b), __FILE__, __LINE__, #a, #b)
#define CHECK_STR(a, b) check_str_((a), (b), __FILE__, __LINE__, #a, #b)
/* CHECK_STR on a string the check owns: it is freed after (free(); GLib's
 * g_free is free() since GLib 2.46, so GLib strings qualify). */
#define CHECK_STR_TAKE(a, b)                                                 \
    do {                                                                     \
        char *taken_ = (a);                                                  \
        check_str_(taken_, (b), __FILE__, __LINE__, #a, #b);                 \
        free(taken_);                                                        \
    } while (0)
#define CHECK_STATUS(call, expected) \
    check_status_((call), (expected), __FILE__, __LINE__, #call)

#endif /* FOLD_TEST_CHECK_H */
