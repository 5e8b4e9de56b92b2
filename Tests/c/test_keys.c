/*
 * The keyboard model (foldtable.h: "Focus and keyboard",
 * fold_table_press_key): a table of key presses, each from a fresh table
 * with a start focus and selection, checked for the focus, the selection,
 * the anchor, fold_key_result's handled and action, and one change set;
 * pages and scrolling with a viewport; the modes; bad keys and modifiers
 * that change nothing.
 */
#include <stdio.h>
#include <string.h>

#include "fixture.h"

/* A 0, rows 1-2, B 3 (in A), rows 4-5, C 6, rows 7-8. Tops with headers 28
 * and rows 44: 0, 28, 72, 116, 144, 188, 232, 260, 304; content 348. */
static fold_table *key_table(void)
{
    fold_table *t = must_table(NULL);
    fold_section_id a = add(t, FOLD_ROOT, "A", "A", 2);
    add(t, a, "B", "B", 2);
    add(t, FOLD_ROOT, "C", "C", 2);
    return t;
}

/* The selection as "key:row+count" and "key" for sections. */
static const char *selection_string(const fold_table *t)
{
    static char buffer[256];
    fold_selected_run *runs = NULL;
    int64_t count = 0, i;
    size_t used = 0;
    buffer[0] = 0;
    if (!CHECK_STATUS(fold_table_selection(t, &runs, &count), FOLD_OK)) return buffer;
    for (i = 0; i < count && used < sizeof buffer; i++) {
        if (runs[i].row < 0) {
            used += (size_t)snprintf(buffer + used, sizeof buffer - used, "%s%s", i ? " " : "", runs[i].key);
        } else {
            used += (size_t)snprintf(buffer + used, sizeof buffer - used, "%s%s:%" PRId64 "+%" PRId64,
                                     i ? " " : "", runs[i].key, runs[i].row, runs[i].count);
        }
    }
    fold_free(runs);
    return buffer;
}

static const char *anchor_string(const fold_table *t)
{
    static char buffer[64];
    fold_section_id s = 0;
    int64_t row = 0;
    if (fold_table_selection_anchor(t, &s, &row) != FOLD_OK) return "-";
    snprintf(buffer, sizeof buffer, "%s %" PRId64, text(t, s, FOLD_TEXT_KEY), row);
    return buffer;
}

enum setup { NONE, ANCHOR_1, COLLAPSE_A, COLLAPSE_B, COLLAPSE_C, C0_AND_A0 };

typedef struct key_case {
    int64_t focus; /* -1: none */
    int setup;
    int32_t key;
    uint32_t modifiers;
    int64_t want;
    const char *selection;
    const char *anchor;
    int32_t handled;
    int32_t action;
} key_case;

#define SHIFT FOLD_MOD_SHIFT
#define CTRL FOLD_MOD_CTRL
#define COLLAPSED FOLD_ACTIVATED_SECTION_COLLAPSED
#define EXPANDED FOLD_ACTIVATED_SECTION_EXPANDED

static const key_case cases[] = {
    /* Movement keys alone: focus it, select only it, make it the anchor. */
    {1, NONE, FOLD_KEY_DOWN, 0, 2, "A:1+1", "A 1", 1, 0},
    {1, NONE, FOLD_KEY_UP, 0, 0, "A", "A -1", 1, 0},
    {5, NONE, FOLD_KEY_HOME, 0, 0, "A", "A -1", 1, 0},
    {1, NONE, FOLD_KEY_END, 0, 8, "C:1+1", "C 1", 1, 0},
    {8, NONE, FOLD_KEY_DOWN, 0, 8, "C:1+1", "C 1", 1, 0},
    /* Without a focus: the first item (UP, END: the last), no further. */
    {-1, NONE, FOLD_KEY_DOWN, 0, 0, "A", "A -1", 1, 0},
    {-1, NONE, FOLD_KEY_UP, 0, 8, "C:1+1", "C 1", 1, 0},
    {-1, NONE, FOLD_KEY_END, 0, 8, "C:1+1", "C 1", 1, 0},
    {-1, NONE, FOLD_KEY_LEFT, 0, -1, "", "-", 0, 0},
    /* Shift: the range from the anchor (REPLACE). */
    {1, ANCHOR_1, FOLD_KEY_DOWN, SHIFT, 2, "A:0+2", "A 0", 1, 0},
    {2, ANCHOR_1, FOLD_KEY_DOWN, SHIFT, 3, "A:0+2 B", "A 0", 1, 0},
    {1, ANCHOR_1, FOLD_KEY_END, SHIFT, 8, "A:0+2 B B:0+2 C C:0+2", "A 0", 1, 0},
    /* Ctrl: focus only. */
    {1, ANCHOR_1, FOLD_KEY_DOWN, CTRL, 2, "A:0+1", "A 0", 1, 0},
    {4, ANCHOR_1, FOLD_KEY_HOME, CTRL, 0, "A:0+1", "A 0", 1, 0},
    /* Ctrl+Shift: the range added. */
    {4, C0_AND_A0, FOLD_KEY_DOWN, CTRL | SHIFT, 5, "A:0+2 B B:0+2 C:0+1", "A 0", 1, 0},
    /* Left: collapse an expanded header (focus stays), else the parent's header. */
    {0, NONE, FOLD_KEY_LEFT, 0, 0, "", "-", 1, COLLAPSED},
    {3, NONE, FOLD_KEY_LEFT, 0, 3, "", "-", 1, COLLAPSED},
    {4, NONE, FOLD_KEY_LEFT, 0, 3, "B", "B -1", 1, 0},
    {7, NONE, FOLD_KEY_LEFT, CTRL, 6, "", "-", 1, 0},
    {6, COLLAPSE_C, FOLD_KEY_LEFT, 0, 6, "", "-", 0, 0},
    {3, COLLAPSE_B, FOLD_KEY_LEFT, 0, 0, "A", "A -1", 1, 0},
    /* Right: expand a collapsed header, else its first child. */
    {6, COLLAPSE_C, FOLD_KEY_RIGHT, 0, 6, "", "-", 1, EXPANDED},
    {0, NONE, FOLD_KEY_RIGHT, 0, 1, "A:0+1", "A 0", 1, 0},
    {3, NONE, FOLD_KEY_RIGHT, CTRL, 4, "", "-", 1, 0},
    {4, NONE, FOLD_KEY_RIGHT, 0, 4, "", "-", 0, 0},
    /* Space: toggle and anchor; Shift: the range; Ctrl: toggle. */
    {2, ANCHOR_1, FOLD_KEY_SPACE, 0, 2, "A:0+2", "A 1", 1, 0},
    {1, ANCHOR_1, FOLD_KEY_SPACE, 0, 1, "", "A 0", 1, 0},
    {3, ANCHOR_1, FOLD_KEY_SPACE, CTRL, 3, "A:0+1 B", "B -1", 1, 0},
    {4, ANCHOR_1, FOLD_KEY_SPACE, SHIFT, 4, "A:0+2 B B:0+1", "A 0", 1, 0},
    {-1, NONE, FOLD_KEY_SPACE, 0, -1, "", "-", 0, 0},
    /* Plus, minus, asterisk. */
    {0, COLLAPSE_A, FOLD_KEY_PLUS, 0, 0, "", "-", 1, EXPANDED},
    {0, NONE, FOLD_KEY_PLUS, 0, 0, "", "-", 1, 0},
    {6, NONE, FOLD_KEY_MINUS, 0, 6, "", "-", 1, COLLAPSED},
    {7, NONE, FOLD_KEY_MINUS, 0, 7, "", "-", 0, 0},
    {0, COLLAPSE_A, FOLD_KEY_ASTERISK, 0, 0, "", "-", 1, 0},
    /* Pages without a viewport: not handled. */
    {0, NONE, FOLD_KEY_PAGE_DOWN, 0, 0, "", "-", 0, 0},
};

static void counting_listener(fold_table *t, const fold_change_set *set, void *user_data)
{
    (void)t;
    (void)set;
    (*(int *)user_data)++;
}

static void test_cases(void)
{
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const key_case *c = &cases[i];
        fold_table *t = key_table();
        fold_key_result r;
        long failed = check_failed_so_far();
        int sets = 0;
        switch (c->setup) {
        case ANCHOR_1: CHECK_STATUS(fold_table_select_item(t, 1, FOLD_SELECT_REPLACE, NULL), FOLD_OK); break;
        case COLLAPSE_A: CHECK_STATUS(fold_table_collapse(t, sec(t, "A"), NULL), FOLD_OK); break;
        case COLLAPSE_B: CHECK_STATUS(fold_table_collapse(t, sec(t, "B"), NULL), FOLD_OK); break;
        case COLLAPSE_C: CHECK_STATUS(fold_table_collapse(t, sec(t, "C"), NULL), FOLD_OK); break;
        case C0_AND_A0:
            CHECK_STATUS(fold_table_select_item(t, 7, FOLD_SELECT_REPLACE, NULL), FOLD_OK);
            CHECK_STATUS(fold_table_select_item(t, 1, FOLD_SELECT_ADD, NULL), FOLD_OK);
            break;
        default: break;
        }
        CHECK_STATUS(fold_table_set_focus(t, c->focus), FOLD_OK);
        CHECK_STATUS(fold_table_add_change_listener(t, counting_listener, &sets, NULL), FOLD_OK);
        memset(&r, 0x55, sizeof r);
        CHECK_STATUS(fold_table_press_key(t, c->key, c->modifiers, &r), FOLD_OK);
        CHECK_EQ_I64(r.focus, c->want);
        CHECK_STR(selection_string(t), c->selection);
        CHECK_STR(anchor_string(t), c->anchor);
        CHECK_EQ_I64(r.handled, c->handled);
        CHECK_EQ_I64(r.action, c->action);
        CHECK_EQ_DBL(r.scroll_offset, 0);
        CHECK_EQ_I64(r.scroll, 0);
        CHECK(sets <= 1); /* one change set for everything */
        if (check_failed_so_far() != failed) {
            fprintf(stderr, "  (case %zu: key %d, modifiers %u, from %" PRId64 ")\n", i, (int)c->key,
                    (unsigned)c->modifiers, c->focus);
        }
        fold_table_free(t);
    }
}

static void test_pages_and_scrolling(void)
{
    fold_table *t = key_table();
    fold_key_result r;
    CHECK_STATUS(fold_table_set_viewport(t, 0, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_focus(t, 0), FOLD_OK);
    /* y 100 lies in A's row 1 (72..116): the viewport moves as far as the focus. */
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_PAGE_DOWN, 0, &r), FOLD_OK);
    CHECK_EQ_I64(r.focus, 2);
    CHECK_EQ_DBL(r.scroll_offset, 72);
    CHECK_EQ_I64(r.scroll, 1);
    CHECK_STATUS(fold_table_set_viewport(t, 72, 100), FOLD_OK);
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_PAGE_DOWN, 0, &r), FOLD_OK);
    CHECK_EQ_I64(r.focus, 4); /* 72 + 100 in B's row 0 (144..188) */
    CHECK_EQ_DBL(r.scroll_offset, 144);
    /* Down scrolls as little as shows the item. */
    CHECK_STATUS(fold_table_set_viewport(t, 0, 100), FOLD_OK);
    CHECK_STATUS(fold_table_set_focus(t, 2), FOLD_OK);
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_DOWN, 0, &r), FOLD_OK);
    CHECK_EQ_I64(r.focus, 3);
    CHECK_EQ_DBL(r.scroll_offset, 44); /* its bottom 144 at the viewport's bottom */
    CHECK_EQ_I64(r.scroll, 1);
    /* Up to A's row 1 (72..116): its bottom at the viewport's bottom. The
     * table does not move the viewport (it stays at 0). */
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_UP, 0, &r), FOLD_OK);
    CHECK_EQ_DBL(r.scroll_offset, 16);
    /* Already visible: no scroll. */
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_UP, 0, &r), FOLD_OK);
    CHECK_EQ_I64(r.focus, 1);
    CHECK_EQ_DBL(r.scroll_offset, 0);
    CHECK_EQ_I64(r.scroll, 0);
    /* out may be NULL. */
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_UP, 0, NULL), FOLD_OK);
    fold_table_free(t);
}

static void test_modes_and_footers(void)
{
    fold_table_options o = options_with_heights(44, 28, 10, 0, 0);
    fold_table *t = must_table(&o);
    fold_key_result r;
    add(t, FOLD_ROOT, "A", "A", 1);
    add(t, FOLD_ROOT, "B", "B", 1);
    /* A 0, row 1, footer 2, B 3, row 4, footer 5. */
    CHECK_STATUS(fold_table_set_focus(t, 1), FOLD_OK);
    CHECK_STATUS(fold_table_select_item(t, 1, FOLD_SELECT_REPLACE, NULL), FOLD_OK);
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_DOWN, 0, &r), FOLD_OK);
    CHECK_EQ_I64(r.focus, 2);
    CHECK_STR(selection_string(t), "A:0+1"); /* a footer is never selected */
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_SPACE, 0, &r), FOLD_OK);
    CHECK_EQ_I64(r.handled, 0);
    CHECK_STATUS(fold_table_set_selection_mode(t, FOLD_SELECTION_SINGLE), FOLD_OK);
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_DOWN, FOLD_MOD_SHIFT, &r), FOLD_OK);
    CHECK_STR(selection_string(t), "B"); /* Shift as alone */
    CHECK_STATUS(fold_table_set_selection_mode(t, FOLD_SELECTION_NONE), FOLD_OK);
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_DOWN, 0, &r), FOLD_OK);
    CHECK_EQ_I64(r.focus, 4);
    CHECK_STR(selection_string(t), "");
    fold_table_free(t);
}

static void test_bad_keys(void)
{
    fold_table *t = key_table();
    fold_key_result r;
    int64_t focus = -7;
    memset(&r, 0x55, sizeof r);
    CHECK_STATUS(fold_table_set_focus(t, 1), FOLD_OK);
    CHECK_STATUS(fold_table_press_key(t, 0, 0, &r), FOLD_E_INVALID);
    CHECK(strstr(fold_last_error_message(), "key 0 is not known (FOLD_KEY_UP 1,") != NULL);
    CHECK_STATUS(fold_table_press_key(t, 13, 0, &r), FOLD_E_INVALID);
    CHECK_STATUS(fold_table_press_key(t, FOLD_KEY_DOWN, 4, &r), FOLD_E_INVALID);
    CHECK_STR(fold_last_error_message(), "modifiers 0x4 has unknown bits (FOLD_MOD_SHIFT 1, FOLD_MOD_CTRL 2)");
    CHECK_EQ_I64(r.handled, 0x55555555);
    CHECK_STATUS(fold_table_focus(t, &focus), FOLD_OK);
    CHECK_EQ_I64(focus, 1);
    CHECK_STR(selection_string(t), "");
    fold_table_free(t);
}

int main(void)
{
    test_cases();
    test_pages_and_scrolling();
    test_modes_and_footers();
    test_bad_keys();
    return check_done();
}
