"""The value types of the flat list (internal module; re-exported by
:mod:`foldtable`): what an item is (:class:`ItemKind`, :class:`ItemFlags`,
:class:`Item`, :class:`VisibleItem`) and the geometry answers
(:class:`OffsetHit`, :class:`StickyHeader`, :class:`Alignment`,
:class:`Viewport`). Plain data: nothing here calls the library."""

from __future__ import annotations

import enum
from typing import NamedTuple, Optional

from . import _ffi

__all__ = [
    "Item",
    "ItemFlags",
    "ItemKind",
    "VisibleItem",
    "OffsetHit",
    "OffsetPlace",
    "StickyHeader",
    "Alignment",
    "Viewport",
]


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


class Viewport(NamedTuple):
    """The viewport the table anchors (:attr:`Table.viewport`); equal to the
    tuple ``(offset, height)``."""

    offset: float
    height: float
