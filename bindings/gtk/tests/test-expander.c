/*
 * test-expander.c — FoldExpander in a GtkListView over a FoldListModel,
 * driven through GTK: its actions (gtk_widget_activate_action), its key
 * shortcuts (the shortcut controller's GtkShortcut for a keyval, activated
 * on the expander) and clicks on its chevron (the GtkGestureClick's
 * "pressed"/"released" signals). After every step: the engine (sections
 * collapsed, rows expanded), the model (n_items), the expanders (icon,
 * :checked, indentation in pixels, focus) and the accessible state.
 *
 *   test-expander OUT.png      (under xvfb-run, GTK_A11Y=test)
 *
 * The table (row height 24, header height 28):
 *    0 Fruit              header, depth 0
 *    1   Apple
 *    2   Banana           expandable (expanded height 60)
 *    3   Cherry
 *    4   Citrus           header, depth 1
 *    5     Lemon
 *    6     Lime
 *    7     Small          header, depth 2
 *    8       Kumquat
 *    9       Calamondin
 *   10 Grains             FOLD_SECTION_FIXED
 *   11   Wheat
 *   12   Rice
 *   13 Nuts               starts collapsed (Almond, Walnut)
 */
#include "expander/expander-test.h"

#include <string.h>

/* ---- the steps ------------------------------------------------------------ */

static void
check_all_expanded_layout(void)
{
    check_expander("Fruit", header("fruit"), 0, TRUE, TRUE);
    check_expander("Apple", row("fruit", 0), 1, FALSE, FALSE);
    check_expander("Banana", row("fruit", 1), 1, TRUE, FALSE);
    check_expander("Cherry", row("fruit", 2), 1, FALSE, FALSE);
    check_expander("Citrus", header("citrus"), 1, TRUE, TRUE);
    check_expander("Lemon", row("citrus", 0), 2, FALSE, FALSE);
    check_expander("Small", header("small"), 2, TRUE, TRUE);
    check_expander("Kumquat", row("small", 0), 3, FALSE, FALSE);
    check_expander("Grains", header("grains"), 0, FALSE, FALSE);
    check_expander("Wheat", row("grains", 0), 1, FALSE, FALSE);
}

static void
count_notify(int *count)
{
    (*count)++;
}

static void
run_steps(const char *png)
{
    /* 0: as built. */
    CHECK(n_items() == 14);
    check_all_expanded_layout();
    check_expander("Nuts", header("nuts"), 0, TRUE, FALSE);
    printf("step 0: 14 items; indentation 20 px per level, chevrons on Fruit, Banana, Citrus, "
           "Small, Nuts\n");

    /* 1: listitem.collapse on Citrus: its 5 items go. Live items notify the
     * widget that shows them; snapshot items are re-bound (a new widget). */
    gpointer citrus_widget = header("citrus");
    g_object_add_weak_pointer(citrus_widget, &citrus_widget);
    CHECK(action(header("citrus"), "listitem.collapse"));
    gboolean kept = citrus_widget != NULL && citrus_widget == (gpointer)header("citrus");
    if (citrus_widget)
        g_object_remove_weak_pointer(citrus_widget, &citrus_widget);
    CHECK(collapsed("citrus") && !collapsed("small") && !collapsed("fruit"));
    CHECK(n_items() == 9);
    check_expander("Citrus collapsed", header("citrus"), 1, TRUE, FALSE);
    CHECK(row("citrus", 0) == NULL);
    printf("step 1: listitem.collapse on Citrus: 9 items; its expander was %s\n",
           kept ? "kept and updated by the item's notify" : "replaced by the view (re-bound)");

    /* 2: "+" on Citrus. */
    CHECK(press_key(header("citrus"), GDK_KEY_plus));
    CHECK(!collapsed("citrus"));
    CHECK(n_items() == 14);
    check_expander("Citrus expanded", header("citrus"), 1, TRUE, TRUE);
    printf("step 2: '+' on Citrus: 14 items\n");

    /* 3: Small collapsed on the table directly, then "-" on Fruit. */
    CHECK(fold_table_collapse(T.table, id_of("small"), NULL) == FOLD_OK);
    pump();
    CHECK(n_items() == 12);
    check_expander("Small collapsed (table)", header("small"), 2, TRUE, FALSE);
    CHECK(press_key(header("fruit"), GDK_KEY_minus));
    CHECK(collapsed("fruit") && collapsed("small") && !collapsed("citrus"));
    CHECK(n_items() == 5);
    check_expander("Fruit collapsed", header("fruit"), 0, TRUE, FALSE);
    printf("step 3: Small collapsed on the table (12), '-' on Fruit: 5 items\n");

    /* 4: "*" on Fruit: Fruit and every section below it expand. */
    CHECK(press_key(header("fruit"), GDK_KEY_asterisk));
    CHECK(!collapsed("fruit") && !collapsed("citrus") && !collapsed("small"));
    CHECK(collapsed("nuts"));
    CHECK(n_items() == 14);
    check_all_expanded_layout();
    printf("step 4: '*' on Fruit: Fruit, Citrus, Small expanded, Nuts still collapsed: 14\n");

    /* 5: clicks on Banana's chevron. */
    double height = 0;
    CHECK(click_chevron(row("fruit", 1)));
    CHECK(row_expanded("fruit", 1));
    CHECK(fold_table_item_height(T.table, 2, &height) == FOLD_OK && height == 60);
    CHECK(n_items() == 14);
    check_expander("Banana expanded", row("fruit", 1), 1, TRUE, TRUE);
    CHECK(click_chevron(row("fruit", 1)));
    CHECK(!row_expanded("fruit", 1));
    CHECK(fold_table_item_height(T.table, 2, &height) == FOLD_OK && height == 24);
    check_expander("Banana collapsed", row("fruit", 1), 1, TRUE, FALSE);
    /* A click outside the icon does nothing. */
    GtkWidget *banana_icon = icon_of(row("fruit", 1));
    GListModel *cs = gtk_widget_observe_controllers(banana_icon);
    GtkEventController *gesture = g_list_model_get_item(cs, 0);
    CHECK(GTK_IS_GESTURE_CLICK(gesture));
    g_signal_emit_by_name(gesture, "released", 1, 40.0, 8.0);
    g_object_unref(gesture);
    g_object_unref(cs);
    pump();
    CHECK(!row_expanded("fruit", 1));
    printf("step 5: chevron clicks on Banana: expanded (60 pt), collapsed (24 pt); a release "
           "outside the icon does nothing\n");

    /* 6: Right, Left, Left on Banana: expand, collapse, then the focus goes to Fruit. */
    CHECK(gtk_widget_grab_focus(GTK_WIDGET(row("fruit", 1))));
    CHECK(focus() == GTK_WIDGET(row("fruit", 1)));
    CHECK(press_key(row("fruit", 1), GDK_KEY_Right));
    CHECK(row_expanded("fruit", 1));
    check_expander("Banana after Right", row("fruit", 1), 1, TRUE, TRUE);
    CHECK(press_key(row("fruit", 1), GDK_KEY_Left));
    CHECK(!row_expanded("fruit", 1));
    CHECK(focus() == GTK_WIDGET(row("fruit", 1)));
    CHECK(press_key(row("fruit", 1), GDK_KEY_Left));
    CHECK(focus() == GTK_WIDGET(header("fruit")));
    CHECK(!collapsed("fruit") && n_items() == 14);
    printf("step 6: Right/Left on Banana expand and collapse it; Left again focuses Fruit\n");

    /* 7: Left from Kumquat: Small; Left on Small collapses it; Left again: Citrus. */
    CHECK(gtk_widget_grab_focus(GTK_WIDGET(row("small", 0))));
    CHECK(press_key(row("small", 0), GDK_KEY_Left));
    CHECK(focus() == GTK_WIDGET(header("small")));
    CHECK(press_key(header("small"), GDK_KEY_Left));
    CHECK(collapsed("small") && n_items() == 12);
    CHECK(focus() == GTK_WIDGET(header("small")));
    check_expander("Small after Left", header("small"), 2, TRUE, FALSE);
    CHECK(press_key(header("small"), GDK_KEY_Left));
    CHECK(focus() == GTK_WIDGET(header("citrus")));
    CHECK(collapsed("small") && !collapsed("citrus") && n_items() == 12);
    /* A top-level header that is collapsed has no parent: nothing moves. */
    CHECK(gtk_widget_grab_focus(GTK_WIDGET(header("nuts"))));
    CHECK(press_key(header("nuts"), GDK_KEY_Left));
    CHECK(focus() == GTK_WIDGET(header("nuts")) && collapsed("nuts") && n_items() == 12);
    printf("step 7: Left: Kumquat -> Small, collapses Small (12), Small -> Citrus; "
           "Nuts stays\n");

    /* 8: Enter on Nuts activates it (a click); Space selects it (the
     * engine's keyboard model) and folds nothing; Enter again. */
    CHECK(press_key(header("nuts"), GDK_KEY_Return));
    CHECK(!collapsed("nuts") && n_items() == 14);
    check_expander("Nuts after Enter", header("nuts"), 0, TRUE, TRUE);
    CHECK(press_key(header("nuts"), GDK_KEY_space));
    int64_t nuts_at = -1;
    CHECK(fold_table_header_position(T.table, id_of("nuts"), &nuts_at) == FOLD_OK);
    CHECK(gtk_selection_model_is_selected(GTK_SELECTION_MODEL(T.model), (guint)nuts_at));
    CHECK(!collapsed("nuts") && n_items() == 14);
    CHECK(press_key(header("nuts"), GDK_KEY_Return));
    CHECK(collapsed("nuts") && n_items() == 12);
    check_expander("Nuts after Enter again", header("nuts"), 0, TRUE, FALSE);
    int32_t done = -1;
    GError *error = NULL;
    CHECK(fold_expander_activate_item(header("nuts"), &done, &error) &&
          done == FOLD_ACTIVATED_SECTION_EXPANDED);
    pump();
    CHECK(!collapsed("nuts") && n_items() == 14);
    CHECK(fold_expander_activate_item(header("nuts"), &done, &error) &&
          done == FOLD_ACTIVATED_SECTION_COLLAPSED);
    pump();
    CHECK(collapsed("nuts") && n_items() == 12 && error == NULL);
    CHECK(!fold_expander_focus_parent(header("nuts")));
    printf("step 8: Enter on Nuts expands (14), Space selects it, Enter collapses (12); "
           "fold_expander_activate_item reports SECTION_EXPANDED, SECTION_COLLAPSED\n");

    /* 9: the fixed section: keys and actions do nothing, and fail nothing. */
    CHECK(press_key(header("grains"), GDK_KEY_minus));
    CHECK(action(header("grains"), "listitem.toggle-expand"));
    CHECK(action(header("grains"), "listitem.collapse-or-parent"));
    CHECK(press_key(header("grains"), GDK_KEY_Return));
    CHECK(!collapsed("grains") && n_items() == 12);
    check_expander("Grains", header("grains"), 0, FALSE, FALSE);
    /* A row that cannot expand: nothing either. */
    CHECK(press_key(row("fruit", 0), GDK_KEY_plus));
    CHECK(!row_expanded("fruit", 0) && n_items() == 12);
    CHECK(T.failed_signals == 0);
    printf("step 9: '-', toggle, Left, Enter on fixed Grains and '+' on Apple change nothing\n");

    /* 10: chevron clicks on Fruit. */
    CHECK(click_chevron(header("fruit")));
    CHECK(collapsed("fruit") && n_items() == 5);
    check_expander("Fruit clicked", header("fruit"), 0, TRUE, FALSE);
    CHECK(click_chevron(header("fruit")));
    CHECK(!collapsed("fruit") && collapsed("small") && n_items() == 12);
    check_expander("Fruit clicked again", header("fruit"), 0, TRUE, TRUE);
    printf("step 10: chevron clicks on Fruit: 5 items, then 12\n");

    /* 10b: right-to-left: Left expands, Right collapses; '*' on a row expands it. */
    FoldExpander *cherry = row("fruit", 2);
    CHECK(fold_table_set_row_expanded_height(T.table, id_of("fruit"), 2, 48) == FOLD_OK);
    pump();
    cherry = row("fruit", 2);
    check_expander("Cherry expandable", cherry, 1, TRUE, FALSE);
    /* (GtkListView 4.8 replaces the widget of an item that changed: set the
     * direction on each one) */
    gtk_widget_set_direction(GTK_WIDGET(cherry), GTK_TEXT_DIR_RTL);
    CHECK(press_key(cherry, GDK_KEY_Left));
    CHECK(row_expanded("fruit", 2));
    cherry = row("fruit", 2);
    gtk_widget_set_direction(GTK_WIDGET(cherry), GTK_TEXT_DIR_RTL);
    CHECK(press_key(cherry, GDK_KEY_Right));
    CHECK(!row_expanded("fruit", 2));
    gtk_widget_set_direction(GTK_WIDGET(row("fruit", 2)), GTK_TEXT_DIR_NONE);
    CHECK(press_key(row("fruit", 2), GDK_KEY_asterisk));
    CHECK(row_expanded("fruit", 2) && n_items() == 12);
    check_expander("Cherry after '*'", row("fruit", 2), 1, TRUE, TRUE);
    CHECK(fold_table_set_row_expanded_height(T.table, id_of("fruit"), 2, FOLD_HEIGHT_DEFAULT) ==
          FOLD_OK);
    pump();
    CHECK(!row_expanded("fruit", 2));
    check_expander("Cherry plain again", row("fruit", 2), 1, FALSE, FALSE);
    printf("step 10b: Cherry made expandable on the table gets a chevron; RTL Left expands, "
           "Right collapses; '*' expands the row; without expanded height no chevron\n");

    /* 11: the screenshot: every section but Nuts expanded, Banana expanded. */
    CHECK(action(header("small"), "listitem.expand"));
    CHECK(action(row("fruit", 1), "listitem.toggle-expand"));
    CHECK(!collapsed("small") && row_expanded("fruit", 1) && n_items() == 14);
    check_expander("Banana (screenshot)", row("fruit", 1), 1, TRUE, TRUE);
    CHECK(gtk_widget_grab_focus(GTK_WIDGET(header("citrus"))));
    gtk_window_set_focus_visible(GTK_WINDOW(T.window), TRUE);
    pump();
    guint colours = test_screenshot(T.window, png);
    GError *load_error = NULL;
    GdkTexture *texture = gdk_texture_new_from_filename(png, &load_error);
    CHECK(texture != NULL);
    if (texture) {
        Image img = {NULL, gdk_texture_get_width(texture), gdk_texture_get_height(texture)};
        img.pixels = g_malloc((gsize)img.width * img.height * 4);
        gdk_texture_download(texture, img.pixels, (gsize)img.width * 4);
        check_pixels(&img, "Fruit", header("fruit"));
        check_pixels(&img, "Apple", row("fruit", 0));
        check_pixels(&img, "Banana", row("fruit", 1));
        check_pixels(&img, "Citrus", header("citrus"));
        check_pixels(&img, "Lemon", row("citrus", 0));
        check_pixels(&img, "Small", header("small"));
        check_pixels(&img, "Kumquat", row("small", 0));
        check_pixels(&img, "Grains", header("grains"));
        check_pixels(&img, "Nuts", header("nuts"));
        g_free(img.pixels);
        g_object_unref(texture);
    } else {
        g_clear_error(&load_error);
    }
    printf("step 11: screenshot %s: %u colours; in its pixels each chevron is at 20 px per "
           "level and points down (expanded) or to the end (Nuts), text without a chevron "
           "starts one level further\n", png, colours);

    /* 12: failures come back as GErrors and the "failed" signal. */
    fold_section_id tmp = 0;
    CHECK(fold_table_insert_section(T.table, FOLD_ROOT, FOLD_INDEX_END, "tmp", "Tmp", 2, 0,
                                    &tmp) == FOLD_OK);
    int64_t p = -1;
    CHECK(fold_table_header_position(T.table, tmp, &p) == FOLD_OK && p == 14);
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(T.model), (guint)p);
    GtkWidget *detached = g_object_ref_sink(fold_expander_new());
    CHECK(!fold_expander_set_expanded(FOLD_EXPANDER(detached), FALSE, &error));
    CHECK(error && error->domain == FOLD_LIST_MODEL_ERROR && error->code == FOLD_E_INVALID);
    g_clear_error(&error);
    int notified = 0;
    g_signal_connect_swapped(detached, "notify::expanded", G_CALLBACK(count_notify), &notified);
    fold_expander_set_model(FOLD_EXPANDER(detached), T.model);
    fold_expander_set_item(FOLD_EXPANDER(detached), item);
    CHECK(notified == 1 && fold_expander_get_level(FOLD_EXPANDER(detached)) == 0);
    /* (with live items the list's own expander for it listens too) */
    CHECK(g_signal_handler_find(item, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, detached) != 0);
    fold_expander_set_item(FOLD_EXPANDER(detached), NULL);
    CHECK(notified == 2 && !fold_expander_get_expandable(FOLD_EXPANDER(detached)));
    CHECK(g_signal_handler_find(item, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, detached) == 0);
    fold_expander_set_item(FOLD_EXPANDER(detached), item);
    CHECK(notified == 3);
    CHECK(fold_expander_get_expandable(FOLD_EXPANDER(detached)) &&
          fold_expander_get_expanded(FOLD_EXPANDER(detached)));
    CHECK(fold_table_remove_section(T.table, tmp) == FOLD_OK);
    pump();
    CHECK(!fold_expander_set_expanded(FOLD_EXPANDER(detached), FALSE, &error));
    CHECK(error && error->domain == FOLD_LIST_MODEL_ERROR && error->code == FOLD_E_NOT_FOUND &&
          error->message[0]);
    g_clear_error(&error);
    CHECK(!fold_expander_activate_item(FOLD_EXPANDER(detached), NULL, &error));
    CHECK(error && error->code == FOLD_E_NOT_FOUND);
    g_clear_error(&error);
    g_signal_connect(detached, "failed", G_CALLBACK(on_failed), NULL);
    CHECK(gtk_widget_activate_action(detached, "listitem.toggle-expand", NULL));
    CHECK(T.failed_signals == 1 && T.failed_code == FOLD_E_NOT_FOUND);
    CHECK(!fold_expander_focus_parent(FOLD_EXPANDER(detached)));
    g_object_unref(item);
    g_object_unref(detached);
    CHECK(n_items() == 14);

    /* 13: Left to a parent header that is scrolled away: the list scrolls to
     * it and the focus follows once its widget is there. 60 rows more in
     * Fruit (after Cherry), scrolled to the end. */
    CHECK(fold_table_insert_rows(T.table, id_of("fruit"), 3, 60, NULL) == FOLD_OK);
    pump();
    CHECK(n_items() == 74);
    GtkAdjustment *vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(T.list));
    gtk_adjustment_set_value(vadj, gtk_adjustment_get_upper(vadj));
    pump();
    pump();
    CHECK(gtk_adjustment_get_value(vadj) > 0);
    CHECK(header("fruit") == NULL);
    FoldExpander *last = row("fruit", 62);
    CHECK(last != NULL);
    CHECK(last && gtk_widget_grab_focus(GTK_WIDGET(last)));
    CHECK(press_key(last, GDK_KEY_Left));
    pump();
    CHECK(header("fruit") != NULL);
    CHECK(header("fruit") && focus() == GTK_WIDGET(header("fruit")));
    CHECK(gtk_adjustment_get_value(vadj) == 0);
    CHECK(!collapsed("fruit") && n_items() == 74);
    printf("step 13: Left on row 62 of Fruit, scrolled to the end (Fruit's header not shown): "
           "the list scrolls to 0 and the focus is on Fruit\n");
    printf("step 12: no model: FOLD_E_INVALID; removed section: FOLD_E_NOT_FOUND as GError "
           "and as the failed signal\n");
}

int
main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT.png\n", argv[0]);
        return 2;
    }
    gtk_init();
    if (!build_table()) {
        fprintf(stderr, "building the table: %s\n", fold_last_error_message());
        return 1;
    }
    T.model = fold_list_model_new(T.table, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(T.model, row_text, NULL, NULL);

    build_window();
    pump();

    run_steps(argv[1]);

    gtk_window_destroy(GTK_WINDOW(T.window));
    while (g_main_context_iteration(NULL, FALSE))
        ;
    g_object_unref(T.model);
    return check_done();
}
