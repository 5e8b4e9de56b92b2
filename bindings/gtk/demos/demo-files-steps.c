/* The files demo's self-test steps 1 to 12: folders loading, failing,
 * cancelled and reloaded; drops, written back to the disk (see
 * demo-files.h). */
#include "demo-files.h"
#include "demo-keys.h"
#include "fold-expander.h"

#include <stdio.h>

/* The next step waits until every worker has returned. */
gboolean
workers_returned(gpointer data)
{
    return ((App *)data)->in_flight == 0;
}

/* The model's item at `position` is of `kind`, with `title` (NULL: not
 * checked), at the engine's top position * ROW_HEIGHT (every item is 28). */
void
expect_item(App *app, guint position, FoldItemKind kind, int depth, const char *title)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), position);
    EXPECT(item != NULL);
    if (!item)
        return;
    EXPECT(fold_list_item_get_kind(item) == kind);
    EXPECT(fold_list_item_get_depth(item) == depth);
    EXPECT(!title || g_strcmp0(fold_list_item_get_title(item), title) == 0);
    EXPECT(fold_list_item_get_height(item) == ROW_HEIGHT);
    EXPECT(demo_item_top(app->demo.table, position) == position * ROW_HEIGHT);
    if (title && g_strcmp0(fold_list_item_get_title(item), title) != 0)
        fprintf(stderr, "item %u: \"%s\", expected \"%s\"\n", position,
                fold_list_item_get_title(item), title);
    g_object_unref(item);
}

/* Every row the list shows is where the engine says and as tall (nothing
 * is scrolled): the placeholder rows too, whatever they draw. Returns how
 * many rows were checked. */
static int
check_layout(App *app, GtkWidget *widget)
{
    int checked = 0;
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child;
         child = gtk_widget_get_next_sibling(child)) {
        FoldListItem *item = FOLD_IS_EXPANDER(child) ? fold_expander_get_item(FOLD_EXPANDER(child))
                                                     : NULL;
        if (!item || !gtk_widget_get_mapped(child)) {
            checked += check_layout(app, child);
            continue;
        }
        guint p = fold_list_item_get_position(item);
        graphene_point_t at;
        EXPECT(gtk_widget_compute_point(child, app->demo.list, &GRAPHENE_POINT_INIT(0, 0), &at));
        int height = gtk_widget_get_height(child);
        if (at.y != demo_item_top(app->demo.table, p) || height != ROW_HEIGHT)
            fprintf(stderr, "row %u: at %.1f, %d high; the engine: %.1f, %.0f\n", p, at.y, height,
                    demo_item_top(app->demo.table, p), ROW_HEIGHT);
        EXPECT(at.y == demo_item_top(app->demo.table, p));
        EXPECT(height == ROW_HEIGHT);
        checked++;
    }
    return checked;
}

/* The FoldExpander the list shows `position` in, or NULL. */
FoldExpander *
find_expander(GtkWidget *widget, guint position)
{
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child;
         child = gtk_widget_get_next_sibling(child)) {
        FoldListItem *item = FOLD_IS_EXPANDER(child) ? fold_expander_get_item(FOLD_EXPANDER(child))
                                                     : NULL;
        if (item && gtk_widget_get_mapped(child) && fold_list_item_get_position(item) == position)
            return FOLD_EXPANDER(child);
        FoldExpander *found = item ? NULL : find_expander(child, position);
        if (found)
            return found;
    }
    return NULL;
}

/* What the expander at `position` draws for its placeholder item (the
 * expander's own box.placeholder: spinner, label, "Retry" link; the app's
 * child hidden). Returns the Retry link, or NULL. */
static GtkWidget *
expect_placeholder_drawn(App *app, guint position, const char *text, gboolean failed)
{
    FoldExpander *expander = find_expander(app->demo.list, position);
    EXPECT(expander != NULL);
    if (!expander)
        return NULL;
    GtkWidget *box = gtk_widget_get_last_child(GTK_WIDGET(expander));
    EXPECT(gtk_widget_has_css_class(box, "placeholder") && gtk_widget_get_visible(box));
    EXPECT(!gtk_widget_get_visible(fold_expander_get_child(expander)));
    EXPECT(gtk_widget_has_css_class(GTK_WIDGET(expander), failed ? "failed" : "loading"));
    GtkWidget *spinner = gtk_widget_get_first_child(box);
    GtkWidget *label = gtk_widget_get_next_sibling(spinner);
    GtkWidget *retry = gtk_widget_get_last_child(box);
    EXPECT(GTK_IS_SPINNER(spinner) && gtk_widget_get_visible(spinner) == !failed);
    EXPECT(GTK_IS_LABEL(label) && g_strcmp0(gtk_label_get_text(GTK_LABEL(label)), text) == 0);
    EXPECT(gtk_widget_has_css_class(retry, "retry") && gtk_widget_get_visible(retry) == failed);
    return retry;
}

FoldLoadState
load_state(App *app, const char *key, guint64 *out_ticket)
{
    FoldLoadState state = -1;
    fold_store_get_load_state(app->store, demo_section(app->demo.table, key), &state, out_ticket,
                              NULL);
    return state;
}

static void
expect_placeholder(App *app, guint position, gboolean failed, const char *title)
{
    FoldListItem *item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), position);
    EXPECT(item && fold_list_item_get_kind(item) == FOLD_ITEM_KIND_PLACEHOLDER);
    EXPECT(item && fold_list_item_get_loading(item) == !failed &&
           fold_list_item_get_failed(item) == failed);
    EXPECT(item && g_strcmp0(fold_list_item_get_title(item), title) == 0);
    g_clear_object(&item);
}

void
step_1(gpointer data)
{
    App *app = data;
    /* Home and its children: five folders, two files; System, closed. */
    EXPECT(demo_item_count(app->demo.table) == 9);
    const char *names[] = {"Home", "Documents", "Music", "Pictures", "Projects", "Private"};
    for (guint p = 0; p < G_N_ELEMENTS(names); p++)
        expect_item(app, p, FOLD_ITEM_KIND_HEADER, p ? 1 : 0, names[p]);
    expect_item(app, 6, FOLD_ITEM_KIND_ROW, 0, ".profile");
    expect_item(app, 7, FOLD_ITEM_KIND_ROW, 0, "todo.txt");
    expect_item(app, 8, FOLD_ITEM_KIND_HEADER, 0, "System");
    EXPECT(load_state(app, "Home/Documents", NULL) == FOLD_LOAD_STATE_UNLOADED);
    /* Open Documents and Projects; their answers are held for the screenshot. */
    app->hold = TRUE;
    EXPECT(demo_click(&app->demo, 1) == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(demo_click(&app->demo, 5) == FOLD_ACTIVATED_SECTION_EXPANDED);
    EXPECT(app->started == 2);
    printf("step 1: 9 rows; opened Documents and Projects: 2 loads started\n");
}

void
step_2(gpointer data)
{
    App *app = data;
    /* Both loading: a placeholder under each header. */
    EXPECT(demo_item_count(app->demo.table) == 11);
    expect_item(app, 1, FOLD_ITEM_KIND_HEADER, 1, "Documents");
    expect_placeholder(app, 2, FALSE, NULL);
    expect_item(app, 5, FOLD_ITEM_KIND_HEADER, 1, "Projects");
    expect_placeholder(app, 6, FALSE, NULL);
    EXPECT(load_state(app, "Home/Documents", NULL) == FOLD_LOAD_STATE_LOADING);
    EXPECT(app->held->len == 2);
    EXPECT(check_layout(app, app->demo.list) == 11);
    expect_placeholder_drawn(app, 2, "Loading…", FALSE);
    expect_placeholder_drawn(app, 6, "Loading…", FALSE);
    demo_expect_screenshot(&app->demo, "-loading.png", " (two folders loading)");
    /* Let the answers in. */
    app->hold = FALSE;
    for (guint i = 0; i < app->held->len; i++)
        deliver(app, g_ptr_array_index(app->held, i));
    g_ptr_array_set_size(app->held, 0);
    printf("step 2: 2 \"Loading…\" rows at 2 and 6; answers delivered\n");
}

void
step_3(gpointer data)
{
    App *app = data;
    EXPECT(demo_item_count(app->demo.table) == 16);
    static const struct {
        guint position;
        FoldItemKind kind;
        int depth;
        const char *title;
    } expected[] = {
        {0, FOLD_ITEM_KIND_HEADER, 0, "Home"},      {1, FOLD_ITEM_KIND_HEADER, 1, "Documents"},
        {2, FOLD_ITEM_KIND_HEADER, 2, "Letters"},   {3, FOLD_ITEM_KIND_ROW, 1, "budget.ods"},
        {4, FOLD_ITEM_KIND_ROW, 1, "cv.pdf"},       {5, FOLD_ITEM_KIND_ROW, 1, "notes.md"},
        {6, FOLD_ITEM_KIND_HEADER, 1, "Music"},     {7, FOLD_ITEM_KIND_HEADER, 1, "Pictures"},
        {8, FOLD_ITEM_KIND_HEADER, 1, "Projects"},  {9, FOLD_ITEM_KIND_HEADER, 2, "foldtable"},
        {10, FOLD_ITEM_KIND_HEADER, 2, "website"},  {11, FOLD_ITEM_KIND_ROW, 1, "ideas.txt"},
        {12, FOLD_ITEM_KIND_HEADER, 1, "Private"},  {13, FOLD_ITEM_KIND_ROW, 0, ".profile"},
        {14, FOLD_ITEM_KIND_ROW, 0, "todo.txt"},
    };
    for (size_t i = 0; i < G_N_ELEMENTS(expected); i++)
        expect_item(app, expected[i].position, expected[i].kind, expected[i].depth,
                    expected[i].title);
    EXPECT(load_state(app, "Home/Documents", NULL) == FOLD_LOAD_STATE_LOADED);
    EXPECT(load_state(app, "Home/Documents/Letters", NULL) == FOLD_LOAD_STATE_UNLOADED);
    EXPECT(g_hash_table_size(app->running) == 0);
    EXPECT(check_layout(app, app->demo.list) == 16);
    demo_expect_screenshot(&app->demo, NULL, " (Documents and Projects loaded)");
    /* Open Private: it fails. */
    EXPECT(demo_click(&app->demo, 12) == FOLD_ACTIVATED_SECTION_EXPANDED);
    expect_placeholder(app, 13, FALSE, NULL);
    printf("step 3: 16 rows at multiples of 28 pt; opened Private\n");
}

void
step_4(gpointer data)
{
    App *app = data;
    guint64 first = 0, second = 0;
    EXPECT(load_state(app, "Home/Private", &first) == FOLD_LOAD_STATE_FAILED);
    expect_placeholder(app, 13, TRUE, "Permission denied");
    EXPECT(demo_item_count(app->demo.table) == 17);
    EXPECT(app->failed == 1);
    EXPECT(check_layout(app, app->demo.list) == 17);
    demo_expect_screenshot(&app->demo, "-failed.png", " (Private: Permission denied)");
    /* Retry (the row's "Retry" link), then close the folder while it loads. */
    GtkWidget *retry = expect_placeholder_drawn(app, 13, "Permission denied", TRUE);
    gboolean handled = FALSE;
    if (retry)
        g_signal_emit_by_name(retry, "activate-link", "retry", &handled);
    EXPECT(handled);
    EXPECT(load_state(app, "Home/Private", &second) == FOLD_LOAD_STATE_LOADING);
    EXPECT(second != first && second != 0);
    expect_placeholder(app, 13, FALSE, NULL);
    EXPECT(demo_click(&app->demo, 12) == FOLD_ACTIVATED_SECTION_COLLAPSED);
    EXPECT(app->cancelled == 1);
    EXPECT(load_state(app, "Home/Private", NULL) == FOLD_LOAD_STATE_UNLOADED);
    EXPECT(demo_item_count(app->demo.table) == 16);
    printf("step 4: Private failed (\"Permission denied\", its Retry link shown); retried "
           "through the link, then closed while loading: cancelled\n");
}

void
step_5(gpointer data)
{
    App *app = data;
    /* The cancelled worker returned: nothing changed. */
    EXPECT(demo_item_count(app->demo.table) == 16);
    EXPECT(load_state(app, "Home/Private", NULL) == FOLD_LOAD_STATE_UNLOADED);
    EXPECT(app->started == 4 && app->failed == 1 && app->cancelled == 1);
    expect_item(app, 12, FOLD_ITEM_KIND_HEADER, 1, "Private");
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 0, ".profile");
    printf("step 5: the cancelled load's worker returned; nothing changed (4 loads, 1 "
           "failed, 1 cancelled)\n");
    /* Projects changes on disk; F5 on its "ideas.txt" row reloads it. The
     * answer is held: the old contents stay shown meanwhile. */
    change_projects_on_disk();
    app->hold = TRUE;
    FoldExpander *row = find_expander(app->demo.list, 11);
    EXPECT(row != NULL);
    if (row) {
        GtkWidget *window = GTK_WIDGET(gtk_widget_get_root(app->demo.list));
        gtk_widget_grab_focus(gtk_widget_get_parent(GTK_WIDGET(row)));
        EXPECT(focused_expander(window) == row);
        on_f5(window, NULL, app); /* what the F5 shortcut calls */
    }
    EXPECT(app->started == 5);
}

/* The "ideas.txt" row's and the "website" header's items, held across the reload. */
static FoldListItem *ideas, *website;

void
step_6(gpointer data)
{
    App *app = data;
    /* Reloading: Projects' old contents shown, nothing changed yet. */
    EXPECT(load_state(app, "Home/Projects", NULL) == FOLD_LOAD_STATE_RELOADING);
    EXPECT(demo_item_count(app->demo.table) == 16);
    expect_item(app, 9, FOLD_ITEM_KIND_HEADER, 2, "foldtable");
    expect_item(app, 10, FOLD_ITEM_KIND_HEADER, 2, "website");
    EXPECT(app->held->len == 1);
    ideas = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 11);
    website = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 10);
    app->hold = FALSE;
    for (guint i = 0; i < app->held->len; i++)
        deliver(app, g_ptr_array_index(app->held, i));
    g_ptr_array_set_size(app->held, 0);
    printf("step 6: F5 on ideas.txt reloads Projects; its old contents stay shown until the "
           "answer is delivered\n");
}

void
step_7(gpointer data)
{
    App *app = data;
    /* website moved first, drafts and roadmap.md added; the rest kept. */
    EXPECT(demo_item_count(app->demo.table) == 18);
    expect_item(app, 8, FOLD_ITEM_KIND_HEADER, 1, "Projects");
    expect_item(app, 9, FOLD_ITEM_KIND_HEADER, 2, "website");
    expect_item(app, 10, FOLD_ITEM_KIND_HEADER, 2, "foldtable");
    expect_item(app, 11, FOLD_ITEM_KIND_HEADER, 2, "drafts");
    expect_item(app, 12, FOLD_ITEM_KIND_ROW, 1, "ideas.txt");
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 1, "roadmap.md");
    expect_item(app, 14, FOLD_ITEM_KIND_HEADER, 1, "Private");
    EXPECT(load_state(app, "Home/Projects", NULL) == FOLD_LOAD_STATE_LOADED);
    EXPECT(load_state(app, "Home/Projects/drafts", NULL) == FOLD_LOAD_STATE_UNLOADED);
    /* The kept row and the moved folder are the same items (the list view
     * keeps their widgets). */
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 12);
    EXPECT(now != NULL && now == ideas);
    g_clear_object(&now);
    now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 9);
    EXPECT(now != NULL && now == website);
    g_clear_object(&now);
    g_clear_object(&ideas);
    g_clear_object(&website);
    printf("step 7: reloaded: website moved first (the same item), drafts and roadmap.md "
           "added, ideas.txt kept its item\n");
}

/* ---- drag and drop --------------------------------------------------------- */

/* The list's scroll offset. */
static double
scrolled(App *app)
{
    return gtk_adjustment_get_value(gtk_scrollable_get_vadjustment(GTK_SCROLLABLE(app->demo.list)));
}

/* A list point at `fraction` of item `position`'s height. */
double
point_in(App *app, guint position, double fraction)
{
    return (position + fraction) * ROW_HEIGHT - scrolled(app);
}

/* The disk's listing of `key` is `folders` and `files` (NULL-terminated). */
gboolean
on_disk(const char *key, const char *const *folders, const char *const *files)
{
    const Listing *l = g_hash_table_lookup(disk, key);
    return l && g_strv_equal((const char *const *)l->folders, folders) &&
           g_strv_equal((const char *const *)l->files, files);
}

/* notes.md's list item, held across the drop. */
static FoldListItem *notes;

void
step_8(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    fold_section_id home = demo_section(t, "Home");
    /* Take notes.md (Documents' third file) by its middle. */
    expect_item(app, 5, FOLD_ITEM_KIND_ROW, 1, "notes.md");
    EXPECT(demo_drop_test_take(app->drop, 150, point_in(app, 5, 0.5)));
    int64_t n = 0;
    const fold_item_ref *items = demo_drop_get_items(app->drop, &n);
    EXPECT(n == 1 && items[0].section == demo_section(t, "Home/Documents") && items[0].row == 2);
    /* System (read-only, NO_DROP) takes nothing: its header splits into
     * before and after it, at the top level, where files cannot go. */
    expect_item(app, 17, FOLD_ITEM_KIND_HEADER, 0, "System");
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 17, 0.45)) == 0);
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 17, 0.55)) == 0);
    graphene_rect_t r;
    EXPECT(!demo_drop_get_indicator(app->drop, &r));
    /* Music is not read yet: no "into" over its middle, but before it
     * (upper half): Home's child 1, a line at its top, one level in. */
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 6, 0.45)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_BEFORE && a->parent == home && a->index == 1 && a->depth == 1 &&
           a->position == 6 && a->line_y == 6 * ROW_HEIGHT && a->line_x == EXPANDER_INDENT);
    EXPECT(demo_drop_get_indicator(app->drop, &r));
    EXPECT(r.origin.x == ROW_START + EXPANDER_INDENT && r.origin.y == 6 * ROW_HEIGHT - 1 - scrolled(app) &&
           r.size.height == 2);
    notes = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 5);
    printf("step 8: dragging notes.md: refused around System (read-only), before Music (not "
           "read: no \"into\") at y=%.0f x=%.0f\n", r.origin.y + 1, r.origin.x);
}

void
step_9(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    demo_expect_screenshot(&app->demo, "-drop-indicator.png", " (notes.md dragged before Music)");
    /* Over Projects' middle: into Projects (read), after its last child. */
    expect_item(app, 8, FOLD_ITEM_KIND_HEADER, 1, "Projects");
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 8, 0.5)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_INTO && a->parent == demo_section(t, "Home/Projects") &&
           a->index == 5 && a->depth == 2 && a->position == 8 &&
           a->highlight_top == 8 * ROW_HEIGHT && a->highlight_height == 6 * ROW_HEIGHT);
    printf("step 9: over Projects' middle: into Projects (child 5), highlighted 6 rows\n");
}

void
step_10(gpointer data)
{
    App *app = data;
    demo_expect_screenshot(&app->demo, "-drop-into.png", " (notes.md dragged into Projects)");
    EXPECT(demo_drop_test_drop(app->drop, 150, point_in(app, 8, 0.5)));
    /* notes.md is Projects' last file, the same item; both folders were
     * written back to the disk. */
    EXPECT(demo_item_count(app->demo.table) == 18);
    expect_item(app, 4, FOLD_ITEM_KIND_ROW, 1, "cv.pdf");
    expect_item(app, 5, FOLD_ITEM_KIND_HEADER, 1, "Music");
    expect_item(app, 11, FOLD_ITEM_KIND_ROW, 1, "ideas.txt");
    expect_item(app, 12, FOLD_ITEM_KIND_ROW, 1, "roadmap.md");
    expect_item(app, 13, FOLD_ITEM_KIND_ROW, 1, "notes.md");
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 13);
    EXPECT(now && now == notes);
    g_clear_object(&now);
    g_clear_object(&notes);
    EXPECT(on_disk("Home/Documents", (const char *const[]){"Home/Documents/Letters", NULL},
                   (const char *const[]){"budget.ods", "cv.pdf", NULL}));
    EXPECT(on_disk("Home/Projects",
                   (const char *const[]){"Home/Projects/website", "Home/Projects/foldtable",
                                         "Home/Projects/drafts", NULL},
                   (const char *const[]){"ideas.txt", "roadmap.md", "notes.md", NULL}));
    printf("step 10: dropped notes.md into Projects: its last file, the same item; both folders "
           "written back\n");
}

/* The website folder's header item, held across the drop. */
static FoldListItem *website_item;

void
step_11(gpointer data)
{
    App *app = data;
    fold_table *t = app->demo.table;
    /* Drag the folder website (in Projects) before Music: Home's child 1. */
    expect_item(app, 8, FOLD_ITEM_KIND_HEADER, 2, "website");
    website_item = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 8);
    EXPECT(demo_drop_test_take(app->drop, 150, point_in(app, 8, 0.5)));
    EXPECT(demo_drop_test_motion(app->drop, 150, point_in(app, 5, 0.2)) == GDK_ACTION_MOVE);
    const fold_drop_target *a = demo_drop_get_answer(app->drop);
    EXPECT(a->kind == FOLD_DROP_BEFORE && a->parent == demo_section(t, "Home") && a->index == 1);
    EXPECT(demo_drop_test_drop(app->drop, 150, point_in(app, 5, 0.2)));
    fold_section_info info;
    EXPECT(fold_table_section_info(t, demo_section(t, "Home/Projects/website"), &info) == FOLD_OK);
    EXPECT(info.parent == demo_section(t, "Home") && info.index == 1 && info.depth == 1);
    expect_item(app, 5, FOLD_ITEM_KIND_HEADER, 1, "website");
    expect_item(app, 6, FOLD_ITEM_KIND_HEADER, 1, "Music");
    FoldListItem *now = g_list_model_get_item(G_LIST_MODEL(app->demo.model), 5);
    EXPECT(now && now == website_item);
    g_clear_object(&now);
    g_clear_object(&website_item);
    EXPECT(on_disk("Home/Projects",
                   (const char *const[]){"Home/Projects/foldtable", "Home/Projects/drafts", NULL},
                   (const char *const[]){"ideas.txt", "roadmap.md", "notes.md", NULL}));
    /* What the disk says now is what a reload reads: reload Projects. */
    reload_folder(app, demo_section(t, "Home/Projects"));
    EXPECT(load_state(app, "Home/Projects", NULL) == FOLD_LOAD_STATE_RELOADING);
    printf("step 11: dropped the folder website before Music (the same item); reloading "
           "Projects\n");
}

void
step_12(gpointer data)
{
    App *app = data;
    /* The reload read what the drops left: nothing changed. */
    EXPECT(load_state(app, "Home/Projects", NULL) == FOLD_LOAD_STATE_LOADED);
    EXPECT(demo_item_count(app->demo.table) == 18);
    const char *titles[] = {"Home", "Documents", "Letters", "budget.ods", "cv.pdf", "website",
                            "Music", "Pictures", "Projects", "foldtable", "drafts", "ideas.txt",
                            "roadmap.md", "notes.md", "Private", ".profile", "todo.txt", "System"};
    for (guint p = 0; p < G_N_ELEMENTS(titles); p++) {
        FoldListItem *it = g_list_model_get_item(G_LIST_MODEL(app->demo.model), p);
        EXPECT(it && g_strcmp0(fold_list_item_get_title(it), titles[p]) == 0);
        g_clear_object(&it);
    }
    printf("step 12: Projects reloaded from the disk the drops wrote: the same 18 rows\n");
}

