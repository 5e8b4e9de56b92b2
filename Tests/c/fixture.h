/*
 * fixture.h — shared fixtures of the C tests: building tables and reading
 * sections by key in one line, so each test says what it checks.
 *
 * Every helper counts one check (check.h) for the calls it makes and
 * returns a neutral value (0, NULL, -1) when a call fails, so a test goes on
 * and reports the failure where it happened.
 *
 *   new_table(options)          fold_table_new, NULL options for defaults
 *   must_table(options)         new_table, or the test stops (prints the
 *                               counts and exits 1) when there is no table
 *   options_with_heights(row, header, footer, padding_top, padding_bottom)
 *                               default options with these heights
 *   sample_table(options)       foldtable.h's worked example: Mac (3 rows),
 *                               iPad (2), iPhone (4), headers "Title|Detail"
 *   add(t, parent, key, header, rows)
 *                               appends a section; returns its id
 *   add_flagged(t, parent, key, header, rows, flags)
 *                               the same with FOLD_SECTION_* flags
 *   sec(t, key)                 the id of the section with `key`
 *   top(t, index)               the id of top-level section `index`
 *   info(t, id)                 fold_table_section_info (zeroed on failure)
 *   is_collapsed(t, id)         1 / 0 from the stored state
 *   row_count(t, id), item_count(t), section_count(t)
 *   text(t, id, which)          a section text (FOLD_TEXT_*), in one of
 *                               eight rotating static buffers; NULL on failure
 *   snap_section(depth, key, header), snap_rows(depth, rows)
 *                               fold_snapshot_entry values (snapshots, loads)
 *   COUNT(array)                its number of elements, as int64_t
 *   check_status_names()        fold_status_name of every documented status
 *                               (one check each)
 *   COPY_CHANGE_SET(seen, set)  copies a change set, inside the listener, into
 *                               any struct with change_count, changes[],
 *                               redraw_count, redraw[] and delta (as many
 *                               changes and ranges as its arrays hold)
 *   seen_changes, seen_changes_listener
 *                               a change listener keeping how many sets it
 *                               heard and the last one (user_data: a zeroed
 *                               `seen_changes`)
 *   CHECK_ONE_REDRAW(seen, at)  it redrew one range: the one item at `at`
 *   CHECK_REDRAW_ONLY(seen, at)
 *                               a recorded change set (any struct with
 *                               change_count, redraw_count, redraw[], delta)
 *                               redrew the one item at position `at`, nothing else
 *   check_changed(t, fold_table_collapse|expand|toggle, id, want)
 *                               the call is FOLD_OK and sets out_changed to
 *                               `want` (two checks)
 *   check_activated(t, position, want)
 *                               fold_table_activate is FOLD_OK and reports the
 *                               action `want` (two checks)
 *   check_all_changed(t, fold_table_collapse_all|expand_all, want)
 *                               the call is FOLD_OK and reports `want`
 *                               sections changed (two checks)
 *   check_state(&states[i], key, section, collapsed)
 *   check_row_ref(&refs[i], key, section, row)
 *                               one entry of fold_table_section_states /
 *                               fold_table_expanded_rows (three checks)
 *   check_content(t, items, height)
 *                               the table has `items` items and `height`
 *                               points of content (four checks)
 *   check_row_info(t, id, row, height, expanded_height, flags)
 *                               fold_table_row_info is FOLD_OK with these
 *                               fields (four checks)
 *   check_offsets(t, table)     fold_table_item_at_offset for each row of an
 *                               `offset_case` table: {y, position, place}
 *   refuser, refuser_section, refuser_row, refuser_changes
 *                               listeners that refuse "will" events on request
 *                               and count what they hear (user_data: a zeroed
 *                               `refuser`)
 *   hook, hook_section, hook_row, hook_changes
 *                               listeners that count what they hear, keep the
 *                               last event and run the test's `act` on a chosen
 *                               event (user_data: a zeroed `hook`)
 */
#ifndef FOLD_TEST_FIXTURE_H
#define FOLD_TEST_FIXTURE_H

#include <stdlib.h>
#include <string.h>

#include "check.h"

static inline fold_table *new_table(const fold_table_options *options)
{
    fold_table *t = NULL;
    if (!CHECK_STATUS(fold_table_new(options, &t), FOLD_OK)) return NULL;
    return t;
}

static inline fold_table *must_table(const fold_table_options *options)
{
    fold_table *t = new_table(options);
    if (t == NULL) {
        fprintf(stderr, "cannot create a table; stopping\n");
        check_done();
        exit(1);
    }
    return t;
}

static inline fold_table_options options_with_heights(double row, double header, double footer,
                                                      double padding_top, double padding_bottom)
{
    fold_table_options o;
    fold_table_options_init(&o);
    o.row_height = row;
    o.header_height = header;
    o.footer_height = footer;
    o.padding_top = padding_top;
    o.padding_bottom = padding_bottom;
    return o;
}

static inline fold_section_id add_flagged(fold_table *t, fold_section_id parent, const char *key,
                                          const char *header, int64_t rows, uint32_t flags)
{
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_insert_section(t, parent, FOLD_INDEX_END, key, header, rows, flags,
                                                &id),
                      FOLD_OK))
        return 0;
    return id;
}

static inline fold_section_id add(fold_table *t, fold_section_id parent, const char *key,
                                  const char *header, int64_t rows)
{
    return add_flagged(t, parent, key, header, rows, 0);
}

static inline fold_table *sample_table(const fold_table_options *options)
{
    fold_table *t = must_table(options);
    add(t, FOLD_ROOT, "Mac", "Mac|Laptops and desktops", 3);
    add(t, FOLD_ROOT, "iPad", "iPad|Tablets", 2);
    add(t, FOLD_ROOT, "iPhone", "iPhone|Phones", 4);
    return t;
}

static inline fold_section_id sec(const fold_table *t, const char *key)
{
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_find_section(t, key, &id), FOLD_OK)) return 0;
    return id;
}

static inline fold_section_id top(const fold_table *t, int64_t index)
{
    int32_t kind = -1;
    fold_section_id id = 0;
    if (!CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, index, &kind, &id, NULL), FOLD_OK)) return 0;
    return id;
}

static inline fold_section_info info(const fold_table *t, fold_section_id id)
{
    fold_section_info i;
    memset(&i, 0, sizeof i);
    if (!CHECK_STATUS(fold_table_section_info(t, id, &i), FOLD_OK)) memset(&i, 0, sizeof i);
    return i;
}

static inline int is_collapsed(const fold_table *t, fold_section_id id)
{
    return (info(t, id).flags & FOLD_SECTION_COLLAPSED) != 0;
}

static inline int64_t row_count(const fold_table *t, fold_section_id id)
{
    return info(t, id).row_count;
}

static inline int64_t item_count(const fold_table *t)
{
    int64_t n = -1;
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    return n;
}

static inline int64_t section_count(const fold_table *t)
{
    int64_t n = -1;
    CHECK_STATUS(fold_table_child_count(t, FOLD_ROOT, &n), FOLD_OK);
    return n;
}

static inline const char *text(const fold_table *t, fold_section_id id, int32_t which)
{
    static char buffers[8][512];
    static int next = 0;
    char *b = buffers[next];
    next = (next + 1) % 8;
    size_t length = 0;
    if (!CHECK_STATUS(fold_table_section_text(t, id, which, b, sizeof buffers[0], &length), FOLD_OK))
        return NULL;
    CHECK(length < sizeof buffers[0]);
    return b;
}

/* Snapshot and load entries: a section at `depth` with its key and header, and a run of rows. */
static inline fold_snapshot_entry snap_section(int32_t depth, const char *key, const char *header)
{
    fold_snapshot_entry e;
    memset(&e, 0, sizeof e);
    e.kind = FOLD_SNAPSHOT_SECTION;
    e.depth = depth;
    e.key = key;
    e.header = header;
    return e;
}

static inline fold_snapshot_entry snap_rows(int32_t depth, int64_t rows)
{
    fold_snapshot_entry e;
    memset(&e, 0, sizeof e);
    e.kind = FOLD_SNAPSHOT_ROWS;
    e.depth = depth;
    e.rows = rows;
    return e;
}

#define COUNT(a) ((int64_t)(sizeof(a) / sizeof((a)[0])))

static inline void check_status_names(void)
{
    /* Each status's name is its constant's name, spelled once. */
#define CHECK_STATUS_NAME(status) check_str_(fold_status_name(status), #status, __FILE__, __LINE__, \
                                             "fold_status_name(" #status ")", #status)
    CHECK_STATUS_NAME(FOLD_OK);
    CHECK_STATUS_NAME(FOLD_E_INVALID);
    CHECK_STATUS_NAME(FOLD_E_RANGE);
    CHECK_STATUS_NAME(FOLD_E_NOT_FOUND);
    CHECK_STATUS_NAME(FOLD_E_DUPLICATE);
    CHECK_STATUS_NAME(FOLD_E_NOT_VISIBLE);
    CHECK_STATUS_NAME(FOLD_E_BUSY);
    CHECK_STATUS_NAME(FOLD_E_NOT_ALLOWED);
    CHECK_STATUS_NAME(FOLD_E_CANCELLED);
    CHECK_STATUS_NAME(FOLD_E_INTERNAL);
#undef CHECK_STATUS_NAME
}

#define COPY_CHANGE_SET(seen, set)                                                           \
    do {                                                                                     \
        int64_t i_;                                                                          \
        (seen)->change_count = (set)->change_count;                                          \
        for (i_ = 0; i_ < (set)->change_count &&                                             \
                     i_ < (int64_t)(sizeof (seen)->changes / sizeof (seen)->changes[0]); i_++) \
            (seen)->changes[i_] = (set)->changes[i_];                                        \
        (seen)->redraw_count = (set)->redraw_count;                                          \
        for (i_ = 0; i_ < (set)->redraw_count &&                                             \
                     i_ < (int64_t)(sizeof (seen)->redraw / sizeof (seen)->redraw[0]); i_++)   \
            (seen)->redraw[i_] = (set)->redraw[i_];                                          \
        (seen)->delta = (set)->content_height_delta;                                         \
    } while (0)

/* What a change listener heard: how many sets, and the last one. Zero it,
 * then pass seen_changes_listener with it as user_data. */
typedef struct seen_changes {
    int calls;
    int64_t change_count;
    fold_change changes[8];
    int64_t redraw_count;
    fold_range redraw[8];
    double delta;
} seen_changes;

static inline void seen_changes_listener(fold_table *t, const fold_change_set *set, void *user_data)
{
    seen_changes *seen = user_data;
    (void)t;
    seen->calls++;
    COPY_CHANGE_SET(seen, set);
}

#define CHECK_ONE_REDRAW(seen, at)                        \
    do {                                                  \
        CHECK_EQ_I64((seen).redraw_count, 1);             \
        CHECK_EQ_I64((seen).redraw[0].position, at);      \
        CHECK_EQ_I64((seen).redraw[0].count, 1);          \
    } while (0)

#define CHECK_REDRAW_ONLY(seen, at)                       \
    do {                                                  \
        CHECK_EQ_I64((seen).change_count, 0);             \
        CHECK_ONE_REDRAW(seen, at);                       \
        CHECK_EQ_DBL((seen).delta, 0);                    \
    } while (0)

static inline void check_changed_(const char *file, int line, fold_table *t,
                                  int (*call)(fold_table *, fold_section_id, int *),
                                  const char *expr, fold_section_id id, int want, const char *want_expr)
{
    int changed = -1;
    check_status_(call(t, id, &changed), FOLD_OK, file, line, expr);
    check_i64_(changed, want, file, line, "changed", want_expr);
}
#define check_changed(t, call, id, want)                                                        \
    check_changed_(__FILE__, __LINE__, (t), call, #call "(" #t ", " #id ", &changed)", (id), (want), \
                   #want)

static inline void check_activated_(const char *file, int line, fold_table *t, int64_t position,
                                    const char *expr, int32_t want, const char *want_expr)
{
    int32_t action = -1;
    check_status_(fold_table_activate(t, position, &action), FOLD_OK, file, line, expr);
    check_i64_(action, want, file, line, "action", want_expr);
}
#define check_activated(t, position, want)                                                  \
    check_activated_(__FILE__, __LINE__, (t), (position),                                   \
                     "fold_table_activate(" #t ", " #position ", &action)", (want), #want)

static inline void check_all_changed_(const char *file, int line, fold_table *t,
                                      int (*call)(fold_table *, int64_t *), const char *expr,
                                      int64_t want, const char *want_expr)
{
    int64_t changed = -1;
    check_status_(call(t, &changed), FOLD_OK, file, line, expr);
    check_i64_(changed, want, file, line, "changed", want_expr);
}
#define check_all_changed(t, call, want) \
    check_all_changed_(__FILE__, __LINE__, (t), call, #call "(" #t ", &changed)", (want), #want)

static inline void check_state_(const char *file, int line, const fold_section_state *s,
                                const char *key, fold_section_id section, int collapsed)
{
    check_str_(s->key, key, file, line, "state.key", key);
    check_i64_((int64_t)s->section, (int64_t)section, file, line, "state.section", "section");
    check_i64_(s->collapsed, collapsed, file, line, "state.collapsed", "collapsed");
}
#define check_state(s, key, section, collapsed) \
    check_state_(__FILE__, __LINE__, (s), (key), (section), (collapsed))

static inline void check_row_ref_(const char *file, int line, const fold_row_ref *r, const char *key,
                                  fold_section_id section, int64_t row)
{
    check_str_(r->key, key, file, line, "ref.key", key);
    check_i64_((int64_t)r->section, (int64_t)section, file, line, "ref.section", "section");
    check_i64_(r->row, row, file, line, "ref.row", "row");
}
#define check_row_ref(r, key, section, row) check_row_ref_(__FILE__, __LINE__, (r), (key), (section), (row))

static inline void check_row_info_(const char *file, int line, const fold_table *t,
                                   fold_section_id id, int64_t row, double height,
                                   double expanded_height, uint32_t flags)
{
    fold_row_info ri;
    memset(&ri, 0, sizeof ri);
    check_status_(fold_table_row_info(t, id, row, &ri), FOLD_OK, file, line, "fold_table_row_info");
    check_dbl_(ri.height, height, file, line, "ri.height", "height");
    check_dbl_(ri.expanded_height, expanded_height, file, line, "ri.expanded_height",
               "expanded_height");
    check_i64_(ri.flags, flags, file, line, "ri.flags", "flags");
}
#define check_row_info(t, id, row, height, expanded_height, flags) \
    check_row_info_(__FILE__, __LINE__, (t), (id), (row), (height), (expanded_height), (flags))

static inline void check_content_(const char *file, int line, const fold_table *t, int64_t items,
                                  double height)
{
    int64_t n = -1;
    double h = -1;
    long failed_before = check_failed_so_far();
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, items);
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, height);
    if (check_failed_so_far() != failed_before) {
        fprintf(stderr, "  (in check_content called from %s:%d)\n", file, line);
    }
}
#define check_content(t, items, height) check_content_(__FILE__, __LINE__, (t), (items), (height))

/* One expected answer of fold_table_item_at_offset. */
typedef struct offset_case {
    double y;
    int64_t position;
    int32_t place;
} offset_case;

static inline void check_offsets_(const char *file, int line, const fold_table *t,
                                  const offset_case *cases, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++) {
        long failed_before = check_failed_so_far();
        int64_t p = -42;
        int32_t pl = -42;
        CHECK_STATUS(fold_table_item_at_offset(t, cases[i].y, &p, &pl), FOLD_OK);
        CHECK_EQ_I64(p, cases[i].position);
        CHECK_EQ_I64(pl, cases[i].place);
        if (check_failed_so_far() != failed_before) {
            fprintf(stderr, "  (in check_offsets(y = %.17g) called from %s:%d)\n", cases[i].y, file,
                    line);
        }
    }
}
#define check_offsets(t, cases) \
    check_offsets_(__FILE__, __LINE__, (t), (cases), sizeof(cases) / sizeof((cases)[0]))

/* What the refuser listeners do and heard. With `sections` (`rows`) set,
 * refuser_section (refuser_row) refuses every section (row) "will" event.
 * asked counts the section and row events heard, refused those refused;
 * refuser_changes counts the change sets and keeps the last one's shape:
 * its change and redraw counts, its first redraw range (-1, -1 without
 * one) and its content height delta. */
typedef struct refuser {
    int sections, rows;
    int asked, refused;
    int change_sets;
    int64_t change_count, redraw_count, redraw_position, redraw_items;
    double delta;
} refuser;

static inline int refuser_event_(refuser *r, int refuse)
{
    r->asked++;
    if (refuse) r->refused++;
    return !refuse;
}

static inline int refuser_section(fold_table *t, fold_section_id section, const char *key,
                                  int32_t event, void *user_data)
{
    refuser *r = user_data;
    (void)t;
    (void)section;
    (void)key;
    return refuser_event_(r, r->sections && (event == FOLD_SECTION_WILL_COLLAPSE ||
                                             event == FOLD_SECTION_WILL_EXPAND));
}

static inline int refuser_row(fold_table *t, fold_section_id section, const char *key, int64_t row,
                              int32_t event, void *user_data)
{
    refuser *r = user_data;
    (void)t;
    (void)section;
    (void)key;
    (void)row;
    return refuser_event_(r, r->rows && (event == FOLD_ROW_WILL_EXPAND ||
                                         event == FOLD_ROW_WILL_COLLAPSE));
}

static inline void refuser_changes(fold_table *t, const fold_change_set *set, void *user_data)
{
    refuser *r = user_data;
    (void)t;
    r->change_sets++;
    r->change_count = set->change_count;
    r->redraw_count = set->redraw_count;
    r->redraw_position = set->redraw_count > 0 ? set->redraw[0].position : -1;
    r->redraw_items = set->redraw_count > 0 ? set->redraw[0].count : -1;
    r->delta = set->content_height_delta;
}

/* What the hook listeners heard, and what they do. Each call counts in
 * `calls`; a section or row event is kept (section, key, row, event; row -1
 * for a section event), a change set's anchoring too. Then, when `act` is
 * set and the event is `on` (HOOK_EVERY: every call, change sets included),
 * act(t, h) runs; it may do anything a listener may, free the table or the
 * hook itself included, so nothing reads the hook after it. Section and row
 * events are always allowed. `data` and `id` are the test's (the state act
 * works on, the hook's own listener id). A zeroed hook only counts. */
#define HOOK_EVERY (-1)

typedef struct hook hook;
struct hook {
    int calls;
    int32_t on;
    void (*act)(fold_table *t, hook *h);
    void *data;
    int64_t id;
    fold_section_id section;
    char key[32];
    int64_t row;
    int32_t event;
    int32_t anchored;
    double anchored_offset;
};

static inline void hook_heard_(fold_table *t, hook *h, fold_section_id section, const char *key,
                               int64_t row, int32_t event)
{
    h->calls++;
    h->section = section;
    snprintf(h->key, sizeof h->key, "%s", key != NULL ? key : "");
    h->row = row;
    h->event = event;
    if (h->act != NULL && (h->on == HOOK_EVERY || h->on == event)) h->act(t, h);
}

static inline int hook_section(fold_table *t, fold_section_id section, const char *key,
                               int32_t event, void *user_data)
{
    hook_heard_(t, user_data, section, key, -1, event);
    return 1;
}

static inline int hook_row(fold_table *t, fold_section_id section, const char *key, int64_t row,
                           int32_t event, void *user_data)
{
    hook_heard_(t, user_data, section, key, row, event);
    return 1;
}

static inline void hook_changes(fold_table *t, const fold_change_set *set, void *user_data)
{
    hook *h = user_data;
    h->anchored = set->anchored;
    h->anchored_offset = set->anchored_offset;
    hook_heard_(t, h, 0, NULL, -1, HOOK_EVERY);
}

#endif /* FOLD_TEST_FIXTURE_H */
