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
#define FOLD_LIST_MODEL_ERROR (fold_list_model_error_quark())
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
typedef char *(*FoldTextFunc)(fold_section_id section, const char *key, int64_t row,
                              void *user_data);

/* A model over `table` (not NULL). table_free NULL borrows the table: it must
 * outlive the model. (GDestroyNotify) fold_table_free makes the model own it.
 * Returns a new reference. */
FoldListModel *fold_list_model_new(fold_table *table, GDestroyNotify table_free);

/* The table; owned as described at fold_list_model_new(). */
fold_table *fold_list_model_get_table(FoldListModel *model);

/* Sets (or with NULL removes) the text function. destroy (optional) is called
 * on user_data when the function is replaced or the model finalized. Does
 * not emit items-changed; call fold_list_model_reload() if items are shown. */
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
gboolean fold_list_model_activate(FoldListModel *model, guint position, int32_t *out_action,
                                  GError **error);

/* Toggle, collapse or expand the section `section` (an id, any depth: from
 * fold_list_item_get_section_id() or fold_table_find_section()).
 * *out_changed (optional) as in fold_table_toggle(). A stale id fails with
 * FOLD_E_NOT_FOUND, FOLD_ROOT with FOLD_E_INVALID; toggling or collapsing a
 * section that is not collapsible (FOLD_SECTION_FIXED, NO_HEADER) fails with
 * FOLD_E_NOT_ALLOWED. A "will" listener that refuses is not a failure:
 * TRUE with *out_changed FALSE. */
gboolean fold_list_model_toggle_section(FoldListModel *model, fold_section_id section,
                                        gboolean *out_changed, GError **error);
gboolean fold_list_model_set_section_collapsed(FoldListModel *model, fold_section_id section,
                                               gboolean collapsed, gboolean *out_changed,
                                               GError **error);

/* Toggle, or set, the expansion of row `row` of section `section`. */
gboolean fold_list_model_toggle_row(FoldListModel *model, fold_section_id section, int64_t row,
                                    gboolean *out_changed, GError **error);
gboolean fold_list_model_set_row_expanded(FoldListModel *model, fold_section_id section,
                                          int64_t row, gboolean expanded,
                                          gboolean *out_changed, GError **error);

/* fold_table_set_accordion(): applies to later expansions; emits nothing. */
gboolean fold_list_model_set_accordion(FoldListModel *model, int32_t accordion, GError **error);

/* fold_table_set_indicators(), which the engine does not report; then
 * fold_list_model_reload() so that every header shows the new strings. */
gboolean fold_list_model_set_indicators(FoldListModel *model, const char *collapsed,
                                        const char *expanded, GError **error);

/* items-changed(0, n, n): every item is fetched again — after the app's row
 * data changed (the engine does not know it), or after
 * fold_table_set_indicators on the table. Table changes need no reload.
 * Inside a change listener, it runs after the change set has been emitted. */
void fold_list_model_reload(FoldListModel *model);

G_END_DECLS

#endif /* FOLDTABLE_GTK_H */
