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

G_DEFINE_BOXED_TYPE(FoldSnapshotReport, fold_snapshot_report, fold_snapshot_report_copy,
                    fold_snapshot_report_free)

/**
 * fold_snapshot_report_copy:
 * @report: a report
 *
 * Returns: (transfer full): a copy of @report, freed with
 *   fold_snapshot_report_free()
 */
FoldSnapshotReport *
fold_snapshot_report_copy(const FoldSnapshotReport *report)
{
    g_return_val_if_fail(report != NULL, NULL);
    return g_memdup2(report, sizeof *report);
}

/**
 * fold_snapshot_report_free:
 * @report: (nullable): a report from fold_snapshot_report_copy()
 *
 * Frees it; NULL is a no-op.
 */
void
fold_snapshot_report_free(FoldSnapshotReport *report)
{
    g_free(report);
}

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
