"""The parts of demo.py (the PyGObject demo beside this package): data, rows,
window (Demo), checks and steps (its self-test), drive, gi_helpers. Imported
by demo.py after it has chosen the typelibs' versions (gi.require_version)."""
