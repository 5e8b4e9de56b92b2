"""Type-ahead (internal): :meth:`~foldtable.Table.find_text` (the mixin
:class:`_TypeAhead`, a base of the class) and the trampoline of its text
function, over ``fold_table_find_text``.

The library compares with Unicode case folding ("straße" finds "STRASSE"),
goes round past the end, and considers only items that can take focus; a
view keeps the typed prefix itself and resets it after a pause (about a
second, as GTK and Qt do), then focuses the answer.
"""

from __future__ import annotations

import ctypes
import weakref
from ctypes import c_int64
from typing import TYPE_CHECKING, Any, Callable, List, Optional, cast

from . import _ffi
from ._callbacks import _Guard, _check_callable, _guarded
from ._convert import _out, _row_or_none, _text
from ._errors import NotFoundError
from ._focus import _position_or_none
from ._item_values import Item, ItemKind

if TYPE_CHECKING:
    from ctypes import c_void_p

    from ._table import Table

_lib = _ffi.lib

#: A text function: ``text(item, position)`` returns the item's text, or
#: ``None`` for none.
TextFn = Callable[[Item, int], Optional[str]]


def _text_trampoline(table: Table, fn: TextFn) -> Any:
    """The C function for ``fn``. The bytes it returns stay referenced until
    the next call or the end of the search (the header's rule). After an
    exception, ``fn`` is not called again in this search: the library gets
    no text for the remaining candidates, and the binding re-raises the
    exception when fold_table_find_text returns."""
    ref = weakref.ref(table)
    kept: List[Any] = [None]
    failed = [False]

    def body(item: Any, position: int, _data: int) -> Optional[int]:
        owner = ref()
        if owner is None or failed[0]:
            return None
        kept[0] = None
        try:
            raw = item.contents
            owner._siblings_now(owner._h())
            section = owner._sibling_indices([raw.section])[raw.section]
            value = Item(position, ItemKind(raw.kind), int(raw.depth), section,
                         _row_or_none(raw.row), int(raw.flags))
            answer = fn(value, position)
            if answer is None:
                return None
            if not isinstance(answer, str):
                raise TypeError("the text function must return a str or None, not %s"
                                % type(answer).__name__)
            kept[0] = ctypes.create_string_buffer(answer.encode("utf-8"))
        except BaseException:
            failed[0] = True  # stored by _guarded, re-raised by find_text
            raise
        return ctypes.addressof(kept[0])

    return _guarded(table._lock, _ffi.ITEM_TEXT_FN, None, body)  # an exception: no text


class _TypeAhead:
    """The type-ahead method of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard

        def _h(self) -> c_void_p: ...

    def find_text(
        self,
        prefix: str,
        start: Optional[int] = None,
        *,
        include_start: bool = False,
        backward: bool = False,
        text: Optional[TextFn] = None,
    ) -> Optional[int]:
        """Type-ahead: the position of the first item shown after ``start``
        (``None``: from the top, or with ``backward`` from the bottom) whose
        text starts with ``prefix``, compared case-insensitively with Unicode
        case folding ("straße" finds "STRASSE", "é" finds "É"), going round past
        the end and on to ``start`` itself, looked at last (so a lone match is
        found again); ``None`` when nothing matches.
        Only items that can take focus are candidates. ``include_start``: the
        item at ``start`` may match itself (typing more letters of the same
        word keeps it); ``backward``: search upward.

        The text is a header's title unless ``text`` is given:
        ``text(item, position)`` (an :class:`Item`; :meth:`item_section` gives
        its :class:`Section`) returns the text of any candidate, rows, footers
        and placeholders included, or ``None`` for none. It runs inside the
        call: it may read the table, not change it (:class:`BusyError`). An
        exception it raises ends its use for this search and is re-raised here.
        Leading spaces of the text are ignored. Nothing changes: focus the
        answer with :meth:`set_focus`. O(k · depth · log n) for k candidates
        looked at.

        Raises:
            InvalidArgumentError: an empty prefix, or one with a NUL or a lone
                surrogate.
            CancelledError: ``text`` closed the table (the search stops).
            OutOfRangeError: no item has position ``start``.
        """
        data = _text(prefix, "prefix")
        begin = _position_or_none(start, "start")
        flags = (_ffi.FIND_INCLUDE_START if include_start else 0) | (
            _ffi.FIND_BACKWARD if backward else 0
        )
        if text is not None:
            _check_callable(text, "the text function")
        with self._lock:
            # Referenced here until the call returns: the library calls it only
            # during fold_table_find_text.
            callback = _ffi.ITEM_TEXT_FN() if text is None else _text_trampoline(cast("Table", self), text)
            try:
                return _out(_lib.fold_table_find_text, c_int64, self._h(), data, begin, flags,
                            callback, None)
            except NotFoundError as exc:
                if exc.function != "fold_table_find_text":
                    raise
                return None
