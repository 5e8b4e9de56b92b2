#!/usr/bin/env bash
# check-noop-build.sh BUILD_DIR
#
# A second build of an unchanged tree does no work: Ninja reports "no work to
# do" after its glob check. Run by ctest as `rebuild-is-noop`, after
# scripts/build has built everything; it builds once first (so a tree that
# changed since is brought up to date), then again, and fails naming the
# first target Ninja would still rebuild and why (`ninja -d explain`).
set -euo pipefail
build=${1:?usage: check-noop-build.sh BUILD_DIR}
cmake --build "$build" >/dev/null
out=$(cmake --build "$build" -- -d explain 2>&1)
if grep -q 'ninja: no work to do' <<<"$out"; then
  echo "rebuild-is-noop: a second build did no work"
  exit 0
fi
echo "rebuild-is-noop: a second build of an unchanged tree still works:" >&2
grep -v 'VerifyGlobs\|verify_globs' <<<"$out" | head -n 12 >&2
exit 1
