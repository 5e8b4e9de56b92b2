"""The C types of foldtable.h as ctypes sees them (internal): the FOLD_
constants, the struct layouts and the callback types, in the header's
order. Plain declarations: loading the library and the function signatures
are in :mod:`foldtable._ffi`, which re-exports every name here, so the
package reads them as ``_ffi.<name>``. tests/test_declarations.py compares
each with the preprocessed include/foldtable.h.
"""

from __future__ import annotations

import ctypes
from ctypes import (
    POINTER,
    Structure,
    c_char_p,
    c_double,
    c_int,
    c_int32,
    c_int64,
    c_uint32,
    c_uint64,
    c_void_p,
)

# --------------------------------------------------------------------------
# Constants from foldtable.h (FOLD_<name>; tests/test_declarations.py checks
# every one against the header). Status codes live in _errors.
# --------------------------------------------------------------------------

# Heights are kept in whole units of HEIGHT_UNIT points (1/256 pt): a height
# is rounded to the nearest unit (ties to even) and reads back so, e.g. 17.7
# reads back as 17.69921875; every top and sum is exact (see foldtable.h).
HEIGHT_UNIT = 1.0 / 256.0
MAX_HEIGHT = 65536.0
MAX_ROWS = 1 << 28
MAX_SECTIONS = 1 << 26
MAX_DEPTH = 64
HEIGHT_DEFAULT = -1.0
INDEX_END = -1

ROOT = 0

CHILD_SECTION = 0
CHILD_ROW = 1

SECTION_COLLAPSED = 1
SECTION_FIXED = 2
SECTION_NO_HEADER = 4
SECTION_COLLAPSIBLE = 8
SECTION_EXPANDED = 16
SECTION_UNLOADED = 32
SECTION_FILTERED = 64
SECTION_FILTER_OPENED = 128
SECTION_NO_FOCUS = 256
SECTION_NO_DROP = 512

TEXT_KEY = 0
TEXT_HEADER = 1
TEXT_TITLE = 2
TEXT_DETAIL = 3
TEXT_INDICATOR = 4
TEXT_LOAD_ERROR = 5

HEIGHT_ROW = 0
HEIGHT_HEADER = 1
HEIGHT_FOOTER = 2
HEIGHT_EXPANDED = 3

ITEM_HEADER = 0
ITEM_ROW = 1
ITEM_FOOTER = 2
ITEM_PLACEHOLDER = 3

ITEM_FLAG_COLLAPSED = 1
ITEM_FLAG_EXPANDED = 2
ITEM_FLAG_EXPANDABLE = 4
ITEM_FLAG_COLLAPSIBLE = 8
ITEM_FLAG_LOADING = 16
ITEM_FLAG_FAILED = 32
ITEM_FLAG_SELECTED = 64
ITEM_FLAG_MATCH = 128
ITEM_FLAG_FOCUSED = 256

OFFSET_IN_ITEM = 0
OFFSET_ABOVE = 1
OFFSET_BELOW = 2

ACCORDION_MULTIPLE = 0
ACCORDION_SINGLE = 1
ACCORDION_PER_SECTION = 2

ACTIVATED_NOTHING = 0
ACTIVATED_SECTION_COLLAPSED = 1
ACTIVATED_SECTION_EXPANDED = 2
ACTIVATED_ROW_EXPANDED = 3
ACTIVATED_ROW_COLLAPSED = 4
ACTIVATED_REFUSED = 5
ACTIVATED_LOAD_RETRIED = 6

SECTION_WILL_COLLAPSE = 0
SECTION_DID_COLLAPSE = 1
SECTION_WILL_EXPAND = 2
SECTION_DID_EXPAND = 3

ROW_WILL_EXPAND = 0
ROW_DID_EXPAND = 1
ROW_WILL_COLLAPSE = 2
ROW_DID_COLLAPSE = 3

ALIGN_AUTO = 0
ALIGN_START = 1
ALIGN_CENTER = 2
ALIGN_END = 3
ALIGN_SMART = 4

TRANSITION_STAYS = 0
TRANSITION_MOVES = 1
TRANSITION_APPEARS = 2
TRANSITION_DISAPPEARS = 3
TRANSITION_STUCK_BEFORE = 1
TRANSITION_STUCK_AFTER = 2
TRANSITION_FOLDS = 4

SNAPSHOT_SECTION = 0
SNAPSHOT_ROWS = 1
SNAPSHOT_HEADER_HEIGHT = 1
SNAPSHOT_FOOTER_HEIGHT = 2
SNAPSHOT_ROW_HEIGHT = 4

LOAD_LOADED = 0
LOAD_UNLOADED = 1
LOAD_LOADING = 2
LOAD_FAILED = 3
LOAD_RELOADING = 4
LOAD_START = 0
LOAD_CANCEL = 1

SELECT_REPLACE = 0
SELECT_ADD = 1
SELECT_REMOVE = 2
SELECT_TOGGLE = 3
SELECTION_MULTIPLE = 0
SELECTION_SINGLE = 1
SELECTION_NONE = 2

FILTER_SHOW_CHILDREN = 1
FILTER_EXPAND_MATCHES = 2

FOCUS_HEADERS = 1 << ITEM_HEADER
FOCUS_ROWS = 1 << ITEM_ROW
FOCUS_FOOTERS = 1 << ITEM_FOOTER
FOCUS_PLACEHOLDERS = 1 << ITEM_PLACEHOLDER
FOCUS_ALL = 15

NAV_NEXT = 0
NAV_PREVIOUS = 1
NAV_FIRST = 2
NAV_LAST = 3
NAV_PARENT = 4
NAV_FIRST_CHILD = 5
NAV_NEXT_SIBLING = 6
NAV_PREVIOUS_SIBLING = 7
NAV_PAGE_DOWN = 8
NAV_PAGE_UP = 9

KEY_UP = 1
KEY_DOWN = 2
KEY_LEFT = 3
KEY_RIGHT = 4
KEY_HOME = 5
KEY_END = 6
KEY_PAGE_UP = 7
KEY_PAGE_DOWN = 8
KEY_SPACE = 9
KEY_PLUS = 10
KEY_MINUS = 11
KEY_ASTERISK = 12

MOD_SHIFT = 1
MOD_CTRL = 2

DROP_NONE = 0
DROP_BEFORE = 1
DROP_INTO = 2

FIND_INCLUDE_START = 1
FIND_BACKWARD = 2

# --------------------------------------------------------------------------
# Structures from foldtable.h (field for field; checked by the same test)
# --------------------------------------------------------------------------

#: fold_section_id: a section's id (0 is FOLD_ROOT, never a section).
section_id = c_uint64


class fold_table_options(Structure):
    _fields_ = [
        ("size", c_uint32),
        ("start_collapsed", c_int32),
        ("row_height", c_double),
        ("header_height", c_double),
        ("footer_height", c_double),
        ("padding_top", c_double),
        ("padding_bottom", c_double),
        # Appended after the first layout (size tells the library which
        # fields the caller knows).
        ("accordion", c_int32),
        ("sticky_levels", c_int32),
        ("follow_end", c_int32),
    ]


class fold_section_info(Structure):
    _fields_ = [
        ("parent", section_id),
        ("index", c_int64),
        ("depth", c_int32),
        ("flags", c_uint32),
        ("child_count", c_int64),
        ("row_count", c_int64),
        ("visible_row_count", c_int64),
        ("header_height", c_double),
        ("footer_height", c_double),
        ("row_height", c_double),
        ("reserved", c_int64 * 4),
    ]


class fold_row_info(Structure):
    _fields_ = [
        ("height", c_double),
        ("expanded_height", c_double),
        ("child_index", c_int64),
        ("flags", c_uint32),
        ("reserved", c_uint32),
    ]


class fold_section_state(Structure):
    _fields_ = [
        ("section", section_id),
        # A char * into the same allocation; read with ctypes.string_at.
        ("key", c_void_p),
        ("collapsed", c_int32),
        ("reserved", c_int32),
    ]


class fold_item(Structure):
    _fields_ = [
        ("kind", c_int32),
        ("depth", c_int32),
        ("section", section_id),
        ("row", c_int64),
        ("flags", c_uint32),
        ("reserved", c_uint32),
    ]


class fold_visible_item(Structure):
    _fields_ = [
        ("position", c_int64),
        ("kind", c_int32),
        ("depth", c_int32),
        ("section", section_id),
        ("row", c_int64),
        ("top", c_double),
        ("height", c_double),
        ("flags", c_uint32),
        ("reserved", c_uint32),
    ]


class fold_row_ref(Structure):
    _fields_ = [
        ("section", section_id),
        # A char * into the same allocation; read with ctypes.string_at.
        ("key", c_void_p),
        ("row", c_int64),
    ]


class fold_sticky_header(Structure):
    _fields_ = [
        ("position", c_int64),
        ("section", section_id),
        ("depth", c_int32),
        ("reserved", c_int32),
        ("top", c_double),
        ("height", c_double),
    ]


class fold_change(Structure):
    _fields_ = [
        ("position", c_int64),
        ("removed", c_int64),
        ("added", c_int64),
    ]


class fold_range(Structure):
    _fields_ = [
        ("position", c_int64),
        ("count", c_int64),
    ]


class fold_move(Structure):
    _fields_ = [
        ("from", c_int64),  # a keyword in Python: getattr(m, "from")
        ("to", c_int64),
        ("count", c_int64),
    ]


class fold_change_set(Structure):
    _fields_ = [
        # The arrays are owned by the library and valid only during the
        # listener call; declared as void * so that the binding reads them
        # in one copy (see _callbacks.change_set).
        ("changes", c_void_p),
        ("change_count", c_int64),
        ("redraw", c_void_p),
        ("redraw_count", c_int64),
        ("content_height_delta", c_double),
        ("anchored", c_int32),
        ("reserved", c_int32),
        ("anchored_offset", c_double),
        ("moves", c_void_p),
        ("move_count", c_int64),
    ]


class fold_transition_item(Structure):
    _fields_ = [
        ("position_before", c_int64),
        ("position_after", c_int64),
        ("kind", c_int32),
        ("depth", c_int32),
        ("section", section_id),
        ("row", c_int64),
        ("item_flags", c_uint32),
        ("change", c_int32),
        ("flags", c_uint32),
        ("clip", c_int32),
        ("top_before", c_double),
        ("height_before", c_double),
        ("top_after", c_double),
        ("height_after", c_double),
    ]


class fold_transition_info(Structure):
    _fields_ = [
        ("item_count", c_int64),
        ("offset_before", c_double),
        ("offset_after", c_double),
        ("content_height_before", c_double),
        ("content_height_after", c_double),
        ("viewport_height", c_double),
        ("progress", c_double),
        ("serial", c_uint64),
    ]


class fold_frame_item(Structure):
    _fields_ = [
        ("index", c_int64),
        ("top", c_double),
        ("height", c_double),
        ("clip_top", c_double),
    ]


class fold_import_report(Structure):
    _fields_ = [
        ("sections", c_int64),
        ("unknown_sections", c_int64),
        ("rows", c_int64),
        ("unknown_rows", c_int64),
        ("anchor_restored", c_int32),
        ("reserved", c_int32),
    ]


class fold_snapshot_entry(Structure):
    _fields_ = [
        ("kind", c_int32),
        ("depth", c_int32),
        ("key", c_void_p),
        ("header", c_void_p),
        ("rows", c_int64),
        ("flags", c_uint32),
        ("heights", c_uint32),
        ("header_height", c_double),
        ("footer_height", c_double),
        ("row_height", c_double),
    ]


class fold_snapshot_report(Structure):
    _fields_ = [
        ("sections_inserted", c_int64),
        ("sections_removed", c_int64),
        ("sections_moved", c_int64),
        ("sections_kept", c_int64),
        ("headers_changed", c_int64),
        ("rows_inserted", c_int64),
        ("rows_removed", c_int64),
        ("reserved", c_int64),
    ]


class fold_load_info(Structure):
    _fields_ = [
        ("state", c_int32),
        ("reserved", c_int32),
        ("ticket", c_uint64),
        ("reserved2", c_int64 * 2),
    ]


class fold_selected_run(Structure):
    _fields_ = [
        ("section", section_id),
        # A char * into the same allocation; read with ctypes.string_at.
        ("key", c_void_p),
        ("row", c_int64),
        ("count", c_int64),
    ]


class fold_key_result(Structure):
    _fields_ = [
        ("handled", c_int32),
        ("action", c_int32),
        ("focus", c_int64),
        ("scroll_offset", c_double),
        ("scroll", c_int32),
        ("reserved", c_int32),
    ]


class fold_item_ref(Structure):
    _fields_ = [
        ("section", section_id),
        ("row", c_int64),
    ]


class fold_drop_target(Structure):
    _fields_ = [
        ("kind", c_int32),
        ("depth", c_int32),
        ("parent", section_id),
        ("index", c_int64),
        ("position", c_int64),
        ("line_y", c_double),
        ("line_x", c_double),
        ("highlight_top", c_double),
        ("highlight_height", c_double),
    ]


# --------------------------------------------------------------------------
# Callback types. The table is passed as void * (the binding never uses it:
# a listener reaches its table through the Python Table). Strings arrive as
# c_char_p, which ctypes copies into bytes before the Python function runs.
# A NULL function pointer is the type called with no arguments.
# --------------------------------------------------------------------------

# void (*fold_change_fn)(fold_table *, const fold_change_set *, void *user_data)
CHANGE_FN = ctypes.CFUNCTYPE(None, c_void_p, POINTER(fold_change_set), c_void_p)
# int (*fold_section_fn)(fold_table *, fold_section_id, const char *key, int32_t event, void *)
SECTION_FN = ctypes.CFUNCTYPE(c_int, c_void_p, section_id, c_char_p, c_int32, c_void_p)
# int (*fold_row_fn)(fold_table *, fold_section_id, const char *key, int64_t row, int32_t event, void *)
ROW_FN = ctypes.CFUNCTYPE(c_int, c_void_p, section_id, c_char_p, c_int64, c_int32, c_void_p)
# int (*fold_height_fn)(fold_table *, fold_section_id, const char *key, int64_t row,
#                       double *out_height, void *user_data)
HEIGHT_FN = ctypes.CFUNCTYPE(
    c_int, c_void_p, section_id, c_char_p, c_int64, POINTER(c_double), c_void_p
)
# void (*fold_load_fn)(fold_table *, fold_section_id, const char *key, uint64_t ticket,
#                      int32_t event, void *user_data)
LOAD_FN = ctypes.CFUNCTYPE(None, c_void_p, section_id, c_char_p, c_uint64, c_int32, c_void_p)
# int (*fold_match_fn)(fold_table *, fold_section_id, const char *key, int64_t row, void *user_data)
MATCH_FN = ctypes.CFUNCTYPE(c_int, c_void_p, section_id, c_char_p, c_int64, c_void_p)
# const char *(*fold_item_text_fn)(const fold_item *item, int64_t position, void *user_data)
# The result is declared void *: ctypes would return a c_char_p result's
# bytes without keeping them alive, so the trampoline returns the address of
# a buffer it keeps until the next call or the end of fold_table_find_text.
ITEM_TEXT_FN = ctypes.CFUNCTYPE(c_void_p, POINTER(fold_item), c_int64, c_void_p)
