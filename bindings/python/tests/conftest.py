"""Shared fixtures for the foldtable tests.

Run with the library under test named explicitly, for example::

    FOLDTABLE_LIBRARY=/tmp/py-build/debug/libfoldtable.so python3 -m pytest -q bindings/python/tests
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from typing import Callable, Dict, Iterator, Mapping, Optional, Tuple

import pytest

import foldtable

#: include/foldtable.h of this checkout: the one place the version is written.
HEADER = os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "include", "foldtable.h")
)


def header_version() -> Tuple[str, int]:
    """FOLD_VERSION_STRING and FOLD_VERSION_NUMBER's value, from the header."""
    with open(HEADER, encoding="utf-8") as f:
        text = f.read()
    major, minor, patch = (
        int(re.search(r"^#define FOLD_VERSION_%s (\d+)$" % part, text, re.M).group(1))
        for part in ("MAJOR", "MINOR", "PATCH")
    )
    string = re.search(r'^#define FOLD_VERSION_STRING "([^"]*)"$', text, re.M).group(1)
    return string, major * 1000000 + minor * 1000 + patch

def run_python(
    code: str, env: Optional[Mapping[str, str]] = None, cwd: Optional[str] = None
) -> "subprocess.CompletedProcess[str]":
    """Run ``code`` (dedented) in a fresh interpreter and return what it did,
    output as text. ``env`` defaults to this process's environment with
    PYTHONPATH naming the foldtable under test."""
    if env is None:
        env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(foldtable.__file__)))
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True, text=True, env=env, cwd=cwd, timeout=120,
    )


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



def build_nested(t: foldtable.Table) -> None:
    """The nested worked example (rows 44, headers 28):

    Sports
      Bat ("Bat-and-ball")        child 0 of Sports
        Baseball (2 rows)
        Cricket (1 row)
      row                         child 1 of Sports
    Music (1 row)
    """
    sports = t.append_section("Sports")
    bat = sports.insert_subsection(0, "Bat", "Bat-and-ball")
    bat.insert_subsection(0, "Baseball", rows=2)
    bat.insert_subsection(1, "Cricket", rows=1)
    sports.insert_child_rows(1)
    t.append_section("Music", rows=1)


@pytest.fixture
def nested() -> Iterator[foldtable.Table]:
    """The nested worked example (see build_nested)."""
    with foldtable.Table() as t:
        build_nested(t)
        yield t


def take_deep_snapshot(t: foldtable.Table) -> Dict[str, object]:
    """Everything observable about a table with nested sections and
    expandable rows, through functions that work at any depth."""
    sections = []
    for key, collapsed in t.section_states():
        s = t.section(key)
        rows = range(s.row_count)
        sections.append(
            (
                key, collapsed, s.path, s.depth, s.parent, s.child_count, s.children,
                [s.row_height(r) for r in rows],
                [s.expanded_height(r) for r in rows],
                [s.is_row_expanded(r) for r in rows],
            )
        )
    return {
        "options": t.options,
        "states": t.section_states(),
        "top": t.sections.keys(),
        "sections": sections,
        "items": list(t),
        "paths": [t.item_path(p) for p in range(len(t))],
        "keys": [t.item_key(p) for p in range(len(t))],
        "visible": t.visible_items(-1.0, t.content_height + 2.0),
        "content": t.content_height,
        "expanded": t.expanded_rows(),
    }


@pytest.fixture
def deep_snapshot() -> Callable[[foldtable.Table], Dict[str, object]]:
    return take_deep_snapshot
