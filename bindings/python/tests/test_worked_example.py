"""The worked example: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers 28."""

from foldtable import ItemKind, OffsetHit, OffsetPlace

H, R = ItemKind.HEADER, ItemKind.ROW

EXPANDED = [
    # position, kind, section, row, top, height
    (0, H, 0, None, 0.0, 28.0),
    (1, R, 0, 0, 28.0, 44.0),
    (2, R, 0, 1, 72.0, 44.0),
    (3, R, 0, 2, 116.0, 44.0),
    (4, H, 1, None, 160.0, 28.0),
    (5, R, 1, 0, 188.0, 44.0),
    (6, R, 1, 1, 232.0, 44.0),
    (7, H, 2, None, 276.0, 28.0),
    (8, R, 2, 0, 304.0, 44.0),
    (9, R, 2, 1, 348.0, 44.0),
    (10, R, 2, 2, 392.0, 44.0),
    (11, R, 2, 3, 436.0, 44.0),
]

# Mac and iPad's header as expanded; iPhone follows iPad's header.
IPAD_COLLAPSED = EXPANDED[:5] + [
    (5, H, 2, None, 188.0, 28.0),
    (6, R, 2, 0, 216.0, 44.0),
    (7, R, 2, 1, 260.0, 44.0),
    (8, R, 2, 2, 304.0, 44.0),
    (9, R, 2, 3, 348.0, 44.0),
]


def layout(t):
    return [
        (p, t.item(p).kind, t.item(p).section, t.item(p).row, t.item_top(p), t.item_height(p))
        for p in range(len(t))
    ]


def test_expanded_layout(worked):
    assert len(worked) == 12
    assert worked.item_count == 12
    assert layout(worked) == EXPANDED
    assert worked.content_height == 480.0


def test_expanded_layout_through_visible_items(worked):
    got = [(v.position, v.kind, v.section, v.row, v.top, v.height) for v in worked.visible_items(0, 480)]
    assert got == EXPANDED


def test_collapsing_ipad(worked):
    assert worked.sections["iPad"].collapse() is True
    assert len(worked) == 10
    assert layout(worked) == IPAD_COLLAPSED
    assert worked.content_height == 392.0
    assert worked.item(4).collapsed is True
    assert worked.item(5).collapsed is False
    assert worked.sections["iPad"].header_position == 4
    assert worked.sections["iPhone"].header_position == 5
    assert worked.sections["iPhone"].row_position(0) == 6


def test_expanding_again_restores_everything(worked):
    worked.sections["iPad"].collapse()
    assert worked.sections["iPad"].expand() is True
    assert layout(worked) == EXPANDED
    assert worked.content_height == 480.0


def test_viewport(worked):
    assert [v.position for v in worked.visible_items(30, 100)] == [1, 2, 3]
    assert [v.position for v in worked.visible_items(30, 100, overscan=1)] == [0, 1, 2, 3, 4]
    first = worked.visible_items(30, 100)[0]
    assert (first.kind, first.section, first.row, first.top, first.height, first.bottom) == (
        R, 0, 0, 28.0, 44.0, 72.0,
    )


def test_offsets(worked):
    assert worked.item_at_offset(0) == OffsetHit(0, OffsetPlace.IN_ITEM)
    IN, BELOW, ABOVE = OffsetPlace.IN_ITEM, OffsetPlace.BELOW, OffsetPlace.ABOVE
    assert [worked.item_at_offset(y) for y in (27.5, 28, 160, 479.9, 480, -1)] == [
        (0, IN), (1, IN), (4, IN), (11, IN), (11, BELOW), (0, ABOVE),
    ]


def test_positions_of_sections_and_rows(worked):
    mac, ipad, iphone = worked.sections
    assert [mac.header_position, ipad.header_position, iphone.header_position] == [0, 4, 7]
    assert [iphone.row_position(r) for r in range(4)] == [8, 9, 10, 11]
    assert [s.row_count for s in worked.sections] == [3, 2, 4]
    assert [s.title for s in worked.sections] == ["Mac", "iPad", "iPhone"]
    assert [s.detail for s in worked.sections] == ["Laptops and desktops", None, "Phones"]
