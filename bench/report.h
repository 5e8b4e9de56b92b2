/*
 * report.h — foldbench's report (report.c), read from the results that
 * measure() and add_memory() keep (harness.h).
 */
#ifndef FOLDBENCH_REPORT_H
#define FOLDBENCH_REPORT_H

#include "harness.h"

/* The CPU model and core count, and the latency of a dependent load within
 * 1, 4 and 64 MiB: call both before print_intro(). */
void read_machine(void);
void read_latencies(void);

/* The lines before the measurements: library, machine, baselines, sizes
 * (`gtk` 0: the GtkTreeListModel baseline is skipped). */
void print_intro(int gtk);

/* After the measurements: per-op tables with ratios, memory per row, growth
 * (more than one N) and the targets at the largest N. */
void print_summary(void);

/* Every figure as JSON at `path`. */
void write_json(const char *path);

#endif /* FOLDBENCH_REPORT_H */
