"""Applying a new snapshot of the app's data by key (internal):
:class:`Snapshot`, :class:`SnapshotReport` and :meth:`Table.apply_snapshot`
(the mixin :class:`_Snapshots`, a base of :class:`~foldtable.Table`) over
``fold_table_apply_snapshot``."""

from __future__ import annotations

import numbers
import struct
from ctypes import addressof, byref, c_char, c_double, c_int32, c_int64, c_uint32, c_void_p, sizeof
from typing import TYPE_CHECKING, Any, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from . import _ffi
from ._convert import _float, _int64, _text

if TYPE_CHECKING:
    from ._callbacks import _Guard

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
        collapsed, collapsible, header_item, loaded, no_focus, no_drop: as
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
    no_focus: bool = False
    no_drop: bool = False


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


def _layout(struct_type: Any) -> "struct.Struct":
    """A :class:`struct.Struct` that packs one ``struct_type`` (a ctypes
    Structure of plain numeric and pointer fields) byte for byte: its
    fields' codes at the offsets ctypes gives, padding between, so the
    layout is read from the one declaration in ``_ffi_types``."""
    codes = {
        c_int32: "i", c_uint32: "I", c_int64: "q", c_double: "d",
        c_void_p: "Q" if sizeof(c_void_p) == 8 else "I",
    }
    fmt, at = "=", 0  # native byte order, no implicit padding
    for name, kind in struct_type._fields_:
        offset = getattr(struct_type, name).offset
        if offset > at:
            fmt += "%dx" % (offset - at)
        fmt += codes[kind]
        at = offset + sizeof(kind)
    if sizeof(struct_type) > at:
        fmt += "%dx" % (sizeof(struct_type) - at)
    packer = struct.Struct(fmt)
    if packer.size != sizeof(struct_type):  # a field type this does not know
        raise ImportError("cannot lay out %s: %d bytes packed, %d in C"
                          % (struct_type.__name__, packer.size, sizeof(struct_type)))
    return packer


_ENTRY = _layout(_ffi.fold_snapshot_entry)


class _Entries:
    """The snapshot as the C entries, in pre-order, ready for the call:
    ``array`` (``count`` entries) and the bytes of every key and header in
    one buffer that the entries point into (kept alive with this object).
    Each entry is packed straight into the array: a ctypes Structure per
    entry, with its string addresses made one by one, cost ten times the
    engine's own work for a snapshot that changes nothing."""

    def __init__(
        self, sections: Iterable[Union[Snapshot, Mapping[str, Any], int]], children: bool = False
    ) -> None:
        # (kind, depth, key offset, header offset, rows, flags, heights, header h, footer h, row h);
        # offsets into `text`, -1 for NULL.
        rows: List[Tuple[int, int, int, int, int, int, int, float, float, float]] = []
        text = bytearray()

        def place(data: Optional[bytes]) -> int:
            if data is None:
                return -1
            at = len(text)
            text.extend(data)
            text.append(0)
            return at

        def run(count: Any, depth: int) -> None:
            rows.append((_ffi.SNAPSHOT_ROWS, depth, -1, -1, _int64(count, "rows"), 0, 0, 0.0, 0.0, 0.0))

        def child(item: Any, depth: int) -> None:
            if isinstance(item, numbers.Integral) and not isinstance(item, bool):
                run(item, depth)
            else:
                section(item, depth)

        def section(item: Any, depth: int) -> None:  # _section checks the type
            s = _section(item)
            key = place(_text(s.key, "key"))
            header = place(_text(s.header, "header", allow_none=True))
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
            if s.no_focus:
                flags |= _ffi.SECTION_NO_FOCUS
            if s.no_drop:
                flags |= _ffi.SECTION_NO_DROP
            heights, hh, fh, rh = 0, 0.0, 0.0, 0.0
            if s.header_height is not None:
                heights |= _ffi.SNAPSHOT_HEADER_HEIGHT
                hh = _float(s.header_height, "header height")
            if s.footer_height is not None:
                heights |= _ffi.SNAPSHOT_FOOTER_HEIGHT
                fh = _float(s.footer_height, "footer height")
            if s.row_height is not None:
                heights |= _ffi.SNAPSHOT_ROW_HEIGHT
                rh = _float(s.row_height, "row height")
            rows.append((_ffi.SNAPSHOT_SECTION, depth, key, header, 0, flags, heights, hh, fh, rh))
            if s.rows:
                run(s.rows, depth + 1)
            for grandchild in s.children:
                child(grandchild, depth + 1)

        for item in sections:
            if children:
                child(item, 0)
            else:
                section(item, 0)

        self.count = len(rows)
        self.text = (c_char * max(1, len(text))).from_buffer(text if text else bytearray(1))
        base = addressof(self.text)
        self.array = (_ffi.fold_snapshot_entry * self.count)()
        view = memoryview(self.array).cast("B")
        pack = _ENTRY.pack_into
        size = _ENTRY.size
        for i, (kind, depth, key, header, count, flags, heights, hh, fh, rh) in enumerate(rows):
            pack(view, i * size, kind, depth, 0 if key < 0 else base + key, 0 if header < 0 else base + header,
                 count, flags, heights, hh, fh, rh)


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


class _Snapshots:
    """The snapshot method of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard

        def _h(self) -> c_void_p: ...

    def apply_snapshot(self, sections: Iterable[Union[Snapshot, Mapping[str, Any]]]) -> SnapshotReport:
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
        entries = _Entries(sections)
        report = _ffi.fold_snapshot_report()
        with self._lock:
            _lib.fold_table_apply_snapshot(self._h(), entries.array, entries.count, byref(report))
        return _report(report)
