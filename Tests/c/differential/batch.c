/*
 * batch.c — differential test (test_differential.c): batches (foldtable.h,
 * "Batches"). OP_BATCH begins a batch (p[0] even) or ends one (odd); the
 * generator in test_differential.c places them around runs of other
 * operations, sometimes nested, now and then an end with no batch open.
 * Shrinking may drop either half, so both are read against the model's
 * depth: an end with no batch open must be FOLD_E_INVALID and change
 * nothing, and a batch still open when a run ends is closed and checked
 * (close_batches). Inside a batch every call is made at once — verify()
 * still compares every query after each — but no change set may be
 * delivered (check_changes); failed calls change nothing and leave the
 * batch open, and fold_table_batch_depth must give the model's depth after
 * every operation. The outermost end must deliver one change set that
 * turns the list before the batch into the list after it: check_changes
 * replays it against the `before` taken when the batch began, with the
 * header redraw rules across the whole batch (row counts and states then
 * and now, and every header text a call inside set).
 */
#include <stdio.h>
#include <string.h>

#include "differential.h"

batch_stats bstats;
long failed_calls;

static int depth;          /* batches the model has open */
static int closing;        /* the last operation ended the outermost batch */
static before at_begin;    /* the model before the outermost batch */

void batch_reset(void)
{
    depth = 0;
    closing = 0;
}

int batch_open(void) { return depth > 0; }

/* Ends one batch; the outermost end is checked against at_begin. */
static int end_one(fold_table *t)
{
    EXPECT_ST(fold_table_end_batch(t), FOLD_OK);
    if (--depth == 0) {
        closing = 1;
        bstats.batches++;
    }
    return 0;
}

int apply_batch(fold_table *t, model *m, const op *o)
{
    (void)m;
    expect_no_set = 1; /* only the outermost end reports */
    if (o->p[0] % 2 == 0) {
        descf("begin_batch()  /* depth %d */", depth + 1);
        EXPECT_ST(fold_table_begin_batch(t), FOLD_OK);
        if (depth++ == 0) {
            at_begin = *op_before;
            /* The model does not predict following the end across a
             * batch: check_follow only checks the reported offset. */
            at_begin.at_end = 0;
        } else {
            bstats.nested++;
        }
        return 0;
    }
    if (depth == 0) {
        descf("end_batch()  /* none open: FOLD_E_INVALID */");
        bstats.stray_ends++;
        EXPECT_ST(fold_table_end_batch(t), FOLD_E_INVALID);
        return 0;
    }
    descf("end_batch()  /* depth %d */", depth);
    expect_no_set = depth > 1;
    return end_one(t);
}

/* After each operation (and verify): the table's depth is the model's;
 * inside a batch, `failed` (the operation made a call that failed as
 * expected) is counted, and the headers this operation said must be redrawn join
 * the batch's (by id: the section may be gone by the end). */
int batch_after_op(const fold_table *t, model *m, int op_type, int failed)
{
    int64_t got = -1;
    int i, k;
    (void)m;
    EXPECT_ST(fold_table_batch_depth(t, &got), FOLD_OK);
    EXPECT_I(got, depth, "fold_table_batch_depth");
    if (depth > 0) {
        bstats.failed_inside += failed; /* and verify() found nothing changed */
        at_begin.moved_inside |= op_type == OP_MOVE_SECTION || op_type == OP_MOVE_SECTION_TO ||
                                 op_type == OP_MOVE_ROW || op_type == OP_SNAPSHOT;
        for (i = 0; i < nmust; i++) {
            for (k = 0; k < at_begin.nmust && at_begin.must[k] != must_redraw[i]->fid; k++) {
            }
            if (k == at_begin.nmust && k < MAX_MUST) {
                at_begin.must[at_begin.nmust++] = must_redraw[i]->fid;
            }
        }
    }
    return 0;
}

/* The `before` the last operation's change set is checked against. Also
 * counts what the batch's change set exercised. */
const before *batch_reference(const before *b)
{
    if (!closing) {
        return b;
    }
    closing = 0;
    if (change_sets_seen > at_begin.sets && !last_set.overflow) {
        bstats.multi_step += last_set.nch > 1;
        bstats.batch_moves += last_set.nmv;
    } else if (change_sets_seen == at_begin.sets) {
        bstats.empty++;
    }
    return &at_begin;
}

/* Ends the batches left open at the end of a run (shrinking may drop an
 * end), so the last change set is checked too. */
int close_batches(fold_table *t, model *m)
{
    (void)m;
    desc[0] = '\0';
    nmust = 0;
    expect_no_set = 0;
    if (depth > 0) {
        descf("end_batch() x%d  /* closing what the run left open */", depth);
        bstats.closed_at_end++;
    }
    while (depth > 0) {
        if (end_one(t)) {
            return 1;
        }
    }
    return 0;
}
