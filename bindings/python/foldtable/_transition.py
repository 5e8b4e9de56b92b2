"""Transitions (internal): the mixin :class:`_Transitions`, a base of
:class:`~foldtable.Table`, over the header's "Transitions" functions.

While transitions are on and a viewport is set, the library derives, from
each change set, every item drawn in the viewport before or after it with
its rect before and after (which items move, appear, disappear or fold
under a collapsing header, where an item scrolled in starts, how an
interrupted transition continues: all the library's rules). This module
reads that into :class:`~foldtable.Transition` and
:class:`~foldtable.FrameItem` values, nothing more.
"""

from __future__ import annotations

import ctypes
import struct
from ctypes import c_int32
from typing import TYPE_CHECKING, Any, Dict, Iterable, Optional, Tuple

from . import _ffi
from ._callbacks import _Guard
from ._convert import _KINDS, _ArrayBuffer, _float, _out, _out_struct
from ._errors import NotFoundError
from ._transition_values import FrameItem, Transition, TransitionChange, TransitionItem

if TYPE_CHECKING:
    from ctypes import c_void_p

_lib = _ffi.lib

# fold_frame_item as struct sees it: index, top, height, clip_top, with no
# padding; checked against the ctypes declaration (size and offsets) here.
_FRAME = struct.Struct("=qddd")
assert _FRAME.size == ctypes.sizeof(_ffi.fold_frame_item)
assert [getattr(_ffi.fold_frame_item, field[0]).offset for field in _ffi.fold_frame_item._fields_] == [
    0, 8, 16, 24
]
# fold_transition_item likewise: positions, kind, depth, section id, row,
# item flags, change, flags, clip, then the four doubles.
_ITEM = struct.Struct("=qqiiQqIiIidddd")
assert _ITEM.size == ctypes.sizeof(_ffi.fold_transition_item)
assert [getattr(_ffi.fold_transition_item, field[0]).offset
        for field in _ffi.fold_transition_item._fields_] == [
    0, 8, 16, 20, 24, 32, 40, 44, 48, 52, 56, 64, 72, 80
]
# TransitionChange members by value (as _KINDS holds ItemKind's).
_CHANGES = tuple(sorted(TransitionChange, key=int))
assert [int(change) for change in _CHANGES] == list(range(len(_CHANGES)))
_STUCK_BEFORE = _ffi.TRANSITION_STUCK_BEFORE
_STUCK_AFTER = _ffi.TRANSITION_STUCK_AFTER
_FOLDS = _ffi.TRANSITION_FOLDS
# Builds a NamedTuple without its Python-level __new__.
_new_tuple = tuple.__new__


class _Transitions:
    """The transition methods of :class:`~foldtable.Table`."""

    __slots__ = ()

    if TYPE_CHECKING:  # the Table's (and _Geometry's), used here
        _lock: _Guard
        _frames: _ArrayBuffer

        def _h(self) -> c_void_p: ...

        def _siblings_now(self, handle: Any) -> int: ...

        def _sibling_indices(self, ids: Iterable[int]) -> Dict[int, int]: ...

    @property
    def transitions(self) -> bool:
        """Whether the table builds a :attr:`transition` for each change set
        (default False; settable). While it is off, or no viewport is set
        (:meth:`set_viewport`), nothing is built and a change costs nothing
        more; turning it off drops the current transition. O(1)."""
        with self._lock:
            return bool(_out(_lib.fold_table_transitions, c_int32, self._h()))

    @transitions.setter
    def transitions(self, enabled: bool) -> None:
        with self._lock:
            _lib.fold_table_set_transitions(self._h(), 1 if enabled else 0)

    @property
    def transition(self) -> Optional[Transition]:
        """The transition of the last change set, or ``None`` when there is
        none (transitions off, no viewport, or no change yet). Built before
        the change listeners are told, so :meth:`on_change` listeners may
        read it; a change set that reports nothing keeps it, and so do
        :meth:`measure` and the ``invalidate_*`` methods outside a
        :meth:`batch` (they replace estimates, which a view redraws at once).

        Its :class:`TransitionItem` values are every item that intersects
        the viewport before or after (as :meth:`visible_items` counts them,
        no overscan) and the headers stuck at the top before or after, in
        the order of the list after the change, each with its rect before
        and after in viewport coordinates and how it takes part
        (:class:`TransitionChange`). The library's rules, in brief (the
        header foldtable.h, "Transitions", has them in full): an item that
        scrolls in or out is laid out from the viewport's edge; rows a
        collapse hides fold under their header (:attr:`TransitionItem.folds`)
        and rows an expansion shows unfold from it; other items that
        disappear shrink to height 0 where the items around them close up,
        and those that appear grow from height 0. Animate them with
        :meth:`transition_frame`, and report how far you got with
        :attr:`transition_progress`, so a change that arrives meanwhile
        starts from where the items are drawn.

        O(k · depth) for k items (one look-up per section not seen since
        the table's sections last changed); the library built it in
        O(k · (depth · log n + c)) for c steps of the change set.
        """
        with self._lock:
            handle = self._h()
            info = _out_struct(_lib.fold_table_transition_info, _ffi.fold_transition_info, handle)
            if info.serial == 0:
                return None
            buffer = _ArrayBuffer(_ffi.fold_transition_item, max(1, info.item_count))
            written = buffer.fill(_lib.fold_table_transition_items, handle)
            # Read in one pass (struct.iter_unpack), not field by field.
            records = list(_ITEM.iter_unpack(buffer.view[: written * _ITEM.size]))
            sections = self._sections_or_none(handle, {record[4] for record in records})
        items = tuple(
            _new_tuple(TransitionItem, (
                None if before < 0 else before, None if after < 0 else after, _KINDS[kind], depth,
                sections[section], None if row < 0 else row, item_flags, _CHANGES[change],
                bool(flags & _STUCK_BEFORE), bool(flags & _STUCK_AFTER), bool(flags & _FOLDS),
                None if clip < 0 else clip, top_before, height_before, top_after, height_after,
            ))
            for (before, after, kind, depth, section, row, item_flags, change, flags, clip,
                 top_before, height_before, top_after, height_after) in records
        )
        return Transition(
            offset_before=float(info.offset_before),
            offset_after=float(info.offset_after),
            content_height_before=float(info.content_height_before),
            content_height_after=float(info.content_height_after),
            viewport_height=float(info.viewport_height),
            progress=float(info.progress),
            serial=int(info.serial),
            items=items,
        )

    def _sections_or_none(self, handle: Any, ids: Iterable[int]) -> Dict[int, Optional[int]]:
        """Each of ``ids`` with its section's index among its siblings (the
        table's cache, as for items), or None for a section that was removed
        (a transition's disappearing items may name one). Lock held."""
        self._siblings_now(handle)
        result: Dict[int, Optional[int]] = {}
        for section in ids:
            try:
                result[section] = self._sibling_indices([section])[section]
            except NotFoundError:
                result[section] = None
        return result

    def transition_frame(self, t: float) -> Tuple[FrameItem, ...]:
        """Where the items of :attr:`transition` are drawn at progress ``t``
        (0 = before, 1 = after), linearly: ``top = top_before + t *
        (top_after - top_before)``, the same for the height and for the
        folding header's bottom (:attr:`FrameItem.clip_top`); apply your own
        easing to ``t`` first. One :class:`FrameItem` per item, in the
        transition's order, in viewport coordinates for the viewport at
        :attr:`Transition.offset_after`. Nothing changes. O(k) for k items
        (one C call into a buffer the table keeps).

        Raises:
            InvalidArgumentError: ``t`` is outside [0, 1], or NaN.
            NotFoundError: there is no transition.
        """
        progress = _float(t, "t")
        with self._lock:
            buffer = self._frames
            written = buffer.fill(_lib.fold_table_transition_frame, self._h(), progress)
            data = buffer.view[: written * _FRAME.size]
            return tuple(_new_tuple(FrameItem, record) for record in _FRAME.iter_unpack(data))

    @property
    def transition_progress(self) -> float:
        """How far the view has animated the current :attr:`transition`
        (0 when it starts, 1 when it is done; 0 when there is none).
        Set it at each frame to the ``t`` passed to :meth:`transition_frame`
        (after easing), and to 1 at the end, so that a change that arrives
        meanwhile starts from where the items are drawn, as UIKit does.
        Setting it reports nothing. O(1).

        Raises:
            InvalidArgumentError: (on setting) a value outside [0, 1], or NaN.
            NotFoundError: (on setting) there is no transition.
        """
        with self._lock:
            info = _out_struct(_lib.fold_table_transition_info, _ffi.fold_transition_info, self._h())
        return float(info.progress)

    @transition_progress.setter
    def transition_progress(self, t: float) -> None:
        progress = _float(t, "t")
        with self._lock:
            _lib.fold_table_set_transition_progress(self._h(), progress)

