#!/usr/bin/env python3
"""check-version.py SOURCE_DIR LIBRARY CMAKE_PROJECT_VERSION

The version's one source is include/foldtable.h (FOLD_VERSION_MAJOR/MINOR/
PATCH, spelled again by FOLD_VERSION_STRING). Checks that every other place
agrees: the built library (fold_version_string, fold_version_number, and
SONAME libfoldtable.so.<major>.<minor> before 1.0, .so.<major> after), CMake's project(VERSION), the Python
package's pyproject.toml and __init__.py (a literal must agree; a version
derived at build or import time is accepted), and CHANGELOG.md's latest
released heading. Run by ctest as version-agrees.
"""
import ctypes
import os
import re
import subprocess
import sys


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    source, library, cmake_version = sys.argv[1:]
    failures = []

    def agree(where: str, found: str, expected: str) -> None:
        mark = "ok  " if found == expected else "FAIL"
        print(f"{mark} {where}: {found}")
        if found != expected:
            failures.append(f"{where} says {found}, the header {expected}")

    header = open(os.path.join(source, "include", "foldtable.h"), encoding="utf-8").read()
    parts = [re.search(rf"^#define FOLD_VERSION_{p} (\d+)$", header, re.M) for p in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        print("FAIL include/foldtable.h: FOLD_VERSION_MAJOR/MINOR/PATCH not found")
        return 1
    major, minor, patch = (int(m.group(1)) for m in parts)
    version = f"{major}.{minor}.{patch}"
    print(f"header include/foldtable.h: {version}")
    string = re.search(r'^#define FOLD_VERSION_STRING "([^"]*)"$', header, re.M)
    agree("FOLD_VERSION_STRING", string.group(1) if string else "(missing)", version)

    lib = ctypes.CDLL(library)
    lib.fold_version_string.restype = ctypes.c_char_p
    lib.fold_version_number.restype = ctypes.c_int32
    agree("library fold_version_string()", lib.fold_version_string().decode(), version)
    agree("library fold_version_number()", str(lib.fold_version_number()),
          str(major * 1000000 + minor * 1000 + patch))
    try:
        dynamic = subprocess.run(["readelf", "-d", library], capture_output=True, text=True, check=True).stdout
        soname = re.search(r"Library soname: \[([^\]]*)\]", dynamic)
        # Before 1.0 each minor version is its own ABI (CMakeLists.txt, FOLDTABLE_SOVERSION).
        expected_soname = f"libfoldtable.so.{major}.{minor}" if major == 0 else f"libfoldtable.so.{major}"
        agree("library SONAME", soname.group(1) if soname else "(none)", expected_soname)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"skip library SONAME (readelf: {e})")

    agree("CMake project(VERSION)", cmake_version, version)

    def literal_or_derived(where: str, text: str, literal: str, derived: str, how: str) -> None:
        """A version literal in `text` must agree; a derived one is accepted."""
        found = re.search(literal, text, re.M)
        if found:
            agree(where, found.group(1), version)
        elif re.search(derived, text, re.M):
            print(f"ok   {where}: {how}")
        else:
            print(f"FAIL {where}: neither a version nor a derived one")
            failures.append(f"{where} names no version")

    python = os.path.join(source, "bindings", "python")
    pyproject = open(os.path.join(python, "pyproject.toml"), encoding="utf-8").read()
    project = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", pyproject, re.M | re.S)
    literal_or_derived("bindings/python/pyproject.toml [project] version",
                       project.group(1) if project else "",
                       r'^version\s*=\s*"([^"]*)"', r'^dynamic\s*=\s*\[[^\]]*"version"',
                       'dynamic = ["version"] (derived at build time)')
    init = open(os.path.join(python, "foldtable", "__init__.py"), encoding="utf-8").read()
    literal_or_derived("bindings/python/foldtable/__init__.py __version__", init,
                       r'^__version__\s*(?::\s*str\s*)?=\s*"([^"]*)"',
                       r"^__version__\s*(?::\s*str\s*)?=", "derived at import time")

    changelog = open(os.path.join(source, "CHANGELOG.md"), encoding="utf-8").read()
    latest = re.search(r"^## \[?(\d+\.\d+\.\d+)\]?", changelog, re.M)
    agree("CHANGELOG.md latest release heading", latest.group(1) if latest else "(none)", version)

    if failures:
        print("version-agrees: " + "; ".join(failures), file=sys.stderr)
        return 1
    print(f"version-agrees: everything says {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
