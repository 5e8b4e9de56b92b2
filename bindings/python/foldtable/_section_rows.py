"""The rows of a section (internal): the methods of
:class:`~foldtable.Section` for its rows and their expansion, and
:func:`_with_ids`, the rule every section call follows (a stale id is
resolved again by key, once)."""

from __future__ import annotations

from ctypes import c_int
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Sequence, TypeVar

from . import _ffi
from ._convert import (
    _height_array,
    _height_or_default,
    _insertion_index,
    _int64,
    _out_struct,
    _rows_arguments,
)
from ._errors import NotFoundError

if TYPE_CHECKING:
    from ._section import Section
    from ._table import Table

_lib = _ffi.lib
_T = TypeVar("_T")


def _with_ids(
    table: "Table", sections: Sequence[Optional["Section"]], call: Callable[[List[int]], _T]
) -> _T:
    """``call(ids)`` with the ids of ``sections`` (None: FOLD_ROOT), under the
    table's lock. On FOLD_E_NOT_FOUND, the keys are resolved again; if an id
    changed (the section was removed and re-added under its key), the call
    is made once more with the new ids, else the error stands."""
    with table._lock:
        ids = [_ffi.ROOT if s is None else s._sid() for s in sections]
        try:
            return call(ids)
        except NotFoundError:
            fresh = [_ffi.ROOT if s is None else s._resolve() for s in sections]
            if fresh == ids:
                raise
        return call(fresh)


# -- rows ----------------------------------------------------------------


def insert_rows(
    self: Section, row: int, count: Optional[int] = None, heights: Optional[Sequence[float]] = None
) -> None:
    """Insert rows before row ``row`` (0 through :attr:`row_count`; at
    :attr:`row_count` they go after every child).

    Args:
        row: where the new rows go, as a row index (rows only).
        count: how many rows; defaults to ``len(heights)``, or 1.
        heights: the new rows' heights (:data:`foldtable.HEIGHT_DEFAULT`
            allowed), or ``None`` for the section's default height.
            Validated by the library before anything changes.

    Raises:
        OutOfRangeError: ``row`` or ``count`` is out of range.
        InvalidArgumentError: a height is invalid, or ``count`` differs
            from ``len(heights)``.
    """
    at = _insertion_index(row, "row")
    number, array = _rows_arguments(count, heights)
    table = self._table

    def call(ids: List[int]) -> None:
        handle = table._h()
        index = at
        info = _out_struct(_lib.fold_table_section_info, _ffi.fold_section_info, handle, ids[0])
        if info.child_count != info.row_count:
            # Subsections among the rows: the row index becomes a child
            # index (after every child at row_count; the library checks
            # any other index while answering).
            if at == info.row_count:
                index = _ffi.INDEX_END
            else:
                index = _out_struct(
                    _lib.fold_table_row_info, _ffi.fold_row_info, handle, ids[0], at
                ).child_index
        _lib.fold_table_insert_rows(handle, ids[0], index, number, array)

    _with_ids(table, [self], call)


def append_rows(self: Section, count: Optional[int] = None, heights: Optional[Sequence[float]] = None) -> None:
    """Add rows after the section's last child; as :meth:`insert_rows`."""
    number, array = _rows_arguments(count, heights)
    self._call(_lib.fold_table_insert_rows, _ffi.INDEX_END, number, array)


def remove_rows(self: Section, row: int, count: int = 1) -> None:
    """Remove rows ``row`` .. ``row + count - 1``.

    Raises:
        OutOfRangeError: the rows are not all in the section.
    """
    at = _int64(row, "row")
    number = _int64(count, "count")
    self._call(_lib.fold_table_remove_rows, at, number)


def row_height(self: Section, row: int) -> float:
    """The height of row ``row``: its own, or the section's default
    (not its expanded height; see :meth:`expanded_height`)."""
    return float(self._row(row).height)


def set_row_height(self: Section, row: int, height: Optional[float]) -> None:
    """Set the height of row ``row``; ``None`` returns it to the
    section's default row height."""
    at = _int64(row, "row")
    value = _height_or_default(height, "height")
    self._call(_lib.fold_table_set_row_height, at, value)


def set_row_heights(self: Section, row: int, heights: Sequence[Optional[float]]) -> None:
    """Set the heights of rows ``row`` .. ``row + len(heights) - 1`` in one
    call (``None`` entries return a row to the default). The library
    validates every value before anything changes."""
    at = _int64(row, "row")
    number, array = _height_array(heights, allow_default=True)
    self._call(_lib.fold_table_set_row_heights, at, number, array)


# -- expandable rows -------------------------------------------------------


def set_expanded_height(self: Section, row: int, height: Optional[float]) -> None:
    """Set row ``row``'s expanded height; ``None`` removes it (and
    collapses the row). The row is expandable while its expanded height
    is larger than its height; a row that stops being so collapses."""
    at = _int64(row, "row")
    value = _height_or_default(height, "height")
    self._call(_lib.fold_table_set_row_expanded_height, at, value)


def expanded_height(self: Section, row: int) -> Optional[float]:
    """Row ``row``'s expanded height, or ``None`` if it has none (or,
    with an expanded-height provider, none is known yet)."""
    value = float(self._row(row).expanded_height)
    return None if value == _ffi.HEIGHT_DEFAULT else value


def _row_flip(self: Section, fn: Callable[..., Any], row: int) -> bool:
    at = _int64(row, "row")
    return bool(self._get(fn, c_int, at))


def expand_row(self: Section, row: int) -> bool:
    """Expand row ``row``; True if its state changed. A row that is not
    expandable does not change (an unknown expanded height is asked of
    the expanded-height provider first). Under :attr:`Accordion.SINGLE` /
    :attr:`Accordion.PER_SECTION` the expanded row of the table / of
    this section collapses first."""
    return self._row_flip(_lib.fold_table_expand_row, row)


def collapse_row(self: Section, row: int) -> bool:
    """Collapse row ``row``; True if its state changed."""
    return self._row_flip(_lib.fold_table_collapse_row, row)


def toggle_row(self: Section, row: int) -> bool:
    """Expand row ``row`` if it is collapsed (as :meth:`expand_row`), or
    collapse it; True if its state changed."""
    return self._row_flip(_lib.fold_table_toggle_row, row)


def is_row_expanded(self: Section, row: int) -> bool:
    """True if row ``row`` is expanded."""
    return bool(self._row(row).flags & _ffi.ITEM_FLAG_EXPANDED)


def is_row_expandable(self: Section, row: int) -> bool:
    """True if row ``row``'s expanded height exceeds its height."""
    return bool(self._row(row).flags & _ffi.ITEM_FLAG_EXPANDABLE)
