/*
 * demo-listview.c — a GtkListView over FoldListModel.
 *
 * Nested collapsible sections, each row a FoldExpander (the chevron, the
 * indentation by depth, the keys); click a header to collapse or expand it
 * (one section, Grains, is fixed — FOLD_SECTION_FIXED: no chevron, a click
 * does nothing), click a row to expand it to a taller height that shows
 * what the food is; an accordion switch (fold_table_set_accordion through
 * the model); sticky section headers (FoldStickyHeaders around the scrolled
 * window: the engine's stack at the list's offset, rendered by the list's
 * own factory; a click on one collapses its section). Keyboard alone: the
 * expander has the focus and its keys are the engine's keyboard model (Up,
 * Down, with Shift the range, with Ctrl only the focus; Space toggles the
 * selection, drawn on the rows; Left and Right fold, unfold or go to the
 * parent and the first child; + - *; Enter activates; typing a title's
 * first letters jumps to it). Drag rows and sections (demo-drop.c):
 * the engine says where they would land (fold_table_drop_target: a line
 * at the depth they would get, or the section highlighted; nothing where
 * they cannot go, such as a section into itself) and moves them
 * (fold_table_drop: one change set with moves, so the rows keep their
 * widgets); the app's row texts move along (demo-rows.c).
 *
 *   foldtable-gtk-demo-listview                     interactive
 *   foldtable-gtk-demo-listview --self-test OUT.png drive itself (real key
 *                                                   presses through XTest), check,
 *                                                   save screenshots, exit 0 / 1
 *
 * Every item is laid out at exactly the engine's height (CSS removes the
 * row padding, each row widget requests the item's height), so the list's
 * scroll offsets are the engine's offsets and the sticky headers line up.
 */
#include "demo-listview.h"
#include "demo-groups.h"
#include "demo-keys.h"
#include "demo-list-row.h"
#include "fold-sticky-headers.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Each food "Name|what an expanded row says about it". */
static const char *const fruit[] = {
    "Apple|Crisp and sweet or sharp; keeps for months in a cool, dark place.",
    "Banana|Picked green, it ripens on the way; the brown spots mean sweeter.",
    "Cherry|Sweet ones for eating, sour ones for pies; a short summer season.", NULL};
static const char *const citrus[] = {
    "Lemon|Juice and zest for baking, dressings and drinks.",
    "Lime|Smaller and sharper than a lemon; essential in Thai and Mexican food.",
    "Orange|Sweet oranges for eating, bitter Seville oranges for marmalade.",
    "Grapefruit|Bitter-sweet; it changes how some medicines work, so ask first.",
    "Mandarin|Loose skin that peels by hand; in season over the winter.", NULL};
static const char *const berries[] = {
    "Strawberry|Not a true berry: the seeds sit on the outside.",
    "Blueberry|Eaten fresh, baked in muffins, or frozen for the winter.",
    "Raspberry|Very soft; best eaten the day it is picked.",
    "Gooseberry|Tart when green, sweeter when red; good in crumbles.", NULL};
static const char *const veg[] = {
    "Carrot|Sweeter when roasted; the leaves make a good pesto.",
    "Potato|Floury ones for mash and chips, waxy ones for salads.", NULL};
static const char *const leaves[] = {
    "Spinach|Wilts to a tenth of its size; add it at the very end.",
    "Lettuce|Keep it dry and cold; dress it just before serving.",
    "Kale|Strip the leaves from the tough stems before cooking.",
    "Chard|The colourful stems cook a little longer than the leaves.", NULL};
static const char *const roots[] = {
    "Beetroot|Roast it in its skin, then peel it while it is warm.",
    "Parsnip|Sweeter after the first frost; roast it with honey.",
    "Radish|Peppery and crunchy; the leaves can be eaten too.", NULL};
static const char *const grains[] = {
    "Wheat|Flour for bread, pasta and cakes; bulgur and couscous too.",
    "Rice|Long grain stays separate, short grain turns creamy.",
    "Barley|Pearl barley thickens soups and stews.",
    "Oats|Porridge, flapjacks and muesli; naturally gluten-free.",
    "Rye|Dense, dark bread that keeps for days.",
    "Millet|A small, quick-cooking grain with a mild taste.", NULL};
static const char *const nuts[] = {
    "Almond|Whole, flaked or ground into flour for baking.",
    "Walnut|Rich and slightly bitter; toast it to bring out the taste.",
    "Hazelnut|The nut in praline and chocolate spreads.",
    "Pecan|Buttery and sweet; the nut of pecan pie.", NULL};
static const char *const tree_nuts[] = {
    "Cashew|Always sold shelled: the shell holds an irritating oil.",
    "Pistachio|Green inside; the shell splits open when it is ripe.",
    "Macadamia|One of the hardest shells to crack, and one of the richest nuts.", NULL};
static const char *const spices[] = {
    "Pepper|Black, white and green peppercorns come from the same vine.",
    "Cumin|Warm and earthy; toast the seeds before grinding.",
    "Cinnamon|The inner bark of a tree, rolled into quills as it dries.",
    "Clove|Dried flower buds; a few go a long way.",
    "Nutmeg|Grate it fresh over custards, sauces and mashed potato.", NULL};
static const char *const hot[] = {
    "Chili|The heat sits in the seeds and the pale ribs.",
    "Cayenne|Ground dried chili; a pinch warms a whole pot.",
    "Paprika|Sweet, hot or smoked; it gives goulash its colour.", NULL};
static const char *const none[] = {NULL};

/* Parents before children; children after the parent's rows. */
const DemoGroup groups[] = {
    {"fruit", NULL, "Fruit|3 + 2 groups", fruit, 0},
    {"citrus", "fruit", "Citrus", citrus, 0},
    {"berries", "fruit", "Berries", berries, 0},
    {"veg", NULL, "Vegetables|2 + 2 groups", veg, 0},
    {"leaves", "veg", "Leaves", leaves, 0},
    {"roots", "veg", "Roots", roots, 0},
    {"grains", NULL, "Grains|always open", grains, FOLD_SECTION_FIXED},
    {"nuts", NULL, "Nuts", nuts, 0},
    {"tree-nuts", "nuts", "Tree nuts", tree_nuts, 0},
    {"empty", NULL, "Nothing here|empty section", none, 0},
    {"spices", NULL, "Spices", spices, 0},
    {"hot", "spices", "Hot", hot, 0},
    {0},
};

/* The app keeps its row data (by key, its own identity); the engine the
 * structure and header texts. Every row can expand. */
static int
set_expanded_heights(fold_table *table, fold_section_id id, const DemoGroup *group)
{
    int status = FOLD_OK;
    for (int64_t r = 0; status == FOLD_OK && group->rows[r]; r++)
        status = fold_table_set_row_expanded_height(table, id, r, EXPANDED_HEIGHT);
    return status;
}

static fold_table *
build_table(void)
{
    fold_table *table = demo_table_new(HEADER_HEIGHT, ROW_HEIGHT, FOLD_ACCORDION_MULTIPLE);
    if (!table)
        return NULL;
    return demo_groups_insert(table, groups, set_expanded_heights);
}

/* ---- list rows ----------------------------------------------------------- */

/* What an expanded row shows: what the food is (the app's data). */
static const char *
row_body(FoldListItem *item, gpointer data)
{
    App *app = data;
    return demo_group_detail(
        demo_rows_get(app->rows, fold_list_item_get_key(item), fold_list_item_get_row(item)));
}

/* demo-list-row.c: a FoldExpander around the line, which is a row's height;
 * an expanded row shows a body. */
static void
setup_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    App *app = data;
    gtk_list_item_set_child(list_item, demo_list_row_new_with_expander(
                                           app->demo.model, (int)ROW_HEIGHT, row_body, app));
}

/* Counts the bound items' notifies in app->notes. */
static void
bind_row(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    App *app = data;
    demo_list_row_bind(factory, list_item, &app->notes);
}

/* ---- input --------------------------------------------------------------- */

static void
on_accordion(GObject *sw, GParamSpec *pspec, gpointer data)
{
    (void)pspec;
    App *app = data;
    GError *error = NULL;
    int32_t policy = gtk_switch_get_active(GTK_SWITCH(sw)) ? FOLD_ACCORDION_SINGLE
                                                           : FOLD_ACCORDION_MULTIPLE;
    if (!fold_list_model_set_accordion(app->demo.model, policy, &error)) {
        g_warning("accordion: %s", error->message);
        g_clear_error(&error);
    }
}

static void
on_items_changed(GListModel *model, guint position, guint removed, guint added, gpointer data)
{
    (void)model;
    App *app = data;
    app->signals++;
    app->last_signal[0] = position;
    app->last_signal[1] = removed;
    app->last_signal[2] = added;
    /* Only reads here: this runs inside the table's change listener, where
     * the table refuses changes (FOLD_E_BUSY). A reaction that changes the
     * table would go to g_idle_add(). */
}

/* A drop: the rows' texts move along, then the engine moves the items. */
static int
drop_items(fold_table *table, fold_section_id parent, int64_t index, const fold_item_ref *items,
           int64_t count, gpointer data)
{
    App *app = data;
    return demo_rows_drop(app->rows, table, parent, index, items, count);
}

/* Adwaita's light palette, as the settings demo: headers on the window's
 * grey, rows on white, an expanded row marked by the accent blue. */
static const char css[] =
    "listview.fold > row { padding: 0; margin: 0; min-height: 0; border: none; }\n"
    ".fold-header { background: #f6f5f4; box-shadow: inset 0 -1px #deddda; font-weight: bold; }\n"
    ".fold-header .dim-label { font-weight: normal; }\n"
    ".fold-header.depth-1, .fold-header.depth-2 { background: #faf9f8; }\n"
    "listview.fold image.expander { color: #5e5c64; }\n"
    ".fold-row { background: #ffffff; box-shadow: inset 0 -1px #ebe9e6; }\n"
    ".fold-row.expanded { background: #fafcff;"
    "  box-shadow: inset 4px 0 #1c71d8, inset 0 -1px #ebe9e6; }\n"
    ".fold-row .body { color: alpha(currentColor, 0.7); }\n"
    "listview.fold > row:hover .fold-header { background: #edebe9; }\n"
    "listview.fold > row:hover .fold-row { background: #f3f6fb; }\n"
    /* the engine's selection (Shift+arrows, Space): Adwaita's selected row */
    ".fold-row.selected, .fold-header.selected { background: #dde8f8; }\n"
    "listview.fold > row:hover .fold-row.selected { background: #d2e1f6; }\n";

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window = demo_window_new(gapp, css, NULL, "FoldTable — GtkListView", 480, 560);

    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    demo_set_margins(bar, 10, 6);
    GtkWidget *label = gtk_label_new("Accordion (one expanded row)");
    gtk_widget_set_hexpand(label, TRUE);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    app->accordion = gtk_switch_new();
    g_signal_connect(app->accordion, "notify::active", G_CALLBACK(on_accordion), app);
    gtk_box_append(GTK_BOX(bar), label);
    gtk_box_append(GTK_BOX(bar), app->accordion);

    /* A click's action: FOLD_ACTIVATED_NOTHING for a fixed header (Grains),
     * _REFUSED if a section or row listener said no; either way nothing
     * changed. */
    app->demo.list = demo_list_view_new(app->demo.model, "fold", G_CALLBACK(setup_row), G_CALLBACK(bind_row),
                                   G_CALLBACK(demo_list_row_unbind), G_CALLBACK(demo_on_activate), app);
    g_signal_connect(app->demo.model, "items-changed", G_CALLBACK(on_items_changed), app);

    app->scroller = demo_scroller_new(app->demo.list);
    app->vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(app->demo.list));

    /* The sticky headers wrap the scrolled window; the drop indicator is
     * drawn over both. Depth 0 starts at the expander's margin (8 px),
     * each level 20 px further (its indentation). */
    app->sticky = fold_sticky_headers_new(app->demo.model, app->scroller);
    gtk_widget_set_vexpand(app->sticky, TRUE);
    app->drop = demo_drop_new(app->demo.list, app->demo.model, app->vadj, LIST_ROW_START,
                              EXPANDER_INDENT, drop_items, app);
    return demo_window_set_column(window, bar, demo_drop_wrap(app->drop, app->sticky), NULL);
}

/* The self-test (--self-test): its steps, in order. */
static const DemoStep self_test[] = {step_1,  step_2,  step_3,  step_4,  step_5,  step_6,  step_7,
                                     step_8,  step_9,  step_10, step_11, step_12, step_13, step_14,
                                     step_15, step_16, step_17, step_18, step_19, step_20, step_21,
                                     step_22, step_23, step_24, step_25, step_26, step_27, step_28};

int
main(int argc, char **argv)
{
    App app = {0};
    app.rows = demo_rows_new();
    for (const DemoGroup *g = groups; g->key; g++)
        demo_rows_set(app.rows, g->key, g->rows, -1);
    /* The model owns the table. */
    int status = demo_main(&app.demo, argc, argv, build_table, demo_rows_title, app.rows,
                           "org.foldtable.DemoListView", build_window, self_test,
                           G_N_ELEMENTS(self_test), 400, &app);
    demo_rows_free(app.rows);
    return status;
}
