"""Saved state (foldtable.h: "Saved state"): export as JSON, import into a
rebuilt table with unknown keys counted, malformed text refused."""

import json

import pytest

import foldtable
from foldtable import ImportReport, InvalidArgumentError


def rebuilt():
    """The worked example rebuilt: Watch new, iPad and Mac known, iPhone gone."""
    b = foldtable.Table()
    b.append_section("Watch", rows=1)
    b.append_section("iPad", rows=2)
    b.append_section("Mac", rows=3)
    b.section("Mac").set_expanded_height(2, 100)
    return b


def test_export(worked):
    worked.section("Mac").set_expanded_height(2, 100)
    worked.section("Mac").expand_row(2)
    worked.section("iPad").collapse()
    text = worked.export_state()
    assert isinstance(text, str)
    assert '"iPad": true' in text
    assert '{"section": "Mac", "row": 2}' in text
    state = json.loads(text)
    assert state.pop("anchor", None) is None  # no viewport: no anchor (the library writes null)
    assert state == {
        "version": 1,
        "collapsed": {"Mac": False, "iPad": True, "iPhone": False},
        "expanded": [{"section": "Mac", "row": 2}],
    }


def test_export_with_a_viewport_has_an_anchor(worked):
    worked.set_viewport(200, 100)
    state = json.loads(worked.export_state())
    # iPad's first row starts at 188: the viewport's top is 12 below it.
    assert state["anchor"] == {"section": "iPad", "kind": "row", "row": 0, "offset": 12}


def test_round_trip_into_a_rebuilt_table(worked):
    worked.section("Mac").set_expanded_height(2, 100)
    worked.section("Mac").expand_row(2)
    worked.section("iPad").collapse()
    text = worked.export_state()
    with rebuilt() as b:
        changes = []
        b.on_change(changes.append)
        report = b.import_state(text)
        assert report == ImportReport(sections=2, unknown_sections=1, rows=1, unknown_rows=0, anchor_restored=False)
        assert b.section("iPad").collapsed is True
        assert b.section("Mac").is_row_expanded(2) is True
        assert b.section("Watch").collapsed is False
        assert changes  # reported like any change
        assert b.import_state(b.export_state()).unknown_sections == 0


def test_importing_the_current_state_changes_nothing(worked):
    worked.section("iPad").collapse()
    text = worked.export_state()
    changes, events = [], []
    worked.on_change(changes.append)
    worked.on_section(lambda key, event: events.append((key, event)))
    worked.on_row(lambda key, row, event: events.append((key, row, event)))
    assert worked.import_state(text).sections == 3
    assert (changes, events) == ([], [])


def test_importing_the_current_state_with_an_expanded_row_changes_nothing(worked):
    worked.section("Mac").set_expanded_height(2, 100)
    worked.section("Mac").expand_row(2)
    text = worked.export_state()
    changes, events = [], []
    worked.on_change(changes.append)
    worked.on_row(lambda key, row, event: events.append((key, row, event)))
    assert worked.import_state(text).rows == 1
    assert worked.section("Mac").is_row_expanded(2)
    assert (changes, events) == ([], [])


def test_unknown_rows_are_counted(worked):
    worked.section("iPhone").set_expanded_height(3, 100)
    worked.section("iPhone").expand_row(3)
    worked.section("Mac").set_expanded_height(0, 100)
    worked.section("Mac").expand_row(0)
    with rebuilt() as b:
        # Mac row 0 is not expandable in b; iPhone does not exist.
        report = b.import_state(worked.export_state())
        assert (report.rows, report.unknown_rows) == (0, 2)
        assert b.expanded_rows() == []


def test_expanded_rows_not_saved_collapse(worked):
    with rebuilt() as b:
        b.section("Mac").expand_row(2)
        b.import_state(worked.export_state())
        assert b.section("Mac").is_row_expanded(2) is False


def test_anchor_restored(worked):
    worked.set_viewport(200, 100)
    text = worked.export_state()
    with rebuilt() as b:
        b.set_viewport(0, 100)
        report = b.import_state(text)
        assert report.anchor_restored is True
        # Watch 28 + 44, iPad header 28: iPad's row 0 at 100, plus 12.
        assert b.viewport == (112.0, 100.0)
    with rebuilt() as b:
        assert b.import_state(text).anchor_restored is False  # no viewport to move
        assert b.viewport is None


@pytest.mark.parametrize(
    "text",
    [
        '{"collapsed": {"iPad": false}',
        '{"collapsed": {"iPad": 0}}',
        "[1, 2]",
        "",
        "not json",
        '{"expanded": [{"section": "Mac"}]}',
    ],
)
def test_malformed_state_changes_nothing(worked, deep_snapshot, text):
    worked.section("iPad").collapse()
    worked.set_viewport(100, 50)
    changes = []
    worked.on_change(changes.append)
    before = (deep_snapshot(worked), worked.export_state(), worked.viewport)
    with pytest.raises(InvalidArgumentError) as info:
        worked.import_state(text)
    assert info.value.message
    assert info.value.function == "fold_table_import_state"
    assert (deep_snapshot(worked), worked.export_state(), worked.viewport) == before
    assert changes == []


def test_import_bad_types(worked):
    with pytest.raises(TypeError):
        worked.import_state(b"{}")
    with pytest.raises(InvalidArgumentError):
        worked.import_state("\udc80")  # not valid UTF-8
    with pytest.raises(InvalidArgumentError):
        worked.import_state('{"version": 1}\0')  # NUL cannot reach C


def test_closed_table():
    t = foldtable.Table()
    t.close()
    with pytest.raises(InvalidArgumentError):
        t.export_state()
    with pytest.raises(InvalidArgumentError):
        t.import_state("{}")
