#!/usr/bin/python3
"""FoldStore.apply_snapshot and Fold.SnapshotBuilder through PyGObject
(ctest gtk-gi-python-snapshot).

Applies snapshots given as GLib.Variant("a(iissxuuddd)", ...) and made with
Fold.SnapshotBuilder to a store shown by a FoldListModel; checks the
Fold.SnapshotReport, the exact items-changed signals (replayed on the list
as the test holds it, items fetched inside the handler as a view does),
that kept sections keep their id and collapsed state, and that refused
snapshots raise GLib.Error (domain, code, message) and change nothing.
Prints "N passed, M failed"; exit status 1 on any failure.
"""

import importlib.util
import os
import sys

import gi

gi.require_version("Fold", "0.2")
from gi.repository import Fold, GLib  # noqa: E402

# check() and equal() and their counters are test-gi.py's (its main() does
# not run on import).
_spec = importlib.util.spec_from_file_location(
    "test_gi", os.path.join(os.path.dirname(os.path.abspath(__file__)), "test-gi.py"))
checks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checks)
check, equal = checks.check, checks.equal

SECTION, ROWS = 0, 1  # FOLD_SNAPSHOT_SECTION, FOLD_SNAPSHOT_ROWS
E_INVALID, E_DUPLICATE = -1, -4
NONE = int(Fold.SectionFlags.NONE)


def section(depth, key, header, flags=NONE):
    return (SECTION, depth, key, header, 0, flags, 0, 0.0, 0.0, 0.0)


def rows(depth, count):
    return (ROWS, depth, "", "", count, 0, 0, 0.0, 0.0, 0.0)


def counts(report):
    return (report.sections_inserted, report.sections_removed, report.sections_moved,
            report.sections_kept, report.headers_changed, report.rows_inserted,
            report.rows_removed)


class Watch:
    """The model's items-changed signals, and the list they build."""

    def __init__(self, model):
        self.model = model
        self.signals = []
        self.held = [self.name(i) for i in range(model.get_n_items())]
        model.connect("items-changed", self.on_items_changed)

    def name(self, position):
        item = self.model.get_item(position)
        if item.props.kind == Fold.ItemKind.HEADER:
            return item.props.key
        return "%s/%d" % (item.props.key, item.props.row)

    def on_items_changed(self, _model, position, removed, added):
        self.signals.append((position, removed, added))
        self.held[position:position + removed] = [self.name(position + i) for i in range(added)]

    def check(self, signals, expected, what):
        """The signals since the last check, and the held and the model's
        lists are `expected` (space-separated names)."""
        equal(self.signals, signals, what + ": items-changed")
        equal(" ".join(self.held), expected, what + ": the list as signalled")
        equal(" ".join(self.name(i) for i in range(self.model.get_n_items())), expected,
              what + ": the model's list")
        self.signals = []


def expect_refused(store, watch, snapshot, code, message, listing, what):
    try:
        store.apply_snapshot(snapshot)
    except GLib.Error as e:
        equal((e.domain, e.code, e.message), ("fold-list-model-error-quark", code, message), what)
        check(e.matches(Fold.list_model_error_quark(), code), what + ": matches the domain")
    else:
        check(False, what + ": no GLib.Error raised")
    watch.check([], listing, what + ": nothing changed")


def main():
    store = Fold.Store()
    model = Fold.ListModel.new_for_store(store)
    watch = Watch(model)

    # A snapshot as a GLib.Variant, tuple by tuple.
    first = GLib.Variant("a(iissxuuddd)", [
        section(0, "fruit", "Fruit|2 groups"), rows(1, 1),
        section(1, "citrus", "Citrus"), rows(2, 2),
        section(0, "veg", "Vegetables"), rows(1, 2),
    ])
    report = store.apply_snapshot(first)
    check(isinstance(report, Fold.SnapshotReport), "the report is a Fold.SnapshotReport")
    equal(counts(report), (3, 0, 0, 0, 0, 5, 0), "first snapshot: report")
    watch.check([(0, 0, 8)], "fruit fruit/0 citrus citrus/0 citrus/1 veg veg/0 veg/1",
                "first snapshot")
    fruit, veg = store.find_section("fruit"), store.find_section("veg")
    equal(store.collapse(veg), True, "collapse veg")
    watch.check([(6, 2, 0)], "fruit fruit/0 citrus citrus/0 citrus/1 veg", "veg collapsed")

    # The same variant again: nothing to do.
    equal(counts(store.apply_snapshot(first)), (0, 0, 0, 3, 0, 0, 0), "again: report")
    watch.check([], "fruit fruit/0 citrus citrus/0 citrus/1 veg", "again: no signal")

    # The builder: veg goes first and keeps its state (one of veg and fruit
    # moves), citrus goes, nuts comes (collapsed) with a subsection. The
    # engine's steps remove after inserting, so the model emits the one
    # splice that covers them.
    b = Fold.SnapshotBuilder()
    b.add_section("veg", "Vegetables|2", Fold.SectionFlags.NONE, 2)
    b.add_section("fruit", "Fruit", Fold.SectionFlags.NONE, 1)
    b.open_section("nuts", "Nuts", Fold.SectionFlags.COLLAPSED)
    b.set_header_height(40.0)
    b.add_rows(3)
    b.add_section("almond", "Almond", Fold.SectionFlags.NONE, 1)
    b.close_section()
    report = store.apply_snapshot(b.end())
    equal(counts(report), (2, 1, 1, 2, 2, 4, 2), "builder snapshot: report")
    watch.check([(0, 6, 4)], "veg fruit fruit/0 nuts", "builder snapshot")
    equal(store.find_section("veg"), veg, "veg keeps its id")
    equal(store.find_section("fruit"), fruit, "fruit keeps its id")
    equal(store.get_section_collapsed(veg), True, "veg still collapsed")
    equal(model.get_item(0).props.detail, "2", "veg's new header detail")
    equal(model.get_item(3).props.height, 40.0, "nuts' header height from the builder")
    equal(store.get_section_collapsed(store.find_section("nuts")), True, "nuts starts collapsed")
    equal(b.end().unpack(), [], "end() empties the builder")

    # Refused snapshots raise and change nothing.
    listing = "veg fruit fruit/0 nuts"
    expect_refused(store, watch, GLib.Variant("as", ["veg"]), E_INVALID,
                   "FOLD_E_INVALID: the snapshot is a GVariant of type \"as\"; expected a "
                   "GVariant of type \"a(iissxuuddd)\", an array of (kind, depth, key, header, "
                   "rows, flags, heights, header_height, footer_height, row_height)",
                   listing, "wrong type")
    expect_refused(store, watch, GLib.Variant("a(iissxuuddd)", [
        section(0, "veg", "Vegetables"), section(0, "fruit", "Fruit"), section(1, "veg", "x"),
    ]), E_DUPLICATE,
        "FOLD_E_DUPLICATE: snapshot entry 2: the key \"veg\" is also the key of entry 0",
        listing, "duplicate key")
    b.add_rows(2)  # rows with no section open
    expect_refused(store, watch, b.end(), E_INVALID,
                   "FOLD_E_INVALID: snapshot entry 0: rows belong in a section: a rows entry "
                   "needs depth 1 or more", listing, "rows at the top level")

    # An empty snapshot empties the store.
    report = store.apply_snapshot(GLib.Variant("a(iissxuuddd)", []))
    equal(counts(report), (0, 4, 0, 0, 0, 0, 7), "empty snapshot: report")
    watch.check([(0, 4, 0)], "", "empty snapshot")

    print("%d passed, %d failed" % (checks.PASSED, checks.FAILED))
    return 1 if checks.FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
