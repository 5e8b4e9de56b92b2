/*
 * bytes.c — fold_store_apply_snapshot() reads a variant's serialized bytes
 * directly when they are laid out as GLib writes them, and through
 * g_variant_get() otherwise (fold-store-snapshot.c). Here seeded random
 * snapshots (short and long strings, so framing offsets of 1, 2 and 4
 * bytes; mostly good entries, a few bad ones), and the same with random bytes changed
 * (untrusted data, mostly not in normal form), go to one store through
 * fold_store_apply_snapshot() and to another as entries the test reads
 * with g_variant_iter_next() and hands to fold_table_apply_snapshot().
 * Both must end the same: success or the same status and message, the
 * same report, the same items (key, header text, row, height). The same
 * for each snapshot's bytes as an untrusted serialized variant, which is
 * read the first way. And FoldSnapshotBuilder, which writes the bytes
 * itself, must write GLib's, in normal form.
 */
#include "snapshot/snapshot-test.h"

#include <string.h>

/* TRUE once in 80 calls: each kind of bad entry is rare, so that many
 * snapshots are good ones. */
static gboolean
rare(GRand *rand)
{
    return g_rand_int_range(rand, 0, 80) == 0;
}

/* A key: mostly new ("s7"), sometimes one of the base tree's ("k2": kept),
 * long (300 bytes: offsets of 2 bytes), non-ASCII, or a duplicate or
 * empty one (refused). */
static char *
random_key(GRand *rand, int i)
{
    switch (g_rand_int_range(rand, 0, 10)) {
    case 0: return g_strdup_printf("k%d", g_rand_int_range(rand, 0, 5));
    case 1: return g_strdup_printf("%s%d", "ключ-", i);
    case 2: return g_strdup_printf("%0300d", i);
    default: return rare(rand) ? g_strdup(rare(rand) ? "" : "s0") : g_strdup_printf("s%d", i);
    }
}

static GVariant *
random_snapshot(GRand *rand)
{
    static const char *const headers[] = {"", "Title", "Title|Detail", "k\xc3\xa9|d\xc3\xa9tail"};
    static const guint32 flags[] = {0, FOLD_SECTION_COLLAPSED, FOLD_SECTION_EXPANDED,
                                    FOLD_SECTION_FIXED, FOLD_SECTION_NO_HEADER};
    static const double heights[] = {FOLD_HEIGHT_DEFAULT, 20, 30.5};
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE("a(iissxuuddd)"));
    int n = g_rand_int_range(rand, 0, 14), depth = -1;
    for (int i = 0; i < n; i++) {
        int d = rare(rand) ? depth + 2 : g_rand_int_range(rand, 0, depth + 2);
        int kind = d > 0 && g_rand_boolean(rand) ? FOLD_SNAPSHOT_ROWS : FOLD_SNAPSHOT_SECTION;
        if (rare(rand))
            kind = rare(rand) ? 2 : FOLD_SNAPSHOT_ROWS + FOLD_SNAPSHOT_SECTION - kind;
        char *key = random_key(rand, i);
        g_variant_builder_add(&b, "(iissxuuddd)", kind, d, key,
                              headers[g_rand_int_range(rand, 0, G_N_ELEMENTS(headers))],
                              (gint64)(rare(rand) ? -1 : g_rand_int_range(rand, 0, 6)),
                              rare(rand) ? 0x100u
                                         : flags[g_rand_int_range(rand, 0, G_N_ELEMENTS(flags))],
                              (guint32)(rare(rand) ? 8 : g_rand_int_range(rand, 0, 8)),
                              heights[g_rand_int_range(rand, 0, 3)],
                              rare(rand) ? -5.0 : heights[g_rand_int_range(rand, 0, 3)],
                              heights[g_rand_int_range(rand, 0, 3)]);
        g_free(key);
        depth = d;
    }
    return g_variant_ref_sink(g_variant_builder_end(&b));
}

/* The same bytes with 1 to 3 of them changed, as untrusted data. */
static GVariant *
corrupted(GRand *rand, GVariant *v)
{
    gsize size = g_variant_get_size(v);
    guint8 *data = g_memdup2(g_variant_get_data(v), size ? size : 1);
    for (int k = g_rand_int_range(rand, 1, 4); size && k > 0; k--)
        data[g_rand_int_range(rand, 0, (gint32)size)] = (guint8)g_rand_int_range(rand, 0, 256);
    return g_variant_ref_sink(
        g_variant_new_from_data(G_VARIANT_TYPE("a(iissxuuddd)"), data, size, FALSE, g_free, data));
}

/* Every item of `list`: a header as key=title|detail@height, a row as
 * key/row@height (a new string). */
static char *
items_of(GListModel *list)
{
    GString *s = g_string_new(NULL);
    for (guint i = 0; i < g_list_model_get_n_items(list); i++) {
        FoldListItem *item = g_list_model_get_item(list, i);
        if (fold_list_item_get_kind(item) == FOLD_ITEM_KIND_ROW)
            g_string_append_printf(s, " %s/%" G_GINT64_FORMAT "@%g", fold_list_item_get_key(item),
                                   (gint64)fold_list_item_get_row(item),
                                   fold_list_item_get_height(item));
        else
            g_string_append_printf(s, " %s=%s|%s@%g", fold_list_item_get_key(item),
                                   fold_list_item_get_title(item),
                                   fold_list_item_get_detail(item) ? fold_list_item_get_detail(item)
                                                                   : "",
                                   fold_list_item_get_height(item));
        g_object_unref(item);
    }
    return g_string_free(s, FALSE);
}

typedef struct {
    FoldStore *store;
    FoldListModel *model;
} Side;

/* Both stores start from the same tree, then take `v` their own way.
 * Returns whether `v` was applied. */
static gboolean
compare(Side *a, Side *b, GVariant *base, GVariant *v, const char *what, int round)
{
    CHECK(fold_store_apply_snapshot(a->store, base, NULL, NULL));
    CHECK(fold_store_apply_snapshot(b->store, base, NULL, NULL));

    FoldSnapshotReport got = {0};
    GError *error = NULL;
    gboolean ok = fold_store_apply_snapshot(a->store, v, &got, &error);

    gsize n = g_variant_n_children(v);
    fold_snapshot_entry *entries = g_new0(fold_snapshot_entry, n + 1);
    GVariantIter iter;
    g_variant_iter_init(&iter, v);
    for (gsize i = 0; i < n; i++) {
        fold_snapshot_entry *e = &entries[i];
        g_variant_iter_next(&iter, "(ii&s&sxuuddd)", &e->kind, &e->depth, &e->key, &e->header,
                            &e->rows, &e->flags, &e->heights, &e->header_height,
                            &e->footer_height, &e->row_height);
    }
    fold_snapshot_report want = {0};
    int status = fold_table_apply_snapshot(fold_store_get_table(b->store), entries, (int64_t)n,
                                           &want);
    char *message = status == FOLD_OK ? NULL
                                      : g_strdup_printf("%s: %s", fold_status_name(status),
                                                        fold_last_error_message());
    g_free(entries);

    int same = CHECK_EQ_I64(ok, status == FOLD_OK);
    if (error) {
        same &= CHECK_EQ_I64(error->code, status);
        same &= CHECK_STR(error->message, message ? message : "(no error)");
        g_error_free(error);
    } else if (status == FOLD_OK) {
        same &= CHECK(got.sections_inserted == want.sections_inserted &&
                      got.sections_removed == want.sections_removed &&
                      got.sections_moved == want.sections_moved &&
                      got.sections_kept == want.sections_kept &&
                      got.headers_changed == want.headers_changed &&
                      got.rows_inserted == want.rows_inserted &&
                      got.rows_removed == want.rows_removed);
    }
    char *items_a = items_of(G_LIST_MODEL(a->model)), *items_b = items_of(G_LIST_MODEL(b->model));
    same &= CHECK_STR(items_a, items_b);
    if (!same) {
        char *printed = g_variant_print(v, TRUE);
        fprintf(stderr, "  (%s, round %d: %s)\n", what, round, printed);
        g_free(printed);
    }
    g_free(items_a);
    g_free(items_b);
    g_free(message);
    return ok;
}

/* The same bytes, untrusted (as from a file or D-Bus): serialized, so
 * fold_store_apply_snapshot() reads them itself. */
static GVariant *
serialized(GVariant *v)
{
    gsize size = g_variant_get_size(v);
    gpointer data = g_memdup2(g_variant_get_data(v), size ? size : 1);
    return g_variant_ref_sink(
        g_variant_new_from_data(G_VARIANT_TYPE("a(iissxuuddd)"), data, size, FALSE, g_free, data));
}

/* FoldSnapshotBuilder writes its bytes itself: random calls, mirrored by
 * the test into a GVariantBuilder (depths from its own count of open
 * sections, heights set on the open one), must give GLib's bytes exactly,
 * in normal form. `long_text`: a header that long on every section. */
static void
check_builder_bytes(GRand *rand, FoldSnapshotBuilder *builder, gsize long_text)
{
    typedef struct {
        int kind, depth;
        char *key, *header;
        gint64 rows;
        guint32 flags, heights;
        double h[3];
    } Mirror;
    GArray *mirror = g_array_new(FALSE, TRUE, sizeof(Mirror));
    GArray *open = g_array_new(FALSE, FALSE, sizeof(guint));
    char *text = long_text ? g_strnfill(long_text, 'h') : NULL;
    for (int i = 0, n = g_rand_int_range(rand, 0, 16); i < n; i++) {
        int op = g_rand_int_range(rand, 0, 6);
        if (op == 0 && open->len > 0) {
            fold_snapshot_builder_close_section(builder);
            g_array_set_size(open, open->len - 1);
        } else if (op == 1) {
            gint64 rows = g_rand_int_range(rand, -1, 5);
            fold_snapshot_builder_add_rows(builder, rows);
            Mirror m = {.kind = FOLD_SNAPSHOT_ROWS, .depth = (int)open->len, .rows = rows,
                        .key = g_strdup(""), .header = g_strdup("")};
            g_array_append_val(mirror, m);
        } else if (op == 2 && open->len > 0) {
            int which = g_rand_int_range(rand, 0, 3);
            double height = g_rand_int_range(rand, -1, 60) / 2.0;
            if (which == 0)
                fold_snapshot_builder_set_header_height(builder, height);
            else if (which == 1)
                fold_snapshot_builder_set_footer_height(builder, height);
            else
                fold_snapshot_builder_set_row_height(builder, height);
            Mirror *m = &g_array_index(mirror, Mirror, g_array_index(open, guint, open->len - 1));
            m->heights |= 1u << which;
            m->h[which] = height;
        } else {
            char *key = g_strdup_printf("s%d-ключ", i);
            const char *header = text ? text : g_rand_boolean(rand) ? "Title|Detail" : "";
            guint32 flags = g_rand_boolean(rand) ? FOLD_SECTION_COLLAPSED : 0;
            Mirror m = {.kind = FOLD_SNAPSHOT_SECTION, .depth = (int)open->len,
                        .key = g_strdup(key), .header = g_strdup(header), .flags = flags};
            g_array_append_val(mirror, m);
            if (op == 3) {
                fold_snapshot_builder_add_section(builder, key, header, flags, 2);
                Mirror r = {.kind = FOLD_SNAPSHOT_ROWS, .depth = (int)open->len + 1, .rows = 2,
                            .key = g_strdup(""), .header = g_strdup("")};
                g_array_append_val(mirror, r);
            } else {
                fold_snapshot_builder_open_section(builder, key, header, flags);
                guint index = mirror->len - 1;
                g_array_append_val(open, index);
            }
            g_free(key);
        }
    }
    GVariantBuilder b;
    g_variant_builder_init(&b, G_VARIANT_TYPE("a(iissxuuddd)"));
    for (guint i = 0; i < mirror->len; i++) {
        Mirror *m = &g_array_index(mirror, Mirror, i);
        g_variant_builder_add(&b, "(iissxuuddd)", m->kind, m->depth, m->key, m->header, m->rows,
                              m->flags, m->heights, m->h[0], m->h[1], m->h[2]);
        g_free(m->key);
        g_free(m->header);
    }
    GVariant *want = g_variant_ref_sink(g_variant_builder_end(&b));
    GVariant *got = g_variant_ref_sink(fold_snapshot_builder_end(builder));
    GVariant *check = serialized(got);
    int same = CHECK_EQ_I64(g_variant_get_size(got), g_variant_get_size(want));
    same &= CHECK(g_variant_get_size(got) == g_variant_get_size(want) &&
                  memcmp(g_variant_get_data(got), g_variant_get_data(want),
                         g_variant_get_size(got)) == 0);
    same &= CHECK(g_variant_is_normal_form(check));
    if (!same) {
        char *printed = g_variant_print(want, TRUE);
        fprintf(stderr, "  (builder bytes: %s)\n", printed);
        g_free(printed);
    }
    g_variant_unref(check);
    g_variant_unref(got);
    g_variant_unref(want);
    g_free(text);
    g_array_unref(open);
    g_array_unref(mirror);
}

void
test_snapshot_bytes(void)
{
    Side a = {fold_store_new(), NULL}, b = {fold_store_new(), NULL};
    a.model = fold_list_model_new_for_store(a.store);
    b.model = fold_list_model_new_for_store(b.store);
    FoldSnapshotBuilder *builder = fold_snapshot_builder_new();
    for (int k = 0; k < 5; k++) {
        char key[8];
        g_snprintf(key, sizeof key, "k%d", k);
        fold_snapshot_builder_open_section(builder, key, key,
                                           k == 3 ? FOLD_SECTION_FLAGS_COLLAPSED : 0);
        fold_snapshot_builder_add_rows(builder, 2);
    }
    GVariant *base = g_variant_ref_sink(fold_snapshot_builder_end(builder));

    GRand *rand = g_rand_new_with_seed(20261123);
    int accepted = 0;
    for (int round = 0; round < 400; round++) {
        GVariant *v = random_snapshot(rand);
        GVariant *bad = corrupted(rand, v);
        GVariant *bytes = serialized(v);
        accepted += compare(&a, &b, base, v, "random", round);
        compare(&a, &b, base, bytes, "serialized", round);
        compare(&a, &b, base, bad, "corrupted", round);
        g_variant_unref(bytes);
        check_builder_bytes(rand, builder, round % 10 == 0 ? 300 : 0);
        g_variant_unref(v);
        g_variant_unref(bad);
    }
    /* Both kinds are covered: most random snapshots are good ones. */
    printf("random snapshots: %d of 400 applied\n", accepted);
    CHECK(accepted >= 150 && accepted < 400);

    /* A header of 70,000 bytes: the tuple and the array need 4-byte offsets. */
    char *long_header = g_strnfill(70000, 'h');
    fold_snapshot_builder_add_section(builder, "k0", long_header, 0, 1);
    fold_snapshot_builder_add_section(builder, "long", long_header, 0, 2);
    GVariant *v = g_variant_ref_sink(fold_snapshot_builder_end(builder));
    CHECK(g_variant_get_size(v) > 2 * 70000);
    compare(&a, &b, base, v, "long", 0);
    GVariant *bad = corrupted(rand, v);
    compare(&a, &b, base, bad, "long corrupted", 0);
    check_builder_bytes(rand, builder, 70000);
    g_variant_unref(bad);
    g_variant_unref(v);
    g_free(long_header);

    g_rand_free(rand);
    g_variant_unref(base);
    g_object_unref(builder);
    g_object_unref(a.model);
    g_object_unref(b.model);
    g_object_unref(a.store);
    g_object_unref(b.store);
}
