/* The listview demo's self-test steps 20 to 28: the keyboard alone (see
 * demo-listview.h). */
#include "demo-listview.h"
#include "demo-keys.h"
#include "fold-sticky-headers.h"
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

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

void
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

void
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

void
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

void
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

void
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

void
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

void
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

void
step_27(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, demo_row_pos(t, "fruit", 1)));
    demo_send_key(&app->demo, GDK_KEY_i, 0);
    printf("step 27: \"c\": Cherry\n");
}

void
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

