"""Batches (internal): :meth:`Table.batch` and its parts, the mixin
:class:`_Batch`, a base of :class:`~foldtable.Table`."""

from __future__ import annotations

import contextlib
from ctypes import c_int64
from typing import TYPE_CHECKING, Iterator, cast

from . import _ffi
from ._callbacks import _Guard
from ._convert import _out

if TYPE_CHECKING:
    from ctypes import c_void_p

    from ._table import Table

_lib = _ffi.lib


class _Batch:
    """The batch methods of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard

        def _h(self) -> c_void_p: ...

        @property
        def closed(self) -> bool: ...

    def begin_batch(self) -> None:
        """Start grouping edits (prefer ``with table.batch():``): until the
        matching :meth:`end_batch`, every change is made at once — queries see
        it — but change listeners hear nothing until the outermost batch ends.
        Batches nest. O(1).

        Raises:
            BusyError: called from inside a listener or another callback.
        """
        with self._lock:
            _lib.fold_table_begin_batch(self._h())

    def end_batch(self) -> None:
        """End the innermost batch. The outermost tells the change listeners
        everything the batch did in one :class:`ChangeSet`: the fewest steps
        from the list before it to the list after it, the items that moved as
        :attr:`ChangeSet.moves`, every redraw, the content-height difference,
        and the viewport anchored once; then the loader hears of the loads the
        batch started. O((c + m) log(c + m)) for the c steps and m moves the
        batch's calls made.

        Raises:
            InvalidArgumentError: no batch is open.
            BusyError: called from inside a listener or another callback.
        """
        with self._lock:
            _lib.fold_table_end_batch(self._h())

    @property
    def batch_depth(self) -> int:
        """How many batches are open (0: none). O(1)."""
        with self._lock:
            return _out(_lib.fold_table_batch_depth, c_int64, self._h())

    @contextlib.contextmanager
    def batch(self) -> Iterator["Table"]:
        """Group the edits made inside the ``with`` block into one change set::

            with table.batch():
                table.sections["Mac"].collapse()
                table.sections["iPad"].insert_rows(0, 3)
                table.sections["iPhone"].move_to(None, 0)

        Listeners are told once, when the block ends, with the fewest steps and
        the moves (see :meth:`end_batch`); queries inside the block see each
        edit at once. Blocks nest. An exception inside the block ends the batch
        too and propagates; nothing is rolled back: each edit before it was
        made whole (a failed call changes nothing), and listeners are told of
        those. Yields the table.

        Raises:
            BusyError: entered from inside a listener or another callback.
        """
        self.begin_batch()
        try:
            yield cast("Table", self)
        finally:
            if not self.closed:  # closing the table inside the block ended it
                self.end_batch()
