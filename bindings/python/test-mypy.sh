#!/usr/bin/env bash
# test-mypy.sh PYTHON WORKDIR
#
# mypy --strict on the package, on typecheck/public_types.py (the public
# types a user's checker sees: item flags are bool, not Any) and on the
# examples (examples/); foldtable/qt.py and examples/qt_*.py only where
# PYTHON has PySide6 (the optional extra `qt`, which scripts/setup installs),
# else they are left out with a note. Uses PYTHON's
# mypy when it has one, else installs mypy with pip into WORKDIR/venv; exit 77
# (skip) when neither works. Run by ctest as python-mypy.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"

need_args 2 "PYTHON WORKDIR" "$@"
python=$1 work=$2
cd "$(dirname "${BASH_SOURCE[0]}")"

if "$python" -m mypy --version >/dev/null 2>&1; then
  mypy=("$python" -m mypy)
else
  if [ ! -x "$work/venv/bin/mypy" ]; then
    rm -rf "$work/venv"
    mkdir -p "$work"
    if ! { "$python" -m venv "$work/venv" && "$work/venv/bin/pip" install -q mypy; } >"$work/install.log" 2>&1; then
      tail -3 "$work/install.log" >&2
      echo "SKIP: mypy is not installed and pip could not install it" >&2
      exit 77
    fi
  fi
  mypy=("$work/venv/bin/mypy")
fi
"${mypy[@]}" --version
# PySide6's types (it ships py.typed) come from PYTHON's packages, also when
# mypy runs from the venv.
check=("${mypy[@]}" --strict --cache-dir "$work/cache" --python-executable "$python")
examples=(examples/transition.py)
if "$python" -c 'import PySide6.QtWidgets' >/dev/null 2>&1; then
  qt_exclude=()
  examples+=(examples/qt_*.py)
else
  echo "python-mypy: PySide6 is not installed for $python: foldtable/qt.py and examples/qt_*.py not checked" >&2
  qt_exclude=(--exclude '/qt\.py$')
fi
# The cache goes to the build tree, not the source tree.
"${check[@]}" "${qt_exclude[@]}" -p foldtable
"${check[@]}" typecheck/public_types.py
"${check[@]}" "${examples[@]}"
