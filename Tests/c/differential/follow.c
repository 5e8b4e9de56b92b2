/*
 * follow.c — differential test (test_differential.c): follow_end and the
 * viewport. OP_FOLLOW turns follow_end on or off (or tries a bad value),
 * sets viewports at the end, one unit short of it, past it or anywhere, or
 * clears the viewport. check_follow runs after every operation: with
 * follow_end on and a viewport that showed the end before, any mutation
 * that is not an expand or collapse must leave the offset at
 * max(0, content - height) exactly (foldtable.h, "Sticking to the end");
 * the model does not predict plain anchoring, so elsewhere it only checks
 * that a change set reports the offset fold_table_viewport() then gives,
 * clamped to [0, max(0, content - height)], and that a call that delivered
 * no change set moved nothing.
 */
#include <stdio.h>
#include <string.h>

#include "differential.h"

int apply_follow(fold_table *t, model *m, const op *o)
{
    const uint32_t *p = o->p;
    int what = (int)(p[0] % 8);
    static const double heights[] = {0, 50, 100.5, 1.0 / 3, 333.3, 2000};
    double h = quant(POOLP(heights, p[1])), end, off;
    expect_no_set = 1; /* settings report nothing */
    if (what <= 1) {
        int32_t f = (int32_t)(p[2] & 1);
        if (what == 1) {
            f = p[2] & 2 ? 2 : -1;
            descf("set_follow_end(%d)", (int)f);
            EXPECT_ST(fold_table_set_follow_end(t, f), FOLD_E_INVALID);
            return 0;
        }
        descf("set_follow_end(%d)", (int)f);
        EXPECT_ST(fold_table_set_follow_end(t, f), FOLD_OK);
        m->follow = f;
        return 0;
    }
    if (what == 7) {
        descf("clear_viewport()");
        EXPECT_ST(fold_table_clear_viewport(t), FOLD_OK);
        m->vp_set = 0;
        return 0;
    }
    build(m);
    end = content - h > 0 ? content - h : 0;
    off = what <= 4 ? end                                   /* at the end */
          : what == 5 ? end - FOLD_HEIGHT_UNIT             /* one unit short: not at the end */
                      : (double)(p[3] % 64) * 7.5;          /* anywhere, past the end too */
    if (what == 4) {
        off = end + 3; /* past the end is at the end */
    }
    descf("set_viewport(%.17g, %.17g)  /* content %.17g */", off, h, content);
    EXPECT_ST(fold_table_set_viewport(t, off, h), FOLD_OK);
    {
        int set = 0;
        double got_off = -1, got_h = -1;
        EXPECT_ST(fold_table_viewport(t, &set, &got_off, &got_h), FOLD_OK);
        EXPECT_I(set, 1, "viewport: set");
        m->vp_set = 1;
        m->vp_off = got_off;
        m->vp_h = got_h;
        if (off >= 0) {
            EXPECT_D(got_off, off, "viewport: offset as set");
        }
        EXPECT_D(got_h, h, "viewport: height as set");
    }
    return 0;
}

/* Operations whose expanding or collapsing anchors instead of following. */
static int expands_or_collapses(int op_type)
{
    return op_type == OP_COLLAPSE || op_type == OP_ALL || op_type == OP_ROW_STATE ||
           op_type == OP_ACTIVATE || op_type == OP_VETO || (op_type == OP_LOAD && load_expanded);
}

int check_follow(fold_table *t, model *m, const before *b, int op_type)
{
    int set = 0;
    double off = -1, h = -1;
    long n = change_sets_seen - b->sets;
    EXPECT_ST(fold_table_viewport(t, &set, &off, &h), FOLD_OK);
    EXPECT_I(set, m->vp_set, "viewport: set");
    if (!set) {
        return 0;
    }
    EXPECT_D(h, m->vp_h, "viewport: height");
    if (n == 0) {
        EXPECT_D(off, m->vp_off, "viewport: offset after a call that delivered no change set");
    } else {
        EXPECT_I(last_set.anchored, 1, "change set: anchored");
        EXPECT_D(last_set.anchored_offset, off,
                 "change set: anchored_offset vs fold_table_viewport");
        if (!(off >= 0 && off <= (content - h > 0 ? content - h : 0)) &&
            !(b->at_end && !expands_or_collapses(op_type))) {
            /* "clamped to the content" (following may step up one double) */
            return failf("viewport offset %.17g after a change set is outside [0, max(0, content "
                         "%.17g - height %.17g)]", off, content, h);
        }
        if (b->at_end && !expands_or_collapses(op_type) &&
            (last_set.nch > 0 || last_set.delta != 0 || last_set.overflow)) {
            double want = content - h > 0 ? content - h : 0;
            if (want + h < content) {
                uint64_t bits; /* "stepped up to the next double" (want > 0 here) */
                memcpy(&bits, &want, sizeof bits);
                bits++;
                memcpy(&want, &bits, sizeof want);
            }
            sprintf(ctx, "follow_end: offset after a mutation at the end (content %.17g, "
                    "height %.17g)", content, h);
            EXPECT_D(off, want, ctx);
            stats.follow_checked++;
        }
    }
    m->vp_off = off;
    return 0;
}
