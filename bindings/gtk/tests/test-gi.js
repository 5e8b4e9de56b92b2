// FoldStore and FoldListModel through GObject Introspection (GJS).
//
// Loads Fold-0.2.typelib (GI_TYPELIB_PATH and LD_LIBRARY_PATH set by ctest,
// test gtk-gi-gjs), builds a store with nested sections, shows it in a
// FoldListModel and checks items, items-changed, a vetoed collapse,
// errors as GLib.Error in the model's domain, a filter set with a
// JavaScript match function and the short calls (append_section,
// append_subsection, append_rows, the n-items property) — exact values. Prints
// "N passed, M failed"; exits 1 on any failure.

imports.gi.versions.Fold = '0.2';
const {Fold, Gio, GLib} = imports.gi;
const System = imports.system;

let passed = 0;
let failed = 0;

function check(condition, what) {
    if (condition) {
        passed++;
    } else {
        failed++;
        printerr(`FAILED: ${what}`);
    }
}

function equal(got, expected, what) {
    const g = JSON.stringify(got), e = JSON.stringify(expected);
    check(g === e, `${what}: got ${g}, expected ${e}`);
}

function quark() {
    if (Fold.ListModelError && Fold.ListModelError.quark)
        return Fold.ListModelError.quark();
    return Fold.ListModel.error_quark();
}

function expectError(code, what, fn) {
    try {
        fn();
    } catch (e) {
        check(e instanceof GLib.Error, `${what}: a GLib.Error (${e})`);
        check(e.matches(quark(), code),
            `${what}: code ${e.code} in ${e.domain}, expected ${code} (${e.message})`);
        check(e.message.startsWith('FOLD_E_'), `${what}: message ${e.message}`);
        return;
    }
    check(false, `${what}: nothing thrown`);
}

function describe(model, position) {
    const item = model.get_item(position);
    return [item.kind, item.depth, Number(item.section_id), item.key, item.title, item.detail];
}

const HEADER = 0, ROW = 1;

// GJS 1.74 ignores (skip) on a return value: a call that returns TRUE and
// out values gives [true, value...] (PyGObject gives the value alone).
function out(result) {
    check(Array.isArray(result) && result[0] === true, `[true, ...]: ${result}`);
    return result.length === 2 ? result[1] : result.slice(1);
}

const store = new Fold.Store({row_height: 40, header_height: 28});
equal([store.row_height, store.header_height], [40, 28], 'construct properties');
const none = Fold.SectionFlags.NONE;
const fruit = out(store.insert_section(0, -1, 'fruit', 'Fruit|3 + 2 groups', 3, none));
const citrus = out(store.insert_section(fruit, -1, 'citrus', 'Citrus', 2, none));
const berries = out(store.insert_section(fruit, -1, 'berries', 'Berries|sweet', 2, none));
const veg = out(store.insert_section(0, -1, 'veg', 'Vegetables', 2, none));
const grains = out(store.insert_section(0, -1, 'grains', 'Grains|fixed', 2,
    Fold.SectionFlags.FIXED));
check(new Set([fruit, citrus, berries, veg, grains]).size === 5 && fruit > 0, 'five ids');
equal(out(store.find_section('berries')), berries, 'find_section');
equal(store.get_section_detail(fruit), '3 + 2 groups', 'detail');
equal(store.get_section_detail(citrus), null, 'no detail');
equal(out(store.get_section_depth(citrus)), 1, 'depth');

const model = Fold.ListModel.new_for_store(store);
check(model instanceof Gio.ListModel, 'a Gio.ListModel');
model.set_text_func((section, key, row) => `${key}-${row}`);
const signals = [];
model.connect('items-changed', (_m, p, r, a) => signals.push([p, r, a]));

equal(model.get_n_items(), 16, 'n_items');
equal(describe(model, 0), [HEADER, 0, fruit, 'fruit', 'Fruit', '3 + 2 groups'], 'item 0');
equal(describe(model, 3), [ROW, 0, fruit, 'fruit', 'fruit-2', null], 'item 3');
equal(describe(model, 4), [HEADER, 1, citrus, 'citrus', 'Citrus', null], 'item 4');
equal(describe(model, 7), [HEADER, 1, berries, 'berries', 'Berries', 'sweet'], 'item 7');
equal(describe(model, 13), [HEADER, 0, grains, 'grains', 'Grains', 'fixed'], 'item 13');
equal(model.get_item(13).indicator, '', 'fixed: no indicator');

// Collapse and expand citrus.
const events = [];
store.connect('section-did-collapse', (_s, section, key) => events.push(['did-collapse', key]));
signals.length = 0;
equal(out(store.collapse(citrus)), true, 'collapse citrus');
equal(signals, [[5, 2, 0]], 'collapse: items-changed (the header redraw is a notification)');
equal(model.get_n_items(), 14, 'n_items collapsed');
equal([model.get_item(4).collapsed, model.get_item(4).indicator], [true, '+'], 'citrus header');
equal(describe(model, 5), [HEADER, 1, berries, 'berries', 'Berries', 'sweet'], 'item 5');
equal(events, [['did-collapse', 'citrus']], 'did-collapse');
signals.length = 0;
equal(out(store.expand(citrus)), true, 'expand citrus');
equal(signals, [[5, 0, 2]], 'expand: items-changed');

// Move berries to the top.
store.move_section(berries, 0, 0);
equal(describe(model, 0), [HEADER, 0, berries, 'berries', 'Berries', 'sweet'], 'moved item 0');
equal(describe(model, 7), [HEADER, 1, citrus, 'citrus', 'Citrus', null], 'moved item 7');
equal(model.get_n_items(), 16, 'n_items after move');

// A veto.
const refused = [];
const id = store.connect('section-will-collapse', (_s, section, key) => {
    refused.push(key);
    return false;
});
signals.length = 0;
equal(out(store.collapse(veg)), false, 'vetoed collapse');
equal(refused, ['veg'], 'veto handler');
equal(signals, [], 'no items-changed');
equal(out(model.activate(10)), 5, 'activate veg: FOLD_ACTIVATED_REFUSED');
store.disconnect(id);
equal(out(model.activate(10)), 1, 'activate veg: collapsed');
equal(model.get_n_items(), 14, 'n_items veg collapsed');

// Errors.
store.remove_section(citrus);
expectError(-3, 'stale id', () => out(store.collapse(citrus)));
expectError(-3, 'stale id through the model', () => model.toggle_section(citrus));
expectError(-1, 'root', () => out(store.collapse(0)));
expectError(-7, 'fixed', () => out(store.collapse(grains)));
expectError(-4, 'duplicate', () => out(store.insert_section(0, -1, 'veg', null, 0, none)));
equal(model.get_n_items(), 11, 'n_items after removing citrus');

// A row's expanded height from a function (its height is an out value).
const asked = [];
store.set_expanded_height_func((_s, section, key, row) => {
    asked.push([key, row]);
    return row === 0 ? 120.5 : -1;
});
const grainsRow = 8; // berries 3, fruit 4, veg 1, grains header at 8
equal(describe(model, grainsRow), [HEADER, 0, grains, 'grains', 'Grains', 'fixed'], 'grains');
equal(out(model.activate(grainsRow + 1)), 3, 'expand grains/0');
equal(asked, [['grains', 0]], 'expanded height asked once');
equal([model.get_item(grainsRow + 1).expanded, model.get_item(grainsRow + 1).height],
    [true, 120.5], 'grains/0 at 120.5');
equal(out(store.toggle_row(grains, 1)), false, 'grains/1: -1 keeps no expanded height');
store.set_expanded_height_func(null);

// Filtering with a JavaScript match function (A's row 1 matches, nothing
// else): Fold.FilterFlags, counts, one answer changed, a function that
// stops, clearing.
const filterSignals = [];
const filterStore = new Fold.Store({row_height: 20, header_height: 30});
const a = out(filterStore.insert_section(0, -1, 'a', 'A', 3, none));
const b = out(filterStore.insert_section(0, -1, 'b', 'B', 2, none));
const filterModel = Fold.ListModel.new_for_store(filterStore);
filterModel.connect('items-changed', (_m, p, r, ad) => filterSignals.push([p, r, ad]));
let askedCount = 0;
check(filterStore.set_filter_func(Fold.FilterFlags.NONE, (_s, section, key, row) => {
    askedCount++;
    return key === 'a' && row === 1 ? 1 : 0;
}), 'set_filter_func');
equal(askedCount, 7, 'filter: asked once per row and section');
equal(filterModel.get_n_items(), 2, 'filter: A and its row 1');
// A's rows 0 and 2 and B hidden (one splice); A's header stays.
equal(filterSignals, [[1, 6, 1]], 'filter: items-changed');
equal(out(filterStore.get_match_count(a)), [1, 3], 'filter: 1 of 3');
equal(out(filterStore.get_filter_flags()), Fold.FilterFlags.NONE, 'filter flags');
check(filterStore.set_row_match(b, 0, true), 'set_row_match');
equal(filterModel.get_n_items(), 4, 'B shown with its row 0');
expectError(-8, 'a match function that stops', () => filterStore.set_filter_func(
    Fold.FilterFlags.SHOW_CHILDREN, () => -1));
equal(out(filterStore.get_filter_active()), true, 'the old filter stays');
equal(filterModel.get_n_items(), 4, 'a failed call changes nothing');
check(filterStore.clear_filter(), 'clear_filter');
equal(filterModel.get_n_items(), 7, 'all items back');
equal(out(filterStore.get_filter_active()), false, 'no filter');

// The short calls: append_section, append_subsection and append_rows hand
// back the id (or true) directly, no [true, value] array; errors throw as
// the full calls' do. Fold.Store:n-items follows the flat list, notified
// after the model's items-changed.
const short = new Fold.Store({row_height: 20, header_height: 30});
const shortFruit = short.append_section('fruit', 'Fruit', 3);
check(typeof shortFruit === 'number' && shortFruit > 0, `append_section: an id (${shortFruit})`);
const shortCitrus = short.append_subsection(shortFruit, 'citrus', 'Citrus', 2);
equal(out(short.get_section_parent(shortCitrus)), shortFruit, 'append_subsection: under fruit');
const shortModel = Fold.ListModel.new_for_store(short);
equal([short.n_items, short.get_n_items(), shortModel.get_n_items()], [7, 7, 7], 'n-items');
const shortLog = [];
shortModel.connect('items-changed', (_m, p, r, ad) => shortLog.push(['items-changed', p, r, ad]));
short.connect('notify::n-items', s => shortLog.push(['n-items', s.n_items, shortModel.get_n_items()]));
equal(short.append_rows(shortCitrus, 2), true, 'append_rows');
equal(shortLog, [['items-changed', 7, 0, 2], ['n-items', 9, 9]],
    'append_rows: items-changed, then n-items');
expectError(-4, 'append_section with a key in use', () => short.append_section('fruit', null, 0));
expectError(-3, 'append_subsection under a stale id',
    () => short.append_subsection(12345, 'k', 'K', 1));
expectError(-3, 'append_rows to a stale id', () => short.append_rows(12345, 1));
equal(short.n_items, 9, 'failures change nothing');

// Focus, the keyboard model, type-ahead, drops (issue 36).
const keys = new Fold.Store({row_height: 20, header_height: 30});
const ka = keys.append_section('a', 'Apples', 2);   // 0 header, 1-2 rows
const kb = keys.append_section('b', 'Berries', 2);  // 3 header, 4-5 rows
const keysModel = Fold.ListModel.new_for_store(keys);
keys.set_focus(1);
equal(out(keys.get_focus()), 1, 'set_focus, get_focus');
check(keysModel.get_item(1).focused, 'the focused item says so');
equal(out(keys.navigate(1, Fold.Navigation.PARENT)), 0, 'navigate PARENT');
const down = out(keys.press_key(Fold.KeyboardKey.DOWN, Fold.Modifiers.SHIFT));
equal([down.handled, down.focus], [true, 2], 'Shift+Down: handled, focus 2');
check(keysModel.is_selected(2), 'Shift+Down selects');
equal(out(keys.find_text('ber', -1, Fold.FindFlags.NONE, null)), 3, 'find_text: Berries');
const into = out(keys.drop_target(30, 15, 20, [kb], [0]));
equal([into.kind, into.parent, into.index, into.highlight_height], [Fold.DropKind.INTO, ka, 2, 70],
    'a Berries row over the middle of Apples: into Apples');
keys.drop(ka, 0, [kb], [0]);
equal([out(keys.get_row_count(ka)), out(keys.get_row_count(kb))], [3, 1], 'drop: a row moved');
expectError(-1, 'drop with lengths that differ', () => keys.drop(ka, 0, [kb], [0, 1]));

const state = store.export_state();
check(state.includes('"veg"'), `export_state: ${state}`);

print(`${passed} passed, ${failed} failed`);
System.exit(failed ? 1 : 0);
