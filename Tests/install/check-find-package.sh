#!/usr/bin/env bash
# check-find-package.sh BUILD_DIR CONSUMER_DIR WITH_GTK(ON|OFF) QUICKSTART_SOURCE
#
# Installs BUILD_DIR into a fresh prefix, configures the consumer project
# (Tests/install/consumer) against it with -DCMAKE_PREFIX_PATH=<prefix>, the
# way a user's CMake project finds FoldTable, builds it and runs its programs
# (with GTK also the GTK quick start, linked to FoldTable::foldtable-gtk
# alone, with and without --as-needed, run by its --self-test). Then checks
# that the version file refuses a release of another minor version and that
# an unknown component is named. Run by ctest as install-find-package. Uses
# $CMAKE (default cmake), $CC (default cc), $XVFB_RUN and Ninja when
# $CMAKE_MAKE_PROGRAM or ninja is there.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"

need_args 4 "BUILD_DIR CONSUMER_DIR WITH_GTK QUICKSTART_SOURCE" "$@"
build=$1 consumer=$2 with_gtk=$3 quickstart=$4
cmake=${CMAKE:-cmake}
export CC=${CC:-cc}

make_tmp
install_fresh "$build"
version=$(header_version "$prefix/include/foldtable.h")
[ -n "$version" ] || fail "no FOLD_VERSION_STRING in the installed foldtable.h"
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}

generator=()
ninja=${CMAKE_MAKE_PROGRAM:-$(command -v ninja || true)}
if [ -n "$ninja" ] && [ -x "$ninja" ]; then
  generator=(-G Ninja -DCMAKE_MAKE_PROGRAM="$ninja")
fi

"$cmake" "${generator[@]}" -S "$consumer" -B "$tmp/consumer" \
  -DCMAKE_PREFIX_PATH="$prefix" -DWITH_GTK="$with_gtk" -DFOLDTABLE_VERSION="$major.$minor" \
  -DQUICKSTART_SOURCE="$quickstart" >"$tmp/configure.log" ||
  { cat "$tmp/configure.log" >&2; exit 1; }
"$cmake" --build "$tmp/consumer" >"$tmp/build.log" || { cat "$tmp/build.log" >&2; exit 1; }

out=$("$tmp/consumer/consumer")
echo "$out"
expect_output "$out" "foldtable $version, items 1" consumer
if [ "$with_gtk" = ON ]; then
  out=$("$tmp/consumer/consumer-gtk")
  echo "$out"
  expect_output "$out" "foldtable-gtk items 4" consumer-gtk
  if [ -n "$quickstart" ]; then
    run_gui "the quick start built with FoldTable::foldtable-gtk" \
      "$tmp/consumer/quickstart" --self-test "$tmp/quickstart.png"
    run_gui "the quick start built with FoldTable::foldtable-gtk and --as-needed" \
      "$tmp/consumer/quickstart-as-needed" --self-test "$tmp/quickstart-as-needed.png"
  fi
fi

# The imported target names the installed library, not the build tree's.
if grep -rq "$build" "$prefix"/lib*/cmake/FoldTable/ 2>/dev/null; then
  fail "the installed CMake package mentions the build directory $build"
fi

# SameMinorVersion: a project asking for another minor (0.99) must not get this one.
cat > "$tmp/other.cmake" <<CMAKE
find_package(FoldTable $major.99 QUIET CONFIG PATHS "$prefix" NO_DEFAULT_PATH)
if(FoldTable_FOUND)
  message(FATAL_ERROR "find_package(FoldTable $major.99) accepted $version")
endif()
CMAKE
"$cmake" -P "$tmp/other.cmake"
# An unknown component is named.
mkdir -p "$tmp/bogus"
cat > "$tmp/bogus/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(Bogus LANGUAGES NONE)
find_package(FoldTable REQUIRED COMPONENTS bogus)
CMAKE
if out=$("$cmake" -S "$tmp/bogus" -B "$tmp/bogus/build" -DCMAKE_PREFIX_PATH="$prefix" 2>&1); then
  fail "find_package(FoldTable COMPONENTS bogus) succeeded"
fi
grep -q 'FoldTable has no component "bogus" (its components: gtk, qt)' <<<"$out" ||
  { echo "$out" >&2; fail "find_package(FoldTable COMPONENTS bogus) did not name the unknown component"; }

echo "ok: find_package(FoldTable) from $prefix: FoldTable::foldtable$([ "$with_gtk" = ON ] && echo ' and FoldTable::foldtable-gtk') built and ran; $major.99 refused"
