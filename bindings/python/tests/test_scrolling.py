"""Scrolling (foldtable.h: "Scrolling"): anchoring, scroll offsets for every
alignment, reveal. Worked example: Mac (3 rows), iPad (2), iPhone (4); rows
44, headers 28; content 480.

    0 Mac @0, 1-3 rows @28/72/116, 4 iPad @160, 5-6 rows @188/232,
    7 iPhone @276, 8-11 rows @304/348/392/436.
"""

import pytest

import foldtable
from foldtable import (
    Alignment,
    InvalidArgumentError,
    NotFoundError,
    NotVisibleError,
    OutOfRangeError,
    SectionEvent,
    Viewport,
)


def test_viewport_property(worked):
    assert worked.viewport is None
    worked.set_viewport(300, 100)
    assert worked.viewport == (300.0, 100.0)
    assert worked.viewport == Viewport(offset=300.0, height=100.0)
    worked.clear_viewport()
    assert worked.viewport is None
    worked.clear_viewport()  # no viewport: still fine


def test_anchoring_when_mac_collapses(worked):
    changes = []
    worked.on_change(changes.append)
    worked.set_viewport(300, 100)
    assert changes == []  # setting the viewport changes no item
    worked.section("Mac").collapse()
    assert changes[-1].changes == [(1, 3, 0)]
    assert changes[-1].anchored_offset == 168.0
    assert worked.viewport == (168.0, 100.0)
    worked.clear_viewport()
    worked.section("Mac").expand()
    assert changes[-1].anchored_offset is None
    assert worked.viewport is None


@pytest.mark.parametrize(
    "offset, height, cls",
    [
        (0, -1, InvalidArgumentError),
        (float("nan"), 100, InvalidArgumentError),
        (0, float("inf"), InvalidArgumentError),
        ("0", 100, TypeError),
    ],
)
def test_bad_viewport(worked, offset, height, cls):
    worked.set_viewport(10, 20)
    with pytest.raises(cls):
        worked.set_viewport(offset, height)
    assert worked.viewport == (10.0, 20.0)


@pytest.mark.parametrize(
    "position, alignment, offset, expected",
    [
        (5, Alignment.START, 200, 188.0),
        (5, Alignment.END, 200, 132.0),
        (5, Alignment.CENTER, 200, 160.0),
        (6, Alignment.AUTO, 200, 200.0),
        (11, Alignment.SMART, 0, 380.0),
        (0, Alignment.END, 200, 0.0),
    ],
)
def test_scroll_offsets(worked, position, alignment, offset, expected):
    assert worked.scroll_offset(position, alignment, offset=offset, viewport_height=100) == expected
    # The same with the values taken from the viewport.
    worked.set_viewport(offset, 100)
    assert worked.scroll_offset(position, alignment) == expected
    assert worked.viewport == (float(offset), 100.0)  # asking changes nothing


def test_scroll_offset_defaults(worked):
    assert worked.scroll_offset(6, offset=200, viewport_height=100) == 200.0  # AUTO
    worked.set_viewport(200, 50)
    assert worked.scroll_offset(5, Alignment.END, viewport_height=100) == 132.0
    assert worked.scroll_offset(5, Alignment.END, offset=0) == 182.0  # 232 - 50
    worked.clear_viewport()
    with pytest.raises(InvalidArgumentError, match="no viewport"):
        worked.scroll_offset(5)
    with pytest.raises(InvalidArgumentError):
        worked.scroll_offset(5, offset=0)


def test_scroll_offset_bad_input(worked):
    with pytest.raises(InvalidArgumentError):
        worked.scroll_offset(0, 9, offset=200, viewport_height=100)
    with pytest.raises(OutOfRangeError):
        worked.scroll_offset(12, Alignment.START, offset=200, viewport_height=100)
    with pytest.raises(OutOfRangeError):
        worked.scroll_offset(-1, offset=200, viewport_height=100)
    with pytest.raises(InvalidArgumentError):
        worked.scroll_offset(0, offset=float("nan"), viewport_height=100)
    with pytest.raises(InvalidArgumentError):
        worked.scroll_offset(0, 2**40, offset=0, viewport_height=100)


def test_reveal_offset_after_expanding(worked):
    iphone = worked.section("iPhone")
    iphone.collapse()
    iphone.expand()
    assert iphone.reveal_offset(offset=0, viewport_height=100) == 276.0
    assert iphone.reveal_offset(5, offset=0, viewport_height=300) == 180.0
    worked.set_viewport(0, 300)
    assert iphone.reveal_offset() == 180.0
    assert iphone.reveal_offset(viewport_height=100) == 276.0


def test_reveal_offset_errors(nested):
    nested.section("Bat").collapse()
    with pytest.raises(NotVisibleError):
        nested.section("Baseball").reveal_offset(offset=0, viewport_height=100)
    with pytest.raises(NotFoundError):
        foldtable.Section(nested, "Nope").reveal_offset(offset=0, viewport_height=100)
    with pytest.raises(InvalidArgumentError, match="no viewport"):
        nested.section("Sports").reveal_offset()
    with pytest.raises(OutOfRangeError):
        nested.section("Sports").reveal_offset(-1, offset=0, viewport_height=100)


def test_reveal_row(worked):
    ipad = worked.section("iPad")
    assert ipad.reveal_row(1) == 6
    ipad.collapse()
    changes, events = [], []
    worked.on_change(changes.append)
    worked.on_section(lambda key, event: events.append((key, event)))
    with pytest.raises(NotVisibleError):
        ipad.reveal_row(1)
    assert changes == [] and events == []
    assert ipad.reveal_row(1, expand_ancestors=True) == 6
    assert ipad.collapsed is False
    assert changes[-1].changes == [(5, 0, 2)]
    assert events == [("iPad", SectionEvent.WILL_EXPAND), ("iPad", SectionEvent.DID_EXPAND)]
    with pytest.raises(OutOfRangeError):
        ipad.reveal_row(2)


def test_reveal_row_expands_ancestors_at_depth(nested):
    nested.section("Baseball").collapse()
    nested.section("Sports").collapse()
    baseball = nested.section("Baseball")
    with pytest.raises(NotVisibleError):
        baseball.reveal_row(1)
    assert baseball.reveal_row(1, expand_ancestors=True) == 4
    assert [nested.section(k).collapsed for k in ("Sports", "Bat", "Baseball")] == [False, False, False]
    assert len(nested) == 10


def test_a_refusing_listener_keeps_reveal_row_hidden(worked):
    worked.section("iPad").collapse()
    worked.on_section(lambda key, event: False)
    with pytest.raises(NotVisibleError):
        worked.section("iPad").reveal_row(0, expand_ancestors=True)
    assert worked.section("iPad").collapsed is True
