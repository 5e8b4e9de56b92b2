/*
 * foldtable-gtk.h — a GListModel over a FoldTable's flat visible list, for
 * GtkListView, GtkGridView or any other GListModel consumer.
 *
 * FoldListModel presents the items of a fold_table (section headers, rows,
 * footers, in flat-list order) as FoldListItem objects. The engine holds only
 * the structure; the application keeps its data and supplies row text through
 * a FoldTextFunc.
 *
 * Ownership: the model either borrows the table (table_free NULL: the caller
 * frees the table after the last reference to the model is dropped) or owns
 * it (pass (GDestroyNotify) fold_table_free; the model frees it when it is
 * finalized).
 *
 * Changes: the C API reports no change events yet, so the model computes
 * items-changed from the engine's answers around each mutation, and only
 * mutations made through the fold_list_model_* functions below are seen.
 * What they emit, exactly:
 *   - a section at header position p collapses: items-changed(p + 1, d, 0),
 *     where d is the number of items that disappeared, then
 *     items-changed(p, 1, 1) for the header, whose indicator and collapsed
 *     state changed;
 *   - a section expands: items-changed(p + 1, 0, d), then (p, 1, 1);
 *   - a row expands or collapses (its height changes): items-changed(q, 1, 1)
 *     for that row and for every other visible row the accordion collapsed,
 *     in increasing q;
 *   - nothing is emitted when nothing visible changed (a hidden section
 *     toggled, a footer or a non-expandable row activated).
 * After changing the table directly, call fold_list_model_reload(), which
 * emits items-changed(0, old count, new count).
 *
 * FoldListItem objects are snapshots: get_item() builds one from the engine's
 * answers at that moment. They do not change afterwards; after items-changed,
 * ask the model again.
 *
 * Thread safety: like any GObject model, use a FoldListModel from one thread
 * (the GTK main thread). The table may be queried from other threads, but
 * mutations made there are not seen by the model.
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
 *   "key"         string   key of the item's section
 *   "title"       string   header: its title; row: the text func's answer;
 *                          footer: NULL
 *   "detail"      string   header: the part after '|' of its text, or NULL
 *   "indicator"   string   header: "+" / "–" (or the strings set with
 *                          fold_list_model_set_indicators), "" for an empty
 *                          section; NULL for rows and footers
 *   "row"         int64    row index in its section, -1 for headers, footers
 *   "position"    uint     position in the flat list when it was built
 *   "height"      double   the item's height in points (an expanded row's
 *                          expanded height)
 *   "expanded"    boolean  a row that is expanded
 *   "expandable"  boolean  a row whose expanded height exceeds its height
 *   "collapsed"   boolean  a header or footer whose section is collapsed
 * The getters return values owned by the item. */
int32_t fold_list_item_get_kind(FoldListItem *item);
int32_t fold_list_item_get_depth(FoldListItem *item);
const char *fold_list_item_get_key(FoldListItem *item);
const char *fold_list_item_get_title(FoldListItem *item);
const char *fold_list_item_get_detail(FoldListItem *item);
const char *fold_list_item_get_indicator(FoldListItem *item);
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

/* Supplies text the engine does not hold: for a row (row >= 0) its title;
 * for the header of a nested section (row == -1) its title, because the C
 * API reads header text back only for top-level sections. `key` is the
 * section's key. Returns a newly allocated string (g_malloc) that the model
 * frees with g_free, or NULL (the item's title is then the key for a header,
 * NULL for a row). */
typedef char *(*FoldTextFunc)(const char *key, int64_t row, void *user_data);

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

/* What a click on the item at `position` does (fold_table_activate): a header
 * toggles its section, a row toggles its expansion (the accordion applies).
 * *out_action (optional) is the FOLD_ACTIVATED_* value. */
gboolean fold_list_model_activate(FoldListModel *model, guint position, int32_t *out_action,
                                  GError **error);

/* Toggle, collapse or expand the section `key` (any depth). *out_changed
 * (optional) as in fold_table_toggle_key(). */
gboolean fold_list_model_toggle_section(FoldListModel *model, const char *key,
                                        gboolean *out_changed, GError **error);
gboolean fold_list_model_set_section_collapsed(FoldListModel *model, const char *key,
                                               gboolean collapsed, gboolean *out_changed,
                                               GError **error);

/* Toggle, or set, the expansion of row `row` of section `key`. */
gboolean fold_list_model_toggle_row(FoldListModel *model, const char *key, int64_t row,
                                    gboolean *out_changed, GError **error);
gboolean fold_list_model_set_row_expanded(FoldListModel *model, const char *key, int64_t row,
                                          gboolean expanded, gboolean *out_changed,
                                          GError **error);

/* fold_table_set_accordion(); emits items-changed for any row it collapses. */
gboolean fold_list_model_set_accordion(FoldListModel *model, int32_t accordion, GError **error);

/* fold_table_set_indicators(); rebinds every visible header. */
gboolean fold_list_model_set_indicators(FoldListModel *model, const char *collapsed,
                                        const char *expanded, GError **error);

/* After changing the table directly: items-changed(0, old count, new count). */
void fold_list_model_reload(FoldListModel *model);

G_END_DECLS

#endif /* FOLDTABLE_GTK_H */
