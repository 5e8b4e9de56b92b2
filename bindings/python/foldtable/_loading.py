"""Lazily loaded children (internal): :meth:`Table.set_loader` and its
trampoline, and the load methods of :class:`~foldtable.Section`
(``finish_load``, ``fail_load``, ``load``, ``reload`` and the load state),
over ``fold_table_set_loader``, ``_load_info``, ``_finish_load``,
``_fail_load``, ``_load`` and ``_reload``: the mixins :class:`_Loader` and
:class:`_SectionLoading`, bases of the two classes.

A section inserted with ``loaded=False`` has no children yet; expanding it
shows a placeholder item and calls the loader's ``start(section, ticket)``;
the app answers with :meth:`Section.finish_load` (the children) or
:meth:`Section.fail_load` (a message; activating the placeholder retries),
on that thread at once or later from any thread. Collapsing it while it
loads, removing it or closing the table calls ``cancel(section, ticket)``,
and a late answer with that ticket raises :class:`CancelledError`.
"""

from __future__ import annotations

import operator
import weakref
from ctypes import byref
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Union, cast

from . import _errors, _ffi, _snapshot
from ._callbacks import _Guard, _check_callable, _decode_key, _guarded
from ._convert import _text
from ._errors import InvalidArgumentError
from ._section_id import _SectionId
from ._snapshot import Snapshot, SnapshotReport
from ._section_values import LoadState

if TYPE_CHECKING:
    from ctypes import c_void_p

    from ._section import Section
    from ._table import Table

_lib = _ffi.lib

#: What :meth:`Section.finish_load` takes: runs of rows (ints) and
#: subsections (:class:`Snapshot` or dicts of its fields), in order.
Children = Iterable[Union[Snapshot, Mapping[str, Any], int]]

#: A loader callback: ``fn(section, ticket)``.
LoadFn = Callable[["Section", int], Any]


def _ticket(value: int) -> int:
    """A load ticket for C (uint64_t): ctypes would wrap a larger int."""
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError("a ticket must be an int, not %s" % type(value).__name__) from None
    if not 0 <= number < 1 << 64:
        raise InvalidArgumentError(_errors.E_INVALID, "ticket %d is not a load ticket" % number)
    return number


def _load_trampoline(table: Table, start: LoadFn, cancel: Optional[LoadFn]) -> Any:
    from ._section import Section  # _section imports this module

    # A weak reference: the table holds the trampoline, which must not keep
    # it alive (a table nobody holds is freed at once, as without a loader).
    ref = weakref.ref(table)

    def body(
        handle: int, section_id: int, key: Optional[bytes], ticket: int, event: int, _data: int
    ) -> None:
        owner = ref()
        if owner is None:  # being collected: the cancels of its last loads
            return
        section = Section._bound(owner, _decode_key(key), section_id)
        if event == _ffi.LOAD_START:
            try:
                start(section, ticket)
            except BaseException as exc:
                # The placeholder shows the failure (activating it retries);
                # the exception is re-raised by the method that expanded.
                _fail_quietly(handle, section_id, ticket, "%s: %s" % (type(exc).__name__, exc))
                raise
        elif event == _ffi.LOAD_CANCEL and cancel is not None:
            cancel(section, ticket)

    return _guarded(table._lock, _ffi.LOAD_FN, None, body)


def _fail_quietly(handle: int, section_id: int, ticket: int, message: str) -> None:
    """fail_load for a loader that raised, unless its load is over already
    (it finished or failed before raising): then nothing changes."""
    data = message.encode("utf-8", "replace").replace(b"\0", b" ")
    try:
        _lib.fold_table_fail_load(handle, section_id, ticket, data)
    except _errors.FoldError:
        pass


class _Loader:
    """The loader of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard

        def _h(self) -> c_void_p: ...
        _loader: Any

    def set_loader(self, start: Optional[LoadFn], cancel: Optional[LoadFn] = None) -> None:
        """Set (or with ``None`` remove) the functions that load the children
        of sections inserted with ``loaded=False``.

        ``start(section, ticket)`` is called when such a section expands
        (:meth:`Section.expand`, :meth:`Table.activate` on its header, ...)
        or a failed load is retried: its :class:`Section` and the load's
        ticket. It answers with ``section.finish_load(ticket, children)`` or
        ``section.fail_load(ticket, message)`` — at once, or later from any
        thread (hand the ticket to a worker; the call waits for the table's
        lock). ``cancel(section, ticket)`` is called when that load is over
        without an answer: the section collapsed, was removed, or the table
        was closed; a late answer with the ticket raises
        :class:`CancelledError` and changes nothing.

        Both run on the thread of the table method that started or cancelled
        the load, after its changes and events, and may change the table.
        An exception either raises is re-raised by that method (as a
        listener's, see :class:`Table`); an exception in ``start`` also fails
        the load with the exception as its message, so the placeholder shows
        the failure and can be retried. Once ``set_loader`` returns, the old
        functions are never called again. O(1).
        """
        if start is None:
            if cancel is not None:
                raise TypeError("a cancel function needs a start function")
        else:
            _check_callable(start, "the loader's start function")
            if cancel is not None:
                _check_callable(cancel, "the loader's cancel function")
        with self._lock:
            callback = _ffi.LOAD_FN() if start is None else _load_trampoline(cast("Table", self), start, cancel)
            _lib.fold_table_set_loader(self._h(), callback, None)
            # The library calls the old one no more, but may be running it now.
            self._lock.retire(self._loader)
            self._loader = None if start is None else callback


class _SectionLoading(_SectionId):
    """The load methods of :class:`~foldtable.Section`."""

    __slots__ = ()

    def _load_info(self) -> _ffi.fold_load_info:
        return self._get_struct(_lib.fold_table_load_info, _ffi.fold_load_info)

    @property
    def loaded(self) -> bool:
        """False while the section's children are not loaded (inserted with
        ``loaded=False``, and :attr:`load_state` is not
        :attr:`LoadState.LOADED` yet). O(1)."""
        return not self._info().flags & _ffi.SECTION_UNLOADED

    @property
    def load_state(self) -> LoadState:
        """Where the section's children are: a :class:`LoadState`. O(1)."""
        return LoadState(self._load_info().state)

    @property
    def load_ticket(self) -> Optional[int]:
        """The current load's ticket while :attr:`load_state` is LOADING,
        FAILED or RELOADING (what the loader was given); ``None`` otherwise.
        O(1)."""
        ticket = int(self._load_info().ticket)
        return ticket or None

    @property
    def load_error(self) -> Optional[str]:
        """The message of a failed load (:meth:`fail_load`); ``None`` unless
        :attr:`load_state` is FAILED. O(1)."""
        return self._read_text_or_none(_ffi.TEXT_LOAD_ERROR)

    def finish_load(self, ticket: int, children: Children) -> SnapshotReport:
        """Give a loading section its children: ``children`` in order, each an
        int (a run of that many rows) or a subsection (a :class:`Snapshot` or
        a dict of its fields, nested as :meth:`Table.apply_snapshot` takes
        them; ``loaded=False`` makes one lazily loaded too). The placeholder
        is replaced by them in one change set, and the section is an ordinary
        section from then on. Returns what was inserted. With the ticket of a
        :meth:`reload` the children are reconciled with those the section
        holds instead (see there), and the report counts as
        :meth:`Table.apply_snapshot` counts. May be called from
        any thread (a worker handed the ticket): it waits for a call running
        on another thread to return. A failed load may be finished too (a
        late success).

        Raises:
            CancelledError: ``ticket`` is not the section's current load (it
                was collapsed, a newer load started, or its children arrived
                already); nothing changed.
            NotFoundError: the section was removed.
            DuplicateKeyError, InvalidArgumentError, OutOfRangeError: an entry,
                as :meth:`Table.apply_snapshot` says; nothing changed.

        O(e · depth · log n) for e entries."""
        number = _ticket(ticket)
        entries = _snapshot._Entries(children, children=True)
        report = _ffi.fold_snapshot_report()
        self._call(_lib.fold_table_finish_load, number, entries.array, entries.count, byref(report))
        return _snapshot._report(report)

    def fail_load(self, ticket: int, message: Optional[str] = "") -> None:
        """Mark the loading section's load as failed, with ``message``
        (:attr:`load_error`; ``None`` means ``""``): the placeholder gets
        :attr:`Item.failed` and is redrawn; activating it
        (:meth:`Table.activate`, :attr:`Activation.LOAD_RETRIED`) or
        :meth:`load` retries. May be called from any thread, as
        :meth:`finish_load`.

        Raises:
            CancelledError: ``ticket`` is not the section's current load, or
                that load failed already.
            NotFoundError: the section was removed.

        O(depth · log n)."""
        number = _ticket(ticket)
        data = _text(message, "message", allow_none=True)
        self._call(_lib.fold_table_fail_load, number, data)

    def load(self) -> None:
        """Load the section's children again after a failure (what activating
        its placeholder does), or expand an unloaded section (which starts its
        load, as :meth:`expand` does): the loader is called with a new ticket.

        Raises:
            NotAllowedError: the section is loaded or already loading.

        O(depth · log n)."""
        self._call(_lib.fold_table_load)

    def reload(self) -> None:
        """Ask the loader for the section's children again, keeping the ones
        shown until the new ones arrive.

        A loaded section gets a new ticket (:attr:`load_state` is
        :attr:`LoadState.RELOADING`; its header is redrawn) and the loader's
        ``start(section, ticket)`` is called. :meth:`finish_load` with that
        ticket reconciles the new children with the old ones by key, in one
        change set: a subsection that persists (matched among its old
        siblings) keeps its collapsed state, selection, measured heights and
        expanded rows, and, when it is given without children, its children
        as they are; moved ones move, the others are removed or inserted;
        rows are matched in order. :meth:`fail_load` with the ticket ends the
        reload and keeps the children. Collapsing the section keeps the
        reload; removing it or closing the table calls ``cancel``.

        Reloading again, or reloading a section that is loading, replaces the
        load under way (``cancel`` for the old ticket, ``start`` for a new
        one); a failed load is retried, as :meth:`load` does.

        Raises:
            NotAllowedError: the section's children are not loaded yet
                (``loaded=False`` and never expanded: expanding it loads them);
                nothing changed.
            NotFoundError: the section was removed.
            BusyError: called from inside a listener.

        O(depth · log n); the :meth:`finish_load` that ends it O(e + c) for e
        entries and c old children, plus O(m · depth · log n) for m changes."""
        self._call(_lib.fold_table_reload)
