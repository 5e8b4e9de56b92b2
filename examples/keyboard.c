/*
 * keyboard.c — the keyboard model of FoldTable from C: a view translates
 * its own key events to FOLD_KEY_* and FOLD_MOD_*, hands them to
 * fold_table_press_key, and draws what the table reports: the focused item
 * (FOLD_ITEM_FLAG_FOCUSED), the selection (FOLD_ITEM_FLAG_SELECTED), the
 * sections collapsed or expanded, and where to scroll. Every rule (which
 * item is next, what Shift selects, where focus goes when its section
 * collapses) is the engine's, so two toolkits behave alike.
 *
 * Here the "view" is a terminal: a scripted sequence of keys, the list
 * printed after each one ('>' marks the focus, '*' the selection).
 *
 * Build (SwiftPM):
 *   swift build --scratch-path /tmp/build
 *   cc -std=c99 -Iinclude examples/keyboard.c -L/tmp/build/debug -lfoldtable \
 *      -Wl,-rpath,/tmp/build/debug -o keyboard && ./keyboard
 */
#include <stdio.h>
#include <stdlib.h>

#include "foldtable.h"

/* Stops the example with the library's message if a call fails. */
static void check(int status, const char *what)
{
    if (status != FOLD_OK) {
        fprintf(stderr, "keyboard: %s failed: %s (%s)\n", what, fold_status_name(status),
                fold_last_error_message());
        exit(1);
    }
}

/* One line per item: focus and selection marks, the header's indicator and
 * key, or the row's index. */
static void print_list(const fold_table *table)
{
    int64_t count = 0, position;
    check(fold_table_item_count(table, &count), "item_count");
    for (position = 0; position < count; position++) {
        fold_item item;
        char text[32];
        check(fold_table_item_at(table, position, &item), "item_at");
        printf("  %c%c %*s", (item.flags & FOLD_ITEM_FLAG_FOCUSED) ? '>' : ' ',
               (item.flags & FOLD_ITEM_FLAG_SELECTED) ? '*' : ' ', (int)item.depth * 2, "");
        if (item.kind == FOLD_ITEM_HEADER) {
            char indicator[8];
            check(fold_table_section_text(table, item.section, FOLD_TEXT_INDICATOR, indicator,
                                          sizeof indicator, NULL),
                  "section_text");
            check(fold_table_section_text(table, item.section, FOLD_TEXT_KEY, text, sizeof text, NULL),
                  "section_text");
            printf("%s %s\n", indicator[0] ? indicator : " ", text);
        } else {
            printf("    row %lld\n", (long long)item.row);
        }
    }
}

struct press {
    int32_t key;
    uint32_t modifiers;
    const char *name;
};

int main(void)
{
    /* What a user might type: down the list, a Shift range, collapse with
     * Left (focus stays on the header), into a section with Right, a Ctrl
     * move and Space to add one item, '*' to open everything below. */
    static const struct press presses[] = {
        {FOLD_KEY_DOWN, 0, "Down"},
        {FOLD_KEY_DOWN, 0, "Down"},
        {FOLD_KEY_DOWN, FOLD_MOD_SHIFT, "Shift+Down"},
        {FOLD_KEY_LEFT, 0, "Left"},
        {FOLD_KEY_LEFT, 0, "Left"},
        {FOLD_KEY_END, FOLD_MOD_CTRL, "Ctrl+End"},
        {FOLD_KEY_SPACE, FOLD_MOD_CTRL, "Ctrl+Space"},
        {FOLD_KEY_HOME, 0, "Home"},
        {FOLD_KEY_ASTERISK, 0, "*"},
        {FOLD_KEY_RIGHT, 0, "Right"},
    };
    static const char *const actions[] = {"", ", collapsed", ", expanded", "", "", ", refused", ""};
    fold_table *table = NULL;
    fold_section_id mac = 0, laptops = 0;
    size_t i;

    check(fold_table_new(NULL, &table), "table_new");
    check(fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "Mac", "Mac", 0, 0, &mac),
          "insert_section");
    check(fold_table_insert_section(table, mac, FOLD_INDEX_END, "Laptops", "Laptops", 2, 0, &laptops),
          "insert_section");
    check(fold_table_insert_section(table, mac, FOLD_INDEX_END, "Desktops", "Desktops", 2,
                                    FOLD_SECTION_COLLAPSED, NULL),
          "insert_section");
    check(fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, "iPad", "iPad", 2, 0, NULL),
          "insert_section");
    /* A viewport makes the table say where to scroll. */
    check(fold_table_set_viewport(table, 0, 150), "set_viewport");

    printf("Start: nothing focused\n");
    print_list(table);
    for (i = 0; i < sizeof presses / sizeof presses[0]; i++) {
        fold_key_result r;
        check(fold_table_press_key(table, presses[i].key, presses[i].modifiers, &r), "press_key");
        printf("\n%s: focus %lld%s%s", presses[i].name, (long long)r.focus,
               r.handled ? "" : " (not handled: the view may use the key)",
               r.action >= 0 && r.action < 7 ? actions[r.action] : "");
        if (r.scroll) {
            /* A real view scrolls there; the table does not move its viewport. */
            printf(", scroll to %g", r.scroll_offset);
            check(fold_table_set_viewport(table, r.scroll_offset, 150), "set_viewport");
        }
        printf("\n");
        print_list(table);
    }
    fold_table_free(table);
    return 0;
}
