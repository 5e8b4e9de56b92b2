"""Table.apply_snapshot: the nested description, the report, the change
set, kept state, and bad snapshots that change nothing."""

import math

import pytest

import foldtable
from foldtable import (
    BusyError,
    DuplicateKeyError,
    InvalidArgumentError,
    NotFoundError,
    OutOfRangeError,
    Snapshot,
    SnapshotReport,
)


def keys(t):
    return [t.item_key(item.position) for item in t if item.kind == foldtable.ItemKind.HEADER]


def test_move_grow_insert_as_one_change_set(worked):
    # Mac (3 rows) 0-3, iPad (2) 4-6, iPhone (4) 7-11.
    mac, ipad = worked.sections["Mac"], worked.sections["iPad"]
    mac.set_row_height(1, 60)
    ipad.collapse()
    sets = []
    worked.on_change(sets.append)
    report = worked.apply_snapshot([
        Snapshot("iPhone", "iPhone|Phones", rows=4),
        {"key": "Mac", "header": "Mac|Computers", "rows": 5},
        Snapshot("iPad", "iPad", rows=1),
        Snapshot("Watch", "Watch", rows=2),
    ])
    assert report == SnapshotReport(
        sections_inserted=1, sections_removed=0, sections_moved=1, sections_kept=3,
        headers_changed=1, rows_inserted=4, rows_removed=1,
    )
    assert len(sets) == 1
    # iPhone out (at 5 after iPad's rows are hidden) and back in at the
    # top, Mac's two new rows after its third, Watch at the end.
    assert sets[0].changes == [(5, 5, 0), (4, 0, 2), (0, 0, 5), (12, 0, 3)]
    assert sets[0].moves == [(5, 0, 5)]  # iPhone, moved: redrawn where it lands
    assert sets[0].redraw == [range(0, 6), range(11, 12)]
    assert keys(worked) == ["iPhone", "Mac", "iPad", "Watch"]
    assert mac.row_count == 5 and mac.row_height(1) == 60
    assert ipad.collapsed and ipad.row_count == 1
    assert mac.header == "Mac|Computers"
    assert worked.sections["Mac"].id == mac.id


def test_nested_children_move_across_parents(table):
    p = table.append_section("p", "P", rows=1)
    x = table.append_section("x", "X", rows=2, parent=p)
    x.collapse()
    table.append_section("q", "Q")
    report = table.apply_snapshot([
        Snapshot("p", "P", rows=1),
        Snapshot("q", "Q", children=[Snapshot("x", "X", rows=2), 3]),
    ])
    assert report.sections_moved == 1 and report.rows_inserted == 3
    moved = table.section("x")
    assert moved.id == x.id and moved.collapsed
    assert moved.parent.key == "q"
    assert table.sections["q"].child_count == 4


def test_flags_and_heights(table):
    a = table.append_section("a", "A", rows=1)
    a.header_height = 40
    table.apply_snapshot([
        Snapshot("a", "A", rows=1, footer_height=10),
        Snapshot("n", "N", rows=2, collapsed=True, header_height=50, row_height=foldtable.HEIGHT_DEFAULT),
        Snapshot("g", rows=1, header_item=False),
        Snapshot("f", "F", rows=1, collapsible=False),
    ])
    assert table.sections["a"].heights == (40.0, 10.0, 44.0)
    n = table.sections["n"]
    assert n.collapsed and n.heights == (50.0, 0.0, 44.0)
    assert not table.sections["g"].has_header
    assert not table.sections["f"].collapsible


def test_same_snapshot_reports_nothing(worked):
    sets = []
    worked.on_change(sets.append)
    report = worked.apply_snapshot([
        Snapshot("Mac", "Mac|Laptops and desktops", rows=3),
        Snapshot("iPad", "iPad", rows=2),
        Snapshot("iPhone", "iPhone|Phones", children=[1, 3]),
    ])
    assert report == SnapshotReport(0, 0, 0, 3, 0, 0, 0)
    assert sets == []


def test_removed_sections_go_stale(worked):
    ipad = worked.sections["iPad"]
    report = worked.apply_snapshot([])
    assert report.sections_removed == 3 and report.rows_removed == 9
    assert len(worked) == 0
    with pytest.raises(NotFoundError):
        ipad.row_count


@pytest.mark.parametrize("sections, error, message", [
    ([Snapshot("")], InvalidArgumentError, "snapshot entry 0: a section key must not be empty"),
    ([Snapshot("a"), Snapshot("b", children=[Snapshot("a")])], DuplicateKeyError,
     'snapshot entry 2: the key "a" is also the key of entry 0'),
    ([Snapshot("a", rows=-2)], OutOfRangeError, "snapshot entry 1: row count -2 is negative"),
    ([Snapshot("a", collapsed=True, collapsible=False)], InvalidArgumentError,
     'snapshot entry 0: section "a" cannot start collapsed: it is not collapsible (fixed or without a header)'),
    ([Snapshot("a", header_height=math.inf)], InvalidArgumentError,
     "snapshot entry 0: header height inf is not a height (a finite number from 0 to 65536, or -1 for the default)"),
    ([Snapshot("ok"), Snapshot("a", row_height=-2)], InvalidArgumentError,
     "snapshot entry 1: row height -2.0 is not a height (a finite number from 0 to 65536, or -1 for the default)"),
    ([Snapshot("a", header="\udc80")], InvalidArgumentError, "snapshot entry 0: header is not valid UTF-8"),
])
def test_bad_snapshots_change_nothing(worked, snapshot, sections, error, message):
    worked.sections["iPad"].collapse()
    before = snapshot(worked)
    sets = []
    worked.on_change(sets.append)
    with pytest.raises(error) as caught:
        worked.apply_snapshot(sections)
    assert caught.value.message == message
    assert snapshot(worked) == before
    assert sets == []


def test_too_deep(table):
    deep = Snapshot("d64")
    for d in range(63, -1, -1):
        deep = Snapshot("d%d" % d, children=[deep])
    with pytest.raises(OutOfRangeError) as caught:
        table.apply_snapshot([deep])
    assert caught.value.message == "snapshot entry 64: sections nest at most 64 levels deep"
    assert len(table) == 0


def test_wrong_types_are_type_errors(table):
    with pytest.raises(TypeError):
        table.apply_snapshot([{"key": "a", "colour": 1}])
    with pytest.raises(TypeError):
        table.apply_snapshot(["a"])
    with pytest.raises(TypeError):
        table.apply_snapshot([Snapshot(1)])


def test_a_listener_cannot_apply_a_snapshot(worked):
    errors = []

    def listener(changes):
        try:
            worked.apply_snapshot([])
        except BusyError as e:
            errors.append(e)

    worked.on_change(listener)
    worked.apply_snapshot([Snapshot("iPad", "iPad", rows=2)])
    assert len(errors) == 1
    assert keys(worked) == ["iPad"]


def test_entries_are_packed_as_the_c_struct():
    # The entries are packed byte for byte (struct, from the ctypes
    # declaration's offsets), not built as ctypes Structures: read back
    # through ctypes, every field is what was given.
    from ctypes import c_char_p, cast

    from foldtable import _ffi, _snapshot

    entries = _snapshot._Entries([
        Snapshot("é-key", header=None, rows=3, collapsed=True, collapsible=False,
                 header_height=12.5, row_height=0.25, children=[Snapshot("inner", "Inner|x"), 7]),
        {"key": "b", "header": "", "collapsed": False, "header_item": False, "loaded": False,
         "footer_height": foldtable.HEIGHT_DEFAULT},
    ])
    assert entries.count == 5
    got = [entries.array[i] for i in range(entries.count)]
    assert [e.kind for e in got] == [_ffi.SNAPSHOT_SECTION, _ffi.SNAPSHOT_ROWS, _ffi.SNAPSHOT_SECTION,
                                     _ffi.SNAPSHOT_ROWS, _ffi.SNAPSHOT_SECTION]
    assert [e.depth for e in got] == [0, 1, 1, 1, 0]
    assert [e.rows for e in got] == [0, 3, 0, 7, 0]

    def text(address):
        return None if address is None else cast(address, c_char_p).value

    assert [text(e.key) for e in got] == ["é-key".encode(), None, b"inner", None, b"b"]
    assert [text(e.header) for e in got] == [None, None, b"Inner|x", None, b""]
    assert got[0].flags == _ffi.SECTION_COLLAPSED | _ffi.SECTION_FIXED
    assert got[4].flags == _ffi.SECTION_EXPANDED | _ffi.SECTION_NO_HEADER | _ffi.SECTION_UNLOADED
    assert got[0].heights == _ffi.SNAPSHOT_HEADER_HEIGHT | _ffi.SNAPSHOT_ROW_HEIGHT
    assert (got[0].header_height, got[0].footer_height, got[0].row_height) == (12.5, 0.0, 0.25)
    assert got[4].heights == _ffi.SNAPSHOT_FOOTER_HEIGHT
    assert got[4].footer_height == foldtable.HEIGHT_DEFAULT
    assert got[2].heights == 0 and got[2].flags == 0


def test_an_empty_snapshot_empties_the_table(worked):
    report = worked.apply_snapshot([])
    assert report.sections_removed == 3 and report.sections_kept == 0
    assert len(worked) == 0
