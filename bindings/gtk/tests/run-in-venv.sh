#!/bin/sh
# run-in-venv.sh VENV SCRIPT [ARGS...]: runs SCRIPT with the python of a venv
# made by `/usr/bin/python3 -m venv --system-site-packages VENV` (made once),
# so that Debian's PyGObject (python3-gi) is found the way a PyGObject user
# with a venv finds it. Exit 77 (ctest: skipped) when the venv cannot be made.
set -eu
venv=$1
shift
if [ ! -x "$venv/bin/python" ]; then
  if ! /usr/bin/python3 -m venv --system-site-packages --without-pip "$venv" >/dev/null 2>&1; then
    echo "run-in-venv: cannot make a venv (apt-get install python3-venv): skipped" >&2
    exit 77
  fi
fi
export FOLD_EXPECT_VENV=1
exec "$venv/bin/python" "$@"
