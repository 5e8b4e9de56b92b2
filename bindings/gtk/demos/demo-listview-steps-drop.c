/* The listview demo's self-test steps 14 to 19: rows and sections dragged
 * and dropped (see demo-listview.h). */
#include "demo-listview.h"
#include "demo-keys.h"
#include "fold-sticky-headers.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- drag and drop --------------------------------------------------------- */

/* A list point over `fraction` of the item at `position`'s height. */
static double
point_in(App *app, int64_t position, double fraction)
{
    return demo_item_top(app->demo.table, position) +
           fraction * demo_item_height_at(app->demo.table, position) -
           gtk_adjustment_get_value(app->vadj);
}

/* What the drag carries is exactly `section` / `row`. */
static gboolean
carries(App *app, fold_section_id section, int64_t row)
{
    int64_t n = 0;
    const fold_item_ref *items = demo_drop_get_items(app->drop, &n);
    return n == 1 && items[0].section == section && items[0].row == row;
}

/* The items of section `key`'s rows are titled `titles` (NULL-terminated), in order. */
static void
expect_rows(App *app, const char *key, const char *const *titles)
{
    fold_section_info info;
    EXPECT(fold_table_section_info(app->demo.table, demo_section(app->demo.table, key), &info) ==
           FOLD_OK);
    int64_t n = 0;
    for (; titles[n]; n++) {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(app->demo.model),
                                                 (guint)demo_row_pos(app->demo.table, key, n));
        const char *title = it ? fold_list_item_get_title(it) : NULL;
        if (g_strcmp0(title, titles[n]) != 0)
            fprintf(stderr, "%s row %" G_GINT64_FORMAT ": \"%s\", expected \"%s\"\n", key, n,
                    title ? title : "(none)", titles[n]);
        EXPECT(g_strcmp0(title, titles[n]) == 0);
        g_clear_object(&it);
    }
    EXPECT(info.row_count == n);
}

void
step_14(gpointer data)
{
    App *app = data;
    gtk_adjustment_set_value(app->vadj, 0);
}

/* Banana's list item and row widget, held across the drop. */
static FoldListItem *dragged_item;
static GtkWidget *dragged_widget;

void
step_15(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Take Banana (fruit row 1) by its middle. */
    int64_t banana = demo_row_pos(t, "fruit", 1);
    EXPECT(demo_drop_test_take(app->drop, 200, point_in(app, banana, 0.5)));
    EXPECT(carries(app, demo_section(t, "fruit"), 1));
    graphene_rect_t r;
    /* Over Fruit's header top: before Fruit, at the top level, where only
     * sections go: refused, nothing drawn. */
    EXPECT(demo_drop_test_motion(app->drop, 200, 2) == 0);
    EXPECT(demo_drop_get_answer(app->drop)->kind == FOLD_DROP_NONE);
    EXPECT(!demo_drop_get_indicator(app->drop, &r));
    /* A drop there is refused and changes nothing. */
    int64_t before = demo_item_count(t);
    app->signals = 0;
    EXPECT(!demo_drop_test_drop(app->drop, 200, 2));
    EXPECT(app->signals == 0 && demo_item_count(t) == before);
    EXPECT(carries(app, demo_section(t, "fruit"), 1));
    /* Over Strawberry's lower half: before Blueberry (berries child 1), a
     * line at Blueberry's top, two levels in (the berries' rows' depth). */
    int64_t strawberry = demo_row_pos(t, "berries", 0), blueberry = demo_row_pos(t, "berries", 1);
    EXPECT(demo_drop_test_motion(app->drop, 200, point_in(app, strawberry, 0.75)) ==
           GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_BEFORE && a->parent == demo_section(t, "berries") &&
           a->index == 1 && a->depth == 2 && a->position == blueberry);
    EXPECT(a->line_y == demo_item_top(t, blueberry) && a->line_x == 2 * EXPANDER_INDENT);
    EXPECT(demo_drop_get_indicator(app->drop, &r));
    double width = gtk_widget_get_width(app->demo.list);
    EXPECT(r.origin.x == LIST_ROW_START + 2 * EXPANDER_INDENT &&
           r.origin.y == demo_item_top(t, blueberry) - 1 && r.size.height == 2 &&
           r.size.width == width - r.origin.x);
    dragged_item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), (guint)banana);
    dragged_widget = row_widget(app, banana);
    EXPECT(dragged_widget != NULL);
    if (dragged_widget)
        g_object_ref(dragged_widget);
    printf("step 15: dragging Banana: refused over Fruit's top (rows cannot be top-level), "
           "a line at y=%.0f x=%.0f over Strawberry's lower half (berries, index 1)\n",
           r.origin.y + 1, r.origin.x);
}

void
step_16(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* OUT-drop-indicator.png: the line drawn between Strawberry and Blueberry. */
    demo_expect_screenshot(&app->demo, "-drop-indicator.png",
                           " (Banana dragged between Strawberry and Blueberry)");
    int64_t strawberry = demo_row_pos(t, "berries", 0);
    app->signals = 0;
    EXPECT(demo_drop_test_drop(app->drop, 200, point_in(app, strawberry, 0.75)));
    EXPECT(app->signals == 1); /* one change set, one items-changed */
    expect_rows(app, "fruit", (const char *const[]){"Apple", "Cherry", NULL});
    expect_rows(app, "berries", (const char *const[]){"Strawberry", "Banana", "Blueberry",
                                                      "Raspberry", "Gooseberry", NULL});
    /* The moved row is the same item, shown by the same widget. */
    int64_t banana = demo_row_pos(t, "berries", 1);
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), (guint)banana);
    EXPECT(now && now == dragged_item);
    g_clear_object(&now);
    EXPECT(demo_drop_get_answer(app->drop)->kind == FOLD_DROP_NONE);
    printf("step 16: dropped Banana: berries row 1, the same list item\n");
}

void
step_17(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    int64_t banana = demo_row_pos(t, "berries", 1);
    GtkWidget *outer = row_widget(app, banana);
    EXPECT(outer && outer == dragged_widget);
    EXPECT(outer && g_strcmp0(gtk_label_get_text(g_object_get_data(G_OBJECT(outer), "title")),
                              "Banana") == 0);
    g_clear_object(&dragged_item);
    g_clear_object(&dragged_widget);
    /* Tree nuts at the top, Spices under it, for a section's drag. */
    gtk_adjustment_set_value(app->vadj, demo_item_top(t, demo_header_pos(t, "tree-nuts")));
    printf("step 17: Banana's widget kept\n");
}

void
step_18(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Take the section Tree nuts by its header. */
    int64_t h = demo_header_pos(t, "tree-nuts");
    EXPECT(demo_drop_test_take(app->drop, 200, point_in(app, h, 0.5)));
    EXPECT(carries(app, demo_section(t, "tree-nuts"), -1));
    /* Over its own row Cashew: inside itself, refused. */
    EXPECT(demo_drop_test_motion(app->drop, 200, point_in(app, demo_row_pos(t, "tree-nuts", 0), 0.5)) == 0);
    EXPECT(demo_drop_get_answer(app->drop)->kind == FOLD_DROP_NONE);
    /* Over the middle of Spices' header: into Spices, highlighted from its
     * header to its last item. */
    int64_t spices = demo_header_pos(t, "spices");
    EXPECT(demo_drop_test_motion(app->drop, 200, point_in(app, spices, 0.5)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    fold_section_info info;
    fold_table_section_info(t, demo_section(t, "spices"), &info);
    EXPECT(a->kind == FOLD_DROP_INTO && a->parent == demo_section(t, "spices") &&
           a->index == info.child_count && a->depth == 1 && a->position == spices);
    EXPECT(a->highlight_top == demo_item_top(t, spices) &&
           a->highlight_height == demo_content_height(t) - demo_item_top(t, spices));
    graphene_rect_t r;
    EXPECT(demo_drop_get_indicator(app->drop, &r));
    EXPECT(r.origin.y == demo_item_top(t, spices) - gtk_adjustment_get_value(app->vadj));
    dragged_item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), (guint)h);
    printf("step 18: dragging Tree nuts: refused over itself, into Spices over its header\n");
}

void
step_19(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    demo_expect_screenshot(&app->demo, "-drop-into.png", " (Tree nuts dragged into Spices)");
    EXPECT(demo_drop_test_drop(app->drop, 200, point_in(app, demo_header_pos(t, "spices"), 0.5)));
    fold_section_info info;
    EXPECT(fold_table_section_info(t, demo_section(t, "tree-nuts"), &info) == FOLD_OK);
    EXPECT(info.parent == demo_section(t, "spices") && info.index == 6 && info.depth == 1);
    expect_rows(app, "tree-nuts", (const char *const[]){"Cashew", "Pistachio", "Macadamia", NULL});
    /* The same header item (its widget is below the view now). */
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(app->demo.model),
                                              (guint)demo_header_pos(t, "tree-nuts"));
    EXPECT(now && now == dragged_item);
    g_clear_object(&now);
    g_clear_object(&dragged_item);
    EXPECT(demo_drop_get_answer(app->drop)->kind == FOLD_DROP_NONE);
    printf("step 19: dropped Tree nuts into Spices: its last child, the same item\n");
    /* The top, for the keyboard. */
    gtk_adjustment_set_value(app->vadj, 0);
}

