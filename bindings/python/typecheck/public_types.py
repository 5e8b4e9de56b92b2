"""What a user's type checker sees of the public API (checked by mypy --strict
in ctest python-mypy; never run). Each assert_type fails the check when a
public type widens to Any or changes."""

from typing import Iterator, List, Optional, Tuple, Union

from typing_extensions import assert_type

import foldtable
from foldtable import (
    Activation,
    ChangeSet,
    DropKind,
    DropTarget,
    FocusKind,
    FrameItem,
    Item,
    ItemKind,
    Key,
    KeyResult,
    Modifier,
    Nav,
    OffsetHit,
    Section,
    StickyHeader,
    Table,
    Transition,
    TransitionChange,
    VisibleItem,
)


def check_item_flags(item: Union[Item, VisibleItem]) -> None:
    """Both item types' flag properties are bool (one of them widening to Any
    makes the union's type ``bool | Any``, which fails)."""
    assert_type(item.collapsed, bool)
    assert_type(item.expanded, bool)
    assert_type(item.expandable, bool)
    assert_type(item.collapsible, bool)
    assert_type(item.focused, bool)


def check(table: Table, item: Item, visible: VisibleItem, section: Section) -> None:
    assert_type(item.kind, ItemKind)
    assert_type(item.row, Optional[int])
    assert_type(visible.top, float)
    assert_type(visible.bottom, float)
    assert_type(table.item(0), Item)
    assert_type(table.visible_items(0, 100), List[VisibleItem])
    assert_type(table.item_at_offset(3.5), OffsetHit)
    assert_type(table.sticky_headers(10), List[StickyHeader])
    assert_type(table.content_height, float)
    assert_type(len(table), int)
    assert_type(iter(table), Iterator[Item])
    assert_type(table.activate(0), Activation)
    assert_type(table.sections["a"], Section)
    assert_type(table.append_section("b", rows=2), Section)
    assert_type(section.collapsed, bool)
    assert_type(section.row_count, int)
    assert_type(section.toggle_row(0), bool)
    assert_type(section.collapsible, bool)
    assert_type(section.has_header, bool)
    assert_type(section.id, int)
    assert_type(section.detail, Optional[str])
    assert_type(item.section, int)
    assert_type(table.item_section(0), Section)
    assert_type(table.append_section("c", collapsed=True, collapsible=False, header_item=False), Section)
    assert_type(table.activate(0) is Activation.REFUSED, bool)
    assert_type(foldtable.NotAllowedError(-7, "x").status, int)
    assert_type(table.expanded_rows(), List[Tuple[str, int]])
    assert_type(table.section_states(), List[Tuple[str, bool]])
    assert_type(foldtable.version, str)
    assert_type(foldtable.version_number, int)
    assert_type(foldtable.library_path, str)
    assert_type(foldtable.__version__, str)

    def on_change(changes: ChangeSet) -> None:
        assert_type(changes.redraw, List[range])

    assert_type(table.on_change(on_change), int)

    def expanded(key: str, row: int) -> Optional[float]:
        return None

    table.set_expanded_height_provider(expanded)


def check_focus_and_drop(table: Table, section: Section) -> None:
    """Focus, keys, drop targets and type-ahead (issue 36)."""
    assert_type(table.focus, Optional[int])
    assert_type(table.focus_kinds, FocusKind)
    assert_type(table.navigate(None, Nav.NEXT), int)
    result = table.press_key(Key.DOWN, Modifier.SHIFT | Modifier.CTRL)
    assert_type(result, KeyResult)
    assert_type(result.focus, Optional[int])
    assert_type(result.action, Activation)
    target = table.drop_target(10, 20, 16, [section, (section, 2), "Mac"])
    assert_type(target, DropTarget)
    assert_type(target.kind, DropKind)
    assert_type(target.parent, Optional[Section])
    assert_type(target.index, int)
    table.drop(target.parent, target.index, table.selection)
    assert_type(section.no_focus, bool)
    assert_type(section.no_drop, bool)

    def text(item: Item, position: int) -> Optional[str]:
        return None

    assert_type(table.find_text("a", text=text), Optional[int])
    assert_type(table.find_text("a", 3, include_start=True, backward=True), Optional[int])


def check_transition(table: Table) -> None:
    assert_type(table.transitions, bool)
    assert_type(table.transition, Optional[Transition])
    assert_type(table.transition_frame(0.5), Tuple[FrameItem, ...])
    assert_type(table.transition_progress, float)
    transition = table.transition
    if transition is not None:
        assert_type(transition.serial, int)
        item = transition.items[0]
        assert_type(item.change, TransitionChange)
        assert_type(item.kind, ItemKind)
        assert_type(item.position_before, Optional[int])
        assert_type(item.section, Optional[int])
        assert_type(item.clip, Optional[int])
        assert_type(item.folds, bool)
        assert_type(item.collapsed, bool)
        assert_type(item.bottom_after, float)
        assert_type(table.transition_frame(1)[0].clip_top, float)
