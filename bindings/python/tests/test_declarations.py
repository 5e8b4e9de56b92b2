"""The binding's hand-written declarations (foldtable/_ffi.py, the constants,
structs and callback types of foldtable/_ffi_types.py, which _ffi re-exports,
and the status codes in foldtable/_errors.py) against include/foldtable.h:
every function signature, constant, struct layout and callback type.

The header is read as the compiler sees it (``gcc -E -dD -P``); struct
layouts are also measured by compiling a few lines of C (sizeof, offsetof).
Skipped when gcc or the header (a checkout's include/) is missing.
"""

from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess
from ctypes import POINTER, c_char_p, c_void_p

import pytest

import foldtable
from foldtable import _errors, _ffi

from conftest import HEADER

GCC = shutil.which("gcc")

pytestmark = pytest.mark.skipif(
    GCC is None or not os.path.isfile(HEADER), reason="needs gcc and include/foldtable.h"
)

# FOLD_ macros the binding does not mirror, and why.
NOT_MIRRORED = {
    "FOLD_VERSION_PATCH": "the binding checks major and minor only",
    "FOLD_VERSION_NUMBER": "read from the library (foldtable.version_number)",
    "FOLD_VERSION_STRING": "read from the library (foldtable.version)",
    "FOLD_MAX_STATE_BYTES": "the library checks the saved state's length",
}
# Python names that differ from FOLD_<name>.
RENAMED = {"FOLD_VERSION_MAJOR": "EXPECTED_MAJOR", "FOLD_VERSION_MINOR": "EXPECTED_MINOR"}

# The header's scalar types and their ctypes types (int32_t -> c_int32).
SCALARS = {name: getattr(ctypes, "c_" + name[:-2]) for name in ("int32_t", "int64_t", "uint32_t", "uint64_t")}
SCALARS.update({"int": ctypes.c_int, "double": ctypes.c_double, "size_t": ctypes.c_size_t,
                "fold_section_id": ctypes.c_uint64})
CALLBACKS = {
    "fold_change_fn": _ffi.CHANGE_FN,
    "fold_section_fn": _ffi.SECTION_FN,
    "fold_row_fn": _ffi.ROW_FN,
    "fold_height_fn": _ffi.HEIGHT_FN,
    "fold_load_fn": _ffi.LOAD_FN,
    "fold_match_fn": _ffi.MATCH_FN,
    "fold_item_text_fn": _ffi.ITEM_TEXT_FN,
}


@pytest.fixture(scope="module")
def preprocessed():
    result = subprocess.run(
        [GCC, "-E", "-dD", "-P", HEADER], check=True, capture_output=True, text=True
    )
    return result.stdout


@pytest.fixture(scope="module")
def code(preprocessed):
    """The declarations as one line each (no #define lines)."""
    text = " ".join(line for line in preprocessed.splitlines() if not line.startswith("#"))
    return re.sub(r"\s+", " ", text)


def macro_value(text, macros=None):
    """A FOLD_ macro's value as Python evaluates it; FOLD_ names in it (as
    in FOLD_FOCUS_ROWS, (1u << FOLD_ITEM_ROW)) are the values of ``macros``."""
    text = re.sub(r"\((?:int64_t|fold_section_id|uint32_t)\)", "", text)
    text = re.sub(r"\b(\d+)u\b", r"\1", text)
    names = {}
    for name in set(re.findall(r"\bFOLD_\w+", text)):
        names[name] = macro_value(macros[name], macros)
    return eval(text, names)  # the header's own arithmetic: ints, floats, shifts


def header_macros(preprocessed):
    macros = {}
    for line in preprocessed.splitlines():
        match = re.match(r"#define (FOLD_\w+) (.+)$", line)
        if match:
            macros[match.group(1)] = match.group(2).strip()
    return macros


def status_codes():
    """(name, code) of the status codes _errors mirrors: OK and E_*."""
    return [(name, value) for name, value in vars(_errors).items() if name == "OK" or name.startswith("E_")]


def test_every_constant_matches_the_header(preprocessed):
    macros = header_macros(preprocessed)
    python = dict(status_codes())
    python.update(
        (name, value) for name, value in vars(_ffi).items()
        if name.isupper() and isinstance(value, (int, float)) and not isinstance(value, bool)
        and name not in ("STATUS", "PLAIN")
    )
    checked = 0
    for macro, text in macros.items():
        if macro in NOT_MIRRORED:
            continue
        name = RENAMED.get(macro, macro[len("FOLD_"):])
        assert name in python, "%s (%s) is not mirrored in the binding" % (macro, text)
        assert python.pop(name) == macro_value(text, macros), macro
        checked += 1
    # Every constant of the binding comes from the header.
    assert python == {}, "constants the header does not define: %s" % sorted(python)
    assert checked == len(macros) - len(NOT_MIRRORED) > 60


# The public enums and the header macros they mirror (a regular expression
# whose group is the member's name).
ENUMS = [
    (foldtable.ItemKind, r"FOLD_ITEM_(?!FLAG_)(\w+)"),
    (foldtable.OffsetPlace, r"FOLD_OFFSET_(\w+)"),
    (foldtable.Accordion, r"FOLD_ACCORDION_(\w+)"),
    (foldtable.Activation, r"FOLD_ACTIVATED_(\w+)"),
    (foldtable.Alignment, r"FOLD_ALIGN_(\w+)"),
    (foldtable.SectionEvent, r"FOLD_SECTION_((?:WILL|DID)_\w+)"),
    (foldtable.RowEvent, r"FOLD_ROW_((?:WILL|DID)_\w+)"),
    # FOLD_LOAD_START and _CANCEL are loader events: set_loader's two functions.
    (foldtable.LoadState, r"FOLD_LOAD_(?!START$|CANCEL$)(\w+)"),
    (foldtable.Select, r"FOLD_SELECT_(\w+)"),
    (foldtable.SelectionMode, r"FOLD_SELECTION_(\w+)"),
    (foldtable.FocusKind, r"FOLD_FOCUS_(\w+)"),
    (foldtable.Nav, r"FOLD_NAV_(\w+)"),
    (foldtable.Key, r"FOLD_KEY_(\w+)"),
    (foldtable.Modifier, r"FOLD_MOD_(\w+)"),
    (foldtable.DropKind, r"FOLD_DROP_(\w+)"),
    # FOLD_TRANSITION_STUCK_* and _FOLDS are TransitionItem's bools.
    (foldtable.TransitionChange, r"FOLD_TRANSITION_(?!STUCK_|FOLDS$)(\w+)"),
]


@pytest.mark.parametrize("enum_type, pattern", ENUMS, ids=[e.__name__ for e, _ in ENUMS])
def test_every_enum_matches_the_header(preprocessed, enum_type, pattern):
    """Each member has the value of its FOLD_ macro, and each macro of the
    family is a member (the enums are defined from _ffi's constants, which
    test_every_constant_matches_the_header checks; this catches a member
    bound to the wrong constant or a macro with no member)."""
    expected = {}
    macros = header_macros(preprocessed)
    for macro, text in macros.items():
        match = re.fullmatch(pattern, macro)
        if match:
            expected[match.group(1)] = macro_value(text, macros)
    assert len(expected) >= 2, pattern
    # __members__: a flag enum's iteration leaves out combined members (ALL).
    assert {name: member.value for name, member in enum_type.__members__.items()} == expected


@pytest.mark.parametrize("item_type", [foldtable.Item, foldtable.VisibleItem, foldtable.TransitionItem])
def test_item_flag_properties_read_the_header_bits(preprocessed, item_type):
    """Item.collapsed / expanded / expandable / collapsible / loading /
    failed / selected / match / focused each read their FOLD_ITEM_FLAG_ bit
    and no other (TransitionItem's from its item flags, not the transition's)."""
    bits = {
        macro[len("FOLD_ITEM_FLAG_"):].lower(): macro_value(text)
        for macro, text in header_macros(preprocessed).items()
        if macro.startswith("FOLD_ITEM_FLAG_")
    }
    assert sorted(bits) == ["collapsed", "collapsible", "expandable", "expanded", "failed", "focused",
                            "loading", "match", "selected"]
    empty = item_type(**dict.fromkeys(item_type._fields, 0))
    for name, bit in bits.items():
        item = empty._replace(flags=bit)
        assert {other: getattr(item, other) for other in bits} == {
            other: other == name for other in bits
        }, name
        assert not getattr(empty, name)


def c_type(text):
    """The ctypes type (or the set of acceptable ones) for a C type."""
    text = text.replace("const ", "").strip()
    if text in SCALARS:
        return {SCALARS[text]}
    if text == "void":
        return {None}
    if text in CALLBACKS:
        return {CALLBACKS[text]}
    if text.endswith("**"):
        # Handed out by the library (a table, a malloc'd string or array):
        # void ** so ctypes never converts (or loses) the pointer.
        return {POINTER(c_void_p)}
    if text.endswith("*"):
        base = text[:-1].strip()
        if base == "char":
            return {c_char_p}
        if base in ("void", "fold_table"):
            return {c_void_p}
        if base in SCALARS:
            return {POINTER(SCALARS[base])}
        return {POINTER(getattr(_ffi, base))}
    raise AssertionError("unknown C type %r" % text)


def split_parameter(text):
    """'const char *key' -> 'const char *'; 'void' -> no parameter."""
    text = text.strip()
    if text == "void":
        return None
    match = re.match(r"(.*?[\s*])(\w+)$", text)
    assert match, text
    return match.group(1).strip()


def header_functions(code):
    functions = {}
    for match in re.finditer(r"(?:^|(?<=[;}]))\s*([\w\s\*]+?)\b(fold_\w+)\s*\(([^()]*)\)\s*;", code):
        result, name, parameters = match.groups()
        if result.strip().startswith("typedef"):
            continue
        types = [split_parameter(p) for p in parameters.split(",")]
        functions[name] = (result.strip(), [t for t in types if t is not None])
    return functions


def test_every_function_matches_the_header(code):
    functions = header_functions(code)
    # 70 in 0.2.0, plus set_follow_end and apply_snapshot, plus five for
    # lazily loaded children (set_loader, load_info, finish/fail_load, load),
    # plus 15 for selection and 7 for filtering (0.5.0), plus 3 for batches
    # and reload (issue 35), plus 9 for focus, keys, drop and type-ahead
    # (set_section_flags, set_focus_kinds, set_focus, focus, navigate,
    # press_key, drop_target, drop, find_text: issue 36), plus 6 for
    # transitions (set_transitions, transitions, transition_info,
    # transition_items, transition_frame, set_transition_progress: issue 37),
    # plus item_at_with_index (issue 41)
    assert len(functions) == 121
    declared = {name: (argtypes, restype, status) for name, argtypes, restype, status in _ffi.DECLARATIONS}
    assert sorted(declared) == sorted(functions)
    for name, (result, parameters) in functions.items():
        argtypes, restype, status = declared[name]
        assert restype in c_type(result), name
        assert len(argtypes) == len(parameters), name
        for i, (argtype, parameter) in enumerate(zip(argtypes, parameters)):
            assert argtype in c_type(parameter), "%s argument %d: %s" % (name, i, parameter)
        # Every function returning int returns a status, and gets the errcheck.
        assert status == (result == "int"), name
        assert (getattr(_ffi.lib, name).errcheck is not None) == status or not status


def header_structs(code):
    structs = {}
    for match in re.finditer(r"typedef struct (\w+) \{([^}]*)\} \1;", code):
        name, body = match.groups()
        fields = []
        for declaration in body.split(";"):
            declaration = declaration.strip()
            if not declaration:
                continue
            field = re.match(r"(.*?[\s*])(\w+)(?:\[(\d+)\])?$", declaration)
            assert field, declaration
            fields.append((field.group(2), field.group(1).strip(), field.group(3)))
        structs[name] = fields
    return structs


def test_every_struct_matches_the_header(code):
    structs = header_structs(code)
    # 12 in 0.2.0, plus fold_snapshot_entry, _report, fold_load_info, fold_selected_run,
    # plus fold_key_result, fold_item_ref, fold_drop_target (issue 36),
    # plus fold_transition_item, _info, fold_frame_item (issue 37)
    assert len(structs) == 23
    for name, fields in structs.items():
        python = getattr(_ffi, name)._fields_
        assert [f[0] for f in python] == [f[0] for f in fields], name
        for (field, ctype), (_, text, length) in zip(python, fields):
            if length is not None:
                assert issubclass(ctype, ctypes.Array), (name, field)
                assert ctype._length_ == int(length), (name, field)
                assert ctype._type_ in c_type(text), (name, field)
            elif text.endswith("*"):
                # Pointers inside structs are read as addresses (c_void_p).
                assert ctype is c_void_p, (name, field)
            else:
                assert ctype in c_type(text), (name, field)


def test_struct_layouts_match_the_compiler(code, tmp_path):
    structs = header_structs(code)
    lines = ['#include <stddef.h>', '#include <stdio.h>', '#include "foldtable.h"', "int main(void) {"]
    for name, fields in structs.items():
        lines.append('printf("%s %%zu\\n", sizeof(%s));' % (name, name))
        for field, _, _ in fields:
            lines.append('printf("%s.%s %%zu\\n", offsetof(%s, %s));' % (name, field, name, field))
    lines += ["return 0;", "}"]
    source = tmp_path / "layout.c"
    source.write_text("\n".join(lines))
    program = tmp_path / "layout"
    subprocess.run([GCC, "-std=c99", "-I", os.path.dirname(HEADER), "-o", str(program), str(source)],
                   check=True)
    measured = dict(
        line.split() for line in subprocess.run([str(program)], check=True, capture_output=True,
                                                text=True).stdout.splitlines()
    )
    for name, fields in structs.items():
        struct = getattr(_ffi, name)
        assert ctypes.sizeof(struct) == int(measured[name]), name
        for field, _, _ in fields:
            assert getattr(struct, field).offset == int(measured[name + "." + field]), (name, field)


def test_every_callback_type_matches_the_header(code):
    found = {}
    for match in re.finditer(r"typedef ([\w\s]+?) ?(\*?) ?\(\*(fold_\w+_fn)\)\(([^()]*)\);", code):
        result, star, name, parameters = match.groups()
        found[name] = (result + star, [split_parameter(p) for p in parameters.split(",")])
    assert sorted(found) == sorted(CALLBACKS)
    for name, (result, parameters) in found.items():
        fn_type = CALLBACKS[name]
        if result.endswith("*"):
            # A returned pointer is an address the trampoline keeps alive
            # (ctypes would not keep a c_char_p result's bytes).
            assert fn_type._restype_ is c_void_p, name
        else:
            assert fn_type._restype_ in c_type(result), name
        assert len(fn_type._argtypes_) == len(parameters), name
        for argtype, parameter in zip(fn_type._argtypes_, parameters):
            if parameter.endswith("*") and parameter.replace("const ", "").strip() not in (
                "char *", "double *"
            ):
                assert argtype is c_void_p or argtype in c_type(parameter), (name, parameter)
            else:
                assert argtype in c_type(parameter), (name, parameter)


def test_status_names_come_from_the_library():
    lib = _ffi.lib
    codes = [code for _, code in status_codes()]
    assert len(codes) == 10
    for status in codes:
        name = lib.fold_status_name(status).decode()
        assert name.startswith("FOLD_")
        assert _errors.status_name(status) == name
        assert foldtable.FoldError(status, "").status_name == name
    assert _errors.status_name(-1234) == "unknown status -1234"


