/*
 * fold-list-item.h — FoldListItem, one item of a FoldListModel: a section
 * header, a row, a section footer, or the placeholder of a section whose
 * children are loading.
 *
 * How items live, change and hold their texts: the FoldListItem comment
 * below (the GTK reference's class page).
 */
#ifndef FOLD_LIST_ITEM_H
#define FOLD_LIST_ITEM_H

#include <glib-object.h>
#include <foldtable.h>

#include "fold-enums.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------- */
/* FoldListItem                                                              */
/* ------------------------------------------------------------------------- */

#define FOLD_TYPE_LIST_ITEM (fold_list_item_get_type())
/**
 * FoldListItem:
 *
 * One item of a #FoldListModel: a section header, a row, a section footer,
 * or the placeholder of a section whose children are loading, with
 * read-only properties that notify when their value changes.
 *
 * Items are live: while an item stays in its model, g_list_model_get_item()
 * hands out the same object for it (a header or footer is its section and
 * kind, a row is the row itself: it keeps its object while rows are
 * inserted or removed above it, sections collapse or expand around it),
 * and the model updates its properties when the engine reports a change,
 * with a notify signal for each property whose value changed. An item that
 * leaves the model (its section collapsed, it was removed, its section
 * moved) is detached: it keeps its last values and is never updated again;
 * if it comes back, it is a new object. The model keeps only the items
 * someone holds (it does not keep a reference), so an item nobody holds is
 * built again when asked for. Use items on the model's thread only.
 *
 * A placeholder (%FOLD_ITEM_KIND_PLACEHOLDER, row -1) sits under the header
 * of a section inserted with %FOLD_SECTION_FLAGS_UNLOADED while its
 * children load or after its load failed (see #FoldStore::load-start);
 * #FoldExpander shows it as "Loading…" with a spinner, or its error with a
 * "Retry" link.
 *
 * The texts come from the engine (fold_table_section_text()), copied when
 * the item is built and again when the engine reports a change of the
 * item; the model never splits "Title|Detail" itself. A row's title is
 * asked of the text func when the row is built, when the engine redraws
 * it, when its row index or section changes and on
 * fold_list_model_reload(). The getters return values owned by the item,
 * valid until the property changes (connect to notify) or the item is
 * finalized.
 *
 * While a change made on another thread waits for the main loop (see
 * "Thread safety" on #FoldListModel), an item the model hands out for a
 * position whose item that change removed, and that nobody held, is a
 * stand-in: a detached placeholder ("loading", #FoldListItem:section-id 0,
 * #FoldListItem:row -1, #FoldListItem:height 0) that the coming
 * items-changed removes.
 */
G_DECLARE_FINAL_TYPE(FoldListItem, fold_list_item, FOLD, LIST_ITEM, GObject)

/**
 * FoldListItem:kind:
 *
 * What the item is: a header, a row, a footer or a placeholder (the
 * engine's FOLD_ITEM_*).
 */
/**
 * FoldListItem:depth:
 *
 * The nesting depth of the item's section (0 = top level).
 */
/**
 * FoldListItem:section-id:
 *
 * The id of the item's section (a fold_section_id): pass it to
 * fold_list_model_toggle_section(), the #FoldStore methods or any
 * fold_table_* call. Valid while the section exists (a stale id is
 * FOLD_E_NOT_FOUND, never undefined behaviour).
 */
/**
 * FoldListItem:key:
 *
 * The key of the item's section (its persistent identity).
 */
/**
 * FoldListItem:title:
 *
 * A header's title (FOLD_TEXT_TITLE, any depth); a row's text from the
 * model's #FoldTextFunc; %NULL for a footer; a placeholder's load error
 * message while #FoldListItem:failed (FOLD_TEXT_LOAD_ERROR), else %NULL.
 */
/**
 * FoldListItem:detail:
 *
 * A header's detail (FOLD_TEXT_DETAIL, the part after '|'), or %NULL when
 * its text has no '|'.
 */
/**
 * FoldListItem:indicator:
 *
 * A header's indicator (FOLD_TEXT_INDICATOR): "+" or "–", or the strings
 * set with fold_list_model_set_indicators(); "" for a section that is not
 * collapsible now; %NULL for rows and footers.
 */
/**
 * FoldListItem:collapsible:
 *
 * A header or footer whose section is collapsible now (not fixed and has
 * children, FOLD_ITEM_FLAG_COLLAPSIBLE): draw an indicator, offer a click.
 */
/**
 * FoldListItem:row:
 *
 * A row's index in its section (it follows rows inserted, removed or
 * moved before it, shown or hidden by a filter; #FoldListItem:section-id,
 * #FoldListItem:key and #FoldListItem:depth follow a row moved into
 * another section where it keeps its place); -1 for headers, footers and
 * placeholders.
 */
/**
 * FoldListItem:position:
 *
 * The item's position in the model (it follows the items-changed signals;
 * notified after them).
 */
/**
 * FoldListItem:height:
 *
 * The item's height in points (an expanded row's expanded height).
 */
/**
 * FoldListItem:expanded:
 *
 * A row that is expanded.
 */
/**
 * FoldListItem:expandable:
 *
 * A row whose expanded height exceeds its height.
 */
/**
 * FoldListItem:collapsed:
 *
 * A header or footer whose section is collapsed.
 */
/**
 * FoldListItem:loading:
 *
 * A placeholder whose section's children are loading
 * (FOLD_ITEM_FLAG_LOADING).
 */
/**
 * FoldListItem:failed:
 *
 * A placeholder whose section's load failed; activating it retries
 * (FOLD_ITEM_FLAG_FAILED).
 */
/**
 * FoldListItem:selected:
 *
 * A header whose section, or a row, is selected (FOLD_ITEM_FLAG_SELECTED).
 */
/**
 * FoldListItem:match:
 *
 * A header or row that matches the table's filter itself
 * (FOLD_ITEM_FLAG_MATCH).
 */
/**
 * FoldListItem:focused:
 *
 * The table's focused item, its keyboard cursor (FOLD_ITEM_FLAG_FOCUSED;
 * foldtable.h, "Focus and keyboard"): at most one item of the list. It
 * follows the engine's focus rule, so after a collapse or a removal the
 * item that takes the focus notifies. #FoldExpander draws its focus ring
 * from GTK's focus and moves GTK's focus to the item that gets this.
 */
/**
 * fold_list_item_get_kind:
 * @item: an item
 *
 * The #FoldListItem:kind property.
 *
 * Returns: the item's kind (a header, a row, a footer or a placeholder)
 */
FoldItemKind fold_list_item_get_kind(FoldListItem *item);
/**
 * fold_list_item_get_depth:
 * @item: an item
 *
 * The #FoldListItem:depth property.
 *
 * Returns: the nesting depth of the item's section (0 = top level)
 */
int32_t fold_list_item_get_depth(FoldListItem *item);
/**
 * fold_list_item_get_section_id:
 * @item: an item
 *
 * The #FoldListItem:section-id property.
 *
 * Returns: (type guint64): the item's section's id
 */
fold_section_id fold_list_item_get_section_id(FoldListItem *item);
/**
 * fold_list_item_get_key:
 * @item: an item
 *
 * The #FoldListItem:key property.
 *
 * Returns: (nullable): the key of the item's section
 */
const char *fold_list_item_get_key(FoldListItem *item);
/**
 * fold_list_item_get_title:
 * @item: an item
 *
 * The #FoldListItem:title property.
 *
 * Returns: (nullable): a header's title, a row's text, a failed
 *   placeholder's error message, %NULL for a footer
 */
const char *fold_list_item_get_title(FoldListItem *item);
/**
 * fold_list_item_get_detail:
 * @item: an item
 *
 * The #FoldListItem:detail property.
 *
 * Returns: (nullable): a header's detail (after '|'), else %NULL
 */
const char *fold_list_item_get_detail(FoldListItem *item);
/**
 * fold_list_item_get_indicator:
 * @item: an item
 *
 * The #FoldListItem:indicator property.
 *
 * Returns: (nullable): a header's indicator ("" when not collapsible now),
 *   %NULL for rows and footers
 */
const char *fold_list_item_get_indicator(FoldListItem *item);
/**
 * fold_list_item_get_collapsible:
 * @item: an item
 *
 * The #FoldListItem:collapsible property.
 *
 * Returns: a header or footer whose section is collapsible now
 */
gboolean fold_list_item_get_collapsible(FoldListItem *item);
/**
 * fold_list_item_get_row:
 * @item: an item
 *
 * The #FoldListItem:row property.
 *
 * Returns: a row's index in its section (kept current), -1 for headers
 *   and footers
 */
int64_t fold_list_item_get_row(FoldListItem *item);
/**
 * fold_list_item_get_position:
 * @item: an item
 *
 * The #FoldListItem:position property.
 *
 * Returns: the item's position in the model (kept current)
 */
guint fold_list_item_get_position(FoldListItem *item);
/**
 * fold_list_item_get_height:
 * @item: an item
 *
 * The #FoldListItem:height property.
 *
 * Returns: the item's height in points
 */
double fold_list_item_get_height(FoldListItem *item);
/**
 * fold_list_item_get_expanded:
 * @item: an item
 *
 * The #FoldListItem:expanded property.
 *
 * Returns: a row that is expanded
 */
gboolean fold_list_item_get_expanded(FoldListItem *item);
/**
 * fold_list_item_get_expandable:
 * @item: an item
 *
 * The #FoldListItem:expandable property.
 *
 * Returns: a row whose expanded height exceeds its height
 */
gboolean fold_list_item_get_expandable(FoldListItem *item);
/**
 * fold_list_item_get_collapsed:
 * @item: an item
 *
 * The #FoldListItem:collapsed property.
 *
 * Returns: a header or footer whose section is collapsed
 */
gboolean fold_list_item_get_collapsed(FoldListItem *item);
/**
 * fold_list_item_get_loading:
 * @item: an item
 *
 * The #FoldListItem:loading property.
 *
 * Returns: a placeholder whose section's children are loading
 */
gboolean fold_list_item_get_loading(FoldListItem *item);
/**
 * fold_list_item_get_failed:
 * @item: an item
 *
 * The #FoldListItem:failed property.
 *
 * Returns: a placeholder whose section's load failed (activate it to retry)
 */
gboolean fold_list_item_get_failed(FoldListItem *item);
/**
 * fold_list_item_get_selected:
 * @item: an item
 *
 * The #FoldListItem:selected property.
 *
 * Returns: a header whose section, or a row, is selected
 */
gboolean fold_list_item_get_selected(FoldListItem *item);
/**
 * fold_list_item_get_match:
 * @item: an item
 *
 * The #FoldListItem:match property.
 *
 * Returns: a header or row that matches the table's filter itself
 */
gboolean fold_list_item_get_match(FoldListItem *item);
/**
 * fold_list_item_get_focused:
 * @item: an item
 *
 * The #FoldListItem:focused property.
 *
 * Returns: the table's focused item
 */
gboolean fold_list_item_get_focused(FoldListItem *item);

G_END_DECLS

#endif /* FOLD_LIST_ITEM_H */
