/* What the Qt demos' --self-test modes share: CHECK(cond) returns 1 from
 * the self test, naming the condition and its line, when cond is false. */
#pragma once

#include <cstdio>

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "self-test failed: %s (line %d)\n", #cond, __LINE__);             \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)
