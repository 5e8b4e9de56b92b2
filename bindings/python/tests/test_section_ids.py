"""Section objects over section ids (ABI 0.2): a Section resolves its key
once, caches the id, and resolves the key again when the id is stale (the
section was removed, perhaps re-added under the same key).

Worked example: Mac (3 rows), iPad (2), iPhone (4); rows 44, headers 28;
flat list 0 Mac, 1-3 rows, 4 iPad, 5-6 rows, 7 iPhone, 8-11 rows.
"""

import ctypes

import pytest

import foldtable
from foldtable import ChildRow, Item, ItemKind, NotFoundError, Section, StickyHeader, _ffi


def find(table, key):
    """The id the library gives for a key (fold_table_find_section)."""
    out = _ffi.section_id()
    _ffi.lib.fold_table_find_section(table._handle, key.encode(), ctypes.byref(out))
    return out.value


def test_a_section_holds_the_library_id(worked):
    mac, ipad, iphone = (worked.section(k) for k in ("Mac", "iPad", "iPhone"))
    assert [s.id for s in (mac, ipad, iphone)] == [find(worked, k) for k in ("Mac", "iPad", "iPhone")]
    assert len({mac.id, ipad.id, iphone.id}) == 3
    assert 0 not in (mac.id, ipad.id, iphone.id)  # 0 is FOLD_ROOT
    # Objects handed out by the table come with the id already.
    assert mac._id == mac.id
    assert worked.sections[1]._id == ipad.id
    assert worked.item_section(5)._id == ipad.id
    # A Section built by hand resolves its key on first use.
    by_hand = Section(worked, "iPhone")
    assert by_hand._id == 0
    assert by_hand.row_count == 4
    assert by_hand._id == iphone.id


def test_moves_keep_the_id(nested):
    cricket = nested.section("Cricket")
    before = cricket.id
    cricket.move_to(None, 0)
    nested.move_section("Music", 0)
    assert cricket.path == [1]
    assert cricket.id == before == find(nested, "Cricket")


def test_removed_section_raises_and_changes_nothing(worked, snapshot):
    ipad = worked.section("iPad")
    ipad.remove()
    before = snapshot(worked)
    assert ipad.exists is False
    for read in (lambda: ipad.row_count, lambda: ipad.header, lambda: ipad.detail,
                 lambda: ipad.collapse(), lambda: ipad.insert_rows(0, 1), lambda: ipad.path):
        with pytest.raises(NotFoundError) as info:
            read()
        assert info.value.function == "fold_table_find_section"
        assert "iPad" in info.value.message
    assert snapshot(worked) == before


def test_stale_section_finds_the_re_added_key(worked):
    ipad = worked.section("iPad")
    old_id = ipad.id
    ipad.collapse()
    worked.remove_section("iPad")
    again = worked.insert_section(0, "iPad", "iPad|again", rows=5)
    assert again.id != old_id  # ids are never reused
    # The old object names the section that has the key now.
    assert ipad.exists is True
    assert (ipad.row_count, ipad.collapsed, ipad.path, ipad.detail) == (5, False, [0], "again")
    assert ipad._id == again.id
    # Mutations through a stale id are retried once on the new section.
    stale = Section._bound(worked, "iPad", old_id)
    assert stale.collapse() is True
    assert again.collapsed is True
    assert len(worked) == 1 + (1 + 3) + (1 + 4)  # iPad's header, Mac, iPhone
    assert [i.kind for i in worked][:2] == [ItemKind.HEADER, ItemKind.HEADER]
    assert worked.item(0) == Item(0, ItemKind.HEADER, 0, 0, None, 1 | 8)


def test_stale_parent_is_resolved_again(worked):
    parent = worked.section("Mac")
    worked.remove_section("Mac")
    worked.append_section("Mac", rows=1)
    child = worked.append_section("Child", rows=1, parent=parent)
    assert child.parent == worked.section("Mac")
    assert child.path == [2, 1]
    worked.section("iPad").move_to(parent, 0)
    assert worked.section("Mac").children == [worked.section("iPad"), ChildRow(0), child]


def test_items_keep_the_sibling_index(nested):
    # Item.section is still the index among the section's siblings; the
    # Section itself comes from Table.item_section.
    assert nested.item(6) == Item(6, ItemKind.ROW, 2, 1, 0, 0)
    assert nested.item_section(6) == nested.section("Cricket")
    assert nested.item_section(6).id == find(nested, "Cricket")
    # [150, 250): Baseball's row 1, Cricket's header and row, Sports' row.
    assert [(v.position, v.section) for v in nested.visible_items(150, 100)] == [
        (4, 0), (5, 1), (6, 1), (7, 0)
    ]
    header = nested.sticky_headers(150)[2]
    assert header == StickyHeader(5, 2, 206.0, 28.0)
    assert nested.item_section(header.position).key == "Cricket"


def test_ids_belong_to_their_table(worked):
    with foldtable.Table() as other:
        other.append_section("Mac", rows=7)
        mac = worked.section("Mac")
        assert find(other, "Mac") != mac.id
        # A Section bound to another table's id re-resolves by key in its own.
        foreign = Section._bound(other, "Mac", mac.id)
        assert foreign.row_count == 7
        assert foreign._id == find(other, "Mac")


def test_long_texts_grow_the_reused_buffer(table):
    title = "\u00e9" * 300  # 600 bytes: more than the first buffer holds
    s = table.append_section("k" * 1000, title + "|" + "d" * 5000, rows=1)
    assert (s.title, s.detail) == (title, "d" * 5000)
    assert s.header == title + "|" + "d" * 5000
    assert table.item_key(0) == "k" * 1000
    assert table._texts.capacity >= 5001
    assert table.sections.keys() == ["k" * 1000]


def sections_of(t):
    return [(v.position, v.section) for v in t.visible_items(-1, t.content_height + 1)]


def test_sibling_indices_follow_every_structural_change(nested):
    """Item.section (the index among siblings) is cached between changes;
    every change of some section's children must show at once."""
    t = nested
    t.visible_items(0, 400)  # fills the cache
    # Sports [Bat [Baseball, Cricket], row], Music [row]
    assert [i.section for i in t] == [0, 0, 0, 0, 0, 1, 1, 0, 1, 1]
    t.section("Sports").insert_child_rows(0, 1)  # a row before Bat: Bat is child 1
    assert [i.section for i in t][:3] == [0, 0, 1]
    assert sections_of(t)[2] == (2, 1)
    t.section("Sports").remove_children(0, 1)
    assert sections_of(t)[1] == (1, 0)
    t.section("Bat").move_to(None, 0)  # Bat first at the top: Sports 1, Music 2
    # Bat 0 (Baseball 1-3, Cricket 4-5), Sports 6-7, Music 8-9
    assert [s for _, s in sections_of(t)] == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]
    assert t.item(6) == Item(6, ItemKind.HEADER, 0, 1, None, 8)
    t.remove_section("Bat")
    assert sections_of(t) == [(0, 0), (1, 0), (2, 1), (3, 1)]
    t.insert_section(0, "First", rows=1)
    assert sections_of(t)[2] == (2, 1)
    t.move_at_path([1, 0], [2, 0])  # Sports' row to Music: Music has 2 rows
    assert t.section("Music").row_count == 2
    t.section("Music").insert_subsection(2, "Sub", rows=1)
    t.section("Music").remove_rows(0, 1)  # Sub is now child 1
    # First 0-1, Sports 2, Music 3-4, Sub 5-6
    assert sections_of(t)[-3:] == [(4, 2), (5, 1), (6, 1)]


def test_sibling_indices_inside_a_change_listener(nested):
    t = nested
    t.visible_items(0, 400)
    seen = []
    t.on_change(lambda changes: seen.append(sections_of(t)))
    t.insert_section(0, "First")
    # Inside the listener the table has changed: Sports is now section 1.
    assert seen[-1][:2] == [(0, 0), (1, 1)]
    assert seen[-1] == sections_of(t)
