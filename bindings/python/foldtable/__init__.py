"""foldtable — Python binding of FoldTable, the headless engine behind a
collapsible, sectioned, variable-height list.

A :class:`Table` holds sections (found by a stable string key) that hold
rows. The engine flattens them into one list of items — each section's
header, its rows while it is expanded, and its footer when it has one — and
answers what a view asks while drawing and scrolling, in O(log n), for example:

    import foldtable

    with foldtable.Table(row_height=44, header_height=28) as table:
        table.append_section("Mac", "Mac|3 models", rows=3)
        table.append_section("iPad", rows=2)
        table.sections["iPad"].collapse()
        table.content_height                 # 28 + 3*44 + 28 = 188.0
        table.item_at_offset(30)             # OffsetHit(position=1, place=IN_ITEM)
        table.visible_items(offset=0, height=100)

The binding wraps the C library ``libfoldtable.so`` through ctypes. It is
found, in order, through the ``FOLDTABLE_LIBRARY`` environment variable, a
copy inside this package, the build trees of a FoldTable checkout, and the
system's library path.

Heights are in points and kept in whole units of :data:`HEIGHT_UNIT`
(1/256 pt): a height is rounded once to the nearest unit (ties to even) and
reads back so (``17.7`` reads back as ``17.69921875``). Every top and sum is
then exact, so the geometry answers agree bit for bit and
``item_at_offset(item_top(p))`` is ``p`` for every item of nonzero height.
Heights above :data:`MAX_HEIGHT`, more than :data:`MAX_ROWS` rows or
:data:`MAX_SECTIONS` sections are refused.

Errors raise :class:`FoldError` subclasses that are also the matching
built-in exceptions (:class:`NotFoundError` is a ``KeyError``,
:class:`OutOfRangeError` an ``IndexError``, ...).

Attributes:
    version: the version string of the loaded library, e.g. ``"0.2.0"``.
    version_number: the loaded library's ``MAJOR*1000000 + MINOR*1000 + PATCH``.
    library_path: where the library was loaded from.
    __version__: the version of this binding (the ``foldtable`` distribution's
        version, FOLD_VERSION_STRING of ``foldtable.h``).
"""

import os as _os

from . import _errors, _transition_values, _values
from ._errors import *  # noqa: F403  (the exceptions: _errors.__all__)
from ._ffi import (
    HEIGHT_DEFAULT,
    MAX_DEPTH,
    HEIGHT_UNIT,
    MAX_HEIGHT,
    MAX_ROWS,
    MAX_SECTIONS,
    library_path,
    version,
    version_number,
)
from ._section import Section
from ._sections_view import SectionsView
from ._snapshot import Snapshot, SnapshotReport
from ._table import Table
from ._transition_values import *  # noqa: F403  (_transition_values.__all__)
from ._values import *  # noqa: F403  (the value types: _values.__all__)

def _binding_version() -> str:
    # One version, FOLD_VERSION_STRING in foldtable.h: the wheel's metadata
    # takes it from there (pyproject.toml), and a source checkout run without
    # installing reports the version of the library it loaded, built from the
    # same header.
    try:
        from importlib.metadata import PackageNotFoundError, distribution
    except ImportError:  # pragma: no cover - Python < 3.8
        return version
    try:
        dist = distribution("foldtable")
    except PackageNotFoundError:
        return version
    # Only when that distribution is this copy of the package (not another
    # foldtable installed beside a checkout being tested).
    here = _os.path.realpath(_os.path.dirname(__file__))
    installed = _os.path.realpath(str(dist.locate_file("foldtable")))
    return dist.version if installed == here else version


__version__: str = _binding_version()

__all__ = ["Table", "Section", "SectionsView", "Snapshot", "SnapshotReport"]
__all__ += _values.__all__
__all__ += _transition_values.__all__
__all__ += _errors.__all__
__all__ += [
    "HEIGHT_UNIT",
    "MAX_HEIGHT",
    "MAX_ROWS",
    "MAX_SECTIONS",
    "MAX_DEPTH",
    "HEIGHT_DEFAULT",
    "version",
    "version_number",
    "library_path",
]
