#!/usr/bin/env bash
# check-install.sh BUILD_DIR EXAMPLE_SOURCE
#
# Installs BUILD_DIR into a temporary prefix, compiles EXAMPLE_SOURCE the way
# an app would — `pkg-config --cflags --libs foldtable-gtk` — and runs it with
# --list (no display needed). Run by ctest as gtk-install. Uses $CMAKE
# (default cmake) and $CC (default cc).
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR EXAMPLE_SOURCE" >&2
  exit 2
fi
build=$1
source=$2
cmake=${CMAKE:-cmake}
cc=${CC:-cc}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

"$cmake" --install "$build" --prefix "$prefix" >/dev/null
pc=$(find "$prefix" -name foldtable-gtk.pc -path '*/pkgconfig/*')
if [ -z "$pc" ]; then
  echo "FAIL: no foldtable-gtk.pc installed under $prefix" >&2
  exit 1
fi

# The .pc files name the configured prefix: point ours (foldtable-gtk.pc and
# foldtable.pc beside it) at the temporary one. Not --define-prefix, which
# would also rewrite gtk4's and its dependencies' system paths.
pcdir=$(dirname "$pc")
sed -i "s|^prefix=.*|prefix=$prefix|" "$pcdir/foldtable-gtk.pc" "$pcdir/foldtable.pc"
export PKG_CONFIG_PATH=$pcdir
flags=$(pkg-config --cflags --libs foldtable-gtk)
libdir=$(pkg-config --variable=libdir foldtable-gtk)

# shellcheck disable=SC2086 # the flags are word lists
"$cc" -Wall -Wextra -Werror "$source" $flags -Wl,-rpath,"$libdir" -o "$tmp/example-app"
out=$("$tmp/example-app" --list)
echo "$out"
expected="0 – Planets
1   Mercury
2   Venus
3   Earth
4   Mars
5 + Moons"
if [ "$out" != "$expected" ]; then
  echo "FAIL: example-app --list printed something else; expected:" >&2
  echo "$expected" >&2
  exit 1
fi
echo "ok: built and ran $(basename "$source") with pkg-config foldtable-gtk ($(pkg-config --modversion foldtable-gtk))"
