"""Calling Python from the library (internal): the table's lock with the
exception a callback raised (:class:`_Guard`), and the trampolines that turn
the library's callbacks into calls of the Python listeners and height
providers.

The library calls listeners and providers with (table, section id, key,
...); the Python functions keep their key-based signatures (the key is the
identity an app stores). A trampoline never lets an exception unwind
through C: it stores it on the table's :class:`_Guard`, which re-raises it
from the table method once the C call has returned.
"""

from __future__ import annotations

import ctypes
import struct
import threading
from ctypes import c_int64
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional

from . import _errors, _ffi
from ._convert import _float, _int64, _out
from ._table_values import Change, ChangeSet, Move, RowEvent, SectionEvent

if TYPE_CHECKING:
    from ctypes import c_void_p

_lib = _ffi.lib

# --------------------------------------------------------------------------
# The table's lock and Python callbacks
# --------------------------------------------------------------------------


class _ThreadState(threading.local):
    """Per thread: how many library callbacks (of any table) this thread is
    inside. Such a thread holds that table's lock, so it must not wait for
    another table's lock (see :meth:`_Guard.__enter__`)."""

    callbacks = 0


_thread_state = _ThreadState()

_BUSY_ELSEWHERE = (
    "the table is in use by another thread while this thread is inside a callback "
    "of another table; waiting could deadlock, so nothing was done (make the call "
    "after the callback returns)"
)


class _Guard:
    """A table's lock: reentrant, held by every method for its whole
    operation. It also carries the exception a Python callback (listener or
    height provider) raised during the current outermost call: callbacks run
    inside a C call, on the calling thread, while the lock is held, and an
    exception must not unwind through C. The trampoline stores it here and
    the outermost ``with`` block re-raises it once the C call has returned.

    It also keeps the ctypes callback objects the table no longer holds
    (removed listeners, replaced providers, everything after ``close()``)
    until the outermost call returns: the library may be running one of
    them right now (the one that removed itself), and ctypes frees a
    callback's code when its object dies.

    The hot reads (``Table.item``, ``item_at_offset``, ``visible_items``:
    C calls that run no callback, so no exception or retired callback can
    be left for the outermost call) take ``_rlock`` with one
    ``acquire(False)`` when it is free or this thread holds it, and release
    it directly; only when that fails do they use ``__enter__`` and
    ``__exit__`` (which wait, or refuse with BusyError).
    """

    __slots__ = ("_rlock", "_depth", "_pending", "_retired")

    def __init__(self) -> None:
        self._rlock = threading.RLock()
        self._depth = 0
        self._pending: Optional[BaseException] = None
        self._retired: List[Any] = []

    def __enter__(self) -> "_Guard":
        # Uncontended (or re-entered by this thread): one try, no wait.
        if not self._rlock.acquire(False):
            # Another thread is inside a call on this table. A thread inside
            # a callback holds another table's lock: waiting here could
            # deadlock (A->B on one thread, B->A on the other), so refuse.
            if _thread_state.callbacks:
                raise _errors.BusyError(_errors.E_BUSY, _BUSY_ELSEWHERE)
            self._rlock.acquire()
        self._depth += 1
        return self

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        self._depth -= 1
        pending = None
        retired = None
        if self._depth == 0:
            if self._pending is not None:
                pending, self._pending = self._pending, None
            if self._retired:
                # No C call on this table is running any more.
                retired, self._retired = self._retired, []
        self._rlock.release()
        del retired
        if pending is not None:
            # An exception the method raised itself becomes its __context__.
            raise pending

    def retire(self, callback: Any) -> None:
        """Keep a callback object the library no longer holds until the
        outermost call returns (call with the lock held)."""
        if callback is not None:
            self._retired.append(callback)

    def store(self, exc: BaseException) -> None:
        """Keep the first exception of this call; later ones are noted on it."""
        if self._pending is None:
            self._pending = exc
        elif hasattr(self._pending, "add_note"):  # Python 3.11+
            self._pending.add_note(
                "foldtable: another callback raised during the same call: %r" % (exc,)
            )


_CHANGE = struct.Struct("=qqq")
_RANGE = struct.Struct("=qq")
assert _CHANGE.size == ctypes.sizeof(_ffi.fold_change)
assert _RANGE.size == ctypes.sizeof(_ffi.fold_range)
assert _CHANGE.size == ctypes.sizeof(_ffi.fold_move)


def _change_set(pointer: Any) -> ChangeSet:
    """Copy a fold_change_set (valid only during the listener call)."""
    cs = pointer.contents
    n = cs.change_count
    changes = (
        [Change._make(c) for c in _CHANGE.iter_unpack(ctypes.string_at(cs.changes, n * _CHANGE.size))]
        if n > 0 and cs.changes
        else []
    )
    n = cs.redraw_count
    redraw = (
        [range(p, p + c) for p, c in _RANGE.iter_unpack(ctypes.string_at(cs.redraw, n * _RANGE.size))]
        if n > 0 and cs.redraw
        else []
    )
    n = cs.move_count
    moves = (
        [Move._make(m) for m in _CHANGE.iter_unpack(ctypes.string_at(cs.moves, n * _CHANGE.size))]
        if n > 0 and cs.moves
        else ()
    )
    return ChangeSet(
        changes,
        redraw,
        cs.content_height_delta,
        cs.anchored_offset if cs.anchored else None,
        moves=moves,
    )


def _decode_key(key: Optional[bytes]) -> str:
    return key.decode("utf-8") if key else ""


def _allows(result: object) -> int:
    """A listener's answer to a "will" event: None or a true value allows
    (1), any other false value refuses (0)."""
    return 0 if result is not None and not result else 1


def _event(enum_type: Any, value: int) -> Any:
    try:
        return enum_type(value)
    except ValueError:  # an event a newer library added
        return value


def _guarded(guard: _Guard, fn_type: Any, failed: Any, body: Callable[..., Any]) -> Any:
    """The C function pointer of ``fn_type`` that calls ``body`` with the
    library's arguments, counted as a callback of this thread (see
    :class:`_ThreadState`). An exception never unwinds through C: it is
    stored on ``guard``, which re-raises it from the table method, and C
    gets ``failed``."""

    def call(*args: Any) -> Any:
        state = _thread_state
        state.callbacks += 1
        try:
            return body(*args)
        except BaseException as exc:  # never unwind through C
            guard.store(exc)
            return failed
        finally:
            state.callbacks -= 1

    return fn_type(call)


def _change_trampoline(guard: _Guard, fn: Callable[[ChangeSet], Any]) -> Any:
    def body(_table: int, changes: Any, _user_data: int) -> None:
        fn(_change_set(changes))

    return _guarded(guard, _ffi.CHANGE_FN, None, body)


def _section_trampoline(guard: _Guard, fn: Callable[[str, SectionEvent], Any]) -> Any:
    def body(_table: int, _section: int, key: Optional[bytes], event: int, _user_data: int) -> int:
        return _allows(fn(_decode_key(key), _event(SectionEvent, event)))

    return _guarded(guard, _ffi.SECTION_FN, 0, body)  # an exception refuses a "will" event


def _row_trampoline(guard: _Guard, fn: Callable[[str, int, RowEvent], Any]) -> Any:
    def body(
        _table: int, _section: int, key: Optional[bytes], row: int, event: int, _user_data: int
    ) -> int:
        return _allows(fn(_decode_key(key), row, _event(RowEvent, event)))

    return _guarded(guard, _ffi.ROW_FN, 0, body)  # an exception refuses a "will" event


def _height_trampoline(guard: _Guard, fn: Callable[[str, int], Optional[float]], what: str) -> Any:
    """For the height providers: ``fn(key, row)`` (the header provider is
    called as ``fn(key)``, the library passing row -1)."""
    answer = "%s's answer" % what

    def body(
        _table: int, _section: int, key: Optional[bytes], row: int, out: Any, _user_data: int
    ) -> int:
        height = fn(_decode_key(key), row)
        if height is None:
            return 0
        out[0] = _float(height, answer)
        return 1

    return _guarded(guard, _ffi.HEIGHT_FN, 0, body)  # an exception keeps the estimate


def _check_callable(fn: object, what: str) -> None:
    if not callable(fn):
        raise TypeError("%s must be callable, not %s" % (what, type(fn).__name__))


# --------------------------------------------------------------------------
# Registering callbacks: the mixin of Table for its listeners and height
# providers, which keep the ctypes objects alive while the library may call
# them.
# --------------------------------------------------------------------------


class _Listeners:
    """The listener and height-provider methods of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard
        _callbacks: Dict[int, Any]
        _providers: Dict[int, Any]

        def _h(self) -> c_void_p: ...

    # -- change events and listeners ----------------------------------------

    def _add_listener(self, add: Callable[..., int], callback: Any) -> int:
        with self._lock:
            listener = _out(add, c_int64, self._h(), callback, None)
            self._callbacks[listener] = callback
        return listener

    def on_change(self, fn: Callable[[ChangeSet], Any]) -> int:
        """Call ``fn(changes)`` after every mutation that changes the flat
        list, with a :class:`ChangeSet`: the ``(position, removed, added)``
        steps, the ranges to redraw, the content-height difference and the
        anchored viewport offset. A mutation that changes nothing calls no
        listener. Returns the listener's id for :meth:`remove_listener`.

        ``fn`` runs on the thread that made the change, inside the table
        method, after the table is consistent: it may read the table; a call
        that would change it raises :class:`BusyError` and changes nothing.
        An exception ``fn`` raises is re-raised by that table method after
        the change (see :class:`Table`). Listeners run in registration order.
        """
        _check_callable(fn, "a change listener")
        return self._add_listener(
            _lib.fold_table_add_change_listener, _change_trampoline(self._lock, fn)
        )

    def on_section(self, fn: Callable[[str, SectionEvent], Optional[bool]]) -> int:
        """Call ``fn(key, event)`` before and after a section collapses or
        expands (:class:`SectionEvent`). For a WILL event, returning a false
        value other than ``None`` (``False``) refuses the change; ``None``
        or a true value allows it; the answer to a DID event is ignored.
        An exception refuses a WILL event and is re-raised by the table
        method. WILL listeners see the table as it was. Returns the
        listener's id. Same rules as :meth:`on_change` otherwise."""
        _check_callable(fn, "a section listener")
        return self._add_listener(
            _lib.fold_table_add_section_listener, _section_trampoline(self._lock, fn)
        )

    def on_row(self, fn: Callable[[str, int, RowEvent], Optional[bool]]) -> int:
        """Call ``fn(key, row, event)`` before and after a row expands or
        collapses (:class:`RowEvent`; ``key`` is the row's section). WILL
        events may be refused as in :meth:`on_section`. Returns the
        listener's id."""
        _check_callable(fn, "a row listener")
        return self._add_listener(
            _lib.fold_table_add_row_listener, _row_trampoline(self._lock, fn)
        )

    def remove_listener(self, listener_id: int) -> None:
        """Unregister the listener with this id (from :meth:`on_change`,
        :meth:`on_section` or :meth:`on_row`); the binding then drops its
        reference to the function.

        Raises:
            NotFoundError: no listener has this id (or it was removed already).
        """
        number = _int64(listener_id, "listener id")
        with self._lock:
            _lib.fold_table_remove_listener(self._h(), number)
            # The library calls it no more, but may be running it right now.
            self._lock.retire(self._callbacks.pop(number, None))

    # -- height providers ----------------------------------------------------

    def set_height_provider(self, fn: Optional[Callable[[str, int], Optional[float]]]) -> None:
        """Set (or with ``None`` remove) the function :meth:`measure` asks
        for row heights: ``fn(key, row)`` returns the height of row ``row``
        of section ``key``, or ``None`` to keep the estimate (the section's
        default row height). While a provider is set, every row without a
        height of its own counts as its estimate until measured.

        ``fn`` runs inside :meth:`measure` on its thread: it may read the
        table, not change it (:class:`BusyError`). An exception (or an
        answer that is not a number) keeps that row's estimate and is
        re-raised by :meth:`measure` when it returns. A height that is not
        finite, negative or above :data:`foldtable.MAX_HEIGHT` also keeps
        the estimate (the library's rule).
        """
        self._set_provider(_ffi.HEIGHT_ROW, fn, "the height provider")

    def set_header_height_provider(self, fn: Optional[Callable[[str], Optional[float]]]) -> None:
        """Set (or with ``None`` remove) the function :meth:`measure` asks
        for header heights: ``fn(key)`` returns the height of section
        ``key``'s header, or ``None`` to keep the estimate. With one set,
        every header whose height was not set counts as the table's header
        height until measured; :meth:`Section.invalidate_heights` forgets it.
        Same rules as :meth:`set_height_provider` (reading allowed, changes
        raise :class:`BusyError`, exceptions are re-raised by :meth:`measure`).
        """
        self._set_provider(_ffi.HEIGHT_HEADER, fn, "the header height provider")

    def set_expanded_height_provider(
        self, fn: Optional[Callable[[str, int], Optional[float]]]
    ) -> None:
        """Set (or with ``None`` remove) the function asked for rows'
        expanded heights: ``fn(key, row)`` returns the expanded height of
        row ``row`` of section ``key`` (0 or ``None``: it has none, so it
        is not expandable). Rows without an expanded height of their own
        are asked when they are measured (:meth:`measure`), and when they
        are expanded, toggled or activated before that, so a row measured
        lazily can expand to its full text's height. The answer is kept
        until invalidated (:meth:`Section.invalidate_row_height`). Same
        rules as :meth:`set_height_provider`; an exception is re-raised by
        the method that asked.
        """
        self._set_provider(_ffi.HEIGHT_EXPANDED, fn, "the expanded height provider")

    def _set_provider(self, which: int, fn: Any, what: str) -> None:
        if fn is not None:
            _check_callable(fn, what)
        with self._lock:
            if fn is None:
                callback = _ffi.HEIGHT_FN()
            elif which == _ffi.HEIGHT_HEADER:
                callback = _height_trampoline(self._lock, lambda key, _row: fn(key), what)
            else:
                callback = _height_trampoline(self._lock, fn, what)
            _lib.fold_table_set_height_provider(self._h(), which, callback, None)
            # The library calls the old one no more, but a measure may be
            # running it right now (a provider that replaces itself).
            self._lock.retire(self._providers.pop(which, None))
            if fn is not None:
                self._providers[which] = callback
