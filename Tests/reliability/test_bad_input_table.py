"""Bad-input table: every fold_* function of include/foldtable.h, called with
one bad argument at a time, must answer with a documented status, explain a
failure, and leave the table exactly as it was.

The list of functions is read from the header, so a function added there is
covered without editing this file — unless it has a kind of parameter or
return type this file has no rule for, which fails test_every_function_has_a_rule
on purpose.

For each int-returning function, starting from a fresh table with known
content (nested sections, an expanded row, a collapsed section, a section
without rows) and a call whose other arguments are reasonable, it tries:

  - a NULL table;
  - NULL for each pointer argument (FOLD_OK allowed only where the header
    says NULL is fine: ALLOWED_NULL below);
  - negative, INT64_MIN / INT32_MIN and huge values for each integer
    (FOLD_OK allowed for huge values only where the header says they are
    clamped or harmless: ALLOWED_HUGE);
  - NaN, +-infinity, a negative and a too large value for each height, and
    NaN / +-infinity for each offset;
  - invalid UTF-8 for each string; unknown, empty and duplicate keys;
    malformed JSON; a height array holding a NaN; an out-of-range path.

and asserts: the status is one the header documents (FOLD_E_INTERNAL and
FOLD_E_BUSY are not expected from plain bad input); a failure sets a
non-empty fold_last_error_message(); after a failure the table's snapshot
(every item with kind, depth, section, row, flags, top and height, the item
keys, content height, section states, expanded rows, per-section paths,
row and child counts, options, the viewport and the exported state) is
byte-for-byte the same. Functions returning void or const char * get their
own checks.

Run: FOLDTABLE_LIBRARY=/path/to/libfoldtable.so python3 -m pytest -q Tests/reliability/test_bad_input_table.py
 or: FOLDTABLE_LIBRARY=... python3 Tests/reliability/test_bad_input_table.py
"""

import ctypes as C
import math
import os
import re
import sys
from pathlib import Path

HEADER = Path(__file__).resolve().parents[2] / "include" / "foldtable.h"

# ---------------------------------------------------------------------------
# The header
# ---------------------------------------------------------------------------


def _strip(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"^\s*#[^\n]*(?:\\\n[^\n]*)*", " ", text, flags=re.M)


def _parse_param(decl):
    decl = " ".join(decl.split())
    if decl == "void":
        return None
    m = re.match(r"^(.*?)([A-Za-z_]\w*)$", decl)
    ctype, name = m.group(1).strip(), m.group(2)
    ctype = ctype.replace(" ", "")  # "const char *" -> "constchar*"
    return ctype, name


def parse_header(path=HEADER):
    src = _strip(path.read_text())
    defines = {}
    for name, value in re.findall(r"#define\s+(FOLD_\w+)\s+\(?(-?\d+)\)?\s*$",
                                  path.read_text(), flags=re.M):
        defines[name] = int(value)
    typedefs = {}
    for ret, name, params in re.findall(
            r"typedef\s+([\w ]+?\**)\s*\(\s*\*\s*(\w+)\s*\)\s*\(([^)]*)\)\s*;", src):
        typedefs[name] = (" ".join(ret.split()),
                          [p for p in (_parse_param(x) for x in params.split(",")) if p])
    functions = []
    for chunk in src.split(";"):
        chunk = re.split(r"[{}]", chunk)[-1].strip()
        m = re.match(r"^((?:const\s+)?[A-Za-z_]\w*\s*\**)\s*(fold_\w+)\s*\((.*)\)$", chunk, re.S)
        if m is None or chunk.startswith("typedef"):
            continue
        ret, name, params = m.groups()
        params = [p for p in (_parse_param(x) for x in params.split(",")) if p]
        functions.append((name, " ".join(ret.replace("*", " *").split()), params))
    return functions, typedefs, defines


FUNCTIONS, TYPEDEFS, DEFINES = parse_header()
OK = DEFINES.get("FOLD_OK", 0)
E_INVALID, E_RANGE, E_NOT_FOUND = -1, -2, -3
DOCUMENTED = {DEFINES[n] for n in DEFINES if n.startswith("FOLD_E_")} | {OK}
# Plain bad input never makes the library busy (no callback is running) or
# fail internally; either one is a finding.
EXPECTED_FAILURES = DOCUMENTED - {DEFINES.get("FOLD_E_BUSY", -6), DEFINES.get("FOLD_E_INTERNAL", -99)}

# ---------------------------------------------------------------------------
# The explicit allow-lists (each entry: what the header says)
# ---------------------------------------------------------------------------

# (function or "*", parameter): NULL is documented as fine, so FOLD_OK is allowed.
ALLOWED_NULL = {
    ("*", "out_changed"),            # "*out_changed (optional)"
    ("*", "out_total"),              # "*out_total (optional)"
    ("*", "out_id"),                 # "*out_id (optional)"
    ("*", "user_data"),              # passed back to the callback, never read
    ("*", "heights"),                # "heights is NULL (rows use the section's default height)"
    ("*", "header"),                 # "header ... (NULL means "")"
    ("*", "parent_key"),             # "parent_key NULL means the top level"
    ("fold_table_new", "options"),   # "options may be NULL for the defaults"
    ("fold_table_activate", "out_action"),        # "*out_action (optional)"
    ("fold_table_import_state", "out_report"),    # "*out_report (optional)"
    ("fold_table_measure", "out_measured"),       # "*out_measured (optional)"
    ("fold_table_child_at", "out_row"),           # "out_row and out_key are optional"
    ("fold_table_child_at", "out_key"),
    ("fold_table_section_header", "out_title"),   # "out_title and out_detail are optional"
    ("fold_table_section_header", "out_detail"),
    ("fold_table_section_header_key", "out_title"),
    ("fold_table_section_header_key", "out_detail"),
    ("fold_table_section_heights", "out_header"),  # "(all three optional)"
    ("fold_table_section_heights", "out_footer"),
    ("fold_table_section_heights", "out_row_height"),
    ("fold_table_section_heights_key", "out_header"),
    ("fold_table_section_heights_key", "out_footer"),
    ("fold_table_section_heights_key", "out_row_height"),
    ("fold_table_viewport", "out_offset"),        # "out_offset and out_height are optional"
    ("fold_table_viewport", "out_height"),
    ("fold_table_set_height_provider", "fn"),     # "fn NULL removes it"
    ("fold_table_set_header_height_provider", "fn"),  # "fn NULL removes it"
}

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
}

# Functions whose key parameter names a NEW section (unknown keys are fine,
# existing ones are FOLD_E_DUPLICATE, "" is FOLD_E_INVALID).
def _new_key_function(name):
    return re.search(r"(insert|append)_(sub)?section", name) is not None


def _allowed(table, fn, param):
    return (fn, param) in table or ("*", param) in table


# ---------------------------------------------------------------------------
# The library
# ---------------------------------------------------------------------------


def _load():
    path = os.environ.get("FOLDTABLE_LIBRARY")
    if not path:
        for candidate in ("build/libfoldtable.so",):
            p = Path(__file__).resolve().parents[2] / candidate
            if p.exists():
                path = str(p)
    if not path:
        raise RuntimeError("set FOLDTABLE_LIBRARY to the libfoldtable.so to test")
    return C.CDLL(path)


LIB = _load()

SCALARS = {
    "int64_t": C.c_int64, "int32_t": C.c_int32, "uint32_t": C.c_uint32, "int": C.c_int,
    "double": C.c_double, "size_t": C.c_size_t,
}


def _ctype(t):
    return C.c_void_p if ("*" in t or t in TYPEDEFS) else SCALARS[t]


def _restype(t):
    t = t.replace(" ", "")
    if t == "void":
        return None
    if "*" in t:
        return C.c_void_p
    return SCALARS[t]


def _fn(name, ret, params):
    f = getattr(LIB, name)
    f.restype = _restype(ret)
    f.argtypes = [_ctype(t) for t, _ in params]
    return f


PROTOS = {name: (ret, params) for name, ret, params in FUNCTIONS}
F = {name: _fn(name, ret, params) for name, ret, params in FUNCTIONS if hasattr(LIB, name)}


def last_error():
    f = F["fold_last_error_message"]
    p = f()
    return C.string_at(p).decode("utf-8", "replace") if p else None


def status_name(code):
    return C.string_at(F["fold_status_name"](code)).decode()


def _opts_buffer():
    buf = C.create_string_buffer(512)
    F["fold_table_options_init"](buf)
    return buf


# Callbacks: one per typedef, doing nothing (returning 0).
def _callback(typedef):
    ret, params = TYPEDEFS[typedef]
    restype = _restype(ret)
    proto = C.CFUNCTYPE(restype, *[_ctype(t) for t, _ in params])
    return proto(lambda *args: None if restype is None else 0)


CALLBACKS = {name: _callback(name) for name in TYPEDEFS}

# ---------------------------------------------------------------------------
# The known table and its snapshot
# ---------------------------------------------------------------------------


def _ok(status, what):
    assert status == OK, f"{what}: {status_name(status)} ({last_error()})"


def new_table():
    t = C.c_void_p()
    _ok(F["fold_table_new"](None, C.byref(t)), "fold_table_new")
    _ok(F["fold_table_append_section"](t, b"A", b"A|first", 3), "append A")
    _ok(F["fold_table_append_section"](t, b"B", b"B", 2), "append B")
    _ok(F["fold_table_append_section"](t, b"C", None, 0), "append C")
    _ok(F["fold_table_insert_subsection"](t, b"A", 1, b"A1", b"A1", 2), "A1")
    _ok(F["fold_table_set_row_expanded_height"](t, b"A", 0, C.c_double(100)), "expanded height")
    _ok(F["fold_table_expand_row"](t, b"A", 0, None), "expand row")
    _ok(F["fold_table_set_row_height"](t, 0, 1, C.c_double(12.5)), "row height")
    _ok(F["fold_table_collapse_key"](t, b"B", None), "collapse B")
    _ok(F["fold_table_set_section_footer_height"](t, 1, C.c_double(7.5)), "footer")
    return t


def _take_string(p):
    if not p:
        return None
    s = C.string_at(p)
    F["fold_free"](p)
    return s


def snapshot(t):
    snap = []
    n = C.c_int64(-1)
    d = C.c_double(-1)
    snap.append(("count", F["fold_table_item_count"](t, C.byref(n)), n.value))
    F["fold_table_content_height"](t, C.byref(d))
    snap.append(("content", d.value))
    for i in range(n.value):
        item = C.create_string_buffer(64)
        F["fold_table_item_at"](t, i, item)
        top, h = C.c_double(), C.c_double()
        F["fold_table_item_top"](t, i, C.byref(top))
        F["fold_table_item_height"](t, i, C.byref(h))
        key = C.c_void_p()
        F["fold_table_item_key"](t, i, C.byref(key))
        snap.append(("item", i, item.raw, top.value, h.value, _take_string(key)))
    states, count = C.c_void_p(), C.c_int64()
    F["fold_table_section_states"](t, C.byref(states), C.byref(count))
    keys = []
    if states:
        for i in range(count.value):
            kp = C.c_char_p.from_address(states.value + 16 * i).value
            collapsed = C.c_int32.from_address(states.value + 16 * i + 8).value
            keys.append(kp)
            snap.append(("state", kp, collapsed))
        F["fold_free"](states)
    rows, count = C.c_void_p(), C.c_int64()
    F["fold_table_expanded_rows"](t, C.byref(rows), C.byref(count))
    if rows:
        for i in range(count.value):
            kp = C.c_char_p.from_address(rows.value + 16 * i).value
            r = C.c_int64.from_address(rows.value + 16 * i + 8).value
            snap.append(("expanded", kp, r))
        F["fold_free"](rows)
    for k in keys:
        path, length = (C.c_int64 * 70)(), C.c_int64()
        F["fold_table_section_path"](t, k, path, 70, C.byref(length))
        rc, cc = C.c_int64(), C.c_int64()
        F["fold_table_row_count_key"](t, k, C.byref(rc))
        F["fold_table_child_count"](t, k, C.byref(cc))
        snap.append(("section", k, list(path)[: length.value], rc.value, cc.value))
    opts = _opts_buffer()
    F["fold_table_get_options"](t, opts)
    snap.append(("options", opts.raw))
    if "fold_table_viewport" in F:
        vs, vo, vh = C.c_int(), C.c_double(), C.c_double()
        F["fold_table_viewport"](t, C.byref(vs), C.byref(vo), C.byref(vh))
        snap.append(("viewport", vs.value, vo.value if vs.value else None,
                     vh.value if vs.value else None))
    if "fold_table_export_state" in F:
        js = C.c_void_p()
        F["fold_table_export_state"](t, C.byref(js))
        snap.append(("state", _take_string(js)))
    return snap


# ---------------------------------------------------------------------------
# Arguments
# ---------------------------------------------------------------------------

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1


class Unknown(Exception):
    """A parameter or return type this file has no rule for."""


def good_value(fn, ctype, name, keep):
    """A reasonable value for one argument; buffers are kept alive in keep."""
    if ctype in ("fold_table*", "constfold_table*"):
        return None  # filled in by the caller
    if ctype in TYPEDEFS:
        return C.cast(CALLBACKS[ctype], C.c_void_p)
    if ctype == "void*" and name == "user_data":
        return None
    if ctype == "constchar*":
        if name == "key":
            return b"NEW" if _new_key_function(fn) else b"A"
        if name == "parent_key":
            return b"A"
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
    if ctype in ("constfold_table_options*", "fold_table_options*"):
        buf = _opts_buffer()
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if ctype.endswith("*"):
        if not (name.startswith("out") or name == "ptr"):
            raise Unknown(f"{fn}: pointer parameter {ctype} {name}")
        buf = C.create_string_buffer(64 * 80)  # room for 64 of any output struct
        keep.append(buf)
        return C.cast(buf, C.c_void_p)
    if ctype in ("int64_t", "int32_t", "int"):
        return {"capacity": 64, "count": 1, "row_count": 1, "rows": 1, "length": 1,
                "from_length": 1, "to_length": 1, "expand_ancestors": 1,
                "alignment": 0, "accordion": 0, "levels": 0, "id": 1}.get(name, 0)
    if ctype == "double":
        return {"viewport_height": 100.0, "height": 10.0}.get(name, 0.0)
    raise Unknown(f"{fn}: parameter {ctype} {name}")


def bad_values(fn, ctype, name):
    """(label, value, allow_ok) for one argument."""
    out = []
    if ctype.endswith("*") or ctype in TYPEDEFS:
        if not (ctype.startswith("fold_table*") or ctype.startswith("constfold_table*")):
            out.append(("NULL", None, _allowed(ALLOWED_NULL, fn, name)))
    if ctype == "constchar*":
        out.append(("invalid UTF-8", b"\xff\xfe", False))
        out.append(("truncated UTF-8", b"ab\xc3", False))
        out.append(("overlong NUL", b"\xc0\x80", False))
        out.append(("surrogate", b"\xed\xa0\x80", False))
        if name == "key":
            if _new_key_function(fn):
                out.append(("duplicate key", b"A1", False))
                out.append(("empty key", b"", False))
            else:
                out.append(("unknown key", b"no-such-key", False))
                out.append(("empty key", b"", False))
        if name == "parent_key":
            out.append(("unknown parent", b"no-such-key", False))
        if name == "json":
            out.append(("malformed JSON", b'{"version": 1, "collapsed": ', False))
            out.append(("wrong shape", b"[1, 2, 3]", False))
    if ctype == "constdouble*":
        out.append(("NaN height", "nan-array", False))
    if ctype == "constint64_t*":
        out.append(("out-of-range path", "bad-path", False))
    if ctype in ("int64_t", "int32_t"):
        lo, hi = (INT64_MIN, INT64_MAX) if ctype == "int64_t" else (INT32_MIN, INT32_MAX)
        out.append(("-1", -1, False))
        out.append(("min", lo, False))
        out.append(("huge", hi, _allowed(ALLOWED_HUGE, fn, name)))
    if ctype == "double":
        if name in ("offset", "y"):
            out += [("NaN", math.nan, False), ("+inf", math.inf, False), ("-inf", -math.inf, False)]
        else:
            out += [("NaN", math.nan, False), ("+inf", math.inf, False),
                    ("-inf", -math.inf, False), ("negative", -2.0, False),
                    ("too large", 1e300, _allowed(ALLOWED_HUGE, fn, name))]
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
            for label, _, _ in bad_values(name, ctype, pname):
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
        for i, (ctype, pname) in enumerate(params):
            v = good_value(name, ctype, pname, keep)
            if i == 0 and ctype in ("fold_table*", "constfold_table*"):
                v = None if label == "NULL table" else t
            elif i == index:
                for blabel, bvalue, ok in bad_values(name, ctype, pname):
                    if blabel == label:
                        v = _materialize(blabel, bvalue, keep, 64)
                        allow_ok = ok
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
        assert st in EXPECTED_FAILURES, f"{what}: status {st} ({status_name(st)}) is not expected"
        assert message, f"{what}: {status_name(st)} with an empty message"
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
            for code in list(DOCUMENTED) + [1, 12345, -7, INT32_MIN, INT32_MAX]:
                p = F[name](code)
                if not p:
                    problems.append(f"fold_status_name({code}) returned NULL")
                elif code not in DOCUMENTED and C.string_at(p) != b"unknown status":
                    problems.append(f"fold_status_name({code}) = {C.string_at(p)!r}")
        else:
            problems.append(f"{name} returns {ret}: no rule in this test (add one)")
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
    failures += check_other_functions() + unknown_parameters()
    for f in failures:
        print("FAIL:", f)
    print(f"{len(FUNCTIONS)} functions, {len(all_cases)} bad-input cases, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
