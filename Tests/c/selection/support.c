/* Helpers shared by the selection tests (see selection.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "selection/selection.h"

/* The redraw ranges a listener heard, as "position+count ..." (a static buffer). */
const char *redraw_string(const seen_changes *s)
{
    static char buffer[256];
    size_t used = 0;
    int64_t i;
    buffer[0] = 0;
    for (i = 0; i < s->redraw_count && i < COUNT(s->redraw) && used < sizeof buffer; i++) {
        used += (size_t)snprintf(buffer + used, sizeof buffer - used, "%s%" PRId64 "+%" PRId64, i ? " " : "",
                                 s->redraw[i].position, s->redraw[i].count);
    }
    return buffer;
}

uint32_t item_flags(const fold_table *t, int64_t position)
{
    fold_item item;
    if (!CHECK_STATUS(fold_table_item_at(t, position, &item), FOLD_OK)) return 0xFFFFFFFFu;
    return item.flags;
}

static int selected_at(const fold_table *t, int64_t position)
{
    return (item_flags(t, position) & FOLD_ITEM_FLAG_SELECTED) != 0;
}

/* Which of the first `n` items carry FOLD_ITEM_FLAG_SELECTED, as a string of
 * '0' and '1' (a static buffer). */
const char *flag_string(const fold_table *t, int64_t n)
{
    static char buffer[128];
    int64_t i;
    for (i = 0; i < n && i < 127; i++) buffer[i] = selected_at(t, i) ? '1' : '0';
    buffer[i] = 0;
    return buffer;
}

int64_t counted_rows(const fold_table *t, fold_section_id within)
{
    int64_t rows = -1, sections = -1;
    CHECK_STATUS(fold_table_selection_count(t, within, &rows, &sections), FOLD_OK);
    return rows;
}

int64_t counted_sections(const fold_table *t, fold_section_id within)
{
    int64_t rows = -1, sections = -1;
    CHECK_STATUS(fold_table_selection_count(t, within, &rows, &sections), FOLD_OK);
    return sections;
}

int row_selected(const fold_table *t, fold_section_id s, int64_t row)
{
    int v = -1;
    CHECK_STATUS(fold_table_is_row_selected(t, s, row, &v), FOLD_OK);
    return v;
}

int section_selected(const fold_table *t, fold_section_id s)
{
    int v = -1;
    CHECK_STATUS(fold_table_is_section_selected(t, s, &v), FOLD_OK);
    return v;
}

/* The selection as text: "key:row+count" per run, "key" for a section. */
const char *selection_string(const fold_table *t)
{
    static char buffer[512];
    fold_selected_run *runs = NULL;
    int64_t count = -1, i;
    size_t used = 0;
    buffer[0] = 0;
    if (!CHECK_STATUS(fold_table_selection(t, &runs, &count), FOLD_OK)) return buffer;
    for (i = 0; i < count; i++) {
        if (runs[i].row < 0) {
            used += (size_t)snprintf(buffer + used, sizeof buffer - used, "%s%s", i ? " " : "", runs[i].key);
        } else {
            used += (size_t)snprintf(buffer + used, sizeof buffer - used, "%s%s:%" PRId64 "+%" PRId64,
                                     i ? " " : "", runs[i].key, runs[i].row, runs[i].count);
        }
        if (used >= sizeof buffer) break;
    }
    if (count == 0) CHECK(runs == NULL);
    fold_free(runs);
    return buffer;
}

void check_anchor(const fold_table *t, fold_section_id section, int64_t row)
{
    fold_section_id s = 0;
    int64_t r = -9;
    CHECK_STATUS(fold_table_selection_anchor(t, &s, &r), FOLD_OK);
    CHECK_EQ_I64(s, section);
    CHECK_EQ_I64(r, row);
}

