"""Focus and the keyboard model (internal): the focus methods of
:class:`~foldtable.Table` (the mixin :class:`_Focus`, a base of the class) and
the helper behind :attr:`~foldtable.Section.no_focus` and
:attr:`~foldtable.Section.no_drop`, over the header's "Focus and keyboard"
functions.

A table has at most one focused item (a header, row, footer or placeholder:
the keyboard cursor of a view). Like the selection, focus belongs to the
item, not its position: it survives edits around it; when its item stops
being shown the library moves it by one documented rule (to the collapsed
header over it; after a removal or filter, to the next item that can take
focus, else the previous). Navigation and the whole keyboard model of a
multi-selection tree list are the library's: this module converts arguments
and results, nothing more.
"""

from __future__ import annotations

from ctypes import byref, c_int64, c_uint32
from typing import TYPE_CHECKING, Optional, Union

from . import _errors, _ffi
from ._callbacks import _Guard
from ._convert import _enum_value, _flags, _int64, _out, _out_struct
from ._errors import OutOfRangeError
from ._input_values import FocusKind, Key, KeyResult, Modifier, Nav
from ._table_values import Activation

if TYPE_CHECKING:
    from ctypes import c_void_p

    from ._section import Section

_lib = _ffi.lib


def _position_or_none(position: Optional[int], what: str) -> int:
    """A position for C, where -1 means "none": in Python that is ``None``,
    and a negative int is out of range (not "from the end")."""
    if position is None:
        return -1
    number = _int64(position, what)
    if number < 0:
        raise OutOfRangeError(
            _errors.E_RANGE, "%s %d is negative (None means no item)" % (what, number)
        )
    return number


class _Focus:
    """The focus and keyboard methods of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard

        def _h(self) -> c_void_p: ...

    @property
    def focus(self) -> Optional[int]:
        """The focused item's position, or ``None`` when nothing is focused
        (settable: as :meth:`set_focus`). The item carries
        :attr:`Item.focused`. O(depth · log n)."""
        with self._lock:
            position = _out(_lib.fold_table_focus, c_int64, self._h())
        return None if position < 0 else position

    @focus.setter
    def focus(self, position: Optional[int]) -> None:
        self.set_focus(position)

    def set_focus(self, position: Optional[int]) -> None:
        """Focus the item at ``position``, or with ``None`` clear the focus. The
        selection and its anchor do not change; listeners get a change set
        that redraws the old and the new focused item. O(depth · log n).

        Raises:
            NotAllowedError: the item cannot take focus (its kind is not in
                :attr:`focus_kinds`, or its section is :attr:`Section.no_focus`).
            OutOfRangeError: no item has this position.
        """
        index = _position_or_none(position, "position")
        with self._lock:
            _lib.fold_table_set_focus(self._h(), index)

    @property
    def focus_kinds(self) -> FocusKind:
        """Which kinds of item can take focus, a :class:`FocusKind` (default
        ``FocusKind.ALL``; settable, e.g. ``FocusKind.HEADERS |
        FocusKind.ROWS``, or a name). A focused item of a kind no longer
        allowed keeps focus until it moves. O(1).

        Raises:
            InvalidArgumentError: (on setting) bits that are not a FocusKind.
        """
        out = c_uint32(0)
        with self._lock:
            _lib.fold_table_focus_kinds(self._h(), byref(out))
        return FocusKind(out.value)

    @focus_kinds.setter
    def focus_kinds(self, kinds: Union[FocusKind, int, str]) -> None:
        bits = _flags(kinds, FocusKind, "focus kinds")
        with self._lock:
            _lib.fold_table_set_focus_kinds(self._h(), bits)

    def navigate(self, from_: Optional[int], move: Union[Nav, int, str]) -> int:
        """The position a move (:class:`Nav`, or its name: ``"next"``) from the
        item at ``from_`` lands on, passing over items that cannot take focus;
        ``from_`` itself when there is none in that direction. ``from_`` ``None``
        (no focus) lands on the first item for every move but PREVIOUS, LAST and
        PAGE_UP, which land on the last. Nothing changes: focus it with
        :meth:`set_focus`, or use :meth:`press_key` for the whole model.
        O(depth · log n).

        Raises:
            NotAllowedError: PAGE_DOWN or PAGE_UP without a viewport
                (:meth:`set_viewport`).
            NotFoundError: no item can take focus.
            OutOfRangeError: no item has position ``from_``.
            InvalidArgumentError: not a :class:`Nav` value.
        """
        start = _position_or_none(from_, "from_")
        how = _enum_value(move, Nav, "move")
        with self._lock:
            return _out(_lib.fold_table_navigate, c_int64, self._h(), start, how)

    def press_key(
        self,
        key: Union[Key, int, str],
        modifiers: Union[Modifier, int, str] = 0,
    ) -> KeyResult:
        """Apply ``key`` (a :class:`Key` or its name, ``"down"``) with
        ``modifiers`` (:class:`Modifier` bits, e.g. ``Modifier.SHIFT |
        Modifier.CTRL``, or a name) to the focus, the selection and the
        sections, as the keyboard of a multi-selection tree list does, in one
        change set. Returns a :class:`KeyResult`: whether the key was handled,
        what it expanded or collapsed, the focus after it, and where to scroll
        (the table does not move its viewport)::

            key                 | alone                   | Shift            | Ctrl
            UP / DOWN / HOME /  | focus the item, select  | focus, select    | focus,
            END / PAGE_UP /     | only it, make it the    | the range from   | select
            PAGE_DOWN           | anchor                  | the anchor       | nothing
            LEFT                | collapse an expanded header, else go to the parent
            RIGHT               | expand a collapsed header, else go to the first child
            SPACE               | toggle the selection    | select the range | toggle
            PLUS / MINUS        | expand / collapse the focused header's section
            ASTERISK            | expand the focused section and all below it

        Ctrl+Shift with a movement key adds the range to the selection. Without
        a focus, a movement key first focuses the first item (UP, PAGE_UP, END:
        the last). Footers and placeholders take focus but are never selected.
        Section listeners hear collapses and expansions; a refusal is
        ``action`` :attr:`Activation.REFUSED`. O(depth · log n) for every key
        but ASTERISK (O(s + depth · log n) for s sections below the focused
        one).

        Raises:
            InvalidArgumentError: an unknown key or modifier bit.
        """
        code = _enum_value(key, Key, "key")
        bits = _flags(modifiers, Modifier, "modifiers")
        with self._lock:
            out = _out_struct(_lib.fold_table_press_key, _ffi.fold_key_result, self._h(), code, bits)
        return KeyResult(
            handled=bool(out.handled),
            action=Activation(out.action),
            focus=None if out.focus < 0 else int(out.focus),
            scroll_offset=float(out.scroll_offset),
            scroll=bool(out.scroll),
        )


# -- Section flags ---------------------------------------------------------------


def set_section_flag(section: Section, bit: int, value: bool) -> None:
    """Set one of the flags fold_table_set_section_flags may change."""
    section._call(_lib.fold_table_set_section_flags, bit if value else 0, bit)
