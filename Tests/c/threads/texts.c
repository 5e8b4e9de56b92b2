/*
 * threads/texts.c — 4. section texts read while another thread changes them.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threads.h"

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
void cut(const char *text, size_t capacity, char *out)
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
        error_at(&r->w, __FILE__, __LINE__, "section_text", status);
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
    if (status != FOLD_OK) error_at(&r->w, __FILE__, __LINE__, "indicator", status);
    else if (strcmp(buffer, "+") != 0 && strcmp(buffer, "\xE2\x80\x93") != 0) r->torn++;
    /* The victim's key, by an id another thread may have just removed. */
    id = __atomic_load_n(&victim_id, __ATOMIC_ACQUIRE);
    status = fold_table_section_text(text_table, id, FOLD_TEXT_KEY, buffer, sizeof buffer, &length);
    if (status == FOLD_E_NOT_FOUND) {
        r->stale_seen++;
        if (strstr(fold_last_error_message(), "no section has the id") == NULL)
            error_at(&r->w, __FILE__, __LINE__, "the stale id's message", status);
    } else if (status != FOLD_OK) {
        error_at(&r->w, __FILE__, __LINE__, "victim key", status);
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

void test_texts_while_changing(void)
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
