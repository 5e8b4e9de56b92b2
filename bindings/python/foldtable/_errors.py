"""Exceptions raised by the foldtable binding.

Every failure reported by the library is a :class:`FoldError` carrying the C
status code and the library's own message. Each status a caller may want to
catch has a subclass that also derives from the matching built-in exception,
so ordinary Python code works unchanged::

    try:
        table.sections["Mac"]
    except KeyError:          # NotFoundError is a KeyError
        ...

This module does not call the library itself: :mod:`foldtable._ffi` reads
the message right after a failing call and hands it to :func:`error_for`,
and gives :func:`set_status_names` the library's ``fold_status_name`` once
it is loaded, so the C names of the codes are the library's, not a copy.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple, Type

# The public exceptions (re-exported by foldtable); the status codes,
# error_for and set_status_names are the binding's own.
__all__ = [
    "FoldError",
    "InvalidArgumentError",
    "OutOfRangeError",
    "NotFoundError",
    "DuplicateKeyError",
    "NotVisibleError",
    "BusyError",
    "NotAllowedError",
    "CancelledError",
]

# Status codes, mirroring FOLD_OK / FOLD_E_* in foldtable.h (the numbers a
# caller compares with; tests/test_declarations.py checks them against the
# header). Their names come from the library (set_status_names).
OK = 0
E_INVALID = -1
E_RANGE = -2
E_NOT_FOUND = -3
E_DUPLICATE = -4
E_NOT_VISIBLE = -5
E_BUSY = -6
E_NOT_ALLOWED = -7
E_CANCELLED = -8
E_INTERNAL = -99

_STATUS_CODES = (OK, E_INVALID, E_RANGE, E_NOT_FOUND, E_DUPLICATE, E_NOT_VISIBLE, E_BUSY,
                 E_NOT_ALLOWED, E_CANCELLED, E_INTERNAL)

# The library's name of each code above, filled by set_status_names.
_STATUS_NAMES: Dict[int, str] = {}
_name_of: Optional[Callable[[int], str]] = None

# What fold_status_name() says for a code it does not define.
_UNKNOWN = "unknown status"


def set_status_names(name_of: Callable[[int], str]) -> None:
    """Take the status names from the library's ``fold_status_name``
    (called once by :mod:`foldtable._ffi` after loading it)."""
    global _name_of
    _name_of = name_of
    _STATUS_NAMES.clear()
    for code in _STATUS_CODES:
        name = name_of(code)
        if name and name != _UNKNOWN:
            _STATUS_NAMES[code] = name


def status_name(status: int) -> str:
    """The C name of a status code (``"FOLD_E_RANGE"``), as the library
    names it; ``"unknown status <code>"`` for a code it does not define."""
    name = _STATUS_NAMES.get(status)
    if name is None and _name_of is not None and status not in _STATUS_CODES:
        name = _name_of(status)
    if not name or name == _UNKNOWN:
        return "%s %d" % (_UNKNOWN, status)
    return name


class FoldError(Exception):
    """A call into libfoldtable failed.

    Attributes:
        status: the negative ``FOLD_E_*`` status code the library returned
            (``E_INVALID``, ``E_RANGE``, ...).
        message: the library's explanation (``fold_last_error_message()``,
            read right after the failing call on the same thread), or a
            message from the binding for failures detected before calling C.
        function: the name of the C function that failed, or ``None`` when
            the binding itself rejected the call.

    ``str(error)`` is the message. Catch a subclass (or the built-in
    exception it also derives from) to handle one kind of failure.
    """

    def __init__(self, status: int, message: str, function: Optional[str] = None) -> None:
        super().__init__(message)
        self.status: int = status
        self.message: str = message
        self.function: Optional[str] = function

    @property
    def status_name(self) -> str:
        """The C name of :attr:`status`, such as ``"FOLD_E_RANGE"``."""
        return status_name(self.status)

    def __str__(self) -> str:
        return self.message or self.status_name

    def __repr__(self) -> str:
        return "%s(%s, %r)" % (type(self).__name__, self.status_name, self.message)

    def __reduce__(self) -> Tuple[Any, ...]:  # keep pickling (e.g. multiprocessing) working
        return (type(self), (self.status, self.message, self.function))


class InvalidArgumentError(FoldError, ValueError):
    """``FOLD_E_INVALID``: an invalid argument — a NaN, infinite, negative or
    too large height, an empty key, a string that is not valid UTF-8, or a
    closed table."""


class OutOfRangeError(FoldError, IndexError):
    """``FOLD_E_RANGE``: an index or count outside what the table holds."""


class NotFoundError(FoldError, KeyError):
    """``FOLD_E_NOT_FOUND``: no section has this key, or the item asked for
    does not exist (such as the footer of a section without one)."""

    # KeyError.__str__ would repr-quote the message; show it as is.
    def __str__(self) -> str:
        return FoldError.__str__(self)


class DuplicateKeyError(FoldError, ValueError):
    """``FOLD_E_DUPLICATE``: another section already has this key."""


class NotVisibleError(FoldError, LookupError):
    """``FOLD_E_NOT_VISIBLE``: the row exists but has no position in the flat
    list because its section is collapsed."""


class BusyError(FoldError, RuntimeError):
    """``FOLD_E_BUSY``: the table is already inside a call on this thread (a
    callback tried to change it), or this thread is inside a callback of
    another table while another thread uses this one (waiting could
    deadlock); nothing was done."""


class NotAllowedError(FoldError, RuntimeError):
    """``FOLD_E_NOT_ALLOWED``: the section does not allow this — collapsing
    or toggling a section that is not collapsible (see
    :attr:`Section.collapsible`), or making a collapsed section fixed.
    Nothing was changed."""


class CancelledError(FoldError, RuntimeError):
    """``FOLD_E_CANCELLED``: the load this ticket belongs to is over — the
    section was collapsed while loading, a newer load of it started, or its
    children already arrived (see :meth:`Section.finish_load`). Nothing was
    changed: children that arrive late are refused, never shown."""


_CLASSES: Dict[int, Type[FoldError]] = {
    E_INVALID: InvalidArgumentError,
    E_RANGE: OutOfRangeError,
    E_NOT_FOUND: NotFoundError,
    E_DUPLICATE: DuplicateKeyError,
    E_NOT_VISIBLE: NotVisibleError,
    E_BUSY: BusyError,
    E_NOT_ALLOWED: NotAllowedError,
    E_CANCELLED: CancelledError,
}


def error_for(status: int, message: str, function: Optional[str] = None) -> FoldError:
    """Return the exception for a failed ``status`` (not raised).

    Known codes map to their subclass; ``FOLD_E_INTERNAL`` and any code the
    binding does not know map to :class:`FoldError` itself.
    """
    cls = _CLASSES.get(status, FoldError)
    return cls(status, message, function)
