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
#include "fold-expander.h"
#include "foldtable-gtk.h"

#include "demo-screenshot.h"

#include <stdio.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond)                                                         \
    do {                                                                    \
        checks++;                                                           \
        if (!(cond)) {                                                      \
            failures++;                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                 \
        }                                                                   \
    } while (0)

typedef struct {
    fold_table *table;
    FoldListModel *model;
    GtkWidget *window;
    GtkWidget *list;
    int failed_signals;
    int failed_code;
} Test;

static Test T;

/* ---- the table ------------------------------------------------------------ */

static char *
row_text(fold_section_id section, const char *key, int64_t row, void *user_data)
{
    (void)section;
    (void)user_data;
    static const struct {
        const char *key;
        const char *rows[3];
    } rows[] = {
        {"fruit", {"Apple", "Banana", "Cherry"}}, {"citrus", {"Lemon", "Lime"}},
        {"small", {"Kumquat", "Calamondin"}},     {"grains", {"Wheat", "Rice"}},
        {"nuts", {"Almond", "Walnut"}},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(rows); i++)
        if (strcmp(rows[i].key, key) == 0 && row >= 0 && row < 3 && rows[i].rows[row])
            return g_strdup(rows[i].rows[row]);
    return g_strdup_printf("%s %" G_GINT64_FORMAT, key, row);
}

static fold_section_id
id_of(const char *key)
{
    fold_section_id id = 0;
    fold_table_find_section(T.table, key, &id);
    return id;
}

static gboolean
build_table(void)
{
    fold_table_options options;
    fold_table_options_init(&options);
    options.row_height = 24;
    options.header_height = 28;
    if (fold_table_new(&options, &T.table) != FOLD_OK)
        return FALSE;
    fold_section_id fruit, citrus, small;
    return fold_table_insert_section(T.table, FOLD_ROOT, FOLD_INDEX_END, "fruit", "Fruit", 3, 0,
                                     &fruit) == FOLD_OK &&
           fold_table_set_row_expanded_height(T.table, fruit, 1, 60) == FOLD_OK &&
           fold_table_insert_section(T.table, fruit, FOLD_INDEX_END, "citrus", "Citrus", 2, 0,
                                     &citrus) == FOLD_OK &&
           fold_table_insert_section(T.table, citrus, FOLD_INDEX_END, "small", "Small", 2, 0,
                                     &small) == FOLD_OK &&
           fold_table_insert_section(T.table, FOLD_ROOT, FOLD_INDEX_END, "grains", "Grains", 2,
                                     FOLD_SECTION_FIXED, NULL) == FOLD_OK &&
           fold_table_insert_section(T.table, FOLD_ROOT, FOLD_INDEX_END, "nuts", "Nuts", 2,
                                     FOLD_SECTION_COLLAPSED, NULL) == FOLD_OK;
}

/* ---- the window ----------------------------------------------------------- */

static void
on_failed(FoldExpander *expander, const char *action, GError *error, gpointer data)
{
    (void)expander;
    (void)data;
    fprintf(stderr, "failed signal: %s: %s\n", action, error->message);
    T.failed_signals++;
    T.failed_code = error->code;
}

static void
setup(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    GtkWidget *expander = fold_expander_new();
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    fold_expander_set_model(FOLD_EXPANDER(expander), data);
    fold_expander_set_child(FOLD_EXPANDER(expander), label);
    g_signal_connect(expander, "failed", G_CALLBACK(on_failed), NULL);
    gtk_list_item_set_child(list_item, expander);
}

static void
bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    FoldExpander *expander = FOLD_EXPANDER(gtk_list_item_get_child(list_item));
    FoldListItem *item = gtk_list_item_get_item(list_item);
    fold_expander_set_item(expander, item);
    const char *title = fold_list_item_get_title(item);
    gtk_label_set_text(GTK_LABEL(fold_expander_get_child(expander)), title ? title : "");
}

static void
unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory;
    (void)data;
    fold_expander_set_item(FOLD_EXPANDER(gtk_list_item_get_child(list_item)), NULL);
}

static void
pump(void)
{
    gtk_test_widget_wait_for_draw(T.window);
    while (g_main_context_iteration(NULL, FALSE))
        ;
}

/* ---- looking at the list -------------------------------------------------- */

static FoldExpander *
find_in(GtkWidget *widget, int32_t kind, fold_section_id section, int64_t row)
{
    for (GtkWidget *c = gtk_widget_get_first_child(widget); c; c = gtk_widget_get_next_sibling(c)) {
        if (FOLD_IS_EXPANDER(c) && gtk_widget_get_mapped(c)) {
            FoldListItem *item = fold_expander_get_item(FOLD_EXPANDER(c));
            if (item && (int32_t)fold_list_item_get_kind(item) == kind &&
                fold_list_item_get_section_id(item) == section &&
                (kind != FOLD_ITEM_ROW || fold_list_item_get_row(item) == row))
                return FOLD_EXPANDER(c);
        }
        FoldExpander *found = find_in(c, kind, section, row);
        if (found)
            return found;
    }
    return NULL;
}

static FoldExpander *
header(const char *key)
{
    return find_in(T.list, FOLD_ITEM_HEADER, id_of(key), -1);
}

static FoldExpander *
row(const char *key, int64_t r)
{
    return find_in(T.list, FOLD_ITEM_ROW, id_of(key), r);
}

static GtkWidget *
icon_of(FoldExpander *e)
{
    for (GtkWidget *c = gtk_widget_get_first_child(GTK_WIDGET(e)); c;
         c = gtk_widget_get_next_sibling(c))
        if (GTK_IS_IMAGE(c))
            return c;
    return NULL;
}

static guint
n_items(void)
{
    return g_list_model_get_n_items(G_LIST_MODEL(T.model));
}

static gboolean
collapsed(const char *key)
{
    fold_section_info info;
    return fold_table_section_info(T.table, id_of(key), &info) == FOLD_OK &&
           (info.flags & FOLD_SECTION_COLLAPSED);
}

static gboolean
row_expanded(const char *key, int64_t r)
{
    fold_row_info info;
    return fold_table_row_info(T.table, id_of(key), r, &info) == FOLD_OK &&
           (info.flags & FOLD_ITEM_FLAG_EXPANDED);
}

/* x of the expander's child (and of its chevron) in the expander, in px. */
static double
x_in(FoldExpander *e, GtkWidget *w)
{
    double x = -1, y = -1;
    if (!w || !gtk_widget_translate_coordinates(w, GTK_WIDGET(e), 0, 0, &x, &y))
        return -1;
    return x;
}

/* The chevron and everything about it, exactly. expandable FALSE: hidden,
 * no accessible expanded state, one indent more. */
static void
check_expander(const char *what, FoldExpander *e, int level, gboolean expandable,
               gboolean expanded)
{
    CHECK(e != NULL);
    if (!e) {
        fprintf(stderr, "  no expander for %s\n", what);
        return;
    }
    GtkWidget *icon = icon_of(e);
    int failed = failures;
    CHECK(fold_expander_get_level(e) == level);
    CHECK(fold_expander_get_expandable(e) == expandable);
    CHECK(fold_expander_get_expanded(e) == expanded);
    CHECK(icon && gtk_widget_get_visible(icon) == expandable);
    CHECK(x_in(e, fold_expander_get_child(e)) == 20.0 * (level + 1));
    GtkAccessible *a = GTK_ACCESSIBLE(e);
    CHECK(gtk_accessible_get_accessible_role(a) == GTK_ACCESSIBLE_ROLE_BUTTON);
    char *level_error = gtk_test_accessible_check_property(a, GTK_ACCESSIBLE_PROPERTY_LEVEL,
                                                           level + 1);
    CHECK(level_error == NULL);
    g_free(level_error);
    if (expandable) {
        CHECK(gtk_widget_get_mapped(icon));
        CHECK(x_in(e, icon) == 20.0 * level);
        CHECK(g_strcmp0(gtk_image_get_icon_name(GTK_IMAGE(icon)),
                        expanded ? "pan-down-symbolic" : "pan-end-symbolic") == 0);
        CHECK(((gtk_widget_get_state_flags(icon) & GTK_STATE_FLAG_CHECKED) != 0) == expanded);
        CHECK(gtk_test_accessible_has_state(a, GTK_ACCESSIBLE_STATE_EXPANDED));
        char *state_error =
            gtk_test_accessible_check_state(a, GTK_ACCESSIBLE_STATE_EXPANDED, expanded);
        CHECK(state_error == NULL);
        g_free(state_error);
    } else {
        CHECK(!gtk_test_accessible_has_state(a, GTK_ACCESSIBLE_STATE_EXPANDED));
    }
    if (failures != failed)
        fprintf(stderr, "  ... %s: level %d expandable %d expanded %d, child at x %.1f\n", what,
                fold_expander_get_level(e), fold_expander_get_expandable(e),
                fold_expander_get_expanded(e), x_in(e, fold_expander_get_child(e)));
}

/* ---- input ---------------------------------------------------------------- */

/* A key press as the expander's shortcut controller handles it: the shortcut
 * whose trigger is `keyval` without modifiers, its action activated on the
 * expander (GTK 4 has no public way to make a GdkEvent). */
static gboolean
press_key(FoldExpander *e, guint keyval)
{
    if (!e)
        return FALSE;
    GListModel *controllers = gtk_widget_observe_controllers(GTK_WIDGET(e));
    GtkShortcutController *keys = NULL;
    for (guint i = 0; i < g_list_model_get_n_items(controllers) && !keys; i++) {
        GtkEventController *c = g_list_model_get_item(controllers, i);
        if (GTK_IS_SHORTCUT_CONTROLLER(c) &&
            g_strcmp0(gtk_event_controller_get_name(c), "fold-expander-keys") == 0)
            keys = GTK_SHORTCUT_CONTROLLER(g_object_ref(c));
        g_object_unref(c);
    }
    g_object_unref(controllers);
    if (!keys)
        return FALSE;
    /* The action may re-bind or drop the widget: keep both alive until done. */
    g_object_ref(e);
    gboolean done = FALSE;
    for (guint i = 0; !done && i < g_list_model_get_n_items(G_LIST_MODEL(keys)); i++) {
        GtkShortcut *s = g_list_model_get_item(G_LIST_MODEL(keys), i);
        GtkShortcutTrigger *t = gtk_shortcut_get_trigger(s);
        if (GTK_IS_KEYVAL_TRIGGER(t) &&
            gtk_keyval_trigger_get_keyval(GTK_KEYVAL_TRIGGER(t)) == keyval &&
            gtk_keyval_trigger_get_modifiers(GTK_KEYVAL_TRIGGER(t)) == 0)
            done = gtk_shortcut_action_activate(gtk_shortcut_get_action(s),
                                                GTK_SHORTCUT_ACTION_EXCLUSIVE, GTK_WIDGET(e),
                                                gtk_shortcut_get_arguments(s));
        g_object_unref(s);
    }
    g_object_unref(keys);
    g_object_unref(e);
    pump();
    return done;
}

/* A click on the chevron: its click gesture's pressed and released at (8, 8),
 * the middle of the 16 px icon. */
static gboolean
click_chevron(FoldExpander *e)
{
    GtkWidget *icon = e ? icon_of(e) : NULL;
    if (!icon)
        return FALSE;
    GListModel *controllers = gtk_widget_observe_controllers(icon);
    gboolean clicked = FALSE;
    for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
        GtkEventController *c = g_list_model_get_item(controllers, i);
        if (GTK_IS_GESTURE_CLICK(c) && !clicked) {
            g_signal_emit_by_name(c, "pressed", 1, 8.0, 8.0);
            g_signal_emit_by_name(c, "released", 1, 8.0, 8.0);
            clicked = TRUE;
        }
        g_object_unref(c);
    }
    g_object_unref(controllers);
    pump();
    return clicked;
}

static gboolean
action(FoldExpander *e, const char *name)
{
    gboolean done = e && gtk_widget_activate_action(GTK_WIDGET(e), name, NULL);
    pump();
    return done;
}

static GtkWidget *
focus(void)
{
    return gtk_root_get_focus(GTK_ROOT(T.window));
}

/* ---- the screenshot's pixels --------------------------------------------- */

typedef struct {
    guchar *pixels;
    int width, height;
} Image;

static gboolean
dark(const Image *img, int x, int y)
{
    if (x < 0 || y < 0 || x >= img->width || y >= img->height)
        return FALSE;
    const guchar *p = img->pixels + ((gsize)y * img->width + x) * 4;
    return p[3] > 128 && p[0] + p[1] + p[2] < 3 * 128;
}

/* In the screenshot, the band of expander e: the leftmost dark pixel must be
 * where its chevron is (x = 20 * level, within its 16 px), or, without a
 * chevron, where its child starts; and the chevron's shape says where it
 * points: pointing down, its top dark row is its longest; pointing right
 * (end), its left dark column is. */
static void
check_pixels(const Image *img, const char *what, FoldExpander *e)
{
    CHECK(e != NULL);
    if (!e)
        return;
    double ex = 0, ey = 0;
    CHECK(gtk_widget_translate_coordinates(GTK_WIDGET(e), T.window, 0, 0, &ex, &ey));
    int x0 = (int)ex, y0 = (int)ey, h = gtk_widget_get_height(GTK_WIDGET(e));
    int level = fold_expander_get_level(e);
    int first = -1;
    for (int x = x0; x < img->width && first < 0; x++)
        for (int y = y0; y < y0 + h && first < 0; y++)
            if (dark(img, x, y))
                first = x - x0;
    int failed = failures;
    if (!fold_expander_get_expandable(e)) {
        CHECK(first >= 20 * (level + 1));
    } else {
        CHECK(first >= 20 * level && first < 20 * level + 16);
        /* the chevron's box, 16 x 16, centred vertically */
        int bx = x0 + 20 * level, by = y0 + (h - 16) / 2;
        int top = -1, bottom = -1, left = -1, right = -1;
        int rows[16] = {0}, cols[16] = {0};
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++)
                if (dark(img, bx + x, by + y)) {
                    rows[y]++;
                    cols[x]++;
                    if (top < 0)
                        top = y;
                    bottom = y;
                    if (left < 0 || x < left)
                        left = x;
                    if (x > right)
                        right = x;
                }
        CHECK(top >= 0);
        if (top >= 0) {
            if (fold_expander_get_expanded(e))
                CHECK(rows[top] > rows[bottom] && right - left > bottom - top);
            else
                CHECK(cols[left] > cols[right] && bottom - top > right - left);
        }
    }
    if (failures != failed)
        fprintf(stderr, "  ... pixels of %s: first dark x %d (level %d)\n", what, first, level);
}

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

    /* 8: Enter and Space on Nuts activate it. */
    CHECK(press_key(header("nuts"), GDK_KEY_Return));
    CHECK(!collapsed("nuts") && n_items() == 14);
    check_expander("Nuts after Enter", header("nuts"), 0, TRUE, TRUE);
    CHECK(press_key(header("nuts"), GDK_KEY_space));
    CHECK(collapsed("nuts") && n_items() == 12);
    check_expander("Nuts after Space", header("nuts"), 0, TRUE, FALSE);
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
    printf("step 8: Enter on Nuts expands (14), Space collapses (12); "
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
    guint colours = demo_save_screenshot(T.window, png);
    CHECK(colours > 1);
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

    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), T.model);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind), NULL);
    T.list = gtk_list_view_new(
        GTK_SELECTION_MODEL(gtk_no_selection_new(G_LIST_MODEL(g_object_ref(T.model)))), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), T.list);
    T.window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(T.window), "FoldExpander");
    gtk_window_set_default_size(GTK_WINDOW(T.window), 320, 560);
    gtk_window_set_child(GTK_WINDOW(T.window), scrolled);
    gtk_window_present(GTK_WINDOW(T.window));
    pump();

    run_steps(argv[1]);

    gtk_window_destroy(GTK_WINDOW(T.window));
    while (g_main_context_iteration(NULL, FALSE))
        ;
    g_object_unref(T.model);
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
