"""Saved-state import, strictly (foldtable.h: fold_table_import_state):
RFC 8259 numbers, duplicate member names refused, messages that name the
byte offset, a report of what is in effect, and listeners that see the
restored anchor."""

import pytest

import foldtable
from foldtable import ImportReport, InvalidArgumentError

from conftest import take_snapshot


@pytest.fixture
def products(worked):
    """The worked example with Mac row 2 and iPhone rows 1 and 3 expandable."""
    worked.section("Mac").set_expanded_height(2, 100)
    worked.section("iPhone").set_expanded_height(1, 100)
    worked.section("iPhone").set_expanded_height(3, 100)
    return worked


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"version": 01}', "at byte 13: expected '.', 'e' or the end of the number after a leading 0"
                           " (numbers have no leading zeros)"),
        ('{"x": 1.}', "at byte 8: expected a digit after the decimal point"),
        ('{"x": .1e1}', "at byte 6: expected a value (an object, array, string, number, true, false or null)"),
        ('{"x": -}', "at byte 7: expected a digit after '-'"),
        ('{"x": 1e}', "at byte 8: expected a digit in the number's exponent"),
        ('{"x": 1e400}', "at byte 6: the number 1e400 is out of range"
                        " (a double's magnitude is at most about 1.8e308)"),
        ('{"collapsed": {"iPad": true, "iPad": false}}', 'at byte 29: duplicate member name "iPad" in an object'),
        ('{"collapsed": {"Mac": true "iPad": true}}', "at byte 27: expected ',' or '}' after an object member"),
    ],
)
def test_malformed_state_is_refused_with_its_offset(products, text, message):
    before = take_snapshot(products)
    with pytest.raises(InvalidArgumentError) as e:
        products.import_state(text)
    assert e.value.message == "saved state: " + message
    assert e.value.status_name == "FOLD_E_INVALID"
    assert take_snapshot(products) == before


def test_the_report_counts_what_is_in_effect(products):
    report = products.import_state(
        '{"expanded": [{"section": "Mac", "row": 2}, {"section": "Mac", "row": 2},'
        ' {"section": "Mac", "row": 0}, {"section": "Nope", "row": 1}]}'
    )
    assert report == ImportReport(sections=0, unknown_sections=0, rows=1, unknown_rows=2, anchor_restored=False)


def test_the_accordion_keeps_one_row_and_the_report_says_so(products):
    products.accordion = foldtable.Accordion.SINGLE
    report = products.import_state(
        '{"expanded": [{"section": "Mac", "row": 2}, {"section": "iPhone", "row": 1}]}'
    )
    assert report == ImportReport(sections=0, unknown_sections=0, rows=1, unknown_rows=1, anchor_restored=False)
    assert products.section("Mac").is_row_expanded(2) is False
    assert products.section("iPhone").is_row_expanded(1) is True


def test_listeners_see_the_restored_anchor(products):
    products.set_viewport(100, 50)
    got = []
    products.on_change(lambda changes: got.append((changes, products.viewport.offset)))
    report = products.import_state(
        '{"collapsed": {"Mac": true},'
        ' "anchor": {"section": "iPhone", "kind": "row", "row": 2, "offset": 5}}'
    )
    assert report.anchor_restored is True
    # iPad's header at 28, rows at 56 and 100; iPhone's header at 144, rows at 172, 216, 260.
    assert len(got) == 1
    changes, offset_inside = got[0]
    assert changes.anchored_offset == 265
    assert offset_inside == 265
    assert [(c.position, c.removed, c.added) for c in changes.changes] == [(1, 3, 0)]

    # Only the anchor differs: told once, with no changes; the same again: silence.
    text = '{"anchor": {"section": "iPad", "kind": "header", "offset": 10}}'
    assert products.import_state(text).anchor_restored is True
    assert len(got) == 2
    assert got[1][0].changes == [] and got[1][0].redraw == [] and got[1][0].anchored_offset == 38
    products.import_state(text)
    assert len(got) == 2
