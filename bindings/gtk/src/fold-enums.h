/*
 * fold-enums.h — the enumerations of the GTK adapter, registered with GType
 * (GEnum; the flag sets FoldFilterFlags, FoldModifiers, FoldFocusKinds,
 * FoldFindFlags and FoldSectionFlags as GFlags; all registered in
 * fold-enums.c), so that properties, GObject
 * Introspection and language bindings see named values instead of plain
 * ints. Each mirrors a set of constants of the engine (foldtable.h), value
 * for value.
 */
#ifndef FOLD_ENUMS_H
#define FOLD_ENUMS_H

#include <glib-object.h>
#include <foldtable.h>

G_BEGIN_DECLS

/**
 * FoldItemKind:
 * @FOLD_ITEM_KIND_HEADER: a section's header (FOLD_ITEM_HEADER)
 * @FOLD_ITEM_KIND_ROW: a row (FOLD_ITEM_ROW)
 * @FOLD_ITEM_KIND_FOOTER: a section's footer (FOLD_ITEM_FOOTER)
 * @FOLD_ITEM_KIND_PLACEHOLDER: under the header of a section whose children
 *   are loading or failed to load (FOLD_ITEM_PLACEHOLDER; see
 *   #FoldListItem:loading and #FoldListItem:failed)
 *
 * What an item of the flat list is; the type of FoldListItem's "kind".
 * Nicks: "header", "row", "footer", "placeholder".
 */
typedef enum {
    FOLD_ITEM_KIND_HEADER = FOLD_ITEM_HEADER,
    FOLD_ITEM_KIND_ROW = FOLD_ITEM_ROW,
    FOLD_ITEM_KIND_FOOTER = FOLD_ITEM_FOOTER,
    FOLD_ITEM_KIND_PLACEHOLDER = FOLD_ITEM_PLACEHOLDER
} FoldItemKind;

/**
 * FoldActivation:
 * @FOLD_ACTIVATION_NOTHING: nothing to do: a footer, a fixed header, a row
 *   that cannot expand (FOLD_ACTIVATED_NOTHING)
 * @FOLD_ACTIVATION_SECTION_COLLAPSED: a header's section collapsed
 * @FOLD_ACTIVATION_SECTION_EXPANDED: a header's section expanded
 * @FOLD_ACTIVATION_ROW_EXPANDED: a row expanded
 * @FOLD_ACTIVATION_ROW_COLLAPSED: a row collapsed
 * @FOLD_ACTIVATION_REFUSED: a "will" listener refused; nothing changed
 * @FOLD_ACTIVATION_LOAD_RETRIED: the placeholder of a failed load: its
 *   section is loading again (FOLD_ACTIVATED_LOAD_RETRIED)
 *
 * What activating an item did (fold_list_model_activate(), the engine's
 * FOLD_ACTIVATED_* values). Nicks: "nothing", "section-collapsed",
 * "section-expanded", "row-expanded", "row-collapsed", "refused",
 * "load-retried".
 */
typedef enum {
    FOLD_ACTIVATION_NOTHING = FOLD_ACTIVATED_NOTHING,
    FOLD_ACTIVATION_SECTION_COLLAPSED = FOLD_ACTIVATED_SECTION_COLLAPSED,
    FOLD_ACTIVATION_SECTION_EXPANDED = FOLD_ACTIVATED_SECTION_EXPANDED,
    FOLD_ACTIVATION_ROW_EXPANDED = FOLD_ACTIVATED_ROW_EXPANDED,
    FOLD_ACTIVATION_ROW_COLLAPSED = FOLD_ACTIVATED_ROW_COLLAPSED,
    FOLD_ACTIVATION_REFUSED = FOLD_ACTIVATED_REFUSED,
    FOLD_ACTIVATION_LOAD_RETRIED = FOLD_ACTIVATED_LOAD_RETRIED
} FoldActivation;

/**
 * FoldFilterFlags:
 * @FOLD_FILTER_FLAGS_NONE: no option: the rows that match and the sections
 *   that lead to them are shown
 * @FOLD_FILTER_FLAGS_SHOW_CHILDREN: a section whose header matches shows
 *   all that is below it, all levels down, whatever they answer
 *   (FOLD_FILTER_SHOW_CHILDREN)
 * @FOLD_FILTER_FLAGS_EXPAND_MATCHES: collapsed sections with something shown
 *   below them are shown expanded while the filter is on; their stored state
 *   stays collapsed (FOLD_FILTER_EXPAND_MATCHES)
 *
 * The options of a filter (fold_store_set_filter_func()): the engine's
 * FOLD_FILTER_* flags, bit for bit. Nicks: "none", "show-children",
 * "expand-matches".
 */
typedef enum {
    FOLD_FILTER_FLAGS_NONE = 0,
    FOLD_FILTER_FLAGS_SHOW_CHILDREN = 1 << 0,
    FOLD_FILTER_FLAGS_EXPAND_MATCHES = 1 << 1
} FoldFilterFlags;

/**
 * FoldKeyboardKey:
 * @FOLD_KEYBOARD_KEY_UP: Up (FOLD_KEY_UP)
 * @FOLD_KEYBOARD_KEY_DOWN: Down
 * @FOLD_KEYBOARD_KEY_LEFT: Left (toward the start of the line: swap Left
 *   and Right in right-to-left text)
 * @FOLD_KEYBOARD_KEY_RIGHT: Right
 * @FOLD_KEYBOARD_KEY_HOME: Home
 * @FOLD_KEYBOARD_KEY_END: End
 * @FOLD_KEYBOARD_KEY_PAGE_UP: Page Up
 * @FOLD_KEYBOARD_KEY_PAGE_DOWN: Page Down
 * @FOLD_KEYBOARD_KEY_SPACE: Space
 * @FOLD_KEYBOARD_KEY_PLUS: + (expand)
 * @FOLD_KEYBOARD_KEY_MINUS: - (collapse)
 * @FOLD_KEYBOARD_KEY_ASTERISK: * (expand all below)
 *
 * The keys of the engine's keyboard model (fold_store_press_key(), the
 * engine's FOLD_KEY_* values). Nicks: "up", "down", "left", "right",
 * "home", "end", "page-up", "page-down", "space", "plus", "minus",
 * "asterisk".
 */
typedef enum {
    FOLD_KEYBOARD_KEY_UP = FOLD_KEY_UP,
    FOLD_KEYBOARD_KEY_DOWN = FOLD_KEY_DOWN,
    FOLD_KEYBOARD_KEY_LEFT = FOLD_KEY_LEFT,
    FOLD_KEYBOARD_KEY_RIGHT = FOLD_KEY_RIGHT,
    FOLD_KEYBOARD_KEY_HOME = FOLD_KEY_HOME,
    FOLD_KEYBOARD_KEY_END = FOLD_KEY_END,
    FOLD_KEYBOARD_KEY_PAGE_UP = FOLD_KEY_PAGE_UP,
    FOLD_KEYBOARD_KEY_PAGE_DOWN = FOLD_KEY_PAGE_DOWN,
    FOLD_KEYBOARD_KEY_SPACE = FOLD_KEY_SPACE,
    FOLD_KEYBOARD_KEY_PLUS = FOLD_KEY_PLUS,
    FOLD_KEYBOARD_KEY_MINUS = FOLD_KEY_MINUS,
    FOLD_KEYBOARD_KEY_ASTERISK = FOLD_KEY_ASTERISK
} FoldKeyboardKey;

/**
 * FoldModifiers:
 * @FOLD_MODIFIERS_NONE: no modifier
 * @FOLD_MODIFIERS_SHIFT: Shift (FOLD_MOD_SHIFT): extend the selection
 * @FOLD_MODIFIERS_CTRL: Ctrl (FOLD_MOD_CTRL): move the focus only
 *
 * Modifiers of fold_store_press_key(), bit for bit the engine's FOLD_MOD_*.
 * Nicks: "none", "shift", "ctrl".
 */
typedef enum {
    FOLD_MODIFIERS_NONE = 0,
    FOLD_MODIFIERS_SHIFT = 1 << 0,
    FOLD_MODIFIERS_CTRL = 1 << 1
} FoldModifiers;

/**
 * FoldNavigation:
 * @FOLD_NAVIGATION_NEXT: the next item
 * @FOLD_NAVIGATION_PREVIOUS: the previous item
 * @FOLD_NAVIGATION_FIRST: the first item (Home)
 * @FOLD_NAVIGATION_LAST: the last item (End)
 * @FOLD_NAVIGATION_PARENT: the header of the section that holds the item
 * @FOLD_NAVIGATION_FIRST_CHILD: from an expanded section's header, the
 *   first item below it
 * @FOLD_NAVIGATION_NEXT_SIBLING: the next child of the same parent
 * @FOLD_NAVIGATION_PREVIOUS_SIBLING: the previous one
 * @FOLD_NAVIGATION_PAGE_DOWN: one viewport height further down
 * @FOLD_NAVIGATION_PAGE_UP: one viewport height up
 *
 * Moves of fold_store_navigate() (the engine's FOLD_NAV_*; foldtable.h,
 * "Focus and keyboard", says where each lands). Nicks: "next",
 * "previous", "first", "last", "parent", "first-child", "next-sibling",
 * "previous-sibling", "page-down", "page-up".
 */
typedef enum {
    FOLD_NAVIGATION_NEXT = FOLD_NAV_NEXT,
    FOLD_NAVIGATION_PREVIOUS = FOLD_NAV_PREVIOUS,
    FOLD_NAVIGATION_FIRST = FOLD_NAV_FIRST,
    FOLD_NAVIGATION_LAST = FOLD_NAV_LAST,
    FOLD_NAVIGATION_PARENT = FOLD_NAV_PARENT,
    FOLD_NAVIGATION_FIRST_CHILD = FOLD_NAV_FIRST_CHILD,
    FOLD_NAVIGATION_NEXT_SIBLING = FOLD_NAV_NEXT_SIBLING,
    FOLD_NAVIGATION_PREVIOUS_SIBLING = FOLD_NAV_PREVIOUS_SIBLING,
    FOLD_NAVIGATION_PAGE_DOWN = FOLD_NAV_PAGE_DOWN,
    FOLD_NAVIGATION_PAGE_UP = FOLD_NAV_PAGE_UP
} FoldNavigation;

/**
 * FoldFocusKinds:
 * @FOLD_FOCUS_KINDS_NONE: no item takes focus
 * @FOLD_FOCUS_KINDS_HEADERS: headers (FOLD_FOCUS_HEADERS)
 * @FOLD_FOCUS_KINDS_ROWS: rows
 * @FOLD_FOCUS_KINDS_FOOTERS: footers
 * @FOLD_FOCUS_KINDS_PLACEHOLDERS: placeholders
 * @FOLD_FOCUS_KINDS_ALL: all four (the default)
 *
 * Which kinds of item can take focus (fold_store_set_focus_kinds()), bit
 * for bit the engine's FOLD_FOCUS_*. Nicks: "none", "headers", "rows",
 * "footers", "placeholders", "all".
 */
typedef enum {
    FOLD_FOCUS_KINDS_NONE = 0,
    FOLD_FOCUS_KINDS_HEADERS = 1 << 0,
    FOLD_FOCUS_KINDS_ROWS = 1 << 1,
    FOLD_FOCUS_KINDS_FOOTERS = 1 << 2,
    FOLD_FOCUS_KINDS_PLACEHOLDERS = 1 << 3,
    FOLD_FOCUS_KINDS_ALL = 15
} FoldFocusKinds;

/**
 * FoldDropKind:
 * @FOLD_DROP_KIND_NONE: the items cannot be dropped here (FOLD_DROP_NONE)
 * @FOLD_DROP_KIND_BEFORE: between items: draw a line
 * @FOLD_DROP_KIND_INTO: onto a section: highlight it
 *
 * Kinds of drop target (#FoldDropTarget, the engine's FOLD_DROP_*).
 * Nicks: "none", "before", "into".
 */
typedef enum {
    FOLD_DROP_KIND_NONE = FOLD_DROP_NONE,
    FOLD_DROP_KIND_BEFORE = FOLD_DROP_BEFORE,
    FOLD_DROP_KIND_INTO = FOLD_DROP_INTO
} FoldDropKind;

/**
 * FoldFindFlags:
 * @FOLD_FIND_FLAGS_NONE: search down from the item after the start
 * @FOLD_FIND_FLAGS_INCLUDE_START: the start item itself may match (typing
 *   more letters of the same word keeps the item)
 * @FOLD_FIND_FLAGS_BACKWARD: search upward
 *
 * Options of fold_store_find_text(), bit for bit the engine's FOLD_FIND_*.
 * Nicks: "none", "include-start", "backward".
 */
typedef enum {
    FOLD_FIND_FLAGS_NONE = 0,
    FOLD_FIND_FLAGS_INCLUDE_START = 1 << 0,
    FOLD_FIND_FLAGS_BACKWARD = 1 << 1
} FoldFindFlags;

/**
 * FoldListModelError:
 * @FOLD_LIST_MODEL_ERROR_INVALID: an argument is invalid (FOLD_E_INVALID)
 * @FOLD_LIST_MODEL_ERROR_RANGE: an index or count is out of range (FOLD_E_RANGE)
 * @FOLD_LIST_MODEL_ERROR_NOT_FOUND: no such section or item, a stale id
 *   (FOLD_E_NOT_FOUND)
 * @FOLD_LIST_MODEL_ERROR_DUPLICATE: the key is taken (FOLD_E_DUPLICATE)
 * @FOLD_LIST_MODEL_ERROR_NOT_VISIBLE: inside a collapsed section
 *   (FOLD_E_NOT_VISIBLE)
 * @FOLD_LIST_MODEL_ERROR_BUSY: the table is inside a callback: retry after it
 *   returns (FOLD_E_BUSY)
 * @FOLD_LIST_MODEL_ERROR_NOT_ALLOWED: the section does not allow it
 *   (FOLD_E_NOT_ALLOWED)
 * @FOLD_LIST_MODEL_ERROR_CANCELLED: the load this ticket belongs to is over
 *   (FOLD_E_CANCELLED): children that arrive late are refused; or a
 *   #FoldMatchFunc returned a negative answer: the match function stopped
 *   the filter (or the insertion that asked it), and nothing changed
 * @FOLD_LIST_MODEL_ERROR_INTERNAL: any other failure (FOLD_E_INTERNAL)
 *
 * The codes of errors in the FOLD_LIST_MODEL_ERROR domain: the engine's
 * status codes (FOLD_E_*), value for value (so they are negative). The
 * message is "FOLD_E_NAME: " followed by the engine's
 * fold_last_error_message(). Nicks: "invalid", "range", "not-found",
 * "duplicate", "not-visible", "busy", "not-allowed", "cancelled", "internal".
 */
typedef enum {
    FOLD_LIST_MODEL_ERROR_INVALID = FOLD_E_INVALID,
    FOLD_LIST_MODEL_ERROR_RANGE = FOLD_E_RANGE,
    FOLD_LIST_MODEL_ERROR_NOT_FOUND = FOLD_E_NOT_FOUND,
    FOLD_LIST_MODEL_ERROR_DUPLICATE = FOLD_E_DUPLICATE,
    FOLD_LIST_MODEL_ERROR_NOT_VISIBLE = FOLD_E_NOT_VISIBLE,
    FOLD_LIST_MODEL_ERROR_BUSY = FOLD_E_BUSY,
    FOLD_LIST_MODEL_ERROR_NOT_ALLOWED = FOLD_E_NOT_ALLOWED,
    FOLD_LIST_MODEL_ERROR_CANCELLED = FOLD_E_CANCELLED,
    FOLD_LIST_MODEL_ERROR_INTERNAL = FOLD_E_INTERNAL
} FoldListModelError;

/* Errors of the fold_list_model_* functions: domain FOLD_LIST_MODEL_ERROR, the
 * code is the engine's status (FOLD_E_*, as a FoldListModelError), the
 * message the engine's fold_last_error_message(). */
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
 * The error domain of every #GError the library sets, "fold-list-model-error-quark"
 * (#FoldListModelError names its codes).
 *
 * Returns: the quark of %FOLD_LIST_MODEL_ERROR
 */
GQuark fold_list_model_error_quark(void);

#define FOLD_TYPE_ITEM_KIND (fold_item_kind_get_type())
GType fold_item_kind_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_ACTIVATION (fold_activation_get_type())
GType fold_activation_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_FILTER_FLAGS (fold_filter_flags_get_type())
GType fold_filter_flags_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_KEYBOARD_KEY (fold_keyboard_key_get_type())
GType fold_keyboard_key_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_MODIFIERS (fold_modifiers_get_type())
GType fold_modifiers_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_NAVIGATION (fold_navigation_get_type())
GType fold_navigation_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_FOCUS_KINDS (fold_focus_kinds_get_type())
GType fold_focus_kinds_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_DROP_KIND (fold_drop_kind_get_type())
GType fold_drop_kind_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_FIND_FLAGS (fold_find_flags_get_type())
GType fold_find_flags_get_type(void) G_GNUC_CONST;

#define FOLD_TYPE_LIST_MODEL_ERROR (fold_list_model_error_get_type())
GType fold_list_model_error_get_type(void) G_GNUC_CONST;

/**
 * FoldSectionFlags:
 * @FOLD_SECTION_FLAGS_NONE: no flag
 * @FOLD_SECTION_FLAGS_COLLAPSED: the section's stored state is collapsed
 *   (given: it starts collapsed)
 * @FOLD_SECTION_FLAGS_FIXED: not collapsible: no indicator, collapse and
 *   toggle fail with FOLD_E_NOT_ALLOWED
 * @FOLD_SECTION_FLAGS_NO_HEADER: no header item (implies FIXED)
 * @FOLD_SECTION_FLAGS_COLLAPSIBLE: reported only: not FIXED and has
 *   children, so its header shows an indicator
 * @FOLD_SECTION_FLAGS_EXPANDED: given only: starts expanded although the
 *   store's #FoldStore:start-collapsed is set
 * @FOLD_SECTION_FLAGS_UNLOADED: its children are not loaded yet (given: it
 *   starts collapsed, and expanding it emits #FoldStore::load-start; see
 *   fold_store_finish_load()); reported until they are loaded
 * @FOLD_SECTION_FLAGS_FILTERED: reported only: the filter hides it and
 *   everything in it (see fold_store_set_filter_func())
 * @FOLD_SECTION_FLAGS_FILTER_OPENED: reported only: its stored state is
 *   collapsed, but a filter with %FOLD_FILTER_FLAGS_EXPAND_MATCHES shows it
 *   expanded
 * @FOLD_SECTION_FLAGS_NO_FOCUS: its header, footer, placeholder and own rows
 *   take no keyboard focus: navigation passes over them (its subsections
 *   are not affected)
 * @FOLD_SECTION_FLAGS_NO_DROP: dragged items cannot be dropped into it (it
 *   can still be dragged)
 *
 * The engine's FOLD_SECTION_* flags, as a GFlags type. Given to
 * fold_store_insert_section() (COLLAPSED, FIXED, NO_HEADER, EXPANDED,
 * UNLOADED, NO_FOCUS, NO_DROP), changed by fold_store_set_section_flags()
 * (NO_FOCUS, NO_DROP) and reported by fold_store_get_section_flags()
 * (COLLAPSED, FIXED, NO_HEADER, COLLAPSIBLE, UNLOADED, FILTERED,
 * FILTER_OPENED, NO_FOCUS, NO_DROP).
 */
typedef enum {
    FOLD_SECTION_FLAGS_NONE = 0,
    FOLD_SECTION_FLAGS_COLLAPSED = 1 << 0,
    FOLD_SECTION_FLAGS_FIXED = 1 << 1,
    FOLD_SECTION_FLAGS_NO_HEADER = 1 << 2,
    FOLD_SECTION_FLAGS_COLLAPSIBLE = 1 << 3,
    FOLD_SECTION_FLAGS_EXPANDED = 1 << 4,
    FOLD_SECTION_FLAGS_UNLOADED = 1 << 5,
    FOLD_SECTION_FLAGS_FILTERED = 1 << 6,
    FOLD_SECTION_FLAGS_FILTER_OPENED = 1 << 7,
    FOLD_SECTION_FLAGS_NO_FOCUS = 1 << 8,
    FOLD_SECTION_FLAGS_NO_DROP = 1 << 9
} FoldSectionFlags;

#define FOLD_TYPE_SECTION_FLAGS (fold_section_flags_get_type())
GType fold_section_flags_get_type(void);

/**
 * FoldAccordionPolicy:
 * @FOLD_ACCORDION_POLICY_MULTIPLE: any number of rows may be expanded
 * @FOLD_ACCORDION_POLICY_SINGLE: one in the table: expanding a row
 *   collapses the other
 * @FOLD_ACCORDION_POLICY_PER_SECTION: one per section
 *
 * How many rows may be expanded at once (the engine's FOLD_ACCORDION_*).
 */
typedef enum {
    FOLD_ACCORDION_POLICY_MULTIPLE = 0,
    FOLD_ACCORDION_POLICY_SINGLE = 1,
    FOLD_ACCORDION_POLICY_PER_SECTION = 2
} FoldAccordionPolicy;

#define FOLD_TYPE_ACCORDION_POLICY (fold_accordion_policy_get_type())
GType fold_accordion_policy_get_type(void);

/**
 * FoldLoadState:
 * @FOLD_LOAD_STATE_LOADED: an ordinary section, or its children arrived
 * @FOLD_LOAD_STATE_UNLOADED: its children are not loaded; collapsed
 * @FOLD_LOAD_STATE_LOADING: expanded, a placeholder item shown, waiting
 *   for fold_store_finish_load() or fold_store_fail_load()
 * @FOLD_LOAD_STATE_FAILED: expanded, the placeholder shows the failure;
 *   activating it (or fold_store_load()) retries
 * @FOLD_LOAD_STATE_RELOADING: loaded, its children shown, a reload under
 *   way (fold_store_reload_section()); the new children are reconciled
 *   with them when they arrive
 *
 * Where a section's children are (the engine's FOLD_LOAD_* states).
 */
typedef enum {
    FOLD_LOAD_STATE_LOADED = 0,
    FOLD_LOAD_STATE_UNLOADED = 1,
    FOLD_LOAD_STATE_LOADING = 2,
    FOLD_LOAD_STATE_FAILED = 3,
    FOLD_LOAD_STATE_RELOADING = 4
} FoldLoadState;

#define FOLD_TYPE_LOAD_STATE (fold_load_state_get_type())
GType fold_load_state_get_type(void);

G_END_DECLS

#endif /* FOLD_ENUMS_H */
