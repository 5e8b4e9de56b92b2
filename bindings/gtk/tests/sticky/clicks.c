/*
 * clicks.c — clicks on stuck headers (GtkGestureClick "pressed" and
 * "released" on the header's widget): the clicked section collapses and
 * expands again, no row expands, the header stays at the same y; the
 * errors: an index out of range, a fixed section's header.
 */
#include "sticky-test.h"

#include <string.h>

static int64_t
expanded_rows(void)
{
    fold_row_ref *rows = NULL;
    int64_t count = -1;
    if (fold_table_expanded_rows(table, &rows, &count) != FOLD_OK)
        return -1;
    fold_free(rows);
    return count;
}

/* A click on stuck header `index`: the signals its GtkGestureClick emits. */
void
click_header(guint index)
{
    GtkWidget *slot = fold_sticky_headers_get_header_widget(FOLD_STICKY_HEADERS(sticky), index);
    GtkEventController *click = slot ? test_find_controller(slot, GTK_TYPE_GESTURE_CLICK, NULL)
                                     : NULL;
    CHECK(click != NULL);
    if (!click)
        return;
    test_emit_click(click, 100.0, 10.0);
}

/* Click the stuck nested header: only its section collapses, it stays put. */
void
test_click(const char *outer, const char *key, guint index, double offset)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    offset = scroll_to(offset);
    check_stack(offset);
    fold_section_id id = 0;
    double y = -1;
    CHECK(fold_sticky_headers_get_header(s, index, &id, NULL, &y, NULL));
    CHECK(id == section(key));
    fold_section_info info;
    CHECK(fold_table_section_info(table, id, &info) == FOLD_OK);
    /* The items under its header: its rows and everything of its subsections. */
    int64_t before = n_items(), p0 = -1, hidden = 0;
    CHECK(fold_table_header_position(table, id, &p0) == FOLD_OK);
    for (int64_t q = p0 + 1; q < before; q++, hidden++) {
        fold_item it;
        if (fold_table_item_at(table, q, &it) != FOLD_OK ||
            (it.section != id && it.depth <= info.depth))
            break;
    }
    /* What sits under the header in the list: the row a fall-through would hit. */
    int64_t under = -1;
    int32_t place = 0;
    fold_table_item_at_offset(table, offset + y + 4, &under, &place);
    gboolean outer_collapsed = outer ? collapsed(outer) : FALSE;

    click_header(index);
    CHECK(collapsed(key));
    CHECK(outer ? collapsed(outer) == outer_collapsed : TRUE);
    CHECK(expanded_rows() == 0);
    /* The section's children went: its rows and its subsections' items. */
    int64_t after = n_items();
    CHECK(hidden > 0 && after == before - hidden);
    CHECK(g_list_model_get_n_items(G_LIST_MODEL(model)) == (guint)after);
    settle();
    /* The header is where it was on screen. */
    int64_t p = -1;
    CHECK(fold_table_header_position(table, id, &p) == FOLD_OK);
    double top = 0, now = gtk_adjustment_get_value(vadj);
    fold_table_item_top(table, p, &top);
    CHECK(top - now == y);
    GtkWidget *mine = list_row(p);
    graphene_rect_t mb, lb;
    CHECK(mine && bounds(mine, &mb) && bounds(list, &lb) && mb.origin.y == lb.origin.y + y);
    check_stack(now);
    /* It is shown stuck at that y, or as the list's own row there. */
    gboolean shown = FALSE;
    GtkWidget *drawn = mine;
    for (guint i = 0; i < fold_sticky_headers_get_n_headers(s); i++) {
        fold_section_id sid = 0;
        double sy = -1;
        fold_sticky_headers_get_header(s, i, &sid, NULL, &sy, NULL);
        if (sid == id) {
            shown = sy == y;
            drawn = first_row(fold_sticky_headers_get_header_widget(s, i));
        }
    }
    CHECK(shown || mine);
    /* What is drawn there says collapsed: the indicator is "+". */
    GtkWidget *outer_box = drawn ? gtk_widget_get_first_child(drawn) : NULL;
    GtkWidget *line = outer_box ? gtk_widget_get_first_child(outer_box) : NULL;
    GtkWidget *sign = line ? gtk_widget_get_first_child(line) : NULL;
    CHECK(GTK_IS_LABEL(sign) && strcmp(gtk_label_get_text(GTK_LABEL(sign)), "+") == 0);
    printf("click on stuck header %u (%s) at y=%.0f, offset %.0f: collapsed, %" G_GINT64_FORMAT
           " -> %" G_GINT64_FORMAT " items, row under it (%" G_GINT64_FORMAT
           ") untouched, header still at y=%.0f (offset now %.0f)\n",
           index, key, y, offset, before, after, under, top - now, now);
}

/* Click the collapsed header, stuck where it was left: it expands again
 * and stays there. */
void
test_reclick(const char *key, guint index, int64_t rows)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    fold_section_id id = 0;
    double y = -1;
    CHECK(fold_sticky_headers_get_header(s, index, &id, NULL, &y, NULL));
    CHECK(id == section(key) && collapsed(key));
    int64_t before = n_items();
    click_header(index);
    CHECK(!collapsed(key) && expanded_rows() == 0);
    CHECK(n_items() == before + rows);
    settle();
    int64_t p = -1;
    double top = 0, now = gtk_adjustment_get_value(vadj);
    CHECK(fold_table_header_position(table, id, &p) == FOLD_OK);
    fold_table_item_top(table, p, &top);
    CHECK(top - now == y);
    check_stack(now);
    printf("click on collapsed stuck header %u (%s) at y=%.0f: expanded, %" G_GINT64_FORMAT
           " -> %" G_GINT64_FORMAT " items, header still at y=%.0f\n",
           index, key, y, before, n_items(), top - now);
}

void
test_errors(void)
{
    FoldStickyHeaders *s = FOLD_STICKY_HEADERS(sticky);
    GError *error = NULL;
    /* Out of range. */
    guint n = fold_sticky_headers_get_n_headers(s);
    CHECK(!fold_sticky_headers_activate_header(s, n, NULL, &error));
    CHECK(error && error->domain == FOLD_LIST_MODEL_ERROR && error->code == FOLD_E_RANGE);
    g_clear_error(&error);
    CHECK(!fold_sticky_headers_get_header(s, n, NULL, NULL, NULL, NULL));
    CHECK(fold_sticky_headers_get_header_widget(s, n) == NULL);
    /* A fixed section's stuck header: a click changes nothing. */
    double offset = scroll_to(header_top("grains") + 50);
    check_stack(offset);
    fold_section_id id = 0;
    CHECK(fold_sticky_headers_get_header(s, 0, &id, NULL, NULL, NULL) && id == section("grains"));
    int64_t before = n_items();
    CHECK(!fold_sticky_headers_activate_header(s, 0, NULL, &error));
    CHECK(error && error->code == FOLD_E_NOT_ALLOWED);
    g_clear_error(&error);
    click_header(0);
    settle();
    CHECK(n_items() == before && expanded_rows() == 0 && !collapsed("grains"));
    CHECK(gtk_adjustment_get_value(vadj) == offset);
    printf("errors: index %u out of range, fixed Grains refused; nothing changed\n", n);
}
