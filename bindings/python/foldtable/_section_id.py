"""How a :class:`~foldtable.Section` names its section (internal): the
private base class that holds the table, the key and the section id the
library handed out, and makes every call on the section by that id.

A ``Section`` resolves its key once (``fold_table_find_section``) and
caches the id. The library never reuses an id, so an id that has become
stale (its section was removed, perhaps re-added under the same key) fails
with ``FOLD_E_NOT_FOUND``; the binding then resolves the key once more and,
if that names another section, repeats the call. A failed call changes
nothing, so the repeat is safe. :func:`_with_ids` is that rule, for calls
on one section or several (a section and a parent).

Only private names live here: the reference (pdoc) documents a class's own
members, so every public one of ``Section`` is written in ``_section.py``.
"""

from __future__ import annotations

from ctypes import c_int
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Sequence, Type, TypeVar

from . import _ffi
from ._convert import _int64, _out, _out_struct, _text
from ._errors import NotFoundError

if TYPE_CHECKING:
    from ctypes import _CData, _SimpleCData

    from ._table import Table

_lib = _ffi.lib
_T = TypeVar("_T")
_C = TypeVar("_C", bound="_CData")


def _with_ids(
    table: "Table", sections: Sequence[Optional["_SectionId"]], call: Callable[[List[int]], _T]
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


class _SectionId:
    """The base of :class:`~foldtable.Section`: its table, its key and the
    cached id, and the calls by that id."""

    __slots__ = ("_table", "_key", "_id")
    if TYPE_CHECKING:  # set by Section.__init__ (there, so the reference shows it)
        _table: Table
        _key: str
        _id: int  # 0 until resolved (0 is FOLD_ROOT, never a section)

    def _resolve(self) -> int:
        """Look the key up and cache the id; call with the lock held."""
        key = _text(self._key, "key")
        section_id = _out(_lib.fold_table_find_section, _ffi.section_id, self._table._h(), key)
        self._id = section_id
        return section_id

    def _sid(self) -> int:
        """The cached id, resolved on first use; call with the lock held."""
        return self._id or self._resolve()

    def _call(self, fn: Callable[..., Any], *args: Any) -> None:
        """``fn(table, id, *args)``, re-resolving a stale id once."""
        table = self._table
        _with_ids(table, [self], lambda ids: fn(table._h(), ids[0], *args))

    def _get_struct(self, fn: Callable[..., Any], out_type: Type[_C], *args: Any) -> _C:
        """``fn(table, id, *args, &out)`` and the ``out_type`` object it
        wrote, re-resolving a stale id once."""
        table = self._table
        return _with_ids(
            table, [self], lambda ids: _out_struct(fn, out_type, table._h(), ids[0], *args)
        )

    def _get(self, fn: Callable[..., Any], ctype: "Type[_SimpleCData[_T]]", *args: Any) -> _T:
        """:meth:`_get_struct` for a scalar output: its value."""
        return self._get_struct(fn, ctype, *args).value

    def _flip(self, fn: Callable[..., Any], *args: Any) -> bool:
        """A collapse / expand / toggle call: whether the state changed."""
        return bool(self._get(fn, c_int, *args))

    def _info(self) -> _ffi.fold_section_info:
        """Everything about the section but its text (fold_table_section_info)."""
        return self._get_struct(_lib.fold_table_section_info, _ffi.fold_section_info)

    def _row(self, row: int) -> _ffi.fold_row_info:
        """Everything about one row (fold_table_row_info)."""
        return self._get_struct(_lib.fold_table_row_info, _ffi.fold_row_info, _int64(row, "row"))

    def _read_text_or_none(self, which: int) -> Optional[str]:
        """:meth:`_read_text`, or None for a text the section does not have
        now (FOLD_E_NOT_FOUND from fold_table_section_text itself, not from
        a missing section)."""
        try:
            return self._read_text(which)
        except NotFoundError as exc:
            if exc.function != "fold_table_section_text":
                raise  # no section has the key
            return None

    def _read_text(self, which: int) -> str:
        """The text ``which`` (FOLD_TEXT_*) of the section."""
        table = self._table
        return _with_ids(table, [self], lambda ids: table._texts.read(table._h(), ids[0], which))
