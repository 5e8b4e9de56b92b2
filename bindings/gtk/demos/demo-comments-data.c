/* The comments demo's threads and comments: see demo-comments-data.h. */
#include "demo-comments-data.h"

#include <glib.h>
#include <string.h>

static const Comment release[] = {
    {"Ada Okafor", "09:12",
     "I tried the 0.2 branch on the inbox app this morning. Collapsing a folder with forty "
     "thousand messages is instant now, and the scroll position stays where it was, which is "
     "the part I cared about most.\n\n"
     "Two things I noticed. First, the header of a collapsed folder still shows the old count "
     "for a frame when messages arrive while it is closed. Second, the keyboard shortcuts "
     "collide with the ones the message view uses, so we should pick the GtkTreeExpander "
     "defaults and document them.\n\n"
     "Otherwise this is ready for me. Nice work, everyone."},
    {"Tomás Lindqvist", "09:40", "Agreed on the shortcuts. Plus, minus and asterisk, like the tree expander."},
    {"Mei Chen", "10:05",
     "The count lag is a redraw that arrives after the change set, I think. With live items "
     "the header's count becomes a property notification, so it should be gone once the model "
     "branch lands. I will re-test after the merge.\n\n"
     "About the release notes: can we list the heights work separately? People who wrote "
     "their own size_request code will want to delete it, and they need to know how."},
    {"Ada Okafor", "10:20", "Yes — a short migration section would help."},
    {"Ravi Subramanian", "11:02",
     "One more data point from the chat client. Messages are anything from a single emoji to "
     "a pasted log of two hundred lines. Before, we guessed heights and fixed them up after "
     "drawing, and the list jumped every time a long message scrolled into view.\n\n"
     "With the height providers measuring at the list's width, nothing jumps: rows are "
     "measured just before they are shown, and the anchor keeps the first visible message "
     "where it was while the estimates above it become real heights.\n\n"
     "Resizing the window re-measures everything that is visible. On my laptop that is about "
     "forty rows, and I cannot see it happen.\n\n"
     "The one thing I would still like is a way to measure a whole section ahead of time, for "
     "printing, but that can wait."},
};

static const Comment design[] = {
    {"Hanna Berg", "Yesterday",
     "Proposal for the comment cards: three lines of text when collapsed, the whole text when "
     "expanded, and only one card open at a time, so the thread stays readable on a phone.\n\n"
     "A card whose text fits in three lines should not pretend it can expand: no chevron, no "
     "hover hint, and a click does nothing."},
    {"Jonas Weber", "Yesterday", "Looks good. Ship it."},
    {"Lucía Fernández", "Yesterday",
     "I like the accordion. Two details from the accessibility review: the expanded state must "
     "be exposed to screen readers, and the focus must stay on the card that was activated, "
     "also when the card above it collapses and the list moves.\n\n"
     "The engine's anchoring handles the second one for us if the view tells it the viewport; "
     "the first one belongs in the expander widget."},
    {"Hanna Berg", "Yesterday", "Thanks — both noted in the tracker."},
};

const Thread comment_threads[N_COMMENT_THREADS] = {
    {"release", "Release 0.2 — feedback|5 comments", release, G_N_ELEMENTS(release)},
    {"design", "Comment cards — design|4 comments", design, G_N_ELEMENTS(design)},
};

const Comment *
find_comment(const char *key, int64_t row)
{
    for (size_t i = 0; i < N_COMMENT_THREADS; i++)
        if (strcmp(comment_threads[i].key, key) == 0)
            return row >= 0 && row < comment_threads[i].count ? &comment_threads[i].comments[row] : NULL;
    return NULL;
}

char *
comment_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)user_data;
    const Comment *c = find_comment(key, row);
    return c ? g_strdup(c->text) : NULL;
}
