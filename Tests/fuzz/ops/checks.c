/*
 * ops/checks.c — part of fuzz_ops.c (included there, one translation unit): what every call must satisfy without a model: documented
 * statuses, a failed call changes nothing (fingerprints), invariants.
 */

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
           st == FOLD_E_NOT_ALLOWED || st == FOLD_E_CANCELLED;
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

/* Structure versions of the table under test, as every call and callback
 * sees them: they never go back, and a failed call that moved the version
 * moved it past every value its callbacks saw, so no value names two
 * shapes (issue 33). */
static const fold_table *version_table = NULL;
static uint64_t version_high = 0;

static void version_start(const fold_table *t)
{
    version_table = t;
    version_high = 0;
}

static void version_note(const fold_table *t, uint64_t v, int line)
{
    if (t != version_table) return;
    if (v < version_high) die("the structure version went back", line, (int)(version_high - v));
    version_high = v;
}

typedef struct fingerprint {
    int64_t items, sections, top_sections, expanded;
    double content, voffset, vheight;
    int32_t accordion, sticky;
    int vset;
    /* Selection and filter: counts, and whether a filter is on. */
    int64_t selected_rows, selected_sections, matches;
    int filtering;
    uint64_t structure; /* fold_table_structure_version */
    uint64_t high_before; /* the highest version seen before this one */
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
    fold_table_selection_count(t, FOLD_ROOT, &f->selected_rows, &f->selected_sections);
    fold_table_match_count(t, FOLD_ROOT, &f->matches, NULL);
    fold_table_filter_info(t, &f->filtering, NULL);
    fold_table_structure_version(t, &f->structure);
    f->high_before = version_high;
    version_note(t, f->structure, __LINE__);
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
           a->sticky == b->sticky && a->vset == b->vset && a->selected_rows == b->selected_rows &&
           a->selected_sections == b->selected_sections && a->matches == b->matches &&
           a->filtering == b->filtering &&
           /* The same version, or one past every value seen before. */
           (a->structure == b->structure || b->structure > b->high_before) &&
           (!a->vset || (same_double(a->voffset, b->voffset) && same_double(a->vheight, b->vheight)));
}

/* Whether `s` is `within` or lies below it. */
static int lies_within(const fold_table *t, fold_section_id s, fold_section_id within)
{
    fold_section_info si;
    int depth = 0;
    while (s != FOLD_ROOT && depth++ < 80) {
        if (s == within) return 1;
        if (fold_table_section_info(t, s, &si) != FOLD_OK) return 0;
        s = si.parent;
    }
    return within == FOLD_ROOT;
}

/* The selected rows and sections below `within` (not itself), counted by
 * fold_table_selection_count before any other query (issue 33: it answered
 * from marks pending above the section) and then from the listed runs. */
static void check_section_selection(const fold_table *t, fold_section_id within)
{
    int64_t rows = -1, sections = -1, n = -1, k, want_rows = 0, want_sections = 0;
    fold_selected_run *runs = NULL;
    int st = fold_table_selection_count(t, within, &rows, &sections);
    if (st != FOLD_OK) return;  /* a section the fuzzer removed */
    if (fold_table_selection(t, &runs, &n) != FOLD_OK) return;
    if (n > 4096) {  /* a huge selection: not worth walking here */
        fold_free(runs);
        return;
    }
    for (k = 0; k < n; k++) {
        if (runs[k].row >= 0) {
            if (lies_within(t, runs[k].section, within)) want_rows += runs[k].count;
        } else if (runs[k].section != within && lies_within(t, runs[k].section, within)) {
            want_sections += 1;
        }
    }
    fold_free(runs);
    if (rows != want_rows || sections != want_sections) {
        fprintf(stderr, "selection_count: %lld rows, %lld sections; the runs listed: %lld, %lld\n",
                (long long)rows, (long long)sections, (long long)want_rows, (long long)want_sections);
        die("a section's selection count disagrees with the selection", __LINE__, st);
    }
}

static void invariants(const fold_table *t)
{
    int64_t count = -1, written = -1, total = -1, pos = -9;
    int32_t place = -9;
    double content = -1;
    fold_item item;
    fold_section_info si;
    int st;
    {
        /* First, before anything reads the selection: the counts of the
         * last top-level section and of its first child section. */
        int64_t n = 0, row = -1;
        int32_t kind = -1;
        fold_section_id top = FOLD_ROOT, sub = FOLD_ROOT;
        if (fold_table_child_count(t, FOLD_ROOT, &n) == FOLD_OK && n > 0 &&
            fold_table_child_at(t, FOLD_ROOT, n - 1, &kind, &top, &row) == FOLD_OK) {
            int64_t i, m = 0;
            fold_table_child_count(t, top, &m);
            for (i = 0; i < m && i < 64 && sub == FOLD_ROOT; i++) {
                if (fold_table_child_at(t, top, i, &kind, &sub, &row) != FOLD_OK || kind != FOLD_CHILD_SECTION) {
                    sub = FOLD_ROOT;
                }
            }
            if (sub != FOLD_ROOT) check_section_selection(t, sub);
            check_section_selection(t, top);
        }
    }
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
