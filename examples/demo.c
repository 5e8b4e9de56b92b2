/*
 * demo.c — FoldTable from C on a small product catalogue.
 *
 * The engine knows sections, rows and heights; the row titles stay here, in
 * plain C arrays, as they would in an application's own data, next to the
 * section id the table handed out for each section. The demo prints the flat
 * list a view would draw (header texts copied into stack buffers: nothing to
 * free), collapses a section found by its key, and asks the two questions a
 * scrolling view asks: what is at this offset, and what is inside this
 * viewport.
 *
 * Build (SwiftPM):
 *   swift build --scratch-path /tmp/build
 *   cc -std=c99 -Iinclude examples/demo.c -L/tmp/build/debug -lfoldtable \
 *      -Wl,-rpath,/tmp/build/debug -o demo && ./demo
 */
#include <stdio.h>
#include <stdlib.h>

#include "foldtable.h"

/* ---- sample data -------------------------------------------------------- */

struct section_data {
    const char *key;
    const char *header; /* "Title|Detail" */
    const char *rows[8];
    int row_count;
};

static const struct section_data catalogue[] = {
    {"Mac", "Mac|Laptops and desktops", {"MacBook Air", "MacBook Pro", "iMac", "Mac mini"}, 4},
    {"iPad", "iPad|Tablets", {"iPad Pro", "iPad Air", "iPad mini"}, 3},
    {"iPhone", "iPhone|Phones", {"iPhone 16 Pro", "iPhone 16", "iPhone SE"}, 3},
};
#define SECTION_COUNT ((int)(sizeof catalogue / sizeof catalogue[0]))

/* The id the table gave each catalogue section (fold_table_insert_section). */
static fold_section_id section_ids[SECTION_COUNT];

/* Our own record of the section an item names. */
static const struct section_data *data_of(fold_section_id id)
{
    int i;
    for (i = 0; i < SECTION_COUNT; i++) {
        if (section_ids[i] == id) {
            return &catalogue[i];
        }
    }
    return NULL;
}

/* ---- error handling ------------------------------------------------------ */

/* Stops the demo with the library's message if a call fails. */
static void check(int status, const char *what)
{
    if (status != FOLD_OK) {
        fprintf(stderr, "demo: %s failed: %s (%s)\n", what, fold_status_name(status),
                fold_last_error_message());
        exit(1);
    }
}

static const char *kind_name(int32_t kind)
{
    switch (kind) {
    case FOLD_ITEM_HEADER: return "header";
    case FOLD_ITEM_ROW: return "row";
    case FOLD_ITEM_FOOTER: return "footer";
    default: return "?";
    }
}

static const char *place_name(int32_t place)
{
    switch (place) {
    case FOLD_OFFSET_IN_ITEM: return "in item";
    case FOLD_OFFSET_ABOVE: return "above the first item";
    case FOLD_OFFSET_BELOW: return "below the last item";
    default: return "?";
    }
}

/* ---- printing ------------------------------------------------------------ */

/* The text a view would draw for an item: for a header its indicator, title
 * and detail, copied into stack buffers (a longer text would be cut at a
 * character boundary; the length it reports says how long a buffer to use);
 * for a row its title from our own array, indented. */
static void print_item_text(const fold_table *table, int32_t kind, fold_section_id section,
                            int64_t row)
{
    if (kind == FOLD_ITEM_HEADER) {
        char indicator[16], title[64], detail[64];
        int status;
        check(fold_table_section_text(table, section, FOLD_TEXT_INDICATOR, indicator,
                                      sizeof indicator, NULL),
              "section_text (indicator)");
        check(fold_table_section_text(table, section, FOLD_TEXT_TITLE, title, sizeof title, NULL),
              "section_text (title)");
        printf("%s %s", indicator, title);
        /* A header without '|' has no detail: FOLD_E_NOT_FOUND. */
        status = fold_table_section_text(table, section, FOLD_TEXT_DETAIL, detail, sizeof detail,
                                         NULL);
        if (status == FOLD_OK) {
            printf("  (%s)", detail);
        } else if (status != FOLD_E_NOT_FOUND) {
            check(status, "section_text (detail)");
        }
    } else if (kind == FOLD_ITEM_ROW) {
        const struct section_data *data = data_of(section);
        printf("    %s", data != NULL ? data->rows[row] : "?");
    } else {
        printf("    --");
    }
}

static void print_flat_list(const fold_table *table, const char *caption)
{
    int64_t count = 0, position;
    double content = 0;

    check(fold_table_item_count(table, &count), "item_count");
    check(fold_table_content_height(table, &content), "content_height");
    printf("%s: %lld items, content height %g\n", caption, (long long)count, content);
    printf("  pos    top  height  kind    text\n");
    for (position = 0; position < count; position++) {
        fold_item item;
        double top = 0, height = 0;
        check(fold_table_item_at(table, position, &item), "item_at");
        check(fold_table_item_top(table, position, &top), "item_top");
        check(fold_table_item_height(table, position, &height), "item_height");
        printf("  %3lld  %5g  %6g  %-6s  ", (long long)position, top, height,
               kind_name(item.kind));
        print_item_text(table, item.kind, item.section, item.row);
        printf("\n");
    }
    printf("\n");
}

static void print_offsets(const fold_table *table)
{
    static const double ys[] = {-10, 0, 30, 160, 200, 10000};
    size_t i;
    printf("What is at each offset:\n");
    for (i = 0; i < sizeof ys / sizeof ys[0]; i++) {
        int64_t position = -1;
        int32_t place = 0;
        check(fold_table_item_at_offset(table, ys[i], &position, &place), "item_at_offset");
        printf("  y = %6g -> position %2lld, %s\n", ys[i], (long long)position,
               place_name(place));
    }
    printf("\n");
}

static void print_viewport(const fold_table *table, double offset, double height,
                           int64_t overscan)
{
    fold_visible_item items[16];
    int64_t written = 0, total = 0, i;
    check(fold_table_visible_items(table, offset, height, overscan, items, 16, &written, &total),
          "visible_items");
    printf("Viewport at offset %g, height %g, overscan %lld: %lld items\n", offset, height,
           (long long)overscan, (long long)total);
    for (i = 0; i < written; i++) {
        const fold_visible_item *v = &items[i];
        printf("  %3lld  %5g  %6g  %-6s  ", (long long)v->position, v->top, v->height,
               kind_name(v->kind));
        print_item_text(table, v->kind, v->section, v->row);
        printf("\n");
    }
    printf("\n");
}

/* ---- main ---------------------------------------------------------------- */

int main(void)
{
    fold_table_options options;
    fold_table *table = NULL;
    fold_section_id ipad = 0;
    int changed = 0;
    int i;

    if (fold_version_number() != FOLD_VERSION_NUMBER) {
        fprintf(stderr, "demo: built with FoldTable %s but running with %s\n",
                FOLD_VERSION_STRING, fold_version_string());
        return 1;
    }
    printf("FoldTable %s\n\n", fold_version_string());

    fold_table_options_init(&options); /* rows 44, headers 28, no footers */
    check(fold_table_new(&options, &table), "table_new");
    for (i = 0; i < SECTION_COUNT; i++) {
        check(fold_table_insert_section(table, FOLD_ROOT, FOLD_INDEX_END, catalogue[i].key,
                                        catalogue[i].header, catalogue[i].row_count, 0,
                                        &section_ids[i]),
              "insert_section");
    }

    print_flat_list(table, "All sections expanded");

    /* Keys are the names an app keeps; one lookup gives the id to act on. */
    check(fold_table_find_section(table, "iPad", &ipad), "find_section");
    check(fold_table_collapse(table, ipad, &changed), "collapse");
    printf("Collapsed \"iPad\" (changed: %s)\n\n", changed ? "yes" : "no");
    print_flat_list(table, "With iPad collapsed");

    print_offsets(table);
    print_viewport(table, 30, 100, 0);
    print_viewport(table, 30, 100, 1);

    fold_table_free(table);
    return 0;
}
