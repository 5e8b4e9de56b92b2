/*
 * filter_steps_gtk.c — typing one more character into a filter over 10^5
 * rows (issue 35, part 4): what the change set holds and what the GTK
 * adapter spends delivering it.
 *
 * The table is the taxonomy demo's shape at scale: 4 kingdoms > 5 classes
 * > 5 orders > 8 families (900 sections, all expanded) with 125 species
 * each (10^5 rows), each species "Common|Latin" made of seeded syllables.
 * The match function is the demo's (case-insensitive substring of a
 * species' text or a group's title). The filter goes from QUERY to QUERY
 * plus one character, as typing does (steps that remove), and back, as
 * deleting it does (steps that insert: the model emits them one by one);
 * before each repetition the filter is set to where it starts (not timed).
 *
 * Two runs on the same rows:
 *   - engine: a plain fold_table with one change listener that counts;
 *     the time of fold_table_set_filter.
 *   - gtk: a FoldStore with a FoldListModel (fold_list_model_new_for_store)
 *     and an items-changed handler, holding a screenful of items (40) as a
 *     GtkListView does; the time of fold_store_set_filter_func, and the
 *     adapter's share: between a change listener registered before the
 *     model's and one registered after it (the model delivers items-changed
 *     inside its listener, on this thread).
 * Figures: the change set's steps, items removed and added, redraw ranges;
 * the items-changed emissions and their items; medians of REPS runs.
 * No display is needed (gtk_init() is not called).
 *
 *   build/bench/filter_steps_gtk [--smoke]
 */
#include <foldtable-gtk.h>
#include <foldtable.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KINGDOMS 4
#define CLASSES 5
#define ORDERS 5
#define FAMILIES 8
#define SPECIES 125 /* per family: 4*5*5*8*125 = 10^5 rows */
#define HELD 40     /* items a view holds */
#define QUERY "ta"
#define QUERY_MORE "tar"

static const char *const syllables[] = {"ar", "ba", "cu", "da", "el", "fo", "ga", "hi", "is",
                                        "ju", "ka", "lo", "mi", "no", "or", "pa", "qu", "ra",
                                        "si", "ta", "ul", "ve", "wa", "xe", "yo", "zu"};

typedef struct {
    int families;        /* families in the table */
    int per;             /* species per family */
    char **species;      /* families * per texts, "Common|Latin" */
    char **titles;       /* a group's title by section key index */
    const char *query;   /* the filter's text (lower case) */
} Data;

static uint64_t seed = 0x2545F4914F6CDD1Dull;

static unsigned
next_random(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (unsigned)(seed >> 16);
}

static char *
word(int parts)
{
    GString *s = g_string_new(NULL);
    for (int i = 0; i < parts; i++)
        g_string_append(s, syllables[next_random() % G_N_ELEMENTS(syllables)]);
    return g_string_free(s, FALSE);
}

/* Section keys are "g<number>"; a family's rows are species[family * per + row]. */
static int
key_number(const char *key)
{
    return atoi(key + 1);
}

static int
match(fold_table *table, fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)table;
    (void)section;
    Data *d = user_data;
    int n = key_number(key);
    if (row >= 0)
        return strstr(d->species[(int64_t)n * d->per + row], d->query) != NULL;
    return strstr(d->titles[n], d->query) != NULL;
}

static gint
store_match(FoldStore *store, guint64 section, const char *key, gint64 row, gpointer user_data)
{
    return match(fold_store_get_table(store), section, key, row, user_data);
}

/* Families are numbered 0..families-1 (their rows' index), the groups above after them. */
static int
build(fold_table *t, Data *d)
{
    int family = 0, group = d->families;
    char key[32];
    for (int k = 0; k < KINGDOMS; k++) {
        fold_section_id kid, cid, oid, fid;
        snprintf(key, sizeof key, "g%d", group++);
        if (fold_table_insert_section(t, FOLD_ROOT, -1, key, d->titles[key_number(key)], 0, 0, &kid))
            return -1;
        for (int c = 0; c < CLASSES; c++) {
            snprintf(key, sizeof key, "g%d", group++);
            if (fold_table_insert_section(t, kid, -1, key, d->titles[key_number(key)], 0, 0, &cid))
                return -1;
            for (int o = 0; o < ORDERS; o++) {
                snprintf(key, sizeof key, "g%d", group++);
                if (fold_table_insert_section(t, cid, -1, key, d->titles[key_number(key)], 0, 0, &oid))
                    return -1;
                for (int f = 0; f < FAMILIES && family < d->families; f++, family++) {
                    snprintf(key, sizeof key, "g%d", family);
                    if (fold_table_insert_section(t, oid, -1, key, d->titles[family], d->per, 0, &fid))
                        return -1;
                }
            }
        }
    }
    return 0;
}

typedef struct {
    int64_t steps, removed, added, redraws;
    double before, after; /* ms: the listeners around the model's */
} Counted;

static double
now_ms(void)
{
    return (double)g_get_monotonic_time() / 1000.0;
}

static void
count_changes(fold_table *table, const fold_change_set *cs, void *user_data)
{
    (void)table;
    Counted *c = user_data;
    c->steps = cs->change_count;
    c->removed = c->added = 0;
    for (int64_t i = 0; i < cs->change_count; i++) {
        c->removed += cs->changes[i].removed;
        c->added += cs->changes[i].added;
    }
    c->redraws = cs->redraw_count;
    c->before = now_ms();
}

static void
stamp_after(fold_table *table, const fold_change_set *cs, void *user_data)
{
    (void)table;
    (void)cs;
    ((Counted *)user_data)->after = now_ms();
}

typedef struct {
    int64_t signals, removed, added;
} Emitted;

static void
on_items_changed(GListModel *model, guint position, guint removed, guint added, Emitted *e)
{
    (void)model;
    (void)position;
    e->signals++;
    e->removed += removed;
    e->added += added;
}

static int
compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double
median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void
hold(GListModel *model, GObject **held)
{
    guint n = g_list_model_get_n_items(model);
    for (guint i = 0; i < HELD; i++) {
        g_clear_object(&held[i]);
        if (i < n)
            held[i] = g_list_model_get_item(model, i);
    }
}

/* One measurement: the filter set to `from` (not timed), then to `to`,
 * `reps` times, on a plain table and on a FoldStore with a model. */
static void
measure(Data *d, int reps, int groups, const char *from, const char *to)
{
    fold_table *t = NULL;
    Counted engine = {0};
    double t_engine[64], t_gtk[64], t_adapter[64];
    if (fold_table_new(NULL, &t) != FOLD_OK || build(t, d) ||
        fold_table_add_change_listener(t, count_changes, &engine, NULL)) {
        fprintf(stderr, "filter_steps_gtk: %s\n", fold_last_error_message());
        exit(1);
    }
    int64_t rows = 0, shown_before = 0, shown_after = 0;
    fold_table_match_count(t, FOLD_ROOT, NULL, &rows);
    for (int r = 0; r < reps; r++) {
        d->query = from;
        fold_table_set_filter(t, match, d, FOLD_FILTER_EXPAND_MATCHES);
        fold_table_item_count(t, &shown_before);
        d->query = to;
        double a = now_ms();
        int status = fold_table_set_filter(t, match, d, FOLD_FILTER_EXPAND_MATCHES);
        t_engine[r] = now_ms() - a;
        if (status != FOLD_OK) {
            fprintf(stderr, "filter_steps_gtk: %s\n", fold_last_error_message());
            exit(1);
        }
        fold_table_item_count(t, &shown_after);
    }
    fold_table_free(t);

    /* the GTK adapter: FoldStore + FoldListModel */
    FoldStore *store = fold_store_new();
    fold_table *st = fold_store_get_table(store);
    Counted gtk = {0};
    Emitted emitted = {0};
    GObject *held[HELD] = {0};
    int kept = 0; /* items a view held before and holds after that are the same objects */
    if (build(st, d) || fold_table_add_change_listener(st, count_changes, &gtk, NULL)) {
        fprintf(stderr, "filter_steps_gtk: %s\n", fold_last_error_message());
        exit(1);
    }
    FoldListModel *model = fold_list_model_new_for_store(store);
    fold_table_add_change_listener(st, stamp_after, &gtk, NULL);
    g_signal_connect(model, "items-changed", G_CALLBACK(on_items_changed), &emitted);
    for (int r = 0; r < reps; r++) {
        d->query = from;
        fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_EXPAND_MATCHES, store_match, d, NULL, NULL);
        hold(G_LIST_MODEL(model), held);
        GObject *was[HELD];
        memcpy(was, held, sizeof was);
        emitted = (Emitted){0};
        d->query = to;
        double a = now_ms();
        gboolean ok = fold_store_set_filter_func(store, FOLD_FILTER_FLAGS_EXPAND_MATCHES, store_match,
                                                 d, NULL, NULL);
        t_gtk[r] = now_ms() - a;
        t_adapter[r] = gtk.after - gtk.before;
        if (!ok || g_list_model_get_n_items(G_LIST_MODEL(model)) != (guint)shown_after) {
            fprintf(stderr, "filter_steps_gtk: the model does not show the table\n");
            exit(1);
        }
        /* Compared by address while `held` still keeps the old objects alive. */
        GObject *now[HELD] = {0};
        hold(G_LIST_MODEL(model), now);
        kept = 0;
        for (int i = 0; i < HELD; i++)
            for (int j = 0; now[i] && j < HELD; j++)
                if (now[i] == was[j])
                    kept++;
        for (int i = 0; i < HELD; i++) {
            g_clear_object(&held[i]);
            held[i] = now[i];
        }
    }
    for (int i = 0; i < HELD; i++)
        g_clear_object(&held[i]);
    g_object_unref(model);
    g_object_unref(store);

    printf("filter_steps_gtk: \"%s\" -> \"%s\" (%s)\n", from, to,
           strlen(to) > strlen(from) ? "one more character typed" : "one character deleted");
    printf("  table: %d sections (4 levels, all expanded), %" G_GINT64_FORMAT " rows; "
           "items shown %" G_GINT64_FORMAT " -> %" G_GINT64_FORMAT "; GTK %u.%u.%u; %d runs\n",
           groups, rows, shown_before, shown_after, gtk_get_major_version(), gtk_get_minor_version(),
           gtk_get_micro_version(), reps);
    printf("  change set: %" G_GINT64_FORMAT " steps, %" G_GINT64_FORMAT " items removed, %" G_GINT64_FORMAT
           " added, %" G_GINT64_FORMAT " redraw ranges\n",
           engine.steps, engine.removed, engine.added, engine.redraws);
    printf("  items-changed: %" G_GINT64_FORMAT " emissions, %" G_GINT64_FORMAT " items removed, %" G_GINT64_FORMAT
           " added\n",
           emitted.signals, emitted.removed, emitted.added);
    printf("  the first %d items after the change: %d of them the same objects as before it\n", HELD, kept);
    double me = median(t_engine, reps), mg = median(t_gtk, reps), ma = median(t_adapter, reps);
    printf("  median ms: engine set_filter %.3f | store set_filter_func %.3f | adapter delivery %.3f "
           "(%.1f%% of the store's call)\n",
           me, mg, ma, mg > 0 ? 100.0 * ma / mg : 0.0);
}

int
main(int argc, char **argv)
{
    gboolean smoke = argc > 1 && strcmp(argv[1], "--smoke") == 0;
    int reps = smoke ? 3 : 15;
    Data d = {KINGDOMS * CLASSES * ORDERS * FAMILIES, smoke ? 2 : SPECIES, NULL, NULL, QUERY};
    int groups = d.families + KINGDOMS * (1 + CLASSES * (1 + ORDERS));
    d.species = g_new(char *, (gsize)d.families * d.per);
    for (int64_t i = 0; i < (int64_t)d.families * d.per; i++) {
        char *common = word(2 + (int)(next_random() % 2)), *latin = word(3);
        d.species[i] = g_strdup_printf("%s|%s", common, latin);
        g_free(common);
        g_free(latin);
    }
    d.titles = g_new(char *, groups);
    for (int i = 0; i < groups; i++)
        d.titles[i] = word(3);
    measure(&d, reps, groups, QUERY, QUERY_MORE);
    measure(&d, reps, groups, QUERY_MORE, QUERY);
    for (int64_t i = 0; i < (int64_t)d.families * d.per; i++)
        g_free(d.species[i]);
    for (int i = 0; i < groups; i++)
        g_free(d.titles[i]);
    g_free(d.species);
    g_free(d.titles);
    return 0;
}
