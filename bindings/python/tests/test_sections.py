"""Sections: adding, removing, moving, keys, headers, collapsing, heights, the view."""

import pytest

import foldtable
from foldtable import (
    DuplicateKeyError,
    InvalidArgumentError,
    NotFoundError,
    OutOfRangeError,
    Section,
    TableOptions,
)


def keys(t):
    return t.sections.keys()


# -- options -----------------------------------------------------------------


def test_default_options(table):
    assert table.options == TableOptions(44.0, 28.0, 0.0, 0.0, 0.0, False)


def test_custom_options():
    with foldtable.Table(
        row_height=30, header_height=20.5, footer_height=8, padding_top=4, padding_bottom=6,
        start_collapsed=True,
    ) as t:
        assert t.options == TableOptions(30.0, 20.5, 8.0, 4.0, 6.0, True)
        t.append_section("a", rows=2)
        # padding 4 + header 20.5 + footer 8 + padding 6; rows hidden (start collapsed)
        assert t.content_height == 38.5
        assert t.sections["a"].collapsed is True
        assert t.sections["a"].footer_position == 1


# -- adding ------------------------------------------------------------------


def test_append_and_insert(table):
    a = table.append_section("a", rows=1)
    c = table.append_section("c")
    b = table.insert_section(1, "b", "B|bee", rows=2)
    first = table.insert_section(0, "first")
    last = table.insert_section(4, "last")
    assert isinstance(a, Section)
    assert keys(table) == ["first", "a", "b", "c", "last"]
    assert [a.index, b.index, c.index, first.index, last.index] == [1, 2, 3, 0, 4]
    assert b.header == "B|bee"
    assert b.row_count == 2


def test_insert_beyond_end_is_out_of_range(worked, snapshot):
    before = snapshot(worked)
    with pytest.raises(OutOfRangeError) as info:
        worked.insert_section(4, "x")
    assert isinstance(info.value, IndexError)
    with pytest.raises(OutOfRangeError):
        worked.insert_section(-1, "x")
    assert snapshot(worked) == before


def test_duplicate_key(worked, snapshot):
    before = snapshot(worked)
    with pytest.raises(DuplicateKeyError) as info:
        worked.append_section("iPad", rows=7)
    assert isinstance(info.value, ValueError)
    assert info.value.status == -4
    with pytest.raises(DuplicateKeyError):
        worked.insert_section(0, "Mac")
    assert snapshot(worked) == before


def test_empty_key_is_invalid(worked, snapshot):
    before = snapshot(worked)
    with pytest.raises(InvalidArgumentError):
        worked.append_section("")
    assert snapshot(worked) == before


def test_keys_must_be_str(table):
    with pytest.raises(TypeError):
        table.append_section(b"bytes")
    with pytest.raises(TypeError):
        table.append_section(7)
    with pytest.raises(TypeError):
        table.append_section("k", header=3)
    assert len(table.sections) == 0


def test_negative_or_huge_row_count(worked, snapshot):
    before = snapshot(worked)
    with pytest.raises(OutOfRangeError):
        worked.append_section("x", rows=-1)
    with pytest.raises(OutOfRangeError):
        worked.append_section("x", rows=foldtable.MAX_ROWS + 1)
    with pytest.raises(OutOfRangeError):
        worked.append_section("x", rows=2**63)  # does not fit in int64: caught by the binding
    assert snapshot(worked) == before


def test_unicode_keys_and_headers(table):
    s = table.append_section("Café ☕ 🍎", "Ünïcödé|détail ✓", rows=1)
    assert s.key == "Café ☕ 🍎"
    assert keys(table) == ["Café ☕ 🍎"]
    assert table.sections["Café ☕ 🍎"].title == "Ünïcödé"
    assert s.detail == "détail ✓"
    assert table.section_states() == [("Café ☕ 🍎", False)]


# -- removing and moving -----------------------------------------------------


def test_remove_by_key_and_index(worked):
    iphone = worked.sections["iPhone"]
    worked.remove_section("Mac")
    assert keys(worked) == ["iPad", "iPhone"]
    assert iphone.index == 1
    worked.remove_section(0)
    assert keys(worked) == ["iPhone"]
    assert len(worked) == 5
    assert worked.content_height == 28 + 4 * 44


def test_remove_unknown(worked, snapshot):
    before = snapshot(worked)
    with pytest.raises(NotFoundError) as info:
        worked.remove_section("Watch")
    assert isinstance(info.value, KeyError)
    with pytest.raises(OutOfRangeError):
        worked.remove_section(3)
    with pytest.raises(TypeError):
        worked.remove_section(1.0)
    assert snapshot(worked) == before


def test_removed_section_proxy(worked):
    mac = worked.sections["Mac"]
    worked.remove_section("Mac")
    assert mac.exists is False
    with pytest.raises(NotFoundError):
        mac.index
    with pytest.raises(NotFoundError):
        mac.collapse()
    with pytest.raises(NotFoundError):
        mac.row_count


def test_move(worked):
    ipad = worked.sections["iPad"]
    ipad.collapse()
    worked.move_section("Mac", 2)
    assert keys(worked) == ["iPad", "iPhone", "Mac"]
    assert ipad.index == 0
    assert ipad.collapsed is True
    assert worked.section_states() == [("iPad", True), ("iPhone", False), ("Mac", False)]
    # iPad header 0, iPhone header 1 + 4 rows, Mac header 6 + 3 rows
    assert worked.sections["Mac"].header_position == 6
    worked.move_section(2, 0)
    assert keys(worked) == ["Mac", "iPad", "iPhone"]
    assert worked.content_height == 392.0


def test_move_errors(worked, snapshot):
    before = snapshot(worked)
    with pytest.raises(OutOfRangeError):
        worked.move_section(0, 3)
    with pytest.raises(OutOfRangeError):
        worked.move_section(3, 0)
    with pytest.raises(OutOfRangeError):
        worked.move_section(0, -1)
    with pytest.raises(NotFoundError):
        worked.move_section("Watch", 0)
    assert snapshot(worked) == before


def test_collapsed_state_follows_the_key(worked):
    worked.sections["iPhone"].collapse()
    worked.insert_section(0, "Watch", rows=5)
    worked.remove_section("Mac")
    assert worked.section_states() == [("Watch", False), ("iPad", False), ("iPhone", True)]
    assert worked.sections[2].collapsed is True


# -- headers -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, title, detail",
    [
        ("Mac|3 models", "Mac", "3 models"),
        ("Mac", "Mac", None),
        ("", "", None),
        ("|only detail", "", "only detail"),
        ("title|", "title", ""),
        ("a|b|c", "a", "b|c"),
    ],
)
def test_header_split(table, text, title, detail):
    s = table.append_section("k", text)
    assert (s.title, s.detail, s.header) == (title, detail, text)


def test_header_none_is_empty(table):
    s = table.append_section("k", None)
    assert (s.header, s.title, s.detail) == ("", "", None)


def test_set_header(worked):
    mac = worked.sections["Mac"]
    mac.set_header("Macintosh|Since 1984")
    assert (mac.title, mac.detail) == ("Macintosh", "Since 1984")
    mac.header = "Plain"
    assert (mac.header, mac.detail) == ("Plain", None)
    mac.header = None
    assert mac.header == ""
    with pytest.raises(TypeError):
        mac.header = 5
    with pytest.raises(InvalidArgumentError):
        mac.header = "bad\0header"
    assert mac.header == ""


# -- collapsing ------------------------------------------------------------------


def test_collapse_expand_toggle_return_changed(worked):
    mac = worked.sections["Mac"]
    assert mac.collapsed is False
    assert mac.expand() is False
    assert mac.collapse() is True
    assert mac.collapse() is False
    assert mac.collapsed is True
    assert mac.visible_row_count == 0
    assert mac.row_count == 3
    assert mac.toggle() is True
    assert mac.collapsed is False
    assert mac.visible_row_count == 3
    mac.collapsed = True
    assert mac.collapsed is True
    mac.collapsed = False
    assert mac.collapsed is False


def test_empty_section_keeps_its_state(table):
    # ABI 0.2: collapsing a section without children stores the state for
    # when it gets some (before, it was a no-op returning False).
    s = table.append_section("empty")
    assert s.collapse() is True
    assert s.toggle() is True
    assert s.collapsed is False
    assert s.indicator == ""
    s.append_rows(1)
    assert s.indicator == "\u2013"


def test_start_collapsed_empty_section_keeps_state():
    with foldtable.Table(start_collapsed=True) as t:
        s = t.append_section("empty")
        assert s.collapsed is True
        # ABI 0.2: an empty section's state is stored, so it flips both ways.
        assert s.expand() is True
        assert t.item(0).collapsed is False
        assert s.collapse() is True
        assert t.item(0).collapsed is True
        s.append_rows(2)
        assert s.collapsed is True
        assert len(t) == 1
        assert s.expand() is True
        assert len(t) == 3


def test_collapse_all_and_expand_all(worked):
    worked.append_section("empty")
    worked.sections["iPad"].collapse()
    assert worked.collapse_all() == 2
    assert worked.section_states() == [
        ("Mac", True), ("iPad", True), ("iPhone", True), ("empty", False),
    ]
    assert len(worked) == 4
    assert worked.collapse_all() == 0
    assert worked.expand_all() == 3
    assert worked.expand_all() == 0
    assert len(worked) == 13


def test_section_states_empty_table(table):
    assert table.section_states() == []


def test_indicators(worked):
    mac = worked.sections["Mac"]
    assert mac.indicator == "\u2013"
    mac.collapse()
    assert mac.indicator == "+"
    worked.set_indicators("▸", "▾")
    assert mac.indicator == "▸"
    assert worked.sections["iPad"].indicator == "▾"
    with pytest.raises(TypeError):
        worked.set_indicators(None, "x")
    with pytest.raises(InvalidArgumentError):
        worked.set_indicators("\ud800", "x")
    assert mac.indicator == "▸"


# -- per-section heights ------------------------------------------------------------


def test_section_heights(worked):
    ipad = worked.sections["iPad"]
    assert ipad.heights == (28.0, 0.0, 44.0)
    ipad.header_height = 40
    assert ipad.header_height == 40.0
    assert worked.item_top(5) == 200.0  # 160 + 40
    assert worked.content_height == 492.0
    ipad.header_height = None
    assert ipad.header_height == 28.0
    assert worked.content_height == 480.0

    ipad.default_row_height = 10
    assert ipad.row_height(0) == 10.0
    assert worked.content_height == 480.0 - 2 * 34
    ipad.default_row_height = None
    assert ipad.default_row_height == 44.0


def test_section_footer(worked):
    ipad = worked.sections["iPad"]
    with pytest.raises(NotFoundError):
        ipad.footer_position
    ipad.footer_height = 12
    assert ipad.footer_height == 12.0
    assert ipad.footer_position == 7
    assert worked.item(7).kind == foldtable.ItemKind.FOOTER
    assert worked.item(7).row is None
    assert worked.item_height(7) == 12.0
    assert worked.content_height == 492.0
    ipad.collapse()
    assert ipad.footer_position == 5  # a collapsed section keeps its footer
    assert worked.item(5).collapsed is True
    ipad.footer_height = None
    with pytest.raises(NotFoundError):
        ipad.footer_position


def test_table_wide_footer():
    with foldtable.Table(footer_height=5) as t:
        t.append_section("a", rows=1)
        t.append_section("b", rows=0)
        kinds = [str(i.kind) for i in t]
        assert kinds == ["header", "row", "footer", "header", "footer"]
        t.sections["b"].footer_height = 0
        assert [str(i.kind) for i in t] == ["header", "row", "footer", "header"]


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf"), -0.5, -2.0, 1e300,
                                 foldtable.MAX_HEIGHT * 1.5])
def test_bad_section_heights_change_nothing(worked, snapshot, bad):
    before = snapshot(worked)
    ipad = worked.sections["iPad"]
    for attr in ("header_height", "footer_height", "default_row_height"):
        with pytest.raises(InvalidArgumentError):
            setattr(ipad, attr, bad)
    assert snapshot(worked) == before


def test_height_type_errors(worked):
    with pytest.raises(TypeError):
        worked.sections[0].header_height = "40"
    with pytest.raises(TypeError):
        worked.sections[0].header_height = True


def test_max_height_is_accepted(worked):
    worked.sections[0].header_height = foldtable.MAX_HEIGHT
    assert worked.item_height(0) == foldtable.MAX_HEIGHT


# -- the sections view ----------------------------------------------------------


def test_sections_view(worked):
    view = worked.sections
    assert len(view) == 3
    assert view[0] == view["Mac"] == Section(worked, "Mac")
    assert view[-1].key == "iPhone"
    assert view[-3].key == "Mac"
    assert [s.key for s in view] == ["Mac", "iPad", "iPhone"]
    assert [s.key for s in reversed(view)] == ["iPhone", "iPad", "Mac"]
    assert view.keys() == ["Mac", "iPad", "iPhone"]
    assert [s.key for s in view.values()] == ["Mac", "iPad", "iPhone"]
    assert [(k, s.index) for k, s in view.items()] == [("Mac", 0), ("iPad", 1), ("iPhone", 2)]
    assert "iPad" in view
    assert "Watch" not in view
    assert "" not in view
    assert 0 not in view
    assert view.get("iPad") == view["iPad"]
    assert view.get("Watch") is None
    assert view.index("iPhone") == 2
    assert "iPad" in repr(view)
    assert len({view[0], view["Mac"], view[1]}) == 2


def test_sections_view_is_live(worked):
    view = worked.sections
    worked.append_section("Watch")
    assert len(view) == 4
    assert view[3].key == "Watch"


def test_sections_view_errors(worked):
    view = worked.sections
    with pytest.raises(OutOfRangeError):
        view[3]
    with pytest.raises(IndexError):
        view[-4]
    with pytest.raises(KeyError):
        view["Watch"]
    with pytest.raises(TypeError):
        view[1.0]
    with pytest.raises(TypeError):
        view.index(0)
    with pytest.raises(OutOfRangeError):
        view[2**64]
    with pytest.raises(NotFoundError):
        worked.section("Watch")


def test_not_found_message_is_not_quoted(worked):
    with pytest.raises(KeyError) as info:
        worked.sections["Watch"]
    err = info.value
    assert str(err) == err.message
    assert not str(err).startswith("'")
    assert err.message  # the library explains


def test_section_repr_and_hash(worked):
    mac = worked.sections["Mac"]
    assert repr(mac) == "<foldtable.Section 'Mac'>"
    assert mac.table is worked
    with foldtable.Table() as other:
        other.append_section("Mac")
        assert other.sections["Mac"] != mac
