// FoldStore.apply_snapshot and Fold.SnapshotBuilder through GJS (ctest
// gtk-gi-gjs-snapshot): a snapshot from the builder and one as a
// GLib.Variant, the report, the exact items-changed signals of a
// FoldListModel over the store, kept collapsed state, and a refused
// snapshot as a GLib.Error that changes nothing. Prints "N passed, M
// failed"; exits 1 on any failure.

imports.gi.versions.Fold = '0.2';
const {Fold, GLib} = imports.gi;
const System = imports.system;

let passed = 0;
let failed = 0;

function equal(got, expected, what) {
    const g = JSON.stringify(got), e = JSON.stringify(expected);
    if (g === e) {
        passed++;
    } else {
        failed++;
        printerr(`FAILED: ${what}: got ${g}, expected ${e}`);
    }
}

// GJS 1.74 ignores (skip) on a return value: apply_snapshot gives
// [true, report] (PyGObject gives the report alone).
function apply(store, snapshot) {
    const [ok, r] = store.apply_snapshot(snapshot);
    equal(ok, true, 'apply_snapshot returns [true, report]');
    return [r.sections_inserted, r.sections_removed, r.sections_moved, r.sections_kept,
        r.headers_changed, r.rows_inserted, r.rows_removed];
}

function names(model) {
    const out = [];
    for (let i = 0; i < model.get_n_items(); i++) {
        const item = model.get_item(i);
        out.push(item.kind === Fold.ItemKind.HEADER ? item.key : `${item.key}/${item.row}`);
    }
    return out.join(' ');
}

const store = new Fold.Store();
const model = Fold.ListModel.new_for_store(store);
let signals = [];
model.connect('items-changed', (_m, position, removed, added) => {
    signals.push([position, removed, added]);
});

const b = new Fold.SnapshotBuilder();
b.add_section('inbox', 'Inbox|3 unread', Fold.SectionFlags.NONE, 3);
b.open_section('archive', 'Archive', Fold.SectionFlags.NONE);
b.add_section('2025', '2025', Fold.SectionFlags.NONE, 2);
b.close_section();
equal(apply(store, b.end()), [3, 0, 0, 0, 0, 5, 0], 'builder snapshot: report');
equal(signals, [[0, 0, 8]], 'builder snapshot: items-changed');
equal(names(model), 'inbox inbox/0 inbox/1 inbox/2 archive 2025 2025/0 2025/1', 'list');

const [, archive] = store.find_section('archive');
store.collapse(archive);
signals = [];

// Tuples by hand: inbox loses a row, archive (collapsed) keeps its state.
const SECTION = 0, ROWS = 1;
const snapshot = new GLib.Variant('a(iissxuuddd)', [
    [SECTION, 0, 'inbox', 'Inbox', 0, 0, 0, 0, 0, 0],
    [ROWS, 1, '', '', 2, 0, 0, 0, 0, 0],
    [SECTION, 0, 'archive', 'Archive', 0, 0, 0, 0, 0, 0],
    [SECTION, 1, '2025', '2025', 0, 0, 0, 0, 0, 0],
    [ROWS, 2, '', '', 2, 0, 0, 0, 0, 0],
]);
equal(apply(store, snapshot), [0, 0, 0, 3, 1, 0, 1], 'variant snapshot: report');
equal(signals, [[3, 1, 0]], 'variant snapshot: items-changed');
equal(names(model), 'inbox inbox/0 inbox/1 archive', 'archive still collapsed');
equal(store.get_section_collapsed(archive), [true, true], 'archive collapsed (stored)');

signals = [];
try {
    store.apply_snapshot(new GLib.Variant('a(ss)', [['inbox', 'Inbox']]));
    equal('no error', 'a GLib.Error', 'wrong type');
} catch (e) {
    equal([e instanceof GLib.Error, e.code, e.message.split(';')[0]],
        [true, -1, 'FOLD_E_INVALID: the snapshot is a GVariant of type "a(ss)"'], 'wrong type');
}
equal(signals, [], 'wrong type: no items-changed');
equal(names(model), 'inbox inbox/0 inbox/1 archive', 'wrong type: nothing changed');

print(`${passed} passed, ${failed} failed`);
System.exit(failed ? 1 : 0);
