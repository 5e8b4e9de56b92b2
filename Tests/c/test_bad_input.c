/*
 * Bad input (foldtable.h: "Conventions used by every function"): every
 * function with a NULL table, NULL required outputs, negative and huge
 * indices and counts, bad heights, invalid UTF-8, empty, unknown and
 * duplicate keys. Each failure must return the documented status, set a
 * non-empty message, leave the outputs unwritten and the table unchanged
 * (compared with a full snapshot taken before).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "foldtable.h"

/* ---- values ----------------------------------------------------------- */

static double nan_value(void)
{
    volatile double zero = 0.0;
    return zero / zero;
}

static double inf_value(void)
{
    volatile double zero = 0.0;
    return 1.0 / zero;
}

#define NBAD_HEIGHTS 9
static double bad_heights[NBAD_HEIGHTS];
static const char *bad_height_names[NBAD_HEIGHTS] = {
    "NaN", "+inf", "-inf", "-0.5", "-1.0000001", "-2", "-1e300", "FOLD_MAX_HEIGHT + 1", "1e300",
};

static void init_bad_heights(void)
{
    bad_heights[0] = nan_value();
    bad_heights[1] = inf_value();
    bad_heights[2] = -inf_value();
    bad_heights[3] = -0.5;
    bad_heights[4] = -1.0000001;
    bad_heights[5] = -2.0;
    bad_heights[6] = -1e300;
    bad_heights[7] = FOLD_MAX_HEIGHT + 1.0;
    bad_heights[8] = 1e300;
}

#define NBAD_UTF8 8
static const char *const bad_utf8[NBAD_UTF8] = {
    "\xFF",                /* never valid */
    "abc\xC3",             /* truncated sequence */
    "\xC0\xAF",            /* overlong '/' */
    "\xE0\x80\xAF",        /* overlong, 3 bytes */
    "\xED\xA0\x80",        /* UTF-16 surrogate */
    "\xF4\x90\x80\x80",    /* above U+10FFFF */
    "a\200b",              /* lone continuation byte */
    "Mac\xFE",             /* a valid key followed by a bad byte */
};

#define NBAD_INDEX 4
static const int64_t bad_index_extra[NBAD_INDEX] = {-1, INT64_MIN, INT64_MAX, ((int64_t)1 << 62)};

/* ---- snapshot of everything a caller can observe ---------------------- */

#define MAXS 8
#define MAXI 64
#define MAXR 16

typedef struct snapshot {
    fold_table_options options;
    int64_t sections;
    int64_t items;
    double content;
    fold_item item[MAXI];
    double top[MAXI];
    double height[MAXI];
    char key[MAXS][32];
    char title[MAXS][64];
    char detail[MAXS][64];
    int has_detail[MAXS];
    char indicator[MAXS][16];
    int collapsed[MAXS];
    int64_t rows[MAXS];
    int64_t visible_rows[MAXS];
    double header_h[MAXS], footer_h[MAXS], row_h[MAXS];
    double row_height[MAXS][MAXR];
    int64_t state_count;
    char state_key[MAXS][32];
    int32_t state_collapsed[MAXS];
} snapshot;

static void copy_string(char *dst, size_t size, const char *src)
{
    if (src == NULL) {
        strcpy(dst, "(NULL)");
        return;
    }
    strncpy(dst, src, size - 1);
    dst[size - 1] = '\0';
}

/* Takes a snapshot; returns 0 if some query failed (then it is unusable). */
static int take_snapshot(const fold_table *t, snapshot *s)
{
    int64_t i, j;
    int ok = 1;
    fold_section_state *states = NULL;

    memset(s, 0, sizeof *s);
    fold_table_options_init(&s->options);
    ok &= fold_table_get_options(t, &s->options) == FOLD_OK;
    ok &= fold_table_section_count(t, &s->sections) == FOLD_OK;
    ok &= fold_table_item_count(t, &s->items) == FOLD_OK;
    ok &= fold_table_content_height(t, &s->content) == FOLD_OK;
    if (!ok || s->sections > MAXS || s->items > MAXI) {
        return 0;
    }
    for (i = 0; i < s->items; i++) {
        ok &= fold_table_item_at(t, i, &s->item[i]) == FOLD_OK;
        s->item[i].reserved = 0;
        ok &= fold_table_item_top(t, i, &s->top[i]) == FOLD_OK;
        ok &= fold_table_item_height(t, i, &s->height[i]) == FOLD_OK;
    }
    for (i = 0; i < s->sections; i++) {
        char *key = NULL, *title = NULL, *detail = NULL, *ind = NULL;
        ok &= fold_table_section_key(t, i, &key) == FOLD_OK;
        copy_string(s->key[i], sizeof s->key[i], key);
        fold_free(key);
        ok &= fold_table_section_header(t, i, &title, &detail) == FOLD_OK;
        copy_string(s->title[i], sizeof s->title[i], title);
        s->has_detail[i] = detail != NULL;
        copy_string(s->detail[i], sizeof s->detail[i], detail);
        fold_free(title);
        fold_free(detail);
        ok &= fold_table_section_indicator(t, i, &ind) == FOLD_OK;
        copy_string(s->indicator[i], sizeof s->indicator[i], ind);
        fold_free(ind);
        ok &= fold_table_is_collapsed(t, i, &s->collapsed[i]) == FOLD_OK;
        ok &= fold_table_row_count(t, i, &s->rows[i]) == FOLD_OK;
        ok &= fold_table_visible_row_count(t, i, &s->visible_rows[i]) == FOLD_OK;
        ok &= fold_table_section_heights(t, i, &s->header_h[i], &s->footer_h[i], &s->row_h[i]) ==
              FOLD_OK;
        if (s->rows[i] > MAXR) {
            return 0;
        }
        for (j = 0; j < s->rows[i]; j++) {
            ok &= fold_table_row_height(t, i, j, &s->row_height[i][j]) == FOLD_OK;
        }
    }
    ok &= fold_table_section_states(t, &states, &s->state_count) == FOLD_OK;
    if (ok && s->state_count <= MAXS) {
        for (i = 0; i < s->state_count; i++) {
            copy_string(s->state_key[i], sizeof s->state_key[i], states[i].key);
            s->state_collapsed[i] = states[i].collapsed;
        }
    }
    fold_free(states);
    return ok;
}

/* Returns a description of the first difference, or NULL if equal. */
static const char *snapshot_diff(const snapshot *a, const snapshot *b)
{
    static char why[256];
    int64_t i, j;
    if (memcmp(&a->options, &b->options, sizeof a->options) != 0) return "options";
    if (a->sections != b->sections) return "section count";
    if (a->items != b->items) return "item count";
    if (a->content != b->content) return "content height";
    for (i = 0; i < a->items; i++) {
        const fold_item *x = &a->item[i], *y = &b->item[i];
        if (x->kind != y->kind || x->depth != y->depth || x->section != y->section ||
            x->row != y->row || x->flags != y->flags) {
            sprintf(why, "item %lld", (long long)i);
            return why;
        }
        if (a->top[i] != b->top[i]) {
            sprintf(why, "top of item %lld", (long long)i);
            return why;
        }
        if (a->height[i] != b->height[i]) {
            sprintf(why, "height of item %lld", (long long)i);
            return why;
        }
    }
    for (i = 0; i < a->sections; i++) {
        sprintf(why, "section %lld: ", (long long)i);
        if (strcmp(a->key[i], b->key[i]) != 0) return strcat(why, "key");
        if (strcmp(a->title[i], b->title[i]) != 0) return strcat(why, "title");
        if (a->has_detail[i] != b->has_detail[i] || strcmp(a->detail[i], b->detail[i]) != 0)
            return strcat(why, "detail");
        if (strcmp(a->indicator[i], b->indicator[i]) != 0) return strcat(why, "indicator");
        if (a->collapsed[i] != b->collapsed[i]) return strcat(why, "collapsed");
        if (a->rows[i] != b->rows[i]) return strcat(why, "row count");
        if (a->visible_rows[i] != b->visible_rows[i]) return strcat(why, "visible row count");
        if (a->header_h[i] != b->header_h[i] || a->footer_h[i] != b->footer_h[i] ||
            a->row_h[i] != b->row_h[i])
            return strcat(why, "section heights");
        for (j = 0; j < a->rows[i]; j++) {
            if (a->row_height[i][j] != b->row_height[i][j]) {
                sprintf(why, "section %lld: height of row %lld", (long long)i, (long long)j);
                return why;
            }
        }
    }
    if (a->state_count != b->state_count) return "section_states count";
    for (i = 0; i < a->state_count; i++) {
        if (strcmp(a->state_key[i], b->state_key[i]) != 0 ||
            a->state_collapsed[i] != b->state_collapsed[i]) {
            sprintf(why, "section_states[%lld]", (long long)i);
            return why;
        }
    }
    return NULL;
}

/* ---- the table under test --------------------------------------------- */

static fold_table *table;
static snapshot before;
static int64_t nsections; /* sections of `table` */

/* Three sections: Mac (3 rows, one 50 high), iPad (2 rows, collapsed),
 * empty (no rows, footer 8), Watch (1 row, header 0). Custom indicators. */
static void make_table(void)
{
    fold_table_options o;
    fold_table_options_init(&o);
    o.padding_top = 4;
    o.padding_bottom = 6;
    if (fold_table_new(&o, &table) != FOLD_OK) {
        fprintf(stderr, "cannot create the table\n");
        exit(1);
    }
    CHECK_STATUS(fold_table_append_section(table, "Mac", "Mac|Laptops and desktops", 3), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(table, "iPad", "iPad", 2), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(table, "empty", NULL, 0), FOLD_OK);
    CHECK_STATUS(fold_table_append_section(table, "Watch", "Watch|", 1), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(table, 0, 1, 50), FOLD_OK);
    CHECK_STATUS(fold_table_collapse_key(table, "iPad", NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_footer_height(table, 2, 8), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_header_height(table, 3, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_indicators(table, ">", "v"), FOLD_OK);
    nsections = 4;
    if (!CHECK(take_snapshot(table, &before))) {
        fprintf(stderr, "cannot take a snapshot\n");
        exit(check_done());
    }
    /* Sanity of the snapshot itself: Mac h, 3 rows, iPad h, empty h, empty
     * footer, Watch h, Watch row. */
    CHECK_EQ_I64(before.items, 9);
    CHECK_EQ_DBL(before.content, 4 + 28 + 44 + 50 + 44 + 28 + 28 + 8 + 0 + 44 + 6);
}

/* Expects `got` to be the failure `expected`, with a message, and the table
 * unchanged. */
static void fails_(int line, const char *expr, int got, int expected)
{
    char message[512];
    const char *m = fold_last_error_message();
    snapshot after;
    const char *diff;
    long failed_before = check_failed_so_far();

    copy_string(message, sizeof message, m);
    if (!check_status_(got, expected, __FILE__, line, expr)) {
        return;
    }
    check_cond_(m != NULL && message[0] != '\0', __FILE__, line,
                "fold_last_error_message() is not empty after a failure");
    if (!check_cond_(take_snapshot(table, &after), __FILE__, line, "snapshot after the call")) {
        return;
    }
    diff = snapshot_diff(&before, &after);
    if (!check_cond_(diff == NULL, __FILE__, line, "the table is unchanged")) {
        fprintf(stderr, "  changed: %s, after %s\n", diff, expr);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  message was: \"%s\"\n", message);
    }
}
#define FAILS(call, expected) fails_(__LINE__, #call, (call), (expected))

/* For calls that fail without a table (NULL table, fold_table_new). */
static void fails_no_table_(int line, const char *expr, int got, int expected)
{
    const char *m = fold_last_error_message();
    int nonempty = m != NULL && m[0] != '\0';
    if (check_status_(got, expected, __FILE__, line, expr)) {
        check_cond_(nonempty, __FILE__, line, "fold_last_error_message() is not empty");
    }
}
#define FAILS_NO_TABLE(call, expected) fails_no_table_(__LINE__, #call, (call), (expected))

/* ---- tests ------------------------------------------------------------ */

static void test_messages_and_names(void)
{
    const char *m = fold_last_error_message();
    CHECK(m != NULL);
    CHECK_STR(m, "");
    fold_free(NULL);
    fold_table_free(NULL);
    CHECK_STR(fold_status_name(FOLD_OK), "FOLD_OK");
    CHECK_STR(fold_status_name(FOLD_E_INVALID), "FOLD_E_INVALID");
    CHECK_STR(fold_status_name(FOLD_E_RANGE), "FOLD_E_RANGE");
    CHECK_STR(fold_status_name(FOLD_E_NOT_FOUND), "FOLD_E_NOT_FOUND");
    CHECK_STR(fold_status_name(FOLD_E_DUPLICATE), "FOLD_E_DUPLICATE");
    CHECK_STR(fold_status_name(FOLD_E_NOT_VISIBLE), "FOLD_E_NOT_VISIBLE");
    CHECK_STR(fold_status_name(FOLD_E_BUSY), "FOLD_E_BUSY");
    CHECK_STR(fold_status_name(FOLD_E_INTERNAL), "FOLD_E_INTERNAL");
    CHECK_STR(fold_status_name(-8), "unknown status");
    CHECK_STR(fold_status_name(42), "unknown status");
}

static void test_new(void)
{
    fold_table_options o;
    fold_table *t = (fold_table *)&o; /* sentinel: must stay as it is */
    int f, b;

    FAILS_NO_TABLE(fold_table_new(NULL, NULL), FOLD_E_INVALID);
    fold_table_options_init(&o);
    FAILS_NO_TABLE(fold_table_new(&o, NULL), FOLD_E_INVALID);

    o.size = 0;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    CHECK(t == (fold_table *)&o);
    /* size must cover the fields up to padding_bottom. */
    o.size = (uint32_t)(offsetof(fold_table_options, padding_bottom) + sizeof(double) - 1);
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    o.size = 4;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    CHECK(t == (fold_table *)&o);

    /* accordion must be a FOLD_ACCORDION_* value, sticky_levels >= 0. */
    fold_table_options_init(&o);
    o.accordion = 3;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    o.accordion = -1;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    fold_table_options_init(&o);
    o.sticky_levels = -1;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    o.sticky_levels = INT32_MIN;
    FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
    CHECK(t == (fold_table *)&o);

    for (f = 0; f < 5; f++) {
        for (b = 0; b < NBAD_HEIGHTS; b++) {
            long failed_before = check_failed_so_far();
            fold_table_options_init(&o);
            switch (f) {
            case 0: o.row_height = bad_heights[b]; break;
            case 1: o.header_height = bad_heights[b]; break;
            case 2: o.footer_height = bad_heights[b]; break;
            case 3: o.padding_top = bad_heights[b]; break;
            default: o.padding_bottom = bad_heights[b]; break;
            }
            FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
            CHECK(t == (fold_table *)&o);
            if (check_failed_so_far() != failed_before) {
                fprintf(stderr, "  (option field %d = %s)\n", f, bad_height_names[b]);
            }
        }
        /* FOLD_HEIGHT_DEFAULT means nothing in the options: there is no
         * default to go back to. */
        fold_table_options_init(&o);
        switch (f) {
        case 0: o.row_height = FOLD_HEIGHT_DEFAULT; break;
        case 1: o.header_height = FOLD_HEIGHT_DEFAULT; break;
        case 2: o.footer_height = FOLD_HEIGHT_DEFAULT; break;
        case 3: o.padding_top = FOLD_HEIGHT_DEFAULT; break;
        default: o.padding_bottom = FOLD_HEIGHT_DEFAULT; break;
        }
        FAILS_NO_TABLE(fold_table_new(&o, &t), FOLD_E_INVALID);
        CHECK(t == (fold_table *)&o);
    }
}

static void test_null_table(void)
{
    fold_table_options o;
    int64_t n = 0;
    int c = 0;
    int32_t place = 0;
    double h = 0;
    char *s = NULL, *s2 = NULL;
    fold_item item;
    fold_section_state *states = NULL;
    fold_visible_item vis[2];
    static const double hs[] = {1, 2};

    FAILS_NO_TABLE(fold_table_get_options(NULL, &o), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_insert_section(NULL, 0, "k", "h", 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_append_section(NULL, "k", "h", 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_section(NULL, 0), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_move_section(NULL, 0, 0), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_count(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_index(NULL, "k", &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_key(NULL, 0, &s), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_section_header(NULL, 0, "h"), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_header(NULL, 0, &s, &s2), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_section_header_height(NULL, 0, 10), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_section_footer_height(NULL, 0, 10), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_section_row_height(NULL, 0, 10), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_heights(NULL, 0, &h, &h, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_insert_rows(NULL, 0, 0, 2, hs), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_rows(NULL, 0, 0, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_row_height(NULL, 0, 0, 10), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_row_heights(NULL, 0, 0, 2, hs), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_row_height(NULL, 0, 0, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_row_count(NULL, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_visible_row_count(NULL, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_collapse(NULL, 0, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expand(NULL, 0, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_toggle(NULL, 0, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_collapse_key(NULL, "k", &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expand_key(NULL, "k", &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_toggle_key(NULL, "k", &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_is_collapsed(NULL, 0, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_is_collapsed_key(NULL, "k", &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_collapse_all(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expand_all(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_states(NULL, &states, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_indicators(NULL, "+", "-"), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_indicator(NULL, 0, &s), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_count(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_at(NULL, 0, &item), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_header_position(NULL, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_row_position(NULL, 0, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_footer_position(NULL, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_height(NULL, 0, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_top(NULL, 0, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_at_offset(NULL, 0, &n, &place), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_content_height(NULL, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_visible_items(NULL, 0, 100, 0, vis, 2, &n, &n), FOLD_E_INVALID);
    /* Nothing was written. */
    CHECK(s == NULL);
    CHECK(s2 == NULL);
    CHECK(states == NULL);
    CHECK_EQ_I64(n, 0);
    CHECK_EQ_I64(c, 0);
    CHECK_EQ_DBL(h, 0);
}

static void test_null_outputs(void)
{
    fold_table *t = table;
    int64_t n = 0;
    fold_section_state *states = NULL;

    FAILS(fold_table_get_options(t, NULL), FOLD_E_INVALID);
    {
        /* out_options->size must be set first. */
        fold_table_options o;
        memset(&o, 0, sizeof o);
        FAILS(fold_table_get_options(t, &o), FOLD_E_INVALID);
        CHECK_EQ_DBL(o.row_height, 0);
    }
    FAILS(fold_table_section_count(t, NULL), FOLD_E_INVALID);
    FAILS(fold_table_section_index(t, "Mac", NULL), FOLD_E_INVALID);
    FAILS(fold_table_section_key(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_row_height(t, 0, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_row_count(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_visible_row_count(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_is_collapsed(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_is_collapsed_key(t, "Mac", NULL), FOLD_E_INVALID);
    FAILS(fold_table_section_states(t, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_section_states(t, &states, NULL), FOLD_E_INVALID);
    CHECK(states == NULL);
    FAILS(fold_table_section_states(t, NULL, NULL), FOLD_E_INVALID);
    FAILS(fold_table_section_indicator(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_count(t, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_at(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_header_position(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_row_position(t, 0, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_footer_position(t, 2, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_height(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_top(t, 0, NULL), FOLD_E_INVALID);
    {
        int64_t p = -5;
        int32_t pl = -5;
        FAILS(fold_table_item_at_offset(t, 10, NULL, &pl), FOLD_E_INVALID);
        CHECK_EQ_I64(pl, -5);
        FAILS(fold_table_item_at_offset(t, 10, &p, NULL), FOLD_E_INVALID);
        CHECK_EQ_I64(p, -5);
    }
    FAILS(fold_table_content_height(t, NULL), FOLD_E_INVALID);
    {
        fold_visible_item vis[4];
        int64_t written = -5, total = -5;
        FAILS(fold_table_visible_items(t, 0, 100, 0, vis, 4, NULL, &total), FOLD_E_INVALID);
        CHECK_EQ_I64(total, -5);
        FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, 4, &written, &total),
              FOLD_E_INVALID);
        CHECK_EQ_I64(written, -5);
        CHECK_EQ_I64(total, -5);
        FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, 1, &written, NULL), FOLD_E_INVALID);
    }
    /* A NULL heights array is fine for insert_rows but not for set_row_heights. */
    FAILS(fold_table_set_row_heights(t, 0, 0, 2, NULL), FOLD_E_INVALID);
}

static void test_bad_strings(void)
{
    fold_table *t = table;
    int64_t n = -5;
    int c = -5, i;

    /* NULL and empty keys. */
    FAILS(fold_table_insert_section(t, 0, NULL, "h", 1), FOLD_E_INVALID);
    FAILS(fold_table_append_section(t, NULL, "h", 1), FOLD_E_INVALID);
    FAILS(fold_table_insert_section(t, 0, "", "h", 1), FOLD_E_INVALID);
    FAILS(fold_table_append_section(t, "", "h", 0), FOLD_E_INVALID);
    FAILS(fold_table_section_index(t, NULL, &n), FOLD_E_INVALID);
    /* Looking up an empty key: nothing has it. */
    FAILS(fold_table_section_index(t, "", &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_collapse_key(t, NULL, &c), FOLD_E_INVALID);
    FAILS(fold_table_expand_key(t, NULL, &c), FOLD_E_INVALID);
    FAILS(fold_table_toggle_key(t, NULL, &c), FOLD_E_INVALID);
    FAILS(fold_table_is_collapsed_key(t, NULL, &c), FOLD_E_INVALID);
    FAILS(fold_table_collapse_key(t, "", &c), FOLD_E_NOT_FOUND);
    FAILS(fold_table_expand_key(t, "", &c), FOLD_E_NOT_FOUND);
    FAILS(fold_table_toggle_key(t, "", &c), FOLD_E_NOT_FOUND);
    FAILS(fold_table_is_collapsed_key(t, "", &c), FOLD_E_NOT_FOUND);
    FAILS(fold_table_set_indicators(t, NULL, "v"), FOLD_E_INVALID);
    FAILS(fold_table_set_indicators(t, ">", NULL), FOLD_E_INVALID);
    FAILS(fold_table_set_indicators(t, NULL, NULL), FOLD_E_INVALID);

    /* Invalid UTF-8 everywhere a string goes in. */
    for (i = 0; i < NBAD_UTF8; i++) {
        const char *bad = bad_utf8[i];
        long failed_before = check_failed_so_far();
        FAILS(fold_table_insert_section(t, 0, bad, "h", 1), FOLD_E_INVALID);
        FAILS(fold_table_append_section(t, bad, "h", 1), FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, 1, "fresh", bad, 1), FOLD_E_INVALID);
        FAILS(fold_table_append_section(t, "fresh", bad, 0), FOLD_E_INVALID);
        FAILS(fold_table_set_section_header(t, 0, bad), FOLD_E_INVALID);
        FAILS(fold_table_section_index(t, bad, &n), FOLD_E_INVALID);
        FAILS(fold_table_collapse_key(t, bad, &c), FOLD_E_INVALID);
        FAILS(fold_table_expand_key(t, bad, &c), FOLD_E_INVALID);
        FAILS(fold_table_toggle_key(t, bad, &c), FOLD_E_INVALID);
        FAILS(fold_table_is_collapsed_key(t, bad, &c), FOLD_E_INVALID);
        FAILS(fold_table_set_indicators(t, bad, "v"), FOLD_E_INVALID);
        FAILS(fold_table_set_indicators(t, "+", bad), FOLD_E_INVALID);
        if (check_failed_so_far() != failed_before) {
            fprintf(stderr, "  (with invalid UTF-8 string #%d)\n", i);
        }
    }
    /* Unknown keys. */
    FAILS(fold_table_section_index(t, "Watches", &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_section_index(t, "mac", &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_collapse_key(t, "TV", &c), FOLD_E_NOT_FOUND);
    FAILS(fold_table_expand_key(t, "TV", &c), FOLD_E_NOT_FOUND);
    FAILS(fold_table_toggle_key(t, "TV", &c), FOLD_E_NOT_FOUND);
    FAILS(fold_table_is_collapsed_key(t, "TV", &c), FOLD_E_NOT_FOUND);
    FAILS(fold_table_collapse_key(t, "empty ", NULL), FOLD_E_NOT_FOUND);
    /* Duplicate keys. */
    FAILS(fold_table_insert_section(t, 0, "Mac", "again", 1), FOLD_E_DUPLICATE);
    FAILS(fold_table_insert_section(t, 4, "Watch", NULL, 0), FOLD_E_DUPLICATE);
    FAILS(fold_table_append_section(t, "iPad", NULL, 5), FOLD_E_DUPLICATE);
    FAILS(fold_table_append_section(t, "empty", NULL, 0), FOLD_E_DUPLICATE);
    CHECK_EQ_I64(n, -5);
    CHECK_EQ_I64(c, -5);
}

/* Every function that takes a section index, with `index` out of range. */
static void bad_section_index(int64_t index)
{
    fold_table *t = table;
    int64_t n = -5;
    int c = -5;
    double h = -5;
    char *s = NULL, *s2 = NULL;
    static const double hs[] = {1, 2};

    FAILS(fold_table_remove_section(t, index), FOLD_E_RANGE);
    FAILS(fold_table_move_section(t, index, 0), FOLD_E_RANGE);
    FAILS(fold_table_move_section(t, 0, index), FOLD_E_RANGE);
    FAILS(fold_table_section_key(t, index, &s), FOLD_E_RANGE);
    FAILS(fold_table_set_section_header(t, index, "x"), FOLD_E_RANGE);
    FAILS(fold_table_section_header(t, index, &s, &s2), FOLD_E_RANGE);
    FAILS(fold_table_set_section_header_height(t, index, 10), FOLD_E_RANGE);
    FAILS(fold_table_set_section_footer_height(t, index, 10), FOLD_E_RANGE);
    FAILS(fold_table_set_section_row_height(t, index, 10), FOLD_E_RANGE);
    FAILS(fold_table_section_heights(t, index, &h, &h, &h), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, index, 0, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, index, 0, 2, hs), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, index, 0, 1), FOLD_E_RANGE);
    FAILS(fold_table_set_row_height(t, index, 0, 10), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, index, 0, 2, hs), FOLD_E_RANGE);
    FAILS(fold_table_row_height(t, index, 0, &h), FOLD_E_RANGE);
    FAILS(fold_table_row_count(t, index, &n), FOLD_E_RANGE);
    FAILS(fold_table_visible_row_count(t, index, &n), FOLD_E_RANGE);
    FAILS(fold_table_collapse(t, index, &c), FOLD_E_RANGE);
    FAILS(fold_table_expand(t, index, &c), FOLD_E_RANGE);
    FAILS(fold_table_toggle(t, index, &c), FOLD_E_RANGE);
    FAILS(fold_table_is_collapsed(t, index, &c), FOLD_E_RANGE);
    FAILS(fold_table_section_indicator(t, index, &s), FOLD_E_RANGE);
    FAILS(fold_table_header_position(t, index, &n), FOLD_E_RANGE);
    FAILS(fold_table_row_position(t, index, 0, &n), FOLD_E_RANGE);
    FAILS(fold_table_footer_position(t, index, &n), FOLD_E_RANGE);
    CHECK(s == NULL);
    CHECK(s2 == NULL);
    CHECK_EQ_I64(n, -5);
    CHECK_EQ_I64(c, -5);
    CHECK_EQ_DBL(h, -5);
}

/* Every function that takes a row index of section `section` (which has
 * `rows` rows), with `row` out of range. */
static void bad_row_index(int64_t section, int64_t row)
{
    fold_table *t = table;
    int64_t n = -5;
    double h = -5;
    static const double hs[] = {1, 2};

    FAILS(fold_table_set_row_height(t, section, row, 10), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, section, row, 1, hs), FOLD_E_RANGE);
    FAILS(fold_table_row_height(t, section, row, &h), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, section, row, 1), FOLD_E_RANGE);
    FAILS(fold_table_row_position(t, section, row, &n), FOLD_E_RANGE);
    CHECK_EQ_I64(n, -5);
    CHECK_EQ_DBL(h, -5);
}

static void bad_position(int64_t position)
{
    fold_table *t = table;
    fold_item item;
    double h = -5;
    memset(&item, 0x11, sizeof item);
    FAILS(fold_table_item_at(t, position, &item), FOLD_E_RANGE);
    FAILS(fold_table_item_height(t, position, &h), FOLD_E_RANGE);
    FAILS(fold_table_item_top(t, position, &h), FOLD_E_RANGE);
    CHECK_EQ_DBL(h, -5);
    CHECK_EQ_I64(item.section, 0x1111111111111111LL);
}

static void test_ranges(void)
{
    fold_table *t = table;
    int i;
    static const double hs[] = {1, 2, 3, 4};
    int64_t written = -5, total = -5;
    fold_visible_item vis[4];

    /* Section indices: count (4) is one too far everywhere (insert aside). */
    bad_section_index(nsections);
    for (i = 0; i < NBAD_INDEX; i++) {
        bad_section_index(bad_index_extra[i]);
    }
    /* Inserting: 0...count. */
    FAILS(fold_table_insert_section(t, -1, "new", NULL, 0), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, nsections + 1, "new", NULL, 0), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, INT64_MAX, "new", NULL, 0), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, INT64_MIN, "new", NULL, 0), FOLD_E_RANGE);
    /* Row counts. */
    FAILS(fold_table_insert_section(t, 0, "new", NULL, -1), FOLD_E_RANGE);
    FAILS(fold_table_append_section(t, "new", NULL, -1), FOLD_E_RANGE);
    FAILS(fold_table_append_section(t, "new", NULL, INT64_MIN), FOLD_E_RANGE);
    FAILS(fold_table_append_section(t, "new", NULL, INT64_MAX), FOLD_E_RANGE);
    FAILS(fold_table_append_section(t, "new", NULL, FOLD_MAX_ROWS + 1), FOLD_E_RANGE);
    /* The table has 6 rows: FOLD_MAX_ROWS - 5 more would be too many. */
    FAILS(fold_table_append_section(t, "new", NULL, FOLD_MAX_ROWS - 5), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, 2, 0, FOLD_MAX_ROWS - 5, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, 0, 0, FOLD_MAX_ROWS, NULL), FOLD_E_RANGE);

    /* Rows: Mac has 3 rows, iPad 2 (collapsed), empty 0. */
    bad_row_index(0, 3);
    bad_row_index(0, -1);
    bad_row_index(0, INT64_MAX);
    bad_row_index(0, INT64_MIN);
    bad_row_index(1, 2);
    bad_row_index(2, 0);
    FAILS(fold_table_insert_rows(t, 0, -1, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, 0, 4, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, 2, 1, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, 0, INT64_MAX, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, 0, 0, -1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, 0, 0, INT64_MIN, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, 0, 0, INT64_MAX, NULL), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, 0, 0, -1), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, 0, 0, 4), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, 0, 2, 2), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, 0, 1, INT64_MAX), FOLD_E_RANGE); /* row + count overflows */
    FAILS(fold_table_remove_rows(t, 0, INT64_MAX, INT64_MAX), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, 0, -1, 2), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, 2, 0, 1), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, 0, 0, -1, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, 0, 0, 4, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, 0, 2, 2, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, 0, 1, INT64_MAX, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, 1, 0, 3, hs), FOLD_E_RANGE);

    /* Positions: the list has 9 items. */
    bad_position(9);
    bad_position(-1);
    bad_position(INT64_MAX);
    bad_position(INT64_MIN);

    /* visible_items: overscan and capacity. */
    FAILS(fold_table_visible_items(t, 0, 100, -1, vis, 4, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, INT64_MIN, vis, 4, &written, &total),
          FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, vis, -1, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, vis, INT64_MIN, &written, &total),
          FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, -1, &written, &total), FOLD_E_RANGE);
    CHECK_EQ_I64(written, -5);
    CHECK_EQ_I64(total, -5);
}

static void test_bad_heights(void)
{
    fold_table *t = table;
    int b, k;
    double run[5] = {10, 20, 30, 40, 50};
    fold_visible_item vis[4];
    int64_t written = -5, total = -5, p = -5;
    int32_t place = -5;

    for (b = 0; b < NBAD_HEIGHTS; b++) {
        double bad = bad_heights[b];
        long failed_before = check_failed_so_far();
        FAILS(fold_table_set_section_header_height(t, 0, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_footer_height(t, 0, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_row_height(t, 0, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_row_height(t, 2, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, 0, 0, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, 0, 1, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, 1, 1, bad), FOLD_E_INVALID);
        /* One bad value in the middle of a run: no height changes. */
        for (k = 0; k < 3; k++) {
            double three[3] = {11, 12, 13};
            three[k] = bad;
            FAILS(fold_table_set_row_heights(t, 0, 0, 3, three), FOLD_E_INVALID);
            /* ...and no row is inserted. */
            FAILS(fold_table_insert_rows(t, 0, 1, 3, three), FOLD_E_INVALID);
            FAILS(fold_table_insert_rows(t, 2, 0, 3, three), FOLD_E_INVALID);
        }
        run[2] = bad;
        FAILS(fold_table_set_row_heights(t, 0, 0, 3, run), FOLD_E_INVALID);
        FAILS(fold_table_insert_rows(t, 1, 2, 5, run), FOLD_E_INVALID);
        run[2] = 30;
        if (check_failed_so_far() != failed_before) {
            fprintf(stderr, "  (with height %s)\n", bad_height_names[b]);
        }
    }
    /* FOLD_HEIGHT_DEFAULT is allowed in set_row_heights, but not a bad one next to it. */
    run[0] = FOLD_HEIGHT_DEFAULT;
    run[1] = 7;
    run[2] = -3;
    FAILS(fold_table_set_row_heights(t, 0, 0, 3, run), FOLD_E_INVALID);

    /* Offsets and viewports must be finite; the height must be >= 0. */
    FAILS(fold_table_item_at_offset(t, nan_value(), &p, &place), FOLD_E_INVALID);
    FAILS(fold_table_item_at_offset(t, inf_value(), &p, &place), FOLD_E_INVALID);
    FAILS(fold_table_item_at_offset(t, -inf_value(), &p, &place), FOLD_E_INVALID);
    CHECK_EQ_I64(p, -5);
    CHECK_EQ_I64(place, -5);
    FAILS(fold_table_visible_items(t, nan_value(), 10, 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, inf_value(), 10, 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, -inf_value(), 10, 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, nan_value(), 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, inf_value(), 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, -inf_value(), 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, -1, 0, vis, 4, &written, &total), FOLD_E_INVALID);
    FAILS(fold_table_visible_items(t, 0, -1e-300, 0, vis, 4, &written, &total),
          FOLD_E_INVALID);
    CHECK_EQ_I64(written, -5);
    CHECK_EQ_I64(total, -5);
}

static void test_other_not_found(void)
{
    fold_table *t = table;
    int64_t n = -5;
    /* Sections without a footer. */
    FAILS(fold_table_footer_position(t, 0, &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_footer_position(t, 1, &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_footer_position(t, 3, &n), FOLD_E_NOT_FOUND);
    /* Rows of a collapsed section. */
    FAILS(fold_table_row_position(t, 1, 0, &n), FOLD_E_NOT_VISIBLE);
    FAILS(fold_table_row_position(t, 1, 1, &n), FOLD_E_NOT_VISIBLE);
    CHECK_EQ_I64(n, -5);
}

/* After all this, the table still works. */
static void test_still_usable(void)
{
    snapshot now;
    int64_t n = -1;
    CHECK(take_snapshot(table, &now));
    CHECK(snapshot_diff(&before, &now) == NULL);
    CHECK_STATUS(fold_table_append_section(table, "new", "New", 2), FOLD_OK);
    CHECK_STATUS(fold_table_item_count(table, &n), FOLD_OK);
    CHECK_EQ_I64(n, 12);
    CHECK_STATUS(fold_table_section_index(table, "new", &n), FOLD_OK);
    CHECK_EQ_I64(n, 4);
    /* A failure in another thread's state is not visible here; a success
     * here does not have to clear the message, but it must stay non-NULL. */
    CHECK(fold_last_error_message() != NULL);
}

int main(void)
{
    init_bad_heights();
    test_messages_and_names();
    make_table();
    test_new();
    test_null_table();
    test_null_outputs();
    test_bad_strings();
    test_ranges();
    test_bad_heights();
    test_other_not_found();
    test_still_usable();
    fold_table_free(table);
    return check_done();
}
