/* filter_select's parts: the cases, and the GTK side (filter_select_gtk.c,
 * or times of -1 without GTK). */
#ifndef FILTER_SELECT_H
#define FILTER_SELECT_H

#include <stdint.h>

enum { FS_APPLY, FS_CHANGE, FS_CLEAR, FS_RANGE_SELECT, FS_SELECT_ALL, FS_CLEAR_SELECTION, FS_CASES };

#define FS_RANGE 10000 /* items in the range selection */

double fs_now_ms(void);
double fs_median(double *v, int k);
/* Whether row `row` of section number `section` matches (about 1%). */
int fs_matches(int64_t section, int64_t row);

const char *fs_gtk_version(void);
/* The same cases with GTK's models (-1 for each without GTK); returns the
 * items shown while filtering (-1 without GTK). */
int64_t fs_run_gtk(int64_t n, int64_t per, int reps, double out[FS_CASES]);

#endif
