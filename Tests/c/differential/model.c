/*
 * model.c — differential test (test_differential.c): the reference model: a tree of sections holding arrays of children, its
 * PRNG and value pools, and the flat list rebuilt from it from scratch (build).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "differential.h"

/* ---- PRNG (splitmix64) ------------------------------------------------ */


uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int64_t rng_below(rng *r, int64_t n) { return n <= 0 ? 0 : (int64_t)(rng_next(r) % (uint64_t)n); }

/* ---- the model -------------------------------------------------------- */


mitem items[MAX_ITEMS];
uint64_t next_uid; /* rows' identities: never reused in a process, like ids */
int64_t nitems;
double content;

double eff_hh(const model *m, const msec *s) { return s->hh == NOV ? m->o.header_height : s->hh; }
double eff_fh(const model *m, const msec *s) { return s->fh == NOV ? m->o.footer_height : s->fh; }
double eff_rh(const model *m, const msec *s) { return s->rh == NOV ? m->o.row_height : s->rh; }
double row_normal(const model *m, const msec *s, const mchild *c)
{
    return c->h == NOV ? eff_rh(m, s) : c->h;
}
int row_expandable(const model *m, const msec *s, const mchild *c)
{
    return c->eh != NOV && c->eh > row_normal(m, s, c);
}
double row_shown(const model *m, const msec *s, const mchild *c)
{
    return c->expanded ? c->eh : row_normal(m, s, c);
}

/* FOLD_SECTION_COLLAPSIBLE: not fixed and has children (an indicator shows). */
int collapsible_now(const msec *s) { return !s->fixed && (s->n > 0 || s->load != FOLD_LOAD_LOADED); }

int nrows_of(const msec *s)
{
    int i, k = 0;
    for (i = 0; i < s->n; i++) {
        k += s->c[i].sec == NULL;
    }
    return k;
}

/* Child index of row r (s->n for r == number of rows). */
int child_of_row(const msec *s, int r)
{
    int i;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec == NULL && r-- == 0) {
            return i;
        }
    }
    return s->n;
}

int index_in_parent(const msec *s)
{
    int i;
    for (i = 0; i < s->parent->n; i++) {
        if (s->parent->c[i].sec == s) {
            return i;
        }
    }
    return -1;
}

int depth_of(const model *m, const msec *s)
{
    int d = -1;
    while (s != &m->root) {
        d++;
        s = s->parent;
    }
    return d;
}

/* Levels of sections in s's subtree, s included. */
int nesting(const msec *s)
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

int contains(const msec *outer, const msec *s)
{
    while (s != NULL) {
        if (s == outer) {
            return 1;
        }
        s = s->parent;
    }
    return 0;
}

int path_of(const model *m, const msec *s, int64_t *out)
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

void collect(msec *s, msec **out, int *n)
{
    int i;
    for (i = 0; i < s->n; i++) {
        if (s->c[i].sec != NULL) {
            out[(*n)++] = s->c[i].sec;
            collect(s->c[i].sec, out, n);
        }
    }
}

int all_sections(model *m, msec **out)
{
    int n = 0;
    collect(&m->root, out, &n);
    return n;
}

void free_sec(model *m, msec *s)
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

void model_init(model *m, int variant)
{
    memset(m, 0, sizeof *m);
    fold_table_options_init(&m->o);
    m->next_ticket = 1;
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

void model_free(model *m)
{
    int i;
    for (i = 0; i < m->root.n; i++) {
        free_sec(m, m->root.c[i].sec);
    }
    m->root.n = 0;
}

msec *new_sec(model *m, unsigned id, const char *header, int rows, uint32_t flags)
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
        s->c[i].uid = ++next_uid;
    }
    m->nsec++;
    m->nrows += rows;
    return s;
}

void insert_child(msec *s, int at, mchild c)
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

mchild take_child(msec *s, int at)
{
    mchild c = s->c[at];
    int i;
    for (i = at; i < s->n - 1; i++) {
        s->c[i] = s->c[i + 1];
    }
    s->n--;
    return c;
}

int key_taken(model *m, const char *key)
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
double quant(double h)
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

mchild row_child(double h)
{
    mchild c;
    c.sec = NULL;
    c.h = quant(h);
    c.eh = NOV;
    c.expanded = 0;
    c.pos = -1;
    c.selected = c.anchor = 0;
    c.matched = 0;
    c.uid = ++next_uid; /* a new row (sec_child's uid is unused) */
    return c;
}

mchild sec_child(msec *s)
{
    mchild c = row_child(NOV);
    c.sec = s;
    return c;
}

/* The header's rule: a row whose expanded height is not larger than its
 * height is not expanded. Applied after every operation. */
void normalize(model *m, msec *s)
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

void hide(msec *s)
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

void push(int kind, int depth, fold_section_id section, int64_t row, uint32_t flags, double *y,
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

void emit(const model *m, msec *s, int depth, double *y)
{
    int i, r = 0, open = shows_children(s);
    uint32_t flags = (open ? 0 : FOLD_ITEM_FLAG_COLLAPSED) |
                     (collapsible_now(s) ? FOLD_ITEM_FLAG_COLLAPSIBLE : 0);
    uint32_t selected = (s->selected ? FOLD_ITEM_FLAG_SELECTED : 0) |
                        (m->filter_on && s->matched ? FOLD_ITEM_FLAG_MATCH : 0);
    s->visible = 1;
    s->hpos = -1;
    s->htop = *y;
    s->fpos = -1;
    if (!s->no_header) {
        s->hpos = nitems;
        push(FOLD_ITEM_HEADER, depth, s->fid, -1, flags | selected, y, eff_hh(m, s), s, -1);
    }
    if (open && shows_placeholder(s)) {
        push(FOLD_ITEM_PLACEHOLDER, depth, s->fid, -1,
             s->load == FOLD_LOAD_FAILED ? FOLD_ITEM_FLAG_FAILED : FOLD_ITEM_FLAG_LOADING, y, eff_rh(m, s), s, -1);
    }
    for (i = 0; i < s->n; i++) {
        mchild *c = &s->c[i];
        /* Hidden: by a collapse, or by the filter (filter.c). */
        if (!open || (c->sec == NULL ? row_filtered(m, s, c) : c->sec->fhidden)) {
            c->pos = -1;
            if (c->sec != NULL) {
                hide(c->sec);
            }
        } else if (c->sec == NULL) {
            uint32_t f = (c->expanded ? FOLD_ITEM_FLAG_EXPANDED : 0) |
                         (row_expandable(m, s, c) ? FOLD_ITEM_FLAG_EXPANDABLE : 0) |
                         (c->selected ? FOLD_ITEM_FLAG_SELECTED : 0) |
                         (m->filter_on && c->matched ? FOLD_ITEM_FLAG_MATCH : 0);
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

void build(model *m)
{
    double y = m->o.padding_top;
    int i;
    nitems = 0;
    filter_states(m);
    for (i = 0; i < m->root.n; i++) {
        if (m->root.c[i].sec->fhidden) {
            hide(m->root.c[i].sec);
        } else {
            emit(m, m->root.c[i].sec, 0, &y);
        }
    }
    content = y + m->o.padding_bottom;
}

/* ---- value pools ------------------------------------------------------ */

/* Non-round on purpose (see the top of the file); 0.001 rounds to 0 units. */
const double row_defaults[] = {20, 17.7, 33.3, 1.0 / 3};
const double row_explicit[] = {0, 10, 0.1, 1.0 / 3, 17.7, 30.5, 100.03};
const double expanded_pool[] = {0, 25, 44.4, 60.7, 150.1, 2.0 / 3};
const double header_pool[] = {0, 15.3, 40.5, 28, 2.0 / 3};
const double footer_pool[] = {0, 7.1, 12, 0.001};
const char *const header_texts[] = {"", "Title", "T|D", "A|B|C", "|x", "x|",
                                           "Caf\xC3\xA9|\xE2\x98\x95"};
const char *const indicator_pairs[][2] = {
    {"+", "\xE2\x80\x93"}, {">", "v"}, {"", "open"}, {"\xE2\x96\xB6", "\xE2\x96\xBC"}};
