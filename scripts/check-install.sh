#!/usr/bin/env bash
# check-install.sh BUILD_DIR LIBDIR README HEADER_CHECK_SOURCE
#
# Does what README.md's "Install" section tells a user, with the same
# commands: installs BUILD_DIR into a fresh prefix (not the configured one),
# builds the README's C example (extracted from README, so the two cannot
# drift) with `pkg-config --cflags --libs foldtable` from that prefix — no
# --define-prefix, no editing of the .pc — runs it and compares its output.
# Then compiles HEADER_CHECK_SOURCE (every declaration) strictly against the
# installed header and library. LIBDIR is CMAKE_INSTALL_LIBDIR (lib, or
# lib/<multiarch> for a /usr prefix). Run by ctest as `install`. Uses $CMAKE
# (default cmake) and $CC (default cc).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

need_args 4 "BUILD_DIR LIBDIR README HEADER_CHECK_SOURCE" "$@"
build=$1 libdir=$2 readme=$3 header_check=$4
cmake=${CMAKE:-cmake}
cc=${CC:-cc}

make_tmp
cd "$tmp"

# The README's C example: the first ```c block after the "## C" heading.
awk '/^## C$/ {in_c = 1} in_c && /^```c$/ {on = 1; next} on && /^```$/ {exit} on {print}' \
  "$readme" > example.c
grep -q 'fold_table_new' example.c || fail "no C example found under '## C' in $readme"

# --- README "Install", verbatim but for the build directory -----------------
prefix=$tmp/some/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
"$cc" example.c $(pkg-config --cflags --libs foldtable) -Wl,-rpath,"$prefix/$libdir" -o example
out=$(./example)
# ---------------------------------------------------------------------------

echo "$out"
expected="collapsed iPad (2 rows hidden)
0 header top 0 – Mac
1 row top 28
2 row top 72
3 row top 116
4 header top 160 + iPad
5 header top 188 – iPhone
Mac: Laptops and desktops
iPad's rows are hidden: row 0 of section \"iPad\" is hidden: the section is collapsed"
expect_output "$out" "$expected" "the README example"

# The flags name the new prefix, not the configured one.
cflags=$(pkg-config --cflags foldtable)
case "$cflags" in
  *"$prefix"*) ;;
  *) fail "pkg-config --cflags foldtable gives '$cflags', outside $prefix" ;;
esac

# Every declaration of the installed header, strictly, against the installed library.
# shellcheck disable=SC2046 # the flags are word lists
"$cc" -std=c99 -Wall -Wextra -Werror -pedantic $(pkg-config --cflags foldtable) "$header_check" \
  $(pkg-config --libs foldtable) -Wl,-rpath,"$prefix/$libdir" -o header-check
./header-check

echo "ok: installed $(cd "$prefix" && find . -name 'libfoldtable.*' -o -name foldtable.h -o -name foldtable.pc | sort | tr '\n' ' ')"
echo "ok: built and ran the README's C example with pkg-config foldtable ($(pkg-config --modversion foldtable)): $cflags"
