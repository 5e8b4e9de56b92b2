/*
 * fold-enums.c — GType registration of the adapter's enumerations, and the
 * FOLD_LIST_MODEL_ERROR domain's quark. See fold-enums.h.
 */
#include "fold-enums.h"
#include "fold-list-item-private.h"

/* The enums mirror the engine's constants value for value. */
G_STATIC_ASSERT(FOLD_ITEM_KIND_HEADER == 0 && FOLD_ITEM_KIND_ROW == 1 &&
                FOLD_ITEM_KIND_FOOTER == 2 && FOLD_ITEM_KIND_PLACEHOLDER == 3);
G_STATIC_ASSERT(FOLD_ACTIVATION_REFUSED == 5 && FOLD_ACTIVATION_LOAD_RETRIED == 6);
G_STATIC_ASSERT(FOLD_LIST_MODEL_ERROR_INTERNAL == -99);
G_STATIC_ASSERT(FOLD_FILTER_FLAGS_SHOW_CHILDREN == FOLD_FILTER_SHOW_CHILDREN);
G_STATIC_ASSERT(FOLD_FILTER_FLAGS_EXPAND_MATCHES == FOLD_FILTER_EXPAND_MATCHES);
G_STATIC_ASSERT(FOLD_MODIFIERS_SHIFT == FOLD_MOD_SHIFT && FOLD_MODIFIERS_CTRL == FOLD_MOD_CTRL);
G_STATIC_ASSERT(FOLD_FOCUS_KINDS_HEADERS == FOLD_FOCUS_HEADERS &&
                FOLD_FOCUS_KINDS_ROWS == FOLD_FOCUS_ROWS &&
                FOLD_FOCUS_KINDS_FOOTERS == FOLD_FOCUS_FOOTERS &&
                FOLD_FOCUS_KINDS_PLACEHOLDERS == FOLD_FOCUS_PLACEHOLDERS &&
                FOLD_FOCUS_KINDS_ALL == FOLD_FOCUS_ALL);
G_STATIC_ASSERT(FOLD_FIND_FLAGS_INCLUDE_START == FOLD_FIND_INCLUDE_START &&
                FOLD_FIND_FLAGS_BACKWARD == FOLD_FIND_BACKWARD);

G_DEFINE_QUARK(fold-list-model-error-quark, fold_list_model_error)

gboolean
fold_check_status(int status, GError **error)
{
    if (status == FOLD_OK)
        return TRUE;
    g_set_error(error, FOLD_LIST_MODEL_ERROR, status, "%s: %s", fold_status_name(status),
                fold_last_error_message());
    return FALSE;
}

G_DEFINE_ENUM_TYPE(FoldItemKind, fold_item_kind,
                   G_DEFINE_ENUM_VALUE(FOLD_ITEM_KIND_HEADER, "header"),
                   G_DEFINE_ENUM_VALUE(FOLD_ITEM_KIND_ROW, "row"),
                   G_DEFINE_ENUM_VALUE(FOLD_ITEM_KIND_FOOTER, "footer"),
                   G_DEFINE_ENUM_VALUE(FOLD_ITEM_KIND_PLACEHOLDER, "placeholder"))

G_DEFINE_ENUM_TYPE(FoldActivation, fold_activation,
                   G_DEFINE_ENUM_VALUE(FOLD_ACTIVATION_NOTHING, "nothing"),
                   G_DEFINE_ENUM_VALUE(FOLD_ACTIVATION_SECTION_COLLAPSED, "section-collapsed"),
                   G_DEFINE_ENUM_VALUE(FOLD_ACTIVATION_SECTION_EXPANDED, "section-expanded"),
                   G_DEFINE_ENUM_VALUE(FOLD_ACTIVATION_ROW_EXPANDED, "row-expanded"),
                   G_DEFINE_ENUM_VALUE(FOLD_ACTIVATION_ROW_COLLAPSED, "row-collapsed"),
                   G_DEFINE_ENUM_VALUE(FOLD_ACTIVATION_REFUSED, "refused"),
                   G_DEFINE_ENUM_VALUE(FOLD_ACTIVATION_LOAD_RETRIED, "load-retried"))

G_DEFINE_FLAGS_TYPE(FoldFilterFlags, fold_filter_flags,
                    G_DEFINE_ENUM_VALUE(FOLD_FILTER_FLAGS_NONE, "none"),
                    G_DEFINE_ENUM_VALUE(FOLD_FILTER_FLAGS_SHOW_CHILDREN, "show-children"),
                    G_DEFINE_ENUM_VALUE(FOLD_FILTER_FLAGS_EXPAND_MATCHES, "expand-matches"))

G_DEFINE_ENUM_TYPE(FoldListModelError, fold_list_model_error,
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_INVALID, "invalid"),
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_RANGE, "range"),
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_NOT_FOUND, "not-found"),
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_DUPLICATE, "duplicate"),
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_NOT_VISIBLE, "not-visible"),
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_BUSY, "busy"),
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_NOT_ALLOWED, "not-allowed"),
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_CANCELLED, "cancelled"),
                   G_DEFINE_ENUM_VALUE(FOLD_LIST_MODEL_ERROR_INTERNAL, "internal"))

G_DEFINE_ENUM_TYPE(FoldKeyboardKey, fold_keyboard_key,
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_UP, "up"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_DOWN, "down"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_LEFT, "left"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_RIGHT, "right"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_HOME, "home"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_END, "end"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_PAGE_UP, "page-up"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_PAGE_DOWN, "page-down"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_SPACE, "space"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_PLUS, "plus"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_MINUS, "minus"),
                   G_DEFINE_ENUM_VALUE(FOLD_KEYBOARD_KEY_ASTERISK, "asterisk"))

G_DEFINE_FLAGS_TYPE(FoldModifiers, fold_modifiers,
                    G_DEFINE_ENUM_VALUE(FOLD_MODIFIERS_NONE, "none"),
                    G_DEFINE_ENUM_VALUE(FOLD_MODIFIERS_SHIFT, "shift"),
                    G_DEFINE_ENUM_VALUE(FOLD_MODIFIERS_CTRL, "ctrl"))

G_DEFINE_ENUM_TYPE(FoldNavigation, fold_navigation,
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_NEXT, "next"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_PREVIOUS, "previous"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_FIRST, "first"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_LAST, "last"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_PARENT, "parent"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_FIRST_CHILD, "first-child"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_NEXT_SIBLING, "next-sibling"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_PREVIOUS_SIBLING, "previous-sibling"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_PAGE_DOWN, "page-down"),
                   G_DEFINE_ENUM_VALUE(FOLD_NAVIGATION_PAGE_UP, "page-up"))

G_DEFINE_FLAGS_TYPE(FoldFocusKinds, fold_focus_kinds,
                    G_DEFINE_ENUM_VALUE(FOLD_FOCUS_KINDS_NONE, "none"),
                    G_DEFINE_ENUM_VALUE(FOLD_FOCUS_KINDS_HEADERS, "headers"),
                    G_DEFINE_ENUM_VALUE(FOLD_FOCUS_KINDS_ROWS, "rows"),
                    G_DEFINE_ENUM_VALUE(FOLD_FOCUS_KINDS_FOOTERS, "footers"),
                    G_DEFINE_ENUM_VALUE(FOLD_FOCUS_KINDS_PLACEHOLDERS, "placeholders"),
                    G_DEFINE_ENUM_VALUE(FOLD_FOCUS_KINDS_ALL, "all"))

G_DEFINE_ENUM_TYPE(FoldDropKind, fold_drop_kind,
                   G_DEFINE_ENUM_VALUE(FOLD_DROP_KIND_NONE, "none"),
                   G_DEFINE_ENUM_VALUE(FOLD_DROP_KIND_BEFORE, "before"),
                   G_DEFINE_ENUM_VALUE(FOLD_DROP_KIND_INTO, "into"))

G_DEFINE_FLAGS_TYPE(FoldFindFlags, fold_find_flags,
                    G_DEFINE_ENUM_VALUE(FOLD_FIND_FLAGS_NONE, "none"),
                    G_DEFINE_ENUM_VALUE(FOLD_FIND_FLAGS_INCLUDE_START, "include-start"),
                    G_DEFINE_ENUM_VALUE(FOLD_FIND_FLAGS_BACKWARD, "backward"))
