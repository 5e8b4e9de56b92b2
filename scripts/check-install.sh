#!/usr/bin/env bash
# check-install.sh BUILD_DIR C_SOURCE
#
# Installs BUILD_DIR into a temporary prefix, then compiles C_SOURCE the way a
# user would — with the flags `pkg-config foldtable` gives — and runs it
# against the installed library. Run by ctest as `install`. Uses $CMAKE
# (default cmake) and $CC (default cc).
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 BUILD_DIR C_SOURCE" >&2
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
pc=$(find "$prefix" -name foldtable.pc -path '*/pkgconfig/*')
if [ -z "$pc" ]; then
  echo "FAIL: no foldtable.pc installed under $prefix" >&2
  exit 1
fi

# The .pc file names the configured prefix; --define-prefix points it at the
# temporary one (derived from where the .pc file is).
export PKG_CONFIG_PATH=$(dirname "$pc")
cflags=$(pkg-config --define-prefix --cflags foldtable)
libs=$(pkg-config --define-prefix --libs foldtable)
libdir=$(pkg-config --define-prefix --variable=libdir foldtable)

# shellcheck disable=SC2086 # the flags are word lists
"$cc" -std=c99 -Wall -Wextra -Werror -pedantic $cflags "$source" $libs \
  -Wl,-rpath,"$libdir" -o "$tmp/client"
"$tmp/client"
echo "ok: installed $(cd "$prefix" && find . -name 'libfoldtable*' -o -name foldtable.h -o -name foldtable.pc | sort | tr '\n' ' ')"
echo "ok: built and ran $(basename "$source") with pkg-config foldtable ($(pkg-config --modversion foldtable))"
