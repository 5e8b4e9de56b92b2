/*
 * differential.h — the parts of the differential test (test_differential.c,
 * Tests/c/differential/): the model's types, the operations, the EXPECT_*
 * macros (return 1 with fail_msg set on the first disagreement), and what
 * each part offers the others.
 */
#ifndef FOLD_TEST_DIFFERENTIAL_H
#define FOLD_TEST_DIFFERENTIAL_H

#include <stdint.h>

#include "check.h"
#include "foldtable.h"

typedef struct rng {
    uint64_t s;
} rng;

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
    int selected, anchor; /* select.c: marks that move with the row */
    int matched;          /* filter.c: the match function's answer, kept with the row */
    uint64_t uid;         /* the row's identity (changes.c): unique, given when the row is
                             created (new_sec, row_child), kept wherever the engine keeps
                             the row (moves, snapshots' matched rows, state changes) */
} mchild;

struct msec {
    unsigned id; /* the key is "k<id>"; picks go by id, so deleting unrelated
                    operations while shrinking does not change what is picked */
    char key[16];
    char header[24];
    fold_section_id fid; /* the id the table handed out */
    int collapsed;
    int load;        /* FOLD_LOAD_*: unloaded sections come from OP_LOAD (load.c) */
    uint64_t ticket; /* the current load's, while loading or failed */
    int fixed;     /* not collapsible (FOLD_SECTION_FIXED, set_collapsible 0, NO_HEADER) */
    int no_header; /* FOLD_SECTION_NO_HEADER: no header item */
    double hh, fh, rh; /* NOV: the table's */
    int selected, anchor; /* select.c */
    int matched; /* filter.c: its header's answer */
    int closed;  /* filter.c: collapsed while filtering, not opened until the filter is set again */
    int n;
    mchild c[MAXC];
    msec *parent; /* &model.root for top-level sections */
    /* Filled by build(). */
    int visible;
    int fhidden, fopened, forced; /* filter.c: hidden by the filter, opened by it, all below shown */
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
    /* The viewport and follow_end (follow.c); the offset as the table last reported it. */
    int follow, vp_set;
    double vp_off, vp_h;
    /* The ticket the table hands out next (load.c). */
    uint64_t next_ticket;
    /* The filter (filter.c): on, its flags and the salt of its rule; while
     * match_stop is set the match function stops the call that asks. */
    int filter_on, match_stop;
    uint32_t filter_flags;
    unsigned salt;
    /* The structure version last read and a hash of the shape it named
     * (verify.c): a version never goes back nor names two shapes. */
    int version_read;
    uint64_t version, shape;
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

#define NPOOL(a) ((uint32_t)(sizeof(a) / sizeof(a[0])))
#define POOLP(a, p) (a[(p) % NPOOL(a)])

#define EXPECT_ST(call, expected)                                                              \
    do {                                                                                       \
        long sets_ = change_sets_seen;                                                         \
        int st_ = (call);                                                                      \
        if (st_ != (expected)) {                                                               \
            return failf("%s:%d: %s returned %s, expected %s (last error: \"%s\")", __FILE__, __LINE__, \
                         #call, fold_status_name(st_), fold_status_name(expected),             \
                         fold_last_error_message());                                           \
        }                                                                                      \
        if (st_ != FOLD_OK && change_sets_seen != sets_) {                                     \
            return failf("%s:%d: %s failed (%s) but delivered a change set", __FILE__, __LINE__, #call, \
                         fold_status_name(st_));                                               \
        }                                                                                      \
        failed_calls += st_ != FOLD_OK;                                                        \
    } while (0)

#define EXPECT_I(got, want, what)                                                               \
    do {                                                                                        \
        int64_t g_ = (int64_t)(got), w_ = (int64_t)(want);                                      \
        if (g_ != w_) {                                                                         \
            return failf("%s:%d: %s: got %lld, expected %lld", __FILE__, __LINE__, what, (long long)g_, \
                         (long long)w_);                                                        \
        }                                                                                       \
    } while (0)

#define EXPECT_D(got, want, what)                                                              \
    do {                                                                                       \
        double g_ = (got), w_ = (want);                                                        \
        if (!(g_ == w_)) {                                                                     \
            return failf("%s:%d: %s: got %.17g, expected %.17g", __FILE__, __LINE__, what, g_, w_);   \
        }                                                                                      \
    } while (0)

#define EXPECT_S(got, want, what)                                                             \
    do {                                                                                      \
        const char *g_ = (got), *w_ = (want);                                                 \
        if (g_ == NULL || w_ == NULL ? g_ != w_ : strcmp(g_, w_) != 0) {                      \
            return failf("%s:%d: %s: got %s%s%s, expected %s%s%s", __FILE__, __LINE__, what,          \
                         g_ ? "\"" : "", g_ ? g_ : "NULL", g_ ? "\"" : "", w_ ? "\"" : "",    \
                         w_ ? w_ : "NULL", w_ ? "\"" : "");                                   \
        }                                                                                     \
    } while (0)

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
    OP_SNAPSHOT,               /* fold_table_apply_snapshot (snapshot.c) */
    OP_FOLLOW,                 /* follow_end, viewports at or near the end (follow.c) */
    OP_LOAD,                   /* lazily loaded children (load.c) */
    OP_SELECT,                 /* keyed selection (select.c) */
    OP_FILTER,                 /* filtering (filter.c) */
    OP_BATCH,                  /* begin (p[0] even) or end a batch (batch.c); weight 0:
                                  the generator places them around other operations */
    OP_KINDS
};

typedef struct op {
    int type;
    uint32_t p[6];
} op;

#define KEY_IDS 4096u

#define SKIP()                                      \
    do {                                            \
        descf("(skipped: %s)", "no room or no target"); \
        return 0;                                   \
    } while (0)

#define RESOLVE(s, how, out)                  \
    do {                                      \
        ctx[0] = '\0';                        \
        if (resolve(t, m, (s), (how), &(out))) \
            return 1;                         \
    } while (0)


/* What the listeners of every table refuse, and what they saw during one call (veto.c). */
typedef struct veto_state {
    char keys[3][16]; /* sections whose "will" events are refused */
    int nkeys;
    char row_key[16]; /* with row >= 0: the row whose "will" events are refused */
    int64_t row;
    int wills, dids;  /* events during the call */
    int will_after_did;
    int wrong_id;     /* an event whose id is not its key's */
} veto_state;

/* The last change set, copied for check_changes. */
#define MAX_STEPS 64
typedef struct last_change_set {
    fold_change ch[MAX_STEPS];
    int64_t nch;
    fold_range rd[MAX_STEPS];
    int64_t nrd;
    fold_move mv[MAX_STEPS];
    int64_t nmv;
    int moves_null; /* moves was NULL with move_count > 0, or not NULL with 0 */
    double delta;
    int anchored;
    double anchored_offset;
    int overflow;
} last_change_set;

#define ACTIVATE_TOGGLES_EMPTY 1

/* An item's identity, for replaying change sets (changes.c): a row is
 * its uid wherever it goes (moved to another section too); a header,
 * footer or placeholder is its kind and section id. */
typedef struct ident {
    int kind;
    fold_section_id section;
    uint64_t uid; /* rows only */
} ident;

/* The model before an operation (or, for a batch, before the batch), for
 * check_changes. */
#define MAX_MUST 32
typedef struct before {
    ident ids[MAX_ITEMS]; /* the list's items */
    uint32_t flags[MAX_ITEMS];
    double heights[MAX_ITEMS];
    fold_section_id must[MAX_MUST]; /* headers a batch's calls said must be redrawn */
    int nmust;
    int moved_inside; /* a call inside the batch moved sections or rows (known bug 2) */
    int n;
    fold_section_id fid[MAX_SECT];
    int rows[MAX_SECT], collapsible[MAX_SECT], collapsed[MAX_SECT];
    int64_t count;
    double content;
    long sets;
    int at_end; /* follow_end on, a viewport set, and it shows the end */
} before;

extern mitem items[MAX_ITEMS];
extern int64_t nitems;
extern double content;
extern const double row_defaults[4];
extern const double row_explicit[7];
extern const double expanded_pool[6];
extern const double header_pool[5];
extern const double footer_pool[4];
extern const char *const header_texts[7];
extern const char *const indicator_pairs[4][2];
extern char fail_msg[1024];
extern long change_sets_seen;
extern long failed_calls; /* calls that returned an error status as expected (EXPECT_ST) */
extern uint64_t next_uid;
extern const before *op_before; /* the last take_before's */
extern char ctx[160];
extern const int op_weight[OP_KINDS];
extern char desc[512];
extern int known_bugs;
extern msec *must_redraw[MAX_SECT];
extern int nmust;
extern int expect_no_set;
extern veto_state veto;
extern last_change_set last_set;

uint64_t rng_next(rng *r);
int64_t rng_below(rng *r, int64_t n);
double eff_hh(const model *m, const msec *s);
double eff_fh(const model *m, const msec *s);
double eff_rh(const model *m, const msec *s);
double row_normal(const model *m, const msec *s, const mchild *c);
int row_expandable(const model *m, const msec *s, const mchild *c);
double row_shown(const model *m, const msec *s, const mchild *c);
int collapsible_now(const msec *s);
int nrows_of(const msec *s);
int child_of_row(const msec *s, int r);
int index_in_parent(const msec *s);
int depth_of(const model *m, const msec *s);
int nesting(const msec *s);
int contains(const msec *outer, const msec *s);
int path_of(const model *m, const msec *s, int64_t *out);
void collect(msec *s, msec **out, int *n);
int all_sections(model *m, msec **out);
void free_sec(model *m, msec *s);
void model_init(model *m, int variant);
void model_free(model *m);
msec *new_sec(model *m, unsigned id, const char *header, int rows, uint32_t flags);
void insert_child(msec *s, int at, mchild c);
mchild take_child(msec *s, int at);
int key_taken(model *m, const char *key);
double quant(double h);
mchild row_child(double h);
mchild sec_child(msec *s);
void normalize(model *m, msec *s);
void hide(msec *s);
void push(int kind, int depth, fold_section_id section, int64_t row, uint32_t flags, double *y,
          double h, msec *s, int child);
void emit(const model *m, msec *s, int depth, double *y);
void build(model *m);
int failf(const char *fmt, ...);
int check_item_fields(int64_t pos, int kind, int depth, fold_section_id section,
                      int64_t row, uint32_t flags, const mitem *x);
void model_offset(const model *m, double y, int64_t *pos, int32_t *place);
int check_offset(const fold_table *t, const model *m, double y);
int check_viewport(const fold_table *t, double offset, double height, int64_t overscan,
                   int64_t capacity);
int model_sticky(const model *m, double y, fold_sticky_header *out);
int check_sticky(const fold_table *t, const model *m, double y, int64_t capacity);
void split_header(const char *text, char *title, char *detail, int *has_detail);
int check_text(const fold_table *t, const msec *s, int32_t which, const char *want,
               rng *vr);
int check_section(const fold_table *t, model *m, msec *s, rng *vr);
void expanded_list(msec *s, fold_row_ref *out, int64_t *n);
int verify(const fold_table *t, model *m, rng *vr);
void descf(const char *fmt, ...);
const char *path_text(const int64_t *path, int len);
const char *heights_text(const double *h, int64_t count);
const char *q(const char *s);
int pick_index(msec *const *list, int n, uint32_t p);
msec *pick_sec(model *m, uint32_t p);
msec *pick_sec_with_rows(model *m, uint32_t p);
int64_t pick_top(model *m, uint32_t p);
double bad_height(uint32_t p);
const double *make_heights(uint32_t p, int64_t count, int allow_null, double *buf);
int resolve(const fold_table *t, model *m, msec *s, uint32_t how, fold_section_id *out);
fold_section_id stale_id(const model *m, uint32_t p, const char **what);
int inject_height_or_id(const model *m, int variant, uint32_t p, double *h, fold_section_id *id,
                        const char **stale);
/* The errors an operation can inject through its section argument (each
 * sets *id and returns the status the call must fail with): FOLD_ROOT where
 * a section is needed (FOLD_E_INVALID), a stale id (FOLD_E_NOT_FOUND;
 * *stale says which). */
int inject_root(fold_section_id *id);
int inject_stale(const model *m, uint32_t p, fold_section_id *id, const char **stale);
/* The errors a removal can inject through its count (FOLD_E_RANGE; the
 * call may remove `available` entries): variant 0 one too many, variant 1
 * -1; any other variant injects nothing (FOLD_OK). */
int inject_bad_count(int variant, int64_t available, int64_t *count);
/* Variant 0 injects FOLD_ROOT, variant 1 a stale id, any other nothing (FOLD_OK). */
int inject_root_or_stale(const model *m, int variant, uint32_t p, fold_section_id *id,
                         const char **stale);
/* How a description names an operation's section argument s: the stale id
 * (expect FOLD_E_NOT_FOUND), FOLD_ROOT, or s's key. */
const char *sec_arg(int expect, const char *stale, fold_section_id id, const msec *s);
void veto_reset(void);
int veto_refuses(const char *key);
void veto_saw(fold_table *t, fold_section_id section, const char *key, int will);
int on_section_veto(fold_table *t, fold_section_id section, const char *key, int32_t event,
                    void *user_data);
int on_row_veto(fold_table *t, fold_section_id section, const char *key, int64_t row,
                int32_t event, void *user_data);
void on_change_count(fold_table *t, const fold_change_set *set, void *user_data);
void veto_section(const msec *s);
int64_t row_of_child(const msec *s, int j);
int displaced_rows(model *m, msec *s, msec **secs, int *childs);
void model_expand_row(model *m, msec *s, int j);
int header_activates(const msec *s);
int apply_veto(fold_table *t, model *m, const uint32_t *p);
uint32_t pick_flags(uint32_t p);
/* Lazily loaded children (load.c): a placeholder shows; the model's rule
 * for a collapse or an expansion (which starts or cancels a load); whether
 * a section takes no children now. */
int shows_placeholder(const msec *s);
void model_flip(model *m, msec *s, int collapsed);
int not_loaded(const msec *s);
void model_retry(model *m, msec *s);
int apply_load(fold_table *t, model *m, const op *o);
extern int load_expanded; /* the last OP_LOAD expanded a section (fold_table_load) */
const char *flags_text(uint32_t f);
int dead_contains(const model *m, fold_section_id id);
void model_remove_child(model *m, msec *parent, int at);
int apply_stale(fold_table *t, model *m, const uint32_t *p);
void take_before(model *m, before *b);
int in_redraw(int64_t pos);
int check_changes(model *m, const before *b);
/* Batches (batch.c): OP_BATCH; the model's open batches; after each
 * operation, the depth compared with fold_table_batch_depth and what the
 * batch must redraw collected; the `before` a change set is checked
 * against (the batch's when the operation ended the outermost batch);
 * closing a batch left open at the end of a run. */
int apply_batch(fold_table *t, model *m, const op *o);
void batch_reset(void);
int batch_open(void);
int batch_after_op(const fold_table *t, model *m, int op_type, int failed);
const before *batch_reference(const before *b);
int close_batches(fold_table *t, model *m);
typedef struct batch_stats {
    long sets, moves, moved_items;             /* change sets of single calls with moves */
    long batches, multi_step, batch_moves;     /* outermost batches ended; with > 1 step; their moves */
    long nested, stray_ends, failed_inside, closed_at_end, empty;
} batch_stats;
extern batch_stats bstats;
int apply_structure(fold_table *t, model *m, const op *o);
int apply_state(fold_table *t, model *m, const op *o);
int apply(fold_table *t, model *m, const op *o);
/* What the new operations exercised (printed at the end of a run). */
typedef struct new_op_stats {
    long snapshots, refused, unchanged, inserted, removed, moved, headers, rows_in, rows_out;
    long snapshots_filtering, snapshots_stopped; /* applied while filtering; stopped by the match function */
    long follow_checked;
    /* load.c: loads started (the last ticket), finished, failed, stale tickets refused. */
    long loads_finished, loads_failed, loads_stale;
    /* select.c: selection calls made, those that changed the selection, ranges from an anchor. */
    long select_calls, select_changes, select_ranges, select_ranges_before;
    /* filter.c: filters set, answers changed, insertions the match function stopped. */
    long filters_set, matches_changed, match_stops;
} new_op_stats;
extern new_op_stats stats;
int apply_snapshot_op(fold_table *t, model *m, const op *o);
/* Keyed selection (select.c): the operation, the comparison after every
 * operation, and the model taking the table's selection after a snapshot. */
int apply_select(fold_table *t, model *m, const op *o);
int verify_selection(const fold_table *t, model *m);
int sync_selection(fold_table *t, model *m);
int apply_follow(fold_table *t, model *m, const op *o);
/* Filtering (filter.c): the model's rule and the table's match function;
 * the shown states build() reads; whether a section shows its children
 * (expanded, or opened by the filter); whether the filter hides a row of s;
 * the answers for new rows and sections; whether the match function stops
 * the next insertion (counted in stats; the caller resets m->match_stop
 * after the call); the operation and the comparison after every one. */
int match_rule(const char *key, int64_t row, unsigned salt);
int diff_match(fold_table *t, fold_section_id section, const char *key, int64_t row, void *user_data);
void filter_states(model *m);
int shows_children(const msec *s);
int row_filtered(const model *m, const msec *s, const mchild *c);
void match_new_rows(model *m, msec *s, int first_child, int count);
void match_new_section(model *m, msec *s);
int insertion_stops(model *m, uint32_t p);
int apply_filter(fold_table *t, model *m, const op *o);
int verify_filter(const fold_table *t, model *m);
/* After an operation: the viewport's offset by the follow_end rule where
 * the model predicts it, and as the change set reported it. */
int check_follow(fold_table *t, model *m, const before *b, int op_type);

#endif /* FOLD_TEST_DIFFERENTIAL_H */
