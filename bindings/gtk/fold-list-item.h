/*
 * fold-list-item.h — FoldListItem, one item of a FoldListModel: a section
 * header, a row or a section footer.
 *
 * Items are live: while an item stays in its model, get_item() hands out
 * the same object for it (a header or footer is its section and kind, a row
 * is the row itself: it keeps its object while rows are inserted or removed
 * above it, sections collapse or expand around it), and the model updates
 * its properties when the engine reports a change, with a notify signal for
 * each property whose value changed. An item that leaves the model (its
 * section collapsed, it was removed, its section moved) is detached: it
 * keeps its last values and is never updated again; if it comes back, it is
 * a new object. The model keeps only the items someone holds (it does not
 * keep a reference), so an item nobody holds is built again when asked for.
 * Use items on the model's thread only.
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
G_DECLARE_FINAL_TYPE(FoldListItem, fold_list_item, FOLD, LIST_ITEM, GObject)

/* Read-only properties (all notify when their value changes):
 *   "kind"        FoldItemKind  FOLD_ITEM_KIND_HEADER, _ROW or _FOOTER (the
 *                          engine's FOLD_ITEM_HEADER, _ROW, _FOOTER)
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
 *   "row"         int64    row index in its section (it follows rows
 *                          inserted or removed before it), -1 for headers
 *                          and footers
 *   "position"    uint     position in the model's list (it follows the
 *                          items-changed signals; notified after them)
 *   "height"      double   the item's height in points (an expanded row's
 *                          expanded height)
 *   "expanded"    boolean  a row that is expanded
 *   "expandable"  boolean  a row whose expanded height exceeds its height
 *   "collapsed"   boolean  a header or footer whose section is collapsed
 * The texts come from the engine (fold_table_section_text), copied when the
 * item is built and again when the engine reports a change of the item; the
 * model never splits "Title|Detail" itself. A row's title is asked of the
 * text func when the row is built, when the engine redraws it, when its row
 * index changes and on fold_list_model_reload().
 * The getters return values owned by the item, valid until the property
 * changes (connect to notify) or the item is finalized. */
FoldItemKind fold_list_item_get_kind(FoldListItem *item);
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

G_END_DECLS

#endif /* FOLD_LIST_ITEM_H */
