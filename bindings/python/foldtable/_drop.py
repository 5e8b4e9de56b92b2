"""Drag and drop (internal): :meth:`~foldtable.Table.drop_target`,
:meth:`~foldtable.Table.drop` and :attr:`~foldtable.Section.no_drop`, over
the header's "Drag and drop" functions: the mixin :class:`_Drop`, a base of
:class:`~foldtable.Table` (``no_drop`` is a section flag, set in
``_section.py``).

Where dragged items would land (before, after or into an item, the depth
following x in a gap where several levels end) and which places refuse
them are the library's rules; this module turns the dragged items (sections,
``(section, row)`` pairs, runs of the selection) into ``fold_item_ref``
arrays and the answer into a :class:`~foldtable.DropTarget`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Tuple, Union, cast

from . import _errors, _ffi
from ._callbacks import _Guard
from ._convert import _float, _insertion_index, _int64, _out_struct
from ._errors import OutOfRangeError
from ._section import Section
from ._section_id import _with_ids
from ._input_values import DropKind, DropTarget
from ._section_values import SelectedRun

if TYPE_CHECKING:
    from ctypes import c_void_p

    from ._table import Table

_lib = _ffi.lib

#: One dragged item: a section (a :class:`Section` or its key) as a whole,
#: a ``(section, row)`` pair for a row, or a :class:`SelectedRun` (from
#: :attr:`Table.selection`) for its rows or section.
DragItem = Union["Section", str, Tuple[Union["Section", str], int], SelectedRun]


def _items(self: Table, items: Any, what: str) -> Tuple[List["Section"], List[Tuple[int, int]]]:
    """The distinct sections named by ``items`` and, per dragged item, (index
    of its section in that list, row or -1), in the order given."""
    if isinstance(items, (Section, str, SelectedRun)):
        items = [items]  # one item alone
    try:
        iterator = iter(items)
    except TypeError:
        raise TypeError(
            "%s must be an iterable of Sections, keys, (section, row) pairs or "
            "SelectedRuns, not %s" % (what, type(items).__name__)
        ) from None
    sections: List[Section] = []
    index_of: Dict[Section, int] = {}
    refs: List[Tuple[int, int]] = []

    def section_index(section: Any) -> int:
        if not isinstance(section, (Section, str)):
            raise TypeError(
                "a dragged item's section must be a Section or a key, not %s"
                % type(section).__name__
            )
        ref = self._parent_ref(section)  # another table's Section is refused here
        assert ref is not None
        if ref not in index_of:
            index_of[ref] = len(sections)
            sections.append(ref)
        return index_of[ref]

    for item in iterator:
        if isinstance(item, SelectedRun):
            at = section_index(item.section)
            if item.row is None:
                refs.append((at, -1))
            else:
                refs.extend((at, row) for row in range(item.row, item.row + item.length))
        elif isinstance(item, (Section, str)):
            refs.append((section_index(item), -1))
        elif isinstance(item, tuple) and len(item) == 2:
            row = _int64(item[1], "row")
            if row < 0:
                raise OutOfRangeError(
                    _errors.E_RANGE,
                    "row %d is negative (a whole section is named by its Section alone)" % row,
                )
            refs.append((section_index(item[0]), row))
        else:
            raise TypeError(
                "a dragged item is a Section, a key, a (section, row) pair or a "
                "SelectedRun, not %r" % (item,)
            )
    return sections, refs


def _ref_array(ids: List[int], refs: List[Tuple[int, int]]) -> Any:
    """A fold_item_ref array for ``refs`` (None when empty: C's NULL, 0)."""
    if not refs:
        return None
    array = (_ffi.fold_item_ref * len(refs))()
    for slot, (at, row) in zip(array, refs):
        slot.section = ids[at]
        slot.row = row
    return array


class _Drop:
    """The drag-and-drop methods of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard

        def _h(self) -> c_void_p: ...

        def _section_of(self, section_id: int) -> Section: ...

        def _parent_ref(self, parent: "Optional[Union[str, Section]]") -> Optional[Section]: ...

    def drop_target(
        self,
        x: float,
        y: float,
        indent_width: float = 1.0,
        dragged: Optional[Iterable[DragItem]] = None,
    ) -> DropTarget:
        """Where ``dragged`` would land if dropped at (``x``, ``y``), in content
        coordinates (``y`` as for :meth:`item_at_offset`; ``x`` from the list's
        left edge, ``indent_width`` points per nesting level: the default 1
        reads ``x`` as a level). Returns a :class:`DropTarget`: BEFORE a child
        (draw a line), INTO a section (highlight it), or NONE.

        The library's rule, as VS Code's tree and Qt's views do it: a header's
        top quarter drops before its section, its middle half into it, its
        bottom quarter before its first child (after the section when it shows
        none); a row's top half before it, its bottom half after it; in a gap
        where several levels end, ``x`` picks the level. A section cannot be
        dropped into its own subtree, nor anything into a
        :attr:`Section.no_drop` section or an unloaded one, nor rows at the top
        level: those places are NONE. ``dragged`` is a list of sections
        (:class:`Section` or key), ``(section, row)`` pairs and
        :class:`SelectedRun` (``dragged=table.selection``); ``None`` for a drag
        from elsewhere (every place is open but ``no_drop`` and unloaded
        sections). For NONE, ``parent`` is ``None`` and ``index`` and
        ``position`` are -1. Nothing changes. O(d · depth · log n) for d dragged items.

        Raises:
            InvalidArgumentError: ``x``, ``y`` or ``indent_width`` not finite,
                or ``indent_width`` <= 0; an item named twice; a Section of
                another table.
            NotFoundError: a dragged section or row does not exist.
            OutOfRangeError: a negative row.
        """
        px, py, width = _float(x, "x"), _float(y, "y"), _float(indent_width, "indent_width")
        with self._lock:
            sections, refs = _items(cast("Table", self), [] if dragged is None else dragged, "dragged")

            def call(ids: List[int]) -> Any:
                return _out_struct(
                    _lib.fold_table_drop_target, _ffi.fold_drop_target, self._h(), px, py, width,
                    _ref_array(ids, refs), len(refs),
                )

            out = _with_ids(cast("Table", self), sections, call)
            parent = None if out.parent == _ffi.ROOT else self._section_of(out.parent)
        return DropTarget(
            kind=DropKind(out.kind),
            depth=int(out.depth),
            parent=parent,
            index=int(out.index),
            position=int(out.position),
            line_y=float(out.line_y),
            line_x=float(out.line_x),
            highlight_top=float(out.highlight_top),
            highlight_height=float(out.highlight_height),
        )

    def drop(
        self,
        parent: "Optional[Union[str, Section]]",
        index: int,
        items: Iterable[DragItem],
    ) -> None:
        """Move ``items`` (as for :meth:`drop_target`'s ``dragged``) to be
        children of ``parent`` (a :class:`Section`, a key, or ``None`` for the
        top level) before child ``index``, counted before the move (as a
        :class:`DropTarget` gives them: ``table.drop(target.parent,
        target.index, items)``). They end consecutive, in the order given, in
        one change set whose :attr:`ChangeSet.moves` list them (inside a
        :meth:`batch`, part of the batch's); their selection, expanded and
        collapsed states go with them. A row or section dragged together with a
        section that holds it goes with that section. A drop that leaves
        everything where it is, or of no items, reports nothing. Everything is
        checked first; a failure changes nothing. O(d · depth · log n) for d
        items.

        Raises:
            InvalidArgumentError: a section moved into its own subtree, rows at
                the top level, an item named twice, a Section of another table.
            NotAllowedError: ``parent`` is :attr:`Section.no_drop` or not loaded.
            NotFoundError: a section or row does not exist.
            OutOfRangeError: a bad ``index``, a negative row, or sections nested
                deeper than :data:`foldtable.MAX_DEPTH`.
            BusyError: called from inside a listener.
        """
        at = _insertion_index(index, "index")
        with self._lock:
            target = self._parent_ref(parent)
            sections, refs = _items(cast("Table", self), items, "items")

            def call(ids: List[int]) -> None:
                _lib.fold_table_drop(self._h(), ids[0], at, _ref_array(ids[1:], refs), len(refs))

            _with_ids(cast("Table", self), [target, *sections], call)
