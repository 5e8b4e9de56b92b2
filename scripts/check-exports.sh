#!/usr/bin/env bash
# check-exports.sh LIBRARY HEADER
#
# Checks that the shared library keeps the ABI promises of DESIGN.md:
#   1. every function HEADER declares is exported by LIBRARY, as a function;
#   2. LIBRARY exports nothing else (only _init and _fini besides);
#   3. LIBRARY needs no Swift runtime (libswift*, Foundation, dispatch) and no
#      library that cannot be found.
# Run by ctest as `abi-exports`. Needs a C compiler ($CC, default cc) to read
# the header: the preprocessor drops comments, macros and #if branches, so
# declarations may span lines and sit anywhere.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

need_args 2 "LIBRARY HEADER" "$@"
lib=$1 header=$2
cc=${CC:-cc}
for f in "$lib" "$header"; do
  [ -f "$f" ] || { echo "check-exports: no such file: $f" >&2; exit 2; }
done

make_tmp

# --- Functions the header declares --------------------------------------------
# Keep only the preprocessed lines that come from the header itself (not from
# <stdint.h> and friends), join them, cut them into declarations at ; { }, drop
# typedefs, and take every fold_* name directly followed by "(" — a function
# name; in "(*fold_cb)(" a function-pointer name is followed by ")".
"$cc" -E -x c "$header" >"$tmp/pre.i"
awk -v want="$(basename "$header")" '
  /^# [0-9]+ "/ { file = $3; gsub(/"/, "", file); n = split(file, p, "/"); mine = (p[n] == want); next }
  mine { print }
' "$tmp/pre.i" | tr '\n' ' ' | tr ';{}' '\n\n\n' |
  grep -v '^[[:space:]]*typedef[[:space:]]' |
  grep -oE '(^|[^A-Za-z0-9_])fold_[A-Za-z0-9_]*[[:space:]]*\(' |
  sed -E 's/^[^f]*//; s/[[:space:]]*\($//' | sort -u >"$tmp/declared"

if [ ! -s "$tmp/declared" ]; then
  echo "check-exports: found no fold_* function declarations in $header" >&2
  exit 1
fi

# --- Symbols the library exports ---------------------------------------------
# nm -D --defined-only: "ADDRESS TYPE NAME[@VERSION]".
nm -D --defined-only "$lib" | awk '{ sub(/@.*/, "", $3); print $3, $2 }' | sort -u >"$tmp/exported"
awk '$2 ~ /^[TWi]$/ { print $1 }' "$tmp/exported" | sort -u >"$tmp/exported-functions"
awk '{ print $1 }' "$tmp/exported" | sort -u >"$tmp/exported-names"

status=0

missing=$(comm -23 "$tmp/declared" "$tmp/exported-functions")
if [ -n "$missing" ]; then
  echo "FAIL: declared in $(basename "$header") but not exported as functions by $(basename "$lib"):"
  echo "$missing" | sed 's/^/  /'
  status=1
fi

extra=$(comm -13 "$tmp/declared" "$tmp/exported-names" | grep -vxE '_init|_fini' || true)
if [ -n "$extra" ]; then
  echo "FAIL: exported by $(basename "$lib") but not declared as functions in $(basename "$header"):"
  echo "$extra" | sed 's/^/  /'
  status=1
fi

# --- Run-time dependencies ---------------------------------------------------
deps=$(ldd "$lib")
swift=$(echo "$deps" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' || true)
if [ -n "$swift" ]; then
  echo "FAIL: $(basename "$lib") needs the Swift runtime at run time (link it with -static-stdlib):"
  echo "$swift" | sed 's/^[[:space:]]*/  /'
  status=1
fi
unresolved=$(echo "$deps" | grep 'not found' || true)
if [ -n "$unresolved" ]; then
  echo "FAIL: $(basename "$lib") needs libraries that cannot be found:"
  echo "$unresolved" | sed 's/^[[:space:]]*/  /'
  status=1
fi

if [ $status -eq 0 ]; then
  echo "ok: $(wc -l <"$tmp/declared") functions declared in $(basename "$header"), all exported by $(basename "$lib"), nothing else exported"
  echo "ok: no Swift runtime at run time; needs: $(echo "$deps" | awk '{ print $1 }' | sed 's@.*/@@' | tr '\n' ' ')"
fi
exit $status
