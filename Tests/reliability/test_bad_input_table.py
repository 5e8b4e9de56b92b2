"""Bad-input table: every fold_* function of include/foldtable.h, called with
one bad argument at a time, must answer with a documented status, explain a
failure, and leave the table exactly as it was.

The list of functions is read from the header, so a function added there is
covered without editing this file — unless it has a kind of parameter or
return type this file has no rule for, which fails test_every_function_has_a_rule
on purpose.

For each int-returning function, starting from a fresh table with known
content (nested sections, an expanded row, a collapsed section, a section
without rows, a removed section and its removed subsection) and a call
whose other arguments are reasonable, it tries:

  - a NULL table;
  - NULL for each pointer argument (FOLD_OK allowed only where the header
    says NULL is fine: ALLOWED_NULL below), a NULL text buffer with a
    capacity among them;
  - for each section id: a removed section's id, a removed subsection's id,
    another table's id, an id never handed out (FOLD_E_NOT_FOUND), and
    FOLD_ROOT (FOLD_E_INVALID where a section is required; FOLD_OK allowed
    where the top level is a parent: ROOT_ALLOWED);
  - -1 for each integer: FOLD_INDEX_END, an error (FOLD_E_RANGE for an
    index, row or position) except where an insertion point or "every row"
    is asked for (ALLOWED_MINUS_ONE, which get -2 instead); INT64_MIN /
    INT32_MIN and huge values (FOLD_OK allowed for huge values only where
    the header says they are clamped or harmless: ALLOWED_HUGE);
  - unknown constants for each `which` (FOLD_TEXT_*, FOLD_HEIGHT_*),
    section flags, accordion and alignment (FOLD_E_INVALID);
  - NaN, +-infinity, a negative and a too large value for each height, and
    NaN / +-infinity for each offset;
  - invalid UTF-8 for each string; unknown, empty and duplicate keys;
    malformed JSON; a height array holding a NaN; an out-of-range path.

and asserts: the status is the one the header gives for that input where
it gives one (EXPECT), else one it documents (FOLD_E_INTERNAL and
FOLD_E_BUSY are not expected from plain bad input); a failure sets a
non-empty fold_last_error_message() in a C user's words (no Swift
spelling: UNWANTED_WORDS), naming the id or key for bad ids and keys;
after a failure the table's snapshot (every item with kind, depth, section
id, row, flags, top and height, content height, section states, expanded
rows, every section's info, texts and path, every row's info, options, the
viewport and the exported state) is byte-for-byte the same. Functions
returning void or const char * get their own checks. Every function the
header declares must have at least one case or rule
(test_every_function_has_a_row), and a text buffer too small is checked
not to be an error (test_small_text_buffers).

Run: FOLDTABLE_LIBRARY=/path/to/libfoldtable.so python3 -m pytest -q Tests/reliability/test_bad_input_table.py
 or: FOLDTABLE_LIBRARY=... python3 Tests/reliability/test_bad_input_table.py
"""

import ctypes as C
import math
import sys

from bad_input_abi import (
    CALLBACKS,
    DEFINES,
    DOCUMENTED,
    EXPECTED_FAILURES,
    E_INVALID,
    E_NOT_FOUND,
    E_RANGE,
    F,
    FUNCTIONS,
    IDS,
    OK,
    PROTOS,
    ROOT,
    TYPEDEFS,
    _insert,
    _ok,
    _opts_buffer,
    last_error,
    new_table,
    snapshot,
    status_name,
)

# ---------------------------------------------------------------------------
# The explicit allow-lists (each entry: what the header says)
# ---------------------------------------------------------------------------

# (function or "*", parameter): NULL is documented as fine, so FOLD_OK is allowed.
ALLOWED_NULL = {
    ("*", "out_changed"),            # "*out_changed (optional)"
    ("*", "out_total"),              # "*out_total (optional)"
    ("fold_table_insert_section", "out_id"),        # "sets *out_id (optional)"
    ("fold_table_add_change_listener", "out_id"),   # "*out_id (optional)"
    ("fold_table_add_section_listener", "out_id"),
    ("fold_table_add_row_listener", "out_id"),
    ("*", "user_data"),              # passed back to the callback, never read
    ("fold_table_insert_rows", "heights"),  # "heights is NULL (rows use the section's default height)"
    ("*", "header"),                 # "header ... (NULL means "")"
    ("fold_table_new", "options"),   # "options may be NULL for the defaults"
    ("fold_table_activate", "out_action"),        # "*out_action (optional)"
    ("fold_table_import_state", "out_report"),    # "*out_report (optional)"
    ("fold_table_apply_snapshot", "out_report"),  # "out_report (optional)"
    ("fold_table_measure", "out_measured"),       # "*out_measured (optional)"
    ("fold_table_child_at", "out_section"),       # "out_section and out_row are optional"
    ("fold_table_child_at", "out_row"),
    ("fold_table_section_text", "out_length"),    # "sets *out_length (optional)"
    ("fold_table_viewport", "out_offset"),        # "out_offset and out_height are optional"
    ("fold_table_viewport", "out_height"),
    ("fold_table_set_height_provider", "fn"),     # "fn NULL removes it"
    ("fold_table_set_loader", "fn"),              # "fn NULL removes it"
    ("fold_table_finish_load", "out_report"),     # "*out_report (optional)"
    ("fold_table_fail_load", "message"),          # "NULL means \"\""
    ("fold_table_set_filter", "fn"),              # "with fn NULL clears it"
    ("fold_table_filter_info", "out_flags"),      # "and its flags (optional)"
    ("fold_table_selection_count", "out_rows"),   # "both outputs optional"
    ("fold_table_selection_count", "out_sections"),
    ("fold_table_match_count", "out_matches"),    # "Both outputs optional"
    ("fold_table_match_count", "out_rows"),
    ("fold_table_press_key", "out"),              # "out may be NULL"
    ("fold_table_find_text", "text"),             # "Text is a header's title unless `text` is given"
}

# (function, parameter): FOLD_ROOT names the top level as a parent there, so
# FOLD_OK is allowed; everywhere else FOLD_ROOT is FOLD_E_INVALID.
ROOT_ALLOWED = {
    ("fold_table_child_count", "parent"),
    ("fold_table_child_at", "parent"),
    ("fold_table_insert_section", "parent"),
    ("fold_table_move_section", "parent"),
    ("fold_table_remove_children", "parent"),
    ("fold_table_selection_count", "within"),     # "in the whole table with FOLD_ROOT"
    ("fold_table_match_count", "section"),        # "in the whole table with FOLD_ROOT"
    ("fold_table_drop", "parent"),                # "FOLD_ROOT: top level" (fold_drop_target.parent)
}

# (function, parameter): -1 is FOLD_INDEX_END (an insertion point) or "every
# row", so FOLD_OK is allowed; these get -2 as the bad negative value.
ALLOWED_MINUS_ONE = {
    ("fold_table_insert_section", "index"),
    ("fold_table_insert_rows", "index"),
    ("fold_table_move_section", "index"),
    ("fold_table_move_row", "index"),
    ("fold_table_invalidate_heights", "row"),
    ("fold_table_set_selection_anchor", "row"),   # "row -1: the section"
    ("fold_table_set_focus", "position"),         # "with -1 clears the focus"
    ("fold_table_navigate", "from"),              # "`from` -1 (no focus)"
    ("fold_table_drop", "index"),                 # "FOLD_INDEX_END: at the end"
}

# Parameters holding a FOLD_* constant: an unknown one is FOLD_E_INVALID.
CONSTANT_PARAMETERS = {"which", "alignment", "accordion", "how", "mode", "move", "key"}

# Words a C user does not need to see in a message: Swift's spelling.
UNWANTED_WORDS = ("Optional(", "Swift.", "Int64(", "UInt64(", "nil", "String(", "Error(", "fatal")

# (function or "*", parameter): a huge value is documented as fine.
ALLOWED_HUGE = {
    ("*", "capacity"),               # writes min(capacity, total)
    ("*", "overscan"),               # "clamped to the list"
    ("fold_table_set_sticky_levels", "levels"),  # "the most header levels that stick"
    ("fold_table_reveal_offset", "rows"),        # "up to its first `rows` children"
    ("fold_table_reveal_row", "expand_ancestors"),  # any nonzero value
    # A viewport's height need only be finite and >= 0 (it is not an item
    # height, so FOLD_MAX_HEIGHT does not apply).
    ("fold_table_visible_items", "height"),
    ("fold_table_set_viewport", "height"),
    ("fold_table_measure", "height"),
    ("*", "viewport_height"),
    ("fold_table_drop_target", "indent_width"),   # "finite, indent_width > 0"
}

# Functions whose key parameter names a NEW section (unknown keys are fine,
# existing ones are FOLD_E_DUPLICATE, "" is FOLD_E_INVALID).
def _new_key_function(name):
    return name == "fold_table_insert_section"


def _allowed(table, fn, param):
    return (fn, param) in table or ("*", param) in table


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


class _SnapshotEntry(C.Structure):
    """fold_snapshot_entry, for a good fold_table_apply_snapshot call."""
    _fields_ = [("kind", C.c_int32), ("depth", C.c_int32), ("key", C.c_void_p),
                ("header", C.c_void_p), ("rows", C.c_int64), ("flags", C.c_uint32),
                ("heights", C.c_uint32), ("header_height", C.c_double),
                ("footer_height", C.c_double), ("row_height", C.c_double)]


class Unknown(Exception):
    """A parameter or return type this file has no rule for."""


# The section each id parameter names in a good call: A (rows and a
# subsection, expanded); C (empty) where A would make the call fail.
GOOD_SECTION = {
    ("fold_table_move_section", "section"): "C",
    ("fold_table_move_row", "target"): "C",
}

# Bad ids: (label, which id, the status the header gives).
BAD_IDS = (
    ("a removed section's id", "GONE"),
    ("a removed subsection's id", "GONE1"),
    ("another table's id", "FOREIGN"),
    ("an id never handed out", (0xDEAD << 48) | 1),
)


def good_value(fn, ctype, name, keep):
    """A reasonable value for one argument; buffers are kept alive in keep."""
    if ctype in ("fold_table*", "constfold_table*"):
        return None  # filled in by the caller
    if ctype in TYPEDEFS:
        return C.cast(CALLBACKS[ctype], C.c_void_p)
    if ctype == "void*" and name == "user_data":
        return None
    if ctype == "fold_section_id":
        if name not in ("section", "parent", "target", "within"):
            raise Unknown(f"{fn}: section id parameter {name}")
        return ("id", GOOD_SECTION.get((fn, name), "A"))
    if ctype == "constchar*":
        if name == "key":
            return b"NEW" if _new_key_function(fn) else b"A"
        if name == "json":
            return b'{"version": 1, "collapsed": {}, "expanded": []}'
        return b"text"
    if ctype == "constdouble*":
        buf = (C.c_double * 64)(*([10.0] * 64))
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if ctype == "constint64_t*":
        buf = (C.c_int64 * 70)()
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if ctype == "constfold_snapshot_entry*":
        # One top-level section "S" (count is 1): a snapshot the table can hold.
        key = C.create_string_buffer(b"S")
        entry = _SnapshotEntry(kind=0, depth=0, key=C.cast(key, C.c_void_p))
        keep.extend((key, entry))
        return C.cast(C.pointer(entry), C.c_void_p)
    if ctype == "constfold_item_ref*":
        # One dragged item (count is 1): row 0 of A, materialized with A's id.
        return ("item-ref", "A", 0)
    if ctype in ("constfold_table_options*", "fold_table_options*"):
        buf = _opts_buffer()
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if ctype.endswith("*"):
        if not (name.startswith("out") or name in ("ptr", "buffer")):
            raise Unknown(f"{fn}: pointer parameter {ctype} {name}")
        buf = C.create_string_buffer(64 * 80)  # room for 64 of any output struct
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if ctype in ("int64_t", "int32_t", "int", "uint32_t", "size_t"):
        return {"capacity": 64, "count": 1, "row_count": 1, "rows": 1, "length": 1,
                "expand_ancestors": 1, "collapsible": 1, "alignment": 0, "accordion": 0,
                "levels": 0, "id": 1, "flags": 0, "which": 0}.get(name, 0)
    if ctype == "double":
        return {"viewport_height": 100.0, "height": 10.0}.get(name, 0.0)
    if ctype == "uint64_t" and name == "ticket":
        return 1  # section A is loaded: no ticket is its current load
    raise Unknown(f"{fn}: parameter {ctype} {name}")


E_NOT_ALLOWED = DEFINES["FOLD_E_NOT_ALLOWED"]


def bad_values(fn, ctype, name):
    """(label, value, allow_ok, expected status or None for any documented failure)."""
    out = []
    if ctype.endswith("*") or ctype in TYPEDEFS:
        if not (ctype.startswith("fold_table*") or ctype.startswith("constfold_table*")):
            label = "NULL with a capacity" if name in ("buffer", "out_path") else "NULL"
            out.append((label, None, _allowed(ALLOWED_NULL, fn, name),
                        E_INVALID if name in ("buffer", "out_path") else None))
    if ctype == "fold_section_id":
        for label, which in BAD_IDS:
            out.append((label, ("id", which), False, E_NOT_FOUND))
        root_ok = (fn, name) in ROOT_ALLOWED
        out.append(("FOLD_ROOT", ROOT, root_ok, None if root_ok else E_INVALID))
    if ctype == "constchar*":
        out.append(("invalid UTF-8", b"\xff\xfe", False, E_INVALID))
        out.append(("truncated UTF-8", b"ab\xc3", False, E_INVALID))
        out.append(("overlong NUL", b"\xc0\x80", False, E_INVALID))
        out.append(("surrogate", b"\xed\xa0\x80", False, E_INVALID))
        if name == "key":
            if _new_key_function(fn):
                out.append(("duplicate key", b"A1", False, DEFINES["FOLD_E_DUPLICATE"]))
                out.append(("empty key", b"", False, E_INVALID))
            else:
                out.append(("unknown key", b"no-such-key", False, E_NOT_FOUND))
                out.append(("empty key", b"", False, E_NOT_FOUND))
        if name == "json":
            out.append(("malformed JSON", b'{"version": 1, "collapsed": ', False, E_INVALID))
            out.append(("wrong shape", b"[1, 2, 3]", False, E_INVALID))
    if ctype == "constdouble*":
        out.append(("NaN height", "nan-array", False, E_INVALID))
    if ctype == "constint64_t*":
        out.append(("out-of-range path", "bad-path", False, E_RANGE))
    if ctype in ("int64_t", "int32_t"):
        lo, hi = (INT64_MIN, INT64_MAX) if ctype == "int64_t" else (INT32_MIN, INT32_MAX)
        constant = name in CONSTANT_PARAMETERS
        index_like = name in ("index", "row", "position")
        if (fn, name) in ALLOWED_MINUS_ONE:
            out.append(("FOLD_INDEX_END (-1), allowed here", -1, True, None))
            out.append(("-2", -2, False, E_RANGE))
        else:
            out.append(("FOLD_INDEX_END (-1)" if index_like else "-1", -1, False,
                        E_RANGE if index_like else E_INVALID if constant else None))
        out.append(("min", lo, False, E_INVALID if constant else None))
        out.append(("huge", hi, _allowed(ALLOWED_HUGE, fn, name), E_INVALID if constant else None))
        if constant:
            out.append(("unknown constant", 99, False, E_INVALID))
    if ctype == "uint32_t" and name == "flags" and fn == "fold_table_find_text":
        # FOLD_FIND_INCLUDE_START | FOLD_FIND_BACKWARD are all there are.
        for label, value in (("unknown find flag", 4), ("top bit", 1 << 31), ("all bits", 0xFFFFFFFF)):
            out.append((label, value, False, E_INVALID))
        return out
    if ctype == "uint32_t" and name == "flags" and fn == "fold_table_set_filter":
        # Filter options: FOLD_FILTER_SHOW_CHILDREN | _EXPAND_MATCHES are all there are.
        for label, value in (("unknown filter flag", 4), ("top bit", 1 << 31), ("all bits", 0xFFFFFFFF)):
            out.append((label, value, False, E_INVALID))
        return out
    if ctype == "uint32_t" and name == "flags":
        flag = DEFINES.get
        for label, value in (("FOLD_SECTION_COLLAPSIBLE (reported only)", flag("FOLD_SECTION_COLLAPSIBLE", 8)),
                             ("unknown flag", 64), ("top bit", 1 << 31), ("all bits", 0xFFFFFFFF),
                             ("UNLOADED with EXPANDED",
                              flag("FOLD_SECTION_UNLOADED", 32) | flag("FOLD_SECTION_EXPANDED", 16)),
                             ("UNLOADED with FIXED",
                              flag("FOLD_SECTION_UNLOADED", 32) | flag("FOLD_SECTION_FIXED", 2)),
                             ("UNLOADED with NO_HEADER",
                              flag("FOLD_SECTION_UNLOADED", 32) | flag("FOLD_SECTION_NO_HEADER", 4)),
                             ("COLLAPSED with EXPANDED",
                              flag("FOLD_SECTION_COLLAPSED", 1) | flag("FOLD_SECTION_EXPANDED", 16)),
                             ("COLLAPSED with FIXED",
                              flag("FOLD_SECTION_COLLAPSED", 1) | flag("FOLD_SECTION_FIXED", 2)),
                             ("COLLAPSED with NO_HEADER",
                              flag("FOLD_SECTION_COLLAPSED", 1) | flag("FOLD_SECTION_NO_HEADER", 4))):
            out.append((label, value, False, E_INVALID))
    if ctype == "uint64_t" and name == "ticket":
        out.append(("a ticket never handed out", (0xDEAD << 48) | 7, False, DEFINES["FOLD_E_CANCELLED"]))
        out.append(("ticket 0", 0, False, DEFINES["FOLD_E_CANCELLED"]))
    if ctype == "double":
        if name in ("offset", "y", "x"):  # positions: any finite value
            out += [("NaN", math.nan, False, E_INVALID), ("+inf", math.inf, False, E_INVALID),
                    ("-inf", -math.inf, False, E_INVALID)]
        else:
            out += [("NaN", math.nan, False, E_INVALID), ("+inf", math.inf, False, E_INVALID),
                    ("-inf", -math.inf, False, E_INVALID), ("negative", -2.0, False, E_INVALID),
                    ("too large", 1e300, _allowed(ALLOWED_HUGE, fn, name), E_INVALID)]
    return out


def _materialize(label, value, keep, count):
    if value == "nan-array":
        buf = (C.c_double * 64)(*([math.nan] * 64))
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if value == "bad-path":
        buf = (C.c_int64 * 70)(*([999] * 70))
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if isinstance(value, tuple) and value[0] == "item-ref":
        buf = (C.c_uint64 * 2)(IDS[value[1]], value[2])  # fold_item_ref {section, row}
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if isinstance(value, tuple) and value[0] == "id":
        return IDS[value[1]] if isinstance(value[1], str) else value[1]
    return value


def int_functions():
    return [n for n, (ret, _) in PROTOS.items() if ret == "int" and n in F]


def cases():
    out = []
    for name in int_functions():
        ret, params = PROTOS[name]
        if name == "fold_table_new":
            out += [(name, -1, "NULL out_table"), (name, -2, "bad options")]
            continue
        has_table = params and params[0][0] in ("fold_table*", "constfold_table*")
        if has_table:
            out.append((name, 0, "NULL table"))
        for i, (ctype, pname) in enumerate(params):
            if i == 0 and has_table:
                continue
            for label, _, _, _ in bad_values(name, ctype, pname):
                out.append((name, i, label))
    return out


def run_case(name, index, label):
    ret, params = PROTOS[name]
    f = F[name]
    if name == "fold_table_new":
        out = C.c_void_p()
        if label == "NULL out_table":
            st = f(None, None)
        else:
            opts = _opts_buffer()
            C.c_double.from_buffer(opts, 8).value = math.nan  # row_height
            st = f(opts, C.byref(out))
        assert st in EXPECTED_FAILURES - {OK}, f"{name} {label}: {status_name(st)}"
        assert out.value is None, f"{name} {label}: a failed call wrote its output"
        assert last_error(), f"{name} {label}: empty message"
        return
    t = new_table()
    try:
        keep = []
        args = []
        allow_ok = False
        expect = E_INVALID if label == "NULL table" else None
        named = None  # what the message must name
        for i, (ctype, pname) in enumerate(params):
            v = _materialize("", good_value(name, ctype, pname, keep), keep, 64)
            if i == 0 and ctype in ("fold_table*", "constfold_table*"):
                v = None if label == "NULL table" else t
            elif i == index:
                for blabel, bvalue, ok, bexpect in bad_values(name, ctype, pname):
                    if blabel == label:
                        v = _materialize(blabel, bvalue, keep, 64)
                        allow_ok = ok
                        expect = bexpect
                        if expect == E_NOT_FOUND and ctype == "fold_section_id":
                            named = str(v)
                        elif expect == E_NOT_FOUND and pname == "key" and v:
                            named = '"' + v.decode() + '"'
            args.append(v)
        before = snapshot(t)
        st = f(*args)
        message = last_error()
        assert message is not None, f"{name}: fold_last_error_message() returned NULL"
        what = f"{name}({', '.join(p for _, p in params)}) with {label} " \
               f"{'for ' + params[index][1] if index >= 0 and label != 'NULL table' else ''}"
        if st == OK:
            assert allow_ok, f"{what}: FOLD_OK, but this input is bad (not in an allow-list)"
            return
        assert st in EXPECTED_FAILURES, f"{what}: status {st} ({status_name(st)}) is not expected" \
            f" ({message})"
        assert message, f"{what}: {status_name(st)} with an empty message"
        if expect is not None:
            assert st == expect, \
                f"{what}: {status_name(st)}, the header says {status_name(expect)} ({message})"
        unwanted = [w for w in UNWANTED_WORDS if w in message]
        assert not unwanted, f"{what}: the message {message!r} is not in a C user's words"
        if named is not None:
            assert named in message, f"{what}: the message {message!r} does not name {named}"
        after = snapshot(t)
        assert after == before, f"{what}: {status_name(st)} but the table changed"
    finally:
        F["fold_table_free"](t)


def check_other_functions():
    """Functions that return void, const char * or a plain number."""
    problems = []
    for name, (ret, params) in PROTOS.items():
        if name not in F:
            problems.append(f"{name}: declared in the header, missing from the library")
            continue
        r = ret.replace(" ", "")
        if r == "int":
            continue
        if name == "fold_free":
            F[name](None)
        elif name == "fold_table_free":
            F[name](None)
        elif name == "fold_table_options_init":
            F[name](None)
        elif name == "fold_version_number":
            if F[name]() != DEFINES["FOLD_VERSION_MAJOR"] * 1000000 + \
                    DEFINES["FOLD_VERSION_MINOR"] * 1000 + DEFINES["FOLD_VERSION_PATCH"]:
                problems.append("fold_version_number does not match the header")
        elif name == "fold_version_string":
            s = F[name]()
            if not s:
                problems.append("fold_version_string returned NULL")
        elif name == "fold_last_error_message":
            if not F[name]():
                problems.append("fold_last_error_message returned NULL")
        elif name == "fold_status_name":
            for code in list(DOCUMENTED) + [1, 12345, -8, INT32_MIN, INT32_MAX]:
                p = F[name](code)
                if not p:
                    problems.append(f"fold_status_name({code}) returned NULL")
                elif code not in DOCUMENTED and C.string_at(p) != b"unknown status":
                    problems.append(f"fold_status_name({code}) = {C.string_at(p)!r}")
        else:
            problems.append(f"{name} returns {ret}: no rule in this test (add one)")
    return problems


# The functions check_other_functions has a rule for.
OTHER_RULES = {"fold_free", "fold_table_free", "fold_table_options_init", "fold_version_number",
               "fold_version_string", "fold_last_error_message", "fold_status_name"}


def functions_without_rows():
    """Header functions with neither a bad-input case nor another rule."""
    covered = {name for name, _, _ in cases()} | OTHER_RULES
    return sorted(name for name, _, _ in FUNCTIONS if name not in covered)


def check_small_text_buffers():
    """A text buffer too small is not an error: the text is cut (at a UTF-8
    character boundary), NUL-terminated, and its full length reported."""
    problems = []
    t = new_table()
    o = C.c_void_p()
    try:
        key, header = (DEFINES["FOLD_TEXT_KEY"], DEFINES["FOLD_TEXT_HEADER"])
        for which, capacity, want, length in ((header, 4, b"A|f", 7), (header, 1, b"", 7),
                                              (header, 8, b"A|first", 7), (key, 2, b"A", 1)):
            buf, n = C.create_string_buffer(b"#" * 16, 16), C.c_size_t(99)
            st = F["fold_table_section_text"](t, IDS["A"], which, buf, capacity, C.byref(n))
            if st != OK or buf.value != want or n.value != length or buf.raw[capacity] != ord("#"):
                problems.append(f"section_text(A, {which}, capacity {capacity}): "
                                f"{status_name(st)} {buf.raw!r} length {n.value}")
        n = C.c_size_t(99)
        st = F["fold_table_section_text"](t, IDS["A"], header, None, 0, C.byref(n))
        if st != OK or n.value != 7:
            problems.append(f"section_text(NULL, capacity 0): {status_name(st)} length {n.value}")
        _ok(F["fold_table_new"](None, C.byref(o)), "fold_table_new")
        cafe = _insert(o, ROOT, 0, b"caf\xc3\xa9", b"Caf\xc3\xa9", 0)
        buf, n = C.create_string_buffer(16), C.c_size_t(99)
        st = F["fold_table_section_text"](o, cafe, DEFINES["FOLD_TEXT_KEY"], buf, 5, C.byref(n))
        if st != OK or buf.value != b"caf" or n.value != 5:
            problems.append(f"section_text cut inside a character: {status_name(st)} "
                            f"{buf.raw!r} length {n.value}")
    finally:
        F["fold_table_free"](t)
        F["fold_table_free"](o)
    return problems


def unknown_parameters():
    problems = []
    for name in int_functions():
        for ctype, pname in PROTOS[name][1]:
            try:
                good_value(name, ctype, pname, [])
            except Unknown as e:
                problems.append(str(e))
    return problems


# ---------------------------------------------------------------------------
# pytest
# ---------------------------------------------------------------------------

try:
    import pytest

    @pytest.mark.parametrize("name,index,label", cases(),
                             ids=[f"{n}-{i}-{l}" for n, i, l in cases()])
    def test_bad_input(name, index, label):
        run_case(name, index, label)

    def test_every_function_has_a_rule():
        assert len(FUNCTIONS) > 50, "the header parser found too few functions"
        assert unknown_parameters() == []

    def test_void_and_string_functions():
        assert check_other_functions() == []

    def test_every_function_has_a_row():
        assert functions_without_rows() == []

    def test_small_text_buffers():
        assert check_small_text_buffers() == []
except ImportError:  # run as a script without pytest
    pass


def main():
    failures = []
    all_cases = cases()
    for name, index, label in all_cases:
        try:
            run_case(name, index, label)
        except AssertionError as e:
            failures.append(str(e))
        except Unknown as e:
            failures.append(str(e))
    failures += check_other_functions() + unknown_parameters() + check_small_text_buffers()
    failures += [f"{name}: no bad-input case and no other rule" for name in functions_without_rows()]
    for f in failures:
        print("FAIL:", f)
    print(f"{len(FUNCTIONS)} functions, {len(all_cases)} bad-input cases, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
