/*
 * foldtable.h — the C interface of FoldTable, the headless engine behind a
 * collapsible, sectioned, variable-height list.
 *
 * A table holds sections that hold rows and, nested, other sections. The
 * engine flattens them into one list of items — each section's header, its
 * children while it is expanded, and its footer when it has one — and
 * answers the questions a view asks while drawing and scrolling: which item
 * is at this position or this y-offset, where does an item start, what is
 * visible now, which headers stick at the top.
 *
 * Addressing. Every section has two names:
 *   - its key, a UTF-8 string the app chooses, unique in the table: the
 *     persistent identity (saved state stores keys; fold_table_find_section
 *     turns a key into an id);
 *   - its id (fold_section_id), a 64-bit value the table hands out when the
 *     section is created: every operation on a section takes its id. An id
 *     stays valid while the section exists, moves included, and is never
 *     handed out again by any table in the process, so a stale id, the id
 *     of a removed section or another table's id is FOLD_E_NOT_FOUND, never
 *     undefined behaviour. Ids are not saved; keys are.
 * FOLD_ROOT names the top level where a parent is asked for (inserting,
 * moving, child counts, child lookups); where a section is required it is
 * FOLD_E_INVALID. A row is (section id, row index), its index among the
 * section's rows. A child index counts a section's rows and subsections
 * together; in a section without subsections it equals the row index.
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
 *     FOLD_E_RANGE (except FOLD_INDEX_END where an insertion point is asked
 *     for).
 *   - Indices and counts are int64_t.
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
 *     Text is handed out by copying into the caller's buffer
 *     (fold_table_section_text, snprintf's convention), so drawing an item
 *     allocates nothing. The few arrays handed out (section states, expanded
 *     rows, saved state) are allocated by the library; the caller frees them
 *     with fold_free().
 *   - n below is the number of sections plus rows, depth the nesting depth
 *     of the section concerned; "log n" costs hold for any table size and
 *     any section size.
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
 *   - Once fold_table_remove_listener() or fold_table_set_height_provider()
 *     returns FOLD_OK, the old function is never called again with the old
 *     user_data, not even later in the round that is running when it is
 *     removed from inside a callback; the caller may free that user_data
 *     right away. A listener added during a round is first called in the
 *     next round.
 *   - A table freed inside one of its own callbacks (fold_table_free() on
 *     the thread that is inside a call on it) is freed when the outermost
 *     call on that table returns; that call completes and returns normally,
 *     except when it still needs answers from the match function, which the
 *     free drops: then it fails with FOLD_E_CANCELLED ("the table was freed
 *     inside the match function ...") and changes nothing. From the moment
 *     fold_table_free() returns, none of the table's callbacks is called
 *     again but the loader, which receives the FOLD_LOAD_CANCEL calls of
 *     the free when the outermost call returns (see fold_table_set_loader());
 *     the handle stays valid until the outermost call returns, and must not
 *     be used after that.
 *   - Inside a callback the table may be read; changing it is FOLD_E_BUSY
 *     (see "Change events and listeners"). Other tables may be used, subject
 *     to the FOLD_E_BUSY rule under "Thread safety".
 *   - Callbacks get the section's id and its key: the id to call back into
 *     the table, the key as the identity an app stores. The key pointer is
 *     valid during the call only.
 */
#ifndef FOLDTABLE_H
#define FOLDTABLE_H

#include <stddef.h>
#include <stdint.h>

#define FOLD_VERSION_MAJOR 0
#define FOLD_VERSION_MINOR 5
#define FOLD_VERSION_PATCH 0
/* MAJOR * 1000000 + MINOR * 1000 + PATCH, comparable with fold_version_number(). */
#define FOLD_VERSION_NUMBER \
    (FOLD_VERSION_MAJOR * 1000000 + FOLD_VERSION_MINOR * 1000 + FOLD_VERSION_PATCH)
#define FOLD_VERSION_STRING "0.5.0"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------- */
/* Status codes                                                              */
/* ------------------------------------------------------------------------- */

#define FOLD_OK 0
/* An argument is invalid: NULL where a value is needed, a NaN, infinite,
 * negative or too large height, invalid UTF-8, an empty key for a new
 * section (looking up an empty key is FOLD_E_NOT_FOUND), FOLD_ROOT where a
 * section is required, an unknown constant. */
#define FOLD_E_INVALID (-1)
/* An index or count is outside what the table holds. */
#define FOLD_E_RANGE (-2)
/* No section has this key or id (a stale id, a removed section's id or
 * another table's id), or the item asked for does not exist (the footer of
 * a section without one, the header of a section without a header item, the
 * detail of a header without '|'). */
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
/* The section does not allow this: collapsing or toggling a section that is
 * not collapsible (FOLD_SECTION_FIXED, or one without a header item);
 * adding rows or subsections to a section whose children are not loaded;
 * fold_table_load() of a section that is loaded or loading. */
#define FOLD_E_NOT_ALLOWED (-7)
/* The load this ticket belongs to is over: the section was collapsed while
 * loading, a newer load of it started, or its children already arrived
 * (see "Lazily loaded children"). Nothing was changed. */
#define FOLD_E_CANCELLED (-8)
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
/* Sections nest at most this many levels deep; deeper is FOLD_E_RANGE. */
#define FOLD_MAX_DEPTH 64
/* Passed as a per-section or per-row height: use the default instead.
 * Read back as an expanded height: the row has none. */
#define FOLD_HEIGHT_DEFAULT (-1.0)
/* As an insertion index: after the last child. */
#define FOLD_INDEX_END ((int64_t)-1)

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

/* Frees an array handed out by the library. NULL is a no-op. O(1). */
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
    int32_t accordion;       /* FOLD_ACCORDION_* (default FOLD_ACCORDION_MULTIPLE) */
    int32_t sticky_levels;   /* most header levels that stick; 0 = all (default 0) */
    int32_t follow_end;      /* 1: stick to the end of the content, 0: do not (default 0);
                                see fold_table_set_follow_end */
} fold_table_options;

/* Accordion policies: how many rows may be expanded at once. */
#define FOLD_ACCORDION_MULTIPLE 0    /* any number */
#define FOLD_ACCORDION_SINGLE 1      /* one in the table: expanding a row collapses the other */
#define FOLD_ACCORDION_PER_SECTION 2 /* one per section */

/* Fills *options with the defaults and sets options->size. NULL is a no-op. O(1). */
void fold_table_options_init(fold_table_options *options);

/* Creates an empty table. options may be NULL for the defaults; its fields are
 * copied. Heights must be valid, accordion a FOLD_ACCORDION_* value,
 * sticky_levels >= 0 and follow_end 0 or 1 (FOLD_E_INVALID otherwise);
 * options->size must cover at least the fields up to padding_bottom
 * (FOLD_E_INVALID); fields beyond size get their defaults.
 * The caller frees the table with fold_table_free(). O(1). */
int fold_table_new(const fold_table_options *options, fold_table **out_table);

/* Frees a table and everything it holds. NULL is a no-op. O(n).
 * Inside one of the table's own callbacks (on the thread that is inside a
 * call on it, however deep), the table is freed when the outermost call on
 * it returns: its listeners and providers are unregistered at once (none is
 * called again), the outermost call completes normally, and the handle must
 * not be used after it returns. Must not race with a call on the table from
 * another thread. Loads under way are cancelled first: the loader gets
 * FOLD_LOAD_CANCEL for each, in ticket order (inside a callback: before the
 * outermost call returns), and is not called again. */
void fold_table_free(fold_table *table);

/* Writes the table's options to *out_options: as given to fold_table_new
 * (heights rounded to FOLD_HEIGHT_UNIT, as kept), with accordion,
 * sticky_levels and follow_end as currently set. out_options->size must be
 * set first (fold_table_options_init); only that many bytes are written,
 * and size is set to the number written. O(1). */
int fold_table_get_options(const fold_table *table, fold_table_options *out_options);

/* Sets the accordion policy (FOLD_ACCORDION_*) for later expansions. O(1). */
int fold_table_set_accordion(fold_table *table, int32_t accordion);

/* Sets the most header levels that stick (0 = all; negative is FOLD_E_RANGE). O(1). */
int fold_table_set_sticky_levels(fold_table *table, int32_t levels);

/* Turns sticking to the end on (1) or off (0) for later mutations; other
 * values are FOLD_E_INVALID (kept for later modes). fold_table_get_options
 * reports it. The rule is under "Scrolling". O(1). */
int fold_table_set_follow_end(fold_table *table, int32_t follow);

/* The strings shown as a header's indicator: `collapsed` (default "+") and
 * `expanded` (default "\xE2\x80\x93", an en dash); both copied, NULL invalid.
 * Reports nothing to listeners (redraw the headers). O(1). */
int fold_table_set_indicators(fold_table *table, const char *collapsed, const char *expanded);

/* ------------------------------------------------------------------------- */
/* Finding sections                                                          */
/* ------------------------------------------------------------------------- */

/* A section's id; see "Addressing" at the top. Never 0 for a section. */
typedef uint64_t fold_section_id;

/* The top level, as a parent. */
#define FOLD_ROOT ((fold_section_id)0)

/* Kinds of a child (fold_table_child_at). */
#define FOLD_CHILD_SECTION 0
#define FOLD_CHILD_ROW 1

/* The id of the section with `key` (FOLD_E_NOT_FOUND if none). O(1) in the
 * number of sections (a hash lookup; O(key length)). */
int fold_table_find_section(const fold_table *table, const char *key, fold_section_id *out_id);

/* Number of children of `parent` (FOLD_ROOT: top-level sections).
 * O(1) after resolving the id, which is O(1). */
int fold_table_child_count(const fold_table *table, fold_section_id parent, int64_t *out_count);

/* A number that changes whenever some section's children change: rows or
 * sections inserted, removed or moved, by any call (fold_table_apply_snapshot
 * and fold_table_finish_load too). While it stays the same, every section's
 * index among its siblings (fold_section_info.index) and every child count
 * stay the same, so a binding or view can cache them under it. It may also
 * change when rows were only re-marked (rows selected, several row heights
 * set at once, a filter set or cleared). It only ever grows, so a value is
 * never handed out twice: a call that fails leaves it as it was if the call
 * edited no child list, and otherwise moves it once more (a callback of the
 * failed call, such as the match function, may have read a value that
 * belonged to a shape the failure undid; the table's content is restored,
 * and a cache keyed on the old value is refilled once). One number per
 * table. O(1). */
int fold_table_structure_version(const fold_table *table, uint64_t *out_version);

/* Child `index` of `parent` (FOLD_ROOT: the top level, whose children are
 * sections only): *out_kind is FOLD_CHILD_SECTION (then *out_section is its
 * id and *out_row -1) or FOLD_CHILD_ROW (then *out_row is its row index and
 * *out_section 0). out_section and out_row are optional. O(log n). */
int fold_table_child_at(const fold_table *table, fold_section_id parent, int64_t index,
                        int32_t *out_kind, fold_section_id *out_section, int64_t *out_row);

/* The section a path names: the child index at each level from the top
 * ({2} is the third top-level section, {2, 0} its first child); every index
 * must name a section (a row is FOLD_E_INVALID). length 0 is
 * FOLD_E_INVALID; a negative length or one above FOLD_MAX_DEPTH is
 * FOLD_E_RANGE. O(depth * log n). */
int fold_table_section_at_path(const fold_table *table, const int64_t *path, int64_t length,
                               fold_section_id *out_id);

/* The path of a section: writes min(capacity, length) indices into out_path
 * (NULL allowed with capacity 0) and the full length to *out_length.
 * O(depth * log n). */
int fold_table_section_path(const fold_table *table, fold_section_id section, int64_t *out_path,
                            int64_t capacity, int64_t *out_length);

/* Section flags: given to fold_table_insert_section() (COLLAPSED, FIXED,
 * NO_HEADER, EXPANDED, UNLOADED, NO_FOCUS, NO_DROP) and reported in
 * fold_section_info.flags (COLLAPSED, FIXED, NO_HEADER, COLLAPSIBLE,
 * UNLOADED, FILTERED, FILTER_OPENED, NO_FOCUS, NO_DROP); NO_FOCUS and
 * NO_DROP can be changed later (fold_table_set_section_flags). */
#define FOLD_SECTION_COLLAPSED 1u   /* its stored state is collapsed */
#define FOLD_SECTION_FIXED 2u       /* not collapsible: no indicator, collapse and
                                       toggle are FOLD_E_NOT_ALLOWED */
#define FOLD_SECTION_NO_HEADER 4u   /* no header item (a group of rows; it keeps
                                       its footer item if it has one); never
                                       collapsible (implies FIXED) */
#define FOLD_SECTION_COLLAPSIBLE 8u /* reported only: not FIXED, and has children
                                       or children to load (UNLOADED), so a
                                       header shows an indicator */
#define FOLD_SECTION_EXPANDED 16u   /* given only: starts expanded although the
                                       table's start_collapsed option is set */
#define FOLD_SECTION_UNLOADED 32u   /* given: its children are not loaded yet (see
                                       "Lazily loaded children"); reported while
                                       its load state is not FOLD_LOAD_LOADED */
#define FOLD_SECTION_FILTERED 64u   /* reported only: a filter hides it and
                                       everything in it (see "Filtering") */
#define FOLD_SECTION_FILTER_OPENED 128u /* reported only: stored state collapsed,
                                       but shown expanded by a filter with
                                       FOLD_FILTER_EXPAND_MATCHES */
#define FOLD_SECTION_NO_FOCUS 256u  /* its header, footer, placeholder and own
                                       rows take no keyboard focus: navigation
                                       passes over them (see "Focus and
                                       keyboard"); its subsections are not
                                       affected */
#define FOLD_SECTION_NO_DROP 512u   /* dragged items cannot be dropped into it
                                       (see "Drag and drop"); it can still be
                                       dragged and dropped elsewhere */

/* What fold_table_section_info() reports. */
typedef struct fold_section_info {
    fold_section_id parent; /* FOLD_ROOT for a top-level section */
    int64_t index;          /* among the parent's children */
    int32_t depth;          /* 0 = top level */
    uint32_t flags;         /* FOLD_SECTION_* */
    int64_t child_count;    /* rows and subsections */
    int64_t row_count;      /* its own rows, collapsed or not */
    int64_t visible_row_count; /* rows it shows: 0 while it hides its children */
    double header_height;   /* effective heights (0 header without a header item) */
    double footer_height;   /* 0 = no footer item */
    double row_height;      /* default height of its rows */
    int64_t reserved[4];
} fold_section_info;

/* Everything about one section but its text. O(depth + log n). */
int fold_table_section_info(const fold_table *table, fold_section_id section,
                            fold_section_info *out_info);

/* Texts of a section (fold_table_section_text). */
#define FOLD_TEXT_KEY 0       /* its key */
#define FOLD_TEXT_HEADER 1    /* the whole header text, "Title|Detail" or "Title" */
#define FOLD_TEXT_TITLE 2     /* the header text before its first '|' (all of it
                                 without one) */
#define FOLD_TEXT_DETAIL 3    /* after the first '|'; FOLD_E_NOT_FOUND without one */
#define FOLD_TEXT_INDICATOR 4 /* the collapsed or expanded indicator, or "" for a
                                 section that is not collapsible now */
#define FOLD_TEXT_LOAD_ERROR 5 /* the message of a failed load
                                  (fold_table_fail_load); FOLD_E_NOT_FOUND
                                  unless its load state is FOLD_LOAD_FAILED */

/* Copies one text of a section into `buffer`, snprintf-style, so drawing a
 * header allocates nothing: writes at most capacity - 1 bytes, cut at a
 * UTF-8 character boundary, then a NUL (nothing when capacity is 0; buffer
 * may then be NULL), and sets *out_length (optional) to the text's full
 * length in bytes without the NUL. The text was cut if *out_length >=
 * capacity: call again with *out_length + 1 bytes. The copy is made under
 * the table's lock, so it is safe while other threads change the table.
 * O(log n) for the indicator, O(1) otherwise, plus O(length). */
int fold_table_section_text(const fold_table *table, fold_section_id section, int32_t which,
                            char *buffer, size_t capacity, size_t *out_length);

/* ------------------------------------------------------------------------- */
/* Changing sections                                                         */
/* ------------------------------------------------------------------------- */

/* Inserts a section as child `index` (0...child count, or FOLD_INDEX_END) of
 * `parent` (FOLD_ROOT: the top level) with `row_count` rows of the default
 * height, and sets *out_id (optional) to its id. `key` must be non-empty and
 * unique in the table (FOLD_E_DUPLICATE); `header` is the header text (NULL
 * means ""). `flags`: FOLD_SECTION_COLLAPSED (it starts collapsed, like
 * every collapsible section when the table's start_collapsed option is set;
 * an empty section keeps the state for when it gets children),
 * FOLD_SECTION_EXPANDED (it starts expanded whatever start_collapsed says),
 * FOLD_SECTION_FIXED, FOLD_SECTION_NO_HEADER, FOLD_SECTION_UNLOADED (its
 * children come later, see "Lazily loaded children"; with EXPANDED it
 * starts expanded and loading at once: placeholder, ticket and
 * FOLD_LOAD_START, in the insertion's change set, no section events), or 0.
 * Other bits, COLLAPSED with EXPANDED, COLLAPSED with FIXED or NO_HEADER (a
 * section that cannot collapse cannot start collapsed), UNLOADED with FIXED
 * or NO_HEADER, and UNLOADED with row_count > 0 are FOLD_E_INVALID. A parent
 * whose children are not loaded is FOLD_E_NOT_ALLOWED. The insertion is one
 * change set, whatever the flags. FOLD_E_RANGE beyond FOLD_MAX_DEPTH levels
 * or FOLD_MAX_SECTIONS sections. O(depth * log n). */
int fold_table_insert_section(fold_table *table, fold_section_id parent, int64_t index,
                              const char *key, const char *header, int64_t row_count,
                              uint32_t flags, fold_section_id *out_id);

/* Removes a section with everything inside it; its id and those of its
 * subsections become FOLD_E_NOT_FOUND. O(depth * log n) plus O(1) per
 * subsection and the memory freed. */
int fold_table_remove_section(fold_table *table, fold_section_id section);

/* Moves a section (children, states and id with it) to be child `index` of
 * `parent`; `index` counts that parent's children without the moved section
 * (FOLD_INDEX_END: last). Moving a section into itself or its own subtree is
 * FOLD_E_INVALID; moving it to its own place reports nothing.
 * O(depth * log n). */
int fold_table_move_section(fold_table *table, fold_section_id section, fold_section_id parent,
                            int64_t index);

/* Removes children index..index+count-1 of `parent`, rows and subsections
 * alike (with everything inside them). O(depth * log n) plus O(1) per
 * removed subsection and the memory freed. */
int fold_table_remove_children(fold_table *table, fold_section_id parent, int64_t index,
                               int64_t count);

/* Replaces the header text (NULL means ""). Reported as a redraw of the
 * header. O(depth * log n). */
int fold_table_set_section_header(fold_table *table, fold_section_id section, const char *header);

/* Which height (fold_table_set_section_height, fold_table_set_height_provider). */
#define FOLD_HEIGHT_ROW 0      /* rows: a section's default row height; the row provider */
#define FOLD_HEIGHT_HEADER 1   /* a section's header */
#define FOLD_HEIGHT_FOOTER 2   /* a section's footer (0 = no footer item) */
#define FOLD_HEIGHT_EXPANDED 3 /* rows' expanded heights (providers only) */

/* Sets a section's header, footer or default row height (`which`:
 * FOLD_HEIGHT_HEADER, _FOOTER or _ROW); FOLD_HEIGHT_DEFAULT returns to the
 * table's default. A header height set here counts as measured (a header
 * height provider is not asked for it); FOLD_HEIGHT_DEFAULT makes it
 * unmeasured again. A section without a header item ignores its header
 * height. O(depth * log n) (rows of the default height are not touched). */
int fold_table_set_section_height(fold_table *table, fold_section_id section, int32_t which,
                                  double height);

/* Marks a section collapsible (nonzero) or not (FOLD_SECTION_FIXED). A
 * collapsed section cannot be made fixed (FOLD_E_NOT_ALLOWED: expand it
 * first); a section without a header item stays fixed (asking to make it
 * collapsible is FOLD_E_NOT_ALLOWED; making it fixed again is FOLD_OK).
 * The header is redrawn when its indicator changes. O(depth * log n). */
int fold_table_set_collapsible(fold_table *table, fold_section_id section, int collapsible);

/* Sets the bits of `mask` to those of `flags`; only FOLD_SECTION_NO_FOCUS
 * and FOLD_SECTION_NO_DROP can be changed (other bits in `mask` or in
 * `flags` are FOLD_E_INVALID). Nothing is redrawn and no change set is sent: neither
 * flag changes how an item is drawn. A focused item that can no longer take
 * focus keeps it until focus moves. O(depth * log n). */
int fold_table_set_section_flags(fold_table *table, fold_section_id section, uint32_t flags,
                                 uint32_t mask);

/* ------------------------------------------------------------------------- */
/* Rows                                                                      */
/* ------------------------------------------------------------------------- */

/* Inserts `count` rows as children index..index+count-1 of `section`
 * (`index` is a child index, 0...child count or FOLD_INDEX_END; without
 * subsections it is the row index). `heights` is NULL (rows use the
 * section's default height and take no memory) or an array of `count`
 * heights (FOLD_HEIGHT_DEFAULT allowed), validated before anything changes.
 * O(depth * log n), plus O(count) when heights are given. */
int fold_table_insert_rows(fold_table *table, fold_section_id section, int64_t index,
                           int64_t count, const double *heights);

/* Removes rows row..row+count-1 of `section` (row indices); subsections
 * between them stay. O(depth * log n) plus the memory freed. */
int fold_table_remove_rows(fold_table *table, fold_section_id section, int64_t row, int64_t count);

/* Moves row `row` of `section` (heights and expanded state with it) to be
 * child `index` of `target` (a section; `index` counts its children without
 * the moved row, FOLD_INDEX_END: last). Moving it to its own place reports
 * nothing. O(depth * log n). */
int fold_table_move_row(fold_table *table, fold_section_id section, int64_t row,
                        fold_section_id target, int64_t index);

/* Sets one row's height; FOLD_HEIGHT_DEFAULT returns it to the section's
 * default row height. When the row reads the same afterwards, no change set
 * is sent. O(depth * log n). */
int fold_table_set_row_height(fold_table *table, fold_section_id section, int64_t row,
                              double height);

/* Sets the heights of rows row..row+count-1 from `heights` (count values,
 * FOLD_HEIGHT_DEFAULT allowed), validated before anything changes. When no
 * row reads differently afterwards, no change set is sent.
 * O(depth * log n + count). */
int fold_table_set_row_heights(fold_table *table, fold_section_id section, int64_t row,
                               int64_t count, const double *heights);

/* What fold_table_row_info() reports. */
typedef struct fold_row_info {
    double height;          /* its own height, or its section's default */
    double expanded_height; /* FOLD_HEIGHT_DEFAULT if it has none (or none is known yet) */
    int64_t child_index;    /* among the section's children */
    uint32_t flags;         /* FOLD_ITEM_FLAG_EXPANDED, _EXPANDABLE */
    uint32_t reserved;
} fold_row_info;

/* Everything about one row. O(depth * log n). */
int fold_table_row_info(const fold_table *table, fold_section_id section, int64_t row,
                        fold_row_info *out_info);

/* ------------------------------------------------------------------------- */
/* Expandable rows                                                           */
/* ------------------------------------------------------------------------- */
/*
 * A row may have an expanded height besides its height; it is expandable
 * only while the expanded height is larger. An expanded row shows its
 * expanded height everywhere (offsets, item at offset, viewports, content
 * height). Expanded state belongs to the row: it moves with the row when rows
 * are inserted or removed around it or its section moves.
 */

/* Sets a row's expanded height; FOLD_HEIGHT_DEFAULT removes it (and
 * collapses the row). A row whose expanded height stops being larger than its
 * height collapses. The same value again sends no change set.
 * O(depth * log n). */
int fold_table_set_row_expanded_height(fold_table *table, fold_section_id section, int64_t row,
                                       double height);

/* Expand, collapse or toggle a row; *out_changed (optional) is 1 if its state
 * flipped. A row without a known expanded height is first asked of the
 * expanded-height provider, if one is set. Expanding a row that is not
 * expandable changes nothing. Under FOLD_ACCORDION_SINGLE / _PER_SECTION,
 * expanding a row first collapses the expanded row of the table / of its
 * section. Toggling an expanded row collapses it. Events:
 * FOLD_ROW_WILL_COLLAPSE for each displaced row, then FOLD_ROW_WILL_EXPAND
 * for the row, all before any change; one refusal and nothing changes
 * (*out_changed 0, status FOLD_OK, no change set — except that an expanded
 * height the provider answered during the call is kept, and the row's
 * redraw for its new FOLD_ITEM_FLAG_EXPANDABLE is reported); else the
 * changes, then the "did" events in the same order. O(depth * log n). */
int fold_table_expand_row(fold_table *table, fold_section_id section, int64_t row,
                          int *out_changed);
int fold_table_collapse_row(fold_table *table, fold_section_id section, int64_t row,
                            int *out_changed);
int fold_table_toggle_row(fold_table *table, fold_section_id section, int64_t row,
                          int *out_changed);

/* One entry of fold_table_expanded_rows(). */
typedef struct fold_row_ref {
    fold_section_id section;
    const char *key; /* the section's key; points into the same allocation */
    int64_t row;
} fold_row_ref;

/* Every expanded row in list order, as one allocation: *out_rows points to
 * *out_count entries followed by their key strings; free it with
 * fold_free(*out_rows), once. NULL and 0 when no row is expanded.
 * O(k * depth * log n) for k expanded rows. */
int fold_table_expanded_rows(const fold_table *table, fold_row_ref **out_rows, int64_t *out_count);

/* ------------------------------------------------------------------------- */
/* Collapsing                                                                */
/* ------------------------------------------------------------------------- */

/* Collapse, expand or toggle a section. *out_changed (optional) is 1 if the
 * stored state flipped, 0 if it was already so. A section without children
 * keeps the state for when it gets some (its header is redrawn; it hides
 * nothing yet). A section that is not collapsible (FOLD_SECTION_FIXED or
 * NO_HEADER) refuses collapse and toggle with FOLD_E_NOT_ALLOWED; expanding
 * it does nothing. Events: FOLD_SECTION_WILL_* before the change (a refusal
 * leaves it as it is: FOLD_OK, *out_changed 0), FOLD_SECTION_DID_* after.
 * The state belongs to the section: it survives moves and changes around
 * it. O(depth * log n) whatever the number of rows. */
int fold_table_collapse(fold_table *table, fold_section_id section, int *out_changed);
int fold_table_expand(fold_table *table, fold_section_id section, int *out_changed);
int fold_table_toggle(fold_table *table, fold_section_id section, int *out_changed);

/* Collapse or expand every collapsible section (at every depth) that has
 * children; *out_changed (optional) is the number of sections whose state
 * flipped. Sections go in post-order (a section's subsections before it).
 * Every "will" event for every section that would flip is sent first,
 * before anything changes; a section whose "will" event is refused keeps its
 * state while the others flip; then the "did" events, in the same order,
 * with every flip done; then one change set. O(s) for s sections, in one
 * pass over them (rows are not visited). */
int fold_table_collapse_all(fold_table *table, int64_t *out_changed);
int fold_table_expand_all(fold_table *table, int64_t *out_changed);

/* One entry of fold_table_section_states(). */
typedef struct fold_section_state {
    fold_section_id section;
    const char *key;   /* points into the same allocation */
    int32_t collapsed; /* 1 = collapsed */
    int32_t reserved;
} fold_section_state;

/* The stored collapsed state of every section in list order (pre-order), as
 * one allocation: *out_states points to *out_count entries followed by their
 * key strings. The caller frees it with fold_free(*out_states), once. For a
 * table with no sections, *out_states is NULL and *out_count 0. O(s) for s
 * sections. */
int fold_table_section_states(const fold_table *table, fold_section_state **out_states,
                              int64_t *out_count);

/* ------------------------------------------------------------------------- */
/* The flat list                                                             */
/* ------------------------------------------------------------------------- */

/* Item kinds in the flat list. */
#define FOLD_ITEM_HEADER 0
#define FOLD_ITEM_ROW 1
#define FOLD_ITEM_FOOTER 2
#define FOLD_ITEM_PLACEHOLDER 3 /* under the header of a section whose children
                                   are loading or failed to load (row -1) */

/* Flags of an item (fold_item.flags, fold_visible_item.flags). */
#define FOLD_ITEM_FLAG_COLLAPSED 1u   /* a header or footer whose section shows
                                         collapsed: its stored state is collapsed
                                         and no filter opened it
                                         (FOLD_SECTION_FILTER_OPENED) */
#define FOLD_ITEM_FLAG_EXPANDED 2u    /* a row that is expanded */
#define FOLD_ITEM_FLAG_EXPANDABLE 4u  /* a row whose expanded height exceeds its
                                         height */
#define FOLD_ITEM_FLAG_COLLAPSIBLE 8u /* a header or footer whose section is
                                         collapsible now (FOLD_SECTION_COLLAPSIBLE):
                                         draw an indicator */
#define FOLD_ITEM_FLAG_LOADING 16u    /* a placeholder: the children are loading */
#define FOLD_ITEM_FLAG_FAILED 32u     /* a placeholder: loading failed (activate it
                                         to retry) */
#define FOLD_ITEM_FLAG_SELECTED 64u   /* a header whose section, or a row, is
                                         selected (see "Selection") */
#define FOLD_ITEM_FLAG_MATCH 128u     /* a header or row that matches the active
                                         filter itself (see "Filtering"); items
                                         shown only as the way to a match, or
                                         by FOLD_FILTER_SHOW_CHILDREN, have not */
#define FOLD_ITEM_FLAG_FOCUSED 256u   /* the focused item (see "Focus and
                                         keyboard") */

/* One item of the flat list. */
typedef struct fold_item {
    int32_t kind;            /* FOLD_ITEM_HEADER, _ROW or _FOOTER */
    int32_t depth;           /* nesting depth of the item's section (0 = top level) */
    fold_section_id section; /* the item's section */
    int64_t row;             /* row index for rows, -1 for headers and footers */
    uint32_t flags;          /* FOLD_ITEM_FLAG_* */
    uint32_t reserved;
} fold_item;

/* Number of items in the flat list. O(1). */
int fold_table_item_count(const fold_table *table, int64_t *out_count);

/* The item at `position` (0..count-1). O(depth * log n). */
int fold_table_item_at(const fold_table *table, int64_t position, fold_item *out_item);

/* fold_table_item_at, plus the index of the item's section among its
 * parent's children (fold_section_info's `index`) in *out_section_index:
 * what a binding shows as an item's section, from the same descent, in one
 * call. O(depth * log n). */
int fold_table_item_at_with_index(const fold_table *table, int64_t position, fold_item *out_item,
                                  int64_t *out_section_index);

/* Position of a section's header; FOLD_E_NOT_FOUND for a section without a
 * header item (wherever it is). O(depth * log n). */
int fold_table_header_position(const fold_table *table, fold_section_id section,
                               int64_t *out_position);

/* Position of a row. O(depth * log n). */
int fold_table_row_position(const fold_table *table, fold_section_id section, int64_t row,
                            int64_t *out_position);

/* Position of a section's footer; FOLD_E_NOT_FOUND if the section has no
 * footer (footer height 0). A collapsed section keeps its footer.
 * O(depth * log n). */
int fold_table_footer_position(const fold_table *table, fold_section_id section,
                               int64_t *out_position);
/* The three above: FOLD_E_NOT_VISIBLE if a section that contains the item
 * (for a row: its own section too) is collapsed. */

/* What fold_table_activate() did. */
#define FOLD_ACTIVATED_NOTHING 0           /* nothing to do: a footer, a fixed
                                              header, a row that cannot expand */
#define FOLD_ACTIVATED_SECTION_COLLAPSED 1
#define FOLD_ACTIVATED_SECTION_EXPANDED 2
#define FOLD_ACTIVATED_ROW_EXPANDED 3
#define FOLD_ACTIVATED_ROW_COLLAPSED 4
#define FOLD_ACTIVATED_REFUSED 5           /* a "will" listener refused; nothing changed */
#define FOLD_ACTIVATED_LOAD_RETRIED 6      /* a failed load's placeholder: loading again */

/* What a click on the item at `position` does: a header toggles its section
 * unless it is fixed (an empty section toggles its stored state, as
 * fold_table_toggle does), a row toggles its expansion (accordion applies; an
 * unknown expanded height is asked of the provider first), a failed load's
 * placeholder retries the load, a footer or a loading placeholder does
 * nothing. *out_action (optional) says which. O(depth * log n). */
int fold_table_activate(fold_table *table, int64_t position, int32_t *out_action);

/* ------------------------------------------------------------------------- */
/* Geometry                                                                  */
/* ------------------------------------------------------------------------- */

/* Where an offset falls (fold_table_item_at_offset). */
#define FOLD_OFFSET_IN_ITEM 0 /* inside the reported item */
#define FOLD_OFFSET_ABOVE 1   /* above the first item (negative or in the top
                                 padding); the reported item is the first */
#define FOLD_OFFSET_BELOW 2   /* at or past the end of the last item (bottom
                                 padding or beyond); the reported item is the
                                 last */

/* Height of the item at `position`. O(depth * log n). */
int fold_table_item_height(const fold_table *table, int64_t position, double *out_height);

/* Offset of the top of the item at `position` from the top of the content
 * (the top padding included). O(depth * log n). */
int fold_table_item_top(const fold_table *table, int64_t position, double *out_top);

/* The item that contains offset `y`: the one with top <= y < top + height,
 * compared exactly (see the conventions: heights are whole 1/256 pt units).
 * Items of height 0 contain no offset, so it is the first item of nonzero
 * height whose range holds y. *out_place tells whether y is in an
 * item, above the first item or below the last (FOLD_OFFSET_*); above and
 * below report the nearest item. In a table with no items *out_position is
 * -1 and *out_place FOLD_OFFSET_ABOVE for y below the top padding's end,
 * FOLD_OFFSET_BELOW otherwise. y must be finite (FOLD_E_INVALID).
 * O(depth * log n). */
int fold_table_item_at_offset(const fold_table *table, double y, int64_t *out_position,
                              int32_t *out_place);

/* Total content height: padding and every item. O(1). */
int fold_table_content_height(const fold_table *table, double *out_height);

/* One item of a viewport (fold_table_visible_items). */
typedef struct fold_visible_item {
    int64_t position;
    int32_t kind;            /* FOLD_ITEM_* */
    int32_t depth;           /* nesting depth of the item's section (0 = top level) */
    fold_section_id section; /* the item's section */
    int64_t row;             /* -1 for headers and footers */
    double top;              /* offset of the item's top */
    double height;
    uint32_t flags;          /* FOLD_ITEM_FLAG_* */
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
 * O(depth * log n + k) for k items written. */
int fold_table_visible_items(const fold_table *table, double offset, double height,
                             int64_t overscan, fold_visible_item *out, int64_t capacity,
                             int64_t *out_written, int64_t *out_total);

/* A header drawn stuck to the top of the viewport. */
typedef struct fold_sticky_header {
    int64_t position;        /* the header's position in the flat list */
    fold_section_id section; /* its section */
    int32_t depth;           /* its section's nesting depth */
    int32_t reserved;
    double top;              /* where it is drawn */
    double height;
} fold_sticky_header;

/* The headers that stick at the top of a viewport scrolled to `offset`,
 * stacked the way CSS position: sticky headers stack: one per nesting level
 * that has a header item, outermost first, at most sticky_levels of them
 * when that option is set. The first is the outermost section with a header
 * whose range (header to footer) holds `offset`, drawn at `offset`. Each
 * next one is the subsection of the one above whose range holds the bottom
 * of the headers drawn so far, drawn at that bottom: a subsection's header
 * sticks as soon as its top reaches the headers stuck above it (sections
 * without a header item are looked through). No header is drawn below its
 * natural place (its fold_table_item_top, bit for bit) nor lower than its
 * section's end minus its height — so the next header of its own level (or
 * whatever follows its section) pushes it up as it arrives, sliding behind
 * the headers above it (draw deeper levels first); an outer header pushed up
 * takes the stack's bottom out of the inner section, which then drops out.
 * Writes min(capacity, total) entries, *out_written that number and
 * *out_total (optional) the total. offset must be finite.
 * O(depth * log n). */
int fold_table_sticky_headers(const fold_table *table, double offset, fold_sticky_header *out,
                              int64_t capacity, int64_t *out_written, int64_t *out_total);

/* ------------------------------------------------------------------------- */
/* Change events and listeners                                               */
/* ------------------------------------------------------------------------- */
/*
 * Every mutation describes what it did to the flat list: steps "at position,
 * `removed` items were replaced by `added` items" (GTK's items-changed),
 * applied in order to the old list; the positions (in the new list) of
 * items that stayed but must be redrawn because their height, text or state
 * changed (a header's indicator, collapsed flag or row count — so a header
 * that shows a count stays current, also while its section is collapsed —
 * a row's expanded state); and the content-height difference. A mutation
 * that changes nothing reports nothing: no change set is sent for a setter
 * given what is already there (a row height, heights or expanded height
 * equal to the current ones, including a default row set to its default's
 * value; a state it already has; a row or section moved to its own place).
 * fold_table_set_indicators reports nothing. While a filter is on, rows
 * inserted, removed or moved (hidden ones too, which add or remove no item)
 * redraw the shown items after them in their section, whose row index
 * (fold_item.row) changed.
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
 * nothing (viewport, accordion, sticky levels, follow_end, indicators,
 * providers) and adding or removing listeners are allowed. Removal takes
 * effect at once: a listener removed inside a callback is not called again,
 * even if its turn in the running round has not come yet; one added there
 * is first called in the next round (the "did" round after a "will", the
 * next change). A listener may free its own table (fold_table_free:
 * deferred, see there). A
 * call on another table from inside a listener is FOLD_E_BUSY if another
 * thread is inside a call on that table ("Thread safety" at the top).
 */

/*
 * Moves. A section or row that moves (fold_table_move_section,
 * fold_table_move_row, fold_table_apply_snapshot, a batch) is still removed
 * by one step and added by another, so a listener that reads only the
 * steps sees what it always saw. The change set also
 * lists the moves: each says that the `count` items at `from` in the list
 * before the change set are the same items as the `count` items at `to` in
 * the list after it. `from`'s range lies inside what the steps remove and
 * `to`'s inside what they add, and moves do not overlap. A view that keeps
 * an item's widget (its focus, its selection, an animation) replays them:
 *
 *   1. take the widgets at each move's from .. from + count - 1 aside;
 *   2. apply the steps in order as usual (added positions get new slots);
 *   3. put the widgets taken aside at to .. to + count - 1 (those slots
 *      are new slots), and make widgets for the other new slots.
 *
 * Worked example, the table at the top (Mac 0, rows 1-3; iPad 4, rows 5-6;
 * iPhone 7, rows 8-11) after fold_table_move_section(t, mac, FOLD_ROOT, 2):
 *   changes: {0, 4, 0} {8, 0, 4}    (Mac's 4 items out, then in at 8)
 *   moves:   {from 0, to 8, count 4}
 * Step 1 takes the widgets of items 0-3, the steps leave iPad at 0-2,
 * iPhone at 3-7 and four new slots at 8-11, and step 3 puts Mac's widgets
 * there. A section that moves while its parent or itself is collapsed
 * moves the items that show; one that a snapshot moves and also changes
 * inside moves its header only (its other items are new, its header is
 * redrawn). Moved items are always in the redraw ranges (where they land
 * they may show a new row index, depth or height): a view that keeps their
 * widgets binds them again.
 */

typedef struct fold_change {
    int64_t position;
    int64_t removed;
    int64_t added;
} fold_change;

/* Items a change set moved: the `count` items at `from` in the list
 * before it are the `count` items at `to` in the list after it. */
typedef struct fold_move {
    int64_t from;
    int64_t to;
    int64_t count;
} fold_move;

typedef struct fold_range {
    int64_t position;
    int64_t count;
} fold_range;

/* What one mutation (or batch) did. The arrays are owned by the library and
 * valid only during the listener call. The library fills this struct and
 * listeners only read it, so members may be appended in later versions. */
typedef struct fold_change_set {
    const fold_change *changes;
    int64_t change_count;
    const fold_range *redraw; /* sorted, disjoint */
    int64_t redraw_count;
    double content_height_delta;
    int32_t anchored;         /* 1 if a viewport is set (anchored_offset valid) */
    int32_t reserved;
    double anchored_offset;   /* the viewport's new offset (see fold_table_set_viewport) */
    const fold_move *moves;   /* in new-list order, not overlapping (see "Moves");
                                 NULL when move_count is 0 */
    int64_t move_count;
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
typedef int (*fold_section_fn)(fold_table *table, fold_section_id section, const char *key,
                               int32_t event, void *user_data);
typedef int (*fold_row_fn)(fold_table *table, fold_section_id section, const char *key,
                           int64_t row, int32_t event, void *user_data);

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

/*
 * Batches. Between fold_table_begin_batch() and the matching
 * fold_table_end_batch(), every change (rows and sections inserted,
 * removed or moved, heights, collapse and expand, snapshots, loads
 * finishing) is made at once — queries see it — but change listeners are
 * told nothing until the outermost batch ends; then they get one change set
 * that turns the list before the batch into the list after it with the
 * fewest moves and steps: the most items that are still in the same order
 * stay in place (a weighted longest increasing run, as diff libraries
 * find; among equal choices, those the batch did not move), every other
 * item that is still there is a move, and one step covers each stretch
 * between items kept in place; nothing for items added and removed again
 * inside the batch (an item moved back to its place is kept), every
 * redraw, the whole content-height difference, and the viewport anchored
 * once (queries inside the batch see the viewport's offset as it was).
 * Section and row listeners ("will"/"did") are called as each call runs.
 * The loader's FOLD_LOAD_START and CANCEL calls wait for the end too, after
 * the change listeners. Batches nest; only the outermost end reports.
 *
 * A failed call inside a batch changes nothing, as always, and the batch
 * stays open and usable. A batch belongs to the table, not to a thread:
 * another thread's calls made while it is open join it. End every batch
 * you begin (freeing the table ends it, telling no one).
 *
 * Both return FOLD_E_BUSY inside a callback of the table (a listener, the
 * match function, a provider); fold_table_end_batch() with no batch open is
 * FOLD_E_INVALID. fold_table_begin_batch() is O(1); the outermost
 * fold_table_end_batch() costs O((c + m) * log(c + m)) for the c steps
 * and m moves the batch's calls made, plus the size of the change set. */
int fold_table_begin_batch(fold_table *table);
int fold_table_end_batch(fold_table *table);

/* How many batches are open on the table (0: none). O(1). */
int fold_table_batch_depth(const fold_table *table, int64_t *out_depth);

/* ------------------------------------------------------------------------- */
/* Scrolling                                                                 */
/* ------------------------------------------------------------------------- */

/* Tells the table the host's viewport. From then on, every mutation moves
 * the viewport's offset so that the first visible item stays at the same
 * place on screen (an item that is removed hands this to the next surviving
 * item), clamped to the content; the new offset is reported in each change
 * set and by fold_table_viewport(). O(1).
 *
 * Sticking to the end (follow_end, for chat and log views; react-virtuoso's
 * followOutput). With follow_end on and a viewport set, a mutation first
 * asks whether the viewport shows the end of the content: offset + height
 * (one double sum) >= the content height (fold_table_content_height),
 * compared exactly as the conventions above say (no tolerance: one
 * FOLD_HEIGHT_UNIT short is not at the end; past the end is), or the
 * content height <= the viewport's height, whatever the offset. If it does,
 * the mutation moves the offset to max(0, content height - viewport height)
 * computed after it (stepped up to the next double in the rare case where
 * rounding would leave offset + height short of the content height), so
 * the end stays in view: inserting rows or sections anywhere, removing
 * them, moving them, and every height change (set row, header, footer and
 * default heights, expanded heights, heights measured by fold_table_measure
 * — its rounds measure the rows that come into view at the new end —
 * and fold_table_invalidate_heights). (After a removal, anchoring's clamp
 * to the content mostly lands on the same offset.)
 * Expanding or collapsing a section or a row (fold_table_collapse, _expand,
 * _toggle, _collapse_all, _expand_all, fold_table_expand_row, _collapse_row,
 * _toggle_row, fold_table_activate, fold_table_reveal_row expanding
 * ancestors, and an import that flips states) anchors as above instead, so
 * the item the user acted on does not jump away: a row or section opening
 * at the bottom grows downwards past the viewport, the end leaves the view
 * and following stops until the host scrolls back to it. This is what
 * react-virtuoso does, which follows only when the item count changes (and
 * the size increases right after it), not when an item grows on a click.
 * A saved anchor restored by fold_table_import_state wins over both. When
 * the viewport does not show the end, anchoring is as above. A host stops
 * following by scrolling up (fold_table_set_viewport with an offset short
 * of the end) and resumes by scrolling back to the end. Setting the
 * viewport moves nothing: a host whose viewport is resized while it shows
 * the end places the new offset itself (content height - new height). */
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

/* After expanding a section: the offset that shows its header and up to its
 * first `rows` children (5 is typical), scrolling as little as possible;
 * when they do not fit, the header goes to the top. FOLD_E_NOT_VISIBLE if
 * the section is inside a collapsed one. O(depth * log n). */
int fold_table_reveal_offset(const fold_table *table, fold_section_id section, int64_t rows,
                             double offset, double viewport_height, double *out_offset);

/* The position of row `row` of `section`. With `expand_ancestors` nonzero,
 * the collapsed sections that hide it (this one included) are expanded
 * first, all or nothing: FOLD_SECTION_WILL_EXPAND is sent for each of them,
 * outermost first, before any expands; if a listener refuses one, nothing
 * changes (no change set) and the call returns FOLD_E_NOT_VISIBLE.
 * Otherwise they expand, FOLD_SECTION_DID_EXPAND follows for each in the
 * same order, and one change set reports it all. Without expand_ancestors a
 * hidden row is FOLD_E_NOT_VISIBLE. O(depth * log n). */
int fold_table_reveal_row(fold_table *table, fold_section_id section, int64_t row,
                          int expand_ancestors, int64_t *out_position);

/* ------------------------------------------------------------------------- */
/* Transitions                                                               */
/* ------------------------------------------------------------------------- */
/*
 * What a view needs to animate a change set: every item drawn in the
 * viewport before the change or after it, with its rect before and after,
 * so the view interpolates (top, height) between them at each frame
 * without asking the table again. The engine builds one transition per
 * change set while transitions are on (fold_table_set_transitions) and a
 * viewport is set (fold_table_set_viewport); it is built before the change
 * listeners are told, so they may read it. Rects are in viewport
 * coordinates — y from the viewport's top: before, for the viewport at
 * offset_before; after, for the viewport at offset_after (where the change
 * set anchored it) — so a view whose scroll position is already at
 * offset_after draws an item of a frame at y = top. Views that draw their
 * items themselves can animate (the canvas and log demos, a QAbstractScrollArea);
 * GtkListView and QListView lay their rows out themselves and cannot.
 *
 * The items, in the order of the list after the change (an item that
 * disappears comes after the item it followed before), are those that
 * intersect the viewport before or after (as fold_table_visible_items
 * counts them, no overscan) and the headers stuck at the top before or
 * after (fold_table_sticky_headers), whose rect is where they are drawn
 * stuck (FOLD_TRANSITION_STUCK_BEFORE / _AFTER: draw these last, deeper
 * levels first, as sticky headers are drawn). Each one:
 *
 *   STAYS       it is in the list before and after, at the same rect;
 *   MOVES       it is in both lists and its rect changed: it slid, or it
 *               grew or shrank (a row expanding grows in place and the rows
 *               below slide);
 *   APPEARS     it was not in the list before: inserted, shown by a
 *               filter or a load, or shown by a section that expanded;
 *   DISAPPEARS  it is not in the list after: removed, hidden by a filter,
 *               or hidden by a section that collapsed.
 *
 * Where a rect comes from when the item is not drawn on that side:
 *   - an item that scrolls in or out (in both lists, outside the viewport
 *     on one side) is laid out from the viewport's edge, right after (or
 *     before) the nearest item of the transition in that list, with its
 *     height after: items that are in neither viewport count as height 0.
 *     So an item below a section that collapses 10^6 rows starts just below
 *     the viewport, not 10^6 rows down, and slides up with the rest; the
 *     transition holds only the items in or next to the viewport, and costs
 *     O(k * (depth * log n + c)) for k items and c steps in the change set,
 *     never O(rows changed);
 *   - an item that a collapse hides folds under its header: it keeps its
 *     height and moves up with the item that follows it until it is above
 *     the header's bottom (FOLD_TRANSITION_FOLDS; `clip` is the index of
 *     that header in the transition, and the item is drawn only below the
 *     header's bottom at each frame). An item that an expansion shows
 *     unfolds from under its header the same way;
 *   - any other item that disappears shrinks to height 0 where the items
 *     around it close up (top: where the next item of the transition is
 *     after, else the bottom of the one before it); one that appears grows
 *     from height 0 where it will be (top: where the next item of the
 *     transition is before, else the bottom of the one before it).
 *
 * A change that arrives while a transition is running starts from where
 * the items are drawn at that moment, as UIKit does: the view tells the
 * table how far it got (fold_table_set_transition_progress: 0 when it
 * starts, then each frame, 1 when it is done), and the next transition's
 * "before" is what the current transition's frame at that progress draws
 * in the viewport (shifted by a scroll made since; a folding item hidden
 * under its header is not drawn), plus the viewport's items that are not
 * in the current transition. An item that was disappearing and is in the
 * list again (collapse, then expand at once) starts from where it is drawn;
 * one that is in neither list goes on folding under its header (moving up
 * until its group's bottom is at that header's bottom after). A transition
 * starts at progress 0; while none runs (progress 1) "before" is the
 * viewport as it was.
 *
 * Nothing is built, and a mutation costs nothing more, while transitions
 * are off (the default) or no viewport is set; a change set that reports
 * nothing keeps the current transition (so does clearing the viewport),
 * and so do fold_table_measure and fold_table_invalidate_height(s) outside
 * a batch (they replace estimates, which a view redraws at once). Otherwise each change set costs
 * O(k * depth * log n) more for the k items drawn before it.
 */

/* How an item takes part in a transition (fold_transition_item.change). */
#define FOLD_TRANSITION_STAYS 0
#define FOLD_TRANSITION_MOVES 1
#define FOLD_TRANSITION_APPEARS 2
#define FOLD_TRANSITION_DISAPPEARS 3

/* fold_transition_item.flags */
#define FOLD_TRANSITION_STUCK_BEFORE 1u /* drawn stuck at the top before */
#define FOLD_TRANSITION_STUCK_AFTER 2u  /* drawn stuck at the top after */
#define FOLD_TRANSITION_FOLDS 4u        /* folds under (or unfolds from) the
                                           header at index `clip` */

/* One item of a transition. */
typedef struct fold_transition_item {
    int64_t position_before;  /* in the list before; -1 for one that appears,
                                 and for one that a running transition drew
                                 disappearing and that is in neither list */
    int64_t position_after;   /* in the list after; -1 for one that disappears */
    int32_t kind;             /* FOLD_ITEM_* */
    int32_t depth;            /* nesting depth of its section */
    fold_section_id section;  /* its section (may be gone: it was removed) */
    int64_t row;              /* row index (before, for one that disappears);
                                 -1 for headers, footers, placeholders */
    uint32_t item_flags;      /* FOLD_ITEM_FLAG_* after (before, for one that
                                 disappears) */
    int32_t change;           /* FOLD_TRANSITION_* */
    uint32_t flags;           /* FOLD_TRANSITION_STUCK_BEFORE | ... */
    int32_t clip;             /* with FOLD_TRANSITION_FOLDS: index in the
                                 transition of the header it folds under;
                                 -1 when that header is not in it (then the
                                 viewport's top clips) */
    double top_before;        /* viewport coordinates (see above) */
    double height_before;
    double top_after;
    double height_after;
} fold_transition_item;

/* The transition of the last change set. */
typedef struct fold_transition_info {
    int64_t item_count;           /* items in the transition; 0: none */
    double offset_before;         /* the viewport's offset before the change */
    double offset_after;          /* and after it (the change set's anchored_offset) */
    double content_height_before;
    double content_height_after;
    double viewport_height;
    double progress;              /* as last set (fold_table_set_transition_progress) */
    uint64_t serial;              /* 1 for the table's first transition, then
                                     +1 for each: tells a view a new one began */
} fold_transition_info;

/* An item of a transition at some progress (fold_table_transition_frame). */
typedef struct fold_frame_item {
    int64_t index;    /* the item's index in the transition */
    double top;       /* viewport coordinates, for the viewport at offset_after */
    double height;
    double clip_top;  /* draw only below this y (the folding header's bottom
                         at this progress); -INFINITY when nothing clips */
} fold_frame_item;

/* Turns transitions on (1) or off (0); other values are FOLD_E_INVALID.
 * Off drops the current transition. Reports nothing. O(1). */
int fold_table_set_transitions(fold_table *table, int32_t enabled);

/* Whether transitions are on. O(1). */
int fold_table_transitions(const fold_table *table, int32_t *out_enabled);

/* The current transition's offsets, heights, progress and size; all 0
 * (item_count 0) when there is none. O(1). */
int fold_table_transition_info(const fold_table *table, fold_transition_info *out_info);

/* The current transition's items, in order (see above): writes the first
 * min(capacity, total) into `out`, *out_written that number and *out_total
 * (optional) the total. `out` may be NULL when capacity is 0. capacity >= 0
 * (FOLD_E_RANGE). O(k) for k items written. */
int fold_table_transition_items(const fold_table *table, fold_transition_item *out,
                                int64_t capacity, int64_t *out_written, int64_t *out_total);

/* Where the current transition's items are drawn at progress t (0 = before,
 * 1 = after), linearly: top = top_before + t * (top_after - top_before),
 * the same for the height and the folding header's bottom (apply your own
 * easing to t first). One entry per item, in the transition's order; t must
 * be in [0, 1] (else FOLD_E_INVALID, NaN too); FOLD_E_NOT_FOUND when there
 * is no transition. Writes as fold_table_transition_items does. O(k). */
int fold_table_transition_frame(const fold_table *table, double t, fold_frame_item *out,
                                int64_t capacity, int64_t *out_written, int64_t *out_total);

/* Tells the table how far the view has animated the current transition
 * (0..1; 1 = done), so a change that arrives meanwhile starts from there.
 * FOLD_E_INVALID outside [0, 1] (NaN too), FOLD_E_NOT_FOUND without a
 * transition. Reports nothing. O(1). */
int fold_table_set_transition_progress(fold_table *table, double t);

/* ------------------------------------------------------------------------- */
/* Saved state                                                               */
/* ------------------------------------------------------------------------- */

/* The interface state as JSON a person can read: every section's collapsed
 * state by key, the expanded rows, and, with a viewport set, the scroll
 * anchor (the first visible item and how far the viewport's top is below
 * its top; null without a viewport or items):
 *   {"version": 1, "collapsed": {"Mac": false, "iPad": true},
 *    "expanded": [{"section": "Mac", "row": 2}],
 *    "anchor": {"section": "iPad", "kind": "row", "row": 1, "offset": 12.5},
 *    "selected": [{"section": "Mac", "row": 0, "count": 3}, {"section": "iPad"}],
 *    "selection_anchor": {"section": "Mac", "row": 2},
 *    "focus": {"section": "Mac", "kind": "row", "row": 2}}
 * "selected" (the selection in list order: runs of rows, and sections
 * without "row") and "selection_anchor" (without "row": a section) are
 * written only when there is a selection or an anchor (see "Selection");
 * "focus" only when an item is focused (see "Focus and keyboard").
 * Keys, not ids, are saved. The caller frees *out_json with fold_free().
 * O(s + k * depth * log n) for s sections and k expanded rows and
 * selected runs. */
int fold_table_export_state(const fold_table *table, char **out_json);

/* What fold_table_import_state() applied and ignored, counted after the
 * import: what is in effect, not what the text asked for. */
typedef struct fold_import_report {
    int64_t sections;         /* sections whose saved collapsed state is in effect
                                 (a change a section listener refused, or a
                                 collapse of a section that is not collapsible,
                                 is not counted) */
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
 * the reader needs at most about 16 bytes per saved entry besides it, and
 * applying them about 64 (640 per "selected" run): FOLD_E_RANGE, with
 * nothing changed, when that is more than the process can still allocate
 * ("Memory", under "Snapshots").
 * O(b + p * (log p + depth * log n)) for b bytes and p saved entries,
 * whatever their order; "selected" runs are merged per section first
 * (overlapping, repeated and touching runs joined), so rows with heights
 * or states of their own, stored 64 to a chunk, add one step per chunk the
 * selection covers, once however many runs name its rows. */
int fold_table_import_state(fold_table *table, const char *json, fold_import_report *out_report);

/* ------------------------------------------------------------------------- */
/* Snapshots                                                                 */
/* ------------------------------------------------------------------------- */
/*
 * An app that reloads its data wholesale describes the whole tree it wants
 * (a snapshot) and the table changes as little as it must to hold it,
 * keeping the state of the sections that persist (UIKit's diffable data
 * sources, VS Code's setChildren with an identity provider).
 *
 * A snapshot is a flat array of entries in pre-order: a section entry, then
 * its children at depth + 1 in child order (row runs and subsections), then
 * its next sibling. For example, "Mac" with 2 rows, then a subsection "Pro"
 * with 3 rows, then 1 more row of "Mac", then a top-level "iPad" with 4 rows:
 *   {FOLD_SNAPSHOT_SECTION, 0, "Mac", "Mac|2 models", ...},
 *   {FOLD_SNAPSHOT_ROWS, 1, .rows = 2},
 *   {FOLD_SNAPSHOT_SECTION, 1, "Pro", "Pro", ...}, {FOLD_SNAPSHOT_ROWS, 2, .rows = 3},
 *   {FOLD_SNAPSHOT_ROWS, 1, .rows = 1},
 *   {FOLD_SNAPSHOT_SECTION, 0, "iPad", "iPad", ...}, {FOLD_SNAPSHOT_ROWS, 1, .rows = 4}
 * Adjacent row runs of one section count as one run.
 *
 * Memory. A table keeps about 0.7 KB per section (measured: 345 bytes for
 * a section without rows, 657 with a run of rows: the section, its list of
 * children, its share of its parent's list, its id and key entries) and
 * nothing per row of the default height; rows with heights of their own
 * take about 3 to 6 bytes each (stored 64 to a chunk, a height in 1 byte
 * when all in the chunk are whole points below 256, in 2 below 256 pt,
 * else in 4), rows with expanded heights or states more. Keys and headers
 * longer than 15 bytes take their length and 32 bytes more.
 *
 * fold_table_apply_snapshot, fold_table_finish_load and
 * fold_table_import_state build much at once, and the Swift runtime stops
 * the process when an allocation fails, which no caller could handle. So
 * before they build anything they estimate what they will need, and return
 * FOLD_E_RANGE and change nothing when that is more than the process can
 * still allocate, with a message that names both: "the snapshot needs about
 * 1.7 GB of memory (2000000 entries, 1000000 new sections), more than the
 * 512.0 MB this process can still allocate (its address-space limit,
 * RLIMIT_AS, less what it maps); nothing changed". The estimate, from what
 * bench/memory_need measures (bench/README.md) rounded up by a fifth or
 * more, transient peaks included:
 *   - a snapshot or a load's children: 320 bytes per entry while the call
 *     works, 96 per section of the table (a snapshot matches them all),
 *     1,024 per new section (kept), 16 per row added while a filter is on
 *     (otherwise rows of the default height take none), and the new
 *     storage of the table's indexes of sections when they must grow;
 *   - saved state: 64 bytes per "collapsed" or "expanded" entry and per row
 *     expanded before the import, 640 per "selected" run (selecting inside
 *     rows of the default height cuts their run in three), besides the 8
 *     or 16 bytes per entry the reader takes (FOLD_E_INVALID when even
 *     those cannot be had).
 * What the process can still allocate is, on Linux, the smallest of: its
 * soft RLIMIT_AS less the address space it maps, its soft RLIMIT_DATA less
 * its data and stack (/proc/self/statm), and the machine's physical memory
 * less its resident set; elsewhere, physical memory. A snapshot or a load
 * is checked when the call starts (by its count of entries) and again once
 * its entries are read (with the new sections they make), before anything
 * changes. Estimates under 1 MiB are not checked: such a call needs what
 * any call needs, and a process that close to its limit can fail anywhere.
 */

/* Kinds of snapshot entries. */
#define FOLD_SNAPSHOT_SECTION 0
#define FOLD_SNAPSHOT_ROWS 1

/* Which heights a section entry sets (fold_snapshot_entry.heights); the
 * others a kept section keeps (set or measured) and a new one takes from
 * the table's defaults. */
#define FOLD_SNAPSHOT_HEADER_HEIGHT 1u
#define FOLD_SNAPSHOT_FOOTER_HEIGHT 2u
#define FOLD_SNAPSHOT_ROW_HEIGHT 4u

/* One entry of a snapshot. Fields a kind does not use are ignored; a
 * zeroed entry with kind, depth and key (or rows) set is complete:
 *   {.kind = FOLD_SNAPSHOT_SECTION, .depth = 0, .key = "Mac", .header = "Mac"}
 *   {.kind = FOLD_SNAPSHOT_ROWS, .depth = 1, .rows = 3} */
typedef struct fold_snapshot_entry {
    int32_t kind;          /* FOLD_SNAPSHOT_SECTION or FOLD_SNAPSHOT_ROWS */
    int32_t depth;         /* 0 for a top-level section; a section's children
                              (rows and subsections) are one deeper */
    const char *key;       /* SECTION: non-empty, unique in the snapshot; the
                              identity that matches a section of the table */
    const char *header;    /* SECTION: header text (NULL means "") */
    int64_t rows;          /* ROWS: how many rows (>= 0) */
    uint32_t flags;        /* SECTION, used only when the section is new: as
                              fold_table_insert_section() takes them */
    uint32_t heights;      /* SECTION: FOLD_SNAPSHOT_*_HEIGHT bits: which of the
                              three below to set (0: keep them all) */
    double header_height;  /* a height or FOLD_HEIGHT_DEFAULT (the table's */
    double footer_height;  /*   default), as fold_table_set_section_height() */
    double row_height;     /*   sets them; read only when their bit is set */
} fold_snapshot_entry;

/* What fold_table_apply_snapshot() did; sections counted at every depth. */
typedef struct fold_snapshot_report {
    int64_t sections_inserted; /* sections the table did not have */
    int64_t sections_removed;  /* sections the snapshot does not have */
    int64_t sections_moved;    /* kept sections that changed parent or place
                                  among their siblings (not those that only
                                  travelled inside a moved section) */
    int64_t sections_kept;     /* in both, moved ones included */
    int64_t headers_changed;   /* kept sections whose header text changed */
    int64_t rows_inserted;     /* in kept and new sections */
    int64_t rows_removed;      /* in kept and removed sections */
    int64_t reserved;
} fold_snapshot_report;

/* Makes the table hold what the `count` entries describe (entries may be
 * NULL when count is 0: that empties the table), as one change set, and
 * writes what it did to *out_report (optional).
 *   - Sections are matched by key, wherever they are. A kept section keeps
 *     its id, collapsed state, collapsibility, measured heights, and its
 *     rows' heights and expanded states, also when it moves to another
 *     parent; its header text is replaced (its header is redrawn if the text
 *     changed); the heights its `heights` bits name are set. `flags`
 *     apply to new sections only.
 *   - Among the kept sections that stay under the same parent, the longest
 *     run that keeps its old order stays in place and the others move: the
 *     fewest moves. A moved section is reported as its items removed and
 *     inserted; adjacent sections that go (or come) together are one step.
 *   - Rows are anonymous. Between two kept subsections that stay in place
 *     (or the start or end of the section), the old rows are matched to the
 *     new rows in order: a run that is longer than what is left gets new
 *     rows of the default height at its end; old rows left over at the end
 *     of such a stretch are removed.
 *   - Sections the snapshot does not have are removed with their rows;
 *     their ids become FOLD_E_NOT_FOUND. Kept subsections inside them move
 *     out to where the snapshot puts them.
 *   - Nothing collapses or expands, so no section or row events are sent.
 *     Change listeners get one change set (none if nothing changed), and
 *     the viewport stays anchored as for any change.
 *   - While a filter is on, the match function is asked about every
 *     section the snapshot adds (its header, row -1, with the id it gets)
 *     and every row it adds (by its row index once the snapshot is in),
 *     once each, after the entries are checked and before anything
 *     changes; kept rows and sections keep their answers. A stop (< 0) is
 *     FOLD_E_CANCELLED and changes nothing (the new sections' ids were
 *     never in the table). Then what shows follows from the answers, as
 *     when the filter was set.
 * Every entry is checked before anything changes, and a failure changes
 * nothing; the message names the entry ("snapshot entry 3: ..."):
 * FOLD_E_INVALID for an unknown kind, a NULL, empty or invalid UTF-8 key, an
 * invalid header, unknown or conflicting flags, unknown `heights` bits, a
 * bad height (with its bit set), a rows entry at depth 0; FOLD_E_DUPLICATE for a key given
 * twice; FOLD_E_RANGE for a depth more than one below the section before
 * it (or negative), a negative row count, more than FOLD_MAX_DEPTH levels,
 * FOLD_MAX_SECTIONS sections or FOLD_MAX_ROWS rows, or a negative count;
 * FOLD_E_RANGE also when it needs more memory than the process can still
 * allocate (see "Memory" above), checked before anything is built.
 * O(e + s) to match for e entries and a table of s sections (plus its row
 * runs): keys and headers are compared where they lie, and only a key met
 * out of the table's order is hashed; O(k log k) to order the k kept children
 * of each section, plus O(c * depth * log n) for c changes; while a filter
 * is on, also one answer per row or section added and O(p) to derive what
 * shows for the p row pieces and sections of the table. */
int fold_table_apply_snapshot(fold_table *table, const fold_snapshot_entry *entries, int64_t count,
                              fold_snapshot_report *out_report);

/* ------------------------------------------------------------------------- */
/* Lazily loaded children                                                    */
/* ------------------------------------------------------------------------- */
/*
 * A section can be inserted before its children are known (a folder in a
 * file tree, a thread whose replies are fetched on demand): give
 * FOLD_SECTION_UNLOADED to fold_table_insert_section() or in a new section's
 * snapshot entry. It has no children, its stored state is collapsed, and it
 * shows as collapsible (its header has FOLD_ITEM_FLAG_COLLAPSED and
 * FOLD_ITEM_FLAG_COLLAPSIBLE, and FOLD_TEXT_INDICATOR is the collapsed
 * indicator). Its load state:
 *
 *   FOLD_LOAD_UNLOADED --expand--> FOLD_LOAD_LOADING --finish--> FOLD_LOAD_LOADED
 *        ^    ^                      |    |      ^
 *        |    +------ collapse ------+    fail   | activate the placeholder,
 *        |                                v      | or fold_table_load()
 *        +----------- collapse ------ FOLD_LOAD_FAILED
 *
 *   - Expanding an unloaded section (fold_table_expand, toggle, activate
 *     on its header, import_state, fold_table_load; not
 *     fold_table_expand_all, which leaves unloaded sections as they are)
 *     expands it as usual, with its "will" and "did" events, and starts a
 *     load: its state becomes FOLD_LOAD_LOADING with a new ticket, and one
 *     item of kind FOLD_ITEM_PLACEHOLDER (flag FOLD_ITEM_FLAG_LOADING, the
 *     section's default row height, row -1, the section's depth) appears
 *     under its header, in the same change set. Then the loader is called
 *     with FOLD_LOAD_START and the ticket.
 *   - fold_table_finish_load() with that ticket replaces the placeholder by
 *     the children (one change set; the state becomes FOLD_LOAD_LOADED and
 *     the section is an ordinary section from then on).
 *   - fold_table_fail_load() with that ticket keeps the placeholder, now
 *     with FOLD_ITEM_FLAG_FAILED instead of _LOADING (a redraw), and keeps
 *     the message (FOLD_TEXT_LOAD_ERROR). Activating that placeholder, or
 *     fold_table_load(), starts a new load (new ticket, FOLD_LOAD_START).
 *   - Collapsing a loading or failed section cancels the load: the
 *     placeholder goes with the collapse, the state becomes
 *     FOLD_LOAD_UNLOADED, and the loader is called with FOLD_LOAD_CANCEL and
 *     the old ticket. Removing the section (or a section containing it, or a
 *     snapshot without it) cancels the same way; freeing the table calls
 *     FOLD_LOAD_CANCEL for every load still running, before it returns.
 *   - A ticket that is no longer the section's current load gets
 *     FOLD_E_CANCELLED and changes nothing; a removed section's id gets
 *     FOLD_E_NOT_FOUND. So children that arrive late are refused with a
 *     status, never shown under the wrong load.
 *   - fold_table_insert_section() with FOLD_SECTION_UNLOADED |
 *     FOLD_SECTION_EXPANDED inserts a section that is loading at once (its
 *     header and placeholder in the insertion's one change set; then
 *     FOLD_LOAD_START). In snapshot and load entries that pair stays
 *     FOLD_E_INVALID.
 *   - fold_table_reload() asks the loader again for the children of a
 *     loaded section; see "Reloading" below.
 *   - Rows and subsections cannot be added to a section whose children are
 *     not loaded (insert_rows, insert_section, move_section or move_row into
 *     it, FOLD_E_NOT_ALLOWED): they arrive through fold_table_finish_load().
 *     An UNLOADED section cannot be FIXED, NO_HEADER or EXPANDED, nor be
 *     given rows or (in entries) children: FOLD_E_INVALID.
 *   - Saved state stores the stored state: an unloaded section as collapsed,
 *     a loading or failed one as expanded, so importing it where the
 *     section is unloaded expands it and starts its load (a placeholder is
 *     never the saved scroll anchor: its header is).
 *   - fold_table_apply_snapshot(): a kept section whose children are not
 *     loaded takes the children its entry is given (any child entry, even
 *     a rows entry of 0 rows, ends its load: the placeholder goes and a
 *     running load gets FOLD_LOAD_CANCEL); without child entries it stays
 *     as it is. A new section may be UNLOADED. Entry flags are used for new
 *     sections only, as always.
 *   - A placeholder is never a sticky header; reveal_row cannot name rows
 *     of an unloaded section (it has none).
 * The loader runs on the thread of the call that started or cancelled the
 * load, after that call has made its changes and sent its events, and may
 * change the table: it may call fold_table_finish_load() at once when the
 * data is at hand, or hand the ticket to a worker thread that calls
 * fold_table_finish_load() or fold_table_fail_load() later (calls on a table
 * are serialized; the change set then reaches listeners on that thread).
 * Without a loader, loads start and wait all the same: an app can start its
 * work from the FOLD_SECTION_DID_EXPAND event and fold_table_load_info().
 *
 * Reloading. fold_table_reload() on a loaded section (a folder whose files
 * changed) keeps its children shown while the new ones load: its state is
 * FOLD_LOAD_RELOADING with a new ticket, its header is redrawn (a view may
 * show a spinner from fold_table_load_info), and the loader gets
 * FOLD_LOAD_START with that ticket. fold_table_finish_load() with it gives
 * the new children, which are reconciled by key with the children the
 * section holds then, in one change set of what changed:
 *   - a subsection is matched by key among the old children of the
 *     section its entry is under (so a section never changes level in a
 *     reload; a key found elsewhere in the table is FOLD_E_DUPLICATE). A
 *     matched one keeps its id, collapsed state, selection, measured
 *     heights, its rows' heights and expanded states, and, when its entry
 *     has no child entries, all its children as they are (a subfolder
 *     listed without its contents, as a loader lists it, flagged UNLOADED
 *     or not; entry flags are for new sections only). With child entries
 *     (a rows entry of 0 rows counts) those are reconciled with its
 *     children the same way.
 *   - matched subsections that changed order move (the longest run in
 *     their old order stays; a moved section is a move in the change set
 *     (see "Moves"), its items redrawn where they land);
 *     rows are anonymous and matched in order between the subsections
 *     that stay, as fold_table_apply_snapshot() matches them; old
 *     subsections not named are removed (their loads get FOLD_LOAD_CANCEL);
 *   - the state becomes FOLD_LOAD_LOADED again and the header is redrawn.
 * Why the old children stay shown, not a placeholder: a placeholder would
 * remove every child item and add them back, so a view would lose their
 * widgets, focus and the scroll position inside the folder, and the list
 * would jump twice. VS Code's asynchronous data tree does the same (it
 * shows a loading indicator on first load only); GTK's GtkTreeListModel
 * cannot reload (an app replaces the child model: remove all, add all).
 * fold_table_fail_load() with a reload's ticket ends the reload and keeps
 * the children (a redraw of the header; the message is not kept).
 * Collapsing the section does not cancel a reload (its children are
 * reconciled while hidden); removing it or freeing the table does
 * (FOLD_LOAD_CANCEL). A snapshot leaves a reload under way.
 *
 * Saved state and children not loaded yet. fold_table_import_state()
 * applies what it can now and counts unknown keys; it does not keep the
 * state of keys it does not know for when they load: the table cannot tell
 * a key that will arrive from one that is gone, and state kept for it
 * would apply, later, to a section that only reuses the key. An app that
 * restores deeper items (MUI X's "expanded items" below unloaded ones)
 * imports the same state again from its loader once a load finished (the
 * import is O(saved entries); its FOLD_SECTION_* events and loads start
 * for what expands), or gives the children as they should be: a loader
 * may return an expanded subsection's children in the same entries.
 */

/* Load states (fold_load_info.state). */
#define FOLD_LOAD_LOADED 0   /* an ordinary section, or its children arrived */
#define FOLD_LOAD_UNLOADED 1 /* its children are not loaded; collapsed */
#define FOLD_LOAD_LOADING 2  /* expanded, a placeholder shown, waiting for them */
#define FOLD_LOAD_FAILED 3   /* expanded, the placeholder shows the failure */
#define FOLD_LOAD_RELOADING 4 /* loaded, its children shown, a reload under way
                                 (fold_table_reload) */

/* Loader events. */
#define FOLD_LOAD_START 0    /* start loading the section's children */
#define FOLD_LOAD_CANCEL 1   /* stop: the load with this ticket is over */

typedef struct fold_load_info {
    int32_t state;     /* FOLD_LOAD_* */
    int32_t reserved;
    uint64_t ticket;   /* the current load's ticket (LOADING, FAILED or RELOADING);
                          0 otherwise */
    int64_t reserved2[2];
} fold_load_info;

/* Called when a load starts or is cancelled; see above for when it runs.
 * `ticket` is nonzero and unique within the table. */
typedef void (*fold_load_fn)(fold_table *table, fold_section_id section, const char *key,
                             uint64_t ticket, int32_t event, void *user_data);

/* Sets the loader (fn NULL removes it). Once it returns FOLD_OK, the old
 * loader is never called again with its user_data. Calls queued by one call
 * on the table are made in order, after its change listeners, each after
 * the previous one returned (a loader that changes the table queues more,
 * it is not called inside itself). Freeing the table drops queued START
 * calls not made yet (their loads are cancelled like the others): every
 * load under way then gets exactly one FOLD_LOAD_CANCEL, a load whose
 * fold_table_finish_load() the free made fail included. A loader set while
 * those calls are being made (even from inside the loader) receives the
 * rest of them; NULL drops them. O(1). */
int fold_table_set_loader(fold_table *table, fold_load_fn fn, void *user_data);

/* A section's load state and current ticket. O(1). */
int fold_table_load_info(const fold_table *table, fold_section_id section,
                         fold_load_info *out_info);

/* Gives a loading section its children: `entries` as in a snapshot, where
 * depth 0 is the section's own children (row runs and subsections, in
 * order; subsections may be FOLD_SECTION_UNLOADED themselves). The
 * placeholder is replaced by them in one change set; *out_report
 * (optional) counts what was inserted. With a reload's ticket
 * (FOLD_LOAD_RELOADING) they are reconciled with the section's children
 * instead ("Reloading" above), and *out_report counts as
 * fold_table_apply_snapshot() counts; a reload's entries may name the
 * section's own subsections (a key elsewhere is FOLD_E_DUPLICATE). A failed load (FOLD_LOAD_FAILED)
 * with its ticket may be finished too (a late success). Errors change
 * nothing: FOLD_E_NOT_FOUND for a removed section, FOLD_E_CANCELLED for a
 * ticket that is not the section's current load (or a section that is not
 * loading), FOLD_E_DUPLICATE for a key the table already has, and the
 * entry errors of fold_table_apply_snapshot() ("load entry 3: ..."), and
 * FOLD_E_RANGE when the children need more memory than the process can
 * still allocate ("Memory", under "Snapshots"; the load keeps waiting with
 * its ticket). May be called from any thread. O(e * depth * log n) for e
 * entries. */
int fold_table_finish_load(fold_table *table, fold_section_id section, uint64_t ticket,
                           const fold_snapshot_entry *entries, int64_t count,
                           fold_snapshot_report *out_report);

/* Marks a loading section's load as failed, with `message` (valid UTF-8;
 * NULL means "") for FOLD_TEXT_LOAD_ERROR; the placeholder gets
 * FOLD_ITEM_FLAG_FAILED and is redrawn. FOLD_E_NOT_FOUND and
 * FOLD_E_CANCELLED as for fold_table_finish_load(); FOLD_E_CANCELLED also
 * for a load that already failed. May be called from any thread.
 * O(depth * log n). */
int fold_table_fail_load(fold_table *table, fold_section_id section, uint64_t ticket,
                         const char *message);

/* Starts a new load of an expanded section whose load failed (a retry:
 * what activating its placeholder does), or expands an unloaded section
 * (starting its load, as fold_table_expand does). FOLD_E_NOT_ALLOWED for a
 * section that is loaded or already loading, or when a "will expand"
 * listener refused (it stays unloaded). O(depth * log n). */
int fold_table_load(fold_table *table, fold_section_id section);

/* Reloads a section's children: for a loaded section (FOLD_LOAD_LOADED,
 * or RELOADING: the reload under way gets FOLD_LOAD_CANCEL) a new ticket,
 * state FOLD_LOAD_RELOADING, its children kept shown and its header
 * redrawn, then FOLD_LOAD_START; the children come through
 * fold_table_finish_load() with that ticket ("Reloading" above). A loading
 * section's load is replaced the same way (CANCEL, then START with a new
 * ticket); a failed one is retried (as fold_table_load). An unloaded
 * section is FOLD_E_NOT_ALLOWED (it has nothing to reload: expanding it
 * loads its children); FOLD_ROOT is FOLD_E_INVALID (use
 * fold_table_apply_snapshot). An ordinary section (never UNLOADED) may be
 * reloaded too: the loader is asked for it like any other.
 * O(depth * log n); the finish_load that ends it: O(e + c) to match e
 * entries with the c old children of the sections matched, plus
 * O(k log k) to order k kept siblings and O(m * depth * log n) for m
 * changes. */
int fold_table_reload(fold_table *table, fold_section_id section);

/* ------------------------------------------------------------------------- */
/* Selection                                                                 */
/* ------------------------------------------------------------------------- */
/*
 * Rows and sections can be selected. The selection belongs to the row or the
 * section, not to a position, as a row's expanded state does: it survives
 * collapsing and expanding, filtering, rows and sections inserted or removed
 * around it (a row's index shifts with inserts and removals above it in its
 * section) and moves (fold_table_move_section, fold_table_move_row). A
 * removed row or section leaves the selection. A section is selected through
 * its header item; selecting a section selects none of its rows. Footers and
 * placeholders are never selected.
 *
 * Shown items that are selected carry FOLD_ITEM_FLAG_SELECTED (fold_item,
 * fold_visible_item), so a view draws the selection from what it already
 * asks for.
 *
 * The anchor is where a range starts (shift-click): the row or section last
 * named by fold_table_select_row, _select_section or _select_item, whatever
 * `how` was; fold_table_set_selection_anchor sets it alone. A range and
 * fold_table_select_positions leave it as it is. It is kept by identity like
 * the selection; removing its row or section clears it, and so does
 * fold_table_clear_selection.
 *
 * The range rule (fold_table_select_range): the items shown between the
 * anchor and the target, both included, in list order — what a file manager
 * selects on shift-click. Rows inside collapsed sections and rows a filter
 * hides are not in it; a collapsed section in the range has its header
 * selected, and its hidden rows keep their state. When the anchor is not
 * shown (inside a collapsed section, or hidden by a filter), the range
 * starts at the item shown nearest above where it would be: the header of
 * its outermost collapsed ancestor, or the shown item before it. Footers and
 * placeholders in the range are skipped. GTK's list views behave the same
 * (they only know the shown positions); VS Code's tree also selects only the
 * shown elements between, but keeps its anchor on the element after a
 * collapse hides it, as this does; Finder and Nautilus select the shown
 * items only.
 *
 * Every change of the selection reaches change listeners as one change set
 * with no steps that redraws the shown items whose selected state changed
 * (no change set when nothing changed; a change of hidden rows only is a
 * change set with no redraws; a wide change may redraw wider ranges, never
 * fewer items). fold_table_select_all, fold_table_clear_selection and what
 * REPLACE (or a mode change) deselects redraw one range, from the first to
 * the last shown item they change: they cost O(depth * log n) whatever they
 * change, by a mark on the tree that reaches each row when it is next read
 * or changed, so they cannot list every item. Saved state (fold_table_export_state) holds
 * the selection by section key and row index, and the anchor;
 * fold_table_import_state restores them (selecting what it names, in
 * addition to what is selected, by the mode's rules; unknown keys and rows
 * are skipped and not counted in fold_import_report). fold_table_apply_snapshot
 * keeps the selection of the sections it keeps and of the rows it keeps
 * (matched in order, as it matches them); a finished load leaves the new
 * children unselected.
 */

/* How a selection call changes the selection (`how`). */
#define FOLD_SELECT_REPLACE 0 /* clear the selection, then select (a click) */
#define FOLD_SELECT_ADD 1     /* select, keeping the rest */
#define FOLD_SELECT_REMOVE 2  /* deselect, keeping the rest */
#define FOLD_SELECT_TOGGLE 3  /* flip each one named, keeping the rest (ctrl-click) */

/* Selection modes (fold_table_set_selection_mode). */
#define FOLD_SELECTION_MULTIPLE 0 /* the default */
#define FOLD_SELECTION_SINGLE 1   /* at most one row or section: ADD and TOGGLE of
                                     an unselected item act as REPLACE; a range or
                                     positions call selects its last item only (a
                                     range: the selectable item nearest its target;
                                     select_all: the last one) */
#define FOLD_SELECTION_NONE 2     /* nothing can be selected: selecting is
                                     FOLD_E_NOT_ALLOWED; REMOVE and clearing work */

/* Sets the selection mode. Switching to SINGLE keeps only the anchor's
 * item selected if it was (else clears); switching to NONE clears the
 * selection; either is reported like any selection change. An unknown mode
 * is FOLD_E_INVALID. O(depth * log n). */
int fold_table_set_selection_mode(fold_table *table, int32_t mode);

/* The selection mode. O(1). */
int fold_table_selection_mode(const fold_table *table, int32_t *out_mode);

/* Selects, deselects or toggles one row (`how` FOLD_SELECT_*) and makes it
 * the anchor. *out_changed (optional) is 1 if the selection changed. An
 * unknown `how` is FOLD_E_INVALID. O(depth * log n), REPLACE included. */
int fold_table_select_row(fold_table *table, fold_section_id section, int64_t row, int32_t how,
                          int *out_changed);

/* The same for a section (its header), shown or not, with or without a
 * header item. O(depth * log n), REPLACE included. */
int fold_table_select_section(fold_table *table, fold_section_id section, int32_t how,
                              int *out_changed);

/* The same for the item at `position`: a header names its section, a row
 * its row; a footer or placeholder is FOLD_E_NOT_ALLOWED ("a footer cannot
 * be selected"). O(depth * log n), REPLACE included. */
int fold_table_select_item(fold_table *table, int64_t position, int32_t how, int *out_changed);

/* Applies `how` to the range from the anchor to the item at `position`
 * (see the range rule above): REPLACE makes the selection exactly that range
 * (shift-click), ADD adds it (ctrl+shift-click), REMOVE deselects it, TOGGLE
 * flips each item of it. Without an anchor it acts as fold_table_select_item
 * on `position` (and sets the anchor). The anchor is kept.
 * O((s + c) * depth * log n) for s sections and c stored row chunks (rows
 * with heights or states of their own are stored 64 to a chunk) in the
 * range; runs of rows of default height cost O(log n) each, whatever their
 * length; what REPLACE deselects outside the range costs O(depth * log n). */
int fold_table_select_range(fold_table *table, int64_t position, int32_t how, int *out_changed);

/* Applies `how` to the selectable items at positions
 * [position, position + count) (footers and placeholders skipped), keeping
 * the anchor: what GtkSelectionModel's select_range and unselect_range ask.
 * position + count must not pass the item count (FOLD_E_RANGE); a count of
 * 0 changes nothing, with REPLACE too. Cost as fold_table_select_range. */
int fold_table_select_positions(fold_table *table, int64_t position, int64_t count, int32_t how,
                                int *out_changed);

/* Selects every item shown (headers and rows; not what collapsed sections
 * or a filter hide), keeping the rest. O(depth * log n), whatever the size
 * of the table (in FOLD_SELECTION_SINGLE: the last item only). */
int fold_table_select_all(fold_table *table, int *out_changed);

/* Deselects everything, shown or hidden, and clears the anchor.
 * O(depth * log n), whatever was selected. */
int fold_table_clear_selection(fold_table *table, int *out_changed);

/* Whether a row / a section is selected. O(depth * log n). */
int fold_table_is_row_selected(const fold_table *table, fold_section_id section, int64_t row,
                               int *out_selected);
int fold_table_is_section_selected(const fold_table *table, fold_section_id section,
                                   int *out_selected);

/* How many rows and sections are selected below `within` (its rows and
 * subsections, all levels down, not the section itself), or in the whole
 * table with FOLD_ROOT; both outputs optional. O(1) after resolving the
 * section. */
int fold_table_selection_count(const fold_table *table, fold_section_id within, int64_t *out_rows,
                               int64_t *out_sections);

/* One entry of fold_table_selection(): selected rows row..row+count-1 of
 * `section`, or with row -1 and count 1 the section itself. */
typedef struct fold_selected_run {
    fold_section_id section;
    const char *key; /* the section's key; points into the same allocation */
    int64_t row;
    int64_t count;
} fold_selected_run;

/* The whole selection in list order (a section before its children; shown
 * or not), consecutive selected rows of a section as one run, as one
 * allocation: *out_runs points to *out_count entries followed by their key
 * strings; free it with fold_free(*out_runs), once. NULL and 0 when nothing
 * is selected. O(p * depth * log n) for p runs. */
int fold_table_selection(const fold_table *table, fold_selected_run **out_runs,
                         int64_t *out_count);

/* The anchor: *out_row is the row, or -1 when the anchor is the section
 * itself (both outputs required). FOLD_E_NOT_FOUND when there is no anchor.
 * O(1). */
int fold_table_selection_anchor(const fold_table *table, fold_section_id *out_section,
                                int64_t *out_row);

/* Sets the anchor (row -1: the section) without changing the selection
 * (keyboard focus moving). O(depth * log n). */
int fold_table_set_selection_anchor(fold_table *table, fold_section_id section, int64_t row);

/* ------------------------------------------------------------------------- */
/* Focus and keyboard                                                        */
/* ------------------------------------------------------------------------- */
/*
 * A table has at most one focused item: a header, a row, a footer or a
 * placeholder (the keyboard cursor of a view). Like the selection, focus
 * belongs to the item, not to its position: it stays on its row or section
 * through insertions, removals and moves around it, collapses of other
 * sections, filters and snapshots that keep the item. The focused item, while
 * shown, carries FOLD_ITEM_FLAG_FOCUSED, so a view draws the focus ring from
 * what it already asks for. Focus is always on a shown item or nowhere.
 *
 * The focus rule. When the focused item stops being shown, focus moves in
 * the same call, and the change set redraws the item that takes it:
 *  - hidden by a collapse: to the header of the outermost collapsed section
 *    that hides it (the section the user collapsed), when that header can
 *    take focus (otherwise as for a removal);
 *  - removed, or hidden by a filter: to the first item that can take focus
 *    at or after the place where it was in the new list; at the end of the
 *    list, the last one before it that can;
 *  - when no item can take focus: nowhere.
 * This is what a file manager user expects: Nautilus and Finder move focus
 * to the folder collapsed over it and to the next file after a delete. VS
 * Code's tree and JavaFX's TreeView also move focus to the collapsed
 * parent; GtkListView, which knows only positions, keeps the focused
 * position, so after a removal focus lands on the item that took its place
 * (the "next item" here) and after a collapse on whatever item slid up to
 * that position (here: the collapsed header).
 *
 * Which items can take focus: the kinds set with fold_table_set_focus_kinds
 * (all four by default), except the header, footer, placeholder and own rows
 * of a section flagged FOLD_SECTION_NO_FOCUS. Navigation passes over items
 * that cannot; such a section's rows are passed in one step, whatever their
 * number.
 *
 * Every focus change reaches change listeners as one change set with no
 * steps that redraws the old and the new focused item. Saved state
 * (fold_table_export_state) holds the focused item by key:
 *   "focus": {"section": "Mac", "kind": "row", "row": 2}
 * ("kind" is "header", "row", "footer" or "placeholder"); import restores it
 * when the item exists and is shown, and otherwise applies the focus rule to
 * where it would be (a section the table does not have changes nothing, as
 * state without "focus" does).
 */

/* Kinds of item that can take focus (fold_table_set_focus_kinds): bits
 * (1u << FOLD_ITEM_*). */
#define FOLD_FOCUS_HEADERS (1u << FOLD_ITEM_HEADER)
#define FOLD_FOCUS_ROWS (1u << FOLD_ITEM_ROW)
#define FOLD_FOCUS_FOOTERS (1u << FOLD_ITEM_FOOTER)
#define FOLD_FOCUS_PLACEHOLDERS (1u << FOLD_ITEM_PLACEHOLDER)
#define FOLD_FOCUS_ALL 15u

/* Which kinds of item can take focus (the default is FOLD_FOCUS_ALL; other
 * bits are FOLD_E_INVALID). A focused item of a kind that is no longer
 * allowed keeps focus until it moves. O(1). */
int fold_table_set_focus_kinds(fold_table *table, uint32_t kinds);

/* The kinds of item that can take focus (FOLD_FOCUS_*). O(1). */
int fold_table_focus_kinds(const fold_table *table, uint32_t *out_kinds);

/* Focuses the item at `position`, or with -1 clears the focus. An item that
 * cannot take focus is FOLD_E_NOT_ALLOWED ("the footer of section "Mac"
 * cannot take focus: ..." with the reason). The selection and its anchor
 * do not change. O(depth * log n). */
int fold_table_set_focus(fold_table *table, int64_t position);

/* The focused item's position, or -1 when nothing is focused. O(depth * log n). */
int fold_table_focus(const fold_table *table, int64_t *out_position);

/* Ways to move from an item (fold_table_navigate). Each lands on an item
 * that can take focus, passing over the others; where there is none in
 * that direction, the answer is `from` itself. */
#define FOLD_NAV_NEXT 0             /* the next item */
#define FOLD_NAV_PREVIOUS 1         /* the previous item */
#define FOLD_NAV_FIRST 2            /* the first item (Home) */
#define FOLD_NAV_LAST 3             /* the last item (End) */
#define FOLD_NAV_PARENT 4           /* the header of the section that holds the
                                       item (for a header: of its parent
                                       section), the nearest one with a header
                                       item that can take focus */
#define FOLD_NAV_FIRST_CHILD 5      /* from an expanded section's header: the
                                       first item it shows below its header */
#define FOLD_NAV_NEXT_SIBLING 6     /* the next child of the same parent that
                                       shows an item (a row, or a subsection's
                                       first item), over subsections' contents */
#define FOLD_NAV_PREVIOUS_SIBLING 7 /* the previous one */
#define FOLD_NAV_PAGE_DOWN 8        /* the item one viewport height further
                                       down, at the same place on screen: the
                                       item under (top of `from` + viewport
                                       height), as GtkListView and browsers
                                       page; the last item when none is */
#define FOLD_NAV_PAGE_UP 9          /* the same, up */

/* The item that a move from the item at `from` lands on; `from` -1 (no
 * focus) lands on the first item for every move but PREVIOUS, LAST and
 * PAGE_UP, which land on the last. Pages need a viewport
 * (fold_table_set_viewport): without one they are FOLD_E_NOT_ALLOWED.
 * With `from` -1, FOLD_E_NOT_FOUND when no item can take focus; another
 * `from` outside the list is FOLD_E_RANGE. Nothing changes.
 * O(depth * log n) (plus O(log n) per section passed over that cannot take
 * focus). */
int fold_table_navigate(const fold_table *table, int64_t from, int32_t move,
                        int64_t *out_position);

/* Keys of the keyboard model (fold_table_press_key). A view maps its own
 * key codes (and swaps LEFT and RIGHT in right-to-left layouts). */
#define FOLD_KEY_UP 1
#define FOLD_KEY_DOWN 2
#define FOLD_KEY_LEFT 3
#define FOLD_KEY_RIGHT 4
#define FOLD_KEY_HOME 5
#define FOLD_KEY_END 6
#define FOLD_KEY_PAGE_UP 7
#define FOLD_KEY_PAGE_DOWN 8
#define FOLD_KEY_SPACE 9
#define FOLD_KEY_PLUS 10     /* '+' and the keypad's: expand */
#define FOLD_KEY_MINUS 11    /* '-' and the keypad's: collapse */
#define FOLD_KEY_ASTERISK 12 /* '*' and the keypad's: expand all below */

/* Modifiers (fold_table_press_key). */
#define FOLD_MOD_SHIFT 1u
#define FOLD_MOD_CTRL 2u /* Ctrl, or Command where a platform uses it */

/* What fold_table_press_key did. */
typedef struct fold_key_result {
    int32_t handled;      /* 1 if the key did something or means something
                             here (even when nothing changed, e.g. Down on the
                             last item); 0: not a key of the model, or nothing
                             to do (let the view use it) */
    int32_t action;       /* FOLD_ACTIVATED_* for LEFT, RIGHT, PLUS, MINUS when
                             they collapsed or expanded a section; else
                             FOLD_ACTIVATED_NOTHING */
    int64_t focus;        /* the focused position after the key, -1 if none */
    double scroll_offset; /* with a viewport: the offset that shows the focused
                             item (fold_table_scroll_offset with
                             FOLD_ALIGN_AUTO; for pages, the viewport moved by
                             as much as the focus moved, clamped, so the focus
                             keeps its place on screen; for a key not handled
                             or with no focus, the viewport's offset); without
                             one, 0 */
    int32_t scroll;       /* 1 if scroll_offset differs from the viewport's
                             offset (the view should scroll there) */
    int32_t reserved;
} fold_key_result;

/* The keyboard model of a multi-selection tree list, in one call: applies
 * `key` with `modifiers` (FOLD_MOD_*) to the focus, the selection and the
 * sections, reports it all in one change set, and says where to scroll. The
 * viewport (fold_table_set_viewport) is used for pages and scrolling; the
 * table does not move it (but for anchoring, as after any change), and
 * without one PAGE_UP and PAGE_DOWN are not handled. Without a focus, a
 * movement key first focuses the first item (UP, PAGE_UP, END: the last)
 * and moves no further (selecting as the table says); the other keys are
 * not handled.
 *
 *   key                 | alone                  | Shift             | Ctrl
 *   --------------------+------------------------+-------------------+-------------
 *   UP / DOWN           | focus the previous /   | focus it, select  | focus it,
 *   HOME / END          | next / first / last /  | the range from    | select
 *   PAGE_UP / PAGE_DOWN | page item, select only | the anchor to it  | nothing
 *                       | it, make it the anchor | (REPLACE)         |
 *   LEFT                | an expanded collapsible section's header: collapse it
 *                       | (focus stays); otherwise move to FOLD_NAV_PARENT, with
 *                       | the modifiers' selection rules of the rows above
 *   RIGHT               | a collapsed section's header: expand it (a lazily
 *                       | loaded section starts loading); an expanded one with
 *                       | items below its header: move to FOLD_NAV_FIRST_CHILD,
 *                       | with the modifiers' rules; otherwise nothing (handled 0)
 *   SPACE               | toggle the focused     | select the range  | toggle
 *                       | item's selection, make | from the anchor   | (as alone)
 *                       | it the anchor          | (REPLACE)         |
 *   PLUS / MINUS        | expand / collapse the focused header's section
 *   ASTERISK            | expand the focused header's section and every
 *                       | section below it (all levels; below it, sections
 *                       | whose children are not loaded stay as they are)
 *
 * Ctrl+Shift with a movement key (and SPACE) adds the range to the
 * selection (ADD), as in file managers. A movement key with nowhere to go
 * (DOWN on the last item) still applies its selection rule to the focused
 * item. SPACE on a footer or a placeholder, PLUS, MINUS and ASTERISK on
 * anything but the header of a section that is not fixed, and LEFT with
 * no parent header to go to are not handled. Selecting follows the selection mode: in
 * FOLD_SELECTION_SINGLE, Shift acts as alone; in FOLD_SELECTION_NONE nothing
 * is selected and keys only move focus. Footers and placeholders take focus
 * but are never selected: moving onto one leaves the selection as it is.
 * Section listeners hear collapses and expansions as from fold_table_collapse
 * and fold_table_expand (a refusal: action FOLD_ACTIVATED_REFUSED). An unknown
 * key or modifier bit is FOLD_E_INVALID. out may be NULL.
 * O(depth * log n) for every key but ASTERISK (O(s + depth * log n) for s
 * sections below the focused one). */
int fold_table_press_key(fold_table *table, int32_t key, uint32_t modifiers,
                         fold_key_result *out);

/* ------------------------------------------------------------------------- */
/* Filtering                                                                 */
/* ------------------------------------------------------------------------- */
/*
 * A filter shows the rows that match and the sections that lead to them
 * (VS Code's TreeVisibility.Recurse, Qt's recursiveFilteringEnabled):
 *   - The app's match function answers for each row, and for each section
 *     (row -1: does its header match?). It is asked once for every row and
 *     section when the filter is set, and once for each row or section added
 *     while the filter is on (insert_rows, insert_section, finished
 *     loads, fold_table_apply_snapshot), never twice for the same row or
 *     section. To change one answer later (the row's text changed), call
 *     fold_table_set_row_match or fold_table_set_section_match.
 *   - A row that does not match is hidden. A section is shown when its
 *     header matches or anything below it is shown; otherwise it is hidden
 *     with everything in it (header, footer, placeholder). An ancestor of a
 *     match is shown however it answered itself.
 *   - With FOLD_FILTER_SHOW_CHILDREN, a section whose header matches shows
 *     all its rows and subsections, all levels down, whatever they answer.
 *   - Collapsed sections stay collapsed: a shown collapsed section shows its
 *     header (and footer) only. With FOLD_FILTER_EXPAND_MATCHES, a collapsed
 *     section with a shown row or section below it is shown expanded while
 *     the filter is on (FOLD_SECTION_FILTER_OPENED; its stored state stays
 *     collapsed, so clearing the filter shows it collapsed again, and saved
 *     state stores it collapsed). Such a section counts as expanded for
 *     collapse, toggle and activate: collapsing it sends the usual events
 *     and hides its children until the filter is set again; expanding a
 *     collapsed one sets its stored state as usual.
 *   - Row indices, child and row counts, fold_section_info (but its flags
 *     FILTERED and FILTER_OPENED), collapsed states, heights, expanded rows
 *     and the selection do not change with the filter: it changes only the
 *     flat list (positions, offsets, item counts, visible_row_count). A
 *     hidden row or section has no position: fold_table_row_position and
 *     the like answer FOLD_E_NOT_VISIBLE, as for a collapsed section's rows.
 *   - Shown items that match themselves carry FOLD_ITEM_FLAG_MATCH (a view
 *     highlights them and draws the ways to them dimmed).
 *   - Setting, clearing and changing a filter are reported as one change
 *     set, anchored like any change: setting or clearing gives one step per
 *     contiguous run of items that became hidden or shown, in order, each
 *     applying to the list the steps before it left (GTK's items-changed);
 *     items shown before and after are kept, and redrawn when what they
 *     show changed (FOLD_ITEM_FLAG_MATCH, a header's counts or its section
 *     opened or closed by the filter, a footer's open state). A filter
 *     under which every row still shows reports no step (redraws only).
 *     A changed answer replaces the items of the outermost section it
 *     shows or hides, or the children of the outermost one it opens or
 *     closes (its header and footer kept and redrawn), or else just adds,
 *     removes or redraws the row, or redraws the header.
 *     Sections opened or hidden by the filter send no section events.
 *   - Saved state does not store the filter; it stores the collapsed states
 *     underneath it. Every query keeps its cost while a filter is on.
 */

/* Asked whether a row (`row` >= 0) or a section's header (`row` -1)
 * matches: return 1 for a match, 0 for none. Runs inside the call that asks
 * (fold_table_set_filter, or the insertion): it may read the table, not
 * change it (FOLD_E_BUSY). A negative return stops the call: it returns
 * FOLD_E_CANCELLED ("the match function stopped the filter") and changes
 * nothing (so a binding can pass an exception on). Inside an insertion the
 * new rows and sections are in the table when they are asked about. */
typedef int (*fold_match_fn)(fold_table *table, fold_section_id section, const char *key,
                             int64_t row, void *user_data);

/* Filter options. */
#define FOLD_FILTER_SHOW_CHILDREN 1u  /* a section whose header matches shows all
                                         that is below it */
#define FOLD_FILTER_EXPAND_MATCHES 2u /* collapsed sections with matches below are
                                         shown expanded while filtering */

/* Sets the filter, replacing the one set before (asked anew for every row
 * and section), or with fn NULL clears it (flags must then be 0). Unknown
 * flag bits are FOLD_E_INVALID. Once it returns FOLD_OK the old fn is never
 * called again with its user_data. O(n) answers and O(n) work for n rows
 * and sections (rows of default height answered alike cost O(1) each to
 * store, answers that vary a bit per row, in chunks of 64 rows); clearing
 * O(p) for the p pieces (runs of rows, sections) of the table. */
int fold_table_set_filter(fold_table *table, fold_match_fn fn, void *user_data, uint32_t flags);

/* Whether a filter is set (*out_active 1 or 0) and its flags (optional).
 * O(1). */
int fold_table_filter_info(const fold_table *table, int *out_active, uint32_t *out_flags);

/* Changes one row's or one section's answer (nonzero: matches), as the
 * match function would answer now; FOLD_E_NOT_ALLOWED without a filter.
 * Nothing is reported when the answer is the same. O(depth * log n) (with
 * FOLD_FILTER_SHOW_CHILDREN, a section's answer: plus O(p) for the p pieces
 * below it). */
int fold_table_set_row_match(fold_table *table, fold_section_id section, int64_t row, int matches);
int fold_table_set_section_match(fold_table *table, fold_section_id section, int matches);

/* The answer for a row / a section (1 without a filter). O(depth * log n). */
int fold_table_row_matches(const fold_table *table, fold_section_id section, int64_t row,
                           int *out_matches);
int fold_table_section_matches(const fold_table *table, fold_section_id section, int *out_matches);

/* Rows that match, and all rows, in `section` and all its subsections (a
 * header showing "3 of 40"), or in the whole table with FOLD_ROOT. Without
 * a filter every row matches. Both outputs optional. O(1) after resolving
 * the section. */
int fold_table_match_count(const fold_table *table, fold_section_id section, int64_t *out_matches,
                           int64_t *out_rows);

/* ------------------------------------------------------------------------- */
/* Lazy heights                                                              */
/* ------------------------------------------------------------------------- */
/*
 * With a row height provider, every row without a height of its own is
 * unmeasured: it counts as its section's default row height (the estimate)
 * until fold_table_measure() asks the provider for it; the answer is kept
 * until invalidated. With a header height provider, headers whose height
 * was not set are unmeasured too (estimate: the table's header height).
 * With an expanded-height provider, rows without an expanded height of their
 * own are asked for one when fold_table_measure() covers them (with or
 * without a row height provider), and when they are expanded,
 * toggled or activated before that; the answer is kept until invalidated
 * (0 returned: the row has no expanded height, so it is not expandable).
 * Only the rows and headers a viewport needs are asked for.
 */

/* Returns nonzero and sets *out_height to the height, or returns 0 to keep
 * the estimate (which is then kept too). `row` is -1 for a header. Runs
 * inside the measuring call: it may read the table, not change it
 * (FOLD_E_BUSY). A height that is not finite, negative or above
 * FOLD_MAX_HEIGHT counts as 0 returned. */
typedef int (*fold_height_fn)(fold_table *table, fold_section_id section, const char *key,
                              int64_t row, double *out_height, void *user_data);

/* Sets the provider of row heights (`which` FOLD_HEIGHT_ROW), header
 * heights (FOLD_HEIGHT_HEADER) or rows' expanded heights
 * (FOLD_HEIGHT_EXPANDED); fn NULL removes it. Once it returns FOLD_OK, the
 * old provider is never called again with its user_data (the caller may
 * free it at once), even when it is replaced inside a callback while
 * fold_table_measure() runs: the measure asks the new provider (or nobody)
 * for the rows it has left. O(1). */
int fold_table_set_height_provider(fold_table *table, int32_t which, fold_height_fn fn,
                                   void *user_data);

/* Asks the providers for the unmeasured rows and headers of the viewport
 * [offset, offset + height) widened by `overscan` items and stores the
 * answers — again while measuring brings more rows in, at most 8 rounds.
 * With a viewport set (fold_table_set_viewport), its offset is used instead
 * of `offset` and it stays anchored, so the visible content does not move
 * while estimates become measurements. Reported to listeners like any
 * change. *out_measured (optional): rows and headers measured (asked of a
 * provider). O(k * depth * log n) for k rows asked. */
int fold_table_measure(fold_table *table, double offset, double height, int64_t overscan,
                       int64_t *out_measured);

/* Forgets measured heights (and expanded heights answered by the provider)
 * so the providers are asked again: one row (`row` >= 0), or with `row` -1
 * every row and the header of `section`, or with FOLD_ROOT and -1 every row
 * and header of the table (headers go back to the table's header height).
 * Expanded heights set with fold_table_set_row_expanded_height stay.
 * O(depth * log n) for a row; plus O(stored rows) for the others. */
int fold_table_invalidate_heights(fold_table *table, fold_section_id section, int64_t row);

/* ------------------------------------------------------------------------- */
/* Drag and drop                                                             */
/* ------------------------------------------------------------------------- */
/*
 * While items are dragged over the list, fold_table_drop_target answers
 * where they would land for a pointer at (x, y) in content coordinates (y
 * as for fold_table_item_at_offset; x from the list's left edge, with
 * `indent_width` points per nesting level, or x as a level with
 * indent_width 1): as a child index of a section, with the geometry of the
 * indicator to draw. The rule, as VS Code's tree and Qt's item views do it:
 *  - over a header: its top quarter drops before the section (a line at
 *    the header's top), its middle half drops INTO the section (the section
 *    highlighted; the items go after its last child), its bottom quarter
 *    drops before the section's first child shown when it is expanded and
 *    shows children, and after the section otherwise (a line under the last
 *    item it shows). A section that cannot take the items
 *    (FOLD_SECTION_NO_DROP, one of the dragged sections or inside one, a
 *    section whose children are not loaded) offers no INTO: its header
 *    splits in halves, before and after;
 *  - over a row: its top half drops before it, its bottom half after it;
 *  - over a footer: before it (after its section's last child); over a
 *    placeholder: into its section;
 *  - in a gap where several levels end (after the last child of a section
 *    that is itself last, and so on: the line under the item is shared by
 *    every level that ends there), x picks the level: depth
 *    floor(x / indent_width), clamped to the levels that end there, so
 *    dragging left drops after the enclosing section instead;
 *  - above the first item: before the first top-level child; at or below
 *    the end: after the last top-level child (again with x picking among the
 *    levels that end at the bottom).
 * A place that cannot take the dragged items is FOLD_DROP_NONE: inside a
 * dragged section (a section cannot be dropped into its own subtree), into a
 * FOLD_SECTION_NO_DROP section, rows at the top level (only sections can be
 * there), a section whose children are not loaded. With no dragged items
 * given (a drag from elsewhere), every place is open but NO_DROP sections
 * and sections whose children are not loaded.
 *
 * fold_table_drop performs it: the dragged items, in the order given, end as
 * consecutive children of the target section at the target place, in one
 * change set whose moves list them (see "Change sets": moves), so a view
 * keeps their widgets. Their selection, expanded and collapsed states and
 * ids go with them.
 */

/* What is dragged: a row (section, row) or a whole section (row -1). */
typedef struct fold_item_ref {
    fold_section_id section;
    int64_t row;
} fold_item_ref;

/* Kinds of drop target. */
#define FOLD_DROP_NONE 0   /* the items cannot be dropped here */
#define FOLD_DROP_BEFORE 1 /* between items: draw a line */
#define FOLD_DROP_INTO 2   /* onto a section: highlight it */

/* Where dragged items would land. For FOLD_DROP_NONE every other field is
 * 0, but index and position, which are -1. */
typedef struct fold_drop_target {
    int32_t kind;            /* FOLD_DROP_* */
    int32_t depth;           /* the depth the items would have (0 = top level) */
    fold_section_id parent;  /* the section that gets them (FOLD_ROOT: top level) */
    int64_t index;           /* the child index they go before, counting the
                                parent's children as they are now (dragged
                                ones included); the child count: at the end */
    int64_t position;        /* BEFORE: the position of the item below the line
                                (the item count at the very end); INTO: the
                                section's header */
    double line_y;           /* BEFORE: the line's offset (the top of the item
                                below it, or the bottom of the last item) */
    double line_x;           /* BEFORE: where the line starts: depth * indent_width */
    double highlight_top;    /* INTO: the section's header top ... */
    double highlight_height; /* ... to the bottom of the last item it shows */
} fold_drop_target;

/* Where `dragged` (count items, or NULL and 0 for a drag from elsewhere)
 * would land if dropped at (x, y); see the rule above. x, y and
 * indent_width must be finite, indent_width > 0 (FOLD_E_INVALID); a dragged
 * section or row that does not exist is FOLD_E_NOT_FOUND, an item named
 * twice FOLD_E_INVALID, a negative count FOLD_E_RANGE. Nothing changes.
 * O(d * depth * log n) for d dragged items. */
int fold_table_drop_target(const fold_table *table, double x, double y, double indent_width,
                           const fold_item_ref *dragged, int64_t dragged_count,
                           fold_drop_target *out_target);

/* Moves the items to `parent` before child `index` (as fold_drop_target
 * gives them: indices counted before the move, dragged items included;
 * FOLD_INDEX_END: at the end), in the order given: one change set with
 * moves (inside an open batch, part of the batch's). Everything is checked
 * first and nothing changes on failure: a section moved into its own
 * subtree is FOLD_E_INVALID, a FOLD_SECTION_NO_DROP or unloaded parent
 * FOLD_E_NOT_ALLOWED, rows at the top level FOLD_E_INVALID, an item named
 * twice FOLD_E_INVALID, an index out of range or sections nested deeper
 * than FOLD_MAX_DEPTH FOLD_E_RANGE, inside a listener FOLD_E_BUSY. A row
 * (or a section) dragged together with a section that holds it goes with
 * that section and is skipped. A drop that leaves everything where it is
 * (the items already there, in that order) reports nothing, as does count
 * 0. O(d * depth * log n) for d items (plus O(d^2) bookkeeping). */
int fold_table_drop(fold_table *table, fold_section_id parent, int64_t index,
                    const fold_item_ref *items, int64_t count);

/* ------------------------------------------------------------------------- */
/* Type-ahead                                                                */
/* ------------------------------------------------------------------------- */

/* The text of an item for fold_table_find_text: return a NUL-terminated
 * UTF-8 string that stays valid until the callback is called again or
 * fold_table_find_text returns, or NULL for no text (text that is not
 * valid UTF-8 counts as none). Runs inside the call: it may read the
 * table, not change it (FOLD_E_BUSY); a table freed inside it stops the
 * search (FOLD_E_CANCELLED). */
typedef const char *(*fold_item_text_fn)(const fold_item *item, int64_t position,
                                         void *user_data);

/* Search flags (fold_table_find_text). */
#define FOLD_FIND_INCLUDE_START 1u /* `start` itself may match (typing more
                                      letters of the same word keeps the item) */
#define FOLD_FIND_BACKWARD 2u      /* search upward */

/* Type-ahead: the first item shown after `start` (-1: from the top, or
 * with FOLD_FIND_BACKWARD from the bottom) whose text starts with
 * `prefix`, compared case-insensitively with Unicode's case folding
 * ("straße" finds "STRASSE"; "é" finds "É"), going round past the end to
 * the top and on to `start` itself, which is looked at last (so a lone
 * match is found again); only items that can take focus are candidates. Text
 * is a header's title (FOLD_TEXT_TITLE) unless `text` is given, which is
 * then asked for every candidate (rows, footers and placeholders included);
 * without `text`, rows are passed over a section at a time. Leading spaces
 * of the text are ignored. An empty prefix is FOLD_E_INVALID, invalid UTF-8
 * FOLD_E_INVALID, unknown flag bits FOLD_E_INVALID, a start that is not -1
 * or a position FOLD_E_RANGE; FOLD_E_NOT_FOUND when nothing matches
 * (*out_position is then left as it was). Nothing changes:
 * a view focuses the answer (fold_table_set_focus) and keeps the typed
 * prefix itself, resetting it after a pause as GTK and Qt do (about 1 s).
 * O(k * depth * log n) for k candidates looked at. */
int fold_table_find_text(const fold_table *table, const char *prefix, int64_t start,
                         uint32_t flags, fold_item_text_fn text, void *user_data,
                         int64_t *out_position);

#ifdef __cplusplus
}
#endif

#endif /* FOLDTABLE_H */
