/*
 * Bad input (foldtable.h: "Conventions used by every function"): every
 * function with a NULL table, NULL required outputs (a NULL buffer with a
 * capacity), negative and huge indices and counts (FOLD_INDEX_END where no
 * insertion point is asked for), bad heights, invalid UTF-8, empty, unknown
 * and duplicate keys, unknown FOLD_TEXT_ / FOLD_HEIGHT_ / flag / accordion /
 * alignment constants, and bad section ids: a removed section's, a removed
 * subsection's, another table's, ids never handed out (FOLD_E_NOT_FOUND),
 * FOLD_ROOT where a section is required (FOLD_E_INVALID); and what a
 * section's flags refuse (FOLD_E_NOT_ALLOWED). Each failure must return the
 * documented status, set a non-empty message in a C user's words (naming
 * the id, key or value where checked), leave the outputs unwritten and the
 * table unchanged (compared with a full snapshot taken before). A text
 * buffer too small is not an error: the text is cut, the length reported.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

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
    int64_t state_count;
    fold_section_id id[MAXS];
    int32_t state_collapsed[MAXS];
    char key[MAXS][32];
    char header[MAXS][64];
    char indicator[MAXS][16];
    int has_detail[MAXS];
    fold_section_info info[MAXS];
    fold_row_info row[MAXS][MAXR];
    int64_t expanded;
    fold_section_id expanded_section[MAXR];
    int64_t expanded_row[MAXR];
} snapshot;

static void copy_string(char *dst, size_t size, const char *src)
{
    if (src == NULL) {
        strcpy(dst, "(NULL)");
        return;
    }
    /* Cut to fit, always terminated (memcpy: gcc -O3 warns on strncpy/snprintf here). */
    size_t n = strlen(src);
    if (n > size - 1) n = size - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* Takes a snapshot; returns 0 if some query failed (then it is unusable). */
static int take_snapshot(const fold_table *t, snapshot *s)
{
    int64_t i, j;
    int ok = 1;
    fold_section_state *states = NULL;
    fold_row_ref *rows = NULL;

    memset(s, 0, sizeof *s);
    fold_table_options_init(&s->options);
    ok &= fold_table_get_options(t, &s->options) == FOLD_OK;
    ok &= fold_table_child_count(t, FOLD_ROOT, &s->sections) == FOLD_OK;
    ok &= fold_table_item_count(t, &s->items) == FOLD_OK;
    ok &= fold_table_content_height(t, &s->content) == FOLD_OK;
    if (!ok || s->items > MAXI) {
        return 0;
    }
    for (i = 0; i < s->items; i++) {
        ok &= fold_table_item_at(t, i, &s->item[i]) == FOLD_OK;
        s->item[i].reserved = 0;
        ok &= fold_table_item_top(t, i, &s->top[i]) == FOLD_OK;
        ok &= fold_table_item_height(t, i, &s->height[i]) == FOLD_OK;
    }
    ok &= fold_table_section_states(t, &states, &s->state_count) == FOLD_OK;
    if (!ok || s->state_count > MAXS) {
        fold_free(states);
        return 0;
    }
    for (i = 0; i < s->state_count; i++) {
        char buf[64];
        size_t len = 0;
        s->id[i] = states[i].section;
        s->state_collapsed[i] = states[i].collapsed;
        copy_string(s->key[i], sizeof s->key[i], states[i].key);
        ok &= fold_table_section_text(t, s->id[i], FOLD_TEXT_HEADER, buf, sizeof buf, &len) == FOLD_OK;
        copy_string(s->header[i], sizeof s->header[i], buf);
        ok &= fold_table_section_text(t, s->id[i], FOLD_TEXT_INDICATOR, buf, sizeof buf, &len) ==
              FOLD_OK;
        copy_string(s->indicator[i], sizeof s->indicator[i], buf);
        s->has_detail[i] =
            fold_table_section_text(t, s->id[i], FOLD_TEXT_DETAIL, buf, sizeof buf, &len) == FOLD_OK;
        ok &= fold_table_section_info(t, s->id[i], &s->info[i]) == FOLD_OK;
        if (s->info[i].row_count > MAXR) {
            ok = 0;
            break;
        }
        for (j = 0; j < s->info[i].row_count; j++) {
            ok &= fold_table_row_info(t, s->id[i], j, &s->row[i][j]) == FOLD_OK;
        }
    }
    fold_free(states);
    ok &= fold_table_expanded_rows(t, &rows, &s->expanded) == FOLD_OK;
    if (ok && s->expanded <= MAXR) {
        for (i = 0; i < s->expanded; i++) {
            s->expanded_section[i] = rows[i].section;
            s->expanded_row[i] = rows[i].row;
        }
    } else {
        ok = 0;
    }
    fold_free(rows);
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
    if (a->state_count != b->state_count) return "section_states count";
    for (i = 0; i < a->state_count; i++) {
        const fold_section_info *x = &a->info[i], *y = &b->info[i];
        sprintf(why, "section %lld (\"%s\"): ", (long long)i, a->key[i]);
        if (a->id[i] != b->id[i]) return strcat(why, "id");
        if (strcmp(a->key[i], b->key[i]) != 0) return strcat(why, "key");
        if (strcmp(a->header[i], b->header[i]) != 0) return strcat(why, "header text");
        if (a->has_detail[i] != b->has_detail[i]) return strcat(why, "detail");
        if (strcmp(a->indicator[i], b->indicator[i]) != 0) return strcat(why, "indicator");
        if (a->state_collapsed[i] != b->state_collapsed[i]) return strcat(why, "collapsed");
        if (x->parent != y->parent || x->index != y->index || x->depth != y->depth)
            return strcat(why, "place");
        if (x->flags != y->flags) return strcat(why, "flags");
        if (x->child_count != y->child_count || x->row_count != y->row_count ||
            x->visible_row_count != y->visible_row_count)
            return strcat(why, "child, row or visible row count");
        if (x->header_height != y->header_height || x->footer_height != y->footer_height ||
            x->row_height != y->row_height)
            return strcat(why, "section heights");
        for (j = 0; j < x->row_count; j++) {
            const fold_row_info *r = &a->row[i][j], *q = &b->row[i][j];
            if (r->height != q->height || r->expanded_height != q->expanded_height ||
                r->child_index != q->child_index || r->flags != q->flags) {
                sprintf(why, "section %lld (\"%s\"): row %lld", (long long)i, a->key[i],
                        (long long)j);
                return why;
            }
        }
    }
    if (a->expanded != b->expanded) return "expanded row count";
    for (i = 0; i < a->expanded; i++) {
        if (a->expanded_section[i] != b->expanded_section[i] ||
            a->expanded_row[i] != b->expanded_row[i]) {
            sprintf(why, "expanded row %lld", (long long)i);
            return why;
        }
    }
    return NULL;
}

/* ---- the table under test --------------------------------------------- */

static fold_table *table;
static snapshot before;
static int64_t nsections; /* top-level sections of `table` */
static fold_section_id mac, ipad, empty, watch; /* its sections' ids */
static fold_section_id removed_id;              /* a section removed from it */
static fold_section_id removed_sub;             /* a subsection of that one */
static fold_section_id foreign_id;              /* a section of another table */
static fold_table *other;                       /* that table */

/* Four sections: Mac (3 rows, one 50 high, one expandable and expanded),
 * iPad (2 rows, collapsed), empty (no rows, footer 8), Watch (1 row,
 * header 0). Custom indicators. A fifth section, added and removed, gives
 * removed_id; another table gives foreign_id. */
static void make_table(void)
{
    fold_table_options o;
    fold_table_options_init(&o);
    o.padding_top = 4;
    o.padding_bottom = 6;
    table = new_table(&o);
    other = new_table(NULL);
    if (table == NULL || other == NULL) {
        fprintf(stderr, "cannot create the tables\n");
        exit(1);
    }
    mac = add(table, FOLD_ROOT, "Mac", "Mac|Laptops and desktops", 3);
    ipad = add(table, FOLD_ROOT, "iPad", "iPad", 2);
    empty = add(table, FOLD_ROOT, "empty", NULL, 0);
    watch = add(table, FOLD_ROOT, "Watch", "Watch|", 1);
    removed_id = add(table, FOLD_ROOT, "gone", "Gone", 2);
    removed_sub = add(table, removed_id, "gone/sub", "Sub", 1);
    CHECK_STATUS(fold_table_remove_section(table, removed_id), FOLD_OK);
    foreign_id = add(other, FOLD_ROOT, "Mac", "Mac", 3);
    CHECK_STATUS(fold_table_set_row_height(table, mac, 1, 50), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(table, mac, 2, 120), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(table, mac, 2, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(table, ipad, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(table, empty, FOLD_HEIGHT_FOOTER, 8), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(table, watch, FOLD_HEIGHT_HEADER, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_indicators(table, ">", "v"), FOLD_OK);
    nsections = 4;
    if (!CHECK(take_snapshot(table, &before))) {
        fprintf(stderr, "cannot take a snapshot\n");
        exit(check_done());
    }
    /* Sanity of the snapshot itself: Mac h, 3 rows (the last expanded to
     * 120), iPad h, empty h, empty footer, Watch h, Watch row. */
    CHECK_EQ_I64(before.items, 9);
    CHECK_EQ_DBL(before.content, 4 + 28 + 44 + 50 + 120 + 28 + 28 + 8 + 0 + 44 + 6);
    CHECK_EQ_I64(before.state_count, 4);
    CHECK_EQ_I64(before.expanded, 1);
}

/* The table FAILS checks, and its snapshot from before the calls. */
static fold_table *current;
static snapshot *current_before;

/* Words a C user does not need to see in a message: Swift's spelling of
 * values and types. */
static const char *const unwanted_words[] = {"Optional(", "Swift.", "Int64(", "UInt64(", "nil",
                                             "String(", "Error(", "fatal"};

/* Expects `got` to be the failure `expected`, with a message in a C user's
 * words, and the table unchanged. */
static void fails_(int line, const char *expr, int got, int expected)
{
    char message[512];
    const char *m = fold_last_error_message();
    snapshot after;
    const char *diff;
    long failed_before = check_failed_so_far();
    size_t w;

    copy_string(message, sizeof message, m);
    if (!check_status_(got, expected, __FILE__, line, expr)) {
        return;
    }
    check_cond_(m != NULL && message[0] != '\0', __FILE__, line,
                "fold_last_error_message() is not empty after a failure");
    for (w = 0; w < sizeof unwanted_words / sizeof unwanted_words[0]; w++) {
        check_cond_(strstr(message, unwanted_words[w]) == NULL, __FILE__, line,
                    "the message is in a C user's words");
    }
    if (!check_cond_(take_snapshot(current, &after), __FILE__, line, "snapshot after the call")) {
        return;
    }
    diff = snapshot_diff(current_before, &after);
    if (!check_cond_(diff == NULL, __FILE__, line, "the table is unchanged")) {
        fprintf(stderr, "  changed: %s, after %s\n", diff, expr);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  message was: \"%s\"\n", message);
    }
}
#define FAILS(call, expected) fails_(__LINE__, #call, (call), (expected))

/* The failure's message names `what` (an id, a key, a value). */
static void says_(int line, const char *expr, int got, int expected, const char *what)
{
    char message[512];
    copy_string(message, sizeof message, fold_last_error_message());
    fails_(line, expr, got, expected);
    if (!check_cond_(strstr(message, what) != NULL, __FILE__, line, "the message names it")) {
        fprintf(stderr, "  expected \"%s\" in \"%s\"\n", what, message);
    }
}
#define FAILS_SAYING(call, expected, what) says_(__LINE__, #call, (call), (expected), (what))

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
    CHECK_STR(fold_status_name(FOLD_E_NOT_ALLOWED), "FOLD_E_NOT_ALLOWED");
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


static int never_called_height(fold_table *t, fold_section_id section, const char *key, int64_t row,
                               double *out_height, void *user_data)
{
    (void)t, (void)section, (void)key, (void)row, (void)user_data;
    *out_height = 10;
    return 1;
}

static void never_called_change(fold_table *t, const fold_change_set *c, void *user_data)
{
    (void)t, (void)c, (void)user_data;
}

static int never_called_section(fold_table *t, fold_section_id section, const char *key,
                                int32_t event, void *user_data)
{
    (void)t, (void)section, (void)key, (void)event, (void)user_data;
    return 1;
}

static int never_called_row(fold_table *t, fold_section_id section, const char *key, int64_t row,
                            int32_t event, void *user_data)
{
    (void)t, (void)section, (void)key, (void)row, (void)event, (void)user_data;
    return 1;
}

/* Every function that takes a table, with NULL. */
static void test_null_table(void)
{
    fold_table_options o;
    int64_t n = 0, path[1] = {0};
    int c = 0, set = 0;
    int32_t place = 0, kind = 0, action = 0;
    double h = 0;
    char buf[8] = "", *json = NULL;
    size_t len = 0;
    fold_section_id id = 0;
    fold_item item;
    fold_section_info in;
    fold_row_info ri;
    fold_section_state *states = NULL;
    fold_row_ref *rows = NULL;
    fold_visible_item vis[2];
    fold_sticky_header sticky[2];
    fold_import_report report;
    static const double hs[] = {1, 2};

    fold_table_options_init(&o);
    FAILS_NO_TABLE(fold_table_get_options(NULL, &o), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_accordion(NULL, FOLD_ACCORDION_SINGLE), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_sticky_levels(NULL, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_indicators(NULL, "+", "-"), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_find_section(NULL, "Mac", &id), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_child_count(NULL, FOLD_ROOT, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_child_at(NULL, FOLD_ROOT, 0, &kind, &id, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_at_path(NULL, path, 1, &id), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_path(NULL, mac, path, 1, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_info(NULL, mac, &in), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_text(NULL, mac, FOLD_TEXT_KEY, buf, sizeof buf, &len),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_insert_section(NULL, FOLD_ROOT, 0, "k", "h", 1, 0, &id),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_section(NULL, mac), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_move_section(NULL, mac, FOLD_ROOT, 0), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_children(NULL, mac, 0, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_section_header(NULL, mac, "h"), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_section_height(NULL, mac, FOLD_HEIGHT_HEADER, 10), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_collapsible(NULL, mac, 0), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_insert_rows(NULL, mac, 0, 2, hs), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_rows(NULL, mac, 0, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_move_row(NULL, mac, 0, watch, 0), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_row_height(NULL, mac, 0, 10), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_row_heights(NULL, mac, 0, 2, hs), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_row_info(NULL, mac, 0, &ri), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_row_expanded_height(NULL, mac, 0, 90), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expand_row(NULL, mac, 0, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_collapse_row(NULL, mac, 0, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_toggle_row(NULL, mac, 0, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expanded_rows(NULL, &rows, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_collapse(NULL, mac, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expand(NULL, mac, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_toggle(NULL, mac, &c), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_collapse_all(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_expand_all(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_section_states(NULL, &states, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_count(NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_at(NULL, 0, &item), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_header_position(NULL, mac, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_row_position(NULL, mac, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_footer_position(NULL, empty, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_activate(NULL, 0, &action), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_height(NULL, 0, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_top(NULL, 0, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_item_at_offset(NULL, 0, &n, &place), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_content_height(NULL, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_visible_items(NULL, 0, 100, 0, vis, 2, &n, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_sticky_headers(NULL, 0, sticky, 2, &n, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_add_change_listener(NULL, never_called_change, NULL, &n),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_add_section_listener(NULL, never_called_section, NULL, &n),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_add_row_listener(NULL, never_called_row, NULL, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_remove_listener(NULL, 1), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_viewport(NULL, 0, 100), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_clear_viewport(NULL), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_viewport(NULL, &set, &h, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_scroll_offset(NULL, 0, FOLD_ALIGN_AUTO, 0, 100, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_reveal_offset(NULL, mac, 5, 0, 100, &h), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_reveal_row(NULL, mac, 0, 1, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_export_state(NULL, &json), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_import_state(NULL, "{\"version\": 1}", &report), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_set_height_provider(NULL, FOLD_HEIGHT_ROW, never_called_height, NULL),
                   FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_measure(NULL, 0, 100, 0, &n), FOLD_E_INVALID);
    FAILS_NO_TABLE(fold_table_invalidate_heights(NULL, FOLD_ROOT, -1), FOLD_E_INVALID);
    /* Nothing was written. */
    CHECK(states == NULL);
    CHECK(rows == NULL);
    CHECK(json == NULL);
    CHECK_EQ_I64(n, 0);
    CHECK_EQ_I64(id, 0);
    CHECK_EQ_I64(c, 0);
    CHECK_EQ_I64(set, 0);
    CHECK_EQ_DBL(h, 0);
    CHECK_EQ_I64(len, 0);
}

static void test_null_outputs(void)
{
    fold_table *t = table;
    int64_t n = -5, path[2] = {0, 0};
    fold_section_id id = 5;
    fold_section_state *states = NULL;
    fold_row_ref *rows = NULL;
    int32_t kind = -5;
    char buf[8] = "x";

    FAILS(fold_table_get_options(t, NULL), FOLD_E_INVALID);
    {
        /* out_options->size must be set first. */
        fold_table_options o;
        memset(&o, 0, sizeof o);
        FAILS(fold_table_get_options(t, &o), FOLD_E_INVALID);
        CHECK_EQ_DBL(o.row_height, 0);
    }
    FAILS(fold_table_find_section(t, "Mac", NULL), FOLD_E_INVALID);
    FAILS(fold_table_child_count(t, FOLD_ROOT, NULL), FOLD_E_INVALID);
    FAILS(fold_table_child_count(t, mac, NULL), FOLD_E_INVALID);
    /* out_kind is required; out_section and out_row are optional. */
    FAILS(fold_table_child_at(t, FOLD_ROOT, 0, NULL, &id, &n), FOLD_E_INVALID);
    CHECK_EQ_I64(id, 5);
    CHECK_EQ_I64(n, -5);
    FAILS(fold_table_section_at_path(t, path, 1, NULL), FOLD_E_INVALID);
    FAILS(fold_table_section_at_path(t, NULL, 1, &id), FOLD_E_INVALID);
    CHECK_EQ_I64(id, 5);
    FAILS(fold_table_section_path(t, mac, path, 2, NULL), FOLD_E_INVALID);
    /* NULL out_path only with capacity 0. */
    FAILS(fold_table_section_path(t, mac, NULL, 1, &n), FOLD_E_INVALID);
    CHECK_EQ_I64(n, -5);
    FAILS(fold_table_section_info(t, mac, NULL), FOLD_E_INVALID);
    /* A NULL buffer only with capacity 0. */
    FAILS(fold_table_section_text(t, mac, FOLD_TEXT_TITLE, NULL, 4, NULL), FOLD_E_INVALID);
    {
        size_t len = 77;
        FAILS_SAYING(fold_table_section_text(t, mac, FOLD_TEXT_KEY, NULL, 1, &len), FOLD_E_INVALID,
                     "NULL");
        CHECK_EQ_I64(len, 77);
    }
    FAILS(fold_table_row_info(t, mac, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_expanded_rows(t, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_expanded_rows(t, &rows, NULL), FOLD_E_INVALID);
    CHECK(rows == NULL);
    FAILS(fold_table_section_states(t, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_section_states(t, &states, NULL), FOLD_E_INVALID);
    CHECK(states == NULL);
    FAILS(fold_table_section_states(t, NULL, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_count(t, NULL), FOLD_E_INVALID);
    FAILS(fold_table_item_at(t, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_header_position(t, mac, NULL), FOLD_E_INVALID);
    FAILS(fold_table_row_position(t, mac, 0, NULL), FOLD_E_INVALID);
    FAILS(fold_table_footer_position(t, empty, NULL), FOLD_E_INVALID);
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
        fold_sticky_header sticky[4];
        int64_t written = -5, total = -5;
        FAILS(fold_table_visible_items(t, 0, 100, 0, vis, 4, NULL, &total), FOLD_E_INVALID);
        CHECK_EQ_I64(total, -5);
        FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, 4, &written, &total),
              FOLD_E_INVALID);
        CHECK_EQ_I64(written, -5);
        CHECK_EQ_I64(total, -5);
        FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, 1, &written, NULL), FOLD_E_INVALID);
        FAILS(fold_table_sticky_headers(t, 30, sticky, 4, NULL, &total), FOLD_E_INVALID);
        FAILS(fold_table_sticky_headers(t, 30, NULL, 4, &written, &total), FOLD_E_INVALID);
        CHECK_EQ_I64(written, -5);
        CHECK_EQ_I64(total, -5);
    }
    {
        double d = -5;
        int set = -5;
        char *json = NULL;
        FAILS(fold_table_viewport(t, NULL, &d, &d), FOLD_E_INVALID);
        FAILS(fold_table_scroll_offset(t, 0, FOLD_ALIGN_AUTO, 0, 100, NULL), FOLD_E_INVALID);
        FAILS(fold_table_reveal_offset(t, mac, 5, 0, 100, NULL), FOLD_E_INVALID);
        FAILS(fold_table_reveal_row(t, mac, 0, 0, NULL), FOLD_E_INVALID);
        FAILS(fold_table_export_state(t, NULL), FOLD_E_INVALID);
        FAILS(fold_table_import_state(t, NULL, NULL), FOLD_E_INVALID);
        CHECK_EQ_DBL(d, -5);
        CHECK_EQ_I64(set, -5);
        CHECK(json == NULL);
    }
    /* NULL functions: a listener needs one; a provider NULL is removed. */
    FAILS(fold_table_add_change_listener(t, NULL, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_add_section_listener(t, NULL, NULL, &n), FOLD_E_INVALID);
    FAILS(fold_table_add_row_listener(t, NULL, NULL, &n), FOLD_E_INVALID);
    CHECK_EQ_I64(n, -5);
    /* A NULL heights array is fine for insert_rows but not for set_row_heights. */
    FAILS(fold_table_set_row_heights(t, mac, 0, 2, NULL), FOLD_E_INVALID);
    CHECK_EQ_I64(kind, -5);
    CHECK_STR(buf, "x");
}

static void test_bad_strings(void)
{
    fold_table *t = table;
    fold_section_id id = 5;
    int i;

    /* NULL and empty keys. */
    FAILS(fold_table_insert_section(t, FOLD_ROOT, 0, NULL, "h", 1, 0, &id), FOLD_E_INVALID);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, NULL, "h", 1, 0, &id),
          FOLD_E_INVALID);
    FAILS_SAYING(fold_table_insert_section(t, FOLD_ROOT, 0, "", "h", 1, 0, &id), FOLD_E_INVALID,
                 "empty");
    FAILS(fold_table_insert_section(t, mac, FOLD_INDEX_END, "", "h", 0, 0, &id), FOLD_E_INVALID);
    FAILS(fold_table_find_section(t, NULL, &id), FOLD_E_INVALID);
    /* Looking up an empty key: nothing has it. */
    FAILS(fold_table_find_section(t, "", &id), FOLD_E_NOT_FOUND);
    FAILS(fold_table_set_indicators(t, NULL, "v"), FOLD_E_INVALID);
    FAILS(fold_table_set_indicators(t, ">", NULL), FOLD_E_INVALID);
    FAILS(fold_table_set_indicators(t, NULL, NULL), FOLD_E_INVALID);
    FAILS(fold_table_import_state(t, NULL, NULL), FOLD_E_INVALID);

    /* Invalid UTF-8 everywhere a string goes in. */
    for (i = 0; i < NBAD_UTF8; i++) {
        const char *bad = bad_utf8[i];
        long failed_before = check_failed_so_far();
        FAILS(fold_table_insert_section(t, FOLD_ROOT, 0, bad, "h", 1, 0, &id), FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, ipad, FOLD_INDEX_END, bad, "h", 1, 0, &id),
              FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, FOLD_ROOT, 1, "fresh", bad, 1, 0, &id), FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "fresh", bad, 0, 0, &id),
              FOLD_E_INVALID);
        FAILS(fold_table_set_section_header(t, mac, bad), FOLD_E_INVALID);
        FAILS(fold_table_find_section(t, bad, &id), FOLD_E_INVALID);
        FAILS(fold_table_set_indicators(t, bad, "v"), FOLD_E_INVALID);
        FAILS(fold_table_set_indicators(t, "+", bad), FOLD_E_INVALID);
        if (check_failed_so_far() != failed_before) {
            fprintf(stderr, "  (with invalid UTF-8 string #%d)\n", i);
        }
    }
    /* Unknown keys: the message names the key. */
    FAILS_SAYING(fold_table_find_section(t, "Watches", &id), FOLD_E_NOT_FOUND, "\"Watches\"");
    FAILS(fold_table_find_section(t, "mac", &id), FOLD_E_NOT_FOUND);
    FAILS(fold_table_find_section(t, "empty ", &id), FOLD_E_NOT_FOUND);
    /* A removed section's key. */
    FAILS(fold_table_find_section(t, "gone", &id), FOLD_E_NOT_FOUND);
    FAILS(fold_table_find_section(t, "gone/sub", &id), FOLD_E_NOT_FOUND);
    /* Duplicate keys, at any depth: the message names the key. */
    FAILS_SAYING(fold_table_insert_section(t, FOLD_ROOT, 0, "Mac", "again", 1, 0, &id),
                 FOLD_E_DUPLICATE, "\"Mac\"");
    FAILS(fold_table_insert_section(t, FOLD_ROOT, 4, "Watch", NULL, 0, 0, &id), FOLD_E_DUPLICATE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "iPad", NULL, 5, 0, &id),
          FOLD_E_DUPLICATE);
    FAILS(fold_table_insert_section(t, mac, 0, "empty", NULL, 0, 0, &id), FOLD_E_DUPLICATE);
    FAILS(fold_table_insert_section(t, ipad, FOLD_INDEX_END, "Mac", NULL, 0, 0, &id),
          FOLD_E_DUPLICATE);
    CHECK_EQ_I64(id, 5);
}

/* Every function that takes a section id, with `bad`: a removed section's
 * id, one of its subsections', another table's, one never handed out
 * (FOLD_E_NOT_FOUND, the message naming the id), or FOLD_ROOT where a
 * section is required (FOLD_E_INVALID). */
static void bad_section_id(fold_section_id bad)
{
    fold_table *t = table;
    int root = bad == FOLD_ROOT;
    int expect = root ? FOLD_E_INVALID : FOLD_E_NOT_FOUND;
    int64_t n = -5, path[4];
    int c = -5;
    int32_t kind = -5;
    double h = -5;
    char buf[16] = "x", named[32];
    size_t len = 77;
    fold_section_id id = 5;
    fold_section_info in;
    fold_row_info ri;
    static const double hs[] = {1, 2};
    long failed_before = check_failed_so_far();

    sprintf(named, "%llu", (unsigned long long)bad);
    if (root) {
        strcpy(named, "FOLD_ROOT");
    }
    FAILS_SAYING(fold_table_section_info(t, bad, &in), expect, named);
    FAILS(fold_table_section_path(t, bad, path, 4, &n), expect);
    FAILS(fold_table_section_text(t, bad, FOLD_TEXT_KEY, buf, sizeof buf, &len), expect);
    FAILS(fold_table_section_text(t, bad, FOLD_TEXT_INDICATOR, buf, sizeof buf, &len), expect);
    FAILS(fold_table_remove_section(t, bad), expect);
    FAILS_SAYING(fold_table_move_section(t, bad, FOLD_ROOT, 0), expect, named);
    FAILS(fold_table_set_section_header(t, bad, "x"), expect);
    FAILS(fold_table_set_section_height(t, bad, FOLD_HEIGHT_HEADER, 10), expect);
    FAILS(fold_table_set_section_height(t, bad, FOLD_HEIGHT_FOOTER, 10), expect);
    FAILS(fold_table_set_section_height(t, bad, FOLD_HEIGHT_ROW, 10), expect);
    FAILS(fold_table_set_collapsible(t, bad, 0), expect);
    FAILS(fold_table_set_collapsible(t, bad, 1), expect);
    FAILS(fold_table_insert_rows(t, bad, 0, 1, NULL), expect);
    FAILS(fold_table_insert_rows(t, bad, FOLD_INDEX_END, 2, hs), expect);
    FAILS(fold_table_remove_rows(t, bad, 0, 1), expect);
    FAILS(fold_table_move_row(t, bad, 0, mac, 0), expect);
    FAILS_SAYING(fold_table_move_row(t, mac, 0, bad, 0), expect, named);
    FAILS(fold_table_set_row_height(t, bad, 0, 10), expect);
    FAILS(fold_table_set_row_heights(t, bad, 0, 2, hs), expect);
    FAILS(fold_table_row_info(t, bad, 0, &ri), expect);
    FAILS(fold_table_set_row_expanded_height(t, bad, 0, 90), expect);
    FAILS(fold_table_expand_row(t, bad, 0, &c), expect);
    FAILS(fold_table_collapse_row(t, bad, 0, &c), expect);
    FAILS(fold_table_toggle_row(t, bad, 0, &c), expect);
    FAILS(fold_table_collapse(t, bad, &c), expect);
    FAILS(fold_table_expand(t, bad, &c), expect);
    FAILS(fold_table_toggle(t, bad, &c), expect);
    FAILS(fold_table_header_position(t, bad, &n), expect);
    FAILS(fold_table_row_position(t, bad, 0, &n), expect);
    FAILS(fold_table_footer_position(t, bad, &n), expect);
    FAILS(fold_table_reveal_offset(t, bad, 5, 0, 100, &h), expect);
    FAILS(fold_table_reveal_row(t, bad, 0, 0, &n), expect);
    FAILS(fold_table_reveal_row(t, bad, 0, 1, &n), expect);
    FAILS(fold_table_invalidate_heights(t, bad, 0), expect);
    if (!root) {
        /* Where FOLD_ROOT is a parent (or the whole table), a stale id is
         * still not found. */
        FAILS(fold_table_child_count(t, bad, &n), expect);
        FAILS(fold_table_child_at(t, bad, 0, &kind, &id, &n), expect);
        FAILS(fold_table_insert_section(t, bad, 0, "new", "New", 1, 0, &id), expect);
        FAILS(fold_table_insert_section(t, bad, FOLD_INDEX_END, "new", "New", 1, 0, &id), expect);
        FAILS(fold_table_move_section(t, mac, bad, 0), expect);
        FAILS(fold_table_remove_children(t, bad, 0, 1), expect);
        FAILS(fold_table_invalidate_heights(t, bad, -1), expect);
    }
    CHECK_EQ_I64(n, -5);
    CHECK_EQ_I64(c, -5);
    CHECK_EQ_I64(kind, -5);
    CHECK_EQ_DBL(h, -5);
    CHECK_EQ_I64(id, 5);
    CHECK_EQ_I64(len, 77);
    CHECK_STR(buf, "x");
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (with section id %s)\n", named);
    }
}

static void test_bad_ids(void)
{
    fold_section_info in;
    bad_section_id(removed_id);
    bad_section_id(removed_sub);
    bad_section_id(foreign_id);
    bad_section_id(((fold_section_id)0xDEADu << 48) | 1u); /* never handed out */
    bad_section_id(~(fold_section_id)0);
    bad_section_id(FOLD_ROOT);
    /* And the other way round: this table's ids in another table. */
    CHECK_STATUS(fold_table_section_info(other, mac, &in), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_remove_section(other, watch), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_insert_rows(other, ipad, 0, 1, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_section_info(other, foreign_id, &in), FOLD_OK);
    CHECK_EQ_I64(in.row_count, 3);
}

/* Every function that takes a row index of `section` (which has fewer
 * rows), with `row` out of range. */
static void bad_row_index(fold_section_id section, int64_t row)
{
    fold_table *t = table;
    int64_t n = -5;
    int c = -5;
    fold_row_info ri;
    static const double hs[] = {1, 2};
    memset(&ri, 0x11, sizeof ri);

    FAILS(fold_table_set_row_height(t, section, row, 10), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, section, row, 1, hs), FOLD_E_RANGE);
    FAILS(fold_table_row_info(t, section, row, &ri), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, section, row, 1), FOLD_E_RANGE);
    FAILS(fold_table_row_position(t, section, row, &n), FOLD_E_RANGE);
    FAILS(fold_table_move_row(t, section, row, watch, 0), FOLD_E_RANGE);
    FAILS(fold_table_set_row_expanded_height(t, section, row, 90), FOLD_E_RANGE);
    FAILS(fold_table_expand_row(t, section, row, &c), FOLD_E_RANGE);
    FAILS(fold_table_collapse_row(t, section, row, &c), FOLD_E_RANGE);
    FAILS(fold_table_toggle_row(t, section, row, &c), FOLD_E_RANGE);
    FAILS(fold_table_reveal_row(t, section, row, 1, &n), FOLD_E_RANGE);
    FAILS(fold_table_invalidate_heights(t, section, row < -1 || row >= 0 ? row : -2), FOLD_E_RANGE);
    CHECK_EQ_I64(n, -5);
    CHECK_EQ_I64(c, -5);
    CHECK_EQ_I64(ri.child_index, 0x1111111111111111LL);
}

static void bad_position(int64_t position)
{
    fold_table *t = table;
    fold_item item;
    double h = -5;
    int32_t action = -5;
    memset(&item, 0x11, sizeof item);
    FAILS(fold_table_item_at(t, position, &item), FOLD_E_RANGE);
    FAILS(fold_table_item_height(t, position, &h), FOLD_E_RANGE);
    FAILS(fold_table_item_top(t, position, &h), FOLD_E_RANGE);
    FAILS(fold_table_activate(t, position, &action), FOLD_E_RANGE);
    FAILS(fold_table_scroll_offset(t, position, FOLD_ALIGN_AUTO, 0, 100, &h), FOLD_E_RANGE);
    CHECK_EQ_DBL(h, -5);
    CHECK_EQ_I64(action, -5);
    CHECK_EQ_I64(item.section, 0x1111111111111111LL);
}

static void test_ranges(void)
{
    fold_table *t = table;
    int i;
    static const double hs[] = {1, 2, 3, 4};
    int64_t written = -5, total = -5, path[FOLD_MAX_DEPTH + 2];
    int32_t kind = -5;
    fold_section_id id = 5;
    fold_visible_item vis[4];
    fold_sticky_header sticky[4];

    /* Inserting a section: 0...child count, or FOLD_INDEX_END (-1). */
    FAILS_SAYING(fold_table_insert_section(t, FOLD_ROOT, nsections + 1, "new", NULL, 0, 0, &id),
                 FOLD_E_RANGE, "5");
    FAILS(fold_table_insert_section(t, FOLD_ROOT, -2, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, INT64_MAX, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, INT64_MIN, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, mac, 4, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, empty, 1, "new", NULL, 0, 0, &id), FOLD_E_RANGE);
    /* Row counts. */
    FAILS(fold_table_insert_section(t, FOLD_ROOT, 0, "new", NULL, -1, 0, &id), FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "new", NULL, INT64_MIN, 0, &id),
          FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "new", NULL, INT64_MAX, 0, &id),
          FOLD_E_RANGE);
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "new", NULL, FOLD_MAX_ROWS + 1, 0,
                                    &id),
          FOLD_E_RANGE);
    /* The table has 6 rows: FOLD_MAX_ROWS - 5 more would be too many. */
    FAILS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "new", NULL, FOLD_MAX_ROWS - 5, 0,
                                    &id),
          FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, empty, 0, FOLD_MAX_ROWS - 5, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 0, FOLD_MAX_ROWS, NULL), FOLD_E_RANGE);
    CHECK_EQ_I64(id, 5);

    /* Rows: Mac has 3 rows, iPad 2 (collapsed), empty 0. */
    bad_row_index(mac, 3);
    bad_row_index(mac, -1); /* FOLD_INDEX_END is no row */
    bad_row_index(mac, -2);
    bad_row_index(mac, INT64_MAX);
    bad_row_index(mac, INT64_MIN);
    bad_row_index(ipad, 2);
    bad_row_index(empty, 0);
    /* Inserting rows: child index 0...child count, or FOLD_INDEX_END. */
    FAILS(fold_table_insert_rows(t, mac, -2, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 4, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, empty, 1, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, INT64_MAX, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, INT64_MIN, 1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 0, -1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, FOLD_INDEX_END, -1, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 0, INT64_MIN, NULL), FOLD_E_RANGE);
    FAILS(fold_table_insert_rows(t, mac, 0, INT64_MAX, NULL), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, mac, 0, -1), FOLD_E_RANGE);
    FAILS_SAYING(fold_table_remove_rows(t, mac, 0, 4), FOLD_E_RANGE, "\"Mac\"");
    FAILS(fold_table_remove_rows(t, mac, 2, 2), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, mac, 1, INT64_MAX), FOLD_E_RANGE); /* row + count overflows */
    FAILS(fold_table_remove_rows(t, mac, INT64_MAX, INT64_MAX), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, mac, -1, 2), FOLD_E_RANGE);
    FAILS(fold_table_remove_rows(t, empty, 0, 1), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, mac, 0, -1, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, mac, 0, 4, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, mac, 2, 2, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, mac, 1, INT64_MAX, hs), FOLD_E_RANGE);
    FAILS(fold_table_set_row_heights(t, ipad, 0, 3, hs), FOLD_E_RANGE);
    /* Moving a row: the target index counts the target's children without
     * it (Watch has 1: 0...1, or FOLD_INDEX_END; in Mac 0...2). */
    FAILS(fold_table_move_row(t, mac, 0, watch, 2), FOLD_E_RANGE);
    FAILS(fold_table_move_row(t, mac, 0, watch, -2), FOLD_E_RANGE);
    FAILS(fold_table_move_row(t, mac, 0, mac, 3), FOLD_E_RANGE);
    FAILS(fold_table_move_row(t, mac, 0, watch, INT64_MIN), FOLD_E_RANGE);

    /* Children: Mac has 3, the top level 4. */
    FAILS(fold_table_child_at(t, mac, 3, &kind, &id, NULL), FOLD_E_RANGE);
    FAILS(fold_table_child_at(t, mac, FOLD_INDEX_END, &kind, &id, NULL), FOLD_E_RANGE);
    FAILS(fold_table_child_at(t, FOLD_ROOT, 4, &kind, &id, NULL), FOLD_E_RANGE);
    FAILS(fold_table_child_at(t, FOLD_ROOT, INT64_MIN, &kind, &id, NULL), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, 0, 4), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, 3, 1), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, FOLD_INDEX_END, 1), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, 0, -1), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, mac, 1, INT64_MAX), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, FOLD_ROOT, 4, 1), FOLD_E_RANGE);
    FAILS(fold_table_remove_children(t, FOLD_ROOT, 0, 5), FOLD_E_RANGE);
    for (i = 0; i < NBAD_INDEX; i++) {
        /* -1 is FOLD_INDEX_END, which names no child. */
        FAILS(fold_table_child_at(t, FOLD_ROOT, bad_index_extra[i], &kind, &id, NULL), FOLD_E_RANGE);
        FAILS(fold_table_child_at(t, ipad, bad_index_extra[i], &kind, &id, NULL), FOLD_E_RANGE);
        FAILS(fold_table_remove_children(t, FOLD_ROOT, bad_index_extra[i], 1), FOLD_E_RANGE);
        FAILS(fold_table_remove_children(t, mac, bad_index_extra[i], 1), FOLD_E_RANGE);
    }
    /* Moving a section: the index counts the parent's children without it. */
    FAILS(fold_table_move_section(t, mac, FOLD_ROOT, 4), FOLD_E_RANGE);
    FAILS(fold_table_move_section(t, mac, FOLD_ROOT, -2), FOLD_E_RANGE);
    FAILS(fold_table_move_section(t, mac, ipad, 3), FOLD_E_RANGE);
    FAILS(fold_table_move_section(t, ipad, FOLD_ROOT, INT64_MAX), FOLD_E_RANGE);
    /* ...and not into itself. */
    FAILS(fold_table_move_section(t, mac, mac, 0), FOLD_E_INVALID);
    /* Paths: every index must name a section. */
    path[0] = 4;
    FAILS(fold_table_section_at_path(t, path, 1, &id), FOLD_E_RANGE);
    path[0] = -1;
    FAILS(fold_table_section_at_path(t, path, 1, &id), FOLD_E_RANGE);
    path[0] = 0;
    path[1] = 0; /* Mac's first child is a row */
    FAILS(fold_table_section_at_path(t, path, 2, &id), FOLD_E_INVALID);
    path[1] = 3;
    FAILS(fold_table_section_at_path(t, path, 2, &id), FOLD_E_RANGE);
    FAILS(fold_table_section_at_path(t, path, -1, &id), FOLD_E_RANGE);
    for (i = 0; i < FOLD_MAX_DEPTH + 2; i++) {
        path[i] = 0;
    }
    FAILS(fold_table_section_at_path(t, path, FOLD_MAX_DEPTH + 2, &id), FOLD_E_RANGE);
    /* A path has at least one index (the header: 1 <= length). */
    FAILS(fold_table_section_at_path(t, path, 0, &id), FOLD_E_INVALID);
    FAILS(fold_table_section_path(t, mac, path, -1, &written), FOLD_E_RANGE);
    CHECK_EQ_I64(id, 5);

    /* Positions: the list has 9 items. */
    bad_position(9);
    bad_position(-1);
    bad_position(INT64_MAX);
    bad_position(INT64_MIN);

    /* visible_items and sticky_headers: overscan and capacity. */
    FAILS(fold_table_visible_items(t, 0, 100, -1, vis, 4, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, INT64_MIN, vis, 4, &written, &total),
          FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, vis, -1, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, vis, INT64_MIN, &written, &total),
          FOLD_E_RANGE);
    FAILS(fold_table_visible_items(t, 0, 100, 0, NULL, -1, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_sticky_headers(t, 30, sticky, -1, &written, &total), FOLD_E_RANGE);
    FAILS(fold_table_measure(t, 0, 100, -1, &written), FOLD_E_RANGE);
    {
        double d = -5;
        FAILS(fold_table_reveal_offset(t, mac, -1, 0, 100, &d), FOLD_E_RANGE);
        FAILS(fold_table_reveal_offset(t, mac, INT64_MIN, 0, 100, &d), FOLD_E_RANGE);
        CHECK_EQ_DBL(d, -5);
    }
    CHECK_EQ_I64(written, -5);
    CHECK_EQ_I64(total, -5);
    FAILS(fold_table_set_sticky_levels(t, -1), FOLD_E_RANGE);
    FAILS(fold_table_set_sticky_levels(t, INT32_MIN), FOLD_E_RANGE);
    FAILS(fold_table_remove_listener(t, -1), FOLD_E_NOT_FOUND);
    FAILS_SAYING(fold_table_remove_listener(t, 123456), FOLD_E_NOT_FOUND, "123456");
}

/* Unknown constants: FOLD_TEXT_*, FOLD_HEIGHT_*, section flags, accordion,
 * alignment. */
static void test_unknown_constants(void)
{
    fold_table *t = table;
    char buf[16] = "x";
    size_t len = 77;
    fold_section_id id = 5;
    double d = -5;
    static const int32_t bad_which[] = {-1, 5, 99, INT32_MIN, INT32_MAX};
    /* Reported-only, unknown, COLLAPSED with EXPANDED, and COLLAPSED with a
     * flag that makes the section not collapsible ("a section that cannot
     * collapse cannot start collapsed"). */
    static const uint32_t bad_flags[] = {FOLD_SECTION_COLLAPSIBLE, 32u, 0x80000000u, 0xFFFFFFFFu,
                                         FOLD_SECTION_COLLAPSED | 64u,
                                         FOLD_SECTION_COLLAPSED | FOLD_SECTION_EXPANDED,
                                         FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED,
                                         FOLD_SECTION_COLLAPSED | FOLD_SECTION_NO_HEADER};
    size_t i;

    for (i = 0; i < sizeof bad_which / sizeof bad_which[0]; i++) {
        FAILS(fold_table_section_text(t, mac, bad_which[i], buf, sizeof buf, &len), FOLD_E_INVALID);
        FAILS(fold_table_set_section_height(t, mac, bad_which[i], 10), FOLD_E_INVALID);
        FAILS(fold_table_set_height_provider(t, bad_which[i], never_called_height, NULL),
              FOLD_E_INVALID);
        FAILS(fold_table_set_accordion(t, bad_which[i]), FOLD_E_INVALID);
        FAILS(fold_table_scroll_offset(t, 0, bad_which[i], 0, 100, &d), FOLD_E_INVALID);
    }
    FAILS_SAYING(fold_table_section_text(t, mac, 7, buf, sizeof buf, &len), FOLD_E_INVALID, "7");
    /* Heights a section does not have: FOLD_HEIGHT_EXPANDED is for providers
     * only; a footer has no provider. */
    FAILS(fold_table_set_section_height(t, mac, FOLD_HEIGHT_EXPANDED, 10), FOLD_E_INVALID);
    FAILS(fold_table_set_section_height(t, mac, 4, 10), FOLD_E_INVALID);
    FAILS(fold_table_set_height_provider(t, FOLD_HEIGHT_FOOTER, never_called_height, NULL),
          FOLD_E_INVALID);
    FAILS(fold_table_set_height_provider(t, 4, NULL, NULL), FOLD_E_INVALID);
    FAILS(fold_table_set_accordion(t, 3), FOLD_E_INVALID);
    FAILS(fold_table_scroll_offset(t, 0, FOLD_ALIGN_SMART + 1, 0, 100, &d), FOLD_E_INVALID);
    for (i = 0; i < sizeof bad_flags / sizeof bad_flags[0]; i++) {
        FAILS(fold_table_insert_section(t, FOLD_ROOT, 0, "new", "New", 1, bad_flags[i], &id),
              FOLD_E_INVALID);
        FAILS(fold_table_insert_section(t, mac, FOLD_INDEX_END, "new", "New", 0, bad_flags[i], &id),
              FOLD_E_INVALID);
    }
    FAILS_SAYING(fold_table_insert_section(t, FOLD_ROOT, 0, "new", "New", 1, 32u, &id),
                 FOLD_E_INVALID, "32");
    CHECK_EQ_I64(len, 77);
    CHECK_STR(buf, "x");
    CHECK_EQ_I64(id, 5);
    CHECK_EQ_DBL(d, -5);
}

static void test_bad_heights(void)
{
    fold_table *t = table;
    int b, k;
    double run[5] = {10, 20, 30, 40, 50};
    fold_visible_item vis[4];
    fold_sticky_header sticky[4];
    int64_t written = -5, total = -5, p = -5;
    int32_t place = -5;
    double d = -5;

    for (b = 0; b < NBAD_HEIGHTS; b++) {
        double bad = bad_heights[b];
        long failed_before = check_failed_so_far();
        FAILS(fold_table_set_section_height(t, mac, FOLD_HEIGHT_HEADER, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_height(t, mac, FOLD_HEIGHT_FOOTER, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_height(t, mac, FOLD_HEIGHT_ROW, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_section_height(t, empty, FOLD_HEIGHT_ROW, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, mac, 0, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, mac, 1, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_height(t, ipad, 1, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_expanded_height(t, mac, 2, bad), FOLD_E_INVALID);
        FAILS(fold_table_set_row_expanded_height(t, mac, 0, bad), FOLD_E_INVALID);
        /* One bad value in the middle of a run: no height changes. */
        for (k = 0; k < 3; k++) {
            double three[3] = {11, 12, 13};
            three[k] = bad;
            FAILS(fold_table_set_row_heights(t, mac, 0, 3, three), FOLD_E_INVALID);
            /* ...and no row is inserted. */
            FAILS(fold_table_insert_rows(t, mac, 1, 3, three), FOLD_E_INVALID);
            FAILS(fold_table_insert_rows(t, empty, FOLD_INDEX_END, 3, three), FOLD_E_INVALID);
        }
        run[2] = bad;
        FAILS(fold_table_set_row_heights(t, mac, 0, 3, run), FOLD_E_INVALID);
        FAILS(fold_table_insert_rows(t, ipad, 2, 5, run), FOLD_E_INVALID);
        run[2] = 30;
        if (check_failed_so_far() != failed_before) {
            fprintf(stderr, "  (with height %s)\n", bad_height_names[b]);
        }
    }
    /* FOLD_HEIGHT_DEFAULT is allowed in set_row_heights, but not a bad one next to it. */
    run[0] = FOLD_HEIGHT_DEFAULT;
    run[1] = 7;
    run[2] = -3;
    FAILS(fold_table_set_row_heights(t, mac, 0, 3, run), FOLD_E_INVALID);
    FAILS_SAYING(fold_table_set_section_height(t, mac, FOLD_HEIGHT_HEADER, -3), FOLD_E_INVALID, "-3");

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
    FAILS(fold_table_sticky_headers(t, nan_value(), sticky, 4, &written, &total), FOLD_E_INVALID);
    FAILS(fold_table_sticky_headers(t, -inf_value(), sticky, 4, &written, &total),
          FOLD_E_INVALID);
    FAILS(fold_table_set_viewport(t, nan_value(), 100), FOLD_E_INVALID);
    FAILS(fold_table_set_viewport(t, 0, -1), FOLD_E_INVALID);
    FAILS(fold_table_scroll_offset(t, 0, FOLD_ALIGN_AUTO, nan_value(), 100, &d), FOLD_E_INVALID);
    FAILS(fold_table_reveal_offset(t, mac, 5, 0, inf_value(), &d), FOLD_E_INVALID);
    FAILS(fold_table_measure(t, nan_value(), 100, 0, &p), FOLD_E_INVALID);
    CHECK_EQ_I64(written, -5);
    CHECK_EQ_I64(total, -5);
    CHECK_EQ_DBL(d, -5);
}

static void test_other_not_found(void)
{
    fold_table *t = table;
    int64_t n = -5;
    char buf[8] = "x";
    size_t len = 77;
    /* Sections without a footer. */
    FAILS(fold_table_footer_position(t, mac, &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_footer_position(t, ipad, &n), FOLD_E_NOT_FOUND);
    FAILS(fold_table_footer_position(t, watch, &n), FOLD_E_NOT_FOUND);
    /* A header without '|' has no detail ("Watch|" has an empty one). */
    FAILS(fold_table_section_text(t, ipad, FOLD_TEXT_DETAIL, buf, sizeof buf, &len),
          FOLD_E_NOT_FOUND);
    FAILS(fold_table_section_text(t, empty, FOLD_TEXT_DETAIL, buf, sizeof buf, &len),
          FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_section_text(t, watch, FOLD_TEXT_DETAIL, buf, sizeof buf, &len), FOLD_OK);
    CHECK_STR(buf, "");
    CHECK_EQ_I64(len, 0);
    /* Rows of a collapsed section. */
    FAILS(fold_table_row_position(t, ipad, 0, &n), FOLD_E_NOT_VISIBLE);
    FAILS(fold_table_row_position(t, ipad, 1, &n), FOLD_E_NOT_VISIBLE);
    FAILS(fold_table_reveal_row(t, ipad, 1, 0, &n), FOLD_E_NOT_VISIBLE);
    CHECK_EQ_I64(n, -5);
    /* A collapsed section cannot be made fixed: expand it first. */
    FAILS_SAYING(fold_table_set_collapsible(t, ipad, 0), FOLD_E_NOT_ALLOWED, "\"iPad\"");
}

/* Text into a caller's buffer: a buffer too small is not an error (the text
 * is cut at a character boundary and the full length reported). */
static void test_text_buffers(void)
{
    fold_table *t = table;
    char buf[16];
    size_t len = 77;
    int64_t path[1] = {-5}, n = -5;
    fold_section_id cafe;

    memset(buf, 'X', sizeof buf);
    CHECK_STATUS(fold_table_section_text(t, mac, FOLD_TEXT_HEADER, buf, 8, &len), FOLD_OK);
    CHECK_STR(buf, "Mac|Lap");
    CHECK_EQ_I64(len, strlen("Mac|Laptops and desktops"));
    CHECK_EQ_I64(buf[8], 'X'); /* nothing written past the capacity */
    CHECK_STATUS(fold_table_section_text(t, mac, FOLD_TEXT_TITLE, buf, 4, &len), FOLD_OK);
    CHECK_STR(buf, "Mac");
    CHECK_EQ_I64(len, 3);
    CHECK_STATUS(fold_table_section_text(t, mac, FOLD_TEXT_TITLE, buf, 3, &len), FOLD_OK);
    CHECK_STR(buf, "Ma");
    CHECK_EQ_I64(len, 3);
    CHECK_STATUS(fold_table_section_text(t, mac, FOLD_TEXT_KEY, buf, 1, &len), FOLD_OK);
    CHECK_STR(buf, "");
    CHECK_EQ_I64(len, 3);
    /* Capacity 0: NULL is fine, only the length. out_length is optional. */
    len = 77;
    CHECK_STATUS(fold_table_section_text(t, mac, FOLD_TEXT_DETAIL, NULL, 0, &len), FOLD_OK);
    CHECK_EQ_I64(len, strlen("Laptops and desktops"));
    CHECK_STATUS(fold_table_section_text(t, mac, FOLD_TEXT_DETAIL, buf, sizeof buf, NULL), FOLD_OK);
    CHECK_STR(buf, "Laptops and des");
    /* Cut at a UTF-8 character boundary, never inside one. */
    cafe = add(other, FOLD_ROOT, "caf\xC3\xA9", "Caf\xC3\xA9|\xE2\x98\x95", 0);
    CHECK_STATUS(fold_table_section_text(other, cafe, FOLD_TEXT_TITLE, buf, 5, &len), FOLD_OK);
    CHECK_STR(buf, "Caf");
    CHECK_EQ_I64(len, 5);
    CHECK_STATUS(fold_table_section_text(other, cafe, FOLD_TEXT_TITLE, buf, 6, &len), FOLD_OK);
    CHECK_STR(buf, "Caf\xC3\xA9");
    CHECK_STATUS(fold_table_section_text(other, cafe, FOLD_TEXT_DETAIL, buf, 3, &len), FOLD_OK);
    CHECK_STR(buf, "");
    CHECK_EQ_I64(len, 3);
    CHECK_STATUS(fold_table_section_text(other, cafe, FOLD_TEXT_KEY, buf, 4, &len), FOLD_OK);
    CHECK_STR(buf, "caf");
    CHECK_EQ_I64(len, 5);
    /* The indicator: collapsed iPad, an empty section (none). */
    CHECK_STATUS(fold_table_section_text(t, ipad, FOLD_TEXT_INDICATOR, buf, sizeof buf, &len), FOLD_OK);
    CHECK_STR(buf, ">");
    CHECK_STATUS(fold_table_section_text(t, empty, FOLD_TEXT_INDICATOR, buf, sizeof buf, &len),
                 FOLD_OK);
    CHECK_STR(buf, "");
    CHECK_EQ_I64(len, 0);
    /* Paths the same way: capacity 0 asks for the length. */
    CHECK_STATUS(fold_table_section_path(t, watch, NULL, 0, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    CHECK_STATUS(fold_table_section_path(t, watch, path, 1, &n), FOLD_OK);
    CHECK_EQ_I64(path[0], 3);
}

/* What a section's flags refuse (FOLD_E_NOT_ALLOWED), on a table of its
 * own: a fixed section, one without a header item, a collapsed one. */
static void test_not_allowed(void)
{
    fold_table *t = new_table(NULL);
    fold_section_id fixed = 0, group = 0, folded = 0;
    snapshot snap;
    int c = -5;
    int64_t n = -5;
    if (t == NULL) {
        return;
    }
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 0, "fixed", "Fixed", 2, FOLD_SECTION_FIXED,
                                           &fixed),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 1, "group", "Group", 2,
                                           FOLD_SECTION_NO_HEADER, &group),
                 FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, 2, "folded", "Folded", 2,
                                           FOLD_SECTION_COLLAPSED, &folded),
                 FOLD_OK);
    if (!CHECK(fixed != 0 && group != 0 && folded != 0) || !CHECK(take_snapshot(t, &snap))) {
        fold_table_free(t);
        return;
    }
    current = t;
    current_before = &snap;
    FAILS_SAYING(fold_table_collapse(t, fixed, &c), FOLD_E_NOT_ALLOWED, "\"fixed\"");
    FAILS(fold_table_toggle(t, fixed, &c), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_collapse(t, group, &c), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_toggle(t, group, &c), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_set_collapsible(t, group, 1), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_set_collapsible(t, folded, 0), FOLD_E_NOT_ALLOWED);
    FAILS(fold_table_header_position(t, group, &n), FOLD_E_NOT_FOUND);
    CHECK_EQ_I64(c, -5);
    CHECK_EQ_I64(n, -5);
    /* Expanding a fixed section does nothing. */
    CHECK_STATUS(fold_table_expand(t, fixed, &c), FOLD_OK);
    CHECK_EQ_I64(c, 0);
    current = table;
    current_before = &before;
    fold_table_free(t);
}

/* After all this, the table still works. */
static void test_still_usable(void)
{
    snapshot now;
    int64_t n = -1;
    fold_section_id id;
    CHECK(take_snapshot(table, &now));
    CHECK(snapshot_diff(&before, &now) == NULL);
    id = add(table, FOLD_ROOT, "new", "New", 2);
    CHECK_STATUS(fold_table_item_count(table, &n), FOLD_OK);
    CHECK_EQ_I64(n, 12);
    CHECK_EQ_I64(sec(table, "new"), id);
    CHECK_EQ_I64(info(table, id).index, 4);
    /* Ids are never handed out again. */
    CHECK(id != removed_id && id != removed_sub && id != foreign_id);
    /* A failure in another thread's state is not visible here; a success
     * here does not have to clear the message, but it must stay non-NULL. */
    CHECK(fold_last_error_message() != NULL);
}

int main(void)
{
    init_bad_heights();
    test_messages_and_names();
    make_table();
    current = table;
    current_before = &before;
    test_new();
    test_null_table();
    test_null_outputs();
    test_bad_strings();
    test_bad_ids();
    test_ranges();
    test_unknown_constants();
    test_bad_heights();
    test_other_not_found();
    test_text_buffers();
    test_not_allowed();
    test_still_usable();
    fold_table_free(table);
    fold_table_free(other);
    return check_done();
}
