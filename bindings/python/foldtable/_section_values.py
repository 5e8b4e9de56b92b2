"""The value types of sections (internal module; re-exported by
:mod:`foldtable`): how a section is named (:data:`KeyOrIndex`,
:data:`Path`), its children (:class:`ChildRow`), its load state
(:class:`LoadState`), selection (:class:`Select`, :class:`SelectionMode`,
:class:`SelectedRun`) and filter counts (:class:`MatchCount`). Plain data:
nothing here calls the library."""

from __future__ import annotations

import enum
from typing import NamedTuple, Optional, Sequence, Union

from . import _ffi

# KeyOrIndex, Path and Heights are the binding's own annotations, not in __all__.
__all__ = [
    "ChildRow",
    "LoadState",
    "Select",
    "SelectionMode",
    "SelectedRun",
    "MatchCount",
]

#: A section is named by its key (str) or its index (int).
KeyOrIndex = Union[str, int]

#: A path: the child index at each level from the top (``[2, 0]`` is the
#: first child of the third top-level section).
Path = Sequence[int]

#: Row heights: any sequence of numbers, or a buffer of C doubles
#: (``array('d')``, a NumPy float64 array, a ``memoryview`` of format ``d``),
#: which the library reads without a copy.
Heights = Union[Sequence[float], memoryview]


class ChildRow(NamedTuple):
    """A row among a section's children (see :attr:`Section.children`).

    Attributes:
        row: the row's index among its section's rows (rows only; a child
            index counts rows and subsections alike).
    """

    row: int


class LoadState(enum.IntEnum):
    """Where a section's children are (``FOLD_LOAD_*``); see
    :attr:`Section.load_state` and :meth:`Table.set_loader`."""

    LOADED = _ffi.LOAD_LOADED
    """An ordinary section, or its children arrived."""
    UNLOADED = _ffi.LOAD_UNLOADED
    """Its children are not loaded; it is collapsed, and expanding it
    starts a load."""
    LOADING = _ffi.LOAD_LOADING
    """Expanded, a placeholder item shown, waiting for
    :meth:`Section.finish_load` or :meth:`Section.fail_load`."""
    FAILED = _ffi.LOAD_FAILED
    """Expanded, the placeholder shows the failure
    (:attr:`Section.load_error`); activating it retries."""
    RELOADING = _ffi.LOAD_RELOADING
    """Loaded, its children shown, a reload under way
    (:meth:`Section.reload`): the new children are reconciled with them
    when they arrive."""


class Select(enum.IntEnum):
    """How a selection call changes the selection (``FOLD_SELECT_*``)."""

    REPLACE = _ffi.SELECT_REPLACE
    """Clear the selection, then select (a click)."""
    ADD = _ffi.SELECT_ADD
    """Select, keeping the rest."""
    REMOVE = _ffi.SELECT_REMOVE
    """Deselect, keeping the rest."""
    TOGGLE = _ffi.SELECT_TOGGLE
    """Flip each one named, keeping the rest (ctrl-click)."""


class SelectionMode(enum.IntEnum):
    """What may be selected (``FOLD_SELECTION_*``); see
    :attr:`Table.selection_mode`."""

    MULTIPLE = _ffi.SELECTION_MULTIPLE
    """Any number of rows and sections (the default)."""
    SINGLE = _ffi.SELECTION_SINGLE
    """At most one row or section."""
    NONE = _ffi.SELECTION_NONE
    """Nothing: selecting raises :class:`NotAllowedError`."""


class SelectedRun(NamedTuple):
    """Part of :attr:`Table.selection`: selected rows ``row`` to
    ``row + length - 1`` of ``section`` (a key), or with ``row`` ``None``
    the section itself (its header; ``length`` 1). (``length``, not
    ``count``: a tuple has a ``count`` method.)"""

    section: str
    row: Optional[int]
    length: int


class MatchCount(NamedTuple):
    """Rows that match the active filter, and all rows, in a section and its
    subsections (:attr:`Section.match_count`): a header can show "3 of 40"."""

    matches: int
    rows: int
