"""The live view of a table's top-level sections (internal module;
re-exported by :mod:`foldtable`)."""

from __future__ import annotations

import numbers
from ctypes import c_int64
from typing import TYPE_CHECKING, Iterator, List, Optional, Tuple

from . import _errors, _ffi
from ._convert import _out
from ._errors import InvalidArgumentError, NotFoundError
from ._section import Section
from ._section_values import KeyOrIndex

if TYPE_CHECKING:
    from ._table import Table

_lib = _ffi.lib


class SectionsView:
    """A live view of a table's top-level sections, both a sequence and a
    mapping.

    * ``len(view)`` — the number of top-level sections;
    * ``view[i]`` — the :class:`Section` at index ``i`` (negative counts
      from the end); ``view["key"]`` — the top-level section with that key;
    * ``"key" in view`` — whether a top-level section has the key;
    * iteration, :meth:`keys`, :meth:`values`, :meth:`items` — a snapshot of
      the top-level sections in order.

    A nested section's key is not in the view (``view["Bat"]`` raises
    :class:`NotFoundError` saying it is nested); reach it with
    :meth:`Table.section` or :attr:`Section.children`.
    """

    __slots__ = ("_table",)

    def __init__(self, table: "Table") -> None:
        self._table = table

    def __len__(self) -> int:
        table = self._table
        with table._lock:
            return _out(_lib.fold_table_child_count, c_int64, table._h(), _ffi.ROOT)

    def _top_level(self, key: str) -> Section:
        table = self._table
        with table._lock:
            section = table.section(key)
            depth = section.depth
        if depth != 0:
            raise NotFoundError(
                _errors.E_NOT_FOUND,
                "section %r is nested (depth %d), not a top-level section; use "
                "Table.section(key)" % (key, depth),
            )
        return section

    def __getitem__(self, key_or_index: KeyOrIndex) -> Section:
        table = self._table
        if isinstance(key_or_index, str):
            return self._top_level(key_or_index)
        if isinstance(key_or_index, bool) or not isinstance(key_or_index, numbers.Integral):
            raise TypeError(
                "sections are indexed by key (str) or index (int), not %s"
                % type(key_or_index).__name__
            )
        index = int(key_or_index)
        with table._lock:
            if index < 0:  # Python's sequence convention; the library checks the result
                index += len(self)
            return table.section(index)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        table = self._table
        try:
            self._top_level(key)
        except NotFoundError:
            return False
        except InvalidArgumentError:
            if table.closed:
                raise
            return False  # "" or an invalid string names no section
        return True

    def keys(self) -> List[str]:
        """The keys of the top-level sections, in order."""
        return [section.key for section in self.values()]

    def values(self) -> List[Section]:
        """All top-level sections, in order (a snapshot read under the
        table's lock)."""
        table = self._table
        with table._lock:
            return [child for child in table._children(_ffi.ROOT) if isinstance(child, Section)]

    def items(self) -> List[Tuple[str, Section]]:
        """``(key, Section)`` pairs of the top-level sections, in order."""
        return [(section.key, section) for section in self.values()]

    def get(self, key: str, default: Optional[Section] = None) -> Optional[Section]:
        """The top-level section with ``key``, or ``default`` if there is none."""
        if not isinstance(key, str):
            raise TypeError("key must be a str, not %s" % type(key).__name__)
        try:
            return self._top_level(key)
        except NotFoundError:
            return default

    def index(self, key: str) -> int:
        """The index of the top-level section with ``key``.

        Raises:
            NotFoundError: no top-level section has the key.
        """
        if not isinstance(key, str):
            raise TypeError("key must be a str, not %s" % type(key).__name__)
        with self._table._lock:
            return self._top_level(key).index

    def __iter__(self) -> Iterator[Section]:
        return iter(self.values())

    def __reversed__(self) -> Iterator[Section]:
        return iter(self.values()[::-1])

    def __repr__(self) -> str:
        return "<foldtable sections %r>" % (self.keys(),)
