/*
 * foldtable-gtk.h — a GListModel over a FoldTable's flat visible list, for
 * GtkListView, GtkGridView or any other GListModel consumer.
 *
 * FoldListModel presents the items of a fold_table (section headers, rows,
 * footers, in flat-list order) as FoldListItem objects. The engine holds the
 * structure and the header texts; the application keeps its row data and
 * supplies row text through a FoldTextFunc.
 *
 * Ownership: the model either borrows the table (table_free NULL: the caller
 * frees the table after the last reference to the model is dropped) or owns
 * it (pass (GDestroyNotify) fold_table_free; the model frees it when it is
 * finalized).
 *
 * Changes: the model registers a change listener on the table
 * (fold_table_add_change_listener; removed when the model is disposed) and
 * turns each fold_change_set into items-changed, so every mutation is seen —
 * the fold_list_model_* functions below and any fold_table_* call the app
 * makes on the table itself (rows and sections inserted, removed or moved,
 * heights, header texts, sections collapsed or expanded, rows expanded or
 * collapsed (the accordion's too), saved state imported, rows measured). What it emits, inside the listener:
 *   - each step of the change set as items-changed(position, removed, added),
 *     in order;
 *   - then each redraw range (items that stayed but whose height or state
 *     changed: an indicator, a collapsed or expanded flag, a header text, a
 *     section's row count — the engine redraws a header whenever its
 *     section's row count changes, also while collapsed) as
 *     items-changed(p, n, n), so that views fetch those items again;
 *   - nothing for a mutation that changes nothing.
 * While a step is emitted the table is already in its final state; get_item
 * maps positions through the steps still to come, which works when those
 * only insert. When a later step of the same change set removes items (a
 * saved state or collapse_all collapsing several sections), the lists between the steps would hold
 * items the table no longer has, so the steps are emitted as the one splice
 * that covers them all, followed by the redraw ranges outside it.
 * The engine reports nothing for fold_table_set_indicators (use
 * fold_list_model_set_indicators, which rebinds every item) and knows
 * nothing of the app's row data: after changing row text, call
 * fold_list_model_reload().
 *
 * Because items-changed runs inside the table's listener, handlers of
 * items-changed (and the FoldTextFunc, and anything GTK calls from them) may
 * read the table but not change it: such calls fail with FOLD_E_BUSY. To
 * react to a change by changing the table, defer it (g_idle_add). And since
 * views fetch items during the change, update the app's row data before
 * inserting or removing rows in the table, so the FoldTextFunc already
 * answers for the new rows.
 *
 * FoldListItem objects are snapshots, built by get_item() from the engine's
 * answers at that moment; the model keeps no cache. Rows that move (rows
 * inserted or removed before them, their section moved) are reported as
 * moved, not changed, so an item kept by a view still carries the "row" and
 * "position" it had when it was built; ask the engine for live indices
 * (fold_table_item_at(gtk_list_item_get_position(...))). Its "section-id"
 * stays right while the section exists, moves included.
 *
 * Thread safety: like any GObject model, use a FoldListModel from one thread
 * (the GTK main thread) and change its table on that thread. The table may be
 * queried from other threads; a change made on another thread is not emitted
 * there: the model catches up on its own main context (the thread-default
 * context when it was made) with one items-changed(0, old count, new count),
 * and until then its count lags behind the table.
 */
#ifndef FOLDTABLE_GTK_H
#define FOLDTABLE_GTK_H

#include <gio/gio.h>
#include <foldtable.h>

G_BEGIN_DECLS

/* Errors of the fold_list_model_* functions: domain FOLD_LIST_MODEL_ERROR, the
 * code is the engine's status (FOLD_E_*), the message the engine's
 * fold_last_error_message(). */
/**
 * FOLD_LIST_MODEL_ERROR:
 *
 * The error domain of FoldListModel and FoldStore: the code is the
 * engine's status (FOLD_E_*, negative).
 */
#define FOLD_LIST_MODEL_ERROR (fold_list_model_error_quark())
/**
 * fold_list_model_error_quark:
 *
 * Returns: the quark of %FOLD_LIST_MODEL_ERROR
 */
GQuark fold_list_model_error_quark(void);

/* ------------------------------------------------------------------------- */
/* FoldListItem                                                              */
/* ------------------------------------------------------------------------- */

#define FOLD_TYPE_LIST_ITEM (fold_list_item_get_type())
G_DECLARE_FINAL_TYPE(FoldListItem, fold_list_item, FOLD, LIST_ITEM, GObject)

/* Read-only properties (all set when the model builds the item):
 *   "kind"        int      FOLD_ITEM_HEADER, _ROW or _FOOTER
 *   "depth"       int      nesting depth of the item's section (0 = top level)
 *   "section-id"  uint64   the item's section (fold_section_id): pass it to
 *                          fold_list_model_toggle_section() and friends or to
 *                          any fold_table_* call; valid while the section
 *                          exists (a stale id is FOLD_E_NOT_FOUND, never
 *                          undefined behaviour)
 *   "key"         string   key of the item's section (the persistent identity)
 *   "title"       string   header: its title (FOLD_TEXT_TITLE, any depth);
 *                          row: the text func's answer; footer: NULL
 *   "detail"      string   header: FOLD_TEXT_DETAIL (the part after '|'), or
 *                          NULL when its text has no '|'
 *   "indicator"   string   header: FOLD_TEXT_INDICATOR — "+" / "–" or the
 *                          strings set with fold_list_model_set_indicators,
 *                          "" for a section that is not collapsible now;
 *                          NULL for rows and footers
 *   "collapsible" boolean  a header or footer whose section is collapsible
 *                          now (FOLD_ITEM_FLAG_COLLAPSIBLE: not
 *                          FOLD_SECTION_FIXED and has children): draw an
 *                          indicator, offer a click
 *   "row"         int64    row index in its section when it was built, -1 for
 *                          headers and footers
 *   "position"    uint     position in the flat list when it was built
 *   "height"      double   the item's height in points (an expanded row's
 *                          expanded height)
 *   "expanded"    boolean  a row that is expanded
 *   "expandable"  boolean  a row whose expanded height exceeds its height
 *   "collapsed"   boolean  a header or footer whose section is collapsed
 * The texts come from the engine (fold_table_section_text), copied once when
 * the item is built; the model never splits "Title|Detail" itself.
 * The getters return values owned by the item. */
/**
 * FoldListItem:
 *
 * One item of a #FoldListModel: a section header, a row or a footer, with
 * read-only properties (see above). The getters' strings are owned by the
 * item.
 */
/**
 * fold_list_item_get_kind:
 * @item: an item
 *
 * Returns: 0 a header, 1 a row, 2 a footer (FOLD_ITEM_*)
 */
/**
 * fold_list_item_get_depth:
 * @item: an item
 *
 * Returns: the nesting depth of the item's section (0 = top level)
 */
/**
 * fold_list_item_get_section_id:
 * @item: an item
 *
 * Returns: (type guint64): the item's section's id
 */
/**
 * fold_list_item_get_key:
 * @item: an item
 *
 * Returns: (nullable): the key of the item's section
 */
/**
 * fold_list_item_get_title:
 * @item: an item
 *
 * Returns: (nullable): a header's title, a row's text, %NULL for a footer
 */
/**
 * fold_list_item_get_detail:
 * @item: an item
 *
 * Returns: (nullable): a header's detail (after '|'), else %NULL
 */
/**
 * fold_list_item_get_indicator:
 * @item: an item
 *
 * Returns: (nullable): a header's indicator ("" when not collapsible now),
 *   %NULL for rows and footers
 */
/**
 * fold_list_item_get_collapsible:
 * @item: an item
 *
 * Returns: a header or footer whose section is collapsible now
 */
/**
 * fold_list_item_get_row:
 * @item: an item
 *
 * Returns: a row's index in its section when the item was built, -1 for
 *   headers and footers
 */
/**
 * fold_list_item_get_position:
 * @item: an item
 *
 * Returns: the item's position when it was built
 */
/**
 * fold_list_item_get_height:
 * @item: an item
 *
 * Returns: the item's height in points
 */
/**
 * fold_list_item_get_expanded:
 * @item: an item
 *
 * Returns: a row that is expanded
 */
/**
 * fold_list_item_get_expandable:
 * @item: an item
 *
 * Returns: a row whose expanded height exceeds its height
 */
/**
 * fold_list_item_get_collapsed:
 * @item: an item
 *
 * Returns: a header or footer whose section is collapsed
 */
int32_t fold_list_item_get_kind(FoldListItem *item);
int32_t fold_list_item_get_depth(FoldListItem *item);
fold_section_id fold_list_item_get_section_id(FoldListItem *item);
const char *fold_list_item_get_key(FoldListItem *item);
const char *fold_list_item_get_title(FoldListItem *item);
const char *fold_list_item_get_detail(FoldListItem *item);
const char *fold_list_item_get_indicator(FoldListItem *item);
gboolean fold_list_item_get_collapsible(FoldListItem *item);
int64_t fold_list_item_get_row(FoldListItem *item);
guint fold_list_item_get_position(FoldListItem *item);
double fold_list_item_get_height(FoldListItem *item);
gboolean fold_list_item_get_expanded(FoldListItem *item);
gboolean fold_list_item_get_expandable(FoldListItem *item);
gboolean fold_list_item_get_collapsed(FoldListItem *item);

/* ------------------------------------------------------------------------- */
/* FoldListModel                                                             */
/* ------------------------------------------------------------------------- */

#define FOLD_TYPE_LIST_MODEL (fold_list_model_get_type())
G_DECLARE_FINAL_TYPE(FoldListModel, fold_list_model, FOLD, LIST_MODEL, GObject)

/* Supplies the text of row `row` (>= 0) of the section `section` (its id;
 * `key` is its key, valid during the call only), which the engine does not
 * hold. Returns a newly allocated string (g_malloc) that the model frees
 * with g_free, or NULL (the item's title is then NULL). Called from
 * get_item, often inside the table's change listener: it may read the
 * table, not change it.
 * Header titles and details (at any depth) come from the engine, not from
 * here. */
/**
 * FoldTextFunc:
 * @section: (type guint64): the row's section's id
 * @key: the section's key (valid during the call only)
 * @row: the row's index in its section
 * @user_data: (closure): the data given to fold_list_model_set_text_func()
 *
 * Returns: (transfer full) (nullable): the row's text
 */
typedef char *(*FoldTextFunc)(fold_section_id section, const char *key, int64_t row,
                              void *user_data);

/* A model over `table` (not NULL). table_free NULL borrows the table: it must
 * outlive the model. (GDestroyNotify) fold_table_free makes the model own it.
 * Returns a new reference. */
/**
 * fold_list_model_new: (skip)
 * @table: the engine's table
 * @table_free: (nullable): %NULL borrows the table, fold_table_free owns it
 *
 * Cost: O(1).
 *
 * Returns: (transfer full): a new model
 */
FoldListModel *fold_list_model_new(fold_table *table, GDestroyNotify table_free);

/* The table; owned as described at fold_list_model_new(). */
/**
 * fold_list_model_get_table: (skip)
 * @model: a model
 *
 * Returns: (transfer none): the table
 */
fold_table *fold_list_model_get_table(FoldListModel *model);

/* Sets (or with NULL removes) the text function. destroy (optional) is called
 * on user_data when the function is replaced or the model finalized. Does
 * not emit items-changed; call fold_list_model_reload() if items are shown. */
/**
 * fold_list_model_set_text_func:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): gives rows' texts, or %NULL
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 */
void fold_list_model_set_text_func(FoldListModel *model, FoldTextFunc func, void *user_data,
                                   GDestroyNotify destroy);

/* The functions below call the engine (the change listener emits what
 * changed) and turn a failure into a GError. They are conveniences: the
 * same fold_table_* calls on the table have the same effect on the model.
 * Inside a change listener (an items-changed handler) they fail with
 * FOLD_E_BUSY, except the accordion and the indicators.
 *
 * What a click on the item at `position` does (fold_table_activate): a header
 * toggles its section unless it is fixed (an empty one its stored state), a
 * row toggles its expansion (the accordion applies). *out_action (optional)
 * is the FOLD_ACTIVATED_* value: FOLD_ACTIVATED_NOTHING for a footer, a
 * fixed header or a row that cannot expand, FOLD_ACTIVATED_REFUSED when a
 * "will" listener refused (nothing changed; both return TRUE). */
/**
 * fold_list_model_activate:
 * @model: a model
 * @position: an item's position
 * @out_action: (out) (optional): what it did (FOLD_ACTIVATED_*)
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean fold_list_model_activate(FoldListModel *model, guint position, int32_t *out_action,
                                  GError **error);

/* Toggle, collapse or expand the section `section` (an id, any depth: from
 * fold_list_item_get_section_id() or fold_table_find_section()).
 * *out_changed (optional) as in fold_table_toggle(). A stale id fails with
 * FOLD_E_NOT_FOUND, FOLD_ROOT with FOLD_E_INVALID; toggling or collapsing a
 * section that is not collapsible (FOLD_SECTION_FIXED, NO_HEADER) fails with
 * FOLD_E_NOT_ALLOWED. A "will" listener that refuses is not a failure:
 * TRUE with *out_changed FALSE. */
/**
 * fold_list_model_toggle_section:
 * @model: a model
 * @section: (type guint64): a section's id
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
/**
 * fold_list_model_set_section_collapsed:
 * @model: a model
 * @section: (type guint64): a section's id
 * @collapsed: collapse (%TRUE) or expand it
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean fold_list_model_toggle_section(FoldListModel *model, fold_section_id section,
                                        gboolean *out_changed, GError **error);
gboolean fold_list_model_set_section_collapsed(FoldListModel *model, fold_section_id section,
                                               gboolean collapsed, gboolean *out_changed,
                                               GError **error);

/* Toggle, or set, the expansion of row `row` of section `section`. */
/**
 * fold_list_model_toggle_row:
 * @model: a model
 * @section: (type guint64): a section's id
 * @row: a row index
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
/**
 * fold_list_model_set_row_expanded:
 * @model: a model
 * @section: (type guint64): a section's id
 * @row: a row index
 * @expanded: expand (%TRUE) or collapse it
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean fold_list_model_toggle_row(FoldListModel *model, fold_section_id section, int64_t row,
                                    gboolean *out_changed, GError **error);
gboolean fold_list_model_set_row_expanded(FoldListModel *model, fold_section_id section,
                                          int64_t row, gboolean expanded,
                                          gboolean *out_changed, GError **error);

/* fold_table_set_accordion(): applies to later expansions; emits nothing. */
/**
 * fold_list_model_set_accordion:
 * @model: a model
 * @accordion: a FOLD_ACCORDION_* value (#FoldAccordionPolicy)
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean fold_list_model_set_accordion(FoldListModel *model, int32_t accordion, GError **error);

/* fold_table_set_indicators(), which the engine does not report; then
 * fold_list_model_reload() so that every header shows the new strings. */
/**
 * fold_list_model_set_indicators:
 * @model: a model
 * @collapsed: the collapsed indicator
 * @expanded: the expanded indicator
 * @error: return location for a #GError
 *
 * Cost: O(1), then every item is fetched again.
 *
 * Returns: %TRUE on success
 */
gboolean fold_list_model_set_indicators(FoldListModel *model, const char *collapsed,
                                        const char *expanded, GError **error);

/* items-changed(0, n, n): every item is fetched again — after the app's row
 * data changed (the engine does not know it), or after
 * fold_table_set_indicators on the table. Table changes need no reload.
 * Inside a change listener, it runs after the change set has been emitted. */
/**
 * fold_list_model_reload:
 * @model: a model
 *
 * Emits items-changed(0, n, n). Cost: O(1) (plus what views fetch).
 */
void fold_list_model_reload(FoldListModel *model);

G_END_DECLS

#endif /* FOLDTABLE_GTK_H */
