/*
 * Threads (foldtable.h: "Thread safety: a fold_table serializes its own
 * calls ... Different tables are independent." and the thread-local
 * fold_last_error_message()).
 *
 * 1. Four threads hammer one table with toggles in pairs, collapse/expand,
 *    queries, and row inserts followed by removes that cancel out; afterwards
 *    the table must equal what a model says (row counts, item count, every
 *    item, content height).
 * 2. Four threads each build and check their own table.
 * 3. The last-error message is per thread.
 * 4. Section texts read by several threads while another changes the
 *    headers, toggles the section (its indicator) and removes and re-adds
 *    a section: every text read is one whole text that was there (copied
 *    under the lock, never torn), cut at a UTF-8 boundary in a small buffer.
 * 5. Ids of sections another thread removed are FOLD_E_NOT_FOUND: while
 *    it removes them (racing readers get the text or FOLD_E_NOT_FOUND,
 *    nothing else) and after (every call with such an id).
 *
 * Worker threads never call the CHECK macros (the counters are not
 * synchronized); they count their own errors, which main() checks.
 * scripts/sanitize thread runs this under ThreadSanitizer.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

#define THREADS 4
#define ITERATIONS 20000
#define SECTIONS 8
#define TOGGLED 6 /* sections 0..5 are only toggled in pairs */
#define ROWS 5

typedef struct worker {
    int id;
    fold_table *table;
    uint64_t rng;
    long errors;
    char first_error[256];
    int fresh_message_empty; /* fold_last_error_message() was "" at start */
} worker;

static uint64_t next_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int64_t below(worker *w, int64_t n) { return (int64_t)(next_rand(&w->rng) % (uint64_t)n); }

static void error_at(worker *w, int line, const char *what, int status)
{
    if (w->errors++ == 0) {
        sprintf(w->first_error, "thread %d, line %d: %s returned %d (%s)", w->id, line, what,
                status, fold_status_name(status));
    }
}

/* Records an error unless `status` is one of the two allowed ones. */
#define EXPECT2(w, call, ok1, ok2)                         \
    do {                                                   \
        int status_ = (call);                              \
        if (status_ != (ok1) && status_ != (ok2)) {        \
            error_at((w), __LINE__, #call, status_);       \
        }                                                  \
    } while (0)
#define EXPECT(w, call, ok) EXPECT2(w, call, ok, ok)
#define EXPECT_TRUE(w, cond)                               \
    do {                                                   \
        if (!(cond)) {                                     \
            error_at((w), __LINE__, #cond, 0);             \
        }                                                  \
    } while (0)

/* ---- 1. one shared table --------------------------------------------- */

/* The shared table's sections "s0".."s7" by index, and the id of a section
 * removed before the threads start; set by main() before any thread. */
static fold_section_id shared_ids[SECTIONS];
static fold_section_id removed_id;

static int shared_index(fold_section_id id)
{
    for (int i = 0; i < SECTIONS; i++)
        if (shared_ids[i] == id) return i;
    return -1;
}

static void queries(worker *w)
{
    fold_table *t = w->table;
    int64_t n = -1, pos = -1, written = -1, total = -1;
    int32_t place = -1;
    double h = -1;
    fold_item item;
    fold_visible_item vis[16];
    char text_buffer[16];
    size_t length = 0;
    fold_section_state *states = NULL;
    fold_section_info si;
    fold_section_id id = 0;

    EXPECT(w, fold_table_item_count(t, &n), FOLD_OK);
    /* Between 8 headers and every row of every section plus a few being
     * inserted by the other threads. */
    EXPECT_TRUE(w, n >= SECTIONS && n <= SECTIONS + SECTIONS * ROWS + THREADS * 3);
    {
        /* The list changes under us: a position may be past the end. */
        int status = fold_table_item_at(t, below(w, 40), &item);
        EXPECT_TRUE(w, status == FOLD_OK || status == FOLD_E_RANGE);
        if (status == FOLD_OK) {
            EXPECT_TRUE(w, item.kind == FOLD_ITEM_HEADER || item.kind == FOLD_ITEM_ROW);
            EXPECT_TRUE(w, shared_index(item.section) >= 0);
        }
    }
    EXPECT2(w, fold_table_item_top(t, below(w, 40), &h), FOLD_OK, FOLD_E_RANGE);
    EXPECT(w, fold_table_content_height(t, &h), FOLD_OK);
    EXPECT_TRUE(w, h >= SECTIONS * 28);
    EXPECT(w, fold_table_item_at_offset(t, (double)below(w, 2000), &pos, &place), FOLD_OK);
    EXPECT_TRUE(w, pos >= 0 && place >= FOLD_OFFSET_IN_ITEM && place <= FOLD_OFFSET_BELOW);
    EXPECT(w, fold_table_visible_items(t, (double)below(w, 1500), 300, below(w, 3), vis, 16,
                                       &written, &total),
           FOLD_OK);
    EXPECT_TRUE(w, written >= 0 && written <= 16 && total >= written);
    EXPECT(w, fold_table_section_states(t, &states, &n), FOLD_OK);
    EXPECT_TRUE(w, n == SECTIONS && states != NULL);
    EXPECT_TRUE(w, states != NULL && states[3].section == shared_ids[3] &&
                       strcmp(states[3].key, "s3") == 0);
    fold_free(states);
    /* Every section has rows: its indicator is "+" or the en dash. */
    EXPECT(w, fold_table_section_text(t, shared_ids[below(w, SECTIONS)], FOLD_TEXT_INDICATOR,
                                      text_buffer, sizeof text_buffer, &length),
           FOLD_OK);
    EXPECT_TRUE(w, strcmp(text_buffer, "+") == 0 || strcmp(text_buffer, "\xE2\x80\x93") == 0);
    EXPECT(w, fold_table_find_section(t, "s3", &id), FOLD_OK);
    EXPECT_TRUE(w, id == shared_ids[3]);
    EXPECT(w, fold_table_section_info(t, id, &si), FOLD_OK);
    EXPECT_TRUE(w, si.row_count >= ROWS && si.index == 3 && si.parent == FOLD_ROOT);
    EXPECT(w, fold_table_header_position(t, shared_ids[below(w, SECTIONS)], &pos), FOLD_OK);
    EXPECT2(w, fold_table_row_position(t, shared_ids[below(w, SECTIONS)], 0, &pos), FOLD_OK,
            FOLD_E_NOT_VISIBLE);
}

static void *shared_worker(void *arg)
{
    worker *w = (worker *)arg;
    fold_table *t = w->table;
    int i;
    char key[8];

    w->fresh_message_empty = strcmp(fold_last_error_message(), "") == 0;
    for (i = 0; i < ITERATIONS; i++) {
        int64_t s = below(w, TOGGLED);
        int64_t r = below(w, SECTIONS);
        int64_t k = 1 + below(w, 3);
        int changed = -1;
        int by_key = (int)below(w, 2);
        fold_section_id id = 0;
        int32_t kind = -1;
        sprintf(key, "s%d", (int)s);

        /* A toggle of a section with rows always flips it; its id is
         * found by key or by index, the same either way. */
        if (by_key) {
            EXPECT(w, fold_table_find_section(t, key, &id), FOLD_OK);
        } else {
            EXPECT(w, fold_table_child_at(t, FOLD_ROOT, s, &kind, &id, NULL), FOLD_OK);
            EXPECT_TRUE(w, kind == FOLD_CHILD_SECTION);
        }
        EXPECT_TRUE(w, id == shared_ids[s]);
        EXPECT(w, fold_table_toggle(t, id, &changed), FOLD_OK);
        EXPECT_TRUE(w, changed == 1);

        /* Rows in, queries, rows out: each section keeps at least ROWS
         * default-height rows, so the removal always succeeds. */
        EXPECT(w, fold_table_insert_rows(t, shared_ids[r], below(w, ROWS + 1), k, NULL), FOLD_OK);
        queries(w);
        EXPECT(w, fold_table_remove_rows(t, shared_ids[r], 0, k), FOLD_OK);

        /* Sections 6 and 7: plain collapse/expand, any outcome. */
        if (below(w, 2)) {
            EXPECT(w, fold_table_collapse(t, shared_ids[6 + below(w, 2)], NULL), FOLD_OK);
        } else {
            EXPECT(w, fold_table_find_section(t, below(w, 2) ? "s6" : "s7", &id), FOLD_OK);
            EXPECT(w, fold_table_expand(t, id, NULL), FOLD_OK);
        }

        /* The second toggle of the pair. */
        changed = -1;
        EXPECT(w, fold_table_toggle(t, shared_ids[s], &changed), FOLD_OK);
        EXPECT_TRUE(w, changed == 1);

        /* A failure sets this thread's message only. */
        if (i % 64 == 0) {
            EXPECT(w, fold_table_remove_section(t, removed_id), FOLD_E_NOT_FOUND);
            EXPECT_TRUE(w, fold_last_error_message()[0] != '\0');
            EXPECT(w, fold_table_remove_section(t, FOLD_ROOT), FOLD_E_INVALID);
        }
    }
    return NULL;
}

static void check_shared_table(fold_table *t)
{
    int64_t i, r, n = -1, expected_items = 0, pos = 0;
    double top = 0, h = -1;
    int collapsed[SECTIONS];

    (void)n;
    for (i = 0; i < SECTIONS; i++) {
        CHECK_EQ_I64(row_count(t, shared_ids[i]), ROWS);
        {
            fold_section_id id = 0;
            int32_t kind = -1;
            CHECK_STATUS(fold_table_child_at(t, FOLD_ROOT, i, &kind, &id, NULL), FOLD_OK);
            CHECK(kind == FOLD_CHILD_SECTION && id == shared_ids[i]);
        }
        collapsed[i] = is_collapsed(t, shared_ids[i]);
        if (i < TOGGLED) {
            CHECK_EQ_I64(collapsed[i], 0); /* an even number of flips */
        }
        expected_items += 1 + (collapsed[i] ? 0 : ROWS);
    }
    CHECK_STATUS(fold_table_item_count(t, &n), FOLD_OK);
    CHECK_EQ_I64(n, expected_items);
    /* Every item where the model puts it. */
    for (i = 0; i < SECTIONS; i++) {
        fold_item item;
        CHECK_STATUS(fold_table_item_at(t, pos, &item), FOLD_OK);
        CHECK_EQ_I64(item.kind, FOLD_ITEM_HEADER);
        CHECK(item.section == shared_ids[i]);
        CHECK_STATUS(fold_table_item_top(t, pos, &h), FOLD_OK);
        CHECK_EQ_DBL(h, top);
        pos++;
        top += 28;
        if (!collapsed[i]) {
            for (r = 0; r < ROWS; r++) {
                CHECK_STATUS(fold_table_item_at(t, pos, &item), FOLD_OK);
                fold_row_info ri;
                CHECK_EQ_I64(item.kind, FOLD_ITEM_ROW);
                CHECK(item.section == shared_ids[i]);
                CHECK_EQ_I64(item.row, r);
                CHECK_STATUS(fold_table_item_top(t, pos, &h), FOLD_OK);
                CHECK_EQ_DBL(h, top);
                CHECK_STATUS(fold_table_row_info(t, shared_ids[i], r, &ri), FOLD_OK);
                CHECK_EQ_DBL(ri.height, 44);
                pos++;
                top += 44;
            }
        }
    }
    CHECK_STATUS(fold_table_content_height(t, &h), FOLD_OK);
    CHECK_EQ_DBL(h, top);
}

static void test_shared_table(void)
{
    fold_table *t = NULL;
    pthread_t threads[THREADS];
    worker workers[THREADS];
    int i;
    char key[8];

    t = new_table(NULL);
    if (t == NULL) {
        return;
    }
    for (i = 0; i < SECTIONS; i++) {
        sprintf(key, "s%d", i);
        shared_ids[i] = add(t, FOLD_ROOT, key, key, ROWS);
    }
    removed_id = add(t, FOLD_ROOT, "removed", NULL, 1);
    CHECK_STATUS(fold_table_remove_section(t, removed_id), FOLD_OK);
    /* Make this thread's message non-empty: the workers must not see it. */
    CHECK_STATUS(fold_table_remove_section(t, removed_id), FOLD_E_NOT_FOUND);
    CHECK(fold_last_error_message()[0] != '\0');

    for (i = 0; i < THREADS; i++) {
        memset(&workers[i], 0, sizeof workers[i]);
        workers[i].id = i;
        workers[i].table = t;
        workers[i].rng = 0xC0FFEEULL + (uint64_t)i * 7919;
        CHECK_EQ_I64(pthread_create(&threads[i], NULL, shared_worker, &workers[i]), 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ_I64(pthread_join(threads[i], NULL), 0);
        if (!CHECK_EQ_I64(workers[i].errors, 0)) {
            fprintf(stderr, "  first error: %s\n", workers[i].first_error);
        }
        CHECK(workers[i].fresh_message_empty);
    }
    check_shared_table(t);
    fold_table_free(t);
}

/* ---- 2. one table per thread ------------------------------------------ */

static void *own_table_worker(void *arg)
{
    worker *w = (worker *)arg;
    fold_table *t = NULL;
    int64_t rows[16];
    int collapsed[16];
    fold_section_id ids[16];
    int64_t nsec = 0, i, n = -1, expected;
    int op;
    char key[16];
    double h = -1, expected_h;

    EXPECT(w, fold_table_new(NULL, &t), FOLD_OK);
    if (t == NULL) {
        return NULL;
    }
    for (op = 0; op < ITERATIONS / 4; op++) {
        int64_t k = below(w, 6);
        if ((k == 0 && nsec < 16) || nsec == 0) {
            /* Keys may repeat across threads: tables are independent. */
            sprintf(key, "k%d", op);
            rows[nsec] = below(w, 6);
            collapsed[nsec] = 0;
            ids[nsec] = 0;
            EXPECT(w, fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, key, "Title|Detail",
                                                rows[nsec], 0, &ids[nsec]),
                   FOLD_OK);
            nsec++;
        } else if (k == 1) {
            int64_t s = below(w, nsec);
            fold_section_id gone = ids[s];
            EXPECT(w, fold_table_remove_section(t, gone), FOLD_OK);
            EXPECT(w, fold_table_remove_section(t, gone), FOLD_E_NOT_FOUND);
            for (i = s; i < nsec - 1; i++) {
                rows[i] = rows[i + 1];
                collapsed[i] = collapsed[i + 1];
                ids[i] = ids[i + 1];
            }
            nsec--;
        } else if (k == 2) {
            int64_t s = below(w, nsec), c = below(w, 4);
            EXPECT(w, fold_table_insert_rows(t, ids[s], 0, c, NULL), FOLD_OK);
            rows[s] += c;
        } else if (k == 3) {
            int64_t s = below(w, nsec), c = below(w, rows[s] + 1);
            EXPECT(w, fold_table_remove_rows(t, ids[s], 0, c), FOLD_OK);
            rows[s] -= c;
        } else {
            /* 0.2: a section without rows stores the state too (it used to
             * stay as it was, changed 0). */
            int64_t s = below(w, nsec);
            int changed = -1;
            EXPECT(w, fold_table_toggle(t, ids[s], &changed), FOLD_OK);
            EXPECT_TRUE(w, changed == 1);
            collapsed[s] = !collapsed[s];
        }
        expected = 0;
        expected_h = 0;
        for (i = 0; i < nsec; i++) {
            expected += 1 + (collapsed[i] ? 0 : rows[i]);
            expected_h += 28 + (collapsed[i] ? 0 : 44 * (double)rows[i]);
        }
        EXPECT(w, fold_table_item_count(t, &n), FOLD_OK);
        EXPECT_TRUE(w, n == expected);
        EXPECT(w, fold_table_content_height(t, &h), FOLD_OK);
        EXPECT_TRUE(w, h == expected_h);
    }
    fold_table_free(t);
    return NULL;
}

static void test_own_tables(void)
{
    pthread_t threads[THREADS];
    worker workers[THREADS];
    int i;
    for (i = 0; i < THREADS; i++) {
        memset(&workers[i], 0, sizeof workers[i]);
        workers[i].id = i;
        workers[i].rng = 0xBADC0DEULL + (uint64_t)i * 104729;
        CHECK_EQ_I64(pthread_create(&threads[i], NULL, own_table_worker, &workers[i]), 0);
    }
    for (i = 0; i < THREADS; i++) {
        CHECK_EQ_I64(pthread_join(threads[i], NULL), 0);
        if (!CHECK_EQ_I64(workers[i].errors, 0)) {
            fprintf(stderr, "  first error: %s\n", workers[i].first_error);
        }
    }
}

/* ---- 4. section texts while another thread changes them ----------------- */

#define TEXT_READERS 3
#define TEXT_READS 20000
#define TEXT_CHANGES 6000

/* The headers the changer cycles through: a long one (100 two-byte
 * characters, then a detail of 60 bytes), one with a detail, one without. */
static char long_header[512];
static const char *header_texts[3];

static fold_table *text_table;
static fold_section_id text_id;              /* key "text", always there */
static fold_section_id victim_id;            /* key "victim": removed and re-added; atomic */
static fold_section_id victims[TEXT_CHANGES + 1]; /* every id "victim" had, in order */
static int64_t victim_count;
static int changer_done;                     /* atomic */

/* The text `which` of header h ("" for no detail, NULL if it has none). */
static const char *part_of(int h, int32_t which, char *out, size_t capacity)
{
    const char *text = header_texts[h], *bar = strchr(text, '|');
    if (which == FOLD_TEXT_HEADER) {
        snprintf(out, capacity, "%s", text);
    } else if (which == FOLD_TEXT_TITLE) {
        size_t n = bar ? (size_t)(bar - text) : strlen(text);
        snprintf(out, capacity, "%.*s", (int)n, text);
    } else {
        if (bar == NULL) return NULL;
        snprintf(out, capacity, "%s", bar + 1);
    }
    return out;
}

/* The first bytes of `text` that fit in `capacity` - 1 without cutting a
 * UTF-8 character. */
static void cut(const char *text, size_t capacity, char *out)
{
    size_t n = strlen(text);
    if (n > capacity - 1) {
        n = capacity - 1;
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80) n--;
    }
    memcpy(out, text, n);
    out[n] = '\0';
}

typedef struct reader {
    worker w;
    long reads, torn, cut_wrong, stale_seen, victim_read;
} reader;

/* One read of a header text: whole (a 512-byte buffer) or cut (7 bytes). It
 * must be the same part of one of the three headers, and the length must
 * be that text's. */
static void read_header_text(reader *r)
{
    static const int32_t parts[3] = {FOLD_TEXT_HEADER, FOLD_TEXT_TITLE, FOLD_TEXT_DETAIL};
    int32_t which = parts[below(&r->w, 3)];
    int small = (int)below(&r->w, 2);
    char buffer[512], expect[512], want[512];
    size_t capacity = small ? 7 : sizeof buffer, length = 0;
    int status, matched = 0;
    memset(buffer, 'Z', sizeof buffer);
    status = fold_table_section_text(text_table, text_id, which, buffer, capacity, &length);
    r->reads++;
    if (status == FOLD_E_NOT_FOUND && which == FOLD_TEXT_DETAIL) {
        return; /* the header without '|' */
    }
    if (status != FOLD_OK) {
        error_at(&r->w, __LINE__, "section_text", status);
        return;
    }
    for (int h = 0; h < 3 && !matched; h++) {
        if (part_of(h, which, expect, sizeof expect) == NULL || strlen(expect) != length) continue;
        cut(expect, capacity, want);
        if (strcmp(buffer, want) == 0) matched = 1;
        else r->cut_wrong += small;
    }
    if (!matched) r->torn++;
}

static void read_other_text(reader *r)
{
    char buffer[16];
    size_t length = 0;
    fold_section_id id;
    int status;
    /* The indicator: the section always has rows. */
    status = fold_table_section_text(text_table, text_id, FOLD_TEXT_INDICATOR, buffer, sizeof buffer,
                                     &length);
    r->reads++;
    if (status != FOLD_OK) error_at(&r->w, __LINE__, "indicator", status);
    else if (strcmp(buffer, "+") != 0 && strcmp(buffer, "\xE2\x80\x93") != 0) r->torn++;
    /* The victim's key, by an id another thread may have just removed. */
    id = __atomic_load_n(&victim_id, __ATOMIC_ACQUIRE);
    status = fold_table_section_text(text_table, id, FOLD_TEXT_KEY, buffer, sizeof buffer, &length);
    if (status == FOLD_E_NOT_FOUND) {
        r->stale_seen++;
        if (strstr(fold_last_error_message(), "no section has the id") == NULL)
            error_at(&r->w, __LINE__, "the stale id's message", status);
    } else if (status != FOLD_OK) {
        error_at(&r->w, __LINE__, "victim key", status);
    } else if (strcmp(buffer, "victim") != 0 || length != 6) {
        r->torn++;
    } else {
        r->victim_read++;
    }
}

static void *text_reader(void *arg)
{
    reader *r = arg;
    for (long i = 0; i < TEXT_READS; i++) {
        if (below(&r->w, 4) == 0) read_other_text(r);
        else read_header_text(r);
    }
    return NULL;
}

/* Changes the header, toggles the section, moves rows around it and
 * replaces the victim section, over and over. */
static void *text_changer(void *arg)
{
    worker *w = arg;
    fold_section_id other = 0;
    EXPECT(w, fold_table_find_section(text_table, "other", &other), FOLD_OK);
    for (long i = 0; i < TEXT_CHANGES; i++) {
        fold_section_id next = 0, gone = __atomic_load_n(&victim_id, __ATOMIC_ACQUIRE);
        /* The readers may use the removed id until the next is published. */
        EXPECT(w, fold_table_remove_section(text_table, gone), FOLD_OK);
        EXPECT(w, fold_table_set_section_header(text_table, text_id, header_texts[i % 3]), FOLD_OK);
        EXPECT(w, fold_table_toggle(text_table, text_id, NULL), FOLD_OK);
        EXPECT(w, fold_table_insert_rows(text_table, other, 0, 1 + below(w, 3), NULL), FOLD_OK);
        EXPECT(w, fold_table_remove_rows(text_table, other, 0, 1), FOLD_OK);
        EXPECT(w, fold_table_insert_section(text_table, FOLD_ROOT, below(w, 3), "victim", "V", 1, 0,
                                            &next),
               FOLD_OK);
        EXPECT_TRUE(w, next != gone && next != 0);
        victims[++victim_count] = next;
        __atomic_store_n(&victim_id, next, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&changer_done, 1, __ATOMIC_RELEASE);
    return NULL;
}

static void test_texts_while_changing(void)
{
    pthread_t readers_t[TEXT_READERS], changer_t;
    reader readers[TEXT_READERS];
    worker changer;
    long reads = 0, stale = 0, victim_reads = 0;
    size_t n = 0;
    int i;
    for (i = 0; i < 100; i++) n += (size_t)sprintf(long_header + n, "\xC3\xA4");
    long_header[n++] = '|';
    for (i = 0; i < 60; i++) long_header[n++] = 'x';
    long_header[n] = '\0';
    header_texts[0] = long_header;
    header_texts[1] = "Title|Detail";
    header_texts[2] = "NoDetail";

    text_table = new_table(NULL);
    if (text_table == NULL) return;
    add(text_table, FOLD_ROOT, "other", NULL, 5);
    text_id = add(text_table, FOLD_ROOT, "text", header_texts[1], 3);
    victim_id = victims[0] = add(text_table, FOLD_ROOT, "victim", "V", 1);
    victim_count = 0;
    changer_done = 0;

    memset(&changer, 0, sizeof changer);
    changer.id = 99;
    changer.rng = 0x7E47ULL;
    for (i = 0; i < TEXT_READERS; i++) {
        memset(&readers[i], 0, sizeof readers[i]);
        readers[i].w.id = 10 + i;
        readers[i].w.rng = 0x8EADULL + (uint64_t)i * 31;
        CHECK_EQ_I64(pthread_create(&readers_t[i], NULL, text_reader, &readers[i]), 0);
    }
    CHECK_EQ_I64(pthread_create(&changer_t, NULL, text_changer, &changer), 0);
    CHECK_EQ_I64(pthread_join(changer_t, NULL), 0);
    for (i = 0; i < TEXT_READERS; i++) {
        CHECK_EQ_I64(pthread_join(readers_t[i], NULL), 0);
        if (!CHECK_EQ_I64(readers[i].w.errors, 0))
            fprintf(stderr, "  first error: %s\n", readers[i].w.first_error);
        CHECK_EQ_I64(readers[i].torn, 0);
        CHECK_EQ_I64(readers[i].cut_wrong, 0);
        reads += readers[i].reads;
        stale += readers[i].stale_seen;
        victim_reads += readers[i].victim_read;
    }
    if (!CHECK_EQ_I64(changer.errors, 0)) fprintf(stderr, "  first error: %s\n", changer.first_error);
    CHECK(reads >= (long)TEXT_READERS * TEXT_READS);
    CHECK_EQ_I64(victim_count, TEXT_CHANGES);

    /* After the threads: the last header, and every id the victim had but
     * the last is gone for every kind of call. */
    CHECK_STR(text(text_table, text_id, FOLD_TEXT_HEADER), header_texts[(TEXT_CHANGES - 1) % 3]);
    CHECK_EQ_I64(is_collapsed(text_table, text_id), TEXT_CHANGES % 2);
    CHECK(sec(text_table, "victim") == victims[victim_count]);
    CHECK_EQ_I64(section_count(text_table), 3);
    for (int64_t v = 0; v < victim_count; v += 97) {
        fold_section_info si;
        char buffer[8];
        CHECK_STATUS(fold_table_section_text(text_table, victims[v], FOLD_TEXT_KEY, buffer, sizeof buffer,
                                             NULL),
                     FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_section_info(text_table, victims[v], &si), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_collapse(text_table, victims[v], NULL), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_insert_rows(text_table, victims[v], 0, 1, NULL), FOLD_E_NOT_FOUND);
        CHECK_STATUS(fold_table_remove_section(text_table, victims[v]), FOLD_E_NOT_FOUND);
    }
    CHECK_EQ_I64(row_count(text_table, victims[victim_count]), 1);
    printf("texts: %ld reads by %d threads; the victim read %ld times, gone %ld times\n", reads,
           TEXT_READERS, victim_reads, stale);
    fold_table_free(text_table);
}

/* ---- 5. an id removed by another thread --------------------------------- */

typedef struct handoff {
    fold_table *table;
    fold_section_id id;
    int remove_status;
    int later_status; /* the same id used again on that thread */
} handoff;

static void *remove_on_thread(void *arg)
{
    handoff *h = arg;
    h->remove_status = fold_table_remove_section(h->table, h->id);
    h->later_status = fold_table_collapse(h->table, h->id, NULL);
    return NULL;
}

static void test_id_removed_by_another_thread(void)
{
    fold_table *t = new_table(NULL);
    handoff h;
    pthread_t th;
    fold_section_id parent, child = 0, again;
    fold_row_info ri;
    char buffer[8];
    if (t == NULL) return;
    parent = add(t, FOLD_ROOT, "handoff", "Handoff", 2);
    CHECK_STATUS(fold_table_insert_section(t, parent, 1, "inside", NULL, 1, 0, &child), FOLD_OK);
    memset(&h, 0, sizeof h);
    h.table = t;
    h.id = parent;
    CHECK_EQ_I64(pthread_create(&th, NULL, remove_on_thread, &h), 0);
    CHECK_EQ_I64(pthread_join(th, NULL), 0);
    CHECK_STATUS(h.remove_status, FOLD_OK);
    CHECK_STATUS(h.later_status, FOLD_E_NOT_FOUND);
    /* Here, the section and its subsection are gone by id and by key. */
    CHECK_STATUS(fold_table_section_text(t, parent, FOLD_TEXT_KEY, buffer, sizeof buffer, NULL),
                 FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_row_info(t, parent, 0, &ri), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_toggle(t, child, NULL), FOLD_E_NOT_FOUND);
    CHECK_STATUS(fold_table_find_section(t, "inside", &again), FOLD_E_NOT_FOUND);
    /* The key again: a new id; the old one stays gone. */
    again = add(t, FOLD_ROOT, "handoff", NULL, 1);
    CHECK(again != parent && again != child && again != 0);
    CHECK_STATUS(fold_table_expand(t, parent, NULL), FOLD_E_NOT_FOUND);
    CHECK(sec(t, "handoff") == again);
    fold_table_free(t);
}

int main(void)
{
    test_shared_table();
    test_own_tables();
    test_texts_while_changing();
    test_id_removed_by_another_thread();
    return check_done();
}
