"""The sections of a table (internal): finding, inserting, moving and
removing them, by key, index or path, and the section states: the mixin
:class:`_Tree`, a base of :class:`~foldtable.Table`, kept apart from its
lifetime, geometry and listeners (``_table.py``)."""

from __future__ import annotations

import ctypes
import numbers
from ctypes import byref, c_int32, c_int64, c_void_p
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Sequence, Tuple, Union, cast

from . import _errors, _ffi
from ._convert import (
    _buffer_path,
    _PathBuffer,
    _TextBuffer,
    _insertion_index,
    _int64,
    _out,
    _out_struct,
    _outs,
    _path,
    _rows_arguments,
    _text,
)
from ._callbacks import _Guard
from ._errors import InvalidArgumentError
from ._section import Section
from ._sections_view import SectionsView
from ._section_id import _with_ids
from ._section_values import ChildRow, Heights, KeyOrIndex, Path

if TYPE_CHECKING:
    from ._table import Table

_lib = _ffi.lib

#: A parent argument: a key, a Section, or None for the top level.
Parent = Optional[Union[str, Section]]


def _child_at(handle: Any, parent: int, index: int) -> Tuple[int, int, int]:
    """(FOLD_CHILD_* kind, section id, row index) of child ``index`` of
    ``parent``: a section's id, or a row's index among its section's rows."""
    kind, child, row = _outs(
        _lib.fold_table_child_at, (c_int32, _ffi.section_id, c_int64), handle, parent, index
    )
    return kind, child, row


class _Tree:
    """The methods of :class:`~foldtable.Table` for its sections and paths."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's, used here
        _lock: _Guard
        _paths: _PathBuffer
        _texts: _TextBuffer

        def _h(self) -> c_void_p: ...

    @property
    def sections(self) -> SectionsView:
        """A live view of the top-level sections, indexable by int or by key.

        ``len(table.sections)``, ``table.sections[0]``,
        ``table.sections["Mac"]``, ``"Mac" in table.sections``,
        ``for section in table.sections``, ``table.sections.keys()``.
        Nested sections are reached with :meth:`section` (by key) or
        :attr:`Section.children`.
        """
        return SectionsView(cast("Table", self))

    # -- helpers (call with the lock held) ------------------------------------

    def _key_of(self, section_id: int) -> str:
        return self._texts.read(self._h(), section_id, _ffi.TEXT_KEY)

    def _section_of(self, section_id: int) -> Section:
        """The Section for an id the library just handed out."""
        return Section._bound(cast("Table", self), self._key_of(section_id), section_id)

    def _top_level_id(self, index: int) -> int:
        """The id of top-level section ``index`` (the library checks it)."""
        return _child_at(self._h(), _ffi.ROOT, _int64(index, "section index"))[1]

    def _index(self, key_or_index: KeyOrIndex) -> int:
        """The index of a *top-level* section named by key or index. An int
        is passed through unchecked: the library checks it where it is used.
        A nested key is InvalidArgumentError: it has no top-level index."""
        if isinstance(key_or_index, str):
            with self._lock:
                section = Section(cast("Table", self), key_or_index)
                info = section._info()
            if info.depth != 0:
                raise InvalidArgumentError(
                    _errors.E_INVALID,
                    "section %r is nested (depth %d): it has no top-level index"
                    % (key_or_index, info.depth),
                )
            return int(info.index)
        if isinstance(key_or_index, bool) or not isinstance(key_or_index, numbers.Integral):
            raise TypeError(
                "a section is named by its key (str) or index (int), not %s"
                % type(key_or_index).__name__
            )
        return _int64(key_or_index, "section index")

    def _parent_ref(self, parent: Parent) -> Optional[Section]:
        """A parent argument as a Section (None for the top level)."""
        if parent is None:
            return None
        if isinstance(parent, Section):
            if parent._table is not self:
                raise InvalidArgumentError(
                    _errors.E_INVALID, "section %r belongs to another table" % (parent.key,)
                )
            return parent
        _text(parent, "parent")  # the type and a NUL are the binding's to check
        return Section(cast("Table", self), parent)

    def _children(self, parent: int) -> "List[Union[ChildRow, Section]]":
        """The children of ``parent`` (an id, or FOLD_ROOT)."""
        handle = self._h()
        count = _out(_lib.fold_table_child_count, c_int64, handle, parent)
        # One call per child into outputs made once (not _child_at's three new
        # ones per call: a section may hold millions of rows).
        kind = c_int32()
        child = _ffi.section_id()
        row = c_int64()
        outputs = (byref(kind), byref(child), byref(row))
        result: List[Union[ChildRow, Section]] = []
        for index in range(count):
            _lib.fold_table_child_at(handle, parent, index, *outputs)
            if kind.value == _ffi.CHILD_SECTION:
                result.append(self._section_of(child.value))
            else:
                result.append(ChildRow(row.value))
        return result

    def _path_target(self, path: Path, what: str = "path") -> Tuple[int, int]:
        """(parent id, child index) named by a path: its leading indices name
        the parent (FOLD_ROOT for a one-index path), its last the child."""
        array, length = _path(path, what)
        if length == 0:
            # The library's word on an empty path.
            _out(_lib.fold_table_section_at_path, _ffi.section_id, self._h(), array, 0)
        last = _insertion_index(array[length - 1], what + " index")
        if length == 1:
            return _ffi.ROOT, last
        parent = _out(_lib.fold_table_section_at_path, _ffi.section_id, self._h(), array, length - 1)
        return parent, last

    # -- sections ------------------------------------------------------------

    def section(self, key_or_index: KeyOrIndex) -> Section:
        """The :class:`Section` with this key (at any depth) or at this
        top-level index.

        Raises:
            NotFoundError: no section has the key (a ``KeyError``).
            OutOfRangeError: the index is not a top-level section's (an
                ``IndexError``).
        """
        with self._lock:
            if isinstance(key_or_index, str):
                section = Section(cast("Table", self), key_or_index)
                section._resolve()  # raises NotFoundError if absent
                return section
            return self._section_of(self._top_level_id(self._index(key_or_index)))

    def append_section(
        self,
        key: str,
        header: Optional[str] = "",
        rows: int = 0,
        *,
        parent: Parent = None,
        collapsed: Optional[bool] = None,
        collapsible: bool = True,
        header_item: bool = True,
        loaded: bool = True,
        no_focus: bool = False,
        no_drop: bool = False,
    ) -> Section:
        """Add a section at the end of the top level (or of ``parent``'s
        children) and return it, in one change.

        Args:
            key: a non-empty key, unique in the whole table.
            header: the header text, ``"Title|Detail"`` or just ``"Title"``
                (``None`` means ``""``).
            rows: the number of rows, all of the default height.
            parent: ``None`` for the top level, or the key or
                :class:`Section` to add the section to as its last child.
            collapsed: ``True``: it starts collapsed (an empty section keeps
                the state for when it gets children); ``False``: it starts
                expanded; ``None`` (the default): as the table's
                ``start_collapsed`` option says (for collapsible sections).
            collapsible: ``False`` makes it fixed: no indicator, and
                :meth:`Section.collapse` raises :class:`NotAllowedError`.
            header_item: ``False`` gives it no header item: a group of rows
                only, never collapsible.
            loaded: ``False`` inserts it before its children are known (a
                folder in a file tree): it has none, shows collapsed and
                expandable, and expanding it starts a load (see
                :meth:`set_loader`). ``rows`` must then be 0. With
                ``collapsed=False`` it starts expanded and loading at once
                (its placeholder in the insertion's change set, then the
                loader's ``start``).
            no_focus: its header, footer, placeholder and own rows take no
                keyboard focus (:attr:`Section.no_focus`).
            no_drop: dragged items cannot be dropped into it
                (:attr:`Section.no_drop`).

        Raises:
            DuplicateKeyError: another section has this key (a ``ValueError``).
            InvalidArgumentError: the key is empty or a string is invalid,
                or ``collapsed=True`` with ``collapsible=False`` or
                ``header_item=False`` (a section that cannot collapse cannot
                start collapsed).
            OutOfRangeError: ``rows`` is negative or too large, or the new
                section would be deeper than :data:`foldtable.MAX_DEPTH`.
            NotFoundError: no section has the parent key.
        """
        return self._insert_section(
            _ffi.INDEX_END, key, header, rows, parent, collapsed, collapsible, header_item, loaded,
            no_focus=no_focus, no_drop=no_drop,
        )

    def insert_section(
        self,
        index: int,
        key: str,
        header: Optional[str] = "",
        rows: int = 0,
        *,
        parent: Parent = None,
        collapsed: Optional[bool] = None,
        collapsible: bool = True,
        header_item: bool = True,
        loaded: bool = True,
        no_focus: bool = False,
        no_drop: bool = False,
    ) -> Section:
        """Insert a section so that it becomes child ``index`` of ``parent``
        (``None``: the top level, where ``index`` is the section index) and
        return it. ``index`` goes from 0 through the parent's child count;
        in a section it counts rows and subsections alike. Arguments and
        errors as :meth:`append_section`, plus :class:`OutOfRangeError` for
        a bad index."""
        return self._insert_section(
            _insertion_index(index, "index"), key, header, rows, parent,
            collapsed, collapsible, header_item, loaded, no_focus=no_focus, no_drop=no_drop,
        )

    def _insert_section(
        self,
        position: int,
        key: str,
        header: Optional[str],
        rows: int,
        parent: Parent,
        collapsed: Optional[bool],
        collapsible: bool,
        header_item: bool,
        loaded: bool = True,
        *,
        no_focus: bool = False,
        no_drop: bool = False,
    ) -> Section:
        key_bytes = _text(key, "key")
        header_bytes = _text(header, "header", allow_none=True)
        count = _int64(rows, "rows")
        flags = 0
        if collapsed:
            flags |= _ffi.SECTION_COLLAPSED
        elif collapsed is not None:
            flags |= _ffi.SECTION_EXPANDED
        if not collapsible:
            flags |= _ffi.SECTION_FIXED
        if not header_item:
            flags |= _ffi.SECTION_NO_HEADER
        if not loaded:
            flags |= _ffi.SECTION_UNLOADED
        if no_focus:
            flags |= _ffi.SECTION_NO_FOCUS
        if no_drop:
            flags |= _ffi.SECTION_NO_DROP
        with self._lock:
            target = self._parent_ref(parent)
            new_id: int = _with_ids(
                cast("Table", self), [target],
                lambda ids: _out(
                    _lib.fold_table_insert_section, _ffi.section_id, self._h(), ids[0],
                    position, key_bytes, header_bytes, count, flags,
                ),
            )
        return Section._bound(cast("Table", self), key, new_id)

    def remove_section(self, key_or_index: KeyOrIndex) -> None:
        """Remove a section with everything inside it: by key at any depth,
        or by top-level index.

        Raises:
            NotFoundError: no section has the key.
            OutOfRangeError: the index is not a top-level section's.
        """
        with self._lock:
            if isinstance(key_or_index, str):
                Section(cast("Table", self), key_or_index).remove()
            else:
                section = self._top_level_id(self._index(key_or_index))
                _lib.fold_table_remove_section(self._h(), section)

    def move_section(self, key_or_index: KeyOrIndex, to: int) -> None:
        """Move a section among its siblings so that it ends at index ``to``
        (0 .. sibling count - 1): by key at any depth, or by top-level
        index. Its key, children and states move with it. To move a section
        to another parent, use :meth:`Section.move_to`.

        Raises:
            NotFoundError: no section has the key.
            OutOfRangeError: an index is out of range.
        """
        target = _insertion_index(to, "to")
        with self._lock:
            if isinstance(key_or_index, str):
                section = Section(cast("Table", self), key_or_index)
                _with_ids(
                    cast("Table", self), [section],
                    lambda ids: _lib.fold_table_move_section(
                        self._h(), ids[0], section._info().parent, target
                    ),
                )
            else:
                moved = self._top_level_id(self._index(key_or_index))
                _lib.fold_table_move_section(self._h(), moved, _ffi.ROOT, target)

    # -- paths ---------------------------------------------------------------

    def section_at_path(self, path: Path) -> Section:
        """The :class:`Section` a path names (every index must name a section).

        Raises:
            OutOfRangeError: an index is out of range, or the path is empty
                or too long.
            InvalidArgumentError: an index names a row, not a section.
        """
        array, length = _path(path)
        with self._lock:
            found = _out(_lib.fold_table_section_at_path, _ffi.section_id, self._h(), array, length)
            return self._section_of(found)

    def path_position(self, path: Path) -> int:
        """The flat position of what a path names: a section's header, or a row.

        Raises:
            NotVisibleError: it is inside a collapsed section (a ``LookupError``).
            OutOfRangeError: an index is out of range.
        """
        with self._lock:
            parent, index = self._path_target(path)
            handle = self._h()
            kind, child, row = _child_at(handle, parent, index)
            if kind == _ffi.CHILD_SECTION:
                return _out(_lib.fold_table_header_position, c_int64, handle, child)
            return _out(_lib.fold_table_row_position, c_int64, handle, parent, row)

    def _item(self, position: int) -> _ffi.fold_item:
        index = _int64(position, "position")
        item: _ffi.fold_item = _out_struct(_lib.fold_table_item_at, _ffi.fold_item, self._h(), index)
        return item

    def item_path(self, position: int) -> List[int]:
        """The path of the item at ``position``: its section's path, plus the
        row's child index for a row (a footer has its section's path).

        Raises:
            OutOfRangeError: no item has this position.
        """
        with self._lock:
            item = self._item(position)
            handle = self._h()
            path = _buffer_path(_lib.fold_table_section_path, self._paths, handle, item.section)
            if item.row >= 0:
                info = _out_struct(
                    _lib.fold_table_row_info, _ffi.fold_row_info, handle, item.section, item.row
                )
                path.append(int(info.child_index))
            return path

    def item_key(self, position: int) -> str:
        """The key of the section the item at ``position`` belongs to.

        Raises:
            OutOfRangeError: no item has this position.
        """
        with self._lock:
            return self._key_of(self._item(position).section)

    def item_section(self, position: int) -> Section:
        """The :class:`Section` the item at ``position`` belongs to (for a
        :class:`StickyHeader`, pass its position).

        Raises:
            OutOfRangeError: no item has this position.
        """
        with self._lock:
            return self._section_of(self._item(position).section)

    def insert_section_at_path(
        self, path: Path, key: str, header: Optional[str] = "", rows: int = 0
    ) -> Section:
        """Insert a section at ``path`` and return it: the path's last index
        is the child index in the section the leading indices name (the top
        level for a one-index path). Other arguments as :meth:`append_section`.

        Raises:
            OutOfRangeError: the path is out of range or too deep.
            InvalidArgumentError: a leading index names a row.
            DuplicateKeyError: as :meth:`append_section`.
        """
        key_bytes = _text(key, "key")
        header_bytes = _text(header, "header", allow_none=True)
        count = _int64(rows, "rows")
        with self._lock:
            parent, index = self._path_target(path)
            new_id = _out(
                _lib.fold_table_insert_section, _ffi.section_id, self._h(), parent, index,
                key_bytes, header_bytes, count, 0,
            )
            return Section._bound(cast("Table", self), key, new_id)

    def insert_rows_at_path(
        self, path: Path, count: Optional[int] = None, heights: Optional[Heights] = None
    ) -> None:
        """Insert rows at ``path``: its last index is the child index of the
        first new row in the section the leading indices name (rows cannot
        go at the top level). ``count`` and ``heights`` as
        :meth:`Section.insert_rows`.

        Raises:
            OutOfRangeError: the path or count is out of range.
            InvalidArgumentError: a one-index path (the top level), or a bad height.
        """
        number, heights_array = _rows_arguments(count, heights)
        with self._lock:
            parent, index = self._path_target(path)
            _lib.fold_table_insert_rows(self._h(), parent, index, number, heights_array)

    def remove_at_path(self, path: Path, count: int = 1) -> None:
        """Remove ``count`` children starting at ``path`` (rows and sections
        alike, sections with everything inside them).

        Raises:
            OutOfRangeError: the path or count is out of range.
        """
        number = _int64(count, "count")
        with self._lock:
            parent, index = self._path_target(path)
            _lib.fold_table_remove_children(self._h(), parent, index, number)

    def move_at_path(self, from_path: Path, to_path: Path) -> None:
        """Move the row or section at ``from_path`` so that it ends at
        ``to_path``, whose last index counts the target's children without
        the moved one. A row keeps its heights and expanded state and must
        land in a section; a section cannot move into its own subtree.

        Raises:
            OutOfRangeError: a path is out of range.
            InvalidArgumentError: a section into its own subtree, or a row
                to the top level.
        """
        with self._lock:
            parent, index = self._path_target(from_path, "from_path")
            target, target_index = self._path_target(to_path, "to_path")
            handle = self._h()
            kind, child, row = _child_at(handle, parent, index)
            if kind == _ffi.CHILD_SECTION:
                _lib.fold_table_move_section(handle, child, target, target_index)
            else:
                _lib.fold_table_move_row(handle, parent, row, target, target_index)

    # -- section states and expanded rows -------------------------------------

    def collapse_all(self) -> int:
        """Collapse every collapsible section that has children; return how
        many changed. O(s) for s sections, in one pass."""
        with self._lock:
            return _out(_lib.fold_table_collapse_all, c_int64, self._h())

    def expand_all(self) -> int:
        """Expand every collapsible section that has children; return how
        many changed. O(s) for s sections, in one pass."""
        with self._lock:
            return _out(_lib.fold_table_expand_all, c_int64, self._h())

    def section_states(self) -> List[Tuple[str, bool]]:
        """The stored ``(key, collapsed)`` state of every section, nested
        ones included, in the library's section order, read in one call (a
        consistent snapshot)."""
        return self._keyed_array(_lib.fold_table_section_states, _ffi.fold_section_state,
                                 lambda key, entry: (key, bool(entry.collapsed)))

    def set_indicators(self, collapsed: str, expanded: str) -> None:
        """Set the strings :attr:`Section.indicator` shows for collapsed and
        expanded sections (defaults ``"+"`` and ``"\\u2013"``, an en dash)."""
        collapsed_bytes = _text(collapsed, "collapsed")
        expanded_bytes = _text(expanded, "expanded")
        with self._lock:
            _lib.fold_table_set_indicators(self._h(), collapsed_bytes, expanded_bytes)

    def expanded_rows(self) -> List[Tuple[str, int]]:
        """Every expanded row as ``(section key, row index)``, in list order,
        read in one call."""
        return self._keyed_array(_lib.fold_table_expanded_rows, _ffi.fold_row_ref,
                                 lambda key, entry: (key, int(entry.row)))

    def _keyed_array(self, fn: Any, entry_type: Any, convert: Callable[[str, Any], Any]) -> List[Any]:
        """Reads one of the library's "entries followed by their keys"
        allocations (``fn(table, &entries, &count)``), converts each entry
        with its decoded key, and frees the allocation."""
        with self._lock:
            entries, count = _outs(fn, (c_void_p, c_int64), self._h())
        if not entries:
            return []
        try:
            array = ctypes.cast(entries, ctypes.POINTER(entry_type))
            result = []
            for i in range(count):
                entry = array[i]
                key = ctypes.string_at(entry.key).decode("utf-8") if entry.key else ""
                result.append(convert(key, entry))
            return result
        finally:
            _lib.fold_free(entries)
