/*
 * libFuzzer target: arbitrary bytes become a sequence of calls through the
 * C ABI of foldtable.h — good and bad arguments alike (NULL tables, NULL
 * pointers, negative / huge / INT64_MIN indices and counts, NaN, infinities,
 * negative and too large heights, invalid UTF-8, empty, unknown and
 * duplicate keys, paths too short or too long) — and checks what needs no
 * model:
 *
 *   - every status is one the header documents (FOLD_E_BUSY only for a
 *     change tried inside a callback, where it is required; FOLD_E_INTERNAL
 *     is reported as a finding, since it means an input reached a failure
 *     the engine did not foresee);
 *   - hostile callbacks (listeners, height and header height providers)
 *     remove and replace each other and themselves, add listeners, refuse
 *     "will" events, try changes (must be FOLD_E_BUSY) and free the table
 *     (deferred to the outermost call): each callback's user_data is freed
 *     as soon as it is removed or replaced, so a call after that is an ASan
 *     heap-use-after-free;
 *   - fold_last_error_message() is never NULL, and not empty after a failure;
 *   - a failed call leaves the table as it was (a fingerprint: item count,
 *     content height, sections, expanded rows, options) and its int64
 *     outputs unwritten;
 *   - the item count equals the total of visible_items over the whole
 *     content, content height is finite and >= 0, item_at_offset reports a
 *     position in range;
 *   - nothing crashes, leaks or touches memory it should not (ASan, LSan).
 *
 * Build and run: scripts/fuzz [seconds]   (see Tests/reliability/README.md)
 * Without libFuzzer, -DFUZZ_STANDALONE builds a main() that runs the files
 * named on the command line once each (for replaying a crash input).
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "foldtable.h"

/* ---- reading the input ------------------------------------------------ */

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t byte(reader *r)
{
    uint8_t b;
    if (r->n == 0) {
        return 0;
    }
    b = *r->p++;
    r->n--;
    return b;
}

static int64_t an_int(reader *r)
{
    static const int64_t pool[] = {0,  1,  2,  3,  4,  5,  7,  -1, -2, 63, 64, 65, 66, 100,
                                   1000, INT32_MAX, (int64_t)1 << 40, FOLD_MAX_ROWS,
                                   FOLD_MAX_ROWS + 1, INT64_MAX, INT64_MIN, INT64_MAX - 1};
    uint8_t b = byte(r);
    if (b < 128) {
        return b % 12; /* mostly small, valid-looking values */
    }
    return pool[b % (sizeof pool / sizeof pool[0])];
}

/* A count that is safe to pair with a buffer of `cap` elements: the
 * library may read that many, so only bad values beyond it are negative. */
static int64_t a_count(reader *r, int64_t cap)
{
    int64_t v = an_int(r);
    if (v > cap) {
        v = v % (cap + 1);
    }
    return v;
}

static double a_height(reader *r)
{
    /* Non-round heights (rounded to 1/256 pt units by the engine). */
    static const double pool[] = {0, 0.1, 1.0 / 3, 10, 17.7, 28, 33.3, 100.01, -1 /* default */, -2,
                                  -0.5, FOLD_MAX_HEIGHT, FOLD_MAX_HEIGHT + 1, 1e300, -1e300, 5e-324};
    uint8_t b = byte(r);
    if (b == 250) {
        return NAN;
    }
    if (b == 251) {
        return INFINITY;
    }
    if (b == 252) {
        return -INFINITY;
    }
    if (b == 253) {
        return -NAN;
    }
    if (b < 128) {
        return (double)b / 3;
    }
    return pool[b % (sizeof pool / sizeof pool[0])];
}

static double an_offset(reader *r)
{
    uint8_t b = byte(r);
    if (b == 255) {
        return NAN;
    }
    if (b == 254) {
        return INFINITY;
    }
    if (b == 253) {
        return -1e308;
    }
    if (b == 252) {
        return 1e308;
    }
    return ((double)b - 20) * 7.25;
}

static const char *a_key(reader *r)
{
    static const char *const keys[] = {
        "a", "b", "c", "d", "e", "f", "g", "h",
        "", NULL,
        "\xFF\xFE",          /* not UTF-8 */
        "\xC3(",             /* truncated sequence */
        "\xC0\x80",          /* overlong NUL */
        "\xED\xA0\x80",      /* surrogate */
        "\xF4\x90\x80\x80",  /* beyond U+10FFFF */
        "caf\xC3\xA9",       /* valid: café */
        "\xE2\x98\x95|x",    /* valid with a bar */
        "a|b|c",
    };
    uint8_t b = byte(r);
    if (b < 200) {
        return keys[b % 8];
    }
    return keys[b % (sizeof keys / sizeof keys[0])];
}

/* FOLDTABLE_KNOWN_BUGS=1: also make the calls known engine bugs break
 * (Tests/reliability/README.md); read once. */
static int known_bugs = -1;
/* FOLD_FUZZ_TRACE=1: print each operation (to read a crash input). */
static int trace = 0;

/* ---- checks ------------------------------------------------------------ */

static void die(const char *what, int line, int status)
{
    fprintf(stderr, "fuzz_ops: %s (line %d, status %d %s, message \"%s\")\n", what, line, status,
            fold_status_name(status), fold_last_error_message());
    abort();
}

static int documented(int st)
{
    return st == FOLD_OK || st == FOLD_E_INVALID || st == FOLD_E_RANGE ||
           st == FOLD_E_NOT_FOUND || st == FOLD_E_DUPLICATE || st == FOLD_E_NOT_VISIBLE;
}

static void check_status(int st, int line)
{
    const char *msg = fold_last_error_message();
    if (msg == NULL) {
        die("fold_last_error_message() returned NULL", line, st);
    }
    if (!documented(st)) {
        die("undocumented or unexpected status", line, st);
    }
    if (st != FOLD_OK && msg[0] == '\0') {
        die("a failure left an empty message", line, st);
    }
    if (fold_status_name(st) == NULL) {
        die("fold_status_name returned NULL", line, st);
    }
}

/* Known engine bug 3: expanded_rows is linear in the default rows between
 * expanded rows, so with a huge table it does not return in useful time.
 * Not called on huge tables unless FOLDTABLE_KNOWN_BUGS=1. */
static int huge_rows_bug(const fold_table *t)
{
    int64_t items = 0;
    fold_table_item_count(t, &items);
    return !known_bugs && items > 1000000;
}

typedef struct fingerprint {
    int64_t items, sections, top_sections, expanded;
    double content;
    int32_t accordion, sticky;
} fingerprint;

static void take(const fold_table *t, fingerprint *f)
{
    fold_section_state *st = NULL;
    fold_row_ref *rows = NULL;
    fold_table_options o;
    memset(f, 0, sizeof *f);
    f->items = f->sections = f->top_sections = f->expanded = -7;
    f->content = -7;
    fold_table_item_count(t, &f->items);
    fold_table_content_height(t, &f->content);
    fold_table_section_count(t, &f->top_sections);
    if (fold_table_section_states(t, &st, &f->sections) == FOLD_OK) {
        fold_free(st);
    }
    if (!huge_rows_bug(t) && fold_table_expanded_rows(t, &rows, &f->expanded) == FOLD_OK) {
        fold_free(rows);
    }
    fold_table_options_init(&o);
    if (fold_table_get_options(t, &o) == FOLD_OK) {
        f->accordion = o.accordion;
        f->sticky = o.sticky_levels;
    }
}

static int same(const fingerprint *a, const fingerprint *b)
{
    return a->items == b->items && a->sections == b->sections &&
           a->top_sections == b->top_sections && a->expanded == b->expanded &&
           (a->content == b->content || (a->content != a->content && b->content != b->content)) &&
           a->accordion == b->accordion && a->sticky == b->sticky;
}

static void invariants(const fold_table *t)
{
    int64_t count = -1, written = -1, total = -1, pos = -9;
    int32_t place = -9;
    double content = -1;
    int st;
    st = fold_table_item_count(t, &count);
    if (st != FOLD_OK || count < 0) {
        die("item_count failed", __LINE__, st);
    }
    st = fold_table_content_height(t, &content);
    if (st != FOLD_OK || !(content >= 0) || !isfinite(content)) {
        die("content_height is not a finite height", __LINE__, st);
    }
    /* The whole content in one viewport: every item. */
    st = fold_table_visible_items(t, -1, content * 2 + 10, 0, NULL, 0, &written, &total);
    if (st != FOLD_OK || written != 0 || total != count) {
        fprintf(stderr, "item_count %lld, visible_items total %lld (content %.17g)\n",
                (long long)count, (long long)total, content);
        die("visible_items over the whole content does not count every item", __LINE__, st);
    }
    st = fold_table_item_at_offset(t, content / 2, &pos, &place);
    if (st != FOLD_OK || pos < -1 || pos >= count || (count > 0 && pos < 0) ||
        place < FOLD_OFFSET_IN_ITEM || place > FOLD_OFFSET_BELOW) {
        die("item_at_offset out of range", __LINE__, st);
    }
}

#define CALL(expr) check_status((st = (expr)), __LINE__)

/* ---- hostile callbacks -------------------------------------------------- */

/* What a callback does when called (chosen from the input when it is
 * registered). Its user_data is a malloc'd hctx, freed the moment the
 * harness removes or replaces it: the library must never call it again. */
enum {
    ACT_READ,           /* queries only */
    ACT_REMOVE_OTHER,   /* removes listener slot arg and frees its user_data */
    ACT_REMOVE_SELF,    /* removes itself (listeners) and frees its own user_data */
    ACT_REPLACE_ROWS,   /* replaces the height provider, freeing the old user_data */
    ACT_REMOVE_ROWS,    /* removes the height provider */
    ACT_REPLACE_HEADER, /* replaces the header height provider */
    ACT_ADD,            /* adds a listener (first called in the next round) */
    ACT_FREE_TABLE,     /* fold_table_free: deferred to the outermost call */
    ACT_TRY_CHANGE,     /* a change: must be FOLD_E_BUSY */
    ACT_REFUSE,         /* refuses "will" events */
    ACT_COUNT
};

#define HSLOTS 6
#define HMAGIC 0x46c0ffeeu

typedef struct hctx {
    uint32_t magic;
    int kind; /* 0 change, 1 section, 2 row listener, 3 row provider, 4 header provider */
    int slot; /* listeners: index in hs.listeners */
    int64_t id;
    uint8_t action, arg;
} hctx;

static struct {
    fold_table *t;
    hctx *listeners[HSLOTS];
    hctx *rows, *header; /* the current providers' user_data */
    int freed;           /* the table was freed inside a callback */
    int calls;           /* callbacks run for this input (bounds the work) */
} hs;

static hctx *hctx_new(int kind, uint8_t action, uint8_t arg)
{
    hctx *c = (hctx *)calloc(1, sizeof *c);
    if (c == NULL) {
        abort();
    }
    c->magic = HMAGIC;
    c->kind = kind;
    c->slot = -1;
    c->action = (uint8_t)(action % ACT_COUNT);
    c->arg = arg;
    return c;
}

static void hctx_free(hctx *c)
{
    if (c != NULL) {
        c->magic = 0;
        free(c);
    }
}

static void hs_expect(int st, int expected, int line)
{
    if (st != expected) {
        die(expected == FOLD_E_BUSY ? "a change inside a callback was not refused with FOLD_E_BUSY"
                                    : "a callback-allowed call failed",
            line, st);
    }
}

static void on_change_h(fold_table *t, const fold_change_set *set, void *user_data);
static int on_section_h(fold_table *t, const char *key, int32_t event, void *user_data);
static int on_row_h(fold_table *t, const char *key, int64_t row, int32_t event, void *user_data);
static int rows_h(fold_table *t, const char *key, int64_t row, double *out, void *user_data);
static int header_h(fold_table *t, const char *key, double *out, void *user_data);

/* Registers a listener of `kind` in a free slot (none free: nothing). */
static void hs_add_listener(int kind, uint8_t action, uint8_t arg)
{
    int i, st;
    hctx *c;
    for (i = 0; i < HSLOTS && hs.listeners[i] != NULL; i++) {
    }
    if (i == HSLOTS) {
        return;
    }
    c = hctx_new(kind % 3, action, arg);
    c->slot = i;
    switch (c->kind) {
    case 0:
        st = fold_table_add_change_listener(hs.t, on_change_h, c, &c->id);
        break;
    case 1:
        st = fold_table_add_section_listener(hs.t, on_section_h, c, &c->id);
        break;
    default:
        st = fold_table_add_row_listener(hs.t, on_row_h, c, &c->id);
        break;
    }
    hs_expect(st, FOLD_OK, __LINE__);
    hs.listeners[i] = c;
}

static void hs_remove_listener(int slot)
{
    hctx *c = hs.listeners[slot];
    int64_t id;
    if (c == NULL) {
        return;
    }
    id = c->id;
    hs_expect(fold_table_remove_listener(hs.t, id), FOLD_OK, __LINE__);
    hs.listeners[slot] = NULL;
    hctx_free(c);
    /* Removing it again: the id is gone. */
    hs_expect(fold_table_remove_listener(hs.t, id), FOLD_E_NOT_FOUND, __LINE__);
}

/* Replaces (with_new) or removes the row or header provider; the old
 * user_data is freed as soon as the call returns. */
static void hs_set_provider(int header, int with_new, uint8_t action, uint8_t arg)
{
    hctx *old = header ? hs.header : hs.rows;
    hctx *c = with_new ? hctx_new(header ? 4 : 3, action, arg) : NULL;
    int st = header ? fold_table_set_header_height_provider(hs.t, c ? header_h : NULL, c)
                    : fold_table_set_height_provider(hs.t, c ? rows_h : NULL, c);
    hs_expect(st, FOLD_OK, __LINE__);
    if (header) {
        hs.header = c;
    } else {
        hs.rows = c;
    }
    hctx_free(old);
}

/* Runs a callback's action; returns 0 to refuse a "will" event. `self` may
 * be freed on return (ACT_REMOVE_SELF, or replaced providers). */
static int hs_act(fold_table *t, hctx *self)
{
    uint8_t action = self->action, arg = self->arg;
    int64_t n = -1;
    int st;
    if (self->magic != HMAGIC) {
        die("a callback got a user_data that is not live", __LINE__, 0);
    }
    if (t != hs.t) {
        die("a callback got another table", __LINE__, 0);
    }
    if (++hs.calls > 2000) {
        return 1; /* enough for one input */
    }
    /* Reading is allowed inside a callback, also after a deferred free. */
    hs_expect(fold_table_item_count(t, &n), FOLD_OK, __LINE__);
    switch (action) {
    case ACT_REMOVE_OTHER:
        if (hs.listeners[arg % HSLOTS] != self) {
            hs_remove_listener(arg % HSLOTS);
        }
        break;
    case ACT_REMOVE_SELF:
        if (self->kind <= 2) {
            hs_remove_listener(self->slot); /* frees self */
        } else {
            hs_set_provider(self->kind == 4, arg & 1, (uint8_t)(arg / 2), (uint8_t)(arg * 7));
        }
        break;
    case ACT_REPLACE_ROWS:
        hs_set_provider(0, 1, (uint8_t)(arg / 2), (uint8_t)(arg * 5 + 1));
        break;
    case ACT_REMOVE_ROWS:
        hs_set_provider(0, 0, 0, 0);
        break;
    case ACT_REPLACE_HEADER:
        hs_set_provider(1, arg & 1, (uint8_t)(arg / 2), (uint8_t)(arg * 3 + 2));
        break;
    case ACT_ADD:
        hs_add_listener(arg % 3, (uint8_t)(arg / 3), (uint8_t)(arg * 11 + 3));
        break;
    case ACT_FREE_TABLE:
        if (!hs.freed) {
            hs.freed = 1;
            fold_table_free(t);
        }
        break;
    case ACT_TRY_CHANGE:
        if (!hs.freed) {
            switch (arg % 3) {
            case 0:
                /* The key is looked up first: a missing "a" is not found. */
                st = fold_table_collapse_key(t, "a", NULL);
                if (st == FOLD_E_NOT_FOUND) {
                    st = FOLD_E_BUSY;
                }
                break;
            case 1:
                /* Without a provider there is nothing to change. */
                st = fold_table_measure(t, 0, 100, 0, NULL);
                if (st == FOLD_OK && hs.rows == NULL && hs.header == NULL) {
                    st = FOLD_E_BUSY;
                }
                break;
            default:
                st = fold_table_append_section(t, "zz", NULL, 1);
                break;
            }
            hs_expect(st, FOLD_E_BUSY, __LINE__);
            if (fold_last_error_message()[0] == '\0') {
                die("FOLD_E_BUSY without a message", __LINE__, st);
            }
        }
        break;
    case ACT_REFUSE:
        return 0;
    default:
        break;
    }
    return 1;
}

static void on_change_h(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)set;
    hs_act(t, (hctx *)user_data);
}

static int on_section_h(fold_table *t, const char *key, int32_t event, void *user_data)
{
    (void)key;
    (void)event;
    return hs_act(t, (hctx *)user_data);
}

static int on_row_h(fold_table *t, const char *key, int64_t row, int32_t event, void *user_data)
{
    (void)key;
    (void)row;
    (void)event;
    return hs_act(t, (hctx *)user_data);
}

static int rows_h(fold_table *t, const char *key, int64_t row, double *out, void *user_data)
{
    hctx *c = (hctx *)user_data;
    double h = (double)(c->arg % 64) + 0.25 * (double)(row & 3);
    (void)key;
    if (!hs_act(t, c)) {
        return 0; /* keep the estimate */
    }
    *out = h;
    return 1;
}

static int header_h(fold_table *t, const char *key, double *out, void *user_data)
{
    hctx *c = (hctx *)user_data;
    double h = (double)(c->arg % 48) + 0.5;
    (void)key;
    if (!hs_act(t, c)) {
        return 0;
    }
    *out = h;
    return 1;
}

/* One callback operation, from outside any callback. */
static void hostile_op(reader *r)
{
    uint8_t what = byte(r), action = byte(r), arg = byte(r);
    int64_t measured = -7;
    int st;
    switch (what % 6) {
    case 0:
    case 1:
        hs_add_listener(what / 6, action, arg);
        break;
    case 2:
        hs_set_provider(what & 8 ? 1 : 0, !(what & 16), action, arg);
        break;
    case 3:
        hs_remove_listener(arg % HSLOTS);
        break;
    default: {
        double offset = an_offset(r), height = a_height(r);
        int64_t overscan = an_int(r) % 8;
        /* measure is O(k) for the k rows of its viewport, and a viewport of
         * 2^28 rows of 0.1 pt holds them all (a 25 s timeout once): keep k
         * small, while bad arguments still reach the call. */
        int set = 0;
        double voffset = 0, vheight = 0;
        int64_t written = 0, total = 0;
        fold_table_viewport(hs.t, &set, &voffset, &vheight);
        if (fold_table_visible_items(hs.t, set ? voffset : offset, height, overscan < 0 ? 0 : overscan,
                                     NULL, 0, &written, &total) == FOLD_OK && total > 256) {
            break;
        }
        st = fold_table_measure(hs.t, offset, height, overscan, byte(r) & 1 ? &measured : NULL);
        check_status(st, __LINE__);
        if (st == FOLD_OK && measured != -7 && measured < 0) {
            die("measure wrote a negative count", __LINE__, st);
        }
        break;
    }
    }
}

/* ---- one operation ----------------------------------------------------- */

#define CAP 64

static void one_op(fold_table *t, reader *r, fold_table *good)
{
    uint8_t code = byte(r);
    fold_table *tt = t;
    int st = FOLD_OK, changed = -7;
    int64_t out64 = -7, out64b = -7, path[CAP + 8], len;
    int32_t out32 = -7;
    double d = -7, d2 = -7, d3 = -7, heights[CAP];
    char *s1 = NULL, *s2 = NULL;
    fingerprint before, after;
    int i, mutating;

    /* Now and then, the NULL table. */
    if ((code & 0xC0) == 0xC0 && (code & 7) == 0) {
        tt = NULL;
    }
    /* Eight heights and eight path indices from the input; the rest fixed,
     * so an operation costs few bytes. */
    for (i = 0; i < CAP; i++) {
        heights[i] = i < 8 ? a_height(r) : 10;
    }
    len = a_count(r, CAP + 8);
    for (i = 0; i < CAP + 8; i++) {
        path[i] = i < 6 ? an_int(r) % 4 : i < 8 ? an_int(r) : 0;
    }
    mutating = 1;
    take(good, &before);

    /* 8 codes of 256 are callback operations (hostile_op). */
    if ((code & 0xC7) == 0x87) {
        hostile_op(r);
        return;
    }

    switch (code % 64) {
    case 0:
        CALL(fold_table_insert_section(tt, an_int(r), a_key(r), a_key(r), an_int(r)));
        break;
    case 1:
        CALL(fold_table_append_section(tt, a_key(r), a_key(r), an_int(r)));
        break;
    case 2:
        CALL(fold_table_remove_section(tt, an_int(r)));
        break;
    case 3:
        CALL(fold_table_move_section(tt, an_int(r), an_int(r)));
        break;
    case 4:
        CALL(fold_table_set_section_header(tt, an_int(r), a_key(r)));
        break;
    case 5:
        CALL(fold_table_set_section_header_height(tt, an_int(r), a_height(r)));
        break;
    case 6:
        CALL(fold_table_set_section_footer_height(tt, an_int(r), a_height(r)));
        break;
    case 7:
        CALL(fold_table_set_section_row_height(tt, an_int(r), a_height(r)));
        break;
    case 8: {
        int64_t c = byte(r) & 1 ? a_count(r, CAP) : an_int(r);
        int with = c >= 0 && c <= CAP && (byte(r) & 1);
        CALL(fold_table_insert_rows(tt, an_int(r), an_int(r), c, with ? heights : NULL));
        break;
    }
    case 9:
        CALL(fold_table_remove_rows(tt, an_int(r), an_int(r), an_int(r)));
        break;
    case 10:
        CALL(fold_table_set_row_height(tt, an_int(r), an_int(r), a_height(r)));
        break;
    case 11:
        CALL(fold_table_set_row_heights(tt, an_int(r), an_int(r), a_count(r, CAP),
                                        byte(r) == 0 ? NULL : heights));
        break;
    case 12:
        CALL(fold_table_collapse(tt, an_int(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 13:
        CALL(fold_table_expand(tt, an_int(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 14:
        CALL(fold_table_toggle(tt, an_int(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 15:
        CALL(fold_table_collapse_key(tt, a_key(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 16:
        CALL(fold_table_expand_key(tt, a_key(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 17:
        CALL(fold_table_toggle_key(tt, a_key(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 18:
        CALL(byte(r) & 1 ? fold_table_collapse_all(tt, byte(r) & 1 ? &out64 : NULL)
                         : fold_table_expand_all(tt, byte(r) & 1 ? &out64 : NULL));
        break;
    case 19:
        CALL(fold_table_set_indicators(tt, a_key(r), a_key(r)));
        break;
    case 20:
        CALL(fold_table_insert_subsection(tt, a_key(r), an_int(r), a_key(r), a_key(r), an_int(r)));
        break;
    case 21: {
        int64_t c = byte(r) & 1 ? a_count(r, CAP) : an_int(r);
        int with = c >= 0 && c <= CAP && (byte(r) & 1);
        CALL(fold_table_insert_child_rows(tt, a_key(r), an_int(r), c, with ? heights : NULL));
        break;
    }
    case 22:
        CALL(fold_table_remove_children(tt, a_key(r), an_int(r), an_int(r)));
        break;
    case 23:
        CALL(fold_table_move_section_to(tt, a_key(r), a_key(r), an_int(r)));
        break;
    case 24:
        CALL(fold_table_insert_section_at_path(tt, byte(r) == 0 ? NULL : path, len, a_key(r),
                                               a_key(r), an_int(r)));
        break;
    case 25: {
        int64_t c = a_count(r, CAP);
        CALL(fold_table_insert_rows_at_path(tt, byte(r) == 0 ? NULL : path, len, c,
                                            byte(r) & 1 ? heights : NULL));
        break;
    }
    case 26:
        CALL(fold_table_remove_at_path(tt, byte(r) == 0 ? NULL : path, len, an_int(r)));
        break;
    case 27: {
        int64_t split = a_count(r, CAP / 2);
        CALL(fold_table_move_at_path(tt, path, len < CAP / 2 ? len : CAP / 2, path + CAP / 2,
                                     split));
        break;
    }
    case 28: {
        int64_t c = byte(r) & 1 ? a_count(r, CAP) : an_int(r);
        int with = c >= 0 && c <= CAP && (byte(r) & 1);
        CALL(fold_table_insert_rows_key(tt, a_key(r), an_int(r), c, with ? heights : NULL));
        break;
    }
    case 29:
        CALL(fold_table_remove_rows_key(tt, a_key(r), an_int(r), an_int(r)));
        break;
    case 30:
        CALL(fold_table_set_row_height_key(tt, a_key(r), an_int(r), a_height(r)));
        break;
    case 31:
        CALL(fold_table_set_row_expanded_height(tt, a_key(r), an_int(r), a_height(r)));
        break;
    case 32:
        CALL(fold_table_expand_row(tt, a_key(r), an_int(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 33:
        CALL(fold_table_collapse_row(tt, a_key(r), an_int(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 34:
        CALL(fold_table_toggle_row(tt, a_key(r), an_int(r), byte(r) & 1 ? &changed : NULL));
        break;
    case 35:
        CALL(fold_table_set_accordion(tt, (int32_t)an_int(r)));
        break;
    case 36:
        CALL(fold_table_activate(tt, an_int(r), byte(r) & 1 ? &out32 : NULL));
        break;
    case 37:
        CALL(fold_table_set_sticky_levels(tt, (int32_t)an_int(r)));
        break;

    /* Queries: they must not change anything either. */
    default:
        mutating = 0;
        switch (code % 64) {
        case 38:
            CALL(fold_table_section_count(tt, byte(r) ? &out64 : NULL));
            break;
        case 39:
            CALL(fold_table_section_index(tt, a_key(r), byte(r) ? &out64 : NULL));
            break;
        case 40:
            CALL(fold_table_section_key(tt, an_int(r), byte(r) ? &s1 : NULL));
            break;
        case 41: {
            /* NULL optional outputs leak today (known engine bug 2). */
            int null_title = (byte(r) & 1) && known_bugs, null_detail = (byte(r) & 1) && known_bugs;
            CALL(fold_table_section_header(tt, an_int(r), null_title ? NULL : &s1,
                                           null_detail ? NULL : &s2));
            break;
        }
        case 42:
            CALL(fold_table_section_heights(tt, an_int(r), byte(r) & 1 ? &d : NULL,
                                            byte(r) & 1 ? &d2 : NULL, byte(r) & 1 ? &d3 : NULL));
            break;
        case 43:
            CALL(fold_table_row_height(tt, an_int(r), an_int(r), byte(r) ? &d : NULL));
            break;
        case 44:
            CALL(byte(r) & 1 ? fold_table_row_count(tt, an_int(r), byte(r) ? &out64 : NULL)
                             : fold_table_visible_row_count(tt, an_int(r), byte(r) ? &out64 : NULL));
            break;
        case 45:
            CALL(byte(r) & 1 ? fold_table_is_collapsed(tt, an_int(r), byte(r) ? &changed : NULL)
                             : fold_table_is_collapsed_key(tt, a_key(r), byte(r) ? &changed : NULL));
            break;
        case 46: {
            fold_section_state *states = NULL;
            CALL(fold_table_section_states(tt, byte(r) ? &states : NULL, byte(r) ? &out64 : NULL));
            fold_free(states);
            break;
        }
        case 47:
            CALL(fold_table_section_indicator(tt, an_int(r), byte(r) ? &s1 : NULL));
            break;
        case 48: {
            fold_item item;
            CALL(fold_table_item_at(tt, an_int(r), byte(r) ? &item : NULL));
            break;
        }
        case 49:
            switch (byte(r) % 3) {
            case 0:
                CALL(fold_table_header_position(tt, an_int(r), &out64));
                break;
            case 1:
                CALL(fold_table_row_position(tt, an_int(r), an_int(r), &out64));
                break;
            default:
                CALL(fold_table_footer_position(tt, an_int(r), &out64));
                break;
            }
            break;
        case 50:
            CALL(byte(r) & 1 ? fold_table_item_height(tt, an_int(r), &d)
                             : fold_table_item_top(tt, an_int(r), byte(r) ? &d : NULL));
            break;
        case 51:
            CALL(fold_table_item_at_offset(tt, an_offset(r), byte(r) ? &out64 : NULL,
                                           byte(r) ? &out32 : NULL));
            break;
        case 52: {
            fold_visible_item items[CAP];
            int64_t cap = byte(r) & 1 ? a_count(r, CAP) : an_int(r) % (CAP + 1);
            CALL(fold_table_visible_items(tt, an_offset(r), a_height(r), an_int(r),
                                          byte(r) == 0 ? NULL : items, cap,
                                          byte(r) ? &out64 : NULL, byte(r) & 1 ? &out64b : NULL));
            break;
        }
        case 53: {
            fold_sticky_header headers[CAP];
            int64_t cap = a_count(r, CAP);
            CALL(fold_table_sticky_headers(tt, an_offset(r), byte(r) == 0 ? NULL : headers, cap,
                                           byte(r) ? &out64 : NULL, byte(r) & 1 ? &out64b : NULL));
            break;
        }
        case 54:
            CALL(fold_table_section_parent(tt, a_key(r), byte(r) ? &s1 : NULL));
            break;
        case 55:
            CALL(byte(r) & 1 ? fold_table_section_depth(tt, a_key(r), byte(r) ? &out64 : NULL)
                             : fold_table_child_count(tt, a_key(r), byte(r) ? &out64 : NULL));
            break;
        case 56:
            CALL(fold_table_child_at(tt, a_key(r), an_int(r), byte(r) ? &out32 : NULL,
                                     byte(r) & 1 ? &out64 : NULL,
                                     (byte(r) & 1) && known_bugs ? NULL : &s1));
            break;
        case 57: {
            int64_t cap = a_count(r, CAP);
            CALL(fold_table_section_path(tt, a_key(r), byte(r) == 0 ? NULL : path, cap,
                                         byte(r) ? &out64 : NULL));
            break;
        }
        case 58:
            CALL(byte(r) & 1 ? fold_table_path_key(tt, byte(r) ? path : NULL, len, &s1)
                             : fold_table_path_position(tt, byte(r) ? path : NULL, len,
                                                        byte(r) ? &out64 : NULL));
            break;
        case 59: {
            int64_t cap = a_count(r, CAP);
            CALL(byte(r) & 1 ? fold_table_item_path(tt, an_int(r), byte(r) == 0 ? NULL : path, cap,
                                                    byte(r) ? &out64 : NULL)
                             : fold_table_item_key(tt, an_int(r), byte(r) ? &s1 : NULL));
            break;
        }
        case 60:
            switch (byte(r) % 4) {
            case 0:
                CALL(fold_table_header_position_key(tt, a_key(r), &out64));
                break;
            case 1:
                CALL(fold_table_footer_position_key(tt, a_key(r), &out64));
                break;
            case 2:
                CALL(fold_table_row_position_key(tt, a_key(r), an_int(r), &out64));
                break;
            default:
                CALL(fold_table_row_count_key(tt, a_key(r), byte(r) ? &out64 : NULL));
                break;
            }
            break;
        case 61:
            switch (byte(r) % 4) {
            case 0:
                CALL(fold_table_row_height_key(tt, a_key(r), an_int(r), &d));
                break;
            case 1:
                CALL(fold_table_row_expanded_height(tt, a_key(r), an_int(r), byte(r) ? &d : NULL));
                break;
            case 2:
                CALL(fold_table_is_row_expanded(tt, a_key(r), an_int(r), byte(r) ? &changed : NULL));
                break;
            default:
                CALL(fold_table_is_row_expandable(tt, a_key(r), an_int(r),
                                                  byte(r) ? &changed : NULL));
                break;
            }
            break;
        case 62: {
            fold_row_ref *rows = NULL;
            if (huge_rows_bug(good)) {
                break;
            }
            CALL(fold_table_expanded_rows(tt, byte(r) ? &rows : NULL, byte(r) ? &out64 : NULL));
            fold_free(rows);
            break;
        }
        default: {
            /* Options out, with every size a caller may set. */
            union {
                fold_table_options o;
                unsigned char bytes[sizeof(fold_table_options) + 64];
            } u;
            memset(&u, 0xAB, sizeof u);
            fold_table_options_init(&u.o);
            u.o.size = (uint32_t)(byte(r) & 1 ? an_int(r) % (int64_t)(sizeof u) : sizeof u.o);
            CALL(fold_table_get_options(tt, byte(r) ? &u.o : NULL));
            CALL(fold_table_content_height(tt, byte(r) ? &d : NULL));
            CALL(fold_table_item_count(tt, byte(r) ? &out64 : NULL));
            (void)fold_status_name((int)an_int(r));
            break;
        }
        }
        break;
    }
    if (hs.freed) {
        /* A callback freed the table; the call that ran it returned normally
         * and the table is gone. Nothing more to check on it. */
        if (!documented(st)) {
            die("the call whose callback freed the table failed oddly", __LINE__, st);
        }
        return;
    }
    if (trace) {
        int64_t items = -1;
        fold_table_item_count(good, &items);
        fprintf(stderr, "op %2d%s -> %s (%lld items)\n", (int)(code % 64),
                tt == NULL ? " (NULL table)" : "", fold_status_name(st), (long long)items);
    }
    fold_free(s1);
    fold_free(s2);
    if (st != FOLD_OK || !mutating) {
        /* Failures change nothing; queries change nothing. */
        take(good, &after);
        if (!same(&before, &after)) {
            die(st != FOLD_OK ? "a failed call changed the table" : "a query changed the table",
                (int)(code % 64), st);
        }
        if (st != FOLD_OK && (out64 != -7 || out64b != -7)) {
            /* Some calls above write out64 only on success. */
            die("a failed call wrote an output", (int)(code % 64), st);
        }
    }
    (void)d;
    (void)d2;
    (void)d3;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r;
    fold_table *t = NULL;
    fold_table_options o;
    int st, steps = 0;
    uint8_t first;

    if (known_bugs < 0) {
        const char *kb = getenv("FOLDTABLE_KNOWN_BUGS");
        known_bugs = kb == NULL || strcmp(kb, "0") != 0; /* fixed: on unless "0" */
        trace = getenv("FOLD_FUZZ_TRACE") != NULL;
    }
    r.p = data;
    r.n = size;
    first = byte(&r);
    fold_table_options_init(&o);
    if (first & 1) {
        o.start_collapsed = byte(&r) & 1;
        o.row_height = a_height(&r);
        o.header_height = a_height(&r);
        o.footer_height = a_height(&r);
        o.padding_top = a_height(&r);
        o.padding_bottom = a_height(&r);
        o.accordion = (int32_t)(an_int(&r) % 4);
        o.sticky_levels = (int32_t)(an_int(&r) % 4);
        if (first & 2) {
            o.size = (uint32_t)(an_int(&r) % (int64_t)(sizeof o + 1));
        }
    }
    st = fold_table_new(first & 1 ? &o : NULL, byte(&r) == 255 ? NULL : &t);
    check_status(st, __LINE__);
    if (st != FOLD_OK) {
        if (t != NULL) {
            die("a failed fold_table_new wrote its output", __LINE__, st);
        }
        return 0;
    }
    if (t == NULL) {
        die("fold_table_new returned OK without a table", __LINE__, st);
    }
    memset(&hs, 0, sizeof hs);
    hs.t = t;
    while (r.n > 0 && steps++ < 400 && !hs.freed) {
        one_op(t, &r, t);
        if ((steps & 7) == 0 && !hs.freed) {
            invariants(t);
        }
    }
    if (!hs.freed) {
        invariants(t);
        fold_table_free(t);
    }
    /* The table no longer calls anything: free what it held. */
    for (steps = 0; steps < HSLOTS; steps++) {
        hctx_free(hs.listeners[steps]);
    }
    hctx_free(hs.rows);
    hctx_free(hs.header);
    memset(&hs, 0, sizeof hs);
    fold_table_free(NULL);
    fold_free(NULL);
    return 0;
}

#ifdef FUZZ_STANDALONE
/* Replays the inputs named on the command line (no libFuzzer needed). */
int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        uint8_t *buf;
        long n;
        if (f == NULL) {
            perror(argv[i]);
            return 2;
        }
        fseek(f, 0, SEEK_END);
        n = ftell(f);
        fseek(f, 0, SEEK_SET);
        buf = (uint8_t *)malloc((size_t)n + 1);
        if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
            fclose(f);
            return 2;
        }
        fclose(f);
        LLVMFuzzerTestOneInput(buf, (size_t)n);
        free(buf);
        printf("%s: ok\n", argv[i]);
    }
    return 0;
}
#endif
