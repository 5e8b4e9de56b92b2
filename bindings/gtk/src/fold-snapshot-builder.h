/*
 * fold-snapshot-builder.h — FoldSnapshotBuilder: builds the snapshot
 * GVariant ("a(iissxuuddd)") for fold_store_apply_snapshot() and
 * fold_store_finish_load() section by section (fold-snapshot-builder.c).
 */
#ifndef FOLD_SNAPSHOT_BUILDER_H
#define FOLD_SNAPSHOT_BUILDER_H

#include <glib-object.h>

#include "foldtable-gtk.h"

G_BEGIN_DECLS

#define FOLD_TYPE_SNAPSHOT_BUILDER (fold_snapshot_builder_get_type())
G_DECLARE_FINAL_TYPE(FoldSnapshotBuilder, fold_snapshot_builder, FOLD, SNAPSHOT_BUILDER, GObject)

FoldSnapshotBuilder *fold_snapshot_builder_new(void);
void fold_snapshot_builder_open_section(FoldSnapshotBuilder *builder, const char *key,
                                        const char *header, FoldSectionFlags flags);
void fold_snapshot_builder_add_rows(FoldSnapshotBuilder *builder, gint64 count);
void fold_snapshot_builder_add_section(FoldSnapshotBuilder *builder, const char *key,
                                       const char *header, FoldSectionFlags flags, gint64 rows);
void fold_snapshot_builder_set_header_height(FoldSnapshotBuilder *builder, double height);
void fold_snapshot_builder_set_footer_height(FoldSnapshotBuilder *builder, double height);
void fold_snapshot_builder_set_row_height(FoldSnapshotBuilder *builder, double height);
void fold_snapshot_builder_close_section(FoldSnapshotBuilder *builder);
GVariant *fold_snapshot_builder_end(FoldSnapshotBuilder *builder);

G_END_DECLS

#endif /* FOLD_SNAPSHOT_BUILDER_H */
