/*
 * memory_need — the memory a snapshot, a finished load or an import needs,
 * through the C header, for the figures in foldtable.h ("Memory") and the
 * estimate the library checks before it builds anything.
 *
 *   memory_need                  N = 10^5 (sections, or saved entries)
 *   memory_need --n N            another N
 *   memory_need --smoke          N = 2000, and fewer steps (CI: it runs, no
 *                                call dies under any bound it tries)
 *
 * For each case it prints, per section (or per saved entry, or per row):
 *   - stays: the bytes allocated over the call and not freed (the table
 *     kept);
 *   - peak: the most bytes allocated at once during the call beyond what
 *     was allocated before it: what stays plus the transient peak. Both
 *     count every malloc, calloc, realloc and aligned allocation of the
 *     process (this program defines them over glibc's, so the library's
 *     Swift runtime is counted too) by their usable size, so they leave out
 *     malloc's own 8 bytes per block and its free space;
 *   - ok at / refused at: forked children make the call under RLIMIT_AS =
 *     what the process maps + a headroom, bisecting from 4x the peak down:
 *     the least headroom with which the call returned FOLD_OK, and the
 *     largest with which the library refused it (FOLD_E_RANGE) instead of
 *     trying, so the margin of its estimate shows. A child keeps the free
 *     space of the parent's heap, so "ok at" can be below the peak.
 * A child that dies (the Swift runtime's "failed to allocate") under any
 * bound is reported and makes the program exit 1: with the check in place
 * no bound may kill the process.
 */
#define _GNU_SOURCE /* malloc_usable_size, malloc_trim */

#include <foldtable.h>

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static void check(int status, const char *what) {
    if (status != FOLD_OK) {
        fprintf(stderr, "memory_need: %s: %s: %s\n", what, fold_status_name(status), fold_last_error_message());
        exit(1);
    }
}

static void *must(void *p) {
    if (p == NULL) { fprintf(stderr, "memory_need: out of memory\n"); exit(1); }
    return p;
}

/* Mapped address space in bytes (/proc/self/statm, first field). */
static long long mapped(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long long pages = -1;
    if (f != NULL) {
        if (fscanf(f, "%lld", &pages) != 1) pages = -1;
        fclose(f);
    }
    return pages * sysconf(_SC_PAGESIZE);
}

/* Bytes allocated now and at most since the last reset, counted by the
 * allocation functions below (glibc: over its __libc_* entry points). */
static long long allocated_now = 0, allocated_peak = 0;

static void *counted(void *p) {
    if (p != NULL) {
        allocated_now += (long long)malloc_usable_size(p);
        if (allocated_now > allocated_peak) allocated_peak = allocated_now;
    }
    return p;
}

static void uncount(void *p) {
    if (p != NULL) allocated_now -= (long long)malloc_usable_size(p);
}

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

void *malloc(size_t n) { return counted(__libc_malloc(n)); }
void *calloc(size_t n, size_t size) { return counted(__libc_calloc(n, size)); }
void free(void *p) { uncount(p); __libc_free(p); }
void *memalign(size_t alignment, size_t n) { return counted(__libc_memalign(alignment, n)); }
void *aligned_alloc(size_t alignment, size_t n) { return counted(__libc_memalign(alignment, n)); }
int posix_memalign(void **out, size_t alignment, size_t n) {
    void *p = counted(__libc_memalign(alignment, n));
    if (p == NULL) return 12; /* ENOMEM */
    *out = p;
    return 0;
}
void *realloc(void *p, size_t n) {
    if (p == NULL) return malloc(n);
    if (n == 0) { free(p); return NULL; }
    /* Counted as the new block allocated while the old one still is: the
     * peak of a copying realloc. */
    long long old = (long long)malloc_usable_size(p);
    void *q = __libc_realloc(p, n);
    if (q == NULL) return NULL;
    long long size = (long long)malloc_usable_size(q);
    if (allocated_now + size > allocated_peak) allocated_peak = allocated_now + size;
    allocated_now += size - old;
    return q;
}

/* One case: a table and its inputs, built once in the parent; `run` makes
 * the call (in the parent once, for the heap figure; in children under
 * bounds). */
typedef struct scenario {
    const char *name, *unit;
    int64_t units;
    fold_table *(*build)(struct scenario *);
    int (*run)(struct scenario *, fold_table *);
    /* inputs */
    int64_t n, rows;
    char **keys;
    fold_snapshot_entry *entries;
    int64_t count;
    fold_section_id loading;
    uint64_t ticket;
    char *state;
} scenario;

static char **make_keys(int64_t n, const char *prefix) {
    char **keys = must(malloc((size_t)n * sizeof *keys));
    for (int64_t i = 0; i < n; i++) {
        keys[i] = must(malloc(24));
        snprintf(keys[i], 24, "%s%08lld", prefix, (long long)i);
    }
    return keys;
}

/* n sections (keys[order(i)]), each with one rows entry of `rows` rows, at
 * depth `depth`; reversed if asked. */
static fold_snapshot_entry *section_entries(char **keys, int64_t n, int64_t rows, int depth, int reversed) {
    fold_snapshot_entry *e = must(calloc((size_t)(2 * n), sizeof *e));
    for (int64_t i = 0; i < n; i++) {
        int64_t k = reversed ? n - 1 - i : i;
        e[2 * i].kind = FOLD_SNAPSHOT_SECTION;
        e[2 * i].depth = depth;
        e[2 * i].key = keys[k];
        e[2 * i].header = keys[k];
        e[2 * i + 1].kind = FOLD_SNAPSHOT_ROWS;
        e[2 * i + 1].depth = depth + 1;
        e[2 * i + 1].rows = rows;
    }
    return e;
}

/* A change listener that reads nothing: the library makes the C copy of
 * each change set only when someone listens, and a view always does. */
static void listener(fold_table *t, const fold_change_set *set, void *user_data) {
    (void)t; (void)set; (void)user_data;
}

/* n sections without rows entries. */
static fold_snapshot_entry *sections_only(char **keys, int64_t n) {
    fold_snapshot_entry *e = must(calloc((size_t)n, sizeof *e));
    for (int64_t i = 0; i < n; i++) {
        e[i].kind = FOLD_SNAPSHOT_SECTION;
        e[i].key = keys[i];
        e[i].header = keys[i];
    }
    return e;
}

static fold_table *empty_table(scenario *s) {
    (void)s;
    fold_table *t = NULL;
    check(fold_table_new(NULL, &t), "new");
    check(fold_table_add_change_listener(t, listener, NULL, NULL), "listener");
    return t;
}

/* Every other section of the applied table replaced by a new one: a step
 * of the change set per section. */
static fold_snapshot_entry *alternating_entries(char **keys, char **other, int64_t n) {
    fold_snapshot_entry *e = section_entries(keys, n, 10, 0, 0);
    for (int64_t i = 1; i < n; i += 2) {
        e[2 * i].key = other[i];
        e[2 * i].header = other[i];
    }
    return e;
}

static fold_table *applied_table(scenario *s) {
    fold_table *t = empty_table(s);
    fold_snapshot_entry *e = section_entries(s->keys, s->n, s->rows, 0, 0);
    check(fold_table_apply_snapshot(t, e, 2 * s->n, NULL), "build");
    free(e);
    return t;
}

static int apply(scenario *s, fold_table *t) { return fold_table_apply_snapshot(t, s->entries, s->count, NULL); }

/* A match function whose answers vary within every chunk of 64 rows. */
static int every_third(fold_table *t, fold_section_id section, const char *key, int64_t row, void *user_data) {
    (void)t; (void)section; (void)key; (void)user_data;
    return row < 0 || row % 3 == 0;
}

static fold_table *filtered_table(scenario *s) {
    fold_table *t = empty_table(s);
    check(fold_table_set_filter(t, every_third, NULL, 0), "filter");
    return t;
}

static fold_table *loading_table(scenario *s) {
    fold_table *t = empty_table(s);
    check(fold_table_insert_section(t, FOLD_ROOT, 0, "lazy", "lazy", 0, FOLD_SECTION_UNLOADED, &s->loading),
          "unloaded");
    check(fold_table_load(t, s->loading), "load");
    fold_load_info info;
    check(fold_table_load_info(t, s->loading, &info), "load info");
    s->ticket = info.ticket;
    return t;
}

static int finish(scenario *s, fold_table *t) {
    return fold_table_finish_load(t, s->loading, s->ticket, s->entries, s->count, NULL);
}

/* n sections of 2 rows, row 0 expandable; the state collapses every one,
 * expands row 0 of each and selects row 1 of each. */
static fold_table *import_table(scenario *s) {
    fold_table *t = empty_table(s);
    for (int64_t i = 0; i < s->n; i++) {
        fold_section_id id;
        check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, s->keys[i], s->keys[i], 2, 0, &id), "append");
        check(fold_table_set_row_expanded_height(t, id, 0, 100), "expanded height");
    }
    return t;
}

static int import(scenario *s, fold_table *t) { return fold_table_import_state(t, s->state, NULL); }

/* n sections of 3 rows of the default height. */
static fold_table *plain_table(scenario *s) {
    fold_table *t = empty_table(s);
    for (int64_t i = 0; i < s->n; i++) {
        fold_section_id id;
        check(fold_table_insert_section(t, FOLD_ROOT, FOLD_INDEX_END, s->keys[i], s->keys[i], 3, 0, &id), "append");
    }
    return t;
}

/* Selects the middle row of each section: its run of rows is cut in three. */
static char *middle_rows_text(char **keys, int64_t n) {
    size_t cap = (size_t)n * 60 + 64, len = 0;
    char *text = must(malloc(cap));
    len += (size_t)sprintf(text + len, "{\"version\": 1, \"selected\": [");
    for (int64_t i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "%s{\"section\": \"%s\", \"row\": 1, \"count\": 1}", i ? ", " : "", keys[i]);
    sprintf(text + len, "]}");
    return text;
}

static char *import_text(char **keys, int64_t n) {
    size_t cap = (size_t)n * 140 + 64, len = 0;
    char *text = must(malloc(cap));
    len += (size_t)sprintf(text + len, "{\"version\": 1, \"collapsed\": {");
    for (int64_t i = 0; i < n; i++) len += (size_t)sprintf(text + len, "%s\"%s\": true", i ? ", " : "", keys[i]);
    len += (size_t)sprintf(text + len, "}, \"expanded\": [");
    for (int64_t i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "%s{\"section\": \"%s\", \"row\": 0}", i ? ", " : "", keys[i]);
    len += (size_t)sprintf(text + len, "], \"selected\": [");
    for (int64_t i = 0; i < n; i++)
        len += (size_t)sprintf(text + len, "%s{\"section\": \"%s\", \"row\": 1, \"count\": 1}", i ? ", " : "", keys[i]);
    sprintf(text + len, "]}");
    return text;
}

static int died = 0;

/* The message of the last refusal a child reported. */
static char refusal[512];

/* In a child: the call under RLIMIT_AS = what is mapped + headroom.
 * 0: FOLD_OK; 3: FOLD_E_RANGE (refused; its message in `refusal`);
 * 2: another status; 4: setup; negative: the signal it died of. */
static int try_under(scenario *s, fold_table *t, long long headroom) {
    int fds[2];
    if (pipe(fds) != 0) { perror("pipe"); exit(1); }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(1); }
    if (pid == 0) {
        close(fds[0]);
        malloc_trim(0);
        long long limit = mapped() + headroom;
        struct rlimit r = {(rlim_t)limit, (rlim_t)limit};
        if (setrlimit(RLIMIT_AS, &r) != 0) _exit(4);
        int status = s->run(s, t);
        if (status == FOLD_E_RANGE) {
            const char *m = fold_last_error_message();
            if (write(fds[1], m, strlen(m)) < 0) _exit(4);
        }
        _exit(status == FOLD_OK ? 0 : status == FOLD_E_RANGE ? 3 : 2);
    }
    close(fds[1]);
    char buffer[sizeof refusal];
    ssize_t n = read(fds[0], buffer, sizeof buffer - 1);
    close(fds[0]);
    int w = 0;
    waitpid(pid, &w, 0);
    if (n > 0) {
        buffer[n] = 0;
        memcpy(refusal, buffer, (size_t)n + 1);
    }
    if (WIFSIGNALED(w)) return -WTERMSIG(w);
    return WEXITSTATUS(w);
}

/* A child that died: a fault unless the headroom was below 1 MiB, where the
 * library does not check (foldtable.h, "Memory"). */
static void died_under(scenario *s, int signal, long long headroom) {
    if (headroom < (1LL << 20)) {
        printf("  (%s: died of signal %d with %lld bytes of headroom: below 1 MiB, not checked)\n", s->name,
               signal, headroom);
        return;
    }
    fprintf(stderr, "  %s: died of signal %d with %lld bytes of headroom\n", s->name, signal, headroom);
    died = 1;
}

static void measure(scenario *s) {
    /* What stays: the call once in the parent, on a table of its own (a
     * build sets the inputs that name its table, such as a load's ticket,
     * so the table the children use is built after). */
    fold_table *u = s->build(s);
    long long before = allocated_now;
    allocated_peak = allocated_now;
    check(s->run(s, u), s->name);
    long long stays = allocated_now - before, peak = allocated_peak - before;
    fold_table_free(u);
    fold_table *t = s->build(s);

    /* Bisection over the headroom, from 4x the peak (and 16 MiB more) down,
     * to 1/64 of that. */
    long long hi = 4 * peak + (16LL << 20), lo = 0, step = hi / 64, refused_below = -1;
    int tries = 0;
    for (;;) {
        int r = try_under(s, t, hi);
        tries++;
        if (r < 0) died_under(s, -r, hi);
        if (r == 0) break;
        if (r == 3 && hi > refused_below) refused_below = hi;
        lo = hi;
        hi *= 2;
        if (hi > (64LL << 30)) { fprintf(stderr, "  %s: never succeeds\n", s->name); exit(1); }
    }
    while (hi - lo > step && tries < 40) {
        long long mid = lo + (hi - lo) / 2;
        int r = try_under(s, t, mid);
        tries++;
        if (r < 0) died_under(s, -r, mid);
        if (r == 3 && mid > refused_below) refused_below = mid;
        if (r == 0) hi = mid; else lo = mid;
    }
    double k = (double)s->units;
    printf("  %-34s %8lld %-8s stays %7.1f B, peak %7.1f B; ok at %7.1f B", s->name, (long long)s->units,
           s->unit, (double)stays / k, (double)peak / k, (double)hi / k);
    if (refused_below >= 0) printf(", refused at %7.1f B", (double)refused_below / k);
    printf("\n");
    if (refused_below >= 0) printf("      %s\n", refusal);
    refusal[0] = 0;
    fflush(stdout);
    fold_table_free(t);
}

int main(int argc, char **argv) {
    int64_t n = 100000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--smoke") == 0) n = 2000;
        else if (strcmp(argv[i], "--n") == 0 && i + 1 < argc) n = atoll(argv[++i]);
        else { fprintf(stderr, "usage: memory_need [--smoke] [--n N]\n"); return 2; }
    }
    /* Warm up the runtime (metadata, caches) so the children measure the call. */
    {
        fold_table *t = empty_table(NULL);
        char *k[2] = {"a", "b"};
        fold_snapshot_entry *e = section_entries(k, 2, 3, 0, 0);
        check(fold_table_apply_snapshot(t, e, 4, NULL), "warm up");
        free(e);
        fold_table_free(t);
    }
    char **keys = make_keys(n, "s"), **other = make_keys(n, "t");
    printf("memory a call needs, per unit (N = %lld): bytes that stay, peak bytes; least RLIMIT_AS headroom "
           "that succeeds, largest refused\n",
           (long long)n);
    scenario cases[] = {
        {.name = "apply: new sections of 10 rows", .unit = "sections", .units = n, .build = empty_table,
         .run = apply, .n = n, .rows = 10, .keys = keys, .entries = section_entries(keys, n, 10, 0, 0),
         .count = 2 * n},
        {.name = "apply: new sections, no rows", .unit = "sections", .units = n, .build = empty_table,
         .run = apply, .n = n, .keys = keys, .entries = sections_only(keys, n), .count = n},
        {.name = "apply: unchanged", .unit = "sections", .units = n, .build = applied_table, .run = apply, .n = n,
         .rows = 10, .keys = keys, .entries = section_entries(keys, n, 10, 0, 0), .count = 2 * n},
        {.name = "apply: reversed", .unit = "sections", .units = n, .build = applied_table, .run = apply, .n = n,
         .rows = 10, .keys = keys, .entries = section_entries(keys, n, 10, 0, 1), .count = 2 * n},
        {.name = "apply: all replaced", .unit = "sections", .units = n, .build = applied_table, .run = apply,
         .n = n, .rows = 10, .keys = keys, .entries = section_entries(other, n, 10, 0, 0), .count = 2 * n},
        {.name = "apply: every other one replaced", .unit = "sections", .units = n, .build = applied_table,
         .run = apply, .n = n, .rows = 10, .keys = keys, .entries = alternating_entries(keys, other, n),
         .count = 2 * n},
        {.name = "apply, filtering: 100 rows each", .unit = "rows", .units = n / 10 * 100,
         .build = filtered_table, .run = apply, .n = n / 10, .rows = 100, .keys = keys,
         .entries = section_entries(keys, n / 10, 100, 0, 0), .count = 2 * (n / 10)},
        {.name = "finish_load: sections of 10 rows", .unit = "sections", .units = n, .build = loading_table,
         .run = finish, .n = n, .rows = 10, .keys = keys, .entries = section_entries(keys, n, 10, 0, 0),
         .count = 2 * n},
        {.name = "import: collapse+expand+select", .unit = "sections", .units = n, .build = import_table,
         .run = import, .n = n, .keys = keys, .state = import_text(keys, n)},
        {.name = "import: select middle rows", .unit = "sections", .units = n, .build = plain_table,
         .run = import, .n = n, .keys = keys, .state = middle_rows_text(keys, n)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) measure(&cases[i]);
    return died;
}
