// FoldStore.apply_snapshot and Fold.SnapshotBuilder from Vala, through
// foldtable-gtk.vapi (ctest gtk-gi-vala-snapshot compiles it with valac when it
// runs). Checks that the report is a struct the caller allocates (a boxed
// class would be passed as a pointer to a pointer), its counts, the list
// after two snapshots, a kept collapsed section, and a refused snapshot.
// Prints "N passed, M failed"; exits 1 on any failure.

int passed = 0;
int failed = 0;

void check (bool condition, string what) {
    if (condition) {
        passed++;
    } else {
        failed++;
        stderr.printf ("FAILED: %s\n", what);
    }
}

int main () {
    var store = new Fold.Store ();
    var model = new Fold.ListModel.for_store (store);
    var b = new Fold.SnapshotBuilder ();
    b.open_section ("inbox", "Inbox", Fold.SectionFlags.NONE);
    b.add_rows (3);
    b.add_section ("flagged", "Flagged", Fold.SectionFlags.COLLAPSED, 2);
    b.close_section ();
    b.add_section ("sent", "Sent", Fold.SectionFlags.NONE, 1);
    Fold.SnapshotReport report;
    try {
        store.apply_snapshot (b.end (), out report);
        check (report.sections_inserted == 3 && report.rows_inserted == 6
               && report.sections_kept == 0,
               "first: inserted %lld, rows %lld, kept %lld".printf (
                   report.sections_inserted, report.rows_inserted, report.sections_kept));
        check (model.get_n_items () == 7, "first: 7 items, got %u".printf (model.get_n_items ()));

        // sent moves first; flagged stays collapsed with its 2 rows hidden.
        b.add_section ("sent", "Sent", Fold.SectionFlags.NONE, 1);
        b.open_section ("inbox", "Inbox|2", Fold.SectionFlags.NONE);
        b.add_rows (3);
        b.add_section ("flagged", "Flagged", Fold.SectionFlags.NONE, 2);
        store.apply_snapshot (b.end (), out report);
        check (report.sections_moved == 1 && report.sections_kept == 3
               && report.headers_changed == 1,
               "second: moved %lld, kept %lld, headers %lld".printf (
                   report.sections_moved, report.sections_kept, report.headers_changed));
        var first = (Fold.ListItem) model.get_item (0);
        var flagged = (Fold.ListItem) model.get_item (6);
        check (first.key == "sent" && flagged.key == "flagged" && flagged.collapsed,
               "second: sent first, flagged collapsed at 6");
    } catch (GLib.Error e) {
        check (false, "apply_snapshot: " + e.message);
    }
    try {
        store.apply_snapshot (new Variant.strv ({"inbox"}), out report);
        check (false, "a variant of type as: no error");
    } catch (GLib.Error e) {
        check (e.code == -1 && e.message.has_prefix (
                   "FOLD_E_INVALID: the snapshot is a GVariant of type \"as\""),
               "wrong type: %d %s".printf (e.code, e.message));
    }
    check (model.get_n_items () == 7, "wrong type: nothing changed");
    print ("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
