# scripts/lib.sh — helpers the check scripts source (not run on its own):
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"   (adjust the path)
# Each check script keeps its own `set -euo pipefail`.

# need_args COUNT "ARG ..." "$@": exit 2 with a usage line unless the script
# got exactly COUNT arguments.
need_args() {
  local count=$1 names=$2
  shift 2
  if [ $# -ne "$count" ]; then
    echo "usage: $0 $names" >&2
    exit 2
  fi
}

# fail MESSAGE...: print "FAIL: MESSAGE" on stderr and exit 1.
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# make_tmp: set $tmp to a fresh directory, removed when the script exits.
make_tmp() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
}

# install_fresh BUILD_DIR: install BUILD_DIR into $tmp/some/prefix (a prefix
# that is not the configured one; call make_tmp first) with $CMAKE (default
# cmake) and set $prefix to it.
install_fresh() {
  prefix=$tmp/some/prefix
  "${CMAKE:-cmake}" --install "$1" --prefix "$prefix" >/dev/null
}

# header_version HEADER: print FOLD_VERSION_STRING of HEADER ("0.2.0"); the
# header is the one place the version is written.
header_version() {
  sed -n 's/^#define FOLD_VERSION_STRING "\([0-9.]*\)".*/\1/p' "$1"
}

# expect_output ACTUAL EXPECTED WHAT: fail unless WHAT printed EXPECTED.
expect_output() {
  if [ "$1" != "$2" ]; then
    echo "FAIL: $3 printed something else; expected:" >&2
    echo "$2" >&2
    exit 1
  fi
}

# run_gui WHAT PROGRAM ARGS...: run a GTK program that drives itself
# (--self-test) on a virtual X server when $XVFB_RUN (or xvfb-run) is there;
# without one, only check that every library it needs is found (ldd), since
# an app that does not start fails there first.
run_gui() {
  local what=$1 xvfb=${XVFB_RUN:-$(command -v xvfb-run || true)}
  shift
  if [ -n "$xvfb" ] && [ -x "$xvfb" ]; then
    "$xvfb" -a -s "-screen 0 1280x1024x24" env GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none \
      NO_AT_BRIDGE=1 "$@" || fail "$what did not run: $*"
  elif grep -q 'not found' <<<"$(ldd "$1")"; then  # (not a pipe: grep -q may SIGPIPE ldd)
    ldd "$1" >&2
    fail "$what cannot start: a library is not found"
  else
    echo "($what: no xvfb-run; checked only that its libraries are found)"
  fi
}
