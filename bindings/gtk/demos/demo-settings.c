/*
 * demo-settings.c — a settings window on FoldListModel.
 *
 * Sections with "Title|Detail" headers (the detail on the right), chevrons
 * that show whether a section is open, sections that start collapsed
 * (FOLD_SECTION_COLLAPSED), one that cannot collapse (About,
 * FOLD_SECTION_FIXED: no chevron, a click does nothing), and the engine's
 * will/did events shown in the status bar (a wrapping label: never cut).
 * Rows are the settings, each with its value; a click selects one (the
 * engine's selection, FOLD_SELECTION_SINGLE; CSS class "selected"), hover
 * is CSS too. Every row is exactly the engine's height (DemoRow's
 * measure()). Keyboard: the engine's keyboard model through the row's
 * expander, which takes the focus (its ring shows): Up and Down move the
 * focus and select what they reach, + or Right opens a section, - or Left
 * closes it, Space toggles the selection, Enter does what a click does,
 * letters jump to a title;
 * Alt+Up and Alt+Down move the focused section above or below its
 * neighbour — the engine reports a move, so its row keeps its widget and
 * the focus stays on it.
 *
 *   foldtable-gtk-demo-settings                      interactive
 *   foldtable-gtk-demo-settings --self-test OUT.png  drive itself, check, save
 *                                                    a screenshot, exit 0 / 1
 */
#include "demo-row.h"
#include "demo-app.h"
#include "demo-keys.h"
#include "demo-groups.h"
#include "demo-screenshot.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#define HEADER_HEIGHT 48.0
#define ROW_HEIGHT 44.0

/* Each setting: "Name|Value". */
static const char *const network[] = {"Wi-Fi|Home-5G", "Bluetooth|Off", "VPN|Not set up",
                                      "Airplane mode|Off", NULL};
static const char *const displays[] = {"Resolution|2560 × 1440", "Scale|125 %",
                                       "Refresh rate|144 Hz", "Night light|Sunset to sunrise",
                                       NULL};
static const char *const sound[] = {"Output|Speakers", "Input|Built-in microphone",
                                    "Volume|70 %", "Alert sound|Click", NULL};
static const char *const privacy[] = {"Location services|Off", "Camera|2 apps",
                                      "Microphone|1 app", NULL};
static const char *const about[] = {"Device name|foldtable-demo", "Toolkit|GTK 4.8",
                                    "List engine|FoldTable " FOLD_VERSION_STRING, NULL};

static const DemoGroup groups[] = {
    {"network", NULL, "Network|Wi-Fi, Bluetooth, VPN", network, 0},
    {"displays", NULL, "Displays|1 monitor", displays, FOLD_SECTION_COLLAPSED},
    {"sound", NULL, "Sound|Speakers", sound, FOLD_SECTION_COLLAPSED},
    {"privacy", NULL, "Privacy|3 permissions", privacy, FOLD_SECTION_COLLAPSED},
    {"about", NULL, "About|always shown", about, FOLD_SECTION_FIXED},
    {0},
};

typedef struct {
    DemoApp demo;
    GtkWidget *status;
    /* the engine's section events, for the status bar and the self-test */
    GString *events;
    int32_t last_events[8];
    int n_events;
    int moves; /* sections moved with Alt+Up / Alt+Down */
    DemoRow *moved_row; /* self-test: Sound's row and where it was */
    int64_t moved_from;
    /* self-test: the focused expander drawn with its focus ring */
    GdkTexture *ring;
    GtkWidget *focused;
} App;

static void update_status(gpointer data);

/* A row's value on the right; a header's detail. */
static void
row_texts(DemoRow *row, FoldListItem *item, GtkLabel *title, GtkLabel *detail, gpointer data)
{
    (void)data;
    const char *t = fold_list_item_get_title(item);
    gtk_label_set_text(title, t ? t : "");
    if (fold_list_item_get_kind(item) == FOLD_ITEM_ROW) {
        const char *s = demo_group_row(groups, fold_list_item_get_key(item),
                                       fold_list_item_get_row(item));
        gtk_label_set_text(detail, demo_group_detail(s));
        if (fold_list_item_get_selected(item))
            gtk_widget_add_css_class(GTK_WIDGET(row), "selected");
        else
            gtk_widget_remove_css_class(GTK_WIDGET(row), "selected");
    } else {
        const char *d = fold_list_item_get_detail(item);
        gtk_label_set_text(detail, d ? d : "");
        gtk_widget_remove_css_class(GTK_WIDGET(row), "selected");
    }
}

static void
setup_row(GtkSignalListItemFactory *f, GtkListItem *list_item, gpointer data)
{
    (void)f;
    gtk_list_item_set_child(list_item, demo_row_new(list_item, ((App *)data)->demo.model, row_texts, data));
}

static const char *
section_title(App *app, fold_section_id section, char *buf, size_t size)
{
    buf[0] = 0;
    fold_table_section_text(app->demo.table, section, FOLD_TEXT_TITLE, buf, (int64_t)size, NULL);
    return buf;
}

/* The engine's will/did events: the status bar tells what happened. */
static int
on_section_event(fold_table *table, fold_section_id section, const char *key, int32_t event,
                 void *user_data)
{
    (void)table;
    (void)key;
    App *app = user_data;
    static const char *const names[] = {"will collapse", "did collapse", "will expand",
                                        "did expand"};
    char title[64];
    section_title(app, section, title, sizeof title);
    if (event == FOLD_SECTION_WILL_COLLAPSE || event == FOLD_SECTION_WILL_EXPAND)
        g_string_printf(app->events, "%s: %s", title, names[event]);
    else if (event >= 0 && event <= 3)
        g_string_append_printf(app->events, " → %s", names[event]);
    if (app->n_events < (int)G_N_ELEMENTS(app->last_events))
        app->last_events[app->n_events++] = event;
    /* However the section changed (a click, a key on its expander). */
    if (event == FOLD_SECTION_DID_COLLAPSE || event == FOLD_SECTION_DID_EXPAND)
        update_status(app);
    return 1;
}

/* The selected setting (the engine's selection, one item at most): its
 * section and row, FALSE when none is (nothing, or a section's header). */
static gboolean
selected_setting(App *app, fold_section_id *out_section, int64_t *out_row)
{
    fold_selected_run *runs = NULL;
    int64_t n = 0;
    gboolean found = fold_table_selection(app->demo.table, &runs, &n) == FOLD_OK && n > 0 &&
                     runs[0].row >= 0;
    if (found) {
        *out_section = runs[0].section;
        *out_row = runs[0].row;
    }
    fold_free(runs);
    return found;
}

static void
update_status(gpointer data)
{
    App *app = data;
    GString *s = g_string_new(app->events->len ? app->events->str : "Click a section to open it");
    fold_section_id section = 0;
    int64_t row = -1;
    if (selected_setting(app, &section, &row)) {
        char title[64];
        const char *set = NULL;
        char key[64] = "";
        if (fold_table_section_text(app->demo.table, section, FOLD_TEXT_KEY, key, sizeof key,
                                    NULL) == FOLD_OK)
            set = demo_group_row(groups, key, row);
        if (set)
            g_string_append_printf(s, "  ·  %s › %.*s: %s",
                                   section_title(app, section, title, sizeof title),
                                   (int)strcspn(set, "|"), set, demo_group_detail(set));
    }
    gtk_label_set_text(GTK_LABEL(app->status), s->str);
    g_string_free(s, TRUE);
}

/* The keyboard (selection follows focus) and clicks change the selection:
 * the status bar follows. Runs inside the table's listener: reads only. */
static void
on_change(fold_table *table, const fold_change_set *changes, void *data)
{
    (void)table;
    (void)changes;
    App *app = data;
    if (app->status)
        update_status(app);
}

static void
on_activate(GtkListView *list, guint position, gpointer data)
{
    App *app = data;
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), position);
    if (!item) {
        app->demo.last_action = -1;
        return;
    }
    if (fold_list_item_get_kind(item) == FOLD_ITEM_ROW) {
        /* A setting: select it (rows have no expanded height here); the
         * model redraws the rows whose state changed. */
        if (fold_table_select_item(app->demo.table, position, FOLD_SELECT_REPLACE, NULL) != FOLD_OK)
            g_warning("select: %s", fold_last_error_message());
    }
    g_object_unref(item);
    demo_on_activate(list, position, app);
}

/* Alt+Up / Alt+Down: moves the section whose header has the focus one
 * place up or down among its siblings (fold_table_move_section). The
 * engine reports a move, and the model keeps the header's object, so
 * GtkListView keeps its row widget and the keyboard focus on it. */
static gboolean
move_focused_section(GtkWidget *widget, GVariant *args, gpointer data)
{
    (void)widget;
    App *app = data;
    GtkWidget *w = demo_focus(&app->demo);
    while (w && !DEMO_IS_ROW(w))
        w = gtk_widget_get_parent(w);
    FoldListItem *item = w ? demo_row_get_item(DEMO_ROW(w)) : NULL;
    if (!item || fold_list_item_get_kind(item) != FOLD_ITEM_HEADER)
        return FALSE;
    fold_table *t = app->demo.table;
    fold_section_id section = fold_list_item_get_section_id(item);
    fold_section_info info;
    if (fold_table_section_info(t, section, &info) != FOLD_OK)
        return FALSE;
    int64_t siblings = 0;
    fold_table_child_count(t, info.parent, &siblings);
    int64_t to = info.index + g_variant_get_int32(args);
    if (to < 0 || to >= siblings)
        return TRUE; /* at the end already: nothing to do, the key is still ours */
    int status = fold_table_move_section(t, section, info.parent, to);
    if (status == FOLD_OK)
        app->moves++;
    return status == FOLD_OK;
}

static const char css[] =
    "window.settings-demo { background: #f6f5f4; }\n"
    ".settings-demo .statusbar { padding: 8px 20px; background: #ffffff;"
    "  box-shadow: inset 0 1px #deddda; color: #3d3846; }\n"
    "listview.settings { background: #f6f5f4; }\n"
    "listview.settings > row { padding: 0; margin: 0; border: none; min-height: 0;"
    "  background: none; }\n"
    "foldrow { background: #ffffff; box-shadow: inset 0 -1px #ebe9e6; }\n"
    "foldrow.header { background: #f6f5f4; box-shadow: inset 0 -1px #deddda; }\n"
    "foldrow.header .title { font-weight: bold; }\n"
    "foldrow .detail { color: alpha(currentColor, 0.55); }\n"
    "foldrow.header image.expander { color: #5e5c64; }\n"
    "listview.settings > row:hover foldrow.header { background: #edebe9; }\n"
    "listview.settings > row:hover foldrow.row { background: #f3f6fb; }\n"
    "foldrow.row.selected { background: #dbe7fa; box-shadow: inset 4px 0 #1c71d8, inset 0 -1px #c8d8f0; }\n"
    "foldrow.row.selected .title { font-weight: bold; }\n";

static GtkWidget *
build_window(GtkApplication *gapp, gpointer data)
{
    App *app = data;
    app->events = g_string_new(NULL);
    fold_table_add_section_listener(app->demo.table, on_section_event, app, NULL);
    fold_table_add_change_listener(app->demo.table, on_change, app, NULL);
    GtkWidget *window =
        demo_window_new(gapp, css, "settings-demo", "FoldTable — Settings", 580, 640);
    GtkWidget *vbox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);

    app->demo.activated = update_status; /* after on_activate's own work */
    app->demo.list = demo_list_view_new(app->demo.model, "settings", G_CALLBACK(setup_row),
                                   G_CALLBACK(demo_row_bind), G_CALLBACK(demo_row_unbind),
                                   G_CALLBACK(on_activate), app);
    gtk_box_append(GTK_BOX(vbox), demo_scroller_new(app->demo.list));
    GtkEventController *keys = gtk_shortcut_controller_new();
    for (int up = 0; up < 2; up++)
        gtk_shortcut_controller_add_shortcut(
            GTK_SHORTCUT_CONTROLLER(keys),
            gtk_shortcut_new_with_arguments(gtk_keyval_trigger_new(up ? GDK_KEY_Up : GDK_KEY_Down, GDK_ALT_MASK),
                                            gtk_callback_action_new(move_focused_section, app, NULL),
                                            "i", up ? -1 : 1));
    gtk_widget_add_controller(app->demo.list, keys);

    app->status = demo_status_bar_new();
    gtk_box_append(GTK_BOX(vbox), app->status);
    update_status(app);
    gtk_window_set_child(GTK_WINDOW(window), vbox);
    return window;
}

static fold_table *
build_table(void)
{
    fold_table *table = demo_table_new(HEADER_HEIGHT, ROW_HEIGHT, FOLD_ACCORDION_MULTIPLE);
    if (table && fold_table_set_selection_mode(table, FOLD_SELECTION_SINGLE) != FOLD_OK)
        return demo_table_failed(table);
    return table ? demo_groups_insert(table, groups, NULL) : NULL;
}

/* ---- self-test ----------------------------------------------------------- */

/* The selected setting is row `row` of section `key`. */
static gboolean
setting_is(App *app, const char *key, int64_t row)
{
    fold_section_id section = 0;
    int64_t r = -1;
    return selected_setting(app, &section, &r) && section == demo_section(app->demo.table, key) &&
           r == row;
}

static const char *
chevron_icon(App *app, const char *key)
{
    DemoRow *r = demo_row_find(app->demo.list, (guint)demo_header_pos(app->demo.table, key));
    return r ? gtk_image_get_icon_name(GTK_IMAGE(demo_row_get_chevron(r))) : NULL;
}

/* The status bar shows all of its text: a wrapping label whose layout is not
 * ellipsized and fits in the label's allocated content height. */
static void
check_status(App *app)
{
    PangoLayout *layout = gtk_label_get_layout(GTK_LABEL(app->status));
    int lw = 0, lh = 0;
    pango_layout_get_pixel_size(layout, &lw, &lh);
    EXPECT(gtk_label_get_ellipsize(GTK_LABEL(app->status)) == PANGO_ELLIPSIZE_NONE);
    EXPECT(!pango_layout_is_ellipsized(layout));
    EXPECT(lh <= gtk_widget_get_height(app->status));
    EXPECT(lw <= gtk_widget_get_width(app->status));
}

static void
step_1(gpointer data)
{
    App *app = data;
    /* Displays, Sound and Privacy start collapsed; About is fixed. */
    fold_table *t = app->demo.table;
    EXPECT(demo_section_collapsed(t, "displays") && demo_section_collapsed(t, "sound") &&
           demo_section_collapsed(t, "privacy"));
    EXPECT(!demo_section_collapsed(t, "network") && !demo_section_collapsed(t, "about"));
    EXPECT(demo_item_count(app->demo.table) == 5 + 4 + 3);
    EXPECT(g_strcmp0(chevron_icon(app, "displays"), "pan-end-symbolic") == 0);
    EXPECT(g_strcmp0(chevron_icon(app, "network"), "pan-down-symbolic") == 0);
    DemoRow *about = demo_row_find(app->demo.list, (guint)demo_header_pos(app->demo.table, "about"));
    EXPECT(about && !gtk_widget_get_visible(demo_row_get_chevron(about)));
    int checked = demo_row_check_layout(&app->demo, 0); /* never scrolled */
    EXPECT(checked == 12);
    printf("step 1: 12 items, 3 sections start collapsed, About fixed; %d rows at the "
           "engine's heights and offsets\n", checked);
    /* Open Displays. */
    app->n_events = 0;
    EXPECT(demo_click(&app->demo, (guint)demo_header_pos(app->demo.table, "displays")) == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(app->n_events == 2 && app->last_events[0] == FOLD_SECTION_WILL_EXPAND &&
           app->last_events[1] == FOLD_SECTION_DID_EXPAND);
    EXPECT(strstr(gtk_label_get_text(GTK_LABEL(app->status)),
                  "Displays: will expand → did expand") != NULL);
    EXPECT(demo_item_count(app->demo.table) == 16);
}

static void
step_2(gpointer data)
{
    App *app = data;
    EXPECT(g_strcmp0(chevron_icon(app, "displays"), "pan-down-symbolic") == 0);
    check_status(app);
    /* Close Network. */
    app->n_events = 0;
    EXPECT(demo_click(&app->demo, (guint)demo_header_pos(app->demo.table, "network")) == FOLD_ACTIVATED_SECTION_COLLAPSED);
    EXPECT(app->n_events == 2 && app->last_events[0] == FOLD_SECTION_WILL_COLLAPSE &&
           app->last_events[1] == FOLD_SECTION_DID_COLLAPSE);
    EXPECT(demo_item_count(app->demo.table) == 12);
    /* About is fixed: a click does nothing, no event. */
    app->n_events = 0;
    EXPECT(demo_click(&app->demo, (guint)demo_header_pos(app->demo.table, "about")) == FOLD_ACTIVATED_NOTHING);
    EXPECT(app->n_events == 0 && !demo_section_collapsed(app->demo.table, "about"));
    /* Select "Refresh rate" (Displays row 2). */
    int64_t p = -1;
    fold_table_row_position(app->demo.table, demo_section(app->demo.table, "displays"), 2, &p);
    EXPECT(demo_click(&app->demo, (guint)p) == FOLD_ACTIVATED_NOTHING);
    EXPECT(setting_is(app, "displays", 2));
    printf("step 2: opened Displays, closed Network (will/did events in order), About "
           "ignores clicks, selected Displays › Refresh rate\n");
}

static void
step_3(gpointer data)
{
    App *app = data;
    EXPECT(g_strcmp0(chevron_icon(app, "network"), "pan-end-symbolic") == 0);
    int64_t p = -1;
    fold_table_row_position(app->demo.table, demo_section(app->demo.table, "displays"), 2, &p);
    DemoRow *r = demo_row_find(app->demo.list, (guint)p);
    EXPECT(r && gtk_widget_has_css_class(GTK_WIDGET(r), "selected"));
    int checked = demo_row_check_layout(&app->demo, 0); /* never scrolled */
    EXPECT(checked == 12);
    check_status(app);
    printf("step 3: status \"%s\" (%d px tall, not cut); %d rows at the engine's heights\n",
           gtk_label_get_text(GTK_LABEL(app->status)), gtk_widget_get_height(app->status),
           checked);
    demo_expect_screenshot(&app->demo, NULL, NULL);
}

/* The expander the window's focus is on: the row's, at `position`. */
static gboolean
expander_focused(App *app, int64_t position)
{
    DemoRow *r = demo_row_find(app->demo.list, (guint)position);
    return r && demo_focus(&app->demo) == demo_row_get_expander(r);
}

static void
step_4(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* The keyboard on Sound's header: the list focuses its row, the row
     * hands the focus to its expander, and the expander's keys act. */
    /* The window takes the X server's keyboard: an active window, where
     * GTK's focus follows the engine's. */
    demo_keys_real(&app->demo);
    DemoRow *sound = demo_row_focus_position(app->demo.list, (guint)demo_header_pos(t, "sound"));
    GtkWidget *expander = sound ? demo_row_get_expander(sound) : NULL;
    EXPECT(expander && demo_focus(&app->demo) == expander);
    int64_t n = demo_item_count(t);
    EXPECT(demo_press_key(&app->demo, GDK_KEY_plus) == expander);
    EXPECT(!demo_section_collapsed(t, "sound") && demo_item_count(t) == n + 4);
    EXPECT(demo_press_key(&app->demo, GDK_KEY_minus) == expander);
    EXPECT(demo_section_collapsed(t, "sound") && demo_item_count(t) == n);
    EXPECT(demo_press_key(&app->demo, GDK_KEY_Right) == expander);
    EXPECT(!demo_section_collapsed(t, "sound"));
    EXPECT(demo_press_key(&app->demo, GDK_KEY_Left) == expander);
    EXPECT(demo_section_collapsed(t, "sound"));
    EXPECT(strstr(gtk_label_get_text(GTK_LABEL(app->status)), "Sound: will collapse") != NULL);
    /* Down: the engine's focus moves to Privacy's header at once, GTK's
     * with the next frames. */
    EXPECT(demo_press_key(&app->demo, GDK_KEY_Down) == expander);
    int64_t focus = -1;
    EXPECT(fold_table_focus(t, &focus) == FOLD_OK && focus == demo_header_pos(t, "privacy"));
    printf("step 4: keys on Sound's expander (+ - Right Left), Down to Privacy\n");
}

static void
step_4b(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    EXPECT(expander_focused(app, demo_header_pos(t, "privacy")));
    /* Enter opens it, as a click does (the row turns it into the list's
     * "activate"). */
    app->n_events = 0;
    GtkWidget *privacy = demo_focus(&app->demo);
    EXPECT(privacy && demo_press_key(&app->demo, GDK_KEY_Return) == gtk_widget_get_parent(privacy));
    EXPECT(!demo_section_collapsed(t, "privacy") && app->n_events == 2);
    EXPECT(app->demo.last_action == FOLD_ACTIVATED_SECTION_EXPANDED);
    /* Down to Privacy's first setting, which it selects (selection follows
     * the keyboard). */
    EXPECT(demo_press_key(&app->demo, GDK_KEY_Down) == privacy);
    EXPECT(setting_is(app, "privacy", 0));
    EXPECT(strstr(gtk_label_get_text(GTK_LABEL(app->status)), "Privacy › Location services") !=
           NULL);
    printf("step 4b: Enter opened Privacy, Down selected Privacy › Location services\n");
}

static void
step_5(gpointer data)
{
    App *app = data;
    EXPECT(expander_focused(app, demo_row_pos(app->demo.table, "privacy", 0)));
    app->focused = demo_focus(&app->demo);
    EXPECT(app->focused && (gtk_widget_get_state_flags(app->focused) & GTK_STATE_FLAG_FOCUS_VISIBLE));
    /* The focus ring: the expander drawn with it, then without. */
    EXPECT(demo_focus(&app->demo) == app->focused);
    app->ring = demo_render_widget(app->focused);
    demo_expect_screenshot(&app->demo, "-keyboard.png", " (keyboard focus on Privacy › Location services)");
    gtk_window_set_focus_visible(GTK_WINDOW(app->demo.window), FALSE);
}

static void
step_6(gpointer data)
{
    App *app = data;
    GdkTexture *plain = demo_render_widget(app->focused);
    EXPECT(demo_textures_differ(app->ring, plain));
    printf("step 6: the focused expander is drawn %s its focus ring\n",
           demo_textures_differ(app->ring, plain) ? "differently with" : "THE SAME without");
    g_clear_object(&plain);
    g_clear_object(&app->ring);
}

/* Alt+Down on Sound's header: Sound moves below Privacy, and its row keeps
 * its widget and the keyboard focus; Alt+Up moves it back. */
static void
step_7(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    DemoRow *sound = demo_row_focus_position(app->demo.list, (guint)demo_header_pos(t, "sound"));
    GtkWidget *expander = sound ? demo_row_get_expander(sound) : NULL;
    EXPECT(expander && demo_focus(&app->demo) == expander);
    int64_t before = demo_header_pos(t, "sound");
    EXPECT(demo_press_key_with(&app->demo, GDK_KEY_Down, GDK_ALT_MASK) == app->demo.list);
    int64_t after = demo_header_pos(t, "sound");
    EXPECT(after > before && demo_header_pos(t, "privacy") < after && app->moves == 1);
    /* The same row widget, now at Sound's new position, still focused. */
    EXPECT(demo_row_find(app->demo.list, (guint)after) == sound);
    EXPECT(demo_focus(&app->demo) == expander);
    app->moved_row = sound;
    app->moved_from = before;
    printf("step 7: Alt+Down moved Sound from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT
           ": the same row widget, the focus on its expander\n", before, after);
}

static void
step_8(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    demo_expect_screenshot(&app->demo, "-moved.png", " (Sound moved below Privacy, focus kept)");
    GtkWidget *expander = demo_row_get_expander(app->moved_row);
    EXPECT(demo_press_key_with(&app->demo, GDK_KEY_Up, GDK_ALT_MASK) == app->demo.list);
    EXPECT(demo_header_pos(t, "sound") == app->moved_from && demo_focus(&app->demo) == expander);
    EXPECT(demo_row_find(app->demo.list, (guint)app->moved_from) == app->moved_row);
    EXPECT(app->moves == 2);
    printf("step 8: Alt+Up moved it back: the same row widget, still focused\n");
}

/* The self-test (--self-test): its steps, in order. */
static const DemoStep self_test[] = {step_1, step_2,  step_3, step_4, step_4b,
                                     step_5, step_6,  step_7, step_8};

int
main(int argc, char **argv)
{
    App app = {0};
    int status = demo_main(&app.demo, argc, argv, build_table, demo_group_title, (gpointer)groups,
                           "org.foldtable.DemoSettings", build_window, self_test,
                           G_N_ELEMENTS(self_test), 400, &app);
    if (app.events)
        g_string_free(app.events, TRUE);
    return status;
}
