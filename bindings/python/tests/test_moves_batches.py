"""Moves and batches (foldtable.h: "Moves", "Batches"), on the worked
example: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers 28.

Flat list of the worked example:
    0 Mac, 1-3 its rows, 4 iPad, 5-6 its rows, 7 iPhone, 8-11 its rows.
"""

import pytest

from foldtable import BusyError, Change, ChangeSet, InvalidArgumentError, Move, OutOfRangeError


def test_moving_a_section_reports_a_move(worked):
    got = []
    worked.on_change(got.append)
    worked.section("Mac").move_to(None, 2)
    assert got[0].changes == [Change(0, 4, 0), Change(8, 0, 4)]
    assert got[0].moves == [Move(0, 8, 4)]
    assert got[0].moves[0].from_ == 0 and got[0].moves[0] == (0, 8, 4)
    # moves is not one of the tuple's items: four names still unpack it.
    changes, redraw, delta, anchored = got[0]
    assert got[0] == ChangeSet(changes, redraw, delta, anchored)
    assert got[0] == ChangeSet(changes, redraw, delta, anchored, moves=[Move(0, 8, 4)])
    assert "moves=[Move(from_=0, to=8, count=4)]" in repr(got[0])


def test_a_change_without_moves_has_empty_moves(worked):
    got = []
    worked.on_change(got.append)
    worked.section("iPad").collapse()
    assert list(got[0].moves) == []
    assert "moves" not in repr(got[0])


def test_a_batch_reports_once_with_the_fewest_steps(worked):
    got = []
    worked.on_change(got.append)
    with worked.batch() as t:
        assert t is worked
        worked.section("iPad").insert_rows(2, 2)
        worked.section("Mac").collapse()
        worked.section("iPhone").move_to(None, 0)
        assert got == [] and worked.batch_depth == 1
        assert len(worked) == 11  # queries see each edit at once
    assert worked.batch_depth == 0
    # The most items stay in place (iPhone's five): Mac's header and iPad move.
    assert got == [ChangeSet([Change(0, 7, 0), Change(5, 0, 6)], [range(0, 9)], -44.0, None)]
    assert got[0].moves == [Move(0, 5, 1), Move(4, 6, 3)]


def test_an_exception_ends_the_batch_and_keeps_the_edits(worked):
    got = []
    worked.on_change(got.append)
    with pytest.raises(OutOfRangeError):
        with worked.batch():
            worked.section("Mac").insert_rows(0, 1)
            worked.section("Mac").insert_rows(99, 1)  # fails, changes nothing
    assert worked.batch_depth == 0
    assert got == [ChangeSet([Change(1, 0, 1)], [range(0, 1)], 44.0, None)]


def test_batches_nest_and_need_a_begin(worked):
    got = []
    worked.on_change(got.append)
    with pytest.raises(InvalidArgumentError, match="no batch is open"):
        worked.end_batch()
    worked.begin_batch()
    with worked.batch():
        worked.section("iPhone").remove_rows(0, 1)
    assert got == [] and worked.batch_depth == 1
    worked.end_batch()
    assert got == [ChangeSet([Change(8, 1, 0)], [range(7, 8)], -44.0, None)]


def test_a_listener_cannot_begin_a_batch(worked):
    errors = []

    def listener(change_set):
        try:
            worked.begin_batch()
        except BusyError as e:
            errors.append(e)

    worked.on_change(listener)
    worked.section("Mac").collapse()
    assert len(errors) == 1 and worked.batch_depth == 0
