/* The demo views' viewport plumbing: see demo-viewport.h. */
#include "demo-viewport.h"
#include "demo-app.h"

void
demo_viewport_place(fold_table *table, GtkAdjustment *vadj, GtkWidget *view, double value,
                    double step)
{
    double page = gtk_widget_get_height(view);
    double upper = MAX(0, demo_content_height(table));
    value = CLAMP(value, 0, MAX(0, upper - page));
    gtk_adjustment_configure(vadj, value, 0, upper, step, page * 0.9, page);
    fold_table_set_viewport(table, value, page);
}

void
demo_viewport_apply(fold_table *table, GtkAdjustment *vadj, GtkWidget *view,
                    const fold_change_set *changes, double step)
{
    demo_viewport_place(table, vadj, view,
                        changes->anchored ? changes->anchored_offset
                                          : gtk_adjustment_get_value(vadj),
                        step);
}

int64_t
demo_viewport_items(fold_table *table, double offset, double height, fold_visible_item **items,
                    int64_t *capacity)
{
    int64_t written = 0, total = 0;
    fold_table_visible_items(table, offset, height, 0, *items, *capacity, &written, &total);
    if (total > *capacity) {
        *capacity = total * 2;
        *items = g_renew(fold_visible_item, *items, *capacity);
        fold_table_visible_items(table, offset, height, 0, *items, *capacity, &written, &total);
    }
    return written;
}
