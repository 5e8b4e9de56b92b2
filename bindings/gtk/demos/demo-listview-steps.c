/* The listview demo's self-test steps 1 to 13: scrolling, clicks on
 * headers and rows, the accordion, the fixed section, an expander's keys
 * (see demo-listview.h). */
#include "demo-listview.h"
#include "demo-keys.h"
#include "fold-sticky-headers.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

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
GtkWidget *
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

GtkWidget *
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

void
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

void
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

void
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

void
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

void
step_5(gpointer data)
{
    App *app = data;
    /* Scroll by a known amount. */
    gtk_adjustment_set_value(app->vadj, 300);
    EXPECT(gtk_adjustment_get_value(app->vadj) == 300);
}

void
step_6(gpointer data)
{
    App *app = data;
    check_scrolled(app, 300);
    gtk_adjustment_set_value(app->vadj, 40);
}

void
step_7(gpointer data)
{
    App *app = data;
    check_scrolled(app, 40);
}

void
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

void
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

void
step_10(gpointer data)
{
    App *app = data;
    demo_expect_screenshot(&app->demo, NULL, NULL);
    /* Then the fixed section at the top, for a second screenshot. */
    double top = demo_item_top(app->demo.table, demo_header_pos(app->demo.table, "grains"));
    gtk_adjustment_set_value(app->vadj, top);
}

void
step_11(gpointer data)
{
    App *app = data;
    /* OUT.png -> OUT-fixed.png: the list scrolled to Grains (fixed). */
    EXPECT(picked_position(app, 200, 5) == demo_header_pos(app->demo.table, "grains"));
    demo_expect_screenshot(&app->demo, "-fixed.png", " (fixed section Grains at the top)");
}

void
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

void
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

