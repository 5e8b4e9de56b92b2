#!/usr/bin/env bash
# make-sdist.sh OUTDIR [PYTHON]
#
# Builds the foldtable sdist into OUTDIR. A plain `python -m build --sdist`
# of bindings/python would hold only the Python files, while the wheel is
# built from the repository's CMake project two levels up; so this stages
# bindings/python with a copy of the library's sources (the repository's
# tracked files, without the bindings, benchmarks and CI) in
# foldtable-src/, and builds the sdist there. Building a wheel from the sdist
# (pip install foldtable-X.tar.gz) then runs the same CMake build on
# foldtable-src (pyproject.toml's from-sdist override); it needs a Swift
# toolchain, like a build from the checkout.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 OUTDIR [PYTHON]" >&2
  exit 2
fi
mkdir -p "$1"
out=$(cd "$1" && pwd)
python=${2:-python3}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The staged tree keeps the checkout's layout, so the version is read from
# ../../include/foldtable.h as in a build from the checkout.
stage=$tmp/repo
(cd "$root" && git ls-files -z --cached) | while IFS= read -r -d '' file; do
  [ -e "$root/$file" ] || continue   # deleted in the working tree
  case $file in
    bindings/python/*) dest=("$stage/$file") ;;
    bindings/* | bench/* | .ci/*) continue ;;
    *) dest=("$stage/$file" "$stage/bindings/python/foldtable-src/$file") ;;
  esac
  for d in "${dest[@]}"; do
    mkdir -p "$(dirname "$d")"
    cp -p "$root/$file" "$d"
  done
done
# What the top-level CMakeLists.txt takes from bindings/python: the wheel's
# CMake adapter and the test registrations (the tests are not built).
mkdir -p "$stage/bindings/python/foldtable-src/bindings/python"
cp -rp "$here/cmake" "$here/tests.cmake" "$stage/bindings/python/foldtable-src/bindings/python/"

"$python" -m venv "$tmp/tools"
"$tmp/tools/bin/pip" install -q build
"$tmp/tools/bin/python" -m build --sdist --outdir "$out" "$stage/bindings/python"
