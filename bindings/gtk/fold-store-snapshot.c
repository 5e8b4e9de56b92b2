/*
 * fold-store-snapshot.c — snapshots as GVariants: the conversion to the
 * engine's fold_snapshot_entry array that every snapshot-taking method
 * shares (fold-private.h).
 */
#include "fold-store-private.h"

gboolean
fold_snapshot_entries_from_variant(GVariant *snapshot, fold_snapshot_entry **out_entries,
                                   gsize *out_count, GError **error)
{
    if (!snapshot || !g_variant_is_of_type(snapshot, FOLD_SNAPSHOT_VARIANT_TYPE)) {
        g_set_error(error, FOLD_LIST_MODEL_ERROR, FOLD_E_INVALID,
                    "FOLD_E_INVALID: the snapshot is %s%s%s; expected a GVariant of type "
                    "\"" FOLD_SNAPSHOT_VARIANT_TYPE_STRING "\", an array of (kind, depth, key, "
                    "header, rows, flags, heights, header_height, footer_height, row_height)",
                    snapshot ? "a GVariant of type \"" : "NULL",
                    snapshot ? g_variant_get_type_string(snapshot) : "", snapshot ? "\"" : "");
        return FALSE;
    }
    gsize count = g_variant_n_children(snapshot);
    fold_snapshot_entry *entries = count ? g_new0(fold_snapshot_entry, count) : NULL;
    GVariantIter iter;
    g_variant_iter_init(&iter, snapshot);
    for (gsize i = 0; i < count; i++) {
        fold_snapshot_entry *e = &entries[i];
        /* "&s": the strings stay in the variant's data, no copies. */
        g_variant_iter_next(&iter, "(ii&s&sxuuddd)", &e->kind, &e->depth, &e->key, &e->header,
                            &e->rows, &e->flags, &e->heights, &e->header_height,
                            &e->footer_height, &e->row_height);
    }
    *out_entries = entries;
    *out_count = count;
    return TRUE;
}

/* ------------------------------------------------------------------------- */
/* fold_store_apply_snapshot                                                 */
/* ------------------------------------------------------------------------- */

/**
 * fold_store_apply_snapshot:
 * @store: a store
 * @snapshot: the whole tree the store is to hold: a #GVariant of type
 *   "a(iissxuuddd)", the engine's fold_snapshot_entry array in pre-order,
 *   one tuple (kind, depth, key, header, rows, flags, heights,
 *   header_height, footer_height, row_height) per entry (see
 *   fold_table_apply_snapshot() in foldtable.h); #FoldSnapshotBuilder
 *   makes one. A floating reference is sunk.
 * @out_report: (out caller-allocates) (optional): what changed; written on
 *   success only
 * @error: return location for a #GError
 *
 * Makes the store hold what @snapshot describes, changing as little as it
 * must, as one change set: models over the store emit items-changed for
 * it like for any other change. Sections are matched by key wherever they
 * are: a kept section keeps its id, collapsed state, expanded rows and
 * measured heights, also when it moves; its header text is replaced.
 * Kept sections that stay under their parent move as little as possible;
 * rows are anonymous (matched in order between kept subsections); sections
 * the snapshot does not have are removed. Nothing collapses or expands, so
 * no section or row signals are emitted.
 *
 * A @snapshot of another type is FOLD_E_INVALID. The engine checks every
 * entry before anything changes; the message names the entry in pre-order
 * ("FOLD_E_DUPLICATE: snapshot entry 3: ..."): FOLD_E_INVALID for a bad
 * kind, key, header, flags or height, FOLD_E_DUPLICATE for a key given
 * twice, FOLD_E_RANGE for a bad depth or row count or too many sections,
 * rows or levels. A failure changes nothing.
 *
 * Cost: O(e + s) for e entries and a store of s sections, O(k log k) to
 * order the k kept children of each section, plus O(c * depth * log n)
 * for c changes.
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_apply_snapshot(FoldStore *store, GVariant *snapshot, FoldSnapshotReport *out_report,
                          GError **error)
{
    if (snapshot)
        g_variant_ref_sink(snapshot);
    fold_snapshot_entry *entries = NULL;
    gsize count = 0;
    fold_snapshot_report report = {0};
    fold_table *table = fold_store_table_of(store, error);
    gboolean ok =
        table && fold_snapshot_entries_from_variant(snapshot, &entries, &count, error) &&
        fold_check_status(fold_table_apply_snapshot(table, entries, (int64_t)count, &report),
                          error);
    g_free(entries);
    if (snapshot)
        g_variant_unref(snapshot);
    if (ok && out_report)
        *out_report = (FoldSnapshotReport){
            .sections_inserted = report.sections_inserted,
            .sections_removed = report.sections_removed,
            .sections_moved = report.sections_moved,
            .sections_kept = report.sections_kept,
            .headers_changed = report.headers_changed,
            .rows_inserted = report.rows_inserted,
            .rows_removed = report.rows_removed,
        };
    return ok;
}

/* ------------------------------------------------------------------------- */
/* FoldSnapshotBuilder                                                       */
/* ------------------------------------------------------------------------- */

/**
 * FoldSnapshotBuilder:
 *
 * Makes the #GVariant that fold_store_apply_snapshot() takes, section by
 * section, so that no one writes "a(iissxuuddd)" tuples by hand: open a
 * section, add its rows and subsections in child order, close it. The
 * depth of each entry is how many sections are open, so nesting cannot go
 * wrong by a miscounted depth.
 *
 * |[<!-- language="Python" -->
 * b = Fold.SnapshotBuilder()
 * b.open_section("mac", "Mac|2 models", Fold.SectionFlags.NONE)
 * b.add_rows(2)
 * b.add_section("pro", "Pro", Fold.SectionFlags.NONE, 3)
 * b.add_rows(1)
 * b.close_section()
 * b.add_section("ipad", "iPad", Fold.SectionFlags.COLLAPSED, 4)
 * report = store.apply_snapshot(b.end())
 * ]|
 *
 * Nothing is checked while building: fold_store_apply_snapshot() checks
 * the entries and names the first bad one by its index in pre-order (the
 * order of the open_section(), add_section() and add_rows() calls).
 * Use it from one thread.
 */
struct _FoldSnapshotBuilder {
    GObject parent_instance;
    GArray *entries; /* fold_snapshot_entry, their key and header owned */
    GArray *open;    /* guint: index in entries of each open section, outermost first */
};

G_DEFINE_FINAL_TYPE(FoldSnapshotBuilder, fold_snapshot_builder, G_TYPE_OBJECT)

static void
entry_clear(gpointer data)
{
    fold_snapshot_entry *e = data;
    g_free((char *)e->key);
    g_free((char *)e->header);
}

static void
fold_snapshot_builder_finalize(GObject *object)
{
    FoldSnapshotBuilder *self = FOLD_SNAPSHOT_BUILDER(object);
    g_array_unref(self->entries);
    g_array_unref(self->open);
    G_OBJECT_CLASS(fold_snapshot_builder_parent_class)->finalize(object);
}

static void
fold_snapshot_builder_class_init(FoldSnapshotBuilderClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = fold_snapshot_builder_finalize;
}

static void
fold_snapshot_builder_init(FoldSnapshotBuilder *self)
{
    self->entries = g_array_new(FALSE, TRUE, sizeof(fold_snapshot_entry));
    g_array_set_clear_func(self->entries, entry_clear);
    self->open = g_array_new(FALSE, FALSE, sizeof(guint));
}

/**
 * fold_snapshot_builder_new:
 *
 * An empty builder. Cost: O(1).
 *
 * Returns: (transfer full): a new builder
 */
FoldSnapshotBuilder *
fold_snapshot_builder_new(void)
{
    return g_object_new(FOLD_TYPE_SNAPSHOT_BUILDER, NULL);
}

/* Appends an entry at the current depth (the number of open sections). */
static fold_snapshot_entry *
append(FoldSnapshotBuilder *self, int32_t kind)
{
    fold_snapshot_entry e = {.kind = kind, .depth = (int32_t)self->open->len};
    g_array_append_val(self->entries, e);
    return &g_array_index(self->entries, fold_snapshot_entry, self->entries->len - 1);
}

/* A GVariant string holds valid UTF-8 only: invalid text is a programmer
 * error (a critical) and is kept with U+FFFD in place of the bad bytes, so
 * the sections after it keep their places. NULL is "". */
static char *
text_dup(const char *text)
{
    if (!text)
        return g_strdup("");
    if (g_utf8_validate(text, -1, NULL))
        return g_strdup(text);
    g_critical("FoldSnapshotBuilder: a key or header that is not valid UTF-8");
    return g_utf8_make_valid(text, -1);
}

/**
 * fold_snapshot_builder_open_section:
 * @builder: a builder
 * @key: the section's key, its identity: a section of the store with this
 *   key is kept with its state, wherever it moves
 * @header: (nullable): the header text, "Title" or "Title|Detail" (%NULL: "")
 * @flags: COLLAPSED, EXPANDED, FIXED or NO_HEADER; used only when the
 *   section is new (a kept section keeps its state)
 *
 * Adds a section inside the open one (at the top level when none is open)
 * and opens it: rows and sections added next are its children, in order,
 * until fold_snapshot_builder_close_section(). Cost: O(1) amortized.
 */
void
fold_snapshot_builder_open_section(FoldSnapshotBuilder *builder, const char *key,
                                   const char *header, FoldSectionFlags flags)
{
    g_return_if_fail(FOLD_IS_SNAPSHOT_BUILDER(builder));
    fold_snapshot_entry *e = append(builder, FOLD_SNAPSHOT_SECTION);
    e->key = text_dup(key);
    e->header = text_dup(header);
    e->flags = (uint32_t)flags;
    guint index = builder->entries->len - 1;
    g_array_append_val(builder->open, index);
}

/**
 * fold_snapshot_builder_add_rows:
 * @builder: a builder
 * @count: how many rows
 *
 * Adds a run of rows to the open section, after its children so far
 * (adjacent runs count as one). Rows with no section open are refused by
 * fold_store_apply_snapshot() (FOLD_E_INVALID). Cost: O(1) amortized.
 */
void
fold_snapshot_builder_add_rows(FoldSnapshotBuilder *builder, gint64 count)
{
    g_return_if_fail(FOLD_IS_SNAPSHOT_BUILDER(builder));
    append(builder, FOLD_SNAPSHOT_ROWS)->rows = count;
}

/**
 * fold_snapshot_builder_add_section:
 * @builder: a builder
 * @key: the section's key
 * @header: (nullable): the header text (%NULL: "")
 * @flags: used only when the section is new
 * @rows: how many rows it has
 *
 * Adds a section with @rows rows and no subsections inside the open one:
 * fold_snapshot_builder_open_section(), add_rows() when @rows is not 0,
 * close_section(). Cost: O(1) amortized.
 */
void
fold_snapshot_builder_add_section(FoldSnapshotBuilder *builder, const char *key,
                                  const char *header, FoldSectionFlags flags, gint64 rows)
{
    g_return_if_fail(FOLD_IS_SNAPSHOT_BUILDER(builder));
    fold_snapshot_builder_open_section(builder, key, header, flags);
    if (rows != 0)
        fold_snapshot_builder_add_rows(builder, rows);
    fold_snapshot_builder_close_section(builder);
}

/* Sets one height of the open section: `bit` is its FOLD_SNAPSHOT_*_HEIGHT. */
static void
set_height(FoldSnapshotBuilder *builder, uint32_t bit, double height)
{
    g_return_if_fail(FOLD_IS_SNAPSHOT_BUILDER(builder));
    g_return_if_fail(builder->open->len > 0);
    guint index = g_array_index(builder->open, guint, builder->open->len - 1);
    fold_snapshot_entry *e = &g_array_index(builder->entries, fold_snapshot_entry, index);
    e->heights |= bit;
    if (bit == FOLD_SNAPSHOT_HEADER_HEIGHT)
        e->header_height = height;
    else if (bit == FOLD_SNAPSHOT_FOOTER_HEIGHT)
        e->footer_height = height;
    else
        e->row_height = height;
}

/**
 * fold_snapshot_builder_set_header_height:
 * @builder: a builder with a section open
 * @height: the open section's header height in points, or -1 for the
 *   store's default (FOLD_HEIGHT_DEFAULT)
 *
 * Sets the height (a kept section's measured height is replaced); without
 * this call a kept section keeps its header height and a new one gets the
 * default. Cost: O(1).
 */
void
fold_snapshot_builder_set_header_height(FoldSnapshotBuilder *builder, double height)
{
    set_height(builder, FOLD_SNAPSHOT_HEADER_HEIGHT, height);
}

/**
 * fold_snapshot_builder_set_footer_height:
 * @builder: a builder with a section open
 * @height: the open section's footer height in points, or -1 for the
 *   store's default
 *
 * As fold_snapshot_builder_set_header_height(), for the footer. Cost: O(1).
 */
void
fold_snapshot_builder_set_footer_height(FoldSnapshotBuilder *builder, double height)
{
    set_height(builder, FOLD_SNAPSHOT_FOOTER_HEIGHT, height);
}

/**
 * fold_snapshot_builder_set_row_height:
 * @builder: a builder with a section open
 * @height: the open section's default row height in points, or -1 for the
 *   store's default
 *
 * As fold_snapshot_builder_set_header_height(), for the section's row
 * height. Cost: O(1).
 */
void
fold_snapshot_builder_set_row_height(FoldSnapshotBuilder *builder, double height)
{
    set_height(builder, FOLD_SNAPSHOT_ROW_HEIGHT, height);
}

/**
 * fold_snapshot_builder_close_section:
 * @builder: a builder with a section open
 *
 * Closes the innermost open section: what is added next is its next
 * sibling. Cost: O(1).
 */
void
fold_snapshot_builder_close_section(FoldSnapshotBuilder *builder)
{
    g_return_if_fail(FOLD_IS_SNAPSHOT_BUILDER(builder));
    g_return_if_fail(builder->open->len > 0);
    g_array_set_size(builder->open, builder->open->len - 1);
}

/**
 * fold_snapshot_builder_end:
 * @builder: a builder
 *
 * Closes the sections still open and hands out the snapshot; the builder
 * is empty again, ready for the next one. Cost: O(e) for e entries.
 *
 * Returns: (transfer none): a new floating #GVariant of type
 *   "a(iissxuuddd)" for fold_store_apply_snapshot()
 */
GVariant *
fold_snapshot_builder_end(FoldSnapshotBuilder *builder)
{
    g_return_val_if_fail(FOLD_IS_SNAPSHOT_BUILDER(builder), NULL);
    GVariantBuilder b;
    g_variant_builder_init(&b, FOLD_SNAPSHOT_VARIANT_TYPE);
    for (guint i = 0; i < builder->entries->len; i++) {
        const fold_snapshot_entry *e = &g_array_index(builder->entries, fold_snapshot_entry, i);
        g_variant_builder_add(&b, "(iissxuuddd)", e->kind, e->depth, e->key ? e->key : "",
                              e->header ? e->header : "", (gint64)e->rows, e->flags, e->heights,
                              e->header_height, e->footer_height, e->row_height);
    }
    g_array_set_size(builder->entries, 0);
    g_array_set_size(builder->open, 0);
    return g_variant_builder_end(&b);
}
