/* The files demo's self-test steps 13 to 27: the keyboard alone, then a
 * drag with the pointer through the X server (see demo-files.h). */
#include "demo-files.h"
#include "demo-keys.h"
#include "fold-expander.h"

#include <stdio.h>

/* ---- the keyboard alone ------------------------------------------------------ */

/* The engine's focus on `position`, GTK's on its expander. */
static gboolean
focused_on(App *app, guint position)
{
    FoldExpander *e = find_expander(app->demo.list, position);
    gboolean ok = demo_focus_position(app->demo.table) == position && e &&
                  demo_focus(&app->demo) == GTK_WIDGET(e);
    if (!ok)
        fprintf(stderr, "focus: engine %" G_GINT64_FORMAT ", expected %u; GTK's %s\n",
                demo_focus_position(app->demo.table), position,
                e && demo_focus(&app->demo) == GTK_WIDGET(e) ? "there" : "elsewhere");
    return ok;
}

static GtkWidget *
expander_at(App *app, guint position)
{
    FoldExpander *e = find_expander(app->demo.list, position);
    return e ? GTK_WIDGET(e) : NULL;
}

void
step_13(gpointer data)
{
    App *app = data;
    /* The keyboard alone from Home's header (GTK's focus there sets the
     * engine's): real key presses through the X server. */
    printf("step 13: keys through %s\n", demo_keys_real(&app->demo)
                                             ? "the X server (XTest)"
                                             : "the focus widget's controllers (no XTest)");
    GtkWidget *home = expander_at(app, 0);
    EXPECT(home != NULL);
    if (home)
        gtk_widget_grab_focus(gtk_widget_get_parent(home));
    EXPECT(demo_focus_position(app->demo.table) == 0);
    demo_send_key(&app->demo, GDK_KEY_Down, 0);
}

void
step_14(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Down: Documents focused and selected. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 1));
    int selected = 0;
    EXPECT(fold_table_is_section_selected(t, demo_section(t, "Home/Documents"), &selected) ==
               FOLD_OK && selected);
    demo_send_key(&app->demo, GDK_KEY_Down, GDK_SHIFT_MASK);
    printf("step 14: Down from Home: Documents focused and selected\n");
}

void
step_15(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Shift+Down: Letters too, both drawn selected. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 2));
    int64_t rows = -1, sections = -1;
    fold_table_selection_count(t, FOLD_ROOT, &rows, &sections);
    EXPECT(rows == 0 && sections == 2);
    for (guint p = 1; p <= 2; p++) {
        GtkWidget *e = expander_at(app, p);
        EXPECT(e && gtk_widget_has_css_class(gtk_widget_get_parent(e), "fold-selected"));
    }
    /* Right opens Letters, a folder not read yet: it loads. */
    demo_send_key(&app->demo, GDK_KEY_Right, 0);
    printf("step 15: Shift+Down: Documents and Letters selected\n");
}

void
step_16(gpointer data)
{
    App *app = data;
    /* Read (the step waited for the worker): bank.odt, landlord.odt. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(app->started == 7);
    EXPECT(load_state(app, "Home/Documents/Letters", NULL) == FOLD_LOAD_STATE_LOADED);
    expect_item(app, 3, FOLD_ITEM_KIND_ROW, 2, "bank.odt");
    expect_item(app, 4, FOLD_ITEM_KIND_ROW, 2, "landlord.odt");
    EXPECT(focused_on(app, 2));
    /* Right again: its first file. */
    demo_send_key(&app->demo, GDK_KEY_Right, 0);
    printf("step 16: Right opened Letters (read by a worker)\n");
}

void
step_17(gpointer data)
{
    App *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 3));
    demo_send_key(&app->demo, GDK_KEY_Left, 0);
    printf("step 17: Right: bank.odt\n");
}

void
step_18(gpointer data)
{
    App *app = data;
    /* Left: back to Letters; Left again folds it. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 2));
    demo_send_key(&app->demo, GDK_KEY_Left, 0);
    printf("step 18: Left: Letters\n");
}

void
step_19(gpointer data)
{
    App *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(demo_section_collapsed(app->demo.table, "Home/Documents/Letters"));
    EXPECT(demo_item_count(app->demo.table) == 18);
    EXPECT(focused_on(app, 2));
    /* Type-ahead: "t" finds todo.txt, the first name after Letters with it. */
    demo_send_key(&app->demo, GDK_KEY_t, 0);
    printf("step 19: Left folded Letters\n");
}

void
step_20(gpointer data)
{
    App *app = data;
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 16));
    demo_expect_screenshot(&app->demo, "-keyboard.png",
                           " (keyboard alone: todo.txt found by typing \"t\")");
    demo_send_key(&app->demo, GDK_KEY_Up, 0);
    printf("step 20: \"t\": todo.txt\n");
}

void
step_21(gpointer data)
{
    App *app = data;
    /* Up: .profile, selected alone; Shift+Down: todo.txt too. */
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 15));
    demo_send_key(&app->demo, GDK_KEY_Down, GDK_SHIFT_MASK);
}

/* The two files' items, held across the drop. */
static FoldListItem *profile_item, *todo_item;

void
step_22(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    fold_section_id home = demo_section(t, "Home");
    EXPECT(demo_key_arrived(&app->demo));
    EXPECT(focused_on(app, 16));
    int64_t rows = -1, sections = -1;
    fold_table_selection_count(t, FOLD_ROOT, &rows, &sections);
    EXPECT(rows == 2 && sections == 0);
    /* A drag from todo.txt, selected: it carries the selection, in list
     * order (.profile first). */
    EXPECT(demo_drop_test_take(app->drop, 150, point_in(app, 16, 0.5)));
    int64_t n = 0;
    const fold_item_ref *items = demo_drop_get_items(app->drop, &n);
    EXPECT(n == 2 && items[0].section == home && items[0].row == 0 && items[1].section == home &&
           items[1].row == 1);
    /* Over Documents' middle: into Documents, after its last child. */
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 1, 0.5)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_INTO && a->parent == demo_section(t, "Home/Documents") &&
           a->index == 3);
    profile_item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 15);
    todo_item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 16);
    EXPECT(demo_drop_test_drop(app->drop, 150, point_in(app, 1, 0.5)));
    /* Both files are Documents' last two, the same items, still selected;
     * Home has no files left, on the disk too. */
    expect_item(app, 3, FOLD_ITEM_KIND_ROW, 1, "budget.ods");
    expect_item(app, 4, FOLD_ITEM_KIND_ROW, 1, "cv.pdf");
    expect_item(app, 5, FOLD_ITEM_KIND_ROW, 1, ".profile");
    expect_item(app, 6, FOLD_ITEM_KIND_ROW, 1, "todo.txt");
    expect_item(app, 7, FOLD_ITEM_KIND_HEADER, 1, "website");
    expect_item(app, 16, FOLD_ITEM_KIND_HEADER, 1, "Private");
    expect_item(app, 17, FOLD_ITEM_KIND_HEADER, 0, "System");
    FoldListItem *now5 = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 5);
    FoldListItem *now6 = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 6);
    EXPECT(now5 == profile_item && now6 == todo_item);
    EXPECT(fold_list_item_get_selected(now5) && fold_list_item_get_selected(now6));
    g_clear_object(&now5);
    g_clear_object(&now6);
    g_clear_object(&profile_item);
    g_clear_object(&todo_item);
    EXPECT(on_disk("Home/Documents", (const char *const[]){"Home/Documents/Letters", NULL},
                   (const char *const[]){"budget.ods", "cv.pdf", ".profile", "todo.txt", NULL}));
    const char *const none[] = {NULL};
    const Listing *home_disk = g_hash_table_lookup(disk, "Home");
    EXPECT(home_disk && g_strv_equal((const char *const *)home_disk->files, none));
    printf("step 22: Shift+Down selected .profile and todo.txt; dragged from todo.txt, both "
           "went into Documents in list order, the same items, still selected\n");
}

/* ---- a drag with the pointer ------------------------------------------------ */

/* A real drag, through the X server: the button pressed on ideas.txt's
 * middle, the pointer 20 points up (past GTK's drag threshold: the drag
 * source's "prepare" takes the row), then over budget.ods's top quarter
 * twice (the drag's grab takes the first motion), where the drop target's
 * "motion" asks the engine; then released: the drop. */
static gboolean pointer_real;

void
step_23(gpointer data)
{
    App *app = data;
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 1, "ideas.txt");
    expect_item(app, 3, FOLD_ITEM_KIND_ROW, 1, "budget.ods");
    pointer_real = demo_send_pointer(&app->demo, app->demo.list, 150, point_in(app, 13, 0.5), 1);
    printf("step 23: a drag with the pointer %s\n",
           pointer_real ? "through the X server (XTest)" : "skipped (no XTest)");
}

void
step_24(gpointer data)
{
    App *app = data;
    if (pointer_real)
        demo_send_pointer(&app->demo, app->demo.list, 160, point_in(app, 13, 0.5) - 20, 0);
}

void
step_25(gpointer data)
{
    App *app = data;
    if (!pointer_real)
        return;
    int64_t n = 0;
    const fold_item_ref *items = demo_drop_get_items(app->drop, &n);
    EXPECT(n == 1 && items[0].section == demo_section(app->demo.table, "Home/Projects") &&
           items[0].row == 0);
    demo_send_pointer(&app->demo, app->demo.list, 150, point_in(app, 3, 0.15), 0);
}

void
step_25b(gpointer data)
{
    App *app = data;
    if (pointer_real)
        demo_send_pointer(&app->demo, app->demo.list, 152, point_in(app, 3, 0.2), 0);
}

void
step_26(gpointer data)
{
    App *app = data;
    if (!pointer_real)
        return;
    /* The drop target's motion: before budget.ods, Documents' child 1. */
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_BEFORE && a->parent == demo_section(app->demo.table, "Home/Documents") &&
           a->index == 1 && a->line_y == 3 * ROW_HEIGHT);
    demo_expect_screenshot(&app->demo, "-drag.png", " (ideas.txt dragged with the pointer before budget.ods)");
    demo_send_pointer(&app->demo, app->demo.list, 150, point_in(app, 3, 0.2), -1);
}

void
step_27(gpointer data)
{
    App *app = data;
    if (!pointer_real)
        return;
    expect_item(app, 3, FOLD_ITEM_KIND_ROW, 1, "ideas.txt");
    expect_item(app, 4, FOLD_ITEM_KIND_ROW, 1, "budget.ods");
    expect_item(app, 14, FOLD_ITEM_KIND_ROW, 1, "roadmap.md");
    printf("step 27: released: ideas.txt dropped before budget.ods\n");
}
