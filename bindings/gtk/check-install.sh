#!/usr/bin/env bash
# check-install.sh BUILD_DIR LIBDIR EXAMPLE_SOURCE
#
# Installs BUILD_DIR into a fresh prefix (not the configured one) and compiles
# EXAMPLE_SOURCE with the commands of README.md's "Install" section —
# `pkg-config --cflags --libs foldtable-gtk` with PKG_CONFIG_PATH at the
# prefix, no --define-prefix, no editing of the .pc files — then runs it with
# --list (no display needed). LIBDIR is CMAKE_INSTALL_LIBDIR. Run by ctest as
# gtk-install. Uses $CMAKE (default cmake) and $CC (default cc).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"

need_args 3 "BUILD_DIR LIBDIR EXAMPLE_SOURCE" "$@"
build=$1 libdir=$2 source=$3
cmake=${CMAKE:-cmake}
cc=${CC:-cc}

make_tmp
cp "$source" "$tmp/app.c"
cd "$tmp"

# --- README "Install", verbatim but for the build directory -----------------
prefix=$tmp/some/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
"$cc" app.c $(pkg-config --cflags --libs foldtable-gtk) -Wl,-rpath,"$prefix/$libdir" -o app
# ---------------------------------------------------------------------------

# Ours come from the new prefix, gtk4's from the system, unchanged.
flags=$(pkg-config --cflags --libs foldtable-gtk)
for want in "-I$prefix/" "-L$prefix/" "-I/usr/include/gtk-4.0"; do
  case "$flags" in
    *"$want"*) ;;
    *) echo "FAIL: pkg-config --cflags --libs foldtable-gtk gives '$flags': no $want" >&2; exit 1 ;;
  esac
done
out=$(./app --list)
echo "$out"
expected="0 – Planets
1   Mercury
2   Venus
3   Earth
4   Mars
5 + Moons"
expect_output "$out" "$expected" "example-app --list"
echo "ok: built and ran $(basename "$source") with pkg-config foldtable-gtk ($(pkg-config --modversion foldtable-gtk))"
