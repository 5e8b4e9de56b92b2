#include "demo-app.h"

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

typedef struct {
    DemoBuildWindow build;
    GtkWidget **window;
    GSourceFunc step;
    guint step_ms;
    gpointer data;
} DemoRun;

static void
on_activate(GtkApplication *gapp, gpointer user_data)
{
    DemoRun *run = user_data;
    *run->window = run->build(gapp, run->data);
    gtk_window_present(GTK_WINDOW(*run->window));
    if (run->step)
        g_timeout_add(run->step_ms, run->step, run->data);
}

int
demo_run(const char *app_id, char **argv, DemoBuildWindow build, GtkWidget **window,
         GSourceFunc self_test_step, guint step_ms, gpointer data)
{
    DemoRun run = {build, window, self_test_step, step_ms, data};
    GtkApplication *gapp = gtk_application_new(app_id, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(gapp, "activate", G_CALLBACK(on_activate), &run);
    int status = g_application_run(G_APPLICATION(gapp), 1, argv);
    g_object_unref(gapp);
    return status;
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

int
demo_exit_status(const char *out_png, int failures, int status)
{
    if (out_png)
        return failures || status ? 1 : 0;
    return status;
}

gboolean
demo_self_test_end(GtkWidget *window, int failures)
{
    printf("%s\n", failures ? "SELF-TEST FAILED" : "self-test passed");
    gtk_window_destroy(GTK_WINDOW(window));
    return G_SOURCE_REMOVE;
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
