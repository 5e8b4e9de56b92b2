"""The value types of a table's options, activation and changes (internal
module; re-exported by :mod:`foldtable`): :class:`TableOptions`,
:class:`Accordion`, :class:`Activation`, the listeners' events
(:class:`SectionEvent`, :class:`RowEvent`), change sets (:class:`Change`,
:class:`Move`, :class:`ChangeSet`) and :class:`ImportReport`. Plain data:
nothing here calls the library."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import List, NamedTuple, Optional, Sequence

from . import _ffi

__all__ = [
    "TableOptions",
    "Accordion",
    "Activation",
    "SectionEvent",
    "RowEvent",
    "Change",
    "ChangeSet",
    "Move",
    "ImportReport",
]


class Accordion(enum.IntEnum):
    """How many rows may be expanded at once (``FOLD_ACCORDION_*``); see
    :attr:`Table.accordion`."""

    MULTIPLE = _ffi.ACCORDION_MULTIPLE
    """Any number of rows."""
    SINGLE = _ffi.ACCORDION_SINGLE
    """One row in the table: expanding a row collapses the expanded one."""
    PER_SECTION = _ffi.ACCORDION_PER_SECTION
    """One row per section: expanding a row collapses its section's expanded row."""


class Activation(enum.IntEnum):
    """What :meth:`Table.activate` did (``FOLD_ACTIVATED_*``)."""

    NOTHING = _ffi.ACTIVATED_NOTHING
    """Nothing to do: a footer, the header of a section that is not
    collapsible, a row that cannot expand."""
    SECTION_COLLAPSED = _ffi.ACTIVATED_SECTION_COLLAPSED
    """A header was activated and its section collapsed."""
    SECTION_EXPANDED = _ffi.ACTIVATED_SECTION_EXPANDED
    """A header was activated and its section expanded."""
    ROW_EXPANDED = _ffi.ACTIVATED_ROW_EXPANDED
    """A row was activated and expanded (the accordion policy applied)."""
    ROW_COLLAPSED = _ffi.ACTIVATED_ROW_COLLAPSED
    """A row was activated and collapsed."""
    REFUSED = _ffi.ACTIVATED_REFUSED
    """A "will" listener (:meth:`Table.on_section`, :meth:`Table.on_row`)
    refused the change; nothing changed."""
    LOAD_RETRIED = _ffi.ACTIVATED_LOAD_RETRIED
    """The placeholder of a failed load was activated: the section is
    loading again (a new ticket; the loader was called)."""


@dataclass(frozen=True)
class TableOptions:
    """A table's options (``fold_table_options``), as :attr:`Table.options`
    reports them.

    Attributes:
        row_height: default height of a row.
        header_height: default height of a section header.
        footer_height: default footer height; 0 means sections have no footer item.
        padding_top: content padding above the first item.
        padding_bottom: content padding below the last item.
        start_collapsed: whether new sections start collapsed.
        accordion: the current :class:`Accordion` policy.
        sticky_levels: the most header levels that stick (0 = all).
        follow_end: whether a viewport at the end of the content sticks to
            it (:attr:`Table.follow_end`).
    """

    row_height: float = 44.0
    header_height: float = 28.0
    footer_height: float = 0.0
    padding_top: float = 0.0
    padding_bottom: float = 0.0
    start_collapsed: bool = False
    accordion: Accordion = Accordion.MULTIPLE
    sticky_levels: int = 0
    follow_end: bool = False


class SectionEvent(enum.IntEnum):
    """What a section listener (:meth:`Table.on_section`) is told
    (``FOLD_SECTION_*``). A listener may refuse a WILL event."""

    WILL_COLLAPSE = _ffi.SECTION_WILL_COLLAPSE
    DID_COLLAPSE = _ffi.SECTION_DID_COLLAPSE
    WILL_EXPAND = _ffi.SECTION_WILL_EXPAND
    DID_EXPAND = _ffi.SECTION_DID_EXPAND

    @property
    def is_will(self) -> bool:
        """True for the events a listener may refuse."""
        return self in (SectionEvent.WILL_COLLAPSE, SectionEvent.WILL_EXPAND)


class RowEvent(enum.IntEnum):
    """What a row listener (:meth:`Table.on_row`) is told (``FOLD_ROW_*``).
    A listener may refuse a WILL event."""

    WILL_EXPAND = _ffi.ROW_WILL_EXPAND
    DID_EXPAND = _ffi.ROW_DID_EXPAND
    WILL_COLLAPSE = _ffi.ROW_WILL_COLLAPSE
    DID_COLLAPSE = _ffi.ROW_DID_COLLAPSE

    @property
    def is_will(self) -> bool:
        """True for the events a listener may refuse."""
        return self in (RowEvent.WILL_EXPAND, RowEvent.WILL_COLLAPSE)


class Change(NamedTuple):
    """One step of a :class:`ChangeSet` (``fold_change``): at ``position``,
    ``removed`` items were replaced by ``added`` items — GTK's
    ``items-changed`` shape. Equal to the plain tuple
    ``(position, removed, added)``."""

    position: int
    removed: int
    added: int


class Move(NamedTuple):
    """Items a :class:`ChangeSet` moved (``fold_move``): the ``count``
    items at ``from_`` in the list before it are the ``count`` items at
    ``to`` in the list after it (``from_`` with PEP 8's trailing underscore,
    since ``from`` is a keyword). Equal to the plain tuple
    ``(from_, to, count)``."""

    from_: int
    to: int
    # The C name; it hides tuple.count(), which a value like this never needs.
    count: int  # type: ignore[assignment]


class _ChangeSetFields(NamedTuple):
    changes: List[Change]
    redraw: List[range]
    content_height_delta: float
    anchored_offset: Optional[float]


class ChangeSet(_ChangeSetFields):
    """What one mutation (or one :meth:`Table.batch`) did to the flat list
    (``fold_change_set``), copied out of the library's arrays during the
    listener call, so it stays valid afterwards.

    Attributes:
        changes: the :class:`Change` steps, applied in order to the old list.
        redraw: the positions (in the new list) of items that stayed but must
            be redrawn (height, indicator or expanded state changed), as
            sorted, disjoint ``range`` objects (``range(4, 5)`` is position 4).
        content_height_delta: new content height minus the old.
        anchored_offset: with a viewport set (:meth:`Table.set_viewport`),
            its new offset; ``None`` without one.
        moves: the :class:`Move` blocks: items the steps remove and add
            back, the same items (a section or row moved, a snapshot, a
            batch), in new-list order. A view that keeps widgets takes the
            items at each move's ``from_`` aside, applies the steps, and puts
            them at ``to``. Like the extra fields of ``os.stat_result``,
            ``moves`` is not one of the tuple's items, so code that unpacks
            a change set into four names keeps working, and ``==`` compares
            the four; pass it by keyword: ``ChangeSet(..., moves=[...])``.
    """

    moves: Sequence[Move] = ()

    def __new__(
        cls,
        changes: List[Change],
        redraw: List[range],
        content_height_delta: float,
        anchored_offset: Optional[float],
        moves: Sequence[Move] = (),
    ) -> "ChangeSet":
        self = super().__new__(cls, changes, redraw, content_height_delta, anchored_offset)
        if moves:
            self.moves = list(moves)
        return self

    def __repr__(self) -> str:
        base = super().__repr__()
        return base if not self.moves else base[:-1] + ", moves=%r)" % (list(self.moves),)


class ImportReport(NamedTuple):
    """What :meth:`Table.import_state` applied and ignored
    (``fold_import_report``).

    Attributes:
        sections: sections whose saved collapsed state is in effect (a
            change a section listener refused, or a collapse of a section
            that is not collapsible, is not counted).
        unknown_sections: saved keys this table does not have.
        rows: distinct saved rows expanded after the import (a row listed
            twice counts once).
        unknown_rows: saved rows not expanded: entries naming a row missing
            or not expandable here, and rows left collapsed (the accordion
            kept another one, or a row listener refused).
        anchor_restored: whether the viewport was moved to the saved anchor.
    """

    sections: int
    unknown_sections: int
    rows: int
    unknown_rows: int
    anchor_restored: bool
