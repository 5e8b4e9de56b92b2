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
from typing import Any, Callable, List, Optional

from . import _errors, _ffi
from ._convert import _float
from ._values import Change, ChangeSet, RowEvent, SectionEvent

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
    return ChangeSet(
        changes,
        redraw,
        cs.content_height_delta,
        cs.anchored_offset if cs.anchored else None,
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


def _change_trampoline(guard: _Guard, fn: Callable[[ChangeSet], Any]) -> Any:
    def call(_table: int, changes: Any, _user_data: int) -> None:
        state = _thread_state
        state.callbacks += 1
        try:
            fn(_change_set(changes))
        except BaseException as exc:  # never unwind through C
            guard.store(exc)
        finally:
            state.callbacks -= 1

    return _ffi.CHANGE_FN(call)


def _section_trampoline(guard: _Guard, fn: Callable[[str, SectionEvent], Any]) -> Any:
    def call(_table: int, _section: int, key: Optional[bytes], event: int, _user_data: int) -> int:
        state = _thread_state
        state.callbacks += 1
        try:
            return _allows(fn(_decode_key(key), _event(SectionEvent, event)))
        except BaseException as exc:  # refuses a "will" event
            guard.store(exc)
            return 0
        finally:
            state.callbacks -= 1

    return _ffi.SECTION_FN(call)


def _row_trampoline(guard: _Guard, fn: Callable[[str, int, RowEvent], Any]) -> Any:
    def call(
        _table: int, _section: int, key: Optional[bytes], row: int, event: int, _user_data: int
    ) -> int:
        state = _thread_state
        state.callbacks += 1
        try:
            return _allows(fn(_decode_key(key), row, _event(RowEvent, event)))
        except BaseException as exc:  # refuses a "will" event
            guard.store(exc)
            return 0
        finally:
            state.callbacks -= 1

    return _ffi.ROW_FN(call)


def _height_trampoline(
    guard: _Guard, fn: Callable[[str, int], Optional[float]], what: str = "the height provider"
) -> Any:
    """For the row and expanded-height providers: ``fn(key, row)``."""
    answer = "%s's answer" % what

    def call(
        _table: int, _section: int, key: Optional[bytes], row: int, out: Any, _user_data: int
    ) -> int:
        state = _thread_state
        state.callbacks += 1
        try:
            height = fn(_decode_key(key), row)
            if height is None:
                return 0
            out[0] = _float(height, answer)
            return 1
        except BaseException as exc:  # keeps the estimate
            guard.store(exc)
            return 0
        finally:
            state.callbacks -= 1

    return _ffi.HEIGHT_FN(call)


def _header_height_trampoline(guard: _Guard, fn: Callable[[str], Optional[float]]) -> Any:
    """For the header height provider: ``fn(key)`` (the library passes row -1)."""

    def call(
        _table: int, _section: int, key: Optional[bytes], _row: int, out: Any, _user_data: int
    ) -> int:
        state = _thread_state
        state.callbacks += 1
        try:
            height = fn(_decode_key(key))
            if height is None:
                return 0
            out[0] = _float(height, "the header height provider's answer")
            return 1
        except BaseException as exc:  # keeps the estimate
            guard.store(exc)
            return 0
        finally:
            state.callbacks -= 1

    return _ffi.HEIGHT_FN(call)


def _check_callable(fn: object, what: str) -> None:
    if not callable(fn):
        raise TypeError("%s must be callable, not %s" % (what, type(fn).__name__))
