/*
 * Differential test — the C ABI's oracle: random operation sequences run
 * through the C ABI and, side by side, through a deliberately simple
 * reference model kept in this file (a tree of sections holding arrays of
 * children; the flat list rebuilt from scratch after every step; linear
 * scans for every query). The model knows every section's id (the one
 * fold_table_insert_section handed out). After every operation every query
 * in foldtable.h that reads state is compared with the model: item count,
 * every item (kind, depth, section id, row, flags), its top and height,
 * every section by id (fold_table_section_info: parent id, index, depth,
 * flags, child and row counts, heights; its key, header, title, detail and
 * indicator texts, also into a too small buffer; its path, and the lookups
 * key -> id, path -> id, (parent, index) -> child), every row
 * (fold_table_row_info, its position), header and footer positions, section
 * states and expanded rows (ids and keys), content height, item_at_offset at
 * every item's top and middle and just above it, visible_items for random
 * viewports with overscan, and sticky_headers at every item's top and
 * middle (positions, section ids, depths, tops).
 *
 * Operations cover every mutation: sections inserted (at the top level, in
 * a section, under a parent found by path; flags COLLAPSED, EXPANDED,
 * FIXED, NO_HEADER), removed, moved under any parent, children removed, rows
 * inserted (by child index, between subsections), removed and moved between
 * sections (fold_table_move_row), collapse, expand and toggle (also of
 * empty sections, which store the state, and of fixed ones, which refuse
 * with FOLD_E_NOT_ALLOWED), set_collapsible, collapse_all / expand_all, row
 * heights (one and runs), section heights, expanded heights, row expand /
 * collapse / toggle under all three accordion policies, activation, sticky
 * levels, header texts and indicators — plus failing calls (unknown and
 * duplicate keys, out-of-range indices, bad heights, unknown constants and
 * flags, FOLD_ROOT where a section is required, stale ids: removed
 * sections' ids, another table's ids, ids never handed out) whose status is
 * checked and after which the table must be unchanged, with no change set
 * delivered. Each operation finds the section's id one of four ways (the
 * model's copy, fold_table_find_section, fold_table_section_at_path,
 * fold_table_child_at), each compared with the model.
 *
 * Change sets: one call delivers at most one; its steps, applied to the
 * old list, must give the new item count; its redraw ranges must be sorted,
 * disjoint and inside the list; its content_height_delta must be the
 * model's difference; a call that changed the items or the content height
 * must deliver one. A section's header item that stays must be in the
 * redraw ranges whenever the section's row count changed (rows inserted,
 * removed or moved in or out — also while it is collapsed) and when an
 * empty section's stored state flipped.
 *
 * Vetoing listeners (OP_VETO): a section listener refuses the "will" events
 * of keys the run picks, a row listener those of one picked row; collapse,
 * collapse_all / expand_all, row expansion under every accordion,
 * activation (FOLD_ACTIVATED_REFUSED) and reveal_row (with and without
 * expand_ancestors) must then do exactly what the model says — a refused
 * call returns its status and changes nothing, and no change set is
 * delivered when nothing changed — and every "will" event of a call must
 * come before its first "did" event. Listeners must get the section's id
 * with its key.
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
 * seed that reproduces it. Ids differ from one replay to the next (they are
 * never reused in a process), so descriptions name sections by key.
 *
 *   test_differential                      CI size: FOLDTABLE_DIFF_OPS or 100000 ops
 *   test_differential --ops 2000000        a longer run
 *   test_differential --seed S --run R     replay one run of a failure report
 *   test_differential --len L              operations per table (default 250)
 *   test_differential --run R --trace      print every call of run R
 *
 * Environment: FOLDTABLE_DIFF_OPS (total operations), FOLDTABLE_DIFF_SEED,
 * FOLDTABLE_KNOWN_BUGS=0 (leave out what known engine bugs broke; see
 * Tests/reliability/README.md — they are fixed, so this is on by default).
 * This test replaces the former Tests/c/test_random.c (a top-level-only
 * model of the same queries).
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
#define MAXC 14    /* children per section in the model (test_random had 14 rows) */
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
    fold_section_id fid; /* the id the table handed out */
    int collapsed;
    int fixed;     /* not collapsible (FOLD_SECTION_FIXED, set_collapsible 0, NO_HEADER) */
    int no_header; /* FOLD_SECTION_NO_HEADER: no header item */
    double hh, fh, rh; /* NOV: the table's */
    int n;
    mchild c[MAXC];
    msec *parent; /* &model.root for top-level sections */
    /* Filled by build(). */
    int visible;
    int64_t hpos, fpos;
    double htop, end;
};

#define MAX_DEAD 64

typedef struct model {
    fold_table_options o;
    msec root;
    int nsec, nrows;
    int accordion, sticky;
    char ind_c[8], ind_e[8];
    /* Ids that must be FOLD_E_NOT_FOUND: removed sections' (the latest
     * MAX_DEAD), and another table's. */
    fold_section_id dead[MAX_DEAD];
    int ndead, dead_next;
    fold_section_id foreign[2];
} model;

typedef struct mitem {
    int kind;
    int depth;
    fold_section_id section;
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

/* FOLD_SECTION_COLLAPSIBLE: not fixed and has children (an indicator shows). */
static int collapsible_now(const msec *s) { return !s->fixed && s->n > 0; }

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
    m->dead[m->dead_next] = s->fid;
    m->dead_next = (m->dead_next + 1) % MAX_DEAD;
    if (m->ndead < MAX_DEAD) {
        m->ndead++;
    }
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

static msec *new_sec(model *m, unsigned id, const char *header, int rows, uint32_t flags)
{
    msec *s = (msec *)calloc(1, sizeof *s);
    int i;
    if (s == NULL) {
        abort();
    }
    s->id = id;
    sprintf(s->key, "k%u", id);
    strcpy(s->header, header);
    s->no_header = (flags & FOLD_SECTION_NO_HEADER) != 0;
    s->fixed = s->no_header || (flags & FOLD_SECTION_FIXED) != 0;
    /* A section that is not collapsible never has a collapsed state:
     * start_collapsed (unless FOLD_SECTION_EXPANDED) and
     * FOLD_SECTION_COLLAPSED make collapsible sections start collapsed. */
    s->collapsed = !s->fixed && ((m->o.start_collapsed != 0 && !(flags & FOLD_SECTION_EXPANDED)) ||
                                 (flags & FOLD_SECTION_COLLAPSED) != 0);
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

static void push(int kind, int depth, fold_section_id section, int64_t row, uint32_t flags, double *y,
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

static void emit(const model *m, msec *s, int depth, double *y)
{
    int i, r = 0;
    uint32_t flags = (s->collapsed ? FOLD_ITEM_FLAG_COLLAPSED : 0) |
                     (collapsible_now(s) ? FOLD_ITEM_FLAG_COLLAPSIBLE : 0);
    s->visible = 1;
    s->hpos = -1;
    s->htop = *y;
    s->fpos = -1;
    if (!s->no_header) {
        s->hpos = nitems;
        push(FOLD_ITEM_HEADER, depth, s->fid, -1, flags, y, eff_hh(m, s), s, -1);
    }
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
            push(FOLD_ITEM_ROW, depth, s->fid, r, f, y, row_shown(m, s, c), s, i);
        } else {
            emit(m, c->sec, depth + 1, y);
        }
        r += c->sec == NULL;
    }
    if (eff_fh(m, s) > 0) {
        s->fpos = nitems;
        push(FOLD_ITEM_FOOTER, depth, s->fid, -1, flags, y, eff_fh(m, s), s, -1);
    }
    s->end = *y;
}

static void build(model *m)
{
    double y = m->o.padding_top;
    int i;
    nitems = 0;
    for (i = 0; i < m->root.n; i++) {
        emit(m, m->root.c[i].sec, 0, &y);
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

static int check_item_fields(int64_t pos, int kind, int depth, fold_section_id section,
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
 * d-th section with a header item around the item at the bottom of the
 * headers drawn so far (the first item ending below it), inside the level
 * above's section; sections without a header item are looked through. */
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
        EXPECT_I(got[i].section, want[i].section, ctx);
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

/* One text of a section, whole and into a buffer of a random capacity:
 * snprintf's convention, cut at a UTF-8 character boundary. */
static int check_text(const fold_table *t, const msec *s, int32_t which, const char *want,
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

static int check_section(const fold_table *t, model *m, msec *s, rng *vr)
{
    int64_t n = -1, path[MODEL_MAX_DEPTH + 2], epath[MODEL_MAX_DEPTH + 2], len = -1, pos = -1;
    int elen = path_of(m, s, epath), i, r, has_detail;
    int rows = nrows_of(s);
    fold_section_id id = 0;
    fold_section_info in;
    char etitle[32], edetail[32];
    uint32_t eflags;

    sprintf(ctx, "find_section(\"%s\")", s->key);
    EXPECT_ST(fold_table_find_section(t, s->key, &id), FOLD_OK);
    EXPECT_I(id, s->fid, ctx);
    sprintf(ctx, "section_info(\"%s\")", s->key);
    memset(&in, 0x5A, sizeof in);
    EXPECT_ST(fold_table_section_info(t, s->fid, &in), FOLD_OK);
    EXPECT_I(in.parent, s->parent == &m->root ? FOLD_ROOT : s->parent->fid, "section_info: parent");
    EXPECT_I(in.index, index_in_parent(s), "section_info: index");
    EXPECT_I(in.depth, elen - 1, "section_info: depth");
    eflags = (s->collapsed ? FOLD_SECTION_COLLAPSED : 0) | (s->fixed ? FOLD_SECTION_FIXED : 0) |
             (s->no_header ? FOLD_SECTION_NO_HEADER : 0) |
             (collapsible_now(s) ? FOLD_SECTION_COLLAPSIBLE : 0);
    EXPECT_I(in.flags, eflags, "section_info: flags");
    EXPECT_I(in.child_count, s->n, "section_info: child_count");
    EXPECT_I(in.row_count, rows, "section_info: row_count");
    EXPECT_I(in.visible_row_count, s->collapsed ? 0 : rows, "section_info: visible_row_count");
    EXPECT_D(in.header_height, s->no_header ? 0 : eff_hh(m, s), "section_info: header_height");
    EXPECT_D(in.footer_height, eff_fh(m, s), "section_info: footer_height");
    EXPECT_D(in.row_height, eff_rh(m, s), "section_info: row_height");

    split_header(s->header, etitle, edetail, &has_detail);
    if (check_text(t, s, FOLD_TEXT_KEY, s->key, vr) ||
        check_text(t, s, FOLD_TEXT_HEADER, s->header, vr) ||
        check_text(t, s, FOLD_TEXT_TITLE, etitle, vr) ||
        check_text(t, s, FOLD_TEXT_DETAIL, has_detail ? edetail : NULL, vr) ||
        check_text(t, s, FOLD_TEXT_INDICATOR,
                   !collapsible_now(s) ? "" : s->collapsed ? m->ind_c : m->ind_e, vr)) {
        return 1;
    }

    sprintf(ctx, "section_path(\"%s\")", s->key);
    EXPECT_ST(fold_table_section_path(t, s->fid, path, MODEL_MAX_DEPTH + 2, &len), FOLD_OK);
    EXPECT_I(len, elen, ctx);
    for (i = 0; i < elen; i++) {
        EXPECT_I(path[i], epath[i], ctx);
    }
    sprintf(ctx, "section_at_path(path of \"%s\")", s->key);
    id = 0;
    EXPECT_ST(fold_table_section_at_path(t, epath, elen, &id), FOLD_OK);
    EXPECT_I(id, s->fid, ctx);
    sprintf(ctx, "child_count(\"%s\")", s->key);
    EXPECT_ST(fold_table_child_count(t, s->fid, &n), FOLD_OK);
    EXPECT_I(n, s->n, ctx);
    for (i = 0, r = 0; i < s->n; i++) {
        int32_t kind = -1;
        int64_t row = -9;
        id = 12345;
        sprintf(ctx, "child_at(\"%s\", %d)", s->key, i);
        EXPECT_ST(fold_table_child_at(t, s->fid, i, &kind, &id, &row), FOLD_OK);
        if (s->c[i].sec == NULL) {
            EXPECT_I(kind, FOLD_CHILD_ROW, ctx);
            EXPECT_I(row, r, ctx);
            EXPECT_I(id, 0, ctx);
            r++;
        } else {
            EXPECT_I(kind, FOLD_CHILD_SECTION, ctx);
            EXPECT_I(id, s->c[i].sec->fid, ctx);
            EXPECT_I(row, -1, ctx);
        }
    }
    sprintf(ctx, "child_at(\"%s\", %d) (one past the end)", s->key, s->n);
    {
        int32_t kind = -1;
        EXPECT_ST(fold_table_child_at(t, s->fid, s->n, &kind, NULL, NULL), FOLD_E_RANGE);
    }

    sprintf(ctx, "header_position(\"%s\")", s->key);
    if (s->no_header) {
        int st = fold_table_header_position(t, s->fid, &pos);
        /* No header item: FOLD_E_NOT_FOUND (inside a collapsed section
         * FOLD_E_NOT_VISIBLE is as true). */
        if (st != FOLD_E_NOT_FOUND && (s->visible || st != FOLD_E_NOT_VISIBLE)) {
            return failf("%s: a section without a header item returned %s", ctx,
                         fold_status_name(st));
        }
    } else if (s->visible) {
        EXPECT_ST(fold_table_header_position(t, s->fid, &pos), FOLD_OK);
        EXPECT_I(pos, s->hpos, ctx);
    } else {
        EXPECT_ST(fold_table_header_position(t, s->fid, &pos), FOLD_E_NOT_VISIBLE);
    }
    sprintf(ctx, "footer_position(\"%s\")", s->key);
    if (eff_fh(m, s) <= 0) {
        EXPECT_ST(fold_table_footer_position(t, s->fid, &pos), FOLD_E_NOT_FOUND);
    } else if (s->visible) {
        EXPECT_ST(fold_table_footer_position(t, s->fid, &pos), FOLD_OK);
        EXPECT_I(pos, s->fpos, ctx);
    } else {
        EXPECT_ST(fold_table_footer_position(t, s->fid, &pos), FOLD_E_NOT_VISIBLE);
    }
    for (i = 0, r = 0; i < s->n; i++) {
        const mchild *ch = &s->c[i];
        fold_row_info ri;
        if (ch->sec != NULL) {
            continue;
        }
        sprintf(ctx, "row_info(\"%s\", %d)", s->key, r);
        EXPECT_ST(fold_table_row_info(t, s->fid, r, &ri), FOLD_OK);
        EXPECT_D(ri.height, row_normal(m, s, ch), ctx);
        EXPECT_D(ri.expanded_height, ch->eh == NOV ? FOLD_HEIGHT_DEFAULT : ch->eh, ctx);
        EXPECT_I(ri.child_index, i, ctx);
        EXPECT_I(ri.flags, (ch->expanded ? FOLD_ITEM_FLAG_EXPANDED : 0) |
                               (row_expandable(m, s, ch) ? FOLD_ITEM_FLAG_EXPANDABLE : 0), ctx);
        sprintf(ctx, "row_position(\"%s\", %d)", s->key, r);
        if (ch->pos >= 0) {
            EXPECT_ST(fold_table_row_position(t, s->fid, r, &pos), FOLD_OK);
            EXPECT_I(pos, ch->pos, ctx);
        } else {
            EXPECT_ST(fold_table_row_position(t, s->fid, r, &pos), FOLD_E_NOT_VISIBLE);
        }
        r++;
    }
    sprintf(ctx, "row %d of \"%s\" (one past the end)", rows, s->key);
    {
        fold_row_info ri;
        EXPECT_ST(fold_table_row_info(t, s->fid, rows, &ri), FOLD_E_RANGE);
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
                out[*n].section = s->fid;
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
    }
    sprintf(ctx, "item_at(%lld) (one past the end)", (long long)nitems);
    {
        fold_item it;
        EXPECT_ST(fold_table_item_at(t, nitems, &it), FOLD_E_RANGE);
    }

    /* Sections. */
    EXPECT_ST(fold_table_child_count(t, FOLD_ROOT, &n), FOLD_OK);
    EXPECT_I(n, m->root.n, "child_count(FOLD_ROOT)");
    for (i = 0; i < m->root.n; i++) {
        int32_t kind = -1;
        fold_section_id id = 0;
        int64_t row = -9;
        sprintf(ctx, "child_at(FOLD_ROOT, %d)", i);
        EXPECT_ST(fold_table_child_at(t, FOLD_ROOT, i, &kind, &id, &row), FOLD_OK);
        EXPECT_I(kind, FOLD_CHILD_SECTION, ctx);
        EXPECT_I(id, m->root.c[i].sec->fid, ctx);
        EXPECT_I(row, -1, ctx);
    }
    {
        int32_t kind = -1;
        EXPECT_ST(fold_table_child_at(t, FOLD_ROOT, m->root.n, &kind, NULL, NULL), FOLD_E_RANGE);
    }
    for (i = 0; i < ns; i++) {
        if (check_section(t, m, all[i], vr)) {
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
            if (st[i].section != all[i]->fid || strcmp(st[i].key, all[i]->key) != 0 ||
                st[i].collapsed != all[i]->collapsed) {
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
            if (got[k].section != want[k].section || strcmp(got[k].key, want[k].key) != 0 ||
                got[k].row != want[k].row) {
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
    OP_INSERT_SECTION,         /* at the top level */
    OP_INSERT_SUBSECTION,      /* in a section (or the top level) */
    OP_INSERT_SECTION_AT_PATH, /* under a parent found by fold_table_section_at_path */
    OP_REMOVE_SECTION,
    OP_REMOVE_CHILDREN,
    OP_MOVE_SECTION,           /* among the top-level sections */
    OP_MOVE_SECTION_TO,        /* under any parent */
    OP_MOVE_ROW,
    OP_INSERT_ROWS,            /* at a row's child index */
    OP_INSERT_CHILD_ROWS,      /* at any child index, between subsections */
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
    OP_COLLAPSIBLE,
    OP_STALE,
    OP_KINDS
};

/* Relative frequencies. */
static const int op_weight[OP_KINDS] = {
    6, /* insert_section */
    8, /* insert_subsection */
    3, /* insert_section at a path */
    4, /* remove_section */
    4, /* remove_children */
    3, /* move_section (top level) */
    6, /* move_section (any parent) */
    6, /* move_row */
    7, /* insert_rows at a row */
    5, /* insert_rows at a child index */
    5, /* remove_rows */
    5, /* set_row_height */
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
    7, /* vetoing listeners: collapse, all, row expansion, activate, reveal_row */
    3, /* set_collapsible */
    4, /* stale ids, FOLD_ROOT where a section is required */
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

/* ---- ids ----------------------------------------------------------------- */

/* The id of s (FOLD_ROOT for the root), found one of four ways (how % 4):
 * the model's copy, by key, by path, by (parent, index); each lookup must
 * agree with the model. Returns nonzero (fail_msg set) when it does not. */
static int resolve(const fold_table *t, model *m, msec *s, uint32_t how, fold_section_id *out)
{
    fold_section_id id = 0;
    int64_t path[MODEL_MAX_DEPTH + 2];
    int len;
    if (s == &m->root) {
        *out = FOLD_ROOT;
        return 0;
    }
    switch (how % 4) {
    case 0:
        id = s->fid;
        break;
    case 1:
        sprintf(ctx, "find_section(\"%s\") before the call", s->key);
        EXPECT_ST(fold_table_find_section(t, s->key, &id), FOLD_OK);
        break;
    case 2:
        len = path_of(m, s, path);
        sprintf(ctx, "section_at_path(%s) before the call", path_text(path, len));
        EXPECT_ST(fold_table_section_at_path(t, path, len, &id), FOLD_OK);
        break;
    default: {
        int32_t kind = -1;
        sprintf(ctx, "child_at(parent of \"%s\", %d) before the call", s->key, index_in_parent(s));
        EXPECT_ST(fold_table_child_at(t, s->parent == &m->root ? FOLD_ROOT : s->parent->fid,
                                      index_in_parent(s), &kind, &id, NULL),
                  FOLD_OK);
        EXPECT_I(kind, FOLD_CHILD_SECTION, ctx);
        break;
    }
    }
    EXPECT_I(id, s->fid, ctx[0] ? ctx : "id");
    *out = id;
    return 0;
}

#define RESOLVE(s, how, out)                  \
    do {                                      \
        ctx[0] = '\0';                        \
        if (resolve(t, m, (s), (how), &(out))) \
            return 1;                         \
    } while (0)

/* An id that must be FOLD_E_NOT_FOUND: a removed section's, another
 * table's, or one never handed out. */
static fold_section_id stale_id(const model *m, uint32_t p, const char **what)
{
    switch (p % 3) {
    case 0:
        if (m->ndead > 0) {
            *what = "a removed section's id";
            return m->dead[(p / 3) % (uint32_t)m->ndead];
        }
        /* fall through */
    case 1:
        *what = "another table's id";
        return m->foreign[(p / 3) & 1];
    default:
        *what = "an id never handed out";
        return ((fold_section_id)0xDEADu << 48) | (fold_section_id)(p / 3 + 1);
    }
}

/* What the operation says must be redrawn or must not be reported, checked
 * with the change set after it (check_changes). */
static msec *must_redraw[2];
static int nmust;
static int expect_no_set; /* the call changes nothing: no change set */

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
    int wrong_id;     /* an event whose id is not its key's */
} veto = {{{0}}, 0, {0}, -1, 0, 0, 0, 0};

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

static void veto_saw(fold_table *t, fold_section_id section, const char *key, int will)
{
    fold_section_id id = 0;
    if (will) {
        veto.wills++;
        veto.will_after_did |= veto.dids > 0;
    } else {
        veto.dids++;
    }
    /* Reading the table inside a listener is allowed. */
    if (key == NULL || fold_table_find_section(t, key, &id) != FOLD_OK || id != section) {
        veto.wrong_id++;
    }
}

static int on_section_veto(fold_table *t, fold_section_id section, const char *key, int32_t event,
                           void *user_data)
{
    int will = event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND;
    (void)user_data;
    veto_saw(t, section, key, will);
    return !(will && key != NULL && veto_refuses(key));
}

static int on_row_veto(fold_table *t, fold_section_id section, const char *key, int64_t row,
                       int32_t event, void *user_data)
{
    int will = event == FOLD_ROW_WILL_EXPAND || event == FOLD_ROW_WILL_COLLAPSE;
    (void)user_data;
    veto_saw(t, section, key, will);
    return !(will && key != NULL && veto.row >= 0 && row == veto.row &&
             strcmp(key, veto.row_key) == 0);
}

/* The last change set, copied for check_changes. */
#define MAX_STEPS 64
static struct {
    fold_change ch[MAX_STEPS];
    int64_t nch;
    fold_range rd[MAX_STEPS];
    int64_t nrd;
    double delta;
    int overflow;
} last_set;

static void on_change_count(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)user_data;
    change_sets_seen++;
    last_set.overflow = set->change_count > MAX_STEPS || set->redraw_count > MAX_STEPS ||
                        set->change_count < 0 || set->redraw_count < 0;
    last_set.nch = last_set.overflow ? 0 : set->change_count;
    last_set.nrd = last_set.overflow ? 0 : set->redraw_count;
    if (last_set.nch > 0) {
        memcpy(last_set.ch, set->changes, sizeof(fold_change) * (size_t)last_set.nch);
    }
    if (last_set.nrd > 0) {
        memcpy(last_set.rd, set->redraw, sizeof(fold_range) * (size_t)last_set.nrd);
    }
    last_set.delta = set->content_height_delta;
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

/* Expands child j of s in the model, displacing what the accordion says. */
static void model_expand_row(model *m, msec *s, int j)
{
    if (m->accordion == FOLD_ACCORDION_SINGLE) {
        msec *all[MAX_SECT];
        int ns = all_sections(m, all), i, k;
        for (i = 0; i < ns; i++) {
            for (k = 0; k < all[i]->n; k++) {
                all[i]->c[k].expanded = 0;
            }
        }
    } else if (m->accordion == FOLD_ACCORDION_PER_SECTION) {
        int k;
        for (k = 0; k < s->n; k++) {
            s->c[k].expanded = 0;
        }
    }
    s->c[j].expanded = 1;
}

/* Activating an empty collapsible section's header toggles its stored state,
 * as fold_table_toggle does (foldtable.h: "a header toggles its section (if
 * collapsible)"; FOLD_ACTIVATED_NOTHING names "a fixed header"). */
#define ACTIVATE_TOGGLES_EMPTY 1

static int header_activates(const msec *s)
{
    return !s->fixed && (s->n > 0 || ACTIVATE_TOGGLES_EMPTY);
}

/* One vetoable call with refusals the run picks; the model does what the
 * header says a refusal does. */
static int apply_veto(fold_table *t, model *m, const uint32_t *p)
{
    long sets = change_sets_seen;
    int kind = (int)(p[0] % 5), changed_model = 0;
    fold_section_id id = 0;
    veto_reset();
    switch (kind) {
    case 0: { /* collapse / expand / toggle one section */
        msec *s = pick_sec(m, p[1]);
        int what = (int)(p[2] % 3), changed = -1, want, expect = FOLD_OK;
        static const char *const names[] = {"collapse", "expand", "toggle"};
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, p[5] / 16, id);
        if (p[3] % 3 != 0) {
            veto_section(s);
        } else {
            veto_section(pick_sec(m, p[4]));
        }
        if (s->fixed && what != 1) {
            expect = FOLD_E_NOT_ALLOWED;
        }
        want = what == 0 ? !s->collapsed : what == 1 ? s->collapsed : 1;
        want = want && !s->fixed && !veto_refuses(s->key);
        descf("%s(%s) refusing %s", names[what], q(s->key), q(veto.keys[0]));
        EXPECT_ST(what == 0   ? fold_table_collapse(t, id, &changed)
                  : what == 1 ? fold_table_expand(t, id, &changed)
                              : fold_table_toggle(t, id, &changed),
                  expect);
        if (expect != FOLD_OK) {
            EXPECT_I(veto.wills + veto.dids, 0, "events of a refused call");
            break;
        }
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
            if (collapsible_now(all[i]) && all[i]->collapsed != collapse &&
                !veto_refuses(all[i]->key)) {
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
        RESOLVE(s, p[5] / 16, id);
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
        EXPECT_ST(toggle ? fold_table_toggle_row(t, id, row, &changed)
                         : fold_table_expand_row(t, id, row, &changed),
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
    case 3: { /* activate a header or a row, refusing it or not */
        int64_t pos;
        int32_t action = -1, want = FOLD_ACTIVATED_NOTHING;
        int refuse = (int)(p[2] % 3 != 0);
        mitem x;
        build(m);
        if (nitems == 0) {
            SKIP();
        }
        pos = p[1] % (uint32_t)nitems;
        x = items[pos];
        if (refuse) {
            if (x.kind == FOLD_ITEM_ROW) {
                strcpy(veto.row_key, x.sec->key);
                veto.row = x.row;
            } else {
                veto_section(x.sec);
            }
        }
        if (x.kind == FOLD_ITEM_HEADER && header_activates(x.sec)) {
            if (refuse) {
                want = FOLD_ACTIVATED_REFUSED;
            } else {
                x.sec->collapsed = !x.sec->collapsed;
                want = x.sec->collapsed ? FOLD_ACTIVATED_SECTION_COLLAPSED
                                        : FOLD_ACTIVATED_SECTION_EXPANDED;
                changed_model = 1;
            }
        } else if (x.kind == FOLD_ITEM_ROW) {
            mchild *c = &x.sec->c[x.child];
            if (c->expanded || row_expandable(m, x.sec, c)) {
                if (refuse) {
                    want = FOLD_ACTIVATED_REFUSED;
                } else if (c->expanded) {
                    c->expanded = 0;
                    want = FOLD_ACTIVATED_ROW_COLLAPSED;
                    changed_model = 1;
                } else {
                    model_expand_row(m, x.sec, x.child);
                    want = FOLD_ACTIVATED_ROW_EXPANDED;
                    changed_model = 1;
                }
            }
        }
        descf("activate(%lld)%s  /* %s of %s */", (long long)pos, refuse ? " refusing it" : "",
              x.kind == FOLD_ITEM_HEADER ? "header" : x.kind == FOLD_ITEM_ROW ? "row" : "footer",
              q(x.sec->key));
        EXPECT_ST(fold_table_activate(t, pos, &action), FOLD_OK);
        EXPECT_I(action, want, "activate: out_action");
        break;
    }
    default: { /* reveal_row, refusing one of the sections that hide the row (or another) */
        msec *s = pick_sec_with_rows(m, p[1]), *chain[MODEL_MAX_DEPTH + 1], *x;
        int n = 0, i, expand = p[3] % 4 != 0, refused = 0;
        int64_t row, pos = -1;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, p[5] / 16, id);
        row = p[2] % (uint32_t)nrows_of(s);
        for (x = s; x != &m->root; x = x->parent) {
            if (x->collapsed && x->n > 0) {
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
            EXPECT_ST(fold_table_reveal_row(t, id, row, expand, &pos), FOLD_E_NOT_VISIBLE);
            break;
        }
        EXPECT_ST(fold_table_reveal_row(t, id, row, expand, &pos), FOLD_OK);
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

/* Flags for a new section from a random word: mostly none, sometimes
 * COLLAPSED, EXPANDED, FIXED or NO_HEADER (EXPANDED also with the other
 * two). */
static uint32_t pick_flags(uint32_t p)
{
    switch (p % 14) {
    case 0:
    case 1:
        return FOLD_SECTION_COLLAPSED;
    case 2:
        return FOLD_SECTION_FIXED;
    case 3:
        return FOLD_SECTION_NO_HEADER;
    case 4:
        return FOLD_SECTION_EXPANDED;
    case 5:
        return p / 14 % 2 ? FOLD_SECTION_EXPANDED | FOLD_SECTION_FIXED
                          : FOLD_SECTION_EXPANDED | FOLD_SECTION_NO_HEADER;
    default:
        return 0;
    }
}

static const char *flags_text(uint32_t f)
{
    static char buf[96];
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {{FOLD_SECTION_COLLAPSED, "COLLAPSED"},
                 {FOLD_SECTION_FIXED, "FIXED"},
                 {FOLD_SECTION_NO_HEADER, "NO_HEADER"},
                 {FOLD_SECTION_COLLAPSIBLE, "COLLAPSIBLE"},
                 {FOLD_SECTION_EXPANDED, "EXPANDED"}};
    size_t i;
    uint32_t known = 0;
    if (f == 0) {
        return "0";
    }
    buf[0] = '\0';
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        known |= names[i].bit;
        if (f & names[i].bit) {
            sprintf(buf + strlen(buf), "%sFOLD_SECTION_%s", buf[0] ? " | " : "", names[i].name);
        }
    }
    if (f & ~known) {
        sprintf(buf + strlen(buf), "%s0x%X", buf[0] ? " | " : "", (unsigned)(f & ~known));
    }
    return buf;
}

static int dead_contains(const model *m, fold_section_id id)
{
    int i;
    for (i = 0; i < m->ndead; i++) {
        if (m->dead[i] == id) {
            return 1;
        }
    }
    return id == m->foreign[0] || id == m->foreign[1];
}

/* Removes child `at` of parent from the model, with everything inside it. */
static void model_remove_child(model *m, msec *parent, int at)
{
    mchild c = take_child(parent, at);
    if (c.sec != NULL) {
        free_sec(m, c.sec);
    } else {
        m->nrows--;
    }
}

/* One call with a stale id (or FOLD_ROOT where a section is required):
 * FOLD_E_NOT_FOUND (FOLD_E_INVALID), nothing changes. */
static int apply_stale(fold_table *t, model *m, const uint32_t *p)
{
    const char *what = "";
    fold_section_id bad = stale_id(m, p[0], &what), live = 0, live_rows = 0;
    msec *s = pick_sec(m, p[3]), *sr = pick_sec_with_rows(m, p[3]);
    int call = (int)(p[1] % 30), root = p[2] % 4 == 0, expect = FOLD_E_NOT_FOUND, st = 0;
    int changed = 0;
    int64_t n = 0, pos = 0, path[4];
    int32_t kind = 0;
    double d = 0;
    char buf[8];
    size_t len = 0;
    fold_section_info in;
    fold_row_info ri;
    static const double one[1] = {10};
    if (s != NULL) {
        live = s->fid;
    }
    if (sr != NULL) {
        live_rows = sr->fid;
    }
    /* Where FOLD_ROOT is a parent (3, 4, 5, 8, 9) or the whole table (28),
     * it is not an error. */
    if (root && call != 3 && call != 4 && call != 5 && call != 8 && call != 9 && call != 28 &&
        call != 29) {
        bad = FOLD_ROOT;
        what = "FOLD_ROOT";
        expect = FOLD_E_INVALID;
    }
    switch (call) {
    case 0: st = fold_table_section_info(t, bad, &in); descf("section_info(%s)", what); break;
    case 1:
        st = fold_table_section_text(t, bad, (int32_t)(p[4] % 5), buf, sizeof buf, &len);
        descf("section_text(%s, %d)", what, (int)(p[4] % 5));
        break;
    case 2: st = fold_table_section_path(t, bad, path, 4, &n); descf("section_path(%s)", what); break;
    case 3: st = fold_table_child_count(t, bad, &n); descf("child_count(%s)", what); break;
    case 4: st = fold_table_child_at(t, bad, 0, &kind, NULL, NULL); descf("child_at(%s, 0)", what); break;
    case 5:
        st = fold_table_insert_section(t, bad, 0, "k-stale", "", 1, 0, NULL);
        descf("insert_section(parent %s, 0, \"k-stale\", \"\", 1, 0)", what);
        break;
    case 6: st = fold_table_remove_section(t, bad); descf("remove_section(%s)", what); break;
    case 7:
        st = fold_table_move_section(t, bad, FOLD_ROOT, 0);
        descf("move_section(%s, FOLD_ROOT, 0)", what);
        break;
    case 8:
        if (s == NULL) {
            SKIP();
        }
        st = fold_table_move_section(t, live, bad, 0);
        descf("move_section(%s, parent %s, 0)", q(s->key), what);
        break;
    case 9: st = fold_table_remove_children(t, bad, 0, 1); descf("remove_children(%s, 0, 1)", what); break;
    case 10: st = fold_table_set_section_header(t, bad, "T|D"); descf("set_section_header(%s)", what); break;
    case 11:
        st = fold_table_set_section_height(t, bad, (int32_t)(p[4] % 3), 12);
        descf("set_section_height(%s, %d, 12)", what, (int)(p[4] % 3));
        break;
    case 12:
        st = fold_table_set_collapsible(t, bad, (int)(p[4] & 1));
        descf("set_collapsible(%s, %d)", what, (int)(p[4] & 1));
        break;
    case 13: st = fold_table_insert_rows(t, bad, 0, 1, NULL); descf("insert_rows(%s, 0, 1)", what); break;
    case 14: st = fold_table_remove_rows(t, bad, 0, 1); descf("remove_rows(%s, 0, 1)", what); break;
    case 15:
        if (s == NULL) {
            SKIP();
        }
        st = fold_table_move_row(t, bad, 0, live, 0);
        descf("move_row(%s, 0, %s, 0)", what, q(s->key));
        break;
    case 16:
        if (sr == NULL) {
            SKIP();
        }
        st = fold_table_move_row(t, live_rows, 0, bad, 0);
        descf("move_row(%s, 0, target %s, 0)", q(sr->key), what);
        break;
    case 17: st = fold_table_set_row_height(t, bad, 0, 10); descf("set_row_height(%s, 0, 10)", what); break;
    case 18:
        st = fold_table_set_row_heights(t, bad, 0, 1, one);
        descf("set_row_heights(%s, 0, 1, {10})", what);
        break;
    case 19: st = fold_table_row_info(t, bad, 0, &ri); descf("row_info(%s, 0)", what); break;
    case 20:
        st = fold_table_set_row_expanded_height(t, bad, 0, 90);
        descf("set_row_expanded_height(%s, 0, 90)", what);
        break;
    case 21:
        st = p[4] % 3 == 0   ? fold_table_expand_row(t, bad, 0, &changed)
             : p[4] % 3 == 1 ? fold_table_collapse_row(t, bad, 0, &changed)
                             : fold_table_toggle_row(t, bad, 0, &changed);
        descf("expand/collapse/toggle_row #%d(%s, 0)", (int)(p[4] % 3), what);
        break;
    case 22:
        st = p[4] % 3 == 0   ? fold_table_collapse(t, bad, &changed)
             : p[4] % 3 == 1 ? fold_table_expand(t, bad, &changed)
                             : fold_table_toggle(t, bad, &changed);
        descf("collapse/expand/toggle #%d(%s)", (int)(p[4] % 3), what);
        break;
    case 23: st = fold_table_header_position(t, bad, &pos); descf("header_position(%s)", what); break;
    case 24: st = fold_table_row_position(t, bad, 0, &pos); descf("row_position(%s, 0)", what); break;
    case 25: st = fold_table_footer_position(t, bad, &pos); descf("footer_position(%s)", what); break;
    case 26:
        st = fold_table_reveal_offset(t, bad, 5, 0, 100, &d);
        descf("reveal_offset(%s, 5, 0, 100)", what);
        break;
    case 27:
        st = fold_table_reveal_row(t, bad, 0, (int)(p[4] & 1), &pos);
        descf("reveal_row(%s, 0, %d)", what, (int)(p[4] & 1));
        break;
    case 28:
        st = fold_table_invalidate_heights(t, bad, (p[4] & 1) ? 0 : -1);
        descf("invalidate_heights(%s, %d)", what, (p[4] & 1) ? 0 : -1);
        break;
    default: {
        fold_section_id id = 1;
        st = fold_table_find_section(t, "k-unknown", &id);
        descf("find_section(\"k-unknown\")");
        EXPECT_I(id, 1, "find_section(unknown): *out_id written on failure");
        break;
    }
    }
    EXPECT_ST(st, expect);
    return 0;
}

/* Applies one operation to the table and the model; returns nonzero (with
 * fail_msg set) when the table disagrees. */
static int apply(fold_table *t, model *m, const op *o)
{
    const uint32_t *p = o->p;
    int variant = (int)(p[5] % 16); /* 0..5: inject an error, where the op has one */
    uint32_t how = p[5] / 16;       /* how ids are found (resolve) */
    int st;
    char key[16];
    fold_section_id id = 0, pid = 0;
    const char *stale = "";
    desc[0] = '\0';
    nmust = 0;
    expect_no_set = 0;

    switch (o->type) {
    case OP_INSERT_SECTION:
    case OP_INSERT_SUBSECTION:
    case OP_INSERT_SECTION_AT_PATH: {
        msec *parent = &m->root, *s;
        unsigned kid;
        int64_t index, rows = p[3] % 4;
        int expect = FOLD_OK;
        uint32_t flags = pick_flags(p[4] >> 8);
        const char *header = POOLP(header_texts, p[4]);
        fold_section_id out = 0;
        if (o->type != OP_INSERT_SECTION && p[0] % 4 != 0) {
            parent = pick_sec(m, p[0] / 4);
            if (parent == NULL || depth_of(m, parent) + 1 >= MODEL_MAX_DEPTH) {
                parent = &m->root;
            }
        }
        if (m->nsec >= MAX_SECT || parent->n >= MAXC || m->nrows + rows > MAX_ROWS_TOTAL) {
            SKIP();
        }
        RESOLVE(parent, o->type == OP_INSERT_SECTION_AT_PATH ? 2 : how, pid);
        index = p[1] % (uint32_t)(parent->n + 1);
        kid = (p[3] >> 4) % KEY_IDS;
        sprintf(key, "k%u", kid);
        if (variant == 0 && m->nsec > 0) {
            strcpy(key, pick_sec(m, p[2])->key);
            expect = FOLD_E_DUPLICATE;
        } else if (key_taken(m, key)) {
            expect = FOLD_E_DUPLICATE;
        } else if (variant == 1) {
            index = p[2] % 2 ? parent->n + 1 : -2;
            expect = FOLD_E_RANGE;
        } else if (variant == 2) {
            rows = -1;
            expect = FOLD_E_RANGE;
        } else if (variant == 3) {
            /* Reported-only or unknown bits; COLLAPSED with EXPANDED, or
             * with a flag that makes the section not collapsible ("a
             * section that cannot collapse cannot start collapsed"). */
            flags = p[2] % 5 == 0   ? FOLD_SECTION_COLLAPSIBLE
                    : p[2] % 5 == 1 ? 32u << (p[2] / 5 % 8)
                    : p[2] % 5 == 2 ? FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED
                    : p[2] % 5 == 3 ? FOLD_SECTION_COLLAPSED | FOLD_SECTION_NO_HEADER
                                    : FOLD_SECTION_COLLAPSED | FOLD_SECTION_EXPANDED;
            expect = FOLD_E_INVALID;
        } else if (variant == 4) {
            pid = stale_id(m, p[2], &stale);
            expect = FOLD_E_NOT_FOUND;
        } else if (variant == 5) {
            key[0] = '\0';
            expect = FOLD_E_INVALID;
        }
        if (index == parent->n && (p[2] & 1) && expect == FOLD_OK) {
            index = FOLD_INDEX_END;
        }
        descf("insert_section(%s, %lld, %s, %s, %lld, %s)",
              expect == FOLD_E_NOT_FOUND ? stale : parent == &m->root ? "FOLD_ROOT" : q(parent->key),
              (long long)index, q(key), q(header), (long long)rows, flags_text(flags));
        st = fold_table_insert_section(t, pid, index, key, header, rows, flags, &out);
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            if (out == FOLD_ROOT || dead_contains(m, out)) {
                return failf("insert_section handed out id %llu, which is 0, a removed section's "
                             "or another table's",
                             (unsigned long long)out);
            }
            s = new_sec(m, kid, header, (int)rows, flags);
            s->fid = out;
            insert_child(parent, index == FOLD_INDEX_END ? parent->n : (int)index, sec_child(s));
        }
        return 0;
    }

    case OP_REMOVE_SECTION: {
        msec *s = pick_sec(m, p[0]);
        int expect = FOLD_OK;
        if (s == NULL || variant == 0) {
            id = variant == 0 && (p[1] & 1) ? FOLD_ROOT : stale_id(m, p[1] / 2, &stale);
            expect = id == FOLD_ROOT ? FOLD_E_INVALID : FOLD_E_NOT_FOUND;
            descf("remove_section(%s)", id == FOLD_ROOT ? "FOLD_ROOT" : stale);
            EXPECT_ST(fold_table_remove_section(t, id), expect);
            return 0;
        }
        RESOLVE(s, how, id);
        descf("remove_section(%s)", q(s->key));
        EXPECT_ST(fold_table_remove_section(t, id), FOLD_OK);
        model_remove_child(m, s->parent, index_in_parent(s));
        return 0;
    }

    case OP_REMOVE_CHILDREN: {
        msec *parent = &m->root;
        int64_t index, count, i;
        int expect = FOLD_OK;
        if (p[0] % 3 != 0) {
            parent = pick_sec(m, p[0] / 3);
            if (parent == NULL) {
                parent = &m->root;
            }
        }
        RESOLVE(parent, how, pid);
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
        } else if (variant == 2) {
            pid = stale_id(m, p[4], &stale);
            expect = FOLD_E_NOT_FOUND;
        } else if (variant == 3) {
            index = p[4] % 2 ? -1 : parent->n + 1;
            count = 0;
            expect = FOLD_E_RANGE;
        }
        descf("remove_children(%s, %lld, %lld)",
              expect == FOLD_E_NOT_FOUND ? stale : parent == &m->root ? "FOLD_ROOT" : q(parent->key),
              (long long)index, (long long)count);
        st = fold_table_remove_children(t, pid, index, count);
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            for (i = 0; i < count; i++) {
                model_remove_child(m, parent, (int)index);
            }
        }
        return 0;
    }

    case OP_MOVE_SECTION: {
        int64_t from, to;
        int expect = FOLD_OK;
        mchild c;
        if (m->root.n == 0) {
            id = stale_id(m, p[0], &stale);
            descf("move_section(%s, FOLD_ROOT, 0)", stale);
            EXPECT_ST(fold_table_move_section(t, id, FOLD_ROOT, 0), FOLD_E_NOT_FOUND);
            return 0;
        }
        from = pick_top(m, p[0]);
        RESOLVE(m->root.c[from].sec, how, id);
        to = p[1] % (uint32_t)m->root.n;
        if (variant == 0) {
            to = p[2] % 2 ? m->root.n : -2;
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            id = FOLD_ROOT;
            expect = FOLD_E_INVALID;
        } else if (variant == 2) {
            to = FOLD_INDEX_END;
        }
        descf("move_section(%s, FOLD_ROOT, %lld)",
              id == FOLD_ROOT ? "FOLD_ROOT" : q(m->root.c[from].sec->key), (long long)to);
        if (to == FOLD_INDEX_END) {
            to = m->root.n - 1;
        }
        expect_no_set = expect == FOLD_OK && to == from;
        EXPECT_ST(fold_table_move_section(t, id, FOLD_ROOT, variant == 2 ? FOLD_INDEX_END : to),
                  expect);
        if (expect == FOLD_OK) {
            c = take_child(&m->root, (int)from);
            insert_child(&m->root, (int)to, c);
        }
        return 0;
    }

    case OP_MOVE_SECTION_TO:
    case OP_MOVE_ROW: {
        msec *source, *target = &m->root, *moving = NULL;
        int ci, cnt, expect = FOLD_OK;
        int64_t index, row = -1;
        fold_section_id tid = FOLD_ROOT;
        mchild c;
        if (o->type == OP_MOVE_SECTION_TO) {
            moving = pick_sec(m, p[0] / 3);
            if (moving == NULL) {
                SKIP();
            }
            source = moving->parent;
            ci = index_in_parent(moving);
        } else {
            source = pick_sec_with_rows(m, p[0] / 3);
            if (source == NULL) {
                SKIP();
            }
            row = p[4] % (uint32_t)nrows_of(source);
            ci = child_of_row(source, (int)row);
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
                            row = row_of_child(source, ci);
                        }
                    }
                }
            }
        }
        if (p[1] % 4 != 0 || moving == NULL) {
            target = pick_sec(m, p[1] / 4);
            if (target == NULL) {
                target = &m->root;
            }
        }
        if (moving == NULL) {
            RESOLVE(source, how, id);
        } else {
            RESOLVE(moving, how, id);
        }
        RESOLVE(target, how / 4, tid);
        if (moving != NULL && contains(moving, target)) {
            expect = FOLD_E_INVALID; /* into itself or its own subtree */
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
            /* Known engine bug 1 (Tests/reliability/README.md, fixed): an
             * expanded default-height row moved into a section whose default
             * row height is not below its expanded height stayed expanded.
             * Left out with FOLDTABLE_KNOWN_BUGS=0. */
            const mchild *r = &source->c[ci];
            double normal = r->h == NOV ? eff_rh(m, target) : r->h;
            if (r->expanded && !(r->eh > normal)) {
                descf("(skipped: known engine bug 1, moving an expanded row)");
                return 0;
            }
        }
        index = p[2] % (uint32_t)(cnt + 1);
        if (expect == FOLD_OK) {
            if (variant == 0) {
                index = p[4] % 2 ? cnt + 1 : -2;
                expect = FOLD_E_RANGE;
            } else if (variant == 1) {
                tid = stale_id(m, p[4], &stale);
                expect = FOLD_E_NOT_FOUND;
            } else if (variant == 2 && moving == NULL) {
                row = nrows_of(source);
                expect = FOLD_E_RANGE;
            } else if (variant == 4 && moving == NULL) {
                tid = FOLD_ROOT; /* a row must land in a section */
                expect = FOLD_E_INVALID;
            }
        }
        expect_no_set = expect == FOLD_OK && source == target && index == ci;
        if (expect == FOLD_OK && variant == 3) {
            index = FOLD_INDEX_END;
        }
        if (moving != NULL) {
            descf("move_section(%s, %s, %lld)", q(moving->key),
                  expect == FOLD_E_NOT_FOUND ? stale : target == &m->root ? "FOLD_ROOT" : q(target->key),
                  (long long)index);
            st = fold_table_move_section(t, id, tid, index);
        } else {
            descf("move_row(%s, %lld, %s, %lld)", q(source->key), (long long)row,
                  expect == FOLD_E_NOT_FOUND ? stale : tid == FOLD_ROOT ? "FOLD_ROOT" : q(target->key),
                  (long long)index);
            st = fold_table_move_row(t, id, row, tid, index);
        }
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            if (index == FOLD_INDEX_END) {
                index = cnt;
                expect_no_set = source == target && index == ci;
            }
            c = take_child(source, ci);
            insert_child(target, (int)index, c);
        }
        return 0;
    }

    case OP_INSERT_ROWS:
    case OP_INSERT_CHILD_ROWS: {
        msec *s = pick_sec(m, p[0] >> 1);
        int64_t count = p[2] % 4, at, i;
        int expect = FOLD_OK;
        double buf[8];
        const double *heights;
        if (s == NULL) {
            id = stale_id(m, p[1], &stale);
            descf("insert_rows(%s, 0, 1, NULL)", stale);
            EXPECT_ST(fold_table_insert_rows(t, id, 0, 1, NULL), FOLD_E_NOT_FOUND);
            return 0;
        }
        if (s->n + count > MAXC || m->nrows + count > MAX_ROWS_TOTAL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        heights = make_heights(p[3], count, 1, buf);
        if (o->type == OP_INSERT_ROWS) {
            at = child_of_row(s, (int)(p[1] % (uint32_t)(nrows_of(s) + 1)));
        } else {
            at = p[1] % (uint32_t)(s->n + 1);
        }
        if (variant == 0) {
            at = p[4] % 2 ? s->n + 1 : -2;
            expect = FOLD_E_RANGE;
        } else if (variant == 1 && count > 0) {
            buf[p[4] % (uint32_t)count] = bad_height(p[4] / 8);
            heights = buf;
            expect = FOLD_E_INVALID;
        } else if (variant == 2) {
            count = -1;
            heights = NULL;
            expect = FOLD_E_RANGE;
        } else if (variant == 3) {
            id = FOLD_ROOT; /* rows belong in a section */
            expect = FOLD_E_INVALID;
        } else if (variant == 4) {
            id = stale_id(m, p[4], &stale);
            expect = FOLD_E_NOT_FOUND;
        }
        descf("insert_rows(%s, %lld, %lld, %s)",
              expect == FOLD_E_NOT_FOUND ? stale : id == FOLD_ROOT ? "FOLD_ROOT" : q(s->key),
              (long long)(at == s->n && (p[4] & 1) && expect == FOLD_OK ? FOLD_INDEX_END : at),
              (long long)count, heights_text(heights, count));
        st = fold_table_insert_rows(t, id, at == s->n && (p[4] & 1) && expect == FOLD_OK ? FOLD_INDEX_END : at,
                                    count, heights);
        EXPECT_ST(st, expect);
        if (st == FOLD_OK) {
            for (i = 0; i < count; i++) {
                double h = heights == NULL || heights[i] == FOLD_HEIGHT_DEFAULT ? NOV : heights[i];
                insert_child(s, (int)at + (int)i, row_child(h));
            }
            m->nrows += (int)count;
        }
        return 0;
    }

    case OP_REMOVE_ROWS: {
        msec *s = pick_sec(m, p[0] >> 1);
        int64_t row, count, i;
        int rows, expect = FOLD_OK;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        rows = nrows_of(s);
        row = p[1] % (uint32_t)(rows + 1);
        count = p[2] % (uint32_t)(rows - row + 1);
        if (variant == 0) {
            count = rows - row + 1;
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            count = -1;
            expect = FOLD_E_RANGE;
        } else if (variant == 2) {
            id = stale_id(m, p[4], &stale);
            expect = FOLD_E_NOT_FOUND;
        }
        descf("remove_rows(%s, %lld, %lld)", expect == FOLD_E_NOT_FOUND ? stale : q(s->key),
              (long long)row, (long long)count);
        st = fold_table_remove_rows(t, id, row, count);
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
        msec *s = pick_sec(m, p[0] >> 1);
        int64_t row, count = 1, i;
        int rows, expect = FOLD_OK;
        double h = 0, buf[MAXC + 2];
        const double *heights = NULL;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
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
            } else if (variant == 2) {
                id = stale_id(m, p[4], &stale);
                expect = FOLD_E_NOT_FOUND;
            }
            descf("set_row_height(%s, %lld, %g)", expect == FOLD_E_NOT_FOUND ? stale : q(s->key),
                  (long long)row, h);
            st = fold_table_set_row_height(t, id, row, h);
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
            } else if (variant == 2) {
                id = stale_id(m, p[4], &stale);
                expect = FOLD_E_NOT_FOUND;
            }
            descf("set_row_heights(%s, %lld, %lld, %s)",
                  expect == FOLD_E_NOT_FOUND ? stale : q(s->key), (long long)row, (long long)count,
                  heights_text(heights, count));
            st = fold_table_set_row_heights(t, id, row, count, heights);
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
        double h;
        msec *s = pick_sec(m, p[0]);
        static const int32_t whiches[] = {FOLD_HEIGHT_HEADER, FOLD_HEIGHT_FOOTER, FOLD_HEIGHT_ROW};
        static const char *const names[] = {"FOLD_HEIGHT_HEADER", "FOLD_HEIGHT_FOOTER",
                                            "FOLD_HEIGHT_ROW"};
        int32_t w;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        w = whiches[which];
        h = p[2] % 4 == 0    ? FOLD_HEIGHT_DEFAULT
            : which == 0     ? POOLP(header_pool, p[2] / 4)
            : which == 1     ? POOLP(footer_pool, p[2] / 4)
                             : POOLP(row_defaults, p[2] / 4);
        if (variant == 0) {
            h = bad_height(p[3]);
            expect = FOLD_E_INVALID;
        } else if (variant == 1) {
            /* Not a height a section has (FOLD_HEIGHT_EXPANDED is for providers). */
            w = p[3] % 3 == 0 ? FOLD_HEIGHT_EXPANDED : p[3] % 3 == 1 ? -1 : 4 + (int32_t)(p[3] % 100);
            expect = FOLD_E_INVALID;
        } else if (variant == 2) {
            id = FOLD_ROOT;
            expect = FOLD_E_INVALID;
        } else if (variant == 3) {
            id = stale_id(m, p[3], &stale);
            expect = FOLD_E_NOT_FOUND;
        }
        descf("set_section_height(%s, %s, %g)",
              expect == FOLD_E_NOT_FOUND ? stale : id == FOLD_ROOT ? "FOLD_ROOT" : q(s->key),
              w == whiches[which] ? names[which] : "(unknown)", h);
        st = fold_table_set_section_height(t, id, w, h);
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
        int what = (int)(p[1] % 3), changed = -1, want, expect = FOLD_OK;
        msec *s = pick_sec(m, p[0]);
        static const char *const names[] = {"collapse", "expand", "toggle"};
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        if (variant == 0) {
            id = FOLD_ROOT;
            expect = FOLD_E_INVALID;
        } else if (variant == 1) {
            id = stale_id(m, p[3], &stale);
            expect = FOLD_E_NOT_FOUND;
        } else if (s->fixed && what != 1) {
            expect = FOLD_E_NOT_ALLOWED; /* FIXED or NO_HEADER */
        }
        /* A section without children stores the state too (0.2). */
        want = what == 0 ? !s->collapsed : what == 1 ? s->collapsed : 1;
        want = want && !s->fixed;
        descf("%s(%s)", names[what],
              expect == FOLD_E_NOT_FOUND ? stale : id == FOLD_ROOT ? "FOLD_ROOT" : q(s->key));
        st = what == 0   ? fold_table_collapse(t, id, &changed)
             : what == 1 ? fold_table_expand(t, id, &changed)
                         : fold_table_toggle(t, id, &changed);
        expect_no_set = !want;
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
            /* Collapsible sections with children only. */
            if (collapsible_now(all[i]) && all[i]->collapsed != collapse) {
                all[i]->collapsed = collapse;
                want++;
            }
        }
        descf("%s_all()", collapse ? "collapse" : "expand");
        expect_no_set = want == 0;
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
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        row = p[1] % (uint32_t)nrows_of(s);
        h = p[2] % 5 == 0 ? FOLD_HEIGHT_DEFAULT : POOLP(expanded_pool, p[2] / 5);
        if (variant == 0) {
            row = p[3] % 2 ? -1 : nrows_of(s);
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            h = bad_height(p[3]);
            expect = FOLD_E_INVALID;
        } else if (variant == 2) {
            id = stale_id(m, p[3], &stale);
            expect = FOLD_E_NOT_FOUND;
        }
        descf("set_row_expanded_height(%s, %lld, %g)", expect == FOLD_E_NOT_FOUND ? stale : q(s->key),
              (long long)row, h);
        EXPECT_ST(fold_table_set_row_expanded_height(t, id, row, h), expect);
        if (expect == FOLD_OK) {
            s->c[child_of_row(s, (int)row)].eh = h == FOLD_HEIGHT_DEFAULT ? NOV : quant(h);
        }
        return 0;
    }

    case OP_ROW_STATE: {
        msec *s = pick_sec_with_rows(m, p[0]);
        int what = (int)(p[2] % 3), changed = -1, want = 0, expect = FOLD_OK, j;
        int64_t row;
        mchild *c;
        static const char *const names[] = {"expand_row", "collapse_row", "toggle_row"};
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        row = p[1] % (uint32_t)nrows_of(s);
        if (variant == 0) {
            row = p[3] % 2 ? -1 : nrows_of(s);
            expect = FOLD_E_RANGE;
        } else if (variant == 1) {
            id = stale_id(m, p[3], &stale);
            expect = FOLD_E_NOT_FOUND;
        } else if (variant == 2) {
            id = FOLD_ROOT;
            expect = FOLD_E_INVALID;
        }
        descf("%s(%s, %lld)", names[what],
              expect == FOLD_E_NOT_FOUND ? stale : id == FOLD_ROOT ? "FOLD_ROOT" : q(s->key),
              (long long)row);
        st = what == 0   ? fold_table_expand_row(t, id, row, &changed)
             : what == 1 ? fold_table_collapse_row(t, id, row, &changed)
                         : fold_table_toggle_row(t, id, row, &changed);
        EXPECT_ST(st, expect);
        if (st != FOLD_OK) {
            return 0;
        }
        j = child_of_row(s, (int)row);
        c = &s->c[j];
        if (what == 2) {
            what = c->expanded ? 1 : 0;
        }
        if (what == 1) {
            want = c->expanded;
            c->expanded = 0;
        } else if (!c->expanded && row_expandable(m, s, c)) {
            model_expand_row(m, s, j);
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
        descf("activate(%lld)  /* %s of %s */", (long long)pos,
              x.kind == FOLD_ITEM_HEADER ? "header" : x.kind == FOLD_ITEM_ROW ? "row" : "footer",
              q(x.sec->key));
        EXPECT_ST(fold_table_activate(t, pos, &action), FOLD_OK);
        if (x.kind == FOLD_ITEM_HEADER) {
            if (header_activates(x.sec)) {
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
                model_expand_row(m, s, x.child);
                want = FOLD_ACTIVATED_ROW_EXPANDED;
            }
        }
        expect_no_set = want == FOLD_ACTIVATED_NOTHING;
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
        msec *s = pick_sec(m, p[1]);
        if (p[0] % 3 == 0 || s == NULL) {
            uint32_t k = p[1] % 4;
            descf("set_indicators(%s, %s)", q(indicator_pairs[k][0]), q(indicator_pairs[k][1]));
            expect_no_set = 1; /* reports nothing */
            EXPECT_ST(fold_table_set_indicators(t, indicator_pairs[k][0], indicator_pairs[k][1]),
                      FOLD_OK);
            strcpy(m->ind_c, indicator_pairs[k][0]);
            strcpy(m->ind_e, indicator_pairs[k][1]);
        } else {
            const char *header = POOLP(header_texts, p[2]);
            RESOLVE(s, how, id);
            if (variant == 0) {
                descf("set_section_header(%s, invalid UTF-8)", q(s->key));
                EXPECT_ST(fold_table_set_section_header(t, id, "bad\xC3("), FOLD_E_INVALID);
                return 0;
            } else if (variant == 1) {
                id = stale_id(m, p[3], &stale);
                descf("set_section_header(%s, %s)", stale, q(header));
                EXPECT_ST(fold_table_set_section_header(t, id, header), FOLD_E_NOT_FOUND);
                return 0;
            }
            descf("set_section_header(%s, %s)", q(s->key), q(header));
            EXPECT_ST(fold_table_set_section_header(t, id, header), FOLD_OK);
            if (strcmp(s->header, header) != 0) {
                must_redraw[nmust++] = s; /* "Reported as a redraw of the header" */
            } else {
                expect_no_set = 1; /* the text it already has */
            }
            strcpy(s->header, header);
        }
        return 0;
    }

    case OP_VETO:
        return apply_veto(t, m, p);

    case OP_COLLAPSIBLE: {
        msec *s = pick_sec(m, p[0]);
        int c = (int)(p[1] & 1), expect = FOLD_OK;
        if (s == NULL) {
            SKIP();
        }
        RESOLVE(s, how, id);
        if (variant == 0) {
            id = FOLD_ROOT;
            expect = FOLD_E_INVALID;
        } else if (variant == 1) {
            id = stale_id(m, p[3], &stale);
            expect = FOLD_E_NOT_FOUND;
        } else if (c && s->no_header) {
            expect = FOLD_E_NOT_ALLOWED; /* stays fixed */
        } else if (!c && s->collapsed) {
            expect = FOLD_E_NOT_ALLOWED; /* expand it first */
        }
        descf("set_collapsible(%s, %d)",
              expect == FOLD_E_NOT_FOUND ? stale : id == FOLD_ROOT ? "FOLD_ROOT" : q(s->key), c);
        expect_no_set = s->fixed == !c;
        EXPECT_ST(fold_table_set_collapsible(t, id, c), expect);
        if (expect == FOLD_OK) {
            s->fixed = s->no_header || !c;
        }
        return 0;
    }

    case OP_STALE:
        return apply_stale(t, m, p);

    default:
        return failf("unknown operation %d", o->type);
    }
}

/* ---- change sets ---------------------------------------------------------- */

/* The model before an operation, for check_changes. */
typedef struct before {
    int n;
    fold_section_id fid[MAX_SECT];
    int rows[MAX_SECT], collapsible[MAX_SECT], collapsed[MAX_SECT];
    int64_t count;
    double content;
    long sets;
} before;

static void take_before(model *m, before *b)
{
    msec *all[MAX_SECT];
    int i;
    b->n = all_sections(m, all);
    for (i = 0; i < b->n; i++) {
        b->fid[i] = all[i]->fid;
        b->rows[i] = nrows_of(all[i]);
        b->collapsible[i] = collapsible_now(all[i]);
        b->collapsed[i] = all[i]->collapsed;
    }
    b->count = nitems; /* the list verify() built */
    b->content = content;
    b->sets = change_sets_seen;
}

static int in_redraw(int64_t pos)
{
    int64_t i;
    for (i = 0; i < last_set.nrd; i++) {
        if (pos >= last_set.rd[i].position && pos < last_set.rd[i].position + last_set.rd[i].count) {
            return 1;
        }
    }
    return 0;
}

/* After an operation and verify(): the change set it delivered (if any)
 * describes what the model did. */
static int check_changes(model *m, const before *b)
{
    static signed char fresh[MAX_ITEMS * 4 + 8];
    msec *all[MAX_SECT];
    long n = change_sets_seen - b->sets;
    int64_t len = b->count, i, k;
    int ns = all_sections(m, all), j;
    if (veto.wrong_id) {
        j = veto.wrong_id;
        veto.wrong_id = 0;
        return failf("%d listener event(s) carried an id that is not their key's section's", j);
    }
    if (n > 1) {
        return failf("one call delivered %ld change sets", n);
    }
    memset(fresh, 0, sizeof fresh);
    if (n == 0) {
        if (nitems != b->count || content != b->content) {
            return failf("the list changed (%lld -> %lld items, content %.17g -> %.17g) but no "
                         "change set was delivered",
                         (long long)b->count, (long long)nitems, b->content, content);
        }
    } else if (expect_no_set) {
        return failf("the call changed nothing but delivered a change set");
    } else if (!last_set.overflow) {
        /* The steps, applied in order to the old list, give the new one. */
        for (k = 0; k < last_set.nch; k++) {
            const fold_change *c = &last_set.ch[k];
            if (c->position < 0 || c->removed < 0 || c->added < 0 ||
                c->position + c->removed > len ||
                len - c->removed + c->added > (int64_t)sizeof fresh) {
                return failf("change step %lld (%lld, -%lld, +%lld) does not fit a list of %lld "
                             "items",
                             (long long)k, (long long)c->position, (long long)c->removed,
                             (long long)c->added, (long long)len);
            }
            memmove(fresh + c->position + c->added, fresh + c->position + c->removed,
                    (size_t)(len - c->position - c->removed));
            memset(fresh + c->position, 1, (size_t)c->added);
            len += c->added - c->removed;
        }
        if (len != nitems) {
            return failf("the change steps give %lld items, the list has %lld", (long long)len,
                         (long long)nitems);
        }
        for (k = 0; k < last_set.nrd; k++) {
            const fold_range *r = &last_set.rd[k];
            if (r->count <= 0 || r->position < 0 || r->position + r->count > nitems ||
                (k > 0 && r->position < last_set.rd[k - 1].position + last_set.rd[k - 1].count)) {
                return failf("redraw range %lld (%lld, %lld) is empty, outside the list of %lld "
                             "items, or not sorted and disjoint",
                             (long long)k, (long long)r->position, (long long)r->count,
                             (long long)nitems);
            }
        }
        if (!(last_set.delta == content - b->content)) {
            return failf("content_height_delta %.17g, expected %.17g", last_set.delta,
                         content - b->content);
        }
    }
    /* Headers that stayed and must be redrawn: their section's row count,
     * indicator or collapsed state changed (also while collapsed), or the
     * operation says so (header text). */
    for (j = 0; j < ns; j++) {
        msec *s = all[j];
        int must = 0, why = 0;
        if (!s->visible || s->hpos < 0 || fresh[s->hpos]) {
            continue;
        }
        for (i = 0; i < b->n; i++) {
            if (b->fid[i] == s->fid) {
                if (b->rows[i] != nrows_of(s)) {
                    must = 1, why = 0;
                } else if (b->collapsed[i] != s->collapsed) {
                    must = 1, why = 1;
                } else if (b->collapsible[i] != collapsible_now(s)) {
                    must = 1, why = 2;
                }
            }
        }
        for (i = 0; i < nmust; i++) {
            if (must_redraw[i] == s) {
                must = 1, why = 3;
            }
        }
        if (must && (n == 0 || (!last_set.overflow && !in_redraw(s->hpos)))) {
            static const char *const whys[] = {"its row count changed", "its state changed",
                                               "its indicator changed", "its text changed"};
            return failf("the header of \"%s\" (position %lld) is not redrawn%s, but %s", s->key,
                         (long long)s->hpos, n == 0 ? " (no change set)" : "", whys[why]);
        }
    }
    return 0;
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
    fold_table *t = NULL, *other = NULL;
    rng vr;
    int i, failed_at = n;
    before b;
    fail_msg[0] = '\0';
    model_init(&m, variant);
    /* Another table, whose ids this one must not know. */
    if (fold_table_new(NULL, &other) != FOLD_OK ||
        fold_table_insert_section(other, FOLD_ROOT, 0, "k1", "", 2, 0, &m.foreign[0]) != FOLD_OK ||
        fold_table_insert_section(other, m.foreign[0], 0, "k2", "", 1, 0, &m.foreign[1]) != FOLD_OK) {
        failf("making another table failed: %s", fold_last_error_message());
        fold_table_free(other);
        return -1;
    }
    if (fold_table_new(&m.o, &t) != FOLD_OK) {
        failf("fold_table_new failed: %s", fold_last_error_message());
        fold_table_free(other);
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
        fold_table_free(other);
        model_free(&m);
        return -1;
    }
    vr.s = 0xC0FFEE ^ (uint64_t)variant;
    if (verify(t, &m, &vr)) {
        failed_at = -1;
    }
    for (i = 0; i < n && failed_at == n; i++) {
        int bad;
        take_before(&m, &b);
        bad = apply(t, &m, &ops[i]);
        normalize(&m, &m.root);
        if (verbose) {
            fprintf(stderr, "  %3d. %s\n", i + 1, desc);
        }
        if (!bad) {
            bad = verify(t, &m, &vr);
        }
        if (!bad) {
            bad = check_changes(&m, &b);
        }
        ops_compared++;
        if (bad) {
            failed_at = i;
        }
    }
    fold_table_free(t);
    fold_table_free(other);
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
