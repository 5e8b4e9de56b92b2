"""Sticking to the end (foldtable.h: "Scrolling", follow_end): the
constructor keyword, the read/write property, and the viewport offsets
after appends, inserts, height changes, measuring, expanding and removals.

The log table: header 30, rows 20, section "log" with 10 rows; content 230,
viewport 100 high, so the end is at offset 130.
"""

import pytest

import foldtable
from foldtable import TableOptions


@pytest.fixture
def log():
    with foldtable.Table(row_height=20, header_height=30, follow_end=True) as t:
        t.append_section("log", "Log", rows=10)
        yield t


def offsets(table):
    """The anchored_offset of every change set from now on."""
    seen = []
    table.on_change(lambda cs: seen.append(cs.anchored_offset))
    return seen


def test_keyword_property_and_options():
    with foldtable.Table() as t:
        assert t.follow_end is False
        assert t.options.follow_end is False
        t.follow_end = True
        assert t.follow_end is True
        assert t.options == TableOptions(follow_end=True)
        t.follow_end = 0  # any false value
        assert t.follow_end is False
    with foldtable.Table(follow_end=True) as t:
        assert t.follow_end is True
    assert TableOptions().follow_end is False  # the dataclass keeps its old fields' defaults


def test_appends_at_the_end_follow(log):
    seen = offsets(log)
    log.set_viewport(130, 100)
    log.section("log").append_rows(3)  # 290
    log.section("log").append_rows(heights=[17.7])  # + 17.69921875
    log.append_section("more", rows=1)  # + 30 + 20
    assert seen == [190.0, 207.69921875, 257.69921875]
    assert log.viewport == (257.69921875, 100.0)


@pytest.mark.parametrize(
    "offset, height, after",
    [
        (50, 100, 50.0),  # short of the end: row 1 stays on top
        (130 - foldtable.HEIGHT_UNIT, 100, 129.99609375),  # one unit short: no tolerance
        (140, 100, 190.0),  # past the end counts as the end
        (230, 0, 290.0),  # an empty viewport at the end
    ],
)
def test_at_the_end_exactly(log, offset, height, after):
    log.set_viewport(offset, height)
    log.section("log").append_rows(3)
    assert log.viewport.offset == after


def test_content_shorter_than_the_viewport():
    with foldtable.Table(row_height=20, header_height=30, follow_end=True) as t:
        log = t.append_section("log", rows=2)  # 70
        seen = offsets(t)
        t.set_viewport(-12, 100)  # above the top: still shows the (short) end
        log.append_rows(1)  # 90
        log.append_rows(2)  # 130
        log.append_rows(1)  # 150
        assert seen == [0.0, 30.0, 50.0]


def test_inserts_and_heights_at_the_end(log):
    seen = offsets(log)
    section = log.section("log")
    log.set_viewport(130, 100)
    section.insert_rows(7, 2)  # inside the viewport: 270
    log.insert_section(0, "top", rows=2)  # above: 340
    section.set_row_height(11, 60)  # the last row grows: 380
    section.header_height = 10  # 360
    assert seen == [170.0, 240.0, 280.0, 260.0]


def test_measured_heights_keep_the_end(log):
    asked = []

    def provider(key, row):
        asked.append(row)
        return 40.0

    log.set_height_provider(provider)
    log.set_viewport(130, 100)
    assert log.measure(0, 100) == 5
    assert asked == [5, 6, 7, 8, 9]
    assert log.viewport.offset == 230.0
    log.invalidate_all_heights()
    assert log.viewport.offset == 130.0


def test_expanding_keeps_the_first_visible_item(log):
    section = log.section("log")
    section.set_expanded_height(9, 80)
    log.set_viewport(130, 100)
    assert section.expand_row(9)  # 290: row 5 stays on top, the end leaves the view
    assert log.viewport.offset == 130.0
    section.append_rows(1)  # not following now
    assert log.viewport.offset == 130.0
    log.set_viewport(210, 100)  # scrolled back to the end: following again
    section.append_rows(1)
    assert log.viewport.offset == 230.0


def test_removals_and_switching_off(log):
    seen = offsets(log)
    section = log.section("log")
    log.set_viewport(130, 100)
    section.remove_rows(7, 3)  # 170
    section.remove_rows(0, 2)  # 130
    log.follow_end = False
    section.append_rows(2)  # anchoring: row 0 (the old row 2) stays on top at 30
    assert seen == [70.0, 30.0, 30.0]
