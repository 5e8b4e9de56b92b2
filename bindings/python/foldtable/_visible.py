"""The answer of :meth:`Table.visible_items`: a list of :class:`VisibleItem`
built from one copy of the C buffer when it is first read.

A viewport's items used to be built as NamedTuples inside the call, under
the table's lock: about half the time of a 1080-pt viewport (25 items) went
there. The call now copies the buffer's bytes (one ``bytes``) with the
section indices the items need, and the list is built on first use, in one
pass, outside the lock; a caller that reads only a few fields, the count, or
nothing, pays for none of it. What the caller holds still behaves as the
list it was: the same :class:`VisibleItem` values, equality with lists,
indexing, slicing, iteration, ``len``, ``in``, ``+``, ``repr`` and the
mutating list methods; only ``type()`` and ``isinstance(x, list)`` differ.
It never changes when the table does: the bytes and the section indices are
those of the call.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, Dict, Iterator, List, Optional, SupportsIndex, Union, overload

from ._convert import _KINDS, _VISIBLE, _new_tuple
from ._values import VisibleItem


class VisibleItems:
    """A list of :class:`VisibleItem` (see the module's docstring); a
    registered :class:`collections.abc.MutableSequence`."""

    __slots__ = ("_data", "_index", "_items")
    __hash__ = None  # type: ignore[assignment]  # like a list

    def __init__(self, data: bytes, index: Dict[int, int]) -> None:
        # `index` holds every section id of `data` and is never changed for
        # those ids (the table starts a new mapping when sections change).
        self._data: Optional[bytes] = data
        self._index: Optional[Dict[int, int]] = index
        self._items: Optional[List[VisibleItem]] = None

    def _list(self) -> List[VisibleItem]:
        items = self._items
        if items is None:
            index = self._index
            assert index is not None and self._data is not None
            items = self._items = [
                _new_tuple(VisibleItem, (p, _KINDS[k], d, index[s], None if r < 0 else r, t, h, f))
                for p, k, d, s, r, t, h, f in _VISIBLE.iter_unpack(self._data)
            ]
            self._data = None
            self._index = None
        return items

    # -- reading -------------------------------------------------------------

    def __len__(self) -> int:
        if self._items is None:
            assert self._data is not None
            return len(self._data) // _VISIBLE.size
        return len(self._items)

    def __bool__(self) -> bool:
        return len(self) != 0

    @overload
    def __getitem__(self, i: SupportsIndex) -> VisibleItem: ...

    @overload
    def __getitem__(self, i: slice) -> List[VisibleItem]: ...

    def __getitem__(self, i: Union[SupportsIndex, slice]) -> Any:
        return self._list()[i]

    def __iter__(self) -> Iterator[VisibleItem]:
        return iter(self._list())

    def __reversed__(self) -> Iterator[VisibleItem]:
        return reversed(self._list())

    def __contains__(self, value: object) -> bool:
        return value in self._list()

    def index(self, value: Any, *args: Any) -> int:
        return self._list().index(value, *args)

    def count(self, value: Any) -> int:
        return self._list().count(value)

    def copy(self) -> List[VisibleItem]:
        return self._list().copy()

    def __repr__(self) -> str:
        return repr(self._list())

    def __reduce__(self) -> Any:
        # Pickles (and copy.copy) as the list it stands for.
        return (list, (self._list(),))

    # -- comparing and combining, as a list -----------------------------------

    @staticmethod
    def _other(other: object) -> Optional[List[Any]]:
        if isinstance(other, VisibleItems):
            return other._list()
        if isinstance(other, list):
            return other
        return None

    def __eq__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._list() == o

    def __ne__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._list() != o

    def __lt__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._list() < o

    def __le__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._list() <= o

    def __gt__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._list() > o

    def __ge__(self, other: object) -> bool:
        o = self._other(other)
        return NotImplemented if o is None else self._list() >= o

    def __add__(self, other: Any) -> Any:  # a list (Any: += answers self)
        o = self._other(other)
        return NotImplemented if o is None else self._list() + o

    def __radd__(self, other: object) -> List[Any]:
        o = self._other(other)
        return NotImplemented if o is None else o + self._list()

    def __mul__(self, n: SupportsIndex) -> List[VisibleItem]:
        return self._list() * n

    __rmul__ = __mul__

    # -- changing it, as a list (the table is not affected) -------------------

    def __iadd__(self, other: Any) -> "VisibleItems":
        self._list().extend(other)
        return self

    def __imul__(self, n: SupportsIndex) -> "VisibleItems":
        self._list().__imul__(n)
        return self

    def __setitem__(self, i: Any, value: Any) -> None:
        self._list()[i] = value

    def __delitem__(self, i: Any) -> None:
        del self._list()[i]

    def append(self, value: Any) -> None:
        self._list().append(value)

    def extend(self, values: Any) -> None:
        self._list().extend(values)

    def insert(self, i: SupportsIndex, value: Any) -> None:
        self._list().insert(i, value)

    def pop(self, i: SupportsIndex = -1) -> Any:
        return self._list().pop(i)

    def remove(self, value: Any) -> None:
        self._list().remove(value)

    def clear(self) -> None:
        self._list().clear()

    def reverse(self) -> None:
        self._list().reverse()

    def sort(self, *, key: Any = None, reverse: bool = False) -> None:
        self._list().sort(key=key, reverse=reverse)


MutableSequence.register(VisibleItems)
