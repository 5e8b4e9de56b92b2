/*
 * fold-store.h — FoldStore, a GObject that owns a fold_table: the table's
 * operations as methods with GError, its section and row events as
 * signals (a "will" handler can veto), its height providers as callbacks.
 * It is the table's face for GObject Introspection (PyGObject, GJS, Vala):
 * the engine's fold_table_* functions are not in the GIR.
 *
 * Section ids are guint64 (fold_section_id); 0 (FOLD_ROOT) names the top
 * level where a parent is asked for. Every failure is a GError in
 * FOLD_LIST_MODEL_ERROR whose code is the engine's status (FOLD_E_*) and
 * whose message is "FOLD_E_NAME: the engine's message".
 *
 * Filtering: a FoldMatchFunc (fold_store_set_filter_func(),
 * fold-store-filter.c). Focus, the keyboard model and type-ahead
 * (fold-store-focus.c), drop targets and drops (fold-store-drop.c). At the end: snapshots (fold_store_apply_snapshot(),
 * FoldSnapshotReport; fold-store-snapshot.c; FoldSnapshotBuilder has its
 * own header). Its enums (FoldSectionFlags, FoldAccordionPolicy,
 * FoldLoadState) are in fold-enums.h.
 */
#ifndef FOLD_STORE_H
#define FOLD_STORE_H

#include <gio/gio.h>
#include <foldtable.h>

#include "foldtable-gtk.h"

G_BEGIN_DECLS

#define FOLD_TYPE_STORE (fold_store_get_type())
G_DECLARE_FINAL_TYPE(FoldStore, fold_store, FOLD, STORE, GObject)

/**
 * FoldHeightFunc:
 * @store: the store
 * @section: the section's id
 * @key: the section's key (valid during the call only)
 * @row: the row index, -1 for a header
 * @out_height: (out): the height in points; it starts at -1, and a
 *   negative value left there keeps the estimate (for an expanded height,
 *   0 means the row has none)
 * @user_data: (closure): the data given with the function
 *
 * Measures a row, a header or a row's expanded height (see
 * fold_store_set_row_height_func()). Runs inside the measuring call with
 * the table's lock held: it may read the store, and changing it fails with
 * FOLD_E_BUSY. (The height is an out parameter rather than the return
 * value because GJS 1.74 mangles doubles returned by JavaScript callbacks.)
 */
typedef void (*FoldHeightFunc)(FoldStore *store, guint64 section, const char *key, gint64 row,
                               double *out_height, gpointer user_data);

/**
 * FoldMatchFunc:
 * @store: the store
 * @section: the section's id
 * @key: the section's key (valid during the call only)
 * @row: the row index, -1 for the section's header
 * @user_data: (closure): the data given with the function
 *
 * Asked whether a row (@row >= 0) or a section's header (@row -1) matches
 * the store's filter (see fold_store_set_filter_func()); the engine's
 * fold_match_fn. It is asked once for every row and section when the
 * filter is set, and once for each row or section added while the filter
 * is on (fold_store_insert_rows(), fold_store_insert_section(),
 * fold_store_finish_load(), fold_store_apply_snapshot(): before it changes
 * anything, so a stop there changes nothing). Runs inside the call that asks, with the
 * table's lock held: it may read the store, and changing it fails with
 * %FOLD_E_BUSY. Answer a changed row later with fold_store_set_row_match().
 *
 * Returns: a positive value for a match, 0 for none; a negative value
 *   stops the call that asks: it fails with %FOLD_E_CANCELLED ("the match
 *   function stopped the filter") and changes nothing (a binding can stop
 *   on an exception this way)
 */
typedef gint (*FoldMatchFunc)(FoldStore *store, guint64 section, const char *key, gint64 row,
                              gpointer user_data);

FoldStore *fold_store_new(void);

fold_table *fold_store_get_table(FoldStore *store);

FoldListModel *fold_list_model_new_for_store(FoldStore *store);

/* Sections */
guint64 fold_store_append_section(FoldStore *store, const char *key, const char *header,
                                  gint64 n_rows, GError **error);
guint64 fold_store_append_subsection(FoldStore *store, guint64 parent, const char *key,
                                     const char *header, gint64 n_rows, GError **error);
gboolean fold_store_insert_section(FoldStore *store, guint64 parent, gint64 index,
                                   const char *key, const char *header, gint64 row_count,
                                   FoldSectionFlags flags, guint64 *out_id, GError **error);
gboolean fold_store_remove_section(FoldStore *store, guint64 section, GError **error);
gboolean fold_store_move_section(FoldStore *store, guint64 section, guint64 parent, gint64 index,
                                 GError **error);
gboolean fold_store_remove_children(FoldStore *store, guint64 parent, gint64 index,
                                    gint64 count, GError **error);
gboolean fold_store_find_section(FoldStore *store, const char *key, guint64 *out_id,
                                 GError **error);
gboolean fold_store_set_section_header(FoldStore *store, guint64 section, const char *header,
                                       GError **error);
gboolean fold_store_set_collapsible(FoldStore *store, guint64 section, gboolean collapsible,
                                    GError **error);
gboolean fold_store_set_section_flags(FoldStore *store, guint64 section, FoldSectionFlags flags,
                                      FoldSectionFlags mask, GError **error);

/* Section info */
char *fold_store_get_section_key(FoldStore *store, guint64 section, GError **error);
char *fold_store_get_section_header(FoldStore *store, guint64 section, GError **error);
char *fold_store_get_section_title(FoldStore *store, guint64 section, GError **error);
char *fold_store_get_section_detail(FoldStore *store, guint64 section, GError **error);
char *fold_store_get_section_indicator(FoldStore *store, guint64 section, GError **error);
gboolean fold_store_get_section_flags(FoldStore *store, guint64 section,
                                      FoldSectionFlags *out_flags, GError **error);
gboolean fold_store_get_section_parent(FoldStore *store, guint64 section, guint64 *out_parent,
                                       GError **error);
gboolean fold_store_get_section_depth(FoldStore *store, guint64 section, gint *out_depth,
                                      GError **error);
gboolean fold_store_get_section_index(FoldStore *store, guint64 section, gint64 *out_index,
                                      GError **error);
gboolean fold_store_get_row_count(FoldStore *store, guint64 section, gint64 *out_count,
                                  GError **error);
gboolean fold_store_get_child_count(FoldStore *store, guint64 parent, gint64 *out_count,
                                    GError **error);
gboolean fold_store_get_section_collapsed(FoldStore *store, guint64 section,
                                          gboolean *out_collapsed, GError **error);

/* Batches */
gboolean fold_store_begin_batch(FoldStore *store, GError **error);
gboolean fold_store_end_batch(FoldStore *store, GError **error);
gint64 fold_store_get_batch_depth(FoldStore *store);

/* Rows */
gboolean fold_store_append_rows(FoldStore *store, guint64 section, gint64 n_rows,
                                GError **error);
gboolean fold_store_insert_rows(FoldStore *store, guint64 section, gint64 index, gint64 count,
                                GError **error);
gboolean fold_store_insert_rows_with_heights(FoldStore *store, guint64 section, gint64 index,
                                             const double *heights, gsize n_heights,
                                             GError **error);
gboolean fold_store_remove_rows(FoldStore *store, guint64 section, gint64 row, gint64 count,
                                GError **error);
gboolean fold_store_move_row(FoldStore *store, guint64 section, gint64 row, guint64 target,
                             gint64 index, GError **error);
gboolean fold_store_set_row_height(FoldStore *store, guint64 section, gint64 row, double height,
                                   GError **error);
gboolean fold_store_set_row_heights(FoldStore *store, guint64 section, gint64 row,
                                    const double *heights, gsize n_heights, GError **error);
gboolean fold_store_set_row_expanded_height(FoldStore *store, guint64 section, gint64 row,
                                            double height, GError **error);
gboolean fold_store_get_row_expanded(FoldStore *store, guint64 section, gint64 row,
                                     gboolean *out_expanded, GError **error);

/* Collapsing and expanding */
gboolean fold_store_collapse(FoldStore *store, guint64 section, gboolean *out_changed,
                             GError **error);
gboolean fold_store_expand(FoldStore *store, guint64 section, gboolean *out_changed,
                           GError **error);
gboolean fold_store_toggle(FoldStore *store, guint64 section, gboolean *out_changed,
                           GError **error);
gboolean fold_store_collapse_all(FoldStore *store, gint64 *out_changed, GError **error);
gboolean fold_store_expand_all(FoldStore *store, gint64 *out_changed, GError **error);
gboolean fold_store_expand_row(FoldStore *store, guint64 section, gint64 row,
                               gboolean *out_changed, GError **error);
gboolean fold_store_collapse_row(FoldStore *store, guint64 section, gint64 row,
                                 gboolean *out_changed, GError **error);
gboolean fold_store_toggle_row(FoldStore *store, guint64 section, gint64 row,
                               gboolean *out_changed, GError **error);
gboolean fold_store_activate(FoldStore *store, guint position, gint *out_action,
                             GError **error);

/* The flat list */
guint fold_store_get_n_items(FoldStore *store);
gboolean fold_store_get_item_count(FoldStore *store, gint64 *out_count, GError **error);
gboolean fold_store_get_content_height(FoldStore *store, double *out_height, GError **error);

/* Settings */
gboolean fold_store_set_indicators(FoldStore *store, const char *collapsed,
                                   const char *expanded, GError **error);

/* Saved state and scrolling */
char *fold_store_export_state(FoldStore *store, GError **error);
gboolean fold_store_import_state(FoldStore *store, const char *json, GError **error);
gboolean fold_store_set_viewport(FoldStore *store, double offset, double height,
                                 GError **error);
gboolean fold_store_clear_viewport(FoldStore *store, GError **error);

/* Transitions (animated changes; played by FoldTransitionClock,
 * fold-transition-clock.h) */
gboolean fold_store_set_transitions(FoldStore *store, gboolean enabled, GError **error);
gboolean fold_store_get_transitions(FoldStore *store, gboolean *out_enabled, GError **error);

/* Heights measured on demand */
gboolean fold_store_set_row_height_func(FoldStore *store, FoldHeightFunc func,
                                        gpointer user_data, GDestroyNotify destroy,
                                        GError **error);
gboolean fold_store_set_header_height_func(FoldStore *store, FoldHeightFunc func,
                                           gpointer user_data, GDestroyNotify destroy,
                                           GError **error);
gboolean fold_store_set_expanded_height_func(FoldStore *store, FoldHeightFunc func,
                                             gpointer user_data, GDestroyNotify destroy,
                                             GError **error);
gboolean fold_store_measure(FoldStore *store, double offset, double height, gint64 overscan,
                            gint64 *out_measured, GError **error);
gboolean fold_store_invalidate_heights(FoldStore *store, guint64 section, gint64 row,
                                       GError **error);

/* Filtering (fold-store-filter.c) */
gboolean fold_store_set_filter_func(FoldStore *store, FoldFilterFlags flags, FoldMatchFunc func,
                                    gpointer user_data, GDestroyNotify destroy, GError **error);
gboolean fold_store_clear_filter(FoldStore *store, GError **error);
gboolean fold_store_get_filter_active(FoldStore *store, gboolean *out_active, GError **error);
gboolean fold_store_get_filter_flags(FoldStore *store, FoldFilterFlags *out_flags,
                                     GError **error);
gboolean fold_store_set_row_match(FoldStore *store, guint64 section, gint64 row,
                                  gboolean matches, GError **error);
gboolean fold_store_set_section_match(FoldStore *store, guint64 section, gboolean matches,
                                      GError **error);
gboolean fold_store_get_row_matches(FoldStore *store, guint64 section, gint64 row,
                                    gboolean *out_matches, GError **error);
gboolean fold_store_get_section_matches(FoldStore *store, guint64 section,
                                        gboolean *out_matches, GError **error);
gboolean fold_store_get_match_count(FoldStore *store, guint64 section, gint64 *out_matches,
                                    gint64 *out_rows, GError **error);

/* Focus and keyboard (fold-store-focus.c) */

/**
 * FoldKeyResult:
 * @handled: %TRUE if the key did something or means something here (even
 *   when nothing changed, e.g. Down on the last item); %FALSE: nothing to
 *   do, let the view use the key
 * @action: for Left, Right, +, -: the section collapsed or expanded, or a
 *   listener refused; otherwise %FOLD_ACTIVATION_NOTHING
 * @focus: the focused position after the key, -1 if none
 * @scroll_offset: with a viewport (fold_store_set_viewport()): the offset
 *   that shows the focused item (for pages: the viewport moved as far as
 *   the focus moved); without one, 0
 * @scroll: %TRUE if @scroll_offset differs from the viewport's offset (the
 *   view should scroll there)
 *
 * What fold_store_press_key() did (the engine's fold_key_result). A plain
 * struct the caller allocates, like #FoldSnapshotReport.
 */
typedef struct {
    gboolean handled;
    FoldActivation action;
    gint64 focus;
    double scroll_offset;
    gboolean scroll;
    /*< private >*/
    gint64 reserved[2];
} FoldKeyResult;

/**
 * FoldItemTextFunc:
 * @store: the store
 * @kind: the item's kind
 * @section: the item's section
 * @row: the row index, -1 for a header, footer or placeholder
 * @position: the item's position in the flat list
 * @user_data: (closure): the data given with the function
 *
 * The text of an item for type-ahead (fold_store_find_text()). Runs inside
 * the call with the table's lock held: it may read the store, changing it
 * fails with %FOLD_E_BUSY.
 *
 * Returns: (transfer full) (nullable): the item's text (the store frees
 *   it), or %NULL for none
 */
typedef char *(*FoldItemTextFunc)(FoldStore *store, FoldItemKind kind, guint64 section, gint64 row,
                                  gint64 position, gpointer user_data);

gboolean fold_store_set_focus(FoldStore *store, gint64 position, GError **error);
gboolean fold_store_get_focus(FoldStore *store, gint64 *out_position, GError **error);
gboolean fold_store_set_focus_kinds(FoldStore *store, FoldFocusKinds kinds, GError **error);
gboolean fold_store_navigate(FoldStore *store, gint64 from, FoldNavigation move,
                             gint64 *out_position, GError **error);
gboolean fold_store_press_key(FoldStore *store, FoldKeyboardKey key, FoldModifiers modifiers,
                              FoldKeyResult *out_result, GError **error);
gboolean fold_store_find_text(FoldStore *store, const char *prefix, gint64 start,
                              FoldFindFlags flags, FoldItemTextFunc func, gpointer user_data,
                              gint64 *out_position, GError **error);

/* Drag and drop (fold-store-drop.c) */

/**
 * FoldDropTarget:
 * @kind: what the drop would do; %FOLD_DROP_KIND_NONE: it cannot be
 *   dropped here
 * @depth: the depth the items would have (0: top level)
 * @parent: the section that gets them (0, FOLD_ROOT: the top level)
 * @index: the child index of @parent they go before, counting its
 *   children as they are now (dragged ones included); its child count: at
 *   the end
 * @position: %FOLD_DROP_KIND_BEFORE: the position of the item below the
 *   line (the item count at the very end); %FOLD_DROP_KIND_INTO: the
 *   section's header
 * @line_y: BEFORE: the line's offset in the content (the top of the item
 *   below it, or the bottom of the last item)
 * @line_x: BEFORE: where the line starts: @depth × the indent width
 * @highlight_top: INTO: the section's header top ...
 * @highlight_height: ... to the bottom of the last item it shows
 *
 * Where dragged items would land (fold_store_drop_target(), the engine's
 * fold_drop_target). Give @parent and @index to fold_store_drop(). A
 * plain struct the caller allocates, like #FoldSnapshotReport.
 */
typedef struct _FoldDropTarget {
    FoldDropKind kind;
    gint depth;
    guint64 parent;
    gint64 index;
    gint64 position;
    double line_y;
    double line_x;
    double highlight_top;
    double highlight_height;
    /*< private >*/
    gint64 reserved[2];
} FoldDropTarget;

gboolean fold_store_drop_target(FoldStore *store, double x, double y, double indent_width,
                                const guint64 *sections, gsize n_sections, const gint64 *rows,
                                gsize n_rows, FoldDropTarget *out_target, GError **error);
gboolean fold_store_drop(FoldStore *store, guint64 parent, gint64 index, const guint64 *sections,
                         gsize n_sections, const gint64 *rows, gsize n_rows, GError **error);

/* Snapshots (fold-store-snapshot.c) */

/**
 * FoldSnapshotReport:
 * @sections_inserted: sections the store did not have
 * @sections_removed: sections the snapshot does not have
 * @sections_moved: kept sections that changed parent or place among their
 *   siblings (not those that only travelled inside a moved section)
 * @sections_kept: sections in both, moved ones included
 * @headers_changed: kept sections whose header text changed
 * @rows_inserted: rows added, in kept and new sections
 * @rows_removed: rows removed, in kept and removed sections
 *
 * What fold_store_apply_snapshot() did (the engine's fold_snapshot_report);
 * sections are counted at every depth. A plain struct the caller
 * allocates (no GType, so that Vala takes it as a struct as PyGObject and
 * GJS do; a boxed record would be a Vala class, which breaks
 * caller-allocates).
 */
typedef struct {
    gint64 sections_inserted;
    gint64 sections_removed;
    gint64 sections_moved;
    gint64 sections_kept;
    gint64 headers_changed;
    gint64 rows_inserted;
    gint64 rows_removed;
    /*< private >*/
    gint64 reserved[3];
} FoldSnapshotReport;

gboolean fold_store_apply_snapshot(FoldStore *store, GVariant *snapshot,
                                   FoldSnapshotReport *out_report, GError **error);

/* Lazily loaded children (fold-store-loading.c; the error text with the
 * other texts in fold-store-sections.c) */
gboolean fold_store_finish_load(FoldStore *store, guint64 section, guint64 ticket,
                                GVariant *children, GError **error);
gboolean fold_store_fail_load(FoldStore *store, guint64 section, guint64 ticket,
                              const char *message, GError **error);
gboolean fold_store_load(FoldStore *store, guint64 section, GError **error);
gboolean fold_store_reload_section(FoldStore *store, guint64 section, GError **error);
gboolean fold_store_get_load_state(FoldStore *store, guint64 section, FoldLoadState *out_state,
                                   guint64 *out_ticket, GError **error);
char *fold_store_get_load_error(FoldStore *store, guint64 section, GError **error);

G_END_DECLS

#endif /* FOLD_STORE_H */
