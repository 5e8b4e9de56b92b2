/* demo-canvas-draw.c — what FoldCanvas draws in a frame (demo-canvas-draw.h):
 * the items the viewport shows and the stuck headers, or, while its
 * FoldTransitionClock runs, the transition's frame; headers and rows in the
 * list demos' look. Drawing a frame allocates nothing per item: the visible
 * items go to a buffer that grows when the viewport shows more, header
 * texts to stack buffers. */
#include "demo-canvas-draw.h"
#include "demo-app.h"
#include "demo-view-keys.h"
#include "demo-viewport.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void
fill(GtkSnapshot *snapshot, double x, double y, double w, double h, float r, float g, float b)
{
    GdkRGBA color = {r, g, b, 1};
    graphene_rect_t rect = GRAPHENE_RECT_INIT((float)x, (float)y, (float)w, (float)h);
    gtk_snapshot_append_color(snapshot, &color, &rect);
}

/* Adwaita's light palette (the list demos' CSS): */
static const GdkRGBA ink = {0.14f, 0.12f, 0.19f, 1};        /* #241f31 */
static const GdkRGBA dim_ink = {0.37f, 0.36f, 0.39f, 1};    /* #5e5c64 */
static const float header_bg[3] = {0.965f, 0.961f, 0.957f}; /* #f6f5f4 */
static const float header_line[3] = {0.87f, 0.867f, 0.855f}; /* #deddda */
static const float row_line[3] = {0.92f, 0.914f, 0.902f};   /* #ebe9e6 */
static const float hover_bg[3] = {0.953f, 0.965f, 0.984f};  /* #f3f6fb */
static const float expanded_bg[3] = {0.98f, 0.988f, 1.0f};  /* #fafcff */
static const float accent[3] = {0.11f, 0.443f, 0.847f};     /* #1c71d8 */
static const float selected_bg[3] = {0.867f, 0.91f, 0.973f}; /* #dde8f8 */

#define FILL3(snapshot, x, y, w, h, c) fill(snapshot, x, y, w, h, (c)[0], (c)[1], (c)[2])

/* Markup at x, centred in the band [y, y + h); returns its top. */
static double
text(GtkSnapshot *snapshot, PangoLayout *layout, double x, double y, double h, const char *markup,
     const GdkRGBA *color)
{
    pango_layout_set_markup(layout, markup, -1);
    int tw, th;
    pango_layout_get_pixel_size(layout, &tw, &th);
    double top = y + round((h - th) / 2);
    gtk_snapshot_save(snapshot);
    graphene_point_t at = GRAPHENE_POINT_INIT((float)x, (float)top);
    gtk_snapshot_translate(snapshot, &at);
    gtk_snapshot_append_layout(snapshot, layout, color);
    gtk_snapshot_restore(snapshot);
    return top;
}

/* Right-aligned small dim markup, centred in the band. */
static void
text_right(GtkSnapshot *snapshot, PangoLayout *layout, double right, double y, double h,
           const char *markup)
{
    pango_layout_set_markup(layout, markup, -1);
    int w = 0;
    pango_layout_get_pixel_size(layout, &w, NULL);
    text(snapshot, layout, right - w, y, h, markup, &dim_ink);
}

/* A header's texts, copied into buffers on the stack: drawing a frame
 * allocates nothing for them (a text longer than the buffer is cut). */
/* The focused item's ring (while the canvas has GTK's focus), as
 * FoldExpander draws one: 2 px, rounded, inset. */
static void
draw_focus(FoldCanvas *self, GtkSnapshot *snapshot, uint32_t flags, double y, double width,
           double height)
{
    if (!(flags & FOLD_ITEM_FLAG_FOCUSED) || !gtk_widget_has_focus(GTK_WIDGET(self)))
        return;
    GskRoundedRect ring;
    gsk_rounded_rect_init_from_rect(
        &ring, &GRAPHENE_RECT_INIT(3, (float)y + 2, (float)width - 6, (float)height - 4), 6);
    const float widths[4] = {2, 2, 2, 2};
    const GdkRGBA c = demo_view_focus_ring, colors[4] = {c, c, c, c};
    gtk_snapshot_append_border(snapshot, &ring, widths, colors);
    self->drawn_focus++;
}

static void
draw_header(FoldCanvas *self, GtkSnapshot *snapshot, PangoLayout *layout,
            fold_section_id section, uint32_t flags, double y, double width, double height,
            gboolean stuck)
{
    (void)stuck; /* stuck or not, a header looks the same (as in the list demos) */
    char title[128] = "", detail[128] = "";
    fold_table_section_text(self->table, section, FOLD_TEXT_TITLE, title, sizeof title, NULL);
    gboolean has_detail = fold_table_section_text(self->table, section, FOLD_TEXT_DETAIL, detail,
                                                  sizeof detail, NULL) == FOLD_OK;
    if (flags & FOLD_ITEM_FLAG_SELECTED)
        FILL3(snapshot, 0, y, width, height, selected_bg);
    else
        FILL3(snapshot, 0, y, width, height, header_bg);
    FILL3(snapshot, 0, y + height - 1, width, 1, header_line);
    /* FoldExpander's chevron, only for a section that collapses; the title
     * where an expander's child starts (12 px margin, 16 px chevron, 4 px). */
    if (flags & FOLD_ITEM_FLAG_COLLAPSIBLE) {
        demo_snapshot_chevron(GTK_WIDGET(self), snapshot, !(flags & FOLD_ITEM_FLAG_COLLAPSED), 12,
                              y + round((height - 16) / 2), 16, &dim_ink);
        self->drawn_chevrons++;
    }
    char *markup = g_markup_printf_escaped("<b>%s</b>", title);
    text(snapshot, layout, 32, y, height, markup, &ink);
    g_free(markup);
    if (has_detail) {
        markup = g_markup_printf_escaped("<small>%s</small>", detail);
        text_right(snapshot, layout, width - 16, y, height, markup);
        g_free(markup);
    }
    draw_focus(self, snapshot, flags, y, width, height);
}

/* 1234567 -> "1,234,567" in buf (32 bytes). */
static const char *
grouped(char *buf, double value)
{
    char digits[32];
    g_snprintf(digits, sizeof digits, "%.0f", value);
    size_t n = strlen(digits), o = 0;
    for (size_t i = 0; i < n && o < 30; i++) {
        if (i > 0 && digits[i - 1] != '-' && (n - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = 0;
    return buf;
}

/* A row whose top is at y, `height` tall (the demo's look: tints for the
 * selection, hover and an expanded row, its index and height centred). */
static void
draw_row(FoldCanvas *self, GtkSnapshot *snapshot, PangoLayout *layout, int64_t row,
         uint32_t flags, gboolean hovered, double y, double width, double height)
{
    self->drawn_rows++;
    gboolean expanded = (flags & FOLD_ITEM_FLAG_EXPANDED) != 0;
    if (flags & FOLD_ITEM_FLAG_SELECTED)
        FILL3(snapshot, 0, y, width, height, selected_bg);
    else if (hovered)
        FILL3(snapshot, 0, y, width, height, hover_bg);
    else if (expanded)
        FILL3(snapshot, 0, y, width, height, expanded_bg);
    else
        fill(snapshot, 0, y, width, height, 1, 1, 1);
    if (expanded) /* marked as the list demos mark an expanded row */
        FILL3(snapshot, 0, y, 4, height, accent);
    if (self->show_heights) {
        /* a bar whose length is the row's height, to see the variation */
        fill(snapshot, 32, y + 3, height * 1.5, 3, 0.55f, 0.7f, 0.9f);
        self->drawn_bars++;
    }
    FILL3(snapshot, 0, y + height - 1, width, 1, row_line);
    /* The texts in the middle of the row (its separator aside). */
    char grouped_row[32], *markup;
    grouped(grouped_row, (double)row);
    markup = g_markup_printf_escaped("Row %s", grouped_row);
    double band = height - 1;
    pango_layout_set_markup(layout, markup, -1);
    int th = 0;
    pango_layout_get_pixel_size(layout, NULL, &th);
    double top = text(snapshot, layout, 32, y, band, markup, &ink);
    self->drawn_off_centre = fmax(self->drawn_off_centre, fabs(top + th / 2.0 - (y + band / 2)));
    g_free(markup);
    markup = g_strdup_printf("<small>%.0f pt</small>", height);
    text_right(snapshot, layout, width - 16, y, band, markup);
    g_free(markup);
    draw_focus(self, snapshot, flags, y, width, height);
}

static gboolean
update_status(gpointer data)
{
    FoldCanvas *self = data;
    self->status_idle = 0;
    int64_t count = 0;
    fold_table_item_count(self->table, &count);
    char a[32], b[32], c[32];
    char *s = g_strdup_printf("%s items · %s pt tall · at %s pt · %" G_GINT64_FORMAT
                              " drawn in %.0f µs of engine queries",
                              grouped(a, (double)count), grouped(b, demo_content_height(self->table)),
                              grouped(c, self->drawn_offset), self->drawn_count, self->query_us);
    gtk_label_set_text(GTK_LABEL(self->status), s);
    g_free(s);
    return G_SOURCE_REMOVE;
}

/* One item of a transition at its frame rect (shifted by `shift`), clipped
 * to that rect and below the folding header's bottom (clip_top). */
static void
draw_frame_item(FoldCanvas *self, GtkSnapshot *snapshot, PangoLayout *layout,
                const fold_transition_item *it, const fold_frame_item *f, double shift,
                double width, double height)
{
    double y = f->top + shift, h = f->height;
    double clip = isfinite(f->clip_top) ? fmax(y, f->clip_top + shift) : y;
    if (h <= 0 || clip >= y + h || y + h <= 0 || y >= height)
        return;
    const uint32_t stuck_flags = FOLD_TRANSITION_STUCK_BEFORE | FOLD_TRANSITION_STUCK_AFTER;
    gboolean stuck = (it->flags & stuck_flags) != 0;
    gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(0, (float)clip, (float)width,
                                                         (float)(y + h - clip)));
    if (it->kind == FOLD_ITEM_HEADER)
        draw_header(self, snapshot, layout, it->section, it->item_flags, y, width, h, stuck);
    else
        draw_row(self, snapshot, layout, it->row, it->item_flags,
                 it->position_after >= 0 && it->position_after == self->hover, y, width, h);
    gtk_snapshot_pop(snapshot);
    self->drawn_transition_items++;
}

/* The clock's frame: the items in the list first, in order, then those
 * stuck at the top before or after, deeper levels first (the transition
 * lists them outer first). The frame's tops are for the viewport at
 * offset_after; a scroll since shifts them. */
static void
draw_transition(FoldCanvas *self, GtkSnapshot *snapshot, PangoLayout *layout, double offset,
                double width, double height)
{
    gsize n = 0, nf = 0;
    const fold_transition_item *items = fold_transition_clock_get_items(self->clock, &n);
    const fold_frame_item *frame = fold_transition_clock_get_frame(self->clock, &nf);
    fold_transition_info info;
    fold_transition_clock_get_info(self->clock, &info);
    double shift = info.offset_after - offset;
    const uint32_t stuck = FOLD_TRANSITION_STUCK_BEFORE | FOLD_TRANSITION_STUCK_AFTER;
    for (gsize i = 0; i < nf; i++) {
        const fold_transition_item *it = &items[frame[i].index];
        if (!(it->flags & stuck))
            draw_frame_item(self, snapshot, layout, it, &frame[i], shift, width, height);
    }
    for (gsize i = nf; i-- > 0;) {
        const fold_transition_item *it = &items[frame[i].index];
        if (it->flags & stuck)
            draw_frame_item(self, snapshot, layout, it, &frame[i], shift, width, height);
    }
    (void)n;
    self->drawn_transition = TRUE;
    self->drawn_progress = fold_transition_clock_get_progress(self->clock);
    self->drawn_shift = shift;
}

void
fold_canvas_draw(GtkWidget *widget, GtkSnapshot *snapshot)
{
    FoldCanvas *self = FOLD_CANVAS(widget);
    double width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
    double offset = self->vadj ? gtk_adjustment_get_value(self->vadj) : 0;
    fill(snapshot, 0, 0, width, height, 1, 1, 1);
    self->drawn_rows = self->drawn_chevrons = self->drawn_bars = self->drawn_focus = 0;
    self->drawn_off_centre = 0;
    self->drawn_transition = FALSE;
    self->drawn_transition_items = 0;
    if (fold_transition_clock_is_running(self->clock)) {
        PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
        draw_transition(self, snapshot, layout, offset, width, height);
        g_object_unref(layout);
        self->drawn_offset = offset;
        self->frames++;
        return;
    }

    gint64 t0 = g_get_monotonic_time();
    int64_t written =
        demo_viewport_items(self->table, offset, height, &self->items, &self->capacity);
    fold_sticky_header sticky[8];
    int64_t nsticky = 0;
    fold_table_sticky_headers(self->table, offset, sticky, 8, &nsticky, NULL);
    self->query_us = (double)(g_get_monotonic_time() - t0);

    PangoLayout *layout = gtk_widget_create_pango_layout(widget, NULL);
    for (int64_t i = 0; i < written; i++) {
        const fold_visible_item *it = &self->items[i];
        double y = it->top - offset;
        if (it->kind == FOLD_ITEM_HEADER) {
            draw_header(self, snapshot, layout, it->section, it->flags, y, width, it->height,
                        FALSE);
            continue;
        }
        draw_row(self, snapshot, layout, it->row, it->flags, it->position == self->hover, y,
                 width, it->height);
    }
    /* Sticky headers, deeper levels first. */
    for (int64_t i = nsticky - 1; i >= 0; i--) {
        fold_item item;
        if (fold_table_item_at(self->table, sticky[i].position, &item) == FOLD_OK)
            draw_header(self, snapshot, layout, sticky[i].section, item.flags,
                        sticky[i].top - offset, width, sticky[i].height, TRUE);
    }
    g_object_unref(layout);

    self->drawn_first = written ? self->items[0].position : -1;
    self->drawn_count = written;
    self->drawn_sticky_first = nsticky ? sticky[0].position : -1;
    self->drawn_sticky_count = nsticky;
    self->drawn_offset = offset;
    self->frames++;
    /* The status line is a widget: change it after the frame, not during it. */
    if (self->status && !self->status_idle)
        self->status_idle = g_idle_add(update_status, self);
}
