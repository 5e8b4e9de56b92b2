"""The value types of the Python API: enums, the NamedTuples the flat list
hands out, the table's options (internal module; re-exported by
:mod:`foldtable`). Plain data: nothing here calls the library."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, List, NamedTuple, Optional, Sequence, Union

from . import _ffi

if TYPE_CHECKING:
    from ._section import Section

# The public value types (re-exported by foldtable, in the order its
# reference lists them); KeyOrIndex and Path are the binding's own annotations.
__all__ = [
    "TableOptions",
    "Item",
    "ItemFlags",
    "ItemKind",
    "VisibleItem",
    "OffsetHit",
    "OffsetPlace",
    "Accordion",
    "Activation",
    "StickyHeader",
    "ChildRow",
    "Alignment",
    "SectionEvent",
    "RowEvent",
    "Change",
    "ChangeSet",
    "Move",
    "Viewport",
    "ImportReport",
    "LoadState",
    "Select",
    "SelectionMode",
    "SelectedRun",
    "MatchCount",
    "FocusKind",
    "Nav",
    "Key",
    "Modifier",
    "KeyResult",
    "DropKind",
    "DropTarget",
]

#: A section is named by its key (str) or its index (int).
KeyOrIndex = Union[str, int]

#: A path: the child index at each level from the top (``[2, 0]`` is the
#: first child of the third top-level section).
Path = Sequence[int]


# --------------------------------------------------------------------------
# Value types
# --------------------------------------------------------------------------


class ItemKind(enum.IntEnum):
    """What an item of the flat list is (``FOLD_ITEM_*``)."""

    HEADER = _ffi.ITEM_HEADER
    """A section's header."""
    ROW = _ffi.ITEM_ROW
    """A row of an expanded section."""
    FOOTER = _ffi.ITEM_FOOTER
    """A section's footer (only for sections whose footer height is > 0)."""
    PLACEHOLDER = _ffi.ITEM_PLACEHOLDER
    """Under the header of a section whose children are loading or failed
    to load (:attr:`Item.loading`, :attr:`Item.failed`); its ``row`` is
    ``None``. See :meth:`Table.set_loader`."""

    def __str__(self) -> str:
        return self.name.lower()


class OffsetPlace(enum.IntEnum):
    """Where an offset falls relative to the items (``FOLD_OFFSET_*``)."""

    IN_ITEM = _ffi.OFFSET_IN_ITEM
    """Inside the reported item."""
    ABOVE = _ffi.OFFSET_ABOVE
    """Above the first item (negative, or in the top padding); the reported
    item is the first one."""
    BELOW = _ffi.OFFSET_BELOW
    """At or past the end of the last item; the reported item is the last one."""


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


class ItemFlags:
    """The ``FOLD_ITEM_FLAG_*`` bits of :class:`Item` and :class:`VisibleItem`
    (their ``flags`` field) as properties, each a ``bool``."""

    __slots__ = ()
    flags: int

    @property
    def collapsed(self) -> bool:
        """True for a header or footer whose section is collapsed."""
        return bool(self.flags & _ffi.ITEM_FLAG_COLLAPSED)

    @property
    def expanded(self) -> bool:
        """True for a row that is expanded (shown at its expanded height)."""
        return bool(self.flags & _ffi.ITEM_FLAG_EXPANDED)

    @property
    def expandable(self) -> bool:
        """True for a row whose expanded height exceeds its height."""
        return bool(self.flags & _ffi.ITEM_FLAG_EXPANDABLE)

    @property
    def collapsible(self) -> bool:
        """True for a header or footer whose section is collapsible now (not
        fixed, and it has children): draw an indicator."""
        return bool(self.flags & _ffi.ITEM_FLAG_COLLAPSIBLE)

    @property
    def loading(self) -> bool:
        """True for a placeholder whose section's children are loading."""
        return bool(self.flags & _ffi.ITEM_FLAG_LOADING)

    @property
    def failed(self) -> bool:
        """True for a placeholder whose section's load failed (activate it
        to retry)."""
        return bool(self.flags & _ffi.ITEM_FLAG_FAILED)

    @property
    def selected(self) -> bool:
        """True for a header whose section, or a row, is selected."""
        return bool(self.flags & _ffi.ITEM_FLAG_SELECTED)

    @property
    def match(self) -> bool:
        """True for a header or row that matches the active filter itself
        (not one shown only as the way to a match)."""
        return bool(self.flags & _ffi.ITEM_FLAG_MATCH)

    @property
    def focused(self) -> bool:
        """True for the focused item (:attr:`Table.focus`)."""
        return bool(self.flags & _ffi.ITEM_FLAG_FOCUSED)


class _ItemFields(NamedTuple):
    """The fields of :class:`Item`."""

    position: int
    kind: ItemKind
    depth: int
    section: int
    row: Optional[int]
    flags: int


class Item(_ItemFields, ItemFlags):
    """One item of the flat visible list (``fold_item``).

    Attributes:
        position: the item's index in the flat list.
        kind: :class:`ItemKind` — header, row, footer or placeholder.
        depth: nesting depth of the item's section (0 = top level).
        section: index of the item's section among its parent's children
            (for a top-level section, its index in :attr:`Table.sections`);
            :meth:`Table.item_section` gives the :class:`Section` itself.
        row: the row index for rows; ``None`` for the other kinds.
        flags: ``FOLD_ITEM_FLAG_*`` bits; see :attr:`collapsed`,
            :attr:`expanded`, :attr:`expandable`, :attr:`collapsible`,
            :attr:`loading`, :attr:`failed`, :attr:`selected`,
            :attr:`match` and :attr:`focused`.
    """

    __slots__ = ()


class _VisibleItemFields(NamedTuple):
    """The fields of :class:`VisibleItem`."""

    position: int
    kind: ItemKind
    depth: int
    section: int
    row: Optional[int]
    top: float
    height: float
    flags: int


class VisibleItem(_VisibleItemFields, ItemFlags):
    """One item of a viewport, with its geometry (``fold_visible_item``).

    Attributes:
        position: the item's index in the flat list.
        kind: :class:`ItemKind` — header, row, footer or placeholder.
        depth: nesting depth of the item's section (0 = top level).
        section: index of the item's section among its parent's children;
            :meth:`Table.item_section` gives the :class:`Section` itself.
        row: the row index for rows; ``None`` for the other kinds.
        top: offset of the item's top from the top of the content.
        height: the item's height (an expanded row's expanded height).
        flags: ``FOLD_ITEM_FLAG_*`` bits; see :attr:`collapsed`,
            :attr:`expanded`, :attr:`expandable`, :attr:`collapsible`,
            :attr:`loading`, :attr:`failed`, :attr:`selected`,
            :attr:`match` and :attr:`focused`.
    """

    __slots__ = ()

    @property
    def bottom(self) -> float:
        """``top + height``."""
        return self.top + self.height


class OffsetHit(NamedTuple):
    """The answer of :meth:`Table.item_at_offset`.

    Attributes:
        position: the item containing the offset, or the nearest one when
            :attr:`place` is ABOVE or BELOW; ``None`` in a table with no items.
        place: :class:`OffsetPlace` — in the item, above the first or below
            the last.
    """

    position: Optional[int]
    place: OffsetPlace


class StickyHeader(NamedTuple):
    """A header drawn stuck to the top of the viewport
    (``fold_sticky_header``); see :meth:`Table.sticky_headers`.

    Attributes:
        position: the header's position in the flat list
            (:meth:`Table.item_section` gives its :class:`Section`).
        depth: its section's nesting depth.
        top: where it is drawn (an offset in the content, like item tops).
        height: its height.
    """

    position: int
    depth: int
    top: float
    height: float

    @property
    def bottom(self) -> float:
        """``top + height``."""
        return self.top + self.height


class ChildRow(NamedTuple):
    """A row among a section's children (see :attr:`Section.children`).

    Attributes:
        row: the row's index among its section's rows (rows only; a child
            index counts rows and subsections alike).
    """

    row: int


class Alignment(enum.IntEnum):
    """Where :meth:`Table.scroll_offset` puts an item (``FOLD_ALIGN_*``)."""

    AUTO = _ffi.ALIGN_AUTO
    """The least movement that shows the item (below the viewport: its
    bottom at the viewport's bottom, or its top if it is taller)."""
    START = _ffi.ALIGN_START
    """The item's top at the viewport's top."""
    CENTER = _ffi.ALIGN_CENTER
    """The item's middle at the viewport's middle."""
    END = _ffi.ALIGN_END
    """The item's bottom at the viewport's bottom."""
    SMART = _ffi.ALIGN_SMART
    """No movement if the item is visible; AUTO if it is within a viewport
    of it; else CENTER."""


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


class Viewport(NamedTuple):
    """The viewport the table anchors (:attr:`Table.viewport`); equal to the
    tuple ``(offset, height)``."""

    offset: float
    height: float


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


class FocusKind(enum.IntFlag):
    """Kinds of item that can take focus (``FOLD_FOCUS_*``); see
    :attr:`Table.focus_kinds`. Combine with ``|``."""

    HEADERS = _ffi.FOCUS_HEADERS
    ROWS = _ffi.FOCUS_ROWS
    FOOTERS = _ffi.FOCUS_FOOTERS
    PLACEHOLDERS = _ffi.FOCUS_PLACEHOLDERS
    ALL = _ffi.FOCUS_ALL
    """All four (the default)."""


class Nav(enum.IntEnum):
    """Ways to move from an item (``FOLD_NAV_*``); see :meth:`Table.navigate`.
    Each lands on an item that can take focus, passing over the others."""

    NEXT = _ffi.NAV_NEXT
    PREVIOUS = _ffi.NAV_PREVIOUS
    FIRST = _ffi.NAV_FIRST
    """The first item (Home)."""
    LAST = _ffi.NAV_LAST
    """The last item (End)."""
    PARENT = _ffi.NAV_PARENT
    """The header of the section that holds the item (for a header: of its
    parent section)."""
    FIRST_CHILD = _ffi.NAV_FIRST_CHILD
    """From an expanded section's header: the first item below it."""
    NEXT_SIBLING = _ffi.NAV_NEXT_SIBLING
    """The next child of the same parent that shows an item."""
    PREVIOUS_SIBLING = _ffi.NAV_PREVIOUS_SIBLING
    PAGE_DOWN = _ffi.NAV_PAGE_DOWN
    """The item one viewport height further down, at the same place on
    screen (needs :meth:`Table.set_viewport`)."""
    PAGE_UP = _ffi.NAV_PAGE_UP


class Key(enum.IntEnum):
    """Keys of the keyboard model (``FOLD_KEY_*``); see :meth:`Table.press_key`.
    A view maps its own key codes (and swaps LEFT and RIGHT in right-to-left
    layouts)."""

    UP = _ffi.KEY_UP
    DOWN = _ffi.KEY_DOWN
    LEFT = _ffi.KEY_LEFT
    RIGHT = _ffi.KEY_RIGHT
    HOME = _ffi.KEY_HOME
    END = _ffi.KEY_END
    PAGE_UP = _ffi.KEY_PAGE_UP
    PAGE_DOWN = _ffi.KEY_PAGE_DOWN
    SPACE = _ffi.KEY_SPACE
    PLUS = _ffi.KEY_PLUS
    """'+' and the keypad's: expand."""
    MINUS = _ffi.KEY_MINUS
    """'-' and the keypad's: collapse."""
    ASTERISK = _ffi.KEY_ASTERISK
    """'*' and the keypad's: expand everything below."""


class Modifier(enum.IntFlag):
    """Modifier keys of :meth:`Table.press_key` (``FOLD_MOD_*``); combine with
    ``|``."""

    SHIFT = _ffi.MOD_SHIFT
    CTRL = _ffi.MOD_CTRL
    """Ctrl, or Command where a platform uses it."""


class KeyResult(NamedTuple):
    """What :meth:`Table.press_key` did (``fold_key_result``).

    Attributes:
        handled: the key did something or means something here (even when
            nothing changed, e.g. Down on the last item); False: let the
            view use it.
        action: :class:`Activation` for LEFT, RIGHT, PLUS and MINUS when
            they collapsed or expanded a section (REFUSED when a listener
            refused); else NOTHING.
        focus: the focused position after the key, ``None`` if none.
        scroll_offset: with a viewport, the offset that shows the focused
            item (for pages, the viewport moved by as much as the focus);
            without one, 0.
        scroll: whether ``scroll_offset`` differs from the viewport's
            offset (the view should scroll there).
    """

    handled: bool
    action: "Activation"
    focus: Optional[int]
    scroll_offset: float
    scroll: bool


class DropKind(enum.IntEnum):
    """Kinds of drop target (``FOLD_DROP_*``); see :meth:`Table.drop_target`."""

    NONE = _ffi.DROP_NONE
    """The items cannot be dropped here."""
    BEFORE = _ffi.DROP_BEFORE
    """Between items: draw a line at ``line_y`` from ``line_x``."""
    INTO = _ffi.DROP_INTO
    """Onto a section: highlight ``highlight_top`` to ``highlight_top +
    highlight_height``."""


class DropTarget(NamedTuple):
    """Where dragged items would land (``fold_drop_target``); see
    :meth:`Table.drop_target`. ``table.drop(target.parent, target.index,
    items)`` drops them there.

    Attributes:
        kind: :class:`DropKind`.
        depth: the depth the items would have (0 = top level).
        parent: the :class:`Section` that gets them; ``None`` for the top
            level (and for :attr:`DropKind.NONE`).
        index: the child index they go before, counting the parent's
            children as they are now (dragged ones included); the child
            count: at the end.
        position: BEFORE: the position of the item below the line (the item
            count at the very end); INTO: the section's header.
        line_y: BEFORE: the line's offset.
        line_x: BEFORE: where the line starts (``depth * indent_width``).
        highlight_top: INTO: the top of the section's header ...
        highlight_height: ... to the bottom of the last item it shows.
    """

    kind: DropKind
    depth: int
    parent: "Optional[Section]"
    # The C name; it hides tuple.index(), which a value like this never needs.
    index: int  # type: ignore[assignment]
    position: int
    line_y: float
    line_x: float
    highlight_top: float
    highlight_height: float
