/*
 * demo-taxonomy.c — a nested taxonomy (kingdom › class › order › family)
 * on FoldListModel, with headers that stick and stack while scrolling.
 *
 * Four levels of sections, each level's header a little smaller and
 * indented; species are the rows (common name, Latin name on the right).
 * Click a header to fold its group. Type in the search field (in the
 * header bar) to filter while typing (common or Latin names and group
 * titles, case-insensitive; groups with matches open, headers show
 * "n of m": the table lives in a FoldStore, whose filter is a FoldMatchFunc
 * set with fold_store_set_filter_func(), the counts
 * fold_store_get_match_count()); when nothing matches, the list gives way to
 * "No Results Found". Click a species to select it, ctrl-click to add or
 * remove one, shift-click for the species shown between (the engine's keyed
 * selection: it survives folding and filtering); a click in the list takes
 * the keyboard focus from the search field to the row. Keyboard: the
 * engine's keyboard model through the rows' expanders: Up and Down move
 * the focus and select, with Shift the range, with Ctrl only the focus;
 * Space toggles; +, -, *, Left and Right fold and unfold; Enter does what
 * a click does; typing a name's first letters jumps to it. Sticky
 * headers: FoldStickyHeaders
 * (fold-sticky-headers.h) wraps the scrolled list when it is part of the
 * library — the seam is marked "STICKY" below; without it the list scrolls
 * without them and the self-test checks the engine's stack only.
 *
 *   foldtable-gtk-demo-taxonomy                      interactive
 *   foldtable-gtk-demo-taxonomy --self-test OUT.png  drive itself, check, save
 *                                                    a screenshot, exit 0 / 1
 */
#include "demo-row.h"
#include "demo-app.h"
#include "demo-keys.h"
#include "demo-groups.h"
#include "foldtable-gtk.h"

/* STICKY: FoldStickyHeaders is used as soon as its header is in the tree. */
#if defined(__has_include)
#if __has_include("fold-sticky-headers.h")
#include "fold-sticky-headers.h"
#define DEMO_HAVE_STICKY 1
#endif
#endif

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define ROW_HEIGHT 40.0
static const double header_heights[] = {46, 40, 36, 34};

static const char *const none[] = {NULL};
static const char *const felids[] = {"Lion|Panthera leo", "Tiger|Panthera tigris",
                                     "Leopard|Panthera pardus", "Cheetah|Acinonyx jubatus",
                                     "Lynx|Lynx lynx", "Domestic cat|Felis catus", NULL};
static const char *const canids[] = {"Grey wolf|Canis lupus", "Red fox|Vulpes vulpes",
                                     "Arctic fox|Vulpes lagopus", "Coyote|Canis latrans",
                                     "Dingo|Canis dingo", NULL};
static const char *const bears[] = {"Brown bear|Ursus arctos", "Polar bear|Ursus maritimus",
                                    "Giant panda|Ailuropoda melanoleuca", NULL};
static const char *const hominids[] = {"Human|Homo sapiens", "Chimpanzee|Pan troglodytes",
                                       "Bonobo|Pan paniscus", "Gorilla|Gorilla gorilla",
                                       "Orangutan|Pongo pygmaeus", NULL};
static const char *const corvids[] = {"Raven|Corvus corax", "Carrion crow|Corvus corone",
                                      "Magpie|Pica pica", "Jay|Garrulus glandarius", NULL};
static const char *const tits[] = {"Great tit|Parus major", "Blue tit|Cyanistes caeruleus",
                                   "Coal tit|Periparus ater", NULL};
static const char *const owls[] = {"Barn owl|Tyto alba", "Tawny owl|Strix aluco",
                                   "Snowy owl|Bubo scandiacus", NULL};
static const char *const roses[] = {"Dog rose|Rosa canina", "Apple|Malus domestica",
                                    "Cherry|Prunus avium", "Strawberry|Fragaria × ananassa", NULL};
static const char *const oaks[] = {"English oak|Quercus robur", "Beech|Fagus sylvatica",
                                   "Sweet chestnut|Castanea sativa", NULL};

/* Parents before children; each species "Common|Latin". */
static const DemoGroup groups[] = {
    {"animals", NULL, "Animals|kingdom Animalia", none, 0},
    {"mammals", "animals", "Mammals|class Mammalia", none, 0},
    {"carnivores", "mammals", "Carnivores|order Carnivora", none, 0},
    {"felids", "carnivores", "Cats|family Felidae", felids, 0},
    {"canids", "carnivores", "Dogs|family Canidae", canids, 0},
    {"bears", "carnivores", "Bears|family Ursidae", bears, 0},
    {"primates", "mammals", "Primates|order Primates", none, 0},
    {"hominids", "primates", "Great apes|family Hominidae", hominids, 0},
    {"birds", "animals", "Birds|class Aves", none, 0},
    {"passerines", "birds", "Perching birds|order Passeriformes", none, 0},
    {"corvids", "passerines", "Crows|family Corvidae", corvids, 0},
    {"tits", "passerines", "Tits|family Paridae", tits, 0},
    {"owls-order", "birds", "Owls|order Strigiformes", none, 0},
    {"owls", "owls-order", "True owls|family Strigidae", owls, 0},
    {"plants", NULL, "Plants|kingdom Plantae", none, 0},
    {"eudicots", "plants", "Flowering plants|clade Eudicots", none, 0},
    {"rosales", "eudicots", "Roses and kin|order Rosales", none, 0},
    {"rosaceae", "rosales", "Roses|family Rosaceae", roses, 0},
    {"fagales", "eudicots", "Beeches and oaks|order Fagales", none, 0},
    {"fagaceae", "fagales", "Beeches|family Fagaceae", oaks, 0},
    {0},
};

typedef struct {
    DemoApp demo;
    FoldStore *store; /* owns demo.table; demo.model is over it */
    GtkWidget *sticky;
    GtkWidget *search;
    GtkWidget *results; /* a stack: the list, or "No Results Found" */
    GtkGesture *press;
    GtkAdjustment *vadj;
    double offset;
    char *query;         /* casefolded; NULL: no filter */
    GdkModifierType mods; /* of the press that led to the last activate */
} App;

/* A CSS class on or off. */
static void
set_class(GtkWidget *w, const char *name, gboolean on)
{
    if (on)
        gtk_widget_add_css_class(w, name);
    else
        gtk_widget_remove_css_class(w, name);
}

static void
row_texts(DemoRow *row, FoldListItem *item, GtkLabel *title, GtkLabel *detail, gpointer data)
{
    App *app = data;
    set_class(GTK_WIDGET(row), "selected", fold_list_item_get_selected(item));
    set_class(GTK_WIDGET(row), "match", app->query && fold_list_item_get_match(item));
    const char *t = fold_list_item_get_title(item);
    gtk_label_set_text(title, t ? t : "");
    if (fold_list_item_get_kind(item) == FOLD_ITEM_ROW) {
        const char *s = demo_group_row(groups, fold_list_item_get_key(item),
                                       fold_list_item_get_row(item));
        char *m = g_markup_printf_escaped("<i>%s</i>", demo_group_detail(s));
        gtk_label_set_markup(detail, m);
        g_free(m);
    } else if (app->query) {
        /* While filtering: how many species below match ("2 of 5"). */
        const char *d = fold_list_item_get_detail(item);
        gint64 matches = 0, rows = 0;
        fold_store_get_match_count(app->store, fold_list_item_get_section_id(item), &matches, &rows,
                                   NULL);
        char *text = g_strdup_printf("%s · %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT, d ? d : "",
                                     matches, rows);
        gtk_label_set_text(detail, text);
        g_free(text);
    } else {
        const char *d = fold_list_item_get_detail(item);
        gtk_label_set_text(detail, d ? d : "");
    }
}

/* ---- search: the store's filter -------------------------------------------- */

static gboolean
contains_query(const char *text, const char *query)
{
    char *folded = g_utf8_casefold(text ? text : "", -1);
    gboolean found = strstr(folded, query) != NULL;
    g_free(folded);
    return found;
}

/* A species matches by its common or Latin name, a group by its title
 * (a FoldMatchFunc: > 0 a match, 0 none). */
static gint
match_species(FoldStore *store, guint64 section, const char *key, gint64 row, gpointer data)
{
    (void)store;
    (void)section;
    App *app = data;
    if (!app->query)
        return 1; /* not reached: no filter without a query */
    if (row >= 0)
        return contains_query(demo_group_row(groups, key, row), app->query);
    const DemoGroup *g = demo_group_find(groups, key);
    char *title = g_strndup(g->header, strcspn(g->header, "|"));
    gboolean found = contains_query(title, app->query);
    g_free(title);
    return found;
}

/* Filters while typing; an empty query clears the filter. The match
 * function reads app->query (the app outlives the store: no destroy
 * notify); each call asks it anew about every species and group. */
static void
apply_query(App *app, const char *text)
{
    g_free(app->query);
    app->query = text && *text ? g_utf8_casefold(text, -1) : NULL;
    GError *error = NULL;
    gboolean ok = app->query ? fold_store_set_filter_func(app->store,
                                                          FOLD_FILTER_FLAGS_EXPAND_MATCHES,
                                                          match_species, app, NULL, &error)
                             : fold_store_clear_filter(app->store, &error);
    if (!ok) {
        g_warning("filter: %s", error->message);
        g_error_free(error);
    }
}

static void
on_search_changed(GtkSearchEntry *entry, gpointer data)
{
    apply_query(data, gtk_editable_get_text(GTK_EDITABLE(entry)));
}

/* The list while something is shown, "No Results Found" when the filter
 * leaves nothing. */
static void
on_items_changed(GListModel *model, guint position, guint removed, guint added, gpointer results)
{
    (void)position;
    (void)removed;
    (void)added;
    gtk_stack_set_visible_child_name(GTK_STACK(results),
                                     g_list_model_get_n_items(model) ? "list" : "empty");
}

static GtkWidget *
empty_state_new(void)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    gtk_widget_add_css_class(box, "empty-state");
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER);
    GtkWidget *icon = gtk_image_new_from_icon_name("edit-find-symbolic");
    gtk_image_set_pixel_size(GTK_IMAGE(icon), 96);
    gtk_widget_add_css_class(icon, "dim-label");
    GtkWidget *title = gtk_label_new("No Results Found");
    gtk_widget_add_css_class(title, "title-1");
    GtkWidget *hint = gtk_label_new("Try a common or a Latin name, or a group");
    gtk_widget_add_css_class(hint, "dim-label");
    gtk_box_append(GTK_BOX(box), icon);
    gtk_box_append(GTK_BOX(box), title);
    gtk_box_append(GTK_BOX(box), hint);
    return box;
}

/* ---- selection: click, ctrl-click, shift-click -------------------------------- */

/* A press in the list: its modifiers for on_activate, and the keyboard
 * focus moves to the row pressed (out of the search field), as a click on
 * any widget that takes the focus does. */
static void
on_pressed(GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
    (void)n_press;
    App *app = data;
    app->mods = gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(gesture));
    for (GtkWidget *w = gtk_widget_pick(app->demo.list, x, y, GTK_PICK_DEFAULT); w;
         w = gtk_widget_get_parent(w)) {
        if (DEMO_IS_ROW(w)) {
            gtk_widget_grab_focus(gtk_widget_get_parent(w)); /* the list's row: to the expander */
            return;
        }
        if (w == app->demo.list)
            break;
    }
    gtk_widget_grab_focus(app->demo.list);
}

/* A header folds (as in the other demos); a species is selected by the
 * modifiers of the press: none replaces, ctrl toggles, shift selects the
 * shown range from the anchor (ctrl+shift adds it). */
static void
on_activate(GtkListView *list, guint position, gpointer data)
{
    App *app = data;
    GdkModifierType mods = app->mods;
    app->mods = 0;
    fold_item item;
    if (fold_table_item_at(app->demo.table, position, &item) != FOLD_OK || item.kind != FOLD_ITEM_ROW) {
        demo_on_activate(list, position, data);
        return;
    }
    gboolean ctrl = (mods & GDK_CONTROL_MASK) != 0, shift = (mods & GDK_SHIFT_MASK) != 0;
    int status = shift ? fold_table_select_range(app->demo.table, position,
                                                 ctrl ? FOLD_SELECT_ADD : FOLD_SELECT_REPLACE, NULL)
                       : fold_table_select_item(app->demo.table, position,
                                                ctrl ? FOLD_SELECT_TOGGLE : FOLD_SELECT_REPLACE, NULL);
    app->demo.last_action = status == FOLD_OK ? FOLD_ACTIVATED_NOTHING : -1;
}

static void
setup_row(GtkSignalListItemFactory *f, GtkListItem *list_item, gpointer data)
{
    (void)f;
    gtk_list_item_set_child(list_item, demo_row_new(list_item, ((App *)data)->demo.model, row_texts, data));
}

/* Adwaita's light palette: a top-level header a little larger on the
 * window's grey, deeper ones on white, each level's title a little
 * lighter; the selection in the accent blue. */
static const char css[] =
    "window.taxonomy-demo { background: #ffffff; }\n"
    "listview.taxonomy > row { padding: 0; margin: 0; border: none; min-height: 0;"
    "  background: none; }\n"
    "listview.taxonomy foldrow { background: #ffffff; box-shadow: inset 0 -1px #f0efed; }\n"
    "listview.taxonomy foldrow.header .title { font-weight: bold; }\n"
    "listview.taxonomy foldrow .detail { color: alpha(currentColor, 0.55); font-size: 0.9em; }\n"
    "listview.taxonomy foldrow.header.depth-0 { background: #f6f5f4;"
    "  box-shadow: inset 0 -1px #deddda; }\n"
    "listview.taxonomy foldrow.header.depth-0 .title { font-size: 1.1em; }\n"
    "listview.taxonomy foldrow.header.depth-1 { background: #faf9f8; }\n"
    "listview.taxonomy foldrow.header.depth-3 .title { font-weight: 600; }\n"
    "listview.taxonomy foldrow.header image.expander { color: #5e5c64; }\n"
    "listview.taxonomy > row:hover foldrow { background: #f3f3f2; }\n"
    "listview.taxonomy > row:hover foldrow.header.depth-0 { background: #ebeae9; }\n"
    "listview.taxonomy foldrow.row.selected,"
    "listview.taxonomy > row:hover foldrow.row.selected { background: #3584e4; color: #ffffff; }\n"
    "listview.taxonomy foldrow.row.selected .detail { color: alpha(#ffffff, 0.8); }\n"
    /* the expander's focus ring, light on the accent blue */
    "listview.taxonomy foldrow.row.selected foldexpander:focus-visible {"
    "  outline-color: alpha(#ffffff, 0.7); }\n"
    "listview.taxonomy foldrow.row.match .title { font-weight: bold; }\n"
    ".taxonomy-demo .empty-state { margin: 24px; }\n";

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    GtkWidget *window =
        demo_window_new(gapp, css, "taxonomy-demo", "FoldTable — Taxonomy", 560, 600);

    app->demo.list = demo_list_view_new(app->demo.model, "taxonomy", G_CALLBACK(setup_row),
                                   G_CALLBACK(demo_row_bind), G_CALLBACK(demo_row_unbind),
                                   G_CALLBACK(on_activate), app);
    /* Each press (capture: before the row): its modifiers for on_activate,
     * the focus to the row. */
    app->press = gtk_gesture_click_new();
    gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(app->press), GTK_PHASE_CAPTURE);
    g_signal_connect(app->press, "pressed", G_CALLBACK(on_pressed), app);
    gtk_widget_add_controller(app->demo.list, GTK_EVENT_CONTROLLER(app->press));
    GtkWidget *scroller = demo_scroller_new(app->demo.list);
    app->vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(app->demo.list));

    /* The search field in the header bar, where GNOME apps have it. */
    app->search = gtk_search_entry_new();
    g_object_set(app->search, "placeholder-text", "Search species", NULL);
    gtk_widget_set_size_request(app->search, 280, -1);
    g_signal_connect(app->search, "search-changed", G_CALLBACK(on_search_changed), app);
    gtk_header_bar_set_title_widget(demo_window_get_header_bar(window), app->search);
    if (app->demo.out_png) {
        /* Self-test: a blinking cursor would repaint forever, and the
         * steps wait for a quiet window. */
        g_object_set(gtk_widget_get_settings(window), "gtk-cursor-blink", FALSE, NULL);
    }
    app->results = gtk_stack_new();
#ifdef DEMO_HAVE_STICKY
    /* STICKY: the stuck headers are the list's own rows (its factory). */
    app->sticky = fold_sticky_headers_new(app->demo.model, scroller);
    gtk_widget_set_vexpand(app->sticky, TRUE);
    gtk_stack_add_named(GTK_STACK(app->results), app->sticky, "list");
#else
    /* STICKY: fold_sticky_headers_new(app->demo.model, scroller) goes here. */
    gtk_stack_add_named(GTK_STACK(app->results), scroller, "list");
#endif
    gtk_stack_add_named(GTK_STACK(app->results), empty_state_new(), "empty");
    /* Disconnected when the stack goes (the model outlives the window). */
    g_signal_connect_object(app->demo.model, "items-changed", G_CALLBACK(on_items_changed),
                            app->results, 0);
    gtk_window_set_child(GTK_WINDOW(window), app->results);
    return window;
}

/* Each level's header a little smaller. */
static int
set_header_height(fold_table *table, fold_section_id id, const DemoGroup *group)
{
    (void)group;
    fold_section_info info;
    int status = fold_table_section_info(table, id, &info);
    if (status == FOLD_OK)
        status = fold_table_set_section_height(table, id, FOLD_HEIGHT_HEADER,
                                               header_heights[MIN(info.depth, 3)]);
    return status;
}

/* demo_main_with's start: the store with the groups, the model over it. */
static int
start(gpointer data)
{
    App *app = data;
    app->store = g_object_new(FOLD_TYPE_STORE, "row-height", ROW_HEIGHT, "header-height",
                              header_heights[0], NULL);
    app->demo.table = fold_store_get_table(app->store);
    /* The store's models follow changes made on its table directly. */
    if (!app->demo.table || demo_groups_add(app->demo.table, groups, set_header_height) != FOLD_OK) {
        fprintf(stderr, "building the taxonomy: %s\n", fold_last_error_message());
        return 1;
    }
    app->demo.model = fold_list_model_new_for_store(app->store);
    fold_list_model_set_text_func(app->demo.model, demo_group_title, (gpointer)groups, NULL);
    return 0;
}

static void
finish(gpointer data)
{
    App *app = data;
    g_clear_object(&app->demo.model);
    g_clear_object(&app->store);
}

/* ---- self-test ----------------------------------------------------------- */

static void
step_1(gpointer data)
{
    App *app = data;
    int64_t n = demo_item_count(app->demo.table);
    EXPECT(n == (int64_t)G_N_ELEMENTS(groups) - 1 /* the end */ + 6 + 5 + 3 + 5 + 4 + 3 + 3 + 4 + 3);
    int checked = demo_row_check_layout(&app->demo, gtk_adjustment_get_value(app->vadj));
    EXPECT(checked > 10);
    /* Fold Primates (click its header). */
    EXPECT(demo_click(&app->demo, (guint)demo_header_pos(app->demo.table, "primates")) ==
           FOLD_ACTIVATED_SECTION_COLLAPSED);
    int64_t before = n;
    n = demo_item_count(app->demo.table);
    EXPECT(n == before - 6); /* Great apes' header and its 5 species */
    printf("step 1: %" G_GINT64_FORMAT " items after folding Primates, %d rows at the "
           "engine's offsets and heights\n", n, checked);
    /* Scroll into the dogs: Animals › Mammals › Carnivores › Dogs stick. */
    int64_t p = -1;
    fold_table_row_position(app->demo.table, demo_section(app->demo.table, "canids"), 2, &p);
    app->offset = demo_item_top(app->demo.table, p) - 150;
    gtk_adjustment_set_value(app->vadj, app->offset);
}

static void
step_2(gpointer data)
{
    App *app = data;
    EXPECT(gtk_adjustment_get_value(app->vadj) == app->offset);
    fold_sticky_header headers[8];
    int64_t count = 0;
    EXPECT(fold_table_sticky_headers(app->demo.table, app->offset, headers, 8, &count, NULL) ==
           FOLD_OK);
    EXPECT(count == 4);
    const char *keys[] = {"animals", "mammals", "carnivores", "canids"};
    double y = 0;
    for (int64_t i = 0; i < count && i < 4; i++) {
        EXPECT(headers[i].section == demo_section(app->demo.table, keys[i]) && headers[i].depth == i);
        EXPECT(headers[i].top - app->offset == y); /* stacked: each below the one above */
        y += headers[i].height;
    }
    int checked = demo_row_check_layout(&app->demo, gtk_adjustment_get_value(app->vadj));
    EXPECT(checked > 5);
#ifdef DEMO_HAVE_STICKY
    EXPECT(fold_sticky_headers_get_n_headers(FOLD_STICKY_HEADERS(app->sticky)) == (guint)count);
#endif
    printf("step 2: scrolled to %.0f: %" G_GINT64_FORMAT " headers stack (Animals › "
           "Mammals › Carnivores › Dogs, %.0f px); %d rows at the engine's offsets%s\n",
           app->offset, count, y, checked,
#ifdef DEMO_HAVE_STICKY
           ", FoldStickyHeaders shows them"
#else
           " (FoldStickyHeaders not in this tree: not drawn)"
#endif
    );
    demo_expect_screenshot(&app->demo, NULL, NULL);
}

/* A click on `position` with modifiers, through the list's "activate". */
static void
click_with(App *app, guint position, GdkModifierType mods)
{
    app->mods = mods;
    demo_click(&app->demo, position);
}

static void
step_3(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    gtk_adjustment_set_value(app->vadj, 0);
    /* Type "fox": Animals › Mammals › Carnivores › Dogs with Red fox and Arctic fox. */
    gtk_editable_set_text(GTK_EDITABLE(app->search), "fox");
    apply_query(app, "fox"); /* now, not after the entry's search delay */
    EXPECT(demo_item_count(t) == 6);
    fold_section_id canids = demo_section(t, "canids");
    gint64 matches = -1, rows = -1;
    EXPECT(fold_store_get_match_count(app->store, canids, &matches, &rows, NULL) && matches == 2 &&
           rows == 5);
    EXPECT(fold_store_get_match_count(app->store, 0, &matches, &rows, NULL) && matches == 2);
    gboolean active = FALSE;
    FoldFilterFlags flags = 0;
    EXPECT(fold_store_get_filter_active(app->store, &active, NULL) && active);
    EXPECT(fold_store_get_filter_flags(app->store, &flags, NULL) &&
           flags == FOLD_FILTER_FLAGS_EXPAND_MATCHES);
    /* Click Red fox (4), ctrl-click Arctic fox (5). */
    click_with(app, 4, 0);
    click_with(app, 5, GDK_CONTROL_MASK);
    int64_t sel_rows = -1, sel_sections = -1;
    EXPECT(fold_table_selection_count(t, FOLD_ROOT, &sel_rows, &sel_sections) == FOLD_OK &&
           sel_rows == 2 && sel_sections == 0);
    /* Clear the query: the selection stays with the foxes; shift-click Dogs'
     * first species (Grey wolf) selects Grey wolf to Arctic fox. */
    gtk_editable_set_text(GTK_EDITABLE(app->search), "");
    apply_query(app, "");
    EXPECT(fold_store_get_filter_active(app->store, &active, NULL) && !active);
    int64_t wolf = -1;
    EXPECT(fold_table_row_position(t, canids, 0, &wolf) == FOLD_OK);
    click_with(app, (guint)wolf, GDK_SHIFT_MASK);
    int selected = 0;
    EXPECT(fold_table_selection_count(t, FOLD_ROOT, &sel_rows, NULL) == FOLD_OK && sel_rows == 3);
    EXPECT(fold_table_is_row_selected(t, canids, 0, &selected) == FOLD_OK && selected);
    EXPECT(fold_table_is_row_selected(t, canids, 3, &selected) == FOLD_OK && !selected);
    printf("step 3: \"fox\" shows %d items (2 of 5 dogs match); click, ctrl-click and "
           "shift-click selected %" G_GINT64_FORMAT " species, kept through the filter\n", 6, sel_rows);
    /* Filter again for the screenshot: the foxes selected, Dogs "2 of 5". */
    gtk_editable_set_text(GTK_EDITABLE(app->search), "fox");
    apply_query(app, "fox");
}

static void
step_4(gpointer data)
{
    App *app = data;
    EXPECT(demo_item_count(app->demo.table) == 6);
    demo_expect_screenshot(&app->demo, "-search.png", " (filtered by \"fox\", two foxes selected)");
    /* Nothing matches: "No Results Found" instead of an empty list. */
    gtk_editable_set_text(GTK_EDITABLE(app->search), "unicorn");
    apply_query(app, "unicorn");
    EXPECT(demo_item_count(app->demo.table) == 0);
    EXPECT(g_strcmp0(gtk_stack_get_visible_child_name(GTK_STACK(app->results)), "empty") == 0);
}

static void
step_5(gpointer data)
{
    App *app = data;
    EXPECT(g_strcmp0(gtk_stack_get_visible_child_name(GTK_STACK(app->results)), "empty") == 0);
    demo_expect_screenshot(&app->demo, "-empty.png", " (\"unicorn\" matches nothing)");
    gtk_editable_set_text(GTK_EDITABLE(app->search), "");
    apply_query(app, "");
    EXPECT(g_strcmp0(gtk_stack_get_visible_child_name(GTK_STACK(app->results)), "list") == 0);
    printf("step 5: \"unicorn\": no items, \"No Results Found\" shown; cleared: the list again\n");
    /* The keyboard focus in the search field, for the next step's click. */
    gtk_widget_grab_focus(app->search);
}

/* The row's expander has the window's focus. */
static gboolean
focused(App *app, DemoRow *row)
{
    return row && demo_focus(&app->demo) == demo_row_get_expander(row);
}

static void
step_6(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    GtkWidget *focus = demo_focus(&app->demo);
    EXPECT(focus && (focus == app->search || gtk_widget_is_ancestor(focus, app->search)));
    /* The window takes the X server's keyboard: an active window, where
     * GTK's focus follows the engine's. */
    demo_keys_real(&app->demo);
    /* A press on Lion's row (the list's press gesture): the focus leaves
     * the search field for the row's expander. */
    DemoRow *lion = demo_row_find(app->demo.list, (guint)demo_row_pos(t, "felids", 0));
    graphene_point_t at = GRAPHENE_POINT_INIT(0, 0);
    EXPECT(lion && gtk_widget_compute_point(GTK_WIDGET(lion), app->demo.list,
                                            &GRAPHENE_POINT_INIT(40, 10), &at));
    g_signal_emit_by_name(app->press, "pressed", 1, (double)at.x, (double)at.y);
    app->mods = 0;
    EXPECT(focused(app, lion));
    /* Left on a species: the engine's focus goes to its family's header
     * (Cats) at once, GTK's with the next frames. */
    GtkWidget *expander = lion ? demo_row_get_expander(lion) : NULL;
    EXPECT(expander && demo_press_key(&app->demo, GDK_KEY_Left) == expander);
    int64_t engine_focus = -1;
    EXPECT(fold_table_focus(t, &engine_focus) == FOLD_OK &&
           engine_focus == demo_header_pos(t, "felids"));
    printf("step 6: a press in the list took the focus from the search field to Lion; Left to "
           "Cats\n");
}

static void
step_7(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    DemoRow *cats = demo_row_find(app->demo.list, (guint)demo_header_pos(t, "felids"));
    EXPECT(focused(app, cats));
    /* - folds Cats, + unfolds it. */
    GtkWidget *expander = cats ? demo_row_get_expander(cats) : NULL;
    EXPECT(expander && demo_press_key(&app->demo, GDK_KEY_minus) == expander);
    EXPECT(demo_section_collapsed(t, "felids"));
    EXPECT(demo_press_key(&app->demo, GDK_KEY_plus) == expander);
    EXPECT(!demo_section_collapsed(t, "felids"));
    /* * on Animals unfolds everything below it (Primates, folded in step 1). */
    DemoRow *animals = demo_row_focus_position(app->demo.list, (guint)demo_header_pos(t, "animals"));
    EXPECT(focused(app, animals));
    EXPECT(demo_section_collapsed(t, "primates"));
    EXPECT(animals && demo_press_key(&app->demo, GDK_KEY_asterisk) == demo_row_get_expander(animals));
    EXPECT(!demo_section_collapsed(t, "primates"));
    /* Down from Wolf: the engine's keyboard model focuses Red fox and
     * selects it alone. */
    DemoRow *wolf = demo_row_focus_position(app->demo.list, (guint)demo_row_pos(t, "canids", 0));
    EXPECT(focused(app, wolf));
    EXPECT(wolf && demo_press_key(&app->demo, GDK_KEY_Down) == demo_row_get_expander(wolf));
    int64_t focus = -1;
    EXPECT(fold_table_focus(t, &focus) == FOLD_OK && focus == demo_row_pos(t, "canids", 1));
    printf("step 7: - and + folded and unfolded Cats, * on Animals unfolded Primates, Down from "
           "Wolf focused Red fox\n");
}

static void
step_8(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* GTK's focus followed; Enter selects the species as a click does. */
    DemoRow *fox = demo_row_find(app->demo.list, (guint)demo_row_pos(t, "canids", 1));
    EXPECT(focused(app, fox));
    demo_press_key(&app->demo, GDK_KEY_Return);
    int selected = 0;
    int64_t rows = -1;
    EXPECT(fold_table_is_row_selected(t, demo_section(t, "canids"), 1, &selected) == FOLD_OK &&
           selected);
    EXPECT(fold_table_selection_count(t, FOLD_ROOT, &rows, NULL) == FOLD_OK && rows == 1);
    EXPECT(fox && (gtk_widget_get_state_flags(demo_row_get_expander(fox)) &
                   GTK_STATE_FLAG_FOCUS_VISIBLE));
    printf("step 8: GTK's focus on Red fox; Enter selected it\n");
}

static void
step_9(gpointer data)
{
    App *app = data;
    demo_expect_screenshot(&app->demo, "-keyboard.png", " (keyboard focus on Red fox, selected)");
}

/* The self-test (--self-test): its steps, in order. */
static const DemoStep self_test[] = {step_1, step_2, step_3, step_4, step_5,
                                     step_6, step_7, step_8, step_9};

int
main(int argc, char **argv)
{
    App app = {0};
    int status = demo_main_with(&app.demo, argc, argv, start, finish,
                                "org.foldtable.DemoTaxonomy", build_window, self_test,
                                G_N_ELEMENTS(self_test), 400, &app);
    g_free(app.query);
    return status;
}
