"""A section of a table (:class:`Section`), found by key, holding the
section id the library handed out underneath (internal module; re-exported
by :mod:`foldtable`).

The section's structure, header, collapsing, heights and rows are written
here; its load, selection and match methods are the mixins
:class:`~foldtable._loading._SectionLoading`,
:class:`~foldtable._selection._SectionSelection` and
:class:`~foldtable._filter._SectionFilter` it inherits, next to the
table's side of each concern. How a ``Section`` finds and caches its id,
and repeats a call whose id went stale, is their common base class in
``_section_id.py``. Section methods that work on the whole tree (inserting
subsections, moving) go through :class:`~foldtable.Table`'s.
"""

from __future__ import annotations

from ctypes import c_double, c_int64
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple, Union

from . import _ffi
from ._convert import (
    _buffer_path,
    _height_array,
    _height_or_default,
    _insertion_index,
    _int64,
    _out_struct,
    _rows_arguments,
    _text,
)
from ._errors import InvalidArgumentError, NotFoundError
from ._filter import _SectionFilter
from ._focus import set_section_flag
from ._loading import _SectionLoading
from ._section_id import _SectionId, _with_ids
from ._selection import _SectionSelection
from ._section_values import ChildRow, Heights

if TYPE_CHECKING:
    from ._table import Table

_lib = _ffi.lib


class Section(_SectionLoading, _SectionSelection, _SectionFilter, _SectionId):
    """One section of a :class:`Table`, at any depth, found by its key.

    A ``Section`` is a light handle: it stores the table, the key and the
    section id the library handed out (resolved from the key on first use
    and cached), and asks the library for everything else on each access.
    It stays valid while other sections are inserted, removed or moved, and
    while it moves itself. Once its own section is removed, every access
    raises :class:`NotFoundError` — until a section with the same key is
    added again, which the handle then names (it is found by key).

    Obtain one from :meth:`Table.append_section`, :meth:`Table.insert_section`,
    :meth:`Table.section`, :attr:`Table.sections`, :meth:`insert_subsection`
    or :attr:`children`. Two ``Section`` objects are equal when they name the
    same key of the same table.

    Rows are named by their index among the section's rows (``row``); a
    *child index* counts rows and subsections alike (:meth:`insert_child_rows`,
    :meth:`remove_children`, :attr:`children`). Every method works at any
    depth.
    """

    __slots__ = ()

    def __init__(self, table: "Table", key: str) -> None:
        self._table = table
        self._key = key
        self._id = 0  # not resolved yet (0 is FOLD_ROOT, never a section)

    @classmethod
    def _bound(cls, table: "Table", key: str, section_id: int) -> "Section":
        """A Section whose id is known already (from the library)."""
        section = cls(table, key)
        section._id = section_id
        return section

    # -- identity ----------------------------------------------------------

    @property
    def table(self) -> "Table":
        """The table this section belongs to."""
        return self._table

    @property
    def key(self) -> str:
        """The section's key."""
        return self._key

    @property
    def id(self) -> int:
        """The section id the library handed out for the section that has
        this key now (``fold_section_id``): valid while that section exists,
        never reused. The C functions take it; Python code rarely needs it.

        Raises:
            NotFoundError: no section has the key.
        """
        table = self._table
        with table._lock:
            return self._resolve()  # O(1); refreshes the cached id

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Section):
            return NotImplemented
        return self._table is other._table and self._key == other._key

    def __hash__(self) -> int:
        return hash((id(self._table), self._key))

    def __repr__(self) -> str:
        return "<foldtable.Section %r>" % (self._key,)

    # -- place in the tree ---------------------------------------------------

    @property
    def exists(self) -> bool:
        """False while no section has the key (removed, or the table closed)."""
        try:
            self._info()
        except (NotFoundError, InvalidArgumentError):
            return False
        return True

    @property
    def depth(self) -> int:
        """The nesting depth (0 = top level)."""
        return int(self._info().depth)

    @property
    def parent(self) -> "Optional[Section]":
        """The section this one is a child of; ``None`` at the top level."""
        table = self._table
        with table._lock:
            parent = self._info().parent
            if parent == _ffi.ROOT:
                return None
            return table._section_of(parent)

    @property
    def path(self) -> List[int]:
        """The child index at each level from the top down to this section
        (``[2]`` for the third top-level section, ``[2, 0]`` for its first child)."""
        table = self._table
        return _with_ids(
            table, [self],
            lambda ids: _buffer_path(_lib.fold_table_section_path, table._paths, table._h(), ids[0]),
        )

    @property
    def index(self) -> int:
        """The section's index among its parent's children (for a top-level
        section, its index in :attr:`Table.sections`): the last index of
        :attr:`path`."""
        return int(self._info().index)

    @property
    def child_count(self) -> int:
        """The number of children: rows and subsections."""
        return int(self._info().child_count)

    @property
    def children(self) -> "List[Union[ChildRow, Section]]":
        """The children in order: a :class:`ChildRow` for each row, a
        :class:`Section` for each subsection. A snapshot, read under the
        table's lock with one call per child."""
        table = self._table
        return _with_ids(table, [self], lambda ids: table._children(ids[0]))

    def insert_subsection(
        self,
        index: int,
        key: str,
        header: Optional[str] = "",
        rows: int = 0,
        *,
        collapsed: Optional[bool] = None,
        collapsible: bool = True,
        header_item: bool = True,
        loaded: bool = True,
        no_focus: bool = False,
        no_drop: bool = False,
    ) -> "Section":
        """Insert a section as child ``index`` (0 through :attr:`child_count`)
        and return it; as :meth:`Table.insert_section` with this section as
        the parent.

        Raises:
            OutOfRangeError: a bad index, or deeper than :data:`foldtable.MAX_DEPTH`.
            DuplicateKeyError, InvalidArgumentError: as :meth:`Table.append_section`.
        """
        return self._table.insert_section(
            index, key, header, rows, parent=self,
            collapsed=collapsed, collapsible=collapsible, header_item=header_item,
            loaded=loaded, no_focus=no_focus, no_drop=no_drop,
        )

    def append_subsection(
        self,
        key: str,
        header: Optional[str] = "",
        rows: int = 0,
        *,
        collapsed: Optional[bool] = None,
        collapsible: bool = True,
        header_item: bool = True,
        loaded: bool = True,
        no_focus: bool = False,
        no_drop: bool = False,
    ) -> "Section":
        """Add a section as the last child and return it; as
        :meth:`insert_subsection`."""
        return self._table.append_section(
            key, header, rows, parent=self,
            collapsed=collapsed, collapsible=collapsible, header_item=header_item,
            loaded=loaded, no_focus=no_focus, no_drop=no_drop,
        )

    def insert_child_rows(
        self, index: int, count: Optional[int] = None, heights: Optional[Heights] = None
    ) -> None:
        """Insert rows as children ``index`` .. ``index + count - 1`` (a child
        index counts rows and subsections alike). ``count``, ``heights`` and
        the errors as :meth:`insert_rows`."""
        at = _insertion_index(index, "index")
        number, array = _rows_arguments(count, heights)
        self._call(_lib.fold_table_insert_rows, at, number, array)

    def remove_children(self, index: int, count: int = 1) -> None:
        """Remove children ``index`` .. ``index + count - 1``, rows and
        subsections alike (with everything inside them).

        Raises:
            OutOfRangeError: the children are not all there.
        """
        at = _int64(index, "index")
        number = _int64(count, "count")
        self._call(_lib.fold_table_remove_children, at, number)

    def move_to(self, parent: "Optional[Union[str, Section]]", index: int) -> None:
        """Move this section (children and states with it) to be child
        ``index`` of ``parent`` (a key, a :class:`Section`, or ``None`` for
        the top level); ``index`` counts that parent's children without
        this section.

        Raises:
            InvalidArgumentError: ``parent`` is this section or inside it.
            OutOfRangeError: ``index`` is out of range, or too deep.
            NotFoundError: no section has the parent key.
        """
        at = _insertion_index(index, "index")
        table = self._table
        target = table._parent_ref(parent)
        _with_ids(
            table, [self, target],
            lambda ids: _lib.fold_table_move_section(table._h(), ids[0], ids[1], at),
        )

    def remove(self) -> None:
        """Remove this section with everything inside it."""
        self._call(_lib.fold_table_remove_section)

    # -- header --------------------------------------------------------------

    @property
    def header(self) -> str:
        """The header text, ``"Title|Detail"`` or ``"Title"``. Settable."""
        return self._read_text(_ffi.TEXT_HEADER)

    @header.setter
    def header(self, text: Optional[str]) -> None:
        self.set_header(text)

    def set_header(self, text: Optional[str]) -> None:
        """Replace the header text (``None`` means ``""``). Reported to
        change listeners as a redraw of the header."""
        data = _text(text, "header", allow_none=True)
        self._call(_lib.fold_table_set_section_header, data)

    @property
    def title(self) -> str:
        """The header text before its first ``'|'`` (all of it if none)."""
        return self._read_text(_ffi.TEXT_TITLE)

    @property
    def detail(self) -> Optional[str]:
        """The header text after its first ``'|'``; ``None`` if it has none."""
        return self._read_text_or_none(_ffi.TEXT_DETAIL)

    @property
    def has_header(self) -> bool:
        """False for a section inserted with ``header_item=False``: a group
        of rows only, with no header item in the flat list (never
        collapsible)."""
        return not self._info().flags & _ffi.SECTION_NO_HEADER

    # -- collapsing ----------------------------------------------------------

    def collapse(self) -> bool:
        """Collapse the section (hiding its whole subtree); True if its
        stored state changed. A section without children keeps the state
        for when it gets some (its header is redrawn).

        Raises:
            NotAllowedError: the section is not :attr:`collapsible`.
        """
        return self._flip(_lib.fold_table_collapse)

    def expand(self) -> bool:
        """Expand the section; True if its state changed. Subsections show
        again in the states they kept. A section that is not collapsible is
        expanded already (False)."""
        return self._flip(_lib.fold_table_expand)

    def toggle(self) -> bool:
        """Collapse an expanded section or expand a collapsed one; True if its
        state changed (False when a section listener refused).

        Raises:
            NotAllowedError: the section is not :attr:`collapsible`.
        """
        return self._flip(_lib.fold_table_toggle)

    @property
    def collapsed(self) -> bool:
        """The stored collapsed state. Setting it collapses or expands."""
        return bool(self._info().flags & _ffi.SECTION_COLLAPSED)

    @collapsed.setter
    def collapsed(self, value: bool) -> None:
        if value:
            self.collapse()
        else:
            self.expand()

    @property
    def collapsible(self) -> bool:
        """Whether the section may collapse (True unless it was inserted
        with ``collapsible=False`` or ``header_item=False``, or set so).
        Its header shows an indicator while it is collapsible and has
        children (:attr:`Item.collapsible`). Settable.

        Raises:
            NotAllowedError: (on setting False) the section is collapsed
                (expand it first); (on setting True) it has no header item.
        """
        return not self._info().flags & (_ffi.SECTION_FIXED | _ffi.SECTION_NO_HEADER)

    @collapsible.setter
    def collapsible(self, value: bool) -> None:
        self._call(_lib.fold_table_set_collapsible, 1 if value else 0)

    @property
    def indicator(self) -> str:
        """The header indicator: the collapsed string, the expanded string,
        or ``""`` for a section that is not collapsible now (no children,
        or fixed; see :meth:`Table.set_indicators`)."""
        return self._read_text(_ffi.TEXT_INDICATOR)

    # -- counts --------------------------------------------------------------

    @property
    def row_count(self) -> int:
        """The real number of rows (not subsections), collapsed or not."""
        return int(self._info().row_count)

    @property
    def visible_row_count(self) -> int:
        """The number of rows shown: 0 while collapsed, else :attr:`row_count`."""
        return int(self._info().visible_row_count)

    # -- section heights -------------------------------------------------------

    @property
    def heights(self) -> Tuple[float, float, float]:
        """The effective ``(header, footer, default row)`` heights."""
        info = self._info()
        return float(info.header_height), float(info.footer_height), float(info.row_height)

    def _set_height(self, which: int, value: Optional[float], what: str) -> None:
        height = _height_or_default(value, what)
        self._call(_lib.fold_table_set_section_height, which, height)

    @property
    def header_height(self) -> float:
        """The effective header height (0 without a header item). Set a
        number to override the table's default, or ``None`` to return to it."""
        return self.heights[0]

    @header_height.setter
    def header_height(self, value: Optional[float]) -> None:
        self._set_height(_ffi.HEIGHT_HEADER, value, "header_height")

    @property
    def footer_height(self) -> float:
        """The effective footer height (0 = no footer item). Set a number to
        override the table's default, or ``None`` to return to it."""
        return self.heights[1]

    @footer_height.setter
    def footer_height(self, value: Optional[float]) -> None:
        self._set_height(_ffi.HEIGHT_FOOTER, value, "footer_height")

    @property
    def default_row_height(self) -> float:
        """The height of this section's rows that have no height of their own.
        Set a number to override the table's default, or ``None`` to return
        to it. (Named so because :meth:`row_height` asks for one row.)"""
        return self.heights[2]

    @default_row_height.setter
    def default_row_height(self, value: Optional[float]) -> None:
        self._set_height(_ffi.HEIGHT_ROW, value, "default_row_height")

    # -- rows ----------------------------------------------------------------

    def insert_rows(
        self, row: int, count: Optional[int] = None, heights: Optional[Heights] = None
    ) -> None:
        """Insert rows before row ``row`` (0 through :attr:`row_count`; at
        :attr:`row_count` they go after every child).

        Args:
            row: where the new rows go, as a row index (rows only).
            count: how many rows; defaults to ``len(heights)``, or 1.
            heights: the new rows' heights (:data:`foldtable.HEIGHT_DEFAULT`
                allowed), or ``None`` for the section's default height.
                Any sequence of numbers, or a buffer of C doubles
                (``array('d')``, a NumPy float64 array, a ``memoryview`` of
                format ``d``), which the library reads where it is, without
                a copy (a read-only one is copied once, whole); a list of
                floats and ints is converted in one pass. Validated by the
                library before anything changes.

        Raises:
            OutOfRangeError: ``row`` or ``count`` is out of range.
            InvalidArgumentError: a height is invalid, or ``count`` differs
                from ``len(heights)``.
        """
        at = _insertion_index(row, "row")
        number, array = _rows_arguments(count, heights)
        table = self._table

        def call(ids: List[int]) -> None:
            handle = table._h()
            index = at
            info = _out_struct(_lib.fold_table_section_info, _ffi.fold_section_info, handle, ids[0])
            if info.child_count != info.row_count:
                # Subsections among the rows: the row index becomes a child
                # index (after every child at row_count; the library checks
                # any other index while answering).
                if at == info.row_count:
                    index = _ffi.INDEX_END
                else:
                    index = _out_struct(
                        _lib.fold_table_row_info, _ffi.fold_row_info, handle, ids[0], at
                    ).child_index
            _lib.fold_table_insert_rows(handle, ids[0], index, number, array)

        _with_ids(table, [self], call)

    def append_rows(self, count: Optional[int] = None, heights: Optional[Heights] = None) -> None:
        """Add rows after the section's last child; as :meth:`insert_rows`."""
        number, array = _rows_arguments(count, heights)
        self._call(_lib.fold_table_insert_rows, _ffi.INDEX_END, number, array)

    def remove_rows(self, row: int, count: int = 1) -> None:
        """Remove rows ``row`` .. ``row + count - 1``.

        Raises:
            OutOfRangeError: the rows are not all in the section.
        """
        at = _int64(row, "row")
        number = _int64(count, "count")
        self._call(_lib.fold_table_remove_rows, at, number)

    def row_height(self, row: int) -> float:
        """The height of row ``row``: its own, or the section's default
        (not its expanded height; see :meth:`expanded_height`)."""
        return float(self._row(row).height)

    def set_row_height(self, row: int, height: Optional[float]) -> None:
        """Set the height of row ``row``; ``None`` returns it to the
        section's default row height."""
        at = _int64(row, "row")
        value = _height_or_default(height, "height")
        self._call(_lib.fold_table_set_row_height, at, value)

    def set_row_heights(self, row: int, heights: Union[Sequence[Optional[float]], Heights]) -> None:
        """Set the heights of rows ``row`` .. ``row + len(heights) - 1`` in one
        call (``None`` entries, or :data:`foldtable.HEIGHT_DEFAULT`, return a
        row to the default). ``heights`` may be a buffer of C doubles, read
        without a copy, as in :meth:`insert_rows`. The library validates
        every value before anything changes."""
        at = _int64(row, "row")
        number, array = _height_array(heights, allow_default=True)
        self._call(_lib.fold_table_set_row_heights, at, number, array)

    # -- expandable rows -------------------------------------------------------

    def set_expanded_height(self, row: int, height: Optional[float]) -> None:
        """Set row ``row``'s expanded height; ``None`` removes it (and
        collapses the row). The row is expandable while its expanded height
        is larger than its height; a row that stops being so collapses."""
        at = _int64(row, "row")
        value = _height_or_default(height, "height")
        self._call(_lib.fold_table_set_row_expanded_height, at, value)

    def expanded_height(self, row: int) -> Optional[float]:
        """Row ``row``'s expanded height, or ``None`` if it has none (or,
        with an expanded-height provider, none is known yet)."""
        value = float(self._row(row).expanded_height)
        return None if value == _ffi.HEIGHT_DEFAULT else value

    def expand_row(self, row: int) -> bool:
        """Expand row ``row``; True if its state changed. A row that is not
        expandable does not change (an unknown expanded height is asked of
        the expanded-height provider first). Under :attr:`Accordion.SINGLE` /
        :attr:`Accordion.PER_SECTION` the expanded row of the table / of
        this section collapses first."""
        return self._flip(_lib.fold_table_expand_row, _int64(row, "row"))

    def collapse_row(self, row: int) -> bool:
        """Collapse row ``row``; True if its state changed."""
        return self._flip(_lib.fold_table_collapse_row, _int64(row, "row"))

    def toggle_row(self, row: int) -> bool:
        """Expand row ``row`` if it is collapsed (as :meth:`expand_row`), or
        collapse it; True if its state changed."""
        return self._flip(_lib.fold_table_toggle_row, _int64(row, "row"))

    def is_row_expanded(self, row: int) -> bool:
        """True if row ``row`` is expanded."""
        return bool(self._row(row).flags & _ffi.ITEM_FLAG_EXPANDED)

    def is_row_expandable(self, row: int) -> bool:
        """True if row ``row``'s expanded height exceeds its height."""
        return bool(self._row(row).flags & _ffi.ITEM_FLAG_EXPANDABLE)

    # -- positions -----------------------------------------------------------

    @property
    def header_position(self) -> int:
        """The position of the section's header in the flat list.

        Raises:
            NotVisibleError: a section that contains this one is collapsed.
            NotFoundError: the section has no header item.
        """
        return int(self._get(_lib.fold_table_header_position, c_int64))

    def row_position(self, row: int) -> int:
        """The position of row ``row`` in the flat list.

        Raises:
            NotVisibleError: this section or one containing it is collapsed
                (a ``LookupError``).
            OutOfRangeError: no such row.
        """
        at = _int64(row, "row")
        return int(self._get(_lib.fold_table_row_position, c_int64, at))

    @property
    def footer_position(self) -> int:
        """The position of the section's footer.

        Raises:
            NotFoundError: the section has no footer (footer height 0).
            NotVisibleError: a section that contains this one is collapsed.
        """
        return int(self._get(_lib.fold_table_footer_position, c_int64))

    # -- scrolling -----------------------------------------------------------

    def reveal_offset(
        self,
        rows: int = 5,
        *,
        offset: Optional[float] = None,
        viewport_height: Optional[float] = None,
    ) -> float:
        """After expanding this section: the offset that shows its header and
        up to its first ``rows`` children, scrolling as little as possible
        (the header goes to the top when they do not fit), for a viewport of
        ``viewport_height`` now at ``offset`` (both default to the table's
        :attr:`Table.viewport`).

        Raises:
            NotVisibleError: a section containing this one is collapsed.
            InvalidArgumentError: bad values, or no viewport to default to.
        """
        count = _int64(rows, "rows")
        table = self._table
        with table._lock:
            start, extent = table._viewport_arguments(offset, viewport_height)
            return float(self._get(_lib.fold_table_reveal_offset, c_double, count, start, extent))

    def reveal_row(self, row: int, expand_ancestors: bool = False) -> int:
        """The position of row ``row``. With ``expand_ancestors``, the
        collapsed sections that hide it (this one included) are expanded
        first, reported like any expansion: all or nothing, every section
        listener is asked about every one of them before any expands.

        Raises:
            NotVisibleError: the row is hidden and ``expand_ancestors`` is
                False, or a section listener refused to expand one of them
                (then nothing changed).
            OutOfRangeError: no such row.
        """
        at = _int64(row, "row")
        flag = 1 if expand_ancestors else 0
        return int(self._get(_lib.fold_table_reveal_row, c_int64, at, flag))

    # -- lazy heights --------------------------------------------------------

    def invalidate_row_height(self, row: int) -> None:
        """Forget row ``row``'s measured height (and an expanded height the
        provider answered) so the providers are asked again (see
        :meth:`Table.measure`)."""
        at = _int64(row, "row")
        self._call(_lib.fold_table_invalidate_heights, at)

    def invalidate_heights(self) -> None:
        """Forget the measured heights of every row of this section and of
        its header."""
        self._call(_lib.fold_table_invalidate_heights, -1)

    # -- focus and drop flags ------------------------------------------------------------

    @property
    def no_focus(self) -> bool:
        """True when the section's header, footer, placeholder and own rows
        take no keyboard focus: navigation passes over them (its rows in one
        step, whatever their number); its subsections are not affected.
        Settable; a focused item keeps focus until it moves. Nothing is
        redrawn. O(depth · log n)."""
        return bool(self._info().flags & _ffi.SECTION_NO_FOCUS)

    @no_focus.setter
    def no_focus(self, value: bool) -> None:
        set_section_flag(self, _ffi.SECTION_NO_FOCUS, bool(value))

    @property
    def no_drop(self) -> bool:
        """True when dragged items cannot be dropped into the section
        (:meth:`Table.drop_target` offers no place inside it and
        :meth:`Table.drop` raises :class:`NotAllowedError`); it can still be
        dragged elsewhere. Settable; nothing is redrawn. O(depth · log n)."""
        return bool(self._info().flags & _ffi.SECTION_NO_DROP)

    @no_drop.setter
    def no_drop(self, value: bool) -> None:
        set_section_flag(self, _ffi.SECTION_NO_DROP, bool(value))
