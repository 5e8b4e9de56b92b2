/*
 * foldtable-gtk.h — FoldTable for GTK 4: the umbrella header of
 * libfoldtable-gtk. Include this one; it includes every public header:
 *
 *   fold-enums.h       every enum and flags type (FoldItemKind, FoldActivation,
 *                      FoldSectionFlags, ...) and the FOLD_LIST_MODEL_ERROR domain
 *   fold-list-item.h   FoldListItem, a live item of the list (header, row,
 *                      footer) whose properties notify when they change
 *   fold-list-model.h  FoldListModel, a GListModel over a fold_table's flat
 *                      visible list, for GtkListView and friends
 *   fold-store.h       FoldStore, a GObject owning a fold_table with the
 *                      operations a UI needs (the face for introspection)
 *   fold-snapshot-builder.h  FoldSnapshotBuilder: the snapshot GVariant for
 *                      fold_store_apply_snapshot(), section by section
 *   fold-expander.h    FoldExpander, the row widget: indentation, chevron,
 *                      keyboard and accessible expanded state
 *   fold-text-heights.h  FoldTextHeights: row heights from Pango, one source
 *                      for the engine and the row widgets
 *   fold-sticky-headers.h  FoldStickyHeaders: the engine's sticky headers over
 *                      a scrolled GtkListView, aligned with its rows
 *   fold-keyboard.h    fold_keyboard_key_for_event(): a GDK key event as the
 *                      engine's keyboard model reads it, for custom views
 *   fold-drop-indicator.h  FoldDropIndicator: where dragged items would land,
 *                      drawn over the list, and the drop
 *   fold-transition-clock.h  FoldTransitionClock: the engine's transitions
 *                      (animated changes) played on a widget's frame clock
 *
 * The engine's own C interface (foldtable.h) comes with it.
 */
#ifndef FOLDTABLE_GTK_H
#define FOLDTABLE_GTK_H

#include <gio/gio.h>
#include <foldtable.h>

#include "fold-enums.h"
#include "fold-list-item.h"
#include "fold-list-model.h"
#include "fold-store.h"
#include "fold-snapshot-builder.h"
#include "fold-expander.h"
#include "fold-text-heights.h"
#include "fold-sticky-headers.h"
#include "fold-keyboard.h"
#include "fold-drop-indicator.h"
#include "fold-transition-clock.h"

#endif /* FOLDTABLE_GTK_H */
