"""Applying a new snapshot of the app's data by key (internal):
:class:`Snapshot`, :class:`SnapshotReport` and :meth:`Table.apply_snapshot`
over ``fold_table_apply_snapshot``."""

from __future__ import annotations

import numbers
from ctypes import byref, c_char_p, c_void_p, cast
from typing import TYPE_CHECKING, Any, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Union

from . import _ffi
from ._convert import _float, _int64, _text

if TYPE_CHECKING:
    from ._table import Table

_lib = _ffi.lib


class Snapshot(NamedTuple):
    """One section of a snapshot: what :meth:`Table.apply_snapshot` makes
    the table hold. A ``dict`` with the same keys does as well.

    Attributes:
        key: the section's key, its identity: a section of the table with
            this key is kept (with its state), wherever it moves.
        header: the header text (``None``: ``""``).
        rows: a run of rows before ``children``.
        children: the rest of its children in order: subsections
            (:class:`Snapshot` or dict) and runs of rows (ints).
        collapsed, collapsible, header_item, loaded: as
            :meth:`Table.append_section` takes them; used only when the
            section is new (``loaded=False``: its children are loaded
            lazily, see :meth:`Table.set_loader`).
        header_height, footer_height, row_height: a height to set, or
            ``foldtable.HEIGHT_DEFAULT`` for the table's default; ``None``
            keeps a kept section's height (a new one gets the default).
    """

    key: str
    header: Optional[str] = ""
    rows: int = 0
    children: Sequence[Union["Snapshot", Mapping[str, Any], int]] = ()
    collapsed: Optional[bool] = None
    collapsible: bool = True
    header_item: bool = True
    header_height: Optional[float] = None
    footer_height: Optional[float] = None
    row_height: Optional[float] = None
    loaded: bool = True


class SnapshotReport(NamedTuple):
    """What :meth:`Table.apply_snapshot` did (``fold_snapshot_report``);
    sections are counted at every depth.

    Attributes:
        sections_inserted: sections the table did not have.
        sections_removed: sections the snapshot does not have.
        sections_moved: kept sections that changed parent or place among
            their siblings (not those that only travelled inside a moved
            section).
        sections_kept: sections in both, moved ones included.
        headers_changed: kept sections whose header text changed.
        rows_inserted: rows added, in kept and new sections.
        rows_removed: rows removed, in kept and removed sections.
    """

    sections_inserted: int
    sections_removed: int
    sections_moved: int
    sections_kept: int
    headers_changed: int
    rows_inserted: int
    rows_removed: int


_FIELDS = frozenset(Snapshot._fields)


def _section(item: Union[Snapshot, Mapping[str, Any]]) -> Snapshot:
    if isinstance(item, Snapshot):
        return item
    if isinstance(item, Mapping):
        unknown = set(item) - _FIELDS
        if unknown:
            raise TypeError("a snapshot section has no field %s" % ", ".join(sorted(map(repr, unknown))))
        return Snapshot(**item)
    raise TypeError("a snapshot section is a Snapshot or a dict, not %s" % type(item).__name__)


def _entries(
    sections: Iterable[Union[Snapshot, Mapping[str, Any], int]],
    keep: List[bytes],
    children: bool = False,
) -> List[_ffi.fold_snapshot_entry]:
    """The snapshot as the C entries, in pre-order: ``sections`` are the
    entries at depth 0, or with ``children`` a section's children (runs of
    rows as ints, and subsections), as :meth:`Section.finish_load` takes
    them. The strings' bytes go to ``keep``, which must outlive the call
    (the entries hold addresses)."""
    out: List[_ffi.fold_snapshot_entry] = []

    def address(data: Optional[bytes]) -> Optional[int]:
        if data is None:
            return None
        keep.append(data)
        return cast(c_char_p(data), c_void_p).value

    def rows(count: Any, depth: int) -> None:
        entry = _ffi.fold_snapshot_entry()
        entry.kind = _ffi.SNAPSHOT_ROWS
        entry.depth = depth
        entry.rows = _int64(count, "rows")
        out.append(entry)

    def child(item: Any, depth: int) -> None:
        if isinstance(item, numbers.Integral) and not isinstance(item, bool):
            rows(item, depth)
        else:
            section(item, depth)

    def section(item: Any, depth: int) -> None:  # _section checks the type
        s = _section(item)
        entry = _ffi.fold_snapshot_entry()
        entry.kind = _ffi.SNAPSHOT_SECTION
        entry.depth = depth
        entry.key = address(_text(s.key, "key"))
        entry.header = address(_text(s.header, "header", allow_none=True))
        flags = 0
        if s.collapsed:
            flags |= _ffi.SECTION_COLLAPSED
        elif s.collapsed is not None:
            flags |= _ffi.SECTION_EXPANDED
        if not s.collapsible:
            flags |= _ffi.SECTION_FIXED
        if not s.header_item:
            flags |= _ffi.SECTION_NO_HEADER
        if not s.loaded:
            flags |= _ffi.SECTION_UNLOADED
        entry.flags = flags
        for value, bit, field in (
            (s.header_height, _ffi.SNAPSHOT_HEADER_HEIGHT, "header_height"),
            (s.footer_height, _ffi.SNAPSHOT_FOOTER_HEIGHT, "footer_height"),
            (s.row_height, _ffi.SNAPSHOT_ROW_HEIGHT, "row_height"),
        ):
            if value is not None:
                entry.heights |= bit
                setattr(entry, field, _float(value, field.replace("_", " ")))
        out.append(entry)
        if s.rows:
            rows(s.rows, depth + 1)
        for grandchild in s.children:
            child(grandchild, depth + 1)

    for item in sections:
        if children:
            child(item, 0)
        else:
            section(item, 0)
    return out


def _entry_array(entries: List[_ffi.fold_snapshot_entry]) -> Any:
    return (_ffi.fold_snapshot_entry * len(entries))(*entries)


def _report(report: _ffi.fold_snapshot_report) -> SnapshotReport:
    return SnapshotReport(
        report.sections_inserted,
        report.sections_removed,
        report.sections_moved,
        report.sections_kept,
        report.headers_changed,
        report.rows_inserted,
        report.rows_removed,
    )


def apply_snapshot(self: Table, sections: Iterable[Union[Snapshot, Mapping[str, Any]]]) -> SnapshotReport:
    """Make the table hold what ``sections`` (the top-level sections, each a
    :class:`Snapshot` or a dict of its fields) describe, changing as little
    as it must, as one change set, and say what changed.

    Sections are matched by key wherever they are: a kept section keeps
    its state (collapsed, expanded rows, row heights, measured heights),
    also when it moves to another parent; its header text is replaced.
    Sections that keep their parent move as little as possible (the
    longest run in their old order stays). Rows are anonymous: between two
    subsections that stay, the old rows are matched to the new ones in
    order; a longer run gets new rows at its end, and rows left over at the
    end of the stretch go. Sections the snapshot does not have are removed.
    No section or row events are sent (nothing collapses or expands).
    While a filter is on, its match function is asked about every section
    and row the snapshot adds, once each, before anything changes; an
    exception it raises leaves the table unchanged and is re-raised here.

    Raises:
        InvalidArgumentError: an empty key, bad flags or a bad height;
            DuplicateKeyError: a key given twice; OutOfRangeError: too deep
            or too many sections or rows, or a negative row count. The
            message names the entry (in pre-order) and nothing changes.
        BusyError: called from inside a listener or provider.

    O(e + s) for e entries and a table of s sections, plus
    O(c · depth · log n) for c changes."""
    keep: List[bytes] = []
    entries = _entries(sections, keep)
    array = _entry_array(entries)
    report = _ffi.fold_snapshot_report()
    with self._lock:
        try:
            _lib.fold_table_apply_snapshot(self._h(), array, len(entries), byref(report))
        finally:
            # Sections moved or went: cached sibling indices are stale.
            _ffi.bump_generation()
    return _report(report)
