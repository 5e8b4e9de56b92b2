"""The value types of transitions (internal module; re-exported by
:mod:`foldtable`): :class:`TransitionChange`, :class:`TransitionItem`,
:class:`Transition` and :class:`FrameItem`, what :attr:`Table.transition`
and :meth:`Table.transition_frame` hand out. Plain data: nothing here calls
the library. (The other value types are gathered in :mod:`._values`.)"""

from __future__ import annotations

import enum
from typing import NamedTuple, Optional, Tuple

from . import _ffi
from ._item_values import ItemFlags, ItemKind

__all__ = ["TransitionChange", "TransitionItem", "Transition", "FrameItem"]


class TransitionChange(enum.IntEnum):
    """How an item takes part in a transition (``FOLD_TRANSITION_*``); see
    :attr:`Table.transition`."""

    STAYS = _ffi.TRANSITION_STAYS
    """In the list before and after, at the same rect."""
    MOVES = _ffi.TRANSITION_MOVES
    """In both lists, and its rect changed: it slid, or it grew or shrank
    (a row expanding grows in place and the rows below slide)."""
    APPEARS = _ffi.TRANSITION_APPEARS
    """Not in the list before: inserted, shown by a filter or a load, or
    shown by a section that expanded."""
    DISAPPEARS = _ffi.TRANSITION_DISAPPEARS
    """Not in the list after: removed, hidden by a filter, or hidden by a
    section that collapsed."""

    def __str__(self) -> str:
        return self.name.lower()


class _TransitionItemFields(NamedTuple):
    """The fields of :class:`TransitionItem`."""

    position_before: Optional[int]
    position_after: Optional[int]
    kind: ItemKind
    depth: int
    section: Optional[int]
    row: Optional[int]
    flags: int
    change: TransitionChange
    stuck_before: bool
    stuck_after: bool
    folds: bool
    clip: Optional[int]
    top_before: float
    height_before: float
    top_after: float
    height_after: float


class TransitionItem(_TransitionItemFields, ItemFlags):
    """One item of a :class:`Transition` (``fold_transition_item``): an item
    drawn in the viewport before the change or after it (or a header stuck
    at its top), with its rect before and after, in viewport coordinates
    (y from the viewport's top: before, for the viewport at
    :attr:`Transition.offset_before`; after, at
    :attr:`Transition.offset_after`).

    Attributes:
        position_before: its position in the list before; ``None`` for one
            that appears, and for one an interrupted transition caught
            disappearing that is in neither list (it goes on disappearing).
        position_after: its position in the list after; ``None`` for one
            that disappears.
        kind: :class:`ItemKind` — header, row, footer or placeholder.
        depth: nesting depth of its section (0 = top level).
        section: index of its section among its parent's children now, as
            :attr:`Item.section`; ``None`` when the section was removed.
        row: the row index (before, for one that disappears); ``None`` for
            headers, footers and placeholders.
        flags: ``FOLD_ITEM_FLAG_*`` bits after (before, for one that
            disappears), read as :attr:`collapsed`, :attr:`expanded`,
            :attr:`selected`, ... as on :class:`Item`.
        change: :class:`TransitionChange`.
        stuck_before: drawn stuck at the top before (draw stuck headers
            last, deeper levels first, as sticky headers are drawn).
        stuck_after: drawn stuck at the top after.
        folds: it folds under (or unfolds from) the header at index
            :attr:`clip` of the transition's items: draw it only below that
            header's bottom (:attr:`FrameItem.clip_top`).
        clip: with :attr:`folds`, the index in :attr:`Transition.items` of
            the header it folds under; ``None`` when that header is not in
            the transition (the viewport's top clips) or it does not fold.
        top_before: its top before.
        height_before: its height before (0 for one that grows from
            nothing).
        top_after: its top after.
        height_after: its height after (0 for one that shrinks to nothing).
    """

    __slots__ = ()

    @property
    def bottom_before(self) -> float:
        """``top_before + height_before``."""
        return self.top_before + self.height_before

    @property
    def bottom_after(self) -> float:
        """``top_after + height_after``."""
        return self.top_after + self.height_after


class Transition(NamedTuple):
    """What a view needs to animate the last change set
    (``fold_transition_info`` and its items): every item drawn in the
    viewport before or after, with its rect before and after. See
    :attr:`Table.transition`.

    Attributes:
        offset_before: the viewport's offset before the change.
        offset_after: and after it (the change set's ``anchored_offset``).
        content_height_before: the content height before the change.
        content_height_after: and after it.
        viewport_height: the viewport's height.
        progress: how far the view said it got
            (:attr:`Table.transition_progress`); 0 when it starts.
        serial: 1 for the table's first transition, then one more for each:
            a view sees that a new one began.
        items: the :class:`TransitionItem` tuple, in the order of the list
            after the change (one that disappears comes after the item it
            followed before).
    """

    offset_before: float
    offset_after: float
    content_height_before: float
    content_height_after: float
    viewport_height: float
    progress: float
    serial: int
    items: Tuple[TransitionItem, ...]


class FrameItem(NamedTuple):
    """Where an item of the transition is drawn at some progress
    (``fold_frame_item``); see :meth:`Table.transition_frame`.

    Attributes:
        index: the item's index in :attr:`Transition.items`.
        top: its top, in viewport coordinates for the viewport at
            :attr:`Transition.offset_after`.
        height: its height.
        clip_top: draw only below this y (the folding header's bottom at
            this progress); ``-math.inf`` when nothing clips.
    """

    # The C name; it hides tuple.index(), which a value like this never needs.
    index: int  # type: ignore[assignment]
    top: float
    height: float
    clip_top: float
