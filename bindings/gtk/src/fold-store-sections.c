/*
 * fold-store-sections.c — FoldStore's section methods: inserting, removing,
 * moving and finding sections, their header texts and info, and collapsing
 * and expanding them. Each is one engine call (fold-store-private.h).
 */
#include "fold-store-private.h"

/* ---- structure ----------------------------------------------------------- */

/**
 * fold_store_insert_section:
 * @store: a store
 * @parent: the parent section's id, 0 for the top level
 * @index: child index in @parent (rows and subsections counted), -1 for the end
 * @key: the section's key: non-empty, unique in the store
 * @header: (nullable): the header text, "Title" or "Title|Detail"
 * @row_count: how many rows it starts with
 * @flags: COLLAPSED, EXPANDED, FIXED or NO_HEADER
 * @out_id: (out) (optional): the new section's id
 * @error: return location for a #GError
 *
 * Inserts a section. Fails with FOLD_E_DUPLICATE for a key in use,
 * FOLD_E_NOT_FOUND for a stale parent, FOLD_E_RANGE for a bad index.
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_insert_section,
                    (FoldStore *store, guint64 parent, gint64 index, const char *key,
                     const char *header, gint64 row_count, FoldSectionFlags flags, guint64 *out_id,
                     GError **error),
                    fold_section_id id,
                    fold_table_insert_section(table, parent, index, key, header, row_count,
                                              (uint32_t)flags, &id),
                    out_id, id)

/* The id of a section appended under `parent` (0: the top level), or 0 with
 * the error set. */
static guint64
append_section(FoldStore *store, guint64 parent, const char *key, const char *header,
               gint64 n_rows, GError **error)
{
    guint64 id = 0;
    if (!fold_store_insert_section(store, parent, FOLD_INDEX_END, key, header, n_rows,
                                   FOLD_SECTION_FLAGS_NONE, &id, error))
        return 0;
    return id;
}

/**
 * fold_store_append_section:
 * @store: a store
 * @key: the section's key: non-empty, unique in the store
 * @header: (nullable): the header text, "Title" or "Title|Detail"
 * @n_rows: how many rows it starts with, of the default height
 * @error: return location for a #GError
 *
 * Appends a top-level section: fold_store_insert_section() with parent 0,
 * index -1 and no flags, so it starts collapsed only when
 * #FoldStore:start-collapsed is set. Fails as that call does
 * (FOLD_E_DUPLICATE for a key in use, FOLD_E_INVALID for an empty key).
 * Cost: O(depth * log n).
 *
 * In Python: `fruit = store.append_section("fruit", "Fruit|4 kinds", 4)`, then
 * `store.append_subsection(fruit, "citrus", "Citrus", 2)`.
 *
 * Returns: the new section's id (never 0), or 0 with @error set
 */
guint64
fold_store_append_section(FoldStore *store, const char *key, const char *header, gint64 n_rows,
                          GError **error)
{
    return append_section(store, FOLD_ROOT, key, header, n_rows, error);
}

/**
 * fold_store_append_subsection:
 * @store: a store
 * @parent: the parent section's id (0 for the top level)
 * @key: the section's key: non-empty, unique in the store
 * @header: (nullable): the header text, "Title" or "Title|Detail"
 * @n_rows: how many rows it starts with, of the default height
 * @error: return location for a #GError
 *
 * Appends a section as the last child of @parent (after its rows and
 * subsections): fold_store_insert_section() with index -1 and no flags.
 * Fails as that call does (FOLD_E_NOT_FOUND for a stale parent).
 * Cost: O(depth * log n).
 *
 * Returns: the new section's id (never 0), or 0 with @error set
 */
guint64
fold_store_append_subsection(FoldStore *store, guint64 parent, const char *key,
                             const char *header, gint64 n_rows, GError **error)
{
    return append_section(store, parent, key, header, n_rows, error);
}

/**
 * fold_store_remove_section:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Removes a section with everything inside it; its id and its
 * subsections' become stale. Cost: O(depth * log n) plus the memory freed.
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_remove_section, (FoldStore *store, guint64 section, GError **error),
                fold_table_remove_section(table, section))

/**
 * fold_store_move_section:
 * @store: a store
 * @section: the section to move
 * @parent: its new parent, 0 for the top level
 * @index: child index in @parent without the moved section, -1 for the end
 * @error: return location for a #GError
 *
 * Moves a section with its children, states and id. Moving it into its
 * own subtree is FOLD_E_INVALID. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_move_section,
                (FoldStore *store, guint64 section, guint64 parent, gint64 index, GError **error),
                fold_table_move_section(table, section, parent, index))

/**
 * fold_store_remove_children:
 * @store: a store
 * @parent: a section's id
 * @index: the first child index
 * @count: how many children (rows and subsections)
 * @error: return location for a #GError
 *
 * Removes children @index .. @index + @count - 1 of @parent.
 * Cost: O(depth * log n) plus the memory freed.
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_remove_children,
                (FoldStore *store, guint64 parent, gint64 index, gint64 count, GError **error),
                fold_table_remove_children(table, parent, index, count))

/**
 * fold_store_find_section:
 * @store: a store
 * @key: a section's key
 * @out_id: (out): its id
 * @error: return location for a #GError
 *
 * The id of the section with @key; FOLD_E_NOT_FOUND if none.
 * Cost: O(1) (a hash lookup).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_find_section,
                    (FoldStore *store, const char *key, guint64 *out_id, GError **error),
                    fold_section_id id, fold_table_find_section(table, key, &id), out_id, id)

/**
 * fold_store_set_section_header:
 * @store: a store
 * @section: a section's id
 * @header: (nullable): the new header text ("Title|Detail")
 * @error: return location for a #GError
 *
 * Replaces a section's header text; the header is redrawn.
 * Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_section_header,
                (FoldStore *store, guint64 section, const char *header, GError **error),
                fold_table_set_section_header(table, section, header))

/**
 * fold_store_set_collapsible:
 * @store: a store
 * @section: a section's id
 * @collapsible: %FALSE makes it fixed
 * @error: return location for a #GError
 *
 * Marks a section collapsible or fixed. A collapsed section cannot be made
 * fixed (FOLD_E_NOT_ALLOWED). Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_collapsible,
                (FoldStore *store, guint64 section, gboolean collapsible, GError **error),
                fold_table_set_collapsible(table, section, collapsible ? 1 : 0))

/**
 * fold_store_set_section_flags:
 * @store: a store
 * @section: a section's id
 * @flags: the new values of the bits in @mask
 * @mask: the flags to change: %FOLD_SECTION_FLAGS_NO_FOCUS and
 *   %FOLD_SECTION_FLAGS_NO_DROP only (others are %FOLD_E_INVALID)
 * @error: return location for a #GError
 *
 * Changes whether a section's items take keyboard focus (NO_FOCUS) and
 * whether dragged items can be dropped into it (NO_DROP). Nothing is
 * redrawn; a focused item that can no longer take focus keeps it until
 * focus moves. Cost: O(depth * log n).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_section_flags,
                (FoldStore *store, guint64 section, FoldSectionFlags flags, FoldSectionFlags mask,
                 GError **error),
                fold_table_set_section_flags(table, section, (uint32_t)flags, (uint32_t)mask))

/* ---- section info -------------------------------------------------------- */

/* One text of a section as a new string. `missing_ok`: a text the section
 * does not have (FOLD_E_NOT_FOUND for a section that exists) is NULL
 * without an error. */
static char *
section_text(FoldStore *store, guint64 section, int32_t which, gboolean missing_ok,
             GError **error)
{
    TABLE_OR_NULL(store, error);
    GError *local = NULL;
    char *text = fold_section_text_dup(table, section, which, &local);
    if (missing_ok && g_error_matches(local, FOLD_LIST_MODEL_ERROR, FOLD_E_NOT_FOUND)) {
        g_clear_error(&local);
        fold_section_info info;
        fold_check_status(fold_table_section_info(table, section, &info), error);
        return NULL;
    }
    if (local)
        g_propagate_error(error, local);
    return text;
}

/* The text getters: one section_text() each. */
#define SECTION_TEXT_GETTER(name, which, missing_ok)                                          \
    char *name(FoldStore *store, guint64 section, GError **error)                             \
    {                                                                                         \
        return section_text(store, section, which, missing_ok, error);                        \
    }

/**
 * fold_store_get_section_key:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(1) plus the key's length.
 *
 * Returns: (transfer full): the section's key, or %NULL with @error set
 */
SECTION_TEXT_GETTER(fold_store_get_section_key, FOLD_TEXT_KEY, FALSE)

/**
 * fold_store_get_section_header:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(1) plus the text's length.
 *
 * Returns: (transfer full): the whole header text ("Title|Detail"), or
 *   %NULL with @error set
 */
SECTION_TEXT_GETTER(fold_store_get_section_header, FOLD_TEXT_HEADER, FALSE)

/**
 * fold_store_get_section_title:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(1) plus the text's length.
 *
 * Returns: (transfer full): the header text before its first '|' (all of
 *   it without one), or %NULL with @error set
 */
SECTION_TEXT_GETTER(fold_store_get_section_title, FOLD_TEXT_TITLE, FALSE)

/**
 * fold_store_get_section_detail:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(1) plus the text's length (O(depth + log n) without a detail).
 *
 * Returns: (transfer full) (nullable): the header text after its first
 *   '|'; %NULL without an error when it has no '|'
 */
SECTION_TEXT_GETTER(fold_store_get_section_detail, FOLD_TEXT_DETAIL, TRUE)

/**
 * fold_store_get_load_error:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * The message of the section's failed load (fold_store_fail_load()).
 * Cost: O(1) plus the text's length (O(depth + log n) without one).
 *
 * Returns: (transfer full) (nullable): the message; %NULL without an error
 *   unless the section's load state is %FOLD_LOAD_STATE_FAILED
 */
SECTION_TEXT_GETTER(fold_store_get_load_error, FOLD_TEXT_LOAD_ERROR, TRUE)

/**
 * fold_store_get_section_indicator:
 * @store: a store
 * @section: a section's id
 * @error: return location for a #GError
 *
 * Cost: O(log n).
 *
 * Returns: (transfer full): the indicator its header shows ("+", "–" or
 *   those set with fold_store_set_indicators()), "" for a section that is
 *   not collapsible now; %NULL with @error set
 */
SECTION_TEXT_GETTER(fold_store_get_section_indicator, FOLD_TEXT_INDICATOR, FALSE)

/* The getters of a section's info: one fold_table_section_info() each. */
#define SECTION_INFO_GETTER(name, type, out, value)                                           \
    FOLD_STORE_CALL_OUT(name, (FoldStore *store, guint64 section, type *out, GError **error), \
                        fold_section_info info, fold_table_section_info(table, section, &info), \
                        out, value)

/**
 * fold_store_get_section_flags:
 * @store: a store
 * @section: a section's id
 * @out_flags: (out): COLLAPSED, FIXED, NO_HEADER, COLLAPSIBLE, UNLOADED,
 *   FILTERED, FILTER_OPENED, NO_FOCUS, NO_DROP
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
SECTION_INFO_GETTER(fold_store_get_section_flags, FoldSectionFlags, out_flags,
                    (FoldSectionFlags)info.flags)

/**
 * fold_store_get_section_parent:
 * @store: a store
 * @section: a section's id
 * @out_parent: (out): its parent's id, 0 at the top level
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
SECTION_INFO_GETTER(fold_store_get_section_parent, guint64, out_parent, info.parent)

/**
 * fold_store_get_section_depth:
 * @store: a store
 * @section: a section's id
 * @out_depth: (out): its nesting depth, 0 at the top level
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
SECTION_INFO_GETTER(fold_store_get_section_depth, gint, out_depth, info.depth)

/**
 * fold_store_get_section_index:
 * @store: a store
 * @section: a section's id
 * @out_index: (out): its index among its parent's children (rows and
 *   subsections), as fold_store_move_section() takes it
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
SECTION_INFO_GETTER(fold_store_get_section_index, gint64, out_index, info.index)

/**
 * fold_store_get_row_count:
 * @store: a store
 * @section: a section's id
 * @out_count: (out): its own rows, collapsed or not
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
SECTION_INFO_GETTER(fold_store_get_row_count, gint64, out_count, info.row_count)

/**
 * fold_store_get_child_count:
 * @store: a store
 * @parent: a section's id, 0 for the top level
 * @out_count: (out): its children: rows and subsections
 * @error: return location for a #GError
 *
 * Cost: O(1).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_get_child_count,
                    (FoldStore *store, guint64 parent, gint64 *out_count, GError **error),
                    int64_t count, fold_table_child_count(table, parent, &count), out_count, count)

/**
 * fold_store_get_section_collapsed:
 * @store: a store
 * @section: a section's id
 * @out_collapsed: (out): its stored state is collapsed
 * @error: return location for a #GError
 *
 * Cost: O(depth + log n).
 *
 * Returns: (skip): %TRUE on success
 */
SECTION_INFO_GETTER(fold_store_get_section_collapsed, gboolean, out_collapsed,
                    (info.flags & FOLD_SECTION_COLLAPSED) != 0)

/* ---- collapsing ---------------------------------------------------------- */

/**
 * fold_store_collapse:
 * @store: a store
 * @section: a section's id
 * @out_changed: (out) (optional): its state flipped (%FALSE when it was
 *   collapsed already or a #FoldStore::section-will-collapse handler refused)
 * @error: return location for a #GError
 *
 * Collapses a section. A fixed section fails with FOLD_E_NOT_ALLOWED, a
 * stale id with FOLD_E_NOT_FOUND, 0 with FOLD_E_INVALID.
 * Cost: O(depth * log n) whatever the number of rows.
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_collapse,
                    (FoldStore *store, guint64 section, gboolean *out_changed, GError **error),
                    int changed, fold_table_collapse(table, section, &changed), out_changed,
                    changed != 0)

/**
 * fold_store_expand:
 * @store: a store
 * @section: a section's id
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Expands a section (a fixed one: nothing to do). Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_expand,
                    (FoldStore *store, guint64 section, gboolean *out_changed, GError **error),
                    int changed, fold_table_expand(table, section, &changed), out_changed,
                    changed != 0)

/**
 * fold_store_toggle:
 * @store: a store
 * @section: a section's id
 * @out_changed: (out) (optional): its state flipped
 * @error: return location for a #GError
 *
 * Collapses an expanded section, expands a collapsed one.
 * Cost: O(depth * log n).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_toggle,
                    (FoldStore *store, guint64 section, gboolean *out_changed, GError **error),
                    int changed, fold_table_toggle(table, section, &changed), out_changed,
                    changed != 0)

/**
 * fold_store_collapse_all:
 * @store: a store
 * @out_changed: (out) (optional): how many sections flipped
 * @error: return location for a #GError
 *
 * Collapses every collapsible section that has children.
 * Cost: O(s log n) for s sections.
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_collapse_all,
                    (FoldStore *store, gint64 *out_changed, GError **error), int64_t changed,
                    fold_table_collapse_all(table, &changed), out_changed, changed)

/**
 * fold_store_expand_all:
 * @store: a store
 * @out_changed: (out) (optional): how many sections flipped
 * @error: return location for a #GError
 *
 * Expands every collapsed section. Cost: O(s log n) for s sections.
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_expand_all, (FoldStore *store, gint64 *out_changed, GError **error),
                    int64_t changed, fold_table_expand_all(table, &changed), out_changed, changed)
