"""Keyed selection (internal): the selection methods of :class:`~foldtable.Table`
and :class:`~foldtable.Section`, over the header's "Selection" functions: the
mixins :class:`_TableSelection` and :class:`_SectionSelection`, bases of the
two classes.

The selection belongs to rows and sections, not positions: it survives
collapsing, filtering, inserts and removals around it, and moves. Shown items
that are selected have :attr:`Item.selected`. A range (:meth:`Table.select_range`)
is the items shown between the anchor (the row or section last clicked) and the
target, as a file manager selects on shift-click. Every change reaches change
listeners as a change set that redraws the items whose state changed.
"""

from __future__ import annotations

import ctypes
from ctypes import byref, c_int, c_int32, c_int64, c_void_p
from typing import TYPE_CHECKING, List, Optional, Tuple, Union

from . import _ffi
from ._callbacks import _Guard
from ._convert import _enum_value, _int64
from ._errors import NotFoundError
from ._section_id import _SectionId, _with_ids
from ._section_values import SelectedRun, Select, SelectionMode

_lib = _ffi.lib


def _how(how: Union[Select, int, str]) -> int:
    """A ``Select`` (or its name, ``"toggle"``) for C; an unknown int is left
    to the library, which raises InvalidArgumentError with its message."""
    return _enum_value(how, Select, "how")


class _TableSelection:
    """The selection methods of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard

        def _h(self) -> c_void_p: ...

        def _key_of(self, section_id: int) -> str: ...

    def _changed(self, fn: object, *args: object) -> bool:
        out = c_int(0)
        with self._lock:
            fn(self._h(), *args, byref(out))  # type: ignore[operator]
        return bool(out.value)

    @property
    def selection_mode(self) -> SelectionMode:
        """What may be selected: a :class:`SelectionMode` (settable). Switching
        to SINGLE keeps only the anchor's item selected if it was; to NONE
        clears the selection. O(1) to read."""
        out = c_int32(0)
        with self._lock:
            _lib.fold_table_selection_mode(self._h(), byref(out))
        return SelectionMode(out.value)

    @selection_mode.setter
    def selection_mode(self, mode: Union[SelectionMode, int, str]) -> None:
        with self._lock:
            _lib.fold_table_set_selection_mode(self._h(), _enum_value(mode, SelectionMode, "selection mode"))

    def select_item(self, position: int, how: Union[Select, int, str] = Select.REPLACE) -> bool:
        """Select the item at ``position`` (a header names its section, a row
        its row) as ``how`` says, and make it the anchor. Returns whether the
        selection changed.

        Raises:
            NotAllowedError: a footer or placeholder, or :attr:`selection_mode`
                is NONE.
            OutOfRangeError: no item there.

        O(depth · log n), plus what REPLACE clears."""
        return self._changed(_lib.fold_table_select_item, _int64(position, "position"), _how(how))

    def select_range(self, position: int, how: Union[Select, int, str] = Select.REPLACE) -> bool:
        """Shift-click: ``how`` over the items shown from the anchor to
        ``position`` (REPLACE makes that the whole selection, ADD adds it).
        Without an anchor it acts as :meth:`select_item`. The anchor stays.
        Returns whether the selection changed. O((s + c) · depth · log n) for
        s sections and c stored row chunks in the range."""
        return self._changed(_lib.fold_table_select_range, _int64(position, "position"), _how(how))

    def select_positions(
        self, position: int, count: int, how: Union[Select, int, str] = Select.ADD
    ) -> bool:
        """``how`` over the selectable items at positions ``position`` to
        ``position + count - 1`` (footers and placeholders skipped), keeping the
        anchor (what GTK's selection models ask). Returns whether the selection
        changed."""
        return self._changed(
            _lib.fold_table_select_positions, _int64(position, "position"),
            _int64(count, "count"), _how(how),
        )

    def select_all(self) -> bool:
        """Select every item shown (not what collapsed sections or a filter
        hide), keeping the rest. Returns whether the selection changed.
        O(depth · log n), whatever the size of the table."""
        return self._changed(_lib.fold_table_select_all)

    def clear_selection(self) -> bool:
        """Deselect everything, shown or not, and forget the anchor. Returns
        whether the selection changed. O(depth · log n), whatever was selected."""
        return self._changed(_lib.fold_table_clear_selection)

    @property
    def selection(self) -> List[SelectedRun]:
        """The whole selection in list order (a section before its children,
        shown or not), consecutive selected rows of a section as one
        :class:`SelectedRun`. O(p · depth · log n) for p runs."""
        pointer = c_void_p()
        count = c_int64(0)
        with self._lock:
            _lib.fold_table_selection(self._h(), byref(pointer), byref(count))
        if not pointer.value:
            return []
        try:
            runs = ctypes.cast(pointer, ctypes.POINTER(_ffi.fold_selected_run))
            return [
                SelectedRun(
                    ctypes.string_at(runs[i].key).decode("utf-8"),
                    None if runs[i].row < 0 else int(runs[i].row),
                    int(runs[i].count),
                )
                for i in range(count.value)
            ]
        finally:
            _lib.fold_free(pointer)

    @property
    def selected_count(self) -> Tuple[int, int]:
        """(selected rows, selected sections) in the whole table. O(1)."""
        rows, sections = c_int64(0), c_int64(0)
        with self._lock:
            _lib.fold_table_selection_count(self._h(), _ffi.ROOT, byref(rows), byref(sections))
        return (rows.value, sections.value)

    @property
    def selection_anchor(self) -> Optional[Tuple[str, Optional[int]]]:
        """The anchor as (section key, row), row ``None`` when the anchor is the
        section itself; ``None`` without an anchor. O(1) plus the key."""
        section = _ffi.section_id(0)
        row = c_int64(0)
        with self._lock:
            try:
                _lib.fold_table_selection_anchor(self._h(), byref(section), byref(row))
            except NotFoundError:
                return None
            key = self._key_of(section.value)
        return (key, None if row.value < 0 else row.value)


class _SectionSelection(_SectionId):
    """The selection methods of :class:`~foldtable.Section`."""

    __slots__ = ()

    @property
    def selected(self) -> bool:
        """Whether the section itself (its header) is selected (settable:
        ``section.selected = True`` adds it, ``False`` removes it, leaving the
        anchor as the other calls set it). O(depth · log n)."""
        return bool(self._get(_lib.fold_table_is_section_selected, c_int))

    @selected.setter
    def selected(self, value: bool) -> None:
        self._get(_lib.fold_table_select_section, c_int, Select.ADD if value else Select.REMOVE)

    def select(self, how: Union[Select, int, str] = Select.REPLACE) -> bool:
        """Select the section (its header) as ``how`` says and make it the
        anchor. Returns whether the selection changed. O(depth · log n)."""
        return bool(self._get(_lib.fold_table_select_section, c_int, _how(how)))

    def select_row(self, row: int, how: Union[Select, int, str] = Select.REPLACE) -> bool:
        """Select row ``row`` (shown or not) as ``how`` says and make it the
        anchor. Returns whether the selection changed. O(depth · log n)."""
        return bool(self._get(_lib.fold_table_select_row, c_int, _int64(row, "row"), _how(how)))

    def is_row_selected(self, row: int) -> bool:
        """Whether row ``row`` is selected. O(depth · log n)."""
        return bool(self._get(_lib.fold_table_is_row_selected, c_int, _int64(row, "row")))

    def set_anchor(self, row: Optional[int] = None) -> None:
        """Make row ``row`` (``None``: the section itself) the anchor a range
        starts from, without changing the selection (keyboard focus moving).
        O(depth · log n)."""
        self._call(_lib.fold_table_set_selection_anchor, -1 if row is None else _int64(row, "row"))

    @property
    def selected_count(self) -> Tuple[int, int]:
        """(selected rows, selected sections) below the section, all levels
        down, not counting the section itself. O(1)."""
        table = self._table

        def call(ids: List[int]) -> Tuple[int, int]:
            rows, sections = c_int64(0), c_int64(0)
            _lib.fold_table_selection_count(table._h(), ids[0], byref(rows), byref(sections))
            return (rows.value, sections.value)

        return _with_ids(table, [self], call)
