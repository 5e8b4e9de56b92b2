/*
 * Differential test: random operation sequences run through the C ABI and,
 * side by side, through a deliberately simple reference model kept in this
 * file (a tree of sections holding arrays of children; the flat list rebuilt
 * from scratch after every step; linear scans for every query). After every
 * operation every query in foldtable.h that reads state is compared with the
 * model: item count, every item (kind, depth, section, row, flags), its top,
 * height, path and key, path positions, positions by key and index, every
 * section (index, depth, parent, path, children, rows, heights, states),
 * expanded rows, content height, item_at_offset at every item's top and
 * middle and just above it, visible_items for random viewports with
 * overscan, and sticky_headers at every item's top and middle.
 *
 * Operations cover every mutation: sections and rows inserted, removed and
 * moved at any depth (index-, key- and path-addressed forms), collapse,
 * expand and toggle (index and key), collapse_all / expand_all, row heights
 * (one and runs), section heights, expanded heights, row expand / collapse /
 * toggle under all three accordion policies, activation, sticky levels,
 * header texts and indicators — plus failing calls (unknown and duplicate
 * keys, out-of-range indices, bad heights) whose status is checked and
 * after which the table must be unchanged, with no change set delivered.
 *
 * Vetoing listeners (OP_VETO): a section listener refuses the "will" events
 * of keys the run picks, a row listener those of one picked row; collapse,
 * collapse_all / expand_all, row expansion under every accordion and
 * reveal_row (with and without expand_ancestors) must then do exactly what
 * the model says — a refused call returns its status and changes nothing,
 * and no change set is delivered when nothing changed — and every "will"
 * event of a call must come before its first "did" event.
 *
 * Heights are NOT round (17.7, 1/3, 0.1, 33.3, ...): the engine keeps each
 * height rounded to a whole 1/256 pt unit (foldtable.h), and the model
 * stores each height rounded the same documented way (quant()). Sums of
 * such values stay exact in double here, so every comparison is exact: the
 * engine's tops, heights, offsets and sticky tops must match bit for bit.
 *
 * Operations are recorded as (type, six random words); a word is read
 * modulo whatever range the current model state allows, so ANY subsequence
 * of a recorded run is itself a valid run. On a failure the run is shrunk by
 * delta debugging (delete chunks of operations, halving the chunk size,
 * replaying each candidate on a fresh table and model, keep what still
 * fails) and the shortest sequence found is printed, call by call, with the
 * seed that reproduces it.
 *
 *   test_differential                      CI size: FOLDTABLE_DIFF_OPS or 100000 ops
 *   test_differential --ops 2000000        a longer run
 *   test_differential --seed S --run R     replay one run of a failure report
 *   test_differential --len L              operations per table (default 250)
 *   test_differential --run R --trace      print every call of run R
 *
 * Environment: FOLDTABLE_DIFF_OPS (total operations), FOLDTABLE_DIFF_SEED,
 * FOLDTABLE_KNOWN_BUGS=1 (also generate what known engine bugs break; see
 * Tests/reliability/README.md — those runs fail until the bugs are fixed).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "foldtable.h"

#define DEFAULT_SEED 0xD1FFF01DULL
#define DEFAULT_OPS 100000L
#define DEFAULT_LEN 250

/* ---- PRNG (splitmix64) ------------------------------------------------ */

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int64_t rng_below(rng *r, int64_t n) { return n <= 0 ? 0 : (int64_t)(rng_next(r) % (uint64_t)n); }

/* ---- the model -------------------------------------------------------- */

#define NOV (-1.0) /* "none": use the default height / no expanded height */
#define MAXC 12    /* children per section in the model */
#define MAX_SECT 14
#define MAX_ROWS_TOTAL 64
#define MODEL_MAX_DEPTH 5 /* depths 0..4 */
#define MAX_ITEMS (MAX_SECT * 2 + MAX_ROWS_TOTAL + 4)

typedef struct msec msec;

typedef struct mchild {
    msec *sec; /* NULL: a row */
    double h;  /* row height, NOV = the section's default */
    double eh; /* expanded height, NOV = none */
    int expanded;
    int64_t pos; /* flat position after build(), -1 if hidden */
} mchild;

struct msec {
    unsigned id; /* the key is "k<id>"; picks go by id, so deleting unrelated
                    operations while shrinking does not change what is picked */
    char key[16];
    char header[24];
    int collapsed;
    double hh, fh, rh; /* NOV: the table's */
    int n;
    mchild c[MAXC];
    msec *parent; /* &model.root for top-level sections */
    /* Filled by build(). */
    int visible;
    int64_t hpos, fpos;
    double htop, end;
};

typedef struct model {
    fold_table_options o;
    msec root;
    int nsec, nrows;
    int accordion, sticky;
    char ind_c[8], ind_e[8];
} model;

typedef struct mitem {
    int kind;
    int depth;
    int64_t section;
    int64_t row;
    uint32_t flags;
    double top, h;
    msec *sec;
    int child; /* child index of a row */
} mitem;

static mitem items[MAX_ITEMS];
static int64_t nitems;
static double content;

static double eff_hh(const model *m, const msec *s) { return s->hh == NOV ? m->o.header_height : s->hh; }
static double eff_fh(const model *m, const msec *s) { return s->fh == NOV ? m->o.footer_height : s->fh; }
static double eff_rh(const model *m, const msec *s) { return s->rh == NOV ? m->o.row_height : s->rh; }
static double row_normal(const model *m, const msec *s, const mchild *c)
{
    return c->h == NOV ? eff_rh(m, s) : c->h;
}
static int row_expandable(const model *m, const msec *s, const mchild *c)
{
    return c->eh != NOV && c->eh > row_normal(m, s, c);
}
static double row_shown(const model *m, const msec *s, const mchild *c)
{
    return c->expanded ? c->eh : row_normal(m, s, c);
}

static int nrows_of(const msec *s)
{
    int i, k = 0;
    for (i = 0; i < s->n; i++) {
        k += s->c[i].sec == NULL;
    }
    return k;
}

/* Child index of row r (s->n for r == number of rows). */
static int child_of_row(const msec *s, int r)
{
    int i;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec == NULL && r-- == 0) {
            return i;
        }
    }
    return s->n;
}

static int index_in_parent(const msec *s)
{
    int i;
    for (i = 0; i < s->parent->n; i++) {
        if (s->parent->c[i].sec == s) {
            return i;
        }
    }
    return -1;
}

static int depth_of(const model *m, const msec *s)
{
    int d = -1;
    while (s != &m->root) {
        d++;
        s = s->parent;
    }
    return d;
}

/* Levels of sections in s's subtree, s included. */
static int nesting(const msec *s)
{
    int i, best = 0;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec != NULL) {
            int k = nesting(s->c[i].sec);
            best = k > best ? k : best;
        }
    }
    return 1 + best;
}

static int contains(const msec *outer, const msec *s)
{
    while (s != NULL) {
        if (s == outer) {
            return 1;
        }
        s = s->parent;
    }
    return 0;
}

static int path_of(const model *m, const msec *s, int64_t *out)
{
    int64_t tmp[MODEL_MAX_DEPTH + 2];
    int n = 0, i;
    while (s != &m->root) {
        tmp[n++] = index_in_parent(s);
        s = s->parent;
    }
    for (i = 0; i < n; i++) {
        out[i] = tmp[n - 1 - i];
    }
    return n;
}

static void collect(msec *s, msec **out, int *n)
{
    int i;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec != NULL) {
            out[(*n)++] = s->c[i].sec;
            collect(s->c[i].sec, out, n);
        }
    }
}

static int all_sections(model *m, msec **out)
{
    int n = 0;
    collect(&m->root, out, &n);
    return n;
}

static void free_sec(model *m, msec *s)
{
    int i;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec != NULL) {
            free_sec(m, s->c[i].sec);
        } else {
            m->nrows--;
        }
    }
    m->nsec--;
    free(s);
}

static void model_init(model *m, int variant)
{
    memset(m, 0, sizeof *m);
    fold_table_options_init(&m->o);
    switch (variant % 4) {
    case 0:
        break;
    case 1:
        m->o.padding_top = 3.3;
        m->o.padding_bottom = 11.7;
        m->o.footer_height = 6.1;
        m->o.row_height = 17.7;
        break;
    case 2:
        m->o.start_collapsed = 1;
        m->o.header_height = 0;
        m->o.padding_top = 1.0 / 3;
        m->o.accordion = FOLD_ACCORDION_PER_SECTION;
        break;
    default:
        m->o.accordion = FOLD_ACCORDION_SINGLE;
        m->o.sticky_levels = 2;
        m->o.header_height = 14.7;
        m->o.footer_height = 0.3;
        m->o.row_height = 33.3;
        break;
    }
    m->accordion = m->o.accordion;
    m->sticky = m->o.sticky_levels;
    m->root.key[0] = '\0';
    m->root.parent = NULL;
    strcpy(m->ind_c, "+");
    strcpy(m->ind_e, "\xE2\x80\x93");
}

static void model_free(model *m)
{
    int i;
    for (i = 0; i < m->root.n; i++) {
        free_sec(m, m->root.c[i].sec);
    }
    m->root.n = 0;
}

static msec *new_sec(model *m, unsigned id, const char *header, int rows)
{
    msec *s = (msec *)calloc(1, sizeof *s);
    int i;
    if (s == NULL) {
        abort();
    }
    s->id = id;
    sprintf(s->key, "k%u", id);
    strcpy(s->header, header);
    s->collapsed = m->o.start_collapsed != 0;
    s->hh = s->fh = s->rh = NOV;
    s->n = rows;
    for (i = 0; i < rows; i++) {
        s->c[i].sec = NULL;
        s->c[i].h = NOV;
        s->c[i].eh = NOV;
        s->c[i].expanded = 0;
    }
    m->nsec++;
    m->nrows += rows;
    return s;
}

static void insert_child(msec *s, int at, mchild c)
{
    int i;
    for (i = s->n; i > at; i--) {
        s->c[i] = s->c[i - 1];
    }
    s->c[at] = c;
    s->n++;
    if (c.sec != NULL) {
        c.sec->parent = s;
    }
}

static mchild take_child(msec *s, int at)
{
    mchild c = s->c[at];
    int i;
    for (i = at; i < s->n - 1; i++) {
        s->c[i] = s->c[i + 1];
    }
    s->n--;
    return c;
}

static int key_taken(model *m, const char *key)
{
    msec *all[MAX_SECT];
    int n = all_sections(m, all), i;
    for (i = 0; i < n; i++) {
        if (strcmp(all[i]->key, key) == 0) {
            return 1;
        }
    }
    return 0;
}

/* A height as the engine keeps it: rounded to the nearest 1/256 pt, ties
 * to even (NOV stays NOV). h * 256 is exact and below 2^24. */
static double quant(double h)
{
    double u, f, d;
    if (h == NOV) {
        return NOV;
    }
    u = h * 256.0;
    f = (double)(int64_t)u;
    d = u - f;
    if (d > 0.5 || (d == 0.5 && ((int64_t)f & 1) != 0)) {
        f += 1;
    }
    return f / 256.0;
}

static mchild row_child(double h)
{
    mchild c;
    c.sec = NULL;
    c.h = quant(h);
    c.eh = NOV;
    c.expanded = 0;
    c.pos = -1;
    return c;
}

static mchild sec_child(msec *s)
{
    mchild c = row_child(NOV);
    c.sec = s;
    return c;
}

/* The header's rule: a row whose expanded height is not larger than its
 * height is not expanded. Applied after every operation. */
static void normalize(model *m, msec *s)
{
    int i;
    for (i = 0; i < s->n; i++) {
        mchild *c = &s->c[i];
        if (c->sec != NULL) {
            normalize(m, c->sec);
        } else if (c->expanded && !row_expandable(m, s, c)) {
            c->expanded = 0;
        }
    }
}

/* ---- the flat list, from scratch -------------------------------------- */

static void hide(msec *s)
{
    int i;
    s->visible = 0;
    for (i = 0; i < s->n; i++) {
        s->c[i].pos = -1;
        if (s->c[i].sec != NULL) {
            hide(s->c[i].sec);
        }
    }
}

static void push(int kind, int depth, int64_t section, int64_t row, uint32_t flags, double *y,
                 double h, msec *s, int child)
{
    mitem *x = &items[nitems++];
    x->kind = kind;
    x->depth = depth;
    x->section = section;
    x->row = row;
    x->flags = flags;
    x->top = *y;
    x->h = h;
    x->sec = s;
    x->child = child;
    *y += h;
}

static void emit(const model *m, msec *s, int depth, int index, double *y)
{
    int i, r = 0;
    uint32_t flags = s->collapsed ? FOLD_ITEM_FLAG_COLLAPSED : 0;
    s->visible = 1;
    s->hpos = nitems;
    s->htop = *y;
    s->fpos = -1;
    push(FOLD_ITEM_HEADER, depth, index, -1, flags, y, eff_hh(m, s), s, -1);
    for (i = 0; i < s->n; i++) {
        mchild *c = &s->c[i];
        if (s->collapsed) {
            c->pos = -1;
            if (c->sec != NULL) {
                hide(c->sec);
            }
        } else if (c->sec == NULL) {
            uint32_t f = (c->expanded ? FOLD_ITEM_FLAG_EXPANDED : 0) |
                         (row_expandable(m, s, c) ? FOLD_ITEM_FLAG_EXPANDABLE : 0);
            c->pos = nitems;
            push(FOLD_ITEM_ROW, depth, index, r, f, y, row_shown(m, s, c), s, i);
        } else {
            emit(m, c->sec, depth + 1, i, y);
        }
        r += c->sec == NULL;
    }
    if (eff_fh(m, s) > 0) {
        s->fpos = nitems;
        push(FOLD_ITEM_FOOTER, depth, index, -1, flags, y, eff_fh(m, s), s, -1);
    }
    s->end = *y;
}

static void build(model *m)
{
    double y = m->o.padding_top;
    int i;
    nitems = 0;
    for (i = 0; i < m->root.n; i++) {
        emit(m, m->root.c[i].sec, 0, i, &y);
    }
    content = y + m->o.padding_bottom;
}

/* ---- value pools ------------------------------------------------------ */

/* Non-round on purpose (see the top of the file); 0.001 rounds to 0 units. */
static const double row_defaults[] = {20, 17.7, 33.3, 1.0 / 3};
static const double row_explicit[] = {0, 10, 0.1, 1.0 / 3, 17.7, 30.5, 100.03};
static const double expanded_pool[] = {0, 25, 44.4, 60.7, 150.1, 2.0 / 3};
static const double header_pool[] = {0, 15.3, 40.5, 28, 2.0 / 3};
static const double footer_pool[] = {0, 7.1, 12, 0.001};
static const char *const header_texts[] = {"", "Title", "T|D", "A|B|C", "|x", "x|",
                                           "Caf\xC3\xA9|\xE2\x98\x95"};
static const char *const indicator_pairs[][2] = {
    {"+", "\xE2\x80\x93"}, {">", "v"}, {"", "open"}, {"\xE2\x96\xB6", "\xE2\x96\xBC"}};

#define NPOOL(a) ((uint32_t)(sizeof(a) / sizeof(a[0])))
#define POOLP(a, p) (a[(p) % NPOOL(a)])

/* ---- failure reporting ------------------------------------------------ */

static char fail_msg[1024];

static int failf(const char *fmt, ...)
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
static long change_sets_seen;

#define EXPECT_ST(call, expected)                                                              \
    do {                                                                                       \
        long sets_ = change_sets_seen;                                                         \
        int st_ = (call);                                                                      \
        if (st_ != (expected)) {                                                               \
            return failf("line %d: %s returned %s, expected %s (last error: \"%s\")", __LINE__, \
                         #call, fold_status_name(st_), fold_status_name(expected),             \
                         fold_last_error_message());                                           \
        }                                                                                      \
        if (st_ != FOLD_OK && change_sets_seen != sets_) {                                     \
            return failf("line %d: %s failed (%s) but delivered a change set", __LINE__, #call, \
                         fold_status_name(st_));                                               \
        }                                                                                      \
    } while (0)

#define EXPECT_I(got, want, what)                                                               \
    do {                                                                                        \
        int64_t g_ = (int64_t)(got), w_ = (int64_t)(want);                                      \
        if (g_ != w_) {                                                                         \
            return failf("line %d: %s: got %lld, expected %lld", __LINE__, what, (long long)g_, \
                         (long long)w_);                                                        \
        }                                                                                       \
    } while (0)

#define EXPECT_D(got, want, what)                                                              \
    do {                                                                                       \
        double g_ = (got), w_ = (want);                                                        \
        if (!(g_ == w_)) {                                                                     \
            return failf("line %d: %s: got %.17g, expected %.17g", __LINE__, what, g_, w_);   \
        }                                                                                      \
    } while (0)

#define EXPECT_S(got, want, what)                                                             \
    do {                                                                                      \
        const char *g_ = (got), *w_ = (want);                                                 \
        if (g_ == NULL || w_ == NULL ? g_ != w_ : strcmp(g_, w_) != 0) {                      \
            return failf("line %d: %s: got %s%s%s, expected %s%s%s", __LINE__, what,          \
                         g_ ? "\"" : "", g_ ? g_ : "NULL", g_ ? "\"" : "", w_ ? "\"" : "",    \
                         w_ ? w_ : "NULL", w_ ? "\"" : "");                                   \
        }                                                                                     \
    } while (0)

static char ctx[160]; /* what is being compared, for messages */

/* ---- verification ----------------------------------------------------- */

static int check_item_fields(int64_t pos, int kind, int depth, int64_t section, int64_t row,
                             uint32_t flags, const mitem *x)
{
    sprintf(ctx, "item %lld kind", (long long)pos);
    EXPECT_I(kind, x->kind, ctx);
    sprintf(ctx, "item %lld depth", (long long)pos);
    EXPECT_I(depth, x->depth, ctx);
    sprintf(ctx, "item %lld section", (long long)pos);
    EXPECT_I(section, x->section, ctx);
    sprintf(ctx, "item %lld row", (long long)pos);
    EXPECT_I(row, x->row, ctx);
    sprintf(ctx, "item %lld flags", (long long)pos);
    EXPECT_I(flags, x->flags, ctx);
    return 0;
}

static void model_offset(const model *m, double y, int64_t *pos, int32_t *place)
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

static int check_offset(const fold_table *t, const model *m, double y)
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

static int check_viewport(const fold_table *t, double offset, double height, int64_t overscan,
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
 * level-d section around the item at the bottom of the headers drawn so far
 * (the first item ending below it), inside the level above's section. */
static int model_sticky(const model *m, double y, fold_sticky_header *out)
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
            n++;
        }
        k = n;
        for (s = items[probe].sec; s != &m->root; s = s->parent) {
            chain[--k] = s;
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
        out[written].depth = written;
        out[written].top = drawn;
        out[written].height = h;
        written++;
        stack_top = drawn + h;
        above = s;
    }
    return written;
}

static int check_sticky(const fold_table *t, const model *m, double y, int64_t capacity)
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
        EXPECT_I(got[i].depth, want[i].depth, ctx);
        EXPECT_D(got[i].top, want[i].top, ctx);
        EXPECT_D(got[i].height, want[i].height, ctx);
    }
    return 0;
}

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

static int check_section(const fold_table *t, model *m, msec *s)
{
    int64_t n = -1, path[MODEL_MAX_DEPTH + 2], epath[MODEL_MAX_DEPTH + 2], len = -1, pos = -1;
    int elen = path_of(m, s, epath), i, c = -1, r;
    char *key = NULL;
    double h = -1;
    int rows = nrows_of(s);

    sprintf(ctx, "section \"%s\" index", s->key);
    if (s->parent == &m->root) {
        EXPECT_ST(fold_table_section_index(t, s->key, &n), FOLD_OK);
        EXPECT_I(n, index_in_parent(s), ctx);
    } else {
        /* A nested section has no top-level index. */
        EXPECT_ST(fold_table_section_index(t, s->key, &n), FOLD_E_INVALID);
    }
    sprintf(ctx, "section \"%s\" depth", s->key);
    EXPECT_ST(fold_table_section_depth(t, s->key, &n), FOLD_OK);
    EXPECT_I(n, elen - 1, ctx);
    sprintf(ctx, "section \"%s\" parent", s->key);
    key = (char *)"sentinel";
    EXPECT_ST(fold_table_section_parent(t, s->key, &key), FOLD_OK);
    if (s->parent == &m->root) {
        if (key != NULL) {
            fold_free(key);
            return failf("%s: got a key, expected NULL", ctx);
        }
    } else {
        int bad = key == NULL || strcmp(key, s->parent->key) != 0;
        fold_free(key);
        if (bad) {
            return failf("%s: expected \"%s\"", ctx, s->parent->key);
        }
    }
    sprintf(ctx, "section \"%s\" path", s->key);
    EXPECT_ST(fold_table_section_path(t, s->key, path, MODEL_MAX_DEPTH + 2, &len), FOLD_OK);
    EXPECT_I(len, elen, ctx);
    for (i = 0; i < elen; i++) {
        EXPECT_I(path[i], epath[i], ctx);
    }
    EXPECT_ST(fold_table_path_key(t, epath, elen, &key), FOLD_OK);
    sprintf(ctx, "path_key of \"%s\"'s path", s->key);
    {
        int bad = key == NULL || strcmp(key, s->key) != 0;
        fold_free(key);
        if (bad) {
            return failf("%s: wrong key", ctx);
        }
    }
    sprintf(ctx, "child_count(\"%s\")", s->key);
    EXPECT_ST(fold_table_child_count(t, s->key, &n), FOLD_OK);
    EXPECT_I(n, s->n, ctx);
    for (i = 0, r = 0; i < s->n; i++) {
        int32_t kind = -1;
        int64_t row = -9;
        key = NULL;
        sprintf(ctx, "child_at(\"%s\", %d)", s->key, i);
        EXPECT_ST(fold_table_child_at(t, s->key, i, &kind, &row, &key), FOLD_OK);
        if (s->c[i].sec == NULL) {
            if (key != NULL) {
                fold_free(key);
                return failf("%s: a row with a key", ctx);
            }
            EXPECT_I(kind, FOLD_CHILD_ROW, ctx);
            EXPECT_I(row, r, ctx);
            r++;
        } else {
            int bad = key == NULL || strcmp(key, s->c[i].sec->key) != 0;
            fold_free(key);
            if (bad) {
                return failf("%s: wrong key", ctx);
            }
            EXPECT_I(kind, FOLD_CHILD_SECTION, ctx);
            EXPECT_I(row, -1, ctx);
        }
    }
    sprintf(ctx, "row_count_key(\"%s\")", s->key);
    EXPECT_ST(fold_table_row_count_key(t, s->key, &n), FOLD_OK);
    EXPECT_I(n, rows, ctx);
    sprintf(ctx, "is_collapsed_key(\"%s\")", s->key);
    EXPECT_ST(fold_table_is_collapsed_key(t, s->key, &c), FOLD_OK);
    EXPECT_I(c, s->collapsed, ctx);
    sprintf(ctx, "header_position_key(\"%s\")", s->key);
    if (s->visible) {
        EXPECT_ST(fold_table_header_position_key(t, s->key, &pos), FOLD_OK);
        EXPECT_I(pos, s->hpos, ctx);
    } else {
        EXPECT_ST(fold_table_header_position_key(t, s->key, &pos), FOLD_E_NOT_VISIBLE);
    }
    sprintf(ctx, "footer_position_key(\"%s\")", s->key);
    if (eff_fh(m, s) <= 0) {
        EXPECT_ST(fold_table_footer_position_key(t, s->key, &pos), FOLD_E_NOT_FOUND);
    } else if (s->visible) {
        EXPECT_ST(fold_table_footer_position_key(t, s->key, &pos), FOLD_OK);
        EXPECT_I(pos, s->fpos, ctx);
    } else {
        EXPECT_ST(fold_table_footer_position_key(t, s->key, &pos), FOLD_E_NOT_VISIBLE);
    }
    for (i = 0, r = 0; i < s->n; i++) {
        const mchild *ch = &s->c[i];
        int v = -1;
        if (ch->sec != NULL) {
            continue;
        }
        sprintf(ctx, "row %d of \"%s\"", r, s->key);
        EXPECT_ST(fold_table_row_height_key(t, s->key, r, &h), FOLD_OK);
        EXPECT_D(h, row_normal(m, s, ch), ctx);
        EXPECT_ST(fold_table_row_expanded_height(t, s->key, r, &h), FOLD_OK);
        EXPECT_D(h, ch->eh == NOV ? FOLD_HEIGHT_DEFAULT : ch->eh, ctx);
        EXPECT_ST(fold_table_is_row_expanded(t, s->key, r, &v), FOLD_OK);
        EXPECT_I(v, ch->expanded, ctx);
        EXPECT_ST(fold_table_is_row_expandable(t, s->key, r, &v), FOLD_OK);
        EXPECT_I(v, row_expandable(m, s, ch), ctx);
        if (ch->pos >= 0) {
            EXPECT_ST(fold_table_row_position_key(t, s->key, r, &pos), FOLD_OK);
            EXPECT_I(pos, ch->pos, ctx);
        } else {
            EXPECT_ST(fold_table_row_position_key(t, s->key, r, &pos), FOLD_E_NOT_VISIBLE);
        }
        r++;
    }
    sprintf(ctx, "row %d of \"%s\" (one past the end)", rows, s->key);
    EXPECT_ST(fold_table_row_height_key(t, s->key, rows, &h), FOLD_E_RANGE);
    return 0;
}

static int check_top_level(const fold_table *t, const model *m, int64_t i, const msec *s)
{
    char *key = NULL, *title = NULL, *detail = NULL, *ind = NULL;
    char etitle[32], edetail[32];
    int has_detail, c = -1, bad, r, k;
    double hh = -1, fh = -1, rh = -1, h = -1;
    int64_t n = -1, pos = -1;
    int rows = nrows_of(s);
    sprintf(ctx, "section_key(%lld)", (long long)i);
    EXPECT_ST(fold_table_section_key(t, i, &key), FOLD_OK);
    bad = key == NULL || strcmp(key, s->key) != 0;
    fold_free(key);
    if (bad) {
        return failf("%s: wrong key, expected \"%s\"", ctx, s->key);
    }
    split_header(s->header, etitle, edetail, &has_detail);
    sprintf(ctx, "section_header(%lld)", (long long)i);
    EXPECT_ST(fold_table_section_header(t, i, &title, &detail), FOLD_OK);
    bad = title == NULL || strcmp(title, etitle) != 0 ||
          (has_detail ? detail == NULL || strcmp(detail, edetail) != 0 : detail != NULL);
    fold_free(title);
    fold_free(detail);
    if (bad) {
        return failf("%s: wrong title or detail for \"%s\"", ctx, s->header);
    }
    sprintf(ctx, "is_collapsed(%lld)", (long long)i);
    EXPECT_ST(fold_table_is_collapsed(t, i, &c), FOLD_OK);
    EXPECT_I(c, s->collapsed, ctx);
    sprintf(ctx, "section_indicator(%lld)", (long long)i);
    EXPECT_ST(fold_table_section_indicator(t, i, &ind), FOLD_OK);
    bad = ind == NULL ||
          strcmp(ind, s->n == 0 ? "" : s->collapsed ? m->ind_c : m->ind_e) != 0;
    fold_free(ind);
    if (bad) {
        return failf("%s: wrong indicator", ctx);
    }
    sprintf(ctx, "section_heights(%lld)", (long long)i);
    EXPECT_ST(fold_table_section_heights(t, i, &hh, &fh, &rh), FOLD_OK);
    EXPECT_D(hh, eff_hh(m, s), ctx);
    EXPECT_D(fh, eff_fh(m, s), ctx);
    EXPECT_D(rh, eff_rh(m, s), ctx);
    sprintf(ctx, "row_count(%lld)", (long long)i);
    EXPECT_ST(fold_table_row_count(t, i, &n), FOLD_OK);
    EXPECT_I(n, rows, ctx);
    sprintf(ctx, "visible_row_count(%lld)", (long long)i);
    EXPECT_ST(fold_table_visible_row_count(t, i, &n), FOLD_OK);
    EXPECT_I(n, s->collapsed ? 0 : rows, ctx);
    sprintf(ctx, "header_position(%lld)", (long long)i);
    EXPECT_ST(fold_table_header_position(t, i, &pos), FOLD_OK);
    EXPECT_I(pos, s->hpos, ctx);
    sprintf(ctx, "footer_position(%lld)", (long long)i);
    if (eff_fh(m, s) > 0) {
        EXPECT_ST(fold_table_footer_position(t, i, &pos), FOLD_OK);
        EXPECT_I(pos, s->fpos, ctx);
    } else {
        EXPECT_ST(fold_table_footer_position(t, i, &pos), FOLD_E_NOT_FOUND);
    }
    for (k = 0, r = 0; k < s->n; k++) {
        if (s->c[k].sec != NULL) {
            continue;
        }
        sprintf(ctx, "row_height(%lld, %d)", (long long)i, r);
        EXPECT_ST(fold_table_row_height(t, i, r, &h), FOLD_OK);
        EXPECT_D(h, row_normal(m, s, &s->c[k]), ctx);
        sprintf(ctx, "row_position(%lld, %d)", (long long)i, r);
        if (s->c[k].pos >= 0) {
            EXPECT_ST(fold_table_row_position(t, i, r, &pos), FOLD_OK);
            EXPECT_I(pos, s->c[k].pos, ctx);
        } else {
            EXPECT_ST(fold_table_row_position(t, i, r, &pos), FOLD_E_NOT_VISIBLE);
        }
        r++;
    }
    return 0;
}

static void expanded_list(msec *s, fold_row_ref *out, int64_t *n)
{
    int i, r = 0;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec != NULL) {
            expanded_list(s->c[i].sec, out, n);
        } else {
            if (s->c[i].expanded) {
                out[*n].key = s->key;
                out[*n].row = r;
                (*n)++;
            }
            r++;
        }
    }
}

static int verify(const fold_table *t, model *m, rng *vr)
{
    msec *all[MAX_SECT];
    int ns, i;
    int64_t n = -1, k;
    double h = -1;
    fold_visible_item whole[MAX_ITEMS + 2];

    build(m);
    ns = all_sections(m, all);

    /* The flat list. */
    EXPECT_ST(fold_table_item_count(t, &n), FOLD_OK);
    EXPECT_I(n, nitems, "item_count");
    EXPECT_ST(fold_table_content_height(t, &h), FOLD_OK);
    EXPECT_D(h, content, "content_height");
    {
        /* All items in one viewport over the whole content. */
        int64_t written = -1, total = -1;
        EXPECT_ST(fold_table_visible_items(t, -1, content + 2, 0, whole, MAX_ITEMS + 2, &written,
                                           &total),
                  FOLD_OK);
        EXPECT_I(total, nitems, "visible_items over the whole content: total");
        EXPECT_I(written, nitems, "visible_items over the whole content: written");
    }
    for (k = 0; k < nitems; k++) {
        const mitem *x = &items[k];
        fold_item it;
        int64_t path[MODEL_MAX_DEPTH + 3], epath[MODEL_MAX_DEPTH + 3], len = -1, elen, pos = -1;
        char *key = NULL;
        int bad, j;
        if (check_item_fields(k, whole[k].kind, whole[k].depth, whole[k].section, whole[k].row,
                              whole[k].flags, x)) {
            return failf("(visible_items over the whole content)");
        }
        sprintf(ctx, "visible_items: item %lld", (long long)k);
        EXPECT_I(whole[k].position, k, ctx);
        EXPECT_D(whole[k].top, x->top, ctx);
        EXPECT_D(whole[k].height, x->h, ctx);
        EXPECT_ST(fold_table_item_at(t, k, &it), FOLD_OK);
        if (check_item_fields(k, it.kind, it.depth, it.section, it.row, it.flags, x)) {
            return failf("(item_at)");
        }
        sprintf(ctx, "item_top(%lld)", (long long)k);
        EXPECT_ST(fold_table_item_top(t, k, &h), FOLD_OK);
        EXPECT_D(h, x->top, ctx);
        sprintf(ctx, "item_height(%lld)", (long long)k);
        EXPECT_ST(fold_table_item_height(t, k, &h), FOLD_OK);
        EXPECT_D(h, x->h, ctx);
        sprintf(ctx, "item_key(%lld)", (long long)k);
        EXPECT_ST(fold_table_item_key(t, k, &key), FOLD_OK);
        bad = key == NULL || strcmp(key, x->sec->key) != 0;
        fold_free(key);
        if (bad) {
            return failf("%s: expected \"%s\"", ctx, x->sec->key);
        }
        elen = path_of(m, x->sec, epath);
        if (x->kind == FOLD_ITEM_ROW) {
            epath[elen++] = x->child;
        }
        sprintf(ctx, "item_path(%lld)", (long long)k);
        EXPECT_ST(fold_table_item_path(t, k, path, MODEL_MAX_DEPTH + 3, &len), FOLD_OK);
        EXPECT_I(len, elen, ctx);
        for (j = 0; j < elen; j++) {
            EXPECT_I(path[j], epath[j], ctx);
        }
        sprintf(ctx, "path_position(item_path(%lld))", (long long)k);
        EXPECT_ST(fold_table_path_position(t, epath, elen, &pos), FOLD_OK);
        EXPECT_I(pos, x->kind == FOLD_ITEM_FOOTER ? x->sec->hpos : k, ctx);
    }
    sprintf(ctx, "item_at(%lld) (one past the end)", (long long)nitems);
    {
        fold_item it;
        EXPECT_ST(fold_table_item_at(t, nitems, &it), FOLD_E_RANGE);
    }

    /* Sections. */
    EXPECT_ST(fold_table_section_count(t, &n), FOLD_OK);
    EXPECT_I(n, m->root.n, "section_count");
    EXPECT_ST(fold_table_child_count(t, NULL, &n), FOLD_OK);
    EXPECT_I(n, m->root.n, "child_count(NULL)");
    for (i = 0; i < m->root.n; i++) {
        if (check_top_level(t, m, i, m->root.c[i].sec)) {
            return 1;
        }
    }
    for (i = 0; i < ns; i++) {
        if (check_section(t, m, all[i])) {
            return 1;
        }
    }
    {
        fold_section_state *st = NULL;
        int64_t sc = -1;
        EXPECT_ST(fold_table_section_states(t, &st, &sc), FOLD_OK);
        if (sc != ns || (ns == 0) != (st == NULL)) {
            fold_free(st);
            return failf("section_states: count %lld, expected %d", (long long)sc, ns);
        }
        for (i = 0; i < ns; i++) {
            if (strcmp(st[i].key, all[i]->key) != 0 || st[i].collapsed != all[i]->collapsed) {
                failf("section_states[%d] = (\"%s\", %d), expected (\"%s\", %d)", i, st[i].key,
                      (int)st[i].collapsed, all[i]->key, all[i]->collapsed);
                fold_free(st);
                return 1;
            }
        }
        fold_free(st);
    }
    {
        fold_row_ref want[MAX_ROWS_TOTAL], *got = NULL;
        int64_t nw = 0, ng = -1;
        expanded_list(&m->root, want, &nw);
        EXPECT_ST(fold_table_expanded_rows(t, &got, &ng), FOLD_OK);
        if (ng != nw || (nw == 0) != (got == NULL)) {
            fold_free(got);
            return failf("expanded_rows: count %lld, expected %lld", (long long)ng, (long long)nw);
        }
        for (k = 0; k < nw; k++) {
            if (strcmp(got[k].key, want[k].key) != 0 || got[k].row != want[k].row) {
                failf("expanded_rows[%lld] = (\"%s\", %lld), expected (\"%s\", %lld)",
                      (long long)k, got[k].key, (long long)got[k].row, want[k].key,
                      (long long)want[k].row);
                fold_free(got);
                return 1;
            }
        }
        fold_free(got);
    }
    {
        fold_table_options o;
        fold_table_options_init(&o);
        EXPECT_ST(fold_table_get_options(t, &o), FOLD_OK);
        EXPECT_I(o.accordion, m->accordion, "get_options accordion");
        EXPECT_I(o.sticky_levels, m->sticky, "get_options sticky_levels");
    }

    /* Offsets, viewports, sticky headers. */
    for (k = 0; k < nitems; k++) {
        if (check_offset(t, m, items[k].top) || check_offset(t, m, items[k].top + items[k].h / 2) ||
            check_offset(t, m, items[k].top - 0.25)) {
            return 1;
        }
        if (check_sticky(t, m, items[k].top, MODEL_MAX_DEPTH + 1) ||
            check_sticky(t, m, items[k].top + items[k].h / 2, MODEL_MAX_DEPTH + 1)) {
            return 1;
        }
    }
    if (check_offset(t, m, -1) || check_offset(t, m, 0) || check_offset(t, m, m->o.padding_top) ||
        check_offset(t, m, content - m->o.padding_bottom) || check_offset(t, m, content) ||
        check_offset(t, m, content + 1000)) {
        return 1;
    }
    for (i = 0; i < 3; i++) {
        double y = (double)rng_below(vr, (int64_t)(content * 4) + 8) / 4 - 1;
        if (check_offset(t, m, y) || check_sticky(t, m, y, rng_below(vr, 4))) {
            return 1;
        }
    }
    if (check_sticky(t, m, -5, MODEL_MAX_DEPTH + 1) ||
        check_sticky(t, m, content + 3, MODEL_MAX_DEPTH + 1)) {
        return 1;
    }
    for (i = 0; i < 3; i++) {
        double off = (double)rng_below(vr, (int64_t)(content * 4) + 40) / 4 - 5;
        double hgt = (double)rng_below(vr, 800) / 4;
        if (check_viewport(t, off, hgt, rng_below(vr, 4), rng_below(vr, nitems + 3))) {
            return 1;
        }
    }
    if (nitems > 0) {
        k = rng_below(vr, nitems);
        if (check_viewport(t, items[k].top, (double)rng_below(vr, 200), rng_below(vr, 3),
                           nitems + 1)) {
            return 1;
        }
    }
    return 0;
}

/* ---- operations ------------------------------------------------------- */

enum {
    OP_INSERT_SECTION,
    OP_INSERT_SUBSECTION,
    OP_INSERT_SECTION_AT_PATH,
    OP_REMOVE_SECTION,
    OP_REMOVE_CHILDREN,
    OP_REMOVE_AT_PATH,
    OP_MOVE_SECTION,
    OP_MOVE_SECTION_TO,
    OP_MOVE_AT_PATH,
    OP_INSERT_ROWS,
    OP_INSERT_CHILD_ROWS,
    OP_INSERT_ROWS_AT_PATH,
    OP_REMOVE_ROWS,
    OP_SET_ROW_HEIGHT,
    OP_SET_ROW_HEIGHTS,
    OP_SECTION_HEIGHT,
    OP_COLLAPSE,
    OP_ALL,
    OP_EXPANDED_HEIGHT,
    OP_ROW_STATE,
    OP_ACCORDION,
    OP_ACTIVATE,
    OP_STICKY_LEVELS,
    OP_TEXT,
    OP_VETO,
    OP_KINDS
};

/* Relative frequencies. */
static const int op_weight[OP_KINDS] = {
    6, /* insert_section */
    8, /* insert_subsection */
    3, /* insert_section_at_path */
    3, /* remove_section */
    4, /* remove_children */
    2, /* remove_at_path */
    3, /* move_section */
    5, /* move_section_to */
    6, /* move_at_path */
    7, /* insert_rows (index / key) */
    4, /* insert_child_rows */
    3, /* insert_rows_at_path */
    5, /* remove_rows (index / key) */
    5, /* set_row_height (index / key) */
    3, /* set_row_heights */
    5, /* section heights */
    9, /* collapse / expand / toggle */
    2, /* collapse_all / expand_all */
    7, /* expanded heights */
    9, /* row expand / collapse / toggle */
    2, /* accordion */
    6, /* activate */
    1, /* sticky levels */
    2, /* header text, indicators */
    6, /* vetoing listeners: collapse, all, row expansion, reveal_row */
};

typedef struct op {
    int type;
    uint32_t p[6];
} op;

static char desc[512];
static int known_bugs; /* FOLDTABLE_KNOWN_BUGS=1: also run what known engine bugs break */

static void descf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(desc, sizeof desc, fmt, ap);
    va_end(ap);
}

static const char *path_text(const int64_t *path, int len)
{
    static char buf[4][96];
    static int which = 0;
    char *b = buf[which++ & 3];
    int i, at = 0;
    at += sprintf(b + at, "{");
    for (i = 0; i < len; i++) {
        at += sprintf(b + at, "%s%lld", i ? ", " : "", (long long)path[i]);
    }
    sprintf(b + at, "}");
    return b;
}

static const char *heights_text(const double *h, int64_t count)
{
    static char buf[160];
    int64_t i;
    int at = 0;
    if (h == NULL) {
        return "NULL";
    }
    at += sprintf(buf + at, "{");
    for (i = 0; i < count && at < 120; i++) {
        at += sprintf(buf + at, "%s%g", i ? ", " : "", h[i]);
    }
    sprintf(buf + at, "}");
    return buf;
}

static const char *q(const char *s) /* a C string literal for descriptions */
{
    static char buf[4][48];
    static int which = 0;
    char *b = buf[which++ & 3];
    if (s == NULL) {
        return "NULL";
    }
    sprintf(b, "\"%.40s\"", s);
    return b;
}

#define KEY_IDS 4096u

/* Of `n` sections, the one whose id follows p's target id most closely. */
static int pick_index(msec *const *list, int n, uint32_t p)
{
    unsigned target = p % KEY_IDS, best = KEY_IDS;
    int i, at = -1;
    for (i = 0; i < n; i++) {
        unsigned d = (list[i]->id + KEY_IDS - target) % KEY_IDS;
        if (d < best) {
            best = d;
            at = i;
        }
    }
    return at;
}

/* A random section at any depth, or NULL when there is none. */
static msec *pick_sec(model *m, uint32_t p)
{
    msec *all[MAX_SECT];
    int n = all_sections(m, all);
    return n == 0 ? NULL : all[pick_index(all, n, p)];
}

/* A random section with at least one row. */
static msec *pick_sec_with_rows(model *m, uint32_t p)
{
    msec *all[MAX_SECT];
    int n = all_sections(m, all), i, k = 0;
    for (i = 0; i < n; i++) {
        if (nrows_of(all[i]) > 0) {
            all[k++] = all[i];
        }
    }
    return k == 0 ? NULL : all[pick_index(all, k, p)];
}

/* The index of a random top-level section (the top level must not be empty). */
static int64_t pick_top(model *m, uint32_t p)
{
    msec *top[MAXC];
    int i;
    for (i = 0; i < m->root.n; i++) {
        top[i] = m->root.c[i].sec;
    }
    return pick_index(top, m->root.n, p);
}

static double bad_height(uint32_t p)
{
    volatile double zero = 0;
    switch (p % 5) {
    case 0:
        return zero / zero;
    case 1:
        return -2;
    case 2:
        return FOLD_MAX_HEIGHT * 2;
    case 3:
        return 1.0 / zero;
    default:
        return -0.5;
    }
}

/* Heights for `count` new or changed rows; NULL for "defaults" (p bit 0). */
static const double *make_heights(uint32_t p, int64_t count, int allow_null, double *buf)
{
    int64_t i;
    rng r;
    if (allow_null && (p & 1)) {
        return NULL;
    }
    r.s = p;
    for (i = 0; i < count; i++) {
        buf[i] = rng_below(&r, 5) == 0 ? FOLD_HEIGHT_DEFAULT
                                       : row_explicit[rng_below(&r, NPOOL(row_explicit))];
    }
    return buf;
}

#define SKIP()                                      \
    do {                                            \
        descf("(skipped: %s)", "no room or no target"); \
        return 0;                                   \
    } while (0)

/* ---- vetoing listeners --------------------------------------------------- */

/* What the listeners of every table refuse (nothing outside OP_VETO), and
 * what they saw during one call. */
static struct {
    char keys[3][16]; /* sections whose "will" events are refused */
    int nkeys;
    char row_key[16]; /* with row >= 0: the row whose "will" events are refused */
    int64_t row;
    int wills, dids;  /* events during the call */
    int will_after_did;
} veto = {{{0}}, 0, {0}, -1, 0, 0, 0};

static void veto_reset(void)
{
    veto.nkeys = 0;
    veto.row = -1;
    veto.wills = veto.dids = veto.will_after_did = 0;
}

static int veto_refuses(const char *key)
{
    int i;
    for (i = 0; i < veto.nkeys; i++) {
        if (strcmp(veto.keys[i], key) == 0) {
            return 1;
        }
    }
    return 0;
}

static void veto_saw(int will)
{
    if (will) {
        veto.wills++;
        veto.will_after_did |= veto.dids > 0;
    } else {
        veto.dids++;
    }
}

static int on_section_veto(fold_table *t, const char *key, int32_t event, void *user_data)
{
    int will = event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND;
    (void)t;
    (void)user_data;
    veto_saw(will);
    return !(will && veto_refuses(key));
}

static int on_row_veto(fold_table *t, const char *key, int64_t row, int32_t event, void *user_data)
{
    int will = event == FOLD_ROW_WILL_EXPAND || event == FOLD_ROW_WILL_COLLAPSE;
    (void)t;
    (void)user_data;
    veto_saw(will);
    return !(will && veto.row >= 0 && row == veto.row && strcmp(key, veto.row_key) == 0);
}

static void on_change_count(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)set;
    (void)user_data;
    change_sets_seen++;
}

/* Refuses section s (its key) from now until veto_reset. */
static void veto_section(const msec *s)
{
    if (s != NULL && veto.nkeys < 3 && !veto_refuses(s->key)) {
        strcpy(veto.keys[veto.nkeys++], s->key);
    }
}

/* Row index (among rows) of child j of s. */
static int64_t row_of_child(const msec *s, int j)
{
    int i;
    int64_t r = 0;
    for (i = 0; i < j; i++) {
        r += s->c[i].sec == NULL;
    }
    return r;
}

/* The expanded rows an expansion of a row of s displaces under the accordion. */
static int displaced_rows(model *m, msec *s, msec **secs, int *childs)
{
    msec *all[MAX_SECT];
    int ns = 0, n = 0, i, j;
    if (m->accordion == FOLD_ACCORDION_SINGLE) {
        ns = all_sections(m, all);
    } else if (m->accordion == FOLD_ACCORDION_PER_SECTION) {
        all[ns++] = s;
    }
    for (i = 0; i < ns; i++) {
        for (j = 0; j < all[i]->n; j++) {
            if (all[i]->c[j].sec == NULL && all[i]->c[j].expanded) {
                secs[n] = all[i];
                childs[n++] = j;
            }
        }
    }
    return n;
}

/* One vetoable call with refusals the run picks; the model does what the
 * header says a refusal does. */
static int apply_veto(fold_table *t, model *m, const uint32_t *p)
{
    long sets = change_sets_seen;
    int kind = (int)(p[0] % 4), changed_model = 0;
    veto_reset();
    switch (kind) {
    case 0: { /* collapse / expand / toggle one section by key */
        msec *s = pick_sec(m, p[1]);
        int what = (int)(p[2] % 3), changed = -1, want;
        static const char *const names[] = {"collapse_key", "expand_key", "toggle_key"};
        if (s == NULL) {
            SKIP();
        }
        if (p[3] % 3 != 0) {
            veto_section(s);
        } else {
            veto_section(pick_sec(m, p[4]));
        }
        want = what == 0 ? !s->collapsed : what == 1 ? s->collapsed : 1;
        want = want && s->n > 0 && !veto_refuses(s->key);
        descf("%s(%s) refusing %s", names[what], q(s->key), q(veto.keys[0]));
        EXPECT_ST(what == 0   ? fold_table_collapse_key(t, s->key, &changed)
                  : what == 1 ? fold_table_expand_key(t, s->key, &changed)
                              : fold_table_toggle_key(t, s->key, &changed),
                  FOLD_OK);
        EXPECT_I(changed, want, "out_changed");
        if (want) {
            s->collapsed = !s->collapsed;
            changed_model = 1;
        }
        break;
    }
    case 1: { /* collapse_all / expand_all */
        msec *all[MAX_SECT];
        int collapse = (int)(p[1] & 1), i, ns = all_sections(m, all);
        int64_t want = 0, changed = -1;
        veto_section(pick_sec(m, p[2]));
        if (p[3] % 2) {
            veto_section(pick_sec(m, p[4]));
        }
        for (i = 0; i < ns; i++) {
            if (all[i]->n > 0 && all[i]->collapsed != collapse && !veto_refuses(all[i]->key)) {
                all[i]->collapsed = collapse;
                want++;
            }
        }
        descf("%s_all() refusing %d sections", collapse ? "collapse" : "expand", veto.nkeys);
        EXPECT_ST(collapse ? fold_table_collapse_all(t, &changed) : fold_table_expand_all(t, &changed),
                  FOLD_OK);
        EXPECT_I(changed, want, "out_changed");
        changed_model = want > 0;
        break;
    }
    case 2: { /* expand / toggle a row; the accordion may displace others */
        msec *s = pick_sec_with_rows(m, p[1]), *secs[MAX_ROWS_TOTAL];
        int childs[MAX_ROWS_TOTAL], nd, i, changed = -1, refused = 0, toggle = (int)(p[4] & 1);
        int64_t row;
        mchild *c;
        if (s == NULL) {
            SKIP();
        }
        row = p[2] % (uint32_t)nrows_of(s);
        c = &s->c[child_of_row(s, (int)row)];
        nd = c->expanded ? 0 : displaced_rows(m, s, secs, childs);
        if (p[3] % 3 == 0 || nd == 0) {
            strcpy(veto.row_key, s->key);
            veto.row = row;
        } else {
            i = (int)(p[3] / 3 % (uint32_t)nd);
            strcpy(veto.row_key, secs[i]->key);
            veto.row = row_of_child(secs[i], childs[i]);
        }
        descf("%s(%s, %lld) refusing row %lld of %s", toggle ? "toggle_row" : "expand_row", q(s->key),
              (long long)row, (long long)veto.row, q(veto.row_key));
        EXPECT_ST(toggle ? fold_table_toggle_row(t, s->key, row, &changed)
                         : fold_table_expand_row(t, s->key, row, &changed),
                  FOLD_OK);
        if (c->expanded) {
            /* toggle collapses it; expand does nothing */
            refused = toggle && strcmp(veto.row_key, s->key) == 0 && veto.row == row;
            EXPECT_I(changed, toggle && !refused, "out_changed");
            if (toggle && !refused) {
                c->expanded = 0;
                changed_model = 1;
            }
            break;
        }
        if (!row_expandable(m, s, c)) {
            EXPECT_I(changed, 0, "out_changed");
            break;
        }
        refused = strcmp(veto.row_key, s->key) == 0 && veto.row == row;
        for (i = 0; i < nd; i++) {
            refused |= strcmp(veto.row_key, secs[i]->key) == 0 && veto.row == row_of_child(secs[i], childs[i]);
        }
        EXPECT_I(changed, !refused, "out_changed");
        if (!refused) {
            for (i = 0; i < nd; i++) {
                secs[i]->c[childs[i]].expanded = 0;
            }
            c->expanded = 1;
            changed_model = 1;
        }
        break;
    }
    default: { /* reveal_row, refusing one of the sections that hide the row (or another) */
        msec *s = pick_sec_with_rows(m, p[1]), *chain[MODEL_MAX_DEPTH + 1], *x;
        int n = 0, i, expand = p[3] % 4 != 0, refused = 0;
        int64_t row, pos = -1;
        if (s == NULL) {
            SKIP();
        }
        row = p[2] % (uint32_t)nrows_of(s);
        for (x = s; x != &m->root; x = x->parent) {
            if (x->collapsed) {
                chain[n++] = x;
            }
        }
        if (p[4] % 3 == 1 && n > 0) {
            veto_section(chain[p[4] / 3 % (uint32_t)n]);
        } else if (p[4] % 3 == 2) {
            veto_section(pick_sec(m, p[4] / 3));
        }
        for (i = 0; i < n; i++) {
            refused |= veto_refuses(chain[i]->key);
        }
        descf("reveal_row(%s, %lld, %d) refusing %s", q(s->key), (long long)row, expand,
              q(veto.nkeys ? veto.keys[0] : ""));
        if (n > 0 && (!expand || refused)) {
            EXPECT_ST(fold_table_reveal_row(t, s->key, row, expand, &pos), FOLD_E_NOT_VISIBLE);
            break;
        }
        EXPECT_ST(fold_table_reveal_row(t, s->key, row, expand, &pos), FOLD_OK);
        for (i = 0; i < n; i++) {
            chain[i]->collapsed = 0;
        }
        changed_model = n > 0;
        build(m);
        EXPECT_I(pos, s->c[child_of_row(s, (int)row)].pos, "reveal_row: out_position");
        break;
    }
    }
    if (veto.will_after_did) {
        return failf("a \"will\" event came after a \"did\" event of the same call");
    }
    if (!changed_model && change_sets_seen != sets) {
        return failf("nothing changed but %ld change set(s) were delivered", change_sets_seen - sets);
    }
    if (change_sets_seen - sets > 1) {
        return failf("one call delivered %ld change sets", change_sets_seen - sets);
    }
    veto_reset();
    return 0;
}

/* Applies one operation to the table and the model; returns nonzero (with
 * fail_msg set) when the table disagrees. */
static int apply(fold_table *t, model *m, const op *o)
{
    const uint32_t *p = o->p;
    int variant = (int)(p[5] % 16); /* 0..2: inject an error, where the op has one */
    int st;
    char key[16];
    desc[0] = '\0';

    switch (o->type) {
    case OP_INSERT_SECTION:
    case OP_INSERT_SUBSECTION:
    case OP_INSERT_SECTION_AT_PATH: {
        msec *parent = &m->root, *s;
        unsigned id;
        int64_t index, rows = p[3] % 4, path[MODEL_MAX_DEPTH + 2];
        int len, expect = FOLD_OK;
        const char *header = POOLP(header_texts, p[4]);
        if (o->type != OP_INSERT_SECTION && p[0] % 4 != 0) {
            parent = pick_sec(m, p[0] / 4);
            if (parent == NULL || depth_of(m, parent) + 1 >= MODEL_MAX_DEPTH) {
                parent = &m->root;
            }
        }
        if (m->nsec >= MAX_SECT || parent->n >= MAXC || m->nrows + rows > MAX_ROWS_TOTAL) {
            SKIP();
        }
        index = p[1] % (uint32_t)(parent->n + 1);
        id = (p[3] >> 4) % KEY_IDS;
        sprintf(key, "k%u", id);
        if (variant == 0 && m->nsec > 0) {
            strcpy(key, pick_sec(m, p[2])->key);
            expect = FOLD_E_DUPLICATE;
        } else if (key_taken(m, key)) {
            expect = FOLD_E_DUPLICATE;
        } else if (variant == 1) {
            index = parent->n + 1;
            expect = FOLD_E_RANGE;
        } else if (variant == 2) {
            rows = -1;
            expect = FOLD_E_RANGE;
        }
        if (o->type == OP_INSERT_SECTION) {
            if (index == parent->n && (p[2] & 1) && expect != FOLD_E_RANGE) {
                descf("append_section(%s, %s, %lld)", q(key), q(header), (long long)rows);
                st = fold_table_append_section(t, key, header, rows);
            } else {
                descf("insert_section(%lld, %s, %s, %lld)", (long long)index, q(key), q(header),
                      (long long)rows);
                st = fold_table_insert_section(t, index, key, header, rows);
            }
        } else if (o->type == OP_INSERT_SUBSECTION) {
            const char *pk = parent == &m->root ? NULL : parent->key;
            descf("insert_subsection(%s, %lld, %s, %s, %lld)", q(pk), (long long)index, q(key),
                  q(header), (long long)rows);
            st = fold_table_insert_subsection(t, pk, index, key, header, rows);
        } else {
            len = path_of(m, parent, path);
            path[len++] = index;
            descf("insert_section_at_path(%s, %d, %s, %s, %lld)", path_text(path, len), len,
                  q(key), q(header), (long long)rows);
            st = fold_table_insert_section_at_path(t, path, len, key, header, rows);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            s = new_sec(m, id, header, (int)rows);
            insert_child(parent, (int)index, sec_child(s));
        }
        return 0;
    }

    case OP_REMOVE_SECTION: {
        int64_t index;
        if (m->root.n == 0 || variant == 0) {
            index = variant == 1 ? -1 : m->root.n;
            descf("remove_section(%lld)", (long long)index);
            EXPECT_ST(fold_table_remove_section(t, index), FOLD_E_RANGE);
            return 0;
        }
        index = pick_top(m, p[0]);
        descf("remove_section(%lld)", (long long)index);
        EXPECT_ST(fold_table_remove_section(t, index), FOLD_OK);
        free_sec(m, take_child(&m->root, (int)index).sec);
        return 0;
    }

    case OP_REMOVE_CHILDREN:
    case OP_REMOVE_AT_PATH: {
        msec *parent = &m->root;
        int64_t index, count, path[MODEL_MAX_DEPTH + 2], i;
        int len, expect = FOLD_OK;
        const char *pk;
        if (p[0] % 3 != 0) {
            parent = pick_sec(m, p[0] / 3);
            if (parent == NULL) {
                parent = &m->root;
            }
        }
        index = p[1] % (uint32_t)(parent->n + 1);
        count = p[2] % (uint32_t)(parent->n - index + 1);
        if (count > 3 && p[3] % 2) {
            count = p[3] % 4;
        }
        if (variant == 0) {
            count = parent->n - index + 1;
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            count = -1;
            expect = FOLD_E_RANGE;
        }
        pk = parent == &m->root ? NULL : parent->key;
        if (o->type == OP_REMOVE_CHILDREN) {
            if (variant == 2) {
                pk = "nope";
                expect = FOLD_E_NOT_FOUND;
            }
            descf("remove_children(%s, %lld, %lld)", q(pk), (long long)index, (long long)count);
            st = fold_table_remove_children(t, pk, index, count);
        } else {
            len = path_of(m, parent, path);
            path[len++] = index;
            descf("remove_at_path(%s, %d, %lld)", path_text(path, len), len, (long long)count);
            st = fold_table_remove_at_path(t, path, len, count);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            for (i = 0; i < count; i++) {
                mchild c = take_child(parent, (int)index);
                if (c.sec != NULL) {
                    free_sec(m, c.sec);
                } else {
                    m->nrows--;
                }
            }
        }
        return 0;
    }

    case OP_MOVE_SECTION: {
        int64_t from, to;
        int expect = FOLD_OK;
        mchild c;
        if (m->root.n == 0) {
            descf("move_section(0, 0)");
            EXPECT_ST(fold_table_move_section(t, 0, 0), FOLD_E_RANGE);
            return 0;
        }
        from = pick_top(m, p[0]);
        to = p[1] % (uint32_t)m->root.n;
        if (variant == 0) {
            to = m->root.n;
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            from = -1;
            expect = FOLD_E_RANGE;
        }
        descf("move_section(%lld, %lld)", (long long)from, (long long)to);
        EXPECT_ST(fold_table_move_section(t, from, to), expect);
        if (expect == FOLD_OK) {
            c = take_child(&m->root, (int)from);
            insert_child(&m->root, (int)to, c);
        }
        return 0;
    }

    case OP_MOVE_SECTION_TO:
    case OP_MOVE_AT_PATH: {
        /* move_section_to moves a section; move_at_path a row or a section. */
        msec *source, *target = &m->root, *moving = NULL;
        int ci, cnt, expect = FOLD_OK, flen, tlen;
        int64_t index, from[MODEL_MAX_DEPTH + 2], to[MODEL_MAX_DEPTH + 2];
        mchild c;
        if (o->type == OP_MOVE_SECTION_TO || p[0] % 3 == 0) {
            moving = pick_sec(m, p[0] / 3);
            if (moving == NULL) {
                SKIP();
            }
            source = moving->parent;
            ci = index_in_parent(moving);
        } else {
            source = pick_sec(m, p[0] / 3);
            if (source == NULL || source->n == 0) {
                SKIP();
            }
            ci = (int)(p[4] % (uint32_t)source->n);
            moving = source->c[ci].sec;
            if (p[3] % 3 == 0) {
                /* Often move an expanded row: its state must follow the rules. */
                msec *all[MAX_SECT];
                int ns = all_sections(m, all), i, j, k = 0, want = -1;
                for (i = 0; i < ns; i++) {
                    for (j = 0; j < all[i]->n; j++) {
                        k += all[i]->c[j].sec == NULL && all[i]->c[j].expanded;
                    }
                }
                if (k > 0) {
                    want = (int)(p[3] / 3 % (uint32_t)k);
                }
                for (i = 0; i < ns && want >= 0; i++) {
                    for (j = 0; j < all[i]->n && want >= 0; j++) {
                        if (all[i]->c[j].sec == NULL && all[i]->c[j].expanded && want-- == 0) {
                            source = all[i];
                            ci = j;
                            moving = NULL;
                        }
                    }
                }
            }
        }
        if (p[1] % 4 != 0) {
            target = pick_sec(m, p[1] / 4);
            if (target == NULL) {
                target = &m->root;
            }
        }
        if (moving == NULL && target == &m->root) {
            /* A row must land in a section. */
            if (variant > 3) {
                target = pick_sec(m, p[1] / 4);
            } else {
                expect = FOLD_E_INVALID;
            }
        }
        if (moving != NULL && contains(moving, target)) {
            expect = FOLD_E_INVALID;
        }
        cnt = target->n - (source == target ? 1 : 0);
        if (expect == FOLD_OK) {
            int new_depth = depth_of(m, target) + 1;
            if (moving != NULL && new_depth + nesting(moving) > MODEL_MAX_DEPTH) {
                SKIP();
            }
            if (source != target && target->n >= MAXC) {
                SKIP();
            }
        }
        if (expect == FOLD_OK && moving == NULL && !known_bugs && target != source) {
            /* Known engine bug 1 (Tests/reliability/README.md): an expanded
             * default-height row moved into a section whose default row
             * height is not below its expanded height stays expanded.
             * Left out unless FOLDTABLE_KNOWN_BUGS=1. */
            const mchild *row = &source->c[ci];
            double normal = row->h == NOV ? eff_rh(m, target) : row->h;
            if (row->expanded && !(row->eh > normal)) {
                descf("(skipped: known engine bug 1, moving an expanded row)");
                return 0;
            }
        }
        index = p[2] % (uint32_t)(cnt + 1);
        if (expect == FOLD_OK && variant == 0) {
            index = cnt + 1;
            expect = FOLD_E_RANGE;
        }
        flen = path_of(m, source, from);
        from[flen++] = ci;
        tlen = path_of(m, target, to);
        to[tlen++] = index;
        if (o->type == OP_MOVE_SECTION_TO) {
            const char *k = moving->key, *tk = target == &m->root ? NULL : target->key;
            if (expect == FOLD_OK && variant == 1) {
                k = "nope";
                expect = FOLD_E_NOT_FOUND;
            }
            descf("move_section_to(%s, %s, %lld)", q(k), q(tk), (long long)index);
            st = fold_table_move_section_to(t, k, tk, index);
        } else {
            descf("move_at_path(%s, %d, %s, %d)  /* a %s */", path_text(from, flen), flen,
                  path_text(to, tlen), tlen, moving ? "section" : "row");
            st = fold_table_move_at_path(t, from, flen, to, tlen);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            c = take_child(source, ci);
            insert_child(target, (int)index, c);
        }
        return 0;
    }

    case OP_INSERT_ROWS:
    case OP_INSERT_CHILD_ROWS:
    case OP_INSERT_ROWS_AT_PATH: {
        msec *s;
        int64_t count = p[2] % 4, row, at, top_index = -1, path[MODEL_MAX_DEPTH + 2];
        int expect = FOLD_OK, len, i, by_key = (p[0] & 1) != 0;
        double buf[8];
        const double *heights;
        if (o->type == OP_INSERT_ROWS && !by_key) {
            if (m->root.n == 0) {
                descf("insert_rows(0, 0, 1, NULL)");
                EXPECT_ST(fold_table_insert_rows(t, 0, 0, 1, NULL), FOLD_E_RANGE);
                return 0;
            }
            top_index = pick_top(m, p[0] >> 1);
            s = m->root.c[top_index].sec;
        } else {
            s = pick_sec(m, p[0] >> 1);
            if (s == NULL) {
                SKIP();
            }
        }
        if (s->n + count > MAXC || m->nrows + count > MAX_ROWS_TOTAL) {
            SKIP();
        }
        heights = make_heights(p[3], count, 1, buf);
        if (o->type == OP_INSERT_ROWS) {
            row = p[1] % (uint32_t)(nrows_of(s) + 1);
            at = child_of_row(s, (int)row);
        } else {
            row = at = p[1] % (uint32_t)(s->n + 1);
        }
        if (variant == 0) {
            row = o->type == OP_INSERT_ROWS ? nrows_of(s) + 1 : s->n + 1;
            expect = FOLD_E_RANGE;
        } else if (variant == 1 && count > 0) {
            buf[p[4] % (uint32_t)count] = bad_height(p[4] / 8);
            heights = buf;
            expect = FOLD_E_INVALID;
        } else if (variant == 2) {
            count = -1;
            heights = NULL;
            expect = FOLD_E_RANGE;
        }
        if (o->type == OP_INSERT_ROWS) {
            if (by_key) {
                descf("insert_rows_key(%s, %lld, %lld, %s)", q(s->key), (long long)row,
                      (long long)count, heights_text(heights, count));
                st = fold_table_insert_rows_key(t, s->key, row, count, heights);
            } else {
                descf("insert_rows(%lld, %lld, %lld, %s)", (long long)top_index, (long long)row,
                      (long long)count, heights_text(heights, count));
                st = fold_table_insert_rows(t, top_index, row, count, heights);
            }
        } else if (o->type == OP_INSERT_CHILD_ROWS) {
            const char *pk = s->key;
            if (expect == FOLD_OK && variant == 3) {
                pk = NULL; /* rows belong in a section */
                expect = FOLD_E_INVALID;
            }
            descf("insert_child_rows(%s, %lld, %lld, %s)", q(pk), (long long)row, (long long)count,
                  heights_text(heights, count));
            st = fold_table_insert_child_rows(t, pk, row, count, heights);
        } else {
            len = path_of(m, s, path);
            path[len++] = row;
            if (expect == FOLD_OK && variant == 3) {
                path[0] = row % (m->root.n + 1);
                len = 1; /* rows belong in a section */
                expect = FOLD_E_INVALID;
            }
            descf("insert_rows_at_path(%s, %d, %lld, %s)", path_text(path, len), len,
                  (long long)count, heights_text(heights, count));
            st = fold_table_insert_rows_at_path(t, path, len, count, heights);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            for (i = 0; i < count; i++) {
                double h = heights == NULL || heights[i] == FOLD_HEIGHT_DEFAULT ? NOV : heights[i];
                insert_child(s, (int)at + i, row_child(h));
            }
            m->nrows += (int)count;
        }
        return 0;
    }

    case OP_REMOVE_ROWS: {
        msec *s;
        int64_t row, count, top_index = -1, i;
        int rows, expect = FOLD_OK, by_key = (p[0] & 1) != 0;
        if (!by_key) {
            if (m->root.n == 0) {
                SKIP();
            }
            top_index = pick_top(m, p[0] >> 1);
            s = m->root.c[top_index].sec;
        } else {
            s = pick_sec(m, p[0] >> 1);
            if (s == NULL) {
                SKIP();
            }
        }
        rows = nrows_of(s);
        row = p[1] % (uint32_t)(rows + 1);
        count = p[2] % (uint32_t)(rows - row + 1);
        if (variant == 0) {
            count = rows - row + 1;
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            count = -1;
            expect = FOLD_E_RANGE;
        }
        if (by_key) {
            descf("remove_rows_key(%s, %lld, %lld)", q(s->key), (long long)row, (long long)count);
            st = fold_table_remove_rows_key(t, s->key, row, count);
        } else {
            descf("remove_rows(%lld, %lld, %lld)", (long long)top_index, (long long)row,
                  (long long)count);
            st = fold_table_remove_rows(t, top_index, row, count);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            int at = child_of_row(s, (int)row);
            for (i = 0; i < count; i++) {
                while (s->c[at].sec != NULL) {
                    at++; /* subsections between the rows stay */
                }
                take_child(s, at);
                m->nrows--;
            }
        }
        return 0;
    }

    case OP_SET_ROW_HEIGHT:
    case OP_SET_ROW_HEIGHTS: {
        msec *s;
        int64_t row, count = 1, top_index = -1, i;
        int rows, expect = FOLD_OK, by_key = o->type == OP_SET_ROW_HEIGHT && (p[0] & 1);
        double h = 0, buf[MAXC + 2];
        const double *heights = NULL;
        if (!by_key) {
            if (m->root.n == 0) {
                SKIP();
            }
            top_index = pick_top(m, p[0] >> 1);
            s = m->root.c[top_index].sec;
        } else {
            s = pick_sec(m, p[0] >> 1);
            if (s == NULL) {
                SKIP();
            }
        }
        rows = nrows_of(s);
        row = rows == 0 ? 0 : p[1] % (uint32_t)rows;
        if (o->type == OP_SET_ROW_HEIGHT) {
            h = p[3] % 4 == 0 ? FOLD_HEIGHT_DEFAULT : POOLP(row_explicit, p[3] / 4);
            if (rows == 0 || variant == 0) {
                row = rows;
                expect = FOLD_E_RANGE;
            } else if (variant == 1) {
                h = bad_height(p[4]);
                expect = FOLD_E_INVALID;
            }
            if (by_key) {
                descf("set_row_height_key(%s, %lld, %g)", q(s->key), (long long)row, h);
                st = fold_table_set_row_height_key(t, s->key, row, h);
            } else {
                descf("set_row_height(%lld, %lld, %g)", (long long)top_index, (long long)row, h);
                st = fold_table_set_row_height(t, top_index, row, h);
            }
        } else {
            count = rows == 0 ? 0 : 1 + p[2] % (uint32_t)(rows - row);
            heights = make_heights(p[3], count, 0, buf);
            if (variant == 0) {
                count = rows - row + 1;
                heights = make_heights(p[3], count, 0, buf);
                expect = FOLD_E_RANGE;
            } else if (variant == 1 && count > 0) {
                buf[p[4] % (uint32_t)count] = bad_height(p[4] / 8);
                expect = FOLD_E_INVALID;
            }
            descf("set_row_heights(%lld, %lld, %lld, %s)", (long long)top_index, (long long)row,
                  (long long)count, heights_text(heights, count));
            st = fold_table_set_row_heights(t, top_index, row, count, heights);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            for (i = 0; i < count; i++) {
                double v = heights ? heights[i] : h;
                s->c[child_of_row(s, (int)(row + i))].h = v == FOLD_HEIGHT_DEFAULT ? NOV : quant(v);
            }
        }
        return 0;
    }

    case OP_SECTION_HEIGHT: {
        int which = (int)(p[1] % 3), expect = FOLD_OK;
        int64_t index;
        double h;
        msec *s;
        static const char *const names[] = {"header", "footer", "row"};
        if (m->root.n == 0) {
            SKIP();
        }
        index = pick_top(m, p[0]);
        s = m->root.c[index].sec;
        h = p[2] % 4 == 0    ? FOLD_HEIGHT_DEFAULT
            : which == 0     ? POOLP(header_pool, p[2] / 4)
            : which == 1     ? POOLP(footer_pool, p[2] / 4)
                             : POOLP(row_defaults, p[2] / 4);
        if (variant == 0) {
            h = bad_height(p[3]);
            expect = FOLD_E_INVALID;
        } else if (variant == 1) {
            index = m->root.n;
            expect = FOLD_E_RANGE;
        }
        descf("set_section_%s_height(%lld, %g)", names[which], (long long)index, h);
        st = which == 0   ? fold_table_set_section_header_height(t, index, h)
             : which == 1 ? fold_table_set_section_footer_height(t, index, h)
                          : fold_table_set_section_row_height(t, index, h);
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            double v = h == FOLD_HEIGHT_DEFAULT ? NOV : quant(h);
            if (which == 0) {
                s->hh = v;
            } else if (which == 1) {
                s->fh = v;
            } else {
                s->rh = v;
            }
        }
        return 0;
    }

    case OP_COLLAPSE: {
        int what = (int)(p[1] % 3), by_key = (p[2] & 1) || m->root.n == 0, changed = -1, want;
        int expect = FOLD_OK;
        int64_t index = -1;
        msec *s;
        const char *k;
        static const char *const names[] = {"collapse", "expand", "toggle"};
        if (by_key) {
            s = pick_sec(m, p[0]);
        } else {
            index = pick_top(m, p[0]);
            s = m->root.c[index].sec;
        }
        if (s == NULL) {
            SKIP();
        }
        k = s->key;
        if (variant == 0) {
            if (by_key) {
                k = "nope";
                expect = FOLD_E_NOT_FOUND;
            } else {
                index = m->root.n;
                expect = FOLD_E_RANGE;
            }
        }
        want = what == 0 ? !s->collapsed : what == 1 ? s->collapsed : 1;
        want = want && s->n > 0;
        if (by_key) {
            descf("%s_key(%s)", names[what], q(k));
            st = what == 0   ? fold_table_collapse_key(t, k, &changed)
                 : what == 1 ? fold_table_expand_key(t, k, &changed)
                             : fold_table_toggle_key(t, k, &changed);
        } else {
            descf("%s(%lld)", names[what], (long long)index);
            st = what == 0   ? fold_table_collapse(t, index, &changed)
                 : what == 1 ? fold_table_expand(t, index, &changed)
                             : fold_table_toggle(t, index, &changed);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            EXPECT_I(changed, want, "out_changed");
            if (want) {
                s->collapsed = !s->collapsed;
            }
        }
        return 0;
    }

    case OP_ALL: {
        int collapse = (int)(p[0] & 1), i, ns;
        int64_t want = 0, changed = -1;
        msec *all[MAX_SECT];
        ns = all_sections(m, all);
        for (i = 0; i < ns; i++) {
            if (all[i]->n > 0 && all[i]->collapsed != collapse) {
                all[i]->collapsed = collapse;
                want++;
            }
        }
        descf("%s_all()", collapse ? "collapse" : "expand");
        EXPECT_ST(collapse ? fold_table_collapse_all(t, &changed) : fold_table_expand_all(t, &changed),
                  FOLD_OK);
        EXPECT_I(changed, want, "out_changed");
        return 0;
    }

    case OP_EXPANDED_HEIGHT: {
        msec *s = pick_sec_with_rows(m, p[0]);
        int64_t row;
        int expect = FOLD_OK;
        double h;
        const char *k;
        if (s == NULL) {
            SKIP();
        }
        k = s->key;
        row = p[1] % (uint32_t)nrows_of(s);
        h = p[2] % 5 == 0 ? FOLD_HEIGHT_DEFAULT : POOLP(expanded_pool, p[2] / 5);
        if (variant == 0) {
            row = nrows_of(s);
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            h = bad_height(p[3]);
            expect = FOLD_E_INVALID;
        } else if (variant == 2) {
            k = "nope";
            expect = FOLD_E_NOT_FOUND;
        }
        descf("set_row_expanded_height(%s, %lld, %g)", q(k), (long long)row, h);
        EXPECT_ST(fold_table_set_row_expanded_height(t, k, row, h), expect);
        if (expect == FOLD_OK) {
            s->c[child_of_row(s, (int)row)].eh = h == FOLD_HEIGHT_DEFAULT ? NOV : quant(h);
        }
        return 0;
    }

    case OP_ROW_STATE: {
        msec *s = pick_sec_with_rows(m, p[0]);
        int what = (int)(p[2] % 3), changed = -1, want = 0, expect = FOLD_OK;
        int64_t row;
        mchild *c;
        const char *k;
        static const char *const names[] = {"expand_row", "collapse_row", "toggle_row"};
        if (s == NULL) {
            SKIP();
        }
        k = s->key;
        row = p[1] % (uint32_t)nrows_of(s);
        if (variant == 0) {
            row = p[3] % 2 ? -1 : nrows_of(s);
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            k = "nope";
            expect = FOLD_E_NOT_FOUND;
        }
        descf("%s(%s, %lld)", names[what], q(k), (long long)row);
        st = what == 0   ? fold_table_expand_row(t, k, row, &changed)
             : what == 1 ? fold_table_collapse_row(t, k, row, &changed)
                         : fold_table_toggle_row(t, k, row, &changed);
        EXPECT_ST(st, expect);
        if (st != FOLD_OK) {
            return 0;
        }
        c = &s->c[child_of_row(s, (int)row)];
        if (what == 2) {
            what = c->expanded ? 1 : 0;
        }
        if (what == 1) {
            want = c->expanded;
            c->expanded = 0;
        } else if (!c->expanded && row_expandable(m, s, c)) {
            if (m->accordion == FOLD_ACCORDION_SINGLE) {
                msec *all[MAX_SECT];
                int ns = all_sections(m, all), i, j;
                for (i = 0; i < ns; i++) {
                    for (j = 0; j < all[i]->n; j++) {
                        all[i]->c[j].expanded = 0;
                    }
                }
            } else if (m->accordion == FOLD_ACCORDION_PER_SECTION) {
                int j;
                for (j = 0; j < s->n; j++) {
                    s->c[j].expanded = 0;
                }
            }
            c->expanded = 1;
            want = 1;
        }
        EXPECT_I(changed, want, "out_changed");
        return 0;
    }

    case OP_ACCORDION: {
        int32_t a = (int32_t)(p[0] % 3);
        int expect = FOLD_OK;
        if (variant == 0) {
            a = p[1] % 2 ? 3 : -1;
            expect = FOLD_E_INVALID;
        }
        descf("set_accordion(%d)", (int)a);
        EXPECT_ST(fold_table_set_accordion(t, a), expect);
        if (expect == FOLD_OK) {
            m->accordion = a;
        }
        return 0;
    }

    case OP_ACTIVATE: {
        int64_t pos;
        int32_t action = -1, want = FOLD_ACTIVATED_NOTHING;
        mitem x;
        build(m);
        pos = p[0] % (uint32_t)(nitems + 1);
        if (variant == 0) {
            pos = -1;
        }
        descf("activate(%lld)", (long long)pos);
        if (pos < 0 || pos >= nitems) {
            EXPECT_ST(fold_table_activate(t, pos, &action), FOLD_E_RANGE);
            return 0;
        }
        x = items[pos];
        EXPECT_ST(fold_table_activate(t, pos, &action), FOLD_OK);
        if (x.kind == FOLD_ITEM_HEADER) {
            if (x.sec->n > 0) {
                x.sec->collapsed = !x.sec->collapsed;
                want = x.sec->collapsed ? FOLD_ACTIVATED_SECTION_COLLAPSED
                                        : FOLD_ACTIVATED_SECTION_EXPANDED;
            }
        } else if (x.kind == FOLD_ITEM_ROW) {
            msec *s = x.sec;
            mchild *c = &s->c[x.child];
            if (c->expanded) {
                c->expanded = 0;
                want = FOLD_ACTIVATED_ROW_COLLAPSED;
            } else if (row_expandable(m, s, c)) {
                if (m->accordion == FOLD_ACCORDION_SINGLE) {
                    msec *all[MAX_SECT];
                    int ns = all_sections(m, all), i, j;
                    for (i = 0; i < ns; i++) {
                        for (j = 0; j < all[i]->n; j++) {
                            all[i]->c[j].expanded = 0;
                        }
                    }
                } else if (m->accordion == FOLD_ACCORDION_PER_SECTION) {
                    int j;
                    for (j = 0; j < s->n; j++) {
                        s->c[j].expanded = 0;
                    }
                }
                c->expanded = 1;
                want = FOLD_ACTIVATED_ROW_EXPANDED;
            }
        }
        EXPECT_I(action, want, "activate: out_action");
        return 0;
    }

    case OP_STICKY_LEVELS: {
        int32_t levels = (int32_t)(p[0] % 4);
        if (variant == 0) {
            descf("set_sticky_levels(-1)");
            EXPECT_ST(fold_table_set_sticky_levels(t, -1), FOLD_E_RANGE);
            return 0;
        }
        descf("set_sticky_levels(%d)", (int)levels);
        EXPECT_ST(fold_table_set_sticky_levels(t, levels), FOLD_OK);
        m->sticky = levels;
        return 0;
    }

    case OP_TEXT: {
        if (p[0] % 3 == 0 || m->root.n == 0) {
            uint32_t k = p[1] % 4;
            descf("set_indicators(%s, %s)", q(indicator_pairs[k][0]), q(indicator_pairs[k][1]));
            EXPECT_ST(fold_table_set_indicators(t, indicator_pairs[k][0], indicator_pairs[k][1]),
                      FOLD_OK);
            strcpy(m->ind_c, indicator_pairs[k][0]);
            strcpy(m->ind_e, indicator_pairs[k][1]);
        } else {
            int64_t index = pick_top(m, p[1]);
            const char *header = POOLP(header_texts, p[2]);
            if (variant == 0) {
                descf("set_section_header(%lld, invalid UTF-8)", (long long)index);
                EXPECT_ST(fold_table_set_section_header(t, index, "bad\xC3("), FOLD_E_INVALID);
                return 0;
            }
            descf("set_section_header(%lld, %s)", (long long)index, q(header));
            EXPECT_ST(fold_table_set_section_header(t, index, header), FOLD_OK);
            strcpy(m->root.c[index].sec->header, header);
        }
        return 0;
    }
    case OP_VETO:
        return apply_veto(t, m, p);
    default:
        return failf("unknown operation %d", o->type);
    }
}

/* ---- runs, replay, shrinking ------------------------------------------ */

static op random_op(rng *r)
{
    static int total = 0;
    op o;
    int k, w, i;
    if (total == 0) {
        for (i = 0; i < OP_KINDS; i++) {
            total += op_weight[i];
        }
    }
    w = (int)rng_below(r, total);
    for (k = 0; k < OP_KINDS - 1 && w >= op_weight[k]; k++) {
        w -= op_weight[k];
    }
    o.type = k;
    for (i = 0; i < 6; i++) {
        o.p[i] = (uint32_t)rng_next(r);
    }
    return o;
}

static long ops_compared = 0;

/* Runs `ops` on a fresh table and model, verifying after each. Returns the
 * index of the failing operation (-1: the initial state), or n when all
 * agree. With verbose, prints every call. */
static int replay(const op *ops, int n, int variant, int verbose)
{
    model m;
    fold_table *t = NULL;
    rng vr;
    int i, failed_at = n;
    fail_msg[0] = '\0';
    model_init(&m, variant);
    if (fold_table_new(&m.o, &t) != FOLD_OK) {
        failf("fold_table_new failed: %s", fold_last_error_message());
        return -1;
    }
    /* The engine keeps the options' heights rounded to units. */
    m.o.row_height = quant(m.o.row_height);
    m.o.header_height = quant(m.o.header_height);
    m.o.footer_height = quant(m.o.footer_height);
    m.o.padding_top = quant(m.o.padding_top);
    m.o.padding_bottom = quant(m.o.padding_bottom);
    veto_reset();
    if (fold_table_add_section_listener(t, on_section_veto, NULL, NULL) != FOLD_OK ||
        fold_table_add_row_listener(t, on_row_veto, NULL, NULL) != FOLD_OK ||
        fold_table_add_change_listener(t, on_change_count, NULL, NULL) != FOLD_OK) {
        failf("adding the listeners failed: %s", fold_last_error_message());
        fold_table_free(t);
        model_free(&m);
        return -1;
    }
    vr.s = 0xC0FFEE ^ (uint64_t)variant;
    if (verify(t, &m, &vr)) {
        failed_at = -1;
    }
    for (i = 0; i < n && failed_at == n; i++) {
        int bad = apply(t, &m, &ops[i]);
        normalize(&m, &m.root);
        if (verbose) {
            fprintf(stderr, "  %3d. %s\n", i + 1, desc);
        }
        if (!bad) {
            bad = verify(t, &m, &vr);
        }
        ops_compared++;
        if (bad) {
            failed_at = i;
        }
    }
    fold_table_free(t);
    model_free(&m);
    return failed_at;
}

/* Delta debugging: the shortest subsequence of ops[0..n) found that still
 * fails. Returns its length; ops is rewritten in place. */
static int shrink(op *ops, int n, int variant)
{
    op *trial = (op *)malloc(sizeof(op) * (size_t)(n > 0 ? n : 1));
    int chunk = n / 2 > 0 ? n / 2 : 1, replays = 0;
    int f;
    if (trial == NULL) {
        return n;
    }
    /* Cut everything after the first failure. */
    f = replay(ops, n, variant, 0);
    if (f < n) {
        n = f + 1;
    }
    while (chunk >= 1 && replays < 20000) {
        int start, progress = 0;
        for (start = 0; start < n && replays < 20000;) {
            int len = start + chunk > n ? n - start : chunk, k;
            memcpy(trial, ops, sizeof(op) * (size_t)start);
            memcpy(trial + start, ops + start + len, sizeof(op) * (size_t)(n - start - len));
            k = n - len;
            replays++;
            f = replay(trial, k, variant, 0);
            if (f < k) {
                n = f + 1;
                memcpy(ops, trial, sizeof(op) * (size_t)n);
                progress = 1;
            } else {
                start += len;
            }
        }
        if (!progress) {
            chunk /= 2;
        }
    }
    free(trial);
    return n;
}

static long getenv_long(const char *name, long fallback)
{
    const char *v = getenv(name);
    return v != NULL && *v ? strtol(v, NULL, 0) : fallback;
}

int main(int argc, char **argv)
{
    uint64_t seed = (uint64_t)getenv_long("FOLDTABLE_DIFF_SEED", (long)DEFAULT_SEED);
    long total = getenv_long("FOLDTABLE_DIFF_OPS", DEFAULT_OPS);
    int len = DEFAULT_LEN, only = -1, runs, r, failures = 0, trace = 0;
    op *ops;
    clock_t started = clock();

    for (r = 1; r < argc; r++) {
        if (strcmp(argv[r], "--seed") == 0 && r + 1 < argc) {
            seed = (uint64_t)strtoull(argv[++r], NULL, 0);
        } else if (strcmp(argv[r], "--ops") == 0 && r + 1 < argc) {
            total = strtol(argv[++r], NULL, 0);
        } else if (strcmp(argv[r], "--len") == 0 && r + 1 < argc) {
            len = (int)strtol(argv[++r], NULL, 0);
        } else if (strcmp(argv[r], "--trace") == 0) {
            trace = 1;
        } else if (strcmp(argv[r], "--run") == 0 && r + 1 < argc) {
            only = (int)strtol(argv[++r], NULL, 0);
        } else {
            fprintf(stderr,
                    "usage: %s [--seed S] [--ops TOTAL] [--len OPS_PER_TABLE] [--run R] [--trace]\n",
                    argv[0]);
            return 2;
        }
    }
    if (len < 1) {
        len = 1;
    }
    known_bugs = getenv_long("FOLDTABLE_KNOWN_BUGS", 1) != 0; /* the bugs are fixed: on by default */
    runs = (int)((total + len - 1) / len);
    ops = (op *)malloc(sizeof(op) * (size_t)len);
    if (ops == NULL) {
        return 2;
    }
    printf("seed 0x%llX: %d runs of %d operations%s\n", (unsigned long long)seed, runs, len,
           only >= 0 ? " (one run)" : "");
    fflush(stdout);
    for (r = only >= 0 ? only : 0; r < (only >= 0 ? only + 1 : runs); r++) {
        rng gen;
        int i, f, n;
        gen.s = seed ^ ((uint64_t)r * 0x9E3779B97F4A7C15ULL);
        for (i = 0; i < len; i++) {
            ops[i] = random_op(&gen);
        }
        f = replay(ops, len, r, trace);
        CHECK(f == len);
        if (f == len) {
            continue;
        }
        failures++;
        fprintf(stderr, "\nFAILED: seed 0x%llX, run %d (options variant %d), operation %d:\n  %s\n",
                (unsigned long long)seed, r, r % 4, f + 1, fail_msg);
        n = shrink(ops, len, r);
        fprintf(stderr,
                "shortest failing sequence (%d operations; options variant %d, see model_init):\n",
                n, r % 4);
        f = replay(ops, n, r, 1);
        fprintf(stderr, "  -> after operation %d: %s\n", f + 1, fail_msg);
        fprintf(stderr, "replay: %s --seed 0x%llX --len %d --run %d\n", argv[0],
                (unsigned long long)seed, len, r);
        if (failures >= 3) {
            fprintf(stderr, "stopping after 3 failing runs\n");
            break;
        }
    }
    printf("%ld operations compared with the model in %.1f s CPU\n", ops_compared,
           (double)(clock() - started) / CLOCKS_PER_SEC);
    free(ops);
    return check_done();
}
