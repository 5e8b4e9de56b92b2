/*
 * foldtable.h — the C interface of FoldTable, the headless engine behind a
 * collapsible, sectioned, variable-height list.
 *
 * A table holds sections (found by a stable UTF-8 key) that hold rows. The
 * engine flattens them into one list of items — each section's header, its
 * rows while it is expanded, and its footer when it has one — and answers the
 * questions a view asks while drawing and scrolling: which item is at this
 * position or this y-offset, where does an item start, what is visible now.
 *
 * Conventions used by every function below:
 *   - Fallible functions return a status: FOLD_OK (0) or a negative FOLD_E_*
 *     code. After a failure, fold_last_error_message() says why, and the table
 *     is exactly as it was before the call.
 *   - Outputs go through pointer parameters, always last. An output pointer
 *     documented as "optional" may be NULL; every other one must not be.
 *     Outputs are written only on success.
 *   - A NULL table, a NULL required output pointer, a NULL or invalid string
 *     is FOLD_E_INVALID. A negative or too large index, count or capacity is
 *     FOLD_E_RANGE.
 *   - Indices and counts are int64_t. Sections are addressed by index (0 =
 *     first section) or by key; rows by (section index, row index).
 *   - Heights are in points. A height must be finite, >= 0 and
 *     <= FOLD_MAX_HEIGHT (FOLD_E_INVALID otherwise). The engine keeps every
 *     height as a whole number of FOLD_HEIGHT_UNIT (1/256 pt): a height is
 *     rounded once, to the nearest unit (ties to even), and reads back so
 *     (17.7 reads back as 17.69921875; a height below 1/512 pt as 0). Every
 *     top, height and sum is then an exact integer number of units, reported
 *     as units / 256.0, which is exact: all geometry answers agree bit for
 *     bit (fold_table_item_top, fold_table_visible_items,
 *     fold_table_sticky_headers, fold_table_scroll_offset with
 *     FOLD_ALIGN_START, fold_table_reveal_offset), tops never decrease, and
 *     the item fold_table_item_at_offset reports for y satisfies
 *     top <= y < top + height compared as doubles, so
 *     item_at_offset(item_top(p)) is p for every item p of nonzero height.
 *     FOLD_MAX_HEIGHT, FOLD_MAX_ROWS and FOLD_MAX_SECTIONS bound the content
 *     below 2^53 units, so no sum ever rounds or overflows.
 *   - Strings passed in must be NUL-terminated, valid UTF-8, and are copied.
 *     Strings and arrays handed out are allocated by the library; the caller
 *     frees them with fold_free().
 *   - n below is the number of sections plus rows; "log n" costs hold for any
 *     table size and any section size.
 *
 * Thread safety: a fold_table serializes its own calls, so one table may be
 * used from several threads at once; fold_table_free() must not race with any
 * other call on the same table. Different tables are independent. One
 * exception keeps two tables from deadlocking: a thread inside a callback
 * of one table (it holds that table's lock) never waits for another table;
 * if another thread is inside a call on that table at that moment, the call
 * returns FOLD_E_BUSY at once and does nothing (see "Callbacks" below).
 *
 * Callbacks (listeners, height providers) run on the thread of the call
 * that triggers them, with the table's lock held. The rules:
 *   - Once fold_table_remove_listener(), fold_table_set_height_provider() or
 *     fold_table_set_header_height_provider() returns FOLD_OK, the old
 *     function is never called again with the old user_data, not even later
 *     in the round that is running when it is removed from inside a
 *     callback; the caller may free that user_data right away. A listener
 *     added during a round is first called in the next round.
 *   - A table freed inside one of its own callbacks (fold_table_free() on
 *     the thread that is inside a call on it) is freed when the outermost
 *     call on that table returns; that call completes and returns normally.
 *     From the moment fold_table_free() returns, none of the table's
 *     callbacks is called again; the handle stays valid until the outermost
 *     call returns, and must not be used after that.
 *   - Inside a callback the table may be read; changing it is FOLD_E_BUSY
 *     (see "Change events and listeners"). Other tables may be used, subject
 *     to the FOLD_E_BUSY rule under "Thread safety".
 */
#ifndef FOLDTABLE_H
#define FOLDTABLE_H

#include <stddef.h>
#include <stdint.h>

#define FOLD_VERSION_MAJOR 0
#define FOLD_VERSION_MINOR 1
#define FOLD_VERSION_PATCH 1
/* MAJOR * 1000000 + MINOR * 1000 + PATCH, comparable with fold_version_number(). */
#define FOLD_VERSION_NUMBER \
    (FOLD_VERSION_MAJOR * 1000000 + FOLD_VERSION_MINOR * 1000 + FOLD_VERSION_PATCH)
#define FOLD_VERSION_STRING "0.1.1"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------- */
/* Status codes                                                              */
/* ------------------------------------------------------------------------- */

#define FOLD_OK 0
/* An argument is invalid: NULL where a value is needed, a NaN, infinite,
 * negative or too large height, invalid UTF-8, an empty key for a new
 * section (looking up an empty key is FOLD_E_NOT_FOUND). */
#define FOLD_E_INVALID (-1)
/* An index or count is outside what the table holds. */
#define FOLD_E_RANGE (-2)
/* No section has this key, or the item asked for does not exist (for
 * example the footer of a section without a footer). */
#define FOLD_E_NOT_FOUND (-3)
/* Another section already has this key. */
#define FOLD_E_DUPLICATE (-4)
/* The row or section exists but has no position in the flat list because a
 * section that contains it is collapsed. */
#define FOLD_E_NOT_VISIBLE (-5)
/* Nothing was done because waiting or re-entering is unsafe: the table is
 * already inside a call on this thread (a callback tried to change it), or
 * this thread is inside a callback of another table while another thread is
 * inside a call on this one (waiting could deadlock). Retry after the
 * callback returns. */
#define FOLD_E_BUSY (-6)
/* Any other failure; the message says what. */
#define FOLD_E_INTERNAL (-99)

/* Heights are kept in whole units of this many points (1/256 pt); see the
 * conventions above. */
#define FOLD_HEIGHT_UNIT (1.0 / 256.0)
/* The largest height accepted anywhere, in points (2^16 pt = 2^24 units). */
#define FOLD_MAX_HEIGHT 65536.0
/* The most rows a table holds in all (2^28); more is FOLD_E_RANGE. */
#define FOLD_MAX_ROWS ((int64_t)1 << 28)
/* The most sections a table holds in all, at any depth (2^26); more is
 * FOLD_E_RANGE. */
#define FOLD_MAX_SECTIONS ((int64_t)1 << 26)
/* Passed as a per-section height: use the table's default instead. */
#define FOLD_HEIGHT_DEFAULT (-1.0)

/* Item kinds in the flat list. */
#define FOLD_ITEM_HEADER 0
#define FOLD_ITEM_ROW 1
#define FOLD_ITEM_FOOTER 2

/* Flags of an item (fold_item.flags, fold_visible_item.flags). */
#define FOLD_ITEM_FLAG_COLLAPSED 1u  /* a header or footer whose section's stored
                                        state is collapsed (fold_table_is_collapsed) */
#define FOLD_ITEM_FLAG_EXPANDED 2u   /* a row that is expanded */
#define FOLD_ITEM_FLAG_EXPANDABLE 4u /* a row whose expanded height exceeds its height */

/* Where an offset falls (fold_table_item_at_offset). */
#define FOLD_OFFSET_IN_ITEM 0 /* inside the reported item */
#define FOLD_OFFSET_ABOVE 1   /* above the first item (negative or in the top
                                 padding); the reported item is the first */
#define FOLD_OFFSET_BELOW 2   /* at or past the end of the last item (bottom
                                 padding or beyond); the reported item is the
                                 last */

/* ------------------------------------------------------------------------- */
/* Version, errors, memory                                                   */
/* ------------------------------------------------------------------------- */

/* FOLD_VERSION_NUMBER of the library that is loaded. O(1). */
int32_t fold_version_number(void);

/* FOLD_VERSION_STRING of the library that is loaded; static, never NULL. O(1). */
const char *fold_version_string(void);

/* The message of the last failed call on this thread ("" if none yet).
 * Never NULL; owned by the library and valid until the next fold_* call on
 * this thread. O(1). */
const char *fold_last_error_message(void);

/* A static name for a status code ("FOLD_E_RANGE"; "unknown status" for codes
 * the library does not define). Never NULL. O(1). */
const char *fold_status_name(int status);

/* Frees a string or array handed out by the library. NULL is a no-op. O(1). */
void fold_free(void *ptr);

/* ------------------------------------------------------------------------- */
/* Tables                                                                    */
/* ------------------------------------------------------------------------- */

typedef struct fold_table fold_table;

/* Options for fold_table_new(). Initialize with fold_table_options_init();
 * fields may be added at the end in later versions (size tells which). */
typedef struct fold_table_options {
    uint32_t size;           /* sizeof(fold_table_options), set by _init */
    int32_t start_collapsed; /* nonzero: new sections start collapsed (default 0) */
    double row_height;       /* default row height (default 44) */
    double header_height;    /* default section header height (default 28) */
    double footer_height;    /* default footer height; 0 = no footer items (default 0) */
    double padding_top;      /* content padding above the first item (default 0) */
    double padding_bottom;   /* content padding below the last item (default 0) */
    /* Fields below were added after the first layout; a caller whose size
     * stops before them gets their defaults. */
    int32_t accordion;       /* FOLD_ACCORDION_* (default FOLD_ACCORDION_MULTIPLE) */
    int32_t sticky_levels;   /* most header levels that stick; 0 = all (default 0) */
} fold_table_options;

/* Accordion policies: how many rows may be expanded at once. */
#define FOLD_ACCORDION_MULTIPLE 0    /* any number */
#define FOLD_ACCORDION_SINGLE 1      /* one in the table: expanding a row collapses the other */
#define FOLD_ACCORDION_PER_SECTION 2 /* one per section */

/* Fills *options with the defaults and sets options->size. NULL is a no-op. O(1). */
void fold_table_options_init(fold_table_options *options);

/* Creates an empty table. options may be NULL for the defaults; its fields are
 * copied. Heights must be valid, accordion a FOLD_ACCORDION_* value and
 * sticky_levels >= 0 (FOLD_E_INVALID otherwise); options->size must cover at
 * least the fields up to padding_bottom (FOLD_E_INVALID).
 * The caller frees the table with fold_table_free(). O(1). */
int fold_table_new(const fold_table_options *options, fold_table **out_table);

/* Frees a table and everything it holds. NULL is a no-op. O(n).
 * Inside one of the table's own callbacks (on the thread that is inside a
 * call on it, however deep), the table is freed when the outermost call on
 * it returns: its listeners and providers are unregistered at once (none is
 * called again), the outermost call completes normally, and the handle must
 * not be used after it returns. Must not race with a call on the table from
 * another thread. */
void fold_table_free(fold_table *table);

/* Writes the table's options to *out_options: as given to fold_table_new
 * (heights rounded to FOLD_HEIGHT_UNIT, as kept), with accordion and
 * sticky_levels as currently set. out_options->size must
 * be set first (fold_table_options_init); only that many bytes are written,
 * and size is set to the number written. O(1). */
int fold_table_get_options(const fold_table *table, fold_table_options *out_options);

/* ------------------------------------------------------------------------- */
/* Sections                                                                  */
/* ------------------------------------------------------------------------- */

/* Inserts a section at `index` (0...section count) with `row_count` rows of
 * the default height. `key` must be non-empty and unique in the table
 * (FOLD_E_DUPLICATE); `header` is the header text, "Title|Detail" or just
 * "Title" (NULL means ""). The new section is collapsed if the table's
 * start_collapsed option is set. O(log n). */
int fold_table_insert_section(fold_table *table, int64_t index, const char *key,
                              const char *header, int64_t row_count);

/* fold_table_insert_section() at the end. O(log n). */
int fold_table_append_section(fold_table *table, const char *key, const char *header,
                              int64_t row_count);

/* Removes the section at `index` with its rows. O(log n) plus the memory freed. */
int fold_table_remove_section(fold_table *table, int64_t index);

/* Moves the section at `from` so that it ends at index `to` (both in
 * 0..count-1). Its key, rows and collapsed state move with it. O(log n). */
int fold_table_move_section(fold_table *table, int64_t from, int64_t to);

/* Number of sections. O(1). */
int fold_table_section_count(const fold_table *table, int64_t *out_count);

/* Index of the top-level section with `key` (FOLD_E_NOT_FOUND if none;
 * FOLD_E_INVALID for a nested section, which has no top-level index — use
 * fold_table_section_path and the *_key functions). O(log n). */
int fold_table_section_index(const fold_table *table, const char *key, int64_t *out_index);

/* Key of the section at `index`; the caller frees *out_key with fold_free(). O(log n). */
int fold_table_section_key(const fold_table *table, int64_t index, char **out_key);

/* Replaces the header text of the section at `index` (NULL means ""). O(log n). */
int fold_table_set_section_header(fold_table *table, int64_t index, const char *header);

/* The header text of the section at `index` split at its first '|': the title
 * before it and the detail after it. A text without '|' has no detail:
 * *out_detail is then set to NULL. out_title and out_detail are optional; the
 * caller frees the strings with fold_free(). O(log n). */
int fold_table_section_header(const fold_table *table, int64_t index, char **out_title,
                              char **out_detail);

/* Per-section heights: header, footer (0 = this section has no footer item)
 * and the default height of its rows. FOLD_HEIGHT_DEFAULT returns to the
 * table's default. A header height set here counts as measured (a header
 * height provider is not asked for it); FOLD_HEIGHT_DEFAULT makes it
 * unmeasured again. Inside a listener: FOLD_E_BUSY, nothing changed. O(log n). */
int fold_table_set_section_header_height(fold_table *table, int64_t index, double height);
int fold_table_set_section_footer_height(fold_table *table, int64_t index, double height);
int fold_table_set_section_row_height(fold_table *table, int64_t index, double height);

/* The effective heights of the section at `index` (all three optional). O(log n). */
int fold_table_section_heights(const fold_table *table, int64_t index, double *out_header,
                               double *out_footer, double *out_row_height);

/* ------------------------------------------------------------------------- */
/* Rows                                                                      */
/* ------------------------------------------------------------------------- */

/* Inserts `count` rows before row `row` (0...row count) of section `section`.
 * `heights` is NULL (rows use the section's default height) or an array of
 * `count` heights (FOLD_HEIGHT_DEFAULT allowed), validated before anything
 * changes. Rows of the default
 * height take no memory. O(log n), plus O(count) when heights are given. */
int fold_table_insert_rows(fold_table *table, int64_t section, int64_t row, int64_t count,
                           const double *heights);

/* Removes rows row..row+count-1 of section `section`. O(log n) plus the memory freed. */
int fold_table_remove_rows(fold_table *table, int64_t section, int64_t row, int64_t count);

/* Sets the height of one row; FOLD_HEIGHT_DEFAULT returns it to the section's
 * default row height. When fold_table_row_height (and the row's expanded
 * state) reads the same afterwards, no change set is sent. O(log n). */
int fold_table_set_row_height(fold_table *table, int64_t section, int64_t row, double height);

/* Sets the heights of rows row..row+count-1 from `heights` (count values,
 * FOLD_HEIGHT_DEFAULT allowed), validated before anything changes. When no
 * row reads differently afterwards, no change set is sent. O(log n + count). */
int fold_table_set_row_heights(fold_table *table, int64_t section, int64_t row, int64_t count,
                               const double *heights);

/* The height of one row (its own, or its section's default). O(log n). */
int fold_table_row_height(const fold_table *table, int64_t section, int64_t row,
                          double *out_height);

/* The real number of rows of a section, collapsed or not. O(log n). */
int fold_table_row_count(const fold_table *table, int64_t section, int64_t *out_count);

/* The number of rows a section shows: 0 while collapsed, else its row count. O(log n). */
int fold_table_visible_row_count(const fold_table *table, int64_t section, int64_t *out_count);

/* ------------------------------------------------------------------------- */
/* Collapsing                                                                */
/* ------------------------------------------------------------------------- */

/* Collapse, expand or toggle the section at `index` or with `key`.
 * *out_changed (optional) is set to 1 if the state flipped, 0 if not: a
 * section that is already in the asked state, or that has no children (rows
 * or subsections), does not change (it cannot be collapsed or expanded; its
 * stored state is kept). The collapsed state belongs to the section's key: it
 * survives inserting, removing and moving other sections. O(log n) whatever
 * the number of rows. */
int fold_table_collapse(fold_table *table, int64_t index, int *out_changed);
int fold_table_expand(fold_table *table, int64_t index, int *out_changed);
int fold_table_toggle(fold_table *table, int64_t index, int *out_changed);
int fold_table_collapse_key(fold_table *table, const char *key, int *out_changed);
int fold_table_expand_key(fold_table *table, const char *key, int *out_changed);
int fold_table_toggle_key(fold_table *table, const char *key, int *out_changed);

/* *out_collapsed = 1 if the section's stored state is collapsed, else 0. O(log n). */
int fold_table_is_collapsed(const fold_table *table, int64_t index, int *out_collapsed);
int fold_table_is_collapsed_key(const fold_table *table, const char *key, int *out_collapsed);

/* Collapse or expand every section (at every depth) that has children;
 * *out_changed (optional) is the number of sections whose state flipped.
 * Sections go in post-order (a section's subsections before it). Every
 * "will" event for every section that would flip is sent first, before
 * anything changes; a section whose "will" event is refused keeps its state
 * while the others flip; then the "did" events, in the same order, with
 * every flip done; then one change set. O(s log n) for s sections. */
int fold_table_collapse_all(fold_table *table, int64_t *out_changed);
int fold_table_expand_all(fold_table *table, int64_t *out_changed);

/* One (key, collapsed) pair of fold_table_section_states(). */
typedef struct fold_section_state {
    const char *key;   /* points into the same allocation */
    int32_t collapsed; /* 1 = collapsed */
    int32_t reserved;
} fold_section_state;

/* The stored collapsed state of every section, in section order, as one
 * allocation: *out_states points to *out_count pairs followed by their key
 * strings. The caller frees it with fold_free(*out_states), once. For a table with
 * no sections, *out_states is NULL and *out_count 0. O(s) for s sections. */
int fold_table_section_states(const fold_table *table, fold_section_state **out_states,
                              int64_t *out_count);

/* The strings shown as a header's indicator: `collapsed` (default "+") and
 * `expanded` (default "\xE2\x80\x93", an en dash); both copied, NULL invalid.
 * O(1). */
int fold_table_set_indicators(fold_table *table, const char *collapsed, const char *expanded);

/* The indicator of the section at `index`: the collapsed string, the
 * expanded string, or "" for a section with no children. The caller frees
 * *out_indicator with fold_free(). O(log n). */
int fold_table_section_indicator(const fold_table *table, int64_t index, char **out_indicator);

/* ------------------------------------------------------------------------- */
/* The flat list                                                             */
/* ------------------------------------------------------------------------- */

/* One item of the flat list. */
typedef struct fold_item {
    int32_t kind;    /* FOLD_ITEM_HEADER, _ROW or _FOOTER */
    int32_t depth;   /* nesting depth of the item's section (0 = top level) */
    int64_t section; /* index of the item's section among its parent's children */
    int64_t row;     /* row index for rows, -1 for headers and footers */
    uint32_t flags;  /* FOLD_ITEM_FLAG_* */
    uint32_t reserved;
} fold_item;

/* For a table without nesting every section is top-level and an item's
 * "section" is its index. With nesting (below), functions that take a
 * section index address top-level sections; the *_key functions and paths
 * reach sections at any depth, and costs are O(depth * log n). */

/* Number of items in the flat list. O(1). */
int fold_table_item_count(const fold_table *table, int64_t *out_count);

/* The item at `position` (0..count-1). O(log n). */
int fold_table_item_at(const fold_table *table, int64_t position, fold_item *out_item);

/* Position of a section's header. O(log n). */
int fold_table_header_position(const fold_table *table, int64_t section, int64_t *out_position);

/* Position of a row; FOLD_E_NOT_VISIBLE if its section is collapsed. O(log n). */
int fold_table_row_position(const fold_table *table, int64_t section, int64_t row,
                            int64_t *out_position);

/* Position of a section's footer; FOLD_E_NOT_FOUND if the section has no
 * footer (footer height 0). A collapsed section keeps its footer. O(log n). */
int fold_table_footer_position(const fold_table *table, int64_t section, int64_t *out_position);

/* ------------------------------------------------------------------------- */
/* Geometry                                                                  */
/* ------------------------------------------------------------------------- */

/* Height of the item at `position`. O(log n). */
int fold_table_item_height(const fold_table *table, int64_t position, double *out_height);

/* Offset of the top of the item at `position` from the top of the content
 * (the top padding included). O(log n). */
int fold_table_item_top(const fold_table *table, int64_t position, double *out_top);

/* The item that contains offset `y`: the one with top <= y < top + height,
 * compared exactly (see the conventions: heights are whole 1/256 pt units).
 * Items of height 0 contain no offset, so it is the first item of nonzero
 * height whose range holds y. *out_place tells whether y is in an
 * item, above the first item or below the last (FOLD_OFFSET_*); above and
 * below report the nearest item. In a table with no items *out_position is
 * -1 and *out_place FOLD_OFFSET_ABOVE for y below the top padding's end,
 * FOLD_OFFSET_BELOW otherwise. y must be finite (FOLD_E_INVALID). O(log n). */
int fold_table_item_at_offset(const fold_table *table, double y, int64_t *out_position,
                              int32_t *out_place);

/* Total content height: padding and every item. O(1). */
int fold_table_content_height(const fold_table *table, double *out_height);

/* One item of a viewport (fold_table_visible_items). */
typedef struct fold_visible_item {
    int64_t position;
    int32_t kind;    /* FOLD_ITEM_* */
    int32_t depth;   /* nesting depth of the item's section (0 = top level) */
    int64_t section; /* index of the item's section among its parent's children */
    int64_t row;     /* -1 for headers and footers */
    double top;      /* offset of the item's top */
    double height;
    uint32_t flags;  /* FOLD_ITEM_FLAG_* */
    uint32_t reserved;
} fold_visible_item;

/* The items that intersect the viewport [offset, offset + height) — every
 * item with top < offset + height and top + height > offset (offset + height
 * as a double sum gives it; compared exactly), plus items of height 0 whose
 * top lies inside it — widened by `overscan` items on each
 * side (clamped to the list). Writes the first min(capacity, total) of them
 * in order into `out` and sets *out_written to that number and *out_total
 * (optional) to how many there are. `out` may be NULL when capacity is 0, to
 * ask for the total. offset and height must be finite and height >= 0
 * (FOLD_E_INVALID); overscan and capacity must be >= 0 (FOLD_E_RANGE).
 * O(log n + k) for k items written. */
int fold_table_visible_items(const fold_table *table, double offset, double height,
                             int64_t overscan, fold_visible_item *out, int64_t capacity,
                             int64_t *out_written, int64_t *out_total);


/* ------------------------------------------------------------------------- */
/* Nested sections                                                           */
/* ------------------------------------------------------------------------- */
/*
 * A section's children are an ordered mix of rows and subsections, to
 * FOLD_MAX_DEPTH levels. Keys are unique in the whole table. Collapsing a
 * section hides its whole subtree; each subsection keeps its own state for
 * when it is shown again. A child index counts rows and subsections alike; a
 * row index (as everywhere above) counts a section's rows only. A path is the
 * child index at each level from the top: {2} is the third top-level
 * section, {2, 0} its first child. `parent_key` NULL means the top level,
 * whose children are sections only.
 */

#define FOLD_MAX_DEPTH 64

/* Kinds of a child (fold_table_child_at). */
#define FOLD_CHILD_SECTION 0
#define FOLD_CHILD_ROW 1

/* Inserts a section as child `index` (0...child count) of `parent_key`, like
 * fold_table_insert_section(). FOLD_E_RANGE beyond FOLD_MAX_DEPTH levels.
 * O(depth * log n). */
int fold_table_insert_subsection(fold_table *table, const char *parent_key, int64_t index,
                                 const char *key, const char *header, int64_t row_count);

/* Inserts `count` rows as children index..index+count-1 of `parent_key` (not
 * NULL: rows belong in a section); heights as in fold_table_insert_rows().
 * O(depth * log n), plus O(count) when heights are given. */
int fold_table_insert_child_rows(fold_table *table, const char *parent_key, int64_t index,
                                 int64_t count, const double *heights);

/* Removes children index..index+count-1 of `parent_key`, rows and
 * subsections alike (with everything inside them). O(depth * log n) plus
 * O(1) per removed subsection and the memory freed. */
int fold_table_remove_children(fold_table *table, const char *parent_key, int64_t index,
                               int64_t count);

/* Moves section `key` (children and states with it) to be child `index` of
 * `parent_key`; `index` counts that parent's children without the moved
 * section. Moving a section into itself or its own subtree is
 * FOLD_E_INVALID. O(depth * log n). */
int fold_table_move_section_to(fold_table *table, const char *key, const char *parent_key,
                               int64_t index);

/* The key of a section's parent; *out_parent_key is NULL for a top-level
 * section, else the caller frees it with fold_free(). O(depth * log n). */
int fold_table_section_parent(const fold_table *table, const char *key, char **out_parent_key);

/* Nesting depth of a section (0 = top level). O(depth * log n). */
int fold_table_section_depth(const fold_table *table, const char *key, int64_t *out_depth);

/* Number of children of `parent_key` (NULL: top-level sections). O(depth * log n). */
int fold_table_child_count(const fold_table *table, const char *parent_key, int64_t *out_count);

/* Child `index` of `parent_key`: *out_kind is FOLD_CHILD_SECTION (then
 * *out_key, if asked, is its key, freed with fold_free(), and *out_row -1) or
 * FOLD_CHILD_ROW (then *out_row is its row index and *out_key NULL).
 * out_row and out_key are optional. O(depth * log n). */
int fold_table_child_at(const fold_table *table, const char *parent_key, int64_t index,
                        int32_t *out_kind, int64_t *out_row, char **out_key);

/* The path of section `key`: writes min(capacity, length) indices into
 * out_path (NULL allowed with capacity 0) and the full length to *out_length.
 * O(depth * log n). */
int fold_table_section_path(const fold_table *table, const char *key, int64_t *out_path,
                            int64_t capacity, int64_t *out_length);

/* The key of the section a path names (every index must name a section);
 * the caller frees *out_key with fold_free(). O(depth * log n). */
int fold_table_path_key(const fold_table *table, const int64_t *path, int64_t length,
                        char **out_key);

/* The flat position of what a path names: a section's header, or a row.
 * FOLD_E_NOT_VISIBLE inside a collapsed section. O(depth * log n). */
int fold_table_path_position(const fold_table *table, const int64_t *path, int64_t length,
                             int64_t *out_position);

/* The path of the item at `position`: its section's path, plus the row's
 * child index for a row (a footer has its section's path). Written like
 * fold_table_section_path(). O(depth * log n). */
int fold_table_item_path(const fold_table *table, int64_t position, int64_t *out_path,
                         int64_t capacity, int64_t *out_length);

/* The key of the section the item at `position` belongs to; the caller frees
 * *out_key with fold_free(). O(depth * log n). */
int fold_table_item_key(const fold_table *table, int64_t position, char **out_key);

/* Path-addressed edits: the path's last index is a child index in the
 * section the leading indices name (the top level for a one-index path). */
int fold_table_insert_section_at_path(fold_table *table, const int64_t *path, int64_t length,
                                      const char *key, const char *header, int64_t row_count);
int fold_table_insert_rows_at_path(fold_table *table, const int64_t *path, int64_t length,
                                   int64_t count, const double *heights);
int fold_table_remove_at_path(fold_table *table, const int64_t *path, int64_t length,
                              int64_t count);
/* Moves the row or section at `from` so that it ends at `to`, whose last
 * index counts the target's children without the moved one. A row keeps its
 * heights and expanded state; it must land in a section. O(depth * log n). */
int fold_table_move_at_path(fold_table *table, const int64_t *from, int64_t from_length,
                            const int64_t *to, int64_t to_length);

/* Key-addressed forms of the section and row functions above, for sections
 * at any depth. Same semantics and statuses. O(depth * log n). */
int fold_table_header_position_key(const fold_table *table, const char *key,
                                   int64_t *out_position);
int fold_table_footer_position_key(const fold_table *table, const char *key,
                                   int64_t *out_position);
int fold_table_row_position_key(const fold_table *table, const char *key, int64_t row,
                                int64_t *out_position);
int fold_table_row_count_key(const fold_table *table, const char *key, int64_t *out_count);
int fold_table_insert_rows_key(fold_table *table, const char *key, int64_t row, int64_t count,
                               const double *heights);
int fold_table_remove_rows_key(fold_table *table, const char *key, int64_t row, int64_t count);
int fold_table_set_row_height_key(fold_table *table, const char *key, int64_t row, double height);
int fold_table_row_height_key(const fold_table *table, const char *key, int64_t row,
                              double *out_height);
int fold_table_set_row_heights_key(fold_table *table, const char *key, int64_t row, int64_t count,
                                   const double *heights);
int fold_table_visible_row_count_key(const fold_table *table, const char *key, int64_t *out_count);
int fold_table_set_section_header_key(fold_table *table, const char *key, const char *header);
int fold_table_section_header_key(const fold_table *table, const char *key, char **out_title,
                                  char **out_detail);
int fold_table_set_section_header_height_key(fold_table *table, const char *key, double height);
int fold_table_set_section_footer_height_key(fold_table *table, const char *key, double height);
int fold_table_set_section_row_height_key(fold_table *table, const char *key, double height);
int fold_table_section_heights_key(const fold_table *table, const char *key, double *out_header,
                                   double *out_footer, double *out_row_height);
int fold_table_section_indicator_key(const fold_table *table, const char *key,
                                     char **out_indicator);

/* ------------------------------------------------------------------------- */
/* Expandable rows                                                           */
/* ------------------------------------------------------------------------- */
/*
 * A row may have an expanded height besides its height; it is expandable
 * only while the expanded height is larger. An expanded row shows its
 * expanded height everywhere (offsets, item at offset, viewports, content
 * height). Expanded state belongs to the row: it moves with the row when rows
 * are inserted or removed around it or its section moves. Rows are named by
 * their section's key and row index.
 */

/* Sets a row's expanded height; FOLD_HEIGHT_DEFAULT removes it (and
 * collapses the row). A row whose expanded height stops being larger than its
 * height collapses. The same value again sends no change set.
 * O(depth * log n). */
int fold_table_set_row_expanded_height(fold_table *table, const char *key, int64_t row,
                                       double height);

/* A row's expanded height, or FOLD_HEIGHT_DEFAULT if it has none. O(depth * log n). */
int fold_table_row_expanded_height(const fold_table *table, const char *key, int64_t row,
                                   double *out_height);

/* Expand, collapse or toggle a row; *out_changed (optional) is 1 if its state
 * flipped. Expanding a row that is not expandable changes nothing. Under
 * FOLD_ACCORDION_SINGLE / _PER_SECTION, expanding a row first collapses the
 * expanded row of the table / of its section. Toggling an expanded row
 * collapses it. Events: FOLD_ROW_WILL_COLLAPSE for each displaced row, then
 * FOLD_ROW_WILL_EXPAND for the row, all before any change; one refusal and
 * nothing changes (*out_changed 0, status FOLD_OK, no change set); else the
 * changes, then the "did" events in the same order. O(depth * log n). */
int fold_table_expand_row(fold_table *table, const char *key, int64_t row, int *out_changed);
int fold_table_collapse_row(fold_table *table, const char *key, int64_t row, int *out_changed);
int fold_table_toggle_row(fold_table *table, const char *key, int64_t row, int *out_changed);

/* *out = 1 if the row is expanded / expandable, else 0. O(depth * log n). */
int fold_table_is_row_expanded(const fold_table *table, const char *key, int64_t row, int *out);
int fold_table_is_row_expandable(const fold_table *table, const char *key, int64_t row, int *out);

/* One entry of fold_table_expanded_rows(). */
typedef struct fold_row_ref {
    const char *key; /* the row's section; points into the same allocation */
    int64_t row;
} fold_row_ref;

/* Every expanded row in list order, as one allocation like
 * fold_table_section_states(): free *out_rows with fold_free(). NULL and 0
 * when no row is expanded. O(k * depth * log n) for k expanded rows. */
int fold_table_expanded_rows(const fold_table *table, fold_row_ref **out_rows, int64_t *out_count);

/* Sets the accordion policy (FOLD_ACCORDION_*) for later expansions. O(1). */
int fold_table_set_accordion(fold_table *table, int32_t accordion);

/* What fold_table_activate() did. */
#define FOLD_ACTIVATED_NOTHING 0
#define FOLD_ACTIVATED_SECTION_COLLAPSED 1
#define FOLD_ACTIVATED_SECTION_EXPANDED 2
#define FOLD_ACTIVATED_ROW_EXPANDED 3
#define FOLD_ACTIVATED_ROW_COLLAPSED 4

/* What a click on the item at `position` does: a header toggles its section,
 * a row toggles its expansion (accordion applies), a footer does nothing.
 * *out_action (optional) says which. O(depth * log n). */
int fold_table_activate(fold_table *table, int64_t position, int32_t *out_action);

/* ------------------------------------------------------------------------- */
/* Sticky headers                                                            */
/* ------------------------------------------------------------------------- */

/* A header drawn stuck to the top of the viewport. */
typedef struct fold_sticky_header {
    int64_t position; /* the header's position in the flat list */
    int32_t depth;    /* its section's nesting depth */
    int32_t reserved;
    double top;       /* where it is drawn */
    double height;
} fold_sticky_header;

/* The headers that stick at the top of a viewport scrolled to `offset`,
 * stacked the way CSS position: sticky headers stack: one per nesting level,
 * outermost first, at most sticky_levels of them when that option is set.
 * The first is the top-level section whose range (header to footer) holds
 * `offset`, drawn at `offset`. Each next one is the subsection of the one
 * above whose range holds the bottom of the headers drawn so far, drawn at
 * that bottom: a subsection's header sticks as soon as its top reaches the
 * headers stuck above it. No header is drawn below its natural place (its
 * fold_table_item_top, bit for bit) nor lower than its section's end minus
 * its height — so the next header of its own level (or whatever follows its
 * section) pushes it up as it arrives, sliding behind the headers above it
 * (draw deeper levels first); an outer header pushed up takes the stack's
 * bottom out of the inner section, which then drops out. Writes
 * min(capacity, total) entries, *out_written that number and *out_total
 * (optional) the total. offset must be finite. O(depth * log n). */
int fold_table_sticky_headers(const fold_table *table, double offset, fold_sticky_header *out,
                              int64_t capacity, int64_t *out_written, int64_t *out_total);

/* Sets the most header levels that stick (0 = all; negative is FOLD_E_RANGE). O(1). */
int fold_table_set_sticky_levels(fold_table *table, int32_t levels);

/* ------------------------------------------------------------------------- */
/* Change events and listeners                                               */
/* ------------------------------------------------------------------------- */
/*
 * Every mutation describes what it did to the flat list: steps "at position,
 * `removed` items were replaced by `added` items" (GTK's items-changed),
 * applied in order to the old list; the positions (in the new list) of
 * items that stayed but must be redrawn because their height or state
 * (indicator, expanded) changed; and the content-height difference. A
 * mutation that changes nothing reports nothing: no change set is sent for
 * a setter given what is already there (a row height, heights or expanded
 * height equal to the current ones, including a default row set to its
 * default's value; a state it already has; a row moved to its own place).
 * Header text changes are reported as redraws; fold_table_set_indicators
 * reports nothing.
 *
 * A failed call changes nothing and reports nothing. Vetoes come first: a
 * call that changes several sections or rows (fold_table_collapse_all,
 * fold_table_expand_all, fold_table_reveal_row with expand_ancestors, a row
 * expansion that collapses others under an accordion) sends every "will"
 * event for everything it would change, in the order the changes apply,
 * with the table as it was; then makes the changes; then sends the "did"
 * events in the same order, with the table as it is after all of them; then
 * one change set. A refused "will" event gets no "did" event, and another
 * "will" of the same call may then get none either (see each function for
 * what a refusal cancels).
 *
 * Listeners run on the thread that made the change, after the table is
 * consistent ("will" listeners before the change, with the table as it was).
 * Inside a listener the table may be read with any fold_* query; a call that
 * would change its sections, rows, heights or states (anything a change set
 * reports, measuring, importing state) returns FOLD_E_BUSY and changes
 * nothing: do the change after the listener returns. Settings that report
 * nothing (viewport, accordion, sticky levels, indicators, providers) and
 * adding or removing listeners are allowed. Removal takes effect at once: a
 * listener removed inside a callback is not called again, even if its turn
 * in the running round has not come yet; one added there is first called in
 * the next round (the "did" round after a "will", the next change). A
 * listener may free its own table (fold_table_free: deferred, see there). A
 * call on another table from inside a listener is FOLD_E_BUSY if another
 * thread is inside a call on that table ("Thread safety" at the top).
 */

typedef struct fold_change {
    int64_t position;
    int64_t removed;
    int64_t added;
} fold_change;

typedef struct fold_range {
    int64_t position;
    int64_t count;
} fold_range;

/* What one mutation did. The arrays are owned by the library and valid only
 * during the listener call. */
typedef struct fold_change_set {
    const fold_change *changes;
    int64_t change_count;
    const fold_range *redraw; /* sorted, disjoint */
    int64_t redraw_count;
    double content_height_delta;
    int32_t anchored;         /* 1 if a viewport is set (anchored_offset valid) */
    int32_t reserved;
    double anchored_offset;   /* the viewport's new offset (see fold_table_set_viewport) */
} fold_change_set;

/* Section and row events. */
#define FOLD_SECTION_WILL_COLLAPSE 0
#define FOLD_SECTION_DID_COLLAPSE 1
#define FOLD_SECTION_WILL_EXPAND 2
#define FOLD_SECTION_DID_EXPAND 3
#define FOLD_ROW_WILL_EXPAND 0
#define FOLD_ROW_DID_EXPAND 1
#define FOLD_ROW_WILL_COLLAPSE 2
#define FOLD_ROW_DID_COLLAPSE 3

typedef void (*fold_change_fn)(fold_table *table, const fold_change_set *changes, void *user_data);
/* Return nonzero to allow a "will" event, 0 to refuse it (ignored for "did"). */
typedef int (*fold_section_fn)(fold_table *table, const char *key, int32_t event, void *user_data);
typedef int (*fold_row_fn)(fold_table *table, const char *key, int64_t row, int32_t event,
                           void *user_data);

/* Register a listener; *out_id (optional) identifies it for removal. The
 * table keeps fn and user_data until the listener is removed or the table is
 * freed, and calls fn only until then. Listeners are called in registration
 * order; one registered inside a callback is first called in the next
 * round. O(1). */
int fold_table_add_change_listener(fold_table *table, fold_change_fn fn, void *user_data,
                                   int64_t *out_id);
int fold_table_add_section_listener(fold_table *table, fold_section_fn fn, void *user_data,
                                    int64_t *out_id);
int fold_table_add_row_listener(fold_table *table, fold_row_fn fn, void *user_data,
                                int64_t *out_id);

/* Unregisters a listener (FOLD_E_NOT_FOUND for an unknown id). Once it
 * returns FOLD_OK, fn is never called again with its user_data, even inside
 * the round that is running (removal from a callback): the caller may free
 * user_data at once. O(listeners). */
int fold_table_remove_listener(fold_table *table, int64_t id);

/* ------------------------------------------------------------------------- */
/* Scrolling                                                                 */
/* ------------------------------------------------------------------------- */

/* Tells the table the host's viewport. From then on, every mutation moves
 * the viewport's offset so that the first visible item stays at the same
 * place on screen (an item that is removed hands this to the next surviving
 * item), clamped to the content; the new offset is reported in each change
 * set and by fold_table_viewport(). O(1). */
int fold_table_set_viewport(fold_table *table, double offset, double height);

/* Stops anchoring. O(1). */
int fold_table_clear_viewport(fold_table *table);

/* The viewport; *out_set is 0 (and the others untouched) when none is set.
 * out_offset and out_height are optional. O(1). */
int fold_table_viewport(const fold_table *table, int *out_set, double *out_offset,
                        double *out_height);

/* Alignments for fold_table_scroll_offset(). */
#define FOLD_ALIGN_AUTO 0   /* least movement that shows the item */
#define FOLD_ALIGN_START 1  /* item's top at the viewport's top */
#define FOLD_ALIGN_CENTER 2 /* item's middle at the viewport's middle */
#define FOLD_ALIGN_END 3    /* item's bottom at the viewport's bottom */
#define FOLD_ALIGN_SMART 4  /* none if visible; AUTO if within a viewport; else CENTER */

/* The offset that shows the item at `position` with `alignment`, clamped to
 * the content, for a viewport of `viewport_height` now at `offset`. Below
 * the viewport, AUTO aligns the item's bottom (its top if it is taller than
 * the viewport). O(depth * log n). */
int fold_table_scroll_offset(const fold_table *table, int64_t position, int32_t alignment,
                             double offset, double viewport_height, double *out_offset);

/* After expanding section `key`: the offset that shows its header and up to
 * its first `rows` children (5 is typical), scrolling as little as possible;
 * when they do not fit, the header goes to the top. FOLD_E_NOT_VISIBLE if
 * the section is inside a collapsed one. O(depth * log n). */
int fold_table_reveal_offset(const fold_table *table, const char *key, int64_t rows,
                             double offset, double viewport_height, double *out_offset);

/* The position of row `row` of section `key`. With `expand_ancestors`
 * nonzero, the collapsed sections that hide it (this one included) are
 * expanded first, all or nothing: FOLD_SECTION_WILL_EXPAND is sent for each
 * of them, outermost first, before any expands; if a listener refuses one,
 * nothing changes (no change set) and the call returns FOLD_E_NOT_VISIBLE.
 * Otherwise they expand, FOLD_SECTION_DID_EXPAND follows for each in the
 * same order, and one change set reports it all. Without expand_ancestors a
 * hidden row is FOLD_E_NOT_VISIBLE. O(depth * log n). */
int fold_table_reveal_row(fold_table *table, const char *key, int64_t row, int expand_ancestors,
                          int64_t *out_position);

/* ------------------------------------------------------------------------- */
/* Saved state                                                               */
/* ------------------------------------------------------------------------- */

/* The interface state as JSON a person can read: every section's collapsed
 * state by key, the expanded rows, and, with a viewport set, the scroll
 * anchor (the first visible item and how far the viewport's top is below
 * its top; null without a viewport or items):
 *   {"version": 1, "collapsed": {"Mac": false, "iPad": true},
 *    "expanded": [{"section": "Mac", "row": 2}],
 *    "anchor": {"section": "iPad", "kind": "row", "row": 1, "offset": 12.5}}
 * The caller frees *out_json with fold_free(). O(s + k * depth * log n). */
int fold_table_export_state(const fold_table *table, char **out_json);

/* What fold_table_import_state() applied and ignored, counted after the
 * import: what is in effect, not what the text asked for. */
typedef struct fold_import_report {
    int64_t sections;         /* sections whose saved collapsed state is in effect
                                 (a change a section listener refused is not counted) */
    int64_t unknown_sections; /* saved keys this table does not have */
    int64_t rows;             /* distinct saved rows expanded after the import
                                 (a row listed twice counts once) */
    int64_t unknown_rows;     /* saved rows not expanded: entries naming a row that is
                                 missing or cannot expand here, and distinct rows left
                                 collapsed (the accordion kept another, or a row
                                 listener refused) */
    int32_t anchor_restored;  /* 1 if the viewport was moved to the saved anchor */
    int32_t reserved;
} fold_import_report;

/* The largest saved state fold_table_import_state() reads, in bytes (1 GiB:
 * about 30 million sections in fold_table_export_state()'s format). */
#define FOLD_MAX_STATE_BYTES ((int64_t)1 << 30)

/* Applies saved state to this table, which may have been rebuilt with other
 * sections: unknown keys and rows are ignored and counted in *out_report
 * (optional; written only on success). Expanded rows not in the saved state
 * collapse; the accordion applies, saved rows in their order.
 *
 * The whole text is checked before anything changes, as strict JSON (RFC
 * 8259): numbers as its grammar writes them and within a double's range,
 * no member name twice in one object, valid UTF-8 in strings, at most 64
 * levels of nesting, at most FOLD_MAX_STATE_BYTES bytes (longer text is
 * refused without being read further). Malformed JSON, a wrong shape, too
 * long a text or too little memory to read it is FOLD_E_INVALID and changes
 * nothing; the message names the byte offset and what was expected there,
 * e.g. "saved state: at byte 17: expected ',' or '}' after an object member".
 *
 * Section listeners hear the saved collapses as one batch and then the saved
 * expansions as another (each batch: every "will" event, then the changes,
 * then the "did" events); a refused section keeps its state and is not
 * counted. Then the rows: those expanded but not saved collapse, then the
 * saved rows expand in their order, each row as fold_table_expand_row().
 *
 * The changes are reported to change listeners like any others, in one
 * change set; the saved anchor is applied before they are told, so the set's
 * anchored_offset is the restored offset, and a state that only moves the
 * viewport is reported too (with no changes). The text is read in place;
 * the import needs at most about 16 bytes per saved entry besides it.
 * O(b + p * depth * log n) for b bytes and p saved entries, whatever their
 * order. */
int fold_table_import_state(fold_table *table, const char *json, fold_import_report *out_report);

/* ------------------------------------------------------------------------- */
/* Lazy heights                                                              */
/* ------------------------------------------------------------------------- */
/*
 * With a height provider, every row without a height of its own is
 * unmeasured: it counts as its section's default row height (the estimate)
 * until fold_table_measure() asks the provider for it; the answer is kept
 * until invalidated. With a header height provider, headers whose height
 * was not set are unmeasured too (estimate: the table's header height).
 * Only the rows and headers a viewport needs are asked for.
 */

/* Returns nonzero and sets *out_height to the row's height, or returns 0 to
 * keep the estimate (which is then kept too). Runs inside the measuring call:
 * it may read the table, not change it (FOLD_E_BUSY). A height that is not
 * finite, negative or above FOLD_MAX_HEIGHT counts as 0 returned. */
typedef int (*fold_height_fn)(fold_table *table, const char *key, int64_t row, double *out_height,
                              void *user_data);

/* Sets the provider; fn NULL removes it. Once it returns FOLD_OK, the old
 * provider is never called again with its user_data (the caller may free it
 * at once), even when it is replaced inside a callback while
 * fold_table_measure() runs: the measure asks the new provider (or nobody)
 * for the rows it has left. O(1). */
int fold_table_set_height_provider(fold_table *table, fold_height_fn fn, void *user_data);

/* Like fold_height_fn, for the header of section `key`. */
typedef int (*fold_header_height_fn)(fold_table *table, const char *key, double *out_height,
                                     void *user_data);

/* Sets the header height provider; fn NULL removes it. Replacing it has the
 * effect described at fold_table_set_height_provider(). O(1). */
int fold_table_set_header_height_provider(fold_table *table, fold_header_height_fn fn,
                                          void *user_data);

/* Asks the provider for the unmeasured rows of the viewport [offset,
 * offset + height) widened by `overscan` items and stores the answers —
 * again while measuring brings more rows in, at most 8 rounds. With a
 * viewport set (fold_table_set_viewport), its offset is used instead of
 * `offset` and it stays anchored, so the visible content does not move
 * while estimates become measurements. Reported to listeners like any
 * change. *out_measured (optional): rows and headers measured (asked of a
 * provider). O(k * depth * log n). */
int fold_table_measure(fold_table *table, double offset, double height, int64_t overscan,
                       int64_t *out_measured);

/* Forgets measured heights so the provider is asked again: one row, every
 * row and the header of section `key`, or every row and header of the table
 * (headers go back to the table's header height). Expanded heights stay.
 * O(depth * log n) for a row; plus O(stored rows) for the others. */
int fold_table_invalidate_row_height(fold_table *table, const char *key, int64_t row);
int fold_table_invalidate_section_heights(fold_table *table, const char *key);
int fold_table_invalidate_all_heights(fold_table *table);

#ifdef __cplusplus
}
#endif

#endif /* FOLDTABLE_H */
