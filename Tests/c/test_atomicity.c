/*
 * A failed call changes nothing; a call that changes nothing reports nothing;
 * error messages are in words (foldtable.h: "Change events and listeners",
 * fold_table_reveal_row, fold_table_collapse_all, the row setters).
 *
 * - reveal_row(expand_ancestors) whose "will expand" is refused for an inner
 *   section: FOLD_E_NOT_VISIBLE, no section expanded, no change set.
 * - set_section_header_height inside a listener: FOLD_E_BUSY, and the header
 *   stays unmeasured (the header height provider is still asked for it).
 * - Multi-section and accordion operations: every "will" before any change,
 *   every "did" after all of them; a refusal changes nothing.
 * - Setters given what is already there send no change set.
 * - Error messages from the C ABI never show Swift range syntax; exact
 *   wording for a few; stale ids, another table's id and FOLD_ROOT where a
 *   section is required.
 * - Sections that are not collapsible (FOLD_SECTION_FIXED, _NO_HEADER):
 *   collapse and toggle are FOLD_E_NOT_ALLOWED, change nothing and send no
 *   event; set_collapsible on a collapsed section likewise.
 * - fold_table_activate tells a refusal (FOLD_ACTIVATED_REFUSED) apart from
 *   nothing to do.
 * - 0.2: an empty section stores its collapsed state (events, a redraw);
 *   a header is redrawn when its row count changes, also while collapsed.
 * Runs under ASan (scripts/sanitize address -R c-atomicity).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

/* ---- an event log shared by the listeners ---------------------------- */

typedef struct log {
    char text[1024];       /* "will-expand:A did-expand:A ..." */
    int change_sets;       /* change listener calls */
    int64_t last_redraw;   /* redraw ranges of the last change set */
    int64_t last_changes;  /* changes of the last change set */
    const char *refuse;    /* a section key whose "will" events are refused */
    int64_t refuse_row;    /* with refuse_key: a row whose "will" events are refused */
    const char *refuse_key;
    int busy_status;       /* what a mutation tried inside a listener returned */
    int try_header_height; /* set the header height of "a" to 40 inside the listener */
} log;

static void append(log *l, const char *s)
{
    size_t n = strlen(l->text);
    snprintf(l->text + n, sizeof l->text - n, "%s%s", n ? " " : "", s);
}

static int on_section(fold_table *t, fold_section_id id, const char *key, int32_t event,
                      void *user_data)
{
    static const char *const names[] = {"will-collapse", "did-collapse", "will-expand", "did-expand"};
    log *l = user_data;
    char entry[64];
    (void)id;
    snprintf(entry, sizeof entry, "%s:%s", names[event & 3], key);
    append(l, entry);
    if (l->try_header_height) {
        fold_section_id a = 0;
        if (fold_table_find_section(t, "a", &a) == FOLD_OK)
            l->busy_status = fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, 40);
    }
    return !(l->refuse != NULL && strcmp(l->refuse, key) == 0 &&
             (event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND));
}

static int on_row(fold_table *t, fold_section_id id, const char *key, int64_t row, int32_t event,
                  void *user_data)
{
    static const char *const names[] = {"will-expand", "did-expand", "will-collapse", "did-collapse"};
    log *l = user_data;
    char entry[64];
    (void)t;
    (void)id;
    snprintf(entry, sizeof entry, "%s:%s/%lld", names[event & 3], key, (long long)row);
    append(l, entry);
    return !(l->refuse_key != NULL && strcmp(l->refuse_key, key) == 0 && l->refuse_row == row &&
             (event == FOLD_ROW_WILL_EXPAND || event == FOLD_ROW_WILL_COLLAPSE));
}

static void on_change(fold_table *t, const fold_change_set *set, void *user_data)
{
    log *l = user_data;
    (void)t;
    l->change_sets++;
    l->last_changes = set->change_count;
    l->last_redraw = set->redraw_count;
    append(l, "changed");
}

static fold_table *new_logged_table(log *l)
{
    fold_table *t = new_table(NULL);
    if (t == NULL) exit(check_done());
    memset(l, 0, sizeof *l);
    CHECK_STATUS(fold_table_add_section_listener(t, on_section, l, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_row_listener(t, on_row, l, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_add_change_listener(t, on_change, l, NULL), FOLD_OK);
    return t;
}

static void reset(log *l)
{
    l->text[0] = '\0';
    l->change_sets = 0;
}

static int64_t items(fold_table *t) { return item_count(t); }

static int collapsed(fold_table *t, const char *key) { return is_collapsed(t, sec(t, key)); }

static int row_expanded(fold_table *t, fold_section_id s, int64_t row)
{
    fold_row_info ri;
    if (!CHECK_STATUS(fold_table_row_info(t, s, row, &ri), FOLD_OK)) return -1;
    return (ri.flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
}

/* ---- 7: failed calls change nothing ----------------------------------- */

/* A (collapsed) holds B (collapsed) holds 3 rows: only A's header shows. */
static void reveal_row_refused(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    int64_t pos = -1;
    fold_section_id A = add(t, FOLD_ROOT, "A", NULL, 0);
    fold_section_id B = add(t, A, "B", NULL, 3);
    CHECK_STATUS(fold_table_collapse(t, B, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_collapse(t, A, NULL), FOLD_OK);
    CHECK_EQ_I64(items(t), 1);

    reset(&l);
    l.refuse = "B";
    CHECK_STATUS(fold_table_reveal_row(t, B, 0, 1, &pos), FOLD_E_NOT_VISIBLE);
    CHECK(strstr(fold_last_error_message(), "row 0 of section \"B\"") != NULL);
    CHECK_EQ_I64(pos, -1);
    CHECK_EQ_I64(items(t), 1); /* was 4: A expanded before B was refused */
    CHECK_EQ_I64(collapsed(t, "A"), 1);
    CHECK_EQ_I64(collapsed(t, "B"), 1);
    CHECK_EQ_I64(l.change_sets, 0);
    /* Both vetoes asked, outermost first, before any change. */
    CHECK_STR(l.text, "will-expand:A will-expand:B");

    /* Refusing the outer one: B is not even asked. */
    reset(&l);
    l.refuse = "A";
    CHECK_STATUS(fold_table_reveal_row(t, B, 2, 1, &pos), FOLD_E_NOT_VISIBLE);
    CHECK_STR(l.text, "will-expand:A");
    CHECK_EQ_I64(items(t), 1);

    /* Allowed: every "will", the changes, every "did", one change set. */
    reset(&l);
    l.refuse = NULL;
    CHECK_STATUS(fold_table_reveal_row(t, B, 2, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 4);
    CHECK_EQ_I64(items(t), 5);
    CHECK_STR(l.text, "will-expand:A will-expand:B did-expand:A did-expand:B changed");
    CHECK_EQ_I64(l.change_sets, 1);

    /* Nothing hidden: nothing asked, nothing reported. */
    reset(&l);
    CHECK_STATUS(fold_table_reveal_row(t, B, 1, 1, &pos), FOLD_OK);
    CHECK_EQ_I64(pos, 3);
    CHECK_STR(l.text, "");
    fold_table_free(t);
}

static int64_t header_asks;

static int header_provider(fold_table *t, fold_section_id id, const char *key, int64_t row,
                           double *out_height, void *user_data)
{
    (void)t;
    (void)id;
    (void)user_data;
    if (row != -1) return 0;
    if (strcmp(key, "a") == 0) header_asks++;
    *out_height = 50;
    return 1;
}

/* Inside a listener the setter is refused and the header stays unmeasured. */
static void header_height_busy(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    int64_t measured = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    CHECK_STATUS(fold_table_set_height_provider(t, FOLD_HEIGHT_HEADER, header_provider, NULL), FOLD_OK);
    l.try_header_height = 1;
    l.busy_status = 12345;
    CHECK_STATUS(fold_table_collapse(t, a, NULL), FOLD_OK);
    CHECK_STATUS(l.busy_status, FOLD_E_BUSY);
    l.try_header_height = 0;
    CHECK_EQ_DBL(info(t, a).header_height, 28);
    /* Still unmeasured: the provider is asked (it was not: the flag was set before the busy check). */
    header_asks = 0;
    CHECK_STATUS(fold_table_measure(t, 0, 500, 0, &measured), FOLD_OK);
    CHECK_EQ_I64(header_asks, 1);
    CHECK_EQ_DBL(info(t, a).header_height, 50);

    /* Outside a listener the same call is accepted. */
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, 40), FOLD_OK);
    CHECK_EQ_DBL(info(t, a).header_height, 40);
    fold_table_free(t);
}

/* collapse_all / expand_all: all vetoes first, then the changes, then the "did" events. */
static void collapse_all_order(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    int64_t changed = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 2);
    add(t, FOLD_ROOT, "b", NULL, 2);
    add(t, FOLD_ROOT, "c", NULL, 0); /* no children: never flips */
    CHECK_STATUS(fold_table_insert_section(t, a, 1, "a1", NULL, 1, 0, NULL), FOLD_OK);
    CHECK_EQ_I64(items(t), 9);

    reset(&l);
    l.refuse = "b";
    CHECK_STATUS(fold_table_collapse_all(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 2);
    CHECK_STR(l.text, "will-collapse:a1 will-collapse:a will-collapse:b "
                      "did-collapse:a1 did-collapse:a changed");
    CHECK_EQ_I64(collapsed(t, "b"), 0);
    CHECK_EQ_I64(items(t), 5); /* a, b + 2 rows, c */

    reset(&l);
    l.refuse = NULL;
    CHECK_STATUS(fold_table_expand_all(t, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 2);
    CHECK_STR(l.text, "will-expand:a1 will-expand:a did-expand:a1 did-expand:a changed");
    CHECK_EQ_I64(items(t), 9);

    /* Every one refused: nothing changes, nothing is reported. */
    reset(&l);
    l.refuse = "b";
    CHECK_STATUS(fold_table_collapse(t, sec(t, "b"), NULL), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_STR(l.text, "will-collapse:b");
    fold_table_free(t);
}

/* Accordion: the displaced row's "will collapse" and the row's "will expand"
 * are asked before either changes; a refusal of either changes nothing. */
static void accordion_order(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    int changed = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 3);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 0, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 2, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_SINGLE), FOLD_OK);
    CHECK_STATUS(fold_table_expand_row(t, a, 0, &changed), FOLD_OK);

    reset(&l);
    l.refuse_key = "a";
    l.refuse_row = 0;
    CHECK_STATUS(fold_table_expand_row(t, a, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STR(l.text, "will-collapse:a/0");
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_EQ_I64(row_expanded(t, a, 0), 1);

    reset(&l);
    l.refuse_row = 2;
    CHECK_STATUS(fold_table_expand_row(t, a, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STR(l.text, "will-collapse:a/0 will-expand:a/2");
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_EQ_I64(row_expanded(t, a, 0), 1);

    reset(&l);
    l.refuse_key = NULL;
    CHECK_STATUS(fold_table_expand_row(t, a, 2, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(l.text, "will-collapse:a/0 will-expand:a/2 did-collapse:a/0 did-expand:a/2 changed");
    fold_table_free(t);
}

/* ---- 8: no-ops report nothing ------------------------------------------ */

static void no_op_setters(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    double hs[3], same[4] = {44, 44, FOLD_HEIGHT_DEFAULT, 44};
    int changed = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 200);
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 30), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 90), FOLD_OK);
    reset(&l);

    /* The same height again, default again, the default's value on a default row. */
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 30), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, top(t, 0), 1, 30), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, a, 5, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_height(t, a, 150, 44), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 1, 90), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 7, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    /* A run: in one explicit chunk, and across default and explicit pieces. */
    hs[0] = 30;
    hs[1] = 44;
    hs[2] = FOLD_HEIGHT_DEFAULT;
    CHECK_STATUS(fold_table_set_row_heights(t, a, 1, 3, hs), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_heights(t, a, 62, 4, same), FOLD_OK);
    /* State setters: already in that state. */
    CHECK_STATUS(fold_table_collapse_row(t, a, 1, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STATUS(fold_table_expand(t, a, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STATUS(fold_table_expand_all(t, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_header(t, a, ""), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_HEADER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_ROW, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_set_section_height(t, a, FOLD_HEIGHT_FOOTER, FOLD_HEIGHT_DEFAULT), FOLD_OK);
    CHECK_STATUS(fold_table_move_row(t, a, 1, a, 1), FOLD_OK); /* a row to its own place */
    CHECK_STATUS(fold_table_move_section(t, a, FOLD_ROOT, 0), FOLD_OK);
    CHECK_STATUS(fold_table_set_collapsible(t, a, 1), FOLD_OK); /* collapsible already */
    CHECK_STATUS(fold_table_set_indicators(t, "+", "\xE2\x80\x93"), FOLD_OK);
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_MULTIPLE), FOLD_OK);
    CHECK_STATUS(fold_table_insert_rows(t, a, 3, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_remove_rows(t, a, 3, 0), FOLD_OK);
    CHECK_STATUS(fold_table_remove_children(t, a, 3, 0), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_STR(l.text, "");

    /* A real change is still reported, once, with one redraw range. */
    CHECK_STATUS(fold_table_set_row_height(t, a, 1, 31), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_redraw, 1);
    CHECK_EQ_I64(l.last_changes, 0);
    /* An expanded height that makes a row expandable is a change (its flags). */
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 9, 100), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 2);
    fold_table_free(t);
}

/* 0.2: a section without children stores its collapsed state (will/did
 * events, its header redrawn, changed 1); a header is redrawn whenever its
 * row count changes, also while its section is collapsed. */
static void empty_and_collapsed_sections(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    int changed = -1;
    fold_section_id e = add(t, FOLD_ROOT, "e", NULL, 0);
    fold_section_id f = add(t, FOLD_ROOT, "f", NULL, 1);
    CHECK_STR(text(t, e, FOLD_TEXT_INDICATOR), ""); /* nothing to collapse yet */

    reset(&l);
    CHECK_STATUS(fold_table_collapse(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_STR(l.text, "will-collapse:e did-collapse:e changed");
    CHECK_EQ_I64(l.last_changes, 0);
    CHECK_EQ_I64(l.last_redraw, 1);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    CHECK_EQ_I64(items(t), 3);
    CHECK_STR(text(t, e, FOLD_TEXT_INDICATOR), "");
    /* Already so: nothing. Refused: nothing either. */
    reset(&l);
    CHECK_STATUS(fold_table_collapse(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STR(l.text, "");
    l.refuse = "e";
    CHECK_STATUS(fold_table_expand(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 0);
    CHECK_STR(l.text, "will-expand:e");
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_EQ_I64(is_collapsed(t, e), 1);
    l.refuse = NULL;

    /* Rows arrive hidden: no item changes, the header is redrawn. */
    reset(&l);
    CHECK_STATUS(fold_table_insert_rows(t, e, 0, 2, NULL), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_changes, 0);
    CHECK_EQ_I64(l.last_redraw, 1);
    CHECK_EQ_I64(items(t), 3);
    CHECK_EQ_I64(row_count(t, e), 2);
    CHECK_STR(text(t, e, FOLD_TEXT_INDICATOR), "+");
    /* Rows leave while collapsed: redrawn again. */
    reset(&l);
    CHECK_STATUS(fold_table_remove_rows(t, e, 0, 1), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_changes, 0);
    CHECK_EQ_I64(l.last_redraw, 1);
    /* In an expanded section: the rows inserted and the header redrawn. */
    reset(&l);
    CHECK_STATUS(fold_table_insert_rows(t, f, 1, 1, NULL), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_changes, 1);
    CHECK_EQ_I64(l.last_redraw, 1);
    /* Expanded, the stored row shows: e + 1 row, f + 2 rows. */
    CHECK_STATUS(fold_table_expand(t, e, &changed), FOLD_OK);
    CHECK_EQ_I64(changed, 1);
    CHECK_EQ_I64(items(t), 5);
    /* Activating an empty section's header toggles its stored state, as
     * fold_table_toggle does. */
    {
        int32_t action = -1;
        int64_t pos = -1;
        fold_section_id g = add(t, FOLD_ROOT, "g", NULL, 0);
        CHECK_STATUS(fold_table_header_position(t, g, &pos), FOLD_OK);
        CHECK_EQ_I64(pos, 5);
        reset(&l);
        CHECK_STATUS(fold_table_activate(t, pos, &action), FOLD_OK);
        CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_COLLAPSED);
        CHECK_STR(l.text, "will-collapse:g did-collapse:g changed");
        CHECK_EQ_I64(is_collapsed(t, g), 1);
        l.refuse = "g";
        CHECK_STATUS(fold_table_activate(t, pos, &action), FOLD_OK);
        CHECK_EQ_I64(action, FOLD_ACTIVATED_REFUSED);
        CHECK_EQ_I64(is_collapsed(t, g), 1);
        l.refuse = NULL;
        CHECK_STATUS(fold_table_activate(t, pos, &action), FOLD_OK);
        CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_EXPANDED);
        CHECK_EQ_I64(is_collapsed(t, g), 0);
    }
    fold_table_free(t);
}

/* ---- sections that are not collapsible --------------------------------- */

/* Everything a refused call must leave as it was. */
typedef struct snapshot {
    int64_t items;
    double content;
    uint32_t flags[4];
    char indicator[4][8];
} snapshot;

static snapshot take(fold_table *t, const fold_section_id *ids, int n)
{
    snapshot s;
    memset(&s, 0, sizeof s);
    s.items = item_count(t);
    CHECK_STATUS(fold_table_content_height(t, &s.content), FOLD_OK);
    for (int i = 0; i < n; i++) {
        const char *ind = text(t, ids[i], FOLD_TEXT_INDICATOR);
        s.flags[i] = info(t, ids[i]).flags;
        snprintf(s.indicator[i], sizeof s.indicator[i], "%s", ind ? ind : "?");
    }
    return s;
}

static void expect_same(const snapshot *a, const snapshot *b, int n)
{
    CHECK_EQ_I64(b->items, a->items);
    CHECK_EQ_DBL(b->content, a->content);
    for (int i = 0; i < n; i++) {
        CHECK_EQ_I64(b->flags[i], a->flags[i]);
        CHECK_STR(b->indicator[i], a->indicator[i]);
    }
}

/* fixed (FIXED, 2 rows), group (NO_HEADER, 2 rows), open (2 rows): collapse
 * and toggle of the first two are refused with FOLD_E_NOT_ALLOWED, change
 * nothing, ask no listener and report nothing; expanding them does nothing. */
static void not_collapsible_refused(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    fold_section_id ids[3] = {0, 0, 0};
    int changed = -1;
    int64_t n = -1, pos = -1;
    fold_item item;
    snapshot before, after;
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "fixed", "Fixed", 2,
                                           FOLD_SECTION_FIXED, &ids[0]), FOLD_OK);
    CHECK_STATUS(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, "group", NULL, 2,
                                           FOLD_SECTION_NO_HEADER, &ids[1]), FOLD_OK);
    ids[2] = add(t, FOLD_ROOT, "open", "Open", 2);
    /* fixed: header + 2 rows; group: 2 rows; open: header + 2 rows. */
    CHECK_EQ_I64(items(t), 8);
    CHECK_EQ_I64(info(t, ids[0]).flags, FOLD_SECTION_FIXED);
    CHECK_EQ_I64(info(t, ids[1]).flags & (FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER |
                                          FOLD_SECTION_COLLAPSIBLE),
                 FOLD_SECTION_FIXED | FOLD_SECTION_NO_HEADER);
    CHECK_EQ_I64(info(t, ids[2]).flags, FOLD_SECTION_COLLAPSIBLE);
    CHECK_STR(text(t, ids[0], FOLD_TEXT_INDICATOR), "");
    CHECK_STR(text(t, ids[1], FOLD_TEXT_INDICATOR), "");
    CHECK_STR(text(t, ids[2], FOLD_TEXT_INDICATOR), "\xE2\x80\x93");
    CHECK_STATUS(fold_table_header_position(t, ids[1], &pos), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_item_at(t, 0, &item), FOLD_OK);
    CHECK_EQ_I64(item.flags & FOLD_ITEM_FLAG_COLLAPSIBLE, 0);
    CHECK_STATUS(fold_table_item_at(t, 5, &item), FOLD_OK);
    CHECK(item.kind == FOLD_ITEM_HEADER && item.section == ids[2]);
    CHECK_EQ_I64(item.flags & FOLD_ITEM_FLAG_COLLAPSIBLE, FOLD_ITEM_FLAG_COLLAPSIBLE);

    before = take(t, ids, 3);
    for (int i = 0; i < 2; i++) {
        reset(&l);
        changed = -1;
        CHECK_STATUS(fold_table_collapse(t, ids[i], &changed), FOLD_E_NOT_ALLOWED);
        CHECK(strstr(fold_last_error_message(), i == 0 ? "\"fixed\"" : "\"group\"") != NULL);
        CHECK_EQ_I64(changed, -1); /* outputs are written only on success */
        CHECK_STATUS(fold_table_toggle(t, ids[i], &changed), FOLD_E_NOT_ALLOWED);
        CHECK_EQ_I64(changed, -1);
        CHECK_STATUS(fold_table_expand(t, ids[i], &changed), FOLD_OK);
        CHECK_EQ_I64(changed, 0);
        CHECK_STR(l.text, "");
        CHECK_EQ_I64(l.change_sets, 0);
        CHECK_EQ_I64(is_collapsed(t, ids[i]), 0);
    }
    /* collapse_all passes them by: only "open" flips. */
    reset(&l);
    CHECK_STATUS(fold_table_collapse_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    CHECK_STR(l.text, "will-collapse:open did-collapse:open changed");
    CHECK_EQ_I64(items(t), 6);
    CHECK_STATUS(fold_table_expand_all(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, 1);
    after = take(t, ids, 3);
    expect_same(&before, &after, 3);

    /* Made fixed while collapsed: refused, nothing changes or is told. */
    CHECK_STATUS(fold_table_collapse(t, ids[2], NULL), FOLD_OK);
    before = take(t, ids, 3);
    reset(&l);
    CHECK_STATUS(fold_table_set_collapsible(t, ids[2], 0), FOLD_E_NOT_ALLOWED);
    CHECK_STR(l.text, "");
    CHECK_EQ_I64(l.change_sets, 0);
    after = take(t, ids, 3);
    expect_same(&before, &after, 3);
    CHECK_EQ_I64(is_collapsed(t, ids[2]), 1);
    /* A section without a header stays fixed; making it fixed again is
     * allowed and changes nothing. */
    CHECK_STATUS(fold_table_set_collapsible(t, ids[1], 1), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_set_collapsible(t, ids[1], 0), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_STR(l.text, "");
    CHECK(info(t, ids[1]).flags & FOLD_SECTION_FIXED);
    /* Expanded, it can be made fixed: its header is redrawn (the indicator
     * goes), and then it refuses a collapse. */
    CHECK_STATUS(fold_table_expand(t, ids[2], NULL), FOLD_OK);
    reset(&l);
    CHECK_STATUS(fold_table_set_collapsible(t, ids[2], 0), FOLD_OK);
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_EQ_I64(l.last_changes, 0);
    CHECK_EQ_I64(l.last_redraw, 1);
    CHECK_STR(text(t, ids[2], FOLD_TEXT_INDICATOR), "");
    CHECK_EQ_I64(info(t, ids[2]).flags, FOLD_SECTION_FIXED);
    CHECK_STATUS(fold_table_toggle(t, ids[2], NULL), FOLD_E_NOT_ALLOWED);
    CHECK_STATUS(fold_table_set_collapsible(t, ids[2], 0), FOLD_OK); /* the same again: nothing */
    CHECK_EQ_I64(l.change_sets, 1);
    CHECK_STR(l.text, "changed");
    /* A fixed section's header does nothing when activated (not a refusal). */
    {
        int32_t action = -1;
        reset(&l);
        CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
        CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
        CHECK_STR(l.text, "");
    }
    fold_table_free(t);
}

/* fold_table_activate: a refused "will" event is FOLD_ACTIVATED_REFUSED,
 * with nothing changed and no change set; allowed, the action done. */
static void activate_refused(void)
{
    log l;
    fold_table *t = new_logged_table(&l);
    int32_t action = -1;
    fold_section_id a = add(t, FOLD_ROOT, "a", NULL, 3);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 0, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_row_expanded_height(t, a, 2, 100), FOLD_OK);

    /* The header: will-collapse refused. */
    reset(&l);
    l.refuse = "a";
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_REFUSED);
    CHECK_STR(l.text, "will-collapse:a");
    CHECK_EQ_I64(is_collapsed(t, a), 0);
    CHECK_EQ_I64(items(t), 4);
    /* A row: will-expand refused. */
    reset(&l);
    l.refuse = NULL;
    l.refuse_key = "a";
    l.refuse_row = 0;
    CHECK_STATUS(fold_table_activate(t, 1, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_REFUSED);
    CHECK_STR(l.text, "will-expand:a/0");
    CHECK_EQ_I64(row_expanded(t, a, 0), 0);
    /* A row that cannot expand: nothing to do, nobody asked. */
    reset(&l);
    CHECK_STATUS(fold_table_activate(t, 2, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_NOTHING);
    CHECK_STR(l.text, "");
    /* Accordion: expanding row 2 would collapse row 0, whose will-collapse
     * is refused: a refusal too. */
    l.refuse_key = NULL;
    CHECK_STATUS(fold_table_expand_row(t, a, 0, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_set_accordion(t, FOLD_ACCORDION_PER_SECTION), FOLD_OK);
    reset(&l);
    l.refuse_key = "a";
    l.refuse_row = 0;
    CHECK_STATUS(fold_table_activate(t, 3, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_REFUSED);
    CHECK_STR(l.text, "will-collapse:a/0");
    CHECK_EQ_I64(l.change_sets, 0);
    CHECK_EQ_I64(row_expanded(t, a, 0), 1);
    CHECK_EQ_I64(row_expanded(t, a, 2), 0);
    /* Allowed: done, and said so. */
    reset(&l);
    l.refuse_key = NULL;
    CHECK_STATUS(fold_table_activate(t, 3, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_ROW_EXPANDED);
    CHECK_STR(l.text, "will-collapse:a/0 will-expand:a/2 did-collapse:a/0 did-expand:a/2 changed");
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_COLLAPSED);
    CHECK_STATUS(fold_table_activate(t, 0, &action), FOLD_OK);
    CHECK_EQ_I64(action, FOLD_ACTIVATED_SECTION_EXPANDED);
    fold_table_free(t);
}

/* ---- 11: messages in words ---------------------------------------------- */

static char messages[64][256];
static int message_count;

/* Runs a failing call, keeps its message. */
static void keep(int status, int expected, const char *what)
{
    const char *m = fold_last_error_message();
    if (!CHECK_STATUS(status, expected)) fprintf(stderr, "  (%s)\n", what);
    if (message_count < 64) snprintf(messages[message_count++], 256, "%s", m);
}

static void messages_in_words(void)
{
    fold_table *t = NULL, *other = NULL;
    int64_t path3[3] = {0, 0, 7}, bad_path[1] = {9}, long_path[40] = {0}, out = 0, pos = 0;
    double bad_heights[2] = {10, -5};
    fold_item item;
    fold_row_info ri;
    fold_section_info si;
    fold_section_id a, b, c, id = 0, gone, foreign;
    int32_t kind = -1;
    char buffer[16];
    int i;
    if ((t = new_table(NULL)) == NULL) return;
    a = add(t, FOLD_ROOT, "a", NULL, 5);
    b = add(t, FOLD_ROOT, "b", NULL, 1);
    c = add(t, FOLD_ROOT, "c", NULL, 0);
    add(t, FOLD_ROOT, "d", NULL, 0);
    CHECK_STATUS(fold_table_insert_section(t, a, 0, "a0", NULL, 2, 0, NULL), FOLD_OK);
    gone = add(t, FOLD_ROOT, "gone", NULL, 1);
    CHECK_STATUS(fold_table_remove_section(t, gone), FOLD_OK);
    if ((other = new_table(NULL)) == NULL) return;
    foreign = add(other, FOLD_ROOT, "a", NULL, 1);
    message_count = 0;

    keep(fold_table_remove_rows(t, a, 5, 1), FOLD_E_RANGE, "one row past the end");
    CHECK_STR(messages[message_count - 1], "row 5 of section \"a\" is out of range (it has 5 rows)");
    keep(fold_table_remove_rows(t, a, 3, 4), FOLD_E_RANGE, "rows past the end");
    CHECK_STR(messages[message_count - 1], "rows 3 to 6 of section \"a\" are out of range (it has 5 rows)");
    keep(fold_table_remove_rows(t, b, 0x7fffffffffffffffLL, 0x7fffffffffffffffLL), FOLD_E_RANGE,
         "huge");
    CHECK_STR(messages[message_count - 1],
              "9223372036854775807 rows from row 9223372036854775807 of section \"b\" are out of range "
              "(it has 1 row)");
    keep(fold_table_remove_rows(t, a, 0, -2), FOLD_E_RANGE, "negative count");
    CHECK_STR(messages[message_count - 1], "row count -2 is out of range (it must be 0 or more)");
    keep(fold_table_child_at(t, FOLD_ROOT, 7, &kind, &id, NULL), FOLD_E_RANGE, "bad section index");
    CHECK_STR(messages[message_count - 1], "section index 7 is out of range (the table has 4 sections)");
    keep(fold_table_insert_section(t, FOLD_ROOT, 9, "x", NULL, 0, 0, NULL), FOLD_E_RANGE,
         "bad insertion index");
    CHECK_STR(messages[message_count - 1],
              "section index 9 is out of range (the table has 4 sections: insert at 0 to 4)");
    keep(fold_table_insert_section(t, a, 8, "x", NULL, 0, 0, NULL), FOLD_E_RANGE, "bad child insertion");
    CHECK_STR(messages[message_count - 1],
              "child index 8 is out of range (section \"a\" has 6 children: insert at 0 to 6)");
    keep(fold_table_insert_rows(t, b, 3, 1, NULL), FOLD_E_RANGE, "bad row insertion");
    CHECK_STR(messages[message_count - 1],
              "child index 3 is out of range (section \"b\" has 1 child: insert at 0 to 1)");
    keep(fold_table_section_at_path(t, path3, 3, &id), FOLD_E_RANGE, "bad path");
    CHECK_STR(messages[message_count - 1], "child index 7 is out of range (section \"a0\" has 2 children)");
    keep(fold_table_section_at_path(t, bad_path, 1, &id), FOLD_E_RANGE, "bad top-level path");
    CHECK_STR(messages[message_count - 1], "section index 9 is out of range (the table has 4 sections)");
    keep(fold_table_section_at_path(t, long_path, 40, &id), FOLD_E_INVALID, "a path through a row");
    CHECK_STR(messages[message_count - 1], "child 0 of section \"a0\" is a row, not a section");
    keep(fold_table_section_at_path(t, long_path, 0, &id), FOLD_E_INVALID, "empty path");
    keep(fold_table_section_at_path(t, long_path, -1, &id), FOLD_E_RANGE, "negative path length");
    keep(fold_table_section_at_path(t, long_path, FOLD_MAX_DEPTH + 1, &id), FOLD_E_RANGE,
         "a path longer than FOLD_MAX_DEPTH");
    keep(fold_table_remove_children(t, a, 4, 3), FOLD_E_RANGE, "children past the end");
    CHECK_STR(messages[message_count - 1],
              "children 4 to 6 of section \"a\" are out of range (it has 6 children)");
    keep(fold_table_remove_children(t, FOLD_ROOT, 4, 1), FOLD_E_RANGE, "section past the end");
    CHECK_STR(messages[message_count - 1], "section 4 is out of range (the table has 4 sections)");
    keep(fold_table_remove_children(t, FOLD_ROOT, 0, -1), FOLD_E_RANGE, "negative child count");
    keep(fold_table_move_section(t, a, FOLD_ROOT, 4), FOLD_E_RANGE, "bad move target");
    CHECK_STR(messages[message_count - 1],
              "target section index 4 is out of range (the table has 3 other sections: move to 0 to 3)");
    keep(fold_table_move_section(t, b, a, 7), FOLD_E_RANGE, "bad move into a");
    keep(fold_table_item_at(t, 99, &item), FOLD_E_RANGE, "bad position");
    CHECK_STR(messages[message_count - 1], "position 99 is out of range (the list has 13 items)");
    keep(fold_table_row_info(t, a, 9, &ri), FOLD_E_RANGE, "bad row");
    keep(fold_table_row_info(t, c, 0, &ri), FOLD_E_RANGE, "row of an empty section");
    CHECK_STR(messages[message_count - 1], "row 0 of section \"c\" is out of range (it has 0 rows)");
    keep(fold_table_set_row_heights(t, a, 0, 2, bad_heights), FOLD_E_INVALID, "bad height");
    keep(fold_table_set_row_height(t, a, 0, 1e300), FOLD_E_INVALID, "huge height");
    keep(fold_table_insert_rows(t, a, 0, -3, NULL), FOLD_E_RANGE, "bad row count");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "y", NULL, -1, 0, NULL), FOLD_E_RANGE,
         "bad section row count");
    keep(fold_table_find_section(t, "nope", &id), FOLD_E_NOT_FOUND, "bad key");
    CHECK(strstr(messages[message_count - 1], "\"nope\"") != NULL);
    keep(fold_table_reveal_row(t, a, 5, 1, &pos), FOLD_E_RANGE, "reveal past the end");
    /* Ids that name no section here: removed, another table's, made up. */
    keep(fold_table_child_count(t, gone, &out), FOLD_E_NOT_FOUND, "a removed section's id");
    CHECK(strstr(messages[message_count - 1], "no section has the id ") == messages[message_count - 1]);
    keep(fold_table_collapse(t, gone, NULL), FOLD_E_NOT_FOUND, "a removed section's id");
    keep(fold_table_section_text(t, gone, FOLD_TEXT_KEY, buffer, sizeof buffer, NULL),
         FOLD_E_NOT_FOUND, "a removed section's id");
    keep(fold_table_section_info(t, foreign, &si), FOLD_E_NOT_FOUND, "another table's id");
    keep(fold_table_insert_rows(t, foreign, 0, 1, NULL), FOLD_E_NOT_FOUND, "another table's id");
    keep(fold_table_remove_section(t, ~(fold_section_id)0), FOLD_E_NOT_FOUND, "a made-up id");
    /* The root where a section is required. */
    keep(fold_table_collapse(t, FOLD_ROOT, NULL), FOLD_E_INVALID, "the root collapsed");
    CHECK_STR(messages[message_count - 1], "FOLD_ROOT names the top level, not a section; pass a section id");
    keep(fold_table_insert_rows(t, FOLD_ROOT, 0, 1, NULL), FOLD_E_INVALID, "rows at the root");
    keep(fold_table_section_info(t, FOLD_ROOT, &si), FOLD_E_INVALID, "the root's info");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "", NULL, 0, 0, NULL), FOLD_E_INVALID, "empty key");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "z", NULL, 0, 64, NULL), FOLD_E_INVALID,
         "an unknown flag");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "z", NULL, 1,
                                   FOLD_SECTION_COLLAPSED | FOLD_SECTION_EXPANDED, NULL),
         FOLD_E_INVALID, "collapsed and expanded");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "z", NULL, 1,
                                   FOLD_SECTION_COLLAPSED | FOLD_SECTION_FIXED, NULL),
         FOLD_E_INVALID, "a fixed section collapsed at insertion");
    keep(fold_table_insert_section(t, FOLD_ROOT, 0, "z", NULL, 1,
                                   FOLD_SECTION_COLLAPSED | FOLD_SECTION_NO_HEADER, NULL),
         FOLD_E_INVALID, "a header-less section collapsed at insertion");
    CHECK_STATUS(fold_table_find_section(t, "z", &id), FOLD_E_NOT_FOUND);
    /* Not collapsible. */
    CHECK_STATUS(fold_table_set_collapsible(t, b, 0), FOLD_OK);
    keep(fold_table_collapse(t, b, NULL), FOLD_E_NOT_ALLOWED, "a fixed section collapsed");
    CHECK(strstr(messages[message_count - 1], "\"b\"") != NULL);
    /* None of the failures changed the table. */
    CHECK_EQ_I64(item_count(t), 13);
    CHECK_EQ_I64(section_count(t), 4);
    CHECK_EQ_I64(row_count(t, a), 5);

    for (i = 0; i < message_count; i++) {
        if (!CHECK(messages[i][0] != '\0' && strstr(messages[i], "..<") == NULL &&
                   strstr(messages[i], "...") == NULL)) {
            fprintf(stderr, "  message %d: \"%s\"\n", i, messages[i]);
        }
    }
    CHECK(message_count >= 43);
    fold_table_free(other);
    fold_table_free(t);
}

int main(void)
{
    reveal_row_refused();
    header_height_busy();
    collapse_all_order();
    accordion_order();
    no_op_setters();
    empty_and_collapsed_sections();
    not_collapsible_refused();
    activate_refused();
    messages_in_words();
    return check_done();
}
