/*
 * fold-store-snapshot.c — snapshots as GVariants of type "a(iissxuuddd)":
 * the conversion to the engine's fold_snapshot_entry array that every
 * snapshot-taking method shares (fold-private.h), reading and writing the
 * serialized form directly (fold_snapshot_entries_to_variant() writes it
 * for FoldSnapshotBuilder, fold-snapshot-builder.c), and
 * fold_store_apply_snapshot() with its FoldSnapshotReport.
 */
#include "fold-store-private.h"

#include <string.h>

/* ---- the serialized form --------------------------------------------------
 *
 * g_variant_get() costs about a microsecond per tuple (a GVariant for each of
 * its ten fields), as much as the engine's own work on the entry, and
 * GVariantBuilder as much again. So FoldSnapshotBuilder writes the bytes
 * itself, and the entries of a serialized variant are read straight from
 * its bytes when these are laid out as GLib writes them (GVariant's normal
 * form): an array of variable-size elements is the elements, each aligned
 * to 8 (the tuple's alignment), then the end of each element as a framing
 * offset; an "(iissxuuddd)" tuple is i, i, the two NUL-terminated strings,
 * x, u, u, d, d, d at their alignments (numbers in the host's byte order),
 * then the strings' ends as framing offsets in reverse order (the key's end
 * last). Offsets are little-endian, 1, 2, 4 or 8 bytes: the fewest that can
 * address the container. Other bytes (untrusted data not in normal form)
 * are read with g_variant_get(), which gives GLib's defaults for what it
 * cannot read; both ways give the same entries (tests/snapshot/bytes.c).
 */

static gsize
offset_size(gsize container)
{
    return container > G_MAXUINT32 ? 8 : container > G_MAXUINT16 ? 4 : container > G_MAXUINT8 ? 2 : 1;
}

/* The size of a container of `body` bytes and `count` offsets (GLib's rule:
 * the offsets take the fewest bytes that address the whole). */
static gsize
with_offsets(gsize body, gsize count)
{
    if (body + count <= G_MAXUINT8)
        return body + count;
    if (body + 2 * count <= G_MAXUINT16)
        return body + 2 * count;
    if (body + 4 * count <= G_MAXUINT32)
        return body + 4 * count;
    return body + 8 * count;
}

/* Where the numbers of an entry sit in its tuple: `at` bytes after the
 * tuple's start, or after the end of its strings aligned to 8 (x u u d d d). */
static const struct {
    gboolean after_strings;
    gsize at, field, size;
} numbers[] = {
    {FALSE, 0, G_STRUCT_OFFSET(fold_snapshot_entry, kind), 4},
    {FALSE, 4, G_STRUCT_OFFSET(fold_snapshot_entry, depth), 4},
    {TRUE, 0, G_STRUCT_OFFSET(fold_snapshot_entry, rows), 8},
    {TRUE, 8, G_STRUCT_OFFSET(fold_snapshot_entry, flags), 4},
    {TRUE, 12, G_STRUCT_OFFSET(fold_snapshot_entry, heights), 4},
    {TRUE, 16, G_STRUCT_OFFSET(fold_snapshot_entry, header_height), 8},
    {TRUE, 24, G_STRUCT_OFFSET(fold_snapshot_entry, footer_height), 8},
    {TRUE, 32, G_STRUCT_OFFSET(fold_snapshot_entry, row_height), 8},
};
#define NUMBERS_AFTER_STRINGS 40 /* bytes */

static gsize
read_offset(const guint8 *at, gsize size)
{
    guint64 value = 0;
    memcpy(&value, at, size);
    return (gsize)GUINT64_FROM_LE(value);
}

static void
write_offset(guint8 *at, gsize value, gsize size)
{
    guint64 le = GUINT64_TO_LE((guint64)value);
    memcpy(at, &le, size);
}

/* A GVariant string in normal form: UTF-8, NUL-terminated, no other NUL. */
static gboolean
string_ok(const guint8 *start, gsize length)
{
    return length > 0 && start[length - 1] == '\0' &&
           g_utf8_validate((const char *)start, (gssize)(length - 1), NULL);
}

static gboolean
read_tuple(const guint8 *data, gsize size, fold_snapshot_entry *e)
{
    gsize os = offset_size(size);
    /* i, i, two strings of at least their NUL, padding, the numbers, two offsets */
    if (size < 8 + 2 + 6 + NUMBERS_AFTER_STRINGS + 2 * os)
        return FALSE;
    gsize key_end = read_offset(data + size - os, os);
    gsize header_end = read_offset(data + size - 2 * os, os);
    if (key_end < 9 || header_end <= key_end || header_end > size)
        return FALSE;
    gsize fixed = (header_end + 7) & ~(gsize)7;
    if (fixed + NUMBERS_AFTER_STRINGS + 2 * os != size || !string_ok(data + 8, key_end - 8) ||
        !string_ok(data + key_end, header_end - key_end))
        return FALSE;
    for (gsize k = 0; k < G_N_ELEMENTS(numbers); k++)
        memcpy(G_STRUCT_MEMBER_P(e, numbers[k].field),
               data + (numbers[k].after_strings ? fixed : 0) + numbers[k].at, numbers[k].size);
    e->key = (const char *)data + 8;
    e->header = (const char *)data + key_end;
    return TRUE;
}

/* All `count` entries from the array's bytes, or FALSE (entries partly
 * written) when they are not in the layout above. */
static gboolean
read_array(const guint8 *data, gsize size, gsize count, fold_snapshot_entry *entries)
{
    if (size == 0)
        return count == 0;
    gsize os = offset_size(size);
    gsize offsets = read_offset(data + size - os, os); /* the last element's end */
    if (offsets > size || (size - offsets) % os != 0 || (size - offsets) / os != count)
        return FALSE;
    gsize start = 0;
    for (gsize i = 0; i < count; i++) {
        gsize end = read_offset(data + offsets + i * os, os);
        if (end < start || end > offsets || !read_tuple(data + start, end - start, &entries[i]))
            return FALSE;
        start = (end + 7) & ~(gsize)7;
    }
    return TRUE;
}

/* Whether @v holds its elements as GVariants (tree form: made by
 * GVariantBuilder or g_variant_new(), as PyGObject's and GJS's GLib.Variant
 * are) rather than bytes. GLib has no call for it; a tree-form container
 * hands out the same child each time, a serialized one a new GVariant per
 * call. Only the speed depends on the answer: the bytes of a tree-form
 * variant are made on demand, which costs more than reading its elements
 * with g_variant_get(). */
static gboolean
tree_form(GVariant *v)
{
    if (g_variant_n_children(v) == 0)
        return FALSE;
    GVariant *first = g_variant_get_child_value(v, 0), *again = g_variant_get_child_value(v, 0);
    gboolean same = first == again;
    g_variant_unref(first);
    g_variant_unref(again);
    return same;
}

/* The entries as a serialized, floating variant (the inverse of
 * read_array()); their strings are valid UTF-8 (FoldSnapshotBuilder's
 * text_dup), NULL for "". */
GVariant *
fold_snapshot_entries_to_variant(const fold_snapshot_entry *entries, gsize count)
{
    static const char zeros[8];
    GString *out = g_string_sized_new(64 * count + 1); /* gsize lengths, binary data */
    gsize *ends = g_new(gsize, count + 1);
    for (gsize i = 0; i < count; i++) {
        const fold_snapshot_entry *e = &entries[i];
        g_string_append_len(out, zeros, (gssize)(-out->len & 7));
        const char *key = e->key ? e->key : "", *header = e->header ? e->header : "";
        gsize key_end = 8 + strlen(key) + 1, header_end = key_end + strlen(header) + 1;
        gsize fixed = (header_end + 7) & ~(gsize)7;
        gsize body = fixed + NUMBERS_AFTER_STRINGS;
        gsize size = with_offsets(body, 2), os = (size - body) / 2;
        gsize start = out->len;
        g_string_set_size(out, start + size);
        guint8 *p = (guint8 *)out->str + start;
        memset(p, 0, size);
        for (gsize k = 0; k < G_N_ELEMENTS(numbers); k++)
            memcpy(p + (numbers[k].after_strings ? fixed : 0) + numbers[k].at,
                   G_STRUCT_MEMBER_P(e, numbers[k].field), numbers[k].size);
        memcpy(p + 8, key, key_end - 8);
        memcpy(p + key_end, header, header_end - key_end);
        write_offset(p + size - os, key_end, os);
        write_offset(p + size - 2 * os, header_end, os);
        ends[i] = out->len;
    }
    gsize body = out->len, size = with_offsets(body, count);
    g_string_set_size(out, size);
    for (gsize i = 0; i < count; i++)
        write_offset((guint8 *)out->str + body + i * ((size - body) / count), ends[i],
                     (size - body) / count);
    g_free(ends);
    /* The bytes without GString's trailing NUL. */
    GBytes *bytes = g_bytes_new_take(g_string_free(out, FALSE), size);
    GVariant *v = g_variant_new_from_bytes(FOLD_SNAPSHOT_VARIANT_TYPE, bytes, TRUE);
    g_bytes_unref(bytes);
    return v;
}

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
    if (tree_form(snapshot) ||
        !read_array(g_variant_get_data(snapshot), g_variant_get_size(snapshot), count, entries)) {
        GVariantIter iter;
        g_variant_iter_init(&iter, snapshot);
        for (gsize i = 0; i < count; i++) {
            fold_snapshot_entry *e = &entries[i];
            /* "&s": the strings stay in the variant's data, no copies. */
            g_variant_iter_next(&iter, "(ii&s&sxuuddd)", &e->kind, &e->depth, &e->key,
                                &e->header, &e->rows, &e->flags, &e->heights,
                                &e->header_height, &e->footer_height, &e->row_height);
        }
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
