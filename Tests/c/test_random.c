/*
 * Randomized test: a few thousand random operations on small tables, each
 * followed by a comparison of every query in foldtable.h with a simple model
 * kept in this file (arrays and linear scans).
 *
 * The seed is fixed (SEED below) so a failure replays; a different seed can be
 * given as the first argument: ./test_random 12345. On the first failing
 * operation of a run the seed, run, operation number and operation are
 * printed, and the run stops (the model and the table have diverged).
 *
 * All heights are small multiples of 1/4, so every sum is exact in double
 * whatever order the engine adds in, and exact comparison is fair.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "foldtable.h"

#define SEED 0x5EEDF01DULL
#define RUNS 6
#define OPS_PER_RUN 700

/* ---- PRNG (splitmix64) ------------------------------------------------ */

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in 0..n-1 (n > 0); the tiny modulo bias does not matter here. */
static int64_t rng_below(int64_t n) { return (int64_t)(rng_next() % (uint64_t)n); }

static int rng_chance(int percent) { return rng_below(100) < percent; }

/* ---- the model -------------------------------------------------------- */

#define MAX_SECTIONS 9
#define MAX_ROWS 14
#define NO_VALUE (-1.0) /* "use the default", as FOLD_HEIGHT_DEFAULT */

typedef struct msection {
    char key[24];
    char header[24];
    int collapsed;
    double header_height; /* NO_VALUE: the table's */
    double footer_height;
    double row_height;
    int64_t rows;
    double row[MAX_ROWS]; /* NO_VALUE: the section's default */
} msection;

typedef struct model {
    fold_table_options options;
    int64_t n;
    msection s[MAX_SECTIONS];
    char collapsed_indicator[16];
    char expanded_indicator[16];
    int next_key;
} model;

typedef struct mitem {
    int kind;
    int64_t section;
    int64_t row;
    uint32_t flags;
    double top;
    double height;
} mitem;

static double eff_header(const model *m, const msection *s)
{
    return s->header_height == NO_VALUE ? m->options.header_height : s->header_height;
}
static double eff_footer(const model *m, const msection *s)
{
    return s->footer_height == NO_VALUE ? m->options.footer_height : s->footer_height;
}
static double eff_row_default(const model *m, const msection *s)
{
    return s->row_height == NO_VALUE ? m->options.row_height : s->row_height;
}
static double eff_row(const model *m, const msection *s, int64_t r)
{
    return s->row[r] == NO_VALUE ? eff_row_default(m, s) : s->row[r];
}

/* Builds the flat list; returns the number of items. */
static int64_t model_items(const model *m, mitem *out, double *content)
{
    int64_t i, r, n = 0;
    double y = m->options.padding_top;
    for (i = 0; i < m->n; i++) {
        const msection *s = &m->s[i];
        uint32_t flags = s->collapsed ? FOLD_ITEM_FLAG_COLLAPSED : 0;
        mitem h;
        h.kind = FOLD_ITEM_HEADER;
        h.section = i;
        h.row = -1;
        h.flags = flags;
        h.top = y;
        h.height = eff_header(m, s);
        y += h.height;
        out[n++] = h;
        if (!s->collapsed) {
            for (r = 0; r < s->rows; r++) {
                mitem x;
                x.kind = FOLD_ITEM_ROW;
                x.section = i;
                x.row = r;
                x.flags = 0;
                x.top = y;
                x.height = eff_row(m, s, r);
                y += x.height;
                out[n++] = x;
            }
        }
        if (eff_footer(m, s) > 0) {
            mitem f;
            f.kind = FOLD_ITEM_FOOTER;
            f.section = i;
            f.row = -1;
            f.flags = flags;
            f.top = y;
            f.height = eff_footer(m, s);
            y += f.height;
            out[n++] = f;
        }
    }
    *content = y + m->options.padding_bottom;
    return n;
}

/* ---- value pools (disjoint: an explicit row height never equals a default
 * row height, so "explicit" vs "default" cannot be confused) ------------- */

static const double row_defaults[] = {20, 50, 33.5};
static const double row_explicit[] = {0, 10, 12.5, 30.25, 100};
static const double header_pool[] = {0, 15, 40.75, 28};
static const double footer_pool[] = {0, 7.5, 12};
static const char *const header_texts[] = {"", "Title", "T|D", "A|B|C", "|x", "x|", "Caf\xC3\xA9|\xE2\x98\x95"};
static const char *const indicator_pairs[][2] = {
    {"+", "\xE2\x80\x93"}, {">", "v"}, {"", "open"}, {"\xE2\x96\xB6", "\xE2\x96\xBC"}};

#define POOL(a) (a[rng_below((int64_t)(sizeof(a) / sizeof(a[0])))])

/* ---- verification ----------------------------------------------------- */

static mitem items[MAX_SECTIONS * (MAX_ROWS + 2) + 4];

static void split_header(const char *text, char *title, char *detail, int *has_detail)
{
    const char *bar = strchr(text, '|');
    if (bar == NULL) {
        strcpy(title, text);
        detail[0] = '\0';
        *has_detail = 0;
    } else {
        memcpy(title, text, (size_t)(bar - text));
        title[bar - text] = '\0';
        strcpy(detail, bar + 1);
        *has_detail = 1;
    }
}

static void model_offset(const model *m, int64_t count, double y, int64_t *pos, int32_t *place)
{
    int64_t i;
    double end;
    if (count == 0) {
        *pos = -1;
        *place = y < m->options.padding_top ? FOLD_OFFSET_ABOVE : FOLD_OFFSET_BELOW;
        return;
    }
    end = items[count - 1].top + items[count - 1].height;
    if (y < items[0].top) {
        *pos = 0;
        *place = FOLD_OFFSET_ABOVE;
        return;
    }
    if (y >= end) {
        *pos = count - 1;
        *place = FOLD_OFFSET_BELOW;
        return;
    }
    for (i = 0; i < count; i++) {
        if (items[i].top <= y && y < items[i].top + items[i].height) {
            *pos = i;
            *place = FOLD_OFFSET_IN_ITEM;
            return;
        }
    }
    *pos = -2; /* unreachable */
    *place = -2;
}

static void check_offset(const fold_table *t, const model *m, int64_t count, double y)
{
    int64_t pos = -9, epos;
    int32_t place = -9, eplace;
    model_offset(m, count, y, &epos, &eplace);
    if (CHECK_STATUS(fold_table_item_at_offset(t, y, &pos, &place), FOLD_OK)) {
        int ok = CHECK_EQ_I64(pos, epos);
        ok &= CHECK_EQ_I64(place, eplace);
        if (!ok) {
            fprintf(stderr, "  (item_at_offset y = %.17g)\n", y);
        }
    }
}

static void check_viewport(const fold_table *t, int64_t count, double offset, double height,
                           int64_t overscan, int64_t capacity)
{
    fold_visible_item out[MAX_SECTIONS * (MAX_ROWS + 2) + 4];
    int64_t first = -1, last = -2, i, written = -9, total = -9, etotal;
    long failed_before = check_failed_so_far();
    for (i = 0; i < count; i++) {
        const mitem *x = &items[i];
        int in = (x->top < offset + height && x->top + x->height > offset) ||
                 (x->height == 0 && x->top >= offset && x->top < offset + height);
        if (in) {
            if (first < 0) {
                first = i;
            }
            last = i;
        }
    }
    if (!CHECK_STATUS(fold_table_visible_items(t, offset, height, overscan,
                                               capacity ? out : NULL, capacity, &written,
                                               &total),
                      FOLD_OK)) {
        return;
    }
    if (first < 0) {
        /* Nothing intersects; what overscan widens is then unspecified,
         * so only overscan 0 is compared. */
        if (overscan == 0) {
            CHECK_EQ_I64(total, 0);
            CHECK_EQ_I64(written, 0);
        } else {
            CHECK_EQ_I64(written, total < capacity ? total : capacity);
        }
    } else {
        first = first - overscan < 0 ? 0 : first - overscan;
        last = last + overscan > count - 1 ? count - 1 : last + overscan;
        etotal = last - first + 1;
        CHECK_EQ_I64(total, etotal);
        CHECK_EQ_I64(written, etotal < capacity ? etotal : capacity);
        for (i = 0; i < written && i < etotal; i++) {
            const mitem *x = &items[first + i];
            CHECK_EQ_I64(out[i].position, first + i);
            CHECK_EQ_I64(out[i].kind, x->kind);
            CHECK_EQ_I64(out[i].section, x->section);
            CHECK_EQ_I64(out[i].row, x->row);
            CHECK_EQ_I64(out[i].flags, x->flags);
            CHECK_EQ_DBL(out[i].top, x->top);
            CHECK_EQ_DBL(out[i].height, x->height);
        }
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (visible_items offset %.17g height %.17g overscan %lld capacity %lld)\n",
                offset, height, (long long)overscan, (long long)capacity);
    }
}

static void verify(const fold_table *t, const model *m)
{
    int64_t i, r, n = -1, count;
    double content, h = -1;
    fold_item it;

    count = model_items(m, items, &content);

    /* Sections. */
    CHECK_STATUS(fold_table_section_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, m->n);
    for (i = 0; i < m->n; i++) {
        const msection *s = &m->s[i];
        char *key = NULL, *title = NULL, *detail = NULL, *ind = NULL;
        char etitle[32], edetail[32];
        int has_detail, c = -1;
        double hh = -1, fh = -1, rh = -1;
        CHECK_STATUS(fold_table_section_key(t, i, &key), FOLD_OK);
        CHECK_STR(key, s->key);
        fold_free(key);
        CHECK_STATUS(fold_table_section_index(t, s->key, &n), FOLD_OK);
        CHECK_EQ_I64(n, i);
        split_header(s->header, etitle, edetail, &has_detail);
        CHECK_STATUS(fold_table_section_header(t, i, &title, &detail), FOLD_OK);
        CHECK_STR(title, etitle);
        if (has_detail) {
            CHECK_STR(detail, edetail);
        } else {
            CHECK(detail == NULL);
        }
        fold_free(title);
        fold_free(detail);
        CHECK_STATUS(fold_table_is_collapsed(t, i, &c), FOLD_OK);
        CHECK_EQ_I64(c, s->collapsed);
        CHECK_STATUS(fold_table_is_collapsed_key(t, s->key, &c), FOLD_OK);
        CHECK_EQ_I64(c, s->collapsed);
        CHECK_STATUS(fold_table_section_indicator(t, i, &ind), FOLD_OK);
        CHECK_STR(ind, s->rows == 0       ? ""
                       : s->collapsed     ? m->collapsed_indicator
                                          : m->expanded_indicator);
        fold_free(ind);
        CHECK_STATUS(fold_table_section_heights(t, i, &hh, &fh, &rh), FOLD_OK);
        CHECK_EQ_DBL(hh, eff_header(m, s));
        CHECK_EQ_DBL(fh, eff_footer(m, s));
        CHECK_EQ_DBL(rh, eff_row_default(m, s));
        CHECK_STATUS(fold_table_row_count(t, i, &n), FOLD_OK);
        CHECK_EQ_I64(n, s->rows);
        CHECK_STATUS(fold_table_visible_row_count(t, i, &n), FOLD_OK);
        CHECK_EQ_I64(n, s->collapsed ? 0 : s->rows);
        for (r = 0; r < s->rows; r++) {
            CHECK_STATUS(fold_table_row_height(t, i, r, &h), FOLD_OK);
            CHECK_EQ_DBL(h, eff_row(m, s, r));
            if (s->collapsed) {
                CHECK_STATUS(fold_table_row_position(t, i, r, &n), FOLD_E_NOT_VISIBLE);
            }
        }
        CHECK_STATUS(fold_table_row_height(t, i, s->rows, &h), FOLD_E_RANGE);
        if (eff_footer(m, s) <= 0) {
            CHECK_STATUS(fold_table_footer_position(t, i, &n), FOLD_E_NOT_FOUND);
        }
    }
    CHECK_STATUS(fold_table_section_count(t, &n), FOLD_OK);

    /* Section states. */
    {
        fold_section_state *st = NULL;
        int64_t sc = -1;
        if (CHECK_STATUS(fold_table_section_states(t, &st, &sc), FOLD_OK)) {
            CHECK_EQ_I64(sc, m->n);
            if (m->n == 0) {
                CHECK(st == NULL);
            }
            for (i = 0; i < sc && i < m->n && st != NULL; i++) {
                CHECK_STR(st[i].key, m->s[i].key);
                CHECK_EQ_I64(st[i].collapsed, m->s[i].collapsed);
            }
            fold_free(st);
        }
    }

    /* Flat list. */
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, count);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, content);
    for (i = 0; i < count; i++) {
        const mitem *x = &items[i];
        int64_t pos = -1;
        if (CHECK_STATUS(fold_table_item_at(t, i, &it), FOLD_OK)) {
            CHECK_EQ_I64(it.kind, x->kind);
            CHECK_EQ_I64(it.section, x->section);
            CHECK_EQ_I64(it.row, x->row);
            CHECK_EQ_I64(it.flags, x->flags);
            CHECK_EQ_I64(it.depth, 0);
        }
        CHECK_STATUS(fold_table_item_top(t, i, &h), FOLD_OK);
        CHECK_EQ_DBL(h, x->top);
        CHECK_STATUS(fold_table_item_height(t, i, &h), FOLD_OK);
        CHECK_EQ_DBL(h, x->height);
        if (x->kind == FOLD_ITEM_HEADER) {
            CHECK_STATUS(fold_table_header_position(t, x->section, &pos), FOLD_OK);
        } else if (x->kind == FOLD_ITEM_ROW) {
            CHECK_STATUS(fold_table_row_position(t, x->section, x->row, &pos), FOLD_OK);
        } else {
            CHECK_STATUS(fold_table_footer_position(t, x->section, &pos), FOLD_OK);
        }
        CHECK_EQ_I64(pos, i);
    }
    CHECK_STATUS(fold_table_item_at(t, count, &it), FOLD_E_RANGE);

    /* Offsets: every item's top and middle, just before each top, the
     * edges, and a few random values. */
    for (i = 0; i < count; i++) {
        check_offset(t, m, count, items[i].top);
        check_offset(t, m, count, items[i].top + items[i].height / 2);
        check_offset(t, m, count, items[i].top - 0.25);
    }
    check_offset(t, m, count, -1);
    check_offset(t, m, count, 0);
    check_offset(t, m, count, m->options.padding_top);
    check_offset(t, m, count, content - m->options.padding_bottom);
    check_offset(t, m, count, content);
    check_offset(t, m, count, content + 1000);
    for (i = 0; i < 4; i++) {
        check_offset(t, m, count, (double)rng_below((int64_t)(content * 4) + 8) / 4 - 1);
    }

    /* Viewports. */
    for (i = 0; i < 4; i++) {
        double off = (double)rng_below((int64_t)(content * 4) + 40) / 4 - 5;
        double hgt = (double)rng_below(800) / 4;
        check_viewport(t, count, off, hgt, rng_below(4), rng_below(count + 3));
    }
    if (count > 0) {
        /* A viewport starting exactly at an item's top. */
        int64_t k = rng_below(count);
        check_viewport(t, count, items[k].top, (double)rng_below(200), rng_below(3), count + 1);
    }
}

/* ---- operations ------------------------------------------------------- */

static char op_text[200];

static void new_key(model *m, char *out)
{
    sprintf(out, "s%d", m->next_key++);
}

static void op_insert_section(fold_table *t, model *m)
{
    int64_t index = rng_below(m->n + 1), rows = rng_below(5), k;
    const char *header = POOL(header_texts);
    char key[24];
    msection *s;
    if (m->n > 0 && rng_chance(8)) {
        strcpy(key, m->s[rng_below(m->n)].key);
        sprintf(op_text, "insert_section(%lld, \"%s\") duplicate", (long long)index, key);
        CHECK_STATUS(fold_table_insert_section(t, index, key, header, rows), FOLD_E_DUPLICATE);
        return;
    }
    if (m->n == MAX_SECTIONS) {
        sprintf(op_text, "insert_section(%lld) range", (long long)(m->n + 1));
        new_key(m, key);
        CHECK_STATUS(fold_table_insert_section(t, m->n + 1, key, header, rows), FOLD_E_RANGE);
        return;
    }
    new_key(m, key);
    sprintf(op_text, "insert_section(%lld, \"%s\", \"%s\", %lld)", (long long)index, key, header,
            (long long)rows);
    if (index == m->n && rng_chance(50)) {
        CHECK_STATUS(fold_table_append_section(t, key, header, rows), FOLD_OK);
    } else {
        CHECK_STATUS(fold_table_insert_section(t, index, key, header, rows), FOLD_OK);
    }
    for (k = m->n; k > index; k--) {
        m->s[k] = m->s[k - 1];
    }
    m->n++;
    s = &m->s[index];
    memset(s, 0, sizeof *s);
    strcpy(s->key, key);
    strcpy(s->header, header);
    s->collapsed = m->options.start_collapsed != 0;
    s->header_height = s->footer_height = s->row_height = NO_VALUE;
    s->rows = rows;
    for (k = 0; k < rows; k++) {
        s->row[k] = NO_VALUE;
    }
}

static void op_remove_section(fold_table *t, model *m)
{
    int64_t index, k;
    if (m->n == 0 || rng_chance(5)) {
        sprintf(op_text, "remove_section(%lld) range", (long long)m->n);
        CHECK_STATUS(fold_table_remove_section(t, m->n), FOLD_E_RANGE);
        return;
    }
    index = rng_below(m->n);
    sprintf(op_text, "remove_section(%lld)", (long long)index);
    CHECK_STATUS(fold_table_remove_section(t, index), FOLD_OK);
    for (k = index; k < m->n - 1; k++) {
        m->s[k] = m->s[k + 1];
    }
    m->n--;
}

static void op_move_section(fold_table *t, model *m)
{
    int64_t from, to, k;
    msection moving;
    if (m->n == 0) {
        sprintf(op_text, "move_section(0, 0) range");
        CHECK_STATUS(fold_table_move_section(t, 0, 0), FOLD_E_RANGE);
        return;
    }
    from = rng_below(m->n);
    to = rng_below(m->n);
    sprintf(op_text, "move_section(%lld, %lld)", (long long)from, (long long)to);
    CHECK_STATUS(fold_table_move_section(t, from, to), FOLD_OK);
    moving = m->s[from];
    for (k = from; k < m->n - 1; k++) {
        m->s[k] = m->s[k + 1];
    }
    for (k = m->n - 1; k > to; k--) {
        m->s[k] = m->s[k - 1];
    }
    m->s[to] = moving;
}

static void op_insert_rows(fold_table *t, model *m)
{
    int64_t si, row, count, k;
    double heights[MAX_ROWS];
    int with_heights = rng_chance(50);
    msection *s;
    if (m->n == 0) {
        sprintf(op_text, "insert_rows on no section");
        CHECK_STATUS(fold_table_insert_rows(t, 0, 0, 1, NULL), FOLD_E_RANGE);
        return;
    }
    si = rng_below(m->n);
    s = &m->s[si];
    row = rng_below(s->rows + 1);
    count = rng_below(MAX_ROWS - s->rows + 1);
    if (count > 4) {
        count = rng_below(5);
    }
    for (k = 0; k < count; k++) {
        /* FOLD_HEIGHT_DEFAULT (== NO_VALUE) is allowed in insert heights. */
        heights[k] = rng_chance(20) ? FOLD_HEIGHT_DEFAULT : POOL(row_explicit);
    }
    if (rng_chance(5)) {
        sprintf(op_text, "insert_rows(%lld, %lld) range", (long long)si, (long long)(s->rows + 1));
        CHECK_STATUS(fold_table_insert_rows(t, si, s->rows + 1, 1, NULL), FOLD_E_RANGE);
        return;
    }
    if (with_heights && count > 0 && rng_chance(10)) {
        heights[rng_below(count)] = -3; /* invalid: nothing may change */
        sprintf(op_text, "insert_rows(%lld, %lld, %lld) with a bad height", (long long)si,
                (long long)row, (long long)count);
        CHECK_STATUS(fold_table_insert_rows(t, si, row, count, heights), FOLD_E_INVALID);
        return;
    }
    sprintf(op_text, "insert_rows(%lld, %lld, %lld, %s)", (long long)si, (long long)row,
            (long long)count, with_heights ? "heights" : "NULL");
    CHECK_STATUS(fold_table_insert_rows(t, si, row, count, with_heights ? heights : NULL), FOLD_OK);
    for (k = s->rows - 1; k >= row; k--) {
        s->row[k + count] = s->row[k];
    }
    for (k = 0; k < count; k++) {
        s->row[row + k] = with_heights ? heights[k] : NO_VALUE;
    }
    s->rows += count;
}

static void op_remove_rows(fold_table *t, model *m)
{
    int64_t si, row, count, k;
    msection *s;
    if (m->n == 0) {
        return;
    }
    si = rng_below(m->n);
    s = &m->s[si];
    row = rng_below(s->rows + 1);
    count = rng_below(s->rows - row + 1);
    if (rng_chance(5)) {
        sprintf(op_text, "remove_rows(%lld, %lld, %lld) range", (long long)si, (long long)row,
                (long long)(s->rows - row + 1));
        CHECK_STATUS(fold_table_remove_rows(t, si, row, s->rows - row + 1), FOLD_E_RANGE);
        return;
    }
    sprintf(op_text, "remove_rows(%lld, %lld, %lld)", (long long)si, (long long)row,
            (long long)count);
    CHECK_STATUS(fold_table_remove_rows(t, si, row, count), FOLD_OK);
    for (k = row; k + count < s->rows; k++) {
        s->row[k] = s->row[k + count];
    }
    s->rows -= count;
}

static void op_set_row_heights(fold_table *t, model *m)
{
    int64_t si, row, count, k;
    double heights[MAX_ROWS];
    msection *s;
    if (m->n == 0) {
        return;
    }
    si = rng_below(m->n);
    s = &m->s[si];
    if (s->rows == 0) {
        return;
    }
    row = rng_below(s->rows);
    if (rng_chance(40)) {
        double h = rng_chance(30) ? FOLD_HEIGHT_DEFAULT : POOL(row_explicit);
        sprintf(op_text, "set_row_height(%lld, %lld, %g)", (long long)si, (long long)row, h);
        CHECK_STATUS(fold_table_set_row_height(t, si, row, h), FOLD_OK);
        s->row[row] = h == FOLD_HEIGHT_DEFAULT ? NO_VALUE : h;
        return;
    }
    count = 1 + rng_below(s->rows - row);
    for (k = 0; k < count; k++) {
        heights[k] = rng_chance(30) ? FOLD_HEIGHT_DEFAULT : POOL(row_explicit);
    }
    if (rng_chance(10)) {
        heights[rng_below(count)] = rng_chance(50) ? -0.25 : FOLD_MAX_HEIGHT * 2;
        sprintf(op_text, "set_row_heights(%lld, %lld, %lld) with a bad height", (long long)si,
                (long long)row, (long long)count);
        CHECK_STATUS(fold_table_set_row_heights(t, si, row, count, heights), FOLD_E_INVALID);
        return;
    }
    sprintf(op_text, "set_row_heights(%lld, %lld, %lld)", (long long)si, (long long)row,
            (long long)count);
    CHECK_STATUS(fold_table_set_row_heights(t, si, row, count, heights), FOLD_OK);
    for (k = 0; k < count; k++) {
        s->row[row + k] = heights[k] == FOLD_HEIGHT_DEFAULT ? NO_VALUE : heights[k];
    }
}

static void op_collapse(fold_table *t, model *m)
{
    int64_t si;
    int what = (int)rng_below(3), by_key = rng_chance(50), changed = -1, expected;
    msection *s;
    int status;
    static const char *const names[] = {"collapse", "expand", "toggle"};
    if (m->n == 0) {
        return;
    }
    si = rng_below(m->n);
    s = &m->s[si];
    sprintf(op_text, "%s%s(%lld \"%s\")", names[what], by_key ? "_key" : "", (long long)si,
            s->key);
    if (what == 0) {
        status = by_key ? fold_table_collapse_key(t, s->key, &changed)
                        : fold_table_collapse(t, si, &changed);
        expected = s->rows > 0 && !s->collapsed;
    } else if (what == 1) {
        status = by_key ? fold_table_expand_key(t, s->key, &changed)
                        : fold_table_expand(t, si, &changed);
        expected = s->rows > 0 && s->collapsed;
    } else {
        status = by_key ? fold_table_toggle_key(t, s->key, &changed)
                        : fold_table_toggle(t, si, &changed);
        expected = s->rows > 0;
    }
    CHECK_STATUS(status, FOLD_OK);
    CHECK_EQ_I64(changed, expected);
    if (expected) {
        s->collapsed = !s->collapsed;
    }
}

static void op_all(fold_table *t, model *m)
{
    int collapse = rng_chance(50);
    int64_t i, expected = 0, changed = -1;
    for (i = 0; i < m->n; i++) {
        msection *s = &m->s[i];
        if (s->rows > 0 && s->collapsed != collapse) {
            s->collapsed = collapse;
            expected++;
        }
    }
    sprintf(op_text, "%s_all", collapse ? "collapse" : "expand");
    CHECK_STATUS(collapse ? fold_table_collapse_all(t, &changed) : fold_table_expand_all(t, &changed),
                 FOLD_OK);
    CHECK_EQ_I64(changed, expected);
}

static void op_section_heights(fold_table *t, model *m)
{
    int64_t si;
    int which = (int)rng_below(3);
    double h;
    msection *s;
    if (m->n == 0) {
        return;
    }
    si = rng_below(m->n);
    s = &m->s[si];
    if (rng_chance(25)) {
        h = FOLD_HEIGHT_DEFAULT;
    } else if (which == 0) {
        h = POOL(header_pool);
    } else if (which == 1) {
        h = POOL(footer_pool);
    } else {
        h = POOL(row_defaults);
    }
    sprintf(op_text, "set_section_%s_height(%lld, %g)",
            which == 0 ? "header" : which == 1 ? "footer" : "row", (long long)si, h);
    if (which == 0) {
        CHECK_STATUS(fold_table_set_section_header_height(t, si, h), FOLD_OK);
        s->header_height = h == FOLD_HEIGHT_DEFAULT ? NO_VALUE : h;
    } else if (which == 1) {
        CHECK_STATUS(fold_table_set_section_footer_height(t, si, h), FOLD_OK);
        s->footer_height = h == FOLD_HEIGHT_DEFAULT ? NO_VALUE : h;
    } else {
        CHECK_STATUS(fold_table_set_section_row_height(t, si, h), FOLD_OK);
        s->row_height = h == FOLD_HEIGHT_DEFAULT ? NO_VALUE : h;
    }
}

static void op_text_change(fold_table *t, model *m)
{
    if (rng_chance(30)) {
        int k = (int)rng_below(4);
        sprintf(op_text, "set_indicators(%d)", k);
        CHECK_STATUS(fold_table_set_indicators(t, indicator_pairs[k][0], indicator_pairs[k][1]),
                     FOLD_OK);
        strcpy(m->collapsed_indicator, indicator_pairs[k][0]);
        strcpy(m->expanded_indicator, indicator_pairs[k][1]);
    } else if (m->n > 0) {
        int64_t si = rng_below(m->n);
        const char *header = POOL(header_texts);
        sprintf(op_text, "set_section_header(%lld, \"%s\")", (long long)si, header);
        CHECK_STATUS(fold_table_set_section_header(t, si, header), FOLD_OK);
        strcpy(m->s[si].header, header);
    }
}

static void op_unknown_key(fold_table *t, model *m)
{
    int c = -1;
    char key[24];
    sprintf(key, "s%d", m->next_key + 1000);
    sprintf(op_text, "toggle_key(\"%s\") unknown", key);
    CHECK_STATUS(fold_table_toggle_key(t, key, &c), FOLD_E_NOT_FOUND);
}

static void random_op(fold_table *t, model *m)
{
    int64_t k = rng_below(100);
    op_text[0] = '\0';
    if (k < 12) {
        op_insert_section(t, m);
    } else if (k < 20) {
        op_remove_section(t, m);
    } else if (k < 26) {
        op_move_section(t, m);
    } else if (k < 40) {
        op_insert_rows(t, m);
    } else if (k < 50) {
        op_remove_rows(t, m);
    } else if (k < 60) {
        op_set_row_heights(t, m);
    } else if (k < 80) {
        op_collapse(t, m);
    } else if (k < 84) {
        op_all(t, m);
    } else if (k < 93) {
        op_section_heights(t, m);
    } else if (k < 98) {
        op_text_change(t, m);
    } else {
        op_unknown_key(t, m);
    }
}

static void run(uint64_t seed, int run_index)
{
    model m;
    fold_table *t = NULL;
    int op;

    memset(&m, 0, sizeof m);
    fold_table_options_init(&m.options);
    switch (run_index % 3) {
    case 0:
        break;
    case 1:
        m.options.padding_top = 3.5;
        m.options.padding_bottom = 11.25;
        m.options.footer_height = 6;
        m.options.row_height = 25;
        break;
    default:
        m.options.start_collapsed = 1;
        m.options.header_height = 0;
        m.options.padding_top = 1;
        break;
    }
    strcpy(m.collapsed_indicator, "+");
    strcpy(m.expanded_indicator, "\xE2\x80\x93");
    if (!CHECK_STATUS(fold_table_new(&m.options, &t), FOLD_OK)) {
        return;
    }
    verify(t, &m);
    for (op = 0; op < OPS_PER_RUN; op++) {
        long failed_before = check_failed_so_far();
        random_op(t, &m);
        verify(t, &m);
        if (check_failed_so_far() != failed_before) {
            fprintf(stderr,
                    "FAILED: seed %llu (0x%llX), run %d, operation %d: %s\n"
                    "  replay with: test_random %llu\n",
                    (unsigned long long)seed, (unsigned long long)seed, run_index, op, op_text,
                    (unsigned long long)seed);
            break;
        }
    }
    fold_table_free(t);
}

int main(int argc, char **argv)
{
    uint64_t seed = SEED;
    int r;
    if (argc > 1) {
        seed = (uint64_t)strtoull(argv[1], NULL, 0);
    }
    rng_state = seed;
    printf("seed %llu, %d runs of %d operations\n", (unsigned long long)seed, RUNS, OPS_PER_RUN);
    for (r = 0; r < RUNS; r++) {
        run(seed, r);
    }
    return check_done();
}
