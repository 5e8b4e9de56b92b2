/*
 * fold-list-model.h — FoldListModel, a GListModel over a FoldTable's flat
 * visible list, for GtkListView, GtkGridView or any other GListModel
 * consumer. What it is, how it follows the table and what it costs: the
 * FoldListModel comment below (the GTK reference's class page).
 */
#ifndef FOLD_LIST_MODEL_H
#define FOLD_LIST_MODEL_H

#include <gio/gio.h>
#include <foldtable.h>

#include "fold-enums.h"
#include "fold-list-item.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------- */
/* FoldListModel                                                             */
/* ------------------------------------------------------------------------- */

/**
 * FoldListModel:
 *
 * A #GListModel of #FoldListItem over a fold_table's flat visible list (section
 * headers, rows, footers, and the placeholders of sections whose children
 * are loading, in flat-list order), for #GtkListView, #GtkGridView or any
 * other #GListModel consumer. The engine holds the structure and the
 * header texts; the application keeps its row data and supplies row text
 * through a #FoldTextFunc (fold_list_model_set_text_func()).
 *
 * From GObject Introspection, make it with fold_list_model_new_for_store():
 * it shows a #FoldStore's table and keeps the store alive. In C,
 * fold_list_model_new() also takes a bare table: the model either borrows
 * it (table_free %NULL: the caller frees the table after the last
 * reference to the model is dropped) or owns it (pass
 * (GDestroyNotify) fold_table_free; the model frees it when it is
 * finalized).
 *
 * Selection: the model is also a GtkSelectionModel over the engine's keyed
 * selection (foldtable.h, "Selection"), so a GtkListView over it selects
 * with click, ctrl-click and shift-click, and the selection belongs to the
 * rows and sections: it survives collapse, filtering and inserts.
 * #GtkSelectionModel::selection-changed covers each change set's redraw
 * ranges.
 *
 * Changes: the model registers a change listener on the table
 * (fold_table_add_change_listener; removed when the model is disposed) and
 * turns each fold_change_set into signals, so every mutation is seen — the
 * model's and the store's methods and any fold_table_* call the app makes
 * on the table itself (rows and sections inserted, removed or moved,
 * heights, header texts, sections collapsed or expanded, rows expanded or
 * collapsed (the accordion's too), saved state imported, rows measured).
 * What it emits, inside the listener:
 *
 *   - the change set's step as items-changed(position, removed, added)
 *     (items that appear or go; several steps: the splice that covers
 *     them, see below), followed by notify::n-items when the count changed;
 *   - then, on the live items (see #FoldListItem) that someone holds:
 *     notify for each property that changed — the items in the change set's
 *     redraw ranges (an indicator, a collapsed or expanded flag, a header
 *     text, a height), "position" for items that moved, "row" (and the text
 *     func's title; "section-id", "key", "depth" for a row that moved into
 *     another section) for rows whose row index changed, also when their
 *     position did not (a row the filter hides inserted, removed or moved
 *     before them). A redraw is never an
 *     items-changed: views keep their widgets and update them from notify
 *     (bind to the properties, e.g. with GtkExpression or g_object_bind_property);
 *   - nothing for a mutation that changes nothing.
 *
 * A change set of several steps (a filter typed into, expand_all, a saved
 * state, a batch) or with moves is emitted as the one splice that covers
 * all its steps — one items-changed per change, as GTK's own models send —
 * and items inside it that the engine's steps keep or move are handed out
 * again as the same objects, so a GtkListView keeps their widgets, focus
 * and selection.
 *
 * The engine reports nothing for fold_table_set_indicators (use
 * fold_list_model_set_indicators, which updates every header held) and
 * knows nothing of the app's row data: after changing row text, call
 * fold_list_model_reload().
 *
 * Because the signals run inside the table's listener, their handlers (and
 * the FoldTextFunc, and anything GTK calls from them) may read the table but
 * not change it: such calls fail with FOLD_E_BUSY. To react to a change by
 * changing the table, defer it (g_idle_add). And since views fetch items
 * during the change, update the app's row data before inserting or removing
 * rows in the table, so the FoldTextFunc already answers for the new rows.
 *
 * Cost: the model caches the items handed out that are still alive (it
 * holds no reference: an item nobody holds is dropped), keyed by position.
 * A change set costs O(k) for k cached items (a view holds about a
 * screenful), plus O(log k) per step, plus O(depth * log n) for each cached
 * item read again from the engine: those in a redraw range, and — when
 * some section's children changed (fold_table_structure_version moved),
 * which may change a row's index without moving it — every cached item (a
 * row's title from the text func when its index changed). It never builds
 * items nobody asked for, and never costs the rows the change touched.
 * get_item costs O(log k + depth * log n), plus O(s) for the s steps of the
 * change sets not delivered yet (see Thread safety).
 *
 * Thread safety: like any GObject model, use a FoldListModel and its items
 * from one thread (the GTK main thread: the thread-default main context
 * when it was made). The table may be changed from other threads too — a
 * worker calling fold_table_finish_load() is the usual case — and the
 * model stays a valid GListModel at every moment, the way GTK's own models
 * queue their pending items-changed:
 *   - a change made on another thread is not emitted there: its change set
 *     is queued, and the model's main context emits it (an idle source at
 *     G_PRIORITY_DEFAULT, before the next frame), with the same signals and
 *     notifications as any change; items held stay the same objects;
 *   - until then the model answers from the list it announced: n-items is
 *     the announced count, get_item() never returns NULL below it, and an
 *     item it hands out is the item that list has there (read from the
 *     table through the queued steps; for an item a queued change removed:
 *     the held object, which still describes it, or, if nobody held it, a
 *     stand-in placeholder, see fold-list-item.h, that the delivery
 *     removes);
 *   - a change made on the model's thread meanwhile first emits what is
 *     queued, in order, then its own change set, so the signals always
 *     follow each other;
 *   - positions given to the model (fold_list_model_activate(), the
 *     GtkSelectionModel functions) are the model's and are mapped to the
 *     table's; an item a queued change removed fails with FOLD_E_NOT_FOUND
 *     (FALSE for selection). Positions given to fold_table_* are the
 *     table's, which differ from the model's until the delivery: name rows
 *     and sections by id and row index instead (fold_list_item_get_section_id,
 *     fold_list_item_get_row);
 *   - items-changed emitted from the main loop runs outside the table's
 *     listener: there, unlike inside the listener, handlers may change the
 *     table (that change is emitted right after).
 */
/**
 * FoldListModel:item-type:
 *
 * The type of the items: #FoldListItem.
 */
/**
 * FoldListModel:n-items:
 *
 * The number of items; notified after the #GListModel::items-changed
 * signal that changed it, as #GListStore does.
 */
#define FOLD_TYPE_LIST_MODEL (fold_list_model_get_type())
G_DECLARE_FINAL_TYPE(FoldListModel, fold_list_model, FOLD, LIST_MODEL, GObject)

/**
 * FoldTextFunc:
 * @section: (type guint64): the row's section's id
 * @key: the section's key (valid during the call only)
 * @row: the row's index in its section (>= 0)
 * @user_data: (closure): the data given to fold_list_model_set_text_func()
 *
 * Supplies the text of a row, which the engine does not hold. Called from
 * g_list_model_get_item(), often inside the table's change listener: it
 * may read the table, not change it. Header titles and details (at any
 * depth) come from the engine, not from here.
 *
 * Returns: (transfer full) (nullable): the row's text, a newly allocated
 *   string (g_malloc) that the model frees, or %NULL (the item's title is
 *   then %NULL)
 */
typedef char *(*FoldTextFunc)(fold_section_id section, const char *key, int64_t row,
                              void *user_data);

/**
 * fold_list_model_new: (skip)
 * @table: the engine's table (not %NULL)
 * @table_free: (nullable): %NULL borrows the table, fold_table_free owns it
 *
 * A model over @table. With @table_free %NULL the model borrows the table:
 * it must outlive the model. (GDestroyNotify) fold_table_free makes the
 * model own it. Not in GObject Introspection: use
 * fold_list_model_new_for_store(). Cost: O(1).
 *
 * Returns: (transfer full): a new model
 */
FoldListModel *fold_list_model_new(fold_table *table, GDestroyNotify table_free);

/**
 * fold_list_model_get_table: (skip)
 * @model: a model
 *
 * The model's table, owned as described at fold_list_model_new().
 *
 * Returns: (transfer none): the table
 */
fold_table *fold_list_model_get_table(FoldListModel *model);

/**
 * fold_list_model_set_text_func:
 * @model: a model
 * @func: (nullable) (scope notified) (closure user_data) (destroy destroy): gives rows' texts, or %NULL
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 *
 * Sets (or with %NULL removes) the function that gives rows their titles.
 * @destroy is called on @user_data when the function is replaced or the
 * model finalized. Does not update the items held; call
 * fold_list_model_reload() if items are shown.
 */
void fold_list_model_set_text_func(FoldListModel *model, FoldTextFunc func, void *user_data,
                                   GDestroyNotify destroy);

/* The functions below call the engine (the change listener emits what
 * changed) and turn a failure into a GError. They are conveniences: the
 * same fold_table_* calls on the table have the same effect on the model.
 * Inside a change listener (an items-changed or notify handler) they fail
 * with FOLD_E_BUSY, except the accordion and the indicators. */
/**
 * fold_list_model_activate:
 * @model: a model
 * @position: an item's position
 * @out_action: (out) (optional) (type FoldActivation): what it did, a #FoldActivation
 *   (the FOLD_ACTIVATED_* value; an `int32_t` in C)
 * @error: return location for a #GError
 *
 * What a click on the item at @position does (fold_table_activate()): a
 * header toggles its section unless it is fixed (an empty one its stored
 * state), a row toggles its expansion (the accordion applies), a failed
 * load's placeholder loads again (%FOLD_ACTIVATION_LOAD_RETRIED).
 * @out_action is %FOLD_ACTIVATION_NOTHING for a footer, a fixed header or
 * a row that cannot expand, %FOLD_ACTIVATION_REFUSED when a "will"
 * handler refused (nothing changed; both succeed). Like the model's other
 * methods it fails with FOLD_E_BUSY inside a change listener (an
 * items-changed or notify handler). @position is the model's (see "Thread
 * safety" on #FoldListModel): FOLD_E_RANGE from #FoldListModel:n-items on,
 * FOLD_E_NOT_FOUND for an item that a change made on another thread
 * removed and the model does not show yet. Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean fold_list_model_activate(FoldListModel *model, guint position, int32_t *out_action,
                                  GError **error);

/**
 * fold_list_model_toggle_section:
 * @model: a model
 * @section: (type guint64): a section's id
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Toggles the section @section (an id, any depth: from
 * fold_list_item_get_section_id() or fold_store_find_section()). A stale
 * id fails with FOLD_E_NOT_FOUND, 0 (the top level) with FOLD_E_INVALID; a
 * section that is not collapsible (%FOLD_SECTION_FLAGS_FIXED,
 * %FOLD_SECTION_FLAGS_NO_HEADER) with FOLD_E_NOT_ALLOWED. A "will" handler
 * that refuses is not a failure: %TRUE with @out_changed %FALSE.
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean fold_list_model_toggle_section(FoldListModel *model, fold_section_id section,
                                        gboolean *out_changed, GError **error);
/**
 * fold_list_model_set_section_collapsed:
 * @model: a model
 * @section: (type guint64): a section's id
 * @collapsed: collapse (%TRUE) or expand it
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Collapses or expands a section; fails as
 * fold_list_model_toggle_section() does (expanding a fixed section is
 * allowed and changes nothing). Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean fold_list_model_set_section_collapsed(FoldListModel *model, fold_section_id section,
                                               gboolean collapsed, gboolean *out_changed,
                                               GError **error);

/**
 * fold_list_model_toggle_row:
 * @model: a model
 * @section: (type guint64): a section's id
 * @row: a row index
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Toggles the expansion of row @row of @section (the accordion applies);
 * a row that cannot expand does not change. Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean fold_list_model_toggle_row(FoldListModel *model, fold_section_id section, int64_t row,
                                    gboolean *out_changed, GError **error);
/**
 * fold_list_model_set_row_expanded:
 * @model: a model
 * @section: (type guint64): a section's id
 * @row: a row index
 * @expanded: expand (%TRUE) or collapse it
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Expands or collapses row @row of @section (the accordion applies).
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean fold_list_model_set_row_expanded(FoldListModel *model, fold_section_id section,
                                          int64_t row, gboolean expanded,
                                          gboolean *out_changed, GError **error);

/**
 * fold_list_model_set_accordion:
 * @model: a model
 * @accordion: a FOLD_ACCORDION_* value (#FoldAccordionPolicy)
 * @error: return location for a #GError
 *
 * How many rows may be expanded at once (fold_table_set_accordion(); the
 * store's #FoldStore:accordion property): applies to later expansions;
 * emits nothing. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
gboolean fold_list_model_set_accordion(FoldListModel *model, int32_t accordion, GError **error);

/**
 * fold_list_model_set_indicators:
 * @model: a model
 * @collapsed: the collapsed indicator
 * @expanded: the expanded indicator
 * @error: return location for a #GError
 *
 * Sets the headers' indicator strings (fold_table_set_indicators(), which
 * the engine does not report), then fold_list_model_reload(), so that
 * every header held shows the new strings (notify::indicator).
 * Cost: O(1), then every item held is read again.
 *
 * Returns: %TRUE on success
 */
gboolean fold_list_model_set_indicators(FoldListModel *model, const char *collapsed,
                                        const char *expanded, GError **error);

/**
 * fold_list_model_reload:
 * @model: a model
 *
 * Reads every item held (the live items, see #FoldListItem) again from
 * the engine and the text func, and notifies the properties that changed;
 * emits no items-changed (the list is the same). Call it after the app's
 * row data changed (the engine does not know it), or after
 * fold_table_set_indicators() on the table; table changes need no reload.
 * Inside a change listener, it runs after the change set has been emitted.
 * Cost: O(k * depth * log n) for k items held, plus one text func call
 * per row held.
 */
void fold_list_model_reload(FoldListModel *model);

/**
 * fold_list_model_type_ahead:
 * @model: a model
 * @text: what was typed: one or more characters (UTF-8), added to the
 *   prefix typed so far
 * @out_position: (out) (optional): the position focused, -1 when nothing
 *   matches (the focus stays)
 * @error: return location for a #GError
 *
 * Type-ahead, as GtkListView's and Qt's keyboard search: @text is added to
 * the prefix typed before, unless more than a second passed since the last
 * call (then the prefix starts anew), and the engine's focus moves to the
 * first item from the focused one on (the focused item itself included,
 * so typing more letters of its title keeps it), going round, whose title
 * starts with the prefix, compared case-insensitively
 * (fold_table_find_text()). Rows' titles come from the text func
 * (fold_list_model_set_text_func()), headers' from the engine. When the
 * prefix is one letter typed again ("a", "a"), the search starts after the
 * focused item: repeating a letter walks through the items starting with
 * it. #FoldExpander calls this for printable keys.
 *
 * Cost: O(k × depth × log n) for k items looked at, plus one text func
 * call per row looked at.
 *
 * Returns: %TRUE (also when nothing matches), %FALSE with @error set
 */
gboolean fold_list_model_type_ahead(FoldListModel *model, const char *text,
                                    gint64 *out_position, GError **error);

G_END_DECLS

#endif /* FOLD_LIST_MODEL_H */
