/*
 * verify_queries.c — differential test (test_differential.c): failure reporting, and the comparisons of single queries with the model:
 * item fields, offsets, the viewport, sticky headers, section texts.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"

/* ---- failure reporting ------------------------------------------------ */

char fail_msg[1024];

int failf(const char *fmt, ...)
{
    va_list ap;
    if (fail_msg[0] == '\0') {
        va_start(ap, fmt);
        vsnprintf(fail_msg, sizeof fail_msg, fmt, ap);
        va_end(ap);
    }
    return 1;
}

/* Change sets delivered so far (the change listener of every table counts them). */
long change_sets_seen;


char ctx[160]; /* what is being compared, for messages */

/* ---- verification ----------------------------------------------------- */

int check_item_fields(int64_t pos, int kind, int depth, fold_section_id section,
                      int64_t row, uint32_t flags, const mitem *x)
{
    sprintf(ctx, "item %lld kind", (long long)pos);
    EXPECT_I(kind, x->kind, ctx);
    sprintf(ctx, "item %lld depth", (long long)pos);
    EXPECT_I(depth, x->depth, ctx);
    sprintf(ctx, "item %lld section id (of \"%s\")", (long long)pos, x->sec->key);
    EXPECT_I(section, x->section, ctx);
    sprintf(ctx, "item %lld row", (long long)pos);
    EXPECT_I(row, x->row, ctx);
    sprintf(ctx, "item %lld flags", (long long)pos);
    EXPECT_I(flags, x->flags, ctx);
    return 0;
}

void model_offset(const model *m, double y, int64_t *pos, int32_t *place)
{
    int64_t i;
    if (y < m->o.padding_top) {
        *pos = nitems > 0 ? 0 : -1;
        *place = FOLD_OFFSET_ABOVE;
        return;
    }
    for (i = 0; i < nitems; i++) {
        if (items[i].top <= y && y < items[i].top + items[i].h) {
            *pos = i;
            *place = FOLD_OFFSET_IN_ITEM;
            return;
        }
    }
    if (nitems > 0 && y < items[0].top) {
        *pos = 0;
        *place = FOLD_OFFSET_ABOVE;
        return;
    }
    *pos = nitems - 1;
    *place = FOLD_OFFSET_BELOW;
}

int check_offset(const fold_table *t, const model *m, double y)
{
    int64_t pos = -9, epos;
    int32_t place = -9, eplace;
    model_offset(m, y, &epos, &eplace);
    sprintf(ctx, "item_at_offset(%.17g)", y);
    EXPECT_ST(fold_table_item_at_offset(t, y, &pos, &place), FOLD_OK);
    EXPECT_I(pos, epos, ctx);
    EXPECT_I(place, eplace, ctx);
    return 0;
}

int check_viewport(const fold_table *t, double offset, double height, int64_t overscan,
                   int64_t capacity)
{
    fold_visible_item out[MAX_ITEMS + 2];
    int64_t first = -1, last = -2, i, written = -9, total = -9, etotal;
    for (i = 0; i < nitems; i++) {
        const mitem *x = &items[i];
        int in = (x->top < offset + height && x->top + x->h > offset) ||
                 (x->h == 0 && x->top >= offset && x->top < offset + height);
        if (in) {
            if (first < 0) {
                first = i;
            }
            last = i;
        }
    }
    sprintf(ctx, "visible_items(%.17g, %.17g, overscan %lld, capacity %lld)", offset, height,
            (long long)overscan, (long long)capacity);
    EXPECT_ST(fold_table_visible_items(t, offset, height, overscan, capacity ? out : NULL,
                                       capacity, &written, &total),
              FOLD_OK);
    if (first < 0) {
        /* Nothing intersects: the header does not say what overscan then
         * widens, so only consistency is checked (and emptiness without it). */
        if (overscan == 0) {
            EXPECT_I(total, 0, ctx);
        }
        EXPECT_I(written, total < capacity ? total : capacity, ctx);
        first = written > 0 ? out[0].position : 0;
        etotal = total;
    } else {
        first = first - overscan < 0 ? 0 : first - overscan;
        last = last + overscan > nitems - 1 ? nitems - 1 : last + overscan;
        etotal = last - first + 1;
        EXPECT_I(total, etotal, ctx);
        EXPECT_I(written, etotal < capacity ? etotal : capacity, ctx);
    }
    for (i = 0; i < written; i++) {
        const mitem *x;
        if (first + i >= nitems || first + i < 0) {
            return failf("%s: item %lld at position %lld is past the list", ctx, (long long)i,
                         (long long)(first + i));
        }
        x = &items[first + i];
        EXPECT_I(out[i].position, first + i, ctx);
        if (check_item_fields(first + i, out[i].kind, out[i].depth, out[i].section, out[i].row,
                              out[i].flags, x)) {
            return failf("(in %s)", ctx);
        }
        EXPECT_D(out[i].top, x->top, ctx);
        EXPECT_D(out[i].height, x->h, ctx);
    }
    return 0;
}

/* The header's rule for sticky headers, as linear scans: level d is the
 * d-th section with a header item around the item at the bottom of the
 * headers drawn so far (the first item ending below it), inside the level
 * above's section; sections without a header item are looked through. */
int model_sticky(const model *m, double y, fold_sticky_header *out)
{
    double stack_top = y;
    const msec *above = &m->root;
    int written = 0;
    while (m->sticky == 0 || written < m->sticky) {
        msec *chain[MODEL_MAX_DEPTH + 1];
        int64_t probe = -1, i;
        int n = 0, k;
        msec *s;
        double h, lim, drawn;
        for (i = 0; i < nitems; i++) {
            if (items[i].top + items[i].h > stack_top) {
                probe = i;
                break;
            }
        }
        if (probe < 0) {
            break;
        }
        for (s = items[probe].sec; s != &m->root; s = s->parent) {
            n += !s->no_header;
        }
        k = n;
        for (s = items[probe].sec; s != &m->root; s = s->parent) {
            if (!s->no_header) {
                chain[--k] = s;
            }
        }
        if (n <= written || (written > 0 && chain[written - 1] != above)) {
            break;
        }
        s = chain[written];
        h = eff_hh(m, s);
        lim = s->end - h;
        drawn = stack_top < lim ? stack_top : lim;
        if (drawn < s->htop) {
            drawn = s->htop;
        }
        out[written].position = s->hpos;
        out[written].section = s->fid;
        out[written].depth = depth_of(m, s);
        out[written].top = drawn;
        out[written].height = h;
        written++;
        stack_top = drawn + h;
        above = s;
    }
    return written;
}

int check_sticky(const fold_table *t, const model *m, double y, int64_t capacity)
{
    fold_sticky_header want[MODEL_MAX_DEPTH + 1], got[MODEL_MAX_DEPTH + 1];
    int64_t written = -9, total = -9, i;
    int n = model_sticky(m, y, want);
    sprintf(ctx, "sticky_headers(%.17g, capacity %lld)", y, (long long)capacity);
    EXPECT_ST(fold_table_sticky_headers(t, y, capacity ? got : NULL, capacity, &written, &total),
              FOLD_OK);
    EXPECT_I(total, n, ctx);
    EXPECT_I(written, n < capacity ? n : capacity, ctx);
    for (i = 0; i < written; i++) {
        EXPECT_I(got[i].position, want[i].position, ctx);
        EXPECT_I(got[i].section, want[i].section, ctx);
        EXPECT_I(got[i].depth, want[i].depth, ctx);
        EXPECT_D(got[i].top, want[i].top, ctx);
        EXPECT_D(got[i].height, want[i].height, ctx);
    }
    return 0;
}

void split_header(const char *text, char *title, char *detail, int *has_detail)
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

/* One text of a section, whole and into a buffer of a random capacity:
 * snprintf's convention, cut at a UTF-8 character boundary. */
int check_text(const fold_table *t, const msec *s, int32_t which, const char *want,
               rng *vr)
{
    static const char *const names[] = {"KEY", "HEADER", "TITLE", "DETAIL", "INDICATOR"};
    char buf[64], small[64];
    size_t len = 999, wlen, cap, cut;
    sprintf(ctx, "section_text(\"%s\", FOLD_TEXT_%s)", s->key, names[which]);
    if (want == NULL) {
        EXPECT_ST(fold_table_section_text(t, s->fid, which, buf, sizeof buf, &len), FOLD_E_NOT_FOUND);
        return 0;
    }
    EXPECT_ST(fold_table_section_text(t, s->fid, which, buf, sizeof buf, &len), FOLD_OK);
    EXPECT_S(buf, want, ctx);
    wlen = strlen(want);
    EXPECT_I(len, wlen, ctx);
    cap = (size_t)rng_below(vr, (int64_t)wlen + 2);
    cut = cap == 0 ? 0 : (wlen < cap - 1 ? wlen : cap - 1);
    while (cut > 0 && cut < wlen && ((unsigned char)want[cut] & 0xC0) == 0x80) {
        cut--;
    }
    memset(small, 'X', sizeof small);
    len = 999;
    sprintf(ctx, "section_text(\"%s\", FOLD_TEXT_%s) into %d bytes", s->key, names[which], (int)cap);
    EXPECT_ST(fold_table_section_text(t, s->fid, which, cap ? small : NULL, cap, &len), FOLD_OK);
    EXPECT_I(len, wlen, ctx);
    if (cap > 0) {
        EXPECT_I(memcmp(small, want, cut), 0, ctx);
        EXPECT_I(small[cut], '\0', ctx);
    }
    if (cap < sizeof small) {
        EXPECT_I(small[cap], 'X', ctx); /* nothing written past capacity */
    }
    return 0;
}
