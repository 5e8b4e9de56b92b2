#!/usr/bin/python3
"""The README's "foldtable (ctypes) or Fold (PyGObject)?": both in one
process, each with its own tables, and a list carried from one to the other
by key — saved state (the same JSON both ways) and snapshots
(Table.apply_snapshot, store.apply_snapshot with a Fold.SnapshotBuilder).

ctest gtk-gi-python-ctypes runs it with /usr/bin/python3, the typelib of
the build tree, bindings/python on PYTHONPATH and FOLDTABLE_LIBRARY set.
Prints "N passed, M failed"; exit status 1 on any failure.
"""

import json
import sys

import gi

gi.require_version("Fold", "0.2")
from gi.repository import Fold  # noqa: E402

import foldtable  # noqa: E402

PASSED = 0
FAILED = 0


def equal(got, expected, what):
    global PASSED, FAILED
    if got == expected:
        PASSED += 1
    else:
        FAILED += 1
        print("FAILED: %s: got %r, expected %r" % (what, got, expected), file=sys.stderr)


def main():
    keys = [("mac", "Mac|Laptops", 3), ("ipad", "iPad", 2), ("iphone", "iPhone", 4)]
    with foldtable.Table(row_height=44, header_height=28) as table:
        for key, header, rows in keys:
            table.append_section(key, header, rows=rows)
        table.sections["ipad"].collapse()

        store = Fold.Store(row_height=44, header_height=28)
        for key, header, rows in keys:
            store.append_section(key, header, rows)
        store.import_state(table.export_state())
        equal([store.get_section_collapsed(store.find_section(k)) for k, _, _ in keys],
              [False, True, False], "ctypes state imported by the store")
        equal((store.props.n_items, len(table)), (10, 10), "the same flat list")
        equal(store.get_content_height(), table.content_height, "the same content height")

        store.collapse(store.find_section("mac"))
        table.import_state(store.export_state())
        equal([table.sections[k].collapsed for k, _, _ in keys], [True, True, False],
              "the store's state imported by the ctypes table")
        equal(json.loads(table.export_state())["collapsed"],
              json.loads(store.export_state())["collapsed"], "one JSON both ways")

        # The same sections as a snapshot, applied to each: kept state, same list.
        table.apply_snapshot([foldtable.Snapshot("ipad", "iPad", rows=5),
                              foldtable.Snapshot("mac", "Mac|Laptops", rows=3)])
        builder = Fold.SnapshotBuilder()
        builder.add_section("ipad", "iPad", Fold.SectionFlags.NONE, 5)
        builder.add_section("mac", "Mac|Laptops", Fold.SectionFlags.NONE, 3)
        store.apply_snapshot(builder.end())
        model = Fold.ListModel.new_for_store(store)
        titles = [model.get_item(p).props.title for p in range(model.get_n_items())]
        equal(titles, ["iPad", "Mac"], "the store after the snapshot (both collapsed)")
        equal(len(table), model.get_n_items(), "the ctypes table after the same snapshot")
        equal(table.sections["ipad"].row_count, store.get_row_count(store.find_section("ipad")),
              "iPad's rows")
    print("%d passed, %d failed" % (PASSED, FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
