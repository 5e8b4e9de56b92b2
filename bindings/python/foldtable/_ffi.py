"""Loading libfoldtable and declaring its C functions (internal).

This module is the only place that knows where the library lives and what
the C signatures are. It

1. loads the library (see :func:`load_library` for the search order) and
   raises one :class:`ImportError` listing every place it tried;
2. checks that the library's major version is the one this binding wraps
   (and, after declaring, that its minor version is not older);
3. applies one table of declarations (name, argtypes, restype, whether the
   function returns a status) to the loaded library, once. A missing symbol
   means the binding and the library come from different versions.

Status-returning functions get an ``errcheck`` that turns a negative status
into the matching :class:`~foldtable.FoldError`, with the message read from
``fold_last_error_message()`` right after the call, on the same thread.

The declarations are written by hand, in the header's order; the
constants, struct layouts and callback types they use are in
:mod:`foldtable._ffi_types` and re-exported here, so the package reads
every C name as ``_ffi.<name>``. tests/test_declarations.py compares each
declaration, constant and struct with the preprocessed include/foldtable.h.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import warnings
from ctypes import (
    POINTER,
    c_char_p,
    c_double,
    c_int,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import Any, List, Optional, Sequence, Tuple

from . import _errors
from ._ffi_types import *  # noqa: F401,F403  (re-exported: the package's _ffi.<name>)
from ._ffi_types import (
    CHANGE_FN,
    HEIGHT_FN,
    ITEM_TEXT_FN,
    LOAD_FN,
    MATCH_FN,
    ROW_FN,
    SECTION_FN,
    fold_drop_target,
    fold_frame_item,
    fold_import_report,
    fold_item,
    fold_item_ref,
    fold_key_result,
    fold_load_info,
    fold_row_info,
    fold_section_info,
    fold_selected_run,
    fold_snapshot_entry,
    fold_snapshot_report,
    fold_sticky_header,
    fold_table_options,
    fold_transition_info,
    fold_transition_item,
    fold_visible_item,
    section_id,
)

#: The library major version this binding is written against (FOLD_VERSION_MAJOR).
EXPECTED_MAJOR = 0
#: The minor version too: before 1.0 every minor version changes the ABI
#: (0.2 replaced index and key arguments with section ids; 0.3 grew the options;
#: 0.4 added lazily loaded children; 0.5 selection and filtering).
EXPECTED_MINOR = 5

#: The environment variable naming the library file to load.
ENV_VAR = "FOLDTABLE_LIBRARY"

LIBRARY_FILE = "libfoldtable.so"

# Build trees of the repository, relative to its root (the directory holding
# include/foldtable.h): CMake first, then SwiftPM release and debug.
_BUILD_TREE_PATHS = (
    os.path.join("build", LIBRARY_FILE),
    os.path.join(".build", "release", LIBRARY_FILE),
    os.path.join(".build", "debug", LIBRARY_FILE),
)


# --------------------------------------------------------------------------
# The declarations: (name, argtypes, restype, returns a status)
# --------------------------------------------------------------------------

_TABLE = c_void_p  # fold_table * (opaque)
_ID = section_id
_P_ID = POINTER(section_id)
_P_INT = POINTER(c_int)
_P_I32 = POINTER(c_int32)
_P_I64 = POINTER(c_int64)
_P_DOUBLE = POINTER(c_double)
_P_SIZE = POINTER(c_size_t)
# char ** outputs are declared as void ** so that ctypes never converts (and
# loses) a malloc'd pointer; the binding copies the bytes and calls fold_free.
_P_STR = POINTER(c_void_p)

STATUS = True
PLAIN = False

DECLARATIONS: Sequence[Tuple[str, List[Any], Any, bool]] = (
    # Version, errors, memory. The returned strings are static or owned by
    # the library, so c_char_p (which copies) is right for them.
    ("fold_version_number", [], c_int32, PLAIN),
    ("fold_version_string", [], c_char_p, PLAIN),
    ("fold_last_error_message", [], c_char_p, PLAIN),
    ("fold_status_name", [c_int], c_char_p, PLAIN),
    ("fold_free", [c_void_p], None, PLAIN),
    # Tables
    ("fold_table_options_init", [POINTER(fold_table_options)], None, PLAIN),
    ("fold_table_new", [POINTER(fold_table_options), POINTER(c_void_p)], c_int, STATUS),
    ("fold_table_free", [_TABLE], None, PLAIN),
    ("fold_table_get_options", [_TABLE, POINTER(fold_table_options)], c_int, STATUS),
    ("fold_table_set_accordion", [_TABLE, c_int32], c_int, STATUS),
    ("fold_table_set_sticky_levels", [_TABLE, c_int32], c_int, STATUS),
    ("fold_table_set_follow_end", [_TABLE, c_int32], c_int, STATUS),
    ("fold_table_set_indicators", [_TABLE, c_char_p, c_char_p], c_int, STATUS),
    # Finding sections
    ("fold_table_find_section", [_TABLE, c_char_p, _P_ID], c_int, STATUS),
    ("fold_table_child_count", [_TABLE, _ID, _P_I64], c_int, STATUS),
    ("fold_table_structure_version", [_TABLE, POINTER(c_uint64)], c_int, STATUS),
    ("fold_table_child_at", [_TABLE, _ID, c_int64, _P_I32, _P_ID, _P_I64], c_int, STATUS),
    ("fold_table_section_at_path", [_TABLE, _P_I64, c_int64, _P_ID], c_int, STATUS),
    ("fold_table_section_path", [_TABLE, _ID, _P_I64, c_int64, _P_I64], c_int, STATUS),
    ("fold_table_section_info", [_TABLE, _ID, POINTER(fold_section_info)], c_int, STATUS),
    ("fold_table_section_text", [_TABLE, _ID, c_int32, c_char_p, c_size_t, _P_SIZE], c_int, STATUS),
    # Changing sections
    (
        "fold_table_insert_section",
        [_TABLE, _ID, c_int64, c_char_p, c_char_p, c_int64, c_uint32, _P_ID],
        c_int,
        STATUS,
    ),
    ("fold_table_remove_section", [_TABLE, _ID], c_int, STATUS),
    ("fold_table_move_section", [_TABLE, _ID, _ID, c_int64], c_int, STATUS),
    ("fold_table_remove_children", [_TABLE, _ID, c_int64, c_int64], c_int, STATUS),
    ("fold_table_set_section_header", [_TABLE, _ID, c_char_p], c_int, STATUS),
    ("fold_table_set_section_height", [_TABLE, _ID, c_int32, c_double], c_int, STATUS),
    ("fold_table_set_collapsible", [_TABLE, _ID, c_int], c_int, STATUS),
    ("fold_table_set_section_flags", [_TABLE, _ID, c_uint32, c_uint32], c_int, STATUS),
    # Rows
    ("fold_table_insert_rows", [_TABLE, _ID, c_int64, c_int64, _P_DOUBLE], c_int, STATUS),
    ("fold_table_remove_rows", [_TABLE, _ID, c_int64, c_int64], c_int, STATUS),
    ("fold_table_move_row", [_TABLE, _ID, c_int64, _ID, c_int64], c_int, STATUS),
    ("fold_table_set_row_height", [_TABLE, _ID, c_int64, c_double], c_int, STATUS),
    ("fold_table_set_row_heights", [_TABLE, _ID, c_int64, c_int64, _P_DOUBLE], c_int, STATUS),
    ("fold_table_row_info", [_TABLE, _ID, c_int64, POINTER(fold_row_info)], c_int, STATUS),
    # Expandable rows. fold_row_ref ** is declared as void ** (one
    # allocation, freed with fold_free).
    ("fold_table_set_row_expanded_height", [_TABLE, _ID, c_int64, c_double], c_int, STATUS),
    ("fold_table_expand_row", [_TABLE, _ID, c_int64, _P_INT], c_int, STATUS),
    ("fold_table_collapse_row", [_TABLE, _ID, c_int64, _P_INT], c_int, STATUS),
    ("fold_table_toggle_row", [_TABLE, _ID, c_int64, _P_INT], c_int, STATUS),
    ("fold_table_expanded_rows", [_TABLE, POINTER(c_void_p), _P_I64], c_int, STATUS),
    # Collapsing
    ("fold_table_collapse", [_TABLE, _ID, _P_INT], c_int, STATUS),
    ("fold_table_expand", [_TABLE, _ID, _P_INT], c_int, STATUS),
    ("fold_table_toggle", [_TABLE, _ID, _P_INT], c_int, STATUS),
    ("fold_table_collapse_all", [_TABLE, _P_I64], c_int, STATUS),
    ("fold_table_expand_all", [_TABLE, _P_I64], c_int, STATUS),
    ("fold_table_section_states", [_TABLE, POINTER(c_void_p), _P_I64], c_int, STATUS),
    # The flat list
    ("fold_table_item_count", [_TABLE, _P_I64], c_int, STATUS),
    ("fold_table_item_at", [_TABLE, c_int64, POINTER(fold_item)], c_int, STATUS),
    ("fold_table_item_at_with_index", [_TABLE, c_int64, POINTER(fold_item), _P_I64], c_int, STATUS),
    ("fold_table_header_position", [_TABLE, _ID, _P_I64], c_int, STATUS),
    ("fold_table_row_position", [_TABLE, _ID, c_int64, _P_I64], c_int, STATUS),
    ("fold_table_footer_position", [_TABLE, _ID, _P_I64], c_int, STATUS),
    ("fold_table_activate", [_TABLE, c_int64, _P_I32], c_int, STATUS),
    # Geometry
    ("fold_table_item_height", [_TABLE, c_int64, _P_DOUBLE], c_int, STATUS),
    ("fold_table_item_top", [_TABLE, c_int64, _P_DOUBLE], c_int, STATUS),
    ("fold_table_item_at_offset", [_TABLE, c_double, _P_I64, _P_I32], c_int, STATUS),
    ("fold_table_content_height", [_TABLE, _P_DOUBLE], c_int, STATUS),
    (
        "fold_table_visible_items",
        [_TABLE, c_double, c_double, c_int64, POINTER(fold_visible_item), c_int64, _P_I64, _P_I64],
        c_int,
        STATUS,
    ),
    (
        "fold_table_sticky_headers",
        [_TABLE, c_double, POINTER(fold_sticky_header), c_int64, _P_I64, _P_I64],
        c_int,
        STATUS,
    ),
    # Change events and listeners. user_data is always NULL: each Python
    # callback is a closure, kept referenced by its Table while registered.
    ("fold_table_add_change_listener", [_TABLE, CHANGE_FN, c_void_p, _P_I64], c_int, STATUS),
    ("fold_table_add_section_listener", [_TABLE, SECTION_FN, c_void_p, _P_I64], c_int, STATUS),
    ("fold_table_add_row_listener", [_TABLE, ROW_FN, c_void_p, _P_I64], c_int, STATUS),
    ("fold_table_remove_listener", [_TABLE, c_int64], c_int, STATUS),
    ("fold_table_begin_batch", [_TABLE], c_int, STATUS),
    ("fold_table_end_batch", [_TABLE], c_int, STATUS),
    ("fold_table_batch_depth", [_TABLE, _P_I64], c_int, STATUS),
    # Scrolling
    ("fold_table_set_viewport", [_TABLE, c_double, c_double], c_int, STATUS),
    ("fold_table_clear_viewport", [_TABLE], c_int, STATUS),
    ("fold_table_viewport", [_TABLE, _P_INT, _P_DOUBLE, _P_DOUBLE], c_int, STATUS),
    (
        "fold_table_scroll_offset",
        [_TABLE, c_int64, c_int32, c_double, c_double, _P_DOUBLE],
        c_int,
        STATUS,
    ),
    (
        "fold_table_reveal_offset",
        [_TABLE, _ID, c_int64, c_double, c_double, _P_DOUBLE],
        c_int,
        STATUS,
    ),
    ("fold_table_reveal_row", [_TABLE, _ID, c_int64, c_int, _P_I64], c_int, STATUS),
    # Transitions
    ("fold_table_set_transitions", [_TABLE, c_int32], c_int, STATUS),
    ("fold_table_transitions", [_TABLE, _P_I32], c_int, STATUS),
    ("fold_table_transition_info", [_TABLE, POINTER(fold_transition_info)], c_int, STATUS),
    (
        "fold_table_transition_items",
        [_TABLE, POINTER(fold_transition_item), c_int64, _P_I64, _P_I64],
        c_int,
        STATUS,
    ),
    (
        "fold_table_transition_frame",
        [_TABLE, c_double, POINTER(fold_frame_item), c_int64, _P_I64, _P_I64],
        c_int,
        STATUS,
    ),
    ("fold_table_set_transition_progress", [_TABLE, c_double], c_int, STATUS),
    # Saved state
    ("fold_table_export_state", [_TABLE, _P_STR], c_int, STATUS),
    ("fold_table_import_state", [_TABLE, c_char_p, POINTER(fold_import_report)], c_int, STATUS),
    # Snapshots
    (
        "fold_table_apply_snapshot",
        [_TABLE, POINTER(fold_snapshot_entry), c_int64, POINTER(fold_snapshot_report)],
        c_int,
        STATUS,
    ),
    # Lazily loaded children
    ("fold_table_set_loader", [_TABLE, LOAD_FN, c_void_p], c_int, STATUS),
    ("fold_table_load_info", [_TABLE, _ID, POINTER(fold_load_info)], c_int, STATUS),
    (
        "fold_table_finish_load",
        [_TABLE, _ID, c_uint64, POINTER(fold_snapshot_entry), c_int64, POINTER(fold_snapshot_report)],
        c_int,
        STATUS,
    ),
    ("fold_table_fail_load", [_TABLE, _ID, c_uint64, c_char_p], c_int, STATUS),
    ("fold_table_load", [_TABLE, _ID], c_int, STATUS),
    ("fold_table_reload", [_TABLE, _ID], c_int, STATUS),
    # Selection
    ("fold_table_set_selection_mode", [_TABLE, c_int32], c_int, STATUS),
    ("fold_table_selection_mode", [_TABLE, POINTER(c_int32)], c_int, STATUS),
    ("fold_table_select_row", [_TABLE, _ID, c_int64, c_int32, _P_INT], c_int, STATUS),
    ("fold_table_select_section", [_TABLE, _ID, c_int32, _P_INT], c_int, STATUS),
    ("fold_table_select_item", [_TABLE, c_int64, c_int32, _P_INT], c_int, STATUS),
    ("fold_table_select_range", [_TABLE, c_int64, c_int32, _P_INT], c_int, STATUS),
    ("fold_table_select_positions", [_TABLE, c_int64, c_int64, c_int32, _P_INT], c_int, STATUS),
    ("fold_table_select_all", [_TABLE, _P_INT], c_int, STATUS),
    ("fold_table_clear_selection", [_TABLE, _P_INT], c_int, STATUS),
    ("fold_table_is_row_selected", [_TABLE, _ID, c_int64, _P_INT], c_int, STATUS),
    ("fold_table_is_section_selected", [_TABLE, _ID, _P_INT], c_int, STATUS),
    ("fold_table_selection_count", [_TABLE, _ID, _P_I64, _P_I64], c_int, STATUS),
    # fold_selected_run ** as void ** too (one allocation, fold_free).
    ("fold_table_selection", [_TABLE, POINTER(c_void_p), _P_I64], c_int, STATUS),
    ("fold_table_selection_anchor", [_TABLE, POINTER(_ID), _P_I64], c_int, STATUS),
    ("fold_table_set_selection_anchor", [_TABLE, _ID, c_int64], c_int, STATUS),
    # Focus and keyboard
    ("fold_table_set_focus_kinds", [_TABLE, c_uint32], c_int, STATUS),
    ("fold_table_focus_kinds", [_TABLE, POINTER(c_uint32)], c_int, STATUS),
    ("fold_table_set_focus", [_TABLE, c_int64], c_int, STATUS),
    ("fold_table_focus", [_TABLE, _P_I64], c_int, STATUS),
    ("fold_table_navigate", [_TABLE, c_int64, c_int32, _P_I64], c_int, STATUS),
    ("fold_table_press_key", [_TABLE, c_int32, c_uint32, POINTER(fold_key_result)], c_int, STATUS),
    # Filtering
    ("fold_table_set_filter", [_TABLE, MATCH_FN, c_void_p, c_uint32], c_int, STATUS),
    ("fold_table_filter_info", [_TABLE, _P_INT, POINTER(c_uint32)], c_int, STATUS),
    ("fold_table_set_row_match", [_TABLE, _ID, c_int64, c_int], c_int, STATUS),
    ("fold_table_set_section_match", [_TABLE, _ID, c_int], c_int, STATUS),
    ("fold_table_row_matches", [_TABLE, _ID, c_int64, _P_INT], c_int, STATUS),
    ("fold_table_section_matches", [_TABLE, _ID, _P_INT], c_int, STATUS),
    ("fold_table_match_count", [_TABLE, _ID, _P_I64, _P_I64], c_int, STATUS),
    # Lazy heights
    ("fold_table_set_height_provider", [_TABLE, c_int32, HEIGHT_FN, c_void_p], c_int, STATUS),
    ("fold_table_measure", [_TABLE, c_double, c_double, c_int64, _P_I64], c_int, STATUS),
    ("fold_table_invalidate_heights", [_TABLE, _ID, c_int64], c_int, STATUS),
    # Drag and drop
    (
        "fold_table_drop_target",
        [_TABLE, c_double, c_double, c_double, POINTER(fold_item_ref), c_int64,
         POINTER(fold_drop_target)],
        c_int,
        STATUS,
    ),
    ("fold_table_drop", [_TABLE, _ID, c_int64, POINTER(fold_item_ref), c_int64], c_int, STATUS),
    # Type-ahead
    (
        "fold_table_find_text",
        [_TABLE, c_char_p, c_int64, c_uint32, ITEM_TEXT_FN, c_void_p, _P_I64],
        c_int,
        STATUS,
    ),
)


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------


def _package_dir() -> str:
    return os.path.dirname(os.path.abspath(__file__))


def _find_repo_root(start: str) -> Optional[str]:
    """The nearest directory at or above ``start`` holding include/foldtable.h."""
    here = start
    while True:
        if os.path.isfile(os.path.join(here, "include", "foldtable.h")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def _try_load(path: str, tried: List[str], label: str) -> Optional[ctypes.CDLL]:
    # A bare file name ("libfoldtable.so.0") is left to the dynamic loader's
    # search path; a path must name an existing file.
    if os.sep in path and not os.path.exists(path):
        tried.append("%s %s: no such file" % (label, path))
        return None
    try:
        return ctypes.CDLL(path)
    except OSError as exc:
        tried.append("%s %s: %s" % (label, path, exc))
        return None


def load_library() -> Tuple[ctypes.CDLL, str]:
    """Load libfoldtable and return ``(library, where it came from)``.

    Search order:

    1. the file named by the ``FOLDTABLE_LIBRARY`` environment variable (a
       bare file name is looked up by the dynamic loader);
    2. ``libfoldtable.so`` shipped inside the package directory;
    3. the repository's build trees, when the package runs from a checkout:
       the nearest directory above the package that holds
       ``include/foldtable.h``, then ``build/``, ``.build/release/`` and
       ``.build/debug/`` below it;
    4. ``ctypes.util.find_library("foldtable")`` (the system's search path).

    If ``FOLDTABLE_LIBRARY`` is set but cannot be loaded and a later place
    succeeds, a :class:`RuntimeWarning` says so. If every place fails, one
    :class:`ImportError` lists each place tried and why it failed.
    """
    tried: List[str] = []

    env_path = os.environ.get(ENV_VAR)
    if env_path:
        lib = _try_load(env_path, tried, "$%s =" % ENV_VAR)
        if lib is not None:
            return lib, env_path
    else:
        tried.append("$%s: not set" % ENV_VAR)

    def found(lib: ctypes.CDLL, where: str) -> Tuple[ctypes.CDLL, str]:
        if env_path:
            warnings.warn(
                "could not load $%s (%s); using %s instead" % (ENV_VAR, tried[0], where),
                RuntimeWarning,
                stacklevel=2,
            )
        return lib, where

    package_dir = _package_dir()
    shipped = os.path.join(package_dir, LIBRARY_FILE)
    lib = _try_load(shipped, tried, "package copy")
    if lib is not None:
        return found(lib, shipped)

    root = _find_repo_root(package_dir)
    if root is None:
        tried.append(
            "build trees: no directory above %s contains include/foldtable.h" % package_dir
        )
    else:
        for relative in _BUILD_TREE_PATHS:
            candidate = os.path.join(root, relative)
            lib = _try_load(candidate, tried, "build tree")
            if lib is not None:
                return found(lib, candidate)

    name = ctypes.util.find_library("foldtable")
    if name is None:
        tried.append('find_library("foldtable"): not found on the system search path')
    else:
        try:
            return found(ctypes.CDLL(name), name)
        except OSError as exc:
            tried.append('find_library("foldtable") -> %s: %s' % (name, exc))

    raise ImportError(
        "foldtable: could not load %s. Tried, in order:\n  - %s\n"
        "Set %s to the library's path, or build it (swift build / cmake)."
        % (LIBRARY_FILE, "\n  - ".join(tried), ENV_VAR)
    )


def _check_status(result: int, func: Any, args: Tuple[Any, ...]) -> int:
    """ctypes errcheck: raise the FoldError for a negative status."""
    if result == _errors.OK:
        return result
    # Read the thread-local message at once, before any other fold_* call.
    raw = _message_fn()
    message = raw.decode("utf-8", "replace") if raw else ""
    raise _errors.error_for(result, message, func.__name__)


def _declare(lib: ctypes.CDLL, where: str) -> None:
    for name, argtypes, restype, returns_status in DECLARATIONS:
        try:
            fn = getattr(lib, name)
        except AttributeError:
            raise ImportError(
                "foldtable: the library at %s has no symbol %s: the binding and the "
                "library versions differ (binding expects major version %d)"
                % (where, name, EXPECTED_MAJOR)
            ) from None
        fn.argtypes = argtypes
        fn.restype = restype
        if returns_status:
            fn.errcheck = _check_status


def _check_version(lib: ctypes.CDLL, where: str) -> Tuple[int, str]:
    """Check the library's major version before declaring anything else, so a
    library of another major version is reported as such, not as a missing
    symbol."""
    try:
        number_fn = lib.fold_version_number
        string_fn = lib.fold_version_string
    except AttributeError:
        raise ImportError(
            "foldtable: the library at %s has no fold_version_number: it is not "
            "libfoldtable, or the binding and the library versions differ" % where
        ) from None
    number_fn.argtypes, number_fn.restype = [], c_int32
    string_fn.argtypes, string_fn.restype = [], c_char_p
    number = int(number_fn())
    text = (string_fn() or b"").decode("utf-8", "replace")
    if number // 1000000 != EXPECTED_MAJOR:
        raise ImportError(
            "foldtable: the library at %s is version %s (%d) but this binding wraps "
            "major version %d: the binding and the library versions differ"
            % (where, text, number, EXPECTED_MAJOR)
        )
    return number, text


def _check_minor(number: int, text: str, where: str) -> None:
    """After the declarations (a library that lacks a function says which):
    a library older than the ABI this binding wraps is refused too."""
    if number < EXPECTED_MAJOR * 1000000 + EXPECTED_MINOR * 1000:
        raise ImportError(
            "foldtable: the library at %s is version %s (%d) but this binding wraps "
            "version %d.%d or later: the binding and the library versions differ"
            % (where, text, number, EXPECTED_MAJOR, EXPECTED_MINOR)
        )


lib, library_path = load_library()
version_number, version = _check_version(lib, library_path)
_declare(lib, library_path)
_check_minor(version_number, version, library_path)
_message_fn = lib.fold_last_error_message
_errors.set_status_names(lambda status: (lib.fold_status_name(status) or b"").decode("ascii", "replace"))
