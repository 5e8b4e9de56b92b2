/*
 * ops/batches.c — part of fuzz_ops.c (included there, one translation unit):
 * batches and the moves of change sets (foldtable.h, "Moves", "Batches").
 * A change listener the harness registers first checks every change set's
 * steps and moves against the list's lengths: each step fits the list it
 * applies to, and each move is non-empty, takes items inside the list
 * before the set and lands inside the list after it, the moves in new-list
 * order and not overlapping on either side (moves NULL exactly when there
 * are none). batch_op begins and ends batches and reads their depth, which
 * must follow the harness's count; an end with none open is FOLD_E_INVALID.
 * Batches left open when the input ends are ended by fold_table_free.
 */

static int64_t fz_depth; /* batches the harness opened and did not end */

static void on_change_moves(fold_table *t, const fold_change_set *set, void *user_data)
{
    int64_t now = -1, before, len, k, j;
    (void)user_data;
    if (fold_table_item_count(t, &now) != FOLD_OK) {
        die("fold_table_item_count failed inside a change listener", __LINE__, 0);
    }
    if (set->change_count < 0 || set->move_count < 0 || set->redraw_count < 0 ||
        (set->move_count > 0) != (set->moves != NULL)) {
        die("a change set's counts are negative, or moves is NULL with moves (or not NULL without)",
            __LINE__, 0);
    }
    before = now;
    for (k = 0; k < set->change_count; k++) {
        before -= set->changes[k].added - set->changes[k].removed;
    }
    len = before;
    for (k = 0; k < set->change_count; k++) {
        const fold_change *c = &set->changes[k];
        if (c->position < 0 || c->removed < 0 || c->added < 0 || c->position > len - c->removed) {
            die("a change step does not fit the list it applies to", __LINE__, 0);
        }
        len += c->added - c->removed;
    }
    if (before < 0) {
        die("a change set's steps remove more items than the list had", __LINE__, 0);
    }
    for (k = 0; k < set->move_count; k++) {
        const fold_move *m = &set->moves[k];
        if (m->count <= 0 || m->from < 0 || m->from > before - m->count || m->to < 0 ||
            m->to > now - m->count) {
            die("a move is empty or outside the lists before and after its change set", __LINE__, 0);
        }
        if (k > 0 && m->to - set->moves[k - 1].count < set->moves[k - 1].to) {
            die("moves are not in new-list order, or their new ranges overlap", __LINE__, 0);
        }
        for (j = 0; j < k && k < 512; j++) {
            const fold_move *o = &set->moves[j];
            if (m->from < o->from + o->count && o->from < m->from + m->count) {
                die("two moves take overlapping items", __LINE__, 0);
            }
        }
    }
}

/* Begins or ends a batch, or reads the depth; returns the status. */
static int batch_op(reader *r, fold_table *tt, fold_table *good)
{
    uint8_t b = byte(r);
    int64_t depth = -7;
    int st;
    switch (b % 4) {
    case 0:
    case 1:
        st = fold_table_begin_batch(tt);
        check_status(st, __LINE__);
        if (tt == NULL ? st != FOLD_E_INVALID : st != FOLD_OK) {
            die("fold_table_begin_batch", __LINE__, st);
        }
        fz_depth += st == FOLD_OK;
        break;
    case 2:
        st = fold_table_end_batch(tt);
        check_status(st, __LINE__);
        if (tt == NULL ? st != FOLD_E_INVALID : st != (fz_depth > 0 ? FOLD_OK : FOLD_E_INVALID)) {
            die("fold_table_end_batch (FOLD_E_INVALID only with no batch open)", __LINE__, st);
        }
        fz_depth -= st == FOLD_OK;
        break;
    default:
        st = fold_table_batch_depth(tt, b & 4 ? NULL : &depth);
        check_status(st, __LINE__);
        if (st == FOLD_OK && depth != fz_depth) {
            die("fold_table_batch_depth is not the number of batches open", __LINE__, st);
        }
        break;
    }
    (void)good;
    return st;
}
