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

    python = os.path.join(source, "bindings", "python")
    pyproject = open(os.path.join(python, "pyproject.toml"), encoding="utf-8").read()
    project = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", pyproject, re.M | re.S)
    table = project.group(1) if project else ""
    literal = re.search(r'^version\s*=\s*"([^"]*)"', table, re.M)
    if literal:
        agree("bindings/python/pyproject.toml [project] version", literal.group(1), version)
    elif re.search(r'^dynamic\s*=\s*\[[^\]]*"version"', table, re.M):
        print('ok   bindings/python/pyproject.toml: dynamic = ["version"] (derived at build time)')
    else:
        print("FAIL bindings/python/pyproject.toml: [project] has neither version nor dynamic version")
        failures.append("pyproject.toml names no version")

    init = open(os.path.join(python, "foldtable", "__init__.py"), encoding="utf-8").read()
    literal = re.search(r'^__version__\s*(?::\s*str\s*)?=\s*"([^"]*)"', init, re.M)
    if literal:
        agree("bindings/python/foldtable/__init__.py __version__", literal.group(1), version)
    elif re.search(r"^__version__\s*(?::\s*str\s*)?=", init, re.M):
        print("ok   bindings/python/foldtable/__init__.py: __version__ derived at import time")
    else:
        print("FAIL bindings/python/foldtable/__init__.py: no __version__")
        failures.append("__init__.py has no __version__")

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
