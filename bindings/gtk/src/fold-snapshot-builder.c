/*
 * fold-snapshot-builder.c — FoldSnapshotBuilder: makes the snapshot GVariant
 * that fold_store_apply_snapshot() takes. See fold-snapshot-builder.h; the
 * serialized form is written by fold-store-snapshot.c.
 */
#include "fold-snapshot-builder.h"
#include "fold-private.h"

/**
 * FoldSnapshotBuilder:
 *
 * Makes the #GVariant that fold_store_apply_snapshot() takes, section by
 * section, so that no one writes "a(iissxuuddd)" tuples by hand: open a
 * section, add its rows and subsections in child order, close it. The
 * depth of each entry is how many sections are open, so nesting cannot go
 * wrong by a miscounted depth.
 *
 * ```
 * b = Fold.SnapshotBuilder()
 * b.open_section("mac", "Mac|2 models", Fold.SectionFlags.NONE)
 * b.add_rows(2)
 * b.add_section("pro", "Pro", Fold.SectionFlags.NONE, 3)
 * b.add_rows(1)
 * b.close_section()
 * b.add_section("ipad", "iPad", Fold.SectionFlags.COLLAPSED, 4)
 * report = store.apply_snapshot(b.end())
 * ```
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
    GVariant *snapshot = fold_snapshot_entries_to_variant((const fold_snapshot_entry *)(void *)builder->entries->data,
                                     builder->entries->len);
    g_array_set_size(builder->entries, 0);
    g_array_set_size(builder->open, 0);
    return snapshot;
}
