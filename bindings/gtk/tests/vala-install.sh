#!/usr/bin/env bash
# vala-install.sh BUILD_DIR LIBDIR DATADIR APP_VALA
#
# What a Vala user does with an installed FoldTable: installs BUILD_DIR into
# a fresh prefix (not the configured one), checks that foldtable-gtk.vapi
# and foldtable-gtk.deps are in DATADIR/vala/vapi, builds APP_VALA with
# `valac --pkg foldtable-gtk`, --vapidir at that directory and
# PKG_CONFIG_PATH at LIBDIR/pkgconfig (the same package name for both), and
# runs it: it shows a list (a display is needed: ctest runs this under
# xvfb-run, as gtk-vala-install) and prints its items after a collapse.
# Then the same build with XDG_DATA_DIRS instead of --vapidir. Uses $CMAKE
# (default cmake) and $VALAC (default valac).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../../scripts/lib.sh"

need_args 4 "BUILD_DIR LIBDIR DATADIR APP_VALA" "$@"
build=$1 libdir=$2 datadir=$3 source=$4
valac=${VALAC:-valac}

make_tmp
install_fresh "$build"
vapidir="$prefix/$datadir/vala/vapi"
for f in foldtable-gtk.vapi foldtable-gtk.deps; do
  if [ ! -f "$vapidir/$f" ]; then
    echo "FAIL: $vapidir/$f is not installed" >&2
    exit 1
  fi
done
cp "$source" "$tmp/app.vala"
cd "$tmp"

# --- as the README says ------------------------------------------------------
export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
"$valac" --pkg foldtable-gtk --vapidir "$prefix/$datadir/vala/vapi" \
  -X -Wl,-rpath,"$prefix/$libdir" -X -w app.vala -o app
# -----------------------------------------------------------------------------

# The program links the prefix's libraries, not the build tree's. (ldd's
# output is read whole first: `ldd | grep -q` under pipefail fails when grep
# stops reading early and ldd gets SIGPIPE.)
deps=$(ldd ./app)
if ! grep -q "libfoldtable-gtk.* => $prefix/" <<<"$deps"; then
  echo "FAIL: app does not use $prefix's libfoldtable-gtk:" >&2
  echo "$deps" >&2
  exit 1
fi
# The app links only libfoldtable-gtk (valac's C calls no fold_table_*);
# the adapter must find libfoldtable itself.
if grep -q "libfoldtable\.so.* => not found" <<<"$deps"; then
  echo "FAIL: $prefix/$libdir/libfoldtable-gtk.so does not find libfoldtable (no runpath" \
    "on the installed adapter?):" >&2
  grep libfoldtable <<<"$deps" >&2
  exit 1
fi
out=$(./app)
echo "$out"
expected="items 11 -> 4
Fruit
Vegetables
veg 0
veg 1"
expect_output "$out" "$expected" "app.vala"

# valac also looks in $XDG_DATA_DIRS/vala/vapi.
XDG_DATA_DIRS="$prefix/$datadir:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
  "$valac" --pkg foldtable-gtk -X -Wl,-rpath,"$prefix/$libdir" -X -w app.vala -o app2
expect_output "$(./app2)" "$expected" "app.vala found through XDG_DATA_DIRS"
echo "ok: valac --pkg foldtable-gtk against $prefix ($(pkg-config --modversion foldtable-gtk))"
