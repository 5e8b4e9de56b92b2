/*
 * check_counters.c — the one pair of check counters (check.h) of a C test
 * program in several files; linked into such programs by CMakeLists.txt,
 * which also defines CHECK_SHARED_COUNTERS for every file of them.
 */
#include "check.h"

long check_passed_count_ = 0;
long check_failed_count_ = 0;
