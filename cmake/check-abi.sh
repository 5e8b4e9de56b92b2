#!/usr/bin/env bash
# check-abi.sh LIBRARY HEADER BASELINE_DIR [--update]
#
# Compares the ABI of LIBRARY and HEADER with the baseline stored in
# BASELINE_DIR (abi/), using libabigail (Debian: abigail-tools), and fails on
# an incompatible change. Run by ctest as abi-baseline; exits 77 (skipped)
# without abidw/abidiff or on a machine other than x86-64 (the baseline's).
#
# Two baselines, because the library carries no debug information for the C
# types (it is Swift, built without -g):
#   libfoldtable.abi        abidw of LIBRARY: SONAME and the exported symbols.
#                           A removed symbol or a new SONAME is incompatible.
#   foldtable-types.abi     abidw of a small object built with -g from HEADER:
#                           one pointer per exported function, typed with the
#                           function's declared type, so its DWARF holds every
#                           signature and every struct, enum and callback type
#                           they reach. A changed parameter, struct member or
#                           layout is incompatible.
# Anything removed or changed fails; added functions are compatible: reported,
# not failed.
#
# --update rewrites the baselines from LIBRARY and HEADER: do it deliberately,
# when a release changes the ABI on purpose (a new minor version while the
# major is 0; see README "Versioning and ABI policy"), and commit them.
set -euo pipefail

if [ $# -lt 3 ] || [ $# -gt 4 ] || { [ $# -eq 4 ] && [ "$4" != --update ]; }; then
  echo "usage: $0 LIBRARY HEADER BASELINE_DIR [--update]" >&2
  exit 2
fi
lib=$1
header=$2
baseline=$3
update=${4:-}
cc=${CC:-cc}

if ! command -v abidw >/dev/null 2>&1 || ! command -v abidiff >/dev/null 2>&1; then
  echo "skip: abidw/abidiff not installed (apt-get install abigail-tools; scripts/setup tries)"
  exit 77
fi
if [ "$(uname -m)" != x86_64 ]; then
  echo "skip: the stored baseline is x86-64; this machine is $(uname -m)"
  exit 77
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The types object: every exported fold_* function (abi-exports checks they are
# exactly the header's), as a pointer of the function's own type.
{
  echo '#include "foldtable.h"'
  nm -D --defined-only "$lib" | awk '$3 ~ /^fold_/ { sub(/@.*/, "", $3); print $3 }' | sort -u |
    while read -r name; do
      echo "__typeof__($name) *const foldabi_$name = $name;"
    done
} >"$tmp/types.c"
header_dir=$(cd "$(dirname "$header")" && pwd)
# Compiled from inside $tmp so the object names its source "types.c", not a
# temporary path (the baseline must be byte-stable).
(cd "$tmp" && "$cc" -std=gnu99 -g -O0 -shared -fPIC -I "$header_dir" types.c \
  -o libfoldtable-abi-types.so)

# Stable output: no paths, no source locations.
dump() { abidw --no-corpus-path --no-comp-dir-path --no-show-locs "$1"; }

if [ "$update" = --update ]; then
  mkdir -p "$baseline"
  dump "$lib" >"$baseline/libfoldtable.abi"
  dump "$tmp/libfoldtable-abi-types.so" >"$baseline/foldtable-types.abi"
  echo "updated $baseline/libfoldtable.abi and $baseline/foldtable-types.abi"
  exit 0
fi

status=0
# Members appended to structs only the library fills (abi/appended.suppr).
suppressions=()
if [ -f "$baseline/appended.suppr" ]; then suppressions=(--suppressions "$baseline/appended.suppr"); fi
compare() {
  local what=$1 old=$2 new=$3 rc=0
  abidiff "${suppressions[@]}" "$old" "$new" >"$tmp/diff" 2>&1 || rc=$?
  # abidiff's exit status is a bit set: 1 error, 2 usage, 4 ABI change,
  # 8 incompatible ABI change.
  if [ $((rc & 3)) -ne 0 ]; then
    echo "FAIL: abidiff could not compare $what (exit $rc):"
    cat "$tmp/diff"
    status=1
  elif [ $((rc & 8)) -ne 0 ] || grep -qE '(^|[^0-9])[1-9][0-9]* (Removed|Changed)' "$tmp/diff"; then
    # abidiff calls only removals "incompatible"; a changed parameter or
    # struct member is an "ABI change", and as bad for a C caller.
    echo "FAIL: incompatible ABI change in $what against $old:"
    cat "$tmp/diff"
    status=1
  elif [ $((rc & 4)) -ne 0 ]; then
    echo "ok: compatible ABI change in $what (refresh the baseline at the next release):"
    cat "$tmp/diff"
  else
    echo "ok: $what unchanged"
  fi
}
compare "the library's symbols and SONAME" "$baseline/libfoldtable.abi" "$lib"
compare "the header's types and signatures" "$baseline/foldtable-types.abi" "$tmp/libfoldtable-abi-types.so"
exit $status
