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
#include "demo-app.h"
#include "demo-drop.h"
#include "demo-groups.h"
#include "demo-keys.h"
#include "demo-list-row.h"
#include "demo-rows.h"
#include "fold-sticky-headers.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define HEADER_HEIGHT 28.0
#define ROW_HEIGHT 40.0
#define EXPANDED_HEIGHT 96.0
/* Where a row's expander starts (its margin) and its indentation a level. */
#define LIST_ROW_START 8.0
#define EXPANDER_INDENT 20.0

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
static const DemoGroup groups[] = {
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

typedef struct {
    DemoApp demo;
    DemoRows *rows; /* the rows' texts, moved along by drops */
    DemoDrop *drop;
    GtkWidget *scroller, *sticky, *accordion;
    GtkAdjustment *vadj;
    /* self-test */
    guint signals;
    guint last_signal[3]; /* position, removed, added */
    guint notes; /* notify signals of bound items, "position" aside */
} App;

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

/* ---- self-test ----------------------------------------------------------- */

/* The flat position shown by the list row under viewport point (x, y), or -1. */
static int64_t
picked_position(App *app, double x, double y)
{
    GtkWidget *w = gtk_widget_pick(app->demo.list, x, y, GTK_PICK_DEFAULT);
    for (; w; w = gtk_widget_get_parent(w)) {
        GtkListItem *list_item = g_object_get_data(G_OBJECT(w), "fold-list-item");
        if (list_item)
            return gtk_list_item_get_position(list_item);
        if (w == app->demo.list)
            break;
    }
    return -1;
}

/* The row widget (demo-list-row.c's outer box) the list shows for
 * `position`, mapped, or NULL. */
static GtkWidget *
row_widget(App *app, int64_t position)
{
    for (GtkWidget *c = gtk_widget_get_first_child(app->demo.list); c;
         c = gtk_widget_get_next_sibling(c)) {
        GtkWidget *outer = gtk_widget_get_first_child(c);
        GtkListItem *list_item = outer ? g_object_get_data(G_OBJECT(outer), "fold-list-item") : NULL;
        if (list_item && gtk_widget_get_mapped(outer) &&
            gtk_list_item_get_position(list_item) == (guint)position)
            return outer;
    }
    return NULL;
}

static GtkWidget *
row_expander(App *app, int64_t position)
{
    GtkWidget *outer = row_widget(app, position);
    return outer ? g_object_get_data(G_OBJECT(outer), "expander") : NULL;
}

/* The chevron the row of `position` shows: its icon name, "" when hidden,
 * NULL without a row or an expander there. No "+" or "–" is drawn. */
static const char *
chevron(App *app, int64_t position)
{
    GtkWidget *outer = row_widget(app, position), *expander = row_expander(app, position);
    EXPECT(!outer || !gtk_widget_get_visible(g_object_get_data(G_OBJECT(outer), "indicator")));
    for (GtkWidget *c = expander ? gtk_widget_get_first_child(expander) : NULL; c;
         c = gtk_widget_get_next_sibling(c))
        if (GTK_IS_IMAGE(c) && gtk_widget_has_css_class(c, "expander"))
            return gtk_widget_get_visible(c) ? gtk_image_get_icon_name(GTK_IMAGE(c)) : "";
    return NULL;
}

/* The engine's focused position, -1 if none. */
/* The list shows at viewport y the engine's item at offset + y, and the
 * sticky headers show the engine's stack for that offset. */
static void
check_scrolled(App *app, double offset)
{
    EXPECT(gtk_adjustment_get_value(app->vadj) == offset);
    int64_t engine_pos = -1;
    int32_t place = 0;
    fold_table_item_at_offset(app->demo.table, offset + 70, &engine_pos, &place);
    int64_t shown = picked_position(app, 200, 70);
    if (shown != engine_pos)
        fprintf(stderr, "at y=70 the list shows item %" G_GINT64_FORMAT
                ", the engine says %" G_GINT64_FORMAT "\n", shown, engine_pos);
    EXPECT(shown == engine_pos);
    fold_sticky_header headers[8];
    int64_t written = 0;
    fold_table_sticky_headers(app->demo.table, offset, headers, 8, &written, NULL);
    EXPECT(written >= 1);
    FoldStickyHeaders *sticky = FOLD_STICKY_HEADERS(app->sticky);
    EXPECT(fold_sticky_headers_get_n_headers(sticky) == (guint)written);
    for (int64_t i = 0; i < written; i++) {
        fold_section_id id = 0;
        guint position = 0;
        double y = -1;
        EXPECT(fold_sticky_headers_get_header(sticky, (guint)i, &id, &position, &y, NULL));
        EXPECT(id == headers[i].section && position == (guint)headers[i].position &&
               y == headers[i].top - offset);
    }
    printf("step %d: scrolled to %.0f: item %" G_GINT64_FORMAT " at y=70, %" G_GINT64_FORMAT
           " sticky header(s), first at position %" G_GINT64_FORMAT "\n",
           app->demo.step, offset, shown, written, written ? headers[0].position : -1);
}

static void
step_1(gpointer data)
{
    App *app = data;
    double content = demo_content_height(app->demo.table);
    /* The list shows the engine's list, at the engine's heights. */
    int64_t n = demo_item_count(app->demo.table);
    EXPECT(n == 12 /* headers */ + 3 + 5 + 4 + 2 + 4 + 3 + 6 + 4 + 3 + 5 + 3);
    EXPECT(g_list_model_get_n_items(G_LIST_MODEL(app->demo.model)) == (guint)n);
    printf("step 1: %" G_GINT64_FORMAT " items, content %.0f pt, list upper %.0f\n", n,
           content, gtk_adjustment_get_upper(app->vadj));
    EXPECT(fabs(gtk_adjustment_get_upper(app->vadj) - content) < 0.5);
    /* The row under y = 100 is the engine's item at offset 100. */
    int64_t engine_pos = -1;
    int32_t place = 0;
    fold_table_item_at_offset(app->demo.table, 100, &engine_pos, &place);
    EXPECT(picked_position(app, 200, 100) == engine_pos);
    /* Chevrons, not text: down on open sections, none on rows that only
     * expand when clicked (the chevron is for sections and expandable rows). */
    EXPECT(g_strcmp0(chevron(app, demo_header_pos(app->demo.table, "fruit")), "pan-down-symbolic") == 0);
    EXPECT(g_strcmp0(chevron(app, demo_header_pos(app->demo.table, "citrus")), "pan-down-symbolic") == 0);
}

static void
step_2(gpointer data)
{
    App *app = data;
    /* Click the header of "citrus" (a nested section): it collapses. */
    int64_t p = demo_header_pos(app->demo.table, "citrus"), before = demo_item_count(app->demo.table);
    app->signals = 0;
    app->notes = 0;
    demo_click(&app->demo, (guint)p);
    EXPECT(app->demo.last_action == FOLD_ACTIVATED_SECTION_COLLAPSED);
    EXPECT(demo_section_collapsed(app->demo.table, "citrus"));
    EXPECT(demo_item_count(app->demo.table) == before - 5);
    EXPECT(g_list_model_get_n_items(G_LIST_MODEL(app->demo.model)) == (guint)(before - 5));
    /* (p+1, 5, 0); the header: notify::collapsed and notify::indicator */
    EXPECT(app->signals == 1 && app->notes == 2);
    FoldListItem *h = g_list_model_get_item(G_LIST_MODEL(app->demo.model), (guint)p);
    EXPECT(strcmp(fold_list_item_get_indicator(h), "+") == 0);
    EXPECT(fold_list_item_get_collapsible(h) && fold_list_item_get_collapsed(h));
    EXPECT(fold_list_item_get_section_id(h) == demo_section(app->demo.table, "citrus"));
    g_object_unref(h);
    printf("step 2: collapsed citrus at %" G_GINT64_FORMAT ": %" G_GINT64_FORMAT
           " -> %" G_GINT64_FORMAT " items\n", p, before, demo_item_count(app->demo.table));
    EXPECT(g_strcmp0(chevron(app, p), "pan-end-symbolic") == 0);
}

static void
step_3(gpointer data)
{
    App *app = data;
    double content = demo_content_height(app->demo.table);
    /* Click the row "Banana" (fruit row 1): it expands to 96 pt. */
    int64_t p = demo_row_pos(app->demo.table, "fruit", 1);
    double before = content;
    app->signals = 0;
    app->notes = 0;
    demo_click(&app->demo, (guint)p);
    EXPECT(app->demo.last_action == FOLD_ACTIVATED_ROW_EXPANDED);
    EXPECT(demo_row_expanded(app->demo.table, "fruit", 1));
    EXPECT(app->signals == 0 && app->notes == 2); /* notify::expanded, notify::height */
    double after = demo_content_height(app->demo.table);
    double h = demo_item_height_at(app->demo.table, p);
    EXPECT(h == EXPANDED_HEIGHT);
    EXPECT(after == before + EXPANDED_HEIGHT - ROW_HEIGHT);
    printf("step 3: expanded row fruit/1 at %" G_GINT64_FORMAT ", content %.0f -> %.0f\n",
           p, before, after);
}

static void
step_4(gpointer data)
{
    App *app = data;
    double content = demo_content_height(app->demo.table);
    /* Layout caught up: the expanded row is 96 px on screen. */
    EXPECT(fabs(gtk_adjustment_get_upper(app->vadj) - content) < 0.5);
    int64_t p = demo_row_pos(app->demo.table, "fruit", 1);
    EXPECT(picked_position(app, 200, demo_item_top(app->demo.table, p) + EXPANDED_HEIGHT - 4) == p);
    /* It says what a banana is, under its title, and its chevron is down. */
    GtkWidget *outer = row_widget(app, p);
    GtkWidget *body = outer ? g_object_get_data(G_OBJECT(outer), "body") : NULL;
    EXPECT(body && gtk_widget_get_visible(body) &&
           g_strcmp0(gtk_label_get_text(GTK_LABEL(body)),
                     demo_group_detail(demo_group_row(groups, "fruit", 1))) == 0);
    EXPECT(g_strcmp0(chevron(app, p), "pan-down-symbolic") == 0);
    /* Accordion on; expand "Cherry": "Banana" collapses. */
    gtk_switch_set_active(GTK_SWITCH(app->accordion), TRUE);
    fold_table_options options;
    fold_table_options_init(&options);
    fold_table_get_options(app->demo.table, &options);
    EXPECT(options.accordion == FOLD_ACCORDION_SINGLE);
    int64_t q = demo_row_pos(app->demo.table, "fruit", 2);
    app->signals = 0;
    app->notes = 0;
    demo_click(&app->demo, (guint)q);
    EXPECT(!demo_row_expanded(app->demo.table, "fruit", 1) && demo_row_expanded(app->demo.table, "fruit", 2));
    /* The two neighbouring rows: expanded and height each, no items-changed. */
    EXPECT(app->signals == 0 && app->notes == 4);
    printf("step 4: accordion on, expanded fruit/2, fruit/1 collapsed\n");
}

static void
step_5(gpointer data)
{
    App *app = data;
    /* Scroll by a known amount. */
    gtk_adjustment_set_value(app->vadj, 300);
    EXPECT(gtk_adjustment_get_value(app->vadj) == 300);
}

static void
step_6(gpointer data)
{
    App *app = data;
    check_scrolled(app, 300);
    gtk_adjustment_set_value(app->vadj, 40);
}

static void
step_7(gpointer data)
{
    App *app = data;
    check_scrolled(app, 40);
}

static void
step_8(gpointer data)
{
    App *app = data;
    /* Change the table directly, not through the model: the model
     * follows the engine's change events. Remove the last row of
     * "grains" (the app's data is indexed, so the others keep their
     * text), then put it back. */
    fold_section_id grains = demo_section(app->demo.table, "grains");
    fold_section_info info;
    EXPECT(fold_table_section_info(app->demo.table, grains, &info) == FOLD_OK);
    int64_t before = demo_item_count(app->demo.table), rows = info.row_count, p = demo_row_pos(app->demo.table, "grains", rows - 1);
    int64_t h = demo_header_pos(app->demo.table, "grains");
    /* The removal is the step (p, 1, 0); the engine also redraws the
     * header (its row count), which shows nothing new: no notify. */
    app->signals = 0;
    EXPECT(fold_table_remove_rows(app->demo.table, grains, rows - 1, 1) == FOLD_OK);
    EXPECT(app->signals == 1 && app->last_signal[0] == (guint)p &&
           app->last_signal[1] == 1 && app->last_signal[2] == 0);
    EXPECT(g_list_model_get_n_items(G_LIST_MODEL(app->demo.model)) == (guint)(before - 1));
    app->signals = 0;
    EXPECT(fold_table_insert_rows(app->demo.table, grains, rows - 1, 1, NULL) == FOLD_OK);
    EXPECT(app->signals == 1); /* (p, 0, 1) */
    app->signals = 0;
    EXPECT(fold_table_set_row_expanded_height(app->demo.table, grains, rows - 1,
                                              EXPANDED_HEIGHT) == FOLD_OK);
    EXPECT(app->signals == 0); /* its redraw: notify::expandable */
    EXPECT(g_list_model_get_n_items(G_LIST_MODEL(app->demo.model)) == (guint)before);
    FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(app->demo.model), (guint)p);
    EXPECT(it && strcmp(fold_list_item_get_title(it), "Millet") == 0);
    EXPECT(it && fold_list_item_get_expandable(it));
    g_clear_object(&it);
    /* A header text set directly is redrawn as well. */
    app->signals = 0;
    EXPECT(fold_table_set_section_header(app->demo.table, grains, "Grains|6 kinds") == FOLD_OK);
    EXPECT(app->signals == 0); /* notify::detail */
    it = g_list_model_get_item(G_LIST_MODEL(app->demo.model), (guint)h);
    EXPECT(it && g_strcmp0(fold_list_item_get_detail(it), "6 kinds") == 0);
    g_clear_object(&it);
    printf("step 8: removed and re-inserted grains/%" G_GINT64_FORMAT " at %" G_GINT64_FORMAT
           " and renamed its header, directly on the table\n", rows - 1, p);
}

static void
step_9(gpointer data)
{
    App *app = data;
    /* Grains is fixed (FOLD_SECTION_FIXED): no indicator, a click on its
     * header does nothing, collapsing it is refused with a status. */
    int64_t h = demo_header_pos(app->demo.table, "grains"), before = demo_item_count(app->demo.table);
    FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(app->demo.model), (guint)h);
    EXPECT(it && !fold_list_item_get_collapsible(it));
    EXPECT(it && g_strcmp0(fold_list_item_get_indicator(it), "") == 0);
    EXPECT(it && fold_list_item_get_section_id(it) == demo_section(app->demo.table, "grains"));
    g_clear_object(&it);
    app->signals = 0;
    demo_click(&app->demo, (guint)h);
    EXPECT(app->demo.last_action == FOLD_ACTIVATED_NOTHING);
    EXPECT(app->signals == 0 && demo_item_count(app->demo.table) == before);
    GError *error = NULL;
    EXPECT(!fold_list_model_toggle_section(app->demo.model, demo_section(app->demo.table, "grains"), NULL, &error));
    EXPECT(error && error->domain == FOLD_LIST_MODEL_ERROR &&
           error->code == FOLD_E_NOT_ALLOWED);
    printf("step 9: fixed section grains: click does nothing, toggle refused (%s)\n",
           error ? error->message : "no error");
    g_clear_error(&error);
    EXPECT(!demo_section_collapsed(app->demo.table, "grains"));
}

static void
step_10(gpointer data)
{
    App *app = data;
    demo_expect_screenshot(&app->demo, NULL, NULL);
    /* Then the fixed section at the top, for a second screenshot. */
    double top = demo_item_top(app->demo.table, demo_header_pos(app->demo.table, "grains"));
    gtk_adjustment_set_value(app->vadj, top);
}

static void
step_11(gpointer data)
{
    App *app = data;
    /* OUT.png -> OUT-fixed.png: the list scrolled to Grains (fixed). */
    EXPECT(picked_position(app, 200, 5) == demo_header_pos(app->demo.table, "grains"));
    demo_expect_screenshot(&app->demo, "-fixed.png", " (fixed section Grains at the top)");
}

static void
step_12(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* The keyboard on Nuts' header (the list focuses its row widget, which
     * hands the focus to the expander): - folds it, + unfolds it. The
     * window takes the X server's keyboard (an active window: GTK's focus
     * follows the engine's there). */
    demo_keys_real(&app->demo);
    int64_t h = demo_header_pos(t, "nuts");
    GtkWidget *outer = row_widget(app, h), *expander = row_expander(app, h);
    EXPECT(outer && expander);
    if (outer)
        gtk_widget_grab_focus(gtk_widget_get_parent(outer));
    EXPECT(expander && demo_focus(&app->demo) == expander);
    EXPECT(expander && demo_press_key(&app->demo, GDK_KEY_minus) == expander);
    EXPECT(demo_section_collapsed(t, "nuts"));
    EXPECT(expander && demo_press_key(&app->demo, GDK_KEY_plus) == expander);
    EXPECT(!demo_section_collapsed(t, "nuts"));
    /* Down, through the engine (the expander's keys are its keyboard
     * model): its focus moves to Almond at once, GTK's with the next frames. */
    EXPECT(demo_press_key(&app->demo, GDK_KEY_Down) == expander);
    EXPECT(demo_focus_position(app->demo.table) == demo_row_pos(t, "nuts", 0));
    printf("step 12: keys on Nuts' expander folded and unfolded it; Down focused Almond\n");
}

static void
step_13(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* GTK's focus followed; Enter expands Almond (single: the accordion is on). */
    int64_t almond = demo_row_pos(t, "nuts", 0);
    EXPECT(demo_focus(&app->demo) == row_expander(app, almond));
    EXPECT(demo_press_key(&app->demo, GDK_KEY_Return) == row_expander(app, almond));
    EXPECT(demo_row_expanded(t, "nuts", 0));
    printf("step 13: GTK's focus on Almond; Enter expanded it\n");
}

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

static void
step_14(gpointer data)
{
    App *app = data;
    gtk_adjustment_set_value(app->vadj, 0);
}

/* Banana's list item and row widget, held across the drop. */
static FoldListItem *dragged_item;
static GtkWidget *dragged_widget;

static void
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

static void
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

static void
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

static void
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

static void
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

/* ---- the keyboard alone ------------------------------------------------------ */

/* Whether the engine's focus is on `position` and GTK's on its expander. */
static gboolean
focused_on(App *app, int64_t position)
{
    GtkWidget *expander = row_expander(app, position);
    if (demo_focus_position(app->demo.table) != position || !expander ||
        demo_focus(&app->demo) != expander) {
        fprintf(stderr, "focus: engine %" G_GINT64_FORMAT ", expected %" G_GINT64_FORMAT
                "; GTK's %s\n", demo_focus_position(app->demo.table), position,
                expander && demo_focus(&app->demo) == expander ? "there" : "elsewhere");
        return FALSE;
    }
    return TRUE;
}

static gboolean
row_selected(App *app, const char *key, int64_t row)
{
    int selected = 0;
    fold_table_is_row_selected(app->demo.table, demo_section(app->demo.table, key), row, &selected);
    return selected != 0;
}

static void
step_20(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* The keyboard alone from Fruit's header (GTK's focus there sets the
     * engine's): real key presses through the X server from here on. */
    printf("step 20: keys through %s\n", demo_keys_real(&app->demo)
                                             ? "the X server (XTest)"
                                             : "the focus widget's controllers (no XTest)");
    GtkWidget *outer = row_widget(app, 0);
    EXPECT(outer != NULL);
    if (outer)
        gtk_widget_grab_focus(gtk_widget_get_parent(outer));
    EXPECT(demo_focus_position(app->demo.table) == 0);
    fold_table_clear_selection(t, NULL);
    demo_send_key(&app->demo, GDK_KEY_Down, 0);
}

static void
step_21(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Down: Apple focused and selected alone (the anchor). */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, demo_row_pos(t, "fruit", 0)));
    EXPECT(row_selected(app, "fruit", 0));
    demo_send_key(&app->demo, GDK_KEY_Down, GDK_SHIFT_MASK);
    printf("step 21: Down from Fruit: Apple focused and selected\n");
}

static void
step_22(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Shift+Down: Cherry focused, Apple and Cherry selected, and drawn so. */
    int64_t cherry = demo_row_pos(t, "fruit", 1);
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, cherry));
    EXPECT(row_selected(app, "fruit", 0) && row_selected(app, "fruit", 1));
    int64_t rows = 0, sections = 0;
    fold_table_selection_count(t, FOLD_ROOT, &rows, &sections);
    EXPECT(rows == 2 && sections == 0);
    GtkWidget *a = row_widget(app, demo_row_pos(t, "fruit", 0)), *c = row_widget(app, cherry);
    EXPECT(a && gtk_widget_has_css_class(a, "selected"));
    EXPECT(c && gtk_widget_has_css_class(c, "selected"));
    demo_send_key(&app->demo, GDK_KEY_Left, 0);
    printf("step 22: Shift+Down: Cherry focused, Apple and Cherry selected\n");
}

static void
step_23(gpointer data)
{
    App *app = data;
    /* Left on a row: its section's header. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 0));
    demo_send_key(&app->demo, GDK_KEY_Left, 0);
    printf("step 23: Left from Cherry: Fruit's header\n");
}

/* The item count before the folds. */
static int64_t items_before;

static void
step_24(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Left on an open header folds it, the focus staying. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_section_collapsed(t, "fruit"));
    EXPECT(focused_on(app, 0));
    demo_send_key(&app->demo, GDK_KEY_Right, 0);
    printf("step 24: Left folded Fruit\n");
}

static void
step_25(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Right opens it again; Citrus, folded in step 2, stays folded. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(!demo_section_collapsed(t, "fruit") && demo_section_collapsed(t, "citrus"));
    EXPECT(focused_on(app, 0));
    items_before = demo_item_count(t);
    demo_send_key(&app->demo, GDK_KEY_KP_Multiply, 0);
    printf("step 25: Right opened Fruit\n");
}

static void
step_26(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* *: Fruit and everything below it open (Citrus's 5 rows). */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(!demo_section_collapsed(t, "citrus"));
    EXPECT(demo_item_count(t) == items_before + 5);
    EXPECT(focused_on(app, 0));
    /* Type-ahead: "c" finds Cherry, the first title after Fruit with it. */
    demo_send_key(&app->demo, GDK_KEY_c, 0);
    printf("step 26: * opened Citrus below Fruit\n");
}

static void
step_27(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, demo_row_pos(t, "fruit", 1)));
    demo_send_key(&app->demo, GDK_KEY_i, 0);
    printf("step 27: \"c\": Cherry\n");
}

static void
step_28(gpointer data)
{
    App *app = data;
    /* "ci": Citrus's header. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, demo_header_pos(app->demo.table, "citrus")));
    demo_expect_screenshot(&app->demo, "-keyboard.png",
                           " (keyboard alone: Citrus found by typing \"ci\", its focus ring)");
    printf("step 28: \"ci\": Citrus\n");
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
