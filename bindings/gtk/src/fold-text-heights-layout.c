/*
 * fold-text-heights-layout.c — FoldTextHeights' Pango layouts (a row's text
 * at the text width, collapsed to its first lines or whole) and the height
 * providers it installs on the engine's table.
 */
#include "fold-text-heights-private.h"

#include <string.h>

/* ---- layouts ------------------------------------------------------------- */

/* The text with every run of line breaks replaced by one space: a collapsed
 * row shows its paragraphs as one, so that "collapsed-lines" counts lines of
 * the whole text (Pango's line limit applies per paragraph). */
static char *
join_paragraphs(const char *text)
{
    GString *s = g_string_sized_new(strlen(text));
    gboolean in_break = FALSE;
    for (const char *p = text; *p; p++) {
        if (*p == '\n' || *p == '\r') {
            if (!in_break && s->len > 0)
                g_string_append_c(s, ' ');
            in_break = TRUE;
            continue;
        }
        in_break = FALSE;
        g_string_append_c(s, *p);
    }
    return g_string_free(s, FALSE);
}

int
fold_text_heights_live_width(FoldTextHeights *self)
{
    if (!self->widget)
        return 0;
    int w = gtk_widget_get_width(self->widget) - self->padding.left - self->padding.right;
    return MAX(w, 0);
}

static PangoLayout *
make_layout(FoldTextHeights *self, const char *text, gboolean expanded, int width)
{
    if (!self->widget)
        return NULL;
    PangoLayout *layout = gtk_widget_create_pango_layout(self->widget, NULL);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    if (width > 0)
        pango_layout_set_width(layout, width * PANGO_SCALE);
    if (!expanded && self->lines > 0) {
        char *joined = join_paragraphs(text ? text : "");
        pango_layout_set_text(layout, joined, -1);
        g_free(joined);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        pango_layout_set_height(layout, -self->lines);
        if (pango_layout_is_ellipsized(layout))
            return layout;
        /* Nothing was cut: the row shows its whole text, paragraphs and all. */
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);
        pango_layout_set_height(layout, -1);
    }
    pango_layout_set_text(layout, text ? text : "", -1);
    return layout;
}

static double
text_height(FoldTextHeights *self, const char *text, gboolean expanded, int width)
{
    PangoLayout *layout = make_layout(self, text, expanded, width);
    if (!layout)
        return 0;
    int h = 0;
    pango_layout_get_pixel_size(layout, NULL, &h);
    g_object_unref(layout);
    return (double)(self->padding.top + h + self->padding.bottom);
}

/* ---- the providers ------------------------------------------------------- */

static char *
row_text(FoldTextHeights *self, fold_section_id section, const char *key, int64_t row)
{
    if (row < 0 || !self->text.func || self->text_width <= 0 || !self->widget)
        return NULL;
    return self->text.func(section, key, row, self->text.data);
}

int
fold_text_heights_provide_row(fold_table *table, fold_section_id section, const char *key,
                              int64_t row, double *out_height, void *user_data)
{
    (void)table;
    FoldTextHeights *self = user_data;
    char *text = row_text(self, section, key, row);
    if (!text)
        return 0; /* keep the estimate */
    *out_height = text_height(self, text, FALSE, self->text_width);
    g_free(text);
    return 1;
}

int
fold_text_heights_provide_expanded(fold_table *table, fold_section_id section,
                                   const char *key, int64_t row, double *out_height,
                                   void *user_data)
{
    (void)table;
    FoldTextHeights *self = user_data;
    if (self->lines <= 0)
        return 0; /* rows show their whole text: nothing to expand */
    char *text = row_text(self, section, key, row);
    if (!text)
        return 0;
    double full = text_height(self, text, TRUE, self->text_width);
    double collapsed = text_height(self, text, FALSE, self->text_width);
    g_free(text);
    if (full <= collapsed)
        return 0; /* the whole text fits: not expandable */
    *out_height = full;
    return 1;
}

/* ---- public ------------------------------------------------------------- */

/**
 * fold_text_heights_create_layout:
 * @self: a #FoldTextHeights
 * @text: (nullable): a row's text (%NULL: empty)
 * @expanded: the whole text (%TRUE), or the collapsed lines
 *
 * The layout a row's height is measured with: draw it at the padding's
 * (left, top) and the row shows exactly what was measured. Its width is the
 * text width of the last measure (the widget's current one before that).
 *
 * Returns: (transfer full) (nullable): a new layout, or %NULL once the
 *   widget is gone
 */
PangoLayout *
fold_text_heights_create_layout(FoldTextHeights *self, const char *text, gboolean expanded)
{
    g_return_val_if_fail(FOLD_IS_TEXT_HEIGHTS(self), NULL);
    int width = self->text_width > 0 ? self->text_width : fold_text_heights_live_width(self);
    return make_layout(self, text, expanded, width);
}

/**
 * fold_text_heights_measure_text:
 * @self: a #FoldTextHeights
 * @text: (nullable): a row's text (%NULL: empty)
 * @expanded: the whole text (%TRUE), or the collapsed lines
 *
 * What the providers answer for a row with this text: the height of
 * fold_text_heights_create_layout()'s layout plus the vertical padding.
 *
 * Returns: the height in pixels (points), 0 once the widget is gone
 */
double
fold_text_heights_measure_text(FoldTextHeights *self, const char *text, gboolean expanded)
{
    g_return_val_if_fail(FOLD_IS_TEXT_HEIGHTS(self), 0);
    int width = self->text_width > 0 ? self->text_width : fold_text_heights_live_width(self);
    return text_height(self, text, expanded, width);
}

