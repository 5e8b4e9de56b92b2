#!/usr/bin/env python3
"""Builds the Python reference with pdoc and fails on any warning pdoc gives.

Usage: pdoc_build.py OUTPUT_DIR (scripts/docs runs it with bindings/python
on PYTHONPATH and FOLDTABLE_LIBRARY set, since importing foldtable loads
the library).

Two pdoc warnings are left out, each matched narrowly:
- "Error parsing type annotation ForwardRef(...) for foldtable.X.__init__"
  where X is a NamedTuple: pdoc evaluates the string annotations of the
  __init__ that typing.NamedTuple generates in that function's own
  namespace, which does not hold the module's names. The signature is shown
  as written, which is what a reader needs.
- "The default value of foldtable.library_path matches the
  $FOLDTABLE_LIBRARY environment variable": pdoc hides the value, which is
  what the reference should do (it is a path on the machine that built it).
"""

import re
import sys
import warnings
from pathlib import Path

import pdoc
import pdoc.render

import foldtable

NAMEDTUPLE_INIT = re.compile(
    # repr() quotes the annotation with " when it holds a ' (a nested forward reference).
    r"""^Error parsing type annotation ForwardRef\((?:'[^']*'|"[^"]*")\) for foldtable\.(\w+)\.__init__\. """
)
LIBRARY_PATH_HIDDEN = "The default value of foldtable.library_path matches the $FOLDTABLE_LIBRARY"


def expected(message):
    match = NAMEDTUPLE_INIT.match(message)
    if match:
        cls = getattr(foldtable, match.group(1), None)
        return isinstance(cls, type) and issubclass(cls, tuple) and hasattr(cls, "_fields")
    return message.startswith(LIBRARY_PATH_HIDDEN)


def main():
    out = Path(sys.argv[1])
    pdoc.render.configure(docformat="google", show_source=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc("foldtable", output_directory=out)
    unexpected = [w for w in caught if not expected(str(w.message))]
    for w in unexpected:
        print("pdoc warning: %s" % w.message, file=sys.stderr)
    if unexpected:
        sys.exit(1)
    print("pdoc: %d warnings, %d of them expected" % (len(caught), len(caught) - len(unexpected)))


if __name__ == "__main__":
    main()
