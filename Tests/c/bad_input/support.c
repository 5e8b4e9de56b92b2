/*
 * bad_input/support.c — the bad values (heights, UTF-8, indices), the snapshot of all a
 * caller can observe, the table under test and the FAILS checks.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bad_input.h"

/* ---- values ----------------------------------------------------------- */

double nan_value(void)
{
    volatile double zero = 0.0;
    return zero / zero;
}

double inf_value(void)
{
    volatile double zero = 0.0;
    return 1.0 / zero;
}

double bad_heights[NBAD_HEIGHTS];
const char *bad_height_names[NBAD_HEIGHTS] = {
    "NaN", "+inf", "-inf", "-0.5", "-1.0000001", "-2", "-1e300", "FOLD_MAX_HEIGHT + 1", "1e300",
};

void init_bad_heights(void)
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

const char *const bad_utf8[NBAD_UTF8] = {
    "\xFF",                /* never valid */
    "abc\xC3",             /* truncated sequence */
    "\xC0\xAF",            /* overlong '/' */
    "\xE0\x80\xAF",        /* overlong, 3 bytes */
    "\xED\xA0\x80",        /* UTF-16 surrogate */
    "\xF4\x90\x80\x80",    /* above U+10FFFF */
    "a\200b",              /* lone continuation byte */
    "Mac\xFE",             /* a valid key followed by a bad byte */
};

const int64_t bad_index_extra[NBAD_INDEX] = {-1, INT64_MIN, INT64_MAX, ((int64_t)1 << 62)};

/* ---- snapshot of everything a caller can observe ---------------------- */

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
int take_snapshot(const fold_table *t, snapshot *s)
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
    ok &= fold_table_structure_version(t, &s->structure) == FOLD_OK;
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
const char *snapshot_diff(const snapshot *a, const snapshot *b)
{
    static char why[256];
    int64_t i, j;
    if (memcmp(&a->options, &b->options, sizeof a->options) != 0) return "options";
    if (a->sections != b->sections) return "section count";
    if (a->items != b->items) return "item count";
    if (a->content != b->content) return "content height";
    if (a->structure != b->structure) return "structure version";
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

fold_table *table;
snapshot before;
int64_t nsections; /* top-level sections of `table` */
fold_section_id mac, ipad, empty, watch; /* its sections' ids */
fold_section_id removed_id;              /* a section removed from it */
fold_section_id removed_sub;             /* a subsection of that one */
fold_section_id foreign_id;              /* a section of another table */
fold_table *other;                       /* that table */

/* Four sections: Mac (3 rows, one 50 high, one expandable and expanded),
 * iPad (2 rows, collapsed), empty (no rows, footer 8), Watch (1 row,
 * header 0). Custom indicators. A fifth section, added and removed, gives
 * removed_id; another table gives foreign_id. */
void make_table(void)
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
fold_table *current;
snapshot *current_before;

/* Words a C user does not need to see in a message: Swift's spelling of
 * values and types. */
static const char *const unwanted_words[] = {"Optional(", "Swift.", "Int64(", "UInt64(", "nil",
                                             "String(", "Error(", "fatal"};

/* Expects `got` to be the failure `expected`, with a message in a C user's
 * words, and the table unchanged. */
void fails_(const char *file, int line, const char *expr, int got, int expected)
{
    char message[512];
    const char *m = fold_last_error_message();
    snapshot after;
    const char *diff;
    long failed_before = check_failed_so_far();
    size_t w;

    copy_string(message, sizeof message, m);
    if (!check_status_(got, expected, file, line, expr)) {
        return;
    }
    check_cond_(m != NULL && message[0] != '\0', file, line,
                "fold_last_error_message() is not empty after a failure");
    for (w = 0; w < sizeof unwanted_words / sizeof unwanted_words[0]; w++) {
        check_cond_(strstr(message, unwanted_words[w]) == NULL, file, line,
                    "the message is in a C user's words");
    }
    if (!check_cond_(take_snapshot(current, &after), file, line, "snapshot after the call")) {
        return;
    }
    diff = snapshot_diff(current_before, &after);
    if (!check_cond_(diff == NULL, file, line, "the table is unchanged")) {
        fprintf(stderr, "  changed: %s, after %s\n", diff, expr);
    }
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  message was: \"%s\"\n", message);
    }
}

/* The failure's message names `what` (an id, a key, a value). */
void says_(const char *file, int line, const char *expr, int got, int expected, const char *what)
{
    char message[512];
    copy_string(message, sizeof message, fold_last_error_message());
    fails_(file, line, expr, got, expected);
    if (!check_cond_(strstr(message, what) != NULL, file, line, "the message names it")) {
        fprintf(stderr, "  expected \"%s\" in \"%s\"\n", what, message);
    }
}

/* For calls that fail without a table (NULL table, fold_table_new). */
void fails_no_table_(const char *file, int line, const char *expr, int got, int expected)
{
    const char *m = fold_last_error_message();
    int nonempty = m != NULL && m[0] != '\0';
    if (check_status_(got, expected, file, line, expr)) {
        check_cond_(nonempty, file, line, "fold_last_error_message() is not empty");
    }
}
