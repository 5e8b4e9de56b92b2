"""A mutation that changes nothing reports nothing; a refused call changes
nothing; messages are in words (foldtable.h: "Change events and listeners",
fold_table_reveal_row).

Section "a": 100 rows of the default height 44; row 3 is 30 high with an
expanded height of 90.
"""

import pytest

import foldtable
from foldtable import NotVisibleError, OutOfRangeError


@pytest.fixture
def quiet():
    """The table and the list its change listener fills."""
    with foldtable.Table() as t:
        a = t.append_section("a", rows=100)
        a.set_row_height(3, 30)
        a.set_expanded_height(3, 90)
        sets = []
        t.on_change(sets.append)
        yield t, a, sets


@pytest.mark.parametrize(
    "name, call",
    [
        ("same row height", lambda a: a.set_row_height(3, 30)),
        ("default again", lambda a: a.set_row_height(4, None)),
        ("the default's value", lambda a: a.set_row_height(80, 44)),
        ("same run", lambda a: a.set_row_heights(2, [44, 30, None])),
        ("run over default rows", lambda a: a.set_row_heights(62, [44, None, 44, 44])),
        ("same expanded height", lambda a: a.set_expanded_height(3, 90)),
        ("no expanded height again", lambda a: a.set_expanded_height(50, None)),
        ("collapsed row collapsed", lambda a: a.collapse_row(3)),
        ("expanded section expanded", lambda a: a.expand()),
        ("same header", lambda a: a.set_header("")),
        ("same header height", lambda a: setattr(a, "header_height", None)),
        ("same default row height", lambda a: setattr(a, "default_row_height", None)),
        ("same footer height", lambda a: setattr(a, "footer_height", None)),
        ("no rows", lambda a: a.insert_rows(5, 0)),
        ("a row to its own place", lambda a: a.table.move_at_path([0, 7], [0, 7])),
        ("expand all, all expanded", lambda a: a.table.expand_all()),
    ],
)
def test_no_op_reports_nothing(quiet, name, call):
    t, a, sets = quiet
    before = (list(t), t.content_height, [a.row_height(r) for r in range(8)])
    call(a)
    assert sets == [], name
    assert (list(t), t.content_height, [a.row_height(r) for r in range(8)]) == before


def test_real_change_still_reported(quiet):
    t, a, sets = quiet
    a.set_row_heights(2, [44, 31, None])
    assert len(sets) == 1
    assert sets[0].content_height_delta == 1
    a.set_row_height(3, 31)  # same again: silent
    assert len(sets) == 1
    a.set_expanded_height(9, 100)  # row 9 becomes expandable: its flags change
    assert len(sets) == 2
    assert t.item(10).expandable


def test_refused_reveal_changes_nothing():
    with foldtable.Table() as t:
        outer = t.append_section("A")
        inner = outer.insert_subsection(0, "B", rows=3)
        inner.collapse()
        outer.collapse()
        events, sets = [], []
        t.on_change(sets.append)
        t.on_section(lambda key, event: events.append((key, event)) or key != "B")
        with pytest.raises(NotVisibleError) as info:
            inner.reveal_row(0, expand_ancestors=True)
        assert info.value.message == (
            'row 0 of section "B" stays hidden: a listener refused to expand a section that contains it'
        )
        assert len(t) == 1 and outer.collapsed and inner.collapsed
        assert sets == []
        assert [key for key, _ in events] == ["A", "B"]  # both asked, nothing changed


def test_messages_in_words():
    with foldtable.Table() as t:
        a = t.append_section("a", rows=5)
        with pytest.raises(OutOfRangeError) as info:
            a.remove_rows(3, 4)
        assert info.value.message == 'rows 3 to 6 of section "a" are out of range (it has 5 rows)'
        with pytest.raises(OutOfRangeError) as info:
            a.row_height(5)
        assert info.value.message == 'row 5 of section "a" is out of range (it has 5 rows)'
        with pytest.raises(OutOfRangeError) as info:
            t.item(6)
        assert info.value.message == "position 6 is out of range (the list has 6 items)"
        for bad in (lambda: t.path_position([4]), lambda: a.insert_rows(9, 1), lambda: t.move_section("a", 3)):
            with pytest.raises(OutOfRangeError) as info:
                bad()
            assert "..<" not in info.value.message and "..." not in info.value.message
