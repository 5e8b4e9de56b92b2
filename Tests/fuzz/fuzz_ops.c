/*
 * libFuzzer target: arbitrary bytes become a sequence of calls through the
 * C ABI of foldtable.h — good and bad arguments alike (NULL tables, NULL
 * pointers, negative / huge / INT64_MIN indices and counts, NaN, infinities,
 * negative and too large heights, invalid UTF-8, empty, unknown and
 * duplicate keys, unknown flags and constants, paths too short or too long,
 * FOLD_ROOT where a section is required) — and checks what needs no model:
 *
 *   - every status is one the header documents (FOLD_E_BUSY only for a
 *     change tried inside a callback, where it is required; FOLD_E_INTERNAL
 *     is reported as a finding, since it means an input reached a failure
 *     the engine did not foresee);
 *   - section ids: the harness keeps the ids the table handed out, the ids
 *     of sections since removed and the ids of a second table (one of them
 *     removed there too) and feeds them to every call that takes an id; a
 *     removed section's id or another table's id, with every other argument
 *     valid, must be FOLD_E_NOT_FOUND for every function that takes a
 *     section (FOLD_ROOT where a section is required: FOLD_E_INVALID); a
 *     new id is never 0, never one handed out before, and find_section
 *     gives it back for its key;
 *   - hostile callbacks (listeners, row, header and expanded-height
 *     providers) remove and replace each other and themselves, add
 *     listeners, refuse "will" events, try changes (must be FOLD_E_BUSY),
 *     change another table (allowed), return bad heights and free the table
 *     (deferred to the outermost call): each callback's user_data is freed
 *     as soon as it is removed or replaced, so a call after that is an ASan
 *     heap-use-after-free; every callback gets a live id and its key;
 *   - fold_table_section_text with buffers of 0 to 9 bytes: NUL-terminated
 *     inside the buffer, nothing written past it, a prefix of the whole text
 *     cut at a UTF-8 boundary, the full length reported;
 *   - fold_last_error_message() is never NULL, and not empty after a failure;
 *   - a failed call leaves the table as it was (a fingerprint: item count,
 *     content height, sections, expanded rows, options, viewport) and its
 *     outputs unwritten;
 *   - the item count equals the total of visible_items over the whole
 *     content, content height is finite and >= 0, item_at_offset reports a
 *     position in range, an item's section id is live;
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

/* Section flags for fold_table_insert_section: mostly combinations of the
 * four it takes (some of them invalid together), sometimes the reported-only
 * FOLD_SECTION_COLLAPSIBLE or unknown bits. */
static uint32_t a_flags(reader *r)
{
    static const uint32_t pool[] = {FOLD_SECTION_COLLAPSIBLE, 32u, 0x80000000u, 0xFFFFFFFFu, 15u};
    uint8_t b = byte(r);
    if (b < 160) {
        return (uint32_t)(b % 32) & (FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED |
                                     FOLD_SECTION_NO_HEADER | FOLD_SECTION_EXPANDED);
    }
    if (b < 230) {
        return 0;
    }
    return pool[b % (sizeof pool / sizeof pool[0])];
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
           st == FOLD_E_NOT_FOUND || st == FOLD_E_DUPLICATE || st == FOLD_E_NOT_VISIBLE ||
           st == FOLD_E_NOT_ALLOWED;
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
    double content, voffset, vheight;
    int32_t accordion, sticky;
    int vset;
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
    fold_table_child_count(t, FOLD_ROOT, &f->top_sections);
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
    fold_table_viewport(t, &f->vset, &f->voffset, &f->vheight);
}

static int same_double(double a, double b)
{
    return a == b || (a != a && b != b);
}

static int same(const fingerprint *a, const fingerprint *b)
{
    return a->items == b->items && a->sections == b->sections &&
           a->top_sections == b->top_sections && a->expanded == b->expanded &&
           same_double(a->content, b->content) && a->accordion == b->accordion &&
           a->sticky == b->sticky && a->vset == b->vset &&
           (!a->vset || (same_double(a->voffset, b->voffset) && same_double(a->vheight, b->vheight)));
}

static void invariants(const fold_table *t)
{
    int64_t count = -1, written = -1, total = -1, pos = -9;
    int32_t place = -9;
    double content = -1;
    fold_item item;
    fold_section_info si;
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
    if (count > 0) {
        /* An item names a live section, at the depth the section has. */
        st = fold_table_item_at(t, count / 2, &item);
        if (st != FOLD_OK || item.section == FOLD_ROOT) {
            die("item_at in range failed or named no section", __LINE__, st);
        }
        st = fold_table_section_info(t, item.section, &si);
        if (st != FOLD_OK || si.depth != item.depth) {
            die("an item's section id is not live or its depth differs", __LINE__, st);
        }
    }
}

#define CALL(expr) check_status((st = (expr)), __LINE__)

/* ---- section ids --------------------------------------------------------- */

#define IDCAP 48
#define DEADCAP 32

static struct {
    fold_table *other;               /* a second table: its ids are foreign here */
    fold_section_id known[IDCAP];    /* ids seen in this table (live or not) */
    int nknown, nextknown;
    fold_section_id dead[DEADCAP];   /* ids of sections since removed */
    int ndead, nextdead;
    fold_section_id foreign[4];      /* the second table's (the last one removed there) */
} ids;

static int id_in(const fold_section_id *list, int n, fold_section_id id)
{
    int i;
    for (i = 0; i < n; i++) {
        if (list[i] == id) {
            return 1;
        }
    }
    return 0;
}

static void id_known(fold_section_id id)
{
    if (id == FOLD_ROOT || id_in(ids.known, ids.nknown, id)) {
        return;
    }
    ids.known[ids.nextknown] = id;
    ids.nextknown = (ids.nextknown + 1) % IDCAP;
    if (ids.nknown < IDCAP) {
        ids.nknown++;
    }
}

static void id_dead(fold_section_id id)
{
    if (id_in(ids.dead, ids.ndead, id)) {
        return;
    }
    ids.dead[ids.nextdead] = id;
    ids.nextdead = (ids.nextdead + 1) % DEADCAP;
    if (ids.ndead < DEADCAP) {
        ids.ndead++;
    }
}

/* A section was inserted with id `id` and key `key`: a new id, never 0 nor
 * one seen before, that the key finds. */
static void id_new(const fold_table *t, fold_section_id id, const char *key)
{
    fold_section_id found = 0;
    if (id == FOLD_ROOT) {
        die("a new section got id 0 (FOLD_ROOT)", __LINE__, 0);
    }
    if (id_in(ids.known, ids.nknown, id) || id_in(ids.dead, ids.ndead, id) ||
        id_in(ids.foreign, 4, id)) {
        die("a new section got an id handed out before", __LINE__, 0);
    }
    if (fold_table_find_section(t, key, &found) != FOLD_OK || found != id) {
        die("find_section does not give a new section's id back", __LINE__, 0);
    }
    id_known(id);
}

/* After a call that may have removed sections: the known ids that stopped
 * resolving are dead from now on. */
static void ids_scan(const fold_table *t)
{
    fold_section_info si;
    int i;
    for (i = 0; i < ids.nknown; i++) {
        if (fold_table_section_info(t, ids.known[i], &si) == FOLD_E_NOT_FOUND) {
            id_dead(ids.known[i]);
        }
    }
}

/* An id to pass where a section or parent is asked for: a top-level
 * section by index, a known id (live or not), a section found by key, a
 * removed or foreign id, FOLD_ROOT or a made-up value. */
static fold_section_id an_id(reader *r, const fold_table *t)
{
    static const fold_section_id odd[] = {FOLD_ROOT, FOLD_ROOT, 1, 2, 3, UINT64_MAX,
                                          (fold_section_id)1 << 32, (fold_section_id)1 << 63};
    uint8_t b = byte(r);
    fold_section_id id = FOLD_ROOT;
    int32_t kind = -1;
    switch (b % 8) {
    case 0:
    case 1:
    case 2:
        if (fold_table_child_at(t, FOLD_ROOT, (b / 8) % 6, &kind, &id, NULL) == FOLD_OK) {
            id_known(id);
            return id;
        }
        /* fall through */
    case 3:
    case 4:
        if (ids.nknown > 0) {
            return ids.known[(b / 8) % ids.nknown];
        }
        /* fall through */
    case 5:
        if (fold_table_find_section(t, a_key(r), &id) == FOLD_OK) {
            id_known(id);
            return id;
        }
        return FOLD_ROOT;
    case 6:
        if (ids.ndead > 0 && (b & 8)) {
            return ids.dead[(b / 16) % ids.ndead];
        }
        return ids.foreign[(b / 16) % 4];
    default:
        return odd[(b / 8) % (sizeof odd / sizeof odd[0])];
    }
}

/* A live section of `t` (0 if it has none). */
static fold_section_id a_live(const fold_table *t)
{
    fold_section_info si;
    int i;
    for (i = 0; i < ids.nknown; i++) {
        if (fold_table_section_info(t, ids.known[i], &si) == FOLD_OK) {
            return ids.known[i];
        }
    }
    return FOLD_ROOT;
}

/* A live section of `t` with a row 0 (0 if it has none). */
static fold_section_id a_live_row(const fold_table *t)
{
    fold_section_info si;
    int i;
    for (i = 0; i < ids.nknown; i++) {
        if (fold_table_section_info(t, ids.known[i], &si) == FOLD_OK && si.row_count > 0) {
            return ids.known[i];
        }
    }
    return FOLD_ROOT;
}

/* ---- hostile callbacks -------------------------------------------------- */

/* What a callback does when called (chosen from the input when it is
 * registered). Its user_data is a malloc'd hctx, freed the moment the
 * harness removes or replaces it: the library must never call it again. */
enum {
    ACT_READ,            /* queries only (and checks its id against its key) */
    ACT_REMOVE_OTHER,    /* removes listener slot arg and frees its user_data */
    ACT_REMOVE_SELF,     /* removes itself and frees its own user_data */
    ACT_REPLACE_ROWS,    /* replaces the row height provider, freeing the old user_data */
    ACT_REMOVE_ROWS,     /* removes the row height provider */
    ACT_REPLACE_HEADER,  /* replaces or removes the header height provider */
    ACT_ADD,             /* adds a listener (first called in the next round) */
    ACT_FREE_TABLE,      /* fold_table_free: deferred to the outermost call */
    ACT_TRY_CHANGE,      /* a change: must be FOLD_E_BUSY */
    ACT_REFUSE,          /* refuses "will" events (providers: keep the estimate) */
    ACT_REPLACE_EXPANDED, /* replaces or removes the expanded-height provider */
    ACT_OTHER_TABLE,     /* changes the second table: allowed */
    ACT_BAD_HEIGHT,      /* providers answer NaN, infinite, negative or too large */
    ACT_COUNT
};

#define HSLOTS 6
#define HMAGIC 0x46c0ffeeu

/* Callback kinds: 0 change, 1 section, 2 row listener; providers 3 + P_*. */
enum { P_ROW, P_HEADER, P_EXPANDED, P_COUNT };

typedef struct hctx {
    uint32_t magic;
    int kind;
    int slot; /* listeners: index in hs.listeners */
    int64_t id;
    uint8_t action, arg;
} hctx;

static struct {
    fold_table *t;
    hctx *listeners[HSLOTS];
    hctx *prov[P_COUNT]; /* the current providers' user_data */
    int freed;           /* the table was freed inside a callback */
    int calls;           /* callbacks run for this input (bounds the work) */
} hs;

static int32_t which_of(int p)
{
    return p == P_ROW ? FOLD_HEIGHT_ROW : p == P_HEADER ? FOLD_HEIGHT_HEADER : FOLD_HEIGHT_EXPANDED;
}

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
static int on_section_h(fold_table *t, fold_section_id section, const char *key, int32_t event,
                        void *user_data);
static int on_row_h(fold_table *t, fold_section_id section, const char *key, int64_t row,
                    int32_t event, void *user_data);
static int height_h(fold_table *t, fold_section_id section, const char *key, int64_t row,
                    double *out, void *user_data);

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

/* Replaces (with_new) or removes provider p (P_*); the old user_data is
 * freed as soon as the call returns. */
static void hs_set_provider(int p, int with_new, uint8_t action, uint8_t arg)
{
    hctx *old = hs.prov[p];
    hctx *c = with_new ? hctx_new(3 + p, action, arg) : NULL;
    int st = fold_table_set_height_provider(hs.t, which_of(p), c ? height_h : NULL, c);
    hs_expect(st, FOLD_OK, __LINE__);
    hs.prov[p] = c;
    hctx_free(old);
}

/* The section a callback names is live and its key is that section's key. */
static void hs_check_section(fold_table *t, fold_section_id section, const char *key)
{
    fold_section_id found = 0;
    char buf[64];
    size_t len = 0;
    if (section == FOLD_ROOT || key == NULL) {
        die("a callback got no section id or a NULL key", __LINE__, 0);
    }
    if (fold_table_find_section(t, key, &found) != FOLD_OK || found != section) {
        die("a callback's key does not find its section id", __LINE__, 0);
    }
    if (fold_table_section_text(t, section, FOLD_TEXT_KEY, buf, sizeof buf, &len) != FOLD_OK ||
        len != strlen(key) || (len < sizeof buf && strcmp(buf, key) != 0)) {
        die("a callback's section id has another key", __LINE__, 0);
    }
}

/* A change inside a callback on `t` whose other arguments are valid: it
 * must be FOLD_E_BUSY and change nothing. */
static void hs_try_change(fold_table *t, fold_section_id section, int64_t row, uint8_t arg)
{
    int st;
    switch (section == FOLD_ROOT ? arg % 3 : arg % 9) {
    case 0:
        /* FOLD_E_BUSY even with no provider set. */
        st = fold_table_measure(t, 0, 100, 0, NULL);
        break;
    case 1:
        /* "zz" is no key a_key() gives: valid anywhere but in a callback. */
        st = fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "zz", NULL, 0, 0, NULL);
        break;
    case 2:
        st = fold_table_import_state(t, "{\"version\": 1, \"collapsed\": {}}", NULL);
        break;
    case 3:
        st = fold_table_set_section_header(t, section, "busy"); /* no header is "busy" */
        break;
    case 4:
        st = fold_table_remove_section(t, section);
        break;
    case 5:
        st = fold_table_set_section_height(t, section, FOLD_HEIGHT_FOOTER, 3.5);
        break;
    case 6:
        st = fold_table_insert_rows(t, section, FOLD_INDEX_END, 1, NULL);
        if (st == FOLD_E_RANGE) {
            st = FOLD_E_BUSY; /* FOLD_MAX_ROWS reached: checked first, fine */
        }
        break;
    case 7:
        st = fold_table_remove_children(t, section, 0, 1);
        if (st == FOLD_E_RANGE) {
            st = FOLD_E_BUSY; /* no child */
        }
        break;
    default:
        if (row >= 0) {
            st = fold_table_set_row_height(t, section, row, 7.125); /* no height is 7.125 */
        } else {
            /* The opposite of what it is, so it is a change. */
            fold_section_info si;
            hs_expect(fold_table_section_info(t, section, &si), FOLD_OK, __LINE__);
            st = fold_table_set_collapsible(t, section, (si.flags & FOLD_SECTION_FIXED) != 0);
            if (st == FOLD_E_NOT_ALLOWED) {
                st = FOLD_E_BUSY; /* collapsed or headerless: checked first, fine */
            }
        }
        break;
    }
    hs_expect(st, FOLD_E_BUSY, __LINE__);
    if (fold_last_error_message()[0] == '\0') {
        die("FOLD_E_BUSY without a message", __LINE__, st);
    }
}

/* Runs a callback's action; returns 0 to refuse a "will" event (or keep the
 * estimate), -1 to answer a bad height. `self` may be freed on return
 * (ACT_REMOVE_SELF, or replaced providers). */
static int hs_act(fold_table *t, hctx *self, fold_section_id section, const char *key,
                  int64_t row)
{
    uint8_t action = self->action, arg = self->arg;
    int64_t n = -1;
    if (self->magic != HMAGIC) {
        die("a callback got a user_data that is not live", __LINE__, 0);
    }
    if (t != hs.t) {
        die("a callback got another table", __LINE__, 0);
    }
    if (hs.freed) {
        die("a callback ran after fold_table_free returned", __LINE__, 0);
    }
    if (++hs.calls > 2000) {
        return 1; /* enough for one input */
    }
    /* Reading is allowed inside a callback, also after a deferred free. */
    hs_expect(fold_table_item_count(t, &n), FOLD_OK, __LINE__);
    if (self->kind != 0) {
        hs_check_section(t, section, key);
    }
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
            hs_set_provider(self->kind - 3, arg & 1, (uint8_t)(arg / 2), (uint8_t)(arg * 7));
        }
        break;
    case ACT_REPLACE_ROWS:
        hs_set_provider(P_ROW, 1, (uint8_t)(arg / 2), (uint8_t)(arg * 5 + 1));
        break;
    case ACT_REMOVE_ROWS:
        hs_set_provider(P_ROW, 0, 0, 0);
        break;
    case ACT_REPLACE_HEADER:
        hs_set_provider(P_HEADER, arg & 1, (uint8_t)(arg / 2), (uint8_t)(arg * 3 + 2));
        break;
    case ACT_REPLACE_EXPANDED:
        hs_set_provider(P_EXPANDED, arg & 1, (uint8_t)(arg / 2), (uint8_t)(arg * 13 + 5));
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
            hs_try_change(t, section, row, arg);
        }
        break;
    case ACT_OTHER_TABLE: {
        /* Another table, no other thread: changing it is fine. */
        int changed = -1;
        hs_expect(fold_table_toggle(ids.other, ids.foreign[0], &changed), FOLD_OK, __LINE__);
        if (changed != 1) {
            die("toggling the other table's section changed nothing", __LINE__, 0);
        }
        break;
    }
    case ACT_REFUSE:
        return 0;
    case ACT_BAD_HEIGHT:
        return -1;
    default:
        break;
    }
    return 1;
}

static void on_change_h(fold_table *t, const fold_change_set *set, void *user_data)
{
    if (set == NULL || set->change_count < 0 || set->redraw_count < 0 ||
        (set->change_count > 0 && set->changes == NULL) ||
        (set->redraw_count > 0 && set->redraw == NULL)) {
        die("a change listener got a malformed change set", __LINE__, 0);
    }
    hs_act(t, (hctx *)user_data, FOLD_ROOT, NULL, -1);
}

static int on_section_h(fold_table *t, fold_section_id section, const char *key, int32_t event,
                        void *user_data)
{
    if (event < FOLD_SECTION_WILL_COLLAPSE || event > FOLD_SECTION_DID_EXPAND) {
        die("a section listener got an unknown event", __LINE__, event);
    }
    return hs_act(t, (hctx *)user_data, section, key, -1) > 0;
}

static int on_row_h(fold_table *t, fold_section_id section, const char *key, int64_t row,
                    int32_t event, void *user_data)
{
    fold_row_info ri;
    if (event < FOLD_ROW_WILL_EXPAND || event > FOLD_ROW_DID_COLLAPSE) {
        die("a row listener got an unknown event", __LINE__, event);
    }
    if (fold_table_row_info(t, section, row, &ri) != FOLD_OK) {
        die("a row listener got a row that does not exist", __LINE__, 0);
    }
    return hs_act(t, (hctx *)user_data, section, key, row) > 0;
}

static int height_h(fold_table *t, fold_section_id section, const char *key, int64_t row,
                    double *out, void *user_data)
{
    static const double bad[] = {NAN, INFINITY, -1, -INFINITY, FOLD_MAX_HEIGHT * 2, 1e300};
    hctx *c = (hctx *)user_data;
    int kind = c->magic == HMAGIC ? c->kind : -1, p = kind - 3, act;
    uint8_t arg = c->arg;
    double h;
    if (out == NULL) {
        die("a height provider got no output", __LINE__, 0);
    }
    if (kind >= 3 && (p == P_HEADER) != (row == -1)) {
        die("a header provider got a row, or a row provider row -1", __LINE__, (int)row);
    }
    if (p == P_EXPANDED) {
        h = (arg & 3) == 0 ? 0 : 60 + (double)(arg % 64) + 0.5 * (double)(row & 1);
    } else if (p == P_HEADER) {
        h = (double)(arg % 48) + 0.5;
    } else {
        h = (double)(arg % 64) + 0.25 * (double)(row & 3);
    }
    act = hs_act(t, c, section, key, row); /* c may be freed from here on */
    if (act == 0) {
        return 0; /* keep the estimate */
    }
    *out = act < 0 ? bad[arg % (sizeof bad / sizeof bad[0])] : h;
    return 1;
}

/* One callback operation, from outside any callback. */
static void hostile_op(reader *r)
{
    uint8_t what = byte(r), action = byte(r), arg = byte(r);
    int64_t measured = -7;
    int st;
    switch (what % 7) {
    case 0:
    case 1:
        hs_add_listener(what / 7, action, arg);
        break;
    case 2:
        hs_set_provider((what / 7) % P_COUNT, !(what & 128), action, arg);
        break;
    case 3:
        hs_remove_listener(arg % HSLOTS);
        break;
    case 4: {
        /* An unknown `which` is refused and the current provider stays. */
        static const int32_t bad_which[] = {FOLD_HEIGHT_FOOTER, 4, -1, 1000};
        hctx *c = hctx_new(3, action, arg);
        st = fold_table_set_height_provider(hs.t, bad_which[what / 7 % 4], height_h, c);
        check_status(st, __LINE__);
        if (st != FOLD_E_INVALID) {
            die("a provider for an unknown height was not refused", __LINE__, st);
        }
        hctx_free(c);
        break;
    }
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

/* ---- stale, foreign and root ids ---------------------------------------- */

/* Calls function `f` of those that take a section with `id` and every other
 * argument valid for a live section. */
static int with_section(fold_table *t, int f, fold_section_id id)
{
    fold_section_info si;
    fold_row_info ri;
    int64_t path[4], n = -7;
    double h = 10, d = -7;
    int32_t kind = -7;
    char buf[8];
    size_t len = 0;
    fold_section_id live = a_live(t);
    switch (f) {
    case 0: return fold_table_section_info(t, id, &si);
    case 1: return fold_table_section_text(t, id, FOLD_TEXT_KEY, buf, sizeof buf, &len);
    case 2: return fold_table_section_path(t, id, path, 4, &n);
    case 3: return fold_table_remove_section(t, id);
    case 4: return fold_table_move_section(t, id, FOLD_ROOT, 0);
    case 5: return fold_table_set_section_header(t, id, "stale");
    case 6: return fold_table_set_section_height(t, id, FOLD_HEIGHT_HEADER, 10);
    case 7: return fold_table_set_collapsible(t, id, 1);
    case 8: return fold_table_insert_rows(t, id, 0, 1, NULL);
    case 9: return fold_table_remove_rows(t, id, 0, 0);
    case 10: return fold_table_move_row(t, id, 0, live != FOLD_ROOT ? live : id, 0);
    case 11: return fold_table_set_row_height(t, id, 0, 10);
    case 12: return fold_table_set_row_heights(t, id, 0, 1, &h);
    case 13: return fold_table_set_row_expanded_height(t, id, 0, 50);
    case 14: return fold_table_expand_row(t, id, 0, NULL);
    case 15: return fold_table_collapse_row(t, id, 0, NULL);
    case 16: return fold_table_toggle_row(t, id, 0, NULL);
    case 17: return fold_table_row_info(t, id, 0, &ri);
    case 18: return fold_table_collapse(t, id, NULL);
    case 19: return fold_table_expand(t, id, NULL);
    case 20: return fold_table_toggle(t, id, NULL);
    case 21: return fold_table_header_position(t, id, &n);
    case 22: return fold_table_row_position(t, id, 0, &n);
    case 23: return fold_table_footer_position(t, id, &n);
    case 24: return fold_table_reveal_offset(t, id, 5, 0, 100, &d);
    case 25: return fold_table_reveal_row(t, id, 0, 1, &n);
    case 26: return fold_table_invalidate_heights(t, id, 0);
    /* From here on FOLD_ROOT is valid (the table, or a parent). */
    case 27: return fold_table_invalidate_heights(t, id, -1);
    case 28: return fold_table_child_count(t, id, &n);
    case 29: return fold_table_child_at(t, id, 0, &kind, NULL, NULL);
    case 30: return fold_table_insert_section(t, id, FOLD_INDEX_END, "stale-parent", NULL, 0, 0, NULL);
    case 31: return fold_table_remove_children(t, id, 0, 0);
    case 32: return fold_table_move_section(t, live, id, 0); /* a live section under it */
    default: return fold_table_move_row(t, a_live_row(t), 0, id, 0); /* a row into it */
    }
}
#define WITH_SECTION_FUNCTIONS 34
#define WITH_SECTION_PARENTS 27 /* f >= this: FOLD_ROOT is valid */

/* A removed section's id or another table's id is FOLD_E_NOT_FOUND for
 * every function that takes a section; FOLD_ROOT is FOLD_E_INVALID where a
 * section is required. Nothing changes. */
static void stale_op(reader *r, fold_table *t)
{
    uint8_t b = byte(r), f = byte(r) % WITH_SECTION_FUNCTIONS;
    fold_section_id id;
    fold_section_info si;
    int st, expected = FOLD_E_NOT_FOUND, i;
    if (b % 4 == 3) {
        if (f >= WITH_SECTION_PARENTS) {
            return; /* FOLD_ROOT is a valid parent */
        }
        id = FOLD_ROOT;
        expected = FOLD_E_INVALID;
    } else if (b % 4 != 0 && ids.ndead > 0) {
        id = ids.dead[(b / 4) % ids.ndead];
    } else {
        id = ids.foreign[(b / 4) % 4];
    }
    if ((f == 32 && a_live(t) == FOLD_ROOT) || (f == 33 && a_live_row(t) == FOLD_ROOT)) {
        return;
    }
    st = with_section(t, f, id);
    check_status(st, __LINE__);
    if (st != expected) {
        fprintf(stderr, "function %d of with_section, id %llu (%s)\n", f, (unsigned long long)id,
                expected == FOLD_E_INVALID ? "FOLD_ROOT" : "removed or foreign");
        die(expected == FOLD_E_INVALID ? "FOLD_ROOT where a section is required was not FOLD_E_INVALID"
                                       : "a removed or foreign id was not FOLD_E_NOT_FOUND",
            __LINE__, st);
    }
    /* Removed ids stay removed; the other table's live ids stay its own. */
    for (i = 0; i < ids.ndead; i++) {
        if (fold_table_section_info(t, ids.dead[i], &si) != FOLD_E_NOT_FOUND) {
            die("a removed section's id resolves again", __LINE__, 0);
        }
    }
    for (i = 0; i < 3; i++) {
        if (fold_table_section_info(ids.other, ids.foreign[i], &si) != FOLD_OK) {
            die("the other table lost a section", __LINE__, 0);
        }
    }
}

/* ---- section flags ------------------------------------------------------ */

/* A section inserted with `flags` (accepted, so a valid combination: not
 * COLLAPSED with FIXED, NO_HEADER or EXPANDED) reports them: COLLAPSED as
 * its stored state (EXPANDED: not collapsed), FIXED, NO_HEADER (which
 * implies FIXED and has no header item, wherever it is); COLLAPSIBLE only
 * when it is not fixed and has children. */
static void check_new_flags(const fold_table *t, fold_section_id id, uint32_t flags)
{
    fold_section_info si;
    int64_t pos = -7;
    int st = fold_table_section_info(t, id, &si);
    if (st != FOLD_OK) {
        die("section_info of a new section failed", __LINE__, st);
    }
    if ((flags & FOLD_SECTION_COLLAPSED) &&
        (flags & (FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER | FOLD_SECTION_EXPANDED))) {
        die("a section was inserted with COLLAPSED and FIXED, NO_HEADER or EXPANDED", __LINE__, 0);
    }
    if (((flags & FOLD_SECTION_COLLAPSED) && !(si.flags & FOLD_SECTION_COLLAPSED)) ||
        ((flags & FOLD_SECTION_EXPANDED) && (si.flags & FOLD_SECTION_COLLAPSED)) ||
        (si.flags & FOLD_SECTION_EXPANDED) ||
        ((flags & FOLD_SECTION_FIXED) && !(si.flags & FOLD_SECTION_FIXED)) ||
        ((flags & FOLD_SECTION_NO_HEADER) &&
         (si.flags & (FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED)) !=
             (FOLD_SECTION_NO_HEADER | FOLD_SECTION_FIXED)) ||
        (!(flags & FOLD_SECTION_NO_HEADER) && (si.flags & FOLD_SECTION_NO_HEADER)) ||
        ((si.flags & FOLD_SECTION_COLLAPSIBLE) &&
         ((si.flags & FOLD_SECTION_FIXED) || si.child_count == 0))) {
        fprintf(stderr, "inserted with flags %u, reports %u\n", flags, si.flags);
        die("a new section does not report the flags it was inserted with", __LINE__, 0);
    }
    st = fold_table_header_position(t, id, &pos);
    if ((flags & FOLD_SECTION_NO_HEADER) && st != FOLD_E_NOT_FOUND) {
        die("a section without a header item has a header position", __LINE__, st);
    }
}

/* ---- section text ------------------------------------------------------- */

/* fold_table_section_text into a buffer of 0 to 9 bytes, checked against
 * the whole text. */
static int text_op(reader *r, fold_table *tt, const fold_table *good)
{
    static const int32_t whiches[] = {FOLD_TEXT_KEY, FOLD_TEXT_HEADER, FOLD_TEXT_TITLE,
                                      FOLD_TEXT_DETAIL, FOLD_TEXT_INDICATOR, -1, 5, 1000};
    fold_section_id id = an_id(r, good);
    uint8_t b = byte(r);
    int32_t which = whiches[b % 16 < 13 ? b % 5 : 5 + b % 16 - 13];
    size_t cap = (size_t)(byte(r) % 10), len = (size_t)-7, full_len = 0, written, i;
    int null_buffer = cap == 0 && (b & 64), want_len = !(b & 128);
    char buf[16], full[256];
    int st;
    memset(buf, 0x5A, sizeof buf);
    st = fold_table_section_text(tt, id, which, null_buffer ? NULL : buf, cap,
                                 want_len ? &len : NULL);
    check_status(st, __LINE__);
    if (st != FOLD_OK) {
        for (i = 0; i < sizeof buf; i++) {
            if ((unsigned char)buf[i] != 0x5A) {
                die("a failed section_text wrote its buffer", __LINE__, st);
            }
        }
        if (len != (size_t)-7) {
            die("a failed section_text wrote its length", __LINE__, st);
        }
        return st;
    }
    for (i = cap; i < sizeof buf; i++) {
        if ((unsigned char)buf[i] != 0x5A) {
            die("section_text wrote past its capacity", __LINE__, st);
        }
    }
    if (fold_table_section_text(good, id, which, full, sizeof full, &full_len) != FOLD_OK ||
        full_len >= sizeof full) {
        die("section_text failed with a large buffer after succeeding with a small one", __LINE__, st);
    }
    if (want_len && len != full_len) {
        die("section_text reported another length with a small buffer", __LINE__, st);
    }
    if (which == FOLD_TEXT_INDICATOR && full_len != 0) {
        /* Only a section that is collapsible now shows an indicator. */
        fold_section_info si;
        if (fold_table_section_info(good, id, &si) != FOLD_OK ||
            !(si.flags & FOLD_SECTION_COLLAPSIBLE)) {
            die("a section that is not collapsible shows an indicator", __LINE__, st);
        }
    }
    if (cap == 0) {
        return st;
    }
    if (memchr(buf, '\0', cap) == NULL) {
        die("section_text left its buffer without a NUL", __LINE__, st);
    }
    written = strlen(buf);
    if (written > full_len || memcmp(buf, full, written) != 0) {
        die("section_text wrote what is not a prefix of the text", __LINE__, st);
    }
    if (full_len < cap ? written != full_len
                       : (written + 4 < cap || ((unsigned char)full[written] & 0xC0) == 0x80)) {
        die("section_text cut the text short or inside a UTF-8 character", __LINE__, st);
    }
    return st;
}

/* ---- saved state -------------------------------------------------------- */

static int import_op(reader *r, fold_table *tt, const fold_table *good)
{
    static const char *const texts[] = {
        "{\"version\": 1, \"collapsed\": {\"a\": true, \"b\": false, \"zz\": true}, "
        "\"expanded\": [{\"section\": \"a\", \"row\": 0}, {\"section\": \"c\", \"row\": 9}]}",
        "{\"version\": 1, \"collapsed\": {}, \"expanded\": [], "
        "\"anchor\": {\"section\": \"b\", \"kind\": \"row\", \"row\": 1, \"offset\": 12.5}}",
        "{\"version\": 1, \"collapsed\": {\"a\": false}, \"anchor\": null}",
        "{\"version\": 1, \"collapsed\": {\"a\": true,",
        "[1, 2, 3]",
        "",
        NULL,
    };
    uint8_t b = byte(r);
    char *json = NULL;
    fold_import_report report;
    int st;
    memset(&report, 0xA5, sizeof report);
    if (b % 8 == 7) {
        /* Its own export, maybe cut short. */
        if (fold_table_export_state(good, &json) != FOLD_OK || json == NULL) {
            die("export_state failed", __LINE__, 0);
        }
        if (b & 8) {
            json[strlen(json) / 2] = '\0';
        }
        st = fold_table_import_state(tt, json, b & 16 ? NULL : &report);
        fold_free(json);
    } else {
        st = fold_table_import_state(tt, texts[b % 7], b & 16 ? NULL : &report);
    }
    check_status(st, __LINE__);
    if (st != FOLD_OK && report.sections != (int64_t)0xA5A5A5A5A5A5A5A5ULL) {
        die("a failed import wrote its report", __LINE__, st);
    }
    if (st == FOLD_OK && !(b & 16) &&
        (report.sections < 0 || report.unknown_sections < 0 || report.rows < 0 ||
         report.unknown_rows < 0 || (report.anchor_restored != 0 && report.anchor_restored != 1))) {
        die("an import report with impossible counts", __LINE__, st);
    }
    return st;
}

/* ---- one operation ----------------------------------------------------- */

#define CAP 64

static void one_op(fold_table *t, reader *r, fold_table *good)
{
    uint8_t code = byte(r);
    fold_table *tt = t;
    int st = FOLD_OK, changed = -7, removing = 0;
    int64_t out64 = -7, out64b = -7, path[CAP + 8], len;
    int32_t out32 = -7;
    double d = -7, heights[CAP];
    fold_section_id id = FOLD_ROOT;
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
    /* Sections. */
    case 0:
    case 1: {
        /* code 1: at the end of the top level, so tables grow. */
        fold_section_id parent = code % 64 == 1 ? FOLD_ROOT : an_id(r, good);
        int64_t index = code % 64 == 1 ? FOLD_INDEX_END : an_int(r);
        const char *key = a_key(r), *header = a_key(r);
        int64_t rows = an_int(r);
        uint32_t flags = a_flags(r);
        int want = (byte(r) & 7) != 0;
        CALL(fold_table_insert_section(tt, parent, index, key, header, rows, flags,
                                       want ? &id : NULL));
        if (st == FOLD_OK && want && !hs.freed) {
            id_new(good, id, key);
            check_new_flags(good, id, flags);
        }
        break;
    }
    case 2: {
        fold_section_id s = an_id(r, good);
        removing = 1;
        CALL(fold_table_remove_section(tt, s));
        if (st == FOLD_OK) {
            id_known(s); /* ids_scan below finds it dead */
        }
        break;
    }
    case 3: {
        fold_section_id s = an_id(r, good), parent = an_id(r, good);
        CALL(fold_table_move_section(tt, s, parent, an_int(r)));
        break;
    }
    case 4: {
        fold_section_id parent = an_id(r, good);
        int64_t index = an_int(r);
        removing = 1;
        CALL(fold_table_remove_children(tt, parent, index, an_int(r)));
        break;
    }
    case 5: {
        fold_section_id s = an_id(r, good);
        CALL(fold_table_set_section_header(tt, s, a_key(r)));
        break;
    }
    case 6: {
        fold_section_id s = an_id(r, good);
        int32_t which = (int32_t)(an_int(r) % 5); /* 3 (expanded) and 4 are not section heights */
        CALL(fold_table_set_section_height(tt, s, which, a_height(r)));
        break;
    }
    case 7: {
        fold_section_id s = an_id(r, good);
        CALL(fold_table_set_collapsible(tt, s, byte(r) % 3));
        break;
    }
    /* Rows. */
    case 8:
    case 9: {
        fold_section_id s = an_id(r, good);
        int64_t index = an_int(r);
        int64_t c = byte(r) & 1 ? a_count(r, CAP) : an_int(r);
        int with = c >= 0 && c <= CAP && (byte(r) & 1);
        CALL(fold_table_insert_rows(tt, s, index, c, with ? heights : NULL));
        break;
    }
    case 10: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r);
        CALL(fold_table_remove_rows(tt, s, row, an_int(r)));
        break;
    }
    case 11:
    case 12: {
        fold_section_id s = an_id(r, good), target;
        int64_t row = an_int(r);
        target = byte(r) & 1 ? s : an_id(r, good);
        CALL(fold_table_move_row(tt, s, row, target, an_int(r)));
        break;
    }
    case 13: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r);
        CALL(fold_table_set_row_height(tt, s, row, a_height(r)));
        break;
    }
    case 14: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r), c = a_count(r, CAP);
        CALL(fold_table_set_row_heights(tt, s, row, c, byte(r) == 0 ? NULL : heights));
        break;
    }
    case 15: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r);
        CALL(fold_table_set_row_expanded_height(tt, s, row, a_height(r)));
        break;
    }
    case 16:
    case 17:
    case 18: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r);
        int *out = byte(r) & 1 ? &changed : NULL;
        CALL(code % 64 == 16   ? fold_table_expand_row(tt, s, row, out)
             : code % 64 == 17 ? fold_table_collapse_row(tt, s, row, out)
                               : fold_table_toggle_row(tt, s, row, out));
        break;
    }
    /* Collapsing. */
    case 19:
    case 20:
    case 21: {
        fold_section_id s = an_id(r, good);
        int *out = byte(r) & 1 ? &changed : NULL;
        fold_section_info si;
        int fixed = fold_table_section_info(good, s, &si) == FOLD_OK &&
                    (si.flags & FOLD_SECTION_FIXED) != 0;
        CALL(code % 64 == 19   ? fold_table_collapse(tt, s, out)
             : code % 64 == 20 ? fold_table_expand(tt, s, out)
                               : fold_table_toggle(tt, s, out));
        /* A section that is not collapsible refuses collapse and toggle;
         * expanding it does nothing. */
        if (fixed && tt != NULL && !hs.freed &&
            (code % 64 == 20 ? st != FOLD_OK || (out != NULL && changed != 0)
                             : st != FOLD_E_NOT_ALLOWED)) {
            die("a section that is not collapsible collapsed, toggled or expanded", __LINE__, st);
        }
        break;
    }
    case 22: {
        int all = byte(r) & 1;
        int64_t *out = byte(r) & 1 ? &out64 : NULL;
        CALL(all ? fold_table_collapse_all(tt, out) : fold_table_expand_all(tt, out));
        break;
    }
    case 23: {
        const char *collapsed = a_key(r);
        CALL(fold_table_set_indicators(tt, collapsed, a_key(r)));
        break;
    }
    case 24:
        CALL(fold_table_set_accordion(tt, (int32_t)an_int(r)));
        break;
    case 25:
        CALL(fold_table_set_sticky_levels(tt, (int32_t)an_int(r)));
        break;
    case 26:
        CALL(fold_table_activate(tt, an_int(r), byte(r) & 1 ? &out32 : NULL));
        break;
    case 27: {
        fold_section_id s = an_id(r, good);
        int64_t row = an_int(r);
        int expand = byte(r) % 3;
        CALL(fold_table_reveal_row(tt, s, row, expand, byte(r) ? &out64 : NULL));
        break;
    }
    case 28: {
        double offset = an_offset(r);
        CALL(byte(r) % 4 == 0 ? fold_table_clear_viewport(tt)
                              : fold_table_set_viewport(tt, offset, a_height(r)));
        break;
    }
    case 29:
        st = import_op(r, tt, good);
        break;
    case 30: {
        fold_section_id s = an_id(r, good);
        CALL(fold_table_invalidate_heights(tt, s, byte(r) & 1 ? -1 : an_int(r)));
        break;
    }
    case 31:
        /* Ids of removed sections, another table's ids, FOLD_ROOT. */
        take(good, &before);
        stale_op(r, good);
        take(good, &after);
        if (!same(&before, &after)) {
            die("a call with a removed, foreign or root id changed the table", __LINE__, 0);
        }
        return;

    /* Queries: they must not change anything either. */
    default:
        mutating = 0;
        switch (code % 64) {
        case 32:
        case 33:
            st = text_op(r, tt, good);
            break;
        case 34: {
            fold_section_id s = an_id(r, good);
            CALL(fold_table_child_count(tt, s, byte(r) ? &out64 : NULL));
            break;
        }
        case 35: {
            fold_section_id s = an_id(r, good), child = 7;
            int64_t index = an_int(r);
            uint8_t b = byte(r);
            CALL(fold_table_child_at(tt, s, index, b & 1 ? &out32 : NULL, b & 2 ? &child : NULL,
                                     b & 4 ? &out64b : NULL));
            if (st == FOLD_OK && (b & 7) == 7 &&
                !(out32 == FOLD_CHILD_SECTION ? child != FOLD_ROOT && out64b == -1
                                              : out32 == FOLD_CHILD_ROW && child == 0 && out64b >= 0)) {
                die("child_at gave a kind, id and row that do not agree", __LINE__, st);
            }
            if (st == FOLD_OK && (b & 2) && child != FOLD_ROOT) {
                id_known(child);
            }
            break;
        }
        case 36: {
            const char *key = a_key(r);
            CALL(fold_table_find_section(tt, key, byte(r) ? &id : NULL));
            if (st == FOLD_OK) {
                id_known(id);
            }
            break;
        }
        case 37:
            CALL(fold_table_section_at_path(tt, byte(r) == 0 ? NULL : path, len,
                                            byte(r) ? &id : NULL));
            break;
        case 38: {
            fold_section_id s = an_id(r, good);
            int64_t cap = a_count(r, CAP);
            CALL(fold_table_section_path(tt, s, byte(r) == 0 ? NULL : path, cap,
                                         byte(r) ? &out64 : NULL));
            break;
        }
        case 39: {
            fold_section_info si;
            fold_section_id s = an_id(r, good);
            CALL(fold_table_section_info(tt, s, byte(r) ? &si : NULL));
            break;
        }
        case 40: {
            fold_row_info ri;
            fold_section_id s = an_id(r, good);
            int64_t row = an_int(r);
            CALL(fold_table_row_info(tt, s, row, byte(r) ? &ri : NULL));
            break;
        }
        case 41: {
            fold_section_state *states = NULL;
            CALL(fold_table_section_states(tt, byte(r) ? &states : NULL, byte(r) ? &out64 : NULL));
            fold_free(states);
            break;
        }
        case 42: {
            fold_row_ref *rows = NULL;
            if (huge_rows_bug(good)) {
                break;
            }
            CALL(fold_table_expanded_rows(tt, byte(r) ? &rows : NULL, byte(r) ? &out64 : NULL));
            fold_free(rows);
            break;
        }
        case 43: {
            fold_item item;
            CALL(fold_table_item_at(tt, an_int(r), byte(r) ? &item : NULL));
            break;
        }
        case 44: {
            uint8_t b = byte(r);
            fold_section_id s = an_id(r, good);
            switch (b % 3) {
            case 0:
                CALL(fold_table_header_position(tt, s, b & 4 ? &out64 : NULL));
                break;
            case 1:
                CALL(fold_table_row_position(tt, s, an_int(r), b & 4 ? &out64 : NULL));
                break;
            default:
                CALL(fold_table_footer_position(tt, s, b & 4 ? &out64 : NULL));
                break;
            }
            break;
        }
        case 45:
            CALL(byte(r) & 1 ? fold_table_item_height(tt, an_int(r), &d)
                             : fold_table_item_top(tt, an_int(r), byte(r) ? &d : NULL));
            break;
        case 46:
            CALL(fold_table_item_at_offset(tt, an_offset(r), byte(r) ? &out64 : NULL,
                                           byte(r) ? &out32 : NULL));
            break;
        case 47: {
            fold_visible_item items[CAP];
            int64_t cap = byte(r) & 1 ? a_count(r, CAP) : an_int(r) % (CAP + 1);
            CALL(fold_table_visible_items(tt, an_offset(r), a_height(r), an_int(r),
                                          byte(r) == 0 ? NULL : items, cap,
                                          byte(r) ? &out64 : NULL, byte(r) & 1 ? &out64b : NULL));
            break;
        }
        case 48: {
            fold_sticky_header headers[CAP];
            int64_t cap = a_count(r, CAP);
            CALL(fold_table_sticky_headers(tt, an_offset(r), byte(r) == 0 ? NULL : headers, cap,
                                           byte(r) ? &out64 : NULL, byte(r) & 1 ? &out64b : NULL));
            break;
        }
        case 49: {
            int64_t position = an_int(r);
            int32_t alignment = (int32_t)(an_int(r) % 6);
            double offset = an_offset(r);
            CALL(fold_table_scroll_offset(tt, position, alignment, offset, a_height(r),
                                          byte(r) ? &d : NULL));
            break;
        }
        case 50: {
            fold_section_id s = an_id(r, good);
            int64_t rows = an_int(r);
            double offset = an_offset(r);
            CALL(fold_table_reveal_offset(tt, s, rows, offset, a_height(r), byte(r) ? &d : NULL));
            break;
        }
        case 51: {
            int set = -7;
            double offset = -7, height = -7;
            uint8_t b = byte(r);
            CALL(fold_table_viewport(tt, b & 1 ? &set : NULL, b & 2 ? &offset : NULL,
                                     b & 4 ? &height : NULL));
            break;
        }
        case 52: {
            char *json = NULL;
            CALL(fold_table_export_state(tt, byte(r) ? &json : NULL));
            fold_free(json);
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
            u.o.size = (uint32_t)(byte(r) & 1 ? an_int(r) % (int64_t)(sizeof u) : (int64_t)sizeof u.o);
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
    if (st == FOLD_OK && removing) {
        ids_scan(good);
    }
    if (st != FOLD_OK || !mutating) {
        /* Failures change nothing; queries change nothing. */
        take(good, &after);
        if (!same(&before, &after)) {
            die(st != FOLD_OK ? "a failed call changed the table" : "a query changed the table",
                (int)(code % 64), st);
        }
        if (st != FOLD_OK && (out64 != -7 || out64b != -7 || changed != -7 || out32 != -7 ||
                              id != FOLD_ROOT)) {
            /* The calls above write these only on success. */
            die("a failed call wrote an output", (int)(code % 64), st);
        }
    }
    (void)d;
}

/* The second table: three sections (one nested) and a fourth removed, so
 * its ids include a live nested one and a dead one. */
static void make_other(void)
{
    fold_section_id removed = 0;
    int st = fold_table_new(NULL, &ids.other);
    if (st != FOLD_OK) {
        die("fold_table_new for the second table failed", __LINE__, st);
    }
    st = fold_table_insert_section(ids.other, FOLD_ROOT, FOLD_INDEX_END, "a", "A", 3, 0,
                                   &ids.foreign[0]);
    if (st == FOLD_OK) {
        st = fold_table_insert_section(ids.other, ids.foreign[0], 1, "b", "B|x", 2, 0,
                                       &ids.foreign[1]);
    }
    if (st == FOLD_OK) {
        st = fold_table_insert_section(ids.other, FOLD_ROOT, 0, "c", "C", 0,
                                       FOLD_SECTION_FIXED, &ids.foreign[2]);
    }
    if (st == FOLD_OK) {
        st = fold_table_insert_section(ids.other, FOLD_ROOT, FOLD_INDEX_END, "gone", NULL, 1, 0,
                                       &removed);
    }
    if (st == FOLD_OK) {
        st = fold_table_remove_section(ids.other, removed);
    }
    if (st != FOLD_OK) {
        die("building the second table failed", __LINE__, st);
    }
    ids.foreign[3] = removed;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r;
    fold_table *t = NULL;
    fold_table_options o;
    int st, steps = 0, p;
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
    memset(&ids, 0, sizeof ids);
    hs.t = t;
    make_other();
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
    fold_table_free(ids.other);
    /* The table no longer calls anything: free what it held. */
    for (steps = 0; steps < HSLOTS; steps++) {
        hctx_free(hs.listeners[steps]);
    }
    for (p = 0; p < P_COUNT; p++) {
        hctx_free(hs.prov[p]);
    }
    memset(&hs, 0, sizeof hs);
    memset(&ids, 0, sizeof ids);
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
