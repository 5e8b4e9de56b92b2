/*
 * fold-enums.h — the enumerations of the GTK adapter, registered with GType
 * (GEnum; FoldFilterFlags as GFlags), so that properties, GObject
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

#define FOLD_TYPE_LIST_MODEL_ERROR (fold_list_model_error_get_type())
GType fold_list_model_error_get_type(void) G_GNUC_CONST;

G_END_DECLS

#endif /* FOLD_ENUMS_H */
