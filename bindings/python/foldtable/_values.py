"""The value types of the Python API, gathered (internal module;
re-exported by :mod:`foldtable`). Each is defined in the module of what it
holds; this one imports them all, so ``foldtable._values.X`` keeps working,
and its ``__all__`` is the order the package's reference lists them in:

- :mod:`._item_values`: the flat list's items and geometry answers;
- :mod:`._table_values`: options, activation, listener events, change sets,
  the import report;
- :mod:`._section_values`: how sections are named, their children, loading,
  selection and filter counts;
- :mod:`._input_values`: focus, the keyboard, drag and drop;
- :mod:`._transition_values` (re-exported by :mod:`foldtable` on its own):
  transitions.

Plain data: nothing here calls the library."""

from __future__ import annotations

from ._input_values import (
    DropKind as DropKind,
    DropTarget as DropTarget,
    FocusKind as FocusKind,
    Key as Key,
    KeyResult as KeyResult,
    Modifier as Modifier,
    Nav as Nav,
)
from ._item_values import (
    Alignment as Alignment,
    Item as Item,
    ItemFlags as ItemFlags,
    ItemKind as ItemKind,
    OffsetHit as OffsetHit,
    OffsetPlace as OffsetPlace,
    StickyHeader as StickyHeader,
    Viewport as Viewport,
    VisibleItem as VisibleItem,
)
from ._section_values import (
    ChildRow as ChildRow,
    KeyOrIndex as KeyOrIndex,
    LoadState as LoadState,
    MatchCount as MatchCount,
    Path as Path,
    Select as Select,
    SelectedRun as SelectedRun,
    SelectionMode as SelectionMode,
)
from ._table_values import (
    Accordion as Accordion,
    Activation as Activation,
    Change as Change,
    ChangeSet as ChangeSet,
    ImportReport as ImportReport,
    Move as Move,
    RowEvent as RowEvent,
    SectionEvent as SectionEvent,
    TableOptions as TableOptions,
)

# The public value types (re-exported by foldtable, in the order its
# reference lists them); KeyOrIndex and Path are the binding's own annotations.
__all__ = [
    "TableOptions",
    "Item",
    "ItemFlags",
    "ItemKind",
    "VisibleItem",
    "OffsetHit",
    "OffsetPlace",
    "Accordion",
    "Activation",
    "StickyHeader",
    "ChildRow",
    "Alignment",
    "SectionEvent",
    "RowEvent",
    "Change",
    "ChangeSet",
    "Move",
    "Viewport",
    "ImportReport",
    "LoadState",
    "Select",
    "SelectionMode",
    "SelectedRun",
    "MatchCount",
    "FocusKind",
    "Nav",
    "Key",
    "Modifier",
    "KeyResult",
    "DropKind",
    "DropTarget",
]
