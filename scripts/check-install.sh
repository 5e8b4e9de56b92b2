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
#
# With $QT_README (bindings/qt/README.md, set when the build has the Qt
# binding): the C++ example of that README is built from the prefix with
# `pkg-config --cflags --libs foldtable-qt` and again by a CMake project with
# find_package(FoldTable COMPONENTS foldtable-qt) (and `qt`, the same
# component) linking FoldTable::foldtable-qt; both must print the expected
# rows. Uses $CXX (default c++) and $CMAKE_MAKE_PROGRAM (Ninja) there.
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

# --- Qt: bindings/qt/README.md's example, through pkg-config and CMake ---------
if [ -n "${QT_README:-}" ]; then
  cxx=${CXX:-c++}
  awk '/^```cpp$/ {on = 1; next} on && /^```$/ {exit} on {print}' "$QT_README" > quickstart.cpp
  grep -q 'FoldListModel' quickstart.cpp || fail "no C++ example found in $QT_README"
  expected_qt="0 header fruit row -1 height 28
1   row fruit row 0 height 44
2   row fruit row 1 height 44
3 header veg row -1 height 28
4   row veg row 0 height 44
collapsed: 3 rows
0 header fruit row -1 height 28
1 header veg row -1 height 28
2   row veg row 0 height 44"

  # shellcheck disable=SC2046 # the flags are word lists
  "$cxx" -std=c++17 quickstart.cpp $(pkg-config --cflags --libs foldtable-qt) \
    -Wl,-rpath,"$prefix/$libdir" -o quickstart-qt
  out=$(./quickstart-qt)
  expect_output "$out" "$expected_qt" "the Qt README example built with pkg-config foldtable-qt"
  case "$(pkg-config --cflags foldtable-qt)" in
    *"-I$prefix/"*) ;;
    *) fail "pkg-config --cflags foldtable-qt gives '$(pkg-config --cflags foldtable-qt)', outside $prefix" ;;
  esac
  lib_qt="$prefix/$libdir/libfoldtable-qt.so"
  readelf -d "$lib_qt" | grep -q 'NEEDED.*libfoldtable\.so' || fail "libfoldtable-qt.so does not link libfoldtable.so"
  readelf -d "$lib_qt" | grep -q 'R.*PATH.*\$ORIGIN' || fail "the installed libfoldtable-qt.so has no \$ORIGIN runpath"
  echo "ok: built and ran the Qt README example with pkg-config foldtable-qt ($(pkg-config --modversion foldtable-qt))"

  # The top README's short one: the first ```cpp block after "## Qt", built
  # with the compile line its first line gives.
  awk '/^## Qt$/ {in_qt = 1} in_qt && /^```cpp$/ {on = 1; next} on && /^```$/ {exit} on {print}' \
    "$readme" > readme-qt.cpp
  grep -q 'FoldListModel' readme-qt.cpp || fail "no C++ example found under '## Qt' in $readme"
  # shellcheck disable=SC2046 # the flags are word lists
  "$cxx" -std=c++17 readme-qt.cpp $(pkg-config --cflags --libs foldtable-qt) \
    -Wl,-rpath,"$prefix/$libdir" -o readme-qt
  out=$(./readme-qt)
  expect_output "$out" "0 header of Fruit
1 header of Vegetables
2 row of Vegetables" "the README's Qt example"
  echo "ok: built and ran the README's Qt example with pkg-config foldtable-qt"

  # FoldView.h from the prefix: a view over a model, where it draws row 0
  # and what is at a point, on Qt's offscreen platform.
  cat > view.cpp <<'CPP'
#include <FoldView.h>
#include <QApplication>
#include <cstdio>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    FoldListModel model;
    fold_table_insert_section(model.table(), FOLD_ROOT, FOLD_INDEX_END, "a", "A", 3, 0, nullptr);
    FoldView view;
    view.setModel(&model);
    view.resize(200, 100);
    QRect r = view.visualRect(1);
    std::printf("row at %d, %d px tall; item at y 30: %d\n", r.top(), r.height(), view.indexAt(QPoint(10, 30)));
}
CPP
  # shellcheck disable=SC2046 # the flags are word lists
  "$cxx" -std=c++17 view.cpp $(pkg-config --cflags --libs foldtable-qt) \
    -Wl,-rpath,"$prefix/$libdir" -o view-qt
  out=$(QT_QPA_PLATFORM=offscreen ./view-qt)
  expect_output "$out" "row at 28, 44 px tall; item at y 30: 1" "a FoldView built from the prefix"
  echo "ok: built and ran a FoldView from the prefix (FoldView.h, pkg-config foldtable-qt)"

  mkdir -p qt-consumer
  cp quickstart.cpp qt-consumer/
  cat > qt-consumer/CMakeLists.txt <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(FoldTableQtConsumer LANGUAGES CXX)
find_package(FoldTable REQUIRED COMPONENTS foldtable-qt)
find_package(FoldTable REQUIRED COMPONENTS qt)
add_executable(quickstart quickstart.cpp)
target_link_libraries(quickstart PRIVATE FoldTable::foldtable-qt)
set_target_properties(quickstart PROPERTIES CXX_STANDARD 17)
CMAKE
  generator=()
  ninja=${CMAKE_MAKE_PROGRAM:-$(command -v ninja || true)}
  if [ -n "$ninja" ] && [ -x "$ninja" ]; then
    generator=(-G Ninja -DCMAKE_MAKE_PROGRAM="$ninja")
  fi
  CXX="$cxx" "$cmake" "${generator[@]}" -S qt-consumer -B qt-consumer/build \
    -DCMAKE_PREFIX_PATH="$prefix" >qt-configure.log || { cat qt-configure.log >&2; exit 1; }
  "$cmake" --build qt-consumer/build >qt-build.log || { cat qt-build.log >&2; exit 1; }
  out=$(qt-consumer/build/quickstart)
  expect_output "$out" "$expected_qt" "the Qt README example built with find_package(FoldTable COMPONENTS foldtable-qt)"
  echo "ok: built and ran the Qt README example with find_package(FoldTable COMPONENTS foldtable-qt) and FoldTable::foldtable-qt"
fi
