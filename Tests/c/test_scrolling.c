/*
 * Scrolling (foldtable.h: "Scrolling"): sticking to the end with the
 * follow_end option — the option's field, setter and bad values, and the
 * viewport offsets after appends at the end and short of it, content shorter
 * than the viewport, inserts inside and above the viewport, height changes
 * and measured heights, expanding and collapsing (anchored, not followed),
 * removals, and with the option off; anchoring without an item under the
 * offset (an empty list, the top padding).
 */
#include "check.h"
#include "scrolling/scrolling.h"

int main(void)
{
    test_follow_end_options();
    test_follow_end_bad_input();
    test_follow_end_appends();
    test_follow_end_short_content();
    test_follow_end_heights();
    test_follow_end_measure();
    test_follow_end_expand_collapse();
    test_follow_end_removals();
    test_follow_end_off();
    test_anchor_without_item();
    return check_done();
}
