"""Filtering (internal): :meth:`~foldtable.Table.set_filter` and its
trampoline, and the match methods of :class:`~foldtable.Section`, over the
header's "Filtering" functions: the mixins :class:`_TableFilter` and
:class:`_SectionFilter`, bases of the two classes.

A filter shows the rows that match and the sections that lead to them
(ancestors of a match stay). The match function is asked once per row and
section when the filter is set and once for each one added while it is on;
:meth:`Section.set_row_match` changes one answer later.
"""

from __future__ import annotations

import weakref
from ctypes import byref, c_int, c_int64, c_uint32
from typing import TYPE_CHECKING, Any, Callable, List, Optional, cast

from . import _ffi
from ._callbacks import _Guard, _check_callable, _decode_key, _guarded
from ._convert import _int64
from ._section_id import _SectionId, _with_ids
from ._section_values import MatchCount

if TYPE_CHECKING:
    from ctypes import c_void_p

    from ._section import Section
    from ._table import Table

_lib = _ffi.lib

#: A match function: ``match(section, row)`` (row ``None`` for the header).
MatchFn = Callable[["Section", Optional[int]], Any]


def _match_trampoline(table: Table, match: MatchFn) -> Any:
    from ._section import Section  # _section imports this module

    ref = weakref.ref(table)

    def body(_handle: int, section_id: int, key: Optional[bytes], row: int, _data: int) -> int:
        owner = ref()
        if owner is None:
            return 0
        section = Section._bound(owner, _decode_key(key), section_id)
        return 1 if match(section, None if row < 0 else row) else 0

    # An exception stops the call (-1: FOLD_E_CANCELLED, nothing changed) and
    # is re-raised by the method that asked.
    return _guarded(table._lock, _ffi.MATCH_FN, -1, body)


class _TableFilter:
    """The filter methods of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard
        _match: Any

        def _h(self) -> c_void_p: ...

    def set_filter(
        self, match: Optional[MatchFn], *, show_children: bool = False,
        expand_matches: bool = False,
    ) -> None:
        """Show only the rows for which ``match(section, row)`` is true, and the
        sections that lead to them (with ``row`` ``None``, a section's own
        header is asked: a matching header keeps its section shown).
        ``show_children``: a section whose header matches shows everything
        below it. ``expand_matches``: collapsed sections with matches below are
        shown expanded while the filter is on (their collapsed state is kept).
        ``match`` is asked once for every row and section now and once for each
        one added later; it may read the table, not change it. An exception it
        raises leaves the table unchanged and is re-raised here. ``None``
        clears the filter. O(n)."""
        if match is None:
            if show_children or expand_matches:
                raise TypeError("show_children and expand_matches need a match function")
            with self._lock:
                _lib.fold_table_set_filter(self._h(), _ffi.MATCH_FN(), None, 0)
                self._lock.retire(self._match)
                self._match = None
            return
        _check_callable(match, "the match function")
        flags = (_ffi.FILTER_SHOW_CHILDREN if show_children else 0) | (
            _ffi.FILTER_EXPAND_MATCHES if expand_matches else 0
        )
        with self._lock:
            callback = _match_trampoline(cast("Table", self), match)
            _lib.fold_table_set_filter(self._h(), callback, None, flags)
            self._lock.retire(self._match)
            self._match = callback

    def clear_filter(self) -> None:
        """Show everything again (collapsed states as they are stored). O(p)
        for the p pieces the filter marked."""
        self.set_filter(None)

    @property
    def filter_active(self) -> bool:
        """Whether a filter is set. O(1)."""
        active = c_int(0)
        flags = c_uint32(0)
        with self._lock:
            _lib.fold_table_filter_info(self._h(), byref(active), byref(flags))
        return bool(active.value)

    @property
    def match_count(self) -> MatchCount:
        """Rows that match, and all rows, in the whole table (all rows match
        without a filter). O(1)."""
        matches, rows = c_int64(0), c_int64(0)
        with self._lock:
            _lib.fold_table_match_count(self._h(), _ffi.ROOT, byref(matches), byref(rows))
        return MatchCount(matches.value, rows.value)


class _SectionFilter(_SectionId):
    """The match methods of :class:`~foldtable.Section`."""

    __slots__ = ()

    def set_row_match(self, row: int, matches: bool) -> None:
        """Change row ``row``'s answer (its text changed). Raises
        NotAllowedError without a filter. O(depth · log n)."""
        self._call(_lib.fold_table_set_row_match, _int64(row, "row"), 1 if matches else 0)

    def row_matches(self, row: int) -> bool:
        """The answer for row ``row`` (True without a filter). O(depth · log n)."""
        return bool(self._get(_lib.fold_table_row_matches, c_int, _int64(row, "row")))

    @property
    def matches(self) -> bool:
        """The answer for the section's header (settable, like
        :meth:`set_row_match`; True without a filter). O(depth · log n)."""
        return bool(self._get(_lib.fold_table_section_matches, c_int))

    @matches.setter
    def matches(self, value: bool) -> None:
        self._call(_lib.fold_table_set_section_match, 1 if value else 0)

    @property
    def match_count(self) -> MatchCount:
        """Rows that match, and all rows, in the section and its subsections:
        a header shows "3 of 40". O(1)."""
        table = self._table

        def call(ids: List[int]) -> MatchCount:
            found, rows = c_int64(0), c_int64(0)
            _lib.fold_table_match_count(table._h(), ids[0], byref(found), byref(rows))
            return MatchCount(found.value, rows.value)

        return _with_ids(table, [self], call)

    @property
    def filtered(self) -> bool:
        """True while the filter hides the section and everything in it. O(depth · log n)."""
        return bool(self._info().flags & _ffi.SECTION_FILTERED)

    @property
    def filter_opened(self) -> bool:
        """True while the section is collapsed but shown expanded by a filter
        with ``expand_matches``. O(depth · log n)."""
        return bool(self._info().flags & _ffi.SECTION_FILTER_OPENED)
