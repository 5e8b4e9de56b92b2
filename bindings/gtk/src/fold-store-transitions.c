/*
 * fold-store-transitions.c — FoldStore's switch for transitions (animated
 * changes): the engine's fold_table_set_transitions / fold_table_transitions.
 * FoldTransitionClock (fold-transition-clock.c) turns them on and plays them.
 */
#include "fold-store-private.h"

/**
 * fold_store_set_transitions:
 * @store: a store
 * @enabled: %TRUE to build a transition for each change (with a viewport
 *   set), %FALSE to stop and drop the current one
 * @error: return location for a #GError
 *
 * Turns transitions on or off (off by default; fold_transition_clock_new()
 * turns them on). Reports nothing. Cost: O(1).
 *
 * Returns: %TRUE on success
 */
FOLD_STORE_CALL(fold_store_set_transitions,
                (FoldStore *store, gboolean enabled, GError **error),
                fold_table_set_transitions(table, enabled ? 1 : 0))

/**
 * fold_store_get_transitions:
 * @store: a store
 * @out_enabled: (out) (optional): whether transitions are on
 * @error: return location for a #GError
 *
 * Whether transitions are on. Cost: O(1).
 *
 * Returns: (skip): %TRUE on success
 */
FOLD_STORE_CALL_OUT(fold_store_get_transitions,
                    (FoldStore *store, gboolean *out_enabled, GError **error),
                    int32_t enabled, fold_table_transitions(table, &enabled), out_enabled,
                    enabled != 0)
