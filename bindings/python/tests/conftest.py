"""Shared fixtures for the foldtable tests.

Run with the library under test named explicitly, for example::

    FOLDTABLE_LIBRARY=/tmp/py-build/debug/libfoldtable.so python3 -m pytest -q bindings/python/tests
"""

from __future__ import annotations

from typing import Callable, Dict, Iterator

import pytest

import foldtable

# The worked example: (key, header, rows) with the default heights
# (rows 44, headers 28, no footers).
WORKED = [("Mac", "Mac|Laptops and desktops", 3), ("iPad", "iPad", 2), ("iPhone", "iPhone|Phones", 4)]


@pytest.fixture
def table() -> Iterator[foldtable.Table]:
    """An empty table with the default options."""
    with foldtable.Table() as t:
        yield t


@pytest.fixture
def worked() -> Iterator[foldtable.Table]:
    """Mac (3 rows), iPad (2), iPhone (4) with the default heights."""
    with foldtable.Table() as t:
        for key, header, rows in WORKED:
            t.append_section(key, header, rows=rows)
        yield t


def take_snapshot(t: foldtable.Table) -> Dict[str, object]:
    """Everything observable about a table, to check a failed call changed nothing."""
    sections = []
    for s in t.sections:
        rows = [s.row_height(r) for r in range(s.row_count)]
        sections.append(
            (s.key, s.header, s.collapsed, s.row_count, s.visible_row_count, s.heights, s.indicator, rows)
        )
    items = t.visible_items(-1.0, t.content_height + 2.0)
    return {
        "options": t.options,
        "sections": sections,
        "states": t.section_states(),
        "count": len(t),
        "items": list(t),
        "visible": items,
        "content": t.content_height,
    }


@pytest.fixture
def snapshot() -> Callable[[foldtable.Table], Dict[str, object]]:
    return take_snapshot

