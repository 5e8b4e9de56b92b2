"""Nested sections and paths, on the nested worked example (rows 44, headers 28):

    Sports                 [0]        header at 0
      Bat "Bat-and-ball"   [0, 0]     header at 28
        Baseball (2 rows)  [0, 0, 0]  header at 56, rows at 84, 128
        Cricket (1 row)    [0, 0, 1]  header at 172, row at 200
      row                  [0, 1]     at 244
    Music (1 row)          [1]        header at 288, row at 316; content 360

Every expected value is worked out by hand from foldtable.h.
"""

import pytest

import foldtable
from foldtable import (
    ChildRow,
    DuplicateKeyError,
    FoldError,
    InvalidArgumentError,
    Item,
    ItemKind,
    NotFoundError,
    NotVisibleError,
    OutOfRangeError,
    Section,
    VisibleItem,
)

H, R, F = ItemKind.HEADER, ItemKind.ROW, ItemKind.FOOTER

KINDS = [H, H, H, R, R, H, R, R, H, R]
DEPTHS = [0, 1, 2, 2, 2, 2, 2, 0, 0, 0]
TOPS = [0.0, 28.0, 56.0, 84.0, 128.0, 172.0, 200.0, 244.0, 288.0, 316.0]
HEIGHTS = [28.0, 28.0, 28.0, 44.0, 44.0, 28.0, 44.0, 44.0, 28.0, 44.0]
# index of the item's section among its parent's children; row index (rows only)
SECTIONS = [0, 0, 0, 0, 0, 1, 1, 0, 1, 1]
ROWS = [None, None, None, 0, 1, None, 0, 0, None, 0]
PATHS = [[0], [0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1], [0, 0, 1, 0], [0, 1],
         [1], [1, 0]]
KEYS = ["Sports", "Bat", "Baseball", "Baseball", "Baseball", "Cricket", "Cricket", "Sports",
        "Music", "Music"]


def layout(t):
    return [(v.kind, v.depth, v.top, v.height) for v in t.visible_items(-1, t.content_height + 2)]


# -- the flat list -------------------------------------------------------------


def test_flat_list(nested):
    t = nested
    assert len(t) == 10
    assert [i.kind for i in t] == KINDS
    assert [i.depth for i in t] == DEPTHS
    assert [t.item_top(p) for p in range(10)] == TOPS
    assert [t.item_height(p) for p in range(10)] == HEIGHTS
    assert [i.section for i in t] == SECTIONS
    assert [i.row for i in t] == ROWS
    assert t.content_height == 360.0
    assert t.item(3) == Item(3, R, 2, 0, 0, 0)
    # Headers of collapsible sections with children carry
    # FOLD_ITEM_FLAG_COLLAPSIBLE (8, new in ABI 0.2); rows no flag.
    assert t.visible_items(-1, 400) == [
        VisibleItem(p, KINDS[p], DEPTHS[p], SECTIONS[p], ROWS[p], TOPS[p], HEIGHTS[p],
                    8 if KINDS[p] == H else 0)
        for p in range(10)
    ]


def test_item_paths_and_keys(nested):
    t = nested
    assert t.item_path(4) == [0, 0, 0, 1]
    assert t.item_path(7) == [0, 1]  # the row is child 1 of Sports (row 0)
    assert [t.item_path(p) for p in range(10)] == PATHS
    assert [t.item_key(p) for p in range(10)] == KEYS
    assert t.item_section(5) == t.section("Cricket")
    for p in (10, -1):
        with pytest.raises(OutOfRangeError):
            t.item_path(p)
        with pytest.raises(OutOfRangeError):
            t.item_key(p)


def test_path_position(nested):
    t = nested
    assert t.path_position([0, 0, 1, 0]) == 6
    assert t.path_position((0, 0, 1, 0)) == 6
    for p in range(10):
        assert t.path_position(PATHS[p]) == p


def test_section_at_path(nested):
    t = nested
    assert t.section_at_path([0, 0, 1]) == Section(t, "Cricket")
    assert t.section_at_path([1]).key == "Music"
    assert t.section_at_path([0, 0]).key == "Bat"


def test_collapse_nested(nested):
    t = nested
    bat = t.section("Bat")
    assert bat.collapse() is True
    assert len(t) == 5
    assert [t.item_top(p) for p in range(5)] == [0.0, 28.0, 56.0, 100.0, 128.0]
    assert [i.kind for i in t] == [H, H, R, H, R]
    assert t.item(1).collapsed is True
    assert t.item_path(2) == [0, 1]
    assert t.content_height == 172.0
    with pytest.raises(NotVisibleError):
        t.path_position([0, 0, 1, 0])
    with pytest.raises(NotVisibleError):
        t.section("Cricket").header_position

    sports = t.section("Sports")
    assert sports.collapse() is True
    assert len(t) == 3
    assert [i.kind for i in t] == [H, H, R]
    assert [t.item_top(p) for p in range(3)] == [0.0, 28.0, 56.0]
    with pytest.raises(NotVisibleError):
        bat.header_position
    with pytest.raises(NotVisibleError):
        t.path_position([0, 1])

    assert sports.expand() is True
    assert len(t) == 5
    assert bat.collapsed is True  # kept its own state
    assert [t.item_top(p) for p in range(5)] == [0.0, 28.0, 56.0, 100.0, 128.0]
    assert bat.expand() is True
    assert [t.item_top(p) for p in range(10)] == TOPS


def test_section_states_include_nested(nested):
    nested.section("Cricket").collapse()
    assert nested.section_states() == [
        ("Sports", False), ("Bat", False), ("Baseball", False), ("Cricket", True), ("Music", False),
    ]


# -- sections in the tree ------------------------------------------------------


def test_tree_properties(nested):
    t = nested
    sports, bat, baseball, cricket, music = (
        t.section(k) for k in ("Sports", "Bat", "Baseball", "Cricket", "Music")
    )
    assert [s.depth for s in (sports, bat, baseball, cricket, music)] == [0, 1, 2, 2, 0]
    assert [s.path for s in (sports, bat, baseball, cricket, music)] == [
        [0], [0, 0], [0, 0, 0], [0, 0, 1], [1],
    ]
    assert [s.index for s in (sports, bat, baseball, cricket, music)] == [0, 0, 0, 1, 1]
    assert sports.parent is None
    assert bat.parent == sports
    assert cricket.parent == bat
    assert music.parent is None
    assert sports.children == [bat, ChildRow(0)]
    assert bat.children == [baseball, cricket]
    assert baseball.children == [ChildRow(0), ChildRow(1)]
    assert music.children == [ChildRow(0)]
    assert [sports.child_count, bat.child_count, baseball.child_count] == [2, 2, 2]
    assert [sports.row_count, bat.row_count, baseball.row_count, cricket.row_count] == [1, 0, 2, 1]
    assert all(s.exists for s in (sports, bat, baseball, cricket, music))


def test_sections_view_is_the_top_level(nested):
    t = nested
    assert len(t.sections) == 2
    assert t.sections.keys() == ["Sports", "Music"]
    assert list(t.sections) == [t.section("Sports"), t.section("Music")]
    assert "Sports" in t.sections
    assert "Bat" not in t.sections
    assert t.sections.get("Bat") is None
    assert t.sections.index("Music") == 1
    with pytest.raises(NotFoundError) as info:
        t.sections["Bat"]
    assert isinstance(info.value, KeyError)
    assert "nested" in str(info.value)
    with pytest.raises(NotFoundError):
        t.sections.index("Baseball")
    assert t.section("Bat").key == "Bat"
    assert t.sections[1].key == "Music"
    assert repr(t) == "<foldtable.Table sections=2 items=10>"


def test_key_addressed_queries_at_depth(nested):
    t = nested
    baseball, cricket, sports = t.section("Baseball"), t.section("Cricket"), t.section("Sports")
    assert t.section("Bat").header_position == 1
    assert baseball.header_position == 2
    assert baseball.row_position(1) == 4
    assert cricket.row_position(0) == 6
    assert sports.row_position(0) == 7
    assert baseball.row_height(1) == 44.0
    with pytest.raises(NotFoundError):
        baseball.footer_position  # no footers in this table
    with pytest.raises(OutOfRangeError):
        baseball.row_position(2)


def test_row_edits_at_depth(nested):
    t = nested
    baseball, cricket = t.section("Baseball"), t.section("Cricket")
    baseball.set_row_height(0, 10)
    assert baseball.row_height(0) == 10.0
    assert t.item_top(4) == 94.0
    assert t.content_height == 326.0
    cricket.insert_rows(0, heights=[20])
    assert cricket.row_count == 2
    assert t.item_height(6) == 20.0
    assert t.item_top(7) == 186.0  # 166 + 20 (Baseball row 0 is 10 high)
    assert t.item_path(7) == [0, 0, 1, 1]
    cricket.append_rows(2)
    assert cricket.row_count == 4
    cricket.remove_rows(1, 3)
    assert cricket.row_count == 1
    assert cricket.row_height(0) == 20.0
    baseball.set_row_height(0, None)
    assert t.content_height == 360.0 - 44.0 + 20.0


def test_footers_of_nested_sections():
    # Sports > Bat (1 row), footers 10: header 0, header 28, row 56,
    # Bat footer 100, Sports footer 110, content 120.
    with foldtable.Table(footer_height=10) as t:
        sports = t.append_section("Sports")
        bat = t.append_section("Bat", rows=1, parent="Sports")
        assert [(i.kind, i.depth) for i in t] == [(H, 0), (H, 1), (R, 1), (F, 1), (F, 0)]
        assert [t.item_top(p) for p in range(5)] == [0.0, 28.0, 56.0, 100.0, 110.0]
        assert t.content_height == 120.0
        assert bat.footer_position == 3
        assert sports.footer_position == 4
        assert t.item_path(3) == [0, 0]  # a footer has its section's path
        assert t.item_path(4) == [0]
        assert t.item_key(3) == "Bat"


# -- building and editing the tree -------------------------------------------


def test_insert_section_with_parent(table):
    a = table.append_section("a")
    b = table.insert_section(0, "b", "B", rows=1, parent="a")
    c = table.insert_section(0, "c", parent=a)
    d = table.append_section("d", rows=2, parent=b)
    e = a.append_subsection("e")
    assert a.children == [c, b, e]
    assert b.children == [ChildRow(0), d]
    assert d.path == [0, 1, 1]
    assert e.depth == 1
    assert [i.kind for i in table] == [H, H, H, R, H, R, R, H]


def test_insert_subsection_and_child_rows(nested):
    t = nested
    bat = t.section("Bat")
    ball = bat.insert_subsection(2, "Squash", "Squash|racket", rows=1)
    assert ball.path == [0, 0, 2]
    bat.insert_child_rows(0, 2)
    bat.insert_child_rows(3, heights=[5.0])
    assert bat.children == [
        ChildRow(0), ChildRow(1), t.section("Baseball"), ChildRow(2), t.section("Cricket"),
        ball,
    ]
    assert bat.row_count == 3
    # Bat's rows come first in the flat list, between its header (28) and Baseball's.
    assert [i.kind for i in t][:5] == [H, H, R, R, H]
    assert t.item_top(4) == 144.0
    bat.remove_children(0, 3)  # two rows and Baseball
    assert bat.children == [ChildRow(0), t.section("Cricket"), ball]
    assert not Section(t, "Baseball").exists
    with pytest.raises(NotFoundError):
        t.section("Baseball")


def test_path_edits(nested):
    t = nested
    ball = t.insert_section_at_path([0, 1], "Ball", rows=1)
    assert ball.parent == t.section("Sports")
    assert t.section("Sports").children == [t.section("Bat"), ball, ChildRow(0)]
    # Ball's header and row come after Cricket's row (200 + 44), then Sports' row.
    assert t.item_path(7) == [0, 1]
    assert t.item_top(7) == 244.0
    assert t.item_top(9) == 316.0
    t.remove_at_path([0, 1])
    assert [t.item_top(p) for p in range(10)] == TOPS

    t.insert_rows_at_path([0, 0, 0, 2], heights=[10])
    assert t.section("Baseball").row_count == 3
    assert t.item_top(5) == 172.0
    assert t.item_height(5) == 10.0
    t.insert_rows_at_path([1, 0], 2)
    assert t.section("Music").row_count == 3
    t.remove_at_path([1, 1], 2)
    t.remove_at_path([0, 0, 0, 2])
    assert [t.item_top(p) for p in range(10)] == TOPS

    t.remove_at_path([0, 0, 0])
    assert [t.item_key(p) for p in range(len(t))] == [
        "Sports", "Bat", "Cricket", "Cricket", "Sports", "Music", "Music",
    ]


def test_move_at_path_row_keeps_heights_and_expansion(nested):
    t = nested
    sports, baseball = t.section("Sports"), t.section("Baseball")
    sports.set_row_height(0, 10)
    sports.set_expanded_height(0, 100)
    assert sports.expand_row(0) is True
    t.move_at_path([0, 1], [0, 0, 0, 0])
    assert sports.row_count == 0
    assert baseball.row_count == 3
    assert baseball.row_height(0) == 10.0
    assert baseball.expanded_height(0) == 100.0
    assert baseball.is_row_expanded(0) is True
    assert t.expanded_rows() == [("Baseball", 0)]
    assert t.item_height(3) == 100.0


def test_move_sections(nested):
    t = nested
    cricket, music = t.section("Cricket"), t.section("Music")
    t.move_section("Cricket", 0)  # within Bat
    assert t.section("Bat").children == [cricket, t.section("Baseball")]
    cricket.move_to(None, 1)  # to the top level, between Sports and Music
    assert cricket.depth == 0
    assert cricket.parent is None
    assert t.sections.keys() == ["Sports", "Cricket", "Music"]
    music.move_to("Cricket", 0)
    assert music.path == [1, 0]
    assert cricket.children == [music, ChildRow(0)]
    t.move_at_path([1], [0, 0, 0])  # Cricket (with Music) into Bat, first
    assert cricket.path == [0, 0, 0]
    assert music.depth == 3
    t.move_section(0, 0)  # top-level by index still works
    assert t.sections.keys() == ["Sports"]


def test_move_keeps_collapsed_state(nested):
    t = nested
    baseball = t.section("Baseball")
    baseball.collapse()
    baseball.move_to("Music", 1)
    assert baseball.collapsed is True
    assert baseball.path == [1, 1]
    assert t.section_states()[-1] == ("Baseball", True)


def test_remove_section_by_key_at_depth(nested):
    t = nested
    t.remove_section("Bat")
    assert t.section("Sports").children == [ChildRow(0)]
    assert [k for k, _ in t.section_states()] == ["Sports", "Music"]
    assert len(t) == 4
    t.section("Music").remove()
    assert t.sections.keys() == ["Sports"]


def test_max_depth(table):
    parent = None
    for level in range(foldtable.MAX_DEPTH):
        parent = table.append_section("s%d" % level, rows=1, parent=parent)
    assert parent.depth == foldtable.MAX_DEPTH - 1
    assert len(parent.path) == foldtable.MAX_DEPTH
    last = len(table) - 1
    assert table.item_path(last) == [0] + [1] * (foldtable.MAX_DEPTH - 1) + [0]
    assert table.item_key(last) == "s63"
    with pytest.raises(OutOfRangeError):
        table.append_section("too deep", parent=parent)
    with pytest.raises(OutOfRangeError):
        parent.insert_subsection(0, "x")
    # Moving a one-level section under the deepest one would nest too deep too.
    table.append_section("flat")
    with pytest.raises(OutOfRangeError):
        table.section("flat").move_to(parent, 0)
    assert table.section("flat").path == [1]


# -- section functions at any depth (the *_key forms) ------------------------------


def test_header_text_at_depth(nested):
    t = nested
    baseball, sports = t.section("Baseball"), t.section("Sports")
    assert (baseball.header, baseball.title, baseball.detail) == ("", "", None)
    bat = t.section("Bat")
    assert (bat.header, bat.title, bat.detail) == ("Bat-and-ball", "Bat-and-ball", None)
    baseball.set_header("Ball|Bat and ball")
    assert (baseball.header, baseball.title, baseball.detail) == ("Ball|Bat and ball", "Ball", "Bat and ball")
    baseball.header = "Baseball"
    assert (baseball.header, baseball.detail) == ("Baseball", None)
    # Sports, the top-level section with the same index (0), is untouched.
    assert (sports.header, sports.title, sports.detail) == ("", "", None)


def test_section_heights_at_depth(nested):
    t = nested
    baseball, sports = t.section("Baseball"), t.section("Sports")
    assert baseball.heights == (28.0, 0.0, 44.0)
    baseball.header_height = 30
    baseball.footer_height = 10
    baseball.default_row_height = 50
    assert baseball.heights == (30.0, 10.0, 50.0)
    assert (baseball.header_height, baseball.footer_height, baseball.default_row_height) == (30.0, 10.0, 50.0)
    assert sports.heights == (28.0, 0.0, 44.0)
    layout = [(i.position, i.kind, t.item_height(i.position)) for i in t]
    assert layout[:8] == [
        (0, ItemKind.HEADER, 28.0),  # Sports
        (1, ItemKind.HEADER, 28.0),  # Bat
        (2, ItemKind.HEADER, 30.0),  # Baseball
        (3, ItemKind.ROW, 50.0),
        (4, ItemKind.ROW, 50.0),
        (5, ItemKind.FOOTER, 10.0),  # Baseball's footer
        (6, ItemKind.HEADER, 28.0),  # Cricket
        (7, ItemKind.ROW, 44.0),
    ]
    assert baseball.footer_position == 5
    # Sports, Bat, Baseball (30) + 2 rows (50) + footer (10), Cricket + row, Sports' row, Music + row.
    assert t.content_height == 28 + 28 + 30 + 2 * 50 + 10 + 28 + 44 + 44 + 28 + 44 == 384.0
    baseball.header_height = None
    baseball.footer_height = None
    baseball.default_row_height = None
    assert baseball.heights == (28.0, 0.0, 44.0)
    assert t.content_height == 5 * 28 + 5 * 44


def test_set_row_heights_at_depth(nested):
    t = nested
    baseball = t.section("Baseball")
    baseball.default_row_height = 50
    baseball.set_row_heights(0, [5, None])
    assert [baseball.row_height(r) for r in range(2)] == [5.0, 50.0]
    assert [t.item_height(p) for p in (3, 4)] == [5.0, 50.0]
    assert t.section("Sports").row_height(0) == 44.0


def test_indicator_and_visible_row_count_at_depth(nested):
    t = nested
    baseball, bat, sports = t.section("Baseball"), t.section("Bat"), t.section("Sports")
    assert (baseball.indicator, baseball.visible_row_count) == ("\u2013", 2)
    assert baseball.collapse() is True
    assert (baseball.indicator, baseball.visible_row_count, baseball.row_count) == ("+", 0, 2)
    # Bat has subsections but no rows of its own.
    assert (bat.indicator, bat.visible_row_count) == ("\u2013", 0)
    assert (sports.indicator, sports.visible_row_count) == ("\u2013", 1)


def test_nested_key_has_no_top_level_index(nested, deep_snapshot):
    """A nested key has no top-level index (FOLD_E_INVALID). ABI 0.2 has no
    fold_table_section_index: the binding reads the depth and says so."""
    before = deep_snapshot(nested)
    with pytest.raises(InvalidArgumentError) as info:
        nested._index("Baseball")
    assert info.value.function is None
    assert "nested" in info.value.message
    assert nested._index("Music") == 1
    with pytest.raises(NotFoundError):
        nested._index("Nope")
    assert deep_snapshot(nested) == before


# -- bad input -----------------------------------------------------------------

BAD_CALLS = [
    ("path out of range", lambda t: t.path_position([0, 0, 2]), OutOfRangeError),
    ("top-level path out of range", lambda t: t.path_position([2]), OutOfRangeError),
    ("negative path index", lambda t: t.section_at_path([-1]), OutOfRangeError),
    ("path too long", lambda t: t.section_at_path([0] * 66), FoldError),
    ("empty path", lambda t: t.path_position([]), FoldError),
    ("section path names a row", lambda t: t.section_at_path([0, 1]), FoldError),
    ("item path out of range", lambda t: t.item_path(10), OutOfRangeError),
    ("insert section path out of range", lambda t: t.insert_section_at_path([0, 3], "x"), OutOfRangeError),
    ("insert section at top out of range", lambda t: t.insert_section_at_path([3], "x"), OutOfRangeError),
    ("insert section under a row", lambda t: t.insert_section_at_path([0, 1, 0], "x"), FoldError),
    ("insert duplicate at path", lambda t: t.insert_section_at_path([1, 0], "Cricket"), DuplicateKeyError),
    ("insert duplicate subsection", lambda t: t.section("Music").insert_subsection(0, "Bat"), DuplicateKeyError),
    ("insert empty key subsection", lambda t: t.section("Music").insert_subsection(0, ""), InvalidArgumentError),
    ("subsection index out of range", lambda t: t.section("Bat").insert_subsection(3, "x"), OutOfRangeError),
    ("unknown parent", lambda t: t.insert_section(0, "x", parent="Nope"), NotFoundError),
    ("unknown parent append", lambda t: t.append_section("x", parent="Nope"), NotFoundError),
    ("rows at top level (path)", lambda t: t.insert_rows_at_path([1], 1), InvalidArgumentError),
    ("rows at top level end (path)", lambda t: t.insert_rows_at_path([2], 1), InvalidArgumentError),
    ("child rows out of range", lambda t: t.section("Bat").insert_child_rows(3), OutOfRangeError),
    ("child rows bad height", lambda t: t.section("Bat").insert_child_rows(0, heights=[1, -5]), InvalidArgumentError),
    ("rows at path bad height", lambda t: t.insert_rows_at_path([0, 0, 0, 0], heights=[float("nan")]), InvalidArgumentError),
    ("remove children out of range", lambda t: t.section("Bat").remove_children(1, 2), OutOfRangeError),
    ("remove at path out of range", lambda t: t.remove_at_path([0, 0], 3), OutOfRangeError),
    ("remove at path bad index", lambda t: t.remove_at_path([0, 0, 5]), OutOfRangeError),
    ("move into itself", lambda t: t.section("Sports").move_to("Sports", 0), InvalidArgumentError),
    ("move into own subtree", lambda t: t.section("Sports").move_to("Baseball", 0), InvalidArgumentError),
    ("move into own child", lambda t: t.section("Bat").move_to(t.section("Cricket"), 0), InvalidArgumentError),
    ("move path into own subtree", lambda t: t.move_at_path([0], [0, 0, 0, 0]), InvalidArgumentError),
    ("move row to top level", lambda t: t.move_at_path([0, 1], [1]), InvalidArgumentError),
    ("move_to index out of range", lambda t: t.section("Cricket").move_to("Music", 2), OutOfRangeError),
    ("move_to unknown parent", lambda t: t.section("Cricket").move_to("Nope", 0), NotFoundError),
    ("move_section out of range", lambda t: t.move_section("Cricket", 2), OutOfRangeError),
    ("move path out of range", lambda t: t.move_at_path([0, 5], [1, 0]), OutOfRangeError),
    ("rows of nested out of range", lambda t: t.section("Baseball").insert_rows(3), OutOfRangeError),
    ("remove rows of nested", lambda t: t.section("Baseball").remove_rows(1, 2), OutOfRangeError),
    ("row height at depth", lambda t: t.section("Cricket").set_row_height(0, -3), InvalidArgumentError),
    ("row of a section without rows", lambda t: t.section("Bat").row_height(0), OutOfRangeError),
    ("header height at depth", lambda t: setattr(t.section("Baseball"), "header_height", -2), InvalidArgumentError),
    ("footer height at depth", lambda t: setattr(t.section("Cricket"), "footer_height", float("inf")), InvalidArgumentError),
    ("row heights at depth out of range", lambda t: t.section("Baseball").set_row_heights(1, [5, 5]), OutOfRangeError),
    ("row heights at depth bad value", lambda t: t.section("Baseball").set_row_heights(0, [5, -2]), InvalidArgumentError),
    ("header at depth invalid UTF-8", lambda t: t.section("Baseball").set_header("\udc80"), InvalidArgumentError),
    ("removed section", lambda t: t.section("Gone"), NotFoundError),
    ("other table's parent", lambda t: t.insert_section(0, "x", parent=Section(foldtable.Table(), "Sports")), InvalidArgumentError),
    ("path not ints", lambda t: t.path_position(["0"]), TypeError),
    ("path a string", lambda t: t.path_position("01"), TypeError),
    ("path huge index", lambda t: t.path_position([2**64]), OutOfRangeError),
]


@pytest.mark.parametrize("what, call, cls", BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_bad_input_changes_nothing(nested, deep_snapshot, what, call, cls):
    nested.section("Cricket").collapse()
    nested.section("Music").set_expanded_height(0, 100)
    nested.section("Music").expand_row(0)
    before = deep_snapshot(nested)
    with pytest.raises(cls) as info:
        call(nested)
    if issubclass(cls, FoldError):
        assert info.value.message
    assert deep_snapshot(nested) == before
