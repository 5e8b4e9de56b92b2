/*
 * test-keys.c — the engine's keyboard model through FoldExpander in a real
 * GtkListView under Xvfb (issue 36): key presses are sent to the X server
 * (XTest, the extension xdotool uses; libXtst is loaded at run time) and
 * reach the window as a user's would: GDK, the focus widget, the
 * expander's key controller, the engine. After each key: the engine's
 * focus, GTK's focus widget (the expander of that item), the selection,
 * collapsed states and the scroll offset.
 *
 * Keys: a click sets the engine's focus; Down, Shift+Down, Ctrl+Down,
 * Space; Left (collapse, then the parent header); Right (expand, then the
 * first child); * (keypad) expands all below; Page Down (the item one
 * viewport further, scrolled to); Home, End; typed letters (type-ahead);
 * the focus rule after the app collapses the section holding the focused
 * row (the header takes the engine's focus, and GTK's follows). A focused
 * header stuck at the top (FoldStickyHeaders) shows the focus ring.
 * Screenshots: keys.png (a focused row), keys-sticky.png (a focused stuck
 * header).
 *
 * Without XTest (another display server, no libXtst), keys are given to
 * the focus widget's key controllers as GTK would (the "key-pressed"
 * signal) and the test says so.
 */
#include "support/gtk-test.h"

#include <dlfcn.h>
#include <gdk/x11/gdkx.h>
#include <stdio.h>

#define OK(call) CHECK_STATUS((call), FOLD_OK)

static fold_table *table;
static FoldListModel *model;
static GtkWidget *window, *list, *sticky;
static guint keys_seen;

typedef int (*FakeKeyFn)(Display *, unsigned int, Bool, unsigned long);
typedef int (*FakeButtonFn)(Display *, unsigned int, Bool, unsigned long);
typedef int (*FakeMotionFn)(Display *, int, int, int, unsigned long);
static FakeKeyFn fake_key;
static FakeButtonFn fake_button;
static FakeMotionFn fake_motion;

/* ---- the table and the window --------------------------------------------- */

static char *
row_text(fold_section_id section, const char *key, int64_t row, void *data)
{
    (void)section, (void)data;
    return g_strdup_printf("%s %" G_GINT64_FORMAT, key, row + 1);
}

/*   0 Fruit            (fruit: 3 rows, citrus: 2 rows)
 *   1-3 fruit 1..3
 *   4 Citrus
 *   5-6 citrus 1..2
 *   7 Veg              (veg: 3 rows)
 *   8-10 veg 1..3
 *   11 Nuts            (collapsed, 2 rows)
 *   12 Big             (big: 40 rows)
 *   13-52 big 1..40 */
static void
build_table(void)
{
    fold_table_options options = options_with_heights(24, 28, 0, 0, 0);
    table = new_table(&options);
    fold_section_id fruit = add(table, FOLD_ROOT, "fruit", "Fruit", 3);
    add(table, fruit, "citrus", "Citrus", 2);
    add(table, FOLD_ROOT, "veg", "Veg", 3);
    add_flagged(table, FOLD_ROOT, "nuts", "Nuts", 2, FOLD_SECTION_COLLAPSED);
    add(table, FOLD_ROOT, "big", "Big", 40);
}

static void
setup(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    GtkWidget *expander = fold_expander_new();
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    fold_expander_set_model(FOLD_EXPANDER(expander), model);
    fold_expander_set_child(FOLD_EXPANDER(expander), label);
    gtk_list_item_set_child(list_item, expander);
}

static void
bind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    FoldListItem *item = gtk_list_item_get_item(list_item);
    FoldExpander *expander = FOLD_EXPANDER(gtk_list_item_get_child(list_item));
    fold_expander_set_item(expander, item);
    gtk_label_set_text(GTK_LABEL(fold_expander_get_child(expander)), fold_list_item_get_title(item));
    gtk_widget_set_size_request(GTK_WIDGET(expander), -1, (int)fold_list_item_get_height(item));
}

static void
unbind(GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
    (void)factory, (void)data;
    fold_expander_set_item(FOLD_EXPANDER(gtk_list_item_get_child(list_item)), NULL);
}

static gboolean
count_key(GtkEventControllerKey *c, guint keyval, guint keycode, GdkModifierType state, gpointer d)
{
    (void)c, (void)keyval, (void)keycode, (void)state, (void)d;
    keys_seen++;
    return FALSE;
}

static void
build_window(void)
{
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(unbind), NULL);
    list = gtk_list_view_new(GTK_SELECTION_MODEL(g_object_ref(model)), factory);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    sticky = fold_sticky_headers_new(model, scrolled);
    GtkCssProvider *css = gtk_css_provider_new();
    gtk_css_provider_load_from_data(css,
                                    "listview > row { padding: 0 8px; min-height: 0; }"
                                    "foldexpander.header label { font-weight: bold; }",
                                    -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(css);
    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 320, 400);
    gtk_window_set_child(GTK_WINDOW(window), sticky);
    GtkEventController *counter = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(counter, GTK_PHASE_CAPTURE);
    g_signal_connect(counter, "key-pressed", G_CALLBACK(count_key), NULL);
    gtk_widget_add_controller(window, counter);
    gtk_window_present(GTK_WINDOW(window));
    test_wait_for_draw(window, 3);
}

/* ---- input ----------------------------------------------------------------- */

static Display *
xdisplay(void)
{
    GdkDisplay *d = gdk_display_get_default();
    return GDK_IS_X11_DISPLAY(d) ? gdk_x11_display_get_xdisplay(d) : NULL;
}

/* XTest from libXtst, loaded at run time (only its run-time library is
 * needed; it is a dependency of the X stack GTK uses). */
static gboolean
xtest_init(void)
{
    if (!xdisplay())
        return FALSE;
    void *lib = dlopen("libXtst.so.6", RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        return FALSE;
    fake_key = (FakeKeyFn)dlsym(lib, "XTestFakeKeyEvent");
    fake_button = (FakeButtonFn)dlsym(lib, "XTestFakeButtonEvent");
    fake_motion = (FakeMotionFn)dlsym(lib, "XTestFakeMotionEvent");
    return fake_key && fake_button && fake_motion;
}

/* Runs the main loop until `*counter` passes `before` (2 s at most), then
 * lets the list lay out and GTK's focus follow the engine's. */
static void
wait_for(guint *counter, guint before)
{
    gint64 end = g_get_monotonic_time() + 2 * G_USEC_PER_SEC;
    while (*counter == before && g_get_monotonic_time() < end)
        g_main_context_iteration(NULL, FALSE);
    CHECK(*counter > before);
    test_wait_for_draw(window, 6);
}

/* Without XTest: the focus widget's and its ancestors' key controllers, as
 * GTK runs them (capture from the top, then bubble from the target). */
static void
emit_key(guint keyval, GdkModifierType mods)
{
    GPtrArray *chain = g_ptr_array_new_with_free_func(g_object_unref);
    for (GtkWidget *w = gtk_root_get_focus(GTK_ROOT(window)); w; w = gtk_widget_get_parent(w))
        g_ptr_array_add(chain, g_object_ref(w));
    gboolean handled = FALSE;
    for (guint i = 0; !handled && i < chain->len; i++) {
        GtkEventController *c = test_find_controller(chain->pdata[i],
                                                     GTK_TYPE_EVENT_CONTROLLER_KEY,
                                                     "fold-expander-keys");
        if (c)
            g_signal_emit_by_name(c, "key-pressed", keyval, 0u, mods, &handled);
    }
    g_ptr_array_unref(chain);
    keys_seen++;
    test_wait_for_draw(window, 4);
}

static void
key(guint keyval, GdkModifierType mods)
{
    Display *x = fake_key ? xdisplay() : NULL;
    if (!x) {
        emit_key(keyval, mods);
        return;
    }
    guint before = keys_seen;
    KeyCode shift = XKeysymToKeycode(x, XK_Shift_L), ctrl = XKeysymToKeycode(x, XK_Control_L);
    KeyCode code = XKeysymToKeycode(x, keyval); /* GDK keyvals are X keysyms */
    if (mods & GDK_SHIFT_MASK)
        fake_key(x, shift, True, CurrentTime);
    if (mods & GDK_CONTROL_MASK)
        fake_key(x, ctrl, True, CurrentTime);
    fake_key(x, code, True, CurrentTime);
    fake_key(x, code, False, CurrentTime);
    if (mods & GDK_CONTROL_MASK)
        fake_key(x, ctrl, False, CurrentTime);
    if (mods & GDK_SHIFT_MASK)
        fake_key(x, shift, False, CurrentTime);
    XFlush(x);
    wait_for(&keys_seen, before);
}

/* ---- looking ---------------------------------------------------------------- */

static int64_t
focus(void)
{
    int64_t p = -2;
    OK(fold_table_focus(table, &p));
    return p;
}

static int64_t
header_pos(const char *key)
{
    int64_t p = -1;
    fold_table_header_position(table, sec(table, key), &p);
    return p;
}

/* The item GTK's focus widget shows (its FoldExpander's), or NULL. */
static FoldListItem *
gtk_focus_item(void)
{
    GtkWidget *w = gtk_root_get_focus(GTK_ROOT(window));
    while (w && !FOLD_IS_EXPANDER(w))
        w = gtk_widget_get_parent(w);
    return w ? fold_expander_get_item(FOLD_EXPANDER(w)) : NULL;
}

/* The positions selected, as "1,2,3" (positions [0, 53)). */
static char *
selection(void)
{
    GString *s = g_string_new(NULL);
    guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
    for (guint p = 0; p < n; p++)
        if (gtk_selection_model_is_selected(GTK_SELECTION_MODEL(model), p))
            g_string_append_printf(s, "%s%u", s->len ? "," : "", p);
    return g_string_free(s, FALSE);
}

/* After a key: the engine's focus is `position`, GTK's focus widget shows
 * that item, and the selection is `selected`. */
static void
expect(const char *what, int64_t position, const char *selected)
{
    int64_t f = focus();
    FoldListItem *item = gtk_focus_item();
    guint gtk_pos = item ? fold_list_item_get_position(item) : G_MAXUINT;
    gboolean flagged = item && fold_list_item_get_focused(item);
    char *sel = selection();
    printf("%-34s engine focus %2" G_GINT64_FORMAT ", GTK focus %2d (focused %d), selected {%s}\n",
           what, f, gtk_pos == G_MAXUINT ? -1 : (int)gtk_pos, flagged, sel);
    CHECK_EQ_I64(f, position);
    CHECK_EQ_I64(gtk_pos, position);
    CHECK(flagged);
    if (selected)
        CHECK_STR(sel, selected);
    g_free(sel);
}

static FoldExpander *
expander_at(int64_t position)
{
    fold_item it;
    if (fold_table_item_at(table, position, &it) != FOLD_OK)
        return NULL;
    GPtrArray *stack = g_ptr_array_new();
    g_ptr_array_add(stack, list);
    FoldExpander *found = NULL;
    while (stack->len && !found) {
        GtkWidget *w = g_ptr_array_steal_index(stack, stack->len - 1);
        for (GtkWidget *c = gtk_widget_get_first_child(w); c; c = gtk_widget_get_next_sibling(c)) {
            FoldListItem *item = FOLD_IS_EXPANDER(c) ? fold_expander_get_item(FOLD_EXPANDER(c)) : NULL;
            if (item && gtk_widget_get_mapped(c) && fold_list_item_get_position(item) == position)
                found = FOLD_EXPANDER(c);
            else
                g_ptr_array_add(stack, c);
        }
    }
    g_ptr_array_unref(stack);
    return found;
}

/* A primary click in the middle of the item's row widget: XTest moves the
 * pointer there and clicks (GtkListView focuses and selects the row). */
static void
click(int64_t position)
{
    FoldExpander *e = expander_at(position);
    CHECK(e != NULL);
    if (!e)
        return;
    Display *x = fake_button ? xdisplay() : NULL;
    if (!x) {
        gtk_widget_grab_focus(GTK_WIDGET(e));
        test_wait_for_draw(window, 3);
        return;
    }
    graphene_point_t p;
    CHECK(gtk_widget_compute_point(GTK_WIDGET(e), window,
                                   &GRAPHENE_POINT_INIT(gtk_widget_get_width(GTK_WIDGET(e)) / 2.f,
                                                        gtk_widget_get_height(GTK_WIDGET(e)) / 2.f),
                                   &p));
    GdkSurface *surface = gtk_native_get_surface(GTK_NATIVE(window));
    int wx = 0, wy = 0;
    Window child;
    XTranslateCoordinates(x, gdk_x11_surface_get_xid(surface), DefaultRootWindow(x), 0, 0, &wx,
                          &wy, &child);
    double sx = 0, sy = 0;
    gtk_native_get_surface_transform(GTK_NATIVE(window), &sx, &sy);
    fake_motion(x, -1, wx + (int)(p.x + sx), wy + (int)(p.y + sy), CurrentTime);
    fake_button(x, 1, True, CurrentTime);
    fake_button(x, 1, False, CurrentTime);
    XFlush(x);
    test_wait_for_draw(window, 4);
}

static gboolean
collapsed(const char *key)
{
    return is_collapsed(table, sec(table, key));
}

/* ---- the steps ------------------------------------------------------------- */

/* (Fruit's header sticks at the top: a click there is the stuck header's,
 * which toggles the section; the clicks go to rows and unstuck headers.) */
static void
test_moves_and_selection(void)
{
    click(1);
    expect("click on fruit 1", 1, "1");
    key(GDK_KEY_Down, 0);
    expect("Down", 2, "2");
    key(GDK_KEY_Down, GDK_SHIFT_MASK);
    expect("Shift+Down", 3, "2,3");
    key(GDK_KEY_Down, GDK_CONTROL_MASK);
    expect("Ctrl+Down", 4, "2,3");
    key(GDK_KEY_space, 0);
    expect("Space", 4, "2,3,4");
    key(GDK_KEY_Up, 0);
    expect("Up", 3, "3");
}

static void
test_left_right(void)
{
    int64_t citrus = header_pos("citrus");
    click(citrus);
    expect("click on Citrus", citrus, NULL);
    guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
    key(GDK_KEY_Left, 0);
    expect("Left on Citrus (collapse)", citrus, NULL);
    CHECK(collapsed("citrus"));
    CHECK_EQ_I64(g_list_model_get_n_items(G_LIST_MODEL(model)), n - 2);
    key(GDK_KEY_Left, 0);
    expect("Left again (the parent: Fruit)", 0, "0");
    click(citrus);
    key(GDK_KEY_Right, 0);
    expect("Right on Citrus (expand)", citrus, NULL);
    CHECK(!collapsed("citrus"));
    key(GDK_KEY_Right, 0);
    expect("Right again (first child)", citrus + 1, NULL);
}

static void
test_asterisk(void)
{
    /* Fruit and Citrus collapsed, then * on Fruit expands both. */
    OK(fold_table_collapse(table, sec(table, "citrus"), NULL));
    click(1);
    key(GDK_KEY_Up, 0);
    key(GDK_KEY_KP_Subtract, 0);
    CHECK(collapsed("fruit"));
    expect("- on Fruit", 0, NULL);
    key(GDK_KEY_KP_Multiply, 0);
    expect("* on Fruit", 0, NULL);
    CHECK(!collapsed("fruit"));
    CHECK(!collapsed("citrus"));
    key(GDK_KEY_KP_Add, 0); /* already expanded: focus stays */
    expect("+ on Fruit", 0, NULL);
}

static void
test_pages_home_end(void)
{
    GtkAdjustment *vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));
    int64_t from = header_pos("veg");
    click(from);
    /* What the engine answers for this viewport. */
    int64_t expected = -1;
    OK(fold_table_set_viewport(table, gtk_adjustment_get_value(vadj),
                               gtk_adjustment_get_page_size(vadj)));
    OK(fold_table_navigate(table, from, FOLD_NAV_PAGE_DOWN, &expected));
    OK(fold_table_clear_viewport(table));
    double before = gtk_adjustment_get_value(vadj);
    key(GDK_KEY_Page_Down, 0);
    printf("Page Down from %" G_GINT64_FORMAT ": expected %" G_GINT64_FORMAT
           ", scrolled %.0f -> %.0f (page %.0f)\n",
           from, expected, before, gtk_adjustment_get_value(vadj),
           gtk_adjustment_get_page_size(vadj));
    CHECK(expected > from);
    expect("Page Down", expected, NULL);
    CHECK(gtk_adjustment_get_value(vadj) > before);
    /* The focused row is inside the viewport. */
    double top = -1;
    OK(fold_table_item_top(table, expected, &top));
    CHECK(top >= gtk_adjustment_get_value(vadj));
    CHECK(top + 24 <= gtk_adjustment_get_value(vadj) + gtk_adjustment_get_page_size(vadj) + 0.5);
    key(GDK_KEY_End, 0);
    int64_t last = item_count(table) - 1;
    expect("End", last, NULL);
    key(GDK_KEY_Home, 0);
    expect("Home", 0, "0");
    CHECK_EQ_DBL(gtk_adjustment_get_value(vadj), 0);
}

static void
test_type_ahead(void)
{
    key(GDK_KEY_v, 0);
    expect("typed v (Veg)", header_pos("veg"), NULL);
    key(GDK_KEY_b, 0);
    /* "vb" matches nothing: the focus stays. */
    expect("typed b (\"vb\": none)", header_pos("veg"), NULL);
    g_usleep(1100 * 1000); /* a pause: the prefix starts anew */
    key(GDK_KEY_n, 0);
    expect("pause, typed n (Nuts)", header_pos("nuts"), NULL);
}

/* The app collapses the section that holds the focused row: the engine's
 * focus rule puts the focus on its header, and GTK's focus follows. */
static void
test_focus_rule(void)
{
    int64_t row = header_pos("citrus") + 2; /* citrus 2 */
    click(row);
    expect("click on citrus 2", row, NULL);
    OK(fold_table_collapse(table, sec(table, "citrus"), NULL));
    test_wait_for_draw(window, 4);
    expect("app collapses Citrus", header_pos("citrus"), NULL);
    OK(fold_table_expand(table, sec(table, "citrus"), NULL));
    test_wait_for_draw(window, 2);
}

static void
screenshots(const char *dir)
{
    int64_t row = header_pos("veg") + 2;
    click(row);
    key(GDK_KEY_Down, GDK_CONTROL_MASK); /* focus without selection */
    char *path = g_build_filename(dir, "keys.png", NULL);
    test_screenshot(window, path);
    g_free(path);
    /* Big's header stuck at the top (its own row 4 px above, under the
     * stuck picture) and focused: the ring drawn over the stuck header. */
    GtkAdjustment *vadj = gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(list));
    double top = 0;
    OK(fold_table_item_top(table, header_pos("big"), &top));
    gtk_adjustment_set_value(vadj, top + 4);
    test_wait_for_draw(window, 3);
    click(header_pos("big") + 3);
    OK(fold_table_set_focus(table, header_pos("big")));
    test_wait_for_draw(window, 6);
    expect("app focuses Big's stuck header", header_pos("big"), NULL);
    /* (GtkListView scrolls its focused row into view: the header's row is
     * at the top now, under its stuck picture.) */
    printf("scrolled to %.0f (Big's header at %.0f)\n", gtk_adjustment_get_value(vadj), top);
    printf("stuck headers %u, engine focus on Big's header %d\n",
           fold_sticky_headers_get_n_headers(FOLD_STICKY_HEADERS(sticky)),
           focus() == header_pos("big"));
    CHECK_EQ_I64(fold_sticky_headers_get_n_headers(FOLD_STICKY_HEADERS(sticky)), 1);
    path = g_build_filename(dir, "keys-sticky.png", NULL);
    test_screenshot(window, path);
    /* The ring over the stuck header: the left edge of its expander's box,
     * half-way down, is the ring's blue (rgba(53, 132, 228, 0.5) on white). */
    GtkWidget *slot = fold_sticky_headers_get_header_widget(FOLD_STICKY_HEADERS(sticky), 0);
    GtkWidget *e = slot;
    while (e && !FOLD_IS_EXPANDER(e)) {
        GtkWidget *next = gtk_widget_get_first_child(e);
        while (next && !gtk_widget_get_child_visible(next))
            next = gtk_widget_get_next_sibling(next);
        e = next;
    }
    graphene_rect_t b;
    GdkPixbuf *shot = gdk_pixbuf_new_from_file(path, NULL);
    CHECK(e && shot && gtk_widget_compute_bounds(e, window, &b));
    if (e && shot && gtk_widget_compute_bounds(e, window, &b)) {
        int x = (int)b.origin.x, y = (int)(b.origin.y + b.size.height / 2);
        const guchar *px = gdk_pixbuf_get_pixels(shot) + y * gdk_pixbuf_get_rowstride(shot) +
                           x * gdk_pixbuf_get_n_channels(shot);
        printf("stuck header's ring at (%d, %d): #%02x%02x%02x\n", x, y, px[0], px[1], px[2]);
        CHECK(px[2] > 200 && px[0] < 200 && px[2] - px[0] > 60);
    }
    g_clear_object(&shot);
    g_free(path);
}

/* fold_keyboard_key_for_event(): what FoldExpander and the custom views
 * read a key event as. */
static void
test_key_translation(void)
{
    GtkWidget *label = g_object_ref_sink(gtk_label_new(""));
    FoldKeyboardKey key = 0;
    FoldModifiers mods = 99;
    CHECK(fold_keyboard_key_for_event(label, GDK_KEY_Down, GDK_SHIFT_MASK | GDK_CONTROL_MASK, &key, &mods));
    CHECK(key == FOLD_KEYBOARD_KEY_DOWN && mods == (FOLD_MODIFIERS_SHIFT | FOLD_MODIFIERS_CTRL));
    CHECK(fold_keyboard_key_for_event(label, GDK_KEY_KP_Left, 0, &key, &mods));
    CHECK(key == FOLD_KEYBOARD_KEY_LEFT && mods == 0);
    /* Shift types + on some layouts: no modifiers; / is -. */
    CHECK(fold_keyboard_key_for_event(label, GDK_KEY_plus, GDK_SHIFT_MASK, &key, &mods));
    CHECK(key == FOLD_KEYBOARD_KEY_PLUS && mods == 0);
    CHECK(fold_keyboard_key_for_event(label, GDK_KEY_KP_Divide, 0, &key, NULL) && key == FOLD_KEYBOARD_KEY_MINUS);
    /* The app's: Ctrl with + - *, Alt with anything, other keys; outputs untouched. */
    key = 0;
    CHECK(!fold_keyboard_key_for_event(label, GDK_KEY_plus, GDK_CONTROL_MASK, &key, &mods) && key == 0);
    CHECK(!fold_keyboard_key_for_event(label, GDK_KEY_Down, GDK_ALT_MASK, &key, &mods) && key == 0);
    CHECK(!fold_keyboard_key_for_event(label, GDK_KEY_a, 0, &key, &mods) && key == 0);
    /* Right-to-left text: Left goes toward the line's start, the engine's RIGHT. */
    gtk_widget_set_direction(label, GTK_TEXT_DIR_RTL);
    CHECK(fold_keyboard_key_for_event(label, GDK_KEY_Left, 0, &key, NULL) && key == FOLD_KEYBOARD_KEY_RIGHT);
    CHECK(fold_keyboard_key_for_event(label, GDK_KEY_Right, 0, &key, NULL) && key == FOLD_KEYBOARD_KEY_LEFT);
    g_object_unref(label);
}

int
main(int argc, char **argv)
{
    gtk_init();
    build_table();
    if (!table)
        return check_done();
    model = fold_list_model_new(table, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(model, row_text, NULL, NULL);
    build_window();
    gboolean xtest = xtest_init();
    if (xtest) {
        Display *x = xdisplay();
        XSetInputFocus(x, gdk_x11_surface_get_xid(gtk_native_get_surface(GTK_NATIVE(window))),
                       RevertToParent, CurrentTime);
        XFlush(x);
        gint64 end = g_get_monotonic_time() + 2 * G_USEC_PER_SEC;
        while (!gtk_window_is_active(GTK_WINDOW(window)) && g_get_monotonic_time() < end)
            g_main_context_iteration(NULL, FALSE);
    }
    printf("keys sent through %s; window active %d\n",
           xtest ? "XTest (the X server)" : "the key controllers' signal (no XTest)",
           gtk_window_is_active(GTK_WINDOW(window)));

    test_key_translation();
    test_moves_and_selection();
    test_left_right();
    test_asterisk();
    test_pages_home_end();
    test_type_ahead();
    test_focus_rule();
    if (argc > 1)
        screenshots(argv[1]);
    gtk_window_destroy(GTK_WINDOW(window));
    g_object_unref(model);
    return check_done();
}
