/*
 * Transitions (foldtable.h: "Transitions") through the C ABI: the exact
 * rects before and after of every item of a transition, for a section
 * collapsing and expanding (also one of 10^5 rows, where only the items
 * near the viewport take part), an accordion swap, rows inserted and
 * removed, a section moved, a row's height changed, headers stuck before
 * or after, and a transition interrupted by the next change (also after a scroll
 * away from it, where it must not be carried along); frames at
 * t = 0, 0.5 and 1 with the folding header's clip; partial reads, the
 * switch, serials and progress; bad input, which changes nothing; and a
 * change listener reading the transition of its change set.
 */
#include "check.h"
#include "transitions/transitions.h"

int main(void)
{
    test_collapse();
    test_expand();
    test_collapse_large();
    test_expand_large();
    test_collapse_two_frames();
    test_accordion();
    test_insert();
    test_remove();
    test_move();
    test_height();
    test_sticky_pushed();
    test_sticky_handover();
    test_interrupted();
    test_interrupted_far();
    test_calls();
    test_bad_input();
    test_off();
    test_listener();
    return check_done();
}
