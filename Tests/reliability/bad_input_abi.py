"""The bad-input table's view of the C library (test_bad_input_table.py):
the header parsed into functions, callback typedefs and constants; the
library loaded with a ctypes declaration for each function, straight from
the header (not the Python binding's); the known table every case starts
from, and its snapshot (everything observable, to check a failed call
changed nothing).

The library is FOLDTABLE_LIBRARY, else build/libfoldtable.so.
"""

import ctypes as C
import os
import re
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
    # A value, maybe in parentheses, maybe unsigned (1u), maybe a comment after it.
    for name, value in re.findall(r"#define\s+(FOLD_\w+)\s+\(?(-?\d+)u?\)?\s*(?:/\*.*)?$",
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
OK = DEFINES["FOLD_OK"]
E_INVALID, E_RANGE, E_NOT_FOUND = (DEFINES[n] for n in ("FOLD_E_INVALID", "FOLD_E_RANGE", "FOLD_E_NOT_FOUND"))
DOCUMENTED = {DEFINES[n] for n in DEFINES if n.startswith("FOLD_E_")} | {OK}
# Plain bad input never makes the library busy (no callback is running) or
# fail internally; either one is a finding.
EXPECTED_FAILURES = DOCUMENTED - {DEFINES["FOLD_E_BUSY"], DEFINES["FOLD_E_INTERNAL"]}


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
    "double": C.c_double, "size_t": C.c_size_t, "uint64_t": C.c_uint64,
    "fold_section_id": C.c_uint64,
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


ROOT = 0
# Ids of the table run_case is working on (new_table sets them).
IDS = {}
# Another table, whose ids no other table knows.
OTHER = None


def _insert(t, parent, index, key, header, rows, flags=0):
    out = C.c_uint64()
    _ok(F["fold_table_insert_section"](t, parent, index, key, header, rows, flags, C.byref(out)),
        f"insert {key!r}")
    return out.value


def new_table():
    global OTHER
    t = C.c_void_p()
    _ok(F["fold_table_new"](None, C.byref(t)), "fold_table_new")
    a = _insert(t, ROOT, -1, b"A", b"A|first", 3)
    b = _insert(t, ROOT, -1, b"B", b"B", 2)
    c = _insert(t, ROOT, -1, b"C", None, 0)
    a1 = _insert(t, a, 1, b"A1", b"A1", 2)
    gone = _insert(t, ROOT, -1, b"GONE", b"Gone", 1)
    gone1 = _insert(t, gone, 0, b"GONE1", b"Gone 1", 1)
    _ok(F["fold_table_remove_section"](t, gone), "remove GONE")
    _ok(F["fold_table_set_row_expanded_height"](t, a, 0, C.c_double(100)), "expanded height")
    _ok(F["fold_table_expand_row"](t, a, 0, None), "expand row")
    _ok(F["fold_table_set_row_height"](t, a, 1, C.c_double(12.5)), "row height")
    _ok(F["fold_table_collapse"](t, b, None), "collapse B")
    _ok(F["fold_table_set_section_height"](t, b, DEFINES["FOLD_HEIGHT_FOOTER"], C.c_double(7.5)),
        "footer")
    if OTHER is None:
        o = C.c_void_p()
        _ok(F["fold_table_new"](None, C.byref(o)), "fold_table_new (another table)")
        OTHER = (o, _insert(o, ROOT, 0, b"A", b"A", 3))
    IDS.clear()
    IDS.update(A=a, B=b, C=c, A1=a1, GONE=gone, GONE1=gone1, FOREIGN=OTHER[1])
    return t


def _take_string(p):
    if not p:
        return None
    s = C.string_at(p)
    F["fold_free"](p)
    return s


def _text(t, section, which):
    buf, length = C.create_string_buffer(256), C.c_size_t()
    st = F["fold_table_section_text"](t, section, which, buf, 256, C.byref(length))
    return st, buf.value, length.value


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
        snap.append(("item", i, item.raw, top.value, h.value))
    # fold_section_state and fold_row_ref: 24 bytes (id, key pointer, 8 more).
    states, count = C.c_void_p(), C.c_int64()
    F["fold_table_section_states"](t, C.byref(states), C.byref(count))
    ids = []
    if states:
        for i in range(count.value):
            sid = C.c_uint64.from_address(states.value + 24 * i).value
            kp = C.c_char_p.from_address(states.value + 24 * i + 8).value
            collapsed = C.c_int32.from_address(states.value + 24 * i + 16).value
            ids.append(sid)
            snap.append(("state", sid, kp, collapsed))
        F["fold_free"](states)
    rows, count = C.c_void_p(), C.c_int64()
    F["fold_table_expanded_rows"](t, C.byref(rows), C.byref(count))
    if rows:
        for i in range(count.value):
            sid = C.c_uint64.from_address(rows.value + 24 * i).value
            kp = C.c_char_p.from_address(rows.value + 24 * i + 8).value
            r = C.c_int64.from_address(rows.value + 24 * i + 16).value
            snap.append(("expanded", sid, kp, r))
        F["fold_free"](rows)
    for sid in ids:
        path, length = (C.c_int64 * 70)(), C.c_int64()
        F["fold_table_section_path"](t, sid, path, 70, C.byref(length))
        info = C.create_string_buffer(256)
        F["fold_table_section_info"](t, sid, info)
        row_count = C.c_int64.from_buffer(info, 32).value  # after parent, index, depth, flags, child_count
        texts = [_text(t, sid, w) for w in range(5)]
        row_infos = []
        for r in range(min(row_count, 64)):
            ri = C.create_string_buffer(64)
            F["fold_table_row_info"](t, sid, r, ri)
            row_infos.append(ri.raw)
        snap.append(("section", sid, list(path)[: length.value], info.raw, texts, row_infos))
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
