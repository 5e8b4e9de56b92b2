/*
 * test-selection.c — FoldListModel as a GtkSelectionModel (ctest
 * gtk-selection): is_selected and get_selection_in_range agree with the
 * engine at every position, select/unselect of items and ranges with and
 * without unselect_rest, select_all / unselect_all, a footer refused, the
 * exact ::selection-changed emissions, and the selection kept through a
 * collapse (the rows keep it; positions move).
 *
 * The table: Mac (3 rows), iPad (2), iPhone (4); items: Mac header 0, rows
 * 1-3; iPad header 4, rows 5-6; iPhone header 7, rows 8-11. No display
 * needed: the model is a plain GObject.
 */
#include "foldtable-gtk.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <string.h>

#include "fixture.h"
#include "support/log-check.h"

static GString *changes; /* "position+n;" per ::selection-changed */

static void
on_selection_changed(GtkSelectionModel *model, guint position, guint n_items, gpointer data)
{
    (void)model;
    (void)data;
    g_string_append_printf(changes, "%u+%u;", position, n_items);
}

static void
count_notify(int *count)
{
    (*count)++;
}

/* The selection as "0"/"1" per position, read through the interface, and
 * checked against get_selection_in_range over the whole list. */
static char *
selected_positions(GtkSelectionModel *model)
{
    guint n = g_list_model_get_n_items(G_LIST_MODEL(model));
    GString *out = g_string_new(NULL);
    GtkBitset *set = gtk_selection_model_get_selection_in_range(model, 0, n);
    for (guint i = 0; i < n; i++) {
        gboolean on = gtk_selection_model_is_selected(model, i);
        CHECK(on == gtk_bitset_contains(set, i));
        g_string_append_c(out, on ? '1' : '0');
    }
    gtk_bitset_unref(set);
    return g_string_free(out, FALSE);
}

#define CHECK_SELECTED(model, expected) CHECK_STR_TAKE(selected_positions(model), expected)

#define CHECK_CHANGES(expected) CHECK_LOG(changes, expected)

int
main(void)
{
    fold_table *table = sample_table(NULL);
    FoldListModel *list = fold_list_model_new(table, (GDestroyNotify)fold_table_free);
    GtkSelectionModel *model = GTK_SELECTION_MODEL(list);
    changes = g_string_new(NULL);
    g_signal_connect(model, "selection-changed", G_CALLBACK(on_selection_changed), NULL);

    CHECK(GTK_IS_SELECTION_MODEL(list));
    CHECK_SELECTED(model, "000000000000");

    /* A click, a ctrl-click (add), then a click that replaces both. A held
     * item shows it: FoldListItem:selected, notified. */
    FoldListItem *held = g_list_model_get_item(G_LIST_MODEL(list), 1);
    int notified = 0;
    g_signal_connect_swapped(held, "notify::selected", G_CALLBACK(count_notify), &notified);
    CHECK(!fold_list_item_get_selected(held));
    CHECK(gtk_selection_model_select_item(model, 1, TRUE));
    CHECK_CHANGES("1+1;");
    CHECK(fold_list_item_get_selected(held));
    CHECK_EQ_I64(notified, 1);
    g_object_unref(held);
    CHECK(gtk_selection_model_select_item(model, 5, FALSE));
    CHECK_CHANGES("5+1;");
    CHECK_SELECTED(model, "010001000000");
    CHECK(gtk_selection_model_select_item(model, 8, TRUE));
    CHECK_CHANGES("1+8;"); /* rows 1 and 5 redrawn, 8 selected: one span */
    CHECK_SELECTED(model, "000000001000");

    /* Ranges: add 4..6 (iPad's header and rows), remove 5. */
    CHECK(gtk_selection_model_select_range(model, 4, 3, FALSE));
    CHECK_CHANGES("4+3;");
    CHECK_SELECTED(model, "000011101000");
    CHECK(gtk_selection_model_unselect_item(model, 5));
    CHECK_CHANGES("5+1;");
    CHECK(gtk_selection_model_unselect_range(model, 0, 12));
    CHECK_SELECTED(model, "000000000000");
    g_string_truncate(changes, 0);

    /* The selection belongs to the rows: collapsing Mac moves iPad's rows
     * up, still selected; expanding brings them back. */
    CHECK(gtk_selection_model_select_range(model, 5, 2, TRUE));
    CHECK_SELECTED(model, "000001100000");
    CHECK_EQ_I64(fold_table_collapse(table, sec(table, "Mac"), NULL), FOLD_OK);
    CHECK_SELECTED(model, "001100000"); /* Mac 0, iPad 1, its rows 2-3 */
    CHECK_EQ_I64(fold_table_expand(table, sec(table, "Mac"), NULL), FOLD_OK);
    CHECK_SELECTED(model, "000001100000");

    /* All and none. */
    g_string_truncate(changes, 0);
    CHECK(gtk_selection_model_select_all(model));
    CHECK_SELECTED(model, "111111111111");
    CHECK(gtk_selection_model_unselect_all(model));
    CHECK_SELECTED(model, "000000000000");
    CHECK_CHANGES("0+12;0+12;");

    /* A change made on the table directly reaches the view too. */
    CHECK_EQ_I64(fold_table_select_row(table, sec(table, "iPhone"), 3, FOLD_SELECT_ADD, NULL), FOLD_OK);
    CHECK_CHANGES("11+1;");

    /* A footer cannot be selected: FALSE, nothing changes. */
    CHECK_EQ_I64(fold_table_set_section_height(table, sec(table, "iPad"), FOLD_HEIGHT_FOOTER, 10.0), FOLD_OK);
    g_string_truncate(changes, 0);
    CHECK(!gtk_selection_model_select_item(model, 7, TRUE)); /* iPad's footer */
    CHECK_CHANGES("");
    CHECK_SELECTED(model, "0000000000001");

    g_object_unref(list);
    g_string_free(changes, TRUE);
    return check_done();
}
