#include "demo-app.h"
#include "demo-screenshot.h"

#include <stdarg.h>
#include <string.h>

int
demo_parse_args(int argc, char **argv, const char **out_png)
{
    *out_png = NULL;
    if (argc == 3 && strcmp(argv[1], "--self-test") == 0) {
        *out_png = argv[2];
    } else if (argc != 1) {
        fprintf(stderr, "usage: %s [--self-test OUT.png]\n", argv[0]);
        return 2;
    }
    return 0;
}

static int
demo_start(DemoApp *demo, int argc, char **argv, fold_table *(*build_table)(void),
           FoldTextFunc text, gpointer text_data)
{
    int bad = demo_parse_args(argc, argv, &demo->out_png);
    if (bad)
        return bad;
    demo->table = build_table();
    if (!demo->table)
        return 1;
    demo->model = fold_list_model_new(demo->table, (GDestroyNotify)fold_table_free);
    fold_list_model_set_text_func(demo->model, text, text_data, NULL);
    return 0;
}

/* Under --self-test a step runs once the last one's changes are on screen,
 * not after a fixed time (a loaded machine may take longer than any fixed
 * interval): at least step_ms after the last step, a frame painted since
 * it (each step queues one), no frame for DEMO_QUIET_MS with the X server
 * caught up (gdk_display_sync: a resize's configure event is in), and
 * DemoApp.ready, if set, says yes. Polled at G_PRIORITY_LOW, below the frame
 * clock and the events, so a due frame or event always runs first. After
 * DEMO_WAIT_LIMIT_S the step runs anyway and the wait counts as a failure. */
#define DEMO_POLL_MS 20
#define DEMO_QUIET_MS 50
#define DEMO_WAIT_LIMIT_S 10

typedef struct {
    DemoApp *demo;
    DemoBuildWindow build;
    const DemoStep *steps;
    guint n_steps, step_ms;
    gpointer data;
    GdkFrameClock *clock;
    gulong paint_handler;
    guint paints, paints_at_step, paints_synced; /* after-paint count; at the last step; at the last sync */
    gint64 last_paint, step_end;                 /* g_get_monotonic_time() */
} DemoRun;

static void
on_after_paint(GdkFrameClock *clock, gpointer user_data)
{
    (void)clock;
    DemoRun *run = user_data;
    run->paints++;
    run->last_paint = g_get_monotonic_time();
}

/* Whether the window shows the last step's changes, laid out and drawn. */
static gboolean
drawn_and_settled(DemoRun *run)
{
    if (run->paints == run->paints_at_step ||
        g_get_monotonic_time() - run->last_paint < DEMO_QUIET_MS * 1000)
        return FALSE;
    if (run->paints_synced != run->paints) {
        /* Quiet here; the X server may still have events for us. */
        gdk_display_sync(gtk_widget_get_display(run->demo->window));
        run->paints_synced = run->paints;
        return FALSE;
    }
    return !run->demo->ready || run->demo->ready(run->data);
}

static gboolean run_step(gpointer user_data);

static void
schedule_step(DemoRun *run, guint ms)
{
    g_timeout_add_full(G_PRIORITY_LOW, ms, run_step, run, NULL);
}

static gboolean
run_step(gpointer user_data)
{
    DemoRun *run = user_data;
    DemoApp *demo = run->demo;
    if (!drawn_and_settled(run)) {
        gint64 waited = g_get_monotonic_time() - run->step_end;
        if (waited < DEMO_WAIT_LIMIT_S * G_USEC_PER_SEC) {
            schedule_step(run, DEMO_POLL_MS);
            return G_SOURCE_REMOVE;
        }
        fprintf(stderr,
                "self-test step %d: WAIT failed: the window did not show step %d's changes "
                "(painted %u times since, %s) within %d s\n",
                demo->step + 1, demo->step, run->paints - run->paints_at_step,
                demo->ready ? "the demo's ready hook" : "no ready hook", DEMO_WAIT_LIMIT_S);
        demo->failures++;
    }
    demo->step++;
    run->steps[demo->step - 1](run->data);
    if ((guint)demo->step < run->n_steps) {
        /* A frame after this step's changes, even if they queued none. */
        run->paints_at_step = run->paints;
        run->step_end = g_get_monotonic_time();
        gtk_widget_queue_draw(demo->window);
        schedule_step(run, run->step_ms);
        return G_SOURCE_REMOVE;
    }
    printf("%s\n", demo->failures ? "SELF-TEST FAILED" : "self-test passed");
    g_signal_handler_disconnect(run->clock, run->paint_handler);
    gtk_window_destroy(GTK_WINDOW(demo->window));
    return G_SOURCE_REMOVE;
}

static void
on_activate(GtkApplication *gapp, gpointer user_data)
{
    DemoRun *run = user_data;
    run->demo->window = run->build(gapp, run->data);
    gtk_window_present(GTK_WINDOW(run->demo->window));
    if (run->demo->out_png && run->n_steps > 0) {
        run->clock = gtk_widget_get_frame_clock(run->demo->window); /* realized by present */
        run->paint_handler = g_signal_connect(run->clock, "after-paint",
                                              G_CALLBACK(on_after_paint), run);
        run->step_end = g_get_monotonic_time();
        schedule_step(run, run->step_ms);
    }
}

int
demo_run(DemoApp *demo, const char *app_id, char **argv, DemoBuildWindow build,
         const DemoStep *steps, guint n_steps, guint step_ms, gpointer data)
{
    DemoRun run = {demo, build, steps, n_steps, step_ms, data, NULL, 0, 0, 0, 0, 0, 0};
    GtkApplication *gapp = gtk_application_new(app_id, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(gapp, "activate", G_CALLBACK(on_activate), &run);
    int status = g_application_run(G_APPLICATION(gapp), 1, argv);
    g_object_unref(gapp);
    if (demo->out_png)
        return demo->failures || status ? 1 : 0;
    return status;
}

int
demo_main(DemoApp *demo, int argc, char **argv, fold_table *(*build_table)(void), FoldTextFunc text,
          gpointer text_data, const char *app_id, DemoBuildWindow build, const DemoStep *steps,
          guint n_steps, guint step_ms, gpointer data)
{
    int status = demo_start(demo, argc, argv, build_table, text, text_data);
    if (status == 0)
        status = demo_run(demo, app_id, argv, build, steps, n_steps, step_ms, data);
    g_clear_object(&demo->model);
    return status;
}

int
demo_main_with(DemoApp *demo, int argc, char **argv, int (*start)(gpointer data),
               void (*finish)(gpointer data), const char *app_id, DemoBuildWindow build,
               const DemoStep *steps, guint n_steps, guint step_ms, gpointer data)
{
    int status = demo_parse_args(argc, argv, &demo->out_png);
    if (status == 0)
        status = start(data);
    if (status != 0)
        return status;
    status = demo_run(demo, app_id, argv, build, steps, n_steps, step_ms, data);
    finish(data);
    return status;
}

fold_table *
demo_table_new(double header_height, double row_height, int32_t accordion)
{
    fold_table_options options;
    fold_table_options_init(&options);
    options.header_height = header_height;
    options.row_height = row_height;
    options.accordion = accordion;
    fold_table *table = NULL;
    return fold_table_new(&options, &table) == FOLD_OK ? table : NULL;
}

fold_table *
demo_table_failed(fold_table *table)
{
    fprintf(stderr, "building the table: %s\n", fold_last_error_message());
    fold_table_free(table);
    return NULL;
}

GtkWidget *
demo_window_new(GtkApplication *gapp, const char *css, const char *css_class, const char *title,
                int width, int height)
{
    if (css)
        demo_add_css(css);
    GtkWidget *window = gtk_application_window_new(gapp);
    if (css_class)
        gtk_widget_add_css_class(window, css_class);
    gtk_window_set_title(GTK_WINDOW(window), title);
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    gtk_window_set_default_size(GTK_WINDOW(window), width, height);
    return window;
}

GtkHeaderBar *
demo_window_get_header_bar(GtkWidget *window)
{
    return GTK_HEADER_BAR(gtk_window_get_titlebar(GTK_WINDOW(window)));
}

void
demo_add_css(const char *css)
{
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(),
                                               GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    g_object_unref(provider);
}

GtkWidget *
demo_list_view_new(FoldListModel *model, const char *css_class, GCallback setup, GCallback bind,
                   GCallback unbind, GCallback on_activate, gpointer data)
{
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", setup, data);
    g_signal_connect(factory, "bind", bind, data);
    g_signal_connect(factory, "unbind", unbind, data);
    GtkNoSelection *selection = gtk_no_selection_new(G_LIST_MODEL(g_object_ref(model)));
    GtkWidget *list = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
    gtk_widget_add_css_class(list, css_class);
    gtk_list_view_set_single_click_activate(GTK_LIST_VIEW(list), TRUE);
    g_signal_connect(list, "activate", on_activate, data);
    return list;
}

GtkWidget *
demo_scroller_new(GtkWidget *child)
{
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scroller), GTK_POLICY_NEVER,
                                   GTK_POLICY_AUTOMATIC);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), child);
    gtk_widget_set_vexpand(scroller, TRUE);
    return scroller;
}

GtkWidget *
demo_status_bar_new(void)
{
    GtkWidget *status = gtk_label_new("");
    gtk_widget_add_css_class(status, "statusbar");
    gtk_label_set_xalign(GTK_LABEL(status), 0);
    gtk_label_set_wrap(GTK_LABEL(status), TRUE); /* never cut */
    return status;
}

void
demo_set_margins(GtkWidget *widget, int horizontal, int vertical)
{
    gtk_widget_set_margin_start(widget, horizontal);
    gtk_widget_set_margin_end(widget, horizontal);
    gtk_widget_set_margin_top(widget, vertical);
    gtk_widget_set_margin_bottom(widget, vertical);
}

GtkWidget *
demo_window_set_column(GtkWidget *window, GtkWidget *first, ...)
{
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    va_list args;
    va_start(args, first);
    for (GtkWidget *w = first; w; w = va_arg(args, GtkWidget *))
        gtk_box_append(GTK_BOX(box), w);
    va_end(args);
    gtk_window_set_child(GTK_WINDOW(window), box);
    return window;
}

int32_t
demo_activate(FoldListModel *model, guint position)
{
    int32_t action = -1;
    GError *error = NULL;
    if (!fold_list_model_activate(model, position, &action, &error)) {
        g_warning("activate %u: %s", position, error->message);
        g_clear_error(&error);
    }
    return action;
}

void
demo_on_activate(GtkListView *list, guint position, gpointer data)
{
    (void)list;
    DemoApp *demo = data;
    demo->last_action = demo_activate(demo->model, position);
    if (demo->activated)
        demo->activated(data);
}

int32_t
demo_click(DemoApp *demo, guint position)
{
    demo->last_action = -1;
    g_signal_emit_by_name(demo->list, "activate", position);
    return demo->last_action;
}

void
demo_snapshot_chevron(GtkWidget *widget, GtkSnapshot *snapshot, gboolean expanded, double x,
                      double y, int size, const GdkRGBA *color)
{
    GtkIconTheme *theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(widget));
    GtkIconPaintable *icon = gtk_icon_theme_lookup_icon(
        theme, expanded ? "pan-down-symbolic" : "pan-end-symbolic", NULL, size,
        gtk_widget_get_scale_factor(widget), gtk_widget_get_direction(widget), 0);
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)x, (float)y));
    gtk_symbolic_paintable_snapshot_symbolic(GTK_SYMBOLIC_PAINTABLE(icon), GDK_SNAPSHOT(snapshot),
                                             size, size, color, 1);
    gtk_snapshot_restore(snapshot);
    g_object_unref(icon);
}

void
demo_cairo_chevron(GtkWidget *widget, cairo_t *cr, gboolean expanded, double x, double y,
                   int size, const GdkRGBA *color)
{
    GtkSnapshot *snapshot = gtk_snapshot_new();
    demo_snapshot_chevron(widget, snapshot, expanded, x, y, size, color);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    if (node) {
        gsk_render_node_draw(node, cr);
        gsk_render_node_unref(node);
    }
}

/* Whether the trigger is `keyval` without modifiers (or an alternative
 * of it is). */
static gboolean
trigger_is_key(GtkShortcutTrigger *trigger, guint keyval, GdkModifierType mods)
{
    if (GTK_IS_ALTERNATIVE_TRIGGER(trigger)) {
        GtkAlternativeTrigger *alt = GTK_ALTERNATIVE_TRIGGER(trigger);
        return trigger_is_key(gtk_alternative_trigger_get_first(alt), keyval, mods) ||
               trigger_is_key(gtk_alternative_trigger_get_second(alt), keyval, mods);
    }
    return GTK_IS_KEYVAL_TRIGGER(trigger) &&
           gtk_keyval_trigger_get_keyval(GTK_KEYVAL_TRIGGER(trigger)) == keyval &&
           gtk_keyval_trigger_get_modifiers(GTK_KEYVAL_TRIGGER(trigger)) == mods;
}

/* What `controller` (of `widget`) does with the key: TRUE if it handled it. */
static gboolean
controller_takes_key(GtkEventController *controller, GtkWidget *widget, guint keyval,
                     GdkModifierType mods)
{
    if (GTK_IS_EVENT_CONTROLLER_KEY(controller)) {
        gboolean handled = FALSE;
        g_signal_emit_by_name(controller, "key-pressed", keyval, 0u, mods, &handled);
        return handled;
    }
    if (!GTK_IS_SHORTCUT_CONTROLLER(controller) ||
        gtk_shortcut_controller_get_scope(GTK_SHORTCUT_CONTROLLER(controller)) !=
            GTK_SHORTCUT_SCOPE_LOCAL)
        return FALSE;
    GListModel *shortcuts = G_LIST_MODEL(controller);
    gboolean done = FALSE;
    for (guint i = 0; !done && i < g_list_model_get_n_items(shortcuts); i++) {
        GtkShortcut *s = g_list_model_get_item(shortcuts, i);
        if (trigger_is_key(gtk_shortcut_get_trigger(s), keyval, mods))
            done = gtk_shortcut_action_activate(gtk_shortcut_get_action(s),
                                                GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                                gtk_shortcut_get_arguments(s));
        g_object_unref(s);
    }
    return done;
}

/* The controllers of `widget` that run in `phase` (the focus widget's
 * target-phase ones run with its bubble-phase ones): TRUE if one handled
 * the key. */
static gboolean
widget_takes_key(GtkWidget *widget, GtkPropagationPhase phase, gboolean target, guint keyval,
                 GdkModifierType mods)
{
    GListModel *controllers = gtk_widget_observe_controllers(widget);
    GPtrArray *run = g_ptr_array_new_with_free_func(g_object_unref);
    for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
        GtkEventController *c = g_list_model_get_item(controllers, i);
        GtkPropagationPhase p = gtk_event_controller_get_propagation_phase(c);
        if (p == phase || (target && phase == GTK_PHASE_BUBBLE && p == GTK_PHASE_TARGET))
            g_ptr_array_add(run, c);
        else
            g_object_unref(c);
    }
    g_object_unref(controllers);
    gboolean handled = FALSE;
    for (guint i = 0; !handled && i < run->len; i++)
        handled = controller_takes_key(run->pdata[i], widget, keyval, mods);
    g_ptr_array_unref(run);
    return handled;
}

GtkWidget *
demo_press_key(DemoApp *demo, guint keyval)
{
    return demo_press_key_with(demo, keyval, 0);
}

GtkWidget *
demo_press_key_with(DemoApp *demo, guint keyval, GdkModifierType mods)
{
    gtk_window_set_focus_visible(GTK_WINDOW(demo->window), TRUE);
    /* The chain from the focus widget up to the window, each held while the
     * key runs (an action may re-bind or drop a row). */
    GPtrArray *chain = g_ptr_array_new_with_free_func(g_object_unref);
    for (GtkWidget *w = demo_focus(demo); w; w = gtk_widget_get_parent(w))
        g_ptr_array_add(chain, g_object_ref(w));
    GtkWidget *handler = NULL;
    for (guint i = chain->len; !handler && i > 0; i--)
        if (widget_takes_key(chain->pdata[i - 1], GTK_PHASE_CAPTURE, FALSE, keyval, mods))
            handler = chain->pdata[i - 1];
    for (guint i = 0; !handler && i < chain->len; i++)
        if (widget_takes_key(chain->pdata[i], GTK_PHASE_BUBBLE, i == 0, keyval, mods))
            handler = chain->pdata[i];
    g_ptr_array_unref(chain);
    return handler;
}

GtkWidget *
demo_focus(DemoApp *demo)
{
    return demo->window ? gtk_root_get_focus(GTK_ROOT(demo->window)) : NULL;
}

void
demo_expect_screenshot(DemoApp *demo, const char *suffix, const char *note)
{
    guint colours = demo_screenshot_report(demo->window, demo->out_png, suffix, note);
    DEMO_EXPECT(demo, colours > 1);
}

int64_t
demo_item_count(fold_table *table)
{
    int64_t n = -1;
    fold_table_item_count(table, &n);
    return n;
}

double
demo_content_height(fold_table *table)
{
    double h = -1;
    fold_table_content_height(table, &h);
    return h;
}

gboolean
demo_section_collapsed(fold_table *table, const char *key)
{
    fold_section_info info;
    return fold_table_section_info(table, demo_section(table, key), &info) == FOLD_OK &&
           (info.flags & FOLD_SECTION_COLLAPSED);
}

gboolean
demo_row_expanded(fold_table *table, const char *key, int64_t row)
{
    fold_row_info info;
    return fold_table_row_info(table, demo_section(table, key), row, &info) == FOLD_OK &&
           (info.flags & FOLD_ITEM_FLAG_EXPANDED);
}

fold_section_id
demo_section(fold_table *table, const char *key)
{
    fold_section_id id = 0;
    fold_table_find_section(table, key, &id);
    return id;
}

int64_t
demo_header_pos(fold_table *table, const char *key)
{
    int64_t p = -1;
    fold_table_header_position(table, demo_section(table, key), &p);
    return p;
}

int64_t
demo_row_pos(fold_table *table, const char *key, int64_t row)
{
    int64_t p = -1;
    fold_table_row_position(table, demo_section(table, key), row, &p);
    return p;
}

double
demo_item_top(fold_table *table, int64_t position)
{
    double top = -1;
    fold_table_item_top(table, position, &top);
    return top;
}

double
demo_item_height_at(fold_table *table, int64_t position)
{
    double h = -1;
    fold_table_item_height(table, position, &h);
    return h;
}

double
demo_viewport_offset(fold_table *table)
{
    int set = 0;
    double offset = -1;
    fold_table_viewport(table, &set, &offset, NULL);
    return set ? offset : -1;
}

int64_t
demo_focus_position(fold_table *table)
{
    int64_t p = -1;
    fold_table_focus(table, &p);
    return p;
}
