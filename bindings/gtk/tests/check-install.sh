#!/usr/bin/env bash
# check-install.sh BUILD_DIR LIBDIR EXAMPLE_SOURCE EXAMPLES_DIR
#
# Installs BUILD_DIR into a fresh prefix (not the configured one) and compiles
# EXAMPLE_SOURCE with the commands of README.md's "Install" section —
# `pkg-config --cflags --libs foldtable-gtk` with PKG_CONFIG_PATH at the
# prefix, no --define-prefix, no editing of the .pc files — then runs it with
# --list (no display needed). Then the GTK quick start (EXAMPLES_DIR/
# quickstart.c, which uses only the adapter's API) is built the same way,
# with and without -Wl,--as-needed (Ubuntu's default: the app then records
# only libfoldtable-gtk, which must find libfoldtable itself), and runs its
# --self-test; and quickstart.py and quickstart.js run against the prefix
# with only GI_TYPELIB_PATH set, as bindings/gtk/README.md says. LIBDIR is
# CMAKE_INSTALL_LIBDIR. Run by ctest as gtk-install. Uses $CMAKE (default
# cmake), $CC (default cc), $XVFB_RUN (default xvfb-run) and $GJS.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../../scripts/lib.sh"

need_args 4 "BUILD_DIR LIBDIR EXAMPLE_SOURCE EXAMPLES_DIR" "$@"
build=$1 libdir=$2 source=$3 examples=$4
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

# --- The quick start, with only the adapter's API ---------------------------
cp "$examples/quickstart.c" quickstart.c
"$cc" quickstart.c $(pkg-config --cflags --libs foldtable-gtk) -Wl,-rpath,"$prefix/$libdir" -o quickstart
"$cc" quickstart.c -Wl,--as-needed $(pkg-config --cflags --libs foldtable-gtk) -Wl,-rpath,"$prefix/$libdir" \
  -o quickstart-as-needed
# The case that failed (issue 34): the app needs libfoldtable only through the adapter.
if readelf -d quickstart-as-needed | grep -q 'NEEDED.*libfoldtable\.so'; then
  fail "with --as-needed the quick start still records libfoldtable.so: the test does not exercise the adapter's runpath"
fi
readelf -d "$prefix/$libdir/libfoldtable-gtk.so" | grep -q 'R.*PATH.*\$ORIGIN' ||
  fail "the installed libfoldtable-gtk.so has no \$ORIGIN runpath"
run_gui "the C quick start" ./quickstart --self-test "$tmp/quickstart.png"
run_gui "the C quick start linked --as-needed" ./quickstart-as-needed --self-test "$tmp/quickstart-as-needed.png"
echo "ok: the C quick start built with pkg-config foldtable-gtk, with and without --as-needed, and ran"

# --- GObject Introspection from the prefix: GI_TYPELIB_PATH only -------------
typelibs="$prefix/$libdir/girepository-1.0"
if [ -f "$typelibs/Fold-0.2.typelib" ]; then
  if /usr/bin/python3 -c 'import gi' 2>/dev/null; then
    GI_TYPELIB_PATH="$typelibs" run_gui "quickstart.py from the prefix" \
      /usr/bin/python3 "$examples/quickstart.py" --self-test "$tmp/quickstart-py.png"
    echo "ok: quickstart.py ran on $typelibs"
  fi
  gjs=${GJS:-$(command -v gjs || true)}
  if [ -n "$gjs" ]; then
    GI_TYPELIB_PATH="$typelibs" run_gui "quickstart.js from the prefix" \
      "$gjs" "$examples/quickstart.js" --self-test "$tmp/quickstart-js.png"
    echo "ok: quickstart.js ran on $typelibs"
  fi
fi

