"""Table.visible_items answers a VisibleItems: one copy of the C buffer,
its VisibleItem tuples built when first read (issue 19). It must behave as
the list it replaced and keep the values of the call, whatever the table
does afterwards.

Worked example: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers 28;
flat list 0 Mac, 1-3 rows, 4 iPad, 5-6 rows, 7 iPhone, 8-11 rows.
"""

import copy
import pickle
from collections.abc import MutableSequence, Sequence

from foldtable import ItemKind, VisibleItem
from foldtable._visible import VisibleItems


def expected_30_100():
    # [30, 130): Mac's rows 0-2 (tops 28, 72, 116).
    return [
        VisibleItem(1, ItemKind.ROW, 0, 0, 0, 28.0, 44.0, 0),
        VisibleItem(2, ItemKind.ROW, 0, 0, 1, 72.0, 44.0, 0),
        VisibleItem(3, ItemKind.ROW, 0, 0, 2, 116.0, 44.0, 0),
    ]


def test_reads_as_the_list_it_was(worked):
    got = worked.visible_items(30, 100)
    assert isinstance(got, VisibleItems)
    assert isinstance(got, Sequence) and isinstance(got, MutableSequence)
    assert len(got) == 3 and got._items is None  # counted without building
    assert got == expected_30_100() and expected_30_100() == got
    assert not (got != expected_30_100())
    assert got != expected_30_100()[:2] and got != tuple(expected_30_100())
    assert got[0] == expected_30_100()[0] and got[-1].position == 3
    assert type(got[1]) is VisibleItem and got[1].kind is ItemKind.ROW
    assert got[1:] == expected_30_100()[1:] and type(got[1:]) is list
    assert [v.top for v in got] == [28.0, 72.0, 116.0]
    assert [v.position for v in reversed(got)] == [3, 2, 1]
    assert expected_30_100()[2] in got and got.index(expected_30_100()[2]) == 2
    assert got.count(expected_30_100()[0]) == 1
    assert got + [] == expected_30_100() and [] + got == expected_30_100()
    assert got * 2 == expected_30_100() * 2
    assert repr(got) == repr(expected_30_100())
    assert got < [VisibleItem(9, ItemKind.ROW, 0, 0, 0, 0.0, 0.0, 0)]
    assert got == worked.visible_items(30, 100)
    assert bool(got) and not worked.visible_items(480, 100)
    assert worked.visible_items(480, 100) == []


def test_copies_and_pickles_as_a_list(worked):
    got = worked.visible_items(30, 100)
    for other in (copy.copy(got), pickle.loads(pickle.dumps(got)), got.copy(), list(got)):
        assert type(other) is list and other == expected_30_100()


def test_changing_the_answer_changes_only_the_answer(worked):
    got = worked.visible_items(30, 100)
    got.append(1)
    got.extend([2])
    got += [3]
    got.insert(0, 0)
    assert got[0] == 0 and got[-3:] == [1, 2, 3] and len(got) == 7
    assert got.pop() == 3 and got.pop(0) == 0
    got.remove(2)
    del got[-1]
    got[0] = got[0]
    assert got == expected_30_100()
    got.reverse()
    assert [v.position for v in got] == [3, 2, 1]
    got.sort()
    assert got == expected_30_100()
    got.clear()
    assert got == [] and len(got) == 0
    assert worked.visible_items(30, 100) == expected_30_100()


def test_keeps_the_values_of_the_call(nested):
    """Read after the table changed: the section indices (and everything
    else) are those of the call, also for sections the call had to look up."""
    t = nested
    before = t.visible_items(-1, t.content_height + 1)  # several sections, first call
    eager = list(t.visible_items(-1, t.content_height + 1))
    t.insert_section(0, "First", rows=1)  # every top-level index moves by one
    t.section("Sports").collapse()
    assert before == eager
    assert [v.section for v in before] == [0, 0, 0, 0, 0, 1, 1, 0, 1, 1]
    after = t.visible_items(-1, t.content_height + 1)
    assert [v.section for v in after][:3] == [0, 0, 1]


def test_a_viewport_of_one_section_and_of_several(nested):
    # One section (Baseball's rows), then Baseball's row 1, Cricket's header
    # and row, Sports' row: the ids are read both ways.
    t = nested
    one = t.visible_items(150, 1)
    assert [(v.position, v.section) for v in one] == [(4, 0)]
    several = t.visible_items(150, 100)
    assert [(v.position, v.section) for v in several] == [(4, 0), (5, 1), (6, 1), (7, 0)]
