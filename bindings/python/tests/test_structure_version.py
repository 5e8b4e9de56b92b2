"""Table.structure_version (fold_table_structure_version): it moves with
every change of some section's children, by any call, and stays for every
other change and for a failed call that edited nothing (one that edited
and undid moves it past every value its callbacks saw). Item.section and VisibleItem.section
(the sibling indices the binding caches under it) are the library's after
each change: inside a listener, after a snapshot and after a load, with no
listener to tell the binding anything.

The table: "A" (2 rows, with subsection "A1" of 1 row), "B" (2 rows), "C"
(1 row); headers 20, rows 10.
"""

import pytest

import foldtable
from foldtable import FoldError, ItemKind, Snapshot
from test_against_library import Raw


@pytest.fixture
def abc():
    with foldtable.Table(row_height=10, header_height=20) as t:
        t.append_section("A", rows=2).append_subsection("A1", rows=1)
        t.append_section("B", rows=2)
        t.append_section("C", rows=1)
        yield t


STRUCTURAL = [
    ("insert a section", lambda t: t.insert_section(0, "Z")),
    ("remove a section", lambda t: t.remove_section("B")),
    ("move a section", lambda t: t.move_section("C", 0)),
    ("move into another parent", lambda t: t.section("C").move_to("A", 0)),
    ("insert a subsection", lambda t: t.section("B").append_subsection("B1")),
    ("insert rows", lambda t: t.section("B").insert_rows(0, 3)),
    ("remove rows", lambda t: t.section("A").remove_rows(0, 1)),
    ("remove children", lambda t: t.section("A").remove_children(2)),
    ("move a row", lambda t: t.move_at_path([0, 0], [1, 0])),
    ("a snapshot", lambda t: t.apply_snapshot([Snapshot("C", rows=1), Snapshot("B", rows=2)])),
]

NOT_STRUCTURAL = [
    ("collapse", lambda t: t.section("A").collapse()),
    ("a row height", lambda t: t.section("B").set_row_height(0, 33)),
    ("expand a row", lambda t: (t.section("B").set_expanded_height(0, 90), t.section("B").expand_row(0))),
    ("a header text", lambda t: t.section("B").set_header("Bee")),
    ("select a header", lambda t: t.select_item(0)),
    ("a viewport", lambda t: t.set_viewport(15, 40)),
]

# Rows only re-marked or re-cut: the version may move (documented), and
# the answers stay the library's either way.
REMARKED = [
    ("select rows", lambda t: t.select_item(1)),
    ("select a range", lambda t: (t.select_item(1), t.select_range(8))),
    ("several heights", lambda t: t.section("A").set_row_heights(0, [5, 6])),
    ("a filter", lambda t: t.set_filter(lambda section, row: row != 0, show_children=True)),
]


@pytest.mark.parametrize("change", [c[1] for c in STRUCTURAL], ids=[c[0] for c in STRUCTURAL])
def test_a_change_of_children_moves_the_version(abc, change):
    raw = Raw(abc)
    abc.visible_items(0, 200)  # sibling indices cached
    before = abc.structure_version
    change(abc)
    assert abc.structure_version != before
    assert abc.visible_items(0, 200) == raw.visible(0.0, 200.0, 0)
    assert [abc.item(p) for p in range(len(abc))] == [raw.item(p) for p in range(len(abc))]


@pytest.mark.parametrize("change", [c[1] for c in NOT_STRUCTURAL], ids=[c[0] for c in NOT_STRUCTURAL])
def test_other_changes_keep_it(abc, change):
    before = abc.structure_version
    change(abc)
    assert abc.structure_version == before


@pytest.mark.parametrize("change", [c[1] for c in REMARKED], ids=[c[0] for c in REMARKED])
def test_answers_after_re_marking_are_the_librarys(abc, change):
    raw = Raw(abc)
    abc.visible_items(0, 200)
    change(abc)
    assert abc.visible_items(0, 200) == raw.visible(0.0, 200.0, 0)
    assert [abc.item(p) for p in range(len(abc))] == [raw.item(p) for p in range(len(abc))]


def test_a_failed_call_keeps_it(abc):
    before = abc.structure_version
    with pytest.raises(FoldError):
        abc.insert_section(0, "B")  # the key is taken
    with pytest.raises(FoldError):
        abc.section("A").remove_rows(1, 5)  # past its rows
    with pytest.raises(FoldError):
        abc.apply_snapshot([Snapshot("C"), Snapshot("C")])  # the key twice
    with pytest.raises(FoldError):
        abc.section("A").move_to("A1", 0)  # into itself
    assert abc.structure_version == before


def test_a_value_seen_inside_a_failed_call_never_comes_back(abc):
    """Issue 33: the match function reads the items while "X" is inserted
    at index 0 (C is child 3), then stops the call. The version read there
    must never name another shape: after a removal, the cached sibling
    indices are the library's, not those seen inside the failed call."""
    raw = Raw(abc)
    seen = []

    def match(section, row):
        seen.append((abc.structure_version, [v.section for v in abc.visible_items(0, 400)
                                             if v.kind == ItemKind.HEADER]))
        if section.key == "X":
            raise RuntimeError("stop")
        return True

    abc.set_filter(match)
    before = abc.structure_version
    seen.clear()
    with pytest.raises(RuntimeError):
        abc.insert_section(0, "X", rows=1)
    # X is in place (not shown until answered): A is child 1, A1 child 2
    # of A (after its two rows), B 2, C 3.
    assert seen and seen[0][1] == [1, 2, 2, 3]
    after_failure = abc.structure_version
    assert after_failure > before and all(v < after_failure for v, _ in seen)
    abc.section("A").remove_rows(0, 1)
    abc.remove_section("B")
    assert abc.structure_version not in [v for v, _ in seen]
    assert abc.visible_items(0, 400) == raw.visible(0.0, 400.0, 0)
    assert [abc.item(p) for p in range(len(abc))] == [raw.item(p) for p in range(len(abc))]
    # A, A1 (after A's one row), C.
    assert [v.section for v in abc.visible_items(0, 400) if v.kind == ItemKind.HEADER] == [0, 1, 1]


def test_indices_read_inside_a_listener_are_the_new_ones(abc):
    """A listener runs inside the call that changed the table: the items it
    reads already name C as child 0, A as child 1 and B as child 2."""
    abc.visible_items(0, 200)
    seen = []
    abc.on_change(lambda cs: seen.append(
        [(v.section, v.kind) for v in abc.visible_items(0, 200) if v.kind == ItemKind.HEADER]))
    abc.move_section("C", 0)
    # C, A, then A1 (after A's two rows), B.
    assert seen == [[(0, ItemKind.HEADER), (1, ItemKind.HEADER), (2, ItemKind.HEADER), (2, ItemKind.HEADER)]]


def test_a_finished_load_moves_it(abc):
    abc.append_section("lazy", loaded=False)
    tickets = []
    abc.set_loader(lambda section, ticket: tickets.append(ticket))
    abc.section("lazy").expand()
    before = abc.structure_version
    abc.section("lazy").finish_load(tickets[-1], [Snapshot("inner", rows=1), 2])
    assert abc.structure_version != before
    assert abc.section("inner").index == 0
    assert Raw(abc).visible(0.0, 400.0, 0) == abc.visible_items(0, 400)


def test_each_table_has_its_own(abc):
    with foldtable.Table() as other:
        before = abc.structure_version
        other.append_section("x", rows=1)
        assert abc.structure_version == before
        assert other.structure_version != 0
