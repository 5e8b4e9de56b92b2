"""The value types of focus, the keyboard and drag and drop (internal module;
re-exported by :mod:`foldtable`): :class:`FocusKind`, :class:`Nav`,
:class:`Key`, :class:`Modifier`, :class:`KeyResult`, :class:`DropKind` and
:class:`DropTarget`. Plain data: nothing here calls the library."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, NamedTuple, Optional

from . import _ffi
from ._table_values import Activation

if TYPE_CHECKING:
    from ._section import Section

__all__ = [
    "FocusKind",
    "Nav",
    "Key",
    "Modifier",
    "KeyResult",
    "DropKind",
    "DropTarget",
]


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
