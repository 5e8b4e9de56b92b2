/*
 * fold-store-focus.c — FoldStore's focus, keyboard model and type-ahead
 * (foldtable.h, "Focus and keyboard" and "Type-ahead"): one engine call
 * each; type-ahead's text function goes through a FoldItemTextFunc.
 */
#include "fold-store-private.h"

/**
 * fold_store_set_focus:
 * @store: a store
 * @position: the item to focus, or -1 to clear the focus
 * @error: return location for a #GError
 *
 * Focuses the item at @position (the keyboard cursor; see
 * #FoldListItem:focused). An item that cannot take focus (a kind left out
 * by fold_store_set_focus_kinds(), an item of a
 * %FOLD_SECTION_FLAGS_NO_FOCUS section) is %FOLD_E_NOT_ALLOWED. The
 * selection does not change. The old and new focused items are redrawn.
 * Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_focus, (FoldStore *store, gint64 position, GError **error),
                fold_table_set_focus(table, position))

/**
 * fold_store_get_focus:
 * @store: a store
 * @out_position: (out): the focused item's position, -1 when nothing is
 *   focused
 * @error: return location for a #GError
 *
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_get_focus, (FoldStore *store, gint64 *out_position, GError **error),
                    int64_t position, fold_table_focus(table, &position), out_position, position)

/**
 * fold_store_set_focus_kinds:
 * @store: a store
 * @kinds: the kinds of item that can take focus (default
 *   %FOLD_FOCUS_KINDS_ALL)
 * @error: return location for a #GError
 *
 * A focused item of a kind no longer allowed keeps the focus until it
 * moves. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_focus_kinds, (FoldStore *store, FoldFocusKinds kinds, GError **error),
                fold_table_set_focus_kinds(table, (uint32_t)kinds))

/**
 * fold_store_navigate:
 * @store: a store
 * @from: the position to move from, -1 for none (see below)
 * @move: the move
 * @out_position: (out): where it lands (@from itself when there is no
 *   item that can take focus in that direction)
 * @error: return location for a #GError
 *
 * Where a move lands, passing over items that cannot take focus; nothing
 * changes (fold_store_set_focus() moves the focus there). From -1 every
 * move lands on the first item but PREVIOUS, LAST and PAGE_UP, which land
 * on the last. Pages need a viewport (fold_store_set_viewport()), else
 * %FOLD_E_NOT_ALLOWED; %FOLD_E_NOT_FOUND when no item can take focus.
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_navigate,
                    (FoldStore *store, gint64 from, FoldNavigation move, gint64 *out_position,
                     GError **error),
                    int64_t position, fold_table_navigate(table, from, (int32_t)move, &position),
                    out_position, position)

/**
 * fold_store_press_key:
 * @store: a store
 * @key: the key
 * @modifiers: Shift and Ctrl
 * @out_result: (out caller-allocates) (optional): what the key did and
 *   where to scroll
 * @error: return location for a #GError
 *
 * The keyboard model of a multi-selection tree list in one call
 * (fold_table_press_key(); its table in foldtable.h): Up, Down, Home, End,
 * Page Up and Page Down move the focus and select (Shift: the range from
 * the anchor; Ctrl: focus only); Left collapses an expanded header or goes
 * to the parent header; Right expands a collapsed header or goes to the
 * first child; Space toggles the focused item's selection; + and - expand
 * and collapse the focused header's section; * expands it and every
 * section below it. All of it reaches the models as one change set. The
 * viewport (fold_store_set_viewport()) is used for pages and for
 * @out_result's scroll offset; the store does not move it.
 *
 * Cost: O(depth * log n) (*: O(s * log n) for s sections below).
 *
 * Returns: (skip): %TRUE on success (a key with nothing to do too: see
 *   #FoldKeyResult.handled)
 */
gboolean
fold_store_press_key(FoldStore *store, FoldKeyboardKey key, FoldModifiers modifiers,
                     FoldKeyResult *out_result, GError **error)
{
    TABLE_OR_FAIL(store, error);
    fold_key_result r = {0};
    if (!fold_check_status(fold_table_press_key(table, (int32_t)key, (uint32_t)modifiers, &r),
                           error))
        return FALSE;
    if (out_result)
        *out_result = (FoldKeyResult){
            .handled = r.handled != 0,
            .action = (FoldActivation)r.action,
            .focus = r.focus,
            .scroll_offset = r.scroll_offset,
            .scroll = r.scroll != 0,
        };
    return TRUE;
}

/* ---- type-ahead ---------------------------------------------------------- */

/* The app's function during one fold_store_find_text(): the text it gave
 * last is kept here until the next call or the end (the engine's rule). */
typedef struct {
    FoldStore *store;
    FoldItemTextFunc func;
    gpointer data;
    char *text;
} FindText;

static const char *
find_text_item(const fold_item *item, int64_t position, void *user_data)
{
    FindText *f = user_data;
    g_free(f->text);
    f->text = f->func(f->store, (FoldItemKind)item->kind, item->section, item->row, position,
                      f->data);
    return f->text;
}

/**
 * fold_store_find_text:
 * @store: a store
 * @prefix: what was typed (UTF-8, not empty)
 * @start: the position to search from (the focused item), -1 for the top
 * @flags: %FOLD_FIND_FLAGS_INCLUDE_START (@start itself may match),
 *   %FOLD_FIND_FLAGS_BACKWARD
 * @func: (nullable) (scope call) (closure user_data): the text of every
 *   candidate (rows included), or %NULL for headers' titles only
 * @user_data: data for @func
 * @out_position: (out): the first item after @start (going round) whose
 *   text starts with @prefix, compared case-insensitively with Unicode
 *   case folding; -1 when none does
 * @error: return location for a #GError
 *
 * Type-ahead: only items that can take focus are candidates; leading
 * spaces of a text are ignored. Nothing changes: focus the answer with
 * fold_store_set_focus(). No match is not an error (-1). An empty prefix
 * or invalid UTF-8 is %FOLD_E_INVALID. Cost: O(k * depth * log n) for k
 * candidates looked at (without @func, rows are passed a section at a
 * time).
 *
 * Returns: (skip): %TRUE on success
 */
gboolean
fold_store_find_text(FoldStore *store, const char *prefix, gint64 start, FoldFindFlags flags,
                     FoldItemTextFunc func, gpointer user_data, gint64 *out_position,
                     GError **error)
{
    TABLE_OR_FAIL(store, error);
    FindText f = {store, func, user_data, NULL};
    int64_t position = -1;
    int status = fold_table_find_text(table, prefix, start, (uint32_t)flags,
                                      func ? find_text_item : NULL, func ? &f : NULL, &position);
    g_free(f.text);
    if (status == FOLD_E_NOT_FOUND)
        position = -1, status = FOLD_OK;
    FOLD_RETURN_OUT(status, out_position, position, error);
}
