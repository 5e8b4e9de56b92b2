/*
 * checks.c — test-expander's checks of one expander: its chevron (icon,
 * :checked, position), indentation in pixels, accessible role, level and
 * expanded state; and, in the screenshot's pixels, where its chevron is
 * drawn and which way it points.
 */
#include "expander-test.h"

/* The chevron and everything about it, exactly. expandable FALSE: hidden,
 * no accessible expanded state, one indent more. */
void
check_expander(const char *what, FoldExpander *e, int level, gboolean expandable,
               gboolean expanded)
{
    CHECK(e != NULL);
    if (!e) {
        fprintf(stderr, "  no expander for %s\n", what);
        return;
    }
    GtkWidget *icon = icon_of(e);
    long failed = check_failed_so_far();
    CHECK(fold_expander_get_level(e) == level);
    CHECK(fold_expander_get_expandable(e) == expandable);
    CHECK(fold_expander_get_expanded(e) == expanded);
    CHECK(icon && gtk_widget_get_visible(icon) == expandable);
    CHECK(x_in(e, fold_expander_get_child(e)) == 20.0 * (level + 1));
    GtkAccessible *a = GTK_ACCESSIBLE(e);
    CHECK(gtk_accessible_get_accessible_role(a) == GTK_ACCESSIBLE_ROLE_BUTTON);
    char *level_error = gtk_test_accessible_check_property(a, GTK_ACCESSIBLE_PROPERTY_LEVEL,
                                                           level + 1);
    CHECK(level_error == NULL);
    g_free(level_error);
    if (expandable) {
        CHECK(gtk_widget_get_mapped(icon));
        CHECK(x_in(e, icon) == 20.0 * level);
        CHECK(g_strcmp0(gtk_image_get_icon_name(GTK_IMAGE(icon)),
                        expanded ? "pan-down-symbolic" : "pan-end-symbolic") == 0);
        CHECK(((gtk_widget_get_state_flags(icon) & GTK_STATE_FLAG_CHECKED) != 0) == expanded);
        CHECK(gtk_test_accessible_has_state(a, GTK_ACCESSIBLE_STATE_EXPANDED));
        char *state_error =
            gtk_test_accessible_check_state(a, GTK_ACCESSIBLE_STATE_EXPANDED, expanded);
        CHECK(state_error == NULL);
        g_free(state_error);
    } else {
        CHECK(!gtk_test_accessible_has_state(a, GTK_ACCESSIBLE_STATE_EXPANDED));
    }
    if (check_failed_so_far() != failed)
        fprintf(stderr, "  ... %s: level %d expandable %d expanded %d, child at x %.1f\n", what,
                fold_expander_get_level(e), fold_expander_get_expandable(e),
                fold_expander_get_expanded(e), x_in(e, fold_expander_get_child(e)));
}

/* ---- the screenshot's pixels --------------------------------------------- */

static gboolean
dark(const Image *img, int x, int y)
{
    if (x < 0 || y < 0 || x >= img->width || y >= img->height)
        return FALSE;
    const guchar *p = img->pixels + ((gsize)y * img->width + x) * 4;
    return p[3] > 128 && p[0] + p[1] + p[2] < 3 * 128;
}

/* In the screenshot, the band of expander e: the leftmost dark pixel must be
 * where its chevron is (x = 20 * level, within its 16 px), or, without a
 * chevron, where its child starts; and the chevron's shape says where it
 * points: pointing down, its top dark row is its longest; pointing right
 * (end), its left dark column is. */
void
check_pixels(const Image *img, const char *what, FoldExpander *e)
{
    CHECK(e != NULL);
    if (!e)
        return;
    double ex = 0, ey = 0;
    CHECK(gtk_widget_translate_coordinates(GTK_WIDGET(e), T.window, 0, 0, &ex, &ey));
    int x0 = (int)ex, y0 = (int)ey, h = gtk_widget_get_height(GTK_WIDGET(e));
    int level = fold_expander_get_level(e);
    int first = -1;
    for (int x = x0; x < img->width && first < 0; x++)
        for (int y = y0; y < y0 + h && first < 0; y++)
            if (dark(img, x, y))
                first = x - x0;
    long failed = check_failed_so_far();
    if (!fold_expander_get_expandable(e)) {
        CHECK(first >= 20 * (level + 1));
    } else {
        CHECK(first >= 20 * level && first < 20 * level + 16);
        /* the chevron's box, 16 x 16, centred vertically */
        int bx = x0 + 20 * level, by = y0 + (h - 16) / 2;
        int top = -1, bottom = -1, left = -1, right = -1;
        int rows[16] = {0}, cols[16] = {0};
        for (int y = 0; y < 16; y++)
            for (int x = 0; x < 16; x++)
                if (dark(img, bx + x, by + y)) {
                    rows[y]++;
                    cols[x]++;
                    if (top < 0)
                        top = y;
                    bottom = y;
                    if (left < 0 || x < left)
                        left = x;
                    if (x > right)
                        right = x;
                }
        CHECK(top >= 0);
        if (top >= 0) {
            if (fold_expander_get_expanded(e))
                CHECK(rows[top] > rows[bottom] && right - left > bottom - top);
            else
                CHECK(cols[left] > cols[right] && bottom - top > right - left);
        }
    }
    if (check_failed_so_far() != failed)
        fprintf(stderr, "  ... pixels of %s: first dark x %d (level %d)\n", what, first, level);
}
